/* test_log.c — herd7/litmus7 log entries: the writers against excerpts of
 * the real logs (byte for byte), the streaming reader on plain and gzip
 * input, and each malformed-entry message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "litmuslab/log.h"
#include "tests/unit/tmptext.h"

/* ../shared/seeds/expected-herd7.log, first entry. */
static const char herd_sb[] =
    "Test SB+lwsync-RMW-lwsync+isync-simple Allowed\n"
    "States 6\n"
    "0:r3=0; 1:r3=0;\n"
    "0:r3=0; 1:r3=1;\n"
    "0:r3=1; 1:r3=0;\n"
    "0:r3=1; 1:r3=1;\n"
    "0:r3=2; 1:r3=0;\n"
    "0:r3=2; 1:r3=1;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 1 Negative: 5\n"
    "Condition exists (0:r3=0 /\\ 1:r3=0)\n"
    "Observation SB+lwsync-RMW-lwsync+isync-simple Sometimes 1 5\n"
    "Time SB+lwsync-RMW-lwsync+isync-simple 0.02\n"
    "Hash=e2240ce2072a2610c034ccd4fc964e77\n"
    "\n";

/* x86 model-herd7.log: a `forall` test. */
static const char herd_corw[] =
    "Test CoRW Required\n"
    "States 3\n"
    "0:rax=0; [x]=1;\n"
    "0:rax=0; [x]=2;\n"
    "0:rax=2; [x]=1;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 3 Negative: 0\n"
    "Condition forall ([x]=2 /\\ 0:rax=0 \\/ [x]=1 /\\ (0:rax=2 \\/ 0:rax=0))\n"
    "Observation CoRW Always 3 0\n"
    "Time CoRW 0.00\n"
    "Hash=6d684c1c5d842697f9afd8486552676e\n"
    "\n";

/* herd7's layout for a model with flags (as herd7's top level prints
 * them: after the counts, by name, its undefined mark first). */
static const char herd_flags[] =
    "Test MP+racy Allowed\n"
    "States 2\n"
    "1:r0=0; 1:r1=0;\n"
    "1:r0=1; 1:r1=1;\n"
    "Undef\n"
    "Witnesses\n"
    "Positive: 1 Negative: 1\n"
    "Flag *undef*\n"
    "Flag data-race\n"
    "Condition exists (1:r0=1 /\\ 1:r1=1)\n"
    "Observation MP+racy Sometimes 1 1\n"
    "Time MP+racy 0.01\n"
    "Hash=0123456789abcdef0123456789abcdef\n"
    "\n";

/* herd7 7.58 on a test whose loop it cut (unrolling limit exceeded) */
static const char herd_loop[] =
    "Test loop1 Allowed\n"
    "States 1\n"
    "0:r0=1;\n"
    "Loop No\n"
    "Witnesses\n"
    "Positive: 0 Negative: 3\n"
    "Condition exists (0:r0=0)\n"
    "Observation loop1 Never 0 3\n"
    "Time loop1 0.01\n"
    "Hash=8aa915a46b8bbf701f6f1f53ed16894f\n"
    "\n";

/* power hardware.log: counts padded to 8 (`4803397 :>`). */
static const char litmus_eieio[] =
    "Test 2+2W+eieio+isync Allow\n"
    "Histogram (4 states)\n"
    "882865221:> x=1; y=1;\n"
    "2777787554:> x=1; y=2;\n"
    "3740218828:> x=2; y=1;\n"
    "4803397 :> x=2; y=2;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 59637 Negative: 5205615363\n"
    "Condition exists (x=2 /\\ y=2) is validated\n"
    "Hash=b2ecc8c6efd7f9c294c1f6792e69f97a\n"
    "Time 2+2W+eieio+isync 1680.25\n"
    "\n";

/* power hardware.log: no Time line. */
static const char litmus_r0033[] =
    "Test R0033 Allow\n"
    "Histogram (4 states)\n"
    "9254945221:> 1:r6=0; y=1;\n"
    "94428992:> 1:r6=0; y=2;\n"
    "1044108510:> 1:r6=1; y=1;\n"
    "9196607277:> 1:r6=1; y=2;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 68120891 Negative: 17321969109\n"
    "Condition exists (y=2 /\\ 1:r6=0) is validated\n"
    "Hash=5e1bec19e996b98d160ba74f890a2b73\n"
    "\n";

