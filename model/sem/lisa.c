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
        bool one = a && !(a & (a - 1)) && !(in->flags & LL_LISA_F_TWICE);
        if ((declared[i].allowed ? one && (a & declared[i].allowed) : !a) &&
            in->op != LL_LISA_CALL)
            return true;
        ll_buf_puts(why, "annotation error: '");
        ll_arch_lisa.print_instr(in, why);
        ll_buf_printf(why, "' does not match the Linux-kernel bell's "
                      "declarations, %s", declared[i].decl);
        if (in->flags & LL_LISA_F_TWICE)
            ll_buf_puts(why, " (an annotation written twice is a list of "
                        "two for herd7 7.58)");
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
    return sem_get_vsrc(r, sem_slot(r, o->reg, o->sym));
}

/* Whether operand o's value is an operation's result, not a copy of
 * the read vsrc names (sem_run.vop). */
static bool vop(sem_run *r, const ll_operand *o)
{
    if (!r->vop || o->kind != LL_OPND_REG)
        return false;
    return sem_get_vop(r, sem_slot(r, o->reg, o->sym));
}

/* The address at ops[at] (plus its offset): false when it is none. The
 * access that follows takes it as fixed when made of no read
 * (sem_run.addr_fixed), and uses only the reads it is made of
 * (sem_run.addr_unused: herd7's `z + (S ^ S)` is z). */
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
    r->addr_unused = out->t & ~vs;
    return true;
}

/* Register o's sem_vnode.same (sem_copies_paired), none: cleared by set. */
static sem_vnode pair_of(sem_run *r, const ll_operand *o)
{
    sem_vnode none = {0};
    if (o->kind != LL_OPND_REG)
        return none;
    sem_vnode n = sem_get_vnode(r, sem_slot(r, o->reg, o->sym));
    return n.same ? n : none;
}

/* The operation at ops[at], the reads its value is made of in *vs and
 * whether it is an operation's result on them in *op (sem_run.vop: not
 * for a copy, `r + 0` included); false when undefined. *pair: the
 * sem_vnode.same of an xor, eq or neq of copies of two reads, else
 * none (sem_copies_paired). */
static bool operation(sem_run *r, const ll_instr *in, int at, sem_reg *out,
                      sem_taint *vs, bool *op, sem_vnode *pair)
{
    *pair = (sem_vnode){0};
    int k = LL_LISA_OPK(in->flags);
    sem_reg a = sem_operand(r, &in->ops[at]);
    *vs = vsrc(r, &in->ops[at]);
    *op = vop(r, &in->ops[at]);
    if (k == LL_LISA_OPK_VAL) {
        *out = a;
        *pair = pair_of(r, &in->ops[at]);
        return true;
    }
    sem_taint va = *vs, vb = vsrc(r, &in->ops[at + 1]);
    sem_reg b = sem_operand(r, &in->ops[at + 1]);
    out->t = a.t | b.t;
    /* herd7's values use what an operation is made of (sem_run.used),
       but for those it simplifies on a symbol as C's (sem/c.c exec_bin):
       r ^ r, r == r, r != r a constant (one register twice, or two
       copies of one read), r + 0 and 0 + r a copy; an operand made of
       no read is a constant (`xor r0 r0` is 0: `add r20 1` is 1 and
       uses no read, `add r20 r0` is r0's copy) */
    bool same = (in->ops[at].kind == LL_OPND_REG &&
                 in->ops[at + 1].kind == LL_OPND_REG &&
                 in->ops[at].reg == in->ops[at + 1].reg) ||
                (va && va == vb && !(va & (va - 1)) && !*op &&
                 !vop(r, &in->ops[at + 1]));
    /* ... as herd7's register phase leaves it, on an operation's
       result (`mov r20 (neq r0 0)`) in one register twice or in two
       (`mov r21 r20`, the same result or another operation's on the
       same reads): the union-find of the register reads folds it where
       it renames both alike, else it stays an operation on r0's read
       (`S11 := S9^S7` where a copy of r20 is stored before), which a
       cycle through it leaves unsolved (herd7 meets the neq first:
       w20962002_234, litmus/lisa/LB+xor-of-stored-op-copy) */
    bool folds = k == LL_LISA_OPK_XOR || k == LL_LISA_OPK_EQ ||
                 k == LL_LISA_OPK_NEQ;
    const ll_operand *ra = &in->ops[at], *rb = &in->ops[at + 1];
    bool ops_same = folds && *op && va && va == vb && vop(r, rb) &&
                    ra->kind == LL_OPND_REG && rb->kind == LL_OPND_REG &&
                    /* an rmw's register reads end with these two */
                    (in->op == LL_LISA_MOV ||
                     (in->op == LL_LISA_RMW && ra->reg != in->ops[0].reg &&
                      rb->reg != in->ops[0].reg));
    if (ops_same)
        same = sem_fold_guess(r, same);
    same = same && folds;
    bool zero_a = !va && a.v.sym < 0 && a.v.num == 0;
    bool zero_b = !vb && b.v.sym < 0 && b.v.num == 0;
    bool add0 = k == LL_LISA_OPK_ADD && (zero_a || zero_b);
    if (same) {
        *vs = 0;
        *op = false;
    } else if (k == LL_LISA_OPK_ADD && zero_a) {
        *vs = vb;
        *op = vop(r, &in->ops[at + 1]);
    } else if (!add0) {
        bool copies = !*op && !vop(r, rb);
        /* an operation on such a value and a constant (`add r23 1`):
           herd7's pass solves it once it folded the pair */
        sem_vnode pa = pair_of(r, ra), pb = pair_of(r, rb);
        *vs |= vb;
        *op = true;
        if ((pa.same && !vb) || (pb.same && !va))
            *pair = pa.same ? pa : pb;
        else if (!folds || !copies || !sem_copies_paired(r, va, vb, pair))
            r->used |= va | vb;
    }
    /* herd7 7.58 adds a number to an address and xors an address with
       itself (0); any other addition, xor or and with an address (`x &
       x`, `x & 0`, `x ^ 0`, `x + x`) refuses the test, as in C */
    if (sem_is_unsolved(a.v) || sem_is_unsolved(b.v)) {
        out->v = sem_unsolved();    /* another equation herd7 leaves */
        return true;
    }
    char name = k == LL_LISA_OPK_ADD ? '+' : k == LL_LISA_OPK_XOR ? '^' : '&';
    switch (k) {
    case LL_LISA_OPK_ADD: case LL_LISA_OPK_XOR: case LL_LISA_OPK_AND:
        if ((k != LL_LISA_OPK_AND || (a.v.sym < 0 && b.v.sym < 0)) &&
            sem_arith(name, a.v, b.v, &out->v))
            return true;
        /* the run goes on with herd7's unsolved value */
        if ((a.v.sym >= 0 || b.v.sym >= 0) &&
            sem_illegal_op(r, (char[]){name, 0}, a.v, b.v, a.t | b.t)) {
            out->v = sem_unsolved();
            return true;
        }
        return false;
    case LL_LISA_OPK_EQ:
        out->v = sem_int(sem_val_eq(a.v, b.v));
        return true;
    case LL_LISA_OPK_NEQ:
        out->v = sem_int(!sem_val_eq(a.v, b.v));
        return true;
    }
    return false;
}

