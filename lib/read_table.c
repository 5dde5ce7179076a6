/* read_table.c — the code table of an assembly test: the header row
 * `P0 | P1 ... ;`, then rows of cells split on `|` and `;`, each cell an
 * optional label `NAME:` and an instruction handed to the architecture
 * plug-in. Comments are blanked first so that they may sit anywhere. */
#include "reader.h"
#include "litmuslab/near.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool word_is(const char *src, size_t len, size_t i, const char *w)
{
    size_t n = strlen(w);
    return i + n <= len && !memcmp(src + i, w, n) &&
           (i + n == len || !ll_is_name_char((unsigned char)src[i + n]));
}

/* End of a nested comment opened at i, or SIZE_MAX when it is not closed. */
static size_t comment_end(const char *src, size_t len, size_t i)
{
    int depth = 0;
    while (i < len) {
        if (src[i] == '(' && i + 1 < len && src[i + 1] == '*') {
            depth++;
            i += 2;
        } else if (src[i] == '*' && i + 1 < len && src[i + 1] == ')') {
            i += 2;
            if (--depth == 0)
                return i;
        } else {
            i++;
        }
    }
    return SIZE_MAX;
}

bool ll_at_constraints(const char *src, size_t len, size_t i)
{
    static const char *const words[] = {"exists",    "forall", "final",
                                        "locations", "filter", "observed",
                                        "Observed"};
    if (i >= len)
        return false;
    if (src[i] == '~') {
        size_t j = i + 1;
        while (j < len && src[j] && strchr(" \t\r\n", src[j]))
            j++;
        return word_is(src, len, j, "exists");
    }
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        if (word_is(src, len, i, words[w]))
            return true;
    return false;
}

size_t ll_find_constraints(const char *src, size_t len, size_t from)
{
    size_t i = from;
    while (i < len) {
        int c = (unsigned char)src[i];
        bool word_start = ll_is_name_start(c) &&
                          (i == from || !ll_is_name_char((unsigned char)src[i - 1]));
        if (c == '(' && i + 1 < len && src[i + 1] == '*') {
            i = comment_end(src, len, i);
            if (i == SIZE_MAX)
                return len;
        } else if ((c == '~' || word_start) && ll_at_constraints(src, len, i)) {
            return i;
        } else if (word_start) {
            i++;
            while (i < len && ll_is_name_char((unsigned char)src[i]))
                i++;
        } else {
            i++;
        }
    }
    return len;
}

typedef struct table_reader {
    ll_lexer *lx;     /* for *d and positions */
    ll_lexer cursor;  /* moves forward over the source, for positions */
    ll_test *t;
    char *text;       /* the table's bytes, comments blanked */
    size_t base;      /* offset of text[0] in the source */
    int n_cols;
    int cap_rows;
} table_reader;

static ll_pos pos_at(table_reader *r, size_t i)
{
    ll_lex_seek(&r->cursor, r->base + i);
    return (ll_pos){r->cursor.line, r->cursor.col};
}

