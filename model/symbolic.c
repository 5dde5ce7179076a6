/* symbolic.c — herd7's symbolic values, for the semantics that ask for
 * them (sem_ops.symbolic_values: C; sem_ops.symbolic_cycles: LISA, the
 * cycles of copies only).
 *
 * herd7 gives each read a fresh symbolic value and solves the equations
 * rf makes (value read = value written). A cycle of plain copies (P0
 * `r0 = *a; *b = r0;`, P1 `r0 = *b; *a = r0;`) leaves its values
 * undetermined: herd7 keeps that execution once, showing the value as a
 * symbol (`0:r0=S8;`, never equal to a constant in the condition). Where
 * such a value meets an operation, a comparison, a branch or an address
 * (`r1 = r0 + 1`, `if (r0 != 5)`, a cmpxchg), herd7 cannot solve it and
 * has no execution at all, but for an equation with a constant: a
 * cmpxchg that succeeds with a constant expected value (sem_run.pinned)
 * solves its read and the class of copies it is in. Our reads return
 * concrete values, so such a cycle is an execution per value of the
 * locations' domains: this file
 * keeps the one with the least value of the cycle, shown as a symbol,
 * and drops the rest and those herd7 cannot solve. */
#include "model/engine.h"

#include <limits.h>
#include <stdlib.h>

#include "model/herd_solver.h"

int mdl_uf_find(int *parent, int g)
{
    while (parent[g] != g) {
        parent[g] = parent[parent[g]];
        g = parent[g];
    }
    return g;
}

/* The global event of read number b of thread t's run. */
static int read_event(const mdl_test *m, const int *base, const int *pick,
                      int t, int b)
{
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    for (int i = 0; i < run->n_ev; i++)
        if (run->ev[i].read_no == b)
            return base[t] + i;
    return -1;
}

static bool single(sem_taint t)
{
    return t && !(t & (t - 1));
}

static int bit_of(sem_taint t)
{
    int b = 0;
    while (!(t & 1)) {
        t >>= 1;
        b++;
    }
    return b;
}

static bool val_less(sem_val a, sem_val b)
{
    return a.sym != b.sym ? a.sym < b.sym : a.num < b.num;
}

static bool in_domain(const mdl_loc *l, sem_val v)
{
    for (int i = 0; i < l->n_dom; i++)
        if (sem_val_eq(l->dom[i], v))
            return true;
    return false;
}

/* Whether thread t may read v at l whatever its own run wrote there
 * (paths.c mdl_value_outside, as may_read takes it). */
static bool readable_outside(const mdl_loc *l, sem_val v, int t)
{
    for (int k = 0; k < l->n_dom; k++)
        if (sem_val_eq(l->dom[k], v))
            return mdl_value_outside(l, k, t);
    return false;
}

/* herd7's name for the value of read g where the numbering is not
 * followed (a loop): its count on straight-line code, one a thread, two
 * a read, one a write. */
static int64_t herd_number(const mdl_ev *ev, int g)
{
    int64_t n = 1;
    int t = -1;
    for (int k = 0; k <= g; k++) {
        if (!ev[k].e)
            continue;
        if (ev[k].thread != t) {
            t = ev[k].thread;
            n++;
        }
        n += ev[k].e->kind == SEM_R ? 2 : ev[k].e->kind == SEM_W ? 1 : 0;
    }
    return n;
}

/* herd7's name for the class of read q where its register parent is
 * not known (read_parent): the largest fresh variable of its reads and
 * of the register reads that copy them (herd_vars.c). */
static int64_t class_number(const mdl_test *m, const mdl_ev *ev, int n_ev,
                            const int *pick, int *parent, int q, int last)
{
    int root = mdl_uf_find(parent, q);
    int64_t best = 0;
    for (int t = 0; t < m->n_threads; t++) {
        int k = 0;
        while (k < n_ev && !(ev[k].e && ev[k].thread == t &&
                             mdl_uf_find(parent, k) == root))
            k++;
        if (k == n_ev)
            continue;
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        int n = m->threads[t].code->n_stmts;
        int64_t *vars = ll_xmalloc((size_t)(2 * n + 1) * sizeof *vars);
        bool ok = mdl_herd_vars(m, t, run, vars, vars + n, NULL);
        for (; ok && k < n_ev; k++) {
            if (!ev[k].e || ev[k].thread != t ||
                mdl_uf_find(parent, k) != root)
                continue;
            int s = ev[k].e->stmt;
            if (s >= 0 && s < n) {
                best = vars[s] > best ? vars[s] : best;
                best = vars[n + s] > best ? vars[n + s] : best;
            }
        }
        free(vars);
        if (!ok)
            return herd_number(ev, last);
    }
    return best ? best : herd_number(ev, last);
}

/* herd7's symbols: each read's class of copies (parent) joined with
 * the reads of one write that is not a constant (a fresh array, the
 * classes' roots by mdl_uf_find). */
static int *symbols(const mdl_ev *ev, int n_ev, const int *src,
                    const int *parent)
{
    int *sym = ll_xmalloc((size_t)n_ev * sizeof *sym);
    for (int g = 0; g < n_ev; g++)
        sym[g] = mdl_uf_find((int *)parent, g);
    for (int g = 0; g < n_ev; g++) {
        int w = src[g];
        if (!ev[g].e || ev[g].e->kind != SEM_R || w < 0 || !ev[w].e ||
            !ev[w].e->vdata)
            continue;
        int a = mdl_uf_find(sym, g), b = mdl_uf_find(sym, w);
        if (a != b)
            sym[a] = b;
    }
    return sym;
}

/* The two reads whose copies operation nd of thread t compares or xors
 * (`x == y`, `x != y`, `x ^ y`: sem_vnode.same) in q: false where nd is
 * no such operation. */
static bool node_pair(const mdl_test *m, const int *base, const int *pick,
                      int t, const sem_vnode *nd, int q[2])
{
    int n = 0;
    q[0] = q[1] = -1;
    if (!nd->same)
        return false;
    for (int b = 0; b < SEM_MAX_READS && n < 2; b++)
        if (nd->direct >> b & 1)
            q[n++] = read_event(m, base, pick, t, b);
    /* copies of one read, no operation's result (an xor of a read
       with its copy, which the memory phase makes S^S) */
    if (n == 1 && nd->arg[0] <= 0 && nd->arg[1] <= 0)
        q[1] = q[0];
    return q[0] >= 0 && q[1] >= 0;
}

/* Whether operation nd of thread t (sem_vnode.same) folds: its two
 * reads are one class of copies, or, an operation on two such values
 * (`r2 & r3`, r2 = r0 == r1, r3 = r1 != r5: sem_vnode.arg), both fold. */
static bool node_folds(const mdl_test *m, const int *base, const int *pick,
                       int *parent, int t, const sem_vnode *nd, int depth)
{
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    int a = nd->arg[0], b = nd->arg[1];
    if (depth < SEM_MAX_READS && a > 0 && b > 0 && a != b &&
        a <= run->n_vnodes && b <= run->n_vnodes) {
        const sem_vnode *x = &run->vnodes[a - 1], *y = &run->vnodes[b - 1];
        return x->same && y->same &&
               node_folds(m, base, pick, parent, t, x, depth + 1) &&
               node_folds(m, base, pick, parent, t, y, depth + 1);
    }
    int q[2];
    return node_pair(m, base, pick, t, nd, q) &&
           mdl_uf_find(parent, q[0]) == mdl_uf_find(parent, q[1]);
}

/* Whether write w stores such a value of two reads that are one class
 * of copies: herd7's `S := S25==S25` is a constant when met, whatever
 * S25 is (litmus/c/LB3+plain-copy-cycle+equal-copies-stored), where
 * its pass meets it (herd_solves: a fold). */
static bool same_folds(const mdl_test *m, const mdl_ev *ev, const int *base,
                       const int *pick, int *parent, int w)
{
    const sem_event *we = ev[w].e;
    return we && we->kind == SEM_W && we->vnode.same &&
           node_folds(m, base, pick, parent, ev[w].thread, &we->vnode, 0);
}

/* Writes a and b store the results of two operations of the semantics
 * (`r0 & 1` stored, then `r0 <= 1` a cmpxchg writes: the same reads and
 * value, two of herd7's variables). */
static bool distinct_ops(const sem_event *a, const sem_event *b)
{
    return a->vnode.id && b->vnode.id && a->vnode.id != b->vnode.id;
}

/* Each write's operation variable, n_ev + the result: one for the writes
 * of a thread that write one result (an atomic_inc_return's, and a
 * store of the register it returns: same reads, same value); -1 for a
 * write of no operation. An RMW's copy of its read (vcopy: fetch_add
 * of a local 0) and a store of an operation on that read (`r2 & 1`,
 * 0 too) are two (C+fetch-add-zero-local-op-stored). */
static int *op_writes(const mdl_ev *ev, int n_ev)
{
    int *opv = ll_xmalloc((size_t)(n_ev + 1) * sizeof *opv);
    for (int w = 0; w < n_ev; w++) {
        const sem_event *we = ev[w].e;
        opv[w] = -1;
        if (!we || we->kind != SEM_W || !we->vdata ||
            (single(we->vdata) && !we->vop && !we->vcopy))
            continue;
        opv[w] = w;
        for (int k = 0; k < w && opv[w] == w; k++)
            if (opv[k] == k && ev[k].thread == ev[w].thread &&
                ev[k].e->vdata == we->vdata &&
                sem_val_eq(ev[k].val, ev[w].val) &&
                !distinct_ops(ev[k].e, we) && ev[k].e->vcopy == we->vcopy)
                opv[w] = k;
    }
    return opv;
}

/* Per thread, the variable of its first operation past 3 n_ev (the
 * operations no write stores); n_nodes gets their number. */
static int *node_offsets(const mdl_test *m, const int *pick, int *n_nodes)
{
    int *off = ll_xmalloc((size_t)(m->n_threads + 1) * sizeof *off);
    *n_nodes = 0;
    for (int t = 0; t < m->n_threads; t++) {
        off[t] = *n_nodes;
        *n_nodes += m->threads[t].runs[pick[t]].n_vnodes;
    }
    return off;
}

/* The variable of operation id of thread t (sem_vnode): that of a write
 * of the thread storing its result, else its own past 3 n_ev (off), -1
 * for none (not followed, or a branch's condition). */
static int node_var(const mdl_test *m, const mdl_ev *ev, int n_ev,
                    const int *pick, const int *opv, const int *off, int t,
                    int id)
{
    for (int k = 0; k < n_ev; k++)
        if (ev[k].e && ev[k].thread == t && ev[k].e->kind == SEM_W &&
            ev[k].e->vnode.id == id && opv[k] >= 0)
            return n_ev + opv[k];
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    if (id <= 0 || id > run->n_vnodes || !run->vnodes[id - 1].live ||
        run->vnodes[id - 1].cond)
        return -1;
    return 3 * n_ev + off[t] + id - 1;
}

/* The variable of operation id of thread t (node_var) where it is a
 * write's or an operation's (from lo on), below hi; else -1. */
static int node_var_in(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *pick, const int *opv, const int *off,
                       int t, int id, int lo, int hi)
{
    int v = id > 0 ? node_var(m, ev, n_ev, pick, opv, off, t, id) : -1;
    return v >= lo && v < hi ? v : -1;
}

/* The variable of the operation whose result thread t's equation i
 * (sem_run.opeqs) sets its read equal to, -1 where none is followed.
 * herd7's register phase merges the two (the success's copy equation
 * `S11 := S14`, the operation's S11 the parent): the read is that
 * variable in its memory phase, with one equation, the operation's. */
static int opeq_var(const mdl_test *m, const mdl_ev *ev, int n_ev,
                    const int *pick, const int *opv, const int *off, int t,
                    int i)
{
    return node_var_in(m, ev, n_ev, pick, opv, off, t,
                       m->threads[t].runs[pick[t]].opeq_node[i], n_ev,
                       INT_MAX);
}

/* The variable of the _return RMW's write whose copy thread t's
 * equation i (sem_run.eqs) expects (sem_run.eq_node), else -1. */
static int copy_var(const mdl_test *m, const mdl_ev *ev, int n_ev,
                    const int *pick, const int *opv, const int *off, int t,
                    int i)
{
    return node_var_in(m, ev, n_ev, pick, opv, off, t,
                       m->threads[t].runs[pick[t]].eq_node[i], n_ev,
                       2 * n_ev);
}

/* herd7's equation between a cmpxchg's read and the operation's result
 * it expected (sem_run.opeqs): herd7 solves it unless the read and one
 * of the operation's reads are one symbol, the equation then reading
 * `S = f(S)` (`cmpxchg(x, r1 - r1 + 2, ..)` where r1 and the cmpxchg
 * read one write of x whose value is no constant: an atomic_inc's, a
 * copy of a read); herd7 7.58 drops that execution even where other
 * equations fix S. A symbol here is a class of copies (parent) joined
 * with the reads of one write that is not a constant. Where the
 * operation is followed (opeq_var), herd_solves replays herd7's pass on
 * its equation instead, which solves it where the symbol was solved
 * first (`r5 = r2 & 1; cmpxchg(z, r5, 1)`, r2 a copy of a read of the
 * write the cmpxchg reads, that write solved from a constant before). */
