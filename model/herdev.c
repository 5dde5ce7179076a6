/* herdev.c — what herd7 predefines for a model beyond the events our
 * semantics make: its register events, for a model that computes
 * dependencies itself from them (a model with `catdep`), and
 * the event sets it names for every test of an architecture (Exp, NExp,
 * BCC, and the sets of features no litmus test here has, empty).
 *
 * Register events. herd7 gives each instruction its register reads
 * (Rreg; DATA the ones a store writes to memory) and writes (Wreg),
 * relates a register write to the reads of it (rf-reg) and the events
 * of one instruction by the data and control flow inside it (iico_data,
 * iico_ctrl). The semantics here keep, instead, for each access the set
 * of reads its address and data depend on (sem_event.addr, data, and
 * paddr, pdata through a value a comparison chose), and for a branch the
 * reads its condition depends on. A dependency relation a model builds
 * from herd7's events is a path R -iico_data-> Wreg -rf-reg-> ... ->
 * Rreg -iico_data-> access; only which reads reach which port of which
 * access counts, and the kind of the path (through iico_ctrl or not).
 * So each read that feeds something gets one register write (its value,
 * V), each port of an access that depends on a read one register read
 * (the address A, the data D in DATA, a branch's condition C), and
 * V -rf-reg-> port for each read in the port's set; a read reached
 * through a pick goes V -iico_ctrl-> P -rf-reg-> port. A register
 * event belongs to its access's instruction (po, same-instance, int). */
#include <stdlib.h>
#include <string.h>

#include "model/engine.h"

enum { N_EXP, N_NEXP, N_RREG, N_WREG, N_DATA, N_BCC, N_FIXED };

/* herd7's names for sets the engine fills (first N_FIXED); the
 * architecture's empty ones follow (sem_ops.herd_empty). */
static const char *const fixed_names[] = {
    "Exp", "NExp", "Rreg", "Wreg", "DATA", "BCC",
};

int mdl_herd_names(const sem_ops *ops, const char **names, int max)
{
    int n = 0;
    for (int i = 0; i < ops->n_tags && n < max; i++)
        names[n++] = ops->tags[i];
    for (int i = 0; i < N_FIXED && n < max; i++)
        names[n++] = fixed_names[i];
    for (int i = 0; i < ops->n_herd_empty && n < max; i++)
        names[n++] = ops->herd_empty[i];
    return n;
}

/* ---- register events ---- */

static int tag_bit(const sem_ops *ops, const char *name)
{
    for (int i = 0; i < ops->n_tags; i++)
        if (!strcmp(ops->tags[i], name))
            return i;
    return -1;
}

static void add_node(mdl_regs *g, int kind, int thread, int ev)
{
    ll_grow((void **)&g->node, &g->cap, g->n + 1, sizeof *g->node);
    g->node[g->n].kind = kind;
    g->node[g->n].thread = thread;
    g->node[g->n].ev = ev;
    g->n++;
}

static sem_taint cond_of(const sem_event *e, bool pick)
{
    return pick ? e->pdata : e->data;       /* a branch keeps it there */
}

static bool has_port(const sem_event *e, int kind)
{
    switch (kind) {
    case REG_A: return (e->kind == SEM_R || e->kind == SEM_W) &&
                       (e->addr | e->paddr);
    case REG_D: return e->kind == SEM_W && (e->data | e->pdata);
    case REG_C: return e->kind == SEM_B && (cond_of(e, false) |
                                             cond_of(e, true));
    default: return false;
    }
}

int mdl_regs_make(mdl_regs *g, const mdl_test *m, const int *pick)
{
    g->n = 0;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        sem_taint used = 0, picked = 0;
        for (int i = 0; i < run->n_ev; i++) {
            const sem_event *e = &run->ev[i];
            if (e->kind == SEM_B) {
                used |= e->data;
                picked |= e->pdata;
            } else if (e->kind == SEM_R || e->kind == SEM_W) {
                used |= e->addr | (e->kind == SEM_W ? e->data : 0);
                picked |= e->paddr | (e->kind == SEM_W ? e->pdata : 0);
            }
        }
        for (int i = 0; i < run->n_ev; i++) {
            const sem_event *e = &run->ev[i];
            if (e->read_no >= 0 &&
                ((used | picked) >> e->read_no & 1))
                add_node(g, REG_V, t, i);
            if (e->read_no >= 0 && (picked >> e->read_no & 1))
                add_node(g, REG_P, t, i);
            for (int k = REG_A; k <= REG_C; k++)
                if (has_port(e, k))
                    add_node(g, k, t, i);
        }
    }
    return g->n;
}

