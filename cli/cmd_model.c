/* cmd_model.c — `litmuslab model`: options, the list of files (an `@FILE`
 * argument names a list, one test per line, relative to the list, lists
 * nesting, as herd7's), and -j N workers whose entries are printed in
 * input order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

#include "cli/commands.h"
#include "cli/opts.h"
#include "litmuslab/limits.h"
#include "cli/foreign.h"
#include "model/driver.h"

static const char usage[] =
    "usage: litmuslab model [--model M] [--bell B] [--cat-path DIR]\n"
    "                       [--macros FILE.def]\n"
    "                       [--variant V,...] [-j N] [--timeout S]\n"
    "                       [--max-executions N] [--max-memory SIZE]\n"
    "                       [--conf FILE] [--hosts FILE]\n"
    "                       [--explain STATE | --explain-condition]\n"
    "                       [-o FILE.dot] [--show-all DIR] [-show TAG]\n"
    "                       [-nshow N] [-doshow R,...] [-unshow R,...]\n"
    "                       FILE...\n"
    "Lists every final state the memory model allows for each litmus test,\n"
    "in herd7's format. M is a cat file (default: the architecture's, from\n"
    "model/cats); B a bell file read before it; --cat-path adds a directory\n"
    "to look in; --variant switches on the variants the model tests with\n"
    "`if \"V\"`; --macros reads herd7's macros for C tests from FILE.def\n"
    "(the kernel's linux-kernel.def), which then replace the built-in\n"
    "kernel primitives. An argument @LIST reads test paths from LIST. Each file is\n"
    "modelled in a worker process; a test over the time, execution or\n"
    "memory limit (SIZE in MB, or with a K/M/G suffix; default half of\n"
    "physical memory shared by the -j workers; 0 none) is reported on\n"
    "stderr and skipped. Counts take k, M, G suffixes.\n"
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
    "Every option is written -x or --x, its value after a space or `=`.\n"
    "--models lists the models shipped.\n"
    "herd7's options: -model and -cat are --model (a NAME not found is\n"
    "NAME.cat: -model sc); -I and -set-libdir are\n"
    "--cat-path; -variant, -timeout, -show, -nshow, -showone, -doshow,\n"
    "-unshow as herd7's; -conf FILE reads options from FILE (a bare name\n"
    "not in the current folder: from the -I folders), one `option\n"
    "value` a line (# comments; herd7's picture options there are read\n"
    "and ignored, on the command line with a note); -o DIR writes\n"
    "DIR/TEST.dot for each test as herd7 (the executions -show picks;\n"
    "-suffix X: TEST<X>.dot), with --explain -o FILE.dot its execution;\n"
    "-through is refused: no rejected execution is let through (--explain\n"
    "shows them). Each of herd7's options is taken, taken with a note, or\n"
    "refused with why: --herd7-options lists which (as the man page).\n"
    "--hosts FILE models the tests on the hosts of FILE (GNU parallel's\n"
    "--sshloginfile format: [@GROUP/][N/]SSHLOGIN a line) over ssh, in\n"
    "shards, and prints the log a local run prints: a host of this\n"
    "machine (uname -m) runs this program, sent there, another one the\n"
    "litmuslab in its PATH; a host that drops out has its shard run on\n"
    "another; the same command again resumes (needs parallel, ssh, rsync).\n"
    "-j N is then each host's workers (default: its cores).\n"
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
    ll_diag bound = {0};
    char *text = ll_read_text(list, LL_MAX_CONF_LINE, LL_MAX_CONF_FILE, &len,
                              &bound);
    if (!text && errno == EFBIG) {
        ll_diag_print(&bound, stderr);
        return false;
    }
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

/* -o: with --explain, the DOT file of its execution; else herd7's -o DIR,
 * a folder with one TEST.dot per test (the executions -show picks; with
 * none, empty files, as herd7's: said once). */
