/* ppc.c — Power semantics for the model, after herd7's where herd7 has
 * the instruction and after the Power ISA (64-bit mode) elsewhere:
 * registers are 64 bits; a load or store moves the value whole at every
 * width, as herd7 7.58 without -variant mixed does (stw of 0x100000001
 * writes 4294967297; the ISA cuts and extends; lmw/stmw keep words and
 * lha/lwa, which herd7 refuses, sign-extend);
 * compares and conditional branches use any CR field; lwarx/stwcx.
 * keep a reservation (stwcx. either fails, or succeeds when the thread
 * still holds a reservation on the same address, its write then forming
 * an rmw pair with the lwarx's read). Operand layouts and memory
 * attributes come from the one opcode table, ll_ppc_desc_of(). */
#include "model/sem/ppc_forms.h"

#include "litmuslab/arch/ppc.h"

#include <string.h>

/* A CR field as herd encodes it: LT, GT, EQ (and SO) bits. */
enum { CR_LT = 8, CR_GT = 4, CR_EQ = 2 };
/* Slots: r0..r31, cr0..cr7 (their register ids), then LR, CTR and the
 * carry bit XER[CA]. */
enum {
    SLOT_CR0 = LL_PPC_CR0,
    SLOT_LR = LL_PPC_CR0 + LL_PPC_NCRF,
    SLOT_CTR,
    SLOT_CA,
    N_SLOTS
};

/* How a compare orders its operands. */
typedef enum cmp_kind { CMP_S32, CMP_U32, CMP_S64, CMP_U64 } cmp_kind;

/* The sets Power events carry: the four barriers, and X for the accesses
 * of a reservation pair (lwarx/stwcx.). */
enum { TAG_SYNC, TAG_LWSYNC, TAG_ISYNC, TAG_EIEIO, TAG_X };
static const char *const ppc_tags[] = {
    "SYNC", "LWSYNC", "ISYNC", "EIEIO", "X",
};

/* LR too, which a test may name (LL_PPC_LR): herd7 7.58 reads no
 * instruction that writes it (bl, mtlr), so it shows its initial value. */
static int ppc_reg_slot(int reg)
{
    if (reg == LL_PPC_LR)
        return SLOT_LR;
    return reg >= 0 && reg < SLOT_LR ? reg : -1;
}

static sem_val ppc_reg_value(const sem_val *slots, int reg)
{
    return slots[ppc_reg_slot(reg)];
}

static sem_reg opnd_reg(sem_run *r, const ll_operand *o)
{
    return sem_get(r, sem_slot(r, o->reg, o->sym));
}

/* Register o's value, made of the reads vs for herd7 (sem_set_valued). */
static void set_made(sem_run *r, const ll_operand *o, sem_val v, sem_taint t,
                     sem_taint vs, bool op)
{
    sem_set_valued(r, sem_slot(r, o->reg, o->sym), v, t, vs, op);
}

/* ... for a value that is an operation's result on the reads vs, which
 * it uses (herd7 has no execution where such a value goes round a cycle
 * of copies: sem_run.used) */
static void put_op(sem_run *r, int slot, sem_val v, sem_taint t,
                   sem_taint vs)
{
    r->used |= vs;
    sem_set_valued(r, slot, v, t, vs, vs != 0);
}

static sem_taint vsrc_of(sem_run *r, const ll_operand *o)
{
    return o->kind == LL_OPND_REG
               ? sem_get_vsrc(r, sem_slot(r, o->reg, o->sym)) : 0;
}

static bool is_r0(const ll_operand *o)
{
    return o->reg == LL_PPC_R0 && !o->sym;
}

/* (RA|0): the ISA reads r0 as 0 in these places. */
static sem_reg reg_or_zero(sem_run *r, const ll_operand *o)
{
    sem_reg z = {sem_int(0), 0};
    return is_r0(o) ? z : opnd_reg(r, o);
}

static sem_reg imm(int64_t v)
{
    sem_reg x = {sem_int(v), 0};
    return x;
}

/* The addi forms read RA=r0 as 0. */
static bool ra_or_zero(const ll_instr *in)
{
    return in->op == LL_PPC_ADDI || in->op == LL_PPC_SUBI ||
           in->op == LL_PPC_ADDIS || in->op == LL_PPC_SUBIS;
}

/* The reads the register operands an instruction computes from are made
 * of (the inserting rotates read their target too). */
static sem_taint sources_made(sem_run *r, const ll_instr *in)
{
    sem_taint vs = 0;
    for (int i = 1; i < in->n_ops; i++)
        if (!(i == 1 && ra_or_zero(in) && is_r0(&in->ops[1])))
            vs |= vsrc_of(r, &in->ops[i]);
    if (in->op == LL_PPC_RLWIMI || in->op == LL_PPC_RLDIMI)
        vs |= vsrc_of(r, &in->ops[0]);
    return vs;
}

/* A register holding the constant 0 (no read's value). */
static bool holds_zero(sem_run *r, const ll_operand *o)
{
    if (o->kind != LL_OPND_REG)
        return false;
    sem_reg v = opnd_reg(r, o);
    return !v.t && v.v.sym < 0 && v.v.num == 0;
}

static bool same_reg(const ll_operand *a, const ll_operand *b)
{
    return a->kind == LL_OPND_REG && b->kind == LL_OPND_REG &&
           a->reg == b->reg && !a->sym == !b->sym &&
           (!a->sym || !strcmp(a->sym, b->sym));
}

/* The reads a register instruction's result is made of for herd7 and
 * whether it is an operation's result on them (*op), measured on herd7
 * 7.58 with a cycle of copies through the instruction (doc/fidelity.md):
 * mr, addi and ori of 0 and add of a register holding 0 are copies (as
 * subi, addis, subis, oris of 0 and or with 0); xor r,r,r is the
 * constant 0; xori of 0, subf r,r,r, and r,r,r, or r,r,r, extsw, a
 * rotate and any other operation are operations on the reads, which
 * use them (sem_run.used: herd7 has no execution of such a cycle). */
