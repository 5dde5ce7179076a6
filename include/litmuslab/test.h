/* test.h — the syntax tree of one litmus test, as read by lib/reader.
 *
 * Everything model, hwrun and compare know about a test comes from here.
 * The tree keeps what the file says (metadata, init forms, the code table
 * cell by cell, the condition) so that `litmuslab parse` can print it back
 * and a second parse gives the same tree. */
#ifndef LITMUSLAB_TEST_H
#define LITMUSLAB_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/limits.h"
#include "litmuslab/util.h"
#include "litmuslab/verdict.h"

typedef struct ll_arch_ops ll_arch_ops;

/* A position in the source file, 1-based. */
typedef struct ll_pos {
    int line;
    int col;
} ll_pos;

/* A value: an integer, or the address of a named location (`0:r2=x`).
 * A number keeps its spelling when the file wrote it otherwise than in
 * decimal (`0xffffffff`, `0x0`): herd7's Hash= digests init values as
 * written, and `parse` prints them back so. */
typedef struct ll_value {
    bool is_sym;
    int64_t num;  /* when !is_sym */
    char *sym;    /* when is_sym: location name, owned */
    char *text;   /* the spelling, if not decimal (`0x10`) or, for an
                     address, not its name (`x[1]`, read as x+1); owned */
    bool undet;   /* is_sym: a value herd7 leaves undetermined (`S8`), which
                     sorts before every constant in its states */
} ll_value;

/* A place that holds a value: a thread's register or a memory location.
 * Registers are kept by name as written (`r3`, `rax`, `EAX`, `X0`) so any
 * architecture's spelling round-trips; `reg` is the architecture's id for
 * it (-1 for memory, or when the arch does not know the name, e.g. C). */
#define LL_REG_NAMED (-2)

typedef struct ll_loc {
    int proc;      /* thread number, or -1 for a memory location */
    char *name;    /* register or location name, owned */
    int reg;       /* arch register id for registers, -1 otherwise;
                      LL_REG_NAMED for a C local the model shows, which
                      herd7 orders by its name as a string */
    int index;     /* array element `x[2]`, or -1 */
    char *spelled; /* the test's own spelling of a register the reader
                      renamed (ll_arch_ops.canonical_reg_names), owned;
                      NULL otherwise. Only herd7's digest reads it. */
} ll_loc;

/* One item of the init block. Forms and how they are stored:
 *   0:r2=x;              loc={0,"r2"}, value=sym x
 *   x=1;  [x]=1;         loc={-1,"x"}, value=1, bracketed records which
 *   int x = 1;           type="int"
 *   int *y = &x;         type="int", pointer=true, value=sym x
 *   uint64_t 1:rax;      type="uint64_t", has_value=false
 *   int t[3];            array_len=3
 *   int t[3] = {1,2,3};  array_len=3, array_vals */
typedef struct ll_init {
    ll_pos pos;
    ll_loc loc;
    char *type;       /* declared type or NULL, owned */
    bool pointer;     /* declared with `*` */
    bool bracketed;   /* written `[x]=...` */
    bool has_value;
    ll_value value;
    int array_len;    /* 0 for a scalar */
    int n_array_vals;
    ll_value *array_vals;
} ll_init;

/* Conditions: herd's PROP grammar. Precedence as herd's parser has it,
 * loosest first: `\/`, `/\`, `=>` (right-associative), then `~`/`not`;
 * so `a /\ b => c` is `a /\ (b => c)`. herd's printer parenthesises every
 * `=>` inside `/\` or `\/`, so printed conditions never depend on it. */
typedef enum ll_prop_kind {
    LL_PROP_TRUE,
    LL_PROP_FALSE,
    LL_PROP_ATOM,     /* loc = value */
    LL_PROP_NOT,
    LL_PROP_AND,
    LL_PROP_OR,
    LL_PROP_IMPLIES,
} ll_prop_kind;

typedef struct ll_prop {
    ll_prop_kind kind;
    ll_pos pos;
    ll_loc loc;               /* ATOM */
    bool bracketed;           /* ATOM written `[x]=v` */
    bool whole;               /* ATOM: an element of herd7's whole-array
                                 value `x={7,8}`, read as x[0]=7 /\ x[1]=8 */
    ll_value value;           /* ATOM */
    ll_loc *place;            /* ATOM `0:r1=1:r1`: the place compared with
                                 loc (herd7 compares their values); NULL
                                 when loc is compared with value */
    struct ll_prop *lhs;      /* NOT: operand; binary: left */
    struct ll_prop *rhs;      /* binary: right */
} ll_prop;