static bool opeq_solvable(const mdl_test *m, const mdl_ev *ev, int n_ev,
                          const int *base, const int *pick, const int *src,
                          const int *parent)
{
    bool any = false;
    for (int t = 0; t < m->n_threads && !any; t++)
        any = m->threads[t].runs[pick[t]].n_opeqs > 0;
    if (!any)
        return true;
    int n_nodes;
    int *opv = op_writes(ev, n_ev), *off = node_offsets(m, pick, &n_nodes);
    int *sym = symbols(ev, n_ev, src, parent);
    /* ... but where one of the symbol's reads reads a constant (the
       initial value, a constant store) herd7's pass solves it first,
       and an equation of one operation on it then holds (`cmpxchg(y,
       r0 - r0, 5)`, `r0 * 2`, r0 a copy cycle's read of the initial
       value: kept). Through two operations (`r1 * 0 + 2`) their two
       equations are one component of the pass, which leaves the one it
       meets first (tests/herd7-cpu/c/RMW+cmpxchg-expects-op-copy-write:
       dropped). */
    bool *fixed = ll_xcalloc((size_t)n_ev, sizeof *fixed);
    for (int g = 0; g < n_ev; g++) {
        int w = src[g];
        if (ev[g].e && ev[g].e->kind == SEM_R && w >= 0 &&
            (!ev[w].e || !ev[w].e->vdata))
            fixed[mdl_uf_find(sym, g)] = true;
    }
    /* ... or reads a write made of reads of other symbols so solved (an
       operation on them, `r0 & 1` of a read of x's initial value: the
       pass solves that write before the equation, g16100000_180) */
    for (bool more = true; more;) {
        more = false;
        for (int g = 0; g < n_ev; g++) {
            int w = src[g], c = mdl_uf_find(sym, g);
            if (!ev[g].e || ev[g].e->kind != SEM_R || w < 0 || fixed[c] ||
                !ev[w].e || !ev[w].e->vdata)
                continue;
            bool all = true;
            for (int b = 0; b < SEM_MAX_READS && all; b++) {
                int q = ev[w].e->vdata >> b & 1
                            ? read_event(m, base, pick, ev[w].thread, b)
                            : -1;
                all = q < 0 || (mdl_uf_find(sym, q) != c &&
                                fixed[mdl_uf_find(sym, q)]);
            }
            if (all)
                more = fixed[c] = true;
        }
    }
    bool ok = true;
    for (int t = 0; t < m->n_threads && ok; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_opeqs && ok; i++) {
            int c = read_event(m, base, pick, t, bit_of(run->opeqs[i][0]));
            if (opeq_var(m, ev, n_ev, pick, opv, off, t, i) >= 0)
                continue;
            sem_taint vs = run->opeqs[i][1];
            bool one = run->opeq_one >> i & 1;
            for (int b = 0; b < SEM_MAX_READS && ok && c >= 0; b++) {
                int q = vs >> b & 1 ? read_event(m, base, pick, t, b) : -1;
                ok = q < 0 || mdl_uf_find(sym, q) != mdl_uf_find(sym, c) ||
                     (one && fixed[mdl_uf_find(sym, c)]);
            }
        }
    }
    free(fixed);
    free(sym);
    free(off);
    free(opv);
    return ok;
}

/* herd7's numbers of herd_solves' variables (hs_sys.number): a read's
 * is its class's after herd7 solved the registers (the largest of the
 * read and the register reads copying it: herd_vars.c); an operation's
 * result (variable n_ev + its write, or one no write stores) likewise
 * where herd_vars.c numbers it (C, no loop), else after its thread's
 * reads so far (approximate). Doubled, to leave the odd numbers to the
 * approximate ones. */
typedef struct hs_ctx {
    const mdl_test *m;
    const mdl_ev *ev;
    int n_ev;
    const int *pick;
    int *parent;                /* the classes of copies (mdl_uf_find) */
    const int *var;             /* per read, the read whose variable it
                                   is (herd_solves), or NULL */
    const int *off;             /* per thread: its first operation's
                                   variable past 3 n_ev (NULL: none) */
    const int64_t *xnum;        /* the register phase's variables from
                                   xfirst (reg_map): their numbers */
    int xfirst, n_x;
    const int64_t *rnum;        /* reads the register phase renamed to a
                                   parent (reg_map): its number, ... */
    const int *rvar;            /* ... and the read's variable */
    int n_r;
    const int *deep;            /* the variables past xfirst + n_x
                                   (sem_event.vdeep): each one's write */
    int n_deep;
    const int *zw;              /* the variables from zfirst (sem_vnode.
                                   zdeep): each one's zero copy's */
    int zfirst, n_z;
    int depfirst;               /* from it, per write w, a variable of its
                                   operation's result alone (sem_ops.
                                   op_dependents), numbered right after
                                   the result's; 0: none */
} hs_ctx;

/* The number of each read of thread t into vnum: the largest of its
 * variable and its register copies' (herd_vars.c); of each write
 * storing an operation's result, that result's class's, 0 where not
 * known; the operations' per statement in ops (n_stmts, or NULL). */
static bool read_numbers(const hs_ctx *c, int t, int64_t *vnum,
                         int64_t *ops)
{
    const mdl_ev *ev = c->ev;
    int n = c->m->threads[t].code->n_stmts;
    const mdl_run *run = &c->m->threads[t].runs[c->pick[t]];
    int64_t *vars = ll_xmalloc((size_t)(3 * n + 1) * sizeof *vars);
    bool ok = mdl_herd_vars(c->m, t, run, vars, vars + n, vars + 2 * n);
    for (int s = 0; ops && s < n; s++)
        ops[s] = ok ? vars[2 * n + s] : 0;
    for (int k = 0; k < c->n_ev && ok; k++) {
        int s = ev[k].e ? ev[k].e->stmt : -1;
        if (!ev[k].e || ev[k].thread != t || s < 0 || s >= n)
            continue;
        if (ev[k].e->kind == SEM_R)
            vnum[k] = vars[s] > vars[n + s] ? vars[s] : vars[n + s];
        else if (ev[k].e->kind == SEM_W)
            vnum[k] = vars[2 * n + s];
    }
    /* a read is its parent in herd7's register phase, where known: the
       root its union-find gives the class of the read and its register
       copies, not always the largest (C+add-unless-read-class-parent-
       number: r1's read S3 and r0's copies S4 to S19 are S17, whose
       `S18 := S17&1` the pass then meets after S17's own equations) */
    if (ok && mdl_herd_read_parents(c->m, t, run, vars))
        for (int k = 0; k < c->n_ev; k++) {
            int s = ev[k].e ? ev[k].e->stmt : -1;
            if (ev[k].e && ev[k].thread == t && ev[k].e->kind == SEM_R &&
                s >= 0 && s < n && vars[s] > 0)
                vnum[k] = vars[s];
        }
    free(vars);
    return ok;
}

/* A read a cmpxchg's success sets equal to an operation's result
 * (sem_run.opeqs: `cmpxchg(y, r1 & 1, ..)`) is, after herd7's register
 * phase, that operation's variable (its copy equation `S31 := S34` puts
 * the read under the operation, S34<-S31): numbered so, not as the read,
 * which orders a cycle through it (the operation S31 before S32, the
 * class of r1's register reads: C+cmpxchg-expects-op-read-numbered-as-
 * op). ops: the thread's
 * operations' numbers per statement (read_numbers). */
static void opeq_numbers(const hs_ctx *c, int t, const int64_t *ops,
                         int64_t *out)
{
    const mdl_run *run = &c->m->threads[t].runs[c->pick[t]];
    int n = c->m->threads[t].code->n_stmts;
    for (int i = 0; i < run->n_opeqs; i++) {
        int id = run->opeq_node[i];
        if (!single(run->opeqs[i][0]) || id <= 0 || id > run->n_vnodes)
            continue;
        int st = run->vnodes[id - 1].stmt;
        if (st < 0 || st >= n || ops[st] <= 0)
            continue;
        int b = bit_of(run->opeqs[i][0]);
        for (int g = 0; g < c->n_ev; g++)
            if (c->ev[g].e && c->ev[g].thread == t &&
                c->ev[g].e->kind == SEM_R && c->ev[g].e->read_no == b) {
                out[g] = 2 * ops[st];
                if (c->var && c->var[g] >= 0)
                    out[c->var[g]] = 2 * ops[st];
            }
    }
}

static bool herd_numbers(void *ctx, int64_t *out)
{
    const hs_ctx *c = ctx;
    const mdl_ev *ev = c->ev;
    int n_ev = c->n_ev;
    for (int v = 0; v < 3 * n_ev; v++)
        out[v] = 0;
    int64_t *vnum = ll_xcalloc((size_t)n_ev + 1, sizeof *vnum);
    int64_t **ops_t = ll_xcalloc((size_t)c->m->n_threads + 1, sizeof *ops_t);
    bool ok = true;
    for (int t = 0; t < c->m->n_threads && ok; t++) {
        int n = c->m->threads[t].code->n_stmts;
        int64_t *ops = ll_xmalloc((size_t)(n + 1) * sizeof *ops);
        ok = read_numbers(c, t, vnum, ops);
        int64_t last = 0, before = 0;   /* before: the last read's */
        for (int g = 0; g < n_ev && ok; g++) {
            if (!ev[g].e || ev[g].thread != t)
                continue;
            int s = ev[g].e->stmt;
            if (ev[g].e->kind == SEM_R && s >= 0 && s < n) {
                int64_t v = vnum[g];
                out[g] = 2 * v;
                before = last;
                last = v > last ? v : last;
            } else if (ev[g].e->kind == SEM_W) {
                /* herd7's number where known (r13: `r1 = r0 & 1`
                   stored, the class of its result S8 comes before r0's
                   S11, r0 read again by a later cmpxchg), else after
                   the reads so far */
                out[n_ev + g] = vnum[g] ? 2 * vnum[g] : 2 * last + 1;
                /* an RMW's operand is computed before its read */
                out[2 * n_ev + g] = 2 * before + 1;
            }
        }
        /* an operation no write stores: herd7's where known (c2: `r3 =
           r1 | 1`, S10 after the stored `r1 & 1`'s S7), else after the
           reads before it */
        const mdl_run *run = &c->m->threads[t].runs[c->pick[t]];
        for (int i = 0; c->off && i < run->n_vnodes && ok; i++) {
            int s = run->vnodes[i].stmt, z = run->vnodes[i].zstmt - 1;
            if (z >= 0 && z < n && ops[z])
                s = z;          /* renamed to its zero copy's */
            if (s >= 0 && s < n && ops[s]) {
                out[3 * n_ev + c->off[t] + i] = 2 * ops[s];
                continue;
            }
            int64_t at = 0;
            for (int g = 0; g < n_ev; g++)
                if (ev[g].e && ev[g].thread == t && ev[g].e->kind == SEM_R &&
                    ev[g].e->read_no >= 0 &&
                    ev[g].e->read_no < run->vnodes[i].n_reads)
                    at = vnum[g] > at ? vnum[g] : at;
            out[3 * n_ev + c->off[t] + i] = 2 * at + 1;
        }
        ops_t[t] = ops;
    }
    /* reads one variable stands for (a cmpxchg's read and the read of
       its expected value, which its success sets equal): herd7's
       register phase renames them to one, the largest of the class
       where not followed (g14000168_369: READ_ONCE's S3, the cmpxchg's
       S4 and the later reads of its register are S18, after the S17 of
       an `r0 & 3`, which orders the cycle through them) */
    for (int g = 0; c->var && g < n_ev; g++) {
        int v = c->var[g];
        if (v != g && v >= 0 && v < n_ev && ev[g].e &&
            ev[g].e->kind == SEM_R && out[g] > out[v])
            out[v] = out[g];
    }
    for (int k = 0; k < c->n_x; k++)
        out[c->xfirst + k] = 2 * c->xnum[k];
    /* a read of a thread whose register phase leaves copies is its
       parent there, not its class's largest (nw21110005_54: P0's read
       is S6, not S11, which orders `S6:=S24` before `S7:=0-S24`) */
    for (int k = 0; k < c->n_r; k++)
        if (c->rvar[k] >= 0 && c->rvar[k] < c->xfirst && c->rnum[k] > 0)
            out[c->rvar[k]] = 2 * c->rnum[k];
    for (int t = 0; t < c->m->n_threads; t++) {
        if (ok && ops_t[t])
            opeq_numbers(c, t, ops_t[t], out);
        free(ops_t[t]);
    }
    free(ops_t);
    for (int g = 0; c->depfirst && g < n_ev; g++)
        out[c->depfirst + g] = out[n_ev + g];   /* after it: its index */
    /* herd7's W, under the variable the write's is (the class's root,
       a later read of r2): numbered after it */
    for (int k = 0; k < c->n_deep; k++)
        out[c->xfirst + c->n_x + k] = out[n_ev + c->deep[k]] + 1;
    /* the variable a zero copy copies, a read of the register before the
       copy's own (`S6`, S8's; S7 the local's 0) */
    for (int k = 0; k < c->n_z; k++)
        out[c->zfirst + k] = out[c->zw[k]] - 1;
    free(vnum);
    return ok;
}

