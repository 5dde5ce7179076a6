/* compile.c — turns cat expressions into the flat evaluation plan.
 *
 * Everything a cat model computes depends only on the execution, so the
 * whole model is compiled once: names are resolved, functions are
 * inlined at each application, identical operations share one slot,
 * `let rec` becomes a fixpoint instruction over its body, and variant
 * conditions (if "NAME" then ...) pick their branch. Values known at
 * compile time (tags, explicit sets such as {'a, 'b} or {po, rf},
 * procedures) never reach the plan. cat_check then runs instructions
 * only, with no lookups and no allocation. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/cat/catint.h"

int cat_new_slot(cat_model *m, bool is_rel)
{
    ll_grow((void **)&m->slots, &m->cap_slots, m->n_slots + 1,
            sizeof *m->slots);
    cat_slot *s = &m->slots[m->n_slots];
    memset(s, 0, sizeof *s);
    s->is_rel = is_rel;
    s->src = SRC_TEMP;
    s->toid_of = -1;
    return m->n_slots++;
}

/* Emit an instruction, or reuse the slot of an identical earlier one. */
int cat_emit(cat_model *m, cat_opcode op, int a, int b, bool is_rel)
{
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op == op && in->a == a && in->b == b && op != PI_FIX)
            return in->dst;
    }
    int dst = cat_new_slot(m, is_rel);
    ll_grow((void **)&m->code, &m->cap_code, m->n_code + 1, sizeof *m->code);
    m->code[m->n_code++] = (cat_instr){.op = op, .dst = dst, .a = a, .b = b};
    return dst;
}

static int const_slot(cat_model *m, cat_const k, bool is_rel)
{
    for (int i = 0; i < m->n_slots; i++)
        if (m->slots[i].konst == k && m->slots[i].is_rel == is_rel)
            return i;
    int s = cat_new_slot(m, is_rel);
    m->slots[s].konst = k;
    return s;
}

int cat_empty_slot(cat_model *m, bool is_rel)
{
    return const_slot(m, CONST_ZERO, is_rel);
}

cat_val *cat_new_val(cat_model *m, cat_val_kind k, int slot)
{
    cat_val *v = cat_alloc(&m->arena, sizeof *v);
    v->kind = k;
    v->slot = slot;
    return v;
}

cat_env *cat_bind_name(cat_model *m, cat_env *env, const char *name,
                       cat_val *v)
{
    cat_env *e = cat_alloc(&m->arena, sizeof *e);
    e->name = name;
    e->val = v;
    e->next = env;
    return e;
}

static bool type_error(ll_diag *d, const cat_expr *e, const char *fmt,
                       const char *what)
{
    ll_diag_set(cat_diag_file(d, e->file), e->line, e->col, fmt, what);
    return false;
}

const char *cat_kind_name(cat_val_kind k)
{
    switch (k) {
    case VAL_SET: return "a set";
    case VAL_REL: return "a relation";
    case VAL_EMPTY: return "the empty relation";
    case VAL_FUN: return "a function";
    case VAL_TUPLE: return "a tuple";
    case VAL_TAG: return "a tag";
    case VAL_VSET: return "a set of values";
    case VAL_PROC: return "a procedure";
    case VAL_DYN: return "a value computed from the execution (map, cross, "
                         "match...: only a with or forall can use it)";
    }
    return "a value";
}

bool cat_variant_holds(const cat_model *m, const cat_vcond *c)
{
    switch (c->kind) {
    case VC_NAME:
        for (int i = 0; i < m->n_variants; i++)
            if (strcasecmp(m->variants[i], c->name) == 0)
                return true;
        return false;
    case VC_NOT:
        return !cat_variant_holds(m, c->a);
    case VC_OR:
        return cat_variant_holds(m, c->a) || cat_variant_holds(m, c->b);
    case VC_AND:
        return cat_variant_holds(m, c->a) && cat_variant_holds(m, c->b);
    }
    return false;
}

/* ---- values known at compile time: sets of tags, relations, ... ---- */

static bool val_equal(const cat_val *a, const cat_val *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case VAL_SET:
    case VAL_REL:
        return a->slot == b->slot;
    case VAL_EMPTY:
        return true;
    case VAL_TAG:
        return strcmp(a->name, b->name) == 0;
    case VAL_TUPLE:
    case VAL_VSET:
        if (a->n_items != b->n_items)
            return false;
        for (int i = 0; i < a->n_items; i++)
            if (!val_equal(a->items[i], b->items[i]))
                return false;
        return true;
    case VAL_FUN:
        return a->fun == b->fun && a->closure == b->closure;
    case VAL_PROC:
        return a->proc == b->proc && a->closure == b->closure;
    case VAL_DYN:
        return false;
    }
    return false;
}

static bool vset_has(const cat_val *set, const cat_val *x)
{
    for (int i = 0; i < set->n_items; i++)
        if (val_equal(set->items[i], x))
            return true;
    return false;
}

/* A new set of up to cap items (none yet). */
static cat_val *new_vset(cat_model *m, int cap)
{
    cat_val *v = cat_new_val(m, VAL_VSET, -1);
    v->items = cat_alloc(&m->arena, sizeof *v->items * (size_t)(cap + 1));
    return v;
}

