/* explain.c — `litmuslab model --explain`: how a final state is reached,
 * or why the model forbids it. The search shows every candidate it ran
 * the cat model on; the first accepted one reaching the state is drawn
 * and traced, and when none is accepted, the rejected ones are listed
 * with the check that rejects each and its cycle (model/cat/explain.c
 * breaks that down into named steps).
 *
 * The trace is a linearisation of the model's own order: the union of
 * the relations its acyclic checks test, taken in file order as long as
 * they stay acyclic together (each is acyclic by itself), sorted
 * topologically, earliest event first on ties. A read placed before a
 * po-earlier event of its thread is one the model lets be satisfied
 * early; a write's step is when it reaches memory (its co place). */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "model/engine.h"

extern char **environ;

enum { MAX_LISTED = 8, MAX_STEPS = 64 };

struct mdl_explain {
    cat_model *model;
    cat_explainer *cx;
    ll_prop *prop;             /* the state asked for, or NULL: the
                                  condition's */
    ll_cond cond;              /* owns prop */
    char *dot_path;
    bool found;                /* an accepted execution was drawn */
    int n_rejected;            /* candidates reaching it, rejected */
    ll_buf text, dot;          /* the accepted one's */
    ll_buf rejected, rej_dot;  /* the rejected ones (dot: the first) */
    ll_buf state;              /* the state as asked */
};

/* ---- the target ---- */

mdl_explain *mdl_explain_new(cat_model *model, const char *target,
                             const char *dot_path, ll_diag *d)
{
    mdl_explain *ex = ll_xcalloc(1, sizeof *ex);
    ex->model = model;
    ex->cx = cat_explainer_new(model);
    ex->dot_path = dot_path ? ll_xstrdup(dot_path) : NULL;
    if (target) {
        /* herd's state form `0:r3=0; 1:r3=0;` is a conjunction */
        ll_buf b = {0};
        ll_buf_puts(&b, "exists (");
        const char *p = target;
        bool first = true;
        while (*p) {
            p += strspn(p, " \t");
            size_t len = strcspn(p, ";");
            size_t end = len;
            while (end && (p[end - 1] == ' ' || p[end - 1] == '\t'))
                end--;
            if (end) {
                if (!first)
                    ll_buf_puts(&b, " /\\ ");
                ll_buf_putn(&b, p, end);
                first = false;
            }
            p += len + (p[len] == ';');
        }
        ll_buf_puts(&b, ")");
        if (first || !ll_cond_parse(b.data, NULL, &ex->cond, d)) {
            if (first)
                ll_diag_set(d, 1, 1, "empty state to explain");
            ll_buf_free(&b);
            mdl_explain_free(ex);
            return NULL;
        }
        ex->prop = ex->cond.prop;
        ll_buf_free(&b);
    }
    return ex;
}

void mdl_explain_free(mdl_explain *ex)
{
    if (!ex)
        return;
    cat_explainer_free(ex->cx);
    if (ex->prop)
        ll_prop_free(ex->prop);
    free(ex->dot_path);
    ll_buf_free(&ex->text);
    ll_buf_free(&ex->dot);
    ll_buf_free(&ex->rejected);
    ll_buf_free(&ex->rej_dot);
    ll_buf_free(&ex->state);
    free(ex);
}

static bool reaches(const mdl_explain *ex, const mdl_test *m,
                    const sem_val *vals)
{
    const ll_prop *p = ex->prop ? ex->prop : m->test->cond.prop;
    if (!p)
        return true;
    ll_state st = {0};
    for (int i = 0; i < m->n_obs; i++) {
        ll_value v;
        mdl_value_to_ll(m, vals[i], &v);
        ll_state_set(&st, &m->obs[i].loc, &v);
        free(v.sym);
    }
    bool missing = false;
    bool ok = ll_prop_eval(p, &st, &missing);
    ll_state_clear(&st);
    return ok;
}

/* ---- events ---- */

typedef struct view {
    const mdl_test *m;
    const cat_exec *x;
    const mdl_ev *ev;
    int n;
} view;

static bool shown(const view *v, int i)
{
    return v->ev[i].e && v->ev[i].e->kind != SEM_B;
}

