/* test_cat_tuple.c — herd7's tuple patterns, `let (a, b) = e`, as
 * statements, in `let ... in`, and in recursive functions over events
 * (herd7's ctrl.cat: `let (ws,dw) = write_acc(...) in`, a pair of events
 * `(d,w) ++ r` added to a relation, a continuation `fun k -> k`, `[e]`
 * of an event in succs), and the optional `in` after a let statement
 * (deps-instances.cat). Each name takes its item when used, as herd7
 * 7.58 does (each rule checked with herd7 on x86 SB and MP with the same
 * shapes of cat): items past the pattern are ignored, a value that is
 * no tuple is the first name's, and a name without an item is herd7's
 * "binding mismatch" at its use
 * only. Worked out on the execution of test_cat_text.h: events 0 (init
 * write), 1 W, 2 R (thread 0), 3 R, 4 W (thread 1); A = {0-1, 1-2, 2-3},
 * B = {1-1, 1-2, 2-0, 3-4}, S = {1, 3}, T = {0, 4}, po = {1-2, 3-4}. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "test_cat_text.h"

/* herd7's ctrl.cat's addD: addD d ws r is r | ({d} * ws), through a
 * continuation per element of ws. */
#define ADDD \
    "let addD d =\n" \
    "  let rec do_rec ws = match ws with\n" \
    "  || {} -> fun k -> k\n" \
    "  || w ++ ws -> let kws = do_rec ws in fun k -> (d, w) ++ kws k\n" \
    "  end in do_rec\n"

/* Run text after `let A = addr` and `let B = ctrl`; false with *msg
 * ("line:col: message") when loading or evaluation fails (an error a
 * check's value meets is found when the model is loaded: herd7 meets it
 * on the first execution). r gets the outcome. */
static bool run(const char *text, cat_result *r, const char **msg)
{
    static char full[4096], err[600], flag[CAT_MAX_FLAGS][64];
    snprintf(full, sizeof full, "\"t\"\nlet A = addr\nlet B = ctrl\n%s",
             text);
    ll_diag d = {0};
    cat_model *m = ct_load(full, &d);
    bool ok = m != NULL;
    if (ok) {
        xb b;
        ct_inputs(&b);
        ok = cat_check(m, &b.x, r, &d);
        /* the flags' names are the model's: kept past cat_free */
        for (int i = 0; ok && i < r->n_flags; i++) {
            snprintf(flag[i], sizeof flag[i], "%s", r->flags[i]);
            r->flags[i] = flag[i];
        }
        cat_free(m);
        xb_free(&b);
    }
    if (!ok && msg) {
        snprintf(err, sizeof err, "%d:%d: %s", d.line, d.col, d.msg);
        *msg = err;
    }
    return ok;
}

/* Every check of text holds (evaluation must not fail). */
static bool holds(const char *text)
{
    cat_result r;
    const char *msg = "";
    if (!run(text, &r, &msg)) {
        fprintf(stderr, "failed to run (%s):\n%s", msg, text);
        return false;
    }
    return r.allowed;
}

/* The message of evaluating text, which must fail. */
static const char *error_of(const char *text)
{
    cat_result r;
    const char *msg = NULL;
    assert_false(run(text, &r, &msg));
    return msg;
}

static void statement_patterns(void **state)
{
    (void)state;
    /* a = S, b = A, in order */
    const char *ab = "let (a, b) = (S, A)\n";
    char text[512];
    snprintf(text, sizeof text, "%sempty (a \\ S) | (S \\ a) as x\n"
             "empty (b \\ A) | (A \\ b) as y\n", ab);
    assert_true(holds(text));
    snprintf(text, sizeof text, "%sempty a as z\n", ab);
    assert_false(holds(text));          /* a is S, not empty */
    /* swapped by a second pattern; `and` binds both from outside */
    assert_true(holds("let (a, b) = (S, T)\nlet (c, d) = (b, a)\n"
                      "empty (c \\ T) | (d \\ S) | (S \\ d) as x\n"));
    assert_true(holds("let (a, b) = (S, T) and (c, d) = (T, S)\n"
                      "empty (a \\ d) | (b \\ c) as x\n"));
    /* the expression form: y ; x is B ; A = {1-2, 1-3, 2-1}, A ; B
     * would be {0-1, 0-2, 1-0, 2-4} */
    assert_true(holds("let r = let (x, y) = (A, B) in y ; x\n"
                      "empty r \\ (A | A^-1 | (S * S)) as x\n"
                      "empty (r \\ (B ; A)) | ((B ; A) \\ r) as y\n"));
    assert_false(holds("let r = let (x, y) = (A, B) in y ; x\n"
                       "empty r & (S * S) as x\n"));
    /* in a function's body, its argument a tuple */
    assert_true(holds("let snd p = let (x, y) = p in y\n"
                      "empty snd(S, A) \\ A as x\n"));
}

