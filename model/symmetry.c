/* symmetry.c — identical threads (mdl_symmetry_find): threads whose runs are
 * the same, event for event and final register for final register, and
 * whose shown registers are the same ones. Swapping such threads maps
 * executions to executions the model judges alike (a cat model does not
 * name threads), so the search picks their runs in one order only and
 * adds the states of every other arrangement (search.c). */
#include "model/engine.h"

#include <stdlib.h>

static bool taint_eq(const sem_event *a, const sem_event *b)
{
    return a->addr == b->addr && a->data == b->data && a->ctrl == b->ctrl &&
           a->ctrlisync == b->ctrlisync && a->paddr == b->paddr &&
           a->pdata == b->pdata && a->pctrl == b->pctrl &&
           a->pctrlisync == b->pctrlisync;
}

bool mdl_event_alike(const sem_event *a, const sem_event *b, bool read_vals)
{
    return a->kind == b->kind && a->loc == b->loc &&
           ((!read_vals && a->kind == SEM_R) || sem_val_eq(a->val, b->val)) &&
           a->tags == b->tags &&
           a->stmt == b->stmt && a->inst == b->inst &&
           a->read_no == b->read_no && a->rmw_read == b->rmw_read &&
           a->valued == b->valued && taint_eq(a, b);
}

static bool runs_eq(const mdl_thread *a, const mdl_thread *b)
{
    if (a->n_runs != b->n_runs || a->n_slots != b->n_slots)
        return false;
    for (int k = 0; k < a->n_runs; k++) {
        const mdl_run *x = &a->runs[k], *y = &b->runs[k];
        if (x->n_ev != y->n_ev || x->cut != y->cut || x->bad != y->bad)
            return false;
        for (int i = 0; i < x->n_ev; i++)
            if (!mdl_event_alike(&x->ev[i], &y->ev[i], true))
                return false;
        for (int i = 0; i < a->n_slots; i++)
            if (!sem_val_eq(x->final[i], y->final[i]))
                return false;
    }
    return true;
}

/* The shown register of thread v that is obs i's (of another thread)
 * register, or -1. */
static int same_reg(const mdl_test *m, int i, int v)
{
    const mdl_obs *o = &m->obs[i];
    for (int j = 0; j < m->n_obs; j++) {
        const mdl_obs *p = &m->obs[j];
        if (p->proc == v && p->reg == o->reg && p->slot == o->slot &&
            p->type.size == o->type.size &&
            p->type.is_signed == o->type.is_signed)
            return j;
    }
    return -1;
}

/* Threads u and v show the same registers: each of one's has its peer. */
static bool shows_alike(const mdl_test *m, int u, int v)
{
    int nu = 0, nv = 0;
    for (int i = 0; i < m->n_obs; i++) {
        nu += m->obs[i].proc == u;
        nv += m->obs[i].proc == v;
        if (m->obs[i].proc == u && same_reg(m, i, v) < 0)
            return false;
    }
    return nu == nv;
}

bool mdl_symmetry_find(const mdl_test *m, mdl_symmetry *sy)
{
    int T = m->n_threads;
    sy->any = false;
    sy->prev = ll_xmalloc(((size_t)T + 1) * sizeof *sy->prev);
    sy->peer = ll_xmalloc(((size_t)m->n_obs * T + 1) * sizeof *sy->peer);
    for (int t = 0; t < T; t++) {
        sy->prev[t] = -1;
        for (int u = t - 1; u >= 0 && sy->prev[t] < 0; u--)
            if (runs_eq(&m->threads[u], &m->threads[t]) &&
                shows_alike(m, u, t))
                sy->prev[t] = u;
        sy->any |= sy->prev[t] >= 0;
    }
    for (int i = 0; i < m->n_obs; i++)
        for (int v = 0; v < T; v++)
            sy->peer[i * T + v] = m->obs[i].proc < 0 ? -1 : same_reg(m, i, v);
    return sy->any;
}

void mdl_symmetry_free(mdl_symmetry *sy)
{
    free(sy->prev);
    free(sy->peer);
}