typedef struct reg_map reg_map;
static bool reg_zeros(const reg_map *r, int t);
static bool reg_op_args(reg_map *r, const mdl_test *m, int t,
                        const sem_vnode *nd, hs_sys *s);
static void reg_map_args(reg_map *r, const mdl_test *m, const mdl_ev *ev,
                         const int *var, int t, int stmt, int q, hs_sys *s);
static void reg_map_left(reg_map *r, int t, hs_sys *s);

/* The variables herd7's memory phase has for what zdeep zero copies copy
 * (sem_vnode.zdeep: `S6` of `S8 := S6, S6 := S4`), from first: each
 * one's thread, vnode id and the copy's own variable (w); in the threads
 * whose register phase reg_map replays with their zero copies
 * (reg_zeros), none: their variables are its numbers. */
typedef struct zero_map {
    int first, n;
    int *t, *id, *w;
} zero_map;

static void zero_map_init(zero_map *z, const mdl_test *m, const mdl_ev *ev,
                          int n_ev, const int *pick, const int *opv,
                          const int *off, int first, int n_nodes,
                          const reg_map *rg)
{
    size_t n = (size_t)n_nodes + 1;
    *z = (zero_map){.first = first};
    z->t = ll_xmalloc(3 * n * sizeof *z->t);
    z->id = z->t + n;
    z->w = z->id + n;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        if (reg_zeros(rg, t))
            continue;           /* its register phase's copies left */
        for (int i = 0; i < run->n_vnodes; i++) {
            const sem_vnode *nd = &run->vnodes[i];
            /* an operation's zero copy too (of_op): `r2 = r1; r3 = (r2
               ^ r2) + r1`, r1 = r0 & 1, is herd7's S12 := S15 with r2's
               copy S15 := S9 of the operation S9 (litmus/c/LB+zero-
               copy-of-op-copy-stored) */
            int v = nd->zero && nd->zdeep == nd->id
                        ? node_var(m, ev, n_ev, pick, opv, off, t, nd->id)
                        : -1;
            if (v < 3 * n_ev)
                continue;
            z->t[z->n] = t;
            z->id[z->n] = nd->id;
            z->w[z->n++] = v;
        }
    }
}

static int zero_var(const zero_map *z, int t, int id)
{
    for (int k = 0; id > 0 && k < z->n; k++)
        if (z->t[k] == t && z->id[k] == id)
            return z->first + k;
    return -1;
}

/* The live record of operation nd of thread t (its zarg: cr_run_end's),
 * nd itself where none (a write's copy of it). */
static const sem_vnode *live_node(const mdl_test *m, const int *pick, int t,
                                  const sem_vnode *nd)
{
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    return nd->id > 0 && nd->id <= run->n_vnodes ? &run->vnodes[nd->id - 1]
                                                  : nd;
}

/* Operation nd's arguments for its read b, whose variable is vq: where
 * herd7's register phase renamed an operand reading it to a zdeep zero
 * copy's variable (sem_vnode.zarg), that variable, and vq for another
 * operand reading it. */
static void read_arg(const zero_map *z, const sem_vnode *nd, int t, int b,
                     int vq, hs_sys *s)
{
    bool renamed = false, plain = false;
    for (int i = 0; z && i < 2; i++) {
        if (!(nd->opr[i] >> b & 1))
            continue;
        int d = nd->zarg[i] ? zero_var(z, t, nd->zarg[i]) : -1;
        if (d >= 0) {
            hs_add_arg(s, d);
            renamed = true;
        } else {
            plain = true;
        }
    }
    if (plain || !renamed)
        hs_add_arg(s, vq);
}

/* Operation nd's arguments for its read b (event q): a zero copy's
 * variable where its operand is under one (read_arg), else the
 * register-phase parents of its operands' reads where the phase leaves
 * copies (reg_map_args), else q's variable. */
static void op_read_arg(reg_map *rg, const zero_map *z, const mdl_test *m,
                        const mdl_ev *ev, const int *base, const int *pick,
                        const int *var, int t, const sem_vnode *nd, int b,
                        int q, hs_sys *s)
{
    const sem_vnode *live = live_node(m, pick, t, nd);
    for (int i = 0; i < 2; i++)     /* renamed to a split read's */
        if (live->sren[i] && (live->opr[i] >> b & 1)) {
            int o = read_event(m, base, pick, t, live->sren[i] - 1);
            if (o >= 0) {
                hs_add_arg(s, var[o]);
                return;
            }
        }
    if ((live->zarg[0] || live->zarg[1]) && !reg_zeros(rg, t))
        read_arg(z, live, t, b, var[q], s);
    else
        reg_map_args(rg, m, ev, var, t, nd->stmt, q, s);
}

/* The arguments of operation nd of thread t: its reads' variables, and
 * for an operand another operation's result, that operation's variable
 * (herd7 writes `r0 = r0 & 1; *y = r0; cmpxchg(y, 1, r0 + 1)` as S9 :=
 * S6 + 1, S6 the variable of y's write, one with the reads of it), not
 * the reads under it, which would order a cycle's equations otherwise
 * (herd_solver.c). false, adding none, where an operand is not followed
 * or (all) no operand is an operation's result. */
static bool node_args(const mdl_test *m, const mdl_ev *ev, int n_ev,
                      const int *base, const int *pick, const int *opv,
                      const int *off, const int *var, int t,
                      const sem_vnode *nd, bool all, reg_map *rg,
                      const zero_map *z, hs_sys *s)
{
    int nv[2] = {-1, -1};
    bool any = all;
    for (int i = 0; i < 2; i++) {
        if (!nd->id || nd->arg[i] < 0)
            return false;
        if (nd->arg[i] > 0) {
            nv[i] = node_var(m, ev, n_ev, pick, opv, off, t, nd->arg[i]);
            if (nv[i] < 0)
                return false;
            any = true;
        }
    }
    if (!any)
        return false;
    for (int b = 0; b < SEM_MAX_READS; b++) {
        int q = nd->direct >> b & 1 ? read_event(m, base, pick, t, b) : -1;
        if (q >= 0)
            op_read_arg(rg, z, m, ev, base, pick, var, t, nd, b, q, s);
    }
    for (int i = 0; i < 2; i++)
        if (nv[i] >= 0)
            hs_add_arg(s, nv[i]);
    if (nd->zpair)      /* `S9 := S7^S8`, S7 := S8 left: S7^S7 */
        hs_fold_last(s);
    return true;
}

/* The arguments of operation nd of thread t where it is a pair of
 * sem_run.sames (sem_vnode.same): herd7's `S := S25==S19`, a constant
 * when met where the renaming made both one variable (the copies'
 * union-find may leave them apart, vq21030500_52), an operation marked
 * fold; or where it carries a pair on, made of one with a constant
 * (`r3 | 1`), that operation's variable: herd7's `S14 := S10|1`, two
 * equations whose order in a cycle its pass follows (pv1_9: `S24 :=
 * S10|1` met before `S10 := S24^S24`, no execution). false, adding
 * none, where nd is no such operation. */
static bool pair_args(const mdl_test *m, const mdl_ev *ev, int n_ev,
                      const int *base, const int *pick, const int *opv,
                      const int *off, const int *var, int t,
                      const sem_vnode *nd, reg_map *rg, hs_sys *s)
{
    /* the operations it is made of (`(r2 >= r2) & r2`: S25 := S23&S24,
       both), where followed */
    int first = s->n_args, from = 0;
    for (int i = 0; nd->same && i < 2; i++) {
        int a = nd->arg[i];
        int fv = a > 0 ? node_var(m, ev, n_ev, pick, opv, off, t, a) : -1;
        if (fv >= 0 && (i == 0 || a != nd->arg[0])) {
            hs_add_arg(s, fv);
            from++;
        }
    }
    if (from)
        return true;
    int q[2];
    if (!node_pair(m, base, pick, t, nd, q))
        return false;
    /* copies of one read that herd7's register phase renamed apart
       (`S9 := S7 != S18`): its variables for them (reg_map_args) */
    if (q[0] == q[1] && rg)
        reg_map_args(rg, m, ev, var, t, nd->stmt, q[0], s);
    while (s->n_args - first < 2)
        hs_add_arg(s, var[q[s->n_args - first]]);
    hs_fold_last(s);
    return true;
}

/* The variable a zero copy (sem_vnode.zero) of thread t copies: its
 * read's, or the copy's or the RMW's whose register it read; -1 where
 * not followed. */
static int zero_source(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *base, const int *pick, const int *opv,
                       const int *off, const int *var, int t,
                       const sem_vnode *nd)
{
    int a = nd->arg[0] ? nd->arg[0] : nd->arg[1];
    if (a)
        return a > 0 ? node_var(m, ev, n_ev, pick, opv, off, t, a) : -1;
    int q = single(nd->direct)
                ? read_event(m, base, pick, t, bit_of(nd->direct)) : -1;
    return q >= 0 ? var[q] : -1;
}

/* The copies herd7's register phase made of `S' := S + S0` (an RMW
 * adding a local holding 0: sem_event.vcopy) and left unsolved, taken
 * by unstored_ops. */
typedef struct vcopies {
    int *deep;          /* the vdeep writes, each one's W variable ... */
    int n_deep, dfirst; /* ... dfirst + its index */
    bool *taken;        /* per write: its equations added */
    hs_eq *left;        /* the cmpxchgs' copies left (defer_left) ... */
    int *left_t;        /* ... each one's thread */
    int n_left;
    int *left_at;       /* ... and where left_eqs put each in s */
} vcopies;

/* herd7's number of the variable RMW write w's value is (its operation's:
 * the read's next for a fetch or atomic_add, an _return's class), 0 not
 * known; *at, the statement that number is in (an _return's register
 * read), else w's. */
static int64_t vcopy_number(const mdl_test *m, const mdl_ev *ev,
                            const int *pick, int w, int *at)
{
    int t = ev[w].thread, n = m->threads[t].code->n_stmts, st = ev[w].e->stmt;
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    int64_t *vars = ll_xmalloc((size_t)(5 * n + 1) * sizeof *vars);
    bool ok = st >= 0 && st < n &&
              mdl_herd_vars(m, t, run, vars, vars + n, vars + 2 * n) &&
              mdl_herd_ret_vars(m, t, run, vars + 3 * n, vars + 4 * n);
    int64_t num = !ok ? 0 : vars[2 * n + st] ? vars[2 * n + st]
                                              : vars[3 * n + st];
    *at = ok && !vars[2 * n + st] && vars[4 * n + st] > st
              ? (int)vars[4 * n + st] : st;
    free(vars);
    return num;
}

/* The writes of thread t's vcopy equations vcopy_eqs takes (n of them,
 * the later write first): herd7's order, the highest number first (c2:
 * P1's `r0 = atomic_add_return(r9, x)`, r0 read at the end, is S21, its
 * `S21 := S8` before the later atomic_add_unless(x, r9, 1)'s `S13 :=
 * S12`: litmus/c/RMW+add-return-zero-local-late-class); kept where a
 * number is not known. */
static void vcopy_order(const int64_t *num, int *ws, int n)
{
    for (int i = 0; i < n; i++)
        if (!num[ws[i]])
            return;
    for (int i = 1; i < n; i++)            /* few: insertion sort */
        for (int j = i; j > 0 && num[ws[j - 1]] < num[ws[j]]; j--) {
            int y = ws[j];
            ws[j] = ws[j - 1];
            ws[j - 1] = y;
        }
}

/* Add the vcopy equations of the writes of thread t not taken yet whose
 * number is at statement stmt or later (all of thread t: INT_MIN), in
 * herd7's order (vcopy_order): an _return's number is its last register
 * read's, so its copy goes with that statement's (g14000157_237: after
 * no copy of the atomic_add_unless between). */
