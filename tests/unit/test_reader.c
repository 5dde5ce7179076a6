/* test_reader.c — the litmus reader on hand-written tests, with a stand-in
 * architecture: every part of the tree, the normalised printing, the
 * round trip, and the one-line errors with their positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/reader.h"
#include "litmuslab/test.h"
#include "tests/unit/fake_arch.h"

static ll_test *parse(const char *text, ll_diag *d)
{
    return ll_test_parse_with("t.litmus", text, strlen(text), fake_find, d);
}

static ll_test *parse_ok(const char *text)
{
    ll_diag d = {0};
    ll_test *t = parse(text, &d);
    if (!t)
        fail_msg("%d:%d: %s", d.line, d.col, d.msg);
    return t;
}

/* Print, parse the printing again, and check it prints the same. */
static char *print_twice(const ll_test *t)
{
    ll_buf once = {0}, twice = {0};
    ll_test_print(t, &once);
    ll_diag d = {0};
    ll_test *again = parse(ll_buf_str(&once), &d);
    if (!again)
        fail_msg("reparse: %d:%d: %s\n%s", d.line, d.col, d.msg,
                 ll_buf_str(&once));
    ll_test_print(again, &twice);
    assert_string_equal(ll_buf_str(&once), ll_buf_str(&twice));
    ll_test_free(again);
    ll_buf_free(&twice);
    return once.data;
}

static const char sb[] =
    "FAKE SB+sync (SBTex) \"Fre SyncdWR Fre SyncdWR\"\n"
    "Cycle=Fre SyncdWR Fre SyncdWR\n"
    "(* a comment (* nested *) between lines *)\n"
    "Com = Fr Fr \n"
    "Orig=\n"
    "{\n"
    "0:r2=x; 0:r4=y; (* here too *)\n"
    "1:r2=y; 1:r4=x\n"
    "}\n"
    " P0           | P1           ;\n"
    " li r1,1      | li r1,1      ;\n"
    " stw r1,0(r2) | stw r1,0(r2) ;\n"
    " sync         | L0: sync     ;\n"
    "              | L1:          ;\n"
    " lwz r3,0(r4) | lwz r3,0(r4) ;\n"
    "locations [x; 1:r3;]\n"
    "exists\n"
    "(0:r3=0 /\\ 1:r3=0)\n";

static void test_whole_test(void **state)
{
    (void)state;
    ll_test *t = parse_ok(sb);
    assert_string_equal(t->file, "t.litmus");
    assert_string_equal(t->arch_name, "FAKE");
    assert_ptr_equal(t->arch, &fake_arch);
    assert_string_equal(t->name, "SB+sync");
    assert_string_equal(t->doc, "Fre SyncdWR Fre SyncdWR");
    assert_int_equal(t->n_meta, 3);
    assert_string_equal(t->meta[1].key, "Com");
    assert_string_equal(t->meta[1].value, "Fr Fr");
    assert_string_equal(ll_test_meta(t, "Cycle"), "Fre SyncdWR Fre SyncdWR");
    assert_string_equal(ll_test_meta(t, "Orig"), "");
    assert_null(ll_test_meta(t, "Prefetch"));

    assert_int_equal(t->n_init, 4);
    assert_int_equal(t->init[3].loc.proc, 1);
    assert_string_equal(t->init[3].loc.name, "r4");
    assert_int_equal(t->init[3].loc.reg, 4);
    assert_true(t->init[3].has_value);
    assert_true(t->init[3].value.is_sym);
    assert_string_equal(t->init[3].value.sym, "x");
    assert_int_equal(t->init[3].pos.line, 8);
    assert_int_equal(t->init[3].pos.col, 9);

    assert_int_equal(t->n_threads, 2);
    assert_int_equal(t->threads[1].proc, 1);
    assert_int_equal(t->threads[0].n_stmts, 5);
    assert_int_equal(t->threads[1].n_stmts, 5);
    const ll_stmt *st = &t->threads[0].stmts[1];
    assert_true(st->has_instr);
    assert_int_equal(st->instr.op, 2);
    assert_int_equal(st->instr.n_ops, 2);
    assert_string_equal(st->instr.ops[1].sym, "0(r2)");
    assert_int_equal(st->pos.line, 12);
    assert_int_equal(st->pos.col, 2);
    st = &t->threads[1].stmts[2];
    assert_string_equal(st->label, "L0");
    assert_true(st->has_instr);
    assert_int_equal(st->pos.col, 17);
    st = &t->threads[1].stmts[3];
    assert_string_equal(st->label, "L1");
    assert_false(st->has_instr);
    st = &t->threads[0].stmts[3];
    assert_null(st->label);
    assert_false(st->has_instr);

    assert_true(t->has_locations);
    assert_int_equal(t->n_locations, 2);
    assert_int_equal(t->locations[1].reg, 3);
    assert_null(t->filter);
    assert_int_equal(t->cond.quant, LL_EXISTS);
    assert_int_equal(t->cond.prop->kind, LL_PROP_AND);

    char *text = print_twice(t);
    assert_string_equal(text,
                        "FAKE SB+sync\n"
                        "\"Fre SyncdWR Fre SyncdWR\"\n"
                        "Cycle=Fre SyncdWR Fre SyncdWR\n"
                        "Com=Fr Fr\n"
                        "Orig=\n"
                        "{\n"
                        "0:r2=x; 0:r4=y;\n"
                        "1:r2=y; 1:r4=x;\n"
                        "}\n"
                        " P0           | P1           ;\n"
                        " li r1,1      | li r1,1      ;\n"
                        " stw r1,0(r2) | stw r1,0(r2) ;\n"
                        " sync         | L0: sync     ;\n"
                        "              | L1:          ;\n"
                        " lwz r3,0(r4) | lwz r3,0(r4) ;\n"
                        "locations [x; 1:r3;]\n"
                        "exists (0:r3=0 /\\ 1:r3=0)\n");
    free(text);
    ll_test_free(t);
}

