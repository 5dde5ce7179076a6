/* aarch64.c — the AArch64 code generator: AArch64 instructions (as typed
 * by lib/arch/aarch64.c) written as GCC asm. Mnemonics with their
 * acquire/release, byte/half and condition suffixes and barrier options
 * are spelt by the reader's printer; X5 and W5 are one C variable,
 * selected with GCC's %x / %w operand modifiers; XZR and WZR are written
 * as such; herd's symbolic registers (`%x0`) are X registers of their
 * own variables. The Armv8.1 atomics and Armv8.3 LDAPR tell the
 * assembler their extension (lse, rcpc) for their own block only, so the
 * rest of the program stays Armv8.0. */
#include <string.h>

#include "hwrun/gen/aarch64_enc.h"
#include "hwrun/gen/gen.h"
#include "litmuslab/arch/aarch64.h"

static int a64_reg_family(int reg)
{
    if (reg < 0 || reg >= LL_A64_SP || LL_A64_REG_NUM(reg) == LL_A64_ZR)
        return -1;
    return LL_A64_REG_NUM(reg);
}

static int a64_reg_width(int reg)
{
    return LL_A64_REG_IS_W(reg) ? 4 : 8;
}

static bool a64_is_zero_reg(int reg)
{
    return reg >= 0 && reg < LL_A64_SP && LL_A64_REG_NUM(reg) == LL_A64_ZR;
}

static void a64_write_zero(hw_gen *g, int fam, ll_buf *out)
{
    ll_buf_puts(out, "mov ");
    hw_gen_put_reg(g, out, "x", fam);
    ll_buf_puts(out, ",xzr");
}

/* A register as the instruction names it: its W or X part. */
static bool put_reg(hw_gen *g, const ll_stmt *st, int reg, ll_buf *out)
{
    bool w = LL_A64_REG_IS_W(reg);
    if (LL_A64_IS_SYMREG(reg)) {   /* herd's `%x0`: an X register */
        hw_gen_put_symreg(g, out, "x", hw_gen_test(g)->arch->reg_name(reg));
        return true;
    }
    if (reg >= 0 && reg < LL_A64_SP && LL_A64_REG_NUM(reg) == LL_A64_ZR) {
        ll_buf_puts(out, w ? "wzr" : "xzr");
        return true;
    }
    if (a64_reg_family(reg) < 0)
        return hw_gen_fail(g, st, "register %s cannot be used by hwrun",
                           reg == LL_A64_SP ? "SP" : "?");
    hw_gen_put_reg(g, out, w ? "w" : "x", a64_reg_family(reg));
    return true;
}

/* `,LSL #2`, `,SXTW`: a shift or extension as the assembler reads it
 * (the amount written when there is one, and always for the shifts of a
 * register operand). */
static void put_shift(int shift, bool mem, ll_buf *out)
{
    static const char *const names[] = {
        "lsl", "uxtw", "sxtw", "sxtx", "lsr", "asr", "ror", "uxtb", "uxth",
        "sxtb", "sxth", "uxtx"};
    int kind = LL_A64_EXT_KIND(shift), amount = LL_A64_EXT_AMOUNT(shift);
    if ((kind == LL_A64_EXT_LSL && amount == 0) || kind > LL_A64_EXT_UXTX)
        return;
    ll_buf_printf(out, ",%s", names[kind]);
    bool is_shift = kind == LL_A64_EXT_LSL || kind == LL_A64_EXT_LSR ||
                    kind == LL_A64_EXT_ASR || kind == LL_A64_EXT_ROR;
    if (amount || (!mem && is_shift))
        ll_buf_printf(out, " #%d", amount);
}

/* [Xn], [Xn,#imm], [Xn,Xm], [Xn,Wm,SXTW], [Xn,Xm,LSL #k], [Xn,#imm]!,
 * [Xn],#imm */
static bool put_address(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                        ll_buf *out)
{
    int mode = LL_A64_IDX_MODE(op->shift);
    /* the base is an X register, whatever part the test names */
    int base = op->reg >= 0 && op->reg < LL_A64_SP
                   ? LL_A64_REG(LL_A64_REG_NUM(op->reg), LL_A64_X) : op->reg;
    ll_buf_putc(out, '[');
    if (!put_reg(g, st, base, out))
        return false;
    if (op->index >= 0) {
        ll_buf_putc(out, ',');
        if (!put_reg(g, st, op->index, out))
            return false;
        put_shift(op->shift & 0xFFFF, true, out);
    } else if ((op->imm || mode == LL_A64_IDX_PRE) &&
               mode != LL_A64_IDX_POST) {   /* `[x1,#0]!`: as wants the #0 */
        ll_buf_printf(out, ",#%lld", (long long)op->imm);
    }
    ll_buf_putc(out, ']');
    if (mode == LL_A64_IDX_PRE)
        ll_buf_putc(out, '!');
    else if (mode == LL_A64_IDX_POST)
        ll_buf_printf(out, ",#%lld", (long long)op->imm);
    return true;
}

