/* dyn.c — the cat values only an execution can give: sets of relations
 * (what `with x from S` chooses from), events and pairs as elements,
 * sets of sets, and the functions that build them (map, cross, classes,
 * linearisations, match, recursive functions). herd's published models
 * build such sets in cat (Linux's lock.cat: cross(map ... )), so the
 * compiler leaves these expressions as VAL_DYN and this file evaluates
 * them from the syntax tree, for one execution, when a binder needs its
 * elements. Sets and relations the plan computes are read from it
 * (cat_ensure_slot); everything else lives in m->dyn until the next
 * execution. Only models that choose pay for this. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

enum {
    MAX_DYN_DEPTH = 2000,     /* nested applications */
    MAX_DYN_ITEMS = 20000,    /* elements of one set of values */
    MAX_FIX_ROUNDS = 1000,    /* rounds of a let rec of relations */
};

typedef enum dv_kind {
    DV_EMPTY,   /* 0 or {}: empty, whatever its type */
    DV_SET, DV_REL, DV_EVENT, DV_PAIR, DV_TAG, DV_VSET, DV_TUPLE, DV_FUN,
    DV_PRIM,
    DV_FAIL,    /* a tuple pattern's name with no item: an error when
                   used (fun: the binding's place) */
} dv_kind;

typedef struct denv denv;

typedef struct dval {
    dv_kind kind;
    uint64_t *w;                /* SET, REL (not to be written: shared) */
    int a, b;                   /* EVENT (a), PAIR (a, b) */
    const char *name;           /* TAG */
    struct dval **items;        /* VSET, TUPLE */
    int n;
    const cat_expr *fun;        /* FUN: params and body */
    denv *env;                  /* FUN: what it sees */
    int prim;                   /* PRIM */
    struct dval *arg0;          /* PRIM: first argument (map f) */
} dval;

/* Bindings made while evaluating, then (name NULL) the compiler's. */
struct denv {
    const char *name;
    dval *v;
    denv *next;
    cat_env *cenv;
};

typedef struct dctx {
    cat_model *m;
    ll_diag *d;
    int depth;
    int n, words;               /* events, words of a set */
} dctx;

static const struct {
    const char *name;
    int prim;
} prims[] = {
    {"map", PRIM_MAP}, {"cross", PRIM_CROSS}, {"classes", PRIM_CLASSES},
    {"classes-loc", PRIM_CLASSES_LOC}, {"partition", PRIM_CLASSES_LOC},
    {"linearisations", PRIM_LINEARISATIONS},
};

int cat_dyn_prim(const char *name)
{
    for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
        if (strcmp(prims[i].name, name) == 0)
            return prims[i].prim;
    return 0;
}

/* ---- compile time: thunks and the built-in names they use ---- */

typedef struct names {
    const char **v;
    int n, cap;
    const cat_expr **seen;      /* function bodies walked */
    int n_seen, cap_seen;
} names;

static void add_name(names *s, const char *name)
{
    ll_grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v);
    s->v[s->n++] = name;
}

static bool has_name(const names *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i], name) == 0)
            return true;
    return false;
}

/* Names the expression binds itself (parameters, lets, match patterns):
 * never built-ins, whatever they look like. */
static void local_names(const cat_expr *e, names *s)
{
    if (!e)
        return;
    for (int i = 0; i < e->n_params; i++)
        add_name(s, e->params[i]);
    for (int i = 0; i < e->n_binds; i++) {
        add_name(s, e->binds[i].name);
        for (int k = 0; k < e->binds[i].n_pat; k++)
            add_name(s, e->binds[i].pat[k]);
        local_names(e->binds[i].e, s);
    }
    for (int i = 0; i < e->n_clauses; i++) {
        if (e->clauses[i].x)
            add_name(s, e->clauses[i].x);
        if (e->clauses[i].rest)
            add_name(s, e->clauses[i].rest);
        local_names(e->clauses[i].e, s);
    }
    for (int i = 0; i < e->n_items; i++)
        local_names(e->items[i], s);
    local_names(e->a, s);
    local_names(e->b, s);
}

static cat_val *find(cat_env *env, const char *name)
{
    for (cat_env *b = env; b; b = b->next)
        if (strcmp(b->name, name) == 0)
            return b->val;
    return NULL;
}

/* Compile now every built-in the expression (and the functions it
 * calls) may name: at run time nothing may be added to the plan. */
