/* util.c — checked allocation, the growable text buffer, diagnostics and
 * whole-file reading shared by every stage. */
#include "litmuslab/util.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

static void (*nomem_hook)(void);

void ll_on_out_of_memory(void (*hook)(void))
{
    nomem_hook = hook;
}

void ll_out_of_memory(void)
{
    if (nomem_hook)
        nomem_hook();
    fputs("litmuslab: out of memory\n", stderr);
    abort();
}

void *ll_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        ll_out_of_memory();
    return p;
}

void *ll_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        ll_out_of_memory();
    return p;
}

void *ll_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        ll_out_of_memory();
    return q;
}

char *ll_xstrdup(const char *s)
{
    return ll_xstrndup(s, strlen(s));
}

char *ll_xstrndup(const char *s, size_t n)
{
    char *p = ll_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* Doubling stops at INT_MAX (the counts are ints), and a size that does
 * not fit in size_t is out of memory, never a wrapped small allocation. */
void ll_grow(void **items, int *cap, int need, size_t elem_size)
{
    if (need <= *cap)
        return;
    if (need < 0)
        ll_out_of_memory();
    int n = *cap > 0 ? *cap : 4;
    while (n < need)
        n = n > INT_MAX / 2 ? INT_MAX : n * 2;
    if (elem_size && (size_t)n > SIZE_MAX / elem_size)
        ll_out_of_memory();
    *items = ll_xrealloc(*items, (size_t)n * elem_size);
    *cap = n;
}

void ll_buf_reserve(ll_buf *b, size_t extra)
{
    if (extra > SIZE_MAX - 1 - b->len)
        ll_out_of_memory();
    size_t want = b->len + extra + 1;
    if (want <= b->cap)
        return;
    size_t n = b->cap ? b->cap : 64;
    while (n < want)
        n = n > SIZE_MAX / 2 ? want : n * 2;
    b->data = ll_xrealloc(b->data, n);
    b->cap = n;
}

void ll_buf_putn(ll_buf *b, const char *s, size_t n)
{
    ll_buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void ll_buf_putc(ll_buf *b, char c)
{
    ll_buf_putn(b, &c, 1);
}

void ll_buf_puts(ll_buf *b, const char *s)
{
    ll_buf_putn(b, s, strlen(s));
}

/* A state's values are printed by the hundred thousand (the kernel's
 * RCU chains); vsnprintf twice per number was a tenth of their time. */
void ll_buf_put_i64(ll_buf *b, int64_t v)
{
    char digits[24];
    int i = (int)sizeof digits;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        digits[--i] = '-';
    ll_buf_putn(b, digits + i, sizeof digits - (size_t)i);
}

void ll_buf_vprintf(ll_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n > 0) {
        ll_buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void ll_buf_printf(ll_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ll_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void ll_buf_clear(ll_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

void ll_buf_free(ll_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

const char *ll_buf_str(const ll_buf *b)
{
    return b->data ? b->data : "";
}

void ll_diag_set(ll_diag *d, int line, int col, const char *fmt, ...)
{
    if (!d)
        return;
    d->line = line;
    d->col = col;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof d->msg)   /* cut: say so */
        memcpy(d->msg + sizeof d->msg - 4, "...", 4);
}

void ll_excerpt(const char *s, size_t max, char *out, size_t size)
{
    size_t n = strnlen(s, max + 1);
    if (n > max) {
        n = max;
        /* not in the middle of a UTF-8 sequence */
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
            n--;
    }
    if (n + 4 > size)
        n = size > 4 ? size - 4 : 0;
    memcpy(out, s, n);
    strcpy(out + n, s[n] ? "..." : "");
}

void ll_diag_print(const ll_diag *d, void *stream)
{
    FILE *f = stream;
    const char *file = d->file ? d->file : "<input>";
    if (d->line > 0 && d->col > 0)
        fprintf(f, "%s:%d:%d: %s\n", file, d->line, d->col, d->msg);
    else if (d->line > 0)
        fprintf(f, "%s:%d: %s\n", file, d->line, d->msg);
    else
        fprintf(f, "%s: %s\n", file, d->msg);
}

static int output_errno;

bool ll_flush(FILE *f)
{
    if (fflush(f) == 0 && !ferror(f))
        return true;
    if (!output_errno)
        output_errno = errno ? errno : EIO;
    return false;
}

int ll_output_errno(void)
{
    return output_errno;
}

void ll_signal_describe(int sig, ll_buf *out)
{
    const char *abbrev = sigabbrev_np(sig);
    if (abbrev)
        ll_buf_printf(out, "signal %d (SIG%s)", sig, abbrev);
    else
        ll_buf_printf(out, "signal %d", sig);
}

char *ll_read_file(const char *path, size_t *len)
{
    return ll_read_text(path, SIZE_MAX, SIZE_MAX, len, NULL);
}

char *ll_read_text(const char *path, size_t max_line, size_t max_file,
                   size_t *len, ll_diag *d)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* read in our chunks: no stdio buffer to allocate for each file
       (a batch reads thousands of small tests) */
    setvbuf(f, NULL, _IONBF, 0);
    ll_buf b = {0};
    char chunk[65536];
    size_t n, line_len = 0;
    int line = 1;
    bool over = false;
    errno = 0;
    while (!over && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        /* count as we go, so that a never-ending input stops here */
        for (const char *p = chunk, *end = chunk + n; p < end;) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t run = (size_t)((nl ? nl : end) - p);
            if (line_len + run > max_line) {
                if (d)
                    d->file = path;
                ll_diag_set(d, line, 0, "line longer than %zu bytes",
                            max_line);
                over = true;
                break;
            }
            line_len = nl ? 0 : line_len + run;
            line += nl != NULL && line < INT_MAX;
            p = nl ? nl + 1 : end;
        }
        if (!over && b.len + n > max_file) {
            if (d)
                d->file = path;
            ll_diag_set(d, 0, 0, "larger than %zu bytes", max_file);
            over = true;
        }
        if (!over)
            ll_buf_putn(&b, chunk, n);
    }
    int failed = ferror(f), err = errno;
    fclose(f);
    if (failed || over) {
        ll_buf_free(&b);
        errno = over ? EFBIG : err ? err : EIO;   /* EISDIR for a folder */
        return NULL;
    }
    if (!b.data)
        ll_buf_putn(&b, "", 0);
    *len = b.len;
    return b.data;
}

void ll_file_slug(const char *s, ll_buf *out)
{
    bool gap = false;
    size_t start = out->len;
    for (; *s; s++) {
        char c = *s;
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || strchr("+._-=", c);
        if (!keep) {
            gap = true;
            continue;
        }
        if (gap && out->len > start)
            ll_buf_putc(out, '_');
        gap = false;
        ll_buf_putc(out, (out->len == start && c == '.') ? '_' : c);
    }
    if (out->len == start)
        ll_buf_putc(out, '_');
}

/* s without its leading and trailing white space (cut in place). */
char *ll_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}
