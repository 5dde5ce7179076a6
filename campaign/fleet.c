/* fleet.c — `campaign --hosts FILE`: the hardware runs on many machines,
 * through GNU parallel over ssh (no scheduler of our own). The hosts are
 * read (GNU parallel's --sshloginfile format) and each says its machine
 * (`uname -m` and its CPU, through `parallel --nonall`); hosts of one
 * machine (or of one `@GROUP/` of the file) form a class, which runs
 * every test it can, split into shards (shard.c) that its hosts share:
 * more hosts finish sooner, and every class runs every test, so the
 * report compares classes. GNU parallel ships each shard's bundle and
 * job.sh (--transferfile, --basefile), runs it on a host of its class
 * (--hostgroups), brings the log back (--return), removes what it sent
 * (--cleanup), retries a shard that failed or whose host dropped out on
 * another host (--retries) and, from its --joblog, resumes a re-run
 * (--resume-failed). The logs of a class are merged into one, a column
 * of the report. Everything lives in DIR/fleet/. */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "litmuslab/hostfile.h"
#include "litmuslab/outdir.h"

typedef struct host {
    char *login;       /* the sshlogin, as GNU parallel takes it */
    char *group;       /* @GROUP/ of the file, or NULL */
    const char *name;  /* its last word (the host name), in messages */
    char *arch;        /* uname -m, NULL when it did not answer */
    char *cpu;
    char *why;         /* what ssh said when it did not answer */
    int line;
    int cls;           /* its class, -1 none */
    int done;          /* shards it brought back */
    bool lost;         /* answered at the start, not at the end */
} host;

typedef struct klass {
    char *name;        /* a hostgroup name: [A-Za-z0-9._=-] */
    char *target;      /* its uname -m: hwrun's --target */
    int hosts;
    int first, n;      /* its shards */
    int tests, not_for;
    char *why;         /* why it runs nothing, or NULL */
    char *log;         /* its shards' logs merged, or NULL */
} klass;

struct cp_fleet {
    cp_fleet_opts o;
    cp_tests *ts;
    host *hosts;
    int n_hosts, cap_hosts;
    klass *cls;
    int n_cls, cap_cls;
    cp_shards sh;
    char *dir;         /* DIR/fleet */
    char id[13];
    cp_job job;        /* GNU parallel */
    int retries;
    double start, stop_sent;
    volatile sig_atomic_t *interrupted;
    bool tty;
    int shown;         /* shards done when the last line was printed */
    size_t last_len;
    const char **logs;
    int n_logs;
    ll_buf report;
};

#define FLEET_SSH LL_HOSTS_SSH

/* What a host says of itself: one line, tagged with its login. */
#define DETECT_CMD "echo litmuslab-fleet \"$(uname -m)\" \"$(grep -m1 -E " \
                   "'^(model name|cpu)[[:space:]]*:' /proc/cpuinfo " \
                   "2>/dev/null | sed 's/^[^:]*: *//; s/[[:space:]]*$//')\""

/* The host file (lib/hostfile.c), each login as a host of ours. */
static bool read_hosts(cp_fleet *f, FILE *diag)
{
    ll_host *hs;
    int n;
    if (!ll_hosts_read(f->o.hosts, "campaign", &hs, &n, diag))
        return false;
    f->hosts = ll_xcalloc((size_t)n, sizeof *f->hosts);
    f->n_hosts = f->cap_hosts = n;
    for (int i = 0; i < n; i++) {
        host *h = &f->hosts[i];
        h->login = hs[i].login;   /* taken over */
        h->group = hs[i].group;
        h->name = hs[i].name;
        h->line = hs[i].line;
        h->cls = -1;
    }
    free(hs);
    return true;
}

/* GNU parallel with args, run in DIR/fleet (as a step: its own process
 * group, stdout to out, stderr to err); the job is started in *j. */
static bool start_parallel(cp_fleet *f, cp_job *j, const char *out,
                           const char *err, const char *const *args,
                           FILE *diag)
{
    int n = 0;
    while (args[n])
        n++;
    const char **argv = ll_xcalloc((size_t)n + 5, sizeof *argv);
    argv[0] = "/bin/sh";
    argv[1] = "-c";
    argv[2] = "cd \"$0\" && exec parallel \"$@\"";
    argv[3] = f->dir;
    memcpy(argv + 4, args, (size_t)n * sizeof *argv);
    cp_job_files(j, f->dir, out, err, true);
    bool ok = cp_job_start(j, (char *const *)argv, diag);
    free(argv);
    return ok;
}

