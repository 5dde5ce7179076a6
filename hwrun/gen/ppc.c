/* ppc.c — the Power code generator: PPC instructions (as typed by
 * lib/arch/ppc.c, from its table ll_ppc_desc) written as GCC asm for
 * 64-bit Power, little- or big-endian. Each test register r0..r31 (and
 * each symbolic `%x0`) is one C variable, bound with "b" (any register but r0), so that an operand
 * the ISA reads as 0 when it is r0 is written as the literal 0 and every
 * other use of the test's r0 still reads its value. lwarx/stwcx. stay as
 * written: no retry loop, so a failed stwcx. is an outcome like any
 * other. lmw/stmw, which name real registers rD..r31, are refused. */
#include "hwrun/gen/gen.h"
#include "litmuslab/arch/ppc.h"

static int ppc_reg_family(int reg)
{
    return reg >= 0 && reg < LL_PPC_NGPR ? reg : -1;
}

static int ppc_reg_width(int reg)
{
    (void)reg;
    return 8;
}

static unsigned attrs_of(int op)
{
    const ll_ppc_desc *d = ll_ppc_desc_of(op);
    return d ? d->attrs : 0;
}

/* Operand i of in is one the ISA reads as 0 when it names r0: RA of the
 * indexed forms, of addi/addis/subi/subis and isel, of the cache
 * operations. (D(RA) reads r0 itself, as herd7 does.) */
static bool r0_is_zero(const ll_instr *in, int i)
{
    switch (in->op) {
    case LL_PPC_ADDI: case LL_PPC_ADDIS: case LL_PPC_SUBI: case LL_PPC_SUBIS:
    case LL_PPC_ISEL:
        return i == 1;
    case LL_PPC_DCBF: case LL_PPC_DCBST: case LL_PPC_DCBT: case LL_PPC_DCBTST:
    case LL_PPC_ICBI:
        return i == 0;
    default:
        return i == 1 && attrs_of(in->op) & LL_PPC_A_INDEXED;
    }
}

static void ppc_write_zero(hw_gen *g, int fam, ll_buf *out)
{
    ll_buf_puts(out, "li ");
    hw_gen_put_reg(g, out, "", fam);
    ll_buf_puts(out, ",0");
}

/* A register operand; herd's symbolic `%x0` is its own variable. */
static bool put_reg_sym(hw_gen *g, const ll_stmt *st, int reg,
                        const char *sym, ll_buf *out)
{
    if (reg == LL_PPC_SYMREG && sym) {
        hw_gen_put_symreg(g, out, "", sym);
        return true;
    }
    if (ppc_reg_family(reg) < 0)
        return hw_gen_fail(g, st, "unknown register");
    hw_gen_put_reg(g, out, "", reg);
    return true;
}

static bool put_reg(hw_gen *g, const ll_stmt *st, int reg, ll_buf *out)
{
    return put_reg_sym(g, st, reg, NULL, out);
}

/* D(RA) */
static bool put_address(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                        ll_buf *out)
{
    ll_buf_printf(out, "%lld(", (long long)op->imm);
    if (!put_reg_sym(g, st, op->reg, op->sym, out))
        return false;
    ll_buf_putc(out, ')');
    return true;
}

static const hw_gen_syntax syntax = {"", put_reg, put_address};

static bool put_operand(hw_gen *g, const ll_stmt *st, int i, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    const ll_operand *op = &in->ops[i];
    if (op->kind == LL_OPND_REG && op->reg == LL_PPC_SYMREG)
        return put_reg_sym(g, st, op->reg, op->sym, out);
    if (op->kind == LL_OPND_REG && op->reg == LL_PPC_R0 &&
        r0_is_zero(in, i)) {
        ll_buf_putc(out, '0');
        return true;
    }
    return hw_gen_put_operand(g, st, i, &syntax, out);
}

static bool ppc_write_instr(hw_gen *g, const ll_stmt *st, ll_buf *out)
{
    const ll_instr *in = &st->instr;
    const ll_ppc_desc *d = ll_ppc_desc_of(in->op);
    if (d->attrs & LL_PPC_A_MULTIPLE)
        return hw_gen_fail(g, st, "'%s' moves the real registers rD..r31; "
                           "hwrun binds test registers through asm operands "
                           "and cannot run it", d->mnem);
    /* the mnemonic as herd spells it, the CR field (`cmpw cr1,...`) as
     * the assembler reads it */
    ll_buf_puts(out, d->mnem);
    if (in->flags & LL_PPC_F_DOT)
        ll_buf_putc(out, '.');
    const char *sep = " ";
    if (ll_ppc_crf(in->flags)) {
        ll_buf_printf(out, " cr%d", ll_ppc_crf(in->flags));
        sep = ",";
    }
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_puts(out, i ? "," : sep);
        if (!put_operand(g, st, i, out))
            return false;
    }
    return true;
}

static bool thread_has(const ll_thread *th, bool (*pred)(int op))
{
    for (int s = 0; s < th->n_stmts; s++)
        if (th->stmts[s].has_instr && pred(th->stmts[s].instr.op))
            return true;
    return false;
}

static bool is_blr(int op)
{
    return op == LL_PPC_BLR;
}

static bool reads_cr(int op)
{
    return op == LL_PPC_MFCR;
}

static bool reads_carry(int op)
{
    return op == LL_PPC_ADDE || op == LL_PPC_SUBFE || op == LL_PPC_ADDZE ||
           op == LL_PPC_SUBFZE || op == LL_PPC_ADDME || op == LL_PPC_SUBFME;
}

/* A thread starts as herd7 starts it: a `blr` that no `bl` came before
 * ends the thread (LR points at a jump to the block's end), and CR and
 * the carry read 0 (through a hidden variable holding 0, named after
 * cr0). Only for threads that would see the difference. */
