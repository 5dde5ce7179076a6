/* progress.c — the campaign's progress on stderr: steps done out of the
 * total, the step running now, elapsed time and an estimate of the time
 * left from the mean cost of the steps timed so far (given once a few of
 * each kind are done). On a terminal the line is redrawn every second
 * with hwrun's own progress; in a file, a line per finished step. */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FEW 3   /* steps of a kind timed before its mean is trusted */

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
    p->running = ll_xcalloc((size_t)p->lanes, sizeof *p->running);
    p->since = ll_xcalloc((size_t)p->lanes, sizeof *p->since);
}

/* The mean cost of a step of kind s, or -1 before a few were timed. */
static double mean(const cp_progress *p, cp_step s)
{
    int few = p->timed[s] + p->left[s] < FEW ? p->timed[s] + p->left[s]
                                              : FEW;
    return p->timed[s] && p->timed[s] >= few ? p->spent[s] / p->timed[s]
                                             : -1;
}

static void eta_text(const cp_progress *p, char *out, size_t size)
{
    double m = cp_eta(p->left[CP_MODEL], mean(p, CP_MODEL), p->lanes);
    double h = cp_eta(p->left[CP_HW], mean(p, CP_HW), 1);
    if (m >= 0 && h >= 0) {
        cp_format_duration(m + h, out, size);
        return;
    }
    /* a kind not estimated yet: what is known is a lower bound */
    double known = (m > 0 ? m : 0) + (h > 0 ? h : 0);
    if (known < 1) {
        snprintf(out, size, "?");
        return;
    }
    out[0] = '>';
    cp_format_duration(known, out + 1, size - 1);
}

void cp_progress_line(const cp_progress *p, const char *what,
                      const char *test, double now, const char *note,
                      ll_buf *out)
{
    char elapsed[32], eta[32];
    cp_format_duration(now - p->start, elapsed, sizeof elapsed);
    eta_text(p, eta, sizeof eta);
    int width = snprintf(NULL, 0, "%d", p->total);
    ll_buf_clear(out);
    ll_buf_printf(out, "[%*d/%d] ", width, p->done, p->total);
    int n = 0, first = -1;
    for (int i = 0; i < p->lanes; i++)
        if (p->running[i] && !n++)
            first = i;
    if (!what && first >= 0) {
        char ran[32];
        cp_format_duration(now - p->since[first], ran, sizeof ran);
        ll_buf_printf(out, "running %s %s (%s)",
                      p->running_step == CP_MODEL ? "model" : "hwrun",
                      p->running[first], ran);
        if (n > 1)
            ll_buf_printf(out, " +%d more", n - 1);
    } else if (what) {
        ll_buf_printf(out, "%-5s %s", what, test ? test : "");
    } else {
        ll_buf_puts(out, p->done < p->total ? "starting" : "done");
    }
    ll_buf_printf(out, "  elapsed %s  ETA %s", elapsed, eta);
    if (note && *note)
        ll_buf_printf(out, "  [%s]", note);
}

/* Draw the line over the previous one (a terminal). */
static void draw(cp_progress *p, const ll_buf *line)
{
    size_t pad = p->last_len > line->len ? p->last_len - line->len : 0;
    fprintf(p->f, "\r%s%*s", line->data, (int)pad, "");
    p->last_len = line->len;
    fflush(p->f);
}

void cp_progress_tick(cp_progress *p, const char *note)
{
    if (p->quiet || !p->tty)
        return;
    ll_buf line = {0};
    cp_progress_line(p, NULL, NULL, cp_now(), note, &line);
    draw(p, &line);
    ll_buf_free(&line);
}

void cp_progress_started(cp_progress *p, int slot, cp_step step,
                         const char *test)
{
    if (slot < 0 || slot >= p->lanes)
        return;
    free(p->running[slot]);
    p->running[slot] = ll_xstrdup(test);
    p->since[slot] = cp_now();
    p->running_step = step;
    cp_progress_tick(p, NULL);
}

void cp_progress_step(cp_progress *p, int slot, cp_step step,
                      const char *test, double seconds)
{
    p->done++;
    p->left[step]--;
    p->spent[step] += seconds;
    p->timed[step]++;
    if (slot >= 0 && slot < p->lanes) {
        free(p->running[slot]);
        p->running[slot] = NULL;
    }
    if (p->quiet)
        return;
    if (p->tty) {
        cp_progress_tick(p, NULL);
        return;
    }
    ll_buf line = {0};
    cp_progress_line(p, step == CP_MODEL ? "model" : "hwrun", test,
                     cp_now(), NULL, &line);
    fprintf(p->f, "%s\n", line.data);
    fflush(p->f);
    ll_buf_free(&line);
}

void cp_progress_drop(cp_progress *p, cp_step step)
{
    if (p->left[step] > 0) {
        p->left[step]--;
        p->total--;
    }
}

void cp_progress_note(const char *err_path, ll_buf *out)
{
    FILE *f = fopen(err_path, "r");
    if (!f)
        return;
    char tail[512];
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    long from = size > (long)sizeof tail - 1 ? size - (long)sizeof tail + 1
                                             : 0;
    size_t n = 0;
    if (size > 0 && fseek(f, from, SEEK_SET) == 0)
        n = fread(tail, 1, sizeof tail - 1, f);
    fclose(f);
    tail[n] = '\0';
    /* the last `\r\033[K...` segment that says something */
    char *seg = NULL;
    for (char *cr = strchr(tail, '\r'); cr; cr = strchr(cr + 1, '\r')) {
        char *s = cr + 1;
        if (!strncmp(s, "\033[K", 3))
            s += 3;
        size_t len = strcspn(s, "\r\n");
        if (len && memmem(s, len, " iterations, ", 13))
            seg = s;
    }
    if (seg)
        ll_buf_putn(out, seg, strcspn(seg, "\r\n"));
}

void cp_progress_end(cp_progress *p)
{
    if (p->tty && p->last_len && !p->quiet)
        fputc('\n', p->f);
    p->last_len = 0;
    for (int i = 0; p->running && i < p->lanes; i++)
        free(p->running[i]);
    free(p->running);
    free(p->since);
    p->running = NULL;
    p->since = NULL;
}
