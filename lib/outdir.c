/* outdir.c — output folders written as a whole through a stage, and new
 * files that never follow a link (see include/litmuslab/outdir.h). A
 * stage is named .DIR.tmpPID beside DIR, or .litmuslab.tmpPID inside it;
 * the stages of killed processes are removed by the next one. */
#include "litmuslab/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "litmuslab/os.h"
#include "litmuslab/util.h"

struct ll_outdir {
    char *dir;      /* DIR as given */
    int home;       /* the folder holding the stage */
    bool inside;    /* home is DIR itself (else DIR's parent) */
    char *base;     /* DIR's name in home, when not inside */
    char *stage;    /* the stage's name in home */
    int fd;         /* the stage */
};

bool ll_write_new_at(int dfd, const char *name, const char *text,
                     size_t len, mode_t mode)
{
    int fd = ll_create_at(dfd, name, mode);
    if (fd < 0)
        return false;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    int err = done == len ? 0 : errno ? errno : EIO;
    if (close(fd) && !err)
        err = errno;
    if (err) {
        unlinkat(dfd, name, 0);
        errno = err;
    }
    return !err;
}

static int open_dir_at(int dfd, const char *name)
{
    return openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

DIR *ll_opendir_at(int dfd)
{
    int fd = dup(dfd);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (d)
        rewinddir(d);   /* the duplicate shares dfd's position */
    else if (fd >= 0)
        close(fd);
    return d;
}

/* Remove folder name in dfd and what it holds (never through a link). */
static void remove_tree(int dfd, const char *name)
{
    int fd = open_dir_at(dfd, name);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (fd >= 0 && !d)
        close(fd);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (unlinkat(fd, e->d_name, 0) && (errno == EISDIR || errno == EPERM))
            remove_tree(fd, e->d_name);
    }
    if (d)
        closedir(d);
    unlinkat(dfd, name, AT_REMOVEDIR);
}

void ll_remove_tree(const char *path)
{
    remove_tree(AT_FDCWD, path);
}

/* Remove the stages that killed processes left in home: PREFIX + a
 * process id (+ "-N") of a process that is gone. */
static void sweep(int home, const char *prefix)
{
    DIR *d = ll_opendir_at(home);
    if (!d)
        return;
    size_t n = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, prefix, n) || e->d_name[n] < '1' ||
            e->d_name[n] > '9')
            continue;
        char *end;
        long pid = strtol(e->d_name + n, &end, 10);
        if ((*end && *end != '-') || pid == (long)getpid() ||
            kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        remove_tree(home, e->d_name);
    }
    closedir(d);
}

