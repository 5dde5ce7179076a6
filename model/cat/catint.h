/* catint.h — private to model/cat: the cat language's tokens and syntax
 * tree, compile-time values, and the flat evaluation plan that cat_check
 * runs for every candidate execution.
 *
 * Pipeline: lex.c (text -> tokens), parse.c (tokens -> statements),
 * compile.c + builtins.c (statements -> plan, resolving names, inlining
 * functions and sharing common subexpressions), plan.c (scheduling each
 * check's instructions, marking what depends on rf/co), eval.c (running
 * the plan on one execution; eval_small.c for up to 64 events), load.c
 * (files, includes, the public cat_load/cat_free). */
#ifndef LITMUSLAB_MODEL_CAT_INT_H
#define LITMUSLAB_MODEL_CAT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litmuslab/util.h"
#include "model/cat/cat.h"

/* ---- bump allocation for everything that lives as long as the model ---- */

typedef struct cat_chunk cat_chunk;
typedef struct cat_arena {
    cat_chunk *head;
} cat_arena;

void *cat_alloc(cat_arena *a, size_t n);   /* zeroed */
char *cat_strndup(cat_arena *a, const char *s, size_t n);
void cat_arena_free(cat_arena *a);

/* ---- tokens ---- */

typedef enum cat_tok_kind {
    TK_EOF,
    TK_NAME,
    TK_STRING,
    TK_LPAR, TK_RPAR, TK_LBRAC, TK_RBRAC, TK_LACC, TK_RACC,
    TK_UNION,      /* |  */
    TK_ALT,        /* || */
    TK_INTER,      /* &  */
    TK_DIFF,       /* \  */
    TK_SEMI,       /* ;  */
    TK_STAR,       /* *  */
    TK_PLUS,       /* +  */
    TK_PLUSPLUS,   /* ++ */
    TK_OPT,        /* ?  */
    TK_INV,        /* ^-1 */
    TK_COMP,       /* ~  */
    TK_COMMA, TK_EQUAL, TK_ARROW,
    TK_UNDERSCORE, /* _ alone: every event */
    TK_ZERO,       /* 0: the empty relation */
    /* keywords */
    TK_LET, TK_REC, TK_AND, TK_IN, TK_AS, TK_FUN, TK_INCLUDE,
    TK_ACYCLIC, TK_IRREFLEXIVE, TK_EMPTY, TK_FLAG, TK_SHOW, TK_UNSHOW,
    TK_WITH, TK_FROM, TK_TRY,
} cat_tok_kind;

typedef struct cat_tok {
    cat_tok_kind kind;
    int line, col;
    const char *text;   /* NAME and STRING: arena copy; else NULL */
} cat_tok;

typedef struct cat_lexer {
    const char *src;
    size_t pos;
    int line, col;
    const char *file;
    cat_arena *arena;
    ll_diag *d;
} cat_lexer;

void cat_lex_init(cat_lexer *lx, const char *src, const char *file,
                  cat_arena *arena, ll_diag *d);
/* False with *d set on a bad character or an unterminated comment/string. */
bool cat_lex_next(cat_lexer *lx, cat_tok *out);
const char *cat_tok_describe(cat_tok_kind k);

/* ---- syntax tree ---- */

typedef enum cat_expr_kind {
    EX_NAME,
    EX_EMPTY,      /* 0 */
    EX_UNIV,       /* _ */
    EX_BINARY,     /* op, a, b */
    EX_UNARY,      /* op, a */
    EX_TOID,       /* [a] */
    EX_APP,        /* a applied to b */
    EX_TUPLE,      /* (items...) */
    EX_FUN,        /* fun params -> a */
    EX_LET,        /* let binds in a */
    EX_LETREC,     /* let rec binds in a */
    EX_TRY,        /* try a with b */
} cat_expr_kind;

typedef enum cat_op {
    OP_UNION, OP_INTER, OP_DIFF, OP_SEQ, OP_CART,
    OP_STAR, OP_PLUS, OP_OPT, OP_INV, OP_COMP,
} cat_op;

typedef struct cat_bind cat_bind;