/* herd7's rules when the value does not fit the pattern. */
static void herd7_mismatch_rules(void **state)
{
    (void)state;
    /* extra items ignored */
    assert_true(holds("let (a, b) = (S, A, B)\n"
                      "empty (a \\ S) | (S \\ a) as x\n"
                      "empty (b \\ A) | (A \\ b) as y\n"));
    /* no tuple: the first name's; the second an error where used */
    assert_true(holds("let (a, b) = A\nempty (a \\ A) | (A \\ a) as x\n"));
    assert_string_equal(error_of("let (a, b) = A\nempty b as x\n"),
                        "4:5: binding mismatch");
    assert_string_equal(error_of("let (a, b, c) = (S, T)\n"
                                 "empty a & c as x\n"),
                        "4:5: binding mismatch");
    assert_true(holds("let (a, b, c) = (S, T)\nempty a & b as x\n"));
    /* one name: the whole value (here a tuple, which & cannot take) */
    assert_string_equal(error_of("let (a) = (S, A)\nempty a & a as x\n"),
                        "5:9: '&' needs two sets or two relations");
    assert_true(holds("let () = (S, A)\nempty S & T as x\n"));
    /* a pattern's names are not seen by the other bindings of its let */
    assert_string_equal(error_of("let (a, b) = (S, T) and c = a\n"
                                 "empty c as x\n"),
                        "4:29: unbound name 'a'");
}

/* herd7's grammar ends a let statement with an optional `in`. */
static void let_statement_in(void **state)
{
    (void)state;
    assert_true(holds("let a = A in\nempty (a \\ A) | (A \\ a) as x\n"));
    assert_true(holds("let (a, b) = (S, T) in\nlet c = a | b in\n"
                      "empty (c \\ (S | T)) | ((S | T) \\ c) as x\n"));
    /* A+ = {0-1, 0-2, 0-3, 1-2, 1-3, 2-3} is acyclic */
    assert_true(holds("let rec r = A | (r ; r) when acyclic r as c in\n"
                      "empty (r \\ A+) | (A+ \\ r) as x\n"));
    assert_false(holds("let rec r = B | (r ; r) when acyclic r as c in\n"
                       "empty r \\ r as x\n"));      /* B has 1-1 */
}

/* Tuples a recursive function over events returns (dyn.c), through a
 * with, whose one element must be the expected relation. */
