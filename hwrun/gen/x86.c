/* x86.c — the x86 code generator: X86 and X86_64 instructions (as typed
 * by lib/arch/x86.c) written as AT&T-syntax GCC asm, for x86-64 hosts.
 * Each architectural register (rax, with eax/ax/al as parts) is one C
 * variable; a part is selected with GCC's operand modifiers. */
#include <string.h>

#include "hwrun/gen/gen.h"
#include "litmuslab/arch/x86.h"

static bool x86_host_ok(void)
{
#if defined(__x86_64__)
    return true;
#else
    return false;
#endif
}

static int x86_reg_family(int reg)
{
    if (reg < 0 || reg >= LL_X86_NREGS)
        return -1;
    return LL_X86_REG_BASE(reg);
}

static const char *const family_names[16] = {
    "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
};

static const char *x86_family_name(int fam)
{
    return fam >= 0 && fam < 16 ? family_names[fam] : "?";
}

/* Mnemonics by opcode, and whether they take a size suffix. */
static const struct {
    const char *name;
    bool sized;
} mnemonics[LL_X86_NOPS] = {
    [LL_X86_MOV] = {"mov", true},       [LL_X86_ADD] = {"add", true},
    [LL_X86_SUB] = {"sub", true},       [LL_X86_AND] = {"and", true},
    [LL_X86_OR] = {"or", true},         [LL_X86_XOR] = {"xor", true},
    [LL_X86_CMP] = {"cmp", true},       [LL_X86_INC] = {"inc", true},
    [LL_X86_DEC] = {"dec", true},       [LL_X86_NEG] = {"neg", true},
    [LL_X86_XCHG] = {"xchg", true},     [LL_X86_XADD] = {"xadd", true},
    [LL_X86_CMPXCHG] = {"cmpxchg", true},
    [LL_X86_MFENCE] = {"mfence", false}, [LL_X86_LFENCE] = {"lfence", false},
    [LL_X86_SFENCE] = {"sfence", false}, [LL_X86_JMP] = {"jmp", false},
    [LL_X86_JE] = {"je", false},        [LL_X86_JNE] = {"jne", false},
    [LL_X86_JL] = {"jl", false},        [LL_X86_JLE] = {"jle", false},
    [LL_X86_JG] = {"jg", false},        [LL_X86_JGE] = {"jge", false},
    [LL_X86_JS] = {"js", false},        [LL_X86_JNS] = {"jns", false},
};

static const char *const part_modifiers[] = {
    [LL_X86_P64] = "q", [LL_X86_P32] = "k", [LL_X86_P16] = "w",
    [LL_X86_P8] = "b", [LL_X86_P8H] = "h",
};

/* cmpxchg compares with (and writes) rax: that test register must be the
 * real rax. `%h` (ah..dh) needs one of the a-d registers. */
static void x86_scan_instr(hw_gen *g, const ll_instr *in)
{
    if (in->op == LL_X86_CMPXCHG)
        hw_gen_pin(g, LL_X86_RAX, "a");
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *op = &in->ops[i];
        if (op->kind == LL_OPND_REG && op->reg >= 0 &&
            LL_X86_REG_PART(op->reg) == LL_X86_P8H)
            hw_gen_pin(g, LL_X86_REG_BASE(op->reg), "Q");
    }
}

/* The operand width: the suffix written, else a register operand's,
 * else the architecture's default (X86: 32-bit, X86_64: 64-bit). */
static int instr_width(const ll_test *t, const ll_instr *in)
{
    bool x86_32 = t->arch_name && !strcmp(t->arch_name, "X86");
    return ll_x86_width(in, x86_32 ? 4 : 8);
}

static bool put_operand(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                        ll_buf *out)
{
    switch (op->kind) {
    case LL_OPND_REG:
        if (op->reg < 0 || op->reg >= LL_X86_NREGS)
            return hw_gen_fail(g, st, "unknown register");
        hw_gen_put_reg(g, out, part_modifiers[LL_X86_REG_PART(op->reg)],
                       LL_X86_REG_BASE(op->reg));
        return true;
    case LL_OPND_IMM:
        ll_buf_printf(out, "$%lld", (long long)op->imm);
        return true;
    case LL_OPND_MEM:
        if (op->sym && op->reg >= 0)
            return hw_gen_fail(g, st, "a memory operand with both a location "
                               "and a base register is not supported");
        if (op->imm)
            ll_buf_printf(out, "%lld", (long long)op->imm);
        ll_buf_putc(out, '(');
        if (op->sym)
            hw_gen_put_loc(g, out, op->sym);
        else if (op->reg >= 0)
            hw_gen_put_reg(g, out, "q", LL_X86_REG_BASE(op->reg));
        if (op->index >= 0) {
            ll_buf_putc(out, ',');
            hw_gen_put_reg(g, out, "q", LL_X86_REG_BASE(op->index));
            ll_buf_printf(out, ",%d", op->shift ? op->shift : 1);
        }
        ll_buf_putc(out, ')');
        return true;
    case LL_OPND_LABEL:
        hw_gen_put_label(g, out, op->sym);
        return true;
    case LL_OPND_SYM:
        hw_gen_put_loc(g, out, op->sym);
        return true;
    }
    return false;
}

static bool x86_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    const ll_test *t = hw_gen_test(g);
    if (in->op < 0 || in->op >= LL_X86_NOPS || !mnemonics[in->op].name)
        return hw_gen_fail(g, st, "instruction '%s' is not supported by "
                           "the x86 code generator",
                           t->arch->op_name ? t->arch->op_name(in->op) : "?");
    if (in->flags & LL_X86_F_LOCK)
        ll_buf_puts(out, "lock ");
    ll_buf_puts(out, mnemonics[in->op].name);
    if (mnemonics[in->op].sized) {
        static const char suffix[] = {0, 'b', 'w', 0, 'l', 0, 0, 0, 'q'};
        ll_buf_putc(out, suffix[instr_width(t, in)]);
    }
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_puts(out, i ? "," : " ");
        if (!put_operand(g, st, &in->ops[i], out))
            return false;
    }
    return true;
}

const hw_gen_ops hw_gen_x86 = {
    .arch = LL_ARCH_X86,
    .machine = "x86_64",
    .host_ok = x86_host_ok,
    .reg_family = x86_reg_family,
    .family_name = x86_family_name,
    .reg_width = ll_x86_reg_width,
    .default_loc_size = 8,
    .scan_instr = x86_scan_instr,
    .write_instr = x86_write_instr,
    .clobbers = "\"cc\", \"memory\"",
};
