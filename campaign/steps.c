/* steps.c — the campaign's steps: every pending model step, -j at a time,
 * then every pending hwrun step, one at a time (it owns the cores), each
 * a child process of this binary whose output is kept in DIR/work/. A
 * test whose model step failed on bad input (the test or the model file
 * does not read) is not run on hardware: its figures could not be
 * compared. The progress line is redrawn every second meanwhile. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"

char *cp_first_line(const char *path)
{
    size_t len;
    char *text = ll_read_file(path, &len);
    if (!text)
        return ll_xstrdup("");
    /* hwrun's progress lines (`\r\033[K...`) come before its message on
       the same line: keep what follows the last carriage return */
    char *line = text;
    for (;;) {
        size_t n = strcspn(line, "\n");
        char *cr = memrchr(line, '\r', n);
        char *from = cr ? cr + 1 : line;
        if (!strncmp(from, "\033[K", 3))
            from += 3;
        if (from < line + n || !line[n]) {
            size_t m = (size_t)(line + n - from);
            char *out = ll_xstrndup(from, m > 160 ? 160 : m);
            free(text);
            return out;
        }
        line += n + 1;   /* only progress on this line: the next one */
    }
}

/* A message about a place in a file: `FILE:LINE:...`. */
static bool located(const char *line)
{
    const char *colon = strchr(line, ':');
    return colon && colon > line && !memchr(line, ' ', (size_t)(colon - line)) &&
           colon[1] >= '0' && colon[1] <= '9';
}

static void record_failure(const cp_plan *pl, const cp_tests *ts,
                           cp_failures *f, const cp_job *j,
                           cp_job_result res, int status)
{
    ll_buf why = {0};
    bool retry = true;
    switch (res) {
    case CP_JOB_CRASHED:
        ll_buf_puts(&why, "crashed (");
        ll_signal_describe(status, &why);
        ll_buf_putc(&why, ')');
        break;
    case CP_JOB_TIMEOUT:
        ll_buf_printf(&why, "killed after %.0f s", pl->timeout);
        break;
    default: {
        char *line = cp_first_line(j->err);
        const char *full = *line || j->io_error ? NULL
                                                : cp_disk_full(pl->out);
        if (j->io_error)
            ll_buf_puts(&why, j->io_error);
        else
            ll_buf_printf(&why, "exit %d%s%s", status,
                          *line || full ? ": " : "", *line ? line
                                                 : full ? full : "");
        /* exit 2 with a message is the same on every run: the model's
           (bad input, or a model bug), or hwrun's FILE:LINE: one; not
           when output could not be written */
        retry = j->io_error || full || status != 2 || !*line ||
                strstr(line, "cannot write") ||
                (j->step == CP_HW && !located(line));
        free(line);
    }
    }
    ll_grow((void **)&f->items, &f->cap, f->n + 1, sizeof *f->items);
    f->items[f->n++] = (cp_failure){ts->items[j->test].name, j->step,
                                    why.data, ll_xstrdup(j->err), retry};
}

/* The argument vector of one step (pointers into the plan and tests). */
static const char **step_argv(const cp_plan *pl, const cp_test *t,
                              cp_step step, char *iters)
{
    const char **argv = ll_xcalloc((size_t)pl->n_hw_args + 10,
                                   sizeof *argv);
    int n = 0;
    argv[n++] = pl->exe;
    if (step == CP_MODEL) {
        argv[n++] = "model";
        if (pl->model) {
            argv[n++] = "--model";
            argv[n++] = pl->model;
        }
        argv[n++] = "--max-memory";
        argv[n++] = pl->memory;
    } else {
        argv[n++] = "hwrun";
        if (pl->target) {
            argv[n++] = "--target";
            argv[n++] = pl->target;
        }
        argv[n++] = "-n";
        argv[n++] = iters;
        for (int i = 0; i < pl->n_hw_args; i++)
            argv[n++] = pl->hw_args[i];
    }
    argv[n++] = t->path;
    argv[n] = NULL;
    return argv;
}

static bool pending(const cp_plan *pl, const cp_test *t, cp_step step)
{
    if (step == CP_HW && !t->runnable)
        return false;
    return pl->force ||
           !cp_step_done(pl->out, t, step, pl->iterations, pl->target);
}

