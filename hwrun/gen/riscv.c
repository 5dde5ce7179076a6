/* riscv.c — the RISC-V code generator: RISCV instructions (as typed by
 * lib/arch/riscv.c) written as GCC asm for riscv64. Mnemonics with their
 * .w/.d and .aq/.rl suffixes and fence sets are spelt by the reader's
 * printer; x1..x31 and herd's symbolic registers (`%x0`) are C
 * variables and x0 is the zero register. Each block is assembled without
 * compressed instructions, so that a `jalr` offset counts 4 bytes an
 * instruction as herd7 counts. herd's `lw.aq`/`sw.rl` (ordering bits on
 * plain loads and stores) have no instruction in the base ISA and are
 * refused; so are `auipc` (its value is where the code is) and a
 * `jalr`/`ret` in a thread with no `jal` to give it an address. */
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

static bool rv_is_zero_reg(int reg)
{
    return reg == LL_RV_X0;
}

static void rv_write_zero(hw_gen *g, int fam, ll_buf *out)
{
    ll_buf_puts(out, "li ");
    hw_gen_put_reg(g, out, "", fam);
    ll_buf_puts(out, ",0");
}

static bool put_reg(hw_gen *g, const ll_stmt *st, int reg, ll_buf *out)
{
    if (reg >= LL_RV_SYMREG) {   /* herd's `%x0`: its own variable */
        hw_gen_put_symreg(g, out, "", hw_gen_test(g)->arch->reg_name(reg));
        return true;
    }
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

static bool has_jal(const ll_thread *th)
{
    for (int s = 0; s < th->n_stmts; s++)
        if (th->stmts[s].has_instr && th->stmts[s].instr.op == LL_RV_JAL)
            return true;
    return false;
}

static bool rv_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    if (in->op == LL_RV_AUIPC)
        return hw_gen_fail(g, st, "'auipc' gives where the code is, which "
                           "differs from herd7's addresses; hwrun cannot "
                           "run it");
    if ((in->op == LL_RV_JALR || in->op == LL_RV_RET) &&
        !has_jal(hw_gen_thread(g)))
        return hw_gen_fail(g, st, "'%s' jumps to a register no 'jal' of "
                           "this thread set; hwrun cannot run it",
                           hw_gen_test(g)->arch->op_name(in->op));
    if (in->op == LL_RV_RET) {   /* the test's x1, not the real ra */
        ll_buf_puts(out, "jalr zero,0(");
        hw_gen_put_reg(g, out, "", LL_RV_RA);
        ll_buf_putc(out, ')');
        return true;
    }
    if (in->op == LL_RV_LA) {   /* the location's address, in hand */
        ll_buf_puts(out, "mv ");
        if (!put_operand(g, st, 0, out))
            return false;
        ll_buf_putc(out, ',');
        hw_gen_put_loc(g, out, in->ops[1].sym);
        return true;
    }
    if (!is_atomic(in->op) && in->flags & (LL_RV_F_AQ | LL_RV_F_RL))
        return hw_gen_fail(g, st, "'%s' with .aq/.rl is herd's notation; "
                           "RISC-V has no such instruction (use lr/sc, an "
                           "AMO or fences)",
                           hw_gen_test(g)->arch->op_name(in->op));
    return hw_gen_write_plain(g, st, out, put_operand);
}

/* Perpetual mode: fence, fence.tso, fence.i, nop; `li rd,imm` and
 * `addi`/`ori rd,x0,imm`; lw, ld and sw, sd at `0(rs)` (the address is
 * a location's, held by rs). */
static hw_perp_kind rv_perp_access(const ll_instr *in, hw_perp_access *a)
{
    const ll_operand *r = &in->ops[0], *m = &in->ops[1];
    switch (in->op) {
    case LL_RV_FENCE: case LL_RV_FENCE_TSO: case LL_RV_FENCEI: case LL_RV_NOP:
        return HW_PERP_FENCE;
    case LL_RV_LI: case LL_RV_ADDI: case LL_RV_ORI: {
        const ll_operand *imm = &in->ops[in->op == LL_RV_LI ? 1 : 2];
        if (in->n_ops != (in->op == LL_RV_LI ? 2 : 3) ||
            r->kind != LL_OPND_REG || rv_reg_family(r->reg) < 0 ||
            imm->kind != LL_OPND_IMM ||
            (in->op != LL_RV_LI &&
             (m->kind != LL_OPND_REG || m->reg != LL_RV_X0)))
            return HW_PERP_NONE;
        a->reg = r->reg;
        a->imm = imm->imm;
        return HW_PERP_MOVE;
    }
    case LL_RV_LW: case LL_RV_LD: case LL_RV_SW: case LL_RV_SD:
        break;
    default:
        return HW_PERP_NONE;
    }
    if (in->n_ops != 2 || (in->flags & (LL_RV_F_AQ | LL_RV_F_RL)) ||
        r->kind != LL_OPND_REG ||
        (rv_reg_family(r->reg) < 0 && r->reg != LL_RV_X0) ||
        m->kind != LL_OPND_MEM || m->imm || rv_reg_family(m->reg) < 0)
        return HW_PERP_NONE;
    a->reg = r->reg;
    a->base = m->reg;
    a->width = in->op == LL_RV_LD || in->op == LL_RV_SD ? 8 : 4;
    if (in->op == LL_RV_SW || in->op == LL_RV_SD) {
        a->src = 0;
        return HW_PERP_STORE;
    }
    return rv_reg_family(r->reg) >= 0 ? HW_PERP_LOAD : HW_PERP_NONE;
}

/* The machines that run these tests (hwrun/target.h; cross builds
 * are static, so that qemu-user runs them without the target's
 * libraries). */
static const hw_target rv_targets[] = {
    {"riscv64", "riscv", LL_ARCH_RISCV, "riscv64",
     "riscv64-linux-gnu-gcc", "gcc-riscv64-linux-gnu", "qemu-riscv64", "",
     "rdtime (when user space may read it)", NULL},
    {.name = NULL},
};

const hw_gen_ops hw_gen_riscv_ops = {
    .arch = LL_ARCH_RISCV,
    .name = "RISCV",
    .targets = rv_targets,
    .n_opcodes = LL_RV_NOPS,
    .reg_family = rv_reg_family,
    .reg_width = rv_reg_width,
    .is_zero_reg = rv_is_zero_reg,
    .write_zero = rv_write_zero,
    .write_instr = rv_write_instr,
    .clobbers = "\"memory\"",
    .asm_prologue = ".option push\n.option norvc",
    .asm_epilogue = ".option pop",
    .perp_access = rv_perp_access,
};
