/* conds.c — each test's condition, taken from the model log, evaluated on
 * the test's outcomes. */
#include "compare/compare.h"

void cmp_finish(cmp_run *run)
{
    ll_state s = {0};
    for (int i = 0; i < run->n_slots; i++) {
        cmp_test *t = run->slots[i];
        if (!t || !t->has_cond)
            continue;
        t->hw_positive = 0;
        for (int j = 0; j < t->n_out; j++) {
            cmp_outcome *o = &t->out[j];
            ll_state_clear(&s);
            ll_state_parse(o->key, &s, NULL);   /* printed by us: parses */
            o->satisfies = ll_prop_eval(t->cond.prop, &s, NULL);
            if (o->satisfies)
                t->hw_positive += o->count;
        }
    }
    ll_state_clear(&s);
}
