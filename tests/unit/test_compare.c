/* test_compare.c — the compare stage on small hand-made logs: repeated
 * entries merged, a Hash conflict, hardware's verdict from the model's
 * condition, `??` entries, malformed entries, CSV quoting, exit status,
 * oversubscribed runs (no evidence of absence). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "compare/compare.h"
#include "tests/unit/tmptext.h"

static const char model_log[] =
    "Test MP Allowed\n"
    "States 3\n"
    "1:r1=0; 1:r3=0;\n"
    "1:r1=0; 1:r3=1;\n"
    "1:r1=1; 1:r3=1;\n"
    "No\n"
    "Witnesses\n"
    "Positive: 0 Negative: 3\n"
    "Condition exists (1:r1=1 /\\ 1:r3=0)\n"
    "Observation MP Never 0 3\n"
    "Time MP 0.01\n"
    "Hash=aaaa\n"
    "\n"
    "Test SB Allowed\n"
    "States 2\n"
    "[x]=1; [y]=1;\n"
    "[x]=2; [y]=2;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 1 Negative: 1\n"
    "Condition exists ([x]=2 /\\ [y]=2)\n"
    "Observation SB Sometimes 1 1\n"
    "Hash=bbbb\n"
    "\n";

/* Two runs of MP on one machine, SB on another with a `??` verdict. */
static const char hw_a[] =
    "Test MP Allow\n"
    "Histogram (2 states)\n"
    "100     :> 1:r1=0; 1:r3=0;\n"
    "5       :> 1:r1=1; 1:r3=1;\n"
    "No\n"
    "Witnesses\n"
    "Positive: 0 Negative: 105\n"
    "Condition exists (1:r1=1 /\\ 1:r3=0) is not validated\n"
    "Hash=aaaa\n"
    "\n"
    "Test MP Allow\n"
    "Histogram (2 states)\n"
    "7       :> 1:r1=0; 1:r3=0;\n"
    "3       :> 1:r1=0; 1:r3=1;\n"
    "No\n"
    "Witnesses\n"
    "Positive: 0 Negative: 10\n"
    "Condition exists (1:r1=1 /\\ 1:r3=0) is not validated\n"
    "Hash=aaaa\n"
    "\n";

static const char hw_b[] =
    "Test SB\n"
    "Histogram (1 states)\n"
    "40      :> x=1; y=1;\n"
    "??\n"
    "Condition (x=2 /\\ y=2)\n"
    "Hash=bbbb\n"
    "Machine p7-b\n"
    "\n"
    "Test MP Allow\n"
    "Histogram (1 states)\n"
    "1       :> 1:r1=1; 1:r3=0;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 1 Negative: 0\n"
    "Condition exists (1:r1=1 /\\ 1:r3=0) is validated\n"
    "Hash=cccc\n"
    "\n"
    "Test LB Allow\n"
    "Histogram (1 states)\n"
    "6       :> 0:r1=0; 1:r1=0;\n"
    "No\n"
    "\n";

typedef struct fixture {
    char model[32], hw_a[32], hw_b[32];
    char *diag_text;
    size_t diag_len;
    FILE *diag;
    cmp_run run;
} fixture;

static void load(fixture *fx, const char *model, const char *a,
                 const char *b)
{
    strcpy(fx->model, "/tmp/test_cmp_XXXXXX");
    strcpy(fx->hw_a, "/tmp/test_cmp_XXXXXX");
    strcpy(fx->hw_b, b ? "/tmp/test_cmp_XXXXXX" : "");
    tmptext_write(fx->model, model, 0);
    tmptext_write(fx->hw_a, a, 1);
    if (b)
        tmptext_write(fx->hw_b, b, 0);
    fx->diag = open_memstream(&fx->diag_text, &fx->diag_len);
    cmp_run_init(&fx->run, fx->diag);
    assert_true(cmp_read_model(&fx->run, fx->model));
    assert_true(cmp_read_hw(&fx->run, fx->hw_a, "p7-a"));
    if (b)
        assert_true(cmp_read_hw(&fx->run, fx->hw_b, NULL));
    cmp_finish(&fx->run);
    fflush(fx->diag);
}

