/* campaign.h — the campaign stage: model + hwrun + compare over a set of
 * tests, driven through the other subcommands as child processes and
 * files only (it includes no other stage's header).
 *
 * Per-test results live in DIR/work/ as one file per (test, step), written
 * under a temporary name and renamed when the step succeeded, so a file
 * that exists is a finished step: that is all the resume logic needs. */
#ifndef LITMUSLAB_CAMPAIGN_H
#define LITMUSLAB_CAMPAIGN_H

#include <stdbool.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include "campaign/campaign_limits.h"
#include "litmuslab/util.h"

/* ---- discovery (discover.c) ---- */

typedef struct cp_test {
    char *path;        /* as found: argument or DIR/.../X.litmus, owned */
    char *arch;        /* the reader's architecture name (the header's), or
                          the header's word for a C test, owned */
    char *name;        /* test name, owned; NAME@ARCH when another
                          architecture's test has the same name (the
                          logs gathered for compare say it so) */
    char *log_name;    /* the name in its own logs when name was made
                          NAME@ARCH, owned; NULL otherwise */
    char *key;         /* file-name-safe name + hash of the file's bytes,
                          names its work files; owned */
    bool runnable;     /* hwrun can run it (here, or on --target) */
    char *why_not;     /* hwrun's reason when not, owned (check.c) */
} cp_test;

/* A file the campaign could not take as a test: the reader refused it. */
typedef struct cp_unread {
    char *path;        /* owned */
    char *why;         /* the reader's one line, `FILE:LINE:COL: ...`,
                          owned */
} cp_unread;

typedef struct cp_tests {
    int n;
    int cap;
    cp_test *items;
    int duplicates;    /* files skipped: same test name as an earlier one */
    int unreadable;    /* files skipped: the reader refused them
                          (reported, and kept in unread for the summary:
                          such a test went through no step) */
    cp_unread *unread;
    int cap_unread;
} cp_tests;

/* Add the tests named by one argument: a file, or a directory walked
 * recursively for *.litmus. `arch` (may be NULL) keeps only tests of that
 * architecture (cp_arch_matches). Problems are reported on `diag`.
 * Returns false when the argument does not exist. */
bool cp_tests_add(cp_tests *ts, const char *arg, const char *arch,
                  FILE *diag);
/* A bundle made by `campaign --bundle OUT.tar.gz` (a .tar.gz file) given
 * as the tests: those of its litmus/ folder, read from the archive into
 * the folder `into` (made anew) and added from there. false + message
 * when the archive cannot be read. */
bool cp_is_bundle(const char *arg);
bool cp_tests_add_bundle(cp_tests *ts, const char *tarball, const char *into,
                         const char *arch, FILE *diag);
/* Sort by path, so logs and progress follow a stable order. Done once all
 * arguments are added; a later file with an earlier test's name and
 * architecture is dropped (counted in duplicates), as herd7 keeps only
 * the first. Tests of different architectures may share a name (SB):
 * each is then named NAME@ARCH. */
void cp_tests_finish(cp_tests *ts, FILE *diag);
void cp_tests_free(cp_tests *ts);

/* The work-file key of a test: its name with characters outside
 * [A-Za-z0-9+._-] replaced by '_', then '-' and 8 hex digits of a hash of
 * the file's bytes (an edited test is redone). */
char *cp_test_key(const char *name, const char *bytes, size_t len);
/* `--arch` filter: a header name or an alias of the test's line in the
 * architecture list, any case (ll_arch_selects): an alias may take two
 * dialects. */
bool cp_arch_matches(const char *filter, const char *arch);

/* ---- which tests hwrun runs (check.c) ---- */

/* Ask hwrun: `EXE hwrun --check [--target T] [--bundle X] FILE...` as a
 * child process (in batches), output in DIR/work/check.txt; sets each
 * test's runnable and why_not. hwrun owns the answer (its target table,
 * its generators): campaign includes none of its headers. With bundle,
 * the question is whether the test goes in a bundle for the target (no
 * tools needed here). false + message when hwrun could not be asked. */
bool cp_check_runnable(cp_tests *ts, const char *exe, const char *target,
                       bool bundle, const char *dir, FILE *diag);
