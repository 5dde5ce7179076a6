/* x86_vars.c — sem_ops.herd_vars for x86: herd7 7.58's fresh variables
 * of one instruction, in its order, and the registers it reads and
 * sets, from which model/herd_vars.c replays its register phase (the
 * symbol a cycle of copies shows under X86; under X86_64, whether xor
 * of two copies of one read is 0: mdl_herd_reg_fold). The two headers'
 * semantics number differently: X86_64 masks each narrow read and reads
 * a register before it writes it, X86 does neither. */
#include "model/sem/x86_forms.h"

#include "litmuslab/arch/x86.h"

/* A memory operand herd_vars numbers: a location by its name alone (an
 * address through registers would add their reads, not measured). */
static bool plain_mem(const ll_operand *o)
{
    return o->kind != LL_OPND_MEM ||
           (o->sym && o->reg < 0 && o->index < 0 && !o->imm);
}

bool sem_x86_plus_zero(const ll_instr *in)
{
    return (in->op == LL_X86_ADD || in->op == LL_X86_OR) && in->n_ops == 2 &&
           in->ops[0].kind == LL_OPND_IMM && in->ops[0].imm == 0;
}

/* An add, or or xor of two registers under either header (herd7 7.58
 * -debug solver, w161-min and variants): the register phase takes `S' :=
 * S1 | S2` (or +) for the copy `S' := S1` once it solved S2 to 0 (a
 * register holding a constant 0, an xor it folded), S' a variable of its
 * own, at place res (after the two reads); xor sets its register to 0
 * where it folds (herd_vars.c zero_copies). */
static void two_regs(const ll_instr *in, int res, sem_vars *out)
{
    const ll_operand *o = in->ops;
    if (in->n_ops != 2 || o[0].kind != LL_OPND_REG ||
        o[1].kind != LL_OPND_REG || !LL_X86_IS_GPR(o[0].reg) ||
        !LL_X86_IS_GPR(o[1].reg) || out->n_rd < 2)
        return;
    if (in->op == LL_X86_ADD || in->op == LL_X86_OR)
        out->zero_at = res;
    else if (in->op == LL_X86_XOR)
        out->zero_dest = true;
}

/* The X86 header, measured on herd7 7.58 with instructions put before a
 * cycle of copies (the symbol it shows moves by one for each variable
 * before the read it names): a load from a location its read, a store to
 * one its value register, MOV between registers one (a copy); constants
 * and fences none; XCHG its register and its read; ADD, SUB, AND, OR,
 * XOR, INC and DEC (locked or not) one per register or memory operand,
 * the written one first, and three more (the result and the flags: XOR
 * EBX,EBX five; ADD and OR of $0 two, no result), CMP and TEST two more (SETNB: sem_x86_herd_vars, as
 * X86_64's). Not numbered: addresses through registers, other
 * operations, branches. All in order from S1 (herd7
 * -debug solver), a load's read shown as its parent once herd7 solved
 * the registers (reg_solved), so the registers each reads are noted. */
