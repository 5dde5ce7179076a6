/* plan.c — shapes the compiled instructions for fast checking: moves
 * what a fixpoint body does not depend on out of the loop, lists for
 * each free check (one before any with/forall) the instructions it needs
 * (so a check that fails early spares the rest), and orders the free
 * checks cheapest first. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

void cat_fix_hoist(cat_model *m, int fix_at)
{
    cat_instr fix = m->code[fix_at];
    int start = fix_at + 1, end = m->n_code;
    bool *variant = ll_xcalloc((size_t)m->n_slots, sizeof *variant);
    bool *moves = ll_xcalloc((size_t)(end - start + 1), sizeof *moves);
    for (int i = 0; i < fix.n_vars; i++)
        variant[fix.vars[i]] = true;
    for (int i = start; i < end; i++) {
        const cat_instr *in = &m->code[i];
        bool v = (in->a >= 0 && variant[in->a]) ||
                 (in->b >= 0 && variant[in->b]);
        variant[in->dst] = v;
        moves[i - start] = !v;
    }
    cat_instr *tmp = ll_xmalloc(sizeof *tmp * (size_t)(end - fix_at));
    int k = 0, body = 0;
    for (int i = start; i < end; i++)
        if (moves[i - start])
            tmp[k++] = m->code[i];
    tmp[k++] = fix;
    int fix_pos = fix_at + k - 1;
    for (int i = start; i < end; i++)
        if (!moves[i - start]) {
            tmp[k++] = m->code[i];
            body++;
        }
    memcpy(&m->code[fix_at], tmp, sizeof *tmp * (size_t)k);
    m->code[fix_pos].len = body;
    free(tmp);
    free(moves);
    free(variant);
}

static int unit_cost(const cat_model *m, int u)
{
    const cat_instr *in = &m->code[u];
    switch (in->op) {
    case PI_FIX: {
        int c = 0;
        for (int j = 1; j <= in->len; j++)
            c += unit_cost(m, u + j);
        return 4 * c + 1;
    }
    case PI_STAR:
    case PI_PLUS:
        return 6;
    case PI_SEQ:
    case PI_INV:
        return 3;
    default:
        return 1;
    }
}

typedef struct walk {
    const cat_model *m;
    const int *producer;
    bool *needed;
} walk;

static void need_slot(walk *w, int slot);

static void need_unit(walk *w, int u)
{
    if (w->needed[u])
        return;
    w->needed[u] = true;
    const cat_instr *in = &w->m->code[u];
    if (in->op != PI_FIX) {
        need_slot(w, in->a);
        need_slot(w, in->b);
        return;
    }
    for (int j = 1; j <= in->len; j++) {
        need_slot(w, w->m->code[u + j].a);
        need_slot(w, w->m->code[u + j].b);
    }
    for (int i = 0; i < in->n_vars; i++)
        need_slot(w, in->vals[i]);
}

static void need_slot(walk *w, int slot)
{
    if (slot >= 0 && w->producer[slot] >= 0)
        need_unit(w, w->producer[slot]);
}

/* Checks that can forbid before flags and the like, then cheapest
 * first, then file order. */
static bool runs_before(const cat_test *a, int ia, const cat_test *b,
                        int ib)
{
    bool fa = a->use != USE_CHECK, fb = b->use != USE_CHECK;
    if (fa != fb)
        return !fa;
    if (a->cost != b->cost)
        return a->cost < b->cost;
    return ia < ib;
}

/* Which units read only static data (see cat_instr.is_static), and
 * where fixpoint bodies update their variables. */
