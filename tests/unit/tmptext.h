/* tmptext.h — unit-test helper: text written to a temporary file (plain or
 * gzip-compressed), for code that reads files by path. */
#ifndef LITMUSLAB_TESTS_TMPTEXT_H
#define LITMUSLAB_TESTS_TMPTEXT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* Writes text to a new file named from tmpl (a mkstemp template, modified
 * in place) and returns tmpl; the caller unlinks it. */
static inline char *tmptext_write(char *tmpl, const char *text, int gzip)
{
    int fd = mkstemp(tmpl);
    if (fd < 0)
        abort();
    close(fd);
    size_t n = strlen(text);
    if (gzip) {
        gzFile gz = gzopen(tmpl, "wb");
        if (!gz || gzwrite(gz, text, (unsigned)n) != (int)n)
            abort();
        gzclose(gz);
    } else {
        FILE *f = fopen(tmpl, "w");
        if (!f || fwrite(text, 1, n, f) != n)
            abort();
        fclose(f);
    }
    return tmpl;
}

#endif
