/* test_cat_lang.c — the cat language itself: each operator and its
 * precedence, functions, let/let rec, flags, tags, includes, titles, and
 * the FILE:LINE:COL messages for models that are wrong.
 *
 * Operators are checked against hand-computed results: the inputs are
 * the relations A (given as addr) and B (given as ctrl) and the sets S
 * and T (tags); the expected result is given as `data` (relations) or
 * the tag E (sets), and the model checks equality both ways. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_cat_text.h"

/* The model (which compares `expr` with the expected value) must load
 * and allow the execution. */
static void expect_allowed(xb *b, const char *text, const char *expr)
{
    cat_model *m = ct_must_load(text);
    cat_result r;
    assert_true(ct_run(m, b, &r));
    if (!r.allowed)
        fprintf(stderr, "%s: %s\n", expr, r.failed);
    assert_true(r.allowed);
    cat_free(m);
    xb_free(b);
}

/* Does `expr` evaluate to the relation with these pairs? */
static void expect_rel(const char *expr, const int (*pairs)[2], int n)
{
    xb b;
    ct_inputs(&b);
    for (int i = 0; i < n; i++)
        mdl_rel_add(&b.x.data, pairs[i][0], pairs[i][1]);
    char text[1024];
    snprintf(text, sizeof text,
             "\"test\"\nlet A = addr\nlet B = ctrl\nlet r = %s\n"
             "empty r \\ data as extra\nempty data \\ r as missing\n",
             expr);
    expect_allowed(&b, text, expr);
}

static void expect_set(const char *expr, const int *events, int n)
{
    xb b;
    ct_inputs(&b);
    for (int i = 0; i < n; i++)
        mdl_set_add(&b.tag_sets[b.x.n_tags - 1], events[i]);
    char text[1024];
    snprintf(text, sizeof text,
             "let A = addr\nlet B = ctrl\nlet s = %s\n"
             "empty s \\ E as extra\nempty E \\ s as missing\n", expr);
    expect_allowed(&b, text, expr);
}

#define PAIRS(...) ((const int[][2]){__VA_ARGS__})
#define NPAIRS(...) ((int)(sizeof((const int[][2]){__VA_ARGS__}) / \
                           sizeof(int[2])))
#define REL(expr, ...) expect_rel(expr, PAIRS(__VA_ARGS__), NPAIRS(__VA_ARGS__))
#define SET(expr, ...) expect_set(expr, (const int[]){__VA_ARGS__}, \
                                  (int)(sizeof((const int[]){__VA_ARGS__}) / \
                                        sizeof(int)))

static void relation_operators(void **state)
{
    (void)state;
    REL("A | B", {0, 1}, {1, 2}, {2, 3}, {1, 1}, {2, 0}, {3, 4});
    REL("A & B", {1, 2});
    REL("A \\ B", {0, 1}, {2, 3});
    REL("A ; B", {0, 1}, {0, 2}, {1, 0}, {2, 4});
    REL("A+", {0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3});
    REL("A*", {0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3},
        {0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4});
    REL("A?", {0, 1}, {1, 2}, {2, 3}, {0, 0}, {1, 1}, {2, 2}, {3, 3},
        {4, 4});
    REL("A^-1", {1, 0}, {2, 1}, {3, 2});
    REL("[S]", {1, 1}, {3, 3});
    REL("S * T", {1, 0}, {1, 4}, {3, 0}, {3, 4});
    REL("[S]; B", {1, 1}, {1, 2}, {3, 4});
    REL("B; [T]", {2, 0}, {3, 4});
    REL("[S]; [S | T]", {1, 1}, {3, 3});
    REL("id & (A | B)", {1, 1});
    REL("~A & (S * _)", {1, 0}, {1, 1}, {1, 3}, {1, 4},
        {3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4});
}

static void empty_relation(void **state)
{
    (void)state;
    /* `0` is the empty relation (and the empty set where a set is due). */
    expect_rel("A & 0", NULL, 0);
    expect_rel("0 ; A", NULL, 0);
    expect_rel("B \\ (B | 0)", NULL, 0);
    expect_rel("[0]", NULL, 0);
    expect_set("S & 0", NULL, 0);
    expect_set("domain(0)", NULL, 0);
}

