/* test_co_count.c — co_count (model/co_count.c) against the definition:
 * every co order of a location's writes (program order kept or not)
 * and every choice of sources, kept when po-loc | rf | co | fr is
 * acyclic, counted per co-last write; on fixed shapes (one location,
 * threads writing then reading it: herd7's counts) and on random small
 * ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/co_count.h"

enum { MAXL = 20 };

typedef struct prob {
    int n_w, n_r;
    int thr[MAXL + 1];
    uint64_t poloc[MAXL + 1], src[MAXL + 1];
} prob;

/* Threads given as strings of 'W' and 'R' in program order; each read
 * may read every write (and the initial one) unless src is set after. */
static void shape(prob *p, const char *const *th, int n_th)
{
    memset(p, 0, sizeof *p);
    int order[MAXL + 1], tof[MAXL + 1], n = 0;
    for (int t = 0; t < n_th; t++)
        for (const char *c = th[t]; *c; c++) {
            tof[n] = t;
            order[n++] = *c == 'W';
        }
    /* locals: writes first, then reads, each in thread order */
    int local[MAXL + 1];
    for (int i = 0; i < n; i++)
        if (order[i])
            local[i] = ++p->n_w;
    for (int i = 0; i < n; i++)
        if (!order[i])
            local[i] = p->n_w + 1 + p->n_r++;
    p->thr[0] = -1;
    for (int i = 0; i < n; i++) {
        p->thr[local[i]] = tof[i];
        for (int j = i + 1; j < n; j++)
            if (tof[j] == tof[i])
                p->poloc[local[i]] |= 1ull << local[j];
    }
    for (int j = 0; j < p->n_r; j++)
        p->src[j] = (2ull << p->n_w) - 1;
}

static bool acyclic(const uint64_t *adj, int n)
{
    uint64_t alive = (1ull << n) - 1;
    for (bool removed = true; removed;) {
        removed = false;
        for (int i = 0; i < n; i++)
            if ((alive >> i & 1) && !(adj[i] & alive)) {
                alive &= ~(1ull << i);
                removed = true;
            }
    }
    return !alive;
}

/* The definition, by brute force. */
static void brute_sources(const prob *p, const int *co, int j, int *from,
                          uint64_t *counts)
{
    int n = 1 + p->n_w + p->n_r;
    if (j == p->n_r) {
        uint64_t adj[MAXL + 1];
        int pos[MAXL + 1];
        for (int i = 0; i < n; i++)
            adj[i] = p->poloc[i];
        pos[0] = -1;
        for (int i = 0; i < p->n_w; i++)
            pos[co[i]] = i;
        for (int a = 0; a <= p->n_w; a++)
            for (int b = 1; b <= p->n_w; b++)
                if (pos[a] < pos[b])
                    adj[a] |= 1ull << b;            /* co */
        for (int r = 0; r < p->n_r; r++) {
            int rd = p->n_w + 1 + r, w = from[r];
            adj[w] |= 1ull << rd;                   /* rf */
            for (int b = 1; b <= p->n_w; b++)
                if (pos[b] > pos[w])
                    adj[rd] |= 1ull << b;           /* fr */
        }
        if (acyclic(adj, n))
            counts[p->n_w ? co[p->n_w - 1] : 0]++;
        return;
    }
    for (int w = 0; w <= p->n_w; w++)
        if (p->src[j] >> w & 1) {
            from[j] = w;
            brute_sources(p, co, j + 1, from, counts);
        }
}

static void brute_orders(const prob *p, int *co, int i, uint64_t used,
                         uint64_t *counts)
{
    if (i == p->n_w) {
        int from[MAXL + 1];
        brute_sources(p, co, 0, from, counts);
        return;
    }
    for (int w = 1; w <= p->n_w; w++)
        if (!(used >> w & 1)) {
            co[i] = w;
            brute_orders(p, co, i + 1, used | 1ull << w, counts);
        }
}

