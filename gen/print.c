/* print.c — the parts of a generated test every architecture prints the
 * same way: the header and information lines, the code table laid out
 * in columns as diy does, and the final condition. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

static const char *const loc_names[GEN_MAX_LOCS] = {
    "x", "y", "z", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
    "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w",
};

const char *gen_loc_name(int loc)
{
    return loc >= 0 && loc < GEN_MAX_LOCS ? loc_names[loc] : "?";
}

void gen_code_add(gen_code *c, int th, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (th >= c->nth)
        c->nth = th + 1;
    ll_grow((void **)&c->lines[th], &c->cap[th], c->n[th] + 1,
            sizeof(char *));
    c->lines[th][c->n[th]++] = ll_xstrdup(buf);
}

void gen_code_print(const gen_code *c, ll_buf *out)
{
    int width[GEN_MAX_THREADS], rows = 0;
    for (int t = 0; t < c->nth; t++) {
        char head[16];
        width[t] = snprintf(head, sizeof head, "P%d", t);
        for (int i = 0; i < c->n[t]; i++) {
            int w = (int)strlen(c->lines[t][i]);
            if (w > width[t])
                width[t] = w;
        }
        if (c->n[t] > rows)
            rows = c->n[t];
    }
    for (int row = -1; row < rows; row++) {
        for (int t = 0; t < c->nth; t++) {
            char head[16];
            const char *cell = "";
            if (row < 0) {
                snprintf(head, sizeof head, "P%d", t);
                cell = head;
            } else if (row < c->n[t]) {
                cell = c->lines[t][row];
            }
            ll_buf_printf(out, "%s %-*s ", t ? "|" : "", width[t], cell);
        }
        ll_buf_puts(out, ";\n");
    }
}

void gen_code_free(gen_code *c)
{
    for (int t = 0; t < c->nth; t++) {
        for (int i = 0; i < c->n[t]; i++)
            free(c->lines[t][i]);
        free(c->lines[t]);
    }
    memset(c, 0, sizeof *c);
}

static void atom(const gen_test *t, int item, int value,
                 gen_reg_name *reg_name, const void *ctx, ll_buf *out)
{
    if (item < 0) {
        ll_buf_printf(out, "%s=%d", gen_loc_name(-1 - item), value);
        return;
    }
    /* an atomic pair's load or status: the event with that register */
    gen_event e = t->ev[item % GEN_COND_LR];
    if (item >= GEN_COND_SC)
        e.reg = e.reg_sc;
    else if (item >= GEN_COND_LR)
        e.reg = e.reg_lr;
    ll_buf_printf(out, "%d:", e.thread);
    reg_name(&e, ctx, out);
    ll_buf_printf(out, "=%d", value);
}

void gen_cond_print(const gen_test *t, bool one_line, gen_reg_name *reg_name,
                    const void *ctx, ll_buf *out)
{
    if (t->oneloc) {
        /* every sequentially consistent outcome, as one disjunction */
        ll_buf_puts(out, t->forall ? "forall (" : "exists (not (");
        for (int r = 0; r < t->sc_nrows; r++) {
            if (r)
                ll_buf_puts(out, " \\/ ");
            bool multi = t->sc_nobs + t->nloc > 1 && t->sc_nrows > 1;
            if (multi)
                ll_buf_putc(out, '(');
            for (int i = 0; i < t->sc_nobs + t->nloc; i++) {
                if (i)
                    ll_buf_puts(out, " /\\ ");
                int item = i < t->sc_nobs ? t->sc_obs[i]
                                          : -1 - (i - t->sc_nobs);
                atom(t, item, t->sc_rows[r][i], reg_name, ctx, out);
            }
            if (multi)
                ll_buf_putc(out, ')');
        }
        ll_buf_puts(out, t->forall ? ")\n" : "))\n");
        return;
    }
    ll_buf_puts(out, one_line ? "exists (" : "exists\n(");
    for (int i = 0; i < t->ncond; i++) {
        if (i)
            ll_buf_puts(out, " /\\ ");
        int item = t->cond_order[i];
        int value = item < 0 ? t->final_loc[-1 - item]
                    : item >= GEN_COND_SC ? 0
                    : item >= GEN_COND_LR ? t->ev[item - GEN_COND_LR].lr_value
                    : t->ev[item].value;
        atom(t, item, value, reg_name, ctx, out);
    }
    if (t->ncond == 0)
        ll_buf_puts(out, "true");
    ll_buf_puts(out, ")\n");
}

void gen_print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    ll_buf_printf(out, "%s %s\n\"%s\"\n", a->name, t->name, t->orig);
    ll_buf_printf(out, "Cycle=%s\n", t->cycle);
    if (t->family)
        ll_buf_printf(out, "Relax=%s\nSafe=%s\n", t->relax, t->safe);
    ll_buf_puts(out, "Generator=litmuslab gen\n");
    if (t->prefetch[0])
        ll_buf_printf(out, "Prefetch=%s\n", t->prefetch);
    ll_buf_printf(out, "Com=%s\nOrig=%s\n", t->com, t->orig);
    a->print(a, t, out);
}