static void vcopy_eqs(const mdl_test *m, const mdl_ev *ev, int n_ev,
                      const int *base, const int *pick, const int *opv,
                      const int *var, int t, int stmt, vcopies *vc,
                      hs_sys *s)
{
    int *ws = ll_xmalloc((size_t)(n_ev + 1) * sizeof *ws), n = 0;
    int64_t *num = ll_xcalloc((size_t)n_ev + 1, sizeof *num);
    for (int w = n_ev - 1; w >= 0; w--) {
        const sem_event *we = ev[w].e;
        if (!we || ev[w].thread != t || opv[w] != w || !we->vcopy ||
            vc->taken[w])
            continue;
        int at;
        num[w] = vcopy_number(m, ev, pick, w, &at);
        if (at < stmt)
            continue;
        vc->taken[w] = true;
        ws[n++] = w;
    }
    vcopy_order(num, ws, n);
    for (int i = 0; i < n; i++) {
        int w = ws[i];
        const sem_event *we = ev[w].e;
        int q = read_event(m, base, pick, t, bit_of(we->vdata));
        if (q < 0)
            continue;
        if (!we->vdeep) {
            hs_add_eq(s, n_ev + w, var[q], ev[w].val);
            continue;
        }
        /* W under the class's variable (sem_event.vdeep): `S6 := S8,
           S8 := S3`, W S8 a variable of its own between */
        int d = vc->dfirst + vc->n_deep;
        hs_add_eq(s, n_ev + w, d, ev[w].val);
        hs_add_eq(s, d, var[q], ev[w].val);
        vc->deep[vc->n_deep++] = w;
    }
    free(num);
    free(ws);
}

/* herd7's number of each operation of thread t's run (the class of its
 * statement's result, mdl_herd_vars) into num (n_vnodes); false where
 * one is not known, or an RMW copies its read (vcopy_eqs orders those
 * by statement). */
static bool pass_numbers(const mdl_test *m, const mdl_ev *ev, int n_ev,
                         const int *pick, int t, int64_t *num)
{
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    int n = m->threads[t].code->n_stmts;
    for (int g = 0; g < n_ev; g++)
        if (ev[g].e && ev[g].thread == t && ev[g].e->vcopy)
            return false;
    int64_t *vars = ll_xmalloc((size_t)(3 * n + 1) * sizeof *vars);
    bool ok = mdl_herd_vars(m, t, run, vars, vars + n, vars + 2 * n);
    for (int i = 0; i < run->n_vnodes && ok; i++) {
        int st = run->vnodes[i].stmt;
        num[i] = st >= 0 && st < n ? vars[2 * n + st] : 0;
        ok = num[i] > 0;
    }
    free(vars);
    return ok;
}

/* The order in which herd7's register phase meets thread t's operations
 * (its one pass, herd_solver.c): by the numbers of their left sides, each
 * after the operations its arguments are (a depth-first walk), into
 * order (n_vnodes); false where not known (pass_numbers). It lists what
 * it leaves in the reverse order, which its memory phase's union-find
 * takes the copies in: `S24 := S22^S26, S26 := S20, S22 := S20` of
 * `r2 = (r1 ^ r1) + r1; r3 = (r1 | r9) ^ r2`, r1 = r0 & 1, S26 (r2,
 * stored) made before S22 but met after it (zc21340000_286). */
static bool pass_order(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *pick, int t, int *order)
{
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    int nv = run->n_vnodes, k = 0;
    int64_t *num = ll_xmalloc((size_t)(nv + 1) * sizeof *num);
    int *byn = ll_xmalloc((size_t)(3 * nv + 2) * sizeof *byn);
    int *stack = byn + nv;
    bool *seen = ll_xcalloc((size_t)nv + 1, sizeof *seen);
    bool ok = pass_numbers(m, ev, n_ev, pick, t, num);
    for (int i = 0; i < nv; i++)
        byn[i] = i;
    for (int i = 1; ok && i < nv; i++)        /* few: insertion sort */
        for (int j = i; j > 0 && num[byn[j - 1]] > num[byn[j]]; j--) {
            int x = byn[j];
            byn[j] = byn[j - 1];
            byn[j - 1] = x;
        }
    for (int i = 0; ok && i < nv; i++) {
        if (seen[byn[i]])
            continue;
        int sp = 0;
        seen[byn[i]] = true;
        stack[sp++] = byn[i];
        stack[sp++] = 0;
        while (sp > 0) {
            int v = stack[sp - 2], a = stack[sp - 1]++;
            int d = a < 2 ? run->vnodes[v].arg[a] : 0;  /* its operands' */
            if (a == 2) {
                order[k++] = v;
                sp -= 2;
            } else if (d > 0 && d <= nv && !seen[d - 1]) {
                seen[d - 1] = true;
                stack[sp++] = d - 1;
                stack[sp++] = 0;
            }
        }
    }
    free(seen);
    free(byn);
    free(num);
    return ok && k == nv;
}

/* The cmpxchgs' copies herd7's register phase left (sem_run.eq_left),
 * the equations of s from `from` on, taken out, each with its thread:
 * herd7 lists what that phase left the highest variable first, so
 * unstored_ops adds thread t's after the copies of the threads after it
 * (left_eqs): P1's zero copy `S41 := S39` (smp_store_release(z, r0 +
 * r10)) before P0's `S10 := S31`, which leaves the cycle `S39 := S31,
 * S31 := S39` where P0's later read of x reads P1's r0
 * (litmus/c/C+cmpxchg-expect-after-zero-copy-thread). */
static void defer_left(vcopies *vc, hs_sys *s, int from, const mdl_ev *ev,
                       int n_ev, const int *var)
{
    int n = s->n_eqs - from;
    vc->left = ll_xmalloc((size_t)(n + 1) * sizeof *vc->left);
    vc->left_t = ll_xmalloc((size_t)(n + 1) * sizeof *vc->left_t);
    vc->left_at = ll_xmalloc((size_t)(n + 1) * sizeof *vc->left_at);
    for (int i = 0; i < n; i++)
        vc->left_at[i] = -1;
    vc->n_left = n;
    for (int i = 0; i < n; i++) {
        vc->left[i] = s->eqs[from + i];
        int g = 0;
        while (g < n_ev && !(ev[g].e && var[g] == vc->left[i].lhs))
            g++;
        vc->left_t[i] = g < n_ev ? ev[g].thread : 0;
    }
    s->n_eqs = from;
}

/* Add thread t's copies defer_left took out. */
static void left_eqs(const vcopies *vc, int t, hs_sys *s)
{
    for (int i = 0; i < vc->n_left; i++)
        if (vc->left_t[i] == t) {
            vc->left_at[i] = s->n_eqs;
            hs_add_eq(s, vc->left[i].lhs, vc->left[i].var, vc->left[i].cst);
        }
}

/* herd7's equations of the operations no write stores (`int r2 = r0 +
 * r1;` at a thread's end): each is a node of its one pass, which may
 * enter a cycle through it (g13000003_151: herd7 meets `S25 := S35 +
 * S24` first, so the cycle's pinned class S35 before `S28 := S35 & 1`;
 * without it, `S35 := S28 & 1` with S35 solved and S28 not, no
 * execution). A branch's condition is not one (its left side is the
 * way's constant, met last): a comparison, or the `!= 0` herd7 adds to
 * another operation, which stays one (sem_vnode.cmp). */
static void unstored_ops(const mdl_test *m, const mdl_ev *ev, int n_ev,
                         const int *base, const int *pick, const int *opv,
                         const int *off, const int *var, reg_map *rg,
                         const zero_map *z, vcopies *vc, hs_sys *s)
{
    /* the last met first, as herd7 lists what its register phase left
       (pass_order: the order its memory phase's union-find takes the
       copies in, `S28 := S27, S27 := S26, S26 := S22` of a chain of zero
       copies; a stored one's too, `S15 := S11` of P1's `r3 = r1 | r9`
       after P2's, zc21340000_765), an RMW's
       write copying its read (vcopy_eqs) among them by statement: P2's
       `S15 := S13` (r1 = r0 + r10) before P1's `S10 := S9`
       (atomic_add(r1, x)), which roots the class of both at P0's read
       (litmus/c/RMW+zero-copies-two-threads-order) */
    for (int t = m->n_threads - 1; t >= 0; t--) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        left_eqs(vc, t, s);
        reg_map_left(rg, t, s);
        int *order = ll_xmalloc((size_t)(run->n_vnodes + 1) * sizeof *order);
        bool passed = pass_order(m, ev, n_ev, pick, t, order);
        for (int j = run->n_vnodes - 1; j >= 0; j--) {
            const sem_vnode *nd = &run->vnodes[passed ? order[j] : j];
            vcopy_eqs(m, ev, n_ev, base, pick, opv, var, t, nd->stmt, vc,
                      s);
            int v = node_var(m, ev, n_ev, pick, opv, off, t, nd->id);
            if (v < 3 * n_ev && !(nd->zero && v >= n_ev))
                continue;       /* stored (but a copy), or not followed */
            if (nd->zero && reg_zeros(rg, t))
                continue;       /* among the copies left (reg_map_left) */
            if (nd->zero) {     /* herd7's `S' := S` */
                int c = zero_source(m, ev, n_ev, base, pick, opv, off, var,
                                    t, nd);
                int d = zero_var(z, t, nd->zdeep);
                if (d >= 0) {
                    /* `S8 := S6, S6 := S4` (sem_vnode.zdeep): S6 one
                       more variable, numbered below S8 (herd_numbers),
                       copied by the first copy under it only */
                    hs_add_eq(s, v, d, sem_int(0));
                    if (c >= 0 && nd->zdeep == nd->id)
                        hs_add_eq(s, d, c, sem_int(0));
                } else if (c >= 0) {
                    hs_add_eq(s, v, c, sem_int(0));
                }
                continue;
            }
            hs_add_op(s, v);
            if (!reg_op_args(rg, m, t, nd, s) &&
                !pair_args(m, ev, n_ev, base, pick, opv, off, var, t, nd,
                           rg, s) &&
                !node_args(m, ev, n_ev, base, pick, opv, off, var, t, nd,
                           true, rg, z, s))
                s->n_eqs--;     /* an operand not followed: none */
        }
        free(order);
        vcopy_eqs(m, ev, n_ev, base, pick, opv, var, t, INT_MIN, vc, s);
    }
}

/* Read a and its class of copies are variable v in herd7's memory phase
 * (none where a or v is -1, or a is already another's). */
static void join_read(int n_ev, int *var, int a, int v)
{
    if (a < 0 || v < 0 || var[a] >= n_ev)
        return;
    int r = var[a];
    for (int g = 0; g < n_ev; g++)
        if (var[g] == r)
            var[g] = v;
}

/* A read an equation sets equal to an operation's result (a cmpxchg's
 * success expecting `r3 & 1`) is that operation's variable (opeq_var):
 * herd7's memory phase numbers the read as the operation, S11, and has
 * one equation, the operation's `S11 := S10 & 1`, which orders a cycle
 * through it (xexp: `{S23 := S11 | 2, S11 := S23 & 1}` entered from
 * S11's side, S11 solved first by `S11 := S3 & 1`: kept). The read's
 * class of copies (sem_run.eqs) goes with it. So does a read an equation
 * sets equal to a copy of an _return RMW's variable (sem_run.eq_node:
 * `r4 = r2; cmpxchg(b, r4, ..)`, r2 returned by atomic_add_return of a
 * local 0): herd7's register phase puts it in that variable's class, not
 * in the RMW's read's (whose copy the variable is, `S8 := S3`). */
static void op_reads(const mdl_test *m, const mdl_ev *ev, int n_ev,
                     const int *base, const int *pick, const int *opv,
                     const int *off, int *var)
{
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_opeqs; i++)
            join_read(n_ev, var,
                      read_event(m, base, pick, t, bit_of(run->opeqs[i][0])),
                      opeq_var(m, ev, n_ev, pick, opv, off, t, i));
        for (int i = 0; i < run->n_eqs; i++)
            join_read(n_ev, var, read_event(m, base, pick, t, run->eqs[i][0]),
                      copy_var(m, ev, n_ev, pick, opv, off, t, i));
    }
}

/* Whether system s has an operation's equation defining variable v. */
static bool has_op(const hs_sys *s, int v)
{
    for (int i = 0; i < s->n_eqs; i++)
        if (s->eqs[i].lhs == v && s->eqs[i].var < 0 && s->eqs[i].n_args)
            return true;
    return false;
}

/* herd7's register phase's variables in its memory phase, in the
 * threads numbered by the semantics' count (mdl_herd_regs_of): a
 * variable by its number is a read's where it is one, else one of its
 * own past the others (from xfirst: a store's value or a copy left that
 * is no read's, `S11` of a7_25). */
struct reg_map {
    mdl_herd_regs *th;          /* per thread; read_var NULL: none */
    int64_t *rnum;              /* the reads' numbers ... */
    int *rvar;                  /* ... and their variables */
    int n_r;
    int64_t *xnum;              /* the others' numbers */
    int n_x, cap_x, xfirst;
};

