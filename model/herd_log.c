/* herd_log.c — the search's results as a herd7 log entry: states in herd7's
 * order (by the values herd7 holds, not the ones it shows), the verdict from the quantifier, witnesses, the condition as
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
 * (uint64_t -1 is 18446744073709551615), for the architectures that
 * ask, and a C atomic_t the init block declares as an unsigned int (-1
 * is 4294967295, ll_ctype.shows_unsigned); our values are int64_t, so
 * such a value is shown by its text. */
static void show_unsigned(const mdl_test *m, int k, ll_value *v)
{
    ll_ctype ty = m->obs[k].type;
    if (!v || v->is_sym || v->num >= 0)
        return;
    uint64_t u;
    if (ty.shows_unsigned && ty.size == 4 && v->num >= INT32_MIN)
        u = (uint32_t)v->num;
    else if (m->ops->show_unsigned && !ty.is_signed && ty.size == 8)
        u = (uint64_t)v->num;
    else
        return;
    ll_buf b = {0};
    ll_buf_printf(&b, "%" PRIu64, u);
    v->is_sym = true;
    v->sym = b.data;
}

/* herd7's rank of a kind of value: undetermined (S8), integers,
 * addresses, code labels. In an array shown whole (z={S8,0}) herd7
 * holds the array as one value whose undetermined elements are frozen
 * into it, and those rank after the rest: `0:r0=S8; z={0,0};` before
 * `0:r0=S8; z={S8,0};`, where `z[0]=S8` shown alone comes first
 * (litmus/c/array-whole-undetermined-element-order). */
static int value_rank(const mdl_test *m, sem_val v, bool in_whole)
{
    if (v.sym == MDL_SYM_UNDETERMINED)
        return in_whole ? 4 : 0;
    if (v.sym < 0)
        return 1;
    return strncmp(m->syms[v.sym], "label:", 6) ? 2 : 3;
}

/* herd7's order of two values of one place: by the value herd7 holds
 * (mdl_obs_raw: a W register's 0xffffffff, shown -1, follows 1),
 * integers signed, an address by its symbol's name then its offset (x+8
 * before x+16). */
static int raw_cmp(const mdl_test *m, sem_val x, sem_val y, bool in_whole)
{
    int rx = value_rank(m, x, in_whole), ry = value_rank(m, y, in_whole);
    if (rx != ry)
        return rx < ry ? -1 : 1;
    if (x.sym >= 0 && x.sym != y.sym) {
        int c = strcmp(m->syms[x.sym], m->syms[y.sym]);
        if (c)
            return c < 0 ? -1 : 1;
    }
    if (x.num != y.num)
        return x.num < y.num ? -1 : 1;
    return 0;
}

/* What sorting the states needs: each shown place's values ranked
 * (rank[k][code], alike values the same rank), the places in herd7's
 * order. */
typedef struct sort_ctx {
    const mdl_test *m;
    const int *order;
    int **rank;
} sort_ctx;

/* One kept state to sort: its ranks packed into key when they fit in
 * 64 bits (compared whole), else compared place by place. */
typedef struct ranked {
    uint64_t key;
    const sort_ctx *c;
    int state;
} ranked;

static int by_key(const void *pa, const void *pb)
{
    const ranked *a = pa, *b = pb;
    return a->key < b->key ? -1 : a->key > b->key;
}