/* The node of `kind` made for event i of thread t, or -1. */
static int node_of(const mdl_regs *g, int first, int t, int i, int kind)
{
    for (int k = 0; k < g->n; k++)
        if (g->node[k].thread == t && g->node[k].ev == i &&
            g->node[k].kind == kind)
            return first + k;
    return -1;
}

static void feed(const mdl_regs *g, mdl_rel *rfreg, int first, int t,
                 const mdl_run *run, sem_taint plain, sem_taint picked,
                 int port)
{
    for (int i = 0; i < run->n_ev; i++) {
        const sem_event *e = &run->ev[i];
        if (e->read_no < 0)
            continue;
        if (plain >> e->read_no & 1)
            mdl_rel_add(rfreg, node_of(g, first, t, i, REG_V), port);
        if (picked >> e->read_no & 1)
            mdl_rel_add(rfreg, node_of(g, first, t, i, REG_P), port);
    }
}

void mdl_regs_fill(const mdl_regs *g, const mdl_test *m, const int *pick,
                   const int *base, int first, cat_exec *x,
                   mdl_set *const *sets)
{
    int data_bit = tag_bit(m->ops, "RMW-DATA");
    int pick_bit = tag_bit(m->ops, "RMW-PICK");
    /* inside atomic instructions: the value written computed from the
       value read (iico_data), or written only if a comparison of it
       holds (iico_ctrl) */
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_ev; i++) {
            const sem_event *e = &run->ev[i];
            if (e->kind != SEM_W || e->rmw_read < 0 ||
                run->ev[e->rmw_read].inst != e->inst)
                continue;
            int r = base[t] + e->rmw_read, w = base[t] + i;
            if (data_bit >= 0 && (e->tags >> data_bit & 1))
                mdl_rel_add(&x->iico_data, r, w);
            if (pick_bit >= 0 && (e->tags >> pick_bit & 1))
                mdl_rel_add(&x->iico_ctrl, r, w);
        }
    }
    for (int k = 0; k < g->n; k++) {
        const mdl_regnode *nd = &g->node[k];
        int a = first + k, t = nd->thread;
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        const sem_event *e = &run->ev[nd->ev];
        int ev = base[t] + nd->ev;
        switch (nd->kind) {
        case REG_V:
            mdl_set_add(sets[N_WREG], a);
            mdl_rel_add(&x->iico_data, ev, a);
            break;
        case REG_P:
            mdl_set_add(sets[N_WREG], a);
            mdl_rel_add(&x->iico_ctrl, node_of(g, first, t, nd->ev, REG_V),
                       a);
            break;
        case REG_A:
            mdl_set_add(sets[N_RREG], a);
            mdl_rel_add(&x->iico_data, a, ev);
            feed(g, &x->rfreg, first, t, run, e->addr, e->paddr, a);
            break;
        case REG_D:
            mdl_set_add(sets[N_RREG], a);
            mdl_set_add(sets[N_DATA], a);
            mdl_rel_add(&x->iico_data, a, ev);
            feed(g, &x->rfreg, first, t, run, e->data, e->pdata, a);
            break;
        case REG_C:
            mdl_set_add(sets[N_RREG], a);
            mdl_rel_add(&x->iico_data, a, ev);
            feed(g, &x->rfreg, first, t, run, cond_of(e, false),
                 cond_of(e, true), a);
            break;
        }
        /* its thread, and its place in program order: that of its
           instruction */
        for (int j = 0; j < run->n_ev; j++) {
            int b = base[t] + j, ij = run->ev[j].inst;
            mdl_rel_add(&x->thread, a, b);
            mdl_rel_add(&x->thread, b, a);
            if (ij < e->inst)
                mdl_rel_add(&x->po, b, a);
            else if (ij > e->inst)
                mdl_rel_add(&x->po, a, b);
            else {
                mdl_rel_add(&x->same_instance, a, b);
                mdl_rel_add(&x->same_instance, b, a);
            }
        }
        for (int j = 0; j < g->n; j++) {
            const mdl_regnode *o = &g->node[j];
            if (o->thread != t)
                continue;
            int oi = run->ev[o->ev].inst;
            mdl_rel_add(&x->thread, a, first + j);
            if (oi > e->inst)
                mdl_rel_add(&x->po, a, first + j);
            else if (oi == e->inst)
                mdl_rel_add(&x->same_instance, a, first + j);
        }
    }
}

