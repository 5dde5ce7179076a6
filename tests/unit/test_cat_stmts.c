/* test_cat_stmts.c — the statements and values herd's published models
 * use beyond let and checks: variant conditions (if "V"), procedures and
 * call, tags, explicit sets and ++, enum, forall, with ... from (each
 * passing choice an execution), flag / undefined_unless / assert, bell
 * files' instructions/default, comments and odd names, and their
 * FILE:LINE:COL messages. Expected results are worked out by hand on the
 * execution of test_cat_text.h (A, B, S, T, po given in its comment). */
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

/* Load text (after `let A = addr` and `let B = ctrl`) with the variants,
 * run it on the inputs (data set to the pairs given, if any) and return
 * the result. */
static cat_result outcome_with(const char *text, const char *const *vars,
                               int n_vars, const int (*data)[2], int n_data)
{
    char full[4096];
    snprintf(full, sizeof full, "\"t\"\nlet A = addr\nlet B = ctrl\n%s",
             text);
    ll_diag d = {0};
    cat_model *m = ct_load_variants(full, vars, n_vars, &d);
    if (!m) {
        ll_diag_print(&d, stderr);
        fprintf(stderr, "%s", full);
    }
    assert_non_null(m);
    xb b;
    ct_inputs(&b);
    for (int i = 0; i < n_data; i++)
        mdl_rel_add(&b.x.data, data[i][0], data[i][1]);
    cat_result r;
    assert_true(ct_run(m, &b, &r));
    /* The names live in the model: keep copies. */
    static char names[CAT_MAX_FLAGS + 1][64];
    for (int i = 0; i < r.n_flags; i++) {
        snprintf(names[i], sizeof names[i], "%s", r.flags[i]);
        r.flags[i] = names[i];
    }
    if (r.failed) {
        snprintf(names[CAT_MAX_FLAGS], sizeof names[0], "%s", r.failed);
        r.failed = names[CAT_MAX_FLAGS];
    }
    cat_free(m);
    xb_free(&b);
    return r;
}

static cat_result outcome(const char *text)
{
    return outcome_with(text, NULL, 0, NULL, 0);
}

/* The message a model gets, at the line (counting the two lines
 * outcome_with adds are not there: text is loaded as it is). */
static void expect_error(const char *text, int line, int col,
                         const char *msg)
{
    ll_diag d = {0};
    cat_model *m = ct_load(text, &d);
    assert_null(m);
    if (d.line != line || d.col != col || strcmp(d.msg, msg) != 0)
        fprintf(stderr, "%s=> %d:%d: %s\n", text, d.line, d.col, d.msg);
    assert_int_equal(d.line, line);
    assert_int_equal(d.col, col);
    assert_string_equal(d.msg, msg);
    assert_non_null(strstr(d.file, "model.cat"));
}

/* Does the condition pick A (rather than B) with these variants on? */
static bool picks_a(const char *cond, const char *const *vars, int n)
{
    char text[512];
    snprintf(text, sizeof text,
             "let r = if %s then A else B\nempty r \\ A as not-a\n", cond);
    return outcome_with(text, vars, n, NULL, 0).allowed;
}

#define VARS(...) ((const char *const[]){__VA_ARGS__}), \
    (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *))
#define NONE NULL, 0

static void variant_conditions(void **state)
{
    (void)state;
    assert_false(picks_a("\"a\"", NONE));
    assert_true(picks_a("\"a\"", VARS("a")));
    assert_true(picks_a("\"a\"", VARS("A")));        /* any case */
    assert_false(picks_a("\"a\"", VARS("b")));
    assert_true(picks_a("not \"a\"", NONE));
    /* not binds tightest: (not a) || b */
    assert_false(picks_a("not \"a\" || \"b\"", VARS("a")));
    assert_true(picks_a("not \"a\" || \"b\"", VARS("a", "b")));
    assert_true(picks_a("not \"a\" || \"b\"", NONE));
    assert_false(picks_a("\"a\" && \"b\"", VARS("a")));
    assert_true(picks_a("\"a\" && \"b\"", VARS("b", "a")));
    /* && binds tighter than ||: a || (b && c) */
    assert_false(picks_a("\"a\" || \"b\" && \"c\"", VARS("b")));
    assert_true(picks_a("\"a\" || \"b\" && \"c\"", VARS("a")));
    assert_true(picks_a("\"a\" || \"b\" && \"c\"", VARS("c", "b")));
    assert_false(picks_a("not (\"a\" || \"b\")", VARS("b")));
    assert_true(picks_a("(\"a\")", VARS("a")));
    /* The branch not taken is not compiled: its names may be unbound. */
    assert_true(picks_a("\"a\" || \"b\" && \"c\"", VARS("a")));
    assert_true(outcome_with("let r = if \"x\" then A else nosuchname\n"
                             "acyclic r\n", VARS("x"), NULL, 0).allowed);
}