static void vset_add(cat_val *set, cat_val *x)
{
    if (!vset_has(set, x))
        set->items[set->n_items++] = x;
}

static bool is_vset(const cat_val *v)
{
    return v->kind == VAL_VSET || v->kind == VAL_EMPTY;
}

/* |, & and \ on sets of values; {} (the empty value) is one of them. */
static cat_val *vset_op(cat_model *m, cat_op op, const cat_val *a,
                        const cat_val *b)
{
    int na = a->kind == VAL_VSET ? a->n_items : 0;
    int nb = b->kind == VAL_VSET ? b->n_items : 0;
    cat_val *r = new_vset(m, na + nb);
    for (int i = 0; i < na; i++) {
        bool in_b = nb && vset_has(b, a->items[i]);
        if (op == OP_UNION || (op == OP_INTER) == in_b)
            vset_add(r, a->items[i]);
    }
    for (int i = 0; op == OP_UNION && i < nb; i++)
        vset_add(r, b->items[i]);
    return r;
}

/* The slot of a value used as a relation (rel) or a set (the empty
 * value becomes the empty one), or -1 with *d set. */
static int data_slot(cat_model *m, const cat_expr *e, const cat_val *v,
                     bool rel, ll_diag *d)
{
    if (v->kind == (rel ? VAL_REL : VAL_SET))
        return v->slot;
    if (v->kind == VAL_EMPTY)
        return const_slot(m, CONST_ZERO, rel);
    type_error(d, e, rel ? "expected a relation, found %s"
                         : "expected a set, found %s",
               cat_kind_name(v->kind));
    return -1;
}

static int rel_slot(cat_model *m, const cat_expr *e, const cat_val *v,
                    ll_diag *d)
{
    return data_slot(m, e, v, true, d);
}

static int set_slot(cat_model *m, const cat_expr *e, const cat_val *v,
                    ll_diag *d)
{
    return data_slot(m, e, v, false, d);
}

static bool is_data(const cat_val *v)
{
    return v->kind == VAL_SET || v->kind == VAL_REL || v->kind == VAL_EMPTY;
}

static bool compile_union_like(cat_model *m, const cat_expr *e, cat_val *a,
                               cat_val *b, cat_val **out, ll_diag *d)
{
    if ((a->kind == VAL_VSET && is_vset(b)) ||
        (b->kind == VAL_VSET && is_vset(a))) {
        *out = vset_op(m, e->op, a, b);
        return true;
    }
    if (!is_data(a) || !is_data(b) ||
        (a->kind != VAL_EMPTY && b->kind != VAL_EMPTY && a->kind != b->kind))
        return type_error(d, e, "%s needs two sets or two relations",
                          e->op == OP_UNION ? "'|'"
                          : e->op == OP_INTER ? "'&'" : "'\\'");
    if (a->kind == VAL_EMPTY && b->kind == VAL_EMPTY) {
        *out = a;
        return true;
    }
    /* Simplify with the empty value, which takes the other side's type. */
    bool rel = (a->kind == VAL_EMPTY ? b : a)->kind == VAL_REL;
    cat_val *zero = cat_new_val(m, rel ? VAL_REL : VAL_SET,
                            const_slot(m, CONST_ZERO, rel));
    if (b->kind == VAL_EMPTY) {
        *out = e->op == OP_INTER ? zero : a;
        return true;
    }
    if (a->kind == VAL_EMPTY) {
        *out = e->op == OP_UNION ? b : zero;
        return true;
    }
    cat_opcode op = e->op == OP_UNION ? (rel ? PI_REL_UNION : PI_SET_UNION)
                    : e->op == OP_INTER ? (rel ? PI_REL_INTER : PI_SET_INTER)
                                        : (rel ? PI_REL_DIFF : PI_SET_DIFF);
    int x = a->slot, y = b->slot;
    if (x == y) {
        *out = e->op == OP_DIFF ? zero : a;
        return true;
    }
    /* Union and intersection commute: one order for sharing. */
    if (e->op != OP_DIFF && x > y) {
        int t = x;
        x = y;
        y = t;
    }
    *out = cat_new_val(m, a->kind, cat_emit(m, op, x, y, rel));
    return true;
}

static bool compile_seq(cat_model *m, const cat_expr *e, cat_val *a,
                        cat_val *b, cat_val **out, ll_diag *d)
{
    if (a->kind == VAL_EMPTY || b->kind == VAL_EMPTY) {
        if ((a->kind != VAL_EMPTY && rel_slot(m, e->a, a, d) < 0) ||
            (b->kind != VAL_EMPTY && rel_slot(m, e->b, b, d) < 0))
            return false;
        *out = cat_new_val(m, VAL_EMPTY, -1);
        return true;
    }
    int x = rel_slot(m, e->a, a, d), y;
    if (x < 0 || (y = rel_slot(m, e->b, b, d)) < 0)
        return false;
    int sx = m->slots[x].toid_of, sy = m->slots[y].toid_of;
    int r;
    if (sx >= 0 && sy >= 0) {           /* [S];[T] = [S & T] */
        int lo = sx < sy ? sx : sy, hi = sx < sy ? sy : sx;
        int st = lo == hi ? lo : cat_emit(m, PI_SET_INTER, lo, hi, false);
        r = cat_emit(m, PI_TOID, st, -1, true);
        m->slots[r].toid_of = st;
    } else if (sx >= 0) {
        r = cat_emit(m, PI_RESTRICT_DOM, sx, y, true);
    } else if (sy >= 0) {
        r = cat_emit(m, PI_RESTRICT_RNG, x, sy, true);
    } else {
        r = cat_emit(m, PI_SEQ, x, y, true);
    }
    *out = cat_new_val(m, VAL_REL, r);
    return true;
}

