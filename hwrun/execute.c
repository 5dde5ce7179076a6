/* execute.c — running a built test: the binary's litmus7 output is read back
 * with the log reader, judged against the test's own condition, and handed
 * on as a log entry. SIGINT/SIGTERM reach the test, which stops after its
 * current round and still prints what it counted; a second one kills it at
 * once. The test binary dies with us (PR_SET_PDEATHSIG), and its output
 * goes to an anonymous file, so nothing is left behind. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hwrun/hwrun.h"
#include "hwrun/target.h"
#include "litmuslab/hash.h"
#include "litmuslab/os.h"
#include "litmuslab/state.h"

static volatile sig_atomic_t hw_signal, hw_signals;

static void on_signal(int sig)
{
    hw_signal = sig;
    hw_signals++;
}

void hw_judge(const ll_test *t, ll_log_entry *e)
{
    uint64_t yes = 0, no = 0;
    ll_state *states = ll_xcalloc((size_t)e->n_states + 1, sizeof *states);
    /* constants cut to their places' types, as the harness and the model
       compare them */
    ll_cond cond = t->cond;
    cond.prop = ll_prop_copy(t->cond.prop);
    ll_prop_cut(cond.prop, ll_place_type, t);
    for (int i = 0; i < e->n_states; i++) {
        ll_log_state *s = &e->states[i];
        bool holds = cond.prop ? ll_prop_eval(cond.prop, &s->state, NULL)
                               : true;
        /* litmus7's `*>`: a forall's counter-examples */
        s->marked = ll_quant_settles(t->cond.quant, holds);
        if (holds)
            yes += s->count;
        else
            no += s->count;
        states[i] = s->state;
    }
    bool ok = ll_cond_holds(&cond, states, e->n_states);
    ll_prop_free(cond.prop);
    free(states);
    e->verdict = ok ? LL_VERDICT_OK : LL_VERDICT_NO;
    e->validated = ok ? LL_VALIDATED_YES : LL_VALIDATED_NO;
    e->has_witnesses = true;
    ll_witnesses(t->cond.quant, yes, no, &e->positive, &e->negative);
    free(e->obs_word);
    e->obs_word = ll_xstrdup(ll_observation_word(yes, no));
    e->obs_pos = yes;
    e->obs_neg = no;
    /* herd7's digest, so compare can check it; a test's own Hash= line
     * as given, as herd7 and litmus7 print it (the harness printed it
     * among the metadata, where e->hash_at keeps it) */
    const char *given = ll_test_meta(t, "Hash");
    free(e->hash);
    e->hash = given ? ll_xstrdup(given) : ll_test_hash(t);
    ll_log_entry_sort_states(e);
}

/* The binary itself, or qemu-user running it for a cross target; an
 * emulated run is named so (LITMUSLAB_EMULATOR) in the test's log. The
 * binary is run through its descriptor (fexecve; qemu is given
 * /proc/self/fd/N), never by its path, which could be re-pointed since it
 * was checked; argv[0] is still its path. */
static pid_t start(int bin_fd, const char *bin, const hw_opts *o, int out_fd)
{
    char **argv = ll_xcalloc((size_t)o->n_args + 5, sizeof *argv);
    const char *qemu = o->target && !hw_target_is_native(o->target)
                           ? o->target->qemu : NULL;
    char self[64] = "";
    int n = 0;
    if (qemu) {
        argv[n++] = (char *)qemu;
        argv[n++] = "-0";   /* the test's argv[0] */
    }
    argv[n++] = (char *)bin;
    if (qemu)
        argv[n++] = self;
    for (int i = 0; i < o->n_args; i++)
        argv[n++] = o->args[i];
    /* Its own process group: a terminal's ^C reaches hwrun alone, which
     * passes it on once; the test would take a second copy for "kill at
     * once" and lose what it counted. */
    pid_t pid = ll_fork_tied(true);
    if (!pid) {
        dup2(out_fd, 1);
        if (qemu) {
            char what[128];
            snprintf(what, sizeof what, "%s (qemu-user)", qemu);
            setenv("LITMUSLAB_EMULATOR", what, 1);
            int fd = dup(bin_fd);   /* without FD_CLOEXEC: qemu opens it */
            snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
            execvp(argv[0], argv);
        } else {
            unsetenv("LITMUSLAB_EMULATOR");
            fexecve(bin_fd, argv, environ);
        }
        fprintf(stderr, "litmuslab hwrun: cannot run %s: %s\n", qemu ? qemu
                : bin, strerror(errno));
        _exit(127);
    }
    free(argv);
    return pid;
}

static bool read_entry(const char *path, ll_log_entry *e)
{
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    int rc = r ? ll_log_next(r, e, &d) : -1;
    if (rc != 1) {
        if (rc < 0)
            ll_diag_print(&d, stderr);
        fprintf(stderr, "litmuslab hwrun: no log entry in the test's "
                "output (%s)\n", path);
    }
    if (r)
        ll_log_close(r);
    return rc == 1;
}

bool hw_execute(const ll_test *t, int bin_fd, const char *bin,
                const hw_opts *o, ll_log_entry *e, hw_end *end)
{
    int fd = memfd_create("litmuslab-hwrun", 0);
    if (fd < 0) {
        fprintf(stderr, "litmuslab hwrun: cannot make a file for the test's "
                "output: %s\n", strerror(errno));
        return false;
    }
    static const int sigs[] = {SIGINT, SIGTERM, 0};
    struct sigaction old[2];
    ll_signals_catch(sigs, on_signal, old);
    hw_signal = hw_signals = 0;
    pid_t pid = start(bin_fd, bin, o, fd);
    int st = 0;
    bool forwarded = false, killed = false;
    while (pid > 0) {
        /* A signal is passed on, so the test still prints what it
         * counted; a second one kills it. */
        if (hw_signals > 1 && !killed) {
            kill(pid, SIGKILL);
            killed = true;
        } else if (hw_signal && !forwarded) {
            kill(pid, hw_signal);
            forwarded = true;
        }
        if (waitpid(pid, &st, 0) >= 0 || errno != EINTR)
            break;
    }
    ll_signals_restore(sigs, old);
    /* exit 3: a round did not finish; the rounds before it are printed */
    bool stuck = pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 3;
    bool ok = pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (stuck)
        fprintf(stderr, "litmuslab hwrun: %s: the test does not terminate "
                "(a round did not finish); what was counted before is "
                "printed\n", t->name);
    else if (!ok) {
        ll_buf how = {0};
        if (killed)
            ll_buf_puts(&how, "was killed (a second interrupt)");
        else if (pid > 0 && WIFSIGNALED(st)) {
            ll_buf_puts(&how, "was killed by ");
            ll_signal_describe(WTERMSIG(st), &how);
        } else if (pid > 0 && WIFEXITED(st))
            ll_buf_printf(&how, "exited with status %d", WEXITSTATUS(st));
        else
            ll_buf_puts(&how, "could not be started");
        fprintf(stderr, "litmuslab hwrun: %s: the test binary %s %s\n",
                t->name, bin, ll_buf_str(&how));
        ll_buf_free(&how);
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    bool got = (ok || stuck) && read_entry(path, e);
    close(fd);
    if (got) {
        e->style = LL_LITMUS_MODERN;
        hw_judge(t, e);
    }
    *end = !got ? HW_FAILED : hw_signal ? HW_INTERRUPTED
                            : stuck ? HW_STUCK : HW_DONE;
    return got;
}
