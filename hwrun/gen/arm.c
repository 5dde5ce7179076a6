/* arm.c — the 32-bit ARM code generator: ARM instructions (as typed by
 * lib/arch/arm.c) written as GCC asm in the A32 instruction set, unified
 * syntax. Each thread function is compiled as A32 whatever the build's
 * default (Thumb has no conditional execution outside IT blocks).
 * Mnemonics with their S and condition suffixes and barrier options are
 * spelt by the reader's printer. R0..R12 and herd's symbolic registers
 * (`%x0`) are C variables; SP, LR and PC cannot be given to a test, but
 * `BX LR` in a thread that leaves LR alone ends the thread. Armv8's LDA/STL/LDAEX/STLEX and DMB/DSB LD
 * forms switch the assembler to armv8-a for the rest of the block. */
#include "hwrun/gen/gen.h"
#include "litmuslab/arch/arm.h"

static int arm_reg_family(int reg)
{
    return reg >= 0 && reg < LL_ARM_SP ? reg : -1;
}

static int arm_reg_width(int reg)
{
    (void)reg;
    return 4;
}

static bool is_armv8(const ll_instr *in)
{
    int bar = LL_ARM_BAR_OF(in->flags);
    switch (in->op) {
    case LL_ARM_LDA: case LL_ARM_STL: case LL_ARM_LDAEX: case LL_ARM_STLEX:
        return true;
    case LL_ARM_DMB: case LL_ARM_DSB:
        return bar == LL_ARM_BAR_LD || bar == LL_ARM_BAR_ISHLD ||
               bar == LL_ARM_BAR_NSHLD || bar == LL_ARM_BAR_OSHLD;
    default:
        return false;
    }
}

static void arm_write_zero(hw_gen *g, int fam, ll_buf *out)
{
    ll_buf_puts(out, "mov ");
    hw_gen_put_reg(g, out, "", fam);
    ll_buf_puts(out, ",#0");
}

/* R0..R12, or herd's symbolic `%x0` (its own variable) */
static bool put_reg(hw_gen *g, const ll_stmt *st, int reg, ll_buf *out)
{
    if (reg >= LL_ARM_SYMREG) {
        hw_gen_put_symreg(g, out, "", hw_gen_test(g)->arch->reg_name(reg));
        return true;
    }
    if (arm_reg_family(reg) < 0)
        return hw_gen_fail(g, st, "register %s cannot be used by hwrun",
                           reg == LL_ARM_SP ? "SP" : reg == LL_ARM_LR ? "LR"
                           : reg == LL_ARM_PC ? "PC" : reg == LL_ARM_FP
                           ? "FP" : "?");
    hw_gen_put_reg(g, out, "", reg);
    return true;
}

/* [Rn], [Rn,Rm], [Rn,Rm,LSL #k], [Rn,#imm] */
static bool put_address(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                        ll_buf *out)
{
    ll_buf_putc(out, '[');
    if (!put_reg(g, st, op->reg, out))
        return false;
    if (op->index >= 0) {
        ll_buf_putc(out, ',');
        if (!put_reg(g, st, op->index, out))
            return false;
        if (op->shift & 0xFF)
            ll_buf_printf(out, ",lsl #%d", op->shift & 0xFF);
    } else if (op->imm) {
        ll_buf_printf(out, ",#%lld", (long long)op->imm);
    }
    ll_buf_putc(out, ']');
    return true;
}

static const hw_gen_syntax syntax = {"#", put_reg, put_address};

static bool put_operand(hw_gen *g, const ll_stmt *st, int i, ll_buf *out)
{
    return hw_gen_put_operand(g, st, i, &syntax, out);
}

/* CBZ and CBNZ are Thumb only: in A32 they become CMP and BEQ/BNE, which
 * set the flags. Refused when another instruction of the thread reads
 * flags, which that would change. */
static bool cbz_ok(hw_gen *g, const ll_stmt *st)
{
    const ll_thread *th = hw_gen_thread(g);
    for (int s = 0; s < th->n_stmts; s++)
        if (th->stmts[s].has_instr && th->stmts[s].instr.flags & LL_ARM_F_COND)
            return hw_gen_fail(g, st, "CBZ/CBNZ are written as CMP and a "
                               "branch in A32, which would change the flags "
                               "a conditional instruction of this thread "
                               "reads; hwrun cannot run this thread");
    return true;
}

/* Whether an instruction of the thread other than `BX LR` names LR. */
static bool lr_named(const ll_thread *th)
{
    for (int s = 0; s < th->n_stmts; s++) {
        const ll_instr *in = &th->stmts[s].instr;
        if (!th->stmts[s].has_instr || in->op == LL_ARM_BX)
            continue;
        for (int i = 0; i < in->n_ops; i++)
            if ((in->ops[i].kind == LL_OPND_REG ||
                 in->ops[i].kind == LL_OPND_MEM) &&
                (in->ops[i].reg == LL_ARM_LR || in->ops[i].index == LL_ARM_LR))
                return true;
    }
    return false;
}

