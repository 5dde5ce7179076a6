/* herd_vars.c — the numbers herd7 7.58 gives its fresh variables in a C
 * test, so that a value no write fixes shows as herd7 shows it (`S16`);
 * in a test with no C tree, on straight-line code, by the semantics'
 * count per instruction (sem_ops.herd_vars: LISA).
 *
 * herd7 takes a fresh variable (numbered from 1 over the whole test,
 * threads in order) for every read of a parameter or a local (register
 * reads are symbolic too, even of a constant), every value read from
 * memory, and every operation on such values (`r1 + 1`, `r1 == 1`, and
 * the `!= 0` an `if (r1)` adds; none for constants, `x + 0`, `x | 0`).
 * A store's address is read before its value (`*b = *a`: b, a, the
 * read). Measured on variants written for this (litmus/c/SYM+*).
 *
 * herd7 reads the thread's whole tree: an `if` on a non-constant value
 * reads both branches (then before else) and then the rest of its block
 * once for each way out of the if, in the order of the if's list of
 * outcomes; a cmpxchg, an atomic_add_unless, a spin_trylock and a
 * spin_is_locked are such forks too. The lists are built as herd7's
 * monad builds them: an if's list is (then-list ++ else-list) reversed,
 * a block's is (for each outcome of its first statement in order, the
 * list of the rest after it) concatenated and reversed, and the rest of
 * a block is read once per outcome in list order. So one run of ours
 * (one path) needs the sizes of what it does not take. The register
 * phase that names them is replayed along a C run (c_regs_walk): its
 * copies, operations, zero copies (sem_vnode.zero: an add or or of a
 * value it solves to 0 is left a copy) and constants, solved by
 * herd_solver.c as herd7 does, for the copies it leaves to the memory
 * phase in its order (model/symbolic.c reg_map). A symbol's
 * number is its read's parent in herd7's register phase
 * (mdl_herd_read_parents), where not known the largest variable of its
 * class: the reads a cycle of copies makes equal and the register reads
 * that copy them. */
#include "model/engine.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/c_ast.h"
#include "model/herd_solver.h"

#define HV_BIG ((int64_t)1 << 50)   /* beyond this, herd7 would not end */

typedef struct hv_src {
    const char *name;
    int src;                 /* statement of the read it copies, or -1 */
    int64_t hold;            /* the variable its value is (a read's, an
                                operation's, a register read's), 0: a
                                constant or none (herd7's register phase) */
} hv_src;

typedef struct hv {
    const ll_thread *th;
    int64_t *size, *nout;    /* per node: one reading of it */
    int64_t *ssize, *snout;  /* per node: it and the rest of its block */
    bool ok;
    /* along one run */
    uint64_t turns;
    int n_turns, next_turn;
    int64_t *read_var, *copy_var;
    int64_t *op_own;         /* per operation statement: its variable */
    int64_t (*ret)[3];       /* per _return RMW (c_walk): its result's
                                variable, the largest register read
                                holding it (its class, ret_class) and 1 +
                                the statement that read is in */
    int cur;                 /* the last statement of the C statement
                                number_range numbers */
    int *val_op;             /* per store: the operation it stores, -1 */
    hv_src *srcs;
    int n_srcs, cap_srcs;
    /* herd7's register equations along the run, when asked (eqs_on): a
       register read's variable := the one its local holds; per store of
       a local, that read's variable (mdl_herd_regs) */
    bool eqs_on;
    int (*eqs)[2];
    int n_eqs, cap_eqs;
    int64_t *store_var;
    int64_t (*op_arg)[2];   /* mdl_herd_regs.op_arg, op_src, or NULL */
    int (*op_src)[2];
    /* ... and (eqs_on) the rest of its register phase on the way: each
       operation (cops: its variable, its operands' or 0 for a constant,
       a fold, the operand a zero copy of the run copies or -1, whether
       symbolic.c has a variable for it: a live operation of the run, no
       branch's condition), each read of a constant (a local holding
       one, a parameter) */
    const mdl_run *run;
    bool complex;           /* an RMW, a lock, ... on the way: not all of
                               its register phase is in cops */
    int (*cops)[6];
    int n_cops, cap_cops;
    int *consts;
    int n_consts, cap_consts;
} hv;

static bool is_local(const ll_operand *o)
{
    return o->kind == LL_OPND_REG && o->sym && o->sym[0] != '@';
}

/* A read of a parameter (a location's address) or of a local. */
static int opnd_vars(const ll_operand *o)
{
    return o->kind == LL_OPND_SYM || is_local(o);
}

static bool is_const(const ll_operand *o)
{
    return o->kind == LL_OPND_IMM;
}

static bool is_zero_imm(const ll_operand *o)
{
    return o->kind == LL_OPND_IMM && o->imm == 0;
}

/* x + 0, 0 + x, x | 0: herd7 makes no variable of them. */
static int bin_same(const ll_instr *in)
{
    int op = (int)(in->flags & 0xff);
    if (op != LL_C_ADD && op != LL_C_OR)
        return 0;
    if (is_zero_imm(&in->ops[2]))
        return 1;
    if (is_zero_imm(&in->ops[1]))
        return 2;
    return 0;
}

/* The lowering's count of statements for srcu_read_lock's index
 * (lib/c/poi.c: `@t = @t + 599 * n`, a temporary added to itself): no
 * code of the test, no variable of herd7's. */
static bool poi_tick(const ll_instr *in)
{
    const ll_operand *o = in->ops;
    return in->op == LL_C_BIN && o[0].kind == LL_OPND_REG && o[0].sym &&
           o[0].sym[0] == '@' && o[1].kind == LL_OPND_REG && o[1].sym &&
           !strcmp(o[0].sym, o[1].sym) && is_const(&o[2]);
}

static bool is_temp(const ll_operand *o)
{
    return o->kind == LL_OPND_REG && o->sym && o->sym[0] == '@';
}

/* The variables of an operation (LL_C_BIN, LL_C_UN) whose operands take
 * a and b (b: a binary one's second): its result's, none for `x + 0`,
 * `x | 0` or an operation on constants. */
static int64_t op_vars(const ll_instr *in, int64_t a, int64_t b)
{
    const ll_operand *o = in->ops;
    if (in->op == LL_C_UN)
        return a + !is_const(&o[1]);
    return a + b + (!bin_same(in) && !(is_const(&o[1]) && is_const(&o[2])));
}

/* The variable of an RMW's operation on its read: none for an exchange,
 * nor for adding or or-ing a literal 0 (herd7 writes the read back: a
 * copy, litmus/c/LB+fetch-add-zero-cycle). */
static int rmw_op_var(const ll_instr *in)
{
    int op = (int)(in->flags & 0xff);
    return LL_C_RMW_KIND(in->flags) != LL_C_XCHG &&
           !((op == LL_C_ADD || op == LL_C_OR) && is_zero_imm(&in->ops[2]));
}

/* An operation or a read (READ_ONCE) into a temporary. */
static bool operand_step(const ll_instr *d)
{
    return (d->op == LL_C_BIN || d->op == LL_C_UN || d->op == LL_C_LD) &&
           is_temp(&d->ops[0]) && !poi_tick(d);
}

/* ... or an RMW into one, nested in a cmpxchg's operand (`cmpxchg(w,
 * xchg(x, 1), 2)`: the lowering runs the exchange first). */
static bool cas_step(const ll_instr *d)
{
    return operand_step(d) || (d->op == LL_C_RMW && is_temp(&d->ops[0]));
}

/* Statement j is an operation, a read or an RMW into a temporary that a
 * kernel cmpxchg right after it (through more such statements, and the
 * fences of fully ordered ones) takes as its expected or new value:
 * herd7 evaluates that expression inside the cmpxchg, on each way that
 * uses it (g8100206_62: `cmpxchg(z, 1, r0 == r0)` reads r0 only on the
 * success way; `cmpxchg(y, READ_ONCE(*w), 1)` reads w on both, and
 * `cmpxchg(w, xchg(x, 1), 2)` numbers the exchange's variables on both:
 * litmus/c/SYM+cmpxchg-expects-xchg). atomic_add_unless is one too: its
 * addend is evaluated on the addition only. The chain must take j's
 * temporary: an RMW whose result nothing takes (`atomic_inc(x);` before
 * it) is a statement of its own. The cmpxchg's index, or -1. */
static int cas_user(const ll_thread *th, int j)
{
    if (!th->stmts[j].has_instr || !cas_step(&th->stmts[j].instr))
        return -1;
    /* the temporaries made from j's: a statement that takes none is
       beside the chain (`(r0 + 1 == 0) * cmpxchg(y, 0, 1)`: the `==`
       takes the `+`, the cmpxchg neither) */
    const char *live[16];
    int n_live = 0;
    live[n_live++] = th->stmts[j].instr.ops[0].sym;
    for (int k = j + 1; k < th->n_stmts; k++) {
        const ll_stmt *s = &th->stmts[k];
        if (!s->has_instr || s->label)
            return -1;
        bool used = false;
        for (int i = 1; i < s->instr.n_ops && !used; i++)
            for (int l = 0; l < n_live && !used; l++)
                used = s->instr.ops[i].sym &&
                       !strcmp(s->instr.ops[i].sym, live[l]);
        if (s->instr.op == LL_C_CAS)
            return used ? k : -1;
        if (s->instr.op != LL_C_FENCE && !cas_step(&s->instr))
            return -1;
        if (used && n_live < 16)
            live[n_live++] = s->instr.ops[0].sym;
    }
    return -1;
}

/* The statement before the cmpxchg i that computes o, a temporary the
 * cmpxchg takes directly or through more operations (cas_user), or -1. */
static int cas_operand_def(const ll_thread *th, int i, const ll_operand *o)
{
    if (!is_temp(o))
        return -1;
    for (int j = i - 1; j >= 0; j--) {
        const ll_stmt *s = &th->stmts[j];
        if (s->has_instr && s->instr.op == LL_C_FENCE && !s->label)
            continue;
        if (cas_user(th, j) != i)
            break;
        if (!strcmp(s->instr.ops[0].sym, o->sym))
            return j;
    }
    return -1;
}

/* The order in which herd7 reads an RMW's location (1) and value (2):
 * an exchange its location first, the atomic operations a computed
 * value first (addr_first). */
static bool value_first(const ll_instr *in)
{
    return LL_C_RMW_KIND(in->flags) != LL_C_XCHG && is_temp(&in->ops[2]);
}

/* The variables of a cmpxchg's operand o: its expression's when the
 * cmpxchg computes it (cas_operand_def), else its own read. */
static int64_t cas_opnd_vars(const ll_thread *th, int i, const ll_operand *o)
{
    int j = cas_operand_def(th, i, o);
    if (j < 0)
        return opnd_vars(o);
    const ll_instr *in = &th->stmts[j].instr;
    if (in->op == LL_C_LD)      /* its address, then the read */
        return cas_opnd_vars(th, i, &in->ops[1]) + 1;
    if (in->op == LL_C_RMW)
        return cas_opnd_vars(th, i, &in->ops[1]) +
               cas_opnd_vars(th, i, &in->ops[2]) + 1 + rmw_op_var(in);
    return op_vars(in, cas_opnd_vars(th, i, &in->ops[1]),
                   in->op == LL_C_BIN ? cas_opnd_vars(th, i, &in->ops[2]) : 0);
}

/* Does statement i (a BZ) test a comparison made in [first, i)? herd7
 * adds a `!= 0` to anything else. */
static bool tests_comparison(const ll_thread *th, int first, int i)
{
    const ll_operand *v = &th->stmts[i].instr.ops[0];
    if (v->kind != LL_OPND_REG || !v->sym)
        return false;
    for (int k = i - 1; k >= first; k--) {
        const ll_stmt *s = &th->stmts[k];
        if (!s->has_instr || s->instr.n_ops < 1 ||
            s->instr.ops[0].kind != LL_OPND_REG || !s->instr.ops[0].sym ||
            strcmp(s->instr.ops[0].sym, v->sym))
            continue;
        int op = (int)(s->instr.flags & 0xff);
        return s->instr.op == LL_C_BIN && op >= LL_C_EQ && op <= LL_C_GE;
    }
    return false;
}

/* The variables statement i takes; *fork: it is a fork (cmpxchg...). */
static int64_t instr_vars(const ll_thread *th, int first, int i, bool *fork)
{
    const ll_stmt *s = &th->stmts[i];
    *fork = false;
    if (!s->has_instr)
        return 0;
    const ll_instr *in = &s->instr;
    const ll_operand *o = in->ops;
    switch (in->op) {
    case LL_C_MOV:
        return opnd_vars(&o[1]);
    case LL_C_BIN:
        if (poi_tick(in) || cas_user(th, i) >= 0)
            return 0;
        return op_vars(in, opnd_vars(&o[1]), opnd_vars(&o[2]));
    case LL_C_UN:
        if (cas_user(th, i) >= 0)
            return 0;
        return op_vars(in, opnd_vars(&o[1]), 0);
    case LL_C_LD:
        if (cas_user(th, i) >= 0)
            return 0;
        return opnd_vars(&o[1]) + 1;
    case LL_C_ST:
        return opnd_vars(&o[0]) + opnd_vars(&o[1]);
    case LL_C_RMW:
        if (cas_user(th, i) >= 0)
            return 0;
        return opnd_vars(&o[1]) + opnd_vars(&o[2]) + 1 + rmw_op_var(in);
    case LL_C_CAS:
    case LL_C_CAS11:
        /* each way reads the address and the expected value again */
        *fork = true;
        return 2 * opnd_vars(&o[1]) + 2 * cas_opnd_vars(th, i, &o[2]) +
               cas_opnd_vars(th, i, &o[3]) +
               (in->op == LL_C_CAS && (in->flags & LL_C_CAS_UNLESS)
                    ? 3 + !is_zero_imm(&o[3]) : 3);
    case LL_C_LOCK:
    case LL_C_UNLOCK:
    case LL_C_SYNC_SRCU:
        return opnd_vars(&o[0]);
    case LL_C_TRYLOCK:
    case LL_C_ISLOCKED:
        *fork = true;
        return opnd_vars(&o[1]);
    case LL_C_SRCU_LOCK:
        return opnd_vars(&o[1]);
    case LL_C_SRCU_UNLOCK:
        return opnd_vars(&o[0]) + (in->n_ops > 1 ? opnd_vars(&o[1]) : 0);
    case LL_C_BZ:
        return opnd_vars(&o[0]) +
               (!is_const(&o[0]) && !tests_comparison(th, first, i));
    default:
        return 0;
    }
}

