/* tgz.h — unit-test helper: calls a function on every regular file of a
 * gzip-compressed tar archive (the corpus' tests.tgz), read in memory. */
#ifndef LITMUSLAB_TESTS_TGZ_H
#define LITMUSLAB_TESTS_TGZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef void tgz_fn(const char *name, const char *data, size_t len,
                    void *ctx);

static inline size_t tgz_octal(const char *p, size_t n)
{
    size_t v = 0;
    for (size_t i = 0; i < n && p[i] >= '0' && p[i] <= '7'; i++)
        v = v * 8 + (size_t)(p[i] - '0');
    return v;
}

/* Returns the number of regular files visited, or -1 if the archive cannot
 * be opened or is cut short. */
static inline int tgz_each(const char *path, tgz_fn *fn, void *ctx)
{
    gzFile gz = gzopen(path, "rb");
    if (!gz)
        return -1;
    char hdr[512], name[1024];
    char *longname = NULL;
    int count = 0;
    while (gzread(gz, hdr, 512) == 512 && hdr[0]) {
        size_t size = tgz_octal(hdr + 124, 12);
        size_t padded = (size + 511) / 512 * 512;
        char *data = malloc(padded + 1);
        if (!data || (size_t)gzread(gz, data, (unsigned)padded) != padded) {
            free(data);
            free(longname);
            gzclose(gz);
            return -1;
        }
        data[size] = '\0';
        char type = hdr[156];
        if (type == 'L') {
            free(longname);
            longname = data;
            continue;
        }
        if (longname) {
            snprintf(name, sizeof name, "%s", longname);
        } else if (hdr[345]) {
            snprintf(name, sizeof name, "%.155s/%.100s", hdr + 345, hdr);
        } else {
            snprintf(name, sizeof name, "%.100s", hdr);
        }
        free(longname);
        longname = NULL;
        if (type == '0' || type == '\0') {
            fn(name, data, size, ctx);
            count++;
        }
        free(data);
    }
    free(longname);
    gzclose(gz);
    return count;
}

/* The corpus folder: $CORPUS, else ../shared/corpus. */
static inline const char *tgz_corpus(void)
{
    const char *c = getenv("CORPUS");
    return c && *c ? c : "../shared/corpus";
}

/* Both archives of ../shared/corpus are there (a lone clone has none). */
static inline bool tgz_corpus_present(void)
{
    char path[4096];
    const char *arch[] = {"power", "x86"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s/tests.tgz", tgz_corpus(), arch[i]);
        FILE *f = fopen(path, "rb");
        if (!f)
            return false;
        fclose(f);
    }
    return true;
}

#endif