static bool herd_o_dir(mdl_explain_opts *ex, bool show_given)
{
    if (!ex->dot_path || ex->explain)
        return true;
    if (ex->show_all) {
        fputs("litmuslab model: -o DIR (herd7's folder of graphs) and "
              "--show-all DIR, not both; see `litmuslab model --help`\n",
              stderr);
        return false;
    }
    ex->show_all = ex->dot_path;
    ex->dot_path = NULL;
    ex->per_test = true;
    if (!show_given)
        ex->show = 5;   /* herd7's default: none */
    if (!show_given)
        fprintf(stderr, "litmuslab model: note: -o %s writes %s/TEST.dot "
                "for each test, as herd7; with no -show they are empty, "
                "as herd7's (-show prop draws the executions where the "
                "condition's proposition holds)\n", ex->show_all,
                ex->show_all);
    return true;
}

/* What the command line sets besides mdl_options. */
typedef struct model_cli {
    mdl_options opt;
    files f;
    uint64_t workers;
    const char *hosts;   /* --hosts FILE */
    char **pass;         /* the options as given but --hosts: for them */
    int n_pass, cap_pass;
    bool memory_set;
    bool show_given;  /* -show was given (herd7's -o DIR note) */
    bool help;
    bool listed;      /* --models, --herd7-options: printed, no usage */
    int conf_depth;
    void **kept;      /* -conf's text and words, freed at exit */
    int n_kept, cap_kept;
} model_cli;

static void keep(model_cli *m, void *p)
{
    ll_grow((void **)&m->kept, &m->cap_kept, m->n_kept + 1, sizeof *m->kept);
    m->kept[m->n_kept++] = p;
}

static bool read_args(model_cli *m, cli_args *p);

/* herd7's -conf FILE: lines `option value` (`model x86tso.cat`, with or
 * without the dash), `#` comments; read as if given here. The strings
 * stay alive until exit: the options point into them. */
static bool read_conf(model_cli *m, cli_args *p, const char *path)
{
    size_t len;
    ll_diag bound = {0};
    /* as herd7: a bare name not in the current folder is looked up in
       the model folders given so far (-I, -set-libdir), where herd7
       keeps linux-kernel.cfg */
    for (int i = 0; !strchr(path, '/') && access(path, R_OK) != 0 &&
                    i < m->opt.n_cat_dirs; i++) {
        ll_buf b = {0};
        ll_buf_printf(&b, "%s/%s", m->opt.cat_dirs[i], path);
        if (access(b.data, R_OK) == 0) {
            path = b.data;
            keep(m, b.data);
            break;
        }
        ll_buf_free(&b);
    }
    char *text = ll_read_text(path, LL_MAX_CONF_LINE, LL_MAX_CONF_FILE, &len,
                              &bound);
    if (!text && errno == EFBIG) {
        ll_diag_print(&bound, stderr);
        p->failed = true;
        return false;
    }
    if (!text) {
        cli_error(p, "-conf %s: cannot read it (%s)", path, strerror(errno));
        return false;
    }
    if (m->conf_depth > 8) {
        cli_error(p, "-conf %s: configuration files nested too deep", path);
        free(text);
        return false;
    }
    char **args = ll_xcalloc(len + 2, sizeof *args);
    int n = 1;
    args[0] = "conf";
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *tok_save = NULL;
        bool first = true;
        for (char *w = strtok_r(line, " \t\r", &tok_save); w;
             w = strtok_r(NULL, " \t\r", &tok_save)) {
            if (first && w[0] != '-') {
                ll_buf b = {0};
                ll_buf_printf(&b, "-%s", w);
                w = b.data;   /* kept: an option may point into it */
                keep(m, w);
            }
            args[n++] = w;
            first = false;
        }
    }
    cli_args sub;
    ll_buf cmd = {0};
    ll_buf_printf(&cmd, "model (in %s)", path);
    cli_init(&sub, cmd.data, n, args);
    m->conf_depth++;
    bool ok = read_args(m, &sub);
    m->conf_depth--;
    if (ok && m->f.n) {
        fprintf(stderr, "litmuslab model: -conf %s: names a test; "
                "give tests on the command line\n", path);
        ok = false;
    }
    p->failed |= !ok;
    keep(m, text);   /* the options point into them */
    keep(m, args);
    keep(m, cmd.data);
    return ok;
}

