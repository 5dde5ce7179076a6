/* cmd_hwrun.c — `litmuslab hwrun`: its options (ours, litmus7's mapped
 * to ours, or those passed on to the test binary as they are), then one
 * call into the hwrun stage (hwrun/driver.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/foreign.h"
#include "cli/opts.h"
#include "hwrun/driver.h"
#include "hwrun/target.h"

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
          "  -skew auto|0|N|sweep   timebase: threads' start offsets "
          "(default auto)\n"
          "  -mem direct|shuffle   instance addresses (default direct)\n"
          "  -mode classic|perpetual|auto   classic (default): one instance\n"
          "               an iteration; perpetual: no barrier between\n"
          "               iterations, classic for a test it cannot\n"
          "               express, saying why; auto: perpetual where it\n"
          "               applies (doc/hwrun-perpetual.md)\n"
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
          "  --force      with --emit or --bundle: write into a folder that\n"
          "               is not empty (or replace DIR.tar.gz)\n"
          "  --emit DIR   write DIR (C file, harness, Makefile) and stop;\n"
          "               DIR must be new or empty, unless --force\n"
          "  --bundle DIR write DIR (or DIR.tar.gz) for another machine:\n"
          "               every test, the harness, a Makefile and a `run`\n"
          "               script running them with these options; DIR\n"
          "               must be new or empty, unless --force\n"
          "  --timeout S  with --bundle: `run` kills a test not ended after\n"
          "               S seconds (default 600; 0 never)\n"
          , f);
    /* the targets are the architectures' (hwrun/gen/<file>.c) */
    int n;
    const hw_target *tg = hw_targets(&n);
    ll_buf names = {0};
    for (int k = 0; k < n; k++)
        ll_buf_printf(&names, "%s%s", k ? ", " : "", tg[k].name);
    ll_buf_puts(&names, "; another machine's is cross-compiled and run "
                "here under qemu-user; default: this machine");
    cli_help_item(f, "  --target T   build for machine T: ", 15,
                  ll_buf_str(&names));
    ll_buf_free(&names);
    fputs(
          "  --targets    list the targets and whether their tools are here\n"
          "  --litmus7-options  list litmus7's options and what hwrun does\n"
          "               with each (taken, a note, refused: why)\n"
          "  --check      only say, one line per test, whether it would run:\n"
          "               `ok FILE` or `no FILE: why` (with --bundle:\n"
          "               whether it goes in the bundle)\n"
          "Every option is written -x or --x, its value after a space or\n"
          "`=` (-n2M too); counts take k, M, G suffixes.\n"
          "litmus7's options: -s, -r as here (-size_of_test,\n"
          "-number_of_run); -st N is -stride N, -delay N -delta N; -mem\n"
          "indirect is -mem shuffle; -barrier user|userfence|pthread is\n"
          "-sync barrier, -barrier timebase -sync timebase; -affinity incr\n"
          "is -p pack, random -p random, scan -p rotate. -o is the log file\n"
          "(litmus7: a folder of C files: use --emit DIR or --bundle DIR).\n"
          "-a N and -mach NAME are taken with a note (every core hwloc\n"
          "finds is used; the machine is this one, or --target); each of\n"
          "litmus7's options is taken, taken with a note or refused with\n"
          "why: --litmus7-options lists which (as the man page).\n",
          f);
}

/* Options with a value that the test binary takes as they are. */
static bool passed_on(const char *a)
{
    static const char *const names[] = {"-n", "-s", "-r", "-p", "-sync",
                                        "-delta", "-mem", "-stride",
                                        "-seed", "-watchdog", "-skew",
                                        "-mode"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(a, names[i]))
            return true;
    return false;
}

/* An option the test binary takes (passed_on) at p: `-NAME VALUE`
 * added to o->args (counts checked here, so that a bad one is said in
 * the one wording). */
static bool pass_on(cli_args *p, hw_opts *o)
{
    if (!p->opt)
        return false;
    cli_known(p, "n|s|r|p|sync|delta|mem|stride|seed|watchdog|skew|mode");
    char name[32];
    snprintf(name, sizeof name, "-%.*s", p->name_len, p->name);
    const char *v;
    uint64_t n;
    /* -n2M: the name is one letter, the value attached */
    if (!passed_on(name) && p->name[1] >= '0' && p->name[1] <= '9')
        name[2] = '\0';
    if (!passed_on(name) || !(v = cli_value(p, name + 1)))
        return false;
    if (!strcmp(name, "-mode")) {   /* litmus7's std, presi, kvm: classic */
        if (!strcmp(v, "std") || !strcmp(v, "presi") || !strcmp(v, "kvm"))
            v = "classic";
        if (strcmp(v, "classic") && strcmp(v, "perpetual") &&
            strcmp(v, "auto")) {
            cli_error(p, "-mode takes classic, perpetual or auto (or "
                      "litmus7's std, presi, kvm: classic), not '%s'", v);
            return true;
        }
    }
    if ((!strcmp(name, "-n") || !strcmp(name, "-s") ||
         !strcmp(name, "-r")) && !cli_parse_count(v, &n)) {
        cli_error(p, "%s takes a count (1000, 2.5k, 2M, 1G), not '%s'",
                  name, v);
        return true;
    }
    o->args[o->n_args++] = ll_xstrdup(name);
    o->args[o->n_args++] = ll_xstrdup(v);
    return true;
}

/* litmus7's options with a meaning of ours (see usage): mapped to ours,
 * or refused saying why. */