static void variant_statements(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "if \"a\" then let r = A else let r = B end\n",
        "if \"a\" let r = A else let r = B end\n",      /* herd's cos.cat */
        "let r = B\nif \"a\" then let r = A end\n",
        "if not \"a\" let r = B else\n  let r = A\nend\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%sempty r \\ A as not-a\n", texts[i]);
        assert_true(outcome_with(text, VARS("a"), NULL, 0).allowed);
        assert_false(outcome_with(text, NONE, NULL, 0).allowed);
    }
    /* An include in a branch: its bindings are seen after `end`. */
    char *lib = ct_write("lib-a.cat", "let r = A\n");
    static const char text[] =
        "let r = B\nif \"a\" include \"lib-a.cat\" end\n"
        "empty r \\ A as not-a\n";
    assert_true(outcome_with(text, VARS("a"), NULL, 0).allowed);
    assert_false(outcome_with(text, NONE, NULL, 0).allowed);
    unlink(lib);
    free(lib);
}

static void procedures(void **state)
{
    (void)state;
    static const char same[] =
        "procedure same(x, y) =\n"
        "  empty x \\ y as extra\n"
        "  empty y \\ x as missing\n"
        "end\n";
    char text[1024];
    /* A | B = {0-1, 1-2, 2-3, 1-1, 2-0, 3-4} */
    static const int ab[][2] = {{0, 1}, {1, 2}, {2, 3}, {1, 1}, {2, 0},
                                {3, 4}};
    snprintf(text, sizeof text, "%scall same(A | B, data)\n", same);
    assert_true(outcome_with(text, NONE, ab, 6).allowed);
    assert_false(outcome_with(text, NONE, ab, 5).allowed);
    /* herd's stdlib total(r, E): S * S within r | r^-1, S = {1, 3}. */
    static const char total[] =
        "procedure inclusion(r1, r2) =\n  empty r1 \\ r2\nend\n"
        "procedure total(r, E) =\n  let rt = r | r^-1\n"
        "  call inclusion(E * E, rt)\nend\n"
        "call total(data, S) as total-order\n";
    static const int tot[][2] = {{1, 1}, {1, 3}, {3, 3}};
    assert_true(outcome_with(total, NONE, tot, 3).allowed);
    assert_false(outcome_with(total, NONE, tot + 1, 2).allowed);
    /* One parameter without parentheses; an anonymous check inside is
     * named after its expression. */
    cat_result r = outcome("procedure irr x = irreflexive x end\n"
                           "call irr(A)\ncall irr(B)\n");
    assert_false(r.allowed);
    assert_string_equal(r.failed, "x");
    /* herd's library procedures. S * S = {1-1, 1-3, 3-1, 3-3}. */
    assert_true(outcome_with("call total(data, S)\ncall subseteq(S, M)\n"
                             "call inclusion(A, A | B)\n", NONE, tot, 3)
                    .allowed);
    assert_false(outcome_with("call total(data, S)\n", NONE, tot + 1, 2)
                     .allowed);
    assert_false(outcome("call subseteq(M, S)\n").allowed);
    /* No parameter. */
    assert_true(outcome("procedure p() = acyclic A end\ncall p()\n")
                    .allowed);
    /* A procedure sees the bindings of its definition, not the call's. */
    assert_true(outcome("let k = A\nprocedure p() = acyclic k end\n"
                        "let k = B\ncall p()\n").allowed);
}