ll_outdir *ll_outdir_open(const char *dir)
{
    ll_outdir *od = ll_xcalloc(1, sizeof *od);
    od->dir = ll_xstrdup(dir);
    od->fd = -1;
    od->home = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    od->inside = od->home >= 0;
    int err = errno;
    if (!od->inside && err == ENOENT) {
        /* DIR is made by renaming the stage: the stage goes beside it */
        char *p = ll_xstrdup(dir);
        size_t n = strlen(p);
        while (n > 1 && p[n - 1] == '/')
            p[--n] = '\0';
        char *slash = strrchr(p, '/');
        od->base = ll_xstrdup(slash ? slash + 1 : p);
        if (slash)
            slash[slash == p] = '\0';
        ll_mkdir_parents(dir, 0777);
        od->home = open(slash ? p : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        err = errno;
        free(p);
    }
    if (od->home >= 0) {
        ll_buf prefix = {0};
        ll_buf_printf(&prefix, ".%s.tmp", od->inside ? "litmuslab" : od->base);
        sweep(od->home, prefix.data);
        ll_buf_free(&prefix);
    }
    for (int i = 0; od->home >= 0 && i < 100 && od->fd < 0; i++) {
        ll_buf name = {0};
        ll_buf_printf(&name, ".%s.tmp%ld", od->inside ? "litmuslab" : od->base,
                      (long)getpid());
        if (i)
            ll_buf_printf(&name, "-%d", i);
        if (!mkdirat(od->home, name.data, 0700)) {
            od->stage = name.data;
            od->fd = open_dir_at(od->home, od->stage);
            err = errno;
        } else {
            err = errno;
            ll_buf_free(&name);
            if (err != EEXIST)
                break;
        }
    }
    if (od->fd < 0) {
        fprintf(stderr, "%s: cannot %s: %s\n", dir,
                od->inside ? "write" : "create", strerror(err));
        ll_outdir_abort(od);
        return NULL;
    }
    return od;
}

const char *ll_outdir_path(const ll_outdir *od)
{
    return od->dir;
}

FILE *ll_outdir_create(ll_outdir *od, const char *name)
{
    int dfd = dup(od->fd);
    const char *s = name, *slash;
    while (dfd >= 0 && (slash = strchr(s, '/'))) {
        char *sub = ll_xstrndup(s, (size_t)(slash - s));
        int next = open_dir_at(dfd, sub);
        if (next < 0 && errno == ENOENT && !mkdirat(dfd, sub, 0777))
            next = open_dir_at(dfd, sub);
        free(sub);
        close(dfd);
        dfd = next;
        s = slash + 1;
    }
    int fd = dfd < 0 ? -1 : ll_create_at(dfd, s, 0666);
    int err = errno;
    if (dfd >= 0)
        close(dfd);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (fd >= 0 && !f) {
        err = errno;
        close(fd);
    }
    if (!f)
        fprintf(stderr, "%s/%s: cannot write: %s\n", od->dir, name,
                strerror(err));
    return f;
}

bool ll_outdir_close(ll_outdir *od, FILE *f, const char *name)
{
    bool ok = !ferror(f) && !fflush(f);
    int err = ok ? 0 : errno ? errno : EIO;
    if (fclose(f) && ok)
        ok = false, err = errno;
    if (!ok)
        fprintf(stderr, "%s/%s: cannot write: %s\n", od->dir, name,
                strerror(err));
    return ok;
}

bool ll_outdir_write(ll_outdir *od, const char *name, const char *text,
                     size_t len)
{
    FILE *f = ll_outdir_create(od, name);
    if (!f)
        return false;
    fwrite(text, 1, len, f);
    return ll_outdir_close(od, f, name);
}

/* Rename every entry of folder from into folder to, folders there merged
 * (shown is to's path, for messages). With dry, nothing is renamed: only
 * whether each can be, a folder replacing only a folder (merged) and a
 * file anything but a folder. */
static bool move_in(int from, int to, const char *shown, bool dry)
{
    DIR *d = ll_opendir_at(from);
    if (!d) {
        fprintf(stderr, "%s: cannot replace: %s\n", shown, strerror(errno));
        return false;
    }
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        struct stat mine, there;
        bool exists = !fstatat(to, e->d_name, &there, AT_SYMLINK_NOFOLLOW);
        ok = !fstatat(from, e->d_name, &mine, AT_SYMLINK_NOFOLLOW);
        const char *why = !ok ? strerror(errno)
            : !exists || S_ISDIR(mine.st_mode) == S_ISDIR(there.st_mode) ? NULL
            : S_ISDIR(there.st_mode) ? "a folder is in the way"
                                     : "not a folder";
        if (!why && exists && S_ISDIR(mine.st_mode)) {
            int a = open_dir_at(from, e->d_name), b = open_dir_at(to, e->d_name);
            ll_buf sub = {0};
            ll_buf_printf(&sub, "%s/%s", shown, e->d_name);
            ok = a >= 0 && b >= 0 && move_in(a, b, sub.data, dry);
            ll_buf_free(&sub);
            if (a >= 0)
                close(a);
            if (b >= 0)
                close(b);
            continue;   /* the message, if any, is the deeper one's */
        }
        if (!why && !dry && renameat(from, e->d_name, to, e->d_name))
            why = strerror(errno);
        if (why)
            fprintf(stderr, "%s/%s: cannot replace: %s\n", shown, e->d_name,
                    why);
        ok = !why;
    }
    closedir(d);
    return ok;
}

bool ll_outdir_commit(ll_outdir *od)
{
    bool ok = false;
    if (!od->inside) {
        /* the folder as the user's umask would have made it */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(od->fd, 0777 & ~mask);
        ok = !renameat(od->home, od->stage, od->home, od->base);
        if (!ok && errno != EEXIST && errno != ENOTEMPTY) {
            fprintf(stderr, "%s: cannot create: %s\n", od->dir,
                    strerror(errno));
            ll_outdir_abort(od);
            return false;
        }
        if (ok) {
            free(od->stage);   /* nothing left to remove */
            od->stage = NULL;
        }   /* else DIR appeared meanwhile: into it, as below */
    }
    if (!ok) {
        int to = od->inside ? od->home
                            : open(od->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (to < 0)
            fprintf(stderr, "%s: cannot create: %s\n", od->dir,
                    strerror(errno));
        ok = to >= 0 && move_in(od->fd, to, od->dir, true) &&
             move_in(od->fd, to, od->dir, false);
        if (to >= 0 && !od->inside)
            close(to);
    }
    ll_outdir_abort(od);
    return ok;
}

void ll_outdir_abort(ll_outdir *od)
{
    if (!od)
        return;
    if (od->fd >= 0)
        close(od->fd);
    if (od->home >= 0 && od->stage)
        remove_tree(od->home, od->stage);
    if (od->home >= 0)
        close(od->home);
    free(od->stage);
    free(od->base);
    free(od->dir);
    free(od);
}
