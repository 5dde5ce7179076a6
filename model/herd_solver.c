/* herd_solver.c — herd7 7.58's solver of value equations, replayed on
 * one candidate's equations to find those it leaves unsolved.
 *
 * herd7 solves a candidate's memory equations (value read := value
 * written) with its "topological" solver, in two steps:
 * 1. Normalisation: a union-find merges the variables that copy
 *    equations `S := S'` make equal (union by rank; on equal ranks the
 *    class of the equation's left side takes the other; finds compress
 *    paths). Then every variable is renamed to its PARENT in the tree,
 *    not to the tree's root, and the copy equations whose two sides are
 *    not renamed alike stay. Where the tree is deeper than one, those
 *    can form a cycle (S6 := S16, S16 := S6) even from copies that made
 *    none.
 * 2. One pass in dependency order: the equations are the nodes of a
 *    graph (an equation points to those defining the variables of its
 *    right side), scanned for strongly connected components by Tarjan's
 *    algorithm over the nodes in order (left side, then right side; a
 *    variable before a constant, variables by number), the components
 *    solved as found, each equation once, in the order the scan pops
 *    them. An equation met when its left side is solved and its right
 *    side is not (`1 := S6`, S16 solved by `S16 := 1` the step before),
 *    or when neither is, stays unsolved, and a candidate with an
 *    equation left is dropped ("Unsolvable system").
 * So herd7 drops executions that a plain solver keeps: doc/lkmm.md,
 * "herd7's equation solver". This file does both steps on variables
 * numbered by the caller; the numbers herd7 gives them matter only for
 * the order inside a cycle, and are asked for then. Every equation left
 * drops the candidate: a copy, an operation met with its left side
 * solved and its right side not (`1 := S15 & 1`: in a cycle of
 * operations a constant solved one side first), and one met with
 * neither side solved, though a later equation of its cycle solves
 * them (`S35 := S45 & 1` met before `S45 := S12`: doc/lkmm.md, "A
 * cmpxchg's expected value on a thin-air cycle"). */
#include "model/herd_solver.h"

#include <limits.h>
#include <stdlib.h>

#include "litmuslab/util.h"

void hs_add_eq(hs_sys *s, int lhs, int var, sem_val cst)
{
    ll_grow((void **)&s->eqs, &s->cap_eqs, s->n_eqs + 1, sizeof *s->eqs);
    hs_eq *e = &s->eqs[s->n_eqs++];
    e->lhs = lhs;
    e->var = var;
    e->cst = cst;
    e->first = s->n_args;
    e->n_args = 0;
    e->fold = false;
    e->copy_arg = -1;
}

void hs_fold_last(hs_sys *s)
{
    if (s->n_eqs)
        s->eqs[s->n_eqs - 1].fold = true;
}

void hs_copy_arg_last(hs_sys *s, int k)
{
    if (s->n_eqs && k >= 0)
        s->eqs[s->n_eqs - 1].copy_arg = k;
}

void hs_add_op(hs_sys *s, int lhs)
{
    sem_val none = {0};
    hs_add_eq(s, lhs, -1, none);
    s->eqs[s->n_eqs - 1].n_args = -1;       /* an operation: args follow */
}

void hs_add_arg(hs_sys *s, int var)
{
    ll_grow((void **)&s->args, &s->cap_args, s->n_args + 1, sizeof *s->args);
    s->args[s->n_args++] = var;
    hs_eq *e = &s->eqs[s->n_eqs - 1];
    e->n_args = e->n_args < 0 ? 1 : e->n_args + 1;
}

void hs_free(hs_sys *s)
{
    free(s->eqs);
    free(s->args);
    s->eqs = NULL;
    s->args = NULL;
    s->n_eqs = s->cap_eqs = s->n_args = s->cap_args = 0;
}

static bool is_op(const hs_eq *e)
{
    return e->var < 0 && e->n_args != 0;
}

/* herd7's union-find: path compression in find, union by rank. */
int hs_uf_find(int *parent, int x)
{
    int r = x;
    while (parent[r] != r)
        r = parent[r];
    while (parent[x] != r) {
        int next = parent[x];
        parent[x] = r;
        x = next;
    }
    return r;
}

