/* cycle.c — a cycle of edges laid out as a litmus test: threads of
 * accesses, their locations and values, and the final condition that
 * holds exactly when the cycle happens.
 *
 * Threads: each external edge (Rfe, Fre, Wse) ends a thread; P0 starts
 * at the first event that begins one, reading the edges from the start.
 * Locations: a different-location edge (Pod, DpAddrdR, LwSyncdWW...)
 * starts a new one; names go x, y, z, a... in program order. Values:
 * along each location's run of same-location edges, writes take 1, 2,
 * 3... (that run is their coherence order); a read expects the last
 * write before it (0, the initial value, when none).
 *
 * The condition lists the reads that close the cycle (targets of Rf,
 * sources of Fr) and then whatever pins each location's coherence order,
 * pair of successive writes by pair, as diy does: nothing when program
 * order orders them (CoWW); the final value when the later one is the
 * last (but for the write of a detour's own thread); nothing when reads
 * already in the condition order them (CoRW, CoWR, CoRR: what detours
 * give); for the write of a detour's own thread, a read of the earlier
 * write before it; otherwise an observer: a read of the later write,
 * after a fence, at the end of the earlier write's thread. Cycles on one
 * single location get herd's uniproc check: the condition is every
 * outcome sequential consistency allows, negated
 * (diy7 -oneloc), found by running the threads in every interleaving. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

static bool fail(char *err, size_t len, const char *msg)
{
    snprintf(err, len, "%s", msg);
    return false;
}

static bool same_loc(const gen_edge *e)
{
    switch (e->kind) {
    case GK_RF: case GK_FR: case GK_WS: case GK_DETOUR:
        return true;
    default:
        return e->same;
    }
}

static bool is_ext(const gen_edge *e)
{
    return e->ext && (e->kind == GK_RF || e->kind == GK_FR ||
                      e->kind == GK_WS);
}

static int new_event(gen_test *t, char dir)
{
    gen_event *v = &t->ev[t->nev];
    memset(v, 0, sizeof *v);
    v->dir = dir;
    v->ann = -1;
    v->fence = -1;
    v->reg = -1;
    return t->nev++;
}

static void thread_insert(gen_test *t, int th, int at, int ev)
{
    gen_thread *p = &t->th[th];
    memmove(&p->ev[at + 1], &p->ev[at], (size_t)(p->n - at) * sizeof(int));
    p->ev[at] = ev;
    p->n++;
    for (int i = 0; i < p->n; i++) {
        t->ev[p->ev[i]].thread = th;
        t->ev[p->ev[i]].pos = i;
    }
}

/* a before b in one thread */
static bool before(const gen_test *t, int a, int b)
{
    return t->ev[a].thread == t->ev[b].thread && t->ev[a].pos < t->ev[b].pos;
}

/* Reads already in the condition that order write p before write q (rf:
 * the write each read reads, -1 the initial value): a read of p before
 * q (CoRW), a read of q after p (CoWR), or a read of p before a read of
 * q (CoRR), in one thread. */
static bool witnessed(const gen_test *t, const int *rf, int p, int q)
{
    for (int r = 0; r < t->nev; r++) {
        if (t->ev[r].dir != 'R' || !t->ev[r].in_cond)
            continue;
        if (rf[r] == p && before(t, r, q))
            return true;                                /* CoRW */
        if (rf[r] == q && before(t, p, r))
            return true;                                /* CoWR */
        if (rf[r] != p)
            continue;
        for (int r2 = 0; r2 < t->nev; r2++)
            if (t->ev[r2].dir == 'R' && t->ev[r2].in_cond && rf[r2] == q &&
                before(t, r, r2))
                return true;                            /* CoRR */
    }
    return false;
}

/* Sequential consistency, for single-location tests: the set of
 * outcomes (observed reads, then final memory) over all interleavings.
 * Outcomes are kept as rows of values; duplicates are dropped. */
typedef struct sc_run {
    const gen_test *t;
    int obs[GEN_MAX_EVENTS];   /* observed read events */
    int nobs;
    int val[GEN_MAX_EVENTS];   /* value each read got */
    int mem[GEN_MAX_LOCS];
    int at[GEN_MAX_THREADS];   /* next position per thread */
    int (*rows)[GEN_MAX_EVENTS + GEN_MAX_LOCS];
    int nrows, cap;
    bool overflow;
} sc_run;