/* power hardware.log: a `??` entry, no kind, no witnesses. */
static const char litmus_unknown[] =
    "Test 2+2W+poaas\n"
    "Histogram (9 states)\n"
    "4712700 :> ok=0; x=0; y=0;\n"
    "9278283 :> ok=0; x=0; y=2;\n"
    "811786489:> ok=0; x=1; y=2;\n"
    "7484337 :> ok=0; x=2; y=0;\n"
    "822888834:> ok=0; x=2; y=1;\n"
    "20770946:> ok=0; x=2; y=2;\n"
    "1259645085:> ok=1; x=1; y=1;\n"
    "4394467888:> ok=1; x=1; y=2;\n"
    "4348965438:> ok=1; x=2; y=1;\n"
    "??\n"
    "Condition (ok=1 /\\ x=2 /\\ y=2)\n"
    "Hash=3bc659e9dbf1deb9212b623079b2e4de\n"
    "Time 2+2W+poaas 1027.77\n"
    "\n";

/* litmus7 7.5x layout, as its generated harness prints it. */
static const char litmus_modern[] =
    "Test SB Allowed\n"
    "Histogram (4 states)\n"
    "40    *>0:EAX=0; 1:EAX=0;\n"
    "499923:>0:EAX=0; 1:EAX=1;\n"
    "1000000:>0:EAX=1; 1:EAX=0;\n"
    "500037:>0:EAX=1; 1:EAX=1;\n"
    "Ok\n"
    "\n"
    "Witnesses\n"
    "Positive: 40, Negative: 1999960\n"
    "Condition exists (0:EAX=0 /\\ 1:EAX=0) is validated\n"
    "Hash=7dbd6b8e6dd4abc2ef3d48b0376fb2e3\n"
    "Observation SB Sometimes 40 1999960\n"
    "Time SB 0.31\n"
    "\n";

/* litmus7 7.58 (here, 2026-12-05), as hwrun writes it: scalars
 * bracketed, a whole array, an unsigned value, the test's metadata
 * between Hash= and Observation (Relax's trailing space kept), our lines
 * after Observation. */
static const char litmus_758[] =
    "Test L7+meta Allowed\n"
    "Histogram (2 states)\n"
    "2000  *>0:rax=-1; x={18446744073709551615,1}; [y]=2; x[0]=18446744073709551615;\n"
    "7     :>0:rax=1; x={7,1}; [y]=2; x[0]=7;\n"
    "Ok\n"
    "\n"
    "Witnesses\n"
    "Positive: 2000, Negative: 7\n"
    "Condition exists (0:rax=-1 /\\ [y]=2) is validated\n"
    "Hash=d4ae581a5e10e3957e8ae60e7ed71f1c\n"
    "Generator=hand\n"
    "Relax L7+meta Ok \n"
    "Cycle=PodWR Fre\n"
    "Observation L7+meta Sometimes 2000 7\n"
    "Machine x86_64 AMD EPYC\n"
    "Time L7+meta 0.01\n"
    "\n";

static void add_state(ll_log_entry *e, const char *text, uint64_t count,
                      bool marked)
{
    ll_state s = {0};
    ll_diag d = {0};
    assert_true(ll_state_parse(text, &s, &d));
    ll_log_entry_add_state(e, &s, count, marked);
    ll_state_clear(&s);
}