static void resolve_builtins(cat_model *m, const cat_expr *e, cat_env *env,
                             names *s)
{
    if (!e)
        return;
    if (e->kind == EX_NAME && !has_name(s, e->name)) {
        cat_val *v = find(env, e->name);
        const cat_expr *body = NULL;
        if (v && v->kind == VAL_FUN && !v->prim)
            body = v->fun;
        else if (v && v->kind == VAL_DYN)
            body = v->fun;
        for (int i = 0; body && i < s->n_seen; i++)
            if (s->seen[i] == body)
                body = NULL;
        if (body) {
            ll_grow((void **)&s->seen, &s->cap_seen, s->n_seen + 1,
                    sizeof *s->seen);
            s->seen[s->n_seen++] = body;
            local_names(body, s);
            resolve_builtins(m, body, v->closure, s);
        } else if (!v && !cat_dyn_prim(e->name)) {
            cat_val *b;
            ll_diag d = {0};
            (void)cat_builtin(m, e, e->name, &b, &d);
        }
    }
    for (int i = 0; i < e->n_binds; i++)
        resolve_builtins(m, e->binds[i].e, env, s);
    for (int i = 0; i < e->n_clauses; i++)
        resolve_builtins(m, e->clauses[i].e, env, s);
    for (int i = 0; i < e->n_items; i++)
        resolve_builtins(m, e->items[i], env, s);
    resolve_builtins(m, e->a, env, s);
    resolve_builtins(m, e->b, env, s);
}

cat_val *cat_dyn_thunk(cat_model *m, cat_expr *e, cat_env *env)
{
    names s = {0};
    local_names(e, &s);
    resolve_builtins(m, e, env, &s);
    /* classes-loc partitions by location. */
    cat_val *loc;
    ll_diag d = {0};
    (void)cat_builtin(m, e, "loc", &loc, &d);
    free(s.v);
    free(s.seen);
    cat_val *v = cat_new_val(m, VAL_DYN, -1);
    v->fun = e;
    v->closure = env;
    return v;
}

/* ---- run time: values ---- */

static dval *dv(dctx *c, dv_kind k)
{
    dval *v = cat_alloc(&c->m->dyn, sizeof *v);
    v->kind = k;
    return v;
}

static dval *new_set(dctx *c)
{
    dval *v = dv(c, DV_SET);
    v->w = cat_alloc(&c->m->dyn, sizeof *v->w * (size_t)(c->words + 1));
    return v;
}

static dval *new_rel(dctx *c)
{
    dval *v = dv(c, DV_REL);
    v->w = cat_alloc(&c->m->dyn, sizeof *v->w *
                                     ((size_t)c->n * (size_t)c->words + 1));
    return v;
}

static mdl_set as_set(const dctx *c, const dval *v)
{
    return (mdl_set){c->n, c->words, v->w};
}

static mdl_rel as_rel(const dctx *c, const dval *v)
{
    return (mdl_rel){c->n, c->words, v->w};
}

static dval *fail(dctx *c, const cat_expr *at, const char *fmt,
                  const char *what)
{
    if (!c->d->msg[0])
        ll_diag_set(cat_diag_file(c->d, at->file), at->line, at->col, fmt,
                    what);
    return NULL;
}

static const char *dv_name(dv_kind k)
{
    static const char *const names[] = {
        "the empty value", "a set", "a relation", "an event", "a pair",
        "a tag", "a set of values", "a tuple", "a function", "a function",
        "a binding mismatch"};
    return names[k];
}

static bool dv_equal(const dctx *c, const dval *x, const dval *y)
{
    if (x->kind != y->kind)
        return false;
    size_t words = x->kind == DV_REL ? (size_t)c->n * (size_t)c->words
                                     : (size_t)c->words;
    switch (x->kind) {
    case DV_EMPTY:
        return true;
    case DV_SET:
    case DV_REL:
        return memcmp(x->w, y->w, sizeof *x->w * words) == 0;
    case DV_EVENT:
        return x->a == y->a;
    case DV_PAIR:
        return x->a == y->a && x->b == y->b;
    case DV_TAG:
        return strcmp(x->name, y->name) == 0;
    case DV_VSET:
    case DV_TUPLE:
        if (x->n != y->n)
            return false;
        for (int i = 0; i < x->n; i++) {
            bool found = false;
            for (int k = 0; k < y->n && !found; k++)
                found = (x->kind == DV_VSET || k == i) &&
                        dv_equal(c, x->items[i], y->items[k]);
            if (!found)
                return false;
        }
        return true;
    default:
        return x == y;
    }
}

static bool is_empty(const dctx *c, const dval *v)
{
    if (v->kind == DV_SET || v->kind == DV_REL) {
        size_t words = v->kind == DV_REL ? (size_t)c->n * (size_t)c->words
                                         : (size_t)c->words;
        for (size_t i = 0; i < words; i++)
            if (v->w[i])
                return false;
        return true;
    }
    return v->kind == DV_EMPTY || (v->kind == DV_VSET && v->n == 0);
}

/* A set of values being built (duplicates dropped). */
typedef struct bag {
    dval **v;
    int n, cap;
} bag;

static bool bag_add(dctx *c, bag *b, dval *x, const cat_expr *at)
{
    for (int i = 0; i < b->n; i++)
        if (dv_equal(c, b->v[i], x))
            return true;
    if (b->n >= MAX_DYN_ITEMS) {
        free(b->v);
        b->v = NULL;
        fail(c, at, "a set of more than %s values", "20000");
        return false;
    }
    ll_grow((void **)&b->v, &b->cap, b->n + 1, sizeof *b->v);
    b->v[b->n++] = x;
    return true;
}

