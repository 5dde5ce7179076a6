/* c.c — semantics of lowered C thread bodies (include/litmuslab/c_ast.h)
 * for the Linux-kernel memory model (model/cats/lkmm.cat) and RC11
 * (model/cats/rc11.cat).
 *
 * Events and tags follow the LKMM's linux-kernel.def: READ_ONCE is a read
 * tagged Once, smp_load_acquire one tagged Acquire, a fully ordered RMW
 * (xchg, cmpxchg that succeeds, atomic_add_return, ...) is Mb fence, read
 * and write tagged Once, Mb fence; atomic_add is a read tagged Noreturn
 * and a write; a failing cmpxchg is a lone read. Every access of an atomic
 * RMW instruction, a failing one's read too, is in RMW (as in the kernel's
 * current model, where smp_mb__after_atomic orders a failed cmpxchg). Locks are values: a lock
 * holds 0 (free) or 1 (taken), spin_lock is an RMW (LKR, LKW) that must
 * read 0 (or the word's initial value, whatever it is: herd7's lock events
 * read the initial write as free), spin_unlock a write of 0 (UL), a
 * failing spin_trylock a read of 1 (LF), spin_is_locked a read (RL when
 * it sees 1, RU when 0 or the initial value). SRCU
 * operations are fences placed on their srcu_struct's location. C11
 * accesses carry their memory order as a tag (RLX ACQ REL ACQ_REL SC);
 * plain C accesses carry none. Dependencies are the engine's: addr and
 * data from register data flow, ctrl from a branch to the statements
 * under its condition (herd7's C: an if's arms, a loop's body), not past
 * the point where they join (CTRL_SAVE and CTRL_RESTORE mark it), but
 * for a later branch on a register set under it (sem_run.vctrl). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "model/sem/sem.h"

#include "litmuslab/c_ast.h"
#include "model/sem/c_regs.h"
#include "model/sem/lkmm.h"

const char *const sem_lkmm_tags[T_LKMM_NTAGS] = {
    "Once", "Acquire", "Release", "Mb", "Rmb", "Wmb", "Rcu-lock",
    "Rcu-unlock", "Sync-rcu", "Before-atomic", "After-atomic",
    "After-spinlock", "After-unlock-lock", "Barrier", "Noreturn", "LKR",
    "LKW", "UL", "LF", "RL", "RU", "Srcu-lock", "Srcu-unlock", "Sync-srcu",
    "RLX", "ACQ", "REL", "ACQ_REL", "SC", "RMW", "After-srcu-read-unlock",
    /* herd7's C sets: A, the accesses with a C11 memory order; annot,
     * the accesses and fences with a kernel annotation; LK, the lock's
     * read and write */
    "A", "annot", "LK",
};

static int c_reg_slot(int reg)
{
    (void)reg;
    return -1;          /* every C register is a named one */
}

static sem_val c_reg_value(const sem_val *slots, int reg)
{
    return slots[reg < 0 ? 0 : reg];
}


/* Set register o to v, depending on reads t, its value made of reads vs
 * (sem_run.vsrc: herd7's symbolic value, model/symbolic.c). */
static void setv_op(sem_run *r, const ll_operand *o, sem_val v,
                    sem_taint t, sem_taint vs, bool op)
{
    int slot = sem_op_slot(r, o);
    sem_set(r, slot, v, t);
    /* the lowering's temporary; `(void)r0;`'s (`@v`) is read no more,
       but herd7 read r0 (c_regs.c: its variable is not left pending) */
    cr_set(r, slot, o->kind == LL_OPND_REG && o->sym && o->sym[0] == '@' &&
                        o->sym[1] != 'v');
    sem_set_vsrc(r, slot, vs, op && vs);
    if (r->vctrl && slot >= 0 && slot < r->n_slots)
        r->vctrl[slot] = r->rctrl;  /* written under these branches */
}

/* ... a copy of the read vs names, or a constant. */
static void setv(sem_run *r, const ll_operand *o, sem_val v, sem_taint t,
                 sem_taint vs)
{
    setv_op(r, o, v, t, vs, false);
}

static void set(sem_run *r, const ll_operand *o, sem_val v, sem_taint t)
{
    setv(r, o, v, t, 0);
}

/* The reads of the branches operand o's value was set under
 * (sem_run.vctrl). */
static sem_taint vctrl(sem_run *r, const ll_operand *o)
{
    if (!r->vctrl || o->kind != LL_OPND_REG)
        return 0;
    int slot = sem_op_slot(r, o);
    return slot >= 0 && slot < r->n_slots ? r->vctrl[slot] : 0;
}

/* Register o, just set, was computed from registers set under branches
 * on reads c: herd7's control edges into their writes reach o's through
 * its data flow (`if (r0) r1 = 7; r2 = r1 + 1; if (r2) ...` orders the
 * read of r0 before the last if's arms). c is read before the set, as o
 * may be one of the sources. */
static void carry_ctrl(sem_run *r, const ll_operand *o, sem_taint c)
{
    int slot = sem_op_slot(r, o);
    if (r->vctrl && slot >= 0 && slot < r->n_slots)
        r->vctrl[slot] |= c;
}

static sem_vnode vnode(sem_run *r, const ll_operand *o);

enum { DEEP_COPIED = 1, DEEP_AGAIN = 2, DEEP_COPY_READ = 4 };

/* A read of local o, a variable of herd7's register phase: where o
 * holds rmw_copy's variable W (an add_return of a local 0 returned in
 * r2), herd7's union-find of r2's class puts W under another variable
 * when r2's first read is copied to a local (`r5 = r2`, `r2 + 0`),
 * that local is read, and r2 is read again (measured with -debug
 * solver: `r5 = r2 + 0; r4 = r5 ^ 0; r6 = r2 & 0` leaves `S6 := S8,
 * S8 := S3`, W S8 under r6's read S6; read first by `r6 = r2 & 0`, or
 * with r5 or r2 not read again, W is the class's root). The memory
 * phase then copies the RMW's read to the class through W
 * (sem_event.vdeep, model/symbolic.c). */
static void copy_read(sem_run *r, const ll_operand *o)
{
    if (o->kind != LL_OPND_REG || !o->sym || o->sym[0] == '@')
        return;
    sem_vnode nd = vnode(r, o);
    if (!nd.copy || nd.id <= 0 || nd.id > r->n_vnodes)
        return;
    sem_vnode *c = &r->vnodes[nd.id - 1];
    if (sem_op_slot(r, o) == c->home) {
        if (c->first)
            c->deep |= DEEP_AGAIN;
        else
            c->first = r->pc + 1;
    } else if (nd.from_first) {
        c->deep |= DEEP_COPY_READ;
    }
    if (c->deep == (DEEP_COPIED | DEEP_AGAIN | DEEP_COPY_READ))
        sem_set_vdeep(r, c->wev);
}

/* nd, operand k of in copied (a move, `+ 0`): a copy made by the first
 * read of rmw_copy's register (copy_read). */
static sem_vnode copied_vnode(sem_run *r, const ll_instr *in, int k,
                              sem_vnode nd)
{
    const ll_operand *o = &in->ops[k];
    if (!nd.copy || nd.id <= 0 || nd.id > r->n_vnodes ||
        o->kind != LL_OPND_REG)
        return nd;
    sem_vnode *c = &r->vnodes[nd.id - 1];
    const ll_operand *d = &in->ops[0];
    if (sem_op_slot(r, o) == c->home && o->sym &&
        o->sym[0] == '@' && !c->first && d->kind == LL_OPND_REG) {
        c->home = sem_op_slot(r, d);  /* `r2 = @t`: r2's */
        return nd;
    }
    if (sem_op_slot(r, o) == c->home && c->first == r->pc + 1) {
        c->deep |= DEEP_COPIED;
        nd.from_first = true;
    }
    return nd;
}

/* Operand k's value: a local's read is a variable of herd7's register
 * phase, whose value model/sem/c_regs.c may choose. */
static sem_reg operand(sem_run *r, const ll_instr *in, int k)
{
    sem_reg v = sem_operand(r, &in->ops[k]);
    if (in->ops[k].kind == LL_OPND_REG)
        r->step_regs |= v.t;
    cr_operand(r, &in->ops[k], k, &v);
    copy_read(r, &in->ops[k]);
    return v;
}

/* The reads operand o's value is made of. */
static sem_taint vsrc(sem_run *r, const ll_operand *o)
{
    if (!r->vsrc || o->kind != LL_OPND_REG)
        return 0;
    return sem_get_vsrc(r, sem_op_slot(r, o));
}

/* Whether operand o's value is an operation's result (sem_run.vop). */
static bool vop(sem_run *r, const ll_operand *o)
{
    if (!r->vsrc || o->kind != LL_OPND_REG)
        return false;
    return sem_get_vop(r, sem_op_slot(r, o));
}

/* Operand o's operation (sem_run.vnode), id 0 for none. */
static sem_vnode vnode(sem_run *r, const ll_operand *o)
{
    sem_vnode none = {0};
    if (!r->vsrc || o->kind != LL_OPND_REG)
        return none;
    return sem_get_vnode(r, sem_op_slot(r, o));
}

/* A new operation on in's operands 1 .. n (at most 2): an operand that
 * is an operation's result is that operation (herd7's variable), else
 * the reads it copies. Made before the result is set: it may be an
 * operand. */
static sem_vnode new_vnode(sem_run *r, const ll_instr *in, int n)
{
    sem_vnode nd = *sem_new_vnode(r);
    for (int k = 1; k <= n; k++) {
        int id = vnode(r, &in->ops[k]).id;
        if (vop(r, &in->ops[k])) {
            nd.arg[k - 1] = id ? id : -1;
        } else if (id) {            /* a copy's own variable (rmw_copy) */
            nd.arg[k - 1] = id;
        } else {
            nd.opr[k - 1] = vsrc(r, &in->ops[k]);
            nd.direct |= nd.opr[k - 1];
        }
    }
    return nd;
}

/* Register o, just set, holds operation nd's result (live: a new
 * one, recorded with its operands in sem_run.vnodes). */
static void set_vnode(sem_run *r, const ll_operand *o, sem_vnode nd,
                      bool live)
{
    if (live && nd.id > 0 && nd.id <= r->n_vnodes) {
        nd.live = true;
        r->vnodes[nd.id - 1] = nd;
    }
    if (o->kind == LL_OPND_REG)
        sem_set_vnode(r, sem_op_slot(r, o), nd);
}

