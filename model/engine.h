/* engine.h — private to the model engine (the sources in model/): a test
 * prepared for the search (locations, value domains, each thread's runs)
 * and the entry points of its phases.
 *
 *   mdl_prepare   locations, symbols, threads' registers  (prepare.c)
 *   mdl_runs      every path of every thread, values read chosen from the
 *                 locations' domains, grown to a fixpoint  (paths.c)
 *   mdl_search    runs combined, rf and co enumerated per location with
 *                 coherence checked at once, the cat model on survivors,
 *                 final states collected                   (search.c)
 *   mdl_report    the herd7 log entry                      (report.c)
 * and mdl_symmetry_find, the identical threads the search need not
 * tell apart (symmetry.c). */
#ifndef LITMUSLAB_MODEL_ENGINE_H
#define LITMUSLAB_MODEL_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/log.h"
#include "litmuslab/state.h"
#include "litmuslab/test.h"
#include "litmuslab/util.h"
#include "model/cat/cat.h"
#include "model/sem/sem.h"

/* Backward jumps one run may take (herd7's default -unroll). */
#define MDL_UNROLL 2

/* Conditional branches herd_vars.c follows in one thread's numbering (it
 * walks every path: 2^n of them); past them the count on events. */
#define MDL_HV_BRANCHES 12

/* What the init block declares of a location symbol: its type (of each
 * element for an array) and, for an array, its length. herd7's default
 * is a scalar int. */
typedef struct mdl_decl {
    ll_ctype type;
    int n_elems;             /* 0 for a scalar */
} mdl_decl;

/* A memory location: a symbol plus a byte offset (an array element is at
 * index * element size), with its type and the values it may hold (its
 * initial value first), each a value of that type. */
/* The ways a value was made (paths.c): each the set of write sites (bits)
 * it went through; none a superset of another. A value is made through a
 * site when every way goes through it. */
typedef struct mdl_ways {
    uint64_t w[MDL_MAX_WAYS];
    int n;
} mdl_ways;

/* Ways of a value made by the writes of writers (one thread's bit,
 * MDL_ANY_WRITER or 0: mdl_loc.writers). */
typedef struct mdl_wways {
    uint64_t writers;
    mdl_ways ways;
} mdl_wways;

typedef struct mdl_loc {
    int sym;
    int64_t off;
    ll_ctype type;
    sem_val init;
    bool no_init;            /* no read takes init: a location only a
                                moved address names (sem_ops.
                                offsets_apart), which herd7 gives no
                                initial write */
    bool apart;              /* ... a fixed address off its symbol
                                (sem_ops.const_offsets_apart) */
    bool no_iw;              /* its start is no write for a model (not
                                in W, IW): herd7's lock word at 0, which
                                the kernel's lock.cat finds no initial
                                write for (sem_lock_word0) */
    int n_dom, cap_dom;
    sem_val *dom;
    mdl_ways *prov;          /* per value: the ways found to make it
                                (paths.c) */
    int cap_prov;
    struct {                 /* per value: prov by the writers that made
                                each way, for a read of another thread's
                                write (paths.c read_ways); n_by made, as
                                a value set emptied keeps them */
        mdl_wways *e;
        int n;
    } *by;
    int n_by, cap_by;
    uint64_t *writers;       /* per value: the threads whose writes made
                                it (bit t; 63 for 63 and more), or
                                MDL_ANY_WRITER: the initial value, a
                                constant of the code (paths.c) */
    int cap_writers;
} mdl_loc;

#define MDL_ANY_WRITER UINT64_MAX

/* The illegal operations of a run whose operands mdl_run records. */
#define MDL_MAX_ILLEGAL 4