/* The variables of statements [first, last); *forks: how many forks
 * among them. A branch inside (the `&&`, `||` or `?:` the lowering
 * makes into jumps, which herd7 7.58's C does not read) is not
 * followed; last_bz: the if's own, at the end, is. */
static int64_t range_vars(hv *h, int first, int last, int last_bz,
                          int *forks)
{
    int64_t n = 0;
    *forks = 0;
    for (int i = first; i < last; i++) {
        bool fork;
        n += instr_vars(h->th, first, i, &fork);
        *forks += fork;
        const ll_stmt *s = &h->th->stmts[i];
        if (i != last_bz && s->has_instr && s->instr.op == LL_C_BZ &&
            !is_const(&s->instr.ops[0]))
            h->ok = false;
    }
    return n;
}

static int64_t cap(hv *h, int64_t v)
{
    if (v > HV_BIG) {
        h->ok = false;
        return HV_BIG;
    }
    return v;
}

/* The BZ that ends an if's condition, or -1. */
static int if_bz(const ll_thread *th, const ll_c_node *n)
{
    int end = n->kid >= 0 ? th->c_tree[n->kid].first : n->last;
    for (int i = end - 1; i >= n->first; i--)
        if (th->stmts[i].has_instr && th->stmts[i].instr.op == LL_C_BZ)
            return i;
    return -1;
}

/* Does the if's condition end in a spin_trylock whose result the if
 * tests (`if (spin_trylock(t))`)? herd7's trylock forks, and on each way
 * its result is a constant: no `!= 0`, and each way reads only its branch
 * (then on the locked way, else on the other): C-trylock-in-if-symbol,
 * `if (spin_trylock(t)) spin_unlock(t);` takes 2 variables, not 4. */
static bool trylock_if(const ll_thread *th, const ll_c_node *n, int bz)
{
    const ll_operand *v = &th->stmts[bz].instr.ops[0];
    for (int i = bz - 1; i >= n->first; i--) {
        const ll_stmt *s = &th->stmts[i];
        if (!s->has_instr || s->instr.op == LL_C_CTRL_SAVE)
            continue;
        const ll_operand *d = &s->instr.ops[0];
        return s->instr.op == LL_C_TRYLOCK && v->kind == LL_OPND_REG &&
               v->sym && d->kind == LL_OPND_REG && d->sym &&
               !strcmp(v->sym, d->sym);
    }
    return false;
}

/* An if whose condition's value is computed from kernel cmpxchgs' or
 * atomic_add_unless's results (forks: `if (cmpxchg(y, 0, 1) == 0)`, `if
 * (atomic_add_unless(v, a, u))`, `if (cmpxchg(y, r1, 2) + r0 > 0)`, `if
 * (READ_ONCE(*z) + cmpxchg(...))`, `if (cmpxchg(y, 0, 1) + cmpxchg(z, 0,
 * 1))`): herd7 evaluates the condition as an expression tree, each
 * operand before its operation, each fork's two ways where it stands. An
 * operation with forks under it (a level) is made once per combination
 * of their ways: its operands' outcome lists are paired (>>|), the left
 * one's major, which reverses them, then its bind (>>=) makes one
 * variable per pair in that order and reverses the list back. With a
 * fork's list success first, a level's variables go by its forks' ways
 * in ascending order (the failure's first), its list in descending
 * order. A way's value is the value read (cmpxchg) or a constant
 * (atomic_add_unless: 1 added, 0 not); herd7 folds an operation on
 * constants, and `x + 0`, `0 + x`, `x | 0` are x, so a level is a
 * variable on a combination only where its value is one
 * (`atomic_add_unless(y, 0, r1) + r0 == 0`: `S22:=1+S21` on the
 * addition, none on the failure, whose value is r0's S21). Then the if
 * on each combination in its list order: both branches where the value
 * is a variable, the one it selects where a constant. A combination is
 * a number, fork i's success its bit FORK_MAX - 1 - i of n_fk. */
#define FORK_LEVELS 8
#define FORK_MAX 3
#define FORK_WAYS (1 << FORK_MAX)

typedef struct fork_if {
    int first;          /* the condition's first statement */
    int n_fk;
    int fk[FORK_MAX];   /* the forks' statements, in the tree's order */
    int levels;
    int ops[FORK_LEVELS];   /* the levels, each after its operands;
                               -1 last: build_cond's `!= 0` */
    uint8_t below[FORK_LEVELS];     /* its forks' bits */
    uint8_t made[FORK_LEVELS];      /* bit c: a variable on combination c
                                       (its other forks' bits 0) */
    bool sym[FORK_LEVELS][FORK_WAYS];   /* its value on combination c is
                                           a variable, */
    int64_t val[FORK_LEVELS][FORK_WAYS];    /* else this constant */
} fork_if;

/* Whether instruction in sets its first operand. */
static bool sets_dest(const ll_instr *in)
{
    switch (in->op) {
    case LL_C_MOV: case LL_C_BIN: case LL_C_UN: case LL_C_LD:
    case LL_C_RMW: case LL_C_CAS: case LL_C_CAS11: case LL_C_TRYLOCK:
    case LL_C_ISLOCKED: case LL_C_SRCU_LOCK: case LL_C_CTRL_SAVE:
        return true;
    default:
        return false;
    }
}

/* The statement of [first, before) that last sets temporary o, or -1. */
static int temp_def(const ll_thread *th, int first, int before,
                    const ll_operand *o)
{
    if (!is_temp(o))
        return -1;
    for (int j = before - 1; j >= first; j--) {
        const ll_stmt *s = &th->stmts[j];
        if (s->has_instr && sets_dest(&s->instr) &&
            is_temp(&s->instr.ops[0]) && !strcmp(s->instr.ops[0].sym, o->sym))
            return j;
    }
    return -1;
}

static int fork_bit(const fork_if *f, int i)
{
    return 1 << (f->n_fk - 1 - i);
}

/* The condition's expression under statement j (marked in `in`), as
 * fork_num numbers it: operations, reads and RMWs on locals, constants
 * or such expressions, and forks (kernel cmpxchg, atomic_add_unless,
 * whose operands are their own: cas_user) under operations only. 1 if
 * a fork is under j, 0 if none, -1 for anything else; the levels (the
 * operations with forks under them) into f->ops, each after its
 * operands. */
static int fork_tree(const ll_thread *th, fork_if *f, int j, bool *in,
                     int depth)
{
    const ll_stmt *s = &th->stmts[j];
    if (depth > 32 || !s->has_instr || s->label || in[j])
        return -1;
    in[j] = true;
    const ll_instr *d = &s->instr;
    if (d->op == LL_C_CAS) {
        if (f->n_fk >= FORK_MAX || !is_temp(&d->ops[0]))
            return -1;
        for (int k = 1; k <= 3; k++)
            if (is_temp(&d->ops[k]) && cas_operand_def(th, j, &d->ops[k]) < 0)
                return -1;
        f->fk[f->n_fk++] = j;
        return 1;
    }
    if ((d->op != LL_C_BIN && d->op != LL_C_UN && d->op != LL_C_LD &&
         d->op != LL_C_RMW) || poi_tick(d) || cas_user(th, j) >= 0)
        return -1;
    int n = d->op == LL_C_BIN || d->op == LL_C_RMW ? 2 : 1, under = 0;
    for (int k = 1; k <= n; k++) {
        if (!is_temp(&d->ops[k]))
            continue;
        int def = temp_def(th, f->first, j, &d->ops[k]);
        int u = def >= 0 ? fork_tree(th, f, def, in, depth + 1) : -1;
        if (u < 0)
            return -1;
        under |= u;
    }
    if (under && (d->op != LL_C_BIN || f->levels >= FORK_LEVELS - 1))
        return -1;          /* a fork's result read or exchanged */
    if (under)
        f->ops[f->levels++] = j;
    return under;
}

/* The value state of operand o of statement j on combination c: a
 * constant (*v), or a variable (true). */
static bool fork_opnd_sym(const ll_thread *th, const fork_if *f, int j,
                          const ll_operand *o, int c, int64_t *v)
{
    *v = is_const(o) ? o->imm : 0;
    int def = temp_def(th, f->first, j, o);
    for (int i = 0; i < f->n_fk; i++)
        if (def == f->fk[i]) {
            *v = (c & fork_bit(f, i)) != 0;
            return !(th->stmts[def].instr.flags & LL_C_CAS_UNLESS);
        }
    for (int k = 0; k < f->levels; k++)
        if (def >= 0 && def == f->ops[k]) {
            *v = f->val[k][c];
            return f->sym[k][c];
        }
    return !is_const(o);
}

/* Level k on each combination, folded as herd7 folds it. */
static bool fork_level_values(const ll_thread *th, fork_if *f, int k)
{
    const ll_instr *in = f->ops[k] >= 0 ? &th->stmts[f->ops[k]].instr
                                        : NULL;
    int op = in ? (int)(in->flags & 0xff) : LL_C_NE;
    f->made[k] = 0;
    for (int c = 0; c < 1 << f->n_fk; c++) {
        int64_t a, b = 0;
        bool sa, sb = false;
        if (in) {
            sa = fork_opnd_sym(th, f, f->ops[k], &in->ops[1], c, &a);
            sb = fork_opnd_sym(th, f, f->ops[k], &in->ops[2], c, &b);
        } else {            /* `!= 0` on the level before, or the fork */
            sa = k ? f->sym[k - 1][c] : !(th->stmts[f->fk[0]].instr.flags &
                                          LL_C_CAS_UNLESS);
            a = k ? f->val[k - 1][c] : (c & fork_bit(f, 0)) != 0;
        }
        f->sym[k][c] = sa || sb;
        f->val[k][c] = 0;
        if (!sa && !sb) {
            if (!ll_c_eval_binop(op, a, b, &f->val[k][c]))
                return false;
        } else if (!((op == LL_C_ADD || op == LL_C_OR) &&
                     ((!sa && a == 0) || (!sb && b == 0)))) {
            if (!(c & ~f->below[k]))
                f->made[k] |= (uint8_t)(1u << c);
        }
    }
    return true;
}

/* Each level's forks (bits). */
static void fork_masks(const ll_thread *th, fork_if *f)
{
    for (int k = 0; k < f->levels; k++) {
        const ll_instr *in = &th->stmts[f->ops[k]].instr;
        int m = 0;
        for (int o = 1; o <= 2; o++) {
            int def = temp_def(th, f->first, f->ops[k], &in->ops[o]);
            for (int i = 0; i < f->n_fk; i++)
                m |= def == f->fk[i] ? fork_bit(f, i) : 0;
            for (int q = 0; q < k; q++)
                m |= def >= 0 && def == f->ops[q] ? f->below[q] : 0;
        }
        f->below[k] = (uint8_t)m;
    }
}

/* The expression under statement root, all of [first, end) but the
 * statement `own` (the if's BZ, a statement's store or copy) and the
 * forks' operands, fences and ctrl_save, into f (fork_tree); false
 * where it has no fork or something else. */
static bool fork_expr(const ll_thread *th, fork_if *f, int first, int end,
                      int root, int own)
{
    f->n_fk = f->levels = 0;
    f->first = first;
    if (root < 0)
        return false;
    bool *in = ll_xcalloc((size_t)end + 1, sizeof *in);
    bool ok = fork_tree(th, f, root, in, 0) > 0;
    for (int j = first; ok && j < end; j++) {
        const ll_stmt *s = &th->stmts[j];
        bool opnd = false;
        for (int i = 0; i < f->n_fk && !opnd; i++)
            opnd = cas_user(th, j) == f->fk[i];
        ok = !s->label && (!s->has_instr || in[j] || opnd || j == own ||
                           s->instr.op == LL_C_FENCE ||
                           s->instr.op == LL_C_CTRL_SAVE);
    }
    free(in);
    if (ok)
        fork_masks(th, f);
    return ok;
}

static bool fork_values(const ll_thread *th, fork_if *f)
{
    for (int k = 0; k < f->levels; k++)
        if (!fork_level_values(th, f, k))
            return false;
    return true;
}

static bool fork_if_of(const ll_thread *th, const ll_c_node *n, int bz,
                       fork_if *f)
{
    const ll_operand *c = &th->stmts[bz].instr.ops[0];
    if (!fork_expr(th, f, n->first, bz, temp_def(th, n->first, bz, c), -1))
        return false;
    if (!tests_comparison(th, n->first, bz)) {
        f->ops[f->levels] = -1;
        f->below[f->levels++] = (uint8_t)((1 << f->n_fk) - 1);
    }
    return fork_values(th, f);
}

/* The statement that ends C statement n (a STMT node) and the one that
 * computes its value: `r2 = cmpxchg(y, 0, 1) + 1;` its copy (MOV) to a
 * local, `WRITE_ONCE(*w, ...)` its store, `cmpxchg(...) + 1;` the
 * operation itself (*own -1). */
static int stmt_root(const ll_thread *th, const ll_c_node *n, int *own)
{
    int last = n->last - 1;
    while (last >= n->first && (!th->stmts[last].has_instr ||
                                th->stmts[last].instr.op == LL_C_FENCE))
        last--;
    *own = -1;
    if (last < n->first)
        return -1;
    const ll_instr *in = &th->stmts[last].instr;
    if ((in->op == LL_C_MOV && is_local(&in->ops[0])) || in->op == LL_C_ST) {
        *own = last;
        return temp_def(th, n->first, last, &in->ops[1]);
    }
    return sets_dest(in) && is_temp(&in->ops[0]) ? last : -1;
}

