/* arm.c — 32-bit ARM semantics for the model, after herd7's ARM: loads
 * and stores (immediate, register and LSL-scaled offsets, LDRD, LDM),
 * register arithmetic, the condition flags with conditional execution and
 * branches, DMB/DSB/ISB, and LDREX/STREX with a reservation as Power's
 * lwarx/stwcx.: STREX either fails (status 1, no write) or, when the
 * thread holds a reservation on that address, succeeds (status 0) with a
 * write paired in rmw with the LDREX's read.
 *
 * Where herd7 7.58 differs from the architecture we follow herd7 (doc/
 * fidelity.md): MOVT writes its half over a cleared low half, and a
 * conditional instruction (`MOVEQ`, `STRNE`, ...) runs or not as the
 * flags say but creates no dependency on them: its accesses are not
 * control dependent on the flags, the registers it writes do not depend
 * on them; EORS is EOR, which sets no flag (the CPU's sets N and Z:
 * tests/herd7-cpu/arm). We keep the architecture's N, Z, C, V flags and
 * every condition (herd7 reads EQ and NE only). Addresses are computed
 * as herd7's values do (sem_herd_arith); an operation herd7 refuses on
 * one goes on unsolved (sem_illegal_op), a condition on it both ways. */
#include "model/sem/sem.h"

#include "litmuslab/arch/arm.h"
#include "model/sem/arm_forms.h"

/* R0..R15, then the flags: FL_* bits of the last flag-setting result. */
enum { SLOT_FLAGS = LL_ARM_NREGS, N_SLOTS };
/* FL_UNORD: N, C and V are unknown (a result that was an address). */
enum { FL_Z = 1, FL_N = 2, FL_C = 4, FL_V = 8, FL_UNORD = 16 };

/* The sets ARM events carry: each barrier with its option (herd7 names
 * DMB SY "DMB" and DMB ST "DMB.ST"; the shareability options follow the
 * same pattern), ISB, X for exclusive accesses, A and L for LDA/STL. */
enum { TAG_DMB = 0, TAG_DSB = 8, TAG_ISB = 16, TAG_X, TAG_A, TAG_L };
static const char *const arm_tags[] = {
    "DMB", "DMB.ST", "DMB.ISH", "DMB.ISHST",
    "DMB.NSH", "DMB.NSHST", "DMB.OSH", "DMB.OSHST",
    "DSB", "DSB.ST", "DSB.ISH", "DSB.ISHST",
    "DSB.NSH", "DSB.NSHST", "DSB.OSH", "DSB.OSHST",
    "ISB", "X", "A", "L",
};

/* Tag offset of each ll_arm_barrier option; -1 for the ARMv8 load forms,
 * which herd7's ARM does not have. */
static const int option_tag[] = {0, 1, -1, 2, 3, -1, 4, 5, -1, 6, 7, -1};

static int arm_reg_slot(int reg)
{
    return reg >= 0 && reg < LL_ARM_NREGS ? reg : -1;
}

static sem_val arm_reg_value(const sem_val *slots, int reg)
{
    return slots[reg];
}

/* A register operand's slot (`%x0` registers are the engine's). */
static int slot_of(sem_run *r, const ll_operand *o)
{
    return sem_slot(r, o->reg, o->sym);
}

static sem_reg get(sem_run *r, const ll_operand *o)
{
    return sem_get(r, slot_of(r, o));
}

/* Register o's value, made of the reads vs for herd7 (sem_set_valued). */
static void set_made(sem_run *r, const ll_operand *o, sem_val v, sem_taint t,
                     sem_taint vs, bool op)
{
    sem_set_valued(r, slot_of(r, o), v, t, vs, op);
}

static sem_taint vsrc_of(sem_run *r, const ll_operand *o)
{
    return o->kind == LL_OPND_REG ? sem_get_vsrc(r, slot_of(r, o)) : 0;
}

static bool vop_of(sem_run *r, const ll_operand *o)
{
    return o->kind == LL_OPND_REG && sem_get_vop(r, slot_of(r, o));
}

/* Write w's value is register o's (made of the reads o's is). */
static void made(sem_run *r, int w, const ll_operand *o)
{
    sem_set_vdata_of(r, w, slot_of(r, o));
}

/* A value that cannot be computed: a dead path when it came from a read
 * (another value read makes it defined), an error otherwise. */