/* Set register o to v, its value made of reads vs, an operation's
 * result on them when op. */
static void set(sem_run *r, const ll_operand *o, sem_reg v, sem_taint vs,
                bool op)
{
    int slot = sem_slot(r, o->reg, o->sym);
    sem_set(r, slot, v.v, v.t);
    sem_set_vsrc(r, slot, vs, op);
}

/* Write ev's value: made of the reads vs (its vdata, herd7's value
 * sources: `mov r3 (xor r0 r0)` stored is the constant 0, which a cycle
 * of copies through it does not leave undetermined), an operation's
 * result on them when op (symbolic.c: a copy joins the read's symbol,
 * an operation waits on it); the Loop test's made_of counts all it
 * depends on, deps (xor's r0 too, as herd7 does: sem_event.vloop). */
static void write_made(sem_run *r, int ev, sem_taint deps, sem_taint vs,
                       bool op, sem_vnode pair)
{
    sem_set_vdata(r, ev, vs, op);
    sem_set_vloop(r, ev, deps);
    if (pair.same)
        sem_set_wnode(r, ev, pair);
}


/* The dependencies of an rmw's written value. herd7 7.58 (probes,
 * Dec 7) makes the write depend on the rmw's own read only when its
 * operation reads no register but the rmw's destination: `rmw r0 (add
 * r0 r1) x` writes r0 + r1 with no data dependency on the read, so the
 * write may come before, in co, the write it reads from
 * (litmus/lisa/W+rmw-op-other-register-overwrites-source), as an
 * exchange's does; a register other than the destination brings its own. */
static sem_taint rmw_data(sem_run *r, const ll_instr *in, sem_taint t)
{
    if (LL_LISA_OPK(in->flags) == LL_LISA_OPK_VAL)
        return t;
    int dest = in->ops[0].reg;
    sem_taint other = 0;
    bool mine = false, others = false;
    for (int i = 1; i <= 2; i++) {
        const ll_operand *o = &in->ops[i];
        if (o->kind != LL_OPND_REG)
            continue;
        if (o->reg == dest) {
            mine = true;
        } else {
            others = true;
            other |= sem_operand(r, o).t;
        }
    }
    return mine && others ? other : t;
}