static void mark_static(cat_model *m)
{
    bool *st = ll_xcalloc((size_t)m->n_slots + 1, sizeof *st);
    bool *inside = ll_xcalloc((size_t)m->n_slots + 1, sizeof *inside);
    for (int s = 0; s < m->n_slots; s++) {
        const cat_slot *sl = &m->slots[s];
        if (sl->src == SRC_EXEC_REL)
            st[s] = sl->index != EXEC_REL_RF && sl->index != EXEC_REL_CO;
        else if (sl->src == SRC_BOUND)
            st[s] = false;
        else
            st[s] = sl->src != SRC_TEMP || sl->konst != CONST_NONE;
    }
    for (int i = 0; i < m->n_code; i++) {
        cat_instr *in = &m->code[i];
        in->update = -1;
        if (in->op != PI_FIX) {
            in->is_static = (in->a < 0 || st[in->a]) &&
                            (in->b < 0 || st[in->b]);
            st[in->dst] = in->is_static;
            m->has_static |= in->is_static;
            continue;
        }
        for (int v = 0; v < in->n_vars; v++)
            inside[in->vars[v]] = true;
        for (int j = 1; j <= in->len; j++)
            inside[m->code[i + j].dst] = true;
        bool fixed = true;
        for (int j = 1; j <= in->len; j++) {
            const cat_instr *b = &m->code[i + j];
            fixed &= b->a < 0 || inside[b->a] || st[b->a];
            fixed &= b->b < 0 || inside[b->b] || st[b->b];
        }
        for (int v = 0; v < in->n_vars; v++)
            fixed &= inside[in->vals[v]] || st[in->vals[v]];
        in->is_static = fixed;
        m->has_static |= fixed;
        for (int v = 0; v < in->n_vars; v++)
            st[in->vars[v]] = fixed;
        for (int j = 1; j <= in->len; j++) {
            cat_instr *b = &m->code[i + j];
            st[b->dst] = fixed;
            b->update = -1;
            b->is_static = false;
            for (int v = 0; v < in->n_vars && b->update < 0; v++)
                if (in->vals[v] == b->dst)
                    b->update = v;
        }
        i += in->len;
    }
    m->n_static_inputs = 0;
    m->static_inputs = cat_alloc(&m->arena, sizeof *m->static_inputs *
                                                (size_t)(m->n_slots + 1));
    for (int s = 0; s < m->n_slots; s++)
        if (m->slots[s].src != SRC_TEMP && m->slots[s].src != SRC_BOUND &&
            st[s])
            m->static_inputs[m->n_static_inputs++] = s;
    free(inside);
    free(st);
}

/* How a slot's value on a part of an execution (cat_partial_dead: the
 * events of some whole threads, some of rf and co) stands to its value
 * on a whole execution extending it:
 *   GROW_INTRA  as LOCAL, and it relates only events of one thread (or
 *               initial writes, always there): po, rmw, dependencies,
 *               their compositions; so its domain and range are LOCAL
 *   GROW_LOCAL  what it holds of the part's events is what it holds of
 *               them in the whole (sets of events, loc, ext, and their
 *               unions, intersections, complements)
 *   GROW_GROWS  a subset of its value on the whole (rf, co, sequences
 *               and closures through other threads...)
 *   GROW_ANY    neither (a difference with a growing right side...) */
enum { GROW_ANY, GROW_GROWS, GROW_LOCAL, GROW_INTRA };

static int grow_min(int a, int b)
{
    return a < b ? a : b;
}

static int grow_of_instr(const int *g, const cat_instr *in)
{
    int a = in->a >= 0 ? g[in->a] : GROW_INTRA;
    int b = in->b >= 0 ? g[in->b] : GROW_INTRA;
    int lo = grow_min(a, b);
    switch (in->op) {
    case PI_SET_UNION: case PI_SET_INTER:
        return grow_min(lo, GROW_LOCAL);
    case PI_REL_UNION: case PI_CART:
        return grow_min(lo, GROW_LOCAL);
    case PI_REL_INTER:
        /* inside an INTRA one that is exact on the part */
        if ((a == GROW_INTRA && b >= GROW_LOCAL) ||
            (b == GROW_INTRA && a >= GROW_LOCAL))
            return GROW_INTRA;
        return grow_min(lo, GROW_LOCAL);
    case PI_RESTRICT_DOM:       /* [a];b: a a set */
        return b == GROW_INTRA && a >= GROW_LOCAL ? GROW_INTRA : lo;
    case PI_RESTRICT_RNG:       /* a;[b]: b a set */
        return a == GROW_INTRA && b >= GROW_LOCAL ? GROW_INTRA : lo;
    case PI_INV:
        return a;
    case PI_TOID:
        return a >= GROW_LOCAL ? GROW_INTRA : a;
    case PI_INT:                /* same thread, or both initial writes */
        return lo >= GROW_LOCAL ? GROW_INTRA : lo;
    case PI_SEQ:
        return lo == GROW_INTRA ? GROW_INTRA : grow_min(lo, GROW_GROWS);
    case PI_PLUS: case PI_STAR: case PI_OPT:
        return a == GROW_INTRA ? GROW_INTRA : grow_min(a, GROW_GROWS);
    case PI_DOMAIN: case PI_RANGE:
        return a == GROW_INTRA ? GROW_LOCAL : grow_min(a, GROW_GROWS);
    case PI_SET_DIFF: case PI_REL_DIFF:
        return b >= GROW_LOCAL ? a : GROW_ANY;
    case PI_SET_COMPL: case PI_REL_COMPL:
        return a >= GROW_LOCAL ? GROW_LOCAL : GROW_ANY;
    case PI_FIX:
        break;
    }
    return GROW_ANY;
}

