/* test_cat_bound.c — cat_accepts_all (model/cat/cat_bound.c): on rf and
 * co holding every pair a candidate may have, a model is said to accept
 * every coherent candidate only when each check holds on the upper
 * bound, does not depend on rf and co, or is acyclic or irreflexive of
 * a part of (po-loc | rf | co | fr)+ (static pairs of po & loc, and
 * sequences with a static part of the identity, included); a flag only
 * when it cannot be raised. The execution is test_cat_text.h's (one location: 0 its
 * initial write, writes 1 and 4, reads 2 and 3). */
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

static bool all(const char *text)
{
    char full[2048];
    /* co and fr bound as herd7's models bind them */
    snprintf(full, sizeof full, "\"t\"\ninclude \"cos-opt.cat\"\n%s", text);
    cat_model *m = ct_must_load(full);
    xb b;
    ct_inputs(&b);
    /* every pair: co from the initial write and both ways between the
       writes, rf from each write to each read */
    int co[][2] = {{0, 1}, {0, 4}, {1, 4}, {4, 1}};
    for (int i = 0; i < 4; i++)
        mdl_rel_add(&b.x.co, co[i][0], co[i][1]);
    for (int w = 0; w < 5; w += w == 1 ? 3 : 1)
        for (int r = 2; r <= 3; r++)
            mdl_rel_add(&b.x.rf, w, r);
    bool ok = false;
    ll_diag d = {0};
    assert_true(cat_accepts_all(m, &b.x, false, &ok, &d));
    /* the model judges candidates as before */
    cat_result r;
    mdl_rel_clear(&b.x.rf);
    mdl_rel_clear(&b.x.co);
    assert_true(ct_run(m, &b, &r));
    cat_free(m);
    xb_free(&b);
    return ok;
}

static void checks(void **state)
{
    (void)state;
    /* coherence by its form (the bound itself has co both ways) */
    assert_true(all("acyclic po-loc | rf | co | fr as c\n"));
    assert_true(all("let com = rf | co | fr\nacyclic po-loc | com as c\n"));
    assert_true(all("irreflexive fr ; rf as c\n"));
    assert_true(all("acyclic (co | fre)+ as c\n"));
    /* what does not depend on rf or co is within po-loc when its pairs
       are of po & loc (po on this one location: x86's ppo); po^-1 is
       not */
    assert_true(all("acyclic po | rf | co | fr as c\n"));
    assert_true(all("acyclic (po \\ (W * R)) | rf | co | fr as c\n"));
    assert_false(all("acyclic po^-1 | rf | co as c\n"));
    assert_false(all("acyclic (po | po^-1) \\ id | co as c\n"));
    /* a sequence with a static part of the identity (AArch64's
       (rfe | fre | coe) ; sm): within what it follows; its closure
       has pairs of the identity on the bound, so only this way */
    assert_true(all("irreflexive ((rf | co | fr) ; [R | W])+ as c\n"));
    assert_true(all("irreflexive ([R | W] ; (co | fr))+ as c\n"));
    assert_false(all("irreflexive ((rf | co | fr) ; [R | W] ; po^-1)+ "
                     "as c\n"));
    /* empty is not implied by coherence; rf 1-2 is in po */
    assert_false(all("empty rf & po as c\n"));
    assert_true(all("empty rf & po & ~loc as c\n"));
    /* not depending on rf or co: as it is */
    assert_true(all("empty addr & ctrl & T * T as c\n"));
    assert_false(all("empty addr as c\n"));
    /* negated: would need a lower bound */
    assert_false(all("~empty rf as c\n"));
    /* a difference with rf or co on its right is bounded by its left
       side, not known empty */
    assert_false(all("empty rf \\ co as c\n"));
    assert_false(all("empty (po & ctrl) \\ rf as c\n"));
    assert_true(all("empty (po & ctrl) \\ (po & ctrl) as c\n"));
    /* a fixpoint bounded: its least fixpoint bounds the exact one */
    assert_true(all("let rec r = [E] ; rf | r ; r\nempty r as c\n"));
    /* not one taking away rf: on a candidate it may not converge */
    assert_false(all("let rec r = [E] ; (rf \\ r)\nempty r as c\n"));
}

static void flags(void **state)
{
    (void)state;
    assert_true(all("flag ~empty [E] ; rf as f\n"));
    assert_false(all("flag ~empty rf as f\n"));
    assert_false(all("flag ~empty addr as f\n"));
    assert_true(all("flag ~empty [E] ; addr as f\n"));
    /* raised when empty: would need a lower bound */
    assert_false(all("flag empty [E] ; rf as f\n"));
    assert_false(all("undefined_unless empty rf as u\n"));
    assert_true(all("undefined_unless empty [E] ; rf as u\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(checks),
        cmocka_unit_test(flags),
    };
    return cmocka_run_group_tests(tests, ct_setup, ct_teardown);
}
