/* cat.h — the cat interpreter: loads a memory model written in herd's cat
 * language and decides whether one candidate execution is allowed.
 *
 * The engine (model/) builds a cat_exec for each candidate: the events'
 * base sets and relations. The interpreter derives the rest (po-loc, ext,
 * rfe, fr, ...) and evaluates the model's checks. A loaded model keeps
 * scratch space: use one cat_model per thread. */
#ifndef LITMUSLAB_MODEL_CAT_H
#define LITMUSLAB_MODEL_CAT_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/util.h"
#include "model/model_limits.h"
#include "model/relation.h"

/* One candidate execution, as the engine sees it. Events are 0..n-1;
 * initial writes (IW) are events too, one per location, with no thread. */
typedef struct cat_exec {
    int n;
    /* Event classes. */
    mdl_set R, W, F, IW, B;       /* reads, writes, fences, init writes,
                                    branches */
    mdl_set OBS;                  /* the events at a location the final
                                    state shows (herd7's FW is their
                                    co-last writes: %obs) */
    /* Every other named set the architecture defines: fence kinds (SYNC,
     * LWSYNC, ISYNC, EIEIO, MFENCE, DMB, DSB, ISB, ...), and annotations
     * such as X (atomic, from lock/xchg/lwarx/stwcx.), A, L, Q, RMW ... */
    int n_tags;
    const char *const *tag_names;
    const mdl_set *tags;
    /* Base relations. `thread` relates events of the same thread (int);
     * `loc` relates memory events to the same location. */
    mdl_rel po, rf, co, loc, thread, addr, data, ctrl, ctrlisync, rmw;
    /* herd7's pick dependencies (empty but where the semantics make
     * them, model/sem/sem.h): through a
     * value a comparison chose. Named pick-addr-dep, pick-data-dep,
     * pick-ctrl-dep and pick-ctrlisb. */
    mdl_rel paddr, pdata, pctrl, pctrlisync;
    /* Events with equal values (accesses, initial writes, an SRCU
     * operation's index), for herd7's different-values; filled only
     * when cat_uses_values says the model reads it. */
    mdl_rel sameval;
    /* herd7's register events, for a model that reads them
     * (cat_uses_regs; else empty and no such event): each comes after
     * the n_mem events the engine lists itself, in sets the engine names
     * with its tags (Rreg, Wreg, DATA). rfreg: a register write to the
     * register reads it feeds; iico_data, iico_ctrl: data and control
     * flow inside one instruction; same_instance: events of one
     * executed instruction (reflexive). */
    int n_mem;
    mdl_rel rfreg, iico_data, iico_ctrl, same_instance;
} cat_exec;

typedef struct cat_model cat_model;

/* The cat and bell files built into the program (scripts/embed.sh, from
 * model/cats), so an installed binary models from any folder. A dirs[]
 * entry equal to CAT_BUILTIN_DIR looks names up in this table, and such
 * files are named "(built-in)/NAME" in messages. A NULL name ends it. */
typedef struct cat_text_file {
    const char *name;
    const char *text;
} cat_text_file;
extern const cat_text_file cat_builtin_files[];
#define CAT_BUILTIN_DIR "(built-in)"

/* Load a model: `name` is a path, or a file name looked up in each of
 * dirs[0..n_dirs-1] in order (then in the same dirs for `include`).
 * Returns NULL with *d set ("FILE:LINE:COL: message") on error. */
cat_model *cat_load(const char *name, const char *const *dirs, int n_dirs,
                    ll_diag *d);
/* herd7's options that change what a model says. */
typedef struct cat_options {
    /* -variant: names that decide the model's `if "NAME"` conditions
     * (case does not matter). */
    const char *const *variants;
    int n_variants;
    /* -bell: a bell file (enums, instructions, lets, flags) read before
     * the model, its bindings visible to it; NULL for none. Looked up
     * like the model. */
    const char *bell;
    /* ... only read (it and the files it includes found and parsed),
     * not run: herd7 7.58 reads the bell for every test but passes it
     * to the model of some architectures only (sem_ops.ignores_bell). */
    bool bell_unused;
} cat_options;

cat_model *cat_load_opts(const char *name, const char *const *dirs,
                         int n_dirs, const cat_options *o, ll_diag *d);
void cat_free(cat_model *m);
/* The model compares the values of events (herd7's different-values):
 * the engine must fill cat_exec.sameval. */
bool cat_uses_values(const cat_model *m);
/* ... in the value of a check cat_partial_dead judges: else its verdict
 * does not depend on cat_exec.sameval. */
bool cat_partial_uses_values(const cat_model *m);
/* The model uses the engine's set or relation `name` (a built-in name
 * or a tag): the engine may leave the others empty. */
bool cat_names(const cat_model *m, const char *name);
/* The model reads herd7's register events (rf-reg, iico_data,
 * iico_ctrl, Rreg, Wreg, DATA): the engine must make them. */
bool cat_uses_regs(const cat_model *m);
/* The model chooses co itself (`with co from`, as herd's models do):
 * the engine then shows it lock operations as herd7 makes them, not as
 * memory accesses (sem_ops.herd_nonmem). */
bool cat_chooses_co(const cat_model *m);
/* The model binds co through `with co from` (ours too: cos-opt.cat):
 * co is the engine's, every coherent order. A model that does not (no
 * co, or a `let co` of its own) has herd7 enumerate no co. */