static void mark_partial_safe(cat_model *m)
{
    int *g = ll_xcalloc((size_t)m->n_slots + 1, sizeof *g);
    for (int s = 0; s < m->n_slots; s++) {
        const cat_slot *sl = &m->slots[s];
        switch (sl->src) {
        case SRC_EXEC_REL:
            switch (sl->index) {
            case EXEC_REL_RF: case EXEC_REL_CO:
                g[s] = GROW_GROWS;
                break;
            case EXEC_REL_LOC: case EXEC_REL_SAMEVAL:
                g[s] = GROW_LOCAL;
                break;
            default:            /* po, thread, dependencies, rmw */
                g[s] = GROW_INTRA;
            }
            break;
        case SRC_BOUND:
            g[s] = GROW_ANY;
            break;
        case SRC_TEMP:
            /* computed slots are set below, a fixpoint's variables
               start from the most hopeful; constants: 0 and id relate
               no two threads, _ holds every event */
            g[s] = sl->is_rel && sl->konst == CONST_UNIV ? GROW_LOCAL
                                                          : GROW_INTRA;
            break;
        default:                /* sets of the execution, tags */
            g[s] = GROW_LOCAL;
        }
    }
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op != PI_FIX) {
            g[in->dst] = grow_of_instr(g, in);
            continue;
        }
        /* the body again until its variables stop falling */
        for (bool changed = true; changed;) {
            changed = false;
            for (int j = 1; j <= in->len; j++) {
                const cat_instr *b = &m->code[i + j];
                g[b->dst] = grow_of_instr(g, b);
            }
            /* each step exact on the part makes the fixpoint so */
            for (int v = 0; v < in->n_vars; v++) {
                int w = g[in->vals[v]];
                if (w < g[in->vars[v]]) {
                    g[in->vars[v]] = w;
                    changed = true;
                }
            }
        }
        i += in->len;
    }
    for (int c = 0; c < m->n_free; c++) {
        cat_test *ch = &m->checks[c];
        ch->partial_safe = ch->use == USE_CHECK && !ch->negated &&
                           (ch->slot < 0 || g[ch->slot] >= GROW_GROWS);
    }
    free(g);
}

/* Which static inputs each static unit reads, through the instructions
 * before it: bit k for static_inputs[k] (inputs past the 63rd share bit
 * 63). When the next execution's thread-local inputs differ from the
 * last one's in a few of them only (a C test's sameval, when the values
 * read differ and nothing else), the units that do not read those keep
 * their results. A fixpoint reads what its body reads from outside. */
static void static_deps(cat_model *m)
{
    uint64_t *dep = ll_xcalloc((size_t)m->n_slots + 1, sizeof *dep);
    bool *inside = ll_xcalloc((size_t)m->n_slots + 1, sizeof *inside);
    for (int k = 0; k < m->n_static_inputs; k++)
        dep[m->static_inputs[k]] = (uint64_t)1 << (k < 63 ? k : 63);
    m->static_deps = cat_alloc(&m->arena, sizeof *m->static_deps *
                                              (size_t)(m->n_code + 1));
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op != PI_FIX) {
            dep[in->dst] = (in->a >= 0 ? dep[in->a] : 0) |
                           (in->b >= 0 ? dep[in->b] : 0);
            m->static_deps[i] = dep[in->dst];
            continue;
        }
        for (int v = 0; v < in->n_vars; v++)
            inside[in->vars[v]] = true;
        for (int j = 1; j <= in->len; j++)
            inside[m->code[i + j].dst] = true;
        uint64_t d = 0;
        for (int j = 1; j <= in->len; j++) {
            const cat_instr *b = &m->code[i + j];
            d |= (b->a >= 0 && !inside[b->a] ? dep[b->a] : 0) |
                 (b->b >= 0 && !inside[b->b] ? dep[b->b] : 0);
        }
        for (int v = 0; v < in->n_vars; v++)
            d |= inside[in->vals[v]] ? 0 : dep[in->vals[v]];
        for (int v = 0; v < in->n_vars; v++)
            dep[in->vars[v]] = d;
        for (int j = 0; j <= in->len; j++) {
            if (j > 0)
                dep[m->code[i + j].dst] = d;
            m->static_deps[i + j] = d;
        }
        i += in->len;
    }
    free(inside);
    free(dep);
}