/* A C statement whose value is computed from forks' results through
 * operations (levels: `r2 = cmpxchg(y, r1, 2) + r0;`), numbered as an
 * if's condition (fork_if) without the if: its outcomes are the
 * combinations of the forks' ways, in ascending order (the statement's
 * bind reverses its expression's list: a lone cmpxchg's failure
 * first, fork_index). A statement with no level is numbered in order. */
static bool fork_stmt_of(const ll_thread *th, const ll_c_node *n,
                         fork_if *f)
{
    int own;
    int root = stmt_root(th, n, &own);
    return fork_expr(th, f, n->first, n->last, root, own) && f->levels &&
           fork_values(th, f);
}

/* The branches combination c of a fork_if reads, in order, into a: -1
 * an absent else (one way out), -2 none. */
static void fork_arms(const ll_c_node *n, const fork_if *f, int c, int a[2])
{
    int k = f->levels - 1;
    a[0] = f->sym[k][c] || f->val[k][c] ? n->kid : n->other;
    a[1] = f->sym[k][c] ? n->other : -2;
}

/* The variables fork_num adds to the statements' count (instr_vars) of
 * a fork_if's condition (bz its BZ, -1 a statement's): the levels' on
 * each combination, for their one (and the `!= 0` herd7 adds to an if's
 * value, the BZ's). */
static int64_t fork_level_vars(const ll_thread *th, const fork_if *f,
                               int bz)
{
    int64_t n = bz < 0 ? 0 : -(int64_t)!tests_comparison(th, f->first, bz);
    for (int k = 0; k < f->levels; k++) {
        n += __builtin_popcount(f->made[k]);
        if (f->ops[k] >= 0)
            n -= !bin_same(&th->stmts[f->ops[k]].instr);
    }
    return n;
}

static void measure(hv *h, int k);

/* Node k and the statements after it in its block. */
static void measure_seq(hv *h, int k)
{
    if (h->ssize[k] >= 0)
        return;
    measure(h, k);
    int next = h->th->c_tree[k].next;
    int64_t rs = 0, rn = 1;
    if (next >= 0) {
        measure_seq(h, next);
        rs = h->ssize[next];
        rn = h->snout[next];
    }
    h->ssize[k] = cap(h, h->size[k] + cap(h, h->nout[k] * rs));
    h->snout[k] = cap(h, h->nout[k] * rn);
}

static void measure(hv *h, int k)
{
    if (h->size[k] >= 0)
        return;
    const ll_c_node *n = &h->th->c_tree[k];
    int forks = 0;
    int64_t size = 0, nout = 1;
    switch (n->kind) {
    case LL_C_NODE_STMT: {
        size = range_vars(h, n->first, n->last, -1, &forks);
        fork_if f;
        if (forks >= 1 && fork_stmt_of(h->th, n, &f)) {
            size += fork_level_vars(h->th, &f, -1);
            nout = 1 << f.n_fk;
            break;
        }
        if (forks > 1)
            h->ok = false;
        nout = forks ? 2 : 1;
        break;
    }
    case LL_C_NODE_BLOCK:
        if (n->kid >= 0) {
            measure_seq(h, n->kid);
            size = h->ssize[n->kid];
            nout = h->snout[n->kid];
        }
        break;
    case LL_C_NODE_IF: {
        int bz = if_bz(h->th, n);
        if (bz < 0 || n->kid < 0) {
            h->ok = false;
            break;
        }
        size = range_vars(h, n->first, h->th->c_tree[n->kid].first, bz,
                          &forks);
        const ll_operand *v = &h->th->stmts[bz].instr.ops[0];
        bool tl = forks == 1 && trylock_if(h->th, n, bz);
        if (tl) {
            bool fork;
            size -= instr_vars(h->th, n->first, bz, &fork);
            forks = 0;
        }
        fork_if f;
        if (forks >= 1 && !tl && fork_if_of(h->th, n, bz, &f)) {
            /* the condition, its levels on each way, then the branches
               each way reads */
            size += fork_level_vars(h->th, &f, bz);
            int64_t outs = 0;
            for (int w = (1 << f.n_fk) - 1; w >= 0; w--) {
                int a[2];
                fork_arms(n, &f, w, a);
                for (int k = 0; k < 2; k++) {
                    if (a[k] >= 0)
                        measure(h, a[k]);
                    size += a[k] >= 0 ? h->size[a[k]] : 0;
                    outs += a[k] >= 0 ? h->nout[a[k]] : a[k] == -1;
                }
            }
            nout = outs;
            break;
        }
        int branches[2] = {n->kid, n->other};
        int64_t outs = 0;
        for (int a = 0; a < 2; a++) {
            if (!tl && is_const(v) && (v->imm != 0) != (a == 0))
                continue;            /* herd7 reads the branch taken only */
            if (branches[a] < 0) {
                outs++;
                continue;
            }
            measure(h, branches[a]);
            size += h->size[branches[a]];
            outs += h->nout[branches[a]];
        }
        nout = outs;
        if (forks)
            h->ok = false;
        break;
    }
    case LL_C_NODE_LOOP:
        h->ok = false;               /* herd7 unrolls: not followed */
        break;
    }
    h->size[k] = cap(h, size);
    h->nout[k] = cap(h, nout);
}

static int src_find(hv *h, const char *name)
{
    for (int i = 0; i < h->n_srcs; i++)
        if (!strcmp(h->srcs[i].name, name))
            return i;
    return -1;
}

static int src_of(hv *h, const ll_operand *o)
{
    if (o->kind != LL_OPND_REG || !o->sym)
        return -1;
    int i = src_find(h, o->sym);
    return i < 0 ? -1 : h->srcs[i].src;
}

static int64_t hold_of(hv *h, const ll_operand *o)
{
    if (o->kind != LL_OPND_REG || !o->sym)
        return 0;
    int i = src_find(h, o->sym);
    return i < 0 ? 0 : h->srcs[i].hold;
}

/* Local or temporary d now copies the read of statement src (-1: none)
 * and its value is variable hold (0: a constant or none). */
static void src_set(hv *h, const ll_operand *d, int src, int64_t hold)
{
    if (d->kind != LL_OPND_REG || !d->sym)
        return;
    int i = src_find(h, d->sym);
    if (i < 0) {
        ll_grow((void **)&h->srcs, &h->cap_srcs, h->n_srcs + 1,
                sizeof *h->srcs);
        i = h->n_srcs++;
        h->srcs[i].name = d->sym;
    }
    h->srcs[i].src = src;
    h->srcs[i].hold = hold;
}

/* A register read c of a local holding v: where v is an _return RMW's
 * result, c is in its class, which herd7's register phase roots at its
 * last read (c2: `r0 = atomic_add_return(r9, x)`, r0 read twice at the
 * end, `S9 := S8+S6` renamed `S21 := S8+S6`, S21 the second read). A
 * local copying r0 (`r1 = r0`) holds r0's read, not followed. */
static void ret_class(hv *h, int64_t v, int64_t c)
{
    for (int j = 0; h->ret && v > 0 && j < h->th->n_stmts; j++)
        if (h->ret[j][0] == v && h->ret[j][1] < c) {
            h->ret[j][1] = c;
            h->ret[j][2] = h->cur + 1;
        }
}

/* A read of operand o takes variable *c + 1: a local copying a read
 * puts it in that read's class. */
static void read_opnd(hv *h, const ll_operand *o, int64_t *c)
{
    if (!opnd_vars(o))
        return;
    ++*c;
    int s = is_local(o) ? src_of(h, o) : -1;
    if (s >= 0 && h->copy_var[s] < *c)
        h->copy_var[s] = *c;
    int64_t v = is_local(o) ? hold_of(h, o) : 0;
    ret_class(h, v, *c);
    if (h->eqs_on && v > 0 && *c < INT_MAX) {
        ll_grow((void **)&h->eqs, &h->cap_eqs, h->n_eqs + 1, sizeof *h->eqs);
        h->eqs[h->n_eqs][0] = (int)*c;
        h->eqs[h->n_eqs++][1] = (int)v;
    } else if (h->eqs_on && *c < INT_MAX) {
        ll_grow((void **)&h->consts, &h->cap_consts, h->n_consts + 1,
                sizeof *h->consts);
        h->consts[h->n_consts++] = (int)*c;
    }
}

/* The variable operand o of an operation is, just read (c) where a
 * local: its register read's, a temporary's value, 0 a constant. */
static int64_t opnd_var(hv *h, const ll_operand *o, int64_t c)
{
    return is_local(o) ? c : is_temp(o) ? hold_of(h, o) : 0;
}

/* Which operand the run's zero copy at statement j copies (sem_vnode.
 * zk), -1: none there; *live: the run has a live operation there, not
 * a branch's condition (symbolic.c node_var's). */
static int zero_k(const hv *h, int j, bool *live)
{
    *live = false;
    for (int i = 0; h->run && i < h->run->n_vnodes; i++) {
        const sem_vnode *nd = &h->run->vnodes[i];
        if (nd->stmt != j)
            continue;
        *live |= nd->live && !nd->cond;
        if (nd->zero || nd->hzero)
            return nd->zk;
    }
    return -1;
}

/* Operation j, variable x, on operand variables a and b (0: constants):
 * an equation of the register phase (hv.cops). */
static void note_op(hv *h, int j, const ll_instr *in, int64_t x, int64_t a,
                    int64_t b)
{
    if (!h->eqs_on || x <= 0 || x >= INT_MAX || a >= INT_MAX || b >= INT_MAX)
        return;
    int op = (int)(in->flags & 0xff);
    ll_grow((void **)&h->cops, &h->cap_cops, h->n_cops + 1, sizeof *h->cops);
    int *e = h->cops[h->n_cops++];
    e[0] = (int)x;
    e[1] = (int)a;
    e[2] = (int)b;
    e[3] = in->op == LL_C_BIN &&
           (op == LL_C_XOR || op == LL_C_EQ || op == LL_C_NE);
    bool live;
    e[4] = zero_k(h, j, &live);
    e[4] = in->op == LL_C_BIN ? e[4] : -1;
    e[5] = live;
}

/* What a register set from operand o (read just before, if a local)
 * holds: that read's variable, a temporary's value, or 0. */
static int64_t value_of(hv *h, const ll_operand *o, int64_t c)
{
    return is_local(o) ? c : is_temp(o) ? hold_of(h, o) : 0;
}

/* An operation's result (statement j), its operands read: its variable
 * (op_vars) and what its destination holds (a copy for `x + 0`); the
 * register reads of the result are its class, as a read's. */
static void op_result(hv *h, int j, const ll_instr *in, int64_t *c)
{
    const ll_operand *o = in->ops;
    int same = in->op == LL_C_BIN ? bin_same(in) : 0;
    if (same) {
        src_set(h, &o[0], src_of(h, &o[same == 1 ? 1 : 2]),
                value_of(h, &o[same == 1 ? 1 : 2], *c));
        return;
    }
    int64_t n = op_vars(in, 0, 0);
    *c += n;
    h->op_own[j] = n ? *c : 0;
    src_set(h, &o[0], n ? j : -1, n ? *c : 0);
}

/* op_result, with the operands' variables a and b for its equation. */
static void op_result_eq(hv *h, int j, const ll_instr *in, int64_t *c,
                         int64_t a, int64_t b)
{
    op_result(h, j, in, c);
    note_op(h, j, in, h->op_own[j], a, b);
}

/* Statement i stores operand o: the operation whose result o holds. */
static void store_of(hv *h, int i, const ll_operand *o)
{
    int j = src_of(h, o);
    h->val_op[i] = j >= 0 && h->op_own[j] ? j : -1;
}

/* The RMW i, its operands read: its read, its operation, what its
 * destination holds. */
static void rmw_result(hv *h, int i, int64_t *c)
{
    const ll_instr *in = &h->th->stmts[i].instr;
    const ll_operand *o = in->ops;
    int kind = LL_C_RMW_KIND(in->flags);
    /* an xchg writes its value's register read (read last), as a store
       does (mdl_herd_regs.store_var; C+xchg-value-copy-left-beside-
       cmpxchg) */
    if (kind == LL_C_XCHG && h->store_var && is_local(&o[2]) &&
        !value_first(in))
        h->store_var[i] = *c;
    h->read_var[i] = ++*c;
    if (kind == LL_C_XCHG)
        store_of(h, i, &o[2]);
    *c += rmw_op_var(in);
    if (kind == LL_C_RETURN && rmw_op_var(in) && h->ret)
        h->ret[i][0] = h->ret[i][1] = *c, h->ret[i][2] = i + 1;
    if (kind != LL_C_NORET)
        src_set(h, &o[0], kind == LL_C_RETURN && rmw_op_var(in) ? -1 : i,
                kind == LL_C_RETURN && rmw_op_var(in) ? *c : h->read_var[i]);
}

/* Operand o of the cmpxchg i on a way it takes or not: its expression's
 * variables when the cmpxchg computes it (cas_operand_def). */
static void number_cas_opnd(hv *h, int i, const ll_operand *o, bool taken,
                            int64_t *c)
{
    if (!taken) {
        *c += cas_opnd_vars(h->th, i, o);
        return;
    }
    int j = cas_operand_def(h->th, i, o);
    if (j < 0) {
        read_opnd(h, o, c);
        return;
    }
    const ll_instr *in = &h->th->stmts[j].instr;
    if (in->op == LL_C_RMW) {
        bool vf = value_first(in);
        number_cas_opnd(h, i, &in->ops[vf ? 2 : 1], true, c);
        number_cas_opnd(h, i, &in->ops[vf ? 1 : 2], true, c);
        rmw_result(h, j, c);
        return;
    }
    number_cas_opnd(h, i, &in->ops[1], true, c);
    if (in->op == LL_C_LD) {
        h->read_var[j] = ++*c;
        src_set(h, &in->ops[0], j, h->read_var[j]);
        return;
    }
    if (in->op == LL_C_BIN)
        number_cas_opnd(h, i, &in->ops[2], true, c);
    op_result(h, j, in, c);
}