/* one table kept across the checks, as search.c keeps it: each count
 * leaves it zeroed for the next (a smaller or larger shape) */
static co_work kept;

static void same_as_brute(const prob *p)
{
    uint64_t want[MAXL + 1] = {0}, got[64] = {0};
    int co[MAXL + 1];
    brute_orders(p, co, 0, 0, want);
    co_problem cp = {p->n_w, p->n_r, p->thr, p->poloc, p->src, &kept};
    assert_true(co_count(&cp, got));
    for (int w = 0; w <= p->n_w; w++)
        assert_int_equal(got[w], want[w]);
    for (size_t i = 0; i < kept.n; i++)
        assert_int_equal(kept.cells[i], 0);
}

static uint64_t total(const char *const *th, int n_th)
{
    prob p;
    shape(&p, th, n_th);
    uint64_t c[64] = {0}, sum = 0;
    co_problem cp = {p.n_w, p.n_r, p.thr, p.poloc, p.src, NULL};
    assert_true(co_count(&cp, c));
    for (int w = 0; w <= p.n_w; w++)
        sum += c[w];
    return sum;
}

static void herd_counts(void **state)
{
    (void)state;
    /* mk/scale-gen.sh's cowr-*-TxW: herd7 7.58 counts 50 (2x3) and
       16530 (3x3); 104856 (4x2) and 19484520 (4x3) as the enumeration
       and a separate program count them */
    const char *const t3[] = {"WWWR", "WWWR", "WWWR", "WWWR"};
    const char *const t2[] = {"WWR", "WWR", "WWR", "WWR"};
    assert_int_equal(total(t3, 2), 50);
    assert_int_equal(total(t3, 3), 16530);
    assert_int_equal(total(t2, 4), 104856);
    assert_int_equal(total(t3, 4), 19484520);
    /* no write: every read reads the initial value */
    const char *const rr[] = {"RR", "R"};
    assert_int_equal(total(rr, 2), 1);
}

static void fixed_shapes(void **state)
{
    (void)state;
    const char *const sets[][3] = {
        {"WR", "WR", ""}, {"RW", "WR", ""}, {"WRWR", "RW", ""},
        {"WWR", "RRW", "W"}, {"RWR", "WRW", "R"}, {"WRR", "WW", "RR"},
    };
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        prob p;
        shape(&p, sets[i], sets[i][2][0] ? 3 : 2);
        same_as_brute(&p);
    }
}

/* Random shapes and sources (a read of a value only some writes have). */
static void random_shapes(void **state)
{
    (void)state;
    uint64_t rng = 88172645463325252ull;
    for (int k = 0; k < 300; k++) {
        char buf[3][5];
        const char *th[3];
        int n_th = 1 + (int)(rng % 3), left = 7;
        for (int t = 0; t < n_th; t++) {
            rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
            int len = 1 + (int)(rng % 4);
            if (len > left)
                len = left;
            left -= len;
            for (int i = 0; i < len; i++)
                buf[t][i] = (rng >> (8 + i)) & 1 ? 'W' : 'R';
            buf[t][len] = 0;
            th[t] = buf[t];
        }
        prob p;
        shape(&p, th, n_th);
        for (int j = 0; j < p.n_r; j++) {
            rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
            p.src[j] &= rng | (k & 1);  /* some keep every source */
        }
        same_as_brute(&p);
    }
}

/* Two accesses of one instruction (no po between them): not counted. */
static void unordered(void **state)
{
    (void)state;
    const char *const th[] = {"WR"};
    prob p;
    shape(&p, th, 1);
    p.poloc[1] = 0;
    uint64_t c[64];
    co_problem cp = {p.n_w, p.n_r, p.thr, p.poloc, p.src, NULL};
    assert_false(co_count(&cp, c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(herd_counts),
        cmocka_unit_test(fixed_shapes),
        cmocka_unit_test(random_shapes),
        cmocka_unit_test(unordered),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    co_work_free(&kept);
    return failed;
}
