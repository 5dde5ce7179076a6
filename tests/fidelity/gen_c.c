/* gen_c.c — random kernel-style C litmus tests for `make fidelity-diff-c`
 * (mk/fidelity-diff-c.sh), which models each with litmuslab and with
 * herd7 -conf linux-kernel.cfg and compares the two outputs.
 *
 *   gen_c DIR SEED COUNT [LARGE]
 *
 * writes DIR/g<SEED>_<i>.litmus for i < COUNT. Each test has 2 or 3
 * threads (4 from the shape stream) over the locations x, y, z (int; one test in five intptr_t,
 * as the kernel collection's generated tests, where a register may hold
 * an address; one in ten atomic_t), a pointer p (initially &x, or &y, &z), spinlocks s and t,
 * an srcu_struct ss; the init block may start a location at 1 or 2, set
 * a register r9 that only it sets, and a register r8 to a location's
 * address (then an address). A thread is 1 to 4 statements drawn
 * from all 85 primitives of herd7 7.58's linux-kernel.def and its own
 * atomic_add_unless (marked and plain accesses, fences, exchanges,
 * cmpxchg, atomic_*, locks with unlock-then-lock in one thread and two
 * locks nested, RCU, SRCU), a value-returning one sometimes thrown away
 * with a `void` cast; pointer stores to p (WRITE_ONCE, smp_store_mb,
 * smp_store_release, rcu_assign_pointer of &x, &y, &z) and pointer
 * exchanges on p (xchg*, cmpxchg* into a pointer local); data
 * dependencies (a stored value from a register through + - * / ^ | & ==
 * != < > <= >=, an xor or == of two inside a sum with a third, a
 * register r9 that only the init block sets, a read
 * nested in the store; a read, alone or in an operation, nested in a
 * cmpxchg's expected or new value or atomic_add_unless's addend), address dependencies (through a pointer read
 * from p or exchanged on it, or r8; such a pointer is not always
 * dereferenced), control dependencies through `if` (on a register, on a
 * comparison of a register with itself, a constant or another register,
 * on a read or spin_trylock called in the condition; with and without
 * braces, else, else if; a register set in an if's arm and tested by a
 * later if), locals from expressions, locals declared where they are
 * set (a pointer local from p too, and r9 from an expression on r9),
 * locals initialised in their declaration (from themselves, which herd7
 * reads as 0, or from a read), `(void)r` statements, blocks, and rarely
 * a spin loop (`while`, which both tools unroll twice); one test in six
 * starts each thread with an out-of-thin-air shape (read x_i, then
 * write x_i+1 through data, an if, a self-comparison, a local, or an if
 * on a register set under an if on the read, maybe with an anchor: an
 * RMW, an exchange or a store under an if on the read whose value is
 * made of a read off the cycle; the condition asks for the thin-air
 * value). From a fourth stream (form, below), so that a test without
 * them is what it was (a form comes before one statement in nine, which
 * keeps its draws): expression trees of up to three levels over
 * registers, constants, r9, r10 (a local never assigned or declared
 * `= 0`) and up to two nested reads, with every
 * binary operator herd7 reads, parentheses or C's precedence, and
 * sometimes a cast to the register type, as stored values, RMW
 * arguments (an exchange's value, atomic_add's addend, a cmpxchg's
 * expected and new values), conditions (alone, against a constant or another expression)
 * and locals (fresh, or reassigned, from themselves too), the last two
 * with up to four compare-RMW results among their leaves (a cmpxchg or
 * atomic_add_unless on registers and constants, sometimes in a cast:
 * herd7 reads them there, not in an exchange's or a cmpxchg's operand,
 * nor with a read in their operands); chains of two
 * or three locals each from the one before into a store, RMW or if (issue
 * 24's `r3 = r0 ^ r1; *b = r0 + r3 + r5`); ifs on expressions nesting
 * three deep, and an if without braces inside one whose else is the
 * inner if's; a while on a computed condition whose body stores; and
 * pointer locals set from a parameter (`q0 = y;`), compared with one
 * (`if (q0 == x)`, `r1 = q0 == y;`) or reset; reads into fresh
 * registers before a local's expression or a chain (up to two or
 * three); a thin-air thread in three copies its read elsewhere and
 * writes an expression. herd7 7.58 reads no `?:`,
 * `&&`, `||`, `!`, `~`, unary `-`, `%`, `<<`, `>>`, `++`, `+=`, an
 * assignment inside an expression, a comparison directly inside another
 * (`a == b == c`, `a < b != c`), `for`, `do`, an empty statement or
 * block, `&` of a local, `*f(...)` of a call, hexadecimal, `int a,
 * b;` or `[` in C, dies on a division by 0, and has no srcu_down_read,
 * srcu_up_read or
 * spin_unlock_wait in its def, so none are made (srcu_down_read/
 * srcu_up_read with GEN_C_SRCU_DOWN set, for a herd7 run with a def that
 * has them). Three-thread tests keep within 10 events but one in LARGE
 * (gen_main.h). The condition (gen_cond): exists, ~exists or forall
 * over 1 to 3 atoms (registers, locations, p or a pointer local equal to
 * a location, a register equal to another), /\ and \/, negated atoms,
 * sometimes a filter and a locations line. Apart from all that, from a
 * second random stream (lock_word, below): one test in ten (all with
 * GEN_C_LOCKWORD) gets issue 24's lock-word shapes, and one int test in
 * 16 an array `int y[2];` in its init block; from a third stream
 * (addr_diff), in a test with no lock word, one thread with a pointer
 * local in three ends with a difference of two addresses (herd7: their
 * order); from a fifth (shape, below), one test in three whose threads
 * each name only the parameters they use, in a random order, a fourth
 * thread in some three-thread tests of few events, and init blocks
 * typed (`atomic_t x = ATOMIC_INIT(1);`), with the zeros written out, on
 * one line, an address dependency through `x + (r0 - r0)`, and SRCU
 * on a second srcu_struct ss2; from a sixth (spin_shape), one test in
 * six of few events ends one thread with a spin on a location and the
 * others with an RMW of it. The same SEED and LARGE
 * (and GEN_C_LOCKWORD) always write the same tests. Standalone: no
 * project code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_main.h"

#define PICK(table) table[rnd(sizeof table / sizeof table[0])]

static const char *const locs[] = {"x", "y", "z"};
/* GEN_C_SRCU_DOWN set: half the SRCU sections are srcu_down_read /
 * srcu_up_read, which herd7 7.58 reads only with a def that has them
 * (mk/fidelity-diff-c.sh's FIDELITY_MACROS) */
static int srcu_down;
enum { N_LOCS = 3, MAX_REGS = 8, MAX_PTRS = 3 };
/* the test's types: int, or (one test in five) intptr_t as the kernel
 * collection's generated tests have it, a register holding an address */
static const char *reg_type = "int", *ptr_type = "int *";

typedef struct thread {
    int n_regs;         /* r0 .. r(n_regs-1) declared */
    int n_ptrs;         /* q0 .. : int * locals holding a pointer read */
    int n_idx;          /* i0 .. : SRCU indexes */
    char qdecl[MAX_PTRS]; /* q<i> declared where it is set */
    int init_reg;       /* r9 is set by the init block (0: no r9) */
    int init_ptr;       /* r8 is set by the init block to a location's
                         * address (1 + its index; 0: no r8) */
    int n_acc;          /* memory events made: an access 1, an RMW 2, a
                         * lock or SRCU section 2 more (the budget) */
    char decl[MAX_REGS][32];    /* r<i>'s initialiser, "" for none, "-"
                                 * declared in the body */
    int zloc;           /* r10 read in an expression, never assigned (1)
                         * or declared `= 0` (2); 0: none */
    char body[8192];
    size_t len;
} thread;

static void put(thread *t, int indent, const char *fmt, const char *a,
                const char *b, const char *c)
{
    char line[512];
    snprintf(line, sizeof line, fmt, a, b, c);
    t->len += (size_t)snprintf(t->body + t->len, sizeof t->body - t->len,
                               "%.*s%s\n", indent, "\t\t\t\t", line);
    if (t->len >= sizeof t->body)
        t->len = sizeof t->body - 1;
}

/* The forms of expressions and statements over several registers
 * (expr, form): drawn from a fourth stream (`rng_form`, seeded per test
 * from the main one without drawing from it), so that a test that gets
 * none of them is the test it was before them. form_odds(n) is true one
 * time in n; from inside a form, all draws are the form stream's. */
static uint64_t rng_form;
static int in_form;

static void form_swap(void)
{
    uint64_t k = rng;
    rng = rng_form;
    rng_form = k;
    in_form = !in_form;
}

static int form_odds(unsigned n)
{
    if (in_form)
        return rnd(n) == 0;
    form_swap();
    int yes = rnd(n) == 0;
    form_swap();
    return yes;
}

/* An RMW nested in an access or an operation (herd7: a fully ordered
 * one's value heads no dependency; an exchange or cmpxchg of it, or of
 * an operation on it, waits for it and takes no data from its read). */
static void nested_rmw(thread *t, char *buf)
{
    static const char *const sfx[] = {"", "_relaxed", "_acquire",
                                      "_release"};
    static const char *const f[] = {"xchg%s(%s, 1)",
                                    "atomic_inc_return%s(%s)",
                                    "atomic_fetch_add%s(1, %s)"};
    t->n_acc += 2;
    sprintf(buf, f[rnd(3)], sfx[rnd(4)], locs[rnd(N_LOCS)]);
}

/* A random expression tree of at most `depth` levels of the binary
 * operators herd7 7.58's C reads: leaves are registers, constants 0..3,
 * r9 (the init block's), and (ex_reads of them at most) a nested
 * READ_ONCE or smp_load_acquire, or one time in five a nested RMW
 * (nested_rmw); division only by a constant 1..3.
 * herd7 refuses a comparison directly inside a comparison (`a == b ==
 * c`, `a < b != c`: non-associative), so a comparison child is always
 * in parentheses; other children one time in two, else left to C's
 * precedence (`r0 + r1 * 2 ^ r0`), which herd7 follows. Returns 0 for a
 * leaf, 1 for an arithmetic node, 2 for a comparison. */
static int ex_reads;

/* How many more compare-RMW results (fork_rmw) expr may make: set only
 * where herd7 7.58 reads them, a condition or a local's expression
 * (`if (cmpxchg(y, r0, 1) + atomic_add_unless(x, 1, r1) > r0)`), not an
 * exchange's or a cmpxchg's operand (its assertion) and with registers
 * and constants alone as their operands (a read there: "Macro call
 * READ_ONCE in CSem"). */
