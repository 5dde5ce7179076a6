/* entry.c — the log entry record: building, querying and freeing it. */
#include "litmuslab/log.h"

#include <stdlib.h>
#include <string.h>

void ll_log_entry_clear(ll_log_entry *e)
{
    free(e->name);
    free(e->kind);
    for (int i = 0; e->states && i < e->n_states; i++) {
        ll_state_clear(&e->states[i].state);
        free(e->states[i].text);
    }
    free(e->states);
    free(e->states_text);
    free(e->cond_text);
    if (e->has_cond)
        ll_prop_free(e->cond.prop);
    free(e->obs_word);
    free(e->hash);
    free(e->time);
    for (int i = 0; i < e->n_flags; i++)
        free(e->flags[i]);
    free(e->flags);
    for (int i = 0; i < e->n_extra; i++)
        free(e->extra[i]);
    free(e->extra);
    memset(e, 0, sizeof *e);
}

void ll_log_entry_add_state(ll_log_entry *e, const ll_state *s,
                            uint64_t count, bool marked)
{
    ll_grow((void **)&e->states, &e->cap_states, e->n_states + 1,
            sizeof *e->states);
    ll_log_state *ls = &e->states[e->n_states++];
    memset(ls, 0, sizeof *ls);
    /* sized once: a model's log may hold half a million states of 19
       places, where growing by doubling would leave 13 unused each */
    if (s->n > 0) {
        ls->state.b = ll_xmalloc((size_t)s->n * sizeof *ls->state.b);
        ls->state.cap = s->n;
    }
    for (int i = 0; i < s->n; i++)
        ll_state_set(&ls->state, &s->b[i].loc, &s->b[i].value);
    ls->count = count;
    ls->marked = marked;
}

void ll_log_entry_add_flag(ll_log_entry *e, const char *name)
{
    ll_grow((void **)&e->flags, &e->cap_flags, e->n_flags + 1,
            sizeof *e->flags);
    e->flags[e->n_flags++] = ll_xstrdup(name);
}

void ll_log_entry_add_extra(ll_log_entry *e, const char *line)
{
    ll_grow((void **)&e->extra, &e->cap_extra, e->n_extra + 1,
            sizeof *e->extra);
    e->extra[e->n_extra++] = ll_xstrdup(line);
}

const char *ll_log_entry_extra(const ll_log_entry *e, const char *key)
{
    size_t n = strlen(key);
    for (int i = 0; i < e->n_extra; i++) {
        const char *l = e->extra[i];
        if (!strncmp(l, key, n) && (l[n] == ' ' || l[n] == '='))
            return l + n + 1;
    }
    return NULL;
}

uint64_t ll_log_entry_total(const ll_log_entry *e)
{
    uint64_t t = 0;
    for (int i = 0; e->states && i < e->n_states; i++)
        t += e->states[i].count;
    return t;
}

const char *ll_log_kind_word(ll_quant q, ll_log_format f,
                             ll_litmus_style style)
{
    bool full = f == LL_LOG_HERD || style == LL_LITMUS_MODERN;
    switch (q) {
    case LL_EXISTS:
        return full ? "Allowed" : "Allow";
    case LL_NOT_EXISTS:
        return full ? "Forbidden" : "Forbid";
    case LL_FORALL:
        return full ? "Required" : "Require";
    }
    return "";
}

static int state_order(const void *a, const void *b)
{
    return ll_state_cmp(&((const ll_log_state *)a)->state,
                        &((const ll_log_state *)b)->state);
}

void ll_log_entry_sort_states(ll_log_entry *e)
{
    if (e->n_states > 1)
        qsort(e->states, (size_t)e->n_states, sizeof *e->states, state_order);
}
