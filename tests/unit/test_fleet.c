/* test_fleet.c — the fleet's pure parts (campaign/shard.c): tests dealt
 * round robin into shards named CLASS/sNN, the plan lines that decide
 * resume, the plan's id, and quoting for the scripts. GNU parallel and
 * Slurm themselves are run in tests/e2e/fleet_ssh.sh and fleet_slurm.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"

/* n tests T0..Tn-1 with keys K0..; those in `skip` not runnable. */
static void make_tests(cp_tests *ts, int n, const char *skip)
{
    memset(ts, 0, sizeof *ts);
    ts->items = calloc((size_t)n, sizeof *ts->items);
    ts->n = ts->cap = n;
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "T%d", i);
        ts->items[i].name = strdup(name);
        name[0] = 'K';
        ts->items[i].key = strdup(name);
        ts->items[i].runnable = !strchr(skip, '0' + i);
    }
}

static void free_tests(cp_tests *ts)
{
    for (int i = 0; i < ts->n; i++) {
        free(ts->items[i].name);
        free(ts->items[i].key);
    }
    free(ts->items);
}

static void shards_deal_runnable_tests_round_robin(void **state)
{
    (void)state;
    cp_tests ts;
    make_tests(&ts, 6, "2");   /* T2 is not for this class */
    cp_shards sh = {0};
    assert_int_equal(cp_shards_split(&sh, &ts, "ppc64le", 2), 2);
    assert_int_equal(sh.n, 2);
    assert_string_equal(sh.items[0].name, "ppc64le/s01");
    assert_string_equal(sh.items[1].name, "ppc64le/s02");
    ll_buf plan = {0};
    cp_shards_plan(&sh, 0, sh.n, &ts, &plan);
    assert_string_equal(plan.data, "shard ppc64le/s01 K0 K3 K5\n"
                                   "shard ppc64le/s02 K1 K4\n");
    /* a second class's shards follow; never more shards than tests */
    assert_int_equal(cp_shards_split(&sh, &ts, "m1", 9), 5);
    assert_int_equal(sh.n, 7);
    assert_string_equal(sh.items[2].name, "m1/s01");
    assert_int_equal(sh.items[6].n, 1);
    assert_int_equal(sh.items[6].tests[0], 5);
    ll_buf_free(&plan);
    cp_shards_free(&sh);
    free_tests(&ts);
}

static void shards_none_when_nothing_runs(void **state)
{
    (void)state;
    cp_tests ts;
    make_tests(&ts, 2, "01");
    cp_shards sh = {0};
    assert_int_equal(cp_shards_split(&sh, &ts, "x86_64", 4), 0);
    assert_int_equal(sh.n, 0);
    cp_shards_free(&sh);
    free_tests(&ts);
}

static void plan_id_depends_on_plan_and_folder(void **state)
{
    (void)state;
    char a[13], b[13], c[13], d[13];
    cp_plan_id("shard x/s01 K0\n", "/nonexistent/r1", a);
    cp_plan_id("shard x/s01 K0\n", "/nonexistent/r1", b);
    cp_plan_id("shard x/s01 K1\n", "/nonexistent/r1", c);
    cp_plan_id("shard x/s01 K0\n", "/nonexistent/r2", d);
    assert_int_equal(strlen(a), 12);
    assert_int_equal(strspn(a, "0123456789abcdef"), 12);
    assert_string_equal(a, b);
    assert_string_not_equal(a, c);
    assert_string_not_equal(a, d);
}

static void sh_quote_survives_quotes(void **state)
{
    (void)state;
    ll_buf b = {0};
    cp_sh_quote(&b, "it's a $dir");
    assert_string_equal(b.data, "'it'\\''s a $dir'");
    ll_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shards_deal_runnable_tests_round_robin),
        cmocka_unit_test(shards_none_when_nothing_runs),
        cmocka_unit_test(plan_id_depends_on_plan_and_folder),
        cmocka_unit_test(sh_quote_survives_quotes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