/* The model stage builds entries by hand; this is what it must print. */
static void herd_writer_from_built_entry(void **unused)
{
    (void)unused;
    ll_log_entry e = {0};
    e.format = LL_LOG_HERD;
    e.name = ll_xstrdup("SB+lwsync-RMW-lwsync+isync-simple");
    e.kind = ll_xstrdup(ll_log_kind_word(LL_EXISTS, LL_LOG_HERD, 0));
    const char *states[] = {"0:r3=0; 1:r3=0;", "0:r3=0; 1:r3=1;",
                            "0:r3=1; 1:r3=0;", "0:r3=1; 1:r3=1;",
                            "0:r3=2; 1:r3=0;", "0:r3=2; 1:r3=1;"};
    for (int i = 5; i >= 0; i--)
        add_state(&e, states[i], 0, false);
    ll_log_entry_sort_states(&e); /* herd7 lists states in order */
    e.verdict = LL_VERDICT_OK;
    e.has_witnesses = true;
    e.positive = 1;
    e.negative = 5;
    e.cond_text = ll_xstrdup("exists (0:r3=0 /\\ 1:r3=0)");
    e.obs_word = ll_xstrdup("Sometimes");
    e.obs_pos = 1;
    e.obs_neg = 5;
    e.time = ll_xstrdup("0.02");
    e.hash = ll_xstrdup("e2240ce2072a2610c034ccd4fc964e77");
    ll_buf b = {0};
    ll_log_format_herd(&e, &b);
    assert_string_equal(b.data, herd_sb);

    char out[2048] = {0};
    FILE *f = fmemopen(out, sizeof out, "w");
    ll_log_write_herd(f, &e);
    fclose(f);
    assert_string_equal(out, herd_sb);
    ll_buf_free(&b);
    ll_log_entry_clear(&e);
}

/* hwrun builds entries with counts and marks; classic litmus7 layout. */
static void litmus_writer_from_built_entry(void **unused)
{
    (void)unused;
    ll_log_entry e = {0};
    e.format = LL_LOG_LITMUS;
    e.name = ll_xstrdup("2+2W+eieio+isync");
    e.kind = ll_xstrdup(ll_log_kind_word(LL_EXISTS, LL_LOG_LITMUS,
                                         LL_LITMUS_CLASSIC));
    add_state(&e, "[x]=1; [y]=1;", 882865221, false);
    add_state(&e, "x=1; y=2;", 2777787554u, false);
    add_state(&e, "x=2; y=1;", 3740218828u, false);
    add_state(&e, "x=2; y=2;", 4803397, false);
    e.verdict = LL_VERDICT_OK;
    e.has_witnesses = true;
    e.positive = 59637;
    e.negative = 5205615363u;
    e.cond_text = ll_xstrdup("exists (x=2 /\\ y=2)");
    e.validated = LL_VALIDATED_YES;
    e.hash = ll_xstrdup("b2ecc8c6efd7f9c294c1f6792e69f97a");
    e.time = ll_xstrdup("1680.25");
    char out[2048] = {0};
    FILE *f = fmemopen(out, sizeof out, "w");
    ll_log_write_litmus(f, &e);
    fclose(f);
    assert_string_equal(out, litmus_eieio);
    assert_int_equal(ll_log_entry_total(&e), 882865221ull + 2777787554ull +
                                                 3740218828ull + 4803397ull);
    ll_log_entry_clear(&e);
}

/* Read one entry from text, write it back in its own format. */
static void round_trip(const char *text, int gzip)
{
    char path[] = "/tmp/test_log_XXXXXX";
    tmptext_write(path, text, gzip);
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    assert_non_null(r);
    ll_log_entry e = {0};
    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_int_equal(e.line, 1);
    assert_string_equal(e.file, path);
    ll_buf b = {0};
    if (e.format == LL_LOG_HERD)
        ll_log_format_herd(&e, &b);
    else
        ll_log_format_litmus(&e, &b);
    assert_string_equal(b.data, text);
    assert_int_equal(ll_log_next(r, &e, &d), 0);
    ll_buf_free(&b);
    ll_log_entry_clear(&e);
    ll_log_close(r);
    unlink(path);
}

static void real_entries_round_trip(void **unused)
{
    (void)unused;
    const char *texts[] = {herd_sb, herd_corw, herd_flags, herd_loop, litmus_eieio,
                           litmus_r0033, litmus_unknown, litmus_modern,
                           litmus_758};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        round_trip(texts[i], 0);
        round_trip(texts[i], 1);
    }
}