static void ev_name(const view *v, int i, ll_buf *b)
{
    if (!v->ev[i].e) {
        ll_buf_printf(b, "init %s", v->m->syms[v->m->locs[i].sym]);
        if (v->m->locs[i].off)
            ll_buf_printf(b, "+%lld", (long long)v->m->locs[i].off);
        return;
    }
    int k = 0;
    for (int j = 0; j < i; j++)
        k += shown(v, j);
    if (k < 26)
        ll_buf_printf(b, "%c", 'a' + k);
    else
        ll_buf_printf(b, "e%d", k);
}

static void loc_name(const view *v, int l, ll_buf *b)
{
    const mdl_loc *loc = &v->m->locs[l];
    ll_buf_puts(b, v->m->syms[loc->sym]);
    if (loc->off)
        ll_buf_printf(b, "+%lld", (long long)loc->off);
}

/* `W x=1`, `R y=0`, `F SYNC` */
static void ev_what(const view *v, int i, ll_buf *b)
{
    const mdl_ev *g = &v->ev[i];
    if (!g->e || g->e->kind == SEM_R || g->e->kind == SEM_W) {
        ll_buf_puts(b, !g->e || g->e->kind == SEM_W ? "W " : "R ");
        loc_name(v, g->loc, b);
        ll_value val;
        mdl_value_to_ll(v->m, g->val, &val);
        ll_buf_puts(b, "=");
        ll_value_print(&val, b);
        free(val.sym);
    } else {
        ll_buf_puts(b, "F");
    }
    const sem_ops *ops = v->m->ops;
    for (int k = 0; g->e && k < ops->n_tags; k++)
        if (g->e->tags >> k & 1)
            ll_buf_printf(b, " %s", ops->tags[k]);
}

static void ev_full(const view *v, int i, ll_buf *b)
{
    if (v->ev[i].thread >= 0)
        ll_buf_printf(b, "P%d: ", v->ev[i].thread);
    ev_name(v, i, b);
    if (v->ev[i].e) {
        ll_buf_puts(b, ": ");
        ev_what(v, i, b);
    }
}

static void instr_text(const view *v, int i, ll_buf *b)
{
    const mdl_ev *g = &v->ev[i];
    const ll_thread *t = v->m->threads[g->thread].code;
    if (g->e->stmt < 0 || g->e->stmt >= t->n_stmts ||
        !t->stmts[g->e->stmt].has_instr || !v->m->test->arch)
        return;
    v->m->test->arch->print_instr(&t->stmts[g->e->stmt].instr, b);
}

/* A relation's pairs between shown events (or from init), as `a->b`. */
static void list_rel(const view *v, const char *name, const ll_rel *r,
                     ll_buf *b)
{
    bool any = false;
    for (int i = 0; i < v->n; i++)
        for (int j = 0; j < v->n; j++) {
            if (!ll_rel_has(r, i, j) || !shown(v, j) ||
                (v->ev[i].e && !shown(v, i)))
                continue;
            ll_buf_puts(b, any ? ", " : "");
            if (!any)
                ll_buf_printf(b, "  %-6s ", name);
            ev_name(v, i, b);
            ll_buf_puts(b, "->");
            ev_name(v, j, b);
            any = true;
        }
    if (any)
        ll_buf_puts(b, "\n");
}

/* po restricted to neighbours: the thread's next shown event. */
static void direct_po(const view *v, ll_rel *out)
{
    for (int i = 0; i < v->n; i++) {
        if (!shown(v, i))
            continue;
        for (int j = i + 1; j < v->n; j++)
            if (shown(v, j) && v->ev[j].thread == v->ev[i].thread) {
                ll_rel_add(out, i, j);
                break;
            }
    }
}

static void fr_of(const view *v, ll_rel *out)
{
    for (int r = 0; r < v->n; r++)
        for (int w = 0; w < v->n; w++)
            if (ll_rel_has(&v->x->rf, w, r))
                for (int w2 = 0; w2 < v->n; w2++)
                    if (w2 != w && ll_rel_has(&v->x->co, w, w2))
                        ll_rel_add(out, r, w2);
}

/* co restricted to immediate successors, for drawing. */
static void direct_co(const view *v, ll_rel *out)
{
    for (int a = 0; a < v->n; a++)
        for (int b = 0; b < v->n; b++) {
            if (!ll_rel_has(&v->x->co, a, b))
                continue;
            bool direct = true;
            for (int c = 0; c < v->n && direct; c++)
                direct = !(ll_rel_has(&v->x->co, a, c) &&
                           ll_rel_has(&v->x->co, c, b));
            if (direct)
                ll_rel_add(out, a, b);
        }
}