/* One complete path of a thread with the values its reads returned. */
typedef struct mdl_run {
    int n_ev;
    sem_event *ev;
    sem_val *final;          /* slot values at the end of the thread */
    sem_taint *final_t;      /* ... and the reads each is made of
                                (sem_run.vsrc; without it, depends on) */
    bool *final_op;          /* ... and whether it is an operation's
                                result on them (sem_run.vop), not a copy */
    sem_taint used;          /* sem_run.used at the end */
    int n_sames;             /* sem_run.sames at the end */
    uint8_t sames[SEM_MAX_EQS][2];
    sem_taint pinned;        /* sem_run.pinned at the end */
    int n_eqs;               /* sem_run.eqs at the end */
    uint8_t eqs[SEM_MAX_EQS][2];
    uint8_t eq_left;         /* sem_run.eq_left at the end */
    uint8_t eq_split;        /* sem_run.eq_split at the end */
    int n_opeqs;             /* sem_run.opeqs at the end */
    sem_taint opeqs[SEM_MAX_EQS][2];
    int opeq_node[SEM_MAX_EQS];  /* sem_run.opeq_node at the end */
    int eq_node[SEM_MAX_EQS];    /* sem_run.eq_node at the end */
    uint8_t opeq_one;        /* sem_run.opeq_one at the end */
    uint8_t opeq_ops;        /* sem_run.opeq_ops at the end */
    int n_vnodes;            /* sem_run.vnodes at the end (C), else 0 */
    sem_vnode *vnodes;
    uint64_t turns;          /* sem_run.turns, n_turns at the end */
    int n_turns;
    bool cut;                /* stopped at a loop's unrolling limit: never
                                an execution; a combination of it whose
                                reads all find their values is herd7's
                                `Loop` (mdl_test.loop_cut) */
    bool probe;              /* a read took a value only a write after it
                                in its thread makes (paths.c may_read):
                                only for herd7's `Loop` test, never in an
                                execution */
    bool bad;                /* stopped by an error (mdl_test.bad_diag) on
                                a path chosen by values read, or went to
                                address 0 (C): the test is refused only if
                                such a combination's reads find their
                                values, as herd7 */
    bool waits;              /* a spin_lock of it found its lock taken
                                (sem_lock_wait): lock.cat rejects every
                                candidate of it; only a combination with
                                a plain bad run (address 0), which herd7
                                refuses before its model, takes it */
    bool illegal;            /* bad on an illegal operation, and went on
                                past it (sem_illegal_op): refused only
                                if the model accepts a candidate of it */
    int n_illegal_t;         /* the reads each illegal operation's operands
                                are made of (the last one: any further
                                one's too, 0 if one is of constants): */
    sem_taint illegal_t[MDL_MAX_ILLEGAL];   /* herd7's failure is only
                                where its solver solves them */
    int illegal_msg;         /* the first illegal operation's message, as
                                its values name it: mdl_test.illegal_msgs
                                [illegal_msg], -1 none */
    int n_forced_t;          /* the branches taken against the value read
                                (sem_free_branch; -1: too many): a
                                failed candidate's only where each has a
                                read herd7 leaves unsolved */
    sem_taint forced_t[MDL_MAX_ILLEGAL];
    struct mdl_herd_memo *herd_memo;  /* herd_vars.c's answers on it, made
                                once the search asks (mdl_herd_vars,
                                mdl_herd_regs_of): the symbolic judge asks
                                again for every candidate; NULL none yet */
    int8_t herd_zero;        /* mdl_herd_zero_left of it: 0 not asked yet,
                                1 no, 2 yes */
} mdl_run;

/* mdl_thread.cond: what a statement's turn records (sem_run.turns). */
enum mdl_turn_kind {
    MDL_TURN_NONE,
    MDL_TURN_BRANCH,         /* a conditional branch (sem_vars.cond) */
    MDL_TURN_GUARD,          /* a conditionally run one (sem_vars.guard) */
};

/* The slot of a code operand's name (prepare.c code_slots_build): at is
 * where the operand holds key. */
typedef struct mdl_code_slot {
    const char *key;
    char *const *at;
    int reg, val;
} mdl_code_slot;

typedef struct mdl_code_slots {
    unsigned mask;
    mdl_code_slot *e;        /* open addressing, by mdl_code_slot_hash */
} mdl_code_slots;

static inline unsigned mdl_code_slot_hash(const char *name, int reg)
{
    uint64_t h = ((uint64_t)(uintptr_t)name ^ (uint64_t)(unsigned)reg) *
                 UINT64_C(0x9e3779b97f4a7c15);
    return (unsigned)(h >> 32);
}

/* The slot of name with register reg if it is a code operand's (true, in
 * *slot), trusted where that operand still holds that address: a live
 * string, so the same name (one made at that address elsewhere, freed
 * since, is no operand's: mdl_thread_slot's checked cache answers it).
 * Inline: the semantics ask for an operand's slot at every use of it,
 * 34 million times in g21395003_208. */
