/* statements.c — a model's statements, compiled in file order: bindings,
 * checks (into the current sequence, see catint.h), include, enum,
 * procedure and call (inlined, like functions), forall over a set known
 * at compile time (unrolled), with ... from (a binder the checks after it
 * run under), if "VARIANT" (only the chosen branch), and the bell files'
 * instructions/default declarations (checked, then dropped: they tell
 * herd's front end which annotations events may carry). */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

static bool fail_at(ll_diag *d, const cat_stmt *s, const char *fmt,
                    const char *what)
{
    ll_diag_set(cat_diag_file(d, s->file), s->line, s->col, fmt, what);
    return false;
}

static void seq_add(cat_seq *q, cat_item_kind kind, int index)
{
    ll_grow((void **)&q->items, &q->cap, q->n + 1, sizeof *q->items);
    q->items[q->n++] = (cat_item){kind, index};
}

static int distinct_flags(const cat_model *m, const char *with)
{
    int n = 1;
    for (int i = 0; i < m->n_checks; i++) {
        const cat_test *c = &m->checks[i];
        if (c->use != USE_FLAG || strcmp(c->name, with) == 0)
            continue;
        bool first = true;
        for (int k = 0; k < i && first; k++)
            first = m->checks[k].use != USE_FLAG ||
                    strcmp(m->checks[k].name, c->name) != 0;
        n += first;
    }
    return n;
}

static bool push_check(cat_model *m, const cat_stmt *s, int slot,
                       ll_diag *d);
static bool add_binder(cat_model *m, cat_env **env, const cat_stmt *s,
                       cat_val *src, ll_diag *d);

/* A check over a value only dyn.c gives (a recursive function's result
 * over events: ctrl.cat's zyva): a forall over that one value, whose
 * body is the check, so it runs where binders run, with the checks
 * after the first with/forall; a model without one runs as before. */
static bool dyn_check(cat_model *m, cat_env *env, const cat_stmt *s,
                      cat_val *v, ll_diag *d)
{
    cat_stmt loop = *s;
    loop.kind = ST_FORALL;
    loop.name = " check";       /* no name a model can write */
    loop.body = NULL;
    if (!add_binder(m, &env, &loop, v, d))
        return false;
    cat_binder *b = &m->binders[m->n_binders - 1];
    b->of_check = true;
    b->set_as_id = s->check == CHK_EMPTY;
    cat_seq *outer = m->seq;
    m->seq = &b->body;
    bool ok = push_check(m, s, b->var, d);
    m->seq = outer;
    return ok;
}

static bool add_check(cat_model *m, cat_env *env, const cat_stmt *s,
                      ll_diag *d)
{
    cat_val *v;
    if (!cat_compile_expr(m, env, s->e, &v, d))
        return false;
    int slot;
    if (v->kind == VAL_DYN) {
        return dyn_check(m, env, s, v, d);
    } else if (v->kind == VAL_EMPTY) {
        slot = -1;
    } else if (s->check == CHK_EMPTY && v->kind == VAL_SET) {
        slot = v->slot;
    } else if (v->kind != VAL_REL) {
        ll_diag_set(cat_diag_file(d, s->e->file), s->e->line, s->e->col,
                    "%s needs a relation, found %s",
                    s->check == CHK_ACYCLIC ? "acyclic"
                    : s->check == CHK_IRREFLEXIVE ? "irreflexive" : "empty",
                    cat_kind_name(v->kind));
        return false;
    } else {
        slot = v->slot;
    }
    return push_check(m, s, slot, d);
}

/* The check of s over slot, into the current sequence. */
static bool push_check(cat_model *m, const cat_stmt *s, int slot,
                       ll_diag *d)
{
    /* herd names an anonymous check after its expression when it is a
     * single name; otherwise after the test. */
    const char *name = s->name ? s->name
                       : s->e->kind == EX_NAME ? s->e->name
                       : s->check == CHK_ACYCLIC ? "acyclic"
                       : s->check == CHK_IRREFLEXIVE ? "irreflexive"
                                                     : "empty";
    if (s->use == USE_FLAG && distinct_flags(m, name) > CAT_MAX_FLAGS) {
        ll_diag_set(cat_diag_file(d, s->file), s->line, s->col,
                    "more than %d different flags", CAT_MAX_FLAGS);
        return false;
    }
    ll_grow((void **)&m->checks, &m->cap_checks, m->n_checks + 1,
            sizeof *m->checks);
    cat_test *c = &m->checks[m->n_checks];
    memset(c, 0, sizeof *c);
    c->kind = s->check;
    c->negated = s->negated;
    c->use = s->use;
    c->slot = slot;
    c->name = name;
    c->file = s->file;
    c->line = s->line;
    c->col = s->col;
    seq_add(m->seq, IT_CHECK, m->n_checks++);
    return true;
}