/* e's operands: e->a into *a, and e->b into *b unless b is NULL. */
static bool compile_operands(cat_model *m, cat_env *env, cat_expr *e,
                             cat_val **a, cat_val **b, ll_diag *d)
{
    return cat_compile_expr(m, env, e->a, a, d) &&
           (!b || cat_compile_expr(m, env, e->b, b, d));
}

/* An operand only the execution can give makes the whole expression
 * such a value: dyn.c evaluates it when a with/forall needs it. */
static bool dynamic(cat_model *m, cat_env *env, cat_expr *e,
                    const cat_val *a, const cat_val *b, cat_val **out)
{
    if ((!a || a->kind != VAL_DYN) && (!b || b->kind != VAL_DYN))
        return false;
    *out = cat_dyn_thunk(m, e, env);
    return true;
}

static bool compile_binary(cat_model *m, cat_env *env, cat_expr *e,
                           cat_val **out, ll_diag *d)
{
    cat_val *a, *b;
    if (!compile_operands(m, env, e, &a, &b, d))
        return false;
    if (dynamic(m, env, e, a, b, out))
        return true;
    switch (e->op) {
    case OP_UNION:
    case OP_INTER:
    case OP_DIFF:
        return compile_union_like(m, e, a, b, out, d);
    case OP_ADD: {
        /* e ++ S: S with one more element. */
        if (!is_vset(b))
            return type_error(d, e->b, "'++' adds to a set of values, "
                                       "found %s", cat_kind_name(b->kind));
        cat_val *r = new_vset(m, (b->kind == VAL_VSET ? b->n_items : 0) + 1);
        vset_add(r, a);
        for (int i = 0; b->kind == VAL_VSET && i < b->n_items; i++)
            vset_add(r, b->items[i]);
        *out = r;
        return true;
    }
    case OP_SEQ:
        return compile_seq(m, e, a, b, out, d);
    case OP_CART: {
        int x = set_slot(m, e->a, a, d), y;
        if (x < 0 || (y = set_slot(m, e->b, b, d)) < 0)
            return false;
        if (a->kind == VAL_EMPTY || b->kind == VAL_EMPTY)
            *out = cat_new_val(m, VAL_EMPTY, -1);
        else
            *out = cat_new_val(m, VAL_REL, cat_emit(m, PI_CART, x, y, true));
        return true;
    }
    default:
        return type_error(d, e, "internal error: bad binary operator%s", "");
    }
}

/* [S]: the identity on set a. */
static bool compile_toid(cat_model *m, cat_expr *e, cat_val *a,
                         cat_val **out, ll_diag *d)
{
    if (a->kind == VAL_EMPTY) {
        *out = a;
        return true;
    }
    int s = set_slot(m, e->a, a, d);
    if (s < 0)
        return false;
    int r = cat_emit(m, PI_TOID, s, -1, true);
    m->slots[r].toid_of = s;
    *out = cat_new_val(m, VAL_REL, r);
    return true;
}

static bool compile_unary(cat_model *m, cat_env *env, cat_expr *e,
                          cat_val **out, ll_diag *d)
{
    cat_val *a;
    if (!compile_operands(m, env, e, &a, NULL, d))
        return false;
    if (dynamic(m, env, e, a, NULL, out))
        return true;
    if (e->kind == EX_TOID)
        return compile_toid(m, e, a, out, d);
    if (e->op == OP_COMP) {
        if (a->kind == VAL_SET) {
            *out = cat_new_val(m, VAL_SET, cat_emit(m, PI_SET_COMPL, a->slot,
                                                    -1, false));
            return true;
        }
        int x = rel_slot(m, e->a, a, d);
        if (x < 0)
            return false;
        *out = cat_new_val(m, VAL_REL, cat_emit(m, PI_REL_COMPL, x, -1, true));
        return true;
    }
    int x = rel_slot(m, e->a, a, d);
    if (x < 0)
        return false;
    if (a->kind == VAL_EMPTY && (e->op == OP_PLUS || e->op == OP_INV)) {
        *out = a;
        return true;
    }
    cat_opcode op = e->op == OP_STAR ? PI_STAR
                    : e->op == OP_PLUS ? PI_PLUS
                    : e->op == OP_OPT ? PI_OPT : PI_INV;
    *out = cat_new_val(m, VAL_REL, cat_emit(m, op, x, -1, true));
    return true;
}