static void reg_map_init(reg_map *r, const mdl_test *m, const mdl_ev *ev,
                         int n_ev, const int *pick, const int *var,
                         int xfirst)
{
    *r = (reg_map){.xfirst = xfirst};
    if (!m->ops->herd_vars && !m->ops->symbolic_values)
        return;
    r->th = ll_xcalloc((size_t)m->n_threads, sizeof *r->th);
    for (int t = 0; t < m->n_threads; t++) {
        bool reads = false;
        for (int g = 0; g < n_ev && !reads; g++)
            reads = ev[g].e && ev[g].thread == t && ev[g].e->kind == SEM_R;
        if (reads &&
            !mdl_herd_regs_of(m, t, &m->threads[t].runs[pick[t]], &r->th[t]))
            mdl_herd_regs_free(&r->th[t]);
    }
    r->rnum = ll_xmalloc((size_t)(n_ev + 1) * sizeof *r->rnum);
    r->rvar = ll_xmalloc((size_t)(n_ev + 1) * sizeof *r->rvar);
    for (int g = 0; g < n_ev; g++) {
        const mdl_herd_regs *h = ev[g].e ? &r->th[ev[g].thread] : NULL;
        int s = ev[g].e ? ev[g].e->stmt : -1;
        if (!h || !h->read_var || ev[g].e->kind != SEM_R || s < 0 ||
            s >= m->threads[ev[g].thread].code->n_stmts ||
            h->read_var[s] <= 0)
            continue;
        r->rnum[r->n_r] = h->read_var[s];
        r->rvar[r->n_r++] = var[g];
    }
}

/* Whether thread t's copies left, its zero copies' with them, are
 * reg_map's (mdl_herd_regs.zeros), not zero_map's. */
static bool reg_zeros(const reg_map *r, int t)
{
    return r && r->th && r->th[t].read_var && r->th[t].zeros;
}

/* The operations of the threads reg_zeros takes: each one's variable
 * is its parent in herd7's register phase (mdl_herd_regs.op_par), a
 * zero copy's the left side of its copy left (`S18 := S14` of `r1 = r9
 * | r0; r2 = r1; r3 = r1 ^ r1`, r2's read S21 its root), another's
 * what a zero copy of it copies (`S34 := S31`, S31 := S33+S25). */
static void reg_map_nodes(reg_map *r, const mdl_test *m, const mdl_ev *ev,
                          int n_ev, const int *pick, const int *opv,
                          const int *off)
{
    for (int t = 0; t < m->n_threads; t++) {
        if (!reg_zeros(r, t) || !r->th[t].op_par)
            continue;
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        int n = m->threads[t].code->n_stmts;
        for (int i = 0; i < run->n_vnodes; i++) {
            const sem_vnode *nd = &run->vnodes[i];
            int v = nd->stmt >= 0 && nd->stmt < n
                        ? node_var(m, ev, n_ev, pick, opv, off, t, nd->id)
                        : -1;
            int64_t num = v >= 0 ? r->th[t].op_par[nd->stmt] : 0;
            bool known = false;
            for (int k = 0; k < r->n_r && !known; k++)
                known = r->rnum[k] == num;
            if (num <= 0 || known)
                continue;
            r->rnum = ll_xrealloc(r->rnum, (size_t)(r->n_r + 1) *
                                               sizeof *r->rnum);
            r->rvar = ll_xrealloc(r->rvar, (size_t)(r->n_r + 1) *
                                               sizeof *r->rvar);
            r->rnum[r->n_r] = num;
            r->rvar[r->n_r++] = v;
        }
    }
}

static int reg_map_var(reg_map *r, int64_t num)
{
    for (int i = 0; i < r->n_r; i++)
        if (r->rnum[i] == num)
            return r->rvar[i];
    for (int k = 0; k < r->n_x; k++)
        if (r->xnum[k] == num)
            return r->xfirst + k;
    ll_grow((void **)&r->xnum, &r->cap_x, r->n_x + 1, sizeof *r->xnum);
    r->xnum[r->n_x] = num;
    return r->xfirst + r->n_x++;
}

/* The arguments read q (an event) makes of thread t's operation at
 * statement stmt: the variables herd7's register phase renames the
 * operands' register reads of it to, where it leaves copies (a C
 * thread: mdl_herd_regs.op_arg; `r1 = r0; r3 = r0 + 1;` makes `S5 := S7
 * + 1`, S7 r1's read; `r0 < r1` two of them), else the read's own. */
static void reg_map_args(reg_map *r, const mdl_test *m, const mdl_ev *ev,
                         const int *var, int t, int stmt, int q, hs_sys *s)
{
    const mdl_herd_regs *h = r->th ? &r->th[t] : NULL;
    bool any = false;
    for (int k = 0; h && h->op_arg && stmt >= 0 &&
                    stmt < m->threads[t].code->n_stmts && k < 2; k++)
        if (h->op_src[stmt][k] == ev[q].e->stmt && h->op_arg[stmt][k] > 0) {
            hs_add_arg(s, reg_map_var(r, h->op_arg[stmt][k]));
            any = true;
        }
    if (!any)
        hs_add_arg(s, var[q]);
}

/* The arguments of operation nd of a thread reg_zeros takes, as its
 * register phase leaves them (mdl_herd_regs.op_arg: `S19 := S18^S21` of
 * `r1 = r9 | r0; r2 = r1; r3 = r1 ^ r1`, r1's reads renamed apart; a
 * constant where the phase solved one, none where it solved both), an
 * xor, == or != a fold (herd7's memory phase folds it where it renames
 * both to one variable); false, adding none, where its statement's
 * equation is not followed (mdl_herd_regs.op_par 0). */
static bool reg_op_args(reg_map *r, const mdl_test *m, int t,
                        const sem_vnode *nd, hs_sys *s)
{
    if (!reg_zeros(r, t) || !r->th[t].op_par || !r->th[t].op_fold ||
        !nd->id || nd->stmt < 0 ||
        nd->stmt >= m->threads[t].code->n_stmts ||
        r->th[t].op_par[nd->stmt] <= 0)
        return false;
    int first = s->n_args;
    for (int k = 0; k < 2; k++)
        if (r->th[t].op_arg[nd->stmt][k] > 0)
            hs_add_arg(s, reg_map_var(r, r->th[t].op_arg[nd->stmt][k]));
    if (s->n_args == first) {   /* solved: a constant */
        hs_eq *e = &s->eqs[s->n_eqs - 1];
        e->n_args = 0;
        e->cst = sem_int(0);
    } else if (r->th[t].op_fold[nd->stmt]) {
        hs_fold_last(s);
    }
    return true;
}

/* The variable write w's value is, a copy of a load's (its value
 * register's read's parent), or -1: not known so. */
static int reg_map_store(reg_map *r, const mdl_test *m, const mdl_ev *ev,
                         int w)
{
    const mdl_herd_regs *h = r->th ? &r->th[ev[w].thread] : NULL;
    int s = ev[w].e->stmt;
    if (!h || !h->store_var || s < 0 ||
        s >= m->threads[ev[w].thread].code->n_stmts || h->store_var[s] <= 0)
        return -1;
    return reg_map_var(r, h->store_var[s]);
}

/* The variables of the copies herd7's register phase left, numbered
 * before the variables past them (herd_solves' dfirst). */
static void reg_map_reserve(reg_map *r, int n_threads)
{
    for (int t = 0; r->th && t < n_threads; t++) {
        for (int i = 0; i < r->th[t].n_left; i++)
            for (int k = 0; k < 2; k++)
                reg_map_var(r, r->th[t].left[i][k]);
        for (int i = 0; i < r->th[t].n_zero; i++)
            reg_map_var(r, r->th[t].zflag[i][0]);
    }
}

/* The copies herd7's register phase left in thread t: memory phase
 * equations after rf's (mdl_herd_regs.left), a later thread's first,
 * as herd7 lists them (nw21190002_218: P1's `S27:=S23` before P0's
 * `S12:=S15`), with the thread's zero copies (unstored_ops). */
static void reg_map_left(reg_map *r, int t, hs_sys *s)
{
    sem_val zero = sem_int(0);
    for (int i = 0; r->th && i < r->th[t].n_left; i++) {
        int a = reg_map_var(r, r->th[t].left[i][0]);
        hs_add_eq(s, a, reg_map_var(r, r->th[t].left[i][1]), zero);
    }
    /* a zero copy's flags, `S16 := S36>0`: numbered after its result,
       the pass may enter a cycle of copies there (V21281682) */
    for (int i = 0; r->th && i < r->th[t].n_zero; i++) {
        hs_add_op(s, reg_map_var(r, r->th[t].zflag[i][0]));
        hs_add_arg(s, reg_map_var(r, r->th[t].zflag[i][1]));
    }
}

static void reg_map_free(reg_map *r, int n_threads)
{
    for (int t = 0; r->th && t < n_threads; t++)
        mdl_herd_regs_free(&r->th[t]);
    free(r->th);
    free(r->rnum);
    free(r->rvar);
    free(r->xnum);
}

/* herd7's variable of access g's address where that is an operation's
 * result (sem_event.anode) or a copy of a read (acopy), else -1. */
static int addr_var(const mdl_test *m, const mdl_ev *ev, int n_ev,
                    const int *base, const int *pick, const int *opv,
                    const int *off, const int *var, int g)
{
    const sem_event *e = ev[g].e;
    if (e && e->anode)
        return node_var(m, ev, n_ev, pick, opv, off, ev[g].thread, e->anode);
    int q = e && single(e->acopy)
                ? read_event(m, base, pick, ev[g].thread, bit_of(e->acopy))
                : -1;
    return q >= 0 ? var[q] : -1;
}

/* herd7's equation between the addresses of read g and of its write w,
 * after the one of their values, where either is a variable of its
 * register phase (an operation it does not fold, `x + (r0 & 0)`): the
 * write's := the read's (`S42 := S13`), or the variable := the
 * location. Its union-find joins the two, so an address is then the
 * other's variable, through which a cycle may pass (P0 reads through
 * its address and stores `(q0 + 1) - x`, which P2 reads to make the
 * address of the write P0 reads: litmus/c/LB+address-fold-read-cycle,
 * `{S39 := S14-x, S40 := S39&0, S42 := x+S40, S14 := S42+1}` met in
 * that order, no execution). */
static void addr_eq(const mdl_test *m, const mdl_ev *ev, int n_ev,
                    const int *base, const int *pick, const int *opv,
                    const int *off, const int *var, int g, int w, hs_sys *s)
{
    int ar = addr_var(m, ev, n_ev, base, pick, opv, off, var, g);
    int aw = w >= 0 ? addr_var(m, ev, n_ev, base, pick, opv, off, var, w)
                    : -1;
    const mdl_loc *l = &m->locs[ev[g].loc];
    sem_val at = {.num = l->off, .sym = l->sym};
    if (aw >= 0)
        hs_add_eq(s, aw, ar, at);
    else if (ar >= 0)
        hs_add_eq(s, ar, -1, at);
}

/* An equation of a variable of the operation write w's result alone
 * (sem_ops.op_dependents), at depfirst + w: numbered right after the
 * result, it may lead herd7's walk of the equations into a cycle through
 * the result (`{S13:=S19, S24:=S13^S13, S19:=S24^1}` walked from `S3 :=
 * S19>0`, S19 the result S2's class: S13 met first, left unsolved). */
static void dependent(const mdl_test *m, const mdl_ev *ev, int n_ev,
                      int w, int depfirst, hs_sys *s)
{
    const ll_thread *th = ev[w].thread >= 0
                              ? m->threads[ev[w].thread].code : NULL;
    int st = ev[w].e->stmt;
    if (!m->ops->op_dependents || !th || st < 0 || st >= th->n_stmts ||
        !th->stmts[st].has_instr ||
        !m->ops->op_dependents(&th->stmts[st].instr))
        return;
    hs_add_op(s, depfirst + w);
    hs_add_arg(s, n_ev + w);
}

/* The first split equation of run (sem_run.eq_split) before or at i
 * whose operand copies the same read as equation i's: the RMW reads so
 * split off one read are one variable of herd7's memory phase, their
 * parent (`r0 = r1;` then atomic_add_unless(y, r1, r0) failing and
 * cmpxchg(y, r0, ..) succeeding: both reads S25, r1's read S9, `S25 :=
 * S9` left). */
static int split_first(const mdl_run *run, int i)
{
    for (int j = 0; j < i; j++)
        if ((run->eq_split >> j & 1) && run->eqs[j][1] == run->eqs[i][1])
            return j;
    return i;
}

/* The split reads of thread t (split_first's groups) take herd7's
 * number of their parent, the left side of the copy its register phase
 * leaves onto the parent of the read they split from (`S32 := S30`: the
 * failing atomic_add_unless's read is S32, not its own S16; its number
 * orders the memory phase's pass), so that copy joins the two reads;
 * bit i of the result: group i's copy is that one. */
