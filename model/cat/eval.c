/* eval.c — cat_check: runs a loaded model's plan on one candidate
 * execution. Scratch space for every temporary is allocated once per
 * event count; the engine's own sets and relations are used in place. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

static int words_of(int n)
{
    return (n + 63) / 64;
}

static void resize(cat_model *m, int n)
{
    int W = words_of(n);
    size_t rel_words = (size_t)n * (size_t)W, total = 0;
    for (int s = 0; s < m->n_slots; s++)
        if (m->slots[s].src == SRC_TEMP) {
            m->slots[s].offset = total;
            total += m->slots[s].is_rel ? rel_words : (size_t)W;
        }
    size_t zero_at = total;
    total += rel_words > (size_t)W ? rel_words : (size_t)W;
    free(m->scratch);
    m->scratch = ll_xcalloc(total + 1, sizeof *m->scratch);
    m->zero = m->scratch + zero_at;
    if (!m->ptr)
        m->ptr = ll_xcalloc((size_t)m->n_slots + 1, sizeof *m->ptr);
    size_t snap_words = 0;
    for (int k = 0; k < m->n_static_inputs; k++)
        snap_words += m->slots[m->static_inputs[k]].is_rel ? rel_words
                                                            : (size_t)W;
    free(m->snap);
    m->snap = ll_xcalloc(snap_words + 1, sizeof *m->snap);
    m->snap_valid = false;
    if (!m->static_done)
        m->static_done = ll_xcalloc((size_t)m->n_code + 1,
                                    sizeof *m->static_done);
    if (!m->tag_index) {
        m->tag_index = ll_xcalloc((size_t)m->n_tag_refs + 1,
                                  sizeof *m->tag_index);
        m->tag_seen = ll_xcalloc((size_t)m->n_tag_refs + 1,
                                 sizeof *m->tag_seen);
    }
    for (int s = 0; s < m->n_slots; s++) {
        cat_slot *sl = &m->slots[s];
        if (sl->src != SRC_TEMP)
            continue;
        uint64_t *w = m->ptr[s] = m->scratch + sl->offset;
        for (int e = 0; e < n; e++) {
            if (sl->konst == CONST_UNIV)
                w[e / 64] |= (uint64_t)1 << (e % 64);
            else if (sl->konst == CONST_ID)
                w[(size_t)e * (size_t)W + (size_t)(e / 64)] |=
                    (uint64_t)1 << (e % 64);
        }
    }
    m->n = n;
}

static const ll_set *exec_set(const cat_exec *x, int field)
{
    switch (field) {
    case EXEC_SET_R: return &x->R;
    case EXEC_SET_W: return &x->W;
    case EXEC_SET_F: return &x->F;
    case EXEC_SET_IW: return &x->IW;
    default: return &x->B;
    }
}

static const ll_rel *exec_rel(const cat_exec *x, int field)
{
    switch (field) {
    case EXEC_REL_PO: return &x->po;
    case EXEC_REL_RF: return &x->rf;
    case EXEC_REL_CO: return &x->co;
    case EXEC_REL_LOC: return &x->loc;
    case EXEC_REL_THREAD: return &x->thread;
    case EXEC_REL_ADDR: return &x->addr;
    case EXEC_REL_DATA: return &x->data;
    case EXEC_REL_CTRL: return &x->ctrl;
    case EXEC_REL_CTRLISYNC: return &x->ctrlisync;
    default: return &x->rmw;
    }
}

/* Index of each tag reference in x's tags (-1: absent). The engine
 * passes the same name array for every candidate, so the lookup by name
 * is redone only when the array (or a name in it) changes. */
