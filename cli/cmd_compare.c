/* cmd_compare.c — `litmuslab compare`: options, then the compare stage
 * (read model logs, stream hardware logs, classify, write reports). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/commands.h"
#include "cli/opts.h"
#include "compare/compare.h"
#include "litmuslab/escape.h"

static void usage(FILE *f)
{
    fputs("usage: litmuslab compare --model M.log [--model ...]\n"
          "                         [--hw [NAME=]H.log ...] [-o DIR]\n"
          "                         [--tests DIR] [--table text|markdown|latex]\n"
          "Joins model logs (herd7 format) with hardware logs (litmus7\n"
          "format, plain or gzip; a log on the wrong side is refused) and\n"
          "writes outcomes.csv, tests.csv,\n"
          "summary.csv and report.html into DIR (default: the current\n"
          "directory). --table also writes the papers' table (one row per\n"
          "test, seen/total per machine) to DIR/table.{txt,md,tex} and\n"
          "prints it after the summary.\n"
          "NAME labels a hardware log's machine (default: its `Machine`\n"
          "line, else the file's base name). --tests DIR (or FILE;\n"
          "repeatable) gives the conditions of tests the model logs lack,\n"
          "from the *.litmus files under DIR, and each test's\n"
          "architecture (report.html's families: SB@PPC). With no --hw,\n"
          "every test is model-only.\n"
          "Entries marked `Emulated` (hwrun under qemu-user) are never\n"
          "counted as hardware: they are compared apart, into DIR/emulated.\n"
          "Entries marked `Oversubscribed` (more threads than PUs) count\n"
          "for what they saw, but a state only they missed is\n"
          "oversubscribed-unseen, not allowed-unseen: no evidence.\n"
          "Exit status: 0 ok, 1 an outcome the model forbids was seen (on\n"
          "hardware or emulated), 2 usage error, unreadable input, a log\n"
          "with no entry, or a report that cannot be written.\n",
          f);
}

typedef struct hw_arg {
    const char *label;   /* NULL when not given */
    const char *path;
} hw_arg;

/* `NAME=FILE`, unless the whole argument names an existing file. */
static hw_arg split_hw(char *arg)
{
    struct stat st;
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg || memchr(arg, '/', (size_t)(eq - arg)) ||
        stat(arg, &st) == 0)
        return (hw_arg){NULL, arg};
    *eq = '\0';
    return (hw_arg){arg, eq + 1};
}

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

/* What one comparison reads and writes. */
typedef struct cmp_job {
    const char **models;
    int n_models;
    const hw_arg *hws;
    int n_hws;
    const char **tests_dirs;    /* --tests, repeatable */
    int n_tests_dirs;
    bool table;
    cmp_table_fmt fmt;
} cmp_job;

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

int cmd_compare(int argc, char **argv)
{
    const char **models = ll_xcalloc((size_t)argc, sizeof *models);
    hw_arg *hws = ll_xcalloc((size_t)argc, sizeof *hws);
    int n_models = 0, n_hws = 0;
    const char **tests_dirs = ll_xcalloc((size_t)argc, sizeof *tests_dirs);
    int n_tests_dirs = 0;
    const char *dir = ".";
    bool table = false;
    cmp_table_fmt fmt = CMP_TABLE_TEXT;
    int status = 2;
    cli_args p;
    cli_init(&p, "compare", argc, argv);
    while (cli_next(&p)) {
        const char *v;
        if (!p.opt) {
            cli_error(&p, "'%s' is not an option: give logs as --model "
                      "FILE or --hw FILE", p.arg);
        } else if (cli_flag(&p, "h|help")) {
            usage(stdout);
            status = 0;
            goto done;
        } else if ((v = cli_value(&p, "model"))) {
            models[n_models++] = v;
        } else if ((v = cli_value(&p, "hw"))) {
            hws[n_hws] = split_hw((char *)v);
            const char *why = hws[n_hws].label
                                  ? ll_label_problem(hws[n_hws].label)
                                  : NULL;
            if (why)   /* it would end a line of table.tex or table.md */
                cli_error(&p, "--hw NAME=FILE: the name %s; a machine's "
                          "name is one line of text", why);
            n_hws++;
        } else if ((v = cli_value(&p, "o"))) {
            dir = v;
        } else if ((v = cli_value(&p, "tests"))) {
            tests_dirs[n_tests_dirs++] = v;
        } else if ((v = cli_value(&p, "table"))) {
            if (!cmp_table_format(v, &fmt))
                cli_error(&p, "--table takes text, markdown or latex, "
                          "not '%s'", v);
            table = true;
        } else {
            cli_unknown(&p);
        }
    }
    if (p.failed)
        goto done;
    if (n_models == 0) {
        fputs("litmuslab compare: give at least one --model; see "
              "`litmuslab compare --help`\n", stderr);
        goto done;
    }

    /* DIR is written as a whole: its stage takes its place only once
       every input was read and every report written */
    cmp_job job = {models, n_models, hws, n_hws, tests_dirs, n_tests_dirs,
                   table, fmt};
    ll_outdir *stage = NULL;
    cmp_out out = {dir, NULL, ""};
    int other = 0;
    bool unread = false;
    status = compare_once(&job, dir, &out, &stage, false, &other, &unread);
    if (other && status < 2) {
        /* the emulated runs, apart: the same reports in DIR/emulated */
        ll_buf sub = {0};
        ll_buf_printf(&sub, "%s/emulated", dir);
        cmp_out emu = {sub.data, NULL, "emulated/"};
        fputc('\n', stdout);
        int st = compare_once(&job, dir, &emu, &stage, true, &other,
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
done:
    free(models);
    free(hws);
    free(tests_dirs);
    return status;
}
