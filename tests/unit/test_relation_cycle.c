/* test_relation_cycle.c — the shortest paths and cycles --explain prints, on
 * hand-built relations (worked out by hand), across the 64-event word
 * boundary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>

#include "model/relation.h"

static void test_no_cycle(void **state)
{
    (void)state;
    mdl_rel r;
    mdl_rel_init(&r, 4);
    mdl_rel_add(&r, 0, 1);
    mdl_rel_add(&r, 1, 2);
    mdl_rel_add(&r, 0, 2);
    int c[5];
    assert_int_equal(mdl_rel_cycle(&r, c), 0);
    assert_int_equal(mdl_rel_path(&r, 2, 0, c), 0);
    assert_int_equal(mdl_rel_path(&r, 0, 0, c), 0);
    mdl_rel_free(&r);
}

static void test_shortest_path(void **state)
{
    (void)state;
    mdl_rel r;
    mdl_rel_init(&r, 5);
    /* 0->1->2->3 and a shortcut 0->4->3 */
    mdl_rel_add(&r, 0, 1);
    mdl_rel_add(&r, 1, 2);
    mdl_rel_add(&r, 2, 3);
    mdl_rel_add(&r, 0, 4);
    mdl_rel_add(&r, 4, 3);
    int p[6];
    assert_int_equal(mdl_rel_path(&r, 0, 3, p), 3);
    assert_int_equal(p[0], 0);
    assert_int_equal(p[1], 4);
    assert_int_equal(p[2], 3);
    assert_int_equal(mdl_rel_path(&r, 1, 3, p), 3);
    assert_int_equal(p[1], 2);
    mdl_rel_free(&r);
}

/* SB's cycle under SC: a -po-> b -fr-> c -po-> d -fr-> a, plus a longer
 * one through event 4; the 4-event one is the shortest. */
static void test_sb_cycle(void **state)
{
    (void)state;
    mdl_rel r;
    mdl_rel_init(&r, 6);
    mdl_rel_add(&r, 0, 1);
    mdl_rel_add(&r, 1, 2);
    mdl_rel_add(&r, 2, 3);
    mdl_rel_add(&r, 3, 0);
    mdl_rel_add(&r, 3, 4);
    mdl_rel_add(&r, 4, 5);
    mdl_rel_add(&r, 5, 0);
    int c[8];
    int len = mdl_rel_cycle(&r, c);
    assert_int_equal(len, 5);
    assert_int_equal(c[0], 0);
    assert_int_equal(c[1], 1);
    assert_int_equal(c[2], 2);
    assert_int_equal(c[3], 3);
    assert_int_equal(c[4], 0);
    mdl_rel_free(&r);
}

static void test_self_loop(void **state)
{
    (void)state;
    mdl_rel r;
    mdl_rel_init(&r, 3);
    mdl_rel_add(&r, 0, 1);
    mdl_rel_add(&r, 1, 0);
    mdl_rel_add(&r, 2, 2);
    int c[5];
    assert_int_equal(mdl_rel_cycle(&r, c), 2);
    assert_int_equal(c[0], 2);
    assert_int_equal(c[1], 2);
    mdl_rel_free(&r);
}

/* A ring over 130 events crosses two word boundaries; the chord 10->120
 * makes the cycle through 0 shorter than the ring. */
static void test_wide(void **state)
{
    (void)state;
    enum { N = 130 };
    mdl_rel r;
    mdl_rel_init(&r, N);
    for (int i = 0; i < N; i++)
        mdl_rel_add(&r, i, (i + 1) % N);
    int c[N + 2];
    assert_int_equal(mdl_rel_path(&r, 0, 0, c), N + 1);
    assert_int_equal(c[64], 64);
    mdl_rel_add(&r, 10, 120);
    int len = mdl_rel_path(&r, 0, 0, c);
    assert_int_equal(len, 11 + 10 + 1);   /* 0..10, 120..129, 0 */
    assert_int_equal(c[10], 10);
    assert_int_equal(c[11], 120);
    assert_int_equal(c[len - 1], 0);
    assert_int_equal(mdl_rel_cycle(&r, c), len);
    mdl_rel_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_cycle),
        cmocka_unit_test(test_shortest_path),
        cmocka_unit_test(test_sb_cycle),
        cmocka_unit_test(test_self_loop),
        cmocka_unit_test(test_wide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
