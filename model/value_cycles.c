/* value_cycles.c — the locations where herd7 may meet a value that
 * reads-from does not solve (value_cycles.h).
 *
 * herd7's values are symbols: a read's value is the value of the write
 * it reads, a write's the operation of the reads it is made of. Each
 * candidate's values are then solved from the constants up, and a value
 * is left unsolved only where writes are made, through reads-from, of
 * their own values: a cycle. Only such a value can an RMW's equation (a
 * cmpxchg's expected value, atomic_add_unless's limit) fix to one no
 * write computes (paths.c: pins, seed_forced_values). Elsewhere the
 * equation is only checked, and giving the location the expected values
 * of every value the read may compare (`cmpxchg(x, (*z + 1) * 2, ..)`)
 * only multiplied the runs.
 *
 * The graph: a node is a write of a path of the path pass, an edge from
 * it to each write a read its value is made of may read (another
 * thread's, on any of its paths; its own thread's, before the read on
 * the same path). A cycle of it is a candidate's only if each thread
 * takes one path, and coherence (a model that forbids incoherent
 * candidates) rules out the cycles whose reads-from, with program order,
 * order some location's writes in a cycle: on one location always (each
 * write after the one its read read), or across two (an RMW chain of
 * x through a copy to z and back). Cycles are enumerated (strongly
 * connected components first), up to a bound past which every write on
 * a component is taken as on a cycle. */
#include "model/value_cycles.h"

#include <stdlib.h>
#include <string.h>

#include "litmuslab/util.h"

/* Bounds: writes of the graph, its edges, and steps of the cycle
 * enumeration (past the first two nothing is told; past the last, the
 * components' writes are all taken as on cycles). */
#define VC_MAX_NODES 4096
#define VC_MAX_EDGES (1 << 20)
#define VC_MAX_STEPS 2000000L
/* Writes of one cycle's paths whose coherence is checked. */
#define VC_MAX_CO 256

static uint64_t path_hash(const vc_path *p)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < p->n_ev; i++) {
        const vc_ev *e = &p->ev[i];
        uint64_t v = (uint64_t)e->loc * 4 + e->write * 2 + e->unknown;
        for (int k = 0; k < e->n_dep; k++)
            v = v * 131 + (uint64_t)e->dep[k];
        h = (h ^ v) * 1099511628211u;
    }
    return h;
}

static bool same_path(const vc_path *a, const vc_path *b)
{
    if (a->hash != b->hash || a->n_ev != b->n_ev)
        return false;
    for (int i = 0; i < a->n_ev; i++) {
        const vc_ev *x = &a->ev[i], *y = &b->ev[i];
        if (x->write != y->write || x->unknown != y->unknown ||
            x->loc != y->loc || x->n_dep != y->n_dep ||
            memcmp(x->dep, y->dep, (size_t)x->n_dep * sizeof *x->dep))
            return false;
    }
    return true;
}

bool vc_add_path(vc_thread *t, vc_path *p)
{
    p->hash = path_hash(p);
    for (int i = 0; i < t->n_path; i++)
        if (same_path(&t->path[i], p)) {
            free(p->ev);
            return false;
        }
    ll_grow((void **)&t->path, &t->cap_path, t->n_path + 1, sizeof *t->path);
    t->path[t->n_path++] = *p;
    return true;
}

void vc_free(vc_thread *t, int n_threads)
{
    for (int i = 0; i < n_threads; i++) {
        for (int k = 0; k < t[i].n_path; k++)
            free(t[i].path[k].ev);
        free(t[i].path);
    }
}

/* The graph: nodes (writes), each with its thread, path and event, and
 * its edges (first[n] .. first[n + 1]), each to a write and through the
 * read (event of the node's path) that may read it. */
typedef struct graph {
    const vc_thread *t;
    int n_threads;
    int n, *th, *pa, *ev;
    int *first, *to, *via;
    int n_edge, cap_edge;
    int *scc;           /* component of each node; -1: on no cycle */
    bool *cyc;          /* on a cycle coherence allows */
    /* the enumeration: the path each thread takes (-1 none), how many
       of the cycle's nodes are of it, the cycle's nodes and reads */
    int *chosen, *users, *stack, *sread, depth;
    long steps;
    bool coherent;
    struct co_graph *co;
} graph;