static int ex_forks;

/* A compare-RMW whose result is used: a cmpxchg or atomic_add_unless
 * on registers and constants, one time in six in a cast (herd7 makes a
 * variable of each of its ways: model/herd_vars.c fork_if). */
static void fork_rmw(thread *t, char *buf)
{
    static const char *const sfx[] = {"", "_relaxed", "_acquire",
                                      "_release"};
    char a[16], b[16], e[96];
    const char *l = locs[rnd(N_LOCS)];
    if (t->n_regs && rnd(2))
        sprintf(a, "r%u", rnd((unsigned)t->n_regs));
    else
        sprintf(a, "%u", rnd(3));
    if (t->n_regs && rnd(2))
        sprintf(b, "r%u", rnd((unsigned)t->n_regs));
    else
        sprintf(b, "%u", rnd(3));
    t->n_acc += 2;
    if (rnd(3) == 0)
        sprintf(e, "atomic_add_unless(%s, %s, %s)", l, a, b);
    else
        sprintf(e, "cmpxchg%s(%s, %s, %s)", sfx[rnd(4)], l, a, b);
    if (rnd(6) == 0)
        sprintf(buf, "(%s)%s", reg_type, e);
    else
        strcpy(buf, e);
}

static int expr(thread *t, char *buf, int depth)
{
    static const char *const ops[] = {"+", "-", "*", "^", "|", "&", "/",
                                      "==", "!=", "<", ">", "<=", ">="};
    if (depth == 0 || rnd(4) == 0) {
        if (ex_forks && rnd(4) == 0) {
            ex_forks--;
            fork_rmw(t, buf);
            return 0;
        }
        if (rnd(12) == 0) {
            /* a local holding 0 that herd7's register phase solves
               (`r1 + r10`: its copy of r1, doc/lkmm.md "An operation
               with a local holding 0") */
            t->zloc = t->zloc ? t->zloc : 1 + (int)rnd(2);
            strcpy(buf, "r10");
            return 0;
        }
        unsigned k = rnd(10);
        if (ex_reads && k == 0) {
            ex_reads--;
            if (rnd(5) == 0) {      /* `xchg_relaxed(y, 1) + 5` */
                nested_rmw(t, buf);
            } else {
                t->n_acc++;
                sprintf(buf, rnd(3) ? "READ_ONCE(*%s)" : "smp_load_acquire(%s)",
                        locs[rnd(N_LOCS)]);
            }
        } else if (t->init_reg && k == 1) {
            strcpy(buf, "r9");
        } else if (t->n_regs && k < 8) {
            sprintf(buf, "r%u", rnd((unsigned)t->n_regs));
        } else {
            sprintf(buf, "%u", rnd(4));
        }
        return 0;
    }
    char a[200], b[200];
    int o = (int)rnd(sizeof ops / sizeof *ops);
    int ka = expr(t, a, depth - 1), kb = 0;
    if (o == 6)
        sprintf(b, "%u", 1 + rnd(3));
    else
        kb = expr(t, b, depth - 1);
    int pa = ka == 2 || (ka && rnd(2)), pb = kb == 2 || (kb && rnd(2));
    sprintf(buf, "%s%s%s %s %s%s%s", pa ? "(" : "", a, pa ? ")" : "",
            ops[o], pb ? "(" : "", b, pb ? ")" : "");
    return o >= 7 ? 2 : 1;
}

/* An expression of one to three levels (form stream), with up to
 * `reads` nested reads; one time in ten in a cast to the register type
 * (herd7 reads `(int)(e)`). */
static const char *form_expr(thread *t, char *buf, int reads)
{
    int enter = !in_form;
    char e[240];
    if (enter)
        form_swap();
    ex_reads = reads;
    expr(t, e, 1 + (int)rnd(3));
    ex_reads = 0;
    if (rnd(10) == 0)
        sprintf(buf, "(%s)(%s)", reg_type, e);
    else
        strcpy(buf, e);
    if (enter)
        form_swap();
    return buf;
}

/* A value to store: a constant, or a register (a data dependency)
 * through one of the operators herd7 7.58's C reads (it has no `!`,
 * `~`, unary `-`, `%`, `<<`, `&&`, `||`, `?:`: lexer or parser errors;
 * division only by a constant: herd7 dies on a division by 0), or
 * one time in twenty a read nested in the store (`WRITE_ONCE(*y,
 * READ_ONCE(*x))`), now and then an RMW (`WRITE_ONCE(*y, xchg(x,
 * 1))`). */
static int no_nest;     /* value() makes no nested read: see its callers */

static void value_main(thread *t, char *buf);

static const char *value(thread *t, char *buf)
{
    value_main(t, buf);
    if (form_odds(10))          /* an expression tree instead */
        form_expr(t, buf, !no_nest);
    return buf;
}

static void value_main(thread *t, char *buf)
{
    if (t->init_reg && rnd(6) == 0) {
        strcpy(buf, "r9");      /* set by the init block only */
    } else if (rnd(20) == 0 && !no_nest) {
        t->n_acc++;
        sprintf(buf, "READ_ONCE(*%s)", locs[rnd(N_LOCS)]);
    } else if (rnd(30) == 0 && !no_nest) {
        nested_rmw(t, buf);
    } else if (t->n_regs && rnd(3) == 0) {
        int r = (int)rnd((unsigned)t->n_regs);
        int o = (int)rnd((unsigned)t->n_regs);
        int p = (int)rnd((unsigned)t->n_regs);
        switch (rnd(18)) {
        case 0: case 1: sprintf(buf, "r%d", r); break;
        case 2: sprintf(buf, "r%d + 1", r); break;
        case 3: sprintf(buf, "r%d == r%d", r, r); break;
        case 4: sprintf(buf, "r%d - r%d + 2", r, r); break;
        case 5: sprintf(buf, "(r%d ^ r%d) == 0", r, o); break;
        case 6: sprintf(buf, "r%d ^ r%d", r, r); break;
        case 7: sprintf(buf, "r%d | 1", r); break;
        case 8: sprintf(buf, "r%d / 2", r); break;
        case 9: sprintf(buf, "r%d > 0", r); break;
        case 10: sprintf(buf, "r%d < 2", r); break;
        case 11: sprintf(buf, "r%d >= r%d", r, o); break;
        case 12: sprintf(buf, "r%d <= 1", r); break;
        case 13: sprintf(buf, "r%d != r%d", r, o); break;
        case 14: sprintf(buf, "r%d * 2", r); break;
        /* a comparison or xor of two reads' copies inside an operation
           with a third (herd7 folds the pair where rf makes its reads
           one symbol: litmus/c/LB+plain-copy-cycle-xor-copies-in-sum) */
        case 15: sprintf(buf, "(r%d ^ r%d) + r%d", r, o, p); break;
        case 16: sprintf(buf, "r%d + (r%d == r%d)", p, r, o); break;
        default: sprintf(buf, "r%d + r%d", r, o); break;
        }
    } else {
        sprintf(buf, "%u", 1 + rnd(2));
    }
}

/* A value with a read nested in it, for a compare-RMW's operand (herd7
 * evaluates a cmpxchg's new value and atomic_add_unless's addend on the
 * success way only, its expected value on both): READ_ONCE, or a plain
 * read where herd7 expands no macro (plain: atomic_add_unless's
 * arguments), alone or in an operation. */
static const char *nested(thread *t, char *buf, int plain)
{
    const char *l = locs[rnd(N_LOCS)];
    char rd[24];
    t->n_acc++;
    sprintf(rd, plain || rnd(4) == 0 ? "*%s" : "READ_ONCE(*%s)", l);
    switch (rnd(4)) {
    case 0: sprintf(buf, "(%s + 1) * 2", rd); break;
    case 1: sprintf(buf, "%s * 2", rd); break;
    default: strcpy(buf, rd); break;
    }
    return buf;
}

/* A condition on an expression (form_expr, a read in it maybe):
 * alone, compared with a constant, or with another expression. */
static void cond_expr(thread *t, char *e)
{
    static const char *const cmp[] = {"==", "!=", "<", ">", "<=", ">="};
    char a[256], b[256];
    int enter = !in_form;
    if (enter)
        form_swap();
    ex_forks = rnd(4) == 0 ? 1 + (int)rnd(4) : 0;
    form_expr(t, a, 1);
    switch (rnd(3)) {
    case 0: strcpy(e, a); break;
    case 1: sprintf(e, "(%s) %s %u", a, PICK(cmp), rnd(4)); break;
    default:
        form_expr(t, b, 0);
        sprintf(e, "(%s) %s (%s)", a, PICK(cmp), b);
        break;
    }
    ex_forks = 0;
    if (enter)
        form_swap();
}

/* A condition on a register: itself, compared with itself, a constant
 * or another register, through an operator. */
static void condition_main(thread *t, char *e);

static void condition(thread *t, char *e)
{
    condition_main(t, e);
    if (form_odds(8))           /* on an expression instead */
        cond_expr(t, e);
}

static void condition_main(thread *t, char *e)
{
    int r = (int)rnd((unsigned)t->n_regs), o = (int)rnd((unsigned)t->n_regs);
    switch (rnd(12)) {
    case 0: case 1: sprintf(e, "r%d", r); break;
    case 2: sprintf(e, "r%d == r%d", r, r); break;
    case 3: sprintf(e, "r%d == %u", r, rnd(3)); break;
    case 4: sprintf(e, "r%d != 0", r); break;
    case 5: sprintf(e, "r%d > 0", r); break;
    case 6: sprintf(e, "r%d < %u", r, 1 + rnd(2)); break;
    case 7: sprintf(e, "r%d >= %u", r, rnd(3)); break;
    case 8: sprintf(e, "(r%d ^ r%d) == 0", r, r); break;
    case 9: sprintf(e, "r%d != r%d", r, r); break;
    case 10: sprintf(e, "r%d + 1 == 2", r); break;
    default: sprintf(e, "r%d == r%d", r, o); break;
    }
}

/* A fresh register to read into (or an old one, reused). */
static const char *dest(thread *t, char *buf)
{
    int r = t->n_regs < MAX_REGS && (t->n_regs == 0 || rnd(4))
                ? t->n_regs++ : (int)rnd((unsigned)t->n_regs);
    sprintf(buf, "r%d", r);
    return buf;
}

/* A location's address: &x (a parameter) or a pointer local that came
 * from reading p (an address dependency). */
static const char *lw_word;     /* set: addr() may give this lock word */
static int lw_before;   /* set: before the body, whose pointer locals
                         * are not set yet (addr() takes none) */

