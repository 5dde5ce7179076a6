/* x86.c — x86 / x86-64 semantics for the model: every opcode of
 * include/litmuslab/arch/x86.h at its operand width, with the CPU's
 * results and flags (32-bit register writes zero-extend, 8- and 16-bit
 * ones merge; a load of N bytes reads the low N bytes of the location's
 * value, a store writes N bytes), the fences, and the atomic
 * read-modify-writes (xchg with memory, and lock-prefixed instructions),
 * whose read and write are tagged X and paired in rmw.
 * The instructions herd7 7.58's X86_64 front end reads are computed as
 * herd7 does instead (`herd` below; doc/fidelity.md): a register is
 * read at its width, a location at its size suffix's or whole, an
 * immediate is the whole sign-extended value, a
 * result is written whole (movl $-1,%eax leaves 64 ones, addl $1 to
 * 0xffffffff leaves 2^32; an 8- or 16-bit write ors the value into the
 * cleared part), and the flags are herd7's: ZF is result == 0 (cmp:
 * a == b), SF is result > 0 (cmp: a > b), both signed on 64 bits, CF
 * is 0, and all three start at 0. An address cut to a narrower register
 * or access, or met by an operation herd7 has none for (x & 1, x + x;
 * under X86 too), is herd7's illegal operation: the test is refused if
 * the model accepts a candidate that meets it (sem_illegal_value).
 * sem_x86_cpu_ops keeps the CPU's
 * results everywhere (tests/unit/test_x86_differential.c runs it
 * against this machine).
 * Memory is herd7's without -variant mixed: one value per location. */
#include "model/sem/sem.h"
#include "model/sem/x86_forms.h"

#include "litmuslab/arch/x86.h"

#include <ctype.h>
#include <string.h>

/* One slot per architectural register (the parts share it), then the
 * flags: the CPU's bits, and which of them are known (shifted left by
 * FLAGS_KNOWN) — none at the start, none after an instruction that
 * leaves them undefined, none after arithmetic on an address. */
enum { SLOT_FLAGS = LL_X86_NBASE, SLOT_RIP, SLOT_EIP, SLOT_ES,
       N_SLOTS = SLOT_ES + 6 };
enum {
    F_CF = 1u << 0, F_PF = 1u << 2, F_ZF = 1u << 6, F_SF = 1u << 7,
    F_OF = 1u << 11,
    /* the flags were set herd7's way: SF means "greater than zero" */
    F_HERD = 1u << 12,
    F_ALL = F_CF | F_PF | F_ZF | F_SF | F_OF | F_HERD,
    FLAGS_KNOWN = 16,
};


/* The sets x86 events carry: the three fences, X for the accesses of
 * a locked instruction (and xchg), which drain the store buffer, and
 * CLFLUSH, the event of a cache-line flush (herd7 7.58 makes one: its
 * X86_64 model orders a write before a later read across it). */
enum { TAG_MFENCE, TAG_LFENCE, TAG_SFENCE, TAG_X, TAG_CLFLUSH };
static const char *const x86_tags[] = {"MFENCE", "LFENCE", "SFENCE", "X",
                                       "CLFLUSH"};

/* rip, eip and the segment registers have slots too: the init block
 * and a condition may name them, as herd7's may (`0:rip=0`, `0:cs=0`),
 * and an instruction may read or write them as operands, whole, as
 * herd7 does (`incq %rip` adds one to it). eip is a register apart from
 * rip, as herd7 7.58 has X86_64's %eip (0 while rip is 4, `movl
 * $6,%eip` leaves rip as it was) and X86's EIP (the only one there). */
static int x86_reg_slot(int reg)
{
    if (reg == LL_X86_RIP)
        return SLOT_RIP;
    if (reg == LL_X86_EIP)
        return SLOT_EIP;
    if (reg >= LL_X86_ES && reg < LL_X86_NREGS)
        return SLOT_ES + (reg - LL_X86_ES);
    return LL_X86_IS_GPR(reg) ? LL_X86_REG_BASE(reg) : -1;
}

/* ---- values at a width ---- */

static uint64_t wmask(int w)
{
    return w >= 8 ? ~0ull : (1ull << (8 * w)) - 1;
}

static uint64_t wsign(int w)
{
    return 1ull << (8 * w - 1);
}

static int64_t sext(uint64_t v, int w)
{
    v &= wmask(w);
    return (int64_t)((v ^ wsign(w)) - wsign(w));
}

/* The low w bytes of a value, zero-extended; an address stays as it is
 * (addresses are small: 32-bit ones are whole). */
static sem_val trunc_to(sem_val v, int w)
{
    if (v.sym != -1)        /* an address, or herd7's unsolved value */
        return v;
    return sem_int((int64_t)((uint64_t)v.num & wmask(w)));
}

static sem_val part_of(sem_val full, int reg)
{
    if (full.sym != -1)
        return full;
    uint64_t u = (uint64_t)full.num;
    if (LL_X86_REG_PART(reg) == LL_X86_P8H)
        u >>= 8;
    return sem_int((int64_t)(u & wmask(ll_x86_reg_width(reg))));
}

/* A register's value as a final state takes it: the bits of the part
 * named (eax: the low 32), which the engine then reads as the register's
 * declared type (herd7's default, int). */
static sem_val x86_reg_value(const sem_val *slots, int reg)
{
    if (!LL_X86_IS_GPR(reg))
        return trunc_to(slots[x86_reg_slot(reg)], ll_x86_reg_width(reg));
    return part_of(slots[LL_X86_REG_BASE(reg)], reg);
}

/* herd7's view of a value (sem_ops.symbolic_cycles, the X86 header):
 * made of the reads vs, an operation's result on them (op) or a copy of
 * the one read vs names (a load's value, MOV between registers). */
typedef struct vmade {
    sem_taint vs;
    bool op;
    sem_vnode pair;     /* an xor of copies of two reads (xor_pair), a
                           copy of one: sem_vnode.same, else none */
} vmade;

static const vmade CONST = {0, false, {0}};

/* An operation's result on values made of a and b, which uses their
 * reads (herd7 has no execution where one meets a cycle of copies:
 * measured on ADD, OR and XOR of $0, INC, CMP). */
static vmade op_on(sem_run *r, vmade a, vmade b)
{
    vmade v = {a.vs | b.vs, (a.vs | b.vs) != 0, {0}};
    r->used |= v.vs;
    return v;
}

/* What operand o's value (val, as read) is made of. */
static vmade made_of(sem_run *r, const ll_operand *o, sem_reg val)
{
    vmade v = CONST;
    if (o->kind == LL_OPND_MEM) {
        v.vs = val.t;   /* a load's value: its read */
    } else if (o->kind == LL_OPND_REG) {
        int slot = x86_reg_slot(o->reg);
        v.vs = sem_get_vsrc(r, slot);
        v.op = sem_get_vop(r, slot);
        v.pair = sem_get_vnode(r, slot);
        if (!v.pair.same)
            v.pair = (sem_vnode){0};
    }
    return v;
}

/* What a value read at width w is made of under herd7's X86_64: below
 * 64 bits herd7 masks the read, an operation on it (`movl %edi,%r8d`
 * is no copy: xor of rdi and r8 stays an operation). */
static vmade masked(vmade v, int w, bool herd)
{
    if (herd && w < 8 && v.vs) {
        v.op = true;
        v.pair = (sem_vnode){0};
    }
    return v;
}

/* herd7's X86_64 cut of value v to a narrower register or access: a
 * mask, `unset N bits to the left from Mth bit` (ah..bh: the shift
 * `>>>[8]` first), which it refuses on an address: the value is then its
 * unsolved one, the test refused if the model accepts a candidate of it
 * (sem_illegal_value; measured: `movl %eax,%ebx`, `addl $0,%eax`, `movl
 * (p),%eax` of an address, `movw $1,%ax` into one). false: the run
 * stops. */
