/* c_body.c — the thread functions of a C test, printed from the lowered
 * code in ll_thread.stmts (include/litmuslab/c_ast.h), never copied from
 * the test's text: the C compiler gets what the model read, whatever the
 * text would have meant to it. Each statement becomes one line: a call of
 * the primitive with its meaning (the kernel's of hwrun/harness/hr_kp.h,
 * C11's atomic_*_explicit of <stdatomic.h>), arithmetic on 64-bit
 * variables, or a goto. Every name printed is ours: locals r_NAME (NAME a
 * C identifier the lowering read), temporaries t_N, labels L_N, shared
 * variables m_NAME (pointers into the instance, of a C type from gen/c.c's
 * table), so that no name of the test meets a keyword or a macro. Values
 * live in uint64_t (a register may hold an address: a dereference casts
 * it); locals start at 0, as herd7's registers do. */
#include "hwrun/gen/gen.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/c_ast.h"
#include "litmuslab/state.h"

#include "hwrun/hwrun.h"

/* ---- operands ---- */

/* Each operation's operands: which is the address it accesses (-1:
 * none), and whether operand 0 is a destination register. */
static const struct {
    signed char addr;
    bool dest;
} shapes[LL_C_NOPS] = {
    [LL_C_MOV] = {-1, true}, [LL_C_BIN] = {-1, true}, [LL_C_UN] = {-1, true},
    [LL_C_LD] = {1, true}, [LL_C_ST] = {0, false}, [LL_C_RMW] = {1, true},
    [LL_C_CAS] = {1, true}, [LL_C_CAS11] = {1, true},
    [LL_C_FENCE] = {-1, false}, [LL_C_LOCK] = {0, false},
    [LL_C_UNLOCK] = {0, false}, [LL_C_TRYLOCK] = {1, true},
    [LL_C_ISLOCKED] = {1, true}, [LL_C_SRCU_LOCK] = {1, true},
    [LL_C_SRCU_UNLOCK] = {0, false}, [LL_C_SYNC_SRCU] = {0, false},
    [LL_C_BZ] = {-1, false}, [LL_C_JMP] = {-1, false},
};

static int addr_index(const ll_instr *in)
{
    return in->op >= 0 && in->op < LL_C_NOPS ? shapes[in->op].addr : -1;
}

static bool has_dest(const ll_instr *in)
{
    return in->op >= 0 && in->op < LL_C_NOPS && shapes[in->op].dest;
}

typedef struct cbody {
    hw_gen *g;
    const ll_test *t;
    const ll_thread *th;
    ll_buf code;             /* the statements, printed */
    ll_buf regs;             /* the variables' C names, each "name\n" */
    char **names;            /* then sorted, each once */
    int n_names;
    bool *loc_used;          /* by location index: m_NAME is declared */
    bool *target;            /* by statement: its label is jumped to */
    const hw_gen_ctype *ptee;   /* what registers point to, once known */
    int line;                /* the test's line of the last #line, or 0 */
} cbody;

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* A register's C name: r_NAME for a local, t_N for the lowering's @tN,
 * v_N for its @vN (a value read to be dropped: `(void)r0;`); noted for
 * the declarations. */
static bool put_reg(cbody *b, const ll_stmt *st, const ll_operand *o,
                    ll_buf *out)
{
    if (o->kind != LL_OPND_REG)
        return hw_gen_fail(b->g, st, "hwrun expects a variable here");
    size_t at = out->len;
    if (o->sym && (!strncmp(o->sym, "@t", 2) || !strncmp(o->sym, "@v", 2)) &&
        all_digits(o->sym + 2))
        ll_buf_printf(out, "%c_%s", o->sym[1], o->sym + 2);
    else if (hw_gen_is_ident(o->sym))
        ll_buf_printf(out, "r_%s", o->sym);
    else
        return hw_gen_fail(b->g, st, "variable '%s' cannot be used by hwrun",
                           o->sym ? o->sym : "?");
    /* noted each time: sorted and made unique at the end */
    ll_buf_printf(&b->regs, "%s\n", ll_buf_str(out) + at);
    return true;
}

/* The label a jump names: L_N for the lowering's @LN. */
static bool put_label(cbody *b, const ll_stmt *st, const char *label,
                      ll_buf *out)
{
    if (!label || strncmp(label, "@L", 2) || !all_digits(label + 2))
        return hw_gen_fail(b->g, st, "label '%s' cannot be used by hwrun",
                           label ? label : "?");
    ll_buf_printf(out, "L_%s", label + 2);
    return true;
}

static void put_imm(ll_buf *out, int64_t v)
{
    if (v == INT64_MIN)
        ll_buf_puts(out, "INT64_MIN");
    else if (v < 0)
        ll_buf_printf(out, "(%lld)", (long long)v);
    else
        ll_buf_printf(out, "%lld", (long long)v);
}

