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
    size_t ones_at = total;
    total += (size_t)W;
    /* one test's candidates come in a few sizes, and a batch's tests in
       many: the areas are kept and only grow (allocating them anew for
       each size cost the small tests of a batch a tenth of their time) */
    if (total + 1 > m->scratch_cap) {
        free(m->scratch);
        m->scratch = ll_xcalloc(total + 1, sizeof *m->scratch);
        m->scratch_cap = total + 1;
    } else {
        memset(m->scratch, 0, (total + 1) * sizeof *m->scratch);
    }
    m->zero = m->scratch + zero_at;
    m->ones = m->scratch + ones_at;
    for (int e = 0; e < n; e++)
        m->ones[e / 64] |= (uint64_t)1 << (e % 64);
    if (!m->ptr)
        m->ptr = ll_xcalloc((size_t)m->n_slots + 1, sizeof *m->ptr);
    size_t snap_words = 0;
    for (int k = 0; k < m->n_static_inputs; k++)
        snap_words += m->slots[m->static_inputs[k]].is_rel ? rel_words
                                                            : (size_t)W;
    if (snap_words + 1 > m->snap_cap) {   /* written before it is read */
        free(m->snap);
        m->snap = ll_xcalloc(snap_words + 1, sizeof *m->snap);
        m->snap_cap = snap_words + 1;
    }
    m->snap_valid = false;
    if (!m->static_done)
        m->static_done = ll_xcalloc((size_t)m->n_code + 1,
                                    sizeof *m->static_done);
    if (!m->unit_done)
        m->unit_done = ll_xcalloc((size_t)m->n_code + 1,
                                  sizeof *m->unit_done);
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
        if (sl->konst != CONST_UNIV && sl->konst != CONST_ID)
            continue;   /* (most of them: the test is not made per event) */
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

static const mdl_set *exec_set(const cat_exec *x, int field)
{
    switch (field) {
    case EXEC_SET_R: return &x->R;
    case EXEC_SET_W: return &x->W;
    case EXEC_SET_F: return &x->F;
    case EXEC_SET_IW: return &x->IW;
    case EXEC_SET_OBS: return &x->OBS;
    default: return &x->B;
    }
}

static const mdl_rel *exec_rel(const cat_exec *x, int field)
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
    case EXEC_REL_PADDR: return &x->paddr;
    case EXEC_REL_PDATA: return &x->pdata;
    case EXEC_REL_PCTRL: return &x->pctrl;
    case EXEC_REL_PCTRLISYNC: return &x->pctrlisync;
    case EXEC_REL_SAMEVAL: return &x->sameval;
    case EXEC_REL_RFREG: return &x->rfreg;
    case EXEC_REL_IICO_DATA: return &x->iico_data;
    case EXEC_REL_IICO_CTRL: return &x->iico_ctrl;
    case EXEC_REL_SAMEINST: return &x->same_instance;
    default: return &x->rmw;
    }
}

static bool req_ok(const cat_model *m, const cat_req *r)
{
    for (; r; r = r->next)
        if (r->t ? !r->t->body_ok && !r->t->alt_ok
                 : m->tag_index[r->ref] < 0 && !m->tag_refs[r->ref].known)
            return false;
    return true;
}

/* The use of a tag whose absence makes r fail (herd7 reports the
 * fallback's). */
static const cat_req *missing(const cat_model *m, const cat_req *r)
{
    for (; r; r = r->next) {
        if (!r->t && m->tag_index[r->ref] < 0 && !m->tag_refs[r->ref].known)
            return r;
        if (r->t && !r->t->body_ok && !r->t->alt_ok)
            return missing(m, r->t->no_alt ? r->t->body : r->t->alt);
    }
    return NULL;
}

/* Index of each tag reference in x's tags (-1: absent; a try's
 * condition: -2 when its body holds). The engine
 * passes the same name array for every candidate, so the lookup by name
 * is redone only when the array (or a name in it) changes. The cache is
 * valid only once a lookup succeeded: a NULL array with no tags (an
 * execution with no event) is a legitimate input, not "nothing yet". */