static bool herd_cut(sem_run *r, sem_reg *v, int bits, int from, bool high)
{
    if (v->v.sym < 0)
        return true;
    char name[64];
    if (high)
        snprintf(name, sizeof name, ">>>[8]");
    else
        snprintf(name, sizeof name, "unset %d bits to the left from %dth bit",
                 bits, from);
    return sem_illegal_value(r, name, v->v, NULL, v->t, &v->v);
}

/* Writing a part: 32-bit writes zero-extend, narrower ones merge. herd7
 * writes the value whole: a 32-bit write is the value, a narrower one
 * clears its part and ors the value (shifted for ah..bh) in. */
static bool write_reg_as(sem_run *r, int reg, sem_val v, sem_taint t,
                         bool herd, bool cut, vmade vm)
{
    int slot = x86_reg_slot(reg);
    sem_reg old = sem_get(r, slot);
    int part = LL_X86_REG_PART(reg);
    /* herd7 clears the part in the old value first, refused on an
       address (herd_cut); unsolved where either is */
    if (cut && LL_X86_IS_GPR(reg) && part != LL_X86_P64 &&
        part != LL_X86_P32 && old.v.sym != -1) {
        int bits = 8 * ll_x86_reg_width(reg);
        if (!herd_cut(r, &old, bits, part == LL_X86_P8H ? 8 : 0, false))
            return false;
        v = sem_unsolved();
    }
    /* rip and a segment register (herd7's plain registers) take the
     * value whole */
    if (LL_X86_IS_GPR(reg) && part != LL_X86_P64 && v.sym == -1 &&
        old.v.sym == -1) {
        uint64_t o = (uint64_t)old.v.num, n = (uint64_t)v.num;
        uint64_t m32 = herd ? ~0ull : 0xffffffffu;
        uint64_t m16 = herd ? ~0ull : 0xffffu, m8 = herd ? ~0ull : 0xffu;
        switch (part) {
        case LL_X86_P32: o = n & m32; break;
        case LL_X86_P16: o = (o & ~0xffffull) | (n & m16); break;
        case LL_X86_P8: o = (o & ~0xffull) | (n & m8); break;
        case LL_X86_P8H: o = (o & ~0xff00ull) | ((n & m8) << 8); break;
        }
        v = sem_int((int64_t)o);
        if (part != LL_X86_P32) {
            t |= old.t;
            vm.vs |= sem_get_vsrc(r, slot);
            vm.op = vm.vs != 0;
            vm.pair = (sem_vnode){0};
        }
    }
    sem_set(r, slot, v, t);
    sem_set_vsrc(r, slot, vm.vs, vm.op);
    if (vm.pair.same)
        sem_set_vnode(r, slot, vm.pair);
    return true;
}

static void write_reg(sem_run *r, int reg, sem_val v, sem_taint t, vmade vm)
{
    write_reg_as(r, reg, v, t, false, false, vm);
}

static sem_reg read_reg(sem_run *r, int reg)
{
    sem_reg s = sem_get(r, x86_reg_slot(reg));
    s.v = part_of(s.v, reg);
    return s;
}

/* Whether herd7 cuts values to an instruction's narrower registers and
 * accesses (herd_cut): its X86_64 semantics; its X86 words are 32-bit. */
static bool cuts(const ll_instr *in, bool herd)
{
    return herd && !(in->flags & LL_X86_F_32);
}

/* A register read as herd7's X86_64 reads it (cut): a narrower part is
 * its mask of the whole (herd_cut), ah..bh a shift first (`>>>[8]`).
 * false: the run stops there (sem_illegal_value). */
static bool read_reg_as(sem_run *r, int reg, bool cut, sem_reg *out)
{
    *out = read_reg(r, reg);
    int part = LL_X86_REG_PART(reg);
    if (!cut || !LL_X86_IS_GPR(reg) || part == LL_X86_P64)
        return true;
    int bits = 8 * ll_x86_reg_width(reg);
    return herd_cut(r, out, 64 - bits, bits, part == LL_X86_P8H);
}

static sem_next undefined(sem_run *r, sem_taint dep)
{
    if (dep)
        return SEM_DEAD;
    sem_error(r, "operation undefined on these values");
    return SEM_ERROR;
}

/* ---- flags ---- */

/* A flag read that the CPU leaves undefined: refused, as hardware would
 * answer differently from one CPU to another. */
static sem_next flags_undefined(sem_run *r, sem_taint dep)
{
    if (dep)
        return SEM_DEAD;
    sem_error(r, "this reads flags that are undefined here (set by no "
              "instruction before, or left undefined by a shift or by "
              "arithmetic on an address)");
    return SEM_ERROR;
}

typedef struct flags {
    unsigned bits, known;
} flags;

static flags get_flags(sem_run *r, sem_taint *t)
{
    sem_reg f = sem_get(r, SLOT_FLAGS);
    if (t)
        *t = f.t;
    flags out = {(unsigned)f.v.num & F_ALL,
                 (unsigned)(f.v.num >> FLAGS_KNOWN) & F_ALL};
    return out;
}

/* ... the flags of an operation whose result is made as vm says */
static void set_flags(sem_run *r, flags f, sem_taint t, vmade vm)
{
    int64_t v = (int64_t)(f.bits & f.known) |
                (int64_t)(f.known & F_ALL) << FLAGS_KNOWN;
    sem_set(r, SLOT_FLAGS, sem_int(v), t);
    r->used |= vm.vs;
    sem_set_vsrc(r, SLOT_FLAGS, vm.vs, vm.vs != 0);
}

static bool parity_even(uint64_t v)
{
    return !__builtin_parity((unsigned)(v & 0xff));
}

/* ZF SF PF of a result (all known), over the flags f. */
static flags result_flags(flags f, uint64_t v, int w)
{
    v &= wmask(w);
    f.bits &= ~(F_ZF | F_SF | F_PF);
    f.bits |= (v == 0 ? F_ZF : 0) | (v & wsign(w) ? F_SF : 0) |
              (parity_even(v) ? F_PF : 0);
    f.known |= F_ZF | F_SF | F_PF;
    return f;
}

static flags set_flag(flags f, unsigned flag, bool on)
{
    f.bits = on ? f.bits | flag : f.bits & ~flag;
    f.known |= flag;
    return f;
}

static flags unknown_flag(flags f, unsigned flag)
{
    f.known &= ~flag;
    return f;
}

/* herd7's flags: ZF, SF as "greater than zero" (F_HERD), CF 0. */
static flags herd_flags(flags f, bool zf, bool sf)
{
    f = set_flag(set_flag(set_flag(f, F_ZF, zf), F_SF, sf), F_CF, false);
    f = set_flag(f, F_HERD, true);
    return unknown_flag(unknown_flag(f, F_OF), F_PF);
}

/* Whether condition cc holds; false with *ok false when a flag it reads
 * is not known. With flags set herd7's way (or none set yet, which herd7
 * reads as 0, for an instruction computed as herd7 does), herd7's
 * readings: LE is !SF, GE is ZF|SF, L is ZF|!SF, G and S are SF. */
static bool cond_holds(flags f, int cc, bool herd, bool *ok)
{
    if (herd && (cc == LL_X86_CC_B || cc == LL_X86_CC_AE)) {
        *ok = true;    /* no instruction of herd7's sets CF */
        return cc == LL_X86_CC_AE;
    }
    if (herd && !(f.bits & F_HERD) && f.known == 0)
        f = herd_flags(f, false, false);
    if (f.bits & F_HERD) {
        bool zf = f.bits & F_ZF, sf = f.bits & F_SF;
        *ok = true;
        switch (cc) {
        case LL_X86_CC_LE: return !sf;
        case LL_X86_CC_GE: return zf || sf;
        case LL_X86_CC_L: return zf || !sf;
        case LL_X86_CC_G: case LL_X86_CC_S: return sf;
        case LL_X86_CC_NS: return !sf;
        }
    }
    static const unsigned reads[LL_X86_NCC / 2] = {
        F_OF, F_CF, F_ZF, F_CF | F_ZF, F_SF, F_PF, F_SF | F_OF,
        F_ZF | F_SF | F_OF};
    *ok = (f.known & reads[cc / 2]) == reads[cc / 2];
    bool cf = f.bits & F_CF, zf = f.bits & F_ZF, sf = f.bits & F_SF,
         of = f.bits & F_OF, pf = f.bits & F_PF;
    bool v = false;
    switch (cc / 2) {
    case 0: v = of; break;
    case 1: v = cf; break;
    case 2: v = zf; break;
    case 3: v = cf || zf; break;
    case 4: v = sf; break;
    case 5: v = pf; break;
    case 6: v = sf != of; break;
    case 7: v = zf || sf != of; break;
    }
    return (cc & 1) ? !v : v;
}