static void procedure_errors(void **state)
{
    (void)state;
    expect_error("procedure p(x) = let q = x end\ncall p(po)\nacyclic q\n",
                 3, 9, "unbound name 'q'");
    expect_error("call nope(po)\n", 1, 1, "unbound procedure 'nope'");
    expect_error("let f = po\ncall f(po)\n", 2, 1, "'f' is not a procedure");
    expect_error("procedure rec p(x) = call p(x) end\n", 1, 1,
                 "recursive procedures are not supported");
    expect_error("procedure p(x, y) = acyclic x end\ncall p(po)\n", 2, 8,
                 "function expects 2 arguments, given 1");
    expect_error("procedure p(x) = acyclic x end\nlet y = p(po)\nempty y\n",
                 2, 9,
                 "p is a procedure: use 'call'");
    expect_error("procedure p(x) = acyclic x\n", 2, 1,
                 "expected end, found end of file");
}

static void sets_of_values(void **state)
{
    (void)state;
    /* B has the loop 1-1, A none. */
    assert_false(outcome("forall r in {A, B} do irreflexive r end\n")
                     .allowed);
    assert_true(outcome("forall r in {A, B} \\ {B} do irreflexive r end\n")
                    .allowed);
    assert_false(outcome("forall r in {A} | {B} do irreflexive r end\n")
                     .allowed);
    assert_false(outcome("forall r in {A, B} & {B} do irreflexive r end\n")
                     .allowed);
    assert_true(outcome("forall r in A ++ {} do irreflexive r end\n")
                    .allowed);
    assert_false(outcome("forall r in B ++ A ++ {} do irreflexive r end\n")
                     .allowed);
    assert_true(outcome("forall r in {} do irreflexive B end\n").allowed);
    assert_true(outcome("forall t in {'a, 'b} do irreflexive A end\n")
                    .allowed);
    /* A set of values bound to a name, then used. */
    assert_false(outcome("let both = {A} | {B}\n"
                         "forall r in both do irreflexive r end\n").allowed);
}

static void enums_and_bell_declarations(void **state)
{
    (void)state;
    /* Sets named after an enum's tags ('once: Once) are empty when the
     * execution has none; instructions/default accept tags only. */
    cat_result r = outcome("enum Accesses = 'once || 'release\n"
                           "enum F = || 'mb || 'rcu-lock\n"
                           "instructions R[Accesses]\n"
                           "instructions W[{'once, 'release}]\n"
                           "default F[{'mb}]\ninstructions RMW[{}]\n"
                           "empty Once | Release | Mb | Rcu-lock as none\n");
    assert_true(r.allowed);
    ll_diag d = {0};
    cat_model *m = ct_load("empty Once as none\n", &d);
    assert_non_null(m);
    xb b;
    ct_inputs(&b);
    cat_result res;
    assert_false(cat_check(m, &b.x, &res, &d));
    assert_string_equal(d.msg, "unbound name 'Once'");
    cat_free(m);
    xb_free(&b);
    /* try TAG with emptyset: a tag the execution may lack (lock.cat). */
    assert_true(outcome("let LKR = try LKR with emptyset\n"
                        "let RU = try RU with 0\nempty LKR | RU as none\n")
                    .allowed);
    /* ... and whatever the fallback, herd7's value when LKR is absent */
    m = ct_load("let LKR = try LKR with S\nempty LKR as none\n", &d);
    assert_non_null(m);
    ct_inputs(&b);
    assert_true(ct_run(m, &b, &res));
    assert_false(res.allowed);
    cat_free(m);
    xb_free(&b);
    expect_error("instructions R[po]\n", 1, 16,
                 "expected tags, found a relation");
    expect_error("enum X = a\n", 1, 10, "expected a tag ('name), found 'a'");
    expect_error("acyclic 'a\n", 1, 9, "acyclic needs a relation, found a tag");
}