static unsigned split_numbers(reg_map *rg, const mdl_test *m, const int *base,
                              const int *pick, const int *var, int t)
{
    const mdl_run *run = &m->threads[t].runs[pick[t]];
    const mdl_herd_regs *h = rg->th ? &rg->th[t] : NULL;
    unsigned found = 0;
    for (int i = 0; h && h->read_var && i < run->n_eqs; i++) {
        if (!(run->eq_split >> i & 1) || split_first(run, i) != i)
            continue;
        int d = read_event(m, base, pick, t, run->eqs[i][0]);
        int c = read_event(m, base, pick, t, run->eqs[i][1]);
        int64_t nc = 0;
        int kd = -1;
        for (int k = 0; c >= 0 && d >= 0 && k < rg->n_r; k++) {
            if (rg->rvar[k] == var[c])
                nc = rg->rnum[k];
            if (rg->rvar[k] == var[d])
                kd = k;
        }
        for (int j = 0; nc > 0 && kd >= 0 && j < h->n_left; j++) {
            bool known = false;
            for (int k = 0; k < rg->n_r && !known; k++)
                known = rg->rnum[k] == h->left[j][0];
            if (h->left[j][1] == nc && !known) {
                rg->rnum[kd] = h->left[j][0];
                found |= 1u << i;
                break;
            }
        }
    }
    return found;
}

/* Whether herd_numbers knows (even, not past the others) the numbers of
 * every variable of equations [from, n_eqs) of s. */
static bool numbers_known(const hs_sys *s, int from, const int64_t *num)
{
    for (int i = from; i < s->n_eqs; i++) {
        const hs_eq *e = &s->eqs[i];
        if (num[e->lhs] <= 0 || num[e->lhs] % 2)
            return false;
        if (e->var >= 0 && (num[e->var] <= 0 || num[e->var] % 2))
            return false;
        for (int k = 0; e->var < 0 && k < e->n_args; k++) {
            int64_t a = num[s->args[e->first + k]];
            if (a <= 0 || a % 2)
                return false;
        }
    }
    return true;
}

/* herd7's memory phase takes what its register phase left in that
 * phase's list: the reverse of the order its one pass met them, over all
 * threads (herd_solver.c hs_pass_order); the order of the copies there
 * is the order its union-find takes them in. The cmpxchgs' copies left
 * (defer_left, put first of their thread by left_eqs: vc->left_at) go
 * where that order puts them among the others, whose order unstored_ops
 * made, where herd7's numbers are known (C+split-copy-after-zero-copy-
 * of-sum: P1's zero copy `S37 := S25` of `add_unless(..) + cmpxchg(..)`
 * before the copy `S26 := S24` of a split read, which roots the class at
 * S26 and leaves `S25 := S26`, then `S26 := S26&1` met first in its
 * cycle: no execution). Every equation moved by that order lost other
 * tests, whose order unstored_ops takes from what our system lacks (a
 * fold the register phase solved, which its pass meets first). */
static void pass_reorder(hs_sys *s, int from, hs_ctx *ctx, const vcopies *vc)
{
    int n = s->n_eqs - from;
    bool any = false;
    for (int i = 0; i < vc->n_left; i++)
        any |= vc->left_at[i] >= from;
    if (n < 2 || !any)
        return;
    int64_t *num = ll_xcalloc((size_t)s->n_vars + 1, sizeof *num);
    int *order = ll_xmalloc((size_t)n * 3 * sizeof *order);
    int *pos = order + n, *out = pos + n;
    bool *moved = ll_xcalloc((size_t)n, sizeof *moved);
    for (int i = 0; i < vc->n_left; i++)
        if (vc->left_at[i] >= from)
            moved[vc->left_at[i] - from] = true;
    if (herd_numbers(ctx, num) && numbers_known(s, from, num)) {
        hs_pass_order(s, from, num, order);
        for (int i = 0; i < n; i++)
            pos[order[i] - from] = i;
        /* each moved copy right before the first other equation after
           it in herd7's order, the others as they were */
        int k = 0;
        for (int j = 0; j <= n; j++) {
            if (j < n && moved[j])
                continue;
            for (int p = 0; p < n; p++) {
                int m = order[p] - from;
                if (!moved[m])
                    continue;
                int anchor = n;     /* the first other one after m */
                for (int q = pos[m] + 1; q < n && anchor == n; q++)
                    if (!moved[order[q] - from])
                        anchor = order[q] - from;
                if (anchor == j)
                    out[k++] = m;
            }
            if (j < n)
                out[k++] = j;
        }
        hs_eq *old = ll_xmalloc((size_t)n * sizeof *old);
        for (int i = 0; i < n; i++)
            old[i] = s->eqs[from + i];
        for (int i = 0; i < n; i++)
            s->eqs[from + i] = old[out[i]];
        free(old);
    }
    free(moved);
    free(order);
    free(num);
}

/* Does herd7 7.58's solver solve this candidate's equations, as herd7
 * writes them: each read's value := the value its write wrote (reads
 * in reverse order of events), then the equations the semantics left
 * (operations, a cmpxchg's)? Its renaming of variables to their parent
 * in the union-find and its one pass over a cycle leave some copy
 * equations unsolved where a constant meets a cycle: herd_solver.c. */
static bool herd_solves(const mdl_test *m, const mdl_ev *ev, int n_ev,
                        const int *base, const int *pick, const int *src,
                        int *parent, int *rename, bool *rsolved)
{
    int n_nodes;
    int *off = node_offsets(m, pick, &n_nodes);
    hs_ctx ctx = {.m = m, .ev = ev, .n_ev = n_ev, .pick = pick,
                  .parent = parent, .off = off};
    /* variables: the reads, n_ev + w the operation write w's value
       is, 2 n_ev + w the one its RMW's operand is (sem_event.vinner),
       3 n_ev + off[t] + i operation i of thread t that no write stores */
    /* 3 n_ev + n_nodes on: the zdeep zero copies' operands (zero_map),
       n_nodes at most */
    /* 3 n_ev + 2 n_nodes + w: the variable of the operation write w's
       result alone (op_dependents) */
    ctx.depfirst = 3 * n_ev + 2 * n_nodes;
    hs_sys s = {.n_vars = 4 * n_ev + 2 * n_nodes, .number = herd_numbers,
                .ctx = &ctx};
    int *opv = op_writes(ev, n_ev);
    /* a read an equation of its thread sets equal to another's (a
       cmpxchg's success expecting a register's value) is one variable
       with it once herd7 solved the registers (sem_run.eqs) */
    int *var = ll_xmalloc((size_t)n_ev * sizeof *var);
    for (int g = 0; g < n_ev; g++)
        var[g] = g;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_eqs; i++) {
            int a = read_event(m, base, pick, t, run->eqs[i][0]);
            int b = read_event(m, base, pick, t, run->eqs[i][1]);
            if (run->eq_split >> i & 1)   /* one with the group's first */
                b = read_event(m, base, pick, t,
                               run->eqs[split_first(run, i)][0]);
            if (run->eq_left >> i & 1 ||
                copy_var(m, ev, n_ev, pick, opv, off, t, i) >= 0)
                continue;       /* a copy of its own, below; in the
                                   RMW's variable's class (op_reads) */
            while (a >= 0 && var[a] != a)
                a = var[a];
            while (b >= 0 && var[b] != b)
                b = var[b];
            if (a >= 0 && b >= 0 && a != b)
                var[a] = b;
        }
    }
    for (int g = 0; g < n_ev; g++)
        while (var[g] != var[var[g]])
            var[g] = var[var[g]];
    op_reads(m, ev, n_ev, base, pick, opv, off, var);
    ctx.var = var;
    reg_map rg;
    reg_map_init(&rg, m, ev, n_ev, pick, var, s.n_vars);
    reg_map_nodes(&rg, m, ev, n_ev, pick, opv, off);
    unsigned *split_left = ll_xcalloc((size_t)m->n_threads + 1,
                                      sizeof *split_left);
    for (int t = 0; t < m->n_threads; t++)
        split_left[t] = split_numbers(&rg, m, base, pick, var, t);
    zero_map z;
    zero_map_init(&z, m, ev, n_ev, pick, opv, off, 3 * n_ev + n_nodes,
                  n_nodes, &rg);
    /* a read an equation of its thread sets to a constant (a cmpxchg's
       success with a constant expected value) is that constant once
       herd7 solved the registers: its equation `1 := S` solves S (no
       copy joins it to S) */
    for (int g = n_ev - 1; g >= 0; g--) {
        if (!ev[g].e || ev[g].e->kind != SEM_R || src[g] < 0)
            continue;
        const sem_event *we = ev[src[g]].e;
        const mdl_run *own = &m->threads[ev[g].thread].runs[pick[ev[g].thread]];
        bool pinned = ev[g].e->read_no >= 0 &&
                      (own->pinned >> ev[g].e->read_no & 1);
        int v = !we || !we->vdata ? -1
                : opv[src[g]] >= 0
                    ? n_ev + opv[src[g]]
                    : read_event(m, base, pick, ev[src[g]].thread,
                                 we->vherd ? we->vherd - 1
                                           : bit_of(we->vdata));
        /* a store of a copy of an RMW's own variable (sem/c.c
           rmw_copy): that variable, not the RMW's read */
        int cv = we && we->vdata && opv[src[g]] < 0 &&
                         we->vnode.id && !we->vherd
                     ? node_var(m, ev, n_ev, pick, opv, off,
                                ev[src[g]].thread, we->vnode.id)
                     : -1;
        if ((cv >= n_ev && cv < 2 * n_ev) ||
            (cv >= 3 * n_ev && we->vnode.zero))   /* a zero copy's */
            v = cv;
        if (v >= 0 && v < n_ev)
            v = var[v];
        int rv = we && we->vdata && !we->vherd &&
                         (opv[src[g]] < 0 || reg_zeros(&rg, ev[src[g]].thread))
                     ? reg_map_store(&rg, m, ev, src[g]) : -1;
        v = rv >= 0 ? rv : v;
        /* a register renamed to what a deep zero copy copies, a read's
           or an operation's (`smp_store_release(y, r2)` of r2 = r1, r1
           = r0 & 1, beside `(r2 ^ r2) + r1`: P1's read of it S19 := S15,
           not S9) */
        int zv = we && we->vzero && !we->vherd
                     ? zero_var(&z, ev[src[g]].thread, we->vzero) : -1;
        if (zv >= 0)
            v = zv;
        if (pinned && v >= 0)
            hs_add_eq(&s, v, -1, ev[g].val);
        /* where others read it, a variable solved first */
        hs_add_eq(&s, var[g], pinned ? -1 : v, ev[g].val);
        addr_eq(m, ev, n_ev, base, pick, opv, off, var, g, src[g], &s);
    }
    reg_map_reserve(&rg, m->n_threads);
    /* ... unless herd7's register phase left it, the value read and the
       expected one renamed apart (sem_run.eq_left): then it is a copy
       equation of the memory phase, after those of rf, whose union-find
       renames the two sides to their parents, which may differ: solved
       in its turn of the pass, one way round and not the other (P0's
       `r3 = cmpxchg(x, r2, 1)` expecting r2, then storing r3, its read a
       copy cycle's `S & 1` of r2's write: `S26 := S19` met with S26
       solved first, dropped; where r2 reads a constant instead, `S12 :=
       S23` after `S23 := S12 & 1`, kept), among the others it left
       (defer_left) */
    int left_from = s.n_eqs;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_eqs; i++) {
            int a = read_event(m, base, pick, t, run->eqs[i][0]);
            int b = read_event(m, base, pick, t, run->eqs[i][1]);
            bool split = (run->eq_split >> i & 1) &&
                         split_first(run, i) == i && !(split_left[t] >> i & 1);
            bool read_lhs = split || run->eq_left >> (SEM_MAX_EQS + i) & 1;
            bool left = (run->eq_left >> i & 1) && !run->eq_node[i];
            if ((left || split) && a >= 0 && b >= 0)
                hs_add_eq(&s, var[read_lhs ? a : b], var[read_lhs ? b : a],
                          ev[a].val);
        }
    }
    /* the copies herd7's register phase made of `S' := S + S0` (an RMW
       adding a local holding 0: sem_event.vcopy) and left unsolved go
       with its other copies left, in the order it lists them, the last
       solved first (unstored_ops): the higher number first, mostly the
       later write (the two-RMW shape's union-find roots the class as
       herd7's only so, issue 24: litmus/c/RMW+add-return-zero-local-pair;
       vcopy_order) */
    vcopies vc = {.deep = ll_xmalloc((size_t)(n_ev + 1) * sizeof *vc.deep),
                  .dfirst = rg.xfirst + rg.n_x,
                  .taken = ll_xcalloc((size_t)n_ev + 1, sizeof *vc.taken)};
    defer_left(&vc, &s, left_from, ev, n_ev, var);
    int *deep = vc.deep, dfirst = vc.dfirst;
    for (int w = 0; w < n_ev; w++) {
        const sem_event *we = ev[w].e;
        if (opv[w] != w || we->vcopy)
            continue;
        /* a zero copy of an operation's result (sem_vnode.of_op): its
           copy, with the others unstored_ops makes */
        if (we->vnode.zero && zero_source(m, ev, n_ev, base, pick, opv, off,
                                          var, ev[w].thread, &we->vnode) >= 0)
            continue;
        dependent(m, ev, n_ev, w, ctx.depfirst, &s);
        hs_add_op(&s, n_ev + w);
        if (reg_op_args(&rg, m, ev[w].thread, &we->vnode, &s) ||
            pair_args(m, ev, n_ev, base, pick, opv, off, var, ev[w].thread,
                      &we->vnode, &rg, &s))
            continue;
        sem_taint inner = we->vinner & we->vdata;
        if (!inner && node_args(m, ev, n_ev, base, pick, opv, off, var,
                                ev[w].thread, &we->vnode, false, &rg, &z, &s))
            continue;
        for (int b = 0; b < SEM_MAX_READS; b++) {
            /* an operand herd7's register phase renames to another
               read's variable (sem_event.vherd_of) */
            int rb = we->vherd_of == b + 1 ? we->vherd - 1 : b;
            int q = (we->vdata & ~inner) >> b & 1
                        ? read_event(m, base, pick, ev[w].thread, rb) : -1;
            if (q >= 0 && rb == b)
                op_read_arg(&rg, &z, m, ev, base, pick, var, ev[w].thread,
                            &we->vnode, b, q, &s);
            else if (q >= 0)
                hs_add_arg(&s, var[q]);
        }
        if (!inner)
            continue;
        /* an operand that is an operation: its variable (inode), whose
           equations, those of the operations under it on their
           operands' variables, are herd7's (unstored_ops): a read used
           twice is a diamond, which orders a cycle
           (litmus/c/LB+cmpxchg-rmw-operand-diamond), and `r0 + 1` after a
           stored `r0 = r0 & 1` names the variable of that `&`, not its
           read (RMW+sub-operand-op-on-stored-op-pinned); else one
           variable on the reads under it */
        int iv = we->inode ? node_var(m, ev, n_ev, pick, opv, off,
                                      ev[w].thread, we->inode)
                           : -1;
        if (iv >= 0) {
            hs_add_arg(&s, iv);
            continue;
        }
        hs_add_arg(&s, 2 * n_ev + w);
        hs_add_op(&s, 2 * n_ev + w);
        for (int b = 0; b < SEM_MAX_READS; b++) {
            int q = inner >> b & 1
                        ? read_event(m, base, pick, ev[w].thread, b) : -1;
            if (q >= 0)
                hs_add_arg(&s, var[q]);
        }
    }
    unstored_ops(m, ev, n_ev, base, pick, opv, off, var, &rg, &z, &vc, &s);
    int n_deep = vc.n_deep;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_opeqs; i++) {
            int a = read_event(m, base, pick, t, bit_of(run->opeqs[i][0]));
            if (a < 0 || (var[a] >= n_ev && has_op(&s, var[a])))
                continue;       /* the operation's own (op_reads) */
            hs_add_op(&s, var[a]);
            for (int b = 0; b < SEM_MAX_READS; b++) {
                int q = run->opeqs[i][1] >> b & 1
                            ? read_event(m, base, pick, t, b) : -1;
                if (q >= 0)
                    hs_add_arg(&s, var[q]);
            }
        }
    }
    s.n_vars = dfirst + n_deep;
    ctx.xnum = rg.xnum;
    ctx.rnum = rg.rnum;
    ctx.rvar = rg.rvar;
    ctx.n_r = rg.n_r;
    ctx.xfirst = rg.xfirst;
    ctx.n_x = rg.n_x;
    ctx.deep = deep;
    ctx.n_deep = n_deep;
    ctx.zw = z.w;
    ctx.zfirst = z.first;
    ctx.n_z = z.n;
    pass_reorder(&s, left_from, &ctx, &vc);
    int *ren = ll_xmalloc((size_t)s.n_vars * sizeof *ren);
    bool *solved = ll_xmalloc((size_t)s.n_vars * sizeof *solved);
    bool ok = hs_solvable(&s, ren, solved);
    /* the numbers of the variables reads are renamed to, where one is
       left unsolved and is no read (shown as herd7 shows it) */
    int64_t *shown = NULL;
    for (int g = 0; g < n_ev && !shown; g++)
        if (ren[var[g]] >= n_ev && ren[var[g]] < rg.xfirst &&
            !solved[ren[var[g]]]) {
            shown = ll_xcalloc((size_t)s.n_vars, sizeof *shown);
            if (!herd_numbers(&ctx, shown))
                for (int v = 0; v < s.n_vars; v++)
                    shown[v] = 0;
        }
    for (int g = 0; g < n_ev; g++) {   /* rename per read */
        rename[g] = ren[var[g]];
        int64_t sn = shown && rename[g] >= n_ev && rename[g] < rg.xfirst
                         ? shown[rename[g]] : 0;
        if (sn > 0 && sn % 2 == 0 && sn / 2 <= INT_MAX) {
            rsolved[g] = solved[ren[var[g]]];
            rename[g] = (int)-(sn / 2);
            continue;
        }
        if (rename[g] >= z.first && rename[g] < z.first + z.n)
            rename[g] = z.w[rename[g] - z.first];   /* the zero copy's */
        else if (rename[g] >= dfirst)   /* W: shown as the write's */
            rename[g] = n_ev + deep[rename[g] - dfirst];
        rsolved[g] = solved[ren[var[g]]];
        /* a register phase's variable: its number, negated */
        int64_t x = rename[g] >= rg.xfirst ? rg.xnum[rename[g] - rg.xfirst]
                                           : 0;
        if (x > 0 && x <= INT_MAX)
            rename[g] = (int)-x;
    }
    free(shown);
    reg_map_free(&rg, m->n_threads);
    free(split_left);
    free(z.t);
    free(deep);
    free(vc.taken);
    free(vc.left);
    free(vc.left_t);
    free(vc.left_at);
    free(solved);
    free(ren);
    hs_free(&s);
    free(var);
    free(opv);
    free(off);
    return ok;
}