bool cat_binds_co(const cat_model *m);
/* The model forbids by one of its checks every candidate where a write
 * of another thread comes between an RMW's read and its write in co
 * (rmw & (fre; coe) is empty), for rmw pairs of two events, and for
 * herd7's one-event RMWs ([RMW] & (fre; coe)): only then may the engine
 * leave those candidates out (atomicity.c; a conservative proof). */
bool cat_atomic_pairs(const cat_model *m);
bool cat_atomic_single(const cat_model *m);
/* The model forbids by one of its checks every incoherent candidate (a
 * cycle of po-loc | rf | co | fr): only then may the engine build the
 * coherent ones alone (atomicity.c; a conservative proof). */
bool cat_coherent(const cat_model *m);
/* The model has a top-level acyclic, irreflexive or empty check. */
bool cat_has_checks(const cat_model *m);
/* The model's title: the quoted string or first word of its first line. */
const char *cat_title(const cat_model *m);

typedef struct cat_result {
    bool allowed;            /* every acyclic/irreflexive/empty check held */
    const char *failed;      /* name of the first failed check, or NULL */
    /* How many executions this candidate stands for: 1 when allowed,
     * unless the model chooses (with x from S): herd counts each choice
     * that passes as an execution of its own. */
    uint64_t n_accepted;
    bool undef;              /* an `undefined_unless` failed: herd's Undef */
    int n_flags;             /* `flag` checks that fired, by name */
    const char *flags[CAT_MAX_FLAGS];
} cat_result;

/* Evaluate the model on one candidate. Returns false with *d set only
 * when evaluation itself fails (e.g. a name the model uses is unknown for
 * this architecture); a forbidden execution is result->allowed == false. */
bool cat_check(cat_model *m, const cat_exec *x, cat_result *result,
               ll_diag *d);

/* A part of a candidate: the events of some whole threads, with rf and
 * co among them (a read whose write is not there has no rf). *dead
 * when a check fails that fails on every execution extending the part
 * (cat_test.partial_safe: the value it tests only grows as the part
 * grows). Free checks only; flags and the like are not looked at.
 * Returns false with *d set when evaluation fails. */
bool cat_partial_dead(cat_model *m, const cat_exec *x, bool *dead,
                      ll_diag *d);
/* Some free check is partial_safe. */
bool cat_has_partial(const cat_model *m);
/* x's rf and co hold every pair any candidate of a combination may have
 * (its other parts are the combination's): *all when the model accepts
 * every candidate with rf and co within those that is coherent (po-loc |
 * rf | co | fr acyclic), raising no flag and no undef (cat_bound.c).
 * Leaves the model usable by cat_check. Returns false with *d set when
 * evaluation fails. */
bool cat_accepts_all(cat_model *m, const cat_exec *x, bool values_vary,
                     bool *all, ll_diag *d);

/* Explanations (model/cat/cat_explain.c), never on the search's path: why
 * the model accepts or rejects one execution. Make an explainer once per
 * loaded model; cat_explain_eval computes every relation of the model on
 * one execution (it leaves the model usable by cat_check afterwards). */
typedef struct cat_explainer cat_explainer;

typedef struct cat_check_info {
    const char *name;        /* `as NAME`, or NULL */
    const char *kind;        /* "acyclic", "irreflexive", "empty" */
    bool negated;            /* ~acyclic ... */
    bool holds;
    bool is_rel;             /* the tested value is a relation, else a set */
    const uint64_t *words;   /* its value (n rows of (n+63)/64 words, or
                                one set); NULL for the constant 0 */
} cat_check_info;

/* One step of a witness: from `from` to `to` by relation `label` (by its
 * inverse when `inverse`: then (to, from) is in label). */
typedef struct cat_step {
    int from, to;
    const char *label;
    bool inverse;
} cat_step;

cat_explainer *cat_explainer_new(cat_model *m);
void cat_explainer_free(cat_explainer *e);
bool cat_explain_eval(cat_explainer *e, const cat_exec *x, ll_diag *d);
/* The checks whose failure forbids an execution (before any with/forall),
 * in file order; after cat_explain_eval, info for check i. Returns
 * info->holds. */
int cat_explain_n_checks(const cat_explainer *e);
bool cat_explain_check(const cat_explainer *e, int i, cat_check_info *info);
/* The pair (a, b) of check i's relation as a path of steps from a to b
 * (none for an identity part), written to out[0..max-1]; returns how many
 * steps it has (more than max: the rest were not written), 0 if (a, b)
 * is not in the relation. */
int cat_explain_steps(const cat_explainer *e, int i, int a, int b,
                      cat_step *out, int max);
/* After cat_explain_eval, the value the model binds to `name` (a `let`,
 * a fence relation, po, rf...): its words as in cat_check_info, with
 * *is_rel set; NULL when the model binds no relation or set to it. */
const uint64_t *cat_explain_named(const cat_explainer *e, const char *name,
                                  bool *is_rel);
/* The pair (a, b) of the relation named `name` one level down: as
 * cat_explain_steps, through name's own definition (prop as fre then
 * ffence...); 0 when name binds no relation holding (a, b). */
int cat_explain_expand(const cat_explainer *e, const char *name, int a,
                       int b, cat_step *out, int max);
/* The model binds a relation to `name` (no evaluation needed). */
bool cat_explain_binds(const cat_explainer *e, const char *name);

#endif
