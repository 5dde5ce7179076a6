/* explain.c — `litmuslab model --explain`: how a final state is reached,
 * or why the model forbids it; and `--show-all DIR`. The search shows
 * every candidate it ran the cat model on; the first accepted one
 * reaching the state is drawn and traced (explain_trace.c), and when
 * none is accepted, the rejected ones are listed with the check that
 * rejects each and its cycle (model/cat/cat_explain.c breaks that down into
 * named steps). While explaining, the search also hands over the
 * candidates its per-location coherence check would have cut, so that a
 * forbidden state lists them too, rejected by the model's own
 * coherence check (or by the search's when the model has none). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/explain.h"

/* ---- the target ---- */

static void split_names(const char *list, ex_names *out)
{
    const char *p = list;
    while (p && *p) {
        size_t len = strcspn(p, ",");
        if (len) {
            out->name = ll_xrealloc(out->name,
                                    (size_t)(out->n + 1) * sizeof *out->name);
            char *s = ll_xmalloc(len + 1);
            memcpy(s, p, len);
            s[len] = 0;
            out->name[out->n++] = s;
        }
        p += len + (p[len] == ',');
    }
}

static void free_names(ex_names *n)
{
    for (int i = 0; i < n->n; i++)
        free(n->name[i]);
    free(n->name);
}

/* herd's state form `0:r3=0; 1:r3=0;` is a conjunction: the text given
 * to the condition parser, with each of its columns' place in target
 * (0 for what was added). */
static char *state_prop(const char *target, int **cols, bool *empty)
{
    ll_buf b = {0};
    int cap = (int)strlen(target) * 4 + 16, n = 0;
    int *col = ll_xcalloc((size_t)cap, sizeof *col);
    ll_buf_puts(&b, "exists (");
    n = (int)b.len;
    const char *p = target;
    *empty = true;
    while (*p) {
        p += strspn(p, " \t");
        size_t len = strcspn(p, ";");
        size_t end = len;
        while (end && (p[end - 1] == ' ' || p[end - 1] == '\t'))
            end--;
        if (end) {
            if (!*empty) {
                ll_buf_puts(&b, " /\\ ");
                n += 4;
            }
            for (size_t k = 0; k < end; k++)
                col[n++] = (int)(p - target + (long)k) + 1;
            ll_buf_putn(&b, p, end);
            *empty = false;
        }
        p += len + (p[len] == ';');
    }
    ll_buf_puts(&b, ")");
    *cols = col;
    return b.data;
}

mdl_explain *mdl_explain_new(cat_model *model, const mdl_explain_opts *o,
                             ll_diag *d)
{
    mdl_explain *ex = ll_xcalloc(1, sizeof *ex);
    ex->model = model;
    ex->cx = cat_explainer_new(model);
    ex->explain = o->explain;
    ex->dot_path = o->dot_path ? ll_xstrdup(o->dot_path) : NULL;
    ex->all_dir = o->show_all ? ll_xstrdup(o->show_all) : NULL;
    /* the runs are first built for the first look (mdl_search) */
    ex->quick = ex->explain && !ex->all_dir;
    ex->per_test = o->per_test;
    ex->suffix = o->suffix ? ll_xstrdup(o->suffix) : NULL;
    ex->show = (ex_show)o->show;
    ex->nshow = o->nshow;
    split_names(o->doshow, &ex->doshow);
    split_names(o->unshow, &ex->unshow);
    for (int i = 0; i < ex->doshow.n; i++)
        if (!cat_explain_binds(ex->cx, ex->doshow.name[i])) {
            ll_diag_set(d, 0, 0, "-doshow %s: the model (%s) binds no "
                        "relation of that name", ex->doshow.name[i],
                        cat_title(model));
            mdl_explain_free(ex);
            return NULL;
        }
    if (!o->target)
        return ex;
    bool empty;
    int *cols;
    char *text = state_prop(o->target, &cols, &empty);
    ll_diag pd = {0};
    if (empty) {
        ll_diag_set(d, 0, 0, "--explain '%s': no state to explain",
                    o->target);
    } else if (!ll_cond_parse(text, NULL, &ex->cond, &pd)) {
        /* past the end of what was written: our closing parenthesis */
        int at = pd.col >= 1 && pd.col <= (int)strlen(text) ? cols[pd.col - 1]
                                                            : 0;
        char *found = strstr(pd.msg, "found ')'");
        if (!at && found)
            strcpy(found, "found the end of the state");
        if (!at && strstr(pd.msg, "expected end of condition"))
            ll_diag_set(d, 0, 0, "--explain '%s': a ')' too many",
                        o->target);
        else if (at)
            ll_diag_set(d, 0, 0, "--explain '%s', column %d: %s", o->target,
                        at, pd.msg);
        else
            ll_diag_set(d, 0, 0, "--explain '%s': %s", o->target, pd.msg);
    }
    free(text);
    free(cols);
    if (d->msg[0]) {
        mdl_explain_free(ex);
        return NULL;
    }
    ex->prop = ex->cond.prop;
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
    free(ex->all_dir);
    free(ex->suffix);
    ll_buf_free(&ex->per_dot);
    free_names(&ex->doshow);
    free_names(&ex->unshow);
    ll_buf_free(&ex->index);
    ll_buf_free(&ex->all_err);
    ll_buf_free(&ex->text);
    ll_buf_free(&ex->dot);
    ll_buf_free(&ex->rejected);
    ll_buf_free(&ex->rej_dot);
    free(ex);
}

