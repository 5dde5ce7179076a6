/* gen_lisa.c — random LISA litmus tests for `make fidelity-diff-lisa`
 * (mk/fidelity-diff-c.sh in its lisa mode), which models each with
 * litmuslab and with herd7 (a bell declaring the lock sets empty, then
 * linux-kernel.bell; -model linux-kernel.cat) and compares the outputs.
 *
 *   gen_lisa DIR SEED COUNT
 *
 * writes DIR/l<SEED>_<i>.litmus for i < COUNT. Each test has 2 or 3
 * threads over the locations x, y, z and a pointer p (initially z); a
 * thread is 1 to 6 instructions drawn from every form the reader takes:
 * r/w/rmw with each annotation the Linux-kernel bell declares (rmw with
 * an exchanged value or an operation on the value read), every fence,
 * mov with add/xor/and/eq/neq and herd7's other spelling ne, numbers
 * in hex (0x1) and negative (-1), address dependencies (x+r, a register
 * holding an address read from p), forward branches (conditional on a
 * register, a comparison or always), and backward branches: a bounded
 * counter loop and a spin loop that waits for a value (herd7 unrolls
 * both; what it cuts is dropped by both tools). The condition
 * (gen_main.h's gen_cond): exists, ~exists or forall over 1 to 3 final
 * values, /\ and \/, negated atoms, a register equal to another,
 * sometimes a filter and a locations line. The same SEED always writes the same
 * tests. Standalone: no project code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_main.h"

static const char *const locs[] = {"x", "y", "z"};
enum { N_LOCS = 3, MAX_LINES = 24, MAX_REGS = 6 };

typedef struct thread {
    char line[MAX_LINES][64];
    int n;              /* lines */
    int n_regs;         /* r0 .. r(n_regs-1) written (data registers) */
    int n_ptrs;         /* r10 .. : registers holding an address read from p */
    int id;             /* thread number: labels are the test's, not the thread's */
    int n_labels;
    int tmp;            /* next scratch register r20 .. (ifs, loops) */
} thread;

static int add(thread *t, const char *s)
{
    if (t->n >= MAX_LINES)
        return 0;
    snprintf(t->line[t->n++], sizeof t->line[0], "%s", s);
    return 1;
}

static int room(const thread *t, int k)
{
    return t->n + k <= MAX_LINES;
}

/* A small number: 0, 1 or 2, one time in six spelt in hex (0x1) or
 * negative (-1), both of which herd7's LISA lexer reads. */
static const char *imm(void)
{
    static const char *const hex[] = {"0x0", "0x1", "0x2", "-1"};
    static const char *const dec[] = {"0", "1", "2"};
    return rnd(6) == 0 ? hex[rnd(4)] : dec[rnd(3)];
}

/* A value: a number, or a data register (a data dependency). */
static void value(thread *t, char *buf)
{
    if (t->n_regs && rnd(3) == 0)
        sprintf(buf, "r%u", rnd((unsigned)t->n_regs));
    else if (rnd(10) == 0)
        strcpy(buf, "-1");
    else
        sprintf(buf, rnd(8) ? "%u" : "0x%u", 1 + rnd(2));
}

static int dest(thread *t)
{
    return t->n_regs < MAX_REGS && (t->n_regs == 0 || rnd(4))
               ? t->n_regs++ : (int)rnd((unsigned)t->n_regs);
}

/* An address: a location, a location plus a register computed as zero
 * from a read (an address dependency), or a pointer read from p. */
static void address(thread *t, char *buf)
{
    unsigned k = rnd(6);
    if (k == 0 && t->n_ptrs) {
        sprintf(buf, "r%u", 10 + rnd((unsigned)t->n_ptrs));
    } else if (k == 1 && t->n_regs && room(t, 2)) {
        char m[48];
        int z = 20 + t->tmp++;
        /* the xor of a register with itself: zero, so the address stays
         * on its location, with a dependency on the read */
        int r = (int)rnd((unsigned)t->n_regs);
        sprintf(m, "mov r%d (xor r%d r%d)", z, r, r);
        add(t, m);
        sprintf(buf, "%s+r%d", locs[rnd(N_LOCS)], z);
    } else {
        strcpy(buf, locs[rnd(N_LOCS)]);
    }
}

static void access(thread *t)
{
    static const char *const ra[] = {"once", "acquire", "noreturn"};
    static const char *const wa[] = {"once", "release"};
    static const char *const ma[] = {"once", "acquire", "release"};
    char a[32], v[16], s[64];
    switch (rnd(7)) {
    case 0: case 1:
        address(t, a);
        sprintf(s, "r[%s] r%d %s", ra[rnd(3)], dest(t), a);
        break;
    case 2: case 3:
        address(t, a);
        value(t, v);
        sprintf(s, "w[%s] %s %s", wa[rnd(2)], a, v);
        break;
    case 4: {
        address(t, a);
        int d = dest(t);
        static const char *const op[] = {"add", "xor", "and"};
        if (rnd(2))
            sprintf(s, "rmw[%s] r%d (%s r%d %u) %s", ma[rnd(3)], d,
                    op[rnd(3)], d, 1 + rnd(2), a);
        else
            sprintf(s, "rmw[%s] r%d %u %s", ma[rnd(3)], d, 1 + rnd(2), a);
        break;
    }
    case 5:
        if (t->n_ptrs < 2) {
            sprintf(s, "r[%s] r%d p", rnd(2) ? "once" : "acquire",
                    10 + t->n_ptrs++);
        } else {
            sprintf(s, "r[once] r%d r%u", dest(t), 10 + rnd(2));
        }
        break;
    default:
        /* herd7 writes no location as a value: move it to a register */
        if (!room(t, 2))
            return;
        sprintf(s, "mov r%d %s", 20 + t->tmp, locs[rnd(N_LOCS)]);
        add(t, s);
        sprintf(s, "w[%s] p r%d", wa[rnd(2)], 20 + t->tmp++);
        break;
    }
    add(t, s);
}