/* herd names the events carrying tag 'once "Once": the set of a tag is
 * its name with the first letter in capitals. */
static const char *tag_set_name(cat_model *m, const char *tag)
{
    char *name = cat_strndup(&m->arena, tag, strlen(tag));
    if (name[0] >= 'a' && name[0] <= 'z')
        name[0] = (char)(name[0] - 'a' + 'A');
    return name;
}

bool cat_known_enum_tag(const cat_model *m, const char *name)
{
    for (int i = 0; i < m->n_enum_tags; i++)
        if (strcmp(m->enum_tags[i], name) == 0)
            return true;
    return false;
}

static void compile_enum(cat_model *m, cat_env **env, const cat_stmt *s)
{
    cat_val *set = cat_new_val(m, VAL_VSET, -1);
    set->items = cat_alloc(&m->arena, sizeof *set->items *
                                          (size_t)(s->n_params + 1));
    for (int i = 0; i < s->n_params; i++) {
        cat_val *t = cat_new_val(m, VAL_TAG, -1);
        t->name = s->params[i];
        set->items[set->n_items++] = t;
        const char *known = tag_set_name(m, s->params[i]);
        if (!cat_known_enum_tag(m, known)) {
            ll_grow((void **)&m->enum_tags, &m->cap_enum_tags,
                    m->n_enum_tags + 1, sizeof *m->enum_tags);
            m->enum_tags[m->n_enum_tags++] = known;
        }
    }
    *env = cat_bind_name(m, *env, s->name, set);
}

/* instructions R[{'once, 'acquire}] or R[Accesses]: tags, or sets of
 * them. */
static bool check_events(cat_model *m, cat_env *env, const cat_stmt *s,
                         ll_diag *d)
{
    for (int i = 0; i < s->n_items; i++) {
        cat_val *v;
        if (!cat_compile_expr(m, env, s->items[i], &v, d))
            return false;
        bool ok = v->kind == VAL_TAG || v->kind == VAL_EMPTY;
        for (int k = 0; v->kind == VAL_VSET && k < v->n_items; k++)
            ok = v->items[k]->kind == VAL_TAG;
        if (v->kind == VAL_VSET)
            ok = ok || v->n_items == 0;
        if (!ok) {
            const cat_expr *e = s->items[i];
            ll_diag_set(cat_diag_file(d, e->file), e->line, e->col,
                        "expected tags, found %s", cat_kind_name(v->kind));
            return false;
        }
    }
    return true;
}

/* The procedures of herd's standard library, which every model may
 * call: A within B; r total on E (every two events of E related one
 * way or the other, as herd's own definition says). */
static const char builtin_procs[] =
    "procedure subseteq(A, B) = empty A \\ B end\n"
    "procedure inclusion(r1, r2) = empty r1 \\ r2 end\n"
    "procedure total(r, E) = empty (E * E) \\ (r | r^-1) end\n";

static cat_val *lookup_in(cat_env *env, const char *name)
{
    for (cat_env *b = env; b; b = b->next)
        if (strcmp(b->name, name) == 0)
            return b->val;
    return NULL;
}

static cat_val *find_proc(cat_model *m, cat_env *env, const char *name,
                          ll_diag *d)
{
    cat_val *v = lookup_in(env, name);
    if (v || m->procs)
        return v ? v : lookup_in(m->procs, name);
    cat_file_ast ast;
    if (!cat_parse(builtin_procs, "<built-in>", &m->arena, &ast, d) ||
        !cat_compile_stmts(m, &m->procs, ast.stmts, d))
        return NULL;
    return lookup_in(m->procs, name);
}

