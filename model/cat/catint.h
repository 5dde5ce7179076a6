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
    TK_TAG,        /* 'name: a tag, as a value */
    TK_ANDAND,     /* && (variant conditions) */
    TK_LET, TK_REC, TK_AND, TK_IN, TK_AS, TK_FUN, TK_INCLUDE,
    TK_ACYCLIC, TK_IRREFLEXIVE, TK_EMPTY, TK_FLAG, TK_SHOW, TK_UNSHOW,
    TK_WITH, TK_FROM, TK_TRY,
    TK_PROCEDURE, TK_CALL, TK_ENUM, TK_FORALL, TK_DO, TK_BEGIN, TK_END,
    TK_IF, TK_THEN, TK_ELSE, TK_NOT, TK_INSTRUCTIONS, TK_DEFAULT,
    TK_UNDEFINED_UNLESS, TK_ASSERT, TK_DEBUG, TK_MATCH, TK_WHEN,
} cat_tok_kind;

typedef struct cat_tok {
    cat_tok_kind kind;
    int line, col;
    const char *text;   /* NAME, STRING, TAG: arena copy; else NULL */
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
    EX_TAG,        /* 'name */
    EX_SET,        /* {items...}, at least one item */
    EX_IF,         /* if cond then a else b (a variant condition) */
    EX_MATCH,      /* match a with clauses end */
    EX_PROJ,       /* item `index` of the tuple a (a tuple pattern's
                      name bound to a value only the execution gives) */
} cat_expr_kind;

typedef enum cat_op {
    OP_UNION, OP_INTER, OP_DIFF, OP_SEQ, OP_CART, OP_ADD,
    OP_STAR, OP_PLUS, OP_OPT, OP_INV, OP_COMP,
} cat_op;

typedef struct cat_bind cat_bind;

/* One clause of a match: {} -> e, x ++ rest -> e, 'tag -> e, _ -> e. */
typedef enum cat_clause_kind {
    MC_EMPTY, MC_ELEM, MC_TAG, MC_DEFAULT,
} cat_clause_kind;

typedef struct cat_clause {
    cat_clause_kind kind;
    const char *x, *rest;           /* ELEM (either may be NULL: _) */
    const char *tag;                /* TAG */
    struct cat_expr *e;
} cat_clause;

/* A variant condition: "NAME", not c, c || c, c && c. Decided when the
 * model is loaded, from the variants given (-variant). */
typedef enum cat_vc_kind { VC_NAME, VC_NOT, VC_OR, VC_AND } cat_vc_kind;

typedef struct cat_vcond {
    cat_vc_kind kind;
    const char *name;               /* VC_NAME */
    struct cat_vcond *a, *b;
} cat_vcond;

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
    cat_vcond *cond;                /* IF */
    cat_clause *clauses;            /* MATCH */
    int n_clauses;
    int index;                      /* PROJ */
} cat_expr;

struct cat_bind {
    const char *name;   /* a tuple pattern: its text, "(a,b)" */
    int line, col;
    cat_expr *e;    /* `let f(x) = e` is stored as f = fun x -> e */
    /* herd7's tuple pattern, `let (a,b) = e`: e's items, in order */
    const char **pat;
    int n_pat;
};

/* Does the binding bind name (its name, or one of its pattern's)? */
bool cat_bind_binds(const cat_bind *b, const char *name);

typedef enum cat_check_kind {
    CHK_ACYCLIC, CHK_IRREFLEXIVE, CHK_EMPTY,
} cat_check_kind;

/* What a check does with its outcome (herd's test types). */
typedef enum cat_check_use {
    USE_CHECK,      /* fails: the execution is forbidden */
    USE_FLAG,       /* `flag`: holds: reported (herd's Flag line) */
    USE_UNDEF,      /* `undefined_unless`: fails: the execution is
                       undefined (herd's Undef verdict), still counted */
    USE_ASSERT,     /* `assert`: fails: the model is wrong (an error) */
} cat_check_use;