static sem_taint alu_made(sem_run *r, const ll_instr *in, bool *op)
{
    const ll_operand *o = in->ops;
    sem_taint vs = sources_made(r, in);
    switch (in->op) {
    case LL_PPC_MR:
        *op = sem_get_vop(r, sem_slot(r, o[1].reg, o[1].sym));
        return vs;
    case LL_PPC_ADDI: case LL_PPC_SUBI: case LL_PPC_ADDIS:
    case LL_PPC_SUBIS: case LL_PPC_ORI: case LL_PPC_ORIS:
        if (o[2].imm == 0 && !(ra_or_zero(in) && is_r0(&o[1]))) {
            *op = sem_get_vop(r, sem_slot(r, o[1].reg, o[1].sym));
            return vs;
        }
        break;
    case LL_PPC_XOR:
        if (same_reg(&o[1], &o[2])) {
            *op = false;
            return 0;
        }
        break;
    case LL_PPC_ADD: case LL_PPC_OR:
        for (int i = 1; i <= 2; i++)
            if (holds_zero(r, &o[i])) {
                const ll_operand *c = &o[3 - i];
                *op = sem_get_vop(r, sem_slot(r, c->reg, c->sym));
                return vsrc_of(r, c);
            }
        break;
    }
    r->used |= vs;
    *op = vs != 0;
    return vs;
}

/* A value that cannot be computed: a dead path when it came from a read
 * (another value read makes it defined), an error otherwise. */
static sem_next undefined_why(sem_run *r, sem_taint dep, const char *why)
{
    if (dep)   /* a value that came from a read: another one is fine */
        return SEM_DEAD;
    sem_error(r, "%s", why);
    return SEM_ERROR;
}

static sem_next undefined(sem_run *r, sem_taint dep)
{
    return undefined_why(r, dep, "operation undefined on these values");
}

/* ---- condition register ---- */

static sem_next set_crf(sem_run *r, int crf, sem_val a, sem_val b,
                        cmp_kind how, sem_taint dep, sem_taint vs)
{
    int c;
    if (sem_is_unsolved(a) || sem_is_unsolved(b)) {
        put_op(r, SLOT_CR0 + crf, sem_unsolved(), dep, vs);
        return SEM_NEXT;    /* a compare of a value herd7 leaves */
    }
    if (a.sym >= 0 || b.sym >= 0) {
        /* herd7 7.58 compares by its `<` both ways: an address is above
           0 (x < 0 is 0, 0 < x 1), and it refuses `<` on the other
           pairs with an address, x and x or x+4 too; the unsigned forms
           first take the low word, which it refuses on an address
           ("mask32"). That goes on unsolved (sem_illegal_op). */
        sem_val lt, gt;
        if (how == CMP_U32 || !sem_herd_arith(r, '<', a, b, &lt) ||
            !sem_herd_arith(r, '<', b, a, &gt)) {
            if (!sem_illegal_op(r, how == CMP_U32 ? "mask32" : "<", a, b,
                                dep))
                return SEM_DEAD;
            put_op(r, SLOT_CR0 + crf, sem_unsolved(), dep, vs);
            return SEM_NEXT;
        }
        c = lt.num ? -1 : gt.num != 0;
    } else {
        uint64_t x = (uint64_t)a.num, y = (uint64_t)b.num;
        switch (how) {
        case CMP_S32:
            x = (uint64_t)(int64_t)(int32_t)x;
            y = (uint64_t)(int64_t)(int32_t)y;
            /* fall through */
        case CMP_S64:
            c = (int64_t)x < (int64_t)y ? -1 : (int64_t)x > (int64_t)y;
            break;
        case CMP_U32:
            x = (uint32_t)x;
            y = (uint32_t)y;
            /* fall through */
        default:
            c = x < y ? -1 : x > y;
            break;
        }
    }
    put_op(r, SLOT_CR0 + crf,
           sem_int(c < 0 ? CR_LT : c > 0 ? CR_GT : CR_EQ), dep, vs);
    return SEM_NEXT;
}

/* Write the result to ops[0]; the record form (`add.`) also sets cr0 from
 * the signed 64-bit result. */
static sem_next result(sem_run *r, const ll_instr *in, sem_val v,
                       sem_taint dep)
{
    bool op;
    sem_taint vs = alu_made(r, in, &op);
    set_made(r, &in->ops[0], v, dep, vs, op);
    if (!(in->flags & LL_PPC_F_DOT) && in->op != LL_PPC_ANDI_DOT &&
        in->op != LL_PPC_ANDIS_DOT && in->op != LL_PPC_ADDIC_DOT)
        return SEM_NEXT;
    return set_crf(r, 0, v, sem_int(0), CMP_S64, dep, vs);
}

static sem_next int_result(sem_run *r, const ll_instr *in, uint64_t v,
                           sem_taint dep)
{
    return result(r, in, sem_int((int64_t)v), dep);
}

/* ---- bit helpers, IBM numbering: bit 0 is the most significant ---- */

static uint64_t mask64(int mb, int me)
{
    uint64_t from = ~UINT64_C(0) >> mb, to = ~UINT64_C(0) << (63 - me);
    return mb <= me ? from & to : from | to;
}

static uint64_t rotl64(uint64_t x, int n)
{
    n &= 63;
    return n ? x << n | x >> (64 - n) : x;
}

/* The low word doubled, then rotated: the ISA's ROTL32. */
static uint64_t rotl32(uint64_t x, int n)
{
    uint64_t w = (uint32_t)x;
    return rotl64(w | w << 32, n & 31);
}

/* herd7 7.58's rotate of rlwinm and rlwimi: the low word doubled, then
 * shifted left by n or-ed with it shifted right by 63 - n, not 64 - n
 * (rlwinm r4,r3,16,0,31 of 0x10002 is 0x20002, the ISA's 0x20001;
 * rlwinm by 0 brings bit 63 in at bit 0). */
static uint64_t herd_rotl32(uint64_t x, int n)
{
    uint64_t w = (uint32_t)x, d = w | w << 32;
    n &= 31;
    return d << n | d >> (63 - n);
}

static int clz64(uint64_t x)
{
    int n = 0;
    for (uint64_t bit = UINT64_C(1) << 63; bit && !(x & bit); bit >>= 1)
        n++;
    return n;
}

static uint64_t sext32(uint64_t x)
{
    return (uint64_t)(int64_t)(int32_t)(uint32_t)x;
}

/* ---- arithmetic ---- */

/* a op b as herd7's values compute it: `or` of an address and 0 is the
 * address (sem_herd_arith); one herd7 refuses on an address, on a
 * constant or a value read, goes on with its unsolved value and refuses
 * the test if the model accepts a candidate of it (sem_illegal_op). */
static sem_next arith(sem_run *r, const ll_instr *in, char op, sem_reg a,
                      sem_reg b)
{
    sem_val v;
    if (!sem_herd_arith(r, op, a.v, b.v, &v)) {
        if (a.v.sym < 0 && b.v.sym < 0)
            return undefined(r, a.t | b.t);
        if (!sem_illegal_value(r, (char[]){op, 0}, a.v, &b.v, a.t | b.t,
                               &v))
            return SEM_DEAD;
    }
    return result(r, in, v, a.t | b.t);
}

