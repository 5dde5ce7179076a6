/* test_cat_try.c — herd7's `try e with d` on the tags an architecture
 * declares: a name the execution does not declare (herd7's "unbound
 * var", DMB on x86) makes e fail only when the model runs, and the try
 * then gives d, however deep in e the name is, in a nested try or in a
 * function's argument. A name absent outside every try is still an
 * error, and so is a try whose fallback fails too (named by the
 * fallback's name); a let's value is evaluated where its name is
 * used, so an unused let may name any tag. Worked out on the execution of test_cat_text.h:
 * tags S = {1, 3}, T = {0, 4}, E declared but empty; DMB, ISB absent.
 * Each case was checked with herd7 7.58 on x86 SB (whose architecture
 * lacks DMB and ISB) with the same shapes of cat. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "test_cat_text.h"

/* Load text after `let A = addr` and `let B = ctrl`, run it on the
 * inputs; false with *msg (if given) the message when evaluation fails. */
static bool run(const char *text, bool *allowed, const char **msg)
{
    static char full[2048], err[600];
    snprintf(full, sizeof full, "\"t\"\nlet A = addr\nlet B = ctrl\n%s",
             text);
    cat_model *m = ct_must_load(full);
    ll_diag d;
    xb b;
    ct_inputs(&b);
    cat_result r;
    memset(&d, 0, sizeof d);
    bool ok = cat_check(m, &b.x, &r, &d);
    *allowed = ok && r.allowed;
    if (!ok && msg) {
        snprintf(err, sizeof err, "%d:%d: %s", d.line, d.col, d.msg);
        *msg = err;
    }
    cat_free(m);
    xb_free(&b);
    return ok;
}

/* Every check of text holds. */
static bool holds(const char *text)
{
    bool allowed;
    if (!run(text, &allowed, NULL)) {
        fprintf(stderr, "failed to run:\n%s", text);
        return false;
    }
    return allowed;
}

static void fallback_when_absent(void **state)
{
    (void)state;
    /* the body is a whole expression, not only a tag */
    assert_true(holds("let a = try ~DMB with 0\nempty a as x\n"));
    assert_false(holds("let a = try ~S with 0\nempty a as x\n"));
    assert_true(holds("let a = try ~E with 0\nempty a \\ ~E as x\n"
                      "empty ~E \\ a as y\n"));
    /* a set fallback, and a relation one */
    assert_true(holds("let a = try S | DMB with T\n"
                      "empty (a \\ T) | (T \\ a) as x\n"));
    assert_true(holds("let a = try S | E with T\n"
                      "empty (a \\ S) | (S \\ a) as x\n"));
    assert_true(holds("let r = try A ; [DMB] with B\n"
                      "empty (r \\ B) | (B \\ r) as x\n"));
    assert_true(holds("let r = try A ; [S] with B\n"
                      "empty (r \\ (A ; [S])) | ((A ; [S]) \\ r) as x\n"));
}

static void nested_and_in_functions(void **state)
{
    (void)state;
    /* the inner try catches: the outer body holds */
    assert_true(holds("let a = try (try S | DMB with T) with E\n"
                      "empty (a \\ T) | (T \\ a) as x\n"));
    /* the inner fallback fails too: the outer try's fallback */
    assert_true(holds("let a = try (try DMB with ISB) with S\n"
                      "empty (a \\ S) | (S \\ a) as x\n"));
    /* a tag given to a function (fences.cat's fencerel(DMB)) */
    assert_true(holds("let f(x) = x | T\nlet a = try f(DMB) with S\n"
                      "empty (a \\ S) | (S \\ a) as x\n"));
    assert_true(holds("let r = try fencerel(DMB) with 0\nempty r as x\n"));
    /* a try in the function's body, the tag in its argument */
    assert_true(holds("let f(x) = try x | S with T\nlet a = f(E)\n"
                      "empty (a \\ S) | (S \\ a) as x\n"));
    /* in a let rec */
    assert_true(holds("let rec r = (try A ; [DMB] with B) | (r ; r)\n"
                      "empty (r \\ B+) | (B+ \\ r) as x\n"));
}

/* herd7 evaluates a let when its name is first used. */
static void lets_evaluated_at_use(void **state)
{
    (void)state;
    assert_true(holds("let a = DMB\nempty S \\ S as x\n"));
    /* aarch32.cat's `let DSB.SY = DSB` before aarch64fences.cat's
     * `let DSB.SY = try DSB.SY with emptyset` */
    assert_true(holds("let a = DMB\nlet a = try a with emptyset\n"
                      "empty a as x\n"));
    assert_true(holds("let a = DMB | S\nlet b = try a with T\n"
                      "empty (b \\ T) | (T \\ b) as x\n"));
    bool allowed;
    const char *msg = NULL;
    assert_false(run("let a = DMB | S\nlet b = try a with T\n"
                     "empty a as x\n", &allowed, &msg));
    assert_string_equal(msg, "4:9: unbound name 'DMB'");
    /* so is any error in a let: unused, no error; in a try, caught */
    assert_true(holds("let a = foo\nlet b = po & R\nempty S \\ S as x\n"));
    assert_true(holds("let a = po & R\nlet b = try a with T\n"
                      "empty (b \\ T) | (T \\ b) as x\n"));
    ll_diag d = {0};
    assert_null(ct_load("\"t\"\nlet a = po & R\nempty a as x\n", &d));
    assert_int_equal(d.line, 2);
    assert_int_equal(d.col, 12);
    assert_string_equal(d.msg, "'&' needs two sets or two relations");
}

static void unbound_outside_a_try(void **state)
{
    (void)state;
    bool allowed;
    const char *msg = NULL;
    /* a name used both in a try and outside one */
    assert_false(run("let a = try DMB with 0\nlet b = S | DMB\n"
                     "empty a | b as x\n", &allowed, &msg));
    assert_string_equal(msg, "5:13: unbound name 'DMB'");
    /* body and fallback both fail: the fallback's name */
    assert_false(run("let a = try DMB with ISB\nempty a as x\n", &allowed,
                     &msg));
    assert_string_equal(msg, "4:22: unbound name 'ISB'");
    assert_false(run("empty DMB as x\n", &allowed, &msg));
    assert_string_equal(msg, "4:7: unbound name 'DMB'");
    /* an argument is evaluated before the call, outside the try */
    assert_false(run("let f(x) = try x | S with T\nlet a = f(DMB)\n"
                     "empty a as x\n", &allowed, &msg));
    assert_string_equal(msg, "5:11: unbound name 'DMB'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fallback_when_absent),
        cmocka_unit_test(nested_and_in_functions),
        cmocka_unit_test(lets_evaluated_at_use),
        cmocka_unit_test(unbound_outside_a_try),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