static bool apply_prim(cat_model *m, const cat_expr *e, int prim,
                       cat_val *arg, cat_val **out, ll_diag *d)
{
    if (arg->kind == VAL_EMPTY) {
        *out = cat_new_val(m, VAL_SET, const_slot(m, CONST_ZERO, false));
        return true;
    }
    int r = rel_slot(m, e->b, arg, d);
    if (r < 0)
        return false;
    *out = cat_new_val(m, VAL_SET, cat_emit(m, prim == PRIM_DOMAIN ? PI_DOMAIN
                                                              : PI_RANGE,
                                        r, -1, false));
    return true;
}

bool cat_bind_params(cat_model *m, const cat_expr *at, const char **params,
                     int n_params, cat_val *arg, cat_env **env, ll_diag *d)
{
    if (n_params == 1) {
        *env = cat_bind_name(m, *env, params[0], arg);
        return true;
    }
    int given = arg->kind == VAL_TUPLE ? arg->n_items : 1;
    if (given != n_params) {
        ll_diag_set(cat_diag_file(d, at->file), at->line, at->col,
                    "function expects %d argument%s, given %d",
                    n_params, n_params == 1 ? "" : "s", given);
        return false;
    }
    for (int i = 0; i < n_params; i++)
        *env = cat_bind_name(m, *env, params[i], arg->items[i]);
    return true;
}

static bool compile_app(cat_model *m, cat_env *env, cat_expr *e,
                        cat_val **out, ll_diag *d)
{
    /* deliberate likeness: compile_binary's opening, the operands
     * through compile_operands; what follows checks a function. */
    cat_val *f, *arg;
    if (!compile_operands(m, env, e, &f, &arg, d))
        return false;
    if (f->kind == VAL_PROC)
        return type_error(d, e, "%s is a procedure: use 'call'",
                          e->a->kind == EX_NAME ? e->a->name : "expression");
    if (f->kind == VAL_FUN && f->endless) {
        const cat_expr *c = f->endless;
        ll_diag_set(cat_diag_file(d, c->file), c->line, c->col,
                    "recursion without end: every path through '%s' calls "
                    "'%s' again (no match or if branch returns without a "
                    "call)", e->a->kind == EX_NAME ? e->a->name : "it",
                    c->a->name);
        return false;
    }
    /* Primitives that build sets of values, recursive functions (which
     * inlining would never finish) and their results run with the
     * execution. */
    if (f->kind == VAL_DYN || (f->kind == VAL_FUN && (f->rec ||
                                                       f->prim >= PRIM_MAP)) ||
        (f->kind == VAL_FUN && f->prim && arg->kind == VAL_DYN)) {
        *out = cat_dyn_thunk(m, e, env);
        return true;
    }
    if (f->kind != VAL_FUN)
        return type_error(d, e, "%s is applied but is not a function",
                          e->a->kind == EX_NAME ? e->a->name : "expression");
    if (f->prim)
        return apply_prim(m, e, f->prim, arg, out, d);
    const cat_expr *fun = f->fun;
    cat_env *inner = f->closure;
    if (!cat_bind_params(m, e, fun->params, fun->n_params, arg, &inner, d))
        return false;
    if (m->depth >= CAT_MAX_APPLY_DEPTH)
        return type_error(d, e, "function applications nest too deeply%s",
                          "");
    m->depth++;
    bool ok = cat_compile_expr(m, inner, fun->a, out, d);
    m->depth--;
    return ok;
}

/* herd7's "binding mismatch", at each use of a pattern's name that
 * has no item (the error of a let that failed). */
static cat_val *mismatch(cat_model *m, const cat_bind *b)
{
    ll_diag *failed = cat_alloc(&m->arena, sizeof *failed);
    ll_diag_set(cat_diag_file(failed, b->e->file), b->line, b->col,
                "binding mismatch");
    cat_val *v = cat_new_val(m, VAL_EMPTY, -1);
    v->failed = failed;
    return v;
}

/* `let (a, b) = e`: each name gets its item of e's tuple, when used,
 * as herd7 does: extra items are ignored, a name past the last item or
 * after the first of a value that is no tuple (which the first name
 * gets) is an error at its use only, and a pattern of one name takes
 * the whole value (herd7 7.58, checked). A tuple only the execution
 * gives (a recursive function's result) is left to dyn.c, one
 * projection per name. A tuple's needs (tags, tries) are its items'. */
static cat_env *bind_pattern(cat_model *m, cat_env *env, const cat_bind *b,
                             cat_val *v, cat_env *result)
{
    for (int i = 0; i < b->n_pat; i++) {
        cat_val *item = v;
        if (v->failed || b->n_pat == 1) {
            /* the whole value, or its error */
        } else if (v->kind == VAL_DYN) {
            cat_expr *proj = cat_alloc(&m->arena, sizeof *proj);
            *proj = (cat_expr){.kind = EX_PROJ, .a = b->e, .index = i,
                               .line = b->line, .col = b->col,
                               .file = b->e->file};
            item = cat_dyn_thunk(m, proj, env);
        } else if (v->kind == VAL_TUPLE && i < v->n_items) {
            item = v->items[i];
            if (v->needs) {
                cat_val *lazy = cat_new_val(m, item->kind, item->slot);
                *lazy = *item;
                lazy->needs = v->needs;
                item = lazy;
            }
        } else if (v->kind == VAL_TUPLE || i > 0) {
            item = mismatch(m, b);
        }
        result = cat_bind_name(m, result, b->pat[i], item);
    }
    return result;
}