static const char init_forms[] =
    "FAKE inits\n"
    "{ uint64_t x; int y = 1; int *p = &x; uint64_t 1:r3; [z]=0x10;\n"
    "  w=-2; int t[3] = {1, x, 3}; int u[2]; P0:r1=1; int *q;\n"
    "  unsigned long v = 7; * s = z; 0:r2=x }\n"
    " P0 ;\n li r1,1 ;\n"
    "filter (0:r1=1 \\/ ~[x]=1)\n"
    "~exists (x=1 /\\ [y]=2 => t[1]=0)\n";

static void test_init_forms(void **state)
{
    (void)state;
    ll_test *t = parse_ok(init_forms);
    assert_int_equal(t->n_init, 13);
    const ll_init *in = t->init;
    assert_string_equal(in[0].type, "uint64_t");
    assert_false(in[0].has_value);
    assert_string_equal(in[1].type, "int");
    assert_int_equal(in[1].value.num, 1);
    assert_true(in[2].pointer);
    assert_string_equal(in[2].value.sym, "x");
    assert_int_equal(in[3].loc.proc, 1);
    assert_int_equal(in[3].loc.reg, 3);
    assert_string_equal(in[3].type, "uint64_t");
    assert_true(in[4].bracketed);
    assert_int_equal(in[4].value.num, 16);
    assert_int_equal(in[5].value.num, -2);
    assert_int_equal(in[6].array_len, 3);
    assert_int_equal(in[6].n_array_vals, 3);
    assert_string_equal(in[6].array_vals[1].sym, "x");
    assert_int_equal(in[6].loc.index, -1);
    assert_int_equal(in[7].array_len, 2);
    assert_false(in[7].has_value);
    assert_int_equal(in[8].loc.proc, 0);
    assert_string_equal(in[8].loc.name, "r1");
    assert_true(in[9].pointer);
    assert_false(in[9].has_value);
    assert_string_equal(in[10].type, "unsigned long");
    assert_null(in[11].type);
    assert_true(in[11].pointer);
    assert_string_equal(in[12].value.sym, "x");
    assert_non_null(t->filter);
    assert_int_equal(t->cond.quant, LL_NOT_EXISTS);

    char *text = print_twice(t);
    assert_string_equal(text,
                        "FAKE inits\n"
                        "{\n"
                        "uint64_t x; int y = 1; int *p = &x;\n"
                        "uint64_t 1:r3;\n"
                        "[z]=0x10; w=-2; int t[3] = {1, x, 3}; int u[2];\n"
                        "0:r1=1;\n"
                        "int *q; unsigned long v = 7; *s = &z;\n"
                        "0:r2=x;\n"
                        "}\n"
                        " P0      ;\n"
                        " li r1,1 ;\n"
                        "filter 0:r1=1 \\/ not ([x]=1)\n"
                        "~exists (x=1 /\\ ([y]=2 => t[1]=0))\n");
    free(text);
    ll_test_free(t);
}