typedef enum cat_stmt_kind {
    ST_LET, ST_LETREC, ST_CHECK, ST_INCLUDE,
    ST_ENUM,        /* enum NAME = 'a || 'b: name, tags */
    ST_PROC,        /* procedure NAME(params) = body end */
    ST_CALL,        /* call NAME e [as name] */
    ST_FORALL,      /* forall NAME in e do body end */
    ST_WITH,        /* with NAME from e */
    ST_IF,          /* if cond [then] body [else orelse] end */
    ST_EVENTS,      /* instructions/default NAME[items] (bell files) */
} cat_stmt_kind;

typedef struct cat_stmt {
    cat_stmt_kind kind;
    int line, col;
    const char *file;
    cat_bind *binds;
    int n_binds;
    cat_check_kind check;
    bool negated;       /* ~acyclic ... */
    cat_check_use use;
    cat_expr *e;
    const char *name;   /* `as NAME`; the bound or called NAME; or NULL */
    const char *path;   /* include */
    const char **params;        /* PROC; ENUM: the tags */
    int n_params;
    bool is_rec;                /* procedure rec */
    bool is_default;            /* EVENTS: `default` */
    cat_expr **items;           /* EVENTS */
    int n_items;
    cat_vcond *cond;            /* IF */
    struct cat_stmt *body, *orelse;  /* PROC, FORALL, IF */
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
    SRC_BOUND,      /* the variable of a with/forall (index: binder):
                       points at the element being tried */
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
       EXEC_SET_OBS, EXEC_N_SETS };
enum { EXEC_REL_PO, EXEC_REL_RF, EXEC_REL_CO, EXEC_REL_LOC,
       EXEC_REL_THREAD, EXEC_REL_ADDR, EXEC_REL_DATA, EXEC_REL_CTRL,
       EXEC_REL_CTRLISYNC, EXEC_REL_RMW, EXEC_REL_PADDR, EXEC_REL_PDATA,
       EXEC_REL_PCTRL, EXEC_REL_PCTRLISYNC, EXEC_REL_SAMEVAL,
       EXEC_REL_RFREG, EXEC_REL_IICO_DATA, EXEC_REL_IICO_CTRL,
       EXEC_REL_SAMEINST, EXEC_N_RELS };

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

typedef struct cat_try cat_try;

typedef struct cat_tag_ref {
    const char *name;
    const char *file;
    int line, col;
    /* Absent from the execution means empty, not unbound: a tag an
     * enum declares ('once: Once), or `try T with emptyset`. */
    bool known;
    /* Not a tag: the condition of a try (every event when its body
     * can be evaluated on this execution's architecture, else none). */
    const cat_try *cond;
} cat_tag_ref;

/* What an expression needs to be evaluated: the tags it names (which
 * an architecture may lack: herd7's "unbound var") and the tries in it,
 * each of which needs its body's or its fallback's. */
typedef struct cat_req {
    int ref;                    /* a tag ref, or -1 */
    const cat_try *t;           /* else a try */
    const cat_expr *at;         /* the ref's first use here, or NULL */
    struct cat_req *next;
} cat_req;

/* `try e with d` whose e names a tag the execution may lack: its value
 * is e's when all e needs is there, else d's (compile.c compile_try,
 * eval.c resolve_tags). */
struct cat_try {
    cat_req *body, *alt;
    bool no_alt;                /* d is not used (it failed to compile) */
    bool body_ok, alt_ok;       /* for the tags resolved last */
    cat_try *next;              /* m->tries: inner tries come first */
};

typedef struct cat_test {
    cat_check_kind kind;
    bool negated;
    cat_check_use use;
    int slot;
    const char *name;
    const char *file;   /* the statement, for assert's message */
    int line, col;
    /* A check every extension of a part of an execution fails when the
     * part does (cat_partial_dead): a plain acyclic/irreflexive/empty
     * over a value that only grows as the part's events, rf and co grow
     * to the whole's (plan.c). */
    bool partial_safe;
    int *units;         /* top-level instructions it needs that no check
                           run before it has computed, in plan order */
    int n_units;
    int cost;
} cat_test;

