/* cmd_parse.c — `litmuslab parse [-o DIR] FILE...`: reads each test and
 * prints it back normalised; a bad file gets its one-line message and the
 * others go on. -o never writes over one of the inputs (the copy drops
 * comments): such a run is refused before anything is written. */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/opts.h"
#include "litmuslab/os.h"
#include "litmuslab/test.h"

static void usage(FILE *f)
{
    fputs("usage: litmuslab parse [-o DIR] FILE...\n"
          "Reads litmus tests and prints each back in normalised syntax\n"
          "(tests separated by a blank line). With -o, also writes each\n"
          "good test to DIR/ under its file name (never over one of the\n"
          "inputs: refused). A bad file gets one line\n"
          "FILE:LINE:COL: message on stderr; exit status 2 if any was bad.\n",
          f);
}

static void copy_path(const char *dir, const char *file, ll_buf *path)
{
    const char *base = strrchr(file, '/');
    ll_buf_clear(path);
    ll_buf_printf(path, "%s/%s", dir, base ? base + 1 : file);
}

/* The input whose file DIR/<base name of file> is, or NULL. */
static const char *overwritten_input(const char *dir, const char *file,
                                     char **inputs, int n)
{
    ll_buf path = {0};
    copy_path(dir, file, &path);
    struct stat to, in;
    const char *hit = NULL;
    if (stat(path.data, &to) == 0)
        for (int i = 0; i < n && !hit; i++)
            if (stat(inputs[i], &in) == 0 && in.st_dev == to.st_dev &&
                in.st_ino == to.st_ino)
                hit = inputs[i];
    ll_buf_free(&path);
    return hit;
}

/* DIR/<base name>, through a temporary file renamed into place. */
static bool write_copy(const char *dir, const char *file, const ll_buf *text)
{
    ll_buf path = {0};
    copy_path(dir, file, &path);
    bool ok = ll_replace_file(path.data, ll_buf_str(text), text->len);
    ll_buf_free(&path);
    return ok;
}

/* Read and print each file (and copy it to dir). */
static int parse_files(const char *dir, char **files, int n)
{
    if (n == 0) {
        fputs("litmuslab parse: no test file given; see "
              "`litmuslab parse --help`\n", stderr);
        return 2;
    }
    for (int k = 0; dir && k < n; k++) {
        const char *victim = overwritten_input(dir, files[k], files, n);
        if (victim) {
            fprintf(stderr, "litmuslab parse: -o %s would write over the "
                    "input %s; give another folder\n", dir, victim);
            return 2;
        }
    }
    int status = 0, good = 0;
    ll_buf out = {0};
    for (int i = 0; i < n; i++) {
        ll_diag d = {0};
        ll_test *t = ll_test_read(files[i], &d);
        if (!t) {
            ll_diag_print(&d, stderr);
            status = 2;
            continue;
        }
        ll_buf_clear(&out);
        ll_test_print(t, &out);
        ll_test_free(t);
        if (good++)
            putchar('\n');
        fputs(ll_buf_str(&out), stdout);
        if (dir && !write_copy(dir, files[i], &out))
            status = 2;
    }
    ll_buf_free(&out);
    if (fflush(stdout))
        status = 2;
    return status;
}

int cmd_parse(int argc, char **argv)
{
    const char *dir = NULL;
    char **files = ll_xcalloc((size_t)argc + 1, sizeof *files);
    int n = 0;
    cli_args p;
    cli_init(&p, "parse", argc, argv);
    while (cli_next(&p)) {
        const char *v;
        if (!p.opt) {
            files[n++] = argv[p.i];
        } else if (cli_flag(&p, "h|help")) {
            usage(stdout);
            free(files);
            return 0;
        } else if ((v = cli_value(&p, "o"))) {
            dir = v;
        } else {
            cli_unknown(&p);
        }
    }
    int rc = p.failed ? 2 : parse_files(dir, files, n);
    free(files);
    return rc;
}