/* (~)a + b + carry in, with XER[CA] set to the carry out. */
static sem_next add_carry(sem_run *r, const ll_instr *in, sem_reg a,
                          sem_reg b, bool not_a, sem_reg cin)
{
    sem_taint dep = a.t | b.t | cin.t;
    if (a.v.sym >= 0 || b.v.sym >= 0)
        return undefined(r, dep);
    uint64_t x = (uint64_t)a.v.num, y = (uint64_t)b.v.num;
    if (not_a)
        x = ~x;
    uint64_t s = x + y, t = s + (uint64_t)cin.v.num;
    put_op(r, SLOT_CA, sem_int(s < x || t < s), dep, sources_made(r, in));
    return int_result(r, in, t, dep);
}

/* Operations defined on integers only (an address has no bits to shift,
 * mask or multiply). */
static bool ints(sem_reg a, sem_reg b)
{
    return a.v.sym < 0 && b.v.sym < 0;
}

static sem_next mul_div(sem_run *r, const ll_instr *in, sem_reg a, sem_reg b)
{
    sem_taint dep = a.t | b.t;
    if (!ints(a, b))
        return undefined(r, dep);
    uint64_t x = (uint64_t)a.v.num, y = (uint64_t)b.v.num, v = 0;
    int64_t sx = (int32_t)(uint32_t)x, sy = (int32_t)(uint32_t)y;
    switch (in->op) {
    case LL_PPC_MULLW: v = (uint64_t)(sx * sy); break;
    case LL_PPC_MULHW: v = sext32((uint64_t)(sx * sy) >> 32); break;
    case LL_PPC_MULHWU:
        v = ((uint64_t)(uint32_t)x * (uint32_t)y) >> 32;
        break;
    case LL_PPC_MULLD: v = x * y; break;
    case LL_PPC_MULHD:
        v = (uint64_t)(((__int128)(int64_t)x * (int64_t)y) >> 64);
        break;
    case LL_PPC_MULHDU:
        v = (uint64_t)(((unsigned __int128)x * y) >> 64);
        break;
    case LL_PPC_DIVW:
        if (sy == 0)
            return undefined_why(r, dep, "division by zero");
        /* -2^31 / -1 wraps to -2^31, as herd7 gives (sx, sy are 64-bit:
         * no overflow here) */
        v = sext32((uint64_t)(sx / sy));
        break;
    case LL_PPC_DIVWU:
        if ((uint32_t)y == 0)
            return undefined_why(r, dep, "division by zero");
        v = (uint32_t)x / (uint32_t)y;
        break;
    case LL_PPC_DIVD:
        if (y == 0)
            return undefined_why(r, dep, "division by zero");
        if ((int64_t)x == INT64_MIN && (int64_t)y == -1)
            return undefined_why(r, dep, "overflow: divd of -2^63 by -1 "
                                 "(the quotient, 2^63, is past 64 bits)");
        v = (uint64_t)((int64_t)x / (int64_t)y);
        break;
    default: /* LL_PPC_DIVDU */
        if (y == 0)
            return undefined_why(r, dep, "division by zero");
        v = x / y;
        break;
    }
    return int_result(r, in, v, dep);
}

static sem_next logical(sem_run *r, const ll_instr *in, sem_reg a, sem_reg b)
{
    sem_taint dep = a.t | b.t;
    if (!ints(a, b))
        return undefined(r, dep);
    uint64_t x = (uint64_t)a.v.num, y = (uint64_t)b.v.num, v = 0;
    switch (in->op) {
    case LL_PPC_NAND: v = ~(x & y); break;
    case LL_PPC_NOR: case LL_PPC_NOT: v = ~(x | y); break;
    case LL_PPC_ANDC: v = x & ~y; break;
    case LL_PPC_ORC: v = x | ~y; break;
    case LL_PPC_EQV: v = ~(x ^ y); break;
    case LL_PPC_CNTLZW: v = (uint64_t)clz64((uint32_t)x) - 32; break;
    default: /* LL_PPC_CNTLZD */ v = (uint64_t)clz64(x); break;
    }
    return int_result(r, in, v, dep);
}

/* slw srw sld srd: the amount is the low 6 (7) bits of RB; shifting by
 * the width or more gives 0. */
static sem_next shift(sem_run *r, const ll_instr *in, sem_reg a, sem_reg b)
{
    sem_taint dep = a.t | b.t;
    if (!ints(a, b))
        return undefined(r, dep);
    uint64_t x = (uint64_t)a.v.num, v = 0;
    bool word = in->op == LL_PPC_SLW || in->op == LL_PPC_SRW;
    int n = (int)((uint64_t)b.v.num & (word ? 63 : 127));
    bool left = in->op == LL_PPC_SLW || in->op == LL_PPC_SLD;
    if (n < (word ? 32 : 64)) {
        if (word)
            v = left ? (uint32_t)((uint32_t)x << n) : (uint32_t)x >> n;
        else
            v = left ? x << n : x >> n;
    }
    return int_result(r, in, v, dep);
}

/* sraw srawi srad sradi: the sign fills in, and XER[CA] says whether a
 * negative value lost 1 bits. */
static sem_next shift_arith(sem_run *r, const ll_instr *in, sem_reg a,
                            int64_t amount, sem_taint dep)
{
    dep |= a.t;
    if (a.v.sym >= 0)
        return undefined(r, dep);
    bool word = in->op == LL_PPC_SRAW || in->op == LL_PPC_SRAWI;
    int64_t x = word ? (int32_t)(uint32_t)a.v.num : a.v.num;
    int n = (int)((uint64_t)amount & (word ? 63 : 127));
    int width = word ? 32 : 64;
    uint64_t lost = n >= width ? (uint64_t)x
                               : (uint64_t)x & ((UINT64_C(1) << n) - 1);
    if (word)
        lost = (uint32_t)lost;
    int64_t v = n >= width ? (x < 0 ? -1 : 0) : x >> n;
    put_op(r, SLOT_CA, sem_int(x < 0 && lost != 0), dep, sources_made(r, in));
    return result(r, in, sem_int(v), dep);
}

/* Rotates: the rotated value under a mask; the insert forms keep RA's
 * bits outside it. */
