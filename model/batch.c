/* batch.c — many test files through the model, each in a worker process:
 * a crash, a runaway test or one that eats memory costs that file only.
 *
 * Workers are forked once and reused (each keeps its loaded cat models).
 * They take file numbers from a counter in shared memory, so they never
 * wait for the parent, note there which file they are on, and send back
 * each file's output, status and messages through a pipe. The parent
 * enforces the limits from outside as well as the engine does from
 * inside: a worker past --timeout (plus a grace) or over --max-memory
 * (resident size; also an address-space limit where no sanitizer needs
 * the address space) is killed. A worker that dies costs the file it was
 * on, reported as that file's error, and a fresh one takes the rest.
 * Output is printed in input order. */
#include "litmuslab/os.h"
#include "model/driver.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define ADDRESS_SPACE_LIMIT 0   /* ASan reserves terabytes of it */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ADDRESS_SPACE_LIMIT 0
#endif
#endif
#ifndef ADDRESS_SPACE_LIMIT
#define ADDRESS_SPACE_LIMIT 1
#endif

#define WORKER_NOMEM 86          /* a worker's exit code: malloc failed */

typedef struct result {
    ll_buf out, err;
    int rc;
    bool done;
} result;

/* What the parent and the workers share. */
typedef struct shared {
    _Atomic int next;            /* the next file to take */
    struct {
        _Atomic int job;         /* file the worker is on, -1 none */
        _Atomic int64_t since;   /* when it took it (ns, monotonic) */
    } on[MDL_MAX_WORKERS];
} shared;

typedef struct worker {
    pid_t pid;                   /* 0: not running */
    int from;                    /* its results */
    double checked;              /* last look at its memory */
} worker;

typedef struct batch {
    const mdl_options *o;
    char **paths;
    int n;
    result *res;
    shared *sh;
    worker w[MDL_MAX_WORKERS];
    int n_workers;
} batch;

/* All n bytes through fd (a pipe), or false. */
static bool move_all(int fd, void *p, size_t n, bool out)
{
    char *s = p;
    while (n) {
        ssize_t k = out ? write(fd, s, n) : read(fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        s += k;
        n -= (size_t)k;
    }
    return true;
}

static bool write_all(int fd, const void *p, size_t n)
{
    return move_all(fd, (void *)p, n, true);
}

static bool read_all(int fd, void *p, size_t n)
{
    return move_all(fd, p, n, false);
}

static void nomem_exit(void)
{
    _exit(WORKER_NOMEM);
}

static int64_t now_ns(void)
{
    return (int64_t)(mdl_now() * 1e9);
}

/* Worker number me: files from the counter, [file, rc, out, err] out. */
static void worker_main(batch *b, int me, int out)
{
    ll_on_out_of_memory(nomem_exit);
    if (ADDRESS_SPACE_LIMIT && b->o->limits.max_memory) {
        /* room for the program itself above the tables' limit */
        rlim_t lim = (rlim_t)b->o->limits.max_memory + ((rlim_t)256 << 20);
        struct rlimit rl = {lim, lim};
        setrlimit(RLIMIT_AS, &rl);
    }
    mdl_worker mw = {0};
    const char *heap = sbrk(0);
    for (;;) {
        int job = atomic_fetch_add(&b->sh->next, 1);
        if (job >= b->n)
            break;
        atomic_store(&b->sh->on[me].since, now_ns());
        atomic_store(&b->sh->on[me].job, job);
        ll_buf o = {0}, e = {0};
        int rc = mdl_run_file(&mw, b->o, b->paths[job], &o, &e);
        size_t head[4] = {(size_t)job, (size_t)rc, o.len, e.len};
        bool ok = write_all(out, head, sizeof head) &&
                  write_all(out, o.data, o.len) &&
                  write_all(out, e.data, e.len);
        atomic_store(&b->sh->on[me].job, -1);
        ll_buf_free(&o);
        ll_buf_free(&e);
        /* a big file's freed heap is given back, so that the next file's
           resident size is its own (small ones are not worth the time;
           the heap's top is a cheap measure of its size) */
        if ((char *)sbrk(0) - heap > (64 << 20))
            malloc_trim(0);
        /* what stays resident after a file stopped by --max-memory (a
           sanitizer's quarantine, which malloc_trim does not reach, or a
           heap trim could not shrink) would count against the next
           file's limit: a fresh worker takes the rest */
        if (!ok || (b->o->limits.max_memory &&
                    mdl_resident_bytes(0) > b->o->limits.max_memory / 2))
            break;
    }
    _exit(0);
}

static bool start_worker(batch *b, int me)
{
    int fd[2];
    if (pipe(fd))
        return false;
    atomic_store(&b->sh->on[me].job, -1);
    fflush(NULL);
    pid_t pid = ll_fork_tied(false);
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return false;
    }
    if (pid == 0) {
        /* the other workers' pipes: holding them would hide their end */
        for (int i = 0; i < b->n_workers; i++)
            if (b->w[i].pid > 0)
                close(b->w[i].from);
        close(fd[0]);
        worker_main(b, me, fd[1]);
    }
    close(fd[1]);
    fcntl(fd[0], F_SETPIPE_SZ, 1 << 20);   /* room while we nap */
    b->w[me].pid = pid;
    b->w[me].from = fd[0];
    b->w[me].checked = 0;
    return true;
}

