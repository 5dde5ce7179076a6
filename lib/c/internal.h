/* c/internal.h — private to the C lowering (lib/c/): the body's tokens,
 * the lowering state, and the table of kernel and C11 primitives. */
#ifndef LITMUSLAB_C_INT_H
#define LITMUSLAB_C_INT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/c_ast.h"
#include "litmuslab/test.h"

typedef enum c_tok_kind { C_EOF, C_NAME, C_NUM, C_PUNCT } c_tok_kind;

typedef struct c_tok {
    c_tok_kind kind;
    char text[64];           /* names longer than this are refused */
    int64_t num;
    ll_pos pos;
} c_tok;

/* An expression's value once lowered: an immediate, the address of a
 * location, or a register (local or temporary). */
typedef struct c_val {
    ll_operand_kind kind;    /* LL_OPND_IMM, LL_OPND_SYM, LL_OPND_REG */
    int64_t imm;
    const char *name;        /* SYM, REG: owned by the lowering's pool */
} c_val;

typedef struct c_lower {
    const char *src;
    size_t len, off;
    int line, col;
    c_tok tok, peek;
    bool has_peek;
    ll_diag *d;
    jmp_buf fail;            /* errors unwind to ll_c_lower's thread loop */
    ll_thread *th;
    int cap_stmts;
    int cap_tree;            /* of th->c_tree */
    int n_temps, n_labels;
    char **locals;           /* names declared in the body */
    int n_locals, cap_locals;
    char **params;           /* the thread's parameter names */
    int n_params;
    char **pool;             /* every name string made, freed at the end */
    int n_pool, cap_pool;
    ll_pos at;               /* position given to emitted statements */
    int depth;               /* nesting of expressions and statements */
    /* -macros: the .def file's macros (NULL: the built-in primitives),
     * and while a macro's expansion is lexed, every token gets the
     * call's position (pinned) */
    const ll_c_defs *defs;
    int expanding;
    bool pinned;
    ll_pos pin;
    bool count_poi;          /* c/poi.c: the thread calls srcu_read_lock */
    c_val poi;               /* ... and the temporary holding the index */
    bool step_next;          /* the next statement emitted gets LL_C_STEP */
    int n_cas;               /* compare-RMWs numbered (ll_instr.cas) */
    bool in_unless;          /* lowering atomic_add_unless's arguments,
                                where herd7 7.58 expands no macro */
} c_lower;

/* c/lex.c */
void c_next(c_lower *c);                 /* advance c->tok */
const c_tok *c_peek(c_lower *c);         /* the token after c->tok */
bool c_is(const c_tok *t, const char *s);
/* At `(`: the tokens spell `( NAME ) (`, a call of NAME that C makes
 * through its parentheses (a function, never the macro). */
bool c_paren_call_ahead(c_lower *c);
void c_expect(c_lower *c, const char *s);
void c_check_phase12(c_lower *c);       /* the whole body, first */
_Noreturn void c_fail(c_lower *c, ll_pos at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* c/emit.c */
const char *c_name(c_lower *c, const char *s);
c_val c_temp(c_lower *c);
/* A temporary that takes a value only to drop it (`(void)r0;`): named
 * `@v..`, a local that the model reads (model/sem/c.c). */
c_val c_discard(c_lower *c);
c_val c_imm(int64_t n);
const char *c_label(c_lower *c);
void c_emit(c_lower *c, int op, unsigned flags, int n, const c_val *ops);
void c_emit_label(c_lower *c, const char *label);
void c_insert_fence(c_lower *c, int at, unsigned k);
void c_fenced_call(c_lower *c, int fence);
void c_emit_jump(c_lower *c, int op, const c_val *cond, const char *label);
/* Around a construct whose arms join again (if, while, && || ?:): the
 * control dependencies before it, given back after it, so a branch
 * orders only what is under its condition, as in herd7's C. */
c_val c_ctrl_save(c_lower *c);
void c_ctrl_restore(c_lower *c, c_val saved);
bool c_is_local(const c_lower *c, const char *name);
bool c_is_param(const c_lower *c, const char *name);
void c_add_local(c_lower *c, const char *name, ll_pos at);   /* c/lower.c */

/* c/expr.c */
c_val c_expr(c_lower *c);                /* a full expression (comma-free) */
c_val c_assign_expr(c_lower *c);
/* The address an lvalue expression designates (`*x`, `a[i]`, `x->f` not
 * supported); for `*e`, the value of e. */
c_val c_lvalue_addr(c_lower *c, c_val *local_out, bool *is_local);

bool c_type_word(const char *s);           /* int, spinlock_t, ... */

/* c/prims.c: a call to a primitive; false if name is none. */
bool c_call(c_lower *c, const c_tok *name, c_val *out);
bool c_is_prim(const char *name);        /* atomic_long_ forms too */

/* c/lower.c: one statement. */
void c_statement(c_lower *c);

/* c/def.c: with -macros, a call to NAME (c->tok is its '('): a macro of
 * the .def expanded and lowered (true, *out its value), or false for a
 * name herd7 knows without a macro (C11's atomics, herd7's internal
 * __load...); any other name is refused as herd7 refuses it. */
bool c_def_call(c_lower *c, const c_tok *name, c_val *out);
bool c_def_is_block(const c_lower *c, const char *name);

/* c/poi.c: herd7's srcu_read_lock index (the statements run so far) */
void c_poi_start(c_lower *c);          /* at the thread's start */
void c_poi_tick(c_lower *c, int n);    /* n more statements run (a new
                                          step, LL_C_STEP) */
int c_poi_statement(c_lower *c);       /* what the statement at c->tok is */
c_val c_poi(c_lower *c);               /* the register holding the index */
/* The annotation `{NAME}` of an internal primitive (c->tok is '{'), as
 * the lowering codes it: an access annotation (LL_C_ONCE...), a fence
 * kind (LL_C_F_MB...) for __fence, an SRCU operation (LL_C_SRCU_LOCK,
 * ...) for __srcu. */
typedef enum c_ann_class { C_ANN_ACCESS, C_ANN_FENCE, C_ANN_SRCU } c_ann_class;
int c_def_annotation(c_lower *c, c_ann_class cls);
/* `+`, `-`, `&`, `|`, `^` as an argument (__atomic_op(X,+,V)). */
int c_def_binop(c_lower *c);
/* The primitive one edit away from name (smp_mbb: smp_mb), or NULL. */
const char *c_prim_near(const char *name);

#endif
