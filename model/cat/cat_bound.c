/* cat_bound.c — cat_accepts_all: does a model accept every coherent
 * candidate of a combination, raising no flag, without being run on
 * each? The search then counts those candidates instead of enumerating
 * them (search.c, co_count.c).
 *
 * The model is run once on an execution whose rf and co hold every pair
 * any candidate may have, with each operation that is not monotone in
 * rf and co (a difference whose right side depends on them, a
 * complement of such a value) replaced by an upper bound (its left
 * side, every pair). Every value is then an upper bound of its value on
 * each candidate; a fixpoint whose body has such an operation is not
 * judged (on a candidate it may not converge, an error to report), the
 * others are monotone and their least fixpoint bounds the exact one. A
 * check holds on every candidate when
 *   - its value does not depend on rf or co, and it holds here;
 *   - or it must hold (acyclic, irreflexive, empty, not negated) and it
 *     holds on the upper bound (a subset of an acyclic relation is
 *     acyclic...);
 *   - or it is acyclic or irreflexive of a value contained in
 *     (po-loc | rf | co | fr)+ by its form, which every coherent
 *     candidate keeps acyclic (coherent below).
 * A flag that must not be raised is the same with the test reversed.
 * With values_vary, the candidates are those of several combinations
 * whose reads' values differ (search.c, families): %same-value varies
 * as rf and co do, and x holds an upper bound of it too. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

typedef struct bound {
    cat_model *m;
    const cat_exec *x;          /* the execution, for its po and loc */
    bool *vary;                 /* per slot: depends on rf or co */
    signed char *coh;           /* per slot: coherent(), -1 unknown */
    signed char *cid;           /* per slot: coherent_or_id() */
} bound;

static size_t slot_bytes(const cat_model *m, int s)
{
    size_t W = (size_t)(m->n + 63) / 64;
    return sizeof(uint64_t) * (m->slots[s].is_rel ? (size_t)m->n * W : W);
}

static bool vary_of(const bound *b, const cat_instr *in)
{
    return (in->a >= 0 && b->vary[in->a]) || (in->b >= 0 && b->vary[in->b]);
}

static void mark_vary(bound *b, bool values_vary)
{
    cat_model *m = b->m;
    for (int s = 0; s < m->n_slots; s++) {
        const cat_slot *sl = &m->slots[s];
        b->vary[s] = sl->src == SRC_BOUND ||
                     (sl->src == SRC_EXEC_REL &&
                      (sl->index == EXEC_REL_RF || sl->index == EXEC_REL_CO ||
                       (values_vary && sl->index == EXEC_REL_SAMEVAL)));
    }
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op != PI_FIX) {
            b->vary[in->dst] = vary_of(b, in);
            continue;
        }
        for (bool changed = true; changed;) {
            changed = false;
            for (int j = 1; j <= in->len; j++)
                b->vary[m->code[i + j].dst] = vary_of(b, &m->code[i + j]);
            for (int v = 0; v < in->n_vars; v++)
                if (b->vary[in->vals[v]] && !b->vary[in->vars[v]])
                    changed = b->vary[in->vars[v]] = true;
        }
        i += in->len;
    }
}

/* A fixpoint body takes a difference or complement of what rf or co
 * change: on a candidate it may not reach a fixpoint (an error the
 * enumeration reports), so nothing is said here. */
static bool bounded_fix(const bound *b, const cat_instr *fix)
{
    for (int j = 1; j <= fix->len; j++) {
        const cat_instr *in = fix + j;
        if (((in->op == PI_SET_DIFF || in->op == PI_REL_DIFF) &&
             b->vary[in->b]) ||
            ((in->op == PI_SET_COMPL || in->op == PI_REL_COMPL) &&
             b->vary[in->a]))
            return true;
    }
    return false;
}

/* One instruction, its non-monotone operations bounded (outside
 * fixpoint bodies: bounded_fix). */
static void run_upper(void *ctx, const cat_instr *in)
{
    bound *b = ctx;
    cat_model *m = b->m;
    switch (in->op) {
    case PI_SET_DIFF: case PI_REL_DIFF:
        if (b->vary[in->b]) {
            memmove(m->ptr[in->dst], m->ptr[in->a], slot_bytes(m, in->dst));
            return;
        }
        break;
    case PI_SET_COMPL: case PI_REL_COMPL:
        if (b->vary[in->a]) {   /* the complement of nothing: all */
            cat_op_words(in->op, m->n, m->ptr[in->dst], m->zero, m->zero);
            return;
        }
        break;
    default:
        break;
    }
    cat_exec_instr(m, in);
}