static const char *addr(thread *t, char *buf)
{
    if (lw_word && rnd(3) == 0)
        strcpy(buf, lw_word);   /* a mixed lock word (lock_word()) */
    else if (t->n_ptrs && !lw_before && rnd(3) == 0)
        sprintf(buf, "q%u", rnd((unsigned)t->n_ptrs));
    else if (t->init_ptr && rnd(4) == 0)
        strcpy(buf, "r8");      /* the init block's pointer */
    else
        strcpy(buf, locs[rnd(N_LOCS)]);
    return buf;
}

static void statement(thread *t, int indent, int depth);

/* Every primitive of herd7 7.58's linux-kernel.def, by the shape of its
 * call (a table each, drawn uniformly within the table): */
static const char *const store_x[] = {      /* f(*X, V) */
    "WRITE_ONCE", "smp_store_mb"};
static const char *const store_p[] = {      /* f(X, V) */
    "smp_store_release", "atomic_set", "atomic_set_release"};
static const char *const load_x[] = {       /* r = f(*X) */
    "READ_ONCE", "rcu_dereference"};
static const char *const load_p[] = {       /* r = f(X) */
    "smp_load_acquire", "atomic_read", "atomic_read_acquire",
    "atomic_inc_return", "atomic_inc_return_relaxed",
    "atomic_inc_return_acquire", "atomic_inc_return_release",
    "atomic_fetch_inc", "atomic_fetch_inc_relaxed",
    "atomic_fetch_inc_acquire", "atomic_fetch_inc_release",
    "atomic_dec_return", "atomic_dec_return_relaxed",
    "atomic_dec_return_acquire", "atomic_dec_return_release",
    "atomic_fetch_dec", "atomic_fetch_dec_relaxed",
    "atomic_fetch_dec_acquire", "atomic_fetch_dec_release",
    "atomic_dec_and_test", "atomic_inc_and_test"};
static const char *const op_p[] = {         /* f(X) */
    "atomic_inc", "atomic_dec"};
static const char *const op_vp[] = {        /* f(V, X) */
    "atomic_add", "atomic_sub"};
static const char *const rmw_vp[] = {       /* r = f(V, X) */
    "atomic_add_return", "atomic_add_return_relaxed",
    "atomic_add_return_acquire", "atomic_add_return_release",
    "atomic_fetch_add", "atomic_fetch_add_relaxed",
    "atomic_fetch_add_acquire", "atomic_fetch_add_release",
    "atomic_sub_return", "atomic_sub_return_relaxed",
    "atomic_sub_return_acquire", "atomic_sub_return_release",
    "atomic_fetch_sub", "atomic_fetch_sub_relaxed",
    "atomic_fetch_sub_acquire", "atomic_fetch_sub_release",
    "atomic_sub_and_test", "atomic_add_negative"};
static const char *const xchg_pv[] = {      /* r = f(X, V) */
    "xchg", "xchg_relaxed", "xchg_acquire", "xchg_release",
    "atomic_xchg", "atomic_xchg_relaxed", "atomic_xchg_acquire",
    "atomic_xchg_release"};
static const char *const cmpxchg_pvv[] = {  /* r = f(X, V, W) */
    "cmpxchg", "cmpxchg_relaxed", "cmpxchg_acquire", "cmpxchg_release",
    "atomic_cmpxchg", "atomic_cmpxchg_relaxed", "atomic_cmpxchg_acquire",
    "atomic_cmpxchg_release"};

/* Pointer stores to p (a location's address as the value) and
 * pointer exchanges on p (the old pointer into a pointer local). */
static const char *const store_ptr[] = {
    "WRITE_ONCE(*p, %s);", "rcu_assign_pointer(*p, %s);",
    "smp_store_release(p, %s);", "smp_store_mb(*p, %s);"};
static const char *const xchg_ptr[] = {
    "xchg", "xchg_relaxed", "xchg_acquire", "xchg_release"};
static const char *const cmpxchg_ptr[] = {
    "cmpxchg", "cmpxchg_relaxed", "cmpxchg_acquire", "cmpxchg_release"};
static const char *const load_ptr[] = {
    "%s%s = READ_ONCE(*p);", "%s%s = rcu_dereference(*p);",
    "%s%s = smp_load_acquire(p);"};

/* A fresh pointer local q<i>, declared at the top or (one time in
 * three) where it is set (`int *q0 = READ_ONCE(*p);`), but only at the
 * thread's top level (indent 1): later statements and the condition
 * may name it, which C allows only in the declaration's own block, and
 * a declaration alone in an if's arm is no C statement (herd7 reads
 * both, its locals being the thread's whatever the block; we read them
 * as it does, litmus/c/C+block-local-seen-after); *decl gets the
 * declaration's type, or "" */
static const char *new_ptr(thread *t, int indent, char *d, const char **decl)
{
    int q = t->n_ptrs++;
    t->qdecl[q] = rnd(3) == 0 && indent == 1;
    *decl = t->qdecl[q] ? ptr_type : "";
    sprintf(d, "q%d", q);
    return d;
}

/* An access: a primitive with a value result is read into a register,
 * or (one time in eight) thrown away with a `void` cast, as kernel code
 * does with `(void)xchg(...)`. */
static void access(thread *t, int indent)
{
    char d[16], a[16], v[256], w[256], lhs[24];
    const char *decl;
    int k = (int)rnd(17);
    t->n_acc += (k >= 6 && k <= 11) || k >= 14 ? 2 : 1;
    if ((k == 12 || k == 16) && t->n_ptrs >= MAX_PTRS)
        k = 3;
    if (k == 15)
        t->n_acc--;
    if (!((1u << k) & 0x4f38))  /* 3, 4, 5, 8, 9, 10, 11, 14 have a value */
        lhs[0] = 0;
    else if (rnd(8) == 0)
        strcpy(lhs, "(void)");
    else
        sprintf(lhs, "%s = ", dest(t, d));
    switch (k) {
    case 0: put(t, indent, "%s(*%s, %s);", PICK(store_x), addr(t, a), value(t, v)); break;
    case 1: put(t, indent, "%s(%s, %s);", PICK(store_p), addr(t, a), value(t, v)); break;
    case 2: put(t, indent, "*%s = %s;", addr(t, a), value(t, v), 0); break;
    case 3: put(t, indent, "%s%s(*%s);", lhs, PICK(load_x), addr(t, a)); break;
    case 4: put(t, indent, "%s%s(%s);", lhs, PICK(load_p), addr(t, a)); break;
    case 5: put(t, indent, "%s*%s;", lhs, addr(t, a), 0); break;
    case 6: put(t, indent, "%s(%s);", PICK(op_p), addr(t, a), 0); break;
    case 7:
        put(t, indent, "%s(%s, ", PICK(op_vp), value(t, v), 0);
        t->len--;       /* join the call to its last argument */
        put(t, 0, "%s);", addr(t, a), 0, 0);
        break;
    case 8:
        put(t, indent, "%s%s(%s, ", lhs, PICK(rmw_vp), value(t, v));
        t->len--;
        put(t, 0, "%s);", addr(t, a), 0, 0);
        break;
    case 9:
        put(t, indent, "%s%s(%s, ", lhs, PICK(xchg_pv), addr(t, a));
        t->len--;
        put(t, 0, "%s);", value(t, v), 0, 0);
        break;
    case 10:
        /* the expected value: 0, 1, a register (the value read) or a
           nested read; the new value may nest one too */
        sprintf(w, "%u", rnd(2));
        put(t, indent, "%s%s(%s, ", lhs, PICK(cmpxchg_pvv), addr(t, a));
        t->len--;
        put(t, 0, "%s, ", rnd(10) == 0 ? nested(t, w, 0)
                          : t->n_regs && rnd(4) == 0 ? value(t, w) : w, 0, 0);
        t->len--;
        no_nest = 1;
        put(t, 0, "%s);", rnd(6) == 0 ? nested(t, v, 0) : value(t, v), 0, 0);
        no_nest = 0;
        break;
    case 11:
        put(t, indent, "%s%s(%s);", lhs, rnd(2) ? "spin_trylock" : "spin_is_locked",
            rnd(3) ? "s" : "t");
        break;
    case 12:
        /* a pointer read from p: dereferenced by later accesses
         * (addr), or not at all */
        new_ptr(t, indent, d, &decl);
        put(t, indent, PICK(load_ptr), decl, d, 0);
        break;
    case 13: put(t, indent, PICK(store_ptr), locs[rnd(N_LOCS)], 0, 0); break;
    case 14:
        /* herd7's own primitive (not in its def): add V unless the
         * value is U, returns whether it added */
        sprintf(w, "%u", rnd(3));
        put(t, indent, "%satomic_add_unless(%s, ", lhs, addr(t, a), 0);
        t->len--;
        no_nest = 1;    /* herd7: "Macro call READ_ONCE in CSem" */
        put(t, 0, "%s, %s);", rnd(8) == 0 ? nested(t, v, 1) : value(t, v),
            w, 0);
        no_nest = 0;
        break;
    case 15:
        /* an access whose value is thrown away with a `void` cast */
        put(t, indent, "(void)%s(*%s);", PICK(load_x), addr(t, a), 0);
        break;
    default:
        /* an exchange of pointers on p: the old one into a local */
        new_ptr(t, indent, d, &decl);
        if (rnd(2))
            put(t, indent, "%s%s = %s(p, ", decl, d, PICK(xchg_ptr));
        else {
            put(t, indent, "%s%s = %s(p, ", decl, d, PICK(cmpxchg_ptr));
            t->len--;
            put(t, 0, "%s, ", locs[rnd(N_LOCS)], 0, 0);
        }
        t->len--;
        put(t, 0, "%s);", locs[rnd(N_LOCS)], 0, 0);
        break;
    }
}

static void fence(thread *t, int indent)
{
    static const char *const f[] = {
        "smp_mb();", "smp_rmb();", "smp_wmb();", "barrier();",
        "smp_mb__before_atomic();", "smp_mb__after_atomic();",
        "synchronize_rcu();", "smp_mb__after_spinlock();",
        "smp_mb__after_unlock_lock();", "synchronize_srcu(ss);",
        "synchronize_rcu_expedited();", "synchronize_srcu_expedited(ss);"};
    put(t, indent, "%s", PICK(f), 0, 0);
}

/* A register set in an if's arm (a constant, an operation on the
 * tested register, a read; in the else arm too, or instead), then tested
 * by a later if: herd7 draws control from the first condition into the
 * register's write, so the later if's arms depend on the first
 * condition's reads too (doc/lkmm.md, "A register set under an if"). */
