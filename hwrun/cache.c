/* cache.c — the build cache's folder: where it is ($XDG_CACHE_HOME, HOME,
 * TMPDIR), reaching it through file descriptors, the checks that make it
 * ours alone, and sweeping what killed runs left in it.
 *
 * The cache holds programs we run, so it must be ours alone: made mode
 * 0700, and refused when it, a binary or a harness object is owned by
 * someone else or writable by others, when its folder can be changed by
 * others (unless sticky, as /tmp), or when its path passes through a
 * symlink owned by another user, who could re-point it at any time. The
 * path is walked one component at a time with O_NOFOLLOW, each link read
 * and checked here (never followed by the kernel), and everything after
 * goes through the folder's descriptor: the compiler runs in it (fchdir),
 * its output is renamed in it (renameat), and the binary is opened in it,
 * checked and run through its descriptor (fexecve). Re-pointing a link or
 * a folder after the check changes nothing for this run. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hwrun/embed.h"
#include "hwrun/hwrun.h"
#include "hwrun/hwrun_limits.h"
#include "litmuslab/outdir.h"

/* Ours and writable by nobody else: a folder or a file we may run. st
 * describes shown. */
static bool trusted_stat(const struct stat *st, const char *shown,
                         bool want_dir)
{
    const char *why = NULL;
    if (want_dir ? !S_ISDIR(st->st_mode) : !S_ISREG(st->st_mode))
        why = want_dir ? "not a folder" : "not a regular file";
    else if (st->st_uid != geteuid())
        why = "owned by another user";
    else if (st->st_mode & (S_IWGRP | S_IWOTH))
        why = "writable by others";
    if (why)
        fprintf(stderr, "litmuslab hwrun: refusing the build cache: %s is %s"
                "%s\n", shown, why, want_dir ? " (the cache holds programs "
                "that are run; use a folder of your own, mode 0700)" : "");
    return !why;
}

bool hw_trusted_fd(int fd, const char *shown, bool want_dir)
{
    struct stat st;
    if (fstat(fd, &st)) {
        fprintf(stderr, "litmuslab hwrun: %s: %s\n", shown, strerror(errno));
        return false;
    }
    return trusted_stat(&st, shown, want_dir);
}

bool hw_trusted_at(int dfd, const char *name, const char *shown,
                   bool want_dir)
{
    struct stat st;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
        fprintf(stderr, "litmuslab hwrun: %s: %s\n", shown, strerror(errno));
        return false;
    }
    return trusted_stat(&st, shown, want_dir);
}

/* A link we may follow: ours, or root's (whom we trust anyway). */
static bool link_trusted(const struct stat *st)
{
    return st->st_uid == geteuid() || st->st_uid == 0;
}

/* Open the folder at path, made (mode 0700) where missing when create,
 * following only links owned by us or root: an O_PATH descriptor, or -1
 * + message. cache is the path given, for messages. */
