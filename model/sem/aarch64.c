/* aarch64.c — AArch64 semantics for the model, after herd7's: loads and
 * stores of every width and addressing mode (writeback included),
 * acquire (LDAR, A), acquire-PC (LDAPR, Q) and release (STLR, L)
 * accesses, exclusives (LDXR/STXR: a store-exclusive fails, status 1, or
 * succeeds, status 0, when the thread still holds a reservation on that
 * address; its write then forms an rmw pair with the load-exclusive's
 * read), the single-instruction atomics SWP, CAS and LD<op>/ST<op>
 * (read and write paired in rmw), branches, and the barriers. Register
 * instructions are in aarch64_alu.c.
 *
 * Tags, as herd7 names its sets: A, Q, L; X for the accesses of atomic
 * instructions and exclusives (herd7's "atomic"); EX for exclusives only,
 * so that a model can tell amo (rmw \ [EX]) from lxsx; NoRet for the
 * read of an atomic whose result goes to the zero register (ST<op>, and
 * LD<op>/SWP/CAS with XZR/WZR), which is then neither A nor ordered by
 * DMB LD; one tag per DMB and DSB option, and ISB. A CAS that fails
 * reads, and may write back what it read, as in herd7 7.58. Two sets of our own,
 * for herd7's dependencies inside an instruction (its iico_data and
 * iico_ctrl, which its dependencies follow): RMW-DATA, the write of an
 * LD<op>/ST<op>, whose value is computed from the read; RMW-PICK, the
 * write of a successful CAS, which its comparison of the read gates. A
 * SWP's write takes a register's value and is in neither. IICO: the
 * events of one atomic instruction (SWP, LD<op>, ST<op>, CAS, CASP)
 * or pair instruction (LDP, STP, LDXP, STXP, LDIAPP, STILP...),
 * which herd7's po, relating instructions, leaves unordered
 * (sem_ops.unordered_in_instr): its iico and rmw order them for a model
 * that says so (aarch64.cat's aob), and a model that does not (one of
 * every coherent candidate) lets the write fall before, in co, the
 * write the read took, as herd7 does (issue 28). IICO-LO and IICO-HI:
 * the first and second event of one instruction in herd7's iico_order
 * (SWP's read and write, LDIAPP's and STILP's halves).
 *
 * Pick dependencies, as herd7's: a value a comparison chose (CSEL's
 * result, through its flags; the old value a successful CAS returns in
 * Rs) depends on the reads behind the choice through a pick, which the
 * engine keeps apart (sem_*_pick); the write of a successful CAS depends
 * on what Rs held the same way (pick-data-dep). aarch64.cat orders them
 * as herd7's pob and pick-lob do: a later write, but not, through an
 * address alone, a later read. */
#include "model/sem/aarch64_int.h"
#include "model/sem/aarch64_forms.h"

enum {
    TAG_A, TAG_Q, TAG_L, TAG_X, TAG_EX, TAG_NORET,
    TAG_DMB,                    /* + the option, LL_ARM_BAR_SY... */
    TAG_DSB = TAG_DMB + 12,
    TAG_ISB = TAG_DSB + 12,
    TAG_RMWDATA, TAG_RMWPICK,
    TAG_SCALO, TAG_SCAHI, TAG_IICO, TAG_IOLO, TAG_IOHI,
    N_TAGS
};
static const char *const a64_tags[N_TAGS] = {
    "A", "Q", "L", "X", "EX", "NoRet",
    "DMB.SY", "DMB.ST", "DMB.LD", "DMB.ISH", "DMB.ISHST", "DMB.ISHLD",
    "DMB.NSH", "DMB.NSHST", "DMB.NSHLD", "DMB.OSH", "DMB.OSHST",
    "DMB.OSHLD",
    "DSB.SY", "DSB.ST", "DSB.LD", "DSB.ISH", "DSB.ISHST", "DSB.ISHLD",
    "DSB.NSH", "DSB.NSHST", "DSB.NSHLD", "DSB.OSH", "DSB.OSHST",
    "DSB.OSHLD",
    "ISB", "RMW-DATA", "RMW-PICK", "SCA-LO", "SCA-HI", "IICO",
    "IICO-LO", "IICO-HI",
};

#define TAG(t) ((sem_tags)1 << (t))

static int a64_reg_slot(int reg)
{
    if (reg == LL_A64_SP)
        return A64_SLOT_SP;
    if (reg == LL_A64_NZCV)
        return A64_SLOT_NZCV_NAMED;
    if (reg < 0 || reg >= LL_A64_SP)
        return -1;
    if (LL_A64_REG_NUM(reg) == LL_A64_ZR)
        return A64_SLOT_ZR;
    return LL_A64_REG_NUM(reg);
}

static sem_val a64_reg_value(const sem_val *slots, int reg)
{
    int slot = a64_reg_slot(reg);
    return slot < 0 || slot == A64_SLOT_ZR
               ? sem_int(0) : a64_trunc(slots[slot], a64_bits(reg));
}

/* ---- addresses ---- */

/* The address a MEM operand accesses, and what its base register holds
 * afterwards (the same, or moved by a pre- or post-index). */
typedef struct a64_addr {
    sem_reg at;
    sem_reg base_after;
    sem_taint at_pick, after_pick;   /* their pick dependencies */
} a64_addr;