static sem_next undefined(sem_run *r, sem_taint dep)
{
    if (dep)
        return SEM_DEAD;
    sem_error(r, "operation undefined on these values");
    return SEM_ERROR;
}

/* ARM registers hold 32-bit words, which herd7 prints signed. */
static sem_val word(sem_val v)
{
    if (v.sym == -1) {
        uint32_t u = (uint32_t)v.num;
        v.num = u >> 31 ? (int64_t)u - ((int64_t)1 << 32) : (int64_t)u;
    }
    return v;
}

/* An OP2 operand: a register or an immediate. */
static sem_reg operand(sem_run *r, const ll_operand *o)
{
    if (o->kind == LL_OPND_REG)
        return get(r, o);
    sem_reg v = {word(sem_int(o->imm)), 0};
    return v;
}

/* ---- flags ---- */

static bool is_addr(sem_val v)
{
    return v.sym >= 0;
}

/* N and Z of a result; C and V as given. */
static unsigned nz(sem_val res, unsigned cv)
{
    unsigned f = cv;
    if (sem_val_eq(res, sem_int(0)))
        f |= FL_Z;
    if (is_addr(res))
        return f | FL_UNORD;
    if ((uint32_t)res.num >> 31)
        f |= FL_N;
    return f;
}

/* The flags of a + b or a - b (CMP, ADDS, SUBS), on 32-bit words. */
static unsigned arith_flags(char op, sem_val a, sem_val b, sem_val res)
{
    if (is_addr(a) || is_addr(b))
        return nz(res, FL_UNORD);
    uint32_t x = (uint32_t)a.num, y = (uint32_t)b.num;
    uint32_t d = op == '+' ? x + y : x - y;
    unsigned cv = 0;
    if (op == '+' ? d < x : x >= y)
        cv |= FL_C;
    if (op == '+' ? ((x ^ d) & (y ^ d)) >> 31 : ((x ^ y) & (x ^ d)) >> 31)
        cv |= FL_V;
    return nz(res, cv);
}

/* The flags of an operation on the reads vs, which it uses (herd7 has
 * no execution where a compare meets a cycle of copies: measured), but
 * for a compare of two copies that an EQ or NE condition only tests
 * (sem_run.flag_same, flags_condition). */
static void put_flags(sem_run *r, sem_val f, sem_taint t, sem_taint vs)
{
    r->used |= vs;
    r->flag_same[0] = r->flag_same[1] = 0;
    sem_set_valued(r, SLOT_FLAGS, f, t, vs, vs != 0);
}

static void set_flags(sem_run *r, unsigned f, sem_taint t, sem_taint vs)
{
    put_flags(r, sem_int(f), t, vs);
}

/* The flags of a result herd7 leaves unsolved (sem_illegal_op): unsolved
 * too, a condition on them goes both ways (flags_condition). */
static void set_flags_unsolved(sem_run *r, sem_taint t, sem_taint vs)
{
    put_flags(r, sem_unsolved(), t, vs);
}

/* Whether condition c holds; false with *defined false when the flags
 * cannot tell (N, C or V of an address). */
static bool cond_holds(int c, unsigned f, bool *defined)
{
    bool z = f & FL_Z, n = f & FL_N, cf = f & FL_C, v = f & FL_V;
    *defined = true;
    switch (c) {
    case LL_ARM_COND_EQ: return z;
    case LL_ARM_COND_NE: return !z;
    case LL_ARM_COND_AL: return true;
    }
    if (f & FL_UNORD) {
        *defined = false;
        return false;
    }
    switch (c) {
    case LL_ARM_COND_CS: return cf;
    case LL_ARM_COND_CC: return !cf;
    case LL_ARM_COND_MI: return n;
    case LL_ARM_COND_PL: return !n;
    case LL_ARM_COND_VS: return v;
    case LL_ARM_COND_VC: return !v;
    case LL_ARM_COND_HI: return cf && !z;
    case LL_ARM_COND_LS: return !cf || z;
    case LL_ARM_COND_GE: return n == v;
    case LL_ARM_COND_LT: return n != v;
    case LL_ARM_COND_GT: return !z && n == v;
    default: return z || n != v;    /* LE */
    }
}

/* ---- arithmetic ---- */

