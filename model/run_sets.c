/* run_sets.c — each run's reads and writes as bitsets of (location,
 * value) pairs, for choose_runs' test that every read of the threads
 * picked so far can still find a write of its value.
 *
 * A thread with tens of thousands of runs (a kernel C test whose rmws
 * make every value of a growing location possible) made that test, a
 * scan of every picked run's events for each read, most of the search
 * (doc/model-scale.md). Here the pairs are numbered once, each run
 * gets a bitset of what it reads and one of what it writes, and the
 * picked threads' unions are kept per depth: a pick costs a few word
 * operations. The answer is the same: a read is satisfied by the
 * initial value, a write of a picked run, or a write some run of a
 * thread not yet picked may make. */
#include "model/run_sets.h"

#include <stdlib.h>
#include <string.h>

/* The distinct values met per location, numbered from base[l]. */
typedef struct pairs {
    int n_locs;
    int *n, *cap, *base;
    sem_val **v;
} pairs;

static int pair_find(const pairs *p, int l, sem_val v)
{
    for (int i = 0; i < p->n[l]; i++)
        if (sem_val_eq(p->v[l][i], v))
            return i;
    return -1;
}

static void pair_add(pairs *p, int l, sem_val v)
{
    if (pair_find(p, l, v) >= 0)
        return;
    if (p->n[l] == p->cap[l]) {
        p->cap[l] = p->cap[l] ? 2 * p->cap[l] : 8;
        p->v[l] = ll_xrealloc(p->v[l], sizeof(sem_val) * (size_t)p->cap[l]);
    }
    p->v[l][p->n[l]++] = v;
}

static int pair_id(const pairs *p, int l, sem_val v)
{
    return p->base[l] + pair_find(p, l, v);
}

static void set_bit(uint64_t *b, int i)
{
    b[i / 64] |= UINT64_C(1) << (i % 64);
}

static bool counts(const sem_event *e, sem_tags skip)
{
    return e->kind == SEM_W || (e->kind == SEM_R && !(e->tags & skip));
}

static bool has_bit(const uint64_t *b, int i)
{
    return b[i / 64] >> (i % 64) & 1;
}

/* The bitmaps of thread t's n runs: for each pair, the runs that need
 * it from others and the runs that write it. */
static void index_runs(mdl_run_sets *rs, int t, int n)
{
    int W = rs->words, nb = n / 64 + 1;
    rs->nb[t] = nb;
    rs->needs[t] = ll_xcalloc((size_t)rs->n_pairs + 1, sizeof **rs->needs);
    rs->writes[t] = ll_xcalloc((size_t)rs->n_pairs + 1, sizeof **rs->writes);
    rs->cand[t] = ll_xcalloc((size_t)nb, sizeof(uint64_t));
    for (int k = 0; k < n; k++) {
        const uint64_t *rd = rs->rd[t] + (size_t)k * W;
        const uint64_t *wr = rs->wr[t] + (size_t)k * W;
        for (int w = 0; w < W; w++)
            for (uint64_t b = rd[w] | wr[w]; b; b &= b - 1) {
                int i = w * 64 + __builtin_ctzll(b);
                uint64_t ***to = has_bit(wr, i) ? rs->writes : rs->needs;
                if (!to[t][i])
                    to[t][i] = ll_xcalloc((size_t)nb, sizeof(uint64_t));
                set_bit(to[t][i], k);
            }
    }
}

