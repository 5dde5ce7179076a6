/* tar.c — a gzip-compressed tar archive written entry by entry from what
 * the caller hands over (bundle.c's files), never from a folder on disk:
 * the archive then holds exactly those files, whatever lies beside them.
 * POSIX ustar headers; a path too long for one (more than 100 characters
 * after the last '/' that fits the 155-character prefix) gets a GNU
 * long-name entry first, which GNU tar, bsdtar and busybox read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "hwrun/hwrun.h"

#define TAR_BLOCK 512

struct hw_tar {
    gzFile gz;
    long long mtime;   /* one time for every entry */
    int err;           /* the first write error's errno, or 0 */
};

hw_tar *hw_tar_open(int fd)
{
    gzFile gz = gzdopen(fd, "wb");
    if (!gz)
        return NULL;
    hw_tar *t = ll_xcalloc(1, sizeof *t);
    t->gz = gz;
    t->mtime = (long long)time(NULL);
    return t;
}

static void put(hw_tar *t, const void *p, size_t n)
{
    if (!t->err && n && gzwrite(t->gz, p, (unsigned)n) != (int)n) {
        int zerr;
        gzerror(t->gz, &zerr);
        t->err = zerr == Z_ERRNO && errno ? errno : EIO;
    }
}

/* Zeros up to the next block boundary after n bytes of data. */
static void pad(hw_tar *t, size_t n)
{
    static const char zero[TAR_BLOCK];
    if (n % TAR_BLOCK)
        put(t, zero, TAR_BLOCK - n % TAR_BLOCK);
}

/* v in width - 1 octal digits and a NUL (a value too wide keeps its low
 * digits: sizes and times here are far below 8^11). */
static void octal(char *field, size_t width, unsigned long long v)
{
    field[width - 1] = '\0';
    for (size_t i = width - 1; i > 0; i--, v >>= 3)
        field[i - 1] = (char)('0' + (v & 7));
}

/* One header block: name (and prefix) already set in h. */
static void header(hw_tar *t, char *h, char type, int mode,
                   unsigned long long size)
{
    octal(h + 100, 8, (unsigned)mode);
    octal(h + 108, 8, 0);   /* uid, gid: root, as a release tarball */
    octal(h + 116, 8, 0);
    octal(h + 124, 12, size);
    octal(h + 136, 12, (unsigned long long)t->mtime);
    h[156] = type;
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    memset(h + 148, ' ', 8);
    unsigned sum = 0;
    for (int i = 0; i < TAR_BLOCK; i++)
        sum += (unsigned char)h[i];
    octal(h + 148, 7, sum);   /* six digits, NUL, then the space */
    put(t, h, TAR_BLOCK);
}

/* path into h's name and prefix fields; false when it fits neither way. */
static bool split_name(char *h, const char *path)
{
    size_t n = strlen(path);
    if (n <= 100) {
        memcpy(h, path, n);
        return true;
    }
    for (size_t i = n - 1; i > 0; i--)
        if (path[i] == '/' && i <= 155 && n - i - 1 <= 100 && n - i > 1) {
            memcpy(h + 345, path, i);
            memcpy(h, path + i + 1, n - i - 1);
            return true;
        }
    return false;
}

static void entry(hw_tar *t, const char *path, char type, int mode,
                  const char *data, size_t len)
{
    char h[TAR_BLOCK];
    memset(h, 0, sizeof h);
    if (!split_name(h, path)) {
        /* GNU long name: the path as the data of a pseudo entry */
        char l[TAR_BLOCK];
        memset(l, 0, sizeof l);
        memcpy(l, "././@LongLink", 13);
        size_t n = strlen(path) + 1;
        header(t, l, 'L', 0644, n);
        put(t, path, n);
        pad(t, n);
        memcpy(h, path, 100);
    }
    header(t, h, type, mode, len);
    put(t, data, len);
    pad(t, len);
}

bool hw_tar_dir(hw_tar *t, const char *path)
{
    ll_buf p = {0};
    ll_buf_printf(&p, "%s/", path);
    entry(t, p.data, '5', 0755, NULL, 0);
    ll_buf_free(&p);
    errno = t->err;
    return !t->err;
}

bool hw_tar_file(hw_tar *t, const char *path, const char *data, int mode)
{
    entry(t, path, '0', mode, data, strlen(data));
    errno = t->err;
    return !t->err;
}

bool hw_tar_close(hw_tar *t)
{
    static const char end[2 * TAR_BLOCK];
    put(t, end, sizeof end);
    int err = t->err;
    int rc = gzclose(t->gz);
    if (!err && rc != Z_OK)
        err = rc == Z_ERRNO && errno ? errno : EIO;
    free(t);
    errno = err;
    return !err;
}