static void reader_fills_fields(void **unused)
{
    (void)unused;
    char text[4096];
    snprintf(text, sizeof text, "junk before\n%s%s%sMachine p7-a\n\n%s%s",
             herd_corw, litmus_unknown, litmus_modern, litmus_r0033,
             herd_flags);
    /* The `Machine` line belongs to the modern entry: insert it before
     * the blank line that ends that entry. */
    char *end = strstr(text, "Time SB 0.31\n\nMachine");
    assert_non_null(end);
    memcpy(end, "Machine p7-a\nTime SB 0.31\n\n", 27);
    char path[] = "/tmp/test_log_XXXXXX";
    tmptext_write(path, text, 1);
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    ll_log_entry e = {0};

    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.format, LL_LOG_HERD);
    assert_string_equal(e.kind, "Required");
    assert_int_equal(e.n_states, 3);
    assert_int_equal(e.verdict, LL_VERDICT_OK);
    assert_string_equal(e.obs_word, "Always");
    assert_int_equal(e.obs_pos, 3);

    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_string_equal(e.name, "2+2W+poaas");
    assert_string_equal(e.kind, "");
    assert_int_equal(e.verdict, LL_VERDICT_UNKNOWN);
    assert_false(e.has_witnesses);
    assert_string_equal(e.cond_text, "(ok=1 /\\ x=2 /\\ y=2)");
    assert_int_equal(e.validated, LL_VALIDATED_NONE);
    assert_int_equal(e.states[3].count, 7484337);

    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_int_equal(e.style, LL_LITMUS_MODERN);
    assert_true(e.states[0].marked);
    assert_false(e.states[1].marked);
    assert_int_equal(e.negative, 1999960);
    assert_string_equal(ll_log_entry_extra(&e, "Machine"), "p7-a");
    assert_null(ll_log_entry_extra(&e, "Topology"));

    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_string_equal(e.name, "R0033");
    assert_null(e.time);
    assert_string_equal(e.hash, "5e1bec19e996b98d160ba74f890a2b73");

    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_int_equal(e.verdict, LL_VERDICT_UNDEF);
    assert_int_equal(e.n_flags, 2);
    assert_string_equal(e.flags[0], "*undef*");
    assert_string_equal(e.flags[1], "data-race");
    assert_int_equal(e.n_extra, 0);
    assert_int_equal(ll_log_next(r, &e, &d), 0);
    ll_log_entry_clear(&e);
    ll_log_close(r);
    unlink(path);
}

/* A litmus7 run's whole log (its run.sh): the date, a banner, the
 * test's text and assembler before each entry, no blank line between
 * entries, a trailer. Each entry ends at its Time line: its extra lines
 * are its metadata alone; the whole array reads as its elements. */
static void litmus7_run_log(void **unused)
{
    (void)unused;
    const char *text =
        "Sat Dec  5 05:42:40 UTC 2026\n"
        "%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
        "% Results for t/A.litmus %\n"
        "%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
        "X86_64 A\n\n{\n uint64_t x=0;\n}\n P0          ;\n"
        " movq $1,(x) ;\n\nexists ([x]=1)\nGenerated assembler\n"
        "#START _litmus_P0\n\tmovq $1,(%rax,%rsi)\n"
        "Test A Allowed\nHistogram (1 states)\n20000 *>[x]=1;\nOk\n\n"
        "Witnesses\nPositive: 20000, Negative: 0\n"
        "Condition exists ([x]=1) is validated\n"
        "Hash=d4ae581a5e10e3957e8ae60e7ed71f1c\nCycle=Fre PodWR\n"
        "Observation A Always 20000 0\nTime A 0.01\n"
        "%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
        "% Results for t/B.litmus %\n"
        "%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
        "X86_64 B\n\n{\n uint64_t x[2]={1,2};\n}\n"
        "Generated assembler\n"
        "Test B Allowed\nHistogram (1 states)\n20000 *>x={7,2};\nOk\n\n"
        "Witnesses\nPositive: 20000, Negative: 0\n"
        "Condition exists (x={7,2}) is validated\n"
        "Hash=6c322a7d7505a8195f4d7a2162de354a\n"
        "Observation B Always 20000 0\nTime B 0.08\n"
        "Revision exported, version 7.58\n"
        "Command line: litmus7 -o l7 t/A.litmus t/B.litmus\n"
        "Parameters\n#define SIZE_OF_TEST 1000\nGCC=gcc\n"
        "Sat Dec  5 05:43:06 UTC 2026\n";
    char path[] = "/tmp/test_log_XXXXXX";
    tmptext_write(path, text, 0);
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    ll_log_entry e = {0};
    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_string_equal(e.name, "A");
    assert_string_equal(e.time, "0.01");
    assert_int_equal(e.n_extra, 1);
    assert_int_equal(e.n_extra_pre, 1);
    assert_string_equal(e.extra[0], "Cycle=Fre PodWR");
    assert_string_equal(e.states[0].text, "[x]=1;");
    assert_int_equal(ll_log_next(r, &e, &d), 1);
    assert_string_equal(e.name, "B");
    assert_int_equal(e.n_extra, 0);
    assert_int_equal(e.states[0].state.n, 2);
    assert_string_equal(e.states[0].state.b[1].loc.name, "x");
    assert_int_equal(e.states[0].state.b[1].loc.index, 1);
    assert_int_equal(e.states[0].state.b[1].value.num, 2);
    assert_int_equal(ll_log_next(r, &e, &d), 0);
    ll_log_entry_clear(&e);
    ll_log_close(r);
    unlink(path);
}

