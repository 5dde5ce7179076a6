/* c/prims.c — the kernel's primitives (as the LKMM's linux-kernel.def
 * defines them) and C11's atomics, lowered to accesses, read-modify-
 * writes and fences with their annotations. Each table row says how its
 * arguments are read and what it emits. */
#include "lib/c/internal.h"
#include "litmuslab/near.h"

#include <stdio.h>
#include <string.h>

typedef enum prim_kind {
    P_LOAD_LV,       /* READ_ONCE(*x): an lvalue */
    P_STORE_LV,      /* WRITE_ONCE(*x, v) */
    P_STORE_MB_LV,   /* smp_store_mb(*x, v): a store then smp_mb */
    P_LOAD,          /* smp_load_acquire(x): a pointer */
    P_STORE,         /* smp_store_release(x, v) */
    P_FENCE,
    P_XCHG,          /* xchg(x, v) */
    P_CMPXCHG,       /* cmpxchg(x, old, new) */
    P_ADD_UNLESS,    /* atomic_add_unless(x, v, u) */
    P_OP,            /* atomic_add(v, x) */
    P_OP1,           /* atomic_inc(x) */
    P_OP_RET,        /* atomic_add_return(v, x) */
    P_OP_RET1,       /* atomic_inc_return(x) */
    P_FETCH,         /* atomic_fetch_add(v, x) */
    P_FETCH1,        /* atomic_fetch_inc(x) */
    P_TEST,          /* atomic_sub_and_test(v, x): new == 0 */
    P_TEST1,         /* atomic_dec_and_test(x) */
    P_NEG,           /* atomic_add_negative(v, x): new < 0 */
    P_LOCK, P_UNLOCK, P_TRYLOCK, P_ISLOCKED,
    P_SRCU_LOCK, P_SRCU_UNLOCK, P_SYNC_SRCU,
    /* C11: the memory order is the last argument(s) */
    P_C11_LOAD, P_C11_STORE, P_C11_XCHG, P_C11_CAS, P_C11_FETCH,
    P_C11_FENCE,
} prim_kind;

/* atomic_andnot's pseudo-operator: AND with the complemented value. */
#define OP_ANDNOT 0x100
/* herd7's internal primitives, which .def macros are written in: the
 * annotation in braces (`__xchg{once}`, c/def.c names them), and for
 * __atomic_op* the operator as an argument (`__atomic_op(X,+,V)`). */
#define ANN_BRACES (-1)
#define OP_ARG (-1)

typedef struct prim {
    const char *name;
    prim_kind kind;
    int ann;         /* annotation or fence kind */
    int op;          /* binop of atomic arithmetic */
    bool explicit_mo;   /* C11: takes memory_order arguments */
} prim;

#define ORD4(base, kind, op)                                            \
    {base, kind, LL_C_MB, op, false},                                   \
    {base "_relaxed", kind, LL_C_ONCE, op, false},                      \
    {base "_acquire", kind, LL_C_ACQUIRE, op, false},                   \
    {base "_release", kind, LL_C_RELEASE, op, false}

#define ARITH(name, op)                                                 \
    ORD4("atomic_" name "_return", P_OP_RET, op),                       \
    ORD4("atomic_fetch_" name, P_FETCH, op)

#define ARITH1(name, op)                                                \
    ORD4("atomic_" name "_return", P_OP_RET1, op),                      \
    ORD4("atomic_fetch_" name, P_FETCH1, op)

#define C11_FETCH(name, op)                                             \
    {"atomic_fetch_" name "_explicit", P_C11_FETCH, 0, op, true},       \
    {"atomic_fetch_" name, P_C11_FETCH, LL_C_SC, op, false}

