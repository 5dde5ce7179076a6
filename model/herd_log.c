/* herd_log.c — the search's results as a herd7 log entry: states in herd7's
 * order, the verdict from the quantifier, witnesses, the condition as
 * herd7 prints it, the observation, time and hash. */
#include "model/engine.h"
#include "litmuslab/hash.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double mdl_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* herd7 lists the flags raised by accepted executions in order of
 * name, its undefined-behaviour mark first. */
static void add_flags(const mdl_test *m, ll_log_entry *e)
{
    const char *names[CAT_MAX_FLAGS];
    int n = m->n_flags;
    memcpy(names, m->flags, sizeof *names * (size_t)n);
    qsort(names, (size_t)n, sizeof *names, by_name);
    if (m->undef)
        ll_log_entry_add_flag(e, "*undef*");
    for (int i = 0; i < n; i++)
        ll_log_entry_add_flag(e, names[i]);
}

/* herd7 prints a value of an unsigned 64-bit place as unsigned
 * (uint64_t -1 is 18446744073709551615); our values are int64_t, so such
 * a value is shown by its text, for the architectures that ask. */
static void show_unsigned(const mdl_test *m, int k, ll_value *v)
{
    const mdl_obs *o = &m->obs[k];
    if (!v)
        return;
    ll_ctype ty = o->mem >= 0 ? m->locs[o->mem].type : o->type;
    if (!m->ops->show_unsigned || v->is_sym || ty.is_signed ||
        ty.size != 8 || v->num >= 0)
        return;
    ll_buf b = {0};
    ll_buf_printf(&b, "%" PRIu64, (uint64_t)v->num);
    v->is_sym = true;
    v->sym = b.data;
}

void mdl_report(const mdl_test *m, double seconds, ll_log_entry *e)
{
    const ll_test *t = m->test;
    ll_log_entry_clear(e);
    e->format = LL_LOG_HERD;
    e->loop = m->loop_cut;
    /* herd7 drops a `.litmus` the name line may carry (ppoa-v4.litmus) */
    size_t len = strlen(t->name);
    if (len > 7 && !strcmp(t->name + len - 7, ".litmus"))
        len -= 7;
    e->name = ll_xstrndup(t->name, len);
    e->kind = ll_xstrdup(ll_log_kind_word(t->cond.quant, LL_LOG_HERD,
                                          LL_LITMUS_CLASSIC));
    for (int i = 0; i < m->n_states; i++) {
        if (!m->states[i].kept)
            continue;
        ll_state st = {0};
        for (int k = 0; k < m->n_shown; k++) {
            ll_value v;
            mdl_value_to_ll(m, m->states[i].vals[k], &v);
            ll_state_set(&st, &m->obs[k].loc, &v);
            free(v.sym);
        }
        ll_log_entry_add_state(e, &st, 0, false);
        ll_state_clear(&st);
    }
    ll_log_entry_sort_states(e);
    /* states that differed only in places the filter reads are one */
    int n = 0;
    for (int i = 0; i < e->n_states; i++) {
        if (n > 0 && !ll_state_cmp(&e->states[n - 1].state,
                                   &e->states[i].state)) {
            ll_state_clear(&e->states[i].state);
            continue;
        }
        e->states[n++] = e->states[i];
    }
    e->n_states = n;
    /* spelt unsigned once sorted: herd7 orders them by their bits read
       signed (a uint64_t 2^63 comes before 0) */
    for (int i = 0; i < n; i++)
        for (int k = 0; k < m->n_shown; k++)
            show_unsigned(m, k, (ll_value *)ll_state_get(&e->states[i].state,
                                                         &m->obs[k].loc));
    e->verdict = m->undef ? LL_VERDICT_UNDEF
                          : ll_verdict_of(t->cond.quant, m->positive,
                                          m->negative);
    e->has_witnesses = true;
    ll_witnesses(t->cond.quant, m->positive, m->negative, &e->positive,
                 &e->negative);
    add_flags(m, e);
    ll_buf b = {0};
    ll_cond_print(&t->cond, &b);
    e->cond_text = b.data ? b.data : ll_xstrdup("");
    e->obs_word = ll_xstrdup(ll_observation_word(m->positive, m->negative));
    e->obs_pos = m->positive;
    e->obs_neg = m->negative;
    ll_buf tb = {0};
    ll_buf_printf(&tb, "%.2f", seconds);
    e->time = tb.data;
    e->hash = ll_test_hash(t);
}
