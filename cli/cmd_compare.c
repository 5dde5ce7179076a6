/* cmd_compare.c — `litmuslab compare`: options, then one call into the
 * compare stage (cmp_compare, compare/driver.c). */
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
          "architecture (report.html's families: TEST@ARCH). With no\n"
          "--hw, every test is model-only.\n"
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

/* `NAME=FILE`, unless the whole argument names an existing file. */
static cmp_hw_arg split_hw(char *arg)
{
    struct stat st;
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg || memchr(arg, '/', (size_t)(eq - arg)) ||
        stat(arg, &st) == 0)
        return (cmp_hw_arg){NULL, arg};
    *eq = '\0';
    return (cmp_hw_arg){arg, eq + 1};
}

int cmd_compare(int argc, char **argv)
{
    const char **models = ll_xcalloc((size_t)argc, sizeof *models);
    cmp_hw_arg *hws = ll_xcalloc((size_t)argc, sizeof *hws);
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

    cmp_job job = {models, n_models, hws, n_hws, tests_dirs, n_tests_dirs,
                   table, fmt};
    status = cmp_compare(&job, dir);
done:
    free(models);
    free(hws);
    free(tests_dirs);
    return status;
}