static void set_then_test(thread *t, int indent)
{
    char c[48], d[16], v[48], e[48];
    int r = (int)rnd((unsigned)t->n_regs);
    sprintf(c, rnd(2) ? "r%d" : "r%d != 0", r);
    dest(t, d);
    switch (rnd(3)) {
    case 0: sprintf(v, "%u", 1 + rnd(7)); break;
    case 1: sprintf(v, "r%d + 1", r); break;
    default:
        t->n_acc++;
        sprintf(v, "READ_ONCE(*%s)", locs[rnd(N_LOCS)]);
        break;
    }
    unsigned arms = rnd(4);     /* 0, 1: then; 2: else; 3: both */
    put(t, indent, "if (%s) {", c, 0, 0);
    if (arms != 2)
        put(t, indent + 1, "%s = %s;", d, v, 0);
    else
        put(t, indent + 1, "r%s = 0;", (sprintf(e, "%d", r), e), 0, 0);
    if (arms >= 2) {
        put(t, indent, "} else {", 0, 0, 0);
        put(t, indent + 1, "%s = %s;", d, arms == 2 ? v : "7", 0);
    }
    put(t, indent, "}", 0, 0, 0);
    switch (rnd(4)) {
    case 0: sprintf(e, "%s", d); break;
    case 1: sprintf(e, "%s == %s", d, d); break;
    case 2: sprintf(e, "%s + 1 != 1", d); break;
    default: sprintf(e, "%s == %u", d, 1 + rnd(2)); break;
    }
    put(t, indent, "if (%s) {", e, 0, 0);
    statement(t, indent + 1, 2);
    put(t, indent, "}", 0, 0, 0);
}

/* An if on a condition (condition()), its arm a statement in braces
 * or (one time in four) one access without them; an else arm (braced
 * or not), or an else if. */
static void if_statement(thread *t, int indent, int depth)
{
    char e[256];
    condition(t, e);
    if (rnd(4) == 0) {
        put(t, indent, "if (%s)", e, 0, 0);
        access(t, indent + 1);
        if (rnd(3) == 0) {
            put(t, indent, "else", 0, 0, 0);
            access(t, indent + 1);
        }
        return;
    }
    put(t, indent, "if (%s) {", e, 0, 0);
    statement(t, indent + 1, depth + 1);
    switch (rnd(6)) {
    case 0: case 1:
        put(t, indent, "} else {", 0, 0, 0);
        statement(t, indent + 1, depth + 1);
        break;
    case 2:
        condition(t, e);
        put(t, indent, "} else if (%s) {", e, 0, 0);
        statement(t, indent + 1, depth + 1);
        break;
    default:
        break;
    }
    put(t, indent, "}", 0, 0, 0);
}

/* An if whose condition is a primitive's result: a read (READ_ONCE,
 * smp_load_acquire, compared or not) or spin_trylock, whose arm then
 * unlocks. */
static void if_call(thread *t, int indent, int depth)
{
    char c[48];
    const char *l = rnd(3) ? "s" : "t";
    t->n_acc++;
    switch (rnd(4)) {
    case 0: sprintf(c, "READ_ONCE(*%s)", locs[rnd(N_LOCS)]); break;
    case 1: sprintf(c, "smp_load_acquire(%s) == %u", locs[rnd(N_LOCS)], rnd(3)); break;
    case 2: sprintf(c, "READ_ONCE(*%s) != 1", locs[rnd(N_LOCS)]); break;
    default:
        t->n_acc += 2;
        put(t, indent, "if (spin_trylock(%s)) {", l, 0, 0);
        access(t, indent + 1);
        put(t, indent + 1, "spin_unlock(%s);", l, 0, 0);
        put(t, indent, "}", 0, 0, 0);
        return;
    }
    put(t, indent, "if (%s) {", c, 0, 0);
    statement(t, indent + 1, depth + 1);
    put(t, indent, "}", 0, 0, 0);
}

/* A register declared where it is set, from a read or an expression;
 * in a thread whose r9 the init block sets, one time in two r9 itself
 * from an expression on r9 (herd7 reads the init block's value, as
 * the kernel collection's `1:r4=1; ... intptr_t r4 = (r1 ^ r4) == 0;`) */
static void declare(thread *t, int indent)
{
    char e[256], d[8];
    int r = t->n_regs ? (int)rnd((unsigned)t->n_regs) : 0;
    if (t->init_reg > 0 && t->n_regs && rnd(2)) {
        switch (rnd(3)) {
        case 0: sprintf(e, "(r%d ^ r9) == 0", r); break;
        case 1: sprintf(e, "r9 + r%d", r); break;
        default: sprintf(e, "r%d == r9", r); break;
        }
        t->init_reg = -t->init_reg;     /* declared: not again */
        put(t, indent, "%s r9 = %s;", reg_type, e, 0);
        return;
    }
    if (t->n_regs >= MAX_REGS)
        return;
    if (!t->n_regs || rnd(2)) {
        t->n_acc++;
        sprintf(e, rnd(2) ? "READ_ONCE(*%s)" : "smp_load_acquire(%s)",
                locs[rnd(N_LOCS)]);
    } else {
        value(t, e);
    }
    sprintf(d, "r%d", t->n_regs);
    strcpy(t->decl[t->n_regs++], "-");
    put(t, indent, "%s %s = %s;", reg_type, d, e);
}

/* A loop herd7 unrolls (twice; both tools drop what it cuts): a spin
 * on a read until it is not 0. */
static void loop(thread *t, int indent)
{
    char d[16];
    const char *l = locs[rnd(N_LOCS)];
    dest(t, d);
    t->n_acc += 3;
    gen_no_filter = 1;
    put(t, indent, "%s = READ_ONCE(*%s);", d, l, 0);
    put(t, indent, "while (%s == 0) {", d, 0, 0);
    put(t, indent + 1, "%s = READ_ONCE(*%s);", d, l, 0);
    put(t, indent, "}", 0, 0, 0);
}

/* A store or RMW of an expression v (a data dependency on its
 * registers and reads): WRITE_ONCE and the like, a plain store, an
 * exchange, atomic_add and the like, a cmpxchg expecting v. */
static void store_expr(thread *t, int indent, const char *v)
{
    char a[16], d[16], w[256], line[512];
    const char *f;
    int x;
    addr(t, a);
    switch (rnd(7)) {
    case 0: put(t, indent, "%s(*%s, %s);", PICK(store_x), a, v); break;
    case 1: put(t, indent, "*%s = %s;", a, v, 0); break;
    case 2: put(t, indent, "%s(%s, %s);", PICK(store_p), a, v); break;
    case 3: case 5:
        /* r = xchg(a, v) and the like, r = atomic_add_return(v, a) ... */
        t->n_acc++;
        dest(t, d);
        f = rnd(2) ? PICK(xchg_pv) : PICK(rmw_vp);
        x = strstr(f, "xchg") != NULL;  /* f(X, V), else f(V, X) */
        snprintf(line, sizeof line, "%s = %s(%s, %s);", d, f, x ? a : v,
                 x ? v : a);
        put(t, indent, "%s", line, 0, 0);
        break;
    case 4:
        t->n_acc++;
        put(t, indent, "%s(%s, %s);", PICK(op_vp), v, a);
        break;
    default:
        /* the expression as the expected value, another (no read: herd7
           evaluates the new value on the success way only) as the new */
        t->n_acc++;
        form_expr(t, w, 0);
        dest(t, d);
        snprintf(line, sizeof line, "%s = %s(%s, %s, %s);", d,
                 PICK(cmpxchg_pvv), a, v, w);
        put(t, indent, "%s", line, 0, 0);
        break;
    }
    t->n_acc++;
}

/* One of the forms over several registers (issue 24: the random run
 * never made `r3 = r0 ^ r1; *b = r0 + r3 + r5`), all drawn from the
 * form stream: a local (fresh, or one reassigned, maybe from itself)
 * from an expression; a chain of two or three locals, each from the
 * one before and an expression, into a store or RMW; a store or RMW of
 * an expression with reads in it; an if on an expression (with an
 * else, or an if nested without braces whose else is the inner one's);
 * a while on a computed condition whose body stores; pointer locals
 * set from a parameter (`q0 = y;`), compared with one (`if (q0 == x)`,
 * `r1 = q0 == y;`) or reset. */
