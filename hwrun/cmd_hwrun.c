/* cmd_hwrun.c — `litmuslab hwrun`: options, then for each test file:
 * read, generate, check that the target runs it, build (cached), run,
 * print the litmus7 log. `--check` stops after the checks and says, one
 * line per file, whether the test would run (campaign asks this). With -o
 * the log so far is written under a temporary name and renamed after each
 * test, so FILE always holds whole entries, and an earlier FILE stays as
 * it was until a test has run. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/opts.h"
#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"
#include "hwrun/target.h"
#include "litmuslab/outdir.h"
#include "cli/foreign.h"

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
          "               iterations (x86), classic for a test it cannot\n"
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
          "  --target T   build for machine T: aarch64, ppc64le, ppc64,\n"
          "               armhf, riscv64 (cross-compiled, run here under\n"
          "               qemu-user) or x86_64; default: this machine\n"
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

static void list_targets(FILE *f)
{
    int n;
    const hw_target *tg = hw_targets(&n);
    fprintf(f, "%-8s %-8s %-26s %-13s %s\n", "target", "tests", "compiler",
            "emulator", "status");
    for (int i = 0; i < n; i++) {
        ll_buf why = {0};
        const ll_arch_ops *a = NULL;
        for (const char *h = "X86_64\0PPC\0AArch64\0ARM\0RISCV\0"; *h;
             h += strlen(h) + 1)
            if (ll_arch_find(h) && ll_arch_find(h)->id == tg[i].arch)
                a = ll_arch_find(h);
        bool native = hw_target_is_native(&tg[i]);
        bool ready = hw_target_ready(&tg[i], &why);
        fprintf(f, "%-8s %-8s %-26s %-13s %s\n", tg[i].name,
                a ? a->name : "?", native ? "cc" : tg[i].cc,
                native ? "-" : tg[i].qemu,
                native ? "this machine" : ready ? "ready" : ll_buf_str(&why));
        ll_buf_free(&why);
    }
}

/* Is t a test for target tg? false + *why when not. */
static bool target_fits(const ll_test *t, const hw_target *tg, bool chosen,
                        ll_buf *why)
{
    if (!tg) {
        ll_buf_puts(why, "this machine is none of hwrun's targets; choose "
                    "one with --target");
        return false;
    }
    if (t->arch && t->arch->id != tg->arch) {
        ll_buf_printf(why, "'%s' is a %s test, not for %s%s", t->name,
                      t->arch_name, chosen ? "target " : "this machine, ",
                      tg->name);
        ll_buf others = {0};
        hw_target_names_for(t->arch->id, &others);
        if (others.len)
            ll_buf_printf(why, "; use --target %s (cross-compiled, run here "
                          "under qemu-user)", ll_buf_str(&others));
        ll_buf_free(&others);
        return false;
    }
    return true;
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

/* Print a refusal: on stderr, or as `no FILE: why` for --check. */
static void refuse(FILE *check, const char *path, const ll_diag *d,
                   const char *why)
{
    FILE *f = check ? check : stderr;
    if (check)
        fprintf(f, "no %s: ", path);
    if (why)
        fprintf(f, "%s%s%s\n", check ? "" : path, check ? "" : ": ", why);
    else if (!d->line)
        fprintf(f, "%s%s%s\n", check ? "" : path, check ? "" : ": ", d->msg);
    else
        ll_diag_print(d, f);
}

/* What to do with each test. */
typedef struct hw_mode {
    const char *emit;     /* --emit DIR */
    const char *bundle;   /* --bundle DIR */
    hw_bundle *b;         /* open when bundling */
    FILE *check;          /* --check: where the answers go */
    ll_buf *log;          /* the logs so far */
    bool interrupted;
} hw_mode;

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

/* Replace path with the text (a new temporary file renamed over it). */
static bool publish(const char *path, const ll_buf *text)
{
    char *tmp;
    FILE *f = ll_replace_open(path, &tmp);
    if (!f)
        return false;
    fwrite(ll_buf_str(text), 1, text->len, f);
    return ll_replace_close(f, tmp, path);
}

/* A jump back to a label at or before it makes a loop: the model counts
 * only executions that go round it at most MDL_UNROLL (2) times, a run
 * cannot be held to that, so the difference is said (a loop that never
 * ends is stopped by the harness's watchdog). */
static void note_loops(const ll_test *t)
{
    for (int k = 0; k < t->n_threads; k++) {
        const ll_thread *th = &t->threads[k];
        for (int s = 0; s < th->n_stmts; s++) {
            const ll_stmt *st = &th->stmts[s];
            for (int i = 0; st->has_instr && i < st->instr.n_ops; i++) {
                const ll_operand *op = &st->instr.ops[i];
                if (op->kind != LL_OPND_LABEL || !op->sym)
                    continue;
                for (int d = 0; d <= s; d++)
                    if (th->stmts[d].label &&
                        !strcmp(th->stmts[d].label, op->sym)) {
                        /* a C test's labels are the lowering's own */
                        bool c = op->sym[0] == '@';
                        fprintf(stderr, "%s:%d:%d: note: %s%s: "
                                "hardware runs the loop as often as it "
                                "goes round; the model counts only "
                                "executions that go round at most twice\n",
                                t->file, st->pos.line, st->pos.col,
                                c ? "a loop" : "jump back to ",
                                c ? "" : op->sym);
                        return;
                    }
            }
        }
    }
}

static int run_one(const char *path, const hw_opts *o, hw_mode *m)
{
    ll_diag d = {0};
    ll_test *t = ll_test_read(path, &d);
    if (!t || !ll_test_check_addresses(t, &d)) {
        refuse(m->check, path, &d, NULL);
        ll_test_free(t);
        return 2;
    }
    ll_buf c = {0}, bin = {0}, why = {0};
    if (!m->check) {   /* a condition that cannot mean what it says */
        ll_test_warnings(t, &why);
        fputs(ll_buf_str(&why), stderr);
        ll_buf_clear(&why);
    }
    const hw_target *tg = o->target ? o->target : hw_target_host();
    int bin_fd = -1;
    /* a folder for another machine needs no tools here */
    bool here = !m->emit && !m->bundle;
    int rc = 0;
    if (!hw_gen_c(t, &c, &d)) {
        refuse(m->check, path, &d, NULL);
        rc = 2;
    } else if ((here || o->target) &&
               !target_fits(t, tg, o->target != NULL, &why)) {
        refuse(m->check, path, &d, ll_buf_str(&why));
        rc = 2;
    } else if (here && !hw_target_ready(tg, &why)) {
        refuse(m->check, path, &d, ll_buf_str(&why));
        rc = 2;
    } else if (m->check) {
        fprintf(m->check, "ok %s\n", path);
    } else if (m->b) {
        rc = hw_bundle_add(m->b, t, ll_buf_str(&c), path) ? 0 : 2;
    } else if (m->emit) {
        rc = hw_emit(t, ll_buf_str(&c), m->emit) ? 0 : 2;
    } else if (!hw_build(t, ll_buf_str(&c), o, &bin, &bin_fd)) {
        rc = 2;
    } else {
        note_loops(t);
        ll_log_entry e = {0};
        hw_end end;
        if (hw_execute(t, bin_fd, ll_buf_str(&bin), o, &e, &end))
            ll_log_format_litmus(&e, m->log);
        if (end == HW_STUCK || end == HW_FAILED)
            rc = 2;
        m->interrupted = end == HW_INTERRUPTED;
        ll_log_entry_clear(&e);
    }
    if (bin_fd >= 0)
        close(bin_fd);
    ll_buf_free(&c);
    ll_buf_free(&bin);
    ll_buf_free(&why);
    ll_test_free(t);
    return rc;
}

int cmd_hwrun(int argc, char **argv)
{
    hw_opts o = {0};
    hw_mode m = {0};
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
            list_targets(stdout);
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
            m.emit = v;
        } else if ((v = cli_value(&p, "bundle"))) {
            m.bundle = v;
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
    if (!n_files || (m.emit && n_files > 1) || (m.emit && m.bundle)) {
        fputs(!n_files ? "litmuslab hwrun: no test file given\n"
              : m.bundle ? "litmuslab hwrun: --emit or --bundle, not both\n"
                         : "litmuslab hwrun: --emit takes one test "
                           "(--bundle takes many)\n", stderr);
        usage(stderr);
        rc = 2;
        goto done;
    }
    if (timeout_given && !m.bundle) {
        fputs("litmuslab hwrun: --timeout goes with --bundle (a run here "
              "ends a stuck round with -watchdog)\n", stderr);
        rc = 2;
        goto done;
    }
    if (m.emit && !force && has_files(m.emit)) {
        fprintf(stderr, "litmuslab hwrun: %s is not empty; --emit writes a "
                "new folder (--force writes into this one)\n", m.emit);
        rc = 2;
        goto done;
    }
    m.check = check ? stdout : NULL;
    bool opened = !m.bundle || check ||
                  (m.b = hw_bundle_open(m.bundle, &o, force, timeout));
    ll_buf log = {0};
    m.log = &log;
    size_t shown = 0;
    for (int i = 0; i < n_files && !m.interrupted && opened; i++) {
        if (run_one(files[i], &o, &m) && !check)
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
    if (!opened)
        rc = 2;
    if (m.b && (rc || !hw_bundle_close(m.b)))
        rc = 2;
    hw_bundle_free(m.b);
    ll_buf_free(&log);
done:
    free(files);
    for (int i = 0; i < o.n_args; i++)
        free((char *)o.args[i]);
    free(o.args);
    return rc;
}