static int walk(const char *cache, const char *path, bool create)
{
    ll_buf rest = {0}, at = {0};   /* what is left; where we are */
    ll_buf_puts(&rest, path);
    ll_buf_puts(&at, *path == '/' ? "/" : "");
    int fd = open(*path == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    size_t p = 0;
    int links = 0;
    while (fd >= 0) {
        while (rest.data[p] == '/')
            p++;
        if (!rest.data[p])
            break;
        size_t n = strcspn(rest.data + p, "/");
        char *comp = ll_xstrndup(rest.data + p, n);
        p += n;
        size_t at_len = at.len;
        if (at.len && at.data[at.len - 1] != '/')
            ll_buf_putc(&at, '/');
        ll_buf_puts(&at, comp);
        int next = openat(fd, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0 && errno == ENOENT && create &&
            (!mkdirat(fd, comp, 0700) || errno == EEXIST))
            next = openat(fd, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        free(comp);
        struct stat st;
        const char *why = NULL;
        char target[PATH_MAX];
        ssize_t len = 0;
        if (next < 0 || fstat(next, &st)) {
            why = strerror(errno);
        } else if (S_ISLNK(st.st_mode) && !link_trusted(&st)) {
            fprintf(stderr, "litmuslab hwrun: refusing the build cache %s: "
                    "%s is a symlink owned by another user (uid %ld), who "
                    "can re-point it\n", cache, ll_buf_str(&at),
                    (long)st.st_uid);
        } else if (S_ISLNK(st.st_mode) && ++links > HW_MAX_LINKS) {
            why = strerror(ELOOP);
        } else if (S_ISLNK(st.st_mode) &&
                   (len = readlinkat(next, "", target, sizeof target - 1)) <=
                       0) {
            why = len < 0 ? strerror(errno) : "an empty symlink";
        } else if (S_ISLNK(st.st_mode)) {
            /* the link's text, then what was left after it */
            ll_buf more = {0};
            ll_buf_putn(&more, target, (size_t)len);
            ll_buf_printf(&more, "/%s", rest.data + p);
            ll_buf_free(&rest);
            rest = more;
            p = 0;
            at.len = at_len;
            at.data[at_len] = '\0';
            if (*target == '/') {
                close(fd);
                fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
                ll_buf_clear(&at);
                ll_buf_puts(&at, "/");
            }
            close(next);
            continue;
        } else if (!S_ISDIR(st.st_mode)) {
            why = "not a folder";
        }
        close(fd);
        fd = -1;
        if (why)
            fprintf(stderr, "litmuslab hwrun: cannot use the cache folder "
                    "%s: %s: %s\n", cache, ll_buf_str(&at), why);
        if (why || S_ISLNK(st.st_mode)) {
            if (next >= 0)
                close(next);
            break;
        }
        fd = next;
    }
    ll_buf_free(&rest);
    ll_buf_free(&at);
    return fd;
}

/* The folder at path, walked as above, ours and writable by nobody else:
 * a descriptor open for reading, or -1 + message. */
static int open_trusted(const char *path, bool create)
{
    int w = walk(path, path, create);
    int fd = w < 0 ? -1 : openat(w, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (w >= 0 && fd < 0)
        fprintf(stderr, "litmuslab hwrun: %s: %s\n", path, strerror(errno));
    if (w >= 0)
        close(w);
    if (fd >= 0 && !hw_trusted_fd(fd, path, true)) {
        close(fd);
        fd = -1;
    }
    return fd;
}

/* The folder holding the cache: nobody else may rename or replace the
 * cache in it, unless it is sticky (as /tmp). */
static bool safe_parent(int fd, const char *dir)
{
    struct stat st;
    int up = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
    bool ok = up >= 0 && fstat(up, &st) == 0 &&
              (st.st_uid == geteuid() || st.st_uid == 0) &&
              (!(st.st_mode & (S_IWGRP | S_IWOTH)) || (st.st_mode & S_ISVTX));
    if (up >= 0)
        close(up);
    if (!ok)
        fprintf(stderr, "litmuslab hwrun: refusing the build cache %s: its "
                "folder can be changed by others\n", dir);
    return ok;
}

int hw_cache_open(const hw_opts *o, ll_buf *dir)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    ll_buf_clear(dir);
    if (o->cache_dir) {
        ll_buf_puts(dir, o->cache_dir);
    } else if (xdg && *xdg) {
        ll_buf_printf(dir, "%s/litmuslab/hwrun", xdg);
    } else if (home && *home) {
        ll_buf_printf(dir, "%s/.cache/litmuslab/hwrun", home);
    } else {
        /* cron, CI: a folder of this user's in the temporary folder, never
           a fixed name another user could make first */
        const char *t = getenv("TMPDIR");
        ll_buf_printf(dir, "%s/litmuslab-%ld", t && *t ? t : "/tmp",
                      (long)geteuid());
        int top = open_trusted(ll_buf_str(dir), true);
        if (top < 0)
            return -1;
        close(top);
        ll_buf_puts(dir, "/hwrun");
    }
    int fd = open_trusted(ll_buf_str(dir), true);
    if (fd >= 0 && !safe_parent(fd, ll_buf_str(dir))) {
        close(fd);
        fd = -1;
    }
    return fd;
}

static bool is_c_file(const char *name)
{
    size_t n = strlen(name);
    return n > 2 && !strcmp(name + n - 2, ".c");
}

void hw_cache_remove_tree(int cfd, const char *dir)
{
    int fd = openat(cfd, dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
                                  O_CLOEXEC);
    if (fd < 0)
        return;
    ll_buf p = {0};
    for (const hw_file *f = hw_harness_files; f->name; f++) {
        unlinkat(fd, f->name, 0);
        if (is_c_file(f->name)) {
            ll_buf_clear(&p);
            ll_buf_puts(&p, f->name);
            p.data[p.len - 1] = 'o';
            unlinkat(fd, ll_buf_str(&p), 0);
        }
    }
    unlinkat(fd, "ok", 0);
    ll_buf_free(&p);
    close(fd);
    unlinkat(cfd, dir, AT_REMOVEDIR);
}

void hw_cache_sweep(int cfd)
{
    DIR *d = ll_opendir_at(cfd);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        /* NAME.tmpPID, NAME.tmpPID.c, NAME.outPID (older versions) */
        const char *m = NULL;
        for (const char *s = e->d_name; (s = strchr(s, '.')); s++)
            if (!strncmp(s, ".tmp", 4) || !strncmp(s, ".out", 4))
                m = s;
        if (!m || m[4] < '1' || m[4] > '9')
            continue;
        char *end;
        long pid = strtol(m + 4, &end, 10);
        if ((*end && strcmp(end, ".c")) || pid == (long)getpid() ||
            kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        struct stat st;
        if (fstatat(cfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISDIR(st.st_mode))
            hw_cache_remove_tree(cfd, e->d_name);
        else
            unlinkat(cfd, e->d_name, 0);
    }
    closedir(d);
}