static void sc_record(sc_run *s)
{
    int row[GEN_MAX_EVENTS + GEN_MAX_LOCS];
    int w = 0;
    for (int i = 0; i < s->nobs; i++)
        row[w++] = s->val[s->obs[i]];
    for (int l = 0; l < s->t->nloc; l++)
        row[w++] = s->mem[l];
    for (int i = 0; i < s->nrows; i++)
        if (!memcmp(s->rows[i], row, (size_t)w * sizeof(int)))
            return;
    if (s->nrows == s->cap) {
        if (s->cap >= 4096) {
            s->overflow = true;
            return;
        }
        ll_grow((void **)&s->rows, &s->cap, s->nrows + 1, sizeof *s->rows);
    }
    memcpy(s->rows[s->nrows++], row, (size_t)w * sizeof(int));
}

static void sc_step(sc_run *s)
{
    const gen_test *t = s->t;
    bool any = false;
    for (int th = 0; th < t->nth; th++) {
        if (s->at[th] >= t->th[th].n)
            continue;
        any = true;
        int e = t->th[th].ev[s->at[th]];
        const gen_event *v = &t->ev[e];
        int saved = s->mem[v->loc];
        s->at[th]++;
        if (v->dir == 'W')
            s->mem[v->loc] = v->value;
        else
            s->val[e] = s->mem[v->loc];
        sc_step(s);
        s->at[th]--;
        s->mem[v->loc] = saved;
    }
    if (!any)
        sc_record(s);
}

/* The single-location condition: cond_order lists the observed reads and
 * the locations; sc_rows the outcomes. */
static bool oneloc_outcomes(gen_test *t, char *err, size_t errlen)
{
    sc_run s;
    memset(&s, 0, sizeof s);
    s.t = t;
    for (int i = 0; i < t->nev; i++)
        if (t->ev[i].dir == 'R' && t->ev[i].in_cond)
            s.obs[s.nobs++] = i;
    sc_step(&s);
    if (s.overflow) {
        free(s.rows);
        return fail(err, errlen, "too many interleavings to list the "
                    "sequentially consistent outcomes");
    }
    t->sc_nobs = s.nobs;
    memcpy(t->sc_obs, s.obs, sizeof s.obs);
    t->sc_rows = s.rows;
    t->sc_nrows = s.nrows;
    return true;
}

