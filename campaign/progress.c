/* progress.c — the campaign's progress on stderr: steps done out of the
 * total, the current test, elapsed time and an estimate of the time left
 * from the mean cost of the steps timed so far. */
#include "campaign/campaign.h"

#include <string.h>
#include <unistd.h>

void cp_format_duration(double seconds, char *out, size_t size)
{
    if (seconds < 0) {
        snprintf(out, size, "?");
        return;
    }
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
}

double cp_eta(int left, double per_step, int lanes)
{
    if (left <= 0)
        return 0;
    if (per_step < 0)
        return -1;
    if (lanes < 1)
        lanes = 1;
    /* Parallel lanes help only while there are steps to fill them. */
    int rounds = (left + lanes - 1) / lanes;
    return rounds * per_step;
}

void cp_progress_init(cp_progress *p, FILE *f, int model_steps,
                      int hw_steps, int lanes, bool quiet)
{
    memset(p, 0, sizeof *p);
    p->f = f;
    p->tty = isatty(fileno(f));
    p->quiet = quiet;
    p->start = cp_now();
    p->total = model_steps + hw_steps;
    p->left[CP_MODEL] = model_steps;
    p->left[CP_HW] = hw_steps;
    p->lanes = lanes < 1 ? 1 : lanes;
}

static double mean(const cp_progress *p, cp_step s)
{
    return p->timed[s] ? p->spent[s] / p->timed[s] : -1;
}

void cp_progress_line(const cp_progress *p, const char *what,
                      const char *test, double now, ll_buf *out)
{
    char elapsed[32], eta[32];
    cp_format_duration(now - p->start, elapsed, sizeof elapsed);
    double m = cp_eta(p->left[CP_MODEL], mean(p, CP_MODEL), p->lanes);
    double h = cp_eta(p->left[CP_HW], mean(p, CP_HW), 1);
    /* A kind of step not timed yet makes the estimate a lower bound. */
    const char *bound = "";
    if (m < 0 || h < 0) {
        bound = ">";
        m = m < 0 ? 0 : m;
        h = h < 0 ? 0 : h;
    }
    if (*bound && m + h == 0) {
        bound = "";
        snprintf(eta, sizeof eta, "?");
    } else
        cp_format_duration(m + h, eta, sizeof eta);
    int width = snprintf(NULL, 0, "%d", p->total);
    ll_buf_clear(out);
    ll_buf_printf(out, "[%*d/%d] %-5s %s  elapsed %s  ETA %s%s", width,
                  p->done, p->total, what, test, elapsed, bound, eta);
}

void cp_progress_step(cp_progress *p, cp_step step, const char *test,
                      double seconds)
{
    p->done++;
    p->left[step]--;
    p->spent[step] += seconds;
    p->timed[step]++;
    if (p->quiet)
        return;
    ll_buf line = {0};
    cp_progress_line(p, step == CP_MODEL ? "model" : "hwrun", test, cp_now(),
                     &line);
    if (p->tty) {
        /* Pad over the previous, possibly longer, line. */
        size_t pad = p->last_len > line.len ? p->last_len - line.len : 0;
        fprintf(p->f, "\r%s%*s", line.data, (int)pad, "");
        p->last_len = line.len;
    } else {
        fprintf(p->f, "%s\n", line.data);
    }
    fflush(p->f);
    ll_buf_free(&line);
}

void cp_progress_end(cp_progress *p)
{
    if (p->tty && p->last_len && !p->quiet)
        fputc('\n', p->f);
    p->last_len = 0;
}