static sem_next rotate(sem_run *r, const ll_instr *in)
{
    sem_reg s = opnd_reg(r, &in->ops[1]), ra = opnd_reg(r, &in->ops[0]);
    const ll_operand *o = in->ops;
    int n = (int)o[2].imm, k3 = in->n_ops > 3 ? (int)o[3].imm : 0,
        k4 = in->n_ops > 4 ? (int)o[4].imm : 0;
    sem_taint dep = s.t;
    bool insert = in->op == LL_PPC_RLWIMI || in->op == LL_PPC_RLDIMI;
    if (insert)
        dep |= ra.t;
    if (in->op == LL_PPC_RLWNM || in->op == LL_PPC_ROTLW) {
        sem_reg b = opnd_reg(r, &o[2]);
        dep |= b.t;
        if (b.v.sym >= 0)
            return undefined(r, dep);
        n = (int)(b.v.num & 31);
    }
    if (s.v.sym >= 0 || (insert && ra.v.sym >= 0))
        return undefined(r, dep);
    uint64_t x = (uint64_t)s.v.num, rot, m;
    switch (in->op) {
    case LL_PPC_RLWINM: case LL_PPC_RLWIMI:
        rot = herd_rotl32(x, n), m = mask64(k3 + 32, k4 + 32);
        break;
    case LL_PPC_RLWNM:   /* herd7 reads no rlwnm: ppc_forms.c */
        rot = rotl32(x, n), m = mask64(k3 + 32, k4 + 32);
        break;
    case LL_PPC_SLWI: rot = rotl32(x, n), m = mask64(32, 63 - n); break;
    case LL_PPC_SRWI: rot = rotl32(x, 32 - n), m = mask64(32 + n, 63); break;
    case LL_PPC_CLRLWI: rot = rotl32(x, 0), m = mask64(32 + n, 63); break;
    case LL_PPC_CLRRWI: rot = rotl32(x, 0), m = mask64(32, 63 - n); break;
    case LL_PPC_ROTLWI: case LL_PPC_ROTLW:
        rot = rotl32(x, n), m = mask64(32, 63);
        break;
    case LL_PPC_RLDICL: rot = rotl64(x, n), m = mask64(k3, 63); break;
    case LL_PPC_RLDICR: rot = rotl64(x, n), m = mask64(0, k3); break;
    case LL_PPC_RLDIC: case LL_PPC_RLDIMI:
        rot = rotl64(x, n), m = mask64(k3, 63 - n);
        break;
    case LL_PPC_SLDI: rot = rotl64(x, n), m = mask64(0, 63 - n); break;
    case LL_PPC_SRDI: rot = rotl64(x, 64 - n), m = mask64(n, 63); break;
    case LL_PPC_CLRLDI: rot = x, m = mask64(n, 63); break;
    case LL_PPC_CLRRDI: rot = x, m = mask64(0, 63 - n); break;
    default: /* LL_PPC_ROTLDI */ rot = rotl64(x, n), m = ~UINT64_C(0); break;
    }
    uint64_t v = rot & m;
    if (insert)
        v |= (uint64_t)ra.v.num & ~m;
    return int_result(r, in, v, dep);
}

static sem_next unary(sem_run *r, const ll_instr *in)
{
    sem_reg a = opnd_reg(r, &in->ops[1]);
    switch (in->op) {
    case LL_PPC_MR:
        return result(r, in, a.v, a.t);
    case LL_PPC_NEG:
        return arith(r, in, '-', imm(0), a);
    case LL_PPC_EXTSB:
        return result(r, in, sem_extend(a.v, 1, true), a.t);
    case LL_PPC_EXTSH:
        return result(r, in, sem_extend(a.v, 2, true), a.t);
    case LL_PPC_EXTSW:
        /* herd7 7.58 cuts no address: "Illegal operation sxt32 on x" */
        if (a.v.sym >= 0)
            return undefined_why(r, a.t, "extsw of an address (herd7 7.58: "
                                 "\"Illegal operation sxt32\")");
        return result(r, in, sem_extend(a.v, 4, true), a.t);
    case LL_PPC_ADDZE:
        return add_carry(r, in, a, imm(0), false, sem_get(r, SLOT_CA));
    case LL_PPC_SUBFZE:
        return add_carry(r, in, a, imm(0), true, sem_get(r, SLOT_CA));
    case LL_PPC_ADDME:
        return add_carry(r, in, a, imm(-1), false, sem_get(r, SLOT_CA));
    case LL_PPC_SUBFME:
        return add_carry(r, in, a, imm(-1), true, sem_get(r, SLOT_CA));
    default: /* not, cntlzw, cntlzd */
        return logical(r, in, a, in->op == LL_PPC_NOT ? a : imm(0));
    }
}

static sem_next binary(sem_run *r, const ll_instr *in)
{
    sem_reg a = opnd_reg(r, &in->ops[1]), b = opnd_reg(r, &in->ops[2]);
    switch (in->op) {
    case LL_PPC_ADD: return arith(r, in, '+', a, b);
    case LL_PPC_SUB: return arith(r, in, '-', a, b);
    case LL_PPC_SUBF: return arith(r, in, '-', b, a);
    case LL_PPC_XOR: return arith(r, in, '^', a, b);
    case LL_PPC_OR: return arith(r, in, '|', a, b);
    case LL_PPC_AND: return arith(r, in, '&', a, b);
    case LL_PPC_ADDC: return add_carry(r, in, a, b, false, imm(0));
    case LL_PPC_SUBFC: return add_carry(r, in, a, b, true, imm(1));
    case LL_PPC_ADDE:
        return add_carry(r, in, a, b, false, sem_get(r, SLOT_CA));
    case LL_PPC_SUBFE:
        return add_carry(r, in, a, b, true, sem_get(r, SLOT_CA));
    case LL_PPC_SLW: case LL_PPC_SRW: case LL_PPC_SLD: case LL_PPC_SRD:
        return shift(r, in, a, b);
    case LL_PPC_SRAW: case LL_PPC_SRAD:
        if (b.v.sym >= 0)
            return undefined(r, a.t | b.t);
        return shift_arith(r, in, a, b.v.num, b.t);
    case LL_PPC_NAND: case LL_PPC_NOR: case LL_PPC_ANDC: case LL_PPC_ORC:
    case LL_PPC_EQV:
        return logical(r, in, a, b);
    default:
        return mul_div(r, in, a, b);
    }
}