typedef struct ll_cond {
    ll_quant quant;
    ll_prop *prop;
} ll_cond;

/* Instruction operands, filled by the architecture plug-in. */
typedef enum ll_operand_kind {
    LL_OPND_REG,     /* reg */
    LL_OPND_IMM,     /* imm */
    LL_OPND_MEM,     /* base reg (or -1) + index reg (or -1) + imm offset
                        (+ sym, a named location, e.g. `(x)`/`x`) */
    LL_OPND_LABEL,   /* sym: a code label, or herd7's target relative
                        to the instruction: `.`, `.+8`, `.-8` (bytes;
                        ll_label_relative) */
    LL_OPND_SYM,     /* sym: a location name used as a value or address */
} ll_operand_kind;

typedef struct ll_operand {
    ll_operand_kind kind;
    int reg;         /* REG; MEM base register; -1 when absent */
    int index;       /* MEM index register; -1 when absent */
    int shift;       /* MEM/REG shift or scale, arch-defined; 0 when absent */
    int64_t imm;     /* IMM value; MEM displacement */
    char *sym;       /* LABEL/SYM name; MEM symbolic location; owned */
} ll_operand;

typedef struct ll_instr {
    int op;              /* arch-specific opcode enum */
    unsigned flags;      /* arch-specific: lock prefix, width, .aq/.rl,
                            condition code, ... */
    int n_ops;
    ll_operand ops[LL_MAX_OPERANDS];
    /* C only: a compare-RMW of the thread (numbered from 1) whose
     * success way alone runs this statement (a cmpxchg's new value, an
     * atomic_add_unless's addend, C11's desired value, a fully ordered
     * one's leading fence: herd7 evaluates them there only); on that
     * RMW itself, its own number; 0: none (lib/c/prims.c, model/sem/c.c) */
    int cas;
    /* C only: a fully ordered RMW whose leading smp_mb is a FENCE the
     * lowering put before its operands, and that FENCE: how many
     * statements apart they are (herd7's fences order the accesses of
     * that call alone, model/sem/c.c); else 0 */
    int call;
    /* C only: an exchange whose value is the result of the RMW lowered
     * just before it (`xchg(x, xchg_relaxed(y, 1))`): how many
     * statements back that RMW's call starts; herd7 makes the write wait
     * for the events of that call, with no data dependency on them
     * (model/sem/c.c); else 0. Also where the value is made of that
     * result through operations (`xchg(x, xchg_relaxed(y, 1) + 5)`) */
    int wait;
    /* C only: the statements, counted back as wait is, whose reads give
     * the write no data dependency: those of the nested RMW calls its
     * value (an exchange's, a cmpxchg's new one) is made of, which herd7
     * returns after their write; nodata_to 1: the statement just before.
     * 0 and 0: none */
    int nodata_from, nodata_to;
} ll_instr;

/* One cell of the code table: optional label, optional instruction. An
 * empty cell has neither. */
typedef struct ll_stmt {
    ll_pos pos;
    char *label;         /* owned, or NULL */
    bool has_instr;
    ll_instr instr;
} ll_stmt;

/* A C-test parameter: `int *x`, `atomic_int *y`. */
typedef struct ll_param {
    char *type;          /* "int *", owned */
    char *name;          /* owned */
} ll_param;

typedef struct ll_thread {
    int proc;            /* n in Pn */
    int n_stmts;
    ll_stmt *stmts;
    /* C tests only: the function's parameters and its body as text. */
    int n_params;
    ll_param *params;
    char *c_body;        /* text between the braces, owned, or NULL */
    ll_pos body_pos;     /* where c_body starts in the file */
    /* ... and once lowered, its statements as a tree (c_ast.h), owned */
    int n_c_tree;
    struct ll_c_node *c_tree;
} ll_thread;

typedef struct ll_meta {
    char *key;           /* owned */
    char *value;         /* owned, text after '=' as written (trimmed) */
} ll_meta;

typedef struct ll_test {
    char *file;              /* path it was read from, owned */
    char *arch_name;         /* as written in the header: "C", ... */
    const ll_arch_ops *arch; /* NULL for C tests */
    char *name;              /* owned */
    char *doc;               /* quoted doc string without quotes, or NULL */
    int n_meta;
    ll_meta *meta;
    int n_init;
    ll_init *init;
    int n_threads;
    ll_thread *threads;
    int n_locations;         /* `locations [...]`; 0 when absent */
    ll_loc *locations;
    bool has_locations;
    ll_prop *filter;         /* `filter PROP`, or NULL */
    ll_cond cond;
} ll_test;