static void unload(fixture *fx)
{
    cmp_run_free(&fx->run);
    fclose(fx->diag);
    free(fx->diag_text);
    unlink(fx->model);
    unlink(fx->hw_a);
    if (*fx->hw_b)
        unlink(fx->hw_b);
}

static const cmp_outcome *outcome(cmp_test *t, const char *key)
{
    const cmp_outcome *o = cmp_outcome_find(t, key, false);
    if (!o)
        fail_msg("no outcome %s", key);
    return o;
}

static void repeated_entries_are_summed(void **unused)
{
    (void)unused;
    fixture fx;
    load(&fx, model_log, hw_a, hw_b);
    cmp_test *mp = cmp_find(&fx.run, "MP", false);
    assert_non_null(mp);
    assert_int_equal(mp->hw_entries, 2);
    assert_int_equal(mp->hw_total, 115);
    assert_int_equal(mp->hw_positive, 0);
    assert_int_equal(outcome(mp, "1:r1=0; 1:r3=0;")->count, 107);
    assert_int_equal(outcome(mp, "1:r1=0; 1:r3=1;")->count, 3);
    assert_int_equal(outcome(mp, "1:r1=1; 1:r3=1;")->count, 5);
    assert_int_equal(outcome(mp, "1:r1=0; 1:r3=0;")->machines, 1);
    assert_int_equal(fx.run.n_machines, 3);
    assert_string_equal(fx.run.machines[0], "p7-a");   /* --hw p7-a=... */
    assert_string_equal(fx.run.machines[1], "p7-b");   /* Machine line */
    assert_string_equal(fx.run.machines[2], fx.hw_b + 5); /* base name */
    cmp_test *lb = cmp_find(&fx.run, "LB", false);
    assert_int_equal(cmp_test_class(lb), CMP_HW_ONLY);
    assert_int_equal(outcome(lb, "0:r1=0; 1:r1=0;")->machines, 4);
    assert_int_equal(cmp_hw_verdict(mp), LL_VERDICT_NO);
    assert_int_equal(cmp_test_class(mp), CMP_AGREE);
    unload(&fx);
}

/* The third MP entry has another Hash: reported, not merged (its state,
 * which the model forbids, must not count). */
static void hash_conflict_is_reported_not_merged(void **unused)
{
    (void)unused;
    fixture fx;
    load(&fx, model_log, hw_a, hw_b);
    assert_int_equal(fx.run.hash_conflicts, 1);
    char expect[256];
    snprintf(expect, sizeof expect,
             "%s:9: test MP: Hash=cccc differs from Hash=aaaa (%s:1); "
             "entry not merged\n", fx.hw_b, fx.model);
    assert_string_equal(fx.diag_text, expect);
    cmp_test *mp = cmp_find(&fx.run, "MP", false);
    /* Listed only as the state the condition names, never seen. */
    cmp_outcome *o = cmp_outcome_find(mp, "1:r1=1; 1:r3=0;", false);
    assert_non_null(o);
    assert_false(o->in_hw);
    assert_int_equal(o->count, 0);
    assert_int_equal(cmp_outcome_class(mp, o), CMP_O_FORBIDDEN_UNSEEN);
    assert_int_equal(cmp_test_class(mp), CMP_AGREE);
    unload(&fx);
}

/* `??` is kept: the entry's states count, its verdict is reported. */
static void unknown_verdict_is_kept(void **unused)
{
    (void)unused;
    fixture fx;
    load(&fx, model_log, hw_a, hw_b);
    assert_int_equal(fx.run.hw_undecided, 1);
    cmp_test *sb = cmp_find(&fx.run, "SB", false);
    assert_int_equal(sb->hw_unknown, 1);
    assert_int_equal(outcome(sb, "[x]=1; [y]=1;")->count, 40);
    assert_int_equal(outcome(sb, "[x]=1; [y]=1;")->machines, 2);
    /* Model Ok (x=2 /\ y=2 allowed), never seen: allowed and unseen. */
    assert_int_equal(cmp_hw_verdict(sb), LL_VERDICT_NO);
    assert_int_equal(cmp_test_class(sb), CMP_ALLOWED_UNSEEN);
    assert_int_equal(cmp_outcome_class(sb, outcome(sb, "[x]=2; [y]=2;")),
                     CMP_O_ALLOWED_UNSEEN);
    assert_int_equal(cmp_outcome_class(sb, outcome(sb, "[x]=1; [y]=1;")),
                     CMP_O_ALLOWED_SEEN);
    unload(&fx);
}

