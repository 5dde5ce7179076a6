/* log.h — herd7- and litmus7-format logs: one entry per test run.
 *
 * The model stage writes herd7's layout, hwrun writes litmus7's, compare
 * reads both (plain or gzip), one entry at a time so that big logs are
 * never held whole in memory. Formats live here and nowhere else.
 *
 * herd7 entry:                          litmus7 entry (as in the corpus):
 *   Test SB Allowed                       Test SB Allow
 *   States 2                              Histogram (2 states)
 *   0:r3=0; 1:r3=0;                       4803397 :> 0:r3=0; x=1;
 *   0:r3=1; 1:r3=1;                       12      *> 0:r3=1; x=2;
 *   Ok                                    Ok
 *   Witnesses                             Witnesses
 *   Positive: 1 Negative: 1               Positive: 12 Negative: 4803397
 *   [Flag NAME ...]
 *   Condition exists (0:r3=0 /\ 1:r3=0)   Condition exists (x=2) is validated
 *   Observation SB Sometimes 1 1          Hash=...
 *   Time SB 0.02                          Time SB 1680.25
 *   Hash=...
 *
 * Modern litmus7 (7.5x) differs in small ways (`%-6` counts with no space
 * after `>`, `Positive: P, Negative: N`, a blank line before `Witnesses`,
 * `is NOT validated`, an `Observation` line); the reader accepts both and
 * records which one it saw, so the writer gives back the same bytes.
 * litmus7 7.58's entry, which hwrun prints too (its own lines, Machine
 * ..., between Observation and Time):
 *   Test 2+2W Allowed
 *   Histogram (3 states)
 *   27    :>[x]=1; [y]=1;                 <- scalars bracketed, a whole
 *   4991  :>[x]=2; [y]=1;                    array x={7,8}; an element
 *   ...                                      x[1]=8; uint64_t unsigned
 *   No
 *
 *   Witnesses
 *   Positive: 0, Negative: 10000
 *   Condition exists ([x]=2 /\ [y]=2) is NOT validated
 *   Hash=...
 *   Cycle=Coe PodWW Coe PodWW            <- the test's metadata but
 *   Relax 2+2W No PodWW                     Prefetch; Relax: Ok when a
 *   Observation 2+2W Never 0 10000          state is marked
 *   Time 2+2W 1.10
 * `*>` marks the states that settle the condition: those satisfying its
 * proposition, for forall those that do not. Several entries of one
 * litmus7 run follow each other with its banners and the tests' text
 * between them and no blank line: a litmus7 entry ends at its Time line.
 * Each state's text is kept as read (ll_log_state.text), so that every
 * spelling (`x=1;`, `[x]=1;`, `x={7,8};`) is written back as it was.
 * The lines themselves are printed by log_lines.h (shared with the hwrun
 * harness), the verdict and witness counts computed by verdict.h. */
#ifndef LITMUSLAB_LOG_H
#define LITMUSLAB_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "litmuslab/log_lines.h"
#include "litmuslab/state.h"
#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef enum ll_log_format {
    LL_LOG_HERD,      /* `States N`, no counts */
    LL_LOG_LITMUS,    /* `Histogram (N states)`, counts and `*` marks */
} ll_log_format;

typedef enum ll_litmus_style {
    LL_LITMUS_CLASSIC,   /* the corpus' hardware logs: `%-8` counts, `:> ` */
    LL_LITMUS_MODERN,    /* litmus7 7.5x: `%-6` counts, `:>`, comma, NOT */
} ll_litmus_style;

/* One final state of an entry. herd7 states have count 0 and no mark. */
typedef struct ll_log_state {
    ll_state state;
    uint64_t count;
    bool marked;         /* litmus7 `*>`: settles the condition (satisfies
                            its proposition; for forall, does not) */
    char *text;          /* the state as the log spelt it (`[x]=1;`,
                            `x=1;`, `x={7,8};`, an unsigned value), owned;
                            the writers print it as it is. NULL for a
                            state built in memory: printed from state */
} ll_log_state;

