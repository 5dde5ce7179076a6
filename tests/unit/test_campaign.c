/* test_campaign.c — the campaign's own logic: test discovery, work-file
 * keys and resume bookkeeping, child steps, progress and ETA formatting,
 * and the summary's order. The stages it drives are tested end to end in
 * tests/e2e/campaign_*.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign/campaign.h"

/* ---- a scratch directory ---- */

static char scratch[64];

static int make_scratch(void **state)
{
    (void)state;
    strcpy(scratch, "/tmp/test_campaign.XXXXXX");
    return mkdtemp(scratch) ? 0 : -1;
}

static int remove_scratch(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    return system(cmd) == 0 ? 0 : -1;
}

static char *at(const char *rel)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "%s/%s", scratch, rel);
    return b.data;
}

static void put(const char *rel, const char *text)
{
    char *path = at(rel);
    /* parents first */
    for (char *s = path + strlen(scratch) + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(path, 0777);
            *s = '/';
        }
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    free(path);
}

static char *slurp(const char *path)
{
    size_t len;
    return ll_read_file(path, &len);
}

/* ---- discovery ---- */

static void key_is_safe_name_and_content_hash(void **state)
{
    (void)state;
    /* FNV-1a of "abc" is 0x1a47e90b. */
    char *k = cp_test_key("SB+mfences", "abc", 3);
    assert_string_equal(k, "SB+mfences-1a47e90b");
    free(k);
    k = cp_test_key("a/b:c", "abc", 3);
    assert_string_equal(k, "a_b_c-1a47e90b");
    free(k);
    char *k1 = cp_test_key("SB", "movq $1,(x)", 11);
    char *k2 = cp_test_key("SB", "movq $2,(x)", 11);
    assert_string_not_equal(k1, k2);
    free(k1);
    free(k2);
}

static void arch_filter(void **state)
{
    (void)state;
    assert_true(cp_arch_matches(NULL, "PPC"));
    assert_true(cp_arch_matches("ppc", "PPC"));
    assert_true(cp_arch_matches("x86", "X86_64"));
    assert_true(cp_arch_matches("X86", "X86"));
    assert_false(cp_arch_matches("x86_64", "X86"));
    assert_false(cp_arch_matches("ppc", "X86_64"));
}

/* Small tests the reader takes, of each architecture. */
#define X86_TEST(name, extra) \
    "X86_64 " name "\n{ " extra " }\n P0 ;\n movq $1,(x) ;\nexists (x=1)\n"
#define PPC_TEST(name) \
    "PPC " name "\n{ 0:r2=x; }\n P0 ;\n lwz r1,0(r2) ;\nexists (0:r1=0)\n"

/* The reader, not a header scan, says what a test is: a leading comment
 * is no architecture; a file it refuses is reported and skipped. */
static void reader_gives_arch_and_name(void **state)
{
    (void)state;
    put("hdr/A.litmus", "(* a comment first *)\n" PPC_TEST("MP+lwsync"));
    put("hdr/B.litmus", "\n  " X86_TEST("SB+mfences", ""));
    put("hdr/C.litmus", "PPC Broken\n{ 0:r2=x; }\n P0 ;\n frob r1 ;\n");
    cp_tests ts = {0};
    char *dir = at("hdr");
    FILE *diag = tmpfile();
    assert_true(cp_tests_add(&ts, dir, NULL, diag));
    cp_tests_finish(&ts, diag);
    assert_int_equal(ts.n, 2);
    assert_string_equal(ts.items[0].arch, "PPC");
    assert_string_equal(ts.items[0].name, "MP+lwsync");
    assert_string_equal(ts.items[1].arch, "X86_64");
    assert_string_equal(ts.items[1].name, "SB+mfences");
    assert_false(ts.items[0].runnable);   /* until hwrun says so */
    assert_int_equal(ts.unreadable, 1);
    char line[512] = "";
    rewind(diag);
    assert_non_null(fgets(line, sizeof line, diag));
    assert_non_null(strstr(line, "hdr/C.litmus:4:"));   /* FILE:LINE:COL */
    /* kept for the summary: the same line, and the file */
    line[strcspn(line, "\n")] = '\0';
    assert_string_equal(ts.unread[0].why, line);
    assert_non_null(strstr(ts.unread[0].path, "hdr/C.litmus"));
    FILE *f = tmpfile();
    cp_print_unread(f, &ts);
    char buf[1024] = "";
    rewind(f);
    buf[fread(buf, 1, sizeof buf - 1, f)] = '\0';
    assert_non_null(strstr(buf, "\nFiles that are no test (1): the reader "
                                "refused them, so they went through no "
                                "step; fix them and run again:\n  "));
    assert_non_null(strstr(buf, line));
    fclose(f);
    cp_tests_free(&ts);
    fclose(diag);
    free(dir);
}

