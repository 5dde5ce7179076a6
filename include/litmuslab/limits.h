/* limits.h — the bounds every reader puts on its input, one per kind of
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

#endif
