/* aarch64_alu.c — AArch64 register instructions for the model, after
 * herd7's: W registers are the low halves of X registers and writing one
 * zero-extends; arithmetic, logic and shifts at the operation's width,
 * with shifted and extended second operands; the flags of ADDS, SUBS,
 * ANDS, BICS, NEGS, CMP and TST; conditional selects. The result of an
 * instruction depends on every register it reads, with their pick
 * dependencies carried along; a conditional select depends on the
 * register it selects (data) and on the flags through a pick (herd7's
 * iico_ctrl: the comparison chooses the value, so a later access whose
 * address comes from it is pick-addr-dep, which orders writes but not
 * reads). Values may be addresses: they move by + and -, cancel by x-x
 * and x^x, compare equal only to themselves, and x - y is their order
 * (sem_herd_arith). An operation herd7 7.58 refuses on one (a W
 * register's mask32, x & 1, a shift, N of x - 1), on a constant or a
 * value read, goes on with herd7's unsolved value, refusing the test if
 * the model accepts a candidate of it (sem_illegal_value); what is
 * computed from that value is unsolved too, a condition on it either
 * way. */
#include "model/sem/aarch64_int.h"

bool a64_mask(sem_run *r, sem_reg *v, int bits)
{
    if (bits >= 64 || v->v.sym < 0)
        return true;
    char name[16];
    snprintf(name, sizeof name, "mask%02d", bits & 63);
    return sem_illegal_value(r, name, v->v, NULL, v->t, &v->v);
}

bool a64_unsolved(sem_val a, sem_val b)
{
    return sem_is_unsolved(a) || sem_is_unsolved(b);
}

