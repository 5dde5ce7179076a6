/* hosts.c — `model --hosts FILE`: a batch of tests modelled on many
 * machines through GNU parallel over ssh (no scheduler of our own). The
 * hosts (GNU parallel's --sshloginfile format, lib/hostfile.c) first say
 * their machine (`uname -m`) and whether they have a litmuslab in their
 * PATH: a host of this machine runs this very program (shipped with
 * --basefile), another one its own litmuslab, and a host with neither is
 * left out, said so. The tests are cut into contiguous shards; each is a
 * tarball of its tests (and of the files the options name) and an
 * argument list, which GNU parallel ships (--transferfile), models there
 * (job.sh below), brings back as the shard's stdout, stderr and exit
 * status (--return), retries on another host when its host drops out
 * (--retries) and, from its --joblog, resumes on a re-run
 * (--resume-failed). The shards' outputs, printed in order, are the log a
 * local `litmuslab model` of the same tests prints. The work lives in
 * ~/.cache/litmuslab/model-hosts/ID (ID: the plan's MD5), kept until
 * every shard is back. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "litmuslab/hostfile.h"
#include "litmuslab/limits.h"
#include "litmuslab/md5.h"
#include "litmuslab/os.h"
#include "litmuslab/outdir.h"
#include "model/driver.h"

/* One shard on the host that runs it (sent with --basefile). Exit 0 once
 * the model ran to its end, whatever it found (its status is in
 * SHARD.res);
 * else the shard is tried again on another host. */
static const char job_sh[] =
    "#!/bin/sh\n"
    "# job.sh SHARD ARCH: one shard of `litmuslab model --hosts` (written\n"
    "# by it). SHARD.tar.gz holds the tests and an `args` file, one\n"
    "# argument a line; the model's exit status, stdout and stderr are left\n"
    "# in SHARD.res (brought back by --return): a first line\n"
    "# `litmuslab-model STATUS OUTBYTES`, then both outputs.\n"
    "s=$1\n"
    "case $s in ''|/*|*..*) echo \"job.sh: bad shard name '$s'\" >&2; exit 3 ;; esac\n"
    "key=$(printf '%s\\n' \"${PARALLEL_SSHLOGIN:-}\" | cksum | cut -d' ' -f1)\n"
    "d=run-$key/$s\n"
    "rm -rf \"$d\" && mkdir -p \"$d\" && tar xzf \"$s.tar.gz\" -C \"$d\" ||\n"
    "  { echo \"job.sh: $s.tar.gz: cannot unpack into $d\" >&2; exit 3; }\n"
    "if [ -x ./litmuslab ] && [ \"$(uname -m)\" = \"$2\" ]; then exe=$PWD/litmuslab\n"
    "elif command -v litmuslab >/dev/null 2>&1; then exe=litmuslab\n"
    "else echo \"job.sh: $(uname -n) is $(uname -m), not $2: it needs\" \\\n"
    "  \"litmuslab in its PATH\" >&2; exit 3; fi\n"
    "n=$(nproc 2>/dev/null || echo 1)\n"
    "(cd \"$d\" && set -- && while IFS= read -r a; do set -- \"$@\" \"$a\"; \\\n"
    "  done < args && exec \"$exe\" model -j \"$n\" \"$@\") \\\n"
    "  > \"$d.out\" 2> \"$d.err\"\n"
    "rc=$?\n"
    "[ \"$rc\" -gt 2 ] && exit \"$rc\"   # killed: tried again elsewhere\n"
    "{ echo \"litmuslab-model $rc $(wc -c < \"$d.out\")\" && cat \"$d.out\" \"$d.err\"; } \\\n"
    "  > \"$d.res\" && mv \"$d.res\" \"$s.res\" || exit 3\n"
    "rm -f \"$d.out\" \"$d.err\"\n"
    "rm -rf \"$d\"\n"
    "rmdir \"run-$key\" 2>/dev/null\n"
    "exit 0\n";

/* What a host says of itself: its machine and its own litmuslab. */
#define DETECT_CMD "echo litmuslab-model \"$(uname -m)\" " \
                   "\"$(command -v litmuslab || echo -)\""

typedef struct mh {
    const mdl_hosts_opts *o;
    ll_host *hosts;
    int n_hosts, usable;
    char *dir;              /* the local work folder */
    char id[13];
    char arch[sizeof ((struct utsname *)0)->machine];
    int n_shards, width;
    int *first;             /* shard s: tests first[s] .. first[s+1]-1 */
} mh;