static sem_next exec_rmw(sem_run *r, const ll_instr *in, sem_tags tags)
{
    sem_reg a, v;
    int ev;
    if (!address(r, in, ll_lisa_addr_at(in), &a))
        return undefined(r, a.t, "the address is no location");
    bool fixed = r->addr_fixed;
    sem_taint unused = r->addr_unused;
    sem_reg old = sem_load(r, a.v, a.t, tags, &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    set(r, &in->ops[0], old, old.t, false);
    sem_taint vs;
    bool op;
    sem_vnode pair;
    if (!operation(r, in, 1, &v, &vs, &op, &pair))
        return sem_stopped(r) ? SEM_ERROR
                              : undefined(r, v.t, "undefined arithmetic");
    r->addr_fixed = fixed;
    r->addr_unused = unused;
    v.t = rmw_data(r, in, v.t);
    int w = sem_store(r, a.v, a.t, v.v, v.t, tags, ev);
    write_made(r, w, v.t, vs, op, pair);
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
        set(r, &in->ops[0], v, v.t, false);
        return SEM_NEXT;
    case LL_LISA_W:
        if (!address(r, in, 1, &a))
            return undefined(r, a.t, "the address is no location");
        v = sem_operand(r, &in->ops[0]);
        ev = sem_store(r, a.v, a.t, v.v, v.t, tags, -1);
        write_made(r, ev, v.t, vsrc(r, &in->ops[0]), vop(r, &in->ops[0]),
                   pair_of(r, &in->ops[0]));
        return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
    case LL_LISA_RMW:
        return exec_rmw(r, in, tags);
    case LL_LISA_MOV: {
        sem_taint vs;
        bool op;
        sem_vnode pair;
        if (!operation(r, in, 1, &v, &vs, &op, &pair))
            return sem_stopped(r) ? SEM_ERROR
                                  : undefined(r, v.t, "undefined arithmetic");
        set(r, &in->ops[0], v, vs, op);
        if (pair.same && in->ops[0].kind == LL_OPND_REG)
            sem_set_vnode(r, sem_slot(r, in->ops[0].reg, in->ops[0].sym),
                          pair);
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
        /* herd7's equations r = 1 (the jump) and r = 0 solve a copied
           read, a cycle of copies through it included (symbolic.c),
           whatever value a write gives it: both are its values */
        if (!vop(r, &in->ops[0]) && vsrc(r, &in->ops[0])) {
            r->pinned |= vsrc(r, &in->ops[0]);
            sem_expect_reads(r, vsrc(r, &in->ops[0]), sem_int(0));
            sem_expect_reads(r, vsrc(r, &in->ops[0]), sem_int(1));
        }
        /* the path pass takes both ways where herd7 does: on a value
           made of reads */
        bool jump;
        if (sem_free(r, vsrc(r, &in->ops[0])) || sem_is_unsolved(v.v))
            jump = sem_choose(r, 2) != 0;
        else if (v.v.sym >= 0 || (v.v.num != 0 && v.v.num != 1))
            return SEM_DEAD;
        else
            jump = v.v.num != 0;
        /* ... and on an operation's result they make it a constant,
           which the code after stores (`mov r22 (eq r21 1); b[] r22 L;
           L: w[once] z r22`: z = 1 on the jump's way, which a cycle
           through z may read back: herd7 solves it); the way that does
           not hold for the values read has no execution */
        if (vop(r, &in->ops[0]) && vsrc(r, &in->ops[0]))
            set(r, &in->ops[0], (sem_reg){sem_int(jump), v.t}, 0, false);
        if (!jump)
            return SEM_NEXT;
        *label = in->ops[1].sym;
        return SEM_JUMP;
    case LL_LISA_J:
        *label = in->ops[0].sym;
        return SEM_JUMP;
    }
    sem_error(r, "%s is not modelled", ll_arch_lisa.op_name(in->op));
    return SEM_ERROR;
}

/* herd7 7.58's fresh variables for operand o: one for a register read
 * (even of a constant), none for a constant or a location; the
 * register an rmw reads into is its read's value, no register read. */
static int opnd_vars(const ll_operand *o, const ll_operand *rd)
{
    return o->kind == LL_OPND_REG &&
           !(rd && rd->kind == LL_OPND_REG && o->reg == rd->reg);
}

/* ... taken at the instruction's place after `at` variables, the
 * register read noted for herd7's register equations (sem_vars.rd_reg,
 * reg_solved). */
static int opnd_read(sem_vars *out, const ll_operand *o,
                     const ll_operand *rd, int at)
{
    return opnd_vars(o, rd) ? sem_vars_read(out, o->reg, at) : 0;
}

/* ... for the operation at ops[at], from place `at0`: its operands',
 * and one for its result unless both are constants or it adds 0 (a
 * copy). */
static int operation_vars(const ll_instr *in, int at, const ll_operand *rd,
                          sem_vars *out, int at0)
{
    const ll_operand *a = &in->ops[at], *b = &in->ops[at + 1];
    int n = opnd_read(out, a, rd, at0);
    if (LL_LISA_OPK(in->flags) == LL_LISA_OPK_VAL)
        return n;
    bool zero = LL_LISA_OPK(in->flags) == LL_LISA_OPK_ADD &&
                ((a->kind == LL_OPND_IMM && a->imm == 0) ||
                 (b->kind == LL_OPND_IMM && b->imm == 0));
    bool consts = a->kind != LL_OPND_REG && b->kind != LL_OPND_REG;
    n += opnd_read(out, b, rd, at0 + n);
    return n + !(zero || consts);
}

/* ... for the address at ops[at]: a register base's read, and a
 * register offset's read and the addition. */
static int address_vars(const ll_instr *in, int at, sem_vars *out)
{
    int n = opnd_read(out, &in->ops[at], NULL, 0);
    if (in->flags & LL_LISA_F_OFFSET)
        n += 2 * opnd_read(out, &in->ops[at + 1], NULL, n);
    return n;
}

/* sem_ops.herd_vars, measured on herd7 7.58 with variants of a cycle of
 * copies (the symbol it shows moves by one for each variable before the
 * read it names): a read's address, then the read; a write's address,
 * then its value; an rmw's address, its read, then its operation's
 * variables (-debug solver: `rmw r31 (add r6 1) x` the read S4, r6 S5,
 * the addition S6). A read's symbol is its parent once herd7 solved
 * the registers (reg_solved, -debug solver: the largest of the read and
 * every register read of its value, `xor r0 r0`'s two and a store's
 * included), so each register read is noted (rd_reg). A mov of a
 * register (or of it plus 0) is a copy. */
static bool lisa_herd_vars(const ll_instr *in, sem_vars *out)
{
    int at = ll_lisa_addr_at(in), k = LL_LISA_OPK(in->flags);
    *out = (sem_vars){.dest = -1, .copy_of = -1};
    switch (in->op) {
    case LL_LISA_R:
        out->n = out->read_at = address_vars(in, at, out) + 1;
        out->dest = in->ops[0].reg;
        out->reg_solved = true;
        return true;
    case LL_LISA_W: {
        int n = address_vars(in, at, out);
        int v = opnd_read(out, &in->ops[0], NULL, n);
        out->val_at = v ? n + 1 : 0;
        out->n = n + v;
        return true;
    }
    case LL_LISA_RMW: {
        int n = address_vars(in, at, out);
        const ll_operand *rd = &in->ops[0];
        out->read_at = n + 1;
        out->n = n + 1 + operation_vars(in, 1, rd, out, n + 1);
        out->dest = rd->reg;
        out->reg_solved = true;
        return true;
    }
    case LL_LISA_MOV: {
        const ll_operand *a = &in->ops[1], *b = &in->ops[2];
        out->n = operation_vars(in, 1, NULL, out, 0);
        out->dest = in->ops[0].reg;
        out->op_at = out->n > out->n_rd ? out->n : 0;
        bool zero_a = a->kind == LL_OPND_IMM && a->imm == 0;
        bool zero_b = k != LL_LISA_OPK_VAL && b->kind == LL_OPND_IMM &&
                      b->imm == 0;
        const ll_operand *c = k == LL_LISA_OPK_VAL ? a
                              : k == LL_LISA_OPK_ADD && zero_b ? a
                              : k == LL_LISA_OPK_ADD && zero_a ? b : NULL;
        if (c && c->kind == LL_OPND_REG) {
            out->copy_of = c->reg;
            out->copy_at = 1;
        }
        return true;
    }
    case LL_LISA_F:
    case LL_LISA_CALL:
        return true;
    case LL_LISA_J:     /* b[] L: no variable, the code it skips none */
        out->jump = in->ops[0].sym;
        return out->jump != NULL;
    case LL_LISA_B:     /* b[] r L: r, then every path (herd_vars.c) */
        out->n = opnd_read(out, &in->ops[0], NULL, 0);
        out->cond = in->ops[1].sym;
        return out->cond != NULL;
    }
    return false;
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
    .symbolic_cycles = true,
    .follow_sites = true,
    .herd_vars = lisa_herd_vars,
    .herd_vars_base = 0,    /* herd7's first variable of a test is S1 */
    .check = lisa_check,
    .po_between_instrs = true,
    .offsets_apart = true,
    .const_offsets_apart = true,   /* x+1: a location of its own too */
    .word = 8,          /* herd7 holds LISA values as 64-bit words: the
                           states' order is theirs (negative values last) */
};
