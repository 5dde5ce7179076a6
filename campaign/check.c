/* check.c — which tests hwrun runs: asked of hwrun itself, through
 * `litmuslab hwrun --check`, as a child process like every other step.
 * The answer then comes from hwrun's own target table and generators (a
 * test of another architecture, an instruction hwrun cannot write, a
 * cross compiler or qemu that is missing), and campaign keeps no table of
 * machines and includes no hwrun header. */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

/* Tests asked about per child: well under any argument-length limit. */
#define CHECK_BATCH 256

int cp_apply_check(cp_tests *ts, int from, int n, const char *text)
{
    const char *p = text;
    for (int i = from; i < from + n; i++) {
        cp_test *t = &ts->items[i];
        size_t len = strcspn(p, "\n");
        size_t plen = strlen(t->path);
        bool ok = len >= 3 + plen && !strncmp(p, "ok ", 3) &&
                  !strncmp(p + 3, t->path, plen) && len == 3 + plen;
        bool no = len >= 5 + plen && !strncmp(p, "no ", 3) &&
                  !strncmp(p + 3, t->path, plen) && p[3 + plen] == ':';
        if (!ok && !no)
            return -1;
        t->runnable = ok;
        free(t->why_not);
        t->why_not = no ? ll_xstrndup(p + 5 + plen, len - 5 - plen) : NULL;
        p += len + (p[len] == '\n');
    }
    return n;
}

bool cp_check_runnable(cp_tests *ts, const char *exe, const char *target,
                       bool bundle, const char *dir, FILE *diag)
{
    bool ok = true;
    for (int from = 0; from < ts->n && ok; from += CHECK_BATCH) {
        int n = ts->n - from < CHECK_BATCH ? ts->n - from : CHECK_BATCH;
        const char **argv = ll_xcalloc((size_t)n + 10, sizeof *argv);
        int k = 0;
        argv[k++] = exe;
        argv[k++] = "hwrun";
        argv[k++] = "--check";
        if (target) {
            argv[k++] = "--target";
            argv[k++] = target;
        }
        if (bundle) {   /* the folder is not written with --check */
            argv[k++] = "--bundle";
            argv[k++] = "-";
        }
        for (int i = 0; i < n; i++)
            argv[k++] = ts->items[from + i].path;
        cp_job j = {0};
        ll_buf b = {0};
        ll_buf_printf(&b, "%s/work/check.txt", dir);
        j.out = b.data;
        b = (ll_buf){0};
        ll_buf_printf(&b, "%s/work/check.err", dir);
        j.err = b.data;
        cp_job_result res = CP_JOB_FAILED;
        int status = 0;
        ok = cp_job_start(&j, (char *const *)argv, diag) &&
             cp_job_wait(&j, 1, 0, NULL, &res, &status) >= 0 &&
             res == CP_JOB_OK;
        size_t len;
        char *text = ok ? ll_read_file(j.out, &len) : NULL;
        ok = text && cp_apply_check(ts, from, n, text) == n;
        if (!ok)
            fprintf(diag, "litmuslab campaign: cannot ask hwrun which tests "
                    "it runs (`hwrun --check`; see %s)\n", j.err);
        free(text);
        free(argv);
        cp_job_free(&j);
    }
    return ok;
}