/* exit 127 from sh: no `parallel` on PATH. */
static bool parallel_missing(int status, FILE *diag)
{
    if (status != 127)
        return false;
    fputs("litmuslab campaign: --hosts needs GNU parallel (Debian: "
          "apt-get install parallel openssh-client rsync)\n", diag);
    return true;
}

/* `parallel --nonall` of cmd on the hosts of which `which` is true; the
 * answers (stdout, stderr) in DIR/fleet/NAME.{out,err}. false when it
 * could not run. */
static bool ask_hosts(cp_fleet *f, const char *name, const char *cmd,
                      bool only_answered, volatile sig_atomic_t *stop,
                      char **out, char **err, FILE *diag)
{
    ll_buf slf = {0}, path = {0}, o = {0}, e = {0};
    for (int i = 0; i < f->n_hosts; i++)
        if (!only_answered || f->hosts[i].arch)
            ll_buf_printf(&slf, "1/%s\n", f->hosts[i].login);
    ll_buf_printf(&path, "%s/%s.slf", f->dir, name);
    ll_buf_printf(&o, "%s.out", name);
    ll_buf_printf(&e, "%s.err", name);
    char timeout[16];
    snprintf(timeout, sizeof timeout, "%d", CP_FLEET_DETECT_TIMEOUT);
    ll_buf slf_name = {0};
    ll_buf_printf(&slf_name, "%s.slf", name);
    const char *args[] = {"--nonall", "--tag", "--timeout", timeout,
                          "--ssh", FLEET_SSH, "--sshloginfile",
                          slf_name.data, cmd, NULL};
    cp_job j;
    int status = 2;
    bool ok = cp_write_text(path.data, slf.data ? slf.data : "", diag) &&
              start_parallel(f, &j, o.data, e.data, args, diag);
    if (ok) {
        cp_job_result res;
        cp_job_wait(&j, 1, CP_FLEET_DETECT_TIMEOUT + 30, stop, &res,
                    &status);
        ok = !parallel_missing(status, diag) && res != CP_JOB_INTERRUPTED &&
             res != CP_JOB_CRASHED;
        size_t len;
        *out = ll_read_file(j.out, &len);
        *err = ll_read_file(j.err, &len);
        if (!*out)
            *out = ll_xstrdup("");
        if (!*err)
            *err = ll_xstrdup("");
        cp_job_free(&j);
    }
    ll_buf_free(&slf);
    ll_buf_free(&path);
    ll_buf_free(&o);
    ll_buf_free(&e);
    ll_buf_free(&slf_name);
    return ok;
}

/* Each host's machine; hosts that do not answer are left out (said in
 * the report). false when none answered or GNU parallel is missing. */
static bool detect(cp_fleet *f, volatile sig_atomic_t *stop, FILE *diag)
{
    char *out, *err;
    if (!ask_hosts(f, "detect", DETECT_CMD, false, stop, &out, &err, diag))
        return false;
    int answered = 0;
    for (int i = 0; i < f->n_hosts; i++) {
        host *h = &f->hosts[i];
        char *line = ll_hosts_tagged(out, h->login, "litmuslab-fleet ");
        if (line && *line && *line != ' ') {
            char *sp = strchr(line, ' ');
            h->arch = sp ? ll_xstrndup(line, (size_t)(sp - line))
                         : ll_xstrdup(line);
            h->cpu = ll_xstrdup(sp ? ll_trim(sp) : "");
            answered++;
        } else {
            h->why = ll_hosts_tagged(err, h->login, NULL);
            if (!h->why)
                h->why = ll_xstrdup("no answer");
        }
        free(line);
    }
    if (!answered)
        fprintf(diag, "litmuslab campaign: no host of %s answered (%s: %s)\n",
                f->o.hosts, f->hosts[0].name, f->hosts[0].why);
    free(out);
    free(err);
    return answered > 0;
}

