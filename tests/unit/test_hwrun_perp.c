/* test_hwrun_perp.c — perpetual mode's analysis (hwrun/harness/hr_perp.c,
 * compiled here from its source as each test binary compiles it): a
 * hand-worked SB trace whose counts are known, the two-thread analysis
 * equal to every combination's on random traces, and the linear
 * heuristic never above the exact count of any state (two and three
 * threads). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "hwrun/harness/hr_hist.c"
#include "hwrun/harness/hr_perp.c"

/* SB: code 1 is P0's x=1, code 2 P1's y=1; S = 3; out 0 is 0:rax (y),
 * out 1 is 1:rax (x). */
static const int sb_code_thread[] = {-1, 0, 1};
static const int64_t sb_code_value[] = {0, 1, 1};
static const int sb_n_rec[] = {1, 1};
static const int sb_out_thread[] = {0, 1};
static const int sb_out_slot[] = {0, 0};
static const int64_t sb_out_fixed[] = {0, 0};
static const hr_perp_shape sb = {2, 2, 3, sb_code_thread, sb_code_value,
                                 sb_n_rec, sb_out_thread, sb_out_slot,
                                 sb_out_fixed};

static uint64_t count_of(const hr_hist *h, int64_t a, int64_t b)
{
    int64_t key[4] = {a, b, 0, 0};
    for (size_t i = 0; i < h->cap; i++)
        if (h->counts[i] && !memcmp(h->keys + i * 4, key, sizeof key))
            return h->counts[i];
    return 0;
}

/* P0 reads y: init, P1's iteration 0, P1's iteration 1 (raw 0, 2, 5);
 * P1 reads x: init, P0's iteration 0, P0's iteration 2 (0, 1, 7). Of the
 * 9 pairs (k0, k1), (0,2), (1,2), (2,0) read a later write than their
 * pair's: no instance. The others, worked by hand: (0,0) and (1,1) give
 * 0/0, (0,1) and (2,2) 0/1, (1,0) and (2,1) 1/0. */
static void sb_by_hand(void **unused)
{
    (void)unused;
    int64_t r0[] = {0, 2, 5}, r1[] = {0, 1, 7};
    int64_t *rec[] = {r0, r1};
    for (int m = HR_PERP_BRUTE; m <= HR_PERP_PAIR; m++) {
        hr_hist h;
        hr_hist_init(&h, 4);
        assert_int_equal(hr_perp_count(&sb, rec, 3, m, &h), m);
        assert_int_equal(h.used, 3);
        assert_int_equal(count_of(&h, 0, 0), 2);
        assert_int_equal(count_of(&h, 0, 1), 2);
        assert_int_equal(count_of(&h, 1, 0), 2);
        assert_int_equal(count_of(&h, 1, 1), 0);
        hr_hist_free(&h);
    }
}

