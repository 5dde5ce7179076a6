/* search.c — candidate executions: one run per thread, then rf and co.
 *
 * Runs are combined thread by thread, dropping a combination as soon as a
 * read's value is written by nobody (init included) that could still be
 * chosen. For a full combination, each location is solved on its own: co
 * orders of its writes (a thread's own writes kept in program order) and
 * rf for its reads (a write of the same value), keeping only those that
 * pass the coherence check for that location (po-loc | rf | co | fr
 * acyclic), cut as they are chosen by coherence's shapes (shapes,
 * source_ok). Locations do not interact in that check, so the candidates
 * are the product of the locations' solutions; only those reach the cat
 * model. Accepted candidates give final states.
 *
 * At scale (doc/model-scale.md): the first threads of a combination are
 * judged as a part by the model's checks that only grow with more
 * (part_ok), and identical threads (symmetry.c) have their runs picked
 * in one order, each execution standing for its arrangements
 * (arrange); under a rotation of the threads only the combinations
 * least among their rotations are judged (rot_least, emit). A
 * combination the model accepts whole is counted (counted); the
 * candidates of combinations under a prefix of runs whose every
 * completion the model accepts are taken without running it (settled),
 * and so are the last location's solutions, all of them or those of one
 * rf, when the model accepts their co orders at once (last_groups). */
#include "model/engine.h"
#include "model/co_count.h"
#include "model/run_sets.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A read's source in a part of a combination (threads 0..t): a write of
 * a thread not chosen yet, so no rf (local ids stop at 62). */
#define OPEN MDL_MAX_LOC_EVENTS

/* A location's accesses in the current combination. Local numbering:
 * 0 = initial write, 1..n_w = writes, n_w+1..n_w+n_r = reads, then the
 * writes set aside from co (sem_event.aside: in no co order, a source
 * of aside reads only). */
typedef struct loc_plan {
    int n_w, n_r, n_a, cap;
    int *w, *r, *a;             /* global event ids */
    uint64_t *also;             /* reads: the writes (local bits) each
                                   reads besides its source (sem_event.
                                   also) */
    /* with aside writes (aside_placed): the writes in co before lock.cat
       merges the unlocks in (local bits, the initial write's too), and
       the reads in rf then, all but a lock's (read index bits) */
    uint64_t co_early, rf_early;
    uint64_t *poloc;            /* local -> later same-thread locals */
    uint64_t *w_before;         /* writes that must precede in co */
    uint64_t *src;              /* reads: writes of the same value */
    int n_sol, cap_sol;
    int *sol;                   /* n_w co order (locals) + n_r sources */
    bool *sol_ok;               /* each solution is coherent (always,
                                   unless the search keeps them all) */
    int cap_ok;
    int pick;
    int co_sorted;              /* co's first co_sorted writes in id order
                                   (co_unused) */
    bool one;                   /* one coherent solution is all (locks
                                   under a model without coherence) */
    bool halt;                  /* enumeration stopped by a limit */
    bool capped;                /* ... because it has too many solutions */
    /* enumeration scratch */
    int *order, *from;
    /* rmw atomicity pruning (ops->rmw_atomic): each read's rmw write
     * (local write id, or 0), each local's thread, write co positions */
    int *rmw_w, *thr, *pos;
    int *rmw_read_of;           /* each local write's rmw read j, or -1 */
    /* a lock word that plain accesses use too (lock_mixed): each local
       write's kind there, LK_PLAIN, LK_UNLOCK, or the local id of its
       lock's matching unlock (LK_UNMATCHED: none) */
    bool mixed;
    int *lk;
    /* coherence shapes, for pruning as sources are chosen: each read's
     * writes before and after it in its thread (local write bits), and
     * the reads before it in its thread (read index bits) */
    uint64_t *wpre, *wpost, *rpre;
    /* the problem last solved (same_problem): its key, and its number
       of solutions, -1 when there are none to reuse */
    uint64_t *key, *key2;
    int n_key, cap_key, cap_key2;
    int same_sols;
    uint64_t ver;               /* changes when its solutions are made
                                   again (pair_tables) */
} loc_plan;

typedef mdl_ev gev;

typedef struct search {
    mdl_test *m;
    cat_model *model;
    bool values;                /* the model reads x.sameval */
    sem_tags nonmem, chosen;    /* herd7's lock operations, for a model
                                   that chooses co (sem_ops.herd_nonmem) */
    int *pick;                  /* run chosen per thread */
    int n_ev, cap_ev;
    gev *ev;
    int *base;                  /* first global event of each thread */
    int *loc_ev, cap_loc_ev;    /* the threads' events of location l,
                                   in order: loc_ev[loc_at[l]..loc_at[l+1]) */
    int *loc_at;
    int n_regs;                 /* build_events': register events, */
    bool amo_made;              /* AMOs, and need_rels made the sets and */
    bool rels_made;             /* relations for them */
    int *src, cap_src;          /* each read's write (symbolic_values) */
    int *final_w, cap_final_w;  /* each shown location's co-last write */
    loc_plan *plans;
    int *weight, *by_weight;    /* writes per location; solving order */
    int *prod;                  /* the product's order of locations */
    cat_exec x;
    int x_n;                    /* size the relations were made for */
    bool x_made;                /* they are allocated (x_n may be 0) */
    mdl_set tags[SEM_MAX_TAGS + MDL_MAX_HERD_SETS];
                                /* the architecture's (ops->tags), then
                                   herd7's sets (mdl_herd_names) */
    const char *names[SEM_MAX_TAGS + MDL_MAX_HERD_SETS];
    int n_names;
    bool regs;                  /* the model reads register events */
    bool si;                    /* ... same-instance */
    bool herd_sets;             /* ... Exp or BCC */
    mdl_regs rg;
    mdl_amos amo;               /* one-event AMOs (herdev.c) */
    sem_val *vals;              /* the state being built */
    /* values each thread's runs may write, per location, and suffix
     * unions over threads t.. (for early pruning) */
    int **later_n;
    sem_val ***later;
    mdl_run_sets rs;            /* each run's reads and writes, for the
                                   picks of choose_runs (run_sets.c) */
    mdl_status status;
    bool stop;
    bool bad_probe;             /* a combination with an illegal run
                                   (bad_accepted): its candidates are
                                   judged, none kept */
    bool bad_hit;               /* ... and the model accepted one */
    /* the first such candidate in herd7's order (ill_before), whose
       message the refusal gives once the search is done */
    bool ill_found;
    int ill_tries;              /* combinations judged since: a bound */
    int *ill_key, n_ill_key, cap_ill_key;
    ll_diag ill_diag;
    bool any_illegal;           /* some run is illegal: a cut run serves
                                   its combinations after `Loop` too */
    bool sizes_vary;            /* mdl_sizes_vary: check each combination */
    bool all_co;                /* keep incoherent solutions too, for
                                   --explain (never counted), or for a
                                   model that forbids none (counted) */
    bool co_unused;             /* the model binds no co (co_sorted) */
    bool atomic_pairs;          /* the model forbids what rmw_atomic
                                   prunes, in rmw pairs (cat_atomic_pairs) */
    bool atomic_single;         /* ... in one-event RMWs */
    unsigned ticks;             /* enumeration steps, for the clock */
    double mem_checked;         /* when the resident size was read */
    uint64_t mem_base;          /* the resident size when the search
                                   began: a worker keeps what an earlier
                                   file's search grew (a sanitizer's
                                   allocator gives none of it back), so
                                   the search judges its own growth */
    /* Parts of combinations (threads 0..t), cut when the model's
     * partial_safe checks fail on every way to complete them. */
    bool partial;               /* the model has such checks */
    int n_active;               /* threads whose events are built */
    int open_from;              /* reads may be OPEN (threads open_from..
                                   write their value), or n_threads */
    uint64_t parts, parts_cut;
    /* Prefixes of the last location's co orders (last_location), judged
     * the same way while they cut. */
    bool prefix;
    uint64_t prefixes, prefixes_cut, skipped;
    /* Parts of the product (its first locations picked), judged the
     * same way while the cuts save more than they cost (level_dead). */
    bool levels_on;
    uint64_t levels, levels_saved;
    /* Combinations answered by counting (counted): whether the test
     * may be, and how many executions were counted so. */
    bool count;
    uint64_t counted, judged, judged_all;
    /* Classes of runs counted together (run_family.c, families): set
     * while they are, judging only (nothing accepted) on a first pass. */
    const mdl_families *fam;
    bool fam_judge;
    co_work co_work;            /* co_count's table, kept (zeroed) */
    uint64_t *fam_counts;       /* each class combination's co_count
                                   results from the first pass, or NULL */
    int64_t fam_at;             /* the class combination counted */
    /* Combinations settled by a prefix (settled): with the runs of
     * threads 0..k-1 picked and any runs of the others (whose runs are
     * alike but for the values read), the model accepts every coherent
     * candidate (bound_accepts); the combinations under such a prefix
     * have their candidates enumerated, each accepted without a run of
     * the model (an RCU chain's 2^n combinations but one or two). */
    bool settle_on;
    int settle_min;             /* threads settle_min.. have alike runs */
    int wide_from;              /* threads widen() widens (settled), or
                                   n_threads */
    int *settle_pick;           /* the picks the verdicts were made for */
    signed char *settle_ok;     /* per k: the verdict with k picked */
    int settle_valid;           /* verdicts 0..settle_valid-1 hold */
    bool settled;               /* the combination enumerated is */
    uint64_t batch;             /* candidate() stands for this many
                                   (count_group), else 1 */
    uint64_t settle_judged, settle_saved;
    /* The product's last location, free of rmws, judged a group of its
     * solutions at a time (last_groups): all of them, else those of one
     * rf, each group's co orders at once. grouped: in this combination
     * (its values fixed, no AMO); grp: its solutions by rf. */
    bool group_on, grouped;
    bool values_fixed;          /* the combination writes no value made
                                   of a read (symbolic) and has none of
                                   herd7's lock operations */
    uint64_t groups, groups_saved;
    /* Pairs of locations judged (pair_tables): pair[a * L + b], a < b
     * location ids, holds per solution pair (sol_a * n_b + sol_b) 0
     * not judged yet, 1 the model's partial_safe checks pass on that
     * pair alone, 2 they fail; valid while both locations' solutions
     * (their ver) and the combination's events and relations but rf
     * and co (snap; ctx changes with them) stay those it was made
     * with. */
    bool pairs_on, paired;
    struct pair_table {
        unsigned char *v;
        int cap;
        uint64_t va, vb, ctx;
    } *pair;
    uint64_t vers, ctx;
    uint64_t *snap, *snap2;
    int n_snap, cap_snap, cap_snap2;
    uint64_t pair_judged, pair_saved;
    /* The rmw-free locations, last in the product from multi_from on,
     * judged at once (multi_group): their solutions left by the pairs,
     * unioned. */
    int multi_from;
    bool multi_on;
    uint64_t multi_judged, multi_saved;
    int *alive, cap_alive;
    int *grp, cap_grp;
    /* Identical threads (symmetry.c): runs picked in one order only,
     * each candidate's states given for every arrangement. */
    bool use_sym, sym_made;
    bool sym_on;                /* use_sym, while runs are picked (not
                                   while classes are counted) */
    mdl_symmetry sym;
    int n_cls;                  /* classes of two threads or more */
    int *cls_start, *cls_n, *cls_th;    /* members, in thread order */
    int *arr;                   /* per member: the picks arranged */
    sem_val *vals2;             /* an arrangement's state */
    /* A rotation of the threads (symmetry.c): only the combinations
     * least among their rotations are judged (rot_on, while runs are
     * picked), each execution giving the states of its rot_period
     * distinct rotations. */
    bool rot_made, rot_on;
    mdl_rotation rot;
    int rot_period;
    int *rot_q;                 /* two pick vectors, for rot_least */
    sem_val *vals3;             /* a rotation's state */
} search;

/* ---- values that threads t.. may write ---- */

static bool has_val(const sem_val *v, int n, sem_val x)
{
    for (int i = 0; i < n; i++)
        if (sem_val_eq(v[i], x))
            return true;
    return false;
}

static void later_values(search *s)
{
    mdl_test *m = s->m;
    int T = m->n_threads, L = m->n_locs;
    s->later = ll_xcalloc((size_t)T + 1, sizeof *s->later);
    s->later_n = ll_xcalloc((size_t)T + 1, sizeof *s->later_n);
    for (int t = T; t >= 0; t--) {
        s->later[t] = ll_xcalloc((size_t)L + 1, sizeof **s->later);
        s->later_n[t] = ll_xcalloc((size_t)L + 1, sizeof **s->later_n);
        for (int l = 0; l < L; l++)
            s->later[t][l] = ll_xmalloc(sizeof(sem_val) *
                                        ((size_t)m->locs[l].n_dom + 1));
        if (t == T)
            continue;
        for (int l = 0; l < L; l++) {
            memcpy(s->later[t][l], s->later[t + 1][l],
                   sizeof(sem_val) * (size_t)s->later_n[t + 1][l]);
            s->later_n[t][l] = s->later_n[t + 1][l];
        }
        mdl_thread *th = &m->threads[t];
        for (int k = 0; k < th->n_runs; k++)
            for (int i = 0; i < th->runs[k].n_ev; i++) {
                const sem_event *e = &th->runs[k].ev[i];
                if (e->kind != SEM_W ||
                    has_val(s->later[t][e->loc], s->later_n[t][e->loc],
                            e->val))
                    continue;
                /* written values are in the domain, so this fits */
                s->later[t][e->loc][s->later_n[t][e->loc]++] = e->val;
            }
    }
}

static void free_later(search *s)
{
    for (int t = 0; t <= s->m->n_threads; t++) {
        for (int l = 0; l < s->m->n_locs; l++)
            free(s->later[t][l]);
        free(s->later[t]);
        free(s->later_n[t]);
    }
    free(s->later);
    free(s->later_n);
}

/* ---- the combination's events and fixed relations ---- */

static void add_gev(search *s, const sem_event *e, int thread, int loc,
                    sem_val v)
{
    ll_grow((void **)&s->ev, &s->cap_ev, s->n_ev + 1, sizeof *s->ev);
    gev *g = &s->ev[s->n_ev++];
    g->e = e;
    g->thread = thread;
    g->loc = loc;
    g->val = v;
}

enum { N_BASE = 6, N_SETS = N_BASE + SEM_MAX_TAGS + MDL_MAX_HERD_SETS,
       N_RELS = 19 };

/* The engine's sets and relations as arrays; returns how many sets (the
 * base ones, then the architecture's tags). */
static int exec_parts(search *s, mdl_set **sets, mdl_rel **rels)
{
    cat_exec *x = &s->x;
    mdl_set *base_sets[] = {&x->R, &x->W, &x->F, &x->IW, &x->B, &x->OBS};
    mdl_rel *base_rels[] = {&x->po, &x->rf, &x->co, &x->loc, &x->thread,
                           &x->addr, &x->data, &x->ctrl, &x->ctrlisync,
                           &x->rmw, &x->paddr, &x->pdata, &x->pctrl,
                           &x->pctrlisync, &x->sameval, &x->rfreg,
                           &x->iico_data, &x->iico_ctrl,
                           &x->same_instance};
    for (int i = 0; i < N_BASE; i++)
        sets[i] = base_sets[i];
    int n_tags = s->n_names;
    for (int i = 0; i < n_tags; i++)
        sets[N_BASE + i] = &s->tags[i];
    for (int i = 0; i < N_RELS; i++)
        rels[i] = base_rels[i];
    return N_BASE + n_tags;
}


static void free_exec(search *s)
{
    mdl_set *sets[N_SETS];
    mdl_rel *rels[N_RELS];
    int n_sets = exec_parts(s, sets, rels);
    for (int i = 0; i < n_sets; i++)
        mdl_set_free(sets[i]);
    for (int i = 0; i < N_RELS; i++)
        mdl_rel_free(rels[i]);
    s->x_n = 0;
    s->x_made = false;
}

/* Relations sized for n events, empty; reused while n stays the same. */
static void size_exec(search *s, int n)
{
    mdl_set *sets[N_SETS];
    mdl_rel *rels[N_RELS];
    int n_sets = exec_parts(s, sets, rels);
    /* named even for an execution with no event at all */
    s->x.n_tags = s->n_names;
    s->x.tag_names = s->names;
    s->x.tags = s->tags;
    if (s->x_made && s->x_n == n) {
        for (int i = 0; i < n_sets; i++)
            mdl_set_clear(sets[i]);
        for (int i = 0; i < N_RELS; i++)
            mdl_rel_clear(rels[i]);
        return;
    }
    if (s->x_made)
        free_exec(s);
    for (int i = 0; i < n_sets; i++)
        mdl_set_init(sets[i], n);
    for (int i = 0; i < N_RELS; i++)
        mdl_rel_init(rels[i], n);
    s->x_n = n;
    s->x_made = true;
    s->x.n = n;
}

/* Dependencies of event g on the sources in taint t (same thread): its
 * reads, and writes sem_source made sources. */
static void add_deps(search *s, mdl_rel *rel, int thread, sem_taint t, int g)
{
    const mdl_run *run = &s->m->threads[thread].runs[s->pick[thread]];
    for (int i = 0; t && i < run->n_ev; i++) {
        const sem_event *e = &run->ev[i];
        if (e->read_no >= 0 && (t >> e->read_no & 1)) {
            if (!e->nodep || s->ev[g].e->rmw_read == i)  /* its own write's */
                mdl_rel_add(rel, s->base[thread] + i, g);
            t &= ~((sem_taint)1 << e->read_no);
        }
    }
}

/* RMW write g's other rmw pairs (sem_ops.nested_rmw): each atomic
 * read of its step and location that its data depends on, a nested
 * RMW's whose value it takes straight (not through a fully ordered
 * one's trailing fence: nodep). The search's atomicity pruning keeps to
 * g's own read; the model's check judges these. */
static void nested_rmw(search *s, mdl_rel *rmw, int thread, int g)
{
    const sem_event *w = s->ev[g].e;
    sem_tags tag = s->m->ops->nested_rmw;
    if (!(w->tags & tag) || (w->tags & s->m->ops->one_event) || !w->step)
        return;
    const mdl_run *run = &s->m->threads[thread].runs[s->pick[thread]];
    for (int i = 0; i < run->n_ev; i++) {
        const sem_event *e = &run->ev[i];
        if (e->kind == SEM_R && i != w->rmw_read && (e->tags & tag) &&
            !(e->tags & s->m->ops->one_event) && e->step == w->step &&
            e->loc == w->loc && !e->nodep && e->read_no >= 0 &&
            e->read_no < 64 && (w->data >> e->read_no & 1))
            mdl_rel_add(rmw, s->base[thread] + i, g);
    }
}

/* An event with a value (herd7's value_of): accesses and initial
 * writes, and a fence that carries one (SRCU). */
static bool valued(const search *s, const gev *a)
{
    return !a->e || ((a->e->kind == SEM_R || a->e->kind == SEM_W) &&
                     !(a->e->tags & s->nonmem)) ||
           a->e->valued;
}

/* Solved by the engine: an access, not a read the model sources. */
static bool solved(const search *s, const gev *a)
{
    return a->e->kind != SEM_F && !(a->e->tags & s->chosen);
}

/* Two events of one executed instruction, which herd7's po does not
 * order on an architecture with po_between_instrs. */
static bool same_instr(const search *s, const gev *a, const gev *b)
{
    return a->e && b->e && a->thread == b->thread &&
           a->e->inst == b->e->inst &&
           (s->m->ops->po_between_instrs ||
            ((a->e->tags | b->e->tags) & s->m->ops->unordered_in_instr));
}

static bool is_access(const sem_event *e)
{
    return e->kind == SEM_R || e->kind == SEM_W;
}

/* herd7's iico from access k to access h of one step of thread t: k's
 * read in h's dependencies, or k the read of h's RMW. */
static bool iico_edge(const search *s, int t, int k, int h)
{
    const sem_event *a = s->ev[k].e, *b = s->ev[h].e;
    if (b->rmw_read >= 0 && s->base[t] + b->rmw_read == k)
        return true;
    return a->read_no >= 0 && a->read_no < 64 && !a->nodep &&
           ((b->addr | b->data | b->ctrl | b->iico) >> a->read_no & 1);
}

