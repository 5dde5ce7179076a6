/* riscv.c — RISC-V (RV64I + A) semantics for the model, after herd7's:
 * 64-bit registers with x0 wired to zero, loads and stores of 1, 2, 4 and
 * 8 bytes, lr/sc with a reservation (sc either fails, writing 1 to rd, or
 * succeeds when the thread holds a reservation on its address, writing 0;
 * its write forms an rmw pair with the lr's read, and the 0 in rd depends
 * on that write), the AMOs (a read and a
 * write of one location paired in rmw; riscv.cat treats the pair as the
 * single event herd7 makes of it), fences, branches and `j` (herd7 7.58
 * reads no jal nor jalr and does not run ret: riscv_forms.c).
 *
 * Memory holds one value per location, as herd7 7.58 without -variant
 * mixed: a store of any width writes the register whole and a load of
 * any width reads the value whole (`sb` of 511 writes 511, `lb` of an
 * int8_t -1, held as its bits 0xff, reads 255); the ISA cuts and extends
 * (doc/fidelity.md). Addresses (location symbols) pass through loads,
 * stores, moves and +/- unchanged.
 *
 * Tags, as herd7's RISCV names them: X for lr, sc and AMO accesses; AMO
 * for both events of an AMO; Acq, Rel, AcqRel for `.aq`, `.rl`, `.aqrl`
 * (on lr/sc/AMOs and on herd's `lw.aq`/`sw.rl` forms); Sc, which herd7
 * gives AMO.aqrl when it splits AMOs and riscv.cat reads as AcqRel (no
 * event here carries it); one per fence kind, Fence.r.r .. Fence.rw.rw,
 * Fence.tso, Fence.i; and EX for lr and sc accesses, the name herd7's
 * riscv-defs.cat after 7.58 gives them (so that file loads too). */
#include "model/sem/riscv_int.h"

enum {
    TAG_X, TAG_AMO, TAG_ACQ, TAG_REL, TAG_ACQREL, TAG_SC,
    TAG_FENCE,   /* nine: Fence.<pred>.<succ>, pred and succ in r, w, rw */
    TAG_TSO = TAG_FENCE + 9, TAG_FENCEI, TAG_EX,
};
static const char *const riscv_tags[] = {
    "X", "AMO", "Acq", "Rel", "AcqRel", "Sc",
    "Fence.r.r", "Fence.r.w", "Fence.r.rw",
    "Fence.w.r", "Fence.w.w", "Fence.w.rw",
    "Fence.rw.r", "Fence.rw.w", "Fence.rw.rw",
    "Fence.tso", "Fence.i", "EX",
};

static int riscv_reg_slot(int reg)
{
    return reg >= 0 && reg < LL_RV_NREGS ? reg : -1;
}

static sem_val riscv_reg_value(const sem_val *slots, int reg)
{
    return reg == LL_RV_X0 ? sem_int(0) : slots[reg];
}

/* ---- memory ---- */

/* The annotation tags of `.aq`, `.rl`, `.aqrl` on in. herd7 7.58 reads
 * `lr.w.rl` as `lr.w` and `sc.w.aq` as `sc.w` (no Rel, no Acq: an MP
 * whose order rests on them is allowed, and its digest spells them so,
 * rv_herd_spelling). */
static unsigned order_tags(const ll_instr *in)
{
    unsigned flags = in->flags & (LL_RV_F_AQ | LL_RV_F_RL);
    if ((in->op == LL_RV_LR && flags == LL_RV_F_RL) ||
        (in->op == LL_RV_SC && flags == LL_RV_F_AQ))
        return 0;
    switch (flags) {
    case LL_RV_F_AQ: return 1u << TAG_ACQ;
    case LL_RV_F_RL: return 1u << TAG_REL;
    case LL_RV_F_AQ | LL_RV_F_RL: return 1u << TAG_ACQREL;
    }
    return 0;
}

/* The address OFF(RS) of a MEM operand. */
static bool address(sem_run *r, const ll_operand *m, sem_reg *out)
{
    sem_reg base = rv_get(r, m);
    out->t = base.t;
    return sem_herd_arith(r, '+', base.v, sem_int(m->imm), &out->v);
}