/* ---- the arithmetic unit ---- */

/* dst = dst op src at width w (a = dst, b = src, both masked; for shifts
 * b is the count), with the flags the CPU leaves. false: an input flag
 * it needs (CF for adc, sbb) is not known. */
static bool alu(int op, int w, uint64_t a, uint64_t b, flags *f,
                uint64_t *out)
{
    uint64_t m = wmask(w), s = wsign(w), r = 0;
    bool cf = f->bits & F_CF;
    a &= m;
    b &= m;
    switch (op) {
    case LL_X86_ADD: case LL_X86_ADC: case LL_X86_XADD: {
        uint64_t c = op == LL_X86_ADC ? cf : 0;
        if (op == LL_X86_ADC && !(f->known & F_CF))
            return false;
        r = (a + b + c) & m;
        *f = set_flag(*f, F_CF, r < a || (c && r == a));
        *f = set_flag(*f, F_OF, ((a ^ r) & (b ^ r) & s) != 0);
        break;
    }
    case LL_X86_SUB: case LL_X86_SBB: case LL_X86_CMP: case LL_X86_CMPXCHG: {
        uint64_t c = op == LL_X86_SBB ? cf : 0;
        if (op == LL_X86_SBB && !(f->known & F_CF))
            return false;
        r = (a - b - c) & m;
        *f = set_flag(*f, F_CF, b > a || (c && b == a));
        *f = set_flag(*f, F_OF, ((a ^ b) & (a ^ r) & s) != 0);
        break;
    }
    case LL_X86_AND: case LL_X86_TEST: case LL_X86_OR: case LL_X86_XOR:
        r = op == LL_X86_OR ? a | b : op == LL_X86_XOR ? a ^ b : a & b;
        *f = set_flag(set_flag(*f, F_CF, false), F_OF, false);
        break;
    case LL_X86_INC: case LL_X86_DEC:    /* CF is left as it was */
        r = (op == LL_X86_INC ? a + 1 : a - 1) & m;
        *f = set_flag(*f, F_OF, op == LL_X86_INC ? r == s : a == s);
        break;
    case LL_X86_NEG:
        r = (0 - a) & m;
        *f = set_flag(set_flag(*f, F_CF, a != 0), F_OF, a == s);
        break;
    case LL_X86_NOT:                     /* no flag changes */
        *out = ~a & m;
        return true;
    case LL_X86_SHL: case LL_X86_SHR: case LL_X86_SAR: {
        unsigned n = (unsigned)(b & (w == 8 ? 63 : 31));
        unsigned bits = 8u * (unsigned)w;
        if (n == 0) {                    /* no flag changes */
            *out = a;
            return true;
        }
        uint64_t out_bit;
        if (op == LL_X86_SHL) {
            r = n >= 64 ? 0 : (a << n) & m;
            out_bit = n <= bits ? (a >> (bits - n)) & 1 : 0;
        } else {
            int64_t sa = op == LL_X86_SAR ? sext(a, w) : (int64_t)a;
            uint64_t shifted = op == LL_X86_SAR
                                   ? (uint64_t)(sa >> (n > 63 ? 63 : n))
                                   : (n >= 64 ? 0 : a >> n);
            r = shifted & m;
            out_bit = op == LL_X86_SAR
                          ? ((uint64_t)(sa >> (n - 1 > 63 ? 63 : n - 1)) & 1)
                          : (n - 1 < 64 ? (a >> (n - 1)) & 1 : 0);
        }
        *f = set_flag(*f, F_CF, out_bit);
        /* the CPU leaves CF undefined when a shl/shr count reaches the
           width, and OF after any count but 1 */
        if (op != LL_X86_SAR && n >= bits)
            *f = unknown_flag(*f, F_CF);
        if (n == 1)
            *f = set_flag(*f, F_OF, op == LL_X86_SHL ? ((r & s) != 0) != out_bit
                                    : op == LL_X86_SHR ? (a & s) != 0
                                                       : false);
        else
            *f = unknown_flag(*f, F_OF);
        break;
    }
    default:
        return false;
    }
    *f = result_flags(*f, r, w);
    *out = r;
    return true;
}

/* The same on values that may be addresses: integers go through alu();
 * an address plus or minus an integer, or two addresses of one location
 * compared, have the arithmetic of sem_arith and flags only when the
 * result is a number. false: undefined. */
static bool alu_val(int op, int w, sem_val a, sem_val b, flags *f,
                    sem_val *out)
{
    uint64_t r;
    if (a.sym < 0 && b.sym < 0) {
        if (!alu(op, w, (uint64_t)a.num, (uint64_t)b.num, f, &r))
            return false;
        *out = sem_int((int64_t)r);
        return true;
    }
    char c = 0;
    switch (op) {
    case LL_X86_ADD: case LL_X86_XADD: case LL_X86_INC: c = '+'; break;
    case LL_X86_SUB: case LL_X86_CMP: case LL_X86_CMPXCHG: case LL_X86_DEC:
        c = '-';
        break;
    case LL_X86_XOR: c = '^'; break;
    case LL_X86_AND: case LL_X86_TEST: c = '&'; break;
    case LL_X86_OR: c = '|'; break;
    default: return false;
    }
    if (op == LL_X86_INC || op == LL_X86_DEC)
        b = sem_int(1);
    if (w < 4 || !sem_arith(c, a, b, out))
        return false;
    if (a.sym >= 0 && a.sym == b.sym && c == '-') {
        /* two addresses of one location: their offsets compare */
        flags g = *f;
        if (alu(op, 8, (uint64_t)a.num, (uint64_t)b.num, &g, &r))
            *f = g;
        return true;
    }
    f->known = op == LL_X86_INC || op == LL_X86_DEC ? f->known & F_CF : 0;
    if (out->sym < 0)
        *f = result_flags(*f, (uint64_t)out->num, w);
    return true;
}

/* An operation herd7 refuses on these values, an address among them
 * (`Illegal operation & on constants x and 1`; `x | 1` stops it on an
 * assertion): sem_illegal_op, the test refused if the model accepts a
 * candidate that meets it, the value then unsolved, its flags as of an
 * address's. false: the run stops there. */
static bool herd_illegal(sem_run *r, const char *name, sem_val a, sem_val b,
                         sem_taint t, flags *f, sem_val *out)
{
    if (!sem_illegal_op(r, name, a, b, t))
        return false;
    *out = sem_unsolved();
    *f = herd_flags(*f, false, true);
    return true;
}

/* dst op= src as herd7 computes it, on 64 bits (a read at its width, b
 * an immediate whole or a source read at its width; no truncation),
 * with herd7's flags (doc/fidelity.md); t: the reads a and b are made
 * of. false: not one of herd7's operations here, or the run stops. */