static volatile sig_atomic_t stop;
static volatile pid_t child;

static void on_signal(int sig)
{
    stop = 1;
    if (child > 0)
        kill(child, sig);   /* GNU parallel stops its remote jobs */
}

/* argv[0] (parallel, tar) run in dir, stdout and stderr to the files
 * out and err there (NULL: ours); its exit status, 127 when it could not
 * start, 128+N when killed by signal N. */
static int run(const char *dir, const char *out, const char *err,
               char *const *argv)
{
    pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0) {
        if (chdir(dir))
            _exit(127);
        int fd;
        if (out && ((fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0 ||
                    dup2(fd, 1) < 0))
            _exit(127);
        if (err && ((fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0 ||
                    dup2(fd, 2) < 0))
            _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    child = pid;
    int status = 0;
    ll_wait(pid, &status);
    child = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static char *at(const mh *m, const char *fmt, const char *name)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "%s/", m->dir);
    ll_buf_printf(&b, fmt, name);
    return b.data;
}

static bool exists(const mh *m, const char *fmt, const char *name)
{
    char *p = at(m, fmt, name);
    struct stat st;
    bool ok = stat(p, &st) == 0;
    free(p);
    return ok;
}

static void shard_name(const mh *m, int s, char name[16])
{
    snprintf(name, 16, "s%0*d", m->width, s + 1);
}

/* The work folder, named after the plan: where we are, the options and
 * the tests. The same command finds it again (and resumes). */
static bool work_dir(mh *m)
{
    const mdl_hosts_opts *o = m->o;
    ll_buf plan = {0};
    char *cwd = getcwd(NULL, 0);
    ll_buf_printf(&plan, "litmuslab model --hosts 1\n%s\n",
                  cwd ? cwd : ".");
    free(cwd);
    for (int i = 0; i < o->n_args; i++)
        ll_buf_printf(&plan, "%s\n", o->args[i]);
    ll_buf_puts(&plan, "--\n");
    for (int i = 0; i < o->n; i++)
        ll_buf_printf(&plan, "%s\n", o->paths[i]);
    unsigned char d[16];
    char hex[33];
    ll_md5(plan.data, plan.len, d);
    ll_md5_hex(d, hex);
    memcpy(m->id, hex, 12);
    m->id[12] = '\0';
    ll_buf_free(&plan);
    ll_buf b = {0};
    const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (cache && *cache)
        ll_buf_printf(&b, "%s/litmuslab/model-hosts/%s", cache, m->id);
    else
        ll_buf_printf(&b, "%s/.cache/litmuslab/model-hosts/%s",
                      home && *home ? home : "/tmp", m->id);
    m->dir = b.data;
    if (!ll_mkdirs(m->dir, 0777)) {
        fprintf(stderr, "litmuslab model: %s: cannot create: %s\n", m->dir,
                strerror(errno));
        return false;
    }
    return true;
}

static bool parallel_missing(int status)
{
    if (status != 127)
        return false;
    fputs("litmuslab model: --hosts needs GNU parallel (Debian: apt-get "
          "install parallel openssh-client rsync)\n", stderr);
    return true;
}

/* Each host's machine and litmuslab; run.slf lists the hosts that can
 * model, one job at a time each (its model uses every core). */
static bool detect(mh *m)
{
    ll_buf slf = {0};
    for (int i = 0; i < m->n_hosts; i++)
        ll_buf_printf(&slf, "1/%s\n", m->hosts[i].login);
    char *path = at(m, "%s", "all.slf");
    bool ok = ll_replace_file(path, slf.data, slf.len);
    free(path);
    ll_buf_clear(&slf);
    char timeout[16];
    snprintf(timeout, sizeof timeout, "%d", LL_HOSTS_DETECT_TIMEOUT);
    char *argv[] = {"parallel", "--nonall", "--tag", "--timeout", timeout,
                    "--ssh", LL_HOSTS_SSH, "--sshloginfile", "all.slf",
                    DETECT_CMD, NULL};
    int status = ok ? run(m->dir, "detect.out", "detect.err", argv) : 2;
    if (!ok || parallel_missing(status) || stop)
        return false;
    size_t len;
    char *p_out = at(m, "%s", "detect.out"), *p_err = at(m, "%s", "detect.err");
    char *out = ll_read_file(p_out, &len), *err = ll_read_file(p_err, &len);
    free(p_out);
    free(p_err);
    ll_buf said = {0};
    for (int i = 0; i < m->n_hosts; i++) {
        const ll_host *h = &m->hosts[i];
        char *line = out ? ll_hosts_tagged(out, h->login, "litmuslab-model ")
                         : NULL;
        char *sp = line ? strchr(line, ' ') : NULL;
        if (!sp) {
            char *why = err ? ll_hosts_tagged(err, h->login, NULL) : NULL;
            fprintf(stderr, "litmuslab model: host %s did not answer (%s): "
                    "left out\n", h->name, why ? why : "no answer");
            free(why);
        } else {
            *sp = '\0';
            bool same = !strcmp(line, m->arch);
            if (!same && !strcmp(sp + 1, "-")) {
                fprintf(stderr, "litmuslab model: host %s is %s, not %s as "
                        "this machine, and has no litmuslab in its PATH: "
                        "left out (install litmuslab there)\n", h->name,
                        line, m->arch);
            } else {
                ll_buf_printf(&slf, "1/%s\n", h->login);
                ll_buf_printf(&said, "%s%s (%s)", m->usable ? ", " : "",
                              h->name, same ? "this program" : sp + 1);
                m->usable++;
            }
        }
        free(line);
    }
    free(out);
    free(err);
    path = at(m, "%s", "run.slf");
    ok = m->usable && ll_replace_file(path, slf.data, slf.len);
    free(path);
    if (!m->usable)
        fprintf(stderr, "litmuslab model: no host of %s can model\n",
                m->o->hosts);
    else
        fprintf(stderr, "model --hosts: %d of %d hosts: %s\n", m->usable,
                m->n_hosts, said.data);
    ll_buf_free(&slf);
    ll_buf_free(&said);
    return ok;
}

/* A relative path that stays below the folder: shipped as it is named,
 * so that messages name it as a local run does. */
static bool plain_path(const char *p)
{
    if (!*p || p[0] == '/')
        return false;
    for (const char *s = p; *s; s = strchr(s, '/') ? strchr(s, '/') + 1 : "")
        if (s[0] == '.' && s[1] == '.' && (s[2] == '/' || !s[2]))
            return false;
    return true;
}

/* stage/name: a link to the local file (tar -h follows it). */
static void stage_link(const char *stage, const char *name, const char *file)
{
    char *real = realpath(file, NULL);
    if (!real)
        return;   /* the model there says it is missing, as here */
    ll_buf b = {0};
    ll_buf_printf(&b, "%s/%s", stage, name);
    char *slash = strrchr(b.data, '/');
    *slash = '\0';
    ll_mkdirs(b.data, 0777);
    *slash = '/';
    if (symlink(real, b.data) && errno != EEXIST)
        fprintf(stderr, "litmuslab model: %s: cannot link: %s\n", b.data,
                strerror(errno));
    ll_buf_free(&b);
    free(real);
}

/* SHARD.tar.gz: the shard's tests and the files the options name
 * (relative ones; an absolute path must be there on the host too), and
 * `args`, the model's arguments there. */
static bool make_shard(mh *m, int s)
{
    const mdl_hosts_opts *o = m->o;
    char name[16];
    shard_name(m, s, name);
    if (exists(m, "%s.tar.gz", name))
        return true;   /* made by an earlier run of this plan */
    char *stage = at(m, "stage-%s", name);
    ll_remove_tree(stage);
    ll_mkdirs(stage, 0777);
    ll_buf args = {0};
    for (int i = 0; i < o->n_args; i++) {
        const char *a = o->args[i], *eq = strchr(a, '=');
        const char *file = a[0] == '-' ? (eq ? eq + 1 : NULL) : a;
        struct stat st;
        if (file && plain_path(file) && stat(file, &st) == 0)
            stage_link(stage, file, file);
        ll_buf_printf(&args, "%s\n", a);
    }
    for (int t = m->first[s]; t < m->first[s + 1]; t++) {
        const char *p = o->paths[t];
        ll_buf mapped = {0};
        if (plain_path(p) && p[0] != '-') {
            ll_buf_puts(&mapped, p);
        } else {   /* named otherwise there, but the same test */
            const char *base = strrchr(p, '/');
            ll_buf_printf(&mapped, "_/%d/%s", t, base ? base + 1 : p);
        }
        stage_link(stage, mapped.data, p);
        ll_buf_printf(&args, "%s\n", mapped.data);
        ll_buf_free(&mapped);
    }
    char *args_path = at(m, "stage-%s/args", name);
    bool ok = ll_replace_file(args_path, args.data, args.len);
    free(args_path);
    ll_buf tgz = {0};
    ll_buf_printf(&tgz, "%s.tar.gz.tmp", name);
    char *argv[] = {"tar", "czhf", tgz.data, "-C", stage, ".", NULL};
    int status = ok ? run(m->dir, NULL, "tar.err", argv) : 2;
    if (status) {
        fprintf(stderr, "litmuslab model: cannot pack shard %s (tar: exit "
                "%d; %s/tar.err)\n", name, status, m->dir);
        ok = false;
    } else {
        char *from = at(m, "%s", tgz.data), *to = at(m, "%s.tar.gz", name);
        ok = rename(from, to) == 0;
        free(from);
        free(to);
    }
    ll_remove_tree(stage);
    free(stage);
    ll_buf_free(&tgz);
    ll_buf_free(&args);
    return ok;
}

/* The shards, job.sh and this program (for the hosts of our machine). */
static bool write_inputs(mh *m)
{
    int n = m->o->n;
    int k = m->usable * LL_HOSTS_SHARDS_PER_HOST;
    if (k > (n + LL_HOSTS_MIN_SHARD - 1) / LL_HOSTS_MIN_SHARD)
        k = (n + LL_HOSTS_MIN_SHARD - 1) / LL_HOSTS_MIN_SHARD;
    if (k < m->usable)   /* every host has work */
        k = m->usable;
    if (k < (n + LL_HOSTS_MAX_SHARD - 1) / LL_HOSTS_MAX_SHARD)
        k = (n + LL_HOSTS_MAX_SHARD - 1) / LL_HOSTS_MAX_SHARD;
    if (k > n)
        k = n;
    m->n_shards = k;
    m->width = 4;
    for (int x = k; x >= 10000; x /= 10)
        m->width++;
    m->first = ll_xcalloc((size_t)k + 1, sizeof *m->first);
    for (int s = 0; s <= k; s++)
        m->first[s] = (int)((long long)s * n / k);
    ll_buf list = {0};
    bool ok = true;
    for (int s = 0; ok && s < k; s++) {
        char name[16];
        shard_name(m, s, name);
        ll_buf_printf(&list, "%s\n", name);
        ok = exists(m, "%s.res", name) || make_shard(m, s);
    }
    char *path = at(m, "%s", "shards.txt");
    ok = ok && ll_replace_file(path, list.data, list.len);
    free(path);
    path = at(m, "%s", "job.sh");
    ok = ok && ll_replace_file(path, job_sh, sizeof job_sh - 1);
    free(path);
    ll_buf_free(&list);
    path = at(m, "%s", "litmuslab");
    struct stat st;
    if (ok && stat(path, &st)) {
        size_t len;
        char *exe = ll_read_file("/proc/self/exe", &len);
        ok = exe && ll_replace_file(path, exe, len) && chmod(path, 0755) == 0;
        if (!ok)
            fprintf(stderr, "litmuslab model: cannot copy this program to "
                    "%s: %s\n", path, strerror(errno));
        free(exe);
    }
    free(path);
    return ok;
}

/* A shard whose results are not here did not finish, whatever the
 * joblog says (they may not have come back): its exit value is made 1
 * there, so that --resume-failed runs it again. */
static bool shard_back(int shard, void *ctx)
{
    const mh *m = ctx;
    char name[16];
    shard_name(m, shard, name);
    return exists(m, "%s.res", name);
}

static void fix_joblog(mh *m)
{
    char *path = at(m, "%s", "joblog");
    size_t len;
    char *text = ll_read_file(path, &len);
    ll_buf out = {0};
    if (ll_joblog_unfinished(text, m->n_shards, shard_back, m, &out))
        ll_replace_file(path, out.data, out.len);
    free(text);
    free(path);
    ll_buf_free(&out);
}

static int shards_back(const mh *m)
{
    int back = 0;
    for (int s = 0; s < m->n_shards; s++) {
        char name[16];
        shard_name(m, s, name);
        back += exists(m, "%s.res", name);
    }
    return back;
}

/* GNU parallel over the shards; again (at most twice) when a shard
 * ended well there but did not come back (its host dropped out while
 * returning it). */
static int launch(mh *m)
{
    char retries[16], wd[64];
    snprintf(retries, sizeof retries, "%d", m->usable + 1);
    snprintf(wd, sizeof wd, ".litmuslab-model/%s", m->id);
    char *argv[] = {
        "parallel", "--sshloginfile", "run.slf", "--joblog", "joblog",
        "--resume-failed", "--retries", retries, "--workdir", wd,
        "--basefile", "job.sh", "--basefile", "litmuslab",
        "--transferfile", "{}.tar.gz", "--return", "{}.res", "--cleanup",
        "--ssh", LL_HOSTS_SSH, "--arg-file", "shards.txt",
        "sh", "job.sh", "{}", m->arch, NULL};
    int status = 0, back = -1;
    for (int round = 0; round < 3 && !stop; round++) {
        int now = shards_back(m);
        if (now == m->n_shards || now == back)
            break;
        back = now;
        fix_joblog(m);
        status = run(m->dir, "parallel.out", "parallel.err", argv);
        if (parallel_missing(status))
            return 2;
    }
    return stop ? 130 : 0;
}

/* The shards' outputs in order; a shard that did not come back is said
 * (with its tests and its last try). */
static int print_results(mh *m, int *missing_out)
{
    int rc = 0, missing = 0;
    for (int s = 0; s < m->n_shards; s++) {
        char name[16];
        shard_name(m, s, name);
        char *path = at(m, "%s.res", name);
        size_t len;
        char *res = ll_read_file(path, &len);
        int r = -1;
        long long out_len = -1;
        char *nl = res ? memchr(res, '\n', len) : NULL;
        if (nl && sscanf(res, "litmuslab-model %d %lld", &r, &out_len) == 2 &&
            out_len >= 0 && out_len <= (long long)(len - (size_t)(nl + 1 - res))) {
            fwrite(nl + 1, 1, (size_t)out_len, stdout);
            fflush(stdout);
            fwrite(nl + 1 + out_len, 1,
                   len - (size_t)(nl + 1 - res) - (size_t)out_len, stderr);
            rc = r > rc ? r : rc;
        } else {
            int a = m->first[s], b = m->first[s + 1] - 1;
            fprintf(stderr, "litmuslab model: shard %s (%d test%s: %s%s%s) "
                    "did not come back from the hosts (GNU parallel's "
                    "joblog and stderr: %s/joblog, parallel.err)\n", name,
                    b - a + 1, a == b ? "" : "s", m->o->paths[a],
                    a == b ? "" : " .. ", a == b ? "" : m->o->paths[b],
                    m->dir);
            missing++;
        }
        free(res);
        free(path);
    }
    *missing_out = missing;
    if (missing) {
        fprintf(stderr, "litmuslab model: %d of %d shards missing; those "
                "back are kept in %s: run the same command again to go "
                "on\n", missing, m->n_shards, m->dir);
        return 2;
    }
    return rc;
}

int mdl_hosts(const mdl_hosts_opts *o)
{
    mh m = {.o = o};
    for (int i = 0; i < o->n_args + o->n; i++) {
        const char *a = i < o->n_args ? o->args[i] : o->paths[i - o->n_args];
        if (strchr(a, '\n')) {
            fprintf(stderr, "litmuslab model: --hosts cannot send a name "
                    "with a newline to a host: '%s'\n", a);
            return 2;
        }
    }
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(m.arch, sizeof m.arch, "%s", u.machine);
    stop = 0;
    static const int sigs[] = {SIGINT, SIGTERM, 0};
    struct sigaction old[2];
    ll_signals_catch(sigs, on_signal, old);
    int rc = 2;
    if (ll_hosts_read(o->hosts, "model", &m.hosts, &m.n_hosts, stderr) &&
        work_dir(&m) && detect(&m) && write_inputs(&m)) {
        fprintf(stderr, "model --hosts: %d tests in %d shards (GNU "
                "parallel; work in %s, and in ~/.litmuslab-model/%s on "
                "the hosts)\n", o->n, m.n_shards, m.dir, m.id);
        rc = launch(&m);
        if (rc == 130)
            fprintf(stderr, "model --hosts: stopped; shards back so far "
                    "are kept in %s: run the same command again to go "
                    "on\n", m.dir);
        int missing = 0;
        if (rc == 0)
            rc = print_results(&m, &missing);
        if (rc != 130 && !missing)
            ll_remove_tree(m.dir);   /* all back: nothing to resume */
    } else if (stop) {
        rc = 130;
    }
    ll_signals_restore(sigs, old);
    ll_hosts_free(m.hosts, m.n_hosts);
    free(m.dir);
    free(m.first);
    return rc;
}