/* The bag as a set of values whatever its items (a relation or a set
 * stays one element); the bag is emptied. */
static dval *bag_vset(dctx *c, bag *b)
{
    dval *v = dv(c, DV_VSET);
    v->items = cat_alloc(&c->m->dyn, sizeof *v->items * (size_t)(b->n + 1));
    if (b->n)
        memcpy(v->items, b->v, sizeof *v->items * (size_t)b->n);
    v->n = b->n;
    free(b->v);
    b->v = NULL;
    return v;
}

/* The bag as a value: events make a set, pairs a relation, anything
 * else a set of values; none, the empty value. */
static dval *bag_value(dctx *c, bag *b)
{
    dval *r;
    bool events = b->n > 0, pairs = b->n > 0;
    for (int i = 0; i < b->n; i++) {
        events &= b->v[i]->kind == DV_EVENT;
        pairs &= b->v[i]->kind == DV_PAIR;
    }
    if (b->n == 0) {
        r = dv(c, DV_EMPTY);
    } else if (events || pairs) {
        r = events ? new_set(c) : new_rel(c);
        for (int i = 0; i < b->n; i++) {
            if (events) {
                mdl_set s = as_set(c, r);
                mdl_set_add(&s, b->v[i]->a);
            } else {
                mdl_rel x = as_rel(c, r);
                mdl_rel_add(&x, b->v[i]->a, b->v[i]->b);
            }
        }
    } else {
        return bag_vset(c, b);
    }
    free(b->v);
    b->v = NULL;
    return r;
}

/* The elements of a set-like value, in order: events, pairs, items. */
static bool elements(dctx *c, dval *s, bag *out, const cat_expr *at)
{
    out->n = 0;
    switch (s->kind) {
    case DV_EMPTY:
        return true;
    case DV_SET:
    case DV_REL: {
        /* Events, or pairs: all different, so no need to compare. */
        bool rel = s->kind == DV_REL;
        mdl_set xs = as_set(c, s);
        mdl_rel xr = as_rel(c, s);
        for (int i = 0; i < c->n; i++)
            for (int j = 0; j < (rel ? c->n : 1); j++) {
                if (rel ? !mdl_rel_has(&xr, i, j) : !mdl_set_has(&xs, i))
                    continue;
                if (out->n >= MAX_DYN_ITEMS) {
                    fail(c, at, "a set of more than %s values", "20000");
                    return false;
                }
                dval *x = dv(c, rel ? DV_PAIR : DV_EVENT);
                x->a = i;
                x->b = j;
                ll_grow((void **)&out->v, &out->cap, out->n + 1,
                        sizeof *out->v);
                out->v[out->n++] = x;
            }
        return true;
    }
    case DV_VSET:
        for (int i = 0; i < s->n; i++)
            if (!bag_add(c, out, s->items[i], at))
                return false;
        return true;
    default:
        fail(c, at, "expected a set, found %s", dv_name(s->kind));
        return false;
    }
}

/* ---- run time: evaluation ---- */

static dval *eval(dctx *c, const cat_expr *e, denv *env);

static denv *push(dctx *c, denv *env, const char *name, dval *v)
{
    denv *b = cat_alloc(&c->m->dyn, sizeof *b);
    b->name = name;
    b->v = v;
    b->next = env;
    return b;
}

static denv *compiled_env(dctx *c, cat_env *cenv)
{
    denv *b = cat_alloc(&c->m->dyn, sizeof *b);
    b->cenv = cenv;
    return b;
}

/* A compiled value as a run-time one. */
static dval *from_static(dctx *c, cat_val *v, const cat_expr *at)
{
    dval *r;
    switch (v->kind) {
    case VAL_SET:
    case VAL_REL:
        if (!cat_ensure_slot(c->m, v->slot, c->d))
            return NULL;
        r = dv(c, v->kind == VAL_SET ? DV_SET : DV_REL);
        r->w = c->m->ptr[v->slot];
        return r;
    case VAL_EMPTY:
        return dv(c, DV_EMPTY);
    case VAL_TAG:
        r = dv(c, DV_TAG);
        r->name = v->name;
        return r;
    case VAL_VSET:
    case VAL_TUPLE:
        r = dv(c, v->kind == VAL_VSET ? DV_VSET : DV_TUPLE);
        r->n = v->n_items;
        r->items = cat_alloc(&c->m->dyn,
                             sizeof *r->items * (size_t)(r->n + 1));
        for (int i = 0; i < r->n; i++)
            if (!(r->items[i] = from_static(c, v->items[i], at)))
                return NULL;
        return r;
    case VAL_FUN:
        if (v->prim) {
            r = dv(c, DV_PRIM);
            r->prim = v->prim;
            return r;
        }
        r = dv(c, DV_FUN);
        r->fun = v->fun;
        r->env = compiled_env(c, v->closure);
        return r;
    case VAL_DYN:
        return eval(c, v->fun, compiled_env(c, v->closure));
    case VAL_PROC:
        break;
    }
    return fail(c, at, "%s cannot be used here", cat_kind_name(v->kind));
}

