/* word_values.c — herd7 7.58 reads the numbers of a test whose values
 * are 32-bit words (mdl_test.word 4) with OCaml's Int32.of_string: a
 * decimal number outside -2^31..2^31-1, or a hexadecimal one beyond 32
 * bits, stops it ("Failure Int32.of_string"), in the init block, the
 * condition and the filter alike, whatever the place's declared type
 * (`uint32_t 0:EAX=4294967295` too; 0xffffffff is read, as -1). The
 * model refuses such a test at the number (an immediate in the code is
 * read by each architecture's parser, not here). Measured under herd7
 * 7.58 on tests of both 32-bit headers. */
#include "model/word_values.h"

#include <stdint.h>
#include <stdio.h>

/* Whether herd7 reads v as a 32-bit value. */
static bool word_ok(const ll_value *v)
{
    if (v->is_sym)
        return true;
    bool hex = v->text && (v->text[0] == '0' &&
                           (v->text[1] == 'x' || v->text[1] == 'X'));
    int64_t lo = INT32_MIN, hi = hex ? (int64_t)UINT32_MAX : INT32_MAX;
    return (v->text && !hex) || (v->num >= lo && v->num <= hi);
}

static bool refuse(mdl_test *m, ll_pos pos, const ll_value *v)
{
    char num[32];
    snprintf(num, sizeof num, "%lld", (long long)v->num);
    ll_diag_set(&m->diag, pos.line, pos.col,
                "herd7 7.58 reads the values of this test as 32-bit "
                "words and stops on %s (\"Failure Int32.of_string\": a "
                "decimal number outside -2147483648..2147483647, a "
                "hexadecimal one beyond 0xffffffff), so the model refuses "
                "the test", v->text ? v->text : num);
    return false;
}

static bool prop_ok(mdl_test *m, const ll_prop *p)
{
    if (!p)
        return true;
    if (p->kind == LL_PROP_ATOM)
        return p->place || word_ok(&p->value) ||
               refuse(m, p->pos, &p->value);
    return prop_ok(m, p->lhs) && prop_ok(m, p->rhs);
}

bool mdl_check_word_values(mdl_test *m)
{
    const ll_test *t = m->test;
    if (m->word != 4)
        return true;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->has_value && !word_ok(&in->value))
            return refuse(m, in->pos, &in->value);
        for (int k = 0; k < in->n_array_vals; k++)
            if (!word_ok(&in->array_vals[k]))
                return refuse(m, in->pos, &in->array_vals[k]);
    }
    return prop_ok(m, t->cond.prop) && prop_ok(m, t->filter);
}