/* What runs after the checks the plan orders freely: once a model
 * chooses (with x from S) or quantifies over the execution (forall), the
 * checks that follow run in file order, once per element, each pulling
 * the instructions it needs (see choice.c). */
typedef enum cat_item_kind { IT_CHECK, IT_WITH, IT_FORALL } cat_item_kind;

typedef struct cat_item {
    cat_item_kind kind;
    int index;          /* into checks, or into binders */
} cat_item;

typedef struct cat_seq {
    cat_item *items;
    int n, cap;
} cat_seq;

typedef struct cat_binder {
    bool forall;
    int var;            /* the SRC_BOUND slot */
    int *elems;         /* the elements' slots (a set known when the */
    int n_elems;        /* model is compiled) */
    const struct cat_val *src;  /* else a VAL_DYN giving them per run */
    bool of_check;      /* a forall over the one value of a check that
                           only dyn.c gives (src) */
    bool set_as_id;     /* ... an `empty` check: a set S is taken as
                           [S], which is empty when S is */
    cat_seq body;       /* forall: its statements' checks */
    int *deps;          /* units that read var, directly or not */
    int n_deps;
} cat_binder;

/* A compile-time value: what a name is bound to. */
typedef enum cat_val_kind {
    VAL_SET, VAL_REL, VAL_EMPTY, VAL_FUN, VAL_TUPLE,
    VAL_TAG,        /* 'name */
    VAL_VSET,       /* a set of values known when compiling: {'a, 'b},
                       an enum, {po, rf} (items, n_items) */
    VAL_PROC,       /* procedure: proc (its statement), closure */
    VAL_DYN,        /* a value only the execution can give (a set of
                       relations from map, cross, match, a recursive
                       function...): the expression (fun) and its
                       environment (closure), evaluated by dyn.c when a
                       with/forall needs it */
} cat_val_kind;

/* Primitive functions; from PRIM_MAP on, they build sets of values at
 * run time (dyn.c). */
enum { PRIM_NONE, PRIM_DOMAIN, PRIM_RANGE, PRIM_MAP, PRIM_CROSS,
       PRIM_CLASSES, PRIM_CLASSES_LOC, PRIM_LINEARISATIONS };

