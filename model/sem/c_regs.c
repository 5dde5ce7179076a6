/* c_regs.c — herd7's register phase, replayed for the C semantics where
 * it loses a cmpxchg's success equation.
 *
 * herd7 solves a test in two phases: first the equations of the
 * registers alone (each read of a local is a variable `S4 := S2` of
 * the value last written to it, an operation `S2 := S1 + 1`, a
 * cmpxchg's success `S4 := S6`, expected value := value read), then
 * those of memory. Its register phase is the same solver as the memory
 * phase's (model/herd_solver.c): the copies are merged by a union-find
 * whose variables are renamed to their PARENT, not to their root, and
 * a variable whose parent the one pass leaves unsolved becomes that
 * parent, a variable again (`S6<-S14`), cut from the class's constant.
 * So where a cmpxchg's expected value is a register's variable that
 * the phase solves (`int r0 = r0 + 1;`, `r0 = r1;` after `r1 = 1`: not
 * `r0 = 1`, a constant) and the value read is copied on (a later
 * `WRITE_ONCE(*y, r0)`), the read goes deeper than one in the tree,
 * its equation is left unsolved and dropped: the success way reads any
 * value, and the reads of the class take the constant or the value read
 * as their depth says (`litmus/c/RMW+self-init-cmpxchg-copied`,
 * `RMW+register-copy-cmpxchg-two-reads`; doc/lkmm.md).
 *
 * The runs are concrete, so this file guesses: at a success way whose
 * read differs from the expected value (cr_success), each later read of a
 * local in that class takes either value (sem_choose); when the run
 * ends, herd7's phase is replayed on the run's variables (cr_run_end)
 * and a run whose guesses it contradicts is dropped.
 *
 * herd7 evaluates an RMW's operand expressions inside the RMW, on the
 * ways that use them: the variables of an operation the lowering
 * computes into a temporary are numbered where the temporary is read,
 * and left out where it is not (doc/lkmm.md, "An RMW's operand
 * expressions"). */
#include "model/sem/c_regs.h"

#include <stdlib.h>

#include "litmuslab/util.h"
#include "model/engine.h"
#include "model/herd_solver.h"

enum { K_LOAD, K_READ, K_OP };

typedef struct c_regs {
    unsigned run_no;
    bool off;                           /* past the limits this run */
    int n;                              /* variables, in run order */
    signed char kind[SEM_MAX_REG_VARS];
    short src[SEM_MAX_REG_VARS];        /* K_LOAD: the variable it copies,
                                           -1 a constant */
    short arg[SEM_MAX_REG_VARS][2];     /* K_OP: operand variables or -1 */
    bool cls[SEM_MAX_REG_VARS];         /* in the lost equation's class */
    signed char guess[SEM_MAX_REG_VARS]; /* -1 none, else an index in
                                            vals: the value chosen */
    sem_val val[SEM_MAX_REG_VARS];      /* K_READ in the class: its value */
    short eq[SEM_MAX_REG_VARS];         /* K_READ: the variable an RMW's
                                           equation sets it equal to */
    bool read_lhs[SEM_MAX_REG_VARS];    /* that equation is read := var */
    bool pin[SEM_MAX_REG_VARS];         /* K_READ: an RMW's equation sets
                                           it to a constant, pinv */
    sem_val pinv[SEM_MAX_REG_VARS];
    short eqv[SEM_MAX_EQS][2];          /* sem_run.eqs[i]: its read's
                                           variable, its operand's */
    signed char rno[SEM_MAX_REG_VARS];  /* K_READ: its read number, or -1 */
    int st_ev[SEM_MAX_REG_SLOTS];       /* stores of a local: the write */
    short st_var[SEM_MAX_REG_SLOTS];    /* ... and the local's variable */
    int n_st;
    short slot[SEM_MAX_REG_SLOTS];      /* the variable a local holds */
    /* herd7 evaluates an RMW's operand expressions inside the RMW, on
       the ways that read them (atomic_add_unless adding reads a, then u,
       computes u, then reads memory; failing, u alone); the lowering
       computes them into temporaries before it. The variables an
       operation into a temporary makes are pending on it, numbered
       where the temporary is read, dropped if it is not. */
    short seq[SEM_MAX_REG_VARS];        /* the live variables, herd7's order */
    int n_seq;
    short cur[SEM_MAX_REG_VARS];        /* the running instruction's */
    int n_cur;
    bool pure;                          /* it only computes (mov, op) */
    short pend[SEM_MAX_REG_SLOTS];      /* a temporary's first pending
                                           variable, or -1 */
    short pnext[SEM_MAX_REG_VARS];      /* the next one on its temporary */
    sem_taint puse[SEM_MAX_REG_SLOTS];  /* the reads its operation uses */
    short opnd[4];                      /* the instruction's operands' */
    short next;                         /* what the next cr_set stores */
    short read;                         /* the last memory read's */
    short lost_read;                    /* the lost equation's read, or -1 */
    sem_val vals[SEM_MAX_EQS + 1];      /* the class's constant, then the
                                           values its lost reads read */
    int n_vals;
    short fold_var[SEM_MAX_EQS][2];     /* sem_run.fold_pc[i]'s operands'
                                           variables (cr_fold_guess) */
    short zvar[SEM_MAX_EQS];            /* zero copies (cr_zero): their
                                           variables, vnode ids */
    int zid[SEM_MAX_EQS], n_z;
    int nid[SEM_MAX_REG_VARS];          /* K_OP: its vnode (cr_node), 0 */
} c_regs;

