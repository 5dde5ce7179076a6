/* gen.h — the test generator stage (`litmuslab gen`): from a cycle of
 * relaxations (diy7's vocabulary: Rfe, PodWR, LwSyncdWW, DpAddrdR...) to
 * a litmus test, and from safe/relaxed edge sets to a family of tests.
 *
 * The pipeline: edge.c reads the edge names into gen_edge records (the
 * fences, dependencies and access annotations each architecture knows
 * come from its ops table), cycle.c lays the cycle out as threads of
 * events with locations and values and decides the final condition,
 * name.c names the test as herdtools7's collections do (MP+lwsync+addr),
 * and the architecture's file (gen/arch_*.c) writes the code. family.c
 * enumerates cycles for `-safe/-relax`. Nothing here knows of the model
 * or hwrun: the output is litmus text, read back by the other stages. */
#ifndef LITMUSLAB_GEN_H
#define LITMUSLAB_GEN_H

#include <stdbool.h>
#include <stdio.h>

#include "gen/gen_limits.h"
#include "litmuslab/arch.h"
#include "litmuslab/util.h"

/* The kinds of edge: communication (same location, one event on each
 * side of a write/read), program order (po, a fence between, or a
 * dependency), and diy's detours (two program-order-related accesses to
 * one location with a write of another thread between them). */
typedef enum { GK_RF, GK_FR, GK_WS, GK_PO, GK_FENCE, GK_DP, GK_DETOUR,
               GK_ANN /* C only: a lone annotation token (Once...) */ }
    gen_kind;

typedef enum { DP_NONE, DP_ADDR, DP_DATA, DP_CTRL, DP_CTRLFENCE } gen_dp;

/* An architecture's fence: its diy name (LwSync), the tag in test names
 * (lwsync) and the instruction text. */
typedef struct gen_fence {
    const char *name;
    const char *tag;
    const char *text;
} gen_fence;

/* An annotation of an access (its architecture's letters or words): the
 * letters after the edge name, its tag in names, which directions take
 * it. */
typedef struct gen_annot {
    const char *name;   /* "A", "Acquire" */
    const char *tag;    /* "acq" */
    bool on_read, on_write;
} gen_annot;

typedef struct gen_edge {
    gen_kind kind;
    bool ext;           /* communication or detour: between threads */
    bool same;          /* po/fence/dp: same location */
    char src, dst;      /* 'R' or 'W' */
    int fence;          /* GK_FENCE: index in the architecture's table */
    gen_dp dp;          /* GK_DP */
    int sann, dann;     /* annotation indexes (-1: plain) */
    bool leave, back;   /* FrLeave/WsLeave, RfBack/WsBack: the two
                           halves of a detour, paired when read */
    char name[GEN_NAME];/* canonical spelling, as printed in Cycle= */
} gen_edge;

/* One memory access of the test, or a fence before it. */
typedef struct gen_event {
    char dir;           /* 'R' / 'W' */
    int loc;            /* location index (x y z a b ...) */
    int value;          /* W: value written; R: value expected */
    int ann;            /* annotation index or -1 */
    int thread, pos;    /* thread and index in it */
    gen_dp dep;         /* dependency on the previous access (a read) */
    int fence;          /* fence index to put before it, -1 none */
    bool in_cond;       /* R: its value is in the condition */
    bool observer;      /* R added to observe a coherence order */
    int reg;            /* set by the architecture (register number) */
    /* an atomic pair (gen_arch.rmw_annot): the value a write's load reads
       (its coherence predecessor's), the registers of that load and of
       the store-conditional's status (set by the architecture) */
    bool rmw;
    int lr_value, reg_lr, reg_sc;
} gen_event;

typedef struct gen_thread {
    int ev[GEN_MAX_EVENTS];
    int n;
} gen_thread;

