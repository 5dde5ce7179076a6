/* test_hwrun_skew.c — the skew draw of the timed start (hwrun/harness/
 * hr_skew.h), the one every target's harness compiles (x86 here, Power,
 * AArch64, ARM and RISC-V cross-built: tests/e2e/hwrun_skew.sh runs it
 * under qemu): the policies' shares, the ranges, both directions between
 * threads, the same plan for every thread, the sweep's even walk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hwrun/harness/hr_skew.h"

#define KEY 0x123456789abcdefu

static void off_never_skews(void **unused)
{
    (void)unused;
    for (uint64_t b = 0; b < 1000; b++)
        assert_false(hr_skew_on(HR_SKEW_OFF, KEY + b, b));
}

/* auto: about half of the blocks skewed; each offset in 0..range, both
 * ends reached, mean near range/2; thread 1 both leads and lags thread 0
 * by most of the range. */
static void auto_half_blocks_full_range_both_ways(void **unused)
{
    (void)unused;
    const uint64_t range = 300;
    int on = 0, lead = 0, lag = 0, same = 0;
    int64_t most_lead = 0, most_lag = 0;
    uint64_t lo = range, hi = 0, total = 0;
    for (uint64_t b = 0; b < 10000; b++)
        on += hr_skew_on(HR_SKEW_AUTO, KEY, b);
    assert_in_range(on, 4700, 5300);
    for (uint64_t i = 0; i < 20000; i++) {
        uint64_t o0 = hr_skew_offset(HR_SKEW_AUTO, KEY, range, i, 0);
        uint64_t o1 = hr_skew_offset(HR_SKEW_AUTO, KEY, range, i, 1);
        assert_true(o0 <= range && o1 <= range);
        lo = o0 < lo ? o0 : lo;
        hi = o0 > hi ? o0 : hi;
        total += o0;
        int64_t d = (int64_t)o1 - (int64_t)o0;
        lead += d < 0, lag += d > 0, same += d == 0;
        most_lead = d < most_lead ? d : most_lead;
        most_lag = d > most_lag ? d : most_lag;
    }
    assert_int_equal(lo, 0);
    assert_int_equal(hi, range);
    assert_in_range(total / 20000, 140, 160);
    assert_in_range(lead, 9500, 10500);
    assert_in_range(lag, 9500, 10500);
    assert_true(same > 0);
    assert_true(most_lead <= -290 && most_lag >= 290);
}

/* Every thread computes the plan alone: the same inputs give the same
 * draw, another round's key another one; -skew N's range is N ticks. */
static void same_plan_for_every_thread(void **unused)
{
    (void)unused;
    int differ = 0;
    for (uint64_t i = 0; i < 1000; i++) {
        assert_int_equal(hr_skew_on(HR_SKEW_FIXED, KEY, i),
                         hr_skew_on(HR_SKEW_FIXED, KEY, i));
        assert_int_equal(hr_skew_offset(HR_SKEW_FIXED, KEY, 40, i, 3),
                         hr_skew_offset(HR_SKEW_FIXED, KEY, 40, i, 3));
        assert_true(hr_skew_offset(HR_SKEW_FIXED, KEY, 40, i, 3) <= 40);
        differ += hr_skew_offset(HR_SKEW_FIXED, KEY, 40, i, 3) !=
                  hr_skew_offset(HR_SKEW_FIXED, KEY + 1, 40, i, 3);
        assert_int_equal(hr_skew_offset(HR_SKEW_AUTO, KEY, 0, i, 1), 0);
    }
    assert_true(differ > 900);
}

/* auto and N: a skewed block's range is 2R, R, R/2 or R/4, a quarter
 * of the blocks each (a cost measured wrong still leaves blocks on the
 * right scale); sweep keeps R. */
static void blocks_take_four_scales(void **unused)
{
    (void)unused;
    int seen[4] = {0};
    for (uint64_t b = 0; b < 4000; b++) {
        uint64_t r = hr_skew_range(HR_SKEW_AUTO, KEY, 400, b);
        int k = r == 800 ? 0 : r == 400 ? 1 : r == 200 ? 2 : r == 100 ? 3 : -1;
        assert_true(k >= 0);
        seen[k]++;
        assert_int_equal(hr_skew_range(HR_SKEW_SWEEP, KEY, 400, b), 400);
    }
    for (int k = 0; k < 4; k++)
        assert_in_range(seen[k], 900, 1100);
}

/* sweep: every block skewed; over 1000 instances each tenth of the range
 * holds about a tenth of one thread's offsets, and of the differences
 * between two threads (mod the range): an even walk, not clumps. */
static void sweep_walks_the_range_evenly(void **unused)
{
    (void)unused;
    const uint64_t range = 999;
    int own[10] = {0}, diff[10] = {0};
    for (uint64_t b = 0; b < 100; b++)
        assert_true(hr_skew_on(HR_SKEW_SWEEP, KEY, b));
    for (uint64_t i = 0; i < 1000; i++) {
        uint64_t o0 = hr_skew_offset(HR_SKEW_SWEEP, KEY, range, i, 0);
        uint64_t o1 = hr_skew_offset(HR_SKEW_SWEEP, KEY, range, i, 1);
        assert_true(o0 <= range && o1 <= range);
        own[o0 * 10 / (range + 1)]++;
        diff[(o1 + range + 1 - o0) % (range + 1) * 10 / (range + 1)]++;
    }
    for (int k = 0; k < 10; k++) {
        assert_in_range(own[k], 90, 110);
        assert_in_range(diff[k], 90, 110);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(off_never_skews),
        cmocka_unit_test(auto_half_blocks_full_range_both_ways),
        cmocka_unit_test(same_plan_for_every_thread),
        cmocka_unit_test(blocks_take_four_scales),
        cmocka_unit_test(sweep_walks_the_range_evenly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
