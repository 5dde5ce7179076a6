/* hr_run.c — runs a test: T pinned threads, rounds of `size` instances,
 * each instance started together (a spin barrier per instance, or a timed
 * start on the time-stamp counter), final states counted per thread and
 * merged at the end. SIGINT/SIGTERM end the run after the current round;
 * a second one kills at once. A watchdog (the main thread) bounds each
 * round: a round whose threads do not finish (a test that never
 * terminates), or that goes on for a second after a signal, is abandoned
 * and the rounds counted before it are reported. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "hr_internal.h"

#include "hr_arch.h"
#include "hr_skew.h"

#define HR_PLACE_ROUNDS 256

static volatile sig_atomic_t hr_signalled;

static void on_signal(int sig)
{
    if (hr_signalled) {
        /* the second one: at once, whatever the threads are doing */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    hr_signalled = 1;
}

int hr_interrupted(void)
{
    return hr_signalled != 0;
}

/* Installed before anything slow (the topology, the clock probe), so a
 * SIGINT that comes early still ends the run with its log, never kills it. */
void hr_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* Phases of a round, for the watchdog: it may abandon a round only while
 * the test's code runs, when the counts are those of the rounds before. */
enum { HR_RUNNING, HR_COLLECTING, HR_ABANDONED };

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Everything the threads share. Hot fields written by one thread and read
 * by all sit on their own cache lines. */
typedef struct shared {
    const hr_test *t;
    const hr_opts *o;
    hr_topo *tp;
    int n_threads;
    uint64_t **mem;          /* per location: size*stride*loc_words,
                                carved from block */
    void *block;             /* every location's memory */
    size_t block_bytes;      /* its length when mapped, 0 when malloc'd */
    uint32_t **perm;         /* per location: instance → slot */
    uint64_t **ptrs;         /* size * n_locs: where instance i's locs are */
    int64_t *outs;           /* size * n_outs */
    int64_t *keys;           /* per thread: a state, 2 * n_outs */
    _Atomic int *bar;        /* per-instance barrier counters */
    hr_hist *hist;           /* one per thread */
    uint64_t *positive;      /* per thread: states satisfying the prop */
    uint64_t *samples;       /* per thread: HR_SAMPLES instance costs */
    int *n_samples;
    _Alignas(64) _Atomic unsigned round_count;
    _Alignas(64) _Atomic unsigned round_gen;
    _Alignas(64) int cur_size;
    _Atomic int phase;
    _Atomic int finished;    /* threads that left their loop */
    double round_start;      /* when the running phase began */
    int stop;
    int first;
    uint64_t t0;
    uint64_t delta;
    int sync;                /* the start in use (hr_result.sync) */
    /* timebase gaps in ticks (hr_clock): the least and most gap, the
     * margin over an instance's cost, the lead before a round starts */
    uint64_t min_delta, max_delta, margin, lead;
    /* skewed starts (hr_skew.h): the policy in use, the range in ticks
     * and this round's key (drawn from -seed, so a run is repeatable) */
    int skew;
    uint64_t skew_range, skew_key;
    /* what the log says of the gap and the range over the run */
    uint64_t delta_lo, delta_hi, skew_lo, skew_hi;
    unsigned retunes;
    uint64_t round;
    uint64_t done;
    uint64_t rng;
    int pu[HR_MAX_THREADS];
    double start, last_progress;
} shared;