static sem_next load(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[1], &a))
        return SEM_DEAD;   /* never: an address plus a number */
    bool reserve = in->op == LL_RV_LR;
    unsigned tags = order_tags(in) |
                    (reserve ? 1u << TAG_X | 1u << TAG_EX : 0);
    int ev;
    sem_reg v = sem_load(r, a.v, a.t, tags, &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    /* herd7 7.58 (without -variant mixed) reads a location's value
       whole: `lw` of an int -1 is 0xffffffff (its bits: shown -1, after
       1 in its order), `lb` of an int8_t -1 is 255, of an int64_t -3675
       -3675; the ISA extends the low bytes */
    rv_set(r, &in->ops[0], v.v, v.t);
    if (reserve) {
        sem_reserve(r, a, ev);
    }
    return SEM_NEXT;
}

/* Write w's value for herd7's symbols (sem_ops.symbolic_cycles): what
 * register o's is made of, a copy or an operation's result. */
static void made(sem_run *r, int w, const ll_operand *o)
{
    sem_set_vdata_of(r, w, rv_slot(r, o));
}

static sem_next store(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[1], &a))
        return SEM_DEAD;   /* never: an address plus a number */
    sem_reg v = rv_get(r, &in->ops[0]);
    int w = sem_store(r, a.v, a.t, v.v, v.t,
                      order_tags(in), -1);
    made(r, w, &in->ops[0]);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

/* sc rd, rs2, (rs1): fails (rd = 1, no write) or, when the thread holds
 * a reservation on its address, succeeds (rd = 0, a write paired with
 * the reservation's read; with none, at address 0 a write there:
 * sem_reservation_held); either way the reservation ends. An sc to
 * another address than the reservation's fails, as in herd7 7.58 (the
 * manual leaves it free to succeed or fail; herd7 after 7.58 lets it
 * succeed, its regression test A024). */
static sem_next store_conditional(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[2], &a))
        return SEM_DEAD;   /* never: an address plus a number */
    bool had = r->reserved, held = sem_reservation_held(r, a.v);
    bool success = sem_choose(r, 2) == 1;
    r->reserved = false;
    if (!success) {
        rv_set(r, &in->ops[0], sem_int(1), 0);
        return SEM_NEXT;
    }
    if (!held)
        return SEM_DEAD;
    sem_reg v = rv_get(r, &in->ops[1]);
    int w = sem_store(r, a.v, a.t, v.v,
                      v.t | (had ? r->res_dep : 0),
                      (1u << TAG_X) | (1u << TAG_EX) | order_tags(in),
                      had ? r->res_event : -1);
    made(r, w, &in->ops[1]);
    /* rd depends on the write: a source of addr, data and ctrl (the
       manual's syntactic dependencies from an sc; herd7's ISA-DEP-*) */
    sem_taint t = w >= 0 ? sem_source(r, w) : 0;
    if (sem_stopped(r))
        return SEM_ERROR;
    rv_set_made(r, &in->ops[0], sem_int(0), t, 0, false);
    return SEM_NEXT;
}

/* The value an AMO writes, from the old value and rs2, whole as herd7
 * takes them; false when undefined. */
static bool amo_value(sem_run *r, int op, sem_val old, sem_val v,
                      sem_val *out)
{
    switch (op) {
    case LL_RV_AMOSWAP: *out = v; return true;
    case LL_RV_AMOADD: return sem_herd_arith(r, '+', old, v, out);
    case LL_RV_AMOAND: return sem_herd_arith(r, '&', old, v, out);
    case LL_RV_AMOOR: return sem_herd_arith(r, '|', old, v, out);
    case LL_RV_AMOXOR: return sem_herd_arith(r, '^', old, v, out);
    }
    if (old.sym >= 0 || v.sym >= 0)
        return false;
    /* amomax, amomin (amomaxu and amominu are refused: riscv_forms.c) */
    bool less = old.num < v.num;
    *out = (op == LL_RV_AMOMAX) == !less ? old : v;
    return true;
}

/* amo<op> rd, rs2, (rs1): one read and one write of the location, paired
 * in rmw; rd gets the old value. */