static const prim prims[] = {
    {"READ_ONCE", P_LOAD_LV, LL_C_ONCE, 0, false},
    {"WRITE_ONCE", P_STORE_LV, LL_C_ONCE, 0, false},
    {"rcu_dereference", P_LOAD_LV, LL_C_ONCE, 0, false},
    {"rcu_assign_pointer", P_STORE_LV, LL_C_RELEASE, 0, false},
    {"smp_store_mb", P_STORE_MB_LV, LL_C_ONCE, 0, false},
    {"smp_load_acquire", P_LOAD, LL_C_ACQUIRE, 0, false},
    {"smp_store_release", P_STORE, LL_C_RELEASE, 0, false},
    {"atomic_read", P_LOAD, LL_C_ONCE, 0, false},
    {"atomic_set", P_STORE, LL_C_ONCE, 0, false},
    {"atomic_read_acquire", P_LOAD, LL_C_ACQUIRE, 0, false},
    {"atomic_set_release", P_STORE, LL_C_RELEASE, 0, false},
    {"smp_mb", P_FENCE, LL_C_F_MB, 0, false},
    {"smp_rmb", P_FENCE, LL_C_F_RMB, 0, false},
    {"smp_wmb", P_FENCE, LL_C_F_WMB, 0, false},
    {"barrier", P_FENCE, LL_C_F_BARRIER, 0, false},
    {"smp_mb__before_atomic", P_FENCE, LL_C_F_BEFORE_ATOMIC, 0, false},
    {"smp_mb__after_atomic", P_FENCE, LL_C_F_AFTER_ATOMIC, 0, false},
    {"smp_mb__after_spinlock", P_FENCE, LL_C_F_AFTER_SPINLOCK, 0, false},
    {"smp_mb__after_unlock_lock", P_FENCE, LL_C_F_AFTER_UNLOCK_LOCK, 0,
     false},
    {"smp_mb__after_srcu_read_unlock", P_FENCE, LL_C_F_AFTER_SRCU_UNLOCK, 0,
     false},
    {"rcu_read_lock", P_FENCE, LL_C_F_RCU_LOCK, 0, false},
    {"rcu_read_unlock", P_FENCE, LL_C_F_RCU_UNLOCK, 0, false},
    {"synchronize_rcu", P_FENCE, LL_C_F_SYNC_RCU, 0, false},
    {"synchronize_rcu_expedited", P_FENCE, LL_C_F_SYNC_RCU, 0, false},
    ORD4("xchg", P_XCHG, 0),
    ORD4("atomic_xchg", P_XCHG, 0),
    ORD4("cmpxchg", P_CMPXCHG, 0),
    ORD4("atomic_cmpxchg", P_CMPXCHG, 0),
    {"atomic_add_unless", P_ADD_UNLESS, LL_C_MB, 0, false},
    {"atomic_add", P_OP, LL_C_NORETURN, LL_C_ADD, false},
    {"atomic_sub", P_OP, LL_C_NORETURN, LL_C_SUB, false},
    {"atomic_and", P_OP, LL_C_NORETURN, LL_C_AND, false},
    {"atomic_or", P_OP, LL_C_NORETURN, LL_C_OR, false},
    {"atomic_xor", P_OP, LL_C_NORETURN, LL_C_XOR, false},
    {"atomic_inc", P_OP1, LL_C_NORETURN, LL_C_ADD, false},
    {"atomic_dec", P_OP1, LL_C_NORETURN, LL_C_SUB, false},
    ARITH("add", LL_C_ADD),
    ARITH("sub", LL_C_SUB),
    ARITH1("inc", LL_C_ADD),
    ARITH1("dec", LL_C_SUB),
    ORD4("atomic_fetch_and", P_FETCH, LL_C_AND),
    ORD4("atomic_fetch_or", P_FETCH, LL_C_OR),
    ORD4("atomic_fetch_xor", P_FETCH, LL_C_XOR),
    {"atomic_andnot", P_OP, LL_C_NORETURN, OP_ANDNOT, false},
    ORD4("atomic_fetch_andnot", P_FETCH, OP_ANDNOT),
    {"atomic_sub_and_test", P_TEST, LL_C_MB, LL_C_SUB, false},
    {"atomic_dec_and_test", P_TEST1, LL_C_MB, LL_C_SUB, false},
    {"atomic_inc_and_test", P_TEST1, LL_C_MB, LL_C_ADD, false},
    {"atomic_add_negative", P_NEG, LL_C_MB, LL_C_ADD, false},
    {"spin_lock", P_LOCK, 0, 0, false},
    {"spin_unlock", P_UNLOCK, 0, 0, false},
    {"spin_trylock", P_TRYLOCK, 0, 0, false},
    {"spin_is_locked", P_ISLOCKED, 0, 0, false},
    {"srcu_read_lock", P_SRCU_LOCK, 0, 0, false},
    {"srcu_read_unlock", P_SRCU_UNLOCK, 0, 0, false},
    {"synchronize_srcu", P_SYNC_SRCU, 0, 0, false},
    {"synchronize_srcu_expedited", P_SYNC_SRCU, 0, 0, false},
    {"atomic_load_explicit", P_C11_LOAD, 0, 0, true},
    {"atomic_store_explicit", P_C11_STORE, 0, 0, true},
    {"atomic_exchange_explicit", P_C11_XCHG, 0, 0, true},
    {"atomic_compare_exchange_strong_explicit", P_C11_CAS, 0, 0, true},
    {"atomic_compare_exchange_weak_explicit", P_C11_CAS, 0, 0, true},
    {"atomic_load", P_C11_LOAD, LL_C_SC, 0, false},
    {"atomic_store", P_C11_STORE, LL_C_SC, 0, false},
    {"atomic_exchange", P_C11_XCHG, LL_C_SC, 0, false},
    {"atomic_compare_exchange_strong", P_C11_CAS, LL_C_SC, 0, false},
    {"atomic_compare_exchange_weak", P_C11_CAS, LL_C_SC, 0, false},
    C11_FETCH("add", LL_C_ADD),
    C11_FETCH("sub", LL_C_SUB),
    C11_FETCH("or", LL_C_OR),
    C11_FETCH("and", LL_C_AND),
    C11_FETCH("xor", LL_C_XOR),
    {"atomic_thread_fence", P_C11_FENCE, 0, 0, true},
    {"__load", P_LOAD_LV, ANN_BRACES, 0, false},
    {"__store", P_STORE_LV, ANN_BRACES, 0, false},
    {"__fence", P_FENCE, ANN_BRACES, 0, false},
    {"__xchg", P_XCHG, ANN_BRACES, 0, false},
    {"__cmpxchg", P_CMPXCHG, ANN_BRACES, 0, false},
    {"__atomic_add_unless", P_ADD_UNLESS, ANN_BRACES, 0, false},
    {"__atomic_op", P_OP, LL_C_NORETURN, OP_ARG, false},
    {"__atomic_op_return", P_OP_RET, ANN_BRACES, OP_ARG, false},
    {"__atomic_fetch_op", P_FETCH, ANN_BRACES, OP_ARG, false},
    {"__lock", P_LOCK, 0, 0, false},
    {"__unlock", P_UNLOCK, 0, 0, false},
    {"__trylock", P_TRYLOCK, 0, 0, false},
    {"__islocked", P_ISLOCKED, 0, 0, false},
    {"__srcu", P_SRCU_LOCK, ANN_BRACES, 0, false},
};

