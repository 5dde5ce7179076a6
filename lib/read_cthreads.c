/* read_cthreads.c — the threads of a C test: `P0(int *x, int *y) { ... }`
 * functions, kept as their parameter list and body text (bodies are C,
 * where `(*` is ordinary syntax, so they are scanned raw). */
#include "reader.h"

#include "litmuslab/c_ast.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A trigraph or a line splice at the read position: C would read the
 * text around it otherwise (a splice continues a // comment onto the next
 * line), so it is refused here as in the bodies. */
static bool phase12_ok(ll_lexer *lx)
{
    char why[120];
    if (!ll_c_phase12_at(lx->src + lx->off, lx->len - lx->off, why,
                         sizeof why))
        return true;
    ll_diag_set(lx->d, lx->line, lx->col, "%s", why);
    return false;
}

/* Blanks, and both C and litmus comments, between functions. */
static bool skip_between(ll_lexer *lx)
{
    for (;;) {
        if (!phase12_ok(lx))
            return false;
        if (!ll_lex_skip_space(lx))
            return false;
        if (ll_lex_peek(lx, 0) == '/' && ll_lex_peek(lx, 1) == '/') {
            while (ll_lex_peek(lx, 0) >= 0 && ll_lex_peek(lx, 0) != '\n') {
                if (!phase12_ok(lx))
                    return false;
                ll_lex_seek(lx, lx->off + 1);
            }
        } else if (ll_lex_peek(lx, 0) == '/' && ll_lex_peek(lx, 1) == '*') {
            ll_pos open = {lx->line, lx->col};
            ll_lex_seek(lx, lx->off + 2);
            while (ll_lex_peek(lx, 0) >= 0 && !(ll_lex_peek(lx, 0) == '*' && ll_lex_peek(lx, 1) == '/')) {
                if (!phase12_ok(lx))
                    return false;
                ll_lex_seek(lx, lx->off + 1);
            }
            if (ll_lex_peek(lx, 0) < 0) {
                ll_diag_set(lx->d, open.line, open.col, "unterminated comment");
                return false;
            }
            ll_lex_seek(lx, lx->off + 2);
        } else {
            return true;
        }
    }
}

/* One parameter `const int *x`: the last name is the parameter, the rest
 * its type, spelled with single spaces (`const int *`). */
static bool read_param(ll_lexer *lx, const char *s, size_t n, ll_pos pos,
                       ll_param *out)
{
    ll_buf type = {0};
    size_t i = 0, name_at = 0, name_len = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (isspace(c)) {
            i++;
            continue;
        }
        if (name_len) {
            if (type.len && ll_buf_str(&type)[type.len - 1] != '*')
                ll_buf_putc(&type, ' ');
            ll_buf_putn(&type, s + name_at, name_len);
            name_len = 0;
        }
        if (c == '*') {
            if (type.len && ll_buf_str(&type)[type.len - 1] != '*')
                ll_buf_putc(&type, ' ');
            ll_buf_putc(&type, '*');
            i++;
        } else if (isalpha(c) || c == '_') {
            name_at = i;
            while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
                i++;
            name_len = i - name_at;
        } else {
            ll_buf_free(&type);
            ll_diag_set(lx->d, pos.line, pos.col, "bad parameter '%.*s'",
                        (int)(n > 60 ? 60 : n), s);
            return false;
        }
    }
    /* a type starts with a name: `*x` alone is not a parameter (and
       would print as `P0(*x`, which reads back as a comment) */
    if (!name_len || !type.len || type.data[0] == '*') {
        ll_buf_free(&type);
        ll_diag_set(lx->d, pos.line, pos.col,
                    "bad parameter '%.*s': expected a type and a name",
                    (int)(n > 60 ? 60 : n), s);
        return false;
    }
    out->type = type.data;
    out->name = ll_xstrndup(s + name_at, name_len);
    if (ll_c_is_keyword(out->name)) {
        ll_diag_set(lx->d, pos.line, pos.col, "bad parameter '%.*s': '%s' "
                    "is a C keyword", (int)(n > 60 ? 60 : n), s, out->name);
        free(out->type);
        free(out->name);
        out->type = out->name = NULL;
        return false;
    }
    return true;
}

static bool is_void(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return n == 0 || (n == 4 && !memcmp(s, "void", 4));
}

/* After `P0(`: the parameters up to `)`. */
static bool read_params(ll_lexer *lx, ll_thread *th)
{
    ll_lexer cursor = *lx;
    size_t start = lx->off;
    while (ll_lex_peek(lx, 0) >= 0 && ll_lex_peek(lx, 0) != ')')
        ll_lex_seek(lx, lx->off + 1);
    if (ll_lex_peek(lx, 0) < 0) {
        ll_diag_set(lx->d, lx->line, lx->col,
                    "unexpected end of file in the parameters of P%d",
                    th->proc);
        return false;
    }
    size_t end = lx->off;
    ll_lex_seek(lx, end + 1);
    if (is_void(lx->src + start, end - start))
        return true;
    int cap = 0;
    size_t ps = start;
    for (size_t i = start; i <= end; i++) {
        if (i < end && lx->src[i] != ',')
            continue;
        ll_lex_seek(&cursor, ps);
        while (cursor.off < i && isspace(ll_lex_peek(&cursor, 0)))
            ll_lex_seek(&cursor, cursor.off + 1);
        ll_grow((void **)&th->params, &cap, th->n_params + 1,
                sizeof *th->params);
        ll_pos pos = {cursor.line, cursor.col};
        if (!read_param(lx, lx->src + ps, i - ps, pos,
                        &th->params[th->n_params]))
            return false;
        th->n_params++;
        ps = i + 1;
    }
    return true;
}