/* A kernel cmpxchg numbers both ways, success first (address, expected
 * value, new value, the read), then failure (address, expected value,
 * the read, the comparison); only the way the run takes is its events:
 * its read and its register reads (the new value's copies a read). */
static void number_cas(hv *h, int i, int64_t *c)
{
    const ll_operand *o = h->th->stmts[i].instr.ops;
    bool ok = h->next_turn < h->n_turns && h->next_turn < 64;
    bool success = ok && (h->turns >> h->next_turn & 1);
    for (int way = 1; way >= 0; way--) {
        bool taken = ok && success == (way == 1);
        for (int k = 1; k <= (way ? 3 : 2); k++) {
            number_cas_opnd(h, i, &o[k], taken, c);
            /* the success writes its new value's register read, as a
               store does (C+cmpxchg-new-value-copy-left: `cmpxchg_release(
               y, r1 & 1, r0)` writes r0's S11, left a copy of S41) */
            if (k == 3 && taken && h->store_var && is_local(&o[3]))
                h->store_var[i] = *c;
        }
        ++*c;
        if (taken)
            h->read_var[i] = *c;
        *c += !way;
    }
    if (success)
        store_of(h, i, &o[3]);
    src_set(h, &o[0], ok ? i : -1, ok ? h->read_var[i] : 0);
}

/* atomic_add_unless(v, a, u) numbers both ways, the addition first
 * (address, a, u, the read, read + a, read == u), then the failure
 * (address, u, the read); the way the run takes has its read and, on
 * the addition, its write's value read + a (measured with -debug
 * solver: `S9:=S8+S6`, `S10:=S8==S7`, then S11 to S13). A literal 0
 * for a makes no read + a, as herd7 adds no constant 0 (`S17:=S16==S15`
 * right after the read S16: litmus/c/SYM+add-unless-zero-addend). */
static void number_unless(hv *h, int i, int64_t *c)
{
    const ll_operand *o = h->th->stmts[i].instr.ops;
    bool ok = h->next_turn < h->n_turns && h->next_turn < 64;
    bool add = ok && (h->turns >> h->next_turn & 1);
    static const int opnds[2][3] = {{1, 2, 0}, {1, 3, 2}};
    for (int way = 1; way >= 0; way--) {
        bool taken = ok && add == (way == 1);
        for (int k = 0; k < 3 && opnds[way][k]; k++)
            number_cas_opnd(h, i, &o[opnds[way][k]], taken, c);
        if (taken)
            h->read_var[i] = *c + 1;
        bool sum = way && !is_zero_imm(&o[3]);     /* read + a */
        if (taken && sum)
            h->op_own[i] = *c + 2;
        *c += way ? 2 + sum : 1;
    }
    src_set(h, &o[0], -1, 0);
}

/* Is statement j, in a C statement ending before last, a nested
 * expression: an operation or a read into a temporary that an operation
 * after it takes (`r2 == (1 + r0)`: the lowering computes 1 + r0 first)?
 * herd7 reads an operation's operands in order, each with its whole
 * expression, then makes the operation's variable (g12002656_117:
 * `S10` r2, `S11` r0, `S12` r0, `S13:=1+S12`), so j is numbered inside
 * the operation that takes it (number_tree). */
static bool nested(const ll_thread *th, int j, int last)
{
    const ll_stmt *d = &th->stmts[j];
    if (!d->has_instr || !operand_step(&d->instr) || cas_user(th, j) >= 0)
        return false;
    const char *t = d->instr.ops[0].sym;
    for (int k = j + 1; k < last; k++) {
        const ll_stmt *s = &th->stmts[k];
        if (!s->has_instr || s->label)
            return false;
        const ll_instr *in = &s->instr;
        bool bin = in->op == LL_C_BIN && !poi_tick(in);
        if (!bin && in->op != LL_C_UN) {
            bool takes = is_temp(&in->ops[1]) && !strcmp(in->ops[1].sym, t);
            if ((in->op == LL_C_LD || in->op == LL_C_MOV) && !takes)
                continue;
            return false;
        }
        for (int o = 1; o <= (bin ? 2 : 1); o++)
            if (is_temp(&in->ops[o]) && !strcmp(in->ops[o].sym, t))
                return cas_user(th, k) < 0;
    }
    return false;
}

static void number_nested(hv *h, int first, int j, int64_t *c);

/* Operand k of operation j, just read as variable c where a local: its
 * register read (mdl_herd_regs.op_arg). */
static void note_arg(hv *h, int j, int k, const ll_operand *o, int64_t c)
{
    /* a temporary's value, negated (taken where the walk replays the
       whole phase: reg_solved_reads) */
    h->op_arg[j][k] = is_local(o) ? c : is_temp(o) ? -hold_of(h, o) : 0;
    h->op_src[j][k] = is_local(o) ? src_of(h, o) : -1;
}

/* Operand o of statement i: its expression's variables, where a nested
 * statement of [first, i) computes it, else its own read. */
static void number_tree(hv *h, int first, int i, const ll_operand *o,
                        int64_t *c)
{
    if (is_temp(o))
        for (int j = i - 1; j >= first; j--) {
            const ll_stmt *s = &h->th->stmts[j];
            if (s->has_instr && s->instr.n_ops > 0 &&
                is_temp(&s->instr.ops[0]) &&
                !strcmp(s->instr.ops[0].sym, o->sym)) {
                if (nested(h->th, j, i + 1))
                    number_nested(h, first, j, c);
                return;
            }
        }
    read_opnd(h, o, c);
}

/* An operation or a read with its operands' expressions (number_tree). */
static void number_nested(hv *h, int first, int j, int64_t *c)
{
    const ll_instr *in = &h->th->stmts[j].instr;
    const ll_operand *o = in->ops;
    number_tree(h, first, j, &o[1], c);
    int64_t a = opnd_var(h, &o[1], *c);
    if (h->op_arg && in->op != LL_C_LD)
        note_arg(h, j, 0, &o[1], *c);
    if (in->op == LL_C_LD) {
        h->read_var[j] = ++*c;
        src_set(h, &o[0], j, h->read_var[j]);
        return;
    }
    if (in->op == LL_C_BIN) {
        number_tree(h, first, j, &o[2], c);
        if (h->op_arg)
            note_arg(h, j, 1, &o[2], *c);
        op_result_eq(h, j, in, c, a, opnd_var(h, &o[2], *c));
        return;
    }
    *c += !is_const(&o[1]);
    src_set(h, &o[0], -1, is_const(&o[1]) ? 0 : *c);
    if (!is_const(&o[1]))
        note_op(h, j, in, *c, a, 0);
}

/* Number statement i's variables from *c; skip_addr: its address was
 * read before (a store's, at the start of its statement). */
static void number_instr(hv *h, int first, int i, bool skip_addr, int64_t *c)
{
    const ll_instr *in = &h->th->stmts[i].instr;
    const ll_operand *o = in->ops;
    bool fork;
    switch (in->op) {
    case LL_C_MOV:
        read_opnd(h, &o[1], c);
        src_set(h, &o[0], src_of(h, &o[1]), value_of(h, &o[1], *c));
        return;
    case LL_C_BIN: {
        if (poi_tick(in) || cas_user(h->th, i) >= 0)
            return;     /* numbered inside the cmpxchg (number_cas_opnd) */
        number_nested(h, first, i, c);
        return;
    }
    case LL_C_UN:
        if (cas_user(h->th, i) >= 0)
            return;
        number_nested(h, first, i, c);
        return;
    case LL_C_LD:
        if (cas_user(h->th, i) >= 0)
            return;     /* numbered inside the cmpxchg (number_cas_opnd) */
        read_opnd(h, &o[1], c);
        h->read_var[i] = ++*c;
        src_set(h, &o[0], i, h->read_var[i]);
        return;
    case LL_C_ST:
        if (!skip_addr)
            read_opnd(h, &o[0], c);
        read_opnd(h, &o[1], c);
        if (h->store_var && is_local(&o[1]))
            h->store_var[i] = *c;
        store_of(h, i, &o[1]);
        return;
    case LL_C_RMW:
        h->complex = true;
        if (cas_user(h->th, i) >= 0)
            return;     /* numbered inside the cmpxchg (number_cas_opnd) */
        if (!skip_addr)
            read_opnd(h, &o[1], c);
        read_opnd(h, &o[2], c);
        rmw_result(h, i, c);
        return;
    case LL_C_CAS:
        h->complex = true;
        if (in->flags & LL_C_CAS_UNLESS)
            number_unless(h, i, c);
        else
            number_cas(h, i, c);
        return;
    case LL_C_BZ:
        /* `if (r0)` reads r0 (then its `!= 0`): that register read is
           in the class of the read r0 holds, as any other (herd7's S21
           of g13000141_167, the class's largest) */
        read_opnd(h, &o[0], c);
        *c += !is_const(&o[0]) && !tests_comparison(h->th, first, i);
        return;
    default:
        break;
    }
    h->complex |= in->op != LL_C_FENCE && in->op != LL_C_JMP &&
                  in->op != LL_C_CTRL_SAVE && in->op != LL_C_CTRL_RESTORE;
    *c += instr_vars(h->th, first, i, &fork);
    if (in->n_ops > 0 && in->op != LL_C_ST && in->op != LL_C_BZ &&
        in->op != LL_C_JMP && in->op != LL_C_CTRL_RESTORE)
        src_set(h, &o[0], -1, 0);
}

/* A store whose value is computed in its statement reads its address
 * first, as herd7 does (`*b = *a`: b, then a and the read); so does an
 * xchg (herd7's linux_exch reads the location before the value:
 * `xchg(z, READ_ONCE(*y))` numbers z, y, the read of y:
 * litmus/c/SYM+xchg-address-first), where the atomic operations read
 * their value first (value_first: `atomic_add(READ_ONCE(*y), z)`: y,
 * its read, then z, as lowered). */
static bool addr_first(const ll_instr *in)
{
    if (in->op == LL_C_RMW)
        return is_temp(&in->ops[2]) && !value_first(in) &&
               opnd_vars(&in->ops[1]);
    return in->op == LL_C_ST && opnd_vars(&in->ops[0]) &&
           in->ops[1].kind == LL_OPND_REG && !is_local(&in->ops[1]);
}

static void number_range(hv *h, int first, int last, int64_t *c)
{
    h->cur = last - 1;
    for (int i = first; i < last; i++)
        if (h->th->stmts[i].has_instr && addr_first(&h->th->stmts[i].instr) &&
            cas_user(h->th, i) < 0)
            read_opnd(h, &h->th->stmts[i].instr.ops[
                         h->th->stmts[i].instr.op == LL_C_RMW], c);
    for (int i = first; i < last; i++)
        if (h->th->stmts[i].has_instr && !nested(h->th, i, last))
            number_instr(h, first, i, addr_first(&h->th->stmts[i].instr), c);
}

static bool next_turn(hv *h)
{
    if (h->next_turn >= h->n_turns || h->next_turn >= 64) {
        h->ok = false;
        return false;
    }
    return h->turns >> h->next_turn++ & 1;
}

/* The fork of a statement: where the run's way is in herd7's list. */
static int64_t fork_index(hv *h, int first, int last)
{
    for (int i = first; i < last; i++) {
        const ll_stmt *s = &h->th->stmts[i];
        if (!s->has_instr)
            continue;
        bool way;
        switch (s->instr.op) {
        case LL_C_CAS:
        case LL_C_CAS11:
            return next_turn(h) ? 1 : 0;    /* failure, then success */
        case LL_C_TRYLOCK:
        case LL_C_ISLOCKED:
            way = next_turn(h);             /* taken (locked) first */
            return way ? 0 : 1;
        default:
            break;
        }
    }
    return 0;
}

static int64_t walk(hv *h, int k, int64_t c);

/* Node k and the rest of its block from counter c, along the run: the
 * index of the run's outcome in herd7's list for the sequence. */
static int64_t walk_seq(hv *h, int k, int64_t c)
{
    if (k < 0)
        return 0;
    int next = h->th->c_tree[k].next;
    int64_t i = walk(h, k, c);
    if (next < 0)
        return h->nout[k] - 1 - i;
    int64_t m = h->snout[next];
    int64_t r = walk_seq(h, next, c + h->size[k] + i * h->ssize[next]);
    return h->nout[k] * m - 1 - (i * m + r);
}

/* The size and outcomes of branch k of an if, -1 none. */
static int64_t arm_size(const hv *h, int k)
{
    return k >= 0 ? h->size[k] : 0;
}

static int64_t arm_nout(const hv *h, int k)
{
    return k >= 0 ? h->nout[k] : 1;
}

/* Statement j of a fork_if's condition and its operands' expressions,
 * in herd7's order (fork_tree); at a fork, its two ways (number_cas,
 * number_unless), its way on the run into *run (fork_bit). */
static void fork_num(hv *h, const fork_if *f, int j, int64_t *c, int *run);

/* Operand k of statement j of a fork_if's condition: its expression
 * (fork_num) or its own read. */
static void fork_opnd(hv *h, const fork_if *f, int j, int k, int64_t *c,
                      int *run)
{
    const ll_instr *in = &h->th->stmts[j].instr;
    const ll_operand *o = &in->ops[k];
    int def = temp_def(h->th, f->first, j, o);
    if (def >= 0)
        fork_num(h, f, def, c, run);
    else
        read_opnd(h, o, c);
    if (h->op_arg && (in->op == LL_C_BIN || in->op == LL_C_UN))
        note_arg(h, j, k - 1, o, *c);
}