static void comma(c_lower *c)
{
    c_expect(c, ",");
}

static c_val arg_val(c_lower *c)
{
    return c_assign_expr(c);
}

static c_val arg_lv(c_lower *c)
{
    ll_pos pos = c->tok.pos;
    c_val local;
    bool is_local;
    c_val a = c_lvalue_addr(c, &local, &is_local);
    if (is_local)
        c_fail(c, pos, "a local variable is not a shared location");
    return a;
}

static int memory_order(c_lower *c)
{
    static const struct {
        const char *name;
        int ann;
    } orders[] = {
        {"memory_order_relaxed", LL_C_RLX},
        {"memory_order_consume", LL_C_ACQ},
        {"memory_order_acquire", LL_C_ACQ},
        {"memory_order_release", LL_C_REL},
        {"memory_order_acq_rel", LL_C_ACQ_REL},
        {"memory_order_seq_cst", LL_C_SC},
    };
    for (size_t i = 0; i < sizeof orders / sizeof *orders; i++)
        if (c_is(&c->tok, orders[i].name)) {
            c_next(c);
            return orders[i].ann;
        }
    c_fail(c, c->tok.pos, "expected a memory_order_* constant");
}

static unsigned ann(int a)
{
    return (unsigned)a << LL_C_ANN_SHIFT;
}