static char alu_op(int op)
{
    switch (op) {
    case LL_ARM_ADD: return '+';
    case LL_ARM_SUB: return '-';
    case LL_ARM_AND: return '&';
    case LL_ARM_ORR: return '|';
    }
    return '^';
}

/* A register holding the constant 0 (no read's value) or #0. */
static bool is_zero(sem_reg v)
{
    return !v.t && v.v.sym < 0 && v.v.num == 0;
}

/* The reads the result of ADD, SUB, AND, ORR, EOR is made of for herd7
 * and whether it is an operation's result on them (*op), measured on
 * herd7 7.58 with a cycle of copies through the instruction: ADD and
 * ORR of #0 or of a register holding 0 are copies, EOR Rd,Rn,Rn the
 * constant 0; SUB of #0, SUB Rd,Rn,Rn and any other operation are
 * operations, which use the reads (sem_run.used). */
static sem_taint alu_made(sem_run *r, const ll_instr *in, sem_reg a,
                          sem_reg b, bool *op)
{
    const ll_operand *oa = &in->ops[1], *ob = &in->ops[2];
    sem_taint va = vsrc_of(r, oa), vb = vsrc_of(r, ob);
    *op = false;
    if (in->op == LL_ARM_EOR && ob->kind == LL_OPND_REG &&
        slot_of(r, oa) == slot_of(r, ob))
        return 0;
    if (in->op == LL_ARM_ADD || in->op == LL_ARM_ORR) {
        if (is_zero(b)) {
            *op = vop_of(r, oa);
            return va;
        }
        if (is_zero(a) && ob->kind == LL_OPND_REG) {
            *op = vop_of(r, ob);
            return vb;
        }
    }
    r->used |= va | vb;
    *op = (va | vb) != 0;
    return va | vb;
}

/* a op b as herd7's values compute it (sem_herd_arith: `x + 4 - x` is
 * 1, `ORR Rd,Rx,#0` is x); one herd7 refuses on an address, on a
 * constant or a value read, goes on with its unsolved value and refuses
 * the test if the model accepts a candidate of it (sem_illegal_op).
 * EORS sets no flag: herd7 7.58 reads it as EOR. */
static sem_next alu(sem_run *r, const ll_instr *in)
{
    sem_reg a = get(r, &in->ops[1]), b = operand(r, &in->ops[2]);
    char op = alu_op(in->op);
    sem_val v;
    sem_taint t = a.t | b.t;
    if (!sem_herd_arith(r, op, a.v, b.v, &v)) {
        if (a.v.sym < 0 && b.v.sym < 0)
            return undefined(r, t);
        if (!sem_illegal_value(r, (char[]){op, 0}, a.v, &b.v, t, &v))
            return SEM_DEAD;
    }
    v = word(v);
    bool vop;
    sem_taint vs = alu_made(r, in, a, b, &vop);
    set_made(r, &in->ops[0], v, t, vs, vop);
    if (sem_is_unsolved(v) && (in->flags & LL_ARM_F_S) &&
        in->op != LL_ARM_EOR) {
        set_flags_unsolved(r, t, vs);
        return SEM_NEXT;
    }
    if ((in->flags & LL_ARM_F_S) && in->op != LL_ARM_EOR) {
        unsigned cv = sem_get(r, SLOT_FLAGS).v.num & (FL_C | FL_V | FL_UNORD);
        set_flags(r, op == '+' || op == '-' ? arith_flags(op, a.v, b.v, v)
                                            : nz(v, cv), t, vs);
    }
    return SEM_NEXT;
}

static sem_next mov(sem_run *r, const ll_instr *in)
{
    sem_reg v = operand(r, &in->ops[1]);
    sem_taint vs = vsrc_of(r, &in->ops[1]);
    set_made(r, &in->ops[0], v.v, v.t, vs, vop_of(r, &in->ops[1]));
    if (in->flags & LL_ARM_F_S) {
        unsigned cv = sem_get(r, SLOT_FLAGS).v.num & (FL_C | FL_V | FL_UNORD);
        set_flags(r, nz(v.v, cv), v.t, vs);
    }
    return SEM_NEXT;
}

/* herd7 7.58's assertion on a MOVW/MOVT immediate: 65535, and what no
 * CPU encodes, which the reader takes as herd7's does (hwrun refuses). */
