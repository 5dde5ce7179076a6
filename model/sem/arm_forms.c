/* arm_forms.c — the 32-bit ARM operand forms herd7 7.58 does not read
 * although the reader (lib/arch/arm.c) does, because the CPU runs them
 * and hwrun writes them: `ORR Rd,Rn,Rm`, `EOR Rd,Rn,#k`, `AND(S)
 * Rd,Rn,Rm`, `ANDEQ Rd,Rn,#k`, an offset or a shift on a conditional
 * LDR/STR, an offset on STR, LDRD with an index, other register counts
 * on LDM/LDMIB/PUSH/POP, the ARMv8 load barrier options, NOP (MOVW/MOVT
 * of 65535 it stops on only where a path reaches it: arm.c mov_half),
 * an immediate in hexadecimal, with a `+`, `# k` or outside
 * -2^62..2^62-1, a register written R13, R14 or R15 (SP, LR, PC to
 * herd7). herd7 refuses the whole test before running it (its parser,
 * or an assertion), so the model refuses such a test at the
 * instruction, reached or not (sem_ops.check), naming the form.
 * Measured by probes of every form the reader knows (doc/fidelity.md). */
#include "model/sem/arm_forms.h"

#include "litmuslab/arch/arm.h"

/* One register-list instruction's count against the ones herd7 reads. */
static const char *list_count(const ll_instr *in)
{
    int n = in->op == LL_ARM_LDM || in->op == LL_ARM_LDMIB ? in->n_ops - 1
                                                            : in->n_ops;
    switch (in->op) {
    case LL_ARM_LDM:
        return n == 2 || n == 3 ? NULL : "it reads 2 or 3 registers";
    case LL_ARM_LDMIB:
        return n == 2 ? NULL : "it reads 2 registers";
    default:    /* PUSH, POP */
        return n == 1 || n == 2 ? NULL : "it reads 1 or 2 registers";
    }
}

/* Why herd7 7.58 does not read in, or NULL when it does. */
static const char *unread(const ll_instr *in)
{
    if (in->flags & LL_ARM_F_MIXED_CASE)
        return "a mnemonic, condition, barrier option or shift in mixed "
               "case: its lexer reads them in capitals or small letters";
    if (in->flags & LL_ARM_F_HEX_PLUS)
        return "an immediate as written, in hexadecimal, with a + or a "
               "space after #: its ARM lexer reads #k in decimal only";
    if (!sem_herd_ints(in))
        return SEM_HERD_INT_WHY;
    if (in->flags & LL_ARM_F_REG_NUMBERED)
        return "a register written R13, R14 or R15: its ARM lexer reads "
               "them as SP, LR and PC only";
    if (in->n_ops == 0)
        return in->op == LL_ARM_NOP
                   ? "its ARM has none; ANDEQ R0,R0,R0 is its no-op"
                   : NULL;
    const ll_operand *last = &in->ops[in->n_ops - 1];
    bool cond = (in->flags & LL_ARM_F_COND) &&
                LL_ARM_COND_OF(in->flags) != LL_ARM_COND_AL;
    bool imm = last->kind == LL_OPND_IMM;
    bool zero = in->flags & LL_ARM_F_ZERO_WRITTEN;
    switch (in->op) {
    case LL_ARM_AND:
        if (cond)
            return imm ? "it reads ANDEQ Rd,Rn,Rm only" : NULL;
        return imm ? NULL : "it reads AND and ANDS Rd,Rn,#k only";
    case LL_ARM_ORR:
        return imm ? NULL : "it reads ORR Rd,Rn,#k only";
    case LL_ARM_EOR:
        return imm ? "it reads EOR, EORS and XOR Rd,Rn,Rm only" : NULL;
    case LL_ARM_LDR: case LL_ARM_STR:
        if (cond && (last->imm != 0 || (last->shift & 31) || zero))
            return "it reads a conditional load or store of [Rn] or "
                   "[Rn,Rm] only";
        if (in->op == LL_ARM_STR && last->index < 0 &&
            (last->imm != 0 || zero))
            return "it reads STR of [Rn], [Rn,Rm] and [Rn,Rm,LSL #k] "
                   "only";
        return NULL;
    case LL_ARM_LDRD:
        return last->index >= 0 ? "it reads LDRD of [Rn] and [Rn,#k] only"
                                : NULL;
    case LL_ARM_LDM: case LL_ARM_LDMIB: case LL_ARM_PUSH: case LL_ARM_POP:
        return list_count(in);
    }
    return NULL;
}

/* The barrier options herd7's ARM reads: not the load ones. */
static bool load_option(const ll_instr *in)
{
    int o = LL_ARM_BAR_OF(in->flags);
    return (in->op == LL_ARM_DMB || in->op == LL_ARM_DSB) &&
           (o == LL_ARM_BAR_LD || o == LL_ARM_BAR_ISHLD ||
            o == LL_ARM_BAR_NSHLD || o == LL_ARM_BAR_OSHLD);
}

bool sem_arm_check(const ll_instr *in, ll_buf *why)
{
    const char *what = load_option(in)
                           ? "its ARM has no load barrier option, ARMv8's"
                           : unread(in);
    return !what || sem_unread_form(&ll_arch_arm, in, what, why);
}
