/* gen.h — the code generator: a test's syntax tree → the C file that the
 * harness (hwrun/harness/) runs. The engine (gen.c) lays out locations,
 * binds registers to C variables and writes the thread functions around
 * inline assembly; each architecture (gen/<arch>.c) adds one ops table
 * that writes its instructions as GCC asm template text. */
#ifndef HWRUN_GEN_H
#define HWRUN_GEN_H

#include <stdbool.h>

#include "litmuslab/arch.h"
#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef struct hw_gen hw_gen;

typedef struct hw_gen_ops {
    ll_arch_id arch;
    const char *machine;     /* `uname -m` of hosts that run it: "x86_64" */
    bool (*host_ok)(void);   /* compiled for such a host? */
    /* The C variable a register id lives in (eax and rax share one), as a
     * family number below 64; -1 when the id is unknown. */
    int (*reg_family)(int reg);
    const char *(*family_name)(int fam);
    /* Width in bytes of a register id, and its lowest bit in the family
     * (x86 ah: 8; NULL: 0), for its final value. */
    int (*reg_width)(int reg);
    int (*reg_shift)(int reg);
    /* Before any text is written: note implicit register uses (x86
     * cmpxchg reads rax) with hw_gen_pin. May be NULL. */
    void (*scan_instr)(hw_gen *g, const ll_instr *in);
    /* Write one instruction as asm template text (no newline). false +
     * hw_gen_fail when the generator does not support it. */
    bool (*write_instr)(hw_gen *g, const ll_stmt *st, ll_buf *out);
    const char *clobbers;    /* the asm clobber list: "\"cc\", \"memory\"" */
} hw_gen_ops;

extern const hw_gen_ops hw_gen_x86;

/* Helpers for write_instr. Operand references into the asm template: */
/* `%MOD[r_NAME]` for the variable holding register family fam. */
void hw_gen_put_reg(hw_gen *g, ll_buf *out, const char *mod, int fam);
/* `%[m_NAME]`: a register holding the address of the location. */
void hw_gen_put_loc(hw_gen *g, ll_buf *out, const char *sym);
/* A label unique to this asm block. */
void hw_gen_put_label(hw_gen *g, ll_buf *out, const char *label);
/* The end of this asm block, as a jump target (x86 ret). */
void hw_gen_put_end(hw_gen *g, ll_buf *out);
/* Bind register family fam to a fixed constraint ("a" for rax); a
 * single register stays when a class ("Q") is asked for later. */
void hw_gen_pin(hw_gen *g, int fam, const char *constraint);
/* The test being generated (e.g. for the architecture's name). */
const ll_test *hw_gen_test(const hw_gen *g);
/* Report an error at a statement; returns false. */
bool hw_gen_fail(hw_gen *g, const ll_stmt *st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The generator for a test's architecture, or NULL. */
const hw_gen_ops *hw_gen_find(const ll_test *t);

/* Write the C file of test t. false + *d (FILE:LINE:COL and what) when the
 * test cannot run here: another architecture, an unsupported instruction
 * or form. Nothing is written to *out then. */
bool hw_gen_c(const ll_test *t, ll_buf *out, ll_diag *d);

#endif