static const vc_ev *node_ev(const graph *g, int n)
{
    return &g->t[g->th[n]].path[g->pa[n]].ev[g->ev[n]];
}

static bool add_edge(graph *g, int to, int via)
{
    if (g->n_edge == VC_MAX_EDGES)
        return false;
    if (g->n_edge == g->cap_edge) {
        ll_grow((void **)&g->to, &g->cap_edge, g->n_edge + 1, sizeof *g->to);
        g->via = ll_xrealloc(g->via, (size_t)g->cap_edge * sizeof *g->via);
    }
    g->to[g->n_edge] = to;
    g->via[g->n_edge++] = via;
    return true;
}

/* The edges of node n: each read r its value is made of, to the writes
 * at r's location r may read. */
static bool node_edges(graph *g, int n)
{
    const vc_path *p = &g->t[g->th[n]].path[g->pa[n]];
    const vc_ev *w = &p->ev[g->ev[n]];
    for (int k = 0; k < w->n_dep; k++) {
        int r = w->dep[k], loc = p->ev[r].loc;
        for (int m = 0; m < g->n; m++) {
            if (node_ev(g, m)->loc != loc)
                continue;
            if (g->th[m] == g->th[n] &&
                (g->pa[m] != g->pa[n] || g->ev[m] >= r))
                continue;
            if (!add_edge(g, m, r))
                return false;
        }
    }
    return true;
}

/* Tarjan's components (recursive: at most VC_MAX_NODES deep). */
typedef struct tarjan {
    int *index, *low, *st;
    bool *on;
    int n_st, next, n_scc;
} tarjan;

static void strong(graph *g, tarjan *tj, int v)
{
    tj->index[v] = tj->low[v] = tj->next++;
    tj->st[tj->n_st++] = v;
    tj->on[v] = true;
    for (int e = g->first[v]; e < g->first[v + 1]; e++) {
        int w = g->to[e];
        if (tj->index[w] < 0) {
            strong(g, tj, w);
            if (tj->low[w] < tj->low[v])
                tj->low[v] = tj->low[w];
        } else if (tj->on[w] && tj->index[w] < tj->low[v]) {
            tj->low[v] = tj->index[w];
        }
    }
    if (tj->low[v] != tj->index[v])
        return;
    int size = 0, first = tj->n_st;
    do {
        first--;
        size++;
    } while (tj->st[first] != v);
    for (int i = first; i < tj->n_st; i++) {
        tj->on[tj->st[i]] = false;
        g->scc[tj->st[i]] = size > 1 ? tj->n_scc : -1;
    }
    tj->n_st = first;
    tj->n_scc += size > 1;
}

/* The writes of the cycle's paths (a thread's chosen one), numbered for
 * the coherence check: co[i] the node's local number, from base[t]. */
struct co_graph {
    int n;
    int base[VC_MAX_CO];
    bool edge[VC_MAX_CO][VC_MAX_CO];
};
typedef struct co_graph co_graph;

static int co_id(const graph *g, const co_graph *c, int th, int ev)
{
    const vc_path *p = &g->t[th].path[g->chosen[th]];
    int id = c->base[th];
    for (int i = 0; i < ev; i++)
        id += p->ev[i].write;
    return id;
}

static bool co_cyclic_from(const co_graph *c, int v, char *color)
{
    color[v] = 1;
    for (int w = 0; w < c->n; w++) {
        if (!c->edge[v][w])
            continue;
        if (color[w] == 1 || (color[w] == 0 && co_cyclic_from(c, w, color)))
            return true;
    }
    color[v] = 2;
    return false;
}

/* Whether the cycle on the stack (depth nodes, each reading the next
 * through sread, the last the first) orders a location's writes in a
 * cycle: program order among a path's writes there; a read's source
 * before the path's writes after the read, after those before it; two
 * reads of a path, the first's source before the second's. */
