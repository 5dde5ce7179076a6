/* run_sets.h — what each run of each thread reads and writes, as small
 * bitsets of (location, value) pairs, so that choose_runs (search.c)
 * judges a combination's first threads in a few word operations
 * (run_sets.c). */
#ifndef LITMUSLAB_MODEL_RUN_SETS_H
#define LITMUSLAB_MODEL_RUN_SETS_H

#include "model/engine.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct mdl_run_sets {
    int words;                  /* words of one bitset */
    int n_threads;
    uint64_t *init;             /* pairs the initial values give */
    uint64_t *later;            /* per t = 0..T: pairs some run of
                                   threads t.. writes */
    uint64_t **rd, **wr;        /* per thread: per run, its reads (but
                                   those tagged `skip`) and writes */
    uint64_t *rcum, *wcum;      /* per t = 0..T: the picked runs of
                                   threads 0..t-1, reads and writes */
    /* Per thread, bitmaps over its runs (nb[t] words each): per pair,
     * the runs that read it without writing it themselves (needs) and
     * the runs that write it (writes); NULL where no run does. */
    int n_pairs;
    int *nb;
    uint64_t ***needs, ***writes;
    uint64_t **cand;            /* per thread: mdl_run_sets_cands' answer */
} mdl_run_sets;

/* Index every run of m; reads tagged with any of `skip` need no write
 * (a model that chooses them), nor those of a run cut at a loop tagged
 * with any of `cut_free` (herd7's Loop test finds a lock's valueless
 * reads none: search.c lock_chosen). */
void mdl_run_sets_make(mdl_run_sets *rs, const mdl_test *m, sem_tags skip,
                       sem_tags cut_free);
void mdl_run_sets_free(mdl_run_sets *rs);

/* With threads 0..t-1 picked (mdl_run_sets_pick), does run k of
 * thread t leave every read of threads 0..t a write of its value (or
 * the initial value) among the picked runs or the runs of threads
 * t+1..? On true, the pick is recorded for thread t+1's question. */
bool mdl_run_sets_pick(mdl_run_sets *rs, int t, int k);

/* With threads 0..t-1 picked, the runs k of thread t for which
 * mdl_run_sets_pick(rs, t, k) holds, as a bitmap over its runs (nb[t]
 * words, valid until the next call for t): found a few words at a time
 * rather than run by run. */
const uint64_t *mdl_run_sets_cands(mdl_run_sets *rs, int t);

#endif