/* Bit i: access g + i follows access g along iico (g + i <= h). */
static uint64_t iico_reach(const search *s, int t, int g, int h)
{
    uint64_t reach = 1;
    for (int k = g + 1; k <= h; k++)
        if (is_access(s->ev[k].e))
            for (uint64_t r = reach; r; r &= r - 1)
                if (iico_edge(s, t, g + __builtin_ctzll(r), k)) {
                    reach |= 1ull << (k - g);
                    break;
                }
    return reach;
}

/* A fence f and access k of its step: herd7 orders a fully ordered
 * RMW's leading fence before every access of its call (the operands'
 * and the RMW's own) and its trailing fence after them, and the other
 * operands of an enclosing operator or call, another RMW's accesses
 * among them, with neither; the C semantics give the call's statements
 * (sem_event.call_first). */
static bool fence_edge(const search *s, int f, int k)
{
    const sem_event *fe = s->ev[f].e;
    if (fe->call_last >= 0)     /* its call's statements (c.c rmw_fence) */
        return s->ev[k].e->stmt >= fe->call_first &&
               s->ev[k].e->stmt <= fe->call_last;
    /* a fence of no RMW (smp_store_mb's, after its store and all the
       value's accesses, an RMW's among them: `smp_store_mb(*y,
       atomic_fetch_add_release(1, z))`): with everything */
    return true;
}

/* Events g < h of one thread, both of one of herd7's instructions that
 * the semantics runs as several steps (sem_event.step: a C statement),
 * that herd7's po leaves unordered: no chain of iico from g to h
 * (`READ_ONCE(*x) + READ_ONCE(*y)`: the operands are evaluated in
 * parallel). */
static bool step_unordered(const search *s, int g, int h)
{
    const gev *a = &s->ev[g], *b = &s->ev[h];
    if (!a->e || !b->e || a->thread != b->thread || !a->e->step ||
        a->e->step != b->e->step || h <= g)
        return false;
    int t = a->thread, end = h;
    while (end + 1 < s->n_ev && s->ev[end + 1].thread == t &&
           s->ev[end + 1].e && s->ev[end + 1].e->step == a->e->step)
        end++;
    if (end - g >= 64)
        return false;       /* (a statement of 64 events: ordered) */
    if (b->e->wait_last >= 0 && a->e->stmt >= b->e->wait_first &&
        a->e->stmt <= b->e->wait_last)
        return false;   /* the nested call an exchange's write waits for */
    bool fa = !is_access(a->e), fb = !is_access(b->e);
    if (a->e->kind == SEM_B || b->e->kind == SEM_B || (fa && fb))
        return false;
    if (fa || fb)
        return !fence_edge(s, fa ? g : h, fa ? h : g);
    return !(iico_reach(s, t, g, h) >> (h - g) & 1);
}

/* loc: location l's events gathered in the row of its initial write
 * (event l), then that row copied to each of them. */
static void same_loc(search *s)
{
    mdl_rel *loc = &s->x.loc;
    for (int g = 0; g < s->n_ev; g++)
        if (s->ev[g].loc >= 0)
            mdl_rel_add(loc, s->ev[g].loc, g);
    size_t W = (size_t)loc->words;
    for (int g = s->m->n_locs; g < s->n_ev; g++)
        if (s->ev[g].loc >= 0)
            memcpy(loc->w + (size_t)g * W, loc->w + (size_t)s->ev[g].loc * W,
                   W * sizeof *loc->w);
}

/* sameval among valued events, the same way: each value's events in the
 * row of the first event with that value, copied to the others. */
static void same_value(search *s)
{
    mdl_rel *sv = &s->x.sameval;
    /* firsts: the events that are their value's first, in order (a
       few values, and many events before the first of some) */
    int *rep = ll_xmalloc(((size_t)s->n_ev + 1) * 2 * sizeof *rep);
    int *firsts = rep + s->n_ev + 1, n_firsts = 0;
    for (int g = 0; g < s->n_ev; g++) {
        rep[g] = -1;
        if (!valued(s, &s->ev[g]))
            continue;
        rep[g] = g;
        for (int i = 0; i < n_firsts; i++)
            if (sem_val_eq(s->ev[firsts[i]].val, s->ev[g].val)) {
                rep[g] = firsts[i];
                break;
            }
        if (rep[g] == g)
            firsts[n_firsts++] = g;
        mdl_rel_add(sv, rep[g], g);
    }
    size_t W = (size_t)sv->words;
    for (int g = 0; g < s->n_ev; g++)
        if (rep[g] >= 0 && rep[g] != g)
            memcpy(sv->w + (size_t)g * W, sv->w + (size_t)rep[g] * W,
                   W * sizeof *sv->w);
    free(rep);
}

/* The combination's written values are constants (none made of a read,
 * herd7's symbolic values) and it has none of herd7's lock operations:
 * its %same-value does not vary with rf, so an upper bound of rf and co
 * bounds the whole execution (counted, last_groups). */
static bool fixed_values(const search *s)
{
    for (int g = s->m->n_locs; g < s->n_ev; g++)
        if ((s->ev[g].e->kind == SEM_W && s->ev[g].e->vdata) ||
            (s->ev[g].e->tags & s->m->ops->herd_nonmem))
            return false;
    return true;
}

/* The threads' events grouped by location (plan_location looks at one
 * location's: a pass over every event per location was a tenth of a
 * 19-thread RCU chain's time). */
static void by_location(search *s)
{
    int L = s->m->n_locs;
    ll_grow((void **)&s->loc_ev, &s->cap_loc_ev, s->n_ev + 1,
            sizeof *s->loc_ev);
    for (int l = 0; l <= L; l++)
        s->loc_at[l] = 0;
    for (int g = L; g < s->n_ev; g++)
        if (s->ev[g].loc >= 0)
            s->loc_at[s->ev[g].loc + 1]++;
    for (int l = 0; l < L; l++)
        s->loc_at[l + 1] += s->loc_at[l];
    int *at = s->loc_at + L + 1;    /* where each location's next goes */
    for (int l = 0; l < L; l++)
        at[l] = s->loc_at[l];
    for (int g = L; g < s->n_ev; g++)
        if (s->ev[g].loc >= 0)
            s->loc_ev[at[s->ev[g].loc]++] = g;
}

static void build_events(search *s)
{
    mdl_test *m = s->m;
    s->n_ev = 0;
    for (int l = 0; l < m->n_locs; l++)
        add_gev(s, NULL, -1, l, m->locs[l].init);
    for (int t = 0; t < s->n_active; t++) {
        const mdl_run *run = &m->threads[t].runs[s->pick[t]];
        s->base[t] = s->n_ev;
        for (int i = 0; i < run->n_ev; i++)
            add_gev(s, &run->ev[i], t, run->ev[i].loc, run->ev[i].val);
    }
    by_location(s);
    s->n_regs = s->regs ? mdl_regs_make(&s->rg, m, s->pick) : 0;
    s->amo_made = mdl_amo_make(&s->amo, m, s->pick, s->base);
    s->values_fixed = fixed_values(s);
    s->rels_made = false;
}

/* The execution's sets and relations, but rf and co, for the events
 * build_events made: only once something reads them (a settled
 * combination, one of a 19-thread RCU chain's half million, needs none:
 * they were a third of its time). */
static void need_rels(search *s)
{
    mdl_test *m = s->m;
    if (s->rels_made)
        return;
    s->rels_made = true;
    int n_regs = s->n_regs;
    size_exec(s, s->n_ev + n_regs);
    cat_exec *x = &s->x;
    x->n_mem = s->n_ev;
    for (int g = 0; g < s->n_ev; g++) {
        const gev *a = &s->ev[g];
        if (!a->e) {
            if (!m->locs[a->loc].no_iw) {
                mdl_set_add(&x->W, g);
                mdl_set_add(&x->IW, g);
            }
        } else {
            bool mem = !(a->e->tags & s->nonmem);
            switch (a->e->kind) {
            case SEM_R: if (mem) mdl_set_add(&x->R, g); break;
            case SEM_W: if (mem) mdl_set_add(&x->W, g); break;
            case SEM_F: mdl_set_add(&x->F, g); break;
            case SEM_B: mdl_set_add(&x->B, g); break;
            }
            /* the tags it has, not every tag (C has dozens: a third
               of this function's time on the kernel's RCU chains) */
            for (sem_tags t = a->e->tags; t; t &= t - 1) {
                int k = __builtin_ctzll(t);
                if (k < s->m->ops->n_tags)
                    mdl_set_add(&s->tags[k], g);
            }
        }
        /* a thread's events are base[t] on, in program order: pairs
           are looked for there only (a test of 19 threads has 100
           events, and this runs for each of its candidates) */
        int lo = a->thread >= 0 ? s->base[a->thread] : 0;
        int hi = a->thread >= 0 ? lo + m->threads[a->thread]
                                           .runs[s->pick[a->thread]].n_ev
                                : 0;
        for (int h = lo; h < hi; h++) {
            const gev *b = &s->ev[h];
            mdl_rel_add(&x->thread, g, h);
            if (s->si && a->e->inst == b->e->inst)
                mdl_rel_add(&x->same_instance, g, h);
            if (g < h && !same_instr(s, a, b) && !step_unordered(s, g, h))
                mdl_rel_add(&x->po, g, h);
        }
        if (!a->e) {
            if (s->si)
                mdl_rel_add(&x->same_instance, g, g);
            continue;
        }
        /* As herd7's, ctrl reaches every event after the branch:
         * fences and later branches too (a model's ctrlcfence(ctrl,
         * ISYNC) needs the isync), ctrlisync only accesses. */
        add_deps(s, &x->ctrl, a->thread, a->e->ctrl, g);
        if (a->e->kind == SEM_R || a->e->kind == SEM_W) {
            add_deps(s, &x->addr, a->thread, a->e->addr, g);
            add_deps(s, &x->ctrlisync, a->thread, a->e->ctrlisync, g);
            add_deps(s, &x->paddr, a->thread, a->e->paddr, g);
            add_deps(s, &x->pctrl, a->thread, a->e->pctrl, g);
            add_deps(s, &x->pctrlisync, a->thread, a->e->pctrlisync, g);
        }
        if (a->e->kind == SEM_W) {
            add_deps(s, &x->data, a->thread, a->e->data, g);
            add_deps(s, &x->pdata, a->thread, a->e->pdata, g);
            if (a->e->rmw_read >= 0 && !(a->e->tags & s->nonmem)) {
                mdl_rel_add(&x->rmw, s->base[a->thread] + a->e->rmw_read, g);
                nested_rmw(s, &x->rmw, a->thread, g);
            }
        }
    }
    same_loc(s);
    /* herd7's FW sees only the shown locations' events: the row of a
       shown location's initial write in loc (one pass per shown place,
       not per event and place: a chain of 19 threads has 19 of each) */
    for (int i = 0; i < m->n_obs; i++)
        if (m->obs[i].mem >= 0)
            mdl_set_union(&x->OBS, &x->OBS,
                          &(mdl_set){x->loc.n, x->loc.words,
                                     x->loc.w + (size_t)m->obs[i].mem *
                                                    (size_t)x->loc.words});
    if (s->values)
        same_value(s);
    mdl_set *herd[MDL_MAX_HERD_SETS];
    for (int i = m->ops->n_tags; i < s->n_names; i++)
        herd[i - m->ops->n_tags] = &s->tags[i];
    if (s->herd_sets)
        mdl_herd_sets_fill(m, s->ev, s->n_ev, herd);
    if (n_regs)
        mdl_regs_fill(&s->rg, m, s->pick, s->base, s->n_ev, x, herd);
    if (s->amo_made) {
        mdl_set *sets[N_SETS];
        mdl_rel *rels[N_RELS];
        int n_sets = exec_parts(s, sets, rels);
        static const bool reflexive[N_RELS] = {
            [3] = true, [4] = true, [14] = true, [18] = true,
        };
        mdl_amo_fold(&s->amo, sets, n_sets, rels, reflexive, N_RELS);
    }
}

/* ---- per-location solutions ---- */

static void plan_reset(loc_plan *p, int need)
{
    if (need > p->cap) {
        p->cap = need;
        p->w = ll_xrealloc(p->w, (size_t)need * sizeof *p->w);
        p->r = ll_xrealloc(p->r, (size_t)need * sizeof *p->r);
        p->a = ll_xrealloc(p->a, (size_t)need * sizeof *p->a);
        p->also = ll_xrealloc(p->also, (size_t)need * 8);
        p->poloc = ll_xrealloc(p->poloc, (size_t)(need + 1) * 8);
        p->w_before = ll_xrealloc(p->w_before, (size_t)(need + 1) * 8);
        p->src = ll_xrealloc(p->src, (size_t)(need + 1) * 8);
        p->order = ll_xrealloc(p->order, (size_t)(need + 1) * sizeof(int));
        p->from = ll_xrealloc(p->from, (size_t)(need + 1) * sizeof(int));
        p->rmw_w = ll_xrealloc(p->rmw_w, (size_t)(need + 1) * sizeof(int));
        p->thr = ll_xrealloc(p->thr, (size_t)(need + 1) * sizeof(int));
        p->pos = ll_xrealloc(p->pos, (size_t)(need + 1) * sizeof(int));
        p->rmw_read_of = ll_xrealloc(p->rmw_read_of,
                                     (size_t)(need + 1) * sizeof(int));
        p->lk = ll_xrealloc(p->lk, (size_t)(need + 1) * sizeof(int));
        p->wpre = ll_xrealloc(p->wpre, (size_t)(need + 1) * 8);
        p->wpost = ll_xrealloc(p->wpost, (size_t)(need + 1) * 8);
        p->rpre = ll_xrealloc(p->rpre, (size_t)(need + 1) * 8);
    }
    p->n_w = p->n_r = p->n_a = p->n_sol = 0;
    p->halt = p->capped = false;
}

/* The global event of local id i >= 1 (loc_plan's numbering). */
static int local_ev(const loc_plan *p, int i)
{
    return i <= p->n_w         ? p->w[i - 1]
           : i <= p->n_w + p->n_r ? p->r[i - 1 - p->n_w]
                                  : p->a[i - 1 - p->n_w - p->n_r];
}

static bool acyclic_small(const uint64_t *adj, int n)
{
    uint64_t alive = n >= 64 ? ~0ull : (1ull << n) - 1;
    while (alive) {
        bool removed = false;
        for (int i = 0; i < n; i++)
            if ((alive >> i & 1) && !(adj[i] & alive)) {
                alive &= ~(1ull << i);
                removed = true;
            }
        if (!removed)
            return false;
    }
    return true;
}

/* The writes read j reads: its source and its also (local bits). */
static uint64_t read_from(const loc_plan *p, int j)
{
    return p->also[j] | (p->from[j] == OPEN ? 0 : 1ull << p->from[j]);
}

/* With aside writes, herd7's lock.cat has one more check: it chooses co
 * (cos-opt.cat) before it merges the unlocks in, among the orders of
 * its writes then (co_early) that extend what the reads of rf then
 * (rf_early) observe, the unlocks they read too (rf ; po-loc ; [W],
 * [W] ; po-loc ; rf^-1, rf ; po-loc ; rf^-1), whose cycles it refuses
 * (ConsCo) and whose paths through events out of co order co too. An
 * aside write, never in co, is only placed there: RUs of one thread
 * reading it, the initial write and it again have no execution. Such
 * an order exists when those observations and co then make no cycle. */
static bool aside_placed(const loc_plan *p)
{
    int n = 1 + p->n_w + p->n_r + p->n_a;
    uint64_t adj[MDL_MAX_LOC_EVENTS + 1] = {0};
    int prev = 0;
    for (int i = 0; i < p->n_w; i++)
        if (p->co_early >> p->order[i] & 1) {
            adj[prev] |= 1ull << p->order[i];
            prev = p->order[i];
        }
    for (uint64_t b = p->rf_early; b; b &= b - 1) {
        int j = __builtin_ctzll(b), rd = 1 + p->n_w + j;
        uint64_t from = read_from(p, j), wr = 0;
        for (uint64_t c = p->co_early & ~1ull; c; c &= c - 1)
            if (p->poloc[__builtin_ctzll(c)] >> rd & 1)
                wr |= 1ull << __builtin_ctzll(c);
        uint64_t later = p->poloc[rd] & p->co_early;
        for (uint64_t c = p->rf_early; c; c &= c - 1) {
            int k = __builtin_ctzll(c);
            if (p->poloc[rd] >> (1 + p->n_w + k) & 1)
                later |= read_from(p, k);
        }
        for (; from; from &= from - 1) {
            int w = __builtin_ctzll(from);
            adj[w] |= later & ~(1ull << w);
            for (uint64_t c = wr & ~(1ull << w); c; c &= c - 1)
                adj[__builtin_ctzll(c)] |= 1ull << w;
        }
    }
    return acyclic_small(adj, n);
}

/* The location's coherence check for the current order and sources. */
static bool coherent(const loc_plan *p)
{
    int n = 1 + p->n_w + p->n_r + p->n_a;
    uint64_t adj[MDL_MAX_LOC_EVENTS + 1];
    int next[MDL_MAX_LOC_EVENTS + 1];        /* co successor of each write */
    int prev = 0;
    for (int i = 0; i <= p->n_w; i++)
        next[i] = -1;
    for (int i = 0; i < n; i++)
        adj[i] = p->poloc[i];
    for (int i = 0; i < p->n_w; i++) {
        adj[prev] |= 1ull << p->order[i];
        next[prev] = p->order[i];
        prev = p->order[i];
    }
    for (int j = 0; j < p->n_r; j++) {
        int rd = 1 + p->n_w + j;
        /* its source, and the writes it reads besides (an aside
           write, in no co, makes no fr) */
        for (uint64_t from = read_from(p, j); from; from &= from - 1) {
            int w = __builtin_ctzll(from);
            adj[w] |= 1ull << rd;
            if (w <= p->n_w && next[w] >= 0)
                adj[rd] |= 1ull << next[w];
        }
    }
    return acyclic_small(adj, n) && (!p->n_a || aside_placed(p));
}

/* Over the time limit, or near the memory limit: the search stops and
 * says what it found (driver.c). The batch kills a worker over the
 * memory limit from outside (batch.c, every 50 ms), which could say
 * nothing of it: the search looks at the resident size every 20 ms and
 * stops when its own growth (mem_base) reaches 7/8 of the limit. */
static bool out_of_time(search *s)
{
    const mdl_limits *lim = &s->m->limits;
    if (lim->timeout <= 0 && !lim->max_memory)
        return false;
    double now = mdl_now();
    if (lim->timeout > 0 && now - s->m->start > lim->timeout) {
        s->status = MDL_TIMEOUT;
        s->stop = true;
        return true;
    }
    if (lim->max_memory && now - s->mem_checked > 0.02) {
        s->mem_checked = now;
        uint64_t rss = mdl_resident_bytes(0);
        if (rss > s->mem_base &&
            rss - s->mem_base > lim->max_memory / 8 * 7) {
            s->status = MDL_NOMEM;
            s->stop = true;
            return true;
        }
    }
    return false;
}

/* A location's solutions are all kept before the product is formed, so
 * their number is bounded here: by the execution limit (more solutions
 * than that mean more candidates, unless another location has none), by
 * the memory limit, and by the clock. */
static void stop_solving(search *s, loc_plan *p, mdl_status why)
{
    p->halt = true;
    if (why == MDL_TOO_MANY) {
        p->capped = true;
    } else {
        s->status = why;
        s->stop = true;
    }
}

static void save_solution(search *s, loc_plan *p, bool ok)
{
    const mdl_limits *lim = &s->m->limits;
    int k = p->n_w + p->n_r;
    if (k < 1)
        k = 1;
    if ((lim->max_executions && (uint64_t)p->n_sol >= lim->max_executions) ||
        (s->n_active < s->m->n_threads && p->n_sol >= MDL_PART_MAX_SOLS)) {
        stop_solving(s, p, MDL_TOO_MANY);
        return;
    }
    size_t bytes = ((size_t)p->n_sol + 1) * (size_t)k * sizeof *p->sol;
    if (p->n_sol >= INT_MAX / k - 1 ||
        (lim->max_memory && bytes > lim->max_memory / 2)) {
        stop_solving(s, p, MDL_NOMEM);
        return;
    }
    ll_grow((void **)&p->sol, &p->cap_sol, (p->n_sol + 1) * k,
            sizeof *p->sol);
    int *o = p->sol + (size_t)p->n_sol * k;
    memcpy(o, p->order, (size_t)p->n_w * sizeof *o);
    memcpy(o + p->n_w, p->from, (size_t)p->n_r * sizeof *o);
    ll_grow((void **)&p->sol_ok, &p->cap_ok, p->n_sol + 1,
            sizeof *p->sol_ok);
    p->sol_ok[p->n_sol] = ok;
    p->n_sol++;
}