static void set_operators(void **state)
{
    (void)state;
    SET("S | T", 0, 1, 3, 4);
    SET("S \\ T", 1, 3);
    SET("~S", 0, 2, 4);
    SET("domain(A)", 0, 1, 2);
    SET("range(A)", 1, 2, 3);
    SET("domain A", 0, 1, 2);
    SET("_", 0, 1, 2, 3, 4);
    SET("R", 2, 3);
    SET("W", 0, 1, 4);
    SET("M", 0, 1, 2, 3, 4);
    SET("IW", 0);
    expect_set("S & T", NULL, 0);
    expect_set("F", NULL, 0);
}

/* Loosest first: | ; \ & then postfix, prefix, ^-1. */
static void precedence(void **state)
{
    (void)state;
    REL("A | B ; A", {0, 1}, {1, 2}, {2, 3}, {1, 3}, {2, 1});
    REL("A \\ A & B", {0, 1}, {2, 3});
    REL("A ; B \\ A", {0, 1}, {1, 0}, {2, 4});
    REL("A \\ B \\ (S * _)", {0, 1}, {2, 3});   /* left associative */
    REL("B ; A^-1", {1, 0}, {1, 1});
    expect_rel("~A & A", NULL, 0);
}

static void functions_and_lets(void **state)
{
    (void)state;
    REL("let f(a, b) = a | b in f(A, B) & A", {0, 1}, {1, 2}, {2, 3});
    REL("let g x = x ; x in g A", {0, 2}, {1, 3});
    REL("let h = fun x -> x^-1 in h(A)", {1, 0}, {2, 1}, {3, 2});
    REL("let h = fun x -> x^-1 in let twice(f, x) = f(f(x)) in "
        "twice(h, A)", {0, 1}, {1, 2}, {2, 3});
    REL("let x = A and y = B in x & y", {1, 2});
    /* Functions see the bindings of their definition. */
    REL("let k = A in let cap x = x | k in let k = B in cap(0)",
        {0, 1}, {1, 2}, {2, 3});
    /* herd-style fence relation helper, with a tag set argument. */
    REL("let sep(X) = (A & (_ * X)) ; A in sep(S)", {0, 2});
}

/* herd's standard library functions, available without a definition. */
static void herd_stdlib(void **state)
{
    (void)state;
    /* po: 1-2 on thread 0, 3-4 on thread 1; no fences in the inputs. */
    REL("po", {1, 2}, {3, 4});
    expect_rel("fencerel(F)", NULL, 0);
    REL("toid(S)", {1, 1}, {3, 3});
    REL("(po & (_ * R)) ; po | ctrlcfence(ctrl, _)", {1, 2});
    /* try falls back only when the first expression does not compile. */
    expect_rel("try fencerel(S) with A", NULL, 0);
    REL("try nosuchthing with A", {0, 1}, {1, 2}, {2, 3});
}

static void let_rec(void **state)
{
    (void)state;
    REL("let rec t = A | (t ; t) in t",
        {0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3});
    /* Mutual recursion, like ppo's ii/ic/ci/cc. */
    REL("let rec p = A | q and q = p ; p in q",
        {0, 2}, {0, 3}, {1, 3});
    /* A set fixpoint: events reachable from S through A. */
    SET("let rec s = S | range([s] ; A) in s", 1, 2, 3);
    /* Loop-invariant parts mixed in. */
    REL("let rec t = (B & A) | (t ; (A \\ B)) in t", {1, 2}, {1, 3});
}

