/* cmd_campaign.c — `litmuslab campaign`: its options, then one call
 * into the campaign stage (cp_campaign_run, campaign/driver.c). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "cli/commands.h"
#include "cli/opts.h"
#include "litmuslab/arch.h"

#define DEFAULT_ITERATIONS 1000000
#define DEFAULT_TIMEOUT 600

static void usage(FILE *f)
{
    fputs(
        "usage: litmuslab campaign [DIR|FILE...] -o DIR [--arch A]\n"
        "                          [-n ITERATIONS] [-j N] [--force]\n"
        "                          [--model M.cat] [--hw-arg ARG ...]\n"
        "                          [--timeout SECONDS] [-q] [--target T]\n"
        "       litmuslab campaign [DIR|FILE...] --target T --bundle OUT\n"
        "                          [-n ITERATIONS] [--hw-arg ARG ...]\n"
        "                          [--timeout SECONDS] [--force]\n"
        "       litmuslab campaign [DIR|FILE...] --from-logs LOG... -o DIR\n"
        "       litmuslab campaign [DIR|FILE...] --hosts FILE -o DIR\n"
        "                          [--shards N] [-n ITERATIONS] ...\n"
        "       litmuslab campaign [DIR|FILE...] --slurm [--partition P]\n"
        "                          [--target T] [--shards N] [--dry-run] -o DIR\n"
        "Runs the model on every test (*.litmus files; directories are\n"
        "walked), hwrun on every test it can run on this machine (or on\n"
        "--target T, cross-compiled and run under qemu-user), then\n"
        "compare. Leaves in DIR: model.log (herd7 format), hardware.log\n"
        "(litmus7 format), outcomes.csv, tests.csv, summary.csv, and the\n"
        "per-test results in DIR/work/. Running it again resumes: finished\n"
        "steps are not redone unless --force (a changed test file or\n"
        "another -n is redone by itself).\n"
        "  -o DIR          where the reports go (default reports/campaign)\n"
        , f);
    /* the names are the architectures' own (lib/arch/<file>.c) */
    ll_buf names = {0};
    const ll_arch_entry *e;
    ll_buf_puts(&names, "only tests of architecture A: a test header's "
                "name or an alias, in any case:");
    for (int i = 0; (e = ll_arch_entry_at(i)); i++)
        ll_buf_printf(&names, "%s %s%s%s%s", i ? "," : "", e->header,
                      *e->aliases ? " (" : "", e->aliases,
                      *e->aliases ? ")" : "");
    cli_help_item(f, "  --arch A        ", 18, ll_buf_str(&names));
    ll_buf_free(&names);
    fputs(
        "  -n ITERATIONS   hardware iterations per test (default 1M; k, M,\n"
        "                  G suffixes)\n"
        "  -j N            model steps run in parallel (default: CPUs)\n"
        "  --force         redo finished steps (--bundle: write into a\n"
        "                  folder that is not empty, or replace OUT.tar.gz)\n"
        "  --model M.cat   the model file, passed to `model --model`\n"
        "  --hw-arg ARG    one more argument for hwrun (repeatable)\n"
        "  --timeout S     kill a step after S seconds (default 600, 0 none;\n"
        "                  --bundle: a test that ./run runs there)\n"
        "  -q              no progress lines\n"
        "  --target T      hwrun's target (see `litmuslab hwrun --targets`)\n"
        "  --bundle OUT    write OUT (or OUT.tar.gz) for a machine of target\n"
        "                  T: the tests it runs, a Makefile and a `run`\n"
        "                  script (with -n and the --hw-arg options); then\n"
        "                  stop. OUT must be new or empty, unless --force\n"
        "  --gen CONF      generate the family CONF describes (`litmuslab\n"
        "                  gen -conf CONF`: -arch, -safe, -relax, -nprocs)\n"
        "                  into DIR/gen and run it; the summary groups the\n"
        "                  tests by the relaxation each tests\n"
        "  --from-logs LOG...  no hwrun: compare the model with these logs\n"
        "                  (brought back from ./run); give DIR|FILE first:\n"
        "                  the bundle's OUT.tar.gz itself, or its litmus/\n"
        "  --hosts FILE    run the hardware part on the ssh logins of FILE\n"
        "                  (GNU parallel's --sshloginfile format; @GROUP/\n"
        "                  names a machine class): each class (its uname -m\n"
        "                  and CPU, or its group) runs every test it can,\n"
        "                  in shards shared by its hosts, through GNU\n"
        "                  parallel; a shard whose host drops out is\n"
        "                  retried on another; one report column per class\n"
        "  --shards N      shards per host (--hosts, default 4) or array\n"
        "                  tasks (--slurm, default 8)\n"
        "  --slurm         a Slurm job array, one task per shard of the\n"
        "                  tests for --target T (default: this machine),\n"
        "                  and a collect step that writes the report to\n"
        "                  DIR; the scripts are in DIR/slurm; submitted\n"
        "                  with sbatch\n"
        "  --partition P   --slurm: the Slurm partition\n"
        "  --dry-run       --slurm: write the scripts, do not submit\n"
        "With no DIR or FILE, runs the library in litmus/.\n"
        "Every option is written -x or --x, its value after a space or\n"
        "`=` (-j4, -n2M too); -model and -cat are --model, as herd7's.\n"
        "Exit status: 0 ok, every test through every step; 1 an outcome\n"
        "the model forbids was seen; 2 bad usage, a file that is no test,\n"
        "a step that failed (or, with --from-logs, a test the log says\n"
        "failed on the machine), or compare failed (the summary names\n"
        "each); 130 interrupted (re-run to resume).\n",
        f);
}