static bool incoherent(const graph *g)
{
    co_graph *c = g->co;
    c->n = 0;
    for (int t = 0; t < g->n_threads && t < VC_MAX_CO; t++) {
        c->base[t] = c->n;
        if (g->chosen[t] < 0)
            continue;
        const vc_path *p = &g->t[t].path[g->chosen[t]];
        for (int i = 0; i < p->n_ev; i++)
            c->n += p->ev[i].write;
        if (c->n > VC_MAX_CO)
            return false;
    }
    if (g->n_threads > VC_MAX_CO)
        return false;
    for (int i = 0; i < c->n; i++)
        memset(c->edge[i], 0, (size_t)c->n * sizeof c->edge[i][0]);
    for (int t = 0; t < g->n_threads; t++) {
        if (g->chosen[t] < 0)
            continue;
        const vc_path *p = &g->t[t].path[g->chosen[t]];
        for (int i = 0; i < p->n_ev; i++)
            for (int j = i + 1; j < p->n_ev && p->ev[i].write; j++)
                if (p->ev[j].write && p->ev[j].loc == p->ev[i].loc)
                    c->edge[co_id(g, c, t, i)][co_id(g, c, t, j)] = true;
    }
    for (int h = 0; h < g->depth; h++) {
        int n = g->stack[h], src = g->stack[(h + 1) % g->depth];
        int th = g->th[n], r = g->sread[h];
        const vc_path *p = &g->t[th].path[g->pa[n]];
        int w = co_id(g, c, g->th[src], g->ev[src]);
        for (int i = 0; i < p->n_ev; i++) {
            if (!p->ev[i].write || p->ev[i].loc != p->ev[r].loc)
                continue;
            int o = co_id(g, c, th, i);
            if (o == w)
                continue;
            if (i > r)
                c->edge[w][o] = true;
            else
                c->edge[o][w] = true;
        }
        for (int k = 0; k < g->depth; k++) {
            int n2 = g->stack[k], src2 = g->stack[(k + 1) % g->depth];
            int r2 = g->sread[k];
            if (k == h || g->th[n2] != th || p->ev[r2].loc != p->ev[r].loc ||
                src2 == src || r2 < r)
                continue;
            if (r2 == r)
                return true;    /* one read, two sources */
            c->edge[w][co_id(g, c, g->th[src2], g->ev[src2])] = true;
        }
    }
    char color[VC_MAX_CO] = {0};
    for (int v = 0; v < c->n; v++)
        if (color[v] == 0 && co_cyclic_from(c, v, color))
            return true;
    return false;
}

/* Cycles through start (the smallest node of each), from node v on the
 * stack; false when the steps ran out. */
static bool cycles_from(graph *g, int start, int v)
{
    if (++g->steps > VC_MAX_STEPS)
        return false;
    for (int e = g->first[v]; e < g->first[v + 1]; e++) {
        int w = g->to[e], tw = g->th[w];
        if (g->scc[w] != g->scc[start] || w < start)
            continue;
        if (g->chosen[tw] >= 0 && g->chosen[tw] != g->pa[w])
            continue;
        bool on = false;
        for (int i = 0; i < g->depth && !on; i++)
            on = g->stack[i] == w;
        if (on && w != start)
            continue;
        g->sread[g->depth - 1] = g->via[e];
        if (w == start) {
            if (!g->coherent || !incoherent(g))
                for (int i = 0; i < g->depth; i++)
                    g->cyc[g->stack[i]] = true;
            continue;
        }
        if (g->chosen[tw] < 0)
            g->chosen[tw] = g->pa[w];
        g->users[tw]++;
        g->stack[g->depth++] = w;
        bool ok = cycles_from(g, start, w);
        g->depth--;
        if (--g->users[tw] == 0)
            g->chosen[tw] = -1;
        if (!ok)
            return false;
    }
    return true;
}

static void find_cycles(graph *g)
{
    for (int s = 0; s < g->n; s++) {
        if (g->scc[s] < 0)
            continue;
        g->chosen[g->th[s]] = g->pa[s];
        g->users[g->th[s]] = 1;
        g->stack[0] = s;
        g->depth = 1;
        bool ok = cycles_from(g, s, s);
        g->chosen[g->th[s]] = -1;
        g->users[g->th[s]] = 0;
        if (!ok) {      /* too many: every component's write */
            for (int n = 0; n < g->n; n++)
                g->cyc[n] |= g->scc[n] >= 0;
            return;
        }
    }
}