typedef struct cat_env cat_env;
typedef struct cat_val {
    cat_val_kind kind;
    int slot;                   /* SET, REL */
    int prim;                   /* FUN: a primitive (PRIM_*), or 0 */
    bool rec;                   /* FUN: of a let rec (not inlined) */
    const struct cat_expr *endless; /* FUN of a let rec that calls its
                                   group on every path: that call */
    cat_expr *fun;              /* FUN; DYN: the expression */
    cat_env *closure;           /* FUN, PROC, DYN */
    struct cat_val **items;     /* TUPLE, VSET */
    int n_items;
    const char *name;           /* TAG */
    const struct cat_stmt *proc;    /* PROC */
    /* A let's value: what evaluating it needs, noted where the name is
     * used (herd7 evaluates a let when its name is first used: a tag
     * an unused let names is no error, and a try around the use
     * catches it). */
    const struct cat_req *needs;
    /* A let whose value failed to compile (an unknown name, a type
     * error): the error of each use (herd7 reports it only then). */
    const ll_diag *failed;
    /* Its value reads the engine's co (co, fr, coe...; not FW's):
     * noted in cat_model.co_read where it is used, as needs is */
    bool reads_co;
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
    int *order;                 /* the free checks, cheapest first; then
                                   flags and the like */
    int n_free;                 /* checks before any with/forall */
    cat_seq top;                /* every check and binder, in file order */
    cat_binder *binders;
    int n_binders, cap_binders;
    int *producer;              /* per slot: the unit computing it, or -1 */

    /* Compile state. */
    cat_env *env;               /* top-level bindings */
    cat_env *builtins;          /* built-ins compiled so far */
    cat_env *procs;             /* herd's library procedures, once used */
    cat_seq *seq;               /* where checks go: top, or a forall's */
    const char **variants;      /* -variant names, as given */
    int n_variants;
    const char **enum_tags;     /* sets named after enum tags ('once: */
    int n_enum_tags, cap_enum_tags;   /* Once): absent means empty */
    cat_req *top_req;           /* what the model needs outside any try */
    cat_req **req;              /* where compiling notes the tags named
                                   (NULL once compiled) */
    cat_try *tries;             /* every try with a condition */
    int in_fix;                 /* compiling a let rec body */
    int depth;                  /* function application nesting */
    int expr_depth;             /* expression compilation recursion */
    int include_depth;
    bool uses_values;           /* %same-value is compiled */
    bool partial_values;        /* ... and read by a partial_safe check
                                   (plan.c, mark_partial_values) */
    bool uses_regs;             /* rf-reg, iico_data or iico_ctrl is */
    bool names_regs;            /* Rreg, Wreg or DATA is named (load.c) */
    bool chooses_co;            /* has `with co from` (choose_co) */
    /* co is read, but through FW (co0's final writes), by what the
     * model evaluates (a check, a with, not an unused let, which herd7
     * never evaluates): herd7 then orders each location's writes, not
     * only its final write (cat_reads_co). While compiling a let, what
     * its value reads (cat_val.reads_co). */
    bool co_read;
    int in_fw;                  /* compiling FW's definition */
    bool atomic_pairs;          /* a check forbids rmw & (fre; coe), */
    bool atomic_single;         /* ... [RMW] & (fre; coe) (atomicity.c) */
    bool coherent;              /* ... cycles of po-loc | rf | co | fr */
    bool has_checks;            /* some top-level check (atomicity.c) */

    /* Run state, sized for `n` events. */
    int n;
    uint64_t *scratch;
    size_t scratch_cap;         /* words allocated there (kept, grown) */
    /* cat_accepts_all's flags per slot (3 × (n_slots + 1) bytes), made
       once: freed and made again per call, a late call's block sat
       below the heap's top, which glibc then kept (cat_bound.c) */
    signed char *bound_flags;
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
    uint64_t *static_deps;      /* per instruction: the static inputs it
                                   reads, a bit each (plan.c) */
    uint64_t *snap;             /* static inputs of the last execution */
    size_t snap_cap;            /* words allocated there */
    bool snap_valid;
    uint64_t *zero;             /* n*words zero words, for absent tags */
    uint64_t *ones;             /* every event: a try whose body holds */
    bool *unit_done;            /* with binders: computed for the current
                                   execution and elements */
    const char **pending;       /* flags raised on the current path */
    int n_pending, cap_pending;
    cat_arena dyn;              /* dyn.c's values, for one execution */
};

/* compile.c: expressions */
int cat_new_slot(cat_model *m, bool is_rel);
int cat_emit(cat_model *m, cat_opcode op, int a, int b, bool is_rel);
bool cat_compile_expr(cat_model *m, cat_env *env, cat_expr *e,
                      cat_val **out, ll_diag *d);
cat_val *cat_new_val(cat_model *m, cat_val_kind k, int slot);
int cat_empty_slot(cat_model *m, bool is_rel);    /* the shared 0 */
cat_env *cat_bind_name(cat_model *m, cat_env *env, const char *name,
                       cat_val *v);
/* Bind a function's or procedure's parameters to an argument (a tuple
 * for several). False with *d set on a count mismatch. */
bool cat_bind_params(cat_model *m, const cat_expr *at, const char **params,
                     int n_params, cat_val *arg, cat_env **env, ll_diag *d);
const char *cat_kind_name(cat_val_kind k);
/* let / let rec bindings: each right side sees env; *out gets them. */
bool cat_compile_binds(cat_model *m, cat_env *env, const cat_bind *binds,
                       int n, cat_env **out, ll_diag *d);
bool cat_compile_rec(cat_model *m, cat_env *env, const cat_bind *binds, int n,
                     int at_line, int at_col, const char *at_file,
                     cat_env **out, ll_diag *d);
bool cat_variant_holds(const cat_model *m, const cat_vcond *c);

/* statements.c: statements, into m->top (the file) or a body. */
bool cat_compile_stmts(cat_model *m, cat_env **env, const cat_stmt *list,
                       ll_diag *d);