/* The instruction computing slot s at top level, or NULL (an input, a
 * constant, a fixpoint's value). */
static const cat_instr *maker(const bound *b, int s)
{
    int u = s >= 0 ? b->m->producer[s] : -1;
    if (u < 0 || b->m->code[u].op == PI_FIX)
        return NULL;
    return &b->m->code[u];
}

/* Slot s holds only pairs of the execution relation `field` (as it is,
 * intersected, restricted, or with pairs taken out). */
static bool within(bound *b, int s, int field)
{
    const cat_slot *sl = &b->m->slots[s];
    if (sl->src == SRC_EXEC_REL)
        return sl->index == field;
    const cat_instr *in = maker(b, s);
    switch (in ? in->op : PI_FIX) {
    case PI_REL_INTER:
        return within(b, in->a, field) || within(b, in->b, field);
    case PI_REL_DIFF: case PI_RESTRICT_RNG:
        return within(b, in->a, field);
    case PI_RESTRICT_DOM:
        return within(b, in->b, field);
    default:
        return false;
    }
}

static bool empty_here(const cat_model *m, int s)
{
    const uint64_t *w = m->ptr[s];
    for (size_t i = 0; i < slot_bytes(m, s) / sizeof *w; i++)
        if (w[i])
            return false;
    return true;
}

/* Slot s does not depend on rf or co (so its value here is its value on
 * every candidate) and holds pairs of po & loc only: a program order
 * that leaves out store-to-load pairs, MM(po) \ (W * R), on one location. */
static bool static_poloc(const bound *b, int s)
{
    const cat_model *m = b->m;
    if (b->vary[s] || !m->slots[s].is_rel)
        return false;
    size_t W = (size_t)(m->n + 63) / 64;
    const uint64_t *w = m->ptr[s];
    const mdl_rel *po = &b->x->po, *loc = &b->x->loc;
    for (int i = 0; i < m->n; i++)
        for (size_t k = 0; k < W; k++) {
            size_t at = (size_t)i * W + k;
            if (w[at] & ~(po->w[at] & loc->w[at]))
                return false;
        }
    return true;
}

static bool on_diagonal(const cat_model *m, int s, bool irreflexive);

/* Slot s does not depend on rf or co and holds pairs of the identity
 * only (a same-instruction relation such as sm, or [S]): X ; s and
 * s ; X are within X. */
static bool static_id(const bound *b, int s)
{
    return !b->vary[s] && b->m->slots[s].is_rel && on_diagonal(b->m, s, false);
}

/* Slot s is contained, on every candidate, in (po-loc | rf | co | fr)+:
 * empty on the upper bound, or made of those by union, sequence,
 * closure, intersection and difference, with static pairs of po & loc
 * (static_poloc) and static identities on either side of a sequence.
 * fr is rf^-1 ; co. */
static bool coherent(bound *b, int s)
{
    cat_model *m = b->m;
    if (!m->slots[s].is_rel)
        return false;
    if (b->coh[s] >= 0)
        return b->coh[s];
    const cat_instr *in = maker(b, s);
    bool ok = empty_here(m, s) || within(b, s, EXEC_REL_RF) ||
              within(b, s, EXEC_REL_CO) || static_poloc(b, s);
    switch (ok || !in ? PI_FIX : in->op) {
    case PI_REL_UNION:
        ok = coherent(b, in->a) && coherent(b, in->b);
        break;
    case PI_REL_INTER:
        ok = (within(b, in->a, EXEC_REL_PO) &&
              within(b, in->b, EXEC_REL_LOC)) ||
             (within(b, in->a, EXEC_REL_LOC) &&
              within(b, in->b, EXEC_REL_PO)) ||
             coherent(b, in->a) || coherent(b, in->b);
        break;
    case PI_REL_DIFF: case PI_PLUS: case PI_RESTRICT_RNG:
        ok = coherent(b, in->a);
        break;
    case PI_RESTRICT_DOM:
        ok = coherent(b, in->b);
        break;
    case PI_SEQ: {
        const cat_instr *inv = maker(b, in->a);
        ok = (coherent(b, in->a) &&
              (coherent(b, in->b) || static_id(b, in->b))) ||
             (static_id(b, in->a) && coherent(b, in->b)) ||
             (inv && inv->op == PI_INV && within(b, inv->a, EXEC_REL_RF) &&
              within(b, in->b, EXEC_REL_CO));
        break;
    }
    default:
        break;
    }
    b->coh[s] = ok;
    return ok;
}

