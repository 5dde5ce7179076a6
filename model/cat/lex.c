/* lex.c — the cat language's tokens: names (which may contain `-` and
 * `.`, as in po-loc and dmb.st, and end with a prime), tags ('once),
 * strings, operators, keywords, nested (* comments *) and the line
 * comments herd also skips (// and #). Also the model's bump allocator. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

/* ---- arena ---- */

struct cat_chunk {
    cat_chunk *next;
    size_t used, cap;
    max_align_t data[];
};

void *cat_alloc(cat_arena *a, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) *
        sizeof(max_align_t);
    cat_chunk *c = a->head;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 16384 ? n : 16384;
        c = ll_xmalloc(sizeof *c + cap);
        c->next = a->head;
        c->used = 0;
        c->cap = cap;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

char *cat_strndup(cat_arena *a, const char *s, size_t n)
{
    char *p = cat_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* Empty the arena, keeping its first chunk for the next use. */
void cat_arena_reset(cat_arena *a)
{
    cat_chunk *c = a->head;
    if (!c)
        return;
    while (c->next) {
        cat_chunk *next = c->next;
        c->next = next->next;
        free(next);
    }
    c->used = 0;
}

void cat_arena_free(cat_arena *a)
{
    cat_chunk *c = a->head;
    while (c) {
        cat_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
}

ll_diag *cat_diag_file(ll_diag *d, const char *file)
{
    d->file = file;
    return d;
}

/* ---- lexer ---- */

static const struct {
    const char *word;
    cat_tok_kind kind;
} keywords[] = {
    {"let", TK_LET}, {"rec", TK_REC}, {"and", TK_AND}, {"in", TK_IN},
    {"as", TK_AS}, {"fun", TK_FUN}, {"include", TK_INCLUDE},
    {"acyclic", TK_ACYCLIC}, {"irreflexive", TK_IRREFLEXIVE},
    {"empty", TK_EMPTY}, {"flag", TK_FLAG}, {"show", TK_SHOW},
    {"unshow", TK_UNSHOW}, {"with", TK_WITH}, {"from", TK_FROM},
    {"try", TK_TRY}, {"procedure", TK_PROCEDURE}, {"call", TK_CALL},
    {"enum", TK_ENUM}, {"forall", TK_FORALL}, {"do", TK_DO},
    {"begin", TK_BEGIN}, {"end", TK_END}, {"if", TK_IF},
    {"then", TK_THEN}, {"else", TK_ELSE}, {"not", TK_NOT},
    {"instructions", TK_INSTRUCTIONS}, {"default", TK_DEFAULT},
    {"undefined_unless", TK_UNDEFINED_UNLESS}, {"assert", TK_ASSERT},
    {"debug", TK_DEBUG}, {"match", TK_MATCH}, {"when", TK_WHEN},
};

const char *cat_tok_describe(cat_tok_kind k)
{
    switch (k) {
    case TK_EOF: return "end of file";
    case TK_NAME: return "a name";
    case TK_STRING: return "a string";
    case TK_TAG: return "a tag";
    case TK_ANDAND: return "'&&'";
    case TK_LPAR: return "'('";
    case TK_RPAR: return "')'";
    case TK_LBRAC: return "'['";
    case TK_RBRAC: return "']'";
    case TK_LACC: return "'{'";
    case TK_RACC: return "'}'";
    case TK_UNION: return "'|'";
    case TK_ALT: return "'||'";
    case TK_INTER: return "'&'";
    case TK_DIFF: return "'\\'";
    case TK_SEMI: return "';'";
    case TK_STAR: return "'*'";
    case TK_PLUS: return "'+'";
    case TK_PLUSPLUS: return "'++'";
    case TK_OPT: return "'?'";
    case TK_INV: return "'^-1'";
    case TK_COMP: return "'~'";
    case TK_COMMA: return "','";
    case TK_EQUAL: return "'='";
    case TK_ARROW: return "'->'";
    case TK_UNDERSCORE: return "'_'";
    case TK_ZERO: return "'0'";
    default:
        for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
            if (keywords[i].kind == k)
                return keywords[i].word;
        return "a token";
    }
}

void cat_lex_init(cat_lexer *lx, const char *src, const char *file,
                  cat_arena *arena, ll_diag *d)
{
    lx->src = src;
    lx->pos = 0;
    lx->line = 1;
    lx->col = 1;
    lx->file = file;
    lx->arena = arena;
    lx->d = d;
}

static char peek(const cat_lexer *lx, size_t ahead)
{
    for (size_t i = 0; i < ahead; i++)
        if (!lx->src[lx->pos + i])
            return '\0';
    return lx->src[lx->pos + ahead];
}

static void advance(cat_lexer *lx)
{
    if (lx->src[lx->pos] == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    lx->pos++;
}

/* Skip blanks and comments; false on an unterminated comment. */
static bool skip_space(cat_lexer *lx)
{
    for (;;) {
        char c = peek(lx, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
            advance(lx);
        } else if (c == '#' || (c == '/' && peek(lx, 1) == '/')) {
            while (peek(lx, 0) && peek(lx, 0) != '\n')
                advance(lx);
        } else if (c == '(' && peek(lx, 1) == '*') {
            int line = lx->line, col = lx->col, depth = 0;
            do {
                if (!peek(lx, 0)) {
                    ll_diag_set(cat_diag_file(lx->d, lx->file), line, col,
                                "unterminated comment");
                    return false;
                }
                if (peek(lx, 0) == '(' && peek(lx, 1) == '*') {
                    depth++;
                    advance(lx);
                } else if (peek(lx, 0) == '*' && peek(lx, 1) == ')') {
                    depth--;
                    advance(lx);
                }
                advance(lx);
            } while (depth > 0);
        } else {
            return true;
        }
    }
}

/* Built-in definitions may name engine fields no model can spell. */
static bool name_start(const cat_lexer *lx, char c)
{
    return isalpha((unsigned char)c) || c == '_' ||
           (c == '%' && strcmp(lx->file, "<built-in>") == 0);
}

static bool name_char(const cat_lexer *lx, size_t i)
{
    char c = peek(lx, i);
    if (isalnum((unsigned char)c) || c == '_' || c == '.')
        return true;
    /* `x->` is a name followed by an arrow, not the name "x-". */
    return c == '-' && peek(lx, i + 1) != '>' &&
           (isalnum((unsigned char)peek(lx, i + 1)) || peek(lx, i + 1) == '_');
}

static void single(cat_lexer *lx, cat_tok *t, cat_tok_kind k, int len)
{
    t->kind = k;
    for (int i = 0; i < len; i++)
        advance(lx);
}

bool cat_lex_next(cat_lexer *lx, cat_tok *t)
{
    if (!skip_space(lx))
        return false;
    t->line = lx->line;
    t->col = lx->col;
    t->text = NULL;
    char c = peek(lx, 0), c1 = c ? peek(lx, 1) : '\0';
    if (!c) {
        t->kind = TK_EOF;
        return true;
    }
    if (name_start(lx, c)) {
        size_t len = 1;
        while (name_char(lx, len))
            len++;
        if (peek(lx, len) == '\'')     /* a prime ends a name: ppo' */
            len++;
        if (c == '_' && len == 1) {
            single(lx, t, TK_UNDERSCORE, 1);
            return true;
        }
        const char *s = lx->src + lx->pos;
        t->kind = TK_NAME;
        for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
            if (strlen(keywords[i].word) == len &&
                memcmp(keywords[i].word, s, len) == 0)
                t->kind = keywords[i].kind;
        if (t->kind == TK_NAME)
            t->text = cat_strndup(lx->arena, s, len);
        for (size_t i = 0; i < len; i++)
            advance(lx);
        return true;
    }
    if (c == '\'' && (isalpha((unsigned char)c1) || c1 == '_')) {
        size_t len = 2;
        while (name_char(lx, len))
            len++;
        t->kind = TK_TAG;
        t->text = cat_strndup(lx->arena, lx->src + lx->pos + 1, len - 1);
        for (size_t i = 0; i < len; i++)
            advance(lx);
        return true;
    }
    if (c == '"') {
        size_t len = 1;
        while (peek(lx, len) && peek(lx, len) != '"' && peek(lx, len) != '\n')
            len++;
        if (peek(lx, len) != '"') {
            ll_diag_set(cat_diag_file(lx->d, lx->file), t->line, t->col,
                        "unterminated string");
            return false;
        }
        t->kind = TK_STRING;
        t->text = cat_strndup(lx->arena, lx->src + lx->pos + 1, len - 1);
        for (size_t i = 0; i <= len; i++)
            advance(lx);
        return true;
    }
    if (c == '0' && !isalnum((unsigned char)c1)) {
        single(lx, t, TK_ZERO, 1);
        return true;
    }
    switch (c) {
    case '(': single(lx, t, TK_LPAR, 1); return true;
    case ')': single(lx, t, TK_RPAR, 1); return true;
    case '[': single(lx, t, TK_LBRAC, 1); return true;
    case ']': single(lx, t, TK_RBRAC, 1); return true;
    case '{': single(lx, t, TK_LACC, 1); return true;
    case '}': single(lx, t, TK_RACC, 1); return true;
    case '|':
        single(lx, t, c1 == '|' ? TK_ALT : TK_UNION, c1 == '|' ? 2 : 1);
        return true;
    case '&':
        single(lx, t, c1 == '&' ? TK_ANDAND : TK_INTER, c1 == '&' ? 2 : 1);
        return true;
    case '\\': single(lx, t, TK_DIFF, 1); return true;
    case ';': single(lx, t, TK_SEMI, 1); return true;
    case '*': single(lx, t, TK_STAR, 1); return true;
    case '+':
        single(lx, t, c1 == '+' ? TK_PLUSPLUS : TK_PLUS, c1 == '+' ? 2 : 1);
        return true;
    case '?': single(lx, t, TK_OPT, 1); return true;
    case '~': single(lx, t, TK_COMP, 1); return true;
    case ',': single(lx, t, TK_COMMA, 1); return true;
    case '=': single(lx, t, TK_EQUAL, 1); return true;
    case '-':
        if (c1 == '>') {
            single(lx, t, TK_ARROW, 2);
            return true;
        }
        break;
    case '^':
        /* herd7 reads `r ^ -1`, blanks and comments between ^ and -1 */
        advance(lx);
        if (!skip_space(lx))
            return false;
        if (peek(lx, 0) == '-' && peek(lx, 1) == '1') {
            single(lx, t, TK_INV, 2);
            return true;
        }
        break;
    default:
        break;
    }
    if (isprint((unsigned char)c))
        ll_diag_set(cat_diag_file(lx->d, lx->file), t->line, t->col,
                    "unexpected character '%c'", c);
    else
        ll_diag_set(cat_diag_file(lx->d, lx->file), t->line, t->col,
                    "unexpected byte 0x%02x", (unsigned char)c);
    return false;
}