static void form(thread *t, int indent, int depth)
{
    static const char *const ops[] = {"+", "^", "-", "==", "&", "|", "*",
                                      "!="};
    static const char *const reads[] = {"%s = READ_ONCE(*%s);",
                                        "%s = *%s;",
                                        "%s = smp_load_acquire(%s);"};
    char d[16], e[256], f[512], c[256];
    const char *decl;
    int enter = !in_form;
    if (enter)
        form_swap();
    unsigned k = rnd(10);
    /* before a local's expression or a chain, reads into fresh
       registers up to two or three (threads are short: an expression of
       one register's copies otherwise) */
    for (int want = 2 + (int)rnd(2); k < 4 && rnd(2) && t->n_regs < want &&
         t->n_regs < MAX_REGS; t->n_acc++)
        put(t, indent, PICK(reads), dest(t, d), locs[rnd(N_LOCS)], 0);
    if (!t->n_regs && k < 6)
        k = 6;
    switch (k) {
    case 0: case 1:
        ex_forks = rnd(4) == 0 ? 1 + (int)rnd(3) : 0;
        form_expr(t, e, rnd(3) == 0);
        ex_forks = 0;
        put(t, indent, "%s = %s;", dest(t, d), e, 0);
        break;
    case 2: case 3: {
        char last[16];
        sprintf(last, "r%u", rnd((unsigned)t->n_regs));
        for (int i = 1 + (int)rnd(3); i > 0; i--) {
            const char *op = PICK(ops);
            form_expr(t, e, 0);
            if (rnd(2))
                snprintf(f, sizeof f, "%s %s (%s)", last, op, e);
            else
                snprintf(f, sizeof f, "(%s) %s %s", e, op, last);
            put(t, indent, "%s = %s;", dest(t, last), f, 0);
        }
        form_expr(t, e, 1);
        snprintf(f, sizeof f, rnd(2) ? "%s + (%s)" : "(%s) ^ %s",
                 rnd(2) ? last : e, rnd(2) ? e : last);
        if (rnd(4) == 0) {      /* a condition on the computed local */
            sprintf(c, rnd(2) ? "%s" : "%s == 0", last);
            put(t, indent, "if (%s)", c, 0, 0);
            store_expr(t, indent + 1, rnd(2) ? "1" : last);
        } else {
            store_expr(t, indent, rnd(4) ? f : last);
        }
        break;
    }
    case 4: case 5:
        if (depth >= 3) {
            access(t, indent);
            break;
        }
        cond_expr(t, c);
        put(t, indent, "if (%s)", c, 0, 0);
        if (rnd(3) == 0) {
            /* a nested if without braces: the else is the inner if's */
            condition(t, e);
            put(t, indent + 1, "if (%s)", e, 0, 0);
            access(t, indent + 2);
            put(t, indent + 1, "else", 0, 0, 0);
            access(t, indent + 2);
            break;
        }
        t->len--;
        put(t, 0, " {", 0, 0, 0);
        statement(t, indent + 1, depth + 1);
        if (rnd(2)) {
            put(t, indent, "} else {", 0, 0, 0);
            statement(t, indent + 1, depth + 1);
        }
        put(t, indent, "}", 0, 0, 0);
        break;
    case 6: case 7:
        form_expr(t, e, 2);
        store_expr(t, indent, e);
        break;
    case 8:
        if (depth == 0 && t->n_regs && rnd(2)) {
            /* a while on a computed condition (both tools unroll it
               twice and drop what that cuts) */
            const char *l = locs[rnd(N_LOCS)];
            unsigned o = rnd((unsigned)t->n_regs);
            dest(t, d);
            t->n_acc += 4;
            gen_no_filter = 1;
            put(t, indent, "%s = READ_ONCE(*%s);", d, l, 0);
            switch (rnd(3)) {
            case 0: sprintf(c, "%s + r%u != 2", d, o); break;
            case 1: sprintf(c, "(%s ^ r%u) == 0", d, o); break;
            default: sprintf(c, "%s != r%u", d, o); break;
            }
            put(t, indent, "while (%s) {", c, 0, 0);
            sprintf(e, "%s + 1", d);
            put(t, indent + 1, "WRITE_ONCE(*%s, %s);", locs[rnd(N_LOCS)], e, 0);
            put(t, indent + 1, "%s = READ_ONCE(*%s);", d, l, 0);
            put(t, indent, "}", 0, 0, 0);
            break;
        }
        access(t, indent);
        break;
    default:
        if (t->n_ptrs && rnd(2)) {
            unsigned q = rnd((unsigned)t->n_ptrs);
            const char *l = locs[rnd(N_LOCS)];
            switch (rnd(3)) {
            case 0:
                put(t, indent, "if (q%s == %s)", (sprintf(d, "%u", q), d), l, 0);
                access(t, indent + 1);
                break;
            case 1:
                sprintf(e, "q%u == %s", q, l);
                put(t, indent, "%s = %s;", dest(t, d), e, 0);
                break;
            default:
                put(t, indent, "q%s = %s;", (sprintf(d, "%u", q), d), l, 0);
                break;
            }
        } else if (t->n_ptrs < MAX_PTRS) {
            new_ptr(t, indent, d, &decl);
            put(t, indent, "%s%s = %s;", decl, d, locs[rnd(N_LOCS)]);
        } else {
            access(t, indent);
        }
        break;
    }
    if (enter)
        form_swap();
}

static void statement(thread *t, int indent, int depth)
{
    if (form_odds(9))           /* a form first, then as before */
        form(t, indent, depth);
    unsigned k = rnd(24);
    char d[16], e[256];
    if (k < 11) {
        access(t, indent);
    } else if (k < 14) {
        fence(t, indent);
    } else if (k < 17 && depth == 0 && t->n_regs && rnd(3) == 0) {
        set_then_test(t, indent);
    } else if (k < 17 && depth < 2 && t->n_regs) {
        if_statement(t, indent, depth);
    } else if (k < 18 && t->n_regs && t->n_regs < MAX_REGS) {
        /* a local from an expression (declared at the top) */
        int r = (int)rnd((unsigned)t->n_regs);
        switch (rnd(4)) {
        case 0: sprintf(e, "r%d + 1", r); break;
        case 1: sprintf(e, "r%d & 1", r); break;
        case 2: sprintf(e, "r%d == r%d", r, r); break;
        default: sprintf(e, "r%d * 0 + 1", r); break;
        }
        put(t, indent, "%s = %s;", dest(t, d), e, 0);
    } else if (k < 19) {
        /* a critical section (s or t; one time in six both, nested);
         * one time in three two in a row, the unlock then the lock in
         * the same thread */
        int twice = rnd(3) == 0, nest = rnd(6) == 0;
        const char *l = rnd(3) ? "s" : "t";
        for (int i = 0; i <= twice; i++) {
            t->n_acc += 2 + 2 * nest;
            put(t, indent, "spin_lock(%s);", l, 0, 0);
            if (nest)
                put(t, indent, "spin_lock(%s);", *l == 's' ? "t" : "s", 0, 0);
            access(t, indent);
            if (nest)
                put(t, indent, "spin_unlock(%s);", *l == 's' ? "t" : "s", 0, 0);
            put(t, indent, "spin_unlock(%s);", l, 0, 0);
        }
    } else if (k == 19 && t->n_regs && rnd(2)) {
        /* a void statement (a register read for nothing) */
        put(t, indent, "(void)r%s;", (sprintf(d, "%u", rnd((unsigned)t->n_regs)), d), 0, 0);
    } else if (k == 19 && rnd(3) == 0) {
        /* the index srcu_read_lock returns is herd7's own number (it
         * varies with the test's text): kept out of the condition */
        sprintf(d, "i%d", t->n_idx++);
        t->n_acc += 2;
        int down = srcu_down && rnd(2);
        put(t, indent, down ? "%s = srcu_down_read(ss);" : "%s = srcu_read_lock(ss);", d, 0, 0);
        access(t, indent);
        put(t, indent, down ? "srcu_up_read(ss, %s);" : "srcu_read_unlock(ss, %s);", d, 0, 0);
    } else if (k == 19) {
        put(t, indent, "rcu_read_lock();", 0, 0, 0);
        access(t, indent);
        access(t, indent);
        put(t, indent, "rcu_read_unlock();", 0, 0, 0);
    } else if (k == 20 && depth < 2) {
        if_call(t, indent, depth);
    } else if (k == 21 && depth == 0) {
        declare(t, indent);
    } else if (k == 22 && depth < 2) {
        /* a block of its own */
        put(t, indent, "{", 0, 0, 0);
        statement(t, indent + 1, depth + 1);
        statement(t, indent + 1, depth + 1);
        put(t, indent, "}", 0, 0, 0);
    } else if (k == 23 && depth == 0 && rnd(6) == 0) {
        loop(t, indent);
    } else {
        access(t, indent);
    }
}

/* Issue 24's lock-word shapes (doc/fidelity.md, "Lock words"): a
 * spinlock word W (s, or t) that plain and marked accesses, exchanges
 * and cmpxchg use besides spin_lock, spin_trylock and spin_is_locked
 * (lock.cat gives lock events no value and pairs plain reads with plain
 * writes only), and a thread's own write of W just before it locks W,
 * which the other threads lock too. They are drawn from a second
 * random stream (`aside`), after the test's own draws and apart from
 * them, so a seed's tests stay what they were: one test in LW_ODDS that
 * is no thin-air shape and has at most LW_MAX_EVENTS memory events
 * (every such one with GEN_C_LOCKWORD set) gets
 * statements on W before and after each thread's own, maybe an init
 * block that starts W at 1 or 2, and a condition of its own that may
 * show W. */
enum { LW_ODDS = 10, ARR_ODDS = 16, LW_MAX_EVENTS = 12 };
static uint64_t rng_aside;
static int lw_all;      /* GEN_C_LOCKWORD: every test */
/* the test's budget of lock-word statements (a section 3, an access 1:
 * herd7's time grows steeply with lock sections) */
static int lw_left;

/* Address arithmetic (issue 24): a thread with a pointer local declared
 * at its top gets, one time in ADDR_ODDS, a difference of two addresses
 * into a new register (herd7 7.58: -1, 0 or 1, which comes first), then
 * stored, tested by an if, or left to the condition. Drawn from a third
 * stream that each thread seeds from the main one without drawing from
 * it, so the main and aside streams, hence every other test, are what
 * they were. */
enum { ADDR_ODDS = 3 };
static uint64_t rng_addr;

/* Draw from stream *other from now on (the one drawn from so far kept
 * there): called again, back. */
static void stream_swap(uint64_t *other)
{
    uint64_t k = rng;
    rng = *other;
    *other = k;
}

static void addr_stream(void)
{
    stream_swap(&rng_addr);
}

static void addr_diff(thread *t)
{
    char d[32], q[8], q2[8];
    int n = 0, top[MAX_PTRS];
    for (int i = 0; i < t->n_ptrs; i++)
        if (!t->qdecl[i])
            top[n++] = i;
    /* a register past the thread's, declared here (the condition,
       drawn as before, names none) */
    if (n == 0 || t->n_regs >= MAX_REGS || rnd(ADDR_ODDS))
        return;
    sprintf(q, "q%d", top[rnd((unsigned)n)]);
    sprintf(q2, "q%d", top[rnd((unsigned)n)]);
    sprintf(d, "%s r%d", reg_type, t->n_regs);
    const char *l = locs[rnd(N_LOCS)], *l2 = locs[rnd(N_LOCS)];
    switch (rnd(5)) {
    case 0: put(t, 1, "%s = %s - %s;", d, q, l); break;
    case 1: put(t, 1, "%s = %s - %s;", d, l, q); break;
    case 2: put(t, 1, "%s = %s - %s;", d, q, q2); break;
    case 3: put(t, 1, "%s = (%s + 1) - %s;", d, q, l); break;
    default: put(t, 1, "%s = %s - %s + 1;", d, q, l); break;
    }
    sprintf(d, "r%d", t->n_regs);
    switch (rnd(3)) {
    case 0: put(t, 1, "WRITE_ONCE(*%s, %s);", l2, d, 0); break;
    case 1:
        put(t, 1, "if (%s == %s)", d, rnd(2) ? "0" : "1", 0);
        put(t, 2, "WRITE_ONCE(*%s, 1);", l2, 0, 0);
        break;
    default: break;
    }
}

/* Spin loops on values RMWs write (loopval, Dec 7): one test in
 * SPIN_ODDS of few events (at most SPIN_MAX_EVENTS) that is no thin-air
 * or lock-word test gets, at the end of one thread, a spin on a
 * location L while it reads (or until it reads) 0, 1 or 2, maybe after
 * an RMW of its own on L, and at the end of each other thread an RMW on
 * L with a limit or an expected value (atomic_add_unless, cmpxchg,
 * *_and_test) or an increment, a decrement, an exchange: herd7's
 * `Loop` then depends on which values its solver gives the spin's
 * reads (a failing add_unless's `S := 0` pinning a cycle of an inc and
 * a dec: g21150014_52, litmus/c/loops-cut-add-unless-pin-solve-order),
 * where the main draws spin in one test in 30, rarely on a location
 * the other threads' RMWs write. Drawn
 * from a stream of its own seeded from the main one without drawing
 * from it: every other test is what it was. The registers, r11 to r13,
 * are declared where they are set (the condition names none). */