static bool x86_32_vars(const ll_instr *in, sem_vars *out)
{
    const ll_operand *o = in->ops;
    switch ((ll_x86_op)in->op) {
    case LL_X86_MFENCE: case LL_X86_LFENCE: case LL_X86_SFENCE:
    case LL_X86_NOP:
        return true;
    case LL_X86_MOV:
        if ((in->flags & LL_X86_F_LOCK) ||
            (o[1].kind == LL_OPND_REG && !LL_X86_IS_GPR(o[1].reg)))
            return false;
        if (o[0].kind == LL_OPND_MEM) {
            out->n = out->read_at = 1;
            out->dest = o[1].reg;
            out->reg_solved = true;
        } else if (o[0].kind == LL_OPND_REG) {
            if (!LL_X86_IS_GPR(o[0].reg))
                return false;
            out->n = sem_vars_read(out, o[0].reg, 0);
            if (o[1].kind != LL_OPND_MEM) {
                out->dest = o[1].reg;
                out->copy_of = o[0].reg;
                out->copy_at = 1;
            } else {
                out->val_at = 1;
            }
        } else if (o[1].kind != LL_OPND_MEM && o[1].kind != LL_OPND_REG) {
            return false;
        } else if (o[1].kind == LL_OPND_REG && o[0].kind == LL_OPND_IMM &&
                   !o[0].imm) {
            out->dest = o[1].reg;       /* a constant 0 */
            out->zero_dest = true;
        }
        return true;
    case LL_X86_XCHG: {
        const ll_operand *reg = o[0].kind == LL_OPND_REG ? &o[0] : &o[1];
        if (reg->kind != LL_OPND_REG || !LL_X86_IS_GPR(reg->reg) ||
            o[0].kind == o[1].kind)
            return false;
        out->n = out->read_at = sem_vars_read(out, reg->reg, 0) + 1;
        out->dest = reg->reg;
        out->reg_solved = true;
        return true;
    }
    case LL_X86_ADD: case LL_X86_SUB: case LL_X86_AND: case LL_X86_OR:
    case LL_X86_XOR: case LL_X86_INC: case LL_X86_DEC: case LL_X86_CMP:
    case LL_X86_TEST:
        for (int i = in->n_ops - 1; i >= 0; i--) {  /* herd7's order */
            /* a location written back: its read (its number orders a
               cycle through it, V21280276) */
            if (o[i].kind == LL_OPND_MEM && i == in->n_ops - 1)
                out->read_at = out->n + 1;
            out->n += o[i].kind == LL_OPND_REG
                          ? sem_vars_read(out, o[i].reg, out->n)
                          : o[i].kind == LL_OPND_MEM;
        }
        out->n += in->op == LL_X86_CMP || in->op == LL_X86_TEST ||
                          sem_x86_plus_zero(in) ? 2 : 3;
        /* the result's register: no read's copy now (cmp and test
           write none: the register keeps its value) */
        if (o[in->n_ops - 1].kind == LL_OPND_REG && in->op != LL_X86_CMP &&
            in->op != LL_X86_TEST) {
            out->dest = o[in->n_ops - 1].reg;
            /* its value: the result, after the reads (V21280534: `XOR
               ECX,EAX` of two copies of one result folds), or for add
               and or of $0 the read, a copy */
            int reads = out->n - 2 - !sem_x86_plus_zero(in);
            if (sem_x86_plus_zero(in)) {
                out->copy_of = out->dest;
                out->copy_at = 1;
            } else {
                out->op_at = reads + 1;
            }
        }
        two_regs(in, 3, out);
        return true;
    case LL_X86_JMP:    /* no variable, the code it skips none */
        out->jump = o[0].sym;
        return out->jump != NULL;
    case LL_X86_JCC:    /* the flags (JNE: and its negation; others not
                           measured), then every path (herd_vars.c) */
        if (LL_X86_CC(in->flags) != LL_X86_CC_E &&
            LL_X86_CC(in->flags) != LL_X86_CC_NE)
            return false;
        out->n = 1 + (LL_X86_CC(in->flags) == LL_X86_CC_NE);
        out->cond = o[0].sym;
        return out->cond != NULL;
    default:
        return false;
    }
}

/* ---- X86_64: measured on herd7 7.58 with -debug monad (each event
 * with its variable) and -debug solver, one instruction after a load
 * and its copies; litmus/x86/X86_64+xor-copies-* and X86_64+xor-movl-copy
 * depend on it ---- */

/* The size herd7 masks an instruction's reads to: its suffix's, 8 (no
 * mask) without one (`and %r9d,%r8d` masks by the registers only). */
static int mask_size(const ll_instr *in)
{
    switch (in->flags & LL_X86_SZ_MASK) {
    case LL_X86_SZ_B: return 1;
    case LL_X86_SZ_W: return 2;
    case LL_X86_SZ_L: return 4;
    default: return 8;
    }
}

