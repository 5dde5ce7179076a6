/* explain_trace.c — the text of an explanation: for an accepted
 * execution, a step-by-step order of its events consistent with the
 * model; for a rejected one, the checks it fails with their cycles.
 *
 * The trace is a linearisation of the model's own order: the union of
 * the relations its acyclic checks test, taken in file order as long as
 * they stay acyclic together (each is acyclic by itself), sorted
 * topologically. A fence goes as soon as the events before it in its
 * thread are placed, then reads, writes as late as the order lets them (a
 * write's step is when it reaches memory). A step placed before a
 * po-earlier access says so: the model does not order them, whatever
 * fences stand between. */
#include <stdlib.h>
#include <string.h>

#include "model/explain.h"

void ex_model_order(mdl_explain *ex, const view *v, mdl_rel *order,
                    bool *keep)
{
    int n = v->n;
    mdl_rel tmp;
    mdl_rel_init(&tmp, n);
    for (int i = 0; i < cat_explain_n_checks(ex->cx); i++) {
        cat_check_info info;
        cat_explain_check(ex->cx, i, &info);
        keep[i] = false;
        if (strcmp(info.kind, "acyclic") || info.negated || !info.words)
            continue;
        mdl_rel r = {n, (n + 63) / 64, (uint64_t *)info.words};
        mdl_rel_union(&tmp, order, &r);
        if (mdl_rel_acyclic(&tmp)) {
            mdl_rel_copy(order, &tmp);
            keep[i] = true;
        }
    }
    mdl_rel_free(&tmp);
}

/* Why a must precede b in the order: the first kept check's steps. */
static void edge_reason(mdl_explain *ex, const bool *keep, int a, int b,
                        ll_buf *out)
{
    cat_step steps[EX_MAX_STEPS];
    for (int i = 0; i < cat_explain_n_checks(ex->cx); i++) {
        if (!keep[i])
            continue;
        int k = cat_explain_steps(ex->cx, i, a, b, steps, EX_MAX_STEPS);
        if (!k)
            continue;
        for (int j = 0; j < k && j < EX_MAX_STEPS; j++)
            ll_buf_printf(out, "%s%s%s", j ? ";" : "", steps[j].label,
                          steps[j].inverse ? "^-1" : "");
        return;
    }
}

static bool is_access(const view *v, int e)
{
    return ex_shown(v, e) && v->ev[e].e->kind != SEM_F;
}

/* The next event to place (see the top of the file), or -1. */
static int next_step(const view *v, const mdl_rel *order, const bool *done,
                     bool ordered)
{
    int n = v->n;
    for (int pass = 0; pass < 4; pass++)
        for (int e = 0; e < n; e++) {
            if (done[e] || !ex_shown(v, e))
                continue;
            sem_ev_kind k = v->ev[e].e->kind;
            if ((pass == 1 && k != SEM_R) || (pass == 2 && k != SEM_W) ||
                ((pass == 0 || pass == 3) && k != SEM_F))
                continue;
            bool ready = true;
            for (int f = 0; f < n && ready && ordered; f++)
                ready = !(mdl_rel_has(order, f, e) && !done[f] &&
                          ex_shown(v, f));
            for (int f = 0; f < e && ready && pass == 0; f++)
                ready = !(ex_shown(v, f) && !done[f] &&
                          v->ev[f].thread == v->ev[e].thread);
            if (ready)
                return e;
        }
    return -1;
}

/* `before po-earlier a, d (not ordered by the model, across b: F LWSYNC,
 * e: F ISYNC)` */
static void before_po(const view *v, int pick, const bool *done,
                      const char **sep, ll_buf *b)
{
    int first = -1;
    for (int e = 0; e < pick; e++) {
        if (!is_access(v, e) || done[e] ||
            v->ev[e].thread != v->ev[pick].thread)
            continue;
        ll_buf_puts(b, first >= 0 ? ", " : **sep ? *sep : "");
        if (first < 0) {
            ll_buf_puts(b, "before po-earlier ");
            first = e;
        }
        ex_name(v, e, b);
    }
    if (first < 0)
        return;
    ll_buf_puts(b, " (not ordered by the model");
    bool any = false;
    for (int f = first + 1; f < pick; f++)
        if (ex_shown(v, f) && v->ev[f].e->kind == SEM_F &&
            v->ev[f].thread == v->ev[pick].thread) {
            ll_buf_puts(b, any ? ", " : ", across ");
            ex_name(v, f, b);
            ll_buf_puts(b, ": ");
            ex_what(v, f, b);
            any = true;
        }
    ll_buf_puts(b, ")");
    *sep = "; ";
}