/* SB run with more threads than PUs (hwrun's `Oversubscribed` line) and
 * never showing its allowed [x]=2; [y]=2: no evidence of absence. */
static const char hw_oversub[] =
    "Test SB Allow\n"
    "Histogram (1 states)\n"
    "50      :> x=1; y=1;\n"
    "No\n"
    "Condition exists (x=2 /\\ y=2) is not validated\n"
    "Topology 1 package, 1 NUMA node, 1 cores, 1 PUs\n"
    "Oversubscribed 2 threads on 1 PUs: threads take turns on a PU, so "
    "most outcomes cannot show; not hardware evidence\n"
    "\n";

static const char hw_sb_normal[] =
    "Test SB Allow\n"
    "Histogram (1 states)\n"
    "70      :> x=1; y=1;\n"
    "No\n"
    "Machine p7-b\n"
    "\n";

static void oversubscribed_run_is_no_evidence(void **unused)
{
    (void)unused;
    fixture fx;
    load(&fx, model_log, hw_oversub, NULL);
    cmp_test *sb = cmp_find(&fx.run, "SB", false);
    assert_true(sb->over_only);
    assert_int_equal(sb->over_machines, 1);
    assert_int_equal(fx.run.oversubscribed, 1);
    assert_int_equal(cmp_test_class(sb), CMP_OVERSUB_UNSEEN);
    assert_string_equal(cmp_test_status_word(cmp_test_class(sb)),
                        "oversubscribed-unseen");
    assert_int_equal(cmp_outcome_class(sb, outcome(sb, "[x]=2; [y]=2;")),
                     CMP_O_OVERSUB_UNSEEN);
    assert_int_equal(cmp_outcome_class(sb, outcome(sb, "[x]=1; [y]=1;")),
                     CMP_O_ALLOWED_SEEN);
    ll_buf flags = {0};
    cmp_cell_flags(&fx.run, sb, 0, &flags);
    assert_string_equal(ll_buf_str(&flags),
                        "oversubscribed: 2 threads on 1 PUs");
    cmp_test **sorted = cmp_sorted_tests(&fx.run);
    cmp_totals tot;
    cmp_count(&fx.run, sorted, &tot);
    assert_int_equal(tot.pairs[2], 0);    /* not an Ok/No */
    assert_int_equal(tot.tests[CMP_OVERSUB_UNSEEN], 1);
    free(sorted);
    ll_buf_free(&flags);
    unload(&fx);

    /* A normal run on another machine is evidence again; the
     * oversubscribed machine's cell is still flagged. */
    load(&fx, model_log, hw_oversub, hw_sb_normal);
    sb = cmp_find(&fx.run, "SB", false);
    assert_false(sb->over_only);
    assert_int_equal(sb->over_machines, 1);
    assert_int_equal(cmp_test_class(sb), CMP_ALLOWED_UNSEEN);
    assert_int_equal(cmp_outcome_class(sb, outcome(sb, "[x]=2; [y]=2;")),
                     CMP_O_ALLOWED_UNSEEN);
    cmp_cell_flags(&fx.run, sb, 1, &flags);
    assert_string_equal(ll_buf_str(&flags), "");
    ll_buf_free(&flags);
    unload(&fx);
}

