/* slurm.c — `campaign --slurm`: the hardware runs as a Slurm job array
 * (one task per shard, each on a whole node: --exclusive, since a test
 * uses every core) and a collect step, a job that starts once every task
 * of the array has ended (`--dependency=singleton` on the array's job
 * name) and runs `campaign --from-logs` on the shard logs: the model, then
 * compare, into the campaign's -o folder. Everything is in DIR/slurm/,
 * read by the nodes (a shared file system, as clusters have): the shard
 * bundles, job.sh (which runs one and leaves its log), array.sh,
 * collect.sh and submit.sh. With --dry-run only these are written. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "litmuslab/outdir.h"

/* DIR as an absolute path (the jobs run elsewhere), owned. */
static char *absolute(const char *dir)
{
    char *abs = realpath(dir, NULL);
    return abs ? abs : ll_xstrdup(dir);
}

/* A script's head: the shebang, its comment `about`, then the #SBATCH
 * lines both scripts share; Slurm writes its output to sdir/out_name. */
static void sbatch_head(ll_buf *b, const cp_fleet_opts *o, const char *id,
                        const char *about, const char *sdir,
                        const char *out_name)
{
    ll_buf_puts(b, "#!/bin/bash\n");
    ll_buf_puts(b, about);
    ll_buf_printf(b, "#SBATCH --job-name=litmuslab-%s\n", id);
    ll_buf_printf(b, "#SBATCH --output=%s/%s\n", sdir, out_name);
    ll_buf_puts(b, "#SBATCH --nodes=1\n#SBATCH --ntasks=1\n");
    if (o->partition)
        ll_buf_printf(b, "#SBATCH --partition=%s\n", o->partition);
}

/* array.sh: task i runs shard i with job.sh, unless its log is back. */
static void array_script(ll_buf *b, const cp_fleet_opts *o, const char *id,
                         const char *sdir, const cp_shards *sh)
{
    sbatch_head(b, o, id,
                "# array.sh — one task per shard of a litmuslab "
                "campaign (written by\n# `litmuslab campaign --slurm`): "
                "job.sh builds and runs the shard's\n# bundle on the "
                "node (resuming a task that was stopped) and leaves\n"
                "# SHARD.log; the collect step (collect.sh) compares "
                "them.\n",
                sdir, "out/%A_%a.out");
    ll_buf_printf(b, "#SBATCH --array=0-%d\n", sh->n - 1);
    ll_buf_puts(b, "#SBATCH --exclusive\n");
    ll_buf_puts(b, "shards=(");
    for (int i = 0; i < sh->n; i++)
        ll_buf_printf(b, "%s%s", i ? " " : "", sh->items[i].name);
    ll_buf_puts(b, ")\ns=${shards[$SLURM_ARRAY_TASK_ID]}\ncd ");
    cp_sh_quote(b, sdir);
    ll_buf_puts(b, " || exit 2\n"
                   "[ -s \"$s.log\" ] && exit 0   # back from an earlier "
                   "submission\n"
                   "exec sh job.sh \"$s\" run\n");
}

/* collect.sh: campaign --from-logs on the logs that came back. */
static void collect_script(ll_buf *b, const cp_fleet_opts *o,
                           const char *id, const char *sdir,
                           const char *out_dir, const cp_shards *sh)
{
    sbatch_head(b, o, id,
                "# collect.sh — the collect step of a litmuslab campaign "
                "on Slurm: once\n# every task of the array (array.sh, "
                "the same job name) has ended, the\n# model and compare "
                "over the shard logs that came back, into the\n"
                "# campaign's folder (campaign.txt there).\n",
                sdir, "collect.out");
    ll_buf_puts(b, "#SBATCH --dependency=singleton\n");
    char *cwd = getcwd(NULL, 0);
    ll_buf_puts(b, "cd ");
    cp_sh_quote(b, cwd ? cwd : ".");
    free(cwd);
    ll_buf_puts(b, " || exit 2\nlogs=()\nmissing=0\nfor s in");
    for (int i = 0; i < sh->n; i++)
        ll_buf_printf(b, " %s", sh->items[i].name);
    ll_buf_puts(b, "; do\n  f=");
    cp_sh_quote(b, sdir);
    ll_buf_puts(b, "/$s.log\n"
                   "  if [ -s \"$f\" ]; then logs+=(\"$f\"); else echo "
                   "\"collect: shard $s did not come back\" >&2; "
                   "missing=$((missing + 1)); fi\n"
                   "done\n"
                   "[ ${#logs[@]} -gt 0 ] || { echo \"collect: no shard log "
                   "came back\" >&2; exit 2; }\n");
    ll_buf_puts(b, "args=(");
    for (int i = 0; i < o->n_paths; i++) {
        ll_buf_putc(b, ' ');
        cp_sh_quote(b, o->paths[i]);
    }
    if (o->arch) {
        ll_buf_puts(b, " --arch ");
        cp_sh_quote(b, o->arch);
    }
    if (o->model) {
        ll_buf_puts(b, " --model ");
        cp_sh_quote(b, o->model);
    }
    ll_buf_printf(b, " -n %llu -q -o ", (unsigned long long)o->iterations);
    cp_sh_quote(b, out_dir);
    ll_buf_puts(b, ")\n");
    cp_sh_quote(b, o->exe);
    ll_buf_puts(b, " campaign \"${args[@]}\" --from-logs \"${logs[@]}\"\n"
                   "rc=$?\n"
                   "[ $rc = 0 ] && [ $missing -gt 0 ] && rc=2\n"
                   "exit $rc\n");
}