void ex_trace(mdl_explain *ex, const view *v, ll_buf *b)
{
    int n = v->n, n_checks = cat_explain_n_checks(ex->cx);
    mdl_rel order;
    mdl_rel_init(&order, n);
    bool *keep = ll_xcalloc((size_t)n_checks + 1, sizeof *keep);
    ex_model_order(ex, v, &order, keep);
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
    bool *done = ll_xcalloc((size_t)n + 1, sizeof *done);
    int k = 0, pick;
    while ((pick = next_step(v, &order, done, any)) >= 0) {
        ll_buf line = {0}, why = {0};
        ll_buf_printf(&line, "  %2d. ", ++k);
        ex_full(v, pick, &line);
        const char *sep = "";
        int from = -1;
        if (v->ev[pick].e->kind == SEM_R) {
            for (int w = 0; w < n; w++)
                if (mdl_rel_has(&v->x->rf, w, pick)) {
                    ll_buf_printf(&why, "%sreads from ", sep);
                    if (v->ev[w].e)
                        ex_full(v, w, &why);
                    else
                        ll_buf_puts(&why, "init");
                    sep = "; ";
                    from = w;
                }
        }
        if (v->ev[pick].e->kind != SEM_F)
            before_po(v, pick, done, &sep, &why);
        for (int f = 0; f < n; f++) {
            if (!ex_shown(v, f) || !done[f] || !mdl_rel_has(&order, f, pick))
                continue;
            ll_buf r = {0};
            edge_reason(ex, keep, f, pick, &r);
            /* program order, and the write just read from, need no
             * saying */
            if (r.len && strcmp(r.data, "po") &&
                !(f == from && (!strcmp(r.data, "rf") ||
                                !strcmp(r.data, "rfe")))) {
                ll_buf_printf(&why, "%safter ", sep);
                ex_name(v, f, &why);
                ll_buf_printf(&why, " (%s)", r.data);
                sep = "; ";
            }
            ll_buf_free(&r);
        }
        if (why.len)
            ll_buf_printf(b, "%-26s  %s\n", line.data, why.data);
        else
            ll_buf_printf(b, "%s\n", line.data);
        ll_buf_free(&line);
        ll_buf_free(&why);
        done[pick] = true;
    }
    free(done);
    free(keep);
    mdl_rel_free(&order);
}

void ex_put_steps(const view *v, const cat_step *s, int n, ll_buf *b)
{
    for (int k = 0; k < n && k < EX_MAX_STEPS; k++) {
        if (k == 0)
            ex_name(v, s[k].from, b);
        ll_buf_printf(b, " -%s%s-> ", s[k].label,
                      s[k].inverse ? "^-1" : "");
        ex_name(v, s[k].to, b);
    }
    if (n > EX_MAX_STEPS)
        ll_buf_puts(b, " ...");
}

/* The search's own check, for a candidate it would have cut: a cycle of
 * po-loc | rf | co | fr, each step named. */
static int coherence_cycle(const view *v, cat_step *steps)
{
    mdl_rel c;
    mdl_rel_init(&c, v->n);
    ex_coherence(v, &c);
    int *cyc = ll_xmalloc(((size_t)v->n + 2) * sizeof *cyc);
    int len = mdl_rel_cycle(&c, cyc), ns = 0;
    for (int k = 0; k + 1 < len && ns < EX_MAX_STEPS; k++) {
        int a = cyc[k], b = cyc[k + 1];
        const char *l = mdl_rel_has(&v->x->rf, a, b)   ? "rf"
                        : mdl_rel_has(&v->x->co, a, b) ? "co"
                        : mdl_rel_has(&v->x->po, a, b) ? "po-loc"
                                                      : "fr";
        steps[ns++] = (cat_step){a, b, l, false};
    }
    free(cyc);
    mdl_rel_free(&c);
    return ns;
}

/* A step whose relation is, for this pair, a single step of another
 * named relation (cumul-fence is po-rel, prop-base is ffence), down to
 * the first that is a base relation or more than one step. */
static void narrow(mdl_explain *ex, cat_step *step)
{
    cat_step down[EX_MAX_STEPS];
    for (int depth = 0; depth < 8 && !step->inverse &&
                        !ex_base_name(step->label); depth++) {
        int m = cat_explain_expand(ex->cx, step->label, step->from,
                                   step->to, down, EX_MAX_STEPS);
        if (m != 1 || down[0].inverse || !strcmp(down[0].label, "po") ||
            !strcmp(down[0].label, step->label))
            return;
        step->label = down[0].label;
    }
}

/* A step named by a relation of the model's own, one level down:
 * `where a -prop-> c is a -ffence-> c`, so that a cycle shows the fences
 * and communications it goes through. */
