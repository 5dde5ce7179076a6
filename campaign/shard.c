/* shard.c — a fleet's unit of work (--hosts, --slurm): the tests one
 * machine class runs, split round robin into shards (costly families of
 * tests are spread), each shard a bundle written by hwrun (--bundle, as
 * `campaign --bundle` writes one) that job.sh (campaign/fleet_job.sh)
 * unpacks, runs and turns into one log wherever it lands. The plan text
 * (what every shard holds and is run with) decides whether a re-run
 * resumes or starts over. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "litmuslab/md5.h"
#include "litmuslab/outdir.h"

const char **cp_bundle_argv(const char *exe, const char *target,
                            const char *out, const char *iters,
                            const char *timeout, bool force,
                            const char *const *hw_args, int n_hw_args,
                            int n_tests)
{
    const char **argv = ll_xcalloc((size_t)(n_tests + n_hw_args + 12),
                                   sizeof *argv);
    int k = 0;
    argv[k++] = exe;
    argv[k++] = "hwrun";
    if (target) {
        argv[k++] = "--target";
        argv[k++] = target;
    }
    argv[k++] = "--bundle";
    argv[k++] = out;
    argv[k++] = "-n";
    argv[k++] = iters;
    argv[k++] = "--timeout";   /* for each test run by the bundle's ./run */
    argv[k++] = timeout;
    if (force)
        argv[k++] = "--force";
    for (int i = 0; i < n_hw_args; i++)
        argv[k++] = hw_args[i];
    return argv;
}

int cp_shards_split(cp_shards *sh, const cp_tests *ts, const char *cls,
                    int n)
{
    int runnable = 0;
    for (int i = 0; i < ts->n; i++)
        runnable += ts->items[i].runnable;
    if (n > runnable)
        n = runnable;
    int first = sh->n;
    for (int s = 0; s < n; s++) {
        ll_grow((void **)&sh->items, &sh->cap, sh->n + 1, sizeof *sh->items);
        cp_shard *x = &sh->items[sh->n++];
        memset(x, 0, sizeof *x);
        ll_buf name = {0};
        ll_buf_printf(&name, "%s/s%0*d", cls, n >= 100 ? 4 : 2, s + 1);
        x->name = name.data;
        x->tests = ll_xcalloc((size_t)(runnable / n + 1), sizeof *x->tests);
    }
    int k = 0;
    for (int i = 0; i < ts->n; i++)
        if (ts->items[i].runnable) {
            cp_shard *x = &sh->items[first + k % n];
            x->tests[x->n++] = i;
            k++;
        }
    return n;
}

void cp_shards_plan(const cp_shards *sh, int from, int to,
                    const cp_tests *ts, ll_buf *out)
{
    for (int s = from; s < to; s++) {
        ll_buf_printf(out, "shard %s", sh->items[s].name);
        for (int i = 0; i < sh->items[s].n; i++)
            ll_buf_printf(out, " %s", ts->items[sh->items[s].tests[i]].key);
        ll_buf_putc(out, '\n');
    }
}

void cp_plan_id(const char *plan, const char *dir, char id[13])
{
    ll_buf b = {0};
    char *abs = realpath(dir, NULL);
    ll_buf_printf(&b, "%s\n%s", abs ? abs : dir, plan);
    unsigned char d[16];
    char hex[33];
    ll_md5(b.data, b.len, d);
    ll_md5_hex(d, hex);
    memcpy(id, hex, 12);
    id[12] = '\0';
    free(abs);
    ll_buf_free(&b);
}

bool cp_plan_same(const char *dir, const char *plan, FILE *diag)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/plan", dir);
    size_t len;
    char *old = ll_read_file(path.data, &len);
    bool same = old && !strcmp(old, plan);
    free(old);
    if (!same) {   /* another plan: its shards and logs are no use */
        ll_remove_tree(dir);
        same = false;
    }
    bool ok = ll_mkdir(dir, 0777);
    if (!ok)
        fprintf(diag, "%s: cannot create: %s\n", dir, strerror(errno));
    ll_buf_free(&path);
    return ok && same;
}

bool cp_write_text(const char *path, const char *text, FILE *diag)
{
    (void)diag;
    return ll_replace_file(path, text, strlen(text));
}

bool cp_shards_bundle(const cp_shards *sh, int from, int to,
                      const char *target, const cp_fleet_opts *o,
                      const cp_tests *ts, const char *dir, FILE *diag)
{
    char iters[32], timeout[32];
    snprintf(iters, sizeof iters, "%" PRIu64, o->iterations);
    snprintf(timeout, sizeof timeout, "%g", o->timeout);
    bool ok = true;
    for (int s = from; ok && s < to; s++) {
        const cp_shard *x = &sh->items[s];
        ll_buf tgz = {0}, folder = {0};
        ll_buf_printf(&tgz, "%s/%s.tar.gz", dir, x->name);
        ll_buf_printf(&folder, "%s/%.*s", dir,
                      (int)(strrchr(x->name, '/') - x->name), x->name);
        struct stat st;
        if (stat(tgz.data, &st) == 0 && st.st_size > 0) {
            ll_buf_free(&tgz);   /* written by an earlier run of this plan */
            ll_buf_free(&folder);
            continue;
        }
        mkdir(folder.data, 0777);
        const char **argv = cp_bundle_argv(o->exe, target, tgz.data, iters,
                                           timeout, true, o->hw_args,
                                           o->n_hw_args, x->n);
        int k = 0;
        while (argv[k])
            k++;
        for (int i = 0; i < x->n; i++)
            argv[k++] = ts->items[x->tests[i]].path;
        cp_job j;
        cp_job_files(&j, dir, "bundle.out", "bundle.err", true);
        if (cp_job_run(&j, (char *const *)argv, 0, diag)) {
            char *line = cp_first_line(j.err);
            fprintf(diag, "litmuslab campaign: the bundle of shard %s "
                    "failed: %s (%s)\n", x->name, line, j.err);
            free(line);
            ok = false;
        }
        cp_job_free(&j);
        free(argv);
        ll_buf_free(&tgz);
        ll_buf_free(&folder);
    }
    return ok;
}

bool cp_write_job_script(const char *dir, FILE *diag)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/job.sh", dir);
    bool ok = cp_write_text(path.data, cp_fleet_files[0].text, diag);
    ll_buf_free(&path);
    return ok;
}

void cp_shards_free(cp_shards *sh)
{
    for (int i = 0; i < sh->n; i++) {
        free(sh->items[i].name);
        free(sh->items[i].tests);
    }
    free(sh->items);
    memset(sh, 0, sizeof *sh);
}

void cp_sh_quote(ll_buf *b, const char *s)
{
    ll_buf_putc(b, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            ll_buf_puts(b, "'\\''");
        else
            ll_buf_putc(b, *s);
    }
    ll_buf_putc(b, '\'');
}