/* Runs the command; returns its exit status and the reports' text. */
static int run_compare(const char *model, const char *hw, char *tests_csv,
                       size_t tests_size, char *outcomes_csv,
                       size_t outcomes_size)
{
    char mpath[] = "/tmp/test_cmp_XXXXXX", hpath[] = "/tmp/test_cmp_XXXXXX";
    char dir[] = "/tmp/test_cmp_dir_XXXXXX";
    tmptext_write(mpath, model, 0);
    tmptext_write(hpath, hw, 0);
    assert_non_null(mkdtemp(dir));
    char hw_arg[64];
    snprintf(hw_arg, sizeof hw_arg, "m1=%s", hpath);
    char *argv[] = {"compare", "--model", mpath, "--hw", hw_arg, "-o", dir,
                    NULL};
    FILE *saved = stdout;
    stdout = fopen("/dev/null", "w");
    int status = cmd_compare(7, argv);
    fclose(stdout);
    stdout = saved;
    /* every file compare writes is removed, so that rmdir succeeds */
    const char *names[] = {"tests.csv", "outcomes.csv", "summary.csv",
                           "report.html"};
    char *bufs[] = {tests_csv, outcomes_csv, NULL, NULL};
    size_t sizes[] = {tests_size, outcomes_size, 0, 0};
    for (int i = 0; i < 4; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (bufs[i]) {
            FILE *f = fopen(path, "r");
            assert_non_null(f);
            size_t n = fread(bufs[i], 1, sizes[i] - 1, f);
            bufs[i][n] = '\0';
            fclose(f);
        }
        unlink(path);
    }
    assert_int_equal(rmdir(dir), 0);
    unlink(mpath);
    unlink(hpath);
    return status;
}

/* A `~exists` test whose old hardware entry says `Forbid ... Ok ... is
 * validated` although its histogram shows the forbidden state: hardware's
 * verdict comes from the states, the alarm is raised, exit status 1. */
static void forbidden_and_seen_fails(void **unused)
{
    (void)unused;
    static const char model[] =
        "Test W Forbidden\n"
        "States 2\n"
        "[x]=1; [y]=2;\n"
        "[x]=2; [y]=1;\n"
        "Ok\n"
        "Witnesses\n"
        "Positive: 2 Negative: 0\n"
        "Condition ~exists ([x]=2 /\\ [y]=2)\n"
        "Observation W Never 0 2\n"
        "\n";
    static const char hw[] =
        "Test W Forbid\n"
        "Histogram (3 states)\n"
        "10      :> x=1; y=2;\n"
        "11      :> x=2; y=1;\n"
        "2       :> x=2; y=2;\n"
        "Ok\n"
        "Witnesses\n"
        "Positive: 21 Negative: 2\n"
        "Condition exists (x=1 /\\ y=1) is validated\n"
        "\n";
    char tests[1024], outs[1024];
    assert_int_equal(run_compare(model, hw, tests, sizeof tests, outs,
                                 sizeof outs), 1);
    assert_string_equal(tests,
        "test,condition,model_verdict,hw_verdict,hw_positive,hw_total,status\n"
        "W,\"~exists ([x]=2 /\\ [y]=2)\",Ok,No,2,23,forbidden-seen\n");
    assert_string_equal(outs,
        "test,state,model_allowed,hw_count,machines,status\n"
        "W,\"[x]=1; [y]=2;\",yes,10,m1,allowed-seen\n"
        "W,\"[x]=2; [y]=1;\",yes,11,m1,allowed-seen\n"
        "W,\"[x]=2; [y]=2;\",no,2,m1,forbidden-seen\n");
}

/* RFC 4180: a field with a comma or a quote is quoted, quotes doubled;
 * tests present on one side only are listed. */
static void csv_quoting_and_one_sided_tests(void **unused)
{
    (void)unused;
    static const char model[] =
        "Test A,\"q\" Allowed\n"
        "States 1\n"
        "[x]=1;\n"
        "Ok\n"
        "Condition exists ([x]=1)\n"
        "\n";
    static const char hw[] =
        "Test B Allow\n"
        "Histogram (1 states)\n"
        "3       *> x=1;\n"
        "Ok\n"
        "Condition exists (x=1) is validated\n"
        "\n";
    char tests[1024], outs[1024];
    assert_int_equal(run_compare(model, hw, tests, sizeof tests, outs,
                                 sizeof outs), 0);
    assert_string_equal(tests,
        "test,condition,model_verdict,hw_verdict,hw_positive,hw_total,status\n"
        "\"A,\"\"q\"\"\",\"exists ([x]=1)\",Ok,,,,model-only\n"
        /* no model entry: hardware's own condition counts its hits */
        "B,\"exists (x=1)\",,Ok,3,3,hw-only\n");
    assert_string_equal(outs,
        "test,state,model_allowed,hw_count,machines,status\n"
        "\"A,\"\"q\"\"\",\"[x]=1;\",yes,,,model-only\n"
        "B,\"[x]=1;\",,3,m1,hw-only\n");
}

