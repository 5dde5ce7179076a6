/* test_near.c — lib/near.c's "did you mean": one edit (insert, delete,
 * change, swap of neighbours) and nothing more; a table's first such
 * name; the candidates a reader takes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "litmuslab/near.h"

static void one_edit_and_no_more(void **unused)
{
    (void)unused;
    assert_true(ll_one_edit("lwzz", "lwz"));     /* inserted */
    assert_true(ll_one_edit("lw", "lwz"));       /* deleted */
    assert_true(ll_one_edit("mfance", "mfence")); /* changed */
    assert_true(ll_one_edit("x86tos.cat", "x86tso.cat")); /* swapped */
    assert_false(ll_one_edit("model", "model"));
    assert_false(ll_one_edit("modle", "mdoel")); /* two apart */
    assert_false(ll_one_edit("sync", "lwsync"));
    assert_false(ll_one_edit("ab", "ba c"));
    assert_false(ll_one_edit("", "ab"));
    assert_true(ll_one_edit("", "a"));
}

typedef struct named {
    const char *name;
    int other;
} named;

static void first_name_in_a_table(void **unused)
{
    (void)unused;
    static const named t[] = {{"smp_rmb", 1}, {"smp_mb", 2}, {"smp_wmb", 3}};
    assert_string_equal(ll_near_name("smp_mbb", &t[0].name, 3, sizeof *t),
                        "smp_mb");
    assert_string_equal(ll_near_name("smp_xmb", &t[0].name, 3, sizeof *t),
                        "smp_rmb");  /* the first one edit away */
    assert_null(ll_near_name("smp_mb", &t[0].name, 3, sizeof *t)); /* known */
    assert_null(ll_near_name("rcu_read", &t[0].name, 3, sizeof *t));
    static const char *const opts[] = {"n", "model"};
    assert_null(ll_near_name("m", opts, 2, sizeof *opts)); /* too short */
    assert_string_equal(ll_near_name("modle", opts, 2, sizeof *opts),
                        "model");
}

static bool is_lwz(const char *cand, void *arg)
{
    (*(int *)arg)++;
    return !strcmp(cand, "lwz") || !strcmp(cand, "lwzx");
}

static void candidates_a_reader_takes(void **unused)
{
    (void)unused;
    char out[16];
    int tries = 0;
    assert_true(ll_near_by("lwzz", "abcdefghijklmnopqrstuvwxyz", is_lwz,
                           &tries, out, sizeof out));
    assert_string_equal(out, "lwz");   /* a deletion is tried first */
    assert_true(ll_near_by("lwxz", "", is_lwz, &tries, out, sizeof out));
    assert_string_equal(out, "lwz");
    assert_true(ll_near_by("lzx", "w", is_lwz, &tries, out, sizeof out));
    assert_string_equal(out, "lwzx");  /* inserted from the alphabet */
    tries = 0;
    assert_false(ll_near_by("stwcx", "abc", is_lwz, &tries, out,
                            sizeof out));
    assert_true(tries > 20);
    assert_false(ll_near_by("lw", "z", is_lwz, &tries, out, sizeof out));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_edit_and_no_more),
        cmocka_unit_test(first_name_in_a_table),
        cmocka_unit_test(candidates_a_reader_takes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
