/* cmd_hwrun.c — `litmuslab hwrun`: options, then for each test file:
 * read, generate, build (cached), run, print the litmus7 log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"

static void usage(FILE *f)
{
    fputs("usage: litmuslab hwrun [OPTIONS] FILE.litmus...\n"
          "Runs each test on this machine's cores and prints litmus7's log.\n"
          "  -n N         iterations in all (default 1M; k, M, G suffixes)\n"
          "  -s N         instances per round (default 1000)\n"
          "  -r N         rounds (iterations = rounds * instances without -n)\n"
          "  -p spread|pack|random|rotate   thread placement (default "
          "spread)\n"
          "  -sync timebase|barrier   start of each instance (default "
          "timebase)\n"
          "  -delta N     timebase: cycles between instances (default: "
          "tuned)\n"
          "  -mem direct|shuffle   instance addresses (default direct)\n"
          "  -stride N    words between instances (default 1)\n"
          "  -seed N      random placement and shuffling seed\n"
          "  -q           no progress line\n"
          "  -o FILE      write the log to FILE (default stdout)\n"
          "  --cache DIR  build folder (default $XDG_CACHE_HOME/litmuslab/"
          "hwrun)\n"
          "  --keep       keep the generated C file (named on stderr)\n"
          "  --emit DIR   write DIR (C file, harness, Makefile) and stop\n",
          f);
}

/* Options with a value that the test binary takes as they are. */
static bool passed_on(const char *a)
{
    static const char *const names[] = {"-n", "-s", "-r", "-p", "-sync",
                                        "-delta", "-mem", "-stride",
                                        "-seed"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(a, names[i]))
            return true;
    return false;
}

static int run_one(const char *path, const hw_opts *o, const char *emit,
                   FILE *out, bool *interrupted)
{
    ll_diag d = {0};
    ll_test *t = ll_test_read(path, &d);
    if (!t) {
        ll_diag_print(&d, stderr);
        return 2;
    }
    ll_buf c = {0}, bin = {0};
    int rc = 0;
    if (!hw_gen_c(t, &c, &d)) {
        if (!d.line)
            fprintf(stderr, "%s: %s\n", path, d.msg);
        else
            ll_diag_print(&d, stderr);
        rc = 2;
    } else if (emit) {
        rc = hw_emit(t, ll_buf_str(&c), emit) ? 0 : 2;
    } else if (!hw_build(t, ll_buf_str(&c), o, &bin)) {
        rc = 2;
    } else {
        ll_log_entry e = {0};
        if (hw_execute(t, ll_buf_str(&bin), o, &e, interrupted)) {
            ll_log_write_litmus(out, &e);
            fflush(out);
        } else {
            rc = 2;
        }
        ll_log_entry_clear(&e);
    }
    ll_buf_free(&c);
    ll_buf_free(&bin);
    ll_test_free(t);
    return rc;
}

int cmd_hwrun(int argc, char **argv)
{
    hw_opts o = {0};
    const char *emit = NULL, *out_path = NULL;
    char **files = ll_xcalloc((size_t)argc, sizeof *files);
    o.args = ll_xcalloc((size_t)argc, sizeof *o.args);
    int n_files = 0, rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_val = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            goto done;
        } else if (!strcmp(a, "--keep")) {
            o.keep = true;
        } else if (!strcmp(a, "-q")) {
            o.args[o.n_args++] = argv[i];
        } else if (passed_on(a) && has_val) {
            o.args[o.n_args++] = argv[i];
            o.args[o.n_args++] = argv[++i];
        } else if (!strcmp(a, "--cache") && has_val) {
            o.cache_dir = argv[++i];
        } else if (!strcmp(a, "--emit") && has_val) {
            emit = argv[++i];
        } else if (!strcmp(a, "-o") && has_val) {
            out_path = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "litmuslab hwrun: unknown option or missing "
                    "value: '%s'\n", a);
            usage(stderr);
            rc = 2;
            goto done;
        } else {
            files[n_files++] = argv[i];
        }
    }
    if (!n_files || (emit && n_files > 1)) {
        fputs(n_files ? "litmuslab hwrun: --emit takes one test\n"
                      : "litmuslab hwrun: no test file given\n", stderr);
        usage(stderr);
        rc = 2;
        goto done;
    }
    FILE *out = stdout;
    if (out_path && !(out = fopen(out_path, "w"))) {
        perror(out_path);
        rc = 2;
        goto done;
    }
    bool interrupted = false;
    for (int i = 0; i < n_files && !interrupted; i++)
        if (run_one(files[i], &o, emit, out, &interrupted))
            rc = 2;
    if (out != stdout && fclose(out)) {
        perror(out_path);
        rc = 2;
    }
done:
    free(files);
    free(o.args);
    return rc;
}