/* A malformed entry: FILE:LINE: message, skipped, counted; the next
 * entries are still read. */
static void malformed_entry_is_reported_and_skipped(void **unused)
{
    (void)unused;
    static const char bad_hw[] =
        "Test MP Allow\n"
        "Histogram (2 states)\n"
        "100     :> 1:r1=0; 1:r3=0;\n"
        "5x      :> 1:r1=1; 1:r3=1;\n"
        "No\n"
        "\n"
        "Test SB Allow\n"
        "Histogram (1 states)\n"
        "4       :> x=2; y=2;\n"
        "Ok\n"
        "\n";
    fixture fx;
    load(&fx, model_log, bad_hw, NULL);
    assert_int_equal(fx.run.malformed, 1);
    char expect[256];
    snprintf(expect, sizeof expect,
             "%s:4: bad count in '5x      :> 1:r1=1; 1:r3=1;'\n", fx.hw_a);
    assert_string_equal(fx.diag_text, expect);
    assert_int_equal(cmp_find(&fx.run, "MP", false)->hw_entries, 0);
    cmp_test *sb = cmp_find(&fx.run, "SB", false);
    assert_int_equal(sb->hw_positive, 4);
    assert_int_equal(cmp_test_class(sb), CMP_AGREE);
    unload(&fx);
}

/* A test the model logs lack takes its condition from its litmus file
 * (--tests DIR); the hardware entry's own condition is not used. */
static void conditions_from_test_files(void **unused)
{
    (void)unused;
    static const char mp_litmus[] =
        "PPC MP\n"
        "\"PodWW Rfe PodRR Fre\"\n"
        "{\n0:r2=x; 0:r4=y;\n1:r2=y; 1:r4=x;\n}\n"
        " P0           | P1           ;\n"
        " li r1,1      | lwz r1,0(r2) ;\n"
        " stw r1,0(r2) | lwz r3,0(r4) ;\n"
        " li r3,1      |              ;\n"
        " stw r3,0(r4) |              ;\n"
        "exists\n(1:r1=1 /\\ 1:r3=0)\n";
    static const char hw[] =
        "Test MP Forbid\n"
        "Histogram (2 states)\n"
        "2       :> 1:r1=1; 1:r3=0;\n"
        "9       :> 1:r1=1; 1:r3=1;\n"
        "Ok\n"
        "Condition ~exists (1:r1=0 /\\ 1:r3=1) is validated\n"
        "\n";
    char dir[] = "/tmp/test_cmp_dir_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char litmus[64], bad[64], hpath[] = "/tmp/test_cmp_XXXXXX";
    snprintf(litmus, sizeof litmus, "%s/MP.litmus", dir);
    snprintf(bad, sizeof bad, "%s/bad.litmus", dir);
    FILE *f = fopen(litmus, "w");
    fputs(mp_litmus, f);
    fclose(f);
    f = fopen(bad, "w");
    fputs("PPC bad\n{\n", f);
    fclose(f);
    tmptext_write(hpath, hw, 0);

    char *diag_text = NULL;
    size_t diag_len = 0;
    cmp_run run;
    cmp_run_init(&run, open_memstream(&diag_text, &diag_len));
    assert_true(cmp_read_hw(&run, hpath, "m"));
    assert_true(cmp_read_tests(&run, dir));
    cmp_finish(&run);
    assert_int_equal(run.test_files, 2);
    assert_int_equal(run.bad_test_files, 1);
    fflush(run.diag);
    assert_non_null(strstr(diag_text, bad));
    cmp_test *mp = cmp_find(&run, "MP", false);
    assert_true(mp->has_cond);
    assert_int_equal(mp->cond.quant, LL_EXISTS);
    assert_non_null(strstr(mp->cond_text, "1:r1=1 /\\ 1:r3=0"));
    assert_int_equal(cmp_hw_verdict(mp), LL_VERDICT_OK);
    assert_int_equal(mp->hw_positive, 2);
    assert_int_equal(cmp_test_class(mp), CMP_HW_ONLY);
    fclose(run.diag);
    cmp_run_free(&run);
    free(diag_text);
    unlink(litmus);
    unlink(bad);
    rmdir(dir);
    unlink(hpath);
}

