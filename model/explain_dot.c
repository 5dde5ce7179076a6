/* explain_dot.c — an execution as a Graphviz graph: one cluster per
 * thread (and one for the initial writes), the execution's relations as
 * labelled edges, then what the explanation adds: a rejecting check's
 * cycle (bold green), an accepted execution's order as the model names
 * it (dashed green: ppo, prop, fences...), the -doshow relations. An
 * edge whose label is in -unshow is left out, as herd7's. When
 * Graphviz's `dot` is on PATH, FILE.svg is written next to FILE.dot. */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "model/explain.h"

extern char **environ;

static bool unshown(const mdl_explain *ex, const char *label)
{
    for (int i = 0; i < ex->unshow.n; i++)
        if (!strcmp(ex->unshow.name[i], label))
            return true;
    return false;
}

static void edge(const mdl_explain *ex, ll_buf *d, int a, int b,
                 const char *label, const char *style)
{
    if (unshown(ex, label))
        return;
    ll_buf_printf(d, "  ev%d -> ev%d [label=\"%s\", %s];\n", a, b, label,
                  style);
}

static bool drawn(const view *v, int i)
{
    return !v->ev[i].e || ex_shown(v, i);
}

static void rel_edges(const mdl_explain *ex, const view *v, ll_buf *d,
                      const mdl_rel *r, const char *label, const char *style)
{
    for (int i = 0; i < v->n; i++)
        for (int j = 0; j < v->n; j++)
            if (mdl_rel_has(r, i, j) && ex_shown(v, j) && drawn(v, i))
                edge(ex, d, i, j, label, style);
}

/* s inside a DOT string: a value may hold quotes (a label's,
 * `label:"P1:L0"`, which broke the file: model_explain.sh). */
static void dot_string(ll_buf *d, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            ll_buf_puts(d, "\\");
        ll_buf_printf(d, "%c", *s);
    }
}

void ex_dot_begin(mdl_explain *ex, const view *v, const char *title,
                  ll_buf *d)
{
    ll_buf_puts(d, "digraph \"");
    dot_string(d, title);
    ll_buf_puts(d, "\" {\n  node [shape=box, "
                   "fontname=\"monospace\"];\n  newrank=true;\n");
    for (int t = -1; t < v->m->n_threads; t++) {
        ll_buf_printf(d, "  subgraph cluster_%s%d {\n    label=\"%s",
                      t < 0 ? "init" : "P", t < 0 ? 0 : t,
                      t < 0 ? "init" : "P");
        if (t >= 0)
            ll_buf_printf(d, "%d", t);
        ll_buf_puts(d, "\";\n");
        for (int i = 0; i < v->n; i++) {
            if (v->ev[i].thread != t || !drawn(v, i))
                continue;
            ll_buf lbl = {0};
            ex_name(v, i, &lbl);
            if (v->ev[i].e) {
                ll_buf_puts(&lbl, ": ");
                ex_what(v, i, &lbl);
            } else {
                ll_buf_puts(&lbl, "=");
                ll_value val;
                mdl_value_to_ll(v->m, v->ev[i].val, &val);
                ll_value_print(&val, &lbl);
                free(val.sym);
            }
            ll_buf_printf(d, "    ev%d [label=\"", i);
            dot_string(d, ll_buf_str(&lbl));
            ll_buf_puts(d, "\"];\n");
            ll_buf_free(&lbl);
        }
        ll_buf_puts(d, "  }\n");
    }
    mdl_rel own[3];
    shown_rel t[EX_N_SHOWN];
    ex_shown_rels(v, own, t);
    for (int i = 0; i < EX_N_SHOWN; i++)
        rel_edges(ex, v, d, t[i].rel, t[i].name, t[i].style);
    ex_free_shown(own);
}

static const char witness_style[] =
    "color=darkgreen, fontcolor=darkgreen, penwidth=2, style=bold, "
    "constraint=false";

static const char order_style[] =
    "color=darkgreen, fontcolor=darkgreen, style=dashed, "
    "constraint=false";

void ex_dot_steps(mdl_explain *ex, ll_buf *d, const cat_step *s, int n,
                  bool witness)
{
    for (int k = 0; k < n && k < EX_MAX_STEPS; k++) {
        ll_buf lbl = {0};
        ll_buf_printf(&lbl, "%s%s", s[k].label, s[k].inverse ? "^-1" : "");
        edge(ex, d, s[k].from, s[k].to, lbl.data,
             witness ? witness_style : order_style);
        ll_buf_free(&lbl);
    }
}

/* The model's order between thread events, reduced to the pairs no
 * third event explains, each broken down into the model's names. */
void ex_dot_order(mdl_explain *ex, const view *v, ll_buf *d)
{
    int n = v->n, n_checks = cat_explain_n_checks(ex->cx);
    mdl_rel order, plus;
    mdl_rel_init(&order, n);
    mdl_rel_init(&plus, n);
    bool *keep = ll_xcalloc((size_t)n_checks + 1, sizeof *keep);
    ex_model_order(ex, v, &order, keep);
    mdl_rel_transitive(&plus, &order);
    cat_step steps[EX_MAX_STEPS];
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (!ex_shown(v, a) || !ex_shown(v, b) ||
                !mdl_rel_has(&order, a, b))
                continue;
            bool reduced = true;
            for (int c = 0; c < n && reduced; c++)
                reduced = !(c != a && c != b && mdl_rel_has(&plus, a, c) &&
                            mdl_rel_has(&plus, c, b));
            if (!reduced)
                continue;
            for (int i = 0; i < n_checks; i++) {
                if (!keep[i])
                    continue;
                int k = cat_explain_steps(ex->cx, i, a, b, steps,
                                          EX_MAX_STEPS);
                if (!k)
                    continue;
                for (int j = 0; j < k && j < EX_MAX_STEPS; j++) {
                    const cat_step *s = &steps[j];
                    if (s->inverse || ex_base_name(s->label) ||
                        !drawn(v, s->from) || !drawn(v, s->to))
                        continue;
                    /* one edge per pair and name */
                    ll_buf lbl = {0};
                    ll_buf_printf(&lbl, "  ev%d -> ev%d [label=\"%s\"",
                                  s->from, s->to, s->label);
                    if (!strstr(ll_buf_str(d), lbl.data))
                        edge(ex, d, s->from, s->to, s->label, order_style);
                    ll_buf_free(&lbl);
                }
                break;
            }
        }
    mdl_rel_free(&order);
    mdl_rel_free(&plus);
    free(keep);
}

static const char doshow_style[] =
    "color=brown, fontcolor=brown, style=dotted, constraint=false";

void ex_dot_doshow(mdl_explain *ex, const view *v, ll_buf *d)
{
    int n = v->n, words = (n + 63) / 64;
    for (int k = 0; k < ex->doshow.n; k++) {
        bool is_rel = false;
        const uint64_t *w = cat_explain_named(ex->cx, ex->doshow.name[k],
                                              &is_rel);
        if (!w || !is_rel)
            continue;
        mdl_rel r = {n, words, (uint64_t *)w};
        rel_edges(ex, v, d, &r, ex->doshow.name[k], doshow_style);
    }
}

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

bool ex_write_graph(const char *path, const ll_buf *dot, ll_buf *err)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        ll_buf_printf(err, "%s: cannot write the graph\n", path);
        return false;
    }
    fputs(ll_buf_str(dot), f);
    if (fclose(f) != 0) {
        ll_buf_printf(err, "%s: cannot write the graph\n", path);
        return false;
    }
    write_svg(path, err);
    return true;
}
