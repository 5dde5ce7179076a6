/* spawn.c — the campaign's child processes: each step is the same binary
 * run as another subcommand, so a crash or a hang in one test costs that
 * test only. Output goes to a temporary file renamed on success: a result
 * file is never half written. */
#include "campaign/campaign.h"
#include "litmuslab/os.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double cp_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void child_exec(const cp_job *j, char *const argv[])
{
    signal(SIGINT, SIG_DFL);
    /* new files, never a link's target (a link there is removed) */
    int in = open("/dev/null", O_RDONLY);
    unlink(j->tmp);
    unlink(j->err);
    int out = ll_create_at(AT_FDCWD, j->tmp, 0666);
    int err = ll_create_at(AT_FDCWD, j->err, 0666);
    if (in < 0 || out < 0 || err < 0)
        _exit(127);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    execv(argv[0], argv);
    static const char msg[] = "litmuslab campaign: cannot run the program\n";
    if (write(2, msg, sizeof msg - 1) < 0)
        _exit(127);
    _exit(127);
}

bool cp_job_start(cp_job *j, char *const argv[], FILE *diag)
{
    ll_buf tmp = {0};
    ll_buf_printf(&tmp, "%s.tmp", j->out);
    free(j->tmp);
    j->tmp = tmp.data;
    fflush(NULL);
    pid_t pid = ll_fork_tied(true);
    if (pid < 0) {
        fprintf(diag, "litmuslab campaign: fork: %s\n", strerror(errno));
        return false;
    }
    if (pid == 0)
        child_exec(j, argv);
    setpgid(pid, pid); /* also done by the child: whichever runs first */
    j->pid = pid;
    j->started = cp_now();
    return true;
}

static bool non_empty(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0;
}

static cp_job_result finish(cp_job *j, int wstatus, cp_job_result forced,
                            int *status)
{
    cp_job_result res;
    if (forced != CP_JOB_OK) {
        res = forced;
        *status = SIGKILL;
    } else if (WIFSIGNALED(wstatus)) {
        res = CP_JOB_CRASHED;
        *status = WTERMSIG(wstatus);
    } else {
        *status = WEXITSTATUS(wstatus);
        res = *status == 0 && non_empty(j->tmp) ? CP_JOB_OK : CP_JOB_FAILED;
    }
    bool keep = res == CP_JOB_OK ||
                (j->keep_output && forced == CP_JOB_OK &&
                 WIFEXITED(wstatus));
    if (keep && rename(j->tmp, j->out) != 0) {
        ll_buf why = {0};
        ll_buf_printf(&why, "cannot rename %s to %s: %s", j->tmp, j->out,
                      strerror(errno));
        free(j->io_error);
        j->io_error = why.data;
        res = CP_JOB_FAILED;
        keep = false;
    }
    if (!keep)
        unlink(j->tmp);
    j->pid = 0;
    return res;
}

static void kill_group(pid_t pid)
{
    /* The whole group: hwrun's compiler and its test binary too. */
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

void cp_job_files(cp_job *j, const char *dir, const char *out,
                  const char *err, bool keep)
{
    ll_buf b = {0};
    *j = (cp_job){0};
    ll_buf_printf(&b, "%s/%s", dir, out);
    j->out = b.data;
    b = (ll_buf){0};
    ll_buf_printf(&b, "%s/%s", dir, err);
    j->err = b.data;
    j->keep_output = keep;
}

int cp_job_run(cp_job *j, char *const argv[], double timeout, FILE *diag)
{
    int status = 2;
    cp_job_result res;
    if (cp_job_start(j, argv, diag))
        cp_job_wait(j, 1, timeout, NULL, &res, &status);
    return status;
}

int cp_job_wait(cp_job *jobs, int n, double timeout,
                volatile sig_atomic_t *interrupted, cp_job_result *res, int *status)
{
    return cp_job_wait_tick(jobs, n, timeout, interrupted, res, status, NULL,
                            NULL);
}

int cp_job_wait_tick(cp_job *jobs, int n, double timeout,
                     volatile sig_atomic_t *interrupted, cp_job_result *res,
                     int *status, void (*tick)(void *), void *arg)
{
    /* Polling, with naps that grow: hwrun shares the cores with us, so a
     * long step should not be woken for often. */
    long nap_ns = 1000 * 1000;
    double last_tick = cp_now();
    for (;;) {
        double now = cp_now();
        if (tick && now - last_tick >= 1) {
            tick(arg);
            last_tick = now;
        }
        int running = 0;
        for (int i = 0; i < n; i++) {
            cp_job *j = &jobs[i];
            if (j->pid <= 0)
                continue;
            running++;
            int ws = 0;
            pid_t r = waitpid(j->pid, &ws, WNOHANG);
            if (r == j->pid) {
                *res = finish(j, ws, CP_JOB_OK, status);
                return i;
            }
            cp_job_result forced = CP_JOB_OK;
            if (interrupted && *interrupted)
                forced = CP_JOB_INTERRUPTED;
            else if (timeout > 0 && now - j->started > timeout)
                forced = CP_JOB_TIMEOUT;
            if (r < 0 && errno != EINTR) {
                /* Not our child any more (cannot happen); count as gone. */
                *res = finish(j, 0, CP_JOB_CRASHED, status);
                return i;
            }
            if (forced != CP_JOB_OK) {
                kill_group(j->pid);
                while (waitpid(j->pid, &ws, 0) < 0 && errno == EINTR)
                    ;
                *res = finish(j, ws, forced, status);
                return i;
            }
        }
        if (!running)
            return -1;
        struct timespec nap = {0, nap_ns};
        nanosleep(&nap, NULL);
        if (nap_ns < 50 * 1000 * 1000)
            nap_ns += nap_ns / 2;
    }
}

void cp_job_free(cp_job *j)
{
    free(j->out);
    free(j->tmp);
    free(j->err);
    free(j->io_error);
    memset(j, 0, sizeof *j);
}