enum { SPIN_ODDS = 6, SPIN_MAX_EVENTS = 10 };
static uint64_t rng_spin;

static void spin_stream(void)
{
    stream_swap(&rng_spin);
}

/* An RMW of L with a limit or a value, its result (if any) into r. */
static void spin_rmw(thread *t, const char *l, const char *r)
{
    static const char *const forms[] = {
        "%s = atomic_add_unless(%s, %s, %s);", "%s = cmpxchg(%s, %s, %s);",
        "%s = cmpxchg_relaxed(%s, %s, %s);",
        "%s = atomic_cmpxchg_acquire(%s, %s, %s);",
        "%s = atomic_dec_and_test(%s);", "%s = atomic_inc_and_test(%s);",
        "%s = atomic_sub_and_test(%s, %s);", "%s = atomic_inc_return(%s);",
        "%s = atomic_fetch_dec(%s);", "%s = xchg(%s, %s);",
        "atomic_inc(%s);", "atomic_dec(%s);", "atomic_add(%s, %s);"};
    static const char *const k[] = {"0", "1", "2", "-1"};
    char d[32], line[160];
    unsigned f = rnd(sizeof forms / sizeof forms[0]);
    const char *a = k[rnd(4)], *b = k[rnd(4)];
    snprintf(d, sizeof d, "%s %s", reg_type, r);
    if (f <= 3)
        snprintf(line, sizeof line, forms[f], d, l, a, b);
    else if (f == 6)
        snprintf(line, sizeof line, forms[f], d, a, l);
    else if (f == 9)
        snprintf(line, sizeof line, forms[f], d, l, a);
    else if (f <= 8)
        snprintf(line, sizeof line, forms[f], d, l);
    else if (f == 12)
        snprintf(line, sizeof line, forms[f], a, l);
    else
        snprintf(line, sizeof line, forms[f], l);
    put(t, 1, "%s", line, 0, 0);
}

static void spin_shape(thread *th, int n)
{
    if (rnd(SPIN_ODDS))
        return;
    const char *l = locs[rnd(N_LOCS)];
    int s = (int)rnd((unsigned)n);
    for (int i = 0; i < n; i++)
        if (i != s)
            spin_rmw(&th[i], l, "r12");
    thread *t = &th[s];
    if (rnd(3) == 0)
        spin_rmw(t, l, "r13");
    char d[32];
    snprintf(d, sizeof d, "%s r11", reg_type);
    put(t, 1, "%s = READ_ONCE(*%s);", d, l, 0);
    put(t, 1, rnd(3) ? "while (r11 == %s) {" : "while (r11 != %s) {",
        rnd(2) ? "0" : rnd(2) ? "1" : "2", 0, 0);
    put(t, 2, "r11 = READ_ONCE(*%s);", l, 0, 0);
    put(t, 1, "}", 0, 0, 0);
}

/* Swap the two streams (called in pairs). */
static void aside(void)
{
    uint64_t k = rng;
    rng = rng_aside;
    rng_aside = k;
}

/* The value written to W: 0 (free), 1 (taken), 2, or a register. */
static const char *word_value(thread *t, char *buf)
{
    if (rnd(4) == 0)
        return value(t, buf);
    sprintf(buf, "%u", rnd(3));
    return buf;
}

/* One access of W by anything but a lock operation. */
static void word_access(thread *t, int indent, const char *w)
{
    static const char *const reads[] = {        /* d = f(W, v) */
        "%s = READ_ONCE(*%s);", "%s = *%s;", "%s = smp_load_acquire(%s);",
        "%s = spin_is_locked(%s);", "%s = xchg(%s, %s);",
        "%s = xchg_acquire(%s, %s);", "%s = cmpxchg(%s, 0, %s);",
        "%s = cmpxchg_relaxed(%s, 1, %s);", "%s = spin_trylock(%s);"};
    static const char *const writes[] = {       /* f(W, v) */
        "WRITE_ONCE(*%s, %s);", "*%s = %s;", "smp_store_release(%s, %s);",
        "smp_store_mb(*%s, %s);"};
    char d[16], v[256];
    if (rnd(2))
        put(t, indent, PICK(writes), w, word_value(t, v), 0);
    else
        put(t, indent, PICK(reads), dest(t, d), w, word_value(t, v));
}

/* A critical section on W: an access (of W one time in three), or an
 * access of W by word_access. */
static void word_section(thread *t, int indent, const char *w)
{
    put(t, indent, "spin_lock(%s);", w, 0, 0);
    if (rnd(4) == 0)
        word_access(t, indent, w);
    else
        access(t, indent);
    put(t, indent, "spin_unlock(%s);", w, 0, 0);
}

/* Thread i's statements on W (mode 0: a mixed word; 1: thread 0 writes
 * W itself, maybe an access between, then locks W; the others lock it)
 * before its own (the body moved after them; after it when it declares
 * registers) and maybe one after. */
static void lock_word(thread *t, int i, int mode, const char *w)
{
    static const char *const own[] = {
        "*%s = %s;", "WRITE_ONCE(*%s, %s);", "*%s = %s;",
        "WRITE_ONCE(*%s, %s);", "smp_store_release(%s, %s);"};
    char body[sizeof t->body], v[48];
    size_t len = t->len;
    /* a register the body declares (`int r3 = ...;`, r9) is not one
       before it: then all comes after the body */
    int late = t->init_reg < 0;
    for (int r = 0; r < t->n_regs; r++)
        late |= t->decl[r][0] == '-';
    memcpy(body, t->body, len + 1);
    t->len = late ? len : 0;
    t->body[late ? len : 0] = 0;
    lw_word = w;
    lw_before = !late;
    if (mode == 1 && i == 0) {
        put(t, 1, PICK(own), w, word_value(t, v), 0);
        if (rnd(3) == 0)
            access(t, 1);
        word_section(t, 1, w);
        lw_left -= 4;
    } else if (mode == 1 && lw_left > 0) {
        if (rnd(4)) {
            word_section(t, 1, w);
            lw_left -= 3;
        } else {
            word_access(t, 1, w);
            lw_left--;
        }
    } else if (mode == 0) {
        for (unsigned k = rnd(3); k > 0 && lw_left > 0; k--)
            switch (rnd(4)) {
            case 0: word_section(t, 1, w); lw_left -= 3; break;
            case 1: access(t, 1); lw_left--; break;
            default: word_access(t, 1, w); lw_left--; break;
            }
    }
    lw_before = 0;
    if (!late && t->len + len < sizeof t->body) {
        memcpy(t->body + t->len, body, len + 1);
        t->len += len;
    }
    if (rnd(3) == 0 && lw_left > 0) {
        if (rnd(2))
            word_access(t, 1, w);
        else
            word_section(t, 1, w);
        lw_left -= 2;
    }
    lw_word = NULL;
}

/* An anchor of a thin-air cycle over locs[0 .. n-1]: under an if on
 * the cycle's read d, a write to one of its locations of a value made
 * of a read off the cycle (an RMW's own read, or a read before the if
 * that an exchange, a cmpxchg or a store writes plus 1), which herd7
 * solves from that read: the cycle reaches its thin-air values. */
static void anchor(thread *t, int n, const char *d)
{
    static const char *const adds[] = {         /* r = f(X) */
        "%s = atomic_fetch_inc(%s);", "%s = atomic_fetch_inc_relaxed(%s);",
        "%s = atomic_fetch_inc_acquire(%s);", "%s = atomic_inc_return(%s);",
        "%s = atomic_add_return_relaxed(1, %s);",
        "%s = atomic_fetch_add_release(3, %s);",
        "%s = atomic_fetch_dec(%s);", "%s = atomic_sub_return(1, %s);",
        "%s = atomic_add_unless(%s, 1, 5);"};
    static const char *const voids[] = {        /* f(X) */
        "atomic_inc(%s);", "atomic_add(1, %s);", "atomic_dec(%s);"};
    static const char *const exch[] = {         /* r = f(X, O) */
        "%s = xchg(%s, %s + 1);", "%s = xchg_relaxed(%s, %s + 1);",
        "%s = cmpxchg_relaxed(%s, 0, %s + 1);", "%s = cmpxchg(%s, %s, 1);"};
    static const char *const stores[] = {       /* f(X, O) */
        "WRITE_ONCE(*%s, %s + 1);", "*%s = %s + 1;",
        "smp_store_release(%s, %s + 1);"};
    static const char *const conds[] = {"%s", "%s == 1", "%s > 0", "%s != 0"};
    char r[16], o[16], e[40];
    const char *at = locs[rnd((unsigned)n)];
    int k = (int)rnd(4);
    if (t->n_regs + 2 >= MAX_REGS)
        return;
    if (k >= 2)     /* a read off the cycle, before the if */
        put(t, 1, "%s = READ_ONCE(*%s);", dest(t, o), locs[rnd(N_LOCS)], 0);
    snprintf(e, sizeof e, PICK(conds), d);
    put(t, 1, "if (%s) {", e, 0, 0);
    if (k == 0)
        put(t, 2, PICK(adds), dest(t, r), at, 0);
    else if (k == 1)
        put(t, 2, PICK(voids), at, 0, 0);
    else if (k == 2)
        put(t, 2, PICK(exch), dest(t, r), at, o);
    else
        put(t, 2, PICK(stores), at, o, 0);
    put(t, 1, "}", 0, 0, 0);
}

/* A thin-air thread's write of dst (form stream): maybe a second read
 * off the cycle, maybe a copy of the cycle's read d to another location
 * (plain or marked, as LB+plain-copy-cycle-xor-copies-in-sum's P1),
 * maybe a local from an expression, then dst gets an expression over
 * the registers (d's data most of the time). */