/* A branch on operand o, a temporary of the lowering holding a
 * comparison's result (`if (r0 > 0)`): herd7's equation for it has the
 * way's constant on its left (`1 := S23 > 0`), which its one pass meets
 * last; not one of symbolic.c's operations. On another operation (`if
 * (r2 & 1)`) herd7 adds `!= 0`, whose equation is that one (`1 := S4
 * != 0`), and `S4 := S17 & 1` is a node of the pass, which may enter a
 * cycle through it (litmus/c/SYM+if-op-enters-cycle). */
static void branch_vnode(sem_run *r, const ll_operand *o)
{
    sem_vnode nd = vnode(r, o);
    if (o->kind == LL_OPND_REG && o->sym && o->sym[0] == '@' && nd.id > 0 &&
        nd.id <= r->n_vnodes && r->vnodes[nd.id - 1].cmp)
        r->vnodes[nd.id - 1].cond = true;
}

/* Write w stores operand o: the operation its value is, if one. */
static void store_vnode(sem_run *r, int w, const ll_operand *o)
{
    if (vop(r, o) || vnode(r, o).id)      /* or a copy's (rmw_copy) */
        sem_set_wnode(r, w, vnode(r, o));
}

/* Access ev's address is operand o: where o holds an operation's result
 * on reads (`q0 = x + (r0 & 0)`, herd7 folds no `S & 0`), herd7's address
 * is that operation's variable (sem_event.anode); where it holds a copy
 * of a read (a pointer read from memory), that read's (acopy). */
static void addr_vnode(sem_run *r, int ev, const ll_operand *o)
{
    sem_vnode nd = vnode(r, o);
    if (vop(r, o) && nd.id > 0)
        sem_set_anode(r, ev, nd.id, 0);
    else if (!vop(r, o) && !nd.id)
        sem_set_anode(r, ev, 0, vsrc(r, o));
}

/* herd7's symbolic values use what they are made of: an operation, a
 * comparison, a branch, an address (model/symbolic.c). */
static void use(sem_run *r, sem_taint vs)
{
    r->used |= vs;
}

static bool is_zero(sem_val v)
{
    return v.sym < 0 && v.num == 0;
}

/* sem_load_only's test of an RMW's way: the value read equals v (eq) or
 * differs from it. */
typedef struct way_test {
    sem_val v;
    bool eq;
} way_test;

static bool way_holds(sem_run *r, sem_val v, const void *arg)
{
    const way_test *w = arg;
    (void)r;
    return sem_val_eq(v, w->v) == w->eq;
}

/* Tags of the read and write of an access with annotation ann. */
static sem_tags read_tags(int ann)
{
    switch (ann) {
    case LL_C_ONCE:
    case LL_C_MB:
    case LL_C_RELEASE: return BIT(T_ONCE) | BIT(T_ANNOT);
    case LL_C_ACQUIRE: return BIT(T_ACQUIRE) | BIT(T_ANNOT);
    case LL_C_NORETURN: return BIT(T_NORETURN) | BIT(T_ANNOT);
    case LL_C_RLX: return BIT(T_RLX) | BIT(T_A);
    case LL_C_ACQ: return BIT(T_ACQ) | BIT(T_A);
    case LL_C_REL: return BIT(T_REL) | BIT(T_A);
    case LL_C_ACQ_REL: return BIT(T_ACQ_REL) | BIT(T_A);
    case LL_C_SC: return BIT(T_SC) | BIT(T_A);
    }
    return 0;
}

static sem_tags write_tags(int ann)
{
    switch (ann) {
    case LL_C_ONCE:
    case LL_C_MB:
    case LL_C_ACQUIRE:
    case LL_C_NORETURN: return BIT(T_ONCE) | BIT(T_ANNOT);
    case LL_C_RELEASE: return BIT(T_RELEASE) | BIT(T_ANNOT);
    }
    return read_tags(ann);
}

static sem_next bad(sem_run *r, sem_taint t, const char *what)
{
    /* a value that came from a read: another choice of value is fine */
    if (t)
        return SEM_DEAD;
    sem_error(r, "%s", what);
    return SEM_ERROR;
}

/* Whether herd7 7.58 refuses the test on operation op of a and b, one
 * an address at least, which binop could not make ("Illegal operation
 * ^ on constants x and 0"; `x | 1` fails an assertion): measured on
 * values read and constants alike. */
static bool herd_refuses(int op, sem_val a, sem_val b)
{
    bool both = a.sym >= 0 && b.sym >= 0;
    switch (op) {
    case LL_C_ADD:
    case LL_C_XOR: case LL_C_MUL: case LL_C_AND: case LL_C_OR:
    case LL_C_DIV: case LL_C_MOD: case LL_C_SHL: case LL_C_SHR:
    case LL_C_LE: case LL_C_GE:
    case LL_C_LT: case LL_C_GT:  /* binop made an address against 0 */
        return true;
    case LL_C_SUB:
        return !both;       /* `0 - x`; `x - 1`, `x - y` binop makes */
    default:
        return false;
    }
}

/* An operation binop could not make: where herd7 refuses it, on values
 * read and constants alike, the run goes on marked (SEM_NEXT: the
 * caller takes sem_unsolved() for the value, as herd7 leaves it) and the
 * test is refused only if the model accepts a candidate of it
 * (sem_illegal_op, ht: the reads of herd7's operands); else as bad. */
static sem_next bad_op(sem_run *r, sem_taint t, sem_taint ht, int op,
                       sem_val a, sem_val b, const char *what)
{
    static const char *const names[] = {
        "?", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "==",
        "!=", "<", "<=", ">", ">=",
    };
    if ((a.sym < 0 && b.sym < 0) || op <= 0 ||
        op >= (int)(sizeof names / sizeof *names) || !herd_refuses(op, a, b))
        return bad(r, t, what);
    return sem_illegal_op(r, names[op], a, b, ht) ? SEM_NEXT : SEM_DEAD;
}

static bool binop(sem_run *r, int op, sem_val a, sem_val b, sem_val *out)
{
    if (sem_is_unsolved(a) || sem_is_unsolved(b)) {
        *out = sem_unsolved();      /* another equation herd7 leaves */
        return true;
    }
    if (a.sym < 0 && b.sym < 0) {
        out->sym = -1;
        return ll_c_eval_binop(op, a.num, b.num, &out->num);
    }
    switch (op) {
    case LL_C_ADD: return sem_arith('+', a, b, out);
    case LL_C_SUB:
        if (a.sym >= 0 && b.sym >= 0) {
            *out = sem_address_order(r, a, b);
            return true;
        }
        return sem_arith('-', a, b, out);
    case LL_C_XOR: return sem_arith('^', a, b, out);
    case LL_C_OR:   /* herd7's `x | 0`, `0 | x` (`x | 1`, `x | x` fail) */
        if (sem_val_eq(a, sem_int(0)) || sem_val_eq(b, sem_int(0))) {
            *out = a.sym < 0 && a.num == 0 ? b : a;
            return true;
        }
        return false;
    case LL_C_EQ: *out = sem_int(sem_val_eq(a, b)); return true;
    case LL_C_NE: *out = sem_int(!sem_val_eq(a, b)); return true;
    case LL_C_LT: case LL_C_GT:
        if (sem_val_eq(a, sem_int(0)) || sem_val_eq(b, sem_int(0))) {
            /* herd7: an address is above 0 (`0 < x` is 1); against
               another number or address (`x < x` too), or by <= or >=,
               it refuses the test */
            bool above = a.sym >= 0;
            *out = sem_int(op == LL_C_GT ? above : !above);
            return true;
        }
        return false;
    }
    return false;
}

static sem_next exec_un(sem_run *r, const ll_instr *in)
{
    sem_reg a = operand(r, in, 1);
    sem_val v;
    sem_taint vs = vsrc(r, &in->ops[1]), c = vctrl(r, &in->ops[1]);
    sem_vnode nd = new_vnode(r, in, 1);
    if (!cr_use(r, &in->ops[0], vs))
        use(r, vs);
    if ((in->flags & 0xff) == LL_C_LNOT)
        v = sem_int(is_zero(a.v));
    else if (a.v.sym >= 0)
        return bad(r, a.t, "arithmetic on an address");
    else if ((in->flags & 0xff) == LL_C_NEG)
        v = sem_int((int64_t)(0 - (uint64_t)a.v.num));
    else
        v = sem_int(~a.v.num);
    cr_op(r, 1, -1);
    cr_node(r, nd.id);
    if (vs)
        sem_pin_value(r, &v);
    setv_op(r, &in->ops[0], v, a.t, vs, true);
    if (vs)
        set_vnode(r, &in->ops[0], nd, true);
    carry_ctrl(r, &in->ops[0], c);
    return SEM_NEXT;
}

/* Whether operands p and q hold one herd7 symbol (their reads being
 * the same one read): both its copies (and one variable: rmw_copy), or
 * both one operation's result. */
static bool same_symbol(sem_run *r, const ll_operand *p, const ll_operand *q)
{
    bool op = vop(r, p);
    if (op != vop(r, q))
        return false;
    int id = vnode(r, p).id;
    return op ? id != 0 && id == vnode(r, q).id : id == vnode(r, q).id;
}

/* x == y, x != y or x ^ y, x and y copies of two reads (no operation,
 * no variable of their own): herd7's equation `1 := S25==S19` holds once
 * its memory phase makes both one symbol (a cycle of copies where y
 * reads back the write of x's copy: S25==S25 is 1, S25^S25 0), or
 * solves both; a pair of sem_run.sames, which symbolic.c judges, not a
 * use of either (litmus/c/LB+plain-copy-cycle-if-copies-equal,
 * LB+plain-copy-cycle-if-copies-xor). */
static bool copies_compared(sem_run *r, const ll_instr *in, int op,
                            sem_taint va, sem_taint vb)
{
    const ll_operand *p = &in->ops[1], *q = &in->ops[2];
    sem_vnode pair;
    return (op == LL_C_EQ || op == LL_C_NE || op == LL_C_XOR) &&
           !vop(r, p) && !vop(r, q) && !vnode(r, p).id && !vnode(r, q).id &&
           sem_copies_paired(r, va, vb, &pair);
}