/* A shared variable's pointer m_NAME, or (m_NAME + K) for element K of
 * an array the init block declares (`int x[2]`: its elements lie side by
 * side); any other offset is refused, since hwrun gives each variable a
 * slot of its own. */
static bool put_loc(cbody *b, const ll_stmt *st, const ll_operand *o,
                    ll_buf *out)
{
    int i = hw_gen_loc_index(b->g, o->sym);
    if (i < 0 || !hw_gen_is_ident(o->sym))
        return hw_gen_fail(b->g, st, "'%s' is not a shared variable hwrun "
                           "knows", o->sym ? o->sym : "?");
    b->loc_used[i] = true;
    if (!o->imm) {
        ll_buf_printf(out, "m_%s", o->sym);
        return true;
    }
    const hw_gen_ctype *ty = hw_gen_ctest_type(b->t, o->sym);
    int len = hw_gen_array_len(b->t, o->sym);
    if (!ty || ty->size <= 0 || o->imm < 0 || o->imm % ty->size ||
        o->imm / ty->size >= len)
        return hw_gen_fail(b->g, st, "hwrun does not support an address "
                           "past a shared variable ('%s%+lld')", o->sym,
                           (long long)o->imm);
    ll_buf_printf(out, "(m_%s + %lld)", o->sym,
                  (long long)(o->imm / ty->size));
    return true;
}

/* A value: a constant, a register, or a shared variable's address. */
static bool put_val(cbody *b, const ll_stmt *st, const ll_operand *o,
                    ll_buf *out)
{
    switch (o->kind) {
    case LL_OPND_IMM:
        put_imm(out, o->imm);
        return true;
    case LL_OPND_REG:
        return put_reg(b, st, o, out);
    case LL_OPND_SYM:
        ll_buf_puts(out, "(uint64_t)(uintptr_t)");
        return put_loc(b, st, o, out);
    default:
        return hw_gen_fail(b->g, st, "hwrun cannot print this operand");
    }
}

/* Whether a and b, types of shared variables whose addresses are taken,
 * differ; false with a message. */
static bool same_type(cbody *b, const ll_stmt *at, const hw_gen_ctype *ty,
                      const char *first, const char *name)
{
    const hw_gen_ctype *x = hw_gen_ctest_type(b->t, name);
    if (!x || !ty || !strcmp(x->c, ty->c))
        return true;
    return hw_gen_fail(b->g, at, "hwrun cannot tell what a register points "
                       "to: '%s' (%s) and '%s' (%s) both have their address "
                       "taken", first, ty->name, name, x->name);
}

/* What registers point to: the one type of every shared variable whose
 * address is a value somewhere (an init entry `int *p = &x`, or in the
 * code); NULL + a message when there is none or they differ. */
static const hw_gen_ctype *pointee(cbody *b, const ll_stmt *at)
{
    if (b->ptee)
        return b->ptee;
    const ll_test *t = b->t;
    const hw_gen_ctype *ty = NULL;
    const char *first = NULL;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (!in->has_value || !in->value.is_sym)
            continue;
        if (!same_type(b, at, ty, first, in->value.sym))
            return NULL;
        if (!ty) {
            ty = hw_gen_ctest_type(t, in->value.sym);
            first = in->value.sym;
        }
    }
    for (int k = 0; k < t->n_threads; k++)
        for (int s = 0; s < t->threads[k].n_stmts; s++) {
            const ll_stmt *st = &t->threads[k].stmts[s];
            int a = st->has_instr ? addr_index(&st->instr) : -1;
            for (int i = 0; st->has_instr && i < st->instr.n_ops; i++) {
                const ll_operand *o = &st->instr.ops[i];
                if (i == a || o->kind != LL_OPND_SYM)
                    continue;
                if (!same_type(b, at, ty, first, o->sym))
                    return NULL;
                if (!ty) {
                    ty = hw_gen_ctest_type(t, o->sym);
                    first = o->sym;
                }
            }
        }
    if (!ty)
        hw_gen_fail(b->g, at, "hwrun cannot tell what a register points to: "
                    "no shared variable has its address taken");
    b->ptee = ty;
    return ty;
}

/* The address operand as a pointer expression of its type, *ty. */
static bool put_addr(cbody *b, const ll_stmt *st, const ll_operand *o,
                     const hw_gen_ctype **ty, ll_buf *out)
{
    if (o->kind == LL_OPND_SYM) {
        *ty = hw_gen_ctest_type(b->t, o->sym);
        if (!*ty)
            return hw_gen_fail(b->g, st, "hwrun does not know the type of "
                               "'%s'", o->sym);
        return put_loc(b, st, o, out);
    }
    if (o->kind != LL_OPND_REG)
        return hw_gen_fail(b->g, st, "hwrun does not support an access at a "
                           "constant address");
    if (!(*ty = pointee(b, st)))
        return false;
    ll_buf_printf(out, "((%s *)ll_ptr(", (*ty)->c);
    if (!put_reg(b, st, o, out))
        return false;
    ll_buf_puts(out, "))");
    return true;
}