static const char c_test[] =
    "C MP+C\n"
    "{ int x = 0; int y; }\n"
    "// a C comment\n"
    "P0(int *x, atomic_int* y) {\n"
    "  WRITE_ONCE(*x, 1); /* } */\n"
    "  int c = '}'; (*y) = 1; }\n"
    "void P1(volatile int *y,int *x) { int r0 = READ_ONCE(*y); }\n"
    "P2(void) {}\n"
    "exists (1:r0=1 /\\ x=0)\n";

static void test_c_test(void **state)
{
    (void)state;
    ll_test *t = parse_ok(c_test);
    assert_null(t->arch);
    assert_string_equal(t->arch_name, "C");
    assert_int_equal(t->n_threads, 3);
    assert_int_equal(t->threads[0].n_params, 2);
    assert_string_equal(t->threads[0].params[1].type, "atomic_int *");
    assert_string_equal(t->threads[0].params[1].name, "y");
    assert_string_equal(t->threads[1].params[0].type, "volatile int *");
    assert_string_equal(t->threads[0].c_body,
                        "\n  WRITE_ONCE(*x, 1); /* } */\n"
                        "  int c = '}'; (*y) = 1; ");
    assert_int_equal(t->threads[2].n_params, 0);
    assert_string_equal(t->threads[2].c_body, "");
    assert_int_equal(t->cond.prop->lhs->loc.reg, -1);
    char *text = print_twice(t);
    assert_string_equal(text,
                        "C MP+C\n"
                        "{\n"
                        "int x = 0; int y;\n"
                        "}\n"
                        "\n"
                        "P0(int *x, atomic_int *y) {\n"
                        "  WRITE_ONCE(*x, 1); /* } */\n"
                        "  int c = '}'; (*y) = 1; }\n"
                        "\n"
                        "P1(volatile int *y, int *x) { int r0 = "
                        "READ_ONCE(*y); }\n"
                        "\n"
                        "P2() {}\n"
                        "\n"
                        "exists (1:r0=1 /\\ x=0)\n");
    free(text);
    ll_test_free(t);
}

/* Old tests: `final`, `with` kinds, `<< >>` sections, P-numbered init. */
static void test_old_syntax(void **state)
{
    (void)state;
    ll_test *t = parse_ok("FAKE old (Old)\n"
                       "{ P0:r0=1; P1:r1=x ; }\n"
                       "   P0  |   P1  ;\n"
                       "li r1,1|lwz r5,0(r1);\n"
                       "final (P1:r5 = 1);\n"
                       "with default: exists; other: ~exists;\n"
                       "(* note *)\n"
                       "<<\nshow 3 (*\n>>\n");
    assert_int_equal(t->cond.quant, LL_EXISTS);
    assert_int_equal(t->cond.prop->loc.proc, 1);
    assert_int_equal(t->init[1].loc.proc, 1);
    free(print_twice(t));
    ll_test_free(t);
}

/* herd7 skips the text after a test's name up to a `{`, which starts the
 * init block (the kernel collection's `LISA cris-crossing read-side
 * critical sections`); an unclosed texname is such text. */
static void test_header_text(void **state)
{
    (void)state;
    ll_test *t = parse_ok("FAKE T some words (x \"y\"\n{ 0:r1=1; }\n"
                          " P0 ;\n li r2,1 ;\nexists (0:r1=1)");
    assert_string_equal(t->name, "T");
    assert_int_equal(t->n_init, 1);
    ll_test_free(t);
    t = parse_ok("FAKE U junk { 0:r1=1; }\n P0 ;\n li r2,1 ;\n"
                 "exists (0:r1=1)");
    assert_string_equal(t->name, "U");
    assert_int_equal(t->n_init, 1);
    assert_int_equal(t->init[0].loc.proc, 0);
    ll_test_free(t);
}