int cp_count_pending(const cp_plan *pl, const cp_tests *ts, cp_step step)
{
    int n = 0;
    for (int i = 0; i < ts->n; i++)
        n += pending(pl, &ts->items[i], step);
    return n;
}

/* The model could not read the test or the model file: no hwrun for it
 * (said in the summary's list of tests not run). */
static void drop_hw(const cp_plan *pl, cp_tests *ts, cp_progress *pr,
                    int test, const char *why)
{
    cp_test *t = &ts->items[test];
    if (!t->runnable)
        return;
    if (pending(pl, t, CP_HW))
        cp_progress_drop(pr, CP_HW);
    t->runnable = false;
    free(t->why_not);
    ll_buf b = {0};
    if (!strncmp(why, "exit 2: ", 8))
        why += 8;
    ll_buf_printf(&b, "its model step failed: %s", why);
    t->why_not = b.data;
}

/* Called about once a second while steps run: hwrun's own progress
 * line (the tail of its stderr) goes into ours. */
typedef struct tick_arg {
    cp_progress *pr;
    cp_job *jobs;
    int lanes;
    cp_step step;
} tick_arg;

static void tick(void *arg)
{
    tick_arg *a = arg;
    ll_buf note = {0};
    if (a->step == CP_HW)
        for (int i = 0; i < a->lanes; i++)
            if (a->jobs[i].pid > 0)
                cp_progress_note(a->jobs[i].err, &note);
    cp_progress_tick(a->pr, note.len ? note.data : NULL);
    ll_buf_free(&note);
}

/* Every pending step of one kind, `lanes` at a time. */
static bool run_phase(const cp_plan *pl, cp_tests *ts, cp_progress *pr,
                      cp_failures *f, volatile sig_atomic_t *interrupted,
                      cp_step step, int lanes)
{
    cp_job *jobs = ll_xcalloc((size_t)lanes, sizeof *jobs);
    char iters[32];
    snprintf(iters, sizeof iters, "%" PRIu64, pl->iterations);
    int next = 0, running = 0;
    bool ok = true;
    tick_arg ta = {pr, jobs, lanes, step};
    for (;;) {
        while (ok && !*interrupted && running < lanes && next < ts->n) {
            const cp_test *t = &ts->items[next];
            if (!pending(pl, t, step)) {
                next++;
                continue;
            }
            int slot = 0;
            while (jobs[slot].pid > 0)
                slot++;
            cp_job *j = &jobs[slot];
            cp_job_free(j);
            j->test = next;
            j->step = step;
            j->out = cp_work_path(pl->out, t, step, pl->iterations,
                                  pl->target, ".log");
            j->err = cp_work_path(pl->out, t, step, pl->iterations,
                                  pl->target, ".err");
            const char **argv = step_argv(pl, t, step, iters);
            ok = cp_job_start(j, (char *const *)argv, stderr);
            free(argv);
            if (ok) {
                running++;
                cp_progress_started(pr, slot, step, t->name);
            }
            next++;
        }
        if (!running)
            break;
        cp_job_result res;
        int status;
        int k = cp_job_wait_tick(jobs, lanes, pl->timeout, interrupted, &res,
                                 &status, tick, &ta);
        if (k < 0)
            break;
        running--;
        cp_job *j = &jobs[k];
        if (res == CP_JOB_INTERRUPTED)
            continue;
        if (res != CP_JOB_OK) {
            record_failure(pl, ts, f, j, res, status);
            if (step == CP_MODEL && !f->items[f->n - 1].retry)
                drop_hw(pl, ts, pr, j->test, f->items[f->n - 1].why);
        }
        cp_progress_step(pr, k, step, ts->items[j->test].name,
                         cp_now() - j->started);
    }
    for (int i = 0; i < lanes; i++)
        cp_job_free(&jobs[i]);
    free(jobs);
    return ok && !*interrupted;
}

bool cp_run_steps(const cp_plan *pl, cp_tests *ts, cp_progress *pr,
                  cp_failures *f, volatile sig_atomic_t *interrupted)
{
    return run_phase(pl, ts, pr, f, interrupted, CP_MODEL, pl->jobs) &&
           run_phase(pl, ts, pr, f, interrupted, CP_HW, 1);
}