static bool resolve_tags(cat_model *m, const cat_exec *x, ll_diag *d)
{
    bool same = m->tag_names == x->tag_names && m->n_tags == x->n_tags;
    for (int r = 0; r < m->n_tag_refs && same; r++)
        if (m->tag_index[r] >= 0 &&
            x->tag_names[m->tag_index[r]] != m->tag_seen[r])
            same = false;
    if (same)
        return true;
    for (int r = 0; r < m->n_tag_refs; r++) {
        const cat_tag_ref *t = &m->tag_refs[r];
        m->tag_index[r] = -1;
        for (int i = 0; i < x->n_tags; i++)
            if (strcmp(x->tag_names[i], t->name) == 0) {
                m->tag_index[r] = i;
                m->tag_seen[r] = x->tag_names[i];
                break;
            }
        if (m->tag_index[r] < 0) {
            m->tag_names = NULL;
            ll_diag_set(cat_diag_file(d, t->file), t->line, t->col,
                        "unbound name '%s'", t->name);
            return false;
        }
    }
    m->tag_names = x->tag_names;
    m->n_tags = x->n_tags;
    return true;
}

/* Point the slots of engine data at this execution's words. */
static bool bind_outside(cat_model *m, const cat_exec *x, ll_diag *d)
{
    if (!resolve_tags(m, x, d))
        return false;
    for (int k = 0; k < m->n_outside; k++) {
        int s = m->outside[k];
        const cat_slot *sl = &m->slots[s];
        if (sl->src == SRC_EXEC_SET) {
            m->ptr[s] = exec_set(x, sl->index)->w;
        } else if (sl->src == SRC_EXEC_REL) {
            m->ptr[s] = exec_rel(x, sl->index)->w;
        } else {
            int i = m->tag_index[sl->index];
            m->ptr[s] = i >= 0 ? x->tags[i].w : m->zero;
        }
    }
    return true;
}

static ll_set as_set(const cat_model *m, int s)
{
    return (ll_set){m->n, words_of(m->n), m->ptr[s]};
}

static ll_rel as_rel(const cat_model *m, int s)
{
    return (ll_rel){m->n, words_of(m->n), m->ptr[s]};
}

static void rel_complement(ll_rel *dst, const ll_rel *a)
{
    int W = a->words, r = a->n % 64;
    uint64_t tail = r ? (((uint64_t)1 << r) - 1) : ~(uint64_t)0;
    for (int i = 0; i < a->n; i++) {
        uint64_t *out = dst->w + (size_t)i * (size_t)W;
        const uint64_t *in = a->w + (size_t)i * (size_t)W;
        for (int k = 0; k < W; k++)
            out[k] = ~in[k];
        out[W - 1] &= tail;
    }
}

/* [a];b when a is a set (dom), b;[a] when it restricts the range. */
static void restrict_rows(ll_rel *dst, const ll_set *s, const ll_rel *r)
{
    int W = r->words;
    for (int i = 0; i < r->n; i++) {
        uint64_t *out = dst->w + (size_t)i * (size_t)W;
        if (ll_set_has(s, i))
            memcpy(out, r->w + (size_t)i * (size_t)W, sizeof *out * (size_t)W);
        else
            memset(out, 0, sizeof *out * (size_t)W);
    }
}

static void restrict_cols(ll_rel *dst, const ll_rel *r, const ll_set *s)
{
    int W = r->words;
    for (int i = 0; i < r->n; i++) {
        uint64_t *out = dst->w + (size_t)i * (size_t)W;
        const uint64_t *in = r->w + (size_t)i * (size_t)W;
        for (int k = 0; k < W; k++)
            out[k] = in[k] & s->w[k];
    }
}

/* Same thread, or both initial writes (herd's pseudo-thread), or equal. */
static void same_thread(ll_rel *dst, const ll_rel *thread, const ll_set *iw)
{
    int W = thread->words;
    for (int i = 0; i < thread->n; i++) {
        uint64_t *out = dst->w + (size_t)i * (size_t)W;
        const uint64_t *in = thread->w + (size_t)i * (size_t)W;
        bool init = ll_set_has(iw, i);
        for (int k = 0; k < W; k++)
            out[k] = in[k] | (init ? iw->w[k] : 0);
        out[i / 64] |= (uint64_t)1 << (i % 64);
    }
}

