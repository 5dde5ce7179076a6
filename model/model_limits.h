/* model_limits.h — the model stage's limits, in one place as Lua's
 * llimits.h (lib's are include/litmuslab/limits.h). */
#ifndef LITMUSLAB_MODEL_LIMITS_H
#define LITMUSLAB_MODEL_LIMITS_H

/* model: --cat-path folders and models (--model plus --bell ...) given,
 * and -j worker processes. */
#define MDL_MAX_DIRS 16
#define MDL_MAX_MODELS 8
#define MDL_MAX_WORKERS 64

/* The runs of a test's threads (paths.c): instructions per run, rounds of
 * value-set growth, runs per test (memory: events each). */
#define MDL_MAX_STEPS 4096
#define MDL_MAX_ROUNDS 16
#define MDL_MAX_RUNS 250000
/* Ways a value of a location's value set keeps (paths.c: each the write
 * sites it went through); more are merged into the sites common to all. */
#define MDL_MAX_WAYS 4
/* Operations or reads a thread's paths run again with, each given a
 * pin's value once (paths.c pin_paths); each pass sees at most
 * MDL_MAX_RUNS / 16 paths. */
#define MDL_MAX_PIN_RUNS 4
/* The path pass that bounds the writes a thread's paths make at each
 * location (paths.c, count_writes) sees at most this many paths of a
 * thread; past them the thread's writes have no bound. */
#define MDL_COUNT_WRITES_PATHS 4096
/* Combinations of illegal runs the search judges after the model accepts
 * one, for one earlier in herd7's order (its refusal's message). */
#define MDL_ILL_TRIES 4096
/* Names (registers, locations) whose lookups are cached per thread and
 * per test, by address (a power of two). 64, with the address's low bits
 * as the key, missed 15% of the 15 million lookups of g21392000_168's
 * paths (each miss a walk of 31 names); 256, hashed, 3%. */
#define MDL_NAME_CACHE 256
/* The search (search.c): accesses to one location (a set is one word). */
#define MDL_MAX_LOC_EVENTS 63
/* Parts of combinations are judged only once the search has met this
 * many candidates (a small test would pay more for them than it saves),
 * and a part's location with more solutions than this is not judged
 * (its open reads make most orders solutions: a lock's, say). */
#define MDL_PARTIAL_AFTER 2048
#define MDL_PART_MAX_SOLS 64
/* The product's last location is judged a group of solutions at a time
 * (search.c, last_groups) when it has at least MDL_GROUP_MIN of them,
 * once the search has met MDL_PARTIAL_AFTER candidates. */
#define MDL_GROUP_MIN 4
/* Pairs of a combination's locations are judged (search.c, pair_tables)
 * only where its candidates are at least MDL_PAIR_GAIN times the pairs
 * of solutions, and these at most MDL_PAIR_MAX (a byte each). */
#define MDL_PAIR_GAIN 8
#define MDL_PAIR_MAX (1 << 22)
/* A combination's executions are counted (search.c, counted) only when
 * its co orders, and then its coherent candidates, are at least this
 * many (fewer are judged one by one as fast); co_count.c's states (one
 * word each: 128 MB). */
#define MDL_COUNT_ORDERS 24
#define MDL_CO_COUNT_STATES (1 << 24)
/* Classes of runs counted together (run_family.c): tried when the run
 * combinations are at least MDL_FAMILY_MIN, the class combinations at
 * most MDL_FAMILY_OUTER and MDL_FAMILY_GAIN times fewer; a thread's
 * runs at most MDL_FAMILY_RUNS (classes are found pairwise). */
#define MDL_FAMILY_MIN 4096
#define MDL_FAMILY_OUTER 4096
#define MDL_FAMILY_GAIN 8
#define MDL_FAMILY_RUNS 1024
/* A rotation of the threads (symmetry.c) is looked for when each thread
 * has at most this many runs (they are matched pairwise). */
#define MDL_ROTATION_RUNS 1024

/* sem: the reads of one run a value may depend on (bits of sem_taint),
 * and the event tags an architecture may declare (bits of sem_tags). */
#define SEM_MAX_READS 64
/* Equations between two reads a run keeps (a cmpxchg's read equal to
 * the value of another read it expects: model/symbolic.c); past them a
 * run's reads stay unsolved, as before. */
#define SEM_MAX_EQS 4
/* The expected values of RMWs one path of the path pass records
 * (sem_expect); past them the others seed nothing. */
#define MDL_MAX_EXPECTS 8
#define SEM_MAX_TAGS 64
/* Registers of one instruction whose reads feed herd7's register
 * equations (sem_vars.rd_reg, herd_vars.c): a store's address, index and
 * value, an rmw's address, index and two operands; more are not noted. */
#define SEM_MAX_RD_REGS 4
/* herd7's register phase as C runs keep it (model/sem/c_regs.c): the
 * variables of one run (register reads, memory reads, operations) and
 * the locals; a run past them is not followed there (a cmpxchg whose
 * expected value herd7 loses is then dead, as before). */
#define SEM_MAX_REG_VARS 128
#define SEM_MAX_REG_SLOTS 64

/* cat: distinct flag names a model may have; include files nested;
 * procedure calls (statements.c) and function applications (compile.c)
 * nested; expression depth when compiled (a long a | b | c ... chain
 * recurses once per operator) and when parsed. Nesting costs stack:
 * past these a model is refused, not crashed on. */
#define CAT_MAX_FLAGS 32
#define CAT_MAX_INCLUDE_DEPTH 32
#define CAT_MAX_CALL_DEPTH 200
#define CAT_MAX_APPLY_DEPTH 200
#define CAT_MAX_EXPR_DEPTH 3000
#define CAT_MAX_NESTING 400

/* --explain: the items a list shows, and the steps of a trace. */
#define EX_MAX_LISTED 8
#define EX_MAX_STEPS 64

#endif
