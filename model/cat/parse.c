/* parse.c — cat statements and expressions, by recursive descent.
 *
 * Operator precedence follows herd's cat grammar, loosest first:
 *   |   ++ (right)   ;   \ (left)   &   then * + ? ~ and binary *
 *   (cartesian), then ^-1, then application (f x, f(x, y)).
 * A `*` is the cartesian product when an operand follows it, otherwise
 * the reflexive-transitive closure.
 *
 * Statements are herd's, bell files' included: let, let rec, checks
 * (with flag, undefined_unless, assert), include, show/unshow and debug
 * (dropped), enum, procedure/call, forall, with ... from, if "VARIANT"
 * ... else ... end, instructions/default. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

typedef struct parser {
    cat_lexer lx;
    cat_tok tok, ahead;     /* current token and the one after it */
    bool have_ahead;
    cat_arena *arena;
    const char *file;
    ll_diag *d;
    int depth;              /* expression nesting, bounded */
} parser;

/* Nesting costs stack: refuse absurd depths instead of crashing. */
static bool enter(parser *p)
{
    if (++p->depth <= CAT_MAX_NESTING)
        return true;
    ll_diag_set(cat_diag_file(p->d, p->file), p->tok.line, p->tok.col,
                "expression nests too deeply");
    return false;
}

static bool next(parser *p)
{
    if (p->have_ahead) {
        p->tok = p->ahead;
        p->have_ahead = false;
        return true;
    }
    return cat_lex_next(&p->lx, &p->tok);
}

static bool peek_ahead(parser *p, cat_tok *out)
{
    if (!p->have_ahead) {
        if (!cat_lex_next(&p->lx, &p->ahead))
            return false;
        p->have_ahead = true;
    }
    *out = p->ahead;
    return true;
}

static bool fail_here(parser *p, const char *what)
{
    const cat_tok *t = &p->tok;
    if (t->kind == TK_NAME || t->kind == TK_STRING)
        ll_diag_set(cat_diag_file(p->d, p->file), t->line, t->col, "expected %s, found '%s'",
                    what, t->text);
    else
        ll_diag_set(cat_diag_file(p->d, p->file), t->line, t->col, "expected %s, found %s",
                    what, cat_tok_describe(t->kind));
    return false;
}

static bool expect(parser *p, cat_tok_kind k)
{
    if (p->tok.kind != k)
        return fail_here(p, cat_tok_describe(k));
    return next(p);
}

static cat_expr *node(parser *p, cat_expr_kind k, const cat_tok *at)
{
    cat_expr *e = cat_alloc(p->arena, sizeof *e);
    e->kind = k;
    e->line = at->line;
    e->col = at->col;
    e->file = p->file;
    return e;
}