/* A test built from a cycle, ready for the architecture to print. */
typedef struct gen_test {
    char name[256];
    char orig[1024];    /* the edges as given (Orig=) */
    char cycle[1024];   /* the normalised rotation (Cycle=) */
    char com[256];      /* Com= */
    char prefetch[512]; /* Prefetch= */
    char relax[512];    /* Relax= (families), "" for one test */
    char safe[512];     /* Safe= */
    bool family;        /* print Relax=/Safe= */
    gen_event ev[GEN_MAX_EVENTS];
    int nev;
    gen_thread th[GEN_MAX_THREADS];
    int nth;
    int nloc;
    int final_loc[GEN_MAX_LOCS];   /* value in the condition */
    bool final_set[GEN_MAX_LOCS];  /* final_loc given */
    int cond_order[3 * GEN_MAX_EVENTS + GEN_MAX_LOCS]; /* ev index, or
                                      -1-loc for a location, or
                                      GEN_COND_LR/SC + ev: an atomic
                                      pair's load, its status */
    int ncond;
    /* the single-location tests: the condition is every outcome that
       sequential consistency allows, negated (as diy -oneloc prints) */
    bool oneloc;
    int sc_obs[GEN_MAX_EVENTS];   /* observed reads */
    int sc_nobs;
    int (*sc_rows)[GEN_MAX_EVENTS + GEN_MAX_LOCS]; /* outcomes: reads
                                      then every location, owned */
    int sc_nrows;
    bool forall;       /* print `forall (SC)` (diyone7), not `exists
                          (not (SC))` (diy7) */
    bool optcoherence; /* diy's -optcoherence: reads that order two writes
                          by the uniproc rules spare the final value */
    unsigned variant;  /* GEN_V_* bits: diy's -variant */
} gen_test;

enum { GEN_COND_LR = 1 << 20, GEN_COND_SC = 2 << 20 };

/* diy's -variant options gen takes: ConstsInInit (a stored constant
 * sits in a register of the init block, not loaded by the code), AsAmo
 * (arch_riscv.c: an annotated access is written as an AMO, amoor/amoswap,
 * rather than lw.aq/sw.rl). */
enum { GEN_V_CONSTS_IN_INIT = 1, GEN_V_AS_AMO = 2 };
/* Read a -variant list (comma or space separated) into bits; false +
 * message naming the word. */
bool gen_variant_parse(const char *s, unsigned *bits, char *err,
                       size_t errlen);

/* ---- architectures (arch_*.c, registry in arch.c) ---- */

typedef struct gen_arch gen_arch;
struct gen_arch {
    const char *name;         /* the test's header word */
    const gen_fence *fences;  /* known fences */
    int nfences;
    int strong;               /* fence for observers, -1 none */
    const char *ctrlfence;    /* DpCtrl<ctrlfence>dR: "Isync", "Isb" */
    const gen_annot *annots;
    int nannots;
    int default_ann;          /* annotation of an unannotated access
                                 (C: Once), -1 none */
    bool deps;                /* address/data/control dependencies */
    /* Test names as the kernel's C tests spell them: both accesses'
     * annotations (pooncerelease), no `s` after a fence on one location,
     * a lone annotation after its edge. */
    bool kernel_names;
    /* arch_riscv.c's names: an annotated po keeps its po and spells both
     * accesses, plain ones `p` (PodRWAqP is poaqp), where the others
     * name it by the annotations alone (PodWWPL is rel). */
    bool po_ann_names;
    /* Families keep to the rules diy7's campaign of doc/fidelity.md shows (po edges
     * compose only around a relaxed one, keeping its directions, never
     * with a safe fence; no thread back at a location it left; no
     * same-location po after a Wse): checked against that campaign's
     * lists. The other architectures keep the wider enumeration their
     * figures (the confs of litmus/gen) were checked with. */
    bool diy_families;
    /* The annotation that makes an access an atomic pair (arch_riscv.c's X:
     * lr/sc; a read writes its value back, a write loads first), NULL
     * none. */
    const char *rmw_annot;
    /* Print the whole test (header lines are the caller's). */
    void (*print)(const gen_arch *a, gen_test *t, ll_buf *out);
};

/* By header name or alias, in any case (lib/arch/registry.c's list);
 * NULL when gen writes no such tests. */
const gen_arch *gen_arch_find(const char *name);
/* Without -arch: the first of the list. */
const gen_arch *gen_arch_default(void);
/* The header names, comma-separated, for messages. */
void gen_arch_list(ll_buf *out);
/* The list's i-th architecture, from 0 (the default first); NULL past
 * the end. */