/* ---- statements ---- */

/* An annotation's C11 memory order, or hr_kp.h's order suffix of a
 * kernel read-modify-write. */
static const struct {
    const char *order, *suffix;
} anns[] = {
    [LL_C_MB] = {NULL, ""}, [LL_C_ONCE] = {NULL, "_relaxed"},
    [LL_C_ACQUIRE] = {NULL, "_acquire"}, [LL_C_RELEASE] = {NULL, "_release"},
    [LL_C_RLX] = {"memory_order_relaxed", NULL},
    [LL_C_ACQ] = {"memory_order_acquire", NULL},
    [LL_C_REL] = {"memory_order_release", NULL},
    [LL_C_ACQ_REL] = {"memory_order_acq_rel", NULL},
    [LL_C_SC] = {"memory_order_seq_cst", NULL},
};

static const char *order(int ann)
{
    return ann >= 0 && ann < (int)(sizeof anns / sizeof *anns)
               ? anns[ann].order : NULL;
}

static const char *suffix(int ann)
{
    return ann >= 0 && ann < (int)(sizeof anns / sizeof *anns)
               ? anns[ann].suffix : NULL;
}

static const char *binop_word(unsigned flags)
{
    switch (flags & 0xff) {
    case LL_C_ADD: return "add";
    case LL_C_SUB: return "sub";
    case LL_C_AND: return "and";
    case LL_C_OR: return "or";
    case LL_C_XOR: return "xor";
    }
    return NULL;
}

/* The value type of one of hr_kp.h's atomic families. */
static const char *fam_value(const char *fam)
{
    return !strcmp(fam, "atomic") ? "int"
           : !strcmp(fam, "atomic_long") ? "long" : "long long";
}

/* The statement's operands printed: o[i] the text of operand i. */
typedef struct ops {
    ll_buf o[LL_MAX_OPERANDS];
    const hw_gen_ctype *ty;  /* the type at the address, if any */
} ops;

static bool print_ops(cbody *b, const ll_stmt *st, ops *p)
{
    const ll_instr *in = &st->instr;
    int a = addr_index(in);
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        bool ok;
        if (i == a)
            ok = put_addr(b, st, o, &p->ty, &p->o[i]);
        else if ((i == 0 && has_dest(in)) || (in->op == LL_C_CAS11 && i == 2))
            ok = put_reg(b, st, o, &p->o[i]);
        else if (o->kind == LL_OPND_LABEL)
            ok = put_label(b, st, o->sym, &p->o[i]);
        else
            ok = put_val(b, st, o, &p->o[i]);
        if (!ok)
            return false;
    }
    return true;
}

static bool print_bin(cbody *b, const ll_stmt *st, const ops *p,
                      const char *const *o)
{
    (void)p;
    static const char *const sym[] = {
        [LL_C_ADD] = "+", [LL_C_SUB] = "-", [LL_C_MUL] = "*",
        [LL_C_AND] = "&", [LL_C_OR] = "|", [LL_C_XOR] = "^",
        [LL_C_EQ] = "==", [LL_C_NE] = "!=", [LL_C_LT] = "<",
        [LL_C_LE] = "<=", [LL_C_GT] = ">", [LL_C_GE] = ">=",
    };
    unsigned op = st->instr.flags & 0xff;
    ll_buf *c = &b->code;
    /* herd7 gives the difference of two addresses as their order (-1, 0,
     * 1) and refuses most other arithmetic on them, where a machine
     * computes on the bytes: only their equality means the same on both. */
    for (int i = 1; i < st->instr.n_ops && i <= 2; i++)
        if (st->instr.ops[i].kind == LL_OPND_SYM && op != LL_C_EQ &&
            op != LL_C_NE)
            return hw_gen_fail(b->g, st, "hwrun does not support arithmetic "
                               "on an address ('%s'): herd7 computes it "
                               "otherwise than a machine",
                               st->instr.ops[i].sym);
    switch (op) {
    case LL_C_DIV:
    case LL_C_MOD:
        /* 0 where C's division is undefined (gen/c.c's prelude) */
        ll_buf_printf(c, "    %s = ll_%s(%s, %s);\n", o[0],
                      op == LL_C_DIV ? "div" : "mod", o[1], o[2]);
        return true;
    case LL_C_SHL:
        /* the model's shifts: the count mod 64, >> arithmetic */
        ll_buf_printf(c, "    %s = (uint64_t)%s << (%s & 63);\n", o[0], o[1],
                      o[2]);
        return true;
    case LL_C_SHR:
        ll_buf_printf(c, "    %s = (uint64_t)((int64_t)%s >> (%s & 63));\n",
                      o[0], o[1], o[2]);
        return true;
    case LL_C_LT:
    case LL_C_LE:
    case LL_C_GT:
    case LL_C_GE:
        ll_buf_printf(c, "    %s = (int64_t)%s %s (int64_t)%s;\n", o[0], o[1],
                      sym[op], o[2]);
        return true;
    }
    if (op >= sizeof sym / sizeof *sym || !sym[op])
        return hw_gen_fail(b->g, st, "hwrun cannot print this operator");
    ll_buf_printf(c, "    %s = %s %s %s;\n", o[0], o[1], sym[op], o[2]);
    return true;
}

