/* aarch64_enc.c — the AArch64 operands herd7 7.58 reads (and the model
 * runs) that no CPU instruction encodes: hwrun refuses them when it
 * checks a test, naming the instruction and the encoding's limits, so
 * that the cross assembler never meets them. The limits are the Arm
 * ARM's encodings, as GNU as takes them: it picks the other form of a
 * value that keeps its meaning (`ADD W0,W2,#-1` is `SUB W0,W2,#1`, `LDR
 * W0,[X1,#1]` is `LDUR`, `MOV W0,#-1` is `MOVN`, `BIC W0,W2,#1` is an
 * AND), so these are accepted; a form whose CPU meaning differs from
 * herd7's (`CSET W0,AL`, register 31 that is SP) is refused too, and so
 * is one whose CPU result is unpredictable (`LDR X1,[X1],#8`). */
#include "hwrun/gen/aarch64_enc.h"

#include <string.h>

#include "litmuslab/arch/aarch64.h"

/* The mnemonic as written, with its S (`ADDS`), in name[16]. */
static const char *mnemonic(hw_gen *g, const ll_instr *in, char *name)
{
    ll_instr m = *in;
    ll_buf b = {0};
    m.n_ops = 0;
    hw_gen_test(g)->arch->print_instr(&m, &b);
    snprintf(name, 16, "%.*s", (int)strcspn(ll_buf_str(&b), ","),
             ll_buf_str(&b));
    ll_buf_free(&b);
    return name;
}

/* Refuse st: "'OP' WHAT is herd7's form (no CPU encoding: WHY); ..." */
static bool refuse(hw_gen *g, const ll_stmt *st, const char *what,
                   const char *why)
{
    char name[16];
    return hw_gen_fail(g, st, "'%s' %s is herd7's form (no CPU encoding: "
                       "%s); hwrun cannot run it",
                       mnemonic(g, &st->instr, name), what, why);
}

static int width(int reg)
{
    return LL_A64_REG_IS_W(reg) ? 32 : 64;
}

static bool is_zr(int reg)
{
    return reg >= 0 && reg < LL_A64_SP && LL_A64_REG_NUM(reg) == LL_A64_ZR;
}

static bool fits_w(int64_t imm)
{
    return imm >= -((int64_t)1 << 32) && imm <= (int64_t)UINT32_MAX;
}

/* Whether v is a logical immediate at width bits: an element of 2 to 64
 * bits, repeated to fill the width, that is a rotated run of ones (not
 * all zeros or all ones): the CPU's only encoding (`ORR X0,X1,#0` and
 * `AND W0,W2,#5` have none; herd7 reads them). A W operation takes
 * the low 32 bits of a value whose high 32 are all zeros or all ones,
 * as GNU as and herd7 do. */
static bool logical_imm(int64_t imm, int bits)
{
    uint64_t v = (uint64_t)imm;
    if (bits == 32) {
        if (!fits_w(imm))
            return false;
        v = (v & 0xffffffffu) | (v << 32);
    }
    if (v == 0 || v == ~(uint64_t)0)
        return false;
    int e = 2;
    while (e < 64 && ((v >> e) | (v << (64 - e))) != v)
        e *= 2;
    uint64_t m = e == 64 ? ~(uint64_t)0 : ((uint64_t)1 << e) - 1;
    uint64_t x = v & m;
    uint64_t rot = ((x >> 1) | (x << (e - 1))) & m;
    return __builtin_popcountll(x ^ rot) == 2;
}

/* A MOV immediate: one halfword of the register (MOVZ), its complement
 * (MOVN), or a logical immediate (ORR). */
static bool mov_imm(int64_t imm, int bits)
{
    if (bits == 32 && !fits_w(imm))
        return false;
    uint64_t m = bits == 32 ? 0xffffffffu : ~(uint64_t)0;
    uint64_t v = (uint64_t)imm & m;
    for (int s = 0; s < bits; s += 16) {
        uint64_t rest = ~((uint64_t)0xffff << s) & m;
        if ((v & rest) == 0 || (~v & rest) == 0)
            return true;
    }
    return logical_imm(imm, bits);
}

/* The ALU instructions: what their last operand may be. */
static bool logical_op(int op)
{
    return op == LL_A64_AND || op == LL_A64_ORR || op == LL_A64_EOR ||
           op == LL_A64_TST || op == LL_A64_BIC;
}

static bool arith_op(int op)
{
    return op == LL_A64_ADD || op == LL_A64_SUB || op == LL_A64_CMP;
}

static bool is_shift(int kind)
{
    return kind == LL_A64_EXT_LSL || kind == LL_A64_EXT_LSR ||
           kind == LL_A64_EXT_ASR || kind == LL_A64_EXT_ROR;
}