/* RD, RA, SIMM forms; addi/addis/subi/subis read RA=r0 as 0. */
static sem_next immediate(sem_run *r, const ll_instr *in)
{
    const ll_operand *ra = &in->ops[1];
    int64_t k = in->ops[2].imm;
    uint64_t high = (uint64_t)(k & 0xffff) << 16;
    sem_reg a = opnd_reg(r, ra);
    switch (in->op) {
    case LL_PPC_ADDI: return arith(r, in, '+', reg_or_zero(r, ra), imm(k));
    case LL_PPC_SUBI: return arith(r, in, '-', reg_or_zero(r, ra), imm(k));
    case LL_PPC_ADDIS:
        return arith(r, in, '+', reg_or_zero(r, ra),
                     imm((int64_t)sext32((uint64_t)k << 16)));
    case LL_PPC_SUBIS:
        return arith(r, in, '-', reg_or_zero(r, ra),
                     imm((int64_t)sext32((uint64_t)k << 16)));
    case LL_PPC_ORI: return arith(r, in, '|', a, imm(k));
    case LL_PPC_XORI: return arith(r, in, '^', a, imm(k));
    case LL_PPC_ANDI_DOT: return arith(r, in, '&', a, imm(k));
    case LL_PPC_ORIS: return arith(r, in, '|', a, imm((int64_t)high));
    case LL_PPC_XORIS: return arith(r, in, '^', a, imm((int64_t)high));
    case LL_PPC_ANDIS_DOT: return arith(r, in, '&', a, imm((int64_t)high));
    case LL_PPC_MULLI: return arith(r, in, '*', a, imm(k));
    case LL_PPC_ADDIC: case LL_PPC_ADDIC_DOT:
        return add_carry(r, in, a, imm(k), false, imm(0));
    case LL_PPC_SUBFIC:
        return add_carry(r, in, a, imm(k), true, imm(1));
    case LL_PPC_SRAWI: case LL_PPC_SRADI:
        return shift_arith(r, in, a, k, 0);
    }
    return rotate(r, in);    /* slwi srwi ... clrldi rotldi */
}

/* ---- compares and branches ---- */

static sem_next compare(sem_run *r, const ll_instr *in)
{
    static const cmp_kind kinds[] = {
        [LL_PPC_CMPW] = CMP_S32, [LL_PPC_CMPWI] = CMP_S32,
        [LL_PPC_CMPLW] = CMP_U32, [LL_PPC_CMPLWI] = CMP_U32,
        [LL_PPC_CMPD] = CMP_S64, [LL_PPC_CMPDI] = CMP_S64,
        [LL_PPC_CMPLD] = CMP_U64, [LL_PPC_CMPLDI] = CMP_U64,
    };
    sem_reg a = opnd_reg(r, &in->ops[0]), b;
    if (in->ops[1].kind == LL_OPND_IMM) {
        int64_t k = in->ops[1].imm;
        /* the unsigned forms take a 16-bit unsigned immediate (herd7) */
        bool logical = in->op == LL_PPC_CMPLWI || in->op == LL_PPC_CMPLDI;
        b = imm(logical ? (k & 0xffff) : k);
    } else {
        b = opnd_reg(r, &in->ops[1]);
    }
    return set_crf(r, ll_ppc_crf(in->flags), a.v, b.v, kinds[in->op],
                   a.t | b.t, vsrc_of(r, &in->ops[0]) | vsrc_of(r, &in->ops[1]));
}

static sem_next branch(sem_run *r, const ll_instr *in, const char **label)
{
    int crs = SLOT_CR0 + ll_ppc_crf(in->flags);
    sem_reg cr = sem_get(r, crs);
    int64_t f = cr.v.num;
    r->used |= sem_get_vsrc(r, crs);
    bool taken = false;
    switch (in->op) {
    case LL_PPC_BEQ: taken = f & CR_EQ; break;
    case LL_PPC_BNE: taken = !(f & CR_EQ); break;
    case LL_PPC_BLT: taken = f & CR_LT; break;
    case LL_PPC_BGE: taken = !(f & CR_LT); break;
    case LL_PPC_BGT: taken = f & CR_GT; break;
    case LL_PPC_BLE: taken = !(f & CR_GT); break;
    }
    if (sem_is_unsolved(cr.v))   /* on a value herd7 leaves: both ways */
        taken = sem_choose(r, 2) == 0;
    else
        taken = sem_path_way(r, cr.t, taken);
    sem_branch(r, cr.t);
    if (!taken)
        return SEM_NEXT;
    *label = in->ops[0].sym;
    return SEM_JUMP;
}

/* bdnz/bdz: decrement CTR, branch on whether it reached 0. */
static sem_next branch_ctr(sem_run *r, const ll_instr *in, const char **label)
{
    sem_reg ctr = sem_get(r, SLOT_CTR);
    sem_val v;
    if (!sem_arith('-', ctr.v, sem_int(1), &v) || v.sym >= 0)
        return undefined(r, ctr.t);
    put_op(r, SLOT_CTR, v, ctr.t, sem_get_vsrc(r, SLOT_CTR));
    sem_branch(r, ctr.t);
    if (sem_path_way(r, ctr.t, v.num != 0) != (in->op == LL_PPC_BDNZ))
        return SEM_NEXT;
    *label = in->ops[0].sym;
    return SEM_JUMP;
}

/* bl saves the next statement in LR; blr goes back there, or, with LR
 * as the thread started (0), returns from the thread. */
static sem_next call_return(sem_run *r, const ll_instr *in,
                            const char **label)
{
    if (in->op == LL_PPC_BL) {
        sem_set_valued(r, SLOT_LR, sem_int(r->pc + 1), 0, 0, false);
        *label = in->ops[0].sym;
        return SEM_JUMP;
    }
    sem_reg lr = sem_get(r, SLOT_LR);
    if (lr.v.sym >= 0 || lr.v.num < 0) {
        sem_error(r, "blr to no instruction of this thread");
        return SEM_ERROR;
    }
    if (lr.v.num == 0)
        return SEM_END;
    r->goto_pc = (int)lr.v.num;
    return SEM_GOTO;
}

/* isel RT,RA,RB,BC: RA|0 when CR bit BC is set, else RB. */
static sem_next isel(sem_run *r, const ll_instr *in)
{
    int bc = (int)in->ops[3].imm;
    sem_reg cr = sem_get(r, SLOT_CR0 + bc / 4);
    bool set = cr.v.num & (8 >> (bc % 4));
    sem_reg v = set ? reg_or_zero(r, &in->ops[1]) : opnd_reg(r, &in->ops[2]);
    put_op(r, sem_slot(r, in->ops[0].reg, in->ops[0].sym), v.v, v.t | cr.t,
           sources_made(r, in) | sem_get_vsrc(r, SLOT_CR0 + bc / 4));
    return SEM_NEXT;
}

/* mfcr is herd7 7.58's: cr0's four bits alone, in the low bits (cmpw of
 * 1 and 2 then mfcr gives 8; the CPU 0x80000000 and every field);
 * mtcrf writes the fields its mask selects (herd7 7.58 reads no mtcrf:
 * ppc_forms.c). */