const gen_arch *gen_arch_at(int i);
/* What a's tests may use beyond the common edges, for --help: "fences
 * Sync LwSync...; DpCtrlIsyncdR; annotations ...". */
void gen_arch_vocabulary(const gen_arch *a, ll_buf *out);
/* Location names: x y z a b c ... */
const char *gen_loc_name(int loc);

/* ---- edges (edge.c) ---- */

/* Read one edge name; false + message in err. A composite `[a,b]`
 * expands to several edges: out receives up to max, *n is set. */
bool gen_edge_parse(const gen_arch *a, const char *s, gen_edge *out,
                    int max, int *n, char *err, size_t errlen);
/* Read a whole cycle (argv words; C annotation words attach to the
 * edge before them); false + message. */
bool gen_cycle_parse(const gen_arch *a, char **words, int nwords,
                     gen_edge *out, int *n, char *err, size_t errlen);
/* Expand a pattern of the -safe/-relax lists (PodR*, Pod**) to edges;
 * false + message. */
bool gen_edge_expand(const gen_arch *a, const char *s, gen_edge *out,
                     int max, int *n, char *err, size_t errlen);
/* The annotation of the access two adjacent edges share, given each
 * one's (-1: none): the same, or the one not plain (diy7 lets P give way:
 * PodWWPRl then PosWRPAq is poprl-posrlaq); -2 when they clash. */
int gen_ann_merge(const gen_arch *a, int x, int y);
/* Compare edges as diy orders them when it picks a cycle's rotation. */
int gen_edge_cmp(const gen_edge *x, const gen_edge *y);
/* Whether two edges are the same relaxation. */
bool gen_edge_eq(const gen_edge *x, const gen_edge *y);

/* ---- a test from a cycle (cycle.c) ---- */

/* Build the test of the n edges; false + message (an impossible
 * direction, no external edge...). */
bool gen_build(const gen_arch *a, const gen_edge *e, int n, gen_test *t,
               char *err, size_t errlen);
/* Free what gen_build allocated (t zeroed first is fine). */
void gen_test_free(gen_test *t);
/* Print the whole test (header, info lines, code, condition). */
void gen_print(const gen_arch *a, gen_test *t, ll_buf *out);

/* ---- names (name.c) ---- */

/* herdtools7's name of the cycle: family (MP, SB, W+RR+WR...) and the
 * tags of each thread's edges (MP+lwsync+addr). */
void gen_name(const gen_arch *a, const gen_edge *e, int n, char *out,
              size_t len);
/* The edge where the thread the name lists first begins: diy7 lays a
 * family's test out from it (MP's writer is P0). */
int gen_name_first(const gen_arch *a, const gen_edge *e, int n);
/* Fill the name and the information lines (Orig=, Cycle=, Com=,
 * Prefetch=) of a test gen_build laid out. */
void gen_describe(const gen_arch *a, const gen_edge *e, int n, gen_test *t);
/* The rotation diy prints as Cycle=: the least by gen_edge_cmp. */
int gen_min_rotation(const gen_edge *e, int n);

/* ---- shared printing helpers for the architectures (print.c) ---- */

/* The code table: one column per thread, lines[t][i] the instructions,
 * aligned and closed with `;` as herd7 reads them. */