static c_regs *state(sem_run *r)
{
    c_regs *s = r->arch_state;
    if (!s)
        s = r->arch_state = ll_xcalloc(1, sizeof *s);
    if (s->run_no != r->run_no || !s->run_no) {
        s->run_no = r->run_no;
        s->off = r->n_slots > SEM_MAX_REG_SLOTS;
        s->n = 0;
        for (int i = 0; i < SEM_MAX_REG_SLOTS; i++)
        {
            s->slot[i] = s->pend[i] = -1;
            s->puse[i] = 0;
        }
        s->n_seq = s->n_cur = 0;
        s->pure = false;
        s->next = s->read = s->lost_read = -1;
        for (int k = 0; k < 4; k++)
            s->opnd[k] = -1;
        for (int i = 0; i < SEM_MAX_EQS; i++)
            s->eqv[i][0] = s->eqv[i][1] = -1;
        s->n_st = s->n_z = 0;
    }
    return s;
}

static int new_var(c_regs *s, int kind)
{
    if (s->n == SEM_MAX_REG_VARS) {
        s->off = true;
        return -1;
    }
    int x = s->n++;
    s->kind[x] = (signed char)kind;
    s->src[x] = -1;
    s->arg[x][0] = s->arg[x][1] = -1;
    s->cls[x] = false;
    s->guess[x] = -1;
    s->eq[x] = -1;
    s->pin[x] = false;
    s->rno[x] = -1;
    s->val[x] = sem_int(0);
    s->pnext[x] = -1;
    s->nid[x] = 0;
    s->cur[s->n_cur++] = (short)x;
    return x;
}

/* The running instruction's variables are live, numbered now. */
static void flush(c_regs *s)
{
    for (int i = 0; i < s->n_cur; i++)
        s->seq[s->n_seq++] = s->cur[i];
    s->n_cur = 0;
}

void cr_begin(sem_run *r, bool pure)
{
    c_regs *s = state(r);
    flush(s);
    s->pure = pure;
    for (int k = 0; k < 4; k++)
        s->opnd[k] = -1;
    s->next = -1;
}

void cr_operand(sem_run *r, const ll_operand *o, int k, sem_reg *v)
{
    c_regs *s = state(r);
    if (s->off || k < 0 || k >= 4 || o->kind != LL_OPND_REG)
        return;
    int slot = sem_op_slot(r, o);
    if (slot < 0 || slot >= SEM_MAX_REG_SLOTS)
        return;
    int held = s->slot[slot];
    if (o->sym && o->sym[0] == '@') {   /* the lowering's temporary */
        s->opnd[k] = (short)held;
        for (int x = s->pend[slot]; x >= 0; x = s->pnext[x])
            s->cur[s->n_cur++] = (short)x;
        s->pend[slot] = -1;
        r->used |= s->puse[slot];
        s->puse[slot] = 0;
        return;
    }
    int x = new_var(s, K_LOAD);
    if (x < 0)
        return;
    s->src[x] = (short)held;
    s->opnd[k] = (short)x;
    if (held >= 0 && s->cls[held] && s->lost_read >= 0) {
        s->cls[x] = true;
        int g = sem_choose(r, s->n_vals);
        s->guess[x] = (signed char)g;
        v->v = s->vals[g];
    }
}