static bool tick(search *s, loc_plan *p)
{
    if ((++s->ticks & 4095) == 0 && out_of_time(s))
        p->halt = true;
    return !p->halt;
}

/* Read j of an rmw pair reading from write w (local ids): false when a
 * write of another thread comes between w and the pair's write in co,
 * which the model forbids (atomic_pair)
 * (rmw & (fre; coe) is empty). */
static bool rmw_atomic(const loc_plan *p, int j, int w)
{
    int mine = p->rmw_w[j];
    int from = w ? p->pos[w] : -1, to = p->pos[mine];
    for (int k = from + 1; k < to; k++)
        if (p->thr[p->order[k]] != p->thr[mine])
            return false;
    return true;
}

/* co position of a local write, the initial write (0) first */
static int co_pos(const loc_plan *p, int w)
{
    return w ? p->pos[w] : -1;
}

/* Read j reading from write w, with the sources of reads 0..j-1 chosen,
 * makes none of coherence's shapes a cycle with them: a write of its
 * thread before it is co-before w (or w), one after it co-after w, a
 * read of its thread before it reads w or a write co-before. Only a cut:
 * coherent() stays the judge of a full solution. */
static bool source_ok(const loc_plan *p, int j, int w)
{
    if (w == OPEN || w > p->n_w)
        return true;            /* (an aside write: in no co) */
    int at = co_pos(p, w);
    for (uint64_t b = p->wpre[j]; b; b &= b - 1)
        if (p->pos[__builtin_ctzll(b)] > at)
            return false;
    for (uint64_t b = p->wpost[j]; b; b &= b - 1)
        if (p->pos[__builtin_ctzll(b)] <= at)
            return false;
    for (uint64_t b = p->rpre[j]; b; b &= b - 1) {
        int k = p->from[__builtin_ctzll(b)];
        if (k != OPEN && k <= p->n_w && co_pos(p, k) > at)
            return false;
    }
    return true;
}

/* ---- a lock word that plain accesses use too ----
 * herd7's lock operations are events of their own with no value: its
 * plain reads read plain writes and the initial write only; lock.cat
 * orders lock writes and plain writes in co freely (cos-opt over W |
 * LKW), puts an unlock co-just after its lock (critical), a lock with
 * no unlock after every other lock (co0), and gives a lock's read the
 * write co-just before its lock's write when that is the initial write
 * or an unlock, none when it is a plain write. The engine's locks, as
 * accesses of the word (0 free, 1 taken), give exactly that where only
 * locks use the word; on a mixed one (which lock.cat flags as
 * mixed-lock-accesses) the search keeps herd7's rules instead. */
enum { LK_PLAIN = -2, LK_UNLOCK = -1, LK_UNMATCHED = 0 };

static bool lk_ev(const search *s, int g)
{
    return s->ev[g].e && (s->ev[g].e->tags & s->m->ops->herd_nonmem);
}

/* p->mixed, and each local write's kind (p->lk), from p->poloc. A lock
 * word the init block starts at another value than 0 is one too: its
 * lock events read that start as free, which only these rules keep
 * apart from a lock's write of 1. */
static void lock_mixed(search *s, loc_plan *p, int l)
{
    const mdl_loc *at = &s->m->locs[l];
    bool lock = false, plain = !at->no_iw && !at->no_init &&
                                !sem_val_eq(at->init, sem_int(0));
    for (int i = 1; i <= p->n_w + p->n_r; i++) {
        if (lk_ev(s, local_ev(p, i)))
            lock = true;
        else
            plain = true;
    }
    p->mixed = lock && plain;
    for (int w = 1; p->mixed && w <= p->n_w; w++) {
        p->lk[w] = !lk_ev(s, p->w[w - 1])              ? LK_PLAIN
                   : s->ev[p->w[w - 1]].e->rmw_read < 0 ? LK_UNLOCK
                                                        : LK_UNMATCHED;
        if (p->lk[w] != LK_UNMATCHED)
            continue;
        /* its unlock: the next lock write in po (local ids follow po) */
        for (int u = w + 1; u <= p->n_w; u++)
            if ((p->poloc[w] >> u & 1) && lk_ev(s, p->w[u - 1])) {
                if (s->ev[p->w[u - 1]].e->rmw_read < 0)
                    p->lk[w] = u;
                break;
            }
    }
}

/* The lock write whose rmw read is read j; 0: none. */
static int lkr_write(const search *s, const loc_plan *p, int j)
{
    for (int w = 1; w <= p->n_w; w++) {
        const gev *g = &s->ev[p->w[w - 1]];
        if (p->lk[w] >= 0 && s->base[g->thread] + g->e->rmw_read == p->r[j])
            return w;
    }
    return 0;
}

/* Read j's sources c on a mixed word: plain reads read no lock write,
 * lock reads no plain write, a lock's read maybe nothing (OPEN); a lock
 * or a false spin_is_locked reads an unlock or the start only, a failed
 * spin_trylock or a true spin_is_locked a lock's write only. */
static uint64_t mixed_sources(const search *s, const loc_plan *p, int l,
                              int j, uint64_t c)
{
    bool lock = lk_ev(s, p->r[j]);
    bool frees = s->ev[p->r[j]].e->tags & s->m->ops->herd_free_reads;
    if (lock && !frees)
        c &= ~1ull;
    uint64_t free = c & 1;      /* the value of an unlock or the start */
    for (int w = 1; w <= p->n_w; w++) {
        if ((p->lk[w] != LK_PLAIN) != lock ||
            (lock && (p->lk[w] == LK_UNLOCK) != frees))
            c &= ~(1ull << w);
        else if (p->lk[w] == LK_UNLOCK)
            free |= c & 1ull << w;
    }
    /* (a run that read another value, which only the path pass keeps,
       has no source; a lock reads the start's value there, one run for
       the execution whatever the word's other free values) */
    if (lock && free && lkr_write(s, p, j) &&
        sem_val_eq(s->ev[p->r[j]].val, s->m->locs[l].init))
        c |= 1ull << OPEN;
    return c;
}

/* ... in the co order chosen: a lock's read has the one source lock.cat
 * gives it (or none, 0). */
static uint64_t lkr_pick(const search *s, const loc_plan *p, int j,
                         uint64_t c)
{
    int w = lkr_write(s, p, j);
    if (!w)
        return c;
    int q = p->pos[w] ? p->order[p->pos[w] - 1] : 0;
    return q && p->lk[q] == LK_PLAIN ? c & 1ull << OPEN : c & 1ull << q;
}

/* The co order keeps lock.cat's lock blocks (critical, co0). */
static bool lock_blocks(const loc_plan *p)
{
    for (int w = 1; w <= p->n_w; w++) {
        if (p->lk[w] > 0 && p->pos[p->lk[w]] != p->pos[w] + 1)
            return false;
        for (int u = 1; p->lk[w] == LK_UNMATCHED && u <= p->n_w; u++)
            if (u != w && p->lk[u] >= 0 && p->pos[u] > p->pos[w])
                return false;
    }
    return true;
}

static void choose_sources(search *s, loc_plan *p, int j)
{
    if (!tick(s, p))
        return;
    if (p->one && p->n_sol)
        return;
    if (j == p->n_r) {
        bool ok = (s->m->incoherent && !p->one) || coherent(p);
        if (ok || s->all_co)
            save_solution(s, p, ok);
        return;
    }
    uint64_t c = p->mixed ? lkr_pick(s, p, j, p->src[j]) : p->src[j];
    while (c && !p->halt) {
        int w = __builtin_ctzll(c);
        c &= c - 1;
        p->from[j] = w;
        if (p->rmw_w[j] && w != OPEN && !rmw_atomic(p, j, w))
            continue;
        if (!s->all_co && !source_ok(p, j, w))
            continue;
        choose_sources(s, p, j + 1);
    }
}

/* Write w placed at co position i: when it is an rmw's write, some write
 * its read may read from (same value) must be at most same-thread
 * writes before it (rmw_atomic), else no choice of sources can do. */
static bool rmw_placeable(const search *s, const loc_plan *p, int i, int w)
{
    int j = p->rmw_read_of[w];
    /* unordered, the read may read from a write co-after its own */
    if (j < 0 || same_instr(s, &s->ev[p->r[j]], &s->ev[p->w[w - 1]]) ||
        (p->src[j] >> OPEN & 1))
        return true;
    int k = i - 1;
    while (k >= 0 && p->thr[p->order[k]] == p->thr[w])
        k--;
    if (k < 0 && (p->src[j] & 1))
        return true;
    for (int m = k < 0 ? 0 : k; m < i; m++)
        if (p->src[j] >> p->order[m] & 1)
            return true;
    return false;
}

static void choose_order(search *s, loc_plan *p, int i, uint64_t placed)
{
    if (!tick(s, p))
        return;
    if (i == p->n_w) {
        for (int k = 0; k < p->n_w; k++)
            p->pos[p->order[k]] = k;
        if (!p->mixed || lock_blocks(p))
            choose_sources(s, p, 0);
        return;
    }
    for (int w = 1; w <= p->n_w && !p->halt; w++) {
        if ((placed >> w & 1) || (!s->all_co && (p->w_before[w] & ~placed)))
            continue;
        if (i > 0 && i < p->co_sorted && w < p->order[i - 1])
            continue;
        p->order[i] = w;
        if (!rmw_placeable(s, p, i, w))
            continue;
        choose_order(s, p, i + 1, placed | 1ull << w);
    }
}

/* Each read's coherence shapes (loc_plan.wpre...), and the co order
 * constraints a read with a single possible source implies (a write of
 * its thread before it is co-before that source, one after it co-after,
 * and likewise with the single sources of its thread's reads before it),
 * added to w_before so that choose_order only tries orders some choice
 * of sources can make coherent. false: none can. */
static bool shapes(loc_plan *p)
{
    int nw = p->n_w;
    uint64_t writes = ((nw >= 63 ? 0 : 1ull << (nw + 1)) - 1) & ~1ull;
    for (int j = 0; j < p->n_r; j++) {
        int rd = nw + 1 + j;
        p->wpre[j] = p->rpre[j] = 0;
        p->wpost[j] = p->poloc[rd] & writes;
        for (int w = 1; w <= nw; w++)
            if (p->poloc[w] >> rd & 1)
                p->wpre[j] |= 1ull << w;
        for (int k = 0; k < j; k++)
            if (p->poloc[nw + 1 + k] >> rd & 1)
                p->rpre[j] |= 1ull << k;
    }
    for (int j = 0; j < p->n_r; j++) {
        if (p->src[j] == 0)
            return false;                   /* no write it can read */
        if ((p->src[j] & (p->src[j] - 1)) || (p->src[j] >> OPEN & 1))
            continue;                       /* several sources */
        int w = __builtin_ctzll(p->src[j]);
        if (w > nw)
            continue;                       /* an aside write: no co */
        uint64_t before = p->wpre[j] & ~(1ull << w);
        uint64_t after = p->wpost[j];
        for (uint64_t b = p->rpre[j]; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            if (!(p->src[k] & (p->src[k] - 1)) && !(p->src[k] >> OPEN & 1))
                before |= p->src[k] & (writes | 1) & ~(1ull << w);
        }
        if (after >> w & 1)
            return false;                   /* reads a later write */
        if (w == 0) {
            if (before & ~1ull)
                return false;               /* init after a write */
            continue;
        }
        p->w_before[w] |= before & ~1ull;
        for (uint64_t b = after; b; b &= b - 1)
            p->w_before[__builtin_ctzll(b)] |= 1ull << w;
    }
    return true;
}

/* The location's problem (its accesses as solve_location numbers them,
 * their order, sources and rmw pairs) is the one it solved last, for
 * the whole combination, to the end: its solutions, still in p->sol,
 * are kept (a lock's accesses are the same in every combination of the
 * values its critical sections read). */
static bool same_problem(search *s, loc_plan *p)
{
    int n = 1 + p->n_w + p->n_r + p->n_a, k = 0;
    ll_grow((void **)&p->key2, &p->cap_key2, 8 + 7 * n, sizeof *p->key2);
    uint64_t *key = p->key2;
    key[k++] = (uint64_t)p->n_w << 32 | (uint32_t)p->n_r;
    key[k++] = (uint64_t)s->n_active << 32 | (uint32_t)s->open_from;
    key[k++] = (uint64_t)p->n_a;
    key[k++] = p->co_early;
    key[k++] = p->rf_early;
    uint64_t locks = 0;     /* which accesses are a lock's (lock_mixed) */
    for (int i = 1; i < n; i++)
        if (lk_ev(s, local_ev(p, i)))
            locks |= 1ull << i;
    key[k++] = locks;
    for (int i = 0; i < n; i++) {
        key[k++] = p->poloc[i];
        key[k++] = p->w_before[i];
        key[k++] = (uint64_t)(uint32_t)p->thr[i] << 32 |
                   (uint32_t)p->rmw_read_of[i];
    }
    for (int j = 0; j < p->n_r; j++) {
        key[k++] = p->src[j];
        key[k++] = p->also[j];
        int w = p->rmw_w[j];
        key[k++] = (uint64_t)(uint32_t)w << 1 |
                   (w && same_instr(s, &s->ev[p->r[j]], &s->ev[p->w[w - 1]]));
    }
    bool same = p->same_sols >= 0 && k == p->n_key &&
                memcmp(key, p->key, (size_t)k * sizeof *key) == 0 &&
                s->n_active == s->m->n_threads;
    /* keep this key as the last one */
    p->key2 = p->key;
    p->key = key;
    int c = p->cap_key;
    p->cap_key = p->cap_key2;
    p->cap_key2 = c;
    p->n_key = k;
    if (same)
        p->n_sol = p->same_sols;
    return same;
}

/* Whether write w is one read r's own instruction makes after it, along
 * iico: herd7's default -optace iico keeps rf off iico, with or without
 * coherence (own_instr), and in the Loop test (reads_find_values, which
 * takes a write after the read in its thread, but no such one: P0 `r1 =
 * cmpxchg_release(y, 0, READ_ONCE(*y))`, the READ_ONCE reading the value
 * the cmpxchg writes of it: no Loop on herd7, g14000189_135;
 * litmus/c/loops-cut-nested-read-own-rmw-write). A write of its C
 * statement's step unordered with it stays readable, as with coherence
 * (WRITE_ONCE(*z, xchg(z, 1))). */
static bool instr_feeds(const search *s, int w, int r)
{
    const gev *a = &s->ev[r], *b = &s->ev[w];
    if (!a->e || !b->e || a->thread != b->thread)
        return false;
    if (!a->e->step)
        return a->e->inst == b->e->inst;
    return a->e->step == b->e->step && w > r && !step_unordered(s, r, w);
}

/* Without coherence, a read still reads no write its own instruction
 * makes after it (instr_feeds): an exchange's (C's one event), a weak
 * compare-exchange's failure write of the expected value it read first,
 * all under mini.cat. */
static bool own_instr(const search *s, int w, int r)
{
    return s->m->incoherent && instr_feeds(s, w, r);
}

/* Whether a read of a combination that carries a failure (an illegal
 * operation, failed) may read write w whatever their values: herd7 keeps
 * such a candidate with the equations of a cycle it cannot solve
 * (mem.ml), a write's value made of reads (vdata: herd7's variable) read
 * back into them; symbolic.c keeps it only where the read is one it
 * cannot solve (mismatches_unsolved). */
static bool symbolic_source(const search *s, const gev *w, bool failed)
{
    return failed && w->e && w->e->vdata &&
           (s->m->ops->symbolic_values || s->m->ops->symbolic_cycles);
}

/* The writes read j of location l may read when it reads v. */
static uint64_t sources(search *s, const loc_plan *p, int l, int j, sem_val v)
{
    uint64_t c = !s->m->locs[l].no_init &&
                 sem_val_eq(s->m->locs[l].init, v) ? 1 : 0;
    const gev *r = &s->ev[p->r[j]];
    for (int i = 0; i < p->n_w; i++)
        if ((sem_val_eq(s->ev[p->w[i]].val, v) ||
             symbolic_source(s, &s->ev[p->w[i]], s->bad_probe)) &&
            !same_instr(s, &s->ev[p->w[i]], r) &&
            !own_instr(s, p->w[i], p->r[j]) &&
            !(r->e->aside && s->ev[p->w[i]].thread == r->thread))
            c |= 1ull << (1 + i);   /* (not its own instruction's) */
    /* an aside read: the aside writes of other threads too */
    for (int i = 0; r->e->aside && i < p->n_a; i++)
        if (sem_val_eq(s->ev[p->a[i]].val, v) &&
            s->ev[p->a[i]].thread != r->thread)
            c |= 1ull << (1 + p->n_w + p->n_r + i);
    if (s->open_from < s->m->n_threads &&
        has_val(s->later[s->open_from][l], s->later_n[s->open_from][l], v))
        c |= 1ull << OPEN;
    return c;
}

/* The rmw pair of write g is kept atomic by the search: the model
 * forbids breaking it (cat_atomic_pairs, or cat_atomic_single for one of
 * herd7's one-event RMWs, mdl_amo_make), or it is a lock's (herd7's lock
 * operations are no accesses, their critical sections exclusive; the
 * engine runs them as an rmw pair kept atomic, sem_ops.herd_nonmem). */
static bool atomic_pair(const search *s, const gev *g)
{
    if (g->e->tags & s->m->ops->herd_nonmem)
        return true;
    bool one = (g->e->tags & s->m->ops->one_event) &&
               s->ev[s->base[g->thread] + g->e->rmw_read].e->inst ==
                   g->e->inst;
    return one ? s->atomic_single : s->atomic_pairs;
}

/* Each read's also (loc_plan.also): the chain of sem_event.also from
 * it, as local ids (global[a] is local[a]). */
static void also_reads(const search *s, loc_plan *p, const int *global,
                       const int *local, int n_local)
{
    for (int j = 0; j < p->n_r; j++) {
        const gev *r = &s->ev[p->r[j]];
        p->also[j] = 0;
        for (int i = r->e->also; i >= 0;) {
            int g = s->base[r->thread] + i, a = 0;
            while (a < n_local && global[a] != g)
                a++;
            if (a == n_local)
                break;
            p->also[j] |= 1ull << local[a];
            i = s->ev[g].e->also;
        }
    }
}

/* loc_plan.co_early and rf_early: herd7's lock operations
 * (sem_ops.herd_nonmem) out of them, an unlock (a lock write of no
 * rmw) and a lock's read (the read of a lock write's rmw), whose rf
 * lock.cat derives from co. */
static void early_sets(const search *s, loc_plan *p)
{
    p->co_early = 1;
    p->rf_early = p->n_r >= 64 ? ~0ull : (1ull << p->n_r) - 1;
    for (int w = 1; w <= p->n_w; w++) {
        const gev *g = &s->ev[p->w[w - 1]];
        if (!lk_ev(s, p->w[w - 1]))
            p->co_early |= 1ull << w;
        else if (g->e->rmw_read >= 0) {
            p->co_early |= 1ull << w;
            for (int j = 0; j < p->n_r; j++)
                if (p->r[j] == s->base[g->thread] + g->e->rmw_read)
                    p->rf_early &= ~(1ull << j);
        }
    }
}

/* Fill a location's plan from the combination; false if some read of it
 * has no write of its value, or coherence's shapes leave no order. */