/* herd7's order of states: place by place in its order of places. */
static int by_ranks(const void *pa, const void *pb)
{
    const ranked *a = pa, *b = pb;
    const sort_ctx *c = a->c;
    const mdl_test *m = c->m;
    for (int i = 0; i < m->n_shown; i++) {
        int k = c->order[i];
        int x = c->rank[k][mdl_tab_code(&m->tab, m->n_obs, a->state, k)];
        int y = c->rank[k][mdl_tab_code(&m->tab, m->n_obs, b->state, k)];
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

static const mdl_test *rank_of;     /* for by_value, which qsort calls */
static const sem_val *rank_vals;
static bool rank_whole;

static int by_value(const void *pa, const void *pb)
{
    return raw_cmp(rank_of, rank_vals[*(const int *)pa],
                   rank_vals[*(const int *)pb], rank_whole);
}

/* Place k's values ranked; the number of ranks. */
static int rank_place(const mdl_test *m, int k, int *rank)
{
    const mdl_place_vals *p = &m->tab.place[k];
    int *idx = ll_xmalloc(((size_t)p->n + 1) * sizeof *idx);
    for (int c = 0; c < p->n; c++)
        idx[c] = c;
    rank_of = m;
    rank_vals = p->v;
    rank_whole = m->obs[k].whole;
    qsort(idx, (size_t)p->n, sizeof *idx, by_value);
    int r = -1;
    for (int i = 0; i < p->n; i++) {
        if (!i || raw_cmp(m, p->v[idx[i - 1]], p->v[idx[i]], rank_whole))
            r++;
        rank[idx[i]] = r;
    }
    free(idx);
    return r + 1;
}

/* The order herd7 compares shown places in: an array it shows whole
 * (y={3,2}) is one location, ordered by name among the others (y before
 * z), its elements by index within it; elements shown alone come after
 * the locations (ll_loc_cmp). */
static int shown_cmp(const mdl_obs *a, const mdl_obs *b)
{
    ll_loc la = a->loc, lb = b->loc;
    if (a->whole)
        la.index = -1;
    if (b->whole)
        lb.index = -1;
    int c = ll_loc_cmp(&la, &lb);
    if (c)
        return c;
    return ll_loc_cmp(&a->loc, &b->loc);
}

/* The kept states in herd7's order, those alike on every shown place
 * (they differed where only the filter reads) once; n returned. */
static int sorted_states(const mdl_test *m, int *order, sort_ctx *c,
                         ranked *r)
{
    for (int i = 0; i < m->n_shown; i++) {
        int j = i;
        for (; j > 0 && shown_cmp(&m->obs[order[j - 1]], &m->obs[i]) > 0;
             j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    *c = (sort_ctx){m, order, ll_xcalloc((size_t)m->n_shown + 1,
                                         sizeof *c->rank)};
    int *bits = ll_xcalloc((size_t)m->n_shown + 1, sizeof *bits);
    int total = 0;
    for (int k = 0; k < m->n_shown && m->n_states; k++) {
        c->rank[k] = ll_xmalloc(((size_t)m->tab.place[k].n + 1) *
                                sizeof **c->rank);
        int n = rank_place(m, k, c->rank[k]);
        while ((1 << bits[k]) < n)
            bits[k]++;
        total += bits[k];
    }
    bool packed = total <= 64;
    int n = 0;
    for (int i = 0; i < m->n_states; i++) {
        if (!m->states[i].kept)
            continue;
        uint64_t key = 0;
        for (int j = 0; packed && j < m->n_shown; j++) {
            int k = order[j];
            if (bits[k])
                key = key << bits[k] |
                      (uint64_t)c->rank[k][mdl_tab_code(&m->tab, m->n_obs,
                                                        i, k)];
        }
        r[n++] = (ranked){key, c, i};
    }
    free(bits);
    int (*cmp)(const void *, const void *) = packed ? by_key : by_ranks;
    qsort(r, (size_t)n, sizeof *r, cmp);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!kept || cmp(&r[kept - 1], &r[i]))
            r[kept++] = r[i];
    return kept;
}

/* Each shown place's binding as herd7 prints it, per value (text[k]
 * [code], its length len[k][code]), where a state's line is those of
 * its places in order: no array shown whole, no place shown twice.
 * false otherwise. */
typedef struct bind_texts {
    char ***text;
    size_t **len;
} bind_texts;

static bool binding_texts(const mdl_test *m, const int *order,
                          bind_texts *t)
{
    for (int k = 0; k < m->n_obs; k++)
        if (m->obs[k].whole)
            return false;
    for (int i = 1; i < m->n_shown; i++)
        if (!ll_loc_cmp(&m->obs[order[i - 1]].loc, &m->obs[order[i]].loc))
            return false;
    t->text = ll_xcalloc((size_t)m->n_shown + 1, sizeof *t->text);
    t->len = ll_xcalloc((size_t)m->n_shown + 1, sizeof *t->len);
    for (int k = 0; k < m->n_shown; k++) {
        const mdl_place_vals *p = &m->tab.place[k];
        t->text[k] = ll_xcalloc((size_t)p->n + 1, sizeof **t->text);
        t->len[k] = ll_xcalloc((size_t)p->n + 1, sizeof **t->len);
        for (int c = 0; c < p->n; c++) {
            ll_state st = {0};
            ll_value v;
            mdl_value_to_ll(m, mdl_obs_value(&m->obs[k], p->v[c]), &v);
            ll_state_set(&st, &m->obs[k].loc, &v);
            free(v.sym);
            show_unsigned(m, k, &st.b[0].value);
            ll_buf b = {0};
            ll_state_print_herd(&st, &b);
            t->text[k][c] = b.data ? b.data : ll_xstrdup("");
            t->len[k][c] = b.len;
            ll_state_clear(&st);
        }
    }
    return true;
}

static void free_texts(const mdl_test *m, bind_texts *t)
{
    for (int k = 0; t->text && k < m->n_shown; k++) {
        for (int c = 0; c < m->tab.place[k].n; c++)
            free(t->text[k][c]);
        free(t->text[k]);
        free(t->len[k]);
    }
    free(t->text);
    free(t->len);
}

/* State i's line from the bindings' texts (its length with out NULL). */
static size_t put_line(const mdl_test *m, const int *order,
                       const bind_texts *t, int i, ll_buf *out)
{
    size_t n = 0;
    for (int j = 0; j < m->n_shown; j++) {
        int k = order[j];
        uint32_t c = mdl_tab_code(&m->tab, m->n_obs, i, k);
        if (out && j)
            ll_buf_putc(out, ' ');
        if (out)
            ll_buf_putn(out, t->text[k][c], t->len[k][c]);
        n += t->len[k][c] + 1;
    }
    if (out)
        ll_buf_putc(out, '\n');
    return n;
}

/* The entry; its states as herd7's lines (ll_log_entry.states_text)
 * when printed is true. */
static void report(const mdl_test *m, double seconds, ll_log_entry *e,
                   bool printed)
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
    int *order = ll_xmalloc(((size_t)m->n_shown + 1) * sizeof *order);
    ranked *r = ll_xmalloc(((size_t)m->n_states + 1) * sizeof *r);
    sort_ctx c;
    int n = sorted_states(m, order, &c, r);
    bind_texts texts = {0};
    bool fast = printed && n && binding_texts(m, order, &texts);
    sem_val *vals = ll_xcalloc((size_t)m->n_obs + 1, sizeof *vals);
    ll_buf text = {0};
    size_t size = 0;
    for (int i = 0; fast && i < n; i++)
        size += put_line(m, order, &texts, r[i].state, NULL);
    if (fast)
        ll_buf_reserve(&text, size);
    for (int i = 0; i < n; i++) {
        if (fast) {
            put_line(m, order, &texts, r[i].state, &text);
            continue;
        }
        for (int k = 0; k < m->n_obs; k++)
            vals[k] = mdl_tab_val(m, r[i].state, k);
        ll_state st = {0};
        mdl_state_to_ll(m, vals, m->n_shown, &st);
        for (int k = 0; k < m->n_shown; k++)
            show_unsigned(m, k, (ll_value *)ll_state_get(&st,
                                                         &m->obs[k].loc));
        mdl_state_wholes(m, &st);
        if (printed) {
            ll_state_print_herd(&st, &text);
            ll_buf_putc(&text, '\n');
        } else {
            ll_log_entry_add_state(e, &st, 0, false);
        }
        ll_state_clear(&st);
    }
    if (printed) {
        e->n_states = n;
        e->states_text = text.data ? text.data : ll_xstrdup("");
        e->states_len = text.len;
    } else {
        free(text.data);
    }
    free_texts(m, &texts);
    free(vals);
    for (int k = 0; k < m->n_shown && c.rank; k++)
        free(c.rank[k]);
    free(c.rank);
    free(r);
    free(order);
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
    /* herd7 7.58 prints the test's own `Hash=` line when it has one
     * (whatever its value: a test of a published campaign, ISA-DEP-WR-ADDR,
     * carries a digest of an older text), and its digest otherwise. */
    const char *given = ll_test_meta(t, "Hash");
    e->hash = given ? ll_xstrdup(given) : ll_test_hash(t);
}

void mdl_report(const mdl_test *m, double seconds, ll_log_entry *e)
{
    report(m, seconds, e, false);
}

void mdl_report_printed(const mdl_test *m, double seconds, ll_log_entry *e)
{
    report(m, seconds, e, true);
}