/* A register holding cr_fold's constant: a variable of herd7's that its
 * register phase solves, not a literal (slot, opnd). */
enum { FOLDED = -3 };

void cr_fold(sem_run *r)
{
    state(r)->next = FOLDED;
}

void cr_copy(sem_run *r, int k)
{
    c_regs *s = state(r);
    s->next = k >= 0 && k < 4 ? s->opnd[k] : -1;
}

void cr_op(sem_run *r, int a, int b)
{
    c_regs *s = state(r);
    int va = a == -2 ? s->read : a >= 0 && a < 4 ? s->opnd[a] : -1;
    int vb = b == -2 ? s->read : b >= 0 && b < 4 ? s->opnd[b] : -1;
    s->next = -1;
    if (s->off || (va < 0 && vb < 0))
        return;
    int x = new_var(s, K_OP);
    if (x < 0)
        return;
    s->arg[x][0] = (short)va;
    s->arg[x][1] = (short)vb;
    s->next = (short)x;
}

/* The variable x copies, through the reads of locals that copy it: the
 * register phase's union-find makes them one (`r4 = r2 < 0; cmpxchg(b,
 * r4, 1)` expects `S2 < 0` as `cmpxchg(b, r2 < 0, 1)` does). */
static int copied(const c_regs *s, int x)
{
    while (x >= 0 && s->kind[x] == K_LOAD)
        x = s->src[x];
    return x;
}

bool cr_one_op(sem_run *r, int k)
{
    c_regs *s = state(r);
    int x = copied(s, k >= 0 && k < 4 && !s->off ? s->opnd[k] : -1);
    if (x < 0 || s->kind[x] != K_OP)
        return false;
    for (int i = 0; i < 2; i++) {
        int a = copied(s, s->arg[x][i]);
        if (a >= 0 && s->kind[a] == K_OP)
            return false;
    }
    return true;
}

bool cr_add_zero(sem_run *r, int k, int zero)
{
    c_regs *s = state(r);
    if (s->opnd[zero] < 0 && s->opnd[zero] != FOLDED) {
        cr_copy(r, k);
        return false;
    }
    cr_op(r, k, zero);
    return true;
}

void cr_zero(sem_run *r, int id)
{
    c_regs *s = state(r);
    if (s->next < 0 || s->n_z == SEM_MAX_EQS)
        return;             /* not followed: flat */
    s->zvar[s->n_z] = s->next;
    s->zid[s->n_z++] = id;
}

void cr_node(sem_run *r, int id)
{
    c_regs *s = state(r);
    if (s->next >= 0 && !s->off)
        s->nid[s->next] = id;
}

void cr_read(sem_run *r, sem_taint t)
{
    c_regs *s = state(r);
    s->read = s->next = s->off ? -1 : (short)new_var(s, K_READ);
    if (s->read >= 0 && t && !(t & (t - 1)))
        for (int b = 0; b < SEM_MAX_READS; b++)
            if (t >> b & 1)
                s->rno[s->read] = (signed char)b;
}

void cr_store(sem_run *r, int w, int k)
{
    c_regs *s = state(r);
    if (s->off || w < 0 || k < 0 || k >= 4 || s->opnd[k] < 0 ||
        s->n_st == SEM_MAX_REG_SLOTS)
        return;
    s->st_ev[s->n_st] = w;
    s->st_var[s->n_st++] = s->opnd[k];
}

void cr_set(sem_run *r, int slot, bool temp)
{
    c_regs *s = state(r);
    if (slot >= 0 && slot < SEM_MAX_REG_SLOTS) {
        s->slot[slot] = s->next;
        if (temp && s->pure && s->n_cur) {
            for (int i = 0; i < s->n_cur; i++)
                s->pnext[s->cur[i]] = i + 1 < s->n_cur ? s->cur[i + 1] : -1;
            s->pend[slot] = s->cur[0];
            s->n_cur = 0;
        }
    }
    s->next = -1;
}

bool cr_may_lose(sem_run *r, int k, bool solvable)
{
    c_regs *s = state(r);
    int lhs = k >= 0 && k < 4 ? s->opnd[k] : -1;
    if (s->off || lhs < 0)
        return false;
    if (s->lost_read >= 0)
        return s->cls[lhs];
    return solvable && !(s->kind[lhs] == K_LOAD && s->src[lhs] < 0);
}