static void finish(batch *b, int job, int rc)
{
    b->res[job].rc = rc;
    b->res[job].done = true;
}

/* A file that ended without a result: say why (why, or the worker's wait
 * status). */
static void lost(batch *b, int job, int st, const char *why)
{
    if (job < 0 || job >= b->n || b->res[job].done)
        return;
    ll_buf *err = &b->res[job].err;
    const char *path = b->paths[job];
    ll_buf_clear(&b->res[job].out);
    if (why) {
        ll_buf_printf(err, "%s: %s, skipped\n", path, why);
        finish(b, job, 1);
    } else if (WIFEXITED(st) && WEXITSTATUS(st) == WORKER_NOMEM) {
        ll_buf_printf(err, "%s: out of memory (limit %llu MB), skipped\n",
                      path,
                      (unsigned long long)(b->o->limits.max_memory >> 20));
        finish(b, job, 1);
    } else if (WIFSIGNALED(st)) {
        ll_buf_printf(err, "%s: the model crashed on this file (%s), "
                      "skipped\n", path, strsignal(WTERMSIG(st)));
        finish(b, job, 2);
    } else {
        /* a worker only ever exits 0 by itself: any other status is a
           crash (a sanitizer turns a signal into an exit status) */
        ll_buf_printf(err, "%s: the model crashed on this file (exit %d), "
                      "skipped\n", path, WIFEXITED(st) ? WEXITSTATUS(st)
                                                       : -1);
        finish(b, job, 2);
    }
}

/* End worker me (killed, or at its end) and report the file it was on. */
static void stop_worker(batch *b, int me, bool kill_it, const char *why)
{
    worker *w = &b->w[me];
    if (w->pid <= 0)
        return;
    if (kill_it)
        kill(w->pid, SIGKILL);
    int st = 0;
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR)
        ;
    close(w->from);
    w->pid = 0;
    lost(b, atomic_load(&b->sh->on[me].job), st, why);
    atomic_store(&b->sh->on[me].job, -1);
}

/* One message from worker me: a file's result. Its end (a crash, or no
 * files left) when the pipe is closed. */
static void collect_one(batch *b, int me)
{
    worker *w = &b->w[me];
    size_t head[4];
    if (!read_all(w->from, head, sizeof head) || head[0] >= (size_t)b->n) {
        stop_worker(b, me, true, NULL);
        return;
    }
    result *r = &b->res[head[0]];
    bool ok = true;
    for (int k = 0; ok && k < 2; k++) {
        ll_buf *buf = k ? &r->err : &r->out;
        size_t n = head[2 + k];
        /* read in place: tens of MB for an RCU chain's states */
        ll_buf_reserve(buf, n);
        ok = read_all(w->from, buf->data + buf->len, n);
        buf->len += ok ? n : 0;
        buf->data[buf->len] = '\0';
    }
    if (!ok) {
        ll_buf_clear(&r->out);
        ll_buf_clear(&r->err);
        stop_worker(b, me, true, NULL);
        return;
    }
    finish(b, (int)head[0], (int)head[1]);
}

/* Every message waiting from worker me. */
static void collect(batch *b, int me)
{
    for (;;) {
        collect_one(b, me);
        struct pollfd pf = {b->w[me].from, POLLIN, 0};
        if (b->w[me].pid <= 0 || poll(&pf, 1, 0) <= 0)
            return;
    }
}

/* /proc/self/statm, opened once per process: the search reads its own
 * size at each test's start and then every 20 ms, and opening the file
 * each time was a thirtieth of a small test's time. After a fork the
 * inherited descriptor still names the parent, so it is the pid's. */
static int self_statm(void)
{
    static int fd = -1;
    static pid_t owner;
    pid_t me = getpid();
    if (fd >= 0 && owner != me) {
        close(fd);
        fd = -1;
    }
    if (fd < 0) {
        fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
        owner = me;
    }
    return fd;
}

