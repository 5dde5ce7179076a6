/* c/lower.c — the statements of a C thread body (declarations, blocks,
 * if/else, while, expression statements) lowered into ll_thread.stmts,
 * their tree kept in ll_thread.c_tree, and the entry point ll_c_lower.
 * Anything else is refused at its position. */
#include "lib/c/internal.h"

#include <stdlib.h>
#include <string.h>

static int statement(c_lower *c);

/* A node of the statement tree, starting at the next statement. */
static int node_open(c_lower *c, ll_c_node_kind kind)
{
    ll_thread *th = c->th;
    ll_grow((void **)&th->c_tree, &c->cap_tree, th->n_c_tree + 1,
            sizeof *th->c_tree);
    ll_c_node *n = &th->c_tree[th->n_c_tree];
    n->kind = kind;
    n->first = n->last = th->n_stmts;
    n->kid = n->other = n->next = -1;
    return th->n_c_tree++;
}

/* The statements up to the closing brace (or the end), as node's kids. */
static void block_body(c_lower *c, int node, ll_pos open)
{
    int prev = -1;
    while (!c_is(&c->tok, "}") && c->tok.kind != C_EOF) {
        int k = statement(c);
        if (prev < 0)
            c->th->c_tree[node].kid = k;
        else
            c->th->c_tree[prev].next = k;
        prev = k;
    }
    if (open.line && c->tok.kind == C_EOF)
        c_fail(c, open, "unterminated block");
}

void c_add_local(c_lower *c, const char *name, ll_pos at)
{
    if (c_is_local(c, name))
        return;
    if (ll_c_is_keyword(name))
        c_fail(c, at, "'%s' is a C keyword, not a variable name", name);
    if (c_is_prim(name))
        c_fail(c, at, "'%s' names a primitive, not a variable", name);
    ll_grow((void **)&c->locals, &c->cap_locals, c->n_locals + 1,
            sizeof *c->locals);
    c->locals[c->n_locals++] = (char *)c_name(c, name);
}

/* `int r0 = e, *r1;` (the type words are the current token). */
static void declaration(c_lower *c)
{
    while (c->tok.kind == C_NAME &&
           (c_type_word(c->tok.text) || c_is(&c->tok, "struct"))) {
        if (c_is(&c->tok, "struct"))
            c_next(c);
        c_next(c);
    }
    for (;;) {
        while (c_is(&c->tok, "*"))
            c_next(c);
        c_tok name = c->tok;
        if (name.kind != C_NAME)
            c_fail(c, name.pos, "expected a variable name");
        c_next(c);
        if (c_is(&c->tok, "["))
            c_fail(c, c->tok.pos, "local arrays are not supported");
        /* in scope in its own initialiser (`int r0 = r0 + 1;` reads the
         * value it had: 0, or the init block's); a declaration without
         * one keeps that value, as herd7's C does */
        c_add_local(c, name.text, name.pos);
        if (c_is(&c->tok, "=")) {
            c_poi_tick(c, 1);
            c_next(c);
            c_val ops[2] = {{LL_OPND_REG, 0, c_name(c, name.text)},
                            c_assign_expr(c)};
            c->at = name.pos;
            c_emit(c, LL_C_MOV, 0, 2, ops);
        }
        if (!c_is(&c->tok, ","))
            break;
        c_next(c);
    }
    c_expect(c, ";");
}

static c_val condition(c_lower *c)
{
    c_expect(c, "(");
    c_val v = c_expr(c);
    c_expect(c, ")");
    return v;
}

static void if_statement(c_lower *c, int node)
{
    ll_pos pos = c->tok.pos;
    c->at = pos;
    c_poi_tick(c, 1);
    c_next(c);
    c_val v = condition(c);
    const char *other = c_label(c), *done = c_label(c);
    c->at = pos;
    c_val ctrl = c_ctrl_save(c);
    c_emit_jump(c, LL_C_BZ, &v, other);
    c_poi_tick(c, 1);
    int kid = statement(c);
    c->th->c_tree[node].kid = kid;
    if (c_is(&c->tok, "else")) {
        c_next(c);
        c->at = pos;
        c_emit_jump(c, LL_C_JMP, NULL, done);
        c_emit_label(c, other);
        c_poi_tick(c, 1);
        int other_kid = statement(c);
        c->th->c_tree[node].other = other_kid;
    } else {
        c_emit_label(c, other);
    }
    c_emit_label(c, done);
    c->at = pos;
    c_ctrl_restore(c, ctrl);
}

static void while_statement(c_lower *c, int node)
{
    ll_pos pos = c->tok.pos;
    c_next(c);
    const char *top = c_label(c), *done = c_label(c);
    c->at = pos;
    c_val ctrl = c_ctrl_save(c);
    c_emit_label(c, top);
    c_poi_tick(c, 1);
    c_val v = condition(c);
    c->at = pos;
    c_emit_jump(c, LL_C_BZ, &v, done);
    c_poi_tick(c, 1);
    int kid = statement(c);
    c->th->c_tree[node].kid = kid;
    c->at = pos;
    c_emit_jump(c, LL_C_JMP, NULL, top);
    c_emit_label(c, done);
    c->at = pos;
    c_ctrl_restore(c, ctrl);
}

static int statement_at(c_lower *c);

void c_statement(c_lower *c)
{
    statement(c);
}

/* One statement, lowered; its node in the tree. */
static int statement(c_lower *c)
{
    if (++c->depth > 200)
        c_fail(c, c->tok.pos, "statements nested too deeply");
    int node = statement_at(c);
    c->th->c_tree[node].last = c->th->n_stmts;
    c->depth--;
    return node;
}

