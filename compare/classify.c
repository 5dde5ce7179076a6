/* classify.c — verdicts and classes: hardware's verdict is the model's
 * condition evaluated, with its quantifier, on the states hardware showed
 * (never the Ok/No printed in hardware logs, which some old litmus7 runs
 * computed with another quantifier). */
#include "compare/compare.h"

ll_verdict cmp_hw_verdict(const cmp_test *t)
{
    if (t->hw_entries == 0 || !t->has_cond)
        return LL_VERDICT_NONE;
    uint64_t yes = 0, no = 0;
    for (int i = 0; i < t->n_out; i++) {
        const cmp_outcome *o = &t->out[i];
        if (!o->in_hw)
            continue;
        if (o->satisfies)
            yes++;
        else
            no++;
    }
    return ll_verdict_of(t->cond.quant, yes, no);
}

cmp_test_status cmp_test_class(const cmp_test *t)
{
    if (!t->in_model)
        return CMP_HW_ONLY;
    if (t->hw_entries == 0)
        return CMP_MODEL_ONLY;
    ll_verdict mv = t->model_verdict, hv = cmp_hw_verdict(t);
    if ((mv != LL_VERDICT_OK && mv != LL_VERDICT_NO) || hv == LL_VERDICT_NONE)
        return CMP_UNDECIDED;
    if (mv == hv)
        return CMP_AGREE;
    /* The looser verdict admits more outcomes */
    if (mv != ll_verdict_settled(t->cond.quant))
        return CMP_FORBIDDEN_SEEN;
    return t->over_only ? CMP_OVERSUB_UNSEEN : CMP_ALLOWED_UNSEEN;
}

cmp_outcome_status cmp_outcome_class(const cmp_test *t,
                                     const cmp_outcome *o)
{
    if (!t->in_model)
        return CMP_O_HW_ONLY;
    if (t->hw_entries == 0)
        return CMP_O_MODEL_ONLY;
    if (!o->in_model)
        return o->in_hw ? CMP_O_FORBIDDEN_SEEN : CMP_O_FORBIDDEN_UNSEEN;
    if (o->in_hw)
        return CMP_O_ALLOWED_SEEN;
    return t->over_only ? CMP_O_OVERSUB_UNSEEN : CMP_O_ALLOWED_UNSEEN;
}

const char *cmp_test_status_word(cmp_test_status s)
{
    static const char *const words[CMP_N_TEST_STATUS] = {
        "agree", "allowed-unseen", "oversubscribed-unseen",
        "forbidden-seen", "model-only", "hw-only", "undecided"};
    return words[s];
}

const char *cmp_outcome_status_word(cmp_outcome_status s)
{
    static const char *const words[CMP_N_OUTCOME_STATUS] = {
        "allowed-seen", "allowed-unseen", "oversubscribed-unseen",
        "forbidden-seen", "forbidden-unseen", "model-only", "hw-only"};
    return words[s];
}

void cmp_count(const cmp_run *run, cmp_test **sorted, cmp_totals *tot)
{
    *tot = (cmp_totals){0};
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = sorted[i];
        tot->tests[cmp_test_class(t)]++;
        ll_verdict mv = t->model_verdict, hv = cmp_hw_verdict(t);
        bool mok = mv == LL_VERDICT_OK, hok = hv == LL_VERDICT_OK;
        /* the papers' Ok/No is evidence: a test whose runs were all
         * oversubscribed is not one (its own class counts it) */
        if (t->in_model && (mok || mv == LL_VERDICT_NO) &&
            hv != LL_VERDICT_NONE &&
            cmp_test_class(t) != CMP_OVERSUB_UNSEEN)
            tot->pairs[mok == hok ? (mok ? 1 : 0) : (mok ? 2 : 3)]++;
        for (int j = 0; j < t->n_out; j++)
            tot->outcomes[cmp_outcome_class(t, &t->out[j])]++;
    }
}