static bool ppc_thread_prologue(hw_gen *g, ll_buf *out)
{
    const ll_thread *th = hw_gen_thread(g);
    if (thread_has(th, is_blr)) {
        ll_buf_puts(out, "\tbl .Lll.lr%=\n\tb ");
        hw_gen_put_end(g, out);
        ll_buf_puts(out, "\n.Lll.lr%=:\n");
    }
    if (thread_has(th, reads_cr)) {
        ll_buf_puts(out, "\tmtcrf 255,");
        hw_gen_put_reg(g, out, "", LL_PPC_CR0);
        ll_buf_putc(out, '\n');
    }
    if (thread_has(th, reads_carry)) {
        ll_buf_puts(out, "\tmtxer ");
        hw_gen_put_reg(g, out, "", LL_PPC_CR0);
        ll_buf_putc(out, '\n');
    }
    return true;
}

/* Beyond cr0 and memory: another CR field, the link and count registers,
 * the carry. */
static const char *ppc_instr_clobbers(const ll_instr *in)
{
    static const char *const crf[8] = {
        "\"cr0\"", "\"cr1\"", "\"cr2\"", "\"cr3\"", "\"cr4\"", "\"cr5\"",
        "\"cr6\"", "\"cr7\""};
    switch (in->op) {
    case LL_PPC_MTCRF: case LL_PPC_MTCR: case LL_PPC_MFCR:
        return "\"cr1\", \"cr2\", \"cr3\", \"cr4\", \"cr5\", \"cr6\", "
               "\"cr7\"";
    case LL_PPC_BL: case LL_PPC_BLR: case LL_PPC_MTLR:
        return "\"lr\"";
    case LL_PPC_BDNZ: case LL_PPC_BDZ: case LL_PPC_MTCTR:
        return "\"ctr\"";
    case LL_PPC_ADDIC: case LL_PPC_ADDIC_DOT: case LL_PPC_SUBFIC:
    case LL_PPC_ADDC: case LL_PPC_SUBFC: case LL_PPC_ADDE: case LL_PPC_SUBFE:
    case LL_PPC_ADDZE: case LL_PPC_SUBFZE: case LL_PPC_ADDME:
    case LL_PPC_SUBFME: case LL_PPC_SRAWI: case LL_PPC_SRADI:
    case LL_PPC_SRAW: case LL_PPC_SRAD:
        return "\"xer\"";
    default:
        return ll_ppc_crf(in->flags) ? crf[ll_ppc_crf(in->flags)] : NULL;
    }
}

/* Perpetual mode: sync, lwsync, eieio, isync, nop; `li rD,imm`; lwz, ld
 * and stw, std at `0(rA)` (the address is a location's, held by rA). */
static hw_perp_kind ppc_perp_access(const ll_instr *in, hw_perp_access *a)
{
    const ll_operand *r = &in->ops[0], *m = &in->ops[1];
    if (in->flags & LL_PPC_F_DOT)
        return HW_PERP_NONE;
    switch (in->op) {
    case LL_PPC_SYNC: case LL_PPC_LWSYNC: case LL_PPC_EIEIO:
    case LL_PPC_ISYNC: case LL_PPC_NOP:
        return HW_PERP_FENCE;
    case LL_PPC_LI:
        if (in->n_ops != 2 || r->kind != LL_OPND_REG ||
            ppc_reg_family(r->reg) < 0 || m->kind != LL_OPND_IMM)
            return HW_PERP_NONE;
        a->reg = r->reg;
        a->imm = m->imm;
        return HW_PERP_MOVE;
    case LL_PPC_LWZ: case LL_PPC_LD: case LL_PPC_STW: case LL_PPC_STD:
        break;
    default:
        return HW_PERP_NONE;
    }
    if (in->n_ops != 2 || r->kind != LL_OPND_REG ||
        ppc_reg_family(r->reg) < 0 || m->kind != LL_OPND_MEM || m->imm ||
        ppc_reg_family(m->reg) < 0)
        return HW_PERP_NONE;
    a->reg = r->reg;
    a->base = m->reg;
    a->width = in->op == LL_PPC_LD || in->op == LL_PPC_STD ? 8 : 4;
    if (in->op == LL_PPC_STW || in->op == LL_PPC_STD) {
        a->src = 0;
        return HW_PERP_STORE;
    }
    return HW_PERP_LOAD;
}

/* The machines that run these tests (hwrun/target.h; cross builds
 * are static, so that qemu-user runs them without the target's
 * libraries). */
static const hw_target ppc_targets[] = {
    {"ppc64le", "ppc64el powerpc64le", LL_ARCH_PPC, "ppc64le",
     "powerpc64le-linux-gnu-gcc", "gcc-powerpc64le-linux-gnu",
     "qemu-ppc64le", "", "mftb", NULL},
    {"ppc64", "powerpc64", LL_ARCH_PPC, "ppc64",
     "powerpc64-linux-gnu-gcc", "gcc-powerpc64-linux-gnu", "qemu-ppc64", "",
     "mftb", NULL},
    {.name = NULL},
};

const hw_gen_ops hw_gen_ppc_ops = {
    .arch = LL_ARCH_PPC,
    .name = "PPC",
    .targets = ppc_targets,
    .n_opcodes = LL_PPC_NOPS,
    .reg_family = ppc_reg_family,
    .reg_width = ppc_reg_width,
    .reg_ctype = "uint64_t",
    .reg_constraint = "b",
    .write_zero = ppc_write_zero,
    .write_instr = ppc_write_instr,
    .clobbers = "\"cc\", \"cr0\", \"memory\"",
    .instr_clobbers = ppc_instr_clobbers,
    .thread_prologue = ppc_thread_prologue,
    .perp_access = ppc_perp_access,
};