static bool plan_location(search *s, int l, bool *too_big)
{
    loc_plan *p = &s->plans[l];
    int nw = 0, nr = 0;
    const int *evs = s->loc_ev + s->loc_at[l];
    int n_evs = s->loc_at[l + 1] - s->loc_at[l];
    int na = 0;
    for (int i = 0; i < n_evs; i++) {
        int g = evs[i];
        if (!solved(s, &s->ev[g]))
            continue;
        if (s->ev[g].e->kind != SEM_W)
            nr++;
        else if (s->ev[g].e->aside)
            na++;
        else
            nw++;
    }
    if (1 + nw + nr + na > MDL_MAX_LOC_EVENTS) {
        *too_big = true;
        return false;
    }
    plan_reset(p, nw + nr + na + 1);
    int global[MDL_MAX_LOC_EVENTS + 1], local[MDL_MAX_LOC_EVENTS + 1];
    int n_local = 0;
    for (int i = 0; i < n_evs; i++) {
        int g = evs[i];
        if (solved(s, &s->ev[g])) {
            if (s->ev[g].e->kind != SEM_W) {
                p->r[p->n_r] = g;
                local[n_local] = -(1 + p->n_r++);   /* fixed below */
            } else if (s->ev[g].e->aside) {
                p->a[p->n_a] = g;
                local[n_local] = INT_MIN + p->n_a++;    /* likewise */
            } else {
                p->w[p->n_w] = g;
                local[n_local] = 1 + p->n_w++;
            }
            global[n_local++] = g;
        }
    }
    for (int a = 0; a < n_local; a++)
        if (local[a] < -MDL_MAX_LOC_EVENTS)
            local[a] = 1 + p->n_w + p->n_r + (local[a] - INT_MIN);
        else if (local[a] < 0)
            local[a] = p->n_w - local[a];
    also_reads(s, p, global, local, n_local);
    p->co_early = p->rf_early = 0;
    if (p->n_a)
        early_sets(s, p);
    /* rmw pairs, for the atomicity pruning */
    for (int j = 0; j <= p->n_r; j++)
        p->rmw_w[j] = 0;
    /* every event's entry, reads' too: same_problem's key holds them all */
    for (int i = 0; i <= p->n_w + p->n_r + p->n_a; i++)
        p->rmw_read_of[i] = -1;
    p->thr[0] = -1;
    for (int a = 0; a < n_local; a++)
        p->thr[local[a]] = s->ev[global[a]].thread;
    bool prune = s->m->ops->rmw_atomic && !s->all_co;
    for (int i = 0; prune && i < p->n_w; i++) {
        const gev *g = &s->ev[p->w[i]];
        if (g->e->rmw_read < 0 || !atomic_pair(s, g))
            continue;
        int rd = s->base[g->thread] + g->e->rmw_read;
        for (int j = 0; j < p->n_r; j++)
            if (p->r[j] == rd) {
                p->rmw_w[j] = 1 + i;
                p->rmw_read_of[1 + i] = j;
            }
    }
    for (int i = 0; i <= p->n_w + p->n_r + p->n_a; i++)
        p->poloc[i] = p->w_before[i] = 0;
    /* events come in program order within each thread */
    for (int a = 0; a < n_local; a++)
        for (int b = a + 1; b < n_local; b++) {
            if (s->ev[global[a]].thread != s->ev[global[b]].thread ||
                same_instr(s, &s->ev[global[a]], &s->ev[global[b]]) ||
                step_unordered(s, global[a], global[b]))
                continue;
            int la = local[a], lb = local[b];
            p->poloc[la] |= 1ull << lb;
            if (la <= p->n_w && lb <= p->n_w)
                p->w_before[lb] |= 1ull << la;
        }
    lock_mixed(s, p, l);
    for (int j = 0; j < p->n_r; j++) {
        uint64_t c = sources(s, p, l, j, s->ev[p->r[j]].val);
        if (p->mixed)
            c = mixed_sources(s, p, l, j, c);
        if (!c)
            return false;
        p->src[j] = c;
    }
    return s->all_co || shapes(p);
}

/* A model that binds no co with `with co from` (herd7's naked.cat, or
 * sccat.cat's co of its own) has herd7 build one co per choice of the
 * final writes the test observes: at a location it shows, one per last
 * write, else one (the writes in id order). */
static int co_sorted(const search *s, int l, int n_w)
{
    if (!s->co_unused)
        return 0;
    for (int i = 0; i < s->m->n_obs; i++)
        if (s->m->obs[i].mem == l)
            return n_w - 1;
    return n_w;
}

/* The location's accesses are all herd7's lock operations, which are no
 * memory accesses to herd7: without lock.cat (mini.cat on a kernel
 * test) they read and order nothing, one way for all (ISA2+locks+mb:
 * herd7 8 executions, the reads' 2 x 2 x 2). */
static bool locks_only(const search *s, const loc_plan *p)
{
    for (int i = 1; i <= p->n_w + p->n_r; i++)
        if (!lk_ev(s, local_ev(p, i)))
            return false;
    return p->n_w + p->n_r > 0;
}

/* Fill a location's plan and its solutions; false if it has no coherent
 * solution. */
static bool solve_location(search *s, int l, bool *too_big)
{
    loc_plan *p = &s->plans[l];
    if (!plan_location(s, l, too_big))
        return false;
    if (same_problem(s, p))
        return p->n_sol > 0;
    p->co_sorted = co_sorted(s, l, p->n_w);
    p->one = s->m->incoherent && locks_only(s, p);
    choose_order(s, p, 0, 1);
    p->ver = ++s->vers;
    p->same_sols = p->halt ? -1 : p->n_sol;
    return p->n_sol > 0;
}

/* ---- candidates ---- */

static bool out_of_budget(search *s)
{
    mdl_test *m = s->m;
    if (m->limits.max_executions &&
        m->candidates > m->limits.max_executions) {
        s->status = MDL_TOO_MANY;
        return true;
    }
    return (m->candidates & 255) == 0 && out_of_time(s);
}

/* Whether the test's filter keeps final state st (no filter: yes). */
static bool filter_keeps(const mdl_test *m, const ll_state *st)
{
    bool missing = false;
    return !m->filter || ll_prop_eval(m->filter, st, &missing);
}

/* Evaluate the condition's proposition and the filter on a new state. */
static void evaluate_state(mdl_test *m, mdl_state *s, const sem_val *vals)
{
    const ll_state *st = mdl_tab_scratch(m, vals);
    bool missing = false;
    s->holds = !m->cond || ll_prop_eval(m->cond, st, &missing);
    s->kept = filter_keeps(m, st);
}

/* The state's index among those found (added when new). */
static int find_state(mdl_test *m, const sem_val *vals)
{
    bool added;
    int k = mdl_tab_find(m, vals, &added);
    if (added)
        evaluate_state(m, &m->states[k], vals);
    return k;
}

/* The final value of each location shown: its co-last write's. herd7's
 * lock operations (sem_ops.herd_nonmem) are no writes to it: a lock
 * word shows its co-last other write, or its initial value, and herd7's
 * lock.cat flags the test (lock-final). */
static bool final_memory(search *s)
{
    mdl_test *m = s->m;
    bool lock_final = false;
    sem_tags lk = m->ops->herd_nonmem;
    for (int i = 0; i < m->n_obs; i++) {
        int l = m->obs[i].mem;
        if (l < 0)
            continue;
        const loc_plan *p = &s->plans[l];
        const int *sol = p->sol + (size_t)p->pick * (p->n_w + p->n_r);
        int k = p->n_w;
        while (lk && k > 0 &&
               (s->ev[p->w[sol[k - 1] - 1]].e->tags & lk)) {
            lock_final = true;
            k--;
        }
        for (int j = 0; lk && !lock_final && j < p->n_r; j++)
            lock_final = s->ev[p->r[j]].e->tags & lk;
        s->vals[i] = mdl_obs_raw(m, i, k ? s->ev[p->w[sol[k - 1] - 1]].val
                                         : m->locs[l].init);
    }
    return lock_final;
}

/* A solution's source (local write id, 0: the initial write) as an
 * event. */
static int w_of(const loc_plan *p, int w, int l)
{
    return w ? local_ev(p, w) : l;
}

/* rf from the writes read j reads besides its source (loc_plan.also):
 * in every candidate. */
static void add_also(mdl_rel *rf, const loc_plan *p, int j)
{
    for (uint64_t b = p->also[j]; b; b &= b - 1)
        mdl_rel_add(rf, local_ev(p, __builtin_ctzll(b)), p->r[j]);
}

/* Each read's write in the picked solutions (s->src; -1: none). */
static void fill_src(search *s)
{
    mdl_test *m = s->m;
    ll_grow((void **)&s->src, &s->cap_src, s->n_ev, sizeof *s->src);
    for (int g = 0; g < s->n_ev; g++)
        s->src[g] = -1;
    for (int l = 0; l < m->n_locs; l++) {
        const loc_plan *p = &s->plans[l];
        const int *sol = p->sol + (size_t)p->pick * (p->n_w + p->n_r);
        for (int j = 0; j < p->n_r; j++)
            if (sol[p->n_w + j] != OPEN)
                s->src[p->r[j]] = w_of(p, sol[p->n_w + j], l);
    }
}

/* herd7's symbolic values (symbolic.c): does herd7 have this candidate,
 * and which shown values does it leave undetermined? */
static bool symbolic_keep(search *s)
{
    mdl_test *m = s->m;
    fill_src(s);
    ll_grow((void **)&s->final_w, &s->cap_final_w, m->n_obs + 1,
            sizeof *s->final_w);
    for (int i = 0; i < m->n_obs; i++) {
        int l = m->obs[i].mem;
        s->final_w[i] = -1;
        if (l < 0 || !s->plans[l].n_w)
            continue;
        const loc_plan *p = &s->plans[l];
        const int *sol = p->sol + (size_t)p->pick * (p->n_w + p->n_r);
        s->final_w[i] = p->w[sol[p->n_w - 1] - 1];
    }
    return mdl_symbolic_keep(m, s->ev, s->n_ev, s->base, s->pick, s->src,
                             s->final_w, s->vals, s->bad_probe);
}

/* rf and co of location l's picked solution added to x (an OPEN read
 * has no rf). */
static void add_rf_co(search *s, int l)
{
    need_rels(s);
    cat_exec *x = &s->x;
    const loc_plan *p = &s->plans[l];
    int width = p->n_w + p->n_r;
    const int *sol = p->sol + (size_t)p->pick * width;
    for (int i = 0; i < p->n_w; i++) {
        int gi = p->w[sol[i] - 1];
        mdl_rel_add(&x->co, l, gi);
        for (int j = i + 1; j < p->n_w; j++)
            mdl_rel_add(&x->co, gi, p->w[sol[j] - 1]);
    }
    for (int j = 0; j < p->n_r; j++) {
        add_also(&x->rf, p, j);
        if (sol[p->n_w + j] == OPEN)
            continue;
        int w = w_of(p, sol[p->n_w + j], l);
        if (!((s->ev[w].e && s->ev[w].e->tags & s->nonmem) ||
              s->ev[p->r[j]].e->tags & s->nonmem))
            mdl_rel_add(&x->rf, w, p->r[j]);
    }
}

/* rf and co of the picked solutions of the first n locations of the
 * product's order. */
static void set_rf_co(search *s, int n)
{
    need_rels(s);
    mdl_rel_clear(&s->x.rf);
    mdl_rel_clear(&s->x.co);
    for (int k = 0; k < n; k++)
        add_rf_co(s, s->prod[k]);
}

/* An accepted execution reaching state vals: its state, flags, count. */
static void accept(mdl_test *m, const sem_val *vals, const cat_result *res)
{
    int k = find_state(m, vals);
    if (!m->states[k].kept)
        return;
    /* As herd: flags of the executions the filter keeps; a model that
     * chooses (with ... from) may accept one candidate several times. */
    for (int i = 0; i < res->n_flags; i++) {
        bool seen = false;
        for (int f = 0; f < m->n_flags && !seen; f++)
            seen = strcmp(m->flags[f], res->flags[i]) == 0;
        if (!seen && m->n_flags < CAT_MAX_FLAGS)
            m->flags[m->n_flags++] = res->flags[i];
    }
    m->undef |= res->undef;
    if (m->states[k].holds)
        m->positive += res->n_accepted;
    else
        m->negative += res->n_accepted;
}

/* An accepted execution reaching state vals (or a counted batch of
 * them), and the executions its arrangements over identical threads
 * (sym_on) or its distinct rotations (rot_on) are, each with its state:
 * for a rotation, thread t's places shown by thread t+step, locations
 * and addresses renamed. */
static void arrange(search *s, int c, const cat_result *res);

static void emit(search *s, const sem_val *vals, const cat_result *res)
{
    mdl_test *m = s->m;
    if (s->sym_on) {            /* vals is s->vals */
        arrange(s, 0, res);
        return;
    }
    accept(m, vals, res);
    if (!s->rot_on)
        return;
    memcpy(s->vals2, vals, (size_t)m->n_obs * sizeof *s->vals2);
    for (int j = 1; j < s->rot_period; j++) {
        for (int i = 0; i < m->n_obs; i++)
            s->vals3[s->rot.obs[i]] = mdl_rotation_val(&s->rot, s->vals2[i]);
        memcpy(s->vals2, s->vals3, (size_t)m->n_obs * sizeof *s->vals2);
        accept(m, s->vals2, res);
    }
}

/* Is the combination the least of its rotations (as pick vectors, in
 * lexicographic order)? Sets rot_period, the rotations (by rot.step
 * threads each) that give another combination. */
static bool rot_least(search *s)
{
    int T = s->m->n_threads, k = s->rot.step, n = T / k;
    int *q = s->rot_q, *q2 = s->rot_q + T;
    memcpy(q, s->pick, (size_t)T * sizeof *q);
    s->rot_period = n;
    for (int j = 1; j < n; j++) {
        /* rotation j: thread u runs (the image of) thread u-k's run of
           rotation j-1 */
        for (int t = 0; t < T; t++)
            q2[(t + k) % T] = s->rot.run[t][q[t]];
        memcpy(q, q2, (size_t)T * sizeof *q);
        int c = 0;
        for (int u = 0; u < T && !c; u++)
            c = (q[u] > s->pick[u]) - (q[u] < s->pick[u]);
        if (c < 0)
            return false;
        if (c == 0 && s->rot_period == n)
            s->rot_period = j;
    }
    return true;
}

/* The next arrangement of a[0..n-1] in lexicographic order; false after
 * the last (each distinct one comes once). */
static bool next_arrangement(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return false;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i]; a[i] = a[j]; a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l]; a[l] = a[r]; a[r] = t;
    }
    return true;
}

/* The candidate's execution in every arrangement of each class's picks
 * (classes c..): the picked runs are in non-decreasing order, so each
 * distinct arrangement is another combination, its executions this
 * one's with the threads swapped; a thread given run k shows the
 * registers of the (first) member that ran k here. */
static void arrange(search *s, int c, const cat_result *res)
{
    mdl_test *m = s->m;
    if (c == s->n_cls) {
        int T = m->n_threads;
        memcpy(s->vals2, s->vals, (size_t)m->n_obs * sizeof *s->vals2);
        for (int k = 0; k < s->n_cls; k++)
            for (int j = 0; j < s->cls_n[k]; j++) {
                const int *th = s->cls_th + s->cls_start[k];
                int v = th[j], u = th[0];
                for (int q = 0; s->pick[th[q]] != s->arr[s->cls_start[k] + j];)
                    u = th[++q];
                for (int i = 0; i < m->n_obs; i++)
                    if (m->obs[i].proc == v)
                        s->vals2[i] = s->vals[s->sym.peer[i * T + u]];
            }
        accept(m, s->vals2, res);
        return;
    }
    int *a = s->arr + s->cls_start[c];
    for (int j = 0; j < s->cls_n[c]; j++)
        a[j] = s->pick[s->cls_th[s->cls_start[c] + j]];
    do
        arrange(s, c + 1, res);
    while (next_arrangement(a, s->cls_n[c]));
}

/* The classes of identical threads (two or more members). */
static void find_classes(search *s)
{
    mdl_test *m = s->m;
    int T = m->n_threads;
    s->sym_made = !m->explain;
    s->use_sym = s->sym_made && mdl_symmetry_find(m, &s->sym);
    s->cls_start = ll_xcalloc((size_t)T + 1, sizeof *s->cls_start);
    s->cls_n = ll_xcalloc((size_t)T + 1, sizeof *s->cls_n);
    s->cls_th = ll_xcalloc((size_t)T + 1, sizeof *s->cls_th);
    s->arr = ll_xcalloc((size_t)T + 1, sizeof *s->arr);
    s->vals2 = ll_xcalloc((size_t)m->n_obs + 1, sizeof *s->vals2);
    s->vals3 = ll_xcalloc((size_t)m->n_obs + 1, sizeof *s->vals3);
    if (!s->use_sym) {
        /* identical threads first: a lock counter's are, and they
           leave fewer combinations */
        s->rot_made = s->sym_made && mdl_rotation_find(m, &s->rot);
        s->rot_q = ll_xcalloc(2 * (size_t)T + 1, sizeof *s->rot_q);
        return;
    }
    int n = 0;
    for (int t = 0; t < T; t++) {
        if (s->sym.prev[t] >= 0)
            continue;           /* a member of an earlier one's class */
        int start = n;
        s->cls_th[n++] = t;
        for (int v = t + 1; v < T; v++)
            for (int u = s->sym.prev[v]; u >= 0; u = s->sym.prev[u])
                if (u == t) {
                    s->cls_th[n++] = v;
                    break;
                }
        if (n - start < 2) {
            n = start;
            continue;
        }
        s->cls_start[s->n_cls] = start;
        s->cls_n[s->n_cls++] = n - start;
    }
}

/* herd7 names the illegal operation of the first candidate its model
 * accepts, in its order: each read's sources in turn, the first read's
 * slowest, the initial value first, then the writes from the last one
 * back (measured: the cut of a value read from P0's x or P1's y names y,
 * from the initial w or P1's y names w; P0's read of z from P2's a
 * beside P1's of t from P2's b names b). The candidate's key in that
 * order, in s->src's reads (fill_src), into key; its length. */
static int ill_key_of(search *s, int *key)
{
    int n = 0;
    for (int g = 0; g < s->n_ev; g++)
        if (s->ev[g].e && s->ev[g].e->kind == SEM_R)
            key[n++] = s->src[g] < 0 || !s->ev[s->src[g]].e
                           ? 0 : s->n_ev - s->src[g];   /* initial: 0 */
    return n;
}

/* A candidate of illegal runs that the model accepts: kept when it comes
 * before the one kept so far in herd7's order (ill_key_of), with the
 * message of its first thread's illegal run. */
static void ill_keep(search *s)
{
    fill_src(s);
    int *key = ll_xmalloc(((size_t)s->n_ev + 1) * sizeof *key);
    int n = ill_key_of(s, key);
    int cmp = 0;
    for (int i = 0; s->ill_found && i < n && i < s->n_ill_key && !cmp; i++)
        cmp = key[i] < s->ill_key[i] ? -1 : key[i] > s->ill_key[i];
    if (s->ill_found && cmp >= 0) {
        free(key);
        return;
    }
    ll_grow((void **)&s->ill_key, &s->cap_ill_key, n + 1,
            sizeof *s->ill_key);
    memcpy(s->ill_key, key, (size_t)n * sizeof *key);
    s->n_ill_key = n;
    free(key);
    s->ill_found = true;
    s->ill_diag = s->m->illegal_diag;
    for (int t = 0; t < s->m->n_threads; t++) {
        const mdl_run *ru = &s->m->threads[t].runs[s->pick[t]];
        if (ru->illegal && ru->illegal_msg >= 0) {
            s->ill_diag = s->m->illegal_msgs[ru->illegal_msg];
            break;
        }
    }
}