static inline bool mdl_code_slot_of(const mdl_code_slots *cs, int reg,
                                    const char *name, int *slot)
{
    for (unsigned h = mdl_code_slot_hash(name, reg) & cs->mask; cs->e[h].key;
         h = (h + 1) & cs->mask) {
        const mdl_code_slot *e = &cs->e[h];
        if (e->key != name || e->reg != reg)
            continue;
        if (*e->at != name)
            return false;
        *slot = e->val;
        return true;
    }
    return false;
}

typedef struct mdl_thread {
    const ll_thread *code;
    int n_slots;             /* ops->n_regs + symbolic registers */
    int n_symregs;
    char **symregs;          /* names without '%' */
    /* the slots last found by name, by the name's address (an operand's
     * name is looked up at every instruction run: checked, not trusted) */
    const char *slot_key[MDL_NAME_CACHE];
    int slot_val[MDL_NAME_CACHE];
    /* the slots of the code's own operands, by their names' addresses:
     * built once all names are in (prepare.c code_slots), trusted where
     * the operand still holds that address; NULL: not built */
    mdl_code_slots *code_slots;
    sem_reg *init;           /* initial slot values */
    uint8_t *cond;           /* per statement: a place whose way the run
                                records (mdl_turn_kind), fixed once when
                                prepared; NULL: none (C) */
    bool *fed;               /* per statement: a later write of its step
                                may feed its read (sem_ops.
                                writes_later_in_step), fixed once when
                                prepared; NULL: none */
    ll_ctype *types;         /* each slot's declared type (default int) */
    int n_runs, cap_runs;
    mdl_run *runs;
    int dead_writes;         /* most writes a dropped run made this round
                                (their values still enter the domains) */
} mdl_thread;

/* A place shown in final states: a register slot, or a location. */
typedef struct mdl_obs {
    ll_loc loc;              /* as printed (owned copy) */
    int proc;                /* thread index, or -1 for memory */
    int reg;                 /* arch register id (registers) */
    int slot;                /* register slot, or -1 */
    int mem;                 /* location id (memory), or -1 */
    ll_ctype type;           /* its declared type (a location's) */
    bool whole;              /* an element of an array herd7 shows whole,
                                x={1,2} (mdl_state_wholes) */
    bool alone;              /* shown by itself too (x[0]=1) */
} mdl_obs;

typedef struct mdl_limits {
    double timeout;          /* seconds, 0 = none */
    uint64_t max_executions; /* candidates examined, 0 = none */
    uint64_t max_memory;     /* bytes, 0 = none (the engine's big tables
                                check it; the worker process enforces it) */
} mdl_limits;

typedef enum mdl_status {
    MDL_OK,
    MDL_BAD_INPUT,           /* diag set */
    MDL_TIMEOUT,
    MDL_TOO_MANY,
    MDL_NOMEM,               /* over limits.max_memory */
} mdl_status;

/* One final state found, in the engine's compact form. */
typedef struct mdl_state {  /* its values: mdl_tab_val */
    bool holds;              /* the condition's proposition is true */
    bool kept;               /* the `filter` proposition (if any) holds */
} mdl_state;

/* state_tab.c: the states found, each place's values numbered as met
 * and a state a row of those numbers (1, 2 or 4 bytes each). */
typedef struct mdl_place_vals {
    int n, cap;
    sem_val *v;              /* as herd7 holds them (mdl_obs_raw) */
    int *hash;               /* once there are many; -1 empty */
    int hash_size;
} mdl_place_vals;
typedef struct mdl_state_tab {
    int width;               /* bytes a number */
    size_t cap;
    unsigned char *codes;    /* state i's row at i * n_obs * width */
    mdl_place_vals *place;   /* one per obs */
    uint32_t *row;           /* the row looked up */
    ll_state scratch;        /* mdl_tab_scratch's */
    int *slot;               /* each obs's binding in scratch */
    bool scratch_made;
} mdl_state_tab;

/* An event of a candidate execution: a thread's (in program order, the
 * threads one after another), or an initial write (e NULL, thread -1;
 * event i < n_locs is location i's). */
typedef struct mdl_ev {
    const sem_event *e;
    int thread;
    int loc;
    sem_val val;
} mdl_ev;

typedef struct mdl_explain mdl_explain;     /* explain.c */

/* A constant of the code that an access writes or compares at location
 * (sym, off) (sym -1: at an address the code does not fix). */
