/* c_ast.h — the thread bodies of C litmus tests, lowered.
 *
 * The reader keeps a C thread's body as text (ll_thread.c_body); the
 * model asks ll_c_lower to turn every body into statements of a small
 * three-address code, kept in ll_thread.stmts like an assembly thread's,
 * so the engine runs them as it runs any instruction set. Locals and
 * temporaries are named registers (LL_OPND_REG with reg 0 and sym the
 * name; temporaries start with '@', which no C name does); a parameter
 * `int *x` names the address of location x (LL_OPND_SYM). Control flow
 * is labels and jumps. Every statement keeps the C source position of
 * the construct it comes from, for FILE:LINE:COL diagnostics.
 *
 * Operand layout (d: destination register, a: address, v: value):
 *   MOV   d, v            BIN  d, v1, v2 (flags: binop)   UN  d, v (unop)
 *   LD    d, a            ST   a, v          (flags: access annotation)
 *   RMW   d, a, v         (flags: rmw kind | binop | annotation)
 *   CAS   d, a, old, new  (kernel cmpxchg: d = value read; with flag
 *                          LL_C_CAS_UNLESS atomic_add_unless(a, new, old):
 *                          adds new unless it reads old, d = 1 if it added)
 *   CAS11 d, a, exp, new  (C11: exp is a register updated on failure;
 *                          d = 1 on success; flags: success/failure orders)
 *   FENCE                 (flags: fence kind)
 *   LOCK a   UNLOCK a   TRYLOCK d, a   ISLOCKED d, a
 *   SRCU_LOCK d, a   SRCU_UNLOCK a, v   SYNC_SRCU a
 *   BZ v, L (branch to L when v is 0; a control dependency)   JMP L
 *   CTRL_SAVE d           (d := 0, carrying the reads every later event
 *                          is control-dependent on)
 *   CTRL_RESTORE v        (those reads become v's again: where the arms
 *                          of an if, a loop or a lazy operator join, as
 *                          herd7 scopes a C control dependency to the
 *                          statements under the condition) */
#ifndef LITMUSLAB_C_AST_H
#define LITMUSLAB_C_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/arch.h"
#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef enum ll_c_op {
    LL_C_MOV, LL_C_BIN, LL_C_UN, LL_C_LD, LL_C_ST, LL_C_RMW, LL_C_CAS,
    LL_C_CAS11, LL_C_FENCE, LL_C_LOCK, LL_C_UNLOCK, LL_C_TRYLOCK,
    LL_C_ISLOCKED, LL_C_SRCU_LOCK, LL_C_SRCU_UNLOCK, LL_C_SYNC_SRCU,
    LL_C_BZ, LL_C_JMP, LL_C_CTRL_SAVE, LL_C_CTRL_RESTORE,
    LL_C_NOPS
} ll_c_op;

/* Binary operators (flags & 0xff of BIN and RMW). */
typedef enum ll_c_binop {
    LL_C_ADD = 1, LL_C_SUB, LL_C_MUL, LL_C_DIV, LL_C_MOD, LL_C_AND,
    LL_C_OR, LL_C_XOR, LL_C_SHL, LL_C_SHR, LL_C_EQ, LL_C_NE, LL_C_LT,
    LL_C_LE, LL_C_GT, LL_C_GE,
} ll_c_binop;

/* Unary operators (flags of UN). */
typedef enum ll_c_unop { LL_C_NEG = 1, LL_C_NOT, LL_C_LNOT } ll_c_unop;

/* Access annotations (bits 16.. of LD, ST, RMW, CAS flags): the kernel's
 * and C11's memory orders. MB is a fully ordered kernel RMW. */
typedef enum ll_c_ann {
    LL_C_PLAIN, LL_C_ONCE, LL_C_ACQUIRE, LL_C_RELEASE, LL_C_MB,
    LL_C_NORETURN,
    LL_C_NA, LL_C_RLX, LL_C_ACQ, LL_C_REL, LL_C_ACQ_REL, LL_C_SC,
} ll_c_ann;
#define LL_C_ANN_SHIFT 16
#define LL_C_ANN(flags) ((int)(((flags) >> LL_C_ANN_SHIFT) & 0xff))
/* CAS11: the failure order in bits 24.. */
#define LL_C_FAIL_SHIFT 24
#define LL_C_FAIL(flags) ((int)(((flags) >> LL_C_FAIL_SHIFT) & 0x1f))

/* RMW and CAS flag (bit 29): the leading smp_mb of a fully ordered RMW
 * is the FENCE before its operands, which read memory (herd7 evaluates
 * them after that fence: lib/c/prims.c rmw, success_only; a CAS's runs
 * on its success way only, ll_instr.cas); the RMW makes the trailing
 * one only. */
#define LL_C_RMW_FENCED (1u << 29)
/* CAS flag (bit 8): atomic_add_unless rather than cmpxchg. */
#define LL_C_CAS_UNLESS (1u << 8)
/* CAS11 flag (bit 9): a weak compare-exchange, which herd7 lets fail
 * whatever it reads (no inequality on its failure way). */
#define LL_C_CAS_WEAK (1u << 9)
/* MOV and BIN flag (bit 30): the count of herd7's SRCU index
 * (lib/c/poi.c), whose constants are no values of memory. */