static bool print_ld(cbody *b, const ll_stmt *st, const ops *p,
                     const char *const *o)
{
    int ann = LL_C_ANN(st->instr.flags);
    ll_buf *c = &b->code;
    const char *T = p->ty->c;
    if (ann == LL_C_PLAIN || ann == LL_C_NA)
        ll_buf_printf(c, "    %s = (uint64_t)*%s;\n", o[0], o[1]);
    else if (ann == LL_C_ONCE)
        ll_buf_printf(c, "    %s = (uint64_t)READ_ONCE(*%s);\n", o[0], o[1]);
    else if (ann == LL_C_ACQUIRE)
        ll_buf_printf(c, "    %s = (uint64_t)smp_load_acquire(%s);\n", o[0],
                      o[1]);
    else if (ann == LL_C_RLX || ann == LL_C_ACQ || ann == LL_C_SC)
        ll_buf_printf(c, "    %s = (uint64_t)atomic_load_explicit((_Atomic "
                      "%s *)%s, %s);\n", o[0], T, o[1], order(ann));
    else
        return hw_gen_fail(b->g, st, "hwrun does not support a load with "
                           "this order (C has none: %s)",
                           order(ann) ? order(ann) : "a kernel write's");
    return true;
}

static bool print_st(cbody *b, const ll_stmt *st, const ops *p,
                     const char *const *o)
{
    int ann = LL_C_ANN(st->instr.flags);
    ll_buf *c = &b->code;
    const char *T = p->ty->c;
    if (ann == LL_C_PLAIN || ann == LL_C_NA)
        ll_buf_printf(c, "    *%s = (%s)%s;\n", o[0], T, o[1]);
    else if (ann == LL_C_ONCE)
        ll_buf_printf(c, "    WRITE_ONCE(*%s, (%s)%s);\n", o[0], T, o[1]);
    else if (ann == LL_C_RELEASE)
        ll_buf_printf(c, "    smp_store_release(%s, (%s)%s);\n", o[0], T,
                      o[1]);
    else if (ann == LL_C_RLX || ann == LL_C_REL || ann == LL_C_SC)
        ll_buf_printf(c, "    atomic_store_explicit((_Atomic %s *)%s, (%s)%s, "
                      "%s);\n", T, o[0], T, o[1], order(ann));
    else
        return hw_gen_fail(b->g, st, "hwrun does not support a store with "
                           "this order (C has none: %s)",
                           order(ann) ? order(ann) : "a kernel read's");
    return true;
}

/* A kernel read-modify-write: hr_kp.h's atomic family of the variable's
 * type (atomic_t's for an int), in the annotation's order. */
static bool print_rmw_kernel(cbody *b, const ll_stmt *st, const ops *p,
                             const char *const *o)
{
    unsigned fl = st->instr.flags;
    int ann = LL_C_ANN(fl), kind = LL_C_RMW_KIND(fl);
    const char *word = binop_word(fl), *sfx = suffix(ann);
    const hw_gen_ctype *ty = p->ty;
    ll_buf *c = &b->code;
    if (!ty->fam)
        return hw_gen_fail(b->g, st, "hwrun does not support atomic "
                           "operations on a variable of type %s", ty->name);
    const char *vt = fam_value(ty->fam);
    if (kind == LL_C_NORET && word && ann == LL_C_NORETURN) {
        ll_buf_printf(c, "    %s_%s((%s)%s, (%s_t *)%s);\n", ty->fam, word,
                      vt, o[2], ty->fam, o[1]);
        return true;
    }
    if (sfx && kind == LL_C_XCHG) {
        ll_buf_printf(c, "    %s = (uint64_t)(%s)%s_xchg%s((%s_t *)%s, "
                      "(%s)%s);\n", o[0], ty->c, ty->fam, sfx, ty->fam, o[1],
                      vt, o[2]);
        return true;
    }
    bool ret = kind == LL_C_RETURN;
    if (!sfx || !word || (kind != LL_C_FETCH && !ret) ||
        (ret && strcmp(word, "add") && strcmp(word, "sub")))
        return hw_gen_fail(b->g, st, "hwrun cannot print this atomic "
                           "operation");
    ll_buf_printf(c, "    %s = (uint64_t)(%s)%s_%s%s%s%s((%s)%s, (%s_t *)%s);\n",
                  o[0], ty->c, ty->fam, ret ? "" : "fetch_", word,
                  ret ? "_return" : "", sfx, vt, o[2], ty->fam, o[1]);
    return true;
}