static bool herd_alu(sem_run *r, int op, sem_val a, sem_val b, sem_taint t,
                     flags *f, sem_val *out)
{
    char c;
    switch (op) {
    case LL_X86_ADD: case LL_X86_INC: c = '+'; break;
    case LL_X86_DEC: case LL_X86_CMP: c = '-'; break;
    case LL_X86_XOR: c = '^'; break;
    case LL_X86_OR: c = '|'; break;
    case LL_X86_AND: c = '&'; break;
    case LL_X86_SHL: c = '<'; break;
    default: return false;
    }
    if (op == LL_X86_INC || op == LL_X86_DEC)
        b = sem_int(1);
    if (sem_is_unsolved(a) || sem_is_unsolved(b)) {
        /* on a value herd_cut left unsolved: another equation herd7
           leaves, its flags as of an address's */
        *out = sem_unsolved();
        *f = herd_flags(*f, false, true);
        return true;
    }
    if (c == '<') {
        /* shl is not cut either, nor its count to 5 bits: `shl $9,%bx`
           of 255 leaves 0x1fe00, `shl $33,%eax` of 3 0x600000000 (the
           CPU 0xfe00 and 6) */
        if (a.sym >= 0 || b.sym >= 0)
            return herd_illegal(r, "<<<", a, b, t, f, out);
        *out = sem_int((int64_t)((uint64_t)a.num << (b.num & 63)));
    } else if (a.sym < 0 && b.sym < 0) {
        uint64_t x = (uint64_t)a.num, y = (uint64_t)b.num, z = 0;
        switch (c) {
        case '+': z = x + y; break;
        case '-': z = x - y; break;
        case '^': z = x ^ y; break;
        case '|': z = x | y; break;
        case '&': z = x & y; break;
        }
        *out = sem_int((int64_t)z);
    } else if (op == LL_X86_CMP) {
        *out = sem_int(0);  /* herd7 compares, subtracting nothing */
    } else if (!sem_herd_arith(r, c, a, b, out)) {
        /* herd7's: x | 0 is x, x & 1 refused */
        return herd_illegal(r, (char[]){c, 0}, a, b, t, f, out);
    }
    bool keep_cf = op == LL_X86_INC || op == LL_X86_DEC;
    flags g = *f;
    sem_val gt;
    if (op == LL_X86_CMP && a.sym < 0 && b.sym < 0) {
        g = herd_flags(g, a.num == b.num, a.num > b.num);
    } else if (op == LL_X86_CMP) {
        /* herd7 orders an address by its `<`: above 0, and refused
           against another address, its own too (`< on constants y and
           y`) */
        if (!sem_herd_arith(r, '<', b, a, &gt) || gt.sym >= 0)
            return herd_illegal(r, "<", b, a, t, f, out);
        g = herd_flags(g, sem_val_eq(a, b), gt.num != 0);
    } else if (out->sym >= 0) {
        /* an address moved by a number (`add %rsi,%rax`, rax 0, rsi
           y): herd7 has its value, and its flags as of a number above
           0 (herd7's `<` puts an address above 0: jgt jumps, je not) */
        g = herd_flags(g, false, true);
    } else {
        g = herd_flags(g, out->num == 0, out->num > 0);
    }
    if (keep_cf) {
        g.bits = (g.bits & ~F_CF) | (f->bits & F_CF);
        g.known = (g.known & ~F_CF) | (f->known & F_CF);
    }
    *f = g;
    return true;
}

/* ---- operands ---- */

/* The address of a MEM operand: symbol + base + index*scale + disp;
 * `x(%rip)` is x's address (the assembler's rip-relative form). As in
 * herd7 7.58, a segment prefix is ignored (`%ds:0(%rax,%rcx,8)`) and a
 * scale of 0 multiplies the index by 0; a segment before a bare address
 * (`%fs:0x28`, thread-local storage) is refused. */
static bool address(sem_run *r, const ll_instr *in, const ll_operand *m,
                    sem_reg *out)
{
    sem_reg a = {sem_int(m->imm), 0};
    sem_val s = a.v;
    if (LL_X86_SEG(in->flags) && !m->sym && m->reg < 0 && m->index < 0) {
        sem_error(r, "a segment-prefixed absolute address is not modelled");
        return false;
    }
    if (m->sym) {
        if (!sem_arith('+', a.v, sem_addr_of(r, m->sym), &s))
            return false;
        a.v = s;
    } else if (m->reg == LL_X86_RIP || m->reg == LL_X86_EIP) {
        sem_error(r, "a rip-relative address must name a location (x(%%rip))");
        return false;
    }
    if (LL_X86_IS_GPR(m->reg)) {
        sem_reg b = read_reg(r, m->reg);
        a.t |= b.t;
        if (!sem_is_unsolved(b.v) && !sem_arith('+', a.v, b.v, &s))
            return false;
        a.v = s;
    }
    bool unsolved = false;
    if (LL_X86_IS_GPR(m->reg))
        unsolved |= sem_is_unsolved(read_reg(r, m->reg).v);
    if (m->index >= 0) {
        sem_reg x = read_reg(r, m->index);
        sem_val scaled;
        a.t |= x.t;
        unsolved |= sem_is_unsolved(x.v);
        if (!unsolved && (!sem_arith('*', x.v, sem_int(m->shift), &scaled) ||
                          !sem_arith('+', a.v, scaled, &s)))
            return false;
        a.v = s;
    }
    /* a register herd_cut left unsolved: herd7's access at an address
       it leaves unsolved (sem_load_pick) */
    if (unsolved)
        a.v = sem_unsolved();
    *out = a;
    return true;
}

/* A memory operand's address, reads of it and writes to it, with the
 * atomic pairing of a locked instruction. */
typedef struct mem_access {
    sem_reg addr;
    bool atomic;
    int read_ev;
} mem_access;

static mem_access plain_access(void)
{
    mem_access m = {{{0, -1}, 0}, false, -1};
    return m;
}