/* hwrun --check's answers, one line per test in order. */
static void hwrun_check_answers(void **state)
{
    (void)state;
    cp_test items[3] = {{.path = (char *)"a/SB.litmus", .name = (char *)"SB"},
                        {.path = (char *)"a/MP.litmus", .name = (char *)"MP"},
                        {.path = (char *)"b/X.litmus", .name = (char *)"X"}};
    cp_tests ts = {.n = 3, .items = items};
    const char *text = "ok a/SB.litmus\n"
                       "no a/MP.litmus: 'MP' is a PPC test, not for target "
                       "aarch64\nok b/X.litmus\n";
    assert_int_equal(cp_apply_check(&ts, 0, 3, text), 3);
    assert_true(items[0].runnable);
    assert_false(items[1].runnable);
    assert_string_equal(items[1].why_not, "'MP' is a PPC test, not for "
                        "target aarch64");
    assert_true(items[2].runnable);
    assert_null(items[2].why_not);
    /* answers for other files, or too few, are not taken */
    assert_int_equal(cp_apply_check(&ts, 0, 2, "ok a/SB.litmus\nok x\n"), -1);
    assert_int_equal(cp_apply_check(&ts, 2, 1, ""), -1);
    assert_int_equal(cp_apply_check(&ts, 2, 1, "ok b/X.litmusz\n"), -1);
    /* the grouped reasons, the test's own name taken out */
    items[0].runnable = false;
    items[0].why_not = ll_xstrdup("'SB' is a PPC test, not for target "
                                  "aarch64");
    FILE *f = tmpfile();
    cp_print_not_run(f, &ts, 10);
    char buf[512] = "";
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    assert_string_equal(buf, "\nTests hwrun did not run (2):\n"
                             "       2  PPC test, not for target aarch64\n");
    fclose(f);
    free(items[0].why_not);
    free(items[1].why_not);
}