static void in_recursive_functions(void **state)
{
    (void)state;
    /* split(S | T) = ({0, 1, 3, 4}, the identity on them) */
    const char *split =
        "let rec split xs = match xs with\n"
        "|| {} -> ({}, 0)\n"
        "|| x ++ rest -> let (s, r) = split rest in (x ++ s, (x, x) ++ r)\n"
        "end\n"
        "let second p = let (s, r) = p in r\n"
        "let first p = let (s, r) = p in [s]\n";
    char text[2048];
    snprintf(text, sizeof text, "%swith p from { second (split (S | T)) }\n"
             "with q from { first (split (S | T)) }\n"
             "empty (p \\ [S | T]) | ([S | T] \\ p) as x\n"
             "empty (q \\ p) | (p \\ q) as y\n", split);
    cat_result r;
    assert_true(run(text, &r, NULL));
    assert_true(r.allowed);
    assert_int_equal(r.n_accepted, 1);
    snprintf(text, sizeof text, "%swith p from { second (split S) }\n"
             "empty p \\ [T] as x\n", split);
    assert_false(holds(text));
    /* ctrl.cat's addD: a continuation adding (d, w) for each w;
     * addD 1 T B = B | {1-0, 1-4} (S & W = {1}) */
    const char *addd =
        ADDD
        "let rec pick xs = match xs with || {} -> 0 "
        "|| d ++ _ -> addD d T B end\n";
    snprintf(text, sizeof text, "%swith p from { pick (S & W) }\n"
             "let X = B | ((S & W) * T)\n"
             "empty (p \\ X) | (X \\ p) as x\n"
             "empty X \\ (B | (S * T)) as y\n", addd);
    assert_true(holds(text));
    /* a pair of a relation is a tuple of two events: firsts B is
     * domain(B) = {1, 2, 3} = S | {2, 3} (B ; [T] = {2-0, 3-4}) */
    assert_true(holds(
        "let rec firsts r = match r with || {} -> {}\n"
        "|| p ++ rest -> let (x, y) = p in x ++ firsts rest end\n"
        "let g r = [firsts r]\nwith q from { g(B) }\n"
        "empty (q \\ [domain(B)]) | ([domain(B)] \\ q) as x\n"
        "empty domain(B) \\ (S | domain(B ; [T])) as y\n"));
    /* ctrl.cat's succs (e, r) = range([e]; r): [e] of an event; from
     * e = 1 (S & W) along B: {1, 2}, the events of po ; [R] = {1-2} */
    assert_true(holds(
        "let succs (e, r) = range ([e]; r)\n"
        "let rec f xs = match xs with || {} -> {} || e ++ _ -> succs(e, B) "
        "end\nlet g xs = [f xs]\nwith q from { g(S & W) }\n"
        "let X = domain(po ; [R]) | range(po ; [R])\n"
        "empty (q \\ [X]) | ([X] \\ q) as x\n"));
    /* herd7's mismatch, in a function: only where the name is used */
    const char *f =
        "let rec f xs = match xs with || {} -> (0, 0)\n"
        "|| x ++ _ -> let (a, b, c) = (xs, [xs]) in %s end\n"
        "with p from { f(S) }\nempty p \\ [S] as x\n";
    snprintf(text, sizeof text, f, "b");
    assert_true(holds(text));
    snprintf(text, sizeof text, f, "c");
    assert_string_equal(error_of(text), "5:18: binding mismatch");
}

/* A check over what a recursive function over events returns runs as
 * herd7 runs it (here: a forall over that one value). */
static void checks_over_recursive_results(void **state)
{
    (void)state;
    const char *fns =
        "let rec ids xs = match xs with || {} -> 0\n"
        "|| x ++ rest -> (x, x) ++ ids rest end\n"
        "let rec evs xs = match xs with || {} -> {}\n"
        "|| x ++ rest -> x ++ evs rest end\n"
        ADDD
        "let rec pick xs = match xs with || {} -> 0 "
        "|| d ++ _ -> addD d T 0 end\n";
    char text[2048];
    cat_result r;
    /* ids(S) = [S] = {1-1, 3-3}; evs(S) = S; ids(E) = 0 */
    snprintf(text, sizeof text, "%sempty ids(S) \\ [S] as x\n"
             "empty evs(S) \\ S as y\nacyclic ids(E) as z\n"
             "flag ~empty ids(S) as f\n", fns);
    assert_true(run(text, &r, NULL));
    assert_true(r.allowed);
    assert_int_equal(r.n_accepted, 1);
    assert_int_equal(r.n_flags, 1);
    assert_string_equal(r.flags[0], "f");
    snprintf(text, sizeof text, "%sirreflexive ids(S) as x\n", fns);
    assert_false(holds(text));
    snprintf(text, sizeof text, "%sempty evs(S) as x\n", fns);
    assert_false(holds(text));
    /* pick (S & W) = addD 1 T 0 = {1-0, 1-4}: with po {1-2, 3-4}
     * acyclic; with A, 0-1-0 is a cycle */
    snprintf(text, sizeof text, "%sacyclic pick (S & W) | po as x\n", fns);
    assert_true(holds(text));
    snprintf(text, sizeof text, "%sacyclic pick (S & W) | A as x\n", fns);
    assert_false(holds(text));
    /* a set where a relation is needed */
    snprintf(text, sizeof text, "%sacyclic evs(S) as x\n", fns);
    assert_string_equal(error_of(text),
                        "14:9: expected a relation, found a set");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(statement_patterns),
        cmocka_unit_test(herd7_mismatch_rules),
        cmocka_unit_test(let_statement_in),
        cmocka_unit_test(in_recursive_functions),
        cmocka_unit_test(checks_over_recursive_results),
    };
    return cmocka_run_group_tests(tests, ct_setup, ct_teardown);
}