static bool fail_at(table_reader *r, size_t i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail_at(table_reader *r, size_t i, const char *fmt, ...)
{
    ll_pos p = pos_at(r, i);
    char msg[sizeof r->lx->d->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ll_diag_set(r->lx->d, p.line, p.col, "%s", msg);
    return false;
}

static bool blank_comments(table_reader *r, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (r->text[i] != '(' || r->text[i + 1] != '*')
            continue;
        size_t end = comment_end(r->text, len, i);
        if (end == SIZE_MAX) {
            ll_pos p = pos_at(r, i);
            ll_diag_set(r->lx->d, p.line, p.col, "unterminated comment");
            return false;
        }
        for (; i < end; i++)
            if (r->text[i] != '\n')
                r->text[i] = ' ';
        i--;
    }
    return true;
}

static void trim(const char *s, size_t *start, size_t *end)
{
    while (*start < *end && isspace((unsigned char)s[*start]))
        (*start)++;
    while (*end > *start && isspace((unsigned char)s[*end - 1]))
        (*end)--;
}

static bool read_header_row(table_reader *r, size_t rs, size_t re)
{
    int col = 0;
    size_t cs = rs;
    for (;;) {
        size_t ce = cs;
        while (ce < re && r->text[ce] != '|')
            ce++;
        size_t ts = cs, te = ce;
        trim(r->text, &ts, &te);
        char want[16];
        snprintf(want, sizeof want, "P%d", col);
        if (te - ts != strlen(want) || memcmp(r->text + ts, want, te - ts)) {
            char found[64];
            snprintf(found, sizeof found, "%.*s",
                     (int)(te - ts > 40 ? 40 : te - ts), r->text + ts);
            return fail_at(r, ts,
                           "expected 'P%d' in column %d of the code table "
                           "header, found '%s'",
                           col, col + 1, found);
        }
        col++;
        if (col > 1024)
            return fail_at(r, ts, "too many threads (more than 1024)");
        if (ce == re)
            break;
        cs = ce + 1;
    }
    r->n_cols = col;
    r->t->n_threads = col;
    r->t->threads = ll_xcalloc((size_t)col, sizeof *r->t->threads);
    for (int i = 0; i < col; i++)
        r->t->threads[i].proc = i;
    return true;
}


/* An instruction the reader does not know, with the rest of its cell. */
typedef struct near_try {
    const ll_arch_ops *arch;
    const char *before, *after;   /* the cell around the mnemonic */
} near_try;

static bool instr_reads(const char *mnem, void *arg)
{
    const near_try *n = arg;
    ll_buf b = {0};
    ll_buf_printf(&b, "%s%s%s", n->before, mnem, n->after);
    ll_instr in = {0};
    ll_diag d = {0};
    bool ok = n->arch->parse_instr(b.data, &in, &d);
    ll_instr_clear(&in);
    ll_buf_free(&b);
    return ok;
}

/* "unknown instruction 'lwzz'": the instruction one edit away that the
 * reader takes with the same operands (`lwz`), if any. */
static bool unknown_near(const ll_arch_ops *arch, const char *instr,
                         const ll_diag *d, char *out, size_t size)
{
    char mnem[64];
    if (sscanf(d->msg, "unknown instruction '%63[^']'", mnem) != 1 ||
        d->col < 1 || (size_t)d->col - 1 > strlen(instr))
        return false;
    size_t at = (size_t)d->col - 1, len = strlen(mnem);
    if (strncmp(instr + at, mnem, len))
        return false;
    char *before = ll_xstrndup(instr, at);
    near_try n = {arch, before, instr + at + len};
    bool upper = false;
    for (const char *s = mnem; *s; s++)
        upper |= *s >= 'A' && *s <= 'Z';
    bool ok = ll_near_by(mnem, upper ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789."
                                     : "abcdefghijklmnopqrstuvwxyz0123456789.",
                         instr_reads, &n, out, size);
    free(before);
    return ok;
}

/* The label at text[i, te): the length of its name, the bytes through
 * its `:` in *used; 0 when the cell goes on with no label; -1 when the
 * architecture refuses it (r->lx->d set). The reader's names, `:` next
 * to them, unless the architecture reads labels its own way. */
static int label_at(table_reader *r, size_t i, size_t te, size_t *used)
{
    const ll_arch_ops *a = r->t->arch;
    if (a && a->label_at) {
        ll_diag d = {0};
        int name = 0;
        int n = a->label_at(r->text + i, (int)(te - i), &name, &d);
        if (n < 0) {
            fail_at(r, i + (size_t)(d.col > 0 ? d.col - 1 : 0), "%s", d.msg);
            return -1;
        }
        *used = (size_t)n;
        return n ? name : 0;
    }
    if (i >= te || !ll_is_name_start((unsigned char)r->text[i]))
        return 0;
    size_t j = i;
    while (j < te && ll_is_name_char((unsigned char)r->text[j]))
        j++;
    if (j >= te || r->text[j] != ':')
        return 0;
    *used = j + 1 - i;
    return (int)(j - i);
}

/* How many labels the cell [cs, ce) starts with (no message: read_cell
 * gives it); the architectures that read several, as herd7's LISA, and
 * at most one for the others. */
static int count_labels(table_reader *r, size_t cs, size_t ce)
{
    ll_diag *keep = r->lx->d, scratch = {0};
    r->lx->d = &scratch;
    size_t ts = cs, te = ce, used;
    trim(r->text, &ts, &te);
    int n = 0;
    while (label_at(r, ts, te, &used) > 0) {
        n++;
        ts += used;
        trim(r->text, &ts, &te);
        if (!r->t->arch || !r->t->arch->label_at)
            break;
    }
    r->lx->d = keep;
    return n;
}

static bool new_label(table_reader *r, size_t i, int len, const ll_thread *th,
                      ll_stmt *st)
{
    st->label = ll_xstrndup(r->text + i, (size_t)len);
    st->pos = pos_at(r, i);
    /* as herd7: a label names one place in its thread, and in the test
       (herd7: "Label L0 occurs more that once") */
    for (const ll_stmt *o = th->stmts; o < st; o++)
        if (o->label && !strcmp(o->label, st->label))
            return fail_at(r, i, "label %s defined twice in P%d (first at "
                           "%d:%d)", st->label, th->proc, o->pos.line,
                           o->pos.col);
    for (int k = 0; k < r->n_cols; k++) {
        const ll_thread *u = &r->t->threads[k];
        for (int n = 0; u != th && n < u->n_stmts; n++)
            if (u->stmts[n].label && !strcmp(u->stmts[n].label, st->label))
                return fail_at(r, i, "label %s defined in P%d and in P%d "
                               "(first at %d:%d): herd7 wants each label "
                               "once in a test", st->label, u->proc,
                               th->proc, u->stmts[n].pos.line,
                               u->stmts[n].pos.col);
    }
    return true;
}

/* The cell [cs, ce) into the n statements at st: its labels but the last
 * each alone in the first ones, as herd7 reads `L: M: w[once] x 1` (its
 * digest prints them so), the last label and the instruction in st[n-1],
 * empty statements between. */
static bool read_cell(table_reader *r, size_t cs, size_t ce,
                      const ll_thread *th, ll_stmt *st, int n)
{
    size_t ts = cs, te = ce, used;
    trim(r->text, &ts, &te);
    for (int k = 0; k < n; k++)
        st[k].pos = pos_at(r, ts < te ? ts : cs);
    int len, k = 0, left = count_labels(r, cs, ce);
    while (left > 0 && (len = label_at(r, ts, te, &used)) > 0) {
        ll_stmt *at = --left ? &st[k++] : &st[n - 1];
        if (!new_label(r, ts, len, th, at))
            return false;
        ts += used;
        trim(r->text, &ts, &te);
    }
    if (label_at(r, ts, te, &used) < 0)
        return false;       /* a label the architecture refuses */
    st = &st[n - 1];
    if (ts == te)
        return true;
    char *instr = ll_xstrndup(r->text + ts, te - ts);
    ll_diag d = {0};
    bool ok = r->t->arch->parse_instr(instr, &st->instr, &d);
    if (ok) {
        free(instr);
        st->has_instr = true;
        return true;
    }
    ll_instr_clear(&st->instr);
    char near[64];
    bool has_near = unknown_near(r->t->arch, instr, &d, near, sizeof near);
    free(instr);
    size_t at = ts;
    if (d.col > 0 && (size_t)d.col - 1 < te - ts)
        at = ts + (size_t)d.col - 1;
    ll_pos p = pos_at(r, at);
    ll_diag_set(r->lx->d, p.line, p.col, "%s%s%s%s",
                d.msg[0] ? d.msg : "bad instruction",
                has_near ? "; did you mean '" : "", has_near ? near : "",
                has_near ? "'?" : "");
    return false;
}

/* One row of the table from statement `row` of each thread: the number
 * of statements it takes (one, more where a cell has several labels),
 * -1 on error. */
static int read_row(table_reader *r, size_t rs, size_t re, int row)
{
    int cells = 1;
    for (size_t i = rs; i < re; i++)
        cells += r->text[i] == '|';
    if (cells != r->n_cols) {
        size_t ts = rs, te = re;
        trim(r->text, &ts, &te);
        fail_at(r, ts, "row has %d columns, the header has %d", cells,
                r->n_cols);
        return -1;
    }
    int n = 1;
    for (size_t cs = rs, ce; cs <= re; cs = ce + 1) {
        for (ce = cs; ce < re && r->text[ce] != '|'; ce++)
            ;
        int k = count_labels(r, cs, ce);
        n = k > n ? k : n;
    }
    int cap = r->cap_rows;
    for (int c = 0; c < r->n_cols; c++) {
        ll_thread *th = &r->t->threads[c];
        cap = r->cap_rows;
        ll_grow((void **)&th->stmts, &cap, row + n, sizeof *th->stmts);
        memset(&th->stmts[row], 0, (size_t)n * sizeof *th->stmts);
        th->n_stmts = row + n;
    }
    r->cap_rows = cap;
    size_t cs = rs;
    for (int c = 0; c < r->n_cols; c++) {
        size_t ce = cs;
        while (ce < re && r->text[ce] != '|')
            ce++;
        ll_thread *th = &r->t->threads[c];
        if (!read_cell(r, cs, ce, th, &th->stmts[row], n))
            return -1;
        cs = ce + 1;
    }
    return n;
}

/* herd7's sections after the code for its GPU models: `scopes:` (the
 * threads' scope tree) and `regions:` (each location's memory region).
 * Read as a row, one was "missing ';' at the end of the row", in C
 * "expected thread function"; said plainly instead (tests/bad/lisa_scopes,
 * c_scopes). */
const char *ll_gpu_section(const char *s, size_t n)
{
    static const char *const kw[] = {"scopes", "regions"};
    static const char *const what[] = {
        "'scopes:' gives herd7's scope tree (for its GPU models), which is "
        "not supported",
        "'regions:' gives herd7's memory regions (for its GPU models), "
        "which are not supported"};
    for (size_t k = 0; k < sizeof kw / sizeof *kw; k++) {
        size_t m = strlen(kw[k]), i = m;
        if (n < m || strncmp(s, kw[k], m) != 0)
            continue;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i < n && s[i] == ':')
            return what[k];
    }
    return NULL;
}