/* 0 ok, 1 --help, 2 bad usage (reported). */
static int parse_options(int argc, char **argv, cp_options *o)
{
    o->paths = ll_xcalloc((size_t)argc, sizeof *o->paths);
    o->hw_args = ll_xcalloc((size_t)argc, sizeof *o->hw_args);
    o->logs = ll_xcalloc((size_t)argc, sizeof *o->logs);
    o->out = "reports/campaign";
    o->iterations = DEFAULT_ITERATIONS;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = cpus > 0 ? (int)cpus : 1;
    o->timeout = DEFAULT_TIMEOUT;
    bool in_logs = false;   /* operands after --from-logs are logs */
    uint64_t jobs;
    cli_args p;
    cli_init(&p, "campaign", argc, argv);
    while (cli_next(&p)) {
        const char *v;
        if (!p.opt) {
            if (in_logs)
                o->logs[o->n_logs++] = p.arg;
            else
                o->paths[o->n_paths++] = p.arg;
            continue;
        }
        in_logs = false;
        if (cli_flag(&p, "h|help")) {
            usage(stdout);
            return 1;
        } else if (cli_flag(&p, "force")) {
            o->force = true;
        } else if (cli_flag(&p, "q|quiet")) {
            o->quiet = true;
        } else if (cli_flag(&p, "slurm")) {
            o->slurm = true;
        } else if (cli_flag(&p, "dry-run")) {
            o->dry_run = true;
        } else if ((v = cli_value(&p, "hosts"))) {
            o->hosts = v;
        } else if ((v = cli_value(&p, "partition"))) {
            o->partition = v;
        } else if (cli_count(&p, "shards", &jobs, 1, 9999)) {
            o->shards = (int)jobs;
        } else if ((v = cli_value(&p, "o"))) {
            o->out = v;
        } else if ((v = cli_value(&p, "arch"))) {
            o->arch = v;
        } else if ((v = cli_value(&p, "model|cat"))) {
            o->model = v;
        } else if ((v = cli_value(&p, "hw-arg"))) {
            o->hw_args[o->n_hw_args++] = v;
        } else if ((v = cli_value(&p, "target"))) {
            o->target = v;
        } else if ((v = cli_value(&p, "bundle"))) {
            o->bundle = v;
        } else if ((v = cli_value(&p, "gen"))) {
            o->gen = v;
        } else if ((v = cli_value(&p, "from-logs"))) {
            o->logs[o->n_logs++] = v;
            in_logs = true;
        } else if (cli_count(&p, "n", &o->iterations, 1, 0)) {
        } else if (cli_count(&p, "j|jobs", &jobs, 1, 999)) {
            o->jobs = (int)jobs;
        } else if (cli_seconds(&p, "timeout", &o->timeout)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.failed)
        return 2;
    if (o->n_paths == 0 && !o->gen)
        o->paths[o->n_paths++] = "litmus";
    int ways = (o->bundle != NULL) + (o->n_logs > 0) + (o->hosts != NULL) +
               o->slurm;
    if (ways > 1) {
        fputs("litmuslab campaign: one of --bundle, --from-logs, --hosts "
              "and --slurm\n", stderr);
        return 2;
    }
    const char *lone = !o->slurm && o->partition ? "--partition"
                       : !o->slurm && o->dry_run ? "--dry-run" : NULL;
    if (o->hosts && o->target) {
        fputs("litmuslab campaign: --hosts asks each host its machine: no "
              "--target\n", stderr);
        return 2;
    } else if (lone || (o->shards && !o->slurm && !o->hosts)) {
        fprintf(stderr, "litmuslab campaign: %s goes with %s\n",
                lone ? lone : "--shards", lone ? "--slurm"
                                               : "--hosts or --slurm");
        return 2;
    }
    return 0;
}

int cmd_campaign(int argc, char **argv)
{
    cp_options o;
    memset(&o, 0, sizeof o);
    int status = parse_options(argc, argv, &o);
    if (status == 0)
        status = cp_campaign_run(&o);
    else if (status == 1)
        status = 0;
    free(o.paths);
    free(o.hw_args);
    free(o.logs);
    return status;
}