/* Apply hwrun --check's answers for tests [from, from+n): one line per
 * test, in order, `ok PATH` or `no PATH: why`. Returns the number of
 * lines used, or -1 when they do not match the tests asked about. */
int cp_apply_check(cp_tests *ts, int from, int n, const char *text);

/* ---- work files and resume (workdir.c) ---- */

typedef enum cp_step {
    CP_MODEL,
    CP_HW,
} cp_step;

/* DIR/work/KEY.model.log or DIR/work/KEY.hw-nITER.log (the iteration count
 * is part of the name, so a run with another -n redoes hardware; so is
 * the target, KEY.hw-TARGET-nITER.log, when not NULL), and the same with
 * `.err` for the step's stderr. Caller frees. */
char *cp_work_path(const char *dir, const cp_test *t, cp_step step,
                   uint64_t iterations, const char *target,
                   const char *suffix);
/* A finished step: its result file exists and is not empty. */
bool cp_step_done(const char *dir, const cp_test *t, cp_step step,
                  uint64_t iterations, const char *target);
/* Create DIR and DIR/work. false + message when impossible. */
bool cp_make_dirs(const char *dir, FILE *diag);
/* Lock DIR for this campaign (DIR/.lock, released when we exit, however).
 * Returns the lock's descriptor, or -1 + message when another campaign
 * holds it or it cannot be made. */
int cp_lock_dir(const char *dir, FILE *diag);
/* Why a step or file could not be written when nothing said so: "the disk
 * holding DIR is full", or NULL. */
const char *cp_disk_full(const char *dir);
/* Concatenate the finished results of `step` in test order into `out`
 * (written atomically), a test named NAME@ARCH so named in its entry's
 * Test, Observation and Time lines. Returns the number of entries, -1 on
 * I/O error. */
int cp_concat(const char *dir, const cp_tests *ts, cp_step step,
              uint64_t iterations, const char *target, const char *out,
              FILE *diag);

/* ---- generated families (gen_family.c) ---- */

/* `--gen CONF`: run `EXE gen -conf CONF -o DIR/gen` (gen's count line
 * is echoed on diag); the folder of tests (owned), or NULL + message. */
char *cp_gen_family(const char *exe, const char *conf, const char *dir,
                    FILE *diag);

/* The results of a generated family grouped by the relaxation each test
 * tests (its Relax= line), from DIR/tests.csv (relax.c). */
void cp_print_relaxations(FILE *f, const cp_tests *ts, const char *dir);

/* ---- child processes (spawn.c) ---- */

/* One running step: `argv` run with stdout to a temporary file that is
 * renamed to `out` when the child exits 0 having written something, and
 * stderr to `err`. */
typedef struct cp_job {
    pid_t pid;
    int test;          /* index in cp_tests */
    cp_step step;
    char *out;         /* final path, owned */
    char *tmp;         /* out + ".tmp", owned */
    char *err;         /* owned */
    double started;    /* cp_now() at start */
    bool keep_output;  /* rename the output whatever the exit status
                          (compare: 1 is a verdict, not a failure) */
    char *io_error;    /* why the output could not be kept, or NULL */
} cp_job;

typedef enum cp_job_result {
    CP_JOB_OK,
    CP_JOB_FAILED,     /* exit status non-zero, or empty output */
    CP_JOB_CRASHED,    /* killed by a signal */
    CP_JOB_TIMEOUT,    /* killed by us after the time limit */
    CP_JOB_INTERRUPTED,/* killed by us because the user interrupted */
} cp_job_result;

/* Start `argv[0]` (a path) with argv; false + message when fork fails. The
 * child gets its own process group (a Ctrl-C reaches only the campaign,
 * which then kills it) and dies with the campaign. */
bool cp_job_start(cp_job *j, char *const argv[], FILE *diag);
/* Wait for any of the n jobs to end, killing those past `timeout` seconds
 * (0: none) and all of them once *interrupted is set. Returns the index of
 * the job that ended and its result in *res (and *status, the exit code or
 * signal), or -1 when none is running; the job's temporary file is renamed
 * or removed. */
int cp_job_wait(cp_job *jobs, int n, double timeout,
                volatile sig_atomic_t *interrupted, cp_job_result *res, int *status);
