/* hr_perp_run.c — perpetual mode's run: rounds in which every thread runs
 * its looping function (PP<k> of the generated file) over the same
 * locations, with no barrier between iterations, recording its loads;
 * after each round the analysis (hr_perp.c) adds the states its
 * combinations of iterations form. A barrier separates rounds only, so
 * that the records fit in memory and the stored values (k*S + c) in 32
 * bits. Threads whose code is quicker would finish their loop long
 * before the others and leave little overlap (SB+po+mfence-mfence: P0's
 * iteration takes a few cycles, P1's two fences tens), so each round's
 * times set the next round's pad, the empty-loop steps a thread adds to
 * an iteration to keep the slowest thread's pace. The log's lines for
 * the mode are written here too. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hr_internal.h"
#include "hr_perp.h"

#define HR_PERP_ROUND 25000
#define HR_PERP_WINDOW 256   /* iterations a thread may lead another */

/* Each thread's progress, alone in its cache line. */
struct hr_perp_gate {
    int tid, n_threads;
    _Atomic uint64_t *progress;   /* [n_threads * 8] */
};

void hr_perp_window(struct hr_perp_gate *g, uint64_t k)
{
    atomic_store_explicit(&g->progress[8 * g->tid], k, memory_order_relaxed);
    for (int t = 0; t < g->n_threads; t++)
        while (t != g->tid &&
               atomic_load_explicit(&g->progress[8 * t],
                                    memory_order_relaxed) + HR_PERP_WINDOW < k)
            ;
}
#define HR_PERP_FIRST 2000

typedef struct perp_shared {
    const hr_test *t;
    const hr_topo *tp;
    int pu[HR_MAX_THREADS];
    uint64_t *const *ptrs;
    int64_t **rec;
    uint64_t n;                 /* iterations of the current round */
    atomic_uint arrived, sense;   /* the spin barrier */
    /* thread 0 analyses between rounds (the others wait) */
    const hr_opts *o;
    hr_result *res;
    uint64_t R;
    uint64_t *block;
    size_t block_bytes;
    int worst;
    double step;                       /* seconds of one pad step */
    uint64_t pad[HR_MAX_THREADS];      /* this round's */
    double took[HR_MAX_THREADS];       /* the last round's loop times */
    double cost[HR_MAX_THREADS];       /* least seconds an iteration
                                          without pad, over the rounds */
    uint64_t pad_max;                  /* the most used in the run */
    uint64_t round;
    struct hr_perp_gate gate[HR_MAX_THREADS];
    _Atomic uint64_t *progress;
} perp_shared;

typedef struct perp_arg {
    perp_shared *S;
    int tid;
} perp_arg;

static double perp_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A spinning barrier of the T workers: they leave it within a few
 * cycles of each other, so that their loops overlap (a futex wake-up
 * would let one thread run alone for tens of microseconds). */
static void spin_barrier(perp_shared *S, unsigned *local)
{
    unsigned want = *local ^ 1u;
    *local = want;
    if (atomic_fetch_add(&S->arrived, 1) + 1 == (unsigned)S->t->n_threads) {
        atomic_store(&S->arrived, 0);
        atomic_store(&S->sense, want);
        return;
    }
    while (atomic_load_explicit(&S->sense, memory_order_acquire) != want)
        ;
}

/* The same empty loop as the generated code's pad, timed. */
static double pad_step(void)
{
    uint64_t steps = 2000000;
    double t0 = perp_now();
    for (uint64_t d = steps; d; d--)
        __asm__ __volatile__("" ::: "memory");
    double s = (perp_now() - t0) / (double)steps;
    return s > 1e-11 ? s : 1e-11;
}

/* Each thread's pad for the next round: its cost an iteration without
 * pad is took/n - pad*step, the least over the rounds (a thread the
 * system put aside for a while looks slower than it is); the slowest
 * sets the pace, the others pad up to it, at most HR_PERP_PAD_NS, times
 * a factor that changes from round to round (1, 0, 1/2, 2): a pace that
 * makes the loops overlap may also drain a quick thread's store buffer
 * that a rarer outcome needs full. */
#define HR_PERP_PAD_NS 1000.0
static void pace(perp_shared *S)
{
    int T = S->t->n_threads;
    double D = 0;
    for (int k = 0; k < T; k++) {
        double c = S->took[k] / (double)S->n - (double)S->pad[k] * S->step;
        if (c < 0)
            c = 0;
        if (S->cost[k] == 0 || c < S->cost[k])
            S->cost[k] = c;
        if (S->cost[k] > D)
            D = S->cost[k];
    }
    for (int k = 0; k < T; k++) {
        double want = (D - S->cost[k]) / S->step;
        if (want > HR_PERP_PAD_NS * 1e-9 / S->step)
            want = HR_PERP_PAD_NS * 1e-9 / S->step;
        static const double factor[] = {1, 0, 0.5, 2};
        S->pad[k] = (uint64_t)(want * factor[S->round % 4]);
        if (S->pad[k] > S->pad_max)
            S->pad_max = S->pad[k];
    }
}

/* Between rounds, in thread 0: the analysis, the pads, then the next
 * round's length (0: the run is over) and fresh locations. */
static void between(perp_shared *S)
{
    const hr_perp_shape *sh = &S->t->perp->shape;
    hr_result *res = S->res;
    if (S->n) {
        double a = perp_now();
        int used = hr_perp_count(sh, S->rec, S->n, hr_perp_choose(sh, S->n),
                                 &res->hist);
        if (used > S->worst)
            S->worst = used;
        res->perp_analysis += perp_now() - a;
        res->done += S->n;
        S->round++;
        pace(S);
    }
    /* the first round is short: its times pace the others */
    uint64_t left = S->o->iterations - res->done;
    uint64_t r = res->done ? S->R : HR_PERP_FIRST < S->R ? HR_PERP_FIRST
                                                         : S->R;
    S->n = hr_interrupted() ? 0 : left < r ? left : r;
    for (int k = 0; k < S->t->n_threads; k++)
        atomic_store(&S->progress[8 * k], 0);
    memset(S->block, 0, S->block_bytes);
}