static sem_next move_cr(sem_run *r, const ll_instr *in)
{
    if (in->op == LL_PPC_MFCR) {
        sem_reg f = sem_get(r, SLOT_CR0);
        put_op(r, sem_slot(r, in->ops[0].reg, in->ops[0].sym),
               sem_is_unsolved(f.v) ? f.v : sem_int(f.v.num & 15), f.t,
               sem_get_vsrc(r, SLOT_CR0));
        return SEM_NEXT;
    }
    int fxm = in->op == LL_PPC_MTCR ? 0xff : (int)in->ops[0].imm;
    sem_reg s = opnd_reg(r, &in->ops[in->n_ops - 1]);
    if (s.v.sym >= 0)
        return undefined(r, s.t);
    for (int i = 0; i < LL_PPC_NCRF; i++)
        if (fxm & (0x80 >> i))
            put_op(r, SLOT_CR0 + i,
                   sem_int((int64_t)(((uint64_t)s.v.num >> (4 * (7 - i))) &
                                     15)),
                   s.t, vsrc_of(r, &in->ops[in->n_ops - 1]));
    return SEM_NEXT;
}

static sem_next move_spr(sem_run *r, const ll_instr *in)
{
    int slot = in->op == LL_PPC_MFLR || in->op == LL_PPC_MTLR ? SLOT_LR
                                                              : SLOT_CTR;
    int reg = sem_slot(r, in->ops[0].reg, in->ops[0].sym);
    int from = in->op == LL_PPC_MFLR || in->op == LL_PPC_MFCTR ? slot : reg;
    sem_reg v = sem_get(r, from);
    sem_set_valued(r, from == slot ? reg : slot, v.v, v.t, sem_get_vsrc(r, from),
        sem_get_vop(r, from));
    return SEM_NEXT;
}

/* ---- memory ---- */

/* The effective address: D(RA) (RA read even when it is r0, as herd7
 * does), or RA|0 + RB for the indexed forms. */
static bool address(sem_run *r, const ll_instr *in, const ll_ppc_desc *f,
                    sem_reg *out)
{
    const ll_operand *a = &in->ops[1];
    sem_reg base, off;
    if (f->attrs & LL_PPC_A_INDEXED) {
        base = (f->attrs & LL_PPC_A_UPDATE) ? opnd_reg(r, a)
                                            : reg_or_zero(r, a);
        off = opnd_reg(r, &in->ops[2]);
    } else {
        base = opnd_reg(r, a);
        off = imm(a->imm);
    }
    out->t = base.t | off.t;
    return sem_arith('+', base.v, off.v, &out->v);
}

/* The update forms write the address to RA, except (as herd7) when RA is
 * r0 or a load's target. */
static void update(sem_run *r, const ll_instr *in, const ll_ppc_desc *f,
                   sem_reg ea)
{
    const ll_operand *a = &in->ops[1], *t = &in->ops[0];
    if (!(f->attrs & LL_PPC_A_UPDATE) || is_r0(a))
        return;
    if ((f->attrs & LL_PPC_A_LOAD) &&
        sem_slot(r, a->reg, a->sym) == sem_slot(r, t->reg, t->sym))
        return;
    put_op(r, sem_slot(r, a->reg, a->sym), ea.v, ea.t,
           vsrc_of(r, a) | ((f->attrs & LL_PPC_A_INDEXED)
                                ? vsrc_of(r, &in->ops[2]) : 0));
}

/* lmw/stmw: RD..r31, one word each from the address on. */
static sem_next multiple(sem_run *r, const ll_instr *in, sem_reg ea)
{
    const ll_operand *t = &in->ops[0];
    if (t->sym) {
        sem_error(r, "lmw and stmw need a numbered register");
        return SEM_ERROR;
    }
    for (int reg = t->reg; reg < LL_PPC_NGPR; reg++) {
        sem_val a;
        if (!sem_arith('+', ea.v, sem_int(4 * (reg - t->reg)), &a))
            return undefined(r, ea.t);
        if (in->op == LL_PPC_LMW) {
            int ev;
            sem_reg v = sem_load(r, a, ea.t, 0, &ev);
            if (sem_stopped(r))
                return SEM_ERROR;
            sem_set_valued(r, reg, sem_extend(v.v, 4, false), v.t, v.t, false);
        } else {
            sem_reg v = sem_get(r, reg);
            int w = sem_store(r, a, ea.t, sem_extend(v.v, 4, false), v.t, 0,
                              -1);
            sem_set_vdata_of(r, w, reg);
            if (sem_stopped(r))
                return SEM_ERROR;
        }
    }
    return SEM_NEXT;
}

