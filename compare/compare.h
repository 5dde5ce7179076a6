/* compare.h — the compare stage: model logs joined with hardware logs,
 * test by test and outcome by outcome, then written as CSV reports.
 *
 * Model logs are read first (they give each test's allowed states and its
 * condition), then hardware logs are streamed entry by entry into per-test
 * tallies, so memory grows with the number of distinct (test, state)
 * pairs, not with the size of the logs. */
#ifndef LITMUSLAB_COMPARE_H
#define LITMUSLAB_COMPARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "compare/compare_limits.h"
#include "litmuslab/log.h"
#include "litmuslab/outdir.h"

/* One final state of one test, from either side. */
typedef struct cmp_outcome {
    char *key;           /* the state printed in herd7's style, owned */
    uint64_t count;      /* hardware count, summed over entries */
    uint64_t machines;   /* bit i: machine i showed it (count > 0) */
    bool in_model;       /* the model allows it */
    bool in_hw;          /* some hardware histogram lists it */
    bool satisfies;      /* the test's condition (prop) holds on it */
} cmp_outcome;

/* One histogram line of one machine, kept until cmp_finish splits each
 * machine's iterations into condition hits and the rest. */
typedef struct cmp_mcount {
    const char *key;     /* the outcome's key (owned by the outcome) */
    int machine;
    uint64_t count;
} cmp_mcount;

typedef struct cmp_test {
    char *name;
    /* model side */
    bool in_model;
    ll_verdict model_verdict;
    char *cond_text;     /* the model's (or, failing that, hardware's) */
    bool has_cond;       /* cond parsed from the model's condition */
    ll_cond cond;
    char *hash;          /* the reference Hash= (model first), or NULL */
    char *hash_where;    /* FILE:LINE of the reference hash */
    /* hardware side */
    int hw_entries;      /* entries merged */
    int hw_unknown;      /* of which with a `??` or `Undef` verdict */
    uint64_t hw_total;
    uint64_t hw_positive; /* count of states satisfying the condition */
    /* outcomes in the order first seen, found by key through a hash
     * index, then sorted by key once all is read (cmp_finish) */
    int n_out;
    int cap_out;
    cmp_outcome *out;
    /* per machine: the histogram lines read, then (cmp_finish) the
     * iterations and condition hits of each of run->n_machines */
    int n_mc, cap_mc;
    cmp_mcount *mc;
    uint64_t *m_total, *m_positive;
    int threads;         /* threads the states name (highest P + 1) */
    char *source_path;   /* its litmus file (--tests), or NULL */
    char *arch;          /* its architecture (--tests, or the NAME@ARCH
                            campaign gives it), or NULL */
    int *index;          /* open addressing: outcome number, -1 empty */
    int n_index;         /* a power of two, or 0 */
    char *places;        /* the model's states' places, "0:r1 x y" */
    bool overflow;       /* a hardware count was saturated (reported) */
    /* oversubscription (oversub.c): more threads than PUs, so the threads
     * took turns and what the run did not show is no hardware evidence */
    uint64_t hw_machines;   /* bit i: machine i ran it (an entry) */
    uint64_t fit_machines;  /* bit i: some entry of machine i was not
                               marked `Oversubscribed` */
    bool fit_unnamed;       /* such an entry past CMP_MAX_MACHINES */
    uint64_t over_machines; /* (cmp_finish) bit i: machine i's runs of it
                               were all oversubscribed */
    bool over_only;         /* (cmp_finish) every hardware run was */
} cmp_test;

/* Test verdict classes (model against hardware). */
typedef enum cmp_test_status {
    CMP_AGREE,           /* same verdict */
    CMP_ALLOWED_UNSEEN,  /* the model's verdict is the looser one */
    CMP_OVERSUB_UNSEEN,  /* the same, but every hardware run of the test
                            was oversubscribed: no evidence either way */
    CMP_FORBIDDEN_SEEN,  /* hardware's verdict is the looser one: alarm */
    CMP_MODEL_ONLY,      /* no hardware data */
    CMP_HW_ONLY,         /* no model entry */
    CMP_UNDECIDED,       /* a `??`/`Undef` model verdict, or no usable
                            condition */
    CMP_N_TEST_STATUS
} cmp_test_status;