static void run_instr(cat_model *m, const cat_instr *in)
{
    if (in->op <= PI_RANGE) {
        ll_set dst = as_set(m, in->dst);
        if (in->op == PI_DOMAIN || in->op == PI_RANGE) {
            ll_rel a = as_rel(m, in->a);
            if (in->op == PI_DOMAIN)
                ll_rel_domain(&dst, &a);
            else
                ll_rel_range(&dst, &a);
            return;
        }
        ll_set a = as_set(m, in->a);
        ll_set b = in->b >= 0 ? as_set(m, in->b) : a;
        switch (in->op) {
        case PI_SET_UNION: ll_set_union(&dst, &a, &b); break;
        case PI_SET_INTER: ll_set_inter(&dst, &a, &b); break;
        case PI_SET_DIFF: ll_set_diff(&dst, &a, &b); break;
        default: ll_set_complement(&dst, &a); break;
        }
        return;
    }
    ll_rel dst = as_rel(m, in->dst);
    switch (in->op) {
    case PI_TOID: {
        ll_set a = as_set(m, in->a);
        ll_rel_identity_on(&dst, &a);
        return;
    }
    case PI_CART: {
        ll_set a = as_set(m, in->a), b = as_set(m, in->b);
        ll_rel_cartesian(&dst, &a, &b);
        return;
    }
    case PI_RESTRICT_DOM: {
        ll_set a = as_set(m, in->a);
        ll_rel b = as_rel(m, in->b);
        restrict_rows(&dst, &a, &b);
        return;
    }
    case PI_RESTRICT_RNG: {
        ll_rel a = as_rel(m, in->a);
        ll_set b = as_set(m, in->b);
        restrict_cols(&dst, &a, &b);
        return;
    }
    case PI_INT: {
        ll_rel a = as_rel(m, in->a);
        ll_set b = as_set(m, in->b);
        same_thread(&dst, &a, &b);
        return;
    }
    default:
        break;
    }
    ll_rel a = as_rel(m, in->a);
    ll_rel b = in->b >= 0 ? as_rel(m, in->b) : a;
    switch (in->op) {
    case PI_REL_UNION: ll_rel_union(&dst, &a, &b); break;
    case PI_REL_INTER: ll_rel_inter(&dst, &a, &b); break;
    case PI_REL_DIFF: ll_rel_diff(&dst, &a, &b); break;
    case PI_REL_COMPL: rel_complement(&dst, &a); break;
    case PI_SEQ: ll_rel_seq(&dst, &a, &b); break;
    case PI_INV: ll_rel_inverse(&dst, &a); break;
    case PI_PLUS: ll_rel_transitive(&dst, &a); break;
    case PI_STAR: ll_rel_reflexive_transitive(&dst, &a); break;
    case PI_OPT:
        ll_rel_copy(&dst, &a);
        for (int i = 0; i < m->n; i++)
            ll_rel_add(&dst, i, i);
        break;
    default:
        break;
    }
}

static void exec_instr(cat_model *m, const cat_instr *in)
{
    if (m->n >= 1 && m->n <= 64)
        cat_run_small(m, in);
    else
        run_instr(m, in);
}

static size_t slot_words(const cat_model *m, int s)
{
    int W = words_of(m->n);
    return m->slots[s].is_rel ? (size_t)m->n * (size_t)W : (size_t)W;
}

static bool sync_var(cat_model *m, int var, int val)
{
    if (var == val)
        return false;
    size_t bytes = sizeof(uint64_t) * slot_words(m, var);
    if (memcmp(m->ptr[var], m->ptr[val], bytes) == 0)
        return false;
    memcpy(m->ptr[var], m->ptr[val], bytes);
    return true;
}

/* Chaotic iteration from empty: a variable takes its new value as soon
 * as it is computed. The bodies are monotone and every value stays below
 * the least fixpoint, so a pass that changes nothing ends at it (and
 * leaves the body's temporaries consistent with it). */