static sem_next address(sem_run *r, const ll_operand *m, a64_addr *out)
{
    sem_reg base = a64_get(r, m->reg);
    sem_taint base_pick = a64_pick(r, m->reg), off_pick = 0;
    sem_reg off = {sem_int(m->imm), 0};
    char name[16];
    if (m->index >= 0) {
        sem_reg x = a64_get(r, m->index);
        off.t = x.t;
        off_pick = a64_pick(r, m->index);
        /* a W index is masked (mask32), as its shift refused on an
           address: herd7's unsolved offset (sem_illegal_value) */
        if (!a64_mask(r, &x, a64_bits(m->index)) ||
            (!a64_shift(x.v, m->shift & 0xFFFF, 64, &off.v, name) &&
             !sem_illegal_value(r, name, x.v, NULL, x.t, &off.v)))
            return SEM_DEAD;
    }
    sem_taint t = base.t | off.t, p = base_pick | off_pick;
    sem_val moved;
    if (!sem_herd_arith(r, '+', base.v, off.v, &moved) &&
        !sem_illegal_value(r, "+", base.v, &off.v, t, &moved))
        return SEM_DEAD;
    int mode = LL_A64_IDX_MODE(m->shift);
    out->at.v = mode == LL_A64_IDX_POST ? base.v : moved;
    out->at.t = t;
    out->at_pick = p;
    out->base_after.v = mode == LL_A64_IDX_OFFSET ? base.v : moved;
    out->base_after.t = mode == LL_A64_IDX_OFFSET ? base.t : t;
    out->after_pick = mode == LL_A64_IDX_OFFSET ? base_pick : p;
    return SEM_NEXT;
}

static void write_back(sem_run *r, const ll_operand *m, const a64_addr *a)
{
    if (LL_A64_IDX_MODE(m->shift) != LL_A64_IDX_OFFSET)
        a64_set_pick(r, m->reg, a->base_after.v, a->base_after.t,
                     a->after_pick);
}

/* The next element of a pair: `bytes` further on. */
static sem_reg next_element(sem_reg a, int bytes)
{
    sem_reg n = a;
    sem_arith('+', a.v, sem_int(bytes), &n.v);
    return n;
}

/* ---- loads and stores ---- */

static int access_bits(const ll_instr *in)
{
    return 8 * ll_a64_access_size(in);
}

static bool is_signed_load(int op)
{
    return op == LL_A64_LDRSB || op == LL_A64_LDRSH || op == LL_A64_LDRSW ||
           op == LL_A64_LDPSW;
}

/* Read `bits` bits at a (pick dependencies ap) into register rd
 * (sign-extended for LDRS*). */
static bool load_into(sem_run *r, const ll_instr *in, sem_reg a,
                      sem_taint ap, int rd, sem_tags tags, int *ev)
{
    int bits = access_bits(in);
    sem_reg v = sem_load_pick(r, a.v, a.t, ap, tags, ev);
    if (sem_stopped(r))
        return false;
    sem_set_bytes(r, *ev, bits / 8);
    /* herd7 7.58: "Illegal operation mask32 on x" */
    if (!a64_mask(r, &v, bits))
        return false;
    v.v = a64_trunc(v.v, bits);
    if (is_signed_load(in->op) && v.v.sym == -1)
        v.v = sem_int(a64_sext(v.v.num, bits));
    a64_set(r, rd, v.v, v.t);
    return true;
}

/* Write register rs at a (pick dependencies ap); extra_pick: what else
 * the write depends on through a pick (a CAS's comparison). herd7 7.58
 * writes mask32 (mask16, mask08) of a 32-bit (16-, 8-bit) access's
 * register, an operation even where the register holds one read
 * (sem_event.vop: model/copy_cycles.c). */
static bool store_from(sem_run *r, const ll_instr *in, sem_reg a,
                       sem_taint ap, int rs, sem_taint extra_pick,
                       sem_tags tags, int rmw_read)
{
    sem_reg v = a64_get(r, rs);
    if (!a64_mask(r, &v, access_bits(in)))   /* herd7's mask32 (16, 08) */
        return false;
    int ev = sem_store_pick(r, a.v, a.t, ap, a64_trunc(v.v, access_bits(in)),
                            v.t, a64_pick(r, rs) | extra_pick, tags,
                            rmw_read);
    sem_set_bytes(r, ev, access_bits(in) / 8);
    sem_set_vdata(r, ev, a64_made(r, rs), access_bits(in) < 64);
    return !sem_stopped(r);
}

/* The tags of the access of element i (0, 1) of a pair, made k-th
 * (0, 1) by its instruction. herd7 7.58 makes the two accesses of a pair
 * two events of one instruction, which its po, relating instructions,
 * leaves unordered (IICO: a model of po alone sees either half first);
 * those of an exclusive pair (LDXP, STXP) one single-copy-atomic access
 * (its sm and si): the first SCA-LO, the second SCA-HI, from which the
 * built-in sm and si are built; LDIAPP's and STILP's the first made
 * before the second in its iico_order (IICO-LO, IICO-HI: the built-in
 * iico_order), which aarch64.cat's bob reads as acquire and release
 * order. LDP, STP, LDNP, STNP and LDPSW have no order at all. */
static sem_tags pair_tags(int op, int i, int k)
{
    sem_tags t = TAG(TAG_IICO);
    if (op == LL_A64_LDXP || op == LL_A64_LDAXP || op == LL_A64_STXP ||
        op == LL_A64_STLXP)
        t |= TAG(i ? TAG_SCAHI : TAG_SCALO);
    if (op == LL_A64_LDIAPP || op == LL_A64_STILP)
        t |= TAG(k ? TAG_IOHI : TAG_IOLO);
    return t;
}

/* LDR, STR and friends; LDP, STP (two registers, the second element
 * after the first); LDXR (which takes a reservation). */
static sem_next plain_access(sem_run *r, const ll_instr *in, sem_tags tags,
                             bool is_load)
{
    bool pair = in->n_ops == 3;
    const ll_operand *m = &in->ops[pair ? 2 : 1];
    a64_addr a;
    sem_next n = address(r, m, &a);
    if (n != SEM_NEXT)
        return n;
    /* herd7 7.58: STILP's pre-index form (`STILP X0,X1,[X2,#-16]!`)
     * writes the second element first, so that release orders it
     * before the first (its regression test L083); the other forms
     * go up the pair. */
    bool down = in->op == LL_A64_STILP &&
                LL_A64_IDX_MODE(m->shift) == LL_A64_IDX_PRE;
    for (int k = 0; k < (pair ? 2 : 1); k++) {
        int i = down ? 1 - k : k;
        sem_reg at = i ? next_element(a.at, ll_a64_access_size(in)) : a.at;
        sem_tags t = tags | (pair ? pair_tags(in->op, i, k) : 0);
        int ev;
        bool ok = is_load ? load_into(r, in, at, a.at_pick, in->ops[i].reg,
                                      t, &ev)
                          : store_from(r, in, at, a.at_pick, in->ops[i].reg,
                                       0, t, -1);
        if (!ok)
            return SEM_ERROR;
        if (is_load && (tags & TAG(TAG_EX))) {
            r->reserved = true;
            if (i == 0) {
                r->res_addr = at.v;
                r->res_dep = at.t;
                r->res_event = ev;
                r->res_event2 = -1;
            } else {
                r->res_event2 = ev;
            }
        }
    }
    write_back(r, m, &a);
    return SEM_NEXT;
}

