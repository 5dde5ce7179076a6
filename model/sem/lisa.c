/* lisa.c — semantics of LISA, herd7's generic instruction set
 * (include/litmuslab/arch/lisa.h), under the Linux-kernel memory model
 * (model/cats/lkmm.cat), as herd7 7.58 runs it with linux-kernel.bell.
 *
 * Each annotation puts the events it makes in the LKMM set of that name
 * (r[once]: a read in Once; f[rcu-lock]: a fence in Rcu-lock), the tags
 * C tests get (model/sem/lkmm.h), so one model judges both. An rmw is a
 * read and a write, both with its annotation (rmw[acquire]: both in
 * Acquire, as herd7 makes them) and no fences: the value read goes to
 * the register first, then the operation, which may read that register,
 * gives the value written; the two are not in po (herd7 relates them by
 * iico only), so the write may come before, in co, the write its read
 * reads from. b[] r L is a branch: every later event of the thread
 * depends on it by ctrl (herd7's assembly control dependency, not C's
 * scoped one); herd7 7.58 jumps when r is 1, falls through when it is
 * 0, and has no execution where r holds any other value. An address
 * that a value read moves off its location (x+r2, r2 read as 2) is a
 * location of its own with no initial write (sem_ops.offsets_apart), as
 * herd7 7.58 runs it: a write there is a write, a read there reads such
 * a write or has no execution. The bell declares which annotation each
 * instruction takes; lisa_check refuses the others before any run, as
 * herd7 does, whether or not the instruction is reached. */
#include "model/sem/sem.h"

#include "litmuslab/arch/lisa.h"
#include "model/sem/lkmm.h"

static const sem_tags annot_tag[LL_LISA_NANNOTS] = {
    [LL_LISA_A_ONCE] = BIT(T_ONCE),
    [LL_LISA_A_ACQUIRE] = BIT(T_ACQUIRE),
    [LL_LISA_A_RELEASE] = BIT(T_RELEASE),
    [LL_LISA_A_NORETURN] = BIT(T_NORETURN),
    [LL_LISA_A_WMB] = BIT(T_WMB),
    [LL_LISA_A_RMB] = BIT(T_RMB),
    [LL_LISA_A_MB] = BIT(T_MB),
    [LL_LISA_A_BARRIER] = BIT(T_BARRIER),
    [LL_LISA_A_RCU_LOCK] = BIT(T_RCU_LOCK),
    [LL_LISA_A_RCU_UNLOCK] = BIT(T_RCU_UNLOCK),
    [LL_LISA_A_SYNC_RCU] = BIT(T_SYNC_RCU),
    [LL_LISA_A_BEFORE_ATOMIC] = BIT(T_BEFORE_ATOMIC),
    [LL_LISA_A_AFTER_ATOMIC] = BIT(T_AFTER_ATOMIC),
    [LL_LISA_A_AFTER_SPINLOCK] = BIT(T_AFTER_SPINLOCK),
    [LL_LISA_A_AFTER_UNLOCK_LOCK] = BIT(T_AFTER_UNLOCK_LOCK),
    [LL_LISA_A_SRCU_LOCK] = BIT(T_SRCU_LOCK),
    [LL_LISA_A_SRCU_UNLOCK] = BIT(T_SRCU_UNLOCK),
    [LL_LISA_A_SYNC_SRCU] = BIT(T_SYNC_SRCU),
};

#define A(a) (1u << LL_LISA_A_##a)

/* linux-kernel.bell's `instructions` declarations: the annotations each
 * instruction may carry, one at a time, and herd7's spelling of them
 * in its message. */
static const struct {
    int op;
    unsigned allowed;
    const char *decl;
} declared[] = {
    {LL_LISA_R, A(ONCE) | A(ACQUIRE) | A(NORETURN),
     "R: [{acquire,noreturn,once}]"},
    {LL_LISA_W, A(ONCE) | A(RELEASE), "W: [{once,release}]"},
    {LL_LISA_RMW, A(ONCE) | A(ACQUIRE) | A(RELEASE),
     "RMW: [{acquire,once,release}]"},
    {LL_LISA_F, A(WMB) | A(RMB) | A(MB) | A(BARRIER) | A(RCU_LOCK) |
     A(RCU_UNLOCK) | A(SYNC_RCU) | A(BEFORE_ATOMIC) | A(AFTER_ATOMIC) |
     A(AFTER_SPINLOCK) | A(AFTER_UNLOCK_LOCK),
     "F: [{after-atomic,after-spinlock,after-unlock-lock,barrier,"
     "before-atomic,mb,rcu-lock,rcu-unlock,rmb,sync-rcu,wmb}]"},
    {LL_LISA_B, 0, "B: []"},
    {LL_LISA_J, 0, "B: []"},
    {LL_LISA_CALL, 0, "CALL: []"},
};