static void discovery_walks_sorts_and_drops_repeats(void **state)
{
    (void)state;
    put("lib/x86/SB.litmus", X86_TEST("SB", ""));
    put("lib/x86/deep/MP.litmus", X86_TEST("MP", ""));
    put("lib/x86/deep/SB.litmus", X86_TEST("SB", "x=1;")); /* same name */
    put("lib/x86/notes.txt", "X86_64 NOTES\n");
    put("lib/x86/empty.litmus", "\n\n");
    put("lib/ppc/MP.litmus", PPC_TEST("MP-ppc"));
    put("lib/ppc/MP.litmus", PPC_TEST("MP-ppc"));
    put("lib/.hidden/H.litmus", X86_TEST("H", ""));

    put("ext/W.litmus", X86_TEST("W", ""));
    char *loop = at("lib/x86/deep/loop"), *link = at("lib/x86/W-link.litmus");
    assert_int_equal(symlink("..", loop), 0);             /* not entered */
    assert_int_equal(symlink("../../ext/W.litmus", link), 0); /* taken */
    free(loop);
    free(link);
    cp_tests ts = {0};
    char *lib = at("lib/");
    FILE *diag = tmpfile();
    cp_tests_finish(&ts, diag); /* nothing found: nothing to sort */
    assert_int_equal(ts.n, 0);
    assert_true(cp_tests_add(&ts, lib, NULL, diag));
    char *again = at("lib/x86/SB.litmus");
    assert_true(cp_tests_add(&ts, again, NULL, diag)); /* named twice */
    char *missing = at("lib/nothing");
    assert_false(cp_tests_add(&ts, missing, NULL, diag));
    cp_tests_finish(&ts, diag);

    assert_int_equal(ts.n, 4);
    assert_int_equal(ts.unreadable, 1);
    assert_int_equal(ts.duplicates, 1);
    /* path order, no doubled slash */
    char *p0 = at("lib/ppc/MP.litmus"), *p1 = at("lib/x86/SB.litmus"),
         *p2 = at("lib/x86/deep/MP.litmus");
    assert_string_equal(ts.items[0].path, p0);
    assert_string_equal(ts.items[1].path, p1);
    assert_string_equal(ts.items[2].name, "W");
    assert_string_equal(ts.items[3].path, p2);
    assert_string_equal(ts.items[0].name, "MP-ppc");
    assert_string_equal(ts.items[1].arch, "X86_64");
    cp_tests_free(&ts);

    /* --arch ppc keeps the one PPC test */
    assert_true(cp_tests_add(&ts, lib, "ppc", diag));
    cp_tests_finish(&ts, diag);
    assert_int_equal(ts.n, 1);
    assert_string_equal(ts.items[0].arch, "PPC");
    cp_tests_free(&ts);
    fclose(diag);
    free(lib);
    free(again);
    free(missing);
    free(p0);
    free(p1);
    free(p2);
}

/* ---- work files and resume ---- */

static cp_test fake_test(const char *name)
{
    return (cp_test){.path = (char *)"t.litmus", .arch = (char *)"X86_64",
                     .name = (char *)name, .key = (char *)name,
                     .runnable = true};
}

static void work_paths_name_step_and_iterations(void **state)
{
    (void)state;
    cp_test t = fake_test("SB-1a47e90b");
    char *m = cp_work_path("r/x", &t, CP_MODEL, 5, NULL, ".log");
    char *h = cp_work_path("r/x", &t, CP_HW, 2000000, NULL, ".err");
    char *x = cp_work_path("r/x", &t, CP_HW, 2000, "ppc64", ".log");
    assert_string_equal(m, "r/x/work/SB-1a47e90b.model.log");
    assert_string_equal(h, "r/x/work/SB-1a47e90b.hw-n2000000.err");
    assert_string_equal(x, "r/x/work/SB-1a47e90b.hw-ppc64-n2000.log");
    free(m);
    free(h);
    free(x);
}

static void resume_sees_only_finished_steps(void **state)
{
    (void)state;
    char *dir = at("reports/deep/run");
    FILE *diag = tmpfile();
    assert_true(cp_make_dirs(dir, diag));
    assert_true(cp_make_dirs(dir, diag)); /* again: fine */
    cp_test a = fake_test("A"), b = fake_test("B"), c = fake_test("C");
    assert_false(cp_step_done(dir, &a, CP_MODEL, 10, NULL));

    put("reports/deep/run/work/A.model.log", "Test A Allowed\n");
    put("reports/deep/run/work/A.hw-n10.log", "Test A Allowed\n");
    put("reports/deep/run/work/B.model.log", "");          /* empty */
    put("reports/deep/run/work/C.model.log.tmp", "Test");  /* unfinished */
    put("reports/deep/run/work/C.model.err", "oops\n");
    assert_true(cp_step_done(dir, &a, CP_MODEL, 10, NULL));
    assert_true(cp_step_done(dir, &a, CP_HW, 10, NULL));
    assert_false(cp_step_done(dir, &a, CP_HW, 20, NULL)); /* another -n */
    assert_false(cp_step_done(dir, &a, CP_HW, 10, "ppc64")); /* target */
    assert_false(cp_step_done(dir, &b, CP_MODEL, 10, NULL));
    assert_false(cp_step_done(dir, &c, CP_MODEL, 10, NULL));

    /* Logs gather finished steps in test order, separated properly. */
    put("reports/deep/run/work/B.model.log", "Test B Allowed");
    cp_tests ts = {.n = 3, .items = (cp_test[]){a, b, c}};
    char *out = at("reports/deep/run/model.log");
    assert_int_equal(cp_concat(dir, &ts, CP_MODEL, 10, NULL, out, diag), 2);
    char *text = slurp(out);
    assert_string_equal(text, "Test A Allowed\nTest B Allowed\n");
    free(text);
    assert_int_equal(cp_concat(dir, &ts, CP_HW, 10, NULL, out, diag), 1);
    char *tmp = at("reports/deep/run/model.log.tmp");
    assert_int_not_equal(access(tmp, F_OK), 0);
    free(tmp);
    free(out);
    free(dir);
    fclose(diag);
}

