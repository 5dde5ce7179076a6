/* tar_read.c — the files of a gzip-compressed tar archive, read entry by
 * entry without unpacking it: what `campaign BUNDLE.tar.gz --from-logs`
 * needs to take the tests a bundle carries (its litmus/ folder) from the
 * archive itself. POSIX ustar names (prefix/name) and GNU long names ('L'
 * entries), as hwrun's writer makes them and GNU tar does; other entry
 * kinds are skipped. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "litmuslab/tar.h"

#define BLOCK 512

/* An octal field (spaces or NULs around it); -1 when it is none. */
static long long octal(const char *f, size_t width)
{
    long long v = 0;
    size_t i = 0;
    while (i < width && f[i] == ' ')
        i++;
    if (i == width || f[i] < '0' || f[i] > '7')
        return -1;
    for (; i < width && f[i] >= '0' && f[i] <= '7'; i++)
        v = v * 8 + (f[i] - '0');
    return v;
}

static bool read_all(gzFile gz, void *p, size_t n)
{
    return gzread(gz, p, (unsigned)n) == (int)n;
}

/* n bytes of data into p, and past their padding. */
static bool read_padded(gzFile gz, void *p, long long n)
{
    long long rest = (BLOCK - n % BLOCK) % BLOCK;
    return read_all(gz, p, (size_t)n) &&
           (!rest || gzseek(gz, (z_off_t)rest, SEEK_CUR) >= 0);
}

/* Past n bytes of data and their padding. */
static bool skip(gzFile gz, long long n)
{
    long long padded = (n + BLOCK - 1) / BLOCK * BLOCK;
    return padded == 0 || gzseek(gz, (z_off_t)padded, SEEK_CUR) >= 0;
}

bool ll_tar_each(const char *path, size_t max_size,
                 bool (*want)(const char *name, void *arg),
                 bool (*each)(const char *name, const char *data,
                              size_t size, void *arg),
                 void *arg, ll_diag *d)
{
    d->file = path;
    gzFile gz = gzopen(path, "rb");
    if (!gz) {
        ll_diag_set(d, 0, 0, "cannot read: %s", strerror(errno ? errno : EIO));
        return false;
    }
    char h[BLOCK];
    char *long_name = NULL;
    bool ok = true, ended = false;
    while (ok && !ended) {
        if (!read_all(gz, h, BLOCK)) {
            ll_diag_set(d, 0, 0, "not a tar archive, or cut short");
            ok = false;
            break;
        }
        if (!h[0]) {            /* the end: a block of zeros */
            ended = true;
            break;
        }
        long long size = octal(h + 124, 12);
        if (size < 0 || memcmp(h + 257, "ustar", 5)) {
            ll_diag_set(d, 0, 0, "not a tar archive");
            ok = false;
            break;
        }
        char type = h[156];
        if (type == 'L') {      /* the next entry's name */
            free(long_name);
            long_name = NULL;
            if (size > 4096) {
                ll_diag_set(d, 0, 0, "a name of %lld bytes", size);
                ok = false;
                break;
            }
            long_name = ll_xcalloc((size_t)size + 1, 1);
            ok = read_padded(gz, long_name, size);
            continue;
        }
        ll_buf name = {0};
        if (long_name) {
            ll_buf_puts(&name, long_name);
            free(long_name);
            long_name = NULL;
        } else {
            if (h[345])
                ll_buf_printf(&name, "%.155s/", h + 345);
            ll_buf_printf(&name, "%.100s", h);
        }
        bool file = type == '0' || type == '\0';
        if (!file || !want(name.data, arg)) {
            ok = skip(gz, size);
        } else if ((size_t)size > max_size) {
            ll_diag_set(d, 0, 0, "%s: %lld bytes, more than %zu", name.data,
                        size, max_size);
            ok = false;
        } else {
            char *data = ll_xmalloc((size_t)size + 1);
            ok = read_padded(gz, data, size);
            data[size] = '\0';
            if (ok && !each(name.data, data, (size_t)size, arg)) {
                free(data);
                ll_buf_free(&name);
                free(long_name);
                gzclose(gz);
                return false;   /* each said why */
            }
            free(data);
        }
        if (!ok && !d->msg[0])
            ll_diag_set(d, 0, 0, "%s: cut short", name.data);
        ll_buf_free(&name);
    }
    if (ok && !ended)
        ll_diag_set(d, 0, 0, "not a tar archive, or cut short");
    free(long_name);
    gzclose(gz);
    return ok && ended;
}
