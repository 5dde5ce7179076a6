/* ppc.c — the Power plug-in: reads herd7's PPC instruction syntax into
 * ll_instr (opcodes and layout in include/litmuslab/arch/ppc.h) and
 * prints it back. Mnemonics are lower case, as herd7 requires. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_lex.h"
#include "litmuslab/arch/ppc.h"

/* Operand shapes as in asm_lex.h; `m` is `D(RA)` (or herd's `D,RA`). */
typedef struct ppc_form {
    const char *mnem;
    ll_ppc_op op;
    const char *shape;
    bool dot_ok;   /* has a record form `mnem.` */
} ppc_form;

static const ppc_form forms[] = {
    {"addi", LL_PPC_ADDI, "rri", false},
    {"subi", LL_PPC_SUBI, "rri", false},
    {"ori", LL_PPC_ORI, "rri", false},
    {"xori", LL_PPC_XORI, "rri", false},
    {"andi.", LL_PPC_ANDI_DOT, "rri", false},
    {"mulli", LL_PPC_MULLI, "rri", false},
    {"add", LL_PPC_ADD, "rrr", true},
    {"sub", LL_PPC_SUB, "rrr", true},
    {"subf", LL_PPC_SUBF, "rrr", true},
    {"xor", LL_PPC_XOR, "rrr", true},
    {"or", LL_PPC_OR, "rrr", true},
    {"and", LL_PPC_AND, "rrr", true},
    {"mullw", LL_PPC_MULLW, "rrr", true},
    {"divw", LL_PPC_DIVW, "rrr", true},
    {"li", LL_PPC_LI, "ri", false},
    {"mr", LL_PPC_MR, "rr", false},
    {"cmpw", LL_PPC_CMPW, "rr", false},
    {"cmpwi", LL_PPC_CMPWI, "ri", false},
    {"b", LL_PPC_B, "l", false},
    {"beq", LL_PPC_BEQ, "l", false},
    {"bne", LL_PPC_BNE, "l", false},
    {"blt", LL_PPC_BLT, "l", false},
    {"bge", LL_PPC_BGE, "l", false},
    {"bgt", LL_PPC_BGT, "l", false},
    {"ble", LL_PPC_BLE, "l", false},
    {"lbz", LL_PPC_LBZ, "rm", false},
    {"lhz", LL_PPC_LHZ, "rm", false},
    {"lwz", LL_PPC_LWZ, "rm", false},
    {"ld", LL_PPC_LD, "rm", false},
    {"lbzx", LL_PPC_LBZX, "rrr", false},
    {"lhzx", LL_PPC_LHZX, "rrr", false},
    {"lwzx", LL_PPC_LWZX, "rrr", false},
    {"ldx", LL_PPC_LDX, "rrr", false},
    {"stb", LL_PPC_STB, "rm", false},
    {"sth", LL_PPC_STH, "rm", false},
    {"stw", LL_PPC_STW, "rm", false},
    {"std", LL_PPC_STD, "rm", false},
    {"stbx", LL_PPC_STBX, "rrr", false},
    {"sthx", LL_PPC_STHX, "rrr", false},
    {"stwx", LL_PPC_STWX, "rrr", false},
    {"stdx", LL_PPC_STDX, "rrr", false},
    {"lwarx", LL_PPC_LWARX, "rrr", false},
    {"stwcx.", LL_PPC_STWCX, "rrr", false},
    {"ldarx", LL_PPC_LDARX, "rrr", false},
    {"stdcx.", LL_PPC_STDCX, "rrr", false},
    {"sync", LL_PPC_SYNC, "", false},
    {"lwsync", LL_PPC_LWSYNC, "", false},
    {"eieio", LL_PPC_EIEIO, "", false},
    {"isync", LL_PPC_ISYNC, "", false},
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

static const ppc_form *form_of_op(int op)
{
    for (int i = 0; i < N_FORMS; i++)
        if ((int)forms[i].op == op)
            return &forms[i];
    return NULL;
}

/* The form for a written mnemonic; *dot is set for `add.`-style
 * spellings of a form that has a record variant. */
static const ppc_form *form_of_mnem(ll_span m, bool *dot)
{
    int i = ll_asm_lookup(m, forms, N_FORMS, sizeof *forms, false);
    *dot = false;
    if (i < 0 && m.len > 1 && m.s[m.len - 1] == '.') {
        ll_span base = {m.s, m.len - 1, m.col};
        i = ll_asm_lookup(base, forms, N_FORMS, sizeof *forms, false);
        if (i >= 0 && !forms[i].dot_ok)
            i = -1;
        *dot = i >= 0;
    }
    return i >= 0 ? &forms[i] : NULL;
}

static int ppc_reg_lookup(const char *name)
{
    if (name[0] == '%' && name[1])
        return LL_PPC_SYMREG;
    if (strcmp(name, "cr0") == 0)
        return LL_PPC_CR0;
    if (name[0] != 'r' || name[1] < '0' || name[1] > '9')
        return -1;
    if (name[1] == '0' && name[2])
        return -1;   /* no leading zeros: r01 is not a register */
    char *end;
    long n = strtol(name + 1, &end, 10);
    if (*end || n >= LL_PPC_NGPR)
        return -1;
    return (int)n;
}

static const char *ppc_reg_name(int reg)
{
    static const char *const names[LL_PPC_NGPR] = {
        "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
        "r11", "r12", "r13", "r14", "r15", "r16", "r17", "r18", "r19", "r20",
        "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30",
        "r31"};
    if (reg >= 0 && reg < LL_PPC_NGPR)
        return names[reg];
    if (reg == LL_PPC_CR0)
        return "cr0";
    if (reg == LL_PPC_SYMREG)
        return "%sym";
    return "?";
}

static const char *ppc_op_name(int op)
{
    const ppc_form *f = form_of_op(op);
    return f ? f->mnem : "?";
}

/* A register operand: rN or a symbolic `%name` (kept in *sym). */
static bool read_reg(ll_span s, int *reg, char **sym, ll_diag *d)
{
    if (s.len > 1 && s.s[0] == '%') {
        ll_span name = {s.s + 1, s.len - 1, s.col + 1};
        if (!ll_span_is_name(name))
            return ll_asm_bad_operand(d, s, "a register");
        *reg = LL_PPC_SYMREG;
        *sym = ll_span_dup(name);
        return true;
    }
    int r = ll_span_reg(s, ppc_reg_lookup);
    ll_operand t;
    if (!ll_asm_reg_operand(s, r < LL_PPC_NGPR ? r : -1, &t, d))
        return false;   /* cr0 is never written as an operand */
    *reg = t.reg;
    return true;
}

static bool read_reg_opnd(const void *ctx, ll_span s, ll_operand *o,
                          ll_diag *d)
{
    (void)ctx;
    *o = ll_opnd_reg(-1);
    return read_reg(s, &o->reg, &o->sym, d);
}

static bool read_imm(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    (void)ctx;
    if (!ll_span_int(s, &o->imm))
        return ll_asm_bad_operand(d, s, "an integer");
    return true;
}

/* `D(RA)`, or herd's `D,RA` (two written operands joined). */
static bool read_mem(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    (void)ctx;
    *o = ll_opnd_mem(-1, -1, 0);
    int comma = ll_span_find(s, ',');
    if (comma > 0)
        return read_imm(ctx, ll_span_sub(s, 0, comma), o, d) &&
               read_reg(ll_span_sub(s, comma + 1, s.len - comma - 1),
                        &o->reg, &o->sym, d);
    int open = ll_span_find(s, '(');
    ll_span inner;
    if (open <= 0 || !ll_span_wrapped(ll_span_sub(s, open, s.len - open),
                                      '(', ')', &inner))
        return ll_asm_bad_operand(d, s, "D(rA)");
    return read_imm(ctx, ll_span_sub(s, 0, open), o, d) &&
           read_reg(inner, &o->reg, &o->sym, d);
}

static void print_reg(int reg, const char *sym, ll_buf *b)
{
    if (reg == LL_PPC_SYMREG)
        ll_buf_printf(b, "%%%s", sym ? sym : "?");
    else
        ll_buf_puts(b, ppc_reg_name(reg));
}

static void print_reg_opnd(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    print_reg(o->reg, o->sym, b);
}

static void print_imm(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    ll_asm_print_int(b, "", o->imm);
}

static void print_mem(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    ll_asm_print_int(b, "", o->imm);
    ll_buf_putc(b, '(');
    print_reg(o->reg, o->sym, b);
    ll_buf_putc(b, ')');
}

static const ll_asm_syntax ppc_syntax = {
    read_reg_opnd, read_imm, read_mem, print_reg_opnd, print_imm, print_mem,
    NULL,
};

static bool ppc_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    memset(out, 0, sizeof *out);
    ll_asm_line ln;
    if (!ll_asm_split(ll_span_of(text), &ln, d))
        return false;
    bool dot;
    const ppc_form *f = form_of_mnem(ln.mnem, &dot);
    if (!f)
        return ll_asm_unknown_instr(d, ln.mnem);
    out->op = (int)f->op;
    out->flags = dot ? LL_PPC_F_DOT : 0;
    int n = (int)strlen(f->shape);
    if (n > 0 && f->shape[n - 1] == 'm' && ln.n_args == n + 1)
        ll_asm_join_args(&ln, n - 1);
    if (ll_asm_read_shape(&ppc_syntax, f->shape, &ln, 0, out, d))
        return true;
    ll_instr_clear(out);
    return false;
}