/* Bindings of one `let ... and ...`: each right side sees only env. */
bool cat_compile_binds(cat_model *m, cat_env *env, const cat_bind *binds,
                       int n, cat_env **out, ll_diag *d)
{
    cat_env *result = env;
    for (int i = 0; i < n; i++) {
        cat_val *v;
        cat_req *needs = NULL, **outer = m->req;
        if (outer)
            m->req = &needs;
        /* what the value reads of co counts where the name is used */
        bool co_read = m->co_read;
        m->co_read = false;
        bool ok = cat_compile_expr(m, env, binds[i].e, &v, d);
        bool reads_co = m->co_read;
        m->co_read = co_read;
        m->req = outer;
        if (!ok) {
            ll_diag *failed = cat_alloc(&m->arena, sizeof *failed);
            *failed = *d;
            v = cat_new_val(m, VAL_EMPTY, -1);
            v->failed = failed;
        } else if (needs || (reads_co && !v->reads_co)) {
            cat_val *lazy = cat_new_val(m, v->kind, v->slot);
            *lazy = *v;
            lazy->needs = needs ? needs : v->needs;
            lazy->reads_co |= reads_co;
            v = lazy;
        }
        if (binds[i].pat)
            result = bind_pattern(m, env, &binds[i], v, result);
        else
            result = cat_bind_name(m, result, binds[i].name, v);
    }
    *out = result;
    return true;
}

/* let rec: a first pass with every name bound to the empty value finds
 * each binding's type; the second pass compiles the fixpoint body. */
/* Is name one of the n names? */
static bool in_names(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(name, names[i]))
            return true;
    return false;
}

/* Does a binding of these (params, binds, a match's x and rest) hide
 * one of the group's names? Then calls below it are not the group's. */
static bool hides(const char *const *group, int n, const char *name)
{
    return name && in_names(name, group, n);
}

/* A call of one of the group's functions that every evaluation of e
 * makes (its first), or NULL: on every path through e, whatever the
 * execution. A function body with one can never return. Conservative:
 * `try` (which may catch the failure) and `fun` (not evaluated) stop. */
static const cat_expr *always_calls(const cat_expr *e,
                                    const char *const *group, int n)
{
    const cat_expr *c = NULL;
    if (!e)
        return NULL;
    switch (e->kind) {
    case EX_APP:
        if (e->a->kind == EX_NAME && in_names(e->a->name, group, n))
            return e;
        c = always_calls(e->a, group, n);
        return c ? c : always_calls(e->b, group, n);
    case EX_BINARY:
        c = always_calls(e->a, group, n);
        return c ? c : always_calls(e->b, group, n);
    case EX_UNARY:
    case EX_TOID:
        return always_calls(e->a, group, n);
    case EX_TUPLE:
    case EX_SET:
        for (int i = 0; i < e->n_items && !c; i++)
            c = always_calls(e->items[i], group, n);
        return c;
    case EX_LET:
    case EX_LETREC:
        for (int i = 0; i < e->n_binds; i++) {
            for (int k = 0; k < n; k++)
                if (cat_bind_binds(&e->binds[i], group[k]))
                    return NULL;
            if ((c = always_calls(e->binds[i].e, group, n)))
                return c;
        }
        return always_calls(e->a, group, n);
    case EX_IF:
        c = always_calls(e->a, group, n);
        return c && always_calls(e->b, group, n) ? c : NULL;
    case EX_MATCH:
        if ((c = always_calls(e->a, group, n)))
            return c;
        for (int i = 0; i < e->n_clauses; i++) {
            const cat_clause *cl = &e->clauses[i];
            const cat_expr *ci = hides(group, n, cl->x) ||
                                         hides(group, n, cl->rest)
                                     ? NULL
                                     : always_calls(cl->e, group, n);
            if (!ci)
                return NULL;
            c = c ? c : ci;
        }
        return c;
    default:
        return NULL;
    }
}

/* let rec f(x) = f(x): in a group of functions each of whose bodies
 * calls one of the group on every path, none can return (herd7 loops for
 * ever). The first such call, or NULL; applying one of the group is an
 * error naming it (compile_app), and a group never applied is left be,
 * as herd7 does. */
static const cat_expr *endless_call(cat_model *m, const cat_bind *binds,
                                    int n)
{
    const char **group = cat_alloc(&m->arena, sizeof *group * (size_t)n);
    for (int i = 0; i < n; i++)
        group[i] = binds[i].name;
    const cat_expr *first = NULL;
    for (int i = 0; i < n; i++) {
        const cat_expr *fun = binds[i].e, *call = NULL;
        bool hidden = false;
        for (int k = 0; k < fun->n_params; k++)
            hidden |= hides(group, n, fun->params[k]);
        if (hidden || !(call = always_calls(fun->a, group, n)))
            return NULL;
        first = first ? first : call;
    }
    return first;
}

/* let rec f x = ... and g y = ...: closures that see each other; they
 * run with the execution (see compile_app). */