uint64_t mdl_resident_bytes(long pid)
{
    char text[128];
    ssize_t len = -1;
    if (pid) {
        snprintf(text, sizeof text, "/proc/%ld/statm", pid);
        int fd = open(text, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            len = read(fd, text, sizeof text - 1);
            close(fd);
        }
    } else {
        int fd = self_statm();
        if (fd >= 0)
            len = pread(fd, text, sizeof text - 1, 0);
    }
    unsigned long long size = 0, rss = 0;
    if (len <= 0)
        return 0;
    text[len] = '\0';
    if (sscanf(text, "%llu %llu", &size, &rss) != 2)
        rss = 0;
    return (uint64_t)rss * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Kill a worker whose file is over a limit, from outside. */
static void police(batch *b, int me)
{
    const mdl_limits *lim = &b->o->limits;
    worker *w = &b->w[me];
    int job = atomic_load(&b->sh->on[me].job);
    if (w->pid <= 0 || job < 0)
        return;
    char why[96];
    double t = mdl_now();
    double ran = t - (double)atomic_load(&b->sh->on[me].since) / 1e9;
    if (lim->timeout > 0 && ran > lim->timeout * 1.02 + 0.5) {
        snprintf(why, sizeof why, "timeout after %.2f s, stopped", ran);
    } else if (lim->max_memory && t - w->checked > 0.05 &&
               (w->checked = t, mdl_resident_bytes((long)w->pid) > lim->max_memory)) {
        snprintf(why, sizeof why, "stopped over the memory limit (%llu MB)",
                 (unsigned long long)(lim->max_memory >> 20));
    } else {
        return;
    }
    stop_worker(b, me, true, why);
}

static void print_result(result *r)
{
    fputs(ll_buf_str(&r->out), stdout);
    ll_flush(stdout);   /* an error is reported at exit (cli/main.c) */
    fputs(ll_buf_str(&r->err), stderr);
    fflush(stderr);
    ll_buf_free(&r->out);
    ll_buf_free(&r->err);
}

int mdl_batch(const mdl_options *o, char **paths, int n, int n_workers)
{
    batch b = {0};
    b.o = o;
    b.paths = paths;
    b.n = n;
    b.res = ll_xcalloc((size_t)n + 1, sizeof *b.res);
    b.n_workers = n_workers < 1 ? 1 : n_workers > MDL_MAX_WORKERS ? MDL_MAX_WORKERS
                                                             : n_workers;
    if (b.n_workers > n)
        b.n_workers = n > 0 ? n : 1;
    b.sh = mmap(NULL, sizeof *b.sh, PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (b.sh == MAP_FAILED) {
        fprintf(stderr, "litmuslab model: mmap: %s\n", strerror(errno));
        free(b.res);
        return 2;
    }
    atomic_store(&b.sh->next, 0);
    /* writing to a worker that died must not kill us */
    static const int sigs[] = {SIGPIPE, 0};
    struct sigaction old[1];
    ll_signals_catch(sigs, SIG_IGN, old);
    int printed = 0, rc = 0;
    while (printed < n) {
        int live = 0;
        bool more = atomic_load(&b.sh->next) < n;
        for (int i = 0; i < b.n_workers; i++) {
            if (b.w[i].pid <= 0 && more && !start_worker(&b, i)) {
                fprintf(stderr, "litmuslab model: cannot start a worker "
                        "process: %s\n", strerror(errno));
                break;
            }
            live += b.w[i].pid > 0;
        }
        if (!live) {
            /* nobody left to run them (fork failed, or a worker died
               between taking a file and saying so) */
            for (int j = printed; j < n; j++)
                lost(&b, j, 0, "no worker process could run it");
        }
        struct pollfd pf[MDL_MAX_WORKERS];
        int who[MDL_MAX_WORKERS], np = 0;
        for (int i = 0; i < b.n_workers; i++)
            if (b.w[i].pid > 0) {
                pf[np].fd = b.w[i].from;
                pf[np].events = POLLIN;
                pf[np].revents = 0;
                who[np++] = i;
            }
        if (np && poll(pf, (nfds_t)np, 100) > 0) {
            for (int k = 0; k < np; k++)
                if (pf[k].revents)
                    collect(&b, who[k]);
            /* let results gather rather than wake for each one (the pipes
               hold many); the workers run meanwhile */
            struct timespec nap = {0, 2 * 1000 * 1000};
            nanosleep(&nap, NULL);
        }
        for (int i = 0; i < b.n_workers; i++)
            police(&b, i);
        while (printed < n && b.res[printed].done) {
            print_result(&b.res[printed]);
            if (b.res[printed].rc > rc)
                rc = b.res[printed].rc;
            printed++;
        }
    }
    for (int i = 0; i < b.n_workers; i++)
        stop_worker(&b, i, true, NULL);
    ll_signals_restore(sigs, old);
    munmap(b.sh, sizeof *b.sh);
    free(b.res);
    return rc;
}