static bool herd_section(table_reader *r, size_t ts, size_t te)
{
    const char *what = ll_gpu_section(r->text + ts, te - ts);
    return !what || fail_at(r, ts, "%s", what);
}

static bool read_rows(table_reader *r, size_t len)
{
    size_t rs = 0;
    int row = -1;
    for (;;) {
        size_t re = rs;
        while (re < len && r->text[re] != ';')
            re++;
        size_t ts = rs, te = re;
        trim(r->text, &ts, &te);
        if (row >= 0 && !herd_section(r, ts, te))
            return false;
        if (re == len) {
            if (ts < te)
                return fail_at(r, ts, "missing ';' at the end of the row");
            break;
        }
        /* herd reads `};` after the init block: an empty row before the
         * header is skipped. */
        bool skip = row < 0 && ts == te && rs == 0;
        if (row < 0 && !skip) {
            if (!read_header_row(r, rs, re))
                return false;
            row++;
        } else if (!skip) {
            int n = read_row(r, rs, re, row);
            if (n < 0)
                return false;
            row += n;
        }
        rs = re + 1;
    }
    if (row < 0)
        return fail_at(r, len, "expected the code table 'P0 | P1 ... ;'");
    return true;
}

bool ll_read_table(ll_lexer *lx, ll_test *t)
{
    size_t start = lx->off;
    size_t end = ll_find_constraints(lx->src, lx->len, start);
    table_reader r = {.lx = lx, .cursor = *lx, .t = t, .base = start};
    r.text = ll_xstrndup(lx->src + start, end - start);
    bool ok = blank_comments(&r, end - start) && read_rows(&r, end - start);
    free(r.text);
    ll_lex_seek(lx, end);
    return ok;
}
