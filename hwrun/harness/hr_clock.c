/* hr_clock.c — can the timed start use this machine's counter, and how
 * fast does it tick? Where the kernel may refuse user space the counter
 * (HR_TICKS_PROBE), one read is tried under a SIGILL handler first; a
 * counter that does not move is refused too. The rate turns the run's
 * gaps, given in nanoseconds, into ticks (a 25 MHz Arm counter and a
 * 3 GHz TSC then behave alike). */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hr_arch.h"
#include "hr_internal.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#if HR_TICKS_PROBE
static sigjmp_buf probe_jump;

static void on_trap(int sig)
{
    siglongjmp(probe_jump, sig);
}

/* One read of the counter with SIGILL/SIGSEGV caught; 0 when it trapped. */
static int try_read(void)
{
    struct sigaction sa, old_ill, old_segv;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_trap;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGILL, &sa, &old_ill);
    sigaction(SIGSEGV, &sa, &old_segv);
    volatile int ok = 0;
    if (!sigsetjmp(probe_jump, 1)) {
        (void)hr_ticks();
        ok = 1;
    }
    sigaction(SIGILL, &old_ill, NULL);
    sigaction(SIGSEGV, &old_segv, NULL);
    return ok;
}
#else
static int try_read(void)
{
    return 1;
}
#endif

void hr_clock_probe(hr_clock *c)
{
    memset(c, 0, sizeof *c);
    c->name = HR_TICKS_NAME;
    if (!*c->name) {
        snprintf(c->why, sizeof c->why, "no counter for this architecture");
        return;
    }
    if (!try_read()) {
        snprintf(c->why, sizeof c->why, "%s: reading it from user space "
                 "traps (the kernel does not allow it)", c->name);
        return;
    }
    /* The rate over about 5 ms of wall time. */
    double t0 = now_ns(), t1;
    uint64_t k0 = hr_ticks(), k1;
    do {
        t1 = now_ns();
        k1 = hr_ticks();
    } while (t1 - t0 < 5e6);
    if (k1 <= k0) {
        snprintf(c->why, sizeof c->why, "%s: the counter does not advance",
                 c->name);
        return;
    }
    c->ticks_per_ns = (double)(k1 - k0) / (t1 - t0);
    c->usable = 1;
}

uint64_t hr_clock_ticks(const hr_clock *c, double ns, uint64_t at_least)
{
    double t = ns * c->ticks_per_ns;
    return t > (double)at_least ? (uint64_t)(t + 0.5) : at_least;
}
