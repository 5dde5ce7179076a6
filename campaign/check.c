/* check.c — which tests hwrun runs: asked of hwrun itself, through
 * `litmuslab hwrun --check`, as a child process like every other step.
 * The answer then comes from hwrun's own target table and generators (a
 * test of another architecture, an instruction hwrun cannot write, a
 * cross compiler or qemu that is missing), and campaign keeps no table of
 * machines and includes no hwrun header. */
#include "campaign/campaign.h"
#include "litmuslab/os.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Run argv with its stdout read through a pipe (the answer is never a
 * file: it must come through a full disk), its stderr into err_path.
 * The text read, or NULL when the child could not run or failed. */
static char *answer_of(const char **argv, const char *err_path)
{
    int fd[2];
    if (pipe(fd))
        return NULL;
    pid_t pid = ll_fork_tied(false);
    if (pid == 0) {
        unlink(err_path);   /* a new file, never a link's target */
        int err = ll_create_at(AT_FDCWD, err_path, 0600);
        if (err >= 0)
            dup2(err, 2);
        dup2(fd[1], 1);
        close(fd[0]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    ll_buf text = {0};
    char chunk[4096];
    ssize_t n;
    while (pid > 0 && (n = read(fd[0], chunk, sizeof chunk)) > 0)
        ll_buf_printf(&text, "%.*s", (int)n, chunk);
    close(fd[0]);
    int status = 0;
    bool ok = pid > 0 && waitpid(pid, &status, 0) == pid &&
              WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
        ll_buf_free(&text);
        return NULL;
    }
    return text.data ? text.data : ll_xstrdup("");
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
        ll_buf err = {0};
        ll_buf_printf(&err, "%s/work/check.err", dir);
        char *text = answer_of(argv, err.data);
        ok = text && cp_apply_check(ts, from, n, text) == n;
        if (!ok)
            fprintf(diag, "litmuslab campaign: cannot ask hwrun which tests "
                    "it runs (`hwrun --check`; see %s)\n", err.data);
        free(text);
        free(argv);
        ll_buf_free(&err);
    }
    return ok;
}