static bool arm_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    const ll_arch_ops *arch = hw_gen_test(g)->arch;
    /* `BX LR` with LR as the thread started returns from the thread, as
     * herd7 runs it (compiled code ends so): a jump to the block's end */
    if (in->op == LL_ARM_BX && in->n_ops == 1 &&
        in->ops[0].kind == LL_OPND_REG && in->ops[0].reg == LL_ARM_LR &&
        !(in->flags & LL_ARM_F_COND) && !lr_named(hw_gen_thread(g))) {
        ll_buf_puts(out, "b ");
        hw_gen_put_end(g, out);
        return true;
    }
    /* register lists and pairs name real registers (LDRD: an even one and
     * the next; LDM, PUSH: ascending); BX leaves the block */
    if (in->op == LL_ARM_LDRD || in->op == LL_ARM_LDM ||
        in->op == LL_ARM_LDMIB || in->op == LL_ARM_PUSH ||
        in->op == LL_ARM_POP || in->op == LL_ARM_BX)
        return hw_gen_fail(g, st, "'%s' %s; hwrun binds test registers "
                           "through asm operands and cannot run it",
                           arch->op_name(in->op),
                           in->op == LL_ARM_BX ? "jumps to a register"
                                               : "needs real registers");
    if ((in->op == LL_ARM_MOVW || in->op == LL_ARM_MOVT) &&
        (in->ops[1].imm < 0 || in->ops[1].imm > 0xFFFF))
        return hw_gen_fail(g, st, "'%s' of #%lld has no encoding (an "
                           "immediate #0..65535); hwrun cannot run it",
                           arch->op_name(in->op), (long long)in->ops[1].imm);
    if (in->op == LL_ARM_CBZ || in->op == LL_ARM_CBNZ) {
        if (!cbz_ok(g, st))
            return false;
        ll_buf_puts(out, "cmp ");
        if (!put_operand(g, st, 0, out))
            return false;
        ll_buf_puts(out, in->op == LL_ARM_CBZ ? ",#0\n\tbeq " : ",#0\n\tbne ");
        return put_operand(g, st, 1, out);
    }
    if (is_armv8(in))
        ll_buf_puts(out, ".arch armv8-a\n\t");
    return hw_gen_write_plain(g, st, out, put_operand);
}

/* Perpetual mode: DMB, DSB, ISB, NOP; `MOV Rd,#imm`; LDR, LDA and STR,
 * STL at `[Rn]` (no offset or index: the address is a location's, held
 * by Rn); nothing conditional or setting the flags. */
static hw_perp_kind arm_perp_access(const ll_instr *in, hw_perp_access *a)
{
    const ll_operand *r = &in->ops[0], *m = &in->ops[1];
    if (in->flags & (LL_ARM_F_COND | LL_ARM_F_S))
        return HW_PERP_NONE;
    switch (in->op) {
    case LL_ARM_DMB: case LL_ARM_DSB: case LL_ARM_ISB: case LL_ARM_NOP:
        return HW_PERP_FENCE;
    case LL_ARM_MOV:
        if (in->n_ops != 2 || r->kind != LL_OPND_REG ||
            arm_reg_family(r->reg) < 0 || m->kind != LL_OPND_IMM)
            return HW_PERP_NONE;
        a->reg = r->reg;
        a->imm = m->imm;
        return HW_PERP_MOVE;
    case LL_ARM_LDR: case LL_ARM_LDA: case LL_ARM_STR: case LL_ARM_STL:
        break;
    default:
        return HW_PERP_NONE;
    }
    if (in->n_ops != 2 || r->kind != LL_OPND_REG ||
        arm_reg_family(r->reg) < 0 || m->kind != LL_OPND_MEM || m->sym ||
        m->index >= 0 || m->imm || arm_reg_family(m->reg) < 0)
        return HW_PERP_NONE;
    a->reg = r->reg;
    a->base = m->reg;
    a->width = 4;
    if (in->op == LL_ARM_STR || in->op == LL_ARM_STL) {
        a->src = 0;
        return HW_PERP_STORE;
    }
    return HW_PERP_LOAD;
}

/* The machines that run these tests (hwrun/target.h; cross builds
 * are static, so that qemu-user runs them without the target's
 * libraries). */
static const hw_target arm_targets[] = {
    {"armhf", "armv7l armv7 arm", LL_ARCH_ARM, "armv7l",
     "arm-linux-gnueabihf-gcc", "gcc-arm-linux-gnueabihf", "qemu-arm", "",
     "CNTVCT (generic timer, when user space may read it)",
     /* 32-bit Arm boards' systems (Raspberry Pi OS) compile for ARMv6
      * unless told, which has no dmb or isb; ARMv7 (with its FPU, as the
      * hard-float ABI wants) when the compiler's default cannot
      * assemble them. */
     "# ARMv7 at least (dmb, isb): 32-bit Raspberry Pi OS's compiler\n"
     "# makes ARMv6 code unless told.\n"
     "ifndef ARCH_CFLAGS\n"
     "ARCH_CFLAGS := $(shell echo 'int main(void) { __asm__ "
     "volatile(\"isb\"); return 0; }' | $(CC) $(CFLAGS) -x c - -c "
     "-o /dev/null >/dev/null 2>&1 || echo -march=armv7-a+fp)\n"
     "endif\n"},
    {.name = NULL},
};

/* deliberate likeness: gen/riscv.c, gen/ppc.c: each its ops table. */
const hw_gen_ops hw_gen_arm_ops = {
    .arch = LL_ARCH_ARM,
    .name = "ARM",
    .targets = arm_targets,
    .n_opcodes = LL_ARM_NOPS,
    .reg_family = arm_reg_family,
    .reg_width = arm_reg_width,
    .reg_ctype = "uint32_t",
    .write_zero = arm_write_zero,
    .asm_prologue = ".syntax unified",
    .thread_attr = "__attribute__((target(\"arm\"), noinline))",
    .write_instr = arm_write_instr,
    .clobbers = "\"cc\", \"memory\"",
    .perp_access = arm_perp_access,
};