/* Hosts into classes: their @GROUP, else their machine and CPU. */
static bool classify(cp_fleet *f, FILE *diag)
{
    for (int i = 0; i < f->n_hosts; i++) {
        host *h = &f->hosts[i];
        if (!h->arch)
            continue;
        ll_buf name = {0};
        if (h->group)
            ll_buf_puts(&name, h->group);
        else {
            ll_buf raw = {0};
            ll_buf_printf(&raw, "%s%s%s", h->arch, *h->cpu ? "-" : "",
                          h->cpu);
            ll_file_slug(raw.data, &name);
            for (char *p = name.data; *p; p++)
                if (*p == '+')   /* GNU parallel's group separator */
                    *p = '_';
            ll_buf_free(&raw);
        }
        int c = 0;
        while (c < f->n_cls && strcmp(f->cls[c].name, name.data))
            c++;
        if (c == f->n_cls) {
            ll_grow((void **)&f->cls, &f->cap_cls, f->n_cls + 1,
                    sizeof *f->cls);
            memset(&f->cls[c], 0, sizeof f->cls[c]);
            f->cls[c].name = name.data;
            f->cls[c].target = ll_xstrdup(h->arch);
            f->n_cls++;
        } else {
            ll_buf_free(&name);
            if (strcmp(f->cls[c].target, h->arch)) {
                fprintf(diag, "%s:%d: host %s is %s, but group %s has %s "
                        "hosts (a group is one architecture)\n", f->o.hosts,
                        h->line, h->name, h->arch, f->cls[c].name,
                        f->cls[c].target);
                return false;
            }
        }
        h->cls = c;
        f->cls[c].hosts++;
    }
    return true;
}

/* Each class's tests (hwrun --check --bundle for its target) in shards,
 * and the plan: what a re-run must find the same to resume. */
static void make_shards(cp_fleet *f, ll_buf *plan, FILE *diag)
{
    ll_buf_printf(plan, "litmuslab fleet 1\n-n %llu\n--timeout %g\n",
                  (unsigned long long)f->o.iterations, f->o.timeout);
    for (int i = 0; i < f->o.n_hw_args; i++)
        ll_buf_printf(plan, "--hw-arg %s\n", f->o.hw_args[i]);
    cp_tests *ts = f->ts;
    for (int c = 0; c < f->n_cls; c++) {
        klass *k = &f->cls[c];
        k->first = f->sh.n;
        if (!cp_check_runnable(ts, f->o.exe, k->target, true, f->o.out,
                               diag)) {
            k->why = ll_xstrdup("hwrun cannot make bundles for it (above)");
            continue;
        }
        for (int i = 0; i < ts->n; i++)
            k->tests += ts->items[i].runnable;
        k->not_for = ts->n - k->tests;
        int per = f->o.shards ? f->o.shards : CP_SHARDS_PER_HOST;
        k->n = cp_shards_split(&f->sh, ts, k->name, per * k->hosts);
        if (!k->n)
            k->why = ll_xstrdup("none of the tests is for it");
        ll_buf_printf(plan, "class %s %s\n", k->name, k->target);
        cp_shards_plan(&f->sh, k->first, k->first + k->n, ts, plan);
    }
    for (int i = 0; i < ts->n; i++)   /* no hwrun here */
        ts->items[i].runnable = false;
}

/* Each class's bundles, for its machine (hwrun's --target). */
static bool make_bundles(cp_fleet *f, FILE *diag)
{
    bool ok = true;
    for (int c = 0; ok && c < f->n_cls; c++)
        ok = cp_shards_bundle(&f->sh, f->cls[c].first,
                              f->cls[c].first + f->cls[c].n,
                              f->cls[c].target, &f->o, f->ts, f->dir, diag);
    return ok;
}

/* A shard whose log is not here did not finish, whatever the joblog says
 * (its log may not have come back): its exit value is made 1 there, so
 * that --resume-failed runs it again. */
static bool shard_back(const cp_fleet *f, int s)
{
    ll_buf log = {0};
    ll_buf_printf(&log, "%s/%s.log", f->dir, f->sh.items[s].name);
    struct stat st;
    bool back = stat(log.data, &st) == 0 && st.st_size > 0;
    ll_buf_free(&log);
    return back;
}