void cp_job_free(cp_job *j);
/* *j made ready for cp_job_start: stdout to DIR/OUT, stderr to DIR/ERR,
 * keep_output as keep. */
void cp_job_files(cp_job *j, const char *dir, const char *out,
                  const char *err, bool keep);
/* Start one job and wait for it (timeout seconds, 0: none): its exit
 * status, or 2 when it could not start (the reason on diag). */
int cp_job_run(cp_job *j, char *const argv[], double timeout, FILE *diag);

/* cp_job_wait, calling tick(arg) about once a second while it waits. */
int cp_job_wait_tick(cp_job *jobs, int n, double timeout,
                     volatile sig_atomic_t *interrupted, cp_job_result *res,
                     int *status, void (*tick)(void *), void *arg);

/* Monotonic seconds. */
double cp_now(void);

/* ---- progress (progress.c) ---- */

/* "0:07", "12:34", "1:02:03"; "?" for a negative time. */
void cp_format_duration(double seconds, char *out, size_t size);
/* Estimated seconds left: `left` steps at `per_step` seconds each spread
 * over `lanes` parallel workers; < 0 when unknown (no step timed yet). */
double cp_eta(int left, double per_step, int lanes);

/* On a terminal, one line redrawn every second: the steps done, the one
 * running now (its test, how long it has run, hwrun's own rate and ETA),
 * elapsed time and the time left, estimated once a few steps of each
 * kind are done. Elsewhere (a log file), a line per finished step. */
typedef struct cp_progress {
    FILE *f;
    bool tty;          /* rewrite one line with \r; else a line per step */
    bool quiet;
    double start;
    int total;         /* steps to run in this invocation */
    int done;
    /* mean cost of a step of each kind, from this invocation's steps */
    double spent[2];
    int timed[2];
    int left[2];
    int lanes;         /* -j for model steps */
    size_t last_len;
    /* the steps running now, by lane: test name (owned) and start */
    char **running;
    double *since;
    cp_step running_step;
} cp_progress;

void cp_progress_init(cp_progress *p, FILE *f, int model_steps,
                      int hw_steps, int lanes, bool quiet);
/* A step started in lane `slot` (0 .. lanes-1). */
void cp_progress_started(cp_progress *p, int slot, cp_step step,
                         const char *test);
/* The step of lane `slot` ended after `seconds`. */
void cp_progress_step(cp_progress *p, int slot, cp_step step,
                      const char *test, double seconds);
/* A step of this kind will not run after all. */
void cp_progress_drop(cp_progress *p, cp_step step);
/* Redraw the line (a terminal only); note, when not NULL, is the running
 * hwrun's own progress. */
void cp_progress_tick(cp_progress *p, const char *note);
/* hwrun's last progress line in its stderr file (`TEST: N/M iterations,
 * R/s, ..., ETA S`), appended to out; nothing when there is none. */
void cp_progress_note(const char *err_path, ll_buf *out);
/* The line as it would be drawn at `now`: with `what` (model, hwrun) a
 * finished step's, naming `test`; with NULL, what runs now. */
void cp_progress_line(const cp_progress *p, const char *what,
                      const char *test, double now, const char *note,
                      ll_buf *out);
void cp_progress_end(cp_progress *p);

/* ---- the steps (run.c) ---- */

/* What the steps are run with. */
typedef struct cp_plan {
    const char *exe;         /* this program */
    const char *out;         /* DIR */
    const char *model;       /* --model, or NULL */
    const char *memory;      /* --max-memory of each model step */
    const char *target;      /* --target, or NULL */
    const char *const *hw_args;
    int n_hw_args;
    uint64_t iterations;
    double timeout;
    bool force;
    int jobs;                /* model steps at a time */
} cp_plan;

typedef struct cp_failure cp_failure;
typedef struct cp_failures {
    cp_failure *items;
    int n, cap;
} cp_failures;

/* Steps still to run of one kind (hwrun: runnable tests only). */
int cp_count_pending(const cp_plan *pl, const cp_tests *ts, cp_step step);
/* Every pending model step, pl->jobs at a time, then every pending hwrun
 * step, one at a time; a test whose model step failed on bad input is
 * made not runnable (why_not says so). Failures are appended to f. false
 * when interrupted or a child could not be started. */
