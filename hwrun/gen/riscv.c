/* riscv.c — the RISC-V code generator: RISCV instructions (as typed by
 * lib/arch/riscv.c) written as GCC asm for riscv64. Mnemonics with their
 * .w/.d and .aq/.rl suffixes and fence sets are spelt by the reader's
 * printer; x1..x31 are C variables and x0 is the zero register. herd's
 * `lw.aq`/`sw.rl` (ordering bits on plain loads and stores) have no
 * instruction in the base ISA and are refused. */
#include "hwrun/gen/gen.h"
#include "litmuslab/arch/riscv.h"

static int rv_reg_family(int reg)
{
    return reg > LL_RV_X0 && reg < LL_RV_NREGS ? reg : -1;
}

static int rv_reg_width(int reg)
{
    (void)reg;
    return 8;
}

static bool put_reg(hw_gen *g, const ll_stmt *st, int reg, ll_buf *out)
{
    if (reg == LL_RV_X0) {
        ll_buf_puts(out, "zero");
        return true;
    }
    if (rv_reg_family(reg) < 0)
        return hw_gen_fail(g, st, "unknown register");
    hw_gen_put_reg(g, out, "", reg);
    return true;
}

static bool is_atomic(int op)
{
    return op >= LL_RV_LR && op <= LL_RV_AMOMINU;
}

/* off(rs); lr, sc and the AMOs take `(rs)` (the reader refused an
 * offset) */
static bool put_address(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                        ll_buf *out)
{
    if (op->reg == LL_RV_X0)
        return hw_gen_fail(g, st, "an address must be in a register, not "
                           "x0");
    if (!is_atomic(st->instr.op))
        ll_buf_printf(out, "%lld", (long long)op->imm);
    ll_buf_putc(out, '(');
    if (!put_reg(g, st, op->reg, out))
        return false;
    ll_buf_putc(out, ')');
    return true;
}

static const hw_gen_syntax syntax = {"", put_reg, put_address};

static bool put_operand(hw_gen *g, const ll_stmt *st, int i, ll_buf *out)
{
    return hw_gen_put_operand(g, st, i, &syntax, out);
}

static bool rv_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    if (!is_atomic(in->op) && in->flags & (LL_RV_F_AQ | LL_RV_F_RL))
        return hw_gen_fail(g, st, "'%s' with .aq/.rl is herd's notation; "
                           "RISC-V has no such instruction (use lr/sc, an "
                           "AMO or fences)",
                           hw_gen_test(g)->arch->op_name(in->op));
    return hw_gen_write_plain(g, st, out, put_operand);
}

const hw_gen_ops hw_gen_riscv = {
    .arch = LL_ARCH_RISCV,
    .name = "RISCV",
    .n_opcodes = LL_RV_NOPS,
    .reg_family = rv_reg_family,
    .reg_width = rv_reg_width,
    .write_instr = rv_write_instr,
    .clobbers = "\"memory\"",
};