/* Slot s's value holds pairs of the identity only, here (so on every
 * candidate): [S], or what empties reduced to it. With its diagonal
 * empty when irreflexive is true. */
static bool on_diagonal(const cat_model *m, int s, bool irreflexive)
{
    size_t W = (size_t)(m->n + 63) / 64;
    const uint64_t *w = m->ptr[s];
    for (int i = 0; i < m->n; i++)
        for (size_t k = 0; k < W; k++) {
            uint64_t row = w[(size_t)i * W + k];
            uint64_t diag = k == (size_t)i / 64 ? 1ull << (i % 64) : 0;
            if (row & (irreflexive ? diag : ~diag))
                return false;
        }
    return true;
}

/* Slot s is contained, on every candidate, in (po-loc | rf | co | fr)+
 * or the identity: coherent(), or [S], X?, X* and sequences of such
 * (a restriction [S];X or X?;Y adds no edge outside them). An acyclic
 * or irreflexive check of it holds on every coherent candidate when its
 * upper bound has no pair of the identity (the LKMM's hb, [Marked] ;
 * (... | (prop \ id) & int) ; [Marked], on one location and no fence). */
static bool coherent_or_id(bound *b, int s)
{
    cat_model *m = b->m;
    if (!m->slots[s].is_rel)
        return false;
    if (b->cid[s] >= 0)
        return b->cid[s];
    const cat_instr *in = maker(b, s);
    bool ok = coherent(b, s) || on_diagonal(m, s, false);
    switch (ok || !in ? PI_FIX : in->op) {
    case PI_REL_UNION: case PI_SEQ:
        ok = coherent_or_id(b, in->a) && coherent_or_id(b, in->b);
        break;
    case PI_REL_INTER:
        ok = coherent_or_id(b, in->a) || coherent_or_id(b, in->b);
        break;
    case PI_REL_DIFF: case PI_PLUS: case PI_STAR: case PI_OPT:
    case PI_RESTRICT_RNG:
        ok = coherent_or_id(b, in->a);
        break;
    case PI_RESTRICT_DOM:
        ok = coherent_or_id(b, in->b);
        break;
    case PI_TOID:
        ok = true;
        break;
    default:
        break;
    }
    b->cid[s] = ok;
    return ok;
}

/* Check c comes out the same way on every coherent candidate: holding
 * for a check (failing for a flag). */
static bool settled(bound *b, const cat_test *c)
{
    cat_model *m = b->m;
    bool holds = cat_test_holds(m, c);
    bool want = c->use != USE_FLAG;
    if (c->slot < 0 || !b->vary[c->slot])
        return holds == want;
    /* the test itself, not negated, must hold on every candidate */
    if (c->negated == want)
        return false;
    bool test = c->negated ? !holds : holds;
    return test || (c->kind != CHK_EMPTY &&
                    (coherent(b, c->slot) ||
                     (coherent_or_id(b, c->slot) &&
                      on_diagonal(m, c->slot, true))));
}

bool cat_accepts_all(cat_model *m, const cat_exec *x, bool values_vary,
                     bool *all, ll_diag *d)
{
    *all = false;
    if (m->n_binders || m->n_free != m->top.n)
        return true;
    if (!cat_start_run(m, x, d))
        return false;
    /* what follows leaves static results cat_check must not trust */
    m->snap_valid = false;
    size_t k1 = (size_t)m->n_slots + 1;
    if (!m->bound_flags)
        m->bound_flags = ll_xmalloc(3 * k1);
    bound b = {m, x, (bool *)m->bound_flags, m->bound_flags + k1,
               m->bound_flags + 2 * k1};
    memset(b.vary, 0, k1 * sizeof *b.vary);
    memset(b.coh, -1, (size_t)m->n_slots + 1);
    memset(b.cid, -1, (size_t)m->n_slots + 1);
    mark_vary(&b, values_vary);
    bool ok = true;
    for (int i = 0; i < m->n_code && ok; i++) {
        if (m->code[i].op == PI_FIX) {
            ll_diag fd = {0};   /* no fixpoint: not known, no error */
            ok = !bounded_fix(&b, &m->code[i]) &&
                 cat_run_fix_by(m, i, run_upper, &b, &fd);
            i += m->code[i].len;
        } else {
            run_upper(&b, &m->code[i]);
        }
    }
    for (int k = 0; k < m->n_free && ok; k++)
        ok = settled(&b, &m->checks[k]);
    *all = ok;
    return true;
}