static bool call_proc(cat_model *m, cat_env *env, const cat_stmt *s,
                      ll_diag *d)
{
    cat_val *p = find_proc(m, env, s->name, d), *arg;
    if (!p)
        return fail_at(d, s, "unbound procedure '%s'", s->name);
    if (p->kind != VAL_PROC)
        return fail_at(d, s, "'%s' is not a procedure", s->name);
    if (!cat_compile_expr(m, env, s->e, &arg, d))
        return false;
    const cat_stmt *proc = p->proc;
    cat_env *inner = p->closure;
    if (!cat_bind_params(m, s->e, proc->params, proc->n_params, arg, &inner,
                         d))
        return false;
    if (m->depth >= CAT_MAX_CALL_DEPTH)
        return fail_at(d, s, "procedure calls nest too deeply%s", "");
    m->depth++;
    /* The body's own bindings stay in the body. */
    bool ok = cat_compile_stmts(m, &inner, proc->body, d);
    m->depth--;
    return ok;
}

/* A binder's elements: a set of relations (or of sets) known now. */
static bool binder_elems(cat_model *m, const cat_stmt *s, cat_val *src,
                         cat_binder *b, bool *is_rel, ll_diag *d)
{
    const cat_expr *e = s->e;
    if (src->kind == VAL_DYN) {
        /* Known only with the execution: relations, checked then. */
        b->src = src;
        *is_rel = true;
        return true;
    }
    if (!(src->kind == VAL_VSET || src->kind == VAL_EMPTY)) {
        ll_diag_set(cat_diag_file(d, e->file), e->line, e->col,
                    "%s over %s is not supported (over a set of relations "
                    "such as {r1, r2}, or one made by map, cross...)",
                    s->kind == ST_WITH ? "'with'" : "'forall'",
                    cat_kind_name(src->kind));
        return false;
    }
    int n = src->kind == VAL_VSET ? src->n_items : 0;
    *is_rel = true;
    for (int i = 0; i < n; i++)
        if (src->items[i]->kind == VAL_SET)
            *is_rel = false;
    b->elems = cat_alloc(&m->arena, sizeof *b->elems * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        const cat_val *v = src->items[i];
        bool ok = v->kind == VAL_EMPTY ||
                  v->kind == (*is_rel ? VAL_REL : VAL_SET);
        if (!ok) {
            ll_diag_set(cat_diag_file(d, e->file), e->line, e->col,
                        "the elements must be all relations or all sets, "
                        "found %s", cat_kind_name(v->kind));
            return false;
        }
        int slot = v->kind == VAL_EMPTY ? cat_empty_slot(m, *is_rel)
                                        : v->slot;
        b->elems[b->n_elems++] = slot;
    }
    return true;
}

/* with NAME from S, and forall NAME in S when S is not known now. */
static bool add_binder(cat_model *m, cat_env **env, const cat_stmt *s,
                       cat_val *src, ll_diag *d)
{
    ll_grow((void **)&m->binders, &m->cap_binders, m->n_binders + 1,
            sizeof *m->binders);
    int bi = m->n_binders;
    cat_binder *b = &m->binders[bi];
    memset(b, 0, sizeof *b);
    bool is_rel;
    if (!binder_elems(m, s, src, b, &is_rel, d))
        return false;
    m->n_binders++;
    b->forall = s->kind == ST_FORALL;
    b->var = cat_new_slot(m, is_rel);
    m->slots[b->var].src = SRC_BOUND;
    m->slots[b->var].index = bi;
    seq_add(m->seq, b->forall ? IT_FORALL : IT_WITH, bi);
    cat_val *x = cat_new_val(m, is_rel ? VAL_REL : VAL_SET, b->var);
    if (!b->forall) {
        *env = cat_bind_name(m, *env, s->name, x);
        return true;
    }
    cat_seq *outer = m->seq;
    m->seq = &m->binders[bi].body;
    cat_env *inner = cat_bind_name(m, *env, s->name, x);
    bool ok = cat_compile_stmts(m, &inner, s->body, d);
    m->seq = outer;
    return ok;
}

static bool compile_forall(cat_model *m, cat_env **env, const cat_stmt *s,
                           ll_diag *d)
{
    cat_val *src;
    if (!cat_compile_expr(m, *env, s->e, &src, d))
        return false;
    if (src->kind != VAL_VSET && src->kind != VAL_EMPTY)
        return add_binder(m, env, s, src, d);    /* VAL_DYN, or refused */
    /* A set known now: the body once per element. */
    for (int i = 0; src->kind == VAL_VSET && i < src->n_items; i++) {
        cat_env *inner = cat_bind_name(m, *env, s->name, src->items[i]);
        if (!cat_compile_stmts(m, &inner, s->body, d))
            return false;
    }
    return true;
}