typedef struct cat_expr {
    cat_expr_kind kind;
    cat_op op;
    int line, col;
    const char *file;
    const char *name;               /* NAME */
    struct cat_expr *a, *b;
    struct cat_expr **items;        /* TUPLE */
    int n_items;
    const char **params;            /* FUN */
    int n_params;
    cat_bind *binds;                /* LET, LETREC */
    int n_binds;
} cat_expr;

struct cat_bind {
    const char *name;
    int line, col;
    cat_expr *e;    /* `let f(x) = e` is stored as f = fun x -> e */
};

typedef enum cat_check_kind {
    CHK_ACYCLIC, CHK_IRREFLEXIVE, CHK_EMPTY,
} cat_check_kind;

typedef enum cat_stmt_kind {
    ST_LET, ST_LETREC, ST_CHECK, ST_INCLUDE,
} cat_stmt_kind;

typedef struct cat_stmt {
    cat_stmt_kind kind;
    int line, col;
    const char *file;
    cat_bind *binds;
    int n_binds;
    cat_check_kind check;
    bool negated;       /* ~acyclic ... */
    bool flag;          /* flag ... : reported, never forbids */
    cat_expr *e;
    const char *name;   /* `as NAME`, or NULL */
    const char *path;   /* include */
    struct cat_stmt *next;
} cat_stmt;

typedef struct cat_file_ast {
    const char *title;  /* NULL when the file has none */
    cat_stmt *stmts;
} cat_file_ast;

/* Parse one file's text. False with *d set (d->file = file). */
bool cat_parse(const char *src, const char *file, cat_arena *arena,
               cat_file_ast *out, ll_diag *d);

/* ---- the evaluation plan ---- */

/* Where a slot's words come from. */
typedef enum cat_src {
    SRC_TEMP,       /* written by an instruction, or a constant below */
    SRC_EXEC_SET,   /* a set of the cat_exec (index: cat_exec_set_field) */
    SRC_EXEC_REL,   /* a relation of the cat_exec (index: ..._rel_field) */
    SRC_TAG,        /* a named tag set (index: into tag_refs) */
} cat_src;

typedef enum cat_const {
    CONST_NONE, CONST_ZERO, CONST_UNIV, CONST_ID,
} cat_const;

typedef struct cat_slot {
    bool is_rel;
    cat_src src;
    cat_const konst;    /* SRC_TEMP constants, filled when n changes */
    int index;
    int toid_of;        /* a relation built as [S]: S's slot, else -1 */
    size_t offset;      /* SRC_TEMP: word offset in the scratch area */
} cat_slot;

enum { EXEC_SET_R, EXEC_SET_W, EXEC_SET_F, EXEC_SET_IW, EXEC_SET_B,
       EXEC_N_SETS };
enum { EXEC_REL_PO, EXEC_REL_RF, EXEC_REL_CO, EXEC_REL_LOC,
       EXEC_REL_THREAD, EXEC_REL_ADDR, EXEC_REL_DATA, EXEC_REL_CTRL,
       EXEC_REL_CTRLISYNC, EXEC_REL_RMW, EXEC_N_RELS };

typedef enum cat_opcode {
    PI_SET_UNION, PI_SET_INTER, PI_SET_DIFF, PI_SET_COMPL,
    PI_DOMAIN, PI_RANGE,
    PI_REL_UNION, PI_REL_INTER, PI_REL_DIFF, PI_REL_COMPL,
    PI_SEQ, PI_INV, PI_PLUS, PI_STAR, PI_OPT, PI_TOID, PI_CART,
    PI_RESTRICT_DOM,    /* [a];b with a a set */
    PI_RESTRICT_RNG,    /* a;[b] with b a set */
    PI_INT,             /* a = thread, b = IW: same thread, or both init */
    PI_FIX,             /* least fixpoint of the next `len` instructions */
} cat_opcode;

typedef struct cat_instr {
    cat_opcode op;
    int dst, a, b;
    /* PI_FIX: body is the next `len` instructions; vars[i] (initially
     * empty) takes the value of vals[i] until nothing changes. */
    int len;
    int n_vars;
    int *vars, *vals;
    const char *file;   /* PI_FIX: where the let rec is, for messages */
    int line, col;
    /* In a PI_FIX body: the variable this result is the new value of,
     * copied at once so the rest of the pass sees it; else -1. */
    int update;
    /* A top-level unit that reads only the thread-local part of the
     * execution (not rf or co): the engine varies rf and co far more
     * often, so its result is kept until those inputs change. */
    bool is_static;
} cat_instr;