static bool litmus7_option(cli_args *p, hw_opts *o)
{
    static const char *const map[][3] = {
        /* option, litmus7's value, ours */
        {"affinity", "incr", "-p pack"},   {"affinity", "random", "-p random"},
        {"affinity", "scan", "-p rotate"}, {"barrier", "user", "-sync barrier"},
        {"barrier", "userfence", "-sync barrier"},
        {"barrier", "pthread", "-sync barrier"},
        {"barrier", "timebase", "-sync timebase"},
        {"mem", "indirect", "-mem shuffle"},
    };
    /* litmus7's names of ours (the rest: litmus7_opts.c's notes and
       refusals) */
    static const char *const alias[][2] = {
        {"st", "-stride"}, {"size_of_test", "-s"}, {"number_of_run", "-r"},
        {"delay", "-delta"},
    };
    const char *v;
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if ((v = cli_value(p, alias[i][0]))) {
            uint64_t n;
            if (!cli_parse_count(v, &n)) {
                cli_error(p, "-%s takes a count (1000, 2.5k, 2M, 1G), not "
                          "'%s'", alias[i][0], v);
                return true;
            }
            o->args[o->n_args++] = ll_xstrdup(alias[i][1]);
            o->args[o->n_args++] = ll_xstrdup(v);
            return true;
        } else if (p->matched) {
            return true;   /* a missing value, said */
        }
    const char *which = "affinity";
    if (!(v = cli_value(p, which)) && !p->matched) {
        which = "barrier";
        v = cli_value(p, which);
    }
    if (!v)
        return p->matched;   /* a missing value was reported */
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(map[i][0], which) &&
            !strcmp(map[i][1], v)) {
            const char *sp = strchr(map[i][2], ' ');
            o->args[o->n_args++] = ll_xstrndup(map[i][2],
                                               (size_t)(sp - map[i][2]));
            o->args[o->n_args++] = ll_xstrdup(sp + 1);
            return true;
        }
    cli_error(p, "-%s %s is not supported (%s)", which, v,
              *which == 'a' ? "-affinity takes incr, random or scan"
                            : "-barrier takes user, userfence, pthread or "
                              "timebase");
    return true;
}

/* -mem: ours (direct, shuffle), or litmus7's indirect for shuffle. */
static bool mem_option(cli_args *p, hw_opts *o)
{
    const char *v = cli_value(p, "mem");
    if (!v)
        return false;
    o->args[o->n_args++] = ll_xstrdup("-mem");
    o->args[o->n_args++] = ll_xstrdup(strcmp(v, "indirect") ? v : "shuffle");
    return true;
}

int cmd_hwrun(int argc, char **argv)
{
    hw_opts o = {0};
    const char *emit = NULL, *bundle = NULL;
    const char *out_path = NULL;
    bool check = false;
    char **files = ll_xcalloc((size_t)argc, sizeof *files);
    o.args = ll_xcalloc(2 * (size_t)argc + 2, sizeof *o.args);
    int n_files = 0, rc = 0;
    bool force = false;
    double timeout = 600;
    bool timeout_given = false;
    cli_args p;
    cli_init(&p, "hwrun", argc, argv);
    while (cli_next(&p)) {
        const char *v;
        if (!p.opt) {
            files[n_files++] = argv[p.i];
        } else if (cli_flag(&p, "h|help")) {
            usage(stdout);
            goto done;
        } else if (cli_flag(&p, "keep")) {
            o.keep = true;
        } else if (cli_flag(&p, "check")) {
            check = true;
        } else if (cli_flag(&p, "targets")) {
            hw_targets_print(stdout);
            goto done;
        } else if (cli_flag(&p, "litmus7-options")) {
            cli_foreign_print(stdout, cli_litmus7_opts);
            goto done;
        } else if ((v = cli_value(&p, "target"))) {
            o.target = hw_target_find(v);
            if (!o.target) {
                int n;
                const hw_target *tg = hw_targets(&n);
                fprintf(stderr, "litmuslab hwrun: unknown target '%s'; "
                        "targets:", v);
                for (int k = 0; k < n; k++)
                    fprintf(stderr, " %s", tg[k].name);
                fputc('\n', stderr);
                rc = 2;
                goto done;
            }
        } else if (cli_flag(&p, "force")) {
            force = true;
        } else if (cli_flag(&p, "q")) {
            o.args[o.n_args++] = ll_xstrdup("-q");
        } else if (mem_option(&p, &o) || litmus7_option(&p, &o) ||
                   pass_on(&p, &o)) {
        } else if ((v = cli_value(&p, "cache"))) {
            o.cache_dir = v;
        } else if ((v = cli_value(&p, "emit"))) {
            emit = v;
        } else if ((v = cli_value(&p, "bundle"))) {
            bundle = v;
        } else if (cli_seconds(&p, "timeout", &timeout)) {
            timeout_given = true;
        } else if ((v = cli_value(&p, "o"))) {
            out_path = v;
        } else if (cli_foreign_opt(&p, "litmus7", cli_litmus7_opts, false)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.failed) {
        rc = 2;
        goto done;
    }
    if (!n_files || (emit && n_files > 1) || (emit && bundle)) {
        fputs(!n_files ? "litmuslab hwrun: no test file given\n"
              : bundle ? "litmuslab hwrun: --emit or --bundle, not both\n"
                         : "litmuslab hwrun: --emit takes one test "
                           "(--bundle takes many)\n", stderr);
        usage(stderr);
        rc = 2;
        goto done;
    }
    if (timeout_given && !bundle) {
        fputs("litmuslab hwrun: --timeout goes with --bundle (a run here "
              "ends a stuck round with -watchdog)\n", stderr);
        rc = 2;
        goto done;
    }
    hw_job j = {emit, bundle, force, timeout, check, out_path};
    rc = hw_drive(&o, &j, files, n_files);
done:
    free(files);
    for (int i = 0; i < o.n_args; i++)
        free((char *)o.args[i]);
    free(o.args);
    return rc;
}