/* Skip a C string or character literal starting at the read position. */
static void skip_literal(ll_lexer *lx)
{
    int quote = ll_lex_peek(lx, 0);
    ll_lex_seek(lx, lx->off + 1);
    while (ll_lex_peek(lx, 0) >= 0 && ll_lex_peek(lx, 0) != quote && ll_lex_peek(lx, 0) != '\n') {
        if (ll_lex_peek(lx, 0) == '\\' && ll_lex_peek(lx, 1) >= 0)
            ll_lex_seek(lx, lx->off + 1);
        ll_lex_seek(lx, lx->off + 1);
    }
    if (ll_lex_peek(lx, 0) == quote)
        ll_lex_seek(lx, lx->off + 1);
}

/* At `{`: the body up to the matching `}`, over strings and comments. */
static bool read_body(ll_lexer *lx, ll_thread *th)
{
    ll_pos open = {lx->line, lx->col};
    size_t start = lx->off + 1;
    int depth = 0;
    th->body_pos = (ll_pos){open.line, open.col + 1};
    while (ll_lex_peek(lx, 0) >= 0) {
        int c = ll_lex_peek(lx, 0);
        if (c == '"' || c == '\'') {
            skip_literal(lx);
            continue;
        }
        if (c == '/' && ll_lex_peek(lx, 1) == '/') {
            while (ll_lex_peek(lx, 0) >= 0 && ll_lex_peek(lx, 0) != '\n')
                ll_lex_seek(lx, lx->off + 1);
            continue;
        }
        if (c == '/' && ll_lex_peek(lx, 1) == '*') {
            ll_lex_seek(lx, lx->off + 2);
            while (ll_lex_peek(lx, 0) >= 0 && !(ll_lex_peek(lx, 0) == '*' && ll_lex_peek(lx, 1) == '/'))
                ll_lex_seek(lx, lx->off + 1);
            ll_lex_seek(lx, lx->off + 2);
            continue;
        }
        if (c == '{')
            depth++;
        if (c == '}' && --depth == 0) {
            th->c_body = ll_xstrndup(lx->src + start, lx->off - start);
            ll_lex_seek(lx, lx->off + 1);
            return true;
        }
        ll_lex_seek(lx, lx->off + 1);
    }
    ll_diag_set(lx->d, open.line, open.col,
                "unterminated body of P%d (no matching '}')", th->proc);
    return false;
}

/* `[void] Pn(` — leaves the read position after `(`. */
static bool read_function_name(ll_lexer *lx, int want)
{
    for (int words = 0; words < 8; words++) {
        if (!ll_lex_next(lx))
            return false;
        int proc;
        if (ll_tok_proc(&lx->tok, &proc)) {
            ll_token name = lx->tok;
            if (!ll_lex_next(lx))
                return false;
            if (!ll_tok_is(&lx->tok, "("))
                return ll_lex_expected(lx, "'('");
            if (proc != want) {
                ll_diag_set(lx->d, name.pos.line, name.pos.col,
                            "expected thread P%d, found '%.*s'", want,
                            (int)name.len, name.text);
                return false;
            }
            return true;
        }
        if (lx->tok.kind != LL_TOK_NAME)
            break;
    }
    char what[32];
    snprintf(what, sizeof what, "thread function 'P%d(...)'", want);
    return ll_lex_expected(lx, what);
}

bool ll_read_c_threads(ll_lexer *lx, ll_test *t)
{
    int cap = 0;
    for (;;) {
        if (!skip_between(lx))
            return false;
        if (ll_lex_peek(lx, 0) < 0 || ll_at_constraints(lx->src, lx->len, lx->off))
            break;
        const char *gpu = ll_gpu_section(lx->src + lx->off, lx->len - lx->off);
        if (gpu) {
            ll_diag_set(lx->d, lx->line, lx->col, "%s", gpu);
            return false;
        }
        if (t->n_threads >= 1024) {
            ll_diag_set(lx->d, lx->line, lx->col,
                        "too many threads (more than 1024)");
            return false;
        }
        ll_grow((void **)&t->threads, &cap, t->n_threads + 1,
                sizeof *t->threads);
        ll_thread *th = &t->threads[t->n_threads];
        memset(th, 0, sizeof *th);
        th->proc = t->n_threads;
        t->n_threads++;
        if (!read_function_name(lx, th->proc) || !read_params(lx, th) ||
            !skip_between(lx))
            return false;
        if (ll_lex_peek(lx, 0) != '{') {
            if (!ll_lex_next(lx))
                return false;
            return ll_lex_expected(lx, "'{'");
        }
        if (!read_body(lx, th))
            return false;
    }
    if (!t->n_threads) {
        ll_diag_set(lx->d, lx->line, lx->col,
                    "expected a thread function 'P0(...)'");
        return false;
    }
    return true;
}