typedef struct cat_tag_ref {
    const char *name;
    const char *file;
    int line, col;
} cat_tag_ref;

typedef struct cat_test {
    cat_check_kind kind;
    bool negated, flag;
    int slot;
    const char *name;
    int *units;         /* top-level instructions it needs that no check
                           run before it has computed, in plan order */
    int n_units;
    int cost;
} cat_test;

/* A compile-time value: what a name is bound to. */
typedef enum cat_val_kind {
    VAL_SET, VAL_REL, VAL_EMPTY, VAL_FUN, VAL_TUPLE,
} cat_val_kind;

enum { PRIM_NONE, PRIM_DOMAIN, PRIM_RANGE };

typedef struct cat_env cat_env;
typedef struct cat_val {
    cat_val_kind kind;
    int slot;                   /* SET, REL */
    int prim;                   /* FUN: a primitive (PRIM_*), or 0 */
    cat_expr *fun;              /* FUN */
    cat_env *closure;           /* FUN */
    struct cat_val **items;     /* TUPLE */
    int n_items;
} cat_val;

struct cat_env {
    const char *name;
    cat_val *val;
    cat_env *next;
};

struct cat_model {
    cat_arena arena;
    char *title;
    const char *const *dirs;    /* copied */
    int n_dirs;

    cat_slot *slots;
    int n_slots, cap_slots;
    cat_instr *code;
    int n_code, cap_code;
    cat_tag_ref *tag_refs;
    int n_tag_refs, cap_tag_refs;
    cat_test *checks;
    int n_checks, cap_checks;
    int *order;                 /* checks, cheapest first; then flags */

    /* Compile state. */
    cat_env *env;               /* top-level bindings */
    cat_env *builtins;          /* built-ins compiled so far */
    int in_fix;                 /* compiling a let rec body */
    int depth;                  /* function application nesting */
    int expr_depth;             /* expression compilation recursion */
    int include_depth;

    /* Run state, sized for `n` events. */
    int n;
    uint64_t *scratch;
    uint64_t **ptr;             /* per slot: its words for this run */
    int *tag_index;             /* per tag ref: index in exec tags, or -1 */
    const char **tag_seen;      /* per tag ref: the name matched there */
    const char *const *tag_names;   /* the exec tag array resolved last */
    int n_tags;
    bool tags_valid;            /* tag_index holds that array's lookup */
    int *outside;               /* slots whose words come from the exec */
    int n_outside;
    int *static_inputs;         /* outside slots that are not rf or co */
    int n_static_inputs;
    bool has_static;            /* some unit is static */
    bool *static_done;          /* per unit: computed for the snapshot */
    uint64_t *snap;             /* static inputs of the last execution */
    bool snap_valid;
    uint64_t *zero;             /* n*words zero words, for absent tags */
};

/* compile.c */
bool cat_compile_file(cat_model *m, const cat_file_ast *ast, ll_diag *d);
int cat_new_slot(cat_model *m, bool is_rel);
int cat_emit(cat_model *m, cat_opcode op, int a, int b, bool is_rel);
bool cat_compile_expr(cat_model *m, cat_env *env, cat_expr *e,
                      cat_val **out, ll_diag *d);

/* builtins.c: a name no binding covers. Returns false with *d set if
 * it is unknown; *out NULL means "not a built-in" (caller decides). */
bool cat_builtin(cat_model *m, const cat_expr *at, const char *name,
                 cat_val **out, ll_diag *d);

/* load.c: parse and compile an included file. */
bool cat_include(cat_model *m, const char *path, const cat_stmt *at,
                 ll_diag *d);

/* plan.c: after compiling, compute each check's units and order. */
void cat_plan_finish(cat_model *m);
void cat_fix_hoist(cat_model *m, int fix_at);

/* eval.c */
void cat_run_free(cat_model *m);
/* eval_small.c: one instruction when 1 <= n <= 64 (one word per row). */
void cat_run_small(cat_model *m, const cat_instr *in);

/* Set d->file and return d, for ll_diag_set. */
ll_diag *cat_diag_file(ll_diag *d, const char *file);

#endif