static sem_next load(sem_run *r, const ll_instr *in, const ll_ppc_desc *f)
{
    sem_reg a;
    if (!address(r, in, f, &a))
        return undefined(r, a.t);
    if (f->attrs & LL_PPC_A_MULTIPLE)
        return multiple(r, in, a);
    bool reserve = f->attrs & LL_PPC_A_RESERVE;
    int ev;
    sem_reg v = sem_load(r, a.v, a.t, reserve ? 1u << TAG_X : 0, &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    update(r, in, f, a);
    /* herd7 7.58 (without -variant mixed) reads the value whole at every
       width: lwz of an int -1 (held as 0xffffffff) is 0xffffffff, of a
       -1 that stw wrote -1 (doc/fidelity.md); the algebraic loads, which
       herd7 refuses, extend as the ISA says */
    if (f->attrs & LL_PPC_A_SIGNED)
        v.v = sem_extend(v.v, f->size, true);
    set_made(r, &in->ops[0], v.v, v.t, v.t, false);
    if (reserve) {
        sem_reserve(r, a, ev);
    }
    return SEM_NEXT;
}

/* stwcx.: fails (cr0 = 0, no write) or succeeds (cr0 EQ, an atomic write
 * paired with the reservation's read); either way the reservation ends. */
static sem_next store_conditional(sem_run *r, const ll_instr *in,
                                  sem_reg a)
{
    bool held = r->reserved && sem_val_eq(r->res_addr, a.v);
    bool success = sem_choose(r, 2) == 1;
    r->reserved = false;
    if (!success) {
        sem_set_valued(r, SLOT_CR0, sem_int(0), 0, 0, false);
        return SEM_NEXT;
    }
    if (!held)
        return SEM_DEAD;
    sem_reg v = opnd_reg(r, &in->ops[0]);
    int w = sem_store(r, a.v, a.t, v.v, v.t | r->res_dep, 1u << TAG_X,
                      r->res_event);
    sem_set_vdata_of(r, w, sem_slot(r, in->ops[0].reg, in->ops[0].sym));
    if (sem_stopped(r))
        return SEM_ERROR;
    sem_set_valued(r, SLOT_CR0, sem_int(CR_EQ), 0, 0, false);
    return SEM_NEXT;
}

static sem_next store(sem_run *r, const ll_instr *in, const ll_ppc_desc *f)
{
    sem_reg a;
    if (!address(r, in, f, &a))
        return undefined(r, a.t);
    if (f->attrs & LL_PPC_A_COND)
        return store_conditional(r, in, a);
    if (f->attrs & LL_PPC_A_MULTIPLE)
        return multiple(r, in, a);
    sem_reg v = opnd_reg(r, &in->ops[0]);
    /* whole, as herd7 7.58 writes it: stw of 0x100000001 into an int
       holds 4294967297 (shown 1) */
    int w = sem_store(r, a.v, a.t, v.v, v.t, 0, -1);
    sem_set_vdata_of(r, w, sem_slot(r, in->ops[0].reg, in->ops[0].sym));
    if (sem_stopped(r))
        return SEM_ERROR;
    update(r, in, f, a);
    return SEM_NEXT;
}

static sem_next fence(sem_run *r, int tag)
{
    sem_fence(r, 1u << tag);
    if (tag == TAG_ISYNC)
        r->ctrlisync |= r->ctrl;
    return SEM_NEXT;
}

static sem_next ppc_exec(sem_run *r, const ll_instr *in, const char **label)
{
    if (!sem_ppc_reached(r, in))
        return SEM_ERROR;
    const ll_ppc_desc *f = ll_ppc_desc_of(in->op);
    if (f && (f->attrs & LL_PPC_A_LOAD))
        return load(r, in, f);
    if (f && (f->attrs & LL_PPC_A_STORE))
        return store(r, in, f);
    switch (in->op) {
    case LL_PPC_ADDI: case LL_PPC_SUBI: case LL_PPC_ORI: case LL_PPC_XORI:
    case LL_PPC_ANDI_DOT: case LL_PPC_MULLI: case LL_PPC_ADDIS:
    case LL_PPC_SUBIS: case LL_PPC_ORIS: case LL_PPC_XORIS:
    case LL_PPC_ANDIS_DOT: case LL_PPC_ADDIC: case LL_PPC_ADDIC_DOT:
    case LL_PPC_SUBFIC: case LL_PPC_SRAWI: case LL_PPC_SRADI:
    case LL_PPC_SLWI: case LL_PPC_SRWI: case LL_PPC_CLRLWI:
    case LL_PPC_CLRRWI: case LL_PPC_ROTLWI: case LL_PPC_SLDI:
    case LL_PPC_SRDI: case LL_PPC_CLRLDI: case LL_PPC_CLRRDI:
    case LL_PPC_ROTLDI:
        return immediate(r, in);
    case LL_PPC_ADD: case LL_PPC_SUB: case LL_PPC_SUBF: case LL_PPC_XOR:
    case LL_PPC_OR: case LL_PPC_AND: case LL_PPC_MULLW: case LL_PPC_DIVW:
    case LL_PPC_ADDC: case LL_PPC_SUBFC: case LL_PPC_ADDE: case LL_PPC_SUBFE:
    case LL_PPC_MULLD: case LL_PPC_MULHW: case LL_PPC_MULHWU:
    case LL_PPC_MULHD: case LL_PPC_MULHDU: case LL_PPC_DIVWU:
    case LL_PPC_DIVD: case LL_PPC_DIVDU: case LL_PPC_NAND: case LL_PPC_NOR:
    case LL_PPC_ANDC: case LL_PPC_ORC: case LL_PPC_EQV: case LL_PPC_SLW:
    case LL_PPC_SRW: case LL_PPC_SRAW: case LL_PPC_SLD: case LL_PPC_SRD:
    case LL_PPC_SRAD:
        return binary(r, in);
    case LL_PPC_MR: case LL_PPC_NEG: case LL_PPC_NOT: case LL_PPC_EXTSB:
    case LL_PPC_EXTSH: case LL_PPC_EXTSW: case LL_PPC_CNTLZW:
    case LL_PPC_CNTLZD: case LL_PPC_ADDZE: case LL_PPC_SUBFZE:
    case LL_PPC_ADDME: case LL_PPC_SUBFME:
        return unary(r, in);
    case LL_PPC_RLWINM: case LL_PPC_RLWNM: case LL_PPC_RLWIMI:
    case LL_PPC_RLDICL: case LL_PPC_RLDICR: case LL_PPC_RLDIC:
    case LL_PPC_RLDIMI: case LL_PPC_ROTLW:
        return rotate(r, in);
    case LL_PPC_LI:
        set_made(r, &in->ops[0], sem_int(in->ops[1].imm), 0, 0, false);
        return SEM_NEXT;
    case LL_PPC_LIS:
        set_made(r, &in->ops[0],
                 sem_int((int64_t)sext32((uint64_t)in->ops[1].imm << 16)), 0,
                 0, false);
        return SEM_NEXT;
    case LL_PPC_CMPW: case LL_PPC_CMPWI: case LL_PPC_CMPLW:
    case LL_PPC_CMPLWI: case LL_PPC_CMPD: case LL_PPC_CMPDI:
    case LL_PPC_CMPLD: case LL_PPC_CMPLDI:
        return compare(r, in);
    case LL_PPC_B:
        *label = in->ops[0].sym;
        return SEM_JUMP;
    case LL_PPC_BEQ: case LL_PPC_BNE: case LL_PPC_BLT: case LL_PPC_BGE:
    case LL_PPC_BGT: case LL_PPC_BLE:
        return branch(r, in, label);
    case LL_PPC_BDNZ: case LL_PPC_BDZ:
        return branch_ctr(r, in, label);
    case LL_PPC_BL: case LL_PPC_BLR:
        return call_return(r, in, label);
    case LL_PPC_ISEL:
        return isel(r, in);
    case LL_PPC_MFCR: case LL_PPC_MTCRF: case LL_PPC_MTCR:
        return move_cr(r, in);
    case LL_PPC_MFLR: case LL_PPC_MTLR: case LL_PPC_MFCTR: case LL_PPC_MTCTR:
        return move_spr(r, in);
    case LL_PPC_SYNC:
        return fence(r, TAG_SYNC);
    case LL_PPC_LWSYNC:
        return fence(r, TAG_LWSYNC);
    case LL_PPC_EIEIO:
        return fence(r, TAG_EIEIO);
    case LL_PPC_ISYNC:
        return fence(r, TAG_ISYNC);
    case LL_PPC_NOP:
    /* herd7 reads dcbf as a no-op: cache operations make no event */
    case LL_PPC_DCBF: case LL_PPC_DCBST: case LL_PPC_DCBT:
    case LL_PPC_DCBTST: case LL_PPC_ICBI:
        return SEM_NEXT;
    }
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}

/* sem_ops.herd_vars, measured on herd7 7.58 with instructions put before
 * a cycle of copies (the symbol it shows moves by one for each variable
 * before the read it names), as RISC-V's: a D-form load's base register,
 * its offset's sum when not 0, its read; a store's value register, then
 * its base and sum; an indexed one RA, RB and their sum; a register
 * operation its registers and its result (none for the result of a
 * copy: mr, addi or ori of 0); li, lis and barriers none; a record form
 * four more (cr0), a compare its registers and four. Not numbered:
 * rotates (eight for rlwinm), branches, carries, lwarx/stwcx.. All in
 * order from S1 (herd7 -debug solver), a load's read shown as its parent
 * once herd7 solved the registers (reg_solved), so the registers each
 * reads are noted (rd_reg). */
static bool ppc_herd_vars(const ll_instr *in, sem_vars *out)
{
    *out = (sem_vars){.dest = -1, .copy_of = -1};
    const ll_operand *o = in->ops;
    for (int i = 0; i < in->n_ops; i++)
        if (o[i].kind == LL_OPND_REG && o[i].sym)
            return false;
    const ll_ppc_desc *f = ll_ppc_desc_of(in->op);
    if (in->flags & LL_PPC_F_DOT) {
        ll_instr plain = *in;
        plain.flags &= ~(unsigned)LL_PPC_F_DOT;
        if (!ppc_herd_vars(&plain, out) || out->copy_of >= 0)
            return false;
        out->n += 4;
        return true;
    }
    switch (in->op) {
    case LL_PPC_ANDI_DOT: case LL_PPC_ANDIS_DOT:   /* register, result */
        out->n = sem_vars_read(out, o[1].reg, 0) + 1 + 4;
        out->dest = o[0].reg;
        return true;
    case LL_PPC_CMPW: case LL_PPC_CMPWI: case LL_PPC_CMPLW:
    case LL_PPC_CMPLWI: case LL_PPC_CMPD: case LL_PPC_CMPDI:
    case LL_PPC_CMPLD: case LL_PPC_CMPLDI:
        for (int i = 0; i < 2; i++)
            if (o[i].kind == LL_OPND_REG)
                out->n += sem_vars_read(out, o[i].reg, out->n);
        out->n += 4;
        return true;
    }
    if (f && (f->attrs & (LL_PPC_A_LOAD | LL_PPC_A_STORE))) {
        if (f->attrs & (LL_PPC_A_RESERVE | LL_PPC_A_COND |
                        LL_PPC_A_MULTIPLE))
            return false;
        bool load = f->attrs & LL_PPC_A_LOAD;
        int at = load ? 0 : sem_vars_read(out, o[0].reg, 0);
        out->val_at = at;
        if (f->attrs & LL_PPC_A_INDEXED) {
            if (is_r0(&o[1]) || (f->attrs & LL_PPC_A_UPDATE))
                return false;
            at += sem_vars_read(out, o[1].reg, at);
            at += sem_vars_read(out, o[2].reg, at) + 1;
        } else {
            if (o[1].imm && (f->attrs & LL_PPC_A_UPDATE))
                return false;
            at += sem_vars_read(out, o[1].reg, at) + (o[1].imm != 0);
        }
        out->n = at + load;
        if (load) {
            out->read_at = out->n;
            out->reg_solved = true;
            out->dest = o[0].reg;
        }
        return true;
    }
    switch (in->op) {
    case LL_PPC_LI: case LL_PPC_LIS: case LL_PPC_SYNC: case LL_PPC_LWSYNC:
    case LL_PPC_ISYNC: case LL_PPC_EIEIO: case LL_PPC_NOP:
        return true;
    case LL_PPC_MR:
        out->n = sem_vars_read(out, o[1].reg, 0);
        out->dest = o[0].reg;
        out->copy_of = o[1].reg;
        out->copy_at = 1;
        return true;
    case LL_PPC_ADDI: case LL_PPC_SUBI: case LL_PPC_ADDIS: case LL_PPC_SUBIS:
        if (is_r0(&o[1]))
            return false;
        /* fall through */
    case LL_PPC_ORI: case LL_PPC_XORI: case LL_PPC_MULLI:
        out->n = sem_vars_read(out, o[1].reg, 0);
        out->dest = o[0].reg;
        if (o[2].imm == 0 && in->op != LL_PPC_XORI &&
            in->op != LL_PPC_MULLI) {
            out->copy_of = o[1].reg;
            out->copy_at = 1;
            return true;
        }
        out->n++;
        return true;
    case LL_PPC_EXTSB: case LL_PPC_EXTSH: case LL_PPC_EXTSW:
        out->n = sem_vars_read(out, o[1].reg, 0) + 1;
        out->dest = o[0].reg;
        return true;
    case LL_PPC_ADD: case LL_PPC_SUB: case LL_PPC_SUBF: case LL_PPC_XOR:
    case LL_PPC_OR: case LL_PPC_AND: case LL_PPC_MULLW: case LL_PPC_MULLD:
        out->n = sem_vars_read(out, o[1].reg, 0);
        out->n += sem_vars_read(out, o[2].reg, out->n) + 1;
        out->dest = o[0].reg;
        return true;
    case LL_PPC_B:      /* no variable, the code it skips none */
        out->jump = o[0].sym;
        return out->jump != NULL;
    case LL_PPC_BEQ: case LL_PPC_BNE: case LL_PPC_BLT: case LL_PPC_BGE:
    case LL_PPC_BGT: case LL_PPC_BLE:
        /* measured: 2 (the condition register, its bit), one more for
           the negated tests, then every path (herd_vars.c) */
        out->n = 2 + (in->op == LL_PPC_BNE || in->op == LL_PPC_BGE ||
                      in->op == LL_PPC_BLE);
        out->cond = o[0].sym;
        return out->cond != NULL;
    }
    return false;
}

const sem_ops sem_ppc_ops = {
    .check = sem_ppc_check,
    .arch = LL_ARCH_PPC,
    .default_model = "ppc.cat",
    .ignores_bell = true,      /* herd7 7.58: a -bell is read, not run */
    .show_unsigned = true,
    .word = 8,
    .offsets_apart = true,
    .const_offsets_apart = true,
    .errors_on_every_path = true,   /* herd7 7.58 refuses a store through an
                                       address read as 0 */
    .tags = ppc_tags,
    .n_tags = sizeof ppc_tags / sizeof ppc_tags[0],
    .n_regs = N_SLOTS,
    .reg_slot = ppc_reg_slot,
    .reg_value = ppc_reg_value,
    .exec = ppc_exec,
    .value_sources = true,
    .symbolic_cycles = true,
    .herd_vars = ppc_herd_vars,
    .herd_vars_base = 0,    /* herd7's first variable of a test is S1 */
};