/* ADD, SUB, CMP with an immediate: 12 bits, shifted by 0 or 12; the
 * assembler takes a negative one as the other operation, and an
 * unshifted multiple of 4096 as shifted. Register 31 is SP there (the
 * destination of a flag-setting one excepted), and so it is with an
 * extended register. */
static bool arith_imm(hw_gen *g, const ll_stmt *st, const ll_operand *o)
{
    int amount = LL_A64_EXT_AMOUNT(o->shift);
    uint64_t a = o->imm < 0 ? -(uint64_t)o->imm : (uint64_t)o->imm;
    bool ok = amount == 12 ? a <= 0xfff
                           : amount == 0 && (a <= 0xfff ||
                                             ((a & 0xfff) == 0 &&
                                              a <= 0xfff000));
    char what[64];
    snprintf(what, sizeof what, amount ? "of %lld,LSL #%d" : "of %lld",
             (long long)o->imm, amount);
    if (!ok)
        return refuse(g, st, what, "an ADD or SUB immediate is 12 bits, "
                      "shifted left by 0 or 12");
    return true;
}

static bool sp_operand(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    bool cmp = in->op == LL_A64_CMP;
    bool s = cmp || (in->flags & LL_ARM_F_S);
    char name[16];
    if ((!s && is_zr(in->ops[0].reg)) || is_zr(in->ops[cmp ? 0 : 1].reg))
        return hw_gen_fail(g, st, "'%s' of an immediate or an extended "
                           "register reads register 31 as SP, not XZR as "
                           "herd7 does; hwrun cannot run it",
                           mnemonic(g, in, name));
    return true;
}

/* The last operand of an ALU instruction: a shift within the register,
 * an extension of a W register (the reader keeps its amount 0 to 4), an
 * immediate the operation encodes. */
static bool alu(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    const ll_operand *o = &in->ops[in->n_ops - 1];
    int bits = width(in->ops[0].reg), op = in->op;
    int kind = LL_A64_EXT_KIND(o->shift), amount = LL_A64_EXT_AMOUNT(o->shift);
    char what[64];
    if (o->kind == LL_OPND_REG && o->shift && is_shift(kind) &&
        amount >= bits) {
        char why[64];
        snprintf(what, sizeof what, "shifted by %d", amount);
        snprintf(why, sizeof why, "a %d-bit register shifts by 0 to %d", bits,
                 bits - 1);
        return refuse(g, st, what, why);
    }
    if (o->kind == LL_OPND_REG && o->shift && !is_shift(kind)) {
        if (bits == 32 && !LL_A64_REG_IS_W(o->reg) && !is_zr(o->reg))
            return refuse(g, st, "of an X register extended", "a 32-bit "
                          "operation extends a W register");
        return !arith_op(op) || sp_operand(g, st);
    }
    if (o->kind != LL_OPND_IMM)
        return true;
    if (arith_op(op))
        return arith_imm(g, st, o) && sp_operand(g, st);
    char name[16];
    if (op == LL_A64_ORN || op == LL_A64_EON ||
        (op == LL_A64_BIC && (in->flags & LL_ARM_F_S)))
        return hw_gen_fail(g, st, "'%s' of an immediate is herd7's form (no "
                           "CPU encoding, and no alias GNU as assembles); "
                           "hwrun cannot run it", mnemonic(g, in, name));
    snprintf(what, sizeof what, "of %lld", (long long)o->imm);
    if (op == LL_A64_BIC && !logical_imm(~o->imm, bits))
        return refuse(g, st, what, "BIC's immediate is the complement of a "
                      "logical immediate, a repeated, rotated run of ones");
    if (logical_op(op) && op != LL_A64_BIC && !logical_imm(o->imm, bits))
        return refuse(g, st, what, "a logical immediate is a repeated, "
                      "rotated run of ones");
    return true;
}

/* Operand i, an immediate bit number or shift ("of bit", "by"), within
 * the register. */
static bool bit_in_reg(hw_gen *g, const ll_stmt *st, int i, const char *of)
{
    const ll_instr *in = &st->instr;
    int bits = width(in->ops[0].reg);
    long long v = (long long)in->ops[i].imm;
    if (in->ops[i].kind != LL_OPND_IMM || (v >= 0 && v < bits))
        return true;
    char name[16];
    return hw_gen_fail(g, st, "'%s' %s %lld of a %d-bit register is herd7's "
                       "form (no CPU encoding); hwrun cannot run it",
                       mnemonic(g, in, name), of, v, bits);
}