/* Given the test (--tests), a condition's constants are cut to their
 * places' types as the model and hwrun cut them (ll_place_type): the
 * model log's `0:rax=4294967295` holds for an int rax shown -1, `[y]=-1`
 * for a uint32_t y shown 4294967295; the condition keeps its spelling. */
static void conditions_cut_to_types(void **unused)
{
    (void)unused;
    static const char model[] =
        "Test T Allowed\nStates 1\n0:rax=-1; [y]=4294967295;\nOk\n"
        "Witnesses\nPositive: 1 Negative: 0\n"
        "Condition exists (0:rax=4294967295 /\\ [y]=-1)\n"
        "Observation T Always 1 0\n\n";
    static const char hw[] =
        "Test T Allow\nHistogram (1 states)\n"
        "7       *>0:rax=-1; y=4294967295;\nOk\n\n";
    char dir[] = "/tmp/test_cmp_dir_XXXXXX", litmus[64];
    assert_non_null(mkdtemp(dir));
    snprintf(litmus, sizeof litmus, "%s/T.litmus", dir);
    FILE *f = fopen(litmus, "w");
    fputs("X86_64 T\n{ uint32_t y; }\n P0 ;\n movl $-1,%eax ;\n"
          " movl $-1,(y) ;\nexists (0:rax=4294967295 /\\ y=-1)\n", f);
    fclose(f);
    char mpath[] = "/tmp/test_cmp_XXXXXX", hpath[] = "/tmp/test_cmp_XXXXXX";
    tmptext_write(mpath, model, 0);
    tmptext_write(hpath, hw, 0);
    cmp_run run;
    cmp_run_init(&run, stderr);
    assert_true(cmp_read_model(&run, mpath));
    assert_true(cmp_read_hw(&run, hpath, "m"));
    assert_true(cmp_read_tests(&run, dir));
    cmp_finish(&run);
    cmp_test *t = cmp_find(&run, "T", false);
    assert_int_equal(t->hw_positive, 7);
    assert_int_equal(cmp_hw_verdict(t), LL_VERDICT_OK);
    assert_int_equal(cmp_test_class(t), CMP_AGREE);
    assert_string_equal(t->cond_text,
                        "exists (0:rax=4294967295 /\\ [y]=-1)");
    cmp_run_free(&run);
    unlink(litmus);
    rmdir(dir);
    unlink(mpath);
    unlink(hpath);
}

static void usage_and_unreadable_input(void **unused)
{
    (void)unused;
    FILE *saved_out = stdout, *saved_err = stderr;
    stdout = fopen("/dev/null", "w");
    stderr = fopen("/dev/null", "w");
    char *no_hw[] = {"compare", "--model", "m.log", NULL};
    int a = cmd_compare(3, no_hw);
    char *missing[] = {"compare", "--model", "/nonexistent/m.log", "--hw",
                       "/nonexistent/h.log", "-o", "/tmp", NULL};
    int b = cmd_compare(7, missing);
    char *bad[] = {"compare", "--frob", NULL};
    int c = cmd_compare(2, bad);
    fclose(stdout);
    fclose(stderr);
    stdout = saved_out;
    stderr = saved_err;
    assert_int_equal(a, 2);
    assert_int_equal(b, 2);
    assert_int_equal(c, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(repeated_entries_are_summed),
        cmocka_unit_test(hash_conflict_is_reported_not_merged),
        cmocka_unit_test(unknown_verdict_is_kept),
        cmocka_unit_test(forbidden_and_seen_fails),
        cmocka_unit_test(oversubscribed_run_is_no_evidence),
        cmocka_unit_test(csv_quoting_and_one_sided_tests),
        cmocka_unit_test(malformed_entry_is_reported_and_skipped),
        cmocka_unit_test(conditions_from_test_files),
        cmocka_unit_test(conditions_cut_to_types),
        cmocka_unit_test(usage_and_unreadable_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