static bool half_refused(const ll_instr *in)
{
    int64_t k = in->ops[1].imm;
    return (in->op == LL_ARM_MOVW || in->op == LL_ARM_MOVT) &&
           (k < 0 || k >= 0xFFFF);  /* 65535 too, and what no CPU has */
}

/* MOVW writes a 16-bit value; MOVT, as herd7 7.58 has it, k << 16 (the
 * CPU keeps the low half: MOVW R0,#0xbeef then MOVT R0,#0xbeef gives
 * 0xbeef0000 here and in herd7, 0xbeefbeef on the CPU). */
static sem_next mov_half(sem_run *r, const ll_instr *in)
{
    int64_t k = in->ops[1].imm;
    if (half_refused(in)) {
        sem_refuse_on_path(r, "#%lld (herd7 7.58 stops on an assertion on "
                           "any path that reaches it)", (long long)k);
        return SEM_ERROR;
    }
    set_made(r, &in->ops[0],
             word(sem_int(in->op == LL_ARM_MOVW ? k : k << 16)), 0, 0, false);
    return SEM_NEXT;
}

static sem_next compare(sem_run *r, const ll_instr *in)
{
    sem_reg a = get(r, &in->ops[0]), b = operand(r, &in->ops[1]);
    sem_val d;
    if (!sem_arith('-', a.v, b.v, &d))
        d = sem_int(1);    /* two addresses: only Z (clear) is defined */
    sem_taint va = vsrc_of(r, &in->ops[0]), vb = vsrc_of(r, &in->ops[1]);
    if (sem_is_unsolved(a.v) || sem_is_unsolved(b.v)) {
        set_flags_unsolved(r, a.t | b.t, va | vb);
        return SEM_NEXT;
    }
    sem_taint used = r->used;
    set_flags(r, arith_flags('-', a.v, b.v, d), a.t | b.t, va | vb);
    if (!vop_of(r, &in->ops[0]) && !vop_of(r, &in->ops[1]) && va &&
        !(va & (va - 1)) && vb && !(vb & (vb - 1))) {
        r->used = used;     /* a condition decides (flags_condition) */
        r->flag_same[0] = va;
        r->flag_same[1] = vb;
    }
    return SEM_NEXT;
}

/* ---- memory ---- */

/* The address of a MEM operand: Rn + (Rm << k) or Rn + imm (the base
 * may be symbolic; a symbolic index was made the base by the reader). */
static bool address(sem_run *r, const ll_operand *m, sem_reg *out)
{
    sem_reg base = get(r, m), off = {sem_int(m->imm), 0};
    int k = m->shift & 31;
    out->t = base.t;
    if (m->index >= 0) {
        off = sem_get(r, sem_slot(r, m->index, NULL));
        out->t |= off.t;
        if (k && off.v.sym >= 0) {  /* herd7: "Illegal operation <<[2]" */
            return sem_illegal_value(r, "<<", off.v, &(sem_val){k, -1},
                                     out->t, &out->v);
        }
        if (k && !sem_is_unsolved(off.v) &&
            !sem_arith('*', off.v, sem_int((int64_t)1 << k), &off.v))
            return false;
    }
    /* herd7's sum (sem_herd_arith): one it refuses (x + x, a read
       address plus another) goes on unsolved, as in alu() */
    if (sem_herd_arith(r, '+', base.v, off.v, &out->v))
        return true;
    return sem_illegal_value(r, "+", base.v, &off.v, out->t, &out->v);
}

/* herd7 puts acquire and release accesses in X (its "atomic" set) as
 * well as exclusive ones; so do we (arm.cat's scXX sees them). */
static unsigned access_tags(int op)
{
    switch (op) {
    case LL_ARM_LDREX: case LL_ARM_STREX: return 1u << TAG_X;
    case LL_ARM_LDA: case LL_ARM_LDAEX: return 1u << TAG_A | 1u << TAG_X;
    case LL_ARM_STL: case LL_ARM_STLEX: return 1u << TAG_L | 1u << TAG_X;
    }
    return 0;
}

/* Load register dst from address a (+ off); true when the run goes on. */
static bool load_at(sem_run *r, const ll_operand *dst, sem_reg a,
                    int64_t off, unsigned tags, int *ev)
{
    sem_val at;
    if (!sem_herd_arith(r, '+', a.v, sem_int(off), &at))
        return false;
    sem_reg v = sem_load(r, at, a.t, tags, ev);
    if (sem_stopped(r))
        return false;
    set_made(r, dst, v.v, v.t, v.t, false);
    return true;
}