typedef struct mdl_seed {
    int sym;
    int64_t off, val;
} mdl_seed;

typedef struct mdl_test {
    const ll_test *test;
    const sem_ops *ops;
    int n_syms, cap_syms;
    char **syms;
    const char *sym_key[MDL_NAME_CACHE];   /* as mdl_thread.slot_key */
    int sym_val[MDL_NAME_CACHE];
    mdl_decl *decls;         /* one per symbol */
    int n_locs, cap_locs;
    mdl_loc *locs;
    int n_seeds;             /* constants a location first reached by a */
    mdl_seed *seeds;         /* run gets in its domain (seed_constants) */
    int n_threads;
    mdl_thread *threads;
    int n_obs;               /* places in states: shown ones first, */
    int n_shown;             /* then those only the filter reads */
    mdl_obs *obs;
    int word;                /* herd7's value width (sem_ops.word) */
    ll_prop *cond, *filter;  /* the test's, each constant compared with
                                a place cut to the place's type, as herd7
                                does (int 0:X0=4294967295 is -1) */
    /* Results. */
    int n_states, cap_states;
    mdl_state *states;
    mdl_state_tab tab;       /* their values */
    int *state_hash;         /* open addressing over states, -1 empty */
    int hash_size;
    uint64_t positive, negative;
    uint64_t candidates;     /* rf/co combinations examined */
    ll_diag bad_diag;        /* the first error of a run marked bad */
    ll_diag illegal_diag;    /* the first illegal operation met
                                (sem_illegal_op): a refusal's when a
                                candidate of it passes, after any
                                refusal before the model (bad_diag) */
    ll_diag *illegal_msgs;   /* each run's first one (mdl_run.illegal_msg),
                                each message once */
    int n_illegal_msgs, cap_illegal_msgs;
    bool looped;             /* some run jumped back on a value read */
    bool loop_probe;         /* mdl_search's second pass, for herd7's
                                `Loop` test alone (mdl_run.probe) */
    bool incoherent;         /* the model forbids no incoherent candidate
                                (cat_coherent): they are built and counted,
                                as herd7 does */
    bool loop_cut;           /* some path that went round a loop too often
                                reads values the other threads can give */
    bool timed_out;          /* over limits.timeout while finding runs */
    bool copies_unsolved;    /* sem_ops.copies_unsolved for the test */
    bool mixed_mode;         /* herd7's -variant mixed: no location apart
                                at a fixed offset (const_offsets_apart) */
    bool telechat;           /* herd7's -variant telechat (sem_run's) */
    int n_flags;             /* flags some accepted execution raised */
    const char *flags[CAT_MAX_FLAGS];
    bool undef;              /* some accepted execution is undefined */
    /* --explain: shown every candidate the cat model judged, or NULL. */
    mdl_explain *explain;
    /* Errors and limits. */
    ll_diag diag;
    bool failed;
    mdl_limits limits;
    double start;            /* seconds (monotonic) */
} mdl_test;

/* prepare.c */
int mdl_sym(mdl_test *m, const char *name);          /* intern */
int mdl_loc_id(mdl_test *m, sem_val addr);           /* -1: not an address */
/* The location an access to addr reaches, or -1 with the reason in why
 * (an address between an array's elements, past its end, inside or past
 * a scalar: herd7 refuses mixed-size accesses). */
int mdl_loc_at(mdl_test *m, sem_val addr, char *why, size_t size);
/* A place's final value as its declared type shows it. */
sem_val mdl_obs_value(const mdl_obs *o, sem_val v);
/* The final value v (a register's content, a location's value) of shown
 * place k as herd7 holds it: states are told apart and ordered by it. */
sem_val mdl_obs_raw(const mdl_test *m, int k, sem_val v);
/* The first n places of a final state as shown (ll_state order). */
void mdl_state_to_ll(const mdl_test *m, const sem_val *vals, int n,
                     ll_state *out);
bool mdl_dom_add(mdl_loc *l, sem_val v);             /* true if new */
bool mdl_ways_add(mdl_ways *a, uint64_t w);
bool mdl_dom_add_prov(mdl_loc *l, sem_val v, const mdl_ways *ways,
                      uint64_t writers);
