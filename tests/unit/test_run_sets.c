/* test_run_sets.c — run_sets (model/run_sets.c) against the definition
 * choose_runs had before it: with runs picked for threads 0..t, a pick is
 * kept when every read of the picked runs (but those tagged to skip, and
 * in a run cut at a loop those tagged cut_free) has
 * its value from the initial value (unless the location has none), a
 * write of a picked run, or a write of some run of a thread after t.
 * Random small tests (threads, runs of reads and writes, locations,
 * values, runs over 64 for bitmaps of several words) are walked pick by
 * pick: mdl_run_sets_pick and mdl_run_sets_cands must both agree with the
 * definition on every run of every visited depth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "model/run_sets.h"

enum { MAXT = 4, MAXL = 4, SKIP = 2, CUT_FREE = 4 };

static uint64_t rng = 88172645463325252u;

static int rnd(int n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)n);
}

static sem_val num(int v)
{
    sem_val x = {v, 0};
    return x;
}

/* The definition: run k of thread t with picks[0..t-1]. */
static bool brute(const mdl_test *m, const int *picks, int t, int k)
{
    for (int u = 0; u <= t; u++) {
        const mdl_run *ru = &m->threads[u].runs[u == t ? k : picks[u]];
        for (int i = 0; i < ru->n_ev; i++) {
            const sem_event *r = &ru->ev[i];
            if (r->kind != SEM_R || (r->tags & SKIP) ||
                (ru->cut && (r->tags & CUT_FREE)))
                continue;
            bool ok = !m->locs[r->loc].no_init &&
                      sem_val_eq(m->locs[r->loc].init, r->val);
            for (int v = 0; v < m->n_threads && !ok; v++)
                for (int j = 0; j < m->threads[v].n_runs && !ok; j++) {
                    if (v <= t && j != (v == t ? k : picks[v]))
                        continue;   /* picked threads: their pick only */
                    const mdl_run *rw = &m->threads[v].runs[j];
                    for (int e = 0; e < rw->n_ev && !ok; e++)
                        ok = rw->ev[e].kind == SEM_W &&
                             rw->ev[e].loc == r->loc &&
                             sem_val_eq(rw->ev[e].val, r->val);
                }
            if (!ok)
                return false;
        }
    }
    return true;
}

static int visited;

static void walk(const mdl_test *m, mdl_run_sets *rs, int *picks, int t)
{
    if (t == m->n_threads || visited > 4000)
        return;
    const uint64_t *cand = mdl_run_sets_cands(rs, t);
    int n = m->threads[t].n_runs;
    /* (valid until the next call for t: the walk below calls it for
       t + 1 only) */
    for (int k = 0; k < n; k++) {
        visited++;
        bool want = brute(m, picks, t, k);
        assert_int_equal(want, cand[k / 64] >> (k % 64) & 1);
        assert_int_equal(want, mdl_run_sets_pick(rs, t, k));
        if (want) {
            picks[t] = k;
            walk(m, rs, picks, t + 1);
        }
    }
}

static void one_test(void)
{
    mdl_test m;
    memset(&m, 0, sizeof m);
    mdl_thread th[MAXT];
    mdl_loc locs[MAXL];
    memset(th, 0, sizeof th);
    memset(locs, 0, sizeof locs);
    m.n_threads = 2 + rnd(MAXT - 1);
    m.n_locs = 1 + rnd(MAXL);
    m.threads = th;
    m.locs = locs;
    for (int l = 0; l < m.n_locs; l++) {
        locs[l].init = num(rnd(2));
        locs[l].no_init = rnd(6) == 0;
    }
    for (int t = 0; t < m.n_threads; t++) {
        th[t].n_runs = 1 + (rnd(4) ? rnd(12) : rnd(400));
        th[t].runs = calloc((size_t)th[t].n_runs, sizeof *th[t].runs);
        for (int k = 0; k < th[t].n_runs; k++) {
            mdl_run *r = &th[t].runs[k];
            r->cut = rnd(4) == 0;
            r->n_ev = rnd(5);
            r->ev = calloc((size_t)r->n_ev + 1, sizeof *r->ev);
            for (int i = 0; i < r->n_ev; i++) {
                int kind = rnd(5);
                r->ev[i].kind = kind < 2 ? SEM_R : kind < 4 ? SEM_W : SEM_F;
                r->ev[i].loc = r->ev[i].kind == SEM_F ? -1 : rnd(m.n_locs);
                r->ev[i].val = num(rnd(4));
                int tag = rnd(8);
                r->ev[i].tags = tag == 0 ? SKIP : tag == 1 ? CUT_FREE : 1;
            }
        }
    }
    mdl_run_sets rs;
    mdl_run_sets_make(&rs, &m, SKIP, CUT_FREE);
    int picks[MAXT];
    visited = 0;
    walk(&m, &rs, picks, 0);
    mdl_run_sets_free(&rs);
    for (int t = 0; t < m.n_threads; t++) {
        for (int k = 0; k < th[t].n_runs; k++)
            free(th[t].runs[k].ev);
        free(th[t].runs);
    }
}

static void random_tests(void **state)
{
    (void)state;
    for (int i = 0; i < 400; i++)
        one_test();
}

/* A read of a value only one later thread writes: the pick is kept
 * while that thread is not picked, and dropped when it is picked with
 * a run that does not write it. */
static void later_writer(void **state)
{
    (void)state;
    sem_event r1 = {.kind = SEM_R, .loc = 0, .val = {1, 0}};
    sem_event w1 = {.kind = SEM_W, .loc = 0, .val = {1, 0}};
    sem_event w2 = {.kind = SEM_W, .loc = 0, .val = {2, 0}};
    mdl_run r0[1] = {{.n_ev = 1, .ev = &r1}};
    mdl_run r1s[2] = {{.n_ev = 1, .ev = &w2}, {.n_ev = 1, .ev = &w1}};
    mdl_thread th[2] = {{.n_runs = 1, .runs = r0}, {.n_runs = 2, .runs = r1s}};
    mdl_loc loc = {.init = {0, 0}};
    mdl_test m;
    memset(&m, 0, sizeof m);
    m.n_threads = 2;
    m.n_locs = 1;
    m.threads = th;
    m.locs = &loc;
    mdl_run_sets rs;
    mdl_run_sets_make(&rs, &m, 0, 0);
    assert_true(mdl_run_sets_pick(&rs, 0, 0));
    assert_int_equal(mdl_run_sets_cands(&rs, 1)[0] & 3, 2);
    assert_false(mdl_run_sets_pick(&rs, 1, 0));
    assert_true(mdl_run_sets_pick(&rs, 1, 1));
    mdl_run_sets_free(&rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(later_writer),
        cmocka_unit_test(random_tests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