/* Top-level let rec, checks naming, and flags. */
static void statements_and_flags(void **state)
{
    (void)state;
    xb b;
    ct_inputs(&b);
    ll_diag d = {0};
    cat_model *m = ct_load(
        "X86 TSO (* a title, herd style *)\n"
        "include \"cross.cat\"\n"
        "with co from generate_cos(co0)\n"
        "show addr as thing, ctrl\nunshow thing\n"
        "let rec t = addr | (t;t)\n"
        "flag ~empty t as has-path\n"
        "flag ~empty 0 as never\n"
        "irreflexive t as no-loop\n"
        "~empty addr as some-addr\n"
        "acyclic t\n",
        &d);
    if (!m)
        ll_diag_print(&d, stderr);
    assert_non_null(m);
    assert_string_equal(cat_title(m), "X86");
    cat_result r;
    assert_true(ct_run(m, &b, &r));
    assert_true(r.allowed);
    assert_int_equal(r.n_flags, 1);
    assert_string_equal(r.flags[0], "has-path");
    /* A cycle: the anonymous acyclic check is named after its name. */
    mdl_rel_add(&b.x.addr, 3, 0);
    assert_true(ct_run(m, &b, &r));
    assert_false(r.allowed);
    assert_true(strcmp(r.failed, "t") == 0 || strcmp(r.failed, "no-loop") == 0);
    /* Flags do not forbid; negated checks do. */
    mdl_rel_clear(&b.x.addr);
    assert_true(ct_run(m, &b, &r));
    assert_false(r.allowed);
    assert_string_equal(r.failed, "some-addr");
    cat_free(m);
    xb_free(&b);
}

static void titles(void **state)
{
    (void)state;
    ll_diag d = {0};
    cat_model *m = ct_load("\"My model\"\nacyclic po\n", &d);
    assert_non_null(m);
    assert_string_equal(cat_title(m), "My model");
    cat_free(m);
}

/* Tags: present, declared by the architecture but on no event (empty),
 * undeclared (error at check time, with the position of the name). */
static void tags(void **state)
{
    (void)state;
    xb b;
    ct_inputs(&b);
    ll_diag d = {0};
    cat_model *m = ct_load("empty SYNC | MFENCE | DMB.ST as none\n"
                             "empty S & T as disjoint\n", &d);
    assert_non_null(m);
    cat_result r;
    memset(&d, 0, sizeof d);
    assert_false(cat_check(m, &b.x, &r, &d));
    assert_string_equal(d.msg, "unbound name 'SYNC'");
    xb_declare(&b, "SYNC");
    xb_declare(&b, "MFENCE");
    xb_declare(&b, "DMB.ST");
    assert_true(ct_run(m, &b, &r));
    assert_true(r.allowed);
    cat_free(m);

    m = ct_load("let x = S\n\nempty x & FOO\n", &d);
    assert_non_null(m);
    memset(&d, 0, sizeof d);
    assert_false(cat_check(m, &b.x, &r, &d));
    assert_int_equal(d.line, 3);
    assert_int_equal(d.col, 11);
    assert_string_equal(d.msg, "unbound name 'FOO'");
    cat_free(m);
    xb_free(&b);
}

/* The same model on executions of different sizes, in turn. */
static void resizing(void **state)
{
    (void)state;
    ll_diag d = {0};
    cat_model *m = ct_load("let rec t = po | (t;t)\nacyclic t | rf\n", &d);
    assert_non_null(m);
    for (int round = 0; round < 2; round++)
        for (int n = 3; n < 140; n += 67) {
            xb b;
            xb_init(&b, n);
            for (int e = 0; e < n; e++)
                xb_event(&b, e, 'W', 0, e);
            xb_finish(&b);
            cat_result r;
            assert_true(ct_run(m, &b, &r));
            assert_true(r.allowed);
            mdl_rel_add(&b.x.rf, n - 1, 0);
            assert_true(ct_run(m, &b, &r));
            assert_false(r.allowed);
            xb_free(&b);
        }
    cat_free(m);
}

