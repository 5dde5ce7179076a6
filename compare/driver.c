/* driver.c — the compare stage's one call (cmp_compare in compare.h):
 * the logs read and joined, the reports written in DIR as a whole, then
 * the emulated runs apart in DIR/emulated, with the same reports. */
#include <stdlib.h>

#include "compare/compare.h"

/* DIR/table.EXT, and the same on stdout. */
static bool write_table(const cmp_run *run, cmp_test **sorted,
                        cmp_table_fmt fmt, const cmp_out *out)
{
    static const char *const ext[] = {"txt", "md", "tex"};
    ll_buf name = {0};
    ll_buf_printf(&name, "table.%s", ext[fmt]);
    FILE *f = cmp_report_open(out, name.data);
    bool ok = f != NULL;
    if (f) {
        cmp_write_table(run, sorted, fmt, f);
        ok = cmp_report_close(out, f, name.data);
    }
    ll_buf_free(&name);
    fputc('\n', stdout);
    cmp_write_table(run, sorted, fmt, stdout);
    return ok;
}

/* One comparison: the model logs against either the hardware entries
 * or the emulated ones, reports in out; DIR's stage (*stage) is made
 * once the inputs are read (nothing is made when one could not be;
 * *unread is then set). Returns the exit status; *other receives the
 * number of entries of the other kind. */
static int compare_once(const cmp_job *j, const char *top, cmp_out *out,
                        ll_outdir **stage, bool emulated, int *other,
                        bool *unread)
{
    cmp_run run;
    cmp_run_init(&run, stderr);
    run.emulated = emulated;
    bool readable = true;
    for (int i = 0; i < j->n_models; i++)
        readable = cmp_read_model(&run, j->models[i]) && readable;
    for (int i = 0; i < j->n_hws; i++)
        readable = cmp_read_hw(&run, j->hws[i].path, j->hws[i].label) &&
                   readable;
    for (int i = 0; i < j->n_tests_dirs; i++)
        readable = cmp_read_tests(&run, j->tests_dirs[i]) && readable;
    cmp_finish(&run);

    cmp_test **sorted = cmp_sorted_tests(&run);
    cmp_totals tot;
    cmp_count(&run, sorted, &tot);
    if (readable && !*stage)
        *stage = ll_outdir_open(top);
    out->stage = *stage;
    bool written = readable && out->stage &&
                   cmp_write_reports(&run, sorted, &tot, out) &&
                   cmp_write_html(&run, sorted, &tot, out);
    cmp_print_summary(&run, &tot, stdout);
    if (j->table && written)
        written = write_table(&run, sorted, j->fmt, out);
    int status;
    if (!readable || !written)
        status = 2;
    else
        status = tot.outcomes[CMP_O_FORBIDDEN_SEEN] ||
                         tot.tests[CMP_FORBIDDEN_SEEN]
                     ? 1
                     : 0;
    *other = run.other_kind;
    *unread = !readable;
    free(sorted);
    cmp_run_free(&run);
    return status;
}

int cmp_compare(const cmp_job *job, const char *dir)
{
    /* DIR is written as a whole: its stage takes its place only once
       every input was read and every report written */
    ll_outdir *stage = NULL;
    cmp_out out = {dir, NULL, ""};
    int other = 0;
    bool unread = false;
    int status = compare_once(job, dir, &out, &stage, false, &other, &unread);
    if (other && status < 2) {
        /* the emulated runs, apart: the same reports in DIR/emulated */
        ll_buf sub = {0};
        ll_buf_printf(&sub, "%s/emulated", dir);
        cmp_out emu = {sub.data, NULL, "emulated/"};
        fputc('\n', stdout);
        int st = compare_once(job, dir, &emu, &stage, true, &other,
                              &unread);
        status = st > status ? st : status;
        ll_buf_free(&sub);
    }
    if (status < 2 && !ll_outdir_commit(stage))
        status = 2;
    else if (status >= 2)
        ll_outdir_abort(stage);
    if (status >= 2 && (stage || unread))
        fprintf(stderr, "litmuslab compare: nothing written to %s: %s\n", dir,
                unread ? "an input could not be read"
                       : "a report could not be written");
    return status;
}