/* Operand k of in plus (or or) the other, a local holding 0 or an
 * operation on such locals (var: c_regs made it an operation): herd7's
 * register phase solves the local to 0 and its add and or then return
 * the other operand, so `S' := S1 + S2` is left the copy `S' := S1`,
 * S' a variable of its own that the memory phase copies (unlike `r1 +
 * 0`, which makes none). Where operand k is a copy of one read, or
 * another such copy, or an operation's result (an _return RMW's `S4 :=
 * S2 + 1`: herd7's `S6 := S4`; any other operation's, `S8 := S11` of
 * `(r0 & 1) | r9`), nd (the new operation on the operands) becomes that
 * copy (sem_vnode.zero; model/symbolic.c zero_source), which a store of
 * the register writes (litmus/c/RMW+add-return-result-zero-copy,
 * RMW+inc-return-result-zero-copy-stored, LB+zero-copy-of-op-*). Not a
 * comparison of two reads' copies (sem_vnode.same: `(r2 ^ r2) + r2`, r2
 * = r0 != r1): the copy stays that pair, which symbolic.c judges as
 * herd7's memory phase folds it (S12!=S12 where both read one write: zc
 * 21320000_109, litmus/c/LB+zero-copy-of-copies-compared); made an
 * operation of its own, its candidate was dropped. */
static bool zero_copy(sem_run *r, const ll_instr *in, int k, bool var,
                      sem_vnode *nd)
{
    const ll_operand *o = &in->ops[k];
    sem_taint v = vsrc(r, o);
    sem_vnode src = vnode(r, o);
    bool op = vop(r, o);
    if (!var || !v ||
        (op ? src.id <= 0 || (src.stmt != -1 && src.same)
            : (v & (v - 1)) || (src.id && !src.copy)))
        return false;
    nd->copy = nd->zero = true;
    nd->home = nd->wev = -1;    /* no rmw_copy */
    cr_zero(r, nd->id);
    return true;
}

/* nd, new at an add or or whose operand k is herd7's zero copy, where
 * zero_copy refused to make it one (is): its record says so (sem_vnode.
 * hzero), for herd_vars.c's replay of herd7's register phase. */
static void herd_zero(sem_run *r, const sem_vnode *nd, bool is, int k)
{
    if (!is || nd->id <= 0 || nd->id > r->n_vnodes)
        return;
    r->vnodes[nd->id - 1].hzero = true;
    r->vnodes[nd->id - 1].zk = (signed char)k;
}

/* Whether operand o, which a zero copy copies, is an operation's result
 * other than an _return RMW's (rmw_vnode, stmt -1, whose register is a
 * copy as of a read): the copy stays an operation's result (sem_vnode.
 * of_op), so a cycle through it is solved as one (herd7's `S8 := S11`,
 * S11 := S3 & 1, is met after S11's operation is solved or not). */
static bool of_op(sem_run *r, const ll_operand *o)
{
    return vop(r, o) && vnode(r, o).stmt != -1;
}

/* What operand o stands for through the zero copies (sem_vnode.zero)
 * it is: an operation's or a copy's variable (*id), or the one read it
 * copies (*read); true where it went through one. */
static bool zero_root(sem_run *r, const ll_operand *o, int *id,
                      sem_taint *read)
{
    sem_vnode nd = vnode(r, o);
    bool through = false;
    *id = 0;
    *read = nd.id || vop(r, o) ? 0 : vsrc(r, o);
    while (nd.zero && nd.id > 0 && nd.id <= r->n_vnodes) {
        through = true;
        int a = nd.arg[0] ? nd.arg[0] : nd.arg[1];
        if (a < 0 || a > r->n_vnodes)
            return false;
        if (!a) {
            *read = nd.direct;
            return true;
        }
        nd = r->vnodes[a - 1];
    }
    *id = nd.id;
    return through;
}

/* nd, a copy of an operation's result: where herd7's register phase
 * made it a zero copy (is, cr_add_zero's var), which zero_copy leaves
 * the operation's, mark it (sem_vnode.zop, zstmt). */
static void zero_of_op(sem_run *r, sem_vnode *nd, bool is)
{
    if (!is || nd->id <= 0 || nd->id > r->n_vnodes)
        return;
    nd->zop = true;
    r->vnodes[nd->id - 1].zstmt = r->pc + 1;
}

/* x ^ y, x == y or x != y, x a zero copy of y (or of what y copies) or
 * both zero copies of one value (sem_vnode.zpair): herd7's register
 * phase leaves the operation and the copy, which its memory phase folds
 * where its union-find renames both sides to one variable (measured
 * with -debug solver: `(r0 | r10) ^ r0`, r10 0, is `S8 := S6^S7` and
 * `S6 := S7`, the memory phase's `S^S` a constant on a thin-air cycle,
 * litmus/c/LB+zero-copy-xor-self; with `r1 = r0` before, `S9 := S7^S5`,
 * `S7 := S5`, `S5 := S8`, whose parents may keep S7 and S5 apart:
 * LB+zero-copy-of-copy-xor-op-cycle). */
static bool zero_pair(sem_run *r, const ll_instr *in, int op)
{
    int ia, ib;
    sem_taint ra, rb;
    if (op != LL_C_XOR && op != LL_C_EQ && op != LL_C_NE)
        return false;
    bool ta = zero_root(r, &in->ops[1], &ia, &ra),
         tb = zero_root(r, &in->ops[2], &ib, &rb);
    return (ta || tb) && ia == ib && ra == rb &&
           (ia > 0 || (ra && !(ra & (ra - 1))));
}

/* Whether operand o holds a value herd7's memory phase folds to a
 * constant where its copies are one variable, whatever they are: a pair
 * of copies (sem_vnode.same), or an operation on a zpair, within four
 * operations (`((r1 | r10) ^ r0) + 1`). An operation on it with
 * constants uses none of its reads: herd7's pass solves it once it
 * folded, and symbolic.c's replay of that pass judges it. */
static bool folds_under(sem_run *r, int id, int depth)
{
    if (id <= 0 || id > r->n_vnodes || depth < 0)
        return false;
    const sem_vnode *nd = &r->vnodes[id - 1];
    return nd->zpair || folds_under(r, nd->arg[0], depth - 1) ||
           folds_under(r, nd->arg[1], depth - 1);
}

static bool folded(sem_run *r, const ll_operand *o)
{
    sem_vnode n = vnode(r, o);
    return n.same || (vop(r, o) && folds_under(r, n.id, 4));
}

static sem_next exec_bin(sem_run *r, const ll_instr *in)
{
    sem_reg a = operand(r, in, 1), b = operand(r, in, 2);
    sem_val v;
    int op = (int)(in->flags & 0xff);
    sem_taint va = vsrc(r, &in->ops[1]), vb = vsrc(r, &in->ops[2]), vs;
    sem_taint c = vctrl(r, &in->ops[1]) | vctrl(r, &in->ops[2]);
    bool made = true, zero = false;
    sem_vnode nd = new_vnode(r, in, 2);   /* or the operand copied */
    nd.cmp = op >= LL_C_EQ && op <= LL_C_GE;
    /* herd7 7.58 simplifies only these on a symbol: x ^ x is 0; x + 0,
       x | 0, 0 + x and 0 | x are x. Not x - x, x - 0, x ^ 0 or 0 ^ x:
       those stay operations on the symbol (measured on a cycle of plain
       copies: litmus/c/LB+plain-copy-cycle-sub). x == x is 1 and
       x != x is 0, known: herd7 builds one way of such a branch
       (litmus/c/MP+zero-read-if-self-equal). One symbol: the same
       read's copies, or the same operation's result; not a read and an
       operation on it (`r0 ^ (r0 & 1)`, equal when r0 is 0 or 1) */
    bool self = (op == LL_C_XOR || op == LL_C_EQ || op == LL_C_NE) && va &&
                va == vb && (!(va & (va - 1)) || vop(r, &in->ops[1])) &&
                sem_val_eq(a.v, b.v) &&
                same_symbol(r, &in->ops[1], &in->ops[2]);
    /* ... where herd7's register phase folds it (c_regs.c
       cr_fold_guess). On an operation's result, else it is an operation;
       on a read's copies (`r1 = r0`, r1 stored, then `r1 != r0`), else
       herd7 leaves `S9 := S7 != S18` to its memory phase, which folds it
       when met where its copies make both one variable again (a pair:
       nw21110006_59 keeps the operation, a thin-air cycle beside `if
       (r1 != r0)` folds it) */
    bool apart = false, zop = false;
    if (self) {
        bool fold = cr_fold_guess(r);
        apart = !fold && !vop(r, &in->ops[1]);
        /* an operation's result and herd7's zero copy of it (sem_vnode.
           zop): a zpair, which its memory phase folds (b of issue 24) */
        zop = !fold && vop(r, &in->ops[1]) &&
              (vnode(r, &in->ops[1]).zop || vnode(r, &in->ops[2]).zop);
        self = fold;
    }
    if (self) {
        vs = 0;
        cr_fold(r);
    } else if ((op == LL_C_ADD || op == LL_C_OR) && !vb && b.v.sym < 0 &&
               b.v.num == 0) {
        vs = va;
        sem_vnode own = nd;
        nd = copied_vnode(r, in, 1, vnode(r, &in->ops[1]));
        bool var = cr_add_zero(r, 1, 2);
        zero = zero_copy(r, in, 1, var, &own);
        own.zk = 0;
        herd_zero(r, &own, var && !zero, 0);
        own.of_op = zero && of_op(r, &in->ops[1]);
        made = vop(r, &in->ops[1]) && (!zero || own.of_op);
        zero_of_op(r, &nd, var && made && !zero);
        nd = zero ? own : nd;
    } else if ((op == LL_C_ADD || op == LL_C_OR) && !va && a.v.sym < 0 &&
               a.v.num == 0) {
        vs = vb;
        sem_vnode own = nd;
        nd = copied_vnode(r, in, 2, vnode(r, &in->ops[2]));
        bool var = cr_add_zero(r, 2, 1);
        zero = zero_copy(r, in, 2, var, &own);
        own.zk = 1;
        herd_zero(r, &own, var && !zero, 1);
        own.of_op = zero && of_op(r, &in->ops[2]);
        made = vop(r, &in->ops[2]) && (!zero || own.of_op);
        zero_of_op(r, &nd, var && made && !zero);
        nd = zero ? own : nd;
    } else {
        vs = va | vb;
        sem_vnode pa = vnode(r, &in->ops[1]), pb = vnode(r, &in->ops[2]);
        if (apart) {    /* a pair of one read's copies (node_pair) */
            nd.same = true;
            nd.direct = va;
        } else if (copies_compared(r, in, op, va, vb)) {
            nd.same = true;
        } else if (zop || zero_pair(r, in, op)) {
            nd.zpair = true;
        } else if ((pa.same && !vb) || (pb.same && !va) ||
                   (pa.same && pb.same)) {
            /* an operation on such a value and a constant (`r3 + 1`),
               or on two such values (`r2 & r2`, `(r2 >= r2) & r2`, r2 =
               r0 == r1; `r2 & r3`, r3 = r1 != r5): herd7's pass solves
               it once it folded the pairs (S24 := S13==S13 is 1, then
               S23 := S24>=S24), no use of their reads (g21290021_82:
               herd7 keeps the thin-air cycle of r0 and r1); of two,
               symbolic.c's same_folds asks both (sem_vnode.arg) */
            nd.same = true;
            nd.direct = (pa.same ? pa.direct : 0) | (pb.same ? pb.direct : 0);
        } else {
            /* an operand herd7 folds uses none of its reads (`r2 + 1`,
               `r2 & r0` of a zpair r2, `(r1 | r10) ^ r1`, r10 0: its
               `S18 := S17+1` on the fold S17, solved where it folds,
               which symbolic.c's replay of its pass judges) */
            sem_taint u = (folded(r, &in->ops[1]) ? 0 : va) |
                          (folded(r, &in->ops[2]) ? 0 : vb);
            if (!cr_use(r, &in->ops[0], u))
                use(r, u);
        }
        cr_op(r, 1, 2);
        cr_node(r, nd.id);
    }
    if (!binop(r, op, a.v, b.v, &v)) {
        const char *why = a.v.sym < 0 && b.v.sym < 0
                              ? ll_c_binop_problem(op, a.v.num, b.v.num)
                              : NULL;
        /* the reads herd7's operands are made of (r0 ^ r0: none) */
        sem_next n = bad_op(r, a.t | b.t, r->vsrc ? va | vb : a.t | b.t, op,
                            a.v, b.v,
                            why ? why : "undefined arithmetic on an address");
        if (n != SEM_NEXT)
            return n;
        v = sem_unsolved();
    }
    if (vs && made)
        sem_pin_value(r, &v);
    setv_op(r, &in->ops[0], v, a.t | b.t, vs, made);
    /* a fold is an equation of herd7's register phase too, met by its
       number before the operands it waits on (`S14 := S18^S18` before
       `S16 := S15`, S18 := S15 r1's zero copy: symbolic.c pass_order),
       no operation of ours: recorded with its operands, not live */
    if (self && nd.id > 0 && nd.id <= r->n_vnodes)
        r->vnodes[nd.id - 1] = nd;
    if (vs && (made || zero))
        set_vnode(r, &in->ops[0], nd, nd.id == r->n_vnodes);
    else if (vs && nd.id)       /* `r2 + 0` of rmw_copy's r2 */
        set_vnode(r, &in->ops[0], nd, false);
    carry_ctrl(r, &in->ops[0], c);
    return SEM_NEXT;
}

