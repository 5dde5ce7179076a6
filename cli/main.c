/* main.c — bin/litmuslab: dispatches to a subcommand. Output that could
 * not be written (a full disk, a file size limit) is an error: reported,
 * and the exit status is 2, so that nobody keeps a cut log as a result. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "litmuslab/util.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"parse", cmd_parse, "read litmus tests and print them back, normalised"},
    {"model", cmd_model, "list the final states a memory model allows"},
    {"hwrun", cmd_hwrun, "run a test on this machine's cores, count outcomes"},
    {"compare", cmd_compare, "join model and hardware logs into CSV reports"},
    {"campaign", cmd_campaign, "model + hwrun + compare over a set of tests"},
    {"gen", cmd_gen, "write litmus tests from cycles of relaxations (diy7)"},
};

#ifndef LL_VERSION
#define LL_VERSION "unknown"
#endif

static void usage(FILE *f)
{
    fputs("usage: litmuslab COMMAND [ARGS...]\n"
          "       litmuslab --version\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fputs("\n`litmuslab COMMAND --help` describes each; `man litmuslab` "
          "when installed.\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-version") ||
        !strcmp(argv[1], "version")) {
        printf("litmuslab %s\n", LL_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    /* past a file size limit, writes fail (and are reported) rather than
       kill us */
    signal(SIGXFSZ, SIG_IGN);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) {
            int rc = commands[i].run(argc - 1, argv + 1);
            if (!ll_flush(stdout)) {
                fprintf(stderr, "litmuslab %s: cannot write the output: %s\n",
                        argv[1], strerror(ll_output_errno()));
                rc = 2;
            }
            return rc;
        }
    fprintf(stderr, "litmuslab: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
