/* cmd_campaign.c — `litmuslab campaign`: the model on every test (in
 * parallel), hwrun on every test it can run here or on --target (one at a
 * time: it owns the cores), then compare, each as a child process of this
 * same binary; per-test results in DIR/work/ make a re-run resume. DIR is
 * locked while a campaign runs in it. Every step not saved is listed in
 * the summary with its reason, which is also printed when compare fails.
 * Also a bundle for a real machine (--bundle, written by hwrun) and the
 * comparison of the logs it brings back (--from-logs). */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "cli/commands.h"
#include "cli/opts.h"
#include "litmuslab/outdir.h"

#define DEFAULT_ITERATIONS 1000000
#define DEFAULT_TIMEOUT 600
#define MAX_LIST 25
#define MAX_EXPLAINED 200  /* states explained after compare */

static void usage(FILE *f)
{
    fputs(
        "usage: litmuslab campaign [DIR|FILE...] -o DIR [--arch A]\n"
        "                          [-n ITERATIONS] [-j N] [--force]\n"
        "                          [--model M.cat] [--hw-arg ARG ...]\n"
        "                          [--timeout SECONDS] [-q] [--target T]\n"
        "       litmuslab campaign [DIR|FILE...] --target T --bundle OUT\n"
        "                          [-n ITERATIONS] [--hw-arg ARG ...]\n"
        "                          [--timeout SECONDS] [--force]\n"
        "       litmuslab campaign [DIR|FILE...] --from-logs LOG... -o DIR\n"
        "       litmuslab campaign [DIR|FILE...] --hosts FILE -o DIR\n"
        "                          [--shards N] [-n ITERATIONS] ...\n"
        "       litmuslab campaign [DIR|FILE...] --slurm [--partition P]\n"
        "                          [--target T] [--shards N] [--dry-run] -o DIR\n"
        "Runs the model on every test (*.litmus files; directories are\n"
        "walked), hwrun on every test it can run on this machine (or on\n"
        "--target T, cross-compiled and run under qemu-user), then\n"
        "compare. Leaves in DIR: model.log (herd7 format), hardware.log\n"
        "(litmus7 format), outcomes.csv, tests.csv, summary.csv, and the\n"
        "per-test results in DIR/work/. Running it again resumes: finished\n"
        "steps are not redone unless --force (a changed test file or\n"
        "another -n is redone by itself).\n"
        "  -o DIR          where the reports go (default reports/campaign)\n"
        "  --arch A        only tests of architecture A (x86 takes X86_64)\n"
        "  -n ITERATIONS   hardware iterations per test (default 1M; k, M,\n"
        "                  G suffixes)\n"
        "  -j N            model steps run in parallel (default: CPUs)\n"
        "  --force         redo finished steps (--bundle: write into a\n"
        "                  folder that is not empty, or replace OUT.tar.gz)\n"
        "  --model M.cat   the model file, passed to `model --model`\n"
        "  --hw-arg ARG    one more argument for hwrun (repeatable)\n"
        "  --timeout S     kill a step after S seconds (default 600, 0 none;\n"
        "                  --bundle: a test that ./run runs there)\n"
        "  -q              no progress lines\n"
        "  --target T      hwrun's target (see `litmuslab hwrun --targets`)\n"
        "  --bundle OUT    write OUT (or OUT.tar.gz) for a machine of target\n"
        "                  T: the tests it runs, a Makefile and a `run`\n"
        "                  script (with -n and the --hw-arg options); then\n"
        "                  stop. OUT must be new or empty, unless --force\n"
        "  --gen CONF      generate the family CONF describes (`litmuslab\n"
        "                  gen -conf CONF`: -arch, -safe, -relax, -nprocs)\n"
        "                  into DIR/gen and run it; the summary groups the\n"
        "                  tests by the relaxation each tests\n"
        "  --from-logs LOG...  no hwrun: compare the model with these logs\n"
        "                  (brought back from ./run); give DIR|FILE first:\n"
        "                  the bundle's OUT.tar.gz itself, or its litmus/\n"
        "  --hosts FILE    run the hardware part on the ssh logins of FILE\n"
        "                  (GNU parallel's --sshloginfile format; @GROUP/\n"
        "                  names a machine class): each class (its uname -m\n"
        "                  and CPU, or its group) runs every test it can,\n"
        "                  in shards shared by its hosts, through GNU\n"
        "                  parallel; a shard whose host drops out is\n"
        "                  retried on another; one report column per class\n"
        "  --shards N      shards per host (--hosts, default 4) or array\n"
        "                  tasks (--slurm, default 8)\n"
        "  --slurm         a Slurm job array, one task per shard of the\n"
        "                  tests for --target T (default: this machine),\n"
        "                  and a collect step that writes the report to\n"
        "                  DIR; the scripts are in DIR/slurm; submitted\n"
        "                  with sbatch\n"
        "  --partition P   --slurm: the Slurm partition\n"
        "  --dry-run       --slurm: write the scripts, do not submit\n"
        "With no DIR or FILE, runs the library in litmus/.\n"
        "Every option is written -x or --x, its value after a space or\n"
        "`=` (-j4, -n2M too); -model and -cat are --model, as herd7's.\n"
        "Exit status: 0 ok, every test through every step; 1 an outcome\n"
        "the model forbids was seen; 2 bad usage, a file that is no test,\n"
        "a step that failed (or, with --from-logs, a test the log says\n"
        "failed on the machine), or compare failed (the summary names\n"
        "each); 130 interrupted (re-run to resume).\n",
        f);
}