/* with co from S (herd's cos.cat and cos-opt.cat: S is every order of
 * W extending a partial one). The engine enumerates co itself, every
 * coherent order of its writes, so no element of S is chosen here: co
 * is bound to the engine's (%co, co being no built-in name, as in herd7)
 * restricted to the model's W at this point, as herd orders only those.
 * W is the engine's own but for a model that changes it first, as the
 * kernel's lock.cat does (W | LKW: lock writes in co, unlocks not). Such
 * a model, and every herd7 file that chooses co, sees lock operations as
 * herd7 makes them (cat_chooses_co); our own files (cos-opt.cat, for our
 * models) keep them as accesses. */
static bool choose_co(cat_model *m, cat_env **env, const cat_stmt *s,
                      ll_diag *d)
{
    /* %co & (W * W), in the arena: compiled values may point into it */
    cat_expr *e = cat_alloc(&m->arena, sizeof *e * 4);
    cat_expr *name_w = &e[0], *name_co = &e[1], *ww = &e[2], *both = &e[3];
    *name_w = (cat_expr){.kind = EX_NAME, .name = "W", .line = s->line,
                         .col = s->col, .file = s->file};
    *name_co = *name_w;
    name_co->name = "%co";
    *ww = *name_w;
    ww->kind = EX_BINARY;
    ww->op = OP_CART;
    ww->a = ww->b = name_w;
    *both = *ww;
    both->op = OP_INTER;
    both->a = name_co;
    both->b = ww;
    cat_val *orders, *w, *engine_w, *co;
    /* S is compiled only for its names, which herd7 requires bound
       (generate_cos without cross.cat: unbound var); never run, so
       the tags it names are no test's requirement (ncos.cat's SPEC) */
    cat_req **req = m->req;
    m->req = NULL;
    bool named = cat_compile_expr(m, *env, s->e, &orders, d);
    m->req = req;
    if (!named || !cat_compile_expr(m, *env, name_w, &w, d) ||
        !cat_builtin(m, name_w, "W", &engine_w, d))
        return false;
    /* the engine's W: its co as it is */
    bool engine = engine_w && w->kind == engine_w->kind &&
                  w->slot == engine_w->slot;
    m->binds_co = true;
    m->chooses_co |= !engine || !m->own_file;
    if (!cat_compile_expr(m, *env, engine ? name_co : both, &co, d))
        return false;
    *env = cat_bind_name(m, *env, "co", co);
    return true;
}

static bool compile_stmt(cat_model *m, cat_env **env, const cat_stmt *s,
                         ll_diag *d)
{
    switch (s->kind) {
    case ST_LET:
        return cat_compile_binds(m, *env, s->binds, s->n_binds, env, d);
    case ST_LETREC:
        return cat_compile_rec(m, *env, s->binds, s->n_binds, s->line, s->col,
                               s->file, env, d);
    case ST_CHECK:
        return add_check(m, *env, s, d);
    case ST_INCLUDE:
        return cat_include(m, s->path, s, env, d);
    case ST_ENUM:
        compile_enum(m, env, s);
        return true;
    case ST_PROC: {
        if (s->is_rec)
            return fail_at(d, s, "recursive procedures are not "
                                 "supported%s", "");
        cat_val *p = cat_new_val(m, VAL_PROC, -1);
        p->proc = s;
        p->closure = *env;
        *env = cat_bind_name(m, *env, s->name, p);
        return true;
    }
    case ST_CALL:
        return call_proc(m, *env, s, d);
    case ST_FORALL:
        return compile_forall(m, env, s, d);
    case ST_WITH: {
        if (strcmp(s->name, "co") == 0)
            return choose_co(m, env, s, d);
        cat_val *src;
        return cat_compile_expr(m, *env, s->e, &src, d) &&
               add_binder(m, env, s, src, d);
    }
    case ST_IF:
        return cat_compile_stmts(m, env, cat_variant_holds(m, s->cond)
                                             ? s->body : s->orelse, d);
    case ST_EVENTS:
        return check_events(m, *env, s, d);
    }
    return false;
}

bool cat_compile_stmts(cat_model *m, cat_env **env, const cat_stmt *list,
                       ll_diag *d)
{
    for (const cat_stmt *s = list; s; s = s->next)
        if (!compile_stmt(m, env, s, d))
            return false;
    return true;
}
