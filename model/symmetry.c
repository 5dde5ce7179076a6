/* symmetry.c — identical threads (mdl_symmetry_find): threads whose runs are
 * the same, event for event and final register for final register, and
 * whose shown registers are the same ones. Swapping such threads maps
 * executions to executions the model judges alike (a cat model does not
 * name threads), so the search picks their runs in one order only and
 * adds the states of every other arrangement (search.c).
 *
 * And a rotation of all the threads (mdl_rotation_find): thread t's
 * runs are thread t+k's (mod n; k = 1, else the least k that divides n)
 * once locations and addresses are renamed by one permutation (locksb's ring: thread t stores x_t and
 * loads x_t+1 inside one lock). Rotating an execution gives an
 * execution the model judges alike (it names neither threads nor
 * locations), so the search judges one combination of each orbit and
 * gives the states of its rotations. */
#include "model/engine.h"

#include <stdlib.h>
#include <string.h>

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
           a->valued == b->valued && a->aside == b->aside &&
           a->also == b->also && taint_eq(a, b);
}

static bool runs_eq(const mdl_thread *a, const mdl_thread *b)
{
    if (a->n_runs != b->n_runs || a->n_slots != b->n_slots)
        return false;
    for (int k = 0; k < a->n_runs; k++) {
        const mdl_run *x = &a->runs[k], *y = &b->runs[k];
        if (x->n_ev != y->n_ev || x->cut != y->cut || x->bad != y->bad ||
            x->waits != y->waits || x->illegal != y->illegal ||
            x->n_illegal_t != y->n_illegal_t ||
            memcmp(x->illegal_t, y->illegal_t, sizeof x->illegal_t) != 0 ||
            x->n_forced_t != y->n_forced_t ||
            memcmp(x->forced_t, y->forced_t, sizeof x->forced_t) != 0 ||
            x->probe != y->probe)
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

/* ---- a rotation of the threads ---- */

typedef struct rot_map {
    const mdl_test *m;
    int *loc, *loc_inv, *sym, *sym_inv;
} rot_map;

/* a -> b in a map and its inverse, consistently */
static bool bind(int *fwd, int *inv, int a, int b)
{
    if (fwd[a] < 0 && inv[b] < 0) {
        fwd[a] = b;
        inv[b] = a;
        return true;
    }
    return fwd[a] == b && inv[b] == a;
}

static bool val_maps(rot_map *r, sem_val a, sem_val b)
{
    if (a.sym < 0 || b.sym < 0)
        return sem_val_eq(a, b);
    return a.num == b.num && bind(r->sym, r->sym_inv, a.sym, b.sym);
}

static bool loc_maps(rot_map *r, int a, int b)
{
    if (a < 0 || b < 0)
        return a == b;
    const mdl_loc *la = &r->m->locs[a], *lb = &r->m->locs[b];
    return la->off == lb->off && la->type.size == lb->type.size &&
           la->type.is_signed == lb->type.is_signed &&
           la->no_init == lb->no_init && bind(r->loc, r->loc_inv, a, b) &&
           bind(r->sym, r->sym_inv, la->sym, lb->sym) &&
           val_maps(r, la->init, lb->init);
}

/* Run x is run y, renamed (the maps extended as it needs). */
static bool run_maps(rot_map *r, const mdl_thread *a, const mdl_run *x,
                     const mdl_run *y)
{
    /* what herd7's symbolic values (symbolic.c) and herd_vars.c read
       of a run too */
    if (x->n_ev != y->n_ev || x->cut != y->cut || x->bad != y->bad ||
        x->waits != y->waits || x->illegal != y->illegal ||
        x->n_illegal_t != y->n_illegal_t ||
        memcmp(x->illegal_t, y->illegal_t, sizeof x->illegal_t) != 0 ||
        x->n_forced_t != y->n_forced_t ||
        memcmp(x->forced_t, y->forced_t, sizeof x->forced_t) != 0 ||
        x->used != y->used || x->eq_left != y->eq_left ||
        x->eq_split != y->eq_split ||
        x->n_sames != y->n_sames ||
        memcmp(x->sames, y->sames, sizeof x->sames) != 0 ||
        x->pinned != y->pinned || x->n_eqs != y->n_eqs ||
        memcmp(x->eqs, y->eqs, sizeof x->eqs) != 0 ||
        x->n_opeqs != y->n_opeqs || x->opeq_one != y->opeq_one ||
        memcmp(x->opeqs, y->opeqs, sizeof x->opeqs) != 0 ||
        memcmp(x->opeq_node, y->opeq_node, sizeof x->opeq_node) != 0 ||
        memcmp(x->eq_node, y->eq_node, sizeof x->eq_node) != 0 ||
        x->turns != y->turns ||
        x->n_turns != y->n_turns || !x->final_t != !y->final_t)
        return false;
    for (int i = 0; x->final_t && i < a->n_slots; i++)
        if (x->final_t[i] != y->final_t[i] ||
            (x->final_op && y->final_op &&
             x->final_op[i] != y->final_op[i]))
            return false;
    for (int i = 0; i < x->n_ev; i++) {
        sem_event e = x->ev[i];
        if (e.vdata != y->ev[i].vdata || e.vloop != y->ev[i].vloop)
            return false;
        if (!loc_maps(r, e.loc, y->ev[i].loc) ||
            !val_maps(r, e.val, y->ev[i].val))
            return false;
        e.loc = y->ev[i].loc;
        e.val = y->ev[i].val;
        if (!mdl_event_alike(&e, &y->ev[i], true) ||
            e.bytes != y->ev[i].bytes)
            return false;
    }
    for (int i = 0; i < a->n_slots; i++)
        if (!val_maps(r, x->final[i], y->final[i]))
            return false;
    return true;
}

/* Thread a's runs are thread b's, renamed: to[k] is the run of b that
 * run k of a is. The same index first (threads of one shape find their
 * runs in one order, unless a location's values were found in another
 * order), else any run not taken, the maps put back after a failed try. */
static bool runs_map(rot_map *r, const mdl_thread *a, const mdl_thread *b,
                     int *to)
{
    int L = r->m->n_locs, S = r->m->n_syms;
    if (a->n_runs != b->n_runs || a->n_slots != b->n_slots ||
        a->n_symregs != b->n_symregs || a->n_runs > MDL_ROTATION_RUNS)
        return false;
    for (int i = 0; i < a->n_symregs; i++)
        if (strcmp(a->symregs[i], b->symregs[i]) != 0)
            return false;
    size_t bl = ((size_t)L + 1) * sizeof(int), bs = ((size_t)S + 1) * sizeof(int);
    int *keep = ll_xmalloc(2 * bl + 2 * bs);
    bool *taken = ll_xcalloc((size_t)a->n_runs + 1, sizeof *taken);
    bool ok = true;
    for (int k = 0; k < a->n_runs && ok; k++) {
        to[k] = -1;
        for (int n = 0; n < b->n_runs && to[k] < 0; n++) {
            int c = (k + n) % b->n_runs;
            if (taken[c])
                continue;
            char *save = (char *)keep;
            memcpy(save, r->loc, bl);
            memcpy(save + bl, r->loc_inv, bl);
            memcpy(save + 2 * bl, r->sym, bs);
            memcpy(save + 2 * bl + bs, r->sym_inv, bs);
            if (run_maps(r, a, &a->runs[k], &b->runs[c])) {
                to[k] = c;
                taken[c] = true;
            } else {
                memcpy(r->loc, save, bl);
                memcpy(r->loc_inv, save + bl, bl);
                memcpy(r->sym, save + 2 * bl, bs);
                memcpy(r->sym_inv, save + 2 * bl + bs, bs);
            }
        }
        ok = to[k] >= 0;
    }
    free(keep);
    free(taken);
    return ok;
}

/* The rotation by k threads (k divides T), or false. */
static bool rotation_by(const mdl_test *m, int k, mdl_rotation *out)
{
    int T = m->n_threads, L = m->n_locs, S = m->n_syms;
    rot_map r = {m, ll_xmalloc(((size_t)L + 1) * sizeof(int)),
                 ll_xmalloc(((size_t)L + 1) * sizeof(int)),
                 ll_xmalloc(((size_t)S + 1) * sizeof(int)),
                 ll_xmalloc(((size_t)S + 1) * sizeof(int))};
    for (int l = 0; l < L; l++)
        r.loc[l] = r.loc_inv[l] = -1;
    for (int i = 0; i < S; i++)
        r.sym[i] = r.sym_inv[i] = -1;
    int *obs = ll_xmalloc(((size_t)m->n_obs + 1) * sizeof *obs);
    int **run = ll_xcalloc((size_t)T + 1, sizeof *run);
    int **to0 = ll_xcalloc((size_t)T + 1, sizeof *to0);
    bool ok = true;
    for (int t = 0; t < T && ok; t++) {
        run[t] = ll_xmalloc(((size_t)m->threads[t].n_runs + 1) * sizeof **run);
        ok = runs_map(&r, &m->threads[t], &m->threads[(t + k) % T], run[t]);
    }
    /* to0[t][i]: thread t's run i rotated to thread 0 (t a multiple of
       k) */
    for (int t = T - k; t > 0 && ok; t -= k) {
        int n = m->threads[t].n_runs;
        to0[t] = ll_xmalloc(((size_t)n + 1) * sizeof **to0);
        for (int i = 0; i < n; i++)
            to0[t][i] = t == T - k ? run[t][i] : to0[t + k][run[t][i]];
    }
    /* locations and symbols no event names stay; a permutation of
       those named (each image named too) */
    for (int l = 0; l < L && ok; l++)
        if (r.loc[l] < 0)
            ok = r.loc_inv[l] < 0 && bind(r.loc, r.loc_inv, l, l);
    for (int i = 0; i < S && ok; i++)
        if (r.sym[i] < 0)
            ok = r.sym_inv[i] < 0 && bind(r.sym, r.sym_inv, i, i);
    /* each shown place's image is shown, alike */
    for (int i = 0; i < m->n_obs && ok; i++) {
        const mdl_obs *o = &m->obs[i];
        obs[i] = -1;
        for (int j = 0; j < m->n_obs && obs[i] < 0; j++) {
            const mdl_obs *p = &m->obs[j];
            bool same = p->type.size == o->type.size &&
                        p->type.is_signed == o->type.is_signed &&
                        p->whole == o->whole && p->alone == o->alone &&
                        (i < m->n_shown) == (j < m->n_shown);
            if (o->proc >= 0)
                same = same && p->proc == (o->proc + k) % T &&
                       p->reg == o->reg && p->slot == o->slot;
            else
                same = same && p->proc < 0 && o->mem >= 0 &&
                       p->mem == r.loc[o->mem];
            if (same)
                obs[i] = j;
        }
        ok = obs[i] >= 0;
    }
    free(r.loc_inv);
    free(r.sym_inv);
    *out = (mdl_rotation){r.loc, r.sym, obs, run, to0, T, k};
    if (!ok) {
        mdl_rotation_free(out);
        *out = (mdl_rotation){0};
    }
    return ok;
}

/* The smallest rotation that maps the test to itself: by one thread (a
 * ring of one kind), else by k (a ring of k kinds in turn: IRIW's
 * writer, reader). */
bool mdl_rotation_find(const mdl_test *m, mdl_rotation *out)
{
    int T = m->n_threads;
    for (int k = 1; k <= T / 2; k++)
        if (T % k == 0 && rotation_by(m, k, out))
            return true;
    *out = (mdl_rotation){0};
    return false;
}

void mdl_rotation_free(mdl_rotation *r)
{
    free(r->loc);
    free(r->sym);
    free(r->obs);
    for (int t = 0; t < r->n_threads; t++) {
        free(r->run[t]);
        free(r->to0[t]);
    }
    free(r->run);
    free(r->to0);
}

sem_val mdl_rotation_val(const mdl_rotation *r, sem_val v)
{
    if (v.sym >= 0)
        v.sym = r->sym[v.sym];
    return v;
}