static dval *lookup(dctx *c, const cat_expr *e, denv *env)
{
    for (denv *b = env; b; b = b->next) {
        if (b->name) {
            if (strcmp(b->name, e->name) != 0)
                continue;
            if (b->v->kind == DV_FAIL)
                return fail(c, b->v->fun, "binding mismatch%s", "");
            return b->v;
        }
        cat_val *v = find(b->cenv, e->name);
        if (v)
            return from_static(c, v, e);
        break;
    }
    cat_val *v = find(c->m->builtins, e->name);
    if (v)
        return from_static(c, v, e);
    int prim = cat_dyn_prim(e->name);
    if (prim || strcmp(e->name, "domain") == 0 ||
        strcmp(e->name, "range") == 0) {
        dval *p = dv(c, DV_PRIM);
        p->prim = prim ? prim : e->name[0] == 'd' ? PRIM_DOMAIN : PRIM_RANGE;
        return p;
    }
    return fail(c, e, "unbound name '%s'", e->name);
}

/* v as a set (rel false) or a relation: the empty value becomes one. */
static dval *coerce(dctx *c, dval *v, bool rel, const cat_expr *at)
{
    if (v->kind == (rel ? DV_REL : DV_SET))
        return v;
    if (v->kind == DV_EMPTY)
        return rel ? new_rel(c) : new_set(c);
    return fail(c, at, rel ? "expected a relation, found %s"
                           : "expected a set, found %s", dv_name(v->kind));
}

static dval *to_set(dctx *c, dval *v, const cat_expr *at)
{
    return coerce(c, v, false, at);
}

static dval *to_rel(dctx *c, dval *v, const cat_expr *at)
{
    return coerce(c, v, true, at);
}

/* A plan operation on a (and b): a new set or relation. */
static dval *op_value(dctx *c, cat_opcode op, bool rel, dval *a, dval *b)
{
    dval *r = rel ? new_rel(c) : new_set(c);
    cat_op_words(op, c->n, r->w, a->w, b ? b->w : a->w);
    return r;
}

static bool is_setlike(const dval *v)
{
    return v->kind == DV_VSET || v->kind == DV_EMPTY;
}

static dval *vset_op(dctx *c, cat_op op, dval *a, dval *b,
                     const cat_expr *at)
{
    bag ea = {0}, eb = {0}, r = {0};
    if (!elements(c, a, &ea, at) || !elements(c, b, &eb, at))
        goto fail;
    for (int i = 0; i < ea.n; i++) {
        bool in_b = false;
        for (int k = 0; k < eb.n && !in_b; k++)
            in_b = dv_equal(c, ea.v[i], eb.v[k]);
        if ((op == OP_UNION || (op == OP_INTER) == in_b) &&
            !bag_add(c, &r, ea.v[i], at))
            goto fail;
    }
    for (int i = 0; op == OP_UNION && i < eb.n; i++)
        if (!bag_add(c, &r, eb.v[i], at))
            goto fail;
    free(ea.v);
    free(eb.v);
    return bag_value(c, &r);
fail:
    free(ea.v);
    free(eb.v);
    free(r.v);
    return NULL;
}

static dval *binary(dctx *c, const cat_expr *e, dval *a, dval *b)
{
    if (e->op == OP_ADD) {
        bag r = {0};
        if (!bag_add(c, &r, a, e))
            return NULL;
        bag rest = {0};
        if (!elements(c, b, &rest, e->b)) {
            free(r.v);
            return NULL;
        }
        for (int i = 0; i < rest.n; i++)
            if (!bag_add(c, &r, rest.v[i], e)) {
                free(rest.v);
                return NULL;
            }
        free(rest.v);
        return bag_value(c, &r);
    }
    bool sets = (a->kind == DV_SET || b->kind == DV_SET);
    bool rels = (a->kind == DV_REL || b->kind == DV_REL);
    /* The operands' type: sets for a product, relations for a
     * sequence, else whatever the typed operand is (relations when
     * neither is typed). */
    bool rel = e->op == OP_SEQ || (e->op != OP_CART && (rels || !sets));
    if (e->op == OP_UNION || e->op == OP_INTER || e->op == OP_DIFF) {
        if (a->kind == DV_EMPTY && b->kind == DV_EMPTY)
            return a;
        if (is_setlike(a) && is_setlike(b) && !sets && !rels)
            return vset_op(c, e->op, a, b, e);
    }
    dval *x = coerce(c, a, rel, e->a);
    dval *y = x ? coerce(c, b, rel, e->b) : NULL;
    if (!y)
        return NULL;
    switch (e->op) {
    case OP_UNION: return op_value(c, rel ? PI_REL_UNION : PI_SET_UNION,
                                   rel, x, y);
    case OP_INTER: return op_value(c, rel ? PI_REL_INTER : PI_SET_INTER,
                                   rel, x, y);
    case OP_DIFF: return op_value(c, rel ? PI_REL_DIFF : PI_SET_DIFF, rel,
                                  x, y);
    case OP_CART: return op_value(c, PI_CART, true, x, y);
    default: return op_value(c, PI_SEQ, true, x, y);
    }
}

