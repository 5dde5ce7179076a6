/* co_count.h — counting a location's coherent (co, rf) pairs without
 * enumerating them (co_count.c). */
#ifndef LITMUSLAB_MODEL_CO_COUNT_H
#define LITMUSLAB_MODEL_CO_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* co_count's table, kept zeroed between calls so that a caller counting
 * many combinations allocates (and the kernel faults in) its pages once:
 * a fresh table of tens of MB per call cost more in page faults than the
 * count itself (cowr-8x2). Start it zeroed; co_work_free at the end. */
typedef struct co_work {
    uint64_t *cells;
    size_t n;
} co_work;

void co_work_free(co_work *w);

/* One location's accesses in one combination, numbered as search.c's
 * loc_plan does: 0 the initial write, 1..n_w the writes, n_w+1.. the
 * reads. */
typedef struct co_problem {
    int n_w, n_r;
    const int *thr;             /* each local's thread (local 0: -1) */
    const uint64_t *poloc;      /* local -> later locals of its thread */
    const uint64_t *src;        /* per read: the writes it may read */
    co_work *work;              /* the table, kept between calls */
} co_problem;

/* counts[w] (w = 0..n_w): how many pairs of a co order (the initial
 * write first) and an rf choosing each read's source among src make
 * po-loc | rf | co | fr acyclic, with w co-last (0: no write). false
 * when it cannot say: a thread whose accesses po does not order
 * totally (two of one instruction), more states than
 * MDL_CO_COUNT_STATES, or a count past 2^64 (or no memory). */
bool co_count(const co_problem *p, uint64_t *counts);

#endif