/* STXR Ws,Rt,[Xn] and STXP Ws,Rt1,Rt2,[Xn]: fails (Ws = 1, no write)
 * or succeeds (Ws = 0, exclusive writes, each paired with the
 * reservation's read of its element); either way the reservation ends. */
static sem_next store_exclusive(sem_run *r, const ll_instr *in,
                                sem_tags tags)
{
    bool pair = in->op == LL_A64_STXP || in->op == LL_A64_STLXP;
    a64_addr a;
    sem_next n = address(r, &in->ops[pair ? 3 : 2], &a);
    if (n != SEM_NEXT)
        return n;
    bool held = r->reserved && sem_val_eq(r->res_addr, a.at.v);
    bool success = sem_choose(r, 2) == 1;
    r->chose_status = true;
    r->reserved = false;
    if (!success) {
        a64_set(r, in->ops[0].reg, sem_int(1), 0);
        return SEM_NEXT;
    }
    if (!held)
        return SEM_DEAD;
    for (int i = 0; i < (pair ? 2 : 1); i++) {
        sem_reg at = i ? next_element(a.at, ll_a64_access_size(in)) : a.at;
        sem_tags t = tags | (pair ? pair_tags(in->op, i, i) : 0);
        if (!store_from(r, in, at, a.at_pick, in->ops[1 + i].reg, 0, t,
                        i ? r->res_event2 : r->res_event))
            return SEM_ERROR;
    }
    a64_set(r, in->ops[0].reg, sem_int(0), 0);
    return SEM_NEXT;
}

/* ---- single-instruction atomics ---- */

static bool is_store_op(int op)
{
    return op >= LL_A64_STADD && op <= LL_A64_STUMIN;
}

/* old <op> s at width bits: the value an LD<op>/ST<op> writes. */
static bool atomic_value(sem_run *r, int op, sem_val old, sem_val raw,
                         sem_val s, int bits, sem_val *out)
{
    if (is_store_op(op))
        op = op - LL_A64_STADD + LL_A64_LDADD;
    if (op == LL_A64_SWP) {
        *out = s;
        return true;
    }
    if (a64_unsolved(old, s)) {
        *out = sem_unsolved();
        return true;
    }
    /* herd7's values: x + 4, 0 | x and x ^ x are, the rest refused */
    if (old.sym >= 0 || s.sym >= 0)
        return sem_herd_arith(r, op == LL_A64_LDADD ? '+'
                                 : op == LL_A64_LDSET ? '|'
                                 : op == LL_A64_LDEOR ? '^' : '&',
                              old, s, out) &&
               (op == LL_A64_LDADD || op == LL_A64_LDSET ||
                op == LL_A64_LDEOR);
    uint64_t m = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    uint64_t y = (uint64_t)s.num & m;
    int64_t sx = a64_sext(old.num, bits), sy = a64_sext(s.num, bits);
    switch (op) {
    case LL_A64_LDADD:
        /* herd7 adds the value read, whole, to Rs cut to the width,
         * and keeps the sum whole, a carry out included: 196610 +
         * 0xffffffff is 0x100030001, shown 196609 and ordered after
         * 196610; a second add reads it whole (AArch64+ldadd-carry-*) */
        *out = sem_int((int64_t)((uint64_t)raw.num + y));
        return true;
    /* herd7 also takes the value read whole (a carry kept) in the
     * logical operations and the unsigned maximum and minimum, and
     * keeps the result whole: after an LDADDB of 0xfe to 9 (0x107, shown
     * 7) an LDUMAXB of 0xfe keeps 0x107 (7), an LDSETB makes 0x1ff (255,
     * a state apart from 0xff) (A64+rmw-whole-after-carry) */
    case LL_A64_LDCLR:
        *out = sem_int((int64_t)((uint64_t)raw.num & ~y));
        return true;
    case LL_A64_LDEOR:
        *out = sem_int((int64_t)((uint64_t)raw.num ^ y));
        return true;
    case LL_A64_LDSET:
        *out = sem_int((int64_t)((uint64_t)raw.num | y));
        return true;
    case LL_A64_LDUMAX: case LL_A64_LDUMIN: {
        uint64_t w = (uint64_t)raw.num;
        bool keep = op == LL_A64_LDUMAX ? w > y : w < y;
        *out = keep ? raw : sem_int((int64_t)y);
        return true;
    }
    case LL_A64_LDSMAX: case LL_A64_LDSMIN:
        /* herd7 holds a signed minimum or maximum sign-extended from
         * its width, not cut to it: an STSMIN W of -2 leaves -2, not
         * 0xfffffffe, which orders its states (-2 before 1) */
        *out = sem_int(op == LL_A64_LDSMAX ? (sx > sy ? sx : sy)
                                           : (sx < sy ? sx : sy));
        return true;
    }
    return false;
}

/* An LD<op>, ST<op> herd7 7.58 refuses on an address (atomic_value
 * false), old <op> s: its unsolved value in *out (sem_illegal_value, named as
 * herd7 names the operation: `^ on 0 and x`, `sxt64 on x` of a signed
 * maximum); false, the run stops. */
static bool atomic_illegal(sem_run *r, int op, sem_val old, sem_val s,
                           sem_taint t, sem_val *out)
{
    if (is_store_op(op))
        op = op - LL_A64_STADD + LL_A64_LDADD;
    const char *name = op == LL_A64_LDCLR ? "andnot2"
                       : op == LL_A64_LDEOR ? "^"
                       : op == LL_A64_LDSET ? "|"
                       : op == LL_A64_LDUMAX ? "umax"
                       : op == LL_A64_LDUMIN ? "umin"
                       : op == LL_A64_LDADD ? "+" : NULL;
    if (name)
        return sem_illegal_value(r, name, old, &s, t, out);
    return sem_illegal_value(r, "sxt64", old.sym >= 0 ? old : s, NULL, t, out);
}

