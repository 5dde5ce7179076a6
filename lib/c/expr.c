/* c/expr.c — C expressions lowered to three-address code. A
 * sub-expression is first a reference (a value, a local variable, or a
 * memory cell at an address) so that assignment, `&` and the kernel's
 * lvalue arguments (`READ_ONCE(*x)`) see the place, not its value; plain
 * C reads and writes of memory are unannotated (LL_C_PLAIN) accesses.
 * Constants fold, so `a[1]` is the address a+4 with no dependency. */
#include "lib/c/internal.h"

#include <stdlib.h>
#include <string.h>

typedef enum { REF_VAL, REF_LOCAL, REF_MEM } ref_kind;

typedef struct c_ref {
    ref_kind kind;
    c_val v;                 /* VAL: the value; MEM: the address */
    const char *local;       /* LOCAL */
    ll_pos pos;
} c_ref;

static c_ref unary(c_lower *c);
static c_ref assign(c_lower *c);

const char *ll_c_binop_problem(int op, int64_t a, int64_t b)
{
    if (op != LL_C_DIV && op != LL_C_MOD)
        return NULL;
    if (b == 0)
        return "division by zero";
    if (a == INT64_MIN && b == -1)
        return op == LL_C_DIV
                   ? "overflow: -9223372036854775808 / -1 is 2^63, past "
                     "the 64-bit range"
                   : "overflow: -9223372036854775808 % -1 (its quotient, "
                     "2^63, is past the 64-bit range)";
    return NULL;
}

bool ll_c_eval_binop(int op, int64_t a, int64_t b, int64_t *out)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case LL_C_ADD: *out = (int64_t)(ua + ub); return true;
    case LL_C_SUB: *out = (int64_t)(ua - ub); return true;
    case LL_C_MUL: *out = (int64_t)(ua * ub); return true;
    case LL_C_DIV:
    case LL_C_MOD:
        if (b == 0 || (a == INT64_MIN && b == -1))
            return false;
        *out = op == LL_C_DIV ? a / b : a % b;
        return true;
    case LL_C_AND: *out = a & b; return true;
    case LL_C_OR: *out = a | b; return true;
    case LL_C_XOR: *out = a ^ b; return true;
    case LL_C_SHL: *out = (int64_t)(ua << (ub & 63)); return true;
    case LL_C_SHR: *out = a >> (ub & 63); return true;
    case LL_C_EQ: *out = a == b; return true;
    case LL_C_NE: *out = a != b; return true;
    case LL_C_LT: *out = a < b; return true;
    case LL_C_LE: *out = a <= b; return true;
    case LL_C_GT: *out = a > b; return true;
    case LL_C_GE: *out = a >= b; return true;
    }
    return false;
}

static c_val value(c_lower *c, const c_ref *r)
{
    if (r->kind == REF_VAL)
        return r->v;
    if (r->kind == REF_LOCAL) {
        c_val v = {LL_OPND_REG, 0, r->local};
        return v;
    }
    c_val ops[2] = {c_temp(c), r->v};
    c->at = r->pos;
    c_emit(c, LL_C_LD, LL_C_PLAIN << LL_C_ANN_SHIFT, 2, ops);
    return ops[0];
}

static void store(c_lower *c, const c_ref *r, c_val v)
{
    c->at = r->pos;
    if (r->kind == REF_LOCAL) {
        c_val ops[2] = {{LL_OPND_REG, 0, r->local}, v};
        c_emit(c, LL_C_MOV, 0, 2, ops);
    } else if (r->kind == REF_MEM) {
        c_val ops[2] = {r->v, v};
        c_emit(c, LL_C_ST, LL_C_PLAIN << LL_C_ANN_SHIFT, 2, ops);
    } else {
        c_fail(c, r->pos, "not assignable");
    }
}

static c_ref val_ref(c_val v, ll_pos pos)
{
    c_ref r = {REF_VAL, v, NULL, pos};
    return r;
}

/* a op b, folded when both are constants (or an address plus one). */
static c_val binop(c_lower *c, int op, c_val a, c_val b, ll_pos pos)
{
    int64_t n;
    if (a.kind == LL_OPND_IMM && b.kind == LL_OPND_IMM) {
        if (!ll_c_eval_binop(op, a.imm, b.imm, &n))
            c_fail(c, pos, "%s", ll_c_binop_problem(op, a.imm, b.imm));
        return c_imm(n);
    }
    if (a.kind == LL_OPND_SYM && b.kind == LL_OPND_IMM &&
        (op == LL_C_ADD || op == LL_C_SUB)) {
        ll_c_eval_binop(op, a.imm, b.imm, &a.imm);   /* wraps */
        return a;
    }
    if (b.kind == LL_OPND_SYM && a.kind == LL_OPND_IMM && op == LL_C_ADD) {
        ll_c_eval_binop(op, b.imm, a.imm, &b.imm);
        return b;
    }
    c_val ops[3] = {c_temp(c), a, b};
    c->at = pos;
    c_emit(c, LL_C_BIN, (unsigned)op, 3, ops);
    return ops[0];
}

