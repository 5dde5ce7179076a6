/* ppc.c — Power semantics for the model, after herd7's: loads, stores,
 * register arithmetic, cr0 compares and conditional branches, the four
 * barriers, and lwarx/stwcx. with a reservation (stwcx. either fails, or
 * succeeds when the thread still holds a reservation on the same address;
 * its write then forms an rmw pair with the lwarx's read). */
#include "model/sem/sem.h"

#include "litmuslab/arch/ppc.h"

/* cr0 as herd encodes it: LT, GT, EQ bits. */
enum { CR_LT = 8, CR_GT = 4, CR_EQ = 2 };
enum { SLOT_CR0 = LL_PPC_NGPR, N_SLOTS };

/* The sets Power events carry: the four barriers, and X for the accesses
 * of a reservation pair (lwarx/stwcx.). */
enum { TAG_SYNC, TAG_LWSYNC, TAG_ISYNC, TAG_EIEIO, TAG_X };
static const char *const ppc_tags[] = {
    "SYNC", "LWSYNC", "ISYNC", "EIEIO", "X",
};

static int ppc_reg_slot(int reg)
{
    return reg >= 0 && reg < N_SLOTS ? reg : -1;
}

static sem_val ppc_reg_value(const sem_val *slots, int reg)
{
    return slots[reg];
}

static sem_reg opnd_reg(sem_run *r, const ll_operand *o)
{
    return sem_get(r, sem_slot(r, o->reg, o->sym));
}