void hs_uf_union(int *parent, int *rank, int a, int b)
{
    int d1 = hs_uf_find(parent, a), d2 = hs_uf_find(parent, b);
    if (rank[d1] > rank[d2]) {
        parent[d2] = d1;
    } else if (rank[d2] > rank[d1]) {
        parent[d1] = d2;
    } else if (d1 != d2) {
        parent[d2] = d1;
        rank[d1]++;
    }
}

typedef struct solver {
    const hs_eq *eqs;         /* normalised */
    const int *args;
    int n;
    const int64_t *num;       /* per variable */
    int *order;               /* nodes: equation indices, sorted, unique */
    int n_nodes;
    int *visit, *stack, n_stack, id;
    bool *solved;             /* per variable */
    bool unsolved, cyclic;
    hs_left *left;            /* NULL, or the copies left (hs_solve_vars) */
    int n_left;
    int *popped;              /* NULL, or the equations in the order the
                                 scan pops them (hs_pass_order): no
                                 solving then */
    int n_popped;
} solver;

static int cmp_num(const solver *sv, int a, int b)
{
    if (sv->num[a] != sv->num[b])
        return sv->num[a] < sv->num[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

static int cmp_val(sem_val a, sem_val b)
{
    if (a.sym != b.sym)
        return a.sym < b.sym ? -1 : 1;
    return a.num < b.num ? -1 : a.num > b.num;
}

/* herd7's order of equations: left side, then right side (an atom
 * before an operation; a variable before a constant). */
static int cmp_eq(const solver *sv, const hs_eq *x, const hs_eq *y)
{
    int c = cmp_num(sv, x->lhs, y->lhs);
    if (c)
        return c;
    if (is_op(x) != is_op(y))
        return is_op(x) ? 1 : -1;
    if (is_op(x)) {
        for (int i = 0; i < x->n_args && i < y->n_args; i++) {
            c = cmp_num(sv, sv->args[x->first + i], sv->args[y->first + i]);
            if (c)
                return c;
        }
        return x->n_args < y->n_args ? -1 : x->n_args > y->n_args;
    }
    if ((x->var >= 0) != (y->var >= 0))
        return x->var >= 0 ? -1 : 1;
    return x->var >= 0 ? cmp_num(sv, x->var, y->var) : cmp_val(x->cst, y->cst);
}

static bool rhs_has(const solver *sv, const hs_eq *e, int v)
{
    if (e->var >= 0)
        return e->var == v;
    for (int i = 0; i < e->n_args; i++)
        if (sv->args[e->first + i] == v)
            return true;
    return false;
}

static bool rhs_solved(const solver *sv, const hs_eq *e)
{
    if (e->var >= 0)
        return sv->solved[e->var];
    for (int i = 0; i < e->n_args; i++)
        if (!sv->solved[sv->args[e->first + i]])
            return false;
    return true;
}

/* Whether e is a fold whose arguments are one variable (hs_eq.fold). */
static bool folds(const solver *sv, const hs_eq *e)
{
    if (!e->fold || e->var >= 0 || e->n_args < 2)
        return false;
    for (int i = 1; i < e->n_args; i++)
        if (sv->args[e->first + i] != sv->args[e->first])
            return false;
    return true;
}

/* The variable zero copy e copies where its other arguments are solved
 * (herd7's add and or then return it: a copy), else -1. */
static int zero_copied(const solver *sv, const hs_eq *e)
{
    if (e->copy_arg < 0 || e->copy_arg >= e->n_args)
        return -1;
    for (int i = 0; i < e->n_args; i++)
        if (i != e->copy_arg && !sv->solved[sv->args[e->first + i]])
            return -1;
    return sv->args[e->first + e->copy_arg];
}

/* One equation of a component, as herd7's solve_one. */
static void solve_one(solver *sv, const hs_eq *e)
{
    bool l = sv->solved[e->lhs], r = rhs_solved(sv, e) || folds(sv, e);
    if (!l && r)
        sv->solved[e->lhs] = true;
    else if (!r)
        sv->unsolved = true;
    int var = !is_op(e) ? e->var : zero_copied(sv, e);
    if (sv->left && !r && var >= 0 && sv->n_left < sv->n) {
        hs_left *k = &sv->left[sv->n_left++];
        k->lhs = e->lhs;
        k->var = var;
        k->lhs_solved = l;
    }
}

/* Tarjan's scan as herd7's: successors in node order, a component
 * popped from the top of the stack down to its root, solved at once. */
static int dfs(solver *sv, int k)
{
    if (sv->visit[k] >= 0)
        return sv->visit[k];
    int mine = sv->id++, min = mine;
    sv->visit[k] = mine;
    sv->stack[sv->n_stack++] = k;
    const hs_eq *e = &sv->eqs[sv->order[k]];
    for (int j = 0; j < sv->n_nodes; j++) {
        if (!rhs_has(sv, e, sv->eqs[sv->order[j]].lhs))
            continue;
        int m = dfs(sv, j);
        min = m < min ? m : min;
    }
    if (min != mine)
        return min;
    int top = sv->n_stack;
    do
        sv->n_stack--;
    while (sv->stack[sv->n_stack] != k);
    if (top - sv->n_stack > 1)
        sv->cyclic = true;
    for (int i = top - 1; i >= sv->n_stack; i--) {
        sv->visit[sv->stack[i]] = INT_MAX;
        if (sv->popped)
            sv->popped[sv->n_popped++] = sv->order[sv->stack[i]];
        else
            solve_one(sv, &sv->eqs[sv->order[sv->stack[i]]]);
    }
    return min;
}

static void run(solver *sv, int n_vars)
{
    sv->n_nodes = 0;
    for (int i = 0; i < sv->n; i++)
        sv->order[sv->n_nodes++] = i;
    for (int i = 1; i < sv->n_nodes; i++)      /* few: insertion sort */
        for (int j = i; j > 0 && cmp_eq(sv, &sv->eqs[sv->order[j - 1]],
                                        &sv->eqs[sv->order[j]]) > 0; j--) {
            int t = sv->order[j];
            sv->order[j] = sv->order[j - 1];
            sv->order[j - 1] = t;
        }
    int u = 0;
    for (int i = 0; i < sv->n_nodes; i++)
        if (!u || cmp_eq(sv, &sv->eqs[sv->order[u - 1]],
                         &sv->eqs[sv->order[i]]))
            sv->order[u++] = sv->order[i];
    sv->n_nodes = u;
    for (int i = 0; i < sv->n_nodes; i++)
        sv->visit[i] = -1;
    for (int v = 0; v < n_vars; v++)
        sv->solved[v] = false;
    sv->n_stack = sv->id = 0;
    sv->unsolved = sv->cyclic = false;
    for (int k = 0; k < sv->n_nodes; k++)
        dfs(sv, k);
}

void hs_parents(const hs_sys *s, int *parent)
{
    int nv = s->n_vars;
    for (int v = 0; v < nv; v++)
        parent[v] = v;
    if (!s->n_eqs || !nv)
        return;
    int *rank = ll_xcalloc((size_t)nv, sizeof *rank);
    for (int i = 0; i < s->n_eqs; i++)
        if (s->eqs[i].var >= 0)
            hs_uf_union(parent, rank, s->eqs[i].lhs, s->eqs[i].var);
    free(rank);
}

/* hs_solvable, and with solved (n_vars, or NULL) the variables the pass
 * solves, run whatever is left (hs_solve_vars). */
static bool solve_sys(const hs_sys *s, int *rename, bool *solved,
                      hs_left *left, int *n_left)
{
    int nv = s->n_vars, ne = s->n_eqs;
    for (int v = 0; rename && v < nv; v++)
        rename[v] = v;
    for (int v = 0; solved && v < nv; v++)
        solved[v] = false;
    if (!ne || !nv)
        return true;
    int *parent = ll_xmalloc((size_t)nv * sizeof *parent);
    hs_parents(s, parent);
    for (int v = 0; rename && v < nv; v++)
        rename[v] = parent[v];
    /* renamed to the parent, as herd7's Partition.as_solution */
    hs_eq *eqs = ll_xmalloc((size_t)ne * sizeof *eqs);
    int *args = ll_xmalloc((size_t)(s->n_args + 1) * sizeof *args);
    for (int i = 0; i < s->n_args; i++)
        args[i] = parent[s->args[i]];
    int n = 0;
    bool judged = false;   /* a copy or an operation left */
    for (int i = 0; i < ne; i++) {
        hs_eq e = s->eqs[i];
        e.lhs = parent[e.lhs];
        if (e.var >= 0) {
            e.var = parent[e.var];
            if (e.var == e.lhs)
                continue;
        }
        judged |= e.var >= 0 || is_op(&e);
        eqs[n++] = e;
    }
    bool ok = true;
    if (judged || solved) {
        /* only a copy or an operation can be left unsolved here */
        solver sv = {.eqs = eqs, .args = args, .n = n, .left = left};
        int64_t *num = ll_xmalloc((size_t)nv * sizeof *num);
        for (int v = 0; v < nv; v++)
            num[v] = v;
        sv.num = num;
        sv.order = ll_xmalloc((size_t)n * 3 * sizeof *sv.order);
        sv.visit = sv.order + n;
        sv.stack = sv.visit + n;
        sv.solved = ll_xmalloc((size_t)nv * sizeof *sv.solved);
        run(&sv, nv);
        /* in a cycle the order is herd7's numbers' */
        if (sv.cyclic && s->number && s->number(s->ctx, num)) {
            sv.n_left = 0;
            run(&sv, nv);
        }
        if (n_left)
            *n_left = sv.n_left;
        ok = !sv.unsolved;
        for (int v = 0; solved && v < nv; v++)
            solved[v] = sv.solved[v];
        free(sv.solved);
        free(sv.order);
        free(num);
    }
    free(args);
    free(eqs);
    free(parent);
    return ok;
}

bool hs_solvable(const hs_sys *s, int *rename, bool *solved)
{
    return solve_sys(s, rename, solved, NULL, NULL);
}


int hs_solve_vars(const hs_sys *s, int *parent, bool *solved, hs_left *left)
{
    int n_left = 0;
    solve_sys(s, parent, solved, left, &n_left);
    return n_left;
}

void hs_pass_order(const hs_sys *s, int from, const int64_t *num, int *order)
{
    int n = s->n_eqs - from;
    if (n <= 0)
        return;
    solver sv = {.eqs = s->eqs + from, .args = s->args, .n = n, .num = num};
    sv.order = ll_xmalloc((size_t)n * 4 * sizeof *sv.order);
    sv.visit = sv.order + n;
    sv.stack = sv.visit + n;
    sv.popped = sv.stack + n;
    sv.solved = ll_xcalloc((size_t)s->n_vars + 1, sizeof *sv.solved);
    run(&sv, s->n_vars);
    /* the last met first; an equation equal to a node (run keeps one of
       each) with it */
    int k = 0;
    bool *taken = ll_xcalloc((size_t)n, sizeof *taken);
    for (int i = sv.n_popped - 1; i >= 0; i--) {
        const hs_eq *e = &sv.eqs[sv.popped[i]];
        for (int j = 0; j < n; j++)
            if (!taken[j] && !cmp_eq(&sv, e, &sv.eqs[j])) {
                taken[j] = true;
                order[k++] = from + j;
            }
    }
    free(taken);
    free(sv.solved);
    free(sv.order);
}

static int eq_lhs_down(const void *a, const void *b)
{
    return ((const int *)b)[0] - ((const int *)a)[0];
}

void hs_reg_parents(int (*eqs)[2], int n_eqs, int n, int *out)
{
    int *rank = ll_xcalloc((size_t)n + 1, sizeof *rank);
    for (int v = 0; v < n; v++)
        out[v] = v;
    qsort(eqs, (size_t)n_eqs, sizeof *eqs, eq_lhs_down);
    for (int i = 0; i < n_eqs; i++)
        if (eqs[i][0] < n && eqs[i][1] < n)
            hs_uf_union(out, rank, eqs[i][0], eqs[i][1]);
    free(rank);
}