typedef struct ll_log_entry {
    ll_log_format format;
    ll_litmus_style style;       /* litmus7 entries only */
    char *name;                  /* test name, owned */
    char *kind;                  /* `Allowed`, `Forbid`, ...; "" if absent */
    int n_states;
    int cap_states;
    ll_log_state *states;
    /* Or, for an entry only written in herd7's layout (the model's, which
     * may hold half a million states of 19 places: 2.5 KB each as
     * bindings, a tenth as text), its n_states state lines as printed,
     * each with its newline; states is then empty. */
    char *states_text;
    size_t states_len;
    ll_verdict verdict;
    bool loop;                   /* herd7's `Loop No`: some run went round a
                                    loop more often than it unrolls loops */
    bool has_witnesses;          /* `Witnesses` + `Positive:` lines */
    uint64_t positive;
    uint64_t negative;
    char *cond_text;             /* after `Condition `, before ` is ...`;
                                    NULL when absent */
    bool has_cond;               /* cond holds the parsed cond_text */
    ll_cond cond;
    ll_validated validated;
    /* herd7's `Flag NAME` lines (a model's `flag` checks that some
     * accepted execution raised), in their order: after the counts. */
    int n_flags;
    int cap_flags;
    char **flags;
    char *obs_word;              /* `Never`/`Sometimes`/`Always`, or NULL */
    uint64_t obs_pos;
    uint64_t obs_neg;
    char *hash;                  /* after `Hash=`, or NULL */
    int hash_at;                 /* extra lines before Hash= (litmus7
                                    prints a test's own Hash= line among
                                    its metadata, ll_litmus_tail) */
    char *time;                  /* seconds as written (`0.02`), or NULL */
    /* Any other line, kept verbatim in order (`Machine NAME`, topology,
     * placement, litmus7's `Cycle=...`, `Relax NAME Ok ...`); the first
     * n_extra_pre came before the Observation line: a litmus7 entry has
     * them written back between Hash= and Observation (where litmus7
     * prints a test's metadata), the others before `Time`. */
    int n_extra;
    int n_extra_pre;
    int cap_extra;
    char **extra;
    const char *file;            /* where the entry was read (not owned) */
    int line;                    /* line of its `Test` line */
} ll_log_entry;

/* Free an entry's contents and zero it (ready for reuse). */
void ll_log_entry_clear(ll_log_entry *e);
/* Add a state (copied) with its count and mark. */
void ll_log_entry_add_state(ll_log_entry *e, const ll_state *s,
                            uint64_t count, bool marked);
/* Sort the states in herd7's order (by their bindings, in order; as herd7
 * lists them). */
void ll_log_entry_sort_states(ll_log_entry *e);
/* Append a herd7 `Flag` line's name (copied). */
void ll_log_entry_add_flag(ll_log_entry *e, const char *name);
/* Append an extra line (copied, without newline). */
void ll_log_entry_add_extra(ll_log_entry *e, const char *line);
/* The text after `KEY ` or `KEY=` in the first extra line starting with
 * it (e.g. "Machine"), or NULL. */
const char *ll_log_entry_extra(const ll_log_entry *e, const char *key);
/* Sum of the states' counts. */
uint64_t ll_log_entry_total(const ll_log_entry *e);

/* The kind word for a quantifier: herd7 `Allowed`/`Forbidden`/`Required`,
 * classic litmus7 `Allow`/`Forbid`/`Require`. */
const char *ll_log_kind_word(ll_quant q, ll_log_format f,
                             ll_litmus_style style);

/* Streaming reader. Plain or gzip input (zlib reads both); "-" is stdin. */
typedef struct ll_log_reader ll_log_reader;

/* NULL + *d on failure to open. */
ll_log_reader *ll_log_open(const char *path, ll_diag *d);
/* Read the next entry into *e (cleared first). Returns 1 for an entry, 0 at
 * end of input, -1 for a malformed entry: *d says where (FILE:LINE) and
 * what, the entry is skipped, and the next call goes on after it. An
 * unparseable condition is not an error: has_cond stays false. */
int ll_log_next(ll_log_reader *r, ll_log_entry *e, ll_diag *d);
/* The next line as it is (no entry parsing), under the same bounds: for
 * a reader that wants one line of a log (campaign's `Machine` line).
 * NULL at the end of input or when it ended early (ll_log_failed). The
 * line is valid until the next call. */
const char *ll_log_next_line(ll_log_reader *r);
/* True once a read error, a truncated gzip stream, a line longer than
 * LL_MAX_LOG_LINE or a NUL byte ended the input early; ll_log_next
 * reports it once, as a -1 with FILE:LINE[:COL]. */
bool ll_log_failed(const ll_log_reader *r);
void ll_log_close(ll_log_reader *r);

/* Writers: the entry in herd7's / litmus7's layout (style from e->style),
 * ending with the blank line that separates entries. */
void ll_log_format_herd(const ll_log_entry *e, ll_buf *out);
/* The same into an empty out, e's states text moved there, not copied
 * (tens of MB for the kernel's RCU chains: a copy is fresh pages). */
void ll_log_format_herd_moving(ll_log_entry *e, ll_buf *out);
void ll_log_format_litmus(const ll_log_entry *e, ll_buf *out);
void ll_log_write_herd(FILE *f, const ll_log_entry *e);
void ll_log_write_litmus(FILE *f, const ll_log_entry *e);

#endif
