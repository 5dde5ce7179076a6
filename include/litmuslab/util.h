/* util.h — small shared helpers: checked allocation, a growable text
 * buffer, and the diagnostic record every reader fills on bad input. */
#ifndef LITMUSLAB_UTIL_H
#define LITMUSLAB_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Allocation that never returns NULL: out of memory aborts with a message. */
void *ll_xmalloc(size_t n);
void *ll_xcalloc(size_t count, size_t size);
void *ll_xrealloc(void *p, size_t n);
char *ll_xstrdup(const char *s);
char *ll_xstrndup(const char *s, size_t n);

/* Report "out of memory" and abort; hook (if set) runs first and may exit
 * instead (the model's worker processes report it to their parent). */
void ll_out_of_memory(void);
void ll_on_out_of_memory(void (*hook)(void));

/* Grow a dynamic array *items (of *cap elements of elem_size bytes) so that
 * it can hold at least need elements. A size past INT_MAX elements or
 * SIZE_MAX bytes is out of memory. */
void ll_grow(void **items, int *cap, int need, size_t elem_size);

/* A growable NUL-terminated string. Zero-initialise before use. */
typedef struct ll_buf {
    char *data;
    size_t len;
    size_t cap;
} ll_buf;

void ll_buf_putc(ll_buf *b, char c);
void ll_buf_puts(ll_buf *b, const char *s);
/* v in decimal, as printf would write it (without its cost). */
void ll_buf_put_i64(ll_buf *b, int64_t v);
void ll_buf_putn(ll_buf *b, const char *s, size_t n);
/* Room for extra more bytes (and the terminating NUL) without growing. */
void ll_buf_reserve(ll_buf *b, size_t extra);
void ll_buf_printf(ll_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void ll_buf_vprintf(ll_buf *b, const char *fmt, va_list ap);
void ll_buf_clear(ll_buf *b);
void ll_buf_free(ll_buf *b);
/* Return the text (never NULL, "" when empty). */
const char *ll_buf_str(const ll_buf *b);

/* A diagnostic: where a problem is and what it is. Readers fill one and
 * return failure; the caller prints it as "FILE:LINE:COL: message". */
typedef struct ll_diag {
    const char *file;  /* not owned */
    int line;          /* 1-based; 0 when unknown */
    int col;           /* 1-based; 0 when unknown */
    char msg[512];
} ll_diag;

void ll_diag_set(ll_diag *d, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* At most max bytes of s into out (of size at least max + 4), cut at a
 * character's start and ended with "..." when cut: what a message
 * quotes of an input that may be megabytes long. */
void ll_excerpt(const char *s, size_t max, char *out, size_t size);
/* Print "FILE:LINE:COL: message\n" (or "FILE:LINE: message" when col is 0). */
void ll_diag_print(const ll_diag *d, void *stream /* FILE* */);

/* fflush(f): false when f has had a write error (a full disk, a file size
 * limit); the first such error's errno is kept for ll_output_errno(), as
 * later calls may change errno. */
bool ll_flush(FILE *f);
int ll_output_errno(void);

/* "signal 11 (SIGSEGV)": a signal as messages name it. */
void ll_signal_describe(int sig, ll_buf *out);

/* Read a whole file into memory (NUL-terminated). Returns NULL and sets
 * errno on failure. *len receives the size. */
char *ll_read_file(const char *path, size_t *len);

/* The same for a text file whose lines are at most max_line bytes and
 * which is at most max_file bytes (the bounds of include/litmuslab/
 * limits.h): reading stops at the first bound passed, so that a file
 * such as /dev/zero costs no more. Past a bound: NULL, errno EFBIG and
 * *d says `FILE:LINE: line longer than N bytes` or `FILE: larger than N
 * bytes`; on other failures NULL and errno, *d untouched. */
char *ll_read_text(const char *path, size_t max_line, size_t max_file,
                   size_t *len, ll_diag *d);

/* s as one file name, appended to out: letters, digits and `+._-=` kept,
 * every other run of characters one '_', none at the end
 * (`0:r3=0; 1:r3=0;` is `0_r3=0_1_r3=0`). Campaign names the
 * explanation of a test's state so, and compare's report finds it so. */
void ll_file_slug(const char *s, ll_buf *out);

/* Whether path is a folder with nothing in it. */
bool ll_dir_is_empty(const char *path);
/* May `who`'s option opt (`--bundle`) write path (lib/new_output.c)? A
 * new file or folder (file says which): path missing, or an empty folder;
 * an existing file or a folder with files only with force; never a
 * symbolic link. false + one line "WHO: PATH ..." on diag. */
bool ll_output_allowed(const char *who, const char *opt, const char *path,
                       bool file, bool force, FILE *diag);

/* s without its leading and trailing white space (cut in place). */
char *ll_trim(char *s);

#endif
