/* hr_perp.h — perpetual mode (after PerpLE, Melissaris et al., MICRO
 * 2020): each thread runs its code N times in a row with no barrier
 * between iterations; a store writes k*S + c (iteration k, code c naming
 * the store's constant) and each load's value is recorded. Afterwards
 * the analysis (hr_perp.c) counts, for every combination of iterations
 * (one per thread), the final state its reads form. The runner is
 * hr_perp_run.c. Generated tests give the table below (hwrun/gen/perp.c);
 * a test perpetual mode cannot express gives only the reason. */
#ifndef HR_PERP_H
#define HR_PERP_H

#include <stdint.h>

struct hr_hist;

/* Thread code for n iterations: rec receives n * n_rec values, the
 * iteration's recorded loads in turn; each iteration ends with pad steps
 * of an empty loop, and every HR_PERP_EVERY iterations the code calls
 * hr_perp_window (hr_perp_run.c paces the threads with both). */
struct hr_perp_gate;
typedef void (*hr_perp_code)(uint64_t *const *loc, int64_t *rec,
                             uint64_t n, uint64_t pad,
                             struct hr_perp_gate *gate);
#define HR_PERP_EVERY 64
/* Publish that the calling thread reached iteration k, and wait while
 * another thread is more than a window behind (so that a thread the
 * system put aside does not leave the other to run alone). */
void hr_perp_window(struct hr_perp_gate *gate, uint64_t k);

/* What the analysis needs to decode the records. A recorded value v is
 * the location's initial value (0: perpetual mode takes tests whose
 * written locations start at 0), else v = j*S + c with 1 <= c < S: the
 * store with code c (code_thread[c] wrote it, meaning code_value[c]) in
 * its thread's iteration j. */
typedef struct hr_perp_shape {
    int n_threads;
    int n_outs;                 /* hr_test.n_outs */
    int stride;                 /* S */
    const int *code_thread;     /* [S]; [0] unused */
    const int64_t *code_value;  /* [S] */
    const int *n_rec;           /* [n_threads]: values recorded an iteration */
    const int *out_thread;      /* [n_outs]: thread recording it, or -1 */
    const int *out_slot;        /* [n_outs]: its slot in the iteration */
    const int64_t *out_fixed;   /* [n_outs]: a value nobody records (the
                                   final value of a location one thread
                                   writes, a register no load sets); for
                                   a recorded one, the location's initial
                                   value, read as "old" */
} hr_perp_shape;

typedef struct hr_perp {
    hr_perp_shape shape;
    const hr_perp_code *code;   /* n_threads entries */
} hr_perp;

/* How combinations are counted. */
enum hr_perp_method {
    HR_PERP_BRUTE,    /* every combination: exact, n^T of them */
    HR_PERP_PAIR,     /* two threads: exact in O(n log n) */
    HR_PERP_LINEAR,   /* a few candidates per iteration of thread 0: a
                         lower bound of every state's exact count */
};

/* The method for T threads and n iterations: PAIR for two threads,
 * BRUTE while n^T stays under HR_PERP_BRUTE_MAX, else LINEAR. */
#define HR_PERP_BRUTE_MAX 20000000.0
int hr_perp_choose(const hr_perp_shape *s, uint64_t n);

/* Count the combinations of iterations 0..n-1 of each thread (rec[t]:
 * thread t's n * n_rec[t] values) into h (width 2 * n_outs, the state
 * layout of hr_test.cond). Combinations whose reads do not all belong to
 * them (a value written in a later iteration of its writer than the one
 * chosen) count for no state. Returns the method used: PAIR falls back
 * to LINEAR when the pair analysis does not apply (more than
 * HR_PERP_CLASSES distinct patterns). */
#define HR_PERP_CLASSES 64
int hr_perp_count(const hr_perp_shape *s, int64_t *const *rec, uint64_t n,
                  int method, struct hr_hist *h);

const char *hr_perp_method_name(int method);

#endif
