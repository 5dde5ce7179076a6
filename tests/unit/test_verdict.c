/* test_verdict.c — verdict.h, the one verdict: Ok/No per quantifier from
 * the satisfying and other states, the settling state, the witness swap
 * of ~exists and the Observation word; and log_lines.h's litmus7 tail
 * (the harness prints with it), byte for byte in both styles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/log_lines.h"

static void verdict_per_quantifier(void **unused)
{
    (void)unused;
    /* yes, no: states where the proposition holds, where it does not */
    static const struct { ll_quant q; uint64_t yes, no; bool holds; } t[] = {
        {LL_EXISTS, 0, 0, false},     {LL_EXISTS, 1, 0, true},
        {LL_EXISTS, 0, 5, false},     {LL_EXISTS, 2, 5, true},
        {LL_NOT_EXISTS, 0, 0, true},  {LL_NOT_EXISTS, 1, 0, false},
        {LL_NOT_EXISTS, 0, 5, true},  {LL_NOT_EXISTS, 2, 5, false},
        {LL_FORALL, 0, 0, true},      {LL_FORALL, 1, 0, true},
        {LL_FORALL, 0, 5, false},     {LL_FORALL, 2, 5, false},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        assert_int_equal(ll_quant_holds(t[i].q, t[i].yes, t[i].no),
                         t[i].holds);
        assert_int_equal(ll_verdict_of(t[i].q, t[i].yes, t[i].no),
                         t[i].holds ? LL_VERDICT_OK : LL_VERDICT_NO);
    }
    assert_int_equal(ll_verdict_settled(LL_EXISTS), LL_VERDICT_OK);
    assert_int_equal(ll_verdict_settled(LL_NOT_EXISTS), LL_VERDICT_NO);
    assert_int_equal(ll_verdict_settled(LL_FORALL), LL_VERDICT_NO);
    assert_true(ll_quant_settles(LL_EXISTS, true));
    assert_true(ll_quant_settles(LL_NOT_EXISTS, true));
    assert_true(ll_quant_settles(LL_FORALL, false));
    assert_false(ll_quant_settles(LL_FORALL, true));
    assert_false(ll_quant_positive(LL_NOT_EXISTS, true));
    assert_true(ll_quant_positive(LL_NOT_EXISTS, false));
    assert_true(ll_quant_positive(LL_FORALL, true));
    assert_string_equal(ll_verdict_word(LL_VERDICT_OK), "Ok");
    assert_string_equal(ll_verdict_word(LL_VERDICT_NO), "No");
    assert_string_equal(ll_verdict_word(LL_VERDICT_UNKNOWN), "??");
    assert_string_equal(ll_verdict_word(LL_VERDICT_UNDEF), "Undef");
    assert_string_equal(ll_verdict_word(LL_VERDICT_NONE), "");
}

static void witnesses_and_observation(void **unused)
{
    (void)unused;
    uint64_t p, n;
    ll_witnesses(LL_EXISTS, 3, 7, &p, &n);
    assert_true(p == 3 && n == 7);
    ll_witnesses(LL_FORALL, 3, 7, &p, &n);
    assert_true(p == 3 && n == 7);
    ll_witnesses(LL_NOT_EXISTS, 3, 7, &p, &n);   /* herd7's swap */
    assert_true(p == 7 && n == 3);
    assert_string_equal(ll_observation_word(0, 7), "Never");
    assert_string_equal(ll_observation_word(0, 0), "Never");
    assert_string_equal(ll_observation_word(3, 0), "Always");
    assert_string_equal(ll_observation_word(3, 7), "Sometimes");
}

static char *tail_text(const ll_litmus_tail *t)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    ll_put_litmus_tail(f, t);
    fclose(f);
    return text;
}

static void litmus_tail_bytes(void **unused)
{
    (void)unused;
    ll_litmus_tail t = {
        .modern = true, .name = "SB", .verdict = LL_VERDICT_NO,
        .has_witnesses = true, .positive = 8321, .negative = 11679,
        .cond_text = "~exists (0:rax=0 /\\ 1:rax=0)",
        .validated = LL_VALIDATED_NO, .obs_word = "Sometimes",
        .obs_pos = 11679, .obs_neg = 8321,
    };
    char *s = tail_text(&t);
    assert_string_equal(s, "No\n\nWitnesses\nPositive: 8321, Negative: 11679\n"
                        "Condition ~exists (0:rax=0 /\\ 1:rax=0) is NOT "
                        "validated\nObservation SB Sometimes 11679 8321\n");
    free(s);
    t.modern = false;
    t.verdict = LL_VERDICT_OK;
    t.validated = LL_VALIDATED_YES;
    t.hash = "ac0b";
    t.obs_word = NULL;
    s = tail_text(&t);
    assert_string_equal(s, "Ok\nWitnesses\nPositive: 8321 Negative: 11679\n"
                        "Condition ~exists (0:rax=0 /\\ 1:rax=0) is "
                        "validated\nHash=ac0b\n");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(verdict_per_quantifier),
        cmocka_unit_test(witnesses_and_observation),
        cmocka_unit_test(litmus_tail_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