/* Reading operand o after `at` variables: a register's read (noted,
 * by its architectural register: herd7 reads %r8d from %r8's last
 * write), then its part's mask (ah..bh: a shift and a mask), a
 * location's read; then the instruction size's mask; an immediate
 * none. The count; *val the place of the value read (0: a constant). */
static int read_64(sem_vars *out, const ll_instr *in, const ll_operand *o,
                   int at, int *val)
{
    int n = 0;
    if (o->kind == LL_OPND_REG) {
        int part = LL_X86_REG_PART(o->reg);
        n = sem_vars_read(out, LL_X86_REG_BASE(o->reg), at);
        n += part == LL_X86_P8H ? 2 : part != LL_X86_P64;
    } else if (o->kind == LL_OPND_MEM) {
        n = 1;
    } else {
        *val = 0;
        return 0;
    }
    n += mask_size(in) < 8;
    *val = at + n;
    return n;
}

/* Writing register reg after `at` variables, the value at place val (0:
 * a constant): herd7 reads the register first (noted first, so that an
 * operation's two operand reads stay the last two rd: herd_vars.c
 * mdl_herd_reg_fold), then for an 8- or 16-bit part clears it and ors
 * the value in (shifted into ah..bh); 32 and 64 bits write the value.
 * Sets dest and op_at (the value's place where it is no read's, no
 * copy's); the count. */
static int write_64(sem_vars *out, int reg, int at, int val)
{
    int part = LL_X86_REG_PART(reg);
    if (out->n_rd < SEM_MAX_RD_REGS) {
        for (int j = out->n_rd; j > 0; j--) {
            out->rd_reg[j] = out->rd_reg[j - 1];
            out->rd_at[j] = out->rd_at[j - 1];
        }
        out->rd_reg[0] = LL_X86_REG_BASE(reg);
        out->rd_at[0] = at + 1;
        out->n_rd++;
    }
    int n = 1;
    if (part != LL_X86_P64 && part != LL_X86_P32) {
        n += 2 + (part == LL_X86_P8H && val);
        val = at + n;
    }
    out->dest = LL_X86_REG_BASE(reg);
    out->op_at = val;
    return n;
}

/* herd7's X86_64 conditional jumps: the flags each reads and the
 * operations on them (jne: zf and its negation; jlt four). */
static int jcc_vars(int cc)
{
    switch (cc) {
    case LL_X86_CC_E: case LL_X86_CC_S: case LL_X86_CC_G: return 1;
    case LL_X86_CC_NE: case LL_X86_CC_NS: case LL_X86_CC_LE: return 2;
    case LL_X86_CC_GE: return 3;
    case LL_X86_CC_L: return 4;
    default: return 0;
    }
}

/* The X86_64 header: a read as read_64, a write to a register as
 * write_64 (after the operation's flags); mov a read and the write, a
 * copy where both are 64-bit registers; add, xor, or, and: the
 * destination's read, the source's, the result, two flags (CF is a
 * constant), the write (add and or of $0 make no result: the value is
 * the read's, a copy, under both headers); inc and dec the same with no source; cmp the
 * two reads and two flags; xchg its operands' reads as written, then
 * the register's write; jumps as jcc_vars. */