static sem_next amo(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, &in->ops[2], &a))
        return SEM_DEAD;   /* never: an address plus a number */
    int ev;
    unsigned tags = (1u << TAG_X) | (1u << TAG_AMO) | order_tags(in);
    sem_reg old = sem_load(r, a.v, a.t, tags, &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    /* herd7 7.58 computes on both values whole: amomax.w of 3 on an int
       -1 (0xffffffff) keeps it, where the ISA writes 3 */
    sem_reg v = rv_get(r, &in->ops[1]);
    sem_val nv;
    sem_taint dep = v.t | (in->op == LL_RV_AMOSWAP ? 0 : old.t);
    static const char *const names[] = {
        [LL_RV_AMOADD] = "+", [LL_RV_AMOAND] = "&", [LL_RV_AMOOR] = "|",
        [LL_RV_AMOXOR] = "^", [LL_RV_AMOMAX] = "max", [LL_RV_AMOMIN] = "min",
    };
    if (!amo_value(r, in->op, old.v, v.v, &nv) &&
        rv_illegal(r, names[in->op], old.v, v.v, old.t | v.t, &nv) !=
            SEM_NEXT)
        return SEM_DEAD;
    int w = sem_store(r, a.v, a.t, nv, dep, tags, ev);
    if (in->op == LL_RV_AMOSWAP) {
        made(r, w, &in->ops[1]);
    } else if (w >= 0 && r->vsrc) {
        /* not measured: taken as an operation on both values */
        sem_taint vs = old.t | rv_vsrc(r, &in->ops[1]);
        r->used |= vs;
        sem_set_vdata(r, w, vs, true);
    }
    if (sem_stopped(r))
        return SEM_ERROR;
    rv_set(r, &in->ops[0], old.v, old.t);
    return SEM_NEXT;
}

static sem_next fence(sem_run *r, const ll_instr *in)
{
    /* The i and o bits order device input and output, which litmus
       tests do not have: a fence orders memory by its r and w bits, and
       one with no r or w on a side orders no memory access. */
    static const int kind[4] = {-1, 1, 0, 2};   /* set bits -> r, w, rw */
    int rw = LL_RV_FENCE_R | LL_RV_FENCE_W;
    int p = kind[LL_RV_FENCE_PRED(in->flags) & rw];
    int s = kind[LL_RV_FENCE_SUCC(in->flags) & rw];
    sem_fence(r, p < 0 || s < 0 ? 0 : 1u << (TAG_FENCE + 3 * p + s));
    return SEM_NEXT;
}

/* ---- control ---- */

static sem_next branch(sem_run *r, const ll_instr *in, const char **label)
{
    sem_reg a = rv_get(r, &in->ops[0]), b = rv_get(r, &in->ops[1]);
    sem_taint dep = a.t | b.t;
    bool taken;
    sem_val lt = sem_int(0);
    if (in->op == LL_RV_BEQ || in->op == LL_RV_BNE) {
        /* distinct locations have distinct addresses, none of them 0 */
        taken = sem_val_eq(a.v, b.v) == (in->op == LL_RV_BEQ);
    } else {
        /* herd7 7.58's bge is its <=, which refuses an address (even
           `bge x6,x6` of one): "Illegal operation <= on constants"; blt
           is slt; bltu and bgeu are refused before (riscv_forms.c) */
        bool ok = in->op == LL_RV_BGE && (a.v.sym >= 0 || b.v.sym >= 0)
                      ? false
                      : sem_herd_arith(r, '<', a.v, b.v, &lt);
        if (!ok && rv_illegal(r, in->op == LL_RV_BGE ? "<=" : "<", a.v, b.v,
                              dep, &lt) != SEM_NEXT)
            return SEM_DEAD;
        taken = (lt.num != 0) == (in->op == LL_RV_BLT);
    }
    /* on a value herd7 leaves unsolved, both ways */
    if (sem_is_unsolved(a.v) || sem_is_unsolved(b.v) ||
        sem_is_unsolved(lt))
        taken = sem_choose(r, 2) == 0;
    else
        taken = sem_path_way(r, dep, taken);
    sem_branch(r, dep);
    /* herd7 has no execution where a branch tests a value no write
       fixes (measured: a cycle of copies, beq on its read) */
    if (in->op == LL_RV_BEQ || in->op == LL_RV_BNE)
        sem_equality_use(r, rv_vsrc(r, &in->ops[0]), rv_vop(r, &in->ops[0]),
                         rv_vsrc(r, &in->ops[1]), rv_vop(r, &in->ops[1]));
    else
        r->used |= rv_vsrc(r, &in->ops[0]) | rv_vsrc(r, &in->ops[1]);
    if (!taken)
        return SEM_NEXT;
    *label = in->ops[2].sym;
    return SEM_JUMP;
}