void mdl_herd_sets_fill(const mdl_test *m, const mdl_ev *ev, int n_ev,
                        mdl_set *const *sets)
{
    (void)m;
    for (int g = 0; g < n_ev; g++) {
        const sem_event *e = ev[g].e;
        if (!e || e->kind == SEM_R || e->kind == SEM_W)
            mdl_set_add(sets[N_EXP], g);
        else if (e->kind == SEM_B)
            mdl_set_add(sets[N_BCC], g);
    }
}

void mdl_regs_free(mdl_regs *g)
{
    free(g->node);
    g->node = NULL;
    g->n = g->cap = 0;
}

/* ---- herd7's one-event AMOs (sem_ops.one_event) ----
 * herd7 makes one event of some architectures' AMOs (and of a C11 RMW),
 * in both R and W, with no rmw edge; the engine makes a read and a
 * write (rmw, same instruction) so that rf and co are solved as for every access. For the model, the
 * write is folded into the read: its edges become the read's, edges
 * between the two are dropped (herd7's po, rf, fr, data... are
 * irreflexive), and the write is left an event in no set and no
 * relation, which a model cannot reach. */

int mdl_amo_make(mdl_amos *a, const mdl_test *m, const int *pick,
                 const int *base)
{
    a->n = 0;
    if (!m->ops->one_event)
        return 0;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_ev; i++) {
            const sem_event *e = &run->ev[i];
            if (e->kind != SEM_W || e->rmw_read < 0 ||
                run->ev[e->rmw_read].inst != e->inst ||
                !(e->tags & m->ops->one_event))
                continue;
            ll_grow((void **)&a->pair, &a->cap, a->n + 1, sizeof *a->pair);
            a->pair[a->n][0] = base[t] + e->rmw_read;
            a->pair[a->n][1] = base[t] + i;
            a->n++;
        }
    }
    return a->n;
}

static void fold_set(mdl_set *s, int r, int w)
{
    if (mdl_set_has(s, w))
        mdl_set_add(s, r);
    s->w[w / 64] &= ~((uint64_t)1 << (w % 64));
}

static void fold_rel(mdl_rel *rel, int r, int w, bool reflexive)
{
    uint64_t bw = (uint64_t)1 << (w % 64), br = (uint64_t)1 << (r % 64);
    uint64_t *row_r = rel->w + (size_t)r * (size_t)rel->words;
    uint64_t *row_w = rel->w + (size_t)w * (size_t)rel->words;
    for (int k = 0; k < rel->words; k++) {
        row_r[k] |= row_w[k];
        row_w[k] = 0;
    }
    for (int i = 0; i < rel->n; i++) {
        uint64_t *cell = rel->w + (size_t)i * (size_t)rel->words + w / 64;
        if (*cell & bw) {
            *cell &= ~bw;
            rel->w[(size_t)i * (size_t)rel->words + r / 64] |= br;
        }
    }
    if (!reflexive)
        row_r[r / 64] &= ~br;
}

void mdl_amo_fold(const mdl_amos *a, mdl_set *const *sets, int n_sets,
                  mdl_rel *const *rels, const bool *reflexive, int n_rels)
{
    for (int p = 0; p < a->n; p++) {
        int r = a->pair[p][0], w = a->pair[p][1];
        for (int i = 0; i < n_sets; i++)
            fold_set(sets[i], r, w);
        for (int i = 0; i < n_rels; i++)
            fold_rel(rels[i], r, w, reflexive && reflexive[i]);
    }
}

void mdl_amo_free(mdl_amos *a)
{
    free(a->pair);
    a->pair = NULL;
    a->n = a->cap = 0;
}
