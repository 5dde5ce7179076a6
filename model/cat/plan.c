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

void cat_plan_finish(cat_model *m)
{
    mark_static(m);
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
    m->n_outside = 0;
    m->outside = cat_alloc(&m->arena, sizeof *m->outside *
                                          (size_t)(m->n_slots + 1));
    for (int s = 0; s < m->n_slots; s++)
        if (m->slots[s].src != SRC_TEMP && m->slots[s].src != SRC_BOUND)
            m->outside[m->n_outside++] = s;
    cat_plan_choices(m);
}
