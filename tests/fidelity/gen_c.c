/* gen_c.c — random kernel-style C litmus tests for `make fidelity-diff-c`
 * (mk/fidelity-diff-c.sh), which models each with litmuslab and with
 * herd7 -conf linux-kernel.cfg and compares the two outputs.
 *
 *   gen_c DIR SEED COUNT
 *
 * writes DIR/g<SEED>_<i>.litmus for i < COUNT. Each test has 2 or 3
 * threads over the locations x, y, z (int), a pointer p (initially &x),
 * a spinlock s, an srcu_struct ss; a thread is 1 to 4 statements drawn from every kernel
 * primitive herd7's linux-kernel.def has (marked and plain accesses,
 * fences, exchanges, cmpxchg, atomic_*, locks, RCU), with data
 * dependencies (a stored value from a register), address dependencies
 * (through a pointer read from p), control dependencies through `if`
 * (on a register, on a comparison of a register with itself or with a
 * constant, with and without else), and locals initialised from
 * expressions. herd7 does not read `?:`, `&&` or `||` in C, so none are
 * made. The condition is an exists over 1 to 3 final values. The same
 * SEED always writes the same tests. Standalone: no project code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_main.h"

static const char *const locs[] = {"x", "y", "z"};
enum { N_LOCS = 3, MAX_REGS = 8 };

typedef struct thread {
    int n_regs;         /* r0 .. r(n_regs-1) declared */
    int n_ptrs;         /* q0 .. : int * locals holding a pointer read */
    int n_idx;          /* i0 .. : SRCU indexes */
    char body[4096];
    size_t len;
} thread;

static void put(thread *t, int indent, const char *fmt, const char *a,
                const char *b, const char *c)
{
    char line[256];
    snprintf(line, sizeof line, fmt, a, b, c);
    t->len += (size_t)snprintf(t->body + t->len, sizeof t->body - t->len,
                               "%.*s%s\n", indent, "\t\t\t\t", line);
    if (t->len >= sizeof t->body)
        t->len = sizeof t->body - 1;
}