int cr_success(sem_run *r, int k, sem_val c, sem_val v, bool solvable,
               bool read_lhs)
{
    c_regs *s = state(r);
    int lhs = k >= 0 && k < 4 ? s->opnd[k] : -1;
    if (s->off || s->read < 0)
        return 0;
    if (lhs >= 0)
        s->eq[s->read] = (short)lhs;
    else if (solvable) {
        /* `0 := S2`: the phase solves the read, and a register copying
           it is a variable it solves there, in its order, not a
           constant (`r1 = cmpxchg(x, 0, 1); cmpxchg(x, r1, 1)`) */
        s->pin[s->read] = true;
        s->pinv[s->read] = c;
    }
    s->read_lhs[s->read] = read_lhs;
    /* its value, for the replay: a read kept equal to the expected
       value may join a class lost later (two cmpxchgs on one local) */
    s->val[s->read] = v;
    if (s->lost_read >= 0 && (lhs < 0 || !s->cls[lhs]))
        return 0;
    if (s->lost_read >= 0) {
        /* another equation in the class: its read joins it, and may be
           lost too (run_end judges) */
        s->cls[s->read] = true;
        if (sem_val_eq(c, v))
            return 0;
        for (int i = 0; i < s->n_vals; i++)
            if (sem_val_eq(s->vals[i], v))
                return 1;
        if (s->n_vals > SEM_MAX_EQS)
            return -1;
        s->vals[s->n_vals++] = v;
        return 1;
    }
    /* a variable the phase solves: an operation, or a copy of one (a
       local read of a constant is the constant's, a tree of one) */
    if (sem_val_eq(c, v) || !solvable || lhs < 0 ||
        (s->kind[lhs] == K_LOAD && s->src[lhs] < 0))
        return 0;
    s->lost_read = s->read;
    s->vals[0] = c;
    s->vals[1] = v;
    s->n_vals = 2;
    /* the class, by the copies so far */
    s->cls[lhs] = s->cls[s->read] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (int x = 0; x < s->n; x++) {
            int y = s->kind[x] == K_LOAD ? s->src[x] : s->eq[x];
            if (y >= 0 && s->cls[x] != s->cls[y]) {
                s->cls[x] = s->cls[y] = true;
                grew = true;
            }
        }
    }
    return 1;
}

/* herd7's register-phase system of the run: the register reads, last
 * first, then the semantics' equations, last first; variables by their
 * position in it (seq), those left pending (an operand a way does not
 * read) after, in no equation. Returns pos (n), at (n) after it. */
static int *phase_system(c_regs *s, hs_sys *sys)
{
    flush(s);
    int n = s->n;
    int *pos = ll_xmalloc((size_t)(n + 1) * 2 * sizeof *pos);
    int *at = pos + n;
    for (int x = 0; x < n; x++)
        pos[x] = -1;
    for (int i = 0; i < s->n_seq; i++)
        pos[s->seq[i]] = i;
    for (int x = 0, m = s->n_seq; x < n; x++)
        if (pos[x] < 0)
            pos[x] = m++;
    for (int x = 0; x < n; x++)
        at[pos[x]] = x;
    *sys = (hs_sys){.n_vars = n};
    sem_val zero = sem_int(0);
    for (int p = s->n_seq - 1; p >= 0; p--) {
        int x = at[p];
        if (s->kind[x] == K_LOAD)
            hs_add_eq(sys, p, s->src[x] < 0 ? -1 : pos[s->src[x]], zero);
    }
    for (int p = s->n_seq - 1; p >= 0; p--) {
        int x = at[p], e = s->eq[x] < 0 ? -1 : pos[s->eq[x]];
        if (e >= 0 && s->read_lhs[x])
            hs_add_eq(sys, p, e, zero);
        else if (e >= 0)
            hs_add_eq(sys, e, p, zero);
        else if (s->pin[x])     /* herd7 orders `0 := S2` as `S2 := 0` */
            hs_add_eq(sys, p, -1, s->pinv[x]);
        if (s->kind[x] != K_OP)
            continue;
        hs_add_op(sys, p);
        for (int i = 0; i < 2; i++)
            if (s->arg[x][i] >= 0)
                hs_add_arg(sys, pos[s->arg[x][i]]);
    }
    return pos;
}