static bool rec_functions(cat_model *m, cat_env *env, const cat_bind *binds,
                          int n, int at_line, int at_col, const char *at_file,
                          cat_env **out, ll_diag *d)
{
    cat_val **fns = cat_alloc(&m->arena, sizeof *fns * (size_t)n);
    cat_env *inner = env;
    for (int i = 0; i < n; i++) {
        if (binds[i].e->kind != EX_FUN) {
            ll_diag_set(cat_diag_file(d, at_file), at_line, at_col,
                        "a 'let rec' of functions and other values is not "
                        "supported");
            return false;
        }
        fns[i] = cat_new_val(m, VAL_FUN, -1);
        fns[i]->fun = binds[i].e;
        fns[i]->rec = true;
        inner = cat_bind_name(m, inner, binds[i].name, fns[i]);
    }
    const cat_expr *endless = endless_call(m, binds, n);
    for (int i = 0; i < n; i++) {
        fns[i]->closure = inner;
        fns[i]->endless = endless;
    }
    *out = inner;
    return true;
}

bool cat_compile_rec(cat_model *m, cat_env *env, const cat_bind *binds, int n,
                     int at_line, int at_col, const char *at_file,
                     cat_env **out, ll_diag *d)
{
    for (int i = 0; i < n; i++)
        if (binds[i].pat)
            return type_error(d, binds[i].e,
                              "a tuple pattern in 'let rec' is not "
                              "supported%s", "");
    if (binds[0].e->kind == EX_FUN)
        return rec_functions(m, env, binds, n, at_line, at_col, at_file, out,
                             d);
    if (m->in_fix) {
        ll_diag_set(cat_diag_file(d, at_file), at_line, at_col,
                    "a 'let rec' inside another 'let rec' is not supported");
        return false;
    }
    /* Each binding's type, found by compiling the bodies with the names
     * bound to values of the types found so far (empty at first), until
     * nothing changes: a type may depend on another binding's. */
    cat_val_kind *kind = cat_alloc(&m->arena, sizeof *kind * (size_t)n);
    for (int i = 0; i < n; i++)
        kind[i] = VAL_EMPTY;
    for (int pass = 0, changed = 1; changed && pass <= n; pass++) {
        cat_env *dry = env;
        for (int i = 0; i < n; i++) {
            cat_val *v = kind[i] == VAL_EMPTY
                             ? cat_new_val(m, VAL_EMPTY, -1)
                             : cat_new_val(m, kind[i], cat_empty_slot(
                                                  m, kind[i] == VAL_REL));
            dry = cat_bind_name(m, dry, binds[i].name, v);
        }
        changed = 0;
        for (int i = 0; i < n; i++) {
            cat_val *v;
            if (!cat_compile_expr(m, dry, binds[i].e, &v, d))
                return false;
            if (v->kind != VAL_SET && v->kind != VAL_REL &&
                v->kind != VAL_EMPTY) {
                ll_diag_set(cat_diag_file(d, at_file), binds[i].line,
                            binds[i].col, "'let rec' of %s is not supported",
                            cat_kind_name(v->kind));
                return false;
            }
            changed |= v->kind != kind[i];
            kind[i] = v->kind;
        }
    }
    bool *is_rel = cat_alloc(&m->arena, sizeof *is_rel * (size_t)n);
    for (int i = 0; i < n; i++)
        is_rel[i] = kind[i] != VAL_SET;
    cat_instr fix = {.op = PI_FIX, .dst = -1, .a = -1, .b = -1, .n_vars = n,
                     .file = at_file, .line = at_line, .col = at_col};
    fix.vars = cat_alloc(&m->arena, sizeof *fix.vars * (size_t)n);
    fix.vals = cat_alloc(&m->arena, sizeof *fix.vals * (size_t)n);
    cat_env *inner = env;
    for (int i = 0; i < n; i++) {
        fix.vars[i] = cat_new_slot(m, is_rel[i]);
        inner = cat_bind_name(m, inner, binds[i].name,
                     cat_new_val(m, is_rel[i] ? VAL_REL : VAL_SET,
                                 fix.vars[i]));
    }
    int fix_at = m->n_code;
    ll_grow((void **)&m->code, &m->cap_code, m->n_code + 1, sizeof *m->code);
    m->code[m->n_code++] = fix;
    m->in_fix = 1;
    for (int i = 0; i < n; i++) {
        cat_val *v;
        if (!cat_compile_expr(m, inner, binds[i].e, &v, d)) {
            m->in_fix = 0;
            return false;
        }
        int s = is_rel[i] ? rel_slot(m, binds[i].e, v, d)
                          : set_slot(m, binds[i].e, v, d);
        if (s < 0) {
            m->in_fix = 0;
            return false;
        }
        m->code[fix_at].vals[i] = s;
    }
    m->in_fix = 0;
    m->code[fix_at].len = m->n_code - fix_at - 1;
    cat_fix_hoist(m, fix_at);
    *out = inner;
    return true;
}