static void includes(void **state)
{
    (void)state;
    char *lib = ct_write("lib.cat", "\"lib\"\nlet twice(r) = r ; r\n");
    ll_diag d = {0};
    cat_model *m = ct_load("\"main\"\ninclude \"lib.cat\"\n"
                             "acyclic twice(po)\n", &d);
    if (!m)
        ll_diag_print(&d, stderr);
    assert_non_null(m);
    assert_string_equal(cat_title(m), "main");
    cat_free(m);
    /* An error inside an included file points into that file. */
    char *bad = ct_write("bad.cat", "let x = po\nlet y = x |\n");
    m = ct_load("include \"bad.cat\"\n", &d);
    assert_null(m);
    assert_non_null(strstr(d.file, "bad.cat"));
    assert_int_equal(d.line, 3);
    assert_int_equal(d.col, 1);
    /* A file that includes itself. */
    char *loop = ct_write("loop.cat", "include \"loop.cat\"\n");
    m = ct_load("include \"loop.cat\"\n", &d);
    assert_null(m);
    assert_non_null(strstr(d.msg, "nest too deeply"));
    unlink(lib);
    unlink(bad);
    unlink(loop);
    free(lib);
    free(bad);
    free(loop);
}

/* Each bad model gets one FILE:LINE:COL message. */
static void errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int line, col;
        const char *msg;
    } cases[] = {
        {"let x = po |\n", 2, 1, "expected an expression, found end of file"},
        {"acyclic po $ rf\n", 1, 12, "unexpected character '$'"},
        {"(* open\n comment", 1, 1, "unterminated comment"},
        {"let x = \"abc\n", 1, 9, "unterminated string"},
        {"acyclic (po | rf\n", 2, 1, "expected ')', found end of file"},
        {"let = po\n", 1, 5, "expected a name to bind, found '='"},
        {"acyclic po as\n", 2, 1,
         "expected a name after 'as', found end of file"},
        {"\"t\"\nfoo\n", 2, 1, "expected a statement, found 'foo'"},
        {"let x = po\nacyclic x | foo\n", 2, 13, "unbound name 'foo'"},
        {"acyclic R\n", 1, 9, "acyclic needs a relation, found a set"},
        {"let x = R | po\nempty x\n", 1, 11, "'|' needs two sets or two relations"},
        {"let x = po * R\nempty x\n", 1, 9, "expected a set, found a relation"},
        {"let x = po(rf)\nempty x\n", 1, 9, "po is applied but is not a function"},
        {"let f(a, b) = a | b\nlet x = f(po)\nempty x\n", 2, 9,
         "function expects 2 arguments, given 1"},
        {"include \"nope.cat\"\n", 1, 1,
         "cannot find included file 'nope.cat'"},
        /* as in herd7, a model binds co and fr (cos.cat) */
        {"acyclic po | fr\n", 1, 14, "unbound name 'fr'"},
        {"let x = rf ++ po\nempty x\n", 1, 15,
         "'++' adds to a set of values, found a relation"},
        /* herd7's optional `in` ends the statement: x is no statement */
        {"let rec x = po | x in x\n", 1, 23,
         "expected a statement, found 'x'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ll_diag d = {0};
        cat_model *m = ct_load(cases[i].text, &d);
        assert_null(m);
        if (d.line != cases[i].line || d.col != cases[i].col ||
            strcmp(d.msg, cases[i].msg) != 0)
            fprintf(stderr, "case %zu: %d:%d: %s\n", i, d.line, d.col, d.msg);
        assert_int_equal(d.line, cases[i].line);
        assert_int_equal(d.col, cases[i].col);
        assert_string_equal(d.msg, cases[i].msg);
        assert_non_null(strstr(d.file, "model.cat"));
    }
    /* The printed form. */
    ll_diag d = {0};
    assert_null(ct_load("acyclic po |", &d));
    char out[512] = {0};
    FILE *f = fmemopen(out, sizeof out, "w");
    ll_diag_print(&d, f);
    fclose(f);
    char want[512];
    snprintf(want, sizeof want,
             "%s/model.cat:1:13: expected an expression, found end of file\n",
             ct_dir);
    assert_string_equal(out, want);
    /* A missing model file. */
    const char *dirs[] = {ct_dir};
    assert_null(cat_load("absent.cat", dirs, 1, &d));
    assert_string_equal(d.file, "absent.cat");
}