/* --models: the models shipped, one a line (the bash completion of
 * --model reads them). */
static void list_models(void)
{
    for (const cat_text_file *f = cat_builtin_files; f->name; f++) {
        size_t l = strlen(f->name);
        if (l > 4 && !strcmp(f->name + l - 4, ".cat"))
            puts(f->name);
    }
}

/* One argument of the command line (or of a -conf file). */
static void read_arg(model_cli *m, cli_args *p)
{
    mdl_options *o = &m->opt;
    const char *v;
    uint64_t n;
    if (!p->opt) {
        if (p->arg[0] == '@')
            p->failed |= !add_list(&m->f, p->arg + 1, 0);
        else
            add_job(&m->f, p->arg);
    } else if (cli_flag(p, "h|help")) {
        m->help = true;
    } else if ((v = cli_value(p, "model|cat"))) {
        o->model = v;
    } else if ((v = cli_value(p, "bell"))) {
        o->bell = v;
    } else if ((v = cli_value(p, "macros"))) {
        o->macros = v;
    } else if ((v = cli_value(p, "cat-path|I|set-libdir"))) {
        if (o->n_cat_dirs < MDL_MAX_DIRS)
            o->cat_dirs[o->n_cat_dirs++] = v;
        else
            cli_error(p, "more than %d model directories", MDL_MAX_DIRS);
    } else if ((v = cli_value(p, "variant"))) {
        mdl_options_add_variants(o, v);
    } else if ((v = cli_value(p, "conf"))) {
        read_conf(m, p, v);
    } else if ((v = cli_value(p, "explain"))) {
        o->ex.explain = true;
        o->ex.target = v;
    } else if (cli_flag(p, "explain-condition")) {
        o->ex.explain = true;
    } else if ((v = cli_value(p, "o"))) {
        o->ex.dot_path = v;
    } else if ((v = cli_value(p, "show-all"))) {
        o->ex.show_all = v;
    } else if ((v = cli_value(p, "suffix"))) {
        o->ex.suffix = v;
    } else if ((v = cli_value(p, "show"))) {
        p->failed |= !show_tag(v, &o->ex.show);
        m->show_given = true;
    } else if (cli_count(p, "nshow", &n, 1, 1000000000)) {
        o->ex.nshow = (int)n;
    } else if ((v = cli_value(p, "doshow"))) {
        o->ex.doshow = v;
    } else if ((v = cli_value(p, "unshow"))) {
        o->ex.unshow = v;
    } else if ((v = cli_value(p, "hosts"))) {
        if (m->conf_depth)   /* the file is read on the hosts too */
            cli_error(p, "--hosts goes on the command line, not in a "
                      "-conf file");
        m->hosts = v;
    } else if (cli_count(p, "j|jobs", &m->workers, 1, 1000)) {
    } else if (cli_seconds(p, "timeout", &o->limits.timeout)) {
    } else if (cli_count(p, "max-executions", &n, 0, 0)) {
        o->limits.max_executions = n;
    } else if ((v = cli_value(p, "max-memory"))) {
        m->memory_set = true;
        if (!memory_size(v, &o->limits.max_memory))
            cli_error(p, "--max-memory takes megabytes, or a size with a "
                      "K, M or G suffix, not '%s'", v);
    } else if ((v = cli_value(p, "showone"))) {
        if (!strcmp(v, "true"))     /* herd7's alias for -nshow 1 */
            o->ex.nshow = 1;
        else if (strcmp(v, "false"))
            cli_error(p, "-showone takes true or false, not '%s'", v);
    } else if (cli_flag(p, "models")) {
        list_models();
        m->help = m->listed = true;     /* done: nothing else to run */
    } else if (cli_flag(p, "herd7-options")) {
        cli_foreign_print(stdout, cli_herd7_opts);
        m->help = m->listed = true;
    } else if (cli_foreign_opt(p, "herd7", cli_herd7_opts,
                               m->conf_depth > 0)) {
        /* a note (none inside -conf: herd7's own .cfg files set its
           picture options), or a refusal */
    } else {
        cli_unknown(p);
    }
}

