/* plan.c — shapes the compiled instructions for fast checking: moves
 * what a fixpoint body does not depend on out of the loop, lists for
 * each check the instructions it needs (so a check that fails early
 * spares the rest), and orders the checks cheapest first. */
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

/* Non-flags before flags, then cheapest first, then file order. */
static bool runs_before(const cat_test *a, int ia, const cat_test *b,
                        int ib)
{
    if (a->flag != b->flag)
        return !a->flag;
    if (a->cost != b->cost)
        return a->cost < b->cost;
    return ia < ib;
}

void cat_plan_finish(cat_model *m)
{
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
    bool *needed = ll_xmalloc(sizeof *needed * (size_t)(m->n_code + 1));
    for (int c = 0; c < m->n_checks; c++) {
        cat_test *ch = &m->checks[c];
        memset(needed, 0, sizeof *needed * (size_t)(m->n_code + 1));
        walk w = {m, producer, needed};
        need_slot(&w, ch->slot);
        int n = 0;
        for (int u = 0; u < m->n_code; u++)
            n += needed[u];
        ch->units = cat_alloc(&m->arena, sizeof *ch->units * (size_t)(n + 1));
        ch->n_units = 0;
        ch->cost = 0;
        for (int u = 0; u < m->n_code; u++)
            if (needed[u]) {
                ch->units[ch->n_units++] = u;
                ch->cost += unit_cost(m, u);
            }
    }
    free(needed);
    free(producer);
    /* Every check must hold, so their order cannot change the verdict. */
    m->order = cat_alloc(&m->arena, sizeof *m->order *
                                        (size_t)(m->n_checks + 1));
    for (int c = 0; c < m->n_checks; c++) {
        int k = c;
        while (k > 0 && runs_before(&m->checks[c], c,
                                    &m->checks[m->order[k - 1]],
                                    m->order[k - 1])) {
            m->order[k] = m->order[k - 1];
            k--;
        }
        m->order[k] = c;
    }
    m->n_outside = 0;
    m->outside = cat_alloc(&m->arena, sizeof *m->outside *
                                          (size_t)(m->n_slots + 1));
    for (int s = 0; s < m->n_slots; s++)
        if (m->slots[s].src != SRC_TEMP)
            m->outside[m->n_outside++] = s;
}