/* ---- child steps ---- */

static cp_job sh_job(const char *name)
{
    cp_job j = {0};
    char rel[64];
    snprintf(rel, sizeof rel, "%s.log", name);
    j.out = at(rel);
    snprintf(rel, sizeof rel, "%s.err", name);
    j.err = at(rel);
    return j;
}

static cp_job_result run_sh(cp_job *j, const char *script, double timeout,
                            volatile sig_atomic_t *stop, int *status)
{
    char *argv[] = {(char *)"/bin/sh", (char *)"-c", (char *)script, NULL};
    FILE *diag = tmpfile();
    assert_true(cp_job_start(j, argv, diag));
    fclose(diag);
    cp_job_result res;
    assert_int_equal(cp_job_wait(j, 1, timeout, stop, &res, status), 0);
    assert_int_equal(j->pid, 0);
    return res;
}

static void steps_keep_output_only_on_success(void **state)
{
    (void)state;
    int status;
    cp_job j = sh_job("ok");
    assert_int_equal(run_sh(&j, "echo Test SB; echo warn >&2", 0, NULL,
                            &status),
                     CP_JOB_OK);
    assert_int_equal(status, 0);
    char *text = slurp(j.out);
    assert_string_equal(text, "Test SB\n");
    free(text);
    text = slurp(j.err);
    assert_string_equal(text, "warn\n");
    free(text);
    assert_int_not_equal(access(j.tmp, F_OK), 0);
    cp_job_free(&j);

    /* Failures leave neither the result nor the temporary file. */
    static const struct {
        const char *script;
        cp_job_result res;
        int status;
    } bad[] = {
        {"echo partial; exit 3", CP_JOB_FAILED, 3},
        {"exit 0", CP_JOB_FAILED, 0}, /* no output is no result */
        {"echo x; kill -SEGV $$", CP_JOB_CRASHED, 11},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        j = sh_job("bad");
        assert_int_equal(run_sh(&j, bad[i].script, 0, NULL, &status),
                         bad[i].res);
        assert_int_equal(status, bad[i].status);
        assert_int_not_equal(access(j.out, F_OK), 0);
        assert_int_not_equal(access(j.tmp, F_OK), 0);
        cp_job_free(&j);
    }

    j = sh_job("kept");
    j.keep_output = true;
    assert_int_equal(run_sh(&j, "echo verdict; exit 1", 0, NULL, &status),
                     CP_JOB_FAILED);
    assert_int_equal(status, 1);
    text = slurp(j.out);
    assert_string_equal(text, "verdict\n");
    free(text);
    cp_job_free(&j);
}

static void steps_are_killed_on_timeout_and_interrupt(void **state)
{
    (void)state;
    int status;
    cp_job j = sh_job("slow");
    double t0 = cp_now();
    assert_int_equal(run_sh(&j, "echo started; sleep 30", 0.2, NULL,
                            &status),
                     CP_JOB_TIMEOUT);
    assert_true(cp_now() - t0 < 10);
    assert_int_not_equal(access(j.out, F_OK), 0);
    cp_job_free(&j);

    volatile sig_atomic_t stop = 1;
    j = sh_job("stopped");
    /* The grandchild (sleep) dies with the group. */
    assert_int_equal(run_sh(&j, "sleep 30 & wait", 0, &stop, &status),
                     CP_JOB_INTERRUPTED);
    assert_true(cp_now() - t0 < 10);
    cp_job_free(&j);

    cp_job none[2] = {{0}};
    cp_job_result res;
    assert_int_equal(cp_job_wait(none, 2, 0, NULL, &res, &status), -1);
}