static bool lisa_check(const ll_instr *in, ll_buf *why)
{
    if (in->op == LL_LISA_MOV)
        return true;
    unsigned a = in->flags & LL_LISA_ANNOTS;
    for (size_t i = 0; i < sizeof declared / sizeof *declared; i++) {
        if (declared[i].op != in->op)
            continue;
        bool one = a && !(a & (a - 1));
        if ((declared[i].allowed ? one && (a & declared[i].allowed) : !a) &&
            in->op != LL_LISA_CALL)
            return true;
        ll_buf_puts(why, "annotation error: '");
        ll_arch_lisa.print_instr(in, why);
        ll_buf_printf(why, "' does not match the Linux-kernel bell's "
                      "declarations, %s", declared[i].decl);
        if (in->op == LL_LISA_CALL)
            ll_buf_puts(why, " (herd7 7.58 refuses every call[...] under "
                        "the Linux-kernel model; a fence is f[...])");
        return false;
    }
    return true;
}

static sem_tags tags_of(unsigned flags)
{
    sem_tags t = 0;
    for (int a = 0; a < LL_LISA_NANNOTS; a++)
        if (flags & (1u << a))
            t |= annot_tag[a];
    return t;
}

static int lisa_reg_slot(int reg)
{
    return reg >= 0 && reg < LL_LISA_NREGS ? reg : -1;
}

static sem_val lisa_reg_value(const sem_val *slots, int reg)
{
    return slots[reg];
}

/* A value no instruction can use: dead when it came from a read (another
 * value read may do), the test's error otherwise. */
static sem_next undefined(sem_run *r, sem_taint t, const char *what)
{
    if (t)
        return SEM_DEAD;
    sem_error(r, "%s", what);
    return SEM_ERROR;
}

/* The reads operand o's value is made of (sem_run.vsrc), apart from its
 * dependencies: none for `mov r22 (xor r0 r0)`, as herd7's symbol. */
static sem_taint vsrc(sem_run *r, const ll_operand *o)
{
    if (!r->vsrc || o->kind != LL_OPND_REG)
        return 0;
    int slot = sem_slot(r, o->reg, o->sym);
    return slot >= 0 && slot < r->n_slots ? r->vsrc[slot] : 0;
}

/* The address at ops[at] (plus its offset): false when it is none. The
 * access that follows takes it as fixed when made of no read
 * (sem_run.addr_fixed). */
static bool address(sem_run *r, const ll_instr *in, int at, sem_reg *out)
{
    *out = sem_operand(r, &in->ops[at]);
    sem_taint vs = vsrc(r, &in->ops[at]);
    if (in->flags & LL_LISA_F_OFFSET) {
        sem_reg off = sem_operand(r, &in->ops[at + 1]);
        out->t |= off.t;
        vs |= vsrc(r, &in->ops[at + 1]);
        if (!sem_arith('+', out->v, off.v, &out->v))
            return false;
    }
    r->addr_fixed = out->t && !vs;
    return true;
}

/* The operation at ops[at], the reads its value is made of in *vs;
 * false when undefined. */
static bool operation(sem_run *r, const ll_instr *in, int at, sem_reg *out,
                      sem_taint *vs)
{
    int k = LL_LISA_OPK(in->flags);
    sem_reg a = sem_operand(r, &in->ops[at]);
    *vs = vsrc(r, &in->ops[at]);
    if (k == LL_LISA_OPK_VAL) {
        *out = a;
        return true;
    }
    sem_taint vb = vsrc(r, &in->ops[at + 1]);
    sem_reg b = sem_operand(r, &in->ops[at + 1]);
    out->t = a.t | b.t;
    /* herd7's values use what an operation is made of (sem_run.used),
       but for those it simplifies on a symbol as C's (sem/c.c exec_bin):
       r ^ r, r == r, r != r a constant, r + 0 and 0 + r a copy */
    bool same = a.t && a.t == b.t && !(a.t & (a.t - 1)) &&
                sem_val_eq(a.v, b.v);
    bool zero_a = !a.t && a.v.sym < 0 && a.v.num == 0;
    bool zero_b = !b.t && b.v.sym < 0 && b.v.num == 0;
    if (same && (k == LL_LISA_OPK_XOR || k == LL_LISA_OPK_EQ ||
                 k == LL_LISA_OPK_NEQ))
        *vs = 0;
    else if (k == LL_LISA_OPK_ADD && zero_a)
        *vs = vb;
    else if (!(k == LL_LISA_OPK_ADD && zero_b))
        *vs |= vb;
    if (!(same && (k == LL_LISA_OPK_XOR || k == LL_LISA_OPK_EQ ||
                   k == LL_LISA_OPK_NEQ)) &&
        !(k == LL_LISA_OPK_ADD && (zero_a || zero_b)))
        r->used |= a.t | b.t;
    switch (k) {
    case LL_LISA_OPK_ADD: return sem_arith('+', a.v, b.v, &out->v);
    case LL_LISA_OPK_XOR: return sem_arith('^', a.v, b.v, &out->v);
    case LL_LISA_OPK_AND: return sem_arith('&', a.v, b.v, &out->v);
    case LL_LISA_OPK_EQ:
        out->v = sem_int(sem_val_eq(a.v, b.v));
        return true;
    case LL_LISA_OPK_NEQ:
        out->v = sem_int(!sem_val_eq(a.v, b.v));
        return true;
    }
    return false;
}