bool cp_run_steps(const cp_plan *pl, cp_tests *ts, cp_progress *pr,
                  cp_failures *f, volatile sig_atomic_t *interrupted);
/* The first line of a step's stderr (past hwrun's progress), to say why
 * it failed; "" when none. Caller frees. */
char *cp_first_line(const char *path);

/* ---- the summary (summary.c) ---- */

/* One row of compare's tests.csv or outcomes.csv: the fields we use. */
typedef struct cp_row {
    char *test;
    char *state;       /* outcomes.csv only */
    char *status;
} cp_row;

typedef struct cp_rows {
    int n;
    int cap;
    cp_row *items;
} cp_rows;

/* rows.c: read a CSV report by its header's column names (`test`,
 * `state`, `status`). false + message when unreadable or a column is
 * missing. */
bool cp_rows_read(const char *path, bool with_state, cp_rows *rows,
                  FILE *diag);
void cp_rows_free(cp_rows *rows);
/* Rank of a status in the summary: the alarm first, agreement last. */
int cp_status_rank(const char *status);

/* A test that failed in the campaign itself (not a model verdict). */
struct cp_failure {
    const char *test;
    cp_step step;
    char *why;         /* owned */
    char *err;         /* the step's stderr file, owned */
    bool retry;        /* killed, crashed, not saved: a re-run may pass;
                          else bad input, the same on every run */
};

/* The table printed at the end: classes of tests and outcomes with the
 * forbidden-and-seen ones first, the tests in the alarming classes by
 * name, the allowed-unseen outcomes (up to `max_list` lines each), then
 * the failures. */
void cp_print_summary(FILE *f, const cp_rows *tests, const cp_rows *outcomes,
                      const cp_failure *fails, int n_fails, int max_list);
/* The files that were no test (the reader refused them), each with the
 * reader's message: they went through no step. Nothing when none. */
void cp_print_unread(FILE *f, const cp_tests *ts);
/* The tests hwrun did not run, with its reasons grouped (at most
 * max_list lines). Nothing when it ran them all. */
void cp_print_not_run(FILE *f, const cp_tests *ts, int max_list);
/* The `Failed NAME: why` lines of the logs (a bundle's run writes them
 * between entries for tests that crashed, hung or were killed), at most
 * max_list of them, after a header; nothing when there are none. Returns
 * how many there are. */
int cp_print_failed_runs(FILE *f, const char *const *logs, int n,
                         int max_list);
/* The tests of the hardware logs (logs[0..n)) that ran with more threads
 * than PUs (hwrun's `Oversubscribed` line), at most max_list by name:
 * their threads took turns, so what they did not show is no hardware
 * evidence. Nothing when there are none (or a log cannot be read). */
void cp_print_oversubscribed(FILE *f, const char *const *logs, int n,
                             int max_list);

/* The rest of the first line of a log starting with prefix (`Machine `),
 * or NULL; and a file copied to `to` after a blank line (false when it
 * cannot be read). */
char *cp_log_line(const char *path, const char *prefix);
/* The iterations of the entries of logs[0..n) (each entry's `Positive: P,
 * Negative: N`): the fewest in *lo, the most in *hi. Returns the number
 * of entries counted. */
int cp_log_iterations(const char *const *logs, int n, uint64_t *lo,
                      uint64_t *hi);
bool cp_copy_file(const char *path, FILE *to);

/* ---- explanations (explain.c) ---- */

/* After compare: `EXE model --explain` (with --model M when not NULL)
 * for each forbidden-seen, then each allowed-unseen state of DIR's
 * outcomes.csv, at most max, into DIR/explanations/TEST/STATE.{txt,dot,
 * svg} with DIR/explanations/index.txt. Returns how many were written,
 * -1 when outcomes.csv cannot be read. */
int cp_explain_outcomes(const char *exe, const char *model,
                        const cp_tests *ts, const char *dir, int max,
                        FILE *diag);

/* ---- fleets: shards (shard.c), GNU parallel over ssh (fleet.c), Slurm
 * (slurm.c) ---- */