static void graph_free(graph *g)
{
    free(g->th);
    free(g->pa);
    free(g->ev);
    free(g->first);
    free(g->to);
    free(g->via);
    free(g->scc);
    free(g->cyc);
    free(g->chosen);
    free(g->users);
    free(g->stack);
    free(g->sread);
    free(g->co);
}

bool *vc_unsolved_locs(const vc_thread *t, int n_threads, int n_locs,
                       bool coherent)
{
    graph g = {0};
    g.t = t;
    g.n_threads = n_threads;
    g.coherent = coherent;
    for (int i = 0; i < n_threads; i++)
        for (int k = 0; k < t[i].n_path; k++)
            for (int e = 0; e < t[i].path[k].n_ev; e++)
                g.n += t[i].path[k].ev[e].write;
    if (g.n > VC_MAX_NODES)
        return NULL;
    size_t sz = (size_t)g.n + 1;
    g.th = ll_xmalloc(sz * sizeof *g.th);
    g.pa = ll_xmalloc(sz * sizeof *g.pa);
    g.ev = ll_xmalloc(sz * sizeof *g.ev);
    int n = 0;
    for (int i = 0; i < n_threads; i++)
        for (int k = 0; k < t[i].n_path; k++)
            for (int e = 0; e < t[i].path[k].n_ev; e++)
                if (t[i].path[k].ev[e].write) {
                    g.th[n] = i;
                    g.pa[n] = k;
                    g.ev[n++] = e;
                }
    g.first = ll_xmalloc((sz + 1) * sizeof *g.first);
    bool *out = NULL;
    for (n = 0; n < g.n; n++) {
        g.first[n] = g.n_edge;
        if (!node_edges(&g, n))
            goto done;
    }
    g.first[g.n] = g.n_edge;
    g.scc = ll_xmalloc(sz * sizeof *g.scc);
    g.cyc = ll_xcalloc(sz, sizeof *g.cyc);
    tarjan tj = {0};
    tj.index = ll_xmalloc(sz * sizeof *tj.index);
    tj.low = ll_xmalloc(sz * sizeof *tj.low);
    tj.st = ll_xmalloc(sz * sizeof *tj.st);
    tj.on = ll_xcalloc(sz, sizeof *tj.on);
    for (n = 0; n < g.n; n++)
        tj.index[n] = -1;
    for (n = 0; n < g.n; n++)
        if (tj.index[n] < 0)
            strong(&g, &tj, n);
    free(tj.index);
    free(tj.low);
    free(tj.st);
    free(tj.on);
    g.chosen = ll_xmalloc(((size_t)n_threads + 1) * sizeof *g.chosen);
    g.users = ll_xcalloc((size_t)n_threads + 1, sizeof *g.users);
    for (int i = 0; i < n_threads; i++)
        g.chosen[i] = -1;
    g.co = ll_xmalloc(sizeof *g.co);
    g.stack = ll_xmalloc(sz * sizeof *g.stack);
    g.sread = ll_xmalloc(sz * sizeof *g.sread);
    find_cycles(&g);
    /* and the writes made of one that may be on a cycle */
    for (n = 0; n < g.n; n++)
        g.cyc[n] |= node_ev(&g, n)->unknown;
    for (bool more = true; more;) {
        more = false;
        for (n = 0; n < g.n; n++)
            for (int e = g.first[n]; e < g.first[n + 1] && !g.cyc[n]; e++)
                more |= g.cyc[n] = g.cyc[g.to[e]];
    }
    out = ll_xcalloc((size_t)n_locs + 1, sizeof *out);
    for (n = 0; n < g.n; n++) {
        int loc = node_ev(&g, n)->loc;
        if (g.cyc[n] && loc >= 0 && loc < n_locs)
            out[loc] = true;
    }
done:
    graph_free(&g);
    return out;
}