static bool lookup(cat_model *m, cat_env *env, cat_expr *e, cat_val **out,
                   ll_diag *d)
{
    for (cat_env *b = env; b; b = b->next)
        if (strcmp(b->name, e->name) == 0) {
            *out = b->val;
            if (b->val->failed) {
                *d = *b->val->failed;
                return false;
            }
            for (const cat_req *r = b->val->needs; r; r = r->next)
                cat_need(m, r->ref, r->t, r->at);
            m->co_read |= b->val->reads_co;
            return true;
        }
    if (!cat_builtin(m, e, e->name, out, d))
        return false;
    if (*out)
        return true;
    int prim = cat_dyn_prim(e->name);
    if (prim) {
        *out = cat_new_val(m, VAL_FUN, -1);
        (*out)->prim = prim;
        return true;
    }
    ll_diag_set(cat_diag_file(d, e->file), e->line, e->col,
                "unbound name '%s'", e->name);
    return false;
}

static bool compile_expr(cat_model *m, cat_env *env, cat_expr *e,
                         cat_val **out, ll_diag *d);

/* try TAG with emptyset (Linux's lock.cat: `try RL with emptyset`): a
 * tag only the execution can lack; when the fallback is empty, its
 * absence means empty rather than an error, with no instruction (a tag
 * ref of its own: the same name outside a try stays needed). */
static bool empty_fallback(const cat_model *m, const cat_val *alt,
                           const cat_val *none)
{
    return alt->kind == VAL_EMPTY || alt->slot == none->slot ||
           (alt->kind == VAL_SET && m->slots[alt->slot].konst == CONST_ZERO);
}

/* A try's body needs only tags that are never unbound: it cannot fail. */
static bool cannot_fail(const cat_model *m, const cat_req *r)
{
    for (; r; r = r->next)
        if (r->t || !m->tag_refs[r->ref].known)
            return false;
    return true;
}

/* (a & C) | (b \ C) for the try's condition C (every event or none):
 * a when the body holds, else b. Sets and relations only, of one kind
 * (0 is either); -1 when the two cannot be chosen between so. */
static int choose(cat_model *m, const cat_try *t, const cat_val *a,
                  const cat_val *b)
{
    bool rel = a->kind == VAL_REL || b->kind == VAL_REL;
    for (int i = 0; i < 2; i++) {
        const cat_val *v = i ? b : a;
        if (v->kind != VAL_EMPTY &&
            v->kind != (rel ? VAL_REL : VAL_SET))
            return -1;
    }
    int c = cat_try_slot(m, t), pa = -1, pb = -1;
    if (rel) {
        if (a->kind != VAL_EMPTY)
            pa = cat_emit(m, PI_RESTRICT_DOM, c, a->slot, true);
        if (b->kind != VAL_EMPTY)
            pb = cat_emit(m, PI_RESTRICT_DOM,
                          cat_emit(m, PI_SET_COMPL, c, -1, false), b->slot,
                          true);
    } else {
        if (a->kind != VAL_EMPTY)
            pa = cat_emit(m, PI_SET_INTER, a->slot, c, false);
        if (b->kind != VAL_EMPTY)
            pb = cat_emit(m, PI_SET_DIFF, b->slot, c, false);
    }
    if (pa < 0 || pb < 0)
        return pa < 0 ? pb : pa;
    return cat_emit(m, rel ? PI_REL_UNION : PI_SET_UNION, pa, pb, rel);
}

/* herd7's `try e with d`: d when evaluating e fails. A name the test's
 * architecture does not declare (another one's fence) fails only when
 * the model runs, so e and d are both compiled and the run chooses, by
 * whether the tags e names are there (eval.c resolve_tags). A failure
 * found now (an unknown name, a type error) chooses d now. */
static bool compile_try(cat_model *m, cat_env *env, cat_expr *e,
                        cat_val **out, ll_diag *d)
{
    cat_try *t = cat_alloc(&m->arena, sizeof *t);
    cat_req **outer = m->req;
    m->req = &t->body;
    bool ok = cat_compile_expr(m, env, e->a, out, d);
    m->req = outer;
    /* Instructions of a failed attempt stay but are never run. */
    if (!ok)
        return cat_compile_expr(m, env, e->b, out, d);
    if (cannot_fail(m, t->body))
        return true;
    cat_val *v = *out, *alt = NULL, *none;
    if (v->kind == VAL_DYN) {
        *out = cat_dyn_thunk(m, e, env);    /* dyn.c tries it itself */
        t->no_alt = true;
    } else {
        m->req = &t->alt;
        ok = cat_compile_expr(m, env, e->b, &alt, d);   /* else d fails */
        m->req = outer;
        if (!cat_builtin(m, e, "emptyset", &none, d))
            return false;
        if (ok && e->a->kind == EX_NAME && v->kind == VAL_SET &&
            m->slots[v->slot].src == SRC_TAG && empty_fallback(m, alt, none)) {
            *out = cat_new_val(m, VAL_SET, cat_maybe_tag_slot(m, e->a,
                m->tag_refs[m->slots[v->slot].index].name));
            return true;
        }
        int s = ok ? choose(m, t, v, alt) : -1;
        if (s >= 0)
            *out = cat_new_val(m, m->slots[s].is_rel ? VAL_REL : VAL_SET, s);
        else if (!ok || alt->kind != VAL_EMPTY || v->kind != VAL_EMPTY)
            t->no_alt = true;
    }
    cat_try **end = &m->tries;      /* after the tries inside it */
    while (*end)
        end = &(*end)->next;
    *end = t;
    cat_need(m, -1, t, NULL);
    return true;
}