static bool print_rmw(cbody *b, const ll_stmt *st, const ops *p,
                      const char *const *o)
{
    unsigned fl = st->instr.flags;
    int ann = LL_C_ANN(fl), kind = LL_C_RMW_KIND(fl);
    const char *word = binop_word(fl), *T = p->ty->c;
    if (!order(ann))
        return print_rmw_kernel(b, st, p, o);
    if (kind == LL_C_XCHG)
        ll_buf_printf(&b->code, "    %s = (uint64_t)atomic_exchange_explicit("
                      "(_Atomic %s *)%s, (%s)%s, %s);\n", o[0], T, o[1], T,
                      o[2], order(ann));
    else if (kind == LL_C_FETCH && word)
        ll_buf_printf(&b->code, "    %s = (uint64_t)atomic_fetch_%s_explicit("
                      "(_Atomic %s *)%s, (%s)%s, %s);\n", o[0], word, T, o[1],
                      T, o[2], order(ann));
    else
        return hw_gen_fail(b->g, st, "hwrun cannot print this atomic "
                           "operation");
    return true;
}

static bool print_cas(cbody *b, const ll_stmt *st, const ops *p,
                      const char *const *o)
{
    unsigned fl = st->instr.flags;
    int ann = LL_C_ANN(fl);
    const hw_gen_ctype *ty = p->ty;
    const char *sfx = suffix(ann);
    if (!ty->fam)
        return hw_gen_fail(b->g, st, "hwrun does not support atomic "
                           "operations on a variable of type %s", ty->name);
    const char *vt = fam_value(ty->fam);
    if (fl & LL_C_CAS_UNLESS) {
        if (ann != LL_C_MB)
            return hw_gen_fail(b->g, st, "hwrun cannot print this atomic "
                               "operation");
        /* atomic_add_unless(v, a, u): operand 3 is a, 2 is u */
        ll_buf_printf(&b->code, "    %s = (uint64_t)%s_add_unless((%s_t *)%s, "
                      "(%s)%s, (%s)%s);\n", o[0], ty->fam, ty->fam, o[1], vt,
                      o[3], vt, o[2]);
        return true;
    }
    if (!sfx)
        return hw_gen_fail(b->g, st, "hwrun cannot print this atomic "
                           "operation");
    ll_buf_printf(&b->code, "    %s = (uint64_t)(%s)%s_cmpxchg%s((%s_t *)%s, "
                  "(%s)%s, (%s)%s);\n", o[0], ty->c, ty->fam, sfx, ty->fam,
                  o[1], vt, o[2], vt, o[3]);
    return true;
}

/* C11's compare-exchange: the expected value goes through a variable of
 * the location's type and comes back (the value read, on failure). The
 * lowering does not tell strong from weak: strong, as the model reads
 * both. */
static bool print_cas11(cbody *b, const ll_stmt *st, const ops *p,
                        const char *const *o)
{
    unsigned fl = st->instr.flags;
    int succ = LL_C_ANN(fl), fail = LL_C_FAIL(fl);
    const char *T = p->ty->c;
    if (!order(succ) || !order(fail) || fail == LL_C_REL ||
        fail == LL_C_ACQ_REL)
        return hw_gen_fail(b->g, st, "hwrun does not support a "
                           "compare-exchange whose failure reads with %s",
                           order(fail) ? order(fail) : "no order");
    ll_buf_printf(&b->code, "    {\n        %s cas_e = (%s)%s;\n        %s = "
                  "atomic_compare_exchange_strong_explicit((_Atomic %s *)%s, "
                  "&cas_e, (%s)%s, %s, %s);\n        %s = (uint64_t)cas_e;\n"
                  "    }\n", T, T, o[2], o[0], T, o[1], T, o[3], order(succ),
                  order(fail), o[2]);
    return true;
}

static bool print_fence(cbody *b, const ll_stmt *st, const ops *p,
                        const char *const *o)
{
    (void)p;
    (void)o;
    static const char *const calls[] = {
        [LL_C_F_MB] = "smp_mb", [LL_C_F_RMB] = "smp_rmb",
        [LL_C_F_WMB] = "smp_wmb", [LL_C_F_RCU_LOCK] = "rcu_read_lock",
        [LL_C_F_RCU_UNLOCK] = "rcu_read_unlock",
        [LL_C_F_SYNC_RCU] = "synchronize_rcu",
        [LL_C_F_BEFORE_ATOMIC] = "smp_mb__before_atomic",
        [LL_C_F_AFTER_ATOMIC] = "smp_mb__after_atomic",
        [LL_C_F_AFTER_SPINLOCK] = "smp_mb__after_spinlock",
        [LL_C_F_AFTER_UNLOCK_LOCK] = "smp_mb__after_unlock_lock",
        [LL_C_F_BARRIER] = "barrier",
        [LL_C_F_AFTER_SRCU_UNLOCK] = "smp_mb__after_srcu_read_unlock",
    };
    unsigned kind = st->instr.flags & 0xff;
    if (kind == LL_C_F_C11) {
        const char *mo = order(LL_C_ANN(st->instr.flags));
        if (!mo)
            return hw_gen_fail(b->g, st, "hwrun cannot print this fence");
        ll_buf_printf(&b->code, "    atomic_thread_fence(%s);\n", mo);
        return true;
    }
    if (kind >= sizeof calls / sizeof *calls || !calls[kind])
        return hw_gen_fail(b->g, st, "hwrun cannot print this fence");
    ll_buf_printf(&b->code, "    %s();\n", calls[kind]);
    return true;
}

