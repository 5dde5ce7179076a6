/* c_lex.c — tokens of a C thread body for the lowering: names, integer
 * constants and C's punctuators, with their positions in the file
 * (the body's text starts at ll_thread.body_pos). */
#include "c_int.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void c_fail(c_lower *c, ll_pos at, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ll_diag_set(c->d, at.line, at.col, "%s", msg);
    longjmp(c->fail, 1);
}

static int at(const c_lower *c, size_t k)
{
    return c->off + k < c->len ? (unsigned char)c->src[c->off + k] : -1;
}

static void step(c_lower *c)
{
    if (c->off >= c->len)
        return;
    if (c->src[c->off] == '\n') {
        c->line++;
        c->col = 1;
    } else {
        c->col++;
    }
    c->off++;
}

static void skip_blank(c_lower *c)
{
    for (;;) {
        int ch = at(c, 0);
        if (ch >= 0 && isspace(ch)) {
            step(c);
        } else if (ch == '/' && at(c, 1) == '/') {
            while (at(c, 0) >= 0 && at(c, 0) != '\n')
                step(c);
        } else if (ch == '/' && at(c, 1) == '*') {
            ll_pos open = {c->line, c->col};
            step(c);
            step(c);
            while (at(c, 0) >= 0 && !(at(c, 0) == '*' && at(c, 1) == '/'))
                step(c);
            if (at(c, 0) < 0)
                c_fail(c, open, "unterminated comment");
            step(c);
            step(c);
        } else {
            return;
        }
    }
}

/* Longest first. */
static const char *const puncts[] = {
    "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "(", ")", "[", "]", "{", "}", ";", ",", "=", "+", "-", "*", "/", "%",
    "&", "|", "^", "~", "!", "<", ">", "?", ":", ".",
};

static void lex(c_lower *c, c_tok *t)
{
    skip_blank(c);
    memset(t, 0, sizeof *t);
    t->pos = c->pinned ? c->pin : (ll_pos){c->line, c->col};
    int ch = at(c, 0);
    if (ch < 0) {
        t->kind = C_EOF;
        return;
    }
    if (isalpha(ch) || ch == '_') {
        size_t n = 0;
        while (at(c, 0) >= 0 && (isalnum(at(c, 0)) || at(c, 0) == '_')) {
            if (n + 1 >= sizeof t->text)
                c_fail(c, t->pos, "name too long");
            t->text[n++] = (char)at(c, 0);
            step(c);
        }
        t->kind = C_NAME;
        return;
    }
    if (isdigit(ch)) {
        size_t n = 0;
        while (at(c, 0) >= 0 && (isalnum(at(c, 0)))) {
            if (n + 1 >= sizeof t->text)
                c_fail(c, t->pos, "number too long");
            t->text[n++] = (char)at(c, 0);
            step(c);
        }
        char *end;
        errno = 0;
        unsigned long long v = strtoull(t->text, &end, 0);
        if (errno == ERANGE)
            c_fail(c, t->pos, "number too large '%s'", t->text);
        while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
            end++;
        if (*end)
            c_fail(c, t->pos, "bad number '%s'", t->text);
        t->kind = C_NUM;
        t->num = (int64_t)v;
        return;
    }
    for (size_t i = 0; i < sizeof puncts / sizeof *puncts; i++) {
        size_t n = strlen(puncts[i]);
        if (c->off + n <= c->len && !memcmp(c->src + c->off, puncts[i], n)) {
            memcpy(t->text, puncts[i], n + 1);
            for (size_t k = 0; k < n; k++)
                step(c);
            t->kind = C_PUNCT;
            return;
        }
    }
    if (ch == '"' || ch == '\'')
        c_fail(c, t->pos, "string and character literals are not supported");
    if (ch == '#')
        c_fail(c, t->pos, "preprocessor directives are not supported");
    c_fail(c, t->pos, "unexpected character '%c'", isprint(ch) ? ch : '?');
}

void c_next(c_lower *c)
{
    if (c->has_peek) {
        c->tok = c->peek;
        c->has_peek = false;
        return;
    }
    lex(c, &c->tok);
}

const c_tok *c_peek(c_lower *c)
{
    if (!c->has_peek) {
        lex(c, &c->peek);
        c->has_peek = true;
    }
    return &c->peek;
}

bool c_is(const c_tok *t, const char *s)
{
    return t->kind != C_EOF && t->kind != C_NUM && !strcmp(t->text, s);
}

void c_expect(c_lower *c, const char *s)
{
    if (!c_is(&c->tok, s))
        c_fail(c, c->tok.pos, "expected '%s', found %s%s%s", s,
               c->tok.kind == C_EOF ? "the end of the body" : "'",
               c->tok.kind == C_EOF ? "" : c->tok.kind == C_NUM ? "number"
                                                                : c->tok.text,
               c->tok.kind == C_EOF ? "" : "'");
    c_next(c);
}