static uint64_t mask_of(int bits)
{
    return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

int a64_bits(int reg)
{
    return LL_A64_REG_IS_W(reg) ? 32 : 64;
}

sem_val a64_trunc(sem_val v, int bits)
{
    if (v.sym != -1 || bits >= 64)
        return v;
    return sem_int((int64_t)((uint64_t)v.num & mask_of(bits)));
}

int64_t a64_sext(int64_t v, int bits)
{
    if (bits >= 64)
        return v;
    uint64_t top = (uint64_t)1 << (bits - 1);
    uint64_t u = (uint64_t)v & mask_of(bits);
    return (int64_t)((u ^ top) - top);
}

bool a64_is_zr(int reg)
{
    return reg >= 0 && reg < LL_A64_SP && LL_A64_REG_NUM(reg) == LL_A64_ZR;
}

/* herd's symbolic `%x0` has the engine's slot, found by its name. */
static int slot_of(sem_run *r, int reg)
{
    if (LL_A64_IS_SYMREG(reg))
        return sem_slot(r, reg, ll_arch_aarch64.reg_name(reg));
    return reg == LL_A64_SP ? A64_SLOT_SP : LL_A64_REG_NUM(reg);
}

sem_reg a64_get(sem_run *r, int reg)
{
    sem_reg z = {sem_int(0), 0};
    if (a64_is_zr(reg))
        return z;
    sem_reg v = sem_get(r, slot_of(r, reg));
    v.v = a64_trunc(v.v, a64_bits(reg));
    r->regs_read |= v.t;    /* model/copy_cycles.c result_read_solved */
    return v;
}

sem_taint a64_pick(sem_run *r, int reg)
{
    return a64_is_zr(reg) ? 0 : sem_get_pick(r, slot_of(r, reg));
}

sem_taint a64_made(sem_run *r, int reg)
{
    return a64_is_zr(reg) ? 0 : sem_get_made(r, slot_of(r, reg));
}

void a64_set_made(sem_run *r, int reg, sem_taint made)
{
    if (!a64_is_zr(reg))
        sem_set_made(r, slot_of(r, reg), made);
}

void a64_set(sem_run *r, int reg, sem_val v, sem_taint t)
{
    a64_set_pick(r, reg, v, t, 0);
}

void a64_set_pick(sem_run *r, int reg, sem_val v, sem_taint t, sem_taint p)
{
    a64_set_wide(r, reg, a64_trunc(v, a64_bits(reg)), t, p);
}

void a64_set_wide(sem_run *r, int reg, sem_val v, sem_taint t, sem_taint p)
{
    if (!a64_is_zr(reg))
        sem_set_pick(r, slot_of(r, reg), v, t, p);
}

/* An address passes through the shifts that leave a value unchanged;
 * herd7 7.58 refuses the others (`<<[1] on x`). */
bool a64_shift(sem_val v, int shift, int bits, sem_val *out,
               char name[16])
{
    int kind = LL_A64_EXT_KIND(shift), n = LL_A64_EXT_AMOUNT(shift);
    if (v.sym != -1) {
        static const char *const op[] = {
            [LL_A64_EXT_LSL] = "<<", [LL_A64_EXT_LSR] = ">>>",
            [LL_A64_EXT_ASR] = "sxt64", [LL_A64_EXT_ROR] = "ror",
            [LL_A64_EXT_UXTB] = "mask08", [LL_A64_EXT_UXTH] = "mask16",
            [LL_A64_EXT_SXTB] = "sxt08", [LL_A64_EXT_SXTH] = "sxt16",
        };
        *out = v;
        bool moves = n != 0 || kind == LL_A64_EXT_LSR ||
                     kind == LL_A64_EXT_ASR || kind == LL_A64_EXT_ROR ||
                     kind == LL_A64_EXT_UXTB || kind == LL_A64_EXT_UXTH ||
                     kind == LL_A64_EXT_SXTB || kind == LL_A64_EXT_SXTH;
        bool ext = kind != LL_A64_EXT_LSL && kind != LL_A64_EXT_LSR &&
                   kind != LL_A64_EXT_ASR && kind != LL_A64_EXT_ROR;
        if (ext || n == 0 || kind == LL_A64_EXT_ASR)
            snprintf(name, 16, "%s", kind < (int)(sizeof op / sizeof op[0]) &&
                                     op[kind] ? op[kind] : "<<");
        else
            snprintf(name, 16, "%s[%d]", op[kind], n);
        return sem_is_unsolved(v) || !moves;
    }
    uint64_t m = mask_of(bits), u = (uint64_t)v.num & m;
    switch (kind) {
    case LL_A64_EXT_LSL: u = n < 64 ? u << n : 0; n = 0; break;
    case LL_A64_EXT_LSR: u = n < 64 ? u >> n : 0; n = 0; break;
    case LL_A64_EXT_ASR:
        u = (uint64_t)(a64_sext((int64_t)u, bits) >> (n < 64 ? n : 63));
        n = 0;
        break;
    case LL_A64_EXT_ROR:
        n %= bits;
        if (n)
            u = (u >> n) | (u << (bits - n));
        n = 0;
        break;
    case LL_A64_EXT_UXTB: u &= 0xff; break;
    case LL_A64_EXT_UXTH: u &= 0xffff; break;
    case LL_A64_EXT_UXTW: u &= 0xffffffffu; break;
    case LL_A64_EXT_SXTB: u = (uint64_t)a64_sext((int64_t)u, 8); break;
    case LL_A64_EXT_SXTH: u = (uint64_t)a64_sext((int64_t)u, 16); break;
    case LL_A64_EXT_SXTW: u = (uint64_t)a64_sext((int64_t)u, 32); break;
    }
    u <<= n;    /* the amount of an extension scales it */
    *out = sem_int((int64_t)(u & m));
    return true;
}

/* A register source of a `bits`-wide operation: herd7 7.58 masks a W
 * register's value (mask32, refused on an address: a64_mask); false, the
 * run stops. */
static bool source(sem_run *r, int reg, int bits, sem_reg *out)
{
    *out = a64_get(r, reg);
    return a64_mask(r, out, bits < 64 ? bits : a64_bits(reg));
}

/* The second operand: a register or an immediate, shifted; *pick gets
 * the register's pick dependencies. A shift herd7 refuses on an address
 * makes it unsolved (sem_illegal_value); false, the run stops. */
static bool op2(sem_run *r, const ll_operand *o, int bits, sem_reg *out,
                sem_taint *pick)
{
    sem_reg v = {sem_int(o->imm), 0};
    *pick = 0;
    if (o->kind == LL_OPND_REG) {
        if (!source(r, o->reg, bits, &v))
            return false;
        *pick = a64_pick(r, o->reg);
    }
    out->t = v.t;
    int kind = LL_A64_EXT_KIND(o->shift), n = LL_A64_EXT_AMOUNT(o->shift);
    char name[16];
    if (n == 0 || kind == LL_A64_EXT_LSL || kind == LL_A64_EXT_LSR ||
        kind == LL_A64_EXT_ASR || kind == LL_A64_EXT_ROR) {
        if (!a64_shift(v.v, o->shift, bits, &out->v, name))
            return sem_illegal_value(r, name, v.v, NULL, v.t, &out->v);
        return true;
    }
    /* herd7 7.58 shifts an extended register before it extends it: `ADD
     * W0,W2,W3,UXTB #1` of W3 0xfe adds 0xfc, not the CPU's 0x1fc */
    sem_val shifted;
    if (!a64_shift(v.v, LL_A64_SHIFT(LL_A64_EXT_LSL, n), bits, &shifted,
                   name))
        return sem_illegal_value(r, name, v.v, NULL, v.t, &out->v);
    if (!a64_shift(shifted, LL_A64_SHIFT(kind, 0), bits, &out->v, name))
        return sem_illegal_value(r, name, shifted, NULL, v.t, &out->v);
    return true;
}

enum { OP_ADD, OP_SUB, OP_AND, OP_ORR, OP_EOR, OP_BIC, OP_ORN,
       OP_LSL, OP_LSR, OP_ASR, OP_ROR, OP_MUL };

/* a op b at width bits. On an address, herd7's values' rules
 * (sem_herd_arith: x | 0 is x, y - x orders them, x & 0 is refused) at
 * 64 bits; a 32-bit operation masks its operands, which herd7 refuses on
 * an address ("Illegal operation mask32 on x"). */
static bool compute(sem_run *r, int op, sem_val a, sem_val b, int bits,
                    sem_val *out)
{
    static const char sym_op[] = {'+', '-', '&', '|', '^'};
    if (a64_unsolved(a, b)) {
        *out = sem_unsolved();
        return true;
    }
    if (a.sym >= 0 || b.sym >= 0)
        return bits == 64 && op <= OP_EOR &&
               sem_herd_arith(r, sym_op[op], a, b, out);
    uint64_t m = mask_of(bits);
    uint64_t x = (uint64_t)a.num & m, y = (uint64_t)b.num & m, z = 0;
    /* herd7 7.58 takes a shift amount modulo 64 at either width, and a
     * W source is zero-extended: LSL W of 5 by 33 is 0, ASR W shifts in
     * zeros (0x80000000 ASR 4 is 0x08000000) */
    int n = (int)(y % 64);
    switch (op) {
    case OP_ADD: z = x + y; break;
    case OP_SUB: z = x - y; break;
    case OP_AND: z = x & y; break;
    case OP_ORR: z = x | y; break;
    case OP_EOR: z = x ^ y; break;
    case OP_BIC: z = x & ~y; break;
    case OP_ORN: z = x | ~y; break;
    case OP_LSL: z = x << n; break;
    case OP_LSR: z = x >> n; break;
    case OP_ASR: z = (uint64_t)((int64_t)x >> n); break;
    case OP_ROR:
        /* a W rotation by 33 to 63 leaves nothing (herd7 7.58 shifts the
         * zero-extended value right by n and left by 32-n, which the
         * machine takes modulo 64); by 32 it is the value itself */
        if (n == 0 || n == bits)
            z = x;
        else if (n < bits)
            z = (x >> n) | (x << (bits - n));
        else
            z = 0;
        break;
    case OP_MUL: z = x * y; break;
    }
    *out = sem_int((int64_t)(z & m));
    return true;
}

/* a op b at width bits (compute), or, where herd7 7.58 refuses it on an
 * address, herd7's unsolved value (sem_illegal_value, op named as herd7 does:
 * `<<< on x and 1`, `~ on x` of MVN); false, the run stops. */
static bool compute_or_illegal(sem_run *r, int op, sem_val a, sem_val b,
                               int bits, sem_taint t, sem_val *out)
{
    static const char *const name[] = {
        [OP_ADD] = "+", [OP_SUB] = "-", [OP_AND] = "&", [OP_ORR] = "|",
        [OP_EOR] = "^", [OP_BIC] = "andnot2", [OP_ORN] = "|",
        [OP_LSL] = "<<<", [OP_LSR] = ">>>", [OP_ASR] = "ASR",
        [OP_ROR] = ">>>", [OP_MUL] = "*",
    };
    if (compute(r, op, a, b, bits, out))
        return true;
    if (op == OP_ORN && b.sym >= 0)     /* ~b first */
        return sem_illegal_value(r, "~", b, NULL, t, out);
    if (op == OP_ORN)
        b = sem_int(~b.num);
    return sem_illegal_value(r, name[op], a, &b, t, out);
}

/* NZCV of a - b (sub) or a + b, or of a logical result (C = V = 0). */
static int64_t int_flags(int op, uint64_t a, uint64_t b, int bits)
{
    uint64_t m = mask_of(bits), top = (uint64_t)1 << (bits - 1);
    a &= m;
    b &= m;
    uint64_t res;
    int f = 0;
    if (op == OP_SUB) {
        res = (a - b) & m;
        f |= a >= b ? A64_C : 0;
        f |= ((a ^ b) & (a ^ res) & top) ? A64_V : 0;
    } else if (op == OP_ADD) {
        res = (a + b) & m;
        f |= res < a ? A64_C : 0;
        f |= (~(a ^ b) & (a ^ res) & top) ? A64_V : 0;
    } else {
        res = a;    /* the logical result itself */
    }
    f |= (res & top) ? A64_N : 0;
    f |= res == 0 ? A64_Z : 0;
    return f;
}

/* herd7 7.58 reads N as bit 63 (31) of the result, which it refuses on
 * an address (`readbit63 on x+-1` of CMP X2,#1: sem_illegal_value) and leaves
 * unsolved on an unsolved one: the flags are then unsolved. false: the
 * run stops. */
static bool set_flags(sem_run *r, int op, sem_val a, sem_val b, sem_val res,
                      int bits, sem_taint t, sem_taint p)
{
    int64_t f;
    sem_val unsolved;
    if (res.sym >= 0 &&
        !sem_illegal_value(r, bits < 64 ? "readbit31" : "readbit63", res,
                           NULL, t, &unsolved))
        return false;
    if (res.sym >= 0 || sem_is_unsolved(res)) {
        sem_set_pick(r, A64_SLOT_NZCV, sem_unsolved(), t, p);
        return true;
    }
    if (op != OP_ADD && op != OP_SUB)
        f = int_flags(OP_AND, (uint64_t)res.num, 0, bits);
    else if (a.sym < 0 && b.sym < 0)
        f = int_flags(op, (uint64_t)a.num, (uint64_t)b.num, bits);
    else    /* two addresses: their order (x - y is -1), C set, V clear */
        f = (res.num < 0 ? A64_N : 0) | (res.num == 0 ? A64_Z : 0) | A64_C;
    sem_set_pick(r, A64_SLOT_NZCV, sem_int(f), t, p);
    return true;
}

bool a64_cond_holds(sem_run *r, sem_reg nzcv, int cond)
{
    int64_t f = nzcv.v.num;
    if (sem_is_unsolved(nzcv.v))        /* herd7 leaves it: both ways */
        return sem_choose(r, 2) == 0;
    bool n = f & A64_N, z = f & A64_Z, c = f & A64_C, v = f & A64_V;
    switch (cond) {
    case LL_ARM_COND_EQ: return z;
    case LL_ARM_COND_NE: return !z;
    case LL_ARM_COND_CS: return c;
    case LL_ARM_COND_CC: return !c;
    case LL_ARM_COND_MI: return n;
    case LL_ARM_COND_PL: return !n;
    case LL_ARM_COND_VS: return v;
    case LL_ARM_COND_VC: return !v;
    case LL_ARM_COND_HI: return c && !z;
    case LL_ARM_COND_LS: return !(c && !z);
    case LL_ARM_COND_GE: return n == v;
    case LL_ARM_COND_LT: return n != v;
    case LL_ARM_COND_GT: return !z && n == v;
    case LL_ARM_COND_LE: return !(!z && n == v);
    }
    return true;
}

static int alu_op(int op)
{
    switch (op) {
    case LL_A64_ADD: return OP_ADD;
    case LL_A64_SUB: case LL_A64_CMP: case LL_A64_NEG: return OP_SUB;
    case LL_A64_AND: case LL_A64_TST: return OP_AND;
    case LL_A64_ORR: return OP_ORR;
    /* herd7 7.58 computes EON as EOR (5 EON 1 is 4) */
    case LL_A64_EOR: case LL_A64_EON: return OP_EOR;
    case LL_A64_BIC: return OP_BIC;
    case LL_A64_ORN: case LL_A64_MVN: return OP_ORN;
    case LL_A64_LSL: return OP_LSL;
    case LL_A64_LSR: return OP_LSR;
    case LL_A64_ASR: return OP_ASR;
    case LL_A64_ROR: return OP_ROR;
    }
    return OP_MUL;
}

/* The reads arith's result is made of (sem_run.made): its operands',
 * but none for x ^ x, which herd7 7.58 simplifies to 0 on a symbol (it
 * keeps x - x, x & 0 and x * 0 as operations: measured on a cycle of
 * copies, litmus/aarch64/LB+eor-self-copy). one: a one-register form. */
static sem_taint arith_made(sem_run *r, const ll_instr *in, int op, bool one,
                            sem_val a, sem_val b)
{
    const ll_operand *o = &in->ops[one ? 1 : 2];
    sem_taint ma = one ? 0 : a64_made(r, in->ops[1].reg);
    sem_taint mb = o->kind == LL_OPND_REG ? a64_made(r, o->reg) : 0;
    if (op == OP_EOR && !one && ma == mb && ma && !(ma & (ma - 1)) &&
        o->shift == 0 && sem_val_eq(a, b))
        return 0;
    return ma | mb;
}

/* Rd := Rn op OP2, or the two-operand forms: CMP/TST (Rd = ZR), MVN/NEG
 * (Rn = ZR); flags for the S forms, CMP and TST. */
static sem_next arith(sem_run *r, const ll_instr *in)
{
    bool no_dest = in->op == LL_A64_CMP || in->op == LL_A64_TST;
    bool no_src = in->op == LL_A64_MVN || in->op == LL_A64_NEG;
    const ll_operand *d = no_dest ? NULL : &in->ops[0];
    int bits = a64_bits(in->ops[0].reg);
    sem_reg a = {sem_int(0), 0}, b;
    sem_taint pa = 0, pb;
    if (!no_src) {
        if (!source(r, in->ops[no_dest ? 0 : 1].reg, bits, &a))
            return SEM_DEAD;
        pa = a64_pick(r, in->ops[no_dest ? 0 : 1].reg);
    }
    if (!op2(r, &in->ops[no_dest || no_src ? 1 : 2], bits, &b, &pb))
        return SEM_DEAD;
    int op = alu_op(in->op);
    sem_val v;
    sem_taint t = a.t | b.t;
    if (!compute_or_illegal(r, op, a.v, b.v, bits, t, &v))
        return SEM_DEAD;
    if ((no_dest || (in->flags & LL_ARM_F_S)) &&
        !set_flags(r, op, a.v, b.v, v, bits, t, pa | pb))
        return SEM_DEAD;
    if (d) {
        sem_taint made = arith_made(r, in, op, no_src, a.v, b.v);
        a64_set_pick(r, d->reg, v, t, pa | pb);
        a64_set_made(r, d->reg, made);
    }
    return SEM_NEXT;
}

/* MOVZ, MOVN, MOVK: a 16-bit immediate at a shift; MOVK keeps the other
 * bits of the register. */
static sem_next move_wide(sem_run *r, const ll_instr *in)
{
    int reg = in->ops[0].reg, bits = a64_bits(reg);
    int s = LL_A64_EXT_AMOUNT(in->ops[1].shift);
    if (in->ops[1].imm == 65535) {
        sem_refuse_on_path(r, "a halfword of 65535 (herd7 7.58 stops on an "
                           "assertion on any path that reaches it)");
        return SEM_ERROR;
    }
    uint64_t k = ((uint64_t)in->ops[1].imm & 0xffff) << s;
    if (in->op == LL_A64_MOVZ) {
        a64_set(r, reg, sem_int((int64_t)k), 0);
    } else if (in->op == LL_A64_MOVN) {
        /* herd7 7.58 writes all 64 bits of ~k, W or X (MOVN W5,#3 is
         * 0xfffffffffffffffc) */
        a64_set_wide(r, reg, sem_int((int64_t)~k), 0, 0);
    } else {
        sem_reg old;
        if (!source(r, reg, bits, &old))
            return SEM_DEAD;
        sem_val v = sem_int((int64_t)((((uint64_t)old.v.num &
                                        ~((uint64_t)0xffff << s)) | k) &
                                      mask_of(bits)));
        /* herd7 7.58 clears the field with andnot2, refused on an
           address (`andnot2 on x and 65535`) */
        if (old.v.sym >= 0 &&
            !sem_illegal_value(r, "andnot2", old.v, &(sem_val){0xffff, -1},
                               old.t, &v))
            return SEM_DEAD;
        if (sem_is_unsolved(old.v))
            v = old.v;
        sem_taint made = a64_made(r, reg);  /* (none after EOR Wn,Wm,Wm) */
        a64_set_pick(r, reg, v, old.t, a64_pick(r, reg));
        a64_set_made(r, reg, made);
    }
    return SEM_NEXT;
}

/* MUL, MADD (Ra + Rn*Rm), MSUB (Ra - Rn*Rm), MNEG (-(Rn*Rm)). W sources
 * are their low words, but as herd7 7.58 does, the result keeps all 64
 * bits (MUL W0,W1,W2 of 0xfffffff1 and 46 is 197568494926; the CPU
 * keeps the low word: doc/fidelity.md). */
static sem_next multiply(sem_run *r, const ll_instr *in)
{
    int bits = 64;
    sem_reg a, b, c = {sem_int(0), 0};
    if (!source(r, in->ops[1].reg, bits, &a) ||
        !source(r, in->ops[2].reg, bits, &b))
        return SEM_DEAD;
    sem_taint pk = a64_pick(r, in->ops[1].reg) | a64_pick(r, in->ops[2].reg);
    if (in->op == LL_A64_MADD || in->op == LL_A64_MSUB) {
        if (!source(r, in->ops[3].reg, bits, &c))
            return SEM_DEAD;
        pk |= a64_pick(r, in->ops[3].reg);
    }
    sem_taint t = a.t | b.t | c.t;
    bool sub = in->op == LL_A64_MSUB || in->op == LL_A64_MNEG;
    sem_val p, v;
    if (!compute_or_illegal(r, OP_MUL, a.v, b.v, bits, a.t | b.t, &p) ||
        !compute_or_illegal(r, sub ? OP_SUB : OP_ADD, c.v, p, bits, t, &v))
        return SEM_DEAD;
    a64_set_wide(r, in->ops[0].reg, v, t, pk);
    return SEM_NEXT;
}

/* CSEL Rd,Rn,Rm,cond: cond ? Rn : f(Rm), f the identity, +1, NOT or
 * negation; CSET, CSETM and CINC are CSINC and CSINV spelt otherwise. */
static sem_next cond_select(sem_run *r, const ll_instr *in)
{
    int rd = in->ops[0].reg, bits = a64_bits(rd);
    int cond = LL_ARM_COND_OF(in->flags);
    int zr = LL_A64_REG(LL_A64_ZR, bits == 32 ? LL_A64_W : LL_A64_X);
    int rn = zr, rm = zr, op = in->op;
    bool swap = false;   /* the aliases select Rn when cond fails */
    switch (in->op) {
    case LL_A64_CSET: op = LL_A64_CSINC; swap = true; break;
    case LL_A64_CSETM: op = LL_A64_CSINV; swap = true; break;
    case LL_A64_CINC:
        rn = rm = in->ops[1].reg;
        op = LL_A64_CSINC;
        swap = true;
        break;
    default:
        rn = in->ops[1].reg;
        rm = in->ops[2].reg;
    }
    /* herd7 7.58 inverts the aliases' condition as the CPU does but for
     * GE, whose inverse it takes to be GT (CSET W0,GE is LE: 0 after
     * CMP 2,1, 1 after CMP 1,1), and AL, its own inverse (CSET W0,AL is
     * 0); doc/fidelity.md */
    if (swap && cond == LL_ARM_COND_GE)
        cond = LL_ARM_COND_LE;
    else if (swap && cond == LL_ARM_COND_AL)
        swap = false;
    sem_reg f = sem_get(r, A64_SLOT_NZCV);
    sem_taint fp = sem_get_pick(r, A64_SLOT_NZCV);
    bool holds = a64_cond_holds(r, f, cond) != swap;
    sem_reg v;
    if (!source(r, holds ? rn : rm, bits, &v))  /* herd7 masks the one */
        return SEM_DEAD;
    /* the flags choose: what they depend on is a pick dependency */
    sem_taint pick = f.t | fp | a64_pick(r, holds ? rn : rm);
    sem_val res = v.v;
    bool ok = true;
    if (!holds) {
        switch (op) {
        case LL_A64_CSINC:
            ok = compute_or_illegal(r, OP_ADD, v.v, sem_int(1), bits, v.t,
                                    &res);
            break;
        case LL_A64_CSINV:
            ok = compute_or_illegal(r, OP_ORN, sem_int(0), v.v, bits, v.t,
                                    &res);
            break;
        case LL_A64_CSNEG:
            ok = compute_or_illegal(r, OP_SUB, sem_int(0), v.v, bits, v.t,
                                    &res);
            break;
        }
    }
    if (!ok)
        return SEM_DEAD;
    a64_set_pick(r, rd, res, v.t, pick);
    return SEM_NEXT;
}

/* UBFM Rd,Rn,#immr,#imms: with imms >= immr, bits immr..imms of Rn to
 * the bottom (LSR, UBFX); else bits 0..imms to position bits - immr
 * (LSL, UBFIZ); zeros elsewhere. SBFM the same, the field's top bit
 * copied above it (ASR, SBFX, SBFIZ, SXTB). */
static bool bitfield(uint64_t x, int64_t immr, int64_t imms, int bits,
                     bool sign, uint64_t *out)
{
    if (immr < 0 || imms < 0 || immr >= bits || imms >= bits)
        return false;
    x &= mask_of(bits);
    int top;    /* the field's top bit in the result */
    if (imms >= immr) {
        *out = (x >> immr) & mask_of((int)(imms - immr + 1));
        top = (int)(imms - immr);
    } else {
        *out = ((x & mask_of((int)imms + 1)) << (bits - immr)) &
               mask_of(bits);
        top = (int)(bits - immr + imms);
    }
    /* herd7 7.58 extends SBFM's sign to all 64 bits even in a W
       register (SBFM W0,W1,#0,#7 of 0x80 holds 0xffffffffffffff80; the
       CPU 0xffffff80), as it keeps MUL's: doc/fidelity.md */
    if (sign && (*out >> top & 1))
        *out |= ~mask_of(top + 1);
    return true;
}

/* Whether v is no number that an instruction of one operation on its
 * bits, named op as herd7 7.58 names it (`sxt64`), may take: an address,
 * which herd7 refuses (sem_illegal_value), or an unsolved value; *out is then
 * herd7's unsolved value, and *stop whether the run stops. */
static bool no_number(sem_run *r, const char *op, sem_reg v, sem_val *out,
                      bool *stop)
{
    *stop = false;
    *out = sem_unsolved();
    if (v.v.sym >= 0)
        *stop = !sem_illegal_value(r, op, v.v, NULL, v.t, out);
    return v.v.sym != -1;
}

/* REV (bytes of the whole register), REV16 and REV32 (bytes within each
 * 16- or 32-bit part), RBIT (bits). */
static uint64_t reverse(int op, uint64_t x, int bits)
{
    int part = op == LL_A64_REV16 ? 16 : op == LL_A64_REV32 ? 32 : bits;
    int unit = op == LL_A64_RBIT ? 1 : 8;
    uint64_t z = 0;
    for (int base = 0; base < bits; base += part)
        for (int i = 0; i < part; i += unit) {
            uint64_t u = (x >> (base + i)) & mask_of(unit);
            z |= u << (base + part - unit - i);
        }
    return z & mask_of(bits);
}

/* The register instructions of one source whose result is a function of
 * its bits: UBFM, the REVs, RBIT. An address has no bits to move. */
static sem_next bit_move(sem_run *r, const ll_instr *in)
{
    int rd = in->ops[0].reg, bits = a64_bits(rd);
    sem_reg v;
    if (!source(r, in->ops[1].reg, bits, &v))
        return SEM_DEAD;
    sem_taint p = a64_pick(r, in->ops[1].reg);
    uint64_t z;
    char op[24];
    if ((in->op == LL_A64_UBFM || in->op == LL_A64_SBFM) &&
        in->ops[2].imm == 0 &&
        in->ops[3].imm >= 0 && in->ops[3].imm < 63)
        snprintf(op, sizeof op, "&[0x%llx]",
                 (unsigned long long)mask_of((int)in->ops[3].imm + 1));
    else if (in->op == LL_A64_UBFM || in->op == LL_A64_SBFM ||
             in->op == LL_A64_RBIT)
        snprintf(op, sizeof op, "%s", in->op == LL_A64_UBFM ? "ubfm"
                                      : in->op == LL_A64_SBFM ? "sbfm"
                                                              : "rbit");
    else
        snprintf(op, sizeof op, "rev-%d-%d", in->op == LL_A64_REV16 ? 16
                                             : in->op == LL_A64_REV32 ? 32
                                                                      : bits,
                 bits);
    sem_val u;
    bool stop;
    if (no_number(r, op, v, &u, &stop)) {
        if (stop)
            return SEM_DEAD;
        a64_set_wide(r, rd, u, v.t, p);
        return SEM_NEXT;
    }
    if (in->op == LL_A64_UBFM || in->op == LL_A64_SBFM) {
        if (!bitfield((uint64_t)v.v.num, in->ops[2].imm, in->ops[3].imm,
                      bits, in->op == LL_A64_SBFM, &z)) {
            sem_error(r, "%cBFM: #immr and #imms must be below %d",
                      in->op == LL_A64_SBFM ? 'S' : 'U', bits);
            return SEM_ERROR;
        }
    } else {
        z = reverse(in->op, (uint64_t)v.v.num, bits);
    }
    if (in->op == LL_A64_SBFM)   /* herd7's sign in all 64 bits */
        a64_set_wide(r, rd, sem_int((int64_t)z), v.t, p);
    else
        a64_set_pick(r, rd, sem_int((int64_t)z), v.t, p);
    return SEM_NEXT;
}

/* SMULL, UMULL Xd,Wn,Wm: the 64-bit product of two signed (unsigned)
 * words; SMNEGL, UMNEGL its negation; SMADDL, UMADDL Xa plus it; SMSUBL,
 * UMSUBL Xa minus it. herd7 7.58 computes them as the CPU does. */
static sem_next multiply_long(sem_run *r, const ll_instr *in)
{
    int op = in->op;
    bool sign = op == LL_A64_SMULL || op == LL_A64_SMNEGL ||
                op == LL_A64_SMADDL || op == LL_A64_SMSUBL;
    bool acc = op == LL_A64_SMADDL || op == LL_A64_SMSUBL ||
               op == LL_A64_UMADDL || op == LL_A64_UMSUBL;
    bool neg = op == LL_A64_SMNEGL || op == LL_A64_UMNEGL ||
               op == LL_A64_SMSUBL || op == LL_A64_UMSUBL;
    sem_reg a, b, c = {sem_int(0), 0};
    if (!source(r, in->ops[1].reg, 32, &a) ||
        !source(r, in->ops[2].reg, 32, &b) ||
        (acc && !source(r, in->ops[3].reg, 64, &c)))
        return SEM_DEAD;
    sem_taint t = a.t | b.t | c.t;
    sem_taint pk = a64_pick(r, in->ops[1].reg) | a64_pick(r, in->ops[2].reg) |
                   (acc ? a64_pick(r, in->ops[3].reg) : 0);
    sem_val p = sem_unsolved(), z;
    if (!a64_unsolved(a.v, b.v)) {
        uint64_t x = (uint64_t)a.v.num & mask_of(32);
        uint64_t y = (uint64_t)b.v.num & mask_of(32);
        if (sign) {
            x = (uint64_t)a64_sext(a.v.num, 32);
            y = (uint64_t)a64_sext(b.v.num, 32);
        }
        p = sem_int((int64_t)(x * y));
    }
    /* Xa plus or minus the product: an address moves by it */
    if (!compute_or_illegal(r, neg ? OP_SUB : OP_ADD, c.v, p, 64, t, &z))
        return SEM_DEAD;
    a64_set_pick(r, in->ops[0].reg, z, t, pk);
    return SEM_NEXT;
}

/* EXTR Rd,Rn,Rm,#lsb: the CPU's is the register's width of bits of the
 * pair Rn:Rm from bit lsb up; herd7 7.58 computes Rn << (width - lsb) |
 * Rm >> lsb on 64 bits and keeps all of it, even from W registers, the
 * shift taken mod 64 (so `EXTR W6,W0,W4,#0` gives W0 << 32 | W4 in X6,
 * `EXTR X6,X0,X4,#0` gives X0 | X4): we follow herd7
 * (tests/herd7-cpu/aarch64/A64+extr-herd; ROR Rd,Rn,#k, Rn being Rm,
 * is the same either way but for lsb 0). */
static sem_next extract(sem_run *r, const ll_instr *in)
{
    int bits = a64_bits(in->ops[0].reg);
    int64_t lsb = in->ops[3].imm;
    sem_reg n, m;
    if (lsb < 0 || lsb >= bits) {
        sem_error(r, "EXTR: #lsb must be below %d", bits);
        return SEM_ERROR;
    }
    if (!source(r, in->ops[1].reg, bits, &n) ||
        !source(r, in->ops[2].reg, bits, &m))
        return SEM_DEAD;
    sem_taint t = n.t | m.t;
    sem_taint p = a64_pick(r, in->ops[1].reg) | a64_pick(r, in->ops[2].reg);
    int rd = LL_A64_REG(LL_A64_REG_NUM(in->ops[0].reg), LL_A64_X);
    /* herd7 shifts Rn left, then Rm right: refused on an address */
    char opn[16], opm[16];
    snprintf(opn, sizeof opn, "<<[%d]", (int)((bits - lsb) & 63));
    snprintf(opm, sizeof opm, ">>>[%d]", (int)lsb);
    sem_val u;
    bool stop = false, stop_m = false;
    bool sym = no_number(r, opn, n, &u, &stop);
    sym = (!stop && no_number(r, opm, m, &u, &stop_m)) || sym;
    if (stop || stop_m)
        return SEM_DEAD;
    if (sym) {
        a64_set_pick(r, rd, u, t, p);
        return SEM_NEXT;
    }
    uint64_t lo = ((uint64_t)m.v.num & mask_of(bits)) >> lsb;
    uint64_t hi = ((uint64_t)n.v.num & mask_of(bits)) << ((bits - lsb) & 63);
    a64_set_pick(r, rd, sem_int((int64_t)(hi | lo)), t, p);
    return SEM_NEXT;
}

/* ABS Rd,Rn: the magnitude of Rn at the register's width (the most
 * negative value is its own). */
static sem_next absolute(sem_run *r, const ll_instr *in)
{
    int bits = a64_bits(in->ops[0].reg);
    sem_reg v;
    if (!source(r, in->ops[1].reg, bits, &v))
        return SEM_DEAD;
    sem_taint p = a64_pick(r, in->ops[1].reg);
    sem_val u;
    bool stop;
    if (no_number(r, bits < 64 ? "sxt32" : "sxt64", v, &u, &stop)) {
        if (stop)
            return SEM_DEAD;
        a64_set_pick(r, in->ops[0].reg, u, v.t, p);
        return SEM_NEXT;
    }
    int64_t x = a64_sext(v.v.num, bits);
    uint64_t z = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
    a64_set_pick(r, in->ops[0].reg, sem_int((int64_t)(z & mask_of(bits))),
                 v.t, p);
    return SEM_NEXT;
}

sem_next a64_exec_alu(sem_run *r, const ll_instr *in)
{
    switch (in->op) {
    case LL_A64_ADD: case LL_A64_SUB: case LL_A64_AND: case LL_A64_ORR:
    case LL_A64_EOR: case LL_A64_BIC: case LL_A64_ORN: case LL_A64_EON:
    case LL_A64_LSL: case LL_A64_LSR: case LL_A64_ASR: case LL_A64_ROR:
    case LL_A64_CMP: case LL_A64_TST: case LL_A64_MVN: case LL_A64_NEG:
        return arith(r, in);
    case LL_A64_MOV: {
        sem_reg v;
        sem_taint p;
        int bits = a64_bits(in->ops[0].reg);
        /* herd7 masks a 32-bit copy, which it refuses on an address */
        if (!op2(r, &in->ops[1], bits, &v, &p))
            return SEM_DEAD;
        a64_set_pick(r, in->ops[0].reg, v.v, v.t, p);
        return SEM_NEXT;
    }
    case LL_A64_MOVZ: case LL_A64_MOVN: case LL_A64_MOVK:
        return move_wide(r, in);
    case LL_A64_SXTW: {
        sem_reg v;
        if (!source(r, in->ops[1].reg, 32, &v))    /* herd7's mask32 */
            return SEM_DEAD;
        if (v.v.sym == -1)
            v.v = sem_int(a64_sext(v.v.num, 32));
        a64_set_pick(r, in->ops[0].reg, v.v, v.t,
                     a64_pick(r, in->ops[1].reg));
        return SEM_NEXT;
    }
    case LL_A64_MUL: case LL_A64_MADD: case LL_A64_MSUB: case LL_A64_MNEG:
        return multiply(r, in);
    case LL_A64_CSEL: case LL_A64_CSINC: case LL_A64_CSINV:
    case LL_A64_CSNEG: case LL_A64_CSET: case LL_A64_CSETM:
    case LL_A64_CINC:
        return cond_select(r, in);
    case LL_A64_UBFM: case LL_A64_SBFM: case LL_A64_REV: case LL_A64_REV16: case LL_A64_REV32:
    case LL_A64_RBIT:
        return bit_move(r, in);
    case LL_A64_SMULL: case LL_A64_UMULL: case LL_A64_SMNEGL:
    case LL_A64_UMNEGL: case LL_A64_SMADDL: case LL_A64_SMSUBL:
    case LL_A64_UMADDL: case LL_A64_UMSUBL:
        return multiply_long(r, in);
    case LL_A64_ABS:
        return absolute(r, in);
    case LL_A64_EXTR:
        return extract(r, in);
    case LL_A64_NOP:
        return SEM_NEXT;
    }
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}
