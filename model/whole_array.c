/* whole_array.c — herd7 7.58 shows an array the condition or `locations`
 * names whole (`exists (x={7,8})`, `locations [x]`) as one binding,
 * `x={7,8};`, where the model observes its elements (mdl_obs.whole): the
 * state herd7 prints, made from the model's. The condition is evaluated
 * on the elements before (search.c), so only the printed state changes. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "model/engine.h"

/* The observation of element l if the array is shown whole, or NULL. */
static const mdl_obs *shown_whole(const mdl_test *m, const ll_loc *l)
{
    if (l->proc >= 0 || l->index < 0)
        return NULL;
    for (int k = 0; k < m->n_obs; k++)
        if (m->obs[k].whole && ll_loc_cmp(&m->obs[k].loc, l) == 0)
            return &m->obs[k];
    return NULL;
}

void mdl_state_wholes(const mdl_test *m, ll_state *st)
{
    bool any = false;
    for (int i = 0; i < st->n && !any; i++)
        any = shown_whole(m, &st->b[i].loc);
    if (!any)
        return;
    ll_state out = {0};
    for (int i = 0; i < st->n;) {
        const ll_binding *b = &st->b[i];
        if (!shown_whole(m, &b->loc)) {
            ll_state_set(&out, &b->loc, &b->value);
            i++;
            continue;
        }
        /* the elements follow one another, by index (ll_loc_cmp) */
        ll_buf v = {0};
        ll_buf_putc(&v, '{');
        int j = i;
        for (; j < st->n && shown_whole(m, &st->b[j].loc) &&
               strcmp(st->b[j].loc.name, b->loc.name) == 0; j++) {
            if (j > i)
                ll_buf_putc(&v, ',');
            ll_value_print(&st->b[j].value, &v);
            if (shown_whole(m, &st->b[j].loc)->alone)   /* named too */
                ll_state_set(&out, &st->b[j].loc, &st->b[j].value);
        }
        ll_buf_putc(&v, '}');
        ll_loc whole = b->loc;
        whole.index = -1;
        ll_value val = {.is_sym = true, .sym = v.data};
        ll_state_set(&out, &whole, &val);
        ll_buf_free(&v);
        i = j;
    }
    ll_state_clear(st);
    *st = out;
}