static void candidate(search *s)
{
    mdl_test *m = s->m;
    cat_exec *x = &s->x;
    bool incoherent = false;
    for (int l = 0; l < m->n_locs; l++)
        incoherent |= !s->plans[l].sol_ok[s->plans[l].pick];
    if (m->copies_unsolved) {
        /* a value round a cycle of copies: herd7 builds no such
           candidate (copy_cycles.c) */
        fill_src(s);
        /* ... unless a replay of its solver solves them: an operation
           that is a constant when its pass meets it (x ^ x) can solve
           a cycle entered there, which copy_cycles.c does not follow
           (sem_ops.herd_vars: the replay knows herd7's numbers) */
        /* ... nor one whose zero copies herd7's union-find leaves in a
           cycle where ours has none (mdl_herd_zero_left: V21280842) */
        bool zero = m->ops->herd_vars && mdl_herd_zero_left(m, s->pick);
        if ((zero || !mdl_copies_solved(m, s->ev, s->n_ev, s->pick,
                                        s->src)) &&
            !(m->ops->herd_vars &&
              mdl_herd_solves_all(m, s->ev, s->n_ev, s->base, s->pick,
                                  s->src)))
            return;
    }
    m->candidates += incoherent ? 0 : s->batch;
    if (out_of_budget(s)) {
        s->stop = true;
        return;
    }
    /* rf and co for the model or the explanation only: a settled
       candidate has neither (every judgement sets them afresh) */
    if (!s->settled || m->explain) {
        need_rels(s);
        set_rf_co(s, m->n_locs);
        if (s->amo.n) {
            mdl_rel *rels[] = {&x->rf, &x->co};
            mdl_amo_fold(&s->amo, NULL, 0, rels, NULL, 2);
        }
    }
    cat_result res = {.allowed = true, .n_accepted = s->batch};
    ll_diag d = {0};
    if (!s->settled && !cat_check(s->model, x, &res, &d)) {
        m->diag = d;
        m->failed = true;
        s->status = MDL_BAD_INPUT;
        s->stop = true;
        return;
    }
    bool symbolic = m->ops->symbolic_values ||
                    (m->ops->symbolic_cycles && !m->copies_unsolved);
    /* an allowed candidate of symbolic values is shown once herd7's
       solver keeps it (symbolic_keep): herd7 draws none it drops */
    bool judged = symbolic && res.allowed && !incoherent;
    if (m->explain && !s->bad_probe && !judged) {
        final_memory(s);
        mdl_explain_candidate(m->explain, m, x, s->ev, s->vals, &res,
                              incoherent);
        if (mdl_explain_done(m->explain)) {
            s->stop = true;     /* what explain shows is found */
            return;
        }
    }
    if (!res.allowed || incoherent)
        return;
    final_memory(s);
    sem_val *regs = NULL;
    if (symbolic) {
        /* the registers' values were set once for the combination:
           symbolic_keep may put symbols in them for this candidate */
        regs = ll_xmalloc(((size_t)m->n_obs + 1) * sizeof *regs);
        memcpy(regs, s->vals, (size_t)m->n_obs * sizeof *regs);
        if (!symbolic_keep(s)) {
            memcpy(s->vals, regs, (size_t)m->n_obs * sizeof *regs);
            free(regs);
            return;
        }
    }
    if (judged && m->explain && !s->bad_probe) {
        mdl_explain_candidate(m->explain, m, x, s->ev, s->vals, &res, false);
        if (mdl_explain_done(m->explain)) {
            s->stop = true;
            if (regs)
                memcpy(s->vals, regs, (size_t)m->n_obs * sizeof *regs);
            free(regs);
            return;
        }
    }
    if (s->bad_probe) {
        /* refused, no state to show; but as herd7, only for a candidate
           its filter keeps (doc/lkmm.md, "The filter comes before") */
        if (filter_keeps(m, mdl_tab_scratch(m, s->vals))) {
            s->bad_hit = true;
            ill_keep(s);
        }
    } else
        emit(s, s->vals, &res);
    if (regs) {
        memcpy(s->vals, regs, (size_t)m->n_obs * sizeof *regs);
        free(regs);
    }
}

/* The first d writes of location l's co order in its picked solution
 * placed (co-before every other write), the other locations' picked
 * solutions whole: does the model's partial_safe checks fail on it?
 * rf is only what every solution with that prefix has: a read with one
 * possible source, and an rmw's read whose write is placed right after
 * another thread's write or first (rmw_atomic leaves it that one). */
/* The model's partial_safe checks fail on x's rf and co as set (with
 * the AMOs folded), however the rest is completed. */
static bool rf_co_dead(search *s)
{
    need_rels(s);
    cat_exec *x = &s->x;
    if (s->amo.n) {
        mdl_rel *rels[] = {&x->rf, &x->co};
        mdl_amo_fold(&s->amo, NULL, 0, rels, NULL, 2);
    }
    bool dead = false;
    ll_diag dg = {0};
    /* an error is the full search's to report */
    return cat_partial_dead(s->model, x, &dead, &dg) && dead;
}

/* The product of the numbers of solutions of the product's locations
 * after the k-th (capped). */
static uint64_t below_level(const search *s, int k)
{
    uint64_t below = 1;
    for (int i = k + 1; i < s->m->n_locs && below < UINT32_MAX; i++)
        below *= (uint64_t)s->plans[s->prod[i]].n_sol;
    return below;
}

/* The combination's events and relations but rf and co, as words, in
 * s->snap (the last one in s->snap2): are they the last one's? */
static bool same_exec(search *s)
{
    need_rels(s);
    mdl_set *sets[N_SETS];
    mdl_rel *rels[N_RELS];
    int n_sets = exec_parts(s, sets, rels);
    /* rf and co vary, and the values read where no check judged on a
       pair reads them (the LKMM's only different-values is a flag) */
    mdl_rel *skip = cat_partial_uses_values(s->model) ? NULL
                                                      : &s->x.sameval;
    for (int i = 0; i < N_RELS; i++)
        if (rels[i] == &s->x.rf || rels[i] == &s->x.co || rels[i] == skip)
            rels[i] = NULL;
    size_t n = 2;
    for (int i = 0; i < n_sets; i++)
        n += (size_t)sets[i]->words;
    for (int i = 0; i < N_RELS; i++)
        if (rels[i])
            n += (size_t)rels[i]->n * (size_t)rels[i]->words;
    if (n > INT_MAX)
        return false;
    uint64_t *t = s->snap2;
    s->snap2 = s->snap;
    s->snap = t;
    int c = s->cap_snap2;
    s->cap_snap2 = s->cap_snap;
    s->cap_snap = c;
    ll_grow((void **)&s->snap, &s->cap_snap, (int)n, sizeof *s->snap);
    uint64_t *w = s->snap;
    *w++ = (uint64_t)s->x.n;
    *w++ = (uint64_t)s->x.n_mem;
    for (int i = 0; i < n_sets; i++) {
        memcpy(w, sets[i]->w, (size_t)sets[i]->words * sizeof *w);
        w += sets[i]->words;
    }
    for (int i = 0; i < N_RELS; i++)
        if (rels[i]) {
            size_t k = (size_t)rels[i]->n * (size_t)rels[i]->words;
            memcpy(w, rels[i]->w, k * sizeof *w);
            w += k;
        }
    bool same = s->n_snap == (int)n &&
                !memcmp(s->snap, s->snap2, n * sizeof *s->snap);
    s->n_snap = (int)n;
    return same;
}

/* Pairs of the product's locations judged alone (their rf and co, no
 * other location's): where the model's partial_safe checks fail on a
 * pair of solutions, they fail on every candidate holding both,
 * whatever the other locations take. Most of what the
 * model rejects in lock-based code is such a pair: a lock word's order
 * against the rf of a location its critical sections share, or against
 * another lock's order. A pair is judged when first met (pair_dead), and
 * its verdict kept while the combinations keep its two locations'
 * solutions, events and relations (those that differ only in a value
 * read elsewhere: a lock's order against another's, under every value
 * the critical sections read). Only where the combination's candidates
 * are many times its pairs of solutions; given up when the pairs cut
 * fewer candidates than twice the judgements. */
static void pair_tables(search *s)
{
    int L = s->m->n_locs;
    s->paired = false;
    if (s->pair_judged >= 4096 && s->pair_saved < 2 * s->pair_judged)
        s->pairs_on = false;
    if (!s->pairs_on || s->settled || L < 2)
        return;
    uint64_t prodn = 1, cost = 0;
    for (int i = 0; i < L; i++) {
        uint64_t ni = (uint64_t)s->plans[i].n_sol;
        if (prodn < UINT32_MAX)
            prodn *= ni;
        for (int j = i + 1; ni > 1 && j < L; j++)
            if (s->plans[j].n_sol > 1)
                cost += ni * (uint64_t)s->plans[j].n_sol;
    }
    if (!cost || prodn < MDL_PAIR_GAIN * cost || cost > MDL_PAIR_MAX)
        return;
    if (!s->pair)
        s->pair = ll_xcalloc((size_t)L * (size_t)L, sizeof *s->pair);
    if (!same_exec(s) || s->amo.n)
        s->ctx++;
    for (int a = 0; a < L; a++)
        for (int b = a + 1; s->plans[a].n_sol > 1 && b < L; b++) {
            struct pair_table *t = &s->pair[a * L + b];
            if (s->plans[b].n_sol < 2 || (t->va == s->plans[a].ver &&
                                          t->vb == s->plans[b].ver &&
                                          t->ctx == s->ctx))
                continue;
            int n = s->plans[a].n_sol * s->plans[b].n_sol;
            ll_grow((void **)&t->v, &t->cap, n, sizeof *t->v);
            memset(t->v, 0, (size_t)n);
            t->va = s->plans[a].ver;
            t->vb = s->plans[b].ver;
            t->ctx = s->ctx;
        }
    s->paired = true;
}

/* The product's k-th location's pick, against the picks of its first
 * lim locations, is a pair the model rejects (pair_tables). */
static bool pair_dead_upto(search *s, int k, int lim)
{
    int L = s->m->n_locs;
    int lk = s->prod[k];
    if (!s->paired || s->plans[lk].n_sol < 2)
        return false;
    for (int i = 0; i < lim; i++) {
        int li = s->prod[i];
        if (s->plans[li].n_sol < 2)
            continue;
        int a = li < lk ? li : lk, b = li < lk ? lk : li;
        unsigned char *v = &s->pair[a * L + b].v[
            (size_t)s->plans[a].pick * (size_t)s->plans[b].n_sol +
            (size_t)s->plans[b].pick];
        if (!*v) {
            /* judged when first met: most pairs are never met, their
               rows cut by a pair before them */
            need_rels(s);
            mdl_rel_clear(&s->x.rf);
            mdl_rel_clear(&s->x.co);
            for (int l = 0; l < L; l++)
                if (l == a || l == b)
                    add_rf_co(s, l);
            *v = rf_co_dead(s) ? 2 : 1;
            s->pair_judged++;
        }
        if (*v == 2) {
            s->pair_saved += below_level(s, k);
            return true;
        }
    }
    return false;
}

static bool pair_dead(search *s, int k)
{
    return pair_dead_upto(s, k, k);
}

static bool prefix_dead(search *s, const loc_plan *p, int l, int d)
{
    need_rels(s);
    cat_exec *x = &s->x;
    const int *o = p->sol + (size_t)p->pick * (p->n_w + p->n_r);
    set_rf_co(s, s->m->n_locs - 1);
    for (int i = 0; i < p->n_w; i++) {
        int gi = p->w[o[i] - 1];
        mdl_rel_add(&x->co, l, gi);
        for (int j = i + 1; i < d && j < p->n_w; j++)
            mdl_rel_add(&x->co, gi, p->w[o[j] - 1]);
    }
    for (int j = 0; j < p->n_r; j++) {
        uint64_t c = p->src[j];
        int w = -1;
        if (!(c & (c - 1)))
            w = __builtin_ctzll(c);
        else if (p->rmw_w[j] &&     /* (one instruction's may read
                                       from a write co-after it) */
                 !same_instr(s, &s->ev[p->r[j]],
                             &s->ev[p->w[p->rmw_w[j] - 1]]))
            for (int i = 0; i < d; i++)
                if (o[i] == p->rmw_w[j]) {
                    int q = i ? o[i - 1] : 0;
                    if (i == 0 || p->thr[q] != p->thr[o[i]])
                        w = c >> q & 1 ? q : -1;
                    break;
                }
        if (w >= 0 && w != OPEN)
            mdl_rel_add(&x->rf, w_of(p, w, l), p->r[j]);
        add_also(&x->rf, p, j);
    }
    return rf_co_dead(s);
}

/* The product's last location (the one with most solutions), each of
 * its solutions a candidate with the others' picked: solutions come in
 * the order choose_order makes them, so those sharing a prefix of co
 * are together, and a prefix the model's partial_safe checks already
 * reject drops them all (a lock's order against the values its
 * critical sections read). Given up when it seldom cuts. */
static void last_location(search *s, loc_plan *p, int l)
{
    int width = p->n_w + p->n_r;
    int checked = 0, dead_at = INT_MAX;
    bool rmw = false;
    for (int w = 1; w <= p->n_w; w++)
        rmw |= p->rmw_read_of[w] >= 0;
    for (p->pick = 0; p->pick < p->n_sol && !s->stop; p->pick++) {
        const int *o = p->sol + (size_t)p->pick * width;
        int lcp = 0;
        if (p->pick > 0)
            while (lcp < p->n_w && o[lcp] == o[lcp - width])
                lcp++;
        if (dead_at <= lcp) {
            s->skipped++;
            continue;           /* under a dead prefix */
        }
        dead_at = INT_MAX;
        if (checked > lcp)
            checked = lcp;
        if (pair_dead(s, s->m->n_locs - 1))
            continue;           /* its prefixes stay unjudged */
        for (int d = checked + 1; d < p->n_w && s->prefix; d++) {
            /* on a location with rmws, an order grows an rf only as
               an rmw's write is placed: judged then */
            if (rmw && p->rmw_read_of[o[d - 1]] < 0) {
                checked = d;
                continue;
            }
            s->prefixes++;
            if (prefix_dead(s, p, l, d)) {
                s->prefixes_cut++;
                dead_at = d;
                break;
            }
            checked = d;
        }
        /* a judged prefix costs about what a candidate does */
        if (s->prefixes >= 2048 && s->skipped < s->prefixes)
            s->prefix = false;
        if (dead_at == INT_MAX)
            candidate(s);
    }
}

/* With the product's locations 0..k picked and those after it not
 * (no rf nor co yet), do the model's partial_safe checks already fail?
 * Then no pick of the others makes a candidate the model accepts, and
 * the whole subtree is dropped (a lock word's order against the order
 * of a location its critical sections write). Judged only where what a
 * cut saves is worth a judgement (about a candidate's cost), and given
 * up when the cuts save less than the judgements cost. */
static bool level_dead(search *s, int k)
{
    int L = s->m->n_locs;
    if (!s->levels_on || s->settled || k == 0 || k >= L - 1)
        return false;
    uint64_t below = below_level(s, k);
    if (below < 4)
        return false;
    if (s->paired) {
        /* two locations of several solutions at most: pair_dead judged
           nearly that (those of one solution left out) */
        int several = 0;
        for (int i = 0; i <= k; i++)
            several += s->plans[s->prod[i]].n_sol > 1;
        if (several <= 2)
            return false;
    }
    s->levels++;
    set_rf_co(s, k + 1);
    bool dead = rf_co_dead(s);
    if (dead)
        s->levels_saved += below;
    if (s->levels >= 2048 && s->levels_saved < 2 * s->levels)
        s->levels_on = false;
    return dead;
}

/* Location plan p has no rmw pair (its writes' co orders and its
 * reads' sources are then free of atomicity, which the upper bound of
 * cat_accepts_all does not know: it takes co both ways). */
static bool rmw_free(const loc_plan *p)
{
    for (int j = 0; j < p->n_r; j++)
        if (p->rmw_w[j])
            return false;
    for (int w = 1; w <= p->n_w; w++)
        if (p->rmw_read_of[w] >= 0)
            return false;
    return true;
}

/* Solutions a and b of p: by their reads' sources, then by index. */
static int rf_cmp(const loc_plan *p, int a, int b)
{
    int width = p->n_w + p->n_r;
    int c = memcmp(p->sol + (size_t)a * width + p->n_w,
                   p->sol + (size_t)b * width + p->n_w,
                   sizeof *p->sol * (size_t)p->n_r);
    return c ? c : (a > b) - (a < b);
}

/* a[0..n-1] sorted by rf_cmp, tmp as large (a merge sort: a location
 * may have thousands of solutions). */
static void sort_by_rf(const loc_plan *p, int *a, int *tmp, int n)
{
    if (n < 2)
        return;
    int h = n / 2;
    sort_by_rf(p, a, tmp, h);
    sort_by_rf(p, a + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h || j < n)
        tmp[k++] = j == n || (i < h && rf_cmp(p, a[i], a[j]) < 0) ? a[i++]
                                                                   : a[j++];
    memcpy(a, tmp, sizeof *a * (size_t)n);
}

/* With the other locations' solutions picked, does the model accept
 * every candidate whose last location l takes one of the n solutions
 * idx[]? rf and co the union of theirs (an upper bound of each one's:
 * cat_accepts_all). */
static bool group_accepts(search *s, const loc_plan *p, int l,
                          const int *idx, int n)
{
    need_rels(s);
    cat_exec *x = &s->x;
    int width = p->n_w + p->n_r;
    set_rf_co(s, s->m->n_locs - 1);
    for (int q = 0; q < n; q++) {
        const int *sol = p->sol + (size_t)idx[q] * width;
        for (int i = 0; i < p->n_w; i++) {
            int gi = p->w[sol[i] - 1];
            mdl_rel_add(&x->co, l, gi);
            for (int j = i + 1; j < p->n_w; j++)
                mdl_rel_add(&x->co, gi, p->w[sol[j] - 1]);
        }
        for (int j = 0; j < p->n_r; j++) {
            if (sol[p->n_w + j] != OPEN)
                mdl_rel_add(&x->rf, w_of(p, sol[p->n_w + j], l), p->r[j]);
            add_also(&x->rf, p, j);
        }
    }
    s->groups++;
    ll_diag d = {0};        /* an error is the enumeration's to report */
    bool all = false;
    bool ok = cat_accepts_all(s->model, x, false, &all, &d) && all;
    if (ok)
        s->groups_saved += (uint64_t)n;
    return ok;
}

/* An accepted group's n candidates (last location's solutions idx[]),
 * counted: those reaching one final state (and one lock-final flag)
 * are one candidate() of their number (s->batch), in the order the
 * states first come, as enumerated one by one they would. */
static void count_group(search *s, loc_plan *p, const int *idx, int n)
{
    mdl_test *m = s->m;
    int no = m->n_obs + 1;      /* the values, then the flag */
    bool incoherent = false;
    for (int l = 0; l < m->n_locs; l++)
        incoherent |= &s->plans[l] != p &&
                      !s->plans[l].sol_ok[s->plans[l].pick];
    if (incoherent)
        return;                 /* none counted, none accepted */
    sem_val *key = ll_xmalloc((size_t)n * (size_t)no * sizeof *key);
    uint64_t *cnt = ll_xmalloc((size_t)n * sizeof *cnt);
    int *first = ll_xmalloc((size_t)n * sizeof *first);
    int d = 0;
    for (int q = 0; q < n; q++) {
        p->pick = idx[q];
        if (!p->sol_ok[p->pick])
            continue;
        sem_val *k = key + (size_t)d * (size_t)no;
        k[m->n_obs] = (sem_val){.num = final_memory(s)};
        memcpy(k, s->vals, (size_t)m->n_obs * sizeof *k);
        int j = 0;
        while (j < d && memcmp(key + (size_t)j * (size_t)no, k,
                               (size_t)no * sizeof *k))
            j++;
        if (j == d) {
            first[d] = idx[q];
            cnt[d++] = 0;
        }
        cnt[j]++;
    }
    for (int j = 0; j < d && !s->stop; j++) {
        p->pick = first[j];
        s->settled = true;
        s->batch = cnt[j];
        candidate(s);
    }
    s->batch = 1;
    s->settled = false;
    if (!s->stop)
        out_of_time(s);         /* out_of_budget's every 256 skipped */
    free(key);
    free(cnt);
    free(first);
}

/* An accepted group's candidates are alike but for their final state
 * where herd7 solves every read alike (its reads all read constants),
 * no copy cycle is cut per candidate, and no execution limit stops the
 * enumeration at one of them: they may be counted (count_group). */
static bool group_countable(search *s)
{
    mdl_test *m = s->m;
    return !m->copies_unsolved && !m->limits.max_executions &&
           (!(m->ops->symbolic_values || m->ops->symbolic_cycles) ||
            mdl_symbolic_plain(m, s->ev, s->n_ev, s->pick));
}

/* The product's last location l (free of rmws, product_order put it
 * last), its solutions a group at a time: all of them first, else
 * those of one rf each (co orders vary, a read's source is fixed). A
 * group the model accepts whole is counted (count_group) where its
 * reads are plain, else has its candidates enumerated (states, counts,
 * symbolic_keep) without a run of the model, as settled ones; the
 * others are judged one by one. In ManfredSpraul's tests the last
 * location is a flag word that two threads write twice under a lock
 * and a third reads: its orders, against the lock words' as picked,
 * seldom matter to the model. Given up when the judgements save fewer
 * runs of the model than twice their number. */