/* Each place the state names must be one the test's final states show. */
static bool check_places(const ll_prop *p, const mdl_test *m, ll_buf *bad)
{
    if (!p)
        return true;
    if (p->kind != LL_PROP_ATOM)
        return check_places(p->lhs, m, bad) && check_places(p->rhs, m, bad);
    ll_buf want = {0};
    ll_loc_print(&p->loc, false, &want);
    bool ok = false;
    for (int i = 0; i < m->n_obs && !ok; i++) {
        ll_buf have = {0};
        ll_loc_print(&m->obs[i].loc, false, &have);
        ok = !strcmp(ll_buf_str(&have), ll_buf_str(&want));
        ll_buf_free(&have);
    }
    if (!ok)
        ll_buf_puts(bad, ll_buf_str(&want));
    ll_buf_free(&want);
    return ok;
}

bool mdl_explain_check(const mdl_explain *ex, const mdl_test *m, ll_diag *d)
{
    ll_buf bad = {0};
    if (!ex->prop || check_places(ex->prop, m, &bad)) {
        ll_buf_free(&bad);
        return true;
    }
    ll_buf shown = {0};
    for (int i = 0; i < m->n_shown; i++) {
        ll_buf_puts(&shown, i ? ", " : "");
        ll_loc_print(&m->obs[i].loc, false, &shown);
    }
    ll_diag_set(d, 0, 0, "--explain: %s is not in the final states of "
                "test %s (they show %s)", bad.data, m->test->name,
                shown.len ? shown.data : "nothing");
    ll_buf_free(&bad);
    ll_buf_free(&shown);
    return false;
}

bool mdl_explain_incoherent(const mdl_explain *ex)
{
    return ex && ex->explain && !ex->quick;
}

bool mdl_explain_done(const mdl_explain *ex)
{
    return ex && ex->explain && ex->found && !ex->all_dir;
}

bool mdl_explain_first_look(const mdl_explain *ex)
{
    return ex && ex->quick;
}

bool mdl_explain_again(mdl_explain *ex)
{
    if (!ex || !ex->quick)
        return false;
    ex->quick = false;
    return !ex->found;
}

static bool reaches(const ll_prop *p, const mdl_test *m, const sem_val *vals)
{
    if (!p)
        return true;
    ll_state st = {0};
    mdl_state_to_ll(m, vals, m->n_obs, &st);
    bool missing = false;
    bool ok = ll_prop_eval(p, &st, &missing);
    ll_state_clear(&st);
    return ok;
}

/* ---- the search's calls ---- */

