/* x86.c — the x86 code generator: X86 and X86_64 instructions (as typed
 * by lib/arch/x86.c, named by its one opcode table) written as AT&T GCC
 * asm for x86-64 hosts, always with an explicit size suffix. Each
 * architectural register (rax, with eax/ax/al as parts) is one C
 * variable; a part is selected with GCC's operand modifiers. What the CPU
 * cannot run as written (herd7's unlocked exchange, an 8-bit cmov, lock
 * without a memory destination, an immediate too wide for its operand)
 * is refused with a message. */
#include <string.h>

#include "hwrun/gen/gen.h"
#include "litmuslab/arch/x86.h"

static int x86_reg_family(int reg)
{
    return LL_X86_IS_GPR(reg) ? LL_X86_REG_BASE(reg) : -1;
}

static const char *const family_names[16] = {
    "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
};

static const char *x86_family_name(int fam)
{
    return fam >= 0 && fam < 16 ? family_names[fam] : "?";
}

static int x86_reg_shift(int reg)
{
    return LL_X86_IS_GPR(reg) && LL_X86_REG_PART(reg) == LL_X86_P8H ? 8 : 0;
}

static const char *const part_modifiers[] = {
    [LL_X86_P64] = "q", [LL_X86_P32] = "k", [LL_X86_P16] = "w",
    [LL_X86_P8] = "b", [LL_X86_P8H] = "h",
};

static const char suffix_of_width[] = {0, 'b', 'w', 0, 'l', 0, 0, 0, 'q'};

static bool is_shift(int op)
{
    return op == LL_X86_SHL || op == LL_X86_SHR || op == LL_X86_SAR;
}

static bool has_high_byte(const ll_instr *in)
{
    for (int i = 0; i < in->n_ops; i++)
        if (in->ops[i].kind == LL_OPND_REG && LL_X86_IS_GPR(in->ops[i].reg) &&
            LL_X86_REG_PART(in->ops[i].reg) == LL_X86_P8H)
            return true;
    return false;
}

/* cmpxchg compares with (and writes) rax: that test register must be the
 * real rax; a shift count register must be the real cl. `%h` (ah..dh)
 * needs one of the a-d registers, and so does every register beside it
 * (any other would need a REX prefix, which ah..dh forbid). */
static void x86_scan_instr(hw_gen *g, const ll_instr *in)
{
    if (in->op == LL_X86_CMPXCHG)
        hw_gen_pin(g, LL_X86_RAX, "a");
    if (is_shift(in->op) && in->n_ops == 2 &&
        in->ops[0].kind == LL_OPND_REG)
        hw_gen_pin(g, LL_X86_RCX, "c");
    if (!has_high_byte(in) || in->op == LL_X86_NOP)
        return;
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *op = &in->ops[i];
        if (op->kind == LL_OPND_REG && LL_X86_IS_GPR(op->reg))
            hw_gen_pin(g, LL_X86_REG_BASE(op->reg), "Q");
        if (op->kind == LL_OPND_MEM && LL_X86_IS_GPR(op->reg))
            hw_gen_pin(g, LL_X86_REG_BASE(op->reg), "Q");
        if (op->kind == LL_OPND_MEM && op->index >= 0)
            hw_gen_pin(g, LL_X86_REG_BASE(op->index), "Q");
    }
}

static void put_int(ll_buf *out, int64_t v)
{
    ll_buf_printf(out, "%lld", (long long)v);
}

/* A memory operand: the location's address register, a base and an
 * index; `x(%rip)` is x's own address register. */
static bool put_mem(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                    ll_buf *out)
{
    int base = LL_X86_IS_GPR(op->reg) ? op->reg : -1;
    if (LL_X86_SEG(st->instr.flags))
        return hw_gen_fail(g, st, "segment-prefixed addresses are not "
                           "supported by hwrun");
    if (!op->sym && (op->reg == LL_X86_RIP || op->reg == LL_X86_EIP))
        return hw_gen_fail(g, st, "a rip-relative address must name a "
                           "location (x(%%rip))");
    if (op->index >= 0 && op->shift == 0)
        return hw_gen_fail(g, st, "a scale of 0 has no encoding (herd7 "
                           "reads it as the index times 0)");
    if (op->sym && base >= 0 && op->index >= 0)
        return hw_gen_fail(g, st, "a memory operand with a location, a base "
                           "and an index register is not supported");
    if (op->imm)
        put_int(out, op->imm);
    ll_buf_putc(out, '(');
    if (op->sym)
        hw_gen_put_loc(g, out, op->sym);
    if (base >= 0) {
        if (op->sym)
            ll_buf_putc(out, ',');
        hw_gen_put_reg(g, out, "q", LL_X86_REG_BASE(base));
        if (op->sym)
            ll_buf_puts(out, ",1");
    }
    if (op->index >= 0) {
        ll_buf_putc(out, ',');
        hw_gen_put_reg(g, out, "q", LL_X86_REG_BASE(op->index));
        ll_buf_printf(out, ",%d", op->shift);
    }
    ll_buf_putc(out, ')');
    return true;
}