/* Read the test's locations, registers and shown places. false + diag. */
bool mdl_prepare(mdl_test *m, const ll_test *t, const sem_ops *ops);
void mdl_free(mdl_test *m);
/* The states found (after they are reported). */
void mdl_free_states(mdl_test *m);
/* state_tab.c: the index of the state of values vals (one per obs),
 * added (*added) when new; a state's value at place k, and its number
 * in place k's dictionary (m->tab.place[k].v); an ll_state of vals, as
 * mdl_state_to_ll makes it, kept and rewritten by the next call. */
int mdl_tab_find(mdl_test *m, const sem_val *vals, bool *added);
sem_val mdl_tab_val(const mdl_test *m, int state, int k);
uint32_t mdl_tab_code(const mdl_state_tab *t, int n_obs, int state, int k);
const ll_state *mdl_tab_scratch(mdl_test *m, const sem_val *vals);
void mdl_tab_free(mdl_test *m);
/* Slot of a register of thread th (by id, or by name for `%x`). */
int mdl_thread_slot(const mdl_test *m, int th, int reg, const char *name);
void mdl_value_to_ll(const mdl_test *m, sem_val v, ll_value *out);

/* paths.c: every run of every thread. false + diag on bad input, or false
 * with timed_out set. */
bool mdl_runs(mdl_test *m);

/* symbolic.c: herd7's symbolic values (sem_ops.symbolic_values). A
 * shown value herd7 leaves undetermined is sem_val {n, this}: `Sn`. */
#define MDL_SYM_UNDETERMINED (-2)
/* Does herd7 have this candidate (src: each read's write, -1 if none;
 * final_w: each shown location's co-last write, -1 if none)? If so, the
 * values it leaves undetermined are made symbolic in vals. failed: the
 * candidate carries a failure (an illegal operation), which herd7 keeps
 * whatever it leaves unsolved. */
bool mdl_symbolic_keep(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *base, const int *pick, const int *src,
                       const int *final_w, sem_val *vals, bool failed);
/* herd7's Loop test of a combination cut at a loop: does every read
 * that meets an operation, a comparison or a branch get a value some
 * constant determines through src (no cycle of values, `S = (S + 1) -
 * 1`, leaves it undetermined), and does herd7 7.58's solver, whose one
 * pass over a cycle mdl_symbolic_keep follows on executions, solve its
 * equations? A cut candidate is solved as any other before herd7 looks
 * for the cut (litmus/c/loops-cut-add-unless-pin-solve-order). undet
 * (NULL, or n_ev): for each read whose class of copies no constant
 * determines, its class's number plus 1 (herd7's symbol there), else 0. */
bool mdl_symbolic_determined(const mdl_test *m, const mdl_ev *ev, int n_ev,
                             const int *base, const int *pick, const int *src,
                             int *undet);
/* Is every read of the combination (runs pick) a constant, so that
 * mdl_symbolic_keep keeps each of its candidates as it is? */
bool mdl_symbolic_plain(const mdl_test *m, const mdl_ev *ev, int n_ev,
                        const int *pick);
/* The root of g's class in a union-find over parent (parent[i] == i at a
 * root), halving the path on the way; copy_cycles.c's classes too. */
int mdl_uf_find(int *parent, int g);
/* Whether value k of l's set reaches a read of thread th whatever th's
 * own run wrote: the initial value or a constant of the code, another
 * thread's write, or a location with no initial write (paths.c). */
bool mdl_value_outside(const mdl_loc *l, int k, int th);

/* copy_cycles.c: does herd7 solve every read of this candidate on an
 * architecture whose copies it cannot solve (sem_ops.copies_unsolved)?
 * src: each read's write, -1 if none. */
bool mdl_copies_solved(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *pick, const int *src);

/* symbolic.c: does herd7's solver, replayed on this candidate's
 * equations, solve every read? */
bool mdl_herd_solves_all(const mdl_test *m, const mdl_ev *ev, int n_ev,
                         const int *base, const int *pick, const int *src);

/* herd_vars.c: herd7's fresh-variable numbers along run `run` of C
 * thread t, per lowered statement (n_stmts each): the variable of the
 * read it makes (read_var) and the largest of the register reads that
 * copy that read's value (copy_var), 0 where none; with op_var (or
 * NULL), for an operation (`r0 & 1`) and for a statement storing one's
 * result (a store, a cmpxchg's new value, an xchg's), the largest
 * variable of that result's class (it and the register reads of it).
 * false where the
 * numbering is not followed (a loop before or in the thread). */