static sem_next mem_read(sem_run *r, const ll_instr *in, const ll_operand *o,
                         int w, mem_access *m, sem_reg *out)
{
    if (!address(r, in, o, &m->addr))
        return sem_stopped(r) ? SEM_ERROR : undefined(r, m->addr.t);
    *out = sem_load(r, m->addr.v, m->addr.t,
                    m->atomic ? 1u << TAG_X : 0, &m->read_ev);
    out->v = trunc_to(out->v, w);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

static sem_next mem_write(sem_run *r, const ll_instr *in, const ll_operand *o,
                          int w, mem_access *m, sem_reg v, bool addr_known,
                          bool herd, vmade vm)
{
    if (!addr_known && !address(r, in, o, &m->addr))
        return sem_stopped(r) ? SEM_ERROR : undefined(r, m->addr.t);
    int ev = sem_store(r, m->addr.v, m->addr.t,
                       herd ? v.v : trunc_to(v.v, w), v.t,
                       m->atomic ? 1u << TAG_X : 0,
                       m->atomic ? m->read_ev : -1);
    if (ev >= 0 && r->vsrc) {
        sem_set_vdata(r, ev, vm.vs, vm.op);
        if (vm.pair.same)
            sem_set_wnode(r, ev, vm.pair);
    }
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

/* An operand's value at width w (an immediate truncated to it; herd7
 * keeps it whole, and a location without a size suffix). */
static sem_next read_operand(sem_run *r, const ll_instr *in,
                             const ll_operand *o, int w, mem_access *m,
                             sem_reg *out, bool herd)
{
    switch (o->kind) {
    case LL_OPND_IMM:
        out->v = herd ? sem_int(o->imm) : trunc_to(sem_int(o->imm), w);
        out->t = 0;
        return SEM_NEXT;
    case LL_OPND_REG:
        return read_reg_as(r, o->reg, cuts(in, herd), out) ? SEM_NEXT
                                                            : SEM_DEAD;
    case LL_OPND_MEM: {
        /* herd7 7.58 reads a location whole unless a size suffix says
           otherwise: `mov (x),%al` of 510 leaves 510 in rax, `add
           %al,(x)` of 255 to 510 stores 765 (the CPU 254 and 253) */
        int rw = herd && !(in->flags & LL_X86_SZ_MASK) ? 8 : w;
        sem_next n = mem_read(r, in, o, rw, m, out);
        if (n != SEM_NEXT || !cuts(in, herd) || rw >= 8)
            return n;
        return herd_cut(r, out, 64 - 8 * rw, 8 * rw, false) ? SEM_NEXT
                                                            : SEM_DEAD;
    }
    case LL_OPND_SYM:
        out->v = sem_addr_of(r, o->sym);
        out->t = 0;
        return SEM_NEXT;
    default:
        sem_error(r, "bad operand");
        return SEM_ERROR;
    }
}

/* Write a result of width w to a register (its part) or memory. */
static sem_next write_operand(sem_run *r, const ll_instr *in,
                              const ll_operand *o, int w, mem_access *m,
                              sem_reg v, bool addr_known, bool herd,
                              vmade vm)
{
    if (o->kind == LL_OPND_REG)
        return write_reg_as(r, o->reg, herd ? v.v : trunc_to(v.v, w), v.t,
                            herd, cuts(in, herd), vm) ? SEM_NEXT : SEM_DEAD;
    if (o->kind == LL_OPND_MEM)
        return mem_write(r, in, o, w, m, v, addr_known, herd, vm);
    sem_error(r, "bad destination operand");
    return SEM_ERROR;
}

/* ---- instructions ---- */

static sem_next mov(sem_run *r, const ll_instr *in, int w, bool herd)
{
    mem_access src = plain_access(), dst = plain_access();
    sem_reg v;
    sem_next n = read_operand(r, in, &in->ops[0], w, &src, &v, herd);
    if (n != SEM_NEXT)
        return n;
    return write_operand(r, in, &in->ops[1], w, &dst, v, false, herd,
                         masked(made_of(r, &in->ops[0], v), w, herd));
}

/* Whether herd7 takes xor in for the constant 0: its operands are one
 * symbol, which its algebra cancels. A register with itself is one
 * symbol, at the header's full width only: a narrower operand is a mask
 * herd7 applies anew at each read, a fresh symbol (`xorl %edi,%edi`
 * under X86_64 is no constant to it; measured,
 * litmus/x86/X86_64+xor-self-cycle). Two registers holding plain copies
 * of one read are one symbol to it where its register phase renames both
 * reads alike (one step up its union-find: `mov %rdi,%r8; xor %rdi,%r8`
 * cancels, `xor %r8,%rdi` does not; X86 and X86_64 differ, X86_64 reading
 * a register before it writes it): the run takes both ways and
 * paths.c keeps herd7's (sem_fold_guess, herd_vars.c mdl_herd_reg_fold;
 * cancelled where the replay does not know). */
static bool xor_self(sem_run *r, const ll_instr *in, int w, sem_reg src,
                     sem_reg d, bool model)
{
    const ll_operand *a = &in->ops[0], *b = &in->ops[in->n_ops - 1];
    if (in->op != LL_X86_XOR || in->n_ops != 2 ||
        a->kind != LL_OPND_REG || b->kind != LL_OPND_REG ||
        w != ((in->flags & LL_X86_F_32) ? 4 : 8))
        return false;
    vmade va = made_of(r, a, src), vb = made_of(r, b, d);
    bool copies = va.vs && va.vs == vb.vs && !va.op && !vb.op &&
                  !(va.vs & (va.vs - 1));
    /* under X86_64 herd7 reads the register before it writes it, which
       renames both reads of one register alike; under X86 a register
       with itself is renamed apart too (`MOV ECX,EAX; XOR EAX,EAX`) */
    bool ops = va.vs && va.vs == vb.vs && va.op && vb.op &&
               !(va.vs & (va.vs - 1));
    if (a->reg == b->reg)
        return !(in->flags & LL_X86_F_32) || !model || !(copies || ops) ||
               sem_fold_guess(r, true);
    /* copies of one operation's result on the read (`movl %edi,%r9d;
       xor %r9,%r8; mov %r8,%rdi; xor %r8,%rdi`): the same, not
       cancelled where the replay does not know (two operations) */
    if (ops)
        return model && sem_fold_guess(r, false);
    return copies && (!model || sem_fold_guess(r, true));
}

/* xor of two registers holding plain copies of one read that herd7's
 * register phase left (xor_self false): its solutions rename both
 * operands to one variable, so the memory phase has `S15 := S10^S10`, a
 * constant when its pass meets it (herd_solver.c's fold), which solves a
 * cycle entered there (X86_64+xor-copies-cycle-fold; under X86 too,
 * `XOR ECX,ECX` of a copy: X86+xor-self-copy-memory-fold). Whether the
 * pass meets it first is its order's: the copies the register phase left
 * (herd_vars.c left_order) and the flags of an operation in the cycle
 * (sem_ops.op_dependents; X86+xor-copies-flags-cycle-order). */
static bool xor_copies_left(sem_run *r, const ll_instr *in, int w,
                            vmade va, vmade vb, vmade *out)
{
    const ll_operand *a = &in->ops[0], *b = &in->ops[in->n_ops - 1];
    if (in->op != LL_X86_XOR || in->n_ops != 2 ||
        a->kind != LL_OPND_REG || b->kind != LL_OPND_REG ||
        w != ((in->flags & LL_X86_F_32) ? 4 : 8) || !va.vs ||
        va.vs != vb.vs || (va.vs & (va.vs - 1)))
        return false;
    /* two copies of one such xor (`OR EDX,ECX`, EDX 0, then `XOR
       EDX,ECX`: V21280319): herd7's `S32 := S22^S28`, S22 := S28 a zero
       copy its memory phase joins: the same xor again */
    if (va.op || vb.op) {
        if (!va.op || !vb.op || !va.pair.same || !vb.pair.same ||
            va.pair.direct != va.vs || vb.pair.direct != va.vs)
            return false;
        *out = (vmade){va.vs, true, {.same = true, .direct = va.vs}};
        return true;
    }
    /* its statement: the memory phase's variables of its operands where
       the register phase leaves copies (herd_vars.c zero_copies) */
    *out = (vmade){va.vs, true, {.same = true, .direct = va.vs,
                                 .stmt = r->pc}};
    return true;
}

/* xor of two registers holding copies of two reads, at the header's full
 * width: herd7's `S := S4^S6`, a constant when its memory phase's
 * union-find renames both alike (two reads of one write, a later read
 * joining the class), left where it does not; a pair of sem_run.sames,
 * as LISA's and C's, which symbolic.c decides (litmus/x86/
 * X86+xor-two-reads-stored; under X86_64, where copy_cycles.c judges the
 * cycles, its replay of herd7's solver where that drops one:
 * X86_64+xor-two-reads-cycle-fold). */
static bool xor_pair(sem_run *r, const ll_instr *in, int w, vmade va,
                     vmade vb, vmade *out)
{
    const ll_operand *a = &in->ops[0], *b = &in->ops[in->n_ops - 1];
    sem_vnode pair;
    if (in->op != LL_X86_XOR || in->n_ops != 2 ||
        a->kind != LL_OPND_REG || b->kind != LL_OPND_REG ||
        w != ((in->flags & LL_X86_F_32) ? 4 : 8) || va.op || vb.op ||
        !sem_copies_paired(r, va.vs, vb.vs, &pair))
        return false;
    *out = (vmade){va.vs | vb.vs, true, pair};
    return true;
}

/* add or or of two registers, one holding a constant 0 (a register
 * not set, `MOV EBX,$0`, an xor herd7's register phase folds) and the
 * other a value made of reads: herd7's register phase takes `S' := S1 |
 * S2` for the copy `S' := S1` once it solved S2 to 0, S' a variable of
 * its own (herd_vars.c zero_copies, which the memory phase copies): a
 * copy of the other operand's value (w161-min: `OR EBX,EAX` after `XOR
 * EBX,ECX` of EAX's copies; V21280054: `orq %rdi,%rbx`, rbx 0, then
 * `xorq %rbx,%rdi` folded where the memory phase meets it). */
static bool zero_copy(sem_run *r, const ll_instr *in, int w, sem_reg src,
                      sem_reg d, vmade *out)
{
    const ll_operand *a = &in->ops[0], *b = &in->ops[1];
    if ((in->op != LL_X86_ADD && in->op != LL_X86_OR) || in->n_ops != 2 ||
        a->kind != LL_OPND_REG || b->kind != LL_OPND_REG ||
        !LL_X86_IS_GPR(a->reg) || !LL_X86_IS_GPR(b->reg) ||
        w != ((in->flags & LL_X86_F_32) ? 4 : 8))
        return false;
    vmade va = made_of(r, a, src), vb = made_of(r, b, d);
    bool za = !va.vs && src.v.sym < 0 && src.v.num == 0;
    bool zb = !vb.vs && d.v.sym < 0 && d.v.num == 0;
    if (za == zb || (za ? !vb.vs : !va.vs))
        return false;
    *out = za ? vb : va;
    return true;
}

/* An operation on such an xor (xor_copies_left, xor_pair) and a
 * constant (`orq $2,%r8`, `INC EBX`): herd7's `S22 := S19|2` after `S19
 * := S21^S21`, a constant once its pass folded the xor; carried on as
 * the pair, as C's `r3 | 1` (X21210301_250: P0's `lock addq` reading the
 * store of it, whose rdi read P0's write: kept by herd7 where its pass
 * meets the fold first, litmus/x86/X86_64+xor-copies-or-constant-cycle). */
static bool pair_on_const(const ll_instr *in, vmade vs, vmade vd,
                          vmade *out)
{
    /* or on that pair twice (`ADD EAX,EAX` after `XOR EAX,EAX` of a
       read: herd7's `S23 := S13+S13`, V21281246) */
    bool twice = in->n_ops == 2 && vs.pair.same &&
                 vs.pair.direct == vd.pair.direct && vs.vs == vd.vs;
    /* a register holding a constant is one too (`xorq %rdi,%rax`, rax
       0: herd7's `S := 0^S19`, V21281833) */
    if (in->n_ops == 2 && !vs.vs && !vd.vs)
        return false;
    if (in->n_ops == 2 && vs.pair.same && !vd.vs) {
        *out = vs;
        return true;
    }
    if (!vd.pair.same || (in->n_ops == 2 && vs.vs && !twice))
        return false;
    *out = vd;
    return true;
}

/* dst op= src, the one-operand forms and shifts: read the destination
 * (atomically under lock), compute with the flags, write it back (not
 * for cmp and test). */
static sem_next arith(sem_run *r, const ll_instr *in, int w, bool herd,
                      bool model)
{
    int op = in->op;
    bool unary = in->n_ops == 1;
    const ll_operand *dst = &in->ops[in->n_ops - 1];
    mem_access m = plain_access(), sm = plain_access();
    m.atomic = (in->flags & LL_X86_F_LOCK) != 0;
    sem_reg src = {sem_int(1), 0}, d;
    sem_next n;
    if (!unary && (n = read_operand(r, in, &in->ops[0],
                                    op == LL_X86_SHL || op == LL_X86_SHR ||
                                    op == LL_X86_SAR ? 1 : w,
                                    &sm, &src, herd)) != SEM_NEXT)
        return n;
    if ((n = read_operand(r, in, dst, w, &m, &d, herd)) != SEM_NEXT)
        return n;
    sem_taint ft;
    flags f = get_flags(r, &ft);
    sem_reg res;
    res.t = d.t | src.t;
    if (op == LL_X86_ADC || op == LL_X86_SBB) {
        res.t |= ft;
        if (!(f.known & F_CF))
            return flags_undefined(r, ft);
    }
    /* under X86 herd7's operations on an address are its X86_64's
       (its words are 32-bit numbers, computed as the CPU does) */
    if (herd || (model && (in->flags & LL_X86_F_32) &&
                 (d.v.sym != -1 || src.v.sym != -1))) {
        if (!herd_alu(r, op, d.v, src.v, res.t, &f, &res.v))
            return undefined(r, res.t);
    } else if (!alu_val(op, w, d.v, src.v, &f, &res.v)) {
        return undefined(r, res.t);
    }
    vmade vm = CONST;
    if (model && sem_x86_plus_zero(in))
        vm = masked(made_of(r, dst, d), w, herd);   /* a copy to herd7 */
    else if (model && zero_copy(r, in, w, src, d, &vm))
        ;
    else if (!xor_self(r, in, w, src, d, model) &&
             !(model && !unary &&
               xor_pair(r, in, w, made_of(r, &in->ops[0], src),
                        made_of(r, dst, d), &vm)) &&
             !(model && !unary &&
               xor_copies_left(r, in, w, made_of(r, &in->ops[0], src),
                               made_of(r, dst, d), &vm)) &&
             !(model && pair_on_const(in, unary ? CONST
                                                : made_of(r, &in->ops[0], src),
                                      made_of(r, dst, d), &vm)))
        vm = op_on(r, unary ? CONST : made_of(r, &in->ops[0], src),
                   made_of(r, dst, d));
    /* inc, dec and shifts leave some flags as they were */
    bool keeps = op == LL_X86_INC || op == LL_X86_DEC || op == LL_X86_SHL ||
                 op == LL_X86_SHR || op == LL_X86_SAR;
    if (op != LL_X86_NOT)
        set_flags(r, f, res.t | (keeps ? ft : 0), vm);
    if (op == LL_X86_CMP || op == LL_X86_TEST)
        return SEM_NEXT;
    return write_operand(r, in, dst, w, &m, res, true, herd, vm);
}

/* xchg and uxch (both atomic when a side is memory: herd7 7.58 pairs
 * uxch's read and write in rmw and marks them X as xchg's, so SB with
 * uxch is forbidden and no write falls between them: tests/herd7-cpu/
 * x86/SB+uxchs, X86_64+uxch-atomic), and xadd. */
static sem_next exchange(sem_run *r, const ll_instr *in, int w, bool herd)
{
    const ll_operand *reg = &in->ops[0], *other = &in->ops[1];
    if (reg->kind != LL_OPND_REG) {
        const ll_operand *t = reg;
        reg = other;
        other = t;
    }
    mem_access m = plain_access();
    m.atomic = in->op == LL_X86_XCHG || in->op == LL_X86_UXCH ||
               (in->flags & LL_X86_F_LOCK);
    sem_reg rv, ov;
    if (!read_reg_as(r, reg->reg, cuts(in, herd), &rv))
        return SEM_DEAD;
    sem_next n = read_operand(r, in, other, w, &m, &ov, herd);
    if (n != SEM_NEXT)
        return n;
    sem_reg nv = rv;
    vmade rm = masked(made_of(r, reg, rv), w, herd);
    vmade om = masked(made_of(r, other, ov), w, herd), nm = rm;
    if (in->op == LL_X86_XADD) {
        sem_taint ft;
        flags f = get_flags(r, &ft);
        nv.t = ov.t | rv.t;
        if (!alu_val(LL_X86_XADD, w, ov.v, rv.v, &f, &nv.v))
            return undefined(r, nv.t);
        nm = op_on(r, om, rm);
        set_flags(r, f, nv.t, nm);
    }
    /* the destination is written last: `xadd %ax,%ax` leaves the sum */
    if (!write_reg_as(r, reg->reg, herd ? ov.v : trunc_to(ov.v, w), ov.t,
                      herd, cuts(in, herd), om))
        return SEM_DEAD;
    return write_operand(r, in, other, w, &m, nv, true, herd, nm);
}

/* cmpxchg src, dst: if rax-part == dst then dst = src, else rax-part = dst;
 * only a successful one writes memory (herd7's choice; the CPU also
 * writes the old value back, which no other thread can tell apart). */
static sem_next compare_exchange(sem_run *r, const ll_instr *in, int w,
                                 bool herd)
{
    const ll_operand *src = &in->ops[0], *dst = &in->ops[1];
    mem_access m = plain_access();
    m.atomic = (in->flags & LL_X86_F_LOCK) != 0;
    sem_reg d, s;
    if (!read_reg_as(r, src->reg, cuts(in, herd), &s))
        return SEM_DEAD;
    int part = LL_X86_REG_PART(src->reg);
    int acc = LL_X86_REG(LL_X86_RAX, part == LL_X86_P8H ? LL_X86_P8 : part);
    /* herd7 7.58 compares rax whole unless a size suffix is written, as
       it reads the location (`cmpxchg (x),%cl` with rax 256 and x 0
       fails, `cmpxchgb` succeeds) */
    if (herd && !(in->flags & LL_X86_SZ_MASK))
        acc = LL_X86_REG(LL_X86_RAX, LL_X86_P64);
    sem_reg a;
    if (!read_reg_as(r, acc, cuts(in, herd), &a))
        return SEM_DEAD;
    sem_next n = read_operand(r, in, dst, w, &m, &d, herd);
    if (n != SEM_NEXT)
        return n;
    /* rax's value goes in the location's value set (sem_expect): the
     * write that makes it may need the cmpxchg's own write first (P0's
     * `lock decq` of the 2 P1's cmpxchg writes on reading 1 gives that
     * 1; herd7 has the cycle), which the rounds never reach otherwise */
    sem_expect(r, m.read_ev, trunc_to(a.v, w), a.t);
    flags f = get_flags(r, NULL), before = f;
    sem_val diff;
    /* herd7 compares the accumulator's part with the location whole */
    if (sem_is_unsolved(a.v) || sem_is_unsolved(d.v))
        diff = sem_int(1);      /* unsolved (herd_cut): taken as failed */
    else if (!(herd ? sem_arith('-', a.v, d.v, &diff)
                    : alu_val(LL_X86_CMP, w, a.v, d.v, &f, &diff)) ||
             diff.sym >= 0)
        return undefined(r, a.t | d.t);
    vmade dm = made_of(r, dst, d);
    vmade am = {sem_get_vsrc(r, x86_reg_slot(acc)),
                sem_get_vop(r, x86_reg_slot(acc)), {0}};
    /* herd7 7.58 sets ZF alone (equal) and keeps its SF ("greater"),
     * 0 when no instruction set it: `cmpq $1` of 9 then a cmpxchg
     * still jumps at jg (tests/herd7-cpu/x86/X86_64+cmpxchg-flags) */
    if (herd)
        f = herd_flags(before, diff.num == 0,
                       (before.bits & F_HERD) && (before.bits & F_SF));
    set_flags(r, f, a.t | d.t, op_on(r, am, dm));
    if (diff.num == 0)
        return write_operand(r, in, dst, w, &m, s, true, false,
                             made_of(r, src, s));
    /* herd7 7.58 writes a failed cmpxchgb/w's value read to the whole
     * accumulator, zero-extended (rax 0x10001, 0 read: rax 0; the CPU
     * keeps rax's upper bits, 0x10000, as herd7's movw does:
     * tests/herd7-cpu/x86/X86_64+cmpxchg-whole) */
    if (herd)
        acc = LL_X86_REG(LL_X86_RAX, LL_X86_P64);
    write_reg(r, acc, d.v, d.t, dm);
    return SEM_NEXT;
}

/* movzx/movsx: the source at its width, extended to the destination's. */
static sem_next widen(sem_run *r, const ll_instr *in, int w)
{
    int sw = ll_x86_src_width(in);
    mem_access m = plain_access();
    sem_reg v;
    sem_next n = read_operand(r, in, &in->ops[0], sw, &m, &v, false);
    if (n != SEM_NEXT)
        return n;
    if (v.v.sym >= 0)
        return undefined(r, v.t);
    if (in->op == LL_X86_MOVSX)
        v.v.num = sext((uint64_t)v.v.num, sw);
    write_reg(r, in->ops[1].reg, trunc_to(v.v, w), v.t,
              op_on(r, made_of(r, &in->ops[0], v), CONST));
    return SEM_NEXT;
}

static sem_next lea(sem_run *r, const ll_instr *in, int w)
{
    sem_reg a;
    if (!address(r, in, &in->ops[0], &a))
        return sem_stopped(r) ? SEM_ERROR : undefined(r, a.t);
    if (a.v.sym >= 0 && w < 4)
        return undefined(r, a.t);
    vmade vm = {a.t, a.t != 0, {0}};   /* not measured: an operation */
    write_reg(r, in->ops[1].reg, trunc_to(a.v, w), a.t, op_on(r, vm, CONST));
    return SEM_NEXT;
}

/* setcc and cmovcc: the condition on the flags picks the value. cmov
 * reads its source and (32-bit) writes its destination either way, as
 * the CPU does; herd7's cmovc does neither when not taken. */
static sem_next conditional(sem_run *r, const ll_instr *in, int w, bool herd)
{
    sem_taint ft;
    int cc = LL_X86_CC(in->flags);
    bool ok, holds = cond_holds(get_flags(r, &ft), cc, herd, &ok);
    if (!ok)
        return flags_undefined(r, ft);
    /* herd7 writes CF only as the constant 0, so its setnb and cmovc
     * values are made of no read (the flags' taint, a dependency, stays):
     * litmus/x86/X86_64+setnb-after-xor-cycle */
    vmade fm = {sem_get_vsrc(r, SLOT_FLAGS), true, {0}};
    if (herd && (cc == LL_X86_CC_B || cc == LL_X86_CC_AE))
        fm = CONST;
    r->used |= fm.vs;
    mem_access m = plain_access();
    const ll_operand *dst = &in->ops[in->n_ops - 1];
    if (in->op == LL_X86_SETCC) {
        sem_reg v = {sem_int(holds), ft};
        /* herd7 7.58's setnb writes 0 or 1 to the whole register
         * (`setnb %al` leaves rax 1, `setnb %ah` too), not a byte of it:
         * tests/herd7-cpu/x86/X86_64+setnb-whole */
        if (herd && dst->kind == LL_OPND_REG && LL_X86_IS_GPR(dst->reg)) {
            write_reg(r, LL_X86_REG(LL_X86_REG_BASE(dst->reg), LL_X86_P64),
                      v.v, v.t, op_on(r, fm, CONST));
            return SEM_NEXT;
        }
        return write_operand(r, in, dst, 1, &m, v, false, herd,
                             op_on(r, fm, CONST));
    }
    if (herd && !holds)    /* herd7's cmovc neither reads nor writes */
        return SEM_NEXT;
    sem_reg src, old = read_reg(r, dst->reg);
    sem_next n = read_operand(r, in, &in->ops[0], w, &m, &src, herd);
    if (n != SEM_NEXT)
        return n;
    sem_reg v = holds ? src : old;
    v.t = src.t | old.t | ft;
    write_reg(r, dst->reg, trunc_to(v.v, w), v.t,
              op_on(r, op_on(r, fm, made_of(r, &in->ops[0], src)),
                    made_of(r, dst, old)));
    return SEM_NEXT;
}

static sem_next jump(sem_run *r, const ll_instr *in, const char **label,
                     bool herd)
{
    *label = in->ops[0].sym;
    if (in->op == LL_X86_JMP)
        return SEM_JUMP;
    sem_taint ft;
    bool ok, taken = cond_holds(get_flags(r, &ft), LL_X86_CC(in->flags), herd,
                                &ok);
    if (!ok)
        return flags_undefined(r, ft);
    r->used |= sem_get_vsrc(r, SLOT_FLAGS);
    taken = sem_path_way(r, ft, taken);
    /* no branch event and no ctrl: herd7 7.58's X86 and X86_64 have
     * neither (a cat's `po;[B]` and `ctrl` are empty), so a model's
     * `lob;lob` orders no store before a load through a jump */
    return taken ? SEM_JUMP : SEM_NEXT;
}

static sem_next x86_exec_as(sem_run *r, const ll_instr *in,
                            const char **label, bool cpu)
{
    int w = ll_x86_op_width(in);
    bool herd = !cpu && !(in->flags & LL_X86_F_32) &&
                ll_x86_table[in->op].herd;
    /* under X86 herd7 7.58's SETNB and CMOVC read its CF, always 0, its
       JE and JNE read ZF 0 before any instruction sets it, and
       its MOVB and MOVW store an immediate whole (`MOVB [x],$-1` stores
       -1); its other instructions agree with the CPU's there */
    unsigned sz = in->flags & LL_X86_SZ_MASK;
    if (!cpu && (in->flags & LL_X86_F_32) &&
        (in->op == LL_X86_SETCC || in->op == LL_X86_CMOVCC ||
         in->op == LL_X86_JCC ||
         (in->op == LL_X86_MOV && (sz == LL_X86_SZ_B || sz == LL_X86_SZ_W))))
        herd = true;
    switch ((ll_x86_op)in->op) {
    case LL_X86_MOV:
        return mov(r, in, w, herd);
    case LL_X86_MOVNTI:    /* an ordinary store, as in herd7's x86-TSO */
        return mov(r, in, w, herd);
    case LL_X86_ADD: case LL_X86_SUB: case LL_X86_ADC: case LL_X86_SBB:
    case LL_X86_AND: case LL_X86_OR: case LL_X86_XOR: case LL_X86_CMP:
    case LL_X86_TEST: case LL_X86_INC: case LL_X86_DEC: case LL_X86_NEG:
    case LL_X86_NOT: case LL_X86_SHL: case LL_X86_SHR: case LL_X86_SAR:
        return arith(r, in, w, herd, !cpu);
    case LL_X86_XCHG: case LL_X86_UXCH: case LL_X86_XADD:
        /* herd7 7.58 refuses a test a run of which reaches an exchange
           of a register with itself or another part of it (`xchg
           %al,%ah`, X86's `XCHG EAX,EAX`) */
        if (!cpu && in->ops[0].kind == LL_OPND_REG &&
            in->ops[1].kind == LL_OPND_REG &&
            LL_X86_IS_GPR(in->ops[0].reg) && LL_X86_IS_GPR(in->ops[1].reg) &&
            LL_X86_REG_BASE(in->ops[0].reg) ==
                LL_X86_REG_BASE(in->ops[1].reg)) {
            sem_refuse_on_path(r, "an exchange within one register "
                               "(herd7 7.58: \"Ambiguous po for "
                               "register\", when a run reaches it)");
            return SEM_ERROR;
        }
        return exchange(r, in, w, herd);
    case LL_X86_CMPXCHG:    /* herd7 reads it in its own operand order */
        if (!cpu && (in->flags & LL_X86_F_32)) {
            /* herd7 7.58's X86 reads CMPXCHG and refuses a test a run
               of which reaches it */
            sem_refuse_on_path(r, "CMPXCHG under the X86 header (herd7 "
                               "7.58: \"I_CMPXCHG not implemented\", when "
                               "a run reaches it)");
            return SEM_ERROR;
        }
        return compare_exchange(r, in, w, !cpu && !(in->flags & LL_X86_F_32));
    case LL_X86_MOVZX: case LL_X86_MOVSX:
        return widen(r, in, w);
    case LL_X86_LEA:
        return lea(r, in, w);
    case LL_X86_SETCC: case LL_X86_CMOVCC:
        return conditional(r, in, w, herd);
    case LL_X86_MFENCE:
        sem_fence(r, 1u << TAG_MFENCE);
        return SEM_NEXT;
    case LL_X86_LFENCE:
        sem_fence(r, 1u << TAG_LFENCE);
        return SEM_NEXT;
    case LL_X86_SFENCE:
        sem_fence(r, 1u << TAG_SFENCE);
        return SEM_NEXT;
    case LL_X86_CLFLUSH: case LL_X86_CLFLUSHOPT:
        sem_fence(r, 1u << TAG_CLFLUSH);
        return SEM_NEXT;
    case LL_X86_NOP: case LL_X86_ENDBR64:
        return SEM_NEXT;
    case LL_X86_RET:
        /* herd7 7.58 reads ret but refuses a test a run of which
           reaches it: "X86_64Sem.ml: Instruction ret not implemented";
           under -variant telechat (compiled code, each thread a function
           ending in ret) the thread ends there, what follows unrun */
        if (cpu || r->telechat)
            return SEM_END;
        sem_refuse_on_path(r, "ret (herd7 7.58: \"Instruction ret not "
                           "implemented\", when a run reaches it; "
                           "Variant=telechat in the test makes it the "
                           "thread's end)");
        return SEM_ERROR;
    case LL_X86_JMP: case LL_X86_JCC:
        return jump(r, in, label, herd);
    case LL_X86_NOPS:
        break;
    }
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}

static sem_next x86_exec(sem_run *r, const ll_instr *in, const char **label)
{
    return x86_exec_as(r, in, label, false);
}

static sem_next x86_exec_cpu(sem_run *r, const ll_instr *in,
                             const char **label)
{
    return x86_exec_as(r, in, label, true);
}

/* herd7's values are 32-bit under the X86 header, 64-bit under X86_64. */
static int x86_word(const ll_test *t)
{
    return strcmp(t->arch_name, "X86") ? 8 : 4;
}

/* herd7 7.58 drops a cycle of copies under X86_64 and keeps it, with a
 * symbol, under X86 (measured on LB with plain copies both ways). */
static bool x86_copies_unsolved(const ll_test *t)
{
    return strcmp(t->arch_name, "X86") != 0;
}

/* sem_ops.op_dependents: herd7's arithmetic makes SF and ZF of its
 * result (S3 := S2>0, S4 := S2==0 after XOR [y],$1's S2), under both
 * headers. */
static bool x86_op_dependents(const ll_instr *in)
{
    switch (in->op) {
    case LL_X86_ADD: case LL_X86_SUB: case LL_X86_AND: case LL_X86_OR:
    case LL_X86_XOR: case LL_X86_INC: case LL_X86_DEC:
        return !sem_x86_plus_zero(in);
    default:
        return false;
    }
}

/* herd7 7.58's X86 lexer reads registers in capitals (`0:eax` is "eax
 * is not a register" to it); its X86_64 any case. */
static const char *x86_reg_name_why(const ll_test *t, const char *name)
{
    if (strcmp(t->arch_name, "X86") != 0)
        return NULL;
    for (const char *c = name; *c; c++)
        if (islower((unsigned char)*c))
            return "its X86 reads registers in capitals only, as EAX";
    return NULL;
}

/* herd7 7.58's default model differs by header: x86tso.cat under X86,
 * x86tso-mixed.cat under X86_64, where every fence orders a write before
 * a later read (our x86tso-64.cat). */
static const char *x86_model_for(const ll_test *t)
{
    return strcmp(t->arch_name, "X86") ? "x86tso-64.cat" : "x86tso.cat";
}

/* deliberate likeness: sem_x86_cpu_ops below and the other architectures'
 * ops tables (data: one designated initialiser per architecture). */
const sem_ops sem_x86_ops = {
    .arch = LL_ARCH_X86,
    .default_model = "x86tso.cat",
    .ignores_bell = true,      /* herd7 7.58: a -bell is read, not run */
    .model_for = x86_model_for,
    .show_unsigned = true,
    .word_of = x86_word,
    .tags = x86_tags,
    .po_between_instrs = true,
    .n_tags = sizeof x86_tags / sizeof x86_tags[0],
    .n_regs = N_SLOTS,
    .reg_slot = x86_reg_slot,
    .reg_value = x86_reg_value,
    .exec = x86_exec,
    .copies_unsolved = x86_copies_unsolved,
    /* under the X86 header only: model/paths.c keeps no value sources
       where copies_unsolved */
    .value_sources = true,
    .symbolic_cycles = true,
    .herd_vars = sem_x86_herd_vars,
    .herd_vars_base = 0,    /* herd7's first variable of a test is S1 */
    .check = sem_x86_check,
    .reg_name_why = x86_reg_name_why,
    .op_dependents = x86_op_dependents,
    .zero_path_pass = true,   /* a read at 0 on a path no value takes */
};

/* The same with the CPU's results for every instruction, memory holding
 * values as its types show them (deliberate likeness: sem_x86_ops above,
 * a second table, only .exec and the values' width differ). */
const sem_ops sem_x86_cpu_ops = {
    .arch = LL_ARCH_X86,
    .default_model = "x86tso.cat",
    .ignores_bell = true,      /* herd7 7.58: a -bell is read, not run */
    .model_for = x86_model_for,
    .show_unsigned = true,
    .tags = x86_tags,
    .po_between_instrs = true,
    .n_tags = sizeof x86_tags / sizeof x86_tags[0],
    .n_regs = N_SLOTS,
    .reg_slot = x86_reg_slot,
    .reg_value = x86_reg_value,
    .exec = x86_exec_cpu,
    .zero_path_pass = true,
};