/* Read one litmus test from text. On failure returns NULL and fills *d
 * (d->file is set to `file`). Never crashes on any input. */
ll_test *ll_test_parse(const char *file, const char *text, size_t len,
                       ll_diag *d);
/* Read a file from disk: as ll_test_parse, plus I/O errors in *d. */
ll_test *ll_test_read(const char *path, ll_diag *d);
void ll_test_free(ll_test *t);

/* Print the test in normalised litmus syntax; parsing it again gives an
 * equal tree. */
void ll_test_print(const ll_test *t, ll_buf *out);

/* Parse a stand-alone condition (`exists (0:r3=0 /\ 1:r3=0)`), as found in
 * the `Condition` line of a herd7/litmus7 log. `arch` may be NULL (register
 * ids are then -1). Returns false and fills *d on error. */
bool ll_cond_parse(const char *text, const ll_arch_ops *arch, ll_cond *out,
                   ll_diag *d);
/* Print a condition as herd7 prints it in its `Condition` line. */
void ll_cond_print(const ll_cond *c, ll_buf *out);
void ll_prop_print(const ll_prop *p, ll_buf *out);
/* A deep copy (NULL for NULL). */
ll_prop *ll_prop_copy(const ll_prop *p);
void ll_prop_free(ll_prop *p);
void ll_loc_print(const ll_loc *l, bool bracketed, ll_buf *out);
void ll_value_print(const ll_value *v, ll_buf *out);
/* The value as the file wrote it (ll_value_print when it was decimal). */
void ll_value_print_written(const ll_value *v, ll_buf *out);

/* A declared type (`int`, `uint64_t`, `char`, `int *`) as herd7 sizes
 * it: herd7's default type is int, on every architecture. */
typedef struct ll_ctype {
    int size;          /* bytes: 1, 2, 4 or 8 */
    bool is_signed;
    bool shows_unsigned;   /* an int herd7 prints unsigned: atomic_t */
} ll_ctype;
/* The type named `type` (NULL: the default, int); a pointer is 8 bytes.
 * false when the name is no integer type herd7 knows. */
bool ll_ctype_of(const char *type, bool pointer, ll_ctype *out);
/* v as a value of type t: its low t.size bytes, sign- or zero-extended
 * (8 bytes: v itself). */
int64_t ll_ctype_cut(ll_ctype t, int64_t v);
/* Each constant of p compared with a place (not an address, not another
 * place) cut to the type type_of gives that place (ll_ctype_cut; false:
 * left whole), in place: the model and hwrun compare a condition's
 * constants so. */
typedef bool ll_place_type_fn(const void *ctx, const ll_loc *loc,
                              ll_ctype *out);
void ll_prop_cut(ll_prop *p, ll_place_type_fn *type_of, const void *ctx);
/* An ll_place_type_fn (ctx: the ll_test): the type herd7 gives a place
 * of the test when it compares a condition's constant with it (what
 * hwrun records the place's value at, and compare cuts to): a location's
 * declared type, a register's (the last typed init entry of the whole
 * register, ll_arch_ops.reg_canon), else int. false for a test whose
 * constants herd7 compares whole (C, LISA), and for an unknown type. */
bool ll_place_type(const void *test, const ll_loc *loc, ll_ctype *out);

/* Metadata lookup: the value of `key=...`, or NULL. */
const char *ll_test_meta(const ll_test *t, const char *key);

/* test_check.c: a register used as an address that nothing sets (no
 * instruction names it, the init block does not set it): false + *d at
 * the instruction. And warnings, `FILE:LINE:COL: warning: ...` lines
 * appended to out: the condition names such a register, or a location
 * the test neither declares nor accesses. Assembly tests only. */
bool ll_test_check_addresses(const ll_test *t, ll_diag *d);
/* The same for the one instruction at line:col: true + *d when it
 * accesses memory through such a register. */
bool ll_test_unset_address(const ll_test *t, int line, int col, ll_diag *d);
void ll_test_warnings(const ll_test *t, ll_buf *out);

/* A relative branch target, `.+8` or `.-8` (or `.`): true, with the
 * offset in bytes in *bytes; false for a named label. */
bool ll_label_relative(const char *label, int64_t *bytes);

/* The statement a branch at statement pc of t goes to: a label's, or for
 * `.+8`, `.-8` the instruction that many bytes away (4 an instruction;
 * t->n_stmts: just past the end); -1 when there is none. */
int ll_label_stmt(const ll_thread *t, const char *label, int pc);

#endif