static sem_next load(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[1], &a))
        return undefined(r, a.t);
    int ev;
    if (!load_at(r, &in->ops[0], a, 0, access_tags(in->op), &ev))
        return sem_stopped(r) ? SEM_ERROR : undefined(r, a.t);
    if (in->op == LL_ARM_LDREX || in->op == LL_ARM_LDAEX) {
        sem_reserve(r, a, ev);
    }
    if (access_tags(in->op)) {
        r->x_read = ev;
        r->x_addr = a.v;
    }
    return SEM_NEXT;
}

/* LDRD Rt,Rt2,[..]; LDM Rn,{..} (from Rn, or Rn+4 for LDMIB): one read
 * per register, a word apart. */
static sem_next load_multiple(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    int first;
    int64_t off = 0;
    if (in->op == LL_ARM_LDRD) {
        first = 0;
        if (!address(r, &in->ops[2], &a))
            return undefined(r, a.t);
    } else {
        first = 1;
        a = get(r, &in->ops[0]);
        off = in->op == LL_ARM_LDMIB ? 4 : 0;
    }
    int last = in->op == LL_ARM_LDRD ? 2 : in->n_ops;
    for (int i = first; i < last; i++, off += 4) {
        int ev;
        if (!load_at(r, &in->ops[i], a, off, 0, &ev))
            return sem_stopped(r) ? SEM_ERROR : undefined(r, a.t);
    }
    return SEM_NEXT;
}

/* STR, STL. herd7 7.58 pairs an STL in rmw (no other write between
 * them in co) with the atomic read (LDREX, LDAEX, LDA) of its address
 * that is the thread's last atomic access: LDA x; STL x is atomic to
 * herd7, LDA x; LDA y; STL x and LDREX x; STL x; STL x's second not. */
static sem_next store(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[1], &a))
        return undefined(r, a.t);
    sem_reg v = get(r, &in->ops[0]);
    int pair = -1;
    if (in->op == LL_ARM_STL) {
        if (r->x_read >= 0 && sem_val_eq(r->x_addr, a.v))
            pair = r->x_read;
        r->x_read = -1;
    }
    int w = sem_store(r, a.v, a.t, v.v, v.t, access_tags(in->op), pair);
    made(r, w, &in->ops[0]);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

/* STREX Rs,Rt,[Rn]: fails (Rs = 1, no write) or succeeds (Rs = 0, a
 * write paired with the reservation's read; with none, at address 0 a
 * write there: sem_reservation_held); the reservation ends. */
static sem_next store_exclusive(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[2], &a))
        return undefined(r, a.t);
    bool had = r->reserved, held = sem_reservation_held(r, a.v);
    bool success = sem_choose(r, 2) == 1;
    r->reserved = false;
    if (!success) {
        set_made(r, &in->ops[0], sem_int(1), 0, 0, false);
        return SEM_NEXT;
    }
    if (!held)
        return SEM_DEAD;
    /* paired only when its read is the last atomic access (herd7 7.58:
     * LDREX x; STL y; STREX x succeeds, unpaired) */
    int pair = had && r->x_read == r->res_event ? r->res_event : -1;
    r->x_read = -1;
    sem_reg v = get(r, &in->ops[1]);
    int w = sem_store(r, a.v, a.t, v.v, v.t | (had ? r->res_dep : 0),
                      access_tags(in->op), pair);
    made(r, w, &in->ops[1]);
    if (sem_stopped(r))
        return SEM_ERROR;
    set_made(r, &in->ops[0], sem_int(0), 0, 0, false);
    return SEM_NEXT;
}

static sem_next barrier(sem_run *r, const ll_instr *in)
{
    int o = LL_ARM_BAR_OF(in->flags);
    int t = o < (int)(sizeof option_tag / sizeof *option_tag)
                ? option_tag[o] : -1;
    if (t < 0) {
        sem_error(r, "barrier option not in herd7's ARM (load options are "
                     "ARMv8's)");
        return SEM_ERROR;
    }
    sem_fence(r, 1u << ((in->op == LL_ARM_DMB ? TAG_DMB : TAG_DSB) + t));
    return SEM_NEXT;
}