/* spin_lock and the rest on a spinlock_t (4 bytes), srcu_* on a
 * srcu_struct (8 bytes), placed at the variable. */
static bool print_lock(cbody *b, const ll_stmt *st, const ops *p,
                       const char *const *o)
{
    int op = st->instr.op;
    bool srcu = op == LL_C_SRCU_LOCK || op == LL_C_SRCU_UNLOCK ||
                op == LL_C_SYNC_SRCU;
    if (p->ty->size < (srcu ? 8 : 4))
        return hw_gen_fail(b->g, st, "hwrun does not support a %s on a "
                           "variable of type %s", srcu ? "srcu_struct"
                                                       : "spinlock_t",
                           p->ty->name);
    const char *obj = srcu ? "struct srcu_struct" : "spinlock_t";
    ll_buf *c = &b->code;
    switch (op) {
    case LL_C_LOCK:
        ll_buf_printf(c, "    spin_lock((%s *)%s);\n", obj, o[0]);
        break;
    case LL_C_UNLOCK:
        ll_buf_printf(c, "    spin_unlock((%s *)%s);\n", obj, o[0]);
        break;
    case LL_C_TRYLOCK:
    case LL_C_ISLOCKED:
    case LL_C_SRCU_LOCK:
        ll_buf_printf(c, "    %s = (uint64_t)%s((%s *)%s);\n", o[0],
                      op == LL_C_TRYLOCK    ? "spin_trylock"
                      : op == LL_C_ISLOCKED ? "spin_is_locked"
                                            : "srcu_read_lock",
                      obj, o[1]);
        break;
    case LL_C_SRCU_UNLOCK:
        ll_buf_printf(c, "    srcu_read_unlock((%s *)%s, (int)%s);\n", obj,
                      o[0], o[1]);
        break;
    default:
        ll_buf_printf(c, "    synchronize_srcu((%s *)%s);\n", obj, o[0]);
        break;
    }
    return true;
}

static bool print_mov(cbody *b, const ll_stmt *st, const ops *p,
                      const char *const *o)
{
    (void)st;
    (void)p;
    ll_buf_printf(&b->code, "    %s = %s;\n", o[0], o[1]);
    return true;
}

static bool print_un(cbody *b, const ll_stmt *st, const ops *p,
                     const char *const *o)
{
    (void)p;
    unsigned op = st->instr.flags & 0xff;
    ll_buf_printf(&b->code, "    %s = %s%s;\n", o[0],
                  op == LL_C_NEG   ? "(uint64_t)0 - "
                  : op == LL_C_NOT ? "~(uint64_t)"
                                   : "!",
                  o[1]);
    return true;
}

static bool print_jump(cbody *b, const ll_stmt *st, const ops *p,
                       const char *const *o)
{
    (void)p;
    if (st->instr.op == LL_C_BZ)
        ll_buf_printf(&b->code, "    if (!%s)\n        goto %s;\n", o[0],
                      o[1]);
    else
        ll_buf_printf(&b->code, "    goto %s;\n", o[0]);
    return true;
}

typedef bool printer(cbody *b, const ll_stmt *st, const ops *p,
                     const char *const *o);
static printer *const printers[LL_C_NOPS] = {
    [LL_C_MOV] = print_mov, [LL_C_BIN] = print_bin, [LL_C_UN] = print_un,
    [LL_C_LD] = print_ld, [LL_C_ST] = print_st, [LL_C_RMW] = print_rmw,
    [LL_C_CAS] = print_cas, [LL_C_CAS11] = print_cas11,
    [LL_C_FENCE] = print_fence, [LL_C_LOCK] = print_lock,
    [LL_C_UNLOCK] = print_lock, [LL_C_TRYLOCK] = print_lock,
    [LL_C_ISLOCKED] = print_lock, [LL_C_SRCU_LOCK] = print_lock,
    [LL_C_SRCU_UNLOCK] = print_lock, [LL_C_SYNC_SRCU] = print_lock,
    [LL_C_BZ] = print_jump, [LL_C_JMP] = print_jump,
};

