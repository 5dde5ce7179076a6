/* test_relation.c — bit-vector sets and bit-matrix relations, checked against
 * a plain boolean-matrix reference on random relations of sizes around
 * the 64-bit word boundaries (no cap at 64 events). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "model/relation.h"

static const int sizes[] = {1, 3, 63, 64, 65, 130, 300};
enum { NSIZES = sizeof sizes / sizeof sizes[0], MAXN = 300 };

static uint64_t rng_state = 88172645463325252ULL;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* A random relation with about `per_row` edges per row, mirrored in a
 * boolean matrix. */
static void random_rel(mdl_rel *r, bool *ref, int n, int per_row)
{
    mdl_rel_clear(r);
    memset(ref, 0, (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        for (int e = 0; e < per_row; e++) {
            int j = (int)(rnd() % (uint64_t)n);
            mdl_rel_add(r, i, j);
            ref[i * n + j] = true;
        }
}

static void assert_matches(const mdl_rel *r, const bool *ref, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            assert_int_equal(mdl_rel_has(r, i, j), ref[i * n + j]);
}

static void ref_closure(bool *c, const bool *a, int n)
{
    memcpy(c, a, (size_t)n * (size_t)n);
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            if (c[i * n + k])
                for (int j = 0; j < n; j++)
                    c[i * n + j] |= c[k * n + j];
}

static void sets_basic(void **state)
{
    (void)state;
    for (int s = 0; s < NSIZES; s++) {
        int n = sizes[s];
        mdl_set a, b, c;
        mdl_set_init(&a, n);
        mdl_set_init(&b, n);
        mdl_set_init(&c, n);
        assert_true(mdl_set_empty(&a));
        for (int i = 0; i < n; i += 2)
            mdl_set_add(&a, i);
        for (int i = 0; i < n; i += 3)
            mdl_set_add(&b, i);
        mdl_set_union(&c, &a, &b);
        for (int i = 0; i < n; i++)
            assert_int_equal(mdl_set_has(&c, i), i % 2 == 0 || i % 3 == 0);
        mdl_set_inter(&c, &a, &b);
        for (int i = 0; i < n; i++)
            assert_int_equal(mdl_set_has(&c, i), i % 6 == 0);
        mdl_set_diff(&c, &a, &b);
        for (int i = 0; i < n; i++)
            assert_int_equal(mdl_set_has(&c, i), i % 2 == 0 && i % 3 != 0);
        mdl_set_complement(&c, &a);
        for (int i = 0; i < n; i++)
            assert_int_equal(mdl_set_has(&c, i), i % 2 == 1);
        /* The complement must not set bits past n. */
        mdl_set_complement(&c, &c);
        mdl_set_diff(&c, &c, &a);
        assert_true(mdl_set_empty(&c));
        mdl_set_copy(&c, &b);
        assert_true(mdl_set_has(&c, 0));
        mdl_set_clear(&c);
        assert_true(mdl_set_empty(&c));
        mdl_set_free(&a);
        mdl_set_free(&b);
        mdl_set_free(&c);
    }
}

static void rel_boolean_ops_and_seq(void **state)
{
    (void)state;
    static bool ra[MAXN * MAXN], rb[MAXN * MAXN], rc[MAXN * MAXN];
    for (int s = 0; s < NSIZES; s++) {
        int n = sizes[s];
        mdl_rel a, b, c;
        mdl_rel_init(&a, n);
        mdl_rel_init(&b, n);
        mdl_rel_init(&c, n);
        random_rel(&a, ra, n, 2);
        random_rel(&b, rb, n, 2);

        mdl_rel_union(&c, &a, &b);
        for (int k = 0; k < n * n; k++)
            rc[k] = ra[k] || rb[k];
        assert_matches(&c, rc, n);
        mdl_rel_inter(&c, &a, &b);
        for (int k = 0; k < n * n; k++)
            rc[k] = ra[k] && rb[k];
        assert_matches(&c, rc, n);
        mdl_rel_diff(&c, &a, &b);
        for (int k = 0; k < n * n; k++)
            rc[k] = ra[k] && !rb[k];
        assert_matches(&c, rc, n);

        mdl_rel_seq(&c, &a, &b);
        memset(rc, 0, (size_t)n * (size_t)n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (ra[i * n + j])
                    for (int k = 0; k < n; k++)
                        rc[i * n + k] |= rb[j * n + k];
        assert_matches(&c, rc, n);

        mdl_rel_inverse(&c, &a);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                rc[i * n + j] = ra[j * n + i];
        assert_matches(&c, rc, n);
        /* In place gives the same. */
        mdl_rel_copy(&c, &a);
        mdl_rel_inverse(&c, &c);
        assert_matches(&c, rc, n);
        assert_false(n > 3 && mdl_rel_equal(&c, &a));
        mdl_rel_inverse(&c, &c);
        assert_true(mdl_rel_equal(&c, &a));

        mdl_rel_free(&a);
        mdl_rel_free(&b);
        mdl_rel_free(&c);
    }
}

static void rel_closures(void **state)
{
    (void)state;
    static bool ra[MAXN * MAXN], rc[MAXN * MAXN];
    for (int s = 0; s < NSIZES; s++) {
        int n = sizes[s];
        mdl_rel a, c;
        mdl_rel_init(&a, n);
        mdl_rel_init(&c, n);
        random_rel(&a, ra, n, 1);
        mdl_rel_transitive(&c, &a);
        ref_closure(rc, ra, n);
        assert_matches(&c, rc, n);
        /* In place. */
        mdl_rel_copy(&c, &a);
        mdl_rel_transitive(&c, &c);
        assert_matches(&c, rc, n);
        mdl_rel_reflexive_transitive(&c, &a);
        for (int i = 0; i < n; i++)
            rc[i * n + i] = true;
        assert_matches(&c, rc, n);
        mdl_rel_free(&a);
        mdl_rel_free(&c);
    }
}

static void rel_sets_to_relations(void **state)
{
    (void)state;
    for (int s = 0; s < NSIZES; s++) {
        int n = sizes[s];
        mdl_set a, b, d;
        mdl_rel r;
        mdl_set_init(&a, n);
        mdl_set_init(&b, n);
        mdl_set_init(&d, n);
        mdl_rel_init(&r, n);
        for (int i = 0; i < n; i += 5)
            mdl_set_add(&a, i);
        for (int i = 1; i < n; i += 7)
            mdl_set_add(&b, i);
        mdl_rel_identity_on(&r, &a);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                assert_int_equal(mdl_rel_has(&r, i, j), i == j && i % 5 == 0);
        assert_false(mdl_rel_irreflexive(&r));
        assert_false(mdl_rel_acyclic(&r));
        mdl_rel_cartesian(&r, &a, &b);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                assert_int_equal(mdl_rel_has(&r, i, j),
                                 i % 5 == 0 && j % 7 == 1);
        mdl_rel_domain(&d, &r);
        for (int i = 0; i < n; i++)
            assert_int_equal(mdl_set_has(&d, i), n > 1 && i % 5 == 0);
        mdl_rel_range(&d, &r);
        for (int i = 0; i < n; i++)
            assert_int_equal(mdl_set_has(&d, i), i % 7 == 1);
        assert_int_equal(mdl_rel_empty(&r), n == 1);
        mdl_rel_clear(&r);
        assert_true(mdl_rel_empty(&r));
        assert_true(mdl_rel_acyclic(&r));
        mdl_set_free(&a);
        mdl_set_free(&b);
        mdl_set_free(&d);
        mdl_rel_free(&r);
    }
}

/* Acyclicity against the closure's diagonal, on sparse random relations
 * (often acyclic) and on chains with and without a closing edge. */
static void rel_acyclic(void **state)
{
    (void)state;
    static bool ra[MAXN * MAXN], rc[MAXN * MAXN];
    int cyclic = 0, acyclic = 0;
    for (int s = 0; s < NSIZES; s++) {
        int n = sizes[s];
        mdl_rel a;
        mdl_rel_init(&a, n);
        for (int trial = 0; trial < 40; trial++) {
            mdl_rel_clear(&a);
            memset(ra, 0, (size_t)n * (size_t)n);
            int edges = (int)(rnd() % (uint64_t)(n + 1));
            for (int e = 0; e < edges; e++) {
                int i = (int)(rnd() % (uint64_t)n);
                int j = (int)(rnd() % (uint64_t)n);
                /* Mostly forward edges, so both outcomes occur. */
                if (i > j && rnd() % 8) {
                    int t = i;
                    i = j;
                    j = t;
                }
                mdl_rel_add(&a, i, j);
                ra[i * n + j] = true;
            }
            ref_closure(rc, ra, n);
            bool expect = true;
            for (int i = 0; i < n; i++)
                if (rc[i * n + i])
                    expect = false;
            assert_int_equal(mdl_rel_acyclic(&a), expect);
            if (expect)
                acyclic++;
            else
                cyclic++;
        }
        /* A chain 0 -> 1 -> ... -> n-1, then closed into a cycle. */
        mdl_rel_clear(&a);
        for (int i = 0; i + 1 < n; i++)
            mdl_rel_add(&a, i, i + 1);
        assert_true(mdl_rel_acyclic(&a));
        assert_true(mdl_rel_irreflexive(&a));
        mdl_rel_add(&a, n - 1, 0);
        assert_false(mdl_rel_acyclic(&a));
        mdl_rel_free(&a);
    }
    assert_true(cyclic > 10);
    assert_true(acyclic > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sets_basic),
        cmocka_unit_test(rel_boolean_ops_and_seq),
        cmocka_unit_test(rel_closures),
        cmocka_unit_test(rel_sets_to_relations),
        cmocka_unit_test(rel_acyclic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