struct bad_case {
    const char *text;
    const char *message;
};

static const struct bad_case bad_cases[] = {
    {"", "1:1: bad header: expected 'ARCH NAME'"},
    {"FAKE\n", "1:5: bad header: expected 'ARCH NAME'"},
    {"NOPE T\n{}\n", "1:1: unknown architecture 'NOPE'"},
    {"FAKE T (x{y)\n", "1:12: expected a location, found ')'"},
    {"FAKE T\nA=1\n", "3:1: unexpected end of file, expected '{'"},
    {"FAKE T\n{ 0:r1=1;\n", "3:1: unexpected end of file in the init block "
                            "opened at 2:1"},
    {"FAKE T\n{ 0:r99=1; }", "2:5: unknown register 'r99'"},
    {"FAKE T\n{ 0:r1 1 }", "2:8: expected '=', ';' or '}', found '1'"},
    {"FAKE T\n{ x= }", "2:6: expected a value, found '}'"},
    {"FAKE T\n{ int t[2] = {1}; }", "2:14: array 't' has 2 elements, 1 "
                                    "values given"},
    {"FAKE T\n{ t[2] = 1; }", "2:3: array 't' needs a type"},
    {"FAKE T\n{ x=1 (* open\n}\n", "2:7: unterminated comment"},
    {"FAKE T\n{}\n P0 | P2 ;\nexists (x=1)",
     "3:7: expected 'P1' in column 2 of the code table header, found 'P2'"},
    {"FAKE T\n{}\n P0 | P1 ;\n li r1,1 ;\nexists (x=1)",
     "4:2: row has 1 columns, the header has 2"},
    {"FAKE T\n{}\n P0 | P1 ;\n li r1,1 | li r2,2 | sync ;\nexists (x=1)",
     "4:2: row has 3 columns, the header has 2"},
    {"FAKE T\n{}\n P0 | P1 ;\n li r1,1 | frob r2 ;\nexists (x=1)",
     "4:12: unknown instruction 'frob'"},
    {"FAKE T\n{}\n P0 ;\n L1: li r1,#2 ;\nexists (x=1)",
     "4:12: bad operand '#2'"},
    {"FAKE T\n{}\n P0 ;\n li r1,1 (* x \n;exists (x=1)",
     "4:10: unterminated comment"},
    {"FAKE T\n{}\n P0 ;\n li r1,1 ;\nforall\n",
     "6:1: expected a condition, found end of file"},
    {"FAKE T\n{}\n P0 ;\n li r1,1 ;\n li r", "5:2: missing ';' at the end "
                                             "of the row"},
    {"FAKE T\n{}\n P0 ;\n li r1,1 ;\nexists (0:r1=1 /\\",
     "5:18: expected a condition, found end of file"},
    {"FAKE T\n{}\n P0 ;\n li r1,1 ;\nexists (0:r1=1) extra",
     "5:17: expected end of file, found 'extra'"},
    {"FAKE T\n{}\n P0 ;\n li r1,1 ;\nexists (2:r77=1)",
     "5:11: unknown register 'r77'"},
    {"FAKE T\n{}\nexists (x=1)", "3:1: expected the code table 'P0 | P1 "
                                 "... ;'"},
    {"FAKE T\n{\0}\n", "2:2: unexpected byte 0x00 (binary data?)"},
    {"\x7f\x45LF\x02\x01", "1:1: unexpected byte 0x7f (binary data?)"},
    {"C T\n{}\nP0(int *x) { *x = 1;\nexists (x=1)",
     "3:12: unterminated body of P0 (no matching '}')"},
    {"C T\n{}\nP1(int *x) {}\nexists (x=1)",
     "3:1: expected thread P0, found 'P1'"},
    {"C T\n{}\nP0(int *x, 3) {}\nexists (x=1)",
     "3:12: bad parameter ' 3'"},
    {"C T\n{}\nexists (x=1)", "3:1: expected a thread function 'P0(...)'"},
    /* between the functions too, C's reading is the reader's: a splice
       would carry the comment on over P1 */
    {"C T\n{}\nP0(int *x) {}\n// one \\\nP1(int *x) {}\nexists (x=1)",
     "4:8: line splicing (a backslash at the end of a line) is not "
     "supported"},
    {"C T\n{}\nP0(int *x) {}\n/* ?\?/ */\nexists (x=1)",
     "4:4: trigraph '?\?/' is not supported (C reads it as '\\')"},
    {"C T\n{}\nP0(int *if) {}\nexists (x=1)",
     "3:4: bad parameter 'int *if': 'if' is a C keyword"},
};