static dval *unary(dctx *c, const cat_expr *e, dval *a)
{
    if (e->op == OP_COMP && a->kind == DV_SET)
        return op_value(c, PI_SET_COMPL, false, a, NULL);
    if (a->kind == DV_EMPTY && (e->op == OP_PLUS || e->op == OP_INV))
        return a;
    dval *x = to_rel(c, a, e->a);
    if (!x)
        return NULL;
    cat_opcode op = e->op == OP_STAR ? PI_STAR
                    : e->op == OP_PLUS ? PI_PLUS
                    : e->op == OP_INV ? PI_INV
                    : e->op == OP_OPT ? PI_OPT : PI_REL_COMPL;
    return op_value(c, op, true, x, NULL);
}

static dval *apply(dctx *c, dval *f, dval *arg, const cat_expr *at);

/* cross({S1, S2, ...}): one element of each, unioned, every way. */
static dval *cross(dctx *c, dval *arg, const cat_expr *at)
{
    bag sets = {0}, r = {0};
    if (!elements(c, arg, &sets, at))
        return NULL;
    bag *each = calloc((size_t)sets.n + 1, sizeof *each);
    int *pick = calloc((size_t)sets.n + 1, sizeof *pick);
    bool ok = true, more = true;
    for (int i = 0; i < sets.n && ok; i++) {
        ok = elements(c, sets.v[i], &each[i], at);
        more &= each[i].n > 0;
    }
    while (ok && more) {
        dval *u = dv(c, DV_EMPTY);
        cat_expr un = *at;      /* a union, reported where cross is */
        un.kind = EX_BINARY;
        un.op = OP_UNION;
        un.a = un.b = (cat_expr *)at;
        for (int i = 0; i < sets.n && u; i++)
            u = binary(c, &un, u, each[i].v[pick[i]]);
        ok = u && bag_add(c, &r, u, at);
        int i = 0;
        while (i < sets.n && ++pick[i] == each[i].n)
            pick[i++] = 0;
        more = i < sets.n;
    }
    for (int i = 0; i < sets.n; i++)
        free(each[i].v);
    free(each);
    free(pick);
    free(sets.v);
    if (!ok) {
        free(r.v);
        return NULL;
    }
    /* Keep relations (or sets) as elements, even a single one. */
    return bag_vset(c, &r);
}

/* The classes of an equivalence r (the events it relates). */
static dval *classes(dctx *c, dval *rel, const cat_expr *at)
{
    dval *r = to_rel(c, rel, at);
    if (!r)
        return NULL;
    mdl_rel x = as_rel(c, r);
    bag out = {0};
    bool *done = calloc((size_t)c->n + 1, sizeof *done);
    for (int i = 0; i < c->n; i++) {
        if (done[i] || !mdl_rel_has(&x, i, i))
            continue;
        dval *s = new_set(c);
        mdl_set ss = as_set(c, s);
        for (int j = 0; j < c->n; j++)
            if (mdl_rel_has(&x, i, j)) {
                mdl_set_add(&ss, j);
                done[j] = true;
            }
        if (!bag_add(c, &out, s, at)) {
            free(done);
            return NULL;
        }
    }
    free(done);
    return bag_vset(c, &out);
}

/* Total orders of the events of s that contain r (restricted to s). */
static bool orders(dctx *c, const mdl_set *s, const mdl_rel *r, int *seq,
                   int len, int total, bag *out, const cat_expr *at)
{
    if (len == total) {
        dval *o = new_rel(c);
        mdl_rel ro = as_rel(c, o);
        for (int i = 0; i < total; i++)
            for (int j = i + 1; j < total; j++)
                mdl_rel_add(&ro, seq[i], seq[j]);
        return bag_add(c, out, o, at);
    }
    for (int e = 0; e < c->n; e++) {
        bool used = !mdl_set_has(s, e);
        for (int i = 0; i < len && !used; i++)
            used = seq[i] == e;
        if (used)
            continue;
        /* e may come next only if every r-predecessor in s is placed */
        bool ready = true;
        for (int p = 0; p < c->n && ready; p++) {
            if (p == e || !mdl_set_has(s, p) || !mdl_rel_has(r, p, e))
                continue;
            ready = false;
            for (int i = 0; i < len && !ready; i++)
                ready = seq[i] == p;
        }
        if (!ready)
            continue;
        seq[len] = e;
        if (!orders(c, s, r, seq, len + 1, total, out, at))
            return false;
    }
    return true;
}