#define CP_SHARDS_PER_HOST 4   /* --hosts: default shards per host */
#define CP_SLURM_SHARDS 8      /* --slurm: default array tasks */
#define CP_FLEET_STOP_WAIT 20  /* s after Ctrl-C before GNU parallel is
                                  killed (it stops the remote jobs) */
#define CP_FLEET_DETECT_TIMEOUT 120 /* s for a host to say its machine */

/* Text files built into the binary (scripts/embed.sh): job.sh, from
 * campaign/fleet_job.sh, which runs one shard where it lands. */
typedef struct cp_file {
    const char *name;
    const char *text;
} cp_file;
extern const cp_file cp_fleet_files[];

/* What a fleet campaign is run with (campaign's options). */
typedef struct cp_fleet_opts {
    const char *exe;           /* this program */
    const char *out;           /* -o DIR */
    const char *hosts;         /* --hosts FILE */
    const char *partition;     /* --slurm --partition P, or NULL */
    const char *target;        /* --slurm: --target, NULL: this machine */
    const char *model;         /* --model, or NULL */
    const char *arch;          /* --arch, or NULL */
    const char *const *paths;  /* the tests' arguments (the collect step
                                  reads them again) */
    int n_paths;
    const char *const *hw_args;
    int n_hw_args;
    uint64_t iterations;
    double timeout;            /* per test, in each bundle's ./run */
    int shards;                /* --shards, 0: the default */
    bool force;
    bool quiet;
    bool dry_run;              /* --slurm: write the scripts only */
} cp_fleet_opts;

/* One shard: some runnable tests of one machine class. */
typedef struct cp_shard {
    char *name;                /* CLASS/sNN: names its files; owned */
    int *tests;                /* indexes in cp_tests, owned */
    int n;
} cp_shard;

typedef struct cp_shards {
    cp_shard *items;
    int n, cap;
} cp_shards;

/* hwrun's arguments for a bundle OUT (a .tar.gz) of n_tests tests, up to
 * the tests, which the caller adds (room is left for them and a NULL). */
const char **cp_bundle_argv(const char *exe, const char *target,
                            const char *out, const char *iters,
                            const char *timeout, bool force,
                            const char *const *hw_args, int n_hw_args,
                            int n_tests);
/* The runnable tests of ts dealt round robin into n shards (fewer when
 * there are fewer tests) named CLASS/s01...; returns how many. */
int cp_shards_split(cp_shards *sh, const cp_tests *ts, const char *cls,
                    int n);
/* `shard NAME KEY...` lines of shards [from, to) (KEY: cp_test_key). */
void cp_shards_plan(const cp_shards *sh, int from, int to,
                    const cp_tests *ts, ll_buf *out);
/* 12 hex digits naming this plan in this folder (remote work folders,
 * Slurm job names). */
void cp_plan_id(const char *plan, const char *dir, char id[13]);
/* Whether DIR/plan is `plan` (a re-run of the same campaign: resume);
 * when not, DIR is emptied (the old shards and logs are no use). DIR is
 * created; false + message when it cannot be, or the plan differs. */
bool cp_plan_same(const char *dir, const char *plan, FILE *diag);
/* DIR/NAME.tar.gz for each shard of [from, to) for hwrun target `target`
 * (NULL: this machine), unless an earlier run of the plan wrote it.
 * false + message when hwrun failed. */
bool cp_shards_bundle(const cp_shards *sh, int from, int to,
                      const char *target, const cp_fleet_opts *o,
                      const cp_tests *ts, const char *dir, FILE *diag);
/* DIR/job.sh; a file replaced whole. false + message. */
bool cp_write_job_script(const char *dir, FILE *diag);
bool cp_write_text(const char *path, const char *text, FILE *diag);
void cp_shards_free(cp_shards *sh);
/* s in single quotes for sh, appended to b. */
void cp_sh_quote(ll_buf *b, const char *s);

/* `--hosts FILE`: read the hosts (GNU parallel's --sshloginfile format),
 * ask each its machine (`uname -m`, the CPU), write a bundle per shard
 * of each machine class and start GNU parallel on them, in the
 * background. NULL + message when it cannot start (bad host file, no
 * host answered, GNU parallel missing). The tests' runnable flags are
 * left false (no hwrun here). */