void cr_equation(sem_run *r, int k, int i)
{
    c_regs *s = state(r);
    if (s->off || s->read < 0 || k < 0 || k >= 4 || i < 0 || i >= SEM_MAX_EQS)
        return;
    s->eqv[i][0] = s->read;
    s->eqv[i][1] = s->opnd[k];
    if (s->eq[s->read] < 0 && s->opnd[k] >= 0) {
        s->eq[s->read] = s->opnd[k];
        s->read_lhs[s->read] = false;
    }
}

/* The read whose value variable v (a read of a local) copies, or -1. */
static int own_read(const c_regs *s, int v)
{
    int own = -1;
    for (int x = v; x >= 0 && s->kind[x] == K_LOAD; x = s->src[x])
        if (s->src[x] >= 0 && s->kind[s->src[x]] == K_READ)
            own = s->rno[s->src[x]];
    return own;
}

/* The first read whose parent in the phase's union-find is v's, or -1:
 * the read whose variable the memory phase gives v. */
static int parent_read(const c_regs *s, const int *parent, const int *pos,
                       int v)
{
    for (int x = 0; x < s->n; x++)
        if (s->kind[x] == K_READ && s->rno[x] >= 0 &&
            parent[pos[x]] == parent[pos[v]])
            return s->rno[x];
    return -1;
}

/* sem_run.eq_left: the equations between two reads that the phase
 * leaves, their sides renamed to two parents (a copy of the value read
 * or of the expected value deepens the union-find's tree: `r3 =
 * cmpxchg(x, r2, 1); WRITE_ONCE(*y, r3);`). */
static void eq_left(c_regs *s, sem_run *r)
{
    _Static_assert(2 * SEM_MAX_EQS <= 8, "sem_run.eq_left holds two bits an equation");
    hs_sys sys;
    int *pos = phase_system(s, &sys);
    int *parent = ll_xmalloc((size_t)(s->n + 1) * sizeof *parent);
    bool *solved = ll_xmalloc((size_t)s->n + 1);
    hs_solve_vars(&sys, parent, solved, NULL);
    for (int i = 0; i < r->n_eqs && i < SEM_MAX_EQS; i++) {
        int a = s->eqv[i][0], b = s->eqv[i][1];
        int c = b >= 0 ? copied(s, b) : -1;
        if (a >= 0 && b >= 0 && parent[pos[a]] != parent[pos[b]])
            r->eq_left |= (uint8_t)(1u << i);
        else if (a >= 0 && c >= 0 && s->kind[c] == K_READ &&
                 !r->eq_node[i] && parent[pos[a]] != parent[pos[c]])
            r->eq_split |= (uint8_t)(1u << i);
    }
    /* the memory phase's variable of a store of a local is its read's
       parent: where that is another read's (`WRITE_ONCE(*y, r3)`, r3 the
       cmpxchg's result, its parent the expected value's read), the store
       writes that read's variable (sem_event.vherd) */
    bool any = (r->eq_left & ((1u << SEM_MAX_EQS) - 1)) || r->eq_split;
    /* with a split read, an operation's operand renamed to its parent
       is that read in the memory phase (a1's `S31 := S15&1`, S15 the
       failing atomic_add_unless's read, beside `S19 := S30&1`, S30 the
       read r1 copies) */
    for (int x = 0; r->eq_split && x < s->n; x++) {
        int n = s->nid[x];
        for (int j = 0; s->kind[x] == K_OP && n > 0 && n <= r->n_vnodes &&
                        j < 2; j++) {
            int a = s->arg[x][j];
            int own = a >= 0 ? own_read(s, a) : -1,
                other = a >= 0 ? parent_read(s, parent, pos, a) : -1;
            if (own >= 0 && other >= 0 && own != other)
                r->vnodes[n - 1].sren[j] = other + 1;
        }
    }
    for (int j = 0; any && j < s->n_st; j++) {
        int v = s->st_var[j], own = own_read(s, v),
            other = parent_read(s, parent, pos, v);
        if (other >= 0 && own >= 0 && other != own)
            sem_set_vherd(r, s->st_ev[j], other);
        /* so does the operand of a stored operation (`*x = r1 | 1`, r1
           the cmpxchg's result: herd7's `S19 := S8 | 1`, S8 the
           expected r2's read; g.. w20950003_197) */
        int x = copied(s, v);
        for (int i = 0; x >= 0 && s->kind[x] == K_OP && i < 2; i++) {
            int a = s->arg[x][i];
            own = a >= 0 ? own_read(s, a) : -1;
            other = a >= 0 ? parent_read(s, parent, pos, a) : -1;
            if (other >= 0 && own >= 0 && other != own) {
                sem_set_vherd_of(r, s->st_ev[j], own, other);
                break;
            }
        }
    }
    free(solved);
    free(parent);
    free(pos);
    hs_free(&sys);
}