/* MOV, MOVZ, MOVN, MOVK of an immediate. */
static bool move(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    const ll_operand *o = &in->ops[1];
    int bits = width(in->ops[0].reg), amount = LL_A64_EXT_AMOUNT(o->shift);
    char what[64];
    if (in->n_ops != 2 || o->kind != LL_OPND_IMM)
        return true;
    snprintf(what, sizeof what, "of %lld", (long long)o->imm);
    if (in->op == LL_A64_MOV && (amount || !mov_imm(o->imm, bits)))
        return refuse(g, st, what, "a MOV immediate is a halfword or its "
                      "complement, unshifted, or a logical immediate; MOVZ "
                      "and MOVK make any");
    if (in->op != LL_A64_MOV &&
        (o->imm < 0 || o->imm > 0xffff || amount % 16 || amount >= bits)) {
        if (amount)
            snprintf(what, sizeof what, "of %lld,LSL #%d", (long long)o->imm,
                     amount);
        return refuse(g, st, what, bits == 32
                                       ? "a halfword, 0 to 65535, shifted "
                                         "by 0 or 16"
                                       : "a halfword, 0 to 65535, shifted "
                                         "by 0, 16, 32 or 48");
    }
    return true;
}

/* CSET, CSETM, CINC invert their condition in the encoding: AL has
 * none (the CPU's CSET of NV, its inverse, gives 0, herd7's AL 1). */
static bool inverted_cond(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    if ((in->op != LL_A64_CSET && in->op != LL_A64_CSETM &&
         in->op != LL_A64_CINC) ||
        LL_ARM_COND_OF(in->flags) != LL_ARM_COND_AL)
        return true;
    return refuse(g, st, "of AL", "CSET, CSETM and CINC take a condition "
                  "other than AL");
}

/* The pairs and single accesses that take an immediate offset. */
static bool imm_pair(int op)
{
    return op == LL_A64_LDP || op == LL_A64_STP || op == LL_A64_LDNP ||
           op == LL_A64_STNP || op == LL_A64_LDPSW;
}

static bool imm_single(int op)
{
    return op == LL_A64_LDR || op == LL_A64_LDRB || op == LL_A64_LDRH ||
           op == LL_A64_LDRSB || op == LL_A64_LDRSH || op == LL_A64_LDRSW ||
           op == LL_A64_STR || op == LL_A64_STRB || op == LL_A64_STRH ||
           op == LL_A64_LDUR || op == LL_A64_STUR;
}

/* A register index: a W one extended by UXTW or SXTW, an X one by LSL
 * or SXTX, shifted by 0 or the access's log2 size. */
static bool index_reg(hw_gen *g, const ll_stmt *st, const ll_operand *m,
                      int size)
{
    int kind = LL_A64_EXT_KIND(m->shift), amount = LL_A64_EXT_AMOUNT(m->shift);
    bool w = LL_A64_REG_IS_W(m->index);
    bool x_kind = kind == LL_A64_EXT_LSL || kind == LL_A64_EXT_SXTX;
    int scale = __builtin_ctz((unsigned)size);
    char what[64], why[96];
    if (w == x_kind)
        return refuse(g, st, w ? "of a W index shifted or unextended"
                               : "of an X index extended by UXTW or SXTW",
                      "a W index is extended by UXTW or SXTW, an X index "
                      "by LSL or SXTX");
    if (amount != 0 && amount != scale) {
        snprintf(what, sizeof what, "of an index shifted by %d", amount);
        snprintf(why, sizeof why, "a %d-byte access's index shifts by %s%d",
                 size, scale ? "0 or " : "", scale);
        return refuse(g, st, what, why);
    }
    return true;
}

/* The offset or writeback of a load or store. */
static bool memory(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    const ll_operand *m = &in->ops[in->n_ops - 1];
    int op = in->op, size = ll_a64_access_size(in);
    int mode = LL_A64_IDX_MODE(m->shift);
    long long v = (long long)m->imm;
    char what[64], why[128];
    if (m->kind != LL_OPND_MEM || size <= 0 ||
        !(imm_single(op) || imm_pair(op)))
        return true;
    if (m->index >= 0)
        return index_reg(g, st, m, size);
    snprintf(what, sizeof what, mode == LL_A64_IDX_OFFSET
                                    ? "at offset %lld"
                                    : "writing back %lld", v);
    if (imm_pair(op)) {
        if ((op == LL_A64_LDNP || op == LL_A64_STNP) &&
            mode != LL_A64_IDX_OFFSET)
            return refuse(g, st, "with writeback", "LDNP and STNP write no "
                          "base register back");
        if (v % size == 0 && v / size >= -64 && v / size <= 63)
            return true;
        snprintf(why, sizeof why, "a pair of %d-byte accesses is at a "
                 "multiple of %d from %d to %d", size, size, -64 * size,
                 63 * size);
        return refuse(g, st, what, why);
    }
    if (v >= -256 && v <= 255)
        return true;
    if (mode != LL_A64_IDX_OFFSET)
        return refuse(g, st, what, "a writeback is -256 to 255");
    if (op != LL_A64_LDUR && op != LL_A64_STUR && v >= 0 && v % size == 0 &&
        v / size <= 4095)
        return true;
    if (op == LL_A64_LDUR || op == LL_A64_STUR)
        snprintf(why, sizeof why, "LDUR and STUR take -256 to 255");
    else
        snprintf(why, sizeof why, "a %d-byte access's offset is -256 to 255, "
                 "or a multiple of %d from 0 to %d", size, size, 4095 * size);
    return refuse(g, st, what, why);
}