/* Each broken entry gives FILE:LINE and its message, then the reader goes
 * on with the next entry (R0033, a good one, follows every case). */
static void malformed_entries(void **unused)
{
    (void)unused;
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } cases[] = {
        {"Test T Allow\nHistogram (3 states)\n5 :> x=1;\n", 1,
         "truncated entry 'T': only 1 of 3 states"},
        {"Test T Allow\nHistogram (3 states)\n5 :> x=1;\nOk\n", 4,
         "truncated entry 'T': only 1 of 3 states"},
        {"Test T Allow\n", 1, "truncated entry 'T': ends after its Test line"},
        {"Test T Allow\nHistogram (1 states)\n12x4 :> x=1;\nOk\n", 3,
         "bad count in '12x4 :> x=1;'"},
        {"Test T Allow\nHistogram (1 states)\n99999999999999999999 :> x=1;\n",
         3, "bad count in '99999999999999999999 :> x=1;'"},
        {"Test T Allow\nHistogram (1 states)\n5 :> x=;\nOk\n", 3,
         "bad state: expected a value in '5 :> x=;'"},
        {"Test T Allowed\nStates 1\n[x]=1 [y]=2;\nOk\n", 3,
         "bad state: expected ';' in '[x]=1 [y]=2;'"},
        {"Test T Allowed\nStates x\n", 2,
         "expected 'States N' or 'Histogram (N states)', got 'States x'"},
        {"Test T Allow\nHistogram (1 states)\n5 :> x=1;\nOk\nWitnesses\n"
         "Positive: 5 Negative: lots\n", 6,
         "bad count in 'Positive: 5 Negative: lots'"},
        {"Test T Allowed\nStates 1\n[x]=1;\nOk\nObservation T Sometimes 1\n",
         5, "bad Observation line 'Observation T Sometimes 1'"},
        {"Test T Allowed\nStates 1\n[x]=1;\nOk\nNo\n", 5, "second verdict 'No'"},
        {"Test T Allowed\nStates 1\n[x]=1;\nCondition exists ([x]=1)\n", 1,
         "entry 'T' has no Ok/No verdict line"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048];
        snprintf(text, sizeof text, "%s%s", cases[i].text, litmus_r0033);
        char path[] = "/tmp/test_log_XXXXXX";
        tmptext_write(path, text, 0);
        ll_diag d = {0};
        ll_log_reader *r = ll_log_open(path, &d);
        ll_log_entry e = {0};
        assert_int_equal(ll_log_next(r, &e, &d), -1);
        assert_string_equal(d.file, path);
        assert_int_equal(d.line, cases[i].line);
        assert_string_equal(d.msg, cases[i].msg);
        assert_int_equal(ll_log_next(r, &e, &d), 1);
        assert_string_equal(e.name, "R0033");
        assert_int_equal(ll_log_next(r, &e, &d), 0);
        ll_log_entry_clear(&e);
        ll_log_close(r);
        unlink(path);
    }
}

static void missing_file(void **unused)
{
    (void)unused;
    ll_diag d = {0};
    assert_null(ll_log_open("/nonexistent/model.log", &d));
    assert_string_equal(d.file, "/nonexistent/model.log");
    assert_string_equal(d.msg, "cannot open: No such file or directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(herd_writer_from_built_entry),
        cmocka_unit_test(litmus_writer_from_built_entry),
        cmocka_unit_test(real_entries_round_trip),
        cmocka_unit_test(litmus7_run_log),
        cmocka_unit_test(reader_fills_fields),
        cmocka_unit_test(malformed_entries),
        cmocka_unit_test(missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