/* The relations shown, with their DOT style: po and co as neighbours
 * only, fr derived; rels[0..2] are owned (free with free_shown). */
typedef struct shown_rel {
    const char *name;
    const ll_rel *rel;
    const char *style;
} shown_rel;

enum { N_SHOWN = 8 };

static void shown_rels(const view *v, ll_rel own[3], shown_rel *out)
{
    for (int i = 0; i < 3; i++)
        ll_rel_init(&own[i], v->n);
    direct_po(v, &own[0]);
    direct_co(v, &own[1]);
    fr_of(v, &own[2]);
    const shown_rel t[N_SHOWN] = {
        {"po", &own[0], "weight=10"},
        {"rf", &v->x->rf, "color=red, fontcolor=red"},
        {"co", &own[1], "color=blue, fontcolor=blue"},
        {"fr", &own[2], "color=orange, fontcolor=orange"},
        {"addr", &v->x->addr, "color=purple, fontcolor=purple"},
        {"data", &v->x->data, "color=purple, fontcolor=purple"},
        {"ctrl", &v->x->ctrl, "color=purple, fontcolor=purple"},
        {"rmw", &v->x->rmw, "color=gray, fontcolor=gray"},
    };
    memcpy(out, t, sizeof t);
}

static void free_shown(ll_rel own[3])
{
    for (int i = 0; i < 3; i++)
        ll_rel_free(&own[i]);
}

static void describe(const view *v, ll_buf *b)
{
    int last = -2;
    for (int i = 0; i < v->n; i++) {
        if (!shown(v, i))
            continue;
        int t = v->ev[i].thread;
        ll_buf_printf(b, t != last ? "  P%-2d " : "      ", t);
        last = t;
        ll_buf mark = {0};
        ev_name(v, i, &mark);
        ll_buf_puts(&mark, ": ");
        ev_what(v, i, &mark);
        ll_buf_printf(b, "%-16s", ll_buf_str(&mark));
        ll_buf_free(&mark);
        ll_buf ins = {0};
        instr_text(v, i, &ins);
        if (ins.len)
            ll_buf_printf(b, "  %s", ins.data);
        ll_buf_free(&ins);
        ll_buf_puts(b, "\n");
    }
    ll_rel own[3];
    shown_rel t[N_SHOWN];
    shown_rels(v, own, t);
    for (int i = 0; i < N_SHOWN; i++)
        list_rel(v, t[i].name, t[i].rel, b);
    free_shown(own);
}

static void put_steps(const view *v, const cat_step *s, int n, ll_buf *b)
{
    for (int k = 0; k < n && k < MAX_STEPS; k++) {
        if (k == 0)
            ev_name(v, s[k].from, b);
        ll_buf_printf(b, " -%s%s-> ", s[k].label,
                      s[k].inverse ? "^-1" : "");
        ev_name(v, s[k].to, b);
    }
    if (n > MAX_STEPS)
        ll_buf_puts(b, " ...");
}

/* ---- the graph ---- */

static void dot_node_id(const view *v, int i, ll_buf *b)
{
    ll_buf_printf(b, "ev%d", i);
    (void)v;
}

static void dot_edge(const view *v, ll_buf *d, int a, int b,
                     const char *label, const char *style)
{
    ll_buf_puts(d, "  ");
    dot_node_id(v, a, d);
    ll_buf_puts(d, " -> ");
    dot_node_id(v, b, d);
    ll_buf_printf(d, " [label=\"%s\", %s];\n", label, style);
}

static void dot_rel(const view *v, ll_buf *d, const ll_rel *r,
                    const char *label, const char *style)
{
    for (int i = 0; i < v->n; i++)
        for (int j = 0; j < v->n; j++)
            if (ll_rel_has(r, i, j) && shown(v, j) &&
                (!v->ev[i].e || shown(v, i)))
                dot_edge(v, d, i, j, label, style);
}