static int statement_at(c_lower *c)
{
    c_tok t = c->tok;
    if (c_is(&t, "{")) {
        int node = node_open(c, LL_C_NODE_BLOCK);
        c->at = t.pos;
        c_poi_tick(c, 1);
        c_next(c);
        block_body(c, node, t.pos);
        c_next(c);
        return node;
    }
    if (c_is(&t, "if")) {
        int node = node_open(c, LL_C_NODE_IF);
        if_statement(c, node);
        return node;
    }
    if (c_is(&t, "while")) {
        int node = node_open(c, LL_C_NODE_LOOP);
        while_statement(c, node);
        return node;
    }
    int node = node_open(c, LL_C_NODE_STMT);
    if (c_is(&t, ";")) {
        c_next(c);
        return node;
    }
    if (t.kind == C_NAME && (c_type_word(t.text) || c_is(&t, "struct"))) {
        declaration(c);
        return node;
    }
    static const char *const refused[] = {"for", "do", "switch", "goto",
                                          "return", "break", "continue",
                                          "case", "default"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        if (c_is(&t, refused[i]))
            c_fail(c, t.pos, "'%s' is not supported in C litmus tests",
                   t.text);
    c->at = t.pos;
    c_poi_tick(c, c_poi_statement(c));
    int before = c->th->n_stmts;
    c_val v = c_expr(c);
    if (c->th->n_stmts == before && v.kind == LL_OPND_REG) {
        /* `(void)r0;`, `r0;`: herd7 reads the register all the same,
           a variable of its own (model/herd_vars.c numbers it, and a
           copy cycle's symbol may be named after it: S9, not S8) */
        c_val ops[2] = {c_discard(c), v};
        c_emit(c, LL_C_MOV, 0, 2, ops);
    }
    c_expect(c, ";");
    return node;
}

static bool lower_thread(const ll_test *t, ll_thread *th,
                         const ll_c_defs *defs, ll_diag *d)
{
    /* on the heap: longjmp must find what statement() changed */
    c_lower *cp = ll_xcalloc(1, sizeof *cp);
#define c (*cp)
    c.src = th->c_body ? th->c_body : "";
    c.len = strlen(c.src);
    c.line = th->body_pos.line ? th->body_pos.line : 1;
    c.col = th->body_pos.col ? th->body_pos.col : 1;
    c.d = d;
    c.defs = defs;
    c.th = th;
    c.cap_stmts = th->n_stmts;
    c.n_params = th->n_params;
    c.params = ll_xcalloc((size_t)th->n_params + 1, sizeof *c.params);
    for (int i = 0; i < th->n_params; i++)
        c.params[i] = th->params[i].name;
    bool ok = true;
    if (setjmp(c.fail) == 0) {
        c_check_phase12(cp);
        /* registers the init block gives this thread are its locals,
         * declared in the body or not (`0:r2=y;`) */
        for (int i = 0; i < t->n_init; i++)
            if (t->init[i].loc.proc == th->proc && t->init[i].loc.name)
                c_add_local(cp, t->init[i].loc.name, t->init[i].pos);
        c_poi_start(cp);
        c_next(cp);
        int root = node_open(cp, LL_C_NODE_BLOCK);
        block_body(cp, root, (ll_pos){0});
        if (c.tok.kind != C_EOF)      /* a '}' with no '{' */
            statement(cp);
        th->c_tree[root].last = th->n_stmts;
    } else {
        ok = false;
    }
    for (int i = 0; i < c.n_pool; i++)
        free(c.pool[i]);
    free(c.pool);
    free(c.locals);
    free(c.params);
#undef c
    free(cp);
    return ok;
}

static void clear_stmts(ll_thread *th)
{
    for (int i = 0; i < th->n_stmts; i++) {
        free(th->stmts[i].label);
        ll_instr_clear(&th->stmts[i].instr);
    }
    free(th->stmts);
    th->stmts = NULL;
    th->n_stmts = 0;
    free(th->c_tree);
    th->c_tree = NULL;
    th->n_c_tree = 0;
}

bool ll_c_lower(ll_test *t, ll_diag *d)
{
    return ll_c_lower_defs(t, NULL, d);
}

bool ll_c_lower_defs(ll_test *t, const ll_c_defs *defs, ll_diag *d)
{
    for (int i = 0; i < t->n_threads; i++) {
        ll_thread *th = &t->threads[i];
        if (th->n_stmts)
            continue;
        if (!lower_thread(t, th, defs, d)) {
            clear_stmts(th);
            return false;
        }
        if (!th->n_stmts) {
            /* an empty body still is a thread */
            th->stmts = ll_xcalloc(1, sizeof *th->stmts);
            th->n_stmts = 1;
            th->stmts[0].pos = th->body_pos;
        }
    }
    return true;
}

bool ll_test_code(ll_test *t, ll_arch_id *id, ll_diag *d)
{
    return ll_test_code_defs(t, NULL, id, d);
}

bool ll_test_code_defs(ll_test *t, const ll_c_defs *defs, ll_arch_id *id,
                       ll_diag *d)
{
    if (t->arch) {
        *id = t->arch->id;
        return true;
    }
    if (!t->arch_name || strcmp(t->arch_name, "C")) {
        ll_diag_set(d, 1, 1, "architecture %s is not supported by the model",
                    t->arch_name ? t->arch_name : "?");
        return false;
    }
    *id = LL_ARCH_C;
    return ll_c_lower_defs(t, defs, d);
}