bool mdl_herd_vars(const mdl_test *m, int t, const mdl_run *run,
                   int64_t *read_var, int64_t *copy_var, int64_t *op_var);

/* herd_vars.c: per statement of C thread t along run, the number herd7
 * gives an _return RMW's result (its class: the largest register read
 * holding it), 0 elsewhere, into ret_var, and into ret_stmt the
 * statement that read is in (-1: none); false where mdl_herd_vars is. */
bool mdl_herd_ret_vars(const mdl_test *m, int t, const mdl_run *run,
                       int64_t *ret_var, int64_t *ret_stmt);

/* herd_vars.c: herd7's register phase along run `run` of thread t of a
 * test with no C tree (sem_ops.herd_vars), as its memory phase takes
 * it. Per statement: read_var, a load's read renamed to its parent in
 * the register equations' union-find (mdl_herd_vars'); store_var, the
 * variable a store writes where its value is a load's copy: its value
 * register's read renamed so (else 0). left: the copy equations the
 * register phase leaves unsolved in a load's class, renamed so, in the
 * order of its pass (n_left of them; `S11:=S9` where P1 `LDR R5; MOV
 * R8,R5; STR R5; STR R8`). false: not numbered. */
typedef struct mdl_herd_regs {
    int64_t *read_var, *store_var;
    int64_t (*left)[2];
    int n_left;
    /* C: per operation statement, its operands' register reads renamed
       so (0: not a local's read) and the statement of the read each
       copies (-1: none); NULL elsewhere */
    int64_t (*op_arg)[2];
    int (*op_src)[2];
    int n_zero;     /* of left, zero copies (herd_vars.c zero_copies): */
    int64_t (*zflag)[2];  /* each one's first flag's number, left side */
    /* C: per statement, its operation's variable renamed to its parent
       (0: none); zeros: the run has zero copies (sem_vnode.zero), which
       left lists with the other copies, in herd7's order */
    int64_t *op_par;
    bool *op_fold;  /* C: per statement, its operation an xor, == or != */
    bool zeros;
} mdl_herd_regs;
bool mdl_herd_regs_of(const mdl_test *m, int t, const mdl_run *run,
                      mdl_herd_regs *out);
void mdl_herd_regs_free(mdl_herd_regs *r);
/* herd_vars.c: frees what mdl_run.herd_memo holds. */
void mdl_herd_memo_free(mdl_run *run);
/* herd_vars.c: per statement of C thread t along run `run`, its read's
 * variable renamed to its parent in herd7's register phase (0: none),
 * whether or not that phase leaves copies; false: not known (no C tree,
 * a loop, an operation on a local holding 0). */
bool mdl_herd_read_parents(const mdl_test *m, int t, const mdl_run *run,
                           int64_t *read_var);
/* herd_vars.c: whether herd7's register phase folds statement stmt's
 * operation on one symbol twice (LISA's `xor r20 r20`) along the ways
 * turns (n_turns of them, sem_run.turns) of thread t: 1 where its
 * union-find renames both operands' register reads to one variable
 * (S9^S9 is 0), 0 where to two (`S11 := S9^S7`, left an equation), -1
 * not known (no register equation of them, a loop). */
int mdl_herd_reg_fold(const mdl_test *m, int t, uint64_t turns, int n_turns,
                      int stmt);
/* herd_vars.c: whether herd7's register phase leaves a zero copy to its
 * memory phase in a thread's run of pick (`S16 := S19` of an or with a
 * register it solved to 0), whose union-find may then leave a cycle of
 * copies no cycle of ours shows (mdl_run.herd_zero caches it). */
bool mdl_herd_zero_left(mdl_test *m, const int *pick);

/* search.c: enumerate candidates under the model. */
mdl_status mdl_search(mdl_test *m, cat_model *model);

/* herd7's mixed-size refusal (mixed_size.c): whether some location is
 * accessed with two sizes in the runs at all; whether the runs pick[t]
 * of the threads do, with m->diag set to the message. */
bool mdl_sizes_vary(const mdl_test *m);
/* A state as herd7 shows it: the elements of an array the condition or
 * `locations` names whole (x={1,2}, locations [x]) as one binding
 * `x={1,2}` (whole_array.c). */