static void with_choices(void **state)
{
    (void)state;
    cat_result r = outcome("with r from {A, B}\nirreflexive r\n");
    assert_true(r.allowed);
    assert_int_equal(r.n_accepted, 1);
    /* A+ = {0-1, 0-2, 0-3, 1-2, 1-3, 2-3}: acyclic like A. */
    r = outcome("with r from {A, A+}\nacyclic r\n");
    assert_int_equal(r.n_accepted, 2);
    /* r;s for r, s in {A, B}: A;A = {0-2, 1-3}, A;B = {0-1, 0-2, 1-0,
     * 2-4}, B;A = {1-2, 1-3, 2-1}, B;B has 1-1: three pass. */
    r = outcome("with r from {A, B}\nwith s from {A, B}\n"
                "irreflexive r ; s as x\n");
    assert_true(r.allowed);
    assert_int_equal(r.n_accepted, 3);
    /* Flags count only on choices that pass. */
    r = outcome("with r from {A, B}\nflag ~empty r & id as loop\n"
                "irreflexive r ; r as two\n");
    assert_int_equal(r.n_accepted, 1);
    assert_int_equal(r.n_flags, 0);
    r = outcome("flag ~empty A as has-a\nwith r from {A, B}\n"
                "flag ~empty r & id as loop\nacyclic po\n");
    assert_int_equal(r.n_accepted, 2);
    assert_int_equal(r.n_flags, 2);
    /* A failing free check forbids before any choice. */
    r = outcome("acyclic B\nwith r from {A}\nacyclic r\n");
    assert_false(r.allowed);
    assert_string_equal(r.failed, "B");
    /* No element: nothing passes. */
    r = outcome("with r from {}\nacyclic po\n");
    assert_false(r.allowed);
    assert_int_equal(r.n_accepted, 0);
    /* Sets as elements. */
    r = outcome("with s from {S, T, R}\nempty s & W as no-write\n");
    assert_int_equal(r.n_accepted, 1);      /* only R = {2, 3} */
    /* co is the engine's: herd's cos.cat line is accepted as it is,
       and binds co (no built-in name, as in herd7); its S must name
       what is bound (generate_cos: cross.cat) */
    r = outcome("include \"cross.cat\"\nwith co from generate_cos(co0)\n"
                "acyclic po | co\n");
    assert_true(r.allowed);
    assert_int_equal(r.n_accepted, 1);
    expect_error("with co from generate_cos(co0)\nacyclic co\n", 1, 14,
                 "unbound name 'generate_cos'");
    expect_error("with r from po\nacyclic r\n", 1, 13,
                 "'with' over a relation is not supported (over a set of "
                 "relations such as {r1, r2}, or one made by map, cross...)");
    expect_error("with r from {po, R}\nacyclic r\n", 1, 13,
                 "the elements must be all relations or all sets, found a "
                 "relation");
}

/* Sets of relations only the execution gives: map over a relation's
 * pairs or a set's events, cross, linearisations, match and recursive
 * functions, evaluated for each execution. */
static void computed_choices(void **state)
{
    (void)state;
    static const char pairs[] =
        "let pairs-of r = let one p = p ++ 0 in map one r\n";
    char text[2048];
    /* A's pairs {0-1}, {1-2}, {2-3}; A & B = {1-2}. */
    snprintf(text, sizeof text, "%swith x from pairs-of(A)\n"
             "empty x & B as not-in-b\n", pairs);
    cat_result r = outcome(text);
    assert_int_equal(r.n_accepted, 2);
    /* One pair of A with one of B \ A = {1-1, 2-0, 3-4}: 9 unions, the
     * 3 with the loop 1-1 cyclic. */
    snprintf(text, sizeof text, "%swith x from cross({pairs-of(A), "
             "pairs-of(B \\ A)})\nacyclic x\n", pairs);
    assert_int_equal(outcome(text).n_accepted, 6);
    /* The same cross written in cat, with match and recursion. */
    snprintf(text, sizeof text, "%s"
             "let rec pick-all (acc, sets) = match sets with\n"
             "  || {} -> {acc}\n"
             "  || s ++ others -> pick-each (acc, s, others)\n"
             "  end\n"
             "and pick-each (acc, s, others) = match s with\n"
             "  || {} -> {}\n"
             "  || x ++ rest -> pick-all (acc | x, others)\n"
             "                  | pick-each (acc, rest, others)\n"
             "  end\n"
             "let my-cross sets = pick-all (0, sets)\n"
             "with x from my-cross({pairs-of(A), pairs-of(B \\ A)})\n"
             "acyclic x\n", pairs);
    assert_int_equal(outcome(text).n_accepted, 6);
    /* cross of nothing: one choice, the empty relation; a set with no
     * element to pick from: no choice. */
    r = outcome("with x from cross({})\nempty x\n");
    assert_int_equal(r.n_accepted, 1);
    snprintf(text, sizeof text, "%swith x from cross({pairs-of(A), {}})\n"
             "acyclic po\n", pairs);
    assert_false(outcome(text).allowed);
    /* map over events: {1-1} and {3-3}; only 3-3 avoids B. */
    r = outcome("with x from map (fun e -> {e} * {e}) S\n"
                "empty x & B\n");
    assert_int_equal(r.n_accepted, 1);
    /* Orders of S = {1, 3}: 1-3 (within A+) and 3-1. */
    r = outcome("with o from linearisations(S, 0)\nempty o \\ A+\n");
    assert_int_equal(r.n_accepted, 1);
    static const int back[][2] = {{3, 1}};
    r = outcome_with("with o from linearisations(S, data)\n"
                     "empty o \\ data\n", NONE, back, 1);
    assert_int_equal(r.n_accepted, 1);
    /* forall over computed relations: each pair of A is in A+. */
    snprintf(text, sizeof text, "%sforall x in pairs-of(A) do\n"
             "  empty x \\ A+\nend\n"
             "forall x in pairs-of(B) do irreflexive x end\n", pairs);
    r = outcome(text);
    assert_false(r.allowed);
    /* Errors found with the execution. */
    ll_diag d = {0};
    cat_model *m = ct_load("with x from map (fun e -> {e}) R\nacyclic x\n",
                           &d);
    assert_non_null(m);
    xb b;
    ct_inputs(&b);
    assert_false(cat_check(m, &b.x, &r, &d));
    assert_string_equal(d.msg, "the elements must be relations, found a set");
    cat_free(m);
    xb_free(&b);
}

