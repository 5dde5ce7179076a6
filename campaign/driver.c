/* driver.c — one whole campaign (cp_campaign_run, campaign.h): the
 * model on every test (in parallel), hwrun on every test it can run here
 * or on --target (one at a time: it owns the cores), then compare, each
 * as a child process of this same binary; per-test results in DIR/work/
 * make a re-run resume. DIR is locked while a campaign runs in it. Every
 * step not saved is listed in the summary with its reason, which is also
 * printed when compare fails. Also a bundle for a real machine
 * (--bundle, bundle.c) and the comparison of the logs it brings back
 * (--from-logs). */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/campaign_limits.h"
#include "litmuslab/os.h"
#include "litmuslab/outdir.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, 0};
    ll_signals_catch(sigs, on_signal, NULL);
}

/* The whole run; c->o is read. */
static int run(cp_campaign *c)
{
    cp_options *o = c->o;
    /* before reading thousands of tests: may the bundle be written? */
    if (o->bundle &&
        !ll_output_allowed("litmuslab campaign", "--bundle", o->bundle,
                           cp_is_tarball(o->bundle), o->force, stderr))
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
        int st = cp_bundle_only(c);
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
    int status = cp_compare_step(c, &why);
    /* explanations of the alarms and unseen states, then compare again
     * so that report.html links them */
    if (!why && (c->explained = cp_explain_outcomes(
                     c->exe, o->model, &c->tests, o->out, CP_MAX_EXPLAINED,
                     stderr)) > 0) {
        int again = cp_compare_step(c, &why);
        status = again > status ? again : status;
    }
    cp_campaign_summary(c, cp_now() - start, why);
    free(why);
    /* every test through every step, or the summary says which not; a
     * fleet's missing shard counts as a failed step */
    if (status == 0 && (c->fails.n || fleet || c->tests.unreadable ||
                        c->failed_there))
        status = 2;
    return status;
}

int cp_campaign_run(cp_options *o)
{
    cp_campaign c;
    memset(&c, 0, sizeof c);
    c.o = o;
    int status = run(&c);
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
    return status;
}
