/* lexer.h — private to the reader: the tokens of herd's litmus syntax
 * (init blocks, conditions, C function headers) with positions, nested
 * `(* ... *)` comments skipped, and a diagnostic on any byte that cannot
 * start a token. The code table and C bodies are scanned raw by their own
 * readers; the lexer only needs to jump over them (ll_lex_seek). */
#ifndef LITMUSLAB_LEXER_H
#define LITMUSLAB_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef enum ll_tok_kind {
    LL_TOK_EOF,
    LL_TOK_NAME,    /* x, r3, uint64_t, exists, P0, .L1, $r */
    LL_TOK_NUM,     /* 12, -3, 0x1f */
    LL_TOK_STRING,  /* "..." on one line; text excludes the quotes */
    LL_TOK_PUNCT,   /* ( ) [ ] { } ; : = , * & | ~ /\ \/ => == != <> << */
} ll_tok_kind;

typedef struct ll_token {
    ll_tok_kind kind;
    const char *text;   /* into the source, not NUL-terminated */
    size_t len;
    size_t off;         /* byte offset of the token's first byte */
    ll_pos pos;
} ll_token;

typedef struct ll_lexer {
    const char *src;
    size_t len;
    size_t off;         /* next byte to read */
    int line;           /* position of src[off] */
    int col;
    ll_diag *d;
    ll_token tok;       /* the current token, after ll_lex_next */
} ll_lexer;

void ll_lex_init(ll_lexer *lx, const char *src, size_t len, ll_diag *d);
/* Read the next token into lx->tok; false (with *d filled) on a bad byte
 * or an unterminated comment or string. */
bool ll_lex_next(ll_lexer *lx);
/* The byte `ahead` bytes after the read position, or -1 past the end. */
int ll_lex_peek(const ll_lexer *lx, size_t ahead);
/* Move the read position forward to byte offset off (line/col follow). */
void ll_lex_seek(ll_lexer *lx, size_t off);
/* Skip blanks, newlines and comments from the read position; false on an
 * unterminated comment. */
bool ll_lex_skip_space(ll_lexer *lx);

/* The current token is exactly the punctuation or name s. */
bool ll_tok_is(const ll_token *t, const char *s);
/* The token's text as a new string. */
char *ll_tok_dup(const ll_token *t);
/* A NUM token's value; false when it does not fit in 64 bits. */
bool ll_tok_int(const ll_token *t, int64_t *out);
/* A thread name `P3` (up to four digits); its number in *proc. */
bool ll_tok_proc(const ll_token *t, int *proc);
/* Print the token for a message: `'x'`, `end of file`. */
const char *ll_tok_describe(const ll_token *t, char *buf, size_t size);

/* Fill *d at the current token's position with "expected WHAT, found ...". */
bool ll_lex_expected(ll_lexer *lx, const char *what);

/* Character classes shared by the raw scanners. */
bool ll_is_name_start(int c);
bool ll_is_name_char(int c);

#endif
