/* harness.h — the contract between a generated litmus test (one C function
 * per thread, made by litmuslab hwrun) and the runtime harness that runs it
 * billions of times and prints a litmus7-format log.
 *
 * This file and harness.c travel with every generated test (`--emit DIR`),
 * so they depend only on C, pthreads and hwloc. */
#ifndef HR_HARNESS_H
#define HR_HARNESS_H

#include <stdint.h>

#include "hr_perp.h"

/* One thread's code for one instance: loc[l] points at location l of the
 * instance; the code stores its final registers into out[] (the slots of
 * hr_test.outs that name its registers). */
typedef void (*hr_code)(uint64_t *const *loc, int64_t *out);

typedef struct hr_loc {
    const char *name;
    int64_t init;
    int init_loc;     /* initial value is the address of this loc, or -1 */
    int size;         /* bytes of a value (an element's, for an array):
                         1, 2, 4, 8 */
    int is_signed;
    int n_elems;      /* an array's elements (`int x[2]`), side by side;
                         0 for a scalar */
    const int64_t *inits;   /* NULL, or the n_elems initial values */
} hr_loc;

/* A value the final state records: a register (filled by the code) or a
 * memory location (read back by the harness after each round). The code
 * stores a register's bits as they are (zero-extended from the register
 * part's width); the harness gives them the register's type, unless they
 * are the address of one of the instance's locations: then the state
 * holds that location, printed by name (`1:r0=x;`), as litmus7 does. */
typedef struct hr_out {
    const char *name;  /* as litmus7 7.58 prints it: "0:rax", "[x]",
                          "x[1]", "x" (a whole array) */
    int loc;           /* memory location index, or -1 for a register */
    int size;          /* bytes of its type (1, 2, 4, 8); 8 bytes
                          unsigned print unsigned, as litmus7 does */
    int is_signed;
    int hidden;        /* read for the filter alone: not in the state */
    int elem;          /* memory: the array element (`x[1]`), else 0 */
    int parts;         /* a whole array shown as litmus7's `x={7,8};`:
                          its length (its outs follow each other, elem
                          0, 1, ...); 0 for any other place */
} hr_out;

/* A line of the test's metadata (`Cycle=...`), printed after Hash= as
 * litmus7 prints it: `KEY=VALUE`, but `Relax NAME Ok|No VALUE` for Relax
 * (Ok when some state settled the condition). */
typedef struct hr_info {
    const char *key;
    const char *value;
} hr_info;

typedef struct hr_test {
    const char *name;
    const char *kind;        /* "Allowed", "Forbidden", "Required" */
    const char *cond_text;   /* "exists (0:rax=0 /\\ 1:rax=0)" */
    int quant;               /* an ll_quant (verdict.h): 0 exists,
                                1 ~exists, 2 forall */
    int n_threads;
    int n_locs;
    int n_outs;
    const hr_loc *locs;
    const hr_out *outs;
    const hr_code *code;     /* n_threads entries */
    /* The proposition of the condition, and of the filter, on one final
     * state v of 2 * n_outs values: v[k] is out k's value, or the index
     * of the location it points to when v[n_outs + k] is 1. */
    int (*cond)(const int64_t *v);
    /* NULL, or the `filter`: a final state where it is false is not
     * counted at all (litmus7's semantics). */
    int (*filter)(const int64_t *v);
    /* Perpetual mode (hr_perp.h): its table, or NULL and why the test
     * runs in the classic mode only. */
    const struct hr_perp *perp;
    const char *perp_why;
    const char *hash;        /* litmus7's digest of the test; NULL where
                                the test has a Hash= line (in info) */
    int n_info;
    const hr_info *info;
} hr_test;

/* Parse options, run, print the log on stdout; returns the exit status. */
int hr_main(const hr_test *t, int argc, char **argv);

#endif
