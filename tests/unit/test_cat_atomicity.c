/* test_cat_atomicity.c — the proof that a model forbids the candidates
 * the search's rmw atomicity pruning leaves out (cat_atomic_pairs for
 * rmw pairs, cat_atomic_single for herd7's one-event RMWs,
 * model/cat/atomicity.c): the check in its usual spellings (the
 * built-in names, fr and coe written out as herd's cos.cat defines them,
 * RC11's [RMW] | rmw with fr and co, a co rebuilt from the engine's as
 * the kernel's lock.cat does, through a union) proves it; a model of
 * every coherent candidate, a flag, a negated check, a rebound name, a
 * check only some executions reach, or a form the bound does not follow
 * proves nothing. Our built-in LKMM and RC11 prove it. The same for
 * coherence (cat_coherent): acyclic po-loc | rf | co | fr, po for
 * po-loc, fr through [M], rc11's irreflexive hb; eco? prove it; an
 * empty model, a part of it, a flag or a po-loc; eco less the identity
 * do not. */
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

/* The model of text, titled, co and fr bound as herd7's models bind
 * them (co, fr, fre, ... are no built-in names). */
static cat_model *titled(const char *text)
{
    char full[2048];
    snprintf(full, sizeof full, "\"t\"\ninclude \"cos-opt.cat\"\n%s", text);
    return ct_must_load(full);
}

/* 1: pairs only, 2: one-event only, 3: both, 0: neither. */
static int proves(const char *text)
{
    cat_model *m = titled(text);
    int r = (cat_atomic_pairs(m) ? 1 : 0) | (cat_atomic_single(m) ? 2 : 0);
    cat_free(m);
    return r;
}

static void forms_that_prove(void **state)
{
    (void)state;
    assert_int_equal(proves("empty rmw & (fre ; coe) as atomic\n"), 1);
    assert_int_equal(proves("let broken = rmw & (fre ; coe)\n"
                            "empty broken | po as atomic\n"), 1);
    assert_int_equal(proves("let fr = (rf^-1 ; co) \\ id\n"
                            "let fri = fr & int\nlet fre = fr \\ fri\n"
                            "let coi = co & int\nlet coe = co \\ coi\n"
                            "empty rmw & (fre ; coe) as atomic\n"), 1);
    assert_int_equal(proves("let myrmw = [RMW] | rmw\n"
                            "let rb = (rf^-1 ; co) \\ id\n"
                            "empty myrmw & (rb ; co) as atomicity\n"), 3);
    /* (the identity part alone: one-event RMWs) */
    assert_int_equal(proves("irreflexive [RMW] ; fr ; co as a\n"), 0);
    assert_int_equal(proves("irreflexive [RMW] & (fr ; co) as a\n"), 2);
    /* co rebuilt, W widened, rf widened, fr without \ id (lock.cat) */
    assert_int_equal(proves("let W = W | LKW\nlet co = co & (W * W)\n"
                            "let co = (co | po)+\nlet rf = rf | 0\n"
                            "let fr = rf^-1 ; co\nlet fre = fr & ext\n"
                            "let coe = co & ext\n"
                            "empty rmw & (fre ; coe) as atomic\n"), 1);
    assert_int_equal(proves("empty (rmw | po) & (fr ; co) as a\n"), 1);
}