/* Whether statements [first, end) of the thread access memory. */
static bool accesses(const c_lower *c, int first)
{
    for (int i = first; i < c->th->n_stmts; i++) {
        const ll_stmt *s = &c->th->stmts[i];
        if (s->has_instr && s->instr.op != LL_C_MOV && s->instr.op != LL_C_BIN &&
            s->instr.op != LL_C_UN && s->instr.op != LL_C_BZ &&
            s->instr.op != LL_C_JMP && s->instr.op != LL_C_CTRL_SAVE &&
            s->instr.op != LL_C_CTRL_RESTORE)
            return true;
    }
    return false;
}

/* herd7 7.58 fails (`Assertion failed`, eventsMonad.ml) on a fork
 * nested in an exchange's operands (`xchg(x, cmpxchg(y, 2, 1))`, an
 * atomic_add_unless, a spin_trylock there), where it answers for the
 * other RMWs' (atomic_fetch_add): refuse it. */
static void no_fork(c_lower *c, int first, ll_pos at)
{
    const ll_thread *th = c->th;
    for (int i = first; i < th->n_stmts; i++) {
        const ll_instr *in = &th->stmts[i].instr;
        if (th->stmts[i].has_instr &&
            (in->op == LL_C_CAS || in->op == LL_C_CAS11 ||
             in->op == LL_C_TRYLOCK))
            c_fail(c, at, "a compare-and-exchange or trylock nested in an "
                   "exchange's value is not supported");
    }
}

/* The nested RMW and CAS calls an operand's value is made of. */
typedef struct nested_calls {
    int first;      /* the first one's first statement, or -1 */
    int last;       /* the last one's RMW or CAS statement */
} nested_calls;

static bool is_temp_opnd(const ll_operand *o)
{
    return o->kind == LL_OPND_REG && o->sym && o->sym[0] == '@';
}

/* The first statement of the expression that statement i computes: its
 * own call's (a fully ordered RMW's leading fence), or an operand's
 * among statements [lo, i). */
static int expr_first(const ll_thread *th, int i, int lo)
{
    const ll_instr *p = &th->stmts[i].instr;
    int first = i - p->call;
    for (int k = 1; k < p->n_ops; k++) {
        if (!is_temp_opnd(&p->ops[k]))
            continue;
        for (int j = i - 1; j >= lo; j--) {
            const ll_instr *d = &th->stmts[j].instr;
            if (th->stmts[j].has_instr && d->n_ops > 0 &&
                is_temp_opnd(&d->ops[0]) &&
                strcmp(d->ops[0].sym, p->ops[k].sym) == 0) {
                int f = expr_first(th, j, lo);
                first = f < first ? f : first;
                break;
            }
        }
    }
    return first;
}

/* Register v, set among statements [lo, end): the RMW or CAS calls it
 * is the result of, or an operation on (`xchg_relaxed(y, 1) + 5`),
 * added to *n. */
static void made_of_rmw(const ll_thread *th, const char *v, int lo, int end,
                        nested_calls *n)
{
    for (int i = end - 1; i >= lo; i--) {
        const ll_instr *p = &th->stmts[i].instr;
        if (!th->stmts[i].has_instr || p->n_ops < 1 ||
            p->ops[0].kind != LL_OPND_REG || !p->ops[0].sym ||
            strcmp(p->ops[0].sym, v) != 0)
            continue;
        if (p->op == LL_C_RMW || p->op == LL_C_CAS) {
            int f = expr_first(th, i, lo);
            if (n->first < 0 || f < n->first)
                n->first = f;
            if (i > n->last)
                n->last = i;
        } else if (p->op == LL_C_BIN || p->op == LL_C_UN) {
            for (int k = 1; k <= (p->op == LL_C_BIN ? 2 : 1); k++)
                if (is_temp_opnd(&p->ops[k]))
                    made_of_rmw(th, p->ops[k].sym, lo, i, n);
        }
        return;
    }
}

/* Value v, an operand lowered in statements [lo, end): the nested RMW
 * and CAS calls it is made of (first -1: none). herd7 returns such a
 * call's result after its write, so an exchange or cmpxchg of it waits
 * for the call and has no data dependency on its reads. */
static nested_calls rmw_operand(c_lower *c, c_val v, int lo, int end)
{
    nested_calls n = {-1, -1};
    if (v.kind == LL_OPND_REG && v.name && v.name[0] == '@')
        made_of_rmw(c->th, v.name, lo, end, &n);
    return n;
}