/* A fence of the fully ordered RMW in, the statement running: herd7
 * orders it with the accesses of that call only (its operands' from the
 * FENCE the lowering put before them, ll_instr.call, and its own), not
 * with another operand of an enclosing operator or call (`xchg(x, 1) +
 * xchg(y, 1)`: neither's fences order the other's accesses). */
static void rmw_fence(sem_run *r, const ll_instr *in)
{
    sem_fence_call(r, BIT(T_MB), r->pc - in->call, r->pc);
}

/* An RMW's write of its read plus (or or) operand o, a literal 0 or a
 * local holding 0 with no read in it: a copy of its read. For the local,
 * herd7's register phase simplifies `S' := S + S0` to the copy `S' :=
 * S`, a variable of its own (sem_event.vcopy); a literal makes none,
 * the write is the read's value (with vcopy, one execution fewer:
 * litmus/c/MP+fetch-add-zero-twice). `- 0` stays an operation. */
static bool adds_zero_local(sem_run *r, const ll_operand *o, sem_reg v,
                            int op, sem_taint read, int w)
{
    if ((op != LL_C_ADD && op != LL_C_OR) ||
        (o->kind != LL_OPND_REG && o->kind != LL_OPND_IMM) || vsrc(r, o) || !is_zero(v.v) || !read || (read & (read - 1)))
        return false;
    if (o->kind == LL_OPND_REG)     /* a literal's is the read's own */
        sem_set_vcopy(r, w);
    sem_set_vdata(r, w, read, false);
    return true;
}

/* Whether RMW in adds (or ors) operand 2, v, a literal 0 or a local
 * holding 0 with no read in it: herd7 simplifies its write to a copy of
 * its read, which so is not used (a thin-air cycle through it is kept:
 * litmus/c/LB+fetch-add-zero-cycle). */
static bool zero_operand(sem_run *r, const ll_instr *in, sem_reg v)
{
    int op = (int)(in->flags & 0xff);
    const ll_operand *o = &in->ops[2];
    return (op == LL_C_ADD || op == LL_C_OR) &&
           (o->kind == LL_OPND_REG || o->kind == LL_OPND_IMM) &&
           !vsrc(r, o) && is_zero(v.v);
}

/* An _return RMW adding a local holding 0 (adds_zero_local's vcopy):
 * herd7's register phase leaves its write's `S' := S + S0` as the copy
 * `S' := S`, and the register returned is S', not the read S, so an
 * operation on it is on S' (`r2 = atomic_add_return(r3, b); cmpxchg(b,
 * r2 ^ 0, 2)` reading that write: `S' := S' ^ 0`, met unsolved in the
 * cycle its read makes, no execution). The register holds a copy
 * still, with the write's variable as its operation (sem_vnode, copy),
 * which new_vnode takes for an operand and store_vnode for a store
 * (herd7's store of r2 writes S': C+add-return-zero-local-result-stored). */
static void rmw_copy(sem_run *r, const ll_operand *o, sem_taint read, int w)
{
    sem_vnode nd = *sem_new_vnode(r);
    nd.direct = read;
    nd.stmt = -1;       /* no sem_pin_value: its value is the RMW's */
    nd.copy = true;
    nd.home = o->kind == LL_OPND_REG ? sem_op_slot(r, o) : -1;
    nd.wev = w;
    sem_set_wnode(r, w, nd);
    set_vnode(r, o, nd, true);
}

/* Write w of an RMW adds (subtracts, ...) operand o, an operation's
 * result: the reads under it (sem_event.vinner) and its vnode id
 * (sem_event.inode). herd7 gives each operation of the operand a
 * variable and its write's equation names the outermost (`S21 := S20 -
 * S18`, S18 := S15^S17, S15 := S16!=0, S17 := S16>=0): where the operand
 * uses a read twice those equations are a diamond, which orders a cycle
 * through them (symbolic.c herd_solves); one equation on the reads
 * beneath would not (litmus/c/LB+cmpxchg-rmw-operand-diamond). */
static void rmw_operand(sem_run *r, int w, const ll_operand *o)
{
    sem_set_vinner(r, w, vsrc(r, o));
    int id = vnode(r, o).id;
    if (id > 0)
        sem_set_inode(r, w, id);
}

/* The operation an _return RMW makes (its read op operand 2): herd7's
 * one variable, the value it writes and returns (`S' := S + 1`), which
 * an operation on the register returned names (`atomic_inc_and_test`'s
 * `S' == 0`, then `r0 * 2`: litmus/c/SYM+inc-and-test-op). Without it
 * that operation had no equation and the next one named an unsolved
 * variable. */
static sem_vnode rmw_vnode(sem_run *r, const ll_instr *in, sem_taint read)
{
    sem_vnode nd = *sem_new_vnode(r);
    nd.direct = read;
    nd.stmt = -1;       /* no sem_pin_value: its value is the RMW's */
    if (vop(r, &in->ops[2])) {
        int id = vnode(r, &in->ops[2]).id;
        nd.arg[1] = id ? id : -1;
    } else {
        nd.direct |= vsrc(r, &in->ops[2]);
    }
    return nd;
}

/* The reads the write of in depends on none of (ll_instr.nodata_from):
 * those of the nested RMW calls its value is made of. */
static sem_taint nodata(sem_run *r, const ll_instr *in)
{
    return in->nodata_from ? sem_step_reads(r, r->pc - in->nodata_from,
                                            r->pc - in->nodata_to)
                           : 0;
}