/* match on a tag or a set known now picks its clause now; on anything
 * else it runs with the execution. */
static bool compile_match(cat_model *m, cat_env *env, cat_expr *e,
                          cat_val **out, ll_diag *d)
{
    cat_val *v;
    if (!cat_compile_expr(m, env, e->a, &v, d))
        return false;
    if (v->kind != VAL_TAG && !is_vset(v)) {
        *out = cat_dyn_thunk(m, e, env);
        return true;
    }
    int n = v->kind == VAL_VSET ? v->n_items : 0;
    for (int i = 0; i < e->n_clauses; i++) {
        const cat_clause *c = &e->clauses[i];
        cat_env *inner = env;
        if (c->kind == MC_TAG &&
            (v->kind != VAL_TAG || strcmp(c->tag, v->name) != 0))
            continue;
        if (c->kind == MC_EMPTY && (v->kind == VAL_TAG || n > 0))
            continue;
        if (c->kind == MC_ELEM) {
            if (v->kind == VAL_TAG || n == 0)
                continue;
            cat_val *rest = new_vset(m, n - 1);
            for (int k = 1; k < n; k++)
                vset_add(rest, v->items[k]);
            if (c->x)
                inner = cat_bind_name(m, inner, c->x, v->items[0]);
            if (c->rest)
                inner = cat_bind_name(m, inner, c->rest, rest);
        }
        return cat_compile_expr(m, inner, c->e, out, d);
    }
    return type_error(d, e, "no clause of this match applies%s", "");
}

/* Long chains (a | b | c ...) recurse once per operator: bound it. */
bool cat_compile_expr(cat_model *m, cat_env *env, cat_expr *e,
                      cat_val **out, ll_diag *d)
{
    if (m->expr_depth >= CAT_MAX_EXPR_DEPTH)
        return type_error(d, e, "expression is too long or too deep%s", "");
    m->expr_depth++;
    bool ok = compile_expr(m, env, e, out, d);
    m->expr_depth--;
    return ok;
}

static bool compile_expr(cat_model *m, cat_env *env, cat_expr *e,
                         cat_val **out, ll_diag *d)
{
    switch (e->kind) {
    case EX_NAME:
        return lookup(m, env, e, out, d);
    case EX_EMPTY:
        *out = cat_new_val(m, VAL_EMPTY, -1);
        return true;
    case EX_UNIV:
        *out = cat_new_val(m, VAL_SET, const_slot(m, CONST_UNIV, false));
        return true;
    case EX_BINARY:
        return compile_binary(m, env, e, out, d);
    case EX_UNARY:
    case EX_TOID:
        return compile_unary(m, env, e, out, d);
    case EX_APP:
        return compile_app(m, env, e, out, d);
    case EX_TUPLE: {
        cat_val *t = cat_new_val(m, VAL_TUPLE, -1);
        t->n_items = e->n_items;
        t->items = cat_alloc(&m->arena,
                             sizeof *t->items * (size_t)(e->n_items + 1));
        for (int i = 0; i < e->n_items; i++)
            if (!cat_compile_expr(m, env, e->items[i], &t->items[i], d))
                return false;
        *out = t;
        return true;
    }
    case EX_FUN: {
        cat_val *f = cat_new_val(m, VAL_FUN, -1);
        f->fun = e;
        f->closure = env;
        *out = f;
        return true;
    }
    case EX_LET: {
        cat_env *inner;
        return cat_compile_binds(m, env, e->binds, e->n_binds, &inner, d) &&
               cat_compile_expr(m, inner, e->a, out, d);
    }
    case EX_LETREC: {
        cat_env *inner;
        return cat_compile_rec(m, env, e->binds, e->n_binds, e->line, e->col,
                           e->file, &inner, d) &&
               cat_compile_expr(m, inner, e->a, out, d);
    }
    case EX_TRY:
        return compile_try(m, env, e, out, d);
    case EX_MATCH:
        return compile_match(m, env, e, out, d);
    case EX_TAG:
        *out = cat_new_val(m, VAL_TAG, -1);
        (*out)->name = e->name;
        return true;
    case EX_SET: {
        cat_val *set = new_vset(m, e->n_items);
        for (int i = 0; i < e->n_items; i++) {
            cat_val *v;
            if (!cat_compile_expr(m, env, e->items[i], &v, d))
                return false;
            if (dynamic(m, env, e, v, NULL, out))
                return true;
            vset_add(set, v);
        }
        *out = set;
        return true;
    }
    case EX_PROJ: {
        /* made by bind_pattern for a tuple only dyn.c can give */
        cat_val *t;
        if (!cat_compile_expr(m, env, e->a, &t, d))
            return false;
        if (t->kind == VAL_TUPLE && e->index < t->n_items) {
            *out = t->items[e->index];
            return true;
        }
        *out = cat_dyn_thunk(m, e, env);
        return true;
    }
    case EX_IF:
        /* Only the branch the variants choose is compiled, as herd
         * evaluates only that one. */
        return cat_compile_expr(m, env, cat_variant_holds(m, e->cond) ? e->a
                                                                      : e->b,
                                out, d);
    }
    return false;
}

