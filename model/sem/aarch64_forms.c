/* aarch64_forms.c — the AArch64 forms herd7 7.58 does not read although
 * the reader (lib/arch/aarch64.c) does, because the CPU runs them and
 * hwrun writes them: `#0` written on an acquire, release or exclusive
 * access (`LDAR W0,[X1,#0]`; herd7 reads it on the atomics), STUR, the
 * conditions HS and LO, an ADD or SUB immediate beyond 4095, a MOV
 * immediate that is no MOVZ or MOVN, MVN of a shifted register, an
 * immediate in hexadecimal or outside -2^62..2^62-1 (a MOVZ/MOVN/MOVK
 * halfword of 65535 it stops on only where a path reaches it:
 * aarch64_alu.c move_wide). herd7 refuses the whole test before running it
 * (its parser, its "Illegal instruction" check or an assertion), so the
 * model refuses such a test at the instruction, reached or not
 * (sem_ops.check), naming the form. Measured by one-instruction probes
 * of every form the reader knows (doc/fidelity.md, "AArch64 forms"). */
#include "model/sem/aarch64_forms.h"

#include "litmuslab/arch/aarch64.h"

/* At most one of v's n low 16-bit halfwords is not zero, and none
 * above: a MOVZ of a W (n 2) or X (n 4) register. */
static bool one_halfword(uint64_t v, int n)
{
    int k = 0;
    for (int i = 0; i < 4; i++)
        k += ((v >> (16 * i)) & 0xffff) != 0 ? (i < n ? 1 : 2) : 0;
    return k <= 1;
}

/* Why herd7 7.58 does not read in, or NULL when it does. */
static const char *unread(const ll_instr *in)
{
    if (in->flags & LL_ARM_F_MIXED_CASE)
        return "a mnemonic, condition, barrier option or shift in mixed "
               "case: its lexer reads them in capitals or small letters";
    if (in->flags & LL_A64_F_COND_ALIAS)
        return "it reads the conditions CS and CC by these names only";
    if ((in->flags & LL_A64_F_ZERO_WRITTEN) &&
        ll_a64_base_only(in->op) == LL_A64_BASE_ORDERED)
        return "it reads an acquire, release or exclusive access of [Xn] "
               "without #0";
    if ((in->flags & LL_A64_F_ZERO_WRITTEN) && in->op == LL_A64_CASP &&
        !(in->flags & (LL_A64_F_ACQ | LL_A64_F_REL)) &&
        LL_A64_REG_IS_W(in->ops[0].reg))
        return "it reads CASP of W registers at [Xn] without #0";
    if (in->op == LL_A64_STUR)
        return "it has no STUR of a general register (STR Rt,[Xn,#k] is "
               "that access)";
    if (in->n_ops == 0)
        return NULL;
    const ll_operand *last = &in->ops[in->n_ops - 1];
    bool imm = last->kind == LL_OPND_IMM;
    switch (in->op) {
    case LL_A64_ADD: case LL_A64_SUB: case LL_A64_CMP:
        return imm && (last->imm > 4095 || last->imm < -4095)
                   ? "it reads an ADD, SUB or CMP immediate of "
                     "-4095..4095 only (with LSL #12 too)"
                   : NULL;
    case LL_A64_MOV: {
        int n = LL_A64_REG_IS_W(in->ops[0].reg) ? 2 : 4;
        return imm && !one_halfword((uint64_t)last->imm, n) &&
                       !one_halfword(~(uint64_t)last->imm, n)
                   ? "it reads MOV Rd,#k for k a MOVZ or MOVN (one 16-bit "
                     "halfword of k, or of its complement, not zero)"
                   : NULL;
    }
    case LL_A64_MOVZ: case LL_A64_MOVN: case LL_A64_MOVK:
        /* 65535 it reads, and stops on where a path reaches it
           (aarch64_alu.c move_wide) */
        return last->imm < 0 || last->imm > 65535
                   ? "it reads a halfword of 0..65535" : NULL;
    case LL_A64_MVN:
        return last->kind == LL_OPND_REG && last->shift != 0
                   ? "it reads MVN Rd,Rm without a shift" : NULL;
    default:
        return NULL;
    }
}

bool sem_a64_check(const ll_instr *in, ll_buf *why)
{
    if (!sem_check_numbers(&ll_arch_aarch64, in, LL_ARM_F_HEX_PLUS,
                           "an immediate as written, in hexadecimal: its "
                           "AArch64 lexer reads decimal ones only", why))
        return false;
    const char *what = unread(in);
    return what ? sem_unread_form(&ll_arch_aarch64, in, what, why) : true;
}