/* Two operands naming one register (W1 and X1 too; herd's `%x0` by its
 * name), the zero register and SP apart. */
static bool same_reg(int a, int b)
{
    if (LL_A64_IS_SYMREG(a) || LL_A64_IS_SYMREG(b))
        return a == b;
    return a >= 0 && a < LL_A64_SP && b >= 0 && b < LL_A64_SP &&
           LL_A64_REG_NUM(a) == LL_A64_REG_NUM(b);
}

static bool unpredictable(hw_gen *g, const ll_stmt *st, const char *what,
                          int reg)
{
    char name[16];
    return hw_gen_fail(g, st, "'%s' %s %s: the CPU's result is "
                       "unpredictable (herd7 gives one); hwrun cannot run it",
                       mnemonic(g, &st->instr, name), what,
                       hw_gen_test(g)->arch->reg_name(reg));
}

/* The register overlaps the Arm ARM leaves CONSTRAINED UNPREDICTABLE
 * (GNU as warns): a writeback to a data register, a pair loaded into
 * one register, an exclusive store's status in its data or base. */
static bool overlaps(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    int n = in->n_ops, op = in->op;
    const ll_operand *m = &in->ops[n - 1];
    if (n < 2 || m->kind != LL_OPND_MEM)
        return true;
    bool store_ex = op == LL_A64_STXR || op == LL_A64_STLXR ||
                    op == LL_A64_STXP || op == LL_A64_STLXP;
    if (store_ex) {
        for (int i = 1; i < n - 1; i++)
            if (same_reg(in->ops[0].reg, in->ops[i].reg))
                return unpredictable(g, st, "writes its status to its data "
                                     "register", in->ops[0].reg);
        if (same_reg(in->ops[0].reg, m->reg))
            return unpredictable(g, st, "writes its status to its base "
                                 "register", in->ops[0].reg);
        return true;
    }
    bool load_pair = op == LL_A64_LDP || op == LL_A64_LDNP ||
                     op == LL_A64_LDPSW || op == LL_A64_LDXP ||
                     op == LL_A64_LDAXP;
    if (load_pair && n == 3 && same_reg(in->ops[0].reg, in->ops[1].reg))
        return unpredictable(g, st, "loads both halves of the pair into",
                             in->ops[0].reg);
    if (LL_A64_IDX_MODE(m->shift) == LL_A64_IDX_OFFSET || op == LL_A64_CASP)
        return true;
    for (int i = 0; i < n - 1; i++)
        if (in->ops[i].kind == LL_OPND_REG && same_reg(in->ops[i].reg, m->reg))
            return unpredictable(g, st, "writes back to its data register",
                                 in->ops[i].reg);
    return true;
}

bool hw_a64_encodable(hw_gen *g, const ll_stmt *st)
{
    const ll_instr *in = &st->instr;
    switch (in->op) {
    case LL_A64_LSL: case LL_A64_LSR: case LL_A64_ASR: case LL_A64_ROR:
        return bit_in_reg(g, st, in->n_ops - 1, "by");
    case LL_A64_TBZ: case LL_A64_TBNZ:
        return bit_in_reg(g, st, 1, "of bit");
    case LL_A64_UBFM: case LL_A64_SBFM:
        return bit_in_reg(g, st, 2, "of bit") &&
               bit_in_reg(g, st, 3, "of bit");
    case LL_A64_EXTR:
        return bit_in_reg(g, st, 3, "of bit");
    case LL_A64_MOV: case LL_A64_MOVZ: case LL_A64_MOVN: case LL_A64_MOVK:
        return move(g, st);
    case LL_A64_CSET: case LL_A64_CSETM: case LL_A64_CINC:
        return inverted_cond(g, st);
    default:
        break;
    }
    if (in->n_ops >= 2 && in->ops[in->n_ops - 1].kind == LL_OPND_MEM)
        return memory(g, st) && overlaps(g, st);
    if (in->n_ops >= 2)
        return alu(g, st);
    return true;
}
