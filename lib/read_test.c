/* read_test.c — reading a whole litmus test: the header line, the doc
 * string and `key=value` lines, then the init block, the code (a table, or
 * C functions) and the constraints, each read by its own file. */
#include "reader.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/limits.h"

static void skip_blanks(ll_lexer *lx)
{
    while (ll_lex_peek(lx, 0) == ' ' || ll_lex_peek(lx, 0) == '\t' || ll_lex_peek(lx, 0) == '\r')
        ll_lex_seek(lx, lx->off + 1);
}

/* Read a run of bytes accepted by ok(); returns its length. */
static size_t read_run(ll_lexer *lx, bool (*ok)(int c))
{
    size_t start = lx->off;
    while (ll_lex_peek(lx, 0) >= 0 && ok(ll_lex_peek(lx, 0)))
        ll_lex_seek(lx, lx->off + 1);
    return lx->off - start;
}

static void skip_line(ll_lexer *lx)
{
    while (ll_lex_peek(lx, 0) >= 0 && ll_lex_peek(lx, 0) != '\n')
        ll_lex_seek(lx, lx->off + 1);
}

static bool is_arch_char(int c)
{
    return isalnum(c) || c == '_';
}

/* herd's splitter: test names may hold `+ . - / [ ]` (`MP+lwsync+[fr-rf]`). */
static bool is_test_name_char(int c)
{
    return isalnum(c) || (c > 0 && strchr("_/.-+[]", c));
}

static bool is_key_char(int c)
{
    return isalnum(c) || (c > 0 && strchr("_/.-", c));
}

/* herd7 reads no `{` in a texname: `(a{b)` starts the init block. */
static bool is_texname_char(int c)
{
    return c >= 0 && c != ')' && c != '\n' && c != '{';
}

/* Skip to a `{` (which starts the init block) or the end of the line:
 * herd7 skips any text there, on the header line as in the lines
 * after it. */
static void skip_to_brace_or_eol(ll_lexer *lx)
{
    while (ll_lex_peek(lx, 0) >= 0 && ll_lex_peek(lx, 0) != '\n' && ll_lex_peek(lx, 0) != '{')
        ll_lex_seek(lx, lx->off + 1);
}

static bool fail_here(ll_lexer *lx, const char *msg)
{
    ll_diag_set(lx->d, lx->line, lx->col, "%s", msg);
    return false;
}

/* The closing quote of the doc string opened at `from` (a `"`): the next
 * `"` not escaped by a backslash, on this line or, for a doc string of
 * several lines, on a later one before a line that starts the init block
 * (`{`). Its offset, or 0 when there is none (left open). */
static size_t doc_end(const ll_lexer *lx, size_t from)
{
    bool line_start = false;
    for (size_t i = from + 1; i < lx->len; i++) {
        char c = lx->src[i];
        if (c == '\\' && i + 1 < lx->len && lx->src[i + 1] != '\n') {
            i++;
            line_start = false;
        } else if (c == '"') {
            return i;
        } else if (c == '\n') {
            line_start = true;
        } else if (line_start && c == '{') {
            return 0;
        } else if (line_start && c != ' ' && c != '\t' && c != '\r') {
            line_start = false;
        }
    }
    return 0;
}

/* At `"`: the doc string exactly as written between its quotes (escapes
 * and line breaks kept, so that it prints back the same). One left open,
 * as in a few old tests that herd reads, is the rest of its line. */
static void read_doc(ll_lexer *lx, ll_test *t)
{
    size_t start = lx->off + 1, end = doc_end(lx, lx->off), next;
    if (end) {
        next = end + 1;
    } else {
        end = start;
        while (end < lx->len && lx->src[end] != '\n')
            end++;
        next = end;
        /* (a trailing backslash would escape the quote it is printed
           with) */
        while (end > start && (isspace((unsigned char)lx->src[end - 1]) ||
                               lx->src[end - 1] == '\\'))
            end--;
    }
    free(t->doc);
    t->doc = ll_xstrndup(lx->src + start, end - start);
    ll_lex_seek(lx, next);
}

/* `ARCH NAME (TexName) "doc";` — the texname is accepted and dropped. */
static bool read_header_line(ll_lexer *lx, ll_test *t, ll_arch_finder *find)
{
    if (!ll_lex_skip_space(lx))
        return false;
    ll_pos arch_pos = {lx->line, lx->col};
    size_t start = lx->off;
    size_t n = read_run(lx, is_arch_char);
    if (!n || (ll_lex_peek(lx, 0) != ' ' && ll_lex_peek(lx, 0) != '\t'))
        return fail_here(lx, "bad header: expected 'ARCH NAME'");
    t->arch_name = ll_xstrndup(lx->src + start, n);
    /* a line of the list without a reader plug-in (C): its threads'
     * bodies are kept as text */
    if (ll_arch_id_of(t->arch_name) < 0 || ll_arch_find(t->arch_name)) {
        t->arch = find(t->arch_name);
        if (!t->arch) {
            ll_diag_set(lx->d, arch_pos.line, arch_pos.col,
                        "unknown architecture '%s'", t->arch_name);
            return false;
        }
    }
    skip_blanks(lx);
    start = lx->off;
    n = read_run(lx, is_test_name_char);
    if (!n)
        return fail_here(lx, "bad header: expected a test name");
    t->name = ll_xstrndup(lx->src + start, n);
    skip_blanks(lx);
    if (ll_lex_peek(lx, 0) == '(' && ll_lex_peek(lx, 1) != '*') {
        ll_lexer ahead = *lx;
        ll_lex_seek(&ahead, ahead.off + 1);
        read_run(&ahead, is_texname_char);
        /* an unclosed texname is text herd7 skips (below) */
        if (ll_lex_peek(&ahead, 0) == ')') {
            ll_lex_seek(&ahead, ahead.off + 1);
            *lx = ahead;
            skip_blanks(lx);
        }
    }
    if (ll_lex_peek(lx, 0) == '"')
        read_doc(lx, t);
    skip_blanks(lx);
    if (ll_lex_peek(lx, 0) == ';')
        ll_lex_seek(lx, lx->off + 1);
    skip_blanks(lx);
    if (ll_lex_peek(lx, 0) == '(' && ll_lex_peek(lx, 1) == '*') {
        int line = lx->line;
        if (!ll_lex_skip_space(lx))
            return false;
        if (lx->line != line || ll_lex_peek(lx, 0) < 0)
            return true;
    }
    /* herd7 skips other text after the name (`LISA cris-crossing
     * read-side critical sections`, the kernel collection's
     * rcu-relacq-test) up to a `{`, which starts the init block. */
    skip_to_brace_or_eol(lx);
    return true;
}