static sem_next riscv_exec(sem_run *r, const ll_instr *in, const char **label)
{
    if (!sem_riscv_reached(r, in))
        return SEM_ERROR;
    switch (in->op) {
    case LL_RV_LB: case LL_RV_LH: case LL_RV_LW: case LL_RV_LD:
    case LL_RV_LBU: case LL_RV_LHU: case LL_RV_LWU: case LL_RV_LR:
        return load(r, in);
    case LL_RV_SB: case LL_RV_SH: case LL_RV_SW: case LL_RV_SD:
        return store(r, in);
    case LL_RV_SC:
        return store_conditional(r, in);
    case LL_RV_AMOSWAP: case LL_RV_AMOADD: case LL_RV_AMOAND:
    case LL_RV_AMOOR: case LL_RV_AMOXOR: case LL_RV_AMOMAX:
    case LL_RV_AMOMIN: case LL_RV_AMOMAXU: case LL_RV_AMOMINU:
        return amo(r, in);
    case LL_RV_FENCE:
        return fence(r, in);
    case LL_RV_FENCE_TSO:
        sem_fence(r, 1u << TAG_TSO);
        return SEM_NEXT;
    case LL_RV_FENCEI:
        /* herd7 takes fence.i as RISC-V's isync: ctrl then fence.i makes
           ctrlisync; no RVWMO rule orders memory by it */
        sem_fence(r, 1u << TAG_FENCEI);
        r->ctrlisync |= r->ctrl;
        return SEM_NEXT;
    case LL_RV_BEQ: case LL_RV_BNE: case LL_RV_BLT: case LL_RV_BGE:
    case LL_RV_BLTU: case LL_RV_BGEU:
        return branch(r, in, label);
    case LL_RV_J:
        *label = in->ops[0].sym;
        return SEM_JUMP;
    }
    return rv_exec_alu(r, in);
}

/* herd7 7.58's fresh variables for a register read: one, none for x0 */
static int reg_vars(const ll_operand *o)
{
    return o->reg != LL_RV_X0;
}

/* Register o read at the instruction's next place after `at` variables:
 * its place noted in sem_vars.rd_reg (sem_vars.reg_solved); the places
 * it takes (none for x0). */
static int reg_read(sem_vars *out, const ll_operand *o, int at)
{
    return reg_vars(o) ? sem_vars_read(out, o->reg, at) : 0;
}

/* ... for the register instructions: the registers read, then the
 * result, none for it on constants or where it is a copy (x + 0, x | 0,
 * x ^ 0, x - 0, mv: copy_of). */
static bool alu_vars(const ll_instr *in, sem_vars *out)
{
    const ll_operand *a = &in->ops[1], *b = &in->ops[2];
    switch (in->op) {
    case LL_RV_LI: case LL_RV_LUI: case LL_RV_LA: case LL_RV_NOP:
        return true;
    case LL_RV_MV:
        out->n = reg_read(out, a, 0);
        out->dest = in->ops[0].reg;
        if (out->n) {
            out->copy_of = a->reg;
            out->copy_at = 1;
        }
        return true;
    }
    if (in->n_ops < 2 || a->kind != LL_OPND_REG)
        return false;
    bool reg_b = in->n_ops > 2 && b->kind == LL_OPND_REG;
    bool zero_b = reg_b ? b->reg == LL_RV_X0
                        : in->n_ops < 3 || (b->kind == LL_OPND_IMM && b->imm == 0);
    bool neutral = in->op == LL_RV_ADD || in->op == LL_RV_ADDI ||
                   in->op == LL_RV_OR || in->op == LL_RV_ORI ||
                   in->op == LL_RV_XOR || in->op == LL_RV_XORI ||
                   in->op == LL_RV_SUB;
    int regs = reg_read(out, a, 0);
    regs += reg_b ? reg_read(out, b, regs) : 0;
    out->n = regs;
    out->dest = in->ops[0].reg;
    if (neutral && zero_b && reg_vars(a)) {
        out->copy_of = a->reg;
        out->copy_at = 1;
    } else if (neutral && in->op != LL_RV_SUB && reg_b && reg_vars(b) &&
               a->reg == LL_RV_X0) {
        out->copy_of = b->reg;
        out->copy_at = 1;
    } else if (regs) {
        out->n++;
    }
    return true;
}