/* The lock reads of Linux's lock.cat, in its style: each LF event reads
 * from some LKW of another thread on its location. Events: 0 initial
 * write of x, 1 LKW x (thread 0), 2 LKW x (thread 1), 3 LF x (thread 2).
 * LF 3 may read from 1 or 2: two choices, each an execution. */
static void lock_reads(void **state)
{
    (void)state;
    ll_diag d = {0};
    cat_model *m = ct_load(
        "let rfi-lf = ([LKW] ; po-loc ; [LF]) \\ ([LKW] ; po-loc ; [UL] ;"
        " po-loc)\n"
        "let all-possible-rfe-lf =\n"
        "  let possible-rfe-lf r =\n"
        "    let pair-to-relation p = p ++ 0\n"
        "    in map pair-to-relation ((LKW * {r}) & loc & ext)\n"
        "  in map possible-rfe-lf (LF \\ range(rfi-lf))\n"
        "with rfe-lf from cross(all-possible-rfe-lf)\n"
        "let rf-lf = rfe-lf | rfi-lf\n"
        "acyclic po | rf-lf as lock-order\n"
        "flag ~empty rf-lf & (LKW * LF) as reads-lock\n", &d);
    if (!m)
        ll_diag_print(&d, stderr);
    assert_non_null(m);
    xb b;
    xb_init(&b, 4);
    xb_event(&b, 0, 'I', -1, 0);
    xb_event(&b, 1, 'W', 0, 0);
    xb_event(&b, 2, 'W', 1, 0);
    xb_event(&b, 3, 'R', 2, 0);
    xb_tag(&b, "LKW", 1);
    xb_tag(&b, "LKW", 2);
    xb_tag(&b, "LF", 3);
    xb_tag(&b, "UL", 0);
    mdl_set_clear(&b.tag_sets[2]);
    xb_finish(&b);
    cat_result r;
    for (int round = 0; round < 2; round++) {
        assert_true(ct_run(m, &b, &r));
        assert_true(r.allowed);
        assert_int_equal(r.n_accepted, 2);
        assert_int_equal(r.n_flags, 1);
    }
    cat_free(m);
    xb_free(&b);
}

/* After a with, what depends on the element is recomputed for each,
 * and what depends on rf for each execution: k = A | B is static, the
 * element is po or rf. po;k = {1-3, 1-0}; rf = {0-2}: rf;k has 0-0. */