static void put_where(mdl_explain *ex, const view *v, const cat_step *s,
                      int n, ll_buf *b, ll_buf *d)
{
    cat_step sub[EX_MAX_STEPS];
    for (int k = 0; k < n && k < EX_MAX_STEPS; k++) {
        bool again = false;
        for (int j = 0; j < k && !again; j++)
            again = s[j].from == s[k].from && s[j].to == s[k].to &&
                    !strcmp(s[j].label, s[k].label);
        if (again || s[k].inverse || ex_base_name(s[k].label))
            continue;
        int m = cat_explain_expand(ex->cx, s[k].label, s[k].from, s[k].to,
                                   sub, EX_MAX_STEPS);
        /* prop is prop-base is ffence: down to the first name that is a
         * path, or a fence relation */
        for (int depth = 0; m == 1 && depth < 8; depth++) {
            cat_step one = sub[0], down[EX_MAX_STEPS];
            if (ex_base_name(one.label) || one.inverse)
                break;
            int m2 = cat_explain_expand(ex->cx, one.label, one.from, one.to,
                                        down, EX_MAX_STEPS);
            bool only_po = m2 >= 1;
            for (int j = 0; j < m2 && j < EX_MAX_STEPS && only_po; j++)
                only_po = !strcmp(down[j].label, "po");
            if (m2 < 1 || only_po ||
                (m2 == 1 && !strcmp(down[0].label, one.label)))
                break;
            m = m2 < EX_MAX_STEPS ? m2 : EX_MAX_STEPS;
            memcpy(sub, down, (size_t)m * sizeof *sub);
        }
        if (m < 1 || (m == 1 && (!strcmp(sub[0].label, s[k].label) ||
                                 !strcmp(sub[0].label, "po"))))
            continue;   /* nothing more to say */
        /* a step of the path that is one name in other words (LKMM's
         * cumul-fence here is po-rel): the name that says which */
        for (int j = 0; j < m && m > 1; j++)
            narrow(ex, &sub[j]);
        ll_buf_puts(b, "      where ");
        cat_step self = s[k];
        ex_put_steps(v, &self, 1, b);
        bool only_po = true;
        for (int j = 0; j < m && only_po; j++)
            only_po = !strcmp(sub[j].label, "po");
        if (only_po) {
            /* a fence relation: say which fence */
            ll_buf_puts(b, " is po across");
            for (int j = 0; j + 1 < m && j < EX_MAX_STEPS; j++) {
                ll_buf_puts(b, j ? ", " : " ");
                ex_name(v, sub[j].to, b);
                ll_buf_puts(b, ": ");
                ex_what(v, sub[j].to, b);
            }
        } else {
            ll_buf_puts(b, " is ");
            ex_put_steps(v, sub, m, b);
        }
        ll_buf_puts(b, "\n");
        if (d)
            ex_dot_steps(ex, d, sub, m, false);
    }
}

void ex_failures(mdl_explain *ex, const view *v, bool incoherent,
                 ll_buf *b, ll_buf *d)
{
    int n = v->x->n;    /* the model's events: herd7's register events too */
    cat_step steps[EX_MAX_STEPS];
    int *cyc = ll_xmalloc(((size_t)n + 2) * sizeof *cyc);
    bool named = false;
    for (int i = 0; i < cat_explain_n_checks(ex->cx); i++) {
        cat_check_info info;
        if (cat_explain_check(ex->cx, i, &info))
            continue;
        named = true;
        ll_buf_printf(b, "  rejected by %s (%s%s): ",
                      info.name ? info.name : "(unnamed)",
                      info.negated ? "~" : "", info.kind);
        mdl_rel r = {n, (n + 63) / 64, (uint64_t *)info.words};
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
                    ex_name(v, e, b);
                    first = 0;
                }
            ll_buf_puts(b, "}\n");
            continue;
        }
        if (!strcmp(info.kind, "acyclic")) {
            len = mdl_rel_cycle(&r, cyc);
            for (int k = 0; k + 1 < len; k++) {
                int got = cat_explain_steps(ex->cx, i, cyc[k], cyc[k + 1],
                                            steps + ns, EX_MAX_STEPS - ns);
                ns += got < EX_MAX_STEPS - ns ? got : EX_MAX_STEPS - ns;
            }
        } else {
            for (int a = 0; a < n && !ns; a++)
                for (int c = 0; c < n && !ns; c++)
                    if (mdl_rel_has(&r, a, c) &&
                        (a == c || strcmp(info.kind, "irreflexive")))
                        ns = cat_explain_steps(ex->cx, i, a, c, steps,
                                               EX_MAX_STEPS);
        }
        if (ns > EX_MAX_STEPS)
            ns = EX_MAX_STEPS;
        ex_put_steps(v, steps, ns, b);
        ll_buf_puts(b, "\n");
        if (d)
            ex_dot_steps(ex, d, steps, ns, true);
        put_where(ex, v, steps, ns, b, d);
        d = NULL;       /* the graph shows the first check's cycle */
    }
    if (incoherent && !named) {
        /* a model without a coherence check of its own: herd7's engine
         * (and ours) still rejects these */
        int ns = coherence_cycle(v, steps);
        if (!ns) {
            /* no such cycle: the search's other check (search.c
               aside_placed), lock.cat's co choice */
            ll_buf_puts(b, "  rejected by the search: no co order (as "
                           "lock.cat chooses it) fits what the reads "
                           "of an unlock out of co observe\n");
        } else {
            ll_buf_puts(b, "  rejected by coherence per location (the "
                           "search's po-loc | rf | co | fr acyclic): ");
            ex_put_steps(v, steps, ns, b);
            ll_buf_puts(b, "\n");
        }
        if (ns && d)
            ex_dot_steps(ex, d, steps, ns, true);
    }
    free(cyc);
}