bool cr_fold_guess(sem_run *r)
{
    c_regs *s = state(r);
    int i = r->n_folds;
    if (s->off || s->opnd[1] < 0 || s->opnd[2] < 0 || i >= SEM_MAX_EQS)
        return true;
    s->fold_var[i][0] = s->opnd[1];
    s->fold_var[i][1] = s->opnd[2];
    return sem_fold_guess(r, true);
}

/* Whether each fold the run chose (cr_fold_guess) is herd7's: its two
 * operands' reads renamed to one parent by the phase's union-find
 * (`r21 = r20; WRITE_ONCE(*x, r21)` deepens the tree of r20's reads:
 * `r20 ^ r20` stays an operation on r0's read, w20962002_234's C
 * shape, litmus/c/LB+xor-of-stored-op-copy). */
static bool folds_hold(c_regs *s, const sem_run *r)
{
    if (!r->n_folds)
        return true;
    if (s->off)
        for (int i = 0; i < r->n_folds; i++)
            if (!r->fold_yes[i])
                return false;
    if (s->off)
        return true;
    hs_sys sys;
    int *pos = phase_system(s, &sys);
    int *parent = ll_xmalloc((size_t)(s->n + 1) * sizeof *parent);
    hs_parents(&sys, parent);
    bool ok = true;
    for (int i = 0; i < r->n_folds && ok; i++)
        ok = (parent[pos[s->fold_var[i][0]]] ==
              parent[pos[s->fold_var[i][1]]]) == r->fold_yes[i];
    free(parent);
    free(pos);
    hs_free(&sys);
    return ok;
}

/* Each zero copy's depth (sem_vnode.zdeep): its copied operand's
 * variable renamed to another parent than what it copies (the read, or
 * the copy it reads) by the phase's union-find, whose copies left join
 * the two in the memory phase (measured with -debug solver: `r1 = r0;
 * r2 = r0 + (r1 + (r1 + r2))` leaves `S8 := S6`, `S6 := S4`, S4 the
 * read's parent; with `r1 + r2` alone, `S6 := S4`, S4 the read's).
 * symbolic.c takes them where herd_vars.c does not replay the thread's
 * whole phase (an RMW on its way, an RMW's result copied: mdl_herd_regs.
 * zeros), which names these variables by herd7's own parents. */
static void zero_deep(c_regs *s, sem_run *r)
{
    hs_sys sys;
    int *pos = phase_system(s, &sys);
    int *parent = ll_xmalloc((size_t)(s->n + 1) * sizeof *parent);
    hs_parents(&sys, parent);
    int *owner = ll_xmalloc((size_t)(s->n_z + 1) * sizeof *owner);
    for (int i = 0; i < s->n_z; i++) {
        int k = s->arg[s->zvar[i]][0], id = s->zid[i];  /* cr_op(k, 0) */
        int from = k >= 0 ? copied(s, k) : -1;
        owner[i] = -1;
        if (from < 0 || id <= 0 || id > r->n_vnodes ||
            parent[pos[k]] == parent[pos[from]])
            continue;
        /* one variable for the copies under one parent (`S24 := S23`,
           `S20 := S23`, `S23 := S19` of `r3 + r0`, `r3 + r1`, r1 = r0) */
        for (int j = 0; j < i && owner[i] < 0; j++)
            if (owner[j] >= 0 &&
                parent[pos[s->arg[s->zvar[j]][0]]] == parent[pos[k]])
                owner[i] = owner[j];
        r->vnodes[id - 1].zdeep = owner[i] >= 0 ? owner[i] : id;
        if (owner[i] >= 0)
            continue;   /* its operations and stores: the first's */
        owner[i] = id;
        /* another operation's operand read under the same variable is
           that variable in the memory phase too (`r1 ^ 3` beside `r1 |
           r2`: herd7's `S5 := S7 ^ 3`, `S9 := S7`) */
        for (int x = 0; x < s->n; x++) {
            int n = s->nid[x];
            for (int j = 0; n > 0 && n <= r->n_vnodes && j < 2; j++) {
                int a = s->arg[x][j];
                if (a >= 0 && s->kind[a] == K_LOAD &&
                    parent[pos[a]] == parent[pos[k]] &&
                    copied(s, a) == from && !r->vnodes[n - 1].zarg[j])
                    r->vnodes[n - 1].zarg[j] = id;
            }
        }
        for (int j = 0; j < s->n_st; j++) {     /* and a store's value */
            int a = s->st_var[j];
            if (s->kind[a] == K_LOAD && parent[pos[a]] == parent[pos[k]] &&
                copied(s, a) == from)
                sem_set_vzero(r, s->st_ev[j], id);
        }
    }
    free(owner);
    free(parent);
    free(pos);
    hs_free(&sys);
}