/* Instruction in, statement `at`, waits for calls n and for those of
 * another operand that start at statement from (-1: none), from the
 * earliest (ll_instr.wait). */
static void set_wait(ll_instr *in, int at, nested_calls n, int from)
{
    if (from >= 0 && (n.first < 0 || from < n.first))
        n.first = from;
    if (n.first >= 0)
        in->wait = at - n.first;
}

/* ... whose reads give its write no data dependency. */
static void set_nodata(ll_instr *in, int at, nested_calls n)
{
    if (n.first < 0)
        return;
    in->nodata_from = at - n.first;
    in->nodata_to = at - n.last;
}

/* An RMW whose operands were lowered from statement `first` on: herd7's
 * fully ordered RMW (__atomic_op_return{mb}, __xchg{mb}, ...) makes its
 * leading smp_mb before it evaluates the operands, so a read in them
 * (`atomic_add_return(READ_ONCE(*x), y)`) comes after that fence, not
 * before (found by gencov: an SB shape herd7 forbids through it). */
static const prim *find_prim(const char *name);

static c_val rmw(c_lower *c, int kind, int op, int a, c_val addr, c_val v,
                 int first)
{
    c_val ops[3] = {c_temp(c), addr, v};
    unsigned fenced = 0;
    nested_calls n = {-1, -1};
    if (kind == LL_C_XCHG && a <= LL_C_MB)
        n = rmw_operand(c, v, first, c->th->n_stmts);
    if (a == LL_C_MB && accesses(c, first)) {
        c_insert_fence(c, first, LL_C_F_MB);
        fenced = LL_C_RMW_FENCED;
    }
    c_emit(c, LL_C_RMW,
           (unsigned)op | (unsigned)kind << LL_C_RMW_SHIFT | ann(a) | fenced,
           3, ops);
    if (fenced) {
        c_fenced_call(c, first);
        /* (the leading fence went in before the inner call) */
        n.first += n.first >= 0;
        n.last += n.last >= 0;
    }
    int at = c->th->n_stmts - 1;
    set_wait(&c->th->stmts[at].instr, at, n, -1);
    set_nodata(&c->th->stmts[at].instr, at, n);
    return ops[0];
}

/* herd7 evaluates some operands of a compare-RMW on its success way
 * only: a cmpxchg's new value, atomic_add_unless's addend (statements
 * [lo, hi) here), C11's desired value; and a fully ordered one makes its
 * leading smp_mb on that way, before all its operands (statements from
 * first on; none on the failure way). Those statements get the RMW's
 * number (ll_instr.cas, which model/sem/c.c follows: a failing
 * `cmpxchg(x, 1, READ_ONCE(*y))` reads no y); *fenced says whether
 * the fence was inserted. Returns the number, 0 when there is nothing
 * to number. A fork nested there is refused: herd7 7.58 fails on it. */
static int success_only(c_lower *c, int first, int lo, int hi, bool mb,
                        unsigned *fenced, ll_pos at)
{
    ll_thread *th = c->th;
    bool any = false;
    for (int i = lo; i < hi; i++) {
        const ll_instr *in = &th->stmts[i].instr;
        if (!th->stmts[i].has_instr)
            continue;
        if (in->op == LL_C_CAS || in->op == LL_C_CAS11 || in->cas)
            c_fail(c, at, "a compare-and-exchange nested in another's "
                   "value is not supported");
        any = true;
    }
    bool fence = mb && accesses(c, first);
    *fenced = 0;
    if (!any && !fence)
        return 0;
    if (c->n_cas == LL_C_MAX_CAS)
        c_fail(c, at, "more than %d compare-and-exchanges whose operands "
               "are computed in one thread", LL_C_MAX_CAS);
    int id = ++c->n_cas;
    for (int i = lo; i < hi; i++)
        th->stmts[i].instr.cas = id;
    if (fence) {
        c_insert_fence(c, first, LL_C_F_MB);
        th->stmts[first].instr.cas = id;
        *fenced = LL_C_RMW_FENCED;
    }
    return id;
}

static c_val cmp_imm(c_lower *c, int op, c_val v)
{
    c_val ops[3] = {c_temp(c), v, c_imm(0)};
    c_emit(c, LL_C_BIN, (unsigned)op, 3, ops);
    return ops[0];
}