static bool resolve_tags(cat_model *m, const cat_exec *x, ll_diag *d)
{
    bool same = m->tags_valid && m->tag_names == x->tag_names &&
                m->n_tags == x->n_tags;
    for (int r = 0; r < m->n_tag_refs && same; r++)
        if (m->tag_index[r] >= 0 &&
            x->tag_names[m->tag_index[r]] != m->tag_seen[r])
            same = false;
    if (same)
        return true;
    m->tags_valid = false;
    for (int r = 0; r < m->n_tag_refs; r++) {
        const cat_tag_ref *t = &m->tag_refs[r];
        m->tag_index[r] = -1;
        for (int i = 0; i < x->n_tags && !t->cond; i++)
            if (strcmp(x->tag_names[i], t->name) == 0) {
                m->tag_index[r] = i;
                m->tag_seen[r] = x->tag_names[i];
                break;
            }
    }
    for (cat_try *t = m->tries; t; t = t->next) {   /* inner ones first */
        t->body_ok = req_ok(m, t->body);
        t->alt_ok = !t->no_alt && req_ok(m, t->alt);
    }
    for (int r = 0; r < m->n_tag_refs; r++)
        if (m->tag_refs[r].cond && m->tag_refs[r].cond->body_ok)
            m->tag_index[r] = -2;
    const cat_req *use = missing(m, m->top_req);
    if (use) {
        const cat_tag_ref *t = &m->tag_refs[use->ref];
        const char *file = use->at ? use->at->file : t->file;
        ll_diag_set(cat_diag_file(d, file), use->at ? use->at->line : t->line,
                    use->at ? use->at->col : t->col, "unbound name '%s'",
                    t->name);
        return false;
    }
    m->tag_names = x->tag_names;
    m->n_tags = x->n_tags;
    m->tags_valid = true;
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
            m->ptr[s] = i >= 0 ? x->tags[i].w : i == -2 ? m->ones : m->zero;
        }
    }
    return true;
}

static mdl_set as_set(const cat_model *m, int s)
{
    return (mdl_set){m->n, words_of(m->n), m->ptr[s]};
}

static mdl_rel as_rel(const cat_model *m, int s)
{
    return (mdl_rel){m->n, words_of(m->n), m->ptr[s]};
}

static void rel_complement(mdl_rel *dst, const mdl_rel *a)
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
static void restrict_rows(mdl_rel *dst, const mdl_set *s, const mdl_rel *r)
{
    int W = r->words;
    for (int i = 0; i < r->n; i++) {
        uint64_t *out = dst->w + (size_t)i * (size_t)W;
        if (mdl_set_has(s, i))
            memcpy(out, r->w + (size_t)i * (size_t)W, sizeof *out * (size_t)W);
        else
            memset(out, 0, sizeof *out * (size_t)W);
    }
}

static void restrict_cols(mdl_rel *dst, const mdl_rel *r, const mdl_set *s)
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
static void same_thread(mdl_rel *dst, const mdl_rel *thread, const mdl_set *iw)
{
    int W = thread->words;
    for (int i = 0; i < thread->n; i++) {
        uint64_t *out = dst->w + (size_t)i * (size_t)W;
        const uint64_t *in = thread->w + (size_t)i * (size_t)W;
        bool init = mdl_set_has(iw, i);
        for (int k = 0; k < W; k++)
            out[k] = in[k] | (init ? iw->w[k] : 0);
        out[i / 64] |= (uint64_t)1 << (i % 64);
    }
}

void cat_op_words(cat_opcode op, int n, uint64_t *dst, uint64_t *wa,
                  uint64_t *wb)
{
    int W = words_of(n);
    mdl_set sd = {n, W, dst}, sa = {n, W, wa}, sb = {n, W, wb};
    mdl_rel rd = {n, W, dst}, ra = {n, W, wa}, rb = {n, W, wb};
    switch (op) {
    case PI_SET_UNION: mdl_set_union(&sd, &sa, &sb); break;
    case PI_SET_INTER: mdl_set_inter(&sd, &sa, &sb); break;
    case PI_SET_DIFF: mdl_set_diff(&sd, &sa, &sb); break;
    case PI_SET_COMPL: mdl_set_complement(&sd, &sa); break;
    case PI_DOMAIN: mdl_rel_domain(&sd, &ra); break;
    case PI_RANGE: mdl_rel_range(&sd, &ra); break;
    case PI_TOID: mdl_rel_identity_on(&rd, &sa); break;
    case PI_CART: mdl_rel_cartesian(&rd, &sa, &sb); break;
    case PI_RESTRICT_DOM: restrict_rows(&rd, &sa, &rb); break;
    case PI_RESTRICT_RNG: restrict_cols(&rd, &ra, &sb); break;
    case PI_INT: same_thread(&rd, &ra, &sb); break;
    case PI_REL_UNION: mdl_rel_union(&rd, &ra, &rb); break;
    case PI_REL_INTER: mdl_rel_inter(&rd, &ra, &rb); break;
    case PI_REL_DIFF: mdl_rel_diff(&rd, &ra, &rb); break;
    case PI_REL_COMPL: rel_complement(&rd, &ra); break;
    case PI_SEQ: mdl_rel_seq(&rd, &ra, &rb); break;
    case PI_INV: mdl_rel_inverse(&rd, &ra); break;
    case PI_PLUS: mdl_rel_transitive(&rd, &ra); break;
    case PI_STAR: mdl_rel_reflexive_transitive(&rd, &ra); break;
    case PI_OPT:
        mdl_rel_copy(&rd, &ra);
        for (int i = 0; i < n; i++)
            mdl_rel_add(&rd, i, i);
        break;
    case PI_FIX:
        break;
    }
}