static dval *linearisations(dctx *c, dval *arg, const cat_expr *at)
{
    if (arg->kind != DV_TUPLE || arg->n != 2)
        return fail(c, at, "linearisations takes (set, relation), given %s",
                    dv_name(arg->kind));
    dval *s = to_set(c, arg->items[0], at);
    dval *r = s ? to_rel(c, arg->items[1], at) : NULL;
    if (!r)
        return NULL;
    mdl_set ss = as_set(c, s);
    mdl_rel rr = as_rel(c, r);
    int total = 0;
    for (int i = 0; i < c->n; i++)
        total += mdl_set_has(&ss, i);
    int *seq = calloc((size_t)total + 1, sizeof *seq);
    bag out = {0};
    bool ok = orders(c, &ss, &rr, seq, 0, total, &out, at);
    free(seq);
    if (!ok) {
        free(out.v);
        return NULL;
    }
    return bag_vset(c, &out);
}

static dval *apply_prim(dctx *c, dval *f, dval *arg, const cat_expr *at)
{
    switch (f->prim) {
    case PRIM_DOMAIN:
    case PRIM_RANGE: {
        dval *r = to_rel(c, arg, at);
        return r ? op_value(c, f->prim == PRIM_DOMAIN ? PI_DOMAIN : PI_RANGE,
                            false, r, NULL)
                 : NULL;
    }
    case PRIM_MAP: {
        if (!f->arg0) {     /* map f: waits for the set */
            dval *p = dv(c, DV_PRIM);
            p->prim = PRIM_MAP;
            p->arg0 = arg;
            return p;
        }
        bag in = {0}, out = {0};
        if (!elements(c, arg, &in, at))
            return NULL;
        for (int i = 0; i < in.n; i++) {
            dval *y = apply(c, f->arg0, in.v[i], at);
            if (!y || !bag_add(c, &out, y, at)) {
                free(in.v);
                free(out.v);
                return NULL;
            }
        }
        free(in.v);
        return bag_value(c, &out);
    }
    case PRIM_CROSS:
        return cross(c, arg, at);
    case PRIM_CLASSES:
        return classes(c, arg, at);
    case PRIM_CLASSES_LOC: {
        dval *s = to_set(c, arg, at);
        cat_val *loc = find(c->m->builtins, "loc");
        if (!s || !loc || !cat_ensure_slot(c->m, loc->slot, c->d))
            return NULL;
        dval *r = new_rel(c);
        mdl_rel rr = as_rel(c, r);
        mdl_rel lr = {c->n, c->words, c->m->ptr[loc->slot]};
        mdl_set ss = as_set(c, s);
        for (int i = 0; i < c->n; i++)
            for (int j = 0; j < c->n; j++)
                if (mdl_set_has(&ss, i) && mdl_set_has(&ss, j) &&
                    (i == j || mdl_rel_has(&lr, i, j)))
                    mdl_rel_add(&rr, i, j);
        return classes(c, r, at);
    }
    case PRIM_LINEARISATIONS:
        return linearisations(c, arg, at);
    }
    return fail(c, at, "cannot apply this primitive%s", "");
}

/* The items of a tuple; a pair of events is herd7's tuple of two
 * events ((d,w) made one: tuple_value). NULL if v is neither. */
static dval **tuple_items(dctx *c, dval *v, int *n)
{
    if (v->kind == DV_TUPLE) {
        *n = v->n;
        return v->items;
    }
    if (v->kind != DV_PAIR)
        return NULL;
    dval **items = cat_alloc(&c->m->dyn, sizeof *items * 2);
    for (int i = 0; i < 2; i++) {
        items[i] = dv(c, DV_EVENT);
        items[i]->a = i ? v->b : v->a;
    }
    *n = 2;
    return items;
}

static bool bind_params(dctx *c, const cat_expr *fun, dval *arg, denv **env,
                        const cat_expr *at)
{
    if (fun->n_params == 1) {
        *env = push(c, *env, fun->params[0], arg);
        return true;
    }
    int given = 1;
    dval **items = tuple_items(c, arg, &given);
    if (!items || given != fun->n_params) {
        ll_diag_set(cat_diag_file(c->d, at->file), at->line, at->col,
                    "function expects %d argument%s, given %d",
                    fun->n_params, fun->n_params == 1 ? "" : "s", given);
        return false;
    }
    for (int i = 0; i < fun->n_params; i++)
        *env = push(c, *env, fun->params[i], items[i]);
    return true;
}

/* Item i of a tuple pattern of n names bound to v, as compile.c's
 * bind_pattern: extra items ignored, a value that is no tuple is the
 * first name's, a name without an item an error where used. */
static dval *pattern_item(dctx *c, const cat_bind *b, dval *v, int i)
{
    int n = 1;
    dval **items = b->n_pat == 1 ? NULL : tuple_items(c, v, &n);
    if (items && i < n)
        return items[i];
    if (!items && i == 0)
        return v;
    dval *f = dv(c, DV_FAIL);
    cat_expr *at = cat_alloc(&c->m->dyn, sizeof *at);
    *at = (cat_expr){.kind = EX_PROJ, .line = b->line, .col = b->col,
                     .file = b->e->file};
    f->fun = at;
    return f;
}