static void forms_that_do_not(void **state)
{
    (void)state;
    assert_int_equal(proves("acyclic po-loc | rf | co | fr as uniproc\n"),
                     0);
    assert_int_equal(proves("flag ~empty rmw & (fre ; coe) as atomic\n"), 0);
    assert_int_equal(proves("~empty rmw & (fre ; coe) as atomic\n"), 0);
    assert_int_equal(proves("let fre = 0\n"
                            "empty rmw & (fre ; coe) as atomic\n"), 0);
    assert_int_equal(proves("let rmw = rmw & po\n"
                            "empty rmw & (fre ; coe) as atomic\n"), 0);
    assert_int_equal(proves("undefined_unless empty rmw & (fre ; coe) "
                            "as atomic\n"), 0);
    /* herd7's AArch64 form: less a part the bound cannot tell */
    assert_int_equal(proves("empty (rmw & (fre ; coe)) \\ (fri ; [W] ; coi)"
                            " as atomic\n"), 0);
    /* fre; coe needs both external parts */
    assert_int_equal(proves("empty rmw & (fr & int ; coe) as a\n"), 0);
    assert_int_equal(proves("empty rmw & (fre ; coi) as a\n"), 0);
    /* only within a forall, which may have no element */
    assert_int_equal(proves("forall s in {} do\n"
                            "  empty rmw & (fre ; coe) as atomic\nend\n"),
                     0);
    /* a variant not given */
    assert_int_equal(proves("if \"atomic\" then\n"
                            "  empty rmw & (fre ; coe) as atomic\nend\n"),
                     0);
}

static bool coherent(const char *text)
{
    cat_model *m = titled(text);
    bool r = cat_coherent(m);
    cat_free(m);
    return r;
}

static void coherence_forms(void **state)
{
    (void)state;
    assert_true(coherent("acyclic po-loc | rf | co | fr as uniproc\n"));
    assert_true(coherent("let com = rf | co | fr\n"
                         "acyclic po-loc | com as coherence\n"));
    assert_true(coherent("acyclic po & loc | fr | co | rf as c\n"));
    /* herd7's sc.cat: po, and the communications through sm ([M]) */
    assert_true(coherent("acyclic po | ((fr | rf | co) ; [M]) as sc\n"));
    /* rc11's coherence */
    assert_true(coherent("let hb = (po | rf)+\n"
                         "let eco = (rf | co | (rf^-1 ; co) \\ id)+\n"
                         "irreflexive hb ; eco? as coherence\n"));
    assert_false(coherent(""));
    assert_false(coherent("acyclic co as co\n"));
    assert_false(coherent("acyclic po-loc | rf | co as uniproc\n"));
    assert_false(coherent("acyclic rf | co | fr as uniproc\n"));
    assert_false(coherent("flag ~acyclic po-loc | rf | co | fr as u\n"));
    assert_false(coherent("let eco = (rf | co | fr)+\n"
                          "irreflexive (po ; eco) \\ id as c\n"));
    assert_false(coherent("irreflexive po ; (rf | co) as c\n"));
}

static void builtin_models(void **state)
{
    (void)state;
    static const char *const dirs[] = {CAT_BUILTIN_DIR};
    ll_diag d = {0};
    cat_model *m = cat_load("lkmm.cat", dirs, 1, &d);
    assert_non_null(m);
    assert_true(cat_atomic_pairs(m));
    cat_free(m);
    m = cat_load("rc11.cat", dirs, 1, &d);
    assert_non_null(m);
    assert_true(cat_atomic_pairs(m));
    assert_true(cat_atomic_single(m));
    cat_free(m);
    m = cat_load("sc.cat", dirs, 1, &d);
    assert_non_null(m);
    assert_true(cat_coherent(m));
    cat_free(m);
    static const char *const coherent_ones[] = {
        "lkmm.cat", "rc11.cat", "aarch64.cat", "arm.cat", "ppc.cat",
        "riscv.cat", "x86tso.cat"};
    for (size_t i = 0; i < sizeof coherent_ones / sizeof *coherent_ones;
         i++) {
        m = cat_load(coherent_ones[i], dirs, 1, &d);
        assert_non_null(m);
        assert_true(cat_coherent(m));
        cat_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms_that_prove),
        cmocka_unit_test(forms_that_do_not),
        cmocka_unit_test(coherence_forms),
        cmocka_unit_test(builtin_models),
    };
    return cmocka_run_group_tests(tests, ct_setup, ct_teardown);
}