static void explain_one(mdl_explain *ex, const view *v, bool allowed,
                        bool incoherent)
{
    const mdl_test *m = v->m;
    if (allowed) {
        ex->found = true;
        ex_describe(v, &ex->text);
        ex_trace(ex, v, &ex->text);
        ex_dot_begin(ex, v, m->test->name, &ex->dot);
        ex_dot_order(ex, v, &ex->dot);
        ex_dot_doshow(ex, v, &ex->dot);
        ll_buf_puts(&ex->dot, "}\n");
        return;
    }
    ex->n_rejected++;
    ex->n_incoherent += incoherent;
    ll_buf_printf(&ex->rejected, "Candidate %d:\n", ex->n_rejected);
    ex_describe(v, &ex->rejected);
    ll_buf *d_out = NULL;
    if (ex->n_rejected == 1) {
        ex_dot_begin(ex, v, m->test->name, &ex->rej_dot);
        ex_dot_doshow(ex, v, &ex->rej_dot);
        d_out = &ex->rej_dot;
    }
    ex_failures(ex, v, incoherent, &ex->rejected, d_out);
    if (d_out)
        ll_buf_puts(&ex->rej_dot, "}\n");
}

void mdl_explain_candidate(mdl_explain *ex, const mdl_test *m,
                           const cat_exec *x, const mdl_ev *ev,
                           const sem_val *vals, const cat_result *res,
                           bool incoherent)
{
    bool allowed = res->allowed && !incoherent;
    if (ex->quick && !allowed)
        return;
    if (!reaches(m->filter, m, vals)) {
        /* as the counts: herd7 neither counts nor draws a candidate its
           filter drops (-show all draws only those it keeps) */
        ex->n_filtered += ex->explain && !ex->found &&
                          reaches(ex->prop ? ex->prop : m->cond, m, vals);
        return;
    }
    bool want_all = ex->all_dir && allowed;
    bool want_explain = ex->explain && !ex->found &&
                        reaches(ex->prop ? ex->prop : m->cond, m,
                                vals);
    if (want_explain && !allowed && ex->n_rejected >= EX_MAX_LISTED) {
        ex->n_rejected++;
        ex->n_incoherent += incoherent;
        want_explain = false;
    }
    if (!want_all && !want_explain)
        return;
    ll_diag d = {0};
    if (!cat_explain_eval(ex->cx, x, &d))
        return;
    view v = {m, x, ev, x->n_mem};
    if (want_all)
        ex_all_candidate(ex, &v, vals,
                         reaches(m->cond, m, vals));
    if (want_explain)
        explain_one(ex, &v, allowed, incoherent);
}

void mdl_explain_finish(mdl_explain *ex, const mdl_test *m, ll_buf *out,
                        ll_buf *err)
{
    if (ex->all_dir)
        ex_all_finish(ex, m, err);
    if (!ex->explain)
        return;
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
                      "reach%s it, each rejected", title, ex->n_rejected,
                      ex->n_rejected == 1 ? "" : "s",
                      ex->n_rejected == 1 ? "es" : "");
        if (ex->n_incoherent)
            ll_buf_printf(out, " (%d of them incoherent per location)",
                          ex->n_incoherent);
        ll_buf_puts(out, ".\n");
        ll_buf_puts(out, ex->rejected.data);
        if (ex->n_rejected > EX_MAX_LISTED)
            ll_buf_printf(out, "(%d more not shown)\n",
                          ex->n_rejected - EX_MAX_LISTED);
        dot = &ex->rej_dot;
    } else if (ex->n_filtered) {
        ll_buf_printf(out, "the test's filter drops each of the %d "
                      "candidate execution%s reaching it.\n",
                      ex->n_filtered, ex->n_filtered == 1 ? "" : "s");
    } else {
        ll_buf_puts(out, "no candidate execution reaches it: no thread "
                         "can read or compute those values.\n");
    }
    ll_buf_free(&what);
    if (ex->dot_path && dot)
        ex_write_graph(ex->dot_path, dot, err);
}