/* C11 compare-exchange: the expected value is `&r`, r a local, or a
 * location (herd7 7.58 takes only that: `e`, a parameter), which it
 * reads (a plain read, before the RMW) and writes the value read on
 * failure (ops[4]: its address). */
static c_val c11_cas(c_lower *c, const prim *p, c_val addr, ll_pos at)
{
    comma(c);
    c_val exp, place = {LL_OPND_IMM, 0, NULL};
    if (c_is(&c->tok, "&")) {
        c_next(c);
        if (c->tok.kind != C_NAME || !c_is_local(c, c->tok.text))
            c_fail(c, c->tok.pos,
                   "the expected value must be '&r', r a local, or a location");
        exp = (c_val){LL_OPND_REG, 0, c_name(c, c->tok.text)};
        c_next(c);
    } else {
        place = arg_val(c);
        c_val ld[2] = {c_temp(c), place};
        c->at = at;
        c_emit(c, LL_C_LD, ann(LL_C_PLAIN), 2, ld);
        exp = ld[0];
    }
    comma(c);
    int lo = c->th->n_stmts;
    c_val v = arg_val(c);
    unsigned fenced;
    int id = success_only(c, lo, lo, c->th->n_stmts, false, &fenced, at);
    int succ = p->ann, fail = p->ann;
    if (p->explicit_mo) {
        comma(c);
        succ = memory_order(c);
        comma(c);
        fail = memory_order(c);
    }
    c_val ops[5] = {c_temp(c), addr, exp, v, place};
    c->at = at;
    c_emit(c, LL_C_CAS11,
           ann(succ) | (unsigned)fail << LL_C_FAIL_SHIFT |
               (strstr(p->name, "_weak") ? LL_C_CAS_WEAK : 0),
           place.kind == LL_OPND_IMM ? 4 : 5, ops);
    c->th->stmts[c->th->n_stmts - 1].instr.cas = id;
    return ops[0];
}

