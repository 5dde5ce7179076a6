/* log_lines.h — the lines of herd7's and litmus7's logs, printed: the one
 * writer of their layout (log.h shows both). lib/log/write.c prints an
 * entry with it; the hwrun harness prints the log of each run with it.
 *
 * Header-only (static inline, C and stdio alone) for the same reason as
 * verdict.h, which it includes by its bare name: in the tree and in the
 * harness's folder alike, it sits beside this file. */
#ifndef LITMUSLAB_LOG_LINES_H
#define LITMUSLAB_LOG_LINES_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "verdict.h"

typedef enum ll_validated {
    LL_VALIDATED_NONE,   /* `Condition ...` with no suffix (herd7, `??`) */
    LL_VALIDATED_YES,    /* `... is validated` */
    LL_VALIDATED_NO,     /* `... is not validated` / `is NOT validated` */
} ll_validated;

/* What follows a litmus7 entry's states, in litmus7's order. A NULL text
 * leaves its line out. modern: litmus7 7.5x's spelling (see log.h). */
typedef struct ll_litmus_tail {
    bool modern;
    const char *name;
    ll_verdict verdict;
    bool loop;              /* `Loop ` before the verdict (herd7) */
    bool has_witnesses;
    uint64_t positive, negative;
    const char *cond_text;
    ll_validated validated;
    const char *hash;
    /* Lines between Hash= and Observation, each without its newline:
     * litmus7 prints the test's metadata there (`Cycle=...`, `Relax NAME
     * Ok ...`). A test's own `Hash=` line is one of them: litmus7 prints
     * it at its place, after the first hash_at (0: Hash= first). */
    int n_info;
    int hash_at;
    const char *const *info;
    const char *obs_word;   /* ll_observation_word */
    uint64_t obs_pos, obs_neg;
} ll_litmus_tail;

/* `Test NAME KIND` (no KIND when it is empty). */
static inline void ll_put_test(FILE *f, const char *name, const char *kind)
{
    fprintf(f, "Test %s", name ? name : "");
    if (kind && *kind)
        fprintf(f, " %s", kind);
    fputc('\n', f);
}

/* `Histogram (N states)`. */
static inline void ll_put_histogram(FILE *f, uint64_t n_states)
{
    fprintf(f, "Histogram (%" PRIu64 " states)\n", n_states);
}

/* A histogram line's count and mark, before the state: `*` when the
 * state satisfies the proposition. */
static inline void ll_put_count(FILE *f, bool modern, uint64_t count,
                                bool marked)
{
    fprintf(f, modern ? "%-6" PRIu64 "%c>" : "%-8" PRIu64 "%c> ", count,
            marked ? '*' : ':');
}

static inline void ll_put_verdict(FILE *f, bool loop, ll_verdict v)
{
    const char *w = ll_verdict_word(v);
    if (*w)
        fprintf(f, "%s%s\n", loop ? "Loop " : "", w);
}

/* herd7's and classic litmus7's `Positive: P Negative: N`; modern
 * litmus7's is after a blank line, with a comma. */
static inline void ll_put_witnesses(FILE *f, bool modern, uint64_t positive,
                                    uint64_t negative)
{
    fprintf(f, modern ? "\nWitnesses\nPositive: %" PRIu64
                        ", Negative: %" PRIu64 "\n"
                      : "Witnesses\nPositive: %" PRIu64
                        " Negative: %" PRIu64 "\n",
            positive, negative);
}

static inline void ll_put_condition(FILE *f, bool modern, const char *text,
                                    ll_validated v)
{
    fprintf(f, "Condition %s", text);
    if (v == LL_VALIDATED_YES)
        fputs(" is validated", f);
    else if (v == LL_VALIDATED_NO)
        fputs(modern ? " is NOT validated" : " is not validated", f);
    fputc('\n', f);
}

static inline void ll_put_observation(FILE *f, const char *name,
                                      const char *word, uint64_t yes,
                                      uint64_t no)
{
    fprintf(f, "Observation %s %s %" PRIu64 " %" PRIu64 "\n", name, word,
            yes, no);
}

static inline void ll_put_hash(FILE *f, const char *hash)
{
    fprintf(f, "Hash=%s\n", hash);
}

/* `Time NAME SECONDS`, the seconds as written (`0.02`). */
static inline void ll_put_time(FILE *f, const char *name, const char *time)
{
    fprintf(f, "Time %s %s\n", name, time);
}

/* The lines that name their test after a keyword (`Test NAME ...`,
 * `Observation NAME ...`, `Time NAME ...`): the length of the keyword
 * and its space when line starts one of them, else 0. */
static inline size_t ll_named_line(const char *line)
{
    static const char *const keys[] = {"Test ", "Observation ", "Time "};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        size_t k = strlen(keys[i]);
        if (!strncmp(line, keys[i], k))
            return k;
    }
    return 0;
}

/* The lines after a litmus7 entry's states, up to its Observation line;
 * then come the entry's other lines (Machine, Topology, ...), its Time
 * line and a blank line. */
static inline void ll_put_litmus_tail(FILE *f, const ll_litmus_tail *t)
{
    ll_put_verdict(f, t->loop, t->verdict);
    if (t->has_witnesses)
        ll_put_witnesses(f, t->modern, t->positive, t->negative);
    if (t->cond_text)
        ll_put_condition(f, t->modern, t->cond_text, t->validated);
    for (int i = 0; i < t->n_info || i == t->hash_at; i++) {
        if (i == t->hash_at && t->hash)
            ll_put_hash(f, t->hash);
        if (i < t->n_info)
            fprintf(f, "%s\n", t->info[i]);
    }
    if (t->obs_word)
        ll_put_observation(f, t->name, t->obs_word, t->obs_pos, t->obs_neg);
}

#endif