/* Absurd inputs get a message, not a crash or a hang. */
static void robustness(void **state)
{
    (void)state;
    enum { DEEP = 5000 };
    static char text[8 * DEEP + 64];
    ll_diag d = {0};
    /* (((...po...))) */
    strcpy(text, "acyclic ");
    size_t k = strlen(text);
    for (int i = 0; i < DEEP; i++)
        text[k++] = '(';
    memcpy(text + k, "po", 2);
    k += 2;
    for (int i = 0; i < DEEP; i++)
        text[k++] = ')';
    text[k] = '\0';
    assert_null(ct_load(text, &d));
    assert_string_equal(d.msg, "expression nests too deeply");
    /* ~~~...~po */
    strcpy(text, "acyclic ");
    k = strlen(text);
    for (int i = 0; i < DEEP; i++)
        text[k++] = '~';
    strcpy(text + k, "po");
    assert_null(ct_load(text, &d));
    assert_string_equal(d.msg, "expression nests too deeply");
    /* po | po | ... | po */
    strcpy(text, "acyclic po");
    for (int i = 0; i < DEEP; i++)
        strcat(text, "|po");
    assert_null(ct_load(text, &d));
    assert_string_equal(d.msg, "expression is too long or too deep");
    /* A let rec with no least fixpoint: x = ~x oscillates. */
    cat_model *m = ct_load("\"t\"\nlet rec x = ~x\nacyclic x\n", &d);
    assert_non_null(m);
    xb b;
    ct_inputs(&b);
    cat_result r;
    memset(&d, 0, sizeof d);
    assert_false(cat_check(m, &b.x, &r, &d));
    assert_int_equal(d.line, 2);
    assert_int_equal(d.col, 1);
    assert_non_null(strstr(d.msg, "does not reach a fixpoint"));
    xb_free(&b);
    cat_free(m);
}

/* An execution with no event has no tag array at all (NULL, 0 tags):
 * the model still runs, and the tag lookup is redone for the next
 * execution (issue 9: the cached lookup read the NULL array). */
static void no_events(void **state)
{
    (void)state;
    ll_diag d = {0};
    cat_model *m = ct_load("let r = po | rf\nacyclic r\n"
                             "flag ~empty S as has-s\n", &d);
    assert_non_null(m);
    xb empty, b;
    xb_init(&empty, 0);
    empty.x.tag_names = NULL;
    empty.x.tags = NULL;
    ct_inputs(&b);
    cat_result r;
    for (int round = 0; round < 2; round++) {
        /* With no tag array, S is unbound. */
        memset(&d, 0, sizeof d);
        assert_false(cat_check(m, &empty.x, &r, &d));
        assert_string_equal(d.msg, "unbound name 'S'");
        assert_true(ct_run(m, &b, &r));
        assert_true(r.allowed);
        assert_int_equal(r.n_flags, 1);
    }
    cat_free(m);
    /* With no tag at all, the empty execution is allowed. */
    m = ct_load("acyclic po | rf\nempty R as none\n", &d);
    assert_non_null(m);
    for (int round = 0; round < 2; round++) {
        assert_true(ct_run(m, &empty, &r));
        assert_true(r.allowed);
        assert_true(ct_run(m, &b, &r));
        assert_false(r.allowed);
    }
    cat_free(m);
    xb_free(&empty);
    xb_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(relation_operators),
        cmocka_unit_test(empty_relation),
        cmocka_unit_test(set_operators),
        cmocka_unit_test(precedence),
        cmocka_unit_test(functions_and_lets),
        cmocka_unit_test(herd_stdlib),
        cmocka_unit_test(let_rec),
        cmocka_unit_test(statements_and_flags),
        cmocka_unit_test(titles),
        cmocka_unit_test(tags),
        cmocka_unit_test(resizing),
        cmocka_unit_test(includes),
        cmocka_unit_test(errors),
        cmocka_unit_test(robustness),
        cmocka_unit_test(no_events),
    };
    return cmocka_run_group_tests(tests, ct_setup, ct_teardown);
}
