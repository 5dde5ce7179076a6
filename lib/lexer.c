/* lexer.c — tokens of the litmus format with positions; nested (* *)
 * comments as herd's lexer has them. */
#include "lexer.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* `%x0` is one of herd's symbolic registers. */
bool ll_is_name_start(int c)
{
    return isalpha(c) || c == '_' || c == '.' || c == '$' || c == '%';
}

bool ll_is_name_char(int c)
{
    return isalnum(c) || c == '_' || c == '.' || c == '$';
}

void ll_lex_init(ll_lexer *lx, const char *src, size_t len, ll_diag *d)
{
    memset(lx, 0, sizeof *lx);
    lx->src = src;
    lx->len = len;
    lx->line = 1;
    lx->col = 1;
    lx->d = d;
}

int ll_lex_peek(const ll_lexer *lx, size_t ahead)
{
    size_t i = lx->off + ahead;
    return i < lx->len ? (unsigned char)lx->src[i] : -1;
}

static void advance(ll_lexer *lx)
{
    if (lx->off >= lx->len)
        return;
    if (lx->src[lx->off] == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    lx->off++;
}

void ll_lex_seek(ll_lexer *lx, size_t off)
{
    while (lx->off < off && lx->off < lx->len)
        advance(lx);
}

/* herd nests comments: `(* a (* b *) c *)` is one comment. */
static bool skip_comment(ll_lexer *lx)
{
    int line = lx->line, col = lx->col;
    int depth = 0;
    while (lx->off < lx->len) {
        if (ll_lex_peek(lx, 0) == '(' && ll_lex_peek(lx, 1) == '*') {
            depth++;
            advance(lx);
            advance(lx);
        } else if (ll_lex_peek(lx, 0) == '*' && ll_lex_peek(lx, 1) == ')') {
            advance(lx);
            advance(lx);
            if (--depth == 0)
                return true;
        } else {
            advance(lx);
        }
    }
    ll_diag_set(lx->d, line, col, "unterminated comment");
    return false;
}

bool ll_lex_skip_space(ll_lexer *lx)
{
    for (;;) {
        int c = ll_lex_peek(lx, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
            c == '\v')
            advance(lx);
        else if (c == '(' && ll_lex_peek(lx, 1) == '*') {
            if (!skip_comment(lx))
                return false;
        } else
            return true;
    }
}

static const char *const puncts[] = {
    "/\\", "\\/", "=>", "==", "!=", "<>", "<<", ">>", "(", ")", "[", "]",
    "{",   "}",   ";",  ":",  "=",  ",",  "*",  "&",  "|", "~", "+",
};

static void set_token(ll_lexer *lx, ll_tok_kind kind, size_t start,
                      ll_pos pos)
{
    lx->tok.kind = kind;
    lx->tok.text = lx->src + start;
    lx->tok.len = lx->off - start;
    lx->tok.off = start;
    lx->tok.pos = pos;
}

static bool lex_number(ll_lexer *lx, size_t start, ll_pos pos)
{
    if (ll_lex_peek(lx, 0) == '-')
        advance(lx);
    if (ll_lex_peek(lx, 0) == '0' && (ll_lex_peek(lx, 1) == 'x' || ll_lex_peek(lx, 1) == 'X') &&
        ll_lex_peek(lx, 2) >= 0 && isxdigit(ll_lex_peek(lx, 2))) {
        advance(lx);
        advance(lx);
        while (ll_lex_peek(lx, 0) >= 0 && isxdigit(ll_lex_peek(lx, 0)))
            advance(lx);
    } else {
        while (ll_lex_peek(lx, 0) >= 0 && isdigit(ll_lex_peek(lx, 0)))
            advance(lx);
    }
    set_token(lx, LL_TOK_NUM, start, pos);
    return true;
}

static bool lex_string(ll_lexer *lx, size_t start, ll_pos pos)
{
    advance(lx);
    while (ll_lex_peek(lx, 0) != '"') {
        if (ll_lex_peek(lx, 0) < 0 || ll_lex_peek(lx, 0) == '\n') {
            ll_diag_set(lx->d, pos.line, pos.col, "unterminated string");
            return false;
        }
        advance(lx);
    }
    advance(lx);
    set_token(lx, LL_TOK_STRING, start, pos);
    lx->tok.text++;
    lx->tok.len -= 2;
    return true;
}

bool ll_lex_next(ll_lexer *lx)
{
    if (!ll_lex_skip_space(lx))
        return false;
    size_t start = lx->off;
    ll_pos pos = {lx->line, lx->col};
    int c = ll_lex_peek(lx, 0);
    if (c < 0) {
        set_token(lx, LL_TOK_EOF, start, pos);
        return true;
    }
    if (isdigit(c) || (c == '-' && ll_lex_peek(lx, 1) >= 0 && isdigit(ll_lex_peek(lx, 1))))
        return lex_number(lx, start, pos);
    if (ll_is_name_start(c)) {
        advance(lx);
        while (ll_lex_peek(lx, 0) >= 0 && ll_is_name_char(ll_lex_peek(lx, 0)))
            advance(lx);
        set_token(lx, LL_TOK_NAME, start, pos);
        return true;
    }
    if (c == '"')
        return lex_string(lx, start, pos);
    for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++) {
        if (puncts[i][0] != c)   /* (cheap: every punctuator comes here) */
            continue;
        size_t n = strlen(puncts[i]);
        if (lx->len - lx->off >= n && !memcmp(lx->src + lx->off, puncts[i], n)) {
            for (size_t k = 0; k < n; k++)
                advance(lx);
            set_token(lx, LL_TOK_PUNCT, start, pos);
            return true;
        }
    }
    if (isprint(c))
        ll_diag_set(lx->d, pos.line, pos.col, "unexpected character '%c'", c);
    else
        ll_diag_set(lx->d, pos.line, pos.col, "unexpected byte 0x%02x", c);
    return false;
}

