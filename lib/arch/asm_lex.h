/* asm_lex.h — private to lib/arch: the tokenising every architecture
 * plug-in shares. A cell's instruction text is split into a mnemonic and
 * its top-level comma-separated operands (commas inside (), [] and {}
 * do not split), each a span that remembers its column for messages; the
 * helpers then read numbers, names and bracketed parts of those spans. */
#ifndef LITMUSLAB_ASM_LEX_H
#define LITMUSLAB_ASM_LEX_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/arch.h"
#include "litmuslab/limits.h"

/* A piece of the instruction text; col is 1-based within the text. */
typedef struct ll_span {
    const char *s;
    int len;
    int col;
} ll_span;

typedef struct ll_asm_line {
    ll_span mnem;   /* letters, digits, `.` and `_` */
    ll_span rest;   /* everything after the mnemonic, trimmed */
    int n_args;
    ll_span args[LL_ASM_MAX_ARGS];
} ll_asm_line;

/* Split `text` from span `from` (usually the whole text). Fails on an
 * empty operand, too many operands or unbalanced brackets. */
bool ll_asm_split(ll_span from, ll_asm_line *out, ll_diag *d);
/* The whole NUL-terminated text as a span, trimmed. */
ll_span ll_span_of(const char *text);
ll_span ll_span_trim(ll_span s);
/* Sub-span [from, from+len) of s, trimmed. */
ll_span ll_span_sub(ll_span s, int from, int len);

bool ll_span_eq(ll_span s, const char *word);
bool ll_span_eq_nocase(ll_span s, const char *word);
/* Copy into buf (truncated, NUL-terminated). */
const char *ll_span_str(ll_span s, char *buf, int size);
/* A new owned string. */
char *ll_span_dup(ll_span s);

/* s is exactly an integer: optional sign, decimal or 0x hex. */
bool ll_span_int(ll_span s, int64_t *out);
/* Whether some operand of ln has a number written `0x...` or, when plus,
 * a `+`, which some of herd7's lexers do not read (the model refuses
 * them; one lexer reads `#+1` but not `#0x1`: plus false). */
bool ll_asm_hex_plus(const ll_asm_line *ln, bool plus);
/* s is a name: a letter or `_` then letters, digits, `_` or `.` */
bool ll_span_is_name(ll_span s);
/* s starts with c and ends with the matching close; *inner is between. */
bool ll_span_wrapped(ll_span s, char open, char close, ll_span *inner);
/* Position of the first top-level c in s (not inside () or []), or -1. */
int ll_span_find(ll_span s, char c);
/* Split s at its top-level commas into at most max parts; -1 if more. */
int ll_span_split_commas(ll_span s, ll_span *parts, int max);

/* lookup() of s as a string; -1 when s is too long to be a register. */
int ll_span_reg(ll_span s, int (*lookup)(const char *name));
/* The REG operand for reg, which s named (reg < 0: s is no register; the
 * message says "unknown register" for a name, else "bad operand"). */
bool ll_asm_reg_operand(ll_span s, int reg, ll_operand *o, ll_diag *d);

/* herd's symbolic registers (`%x0`, as diy7 writes them), for the
 * architectures whose register ids are small numbers (those that
 * call this): each distinct name gets an index for the life of the process,
 * which the architecture adds to its own first symbolic id, so that its
 * reg_name can print them. Names are never freed; indexes are handed out
 * under a lock (model -j reads tests in threads). */
/* The id first + index of name when it is a symbolic register (`%`
 * then a letter or `_`, then letters, digits or `_`); -1 when it is not
 * one, or the table is full. */
int ll_asm_symreg(const char *name, int first);
/* The same table for any name the architecture has checked itself (a
 * register whose spelling the rule above does not take). */
int ll_asm_intern_reg(const char *name, int first);
/* The name (with `%`) of index i, or "?". */
const char *ll_asm_symreg_name(int i);

/* reg_canon for architectures whose register ids are all whole
 * registers. */
int ll_reg_canon_identity(int reg);

/* Index of the entry whose name is m in a table of n structs of `stride`
 * bytes, each starting with a `const char *` name; -1 if none. */
int ll_asm_lookup(ll_span m, const void *table, int n, size_t stride,
                  bool nocase);

/* Messages, at the span's column; d may be NULL (a trial read). They
 * return false, for `return ll_asm_...`. */
bool ll_asm_unknown_instr(ll_diag *d, ll_span mnem);
bool ll_asm_bad_operand(ll_diag *d, ll_span opnd, const char *expected);
bool ll_asm_unknown_reg(ll_diag *d, ll_span name);
bool ll_asm_arg_count(ll_diag *d, ll_span mnem, int want, int got);

/* Print "$-3", "#8", "12": integer with an optional prefix character. */
void ll_asm_print_int(ll_buf *out, const char *prefix, int64_t v);

/* Operand constructors (owned strings are copied). */
ll_operand ll_opnd_reg(int reg);
ll_operand ll_opnd_imm(int64_t v);
ll_operand ll_opnd_mem(int base, int index, int64_t disp);
ll_operand ll_opnd_label(ll_span name);

/* Table-driven operands. A shape is a string with one letter per operand:
 *   r REG   i IMM   o REG or IMM   m MEM   l LABEL
 * The syntax supplies how each kind is read and printed; each callback
 * gets the syntax's ctx (e.g. the architecture's register table). */
typedef struct ll_asm_syntax {
    bool (*read_reg)(const void *ctx, ll_span s, ll_operand *o, ll_diag *d);
    bool (*read_imm)(const void *ctx, ll_span s, ll_operand *o, ll_diag *d);
    bool (*read_mem)(const void *ctx, ll_span s, ll_operand *o, ll_diag *d);
    void (*print_reg)(const void *ctx, const ll_operand *o, ll_buf *b);
    void (*print_imm)(const void *ctx, const ll_operand *o, ll_buf *b);
    void (*print_mem)(const void *ctx, const ll_operand *o, ll_buf *b);
    const void *ctx;
} ll_asm_syntax;

/* For a reader whose targets are names only: false, with a message at
 * its operand of ln, when in's last operand is a label relative to `.`
 * (`.`, `.-4`, `.+8`), which herd7's lexer of such an architecture does
 * not read and hwrun does not write. */
bool ll_asm_named_target(const ll_instr *in, const ll_asm_line *ln,
                         ll_diag *d);

/* Read ln's operands (ln->args[first...]) into out->ops by shape; false
 * with a message on a wrong count or a bad operand. */
bool ll_asm_read_shape(const ll_asm_syntax *sx, const char *shape,
                       const ll_asm_line *ln, int first, ll_instr *out,
                       ll_diag *d);
/* s has both capitals and small letters (a keyword herd7's lexers do
 * not read: LL_X86_F_MIXED_CASE, LL_ARM_F_MIXED_CASE). */
bool ll_span_mixed_case(ll_span s);
/* Spell the word of b starting at byte at (to a space) as "Xxxx" or
 * "B.ne": where the reader marked a keyword written in mixed case
 * (herd7's lexers refuse it, the model says so), the print stays mixed
 * so that it reads back the same. */
void ll_asm_mixed_word(ll_buf *b, size_t at);
/* Print out->ops from index first on, each preceded by sep (" " before
 * the first when first is 0, else ","). */
void ll_asm_print_ops(const ll_asm_syntax *sx, const ll_instr *in, int first,
                      ll_buf *b);

/* Join args[i] and args[i+1] of a line into one span (with the comma),
 * shifting the later arguments down: for spellings such as `D,rA`
 * that one operand reads as a whole. */
void ll_asm_join_args(ll_asm_line *ln, int i);

#endif