static void with_recomputes(void **state)
{
    (void)state;
    ll_diag d = {0};
    cat_model *m = ct_load("let k = addr | ctrl\nwith r from {po, rf}\n"
                           "irreflexive r ; k as t\n", &d);
    assert_non_null(m);
    xb b;
    ct_inputs(&b);
    cat_result r;
    for (int round = 0; round < 2; round++) {
        mdl_rel_clear(&b.x.rf);
        assert_true(ct_run(m, &b, &r));
        assert_int_equal(r.n_accepted, 2);
        mdl_rel_add(&b.x.rf, 0, 2);
        assert_true(ct_run(m, &b, &r));
        assert_int_equal(r.n_accepted, 1);
    }
    cat_free(m);
    xb_free(&b);
}

static void undefined_and_assert(void **state)
{
    (void)state;
    cat_result r = outcome("undefined_unless empty B & id as no-loop\n"
                           "acyclic po\n");
    assert_true(r.allowed);
    assert_true(r.undef);
    assert_int_equal(r.n_flags, 0);
    r = outcome("undefined_unless empty A & id as no-loop\nacyclic po\n");
    assert_true(r.allowed);
    assert_false(r.undef);
    /* Under a with: only the choices that pass count. */
    r = outcome("with r from {A, B}\nundefined_unless irreflexive r\n"
                "irreflexive r ; r\n");
    assert_false(r.undef);
    ll_diag d = {0};
    cat_model *m = ct_load("assert acyclic addr as fine\n"
                           "assert acyclic ctrl as broken\n", &d);
    assert_non_null(m);
    xb b;
    ct_inputs(&b);
    assert_false(cat_check(m, &b.x, &r, &d));
    assert_int_equal(d.line, 2);
    assert_int_equal(d.col, 1);
    assert_string_equal(d.msg, "assertion broken does not hold");
    cat_free(m);
    xb_free(&b);
    /* Flags of the same name are one. */
    r = outcome("flag ~empty A as f\nflag ~empty B as f\nflag ~empty 0 as g\n");
    assert_int_equal(r.n_flags, 1);
    assert_string_equal(r.flags[0], "f");
}

static void syntax(void **state)
{
    (void)state;
    cat_result r = outcome("// a line comment\n# another\n"
                           "let ppo' = A (* a prime ends a name *)\n"
                           "let x = begin ppo' end\ndebug x\n"
                           "show x as y\nacyclic x\n");
    assert_true(r.allowed);
    expect_error("let r = if \"a\" then po\n", 2, 1,
                 "expected else, found end of file");
    expect_error("let r = if po then po else rf\n", 1, 12,
                 "expected a variant name in quotes (only variant "
                 "conditions are supported), found 'po'");
    expect_error("forall x in {po} acyclic x end\n", 1, 18,
                 "expected do, found acyclic");
    expect_error("if \"a\" acyclic po\n", 2, 1,
                 "expected end, found end of file");
    expect_error("acyclic po\nend\n", 2, 1, "expected a statement, found end");
    expect_error("let x = {po} | po\nempty x\n", 1, 14,
                 "'|' needs two sets or two relations");
    expect_error("let x = {po}\nacyclic x\n", 2, 9,
                 "acyclic needs a relation, found a set of values");
}

/* A bell file in the style of the Linux kernel's: enums, instructions,
 * a let rec inside a let, flags on nested rcu critical sections. Events:
 * 1 Rcu-lock, 2 R, 3 Rcu-unlock on thread 0; 4 Rcu-lock on thread 1 (the
 * test's A-B events are replaced). Matching pairs: {1-3}, so 4 is an
 * unmatched lock and no unlock is unmatched. */