static void test_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const char *text = bad_cases[i].text;
        size_t len = strlen(text);
        if (strstr(bad_cases[i].message, "0x00"))
            len = 10;
        ll_diag d = {0};
        ll_test *t = ll_test_parse_with("bad.litmus", text, len, fake_find, &d);
        if (t)
            fail_msg("case %zu parsed", i);
        char got[700];
        snprintf(got, sizeof got, "%d:%d: %s", d.line, d.col, d.msg);
        if (strcmp(got, bad_cases[i].message))
            fail_msg("case %zu: got '%s', want '%s'", i, got,
                     bad_cases[i].message);
        assert_string_equal(d.file, "bad.litmus");
    }
}

/* herd7 reads a test without a condition as `forall (true)`, and keeps
 * a number's spelling for its digest; parse prints both back. */
static void test_missing_condition(void **state)
{
    (void)state;
    ll_test *t = parse_ok("FAKE T\n{ x=0xff; 0:r1=-0x1; y=-2; "
                          "z=18446744073709551615; }\n P0 ;\n"
                          " li r1,1 ;\nlocations [x;]\n");
    assert_int_equal(t->cond.quant, LL_FORALL);
    assert_int_equal(t->cond.prop->kind, LL_PROP_TRUE);
    assert_int_equal(t->init[0].value.num, 255);
    assert_string_equal(t->init[0].value.text, "0xff");
    assert_int_equal(t->init[1].value.num, -1);
    assert_string_equal(t->init[1].value.text, "-0x1");
    assert_null(t->init[2].value.text);   /* decimal: no spelling kept */
    /* a uint64_t value above INT64_MAX: its 64-bit pattern */
    assert_int_equal(t->init[3].value.num, -1);
    assert_string_equal(t->init[3].value.text, "18446744073709551615");
    ll_buf b = {0};
    ll_cond_print(&t->cond, &b);
    assert_string_equal(ll_buf_str(&b), "forall (true)");
    ll_buf_free(&b);
    char *text = print_twice(t);
    assert_string_equal(text, "FAKE T\n{\nx=0xff;\n0:r1=-0x1;\n"
                              "y=-2; z=18446744073709551615;\n}\n"
                              " P0      ;\n li r1,1 ;\nlocations [x;]\n"
                              "forall (true)\n");
    free(text);
    ll_test_free(t);
    /* nothing at all after the code, and a lone `;`, read the same */
    t = parse_ok("FAKE T\n{}\n P0 ;\n li r1,1 ;\n;\n");
    assert_int_equal(t->cond.quant, LL_FORALL);
    ll_test_free(t);
    /* the value in the condition keeps its spelling in parse's output,
       and the Condition line is decimal, as herd7 prints it */
    t = parse_ok("FAKE T\n{}\n P0 ;\n li r1,1 ;\nexists (0:r1=0x10)\n");
    ll_cond_print(&t->cond, &b);
    assert_string_equal(ll_buf_str(&b), "exists (0:r1=16)");
    ll_buf_free(&b);
    text = print_twice(t);
    assert_non_null(strstr(text, "exists (0:r1=0x10)"));
    free(text);
    ll_test_free(t);
}

static void test_read_missing_file(void **state)
{
    (void)state;
    ll_diag d = {0};
    assert_null(ll_test_read("/nonexistent/x.litmus", &d));
    assert_string_equal(d.file, "/nonexistent/x.litmus");
    assert_string_equal(d.msg, "cannot read: No such file or directory");
    ll_test_free(NULL);
}

/* Doc strings are read exactly: an escaped quote does not end one, one
 * may run over several lines, and one left open (as in a few old tests)
 * is the rest of its line; each prints back and reads again the same. */