static c_val lower_prim(c_lower *c, const prim *p, ll_pos at)
{
    c_val none = c_imm(0);
    c_val a, v, o, ops[4];
    int mo;
    prim opq;        /* p with the operator an argument gave */
    int first = c->th->n_stmts;     /* the operands' statements (rmw) */
    switch (p->kind) {
    case P_LOAD_LV:
    case P_LOAD:
        a = p->kind == P_LOAD ? arg_val(c) : arg_lv(c);
        ops[0] = c_temp(c);
        ops[1] = a;
        c->at = at;
        c_emit(c, LL_C_LD, ann(p->ann), 2, ops);
        return ops[0];
    case P_STORE_LV:
    case P_STORE_MB_LV:
    case P_STORE:
        a = p->kind == P_STORE ? arg_val(c) : arg_lv(c);
        comma(c);
        ops[0] = a;
        ops[1] = arg_val(c);
        c->at = at;
        c_emit(c, LL_C_ST, ann(p->ann), 2, ops);
        if (p->kind == P_STORE_MB_LV)
            c_emit(c, LL_C_FENCE, LL_C_F_MB, 0, NULL);
        return none;
    case P_FENCE:
        c->at = at;
        c_emit(c, LL_C_FENCE, (unsigned)p->ann, 0, NULL);
        return none;
    case P_XCHG:
        a = arg_val(c);
        comma(c);
        v = arg_val(c);
        c->at = at;
        no_fork(c, first, at);
        return rmw(c, LL_C_XCHG, 0, p->ann, a, v, first);
    case P_CMPXCHG:
    case P_ADD_UNLESS: {
        /* the builtin, not __atomic_add_unless{mb} (a macro of the
           .def: herd7 expands those arguments) */
        c->in_unless = p == find_prim("atomic_add_unless");
        a = arg_val(c);
        comma(c);
        int second = c->th->n_stmts;
        o = arg_val(c);
        comma(c);
        int third = c->th->n_stmts;
        v = arg_val(c);
        c->in_unless = false;
        unsigned fenced;
        int id = success_only(c, first,
                              p->kind == P_ADD_UNLESS ? second : third,
                              p->kind == P_ADD_UNLESS ? third : c->th->n_stmts,
                              p->ann == LL_C_MB, &fenced, at);
        ops[0] = c_temp(c);
        ops[1] = a;
        /* cmpxchg(x, old, new), atomic_add_unless(x, add, unless) */
        ops[2] = p->kind == P_ADD_UNLESS ? v : o;
        ops[3] = p->kind == P_ADD_UNLESS ? o : v;
        c->at = at;
        /* a cmpxchg's write, like an exchange's, waits for the RMW calls
           its new value (`cmpxchg(x, 5, xchg(y, 1))`) or its expected
           value is made of (herd7's iico_ctrl from that call's last
           event, a fully ordered one's trailing fence: `cmpxchg_relaxed(x,
           xchg(y, 1) + 1, 7)` writes x after it), from the first, with
           no data dependency on the new value's */
        nested_calls old_calls = {-1, -1}, new_calls = {-1, -1};
        if (p->kind == P_CMPXCHG) {
            /* (the leading fence went in before `second`) */
            int shift = fenced ? 1 : 0;
            old_calls = rmw_operand(c, o, second + shift, third + shift);
            new_calls = rmw_operand(c, v, third + shift, c->th->n_stmts);
        }
        c_emit(c, LL_C_CAS,
               ann(p->ann) | (p->kind == P_ADD_UNLESS ? LL_C_CAS_UNLESS : 0) |
                   fenced,
               4, ops);
        int at = c->th->n_stmts - 1;
        c->th->stmts[at].instr.cas = id;
        set_wait(&c->th->stmts[at].instr, at, old_calls, new_calls.first);
        set_nodata(&c->th->stmts[at].instr, at, new_calls);
        if (fenced)
            c_fenced_call(c, first);
        return ops[0];
    }
    case P_OP:
    case P_OP_RET:
    case P_FETCH:
    case P_TEST:
    case P_NEG:
        if (p->op == OP_ARG) {   /* __atomic_op(X, +, V) */
            a = arg_val(c);
            comma(c);
            int op = c_def_binop(c);
            comma(c);
            v = arg_val(c);
            opq = *p;
            opq.op = op;
            p = &opq;
            goto arith;
        }
        v = arg_val(c);
        comma(c);
        a = arg_val(c);
        goto arith;
    case P_OP1:
    case P_OP_RET1:
    case P_FETCH1:
    case P_TEST1:
        a = arg_val(c);
        v = c_imm(1);
    arith: {
        int kind = p->kind == P_OP || p->kind == P_OP1 ? LL_C_NORET
                   : p->kind == P_FETCH || p->kind == P_FETCH1 ? LL_C_FETCH
                                                               : LL_C_RETURN;
        c->at = at;
        int op = p->op;
        if (op == OP_ANDNOT) {
            c_val nv[2] = {c_temp(c), v};
            c_emit(c, LL_C_UN, LL_C_NOT, 2, nv);
            v = nv[0];
            op = LL_C_AND;
        }
        c_val r = rmw(c, kind, op, p->ann, a, v, first);
        if (p->kind == P_TEST || p->kind == P_TEST1)
            return cmp_imm(c, LL_C_EQ, r);
        if (p->kind == P_NEG)
            return cmp_imm(c, LL_C_LT, r);
        return kind == LL_C_NORET ? none : r;
    }
    case P_LOCK:
    case P_UNLOCK:
    case P_SYNC_SRCU:
        ops[0] = arg_val(c);
        c->at = at;
        c_emit(c, p->kind == P_LOCK     ? LL_C_LOCK
                  : p->kind == P_UNLOCK ? LL_C_UNLOCK
                                        : LL_C_SYNC_SRCU,
               0, 1, ops);
        return none;
    case P_TRYLOCK:
    case P_ISLOCKED:
    case P_SRCU_LOCK:
        ops[0] = c_temp(c);
        ops[1] = arg_val(c);
        c->at = at;
        /* srcu_read_lock's third operand: herd7's index (c/poi.c) */
        if (p->kind == P_SRCU_LOCK && c->count_poi)
            ops[2] = c_poi(c);
        c_emit(c, p->kind == P_TRYLOCK    ? LL_C_TRYLOCK
                  : p->kind == P_ISLOCKED ? LL_C_ISLOCKED
                                          : LL_C_SRCU_LOCK,
               0, p->kind == P_SRCU_LOCK && c->count_poi ? 3 : 2, ops);
        return ops[0];
    case P_SRCU_UNLOCK:
        ops[0] = arg_val(c);
        comma(c);
        ops[1] = arg_val(c);
        c->at = at;
        c_emit(c, LL_C_SRCU_UNLOCK, 0, 2, ops);
        return none;
    case P_C11_LOAD:
        a = arg_val(c);
        mo = p->ann;
        if (p->explicit_mo) {
            comma(c);
            mo = memory_order(c);
        }
        ops[0] = c_temp(c);
        ops[1] = a;
        c->at = at;
        c_emit(c, LL_C_LD, ann(mo), 2, ops);
        return ops[0];
    case P_C11_STORE:
    case P_C11_XCHG:
    case P_C11_FETCH:
        a = arg_val(c);
        comma(c);
        v = arg_val(c);
        mo = p->ann;
        if (p->explicit_mo) {
            comma(c);
            mo = memory_order(c);
        }
        if (p->kind == P_C11_STORE) {
            ops[0] = a;
            ops[1] = v;
            c->at = at;
            c_emit(c, LL_C_ST, ann(mo), 2, ops);
            return none;
        }
        c->at = at;
        return rmw(c, p->kind == P_C11_XCHG ? LL_C_XCHG : LL_C_FETCH, p->op,
                   mo, a, v, first);
    case P_C11_CAS:
        a = arg_val(c);
        return c11_cas(c, p, a, at);
    case P_C11_FENCE:
        mo = memory_order(c);
        c->at = at;
        c_emit(c, LL_C_FENCE, LL_C_F_C11 | ann(mo), 0, NULL);
        return none;
    }
    return none;
}