typedef enum cmp_outcome_status {
    CMP_O_ALLOWED_SEEN,
    CMP_O_ALLOWED_UNSEEN,
    CMP_O_OVERSUB_UNSEEN,  /* allowed, never seen, and every hardware run
                              of its test was oversubscribed */
    CMP_O_FORBIDDEN_SEEN,  /* the alarm */
    CMP_O_FORBIDDEN_UNSEEN, /* the state an exists names, forbidden and
                              never seen: the "No, 0" cell of a table */
    CMP_O_MODEL_ONLY,      /* the test has no hardware data */
    CMP_O_HW_ONLY,         /* the test has no model entry */
    CMP_N_OUTCOME_STATUS
} cmp_outcome_status;

typedef struct cmp_run {
    /* tests, in a hash table by name */
    cmp_test **slots;
    int n_slots;
    int n_tests;
    /* machines, by label */
    int n_machines;
    char *machines[CMP_MAX_MACHINES];
    char *machine_cpu[CMP_MAX_MACHINES];  /* `Machine` line, or NULL */
    int machine_pus[CMP_MAX_MACHINES];    /* from `Topology`, 0: unknown */
    bool machine_emulated[CMP_MAX_MACHINES]; /* a log said so */
    /* what was read */
    int model_entries;
    int hw_entries;
    int malformed;        /* entries skipped, each reported */
    int overflows;        /* tests whose counts were saturated */
    int hash_conflicts;   /* entries not merged, each reported */
    int verdict_conflicts; /* model logs disagreeing on a verdict */
    int model_undecided;  /* model entries with `??`/`Undef` */
    int hw_undecided;     /* hardware entries with `??`/`Undef` */
    int too_many_machines;
    /* Entries marked `Emulated` (run under qemu-user, say) are never
     * hardware evidence: a run takes either the hardware entries (false)
     * or the emulated ones (true), and counts the others here. */
    bool emulated;
    int other_kind;
    int oversubscribed;   /* hardware entries with an `Oversubscribed`
                             line (merged, flagged) */
    int test_files;       /* --tests: files read */
    int bad_test_files;   /* --tests: files that did not parse (reported) */
    FILE *diag;           /* where problems are reported (stderr) */
    int file_problems;    /* problems in the file being read */
} cmp_run;

void cmp_run_init(cmp_run *run, FILE *diag);
void cmp_run_free(cmp_run *run);
cmp_test *cmp_find(cmp_run *run, const char *name, bool create);
/* The outcome with this key in t, created when create is set. Outcome
 * pointers stay valid until the next outcome is created. */
cmp_outcome *cmp_outcome_find(cmp_test *t, const char *key, bool create);
/* Once all is read: t's outcomes sorted by key (cmp_finish does it). */
void cmp_sort_outcomes(cmp_test *t);
/* Index of a machine label (added when new), or -1 past the limit. */
int cmp_machine(cmp_run *run, const char *label);
/* All tests sorted by name (caller frees the array). */
cmp_test **cmp_sorted_tests(const cmp_run *run);

/* Stream one log into the run. `label` names the machine of a hardware
 * log (NULL: the entry's `Machine` line, else the file's base name).
 * Returns false when the file cannot be opened or read to its end, or
 * holds no entry at all (reported). */
bool cmp_read_model(cmp_run *run, const char *path);
bool cmp_read_hw(cmp_run *run, const char *path, const char *label);

/* Conditions from test files, for the tests of the run that have none
 * from a model log: every `*.litmus` under dir, matched by test name.
 * Unparseable tests are reported and counted; false when dir cannot be
 * read. */
bool cmp_read_tests(cmp_run *run, const char *dir);
/* Once everything is read: each test's condition evaluated on each of its
 * outcomes (`satisfies`, `hw_positive`). */
void cmp_finish(cmp_run *run);

/* Classification. */
/* Hardware's verdict on t's condition, from the states it showed;
 * LL_VERDICT_NONE when there is no hardware data or no condition. */
ll_verdict cmp_hw_verdict(const cmp_test *t);
cmp_test_status cmp_test_class(const cmp_test *t);
cmp_outcome_status cmp_outcome_class(const cmp_test *t,
                                     const cmp_outcome *o);
const char *cmp_test_status_word(cmp_test_status s);
const char *cmp_outcome_status_word(cmp_outcome_status s);

/* Counts of each class, for summary.csv and the table on stdout. */
typedef struct cmp_totals {
    int tests[CMP_N_TEST_STATUS];
    long outcomes[CMP_N_OUTCOME_STATUS];
    int pairs[4];         /* No/No, Ok/Ok, Ok/No, No/Ok; an Ok/No test
                             run only oversubscribed is not among them */
} cmp_totals;