static void run_instr(cat_model *m, const cat_instr *in)
{
    uint64_t *a = m->ptr[in->a];
    cat_op_words(in->op, m->n, m->ptr[in->dst], a,
                 in->b >= 0 ? m->ptr[in->b] : a);
}

void cat_exec_instr(cat_model *m, const cat_instr *in)
{
    if (m->n >= 1 && m->n <= 64)
        cat_run_small(m, in);
    else if (m->n > 64 && m->n <= 128)   /* not 0 events: no words */
        cat_run_wide(m, in);
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
bool cat_run_fix(cat_model *m, int at, ll_diag *d)
{
    return cat_run_fix_by(m, at, NULL, NULL, d);
}

/* The same, each body instruction run by run(ctx, instr) when given
 * (cat_bound.c's upper bounds). */
bool cat_run_fix_by(cat_model *m, int at,
                    void (*run)(void *ctx, const cat_instr *in), void *ctx,
                    ll_diag *d)
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
            if (run)
                run(ctx, in);
            else
                cat_exec_instr(m, in);
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
 * last execution's: all of them after a resize, else those of the units
 * that read an input that changed. */
static void check_snapshot(cat_model *m)
{
    bool valid = m->snap_valid;
    uint64_t changed = 0;
    uint64_t *p = m->snap;
    for (int k = 0; k < m->n_static_inputs; k++) {
        int s = m->static_inputs[k];
        size_t bytes = sizeof(uint64_t) * slot_words(m, s);
        if (bytes == 0)
            continue;   /* an execution with no event: nothing to keep */
        if (!valid || memcmp(p, m->ptr[s], bytes) != 0) {
            changed |= (uint64_t)1 << (k < 63 ? k : 63);
            memcpy(p, m->ptr[s], bytes);
        }
        p += slot_words(m, s);
    }
    if (!valid)
        memset(m->static_done, 0, sizeof *m->static_done *
                                      (size_t)(m->n_code + 1));
    else if (changed)
        for (int i = 0; i < m->n_code; i++)
            if (m->static_deps[i] & changed)
                m->static_done[i] = false;
    m->snap_valid = true;
}

bool cat_test_holds(const cat_model *m, const cat_test *c)
{
    bool ok;
    if (c->slot < 0) {
        ok = true;          /* the empty relation passes every test */
    } else if (c->kind == CHK_EMPTY) {
        if (m->slots[c->slot].is_rel) {
            mdl_rel r = as_rel(m, c->slot);
            ok = mdl_rel_empty(&r);
        } else {
            mdl_set s = as_set(m, c->slot);
            ok = mdl_set_empty(&s);
        }
    } else {
        mdl_rel r = as_rel(m, c->slot);
        ok = c->kind == CHK_ACYCLIC ? mdl_rel_acyclic(&r)
                                    : mdl_rel_irreflexive(&r);
    }
    return c->negated ? !ok : ok;
}

const char cat_undef_mark[] = "*undef*";

static void add_flag(cat_result *res, const char *name)
{
    for (int i = 0; i < res->n_flags; i++)
        if (strcmp(res->flags[i], name) == 0)
            return;
    if (res->n_flags < CAT_MAX_FLAGS)
        res->flags[res->n_flags++] = name;
}

/* What a check's outcome does (see cat_check_use). Returns false when
 * the execution is forbidden; *d is set on an assert that fails. With
 * binders, flags wait in m->pending until some choice passes. */
bool cat_use_outcome(cat_model *m, const cat_test *c, bool holds,
                     cat_result *res, ll_diag *d)
{
    const char *raise = NULL;
    switch (c->use) {
    case USE_CHECK:
        if (!holds && !res->failed)
            res->failed = c->name;
        return holds;
    case USE_FLAG:
        raise = holds ? c->name : NULL;
        break;
    case USE_UNDEF:
        raise = holds ? NULL : cat_undef_mark;
        break;
    case USE_ASSERT:
        if (!holds) {
            ll_diag_set(cat_diag_file(d, c->file), c->line, c->col,
                        "assertion %s does not hold", c->name);
            res->failed = c->name;
            return false;
        }
        break;
    }
    if (!raise)
        return true;
    if (m->n_binders) {
        ll_grow((void **)&m->pending, &m->cap_pending, m->n_pending + 1,
                sizeof *m->pending);
        m->pending[m->n_pending++] = raise;
    } else if (raise == cat_undef_mark) {
        res->undef = true;
    } else {
        add_flag(res, raise);
    }
    return true;
}

void cat_commit_pending(cat_model *m, cat_result *res)
{
    for (int i = 0; i < m->n_pending; i++) {
        if (m->pending[i] == cat_undef_mark)
            res->undef = true;
        else
            add_flag(res, m->pending[i]);
    }
}

/* Scratch sized and inputs bound for x. */
bool cat_start_run(cat_model *m, const cat_exec *x, ll_diag *d)
{
    if (x->n != m->n || !m->scratch)
        resize(m, x->n);
    if (!bind_outside(m, x, d))
        return false;
    if (m->has_static)
        check_snapshot(m);
    return true;
}

/* The instructions check c needs that the checks before it did not
 * compute (static ones once per snapshot); marked done when tracking. */
static bool run_units(cat_model *m, const cat_test *c, bool track,
                      ll_diag *d)
{
    for (int u = 0; u < c->n_units; u++) {
        int i = c->units[u];
        if (track)
            m->unit_done[i] = true;
        if (m->code[i].is_static) {
            if (m->static_done[i])
                continue;
            m->static_done[i] = true;
        }
        if (m->code[i].op == PI_FIX) {
            if (!cat_run_fix(m, i, d)) {
                m->snap_valid = false;
                return false;
            }
        } else
            cat_exec_instr(m, &m->code[i]);
    }
    return true;
}

bool cat_check(cat_model *m, const cat_exec *x, cat_result *res, ll_diag *d)
{
    if (!cat_start_run(m, x, d))
        return false;
    res->allowed = true;
    res->failed = NULL;
    res->n_accepted = 0;
    res->undef = false;
    res->n_flags = 0;
    bool track = m->n_binders > 0;
    if (track) {
        memset(m->unit_done, 0,
               sizeof *m->unit_done * (size_t)(m->n_code + 1));
        m->n_pending = 0;
    }
    for (int k = 0; k < m->n_free; k++) {
        const cat_test *c = &m->checks[m->order[k]];
        if (!run_units(m, c, track, d))
            return false;
        bool holds = cat_test_holds(m, c);
        if (!cat_use_outcome(m, c, holds, res, d)) {
            res->allowed = false;
            return c->use != USE_ASSERT;
        }
    }
    res->n_accepted = 1;
    if (!track)
        return true;
    if (!cat_run_choices(m, res, &res->n_accepted, d)) {
        m->snap_valid = false;
        return false;
    }
    res->allowed = res->n_accepted > 0;
    if (res->allowed)
        res->failed = NULL;
    return true;
}

bool cat_has_partial(const cat_model *m)
{
    for (int k = 0; k < m->n_free; k++)
        if (m->checks[k].partial_safe)
            return true;
    return false;
}

bool cat_partial_dead(cat_model *m, const cat_exec *x, bool *dead,
                      ll_diag *d)
{
    *dead = false;
    if (!cat_start_run(m, x, d))
        return false;
    /* each check's units assume the checks before it ran: all are
       computed, in order, until a safe one fails */
    for (int k = 0; k < m->n_free && !*dead; k++) {
        const cat_test *c = &m->checks[m->order[k]];
        if (!run_units(m, c, false, d))
            return false;
        *dead = c->partial_safe && !cat_test_holds(m, c);
    }
    return true;
}

/* Every instruction of the plan, in order, on x: slow, for explanations
 * (the values of all top-level names, not only what the checks needed).
 * A with/forall variable not chosen reads as empty. */
bool cat_eval_all(cat_model *m, const cat_exec *x, ll_diag *d)
{
    if (x->n != m->n || !m->scratch)
        resize(m, x->n);
    if (!bind_outside(m, x, d))
        return false;
    for (int s = 0; s < m->n_slots; s++)
        if (m->slots[s].src == SRC_BOUND && !m->ptr[s])
            m->ptr[s] = m->zero;
    /* what follows leaves static results cat_check must not trust */
    m->snap_valid = false;
    for (int i = 0; i < m->n_code; i++) {
        if (m->code[i].op == PI_FIX) {
            if (!cat_run_fix(m, i, d))
                return false;
            i += m->code[i].len;
        } else {
            cat_exec_instr(m, &m->code[i]);
        }
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
    free(m->unit_done);
    free(m->pending);
    free(m->bound_flags);
    m->bound_flags = NULL;
    m->snap = NULL;
    m->scratch_cap = m->snap_cap = 0;
    m->static_done = NULL;
    m->unit_done = NULL;
    m->pending = NULL;
    m->n_pending = m->cap_pending = 0;
    free(m->tag_seen);
    m->tag_index = NULL;
    m->tag_seen = NULL;
    m->tags_valid = false;
    m->scratch = NULL;
    m->ptr = NULL;
}