static bool put_operand(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                        ll_buf *out)
{
    switch (op->kind) {
    case LL_OPND_REG:
        if (!LL_X86_IS_GPR(op->reg))
            return hw_gen_fail(g, st, "rip, eip or a segment register as an "
                               "operand is a plain register to herd7, not "
                               "the CPU's: not run");
        hw_gen_put_reg(g, out, part_modifiers[LL_X86_REG_PART(op->reg)],
                       LL_X86_REG_BASE(op->reg));
        return true;
    case LL_OPND_IMM:   /* perpetual mode: a register holding k*S + c */
        if (hw_gen_perp_imm(g, st, ll_x86_op_width(&st->instr) == 8 ? "q"
                                                                     : "k",
                            out))
            return true;
        ll_buf_putc(out, '$');
        put_int(out, op->imm);
        return true;
    case LL_OPND_MEM:
        return put_mem(g, st, op, out);
    case LL_OPND_LABEL:
        hw_gen_put_label(g, out, op->sym);
        return true;
    case LL_OPND_SYM:
        hw_gen_put_loc(g, out, op->sym);
        return true;
    }
    return false;
}

/* A nop's operand is never used: it is written with the host's own
 * registers, as in `nopw %cs:0x0(%rax,%rax,1)`. */
static void put_nop_operand(const ll_instr *in, ll_buf *out)
{
    static const char *const segs[] = {"es", "cs", "ss", "ds", "fs", "gs"};
    const ll_operand *op = &in->ops[0];
    if (op->kind == LL_OPND_REG) {
        ll_buf_printf(out, "%%%%%s", family_names[LL_X86_REG_BASE(op->reg)]);
        return;
    }
    if (LL_X86_SEG(in->flags))
        ll_buf_printf(out, "%%%%%s:", segs[LL_X86_SEG(in->flags) - 1]);
    put_int(out, op->imm);
    ll_buf_putc(out, '(');
    if (LL_X86_IS_GPR(op->reg))
        ll_buf_printf(out, "%%%%%s", family_names[LL_X86_REG_BASE(op->reg)]);
    if (op->index >= 0)   /* scale 0, LLVM's, is no encoding: 1 */
        ll_buf_printf(out, ",%%%%%s,%d",
                      family_names[LL_X86_REG_BASE(op->index)],
                      op->shift ? op->shift : 1);
    if (!LL_X86_IS_GPR(op->reg) && op->index < 0)
        ll_buf_puts(out, "%%rax");
    ll_buf_putc(out, ')');
}

/* Whether the assembler encodes nop's operand: 16, 32 or 64 bits, a
 * register of the suffix's width (herd7 reads `nopl %al`, `nopb (x)`). */
static bool nop_encodes(const ll_instr *in)
{
    int want = ll_x86_width(in, 0);     /* nop's: its suffix's alone */
    const ll_operand *o = &in->ops[0];
    int w = o->kind == LL_OPND_REG && LL_X86_IS_GPR(o->reg)
                ? ll_x86_reg_width(o->reg) : 0;
    return want != 1 && w != 1 && !(want && w && w != want);
}

/* What the CPU refuses or the assembler cannot encode. */
static bool check_runnable(hw_gen *g, const ll_stmt *st, int w)
{
    const ll_instr *in = &st->instr;
    const ll_operand *dst = in->n_ops ? &in->ops[in->n_ops - 1] : NULL;
    if (in->op == LL_X86_UXCH)
        return hw_gen_fail(g, st, "'uxch' is herd7's own exchange (as "
                           "xchg in its model): no x86 instruction "
                           "spells it");
    if (in->op == LL_X86_CMOVCC && w == 1)
        return hw_gen_fail(g, st, "x86 has no 8-bit cmov");
    if (in->op == LL_X86_MOVNTI && w < 4)
        return hw_gen_fail(g, st, "x86 has no 8- or 16-bit movnti");
    if (in->op == LL_X86_NOP && in->n_ops == 1 && !nop_encodes(in))
        return hw_gen_fail(g, st, "nop takes a 16-, 32- or 64-bit operand, "
                           "a register of its suffix's width: not run");
    if (in->op == LL_X86_SETCC && dst && dst->kind == LL_OPND_REG &&
        LL_X86_IS_GPR(dst->reg) && ll_x86_reg_width(dst->reg) != 1)
        return hw_gen_fail(g, st, "set of a register wider than a byte "
                           "is herd7's form, not the CPU's: not run");
    for (int i = 0; i < in->n_ops && has_high_byte(in); i++)
        if (in->ops[i].kind == LL_OPND_MEM && in->ops[i].sym &&
            in->op != LL_X86_NOP)
            return hw_gen_fail(g, st, "hwrun cannot address a location "
                               "beside ah, bh, ch or dh (the location's "
                               "register may need a REX prefix)");
    if ((in->flags & LL_X86_F_LOCK) &&
        !(in->n_ops && dst->kind == LL_OPND_MEM))
        return hw_gen_fail(g, st, "'lock' without a memory destination "
                           "faults on the CPU");
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *op = &in->ops[i];
        if (op->kind != LL_OPND_IMM)
            continue;
        int64_t v = op->imm;
        bool fits;
        if (is_shift(in->op))
            fits = v >= 0 && v <= 255;
        else if (w == 8)
            fits = (v >= INT32_MIN && v <= INT32_MAX) ||
                   (in->op == LL_X86_MOV && dst->kind == LL_OPND_REG);
        else
            fits = v >= -(INT64_C(1) << (8 * w - 1)) &&
                   v < (INT64_C(1) << (8 * w));
        if (!fits)
            return hw_gen_fail(g, st, "the immediate $%lld does not fit "
                               "a %d-bit operand", (long long)v, 8 * w);
    }
    return true;
}

