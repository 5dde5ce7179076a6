/* limits.h — lib's limits, in one place as Lua's llimits.h (each stage
 * has its own: model/model_limits.h, hwrun/hwrun_limits.h,
 * compare/compare_limits.h, campaign/campaign_limits.h, gen/gen_limits.h).
 *
 * First the bounds every reader puts on its input, one per kind of
 * file, so that no input line (a 10 GB line out of a 46 MB gzip, say)
 * costs more memory than this, and the message naming a bound names the
 * same figure the reader used. Past a bound the reader stops with
 * `FILE:LINE: line longer than N bytes` (or `FILE: larger than N bytes`).
 *
 * The figures are far above anything a real file has: the corpus' longest
 * log line is 866 bytes, its longest test line under 200. */
#ifndef LITMUSLAB_LIMITS_H
#define LITMUSLAB_LIMITS_H

/* A line of a herd7 or litmus7 log (plain or once gunzipped). */
#define LL_MAX_LOG_LINE ((size_t)1 << 20)
/* A line of a litmus test (assembly or C), and a whole test file. */
#define LL_MAX_TEST_LINE ((size_t)1 << 20)
#define LL_MAX_TEST_FILE ((size_t)64 << 20)
/* A line of a cat model file, and a whole model file. */
#define LL_MAX_CAT_LINE ((size_t)1 << 20)
#define LL_MAX_CAT_FILE ((size_t)64 << 20)
/* A line of a configuration file (herd7's -conf) or of a list of tests
 * (@FILE), and such a whole file. */
#define LL_MAX_CONF_LINE ((size_t)1 << 16)
#define LL_MAX_CONF_FILE ((size_t)64 << 20)

/* What a message quotes of an input (a state, a line): at most this many
 * bytes, cut with "...", so that one message stays one readable line. */
#define LL_MAX_QUOTE 200

/* model --hosts: shards per answering host, the fewest tests worth a
 * shard of their own (a shard costs a few ssh logins) and the most in
 * one (they are the arguments of the model there), and the seconds a
 * host has to say its machine. */
#define LL_HOSTS_SHARDS_PER_HOST 4
#define LL_HOSTS_MIN_SHARD 50
#define LL_HOSTS_MAX_SHARD 2000
#define LL_HOSTS_DETECT_TIMEOUT 120

/* Sizes and depths of a test's syntax: the operands of one instruction
 * (ll_instr), the arguments lib/arch/asm_lex.c splits a line into, the
 * symbolic register names (`%r`, herd7's) one process may see, and the
 * bounds of a condition. Deeper nesting than LL_MAX_COND_NESTING is not
 * a real condition; the bound keeps the recursive readers, printers and
 * evaluators far from the stack's end. */
#define LL_MAX_OPERANDS 5
#define LL_ASM_MAX_ARGS 8
#define LL_ASM_MAX_SYMREGS 4096
#define LL_MAX_COND_NESTING 200
#define LL_MAX_COND_NODES 20000
/* Threads of a test (`P4095`), as a condition or a code table names them. */
#define LL_MAX_PROC 4096
/* C tests: macro calls nested this deep are a macro that uses itself. */
#define LL_MAX_MACRO_DEPTH 32
/* C tests: compare-RMWs of one thread with operands evaluated on their
 * success way only (ll_instr.cas; the semantics keep one bit each). */
#define LL_C_MAX_CAS 63
/* C tests: registers made from a read that one step (herd7's
 * instruction) followed to find a later write independent of the read;
 * past them a later write counts as independent (model/sem/c.c). */
#define LL_C_STEP_DEPS 16

#endif
