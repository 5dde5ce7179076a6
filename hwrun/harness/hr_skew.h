/* hr_skew.h — skewed starts for the timed start (`-sync timebase`).
 *
 * With the same start for every thread, a run depends on the gap and the
 * placement coming out right for the test: when they do not (or another
 * process disturbs one thread), nothing moves the threads relative to
 * each other and a whole run can miss an outcome. So each thread's start
 * in an instance is put back by an offset drawn here: over a round every
 * thread leads and lags every other by up to `range` ticks (the cost of
 * one instance, re-measured as the run goes), while a share of the
 * instances keeps every offset at 0, where SB-like outcomes live.
 *
 * Header-only and pure (no state but the round's key), so that every
 * thread computes the same plan without sharing a table, the hot loop
 * pays a multiply or two, and tests/unit/test_hwrun_skew.c checks the
 * draw alone. The harness travels with every generated test, native or
 * cross-built (every generator of hwrun/gen/), so this one draw serves
 * every target. */
#ifndef HR_SKEW_H
#define HR_SKEW_H

#include <stdint.h>

/* Instances that are skewed, or not, together: half of the blocks keep
 * every start at 0, back to back, the steady rhythm in which outcomes
 * like R's show most; the other half draw an offset per instance and
 * thread, apart from each other, where SB+mfence+po's show most. */
#define HR_SKEW_BLOCK 64

/* -skew auto|0|N|sweep */
enum hr_skew_policy {
    HR_SKEW_AUTO,   /* half the blocks at 0, half random up to the cost */
    HR_SKEW_OFF,    /* -skew 0: every thread starts together */
    HR_SKEW_FIXED,  /* -skew N: as auto, with N ticks for the cost */
    HR_SKEW_SWEEP   /* every instance skewed, walking 0..cost evenly */
};

/* A 64-bit mix (splitmix64's finaliser): neighbouring inputs give
 * unrelated outputs, so instance i and i+1 draw independently. */
static inline uint64_t hr_skew_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* A value in 0..range from 32 random bits, by multiplication (no
 * division in the hot loop); range below 2^32. */
static inline uint64_t hr_skew_scale(uint64_t bits32, uint64_t range)
{
    return (bits32 * (range + 1)) >> 32;
}

/* Whether block b (instances b*HR_SKEW_BLOCK...) of the round keyed
 * `key` is skewed. The same answer for every thread: it moves the later
 * instances' slots. */
static inline int hr_skew_on(int policy, uint64_t key, uint64_t b)
{
    if (policy == HR_SKEW_OFF)
        return 0;
    if (policy == HR_SKEW_SWEEP)
        return 1;
    return (int)(hr_skew_mix(key ^ (b << 1)) >> 63);
}

/* The range of skewed block b, in ticks: for auto and N, one of 2R, R,
 * R/2 and R/4 drawn per block, R the measured cost (or N), so that a
 * cost measured wrong (a thread slowed while it was measured) still
 * leaves blocks on the right scale; for sweep, R. */
static inline uint64_t hr_skew_range(int policy, uint64_t key, uint64_t range,
                                     uint64_t b)
{
    if (policy == HR_SKEW_SWEEP)
        return range;
    unsigned j = (unsigned)(hr_skew_mix(key ^ (b << 1) ^ (1ull << 41)) >> 62);
    return j == 0 ? 2 * range : range >> (j - 1);
}

/* Thread k's offset, in ticks (0..range), in instance i when skewed.
 * Random for auto and N; for sweep a Weyl walk per thread (step a
 * multiple of the golden ratio, different per thread), so that the
 * differences between any two threads also walk the range evenly. */
static inline uint64_t hr_skew_offset(int policy, uint64_t key, uint64_t range,
                                      uint64_t i, int k)
{
    uint64_t bits;
    if (policy == HR_SKEW_SWEEP)
        bits = (key + i * (0x9e3779b97f4a7c15u * (uint64_t)(k + 1))) >> 32;
    else
        bits = hr_skew_mix(key ^ (i << 1) ^ 1 ^ ((uint64_t)(k + 1) << 40)) >>
               32;
    return hr_skew_scale(bits, range);
}

#endif