static void set_reg(sem_run *r, const ll_operand *o, sem_val v, sem_taint t)
{
    sem_set(r, sem_slot(r, o->reg, o->sym), v, t);
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

static sem_next set_cr0(sem_run *r, sem_val a, sem_val b, sem_taint dep)
{
    int c;
    if (!sem_compare(a, b, &c))
        return undefined(r, dep);
    sem_set(r, SLOT_CR0, sem_int(c < 0 ? CR_LT : c > 0 ? CR_GT : CR_EQ),
            dep);
    return SEM_NEXT;
}

static char arith_op(int op)
{
    switch (op) {
    case LL_PPC_ADDI: case LL_PPC_ADD: return '+';
    case LL_PPC_SUBI: case LL_PPC_SUB: case LL_PPC_SUBF: return '-';
    case LL_PPC_ORI: case LL_PPC_OR: return '|';
    case LL_PPC_XORI: case LL_PPC_XOR: return '^';
    case LL_PPC_ANDI_DOT: case LL_PPC_AND: return '&';
    case LL_PPC_MULLI: case LL_PPC_MULLW: return '*';
    case LL_PPC_DIVW: return '/';
    }
    return 0;
}

static sem_next arith(sem_run *r, const ll_instr *in, bool imm)
{
    sem_reg a = opnd_reg(r, &in->ops[1]), b;
    if (imm) {
        b.v = sem_int(in->ops[2].imm);
        b.t = 0;
        /* herd (and the ISA): addi with rA = r0 adds to 0, as li does */
        if ((in->op == LL_PPC_ADDI || in->op == LL_PPC_SUBI) &&
            in->ops[1].reg == LL_PPC_R0 && !in->ops[1].sym) {
            a.v = sem_int(0);
            a.t = 0;
        }
    } else {
        b = opnd_reg(r, &in->ops[2]);
    }
    if (in->op == LL_PPC_SUBF) {
        sem_reg t = a;
        a = b;
        b = t;
    }
    sem_val v;
    sem_taint dep = a.t | b.t;
    if (!sem_arith(arith_op(in->op), a.v, b.v, &v))
        return undefined(r, dep);
    set_reg(r, &in->ops[0], v, dep);
    if (in->op == LL_PPC_ANDI_DOT || (in->flags & LL_PPC_F_DOT))
        return set_cr0(r, v, sem_int(0), dep);
    return SEM_NEXT;
}

/* The address operand(s) of an access at ops[1]: D(RA) (a MEM operand),
 * or the indexed RA, RB where RA = r0 stands for 0. */
static bool address(sem_run *r, const ll_instr *in, bool indexed,
                    sem_reg *out)
{
    const ll_operand *a = &in->ops[1];
    sem_reg base = {sem_int(0), 0}, off = {sem_int(a->imm), 0};
    if (indexed) {
        if (!(a->reg == LL_PPC_R0 && !a->sym))
            base = opnd_reg(r, a);
        off = opnd_reg(r, &in->ops[2]);
    } else if (a->reg >= 0) {
        base = opnd_reg(r, a);
    }
    out->t = base.t | off.t;
    return sem_arith('+', base.v, off.v, &out->v);
}

static bool is_indexed(int op)
{
    switch (op) {
    case LL_PPC_LWZX: case LL_PPC_LDX: case LL_PPC_STWX: case LL_PPC_STDX:
    case LL_PPC_LWARX: case LL_PPC_LDARX: case LL_PPC_STWCX:
    case LL_PPC_STDCX:
        return true;
    }
    return false;
}

static sem_next load(sem_run *r, const ll_instr *in, bool reserve)
{
    sem_reg a;
    if (!address(r, in, is_indexed(in->op), &a))
        return undefined(r, a.t);
    int ev;
    sem_reg v = sem_load(r, a.v, a.t, reserve ? 1u << TAG_X : 0, &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    set_reg(r, &in->ops[0], v.v, v.t);
    if (reserve) {
        r->reserved = true;
        r->res_addr = a.v;
        r->res_dep = a.t;
        r->res_event = ev;
    }
    return SEM_NEXT;
}

static sem_next store(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, in, is_indexed(in->op), &a))
        return undefined(r, a.t);
    sem_reg v = opnd_reg(r, &in->ops[0]);
    sem_store(r, a.v, a.t, v.v, v.t, 0, -1);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

/* stwcx.: fails (cr0 = 0, no write) or succeeds (cr0 EQ, an atomic write
 * paired with the reservation's read); either way the reservation ends. */
static sem_next store_conditional(sem_run *r, const ll_instr *in)
{
    sem_reg a;
    if (!address(r, in, true, &a))
        return undefined(r, a.t);
    bool held = r->reserved && sem_val_eq(r->res_addr, a.v);
    bool success = sem_choose(r, 2) == 1;
    r->reserved = false;
    if (!success) {
        sem_set(r, SLOT_CR0, sem_int(0), 0);
        return SEM_NEXT;
    }
    if (!held)
        return SEM_DEAD;
    sem_reg v = opnd_reg(r, &in->ops[0]);
    sem_store(r, a.v, a.t, v.v, v.t | r->res_dep, 1u << TAG_X,
              r->res_event);
    if (sem_stopped(r))
        return SEM_ERROR;
    sem_set(r, SLOT_CR0, sem_int(CR_EQ), 0);
    return SEM_NEXT;
}

static sem_next branch(sem_run *r, const ll_instr *in, const char **label)
{
    sem_reg cr = sem_get(r, SLOT_CR0);
    bool taken = false;
    switch (in->op) {
    case LL_PPC_BEQ: taken = cr.v.num & CR_EQ; break;
    case LL_PPC_BNE: taken = !(cr.v.num & CR_EQ); break;
    case LL_PPC_BLT: taken = cr.v.num & CR_LT; break;
    case LL_PPC_BGE: taken = !(cr.v.num & CR_LT); break;
    case LL_PPC_BGT: taken = cr.v.num & CR_GT; break;
    case LL_PPC_BLE: taken = !(cr.v.num & CR_GT); break;
    }
    sem_branch(r, cr.t);
    if (!taken)
        return SEM_NEXT;
    *label = in->ops[0].sym;
    return SEM_JUMP;
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
    switch (in->op) {
    case LL_PPC_ADDI: case LL_PPC_SUBI: case LL_PPC_ORI: case LL_PPC_XORI:
    case LL_PPC_ANDI_DOT: case LL_PPC_MULLI:
        return arith(r, in, true);
    case LL_PPC_ADD: case LL_PPC_SUB: case LL_PPC_SUBF: case LL_PPC_XOR:
    case LL_PPC_OR: case LL_PPC_AND: case LL_PPC_MULLW: case LL_PPC_DIVW:
        return arith(r, in, false);
    case LL_PPC_LI:
        set_reg(r, &in->ops[0], sem_int(in->ops[1].imm), 0);
        return SEM_NEXT;
    case LL_PPC_MR: {
        sem_reg v = opnd_reg(r, &in->ops[1]);
        set_reg(r, &in->ops[0], v.v, v.t);
        return SEM_NEXT;
    }
    case LL_PPC_CMPW: {
        sem_reg a = opnd_reg(r, &in->ops[0]), b = opnd_reg(r, &in->ops[1]);
        return set_cr0(r, a.v, b.v, a.t | b.t);
    }
    case LL_PPC_CMPWI: {
        sem_reg a = opnd_reg(r, &in->ops[0]);
        return set_cr0(r, a.v, sem_int(in->ops[1].imm), a.t);
    }
    case LL_PPC_B:
        *label = in->ops[0].sym;
        return SEM_JUMP;
    case LL_PPC_BEQ: case LL_PPC_BNE: case LL_PPC_BLT: case LL_PPC_BGE:
    case LL_PPC_BGT: case LL_PPC_BLE:
        return branch(r, in, label);
    case LL_PPC_LWZ: case LL_PPC_LD: case LL_PPC_LWZX: case LL_PPC_LDX:
        return load(r, in, false);
    case LL_PPC_STW: case LL_PPC_STD: case LL_PPC_STWX: case LL_PPC_STDX:
        return store(r, in);
    case LL_PPC_LWARX: case LL_PPC_LDARX:
        return load(r, in, true);
    case LL_PPC_STWCX: case LL_PPC_STDCX:
        return store_conditional(r, in);
    case LL_PPC_SYNC:
        return fence(r, TAG_SYNC);
    case LL_PPC_LWSYNC:
        return fence(r, TAG_LWSYNC);
    case LL_PPC_EIEIO:
        return fence(r, TAG_EIEIO);
    case LL_PPC_ISYNC:
        return fence(r, TAG_ISYNC);
    }
    /* byte and half-word accesses: herd7 does not model them either */
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}

const sem_ops sem_ppc_ops = {
    .arch = LL_ARCH_PPC,
    .default_model = "ppc.cat",
    .tags = ppc_tags,
    .n_tags = sizeof ppc_tags / sizeof ppc_tags[0],
    .n_regs = N_SLOTS,
    .reg_slot = ppc_reg_slot,
    .reg_value = ppc_reg_value,
    .exec = ppc_exec,
};