/* herd7's `-model sc`: the name without .cat, when NAME.cat is there. */
static bool with_cat_suffix(model_cli *m)
{
    const char *name = m->opt.model;
    size_t len = strlen(name);
    if (len >= 4 && !strcmp(name + len - 4, ".cat"))
        return false;
    ll_buf b = {0};
    ll_buf_printf(&b, "%s.cat", name);
    m->opt.model = b.data;
    if (mdl_model_found(&m->opt, true)) {
        keep(m, b.data);
        return true;
    }
    m->opt.model = name;
    ll_buf_free(&b);
    return false;
}

static bool read_args(model_cli *m, cli_args *p)
{
    while (cli_next(p) && !m->help) {
        int from = p->i;
        const char *hosts = m->hosts;
        read_arg(m, p);
        /* what the hosts are given: every option of the command line
         * (a -conf file is sent, and read there) */
        for (int i = from; m->conf_depth == 0 && p->opt &&
                           m->hosts == hosts && i <= p->i && i < p->argc; i++) {
            ll_grow((void **)&m->pass, &m->cap_pass, m->n_pass + 1,
                    sizeof *m->pass);
            m->pass[m->n_pass++] = p->argv[i];
        }
    }
    return !p->failed;
}

int cmd_model(int argc, char **argv)
{
    model_cli m = {.workers = 1};
    mdl_options_init(&m.opt);
    m.opt.cat_dirs = ll_xcalloc(MDL_MAX_DIRS, sizeof *m.opt.cat_dirs);
    int rc = 0;
    cli_args p;
    cli_init(&p, "model", argc, argv);
    if (!read_args(&m, &p)) {
        rc = 2;
    } else if (m.help) {
        if (!m.listed)
            fputs(usage, stdout);
    } else if (m.f.n == 0) {
        fputs("litmuslab model: no test file given; see "
              "`litmuslab model --help`\n", stderr);
        rc = 2;
    } else if (m.opt.model && !mdl_model_found(&m.opt, true) &&
               !with_cat_suffix(&m) && !mdl_model_found(&m.opt, false)) {
        rc = 2;
    } else if (m.hosts && (m.opt.ex.show_all || m.opt.ex.dot_path)) {
        fputs("litmuslab model: --show-all and -o write files here: not "
              "with --hosts\n", stderr);
        rc = 2;
    } else if (m.hosts) {
        mdl_hosts_opts h = {m.hosts, m.pass, m.n_pass, m.f.paths, m.f.n};
        rc = mdl_hosts(&h);
    } else if (!herd_o_dir(&m.opt.ex, m.show_given) ||
               (m.opt.ex.show_all &&
                !mdl_show_all_dir(m.opt.ex.show_all, m.opt.ex.per_test))) {
        rc = 2;
    } else {
        int n_workers = (int)m.workers;
        if (!m.memory_set)
            m.opt.limits.max_memory =
                mdl_default_memory(n_workers < m.f.n ? n_workers : m.f.n);
        rc = mdl_batch(&m.opt, m.f.paths, m.f.n, n_workers);
    }
    for (int i = 0; i < m.f.n; i++)
        free(m.f.paths[i]);
    free(m.f.paths);
    mdl_options_free(&m.opt);
    for (int i = 0; i < m.n_kept; i++)
        free(m.kept[i]);
    free(m.kept);
    free(m.pass);
    return rc;
}
