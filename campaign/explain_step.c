/* explain_step.c — after compare, each alarm (a state the model forbids and
 * hardware showed) and each allowed-but-unseen state is explained by
 * `model --explain` as a child process: DIR/explanations/TEST/STATE.txt
 * (the text), .dot and .svg (the graph, when Graphviz's dot is there),
 * TEST and STATE named by ll_file_slug, which compare's report.html
 * looks for. DIR/explanations/index.txt lists them, alarms first. The
 * states come from compare's outcomes.csv (the files are the
 * interface). At most `max` are explained, the rest counted. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "campaign/campaign.h"
#include "litmuslab/outdir.h"

static const cp_test *find_test(const cp_tests *ts, const char *name)
{
    for (int i = 0; i < ts->n; i++)
        if (!strcmp(ts->items[i].name, name))
            return &ts->items[i];
    return NULL;
}

/* One explanation; true when written. */
static bool explain_one(const char *exe, const char *model, const char *dir,
                        const cp_test *t, const char *state, ll_buf *rel)
{
    ll_buf d = {0}, base = {0};
    ll_buf_puts(rel, "explanations/");
    ll_file_slug(t->name, rel);
    ll_buf_printf(&d, "%s/%s", dir, rel->data);
    ll_buf_puts(rel, "/");
    ll_file_slug(state, rel);
    ll_buf_printf(&base, "%s/%s", dir, rel->data);
    bool ok = false;
    if (ll_mkdir(d.data, 0777)) {
        cp_job j = {0};
        ll_buf b = {0};
        ll_buf_printf(&b, "%s.txt", base.data);
        j.out = b.data;
        b = (ll_buf){0};
        ll_buf_printf(&b, "%s.err", base.data);
        j.err = b.data;
        b = (ll_buf){0};
        ll_buf_printf(&b, "%s.dot", base.data);
        const char *argv[12];
        int k = 0;
        argv[k++] = exe;
        argv[k++] = "model";
        if (model) {
            argv[k++] = "--model";
            argv[k++] = model;
        }
        argv[k++] = "--explain";
        argv[k++] = state;
        argv[k++] = "-o";
        argv[k++] = b.data;
        argv[k++] = t->path;
        argv[k] = NULL;
        if (cp_job_start(&j, (char *const *)argv, stderr)) {
            cp_job_result res;
            int status = 0;
            cp_job_wait(&j, 1, 0, NULL, &res, &status);
            ok = res == CP_JOB_OK;
        }
        if (ok)
            remove(j.err);
        ll_buf_free(&b);
        cp_job_free(&j);
    }
    ll_buf_free(&d);
    ll_buf_free(&base);
    return ok;
}

int cp_explain_outcomes(const char *exe, const char *model,
                        const cp_tests *ts, const char *dir, int max,
                        FILE *diag)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/outcomes.csv", dir);
    cp_rows rows = {0};
    if (!cp_rows_read(path.data, true, &rows, diag)) {
        ll_buf_free(&path);
        return -1;
    }
    ll_buf_clear(&path);
    ll_buf_printf(&path, "%s/explanations", dir);
    ll_buf index = {0};
    int written = 0, skipped = 0, failed = 0;
    bool dir_ok = ll_mkdir(path.data, 0777);
    static const char *const wanted[] = {"forbidden-seen", "allowed-unseen"};
    for (int w = 0; w < 2 && dir_ok; w++)
        for (int i = 0; i < rows.n; i++) {
            const cp_row *r = &rows.items[i];
            const cp_test *t = find_test(ts, r->test);
            if (strcmp(r->status, wanted[w]) || !t)
                continue;
            if (written >= max) {
                skipped++;
                continue;
            }
            ll_buf rel = {0};
            if (explain_one(exe, model, dir, t, r->state, &rel)) {
                written++;
                ll_buf_printf(&index, "%s\t%s\t%s\t%s.txt\n", r->status,
                              r->test, r->state, rel.data);
            } else {
                failed++;
            }
            ll_buf_free(&rel);
        }
    if (skipped)
        ll_buf_printf(&index, "(%d more states not explained: at most %d "
                      "are)\n", skipped, max);
    if (failed)
        fprintf(diag, "litmuslab campaign: %d explanation%s failed (see "
                "%s/*/*.err)\n", failed, failed == 1 ? "" : "s", path.data);
    ll_buf_puts(&path, "/index.txt");
    char *tmp;
    FILE *f = dir_ok ? ll_replace_open(path.data, &tmp) : NULL;
    if (f) {
        fputs(ll_buf_str(&index), f);
        ll_replace_close(f, tmp, path.data);
    } else if (!dir_ok) {
        fprintf(diag, "litmuslab campaign: %s: cannot write\n", path.data);
    }
    ll_buf_free(&index);
    ll_buf_free(&path);
    cp_rows_free(&rows);
    return written;
}
