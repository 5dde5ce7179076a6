/* test_cat_partial.c — the checks the search may judge on a part of an
 * execution (cat_has_partial, cat_partial_dead): a plain acyclic,
 * irreflexive or empty over a value that only grows as threads, rf and
 * co are added qualifies; a difference with a growing right side, a
 * complement of rf, a flag or a negated check does not; a part is dead
 * only when such a check fails. The execution is test_cat_text.h's. */
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

static cat_model *load(const char *text)
{
    char full[2048];
    /* co and fr bound as herd7's models bind them */
    snprintf(full, sizeof full,
             "\"t\"\ninclude \"cos-opt.cat\"\nlet A = addr\n%s", text);
    return ct_must_load(full);
}

static bool safe(const char *text)
{
    cat_model *m = load(text);
    bool s = cat_has_partial(m);
    cat_free(m);
    return s;
}

static void which_checks(void **state)
{
    (void)state;
    assert_true(safe("acyclic po | rf | co as c\n"));
    assert_true(safe("let fr = rf^-1 ; co\nirreflexive fr ; po as c\n"));
    assert_true(safe("let rec r = po | r ; rf\nacyclic r as c\n"));
    /* a difference with a set of one thread's events (domain(addr) is
       whole on the part) keeps it growing */
    assert_true(safe("empty [R \\ domain(A)] ; rf as c\n"));
    assert_true(safe("empty rf & ext as c\n"));
    /* ... not one that grows: the reads without rf shrink */
    assert_false(safe("empty R \\ range(rf) as c\n"));
    assert_false(safe("empty R \\ domain(loc) as c\n"));
    assert_false(safe("irreflexive ~rf as c\n"));
    assert_false(safe("~acyclic po | rf as c\n"));
    assert_false(safe("flag ~empty rf as f\n"));
    assert_false(safe("undefined_unless empty rf as u\n"));
}

static bool reads_values(const char *text)
{
    cat_model *m = load(text);
    bool v = cat_partial_uses_values(m);
    cat_free(m);
    return v;
}

/* Whether a judged check reads %same-value (search.c keeps a pair's
 * verdict across combinations whose values read differ only where it
 * does not): through a let, a fixpoint's body, or not at all when only
 * a flag or a check that is not judged on parts reads it. */
static void checks_reading_values(void **state)
{
    (void)state;
    assert_true(reads_values("acyclic po | different-values(rf) as c\n"));
    assert_true(reads_values("let d = different-values(po)\n"
                             "let rec r = rf | d | r ; co\n"
                             "acyclic r as c\n"));
    assert_false(reads_values("acyclic po | rf as c\n"
                              "flag ~empty different-values(rf) as f\n"));
    assert_false(reads_values("acyclic po | rf as c\n"
                              "~empty different-values(rf) as c2\n"));
    assert_false(reads_values("acyclic po | rf as c\n"));
}

static bool dead(cat_model *m, xb *b)
{
    bool d = false;
    ll_diag diag = {0};
    assert_true(cat_partial_dead(m, &b->x, &d, &diag));
    return d;
}

static void dead_parts(void **state)
{
    (void)state;
    /* 3 po 4 (thread 1): 4 rf 3 closes a cycle */
    cat_model *m = load("acyclic po | rf as c\n"
                        "empty R \\ range(rf) as unsafe\n");
    xb b;
    ct_inputs(&b);
    /* no rf: the unsafe check fails, the part is not dead */
    assert_false(dead(m, &b));
    mdl_rel_add(&b.x.rf, 1, 2);
    assert_false(dead(m, &b));
    mdl_rel_add(&b.x.rf, 4, 3);
    assert_true(dead(m, &b));
    /* the same model judges whole executions as before */
    cat_result r;
    assert_true(ct_run(m, &b, &r));
    assert_false(r.allowed);
    mdl_rel_clear(&b.x.rf);
    mdl_rel_add(&b.x.rf, 1, 2);
    mdl_rel_add(&b.x.rf, 0, 3);
    assert_true(ct_run(m, &b, &r));
    assert_true(r.allowed);
    assert_false(dead(m, &b));
    cat_free(m);
    xb_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(which_checks),
        cmocka_unit_test(checks_reading_values),
        cmocka_unit_test(dead_parts),
    };
    return cmocka_run_group_tests(tests, ct_setup, ct_teardown);
}
