/* explain_view.c — one candidate execution as `--explain` prints it:
 * its events named a, b, c... in program order (the initial writes as
 * `init x`), what each does, and the relations between them. */
#include <stdlib.h>
#include <string.h>

#include "model/explain.h"

/* Events from v->n on are herd7's register events (model/herdev.c),
 * which a model that reads them may step through: named, never shown. */
bool ex_shown(const view *v, int i)
{
    if (i >= v->n || !v->ev[i].e || v->ev[i].e->kind == SEM_B)
        return false;
    /* the write of a one-event AMO, folded into its read: in no set */
    return !((v->ev[i].e->tags & v->m->ops->one_event) &&
             v->ev[i].e->kind == SEM_W && !mdl_set_has(&v->x->W, i));
}

void ex_name(const view *v, int i, ll_buf *b)
{
    if (i >= v->n) {
        ll_buf_printf(b, "reg%d", i - v->n);
        return;
    }
    if (!v->ev[i].e) {
        ll_buf_printf(b, "init %s", v->m->syms[v->m->locs[i].sym]);
        if (v->m->locs[i].off)
            ll_buf_printf(b, "+%lld", (long long)v->m->locs[i].off);
        return;
    }
    int k = 0;
    for (int j = 0; j < i; j++)
        k += ex_shown(v, j);
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
void ex_what(const view *v, int i, ll_buf *b)
{
    if (i >= v->n) {
        ll_buf_puts(b, "register");
        return;
    }
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

void ex_full(const view *v, int i, ll_buf *b)
{
    if (i >= v->n) {
        ex_name(v, i, b);
        ll_buf_puts(b, ": register");
        return;
    }
    if (v->ev[i].thread >= 0)
        ll_buf_printf(b, "P%d: ", v->ev[i].thread);
    ex_name(v, i, b);
    if (v->ev[i].e) {
        ll_buf_puts(b, ": ");
        ex_what(v, i, b);
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
static void list_rel(const view *v, const char *name, const mdl_rel *r,
                     ll_buf *b)
{
    bool any = false;
    for (int i = 0; i < v->n; i++)
        for (int j = 0; j < v->n; j++) {
            if (!mdl_rel_has(r, i, j) || !ex_shown(v, j) ||
                (v->ev[i].e && !ex_shown(v, i)))
                continue;
            ll_buf_puts(b, any ? ", " : "");
            if (!any)
                ll_buf_printf(b, "  %-6s ", name);
            ex_name(v, i, b);
            ll_buf_puts(b, "->");
            ex_name(v, j, b);
            any = true;
        }
    if (any)
        ll_buf_puts(b, "\n");
}

/* po restricted to neighbours: its steps between shown events. */
static void direct_po(const view *v, mdl_rel *out)
{
    /* the steps of po between shown events, as herd7 draws them: the
       events of one instruction that po leaves unordered (a pair's
       halves, an atomic's read and write) each go to the next one */
    for (int i = 0; i < v->n; i++) {
        if (!ex_shown(v, i))
            continue;
        for (int j = i + 1; j < v->n; j++) {
            if (!ex_shown(v, j) || !mdl_rel_has(&v->x->po, i, j))
                continue;
            bool direct = true;
            for (int k = i + 1; k < j && direct; k++)
                direct = !(ex_shown(v, k) && mdl_rel_has(&v->x->po, i, k) &&
                           mdl_rel_has(&v->x->po, k, j));
            if (direct)
                mdl_rel_add(out, i, j);
        }
    }
}

/* herd7's fr: rf^-1; co, but an event to itself (a one-event AMO reads
 * a write co-before itself). */
static void fr_of(const view *v, mdl_rel *out)
{
    for (int r = 0; r < v->n; r++)
        for (int w = 0; w < v->n; w++)
            if (mdl_rel_has(&v->x->rf, w, r))
                for (int w2 = 0; w2 < v->n; w2++)
                    if (w2 != w && w2 != r && mdl_rel_has(&v->x->co, w, w2))
                        mdl_rel_add(out, r, w2);
}

/* co restricted to immediate successors, for drawing. */
static void direct_co(const view *v, mdl_rel *out)
{
    for (int a = 0; a < v->n; a++)
        for (int b = 0; b < v->n; b++) {
            if (!mdl_rel_has(&v->x->co, a, b))
                continue;
            bool direct = true;
            for (int c = 0; c < v->n && direct; c++)
                direct = !(mdl_rel_has(&v->x->co, a, c) &&
                           mdl_rel_has(&v->x->co, c, b));
            if (direct)
                mdl_rel_add(out, a, b);
        }
}

void ex_shown_rels(const view *v, mdl_rel own[3], shown_rel *out)
{
    for (int i = 0; i < 3; i++)
        mdl_rel_init(&own[i], v->n);
    direct_po(v, &own[0]);
    direct_co(v, &own[1]);
    fr_of(v, &own[2]);
    const shown_rel t[EX_N_SHOWN] = {
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

void ex_free_shown(mdl_rel own[3])
{
    for (int i = 0; i < 3; i++)
        mdl_rel_free(&own[i]);
}

void ex_coherence(const view *v, mdl_rel *out)
{
    mdl_rel fr;
    mdl_rel_init(&fr, v->n);
    fr_of(v, &fr);
    for (int a = 0; a < v->n; a++)
        for (int b = 0; b < v->n; b++)
            if ((mdl_rel_has(&v->x->po, a, b) &&
                 mdl_rel_has(&v->x->loc, a, b) && v->ev[a].e &&
                 v->ev[b].e && v->ev[a].e->kind != SEM_F &&
                 v->ev[b].e->kind != SEM_F && v->ev[a].e->kind != SEM_B &&
                 v->ev[b].e->kind != SEM_B) ||
                mdl_rel_has(&v->x->rf, a, b) || mdl_rel_has(&v->x->co, a, b) ||
                mdl_rel_has(&fr, a, b))
                mdl_rel_add(out, a, b);
    mdl_rel_free(&fr);
}

void ex_describe(const view *v, ll_buf *b)
{
    int last = -2;
    for (int i = 0; i < v->n; i++) {
        if (!ex_shown(v, i))
            continue;
        int t = v->ev[i].thread;
        ll_buf_printf(b, t != last ? "  P%-2d " : "      ", t);
        last = t;
        ll_buf mark = {0};
        ex_name(v, i, &mark);
        ll_buf_puts(&mark, ": ");
        ex_what(v, i, &mark);
        ll_buf_printf(b, "%-16s", ll_buf_str(&mark));
        ll_buf_free(&mark);
        ll_buf ins = {0};
        instr_text(v, i, &ins);
        if (ins.len)
            ll_buf_printf(b, "  %s", ins.data);
        ll_buf_free(&ins);
        ll_buf_puts(b, "\n");
    }
    mdl_rel own[3];
    shown_rel t[EX_N_SHOWN];
    ex_shown_rels(v, own, t);
    for (int i = 0; i < EX_N_SHOWN; i++)
        list_rel(v, t[i].name, t[i].rel, b);
    ex_free_shown(own);
}

bool ex_base_name(const char *label)
{
    static const char *const base[] = {
        "po", "rf", "co", "fr", "rfe", "rfi", "coe", "coi", "fre", "fri",
        "po-loc", "addr", "data", "ctrl", "rmw", "com",
    };
    for (size_t i = 0; i < sizeof base / sizeof *base; i++)
        if (!strcmp(label, base[i]))
            return true;
    return false;
}
