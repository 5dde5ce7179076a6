/* choice.c — the part of a model after its first `with x from S` or
 * `forall x in S`, run as herd runs it: the statements in file order,
 * once per element of S.
 *
 * `with` chooses: the rest of the model runs for each element, and each
 * element for which every later check holds is an accepted execution of
 * its own (herd calls its success continuation once per such choice).
 * `forall` quantifies: its body's checks must hold for every element.
 * The free checks before the first binder were already run by cat_check
 * in the plan's order; here each check pulls the instructions it needs
 * (unit_done says which are up to date), and binding a variable to the
 * next element marks what depends on it as stale. Flags raised on a path
 * wait in m->pending and count only when the path reaches the end. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"


static bool ensure_unit(cat_model *m, int u, ll_diag *d)
{
    if (m->unit_done[u])
        return true;
    const cat_instr *in = &m->code[u];
    if (in->is_static && m->static_done[u]) {
        m->unit_done[u] = true;
        return true;
    }
    if (in->op != PI_FIX) {
        if (!cat_ensure_slot(m, in->a, d) || !cat_ensure_slot(m, in->b, d))
            return false;
        cat_exec_instr(m, in);
    } else {
        /* The fixpoint's inputs: what its body reads from outside. */
        for (int j = 1; j <= in->len; j++) {
            const cat_instr *b = &m->code[u + j];
            int ins[2] = {b->a, b->b};
            for (int k = 0; k < 2; k++)
                if (ins[k] >= 0 && m->producer[ins[k]] != u &&
                    !cat_ensure_slot(m, ins[k], d))
                    return false;
        }
        for (int v = 0; v < in->n_vars; v++)
            if (m->producer[in->vals[v]] != u &&
                !cat_ensure_slot(m, in->vals[v], d))
                return false;
        if (!cat_run_fix(m, u, d))
            return false;
    }
    if (in->is_static)
        m->static_done[u] = true;
    m->unit_done[u] = true;
    return true;
}

bool cat_ensure_slot(cat_model *m, int slot, ll_diag *d)
{
    if (slot < 0 || m->producer[slot] < 0)
        return true;
    return ensure_unit(m, m->producer[slot], d);
}

/* The binder's elements for this execution (and the outer choices):
 * their words. */
static bool elems_of(cat_model *m, const cat_binder *b, uint64_t ***w,
                     int *n, ll_diag *d)
{
    if (b->src)
        return cat_dyn_elems(m, b, w, n, d);
    *w = cat_alloc(&m->dyn, sizeof **w * (size_t)(b->n_elems + 1));
    *n = b->n_elems;
    for (int e = 0; e < b->n_elems; e++) {
        if (!cat_ensure_slot(m, b->elems[e], d))
            return false;
        (*w)[e] = m->ptr[b->elems[e]];
    }
    return true;
}

static void bind_elem(cat_model *m, const cat_binder *b, uint64_t *w)
{
    m->ptr[b->var] = w;
    for (int i = 0; i < b->n_deps; i++)
        m->unit_done[b->deps[i]] = false;
}

/* Items q[i..] for the current elements: how many ways they pass (for a
 * forall body, 0 or 1 per way its own withs choose). At the end of the
 * model (top), the path's flags count. */
static bool run_seq(cat_model *m, const cat_seq *q, int i, bool top,
                    cat_result *res, uint64_t *ways, ll_diag *d)
{
    *ways = 0;
    for (; i < q->n; i++) {
        const cat_item *it = &q->items[i];
        if (it->kind == IT_CHECK) {
            const cat_test *c = &m->checks[it->index];
            if (!cat_ensure_slot(m, c->slot, d))
                return false;
            if (!cat_use_outcome(m, c, cat_test_holds(m, c), res, d))
                return c->use != USE_ASSERT;
            continue;
        }
        const cat_binder *b = &m->binders[it->index];
        int mark = m->n_pending, n;
        uint64_t **elems;
        if (!elems_of(m, b, &elems, &n, d))
            return false;
        if (b->forall) {
            for (int e = 0; e < n; e++) {
                uint64_t k;
                bind_elem(m, b, elems[e]);
                if (!run_seq(m, &b->body, 0, false, res, &k, d))
                    return false;
                if (k == 0) {
                    m->n_pending = mark;
                    return true;
                }
            }
            continue;
        }
        for (int e = 0; e < n; e++) {
            uint64_t k;
            bind_elem(m, b, elems[e]);
            if (!run_seq(m, q, i + 1, top, res, &k, d))
                return false;
            *ways += k;
            m->n_pending = mark;
        }
        return true;
    }
    if (top)
        cat_commit_pending(m, res);
    *ways = 1;
    return true;
}

bool cat_run_choices(cat_model *m, cat_result *res, uint64_t *accepted,
                     ll_diag *d)
{
    res->failed = NULL;
    cat_arena_reset(&m->dyn);
    return run_seq(m, &m->top, m->n_free, true, res, accepted, d);
}

/* For each binder, the units that read its variable, directly or not:
 * they are stale once the variable moves to the next element. */
void cat_plan_choices(cat_model *m)
{
    if (!m->n_binders)
        return;
    bool *dep = ll_xcalloc((size_t)m->n_slots + 1, sizeof *dep);
    int *list = ll_xmalloc(sizeof *list * (size_t)(m->n_code + 1));
    for (int bi = 0; bi < m->n_binders; bi++) {
        cat_binder *b = &m->binders[bi];
        memset(dep, 0, sizeof *dep * (size_t)m->n_slots);
        dep[b->var] = true;
        int n = 0;
        for (int u = 0; u < m->n_code; u++) {
            const cat_instr *in = &m->code[u];
            int last = in->op == PI_FIX ? u + in->len : u;
            bool reads = false;
            for (int j = u; j <= last; j++) {
                const cat_instr *x = &m->code[j];
                reads |= (x->a >= 0 && dep[x->a]) || (x->b >= 0 && dep[x->b]);
            }
            for (int v = 0; in->op == PI_FIX && v < in->n_vars; v++)
                reads |= dep[in->vals[v]];
            if (reads) {
                list[n++] = u;
                for (int j = u; j <= last; j++)
                    if (m->code[j].dst >= 0)
                        dep[m->code[j].dst] = true;
                for (int v = 0; in->op == PI_FIX && v < in->n_vars; v++)
                    dep[in->vars[v]] = true;
            }
            u = last;
        }
        b->n_deps = n;
        b->deps = cat_alloc(&m->arena, sizeof *b->deps * (size_t)(n + 1));
        memcpy(b->deps, list, sizeof *list * (size_t)n);
    }
    free(list);
    free(dep);
}