/* sem_ops.herd_vars, measured on herd7 7.58 with instructions put before
 * a cycle of copies (the symbol it shows moves by one for each variable
 * before the read it names): an access's base register, its value
 * register, then its read; fences none; the thread's first sc ten;
 * AMOs their registers, their read, and a result but for amoswap;
 * sext.w its register and its result; branches and jumps are not
 * numbered here. All in order (herd7 -debug solver): a load's read is
 * shown as its parent once herd7 solved the registers (reg_solved), so
 * the registers each reads are noted (rd_reg). */
static bool riscv_herd_vars(const ll_instr *in, sem_vars *out)
{
    *out = (sem_vars){.dest = -1, .copy_of = -1};
    switch (in->op) {
    case LL_RV_LB: case LL_RV_LH: case LL_RV_LW: case LL_RV_LD:
    case LL_RV_LBU: case LL_RV_LHU: case LL_RV_LWU: case LL_RV_LR:
        out->n = out->read_at = reg_read(out, &in->ops[1], 0) + 1;
        out->reg_solved = true;
        out->dest = in->ops[0].reg;
        return true;
    case LL_RV_SB: case LL_RV_SH: case LL_RV_SW: case LL_RV_SD:
        out->n = out->val_at = reg_read(out, &in->ops[0], 0);
        out->n += reg_read(out, &in->ops[1], out->n);
        return true;
    case LL_RV_AMOSWAP: case LL_RV_AMOADD: case LL_RV_AMOAND:
    case LL_RV_AMOOR: case LL_RV_AMOXOR: case LL_RV_AMOMAX:
    case LL_RV_AMOMIN: case LL_RV_AMOMAXU: case LL_RV_AMOMINU:
        out->read_at = reg_read(out, &in->ops[2], 0);
        out->read_at += reg_read(out, &in->ops[1], out->read_at) + 1;
        out->n = out->read_at + (in->op != LL_RV_AMOSWAP);
        out->dest = in->ops[0].reg;
        return true;
    case LL_RV_FENCE: case LL_RV_FENCE_TSO: case LL_RV_FENCEI:
        return true;
    case LL_RV_SC:
        /* measured: ten, whatever its registers, then twenty for a
           second sc, forty for a third; the code between them made
           more too (not followed: a second sc is not numbered) */
        out->n = 10;
        out->dest = in->ops[0].reg;
        out->first_only = true;
        return true;
    case LL_RV_BEQ: case LL_RV_BNE: case LL_RV_BLT: case LL_RV_BGE:
    case LL_RV_BLTU: case LL_RV_BGEU:
        /* its registers, the comparison (measured: 2 for beq x2,x0),
           then every path (herd_vars.c) */
        out->n = reg_read(out, &in->ops[0], 0);
        out->n += reg_read(out, &in->ops[1], out->n) + 1;
        out->cond = in->ops[2].sym;
        return out->cond != NULL;
    case LL_RV_J:       /* no variable, the code it skips none */
        out->jump = in->ops[0].sym;
        return out->jump != NULL;
    case LL_RV_JAL: case LL_RV_JALR: case LL_RV_RET:   /* refused */
        return false;
    }
    return alu_vars(in, out);
}

const sem_ops sem_riscv_ops = {
    .check = sem_riscv_check,
    .check_in = sem_riscv_check_in,
    .arch = LL_ARCH_RISCV,
    .default_model = "riscv.cat",
    .tags = riscv_tags,
    .n_tags = sizeof riscv_tags / sizeof riscv_tags[0],
    .n_regs = LL_RV_NREGS,
    .reg_slot = riscv_reg_slot,
    .reg_value = riscv_reg_value,
    .show_unsigned = true,
    .offsets_apart = true,
    .const_offsets_apart = true,
    .errors_on_every_path = true,   /* herd7 7.58 refuses a store through an
                                       address read as 0 */
    .word = 8,
    .one_event = (sem_tags)1 << TAG_AMO,
    .exec = riscv_exec,
    .value_sources = true,
    .symbolic_cycles = true,
    .herd_vars = riscv_herd_vars,
    .herd_vars_base = 0,    /* herd7's first variable of a test is S1 */
};