static sem_next exec_rmw(sem_run *r, const ll_instr *in)
{
    int ann = LL_C_ANN(in->flags), kind = LL_C_RMW_KIND(in->flags);
    sem_reg a = operand(r, in, 1), v = operand(r, in, 2);
    use(r, vsrc(r, &in->ops[1]));
    if (ann == LL_C_MB && !(in->flags & LL_C_RMW_FENCED))
        rmw_fence(r, in);     /* else the FENCE before (prims.c) */
    int ev;
    sem_reg old = sem_load(r, a.v, a.t,
                           BIT(T_RMW) | read_tags(kind == LL_C_NORET ?
                                                  LL_C_NORETURN : ann), &ev);
    cr_read(r, old.t);
    if (sem_stopped(r))
        return SEM_ERROR;
    if (ann == LL_C_MB)
        sem_set_nodep(r, ev);
    sem_val nv = v.v;
    sem_taint vv = vsrc(r, &in->ops[2]);
    /* an operand made of a pair of copies (sem_vnode.same: `atomic_add(r0
       == r1, y)`) uses neither, as exec_cas's expected value */
    if (kind != LL_C_XCHG && !zero_operand(r, in, v))
        use(r, old.t | (folded(r, &in->ops[2]) ? 0 : vv));
    if (kind != LL_C_XCHG &&
        !binop(r, (int)(in->flags & 0xff), old.v, v.v, &nv)) {
        sem_next n = bad_op(r, old.t | v.t, old.t | v.t,
                            (int)(in->flags & 0xff), old.v, v.v,
                            "undefined atomic arithmetic");
        if (n != SEM_NEXT)
            return n;
        nv = sem_unsolved();
    }
    /* the value written is computed from the value read (but an
       exchange's): herd7 has that data dependency, so a later read of
       the written value (rfi) is ordered after the rmw's read (to-r) */
    /* an exchange of a value made of a nested RMW's result (ll_instr.
       wait): herd7's write waits for that call's last event, a write or
       a fence, and so depends on none of that call's reads */
    int w = sem_store(r, a.v, a.t, nv,
                      kind != LL_C_XCHG ? old.t | v.t : v.t & ~nodata(r, in),
                      BIT(T_RMW) | write_tags(ann), ev);
    addr_vnode(r, ev, &in->ops[1]);
    addr_vnode(r, w, &in->ops[1]);
    if (in->wait)
        sem_set_wait(r, w, r->pc - in->wait, r->pc - 1);
    sem_set_vdata(r, w, kind == LL_C_XCHG ? vv : old.t | vv,
                  kind != LL_C_XCHG || vop(r, &in->ops[2]));
    if (kind != LL_C_XCHG && vop(r, &in->ops[2])) {
        rmw_operand(r, w, &in->ops[2]);
    } else if (kind == LL_C_XCHG) {
        store_vnode(r, w, &in->ops[2]);
    }
    bool vcopy = kind != LL_C_XCHG &&
                 adds_zero_local(r, &in->ops[2], v, (int)(in->flags & 0xff),
                                 old.t, w) &&
                 in->ops[2].kind == LL_OPND_REG;
    if (ann == LL_C_MB)
        rmw_fence(r, in);
    /* herd7's atomic_op (an _return's or a fetch's) returns its value
       from its read and its operand alike (`>>==`): data from both, but
       through a fully ordered one's trailing fence (nodep), none; an
       exchange's from its read alone */
    sem_taint dt = old.t | (kind == LL_C_XCHG || ann == LL_C_MB ? 0 : v.t);
    if (kind == LL_C_RETURN && !zero_operand(r, in, v)) {
        sem_taint c = vctrl(r, &in->ops[2]);
        cr_op(r, -2, 2);
        setv_op(r, &in->ops[0], nv, dt, old.t | vv,
                kind != LL_C_XCHG || vop(r, &in->ops[2]));
        if (old.t | vv) {
            sem_vnode nd = rmw_vnode(r, in, old.t);
            sem_set_wnode(r, w, nd);
            set_vnode(r, &in->ops[0], nd, true);
        }
        carry_ctrl(r, &in->ops[0], c);
    } else if (kind != LL_C_NORET) {
        setv(r, &in->ops[0], old.v, dt, old.t);
        if (kind == LL_C_RETURN && vcopy && old.t)
            rmw_copy(r, &in->ops[0], old.t, w);
    }
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

/* Record the way taken where herd7 reads both (sem_run.turns). */
static void turn(sem_run *r, bool way)
{
    if (r->n_turns < 64 && way)
        r->turns |= (uint64_t)1 << r->n_turns;
    r->n_turns++;
}

static int taint_bit(sem_taint t)
{
    int b = 0;
    while (!(t >> b & 1))
        b++;
    return b;
}

/* Whether an RMW's read (taint t) found equal to operand o is herd7's
 * copy equation `S := S'`, o a copy of one other read: the two reads are
 * one variable (equate), which uses neither, so a thin-air cycle through
 * them keeps its execution (P2 `r0 = READ_ONCE(*w); WRITE_ONCE(*x, r0);
 * cmpxchg(w, r0, r0)` with P1 copying x back to w: herd7 shows it as a
 * symbol). Else the read and o are used (model/symbolic.c): a constant
 * pins the read, an operation's equation is checked apart (opeqs), a
 * failure's inequality needs both solved. */
static bool copy_equation(sem_run *r, sem_taint t, const ll_operand *o)
{
    sem_taint vs = vsrc(r, o);
    return t && !(t & (t - 1)) && vs && !(vs & (vs - 1)) && vs != t &&
           !vop(r, o) && r->n_eqs < SEM_MAX_EQS;
}

/* An RMW's read (taint t) found equal to operand o: herd7's equation
 * solves it where o is a constant (sem_run.pinned), makes it equal to
 * the read o copies (sem_run.eqs), and where o is an operation's result
 * is recorded for the check that herd7 solves it (sem_run.opeqs;
 * model/symbolic.c; one: o is one operation, cr_one_op). read_lhs:
 * herd7 writes it read := o (atomic_add_unless's failure), else o :=
 * read (a cmpxchg's success). */
static void equate(sem_run *r, sem_taint t, const ll_instr *in, int k,
                   bool one, bool read_lhs)
{
    const ll_operand *o = &in->ops[k];
    sem_taint vs = vsrc(r, o);
    if (!t || (t & (t - 1)))
        return;
    if (!vs)
        r->pinned |= t;
    else if (vop(r, o)) {
        if (r->n_opeqs < SEM_MAX_EQS) {
            if (one)
                r->opeq_one |= (uint8_t)(1u << r->n_opeqs);
            r->opeq_node[r->n_opeqs] = vnode(r, o).id;
            r->opeqs[r->n_opeqs][0] = t;
            r->opeqs[r->n_opeqs++][1] = vs;
        }
    } else if (!(vs & (vs - 1)) && r->n_eqs < SEM_MAX_EQS) {
        if (read_lhs)
            r->eq_left |= (uint8_t)(1u << (SEM_MAX_EQS + r->n_eqs));
        sem_vnode nd = vnode(r, o);
        r->eq_node[r->n_eqs] = nd.copy ? nd.id : 0;
        r->eqs[r->n_eqs][0] = (uint8_t)taint_bit(t);
        r->eqs[r->n_eqs++][1] = (uint8_t)taint_bit(vs);
        cr_equation(r, k, r->n_eqs - 1);
    }
}

/* The way compare-RMW number id (ll_instr.cas) takes, true for success:
 * chosen at the first of its statements the run meets, its leading
 * fence or an operand herd7 evaluates on that way only. */
static bool cas_way(sem_run *r, int id)
{
    uint64_t b = (uint64_t)1 << id;
    if (!(r->cas_chosen & b)) {
        r->cas_chosen |= b;
        r->cas_ok = sem_choose(r, 2) == 0 ? r->cas_ok | b : r->cas_ok & ~b;
    }
    return r->cas_ok & b;
}

/* The way compare-RMW in takes; its statements chose it or it chooses
 * now, and a later run of it (a loop) chooses again. */
static bool cas_take(sem_run *r, const ll_instr *in)
{
    if (!in->cas)
        return sem_choose(r, 2) == 0;
    bool ok = cas_way(r, in->cas);
    r->cas_chosen &= ~((uint64_t)1 << in->cas);
    return ok;
}

/* Kernel cmpxchg: success and failure are two paths; only success is an
 * RMW (and ordered, for the mb form). atomic_add_unless is the same with
 * the test reversed (it succeeds unless it reads o) and old + n stored. */
static sem_next exec_cas(sem_run *r, const ll_instr *in)
{
    int ann = LL_C_ANN(in->flags);
    bool unless = in->flags & LL_C_CAS_UNLESS;
    sem_reg a = operand(r, in, 1);
    use(r, vsrc(r, &in->ops[1]));
    bool ok = cas_take(r, in);
    /* herd7's register-phase variables, in its order: a cmpxchg's
       failure way does not read the new value's local, so no copy of it
       joins a class; atomic_add_unless(v, a, u) reads a then u when it
       adds, u alone when it does not */
    sem_reg n = {0}, o;
    if (unless && ok)
        n = operand(r, in, 3);
    o = operand(r, in, 2);
    bool one = cr_one_op(r, 2);
    if (!unless)
        n = ok ? operand(r, in, 3) : sem_operand(r, &in->ops[3]);
    turn(r, ok);
    if (ok && ann == LL_C_MB && !(in->flags & LL_C_RMW_FENCED))
        rmw_fence(r, in);     /* else the FENCE before (prims.c) */
    /* the way's dead where the value read does not fit it (below) */
    way_test wt = {o.v, unless ? !ok : ok};
    if (!(ok != unless && cr_may_lose(r, 2, !vsrc(r, &in->ops[2]))))
        sem_load_only(r, way_holds, &wt);
    int ev;
    sem_reg old = sem_load(r, a.v, a.t,
                           BIT(T_RMW) | read_tags(ok ? ann : LL_C_ONCE), &ev);
    cr_read(r, old.t);
    if (sem_stopped(r))
        return SEM_ERROR;
    addr_vnode(r, ev, &in->ops[1]);
    if (unless && ok)       /* herd7's `S26 := S25 + S22`, read + a */
        cr_op(r, -2, 3);
    /* atomic_add_unless: o is the value that stops the addition. An
       expected value made of a pair of copies (sem_vnode.same, `r0 !=
       r1`, `(r2 | 2)`) uses neither: herd7's pass folds it to a
       constant first, then solves the equation or checks the failure's
       inequality (symbolic.c judges the pair, sem_run.sames) */
    sem_taint ex = folded(r, &in->ops[2]) ? 0 : vsrc(r, &in->ops[2]);
    use(r, (ok != unless && copy_equation(r, old.t, &in->ops[2])
                ? 0 : old.t | ex) |
               (unless ? vsrc(r, &in->ops[3]) : 0));
    /* herd7's register phase may lose a success's equation (c_regs.c) */
    int lost = ok != unless && !sem_free(r, old.t)
                   ? cr_success(r, 2, o.v, old.v, !vsrc(r, &in->ops[2]),
                                unless)
                   : 0;
    if (lost < 0 || (!lost && !sem_free(r, old.t) &&
                     sem_val_eq(old.v, o.v) != (unless ? !ok : ok)))
        return SEM_DEAD;
    if (ok != unless && !lost) {
        equate(r, old.t, in, 2, one, unless);
        sem_expect(r, ev, o.v, o.t);
    }
    if (ok && ann == LL_C_MB)
        sem_set_nodep(r, ev);
    if (ok) {
        sem_val nv = n.v;
        if (unless && !binop(r, LL_C_ADD, old.v, n.v, &nv)) {
            sem_next k = bad_op(r, old.t | n.t, old.t | n.t, LL_C_ADD, old.v,
                                n.v, "undefined atomic arithmetic");
            if (k != SEM_NEXT)
                return k;
            nv = sem_unsolved();
        }
        int w = sem_store(r, a.v, a.t, nv, n.t & ~nodata(r, in),
                          BIT(T_RMW) | write_tags(ann), ev);
        addr_vnode(r, w, &in->ops[1]);
        if (in->wait)   /* as exec_rmw's exchange of a nested RMW's value */
            sem_set_wait(r, w, r->pc - in->wait, r->pc - 1);
        sem_set_vdata(r, w, (unless ? old.t : 0) | vsrc(r, &in->ops[3]),
                      unless || vop(r, &in->ops[3]));
        if (!unless) {
            store_vnode(r, w, &in->ops[3]);
            cr_store(r, w, 3);  /* a copy of the new value's register */
        } else if (vop(r, &in->ops[3]))
            rmw_operand(r, w, &in->ops[3]);
        if (unless)
            adds_zero_local(r, &in->ops[3], n, LL_C_ADD, old.t, w);
        sem_set_iico(r, w, o.t);    /* herd7's iico_ctrl from the test */
        if (ann == LL_C_MB)
            rmw_fence(r, in);
    }
    if (unless)
        cr_copy(r, -1);
    /* herd7's failure way returns its 0 from the read and u (the
       output of linux_add_unless_no): a data dependency on both; the
       success way returns from its trailing smp_mb(), none */
    if (unless)
        set(r, &in->ops[0], sem_int(ok), ok ? 0 : old.t | o.t);
    else    /* a read its success pinned to a constant: herd7's register
               phase solves the register too (`atomic_add(r0 == 1, x)`
               then adds the constant 0, a copy: g21180008_185) */
        setv(r, &in->ops[0], old.v, old.t, r->pinned & old.t ? 0 : old.t);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

/* C11 compare-exchange: on failure the expected register, or location
 * (herd7's form: a plain write after the read), gets the value read; the
 * result is 1 on success, and only success computes the desired value
 * (ll_instr.cas). */
static sem_next exec_cas11(sem_run *r, const ll_instr *in)
{
    int succ = LL_C_ANN(in->flags), fail = LL_C_FAIL(in->flags);
    sem_reg a = operand(r, in, 1), e = operand(r, in, 2), n = {0};
    bool one = cr_one_op(r, 2);
    use(r, vsrc(r, &in->ops[1]));
    bool ok = cas_take(r, in);
    if (ok)     /* herd7 computes the desired value on success only */
        n = operand(r, in, 3);
    turn(r, ok);
    /* a weak one's failure compares nothing */
    bool test = ok || !(in->flags & LL_C_CAS_WEAK);
    way_test wt = {e.v, ok};
    if (test)
        sem_load_only(r, way_holds, &wt);
    int ev;
    sem_reg old = sem_load(r, a.v, a.t,
                           BIT(T_RMW) | read_tags(ok ? succ : fail), &ev);
    cr_read(r, old.t);
    if (sem_stopped(r))
        return SEM_ERROR;
    bool place = in->n_ops > 4;     /* herd7 reads it before the rest */
    if (place)
        sem_set_iico(r, ev, e.t);
    use(r, !test || (ok && copy_equation(r, old.t, &in->ops[2]))
               ? 0 : old.t | vsrc(r, &in->ops[2]));
    if (test && !sem_free(r, old.t) && sem_val_eq(old.v, e.v) != ok)
        return SEM_DEAD;
    if (ok) {
        equate(r, old.t, in, 2, one, false);
        sem_expect(r, ev, e.v, e.t);
    }
    addr_vnode(r, ev, &in->ops[1]);
    if (ok) {
        int w = sem_store(r, a.v, a.t, n.v, n.t,
                          BIT(T_RMW) | write_tags(succ), ev);
        sem_set_vdata(r, w, vsrc(r, &in->ops[3]), vop(r, &in->ops[3]));
        addr_vnode(r, w, &in->ops[1]);
    } else if (place) {   /* the expected location gets the value */
        sem_reg at = operand(r, in, 4);
        int w = sem_store(r, at.v, at.t, old.v, old.t, 0, -1);
        sem_set_vdata(r, w, old.t, false);
        sem_set_iico(r, w, e.t);
    } else
        setv(r, &in->ops[2], old.v, old.t, old.t);
    cr_copy(r, -1);
    set(r, &in->ops[0], sem_int(ok), old.t);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

static const sem_tags fence_tags[] = {
    [LL_C_F_MB] = BIT(T_MB),
    [LL_C_F_RMB] = BIT(T_RMB),
    [LL_C_F_WMB] = BIT(T_WMB),
    [LL_C_F_RCU_LOCK] = BIT(T_RCU_LOCK),
    [LL_C_F_RCU_UNLOCK] = BIT(T_RCU_UNLOCK),
    [LL_C_F_SYNC_RCU] = BIT(T_SYNC_RCU),
    [LL_C_F_BEFORE_ATOMIC] = BIT(T_BEFORE_ATOMIC),
    [LL_C_F_AFTER_ATOMIC] = BIT(T_AFTER_ATOMIC),
    [LL_C_F_AFTER_SPINLOCK] = BIT(T_AFTER_SPINLOCK),
    [LL_C_F_AFTER_UNLOCK_LOCK] = BIT(T_AFTER_UNLOCK_LOCK),
    [LL_C_F_BARRIER] = BIT(T_BARRIER),
    [LL_C_F_AFTER_SRCU_UNLOCK] = BIT(T_AFTER_SRCU_UNLOCK),
};

/* herd7 takes a lock operation on 0 (a misspelt lock: a name that is no
 * parameter is a register, 0; or a pointer read as 0), or an SRCU one,
 * as one on a word of its own, shared by every thread, with no initial write: two
 * threads exclude each other there, the first lock and a trylock
 * succeed, a lone unlock only raises unmatched-unlock, and
 * spin_is_locked returns 0 only after an unlock (lock.cat's RU reads
 * from an unlock or the initial write, and there is none). It is a
 * location of ours that no state or condition names; a read of its
 * start sees SEM_NO_INIT. */
static sem_reg lock_word(sem_run *r, sem_reg a)
{
    if (a.v.sym < 0 && a.v.num == 0)
        a.v = sem_lock_word0(r);
    return a;
}

/* Whether a lock finds a word free when it reads v there: 0, or the
 * start of the lock word at 0 (word0: the address was 0, lock_word),
 * SEM_NO_INIT, which only that word holds. On any other word SEM_NO_INIT
 * is a constant of the code like any other (2, in every location's
 * value set: seed_constants): taken as free there, each spin_lock's read
 * of 2 was one more run reading a value no write makes, 32 times the
 * runs of five spin_lock pairs (litmus/c/C+lock-reads-constant-2). */
static bool lock_free(sem_val v, bool word0)
{
    return is_zero(v) || (word0 && sem_val_eq(v, sem_int(SEM_NO_INIT)));
}

/* A lock's writes: a plain write of the lock word between them is
 * none of lock.cat's (critical, rfi-ru) */
#define LOCK_WRITES (BIT(T_LKW) | BIT(T_UL))

static bool lock_taken(sem_val v)
{
    /* 1 only: a plain write's other value on the word is none of a
       lock's (herd7's lock operations carry no value, lock.cat gives a
       failed trylock or spin_is_locked a lock's write to read) */
    return sem_val_eq(v, sem_int(1));
}

/* Unlock w's place in lock.cat: it is in co only after its own lock
 * (critical); one with none before it is in no co (herd7 counts one
 * execution, not one per place), read by no lock, but an RU of another
 * thread may read it (rfe-ru), and each RU of its own thread after it
 * with no lock between reads it and the unlocks before it back to its
 * thread's last lock (rfi-ru: the chain of also). */
/* Event ev (an unlock, or an RU) after an unlock of its thread with no
 * lock between: it chains to that unlock (sem_event.also). The tags of
 * its thread's last lock write before it (0: none). */
static sem_tags chain_unlock(sem_run *r, int ev)
{
    int prior = sem_prior_write(r, ev, LOCK_WRITES);
    sem_tags t = sem_prior_write_tags(r, ev, LOCK_WRITES);
    if (t & BIT(T_UL))
        sem_read_also(r, ev, prior);
    return t;
}

static void unlock_kind(sem_run *r, int w)
{
    if (!(chain_unlock(r, w) & BIT(T_LKW)))
        sem_set_aside(r, w);
}

/* sem_load_only's test of a lock's read (exec_lock): the way it needs,
 * free (or the word's start), taken, or unlocked (zero, or the start). */
typedef struct lock_test {
    enum { LT_FREE, LT_TAKEN, LT_UNLOCKED } need;
    sem_val addr;
    bool word0;
} lock_test;

static bool lock_holds(sem_run *r, sem_val v, const void *arg)
{
    const lock_test *t = arg;
    switch (t->need) {
    case LT_FREE:
        return lock_free(v, t->word0) || sem_is_start(r, t->addr, v);
    case LT_TAKEN:
        return lock_taken(v);
    default:
        return is_zero(v) || sem_is_start(r, t->addr, v);
    }
}

static sem_next exec_lock(sem_run *r, const ll_instr *in)
{
    sem_reg a = operand(r, in, in->op == LL_C_LOCK ? 0 : 1);
    use(r, vsrc(r, &in->ops[in->op == LL_C_LOCK ? 0 : 1]));
    int ev;
    bool word0 = a.v.sym < 0 && a.v.num == 0;
    a = lock_word(r, a);
    bool taken = in->op == LL_C_TRYLOCK && sem_choose(r, 2) == 0;
    if (in->op == LL_C_TRYLOCK)
        turn(r, taken);
    /* the runs of a read the way does not fit are dead (below) */
    lock_test lt = {LT_FREE, a.v, word0};
    if (in->op == LL_C_LOCK && !sem_lock_waits_kept(r))
        sem_load_only(r, lock_holds, &lt);
    if (in->op == LL_C_LOCK || taken) {
        sem_reg v = sem_load(r, a.v, a.t, BIT(T_LKR) | BIT(T_LK), &ev);
        if (sem_stopped(r))
            return SEM_ERROR;
        /* the lock is taken: it waits. A spin_lock's read goes nowhere
           else, so a waiting run not kept stops there: the run that read
           the word free goes on as it would (writes, a path to 0) */
        if (!sem_free(r, v.t) && !lock_free(v.v, word0) &&
            !sem_is_start(r, a.v, v.v) && !sem_lock_wait(r) &&
            in->op == LL_C_LOCK)
            return SEM_DEAD;
        sem_store(r, a.v, a.t, sem_int(1), 0, BIT(T_LKW) | BIT(T_LK), ev);
        if (in->op == LL_C_TRYLOCK)
            set(r, &in->ops[0], sem_int(1), v.t);
        return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
    }
    lt.need = LT_TAKEN;
    if (in->op == LL_C_TRYLOCK && !sem_lock_unvalued_may(r))
        sem_load_only(r, lock_holds, &lt);
    if (in->op == LL_C_TRYLOCK) {
        sem_reg v = sem_load(r, a.v, a.t, BIT(T_LF), &ev);
        if (sem_stopped(r))
            return SEM_ERROR;
        if (!sem_free(r, v.t) && !lock_taken(v.v) && !sem_lock_unvalued(r))
            return SEM_DEAD;
        set(r, &in->ops[0], sem_int(0), v.t);
        return SEM_NEXT;
    }
    /* spin_is_locked */
    bool locked = sem_choose(r, 2) == 0;
    turn(r, locked);
    lt.need = locked ? LT_TAKEN : LT_UNLOCKED;
    if (!sem_lock_unvalued_may(r))
        sem_load_only(r, lock_holds, &lt);
    sem_reg v = sem_load(r, a.v, a.t, BIT(locked ? T_RL : T_RU), &ev);
    if (sem_stopped(r))
        return SEM_ERROR;
    if (sem_free(r, v.t))
        ;
    else if ((locked ? !lock_taken(v.v)
                     : !is_zero(v.v) && !sem_is_start(r, a.v, v.v)) &&
             !sem_lock_unvalued(r))
        return SEM_DEAD;
    /* herd7's lock.cat gives an RU the initial write or an unlock of
       another thread (rfe-ru), and the unlocks of its own thread since
       its last lock besides (rfi-ru): whichever of two unlocks in co
       is co-later, the other makes a coherence cycle, so only an
       unmatched one, in no co, goes with an own unlock */
    if (!locked) {
        sem_set_aside(r, ev);
        chain_unlock(r, ev);
    }
    set(r, &in->ops[0], sem_int(locked), v.t);
    return SEM_NEXT;
}

/* srcu_read_lock returns an index that srcu_read_unlock takes back; as
 * in herd7 both events carry it, so a model can match them by value
 * (linux-kernel.bell's different-values). Each lock's index is herd7's
 * number, which the lowering computes into its third operand
 * (lib/c/poi.c); without one, its statement's number plus one. */
static sem_next exec_srcu(sem_run *r, const ll_instr *in)
{
    int k = in->op == LL_C_SRCU_LOCK ? 1 : 0;
    /* on 0 (a misspelt srcu_struct), herd7's word at 0, as for locks */
    sem_reg a = lock_word(r, operand(r, in, k));
    use(r, vsrc(r, &in->ops[k]));
    sem_tags tag = in->op == LL_C_SRCU_LOCK     ? BIT(T_SRCU_LOCK)
                   : in->op == LL_C_SRCU_UNLOCK ? BIT(T_SRCU_UNLOCK)
                                                : BIT(T_SYNC_SRCU);
    sem_val idx = sem_int(r->pc + 1);
    if (in->op == LL_C_SRCU_UNLOCK && in->n_ops > 1)
        idx = operand(r, in, 1).v;
    if (in->op == LL_C_SRCU_LOCK && in->n_ops > 2)   /* herd7's number */
        idx = operand(r, in, 2).v;
    sem_fence_at(r, a.v, a.t, tag,
                 in->op == LL_C_SYNC_SRCU ? NULL : &idx);
    if (in->op == LL_C_SRCU_LOCK)
        set(r, &in->ops[0], idx, 0);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

static sem_next c_exec(sem_run *r, const ll_instr *in, const char **label)
{
    int ann = LL_C_ANN(in->flags);
    sem_reg a, v;
    int ev, w;
    if (in->flags & LL_C_STEP) {
        r->step++;          /* one of herd7's instructions starts */
        r->step_regs = 0;
    }
    if (in->cas && in->op != LL_C_CAS && in->op != LL_C_CAS11 &&
        !cas_way(r, in->cas))
        return SEM_NEXT;    /* not evaluated on the RMW's failure way */
    sem_op_slots(r, in);
    cr_begin(r, in->op == LL_C_MOV || in->op == LL_C_BIN || in->op == LL_C_UN);
    switch (in->op) {
    case LL_C_MOV: {
        v = operand(r, in, 1);
        sem_taint c = vctrl(r, &in->ops[1]);
        cr_copy(r, 1);
        sem_vnode nd = copied_vnode(r, in, 1, vnode(r, &in->ops[1]));
        setv_op(r, &in->ops[0], v.v, v.t, vsrc(r, &in->ops[1]),
                vop(r, &in->ops[1]));
        set_vnode(r, &in->ops[0], nd, false);
        carry_ctrl(r, &in->ops[0], c);
        return SEM_NEXT;
    }
    case LL_C_BIN:
        return exec_bin(r, in);
    case LL_C_UN:
        return exec_un(r, in);
    case LL_C_LD:
        a = operand(r, in, 1);
        use(r, vsrc(r, &in->ops[1]));
        v = sem_load(r, a.v, a.t, read_tags(ann), &ev);
        if (sem_stopped(r))
            return SEM_ERROR;
        addr_vnode(r, ev, &in->ops[1]);
        cr_read(r, v.t);
        setv(r, &in->ops[0], v.v, v.t, v.t);
        return SEM_NEXT;
    case LL_C_ST:
        a = operand(r, in, 0);
        v = operand(r, in, 1);
        use(r, vsrc(r, &in->ops[0]));
        w = sem_store(r, a.v, a.t, v.v, v.t, write_tags(ann), -1);
        sem_set_vdata(r, w, vsrc(r, &in->ops[1]), vop(r, &in->ops[1]));
        store_vnode(r, w, &in->ops[1]);
        addr_vnode(r, w, &in->ops[0]);
        cr_store(r, w, 1);
        return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
    case LL_C_RMW:
        return exec_rmw(r, in);
    case LL_C_CAS:
        return exec_cas(r, in);
    case LL_C_CAS11:
        return exec_cas11(r, in);
    case LL_C_FENCE: {
        unsigned k = in->flags & 0xff;
        if (k == LL_C_F_C11)   /* an order, not an access: not in A */
            sem_fence(r, read_tags(ann) & ~BIT(T_A));
        else if (in->call)     /* an RMW's leading one (rmw_fence) */
            sem_fence_call(r, fence_tags[k] | BIT(T_ANNOT), r->pc,
                           r->pc + in->call);
        else if (k < sizeof fence_tags / sizeof *fence_tags)
            sem_fence(r, fence_tags[k] | BIT(T_ANNOT));
        return SEM_NEXT;
    }
    case LL_C_LOCK:
    case LL_C_TRYLOCK:
    case LL_C_ISLOCKED:
        return exec_lock(r, in);
    case LL_C_UNLOCK:
        a = lock_word(r, operand(r, in, 0));
        use(r, vsrc(r, &in->ops[0]));
        w = sem_store(r, a.v, a.t, sem_int(0), 0, BIT(T_UL), -1);
        if (w >= 0)
            unlock_kind(r, w);
        return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
    case LL_C_SRCU_LOCK:
    case LL_C_SRCU_UNLOCK:
    case LL_C_SYNC_SRCU:
        return exec_srcu(r, in);
    case LL_C_BZ: {
        v = operand(r, in, 0);
        sem_taint vs = vsrc(r, &in->ops[0]);
        /* a pair, a zpair or an operation on them (folded): no use */
        if (!vnode(r, &in->ops[0]).zpair && !folded(r, &in->ops[0]))
            use(r, vs);
        branch_vnode(r, &in->ops[0]);
        /* ... and the branches its value was set under, and every read
           of its condition (sem_run.step_regs: an RMW's operands) */
        sem_taint own = sem_step_reads(r, 0, INT_MAX);
        sem_taint regs = v.t | r->step_regs;
        sem_branch(r, regs | own | vctrl(r, &in->ops[0]));
        /* a register set in its arms carries the reads that came
           through registers, not this condition's own (sem_run.rctrl) */
        r->rctrl |= (regs & ~own) | vctrl(r, &in->ops[0]);
        /* the path pass takes both ways where herd7 does: on a value
           made of reads */
        bool taken = sem_free(r, vs) || sem_is_unsolved(v.v)
                         ? sem_choose(r, 2) == 0
                         : sem_free_branch(r, vs, !is_zero(v.v));
        if (in->ops[0].kind != LL_OPND_IMM)
            turn(r, taken);
        if (taken)
            return SEM_NEXT;
        *label = in->ops[1].sym;
        return SEM_JUMP;
    }
    case LL_C_JMP:
        *label = in->ops[0].sym;
        return SEM_JUMP;
    case LL_C_CTRL_SAVE:
        set(r, &in->ops[0], sem_int(0), r->ctrl);
        return SEM_NEXT;
    case LL_C_CTRL_RESTORE:   /* (CTRL_SAVE's set kept rctrl in vctrl) */
        r->ctrl = operand(r, in, 0).t;
        r->rctrl = vctrl(r, &in->ops[0]);
        return SEM_NEXT;
    }
    return SEM_ERROR;
}

static int c_addr_operand(const ll_instr *in)
{
    switch (in->op) {
    case LL_C_ST: return 0;
    case LL_C_LD: case LL_C_RMW: case LL_C_CAS: case LL_C_CAS11: return 1;
    }
    return -1;          /* locks and SRCU on 0 are a word of their own */
}

/* Whether binop (op) of a and b, one an address, may fail where herd7
 * refuses (bad_op): `x + 1` and `x - y` it makes, `1 - x` not; == and
 * != compare. */
static bool bin_may_refuse(int op, bool a, bool b)
{
    switch (op) {
    case LL_C_EQ: case LL_C_NE: return false;
    case LL_C_ADD: return a && b;
    case LL_C_SUB: return b;
    default: return a || b;
    }
}

/* The operand of a lock or SRCU operation that names its word, else
 * -1 (exec_lock, exec_srcu). */
static int word_operand(const ll_instr *in)
{
    switch (in->op) {
    case LL_C_LOCK: case LL_C_UNLOCK: case LL_C_SRCU_UNLOCK:
    case LL_C_SYNC_SRCU:
        return 0;
    case LL_C_TRYLOCK: case LL_C_ISLOCKED: case LL_C_SRCU_LOCK:
        return 1;
    }
    return -1;
}

/* sem_ops.address_flow: the registers an instruction sets are made of
 * its operands and what it reads (an address in, one may come out); an
 * illegal operation is bad_op's alone, on an address (exec_bin,
 * exec_rmw's arithmetic, atomic_add_unless's addition). A lock's result
 * is a number, srcu_read_lock's its index; one on a word a pointer names
 * may reach the word at 0 (lock_word): not known here. */
static bool c_address_flow(const ll_instr *in, const bool *may, bool *out)
{
    int word = word_operand(in);
    if (word >= 0) {
        for (int j = 0; j < in->n_ops; j++)
            out[j] = false;
        if (in->op == LL_C_SRCU_LOCK && in->n_ops > 2)
            out[0] = may[2];
        return word < in->n_ops && in->ops[word].kind == LL_OPND_SYM;
    }
    int at = c_addr_operand(in);
    bool any = at >= 0 && may[at];     /* the memory read */
    for (int k = 0; k < in->n_ops; k++)
        any |= k != at && may[k];
    for (int k = 0; k < in->n_ops; k++)
        out[k] = k != at && in->ops[k].kind == LL_OPND_REG && any;
    switch (in->op) {
    case LL_C_MOV: case LL_C_UN: case LL_C_LD: case LL_C_ST:
    case LL_C_CAS11: case LL_C_FENCE: case LL_C_BZ: case LL_C_JMP:
    case LL_C_CTRL_SAVE: case LL_C_CTRL_RESTORE:
        return true;
    case LL_C_BIN:
        return in->n_ops >= 3 &&
               !bin_may_refuse((int)(in->flags & 0xff), may[1], may[2]);
    case LL_C_RMW:
        return LL_C_RMW_KIND(in->flags) == LL_C_XCHG || !any;
    case LL_C_CAS:
        return !(in->flags & LL_C_CAS_UNLESS) || !any;
    }
    return false;
}

static bool c_counts_only(const ll_instr *in)
{
    return (in->op == LL_C_MOV || in->op == LL_C_BIN) &&
           (in->flags & LL_C_POI);
}

static bool c_value_operand(const ll_instr *in, int k)
{
    switch (in->op) {
    case LL_C_ST: return k == 1;
    case LL_C_RMW: return k == 2 && LL_C_RMW_KIND(in->flags) == LL_C_XCHG;
    case LL_C_CAS:
        return k == 2 || (k == 3 && !(in->flags & LL_C_CAS_UNLESS));
    case LL_C_CAS11: return k == 3;
    }
    return false;
}

/* Whether ops[0] of a C statement is the register it sets. */
static bool c_sets_first(const ll_instr *in)
{
    switch (in->op) {
    case LL_C_ST: case LL_C_FENCE: case LL_C_LOCK: case LL_C_UNLOCK:
    case LL_C_SRCU_UNLOCK: case LL_C_SYNC_SRCU: case LL_C_BZ: case LL_C_JMP:
    case LL_C_CTRL_RESTORE:
        return false;
    }
    return in->n_ops > 0 && in->ops[0].kind == LL_OPND_REG && in->ops[0].sym;
}

/* What a C operand holds of one read's value (c_writes_later_in_step):
 * nothing, the value itself (copies), or a value made from it. */
typedef enum { FROM_NONE, FROM_COPY, FROM_OP } c_from;

typedef struct c_dep {
    const char *reg[LL_C_STEP_DEPS];
    c_from from[LL_C_STEP_DEPS];
    int n;
} c_dep;

static c_from c_operand_from(const ll_operand *o, const c_dep *d)
{
    if (o->kind != LL_OPND_REG || !o->sym)
        return FROM_NONE;
    for (int j = 0; j < d->n; j++)
        if (!strcmp(o->sym, d->reg[j]))
            return d->from[j];
    return FROM_NONE;
}

/* What a statement's operands from k on hold of the read, the most. */
static c_from c_operands_from(const ll_instr *in, int k, const c_dep *d)
{
    c_from f = FROM_NONE;
    for (; k < in->n_ops; k++) {
        c_from g = c_operand_from(&in->ops[k], d);
        f = g > f ? g : f;
    }
    return f;
}

/* Whether a write of the step may be read by the read d follows: its
 * address comes not from the read, and its value is a copy of it (herd7
 * solves S := S, an undetermined value: `WRITE_ONCE(*z, xchg(z, 1))`) or
 * none of it; not one made from it, an equation herd7 cannot solve
 * (atomic_sub(atomic_read(x), x): taking the RMW's values made
 * RMW+chain-one-other-write's runs 18 times as many). */
static bool c_write_readable(const ll_instr *in, const c_dep *d)
{
    switch (in->op) {
    case LL_C_ST:
        return c_operand_from(&in->ops[0], d) == FROM_NONE &&
               c_operand_from(&in->ops[1], d) != FROM_OP;
    case LL_C_RMW: {
        c_from v = c_operand_from(&in->ops[2], d);
        return c_operand_from(&in->ops[1], d) == FROM_NONE &&
               (v == FROM_NONE ||
                (v == FROM_COPY && LL_C_RMW_KIND(in->flags) == LL_C_XCHG));
    }
    case LL_C_CAS: {
        c_from v = c_operand_from(&in->ops[3], d);
        return c_operand_from(&in->ops[1], d) == FROM_NONE &&
               (v == FROM_NONE ||
                (v == FROM_COPY && !(in->flags & LL_C_CAS_UNLESS)));
    }
    case LL_C_CAS11:
        /* C11's compare-exchange writes its desired value on success,
           and the value read to its expected location on failure
           (`atomic_load_explicit(x, mo) + atomic_compare_exchange_
           strong(x, e, 1)`: herd7 lets the load read the exchange's 1) */
        return c_operand_from(&in->ops[1], d) == FROM_NONE &&
               (in->n_ops < 5 || c_operand_from(&in->ops[4], d) ==
                                     FROM_NONE) &&
               c_operand_from(&in->ops[3], d) != FROM_OP;
    }
    return false;
}

/* Whether a write later in stmt's step (herd7's instruction) may feed
 * stmt's read (c_write_readable), following the registers made from the
 * read (past LL_C_STEP_DEPS of them, any later write counts). */
static bool c_writes_later_in_step(const ll_thread *t, int stmt)
{
    c_dep d = {0};
    const ll_instr *first = &t->stmts[stmt].instr;
    if (t->stmts[stmt].has_instr && c_sets_first(first)) {
        d.reg[0] = first->ops[0].sym;
        d.from[0] = FROM_COPY;
        d.n = 1;
    }
    for (int i = stmt + 1; i < t->n_stmts; i++) {
        const ll_instr *in = &t->stmts[i].instr;
        if (!t->stmts[i].has_instr)
            continue;
        if (in->flags & LL_C_STEP)
            return false;
        if (c_write_readable(in, &d))
            return true;
        if (!c_sets_first(in))
            continue;
        c_from f = c_operands_from(in, 1, &d);
        if (f == FROM_NONE)
            continue;
        if (d.n == LL_C_STEP_DEPS)
            return true;
        d.reg[d.n] = in->ops[0].sym;
        d.from[d.n++] = in->op == LL_C_MOV ? f : FROM_OP;
    }
    return false;
}

static bool c_adds_to_read(const ll_instr *in)
{
    return (in->op == LL_C_RMW && LL_C_RMW_KIND(in->flags) != LL_C_XCHG) ||
           (in->op == LL_C_CAS && (in->flags & LL_C_CAS_UNLESS));
}

/* RC11 for tests that use C11's atomics, the LKMM otherwise. */
static const char *c_model_for(const ll_test *t)
{
    for (int i = 0; i < t->n_threads; i++)
        for (int k = 0; k < t->threads[i].n_stmts; k++) {
            const ll_stmt *s = &t->threads[i].stmts[k];
            if (!s->has_instr)
                continue;
            int op = s->instr.op;
            if ((op == LL_C_LD || op == LL_C_ST || op == LL_C_RMW ||
                 op == LL_C_CAS11 || op == LL_C_FENCE) &&
                LL_C_ANN(s->instr.flags) >= LL_C_NA)
                return "rc11.cat";
        }
    return "lkmm.cat";
}

/* herd7's sets of C11 lock operations and consume accesses (our
 * semantics read memory_order_consume as acquire). */
static const char *const c_herd_empty[] = {"LS", "CON"};

/* A C11 compare-exchange whose expected value is `&r`, r a local (the
 * reader's LL_C_CAS11 of four operands, no location to write back):
 * herd7 7.58's C parser reads no `&` and refuses the test, reached or
 * not; hwrun runs it. */
static bool c_check(const ll_instr *in, ll_buf *why)
{
    if (in->op != LL_C_CAS11 || in->n_ops != 4)
        return true;
    ll_buf_puts(why, "herd7 7.58 does not read '&r', a local's address, as "
                     "a compare-exchange's expected value (its C parser: "
                     "\"unexpected '&'\"; it reads a location, a parameter "
                     "int *e), so the model refuses the test; hwrun runs it");
    return false;
}

const sem_ops sem_c_ops = {
    .arch = LL_ARCH_C,
    .default_model = "lkmm.cat",
    .model_for = c_model_for,
    .rmw_atomic = true,
    .herd_nonmem = BIT(T_LKR) | BIT(T_LKW) | BIT(T_UL) | BIT(T_LF) |
                   BIT(T_RL) | BIT(T_RU),
    .herd_chosen_reads = BIT(T_LF) | BIT(T_RL) | BIT(T_RU),
    .herd_free_reads = BIT(T_LKR) | BIT(T_RU),
    .tags = sem_lkmm_tags,
    .n_tags = T_LKMM_NTAGS,
    .herd_empty = c_herd_empty,
    .n_herd_empty = (int)(sizeof c_herd_empty / sizeof c_herd_empty[0]),
    .n_regs = 1,        /* an unused slot: a thread with no locals still
                           has a register array */
    .reg_slot = c_reg_slot,
    .reg_value = c_reg_value,
    .exec = c_exec,
    .seed_constants = true,
    .symbolic_values = true,
    .errors_on_every_path = true,
    /* herd7 7.58's C: a pointer moved off its location, by a value read
       or by a constant (`r1000 = (x+r2)`, `x+1`), is a location of its
       own with no initial write; a test reading one that nothing writes
       is refused (`mixed-size test rejected`) */
    .offsets_apart = true,
    .const_offsets_apart = true,
    .addr_operand = c_addr_operand,
    .value_operand = c_value_operand,
    .address_flow = c_address_flow,
    .adds_to_read = c_adds_to_read,
    .writes_later_in_step = c_writes_later_in_step,
    .counts_only = c_counts_only,
    .run_end = cr_run_end,
    .named_registers = true,
    /* C11's read-modify-writes, not the kernel's (two events in rmw) */
    .one_event = BIT(T_RLX) | BIT(T_ACQ) | BIT(T_REL) | BIT(T_ACQ_REL) |
                 BIT(T_SC),
    .nested_rmw = BIT(T_RMW),
    .check = c_check,
};
