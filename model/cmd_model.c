/* cmd_model.c — `litmuslab model`: options, the list of files (an `@FILE`
 * argument names a list, one test per line, relative to the list, lists
 * nesting, as herd7's), and -j N workers whose entries are printed in
 * input order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "model/driver.h"

static const char usage[] =
    "usage: litmuslab model [--model M] [--bell B] [--cat-path DIR]\n"
    "                       [--variant V,...] [-j N] [--timeout S]\n"
    "                       [--max-executions N] [--max-memory SIZE]\n"
    "                       [--explain STATE | --explain-condition]\n"
    "                       [-o FILE.dot] [--show-all DIR] [-show TAG]\n"
    "                       [-nshow N] [-doshow R,...] [-unshow R,...]\n"
    "                       FILE...\n"
    "Lists every final state the memory model allows for each litmus test,\n"
    "in herd7's format. M is a cat file (default: the architecture's, from\n"
    "model/cats); B a bell file read before it; --cat-path adds a directory\n"
    "to look in; --variant (or -variant, as herd7's) switches on the\n"
    "variants the model tests with `if \"V\"`. An argument @LIST reads test\n"
    "paths from LIST. Each file is modelled in a worker process; a test\n"
    "over the time, execution or memory limit (SIZE in MB, or with a K/M/G\n"
    "suffix; default half of physical memory shared by the -j workers; 0\n"
    "none) is reported on stderr and skipped.\n"
    "--explain STATE (`0:r3=0; 1:r3=0` or a proposition) prints, instead of\n"
    "the log entry, an execution the model allows reaching STATE with a\n"
    "trace, or every candidate reaching it with the check rejecting it and\n"
    "its cycle; --explain-condition explains the condition's states. -o\n"
    "writes that execution as Graphviz DOT (and FILE.svg if dot runs).\n"
    "--show-all DIR writes every accepted execution as DIR/TEST-N.dot\n"
    "(and .svg) with an index, DIR/index.txt; -show (prop, neg, all, cond,\n"
    "wit, none) chooses which, as herd7's, and -nshow N stops after N.\n"
    "-doshow draws the relations the model names R (ppo, prop...), -unshow\n"
    "leaves out the edges labelled R.\n"
    "Exit status: 0 ok; 1 a test was stopped by a limit; 2 bad input, or\n"
    "the model crashed on a file.\n";

typedef struct files {
    char **paths;
    int n, cap;
} files;

static void add_job(files *f, const char *path)
{
    ll_grow((void **)&f->paths, &f->cap, f->n + 1, sizeof *f->paths);
    f->paths[f->n++] = ll_xstrdup(path);
}

static bool add_list(files *f, const char *list, int depth)
{
    if (depth > 16) {
        fprintf(stderr, "%s: lists nested too deep\n", list);
        return false;
    }
    size_t len;
    char *text = ll_read_file(list, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read the list\n", list);
        return false;
    }
    const char *slash = strrchr(list, '/');
    int dir_len = slash ? (int)(slash - list) + 1 : 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        line += strspn(line, " \t\r");
        size_t l = strcspn(line, " \t\r#");
        if (!l)
            continue;
        ll_buf b = {0};
        if (line[0] != '/')
            ll_buf_printf(&b, "%.*s", dir_len, list);
        ll_buf_putn(&b, line, l);
        /* as herd7: a listed file whose name starts with @ is a list */
        const char *base = strrchr(b.data, '/');
        base = base ? base + 1 : b.data;
        bool ok = true;
        if (base[0] == '@')
            ok = add_list(f, b.data, depth + 1);
        else
            add_job(f, b.data);
        ll_buf_free(&b);
        if (!ok) {
            free(text);
            return false;
        }
    }
    free(text);
    return true;
}

static bool number(const char *s, double *out)
{
    char *end;
    *out = strtod(s, &end);
    return *s && !*end && *out >= 0 && *out <= 1e15;
}

/* --max-memory: megabytes, or a number with a K, M or G suffix. */
static bool memory_size(const char *s, uint64_t *out)
{
    char *end;
    double v = strtod(s, &end);
    double unit = 1 << 20;
    if (*end == 'K' || *end == 'k')
        unit = 1 << 10, end++;
    else if (*end == 'M' || *end == 'm')
        end++;
    else if (*end == 'G' || *end == 'g')
        unit = 1 << 30, end++;
    if (end == s || *end || !(v >= 0) || v * unit > 1e18)
        return false;
    *out = (uint64_t)(v * unit);
    return true;
}

/* Half of physical memory, shared among the workers. */
static uint64_t default_memory(int n_workers)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return 0;
    uint64_t each = (uint64_t)pages * (uint64_t)size / 2 /
                    (uint64_t)(n_workers > 0 ? n_workers : 1);
    return each < (256u << 20) ? 256u << 20 : each;
}