static bool shard_back_cb(int shard, void *f)
{
    return shard_back(f, shard);
}

static void fix_joblog(cp_fleet *f, FILE *diag)
{
    ll_buf path = {0}, out = {0};
    ll_buf_printf(&path, "%s/joblog", f->dir);
    size_t len;
    char *text = ll_read_file(path.data, &len);
    if (ll_joblog_unfinished(text, f->sh.n, shard_back_cb, f, &out))
        cp_write_text(path.data, out.data, diag);
    free(text);
    ll_buf_free(&path);
    ll_buf_free(&out);
}

/* DIR/fleet/hosts.slf (each answering host of a class with shards, in
 * its class's group, one shard at a time), shards.txt, job.sh. */
static bool write_inputs(cp_fleet *f, FILE *diag)
{
    ll_buf slf = {0}, args = {0}, path = {0};
    int most = 1;
    for (int i = 0; i < f->n_hosts; i++) {
        host *h = &f->hosts[i];
        if (h->cls >= 0 && f->cls[h->cls].n)
            ll_buf_printf(&slf, "@%s/1/%s\n", f->cls[h->cls].name, h->login);
    }
    for (int c = 0; c < f->n_cls; c++) {
        if (f->cls[c].hosts > most)
            most = f->cls[c].hosts;
        for (int s = f->cls[c].first; s < f->cls[c].first + f->cls[c].n; s++)
            ll_buf_printf(&args, "%s@%s\n", f->sh.items[s].name,
                          f->cls[c].name);
    }
    /* every host of the class once, then one more try */
    f->retries = most + 1;
    ll_buf_printf(&path, "%s/hosts.slf", f->dir);
    bool ok = cp_write_text(path.data, slf.data ? slf.data : "", diag);
    ll_buf_clear(&path);
    ll_buf_printf(&path, "%s/shards.txt", f->dir);
    ok = ok && cp_write_text(path.data, args.data ? args.data : "", diag) &&
         cp_write_job_script(f->dir, diag);
    ll_buf_free(&slf);
    ll_buf_free(&args);
    ll_buf_free(&path);
    return ok;
}

static bool launch(cp_fleet *f, FILE *diag)
{
    char retries[16];
    snprintf(retries, sizeof retries, "%d", f->retries);
    ll_buf wd = {0};
    ll_buf_printf(&wd, ".litmuslab-fleet/%s", f->id);
    const char *args[] = {
        "--sshloginfile", "hosts.slf", "--hostgroups",
        "--joblog", "joblog", "--resume-failed", "--retries", retries,
        "--workdir", wd.data, "--basefile", "job.sh",
        "--transferfile", "{}.tar.gz", "--return", "{}.log", "--cleanup",
        "--ssh", FLEET_SSH, "--arg-file", "shards.txt",
        "sh", "job.sh", "{}", NULL};
    bool ok = start_parallel(f, &f->job, "parallel.out", "parallel.err",
                             args, diag);
    ll_buf_free(&wd);
    return ok;
}

