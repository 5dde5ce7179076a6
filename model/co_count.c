/* co_count.c — how many coherent (co, rf) pairs one location has, per
 * co-last write, by dynamic programming instead of enumeration.
 *
 * Coherence on one location (po-loc | rf | co | fr acyclic) is
 * sequential consistency for that location: the pair is coherent iff
 * its accesses can be put in one sequence that keeps each thread's
 * program order, has the writes in co order, and has each read between
 * its source and the source's co-successor. Put each read right after
 * the write it reads, the reads after one write ordered by thread, then
 * by program order: that sequence is unique for the pair, and it is
 * valid iff any is (moving a read within the gap of its source keeps
 * every order above). So the pairs are counted as the ways to build
 * such canonical sequences: after a write c (or the initial write),
 * each thread in turn places some of its next accesses, all reads that
 * may read c; then some thread whose next access is a write places it.
 * A state is where each thread is in its accesses, which write came
 * last and which thread may place reads next (the gap is walked thread
 * by thread, not as a product of every thread's choices); its count is
 * the number of ways to reach it.
 *
 * A step moves one thread on, so from a position it reaches at most the
 * largest radix further: the table holds that many positions + 1 in a
 * ring (a quarter of the positions on cowr-8x2), each position's cells
 * zeroed once read, so the ring is zero again when the count ends. */
#include "model/co_count.h"

#include <stdlib.h>
#include <string.h>

#include "litmuslab/util.h"
#include "model/model_limits.h"

typedef struct counter {
    const co_problem *p;
    int n_th;
    int len[MDL_MAX_LOC_EVENTS + 1];        /* accesses per thread */
    int seq[MDL_MAX_LOC_EVENTS + 1][MDL_MAX_LOC_EVENTS + 1];
                                            /* each thread's, in po */
    long radix[MDL_MAX_LOC_EVENTS + 1];     /* mixed radix of positions */
    int nc;                                 /* writes + 1 */
    uint64_t *ways;             /* [position % ring][last][thread] */
    long ring;                  /* positions the table holds */
    uint64_t *counts;
    bool overflow;
} counter;

static bool is_read(const counter *k, int local)
{
    return local > k->p->n_w;
}

static void add(counter *k, uint64_t *to, uint64_t v)
{
    if (__builtin_add_overflow(*to, v, to))
        k->overflow = true;
}

/* position idx's cell for co-last write c */
static uint64_t *cell_at(const counter *k, long idx, int c)
{
    return k->ways + ((idx % k->ring) * k->nc + c) * (k->n_th + 1);
}

void co_work_free(co_work *w)
{
    free(w->cells);
    w->cells = NULL;
    w->n = 0;
}

bool co_count(const co_problem *p, uint64_t *counts)
{
    counter k = {0};
    k.p = p;
    k.nc = p->n_w + 1;
    k.counts = counts;
    int n = p->n_w + p->n_r;
    /* threads, and each one's accesses in program order: a local's rank
       is the number of its thread's locals po-before it */
    for (int a = 1; a <= n; a++) {
        int t = 0;
        while (t < k.n_th && p->thr[k.seq[t][0]] != p->thr[a])
            t++;
        if (t == k.n_th)
            k.len[k.n_th++] = 0;
        k.seq[t][k.len[t]++] = a;
    }
    for (int t = 0; t < k.n_th; t++) {
        int tmp[MDL_MAX_LOC_EVENTS + 1];
        for (int i = 0; i < k.len[t]; i++) {
            int a = k.seq[t][i], rank = 0;
            for (int j = 0; j < k.len[t]; j++) {
                int b = k.seq[t][j];
                bool ab = p->poloc[a] >> b & 1, ba = p->poloc[b] >> a & 1;
                if (b != a && ab == ba)
                    return false;   /* not totally ordered */
                rank += ba;
            }
            tmp[rank] = a;
        }
        memcpy(k.seq[t], tmp, sizeof(int) * (size_t)k.len[t]);
    }
    long states = 1;
    for (int t = 0; t < k.n_th; t++) {
        k.radix[t] = states;
        states *= k.len[t] + 1;
        if (states * k.nc * (k.n_th + 1) > MDL_CO_COUNT_STATES)
            return false;
    }
    memset(counts, 0, sizeof *counts * (size_t)k.nc);
    /* ways[(idx * nc + c) * (T + 1) + t]: write c came last, reads after
       it placed by threads before t (thread t may still place some);
       t == T: a write comes next. Steps go to larger idx or, at one
       idx, larger t, so one pass in that order sees each cell done. */
    int T = k.n_th;
    k.ring = (T ? k.radix[T - 1] : 0) + 1;
    size_t per = (size_t)k.nc * (size_t)(T + 1), need = (size_t)k.ring * per;
    co_work own = {0}, *w = p->work ? p->work : &own;
    if (w->n < need) {
        co_work_free(w);
        w->cells = calloc(need, sizeof *w->cells);
        if (!w->cells)
            return false;       /* (under --max-memory): enumerated */
        w->n = need;
    }
    k.ways = w->cells;
    k.ways[0] = 1;              /* nothing placed, the initial write last */
    int pos[MDL_MAX_LOC_EVENTS + 1];
    for (long idx = 0; idx < states && !k.overflow; idx++) {
        long rest = idx;
        for (int t = k.n_th - 1; t >= 0; t--) {
            pos[t] = (int)(rest / k.radix[t]);
            rest %= k.radix[t];
        }
        for (int c = 0; c < k.nc; c++) {
            uint64_t *cell = cell_at(&k, idx, c);
            for (int t = 0; t < T; t++) {
                uint64_t v = cell[t];
                if (!v)
                    continue;
                add(&k, &cell[t + 1], v);       /* thread t is done */
                if (pos[t] == k.len[t])
                    continue;
                int a = k.seq[t][pos[t]];
                if (is_read(&k, a) && (p->src[a - p->n_w - 1] >> c & 1))
                    add(&k, &cell_at(&k, idx + k.radix[t], c)[t], v);
            }
            uint64_t v = cell[T];
            if (!v)
                continue;
            bool done = true;
            for (int u = 0; u < T; u++) {
                if (pos[u] == k.len[u])
                    continue;
                done = false;
                int wr = k.seq[u][pos[u]];
                if (is_read(&k, wr))
                    continue;
                add(&k, &cell_at(&k, idx + k.radix[u], wr)[0], v);
            }
            if (done)          /* else a read no write left can satisfy */
                add(&k, &k.counts[c], v);
        }
        memset(cell_at(&k, idx, 0), 0, per * sizeof *k.ways);
    }
    if (k.overflow)             /* left part way: zero the ring again */
        memset(k.ways, 0, need * sizeof *k.ways);
    co_work_free(&own);
    return !k.overflow;
}