/* Level k (statement j, -1 the `!= 0`) of a fork_if, its operands read
 * (rv[k]: the variable of operand k's read, a local's): its variable on
 * each combination it makes one for, in ascending order; on the run's,
 * what its result holds. */
static void fork_level(hv *h, const fork_if *f, int k, int j, int run,
                       const int64_t rv[3], int64_t *c)
{
    int64_t own = 0;
    int mine = run & f->below[k];
    for (int w = 0; w < 1 << f->n_fk; w++)
        if (f->made[k] >> w & 1) {
            ++*c;
            own = w == mine ? *c : own;
        }
    if (j < 0)
        return;
    const ll_operand *o = h->th->stmts[j].instr.ops;
    h->op_own[j] = own;
    if (own || !f->sym[k][run]) {
        src_set(h, &o[0], own ? j : -1, own);
        return;
    }
    /* `x + 0`, `0 + x`: the variable operand's value, as is */
    int64_t v;
    int p = fork_opnd_sym(h->th, f, j, &o[1], run, &v) ? 1 : 2;
    src_set(h, &o[0], src_of(h, &o[p]),
            is_local(&o[p]) ? rv[p] : hold_of(h, &o[p]));
}

static void fork_num(hv *h, const fork_if *f, int j, int64_t *c, int *run)
{
    const ll_instr *in = &h->th->stmts[j].instr;
    const ll_operand *o = in->ops;
    for (int i = 0; i < f->n_fk; i++)
        if (j == f->fk[i]) {
            if (in->flags & LL_C_CAS_UNLESS)
                number_unless(h, j, c);
            else
                number_cas(h, j, c);
            *run |= next_turn(h) ? fork_bit(f, i) : 0;
            return;
        }
    if (in->op == LL_C_LD) {
        fork_opnd(h, f, j, 1, c, run);
        h->read_var[j] = ++*c;
        src_set(h, &o[0], j, h->read_var[j]);
        return;
    }
    if (in->op == LL_C_RMW) {
        bool vf = value_first(in);
        fork_opnd(h, f, j, vf ? 2 : 1, c, run);
        fork_opnd(h, f, j, vf ? 1 : 2, c, run);
        rmw_result(h, j, c);
        return;
    }
    int64_t rv[3] = {0, 0, 0};
    for (int k = 1; k <= (in->op == LL_C_BIN ? 2 : 1); k++) {
        fork_opnd(h, f, j, k, c, run);
        rv[k] = is_local(&o[k]) ? *c : 0;
    }
    int k = 0;
    while (k < f->levels && f->ops[k] != j)
        k++;
    if (k < f->levels)
        fork_level(h, f, k, j, *run, rv, c);
    else if (in->op == LL_C_BIN)
        op_result(h, j, in, c);
    else {
        *c += !is_const(&o[1]);
        src_set(h, &o[0], -1, is_const(&o[1]) ? 0 : *c);
    }
}

/* An if on kernel cmpxchgs' or atomic_add_unless's results (fork_if)
 * from counter c: the condition in herd7's order (fork_num, the levels
 * on each combination of ways), the `!= 0` herd7 adds; then each
 * combination's branches (fork_arms) in the condition's list order
 * (descending: the successes first). The if's list of outcomes is the
 * combinations' concatenated, reversed. The run's turns: the forks', in
 * the tree's order, then the if's. */
static int64_t walk_fork(hv *h, const ll_c_node *n, const fork_if *f,
                         int64_t c)
{
    h->complex = true;     /* forks: RMWs, not in cops */
    int bz = if_bz(h->th, n);
    int run = 0;
    const int64_t none[3] = {0, 0, 0};
    fork_num(h, f, temp_def(h->th, f->first, bz,
                            &h->th->stmts[bz].instr.ops[0]), &c, &run);
    if (f->ops[f->levels - 1] < 0)
        fork_level(h, f, f->levels - 1, -1, run, none, &c);
    bool taken = next_turn(h);
    int64_t at = 0, total = 0;
    for (int w = (1 << f->n_fk) - 1; w >= 0; w--) {
        int a[2];
        fork_arms(n, f, w, a);
        if (w == run) {
            if (a[1] == -2)
                at = total + (a[0] >= 0 ? walk(h, a[0], c) : 0);
            else if (taken)
                at = total + walk(h, a[0], c);
            else
                at = total + arm_nout(h, a[0]) +
                     (a[1] >= 0 ? walk(h, a[1], c + arm_size(h, a[0])) : 0);
        }
        for (int k = 0; k < 2; k++) {
            total += a[k] == -2 ? 0 : arm_nout(h, a[k]);
            c += arm_size(h, a[k]);
        }
    }
    return total - 1 - at;
}

/* A C statement on forks' results (fork_stmt_of) from counter c: a
 * store's address (herd7 reads it first), the expression in herd7's
 * order (fork_num); its outcome's index, the run's combination. */
static int64_t walk_fork_stmt(hv *h, const ll_c_node *n, const fork_if *f,
                              int64_t c)
{
    int own, run = 0;
    int root = stmt_root(h->th, n, &own);
    h->complex = true;
    const ll_instr *in = own >= 0 ? &h->th->stmts[own].instr : NULL;
    if (in && in->op == LL_C_ST)
        read_opnd(h, &in->ops[0], &c);
    fork_num(h, f, root, &c, &run);
    if (in && in->op == LL_C_ST)
        store_of(h, own, &in->ops[1]);
    else if (in)
        src_set(h, &in->ops[0], src_of(h, &in->ops[1]),
                hold_of(h, &in->ops[1]));
    return run;
}

static int64_t walk(hv *h, int k, int64_t c)
{
    if (!h->ok)
        return 0;
    const ll_c_node *n = &h->th->c_tree[k];
    switch (n->kind) {
    case LL_C_NODE_STMT: {
        fork_if f;
        if (h->nout[k] > 1 && fork_stmt_of(h->th, n, &f))
            return walk_fork_stmt(h, n, &f, c);
        int64_t c0 = c;
        number_range(h, n->first, n->last, &c0);
        return h->nout[k] > 1 ? fork_index(h, n->first, n->last) : 0;
    }
    case LL_C_NODE_BLOCK:
        return walk_seq(h, n->kid, c);
    case LL_C_NODE_IF: {
        int bz = if_bz(h->th, n);
        bool tl = trylock_if(h->th, n, bz);
        fork_if f;
        if (!tl && fork_if_of(h->th, n, bz, &f))
            return walk_fork(h, n, &f, c);
        number_range(h, n->first, tl ? bz : h->th->c_tree[n->kid].first, &c);
        const ll_operand *v = &h->th->stmts[bz].instr.ops[0];
        if (tl)
            next_turn(h);   /* the trylock's; the if's below is the same */
        if (is_const(v)) {
            int branch = v->imm ? n->kid : n->other;
            return branch >= 0 ? walk(h, branch, c) : 0;
        }
        int64_t nt = h->nout[n->kid];
        int64_t ne = n->other >= 0 ? h->nout[n->other] : 1;
        int64_t at;
        if (next_turn(h))
            at = walk(h, n->kid, c);
        else
            at = nt + (n->other >= 0
                           ? walk(h, n->other, c + h->size[n->kid]) : 0);
        return nt + ne - 1 - at;
    }
    default:
        h->ok = false;
        return 0;
    }
}

static void hv_init(hv *h, const ll_thread *th)
{
    memset(h, 0, sizeof *h);
    h->th = th;
    h->ok = th->c_tree && th->n_c_tree > 0;
    if (!h->ok)
        return;
    size_t n = (size_t)th->n_c_tree;
    h->size = ll_xmalloc(4 * n * sizeof *h->size);
    h->nout = h->size + n;
    h->ssize = h->nout + n;
    h->snout = h->ssize + n;
    for (size_t i = 0; i < 4 * n; i++)
        h->size[i] = -1;
    measure(h, 0);
}

static void hv_free(hv *h)
{
    free(h->size);
    free(h->srcs);
    free(h->ret);
}

/* An unconditional branch at *i to label: on to the statement before
 * the label's (the loop's ++ reaches it); false backwards (a loop). */
static bool jump_forward(const ll_thread *th, const char *label, int *i)
{
    for (int j = *i + 1; j < th->n_stmts; j++)
        if (th->stmts[j].label && !strcmp(th->stmts[j].label, label)) {
            *i = j - 1;
            return true;
        }
    return false;
}

/* One walk of straight_vars: per register the statement whose read it
 * holds (src, cap of them), the branches gone through (their ways
 * counted, herd7 numbering every path). */
typedef struct sv_walk {
    int *src;
    int cap;
    int branches;
    bool *reg_solved;   /* per statement, a reg_solved load's */
    int n_st;
    /* on the run's way: per register the variable its value is (a
       read's, a copy's read, 0: a constant), and the register
       equations, a read's variable := the value's (hs_reg_parents) */
    int *val;
    int vcap;
    int (*eqs)[2];
    int n_eqs, cap_eqs;
    int64_t *store_var; /* per statement: a store's value register's
                           read (sem_vars.val_at), or NULL: not asked */
    int want;           /* a statement whose last two register reads'
                           variables (an operation's operands) go to
                           want_var (-1: none) */
    int64_t want_var[2];
    /* on the run's way, per register (zcap): its value is one herd7's
       register phase solves to 0 where reads zc[r][0] and zc[r][1] are
       renamed alike (0, 0: always; -1: it is not), and zc[r][2] the
       load whose value it holds through copies and zero copies (-1);
       the zero copies that makes, {result, the other operand's read,
       zc[r]} */
    int (*zc)[3];
    int zcap;
    int (*zcand)[4];
    int n_zcand, cap_zcand;
    const mdl_thread *mt;   /* its initial registers, or NULL */
    const sem_ops *ops;
    int cur;                /* the statement taken (take_vars) */
    int64_t (*op_arg)[2];   /* mdl_herd_regs.op_arg, op_src of an xor's
                               operands, or NULL */
    int (*op_src)[2];
    /* a C way (c_regs_walk): the rest of herd7's register phase, its
       operations and reads of constants (hv.cops, consts), and per
       statement its operation's variable (hv.op_own); else none */
    const int (*cops)[6];
    int n_cops;
    const int *consts;
    int n_consts;
    const int64_t *op_own;
} sv_walk;

/* The zero condition of register r on w's way (sv_walk.zc): NULL none.
 * A register the way has not set holds its initial value: 0 unless the
 * init block says otherwise (herd7's `S6<-0`, V21280300). */
static const int *zero_of(const sv_walk *w, int r)
{
    static const int always[2] = {0, 0};
    if (r >= 0 && r < w->zcap && w->zc[r][0] != -2)
        return w->zc[r][0] >= 0 ? w->zc[r] : NULL;
    int slot = r >= 0 && w->mt && w->ops->reg_slot ? w->ops->reg_slot(r) : -1;
    if (slot < 0 || slot >= w->mt->n_slots)
        return NULL;
    sem_val v = w->mt->init[slot].v;
    return v.sym < 0 && v.num == 0 ? always : NULL;
}

/* The load whose value register r holds on w's way, through copies and
 * zero copies (sv_walk.zc), or -1. */
static int load_held(const sv_walk *w, int r)
{
    return r >= 0 && r < w->zcap && w->zc[r][2] >= 0 ? w->zc[r][2] : -1;
}

/* Statement v (at `at`) on w's way: the zero copy it makes (an add or or
 * of a register solved to 0 and one holding a variable: sem_vars.
 * zero_at), and the zero condition of the register it sets. */
static void zero_copies(const sem_vars *v, int64_t at, sv_walk *w)
{
    int cond[2] = {-1, -1}, held = -1;
    int a = v->n_rd - 2, b = v->n_rd - 1;
    if (v->zero_at && v->n_rd >= 2) {
        for (int k = 0; k < 2; k++) {
            const int *z = zero_of(w, v->rd_reg[k ? b : a]);
            int other = v->rd_reg[k ? a : b];
            if (!z || other < 0 || other >= w->vcap || !w->val[other] ||
                zero_of(w, other))
                continue;
            ll_grow((void **)&w->zcand, &w->cap_zcand, w->n_zcand + 1,
                    sizeof *w->zcand);
            int *c = w->zcand[w->n_zcand++];
            c[0] = (int)(at + v->zero_at);
            c[1] = (int)(at + v->rd_at[k ? a : b]);
            c[2] = z[0];
            c[3] = z[1];
            held = load_held(w, other);
            break;
        }
    } else if (v->zero_dest && v->n_rd >= 2) {     /* an xor */
        int ra = v->rd_reg[a], rb = v->rd_reg[b];
        /* its operands' variables, which the memory phase renames
           (symbolic.c pair_args: `S36 := S22^S27`, V21280471) */
        for (int k = 0; w->op_arg && w->cur >= 0 && w->cur < w->n_st &&
                        k < 2; k++) {
            int r = v->rd_reg[k ? b : a];
            if (r < 0 || r >= w->vcap || !w->val[r])
                continue;
            w->op_arg[w->cur][k] = at + v->rd_at[k ? b : a];
            w->op_src[w->cur][k] = load_held(w, r);
        }
        bool va = ra >= 0 && ra < w->vcap && w->val[ra];
        bool vb = rb >= 0 && rb < w->vcap && w->val[rb];
        if (va && vb && !zero_of(w, ra) && !zero_of(w, rb)) {
            cond[0] = (int)(at + v->rd_at[a]);
            cond[1] = (int)(at + v->rd_at[b]);
        } else if (!va && !vb && ra == rb) {
            cond[0] = cond[1] = 0;
        }
    } else if (v->zero_dest) {
        cond[0] = cond[1] = 0;
    } else if (v->copy_of >= 0 && v->n && zero_of(w, v->copy_of)) {
        cond[0] = zero_of(w, v->copy_of)[0];
        cond[1] = zero_of(w, v->copy_of)[1];
    }
    if (v->copy_of >= 0 && v->n)
        held = load_held(w, v->copy_of);
    if (v->dest < 0)
        return;
    int old = w->zcap;
    ll_grow((void **)&w->zc, &w->zcap, v->dest + 1, sizeof *w->zc);
    for (int r = old; r < w->zcap; r++)
        w->zc[r][0] = w->zc[r][1] = w->zc[r][2] = -2; /* not set on the way */
    w->zc[v->dest][0] = cond[0];
    w->zc[v->dest][1] = cond[1];
    w->zc[v->dest][2] = v->read_at > 0 && !v->op_at ? w->cur : held;
}