cp_fleet *cp_fleet_start(const cp_fleet_opts *o, cp_tests *ts, FILE *diag)
{
    cp_fleet *f = ll_xcalloc(1, sizeof *f);
    f->o = *o;
    f->ts = ts;
    ll_buf dir = {0};
    ll_buf_printf(&dir, "%s/fleet", o->out);
    f->dir = dir.data;
    mkdir(f->dir, 0777);
    ll_buf plan = {0};
    bool ok = read_hosts(f, diag) && detect(f, NULL, diag) &&
              classify(f, diag);
    if (ok)
        make_shards(f, &plan, diag);
    if (ok && !f->sh.n) {
        fprintf(diag, "litmuslab campaign: no test for the machines of %s\n",
                o->hosts);
        ok = false;
    }
    if (ok) {
        cp_plan_id(plan.data, o->out, f->id);
        if (o->force)
            ll_remove_tree(f->dir);
        /* the same plan: its bundles, logs and joblog are kept */
        cp_plan_same(f->dir, plan.data, diag);
        ll_buf path = {0};
        ll_buf_printf(&path, "%s/plan", f->dir);
        ok = make_bundles(f, diag) &&
             cp_write_text(path.data, plan.data, diag);
        ll_buf_free(&path);
    }
    ll_buf_free(&plan);
    if (ok) {
        fix_joblog(f, diag);
        ok = write_inputs(f, diag) && launch(f, diag);
    }
    if (!ok) {
        cp_fleet_free(f);
        return NULL;
    }
    f->start = cp_now();
    f->tty = isatty(fileno(diag));
    f->shown = -1;
    int up = 0;
    for (int i = 0; i < f->n_hosts; i++)
        up += f->hosts[i].cls >= 0;
    fprintf(diag, "fleet: %d of %d hosts answered, %d class%s, %d shards "
            "(GNU parallel; work in %s, and in ~/.litmuslab-fleet/%s on "
            "the hosts)\n", up, f->n_hosts, f->n_cls,
            f->n_cls == 1 ? "" : "es", f->sh.n, f->dir, f->id);
    for (int c = 0; c < f->n_cls; c++) {
        fprintf(diag, "  %s:", f->cls[c].name);
        for (int i = 0; i < f->n_hosts; i++)
            if (f->hosts[i].cls == c)
                fprintf(diag, " %s", f->hosts[i].name);
        fprintf(diag, "; %d tests in %d shards\n", f->cls[c].tests,
                f->cls[c].n);
    }
    return f;
}

/* The joblog's lines: per shard (by its sequence number), the host that
 * last ran it, its exit value and run time. */
typedef struct job_line {
    char *host;        /* the sshlogin, owned; NULL: not run */
    int exitval;
    double seconds;
} job_line;

static job_line *read_joblog(const cp_fleet *f)
{
    job_line *jl = ll_xcalloc((size_t)f->sh.n + 1, sizeof *jl);
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/joblog", f->dir);
    size_t len;
    char *text = ll_read_file(path.data, &len);
    for (char *p = text; p && *p;) {
        size_t n = strcspn(p, "\n");
        char *fields[9] = {0};
        int k = 0;
        for (char *q = p; k < 9 && q < p + n;) {
            fields[k++] = q;
            char *tab = memchr(q, '\t', (size_t)(p + n - q));
            q = tab ? tab + 1 : p + n;
        }
        int seq = atoi(p);
        if (k == 9 && seq >= 1 && seq <= f->sh.n) {
            job_line *j = &jl[seq - 1];
            free(j->host);
            j->host = ll_xstrndup(fields[1],
                                  (size_t)(fields[2] - 1 - fields[1]));
            j->seconds = atof(fields[3]);
            j->exitval = atoi(fields[6]);
        }
        p += n + (p[n] == '\n');
    }
    free(text);
    ll_buf_free(&path);
    return jl;
}

static void free_joblog(const cp_fleet *f, job_line *jl)
{
    for (int i = 0; i < f->sh.n; i++)
        free(jl[i].host);
    free(jl);
}

static host *host_of(cp_fleet *f, const char *login)
{
    for (int i = 0; login && i < f->n_hosts; i++)
        if (!strcmp(f->hosts[i].login, login))
            return &f->hosts[i];
    return NULL;
}

/* Shards back so far, and each host's count (from the joblog). */
static int count_done(cp_fleet *f, double *mean)
{
    job_line *jl = read_joblog(f);
    for (int i = 0; i < f->n_hosts; i++)
        f->hosts[i].done = 0;
    int done = 0;
    double spent = 0;
    for (int s = 0; s < f->sh.n; s++)
        if (jl[s].host && jl[s].exitval == 0 && shard_back(f, s)) {
            done++;
            spent += jl[s].seconds;
            host *h = host_of(f, jl[s].host);
            if (h)
                h->done++;
        }
    free_joblog(f, jl);
    *mean = done ? spent / done : -1;
    return done;
}

/* About once a second while GNU parallel runs: the progress line; and,
 * once interrupted, SIGINT to GNU parallel (it stops the remote jobs and
 * exits), SIGKILL when it has not after CP_FLEET_STOP_WAIT seconds. */