/* herd7's spelling (-show) or ours (--show). */
static bool is_opt(const char *a, const char *name)
{
    if (a[0] != '-')
        return false;
    a += a[0] == '-';
    a += a[0] == '-';
    return !strcmp(a, name);
}

static bool show_tag(const char *s, int *out)
{
    static const char *const tags[] = {"all", "prop", "neg", "cond", "wit",
                                       "none"};
    for (int i = 0; i < 6; i++)
        if (!strcmp(s, tags[i])) {
            *out = i;
            return true;
        }
    fprintf(stderr, "litmuslab model: -show takes all, prop, neg, cond, "
                    "wit or none, not '%s'\n", s);
    return false;
}

/* --show-all's directory, made if missing, its index emptied: the
 * workers append to it. */
static bool show_all_dir(const char *dir)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/index.txt", dir);
    FILE *f = NULL;
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        f = fopen(path.data, "w");
    if (!f)
        fprintf(stderr, "litmuslab model: --show-all %s: cannot write "
                        "there (%s)\n", dir, strerror(errno));
    else
        fclose(f);
    ll_buf_free(&path);
    return f != NULL;
}

int cmd_model(int argc, char **argv)
{
    mdl_options opt;
    mdl_options_init(&opt);
    opt.cat_dirs = ll_xcalloc((size_t)argc + 1, sizeof *opt.cat_dirs);
    files f = {0};
    int n_workers = 1, rc = 0;
    bool bad = false, memory_set = false;
    for (int i = 1; i < argc && !bad; i++) {
        const char *a = argv[i];
        bool has_arg = i + 1 < argc;
        double v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            goto done;
        } else if (!strcmp(a, "--model") && has_arg) {
            opt.model = argv[++i];
        } else if ((!strcmp(a, "--bell") || !strcmp(a, "-bell")) && has_arg) {
            opt.bell = argv[++i];
        } else if (!strcmp(a, "--cat-path") && has_arg) {
            opt.cat_dirs[opt.n_cat_dirs++] = argv[++i];
        } else if ((!strcmp(a, "--variant") || !strcmp(a, "-variant")) &&
                   has_arg) {
            mdl_options_add_variants(&opt, argv[++i]);
        } else if (!strcmp(a, "--explain") && has_arg) {
            opt.ex.explain = true;
            opt.ex.target = argv[++i];
        } else if (!strcmp(a, "--explain-condition")) {
            opt.ex.explain = true;
        } else if (!strcmp(a, "-o") && has_arg) {
            opt.ex.dot_path = argv[++i];
        } else if (!strcmp(a, "--show-all") && has_arg) {
            opt.ex.show_all = argv[++i];
        } else if (is_opt(a, "show") && has_arg) {
            bad = !show_tag(argv[++i], &opt.ex.show);
        } else if (is_opt(a, "nshow") && has_arg &&
                   number(argv[i + 1], &v) && v >= 1 && v <= 1e9) {
            opt.ex.nshow = (int)v;
            i++;
        } else if (is_opt(a, "doshow") && has_arg) {
            opt.ex.doshow = argv[++i];
        } else if (is_opt(a, "unshow") && has_arg) {
            opt.ex.unshow = argv[++i];
        } else if (!strcmp(a, "-j") && has_arg && number(argv[i + 1], &v) &&
                   v >= 1) {
            n_workers = (int)v;
            i++;
        } else if (!strncmp(a, "-j", 2) && a[2] && number(a + 2, &v) &&
                   v >= 1) {
            n_workers = (int)v;
        } else if (!strcmp(a, "--timeout") && has_arg &&
                   number(argv[i + 1], &v)) {
            opt.limits.timeout = v;
            i++;
        } else if (!strcmp(a, "--max-executions") && has_arg &&
                   number(argv[i + 1], &v)) {
            opt.limits.max_executions = (uint64_t)v;
            i++;
        } else if (!strcmp(a, "--max-memory") && has_arg &&
                   memory_size(argv[i + 1], &opt.limits.max_memory)) {
            memory_set = true;
            i++;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "litmuslab model: bad option or missing value: "
                            "%s\n", a);
            bad = true;
        } else if (a[0] == '@') {
            bad = !add_list(&f, a + 1, 0);
        } else {
            add_job(&f, a);
        }
    }
    if (bad || f.n == 0) {
        if (!bad)
            fputs(usage, stderr);
        rc = 2;
        goto done;
    }
    if (!bad && opt.ex.show_all && !show_all_dir(opt.ex.show_all)) {
        rc = 2;
        goto done;
    }
    if (!memory_set)
        opt.limits.max_memory =
            default_memory(n_workers < f.n ? n_workers : f.n);
    rc = mdl_batch(&opt, f.paths, f.n, n_workers);
done:
    for (int i = 0; i < f.n; i++)
        free(f.paths[i]);
    free(f.paths);
    mdl_options_free(&opt);
    return rc;
}