static void last_groups(search *s, loc_plan *p, int l)
{
    int n = p->n_sol;
    ll_grow((void **)&s->grp, &s->cap_grp, 2 * (size_t)n + 1, sizeof *s->grp);
    int *idx = s->grp, *tmp = s->grp + n;
    int kept = 0;
    for (int q = 0; q < n; q++) {
        p->pick = q;
        if (!pair_dead(s, s->m->n_locs - 1))
            idx[kept++] = q;
    }
    if (!(n = kept))
        return;
    tmp = idx + n;
    sort_by_rf(p, idx, tmp, n);
    bool whole = group_accepts(s, p, l, idx, n);
    int width = p->n_w + p->n_r;
    bool countable = group_countable(s);
    for (int a = 0, b; a < n && !s->stop; a = b) {
        b = a + 1;
        while (b < n && !memcmp(p->sol + (size_t)idx[a] * width + p->n_w,
                                p->sol + (size_t)idx[b] * width + p->n_w,
                                sizeof *p->sol * (size_t)p->n_r))
            b++;
        bool ok = whole || (b - a >= 2 && group_accepts(s, p, l, idx + a,
                                                        b - a));
        if (ok && countable) {
            count_group(s, p, idx + a, b - a);
            continue;
        }
        for (int q = a; q < b && !s->stop; q++) {
            p->pick = idx[q];
            s->settled = ok;
            candidate(s);
        }
        s->settled = false;
    }
    if (s->groups >= 2048 && s->groups_saved < s->groups)
        s->group_on = false;
}

/* The product's rmw-free locations, from its multi_from-th on (the
 * locations before it picked), judged at once: the solutions of each
 * that no pair with the picks rejects (pair_tables), unioned over all
 * of them (cat_accepts_all's upper bound, as last_groups' is over one
 * location). Accepted: every candidate of that sub-product is, each
 * taken without a run of the model (the last location's counted as in
 * last_groups); a location left no solution: none is. true when the
 * subtree is so done; false leaves it to product(). In ManfredSpraul's
 * tests the flag words each lock protects, against both locks' orders
 * picked: one judgement where last_groups made one per pick of the
 * others. Given up when it seldom saves a judgement. */
static bool multi_group(search *s, int k0)
{
    int L = s->m->n_locs;
    int m = L - k0;
    size_t tot = 2 * (size_t)m;
    for (int q = k0; q < L; q++)
        tot += (size_t)s->plans[s->prod[q]].n_sol + 1;
    if (tot > INT_MAX)
        return false;
    ll_grow((void **)&s->alive, &s->cap_alive, (int)tot, sizeof *s->alive);
    /* per position: where its list is (n, then the solutions), and the
       odometer's digit */
    int *off = s->alive, *cnt = s->alive + m;
    int *a = s->alive + 2 * m;
    uint64_t sub = 1;
    for (int q = k0; q < L; q++) {
        loc_plan *p = &s->plans[s->prod[q]];
        off[q - k0] = (int)(a - s->alive);
        cnt[q - k0] = 0;
        int n = 0;
        for (p->pick = 0; p->pick < p->n_sol; p->pick++)
            if (!pair_dead_upto(s, q, k0))
                a[1 + n++] = p->pick;
        a[0] = n;
        if (!n)
            return true;        /* every candidate rejected */
        a += n + 1;
        if (q < L - 1 && sub < UINT32_MAX)
            sub *= (uint64_t)n;
    }
    if (sub < 2)
        return false;           /* last_groups' judgement, as well */
    set_rf_co(s, k0);
    for (int q = k0; q < L; q++) {
        loc_plan *p = &s->plans[s->prod[q]];
        const int *al = s->alive + off[q - k0];
        for (int i = 1; i <= al[0]; i++) {
            p->pick = al[i];
            add_rf_co(s, s->prod[q]);
        }
    }
    s->multi_judged++;
    ll_diag d = {0};        /* an error is the enumeration's to report */
    bool all = false;
    bool ok = cat_accepts_all(s->model, &s->x, false, &all, &d) && all;
    if (ok)
        s->multi_saved += sub;
    /* (a test's first combinations may be rejected more than its
       later ones: ManfredSpraul's first thousand, 1268 saved) */
    if (s->multi_judged >= 4096 && s->multi_saved < s->multi_judged)
        s->multi_on = false;
    if (!ok)
        return false;
    /* each pick of positions k0..L-2 (an odometer), the last location's
       solutions counted or enumerated as an accepted group's */
    bool countable = group_countable(s);
    loc_plan *last = &s->plans[s->prod[L - 1]];
    const int *lal = s->alive + off[m - 1];
    while (!s->stop) {
        for (int q = k0; q < L - 1; q++)
            s->plans[s->prod[q]].pick =
                s->alive[off[q - k0] + 1 + cnt[q - k0]];
        if (countable)
            count_group(s, last, lal + 1, lal[0]);
        else {
            for (int i = 1; i <= lal[0] && !s->stop; i++) {
                last->pick = lal[i];
                s->settled = true;
                candidate(s);
            }
            s->settled = false;
        }
        int q = L - 2;
        while (q >= k0 && ++cnt[q - k0] == s->alive[off[q - k0]])
            cnt[q-- - k0] = 0;
        if (q < k0)
            break;
    }
    return true;
}

static void product(search *s, int k)
{
    if (s->stop)
        return;
    if (k == s->m->n_locs) {
        candidate(s);
        return;
    }
    loc_plan *p = &s->plans[s->prod[k]];
    if (k == s->multi_from && k < s->m->n_locs - 1 && s->grouped &&
        s->group_on && s->multi_on && !s->settled && multi_group(s, k))
        return;
    if (k == s->m->n_locs - 1 && s->grouped && s->group_on &&
        !s->settled) {
        last_groups(s, p, s->prod[k]);
        return;
    }
    if (k == s->m->n_locs - 1 && s->prefix && !s->settled &&
        p->n_sol >= 16 && p->n_w >= 3) {
        last_location(s, p, s->prod[k]);
        return;
    }
    for (p->pick = 0; p->pick < p->n_sol && !s->stop; p->pick++)
        if (!pair_dead(s, k) && !level_dead(s, k))
            product(s, k + 1);
}

/* The product's order: locations with fewer solutions first, so that a
 * part cut early saves the most; for a whole combination (group), the
 * rmw-free location with most solutions last, for last_groups. */
static void product_order(search *s, bool group)
{
    int L = s->m->n_locs;
    for (int i = 0; i < L; i++) {
        int l = i, k = i;
        while (k > 0 && s->plans[s->prod[k - 1]].n_sol > s->plans[l].n_sol) {
            s->prod[k] = s->prod[k - 1];
            k--;
        }
        s->prod[k] = l;
    }
    /* the rmw-free location of most solutions last, for last_groups */
    s->grouped = false;
    s->multi_from = L;
    if (!group || !s->group_on || !s->values_fixed || s->amo.n ||
        s->settled || s->m->candidates < MDL_PARTIAL_AFTER)
        return;
    int best = -1;
    for (int k = 0; k < L; k++)
        if (rmw_free(&s->plans[s->prod[k]]) &&
            (best < 0 ||
             s->plans[s->prod[k]].n_sol >= s->plans[s->prod[best]].n_sol))
            best = k;
    if (best < 0 || s->plans[s->prod[best]].n_sol < MDL_GROUP_MIN)
        return;
    int l = s->prod[best];
    memmove(s->prod + best, s->prod + best + 1,
            sizeof *s->prod * (size_t)(L - 1 - best));
    s->prod[L - 1] = l;
    s->grouped = true;
    if (!s->multi_on)
        return;
    /* the other rmw-free locations of two solutions or more right
       before it, in the same order, for multi_group */
    int j = L - 1;
    for (int k = L - 2; k >= 0; k--) {
        loc_plan *p = &s->plans[s->prod[k]];
        if (p->n_sol >= 2 && rmw_free(p)) {
            int v = s->prod[k];
            memmove(s->prod + k, s->prod + k + 1,
                    sizeof *s->prod * (size_t)(j - 1 - k));
            s->prod[--j] = v;
        }
    }
    s->multi_from = j;
}

/* The shown registers' values in the combination. */
static void reg_values(search *s)
{
    mdl_test *m = s->m;
    for (int i = 0; i < m->n_obs; i++) {
        const mdl_obs *o = &m->obs[i];
        if (o->proc < 0)
            continue;
        const mdl_run *run = &m->threads[o->proc].runs[s->pick[o->proc]];
        s->vals[i] = mdl_obs_raw(
            m, i, o->reg >= 0 && o->slot < m->ops->n_regs
                      ? m->ops->reg_value(run->final, o->reg)
                      : run->final[o->slot]);
    }
}

/* A counted combination's states: each choice of a co-last write for
 * the shown locations (a count per location in cnt, the location's
 * total last), its executions those of the choice times the totals of
 * the locations not shown. */
static void count_states(search *s, const uint64_t *cnt, uint64_t total)
{
    mdl_test *m = s->m;
    int L = m->n_locs, K = MDL_MAX_LOC_EVENTS + 1;
    int *last = ll_xcalloc((size_t)L + 1, sizeof *last);
    bool *shown = ll_xcalloc((size_t)L + 1, sizeof *shown);
    uint64_t rest = total;
    for (int i = 0; i < m->n_obs; i++)
        if (m->obs[i].mem >= 0 && !shown[m->obs[i].mem]) {
            shown[m->obs[i].mem] = true;
            rest /= cnt[(size_t)m->obs[i].mem * K + K - 1];
        }
    for (;;) {
        uint64_t n = rest;
        bool zero = false;
        for (int l = 0; l < L; l++)
            if (shown[l]) {
                n *= cnt[(size_t)l * K + last[l]];  /* <= total */
                zero |= !cnt[(size_t)l * K + last[l]];
            }
        for (int i = 0; i < m->n_obs && !zero; i++) {
            int l = m->obs[i].mem;
            if (l < 0)
                continue;
            const loc_plan *p = &s->plans[l];
            s->vals[i] = mdl_obs_raw(m, i, last[l] ? s->ev[p->w[last[l] - 1]].val
                                                   : m->locs[l].init);
        }
        if (!zero) {
            cat_result res = {0};
            res.allowed = true;
            res.n_accepted = n;
            emit(s, s->vals, &res);
        }
        int l = 0;          /* the next choice, as an odometer */
        while (l < L && (!shown[l] || last[l] == s->plans[l].n_w)) {
            last[l] = 0;
            l++;
        }
        if (l == L)
            break;
        last[l]++;
    }
    free(last);
    free(shown);
}

/* A class combination's reads may read any write of a value some member
 * of their class reads (run_family.c), or, without classes, the reads of
 * threads wide_from.. any value some run of theirs reads (settled):
 * location l's sources widened so,
 * and the co order constraints shapes derives from them made again (the
 * representative's own are stronger). Its coherent pairs are then those
 * of every member combination, each once (a source fixes the value
 * read, and a class holds each choice of values once). */
static void widen(search *s, int l)
{
    loc_plan *p = &s->plans[l];
    const mdl_families *f = s->fam;
    for (int j = 0; j < p->n_r; j++) {
        int t = s->ev[p->r[j]].thread, i = p->r[j] - s->base[t];
        const mdl_thread *th = &s->m->threads[t];
        int c = f ? f->cls[t][s->pick[t]] : 0;
        p->src[j] = 0;
        for (int k = 0; k < th->n_runs; k++)
            if (f ? f->cls[t][k] == c
                  : t >= s->wide_from || k == s->pick[t])
                p->src[j] |= sources(s, p, l, j, th->runs[k].ev[i].val);
    }
    for (int a = 1; a <= p->n_w; a++) {
        p->w_before[a] = 0;
        for (int b = 1; b <= p->n_w; b++)
            if (p->poloc[b] >> a & 1)
                p->w_before[a] |= 1ull << b;
    }
    /* false: no source order is coherent for any member, and co_count
       counts 0 */
    shapes(p);
}

/* Does the model accept every coherent candidate whose rf and co lie
 * within the locations' plans (co both ways but where w_before, program
 * order and shapes, fixes the order; rf any source)? With vary, the
 * reads' values vary too: %same-value then holds every valued event
 * with each read. x's rf, co (and then sameval) are left so. An error
 * is the enumeration's to report: false. */
static bool bound_accepts(search *s, bool vary)
{
    need_rels(s);
    cat_exec *x = &s->x;
    int L = s->m->n_locs;
    mdl_rel_clear(&x->rf);
    mdl_rel_clear(&x->co);
    for (int l = 0; l < L; l++) {
        const loc_plan *p = &s->plans[l];
        uint64_t must[MDL_MAX_LOC_EVENTS + 1];
        memcpy(must, p->w_before, sizeof(uint64_t) * (size_t)(p->n_w + 1));
        for (int k = 1; k <= p->n_w; k++)     /* transitive closure */
            for (int w = 1; w <= p->n_w; w++)
                if (must[w] >> k & 1)
                    must[w] |= must[k];
        for (int i = 1; i <= p->n_w; i++) {
            mdl_rel_add(&x->co, l, p->w[i - 1]);
            for (int j = 1; j <= p->n_w; j++)
                if (j != i && !(must[i] >> j & 1))
                    mdl_rel_add(&x->co, p->w[i - 1], p->w[j - 1]);
        }
        for (int j = 0; j < p->n_r; j++) {
            for (uint64_t b = p->src[j]; b; b &= b - 1)
                mdl_rel_add(&x->rf, w_of(p, __builtin_ctzll(b), l), p->r[j]);
            add_also(&x->rf, p, j);
        }
    }
    /* reads that may have any of their values: same as every valued
       event, an upper bound of %same-value on each candidate */
    for (int g = 0; vary && s->values && g < s->n_ev; g++)
        for (int h = 0; s->ev[g].e && s->ev[g].e->kind == SEM_R &&
                        valued(s, &s->ev[g]) && h < s->n_ev; h++)
            if (valued(s, &s->ev[h])) {
                mdl_rel_add(&x->sameval, g, h);
                mdl_rel_add(&x->sameval, h, g);
            }
    ll_diag d = {0};
    bool all = false;
    return cat_accepts_all(s->model, x, vary, &all, &d) && all;
}

/* The combination answered by counting (doc/model-scale.md): when the
 * model accepts every coherent candidate of it (cat_accepts_all, on rf
 * and co holding every pair a candidate may have), its executions are
 * the product of its locations' coherent solutions, counted per co-last
 * write (co_count), and its states those of the co-last writes. false:
 * not so (or not known), for the search to enumerate. */
static bool counted(search *s)
{
    mdl_test *m = s->m;
    int L = m->n_locs;
    int orders = 1;             /* co orders, up to MDL_COUNT_ORDERS */
    for (int l = 0; l < L; l++)
        s->weight[l] = 0;
    if (!s->values_fixed)
        return false;           /* symbolic values; herd7's locks */
    for (int g = L; g < s->n_ev; g++) {
        if (s->ev[g].e->kind == SEM_W && orders < MDL_COUNT_ORDERS)
            orders *= ++s->weight[s->ev[g].loc];
    }
    if (orders < MDL_COUNT_ORDERS && !s->fam)
        return false;           /* a few candidates: enumerated */
    uint64_t *cnt = ll_xcalloc((size_t)L * (MDL_MAX_LOC_EVENTS + 1),
                               sizeof *cnt);
    uint64_t total = 1;
    bool ok = true;
    for (int l = 0; l < L && ok; l++) {
        loc_plan *p = &s->plans[l];
        bool too_big = false;
        ok = plan_location(s, l, &too_big);
        if (s->fam && !too_big) {
            widen(s, l);
            ok = true;
        }
        for (int j = 0; ok && j < p->n_r; j++)
            ok = !p->rmw_w[j];  /* (rmw atomicity prunes its orders) */
        co_problem cp = {p->n_w, p->n_r, p->thr, p->poloc, p->src,
                         &s->co_work};
        uint64_t *c = cnt + (size_t)l * (MDL_MAX_LOC_EVENTS + 1), sum = 0;
        uint64_t *kept = s->fam_counts ? s->fam_counts +
            ((size_t)s->fam_at * L + l) * (MDL_MAX_LOC_EVENTS + 1) : NULL;
        if (ok && kept && !s->fam_judge) {
            memcpy(c, kept, sizeof *c * (MDL_MAX_LOC_EVENTS + 1));
        } else {
            ok = ok && co_count(&cp, c);
            if (ok && kept)
                memcpy(kept, c, sizeof *c * (MDL_MAX_LOC_EVENTS + 1));
        }
        for (int w = 0; ok && w <= p->n_w; w++)
            ok = !__builtin_add_overflow(sum, c[w], &sum);
        ok = ok && !__builtin_mul_overflow(total, sum, &total);
        c[MDL_MAX_LOC_EVENTS] = sum;
    }
    const mdl_limits *lim = &m->limits;
    if (ok && lim->max_executions &&
        m->candidates + total > lim->max_executions)
        ok = false;             /* the enumeration says where it stops */
    /* a candidate costs about what the judgement does */
    ok = ok && (total == 0 || total >= MDL_COUNT_ORDERS || s->fam);
    if (ok && total) {
        /* an error is the enumeration's to report */
        ok = bound_accepts(s, s->fam != NULL);
        /* not worth judging when it seldom accepts all */
        s->judged++;
        s->judged_all += ok;
        if (s->judged >= 256 && s->judged_all * 8 < s->judged && !s->fam)
            s->count = false;
    }
    if (ok && total) {
        m->candidates += total;
        if (!s->fam_judge) {
            s->counted += total;
            reg_values(s);
            count_states(s, cnt, total);
        }
    }
    free(cnt);
    return ok;
}

/* The test's run combinations counted a class combination at a time
 * (run_family.c): a first pass judges every class combination (the
 * model accepts all its candidates, counted() on widened sources), a
 * second counts them; false, with nothing found, when some class
 * combination is not so (the search then enumerates as before). Only
 * where it saves: classes far fewer than runs. */
static bool families(search *s)
{
    mdl_test *m = s->m;
    int T = m->n_threads;
    mdl_families f = {0};
    /* a class combination is never a leaf of choose_runs, where a
       mixed-size combination is refused as herd7 refuses it */
    bool ok = !s->sizes_vary && mdl_families_find(m, &f) &&
              f.outer > 0 && f.runs >= MDL_FAMILY_MIN &&
              f.outer <= MDL_FAMILY_OUTER &&
              f.runs / f.outer >= MDL_FAMILY_GAIN;
    int *c = ll_xcalloc((size_t)T + 1, sizeof *c);
    uint64_t candidates = m->candidates;
    s->fam = &f;
    /* the first pass's counts kept for the second (a few MB at most) */
    if (ok && f.outer * (m->n_locs + 1) <= MDL_FAMILY_OUTER * 4)
        s->fam_counts = ll_xcalloc((size_t)(f.outer * m->n_locs + 1) *
                                   (MDL_MAX_LOC_EVENTS + 1),
                                   sizeof *s->fam_counts);
    for (int pass = 0; ok && pass < 2 && !s->stop; pass++) {
        s->fam_judge = pass == 0;
        m->candidates = candidates;
        for (int t = 0; t < T; t++)
            c[t] = 0;
        for (s->fam_at = 0;; s->fam_at++) {
            for (int t = 0; t < T; t++) {
                s->pick[t] = 0;
                while (f.cls[t][s->pick[t]] != c[t])
                    s->pick[t]++;
            }
            build_events(s);
            ok = !s->amo.n && counted(s);
            if (!ok || out_of_time(s))
                break;
            int t = 0;          /* the next class combination */
            while (t < T && c[t] == f.n_cls[t] - 1)
                c[t++] = 0;
            if (t == T)
                break;
            c[t]++;
        }
        if (!ok && pass == 1) {
            /* the passes judge alike: never half counted */
            ll_diag_set(&m->diag, 0, 0, "internal error: a counted family "
                        "failed its second pass");
            m->failed = true;
            s->status = MDL_BAD_INPUT;
            s->stop = true;
        }
    }
    if (!ok)
        m->candidates = candidates;
    s->fam = NULL;
    s->fam_judge = false;
    free(s->fam_counts);
    s->fam_counts = NULL;
    free(c);
    mdl_families_free(m, &f);
    return ok || s->stop;
}

/* Which threads' runs are all alike but for the values read, from
 * settle_min on, and whether combinations may be settled by a prefix:
 * as counting (s->count), and only where the bound's events are a
 * combination's (no register events, sizes, symbolic values written,
 * herd7's lock operations). */