/* ---- control ---- */

static bool flags_condition(sem_run *r, int c, sem_reg *f, bool *holds)
{
    bool defined;
    *f = sem_get(r, SLOT_FLAGS);
    *holds = cond_holds(c, (unsigned)f->v.num, &defined);
    if (sem_is_unsolved(f->v)) {    /* herd7 leaves it: both ways */
        *holds = sem_choose(r, 2) == 0;
        defined = true;
    }
    if (r->flag_same[0] && (c == LL_ARM_COND_EQ || c == LL_ARM_COND_NE))
        sem_equality_use(r, r->flag_same[0], false, r->flag_same[1], false);
    else
        r->used |= sem_get_vsrc(r, SLOT_FLAGS);
    return defined;
}

static sem_next branch(sem_run *r, const ll_instr *in, const char **label)
{
    bool taken = true;
    if (in->op == LL_ARM_B) {
        if ((in->flags & LL_ARM_F_COND) &&
            LL_ARM_COND_OF(in->flags) != LL_ARM_COND_AL) {
            sem_reg f;
            if (!flags_condition(r, LL_ARM_COND_OF(in->flags), &f, &taken))
                return undefined(r, f.t);
            taken = sem_path_way(r, f.t, taken);
            sem_branch(r, f.t);
        }
        *label = in->ops[0].sym;
    } else {    /* CBZ, CBNZ */
        sem_reg v = get(r, &in->ops[0]);
        taken = sem_val_eq(v.v, sem_int(0)) == (in->op == LL_ARM_CBZ);
        if (sem_is_unsolved(v.v))   /* herd7 leaves it: both ways */
            taken = sem_choose(r, 2) == 0;
        else
            taken = sem_path_way(r, v.t, taken);
        r->used |= vsrc_of(r, &in->ops[0]);
        sem_branch(r, v.t);
        *label = in->ops[1].sym;
    }
    return taken ? SEM_JUMP : SEM_NEXT;
}

/* BX Rm with Rm as the thread started (0: herd7's initial LR) returns
 * from the thread, as compiled code (herd7's telechat tests) ends with
 * BX LR, under -variant telechat only: without it herd7 7.58 refuses a
 * test a run of which reaches a BX. A jump to a code address is not
 * modelled (no label values). */
static sem_next branch_exchange(sem_run *r, const ll_instr *in)
{
    if (!r->telechat) {
        sem_error(r, "BX outside -variant telechat (herd7 7.58: \"Could "
                     "find no potential target for indirect branch\"; "
                     "Variant=telechat in the test makes it a return)");
        return SEM_ERROR;
    }
    sem_reg v = get(r, &in->ops[0]);
    if (v.v.sym < 0 && v.v.num == 0 && !v.t)
        return SEM_END;
    sem_error(r, "BX to a code address is not supported by the model");
    return SEM_ERROR;
}

/* ---- dispatch ---- */

static sem_next exec_op(sem_run *r, const ll_instr *in, const char **label)
{
    switch (in->op) {
    case LL_ARM_ADD: case LL_ARM_SUB: case LL_ARM_AND: case LL_ARM_ORR:
    case LL_ARM_EOR:
        return alu(r, in);
    case LL_ARM_MOV:
        return mov(r, in);
    case LL_ARM_MOVW: case LL_ARM_MOVT:
        return mov_half(r, in);
    case LL_ARM_CMP:
        return compare(r, in);
    case LL_ARM_B: case LL_ARM_CBZ: case LL_ARM_CBNZ:
        return branch(r, in, label);
    case LL_ARM_LDR: case LL_ARM_LDREX: case LL_ARM_LDA: case LL_ARM_LDAEX:
        return load(r, in);
    case LL_ARM_LDRD: case LL_ARM_LDM: case LL_ARM_LDMIB:
        return load_multiple(r, in);
    case LL_ARM_STR: case LL_ARM_STL:
        return store(r, in);
    case LL_ARM_STREX: case LL_ARM_STLEX:
        return store_exclusive(r, in);
    case LL_ARM_DMB: case LL_ARM_DSB:
        return barrier(r, in);
    case LL_ARM_ISB:
        sem_fence(r, 1u << TAG_ISB);
        r->ctrlisync |= r->ctrl;
        return SEM_NEXT;
    case LL_ARM_NOP: case LL_ARM_PUSH: case LL_ARM_POP:
        return SEM_NEXT;    /* herd7: PUSH and POP are NOPs */
    case LL_ARM_BX:
        return branch_exchange(r, in);
    }
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}