/* Set register o to v, its value made of reads vs. */
static void set(sem_run *r, const ll_operand *o, sem_reg v, sem_taint vs)
{
    int slot = sem_slot(r, o->reg, o->sym);
    sem_set(r, slot, v.v, v.t);
    if (r->vsrc && slot >= 0 && slot < r->n_slots)
        r->vsrc[slot] = vs;
}

static sem_next exec_rmw(sem_run *r, const ll_instr *in, sem_tags tags)
{
    sem_reg a, v;
    int ev;
    if (!address(r, in, ll_lisa_addr_at(in), &a))
        return undefined(r, a.t, "the address is no location");
    bool fixed = r->addr_fixed;
    sem_reg old = sem_load(r, a.v, a.t, tags, &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    set(r, &in->ops[0], old, old.t);
    sem_taint vs;
    if (!operation(r, in, 1, &v, &vs))
        return undefined(r, v.t, "undefined arithmetic on an address");
    r->addr_fixed = fixed;
    sem_store(r, a.v, a.t, v.v, v.t, tags, ev);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

static sem_next lisa_exec(sem_run *r, const ll_instr *in, const char **label)
{
    sem_tags tags = tags_of(in->flags);
    sem_reg a, v;
    int ev;
    switch (in->op) {
    case LL_LISA_R:
        if (!address(r, in, 1, &a))
            return undefined(r, a.t, "the address is no location");
        v = sem_load(r, a.v, a.t, tags, &ev);
        if (sem_stopped(r))
            return SEM_ERROR;
        set(r, &in->ops[0], v, v.t);
        return SEM_NEXT;
    case LL_LISA_W:
        if (!address(r, in, 1, &a))
            return undefined(r, a.t, "the address is no location");
        v = sem_operand(r, &in->ops[0]);
        sem_store(r, a.v, a.t, v.v, v.t, tags, -1);
        return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
    case LL_LISA_RMW:
        return exec_rmw(r, in, tags);
    case LL_LISA_MOV: {
        sem_taint vs;
        if (!operation(r, in, 1, &v, &vs))
            return undefined(r, v.t, "undefined arithmetic on an address");
        set(r, &in->ops[0], v, vs);
        return SEM_NEXT;
    }
    case LL_LISA_F:
        sem_fence(r, tags);
        return SEM_NEXT;
    case LL_LISA_B:
        /* herd7 7.58 reads the register as a boolean: 1 jumps, 0 falls
         * through, and with any other value there is no execution */
        v = sem_operand(r, &in->ops[0]);
        sem_branch(r, v.t);
        /* the path pass takes both ways where herd7 does: on a value
           made of reads */
        if (sem_free(r, vsrc(r, &in->ops[0]))) {
            if (sem_choose(r, 2) == 0)
                return SEM_NEXT;
        } else if (v.v.sym >= 0 || (v.v.num != 0 && v.v.num != 1)) {
            return SEM_DEAD;
        } else if (v.v.num == 0) {
            return SEM_NEXT;
        }
        *label = in->ops[1].sym;
        return SEM_JUMP;
    case LL_LISA_J:
        *label = in->ops[0].sym;
        return SEM_JUMP;
    }
    sem_error(r, "%s is not modelled", ll_arch_lisa.op_name(in->op));
    return SEM_ERROR;
}

/* deliberate likeness: sem/aarch64.c and every sem_ops table (data). */
const sem_ops sem_lisa_ops = {
    .arch = LL_ARCH_LISA,
    .default_model = "lkmm.cat",
    .rmw_atomic = true,
    .tags = sem_lkmm_tags,
    .n_tags = T_LKMM_NTAGS,
    .n_regs = LL_LISA_NREGS,
    .reg_slot = lisa_reg_slot,
    .reg_value = lisa_reg_value,
    .exec = lisa_exec,
    .seed_constants = true,
    .zero_location = true,
    .errors_on_every_path = true,
    .addr_operand = ll_lisa_addr_at,
    .value_sources = true,
    .check = lisa_check,
    .po_between_instrs = true,
    .offsets_apart = true,
    .word = 8,          /* herd7 holds LISA values as 64-bit words: the
                           states' order is theirs (negative values last) */
};