static bool print_instr(cbody *b, const ll_stmt *st, bool c11)
{
    const ll_instr *in = &st->instr;
    if (in->op < 0 || in->op >= LL_C_NOPS || in->n_ops > LL_MAX_OPERANDS)
        return hw_gen_fail(b->g, st, "hwrun cannot print this statement");
    /* the model's bookkeeping of where a control dependency ends: on
     * hardware the dependency is the branch itself */
    if (in->op == LL_C_CTRL_SAVE || in->op == LL_C_CTRL_RESTORE)
        return true;
    if (c11 && hw_gen_ctest_flavour(in) == 2)
        return hw_gen_fail(b->g, st, "hwrun does not support the kernel's "
                           "primitives and C11's atomics in one test");
    ops p = {0};
    bool ok = print_ops(b, st, &p);
    const char *o[LL_MAX_OPERANDS];
    for (int i = 0; i < LL_MAX_OPERANDS; i++)
        o[i] = ll_buf_str(&p.o[i]);
    if (ok)
        ok = printers[in->op](b, st, &p, o);
    for (int i = 0; i < LL_MAX_OPERANDS; i++)
        ll_buf_free(&p.o[i]);
    return ok;
}

/* Labels that a jump names (a label no jump names is not printed: C
 * warns of it). */
static void find_targets(cbody *b)
{
    const ll_thread *th = b->th;
    for (int s = 0; s < th->n_stmts; s++) {
        const ll_stmt *st = &th->stmts[s];
        for (int i = 0; st->has_instr && i < st->instr.n_ops; i++) {
            const ll_operand *o = &st->instr.ops[i];
            for (int d = 0; o->kind == LL_OPND_LABEL && o->sym &&
                            d < th->n_stmts; d++)
                if (th->stmts[d].label && !strcmp(th->stmts[d].label, o->sym))
                    b->target[d] = true;
        }
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* b->regs as b->names: sorted, each once (in place: the names point
 * into b->regs). */
static void sort_names(cbody *b)
{
    int cap = 0;
    for (char *p = b->regs.data; p && *p;) {
        char *nl = strchr(p, '\n');
        *nl = '\0';
        ll_grow((void **)&b->names, &cap, b->n_names + 1, sizeof *b->names);
        b->names[b->n_names++] = p;
        p = nl + 1;
    }
    if (b->n_names > 1)
        qsort(b->names, (size_t)b->n_names, sizeof *b->names, by_name);
    int k = 0;
    for (int i = 0; i < b->n_names; i++)
        if (!k || strcmp(b->names[k - 1], b->names[i]))
            b->names[k++] = b->names[i];
    b->n_names = k;
}

/* Whether the code has the local NAME (declared, or assigned to). */
static bool has_reg(const cbody *b, const char *name)
{
    if (!hw_gen_is_ident(name) || strlen(name) > 200)
        return false;
    char want[256];
    snprintf(want, sizeof want, "r_%s", name);
    const char *key = want;
    return b->n_names &&
           bsearch(&key, b->names, (size_t)b->n_names, sizeof *b->names,
                   by_name) != NULL;
}

/* Where the condition names register l (its first atom), else at. */
static ll_pos atom_pos(const ll_prop *p, const ll_loc *l, ll_pos at)
{
    if (!p)
        return at;
    if (p->kind == LL_PROP_ATOM)
        return ll_loc_cmp(&p->loc, l) ? at : p->pos;
    ll_pos r = atom_pos(p->rhs, l, at);
    return atom_pos(p->lhs, l, r);
}

/* The registers the init block gives this thread (`0:r2=y; 0:r3=5;`):
 * variables whether the body declares them or not, starting at that
 * value (the lowering makes them locals the same way). */
static bool print_init_regs(cbody *b)
{
    const ll_test *t = b->t;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->loc.proc != b->th->proc || !in->loc.name)
            continue;
        ll_stmt at = {.pos = in->pos};
        ll_operand reg = {.kind = LL_OPND_REG, .sym = in->loc.name};
        ll_buf_puts(&b->code, "    ");
        if (!put_reg(b, &at, &reg, &b->code))
            return false;
        ll_buf_puts(&b->code, " = ");
        if (in->has_value && in->value.is_sym) {
            ll_operand loc = {.kind = LL_OPND_SYM, .sym = in->value.sym};
            if (!put_val(b, &at, &loc, &b->code))
                return false;
        } else {
            put_imm(&b->code, in->has_value ? in->value.num : 0);
        }
        ll_buf_puts(&b->code, ";\n");
    }
    return true;
}

/* `#line N "FILE"`, FILE as a C string: what cc says of the lines after
 * it names FILE:N, so that a message about a statement points at the
 * test's line that statement comes from, not into the cache. */
static void line_directive(ll_buf *c, int line, const char *file)
{
    ll_buf_printf(c, "#line %d \"", line);
    for (const unsigned char *s = (const unsigned char *)file; *s; s++)
        if (*s == '"' || *s == '\\' || *s == '?')
            ll_buf_printf(c, "\\%c", *s);
        else if (*s < 0x20 || *s >= 0x7f)
            ll_buf_printf(c, "\\%03o", *s);
        else
            ll_buf_putc(c, (char)*s);
    ll_buf_puts(c, "\"\n");
}