static void bell_file(void **state)
{
    (void)state;
    static const char bell[] =
        "\"Linux-kernel bell (excerpt)\"\n"
        "enum Accesses = 'once (*READ_ONCE,WRITE_ONCE*) ||\n"
        "\t\t'release || 'acquire || 'noreturn\n"
        "instructions R[{'once,'acquire,'noreturn}]\n"
        "instructions W[{'once,'release}]\n"
        "enum Barriers = 'wmb || 'rmb || 'mb || 'rcu-lock || 'rcu-unlock\n"
        "instructions F[Barriers]\n"
        "let rcu-rscs = let rec\n"
        "\t    unmatched-locks = Rcu-lock \\ domain(matched)\n"
        "\tand unmatched-unlocks = Rcu-unlock \\ range(matched)\n"
        "\tand unmatched = unmatched-locks | unmatched-unlocks\n"
        "\tand unmatched-po = [unmatched] ; po ; [unmatched]\n"
        "\tand unmatched-locks-to-unlocks =\n"
        "\t\t[unmatched-locks] ; po ; [unmatched-unlocks]\n"
        "\tand matched = matched | (unmatched-locks-to-unlocks \\\n"
        "\t\t(unmatched-po ; unmatched-po))\n"
        "\tin matched\n"
        "flag ~empty Rcu-lock \\ domain(rcu-rscs) as unmatched-rcu-lock\n"
        "flag ~empty Rcu-unlock \\ range(rcu-rscs) as unmatched-rcu-unlock\n"
        "let Marked = (~M) | IW | Once | Release | Acquire\n"
        "let Plain = M \\ Marked\n"
        "flag ~empty Plain as plain-accesses\n";
    char *path = ct_write("kernel.bell", bell);
    ll_diag d = {0};
    const char *dirs[] = {ct_dir};
    cat_model *m = cat_load(path, dirs, 1, &d);
    if (!m)
        ll_diag_print(&d, stderr);
    assert_non_null(m);
    xb b;
    xb_init(&b, 5);
    xb_event(&b, 0, 'I', -1, 0);
    xb_event(&b, 1, 'F', 0, 0);
    xb_event(&b, 2, 'R', 0, 0);
    xb_event(&b, 3, 'F', 0, 0);
    xb_event(&b, 4, 'F', 1, 0);
    xb_tag(&b, "Rcu-lock", 1);
    xb_tag(&b, "Rcu-lock", 4);
    xb_tag(&b, "Rcu-unlock", 3);
    xb_tag(&b, "Once", 2);
    xb_finish(&b);
    cat_result r;
    assert_true(ct_run(m, &b, &r));
    assert_true(r.allowed);
    assert_int_equal(r.n_flags, 1);
    assert_string_equal(r.flags[0], "unmatched-rcu-lock");
    cat_free(m);
    xb_free(&b);
    unlink(path);
    free(path);
}

/* cat_options.bell_unused: herd7 7.58 reads a bell for every test but
 * runs it before the model for some architectures only; where it does
 * not, the bell's names are not the model's and its checks are not
 * compiled, but it and the files it includes must be found and parse. */
static bool refused(const char *model, const cat_options *o,
                    const char *want)
{
    const char *dirs[] = {ct_dir};
    ll_diag d = {0};
    cat_model *m = cat_load_opts(model, dirs, 1, o, &d);
    cat_free(m);
    return want ? !m && strstr(d.msg, want) : m != NULL;
}

static void bell_read_not_run(void **state)
{
    (void)state;
    char *bell = ct_write("unrun.bell", "\"b\"\nlet both = po | rf\n"
                                        "acyclic nosuch as x\n");
    char *inc = ct_write("inc.bell", "\"b\"\ninclude \"nosuch.cat\"\n");
    char *uses = ct_write("uses-bell.cat", "\"u\"\nacyclic both as sc\n");
    char *none = ct_write("no-bell.cat", "\"n\"\nacyclic po as p\n");
    cat_options unrun = {.bell = bell, .bell_unused = true};
    assert_true(refused(uses, &unrun, "unbound name 'both'"));
    assert_true(refused(none, &unrun, NULL));
    cat_options run = {.bell = bell};
    assert_true(refused(none, &run, "unbound name 'nosuch'"));
    cat_options missing = {.bell = inc, .bell_unused = true};
    assert_true(refused(none, &missing,
                        "cannot find included file 'nosuch.cat'"));
    char *files[] = {bell, inc, uses, none};
    for (int i = 0; i < 4; i++) {
        unlink(files[i]);
        free(files[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(variant_conditions),
        cmocka_unit_test(variant_statements),
        cmocka_unit_test(procedures),
        cmocka_unit_test(procedure_errors),
        cmocka_unit_test(sets_of_values),
        cmocka_unit_test(enums_and_bell_declarations),
        cmocka_unit_test(with_choices),
        cmocka_unit_test(with_recomputes),
        cmocka_unit_test(computed_choices),
        cmocka_unit_test(lock_reads),
        cmocka_unit_test(undefined_and_assert),
        cmocka_unit_test(syntax),
        cmocka_unit_test(bell_file),
        cmocka_unit_test(bell_read_not_run),
    };
    return cmocka_run_group_tests(tests, ct_setup, ct_teardown);
}