/* Whether a partial_safe check's value reads %same-value, by
 * static_deps' bits (a check on a value past the 63rd static input
 * shares bit 63: taken as reading it): if not, cat_partial_dead's
 * verdict does not depend on the values read (search.c keeps a pair's
 * verdict across combinations that differ only there). */
static void mark_partial_values(cat_model *m)
{
    uint64_t bit = 0;
    for (int k = 0; k < m->n_static_inputs; k++) {
        const cat_slot *sl = &m->slots[m->static_inputs[k]];
        if (sl->src == SRC_EXEC_REL && sl->index == EXEC_REL_SAMEVAL)
            bit |= (uint64_t)1 << (k < 63 ? k : 63);
    }
    m->partial_values = false;
    for (int c = 0; c < m->n_free && bit; c++) {
        const cat_test *ch = &m->checks[c];
        if (!ch->partial_safe || ch->slot < 0)
            continue;
        const cat_slot *sl = &m->slots[ch->slot];
        m->partial_values |= sl->src == SRC_EXEC_REL &&
                             sl->index == EXEC_REL_SAMEVAL;
        for (int i = 0; i < m->n_code; i++) {
            const cat_instr *in = &m->code[i];
            bool writes = in->dst == ch->slot;
            for (int v = 0; in->op == PI_FIX && v < in->n_vars; v++)
                writes |= in->vars[v] == ch->slot;  /* a let rec's */
            m->partial_values |= writes && (m->static_deps[i] & bit);
        }
    }
}

void cat_plan_finish(cat_model *m)
{
    mark_static(m);
    static_deps(m);
    int *producer = ll_xmalloc(sizeof *producer * (size_t)(m->n_slots + 1));
    for (int s = 0; s < m->n_slots; s++)
        producer[s] = -1;
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op != PI_FIX) {
            producer[in->dst] = i;
            continue;
        }
        for (int v = 0; v < in->n_vars; v++)
            producer[in->vars[v]] = i;
        for (int j = 1; j <= in->len; j++)
            producer[m->code[i + j].dst] = i;
        i += in->len;
    }
    /* The checks before any with/forall are free: every one must hold,
     * so their order cannot change the verdict. */
    m->n_free = 0;
    while (m->n_free < m->top.n && m->top.items[m->n_free].kind == IT_CHECK)
        m->n_free++;
    int n_free = m->n_free;
    /* Each free check's needs and cost, then the order. */
    size_t stride = (size_t)m->n_code + 1;
    bool *needed = ll_xcalloc(stride * (size_t)(n_free + 1),
                              sizeof *needed);
    for (int c = 0; c < n_free; c++) {
        cat_test *ch = &m->checks[c];
        walk w = {m, producer, needed + stride * (size_t)c};
        need_slot(&w, ch->slot);
        ch->cost = 0;
        for (int u = 0; u < m->n_code; u++)
            if (w.needed[u])
                ch->cost += unit_cost(m, u);
    }
    m->producer = producer;
    m->order = cat_alloc(&m->arena, sizeof *m->order * (size_t)(n_free + 1));
    for (int c = 0; c < n_free; c++) {
        int k = c;
        while (k > 0 && runs_before(&m->checks[c], c,
                                    &m->checks[m->order[k - 1]],
                                    m->order[k - 1])) {
            m->order[k] = m->order[k - 1];
            k--;
        }
        m->order[k] = c;
    }
    /* Checks run in this order and stop at the first failure, so each
     * lists only what the checks before it have not computed. */
    bool *covered = ll_xcalloc(stride, sizeof *covered);
    for (int k = 0; k < n_free; k++) {
        cat_test *ch = &m->checks[m->order[k]];
        const bool *need = needed + stride * (size_t)m->order[k];
        ch->units = cat_alloc(&m->arena, sizeof *ch->units * stride);
        ch->n_units = 0;
        for (int u = 0; u < m->n_code; u++)
            if (need[u] && !covered[u]) {
                ch->units[ch->n_units++] = u;
                covered[u] = true;
            }
    }
    free(covered);
    free(needed);
    mark_partial_safe(m);
    mark_partial_values(m);
    m->n_outside = 0;
    m->outside = cat_alloc(&m->arena, sizeof *m->outside *
                                          (size_t)(m->n_slots + 1));
    for (int s = 0; s < m->n_slots; s++)
        if (m->slots[s].src != SRC_TEMP && m->slots[s].src != SRC_BOUND)
            m->outside[m->n_outside++] = s;
    cat_plan_choices(m);
}