static void dot_graph(const view *v, const char *title, ll_buf *d)
{
    ll_buf_printf(d, "digraph \"%s\" {\n  node [shape=box, "
                     "fontname=\"monospace\"];\n  newrank=true;\n", title);
    for (int t = -1; t < v->m->n_threads; t++) {
        ll_buf_printf(d, "  subgraph cluster_%s%d {\n    label=\"%s",
                      t < 0 ? "init" : "P", t < 0 ? 0 : t,
                      t < 0 ? "init" : "P");
        if (t >= 0)
            ll_buf_printf(d, "%d", t);
        ll_buf_puts(d, "\";\n");
        for (int i = 0; i < v->n; i++) {
            if (v->ev[i].thread != t || (v->ev[i].e && !shown(v, i)))
                continue;
            ll_buf_puts(d, "    ");
            dot_node_id(v, i, d);
            ll_buf_puts(d, " [label=\"");
            ev_name(v, i, d);
            if (v->ev[i].e) {
                ll_buf_puts(d, ": ");
                ev_what(v, i, d);
            } else {
                ll_buf_puts(d, "=");
                ll_value val;
                mdl_value_to_ll(v->m, v->ev[i].val, &val);
                ll_value_print(&val, d);
                free(val.sym);
            }
            ll_buf_puts(d, "\"];\n");
        }
        ll_buf_puts(d, "  }\n");
    }
    ll_rel own[3];
    shown_rel t[N_SHOWN];
    shown_rels(v, own, t);
    for (int i = 0; i < N_SHOWN; i++)
        dot_rel(v, d, t[i].rel, t[i].name, t[i].style);
    free_shown(own);
}

static const char witness_style[] =
    "color=darkgreen, fontcolor=darkgreen, penwidth=2, style=bold, "
    "constraint=false";

static void dot_steps(const view *v, ll_buf *d, const cat_step *s, int n)
{
    for (int k = 0; k < n && k < MAX_STEPS; k++) {
        ll_buf lbl = {0};
        ll_buf_printf(&lbl, "%s%s", s[k].label, s[k].inverse ? "^-1" : "");
        dot_edge(v, d, s[k].from, s[k].to, lbl.data, witness_style);
        ll_buf_free(&lbl);
    }
}

/* ---- an accepted execution: the trace ---- */

/* The model's order (see the top of the file); keep[i] says which
 * checks' relations are in it. */
static void model_order(mdl_explain *ex, const view *v, ll_rel *order,
                        bool *keep)
{
    int n = v->n;
    ll_rel tmp;
    ll_rel_init(&tmp, n);
    for (int i = 0; i < cat_explain_n_checks(ex->cx); i++) {
        cat_check_info info;
        cat_explain_check(ex->cx, i, &info);
        keep[i] = false;
        if (strcmp(info.kind, "acyclic") || info.negated || !info.words)
            continue;
        ll_rel r = {n, (n + 63) / 64, (uint64_t *)info.words};
        ll_rel_union(&tmp, order, &r);
        if (ll_rel_acyclic(&tmp)) {
            ll_rel_copy(order, &tmp);
            keep[i] = true;
        }
    }
    ll_rel_free(&tmp);
}

/* Why a must precede b in the order: the first kept check's steps. */
static void edge_reason(mdl_explain *ex, const view *v, const bool *keep,
                        int a, int b, ll_buf *out)
{
    cat_step steps[MAX_STEPS];
    for (int i = 0; i < cat_explain_n_checks(ex->cx); i++) {
        if (!keep[i])
            continue;
        int k = cat_explain_steps(ex->cx, i, a, b, steps, MAX_STEPS);
        if (!k)
            continue;
        for (int j = 0; j < k && j < MAX_STEPS; j++)
            ll_buf_printf(out, "%s%s%s", j ? ";" : "", steps[j].label,
                          steps[j].inverse ? "^-1" : "");
        return;
    }
    (void)v;
}