/* ---- progress ---- */

static void durations_and_eta(void **state)
{
    (void)state;
    char s[32];
    cp_format_duration(7, s, sizeof s);
    assert_string_equal(s, "0:07");
    cp_format_duration(754.4, s, sizeof s);
    assert_string_equal(s, "12:34");
    cp_format_duration(3723, s, sizeof s);
    assert_string_equal(s, "1:02:03");
    cp_format_duration(-1, s, sizeof s);
    assert_string_equal(s, "?");
    assert_true(cp_eta(10, 2.0, 2) == 10.0);
    assert_true(cp_eta(3, 1.0, 2) == 2.0);  /* two rounds of two lanes */
    assert_true(cp_eta(0, -1, 1) == 0);
    assert_true(cp_eta(5, -1, 1) < 0);
}

static void progress_line_counts_and_estimates(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    cp_progress p;
    cp_progress_init(&p, f, 4, 5, 2, true);
    ll_buf line = {0};
    /* a step dropped (its model step failed): one fewer to do */
    cp_progress_drop(&p, CP_HW);
    cp_progress_line(&p, NULL, NULL, p.start + 1, NULL, &line);
    assert_string_equal(line.data, "[0/8] starting  elapsed 0:01  ETA ?");
    /* the step running now, not the one finished */
    cp_progress_started(&p, 0, CP_MODEL, "SB");
    cp_progress_started(&p, 1, CP_MODEL, "MP");
    p.since[0] = p.start;
    cp_progress_line(&p, NULL, NULL, p.start + 2, NULL, &line);
    assert_string_equal(line.data,
                        "[0/8] running model SB (0:02) +1 more  elapsed "
                        "0:02  ETA ?");
    cp_progress_step(&p, 0, CP_MODEL, "SB", 3.0);
    cp_progress_step(&p, 1, CP_MODEL, "MP", 1.0);
    /* two model steps timed: not yet a few, no estimate */
    cp_progress_line(&p, "model", "MP", p.start + 4, NULL, &line);
    assert_string_equal(line.data, "[2/8] model MP  elapsed 0:04  ETA ?");
    cp_progress_step(&p, 0, CP_MODEL, "LB", 2.0);
    /* model: 1 left at 2 s; hwrun not timed: a lower bound */
    cp_progress_line(&p, "model", "LB", p.start + 5, NULL, &line);
    assert_string_equal(line.data, "[3/8] model LB  elapsed 0:05  ETA >0:02");
    cp_progress_step(&p, 0, CP_MODEL, "S", 2.0);
    for (int i = 0; i < 3; i++)
        cp_progress_step(&p, 0, CP_HW, "SB", 10.0);
    cp_progress_started(&p, 0, CP_HW, "R");
    p.since[0] = p.start + 60;
    cp_progress_line(&p, NULL, NULL, p.start + 65, "R: 1/2 iterations", &line);
    assert_string_equal(line.data, "[7/8] running hwrun R (0:05)  elapsed "
                        "1:05  ETA 0:10  [R: 1/2 iterations]");
    cp_progress_step(&p, 0, CP_HW, "R", 10.0);
    cp_progress_line(&p, NULL, NULL, p.start + 70, NULL, &line);
    assert_string_equal(line.data, "[8/8] done  elapsed 1:10  ETA 0:00");
    ll_buf_free(&line);
    cp_progress_end(&p);
    fclose(f);

    /* Not a terminal: one line per finished step, no ticking. */
    f = tmpfile();
    cp_progress_init(&p, f, 1, 0, 1, false);
    cp_progress_started(&p, 0, CP_MODEL, "IRIW");
    cp_progress_tick(&p, NULL);
    cp_progress_step(&p, 0, CP_MODEL, "IRIW", 0.5);
    cp_progress_end(&p);
    rewind(f);
    char got[128] = {0};
    assert_int_equal(fread(got, 1, sizeof got - 1, f),
                     strlen("[1/1] model IRIW  elapsed 0:00  ETA 0:00\n"));
    assert_string_equal(got, "[1/1] model IRIW  elapsed 0:00  ETA 0:00\n");
    fclose(f);
}