static void fence(thread *t)
{
    static const char *const f[] = {
        "mb", "rmb", "wmb", "barrier", "sync-rcu", "before-atomic",
        "after-atomic", "after-spinlock", "after-unlock-lock"};
    char s[32];
    sprintf(s, "f[%s]", f[rnd(9)]);
    add(t, s);
}

static void mov(thread *t)
{
    static const char *const op[] = {"add", "xor", "and", "eq", "neq", "ne"};
    char s[64];
    int r = (int)rnd((unsigned)t->n_regs);
    int d = dest(t);
    switch (rnd(3)) {
    case 0: sprintf(s, "mov r%d %u", d, rnd(3)); break;
    case 1: sprintf(s, "mov r%d (%s r%d %s)", d, op[rnd(6)], r, imm()); break;
    default:
        sprintf(s, "mov r%d (%s r%d r%u)", d, op[rnd(6)], r,
                rnd((unsigned)t->n_regs));
        break;
    }
    add(t, s);
}

static void instruction(thread *t, int depth);

/* A forward branch over 1 or 2 instructions: on a 0/1 register made by
 * eq/neq (herd7 has no execution for another value), or always. */
static void forward(thread *t, int depth)
{
    char s[64];
    int l = t->id * 10 + t->n_labels++;
    if (!room(t, 4))
        return;
    if (rnd(5) == 0 || !t->n_regs) {
        sprintf(s, "b[] L%d", l);
        add(t, s);
    } else {
        int c = 20 + t->tmp++;
        static const char *const cmp[] = {"eq", "neq", "eq", "ne"};
        sprintf(s, "mov r%d (%s r%u %u)", c, cmp[rnd(4)],
                rnd((unsigned)t->n_regs), rnd(3));
        add(t, s);
        sprintf(s, "b[] r%d L%d", c, l);
        add(t, s);
    }
    int m = 1 + (int)rnd(2);
    for (int k = 0; k < m; k++)
        instruction(t, depth + 1);
    sprintf(s, "L%d:", l);
    add(t, s);
}

/* A backward branch: a loop of a counter run 1 to 3 times around a
 * body, or a spin loop reading a location until it is not 0 (or 0). */
static void loop(thread *t, int depth)
{
    char s[64];
    int l = t->id * 10 + t->n_labels++;
    if (!room(t, 6))
        return;
    gen_no_filter = 1;
    if (rnd(2)) {
        int i = 20 + t->tmp++, c = 20 + t->tmp++;
        sprintf(s, "mov r%d 0", i);
        add(t, s);
        sprintf(s, "L%d:", l);
        add(t, s);
        instruction(t, depth + 1);
        sprintf(s, "mov r%d (add r%d 1)", i, i);
        add(t, s);
        sprintf(s, "mov r%d (neq r%d %u)", c, i, 1 + rnd(3));
        add(t, s);
        sprintf(s, "b[] r%d L%d", c, l);
        add(t, s);
    } else {
        int d = dest(t), c = 20 + t->tmp++;
        sprintf(s, "L%d:", l);
        add(t, s);
        sprintf(s, "r[%s] r%d %s", rnd(2) ? "once" : "acquire", d,
                locs[rnd(N_LOCS)]);
        add(t, s);
        sprintf(s, "mov r%d (%s r%d 0)", c, rnd(2) ? "eq" : "neq", d);
        add(t, s);
        sprintf(s, "b[] r%d L%d", c, l);
        add(t, s);
    }
}

static void instruction(thread *t, int depth)
{
    unsigned k = rnd(20);
    if (k < 10)
        access(t);
    else if (k < 12)
        fence(t);
    else if (k < 14 && t->n_regs)
        mov(t);
    else if (k < 16 && depth < 1)
        forward(t, depth);
    else if (k < 17 && depth < 1)
        loop(t, depth);
    else if (k < 18 && room(t, 3)) {
        add(t, "f[rcu-lock]");
        access(t);
        add(t, "f[rcu-unlock]");
    } else
        access(t);
}

static void one_test(FILE *f, const char *name)
{
    thread th[3];
    int n = 2 + (rnd(3) == 0);
    int rows = 0;
    size_t width[3];
    for (int i = 0; i < n; i++) {
        thread *t = &th[i];
        memset(t, 0, sizeof *t);
        t->id = i;
        int m = 1 + (int)rnd(5);
        for (int k = 0; k < m; k++)
            instruction(t, 0);
        if (t->n > rows)
            rows = t->n;
        width[i] = 4;
        for (int k = 0; k < t->n; k++)
            if (strlen(t->line[k]) > width[i])
                width[i] = strlen(t->line[k]);
    }
    fprintf(f, "LISA %s\n{\nx=0; y=0; z=0; p=z;\n}\n", name);
    for (int i = 0; i < n; i++)
        fprintf(f, " P%d%*s %s", i, (int)width[i] - 2, "", i + 1 < n ? "|" : ";\n");
    for (int k = 0; k < rows; k++)
        for (int i = 0; i < n; i++)
            fprintf(f, " %-*s %s", (int)width[i],
                    k < th[i].n ? th[i].line[k] : "", i + 1 < n ? "|" : ";\n");
    /* exists over 1-3 atoms: data registers a thread has, locations */
    int n_regs[3];
    for (int i = 0; i < n; i++)
        n_regs[i] = th[i].n_regs;
    gen_cond(f, n, n_regs, locs, N_LOCS, NULL, 0);
}

int main(int argc, char **argv)
{
    return gen_main(argc, argv, "gen_lisa", 'l', one_test);
}