static const hw_gen_syntax syntax = {"#", put_reg, put_address};

/* A register or immediate operand may carry a shift (`ADD X0,X1,X2,LSL
 * #2`, `MOVZ X0,#1,LSL #16`). */
static bool put_operand(hw_gen *g, const ll_stmt *st, int i, ll_buf *out)
{
    const ll_operand *op = &st->instr.ops[i];
    if (!hw_gen_put_operand(g, st, i, &syntax, out))
        return false;
    if (op->kind == LL_OPND_REG || op->kind == LL_OPND_IMM)
        put_shift(op->shift, false, out);
    return true;
}

/* The atomics, which need the LSE extension. */
static bool is_lse(int op)
{
    return ll_a64_base_only(op) == LL_A64_BASE_ATOMIC;
}

/* The instructions that access two elements side by side. */
static bool is_pair(int op)
{
    return (op >= LL_A64_LDP && op <= LL_A64_STNP) || op == LL_A64_LDPSW ||
           op == LL_A64_LDXP || op == LL_A64_LDAXP || op == LL_A64_LDIAPP ||
           op == LL_A64_STILP || op == LL_A64_CASP || op == LL_A64_STXP ||
           op == LL_A64_STLXP;
}

/* The conditional selects keep their condition as the last operand. */
static bool has_cond_operand(int op)
{
    return op >= LL_A64_CSEL && op <= LL_A64_CINC;
}

/* A pair (LDP, STP) accesses two elements of an array, side by side as
 * the harness lays them out; herd7 refuses one on a scalar (mixed-size),
 * as our model does. */
static bool has_array(const ll_test *t)
{
    for (int i = 0; i < t->n_init; i++)
        if (t->init[i].array_len > 0)
            return true;
    return false;
}

/* CASP takes two pairs of consecutive registers, the first even; the
 * compiler places each test register where it likes, so the pairs go
 * through x12-x15 (clobbered by such a thread): moved in, the CASP, the
 * old values moved back. Register moves keep the dependencies. */
static bool write_casp(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    bool w = LL_A64_REG_IS_W(in->ops[0].reg);
    const char *part = w ? "w" : "x";
    for (int i = 0; i < 4; i++) {
        ll_buf_printf(out, "mov %s%d,", part, 12 + i);
        if (!put_reg(g, st, in->ops[i].reg, out))
            return false;
        ll_buf_puts(out, "\n\t");
    }
    ll_instr mnem = *in;
    mnem.n_ops = 0;
    hw_gen_test(g)->arch->print_instr(&mnem, out);
    ll_buf_printf(out, " %s12,%s13,%s14,%s15,", part, part, part, part);
    if (!put_address(g, st, &in->ops[4], out))
        return false;
    for (int i = 0; i < 2; i++) {
        if (a64_is_zero_reg(in->ops[i].reg))
            continue;
        ll_buf_puts(out, "\n\tmov ");
        if (!put_reg(g, st, in->ops[i].reg, out))
            return false;
        ll_buf_printf(out, ",%s%d", part, 12 + i);
    }
    return true;
}

static const char *a64_instr_clobbers(const ll_instr *in)
{
    return in->op == LL_A64_CASP ? "\"x12\", \"x13\", \"x14\", \"x15\""
                                 : NULL;
}