/* The mnemonic as the assembler takes it. */
static void put_mnemonic(const ll_instr *in, int w, ll_buf *out)
{
    char buf[16];
    if (in->flags & LL_X86_F_LOCK)
        ll_buf_puts(out, "lock ");
    if (in->op == LL_X86_MOVZX || in->op == LL_X86_MOVSX) {
        ll_buf_printf(out, "mov%c%c%c", in->op == LL_X86_MOVZX ? 'z' : 's',
                      suffix_of_width[ll_x86_src_width(in)],
                      suffix_of_width[w]);
        return;
    }
    ll_buf_puts(out, ll_x86_mnemonic(in, buf));
    if (ll_x86_table[in->op].sized && in->op != LL_X86_NOP)
        ll_buf_putc(out, suffix_of_width[w]);
}

static bool x86_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    const ll_test *t = hw_gen_test(g);
    if (in->op < 0 || in->op >= LL_X86_NOPS)
        return hw_gen_fail(g, st, "instruction '%s' is not supported by "
                           "the x86 code generator",
                           t->arch->op_name ? t->arch->op_name(in->op) : "?");
    int w = ll_x86_op_width(in);
    if (!check_runnable(g, st, w))
        return false;
    switch (in->op) {
    case LL_X86_RET:    /* the end of this thread's code */
        ll_buf_puts(out, "jmp ");
        hw_gen_put_end(g, out);
        return true;
    case LL_X86_NOP:
        ll_buf_puts(out, "nop");
        if (in->n_ops) {
            ll_buf_printf(out, "%c ", suffix_of_width[w]);
            put_nop_operand(in, out);
        }
        return true;
    }
    put_mnemonic(in, w, out);
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_puts(out, i ? "," : " ");
        if (!put_operand(g, st, &in->ops[i], out))
            return false;
    }
    return true;
}

/* An access to a location: its name, when op is `(x)` alone. */
static const char *direct_loc(const ll_operand *op)
{
    return op->kind == LL_OPND_MEM && op->sym && op->reg < 0 &&
                   op->index < 0 && op->imm == 0
               ? op->sym : NULL;
}

/* Perpetual mode: fences and nops, `mov $c,(x)`, `mov (x),%reg`. */
static hw_perp_kind x86_perp_access(const ll_instr *in, hw_perp_access *a)
{
    switch (in->op) {
    case LL_X86_MFENCE: case LL_X86_LFENCE: case LL_X86_SFENCE:
    case LL_X86_NOP: case LL_X86_ENDBR64:
        return HW_PERP_FENCE;
    case LL_X86_MOV:
        if (in->n_ops != 2 || (in->flags & LL_X86_F_LOCK))
            return HW_PERP_NONE;
        a->width = ll_x86_op_width(in);
        if (in->ops[0].kind == LL_OPND_IMM && (a->loc = direct_loc(&in->ops[1]))) {
            a->imm = in->ops[0].imm;
            return HW_PERP_STORE;
        }
        if (in->ops[1].kind == LL_OPND_REG && LL_X86_IS_GPR(in->ops[1].reg) &&
            (a->loc = direct_loc(&in->ops[0]))) {
            a->reg = in->ops[1].reg;
            return HW_PERP_LOAD;
        }
        return HW_PERP_NONE;
    default:
        return HW_PERP_NONE;
    }
}

/* The machines that run these tests (hwrun/target.h; cross builds
 * are static, so that qemu-user runs them without the target's
 * libraries). */
static const hw_target x86_targets[] = {
    {"x86_64", "amd64 x86-64", LL_ARCH_X86, "x86_64",
     "x86_64-linux-gnu-gcc", "gcc-x86-64-linux-gnu", "qemu-x86_64", "",
     "rdtsc", NULL},
    {.name = NULL},
};

const hw_gen_ops hw_gen_x86_ops = {
    .arch = LL_ARCH_X86,
    .name = "x86",
    .targets = x86_targets,
    .n_opcodes = LL_X86_NOPS,
    .reg_family = x86_reg_family,
    .family_name = x86_family_name,
    .reg_width = ll_x86_reg_width,
    .reg_shift = x86_reg_shift,
    .scan_instr = x86_scan_instr,
    .write_instr = x86_write_instr,
    .clobbers = "\"cc\", \"memory\"",
    .perp_access = x86_perp_access,
};
