/* cmd_model.c — `litmuslab model`: options, the list of files (an `@FILE`
 * argument names a list, one test per line, relative to the list, lists
 * nesting, as herd7's), and -j N workers whose entries are printed in
 * input order. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "model/driver.h"

static const char usage[] =
    "usage: litmuslab model [--model M] [--bell B] [--cat-path DIR]\n"
    "                       [--variant V,...] [-j N] [--timeout S]\n"
    "                       [--max-executions N]\n"
    "                       [--explain STATE | --explain-condition]\n"
    "                       [-o FILE.dot] FILE...\n"
    "Lists every final state the memory model allows for each litmus test,\n"
    "in herd7's format. M is a cat file (default: the architecture's, from\n"
    "model/cats); B a bell file read before it; --cat-path adds a directory\n"
    "to look in; --variant (or -variant, as herd7's) switches on the\n"
    "variants the model tests with `if \"V\"`. An argument @LIST reads test\n"
    "paths from LIST. A test over the time or execution limit is reported\n"
    "on stderr and skipped.\n"
    "--explain STATE (`0:r3=0; 1:r3=0` or a proposition) prints, instead of\n"
    "the log entry, an execution the model allows reaching STATE with a\n"
    "trace, or every candidate reaching it with the check rejecting it and\n"
    "its cycle; --explain-condition explains the condition's states. -o\n"
    "writes that execution as Graphviz DOT (and FILE.svg if dot runs).\n";

typedef struct job {
    char *path;
    ll_buf out, err;
    int rc;
    bool done;
} job;

typedef struct pool {
    const mdl_options *opt;
    job *jobs;
    int n_jobs;
    int next;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} pool;

static void add_job(job **jobs, int *n, int *cap, const char *path)
{
    ll_grow((void **)jobs, cap, *n + 1, sizeof **jobs);
    memset(&(*jobs)[*n], 0, sizeof **jobs);
    (*jobs)[(*n)++].path = ll_xstrdup(path);
}

static bool add_list(job **jobs, int *n, int *cap, const char *list,
                     int depth)
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
            ok = add_list(jobs, n, cap, b.data, depth + 1);
        else
            add_job(jobs, n, cap, b.data);
        ll_buf_free(&b);
        if (!ok) {
            free(text);
            return false;
        }
    }
    free(text);
    return true;
}

static void *worker(void *arg)
{
    pool *p = arg;
    mdl_worker w = {0};
    for (;;) {
        pthread_mutex_lock(&p->mu);
        int i = p->next++;
        pthread_mutex_unlock(&p->mu);
        if (i >= p->n_jobs)
            break;
        job *j = &p->jobs[i];
        int rc = mdl_run_file(&w, p->opt, j->path, &j->out, &j->err);
        pthread_mutex_lock(&p->mu);
        j->rc = rc;
        j->done = true;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
    mdl_worker_free(&w);
    return NULL;
}

/* Run the jobs on n_workers threads, printing each in input order. */
static int print_job(job *j)
{
    fputs(ll_buf_str(&j->out), stdout);
    fflush(stdout);
    fputs(ll_buf_str(&j->err), stderr);
    ll_buf_free(&j->out);
    ll_buf_free(&j->err);
    return j->rc;
}

static int run_inline(pool *p)
{
    mdl_worker w = {0};
    int rc = 0;
    for (int i = 0; i < p->n_jobs; i++) {
        job *j = &p->jobs[i];
        j->rc = mdl_run_file(&w, p->opt, j->path, &j->out, &j->err);
        if (print_job(j))
            rc = j->rc;
    }
    mdl_worker_free(&w);
    return rc;
}

static int run_jobs(pool *p, int n_workers)
{
    pthread_t tid[64];
    if (n_workers <= 1 || p->n_jobs <= 1)
        return run_inline(p);
    if (n_workers > 64)
        n_workers = 64;
    if (n_workers > p->n_jobs)
        n_workers = p->n_jobs > 0 ? p->n_jobs : 1;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    for (int i = 0; i < n_workers; i++)
        pthread_create(&tid[i], NULL, worker, p);
    int rc = 0;
    for (int i = 0; i < p->n_jobs; i++) {
        job *j = &p->jobs[i];
        pthread_mutex_lock(&p->mu);
        while (!j->done)
            pthread_cond_wait(&p->cv, &p->mu);
        pthread_mutex_unlock(&p->mu);
        if (print_job(j))
            rc = j->rc;
    }
    for (int i = 0; i < n_workers; i++)
        pthread_join(tid[i], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    return rc;
}

static bool number(const char *s, double *out)
{
    char *end;
    *out = strtod(s, &end);
    return *s && !*end && *out >= 0;
}

int cmd_model(int argc, char **argv)
{
    mdl_options opt;
    mdl_options_init(&opt);
    opt.cat_dirs = ll_xcalloc((size_t)argc + 1, sizeof *opt.cat_dirs);
    job *jobs = NULL;
    int n_jobs = 0, cap_jobs = 0, n_workers = 1, rc = 0;
    bool bad = false;
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
            opt.explain_on = true;
            opt.explain = argv[++i];
        } else if (!strcmp(a, "--explain-condition")) {
            opt.explain_on = true;
        } else if (!strcmp(a, "-o") && has_arg) {
            opt.dot_path = argv[++i];
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
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "litmuslab model: bad option or missing value: "
                            "%s\n", a);
            bad = true;
        } else if (a[0] == '@') {
            bad = !add_list(&jobs, &n_jobs, &cap_jobs, a + 1, 0);
        } else {
            add_job(&jobs, &n_jobs, &cap_jobs, a);
        }
    }
    if (bad || n_jobs == 0) {
        if (!bad)
            fputs(usage, stderr);
        rc = 2;
        goto done;
    }
    pool p = {0};
    p.opt = &opt;
    p.jobs = jobs;
    p.n_jobs = n_jobs;
    rc = run_jobs(&p, n_workers);
done:
    for (int i = 0; i < n_jobs; i++)
        free(jobs[i].path);
    free(jobs);
    mdl_options_free(&opt);
    return rc;
}