static void tick(void *arg)
{
    cp_fleet *f = arg;
    double now = cp_now();
    if (f->interrupted && *f->interrupted && f->job.pid > 0) {
        if (!f->stop_sent) {
            kill(f->job.pid, SIGINT);
            f->stop_sent = now;
            fputs("\nfleet: stopping the remote jobs (GNU parallel)\n",
                  stderr);
        } else if (now - f->stop_sent > CP_FLEET_STOP_WAIT) {
            kill(-f->job.pid, SIGKILL);
        }
        return;
    }
    if (f->o.quiet)
        return;
    double mean;
    int done = count_done(f, &mean);
    if (!f->tty && done == f->shown)
        return;
    f->shown = done;
    int lanes = 0;
    ll_buf line = {0}, per = {0};
    for (int i = 0; i < f->n_hosts; i++)
        if (f->hosts[i].cls >= 0) {
            lanes++;
            ll_buf_printf(&per, "%s%s %d", per.len ? ", " : "",
                          f->hosts[i].name, f->hosts[i].done);
        }
    char el[32], eta[32];
    cp_format_duration(now - f->start, el, sizeof el);
    cp_format_duration(cp_eta(f->sh.n - done, mean, lanes), eta, sizeof eta);
    ll_buf_printf(&line, "fleet: %d hosts (%s), shards %d/%d done, %d left; "
                  "elapsed %s, ETA %s", lanes, per.data, done, f->sh.n,
                  f->sh.n - done, el, eta);
    if (f->tty) {
        fprintf(stderr, "\r\033[K%s", line.data);
        f->last_len = line.len;
    } else {
        fprintf(stderr, "%s\n", line.data);
    }
    fflush(stderr);
    ll_buf_free(&line);
    ll_buf_free(&per);
}

/* Hosts that answered at the start and do not now: lost on the way. */
static void probe_lost(cp_fleet *f)
{
    char *out, *err;
    if (!ask_hosts(f, "probe", "echo litmuslab-fleet up", true, NULL, &out,
                   &err, stderr))
        return;
    for (int i = 0; i < f->n_hosts; i++) {
        host *h = &f->hosts[i];
        char *line = h->arch ? ll_hosts_tagged(out, h->login, "litmuslab-fleet up")
                             : NULL;
        h->lost = h->arch && !line;
        free(line);
    }
    free(out);
    free(err);
}

/* The class's shard logs in one, DIR/fleet/CLASS.log: its column in
 * the report. */
static bool merge_logs(cp_fleet *f, klass *k)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/%s.log", f->dir, k->name);
    char *tmp;
    FILE *out = NULL;
    int n = 0;
    for (int s = k->first; s < k->first + k->n; s++) {
        if (!shard_back(f, s))
            continue;
        ll_buf log = {0};
        ll_buf_printf(&log, "%s/%s.log", f->dir, f->sh.items[s].name);
        size_t len;
        char *text = ll_read_file(log.data, &len);
        if (text && !out)
            out = ll_replace_open(path.data, &tmp);
        if (text && out) {
            fwrite(text, 1, len, out);
            n++;
        }
        free(text);
        ll_buf_free(&log);
    }
    bool ok = out && ll_replace_close(out, tmp, path.data);
    if (ok)
        k->log = path.data;
    else
        ll_buf_free(&path);
    return ok && n;
}

