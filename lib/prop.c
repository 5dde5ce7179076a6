/* prop.c — printing conditions, locations and values in the spelling
 * herd7 uses for its `Condition` line; copying and freeing them. */
#include "reader.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void ll_value_print(const ll_value *v, ll_buf *out)
{
    if (v->is_sym)
        ll_buf_puts(out, v->sym ? v->sym : "");
    else
        ll_buf_printf(out, "%" PRId64, v->num);
}

void ll_value_print_written(const ll_value *v, ll_buf *out)
{
    if (v->text)
        ll_buf_puts(out, v->text);
    else
        ll_value_print(v, out);
}

void ll_loc_print(const ll_loc *l, bool bracketed, ll_buf *out)
{
    const char *name = l->name ? l->name : "";
    if (l->proc >= 0) {
        ll_buf_printf(out, "%d:%s", l->proc, name);
        return;
    }
    bracketed = bracketed && l->index < 0;   /* herd7: `[x]`, but `x[1]` */
    if (bracketed)
        ll_buf_putc(out, '[');
    ll_buf_puts(out, name);
    if (l->index >= 0)
        ll_buf_printf(out, "[%d]", l->index);
    if (bracketed)
        ll_buf_putc(out, ']');
}

void ll_loc_clear(ll_loc *l)
{
    free(l->name);
    free(l->spelled);
    l->name = l->spelled = NULL;
}

void ll_value_clear(ll_value *v)
{
    free(v->sym);
    v->sym = NULL;
    free(v->text);
    v->text = NULL;
}

/* herd's printer (ConstrGen.pp_prop): operands of the same operator are
 * not parenthesised, a conjunction inside a disjunction is not either,
 * every other mix is; `not` always wraps its operand. */
enum context { IN_TOP, IN_AND, IN_OR, IN_IMPLIES };

static bool needs_parens(enum context above, ll_prop_kind here)
{
    switch (above) {
    case IN_TOP:
        return false;
    case IN_AND:
        return here != LL_PROP_AND;
    case IN_OR:
        return here == LL_PROP_IMPLIES;
    case IN_IMPLIES:
        return here != LL_PROP_IMPLIES;
    }
    return false;
}

/* The leaves of a whole-array value x={7,8} (read as x[0]=7 /\ x[1]=8,
 * whole atoms): their count when p is exactly such a group starting at
 * index k, else 0. */
static int whole_group(const ll_prop *p, const char *name, int k)
{
    if (p->kind == LL_PROP_ATOM)
        return p->whole && p->loc.index == k &&
               (!name || strcmp(p->loc.name, name) == 0);
    if (p->kind != LL_PROP_AND)
        return 0;
    int a = whole_group(p->lhs, name, k);
    const ll_prop *first = p->lhs;
    while (first->kind == LL_PROP_AND)
        first = first->lhs;
    int b = a ? whole_group(p->rhs, first->loc.name, k + a) : 0;
    return a && b ? a + b : 0;
}

static void print_whole_values(const ll_prop *p, bool herd_style,
                               ll_buf *out)
{
    if (p->kind == LL_PROP_AND) {
        print_whole_values(p->lhs, herd_style, out);
        ll_buf_putc(out, ',');
        print_whole_values(p->rhs, herd_style, out);
    } else if (herd_style) {
        ll_value_print(&p->value, out);
    } else {
        ll_value_print_written(&p->value, out);
    }
}