static void oota_form(thread *t, const char *d, const char *dst,
                      const char *w)
{
    static const char *const rd[] = {"%s = READ_ONCE(*%s);", "%s = *%s;"};
    char r[16], e[256], f[512];
    form_swap();
    if (rnd(2) && t->n_regs < MAX_REGS)
        put(t, 1, PICK(rd), dest(t, r), locs[rnd(N_LOCS)], 0);
    if (rnd(2))
        put(t, 1, w, locs[rnd(N_LOCS)], d, 0);
    if (rnd(2) && t->n_regs < MAX_REGS) {
        form_expr(t, e, 0);
        put(t, 1, "%s = %s;", dest(t, r), e, 0);
    }
    form_expr(t, e, 0);
    switch (rnd(4)) {
    case 0: snprintf(f, sizeof f, "%s + (%s)", d, e); break;
    case 1: snprintf(f, sizeof f, "(%s) ^ %s", e, d); break;
    case 2: snprintf(f, sizeof f, "%s", e); break;
    default: snprintf(f, sizeof f, "%s + r%u", d, rnd((unsigned)t->n_regs)); break;
    }
    put(t, 1, w, dst, f, 0);
    form_swap();
}

/* Thread i of an out-of-thin-air shape: read locs[i], then write
 * locs[i + 1] (mod n) a value that comes from the read through data, an
 * `if` on it, a comparison of it with itself, or a local, maybe with an
 * anchor (above); *cond gets the register read, at the thin-air value
 * 1. */
static void oota(thread *t, int i, int n, char *cond)
{
    static const char *const rd[] = {"%s = READ_ONCE(*%s);", "%s = *%s;",
                                      "%s = smp_load_acquire(%s);"};
    static const char *const wr[] = {"WRITE_ONCE(*%s, %s);", "*%s = %s;",
                                     "smp_store_release(%s, %s);"};
    char d[16], e[40];
    const char *src = locs[i], *dst = locs[(i + 1) % n];
    int r = t->n_regs;
    put(t, 1, rd[rnd(3)], dest(t, d), src, 0);
    sprintf(cond + strlen(cond), "%s%d:%s=1", *cond ? " /\\ " : "", i, d);
    const char *w = wr[rnd(3)];
    if (form_odds(3)) {
        oota_form(t, d, dst, w);
        return;
    }
    switch (rnd(8)) {
    case 0: put(t, 1, w, dst, d, 0); break;
    case 1:
        put(t, 1, "if (%s) {", d, 0, 0);
        put(t, 2, w, dst, d, 0);
        put(t, 1, "}", 0, 0, 0);
        break;
    case 2:
        sprintf(e, "%s == %s", d, d);
        put(t, 1, "if (%s) {", e, 0, 0);
        put(t, 2, w, dst, "1", 0);
        put(t, 1, "}", 0, 0, 0);
        break;
    case 3: sprintf(e, "%s == %s", d, d); put(t, 1, w, dst, e, 0); break;
    case 4:
        /* a register set under an if on the read, tested by a later if
           (ctrl through the register's write, set_then_test) */
        if (r + 1 < MAX_REGS) {
            put(t, 1, "if (%s) {", d, 0, 0);
            put(t, 2, "%s = 1;", dest(t, e), 0, 0);
            put(t, 1, "}", 0, 0, 0);
            put(t, 1, "if (%s) {", e, 0, 0);
            put(t, 2, w, dst, "1", 0);
            put(t, 1, "}", 0, 0, 0);
        } else {
            put(t, 1, w, dst, d, 0);
        }
        break;
    default:
        if (r + 1 < MAX_REGS) {
            put(t, 1, "%s = %s & 1;", dest(t, e), d, 0);
            put(t, 1, w, dst, e, 0);
        } else {
            put(t, 1, w, dst, d, 0);
        }
        if (rnd(2) == 0)
            anchor(t, n, d);
        break;
    }
}

/* The condition over registers a thread has (n_regs), locations, and
 * the pointers: p and the pointer locals (n_ptrs). */
static void condition_line(FILE *f, int n, const int *n_regs,
                           const int *n_ptrs, const char *const *ls,
                           unsigned n_ls)
{
    char extra[8][16];
    const char *ex[8];
    unsigned n_extra = 0;
    for (int i = 0; i < n; i++)
        if (n_ptrs[i] && n_extra < 8)
            sprintf(extra[n_extra++], "%d:q%u=%s", i,
                    rnd((unsigned)n_ptrs[i]), locs[rnd(N_LOCS)]);
    sprintf(extra[n_extra++], "p=%s", locs[rnd(N_LOCS)]);
    for (unsigned k = 0; k < n_extra; k++)
        ex[k] = extra[k];
    gen_cond(f, n, n_regs, ls, n_ls, ex, n_extra);
}

/* The shapes of the kernel collection's tests that the forms above
 * never made (issue 24), from a fifth stream (`shape`, seeded per test
 * from the main one without drawing from it: a test that gets none is
 * the test it was): one test in SHAPE_PARAMS gives each thread only the
 * parameters its body names, in a random order (`P1(int *z, int *x)`,
 * `P1()` for none: herd7 refuses `P1(void)`), as the collection's tests
 * do; one three-thread test in SHAPE_FOUR of few events (at most
 * FOUR_MAX_EVENTS before it) gets a fourth thread of one or two
 * statements, and a condition over the four threads, as the
 * collection's LB and ISA2 chains of four and five threads; one in
 * four, each apart, an init block whose locations are typed (`int x =
 * 1;`, `atomic_t x = ATOMIC_INIT(1);`), one that sets the locations it
 * leaves at 0 to 0, one all on one line (`x = 0; y = 0; z = 0;`). */
enum { SHAPE_PARAMS = 3, SHAPE_FOUR = 2, FOUR_MAX_EVENTS = 12 };
static uint64_t rng_shape;

static void shape_stream(void)
{
    stream_swap(&rng_shape);
}

/* A thread before its statements: no register, no body; r9 and r8 from
 * the init block sometimes, and sometimes a local initialised in its
 * declaration, from itself (herd7 reads 0) or from a read. */
static void thread_start(thread *t)
{
    t->n_regs = t->n_ptrs = t->n_idx = t->n_acc = 0;
    t->len = 0;
    t->body[0] = 0;
    t->init_reg = rnd(8) == 0 ? 1 + (int)rnd(2) : 0;
    t->init_ptr = rnd(10) == 0 ? 1 + (int)rnd(N_LOCS) : 0;
    memset(t->decl, 0, sizeof t->decl);
    memset(t->qdecl, 0, sizeof t->qdecl);
    t->zloc = 0;
    if (rnd(8) == 0) {
        char d[16];
        int r = atoi(dest(t, d) + 1);
        switch (rnd(3)) {
        case 0: sprintf(t->decl[r], "%s + 1", d); break;
        case 1: sprintf(t->decl[r], "%s", d); break;
        default: sprintf(t->decl[r], "READ_ONCE(*%s)", locs[rnd(N_LOCS)]); break;
        }
    }
}