/* What ran where, for the summary. */
static void write_report(cp_fleet *f, int missing)
{
    ll_buf *r = &f->report;
    int up = 0;
    for (int i = 0; i < f->n_hosts; i++)
        up += f->hosts[i].cls >= 0;
    ll_buf_printf(r, "  fleet: %d hosts of %s (%d answered), %d class%s, "
                  "%d shards, %d missing; GNU parallel's joblog: %s/joblog\n",
                  f->n_hosts, f->o.hosts, up, f->n_cls,
                  f->n_cls == 1 ? "" : "es", f->sh.n, missing, f->dir);
    for (int c = 0; c < f->n_cls; c++) {
        klass *k = &f->cls[c];
        ll_buf_printf(r, "    %s (%s): ", k->name, k->target);
        if (k->why) {
            ll_buf_printf(r, "runs nothing: %s\n", k->why);
            continue;
        }
        ll_buf_printf(r, "%d tests (%d not for it) in %d shards, back from",
                      k->tests, k->not_for, k->n);
        const char *sep = " ";
        for (int i = 0; i < f->n_hosts; i++)
            if (f->hosts[i].cls == c) {
                ll_buf_printf(r, "%s%s %d", sep, f->hosts[i].name,
                              f->hosts[i].done);
                sep = ", ";
            }
        ll_buf_printf(r, "%s%s\n", k->log ? "; log " : "",
                      k->log ? k->log : "");
    }
    for (int i = 0; i < f->n_hosts; i++) {
        host *h = &f->hosts[i];
        if (!h->arch)
            ll_buf_printf(r, "    did not answer at the start: %s (%s)\n",
                          h->name, h->why);
        else if (h->lost)
            ll_buf_printf(r, "    lost during the run: %s (does not answer "
                          "now; a shard it had is retried on another host "
                          "of its class)\n", h->name);
    }
    job_line *jl = read_joblog(f);
    for (int s = 0; s < f->sh.n; s++) {
        if (shard_back(f, s))
            continue;
        const cp_shard *x = &f->sh.items[s];
        host *h = host_of(f, jl[s].host);
        ll_buf_printf(r, "    missing: %s (%d test%s:", x->name, x->n,
                      x->n == 1 ? "" : "s");
        for (int i = 0; i < x->n && i < 5; i++)
            ll_buf_printf(r, " %s", f->ts->items[x->tests[i]].name);
        if (!jl[s].host)
            ll_buf_printf(r, "%s), never ran\n", x->n > 5 ? " ..." : "");
        else
            ll_buf_printf(r, "%s), exit %d on %s at its last try\n",
                          x->n > 5 ? " ..." : "", jl[s].exitval,
                          h ? h->name : jl[s].host);
    }
    free_joblog(f, jl);
}

int cp_fleet_finish(cp_fleet *f, volatile sig_atomic_t *interrupted,
                    const char ***logs, int *n_logs)
{
    f->interrupted = interrupted;
    *logs = NULL;
    *n_logs = 0;
    cp_job_result res;
    int status = 0;
    if (f->job.pid > 0)
        cp_job_wait_tick(&f->job, 1, 0, NULL, &res, &status, tick, f);
    tick(f);
    if (f->tty && !f->o.quiet)
        fputc('\n', stderr);
    if (parallel_missing(status, stderr))
        return 2;
    if (interrupted && *interrupted) {
        fprintf(stderr, "fleet: stopped; shards back so far are kept in %s: "
                "run the same command again to go on\n", f->dir);
        return 130;
    }
    if (status == 255) {
        char *line = cp_first_line(f->job.err);
        fprintf(stderr, "litmuslab campaign: GNU parallel failed: %s (%s)\n",
                line, f->job.err);
        free(line);
        return 2;
    }
    probe_lost(f);
    double mean;
    count_done(f, &mean);   /* each host's shards, for the report */
    int missing = 0;
    for (int s = 0; s < f->sh.n; s++)
        missing += !shard_back(f, s);
    f->logs = ll_xcalloc((size_t)f->n_cls + 1, sizeof *f->logs);
    for (int c = 0; c < f->n_cls; c++)
        if (merge_logs(f, &f->cls[c]))
            f->logs[f->n_logs++] = f->cls[c].log;
    write_report(f, missing);
    *logs = f->logs;
    *n_logs = f->n_logs;
    return missing ? 1 : 0;
}

const char *cp_fleet_report(const cp_fleet *f)
{
    return f && f->report.data ? f->report.data : "";
}

void cp_fleet_free(cp_fleet *f)
{
    if (!f)
        return;
    for (int i = 0; i < f->n_hosts; i++) {
        free(f->hosts[i].login);
        free(f->hosts[i].group);
        free(f->hosts[i].arch);
        free(f->hosts[i].cpu);
        free(f->hosts[i].why);
    }
    free(f->hosts);
    for (int c = 0; c < f->n_cls; c++) {
        free(f->cls[c].name);
        free(f->cls[c].target);
        free(f->cls[c].why);
        free(f->cls[c].log);
    }
    free(f->cls);
    cp_shards_free(&f->sh);
    cp_job_free(&f->job);
    free(f->dir);
    free(f->logs);
    ll_buf_free(&f->report);
    free(f);
}