/* The registers statement i reads (v's rd_reg, at their places from
 * `at`) on the run's way: herd7's register equations, each read's
 * variable := the one its register's value is; and the value of the
 * register it sets. */
static void reg_equations(const sem_vars *v, int64_t at, sv_walk *w)
{
    for (int j = 0; j < v->n_rd; j++) {
        int r = v->rd_reg[j];
        if (r < 0 || r >= w->vcap || !w->val[r])
            continue;
        ll_grow((void **)&w->eqs, &w->cap_eqs, w->n_eqs + 1, sizeof *w->eqs);
        w->eqs[w->n_eqs][0] = (int)(at + v->rd_at[j]);
        w->eqs[w->n_eqs++][1] = w->val[r];
    }
    int n_zcand = w->n_zcand;
    zero_copies(v, at, w);
    if (v->dest < 0)
        return;
    int old = w->vcap;
    ll_grow((void **)&w->val, &w->vcap, v->dest + 1, sizeof *w->val);
    for (int r = old; r < w->vcap; r++)
        w->val[r] = 0;
    w->val[v->dest] = w->n_zcand > n_zcand ? w->zcand[n_zcand][0]
                      : v->op_at > 0 ? (int)(at + v->op_at)
                      : v->read_at > 0 ? (int)(at + v->read_at)
                      : v->copy_of >= 0 && v->n ? (int)(at + v->copy_at)
                                                : 0;
}

static bool walk_from(const sem_ops *ops, const ll_thread *th, int i,
                      const mdl_run *run, int *turn, int64_t *c,
                      int64_t *read_var, int64_t *copy_var, sv_walk *w);

static int reg_root(const int *par, int v)
{
    while (par[v] != v)
        v = par[v];
    return v;
}

/* The copies herd7's register phase leaves, in the order it hands them
 * to its memory phase: its list of unsolved equations, the reverse of
 * the order its one pass met them in (measured with -debug solver on a
 * C thread, nv21110004_259: the pass meets the cycle `S14:=S7, S7:=S14`
 * in that order and lists `S7:=S14, S14:=S7`, which the memory phase's
 * union-find takes in the list's order). w's equations are sorted as
 * hs_reg_parents unites them; *out gets the copies left, renamed to
 * their parents (the caller frees it); returns their number. */
static int pass_left(const sv_walk *w, int top, int (**out)[2],
                     bool *solved_out)
{
    hs_sys s = {.n_vars = top + 1};
    for (int i = 0; i < w->n_eqs; i++)
        hs_add_eq(&s, w->eqs[i][0], w->eqs[i][1], sem_int(0));
    /* a C way's operations and constants: its pass meets the copies in
       their order, an operation maybe entering a class of copies first
       (`S13 := S10+S17` met before S17's copies), and a zero copy left
       is a copy of the memory phase too (`S26 := S19` of `S26 :=
       S12+S19`, S12 := 0) */
    for (int i = 0; i < w->n_consts; i++)
        hs_add_eq(&s, w->consts[i], -1, sem_int(0));
    for (int i = 0; i < w->n_cops; i++) {
        const int *o = w->cops[i];
        hs_add_op(&s, o[0]);
        int k = 0, copy = -1;
        for (int j = 1; j <= 2; j++) {
            if (o[j] <= 0)
                continue;
            if (o[4] == j - 1)
                copy = k;
            hs_add_arg(&s, o[j]);
            k++;
        }
        if (!k)
            s.n_eqs--;
        else if (o[3])
            hs_fold_last(&s);
        else
            hs_copy_arg_last(&s, copy);
    }
    int *parent = ll_xmalloc((size_t)(top + 1) * sizeof *parent);
    bool *solved = ll_xmalloc((size_t)(top + 1) * sizeof *solved);
    hs_left *left = ll_xmalloc((size_t)(s.n_eqs + 1) * sizeof *left);
    int n = hs_solve_vars(&s, parent, solved, left);
    for (int v = 0; solved_out && v <= top; v++)
        solved_out[v] = solved[v];
    *out = ll_xmalloc((size_t)(n + 1) * sizeof **out);
    for (int i = 0; i < n; i++) {
        (*out)[i][0] = left[n - 1 - i].lhs;
        (*out)[i][1] = left[n - 1 - i].var;
    }
    free(left);
    free(solved);
    free(parent);
    hs_free(&s);
    return n;
}

/* The classes of herd7's register phase whose copies left its memory
 * phase takes (load, top + 1): the reads', and with zeros (a C way with
 * zero copies, all of its phase replayed: hv.cops) every operation's
 * symbolic.c has a variable for (its left copies then reach it) and
 * each zero copy's of such a class (`S9 := S5`, r3 = r0 | r9; `S34
 * := S31`, S31 := S33+S25; `S30 := S33, S33 := S28` of `r1 = (r0 | r9)
 * ^ r0; r2 = r1`). false where a zero copy copies another class (an
 * RMW's result: symbolic.c's zero_map follows it). */
static bool mark_loads(int n, const int64_t *read_var, const sv_walk *w,
                       const int *par, int top, bool zeros, bool *load)
{
    for (int i = 0; i < n; i++)
        if (w->reg_solved[i] && read_var[i] > 0 && read_var[i] <= top)
            load[reg_root(par, (int)read_var[i])] = true;
    for (int i = 0; zeros && i < w->n_cops; i++)
        if (w->cops[i][4] < 0 && w->cops[i][5] && w->cops[i][0] <= top)
            load[reg_root(par, w->cops[i][0])] = true;
    bool all = true;
    for (bool grew = zeros; grew;) {
        grew = false;
        all = true;
        for (int i = 0; i < w->n_cops; i++) {
            const int *o = w->cops[i];
            if (o[4] < 0)
                continue;
            int a = o[1 + o[4]];
            bool from = a > 0 && a <= top && o[0] <= top &&
                        load[reg_root(par, a)];
            all &= from;
            if (from && !load[reg_root(par, o[0])]) {
                load[reg_root(par, o[0])] = true;
                grew = true;
            }
        }
    }
    return all;
}

/* What herd7's memory phase takes of its register phase (mdl_herd_regs)
 * where the tree of a load's class is deeper than one (`LDR R5; MOV
 * R8,R5; STR R5; STR R8`: R5's reads S7 and S9, R8's S11, the read S6
 * parent of S9, S9 and S7 of S11): a store writes its value register's
 * read's parent (S11, not the read's S9), and the copies left (`S11 :=
 * S9`) are equations of the memory phase too, after those of rf
 * (measured with -debug solver: the memory phase's union-find roots the
 * class at S9, a7_25). The walk's equations are in hs_reg_parents'
 * order (par, its result); herd7 hands on its normalised list, each copy
 * renamed to the parents, in that order, repeats kept, not the order its
 * pass left them in: `S11:=S25, S25:=S15, S15:=S25, S11:=S25`, whose
 * union after rf's `S1:=S11` makes one flat class (our pass's order made
 * a deeper tree and a cycle of copies left: 6 executions where herd7 has
 * 10, doc/fidelity.md). Only a load's class is left unsolved: a class
 * of a constant copied is left out, the phase solves it. A C way with
 * zero copies (mdl_herd_regs.zeros) hands on every class mark_loads
 * takes, its zero copies left among the copies, and its stores' values
 * and operations' operands renamed, 0 where the pass solved them. */
static void reg_phase_left(int n, const int64_t *read_var, sv_walk *w,
                           const int *par, int top, bool pass_order,
                           mdl_herd_regs *regs)
{
    bool *load = ll_xcalloc((size_t)top + 1, sizeof *load);
    mark_loads(n, read_var, w, par, top, regs->zeros, load);
    /* the zero copies of a load's class (zero_copies) made where their
       register's xor folds; their own class a load's too */
    int (*zl)[2] = ll_xmalloc((size_t)(w->n_zcand + 1) * sizeof *zl);
    int n_zl = 0;
    regs->zflag = ll_xmalloc((size_t)(w->n_zcand + 1) * sizeof *regs->zflag);
    for (int i = 0; i < w->n_zcand; i++) {
        const int *c = w->zcand[i];
        bool fold = !c[2] || (c[2] <= top && c[3] <= top &&
                              par[c[2]] == par[c[3]]);
        if (!fold || c[1] > top || !load[reg_root(par, c[1])])
            continue;
        zl[n_zl][0] = c[0] <= top ? par[c[0]] : c[0];
        regs->zflag[n_zl][0] = c[0] + 1;
        regs->zflag[n_zl][1] = zl[n_zl][0];
        zl[n_zl++][1] = par[c[1]];
        if (c[0] <= top)
            load[reg_root(par, c[0])] = true;
    }
    int (*order)[2] = w->eqs, n_order = w->n_eqs;
    bool *solved = ll_xcalloc((size_t)top + 1, sizeof *solved);
    if (pass_order)
        n_order = pass_left(w, top, &order, solved);
    /* with zero copies, what the phase solves is a constant: a store's
       value, an operation's operand (reg_solved_reads) */
    for (int i = 0; i < n; i++) {
        int64_t v = regs->store_var[i];
        regs->store_var[i] = v > 0 && v <= top &&
                                     load[reg_root(par, (int)v)] &&
                                     !(regs->zeros && solved[par[v]])
                                 ? par[v] : 0;
    }
    for (int i = 0; regs->zeros && regs->op_arg && i < n; i++)
        for (int k = 0; k < 2; k++) {
            int64_t v = regs->op_arg[i][k];
            v = v < 0 ? -v : v;
            bool in = v > 0 && v <= top;
            if (in && !load[reg_root(par, (int)v)] && !solved[par[v]] &&
                regs->op_par)
                regs->op_par[i] = 0;    /* another class: not followed */
            regs->op_arg[i][k] = in && solved[par[v]] ? 0 : v;
        }
    regs->left = ll_xmalloc((size_t)(w->n_eqs + w->n_cops + n_zl + 1) *
                            sizeof *regs->left);
    for (int i = 0; i < n_order; i++) {
        int a = order[i][0], b = order[i][1];
        if (!pass_order) {
            a = par[a];
            b = par[b];
        }
        if (a != b && load[reg_root(par, a)]) {
            regs->left[regs->n_left][0] = a;
            regs->left[regs->n_left++][1] = b;
        }
    }
    for (int i = 0; i < n_zl; i++) {
        regs->left[regs->n_left][0] = zl[i][0];
        regs->left[regs->n_left++][1] = zl[i][1];
    }
    regs->n_zero = n_zl;
    free(zl);
    free(solved);
    if (order != w->eqs)
        free(order);
    free(load);
}

/* A reg_solved load's read variable as herd7 writes it once it
 * solved the registers: its parent in their union-find (measured on
 * herd7 7.58 with -debug solver: `lw x5; mv x8,x5; sw x5,0(x7); sw
 * x8,0(x9)`, x6 S5, the read S6, the reads of x5 S7 and S8, of x8 S10:
 * the read is S8, x8's S10), mostly the last read of its value. */
static void reg_solved_reads(int n, int64_t *read_var, sv_walk *w,
                             bool pass_order, mdl_herd_regs *regs)
{
    int top = 0;
    for (int i = 0; i < w->n_eqs; i++)
        for (int k = 0; k < 2; k++)
            top = w->eqs[i][k] > top ? w->eqs[i][k] : top;
    for (int i = 0; i < w->n_cops; i++)
        for (int k = 0; k < 3; k++)
            top = w->cops[i][k] > top ? w->cops[i][k] : top;
    for (int i = 0; i < w->n_consts; i++)
        top = w->consts[i] > top ? w->consts[i] : top;
    int *par = ll_xmalloc((size_t)(top + 1) * sizeof *par);
    hs_reg_parents(w->eqs, w->n_eqs, top + 1, par);
    if (regs && regs->zeros) {
        bool *load = ll_xcalloc((size_t)top + 1, sizeof *load);
        regs->zeros = mark_loads(n, read_var, w, par, top, true, load);
        free(load);
    }
    for (int i = 0; regs && regs->op_arg && !regs->zeros && i < n; i++)
        for (int k = 0; k < 2; k++)
            if (regs->op_arg[i][k] < 0)
                regs->op_arg[i][k] = 0;     /* a temporary's */
    /* per statement, its operation's parent (mdl_herd_regs.op_par),
       where the walk has its equation */
    for (int i = 0; regs && regs->zeros && regs->op_par && i < w->n_cops;
         i++) {
        const int *o = w->cops[i];
        for (int j = 0; w->op_own && j < n; j++)
            if (w->op_own[j] == o[0]) {
                regs->op_par[j] = o[0] <= top ? par[o[0]] : o[0];
                if (regs->op_fold)
                    regs->op_fold[j] = o[3];
            }
    }
    if (regs)
        reg_phase_left(n, read_var, w, par, top, pass_order, regs);
    for (int i = 0; regs && regs->op_arg && i < n; i++)
        for (int k = 0; k < 2; k++)
            if (regs->op_arg[i][k] > 0 && regs->op_arg[i][k] <= top)
                regs->op_arg[i][k] = par[regs->op_arg[i][k]];
    for (int i = 0; i < n; i++)
        if (w->reg_solved[i] && read_var[i] > 0 && read_var[i] <= top)
            read_var[i] = par[read_var[i]];
    free(par);
}

/* Statement i's variables v (from its guard's on when past_guard) along
 * the walk: its read's and copies' numbers, the register it sets. */