/* A let's binding: its name, or its tuple pattern's names. */
static denv *bind_let(dctx *c, const cat_bind *b, dval *v, denv *env)
{
    if (!b->pat)
        return push(c, env, b->name, v);
    for (int i = 0; i < b->n_pat; i++)
        env = push(c, env, b->pat[i], pattern_item(c, b, v, i));
    return env;
}

static dval *apply(dctx *c, dval *f, dval *arg, const cat_expr *at)
{
    if (f->kind == DV_PRIM)
        return apply_prim(c, f, arg, at);
    if (f->kind != DV_FUN)
        return fail(c, at, "%s is applied but is not a function",
                    dv_name(f->kind));
    if (c->depth >= MAX_DYN_DEPTH)
        return fail(c, at, "function applications nest too deeply%s", "");
    denv *env = f->env;
    if (!bind_params(c, f->fun, arg, &env, at))
        return NULL;
    c->depth++;
    dval *r = eval(c, f->fun->a, env);
    c->depth--;
    return r;
}

static dval *match(dctx *c, const cat_expr *e, denv *env)
{
    dval *v = eval(c, e->a, env);
    if (!v)
        return NULL;
    bag items = {0};
    if (v->kind != DV_TAG && !elements(c, v, &items, e->a))
        return NULL;
    for (int i = 0; i < e->n_clauses; i++) {
        const cat_clause *cl = &e->clauses[i];
        denv *inner = env;
        if (cl->kind == MC_TAG &&
            (v->kind != DV_TAG || strcmp(cl->tag, v->name) != 0))
            continue;
        if (cl->kind == MC_EMPTY && (v->kind == DV_TAG || items.n > 0))
            continue;
        if (cl->kind == MC_ELEM) {
            if (v->kind == DV_TAG || items.n == 0)
                continue;
            bag rest = {.v = items.v + 1, .n = items.n - 1};
            bag copy = {0};
            for (int k = 0; k < rest.n; k++)
                bag_add(c, &copy, rest.v[k], e);
            dval *r = copy.n || v->kind == DV_VSET ? bag_value(c, &copy)
                                                   : dv(c, DV_EMPTY);
            /* The rest keeps the set's type (a relation stays one). */
            if (r->kind == DV_EMPTY && v->kind == DV_VSET) {
                r = dv(c, DV_VSET);
                r->items = cat_alloc(&c->m->dyn, sizeof *r->items);
            }
            if (cl->x)
                inner = push(c, inner, cl->x, items.v[0]);
            if (cl->rest)
                inner = push(c, inner, cl->rest, r);
        }
        free(items.v);
        return eval(c, cl->e, inner);
    }
    free(items.v);
    return fail(c, e, "no clause of this match applies%s", "");
}

/* let rec: functions see each other; other values are iterated from
 * empty until they stop changing, as herd does. */
static dval *letrec(dctx *c, const cat_expr *e, denv *env)
{
    int n = e->n_binds;
    for (int i = 0; i < n; i++)
        if (e->binds[i].pat)
            return fail(c, e->binds[i].e, "a tuple pattern in 'let rec' is "
                        "not supported%s", "");
    denv *inner = env;
    denv **slots = cat_alloc(&c->m->dyn, sizeof *slots * (size_t)n);
    for (int i = 0; i < n; i++) {
        inner = push(c, inner, e->binds[i].name, dv(c, DV_EMPTY));
        slots[i] = inner;
    }
    bool funs = e->binds[0].e->kind == EX_FUN;
    for (int round = 0; round < MAX_FIX_ROUNDS; round++) {
        bool changed = false;
        dval **next = cat_alloc(&c->m->dyn, sizeof *next * (size_t)n);
        for (int i = 0; i < n; i++)
            if (!(next[i] = eval(c, e->binds[i].e, inner)))
                return NULL;
        for (int i = 0; i < n; i++) {
            if (funs) {
                next[i]->env = inner;
            } else if (dv_equal(c, slots[i]->v, next[i]) ||
                       (slots[i]->v->kind == DV_EMPTY &&
                        is_empty(c, next[i]))) {
                continue;
            }
            slots[i]->v = next[i];
            changed = true;
        }
        if (funs || !changed)
            return eval(c, e->a, inner);
    }
    return fail(c, e, "let rec does not reach a fixpoint%s", "");
}

/* (e1, e2, ...): two events make a pair, as herd7 adds (d,w) to a
 * relation (ctrl.cat's `(d,w) ++ kws k`) and compares it with the
 * relation's pairs. */
static dval *tuple_value(dctx *c, dval **items, int n)
{
    if (n == 2 && items[0]->kind == DV_EVENT && items[1]->kind == DV_EVENT) {
        dval *p = dv(c, DV_PAIR);
        p->a = items[0]->a;
        p->b = items[1]->a;
        return p;
    }
    dval *t = dv(c, DV_TUPLE);
    t->items = items;
    t->n = n;
    return t;
}