const char *c_prim_near(const char *name)
{
    return ll_near_name(name, &prims[0].name, sizeof prims / sizeof *prims,
                        sizeof *prims);
}

static const prim *find_prim(const char *name)
{
    /* atomic_long_* and atomic64_* are atomic_* on wider counters */
    char alias[sizeof ((c_tok *)0)->text];
    const char *want = name;
    static const char *const wide[] = {"atomic_long_", "atomic64_"};
    for (size_t i = 0; i < 2; i++) {
        size_t n = strlen(wide[i]);
        if (!strncmp(want, wide[i], n)) {
            snprintf(alias, sizeof alias, "atomic_%s", want + n);
            want = alias;
            break;
        }
    }
    for (size_t i = 0; i < sizeof prims / sizeof *prims; i++)
        if (prims[i].name[0] == want[0] && !strcmp(prims[i].name, want))
            return &prims[i];
    return NULL;
}

bool c_is_prim(const char *name)
{
    return find_prim(name) != NULL;
}

bool c_call(c_lower *c, const c_tok *name, c_val *out)
{
    const prim *p = find_prim(name->text);
    if (!p)
        return false;
    /* herd7 7.58: "Macro call READ_ONCE in CSem" (atomic_add_unless is
       its builtin, whose arguments it does not expand; __xchg{mb}'s it
       does) */
    if (c->in_unless)
        c_fail(c, name->pos, "'%s' in atomic_add_unless's arguments is not "
               "supported (herd7 expands no macro there)", name->text);
    prim q;
    if (p->ann == ANN_BRACES) {
        /* __srcu{srcu-lock}: the annotation is the operation */
        q = *p;
        q.ann = c_def_annotation(c, p->kind == P_FENCE ? C_ANN_FENCE
                                    : p->kind == P_SRCU_LOCK ? C_ANN_SRCU
                                                             : C_ANN_ACCESS);
        if (p->kind == P_SRCU_LOCK)
            q.kind = q.ann == LL_C_SRCU_LOCK     ? P_SRCU_LOCK
                     : q.ann == LL_C_SRCU_UNLOCK ? P_SRCU_UNLOCK
                                                 : P_SYNC_SRCU;
        p = &q;
        if (p->kind == P_FENCE) {   /* __fence{mb}: no arguments */
            *out = lower_prim(c, p, name->pos);
            return true;
        }
    }
    c_expect(c, "(");
    /* the arguments' statements take their own positions, the
       primitive's events its name's */
    *out = lower_prim(c, p, name->pos);
    c_expect(c, ")");
    return true;
}