static void take_vars(int i, const sem_vars *v, bool past_guard, int64_t *c,
                      int64_t *read_var, int64_t *copy_var, sv_walk *w)
{
    int64_t at = *c - (past_guard ? v->guard : 0);
    int from = v->copy_of >= 0 && v->copy_of < w->cap ? w->src[v->copy_of]
                                                      : -1;
    for (int j = 0; read_var && w->store_var && v->val_at && j < v->n_rd; j++)
        if (v->rd_at[j] == v->val_at && i < w->n_st && v->rd_reg[j] >= 0 &&
            v->rd_reg[j] < w->vcap && w->val[v->rd_reg[j]])
            w->store_var[i] = at + v->val_at;
    w->cur = i;
    if (read_var && w->reg_solved)
        reg_equations(v, at, w);
    for (int j = 0; i == w->want && j < 2 && v->n_rd >= 2; j++)
        w->want_var[j] = at + v->rd_at[v->n_rd - 2 + j];
    if (read_var && v->read_at > 0)
        read_var[i] = at + v->read_at;
    if (v->reg_solved && w->reg_solved && i < w->n_st)
        w->reg_solved[i] = true;
    if (copy_var && from >= 0 && !(from < w->n_st && w->reg_solved[from]) &&
        copy_var[from] < at + v->copy_at)
        copy_var[from] = at + v->copy_at;
    if (v->dest >= 0) {
        int old = w->cap;
        ll_grow((void **)&w->src, &w->cap, v->dest + 1, sizeof *w->src);
        for (int r = old; r < w->cap; r++)
            w->src[r] = -1;
        w->src[v->dest] = v->op_at > 0 ? -1 : v->read_at > 0 ? i : from;
    }
    *c = at + v->n;
}

/* The count of every path from statement `from` (a branch's jump way),
 * its state a copy of w's, into *c; with run_i >= 0 statement run_i, a
 * conditional one whose guard is counted, run first (its way that runs
 * it). */
static bool count_way(const sem_ops *ops, const ll_thread *th, int from,
                      int run_i, const sem_vars *v, int64_t *c,
                      const sv_walk *w)
{
    sv_walk u = *w;
    u.src = NULL;
    u.cap = 0;
    if (w->cap) {
        u.src = malloc((size_t)w->cap * sizeof *u.src);
        if (!u.src)
            return false;
        memcpy(u.src, w->src, (size_t)w->cap * sizeof *u.src);
        u.cap = w->cap;
    }
    if (run_i >= 0)
        take_vars(run_i, v, true, c, NULL, NULL, &u);
    bool ok = walk_from(ops, th, from, NULL, NULL, c, NULL, NULL, &u);
    free(u.src);
    return ok;
}

/* The way of the run at its next turn (1: the jump, or a conditional
 * instruction run); ok false past what sem_run.turns holds. */
static bool run_way(const mdl_run *run, int *turn, bool *ok)
{
    *ok = *turn < run->n_turns && *turn < 64;
    return *ok && (run->turns >> (*turn)++ & 1);
}

/* From statement i to the thread's end: along run's ways at
 * conditional branches and conditionally run instructions (*turn its
 * next), or with run NULL every path, depth first, the jump's way first
 * (measured: doc/lisa.md), an instruction's way that runs it first. */
static bool walk_from(const sem_ops *ops, const ll_thread *th, int i,
                      const mdl_run *run, int *turn, int64_t *c,
                      int64_t *read_var, int64_t *copy_var, sv_walk *w)
{
    bool ok = true;
    bool once = false;      /* a first_only instruction was met */
    for (; i < th->n_stmts && ok; i++) {
        sem_vars v;
        if (!th->stmts[i].has_instr)
            continue;
        ok = ops->herd_vars(&th->stmts[i].instr, &v);
        if (ok && v.first_only) {
            ok = !once && !w->branches;
            once = true;
        }
        if (ok && (v.cond || v.guard))
            ok = !once && ++w->branches <= MDL_HV_BRANCHES;
        if (ok && v.guard) {        /* its condition's, then two ways */
            *c += v.guard;
            bool runs = run && run_way(run, turn, &ok);
            if (ok && runs)
                take_vars(i, &v, true, c, read_var, copy_var, w);
            else if (ok)
                ok = count_way(ops, th, i + 1, i, &v, c, w);
            continue;
        }
        if (ok)
            take_vars(i, &v, false, c, read_var, copy_var, w);
        if (ok && v.jump)
            ok = jump_forward(th, v.jump, &i);
        if (ok && v.cond) {
            int to = i;
            ok = jump_forward(th, v.cond, &to);
            bool jump = false;
            if (ok && run)
                jump = run_way(run, turn, &ok);
            if (ok && jump)
                i = to;
            else if (ok)
                ok = count_way(ops, th, to + 1, -1, NULL, c, w);
        }
    }
    return ok;
}

/* Thread th's variables numbered from *c by the semantics' count
 * (sem_ops.herd_vars, a test with no C tree): each memory read's in
 * read_var, and the largest of the register copies of it in copy_var,
 * when not NULL; along run's ways at conditional branches (NULL: the
 * count of every way). With regs (read_var too), its register phase's
 * stores and copies left (mdl_herd_regs). false: not numbered (a loop, a
 * backward branch). */
static bool straight_vars(const sem_ops *ops, const mdl_thread *mt,
                          const mdl_run *run, int64_t *c, int64_t *read_var,
                          int64_t *copy_var, mdl_herd_regs *regs)
{
    const ll_thread *th = mt->code;
    sv_walk w = {.n_st = th->n_stmts, .want = -1, .mt = mt, .ops = ops};
    if (regs) {
        size_t n = (size_t)th->n_stmts + 1;
        regs->op_arg = ll_xcalloc(n, sizeof *regs->op_arg);
        regs->op_src = ll_xmalloc(n * sizeof *regs->op_src);
        for (size_t i = 0; i < n; i++)
            regs->op_src[i][0] = regs->op_src[i][1] = -1;
        w.op_arg = regs->op_arg;
        w.op_src = regs->op_src;
    }
    w.reg_solved = ll_xcalloc((size_t)th->n_stmts + 1, sizeof *w.reg_solved);
    w.store_var = regs ? regs->store_var : NULL;
    int turn = 0;
    bool ok = walk_from(ops, th, 0, run, &turn, c, read_var, copy_var, &w);
    if (ok && read_var && w.n_eqs)
        reg_solved_reads(th->n_stmts, read_var, &w, false, regs);
    free(w.zc);
    free(w.zcand);
    free(w.eqs);
    free(w.val);
    free(w.reg_solved);
    free(w.src);
    return ok;
}

/* Thread t's variables on an architecture of straight_vars: numbered
 * from herd_vars_base past the threads before it, whose code only
 * counts. */
static bool asm_vars(const mdl_test *m, int t, const mdl_run *run,
                     int64_t *read_var, int64_t *copy_var,
                     mdl_herd_regs *regs)
{
    int64_t c = m->ops->herd_vars_base;
    bool ok = true;
    for (int i = 0; i < t && ok; i++)
        ok = straight_vars(m->ops, &m->threads[i], NULL, &c, NULL, NULL,
                           NULL);
    return ok && straight_vars(m->ops, &m->threads[t], run, &c, read_var,
                               copy_var, regs);
}

/* Thread t's C tree numbered along run (mdl_herd_vars), into h (the
 * caller's hv_free, and free of op_own and val_op, after), and with
 * regs (n_stmts + 1 store_var) its register equations too. */
static bool c_walk(const mdl_test *m, int t, const mdl_run *run, hv *h,
                   int64_t *read_var, int64_t *copy_var, mdl_herd_regs *regs)
{
    int64_t base = 0;
    bool ok = true;
    for (int i = 0; i < t && ok; i++) {
        hv_init(h, m->threads[i].code);
        ok = h->ok;
        base += ok ? h->size[0] : 0;
        hv_free(h);
    }
    hv_init(h, m->threads[t].code);
    const ll_thread *th = m->threads[t].code;
    for (int i = 0; i < th->n_stmts; i++)
        read_var[i] = copy_var[i] = 0;
    h->read_var = read_var;
    h->copy_var = copy_var;
    h->op_own = ll_xcalloc((size_t)th->n_stmts + 1, sizeof *h->op_own);
    h->ret = ll_xcalloc((size_t)th->n_stmts + 1, sizeof *h->ret);
    h->val_op = ll_xmalloc(((size_t)th->n_stmts + 1) * sizeof *h->val_op);
    for (int i = 0; i < th->n_stmts; i++)
        h->val_op[i] = -1;
    h->turns = run->turns;
    h->n_turns = run->n_turns;
    h->run = run;
    h->eqs_on = regs != NULL;
    h->store_var = regs ? regs->store_var : NULL;
    h->op_arg = regs ? regs->op_arg : NULL;
    h->op_src = regs ? regs->op_src : NULL;
    if (ok && h->ok)
        walk(h, 0, base);
    return ok && h->ok;
}

/* The variable of RMW i's operation, read the number of its read: the
 * one after it (rmw_result), where no register copies it (a fetch
 * returns the read, atomic_add nothing): below the register reads of
 * the returned value, which make the read's class. It orders a cycle
 * through the write: herd7's pass entering at P1's `S14 := S18+1` solves
 * the read S18 before the comparisons of it in an RMW's operand
 * (litmus/c/LB+cmpxchg-fetch-operand-diamond-entry). Else 0, not known
 * (an _return's variable is its register's class). */
static int64_t rmw_own(const ll_thread *th, int i, int64_t read)
{
    const ll_stmt *d = &th->stmts[i];
    if (!d->has_instr || d->instr.op != LL_C_RMW || read <= 0 ||
        !rmw_op_var(&d->instr))
        return 0;
    int kind = LL_C_RMW_KIND(d->instr.flags);
    return kind == LL_C_FETCH || kind == LL_C_NORET ? read + 1 : 0;
}

static bool herd_vars_walk(const mdl_test *m, int t, const mdl_run *run,
                           int64_t *read_var, int64_t *copy_var,
                           int64_t *op_var, int64_t *ret_var)
{
    int n_st = m->threads[t].code->n_stmts;
    for (int i = 0; i < 2 * n_st; i++)
        ret_var[i] = 0;
    for (int i = 0; op_var && i < m->threads[t].code->n_stmts; i++)
        op_var[i] = 0;
    if (!m->threads[t].code->c_tree && m->ops->herd_vars) {
        const ll_thread *th = m->threads[t].code;
        for (int i = 0; i < th->n_stmts; i++)
            read_var[i] = copy_var[i] = 0;
        return asm_vars(m, t, run, read_var, copy_var, NULL);
    }
    hv h;
    bool ok = c_walk(m, t, run, &h, read_var, copy_var, NULL);
    const ll_thread *th = m->threads[t].code;
    /* an operation's number, and a stored one's: the largest of its
       class */
    for (int i = 0; ok && op_var && i < th->n_stmts; i++) {
        int j = h.op_own[i] ? i : h.val_op[i];
        if (j >= 0)
            op_var[i] = h.op_own[j] > copy_var[j] ? h.op_own[j] : copy_var[j];
        else
            op_var[i] = rmw_own(th, i, read_var[i]);
    }
    for (int i = 0; ok && i < th->n_stmts; i++) {
        ret_var[i] = h.ret[i][1];
        ret_var[n_st + i] = h.ret[i][2];
    }
    free(h.op_own);
    free(h.val_op);
    free(h.eqs);
    hv_free(&h);
    return ok;
}

/* mdl_herd_regs_of for a C tree: the register equations c_walk
 * collects, as reg_solved_reads takes an assembly thread's: each read
 * a load (herd7 shows a C read's variable as its parent too). Only
 * where the phase leaves a copy (a tree deeper than one: `r0 =
 * READ_ONCE(*x); r1 = r0; r3 = r0 + 1; atomic_set(y, r1)` leaves `S7 :=
 * S4`, r1's read := r0's second); elsewhere the memory phase's classes
 * are the reads' own, as symbolic.c builds them without. */
static bool c_regs_walk(const mdl_test *m, int t, const mdl_run *run,
                        mdl_herd_regs *out)
{
    const ll_thread *th = m->threads[t].code;
    size_t n = (size_t)th->n_stmts + 1;
    /* an operation on a local holding 0 is a copy herd7's phase makes
       too (sem_vnode.zero): the walk takes the run's, and replays the
       phase with its operations (hv.cops), so that the zero copies are
       among the copies left in herd7's order, beside plain copies (P1
       `r1 = r0; r3 = (r2 ^ r2) + r0; r4 = r3 | r9; ... if (r1)` leaves
       `S19 := S17, S16 := S13, S13 := S17`, the read S17) */
    int64_t *copy_var = ll_xcalloc(n, sizeof *copy_var);
    hv h;
    out->op_arg = ll_xcalloc(n, sizeof *out->op_arg);
    out->op_src = ll_xmalloc(n * sizeof *out->op_src);
    out->op_par = ll_xcalloc(n, sizeof *out->op_par);
    out->op_fold = ll_xcalloc(n, sizeof *out->op_fold);
    for (size_t i = 0; i < n; i++)
        out->op_src[i][0] = out->op_src[i][1] = -1;
    bool ok = c_walk(m, t, run, &h, out->read_var, copy_var, out);
    free(copy_var);
    free(h.val_op);
    hv_free(&h);
    bool zeros = false, plain_zeros = false;
    for (int i = 0; i < run->n_vnodes; i++) {
        zeros |= run->vnodes[i].zero;
        plain_zeros |= run->vnodes[i].zero && !run->vnodes[i].of_op;
    }
    out->zeros = zeros && !h.complex;
    if (ok && h.n_eqs) {
        sv_walk w = {.n_st = th->n_stmts, .eqs = h.eqs, .n_eqs = h.n_eqs,
                     .cops = (const int (*)[6])h.cops, .n_cops = h.n_cops,
                     .consts = h.consts, .n_consts = h.n_consts,
                     .op_own = h.op_own};
        w.reg_solved = ll_xmalloc(n * sizeof *w.reg_solved);
        for (int i = 0; i < th->n_stmts; i++)
            w.reg_solved[i] = out->read_var[i] > 0;
        reg_solved_reads(th->n_stmts, out->read_var, &w, true, out);
        free(w.reg_solved);
        int k = 0;
        for (int i = 0; i < out->n_left; i++) {
            int j = 0;
            while (j < k && (out->left[j][0] != out->left[i][0] ||
                             out->left[j][1] != out->left[i][1]))
                j++;
            if (j == k) {
                out->left[k][0] = out->left[i][0];
                out->left[k++][1] = out->left[i][1];
            }
        }
        out->n_left = k;
    }
    free(h.op_own);
    free(h.eqs);
    free(h.cops);
    free(h.consts);
    /* a zero copy of a read the replay does not follow (an RMW on the
       way, an RMW's result copied): sem/c.c and c_regs.c replay it
       (sem_vnode.zdeep), symbolic.c's zero_map takes it; not an
       operation's result's (of_op), whose operation's operands the walk
       renames as herd7's phase (zc21340000_345: `r1 = r0; r5 = r1 & r2;
       r6 = r9 | r5` leaves `S20 := S18` and `S25 := S24`, S24 := S20 &
       0) */
    return ok && (out->zeros || !plain_zeros);
}