/* The read of an atomic instruction at its operand's address, `bits`
 * wide (*raw: the value read, not cut): SEM_NEXT, or how the run
 * stops. */
static sem_next atomic_read(sem_run *r, const ll_operand *m, sem_tags tags,
                            int bits, a64_addr *a, sem_reg *old,
                            sem_val *raw, int *ev)
{
    sem_next n = address(r, m, a);
    if (n != SEM_NEXT)
        return n;
    *old = sem_load_pick(r, a->at.v, a->at.t, a->at_pick, tags, ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    sem_set_bytes(r, *ev, bits / 8);
    *raw = old->v;
    old->v = a64_trunc(old->v, bits);
    return SEM_NEXT;
}

/* SWP Rs,Rt,[Xn]; LD<op> Rs,Rt,[Xn]; ST<op> Rs,[Xn] (Rt = ZR): one read
 * and one write, paired in rmw; Rt gets the old value. */
static sem_next atomic_op(sem_run *r, const ll_instr *in)
{
    bool st = is_store_op(in->op);
    int rs = in->ops[0].reg, rt = st ? -1 : in->ops[1].reg;
    const ll_operand *m = &in->ops[st ? 1 : 2];
    int bits = access_bits(in);
    bool noret = st || a64_is_zr(rt);
    sem_tags rtags = TAG(TAG_IICO) |
                     (noret ? TAG(TAG_X) | TAG(TAG_NORET)
                            : TAG(TAG_X) | ((in->flags & LL_A64_F_ACQ)
                                                ? TAG(TAG_A) : 0));
    sem_tags wtags = TAG(TAG_X) | TAG(TAG_IICO) |
                     ((in->flags & LL_A64_F_REL) ? TAG(TAG_L) : 0);
    if (in->op != LL_A64_SWP) {  /* the value written comes from the read */
        wtags |= TAG(TAG_RMWDATA);
    } else {    /* herd7 7.58: SWP's read before its write in iico_order */
        rtags |= TAG(TAG_IOLO);
        wtags |= TAG(TAG_IOHI);
    }
    a64_addr a;
    sem_reg old;
    int ev;
    sem_val raw;
    sem_next n = atomic_read(r, m, rtags, bits, &a, &old, &raw, &ev);
    if (n != SEM_NEXT)
        return n;
    sem_reg s = a64_get(r, rs);
    sem_taint sp = a64_pick(r, rs);
    sem_val v;
    if (!a64_mask(r, &s, bits))     /* herd7's mask32 (16, 08) of Rs */
        return SEM_DEAD;
    if (!atomic_value(r, in->op, old.v, raw, a64_trunc(s.v, bits), bits, &v) &&
        !atomic_illegal(r, in->op, old.v, s.v, old.t | s.t, &v))
        return SEM_DEAD;
    int w = sem_store_pick(r, a.at.v, a.at.t, a.at_pick, v, s.t, sp, wtags,
                           ev);
    sem_set_bytes(r, w, bits / 8);
    if (in->op != LL_A64_SWP)   /* made of the value read too */
        sem_set_vdata(r, w, old.t | a64_made(r, rs), true);
    else                        /* Rs (not what it depends on: EOR
                                   Wd,Wn,Wn is 0 to herd7), mask32 of it
                                   in 32 bits (mask16, mask08 narrower):
                                   an operation */
        sem_set_vdata(r, w, a64_made(r, rs), bits < 64);
    if (sem_stopped(r))
        return SEM_ERROR;
    if (!st)
        a64_set(r, rt, old.v, old.t);
    return SEM_NEXT;
}

/* A CAS that succeeds: herd7's equation read = expected value solves
 * the read where the expected value is solved (a constant: pinned; made
 * of reads: opeqs), a thin-air cycle through it included
 * (model/copy_cycles.c). herd7 holds a W register's value as mask32 of
 * what it copied, and compares mask16 or mask08 of Rs in CASH, CASB: an
 * operation (bits below 64: sem_run.opeq_ops). */
static void cas_equation(sem_run *r, sem_taint read, sem_taint expect,
                         int bits)
{
    if (!expect) {
        r->pinned |= read;
    } else if (r->n_opeqs < SEM_MAX_EQS) {
        if (bits < 64)
            r->opeq_ops |= (uint8_t)(1u << r->n_opeqs);
        r->opeq_node[r->n_opeqs] = 0;
        r->opeqs[r->n_opeqs][0] = read;
        r->opeqs[r->n_opeqs++][1] = expect;
    }
}

/* CAS Rs,Rt,[Xn]: reads; when the value equals Rs, writes Rt (the pair
 * in rmw, both X); Rs gets the old value either way. As herd7 7.58 does,
 * five ways, whose executions it counts apart: a success where Rs keeps
 * what it depended on (plainly) and depends on the read through a pick
 * (catalogue MP+rel+CAS-ok-RsRs-addr), a success where it depends on the
 * read plainly (so an address from it orders a later read: herd7 finds
 * the execution twice, and its model may forbid one of them), a failure
 * that only reads (A for CASA/CASAL, not X), found twice alike, and a
 * failure that writes back the value it read (an X pair in rmw), the
 * write depending on Rs through a pick (MP+rel+CAS-ok-bothRs-addr). The
 * write of a success depends on what Rs held through a pick
 * (pick-data-dep; herd7's catalogue LB+rel+CAS, MP+rel+CAS-ok-MRs-addr,
 * LB+rel+CAS-ok-RsRs-addr) and is RMW-PICK: a read of the thread that
 * takes it carries a pick dependency on the CAS's read. */
static sem_next compare_and_swap(sem_run *r, const ll_instr *in)
{
    int rs = in->ops[0].reg, rt = in->ops[1].reg;
    int bits = access_bits(in);
    bool acq = in->flags & LL_A64_F_ACQ, rel = in->flags & LL_A64_F_REL;
    int way = sem_choose(r, 5);     /* 0, 1: success; 2, 3, 4: failure */
    bool success = way < 2, write_back = way == 4;
    sem_tags rtags = (acq ? TAG(TAG_A) : 0) | TAG(TAG_IICO);
    if (a64_is_zr(rs))
        rtags = TAG(TAG_X) | TAG(TAG_NORET) | TAG(TAG_IICO);
    else if (success || write_back)
        rtags |= TAG(TAG_X);
    a64_addr a;
    sem_reg old;
    int ev;
    sem_val raw;
    sem_next n = atomic_read(r, &in->ops[2], rtags, bits, &a, &old, &raw,
                             &ev);
    if (n != SEM_NEXT)
        return n;
    sem_reg expect = a64_get(r, rs);
    sem_taint expect_pick = expect.t | a64_pick(r, rs);
    if (!a64_mask(r, &expect, bits))    /* herd7's mask32 of Rs */
        return SEM_DEAD;
    if (!sem_is_unsolved(expect.v))
        sem_expect(r, ev, a64_trunc(expect.v, bits), expect.t);
    /* herd7 compares the value read whole (an LDADD's carry kept) with
     * Rs cut, and writes it back whole; an unsolved one either way */
    if (sem_val_eq(raw, a64_trunc(expect.v, bits)) != success &&
        !a64_unsolved(raw, expect.v))
        return SEM_DEAD;
    if (!success) {
        if (write_back) {   /* its write too depends on Rs (a pick) */
            int w = sem_store_pick(r, a.at.v, a.at.t, a.at_pick, raw, 0,
                                   expect_pick,
                                   TAG(TAG_X) | TAG(TAG_IICO) |
                                   (rel ? TAG(TAG_L) : 0), ev);
            if (sem_stopped(r))
                return SEM_ERROR;
            sem_set_vdata(r, w, old.t, false);  /* a copy of the read */
            sem_set_vraw(r, w);
        }
        a64_set(r, rs, old.v, old.t);
        return SEM_NEXT;
    }
    cas_equation(r, old.t, a64_made(r, rs), bits);
    if (!store_from(r, in, a.at, a.at_pick, rt, expect_pick,
                    TAG(TAG_X) | TAG(TAG_RMWPICK) | TAG(TAG_IICO) |
                    (rel ? TAG(TAG_L) : 0),
                    ev))
        return SEM_ERROR;
    if (way == 0)
        a64_set_pick(r, rs, old.v, expect.t, old.t | a64_pick(r, rs));
    else
        a64_set(r, rs, old.v, old.t);
    return SEM_NEXT;
}

/* The write of half i (0, 1) of a successful CASP, of Rt+i, which in
 * herd7 7.58 depends on both Rt and Rt+1: it reads the two registers as
 * one pair before writing either half. */
static void store_pair_half(sem_run *r, const ll_instr *in, sem_reg a,
                            sem_taint ap, int i, sem_taint extra_pick,
                            sem_tags tags, int rmw_read)
{
    int rt = in->ops[2 + i].reg, other = in->ops[3 - i].reg;
    int bits = access_bits(in);
    sem_reg v = a64_get(r, rt);
    if (!a64_mask(r, &v, bits))     /* herd7's mask32 of an address */
        return;
    int ev = sem_store_pick(r, a.v, a.t, ap, a64_trunc(v.v, bits),
                            v.t | a64_get(r, other).t,
                            a64_pick(r, rt) | a64_pick(r, other) |
                            extra_pick, tags, rmw_read);
    sem_set_bytes(r, ev, bits / 8);
    sem_set_vdata(r, ev, a64_made(r, rt), bits < 64);
}

/* The read of a reservation still held on address at (LDXR's, or the
 * element of LDXP's there), or -1: herd7 7.58 pairs it in rmw with an
 * exclusive write that has no read of its own in rmw, a CASP's
 * write-back (its atomicity then forbids a write of another thread
 * between them). That read is then paired: a later STXR may still
 * succeed, its write in no rmw, as herd7 counts it. */
static int reserved_read(sem_run *r, sem_val at, int bytes)
{
    sem_reg a = {r->res_addr, 0};
    int *ev = NULL;
    if (r->reserved && sem_val_eq(r->res_addr, at))
        ev = &r->res_event;
    else if (r->reserved && sem_val_eq(next_element(a, bytes).v, at))
        ev = &r->res_event2;
    int read = ev ? *ev : -1;
    if (ev)
        *ev = -1;
    return read;
}

/* CASP Rs,Rs+1,Rt,Rt+1,[Xn]: two reads side by side; when they equal
 * Rs and Rs+1, two writes of Rt and Rt+1, each paired in rmw with its
 * read; Rs and Rs+1 get the old values either way. herd7 7.58's five
 * ways of CAS, for the pair: a success whose old values depend on the
 * reads through a pick (Rs keeping its own dependencies) or plainly
 * (both atomic), a failure that only reads (twice), and a failure that
 * writes back what it read, not in rmw (but with a reservation still
 * held there: reserved_read), depending on Rs through a pick; its reads
 * are X only when it succeeds, as herd7 tags them. herd7 moves each
 * register pair as one value: Rs and Rs+1 each depend on both reads, and
 * each write on both Rt and Rt+1 (store_pair_half). As in herd7, whose po relates instructions, its events are in no
 * po among themselves (IICO, sem_ops.unordered_in_instr): a release
 * write does not order the other half's write, and the write-back may
 * fall anywhere in coherence, even before the write its read took. */
static sem_next compare_and_swap_pair(sem_run *r, const ll_instr *in)
{
    int bits = access_bits(in), bytes = bits / 8;
    bool acq = in->flags & LL_A64_F_ACQ, rel = in->flags & LL_A64_F_REL;
    int way = sem_choose(r, 5);     /* 0, 1: success; 2, 3, 4: failure */
    bool success = way < 2, write_back = way == 4;
    sem_tags rtags = (acq ? TAG(TAG_A) : 0) |
                     (success ? TAG(TAG_X) : 0) |
                     TAG(TAG_IICO);
    sem_tags wtags = TAG(TAG_X) | (rel ? TAG(TAG_L) : 0) | TAG(TAG_IICO);
    a64_addr a;
    sem_next n = address(r, &in->ops[4], &a);
    if (n != SEM_NEXT)
        return n;
    sem_reg old[2], at[2] = {a.at, next_element(a.at, bytes)};
    sem_val raw[2];     /* whole, as CAS's */
    int ev[2];
    bool equal = true, either = false;
    sem_taint expect_pick = 0;
    for (int i = 0; i < 2; i++) {
        old[i] = sem_load_pick(r, at[i].v, at[i].t, a.at_pick, rtags,
                               &ev[i]);
        if (sem_stopped(r))
            return SEM_ERROR;
        sem_set_bytes(r, ev[i], bits / 8);
        raw[i] = old[i].v;
        old[i].v = a64_trunc(old[i].v, bits);
        sem_reg expect = a64_get(r, in->ops[i].reg);
        expect_pick |= expect.t | a64_pick(r, in->ops[i].reg);
        if (!a64_mask(r, &expect, bits))    /* herd7's mask32 of Rs */
            return SEM_DEAD;
        if (!sem_is_unsolved(expect.v))
            sem_expect(r, ev[i], a64_trunc(expect.v, bits), expect.t);
        equal = equal && sem_val_eq(raw[i], a64_trunc(expect.v, bits));
        either = either || a64_unsolved(raw[i], expect.v);
    }
    if (equal != success && !either)    /* unsolved: either way */
        return SEM_DEAD;
    for (int i = 0; i < 2 && success; i++)
        cas_equation(r, old[i].t, a64_made(r, in->ops[i].reg), bits);
    for (int i = 0; i < 2 && (success || write_back); i++) {
        if (write_back) {
            int w = sem_store_pick(r, at[i].v, at[i].t, a.at_pick, raw[i],
                                   0, expect_pick, wtags,
                                   reserved_read(r, at[i].v, bytes));
            sem_set_bytes(r, w, bytes);
            sem_set_vdata(r, w, old[i].t, false);   /* a copy of the read */
            sem_set_vraw(r, w);
        } else
            store_pair_half(r, in, at[i], a.at_pick, i, expect_pick,
                            wtags | TAG(TAG_RMWPICK), ev[i]);
        if (sem_stopped(r))
            return SEM_ERROR;
    }
    /* herd7 7.58 writes Rs and Rs+1 from the pair of values read, each
     * then depending on both reads, and, in a success that keeps Rs's
     * own dependencies, on what both Rs and Rs+1 held */
    sem_taint reads = old[0].t | old[1].t;
    sem_taint held = a64_get(r, in->ops[0].reg).t |
                     a64_get(r, in->ops[1].reg).t;
    sem_taint held_pick = a64_pick(r, in->ops[0].reg) |
                          a64_pick(r, in->ops[1].reg);
    for (int i = 0; i < 2; i++) {
        int rs = in->ops[i].reg;
        if (way == 0)
            a64_set_pick(r, rs, old[i].v, held, reads | held_pick);
        else
            a64_set(r, rs, old[i].v, reads);
    }
    return SEM_NEXT;
}

/* MRS Xt,NZCV and MSR NZCV,Xt: the flags as bits 31..28 of a register. */
static sem_next a64_nzcv_move(sem_run *r, const ll_instr *in)
{
    int reg = in->ops[0].reg;
    static const int bit[4] = {A64_N, A64_Z, A64_C, A64_V};
    if (in->op == LL_A64_MRS) {
        sem_reg f = sem_get(r, A64_SLOT_NZCV);
        sem_taint fp = sem_get_pick(r, A64_SLOT_NZCV);
        if (sem_is_unsolved(f.v)) {
            a64_set_pick(r, reg, f.v, f.t, fp);
            return SEM_NEXT;
        }
        uint64_t v = 0;
        for (int i = 0; i < 4; i++)
            if (f.v.num & bit[i])
                v |= (uint64_t)1 << (31 - i);
        a64_set_pick(r, reg, sem_int((int64_t)v), f.t, fp);
        return SEM_NEXT;
    }
    sem_reg v = a64_get(r, reg);
    sem_taint p = a64_pick(r, reg);
    /* herd7 reads the flags from bits 31..28 (`>>>[28] on x`) */
    if (v.v.sym != -1) {
        sem_val u = sem_unsolved();
        if (v.v.sym >= 0 &&
            !sem_illegal_value(r, ">>>[28]", v.v, NULL, v.t, &u))
            return SEM_DEAD;
        sem_set_pick(r, A64_SLOT_NZCV, u, v.t, p);
        return SEM_NEXT;
    }
    int64_t f = 0;
    for (int i = 0; i < 4; i++)
        if (((uint64_t)v.v.num >> (31 - i)) & 1)
            f |= bit[i];
    sem_set_pick(r, A64_SLOT_NZCV, sem_int(f), v.t, p);
    return SEM_NEXT;
}

/* ---- control ---- */

/* herd7 7.58 follows a conditional branch whose condition no read made
 * (a loop counting down a constant: its regression test L028) to the
 * end, whatever -unroll says; only the other backward jumps count
 * towards it. A store-exclusive's status is no read's but is symbolic
 * to herd7 (its A184 retries an LDXR/STXR loop -unroll times), and so
 * is the unsolved value of an operation herd7 refuses. */
static void concrete_if(sem_run *r, sem_taint cond, bool unsolved)
{
    r->concrete_jump = cond == 0 && !r->chose_status && !unsolved;
}

static sem_next branch(sem_run *r, const ll_instr *in, const char **label)
{
    bool taken = true;
    switch (in->op) {
    case LL_A64_B:
        if (in->flags & LL_ARM_F_COND) {
            sem_reg f = sem_get(r, A64_SLOT_NZCV);
            sem_taint fp = sem_get_pick(r, A64_SLOT_NZCV);
            taken = a64_cond_holds(r, f, LL_ARM_COND_OF(in->flags));
            if (!sem_is_unsolved(f.v))
                taken = sem_path_way(r, f.t | fp, taken);
            sem_branch_pick(r, f.t, fp);
            concrete_if(r, f.t | fp, sem_is_unsolved(f.v));
        }
        break;
    case LL_A64_CBZ: case LL_A64_CBNZ: {
        sem_reg v = a64_get(r, in->ops[0].reg);
        bool zero = v.v.sym < 0 && v.v.num == 0;   /* addresses are not 0 */
        taken = zero == (in->op == LL_A64_CBZ);
        if (sem_is_unsolved(v.v))   /* herd7 leaves it: both ways */
            taken = sem_choose(r, 2) == 0;
        else
            taken = sem_path_way(r, v.t | a64_pick(r, in->ops[0].reg),
                                 taken);
        sem_branch_pick(r, v.t, a64_pick(r, in->ops[0].reg));
        concrete_if(r, v.t | a64_pick(r, in->ops[0].reg),
                    sem_is_unsolved(v.v));
        break;
    }
    default: {   /* TBZ, TBNZ */
        /* herd7 7.58 tests the whole register, a W one too, and takes
         * the bit number modulo 64: TBZ W0,#32 tests X0's bit 32, TBZ
         * X0,#64+k its bit k */
        int x = LL_A64_REG_IS_W(in->ops[0].reg)
                    ? LL_A64_REG(LL_A64_REG_NUM(in->ops[0].reg), LL_A64_X)
                    : in->ops[0].reg;
        sem_reg v = a64_get(r, x);
        int64_t bit = in->ops[1].imm;
        sem_taint vp = a64_pick(r, x);
        uint64_t u = (uint64_t)v.v.num;
        bool set = (u >> ((uint64_t)bit & 63)) & 1;
        /* herd7's readbit of an address is refused (`readbit0 on x`); of
           an unsolved value, both ways */
        char name[16];
        snprintf(name, sizeof name, "readbit%d", (int)((uint64_t)bit & 63));
        sem_val ignored;
        if (v.v.sym >= 0 &&
            !sem_illegal_value(r, name, v.v, NULL, v.t, &ignored))
            return SEM_DEAD;
        if (v.v.sym != -1)
            set = sem_choose(r, 2) == 0;
        else
            set = sem_path_way(r, v.t | vp, set);
        taken = set == (in->op == LL_A64_TBNZ);
        sem_branch_pick(r, v.t, vp);
        concrete_if(r, v.t | vp, v.v.sym != -1);
    }
    }
    if (!taken)
        return SEM_NEXT;
    *label = in->ops[in->n_ops - 1].sym;
    return SEM_JUMP;
}

/* Code addresses: a label's, as herd7 has it, the symbol `label:"P0:L0"`
 * (ADR, a `label:"P0:L0"` init value); the address after a BL or BLR,
 * which no label may name, the number CODE_BASE + 4k for statement k (no
 * location's address is a number, so neither is taken for one). */
#define CODE_BASE 0x1000

static sem_val code_address(int stmt)
{
    return sem_int(CODE_BASE + 4 * (int64_t)stmt);
}

/* The statement a code address names, or -1. */
static int code_stmt(sem_run *r, sem_val v)
{
    if (v.sym >= 0)
        return sem_code_stmt(r, v);
    int64_t k = v.num - CODE_BASE;
    return k < 0 || k % 4 != 0 || k / 4 > INT32_MAX ? -1 : (int)(k / 4);
}

/* The return address BL and BLR leave in X30: herd7 7.58 shows it as the
 * next instruction's label (`label:"P0:L0"`) when it has one. */
static sem_val return_address(sem_run *r)
{
    const char *l = sem_stmt_label(r, r->pc + 1);
    return l ? sem_code_label(r, l) : code_address(r->pc + 1);
}

/* ADR Xd,L; BL L; BR Xn, BLR Xn, RET Xn: a jump to the code address in
 * Xn, a control dependency on what Xn depends on; RET to X30 as the
 * thread started (0) returns from the thread, as compiled code ends. */
static sem_next code_label(sem_run *r, const ll_instr *in,
                           const char **label)
{
    int link = LL_A64_REG(30, LL_A64_X);
    if (in->op == LL_A64_ADR || in->op == LL_A64_BL) {
        const char *l = in->ops[in->n_ops - 1].sym;
        int64_t rel;
        if (in->op == LL_A64_ADR && ll_label_relative(l, &rel)) {
            sem_error(r, "ADR of a target relative to the instruction "
                      "(%s) is not supported; use a label", l);
            return SEM_ERROR;
        }
        if (sem_label_stmt(r, l) < 0) {
            sem_error(r, "no label %s in this thread", l);
            return SEM_ERROR;
        }
        if (in->op == LL_A64_ADR) {
            a64_set(r, in->ops[0].reg, sem_code_label(r, l), 0);
            return SEM_NEXT;
        }
        a64_set(r, link, return_address(r), 0);
        *label = l;
        return SEM_JUMP;
    }
    sem_reg v = a64_get(r, in->ops[0].reg);
    sem_taint p = a64_pick(r, in->ops[0].reg);
    if (in->op == LL_A64_RET && v.v.sym < 0 && v.v.num == 0 && !v.t && !p)
        return SEM_END;
    int to = code_stmt(r, v.v);
    if (to == -2 && in->op == LL_A64_BLR) {
        sem_error(r, "BLR to another thread's code, which herd7 7.58 runs "
                  "on this thread before returning, is not supported");
        return SEM_ERROR;
    }
    if (to == -2) {    /* another thread's label: herd7 ends the thread */
        sem_branch_pick(r, v.t, p);
        return SEM_END;
    }
    if (to < 0) {
        if (v.t | p)
            return SEM_DEAD;
        sem_error(r, "jump to a value that is no instruction's address");
        return SEM_ERROR;
    }
    sem_branch_pick(r, v.t, p);
    if (in->op == LL_A64_BLR)
        a64_set(r, link, return_address(r), 0);
    r->goto_pc = to;
    return SEM_GOTO;
}

static sem_next barrier(sem_run *r, const ll_instr *in)
{
    if (in->op == LL_A64_ISB) {
        sem_fence(r, TAG(TAG_ISB));
        r->ctrlisync |= r->ctrl;
        r->pctrlisync |= r->pctrl;
        return SEM_NEXT;
    }
    int base = in->op == LL_A64_DMB ? TAG_DMB : TAG_DSB;
    sem_fence(r, TAG(base + LL_ARM_BAR_OF(in->flags)));
    return SEM_NEXT;
}

static unsigned acquire_release(const ll_instr *in)
{
    switch (in->op) {
    case LL_A64_LDAR: return TAG(TAG_A);
    case LL_A64_LDAPR: return TAG(TAG_Q);
    case LL_A64_LDXR: return TAG(TAG_X) | TAG(TAG_EX);
    case LL_A64_LDAXR: return TAG(TAG_X) | TAG(TAG_EX) | TAG(TAG_A);
    case LL_A64_STLR: return TAG(TAG_L);
    case LL_A64_STXR: return TAG(TAG_X) | TAG(TAG_EX);
    case LL_A64_STLXR: return TAG(TAG_X) | TAG(TAG_EX) | TAG(TAG_L);
    case LL_A64_STXP: return TAG(TAG_X) | TAG(TAG_EX);
    case LL_A64_STLXP: return TAG(TAG_X) | TAG(TAG_EX) | TAG(TAG_L);
    case LL_A64_LDXP: return TAG(TAG_X) | TAG(TAG_EX);
    case LL_A64_LDAXP: return TAG(TAG_X) | TAG(TAG_EX) | TAG(TAG_A);
    case LL_A64_LDIAPP: return TAG(TAG_Q);
    case LL_A64_STILP: return TAG(TAG_L);
    }
    return 0;
}

static sem_next a64_exec(sem_run *r, const ll_instr *in, const char **label)
{
    switch (in->op) {
    case LL_A64_LDR: case LL_A64_LDRB: case LL_A64_LDRH: case LL_A64_LDRSB:
    case LL_A64_LDRSH: case LL_A64_LDRSW: case LL_A64_LDUR: case LL_A64_LDP:
    case LL_A64_LDNP: case LL_A64_LDAR: case LL_A64_LDAPR:
    case LL_A64_LDXR: case LL_A64_LDAXR: case LL_A64_LDPSW:
    case LL_A64_LDXP: case LL_A64_LDAXP: case LL_A64_LDIAPP:
        return plain_access(r, in, acquire_release(in), true);
    case LL_A64_STR: case LL_A64_STRB: case LL_A64_STRH: case LL_A64_STUR:
    case LL_A64_STP: case LL_A64_STNP: case LL_A64_STLR: case LL_A64_STILP:
        return plain_access(r, in, acquire_release(in), false);
    case LL_A64_CASP:
        return compare_and_swap_pair(r, in);
    case LL_A64_SVC: case LL_A64_UDF:
        return SEM_END;    /* herd7 7.58: nothing after them runs */
    case LL_A64_HINT: case LL_A64_HLT:
        return SEM_NEXT;   /* herd7 7.58: a NOP */
    case LL_A64_MRS: case LL_A64_MSR:
        return a64_nzcv_move(r, in);
    case LL_A64_STXR: case LL_A64_STLXR: case LL_A64_STXP:
    case LL_A64_STLXP:
        return store_exclusive(r, in, acquire_release(in));
    case LL_A64_SWP: case LL_A64_LDADD: case LL_A64_LDCLR:
    case LL_A64_LDEOR: case LL_A64_LDSET: case LL_A64_LDSMAX:
    case LL_A64_LDSMIN: case LL_A64_LDUMAX: case LL_A64_LDUMIN:
    case LL_A64_STADD: case LL_A64_STCLR: case LL_A64_STEOR:
    case LL_A64_STSET: case LL_A64_STSMAX: case LL_A64_STSMIN:
    case LL_A64_STUMAX: case LL_A64_STUMIN:
        return atomic_op(r, in);
    case LL_A64_CAS:
        return compare_and_swap(r, in);
    case LL_A64_B: case LL_A64_CBZ: case LL_A64_CBNZ: case LL_A64_TBZ:
    case LL_A64_TBNZ:
        return branch(r, in, label);
    case LL_A64_DMB: case LL_A64_DSB: case LL_A64_ISB:
        return barrier(r, in);
    case LL_A64_ADR: case LL_A64_BR: case LL_A64_BLR: case LL_A64_BL:
    case LL_A64_RET:
        return code_label(r, in, label);
    }
    return a64_exec_alu(r, in);
}

/* The sets of AArch64 features (virtual memory, memory tagging,
 * instruction fetch, cache maintenance, exceptions...) that herd7
 * defines for every AArch64 test and that are empty on tests without
 * them. */
static const char *const a64_herd_empty[] = {
    "T", "AF", "DB", "MMU", "FAULT", "TagCheck", "Translation",
    "AccessFlag", "Permission", "TLBI", "DC.CVAU", "IC.IVAU", "IC.IALLU",
    "IC.IALLUIS", "EXC-ENTRY", "EXC-RET", "SPURIOUS", "TLBIIS", "TLBInXS",
};

static bool a64_copies_unsolved(const ll_test *t)
{
    (void)t;
    return true;
}

const sem_ops sem_aarch64_ops = {
    .check = sem_a64_check,   /* aarch64_forms.c */
    .arch = LL_ARCH_AARCH64,
    .default_model = "aarch64.cat",
    .tags = a64_tags,
    .n_tags = N_TAGS,
    .herd_empty = a64_herd_empty,
    .n_herd_empty = (int)(sizeof a64_herd_empty / sizeof a64_herd_empty[0]),
    .n_regs = A64_N_SLOTS,
    .reg_slot = a64_reg_slot,
    .reg_value = a64_reg_value,
    .exec = a64_exec,
    .show_unsigned = true,
    .word = 8,
    .code_labels = true,
    .unordered_in_instr = TAG(TAG_IICO),
    .copies_unsolved = a64_copies_unsolved,
    .offsets_refused = true,  /* herd7 7.58: a store at y+1 a read made */
    .zero_path_pass = true,   /* a read at 0 on a path no value takes */
};