/* A value to store: a constant, or a register (a data dependency). */
static const char *value(thread *t, char *buf)
{
    if (t->n_regs && rnd(3) == 0) {
        int r = (int)rnd((unsigned)t->n_regs);
        switch (rnd(3)) {
        case 0: sprintf(buf, "r%d", r); break;
        case 1: sprintf(buf, "r%d + 1", r); break;
        default: sprintf(buf, "r%d - r%d + 2", r, r); break;
        }
    } else {
        sprintf(buf, "%u", 1 + rnd(2));
    }
    return buf;
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
static const char *addr(thread *t, char *buf)
{
    if (t->n_ptrs && rnd(3) == 0)
        sprintf(buf, "q%u", rnd((unsigned)t->n_ptrs));
    else
        strcpy(buf, locs[rnd(N_LOCS)]);
    return buf;
}

static void statement(thread *t, int indent, int depth);

/* deliberate likeness: case 13's list below; both are tables of
 * primitives to draw from, a line each. */
static void access(thread *t, int indent)
{
    char d[16], a[16], v[32];
    switch (rnd(15)) {
    case 0: put(t, indent, "WRITE_ONCE(*%s, %s);", addr(t, a), value(t, v), 0); break;
    case 1: put(t, indent, "%s = READ_ONCE(*%s);", dest(t, d), addr(t, a), 0); break;
    case 2: put(t, indent, "smp_store_release(%s, %s);", addr(t, a), value(t, v), 0); break;
    case 3: put(t, indent, "%s = smp_load_acquire(%s);", dest(t, d), addr(t, a), 0); break;
    case 4: put(t, indent, "*%s = %s;", addr(t, a), value(t, v), 0); break;
    case 5: put(t, indent, "%s = *%s;", dest(t, d), addr(t, a), 0); break;
    case 6: {
        static const char *const x[] = {"xchg", "xchg_relaxed", "xchg_acquire",
                                        "xchg_release"};
        const char *f = x[rnd(4)];
        put(t, indent, "%s = %s(", dest(t, d), f, 0);
        t->len--;       /* join the call to its arguments */
        put(t, 0, "%s, %s);", addr(t, a), value(t, v), 0);
        break;
    }
    case 7: {
        static const char *const x[] = {"cmpxchg", "cmpxchg_relaxed",
                                        "cmpxchg_acquire", "cmpxchg_release"};
        char old[8];
        sprintf(old, "%u", rnd(2));
        put(t, indent, "%s = %s(", dest(t, d), x[rnd(4)], 0);
        t->len--;
        put(t, 0, "%s, %s, ", addr(t, a), old, 0);
        t->len--;
        put(t, 0, "%s);", value(t, v), 0, 0);
        break;
    }
    case 8: {
        static const char *const x[] = {"atomic_inc", "atomic_dec"};
        put(t, indent, "%s(%s);", x[rnd(2)], addr(t, a), 0);
        break;
    }
    case 9: {
        static const char *const x[] = {
            "atomic_add_return", "atomic_add_return_relaxed",
            "atomic_fetch_add", "atomic_fetch_add_acquire",
            "atomic_fetch_add_release", "atomic_sub_return_release"};
        put(t, indent, "%s = %s(1, ", dest(t, d), x[rnd(6)], 0);
        t->len--;
        put(t, 0, "%s);", addr(t, a), 0, 0);
        break;
    }
    case 10: {
        static const char *const x[] = {"atomic_inc_return", "atomic_fetch_inc_relaxed",
                                        "atomic_dec_and_test", "atomic_inc_and_test"};
        put(t, indent, "%s = %s(%s);", dest(t, d), x[rnd(4)], addr(t, a));
        break;
    }
    case 11:
        if (t->n_ptrs < 2) {
            sprintf(d, "q%d", t->n_ptrs++);
            put(t, indent, "%s = %s(*p);", d,
                rnd(2) ? "rcu_dereference" : "READ_ONCE", 0);
        } else {
            put(t, indent, "%s = READ_ONCE(*%s);", dest(t, d), addr(t, a), 0);
        }
        break;
    case 12:
        put(t, indent, "rcu_assign_pointer(*p, %s);", locs[rnd(N_LOCS)], 0, 0);
        break;
    case 13: {
        /* the rest of linux-kernel.def, one each */
        switch (rnd(12)) {
        case 0: put(t, indent, "smp_store_mb(*%s, %s);", addr(t, a), value(t, v), 0); break;
        case 1: put(t, indent, "atomic_set(%s, %s);", addr(t, a), value(t, v), 0); break;
        case 2: put(t, indent, "atomic_set_release(%s, %s);", addr(t, a), value(t, v), 0); break;
        case 3: put(t, indent, "%s = atomic_read_acquire(%s);", dest(t, d), addr(t, a), 0); break;
        case 4: put(t, indent, "%s = atomic_xchg_relaxed(%s, 1);", dest(t, d), addr(t, a), 0); break;
        case 5: put(t, indent, "%s = atomic_cmpxchg(%s, 1, 2);", dest(t, d), addr(t, a), 0); break;
        case 6: put(t, indent, "%s = atomic_sub_and_test(1, %s);", dest(t, d), addr(t, a), 0); break;
        case 7: put(t, indent, "%s = atomic_add_negative(1, %s);", dest(t, d), addr(t, a), 0); break;
        case 8: put(t, indent, "%s = spin_trylock(s);", dest(t, d), 0, 0); break;
        case 9: put(t, indent, "%s = spin_is_locked(s);", dest(t, d), 0, 0); break;
        case 10: put(t, indent, "%s = atomic_fetch_sub_relaxed(1, %s);", dest(t, d), addr(t, a), 0); break;
        default: put(t, indent, "%s = atomic_read(%s);", dest(t, d), addr(t, a), 0); break;
        }
        break;
    }
    default:
        put(t, indent, "%s = atomic_read(%s);", dest(t, d), addr(t, a), 0);
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
        "synchronize_rcu_expedited();"};
    put(t, indent, "%s", f[rnd(11)], 0, 0);
}

static void statement(thread *t, int indent, int depth)
{
    unsigned k = rnd(20);
    char d[16], e[48];
    if (k < 11) {
        access(t, indent);
    } else if (k < 14) {
        fence(t, indent);
    } else if (k < 17 && depth < 2 && t->n_regs) {
        int r = (int)rnd((unsigned)t->n_regs);
        switch (rnd(4)) {
        case 0: sprintf(e, "r%d", r); break;
        case 1: sprintf(e, "r%d == r%d", r, r); break;
        case 2: sprintf(e, "r%d == %u", r, rnd(3)); break;
        default: sprintf(e, "r%d != 0", r); break;
        }
        put(t, indent, "if (%s) {", e, 0, 0);
        statement(t, indent + 1, depth + 1);
        if (rnd(3) == 0) {
            put(t, indent, "} else {", 0, 0, 0);
            statement(t, indent + 1, depth + 1);
        }
        put(t, indent, "}", 0, 0, 0);
    } else if (k < 18 && t->n_regs && t->n_regs < MAX_REGS) {
        /* a local from an expression (declared at the top) */
        int r = (int)rnd((unsigned)t->n_regs);
        switch (rnd(3)) {
        case 0: sprintf(e, "r%d + 1", r); break;
        case 1: sprintf(e, "r%d & 1", r); break;
        default: sprintf(e, "r%d * 0 + 1", r); break;
        }
        put(t, indent, "%s = %s;", dest(t, d), e, 0);
    } else if (k < 19) {
        put(t, indent, "spin_lock(s);", 0, 0, 0);
        access(t, indent);
        put(t, indent, "spin_unlock(s);", 0, 0, 0);
    } else if (rnd(3) == 0) {
        /* the index srcu_read_lock returns is herd7's own number (it
         * varies with the test's text): kept out of the condition */
        sprintf(d, "i%d", t->n_idx++);
        put(t, indent, "%s = srcu_read_lock(ss);", d, 0, 0);
        access(t, indent);
        put(t, indent, "srcu_read_unlock(ss, %s);", d, 0, 0);
    } else {
        put(t, indent, "rcu_read_lock();", 0, 0, 0);
        access(t, indent);
        access(t, indent);
        put(t, indent, "rcu_read_unlock();", 0, 0, 0);
    }
}

static void one_test(FILE *f, const char *name)
{
    thread th[3];
    int n = 2 + (rnd(3) == 0);
    for (int i = 0; i < n; i++) {
        thread *t = &th[i];
        t->n_regs = t->n_ptrs = t->n_idx = 0;
        t->len = 0;
        t->body[0] = 0;
        int m = 1 + (int)rnd(4);
        for (int k = 0; k < m; k++)
            statement(t, 1, 0);
    }
    fprintf(f, "C %s\n\n{\n\tint *p = x;\n}\n\n", name);
    for (int i = 0; i < n; i++) {
        thread *t = &th[i];
        fprintf(f, "P%d(int *x, int *y, int *z, int **p, spinlock_t *s, "
                "struct srcu_struct *ss)\n{\n", i);
        for (int r = 0; r < t->n_regs; r++)
            fprintf(f, "\tint r%d;\n", r);
        for (int q = 0; q < t->n_ptrs; q++)
            fprintf(f, "\tint *q%d;\n", q);
        for (int q = 0; q < t->n_idx; q++)
            fprintf(f, "\tint i%d;\n", q);
        fprintf(f, "\n%s}\n\n", t->body);
    }
    /* exists over 1-3 atoms: registers a thread has, locations */
    int n_regs[3];
    for (int i = 0; i < n; i++)
        n_regs[i] = th[i].n_regs;
    gen_exists(f, n, n_regs, locs, N_LOCS);
}

int main(int argc, char **argv)
{
    return gen_main(argc, argv, "gen_c", 'g', one_test);
}
