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

/* Perpetual mode (perp.c): what one instruction is. */
typedef enum {
    HW_PERP_NONE,            /* something perpetual mode cannot run */
    HW_PERP_LOAD,            /* a plain load of a location into a register */
    HW_PERP_STORE,           /* a plain store of a constant */
    HW_PERP_FENCE,           /* no access (a fence, a nop) */
    HW_PERP_MOVE             /* a register set to a constant (`MOV W0,#1`,
                                `li r1,1`): where a stored value enters */
} hw_perp_kind;
typedef struct hw_perp_access {
    const char *loc;         /* the location, named alone: `(x)`; NULL when
                                register base holds its address */
    int base;                /* that register (`[X1]`, `0(r2)`), or -1 */
    int width;               /* the access's bytes */
    int reg;                 /* a load, a move: the register it sets; a
                                store from a register: that register */
    int src;                 /* a store from a register: its operand index
                                (the perpetual pass writes k*S + code
                                there), else -1 */
    const char *mod;         /* that operand's modifier ("w": W0), or "" */
    int64_t imm;             /* a store of a constant, a move: the constant */
} hw_perp_access;

typedef struct hw_gen_ops {
    ll_arch_id arch;
    const char *name;        /* for messages: the architecture's name */
    /* Set when hwrun refuses the architecture's tests: why, after "'NAME'
     * " ("is a FOO test: ..."); nothing else is then used. */
    const char *refused;
    int n_opcodes;           /* opcodes are 0..n_opcodes-1 (arch/<arch>.h) */
    /* The C variable a register id lives in (eax and rax share one), as a
     * family number below 64; -1 when the id is unknown. */
    int (*reg_family)(int reg);
    /* The family's name, for C variables (r_rax); NULL: the reader's
     * reg_name of register id fam. */
    const char *(*family_name)(int fam);
    /* Width in bytes of a register id, and its lowest bit in the family
     * (`ah`: 8; NULL: 0), for its final value. */
    int (*reg_width)(int reg);
    int (*reg_shift)(int reg);
    /* The C type of a register variable (the machine's register width)
     * and the asm constraint binding it, also used for location
     * addresses: "r", or "b" (any register but r0, which reads as
     * 0 in an address). NULL: "uint64_t", "r". */
    const char *reg_ctype;
    const char *reg_constraint;
    /* Whether register id reg always reads as 0 (a zero register), for a
     * condition that names it. May be NULL. */
    bool (*is_zero_reg)(int reg);
    /* Write an instruction setting family fam's register to 0 (no
     * newline), for threads with more registers than GCC takes in-out
     * operands. NULL: such threads are refused. */
    void (*write_zero)(hw_gen *g, int fam, ll_buf *out);
    /* Before any text is written: note implicit register uses (a
     * cmpxchg reading rax) with hw_gen_pin. May be NULL. */
    void (*scan_instr)(hw_gen *g, const ll_instr *in);
    /* Write one instruction as asm template text (no newline). false +
     * hw_gen_fail when the generator does not support it. */
    bool (*write_instr)(hw_gen *g, const ll_stmt *st, ll_buf *out);
    const char *clobbers;    /* the asm clobber list: "\"cc\", \"memory\"" */
    /* Registers one instruction also changes, beyond clobbers, as a
     * clobber list ("\"cr1\", \"lr\""), or NULL: each is added once to
     * its thread's list. May be NULL. */
    const char *(*instr_clobbers)(const ll_instr *in);
    /* An assembler directive opening each asm block (".syntax
     * unified", as GCC hands inline asm to the assembler in the old
     * divided syntax); NULL for none. */
    const char *asm_prologue;
    /* Closing each asm block, after the test's code (`.option
     * pop`); NULL for none. */
    const char *asm_epilogue;
    /* Written at the start of each thread's block, after asm_prologue
     * (the state herd7 starts a thread in, when the thread reads
     * it). May be NULL. */
    bool (*thread_prologue)(hw_gen *g, ll_buf *out);
    /* Written before each thread function (compile it as A32 even
     * in a Thumb build); NULL for none. */
    const char *thread_attr;
    /* Perpetual mode: what instruction in is (*a filled for a load, a
     * store or a move; called through hw_perp_classify, which sets
     * *a's defaults). A store from a register is followed back to the
     * move or the init entry that gives the register its constant
     * (perp.c). NULL: this architecture runs classic only. */
    hw_perp_kind (*perp_access)(const ll_instr *in, hw_perp_access *a);

    /* A generator that writes whole thread functions in C (a C test,
     * gen/c.c) sets these four instead of the asm ones above: */
    /* Make the test's code what the model reads (C: its bodies
     * lowered); false + *d when it cannot be. */
    bool (*prepare)(ll_test *t, ll_diag *d);
    /* The includes and helpers heading the C file. */
    void (*prelude)(const ll_test *t, ll_buf *c);
    /* Thread k's whole function; false + hw_gen_fail. */
    bool (*write_thread)(hw_gen *g, int k, ll_buf *c);
    /* A shared location's size and sign from the test's declarations;
     * false when it has none (the init's type, else int). */
    bool (*loc_type)(const ll_test *t, const char *name, ll_ctype *out);
    /* Registers are the thread function's 64-bit locals (C), not
     * register families bound to asm operands. */
    bool locals;
} hw_gen_ops;

