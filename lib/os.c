/* os.c — folders, files replaced whole, tied child processes and signal
 * handlers (see include/litmuslab/os.h). */
#include "litmuslab/os.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

bool ll_mkdir(const char *path, mode_t mode)
{
    return mkdir(path, mode) == 0 || errno == EEXIST;
}

/* Each folder above path's last '/', from the top. */
static bool make_parents(const char *path, mode_t mode)
{
    char *p = ll_xstrdup(path);
    bool ok = true;
    for (char *s = p + 1; *s && ok; s++)
        if (*s == '/' && s[-1] != '/') {
            *s = '\0';
            ok = ll_mkdir(p, mode);
            *s = '/';
        }
    int err = errno;
    free(p);
    errno = err;
    return ok;
}

bool ll_mkdir_parents(const char *path, mode_t mode)
{
    return make_parents(path, mode);
}

bool ll_mkdirs(const char *path, mode_t mode)
{
    return make_parents(path, mode) && ll_mkdir(path, mode);
}

int ll_create_at(int dfd, const char *name, mode_t mode)
{
    return openat(dfd, name,
                  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
}

void ll_tmp_name(const char *path, ll_buf *out)
{
    ll_buf_printf(out, "%s.tmp%ld", path, (long)getpid());
}

FILE *ll_replace_open(const char *path, char **tmp)
{
    ll_buf b = {0};
    ll_tmp_name(path, &b);
    *tmp = b.data;
    unlink(b.data);   /* ours, left by a process of the same id */
    int fd = ll_create_at(AT_FDCWD, b.data, 0666);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    int err = errno;
    if (fd >= 0 && !f)
        close(fd);
    if (!f) {
        fprintf(stderr, "%s: cannot write: %s\n", path, strerror(err));
        free(b.data);
        *tmp = NULL;
    }
    return f;
}

bool ll_replace_close(FILE *f, char *tmp, const char *path)
{
    bool ok = !ferror(f) && !fflush(f) && !fsync(fileno(f));
    int err = ok ? 0 : errno ? errno : EIO;
    if (fclose(f) && ok)
        ok = false, err = errno;
    if (ok && rename(tmp, path))
        ok = false, err = errno;
    if (!ok) {
        fprintf(stderr, "%s: cannot write: %s\n", path, strerror(err));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

void ll_replace_abort(FILE *f, char *tmp)
{
    fclose(f);
    unlink(tmp);
    free(tmp);
}

bool ll_replace_file(const char *path, const char *text, size_t len)
{
    char *tmp;
    FILE *f = ll_replace_open(path, &tmp);
    if (!f)
        return false;
    fwrite(text, 1, len, f);   /* an error shows in ll_replace_close */
    return ll_replace_close(f, tmp, path);
}

pid_t ll_fork_tied(bool own_group)
{
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        if (own_group)
            setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(127);
    }
    return pid;
}

bool ll_wait(pid_t pid, int *status)
{
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR)
            return false;
    return true;
}

void ll_signals_catch(const int *sigs, void (*handler)(int),
                      struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; sigs[i]; i++)
        sigaction(sigs[i], &sa, old ? &old[i] : NULL);
}

void ll_signals_restore(const int *sigs, const struct sigaction *old)
{
    for (int i = 0; sigs[i]; i++)
        sigaction(sigs[i], &old[i], NULL);
}
