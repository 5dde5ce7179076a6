/* compare_step.c — a campaign's compare step: model.log and
 * hardware.log gathered from the work files, then `litmuslab compare` as
 * a child process (its table in DIR/compare.txt, its first line of
 * stderr the reason when it fails). */
#include <stdlib.h>

#include "campaign/campaign.h"

/* compare as a child: its table goes to DIR/compare.txt. Returns its exit
 * status, or 2 when it could not run (the reason in *why). n_hw is 0 when
 * no test ran on hardware. */
static int run_compare(cp_campaign *c, const char *model_log,
                       const char *const *hw_logs, int n_hw, char **why)
{
    cp_job j;
    cp_job_files(&j, c->o->out, "compare.txt", "compare.err", true);
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
    argv[k++] = c->o->out;
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
            const char *full = cp_disk_full(c->o->out);
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

/* model.log and hardware.log gathered from the work files (with
 * --from-logs, hardware.log is the given logs, passed to compare as they
 * are), then compare; 2 + *why when something failed. */
int cp_compare_step(cp_campaign *c, char **why)
{
    ll_buf model_log = {0}, hw_log = {0};
    ll_buf_printf(&model_log, "%s/model.log", c->o->out);
    ll_buf_printf(&hw_log, "%s/hardware.log", c->o->out);
    int status = 2;
    const char *hw[] = {hw_log.data};
    int n_model = cp_concat(c->o->out, &c->tests, CP_MODEL, c->o->iterations,
                            NULL, model_log.data, stderr);
    int n_hw = n_model < 0 || c->o->n_logs
                   ? 0
                   : cp_concat(c->o->out, &c->tests, CP_HW, c->o->iterations,
                               c->o->target, hw_log.data, stderr);
    if (n_model < 0 || n_hw < 0)
        *why = ll_xstrdup("the logs could not be gathered (see above)");
    else if (n_model == 0)
        *why = ll_xstrdup("no model step succeeded");
    else if (c->o->n_logs)
        status = run_compare(c, model_log.data, c->o->logs, c->o->n_logs, why);
    else
        status = run_compare(c, model_log.data, hw, n_hw ? 1 : 0, why);
    ll_buf_free(&model_log);
    ll_buf_free(&hw_log);
    return status;
}