bool cat_known_enum_tag(const cat_model *m, const char *name);

/* builtins.c: a name no binding covers. Returns false with *d set if
 * it is unknown; *out NULL means "not a built-in" (caller decides). */
bool cat_builtin(cat_model *m, const cat_expr *at, const char *name,
                 cat_val **out, ll_diag *d);
/* A tag's set that is empty when the execution lacks the tag, apart
 * from the tag's other uses (try TAG with emptyset). */
int cat_maybe_tag_slot(cat_model *m, const cat_expr *at, const char *name);
/* The set slot of a try's condition (a pseudo tag ref). */
int cat_try_slot(cat_model *m, const cat_try *t);
/* Note in m->req that a try or a tag ref is needed (once each). */
void cat_need(cat_model *m, int ref, const cat_try *t, const cat_expr *at);

/* load.c: parse and compile an included file (its bindings into *env). */
bool cat_include(cat_model *m, const char *path, const cat_stmt *at,
                 cat_env **env, ll_diag *d);

/* atomicity.c: sets atomic_pairs and atomic_single, after compiling. */
void cat_find_atomicity(cat_model *m);

/* plan.c: after compiling, compute each check's units and order. */
void cat_plan_finish(cat_model *m);
void cat_fix_hoist(cat_model *m, int fix_at);

/* eval.c */
void cat_run_free(cat_model *m);
void cat_exec_instr(cat_model *m, const cat_instr *in);
/* One plan operation on the words of sets/relations of n events (b is
 * not read by the unary ones); dst must not be a or b. */
void cat_op_words(cat_opcode op, int n, uint64_t *dst, uint64_t *a,
                  uint64_t *b);
bool cat_run_fix(cat_model *m, int at, ll_diag *d);
bool cat_run_fix_by(cat_model *m, int at,
                    void (*run)(void *ctx, const cat_instr *in), void *ctx,
                    ll_diag *d);
bool cat_eval_all(cat_model *m, const cat_exec *x, ll_diag *d);
/* Scratch sized and the execution's inputs bound for x (eval.c). */
bool cat_start_run(cat_model *m, const cat_exec *x, ll_diag *d);
bool cat_test_holds(const cat_model *m, const cat_test *c);
/* The pending mark of an undefined_unless that failed (by address). */
extern const char cat_undef_mark[];
bool cat_use_outcome(cat_model *m, const cat_test *c, bool holds,
                     cat_result *res, ll_diag *d);
void cat_commit_pending(cat_model *m, cat_result *res);

/* choice.c: the checks after the first with/forall. Returns false with
 * *d set on an evaluation error; else *accepted counts the choices that
 * passed every check, and their flags are in res. */
bool cat_run_choices(cat_model *m, cat_result *res, uint64_t *accepted,
                     ll_diag *d);
void cat_plan_choices(cat_model *m);
bool cat_ensure_slot(cat_model *m, int slot, ll_diag *d);

/* dyn.c: values only an execution gives (sets of relations and the
 * like), evaluated from the syntax tree when a with/forall needs them.
 * cat_dyn_prim: the PRIM_* of a primitive name, or 0. cat_dyn_thunk
 * makes the VAL_DYN of e in env, compiling now the built-in names it
 * may use. cat_dyn_elems: a binder's elements for this execution (each
 * a relation's or set's words), or false with *d set. */
int cat_dyn_prim(const char *name);
cat_val *cat_dyn_thunk(cat_model *m, cat_expr *e, cat_env *env);
bool cat_dyn_elems(cat_model *m, const cat_binder *b, uint64_t ***elems,
                   int *n_elems, ll_diag *d);
void cat_arena_reset(cat_arena *a);
/* eval_small.c: one instruction when 1 <= n <= 64 (one word per row). */
void cat_run_small(cat_model *m, const cat_instr *in);
/* eval_wide.c: the same when 65 <= n <= 128 (two words per row). */
void cat_run_wide(cat_model *m, const cat_instr *in);

/* Set d->file and return d, for ll_diag_set. */
ll_diag *cat_diag_file(ll_diag *d, const char *file);

#endif
