/* cmd_parse.c — `litmuslab parse [-o DIR] FILE...`: reads each test and
 * prints it back normalised; a bad file gets its one-line message and the
 * others go on. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "litmuslab/test.h"

static void usage(FILE *f)
{
    fputs("usage: litmuslab parse [-o DIR] FILE...\n"
          "Reads litmus tests and prints each back in normalised syntax\n"
          "(tests separated by a blank line). With -o, also writes each\n"
          "good test to DIR/ under its file name. A bad file gets one line\n"
          "FILE:LINE:COL: message on stderr; exit status 2 if any was bad.\n",
          f);
}

static bool write_copy(const char *dir, const char *file, const ll_buf *text)
{
    const char *base = strrchr(file, '/');
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, base ? base + 1 : file);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return false;
    }
    fputs(ll_buf_str(text), f);
    return fclose(f) == 0;
}

int cmd_parse(int argc, char **argv)
{
    const char *dir = NULL;
    int i = 1;
    if (i < argc && (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))) {
        usage(stdout);
        return 0;
    }
    if (i + 1 < argc && !strcmp(argv[i], "-o")) {
        dir = argv[i + 1];
        i += 2;
    }
    if (i >= argc) {
        usage(stderr);
        return 2;
    }
    int status = 0, good = 0;
    ll_buf out = {0};
    for (; i < argc; i++) {
        ll_diag d = {0};
        ll_test *t = ll_test_read(argv[i], &d);
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
        if (dir && !write_copy(dir, argv[i], &out))
            status = 2;
    }
    ll_buf_free(&out);
    if (fflush(stdout))
        status = 2;
    return status;
}