/* A read's class: the reads a cycle of copies makes equal to it. The
 * representative herd7 shows is the last one. */
/* No write of a register's value and no equation of a run: every read
 * reads a constant, herd7 solves each (one equation with a constant a
 * read) and nothing is left undetermined, whatever rf and co are. The
 * common case in the kernel's lock tests (a fifth of their time). */
bool mdl_symbolic_plain(const mdl_test *m, const mdl_ev *ev, int n_ev,
                        const int *pick)
{
    for (int g = 0; g < n_ev; g++)
        if (ev[g].e && ev[g].e->kind == SEM_W && ev[g].e->vdata)
            return false;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        if (run->n_eqs || run->n_opeqs)
            return false;
    }
    return true;
}

/* Whether taint d of thread t's run has a read herd7 leaves unsolved:
 * its class undetermined, or its write's operation on one (det[g] 2). */
static bool taint_unsolved(const mdl_test *m, const int *base,
                           const int *pick, int t, sem_taint d, int *parent,
                           const int *det)
{
    for (int b = 0; b < SEM_MAX_READS; b++) {
        if (!(d >> b & 1))
            continue;
        int q = read_event(m, base, pick, t, b);
        if (q >= 0 && (det[q] == 2 || det[mdl_uf_find(parent, q)] != 1))
            return true;
    }
    return false;
}

/* Whether every read of another value than its write's is one herd7
 * leaves unsolved (det; NULL: none may be), as a failed probe's search
 * lets it read (search.c sources): herd7 keeps a candidate that carries
 * a failure with the equations of a cycle it cannot solve, whatever
 * values would satisfy them (`r0 = *x; *y = r0 | 1;` and `*x = *y`
 * with r0 = 0 on the path taken), and finds any other contradiction. */
static bool mismatches_unsolved(const mdl_ev *ev, int n_ev, const int *src,
                                int *parent, const int *det)
{
    for (int g = 0; g < n_ev; g++) {
        int w = src[g];
        if (!ev[g].e || ev[g].e->kind != SEM_R || w < 0 || !ev[w].e ||
            sem_val_eq(ev[w].val, ev[g].val))
            continue;
        if (!det || (det[g] != 2 && det[mdl_uf_find(parent, g)] == 1))
            return false;
    }
    return true;
}

/* Whether herd7's candidate carries the failure: an illegal operation of
 * a run whose operands its solver solves (`0 - x`, constants, does; an
 * `r0 - x` with r0 of a cycle it leaves unsolved is an equation left,
 * no failure, and the candidate is dropped). */
static bool carries_failure(const mdl_test *m, const int *base,
                            const int *pick, int *parent, const int *det)
{
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int k = 0; run->illegal && k < run->n_illegal_t; k++)
            if (!taint_unsolved(m, base, pick, t, run->illegal_t[k], parent,
                                det))
                return true;
    }
    return false;
}

/* Whether each branch a run took against the value read (paths.c
 * free_runs; det NULL: none may be) is on a read herd7 leaves unsolved:
 * its equation stays, and the candidate carries a failure. */
static bool forced_unsolved(const mdl_test *m, const int *base,
                            const int *pick, int *parent, const int *det)
{
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        if (run->n_forced_t && (!det || run->n_forced_t < 0))
            return false;
        for (int k = 0; k < run->n_forced_t; k++)
            if (!taint_unsolved(m, base, pick, t, run->forced_t[k], parent,
                                det))
                return false;
    }
    return true;
}

/* A candidate that carries a failure (an illegal operation): each shown
 * value made of a read herd7 leaves unsolved is a symbol in vals, equal
 * to no constant of the filter, as herd7's variable there is. */
static void failed_symbols(const mdl_test *m, const mdl_ev *ev, int n_ev,
                           const int *base, const int *pick,
                           const int *final_w, int *parent, const int *det,
                           sem_val *vals)
{
    for (int i = 0; i < m->n_obs; i++) {
        const mdl_obs *o = &m->obs[i];
        int t = -1;
        sem_taint d = 0;
        if (o->proc >= 0 && o->slot >= 0) {
            t = o->proc;
            d = m->threads[t].runs[pick[t]].final_t[o->slot];
        } else if (o->mem >= 0 && final_w && final_w[i] >= 0 &&
                   final_w[i] < n_ev && ev[final_w[i]].e) {
            t = ev[final_w[i]].thread;
            d = ev[final_w[i]].e->vdata;
        }
        if (t >= 0 && taint_unsolved(m, base, pick, t, d, parent, det)) {
            vals[i].sym = MDL_SYM_UNDETERMINED;
            vals[i].num = i + 1;
        }
    }
}

/* Whether every read of thread t in d is in a determined class (judge's
 * det); a read with no event counts as none_ok says. */
static bool reads_determined(const mdl_test *m, const int *base,
                             const int *pick, int t, sem_taint d,
                             int *parent, const int *det, bool none_ok)
{
    for (int b = 0; b < SEM_MAX_READS; b++) {
        if (!(d >> b & 1))
            continue;
        int q = read_event(m, base, pick, t, b);
        if (q < 0 ? !none_ok : det[mdl_uf_find(parent, q)] != 1)
            return false;
    }
    return true;
}

/* The Loop test (judge's loop): an RMW's equation of a read with an
 * operation on reads (sem_run.opeqs: a cmpxchg expecting `r2 + 1`)
 * determines the read once those reads are (herd7's S := S2 + 1, S2
 * solved: g14000001_281's variants); herd_solves, which the other
 * candidates run, solves it there. True when a class became determined. */
static bool opeqs_determine(const mdl_test *m, const int *base,
                            const int *pick, int *parent, int *det)
{
    bool changed = false;
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_opeqs; i++) {
            sem_taint a = run->opeqs[i][0], d = run->opeqs[i][1];
            if (!single(a))
                continue;
            int g = read_event(m, base, pick, t, bit_of(a));
            if (g < 0 || det[mdl_uf_find(parent, g)] == 1)
                continue;
            if (reads_determined(m, base, pick, t, d, parent, det, false)) {
                det[mdl_uf_find(parent, g)] = 1;
                changed = true;
            }
        }
    }
    return changed;
}

/* The variable herd7's register phase renames read g's to, its parent
 * in that phase's union-find, not always its class's largest (P1 `r0 =
 * *y; r1 = r0; r2 = r1; r3 = r2; WRITE_ONCE(*x, r1);`: S9, r3's read of
 * r2, not S11, the store's read of r1), where the memory phase keeps it
 * as the class's variable: 0 where not known. */
static int64_t read_parent(const mdl_test *m, const mdl_ev *ev,
                           const int *pick, int g)
{
    if (!ev[g].e || ev[g].e->kind != SEM_R)
        return 0;
    int t = ev[g].thread, s = ev[g].e->stmt;
    int n = m->threads[t].code->n_stmts;
    if (s < 0 || s >= n)
        return 0;
    int64_t *rv = ll_xmalloc((size_t)(n + 1) * sizeof *rv);
    int64_t p = mdl_herd_read_parents(m, t, &m->threads[t].runs[pick[t]], rv)
                    ? rv[s] : 0;
    free(rv);
    return p;
}