static bool layout(const gen_arch *a, const gen_edge *e, int n, gen_test *t,
                   char *err, size_t errlen)
{
    if (n < 1)
        return fail(err, errlen, "no relaxation given");
    if (n > GEN_MAX_EDGES)
        return fail(err, errlen, "too many relaxations in one cycle");
    for (int i = 0; i < n; i++) {
        const gen_edge *x = &e[i], *y = &e[(i + 1) % n];
        if (x->dst != y->src) {
            snprintf(err, errlen, "impossible direction: %s ends on a %s "
                     "and %s starts from a %s", x->name,
                     x->dst == 'R' ? "read" : "write", y->name,
                     y->src == 'R' ? "read" : "write");
            return false;
        }
        if (gen_ann_merge(a, x->dann, y->sann) == -2) {
            snprintf(err, errlen, "%s and %s give the access between them "
                     "two annotations", x->name, y->name);
            return false;
        }
        if (x->kind == GK_ANN)
            return fail(err, errlen, "an annotation word must follow an "
                        "edge");
    }
    /* P0 starts at the first event that follows an external edge */
    int s = -1;
    for (int i = 0; i < n && s < 0; i++)
        if (is_ext(&e[(i + n - 1) % n]))
            s = i;
    if (s < 0)
        return fail(err, errlen, "the cycle has no external edge (Rfe, "
                    "Fre, Wse...): it would be one thread");
    gen_edge r[GEN_MAX_EDGES];
    for (int k = 0; k < n; k++)
        r[k] = e[(s + k) % n];

    /* main events 0..n-1, event k the source of r[k] */
    int th = 0;
    for (int k = 0; k < n; k++) {
        int ev = new_event(t, r[k].src);
        gen_event *v = &t->ev[ev];
        const gen_edge *in = &r[(k + n - 1) % n];
        v->ann = gen_ann_merge(a, in->dann, r[k].sann);
        v->rmw = v->ann >= 0 && a->rmw_annot &&
                 !strcmp(a->annots[v->ann].name, a->rmw_annot);
        if (in->kind == GK_FENCE)
            v->fence = in->fence;
        if (in->kind == GK_DP)
            v->dep = in->dp;
        if (th >= GEN_MAX_THREADS)
            return fail(err, errlen, "too many threads");
        gen_thread *p = &t->th[th];
        v->thread = th;
        v->pos = p->n;
        p->ev[p->n++] = ev;
        if (is_ext(&r[k]))
            th++;
    }
    t->nth = th;

    /* locations: segment starts follow different-location edges */
    bool start[GEN_MAX_EDGES];
    bool any_start = false;
    for (int k = 0; k < n; k++) {
        start[k] = !same_loc(&r[(k + n - 1) % n]);
        any_start |= start[k];
    }
    t->oneloc = !any_start;
    int nstart = 0;
    for (int k = 0; k < n; k++)
        nstart += start[k];
    if (nstart == 1)
        return fail(err, errlen, "the cycle changes location only once: "
                    "it would come back to a location it says it left "
                    "(a Pod, Dp or fence edge needs a second one, or none "
                    "at all)");
    int seg_of[GEN_MAX_EDGES], seg_loc[GEN_MAX_EDGES];
    for (int k = 0; k < n; k++) {
        int j = k;
        if (any_start)
            while (!start[j])
                j = (j + n - 1) % n;
        seg_of[k] = any_start ? j : 0;
        seg_loc[k] = -1;
    }
    for (int k = 0; k < n; k++) {
        if (seg_loc[seg_of[k]] < 0) {
            if (t->nloc >= GEN_MAX_LOCS)
                return fail(err, errlen, "too many locations");
            seg_loc[seg_of[k]] = t->nloc++;
        }
        t->ev[k].loc = seg_loc[seg_of[k]];
    }

    /* detours: the middle write, on a new thread */
    int middle[GEN_MAX_EDGES];
    for (int k = 0; k < n; k++) {
        middle[k] = -1;
        if (r[k].kind != GK_DETOUR)
            continue;
        if (t->nth >= GEN_MAX_THREADS)
            return fail(err, errlen, "too many threads");
        int m = new_event(t, 'W');
        t->ev[m].loc = t->ev[k].loc;
        t->ev[m].thread = t->nth;
        t->th[t->nth].ev[0] = m;
        t->th[t->nth].n = 1;
        t->nth++;
        middle[k] = m;
    }

    /* values along each segment, and which write each read reads */
    int rf[GEN_MAX_EVENTS];
    int co[GEN_MAX_LOCS][GEN_MAX_EVENTS], nco[GEN_MAX_LOCS];
    int nval[GEN_MAX_LOCS];
    memset(nco, 0, sizeof nco);
    memset(nval, 0, sizeof nval);
    for (int i = 0; i < GEN_MAX_EVENTS; i++)
        rf[i] = -1;
    for (int k0 = 0; k0 < n; k0++) {
        if (any_start ? !start[k0] : k0 != 0)
            continue;
        int loc = t->ev[k0].loc, last = -1;
        for (int k = k0, steps = 0; steps < n; steps++) {
            int visit[2] = {k, -1};
            bool more = same_loc(&r[k]) && (any_start || k != n - 1);
            if (more && middle[k] >= 0)
                visit[1] = middle[k];
            for (int q = 0; q < 2 && visit[q] >= 0; q++) {
                gen_event *v = &t->ev[visit[q]];
                if (v->dir == 'W') {
                    v->value = ++nval[loc];
                    co[loc][nco[loc]++] = visit[q];
                    last = visit[q];
                } else {
                    v->value = last < 0 ? 0 : t->ev[last].value;
                    rf[visit[q]] = last;
                    if (v->rmw) {
                        /* an atomic pair writes back what it read, next
                           in coherence */
                        co[loc][nco[loc]++] = visit[q];
                        last = visit[q];
                    }
                }
            }
            if (!more)
                break;
            k = (k + 1) % n;
        }
    }

    /* reads that close the cycle */
    for (int k = 0; k < n; k++) {
        int next = (k + 1) % n;
        switch (r[k].kind) {
        case GK_RF: t->ev[next].in_cond = true; break;
        case GK_FR: t->ev[k].in_cond = true; break;
        case GK_DETOUR:
            if (r[k].src == 'R')
                t->ev[k].in_cond = true;                /* Fre from it */
            if (r[k].dst == 'R')
                t->ev[next].in_cond = true;             /* Rfe to it */
            break;
        default: break;
        }
    }
    bool uni_rmw = false;   /* one location with an atomic pair */
    if (t->oneloc) {
        for (int k = 0; k < t->nev; k++) {
            if (t->ev[k].dir == 'R')
                t->ev[k].in_cond = true;
            uni_rmw |= t->ev[k].rmw;
        }
        /* with an atomic pair, not diy7's list of the outcomes
           sequential consistency allows (its store-conditionals may
           fail): the cycle's own outcome, every read and the final
           value, no observer */
        if (!uni_rmw)
            return oneloc_outcomes(t, err, errlen);
        t->oneloc = false;
    }

    /* an atomic pair: its write's load reads the coherence predecessor;
       a location an atomic pair touches gets its final value (diy7:
       LB+popxs asks x=1 /\ y=1) */
    for (int loc = 0; loc < t->nloc; loc++)
        for (int i = 0; i < nco[loc]; i++) {
            gen_event *v = &t->ev[co[loc][i]];
            if (v->rmw && v->dir == 'W')
                v->lr_value = i ? t->ev[co[loc][i - 1]].value : 0;
            if (v->rmw) {
                int last = co[loc][nco[loc] - 1];
                t->final_loc[loc] = t->ev[last].value;
                t->final_set[loc] = true;
            }
        }

    /* pin each location's coherence order */
    for (int loc = 0; loc < t->nloc && !uni_rmw; loc++) {
        for (int i = 0; i + 1 < nco[loc]; i++) {
            int p = co[loc][i], q = co[loc][i + 1];
            bool q_middle = t->ev[q].thread >= th;
            /* the last write's final value, even when program order
               fixes it (CoWW): diy7 asks for it (the lr/sc campaign's
               SB+pos-pos has x=2 /\ y=2), but for -optcoherence */
            if (i + 2 == nco[loc] && !(t->optcoherence &&
                                        (before(t, p, q) ||
                                         witnessed(t, rf, p, q)))) {
                t->final_loc[loc] = t->ev[q].value;
                t->final_set[loc] = true;
                continue;
            }
            if (before(t, p, q))
                continue;                               /* CoWW */
            if (t->optcoherence && witnessed(t, rf, p, q))
                continue;
            if (i + 2 == nco[loc])
                continue;
            if (witnessed(t, rf, p, q))
                continue;
            if (t->nev >= GEN_MAX_EVENTS - 1)
                return fail(err, errlen, "too many events");
            int o = new_event(t, 'R');
            t->ev[o].loc = loc;
            t->ev[o].in_cond = true;
            t->ev[o].observer = true;
            int qth = t->ev[q].thread;
            if (t->ev[q].pos == 0 && q_middle) {
                /* the detour's own thread: read the earlier write first */
                t->ev[o].value = t->ev[p].value;
                rf[o] = p;
                thread_insert(t, qth, 0, o);
            } else {
                int pth = t->ev[p].thread;
                t->ev[o].value = t->ev[q].value;
                t->ev[o].fence = a->strong;
                rf[o] = q;
                thread_insert(t, pth, t->th[pth].n, o);
            }
        }
    }
    /* condition: locations first, then thread by thread the status of
       each atomic pair (last first, as diy7), the reads and the loads of
       atomic pairs */
    for (int loc = 0; loc < t->nloc; loc++)
        if (t->final_set[loc])
            t->cond_order[t->ncond++] = -1 - loc;
    for (int p = 0; p < t->nth; p++) {
        for (int i = t->th[p].n - 1; i >= 0; i--)
            if (t->ev[t->th[p].ev[i]].rmw)
                t->cond_order[t->ncond++] = GEN_COND_SC + t->th[p].ev[i];
        for (int i = 0; i < t->th[p].n; i++) {
            int ev = t->th[p].ev[i];
            gen_event *v = &t->ev[ev];
            if (v->dir == 'R' && (v->in_cond || v->rmw))
                t->cond_order[t->ncond++] = ev;
            else if (v->dir == 'W' && v->rmw)
                t->cond_order[t->ncond++] = GEN_COND_LR + ev;
        }
    }
    return true;
}

bool gen_build(const gen_arch *a, const gen_edge *e, int n, gen_test *t,
               char *err, size_t errlen)
{
    bool optco = t->optcoherence, forall = t->forall;
    unsigned variant = t->variant;
    gen_test_free(t);
    memset(t, 0, sizeof *t);
    t->optcoherence = optco;
    t->forall = forall;
    t->variant = variant;
    if (!layout(a, e, n, t, err, errlen))
        return false;
    gen_describe(a, e, n, t);
    return true;
}

void gen_test_free(gen_test *t)
{
    free(t->sc_rows);
    t->sc_rows = NULL;
    t->sc_nrows = 0;
}