static bool write_script(const char *dir, const char *name, const char *text,
                         FILE *diag)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/%s", dir, name);
    bool ok = cp_write_text(path.data, text, diag);
    ll_buf_free(&path);
    return ok;
}

/* sbatch for the array, then for the collect step: submit.sh. */
static int submit(const char *sdir, FILE *diag)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/submit.sh", sdir);
    const char *argv[] = {"/bin/sh", path.data, NULL};
    cp_job j;
    cp_job_files(&j, sdir, "submit.out", "submit.err", true);
    int status = cp_job_run(&j, (char *const *)argv, 300, diag);
    if (status) {
        char *line = cp_first_line(j.err);
        fprintf(diag, "litmuslab campaign: sbatch failed: %s (%s)\n", line,
                j.err);
        free(line);
    } else {
        cp_copy_file(j.out, stdout);
    }
    cp_job_free(&j);
    ll_buf_free(&path);
    return status ? 2 : 0;
}

int cp_slurm(const cp_fleet_opts *o, cp_tests *ts, FILE *diag)
{
    struct utsname u;
    const char *target = o->target;
    if (!target && !uname(&u))
        target = u.machine;
    if (!cp_check_runnable(ts, o->exe, target, true, o->out, diag))
        return 2;
    cp_shards sh = {0};
    int n = cp_shards_split(&sh, ts, target,
                            o->shards ? o->shards : CP_SLURM_SHARDS);
    int tests = 0;
    for (int i = 0; i < ts->n; i++) {
        tests += ts->items[i].runnable;
        ts->items[i].runnable = false;   /* no hwrun here */
    }
    if (!n) {
        fprintf(diag, "litmuslab campaign: no test for target %s\n", target);
        return 2;
    }
    ll_buf plan = {0}, sdir = {0};
    ll_buf_printf(&plan, "litmuslab slurm 1\n-n %llu\n--timeout %g\n"
                  "--target %s\n", (unsigned long long)o->iterations,
                  o->timeout, target);
    for (int i = 0; i < o->n_hw_args; i++)
        ll_buf_printf(&plan, "--hw-arg %s\n", o->hw_args[i]);
    cp_shards_plan(&sh, 0, sh.n, ts, &plan);
    char *out_dir = absolute(o->out);
    ll_buf_printf(&sdir, "%s/slurm", out_dir);
    char id[13];
    cp_plan_id(plan.data, out_dir, id);
    if (o->force)
        ll_remove_tree(sdir.data);
    cp_plan_same(sdir.data, plan.data, diag);
    ll_buf path = {0}, array = {0}, collect = {0};
    ll_buf_printf(&path, "%s/out", sdir.data);
    mkdir(path.data, 0777);
    ll_buf_clear(&path);
    ll_buf_printf(&path, "%s/plan", sdir.data);
    array_script(&array, o, id, sdir.data, &sh);
    collect_script(&collect, o, id, sdir.data, out_dir, &sh);
    bool ok = cp_shards_bundle(&sh, 0, sh.n, target, o, ts, sdir.data, diag) &&
              cp_write_text(path.data, plan.data, diag) &&
              cp_write_job_script(sdir.data, diag) &&
              write_script(sdir.data, "array.sh", array.data, diag) &&
              write_script(sdir.data, "collect.sh", collect.data, diag) &&
              write_script(sdir.data, "submit.sh",
                           "#!/bin/sh\n"
                           "# submit.sh — the shards' job array, then the "
                           "collect step, which\n# waits for it "
                           "(--dependency=singleton: the same job name).\n"
                           "cd \"$(dirname \"$0\")\" || exit 2\n"
                           "sbatch array.sh && sbatch collect.sh\n",
                           diag);
    int status = ok ? 0 : 2;
    if (ok)
        printf("Slurm: %d tests for %s in %d shards (one array task each), "
               "then the collect step; scripts in %s\n", tests, target, n,
               sdir.data);
    if (ok && o->dry_run)
        printf("Not submitted (--dry-run): sh %s/submit.sh submits them; "
               "the report is then written to %s (campaign.txt)\n",
               sdir.data, out_dir);
    else if (ok) {
        status = submit(sdir.data, diag);
        if (!status)
            printf("The report will be written to %s (campaign.txt) when "
                   "the collect step has run (its output: %s/collect.out)\n",
                   out_dir, sdir.data);
    }
    ll_buf_free(&plan);
    ll_buf_free(&sdir);
    ll_buf_free(&path);
    ll_buf_free(&array);
    ll_buf_free(&collect);
    free(out_dir);
    cp_shards_free(&sh);
    return status;
}