static void trace(mdl_explain *ex, const view *v, ll_buf *b)
{
    int n = v->n, n_checks = cat_explain_n_checks(ex->cx);
    ll_rel order;
    ll_rel_init(&order, n);
    bool *keep = ll_xcalloc((size_t)n_checks + 1, sizeof *keep);
    model_order(ex, v, &order, keep);
    ll_buf_puts(b, "Trace: a linearisation of");
    bool any = false;
    for (int i = 0; i < n_checks; i++) {
        cat_check_info info;
        cat_explain_check(ex->cx, i, &info);
        if (keep[i]) {
            ll_buf_printf(b, "%s %s", any ? " |" : "",
                          info.name ? info.name : info.kind);
            any = true;
        }
    }
    ll_buf_puts(b, any ? " (the model's acyclic checks); a write's step "
                         "is when it reaches memory:\n"
                       : " po (the model checks no order):\n");
    int *step = ll_xcalloc((size_t)n + 1, sizeof *step);
    bool *done = ll_xcalloc((size_t)n + 1, sizeof *done);
    int k = 0;
    for (;;) {
        /* reads and fences first: a write waits (in a buffer, not yet
         * propagated) as long as the order lets it */
        int pick = -1;
        for (int pass = 0; pass < 2 && pick < 0; pass++)
            for (int e = 0; e < n && pick < 0; e++) {
                if (done[e] || !shown(v, e) ||
                    (v->ev[e].e->kind == SEM_W) != (pass == 1))
                    continue;
                bool ready = true;
                for (int f = 0; f < n && ready && any; f++)
                    ready = !(ll_rel_has(&order, f, e) && !done[f] &&
                              shown(v, f));
                if (ready)
                    pick = e;
            }
        if (pick < 0)
            break;
        done[pick] = true;
        step[pick] = ++k;
        ll_buf line = {0};
        ll_buf_printf(&line, "  %2d. ", k);
        ev_full(v, pick, &line);
        ll_buf_printf(b, "%-26s", ll_buf_str(&line));
        ll_buf_free(&line);
        const mdl_ev *g = &v->ev[pick];
        const char *sep = "  ";
        if (g->e->kind == SEM_R) {
            for (int w = 0; w < n; w++)
                if (ll_rel_has(&v->x->rf, w, pick)) {
                    ll_buf_printf(b, "%sreads from ", sep);
                    if (v->ev[w].e)
                        ev_full(v, w, b);
                    else
                        ll_buf_puts(b, "init");
                    sep = "; ";
                }
        }
        for (int e = 0; e < pick; e++)
            if (shown(v, e) && v->ev[e].thread == g->thread && !done[e]) {
                ll_buf_printf(b, "%sbefore po-earlier ", sep);
                ev_name(v, e, b);
                ll_buf_puts(b, " (not ordered by the model)");
                sep = "; ";
                break;
            }
        for (int f = 0; f < n; f++) {
            if (!shown(v, f) || !done[f] || f == pick ||
                !ll_rel_has(&order, f, pick))
                continue;
            ll_buf why = {0};
            edge_reason(ex, v, keep, f, pick, &why);
            if (!why.len || !strcmp(why.data, "po")) {
                ll_buf_free(&why);
                continue;   /* program order needs no saying */
            }
            ll_buf_printf(b, "%safter ", sep);
            ev_name(v, f, b);
            ll_buf_printf(b, " (%s)", why.data);
            ll_buf_free(&why);
            sep = "; ";
        }
        ll_buf_puts(b, "\n");
    }
    free(step);
    free(done);
    free(keep);
    ll_rel_free(&order);
}

/* ---- a rejected execution: the checks and their cycles ---- */

static void failures(mdl_explain *ex, const view *v, ll_buf *b, ll_buf *d)
{
    int n = v->n;
    cat_step steps[MAX_STEPS];
    int *cyc = ll_xmalloc(((size_t)n + 2) * sizeof *cyc);
    for (int i = 0; i < cat_explain_n_checks(ex->cx); i++) {
        cat_check_info info;
        if (cat_explain_check(ex->cx, i, &info))
            continue;
        ll_buf_printf(b, "  rejected by %s (%s%s): ",
                      info.name ? info.name : "(unnamed)",
                      info.negated ? "~" : "", info.kind);
        ll_rel r = {n, (n + 63) / 64, (uint64_t *)info.words};
        int len = 0, ns = 0;
        if (info.negated || !info.words) {
            ll_buf_puts(b, "the relation is empty\n");
            continue;
        }
        if (!info.is_rel) {
            ll_buf_puts(b, "{");
            for (int e = 0, first = 1; e < n; e++)
                if (r.w[e / 64] >> (e % 64) & 1) {
                    ll_buf_puts(b, first ? "" : ", ");
                    ev_name(v, e, b);
                    first = 0;
                }
            ll_buf_puts(b, "}\n");
            continue;
        }
        if (!strcmp(info.kind, "acyclic")) {
            len = ll_rel_cycle(&r, cyc);
            for (int k = 0; k + 1 < len; k++) {
                int got = cat_explain_steps(ex->cx, i, cyc[k], cyc[k + 1],
                                            steps + ns, MAX_STEPS - ns);
                ns += got < MAX_STEPS - ns ? got : MAX_STEPS - ns;
            }
        } else {
            for (int a = 0; a < n && !ns; a++)
                for (int c = 0; c < n && !ns; c++)
                    if (ll_rel_has(&r, a, c) &&
                        (a == c || strcmp(info.kind, "irreflexive")))
                        ns = cat_explain_steps(ex->cx, i, a, c, steps,
                                               MAX_STEPS);
        }
        if (ns > MAX_STEPS)
            ns = MAX_STEPS;
        put_steps(v, steps, ns, b);
        ll_buf_puts(b, "\n");
        if (d)
            dot_steps(v, d, steps, ns);
        d = NULL;       /* the graph shows the first check's cycle */
    }
    free(cyc);
}

