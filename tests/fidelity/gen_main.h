/* gen_main.h — what the random test generators (gen_c.c, gen_lisa.c)
 * share: the seeded random numbers, the condition, and the command line `PROG DIR SEED
 * COUNT [LARGE]`, which writes DIR/<letter><SEED>_<i>.litmus for i < COUNT
 * through the generator's one_test. LARGE (gen_large, default 8): one
 * test in LARGE may be as big as the generator makes them; the others
 * keep within a budget of accesses where herd7's time grows fastest
 * (gen_c: three threads), so a batch costs herd7 a fifth of the time
 * for the same forms (doc/fidelity.md, "Throughput"); 1: no budget. Each generator is a program of its
 * own (no project code) and includes this once. */
#ifndef GEN_MAIN_H
#define GEN_MAIN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t rng;
static unsigned gen_large = 8;
/* set by a generator for a test with a loop: gen_cond draws no filter
 * there (herd7 says `Loop` only when a cut path's final state passes
 * the filter; we say it whatever the filter: open, doc/fidelity.md
 * "Found by the new forms") */
static int gen_no_filter;

static unsigned rnd(unsigned bound)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % bound);
}

/* One atom of a condition: a register of a thread that has some
 * (n_regs[i] of thread i < n) = 0, 1 or 2, one time in twelve = another
 * thread's register (`0:r0=1:r1`, herd7 compares the final values); or
 * one of the locations = 0, 1 or 2; or one of the n_extra atoms the
 * generator made (pointers: `p=y`, `1:q0=x`); one time in eight
 * negated (`~`). */
static void gen_atom(char *atom, int n, const int *n_regs,
                     const char *const *locs, unsigned n_locs,
                     const char *const *extra, unsigned n_extra)
{
    int i = (int)rnd((unsigned)n), j = (int)rnd((unsigned)n);
    const char *neg = rnd(8) == 0 ? "~" : "";
    if (n_extra && rnd(6) == 0)
        sprintf(atom, "%s%s", neg, extra[rnd(n_extra)]);
    else if (n_regs[i] && n_regs[j] && rnd(12) == 0)
        sprintf(atom, "%s%d:r%u=%d:r%u", neg, i, rnd((unsigned)n_regs[i]),
                j, rnd((unsigned)n_regs[j]));
    else if (n_regs[i] && rnd(3))
        sprintf(atom, "%s%d:r%u=%u", neg, i, rnd((unsigned)n_regs[i]), rnd(3));
    else
        sprintf(atom, "%s%s=%u", neg, locs[rnd(n_locs)], rnd(3));
}

/* The condition: one time in twelve a `locations [...]` line (a
 * location and a register), one in twelve a `filter (atom)` line; then
 * exists (3 in 4), ~exists or forall, over 1 to 3 atoms (gen_atom) joined
 * by /\ or (one time in four, and most of forall's) \/. */
static void gen_cond(FILE *f, int n, const int *n_regs,
                     const char *const *locs, unsigned n_locs,
                     const char *const *extra, unsigned n_extra)
{
    char atom[64];
    if (rnd(12) == 0) {
        int i = (int)rnd((unsigned)n);
        fprintf(f, "locations [%s;", locs[rnd(n_locs)]);
        if (n_regs[i])
            fprintf(f, " %d:r%u;", i, rnd((unsigned)n_regs[i]));
        fputs("]\n", f);
    }
    if (rnd(12) == 0 && !gen_no_filter) {
        gen_atom(atom, n, n_regs, locs, n_locs, extra, n_extra);
        fprintf(f, "filter (%s)\n", atom);
    }
    unsigned q = rnd(8);
    int atoms = 1 + (int)rnd(3);
    fputs(q < 6 ? "exists (" : q == 6 ? "~exists (" : "forall (", f);
    for (int a = 0; a < atoms; a++) {
        gen_atom(atom, n, n_regs, locs, n_locs, extra, n_extra);
        const char *join = q == 7 ? (rnd(4) ? " \\/ " : " /\\ ")
                                  : (rnd(4) ? " /\\ " : " \\/ ");
        fprintf(f, "%s%s", a ? join : "", atom);
    }
    fputs(")\n", f);
}

static int gen_main(int argc, char **argv, const char *prog, char letter,
                    void (*one_test)(FILE *f, const char *name))
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: %s DIR SEED COUNT [LARGE]\n", prog);
        return 2;
    }
    if (argc == 5 && (gen_large = (unsigned)strtoul(argv[4], NULL, 10)) == 0) {
        fprintf(stderr, "%s: LARGE must be a number >= 1\n", prog);
        return 2;
    }
    unsigned long seed = strtoul(argv[2], NULL, 10);
    long count = strtol(argv[3], NULL, 10);
    rng = 0x9e3779b97f4a7c15ULL ^ (seed * 0x100000001b3ULL);
    if (!rng)
        rng = 1;
    for (long i = 0; i < count; i++) {
        char name[64], path[4096];
        snprintf(name, sizeof name, "%c%lu_%ld", letter, seed, i);
        snprintf(path, sizeof path, "%s/%s.litmus", argv[1], name);
        FILE *f = fopen(path, "w");
        if (!f) {
            perror(path);
            return 1;
        }
        gen_no_filter = 0;
        one_test(f, name);
        if (fclose(f)) {
            perror(path);
            return 1;
        }
    }
    return 0;
}

#endif
