/* c/lex.c — tokens of a C thread body for the lowering: names, integer
 * constants and C's punctuators, with their positions in the file
 * (the body's text starts at ll_thread.body_pos). What a C compiler would
 * read differently from the text as written (trigraphs, line splicing,
 * digraphs, the preprocessor) is refused, so that the model never answers
 * for a body that means something else to C. */
#include "lib/c/internal.h"

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

bool ll_c_phase12_at(const char *s, size_t n, char *msg, size_t cap)
{
    static const char tri[] = "=(/)'<!>-", means[] = "#[\\]^{|}~";
    const char *k = n >= 3 && s[0] == '?' && s[1] == '?' && s[2]
                        ? strchr(tri, s[2]) : NULL;
    if (k) {
        snprintf(msg, cap, "trigraph '??%c' is not supported (C reads it as "
                 "'%c')", *k, means[k - tri]);
        return true;
    }
    if (n && s[0] == '\\') {
        size_t i = 1;
        while (i < n && s[i] && strchr(" \t\r\f\v", s[i]))
            i++;
        if (i == n || s[i] == '\n') {
            snprintf(msg, cap, "line splicing (a backslash at the end of a "
                     "line) is not supported");
            return true;
        }
    }
    return false;
}

bool ll_c_is_keyword(const char *s)
{
    static const char *const words[] = {
        "auto", "break", "case", "char", "const", "continue", "default",
        "do", "double", "else", "enum", "extern", "float", "for", "goto",
        "if", "inline", "int", "long", "register", "restrict", "return",
        "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
        "union", "unsigned", "void", "volatile", "while", "_Alignas",
        "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary",
        "_Noreturn", "_Static_assert", "_Thread_local",
        /* GNU C's */
        "asm", "typeof", "__asm__", "__attribute__", "__typeof__",
        "__extension__", "__label__",
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (s[0] == words[i][0] && !strcmp(s, words[i]))
            return true;
    return false;
}

/* Trigraphs and splices change the text before C splits it into tokens
 * (comments included): refused wherever they are, before reading. */
void c_check_phase12(c_lower *c)
{
    int line = c->line, col = c->col;
    char why[120];
    for (size_t i = 0; i < c->len; i++) {
        if (ll_c_phase12_at(c->src + i, c->len - i, why, sizeof why))
            c_fail(c, (ll_pos){line, col}, "%s", why);
        if (c->src[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
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
    /* C reads these as [ ] { } # */
    static const char *const digraphs[] = {"<:", ":>", "<%", "%>", "%:"};
    static const char digraph_of[] = "[]{}#";
    for (size_t i = 0; i < sizeof digraphs / sizeof *digraphs; i++)
        if (digraphs[i][0] == ch && c->off + 2 <= c->len &&
            !memcmp(c->src + c->off, digraphs[i], 2))
            c_fail(c, t->pos, "digraph '%s' is not supported (C reads it as "
                   "'%c')", digraphs[i], digraph_of[i]);
    /* (the first character first: a body's every token comes here) */
    for (size_t i = 0; i < sizeof puncts / sizeof *puncts; i++) {
        if (puncts[i][0] != ch)
            continue;
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
    if (ch == '\\')
        c_fail(c, t->pos, "a backslash is not supported outside comments");
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

bool c_paren_call_ahead(c_lower *c)
{
    if (!c_is(&c->tok, "(") || c_peek(c)->kind != C_NAME)
        return false;
    size_t off = c->off;
    int line = c->line, col = c->col;
    c_tok close, open;
    lex(c, &close);
    lex(c, &open);
    c->off = off;
    c->line = line;
    c->col = col;
    return c_is(&close, ")") && c_is(&open, "(");
}

bool c_is(const c_tok *t, const char *s)
{
    return t->kind != C_EOF && t->kind != C_NUM && t->text[0] == s[0] &&
           !strcmp(t->text, s);
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