typedef struct cp_fleet cp_fleet;
cp_fleet *cp_fleet_start(const cp_fleet_opts *o, cp_tests *ts, FILE *diag);
/* Wait for the shards, drawing progress (hosts, shards done and left,
 * ETA) on diag; once *interrupted, stop GNU parallel (which stops the
 * remote jobs). Then merge each class's shard logs into one log, one
 * per class: *logs (owned by f). Returns 0, 1 when shards are missing
 * (lost with every retry; said in the report), 130 when interrupted, 2
 * when GNU parallel failed. */
int cp_fleet_finish(cp_fleet *f, volatile sig_atomic_t *interrupted,
                    const char ***logs, int *n_logs);
/* What ran where, for the summary (hosts, classes, shards missing). */
const char *cp_fleet_report(const cp_fleet *f);
void cp_fleet_free(cp_fleet *f);

/* `--slurm`: bundles of the shards for --target (or this machine) and
 * the scripts of a job array (one task per shard) and its collect step
 * (campaign --from-logs, once the array is over) in DIR/slurm, then
 * submitted with sbatch (not with dry_run). Exit status. */
int cp_slurm(const cp_fleet_opts *o, cp_tests *ts, FILE *diag);

/* ---- one whole campaign (driver.c): what cli/cmd_campaign.c calls ---- */

/* The command line, read (cli/cmd_campaign.c owns and frees the arrays;
 * a --hosts run replaces logs with its fleet's, which the caller frees
 * all the same). */
typedef struct cp_options {
    const char **paths;
    int n_paths;
    const char *out;
    const char *arch;
    const char *model;
    const char **hw_args;
    int n_hw_args;
    const char *target;      /* --target, or NULL for this machine */
    const char *bundle;      /* --bundle OUT */
    const char **logs;       /* --from-logs */
    const char *gen;         /* --gen CONF: a generated family */
    int n_logs;
    const char *hosts;       /* --hosts FILE */
    const char *partition;   /* --partition P */
    int shards;              /* --shards N, 0: the default */
    bool slurm;
    bool dry_run;
    uint64_t iterations;
    int jobs;
    double timeout;
    bool force;
    bool quiet;
} cp_options;


/* The model on every test (in parallel), hwrun on every test it can run
 * here or on --target (one at a time: it owns the cores), then compare,
 * each as a child process of this same binary; or the bundle
 * (--bundle), or the comparison of the logs a bundle brought back
 * (--from-logs). The exit status: 0, 1 a forbidden outcome was seen, 2
 * a step failed (listed in the summary), 130 interrupted. */
int cp_campaign_run(cp_options *o);

/* The state of one campaign, shared by its steps: driver.c runs them,
 * compare_step.c, bundle.c and summary.c each do one. */
typedef struct cp_campaign {
    cp_options *o;
    cp_tests tests;
    char exe[4096];
    char memory[32];   /* --max-memory for each model step */
    cp_progress progress;
    cp_failures fails;
    cp_fleet *fleet;   /* --hosts: the shards running on the hosts */
    int failed_there;  /* --from-logs: the logs' `Failed` lines */
    char **roots;      /* where the tests were found (a bundle's: where
                          they were read into), for compare --tests */
    int n_roots;
    int explained;     /* states explained after compare */
} cp_campaign;

/* compare_step.c: model.log and hardware.log gathered from the work
 * files (with --from-logs, hardware.log is the given logs, passed to
 * compare as they are), then compare as a child, its table in
 * DIR/compare.txt; its exit status, or 2 + *why when something failed. */
int cp_compare_step(cp_campaign *c, char **why);
/* bundle.c: OUT names a tarball (OUT.tar.gz), not a folder. */
bool cp_is_tarball(const char *out);
/* bundle.c: --bundle alone: hwrun writes the folder (or tarball) for the
 * tests it can run there; the steps' files go to a temporary folder,
 * removed at the end. The exit status. */
int cp_bundle_only(cp_campaign *c);
/* summary.c: the campaign's summary on stdout and in DIR/campaign.txt;
 * compare_failed: why compare failed, or NULL. */
void cp_campaign_summary(cp_campaign *c, double seconds,
                         const char *compare_failed);

#endif