/* C tests' generator (hwrun/gen/c.c); the others are reached through
 * hw_gen_find only. */
extern const hw_gen_ops hw_gen_c_ops;

/* Helpers for write_instr. Operand references into the asm template: */
/* `%MOD[r_NAME]` for the variable holding register family fam. */
void hw_gen_put_reg(hw_gen *g, ll_buf *out, const char *mod, int fam);
/* `%MOD[s_NAME]` for herd's symbolic register `%NAME` (name with or
 * without '%'): a C variable bound like a register, starting with what
 * the init block gives it (`%x0=x;` or `1:%x0=x;`: x's address), else 0,
 * as herd7 and litmus7 read it. The name must stay alive (the test's). */
void hw_gen_put_symreg(hw_gen *g, ll_buf *out, const char *mod,
                       const char *name);
/* `%[m_NAME]`: a register holding the address of the location. */
void hw_gen_put_loc(hw_gen *g, ll_buf *out, const char *sym);
/* A label unique to this asm block. */
void hw_gen_put_label(hw_gen *g, ll_buf *out, const char *label);
/* The end of this asm block, as a jump target (a `ret`). */
void hw_gen_put_end(hw_gen *g, ll_buf *out);
/* How an architecture writes its operands (hw_gen_put_operand). */
typedef struct hw_gen_syntax {
    const char *imm_prefix;   /* "#" on Arm, "" elsewhere */
    bool (*reg)(hw_gen *g, const ll_stmt *st, int reg, ll_buf *out);
    bool (*address)(hw_gen *g, const ll_stmt *st, const ll_operand *op,
                    ll_buf *out);
} hw_gen_syntax;
/* Operand i of st in syntax sx: a register, an immediate, an address or
 * a label. These architectures address memory through registers: a bare
 * location is refused. */
bool hw_gen_put_operand(hw_gen *g, const ll_stmt *st, int i,
                        const hw_gen_syntax *sx, ll_buf *out);
/* The common instruction: the reader's mnemonic (its printer, given no
 * operands), then operands 0.. written by put, comma-separated. */
bool hw_gen_write_plain(hw_gen *g, const ll_stmt *st, ll_buf *out,
                        bool (*put)(hw_gen *g, const ll_stmt *st, int i,
                                    ll_buf *out));
/* The statements of the thread being written (for checks that look at
 * the whole thread, as a CBZ's does). */
const ll_thread *hw_gen_thread(const hw_gen *g);
/* Bind register family fam to a fixed constraint ("a" for rax); a
 * single register stays when a class ("Q") is asked for later. */