static void add_meta(ll_test *t, char *key, char *value, int *cap)
{
    ll_grow((void **)&t->meta, cap, t->n_meta + 1, sizeof *t->meta);
    t->meta[t->n_meta].key = key;
    t->meta[t->n_meta].value = value;
    t->n_meta++;
}

/* A `key=value` line at the read position: its key's length, or 0. */
static size_t key_length(const ll_lexer *lx)
{
    ll_lexer ahead = *lx;
    size_t n = isalpha(ll_lex_peek(lx, 0)) ? read_run(&ahead, is_key_char) : 0;
    skip_blanks(&ahead);
    return n && ll_lex_peek(&ahead, 0) == '=' ? n : 0;
}


/* `key=value` lines (value: the rest of the line, trimmed) and an
 * optional doc string on its own line, up to the init block's `{`. Like
 * herd, other text there is skipped (old tests have notes such as
 * `(Paul Mc Keene 'solution')` or a doc string left open). */
static bool read_meta(ll_lexer *lx, ll_test *t)
{
    int cap = 0;
    for (;;) {
        if (!ll_lex_skip_space(lx))
            return false;
        int c = ll_lex_peek(lx, 0);
        if (c == '{')
            return true;
        if (c < 0)
            return fail_here(lx, "unexpected end of file, expected '{'");
        size_t n = key_length(lx);
        if (!n) {
            if (c == '"' && !t->doc && !t->n_meta) {
                read_doc(lx, t);
                continue;
            }
            skip_to_brace_or_eol(lx);
            continue;
        }
        char *key = ll_xstrndup(lx->src + lx->off, n);
        ll_lex_seek(lx, lx->off + n);
        skip_blanks(lx);
        ll_lex_seek(lx, lx->off + 1);
        skip_blanks(lx);
        size_t start = lx->off;
        skip_line(lx);
        size_t end = lx->off;
        while (end > start && isspace((unsigned char)lx->src[end - 1]))
            end--;
        add_meta(t, key, ll_xstrndup(lx->src + start, end - start), &cap);
    }
}

bool ll_read_header(ll_lexer *lx, ll_test *t, ll_arch_finder *find)
{
    return read_header_line(lx, t, find) && read_meta(lx, t);
}

/* Control bytes other than white space mean this is not a text file. */
static bool check_text(ll_lexer *lx)
{
    for (size_t i = 0; i < lx->len; i++) {
        unsigned char c = (unsigned char)lx->src[i];
        if ((c < 0x20 && (!c || !strchr("\t\n\r\f\v", c))) || c == 0x7f) {
            ll_lex_seek(lx, i);
            ll_diag_set(lx->d, lx->line, lx->col,
                        "unexpected byte 0x%02x (binary data?)", c);
            return false;
        }
    }
    return true;
}

ll_test *ll_test_parse_with(const char *file, const char *text, size_t len,
                            ll_arch_finder *find, ll_diag *d)
{
    ll_diag scratch;
    if (!d)
        d = &scratch;
    d->file = file;
    d->line = d->col = 0;
    d->msg[0] = '\0';
    ll_test *t = ll_xcalloc(1, sizeof *t);
    t->file = ll_xstrdup(file ? file : "<input>");
    ll_lexer lx;
    ll_lex_init(&lx, text, len, d);
    bool ok = check_text(&lx);
    if (ok) {
        ll_lex_init(&lx, text, len, d);
        ok = ll_read_header(&lx, t, find) && ll_lex_next(&lx) &&
             ll_read_init(&lx, t) &&
             (t->arch ? ll_read_table(&lx, t) : ll_read_c_threads(&lx, t)) &&
             ll_read_constraints(&lx, t);
    }
    if (!ok) {
        ll_test_free(t);
        return NULL;
    }
    return t;
}

ll_test *ll_test_parse(const char *file, const char *text, size_t len,
                       ll_diag *d)
{
    return ll_test_parse_with(file, text, len, ll_arch_find, d);
}

ll_test *ll_test_read(const char *path, ll_diag *d)
{
    size_t len;
    ll_diag bound = {0};
    char *text = ll_read_text(path, LL_MAX_TEST_LINE, LL_MAX_TEST_FILE, &len,
                              &bound);
    if (!text) {
        if (d && errno == EFBIG) {
            *d = bound;
        } else if (d) {
            d->file = path;
            if (errno == EISDIR)
                ll_diag_set(d, 0, 0, "is a folder, not a test; give the "
                            "tests in it (DIR/*.litmus), or `litmuslab "
                            "campaign DIR`, which walks folders");
            else
                ll_diag_set(d, 0, 0, "cannot read: %s", strerror(errno));
        }
        return NULL;
    }
    ll_test *t = ll_test_parse(path, text, len, d);
    free(text);
    return t;
}