void mdl_state_wholes(const mdl_test *m, ll_state *st);
bool mdl_sizes_clash(mdl_test *m, const int *pick);
/* herd7's mixed-size mode (-variant mixed, or mixed among the test's own
 * Variant= names) reads and writes byte by byte; the model keeps whole
 * locations, which computes the same where each access has its
 * location's declared size. True (with m->diag at the first access that
 * has not) when the mode is on and the test has one: refused, naming
 * the mode. */
bool mdl_mixed_mode_refused(mdl_test *m, bool mode);

/* herdev.c: herd7's predefined sets and register events.
 * mdl_herd_names: the names of the sets an execution gives the model,
 * the architecture's tags first, then herd7's (Exp, NExp, Rreg, Wreg,
 * DATA, BCC, then herd7's empty sets for the architecture); returns how
 * many (at most max). mdl_herd_sets_fill fills those after the tags
 * from the engine's events (sets[0] is Exp). */
enum { MDL_MAX_HERD_SETS = 48 };
int mdl_herd_names(const sem_ops *ops, const char **names, int max);
void mdl_herd_sets_fill(const mdl_test *m, const mdl_ev *ev, int n_ev,
                        mdl_set *const *sets);
/* A combination's register events, for a model that reads them
 * (cat_uses_regs): mdl_regs_make lists them for the runs pick[] chooses
 * and returns how many; mdl_regs_fill, once the execution is sized for
 * them after its `first` events (base[t]: thread t's first event), adds
 * them to its sets and relations. */
enum { REG_V, REG_P, REG_A, REG_D, REG_C };
typedef struct mdl_regnode {
    int kind;                /* REG_*: a read's value (Wreg), the same
                                through a pick (Wreg), an access's
                                address, a write's data (Rreg, DATA), a
                                branch's condition (Rreg) */
    int thread, ev;          /* the event of the run it belongs to */
} mdl_regnode;
typedef struct mdl_regs {
    int n, cap;
    mdl_regnode *node;
} mdl_regs;
int mdl_regs_make(mdl_regs *g, const mdl_test *m, const int *pick);
void mdl_regs_fill(const mdl_regs *g, const mdl_test *m, const int *pick,
                   const int *base, int first, cat_exec *x,
                   mdl_set *const *sets);
void mdl_regs_free(mdl_regs *g);

/* herd7's one-event AMOs (sem_ops.one_event): mdl_amo_make lists
 * the combination's AMOs (read, write: its events) and returns how
 * many; mdl_amo_fold folds each write into its read in the sets and
 * relations given (reflexive[i]: relation i keeps the read's own pair,
 * as loc and int do; NULL: none does). */
typedef struct mdl_amos {
    int n, cap;
    int (*pair)[2];
} mdl_amos;
int mdl_amo_make(mdl_amos *a, const mdl_test *m, const int *pick,
                 const int *base);
void mdl_amo_fold(const mdl_amos *a, mdl_set *const *sets, int n_sets,
                  mdl_rel *const *rels, const bool *reflexive, int n_rels);
void mdl_amo_free(mdl_amos *a);

/* symmetry.c: identical threads. prev[t] is the thread before t with
 * the same runs and shown registers, or -1; peer[i * n_threads + v] is
 * the shown place of thread v with shown register i's register, or -1.
 * Returns whether some thread has a prev. */
typedef struct mdl_symmetry {
    int *prev;
    int *peer;
    bool any;
} mdl_symmetry;
bool mdl_symmetry_find(const mdl_test *m, mdl_symmetry *sy);
void mdl_symmetry_free(mdl_symmetry *sy);
/* symmetry.c: a rotation of the threads (thread t's runs are thread
 * t+step's, mod n_threads, with locations and addresses renamed by one
 * permutation that keeps the shown locations shown: locksb's ring).
 * loc[l] is location l's image, sym[s] symbol s's, obs[i] the shown
 * place thread t+step or the image location shows for place i;
 * run[t][k] the run of thread t+step that thread t's run k is,
 * to0[t][k] (t a multiple of step, not 0) the run of thread 0 it is
 * after (T - t) / step rotations. */
typedef struct mdl_rotation {
    int *loc, *sym, *obs;
    int **run, **to0;
    int n_threads, step;
} mdl_rotation;
bool mdl_rotation_find(const mdl_test *m, mdl_rotation *r);
void mdl_rotation_free(mdl_rotation *r);
/* v with its address renamed by the rotation */
sem_val mdl_rotation_val(const mdl_rotation *r, sem_val v);
/* Two events the same but for the value read (read_vals false). */
bool mdl_event_alike(const sem_event *a, const sem_event *b, bool read_vals);

