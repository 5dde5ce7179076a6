/* new_output.c — may a command write its output at PATH? The one rule for
 * outputs that must not overwrite what a user already has (`hwrun
 * --bundle`, `campaign --bundle`): PATH is missing, or an empty folder;
 * a folder with files, or a file to replace, only with --force; never a
 * symbolic link, with or without --force (writing through it would touch
 * whatever it points at). The writer still creates every file with
 * O_EXCL|O_NOFOLLOW, so that a change made after this check fails
 * instead of being followed. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "litmuslab/util.h"

bool ll_dir_is_empty(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return false;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(d)))
        empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
    closedir(d);
    return empty;
}

bool ll_output_allowed(const char *who, const char *opt, const char *path,
                       bool file, bool force, FILE *diag)
{
    /* "DIR/" is DIR itself: lstat would follow a link DIR */
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    char *p = ll_xstrndup(path, n);
    struct stat st;
    int err = lstat(p, &st) ? errno : 0;
    free(p);
    if (err) {
        if (err == ENOENT)
            return true;
        fprintf(diag, "%s: %s: %s\n", who, path, strerror(err));
        return false;
    }
    const char *what = file ? "file" : "folder";
    if (S_ISLNK(st.st_mode)) {
        fprintf(diag, "%s: %s is a symbolic link; %s writes a new %s, never "
                "through a link\n", who, path, opt, what);
        return false;
    }
    if (file ? !S_ISREG(st.st_mode) : !S_ISDIR(st.st_mode)) {
        fprintf(diag, "%s: %s exists and is not a %s; %s writes a new %s\n",
                who, path, what, opt, what);
        return false;
    }
    if (force || (!file && ll_dir_is_empty(path)))
        return true;
    if (file)
        fprintf(diag, "%s: %s exists; %s writes a new file (--force "
                "replaces it)\n", who, path, opt);
    else
        fprintf(diag, "%s: %s is not empty; %s writes a new folder (--force "
                "writes into this one)\n", who, path, opt);
    return false;
}