static dval *eval_body(dctx *c, const cat_expr *e, denv *env)
{
    switch (e->kind) {
    case EX_NAME:
        return lookup(c, e, env);
    case EX_EMPTY:
        return dv(c, DV_EMPTY);
    case EX_UNIV:
        return op_value(c, PI_SET_COMPL, false, new_set(c), NULL);
    case EX_TAG: {
        dval *r = dv(c, DV_TAG);
        r->name = e->name;
        return r;
    }
    case EX_BINARY: {
        dval *a = eval(c, e->a, env), *b = a ? eval(c, e->b, env) : NULL;
        return b ? binary(c, e, a, b) : NULL;
    }
    case EX_UNARY: {
        dval *a = eval(c, e->a, env);
        return a ? unary(c, e, a) : NULL;
    }
    case EX_TOID: {
        dval *a = eval(c, e->a, env);
        if (!a || a->kind == DV_EMPTY)
            return a;
        if (a->kind == DV_EVENT) {  /* [e]: herd7's ctrl.cat's succs */
            dval *one = new_set(c);
            mdl_set s1 = as_set(c, one);
            mdl_set_add(&s1, a->a);
            a = one;
        }
        dval *s = to_set(c, a, e->a);
        return s ? op_value(c, PI_TOID, true, s, NULL) : NULL;
    }
    case EX_APP: {
        dval *f = eval(c, e->a, env), *x = f ? eval(c, e->b, env) : NULL;
        return x ? apply(c, f, x, e) : NULL;
    }
    case EX_TUPLE:
    case EX_SET: {
        dval **items = cat_alloc(&c->m->dyn, sizeof *items *
                                                 (size_t)(e->n_items + 1));
        for (int i = 0; i < e->n_items; i++)
            if (!(items[i] = eval(c, e->items[i], env)))
                return NULL;
        if (e->kind == EX_TUPLE)
            return tuple_value(c, items, e->n_items);
        bag b = {0};
        for (int i = 0; i < e->n_items; i++)
            if (!bag_add(c, &b, items[i], e))
                return NULL;
        return bag_value(c, &b);
    }
    case EX_FUN: {
        dval *f = dv(c, DV_FUN);
        f->fun = e;
        f->env = env;
        return f;
    }
    case EX_LET: {
        denv *inner = env;
        for (int i = 0; i < e->n_binds; i++) {
            dval *v = eval(c, e->binds[i].e, env);
            if (!v)
                return NULL;
            inner = bind_let(c, &e->binds[i], v, inner);
        }
        return eval(c, e->a, inner);
    }
    case EX_PROJ: {
        dval *v = eval(c, e->a, env);
        cat_bind b = {.line = e->line, .col = e->col, .e = (cat_expr *)e,
                      .n_pat = 2};
        v = v ? pattern_item(c, &b, v, e->index) : NULL;
        if (v && v->kind == DV_FAIL)
            return fail(c, v->fun, "binding mismatch%s", "");
        return v;
    }
    case EX_LETREC:
        return letrec(c, e, env);
    case EX_TRY: {
        dval *v = eval(c, e->a, env);
        if (v)
            return v;
        memset(c->d, 0, sizeof *c->d);
        return eval(c, e->b, env);
    }
    case EX_IF:
        return eval(c, cat_variant_holds(c->m, e->cond) ? e->a : e->b, env);
    case EX_MATCH:
        return match(c, e, env);
    }
    return fail(c, e, "cannot evaluate this expression%s", "");
}

static dval *eval(dctx *c, const cat_expr *e, denv *env)
{
    if (c->depth >= MAX_DYN_DEPTH)
        return fail(c, e, "expression nests too deeply%s", "");
    c->depth++;
    dval *v = eval_body(c, e, env);
    c->depth--;
    return v;
}

bool cat_dyn_elems(cat_model *m, const cat_binder *b, uint64_t ***elems,
                   int *n_elems, ll_diag *d)
{
    dctx c = {m, d, 0, m->n, (m->n + 63) / 64};
    const cat_expr *at = b->src->fun;
    dval *v = eval(&c, at, compiled_env(&c, b->src->closure));
    bag items = {0};
    if (b->of_check && v) {
        ll_grow((void **)&items.v, &items.cap, 1, sizeof *items.v);
        items.v[items.n++] = v->kind == DV_SET && b->set_as_id
                                 ? op_value(&c, PI_TOID, true, v, NULL)
                                 : v;
    } else if (!v || !elements(&c, v, &items, at)) {
        return false;
    }
    bool is_rel = m->slots[b->var].is_rel;
    *elems = cat_alloc(&m->dyn, sizeof **elems * (size_t)(items.n + 1));
    *n_elems = items.n;
    for (int i = 0; i < items.n; i++) {
        dval *x = items.v[i];
        if (x->kind == DV_EMPTY)
            x = is_rel ? new_rel(&c) : new_set(&c);
        if (x->kind != (is_rel ? DV_REL : DV_SET)) {
            free(items.v);
            fail(&c, at, b->of_check ? "expected a relation, found %s"
                         : is_rel ? "the elements must be relations, found %s"
                                  : "the elements must be sets, found %s",
                 dv_name(x->kind));
            return false;
        }
        (*elems)[i] = x->w;
    }
    free(items.v);
    return true;
}
