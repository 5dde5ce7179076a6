/* test_ways.c — mdl_ways_add (model/prepare.c), the ways a value of a
 * location's value set was made through (each a set of write sites):
 * against the definition, the minimal sets of those added, while they
 * fit in MDL_MAX_WAYS; past it, every way added still goes through all
 * the sites of a way kept (a value is left out only if no way kept
 * avoids a site, so fewer sites leave out fewer values), the ways kept
 * are at most MDL_MAX_WAYS and none goes through all of another's. And
 * the case of issue 24: merged, two ways keep what they have in common,
 * not the sites common to all (none). And the ways of a value kept by
 * the thread that wrote them (mdl_dom_add_prov). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "model/engine.h"

static bool within(uint64_t a, uint64_t b) /* a's sites all in b */
{
    return (a & b) == a;
}

static void check_antichain(const mdl_ways *w)
{
    assert_true(w->n >= 1 && w->n <= MDL_MAX_WAYS);
    for (int i = 0; i < w->n; i++)
        for (int j = 0; j < w->n; j++)
            assert_true(i == j || !within(w->w[i], w->w[j]));
}

static bool covered(const mdl_ways *w, uint64_t way)
{
    for (int i = 0; i < w->n; i++)
        if (within(w->w[i], way))
            return true;
    return false;
}

/* Few ways: exactly the minimal sets of those added. */
static void exact_when_few(void **state)
{
    (void)state;
    srand(24);
    for (int round = 0; round < 2000; round++) {
        mdl_ways w = {{0}, 0};
        uint64_t added[16];
        int n = 0;
        for (int k = 0; k < 16; k++) {
            uint64_t a = (uint64_t)(rand() & 63);
            if (!a)
                continue;
            mdl_ways copy = w;
            mdl_ways_add(&copy, a);
            /* the minimal sets of added + a */
            int minimal = 0;
            added[n] = a;
            for (int i = 0; i <= n; i++) {
                bool least = true;
                for (int j = 0; j <= n && least; j++)
                    least = !(within(added[j], added[i]) &&
                              (added[j] != added[i] || j < i));
                minimal += least;
            }
            if (minimal > MDL_MAX_WAYS)
                break;
            w = copy;
            n++;
            check_antichain(&w);
            assert_int_equal(w.n, minimal);
            for (int i = 0; i < n; i++)
                assert_true(covered(&w, added[i]));
            for (int i = 0; i < w.n; i++) {
                bool one = false;
                for (int j = 0; j < n && !one; j++)
                    one = added[j] == w.w[i];
                assert_true(one);
            }
        }
    }
}

/* Many ways: each added one still covered, the ways an antichain. */
static void sound_when_many(void **state)
{
    (void)state;
    srand(25);
    for (int round = 0; round < 2000; round++) {
        mdl_ways w = {{0}, 0};
        uint64_t added[40];
        for (int k = 0; k < 40; k++) {
            added[k] = (uint64_t)rand() & 0xfff;
            added[k] |= (uint64_t)1 << (rand() % 12);
            mdl_ways_add(&w, added[k]);
            check_antichain(&w);
            for (int i = 0; i <= k; i++)
                assert_true(covered(&w, added[i]));
        }
    }
}

/* g7_47's value 6 of z: five ways of two sites each out of four
 * additions; merged, ways of one site are kept, not the empty set. */
static void merge_keeps_common_sites(void **state)
{
    (void)state;
    mdl_ways w = {{0}, 0};
    const uint64_t ways[] = {0x3, 0x5, 0x9, 0x6, 0xa, 0xc};
    for (size_t i = 0; i < sizeof ways / sizeof *ways; i++)
        mdl_ways_add(&w, ways[i]);
    check_antichain(&w);
    for (int i = 0; i < w.n; i++)
        assert_true(w.w[i] != 0);
}

/* The ways of a value by the thread whose writes made them (mdl_loc.by,
 * for a read of another thread's write): kept apart, each thread's
 * minimal; the union in prov; a way new to one thread's counts as a
 * change though the union has a shorter one. */
static void ways_by_writer(void **state)
{
    (void)state;
    mdl_loc l = {0};
    mdl_ways a = {{0x1}, 1}, ab = {{0x3}, 1}, abc = {{0x7}, 1};
    assert_true(mdl_dom_add_prov(&l, sem_int(5), &a, 1));       /* P0 */
    assert_true(mdl_dom_add_prov(&l, sem_int(5), &ab, 2));      /* P1 */
    assert_false(mdl_dom_add_prov(&l, sem_int(5), &ab, 2));
    assert_false(mdl_dom_add_prov(&l, sem_int(5), &abc, 1));
    assert_int_equal(l.n_dom, 1);
    assert_int_equal(l.prov[0].n, 1);
    assert_true(l.prov[0].w[0] == 0x1);
    assert_int_equal(l.by[0].n, 2);
    assert_true(l.by[0].e[0].writers == 1 && l.by[0].e[0].ways.w[0] == 0x1);
    assert_true(l.by[0].e[1].writers == 2 && l.by[0].e[1].ways.n == 1 &&
                l.by[0].e[1].ways.w[0] == 0x3);
    assert_true(l.writers[0] == 3);
    assert_int_equal(l.n_by, 1);
    free(l.by[0].e);
    free(l.by);
    free(l.dom);
    free(l.prov);
    free(l.writers);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_when_few),
        cmocka_unit_test(sound_when_many),
        cmocka_unit_test(merge_keeps_common_sites),
        cmocka_unit_test(ways_by_writer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