/* mdl_symbolic_keep, or (loop) mdl_symbolic_determined: the classes and
 * what determines them, and herd7's solver on both (a cut candidate's
 * equations go through the same pass: a failing add_unless's `S := 0`
 * pins the cycle of an inc and a dec, but the pass meets `0 := S + 1`
 * before the dec solves S, and no `Loop`, g21150014_52); failed: the
 * candidate carries a failure, kept whatever herd7 leaves unsolved. */
static bool judge(const mdl_test *m, const mdl_ev *ev, int n_ev,
                  const int *base, const int *pick, const int *src,
                  const int *final_w, sem_val *vals, bool loop, bool failed,
                  int *undet)
{
    for (int g = 0; undet && g < n_ev; g++)
        undet[g] = 0;
    if (mdl_symbolic_plain(m, ev, n_ev, pick))   /* every read solved */
        return forced_unsolved(m, base, pick, NULL, NULL);
    int *parent = ll_xmalloc((size_t)n_ev * 5 * sizeof(int));
    int *det = parent + n_ev;       /* 1: determined, 2: waits on ops */
    int *rename = det + n_ev;       /* herd_solves', 3 * n_ev */
    for (int g = 0; g < n_ev; g++) {
        parent[g] = g;
        det[g] = 1;
    }
    bool keep = true;
    for (int g = 0; g < n_ev; g++) {
        if (!ev[g].e || ev[g].e->kind != SEM_R || src[g] < 0)
            continue;
        int w = src[g];
        if (!ev[w].e || !ev[w].e->vdata)
            continue;               /* the initial value, a constant */
        if (single(ev[w].e->vdata) && !ev[w].e->vop) {
            int q = read_event(m, base, pick, ev[w].thread,
                               bit_of(ev[w].e->vdata));
            det[g] = 0;
            if (q >= 0) {
                int a = mdl_uf_find(parent, g), b = mdl_uf_find(parent, q);
                if (a != b)
                    parent[a] = b;
            }
        } else {
            det[g] = 2;
        }
        /* an equation with a constant solves the read, and its class */
        const mdl_run *own = &m->threads[ev[g].thread].runs[pick[ev[g].thread]];
        if (ev[g].e->read_no >= 0 && (own->pinned >> ev[g].e->read_no & 1))
            det[g] = 1;
    }
    /* a run's equations between two reads (sem_run.eqs) */
    for (int t = 0; t < m->n_threads; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_eqs; i++) {
            int a = read_event(m, base, pick, t, run->eqs[i][0]);
            int b = read_event(m, base, pick, t, run->eqs[i][1]);
            if (a < 0 || b < 0)
                continue;
            a = mdl_uf_find(parent, a);
            b = mdl_uf_find(parent, b);
            if (a != b)
                parent[a] = b;
        }
    }
    bool *solved = ll_xcalloc((size_t)n_ev, sizeof *solved);
    if (!opeq_solvable(m, ev, n_ev, base, pick, src, parent) ||
        !herd_solves(m, ev, n_ev, base, pick, src, parent, rename, solved))
        keep = false;
    /* a read herd7's pass solves is determined, though its write's value
       is an operation on reads of a cycle: the pass solved an operand
       from a constant (P0 `r1 = *x & 1; WRITE_ONCE(*y, r1);
       cmpxchg_relaxed(y, 1, r1 | 1)`: its success solves r1 & 1, so
       r1 | 1, which P1 reads and copies to x:
       litmus/c/SYM+cmpxchg-pins-op-cycle); so is a class of copies the
       pass solves through an equation of its own (a cmpxchg of the
       cycle's location expecting `r0 == r1` of two of its reads, a fold:
       LB3+plain-copy-cycle+cmpxchg-cycle-expects-equal-copies) */
    for (int g = 0; g < n_ev; g++)
        if (solved[g] && det[g] != 1)
            det[g] = 1;
    free(solved);
    /* a class is determined when one of its reads is; a value an
       operation makes of determined reads is determined */
    bool changed = true;
    while (changed) {
        changed = false;
        for (int g = 0; g < n_ev; g++) {
            int r = mdl_uf_find(parent, g);
            if (det[g] == 1 && det[r] != 1) {
                det[r] = 1;
                changed = true;
            }
            if (det[g] == 2) {
                int w = src[g], t = ev[w].thread;
                bool all = reads_determined(m, base, pick, t, ev[w].e->vdata,
                                            parent, det, true);
                /* an equation joined it to a determined read (the
                   class's root may be either side of it) */
                all |= det[mdl_uf_find(parent, g)] == 1;
                all |= same_folds(m, ev, base, pick, parent, w);
                /* another read of the same write solved (a cmpxchg's
                   pinned read): they are one symbol */
                for (int k = 0; k < n_ev && !all; k++)
                    all = k != g && src[k] == w && ev[k].e &&
                          ev[k].e->kind == SEM_R && det[k] == 1;
                if (all) {
                    det[g] = 1;
                    changed = true;
                }
            }
        }
        if (loop)
            changed |= opeqs_determine(m, base, pick, parent, det);
    }
    /* an equation left unsolved, or a use of an undetermined value:
       herd7 has no such execution */
    for (int g = 0; g < n_ev && keep; g++) {
        if (det[g] == 2)
            keep = false;
        else if (ev[g].e && ev[g].e->kind == SEM_R && ev[g].e->read_no >= 0 &&
                 det[mdl_uf_find(parent, g)] != 1) {
            const mdl_run *run = &m->threads[ev[g].thread].runs[pick[ev[g].thread]];
            if (run->used >> ev[g].e->read_no & 1)
                keep = false;
        }
    }
    /* an equality test of two copies (sem_run.sames): herd7 evaluates it
       where both are one symbol, or both solved */
    for (int t = 0; t < m->n_threads && keep; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_sames && keep; i++) {
            int a = read_event(m, base, pick, t, run->sames[i][0]);
            int b = read_event(m, base, pick, t, run->sames[i][1]);
            if (a < 0 || b < 0)
                continue;
            a = mdl_uf_find(parent, a);
            b = mdl_uf_find(parent, b);
            keep = a == b || (det[a] == 1 && det[b] == 1);
        }
    }
    if (loop) {
        /* a branch taken against the value read (paths.c free_runs) is
           herd7's only on a candidate that carries a failure (search.c
           failed_cut_kept): r0 = (z + 1) - z solved to 1 and `if (r0 ==
           0) WRITE_ONCE(*x, 1)` taken fed a spin on x, Loop where herd7
           has none (g21320012_110) */
        keep = keep && forced_unsolved(m, base, pick, parent, NULL);
        for (int g = 0; undet && g < n_ev; g++)
            if (ev[g].e && ev[g].e->kind == SEM_R &&
                det[mdl_uf_find(parent, g)] != 1)
                undet[g] = mdl_uf_find(parent, g) + 1;
        free(parent);
        return keep;
    }
    /* a read of another value than its write's (only a failed probe's
       search takes one, search.c sources), or a branch taken against
       the value read (paths.c free_runs), is herd7's only where it
       cannot solve it */
    keep = keep && mismatches_unsolved(ev, n_ev, src, parent, NULL) &&
           forced_unsolved(m, base, pick, parent, NULL);
    if (failed && carries_failure(m, base, pick, parent, det) &&
        mismatches_unsolved(ev, n_ev, src, parent, det) &&
        forced_unsolved(m, base, pick, parent, det)) {
        /* herd7 keeps a candidate that carries a failure whatever it
           leaves unsolved (mem.ml: the failure is to be raised if the
           model accepts it): its filter sees those values as symbols */
        failed_symbols(m, ev, n_ev, base, pick, final_w, parent, det, vals);
        free(parent);
        return true;
    }
    /* one execution per undetermined class: the one with the least value
       every location of the class may hold, and that each of its reads
       may take whatever its own thread wrote, where there is one: a
       value only the thread itself writes may have no run that reads it
       (paths.c may_read: `WRITE_ONCE(*z, xchg(z, 1))` reading its own
       outer write, then `r1 = READ_ONCE(*z); WRITE_ONCE(*z, r1 - 1)`:
       -1 is the least, and no run reads -1 there) */
    for (int g = 0; g < n_ev && keep; g++) {
        if (!ev[g].e || ev[g].e->kind != SEM_R ||
            mdl_uf_find(parent, g) != g || det[g] == 1)
            continue;
        sem_val least = ev[g].val, outside = {0};
        bool has_outside = false;
        for (int k = 0; k < n_ev; k++) {
            if (mdl_uf_find(parent, k) != g)
                continue;
            const mdl_loc *l = &m->locs[ev[k].loc];
            for (int i = 0; i < l->n_dom; i++) {
                sem_val v = l->dom[i];
                bool everywhere = true, out = true;
                for (int j = 0; j < n_ev && everywhere; j++)
                    if (mdl_uf_find(parent, j) == g) {
                        everywhere = in_domain(&m->locs[ev[j].loc], v);
                        out = out && readable_outside(&m->locs[ev[j].loc],
                                                      v, ev[j].thread);
                    }
                if (!everywhere)
                    continue;
                if (val_less(v, least))
                    least = v;
                if (out && (!has_outside || val_less(v, outside))) {
                    outside = v;
                    has_outside = true;
                }
            }
        }
        if (!sem_val_eq(has_outside ? outside : least, ev[g].val))
            keep = false;
    }
    int64_t *num = NULL;            /* herd_numbers', when one is shown */
    bool num_ok = false;
    if (keep) {
        for (int i = 0; i < m->n_obs; i++) {
            const mdl_obs *o = &m->obs[i];
            int t = -1, b = -1;
            if (o->proc >= 0 && o->slot >= 0) {
                const mdl_run *run = &m->threads[o->proc].runs[pick[o->proc]];
                sem_taint d = run->final_t[o->slot];
                /* a copy of one read, not an operation on it that uses
                   none (`r2 - r2` of a zpair, folded) */
                if (single(d) && !(run->used & d) &&
                    !(run->final_op && run->final_op[o->slot])) {
                    t = o->proc;
                    b = bit_of(d);
                }
            } else if (o->mem >= 0 && final_w[i] >= 0 && ev[final_w[i]].e) {
                const sem_event *we = ev[final_w[i]].e;
                int wt = ev[final_w[i]].thread;
                const mdl_run *run = &m->threads[wt].runs[pick[wt]];
                if (single(we->vdata) && !(run->used & we->vdata) &&
                    !we->vop) {
                    t = wt;
                    b = bit_of(we->vdata);
                }
            }
            int q = t >= 0 ? read_event(m, base, pick, t, b) : -1;
            if (q < 0 || det[mdl_uf_find(parent, q)] == 1)
                continue;
            int last = q;
            for (int k = 0; k < n_ev; k++)
                if (mdl_uf_find(parent, k) == mdl_uf_find(parent, q))
                    last = k;
            /* herd7 shows the variable it renamed q's to (its parent in
               herd7's union-find, herd_solver.c), not always the
               largest of the class (a later read in the last thread) */
            if (!num) {
                hs_ctx ctx = {.m = m, .ev = ev, .n_ev = n_ev,
                              .pick = pick, .parent = parent};
                num = ll_xmalloc((size_t)n_ev * 3 * sizeof *num);
                num_ok = herd_numbers(&ctx, num);
            }
            int v = rename[q];
            int64_t p = v >= 0 && v < n_ev ? read_parent(m, ev, pick, v) : 0;
            vals[i].sym = MDL_SYM_UNDETERMINED;
            vals[i].num = v < 0 ? -(int64_t)v
                          : p > 0 ? p
                          : num_ok && v < n_ev && num[v] > 0
                              ? num[v] / 2
                              : class_number(m, ev, n_ev, pick, parent, q, last);
        }
    }
    free(num);
    free(parent);
    return keep;
}

/* Whether herd7's solver, replayed on this candidate's equations
 * (herd_solves), solves them all and every read with them. */
bool mdl_herd_solves_all(const mdl_test *m, const mdl_ev *ev, int n_ev,
                         const int *base, const int *pick, const int *src)
{
    int *parent = ll_xmalloc((size_t)(n_ev + 1) * 2 * sizeof *parent);
    int *rename = parent + n_ev + 1;
    bool *solved = ll_xcalloc((size_t)n_ev + 1, sizeof *solved);
    for (int g = 0; g < n_ev; g++)
        parent[g] = g;
    bool ok = herd_solves(m, ev, n_ev, base, pick, src, parent, rename,
                          solved);
    for (int g = 0; g < n_ev && ok; g++)
        ok = !ev[g].e || ev[g].e->kind != SEM_R || solved[g];
    free(solved);
    free(parent);
    return ok;
}

bool mdl_symbolic_keep(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *base, const int *pick, const int *src,
                       const int *final_w, sem_val *vals, bool failed)
{
    return judge(m, ev, n_ev, base, pick, src, final_w, vals, false, failed,
                 NULL);
}

bool mdl_symbolic_determined(const mdl_test *m, const mdl_ev *ev, int n_ev,
                             const int *base, const int *pick, const int *src,
                             int *undet)
{
    return judge(m, ev, n_ev, base, pick, src, NULL, NULL, true, false,
                 undet);
}