static void *perp_worker(void *arg)
{
    perp_shared *S = ((perp_arg *)arg)->S;
    int tid = ((perp_arg *)arg)->tid;
    unsigned local = 0;
    hr_topo_bind(S->tp, S->pu[tid]);
    for (;;) {
        spin_barrier(S, &local);
        if (tid == 0)
            between(S);
        spin_barrier(S, &local);
        if (!S->n)
            break;
        double t0 = perp_now();
        S->t->perp->code[tid](S->ptrs, S->rec[tid], S->n, S->pad[tid],
                              &S->gate[tid]);
        S->took[tid] = perp_now() - t0;
        /* done: nobody waits for this thread any more */
        atomic_store(&S->progress[8 * tid], UINT64_MAX / 2);
    }
    return NULL;
}

/* Iterations a round: -s when above classic's default, else
 * HR_PERP_ROUND; at most what keeps k*S + c below 2^31. */
static uint64_t round_size(const hr_opts *o, int stride)
{
    uint64_t r = o->size > 1000 ? (uint64_t)o->size : HR_PERP_ROUND;
    uint64_t cap = ((uint64_t)1 << 31) / (uint64_t)stride - 1;
    if (r > cap)
        r = cap;
    if (r > o->iterations)
        r = o->iterations;
    return r ? r : 1;
}

int hr_perp_run(const hr_test *t, const hr_opts *o, hr_topo *tp,
                hr_result *res)
{
    const hr_perp_shape *sh = &t->perp->shape;
    int T = t->n_threads;
    static perp_shared S;
    memset(&S, 0, sizeof S);
    S.t = t;
    S.tp = tp;
    uint64_t R = round_size(o, sh->stride);
    res->perp_round = R;
    res->sync = HR_SYNC_BARRIER;
    hr_topo_place(tp, o->placement, T, 0, o->seed, S.pu);
    memcpy(res->pu, S.pu, sizeof res->pu);
    /* each location alone in its cache line */
    uint64_t *block = aligned_alloc(64, 64 * (size_t)(t->n_locs + 1));
    uint64_t **ptrs = calloc((size_t)t->n_locs + 1, sizeof *ptrs);
    S.rec = calloc((size_t)T, sizeof *S.rec);
    if (!block || !ptrs || !S.rec) {
        fputs("hwrun: out of memory\n", stderr);
        return 2;
    }
    for (int l = 0; l < t->n_locs; l++)
        ptrs[l] = block + 8 * (size_t)l;
    S.ptrs = ptrs;
    for (int k = 0; k < T; k++) {
        S.rec[k] = calloc(R * (uint64_t)(sh->n_rec[k] ? sh->n_rec[k] : 1),
                          sizeof **S.rec);
        if (!S.rec[k]) {
            fputs("hwrun: out of memory\n", stderr);
            return 2;
        }
    }
    S.o = o;
    S.res = res;
    S.R = R;
    S.block = block;
    S.block_bytes = 64 * (size_t)(t->n_locs + 1);
    S.worst = HR_PERP_BRUTE;
    S.step = pad_step();
    S.progress = aligned_alloc(64, 64 * (size_t)T);
    if (!S.progress) {
        fputs("hwrun: out of memory\n", stderr);
        return 2;
    }
    for (int k = 0; k < T; k++) {
        atomic_init(&S.progress[8 * k], 0);
        S.gate[k].tid = k;
        S.gate[k].n_threads = T;
        S.gate[k].progress = S.progress;
    }
    hr_hist_init(&res->hist, 2 * t->n_outs);
    double start = perp_now();
    pthread_t th[HR_MAX_THREADS];
    perp_arg args[HR_MAX_THREADS];
    for (int k = 0; k < T; k++) {
        args[k].S = &S;
        args[k].tid = k;
        if (pthread_create(&th[k], NULL, perp_worker, &args[k])) {
            fputs("hwrun: cannot start a thread\n", stderr);
            exit(2);
        }
    }
    for (int k = 0; k < T; k++)
        pthread_join(th[k], NULL);
    res->seconds = perp_now() - start;
    res->interrupted = hr_interrupted();
    res->perp = 1 + S.worst;
    res->perp_pad = S.pad_max;
    res->perp_step = S.step;
    for (int k = 0; k < T; k++)
        free(S.rec[k]);
    free(S.rec);
    free(ptrs);
    free(block);
    free((void *)S.progress);
    return 0;
}

void hr_perp_print(const hr_opts *o, const hr_result *r)
{
    printf("Mode perpetual: each thread ran its code %llu times in rounds "
           "of %llu (the first: %d), no barrier between iterations; counts are "
           "combinations of iterations, one per thread, forming each "
           "state (%s; %.2f s of analysis); the quicker threads paced "
           "to the slowest's with up to %llu empty-loop steps an "
           "iteration (%.2f ns each)\n",
           (unsigned long long)r->done, (unsigned long long)r->perp_round,
           HR_PERP_FIRST < r->perp_round ? HR_PERP_FIRST
                                         : (int)r->perp_round,
           hr_perp_method_name(r->perp - 1), r->perp_analysis,
           (unsigned long long)r->perp_pad, r->perp_step * 1e9);
    printf("Run -n %llu -mode perpetual\n",
           (unsigned long long)o->iterations);
}
