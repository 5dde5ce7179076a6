/* test_hwrun_hist.c — the harness's histogram (compiled here from its
 * source, as each test binary compiles it): exact 64-bit counts, growth
 * past many distinct states, merging per-thread tables, sorted output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hwrun/harness/hr_hist.c"

static void counts_are_64_bit(void **unused)
{
    (void)unused;
    hr_hist h;
    hr_hist_init(&h, 2);
    int64_t k[2] = {0, -1};
    hr_hist_add(&h, k, 5000000000u);
    hr_hist_add(&h, k, 5000000001u);
    size_t n;
    size_t *idx = hr_hist_sorted(&h, &n);
    assert_int_equal(n, 1);
    assert_true(h.counts[idx[0]] == 10000000001u);
    free(idx);
    hr_hist_free(&h);
}

/* 3000 distinct states added in a scrambled order, twice, into two
 * tables merged into a third: every count is 2 and the order is by key. */
static void grows_merges_and_sorts(void **unused)
{
    (void)unused;
    hr_hist a, b, all;
    hr_hist_init(&a, 3);
    hr_hist_init(&b, 3);
    hr_hist_init(&all, 3);
    for (int64_t i = 0; i < 3000; i++) {
        int64_t j = (i * 7919) % 3000;
        int64_t k[3] = {j / 100, j % 100, -j};
        hr_hist_add(&a, k, 1);
        hr_hist_add(i % 2 ? &b : &a, k, 1);
    }
    hr_hist_merge(&all, &a);
    hr_hist_merge(&all, &b);
    size_t n;
    size_t *idx = hr_hist_sorted(&all, &n);
    assert_int_equal(n, 3000);
    for (size_t i = 0; i < n; i++) {
        const int64_t *k = all.keys + idx[i] * 3;
        int64_t j = (int64_t)i;
        assert_true(k[0] == j / 100 && k[1] == j % 100 && k[2] == -j);
        assert_int_equal(all.counts[idx[i]], 2);
    }
    free(idx);
    hr_hist_free(&a);
    hr_hist_free(&b);
    hr_hist_free(&all);
}

/* A test with no final values to record: every run is the same state. */
static void zero_width_keys(void **unused)
{
    (void)unused;
    hr_hist h;
    hr_hist_init(&h, 0);
    hr_hist_add(&h, NULL, 3);
    hr_hist_add(&h, NULL, 4);
    size_t n;
    size_t *idx = hr_hist_sorted(&h, &n);
    assert_int_equal(n, 1);
    assert_int_equal(h.counts[idx[0]], 7);
    free(idx);
    hr_hist_free(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_are_64_bit),
        cmocka_unit_test(grows_merges_and_sorts),
        cmocka_unit_test(zero_width_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
