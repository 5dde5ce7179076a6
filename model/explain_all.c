/* explain_all.c — `model --show-all DIR`: every accepted execution of a
 * test as a Graphviz file of its own, DIR/TEST-N.dot (and .svg when dot
 * runs), with the model's order drawn (explain_dot.c); or, for herd7's
 * `-o DIR`, all of a test's in one file, DIR/TEST.dot; and one index,
 * DIR/index.txt, a line per file: its name, its final state and whether
 * the condition's proposition holds there. herd7's `-show` chooses
 * which executions (prop, neg, all, cond, wit, none) and `-nshow N`
 * stops after N. Each test appends its lines in one write, so worker
 * processes (-j) can share the index. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/explain.h"

static bool selected(ex_show show, ll_quant q, bool holds)
{
    switch (show) {
    case EX_SHOW_ALL: return true;
    case EX_SHOW_PROP: return holds;
    case EX_SHOW_NEG: return !holds;
    case EX_SHOW_COND: return ll_quant_positive(q, holds);
    case EX_SHOW_WIT: return ll_quant_settles(q, holds);
    case EX_SHOW_NONE: return false;
    }
    return false;
}

/* The test's name as a file name: no '/', no space. */
static void file_stem(const char *name, ll_buf *b)
{
    for (const char *p = name; *p; p++)
        ll_buf_printf(b, "%c", *p == '/' || *p == ' ' ? '_' : *p);
}

void ex_all_candidate(mdl_explain *ex, const view *v, const sem_val *vals,
                      bool holds)
{
    const mdl_test *m = v->m;
    if (!selected(ex->show, m->test->cond.quant, holds) ||
        (ex->nshow && ex->n_all >= ex->nshow) || ex->all_err.len)
        return;
    ex->n_all++;
    if (ex->per_test) {     /* herd7's -o DIR: one file, every graph */
        ex_dot_begin(ex, v, m->test->name, &ex->per_dot);
        ex_dot_order(ex, v, &ex->per_dot);
        ex_dot_doshow(ex, v, &ex->per_dot);
        ll_buf_puts(&ex->per_dot, "}\n");
        return;
    }
    ll_buf name = {0}, path = {0}, dot = {0};
    file_stem(m->test->name, &name);
    ll_buf_printf(&name, "-%03d.dot", ex->n_all);
    ll_buf_printf(&path, "%s/%s", ex->all_dir, name.data);
    ex_dot_begin(ex, v, m->test->name, &dot);
    ex_dot_order(ex, v, &dot);
    ex_dot_doshow(ex, v, &dot);
    ll_buf_puts(&dot, "}\n");
    if (ex_write_graph(path.data, &dot, &ex->all_err)) {
        ll_buf_printf(&ex->index, "%s\t", name.data);
        for (int i = 0; i < m->n_shown; i++) {
            ll_value val;
            ll_loc_print(&m->obs[i].loc, false, &ex->index);
            ll_buf_puts(&ex->index, "=");
            mdl_value_to_ll(m, mdl_obs_value(&m->obs[i], vals[i]), &val);
            ll_value_print(&val, &ex->index);
            free(val.sym);
            ll_buf_puts(&ex->index, i + 1 < m->n_shown ? "; " : ";");
        }
        ll_buf_printf(&ex->index, "\t%s\n",
                      holds ? "condition's proposition holds"
                            : "condition's proposition fails");
    }
    ll_buf_free(&name);
    ll_buf_free(&path);
    ll_buf_free(&dot);
}

/* herd7's -o DIR: DIR/TEST.dot, even with no graph in it (herd7 writes
 * an empty file then: scripts look for it). */
static void write_per_test(mdl_explain *ex, const mdl_test *m, ll_buf *err)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/", ex->all_dir);
    file_stem(m->test->name, &path);
    ll_buf_printf(&path, "%s.dot", ex->suffix ? ex->suffix : "");
    FILE *f = fopen(path.data, "w");
    bool ok = f && fwrite(ex->per_dot.data ? ex->per_dot.data : "", 1,
                          ex->per_dot.len, f) == ex->per_dot.len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        ll_buf_printf(err, "%s: cannot write the graph\n", path.data);
    ll_buf_free(&path);
}

void ex_all_finish(mdl_explain *ex, const mdl_test *m, ll_buf *err)
{
    if (ex->per_test) {
        write_per_test(ex, m, err);
        return;
    }
    if (ex->all_err.len) {
        ll_buf_puts(err, ex->all_err.data);
        return;
    }
    ll_buf text = {0}, path = {0};
    ll_buf_printf(&text, "Test %s: %d accepted execution%s drawn\n",
                  m->test->name, ex->n_all, ex->n_all == 1 ? "" : "s");
    ll_buf_puts(&text, ll_buf_str(&ex->index));
    ll_buf_printf(&path, "%s/index.txt", ex->all_dir);
    int fd = open(path.data, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0 || write(fd, text.data, text.len) != (ssize_t)text.len)
        ll_buf_printf(err, "%s: cannot write the index\n", path.data);
    if (fd >= 0)
        close(fd);
    ll_buf_free(&text);
    ll_buf_free(&path);
}