typedef struct gen_code {
    char **lines[GEN_MAX_THREADS];
    int n[GEN_MAX_THREADS], cap[GEN_MAX_THREADS];
    int nth;
} gen_code;
void gen_code_add(gen_code *c, int th, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void gen_code_print(const gen_code *c, ll_buf *out);
void gen_code_free(gen_code *c);
/* The condition: `exists (A /\ B)` from the test's cond_order, each
 * register named by reg_name (ctx passed along). */
typedef void gen_reg_name(const gen_event *v, const void *ctx, ll_buf *out);
void gen_cond_print(const gen_test *t, bool one_line, gen_reg_name *reg_name,
                    const void *ctx, ll_buf *out);

/* ---- the assembly architectures' common layout (asm.c) ---- */

typedef enum { GA_LI, GA_LOAD, GA_STORE, GA_XOR, GA_ADDI, GA_CTRL,
               GA_LR, GA_SC /* an atomic pair: load, store-conditional */
} gen_asm_op;

/* One instruction for the architecture to write: registers are numbers,
 * spelled by the architecture. */
typedef struct gen_asm_insn {
    gen_asm_op op;
    int th;
    int dst, src;       /* LI/LOAD/XOR/ADDI/LR dst; STORE/SC value;
                           XOR/CTRL the register depended on; SC's
                           status goes to dst */
    int addr;           /* LOAD/STORE: the location's address register */
    int idx;            /* LOAD/STORE: index register (address
                           dependency), -1 none; an architecture that
                           cannot index may set it to addr + idx first */
    int value;          /* LI/ADDI */
    int ann;            /* LOAD/STORE: annotation index, -1 plain */
    int tmp;            /* LOAD/STORE with idx, ops->idx_temp: the
                           register the address sum goes to */
    bool as_amo;        /* LOAD/STORE: the test asks annotated accesses
                           as AMOs (GEN_V_AS_AMO) */
    int label;          /* CTRL: the architecture writes the compare and
                           the branch to LC<label>; the label itself, the
                           fence after it (isync, ISB) and the fences
                           between accesses are the engine's (asm.c) */
} gen_asm_insn;

typedef struct gen_asm_ops {
    int first_reg;
    const char *addr_reg;     /* init block: "r%d", "X%d" */
    const char *cond_reg;     /* condition: "r%d", "X%d" */
    const char *ctrl_fence;   /* instruction of DpCtrl<F> */
    bool idx_temp;            /* an indexed access adds into a register
                                 of its own, taken after the access's
                                 (diy's lr/sc ISA: add x10,x9,x7) */
    void (*emit)(gen_code *c, const gen_asm_insn *in);
} gen_asm_ops;

void gen_asm_print(const gen_arch *a, const gen_asm_ops *ops, gen_test *t,
                   ll_buf *out);

/* ---- sets of tests (batch.c) ---- */

/* Tests written to a folder (DIR/NAME.litmus and the index DIR/@all, the
 * folder replaced whole when closed) or, dir NULL, to stdout. */
typedef struct gen_set gen_set;
gen_set *gen_set_open(const char *dir, const char *header);
/* Whether a test of that name is in s already. */
bool gen_set_has(const gen_set *s, const char *name);
/* Write t, renamed NAME001... if its name was taken; false + message. */
bool gen_set_add(gen_set *s, const gen_arch *a, gen_test *t);
int gen_set_count(const gen_set *s);
/* Finish (keep false: drop the folder); false + message. */
bool gen_set_close(gen_set *s, bool keep);
/* diyone7's first mode: one test from the cycle edges[0..nedges) (named
 * name, NULL: its own name) on stdout, or replacing out_path whole; the
 * exit status (2 + one line on stderr when the cycle makes no test). */
int gen_one(const gen_arch *a, char **edges, int nedges, bool forall,
            bool optco, unsigned variant, const char *name,
            const char *out_path);
/* diyone7's second mode: one cycle a line, `NAME: EDGE...` or just the
 * edges; bad lines reported as WHAT:LINE: why. */
bool gen_batch(const gen_arch *a, FILE *in, const char *what,
               const char *dir, bool forall, bool optco, unsigned variant,
               int *count);

/* ---- families (family.c) ---- */

typedef struct gen_family_opts {
    const char *safe;    /* edge lists, space or comma separated */
    const char *relax;
    int size;            /* maximal cycle length */
    int nprocs;          /* maximal number of threads */
    bool mix;
    const char *name;    /* base name, or NULL for descriptive names */
    unsigned variant;    /* GEN_V_* */
    int ins;             /* diy's -ins: most accesses a thread, 0: up to
                            GEN_MAX_INS + 1 */
    bool uni;            /* diy's -mode uni: cycles on one location */
    const char *sufname; /* diy's -sufname: after each name, or NULL */
} gen_family_opts;

/* Generate the family into dir (test files + @all); prints the count
 * line; false + message. */
bool gen_family(const gen_arch *a, const gen_family_opts *o,
                const char *dir, FILE *msg, char *err, size_t errlen);

#endif