#define LL_C_POI (1u << 30)
/* Any statement's flag (bit 31): it starts one of herd7's instructions
 * (a C statement, an if's or a loop's condition, one initialiser of a
 * declaration: where herd7 counts its program-order index, c/poi.c).
 * herd7 orders the events of one such instruction by its iico only: the
 * operands of an operator or a call are evaluated unordered
 * (model/sem/c.c numbers the steps, sem_event.step). */
#define LL_C_STEP (1u << 31)

/* RMW kinds (bits 8..15): what the destination gets. */
typedef enum ll_c_rmw {
    LL_C_XCHG = 1,          /* the old value, memory := v */
    LL_C_FETCH,             /* the old value, memory := old op v */
    LL_C_RETURN,            /* the new value */
    LL_C_NORET,             /* nothing (atomic_add) */
} ll_c_rmw;
#define LL_C_RMW_SHIFT 8
#define LL_C_RMW_KIND(flags) ((int)(((flags) >> LL_C_RMW_SHIFT) & 0xff))

/* Fence kinds (flags of FENCE). */
typedef enum ll_c_fence {
    LL_C_F_MB = 1, LL_C_F_RMB, LL_C_F_WMB, LL_C_F_RCU_LOCK,
    LL_C_F_RCU_UNLOCK, LL_C_F_SYNC_RCU, LL_C_F_BEFORE_ATOMIC,
    LL_C_F_AFTER_ATOMIC, LL_C_F_AFTER_SPINLOCK, LL_C_F_AFTER_UNLOCK_LOCK,
    LL_C_F_BARRIER,
    LL_C_F_AFTER_SRCU_UNLOCK,   /* smp_mb__after_srcu_read_unlock */
    /* C11 atomic_thread_fence: the order is the annotation */
    LL_C_F_C11,
} ll_c_fence;

/* The statements of a lowered C thread as a tree (ll_thread.c_tree,
 * node 0 the body): herd7 numbers its symbolic values in the order it
 * reads this tree (model/herd_vars.c), which the flat statements lose.
 * A node covers the lowered statements [first, last); an IF's condition
 * is [first, the first of kid), ending with its BZ. */
typedef enum ll_c_node_kind {
    LL_C_NODE_STMT,         /* a declaration or an expression statement */
    LL_C_NODE_BLOCK,        /* { ... }: kid its first statement, or -1 */
    LL_C_NODE_IF,           /* kid the then-statement, other the else's */
    LL_C_NODE_LOOP,         /* while: kid the body */
} ll_c_node_kind;

typedef struct ll_c_node {
    ll_c_node_kind kind;
    int first, last;
    int kid, other;         /* -1: none */
    int next;               /* the next statement of its block, or -1 */
} ll_c_node;

/* A .def file (herd7's -macros, the kernel's linux-kernel.def): the
 * kernel's primitives defined as macros over herd7's internal ones
 * (`READ_ONCE(X) __load{once}(X)`, `smp_mb() { __fence{mb}; }`). A test
 * lowered with one knows only its macros and what herd7 knows without
 * one (C11's atomics, atomic_add_unless, the internal __load...). */
typedef struct ll_c_defs ll_c_defs;
/* NULL with *d set (line and column in the file, d->file left to the
 * caller) when the file cannot be read or does not parse. */
ll_c_defs *ll_c_defs_read(const char *path, ll_diag *d);
void ll_c_defs_free(ll_c_defs *defs);
const char *ll_c_defs_path(const ll_c_defs *defs);

/* Lower the bodies of every thread of a C test (t->arch_name "C") into
 * t->threads[i].stmts. false with *d set (line and column in the file)
 * on anything the lowering does not support. Idempotent. */
bool ll_c_lower(ll_test *t, ll_diag *d);
/* The same with a .def file's macros (defs NULL: the built-in ones). */
bool ll_c_lower_defs(ll_test *t, const ll_c_defs *defs, ll_diag *d);

/* The architecture of the test's code, made ready for the model: an
 * assembly test's own, or LL_ARCH_C with the C bodies lowered. false
 * with *d set (an architecture the model does not know, or a C
 * construct the lowering refuses). */
bool ll_test_code(ll_test *t, ll_arch_id *id, ll_diag *d);
bool ll_test_code_defs(ll_test *t, const ll_c_defs *defs, ll_arch_id *id,
                       ll_diag *d);

/* a op b as the lowering computes it (64-bit, wrapping); false when
 * undefined: ll_c_binop_problem says why. */
bool ll_c_eval_binop(int op, int64_t a, int64_t b, int64_t *out);
/* Why a op b has no value, or NULL: "division by zero", or the one
 * overflow C leaves undefined that wrapping does not cover (INT64_MIN
 * / -1, and % -1, whose quotient is 2^63). herd7 gives no state there:
 * its C `int` is 32 bits, where INT32_MIN / -1 wraps to INT32_MIN (as
 * here, once stored in an int). */
const char *ll_c_binop_problem(int op, int64_t a, int64_t b);

/* C's translation phases 1 and 2 at s[0] (n bytes from there): a
 * trigraph, or a backslash that splices two lines (only blanks, then a
 * new line or the end, after it). true with msg set: a C compiler would
 * read the text otherwise than it is written; the C reader refuses it
 * wherever it is, comments included. */
bool ll_c_phase12_at(const char *s, size_t n, char *msg, size_t cap);

/* A C keyword (GNU C's too): never a variable's name. */
bool ll_c_is_keyword(const char *s);

/* Print one lowered statement (for --explain and debugging). */
void ll_c_print_instr(const ll_instr *in, ll_buf *out);

#endif