/* AND/ORR Rx,Rx,Rx and MOV Rx,Rx leave Rx as it was. */
static bool is_identity(const ll_instr *in)
{
    if (in->flags & LL_ARM_F_S)
        return false;
    const ll_operand *o = in->ops;
    if (in->op == LL_ARM_MOV)
        return o[1].kind == LL_OPND_REG && o[1].reg == o[0].reg;
    return (in->op == LL_ARM_AND || in->op == LL_ARM_ORR) &&
           o[2].kind == LL_OPND_REG && o[1].reg == o[0].reg &&
           o[2].reg == o[0].reg;    /* symbolic ones: one id per name */
}

static sem_next arm_exec(sem_run *r, const ll_instr *in, const char **label)
{
    int c = LL_ARM_COND_OF(in->flags);
    /* herd7 builds a conditional instruction's both ways: its assertion
       on a MOVW/MOVT immediate stops it whatever the flags */
    if (half_refused(in))
        return mov_half(r, in);
    if (!(in->flags & LL_ARM_F_COND) || c == LL_ARM_COND_AL ||
        in->op == LL_ARM_B)
        return exec_op(r, in, label);
    if (is_identity(in))
        return SEM_NEXT;
    sem_reg f;
    bool holds;
    if (!flags_condition(r, c, &f, &holds))
        return undefined(r, f.t);
    r->skipped = !holds;
    return holds ? exec_op(r, in, label) : SEM_NEXT;
}

/* An address's variables for herd_vars, its registers' reads noted in
 * out (sem_vars_read): one a register, one the sum of an offset or
 * index with the base; -1 not numbered. */
static int addr_vars(const ll_operand *m, sem_vars *out)
{
    if (m->index >= 0 && m->shift)
        return -1;
    int n = sem_vars_read(out, m->reg, 0);
    if (m->index >= 0)
        return n + sem_vars_read(out, m->index, n) + 1;
    return n + (m->imm != 0);
}

/* The variables of an operation ADD..EOR (not conditional) into *out:
 * its registers, a result (none for a copy: ADD or ORR of #0), and with
 * S the flag's comparison (measured: not for EORS). */
static void op_vars(const ll_instr *in, sem_vars *out)
{
    const ll_operand *o = in->ops;
    bool s = (in->flags & LL_ARM_F_S) && in->op != LL_ARM_EOR;
    if (o[2].kind != LL_OPND_REG && o[2].imm == 0 &&
        (in->op == LL_ARM_ADD || in->op == LL_ARM_ORR)) {
        out->n = sem_vars_read(out, o[1].reg, 0) + s;
        out->dest = o[0].reg;
        out->copy_of = o[1].reg;
        out->copy_at = 1;
        return;
    }
    out->n = sem_vars_read(out, o[1].reg, 0);
    if (o[2].kind == LL_OPND_REG)
        out->n += sem_vars_read(out, o[2].reg, out->n);
    out->n += 1 + s;
    out->dest = o[0].reg;
}

/* An instruction's own variables (its condition's aside); false: not
 * numbered. */
static bool own_vars(const ll_instr *in, sem_vars *out)
{
    const ll_operand *o = in->ops;
    int a;
    switch (in->op) {
    case LL_ARM_LDR:
        if ((a = addr_vars(&o[1], out)) < 0)
            return false;
        out->n = out->read_at = a + 1;
        out->dest = o[0].reg;
        out->reg_solved = true;
        return true;
    case LL_ARM_STR:    /* the address's, then its register */
        if ((a = addr_vars(&o[1], out)) < 0)
            return false;
        out->n = a + sem_vars_read(out, o[0].reg, a);
        out->val_at = a + 1;
        return true;
    case LL_ARM_MOV:
        out->dest = o[0].reg;
        if (o[1].kind == LL_OPND_REG) {
            out->n = sem_vars_read(out, o[1].reg, 0);
            out->copy_of = o[1].reg;
            out->copy_at = 1;
        }
        return !(in->flags & LL_ARM_F_S);
    case LL_ARM_DMB: case LL_ARM_DSB: case LL_ARM_ISB: case LL_ARM_NOP:
        return true;
    case LL_ARM_ADD: case LL_ARM_SUB: case LL_ARM_AND: case LL_ARM_ORR:
    case LL_ARM_EOR:
        op_vars(in, out);
        return true;
    case LL_ARM_CMP:    /* its registers and the comparison */
        out->n = sem_vars_read(out, o[0].reg, 0);
        if (o[1].kind == LL_OPND_REG)
            out->n += sem_vars_read(out, o[1].reg, out->n);
        out->n++;
        return true;
    case LL_ARM_CBZ: case LL_ARM_CBNZ:  /* its register, the comparison */
        out->n = sem_vars_read(out, o[0].reg, 0) + 1;
        out->cond = o[1].sym;
        return out->cond != NULL;
    case LL_ARM_B:
        out->jump = o[0].sym;
        return out->jump != NULL;
    }
    return false;
}