static void test_doc_strings(void **state)
{
    (void)state;
    static const struct {
        const char *head, *doc;
    } cases[] = {
        {"FAKE D\n\"a\\\"b\"\n", "a\\\"b"},
        {"FAKE D \"two\nlines {x}\"\n", "two\nlines {x}"},
        {"FAKE D\n\"left open (+ x)\n", "left open (+ x)"},
        {"FAKE D\n\"back\\\\\" Cycle=x\n", "back\\\\"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ll_buf b = {0};
        ll_buf_printf(&b, "%s{\n0:r2=x;\n}\n P0 ;\n lwz r1,0(r2) ;\n"
                      "exists (0:r1=0)\n", cases[i].head);
        ll_test *t = parse_ok(b.data);
        assert_non_null(t->doc);
        assert_string_equal(t->doc, cases[i].doc);
        free(print_twice(t));
        ll_test_free(t);
        ll_buf_free(&b);
    }
}

/* A label defined twice in a thread, an init entry given twice, and a
 * register of a thread the test does not have (condition, locations):
 * errors with their places, never a silent pick. */
static void test_duplicates_and_threads(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
        int line, col;
    } cases[] = {
        {"FAKE L\n{\n}\n P0 ;\n L0: ;\n L0: sync ;\nexists (x=1)\n",
         "label L0 defined twice in P0 (first at 5:2)", 6, 2},
        {"FAKE I\n{\n0:r2=x; x=1; 0:r2=y;\n}\n P0 ;\n sync ;\n"
         "exists (x=1)\n",
         "0:r2 is initialised twice (first at 3:1)", 3, 14},
        {"FAKE C\n{\n}\n P0 ;\n sync ;\nexists (3:r1=1)\n",
         "3:r1 names thread 3; the test has 1 thread", 6, 9},
        {"FAKE C\n{\n}\n P0 ;\n sync ;\nlocations [x; 2:r1;]\n"
         "exists (x=1)\n",
         "2:r1 names thread 2; the test has 1 thread", 6, 15},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ll_diag d = {0};
        ll_test *t = parse(cases[i].text, &d);
        assert_null(t);
        assert_string_equal(d.msg, cases[i].msg);
        assert_int_equal(d.line, cases[i].line);
        assert_int_equal(d.col, cases[i].col);
    }
}

/* Branch targets: a label's statement, and `.+N`/`.-N` counted in
 * instructions of 4 bytes, a statement without one (a lone label)
 * skipped, just past the end allowed. */
static void test_label_stmt(void **state)
{
    (void)state;
    ll_stmt st[4];
    memset(st, 0, sizeof st);
    st[0].label = (char *)"L0";
    st[0].has_instr = true;
    st[1].has_instr = true;
    st[2].label = (char *)"L1";      /* a label alone: no instruction */
    st[3].has_instr = true;
    ll_thread th = {0};
    th.stmts = st;
    th.n_stmts = 4;
    assert_int_equal(ll_label_stmt(&th, "L0", 3), 0);
    assert_int_equal(ll_label_stmt(&th, "L1", 0), 2);
    assert_int_equal(ll_label_stmt(&th, "M", 0), -1);
    assert_int_equal(ll_label_stmt(&th, ".", 1), 1);
    assert_int_equal(ll_label_stmt(&th, ".+4", 0), 1);
    assert_int_equal(ll_label_stmt(&th, ".+8", 0), 3);
    assert_int_equal(ll_label_stmt(&th, ".-4", 3), 1);
    assert_int_equal(ll_label_stmt(&th, ".-8", 3), 0);
    assert_int_equal(ll_label_stmt(&th, ".+4", 3), 4);
    assert_int_equal(ll_label_stmt(&th, ".-8", 1), -1);
    assert_int_equal(ll_label_stmt(&th, ".+2", 0), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_test),
        cmocka_unit_test(test_init_forms),
        cmocka_unit_test(test_c_test),
        cmocka_unit_test(test_old_syntax),
        cmocka_unit_test(test_header_text),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_missing_condition),
        cmocka_unit_test(test_doc_strings),
        cmocka_unit_test(test_duplicates_and_threads),
        cmocka_unit_test(test_read_missing_file),
        cmocka_unit_test(test_label_stmt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
