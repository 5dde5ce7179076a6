/* cmd_hwrun.c — `litmuslab hwrun`: options, then for each test file:
 * read, generate, build (cached), run, print the litmus7 log. With -o the
 * log so far is written under a temporary name and renamed after each
 * test, so FILE always holds whole entries, and an earlier FILE stays as
 * it was until a test has run. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
          "  -watchdog S  a round not done in S s (default 10; 0 none): the\n"
          "               test does not terminate (what was counted is "
          "printed)\n"
          "  -o FILE      write the log to FILE (default stdout)\n"
          "  --cache DIR  build folder (default $XDG_CACHE_HOME/litmuslab/"
          "hwrun)\n"
          "  --keep       keep the generated C file (named on stderr)\n"
          "  --force      with --emit: write into a folder that is not empty\n"
          "  --emit DIR   write DIR (C file, harness, Makefile) and stop;\n"
          "               DIR must be new or empty, unless --force\n",
          f);
}

/* Options with a value that the test binary takes as they are. */
static bool passed_on(const char *a)
{
    static const char *const names[] = {"-n", "-s", "-r", "-p", "-sync",
                                        "-delta", "-mem", "-stride",
                                        "-seed", "-watchdog"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(a, names[i]))
            return true;
    return false;
}

/* A folder with something in it (a missing one is empty). */
static bool has_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    bool any = false;
    while (!any && (e = readdir(d)))
        any = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return any;
}

/* Replace path with the text (a temporary file renamed over it). */
static bool publish(const char *path, const ll_buf *text)
{
    ll_buf tmp = {0};
    ll_buf_printf(&tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp.data, "w");
    bool ok = f && fwrite(ll_buf_str(text), 1, text->len, f) == text->len;
    ok = f && !fflush(f) && !fsync(fileno(f)) && ok;
    int err = errno;
    if (f && fclose(f))
        ok = false, err = errno;
    if (ok && rename(tmp.data, path))
        ok = false, err = errno;
    if (!ok) {
        fprintf(stderr, "litmuslab hwrun: cannot write %s: %s\n",
                f ? path : tmp.data, strerror(err));
        unlink(tmp.data);
    }
    ll_buf_free(&tmp);
    return ok;
}

static int run_one(const char *path, const hw_opts *o, const char *emit,
                   ll_buf *out, bool *interrupted)
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
        hw_end end;
        if (hw_execute(t, ll_buf_str(&bin), o, &e, &end))
            ll_log_format_litmus(&e, out);
        if (end == HW_STUCK || end == HW_FAILED)
            rc = 2;
        *interrupted = end == HW_INTERRUPTED;
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
    bool force = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_val = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            goto done;
        } else if (!strcmp(a, "--keep")) {
            o.keep = true;
        } else if (!strcmp(a, "--force")) {
            force = true;
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
    if (emit && !force && has_files(emit)) {
        fprintf(stderr, "litmuslab hwrun: %s is not empty; --emit writes a "
                "new folder (--force writes into this one)\n", emit);
        rc = 2;
        goto done;
    }
    bool interrupted = false;
    ll_buf log = {0};
    size_t shown = 0;
    for (int i = 0; i < n_files && !interrupted; i++) {
        if (run_one(files[i], &o, emit, &log, &interrupted))
            rc = 2;
        if (log.len == shown)
            continue;
        if (!out_path) {
            fputs(ll_buf_str(&log) + shown, stdout);
            ll_flush(stdout);   /* an error is reported at exit */
        } else if (!publish(out_path, &log)) {
            rc = 2;
            break;
        }
        shown = log.len;
    }
    ll_buf_free(&log);
done:
    free(files);
    free(o.args);
    return rc;
}