static bool a64_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    const ll_arch_ops *arch = hw_gen_test(g)->arch;
    if (in->op == LL_A64_SVC || in->op == LL_A64_UDF)
        return hw_gen_fail(g, st, "'%s' traps to the kernel (herd7 stops "
                           "the thread there); hwrun cannot run it",
                           arch->op_name(in->op));
    if (in->op == LL_A64_HLT)
        return hw_gen_fail(g, st, "'HLT' halts for a debugger on the CPU "
                           "(herd7 reads it as NOP); hwrun cannot run it");
    if (in->op == LL_A64_HINT && in->ops[0].imm != 0)
        return hw_gen_fail(g, st, "'HINT #%lld' is another instruction on "
                           "the CPU (YIELD, WFE, a pointer authentication "
                           "...; herd7 reads it as NOP); hwrun runs HINT "
                           "#0 alone", (long long)in->ops[0].imm);
    if (in->op == LL_A64_LDIAPP || in->op == LL_A64_STILP ||
        in->op == LL_A64_ABS)
        return hw_gen_fail(g, st, "'%s' needs %s, which the AArch64 "
                           "toolchain cannot assemble; hwrun cannot run it",
                           arch->op_name(in->op), in->op == LL_A64_ABS
                                                      ? "FEAT_CSSC"
                                                      : "FEAT_LRCPC3");
    if (!hw_a64_encodable(g, st))
        return false;
    if (in->op == LL_A64_BL || in->op == LL_A64_BLR ||
        in->op == LL_A64_RET)
        return hw_gen_fail(g, st, "'%s' uses the link register X30, which "
                           "in hwrun's harness is the compiler's; hwrun "
                           "cannot run it (ADR and BR it can)",
                           arch->op_name(in->op));
    if (is_pair(in->op) && !has_array(hw_gen_test(g)))
        return hw_gen_fail(g, st, "'%s' accesses two locations side by "
                           "side; hwrun lays each location out alone (an "
                           "array's elements side by side: `int x[2]`) and "
                           "cannot run it", arch->op_name(in->op));
    if (in->op == LL_A64_MRS || in->op == LL_A64_MSR) {
        ll_buf_puts(out, in->op == LL_A64_MRS ? "mrs " : "msr nzcv,");
        if (!put_reg(g, st, in->ops[0].reg, out))
            return false;
        if (in->op == LL_A64_MRS)
            ll_buf_puts(out, ",nzcv");
        return true;
    }
    if (in->op == LL_A64_LDAPR)
        ll_buf_puts(out, ".arch_extension rcpc\n\t");
    else if (is_lse(in->op))
        ll_buf_puts(out, ".arch_extension lse\n\t");
    if (in->op == LL_A64_CASP)
        return write_casp(g, st, out);
    if (!has_cond_operand(in->op))
        return hw_gen_write_plain(g, st, out, put_operand);
    /* the printer gives "CSEL,NE" for no operands: the mnemonic, the
     * operands, then the condition */
    ll_instr mnem = *in;
    ll_buf b = {0};
    mnem.n_ops = 0;
    arch->print_instr(&mnem, &b);
    const char *comma = strchr(ll_buf_str(&b), ',');
    size_t n = comma ? (size_t)(comma - b.data) : b.len;
    ll_buf_putn(out, ll_buf_str(&b), n);
    bool ok = true;
    for (int i = 0; ok && i < in->n_ops; i++) {
        ll_buf_puts(out, i ? "," : " ");
        ok = put_operand(g, st, i, out);
    }
    if (ok && comma)
        ll_buf_puts(out, comma);
    ll_buf_free(&b);
    return ok;
}

/* Perpetual mode: DMB, DSB, ISB, NOP; `MOV Wd,#imm`; LDR, LDAR, LDAPR
 * and STR, STLR of a W or X register at `[Xn]` (no offset, index or
 * writeback: the address is a location's, held by Xn). */
static hw_perp_kind a64_perp_access(const ll_instr *in, hw_perp_access *a)
{
    const ll_operand *r = &in->ops[0], *m = &in->ops[1];
    switch (in->op) {
    case LL_A64_DMB: case LL_A64_DSB: case LL_A64_ISB: case LL_A64_NOP:
        return HW_PERP_FENCE;
    case LL_A64_MOV:
        if (in->n_ops != 2 || r->kind != LL_OPND_REG ||
            a64_reg_family(r->reg) < 0 || m->kind != LL_OPND_IMM || m->shift)
            return HW_PERP_NONE;
        a->reg = r->reg;
        a->imm = m->imm;
        return HW_PERP_MOVE;
    case LL_A64_LDR: case LL_A64_LDAR: case LL_A64_LDAPR:
    case LL_A64_STR: case LL_A64_STLR:
        break;
    default:
        return HW_PERP_NONE;
    }
    if (in->n_ops != 2 || (in->flags & (LL_A64_F_BYTE | LL_A64_F_HALF)) ||
        r->kind != LL_OPND_REG || r->reg < 0 || r->reg >= LL_A64_SP ||
        m->kind != LL_OPND_MEM || m->sym || m->index >= 0 || m->imm ||
        m->shift || a64_reg_family(m->reg) < 0)
        return HW_PERP_NONE;
    a->reg = r->reg;
    a->base = m->reg;
    a->width = a64_reg_width(r->reg);
    if (in->op == LL_A64_STR || in->op == LL_A64_STLR) {
        a->src = 0;
        a->mod = LL_A64_REG_IS_W(r->reg) ? "w" : "x";
        return HW_PERP_STORE;
    }
    return a64_reg_family(r->reg) >= 0 ? HW_PERP_LOAD : HW_PERP_NONE;
}

/* The machines that run these tests (hwrun/target.h; cross builds
 * are static, so that qemu-user runs them without the target's
 * libraries). */
static const hw_target a64_targets[] = {
    {"aarch64", "arm64", LL_ARCH_AARCH64, "aarch64",
     "aarch64-linux-gnu-gcc", "gcc-aarch64-linux-gnu", "qemu-aarch64", "",
     "cntvct_el0", NULL},
    {.name = NULL},
};

const hw_gen_ops hw_gen_aarch64_ops = {
    .arch = LL_ARCH_AARCH64,
    .name = "AArch64",
    .targets = a64_targets,
    .n_opcodes = LL_A64_NOPS,
    .reg_family = a64_reg_family,
    .reg_width = a64_reg_width,
    .is_zero_reg = a64_is_zero_reg,
    .write_zero = a64_write_zero,
    .write_instr = a64_write_instr,
    .clobbers = "\"cc\", \"memory\"",
    .instr_clobbers = a64_instr_clobbers,
    .perp_access = a64_perp_access,
};