static void settle_setup(search *s)
{
    mdl_test *m = s->m;
    int T = m->n_threads;
    bool plain = s->count && !s->regs && !s->sizes_vary;
    s->wide_from = T;
    s->settle_min = T;
    for (int t = T - 1; t >= 0 && plain; t--) {
        const mdl_thread *th = &m->threads[t];
        for (int k = 0; k < th->n_runs && plain; k++) {
            const mdl_run *a = &th->runs[0], *b = &th->runs[k];
            plain = a->n_ev == b->n_ev;
            for (int i = 0; plain && i < b->n_ev; i++)
                plain = mdl_event_alike(&a->ev[i], &b->ev[i], false) &&
                        !(b->ev[i].kind == SEM_W && b->ev[i].vdata) &&
                        !(b->ev[i].tags & m->ops->herd_nonmem);
        }
        if (plain)
            s->settle_min = t;
    }
    s->settle_on = s->settle_min < T;
    s->settle_pick = ll_xcalloc((size_t)T + 1, sizeof *s->settle_pick);
    s->settle_ok = ll_xcalloc((size_t)T + 1, sizeof *s->settle_ok);
}

/* With threads 0..k-1's runs as picked and threads k.. running any of
 * their runs, does the model accept every coherent candidate? */
static bool settles_from(search *s, int k)
{
    mdl_test *m = s->m;
    if (s->amo.n)
        return false;
    need_rels(s);
    s->settle_judged++;
    s->wide_from = k;
    bool ok = true;
    for (int l = 0; l < m->n_locs && ok; l++) {
        bool too_big = false;
        plan_location(s, l, &too_big);
        ok = !too_big;
        if (ok)
            widen(s, l);
    }
    ok = ok && bound_accepts(s, true);
    s->wide_from = m->n_threads;
    /* %same-value as the combination has it again */
    mdl_rel_clear(&s->x.sameval);
    if (s->values)
        same_value(s);
    return ok;
}

/* Is the combination (its events built) under a prefix settled_from
 * judged true? A prefix's verdict is kept while its picks stay (the
 * combinations come in the order of their picks); given up when the
 * judgements save too few runs of the model. */
static bool settled(search *s)
{
    int T = s->m->n_threads;
    if (!s->settle_on)
        return false;
    int t = 0;
    while (t < T && s->pick[t] == s->settle_pick[t])
        t++;
    if (s->settle_valid > t + 1)
        s->settle_valid = t + 1;
    memcpy(s->settle_pick, s->pick, (size_t)T * sizeof *s->pick);
    for (int k = s->settle_min; k < T; k++) {
        if (k >= s->settle_valid) {
            s->settle_ok[k] = settles_from(s, k);
            s->settle_valid = k + 1;
        }
        if (s->settle_ok[k]) {
            s->settle_saved++;
            return true;
        }
    }
    if (s->settle_judged >= 64 && s->settle_saved < 4 * s->settle_judged)
        s->settle_on = false;
    return false;
}

static void combination(search *s)
{
    mdl_test *m = s->m;
    /* a combination costs far more than a pick (counted's dynamic
       program, its locations solved): the clock is read for each, so
       that a limit stops the search, which says what it found, before
       the batch kills it from outside */
    s->settled = false;
    if (out_of_time(s))
        return;
    build_events(s);
    if (s->count && !s->amo.n && counted(s))
        return;
    s->settled = settled(s);
    bool capped = false;
    /* locations with fewer writes first: they have fewer co orders, so a
       combination none of them can satisfy is dropped sooner */
    for (int l = 0; l < m->n_locs; l++)
        s->weight[l] = 0;
    for (int g = m->n_locs; g < s->n_ev; g++)
        if (s->ev[g].e->kind == SEM_W)
            s->weight[s->ev[g].loc]++;
    for (int i = 0; i < m->n_locs; i++) {
        int l = i;
        for (int k = 0; k < i; k++)
            if (s->weight[s->by_weight[k]] > s->weight[l]) {
                int t = s->by_weight[k];
                s->by_weight[k] = l;
                l = t;
            }
        s->by_weight[i] = l;
    }
    for (int i = 0; i < m->n_locs; i++) {
        int l = s->by_weight[i];
        bool too_big = false;
        bool some = solve_location(s, l, &too_big);
        if (s->stop)
            return;
        capped |= s->plans[l].capped;
        if (!some) {
            if (too_big) {
                ll_diag_set(&m->diag, 0, 0,
                            "more than %d accesses to one location",
                            MDL_MAX_LOC_EVENTS - 1);
                m->failed = true;
                s->status = MDL_BAD_INPUT;
                s->stop = true;
            }
            return;
        }
    }
    if (capped) {
        /* every location has a solution, one has more than the limit */
        s->status = MDL_TOO_MANY;
        s->stop = true;
        return;
    }
    reg_values(s);
    product_order(s, true);
    pair_tables(s);
    product(s, 0);
}

/* Whether write w's value is made of read r's (the same thread's), so
 * that it is no source of r in herd7's Loop test: its vdata, and its
 * vloop (LISA's `mov r3 (xor r0 r0)` still counts r0: no Loop there,
 * herd7 says it). In C the symbolic judge (bad_solves) tells whether
 * an equation solves it: a cmpxchg's success (`r0 = cmpxchg(y, 1, 2);
 * *y = r0;`: `S := 1` solves the copy, and a spin while r0 != 0 turns:
 * `Loop`, g14000001_281; litmus/c/loops-cut-cmpxchg-reads-own-later-copy;
 * an expected `r2 + 1`, S2 solved, as well), where `r0 = y; y = r0`
 * alone leaves S undetermined; but not a nested operation on a read no
 * constant fixes (`cmpxchg(y, r2 + 1, 2)`, y written `(r10 ^ r0) + r0 -
 * r0`): herd7's one pass leaves its cycle of operations unsolved (no
 * Loop), which our replay keeps. */
static bool made_of(const search *s, const gev *w, const gev *r)
{
    if (r->e->read_no < 0 || r->e->read_no >= SEM_MAX_READS)
        return false;
    sem_taint bit = (sem_taint)1 << r->e->read_no;
    if (!((w->e->vdata | w->e->vloop) & bit))
        return false;
    const mdl_run *run = &s->m->threads[r->thread].runs[s->pick[r->thread]];
    const sem_vnode *nd = &w->e->vnode;
    return !s->m->ops->symbolic_values ||
           (!(run->pinned & bit) && nd->id && (nd->arg[0] || nd->arg[1]));
}

/* A read of a lock whose source herd7's model chooses (a failed
 * spin_trylock, spin_is_locked: sem_ops.herd_chosen_reads): its events
 * carry no value, so herd7's Loop test, before the model, finds it
 * none to find (`r0 = spin_trylock(s)` failing where no thread takes s,
 * then a spin while r1 == r0: Loop, g16000019_95; spin_is_locked alike,
 * g16000015_81). */
static bool lock_chosen(const search *s, const gev *r)
{
    return (r->e->tags & s->m->ops->herd_chosen_reads) != 0;
}

/* Does every read of the combination find a write of its value (or the
 * initial value), not of its own instruction nor after it in its thread?
 * herd7's test of a path cut at a loop's unrolling limit: it says `Loop`
 * when such a path solves, before any coherence or model check. There
 * (own_later) herd7 takes any write of the candidate as a source, one
 * after the read in its thread too (l5700100_27: P0 reads z = 2 from its
 * own later `w z 2`, copies it to y, and P1 spins on y), but one whose
 * value is made of the read itself (`r0 = y; y = r0`) is an equation
 * r0 = r0 its solver leaves undetermined unless another equation
 * solves it (made_of). Nor is the write
 * of the read's own instruction (an RMW's: `cmpxchg(y, 0, 0)` reading
 * the 0 it would write itself, where no other write gives 0: no Loop on
 * herd7, g16100004_51). */
static bool reads_find_values(search *s, bool own_later, bool failed)
{
    mdl_test *m = s->m;
    build_events(s);
    for (int g = m->n_locs; g < s->n_ev; g++) {
        const gev *r = &s->ev[g];
        if (r->e->kind != SEM_R || !solved(s, r) ||
            (own_later && lock_chosen(s, r)))
            continue;
        bool found = !m->locs[r->loc].no_init &&
                     sem_val_eq(m->locs[r->loc].init, r->e->val);
        for (int h = m->n_locs; h < s->n_ev && !found; h++) {
            const gev *w = &s->ev[h];
            /* events are in program order within a thread: herd7 reads
               from no write of its own thread after the read */
            found = w->e->kind == SEM_W && w->loc == r->loc &&
                    (sem_val_eq(w->e->val, r->e->val) ||
                     symbolic_source(s, w, failed)) &&
                    !same_instr(s, w, r) &&
                    (w->thread != r->thread || h < g ||
                     (own_later && w->e->inst != r->e->inst &&
                      !instr_feeds(s, h, g) && !made_of(s, w, r)));
        }
        if (!found)
            return false;
    }
    return true;
}

/* A shown value (obs i) of thread t made of its reads d: herd7's
 * symbol where one of them is in a class of copies no constant
 * determines (undet, mdl_symbolic_determined), the class's own symbol
 * for a plain copy. */
static void undet_symbol(const search *s, const int *undet, int t,
                         sem_taint d, int i, sem_val *v)
{
    const mdl_run *run = &s->m->threads[t].runs[s->pick[t]];
    for (int k = 0; d && k < run->n_ev; k++) {
        const sem_event *e = &run->ev[k];
        if (e->kind != SEM_R || e->read_no < 0 ||
            e->read_no >= SEM_MAX_READS || !(d >> e->read_no & 1) ||
            !undet[s->base[t] + k])
            continue;
        v->sym = MDL_SYM_UNDETERMINED;
        v->num = (d & (d - 1)) ? (int64_t)s->n_ev + 1 + i
                               : undet[s->base[t] + k];
        return;
    }
}

/* cut_kept's undet before the solver ran: any value made of reads may
 * be a symbol. */
static const int maybe_symbols_at;
#define MAYBE_SYMBOLS (&maybe_symbols_at)

/* Whether the filter keeps the state in s->vals, made of the reads
 * thr[i], dep[i] (0: a constant), with the symbols undet gives; with
 * MAYBE_SYMBOLS, whether it keeps some choice of values made of reads
 * turned symbols, one symbol or all distinct (past 10 such, true). */
static bool symbols_kept(search *s, const int *undet, const int *thr,
                         const sem_taint *dep)
{
    mdl_test *m = s->m;
    int maybe[10], k = 0;
    for (int i = 0; i < m->n_obs; i++) {
        if (!dep[i])
            continue;
        if (undet != MAYBE_SYMBOLS)
            undet_symbol(s, undet, thr[i], dep[i], i, &s->vals[i]);
        else if (k == 10)
            return true;
        else
            maybe[k++] = i;
    }
    sem_val *conc = ll_xmalloc((size_t)(m->n_obs + 1) * sizeof *conc);
    memcpy(conc, s->vals, (size_t)m->n_obs * sizeof *conc);
    bool kept = false;
    for (int mask = 0; mask < (k ? 2 << k : 1) && !kept; mask++) {
        for (int j = 0; j < k; j++) {
            bool sym = mask >> j & 1;
            s->vals[maybe[j]] = conc[maybe[j]];
            if (sym) {
                s->vals[maybe[j]].sym = MDL_SYM_UNDETERMINED;
                s->vals[maybe[j]].num = mask >> k ? 1 : maybe[j] + 1;
            }
        }
        ll_state st = {0};
        mdl_state_to_ll(m, s->vals, m->n_obs, &st);
        kept = filter_keeps(m, &st);
        ll_state_clear(&st);
    }
    memcpy(s->vals, conc, (size_t)m->n_obs * sizeof *conc);
    free(conc);
    return kept;
}

/* herd7 says `Loop` for a cut combination only when some final state of
 * it passes the test's filter: the cut runs' registers, and for each
 * location any write of it, the initial value where there is none
 * (herd7's choices of a final write, which it judges before its model:
 * C-loop-filter, `filter (~y=1)` where the only write is y=1 says no
 * Loop; `filter (x=1)` past `x = 1; x = 2;` in one thread says Loop,
 * litmus/c/loops-cut-filter-overwritten-write). A value made of a read
 * whose class of copies no constant determines (undet; NULL: none;
 * MAYBE_SYMBOLS: any may be, a first look before the solver) is herd7's
 * symbol there, equal to no constant: P0 `r0 = READ_ONCE(*x);
 * WRITE_ONCE(*x, r0);` alone writes x, which `filter (x=2)` keeps only
 * where the read takes the 2 its own write makes (x = S, no Loop on
 * herd7, g14000051_310; litmus/c/loops-cut-filter-undetermined-copy).
 * A lock operation's write (sem_ops.herd_nonmem) is none: herd7's
 * final writes are its memory writes, so a lock word shows its initial
 * value only where no plain write of it is (its initial write is
 * co-before the others), as final_memory: P0 `WRITE_ONCE(*s, 2);
 * spin_unlock(s);` and a spin_lock(s) elsewhere, `filter (s=0)` keeps
 * no final state, no Loop (g16000113_67; litmus/c/loops-cut-filter-
 * lock-writes). Called after reads_find_values built the events. */
static bool cut_kept(search *s, const int *undet)
{
    mdl_test *m = s->m;
    if (!m->filter)
        return true;
    reg_values(s);
    int L = m->n_locs, O = m->n_obs;
    int *cand = ll_xmalloc((size_t)(s->n_ev + 2 * L + O) * sizeof *cand);
    int *first = cand + s->n_ev, *at = first + L, *thr = at + L, n = 0;
    sem_taint *dep = ll_xcalloc((size_t)O + 1, sizeof *dep);
    for (int i = 0; i < O && undet; i++) {
        const mdl_obs *o = &m->obs[i];
        if (o->proc >= 0 && o->slot >= 0) {
            thr[i] = o->proc;
            dep[i] = m->threads[o->proc].runs[s->pick[o->proc]]
                         .final_t[o->slot];
        }
    }
    for (int l = 0; l < L; l++) {   /* location l's: cand[first[l]..] */
        first[l] = n;
        bool shown = false;
        for (int i = 0; i < O && !shown; i++)
            shown = m->obs[i].mem == l;
        for (int h = L; h < s->n_ev && shown; h++)
            if (s->ev[h].e->kind == SEM_W && s->ev[h].loc == l &&
                !(s->ev[h].e->tags & m->ops->herd_nonmem))
                cand[n++] = h;
        if (n == first[l])
            cand[n++] = l;      /* no write: the initial one */
        at[l] = first[l];
    }
    bool kept = false;
    for (;;) {
        for (int i = 0; i < O; i++) {
            int h = m->obs[i].mem >= 0 ? cand[at[m->obs[i].mem]] : -1;
            if (h < 0)
                continue;
            s->vals[i] = mdl_obs_raw(m, i, s->ev[h].val);
            thr[i] = h >= L ? s->ev[h].thread : 0;
            dep[i] = h >= L && undet ? s->ev[h].e->vdata : 0;
        }
        kept = symbols_kept(s, undet, thr, dep);
        int l = 0;          /* the next choice, as an odometer */
        while (!kept && l < L &&
               at[l] + 1 == (l + 1 < L ? first[l + 1] : n)) {
            at[l] = first[l];
            l++;
        }
        if (kept || l == L)
            break;
        at[l]++;
    }
    free(dep);
    free(cand);
    return kept;
}

/* ---- parts of combinations ---- */

/* Some choice of the part's location solutions passes the model's
 * partial_safe checks (or cannot be judged). */
static bool part_alive(search *s, int l)
{
    need_rels(s);
    if (s->stop)
        return true;
    if (l == s->m->n_locs) {
        set_rf_co(s, l);
        bool dead = false;
        ll_diag d = {0};
        /* an error is the full search's to report */
        return !cat_partial_dead(s->model, &s->x, &dead, &d) || !dead;
    }
    loc_plan *p = &s->plans[s->prod[l]];
    for (p->pick = 0; p->pick < p->n_sol; p->pick++)
        if (part_alive(s, l + 1))
            return true;
    return false;
}

/* Threads 0..t with their picked runs, reads of values only threads
 * t+1.. write left open: false when every way to complete them fails
 * one of the model's checks that only more events, rf and co cannot
 * mend (cat_test.partial_safe), so no combination starting so is an
 * execution. */
static bool part_ok(search *s, int t)
{
    mdl_test *m = s->m;
    if (!s->partial || t == 0 || t >= m->n_threads - 1 ||
        m->candidates < MDL_PARTIAL_AFTER)
        return true;
    for (int u = 0; u <= t; u++)
        if (m->threads[u].runs[s->pick[u]].cut ||
            m->threads[u].runs[s->pick[u]].bad ||
            m->threads[u].runs[s->pick[u]].waits)
            return true;
    /* not worth it when it seldom cuts */
    if (s->parts >= 512 && s->parts_cut * 32 < s->parts) {
        s->partial = false;
        return true;
    }
    s->n_active = t + 1;
    s->open_from = t + 1;
    build_events(s);
    bool alive = true;
    for (int l = 0; l < m->n_locs && alive; l++) {
        bool too_big = false;
        alive = solve_location(s, l, &too_big) || too_big;
        alive |= s->stop || s->plans[l].capped;
        if (s->plans[l].capped)
            break;      /* too many to judge: keep it */
    }
    bool capped = false;
    for (int l = 0; l < m->n_locs; l++)
        capped |= s->plans[l].capped;
    if (alive && !capped && !s->stop) {
        product_order(s, false);
        alive = part_alive(s, 0);
    }
    s->n_active = m->n_threads;
    s->open_from = m->n_threads;
    s->parts++;
    s->parts_cut += !alive;
    return alive;
}

/* A read of a combination with a run stopped on an error (mdl_run.bad)
 * that herd7 solves: an access the engine sources, or a read at address
 * 0 that paths.c's at0_run took as found by a write of its own thread
 * after it (a fence now, with its read number: *own). */
static bool bad_read(const search *s, const gev *r, bool *own)
{
    *own = r->e->kind == SEM_F && r->e->read_no >= 0 && r->loc >= 0 &&
           s->m->locs[r->loc].no_init;
    return *own || (r->e->kind == SEM_R && solved(s, r));
}

/* Whether write h may be read g's source in bad_solves: of its value at
 * its location, not of its instruction, nor after it in its thread but
 * for a read at 0 (own, as at0_run takes it) or where bad_solves allows
 * it (later: as reads_find_values takes it); h < n_locs: the initial
 * write. */
static bool bad_source(const search *s, int g, int h, bool own, bool later,
                       bool failed)
{
    const gev *r = &s->ev[g], *w = &s->ev[h];
    if (h < s->m->n_locs)
        return h == r->loc && !s->m->locs[h].no_init &&
               sem_val_eq(s->m->locs[h].init, r->e->val);
    return w->e->kind == SEM_W && w->loc == r->loc &&
           (sem_val_eq(w->e->val, r->e->val) ||
            symbolic_source(s, w, failed)) &&
           !same_instr(s, w, r) &&
           (w->thread != r->thread || h < g ||
            (w->e->inst != r->e->inst && !instr_feeds(s, h, g) &&
             (own || (later && !made_of(s, w, r)))));
}

/* Whether event h is a constant write: the initial one, or one whose
 * value is no read's. */
static bool constant_source(const search *s, int h)
{
    return h < s->m->n_locs || !s->ev[h].e || !s->ev[h].e->vdata;
}

/* herd7 solves a combination's values before it refuses a path stopped
 * on an error (address 0): an execution where a value no write fixes (a
 * read at 0 of its own copy stored back there, `r0 = xchg(q, 2);
 * WRITE_ONCE(*q, r0);`) meets an operation or a branch is dropped
 * (symbolic.c), not refused. So before it says `Loop` for a combination
 * cut at a loop (cut): P1 spinning while it reads z = 0, where P0's
 * `atomic_add(1, z); atomic_dec(z);` writes 0 only if its add reads 0
 * from its own later dec, whose value is made of the add's (z = 2, no
 * other write: S = (S + 1) - 1, undetermined, its branch unsolved, no
 * Loop, g12001100_122; LISA's adds alike: mdl_symbolic_determined).
 * Whether some choice of a source for each read (the build_events of
 * reads_find_values) is one herd7 keeps, a cut one's state passing the
 * filter (cut_kept, with herd7's symbols); past 4096 choices, as if one
 * were (the refusal or Loop, as before). */