static cat_expr *binary(parser *p, cat_op op, const cat_tok *at,
                        cat_expr *a, cat_expr *b)
{
    cat_expr *e = node(p, EX_BINARY, at);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

static cat_expr *unary(parser *p, cat_op op, const cat_tok *at, cat_expr *a)
{
    cat_expr *e = node(p, EX_UNARY, at);
    e->op = op;
    e->a = a;
    return e;
}

static bool parse_expr(parser *p, cat_expr **out);

/* An application argument: a name or a "simple" expression. */
static bool starts_arg(cat_tok_kind k)
{
    return k == TK_NAME || k == TK_LPAR || k == TK_LBRAC || k == TK_LACC ||
           k == TK_UNDERSCORE || k == TK_ZERO || k == TK_TAG ||
           k == TK_BEGIN;
}

static bool starts_operand(cat_tok_kind k)
{
    return starts_arg(k) || k == TK_COMP;
}

static bool parse_atom(parser *p, cat_expr **out);

/* (e), (e1, e2, ...), () */
static bool parse_paren(parser *p, cat_expr **out)
{
    cat_tok at = p->tok;
    if (!next(p))
        return false;
    if (p->tok.kind == TK_RPAR) {
        *out = node(p, EX_TUPLE, &at);
        return next(p);
    }
    cat_expr *first;
    if (!parse_expr(p, &first))
        return false;
    if (p->tok.kind != TK_COMMA) {
        *out = first;
        return expect(p, TK_RPAR);
    }
    cat_expr *t = node(p, EX_TUPLE, &at);
    int cap = 0;
    ll_grow((void **)&t->items, &cap, 1, sizeof *t->items);
    t->items[t->n_items++] = first;
    while (p->tok.kind == TK_COMMA) {
        if (!next(p))
            goto fail;
        cat_expr *item;
        if (!parse_expr(p, &item))
            goto fail;
        ll_grow((void **)&t->items, &cap, t->n_items + 1, sizeof *t->items);
        t->items[t->n_items++] = item;
    }
    /* Move the item array into the arena so the tree owns everything. */
    cat_expr **items = cat_alloc(p->arena, sizeof *items * (size_t)t->n_items);
    memcpy(items, t->items, sizeof *items * (size_t)t->n_items);
    free(t->items);
    t->items = items;
    *out = t;
    return expect(p, TK_RPAR);
fail:
    free(t->items);
    t->items = NULL;
    return false;
}

/* Items of a tuple or explicit set, up to `close`; into the arena. */
static bool parse_items(parser *p, cat_tok_kind close, cat_expr ***items,
                        int *n)
{
    int cap = 0;
    cat_expr **list = NULL;
    *n = 0;
    while (p->tok.kind != close) {
        cat_expr *item;
        if (*n > 0 && !expect(p, TK_COMMA))
            goto fail;
        if (!parse_expr(p, &item))
            goto fail;
        ll_grow((void **)&list, &cap, *n + 1, sizeof *list);
        list[(*n)++] = item;
    }
    *items = cat_alloc(p->arena, sizeof *list * (size_t)(*n ? *n : 1));
    if (*n)
        memcpy(*items, list, sizeof *list * (size_t)*n);
    free(list);
    return next(p);
fail:
    free(list);
    return false;
}

/* {} is the empty value; {a, b, ...} an explicit set. */
static bool parse_set(parser *p, cat_expr **out)
{
    cat_tok at = p->tok;
    if (!next(p))
        return false;
    cat_expr *e = node(p, EX_SET, &at);
    if (!parse_items(p, TK_RACC, &e->items, &e->n_items))
        return false;
    if (e->n_items == 0)
        e->kind = EX_EMPTY;
    *out = e;
    return true;
}

static bool parse_simple(parser *p, cat_expr **out)
{
    cat_tok at = p->tok;
    switch (at.kind) {
    case TK_NAME:
        *out = node(p, EX_NAME, &at);
        (*out)->name = at.text;
        return next(p);
    case TK_ZERO:
        *out = node(p, EX_EMPTY, &at);
        return next(p);
    case TK_UNDERSCORE:
        *out = node(p, EX_UNIV, &at);
        return next(p);
    case TK_LPAR:
        return parse_paren(p, out);
    case TK_LBRAC: {
        cat_expr *inner;
        if (!next(p) || !parse_expr(p, &inner))
            return false;
        *out = node(p, EX_TOID, &at);
        (*out)->a = inner;
        return expect(p, TK_RBRAC);
    }
    case TK_TAG:
        *out = node(p, EX_TAG, &at);
        (*out)->name = at.text;
        return next(p);
    case TK_LACC:
        return parse_set(p, out);
    case TK_BEGIN: {
        if (!next(p) || !parse_expr(p, out))
            return false;
        return expect(p, TK_END);
    }
    default:
        return fail_here(p, "an expression");
    }
}

/* NAME arg arg ... | simple */
static bool parse_atom(parser *p, cat_expr **out)
{
    bool is_name = p->tok.kind == TK_NAME;
    if (!parse_simple(p, out))
        return false;
    if (!is_name)
        return true;
    while (starts_arg(p->tok.kind)) {
        cat_tok at = p->tok;
        cat_expr *arg;
        if (!parse_simple(p, &arg))
            return false;
        cat_expr *app = node(p, EX_APP, &at);
        app->line = (*out)->line;
        app->col = (*out)->col;
        app->a = *out;
        app->b = arg;
        *out = app;
    }
    return true;
}

static bool parse_hat(parser *p, cat_expr **out)
{
    if (!parse_atom(p, out))
        return false;
    while (p->tok.kind == TK_INV) {
        *out = unary(p, OP_INV, &p->tok, *out);
        if (!next(p))
            return false;
    }
    return true;
}

static bool parse_prefix(parser *p, cat_expr **out)
{
    if (p->tok.kind == TK_COMP) {
        cat_tok at = p->tok;
        cat_expr *a;
        if (!enter(p) || !next(p) || !parse_prefix(p, &a))
            return false;
        p->depth--;
        *out = unary(p, OP_COMP, &at, a);
        return true;
    }
    return parse_hat(p, out);
}

static bool parse_postfix(parser *p, cat_expr **out)
{
    if (!parse_prefix(p, out))
        return false;
    for (;;) {
        cat_tok at = p->tok;
        cat_op op;
        if (at.kind == TK_STAR) {
            cat_tok after;
            if (!peek_ahead(p, &after))
                return false;
            if (starts_operand(after.kind)) {
                cat_expr *b;
                if (!next(p) || !parse_prefix(p, &b))
                    return false;
                *out = binary(p, OP_CART, &at, *out, b);
                continue;
            }
            op = OP_STAR;
        } else if (at.kind == TK_PLUS) {
            op = OP_PLUS;
        } else if (at.kind == TK_OPT) {
            op = OP_OPT;
        } else {
            return true;
        }
        *out = unary(p, op, &at, *out);
        if (!next(p))
            return false;
    }
}

/* The binary operators, loosest first; below them come the postfix and
 * prefix operators. Union, sequence and intersection are associative,
 * so only difference cares that it groups to the left. */
static const struct {
    cat_tok_kind tok;
    cat_op op;
} levels[] = {
    {TK_UNION, OP_UNION}, {TK_PLUSPLUS, OP_ADD}, {TK_SEMI, OP_SEQ},
    {TK_DIFF, OP_DIFF}, {TK_INTER, OP_INTER},
};
enum { N_LEVELS = sizeof levels / sizeof levels[0] };

static bool parse_level(parser *p, int level, cat_expr **out)
{
    if (level == N_LEVELS)
        return parse_postfix(p, out);
    if (!parse_level(p, level + 1, out))
        return false;
    /* e ++ S adds an element to a set: it groups to the right. */
    if (levels[level].op == OP_ADD && p->tok.kind == TK_PLUSPLUS) {
        cat_tok at = p->tok;
        cat_expr *b;
        if (!enter(p) || !next(p) || !parse_level(p, level, &b))
            return false;
        p->depth--;
        *out = binary(p, OP_ADD, &at, *out, b);
        return true;
    }
    while (p->tok.kind == levels[level].tok) {
        cat_tok at = p->tok;
        cat_expr *b;
        if (!next(p) || !parse_level(p, level + 1, &b))
            return false;
        *out = binary(p, levels[level].op, &at, *out, b);
    }
    return true;
}

/* NAME, or NAME(params), or NAME param: the left side of a binding. */
static bool parse_params(parser *p, const char ***params, int *n)
{
    int cap = 0;
    const char **list = NULL;
    *n = 0;
    if (p->tok.kind == TK_NAME) {
        ll_grow((void **)&list, &cap, 1, sizeof *list);
        list[(*n)++] = p->tok.text;
        if (!next(p))
            goto fail;
    } else {
        if (!expect(p, TK_LPAR))
            goto fail;
        while (p->tok.kind == TK_NAME) {
            ll_grow((void **)&list, &cap, *n + 1, sizeof *list);
            list[(*n)++] = p->tok.text;
            if (!next(p))
                goto fail;
            if (p->tok.kind != TK_COMMA)
                break;
            if (!next(p))
                goto fail;
        }
        if (!expect(p, TK_RPAR))
            goto fail;
    }
    *params = cat_alloc(p->arena, sizeof **params * (size_t)(*n ? *n : 1));
    if (*n)
        memcpy(*params, list, sizeof *list * (size_t)*n);
    free(list);
    return true;
fail:
    free(list);
    return false;
}

static bool parse_fun_body(parser *p, const cat_tok *at, const char **params,
                           int n_params, cat_tok_kind sep, cat_expr **out)
{
    if (!expect(p, sep))
        return false;
    cat_expr *body;
    if (!parse_expr(p, &body))
        return false;
    cat_expr *f = node(p, EX_FUN, at);
    f->params = params;
    f->n_params = n_params;
    f->a = body;
    *out = f;
    return true;
}

bool cat_bind_binds(const cat_bind *b, const char *name)
{
    if (!b->pat)
        return strcmp(b->name, name) == 0;
    for (int i = 0; i < b->n_pat; i++)
        if (strcmp(b->pat[i], name) == 0)
            return true;
    return false;
}

/* herd7's `let (a, b) = e`: e's value is a tuple, its items named in
 * order (cat_compile_binds, dyn.c). The binding's name is the
 * pattern's text, which no use can name. */
static bool parse_tuple_bind(parser *p, cat_bind *b)
{
    if (!parse_params(p, &b->pat, &b->n_pat))
        return false;
    size_t len = 3;
    for (int i = 0; i < b->n_pat; i++)
        len += strlen(b->pat[i]) + 1;
    char *text = cat_alloc(p->arena, len);
    strcpy(text, "(");
    for (int i = 0; i < b->n_pat; i++) {
        if (i)
            strcat(text, ",");
        strcat(text, b->pat[i]);
    }
    strcat(text, ")");
    b->name = text;
    return expect(p, TK_EQUAL) && parse_expr(p, &b->e);
}

static bool parse_bind(parser *p, cat_bind *b)
{
    b->line = p->tok.line;
    b->col = p->tok.col;
    if (p->tok.kind == TK_LPAR)
        return parse_tuple_bind(p, b);
    if (p->tok.kind != TK_NAME)
        return fail_here(p, "a name to bind");
    cat_tok at = p->tok;
    b->name = at.text;
    b->line = at.line;
    b->col = at.col;
    if (!next(p))
        return false;
    if (p->tok.kind == TK_EQUAL)
        return next(p) && parse_expr(p, &b->e);
    const char **params;
    int n;
    if (!parse_params(p, &params, &n))
        return false;
    return parse_fun_body(p, &at, params, n, TK_EQUAL, &b->e);
}

static bool parse_binds(parser *p, cat_bind **binds, int *n)
{
    int cap = 0;
    cat_bind *list = NULL;
    *n = 0;
    bool more = true;
    while (more) {
        ll_grow((void **)&list, &cap, *n + 1, sizeof *list);
        memset(&list[*n], 0, sizeof *list);
        bool ok = parse_bind(p, &list[(*n)++]);
        more = ok && p->tok.kind == TK_AND;
        if (!ok || (more && !next(p))) {
            free(list);
            return false;
        }
    }
    *binds = cat_alloc(p->arena, sizeof *list * (size_t)*n);
    memcpy(*binds, list, sizeof *list * (size_t)*n);
    free(list);
    return true;
}

/* let [rec] b1 and b2 ... (the current token is `let`) */
static bool parse_let(parser *p, bool *rec, cat_bind **binds, int *n)
{
    if (!next(p))
        return false;
    *rec = p->tok.kind == TK_REC;
    if (*rec && !next(p))
        return false;
    return parse_binds(p, binds, n);
}

static bool parse_expr_body(parser *p, cat_expr **out);

/* Variant conditions, loosest first: ||, &&, not, "NAME" and (c). */
static bool parse_vc_or(parser *p, cat_vcond **out);

static cat_vcond *vcond(parser *p, cat_vc_kind k, cat_vcond *a,
                        cat_vcond *b)
{
    cat_vcond *c = cat_alloc(p->arena, sizeof *c);
    c->kind = k;
    c->a = a;
    c->b = b;
    return c;
}

static bool parse_vc_atom(parser *p, cat_vcond **out)
{
    if (!enter(p))
        return false;
    bool ok;
    if (p->tok.kind == TK_NOT) {
        cat_vcond *a;
        ok = next(p) && parse_vc_atom(p, &a);
        if (ok)
            *out = vcond(p, VC_NOT, a, NULL);
    } else if (p->tok.kind == TK_STRING) {
        *out = vcond(p, VC_NAME, NULL, NULL);
        (*out)->name = p->tok.text;
        ok = next(p);
    } else if (p->tok.kind == TK_LPAR) {
        ok = next(p) && parse_vc_or(p, out) && expect(p, TK_RPAR);
    } else {
        ok = fail_here(p, "a variant name in quotes (only variant "
                          "conditions are supported)");
    }
    p->depth--;
    return ok;
}

/* sub (tok sub)*, grouped to the left as k: one loop for || and &&. */
static bool parse_vc_join(parser *p, cat_vcond **out, cat_tok_kind tok,
                          cat_vc_kind k,
                          bool (*sub)(parser *, cat_vcond **))
{
    if (!sub(p, out))
        return false;
    while (p->tok.kind == tok) {
        cat_vcond *b;
        if (!next(p) || !sub(p, &b))
            return false;
        *out = vcond(p, k, *out, b);
    }
    return true;
}

static bool parse_vc_and(parser *p, cat_vcond **out)
{
    return parse_vc_join(p, out, TK_ANDAND, VC_AND, parse_vc_atom);
}

static bool parse_vc_or(parser *p, cat_vcond **out)
{
    return parse_vc_join(p, out, TK_ALT, VC_OR, parse_vc_and);
}

/* A match pattern's name, or _ (NULL). */
static bool parse_pat(parser *p, const char **name)
{
    if (p->tok.kind == TK_UNDERSCORE) {
        *name = NULL;
        return next(p);
    }
    if (p->tok.kind != TK_NAME)
        return fail_here(p, "a name or '_'");
    *name = p->tok.text;
    return next(p);
}

static bool parse_clause(parser *p, cat_clause *c)
{
    memset(c, 0, sizeof *c);
    switch (p->tok.kind) {
    case TK_LACC:
        c->kind = MC_EMPTY;
        if (!next(p) || !expect(p, TK_RACC))
            return false;
        break;
    case TK_TAG:
        c->kind = MC_TAG;
        c->tag = p->tok.text;
        if (!next(p))
            return false;
        break;
    case TK_UNDERSCORE:
    case TK_NAME: {
        const char *first;
        if (!parse_pat(p, &first))
            return false;
        if (p->tok.kind != TK_PLUSPLUS) {
            if (first)
                return fail_here(p, "'++'");
            c->kind = MC_DEFAULT;
            break;
        }
        c->kind = MC_ELEM;
        c->x = first;
        if (!next(p) || !parse_pat(p, &c->rest))
            return false;
        break;
    }
    default:
        return fail_here(p, "a match clause ({}, x ++ s, 'tag or _)");
    }
    return expect(p, TK_ARROW) && parse_expr(p, &c->e);
}

/* match e with [||] clause || clause ... end */
static bool parse_match(parser *p, cat_expr **out)
{
    cat_expr *e = node(p, EX_MATCH, &p->tok);
    if (!next(p) || !parse_expr(p, &e->a) || !expect(p, TK_WITH))
        return false;
    if (p->tok.kind == TK_ALT && !next(p))
        return false;
    int cap = 0;
    cat_clause *list = NULL;
    for (;;) {
        ll_grow((void **)&list, &cap, e->n_clauses + 1, sizeof *list);
        if (!parse_clause(p, &list[e->n_clauses++]))
            goto fail;
        if (p->tok.kind != TK_ALT)
            break;
        if (!next(p))
            goto fail;
    }
    e->clauses = cat_alloc(p->arena, sizeof *list * (size_t)e->n_clauses);
    memcpy(e->clauses, list, sizeof *list * (size_t)e->n_clauses);
    free(list);
    *out = e;
    return expect(p, TK_END);
fail:
    free(list);
    return false;
}

static bool parse_expr(parser *p, cat_expr **out)
{
    if (!enter(p) || !parse_expr_body(p, out))
        return false;
    p->depth--;
    return true;
}

static bool parse_expr_body(parser *p, cat_expr **out)
{
    cat_tok at = p->tok;
    switch (at.kind) {
    case TK_LET: {
        /* deliberate likeness: parse_stmt's TK_LET, the same bindings
         * (parse_let) in a cat_expr that needs `in`, not a statement. */
        bool rec;
        cat_bind *binds;
        int n;
        if (!parse_let(p, &rec, &binds, &n))
            return false;
        cat_expr *e = node(p, rec ? EX_LETREC : EX_LET, &at);
        e->binds = binds;
        e->n_binds = n;
        if (!expect(p, TK_IN) || !parse_expr(p, &e->a))
            return false;
        *out = e;
        return true;
    }
    case TK_FUN: {
        const char **params;
        int n;
        if (!next(p) || !parse_params(p, &params, &n))
            return false;
        return parse_fun_body(p, &at, params, n, TK_ARROW, out);
    }
    case TK_TRY: {
        cat_expr *e = node(p, EX_TRY, &at);
        if (!next(p) || !parse_expr(p, &e->a) || !expect(p, TK_WITH) ||
            !parse_expr(p, &e->b))
            return false;
        *out = e;
        return true;
    }
    case TK_MATCH:
        return parse_match(p, out);
    case TK_IF: {
        cat_expr *e = node(p, EX_IF, &at);
        if (!next(p) || !parse_vc_or(p, &e->cond) || !expect(p, TK_THEN) ||
            !parse_expr(p, &e->a) || !expect(p, TK_ELSE) ||
            !parse_expr(p, &e->b))
            return false;
        *out = e;
        return true;
    }
    default:
        return parse_level(p, 0, out);
    }
}

/* deliberate likeness: node(), the same for the other node type. */
static cat_stmt *stmt(parser *p, cat_stmt_kind k, const cat_tok *at)
{
    cat_stmt *s = cat_alloc(p->arena, sizeof *s);
    s->kind = k;
    s->line = at->line;
    s->col = at->col;
    s->file = p->file;
    return s;
}

static bool parse_optional_name(parser *p, const char **name)
{
    *name = NULL;
    if (p->tok.kind != TK_AS)
        return true;
    if (!next(p))
        return false;
    if (p->tok.kind != TK_NAME)
        return fail_here(p, "a name after 'as'");
    *name = p->tok.text;
    return next(p);
}

static bool parse_check(parser *p, const cat_tok *at, cat_stmt **out)
{
    cat_stmt *s = stmt(p, ST_CHECK, at);
    s->use = p->tok.kind == TK_FLAG               ? USE_FLAG
             : p->tok.kind == TK_UNDEFINED_UNLESS ? USE_UNDEF
             : p->tok.kind == TK_ASSERT           ? USE_ASSERT
                                                  : USE_CHECK;
    if (s->use != USE_CHECK && !next(p))
        return false;
    if (p->tok.kind == TK_COMP) {
        s->negated = true;
        if (!next(p))
            return false;
    }
    switch (p->tok.kind) {
    case TK_ACYCLIC: s->check = CHK_ACYCLIC; break;
    case TK_IRREFLEXIVE: s->check = CHK_IRREFLEXIVE; break;
    case TK_EMPTY: s->check = CHK_EMPTY; break;
    default: return fail_here(p, "'acyclic', 'irreflexive' or 'empty'");
    }
    if (!next(p) || !parse_expr(p, &s->e) ||
        !parse_optional_name(p, &s->name))
        return false;
    *out = s;
    return true;
}

/* show/unshow only affect herd's pictures: parsed, then dropped. */
static bool skip_show(parser *p)
{
    do {
        cat_expr *e;
        const char *name;
        if (!next(p) || !parse_expr(p, &e) || !parse_optional_name(p, &name))
            return false;
    } while (p->tok.kind == TK_COMMA);
    return true;
}

static bool parse_stmt(parser *p, cat_stmt **out);

/* Statements up to (not including) `end`, `else` or the end of file. */
static bool parse_stmts(parser *p, cat_stmt **list)
{
    cat_stmt **tail = list;
    *list = NULL;
    while (p->tok.kind != TK_EOF && p->tok.kind != TK_END &&
           p->tok.kind != TK_ELSE) {
        cat_stmt *s;
        if (!parse_stmt(p, &s))
            return false;
        for (*tail = s; *tail; tail = &(*tail)->next)
            ;   /* a let rec ... when check is two statements */
    }
    return true;
}

/* A nested statement list: bounded like expressions (deliberate
 * likeness: parse_expr, the same bound around the other node type). */
static bool parse_body(parser *p, cat_stmt **list)
{
    if (!enter(p) || !parse_stmts(p, list))
        return false;
    p->depth--;
    return true;
}

static bool expect_name(parser *p, const char *what, const char **name)
{
    if (p->tok.kind != TK_NAME)
        return fail_here(p, what);
    *name = p->tok.text;
    return next(p);
}

/* enum NAME = ['||'] 'a || 'b ... */
static bool parse_enum(parser *p, cat_stmt *s)
{
    if (!next(p) || !expect_name(p, "a name after 'enum'", &s->name) ||
        !expect(p, TK_EQUAL))
        return false;
    if (p->tok.kind == TK_ALT && !next(p))
        return false;
    int cap = 0;
    const char **tags = NULL;
    for (;;) {
        if (p->tok.kind != TK_TAG) {
            free(tags);
            return fail_here(p, "a tag ('name)");
        }
        ll_grow((void **)&tags, &cap, s->n_params + 1, sizeof *tags);
        tags[s->n_params++] = p->tok.text;
        bool more = false;
        if (!next(p) || ((more = p->tok.kind == TK_ALT) && !next(p))) {
            free(tags);
            return false;
        }
        if (!more)
            break;
    }
    s->params = cat_alloc(p->arena, sizeof *tags * (size_t)s->n_params);
    memcpy(s->params, tags, sizeof *tags * (size_t)s->n_params);
    free(tags);
    return true;
}

/* procedure [rec] NAME(params) = body end, or NAME param = ... */
static bool parse_procedure(parser *p, cat_stmt *s)
{
    if (!next(p))
        return false;
    if (p->tok.kind == TK_REC) {
        s->is_rec = true;
        if (!next(p))
            return false;
    }
    return expect_name(p, "a procedure name", &s->name) &&
           parse_params(p, &s->params, &s->n_params) &&
           expect(p, TK_EQUAL) && parse_body(p, &s->body) &&
           expect(p, TK_END);
}

/* if COND [then] body [else body] end */
static bool parse_if_stmt(parser *p, cat_stmt *s)
{
    if (!next(p) || !parse_vc_or(p, &s->cond))
        return false;
    if (p->tok.kind == TK_THEN && !next(p))
        return false;
    if (!parse_body(p, &s->body))
        return false;
    if (p->tok.kind == TK_ELSE && (!next(p) || !parse_body(p, &s->orelse)))
        return false;
    return expect(p, TK_END);
}

/* One statement; *out stays NULL for statements without effect. */
static bool parse_stmt(parser *p, cat_stmt **out)
{
    cat_tok at = p->tok;
    *out = NULL;
    switch (at.kind) {
    case TK_LET: {
        /* deliberate likeness: parse_expr_body's TK_LET, the same
         * bindings in a statement, where `in` is refused. */
        bool rec;
        cat_bind *binds;
        int n;
        if (!parse_let(p, &rec, &binds, &n))
            return false;
        cat_stmt *s = stmt(p, rec ? ST_LETREC : ST_LET, &at);
        s->binds = binds;
        s->n_binds = n;
        *out = s;
        /* herd7's `let rec X = ... when acyclic X as name`: the check
         * follows the definition (the fixpoint only grows, so checking
         * it at the end forbids what herd7's checks on the way do) */
        if (rec && p->tok.kind == TK_WHEN) {
            cat_tok w = p->tok;
            if (!next(p))
                return false;
            if (p->tok.kind != TK_COMP && p->tok.kind != TK_ACYCLIC &&
                p->tok.kind != TK_IRREFLEXIVE && p->tok.kind != TK_EMPTY)
                return fail_here(p, "'acyclic', 'irreflexive' or 'empty'");
            if (!parse_check(p, &w, &s->next))
                return false;
        }
        /* herd7's grammar ends a let statement with an optional `in`
         * (deps-instances.cat's `let depi = ... in`): the binding is
         * the statement's, seen by those after it. */
        return p->tok.kind != TK_IN || next(p);
    }
    case TK_FLAG:
    case TK_UNDEFINED_UNLESS:
    case TK_ASSERT:
    case TK_COMP:
    case TK_ACYCLIC:
    case TK_IRREFLEXIVE:
    case TK_EMPTY:
        return parse_check(p, &at, out);
    case TK_INCLUDE: {
        if (!next(p))
            return false;
        if (p->tok.kind != TK_STRING)
            return fail_here(p, "a quoted file name after 'include'");
        cat_stmt *s = stmt(p, ST_INCLUDE, &at);
        s->path = p->tok.text;
        *out = s;
        return next(p);
    }
    case TK_SHOW:
    case TK_UNSHOW:
        return skip_show(p);
    case TK_DEBUG: {
        cat_expr *e;
        return next(p) && parse_expr(p, &e);
    }
    case TK_WITH: {
        cat_stmt *s = stmt(p, ST_WITH, &at);
        *out = s;
        return next(p) && expect_name(p, "a name after 'with'", &s->name) &&
               expect(p, TK_FROM) && parse_expr(p, &s->e);
    }
    case TK_ENUM:
        *out = stmt(p, ST_ENUM, &at);
        return parse_enum(p, *out);
    case TK_PROCEDURE:
        *out = stmt(p, ST_PROC, &at);
        return parse_procedure(p, *out);
    case TK_CALL: {
        cat_stmt *s = stmt(p, ST_CALL, &at);
        *out = s;
        const char *as;
        if (!next(p) || !expect_name(p, "a procedure name after 'call'",
                                     &s->name) ||
            !parse_simple(p, &s->e) || !parse_optional_name(p, &as))
            return false;
        s->path = as;   /* herd's name for skipping the call: unused */
        return true;
    }
    case TK_FORALL: {
        cat_stmt *s = stmt(p, ST_FORALL, &at);
        *out = s;
        return next(p) &&
               expect_name(p, "a name after 'forall'", &s->name) &&
               expect(p, TK_IN) && parse_expr(p, &s->e) &&
               expect(p, TK_DO) && parse_body(p, &s->body) &&
               expect(p, TK_END);
    }
    case TK_IF:
        *out = stmt(p, ST_IF, &at);
        return parse_if_stmt(p, *out);
    case TK_INSTRUCTIONS:
    case TK_DEFAULT: {
        cat_stmt *s = stmt(p, ST_EVENTS, &at);
        *out = s;
        s->is_default = at.kind == TK_DEFAULT;
        return next(p) && expect_name(p, "an event class name", &s->name) &&
               expect(p, TK_LBRAC) &&
               parse_items(p, TK_RBRAC, &s->items, &s->n_items);
    }
    default:
        return fail_here(p, "a statement");
    }
}

/* herd7's model options (`catdep`: the file computes its
 * dependencies), before or after the title and before any statement:
 * they name nothing and change nothing here. */
static bool skip_model_options(parser *p)
{
    static const char *const opts[] = {
        "catdep", "withco", "withoutco", "withinit", "withoutinit",
        "withsc", "withoutsc",
    };
    for (size_t i = 0; p->tok.kind == TK_NAME &&
                       i < sizeof opts / sizeof opts[0]; i++)
        if (!strcmp(p->tok.text, opts[i])) {
            if (!next(p))
                return false;
            i = (size_t)-1;     /* another may follow */
        }
    return true;
}

bool cat_parse(const char *src, const char *file, cat_arena *arena,
               cat_file_ast *out, ll_diag *d)
{
    parser p = {.arena = arena, .file = file, .d = d};
    cat_lex_init(&p.lx, src, file, arena, d);
    out->title = NULL;
    out->stmts = NULL;
    if (!next(&p))
        return false;
    if (!skip_model_options(&p))
        return false;
    /* A leading word or string names the model (`SC`, "My TSO"); herd
     * also allows an architecture word before the name. */
    if (p.tok.kind == TK_STRING || p.tok.kind == TK_NAME) {
        out->title = p.tok.text;
        int line = p.tok.line;
        if (!next(&p))
            return false;
        while ((p.tok.kind == TK_NAME || p.tok.kind == TK_STRING) &&
               p.tok.line == line)
            if (!next(&p))
                return false;
    }
    if (!skip_model_options(&p) || !parse_stmts(&p, &out->stmts))
        return false;
    if (p.tok.kind != TK_EOF)
        return fail_here(&p, "a statement");
    return true;
}