/* A value no store writes (code 0) puts its iteration in no instance. */
static void garbage_is_no_instance(void **unused)
{
    (void)unused;
    int64_t r0[] = {3, 0}, r1[] = {0, 0};
    int64_t *rec[] = {r0, r1};
    hr_hist h;
    hr_hist_init(&h, 4);
    hr_perp_count(&sb, rec, 2, HR_PERP_PAIR, &h);
    assert_int_equal(count_of(&h, 0, 0), 2);   /* (1,0), (1,1) */
    assert_int_equal(h.used, 1);
    hr_hist_free(&h);
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random trace of a machine where thread t's reads see the writer's
 * iteration k + drift, drift in -d..1, clipped to 0..n-1, or init while
 * that is negative; in order (a read never goes back), as coherence
 * makes it. */
static void random_trace(const hr_perp_shape *s, const int *code,
                         int64_t **rec, uint64_t n, int d)
{
    for (int t = 0; t < s->n_threads; t++)
        for (int k = 0; k < s->n_outs; k++) {
            if (s->out_thread[k] != t)
                continue;
            int64_t last = -1;
            for (uint64_t i = 0; i < n; i++) {
                int64_t j = (int64_t)i + 1 - (int64_t)(next() % (uint64_t)(d + 2));
                if (j < last)
                    j = last;
                if (j >= (int64_t)n)
                    j = (int64_t)n - 1;
                last = j;
                rec[t][i * (uint64_t)s->n_rec[t] + (uint64_t)s->out_slot[k]] =
                    j < 0 ? 0 : j * s->stride + code[k];
            }
        }
}

static int64_t *find(const hr_hist *h, const int64_t *key, int w)
{
    for (size_t i = 0; i < h->cap; i++)
        if (h->counts[i] && !memcmp(h->keys + i * (size_t)w, key,
                                    (size_t)w * sizeof *key))
            return (int64_t *)&h->counts[i];
    return NULL;
}

/* exact (BRUTE) and the other method m on random traces of shape s:
 * equal (same) or never above (!same) in every state */
static void against_brute(const hr_perp_shape *s, const int *code, int m,
                          int same)
{
    uint64_t n = s->n_threads == 2 ? 60 : 25;
    for (int round = 0; round < 30; round++) {
        int64_t *rec[3];
        for (int t = 0; t < s->n_threads; t++)
            rec[t] = calloc(n * (uint64_t)(s->n_rec[t] + 1), sizeof **rec);
        random_trace(s, code, rec, n, 1 + round % 6);
        hr_hist a, b;
        int w = 2 * s->n_outs;
        hr_hist_init(&a, w);
        hr_hist_init(&b, w);
        hr_perp_count(s, rec, n, HR_PERP_BRUTE, &a);
        assert_int_equal(hr_perp_count(s, rec, n, m, &b), m);
        uint64_t sum_a = 0, sum_b = 0;
        for (size_t i = 0; i < b.cap; i++) {
            if (!b.counts[i])
                continue;
            int64_t *c = find(&a, b.keys + i * (size_t)w, w);
            assert_non_null(c);
            assert_true(b.counts[i] <= (uint64_t)*c);
            if (same)
                assert_true(b.counts[i] == (uint64_t)*c);
            sum_b += b.counts[i];
        }
        for (size_t i = 0; i < a.cap; i++)
            sum_a += a.counts[i];
        assert_true(sum_b <= sum_a);
        if (same)
            assert_true(sum_a == sum_b && a.used == b.used);
        else
            assert_true(sum_b > 0);
        hr_hist_free(&a);
        hr_hist_free(&b);
        for (int t = 0; t < s->n_threads; t++)
            free(rec[t]);
    }
}

static void pair_is_exact(void **unused)
{
    (void)unused;
    static const int code[] = {2, 1};   /* 0:rax reads y, 1:rax x */
    against_brute(&sb, code, HR_PERP_PAIR, 1);
}

static void linear_is_a_lower_bound(void **unused)
{
    (void)unused;
    static const int code[] = {2, 1}, ring_code[] = {1, 2, 3};
    against_brute(&sb, code, HR_PERP_LINEAR, 0);
    /* three threads in a ring (WRC-like reads): out k, recorded by
       thread k, reads code k + 1, written by thread (k + 1) % 3 */
    static const int ct[] = {-1, 1, 2, 0};
    static const int64_t cv[] = {0, 1, 1, 1};
    static const int nr[] = {1, 1, 1};
    static const int ot[] = {0, 1, 2};
    static const int os[] = {0, 0, 0};
    static const int64_t of[] = {0, 0, 0};
    static const hr_perp_shape ring = {3, 3, 4, ct, cv, nr, ot, os, of};
    against_brute(&ring, ring_code, HR_PERP_LINEAR, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sb_by_hand),
        cmocka_unit_test(garbage_is_no_instance),
        cmocka_unit_test(pair_is_exact),
        cmocka_unit_test(linear_is_a_lower_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