static bool solves_with(search *s, const gev *ev, bool cut, bool failed)
{
    if (cut) {
        int *undet = ll_xmalloc((size_t)s->n_ev * sizeof *undet + 1);
        bool kept = mdl_symbolic_determined(s->m, ev, s->n_ev, s->base,
                                            s->pick, s->src, undet) &&
                    cut_kept(s, undet);
        free(undet);
        return kept;
    }
    return mdl_symbolic_keep(s->m, ev, s->n_ev, s->base, s->pick, s->src,
                             s->final_w, s->vals, failed);
}

/* later: a read's source may be a write after it in its thread (but
 * one made of the read's value): herd7 checks no order of a thread's
 * accesses before it says `Loop` (cut) or refuses a store at address 0
 * (`WRITE_ONCE(*z, 1); r0 = READ_ONCE(*z);` with r0 = 0 leading there,
 * or r0 = 2 from a `WRITE_ONCE(*z, 2)` after it: refused). A
 * combination with an illegal run alone (bad_accepted after it) has its
 * reads' sources before them, the model judging the rest; it carries a
 * failure (failed), which herd7 keeps whatever it leaves unsolved. */
static bool bad_solves(search *s, bool cut, bool later, bool failed)
{
    mdl_test *m = s->m;
    int n = s->n_ev;
    ll_grow((void **)&s->src, &s->cap_src, n, sizeof *s->src);
    ll_grow((void **)&s->final_w, &s->cap_final_w, m->n_obs + 1,
            sizeof *s->final_w);
    for (int i = 0; i < m->n_obs; i++)
        s->final_w[i] = -1;
    /* the events symbolic.c reads: a read at 0 taken as found is a read
       again (a copy of its event) */
    gev *ev = ll_xmalloc((size_t)n * sizeof *ev);
    sem_event *copy = ll_xmalloc((size_t)n * sizeof *copy);
    int *reads = ll_xmalloc((size_t)n * 2 * sizeof *reads);
    int *at = reads + n, n_reads = 0;
    bool *own = ll_xcalloc((size_t)n, sizeof *own);
    for (int g = 0; g < n; g++) {
        ev[g] = s->ev[g];
        s->src[g] = -1;
        if (g < m->n_locs || !bad_read(s, &s->ev[g], &own[g]) ||
            (cut && lock_chosen(s, &s->ev[g])))
            continue;
        if (own[g]) {
            copy[g] = *s->ev[g].e;
            copy[g].kind = SEM_R;
            ev[g].e = &copy[g];
        }
        reads[n_reads] = g;
        at[n_reads++] = -1;
    }
    /* every choice, in the order of an odometer: at[i] is read i's
       source, -1 before its first. Sources that are constants (a write
       of no read's value, of another thread) of the value read are one
       choice for symbolic.c (the equation `S := v`): the first alone is
       tried (a lock's reads, which have many, took a test with an access
       at 0 past the cap below: g20800001_147) */
    bool keep = n_reads == 0 && solves_with(s, ev, cut, failed);
    bool *had_const = ll_xcalloc((size_t)n_reads + 1, sizeof *had_const);
    int i = 0;
    long tries = 0;
    while (!keep && n_reads > 0 && i >= 0) {
        int g = reads[i], h = at[i] + 1;
        while (h < n && (!bad_source(s, g, h, own[g], later, failed) ||
                         (had_const[i] && constant_source(s, h))))
            h++;
        if (h == n) {
            had_const[i] = false;
            at[i--] = -1;
            continue;
        }
        had_const[i] |= constant_source(s, h);
        at[i] = h;
        s->src[g] = h;
        if (i + 1 < n_reads) {
            i++;
            continue;
        }
        keep = ++tries > 4096 || solves_with(s, ev, cut, failed);
    }
    free(had_const);
    free(own);
    free(reads);
    free(copy);
    free(ev);
    return keep;
}

/* herd7 meets an illegal operation on addresses (mdl_run.illegal:
 * `1 - y`, `q0 * 2`) in its solver, on constants as on values read,
 * leaves that value unsolved and goes on: the test is refused only when
 * the model accepts such a candidate, whole, with what the thread does
 * after the operation. Where none passes (a lock taken twice after or
 * before it, lock.cat's checks; the path only a forbidden MP outcome
 * takes) herd7 answers without it (doc/lkmm.md). Whether the model
 * accepts a candidate of the combination picked: its candidates as
 * combination() makes them, one by one (no counting, grouping or
 * settling, which judge without candidates), none shown. */
static bool bad_accepted(search *s)
{
    bool count = s->count, group = s->group_on, multi = s->multi_on,
         prefix = s->prefix, settle = s->settle_on, pairs = s->pairs_on,
         levels = s->levels_on;
    uint64_t cands = s->m->candidates;
    s->count = s->group_on = s->multi_on = s->prefix = s->settle_on = false;
    s->pairs_on = s->levels_on = false;
    s->bad_probe = true;
    s->bad_hit = false;
    combination(s);
    s->bad_probe = false;
    s->count = count;
    s->group_on = group;
    s->multi_on = multi;
    s->prefix = prefix;
    s->settle_on = settle;
    s->pairs_on = pairs;
    s->levels_on = levels;
    s->m->candidates = cands;
    return s->bad_hit;
}

/* A combination with an illegal run (mdl_run.illegal) and no plain bad
 * one: herd7 refuses the test when its model accepts a candidate of it,
 * one with a run cut at a loop's unrolling limit too (P1 spinning on y
 * forever, P0 `r1 = 1 - z` past its read of x: refused; the read of x
 * = 0 after its own write of 2 that leads there: the model rejects
 * it, no refusal: litmus/c/C+illegal-op-only-past-own-write-beside-
 * cut-loop, MP+wmb-rmb+illegal-op-beside-cut-loop). Sets the refusal
 * and returns true when it does. Its reads take their sources before
 * them, the model judging the rest (bad_solves). */
static bool illegal_accepted(search *s)
{
    if (!reads_find_values(s, false, true))
        return false;
    if ((s->m->ops->symbolic_values || s->m->ops->zero_location) &&
        !bad_solves(s, false, false, true))
        return false;
    /* the refusal once the search is done (ill_found); a bound on the
       search for an earlier one in herd7's order, which only its
       message would change */
    if (s->ill_found && ++s->ill_tries > MDL_ILL_TRIES) {
        s->stop = true;
        return true;
    }
    return bad_accepted(s);
}

/* The refusal of the first candidate of illegal runs herd7's model
 * accepts (ill_keep), the search done. */
static void ill_refuse(search *s)
{
    if (!s->ill_found || s->status == MDL_BAD_INPUT)
        return;
    s->m->diag = s->ill_diag;
    s->m->failed = true;
    s->status = MDL_BAD_INPUT;
}

/* A cut candidate that carries a failure (an illegal operation herd7's
 * solver solves): herd7 keeps it whatever equations it leaves unsolved
 * (mem.ml, ofail) and says `Loop` for it before its model, which, where
 * it accepted it, refused the test first (illegal_accepted). P0 `r0 =
 * READ_ONCE(*x); WRITE_ONCE(*y, r0 & 2); if (r0 == 1) { WRITE_ONCE(*w,
 * 1); q = 1 - z; }`, P1 copying y to x, P2 spinning while w is 1: the
 * cycle leaves r0 == 1 unsolved, the spin reads 1, `Loop` (no `Loop`
 * without the illegal operation). Only a candidate with a run that
 * takes a branch against the value read (paths.c free_runs), which the
 * cut judge refuses (symbolic.c), is judged so: on one without, the
 * failed judge falls back on an execution's rules. Its reads take their
 * sources as the illegal probe's (a read of a cycle another value than
 * its write's) and the failed judge decides (symbolic.c: each branch
 * taken against the value read on a read it leaves unsolved); its filter
 * is the cut one's, each value made of reads as it is or a symbol (an
 * approximation). */
static bool failed_cut_kept(search *s, bool solver)
{
    bool forced = false;
    for (int t = 0; t < s->m->n_threads; t++)
        forced |= s->m->threads[t].runs[s->pick[t]].n_forced_t != 0;
    return forced && reads_find_values(s, false, true) &&
           cut_kept(s, solver ? MAYBE_SYMBOLS : NULL) &&
           (!solver || bad_solves(s, false, false, true));
}

static void choose_runs(search *s, int t)
{
    if (s->stop)
        return;
    if (t == s->m->n_threads) {
        /* as herd7: a combination with a run cut at a loop's unrolling
           limit, or stopped by an error on a path values chose, is no
           execution; when its reads all find their values, the test
           says `Loop`, or is refused with the (first such) error */
        bool cut = false, bad = false, probe = false, illegal = false;
        bool waits = false, plain_bad = false;
        for (int u = 0; u < t; u++) {
            const mdl_run *ru = &s->m->threads[u].runs[s->pick[u]];
            cut |= ru->cut;
            bad |= ru->bad;
            illegal |= ru->illegal;
            waits |= ru->waits;
            plain_bad |= ru->bad && !ru->illegal;
            probe |= s->m->threads[u].runs[s->pick[u]].probe;
        }
        if ((probe || s->m->loop_probe) && (!cut || bad))
            return;     /* a probing run serves the Loop test alone */
        /* a refusal found: only another candidate of illegal runs can
           come before it in herd7's order */
        if (s->ill_found && !(bad && illegal && !plain_bad))
            return;
        /* a run waiting at a lock: no execution (lock.cat), but herd7
           refuses a path to address 0 before its model */
        if (waits && (!plain_bad || cut))
            return;
        if (s->rot_on && !rot_least(s))
            return;             /* a rotation of one judged */
        if (s->sizes_vary && !cut && !bad && mdl_sizes_clash(s->m, s->pick)) {
            if (reads_find_values(s, false, false)) {  /* herd7: mixed-size */
                s->m->failed = true;
                s->status = MDL_BAD_INPUT;
                s->stop = true;
            }
            return;
        }
        if (!cut && !bad) {
            combination(s);
            return;
        }
        /* a candidate that carries a failure: reads of a cycle herd7
           cannot solve may read a value made of reads (symbolic_source);
           refused only if the model accepts it, cut at a loop or not */
        bool failed = bad && illegal && !plain_bad;
        if (failed && illegal_accepted(s))
            return;
        if (failed && !cut)
            return;
        /* herd7 says `Loop` for a cut candidate before its model, one
           that carries a failure too (the model rejecting it) */
        bad = plain_bad;
        bool later = (cut && !bad) || plain_bad;
        /* the filter of a cut one: with the solver's symbols where it
           runs (solves_with; a first look before it), as is where not */
        bool solver = s->m->ops->symbolic_values || s->m->ops->zero_location;
        bool found = reads_find_values(s, later, false) &&
                     (!cut || bad ||
                      cut_kept(s, solver ? MAYBE_SYMBOLS : NULL)) &&
                     /* herd7 drops every such candidate (C, LISA); a cut
                        one (!bad): no Loop */
                     (!solver || bad_solves(s, !bad, later, false));
        if (!found && failed && !bad)
            found = failed_cut_kept(s, solver);
        if (!found)
            return;
        /* a plain bad run (address 0) refuses before the model */
        if (bad) {
            s->m->diag = s->m->bad_diag;
            s->m->failed = true;
            s->status = MDL_BAD_INPUT;
            s->stop = true;
        } else {
            s->m->loop_cut = true;
        }
        return;
    }
    mdl_thread *th = &s->m->threads[t];
    int first = s->sym_on && s->sym.prev[t] >= 0 ? s->pick[s->sym.prev[t]]
                                                  : 0;
    /* the runs whose reads can still find their values, a few words
       at a time (run_sets.c); each is checked again as it is picked */
    const uint64_t *cand = mdl_run_sets_cands(&s->rs, t);
    if ((++s->ticks & 4095) == 0 && out_of_time(s))
        return;
    for (int k = first; k < th->n_runs && !s->stop; k++) {
        if (!(cand[k / 64] >> (k % 64) & 1)) {
            /* to the next candidate, a word at a time */
            uint64_t rest = cand[k / 64] >> (k % 64);
            if (!rest) {
                int w = k / 64 + 1;
                while (w < s->rs.nb[t] && !cand[w])
                    w++;
                k = w * 64 - 1;
            } else {
                k += __builtin_ctzll(rest) - 1;
            }
            continue;
        }
        if (th->runs[k].cut && s->m->loop_cut && !s->any_illegal)
            continue;       /* known already */
        if (s->rot_on && t > 0 && t % s->rot.step == 0 &&
            s->rot.to0[t][k] < s->pick[0])
            continue;       /* a rotation starts lower: not the least */
        s->pick[t] = k;
        /* the clock is dear next to a pick: read it now and then */
        if ((++s->ticks & 4095) == 0 && out_of_time(s))
            return;
        if (mdl_run_sets_pick(&s->rs, t, k) && part_ok(s, t))
            choose_runs(s, t + 1);
    }
}

/* One search; pruned: as without --explain (no incoherent candidate,
 * prefixes the model rejects cut), for explain's first look. */
static mdl_status search_pass(mdl_test *m, cat_model *model, bool pruned)
{
    bool full = m->explain && !pruned;
    search s = {0};
    s.m = m;
    s.model = model;
    s.values = cat_uses_values(model);
    s.regs = cat_uses_regs(model);
    s.si = s.regs || cat_names(model, "same-instance");
    s.herd_sets = cat_names(model, "Exp") || cat_names(model, "BCC");
    s.n_names = mdl_herd_names(m->ops, s.names,
                               SEM_MAX_TAGS + MDL_MAX_HERD_SETS);
    if (cat_chooses_co(model)) {
        s.nonmem = m->ops->herd_nonmem;
        s.chosen = m->ops->herd_chosen_reads;
    }
    s.status = MDL_OK;
    s.batch = 1;
    s.all_co = (full && mdl_explain_incoherent(m->explain)) ||
               m->incoherent;
    s.atomic_pairs = cat_atomic_pairs(model);
    s.co_unused = m->incoherent && !cat_binds_co(model);
    s.atomic_single = cat_atomic_single(model);
    if (m->limits.max_memory)
        s.mem_base = mdl_resident_bytes(0);
    s.sizes_vary = mdl_sizes_vary(m);
    s.n_active = s.open_from = m->n_threads;
    /* register events and one-event AMOs are made for whole
       combinations (herdev.c), not for parts of them */
    s.partial = cat_has_partial(model) && !cat_chooses_co(model) &&
                !full && !s.regs && !m->ops->one_event;
    /* a prefix is judged in a whole combination, whose register events
       and AMOs are made */
    s.prefix = cat_has_partial(model) && !cat_chooses_co(model) && !full;
    s.levels_on = s.prefix;
    /* pairs skip candidates uncounted: not under an execution limit,
       which counts the candidates met */
    s.pairs_on = s.prefix && !m->limits.max_executions;
    s.multi_on = s.pairs_on;
    s.prod = ll_xcalloc((size_t)m->n_locs + 1, sizeof *s.prod);
    find_classes(&s);
    /* counting stands for candidate() only where it is plain: no
       explanation, model-chosen co, nor (per combination) one-event
       AMOs. Register events (iico, rf-reg) are made per
       combination by build_events and do not depend on rf or co: the
       bound holds them as they are. A counted batch is arranged over
       identical threads (emit) as a candidate is */
    s.count = !m->explain && !s.all_co && !cat_chooses_co(model) &&
              !m->loop_probe;
    /* last_groups judges the combination's own execution, its register
       events too (they do not depend on rf or co), but not sizes that
       vary per combination (refused at its leaf) */
    s.group_on = s.count && !s.sizes_vary;
    s.pick = ll_xcalloc((size_t)m->n_threads + 1, sizeof *s.pick);
    s.base = ll_xcalloc((size_t)m->n_threads + 1, sizeof *s.base);
    s.plans = ll_xcalloc((size_t)m->n_locs + 1, sizeof *s.plans);
    s.weight = ll_xcalloc((size_t)m->n_locs + 1, sizeof *s.weight);
    s.by_weight = ll_xcalloc((size_t)m->n_locs + 1, sizeof *s.by_weight);
    s.loc_at = ll_xcalloc(2 * (size_t)m->n_locs + 2, sizeof *s.loc_at);
    s.vals = ll_xcalloc((size_t)m->n_obs + 1, sizeof *s.vals);
    settle_setup(&s);
    later_values(&s);
    mdl_run_sets_make(&s.rs, m, s.chosen, m->ops->herd_chosen_reads);
    for (int t = 0; t < m->n_threads; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++)
            s.any_illegal |= m->threads[t].runs[k].illegal;
    if (!(s.count && families(&s))) {
        s.rot_on = s.rot_made;
        s.sym_on = s.use_sym;
        choose_runs(&s, 0);
    }
    ill_refuse(&s);
    mdl_run_sets_free(&s.rs);
    free_later(&s);
    for (int l = 0; l < m->n_locs; l++) {
        loc_plan *p = &s.plans[l];
        free(p->w);
        free(p->r);
        free(p->a);
        free(p->also);
        free(p->poloc);
        free(p->w_before);
        free(p->src);
        free(p->sol);
        free(p->sol_ok);
        free(p->order);
        free(p->from);
        free(p->rmw_w);
        free(p->thr);
        free(p->pos);
        free(p->rmw_read_of);
        free(p->lk);
        free(p->wpre);
        free(p->wpost);
        free(p->rpre);
        free(p->key);
        free(p->key2);
    }
    if (s.x_made)
        free_exec(&s);
    free(s.plans);
    co_work_free(&s.co_work);
    free(s.weight);
    free(s.by_weight);
    free(s.loc_at);
    free(s.loc_ev);
    free(s.prod);
    if (s.sym_made)
        mdl_symmetry_free(&s.sym);
    if (s.rot_made)
        mdl_rotation_free(&s.rot);
    free(s.vals3);
    free(s.rot_q);
    free(s.cls_start);
    free(s.cls_n);
    free(s.cls_th);
    free(s.arr);
    free(s.vals2);
    free(s.settle_pick);
    free(s.settle_ok);
    free(s.grp);
    for (int i = 0; s.pair && i < m->n_locs * m->n_locs; i++)
        free(s.pair[i].v);
    free(s.pair);
    free(s.snap);
    free(s.snap2);
    free(s.alive);
    free(s.pick);
    free(s.base);
    free(s.src);
    free(s.ill_key);
    free(s.final_w);
    free(s.vals);
    free(s.ev);
    mdl_regs_free(&s.rg);
    mdl_amo_free(&s.amo);
    return m->failed ? MDL_BAD_INPUT : s.status;
}

/* herd7's `Loop` test takes any write of a candidate as a read's source,
 * one after the read in its thread too, which no execution does, so the
 * paths have no such read (paths.c may_read): P0 reading z = 2 from its
 * own later `w z 2` and copying it to y, where P1 spins on y, made herd7
 * say `Loop` (l5700100_27). When the search found no such cut path and
 * some run jumped back on a value read, the paths again with one read of
 * a run taking such a value (mdl_run.probe), and the combinations with a
 * cut run alone: the states, counts and refusals stay the first pass's.
 * C too: `atomic_add_unless(z, 2, 0); atomic_dec(z);`, z = 0, then a
 * spin while z is 1, where the add_unless reads the dec's -1 to write 1
 * (sp20100145; litmus/c/loops-cut-add-unless-own-later). */
static mdl_status probe_loops(mdl_test *m, cat_model *model)
{
    ll_diag diag = m->diag;
    m->loop_probe = true;
    mdl_status st = mdl_runs(m) ? search_pass(m, model, false)
                    : m->timed_out ? MDL_TIMEOUT : MDL_OK;
    m->loop_probe = false;
    /* the user's limits hold for this pass too: cut by one, the test has
       no answer (its `Loop` unknown), as the first pass cut would say;
       its other failures leave the first pass's answer */
    if (st == MDL_TIMEOUT || st == MDL_NOMEM)
        return st;
    m->failed = m->timed_out = false;
    m->diag = diag;
    return MDL_OK;
}

/* --explain's first look (mdl_explain_first_look) is the pruned search
 * alone; the driver searches again, the whole space, where it found
 * nothing to show. */
mdl_status mdl_search(mdl_test *m, cat_model *model)
{
    if (mdl_explain_first_look(m->explain))
        return search_pass(m, model, true);
    mdl_status st = search_pass(m, model, false);
    if (st == MDL_OK && !m->loop_cut && m->looped && !m->explain)
        st = probe_loops(m, model);
    return st;
}