void mdl_run_sets_make(mdl_run_sets *rs, const mdl_test *m, sem_tags skip,
                       sem_tags cut_free)
{
    int T = m->n_threads, L = m->n_locs;
    pairs p = {0};
    p.n_locs = L;
    p.n = ll_xcalloc((size_t)L + 1, sizeof *p.n);
    p.cap = ll_xcalloc((size_t)L + 1, sizeof *p.cap);
    p.base = ll_xcalloc((size_t)L + 1, sizeof *p.base);
    p.v = ll_xcalloc((size_t)L + 1, sizeof *p.v);
    for (int l = 0; l < L; l++)
        if (!m->locs[l].no_init)
            pair_add(&p, l, m->locs[l].init);
    for (int t = 0; t < T; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++) {
            const mdl_run *run = &m->threads[t].runs[k];
            for (int i = 0; i < run->n_ev; i++)
                if (counts(&run->ev[i], skip))
                    pair_add(&p, run->ev[i].loc, run->ev[i].val);
        }
    int n = 0;
    for (int l = 0; l < L; l++) {
        p.base[l] = n;
        n += p.n[l];
    }
    int W = n / 64 + 1;
    memset(rs, 0, sizeof *rs);
    rs->words = W;
    rs->n_threads = T;
    rs->init = ll_xcalloc((size_t)W, sizeof(uint64_t));
    rs->later = ll_xcalloc((size_t)(T + 1) * W, sizeof(uint64_t));
    rs->rcum = ll_xcalloc((size_t)(T + 1) * W, sizeof(uint64_t));
    rs->wcum = ll_xcalloc((size_t)(T + 1) * W, sizeof(uint64_t));
    rs->rd = ll_xcalloc((size_t)T + 1, sizeof *rs->rd);
    rs->wr = ll_xcalloc((size_t)T + 1, sizeof *rs->wr);
    for (int l = 0; l < L; l++)
        if (!m->locs[l].no_init)
            set_bit(rs->init, pair_id(&p, l, m->locs[l].init));
    for (int t = T - 1; t >= 0; t--) {
        const mdl_thread *th = &m->threads[t];
        uint64_t *later = rs->later + (size_t)t * W;
        memcpy(later, later + W, sizeof(uint64_t) * (size_t)W);
        rs->rd[t] = ll_xcalloc((size_t)th->n_runs * W + 1, sizeof(uint64_t));
        rs->wr[t] = ll_xcalloc((size_t)th->n_runs * W + 1, sizeof(uint64_t));
        for (int k = 0; k < th->n_runs; k++) {
            const mdl_run *run = &th->runs[k];
            uint64_t *rd = rs->rd[t] + (size_t)k * W;
            uint64_t *wr = rs->wr[t] + (size_t)k * W;
            for (int i = 0; i < run->n_ev; i++) {
                const sem_event *e = &run->ev[i];
                if (!counts(e, skip) ||
                    (run->cut && e->kind == SEM_R && (e->tags & cut_free)))
                    continue;
                set_bit(e->kind == SEM_W ? wr : rd, pair_id(&p, e->loc, e->val));
            }
            for (int w = 0; w < W; w++)
                later[w] |= wr[w];
        }
    }
    rs->n_pairs = n;
    rs->nb = ll_xcalloc((size_t)T + 1, sizeof *rs->nb);
    rs->needs = ll_xcalloc((size_t)T + 1, sizeof *rs->needs);
    rs->writes = ll_xcalloc((size_t)T + 1, sizeof *rs->writes);
    rs->cand = ll_xcalloc((size_t)T + 1, sizeof *rs->cand);
    for (int t = 0; t < T; t++)
        index_runs(rs, t, m->threads[t].n_runs);
    for (int l = 0; l < L; l++)
        free(p.v[l]);
    free(p.v);
    free(p.n);
    free(p.cap);
    free(p.base);
}

void mdl_run_sets_free(mdl_run_sets *rs)
{
    for (int t = 0; t < rs->n_threads; t++) {
        free(rs->rd[t]);
        free(rs->wr[t]);
        for (int i = 0; i < rs->n_pairs; i++) {
            free(rs->needs[t][i]);
            free(rs->writes[t][i]);
        }
        free(rs->needs[t]);
        free(rs->writes[t]);
        free(rs->cand[t]);
    }
    free(rs->needs);
    free(rs->writes);
    free(rs->cand);
    free(rs->nb);
    free(rs->rd);
    free(rs->wr);
    free(rs->init);
    free(rs->later);
    free(rs->rcum);
    free(rs->wcum);
    memset(rs, 0, sizeof *rs);
}

bool mdl_run_sets_pick(mdl_run_sets *rs, int t, int k)
{
    int W = rs->words;
    const uint64_t *rd = rs->rd[t] + (size_t)k * W;
    const uint64_t *wr = rs->wr[t] + (size_t)k * W;
    const uint64_t *rc = rs->rcum + (size_t)t * W;
    const uint64_t *wc = rs->wcum + (size_t)t * W;
    const uint64_t *later = rs->later + (size_t)(t + 1) * W;
    for (int w = 0; w < W; w++)
        if ((rc[w] | rd[w]) & ~(rs->init[w] | wc[w] | wr[w] | later[w]))
            return false;
    uint64_t *rn = rs->rcum + (size_t)(t + 1) * W;
    uint64_t *wn = rs->wcum + (size_t)(t + 1) * W;
    for (int w = 0; w < W; w++) {
        rn[w] = rc[w] | rd[w];
        wn[w] = wc[w] | wr[w];
    }
    return true;
}

/* Run k qualifies when the picked threads' reads that nothing else
 * gives (need) are among its writes, and its own reads it does not
 * write are given (by the initial values, the picked runs or threads
 * t+1..): mdl_run_sets_pick's test, split by pair. */
const uint64_t *mdl_run_sets_cands(mdl_run_sets *rs, int t)
{
    int W = rs->words, nb = rs->nb[t];
    const uint64_t *rc = rs->rcum + (size_t)t * W;
    const uint64_t *wc = rs->wcum + (size_t)t * W;
    const uint64_t *later = rs->later + (size_t)(t + 1) * W;
    uint64_t *out = rs->cand[t];
    memset(out, 0xff, sizeof(uint64_t) * (size_t)nb);
    for (int i = 0; i < rs->n_pairs; i++) {
        bool given = has_bit(rs->init, i) || has_bit(wc, i) ||
                     has_bit(later, i);
        const uint64_t *b = NULL;
        if (!given && has_bit(rc, i)) {
            b = rs->writes[t][i];
            if (!b) {
                memset(out, 0, sizeof(uint64_t) * (size_t)nb);
                return out;
            }
            for (int w = 0; w < nb; w++)
                out[w] &= b[w];
        } else if (!given && (b = rs->needs[t][i])) {
            for (int w = 0; w < nb; w++)
                out[w] &= ~b[w];
        }
    }
    return out;
}