static bool run_fix(cat_model *m, int at, ll_diag *d)
{
    const cat_instr *fix = &m->code[at];
    for (int v = 0; v < fix->n_vars; v++)
        memset(m->ptr[fix->vars[v]], 0,
               sizeof(uint64_t) * slot_words(m, fix->vars[v]));
    /* Growing monotonically, the variables can change at most this many
     * times; more means a definition that is not monotone (under ~ or
     * on the right of \), which has no least fixpoint to find. */
    long budget = (long)fix->n_vars * m->n * m->n + 2;
    bool changed;
    do {
        if (budget-- == 0) {
            ll_diag_set(cat_diag_file(d, fix->file), fix->line, fix->col,
                        "let rec does not reach a fixpoint (is a name "
                        "used under ~ or after \\?)");
            return false;
        }
        changed = false;
        for (int j = 1; j <= fix->len; j++) {
            const cat_instr *in = &m->code[at + j];
            exec_instr(m, in);
            if (in->update >= 0)
                changed |= sync_var(m, fix->vars[in->update],
                                    fix->vals[in->update]);
        }
        for (int v = 0; v < fix->n_vars; v++)
            changed |= sync_var(m, fix->vars[v], fix->vals[v]);
    } while (changed);
    return true;
}

/* Forget static results when the thread-local inputs differ from the
 * last execution's. */
static void check_snapshot(cat_model *m)
{
    bool same = m->snap_valid;
    uint64_t *p = m->snap;
    for (int k = 0; k < m->n_static_inputs; k++) {
        int s = m->static_inputs[k];
        size_t bytes = sizeof(uint64_t) * slot_words(m, s);
        if (bytes == 0)
            continue;   /* an execution with no event: nothing to keep */
        if (!same || memcmp(p, m->ptr[s], bytes) != 0) {
            same = false;
            memcpy(p, m->ptr[s], bytes);
        }
        p += slot_words(m, s);
    }
    if (!same) {
        memset(m->static_done, 0, sizeof *m->static_done *
                                      (size_t)(m->n_code + 1));
        m->snap_valid = true;
    }
}

static bool test_holds(const cat_model *m, const cat_test *c)
{
    bool ok;
    if (c->slot < 0) {
        ok = true;          /* the empty relation passes every test */
    } else if (c->kind == CHK_EMPTY) {
        if (m->slots[c->slot].is_rel) {
            ll_rel r = as_rel(m, c->slot);
            ok = ll_rel_empty(&r);
        } else {
            ll_set s = as_set(m, c->slot);
            ok = ll_set_empty(&s);
        }
    } else {
        ll_rel r = as_rel(m, c->slot);
        ok = c->kind == CHK_ACYCLIC ? ll_rel_acyclic(&r)
                                    : ll_rel_irreflexive(&r);
    }
    return c->negated ? !ok : ok;
}

bool cat_check(cat_model *m, const cat_exec *x, cat_result *res, ll_diag *d)
{
    if (x->n != m->n || !m->scratch)
        resize(m, x->n);
    if (!bind_outside(m, x, d))
        return false;
    if (m->has_static)
        check_snapshot(m);
    res->allowed = true;
    res->failed = NULL;
    res->n_flags = 0;
    for (int k = 0; k < m->n_checks; k++) {
        const cat_test *c = &m->checks[m->order[k]];
        for (int u = 0; u < c->n_units; u++) {
            int i = c->units[u];
            if (m->code[i].is_static) {
                if (m->static_done[i])
                    continue;
                m->static_done[i] = true;
            }
            if (m->code[i].op == PI_FIX) {
                if (!run_fix(m, i, d)) {
                    m->snap_valid = false;
                    return false;
                }
            } else
                exec_instr(m, &m->code[i]);
        }
        bool holds = test_holds(m, c);
        if (!c->flag && !holds) {
            res->allowed = false;
            res->failed = c->name;
            return true;
        }
        if (c->flag && holds &&
            res->n_flags < (int)(sizeof res->flags / sizeof res->flags[0]))
            res->flags[res->n_flags++] = c->name;
    }
    return true;
}

void cat_run_free(cat_model *m)
{
    free(m->scratch);
    free(m->ptr);
    free(m->tag_index);
    free(m->snap);
    free(m->static_done);
    m->snap = NULL;
    m->static_done = NULL;
    free(m->tag_seen);
    m->tag_index = NULL;
    m->tag_seen = NULL;
    m->scratch = NULL;
    m->ptr = NULL;
}