static bool x86_64_vars(const ll_instr *in, sem_vars *out)
{
    const ll_operand *o = in->ops;
    const ll_operand *dst = in->n_ops ? &o[in->n_ops - 1] : NULL;
    int val, v2;
    for (int i = 0; i < in->n_ops; i++)
        if (o[i].kind == LL_OPND_REG && !LL_X86_IS_GPR(o[i].reg))
            return false;
    switch ((ll_x86_op)in->op) {
    case LL_X86_MFENCE: case LL_X86_LFENCE: case LL_X86_SFENCE:
    case LL_X86_NOP:
        return true;
    case LL_X86_MOV:
        if (in->flags & LL_X86_F_LOCK)
            return false;
        out->n = read_64(out, in, &o[0], 0, &val);
        if (o[0].kind == LL_OPND_MEM) {
            out->read_at = 1;
            out->reg_solved = true;
        }
        if (dst->kind != LL_OPND_REG) {
            out->val_at = o[0].kind == LL_OPND_REG && val == 1 ? 1 : 0;
            return true;
        }
        out->zero_dest = o[0].kind == LL_OPND_IMM && !o[0].imm &&
                         LL_X86_REG_PART(dst->reg) == LL_X86_P64;
        if (o[0].kind == LL_OPND_REG && val == 1) {
            out->copy_of = LL_X86_REG_BASE(o[0].reg);
            out->copy_at = 1;
        }
        out->n += write_64(out, dst->reg, out->n,
                           val == out->read_at || val == out->copy_at ? 0
                                                                      : val);
        return true;
    case LL_X86_XCHG: {
        const ll_operand *reg = o[0].kind == LL_OPND_REG ? &o[0] : &o[1];
        if (o[0].kind == o[1].kind)
            return false;
        out->n = read_64(out, in, &o[0], 0, &val);
        out->n += read_64(out, in, &o[1], out->n, &v2);
        int mem = reg == &o[0] ? v2 : val;
        out->read_at = reg == &o[0] ? val + 1 : 1;
        out->reg_solved = true;
        out->n += write_64(out, reg->reg, out->n,
                           mem == out->read_at ? 0 : mem);
        return true;
    }
    case LL_X86_ADD: case LL_X86_XOR: case LL_X86_OR: case LL_X86_AND:
    case LL_X86_CMP: case LL_X86_INC: case LL_X86_DEC:
        out->n = read_64(out, in, dst, 0, &val);
        if (dst->kind == LL_OPND_MEM && mask_size(in) == 8)
            out->read_at = 1;   /* as X86's */
        if (in->n_ops == 2)
            out->n += read_64(out, in, &o[0], out->n, &v2);
        if (in->op == LL_X86_CMP)
            return (out->n += 2, true);
        if (sem_x86_plus_zero(in)) {    /* SF, ZF: no result */
            out->n += 2;
            if (dst->kind == LL_OPND_REG && val == 1) {
                out->copy_of = LL_X86_REG_BASE(dst->reg);
                out->copy_at = 1;
            }
            if (dst->kind == LL_OPND_REG)
                out->n += write_64(out, dst->reg, out->n, val == 1 ? 0 : val);
            return true;
        }
        out->n += 3;        /* the result, SF, ZF */
        if (dst->kind == LL_OPND_REG)
            out->n += write_64(out, dst->reg, out->n, out->n - 2);
        if (mask_size(in) == 8 && LL_X86_REG_PART(o[0].reg) == LL_X86_P64 &&
            LL_X86_REG_PART(dst->reg) == LL_X86_P64)
            two_regs(in, 3, out);
        return true;
    case LL_X86_JMP:
        out->jump = o[0].sym;
        return out->jump != NULL;
    case LL_X86_JCC:
        out->n = jcc_vars(LL_X86_CC(in->flags));
        out->cond = o[0].sym;
        return out->n && out->cond;
    default:
        return false;
    }
}

bool sem_x86_herd_vars(const ll_instr *in, sem_vars *out)
{
    *out = (sem_vars){.dest = -1, .copy_of = -1};
    for (int i = 0; i < in->n_ops; i++)
        if (!plain_mem(&in->ops[i]))
            return false;
    bool x86 = in->flags & LL_X86_F_32;
    if (in->op == LL_X86_SETCC && in->n_ops == 1) {
        const ll_operand *dst = &in->ops[0];
        /* both headers' setnb: CF's read and its negation, written with
           no read first (SETNB EBX, setnb %bl) */
        if (LL_X86_CC(in->flags) != LL_X86_CC_AE ||
            (dst->kind == LL_OPND_REG && !LL_X86_IS_GPR(dst->reg)))
            return false;
        out->n = 2;
        if (dst->kind == LL_OPND_REG) {
            out->dest = x86 ? dst->reg : LL_X86_REG_BASE(dst->reg);
            out->op_at = 2;
        }
        return true;
    }
    return x86 ? x86_32_vars(in, out) : x86_64_vars(in, out);
}
