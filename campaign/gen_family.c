/* gen_family.c — `campaign --gen CONF`: the family of tests CONF
 * describes (gen's -conf file: -arch, -safe, -relax, -nprocs...),
 * written by `litmuslab gen` as a child process into DIR/gen, which the
 * campaign then runs like any folder of tests. The campaign includes
 * none of gen's headers: the folder and gen's messages are all it sees.
 * Each test records the relaxations it tests (its Relax= line), which
 * the summary groups the results by (relax.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"

char *cp_gen_family(const char *exe, const char *conf, const char *dir,
                    FILE *diag)
{
    if (!cp_make_dirs(dir, diag))
        return NULL;
    ll_buf folder = {0}, out = {0}, err = {0};
    ll_buf_printf(&folder, "%s/gen", dir);
    ll_buf_printf(&out, "%s/gen.txt", dir);
    ll_buf_printf(&err, "%s/gen.err", dir);
    char *const argv[] = {(char *)exe, "gen", "-conf", (char *)conf, "-o",
                          folder.data, NULL};
    cp_job j = {.test = -1, .out = out.data, .err = err.data};
    volatile sig_atomic_t never = 0;
    char *result = NULL;
    if (cp_job_start(&j, argv, diag)) {
        cp_job_result res;
        int status;
        if (cp_job_wait(&j, 1, 0, &never, &res, &status) >= 0 &&
            res == CP_JOB_OK) {
            result = folder.data;
            folder.data = NULL;
            size_t len;
            char *text = ll_read_file(j.out, &len);
            fprintf(diag, "campaign: --gen %s: %s", conf, text ? text : "\n");
            free(text);
        } else {
            size_t len;
            char *text = ll_read_file(j.err, &len);
            fprintf(diag, "litmuslab campaign: --gen %s: the family could "
                    "not be generated:\n%s", conf, text ? text : "\n");
            free(text);
        }
    }
    cp_job_free(&j);     /* frees out and err */
    ll_buf_free(&folder);
    return result;
}