static bool c_regs_of(const mdl_test *m, int t, const mdl_run *run,
                      mdl_herd_regs *out)
{
    return c_regs_walk(m, t, run, out) && out->n_left > 0;
}

/* herd7's order of the copies left, as its unsolved list hands them to
 * the memory phase: each once, the reverse of the order its solver
 * sorts the equations in (by left-hand variable from the least, each
 * after those defining its right-hand side; measured with -debug solver:
 * the normalised `S14:=S19, S13:=S14, S14:=S19` is left as `S13:=S14,
 * S14:=S19`, whose union after rf's `S19:=S2` keeps `S13:=S19` a copy of
 * the memory phase, W21091004_156). The walk's normalised order made
 * another tree there, one class where herd7 has a cycle it cannot
 * solve. */
static void left_order(mdl_herd_regs *r)
{
    int n = r->n_left, k = 0, top = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 2; j++)
            top = (int)r->left[i][j] > top ? (int)r->left[i][j] : top;
    bool *seen = ll_xcalloc((size_t)top + 1, sizeof *seen);
    bool *done = ll_xcalloc((size_t)n + 1, sizeof *done);
    int (*out)[2] = ll_xmalloc((size_t)(n + 1) * sizeof *out);
    int *stack = ll_xmalloc((size_t)(2 * n + 2) * sizeof *stack);
    int last = top;
    for (int z = 0; z < r->n_zero; z++)
        last = r->zflag[z][0] > last ? (int)r->zflag[z][0] : last;
    for (int v1 = 1; v1 <= last; v1++) {
        /* a depth-first walk from v0: a variable's copies after those
           of their right-hand sides (stack: variable, next copy); a
           zero copy's flags (`S16 := S33>0`, numbered after its result
           S15) lead herd7's pass to it from there (V21280895) */
        int sp = 0, v0 = v1;
        for (int z = 0; z < r->n_zero; z++)
            if (r->zflag[z][0] == v1)
                v0 = (int)r->zflag[z][1];
        if (v0 > top || seen[v0])
            continue;
        seen[v0] = true;
        stack[sp++] = v0;
        stack[sp++] = 0;
        while (sp > 0) {
            int v = stack[sp - 2], i = stack[sp - 1];
            while (i < n && (r->left[i][0] != v || done[i]))
                i++;
            if (i == n) {
                sp -= 2;
                continue;
            }
            stack[sp - 1] = i;
            int b = (int)r->left[i][1];
            if (!seen[b]) {
                seen[b] = true;
                stack[sp++] = b;
                stack[sp++] = 0;
                continue;
            }
            done[i] = true;
            int j = 0;
            while (j < k && (out[j][0] != r->left[i][0] ||
                             out[j][1] != r->left[i][1]))
                j++;
            if (j == k) {
                out[k][0] = (int)r->left[i][0];
                out[k++][1] = (int)r->left[i][1];
            }
        }
    }
    for (int i = 0; i < k; i++) {
        r->left[i][0] = out[k - 1 - i][0];
        r->left[i][1] = out[k - 1 - i][1];
    }
    r->n_left = k;
    free(seen);
    free(done);
    free(out);
    free(stack);
}

static bool herd_regs_walk(const mdl_test *m, int t, const mdl_run *run,
                           mdl_herd_regs *out)
{
    const ll_thread *th = m->threads[t].code;
    size_t n = (size_t)th->n_stmts + 1;
    *out = (mdl_herd_regs){.read_var = ll_xcalloc(n, sizeof *out->read_var),
                           .store_var = ll_xcalloc(n, sizeof *out->store_var)};
    if (th->c_tree)
        return c_regs_of(m, t, run, out);
    if (!m->ops->herd_vars)
        return false;
    int64_t *copy_var = ll_xcalloc(n, sizeof *copy_var);
    bool ok = asm_vars(m, t, run, out->read_var, copy_var, out);
    free(copy_var);
    if (!ok)        /* no store's value, no copy left */
        for (size_t i = 0; i < n; i++)
            out->store_var[i] = 0;
    out->n_left = ok ? out->n_left : 0;
    if (out->n_left)
        left_order(out);
    return ok;
}

/* The answers of herd_vars_walk and herd_regs_walk on one run, made once:
 * they depend on the thread's code and the run alone, and the symbolic
 * judge (symbolic.c) asks for them on every choice of sources of every
 * combination of runs. g21370010_81 (three threads, illegal operations
 * on addresses) spent 60% of its time walking the same trees again. */
typedef struct mdl_herd_memo {
    bool vars_done, vars_ok;
    int64_t *vars;          /* read_var, copy_var, op_var, ret_var
                               (number, then 1 + statement): n_stmts
                               each */
    bool regs_done, regs_ok;
    mdl_herd_regs regs;
} mdl_herd_memo;

/* run's memo, made on first use (a cache: the run itself is as given). */
static mdl_herd_memo *memo_of(const mdl_run *run)
{
    mdl_run *r = (mdl_run *)run;
    if (!r->herd_memo)
        r->herd_memo = ll_xcalloc(1, sizeof *r->herd_memo);
    return r->herd_memo;
}

/* run's memo with its numbers walked (herd_vars_walk), once. */
static mdl_herd_memo *vars_memo(const mdl_test *m, int t, const mdl_run *run)
{
    size_t n = (size_t)m->threads[t].code->n_stmts;
    mdl_herd_memo *h = memo_of(run);
    if (!h->vars_done) {
        h->vars = ll_xcalloc(5 * n + 1, sizeof *h->vars);
        h->vars_ok = herd_vars_walk(m, t, run, h->vars, h->vars + n,
                                    h->vars + 2 * n, h->vars + 3 * n);
        h->vars_done = true;
    }
    return h;
}

bool mdl_herd_vars(const mdl_test *m, int t, const mdl_run *run,
                   int64_t *read_var, int64_t *copy_var, int64_t *op_var)
{
    size_t n = (size_t)m->threads[t].code->n_stmts;
    mdl_herd_memo *h = vars_memo(m, t, run);
    memcpy(read_var, h->vars, n * sizeof *read_var);
    memcpy(copy_var, h->vars + n, n * sizeof *copy_var);
    if (op_var)
        memcpy(op_var, h->vars + 2 * n, n * sizeof *op_var);
    return h->vars_ok;
}

bool mdl_herd_ret_vars(const mdl_test *m, int t, const mdl_run *run,
                       int64_t *ret_var, int64_t *ret_stmt)
{
    size_t n = (size_t)m->threads[t].code->n_stmts;
    mdl_herd_memo *h = vars_memo(m, t, run);
    memcpy(ret_var, h->vars + 3 * n, n * sizeof *ret_var);
    for (size_t i = 0; i < n; i++)
        ret_stmt[i] = h->vars[4 * n + i] - 1;
    return h->vars_ok;
}

/* A copy of n elements of size each at p (NULL stays NULL). */
static void *dup_of(const void *p, size_t n, size_t size)
{
    if (!p)
        return NULL;
    void *q = ll_xmalloc((n ? n : 1) * size);
    if (n)
        memcpy(q, p, n * size);
    return q;
}

/* A copy of r (arrays of n per statement) the caller owns; its arrays
 * are those mdl_herd_regs_free frees: a field added to one goes in the
 * other (a memo's array freed by its caller otherwise). */
static void regs_copy(const mdl_herd_regs *r, size_t n, mdl_herd_regs *out)
{
    *out = *r;
    out->read_var = dup_of(r->read_var, n, sizeof *r->read_var);
    out->store_var = dup_of(r->store_var, n, sizeof *r->store_var);
    out->op_arg = dup_of(r->op_arg, n, sizeof *r->op_arg);
    out->op_src = dup_of(r->op_src, n, sizeof *r->op_src);
    out->left = dup_of(r->left, (size_t)r->n_left, sizeof *r->left);
    out->zflag = dup_of(r->zflag, (size_t)r->n_zero, sizeof *r->zflag);
    out->op_par = dup_of(r->op_par, n, sizeof *r->op_par);
    out->op_fold = dup_of(r->op_fold, n, sizeof *r->op_fold);
}

bool mdl_herd_regs_of(const mdl_test *m, int t, const mdl_run *run,
                      mdl_herd_regs *out)
{
    size_t n = (size_t)m->threads[t].code->n_stmts + 1;
    mdl_herd_memo *h = memo_of(run);
    if (!h->regs_done) {
        h->regs_ok = herd_regs_walk(m, t, run, &h->regs);
        h->regs_done = true;
    }
    regs_copy(&h->regs, n, out);
    return h->regs_ok;
}

void mdl_herd_memo_free(mdl_run *run)
{
    mdl_herd_memo *h = run->herd_memo;
    if (!h)
        return;
    free(h->vars);
    if (h->regs_done)
        mdl_herd_regs_free(&h->regs);
    free(h);
    run->herd_memo = NULL;
}

bool mdl_herd_read_parents(const mdl_test *m, int t, const mdl_run *run,
                           int64_t *read_var)
{
    const ll_thread *th = m->threads[t].code;
    size_t n = (size_t)th->n_stmts + 1;
    mdl_herd_regs h = {.read_var = ll_xcalloc(n, sizeof *h.read_var),
                       .store_var = ll_xcalloc(n, sizeof *h.store_var)};
    bool ok = th->c_tree && c_regs_walk(m, t, run, &h);
    for (int i = 0; i < th->n_stmts; i++)
        read_var[i] = ok ? h.read_var[i] : 0;
    mdl_herd_regs_free(&h);
    return ok;
}

void mdl_herd_regs_free(mdl_herd_regs *r)
{
    free(r->read_var);
    free(r->store_var);
    free(r->left);
    free(r->op_arg);
    free(r->op_src);
    free(r->zflag);
    free(r->op_par);
    free(r->op_fold);
    *r = (mdl_herd_regs){0};
}

int mdl_herd_reg_fold(const mdl_test *m, int t, uint64_t turns, int n_turns,
                      int stmt)
{
    const ll_thread *th = m->threads[t].code;
    if (th->c_tree || !m->ops->herd_vars || stmt < 0 || stmt >= th->n_stmts)
        return -1;
    mdl_run run = {.turns = turns, .n_turns = n_turns};
    sv_walk w = {.n_st = th->n_stmts, .want = stmt, .mt = &m->threads[t],
                 .ops = m->ops};
    w.reg_solved = ll_xcalloc((size_t)th->n_stmts + 1, sizeof *w.reg_solved);
    int64_t *read_var = ll_xcalloc((size_t)th->n_stmts + 1, sizeof *read_var);
    int64_t c = 0;
    int turn = 0;
    int fold = -1;
    if (walk_from(m->ops, th, 0, &run, &turn, &c, read_var, NULL, &w) &&
        w.want_var[0] > 0 && w.want_var[1] > 0) {
        int top = 0;
        for (int i = 0; i < w.n_eqs; i++)
            for (int k = 0; k < 2; k++)
                top = w.eqs[i][k] > top ? w.eqs[i][k] : top;
        if (w.want_var[0] <= top && w.want_var[1] <= top) {
            int *par = ll_xmalloc((size_t)(top + 1) * sizeof *par);
            hs_reg_parents(w.eqs, w.n_eqs, top + 1, par);
            int a = (int)w.want_var[0], b = (int)w.want_var[1];
            /* a read with no equation: its register held a constant */
            bool seen_a = false, seen_b = false;
            for (int i = 0; i < w.n_eqs; i++) {
                seen_a |= w.eqs[i][0] == a;
                seen_b |= w.eqs[i][0] == b;
            }
            if (seen_a && seen_b)
                fold = par[a] == par[b];
            free(par);
        }
    }
    free(read_var);
    free(w.zc);
    free(w.zcand);
    free(w.eqs);
    free(w.val);
    free(w.reg_solved);
    free(w.src);
    return fold;
}

bool mdl_herd_zero_left(mdl_test *m, const int *pick)
{
    bool any = false;
    for (int t = 0; t < m->n_threads && !any; t++) {
        mdl_run *run = &m->threads[t].runs[pick[t]];
        if (!run->herd_zero) {
            mdl_herd_regs r;
            bool ok = !m->threads[t].code->c_tree && m->ops->herd_vars &&
                      mdl_herd_regs_of(m, t, run, &r);
            run->herd_zero = ok && r.n_zero ? 2 : 1;
            if (ok || (!m->threads[t].code->c_tree && m->ops->herd_vars))
                mdl_herd_regs_free(&r);
        }
        any = run->herd_zero == 2;
    }
    return any;
}