void hw_gen_pin(hw_gen *g, int fam, const char *constraint);
/* The test being generated (e.g. for the architecture's name). */
const ll_test *hw_gen_test(const hw_gen *g);
const hw_gen_ops *hw_gen_get_ops(const hw_gen *g);
/* A 64-bit constant as C text (INT64_MIN has no literal of its own). */
void hw_gen_put_int64(ll_buf *c, int64_t v);
/* Report an error at a statement; returns false. */
bool hw_gen_fail(hw_gen *g, const ll_stmt *st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* C tests. Their thread functions are printed from the lowered code
 * (include/litmuslab/c_ast.h), never copied from the test's text: each
 * statement becomes one call of a primitive of hwrun/harness/hr_kp.h
 * (or of C11's <stdatomic.h>), C arithmetic on 64-bit variables, or a
 * goto. */
/* Thread k's function (gen/c_body.c), hw_gen_c_ops's write_thread;
 * false + hw_gen_fail on code hwrun cannot print. */
bool hw_gen_ctest_thread(hw_gen *g, int k, ll_buf *c);
/* An operation's flavour: 1 a C11 atomic operation, 2 a kernel
 * primitive, 0 neither (plain accesses, arithmetic, branches); and
 * whether the test uses C11's atomics (<stdatomic.h>), not the kernel's
 * (gen/c.c). */
int hw_gen_ctest_flavour(const ll_instr *in);
bool hw_gen_ctest_is_c11(const ll_test *t);
/* A shared variable's type in a C test (gen/c.c). */
typedef struct hw_gen_ctype {
    const char *name;        /* as the test spells it */
    int size;                /* bytes in the layout */
    bool is_signed;
    const char *c;           /* the C type of its value, for accesses */
    const char *fam;         /* hr_kp.h's atomic family, or NULL */
} hw_gen_ctype;
/* The type of shared variable name (init entry, else the parameters that
 * point to it, else int); NULL for a type hwrun does not know. */
const hw_gen_ctype *hw_gen_ctest_type(const ll_test *t, const char *name);
/* The length of array name (`int x[2]` in the init block: 2), else 0. */
int hw_gen_array_len(const ll_test *t, const char *name);
/* For gen/c_body.c: the locations (sorted by name) and their index, the final values in order (a
 * register's thread index in *thread, -1 for memory). */
int hw_gen_loc_index(const hw_gen *g, const char *name);
int hw_gen_n_locs(const hw_gen *g);
/* s is a C identifier (the only test text a generated file names). */
bool hw_gen_is_ident(const char *s);
const char *hw_gen_loc_name(const hw_gen *g, int i);
int hw_gen_n_outs(const hw_gen *g);
const ll_loc *hw_gen_out(const hw_gen *g, int i, int *thread);

/* Perpetual mode (gen/perp.c, hwrun/harness/hr_perp.h): the plan of a
 * test that can run that way, else NULL and why (one phrase). */
typedef struct hw_perp_plan hw_perp_plan;
hw_perp_plan *hw_perp_plan_new(hw_gen *g, ll_buf *why);
void hw_perp_plan_free(hw_perp_plan *p);
/* The code of thread k's statement s when it stores a constant, else 0;
 * values recorded an iteration; S; out i's slot in its thread (-1: not
 * recorded). */
int hw_perp_code(const hw_perp_plan *p, int k, int s);
int hw_perp_n_rec(const hw_perp_plan *p, int k);
int hw_perp_stride(const hw_perp_plan *p);
int hw_perp_slot(const hw_perp_plan *p, int out);
/* The table `perp` (hr_perp) naming the functions PP0, PP1, ... */
void hw_perp_write_table(const hw_perp_plan *p, ll_buf *c);
/* ops->perp_access with *a's defaults (loc NULL, base/reg/src -1, mod
 * ""), HW_PERP_NONE when ops has none. */
hw_perp_kind hw_perp_classify(const hw_gen_ops *ops, const ll_instr *in,
                              hw_perp_access *a);
/* The init entry giving thread proc's register family fam a value, or
 * NULL. */
const ll_init *hw_gen_reg_init(const hw_gen *g, int proc, int fam);
/* For write_instr: while the looping functions are written, a stored
 * constant of st is written as the operand holding k*S + code (with
 * operand modifier mod, "q"); false when st's constant stays. (A store
 * from a register, hw_perp_access.src, goes through hw_gen_put_operand,
 * which calls this for that operand.) */
bool hw_gen_perp_imm(hw_gen *g, const ll_stmt *st, const char *mod,
                     ll_buf *out);

/* The generator for architecture id arch (ll_arch_id_of a test's
 * header), or NULL; *why_not is then the reason hwrun refuses such tests
 * (said after the test's name), or NULL when it has none. */
const hw_gen_ops *hw_gen_find(int arch, const char **why_not);

/* Write the C file of test t. false + *d (FILE:LINE:COL and what) when
 * hwrun cannot run the test: no generator for its architecture, an
 * unsupported instruction or form. Nothing is written to *out then.
 * Which machine runs it is the driver's business (target.h). A C test's
 * bodies are lowered first (ll_c_lower), as for the model. */
bool hw_gen_c(ll_test *t, ll_buf *out, ll_diag *d);

#endif
