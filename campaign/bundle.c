/* bundle.c — `campaign --bundle`: hwrun, as a child process, writes the
 * folder (or tarball) for another machine with every test it can run
 * there; the campaign says which it left out and how to bring the log
 * back (--from-logs). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "litmuslab/outdir.h"

/* OUT.tar.gz: hwrun writes a tarball, not a folder. */
bool cp_is_tarball(const char *out)
{
    size_t n = strlen(out);
    return n > 7 && !strcmp(out + n - 7, ".tar.gz");
}

/* --bundle: hwrun writes the folder for the tests it can run there. */
static int write_bundle(cp_campaign *c)
{
    const cp_options *o = c->o;
    char iters[32], timeout[32];
    snprintf(iters, sizeof iters, "%" PRIu64, o->iterations);
    snprintf(timeout, sizeof timeout, "%g", o->timeout);
    const char **argv = cp_bundle_argv(c->exe, o->target, o->bundle, iters,
                                       timeout, o->force, o->hw_args,
                                       o->n_hw_args, c->tests.n);
    int k = 0, n = 0;
    while (argv[k])
        k++;
    for (int i = 0; i < c->tests.n; i++)
        if (c->tests.items[i].runnable) {
            argv[k++] = c->tests.items[i].path;
            n++;
        }
    int status = 2;
    cp_job j;
    cp_job_files(&j, o->out, "work/bundle.out", "work/bundle.err", false);
    if (!n)
        fputs("litmuslab campaign: no test for the bundle\n", stderr);
    else
        status = cp_job_run(&j, (char *const *)argv, 0, stderr);
    if (n && status) {
        char *line = cp_first_line(j.err);
        fprintf(stderr, "litmuslab campaign: the bundle failed: %s (%s)\n",
                line, j.err);
        free(line);
    } else if (n) {
        printf("Bundle %s: %d of %d tests for %s", o->bundle, n, c->tests.n,
               o->target ? o->target : "this machine");
        cp_print_unread(stdout, &c->tests);
        cp_print_not_run(stdout, &c->tests, 10);
        /* the command works here, where OUT is: a .tar.gz is read as it
           is (its litmus/ folder), a folder's litmus/ is there */
        bool tgz = cp_is_tarball(o->bundle);
        printf("\nOn the machine: %s, ./run (see its README); then bring "
               "back its log and, here,\n  litmuslab campaign %s%s "
               "--from-logs LOG -o reports/NAME\n",
               tgz ? "unpack it, cd into its folder" : "cd into it",
               o->bundle, tgz ? "" : "/litmus");
    }
    cp_job_free(&j);
    free(argv);
    return n ? status : 2;
}

/* --bundle alone: no reports, so nothing is left in -o DIR (nor in the
 * current folder): the steps' files go to a temporary folder, removed at
 * the end (kept when a step failed, for the message that names it). */
int cp_bundle_only(cp_campaign *c)
{
    const char *t = getenv("TMPDIR");
    ll_buf scratch = {0};
    ll_buf_printf(&scratch, "%s/litmuslab-campaign-XXXXXX", t && *t ? t
                                                                  : "/tmp");
    if (!mkdtemp(scratch.data)) {
        fprintf(stderr, "%s: cannot create: %s\n", scratch.data,
                strerror(errno));
        ll_buf_free(&scratch);
        return 2;
    }
    c->o->out = scratch.data;
    int status = cp_make_dirs(c->o->out, stderr) &&
                         cp_check_runnable(&c->tests, c->exe, c->o->target,
                                           true, c->o->out, stderr)
                     ? write_bundle(c)
                     : 2;
    if (!status)
        ll_remove_tree(scratch.data);
    c->o->out = NULL;
    ll_buf_free(&scratch);
    return status;
}