/* Pointer arithmetic: litmus arrays and pointers are to int. */
static c_val index_addr(c_lower *c, c_val base, c_val idx, ll_pos pos)
{
    return binop(c, LL_C_ADD, base, binop(c, LL_C_MUL, idx, c_imm(4), pos),
                 pos);
}

static bool is_type_word(const char *s)
{
    static const char *const words[] = {
        "int", "unsigned", "signed", "long", "short", "char", "const",
        "volatile", "intptr_t", "uintptr_t", "int8_t", "int16_t",
        "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
        "uint64_t", "atomic_int", "atomic_long", "spinlock_t", "_Bool",
        "bool", "size_t", "atomic_t", "u8", "u16", "u32", "u64", "s8",
        "s16", "s32", "s64",
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (s[0] == words[i][0] && !strcmp(s, words[i]))
            return true;
    return false;
}

bool c_type_word(const char *s)
{
    return is_type_word(s);
}

static c_ref primary(c_lower *c)
{
    c_tok t = c->tok;
    if (t.kind == C_NUM) {
        c_next(c);
        return val_ref(c_imm(t.num), t.pos);
    }
    if (t.kind == C_NAME) {
        c_next(c);
        if (c_is(&c->tok, "(") ||
            (c_is(&c->tok, "{") && !strncmp(t.text, "__", 2))) {
            c_val out;
            c->at = t.pos;
            if (c->defs && c_def_call(c, &t, &out))
                return val_ref(out, t.pos);
            if (!c_call(c, &t, &out)) {
                const char *near = c_prim_near(t.text);
                if (near)
                    c_fail(c, t.pos, "unsupported function '%s'; did you "
                           "mean '%s'?", t.text, near);
                c_fail(c, t.pos, "unsupported function '%s'", t.text);
            }
            return val_ref(out, t.pos);
        }
        if (c_is_local(c, t.text)) {
            c_ref r = {REF_LOCAL, c_imm(0), c_name(c, t.text), t.pos};
            return r;
        }
        if (c_is_param(c, t.text)) {
            c_val v = {LL_OPND_SYM, 0, c_name(c, t.text)};
            return val_ref(v, t.pos);
        }
        if (!strcmp(t.text, "NULL"))
            return val_ref(c_imm(0), t.pos);
        /* herd7 takes any other name as a register of its thread, 0
           unless the init block sets it: an assignment to an undeclared
           name makes a new local, and so does a read of one (the
           kernel collection's C-RW-G+RW-C reads an `r4` it never sets,
           C-viro-2020.09.29a a misspelt `rc9`) */
        c_add_local(c, t.text, t.pos);
        c_ref r = {REF_LOCAL, c_imm(0), c_name(c, t.text), t.pos};
        return r;
    }
    if (c_is(&t, "(")) {
        if (c_paren_call_ahead(c) && !is_type_word(c_peek(c)->text) &&
            strcmp(c_peek(c)->text, "void"))
            c_fail(c, t.pos, "a call through parentheses is not supported: "
                   "only the primitives can be called, by their names");
        c_next(c);
        if (c->tok.kind == C_NAME && (is_type_word(c->tok.text) ||
                                      !strcmp(c->tok.text, "void"))) {
            /* a cast: values are untyped in the lowering; `(void)e`
               (herd7 7.56 on) drops the value, as any statement does */
            while (c->tok.kind == C_NAME && (is_type_word(c->tok.text) ||
                                             !strcmp(c->tok.text, "void")))
                c_next(c);
            while (c_is(&c->tok, "*"))
                c_next(c);
            c_expect(c, ")");
            return unary(c);
        }
        c_ref r = assign(c);
        c_expect(c, ")");
        return r;
    }
    if (t.kind == C_EOF)
        c_fail(c, t.pos, "unexpected end of the body in an expression");
    c_fail(c, t.pos, "unexpected '%s' in an expression", t.text);
}

/* r op= v, or r++ (post: the old value). */
static c_val update(c_lower *c, const c_ref *r, int op, c_val v, bool post,
                    ll_pos pos)
{
    c_val old = value(c, r);
    if (post && old.kind == LL_OPND_REG && r->kind == REF_LOCAL) {
        c_val ops[2] = {c_temp(c), old};
        c->at = pos;
        c_emit(c, LL_C_MOV, 0, 2, ops);
        old = ops[0];
    }
    c_val n = binop(c, op, old, v, pos);
    store(c, r, n);
    return post ? old : n;
}

static c_ref postfix(c_lower *c)
{
    c_ref r = primary(c);
    for (;;) {
        ll_pos pos = c->tok.pos;
        if (c_is(&c->tok, "[")) {
            c_next(c);
            c_ref i = assign(c);
            c_expect(c, "]");
            c_val base = value(c, &r), idx = value(c, &i);
            r.kind = REF_MEM;
            r.v = index_addr(c, base, idx, pos);
            r.pos = pos;
        } else if (c_is(&c->tok, "++") || c_is(&c->tok, "--")) {
            int op = c->tok.text[0] == '+' ? LL_C_ADD : LL_C_SUB;
            c_next(c);
            return val_ref(update(c, &r, op, c_imm(1), true, pos), pos);
        } else if (c_is(&c->tok, ".") || c_is(&c->tok, "->")) {
            c_fail(c, pos, "structures are not supported");
        } else if (c_is(&c->tok, "(")) {
            c_fail(c, pos, "a call through a pointer or an expression is not "
                   "supported: only the primitives can be called, by their "
                   "names");
        } else {
            return r;
        }
    }
}

static c_ref unary_at(c_lower *c);

/* Nesting is bounded so that no input can exhaust the stack. */
static c_ref unary(c_lower *c)
{
    if (++c->depth > 200)
        c_fail(c, c->tok.pos, "expression nested too deeply");
    c_ref r = unary_at(c);
    c->depth--;
    return r;
}

static c_ref unary_at(c_lower *c)
{
    c_tok t = c->tok;
    if (c_is(&t, "*")) {
        c_next(c);
        c_ref p = unary(c);
        c_ref r = {REF_MEM, value(c, &p), NULL, t.pos};
        return r;
    }
    if (c_is(&t, "&")) {
        c_next(c);
        c_ref p = unary(c);
        if (p.kind != REF_MEM)
            c_fail(c, t.pos, p.kind == REF_LOCAL
                                 ? "the address of a local variable is "
                                   "not supported here"
                                 : "'&' of a value");
        return val_ref(p.v, t.pos);
    }
    if (c_is(&t, "++") || c_is(&t, "--")) {
        c_next(c);
        c_ref p = unary(c);
        int op = t.text[0] == '+' ? LL_C_ADD : LL_C_SUB;
        return val_ref(update(c, &p, op, c_imm(1), false, t.pos), t.pos);
    }
    if (c_is(&t, "-") || c_is(&t, "~") || c_is(&t, "!") || c_is(&t, "+")) {
        c_next(c);
        c_ref p = unary(c);
        c_val v = value(c, &p);
        if (t.text[0] == '+')
            return val_ref(v, t.pos);
        int op = t.text[0] == '-' ? LL_C_NEG
                 : t.text[0] == '~' ? LL_C_NOT : LL_C_LNOT;
        if (v.kind == LL_OPND_IMM) {
            int64_t n = op == LL_C_NEG ? (int64_t)(0 - (uint64_t)v.imm)
                        : op == LL_C_NOT ? ~v.imm : !v.imm;
            return val_ref(c_imm(n), t.pos);
        }
        c_val ops[2] = {c_temp(c), v};
        c->at = t.pos;
        c_emit(c, LL_C_UN, (unsigned)op, 2, ops);
        return val_ref(ops[0], t.pos);
    }
    if (c_is(&t, "sizeof"))
        c_fail(c, t.pos, "sizeof is not supported");
    return postfix(c);
}

static const struct {
    const char *op;
    int prec;
    int code;
} binops[] = {
    {"*", 10, LL_C_MUL}, {"/", 10, LL_C_DIV}, {"%", 10, LL_C_MOD},
    {"+", 9, LL_C_ADD}, {"-", 9, LL_C_SUB},
    {"<<", 8, LL_C_SHL}, {">>", 8, LL_C_SHR},
    {"<", 7, LL_C_LT}, {"<=", 7, LL_C_LE}, {">", 7, LL_C_GT},
    {">=", 7, LL_C_GE},
    {"==", 6, LL_C_EQ}, {"!=", 6, LL_C_NE},
    {"&", 5, LL_C_AND}, {"^", 4, LL_C_XOR}, {"|", 3, LL_C_OR},
    {"&&", 2, -1}, {"||", 1, -2},
};

static int find_binop(const c_tok *t, int *code)
{
    if (t->kind != C_PUNCT)
        return -1;
    for (size_t i = 0; i < sizeof binops / sizeof *binops; i++)
        if (t->text[0] == binops[i].op[0] && !strcmp(t->text, binops[i].op)) {
            *code = binops[i].code;
            return binops[i].prec;
        }
    return -1;
}

/* a && b, a || b: b is evaluated only when needed (its accesses too). */
static c_val logical(c_lower *c, bool is_and, c_val a, int prec,
                     ll_pos pos);

static c_ref binary(c_lower *c, int min_prec)
{
    c_ref lhs = unary(c);
    for (;;) {
        int code;
        int prec = find_binop(&c->tok, &code);
        if (prec < 0 || prec < min_prec)
            return lhs;
        ll_pos pos = c->tok.pos;
        c_next(c);
        c_val a = value(c, &lhs);
        if (code < 0) {
            lhs = val_ref(logical(c, code == -1, a, prec + 1, pos), pos);
            continue;
        }
        c_ref rhs = binary(c, prec + 1);
        c_val b = value(c, &rhs);
        lhs = val_ref(binop(c, code, a, b, pos), pos);
    }
}

static c_val logical(c_lower *c, bool is_and, c_val a, int prec, ll_pos pos)
{
    c_val res = c_temp(c);
    const char *done = c_label(c);
    c_val ops[2] = {res, c_imm(is_and ? 0 : 1)};
    c->at = pos;
    c_emit(c, LL_C_MOV, 0, 2, ops);
    c_val ctrl = c_ctrl_save(c);
    if (is_and) {
        c_emit_jump(c, LL_C_BZ, &a, done);
    } else {
        const char *rhs = c_label(c);
        c_emit_jump(c, LL_C_BZ, &a, rhs);
        c_emit_jump(c, LL_C_JMP, NULL, done);
        c_emit_label(c, rhs);
    }
    c_ref r = binary(c, prec);
    c_val b = binop(c, LL_C_NE, value(c, &r), c_imm(0), pos);
    c_val mv[2] = {res, b};
    c->at = pos;
    c_emit(c, LL_C_MOV, 0, 2, mv);
    c_emit_label(c, done);
    c_ctrl_restore(c, ctrl);
    return res;
}

static c_ref ternary(c_lower *c)
{
    c_ref cond = binary(c, 1);
    if (!c_is(&c->tok, "?"))
        return cond;
    ll_pos pos = c->tok.pos;
    c_next(c);
    c_val cv = value(c, &cond);
    c_val res = c_temp(c);
    const char *other = c_label(c), *done = c_label(c);
    c->at = pos;
    c_val ctrl = c_ctrl_save(c);
    c_emit_jump(c, LL_C_BZ, &cv, other);
    c_ref a = assign(c);
    c_val mv[2] = {res, value(c, &a)};
    c->at = pos;
    c_emit(c, LL_C_MOV, 0, 2, mv);
    c_emit_jump(c, LL_C_JMP, NULL, done);
    c_expect(c, ":");
    c_emit_label(c, other);
    c_ref b = ternary(c);
    mv[1] = value(c, &b);
    c->at = pos;
    c_emit(c, LL_C_MOV, 0, 2, mv);
    c_emit_label(c, done);
    c->at = pos;
    c_ctrl_restore(c, ctrl);
    return val_ref(res, pos);
}

static const struct {
    const char *op;
    int code;
} assigns[] = {
    {"+=", LL_C_ADD}, {"-=", LL_C_SUB}, {"*=", LL_C_MUL},
    {"/=", LL_C_DIV}, {"%=", LL_C_MOD}, {"&=", LL_C_AND},
    {"|=", LL_C_OR}, {"^=", LL_C_XOR}, {"<<=", LL_C_SHL},
    {">>=", LL_C_SHR},
};

static c_ref assign(c_lower *c)
{
    c_ref lhs = ternary(c);
    ll_pos pos = c->tok.pos;
    if (c_is(&c->tok, "=")) {
        c_next(c);
        c_ref rhs = assign(c);
        c_val v = value(c, &rhs);
        store(c, &lhs, v);
        return val_ref(v, pos);
    }
    for (size_t i = 0; i < sizeof assigns / sizeof *assigns; i++)
        if (c_is(&c->tok, assigns[i].op)) {
            c_next(c);
            c_ref rhs = assign(c);
            c_val v = value(c, &rhs);
            return val_ref(update(c, &lhs, assigns[i].code, v, false, pos),
                           pos);
        }
    return lhs;
}

c_val c_assign_expr(c_lower *c)
{
    c_ref r = assign(c);
    return value(c, &r);
}

c_val c_expr(c_lower *c)
{
    return c_assign_expr(c);
}

c_val c_lvalue_addr(c_lower *c, c_val *local_out, bool *is_local)
{
    ll_pos pos = c->tok.pos;
    c_ref r = assign(c);
    *is_local = r.kind == REF_LOCAL;
    if (r.kind == REF_LOCAL) {
        local_out->kind = LL_OPND_REG;
        local_out->imm = 0;
        local_out->name = r.local;
        return *local_out;
    }
    if (r.kind != REF_MEM)
        c_fail(c, pos, "expected a memory location (such as *x)");
    return r.v;
}