/* Before a statement from the test's line `line`: a #line when it
 * changes. */
static void mark_line(cbody *b, int line)
{
    if (line <= 0 || line == b->line || !b->t->file)
        return;
    line_directive(&b->code, line, b->t->file);
    b->line = line;
}

static bool print_body(cbody *b, int k, bool c11)
{
    const ll_thread *th = b->th;
    find_targets(b);
    if (!print_init_regs(b))
        return false;
    for (int s = 0; s < th->n_stmts; s++) {
        const ll_stmt *st = &th->stmts[s];
        if ((st->label && b->target[s]) || st->has_instr)
            mark_line(b, st->pos.line);
        if (st->label && b->target[s]) {
            if (!put_label(b, st, st->label, &b->code))
                return false;
            ll_buf_puts(&b->code, ":;\n");
        }
        if (st->has_instr && !print_instr(b, st, c11))
            return false;
    }
    /* the registers the condition names, copied out; declared even where
     * the code never sets them (herd7 and litmus7 show such a local as
     * 0; one the init block sets was declared with its value above) */
    for (int o = 0; o < hw_gen_n_outs(b->g); o++) {
        int thread;
        const ll_loc *l = hw_gen_out(b->g, o, &thread);
        if (thread == k && hw_gen_is_ident(l->name))
            ll_buf_printf(&b->regs, "r_%s\n", l->name);
    }
    sort_names(b);
    ll_stmt at = {.pos = th->body_pos};
    for (int o = 0; o < hw_gen_n_outs(b->g); o++) {
        int thread;
        const ll_loc *l = hw_gen_out(b->g, o, &thread);
        if (thread != k)
            continue;
        ll_stmt where = {.pos = atom_pos(b->t->cond.prop, l, at.pos)};
        if (!has_reg(b, l->name))
            return hw_gen_fail(b->g, &where, "register %d:%s is not a "
                               "variable of P%d", l->proc, l->name, th->proc);
        ll_buf_printf(&b->code, "    out[%d] = (int64_t)r_%s;\n", o, l->name);
    }
    return true;
}

bool hw_gen_ctest_thread(hw_gen *g, int k, ll_buf *c)
{
    const ll_test *t = hw_gen_test(g);
    const ll_thread *th = &t->threads[k];
    ll_stmt at = {.pos = th->body_pos};
    for (int i = 0; i < th->n_params; i++)
        if (!strchr(th->params[i].type, '*'))
            return hw_gen_fail(g, &at, "parameter '%s' of P%d is not a "
                               "pointer to a shared variable",
                               th->params[i].name, th->proc);
    int n_locs = hw_gen_n_locs(g);
    cbody b = {.g = g, .t = t, .th = th};
    b.loc_used = ll_xcalloc((size_t)n_locs + 1, sizeof *b.loc_used);
    b.target = ll_xcalloc((size_t)th->n_stmts + 1, sizeof *b.target);
    bool c11 = hw_gen_ctest_is_c11(t);
    bool ok = print_body(&b, k, c11);
    if (ok) {
        ll_buf_printf(c, "static void P%d(uint64_t *const *loc, int64_t *out)"
                      "\n{\n", th->proc);
        for (int i = 0; i < n_locs; i++) {
            const char *name = hw_gen_loc_name(g, i);
            const hw_gen_ctype *ty = hw_gen_ctest_type(t, name);
            if (b.loc_used[i])   /* ty: put_addr or put_loc found it */
                ll_buf_printf(c, "    %s *const m_%s = (%s *)loc[%d];\n",
                              ty ? ty->c : "uint64_t", name,
                              ty ? ty->c : "uint64_t", i);
        }
        for (int i = 0; i < b.n_names; i++)
            ll_buf_printf(c, "    uint64_t %s = 0;\n", b.names[i]);
        if (!c11)
            ll_buf_printf(c, "    kp_enter(%d);\n", k);
        ll_buf_puts(c, ll_buf_str(&b.code));
        if (b.line) {
            /* the generated file's own lines again (NAME.c, as --emit
             * names it): the directive's line is followed by line n+2 */
            int lines = 0;
            for (size_t i = 0; i < c->len; i++)
                lines += c->data[i] == '\n';
            ll_buf name = {0};
            hw_file_name(t->name, &name);
            ll_buf_puts(&name, ".c");
            line_directive(c, lines + 2, ll_buf_str(&name));
            ll_buf_free(&name);
        }
        ll_buf_puts(c, "    (void)loc;\n    (void)out;\n}\n\n");
    }
    ll_buf_free(&b.code);
    ll_buf_free(&b.regs);
    free(b.names);
    free(b.loc_used);
    free(b.target);
    return ok;
}