/* ---- the search's calls ---- */

void mdl_explain_candidate(mdl_explain *ex, const mdl_test *m,
                           const cat_exec *x, const mdl_ev *ev,
                           const sem_val *vals, const cat_result *res)
{
    if (ex->found || !reaches(ex, m, vals))
        return;
    if (!res->allowed && ex->n_rejected >= MAX_LISTED) {
        ex->n_rejected++;
        return;
    }
    ll_diag d = {0};
    if (!cat_explain_eval(ex->cx, x, &d))
        return;
    view v = {m, x, ev, x->n};
    if (res->allowed) {
        ex->found = true;
        describe(&v, &ex->text);
        trace(ex, &v, &ex->text);
        dot_graph(&v, m->test->name, &ex->dot);
        ll_buf_puts(&ex->dot, "}\n");
        return;
    }
    ex->n_rejected++;
    ll_buf_printf(&ex->rejected, "Candidate %d:\n", ex->n_rejected);
    describe(&v, &ex->rejected);
    ll_buf *d_out = NULL;
    if (ex->n_rejected == 1) {
        dot_graph(&v, m->test->name, &ex->rej_dot);
        d_out = &ex->rej_dot;
    }
    failures(ex, &v, &ex->rejected, d_out);
    if (d_out)
        ll_buf_puts(&ex->rej_dot, "}\n");
}

/* Graphviz's dot, if it is installed: FILE.dot -> FILE.svg. */
static void write_svg(const char *dot_path, ll_buf *err)
{
    ll_buf svg = {0};
    size_t n = strlen(dot_path);
    if (n > 4 && !strcmp(dot_path + n - 4, ".dot"))
        n -= 4;
    ll_buf_printf(&svg, "%.*s.svg", (int)n, dot_path);
    char *argv[] = {"dot", "-Tsvg", (char *)dot_path, "-o", svg.data, NULL};
    pid_t pid;
    int status = 0;
    if (posix_spawnp(&pid, "dot", NULL, NULL, argv, environ) == 0 &&
        waitpid(pid, &status, 0) == pid) {
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            ll_buf_printf(err, "%s: dot failed, no SVG\n", dot_path);
    }
    ll_buf_free(&svg);
}

void mdl_explain_finish(mdl_explain *ex, const mdl_test *m, ll_buf *out,
                        ll_buf *err)
{
    ll_buf what = {0};
    if (ex->prop)
        ll_prop_print(ex->prop, &what);
    else if (m->test->cond.prop)
        ll_prop_print(m->test->cond.prop, &what);
    else
        ll_buf_puts(&what, "any final state");
    const char *title = cat_title(ex->model);
    ll_buf_printf(out, "Test %s, %s: ", m->test->name, what.data);
    ll_buf *dot = NULL;
    if (ex->found) {
        ll_buf_printf(out, "allowed by %s. One execution reaching it:\n",
                      title);
        ll_buf_puts(out, ex->text.data);
        dot = &ex->dot;
    } else if (ex->n_rejected) {
        ll_buf_printf(out, "forbidden by %s: %d candidate execution%s "
                      "reach%s it, each rejected.\n", title, ex->n_rejected,
                      ex->n_rejected == 1 ? "" : "s",
                      ex->n_rejected == 1 ? "es" : "");
        ll_buf_puts(out, ex->rejected.data);
        if (ex->n_rejected > MAX_LISTED)
            ll_buf_printf(out, "(%d more not shown)\n",
                          ex->n_rejected - MAX_LISTED);
        dot = &ex->rej_dot;
    } else {
        ll_buf_puts(out, "no candidate execution reaches it (the values "
                         "cannot arise, or coherence per location rules "
                         "it out before the model runs).\n");
    }
    ll_buf_free(&what);
    if (!ex->dot_path || !dot)
        return;
    FILE *f = fopen(ex->dot_path, "w");
    if (!f) {
        ll_buf_printf(err, "%s: cannot write the graph\n", ex->dot_path);
        return;
    }
    fputs(ll_buf_str(dot), f);
    fclose(f);
    write_svg(ex->dot_path, err);
}