static void ppc_print_instr(const ll_instr *in, ll_buf *b)
{
    const ppc_form *f = form_of_op(in->op);
    ll_buf_puts(b, f ? f->mnem : "?");
    if (in->flags & LL_PPC_F_DOT)
        ll_buf_putc(b, '.');
    ll_asm_print_ops(&ppc_syntax, in, 0, b);
}

int ll_ppc_access_size(int op)
{
    switch (op) {
    case LL_PPC_LBZ: case LL_PPC_LBZX: case LL_PPC_STB: case LL_PPC_STBX:
        return 1;
    case LL_PPC_LHZ: case LL_PPC_LHZX: case LL_PPC_STH: case LL_PPC_STHX:
        return 2;
    case LL_PPC_LWZ: case LL_PPC_LWZX: case LL_PPC_STW: case LL_PPC_STWX:
    case LL_PPC_LWARX: case LL_PPC_STWCX:
        return 4;
    case LL_PPC_LD: case LL_PPC_LDX: case LL_PPC_STD: case LL_PPC_STDX:
    case LL_PPC_LDARX: case LL_PPC_STDCX:
        return 8;
    default:
        return 0;
    }
}

static bool starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* herd7's digest spelling: 64-bit accesses are digested as the 32-bit
 * ones, and branches pad their label. */
static void ppc_herd_spelling(const char *text, ll_buf *out)
{
    static const char *const from[] = {"ld ", "std ", "ldx ", "stdx "};
    static const char *const to[] = {"lwz ", "stw ", "lwzx ", "stwx "};
    for (int i = 0; i < 4; i++)
        if (starts(text, from[i])) {
            ll_buf_printf(out, "%s%s", to[i], text + strlen(from[i]));
            return;
        }
    const char *sp = strchr(text, ' ');
    if (text[0] == 'b' && sp) {
        int m = (int)(sp - text);
        ll_buf_printf(out, "%.*s%s%s", m, text, m == 1 ? "   " : "  ", sp + 1);
        return;
    }
    ll_buf_puts(out, text);
}

const ll_arch_ops ll_arch_ppc = {
    .id = LL_ARCH_PPC,
    .name = "PPC",
    .parse_instr = ppc_parse_instr,
    .print_instr = ppc_print_instr,
    .reg_lookup = ppc_reg_lookup,
    .reg_name = ppc_reg_name,
    .op_name = ppc_op_name,
    .reg_canon = ll_reg_canon_identity,
    .herd_spelling = ppc_herd_spelling,
};