/* hwrun's progress, as it writes it into the file its stderr goes to. */
static void progress_note_is_hwruns_last_line(void **state)
{
    (void)state;
    char path[] = "/tmp/ll-note-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char text[] = "\r\033[KSB: 1000/4000 iterations, 1.00M/s, "
                        "condition seen 3, ETA 3s\r\033[KSB: 2000/4000 "
                        "iterations, 1.00M/s, condition seen 5, ETA 2s";
    assert_int_equal(write(fd, text, sizeof text - 1), sizeof text - 1);
    close(fd);
    ll_buf note = {0};
    cp_progress_note(path, &note);
    assert_string_equal(ll_buf_str(&note), "SB: 2000/4000 iterations, "
                        "1.00M/s, condition seen 5, ETA 2s");
    /* a message after the progress is what cp_first_line gives */
    FILE *f = fopen(path, "a");
    fputs("\r\033[Kcannot run: no cores\n", f);
    fclose(f);
    char *first = cp_first_line(path);
    assert_string_equal(first, "cannot run: no cores");
    free(first);
    ll_buf_free(&note);
    unlink(path);
}

/* ---- summary ---- */

static void status_rank_puts_the_alarm_first(void **state)
{
    (void)state;
    assert_true(cp_status_rank("forbidden-seen") <
                cp_status_rank("allowed-unseen"));
    assert_true(cp_status_rank("allowed-unseen") <
                cp_status_rank("model-only"));
    assert_true(cp_status_rank("something-new") < cp_status_rank("agree"));
    assert_int_equal(cp_status_rank("agree"),
                     cp_status_rank("allowed-seen"));
}

static void csv_rows_by_column_name(void **state)
{
    (void)state;
    put("tests.csv",
        "test,condition,model_verdict,hw_verdict,hw_positive,hw_total,status\n"
        "MP,\"exists (1:rax=1 /\\ 1:rbx=0)\",No,No,0,100,agree\n"
        "SB,\"exists (0:rax=0 /\\ 1:rax=0)\",Ok,No,0,100,allowed-unseen\n"
        "\"X,Y\",\"exists (x=2)\",No,Ok,3,100,forbidden-seen\n");
    cp_rows rows = {0};
    char *path = at("tests.csv");
    FILE *diag = tmpfile();
    assert_true(cp_rows_read(path, false, &rows, diag));
    assert_int_equal(rows.n, 3);
    assert_string_equal(rows.items[2].test, "X,Y");
    assert_string_equal(rows.items[2].status, "forbidden-seen");
    assert_string_equal(rows.items[0].state, "");
    /* tests.csv has no state column */
    cp_rows none = {0};
    assert_false(cp_rows_read(path, true, &none, diag));
    cp_rows_free(&none);
    cp_rows_free(&rows);
    free(path);
    fclose(diag);
}

static void summary_lists_forbidden_seen_first(void **state)
{
    (void)state;
    put("t.csv", "test,status\nMP,agree\nSB,allowed-unseen\n"
                 "LB,agree\nBAD,forbidden-seen\nPPC1,model-only\n");
    put("o.csv", "test,state,model_allowed,hw_count,machines,status\n"
                 "MP,\"1:rax=1; 1:rbx=1;\",yes,10,m,allowed-seen\n"
                 "SB,\"0:rax=0; 1:rax=0;\",yes,0,,allowed-unseen\n"
                 "BAD,\"x=2;\",no,3,m,forbidden-seen\n");
    cp_rows tests = {0}, outcomes = {0};
    char *tp = at("t.csv"), *op = at("o.csv");
    FILE *diag = tmpfile();
    assert_true(cp_rows_read(tp, false, &tests, diag));
    assert_true(cp_rows_read(op, true, &outcomes, diag));
    cp_failure fails[] = {{"IRIW", CP_HW, (char *)"exit 2: unsupported",
                           (char *)"w/IRIW.err", false},
                          {"MP", CP_HW, (char *)"killed after 600 s",
                           (char *)"w/MP.err", true}};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cp_print_summary(f, &tests, &outcomes, fails, 2, 25);
    fclose(f);
    /* The class table: forbidden-seen, allowed-unseen, model-only, agree. */
    char want[4][64];
    snprintf(want[0], sizeof want[0], "  %-16s %8d\n", "forbidden-seen", 1);
    snprintf(want[1], sizeof want[1], "  %-16s %8d\n", "allowed-unseen", 1);
    snprintf(want[2], sizeof want[2], "  %-16s %8d\n", "model-only", 1);
    snprintf(want[3], sizeof want[3], "  %-16s %8d\n", "agree", 2);
    const char *fs = strstr(text, want[0]);
    const char *au = strstr(text, want[1]);
    const char *mo = strstr(text, want[2]);
    const char *ag = strstr(text, want[3]);
    assert_non_null(fs);
    assert_true(fs < au && au < mo && mo < ag);
    const char *alarm = strstr(text, "FORBIDDEN by the model but SEEN");
    const char *unseen = strstr(text, "never showed (1):\n  SB");
    assert_non_null(alarm);
    assert_non_null(unseen);
    assert_true(alarm < unseen);
    assert_non_null(strstr(text, "  BAD"));
    assert_non_null(strstr(text, "0:rax=0; 1:rax=0;"));
    assert_non_null(strstr(text, "IRIW"));
    assert_non_null(strstr(text, "exit 2: unsupported (w/IRIW.err)"));
    /* bad input is not suggested a re-run, a killed step is */
    assert_non_null(strstr(text, "\nSteps that failed (2):\n"));
    assert_non_null(strstr(text, "\nRe-run to retry the 1 killed, crashed "
                           "or not saved; the others need the test or the "
                           "model fixed.\n"));
    assert_null(strstr(text, "re-run to retry them"));
    free(text);
    f = open_memstream(&text, &len);
    cp_print_summary(f, &tests, &outcomes, fails, 1, 25);
    fclose(f);
    assert_non_null(strstr(text, "\nA re-run fails the same way: the test "
                           "or the model needs fixing.\n"));
    assert_null(strstr(text, "Re-run"));
    free(text);

    /* A long list is cut with a pointer to the CSV. */
    f = open_memstream(&text, &len);
    cp_print_summary(f, &tests, &outcomes, NULL, 0, 0);
    fclose(f);
    assert_non_null(strstr(text, "... and 1 more in outcomes.csv"));
    free(text);
    cp_rows_free(&tests);
    cp_rows_free(&outcomes);
    free(tp);
    free(op);
    fclose(diag);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reader_gives_arch_and_name),
        cmocka_unit_test(key_is_safe_name_and_content_hash),
        cmocka_unit_test(arch_filter),
        cmocka_unit_test(hwrun_check_answers),
        cmocka_unit_test(discovery_walks_sorts_and_drops_repeats),
        cmocka_unit_test(work_paths_name_step_and_iterations),
        cmocka_unit_test(resume_sees_only_finished_steps),
        cmocka_unit_test(steps_keep_output_only_on_success),
        cmocka_unit_test(steps_are_killed_on_timeout_and_interrupt),
        cmocka_unit_test(durations_and_eta),
        cmocka_unit_test(progress_line_counts_and_estimates),
        cmocka_unit_test(progress_note_is_hwruns_last_line),
        cmocka_unit_test(status_rank_puts_the_alarm_first),
        cmocka_unit_test(csv_rows_by_column_name),
        cmocka_unit_test(summary_lists_forbidden_seen_first),
    };
    return cmocka_run_group_tests(tests, make_scratch, remove_scratch);
}