/* sem_ops.herd_vars, measured on herd7 7.58 with instructions put before
 * a cycle of copies (the symbol it shows moves by one for each variable
 * before the read it names; about 60 probes in the branch's notes): in
 * order, a register read one, an address its registers and their sum
 * (not for [Rn]), a memory read one, an operation's result one (none for
 * a copy: MOV Rd,Rm, ADD or ORR of #0), with S the flag's comparison one
 * more (not EORS), CMP its registers and the comparison, MOV of a
 * constant and the barriers none. A store's value register is a copy of
 * what it holds. Branches (doc/fidelity.md): BEQ reads the flag, BNE
 * the flag and its negation, CBZ and CBZN their register and the
 * comparison, then herd7 numbers every path to the thread's end, the
 * jump's first (herd_vars.c); B none, nor the code it skips. A
 * conditionally run instruction (MOVEQ, LDRNE...) is such a fork too:
 * the condition's variables (EQ one, NE two) then every path, the one
 * that runs it first. Not numbered: conditions but EQ and NE, exclusives,
 * LDRD and LDM. */
static bool arm_herd_vars(const ll_instr *in, sem_vars *out)
{
    *out = (sem_vars){.dest = -1, .copy_of = -1};
    const ll_operand *o = in->ops;
    for (int i = 0; i < in->n_ops; i++)
        if ((o[i].kind == LL_OPND_REG || o[i].kind == LL_OPND_MEM) &&
            o[i].sym)
            return false;
    int c = LL_ARM_COND_OF(in->flags);
    if (!(in->flags & LL_ARM_F_COND) || c == LL_ARM_COND_AL)
        return own_vars(in, out);
    if (c != LL_ARM_COND_EQ && c != LL_ARM_COND_NE)
        return false;           /* herd7's ARM has only these */
    int flag = 1 + (c == LL_ARM_COND_NE);
    if (in->op == LL_ARM_B) {
        out->n = flag;
        out->cond = o[0].sym;
        return out->cond != NULL;
    }
    if (in->op == LL_ARM_CMP || is_identity(in) ||
        !own_vars(in, out) || out->cond || out->jump)
        return false;           /* not measured; identities not run */
    out->guard = flag;
    out->n += flag;
    out->read_at += out->read_at ? flag : 0;
    out->copy_at += out->copy_of >= 0 ? flag : 0;
    out->val_at += out->val_at ? flag : 0;
    for (int i = 0; i < out->n_rd; i++)
        out->rd_at[i] += flag;
    return true;
}

const sem_ops sem_arm_ops = {
    .arch = LL_ARCH_ARM,
    .default_model = "arm.cat",
    .ignores_bell = true,      /* herd7 7.58: a -bell is read, not run */
    .tags = arm_tags,
    .n_tags = sizeof arm_tags / sizeof arm_tags[0],
    .n_regs = N_SLOTS,
    .reg_slot = arm_reg_slot,
    .reg_value = arm_reg_value,
    .exec = arm_exec,
    .show_unsigned = true,
    .word = 4,
    .value_sources = true,
    .symbolic_cycles = true,
    .herd_vars = arm_herd_vars,
    .herd_vars_base = 0,    /* herd7 numbers ARM's from S1 */
    .check = sem_arm_check,
    .offsets_apart = true,       /* herd7 7.58: x+1, x+16 of int x[4] */
    .const_offsets_apart = true,
    .errors_on_every_path = true,
};