static void print_prop(const ll_prop *p, enum context above, bool herd_style,
                       ll_buf *out)
{
    enum context here = IN_TOP;
    const char *op = "";
    if (whole_group(p, NULL, 0)) {      /* herd7's x={7,8} */
        const ll_prop *first = p;
        while (first->kind == LL_PROP_AND)
            first = first->lhs;
        ll_buf_printf(out, "%s={", first->loc.name);
        print_whole_values(p, herd_style, out);
        ll_buf_putc(out, '}');
        return;
    }
    switch (p->kind) {
    case LL_PROP_TRUE:
        ll_buf_puts(out, "true");
        return;
    case LL_PROP_FALSE:
        ll_buf_puts(out, "false");
        return;
    case LL_PROP_ATOM:
        ll_loc_print(&p->loc,
                     herd_style ? p->loc.proc < 0 && p->loc.name[0] != '%'
                                : p->bracketed,
                     out);
        ll_buf_putc(out, '=');
        if (p->place)
            ll_loc_print(p->place,
                         herd_style ? p->place->proc < 0 &&
                                      p->place->name[0] != '%'
                                    : false,
                         out);
        else if (herd_style)
            ll_value_print(&p->value, out);
        else
            ll_value_print_written(&p->value, out);
        return;
    case LL_PROP_NOT:
        ll_buf_puts(out, "not (");
        print_prop(p->lhs, IN_TOP, herd_style, out);
        ll_buf_putc(out, ')');
        return;
    case LL_PROP_AND:
        here = IN_AND;
        op = " /\\ ";
        break;
    case LL_PROP_OR:
        here = IN_OR;
        op = " \\/ ";
        break;
    case LL_PROP_IMPLIES:
        here = IN_IMPLIES;
        op = " => ";
        break;
    }
    bool parens = needs_parens(above, p->kind);
    if (parens)
        ll_buf_putc(out, '(');
    print_prop(p->lhs, here, herd_style, out);
    ll_buf_puts(out, op);
    print_prop(p->rhs, here, herd_style, out);
    if (parens)
        ll_buf_putc(out, ')');
}

void ll_prop_print_style(const ll_prop *p, bool herd_style, ll_buf *out)
{
    print_prop(p, IN_TOP, herd_style, out);
}

void ll_prop_print(const ll_prop *p, ll_buf *out)
{
    print_prop(p, IN_TOP, true, out);
}

void ll_cond_print_style(const ll_cond *c, bool herd_style, ll_buf *out)
{
    static const char *const quants[] = {"exists", "~exists", "forall"};
    ll_buf_printf(out, "%s (", quants[c->quant]);
    if (c->prop)
        print_prop(c->prop, IN_TOP, herd_style, out);
    else
        ll_buf_puts(out, "true");
    ll_buf_putc(out, ')');
}

void ll_cond_print(const ll_cond *c, ll_buf *out)
{
    ll_cond_print_style(c, true, out);
}

static void loc_copy(ll_loc *dst, const ll_loc *src)
{
    *dst = *src;
    dst->name = src->name ? ll_xstrdup(src->name) : NULL;
    dst->spelled = src->spelled ? ll_xstrdup(src->spelled) : NULL;
}

ll_prop *ll_prop_copy(const ll_prop *p)
{
    if (!p)
        return NULL;
    ll_prop *c = ll_xmalloc(sizeof *c);
    *c = *p;
    loc_copy(&c->loc, &p->loc);
    c->value.sym = p->value.sym ? ll_xstrdup(p->value.sym) : NULL;
    c->value.text = p->value.text ? ll_xstrdup(p->value.text) : NULL;
    if (p->place) {
        c->place = ll_xmalloc(sizeof *c->place);
        loc_copy(c->place, p->place);
    }
    c->lhs = ll_prop_copy(p->lhs);
    c->rhs = ll_prop_copy(p->rhs);
    return c;
}

void ll_prop_free(ll_prop *p)
{
    if (!p)
        return;
    ll_prop_free(p->lhs);
    ll_prop_free(p->rhs);
    ll_loc_clear(&p->loc);
    ll_value_clear(&p->value);
    if (p->place) {
        ll_loc_clear(p->place);
        free(p->place);
    }
    free(p);
}

void ll_prop_cut(ll_prop *p, ll_place_type_fn *type_of, const void *ctx)
{
    if (!p)
        return;
    ll_prop_cut(p->lhs, type_of, ctx);
    ll_prop_cut(p->rhs, type_of, ctx);
    ll_ctype t;
    if (p->kind == LL_PROP_ATOM && !p->place && !p->value.is_sym &&
        type_of(ctx, &p->loc, &t))
        p->value.num = ll_ctype_cut(t, p->value.num);
}