typedef struct options {
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
} options;

/* 0 ok, 1 --help, 2 bad usage (reported). */
static int parse_options(int argc, char **argv, options *o)
{
    o->paths = ll_xcalloc((size_t)argc, sizeof *o->paths);
    o->hw_args = ll_xcalloc((size_t)argc, sizeof *o->hw_args);
    o->logs = ll_xcalloc((size_t)argc, sizeof *o->logs);
    o->out = "reports/campaign";
    o->iterations = DEFAULT_ITERATIONS;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = cpus > 0 ? (int)cpus : 1;
    o->timeout = DEFAULT_TIMEOUT;
    bool in_logs = false;   /* operands after --from-logs are logs */
    uint64_t jobs;
    cli_args p;
    cli_init(&p, "campaign", argc, argv);
    while (cli_next(&p)) {
        const char *v;
        if (!p.opt) {
            if (in_logs)
                o->logs[o->n_logs++] = p.arg;
            else
                o->paths[o->n_paths++] = p.arg;
            continue;
        }
        in_logs = false;
        if (cli_flag(&p, "h|help")) {
            usage(stdout);
            return 1;
        } else if (cli_flag(&p, "force")) {
            o->force = true;
        } else if (cli_flag(&p, "q|quiet")) {
            o->quiet = true;
        } else if (cli_flag(&p, "slurm")) {
            o->slurm = true;
        } else if (cli_flag(&p, "dry-run")) {
            o->dry_run = true;
        } else if ((v = cli_value(&p, "hosts"))) {
            o->hosts = v;
        } else if ((v = cli_value(&p, "partition"))) {
            o->partition = v;
        } else if (cli_count(&p, "shards", &jobs, 1, 9999)) {
            o->shards = (int)jobs;
        } else if ((v = cli_value(&p, "o"))) {
            o->out = v;
        } else if ((v = cli_value(&p, "arch"))) {
            o->arch = v;
        } else if ((v = cli_value(&p, "model|cat"))) {
            o->model = v;
        } else if ((v = cli_value(&p, "hw-arg"))) {
            o->hw_args[o->n_hw_args++] = v;
        } else if ((v = cli_value(&p, "target"))) {
            o->target = v;
        } else if ((v = cli_value(&p, "bundle"))) {
            o->bundle = v;
        } else if ((v = cli_value(&p, "gen"))) {
            o->gen = v;
        } else if ((v = cli_value(&p, "from-logs"))) {
            o->logs[o->n_logs++] = v;
            in_logs = true;
        } else if (cli_count(&p, "n", &o->iterations, 1, 0)) {
        } else if (cli_count(&p, "j|jobs", &jobs, 1, 999)) {
            o->jobs = (int)jobs;
        } else if (cli_seconds(&p, "timeout", &o->timeout)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.failed)
        return 2;
    if (o->n_paths == 0 && !o->gen)
        o->paths[o->n_paths++] = "litmus";
    int ways = (o->bundle != NULL) + (o->n_logs > 0) + (o->hosts != NULL) +
               o->slurm;
    if (ways > 1) {
        fputs("litmuslab campaign: one of --bundle, --from-logs, --hosts "
              "and --slurm\n", stderr);
        return 2;
    }
    const char *lone = !o->slurm && o->partition ? "--partition"
                       : !o->slurm && o->dry_run ? "--dry-run" : NULL;
    if (o->hosts && o->target) {
        fputs("litmuslab campaign: --hosts asks each host its machine: no "
              "--target\n", stderr);
        return 2;
    } else if (lone || (o->shards && !o->slurm && !o->hosts)) {
        fprintf(stderr, "litmuslab campaign: %s goes with %s\n",
                lone ? lone : "--shards", lone ? "--slurm"
                                               : "--hosts or --slurm");
        return 2;
    }
    return 0;
}

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

/* The whole of a run's state, shared by its phases. */
typedef struct campaign {
    options o;
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
} campaign;

/* compare as a child: its table goes to DIR/compare.txt. Returns its exit
 * status, or 2 when it could not run (the reason in *why). n_hw is 0 when
 * no test ran on hardware. */
static int run_compare(campaign *c, const char *model_log,
                       const char *const *hw_logs, int n_hw, char **why)
{
    cp_job j = {0};
    ll_buf b = {0};
    ll_buf_printf(&b, "%s/compare.txt", c->o.out);
    j.out = b.data;
    b = (ll_buf){0};
    ll_buf_printf(&b, "%s/compare.err", c->o.out);
    j.err = b.data;
    j.keep_output = true;
    const char **argv = ll_xcalloc((size_t)(2 * n_hw + 2 * c->n_roots + 10),
                                   sizeof *argv);
    int k = 0;
    argv[k++] = c->exe;
    argv[k++] = "compare";
    argv[k++] = "--model";
    argv[k++] = model_log;
    for (int i = 0; i < n_hw; i++) {
        argv[k++] = "--hw";
        argv[k++] = hw_logs[i];
    }
    for (int i = 0; i < c->n_roots; i++) {
        /* each test's architecture, for report.html's families */
        argv[k++] = "--tests";
        argv[k++] = c->roots[i];
    }
    argv[k++] = "-o";
    argv[k++] = c->o.out;
    argv[k++] = "--table";
    argv[k++] = "text";
    int status = 2;
    if (cp_job_start(&j, (char *const *)argv, stderr)) {
        cp_job_result res;
        cp_job_wait(&j, 1, 0, NULL, &res, &status);
        if (res == CP_JOB_CRASHED || res == CP_JOB_TIMEOUT)
            status = 2;
        if (status >= 2 || j.io_error) {
            char *line = cp_first_line(j.err);
            const char *full = cp_disk_full(c->o.out);
            ll_buf b = {0};
            ll_buf_printf(&b, "%s (%s)", *line ? line
                                         : j.io_error ? j.io_error
                                         : full ? full
                                         : res == CP_JOB_CRASHED ? "crashed"
                                                                 : "no message",
                          j.err);
            *why = b.data;
            fprintf(stderr, "litmuslab campaign: compare failed: %s\n",
                    b.data);
            free(line);
            status = 2;
        }
    }
    cp_job_free(&j);
    free(argv);
    return status;
}

/* What the figures below were made with: the model, the machine (from
 * the hardware log, the interface between the steps), -n, the date. */
static void print_header(campaign *c, FILE *f)
{
    char date[64] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    fprintf(f, "Campaign %s, %s\n", c->o.out, date);
    fprintf(f, "  model: %s\n",
            c->o.model ? c->o.model
                       : "each architecture's default (litmuslab model)");
    ll_buf log = {0};
    if (c->o.n_logs)   /* --from-logs: the first log given */
        ll_buf_puts(&log, c->o.logs[0]);
    else
        ll_buf_printf(&log, "%s/hardware.log", c->o.out);
    char *machine = cp_log_line(log.data, "Machine ");
    char *topo = cp_log_line(log.data, "Topology ");
    fprintf(f, "  machine: %s%s%s\n", machine ? machine : "none (no hardware run)",
            topo ? "; " : "", topo ? topo : "");
    uint64_t lo = 0, hi = 0;
    if (!c->o.n_logs)
        fprintf(f, "  iterations: -n %llu per test\n",
                (unsigned long long)c->o.iterations);
    else if (!cp_log_iterations(c->o.logs, c->o.n_logs, &lo, &hi))
        fputs("  iterations: none (no entry in the logs)\n", f);
    else if (lo == hi)   /* -n is not what ran: the logs say */
        fprintf(f, "  iterations: %llu per test, as the logs say\n",
                (unsigned long long)lo);
    else
        fprintf(f, "  iterations: %llu to %llu per test, as the logs say\n",
                (unsigned long long)lo, (unsigned long long)hi);
    free(machine);
    free(topo);
    ll_buf_free(&log);
}

/* The summary on stdout, and the same text in DIR/campaign.txt so that
 * the failures and lists stay with the reports. */
/* compare's classes from the CSV files in dir, as the summary prints
 * them; false when they cannot be read. With only_hw, nothing is printed
 * when no test has hardware data (every run was emulated) but a line
 * saying so. */
static bool summarise(FILE *f, const char *dir, const cp_failure *fails,
                      int n_fails, bool only_hw, bool *printed)
{
    ll_buf path = {0};
    cp_rows tests = {0}, outcomes = {0};
    ll_buf_printf(&path, "%s/tests.csv", dir);
    bool ok = cp_rows_read(path.data, false, &tests, stderr);
    ll_buf_clear(&path);
    ll_buf_printf(&path, "%s/outcomes.csv", dir);
    ok = cp_rows_read(path.data, true, &outcomes, stderr) && ok;
    int with_hw = 0;
    for (int i = 0; i < tests.n; i++)
        with_hw += strcmp(tests.items[i].status, "model-only") != 0;
    *printed = ok && !(only_hw && !with_hw);
    if (ok && !*printed)
        fputs("\nNo hardware runs: every run was emulated (below).\n", f);
    else if (ok)
        cp_print_summary(f, &tests, &outcomes, fails, n_fails, MAX_LIST);
    cp_rows_free(&tests);
    cp_rows_free(&outcomes);
    ll_buf_free(&path);
    return ok;
}

/* The summary on stdout, and the same text in DIR/campaign.txt so that
 * the failures and lists stay with the reports. Runs under emulation
 * (compare puts them in DIR/emulated) are summarised apart. When compare
 * failed (compare_failed: why) its classes are left out, the failures
 * are not. */
static void print_summary(campaign *c, double seconds,
                          const char *compare_failed)
{
    char took[32];
    cp_format_duration(seconds, took, sizeof took);
    int runnable = 0;
    for (int i = 0; i < c->tests.n; i++)
        runnable += c->tests.items[i].runnable;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    print_header(c, f);
    ll_buf where = {0};
    if (c->o.n_logs)
        ll_buf_printf(&where, "logs from %d file%s", c->o.n_logs,
                      c->o.n_logs == 1 ? "" : "s");
    else
        ll_buf_printf(&where, "%d run on %s%s", runnable,
                      c->o.target ? "target " : "this machine",
                      c->o.target ? c->o.target : "");
    fprintf(f, "  %d tests, ", c->tests.n);
    if (c->tests.unreadable)
        fprintf(f, "%d file%s not read, ", c->tests.unreadable,
                c->tests.unreadable == 1 ? "" : "s");
    fprintf(f, "%s, %d steps failed, %s\n", where.data, c->fails.n, took);
    fputs(cp_fleet_report(c->fleet), f);
    ll_buf_free(&where);
    cp_print_unread(f, &c->tests);
    if (!c->o.n_logs)
        cp_print_not_run(f, &c->tests, 10);
    else
        c->failed_there = cp_print_failed_runs(f, c->o.logs, c->o.n_logs,
                                               MAX_LIST);
    ll_buf own = {0};   /* tests run on too few PUs (hwrun says so) */
    ll_buf_printf(&own, "%s/hardware.log", c->o.out);
    const char *own_log = own.data;
    cp_print_oversubscribed(f, c->o.n_logs ? c->o.logs : &own_log,
                            c->o.n_logs ? c->o.n_logs : 1, MAX_LIST);
    ll_buf_free(&own);
    ll_buf emu = {0};
    ll_buf_printf(&emu, "%s/emulated", c->o.out);
    struct stat st;
    bool emulated = !stat(emu.data, &st) && S_ISDIR(st.st_mode);
    bool printed = false;
    if (compare_failed) {
        cp_rows none = {0};
        fprintf(f, "\ncompare failed: %s; the reports are not up to date\n",
                compare_failed);
        cp_print_summary(f, &none, &none, c->fails.items, c->fails.n,
                         MAX_LIST);
        emulated = false;
    } else {
        summarise(f, c->o.out, c->fails.items, c->fails.n, emulated, &printed);
        if (c->o.gen)
            cp_print_relaxations(f, &c->tests, c->o.out);
    }
    if (emulated) {
        fprintf(f, "\nEmulated runs (under qemu-user, say: they check the "
                "harness, they are no evidence about hardware; reports in "
                "%s):\n", emu.data);
        summarise(f, emu.data, printed ? NULL : c->fails.items,
                  printed ? 0 : c->fails.n, false, &printed);
    }
    ll_buf table = {0};
    ll_buf_printf(&table, "%s/table.txt", printed || !emulated ? c->o.out
                                                                : emu.data);
    if (!compare_failed && access(table.data, R_OK) == 0) {
        fputs("\nPer test: condition hits/iterations on each machine (per "
              "million); `!` flags figures that may mislead.\n", f);
        cp_copy_file(table.data, f);
    }
    ll_buf_free(&table);
    ll_buf_free(&emu);
    /* explanations/index.txt only when it lists something */
    fprintf(f, "\nReports: %s/{tests,outcomes,summary}.csv, %s/report.html",
            c->o.out, c->o.out);
    if (c->explained > 0)
        fprintf(f, ", %s/explanations/index.txt (%d state%s explained)",
                c->o.out, c->explained, c->explained == 1 ? "" : "s");
    fprintf(f, "; logs: %s/model.log, %s%s\n", c->o.out,
            c->o.n_logs ? "and the logs given" : c->o.out,
            c->o.n_logs ? "" : "/hardware.log");
    fclose(f);
    fwrite(text, 1, len, stdout);
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/campaign.txt", c->o.out);
    char *tmp;
    FILE *keep = ll_replace_open(path.data, &tmp);
    if (keep) {
        fwrite(text, 1, len, keep);
        ll_replace_close(keep, tmp, path.data);
    }
    free(text);
    ll_buf_free(&path);
}

/* model.log and hardware.log gathered from the work files (with
 * --from-logs, hardware.log is the given logs, passed to compare as they
 * are), then compare; 2 + *why when something failed. */
static int gather_and_compare(campaign *c, char **why)
{
    ll_buf model_log = {0}, hw_log = {0};
    ll_buf_printf(&model_log, "%s/model.log", c->o.out);
    ll_buf_printf(&hw_log, "%s/hardware.log", c->o.out);
    int status = 2;
    const char *hw[] = {hw_log.data};
    int n_model = cp_concat(c->o.out, &c->tests, CP_MODEL, c->o.iterations,
                            NULL, model_log.data, stderr);
    int n_hw = n_model < 0 || c->o.n_logs
                   ? 0
                   : cp_concat(c->o.out, &c->tests, CP_HW, c->o.iterations,
                               c->o.target, hw_log.data, stderr);
    if (n_model < 0 || n_hw < 0)
        *why = ll_xstrdup("the logs could not be gathered (see above)");
    else if (n_model == 0)
        *why = ll_xstrdup("no model step succeeded");
    else if (c->o.n_logs)
        status = run_compare(c, model_log.data, c->o.logs, c->o.n_logs, why);
    else
        status = run_compare(c, model_log.data, hw, n_hw ? 1 : 0, why);
    ll_buf_free(&model_log);
    ll_buf_free(&hw_log);
    return status;
}

/* OUT.tar.gz: hwrun writes a tarball, not a folder. */
static bool is_tarball(const char *out)
{
    size_t n = strlen(out);
    return n > 7 && !strcmp(out + n - 7, ".tar.gz");
}

/* --bundle: hwrun writes the folder for the tests it can run there. */
static int write_bundle(campaign *c)
{
    const options *o = &c->o;
    char iters[32], timeout[32];
    snprintf(iters, sizeof iters, "%" PRIu64, o->iterations);
    snprintf(timeout, sizeof timeout, "%g", o->timeout);
    const char **argv = cp_bundle_argv(c->exe, o->target, o->bundle, iters,
                                       timeout, o->force, o->hw_args,
                                       o->n_hw_args, c->tests.n);
    int k = 0, n = 0;
    while (argv[k])
        k++;
    for (int i = 0; i < c->tests.n; i++)
        if (c->tests.items[i].runnable) {
            argv[k++] = c->tests.items[i].path;
            n++;
        }
    int status = 2;
    cp_job j = {0};
    ll_buf b = {0};
    ll_buf_printf(&b, "%s/work/bundle.out", o->out);
    j.out = b.data;
    b = (ll_buf){0};
    ll_buf_printf(&b, "%s/work/bundle.err", o->out);
    j.err = b.data;
    cp_job_result res;
    if (!n)
        fputs("litmuslab campaign: no test for the bundle\n", stderr);
    else if (cp_job_start(&j, (char *const *)argv, stderr))
        cp_job_wait(&j, 1, 0, NULL, &res, &status);
    if (n && status) {
        char *line = cp_first_line(j.err);
        fprintf(stderr, "litmuslab campaign: the bundle failed: %s (%s)\n",
                line, j.err);
        free(line);
    } else if (n) {
        printf("Bundle %s: %d of %d tests for %s", o->bundle, n, c->tests.n,
               o->target ? o->target : "this machine");
        cp_print_unread(stdout, &c->tests);
        cp_print_not_run(stdout, &c->tests, 10);
        /* the command works here, where OUT is: a .tar.gz is read as it
           is (its litmus/ folder), a folder's litmus/ is there */
        bool tgz = is_tarball(o->bundle);
        printf("\nOn the machine: %s, ./run (see its README); then bring "
               "back its log and, here,\n  litmuslab campaign %s%s "
               "--from-logs LOG -o reports/NAME\n",
               tgz ? "unpack it, cd into its folder" : "cd into it",
               o->bundle, tgz ? "" : "/litmus");
    }
    cp_job_free(&j);
    free(argv);
    return n ? status : 2;
}

/* --bundle alone: no reports, so nothing is left in -o DIR (nor in the
 * current folder): the steps' files go to a temporary folder, removed at
 * the end (kept when a step failed, for the message that names it). */
static int bundle_only(campaign *c)
{
    const char *t = getenv("TMPDIR");
    ll_buf scratch = {0};
    ll_buf_printf(&scratch, "%s/litmuslab-campaign-XXXXXX", t && *t ? t
                                                                  : "/tmp");
    if (!mkdtemp(scratch.data)) {
        fprintf(stderr, "%s: cannot create: %s\n", scratch.data,
                strerror(errno));
        ll_buf_free(&scratch);
        return 2;
    }
    c->o.out = scratch.data;
    int status = cp_make_dirs(c->o.out, stderr) &&
                         cp_check_runnable(&c->tests, c->exe, c->o.target,
                                           true, c->o.out, stderr)
                     ? write_bundle(c)
                     : 2;
    if (!status)
        ll_remove_tree(scratch.data);
    c->o.out = NULL;
    ll_buf_free(&scratch);
    return status;
}

static int run(campaign *c)
{
    options *o = &c->o;
    /* before reading thousands of tests: may the bundle be written? */
    if (o->bundle &&
        !ll_output_allowed("litmuslab campaign", "--bundle", o->bundle,
                           is_tarball(o->bundle), o->force, stderr))
        return 2;
    c->roots = ll_xcalloc((size_t)o->n_paths + 1, sizeof *c->roots);
    if (o->gen) {
        char *dir = cp_gen_family("/proc/self/exe", o->gen, o->out, stderr);
        bool added = dir && cp_tests_add(&c->tests, dir, o->arch, stderr);
        if (dir)
            c->roots[c->n_roots++] = dir;   /* freed with the roots */
        if (!added)
            return 2;
    }
    /* a bundle's .tar.gz as the tests (--from-logs): read into DIR/work,
     * so DIR is made and locked first */
    bool locked = false;
    for (int i = 0; i < o->n_paths && !o->bundle && !locked; i++)
        if (cp_is_bundle(o->paths[i])) {
            if (!cp_make_dirs(o->out, stderr) ||
                cp_lock_dir(o->out, stderr) < 0)
                return 2;
            locked = true;
        }
    for (int i = 0; i < o->n_paths; i++) {
        bool ok;
        ll_buf root = {0};
        if (!o->bundle && cp_is_bundle(o->paths[i])) {
            ll_buf_printf(&root, "%s/work/bundle-%d", o->out, i + 1);
            ok = cp_tests_add_bundle(&c->tests, o->paths[i], root.data,
                                     o->arch, stderr);
        } else {
            ll_buf_puts(&root, o->paths[i]);
            ok = cp_tests_add(&c->tests, o->paths[i], o->arch, stderr);
        }
        c->roots[c->n_roots++] = root.data;
        if (!ok)
            return 2;
    }
    cp_tests_finish(&c->tests, stderr);
    if (c->tests.n == 0) {
        fprintf(stderr, "litmuslab campaign: no tests found%s%s\n",
                o->arch ? " for architecture " : "", o->arch ? o->arch : "");
        return 2;
    }
    ssize_t n = readlink("/proc/self/exe", c->exe, sizeof c->exe - 1);
    if (n <= 0) {
        fprintf(stderr, "litmuslab campaign: cannot find this program: %s\n",
                strerror(errno));
        return 2;
    }
    c->exe[n] = '\0';
    if (o->bundle) {
        /* a file that is no test is not in the bundle: said, and exit 2 */
        int st = bundle_only(c);
        return st == 0 && c->tests.unreadable ? 2 : st;
    }
    if (!cp_make_dirs(o->out, stderr))
        return 2;
    /* the -j model steps share half of physical memory (each is a model
       process of its own, which would otherwise take half for itself) */
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    unsigned long long mb = pages > 0 && page > 0
        ? (unsigned long long)pages * (unsigned long long)page / 2 /
              (unsigned long long)o->jobs >> 20
        : 0;
    snprintf(c->memory, sizeof c->memory, "%lluM", mb < 256 ? 256 : mb);
    /* held until we exit, however we exit; never passed to the steps */
    if (!locked && cp_lock_dir(o->out, stderr) < 0)
        return 2;
    /* --from-logs: hardware is done elsewhere; otherwise hwrun says which
     * tests it runs */
    cp_fleet_opts fo = {c->exe, o->out, o->hosts, o->partition, o->target,
                        o->model, o->arch, o->paths, o->n_paths,
                        o->hw_args, o->n_hw_args, o->iterations,
                        o->timeout, o->shards, o->force, o->quiet,
                        o->dry_run};
    if (o->slurm)
        return cp_slurm(&fo, &c->tests, stderr);
    /* --hosts: the hardware runs there while the model runs here */
    if (o->hosts && !(c->fleet = cp_fleet_start(&fo, &c->tests, stderr)))
        return 2;
    if (!o->n_logs && !c->fleet &&
        !cp_check_runnable(&c->tests, c->exe, o->target, false, o->out,
                           stderr))
        return 2;

    cp_plan plan = {c->exe, o->out, o->model, c->memory, o->target,
                    o->hw_args, o->n_hw_args, o->iterations, o->timeout,
                    o->force, o->jobs};
    int model_todo = cp_count_pending(&plan, &c->tests, CP_MODEL);
    int hw_todo = cp_count_pending(&plan, &c->tests, CP_HW);
    int runnable = 0;
    for (int i = 0; i < c->tests.n; i++)
        runnable += c->tests.items[i].runnable;
    char unread[64] = "";
    if (c->tests.unreadable)
        snprintf(unread, sizeof unread, " (and %d file%s not read, above)",
                 c->tests.unreadable, c->tests.unreadable == 1 ? "" : "s");
    if (o->n_logs)   /* no hwrun here: -n means nothing */
        fprintf(stderr,
                "campaign: %d tests%s; model: %d to run, %d done before; "
                "hardware: the %d log%s given\n",
                c->tests.n, unread, model_todo, c->tests.n - model_todo,
                o->n_logs, o->n_logs == 1 ? "" : "s");
    else
        fprintf(stderr,
                "campaign: %d tests%s, %d runnable %s%s; model: %d to run, "
                "%d done before; hwrun (-n %" PRIu64 "): %d to run, %d "
                "done before\n",
                c->tests.n, unread, runnable,
                o->target ? "on target " : "here", o->target ? o->target : "",
                model_todo, c->tests.n - model_todo, o->iterations, hw_todo,
                runnable - hw_todo);
    double start = cp_now();
    cp_progress_init(&c->progress, stderr, model_todo, hw_todo, o->jobs,
                     o->quiet);
    catch_signals();
    /* hwrun's progress goes into ours when ours is drawn on a terminal
       (its stderr is a file then) */
    if (c->progress.tty && !o->quiet)
        setenv("LITMUSLAB_PROGRESS", "1", 1);
    bool finished = cp_run_steps(&plan, &c->tests, &c->progress, &c->fails,
                                 &interrupted);
    cp_progress_end(&c->progress);
    int fleet = 0;   /* its logs are then compared as --from-logs */
    if (c->fleet) {
        const char **logs;
        int n;
        fleet = cp_fleet_finish(c->fleet, &interrupted, &logs, &n);
        free(o->logs);
        o->logs = ll_xcalloc((size_t)n + 1, sizeof *o->logs);
        for (int i = 0; i < n; i++)
            o->logs[i] = logs[i];
        o->n_logs = n;
    }
    if (!finished || fleet > 1) {
        fprintf(stderr,
                "campaign: %s after %d of %d steps; finished steps are kept "
                "in %s/work; run the same command again to resume\n",
                interrupted ? "interrupted" : "stopped", c->progress.done,
                c->progress.total, o->out);
        return interrupted ? 130 : 2;
    }
    char *why = NULL;
    int status = gather_and_compare(c, &why);
    /* explanations of the alarms and unseen states, then compare again
     * so that report.html links them */
    if (!why && (c->explained = cp_explain_outcomes(
                     c->exe, c->o.model, &c->tests, o->out, MAX_EXPLAINED,
                     stderr)) > 0) {
        int again = gather_and_compare(c, &why);
        status = again > status ? again : status;
    }
    print_summary(c, cp_now() - start, why);
    free(why);
    /* every test through every step, or the summary says which not; a
     * fleet's missing shard counts as a failed step */
    if (status == 0 && (c->fails.n || fleet || c->tests.unreadable ||
                        c->failed_there))
        status = 2;
    return status;
}

int cmd_campaign(int argc, char **argv)
{
    campaign c;
    memset(&c, 0, sizeof c);
    int status = parse_options(argc, argv, &c.o);
    if (status == 0)
        status = run(&c);
    else if (status == 1)
        status = 0;
    for (int i = 0; i < c.fails.n; i++) {
        free(c.fails.items[i].why);
        free(c.fails.items[i].err);
    }
    free(c.fails.items);
    cp_tests_free(&c.tests);
    cp_fleet_free(c.fleet);
    for (int i = 0; i < c.n_roots; i++)
        free(c.roots[i]);
    free(c.roots);
    free(c.o.paths);
    free(c.o.hw_args);
    free(c.o.logs);
    return status;
}