bool cr_run_end(sem_run *r)
{
    c_regs *s = r->arch_state;
    if (!s || s->run_no != r->run_no)
        return !r->n_folds;
    if (s->n_z && !s->off)
        zero_deep(s, r);
    if (!folds_hold(s, r))
        return false;
    if (r->n_eqs && !s->off)
        eq_left(s, r);
    if (s->lost_read < 0)
        return true;
    if (s->off)
        return false;
    hs_sys sys;
    int *pos = phase_system(s, &sys);
    int *at = pos + s->n;
    int n = s->n;
    int *parent = ll_xmalloc((size_t)n * 2 * sizeof *parent);
    int *group = parent + n;
    bool *solved = ll_xmalloc((size_t)n * 2 * sizeof *solved);
    bool *pinned = solved + n;
    hs_left *left = ll_xmalloc((size_t)(sys.n_eqs + 1) * sizeof *left);
    int n_left = hs_solve_vars(&sys, parent, solved, left);
    /* the memory phase's variables: an unsolved parent, set to the
       constant by a copy left with its left side solved first (`1 :=
       S15`), else joined to the copy's left side: no event holds S5 once
       it is solved later, but two copies left on it (`S28 := S38`,
       `S28 := S29`: two cmpxchgs succeeding on one expected local) make
       their right sides equal in the memory phase */
    for (int x = 0; x < n; x++) {
        group[x] = x;
        pinned[x] = false;
    }
    for (int i = 0; i < n_left; i++) {
        int a = mdl_uf_find(group, left[i].lhs),
            b = mdl_uf_find(group, left[i].var);
        if (left[i].lhs_solved)
            pinned[b] = true;
        else if (a != b) {
            group[a] = b;
            pinned[b] |= pinned[a];
        }
    }
    /* a read of the class stays a variable of its own where its parent
       is unsolved (its value read), and so does the class's variable
       that joins it; the others take the constant */
    sem_val *gval = ll_xmalloc((size_t)n * sizeof *gval);
    bool *gset = ll_xcalloc((size_t)n, sizeof *gset);
    sem_val c = s->vals[0];
    bool ok = true;
    for (int p = 0; ok && p < s->n_seq; p++) {
        int x = at[p];
        if (!s->cls[x] || s->kind[x] != K_READ)
            continue;
        int g = mdl_uf_find(group, parent[p]);
        if (solved[parent[p]] || pinned[g])
            ok = sem_val_eq(s->val[x], c);
        else if (gset[g])
            ok = sem_val_eq(s->val[x], gval[g]);
        else {
            gset[g] = true;
            gval[g] = s->val[x];
        }
    }
    for (int p = 0; ok && p < n; p++) {
        int x = at[p];
        if (!s->cls[x] || s->kind[x] == K_READ)
            continue;
        if (p >= s->n_seq) {    /* never read: one choice, not two runs */
            ok = s->guess[x] <= 0;
            continue;
        }
        int g = mdl_uf_find(group, parent[p]);
        bool cst = solved[parent[p]] || pinned[g];
        ok = cst || gset[g];    /* else a symbol no event shows */
        if (ok)
            ok = sem_val_eq(s->guess[x] < 0 ? c : s->vals[(int)s->guess[x]],
                            cst ? c : gval[g]);
    }
    free(gset);
    free(gval);
    free(left);
    free(solved);
    free(parent);
    free(pos);
    hs_free(&sys);
    return ok;
}

bool cr_use(sem_run *r, const ll_operand *o, sem_taint vs)
{
    c_regs *s = state(r);
    if (!s->pure || o->kind != LL_OPND_REG || !o->sym || o->sym[0] != '@')
        return false;
    int slot = sem_op_slot(r, o);
    if (slot < 0 || slot >= SEM_MAX_REG_SLOTS)
        return false;
    s->puse[slot] |= vs;
    return true;
}