bool ll_tok_is(const ll_token *t, const char *s)
{
    if (t->kind != LL_TOK_PUNCT && t->kind != LL_TOK_NAME)
        return false;
    size_t n = strlen(s);
    return t->len == n && (n == 0 || t->text[0] == s[0]) &&
           !memcmp(t->text, s, n);
}

char *ll_tok_dup(const ll_token *t)
{
    return ll_xstrndup(t->text, t->len);
}

bool ll_tok_int(const ll_token *t, int64_t *out)
{
    const char *p = t->text, *end = t->text + t->len;
    bool neg = false;
    if (p < end && *p == '-') {
        neg = true;
        p++;
    }
    uint64_t v = 0;
    if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        if (end - p > 16)
            return false;
        for (; p < end; p++) {
            int c = (unsigned char)*p;
            int digit = isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
            v = v * 16 + (uint64_t)digit;
        }
        /* Hex spells a bit pattern: 0xffffffffffffffff is -1. */
        *out = (int64_t)(neg ? 0 - v : v);
        return true;
    }
    for (; p < end; p++) {
        uint64_t digit = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    /* up to 2^64-1 spells a 64-bit pattern, as hex does (a uint64_t
       value); a negative one must fit in 64 bits signed */
    if (neg && v > (uint64_t)INT64_MAX + 1)
        return false;
    *out = (int64_t)(neg ? 0 - v : v);
    return true;
}

const char *ll_tok_describe(const ll_token *t, char *buf, size_t size)
{
    if (t->kind == LL_TOK_EOF)
        snprintf(buf, size, "end of file");
    else if (t->kind == LL_TOK_STRING)
        snprintf(buf, size, "\"%.*s\"", (int)(t->len > 40 ? 40 : t->len),
                 t->text);
    else
        snprintf(buf, size, "'%.*s'", (int)(t->len > 40 ? 40 : t->len),
                 t->text);
    return buf;
}

bool ll_lex_expected(ll_lexer *lx, const char *what)
{
    char buf[64];
    ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                "expected %s, found %s", what,
                ll_tok_describe(&lx->tok, buf, sizeof buf));
    return false;
}

bool ll_tok_proc(const ll_token *t, int *proc)
{
    if (t->kind != LL_TOK_NAME || t->len < 2 || t->len > 5 || t->text[0] != 'P')
        return false;
    int n = 0;
    for (size_t i = 1; i < t->len; i++) {
        if (!isdigit((unsigned char)t->text[i]))
            return false;
        n = n * 10 + (t->text[i] - '0');
    }
    *proc = n;
    return true;
}