/* run_family.c: a thread's runs that differ only in the values their
 * reads return and not in its shown registers (a class), when each
 * class holds every combination of its reads' values once (a product):
 * the search may then count a class's combinations together.
 * cls[t][k] is run k's class, n_cls[t] the classes, outer their
 * product over threads (0 when no family holds). */
typedef struct mdl_families {
    int *n_cls;
    int **cls;
    int64_t outer, runs;        /* class combinations; run combinations */
} mdl_families;
bool mdl_families_find(const mdl_test *m, mdl_families *f);
void mdl_families_free(const mdl_test *m, mdl_families *f);

/* report.c: the herd7 entry for the results. */
void mdl_report(const mdl_test *m, double seconds, ll_log_entry *e);
/* The same with the states as herd7's lines (ll_log_entry.states_text),
 * for an entry that is only written in herd7's layout. */
void mdl_report_printed(const mdl_test *m, double seconds,
                        ll_log_entry *e);

double mdl_now(void);
/* batch.c: the resident size of process pid (0: this one), in bytes;
 * 0 when unknown. */
uint64_t mdl_resident_bytes(long pid);

/* explain.c: --explain and --show-all. The search hands it each
 * candidate the model judged (events x->n, vals the final state of
 * m->obs) and the verdict, and, when mdl_explain_incoherent says so, the
 * candidates its per-location coherence check rejects (incoherent set,
 * never counted); mdl_explain_finish writes the text to out, the graph
 * to the DOT file (also SVG when Graphviz's dot runs) and --show-all's
 * files. mdl_explain_new returns NULL with *d set when the target does
 * not parse (`0:r3=0; 1:r3=0` or a proposition); mdl_explain_check,
 * once the test is prepared, when it names a place the final states do
 * not show. */
typedef struct mdl_explain_opts {
    bool explain;              /* --explain / --explain-condition */
    const char *target;        /* --explain STATE, or NULL: the condition */
    const char *dot_path;      /* -o FILE.dot, or NULL */
    const char *show_all;      /* --show-all DIR, or NULL */
    bool per_test;             /* herd7's -o DIR (show_all is DIR): one
                                  DIR/TEST.dot per test holding every
                                  execution -show picks, as herd7's */
    const char *suffix;        /* herd7's -suffix: DIR/TEST<suffix>.dot */
    int show;                  /* -show: 0 all, 1 prop, 2 neg, 3 cond,
                                  4 wit, 5 none */
    int nshow;                 /* -nshow N, 0: no limit */
    const char *doshow;        /* -doshow a,b (names the model binds) */
    const char *unshow;        /* -unshow a,b (edge labels) */
} mdl_explain_opts;

mdl_explain *mdl_explain_new(cat_model *model, const mdl_explain_opts *o,
                             ll_diag *d);
bool mdl_explain_check(const mdl_explain *ex, const mdl_test *m, ll_diag *d);
bool mdl_explain_incoherent(const mdl_explain *ex);
/* Is the rest of the candidates of no use (the execution to show found,
 * no --show-all)? The search then stops. */
bool mdl_explain_done(const mdl_explain *ex);
/* --explain's first look takes allowed candidates only, with the runs
 * and the pruning of a search without --explain (the whole space,
 * incoherent candidates too, can take minutes where the model takes
 * milliseconds: RMW+inc-sub-chain; its runs alone can be too many:
 * RMW+chain-one-other-write's five reads of twenty values each). It is
 * on from mdl_explain_new where there is --explain and no --show-all;
 * mdl_explain_incoherent says false meanwhile. mdl_explain_again ends
 * it, and says whether the test is to be prepared and searched again
 * for the whole space (the first look found nothing to show). */
bool mdl_explain_first_look(const mdl_explain *ex);
bool mdl_explain_again(mdl_explain *ex);
void mdl_explain_candidate(mdl_explain *ex, const mdl_test *m,
                           const cat_exec *x, const mdl_ev *ev,
                           const sem_val *vals, const cat_result *res,
                           bool incoherent);
void mdl_explain_finish(mdl_explain *ex, const mdl_test *m, ll_buf *out,
                        ll_buf *err);
void mdl_explain_free(mdl_explain *ex);

#endif