static void *hr_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fputs("hwrun: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static uint64_t rand64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* 8-byte words of one instance's location: a whole array's elements. */
static size_t loc_words(const hr_loc *L)
{
    size_t n = L->n_elems > 0 ? (size_t)L->n_elems : 1;
    size_t bytes = n * (size_t)L->size;
    return bytes > 8 ? (bytes + 7) / 8 : 1;
}

static void set_ptrs(shared *S)
{
    const hr_test *t = S->t;
    for (int i = 0; i < S->o->size; i++)
        for (int l = 0; l < t->n_locs; l++)
            S->ptrs[(size_t)i * (size_t)t->n_locs + (size_t)l] =
                S->mem[l] + (size_t)S->perm[l][i] * (size_t)S->o->stride *
                                loc_words(&t->locs[l]);
}

static void shuffle(shared *S)
{
    for (int l = 0; l < S->t->n_locs; l++) {
        uint32_t *p = S->perm[l];
        for (int i = S->o->size - 1; i > 0; i--) {
            int j = (int)(rand64(&S->rng) % (uint64_t)(i + 1));
            uint32_t x = p[i];
            p[i] = p[j];
            p[j] = x;
        }
    }
    set_ptrs(S);
}

/* Write a location's initial value (each element's) in its declared
 * width, the rest of its words zero. */
static void reset_loc(const hr_loc *L, uint64_t *slot, uint64_t *const *ptrs)
{
    uint64_t v = L->init_loc >= 0 ? (uint64_t)(uintptr_t)ptrs[L->init_loc]
                                  : (uint64_t)L->init;
    memset(slot, 0, loc_words(L) * 8);
    int n = L->n_elems > 0 ? L->n_elems : 1;
    for (int e = 0; e < n; e++) {
        char *at = (char *)slot + (size_t)e * (size_t)L->size;
        if (L->inits)
            v = (uint64_t)L->inits[e];
        switch (L->size) {
        case 1: { uint8_t x = (uint8_t)v; memcpy(at, &x, 1); break; }
        case 2: { uint16_t x = (uint16_t)v; memcpy(at, &x, 2); break; }
        case 4: { uint32_t x = (uint32_t)v; memcpy(at, &x, 4); break; }
        default: memcpy(at, &v, 8); break;
        }
    }
}

/* Element elem of a location (0 for a scalar), as its type shows it. */
static int64_t read_loc(const hr_loc *L, const uint64_t *slot, int elem)
{
    const char *at = (const char *)slot + (size_t)elem * (size_t)L->size;
    switch (L->size) {
    case 1: {
        uint8_t x; memcpy(&x, at, 1);
        return L->is_signed ? (int64_t)(int8_t)x : (int64_t)x;
    }
    case 2: {
        uint16_t x; memcpy(&x, at, 2);
        return L->is_signed ? (int64_t)(int16_t)x : (int64_t)x;
    }
    case 4: {
        uint32_t x; memcpy(&x, at, 4);
        return L->is_signed ? (int64_t)(int32_t)x : (int64_t)x;
    }
    default: {
        uint64_t x; memcpy(&x, at, 8);
        return (int64_t)x;
    }
    }
}

/* Bits of a register's type: n bytes, sign-extended or not. */
static int64_t as_type(uint64_t v, int size, int is_signed)
{
    switch (size) {
    case 1: return is_signed ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
    case 2: return is_signed ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
    case 4: return is_signed ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
    default: return (int64_t)v;
    }
}

/* The final state of an instance (hr_test.cond's layout) from what its
 * code left in out[] and in memory p[]. A value that is the address of
 * one of the instance's locations becomes that location; the whole slot
 * of a scalar memory location is read for that, as a pointer may be
 * wider than its declared type (an array's element: its own bytes).
 * Addresses are no value a test writes (alloc_block). */
static void state_of(const hr_test *t, const int64_t *out,
                     uint64_t *const *p, int64_t *key)
{
    int n = t->n_outs;
    for (int k = 0; k < n; k++) {
        const hr_out *o = &t->outs[k];
        uint64_t raw = (uint64_t)out[k];
        if (o->loc >= 0)
            raw = t->locs[o->loc].n_elems > 0
                      ? (uint64_t)read_loc(&t->locs[o->loc], p[o->loc],
                                           o->elem)
                      : *p[o->loc];
        int l = 0;
        while (l < t->n_locs && raw != (uint64_t)(uintptr_t)p[l])
            l++;
        key[n + k] = l < t->n_locs;
        if (key[n + k])
            key[k] = l;
        else if (o->loc >= 0)
            key[k] = read_loc(&t->locs[o->loc], p[o->loc], o->elem);
        else
            key[k] = as_type(raw, o->size, o->is_signed);
    }
}

static void reset_instance(shared *S, int i)
{
    const hr_test *t = S->t;
    uint64_t *const *p = S->ptrs + (size_t)i * (size_t)t->n_locs;
    for (int l = 0; l < t->n_locs; l++)
        reset_loc(&t->locs[l], p[l], p);
    atomic_store_explicit(&S->bar[i], 0, memory_order_relaxed);
}

/* The whole-team barrier between phases of a round. The last thread to
 * arrive runs `serial` alone before releasing the others. */
static void team_barrier(shared *S, void (*serial)(shared *))
{
    unsigned gen = atomic_load_explicit(&S->round_gen, memory_order_acquire);
    if (atomic_fetch_add(&S->round_count, 1) == (unsigned)S->n_threads - 1) {
        atomic_store_explicit(&S->round_count, 0, memory_order_relaxed);
        if (serial)
            serial(S);
        atomic_store_explicit(&S->round_gen, gen + 1, memory_order_release);
        return;
    }
    for (unsigned spins = 0;
         atomic_load_explicit(&S->round_gen, memory_order_acquire) == gen;
         spins++) {
        hr_pause();
        if (spins > 1000)
            sched_yield();
    }
}

static uint64_t sum(const uint64_t *v, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void progress(shared *S, int final)
{
    double now = now_seconds();
    /* LITMUSLAB_PROGRESS: a campaign on a terminal shows our line from
       the file our stderr goes to */
    if (S->o->quiet || (!isatty(2) && !getenv("LITMUSLAB_PROGRESS")))
        return;
    if (!final && now - S->last_progress < 0.5)
        return;
    S->last_progress = now;
    if (final) {
        fputs("\r\033[K", stderr);
        return;
    }
    double el = now - S->start;
    double rate = el > 0 ? (double)S->done / el : 0;
    double eta = rate > 0 ? (double)(S->o->iterations - S->done) / rate : 0;
    fprintf(stderr, "\r\033[K%s: %llu/%llu iterations, %.2fM/s, "
            "condition seen %llu, ETA %.0fs", S->t->name,
            (unsigned long long)S->done,
            (unsigned long long)S->o->iterations, rate / 1e6,
            (unsigned long long)sum(S->positive, S->n_threads), eta);
}

/* Timebase: the gap between instance starts follows the cost of one
 * instance (the median of sampled costs, so that a thread descheduled on
 * a busy machine does not stretch it), plus a margin for the two threads'
 * noise. Bounds in nanoseconds, turned into ticks of the counter. The
 * costs are measured again all through the run (every round of the first
 * HR_EARLY_ROUNDS, then one round in HR_RETUNE_EVERY), and a measure far
 * from the gap in use replaces it at once: a first measure taken while
 * the machine was busy, or before the caches were warm, never sets the
 * gap of the whole run. The skew range (auto, sweep) follows the same
 * cost. */
#define HR_SAMPLES 64
#define HR_EARLY_ROUNDS 16
#define HR_RETUNE_EVERY 8
#define HR_MIN_DELTA_NS 16.0
#define HR_MAX_DELTA_NS 8000.0
#define HR_MARGIN_NS 3.0
#define HR_FIRST_DELTA_NS 120.0
#define HR_LEAD_NS 8000.0

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void note_range(uint64_t v, uint64_t *lo, uint64_t *hi)
{
    if (!*lo || v < *lo)
        *lo = v;
    if (v > *hi)
        *hi = v;
}

static int sampling_round(uint64_t round)
{
    return round < HR_EARLY_ROUNDS || round % HR_RETUNE_EVERY == 0;
}

static void tune_delta(shared *S)
{
    if (S->sync != HR_SYNC_TIMEBASE)
        return;
    /* The slowest thread sets the pace: the largest per-thread median. */
    uint64_t cost = 0;
    for (int k = 0; k < S->n_threads; k++) {
        uint64_t *v = S->samples + (size_t)k * HR_SAMPLES;
        int n = S->n_samples[k];
        S->n_samples[k] = 0;
        if (n < 4)
            continue;
        qsort(v, (size_t)n, sizeof *v, by_value);
        if (v[n / 2] > cost)
            cost = v[n / 2];
    }
    if (!cost)
        return;
    S->retunes++;
    if (S->skew == HR_SKEW_AUTO || S->skew == HR_SKEW_SWEEP) {
        S->skew_range = cost < S->max_delta ? cost : S->max_delta;
        note_range(S->skew_range, &S->skew_lo, &S->skew_hi);
    }
    if (S->o->delta)
        return;
    uint64_t want = cost + cost / 8 + S->margin;
    if (want > 2 * S->delta || 2 * want < S->delta)
        S->delta = want;   /* far off: the earlier measure was wrong */
    else
        S->delta = (3 * S->delta + want) / 4;
    if (S->delta < S->min_delta)
        S->delta = S->min_delta;
    if (S->delta > S->max_delta)
        S->delta = S->max_delta;
    note_range(S->delta, &S->delta_lo, &S->delta_hi);
}

/* Between rounds, by one thread: count the round, decide the next. */
static void next_round(shared *S)
{
    if (!S->first) {
        S->done += (uint64_t)S->cur_size;
        S->round++;
        tune_delta(S);
        progress(S, 0);
    }
    S->first = 0;
    if (hr_signalled || S->done >= S->o->iterations) {
        S->stop = 1;
        return;
    }
    uint64_t left = S->o->iterations - S->done;
    S->cur_size = left < (uint64_t)S->o->size ? (int)left : S->o->size;
    if (S->o->mem == HR_MEM_SHUFFLE)
        shuffle(S);
    /* Moving threads costs their caches: change places every
     * HR_PLACE_ROUNDS rounds only. */
    if ((S->o->placement == HR_ROTATE || S->o->placement == HR_RANDOM) &&
        S->round && S->round % HR_PLACE_ROUNDS == 0)
        hr_topo_place(S->tp, S->o->placement, S->n_threads,
                      (unsigned)(S->round / HR_PLACE_ROUNDS),
                      rand64(&S->rng), S->pu);
    if (S->sync == HR_SYNC_TIMEBASE) {   /* the counter may trap otherwise */
        S->skew_key = rand64(&S->rng);
        S->t0 = hr_ticks() + S->lead;
    }
    S->round_start = now_seconds();
    atomic_store(&S->phase, HR_RUNNING);
}

/* After the test's code, by one thread: the round is collected, unless
 * the watchdog gave it up. */
static void end_run(shared *S)
{
    int running = HR_RUNNING;
    atomic_compare_exchange_strong(&S->phase, &running, HR_COLLECTING);
}

static void run_barrier(shared *S, int tid)
{
    hr_code code = S->t->code[tid];
    int n_locs = S->t->n_locs, n_outs = S->t->n_outs, T = S->n_threads;
    int size = S->cur_size;
    for (int i = 0; i < size; i++) {
        _Atomic int *b = &S->bar[i];
        atomic_fetch_add_explicit(b, 1, memory_order_acq_rel);
        for (unsigned spins = 0;
             atomic_load_explicit(b, memory_order_acquire) < T; spins++) {
            hr_pause();
            if (spins > 4000)   /* more threads than free PUs */
                sched_yield();
        }
        code(S->ptrs + (size_t)i * (size_t)n_locs,
             S->outs + (size_t)i * (size_t)n_outs);
    }
}

/* Instance i starts at its slot, t. In a skewed block (hr_skew.h) each
 * thread's start is put back by its own offset, and the slot is `range`
 * longer, so that the latest thread is done before the next slot; in
 * the other blocks the threads start together, slot after slot, in the
 * steady rhythm the gap is tuned for. Every thread walks the same slots:
 * the draw depends on the round's key, the instance and the thread. */
static void run_timebase(shared *S, int tid)
{
    hr_code code = S->t->code[tid];
    int n_locs = S->t->n_locs, n_outs = S->t->n_outs;
    int size = S->cur_size, n = 0, skewed = 0;
    int n_max = sampling_round(S->round) ? HR_SAMPLES : 0;
    uint64_t *samples = S->samples + (size_t)tid * HR_SAMPLES;
    uint64_t t = S->t0, delta = S->delta, began = 0;
    uint64_t key = S->skew_key, range = S->skew_range;
    int skew = range ? S->skew : HR_SKEW_OFF;
    for (int i = 0; i < size; i++) {
        uint64_t now = hr_ticks(), start = t;
        if (i % HR_SKEW_BLOCK == 0) {
            uint64_t b = (uint64_t)(i / HR_SKEW_BLOCK);
            skewed = hr_skew_on(skew, key, b);
            range = hr_skew_range(skew, key, S->skew_range, b);
        }
        if (skewed) {
            start += hr_skew_offset(skew, key, range, (uint64_t)i, tid);
            t += range;
        }
        t += delta;
        /* The cost of the previous instance, from its start to now. */
        if ((i & 7) == 1 && n < n_max)
            samples[n++] = now - began;
        while (now < start) {
            hr_pause();
            now = hr_ticks();
        }
        began = now;
        code(S->ptrs + (size_t)i * (size_t)n_locs,
             S->outs + (size_t)i * (size_t)n_outs);
    }
    S->n_samples[tid] = n;
}

/* This thread's share of the round: record the final states of a block of
 * instances and reset them for the next round. */
static void collect(shared *S, int tid)
{
    const hr_test *t = S->t;
    int size = S->cur_size, T = S->n_threads;
    int lo = (int)((int64_t)size * tid / T);
    int hi = (int)((int64_t)size * (tid + 1) / T);
    uint64_t pos = 0;
    int64_t *key = S->keys + (size_t)tid * 2 * (size_t)t->n_outs;
    for (int i = lo; i < hi; i++) {
        int64_t *out = S->outs + (size_t)i * (size_t)t->n_outs;
        uint64_t *const *p = S->ptrs + (size_t)i * (size_t)t->n_locs;
        state_of(t, out, p, key);
        reset_instance(S, i);
        if (t->filter && !t->filter(key))
            continue;
        /* the filter's own values are not part of the state */
        for (int k = 0; k < t->n_outs; k++)
            if (t->outs[k].hidden)
                key[k] = key[t->n_outs + k] = 0;
        hr_hist_add(&S->hist[tid], key, 1);
        pos += t->cond(key) != 0;
    }
    S->positive[tid] += pos;
}

typedef struct worker_arg {
    shared *S;
    int tid;
} worker_arg;

static void *worker(void *arg)
{
    shared *S = ((worker_arg *)arg)->S;
    int tid = ((worker_arg *)arg)->tid;
    int bound = -1;
    for (;;) {
        team_barrier(S, next_round);
        if (S->stop)
            break;
        if (S->pu[tid] != bound) {
            hr_topo_bind(S->tp, S->pu[tid]);
            bound = S->pu[tid];
        }
        if (S->sync == HR_SYNC_TIMEBASE)
            run_timebase(S, tid);
        else
            run_barrier(S, tid);
        team_barrier(S, end_run);
        if (atomic_load(&S->phase) == HR_ABANDONED)
            break;
        collect(S, tid);
    }
    atomic_fetch_add(&S->finished, 1);
    return NULL;
}

/* The main thread while the workers run: 1 when a round was abandoned. */
static int watch(shared *S)
{
    double limit = S->o->watchdog, signalled_at = 0;
    while (atomic_load(&S->finished) < S->n_threads) {
        struct timespec nap = {0, 20 * 1000 * 1000};
        nanosleep(&nap, NULL);
        if (atomic_load(&S->phase) != HR_RUNNING)
            continue;
        double now = now_seconds(), ran = now - S->round_start;
        if (hr_signalled && !signalled_at)
            signalled_at = now;
        int stuck = (limit > 0 && ran > limit) ||
                     (signalled_at && now - signalled_at > 1.0);
        int running = HR_RUNNING;
        if (stuck && atomic_compare_exchange_strong(&S->phase, &running,
                                                    HR_ABANDONED)) {
            fprintf(stderr, "hwrun: %s: round %llu did not finish in %.1f s"
                    " (a thread does not terminate); the log counts the "
                    "%llu iterations before it\n", S->t->name,
                    (unsigned long long)S->round + 1, ran,
                    (unsigned long long)S->done);
            return 1;
        }
    }
    return 0;
}

/* Bytes of location l's memory: every instance's slot, a cache line
 * apart from the next location's. */
static size_t loc_bytes(const hr_test *t, const hr_opts *o, int l)
{
    size_t words = (size_t)o->size * (size_t)o->stride *
                       loc_words(&t->locs[l]) + 8;
    return (words * 8 + 63) / 64 * 64;
}

/* The instances' memory, below 2^31 where the system gives it there
 * (page-aligned, zeroed): a test may store an address with a 32-bit store
 * and load it back with a sign-extending 32-bit load (an `lw` of an
 * int location that herd7 lets hold an address), which gives back the
 * same address only down there. Elsewhere, anywhere (64-byte aligned).
 * The hints are no round numbers: state_of takes a value equal to a
 * location's address for that address, and tests write powers of two
 * (condition register bits: 0x20000000) and small integers. */
static void alloc_block(shared *S, size_t bytes)
{
    static const uintptr_t hints[] = {0x5a3c1000, 0x3e917000, 0x6b2d4000};
    for (size_t i = 0; i < sizeof hints / sizeof *hints; i++) {
        void *p = mmap((void *)hints[i], bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            break;
        if ((uintptr_t)p + bytes <= (uintptr_t)1 << 31) {
            S->block = p;
            S->block_bytes = bytes;
            return;
        }
        munmap(p, bytes);
    }
    S->block = aligned_alloc(64, bytes);
    if (!S->block) {
        fputs("hwrun: out of memory\n", stderr);
        exit(2);
    }
    memset(S->block, 0, bytes);
}

static void setup(shared *S, const hr_test *t, const hr_opts *o)
{
    int size = o->size;
    S->mem = hr_calloc((size_t)t->n_locs, sizeof *S->mem);
    S->perm = hr_calloc((size_t)t->n_locs, sizeof *S->perm);
    size_t all = 0;
    for (int l = 0; l < t->n_locs; l++)
        all += loc_bytes(t, o, l);
    alloc_block(S, all ? all : 64);
    char *at = S->block;
    for (int l = 0; l < t->n_locs; l++) {
        S->mem[l] = (uint64_t *)(void *)at;
        at += loc_bytes(t, o, l);
        S->perm[l] = hr_calloc((size_t)size, sizeof **S->perm);
        for (int i = 0; i < size; i++)
            S->perm[l][i] = (uint32_t)i;
    }
    S->ptrs = hr_calloc((size_t)size * (size_t)(t->n_locs ? t->n_locs : 1),
                        sizeof *S->ptrs);
    S->outs = hr_calloc((size_t)size * (size_t)(t->n_outs ? t->n_outs : 1),
                        sizeof *S->outs);
    S->keys = hr_calloc((size_t)t->n_threads * 2 *
                            (size_t)(t->n_outs ? t->n_outs : 1),
                        sizeof *S->keys);
    S->bar = hr_calloc((size_t)size, sizeof *S->bar);
    S->hist = hr_calloc((size_t)t->n_threads, sizeof *S->hist);
    S->positive = hr_calloc((size_t)t->n_threads, sizeof *S->positive);
    S->samples = hr_calloc((size_t)t->n_threads * HR_SAMPLES,
                           sizeof *S->samples);
    S->n_samples = hr_calloc((size_t)t->n_threads, sizeof *S->n_samples);
    for (int k = 0; k < t->n_threads; k++)
        hr_hist_init(&S->hist[k], 2 * t->n_outs);
    set_ptrs(S);
    for (int i = 0; i < size; i++)
        reset_instance(S, i);
}

static void teardown(shared *S)
{
    for (int l = 0; l < S->t->n_locs; l++)
        free(S->perm[l]);
    if (S->block_bytes)
        munmap(S->block, S->block_bytes);
    else
        free(S->block);
    for (int k = 0; k < S->n_threads; k++)
        hr_hist_free(&S->hist[k]);
    free(S->mem);
    free(S->perm);
    free(S->ptrs);
    free(S->outs);
    free(S->keys);
    free((void *)S->bar);
    free(S->hist);
    free(S->positive);
    free(S->samples);
    free(S->n_samples);
}

int hr_run(const hr_test *t, const hr_opts *o, hr_topo *tp, hr_result *res)
{
    static shared S;
    memset(&S, 0, sizeof S);
    S.t = t;
    S.o = o;
    S.tp = tp;
    S.n_threads = t->n_threads;
    S.first = 1;
    S.rng = o->seed | 1;
    S.sync = o->sync;
    if (t->n_threads < 1 || t->n_threads > HR_MAX_THREADS) {
        fprintf(stderr, "hwrun: %d threads is not supported\n", t->n_threads);
        return 2;
    }
    if (o->sync == HR_SYNC_TIMEBASE) {
        hr_clock *c = &res->clock;
        hr_clock_probe(c);
        if (!c->usable)
            S.sync = HR_SYNC_BARRIER;   /* named in the log (hr_main.c) */
        S.min_delta = hr_clock_ticks(c, HR_MIN_DELTA_NS, 1);
        S.max_delta = hr_clock_ticks(c, HR_MAX_DELTA_NS, S.min_delta);
        S.margin = hr_clock_ticks(c, HR_MARGIN_NS, 1);
        S.lead = hr_clock_ticks(c, HR_LEAD_NS, 2);
        S.delta = o->delta ? (uint64_t)o->delta
                           : hr_clock_ticks(c, HR_FIRST_DELTA_NS, 2);
        /* until the first measure, the range is the first gap */
        S.skew = o->skew;
        S.skew_range = o->skew == HR_SKEW_OFF     ? 0
                     : o->skew == HR_SKEW_FIXED ? o->skew_ticks
                                                : S.delta;
        note_range(S.delta, &S.delta_lo, &S.delta_hi);
        note_range(S.skew_range, &S.skew_lo, &S.skew_hi);
    }
    res->sync = S.sync;
    hr_topo_place(tp, o->placement, t->n_threads, 0, o->seed, S.pu);
    memcpy(res->pu, S.pu, sizeof res->pu);
    setup(&S, t, o);

    pthread_t th[HR_MAX_THREADS];
    worker_arg args[HR_MAX_THREADS];
    S.start = S.last_progress = S.round_start = now_seconds();
    for (int k = 0; k < t->n_threads; k++) {
        args[k].S = &S;
        args[k].tid = k;
        int err = pthread_create(&th[k], NULL, worker, &args[k]);
        if (err) {
            fprintf(stderr, "hwrun: cannot start a thread: %s\n",
                    strerror(err));
            exit(2);
        }
    }
    int stuck = watch(&S);
    if (!stuck)
        for (int k = 0; k < t->n_threads; k++)
            pthread_join(th[k], NULL);
    res->seconds = now_seconds() - S.start;
    progress(&S, 1);

    hr_hist_init(&res->hist, 2 * t->n_outs);
    for (int k = 0; k < t->n_threads; k++)
        hr_hist_merge(&res->hist, &S.hist[k]);
    res->done = S.done;
    res->interrupted = hr_signalled != 0 || stuck;
    res->stuck = stuck;
    res->delta = (int)S.delta;
    res->delta_min = (int)S.delta_lo;
    res->delta_max = (int)S.delta_hi;
    res->retunes = S.retunes;
    res->skew_range = S.skew_range;
    res->skew_min = S.skew_lo;
    res->skew_max = S.skew_hi;
    if (!stuck)
        teardown(&S);   /* else the threads still use it */
    return 0;
}