/* Whether w at b, in t's body, is a word of its own. */
static int names_at(const thread *t, const char *b, const char *w)
{
    size_t n = strlen(w);
    int before = b > t->body && (b[-1] == '_' || b[-1] == '.' ||
                 (b[-1] >= 'a' && b[-1] <= 'z') ||
                 (b[-1] >= '0' && b[-1] <= '9'));
    char c = b[n];
    return strncmp(b, w, n) == 0 && !before && c != '_' &&
           !(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9');
}

/* Whether the body names w as a word (a parameter it uses). */
static int names(const thread *t, const char *w)
{
    for (const char *b = strstr(t->body, w); b; b = strstr(b + 1, w))
        if (names_at(t, b, w))
            return 1;
    return 0;
}

/* The collection's "restore address dependency" (`r8 = r9a - r9a; r8 =
 * b + r8; r1 = smp_load_acquire(r8);`): one thread with a register in
 * six ends with a pointer local made of a location's address plus a
 * zero computed from the register, then a read or write through it,
 * an address dependency on whatever set the register. */
static void addr_restore(thread *t)
{
    static const char *const zero[] = {"%s - %s", "%s & 0", "%s * 0",
                                       "%s ^ %s"};
    char r[16], z[40], q[16], d[16];
    if (!t->n_regs || t->n_ptrs >= MAX_PTRS || rnd(6))
        return;
    sprintf(r, "r%u", rnd((unsigned)t->n_regs));
    snprintf(z, sizeof z, PICK(zero), r, r);
    sprintf(q, "q%d", t->n_ptrs);
    t->qdecl[t->n_ptrs++] = 0;
    put(t, 1, "%s = %s + (%s);", q, locs[rnd(N_LOCS)], z);
    t->n_acc++;
    switch (rnd(4)) {
    case 0: put(t, 1, "WRITE_ONCE(*%s, %s);", q, rnd(2) ? "1" : r, 0); break;
    case 1: put(t, 1, "smp_store_release(%s, 2);", q, 0, 0); break;
    case 2: put(t, 1, "%s = smp_load_acquire(%s);", dest(t, d), q, 0); break;
    default: put(t, 1, "%s = READ_ONCE(*%s);", dest(t, d), q, 0); break;
    }
}

/* A thread's SRCU on a second srcu_struct: its body's word ss made
 * ss2 (its sections and grace periods all on ss2, so they still pair). */
static void srcu_second(thread *t)
{
    char out[sizeof t->body];
    size_t n = 0;
    for (const char *b = t->body; *b && n + 2 < sizeof out; b++) {
        out[n++] = *b;
        if (b[0] == 's' && b[1] == 's' && names_at(t, b, "ss")) {
            out[n++] = *++b;
            out[n++] = '2';
        }
    }
    out[n] = 0;
    memcpy(t->body, out, n + 1);
    t->len = n;
}

/* Thread i's parameter list: all of them in the usual order, or (own)
 * those its body names, shuffled from the shape stream. */
static void params(FILE *f, const thread *t, int own, int ss2,
                   const char *loc_type, const char *p_type)
{
    const char *name[] = {"x", "y", "z", "p", "s", "t", "ss", "ss2"};
    const char *type[] = {loc_type, loc_type, loc_type, p_type,
                          "spinlock_t *", "spinlock_t *",
                          "struct srcu_struct *", "struct srcu_struct *"};
    int k[8], m = 0;
    for (int i = 0; i < 8; i++)
        if (own ? names(t, name[i]) : i < 7 || ss2)
            k[m++] = i;
    for (int i = m - 1; own && i > 0; i--) {
        shape_stream();
        int j = (int)rnd((unsigned)i + 1), v = k[i];
        shape_stream();
        k[i] = k[j];
        k[j] = v;
    }
    for (int i = 0; i < m; i++)
        fprintf(f, "%s%s%s", i ? ", " : "", type[k[i]], name[k[i]]);
}

/* One item of the init block: on a line of its own, or (oneline) all on
 * one line, as the collection's `x = 0; y = 0; z = 0;`; first starts
 * the block's items, NULL ends them. */
static void init_put(FILE *f, int oneline, const char *item)
{
    static int n;
    if (!item) {
        if (oneline && n)
            fputc('\n', f);
        n = 0;
        return;
    }
    fprintf(f, oneline ? "%s%s;" : "\t%s;\n", oneline ? n ? " " : "\t" : item,
            oneline ? item : "");
    n++;
}

static void one_test(FILE *f, const char *name)
{
    thread th[4];
    int n = 2 + (rnd(3) == 0);
    int thin = rnd(6) == 0;     /* an out-of-thin-air shape */
    unsigned types = rnd(10);   /* 0, 1: intptr_t; 2: atomic_t locations */
    int intptr = types < 2;
    reg_type = intptr ? "intptr_t" : "int";
    ptr_type = intptr ? "intptr_t " : "int *";
    /* herd7's time grows steeply with the memory events of a
     * three-thread test (past 10 accesses, seconds each; lock sections
     * and RMWs the most): all but one test in gen_large stop adding
     * statements at 10 events in all (n_acc), a thread's first aside
     * (herd7 refuses an empty thread) */
    int budget = n == 3 && rnd(gen_large) ? 10 : 1000, used = 0;
    char cond[128] = "";
    /* the lock-word shapes (lock_word), from the aside stream */
    int n_regs[4], n_ptrs[4], lw, lw_mode, lw_init;
    const char *w;
    if (!rng_aside)
        rng_aside = rng ^ 0x6a09e667f3bcc909ULL;
    rng_form = rng ^ 0xbb67ae8584caa73bULL;
    rng_shape = rng ^ 0xa54ff53a5f1d36f1ULL;
    aside();
    lw = (rnd(LW_ODDS) == 0 || lw_all) && !thin;
    lw_mode = (int)rnd(2);
    lw_init = rnd(6) == 0 ? 1 + (int)rnd(2) : 0;
    w = rnd(4) ? "s" : "t";
    lw_left = n == 3 ? 4 : 8;
    /* an array of two ints for a location the init block leaves alone
       (herd7 reads `int y[2];` and `int y[2] = {1, 2};` there, an
       access of *y is of its first element; int tests only) */
    int arr = rnd(ARR_ODDS) == 0 ? 1 + (int)rnd(3) : 0;
    unsigned arr_loc = rnd(N_LOCS), arr_v = rnd(3), arr_w = rnd(3);
    aside();
    for (int i = 0; i < n; i++) {
        thread *t = &th[i];
        thread_start(t);
        if (thin)
            oota(t, i, n, cond);
        int m = thin ? (int)rnd(2) : 1 + (int)rnd(4);
        for (int k = 0; k < m && (k == 0 || used + t->n_acc < budget); k++)
            statement(t, 1, 0);
        used += t->n_acc;
        n_regs[i] = t->n_regs;
        n_ptrs[i] = t->n_ptrs;
    }
    /* the shape stream's: own parameter lists, a fourth thread (not
       in an out-of-thin-air test, whose cycle is over the n) */
    shape_stream();
    int own = rnd(SHAPE_PARAMS) == 0;
    int n4 = n + (n == 3 && !thin && used <= FOUR_MAX_EVENTS &&
                  rnd(SHAPE_FOUR) == 0);
    /* a loop in the fourth thread keeps the filter from its condition
       only (the main stream's, drawn as before, must draw the same) */
    int no_filter = gen_no_filter, no_filter4;
    if (n4 > n) {
        thread_start(&th[3]);
        for (int k = 0, m = 1 + (int)rnd(2); k < m && th[3].n_acc < 4; k++)
            statement(&th[3], 1, 0);
    }
    no_filter4 = gen_no_filter;
    gen_no_filter = no_filter;
    /* the init block: locations typed (`int x = 1;`, `atomic_t x =
       ATOMIC_INIT(1);`), those it leaves at 0 set to 0, all on a line */
    int typed = rnd(4) == 0, zeros = rnd(4) == 0, oneline = rnd(4) == 0;
    /* one thread using SRCU in three on a second srcu_struct */
    int ss2 = 0;
    for (int i = 0; i < n4; i++)
        if (names(&th[i], "ss") && rnd(3) == 0) {
            srcu_second(&th[i]);
            ss2 = 1;
        }
    shape_stream();
    /* the lock-word shapes, on tests of few events (our search's and
       herd7's time grow fast with lock sections on a mixed word) */
    lw = lw && used <= LW_MAX_EVENTS;
    for (int i = 0; lw && i < n; i++) {
        aside();
        lock_word(&th[i], i, lw_mode, w);
        aside();
    }
    /* the registers and pointers the other streams' conditions draw
       over (a pointer more would draw more from them), then the
       restored address dependencies, last of the shape stream's */
    int lw_regs[4], lw_ptrs[4], restored = 0;
    shape_stream();
    for (int i = 0; i < n4; i++) {
        lw_regs[i] = th[i].n_regs;
        lw_ptrs[i] = th[i].n_ptrs;
        addr_restore(&th[i]);
        restored |= th[i].n_ptrs != lw_ptrs[i];
    }
    shape_stream();
    /* address arithmetic at the end of a thread (addr_diff), in a
       test with no lock word, after every draw that counts registers */
    rng_addr = rng ^ 0x3c6ef372fe94f82bULL;
    for (int i = 0; !lw && i < n; i++) {
        addr_stream();
        addr_diff(&th[i]);
        addr_stream();
    }
    /* spin loops on values RMWs write (spin_shape), last */
    rng_spin = rng ^ 0x510e527fade682d1ULL;
    if (!lw && !thin && n4 == n && used <= SPIN_MAX_EVENTS) {
        spin_stream();
        spin_shape(th, n);
        spin_stream();
    }
    /* the init block: p points to x (or, one test in four, y or z),
     * a location starts at 1 or 2 one time in eight, registers r9 (a
     * value) and r8 (an address) of the threads that have them */
    fprintf(f, "C %s\n\n{\n", name);
    unsigned pi = rnd(4) ? 0 : 1 + rnd(2);
    char item[64];
    snprintf(item, sizeof item, "%s%s", intptr ? "p = " : "int *p = ", locs[pi]);
    init_put(f, oneline, item);
    int set[N_LOCS] = {0};
    int has_arr = arr && types > 2 && arr_loc != pi;
    for (int l = 0; l < N_LOCS; l++) {
        unsigned v = rnd(8) == 0 && (set[l] = 1) ? 1 + rnd(2) : 0;
        if (!set[l] && (!zeros || (has_arr && arr_loc == (unsigned)l)))
            continue;
        if (!typed)
            snprintf(item, sizeof item, "%s = %u", locs[l], v);
        else if (types == 2)
            snprintf(item, sizeof item, "atomic_t %s = ATOMIC_INIT(%u)", locs[l], v);
        else
            snprintf(item, sizeof item, "%s %s = %u", reg_type, locs[l], v);
        init_put(f, oneline, item);
    }
    if (has_arr && !set[arr_loc]) {
        if (arr == 1)
            snprintf(item, sizeof item, "int %s[2]", locs[arr_loc]);
        else
            snprintf(item, sizeof item, "int %s[2] = {%u, %u}", locs[arr_loc], arr_v, arr_w);
        init_put(f, oneline, item);
    }
    if (lw && lw_init) {
        snprintf(item, sizeof item, "%s = %d", w, lw_init);
        init_put(f, oneline, item);
    }
    for (int i = 0; i < n4; i++) {
        if (th[i].init_reg) {
            snprintf(item, sizeof item, "%d:r9 = %d", i, abs(th[i].init_reg));
            init_put(f, oneline, item);
        }
        if (th[i].init_ptr) {
            snprintf(item, sizeof item, "%d:r8 = %s", i, locs[th[i].init_ptr - 1]);
            init_put(f, oneline, item);
        }
    }
    init_put(f, oneline, NULL);
    fputs("}\n\n", f);
    const char *loc_type = intptr ? "intptr_t *" : types == 2 ? "atomic_t *" : "int *";
    for (int i = 0; i < n4; i++) {
        thread *t = &th[i];
        fprintf(f, "P%d(", i);
        params(f, t, own, ss2, loc_type, intptr ? "intptr_t *" : "int **");
        fputs(")\n{\n", f);
        for (int r = 0; r < t->n_regs; r++)
            if (t->decl[r][0] == '-')
                continue;
            else if (t->decl[r][0])
                fprintf(f, "\t%s r%d = %s;\n", reg_type, r, t->decl[r]);
            else
                fprintf(f, "\t%s r%d;\n", reg_type, r);
        if (t->zloc)
            fprintf(f, "\t%s r10%s;\n", reg_type, t->zloc == 2 ? " = 0" : "");
        for (int q = 0; q < t->n_ptrs; q++)
            if (!t->qdecl[q])
                fprintf(f, "\t%sq%d;\n", ptr_type, q);
        for (int q = 0; q < t->n_idx; q++)
            fprintf(f, "\tint i%d;\n", q);
        fprintf(f, "\n%s}\n\n", t->body);
    }
    if (thin && rnd(2)) {
        fprintf(f, "exists (%s)\n", cond);
        return;
    }
    /* a lock-word test, or one of four threads, draws the condition it
       had into a sink */
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w"))) {
        perror("/dev/null");
        exit(1);
    }
    int shaped = (n4 > n || restored) && !lw;
    condition_line(lw || shaped ? sink : f, n, n_regs, n_ptrs, locs, N_LOCS);
    if (shaped) {
        /* the draws above made, the condition from the shape stream,
           over every thread (four) and its restored pointer */
        for (int i = 0; i < n4; i++) {
            n_regs[i] = th[i].n_regs;
            n_ptrs[i] = th[i].n_ptrs;
        }
        shape_stream();
        gen_no_filter = no_filter4;
        condition_line(f, n4, n_regs, n_ptrs, locs, N_LOCS);
        shape_stream();
    }
    if (lw) {
        /* the draws above made, the test's own condition from the aside
           stream, over its new registers and W too */
        static const char *lw_locs[N_LOCS + 1];
        for (int i = 0; i < n; i++) {
            n_regs[i] = lw_regs[i];
            n_ptrs[i] = lw_ptrs[i];
        }
        memcpy(lw_locs, locs, sizeof locs);
        lw_locs[N_LOCS] = w;
        aside();
        condition_line(f, n, n_regs, n_ptrs, lw_locs, N_LOCS + 1);
        aside();
    }
}

int main(int argc, char **argv)
{
    srcu_down = getenv("GEN_C_SRCU_DOWN") != NULL;
    lw_all = getenv("GEN_C_LOCKWORD") != NULL;
    return gen_main(argc, argv, "gen_c", 'g', one_test);
}