void cmp_count(const cmp_run *run, cmp_test **sorted, cmp_totals *tot);

/* Where one comparison's reports go: DIR (-o) is written as a whole
 * (include/litmuslab/outdir.h), so every report is made in DIR's stage,
 * and DIR is replaced only once every input was read and every report
 * written. */
typedef struct cmp_out {
    const char *dir;     /* DIR or DIR/emulated, as the user names it
                            (where a campaign's explanations are, too) */
    ll_outdir *stage;    /* DIR's stage */
    const char *sub;     /* dir in the stage: "" or "emulated/" */
} cmp_out;

/* A report NAME of out: opened new in the stage (NULL + message); written;
 * closed by cmp_report_close (false + message naming DIR/NAME and the
 * reason). */
FILE *cmp_report_open(const cmp_out *out, const char *name);
bool cmp_report_close(const cmp_out *out, FILE *f, const char *name);
/* outcomes.csv, tests.csv, summary.csv; false + message on stderr when a
 * file cannot be written. */
bool cmp_write_reports(const cmp_run *run, cmp_test **sorted,
                       const cmp_totals *tot, const cmp_out *out);
void cmp_print_summary(const cmp_run *run, const cmp_totals *tot, FILE *f);

/* paper.c: the allowed-vs-observed table, one row per test, one
 * `seen/total` column per machine. */
typedef enum cmp_table_fmt {
    CMP_TABLE_TEXT,
    CMP_TABLE_MARKDOWN,
    CMP_TABLE_LATEX,
} cmp_table_fmt;
bool cmp_table_format(const char *name, cmp_table_fmt *out);
void cmp_write_table(const cmp_run *run, cmp_test **sorted,
                     cmp_table_fmt fmt, FILE *f);
/* A count with a k/M/G suffix, as the papers print them: 1.2k, 16G. */
void cmp_count_short(uint64_t n, char *out, size_t size);
/* Row order: alarms (0), allowed-unseen (1), oversubscribed-unseen (2),
 * ..., Ok/Ok (6), No/No (7);
 * the name of each group; the tests in that order (caller frees). */
int cmp_row_rank(const cmp_test *t);
const char *cmp_row_group(int rank);
cmp_test **cmp_ranked_tests(const cmp_run *run, cmp_test **sorted);
/* Why machine m's figures for t may mislead (oversubscribed: more
 * threads than PUs; an emulator), or nothing. */
void cmp_cell_flags(const cmp_run *run, const cmp_test *t, int m,
                    ll_buf *out);

/* oversub.c: a hardware entry's `Oversubscribed N threads on M PUs`
 * line noted (m: its machine, -1 when unnamed); once all is read, which
 * machines ran t only oversubscribed (the line, or a `Topology` with
 * fewer PUs than the threads t's states name). */
void cmp_note_oversub(cmp_run *run, cmp_test *t, int m,
                      const ll_log_entry *e);
void cmp_finish_oversub(const cmp_run *run, cmp_test *t);

/* html.c: report.html of out, one self-contained page (no network);
 * each test's source is shown when --tests found its file. */
bool cmp_write_html(const cmp_run *run, cmp_test **sorted,
                    const cmp_totals *tot, const cmp_out *out);

/* explained.c: the explanation of a test's state a campaign left in
 * DIR/explanations: its path relative to DIR, without extension, in rel
 * (and *svg when there is a graph); false when there is none. */
bool cmp_explanation(const char *dir, const char *test, const char *state,
                     ll_buf *rel, bool *svg);

/* driver.c: one comparison, what cli/cmd_compare.c calls. The model logs
 * (--model), the hardware logs (--hw [NAME=]FILE) and the folders of the
 * tests (--tests) read; the reports written in dir as a whole (nothing is
 * written when an input cannot be read), the emulated runs apart in
 * dir/emulated; the summary (and with table, the table) on stdout. The
 * exit status: 0, 1 when a forbidden outcome was seen, 2 on a failure. */
typedef struct cmp_hw_arg {
    const char *label;   /* NULL when not given */
    const char *path;
} cmp_hw_arg;
typedef struct cmp_job {
    const char **models;
    int n_models;
    const cmp_hw_arg *hws;
    int n_hws;
    const char **tests_dirs;    /* --tests, repeatable */
    int n_tests_dirs;
    bool table;
    cmp_table_fmt fmt;
} cmp_job;
int cmp_compare(const cmp_job *job, const char *dir);

#endif
