/* lisa.c — the LISA plug-in: reads herd7's generic instruction set into
 * ll_instr (opcodes, annotations and layout in include/litmuslab/arch/
 * lisa.h) and prints it back as herd7 prints it, which is also the
 * spelling its test digest (Hash=) reads. Unlike the machine
 * instruction sets, operands are separated by blanks and an operation is
 * a bracketed form, so this file has its own small tokeniser. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_lex.h"
#include "litmuslab/arch/lisa.h"

static const char *const annot_names[LL_LISA_NANNOTS] = {
    "once", "acquire", "release", "noreturn", "wmb", "rmb", "mb",
    "barrier", "rcu-lock", "rcu-unlock", "sync-rcu", "before-atomic",
    "after-atomic", "after-spinlock", "after-unlock-lock", "srcu-lock",
    "srcu-unlock", "sync-srcu",
};

static const char *const mnems[LL_LISA_NOPS] = {
    "r", "w", "rmw", "mov", "f", "call", "b", "b",
};

static const char *const opk_names[] = {
    "", "add", "xor", "and", "eq", "neq",
};

const char *ll_lisa_annot_name(int a)
{
    return a >= 0 && a < LL_LISA_NANNOTS ? annot_names[a] : "?";
}

/* ---- registers ---- */

/* herd7's names: a letter, then letters, digits, `_`, `/` or `-`. */
static bool is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '/' || c == '-';
}

static bool is_herd_name(const char *s, size_t n)
{
    if (!n || !isalpha((unsigned char)s[0]))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!is_word_char(s[i]))
            return false;
    return true;
}

static int digit_of(char c)
{
    return isdigit((unsigned char)c) ? c - '0'
         : isalpha((unsigned char)c) ? tolower((unsigned char)c) - 'a' + 10
                                     : 99;
}

/* herd7 reads a name `r...` as register number int_of_string of the rest
 * (OCaml's, into a 63-bit int): a sign, maybe a base (0x, 0o, 0b, 0u),
 * a digit, then digits or `_`; a decimal past 2^62 - 1 is no number
 * (the name stays a name), another base wraps past it to a negative.
 * `r-1`, `r0x80` (r128) and `r1_0` (r10) are registers. */
static bool ocaml_int(const char *s, size_t n, int64_t *out)
{
    const char *p = s, *e = s + n;
    bool neg = p < e && *p == '-';
    p += neg;
    int base = 10;
    bool signed_dec = true;
    if (e - p >= 2 && p[0] == '0' && strchr("xXoObBuU", p[1])) {
        base = strchr("xX", p[1]) ? 16 : strchr("oO", p[1]) ? 8
             : strchr("bB", p[1]) ? 2 : 10;
        signed_dec = false;
        p += 2;
    }
    if (p == e || digit_of(*p) >= base)
        return false;
    const uint64_t half = (uint64_t)1 << 62;       /* OCaml's max_int + 1 */
    uint64_t mag = 0;
    for (; p < e; p++) {
        if (*p == '_')
            continue;
        unsigned d = (unsigned)digit_of(*p);
        if (d >= (unsigned)base || mag > (2 * half - 1 - d) / (unsigned)base)
            return false;
        mag = mag * (unsigned)base + d;
    }
    if (signed_dec && mag > half - !neg)
        return false;
    /* 63 bits, two's complement; OCaml's -min_int is min_int */
    int64_t v = mag >= half ? (int64_t)(mag - half) - (int64_t)half
                            : (int64_t)mag;
    if (neg)
        v = v == -(int64_t)half ? v : -v;
    *out = v;
    return true;
}

/* Registers r0..r127 are ids 0..127, each a slot of the model's; any
 * other (`r128`, `r-1`, and in the code symbolic `%a`, token_reg) is an
 * id past them naming it in asm_lex's table, which the model gives a
 * slot by name, as symbolic registers, operands with sym set (herd7
 * gives `%a` a register of its own, which no condition names). */
static int lisa_reg_lookup(const char *name)
{
    size_t n = strlen(name);
    int64_t v;
    if (name[0] != 'r' || !is_herd_name(name, n) ||
        !ocaml_int(name + 1, n - 1, &v))
        return -1;
    if (v >= 0 && v < LL_LISA_NREGS)
        return (int)v;
    char canon[32];
    snprintf(canon, sizeof canon, "r%lld", (long long)v);
    return ll_asm_intern_reg(canon, LL_LISA_NREGS);
}

static const char *lisa_reg_name(int reg)
{
    static char names[LL_LISA_NREGS][8];
    if (reg >= LL_LISA_NREGS)
        return ll_asm_symreg_name(reg - LL_LISA_NREGS);
    if (reg < 0)
        return "?";
    if (!names[reg][0])
        snprintf(names[reg], sizeof names[reg], "r%d", reg);
    return names[reg];
}

static const char *lisa_op_name(int op)
{
    return op >= 0 && op < LL_LISA_NOPS ? mnems[op] : "?";
}

int ll_lisa_addr_at(const ll_instr *in)
{
    switch (in->op) {
    case LL_LISA_R:
    case LL_LISA_W:
        return 1;
    case LL_LISA_RMW:
        return LL_LISA_OPK(in->flags) == LL_LISA_OPK_VAL ? 2 : 3;
    }
    return -1;
}

/* ---- tokens ---- */

typedef enum { TK_END, TK_WORD, TK_NUM, TK_PUNCT } tk_kind;

typedef struct lisa_lexer {
    ll_span all;       /* the instruction text */
    int at;            /* offset of the next character */
    tk_kind kind;      /* the current token */
    ll_span tok;
    ll_diag *d;
} lisa_lexer;

static void next(lisa_lexer *lx)
{
    const char *s = lx->all.s;
    int n = lx->all.len;
    while (lx->at < n && isspace((unsigned char)s[lx->at]))
        lx->at++;
    int start = lx->at;
    lx->tok = (ll_span){s + start, 0, lx->all.col + start};
    if (start >= n) {
        lx->kind = TK_END;
        return;
    }
    char c = s[start];
    int end = start + 1;
    if (isalpha((unsigned char)c) || c == '%') {
        while (end < n && is_word_char(s[end]))
            end++;
        lx->kind = TK_WORD;
    } else if (isdigit((unsigned char)c) ||
               (c == '-' && end < n && isdigit((unsigned char)s[end]))) {
        /* herd7's numbers: `-`, maybe `0x`, then decimal digits only
           (`0x1f` is 0x1, then a name: refused as herd7 refuses it) */
        end = start + (c == '-');
        if (end + 2 < n && s[end] == '0' && s[end + 1] == 'x' &&
            isdigit((unsigned char)s[end + 2]))
            end += 2;
        while (end < n && isdigit((unsigned char)s[end]))
            end++;
        lx->kind = TK_NUM;
    } else {
        lx->kind = TK_PUNCT;
    }
    lx->tok.len = end - start;
    lx->at = end;
}

static bool is_punct(const lisa_lexer *lx, char c)
{
    return lx->kind == TK_PUNCT && lx->tok.s[0] == c;
}

static bool fail(lisa_lexer *lx, const char *expected)
{
    if (lx->kind == TK_END)
        ll_diag_set(lx->d, 0, lx->tok.col, "expected %s at the end of the "
                    "instruction", expected);
    else
        ll_asm_bad_operand(lx->d, lx->tok, expected);
    return false;
}

static bool expect(lisa_lexer *lx, char c)
{
    char what[8];
    snprintf(what, sizeof what, "'%c'", c);
    if (!is_punct(lx, c))
        return fail(lx, what);
    next(lx);
    return true;
}

/* ---- operands ---- */

/* The words herd7's LISA lexer makes keywords, never names: no location
 * or label may be spelt so (`w[once] mov 1`, herd7: "unexpected 'mov'"),
 * nor `P` and a number (a thread's name). `soft`: also r, w, f and b,
 * which herd7 takes as a location or an annotation, not as a label. */
static bool is_keyword(const char *s, size_t n, bool soft)
{
    static const char *const hard[] = {
        "rmw", "mov", "add", "and", "xor", "eq", "ne", "neq", "call",
        "scopes", "regions", "levels",
    };
    for (size_t i = 0; i < sizeof hard / sizeof *hard; i++)
        if (strlen(hard[i]) == n && !memcmp(hard[i], s, n))
            return true;
    if (soft && n == 1 && strchr("rwfb", s[0]))
        return true;
    size_t i = 1;
    if (n < 2 || s[0] != 'P')
        return false;
    if (n > 3 && s[1] == '0' && s[2] == 'x' && isdigit((unsigned char)s[3]))
        i = 3;
    while (i < n && isdigit((unsigned char)s[i]))
        i++;
    return i == n && isdigit((unsigned char)s[n - 1]);
}

/* herd7's registers: `r` and what OCaml reads as an integer (`r1abc` is
 * a location's name), or a symbolic `%name` (lisa_reg_lookup). */
static int token_reg(const lisa_lexer *lx)
{
    char buf[64];
    if (lx->kind != TK_WORD || lx->tok.s[0] != '%' ||
        lx->tok.len >= (int)sizeof buf)
        return lx->kind == TK_WORD ? ll_span_reg(lx->tok, lisa_reg_lookup)
                                   : -1;
    /* symbolic: in the code only (herd7: "a is not a register" in a
       condition), so not lisa_reg_lookup's */
    return is_herd_name(lx->tok.s + 1, (size_t)lx->tok.len - 1)
               ? ll_asm_intern_reg(ll_span_str(lx->tok, buf, sizeof buf),
                                   LL_LISA_NREGS)
               : -1;
}

static bool is_reg_token(const lisa_lexer *lx)
{
    return token_reg(lx) >= 0;
}

static bool read_reg(lisa_lexer *lx, ll_operand *o)
{
    int r = token_reg(lx);
    if (r < 0)
        return fail(lx, "a register (r0, r1, ...)");
    *o = ll_opnd_reg(r);
    if (r >= LL_LISA_NREGS)     /* a slot by name (lisa_reg_lookup) */
        o->sym = ll_xstrdup(lisa_reg_name(r));
    next(lx);
    return true;
}

/* A keyword where a name is wanted: herd7's "unexpected" token. */
static bool keyword_refused(lisa_lexer *lx, const char *what, bool soft)
{
    if (lx->kind != TK_WORD || !is_keyword(lx->tok.s, (size_t)lx->tok.len,
                                            soft))
        return false;
    char buf[32];
    ll_diag_set(lx->d, 0, lx->tok.col, "'%s' is a keyword of herd7's LISA, "
                "not %s", ll_span_str(lx->tok, buf, sizeof buf), what);
    return true;
}

/* herd7 reads a number with OCaml's int_of_string into a 63-bit int:
 * a decimal past it stops herd7 (`Failure("int_of_string")`), a hex
 * one up to 2^63 - 1 wraps past 2^62 - 1 to a negative. The token is
 * `-`, maybe `0x`, then decimal digits (next). */
static bool read_num(lisa_lexer *lx, ll_operand *o)
{
    if (lx->kind != TK_NUM)
        return fail(lx, "a number");
    const char *p = lx->tok.s, *e = p + lx->tok.len;
    bool neg = *p == '-';
    p += neg;
    bool hex = e - p > 2 && p[1] == 'x';
    p += hex ? 2 : 0;
    const uint64_t max = (uint64_t)INT64_MAX / 2;   /* OCaml's max_int */
    uint64_t lim = hex ? (uint64_t)INT64_MAX : max + neg, mag = 0;
    bool ok = true;
    for (; p < e && ok; p++) {
        unsigned d = (unsigned)(*p - '0');
        ok = mag <= (lim - d) / (hex ? 16 : 10);
        mag = mag * (hex ? 16 : 10) + d;
    }
    if (!ok) {
        char buf[48];
        ll_diag_set(lx->d, 0, lx->tok.col, "number '%s' out of range: herd7 "
                    "reads LISA numbers as 63-bit integers, %lld to %llu",
                    ll_span_str(lx->tok, buf, sizeof buf),
                    -(long long)max - 1, (unsigned long long)max);
        return false;
    }
    int64_t v = hex && mag > max ? (int64_t)(mag - max - 1) - (int64_t)max - 1
                                 : (int64_t)mag;
    if (neg)    /* OCaml's -min_int is min_int */
        v = v == -(int64_t)max - 1 ? v : -v;
    *o = ll_opnd_imm(v);
    next(lx);
    return true;
}

/* A location name: an address. */
static bool read_loc(lisa_lexer *lx, ll_operand *o)
{
    if (lx->kind != TK_WORD || lx->tok.s[0] == '%')
        return fail(lx, "a location");
    if (keyword_refused(lx, "a location", false))
        return false;
    memset(o, 0, sizeof *o);
    o->kind = LL_OPND_SYM;
    o->reg = o->index = -1;
    o->sym = ll_span_dup(lx->tok);
    next(lx);
    return true;
}

/* A register, a number or a location, as `allowed` says ("rnl"). */
static bool read_value(lisa_lexer *lx, const char *allowed, ll_operand *o)
{
    if (is_reg_token(lx) && strchr(allowed, 'r'))
        return read_reg(lx, o);
    if (lx->kind == TK_NUM && strchr(allowed, 'n'))
        return read_num(lx, o);
    if (lx->kind == TK_WORD && strchr(allowed, 'l'))
        return read_loc(lx, o);
    return fail(lx, !strchr(allowed, 'l') ? "a register or a number"
                    : !strchr(allowed, 'n') ? "a register or a location"
                                            : "a register, a number or a "
                                              "location");
}

static void add_op(ll_instr *in, ll_operand o)
{
    in->ops[in->n_ops++] = o;
}

/* An address: a register or a location, then maybe `+` a register or a
 * number. */
static bool read_addr(lisa_lexer *lx, ll_instr *in)
{
    ll_operand o;
    if (!read_value(lx, "rl", &o))
        return false;
    add_op(in, o);
    if (!is_punct(lx, '+'))
        return true;
    next(lx);
    if (!read_value(lx, "rn", &o))
        return false;
    add_op(in, o);
    in->flags |= LL_LISA_F_OFFSET;
    return true;
}

/* A value, or `(op a b)`. */
static bool read_operation(lisa_lexer *lx, ll_instr *in)
{
    ll_operand o;
    if (!is_punct(lx, '(')) {
        if (!read_value(lx, "rnl", &o))
            return false;
        add_op(in, o);
        return true;
    }
    next(lx);
    int k = -1;
    if (lx->kind == TK_WORD)
        for (int i = LL_LISA_OPK_ADD; i <= LL_LISA_OPK_NEQ; i++)
            if (ll_span_eq(lx->tok, opk_names[i]))
                k = i;
    /* herd7's lexer reads `ne` as `neq` (and prints neq: the Hash) */
    if (k < 0 && lx->kind == TK_WORD && ll_span_eq(lx->tok, "ne"))
        k = LL_LISA_OPK_NEQ;
    if (k < 0)
        return fail(lx, "an operation (add, xor, and, eq, neq)");
    next(lx);
    in->flags |= (unsigned)k << LL_LISA_OPK_SHIFT;
    for (int i = 0; i < 2; i++) {
        if (!read_value(lx, "rnl", &o))
            return false;
        add_op(in, o);
    }
    return expect(lx, ')');
}

/* `[a,b,...]`, maybe absent (an empty list). */
static bool read_annots(lisa_lexer *lx, ll_instr *in)
{
    if (!is_punct(lx, '['))
        return true;
    next(lx);
    while (!is_punct(lx, ']')) {
        if (lx->kind != TK_WORD)
            return fail(lx, "an annotation or ']'");
        int a = -1;
        for (int i = 0; i < LL_LISA_NANNOTS; i++)
            if (ll_span_eq(lx->tok, annot_names[i]))
                a = i;
        if (a < 0) {
            char buf[48];
            ll_span_str(lx->tok, buf, sizeof buf);
            ll_diag_set(lx->d, 0, lx->tok.col, "unknown annotation '%s': "
                        "LISA tests run under the Linux-kernel model, whose "
                        "bell declares once, acquire, release, noreturn and "
                        "the fences mb, rmb, wmb, barrier, rcu-lock, "
                        "rcu-unlock, sync-rcu, before-atomic, after-atomic, "
                        "after-spinlock, after-unlock-lock%s", buf,
                        !strcmp(buf, "sync") ? " (synchronize_rcu is "
                        "f[sync-rcu])" : "");
            return false;
        }
        /* herd7 keeps the list: `[once,once]` is two annotations,
           which no declaration matches (lisa_check refuses it) */
        if (in->flags & (1u << a))
            in->flags |= LL_LISA_F_TWICE;
        in->flags |= 1u << a;
        next(lx);
        if (is_punct(lx, ',')) {
            next(lx);
            if (is_punct(lx, ']'))      /* herd7: "unexpected ']'" */
                return fail(lx, "an annotation");
        } else if (!is_punct(lx, ']'))
            return fail(lx, "',' or ']'");
    }
    next(lx);
    return true;
}

static bool read_label(lisa_lexer *lx, ll_instr *in)
{
    if (lx->kind != TK_WORD || is_reg_token(lx) || lx->tok.s[0] == '%')
        return fail(lx, "a label");
    if (keyword_refused(lx, "a label", true))
        return false;
    add_op(in, ll_opnd_label(lx->tok));
    next(lx);
    return true;
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* `{L0,L1}` after a fence: herd7 keeps the set with the fence, which the
 * Linux-kernel model does not look at, and prints it sorted, each name
 * once, in its digest (Hash=), the names as written (its code labels
 * are renamed there, these not). An IMM operand holding it as text. */
static bool read_label_set(lisa_lexer *lx, ll_instr *in)
{
    if (!expect(lx, '{'))
        return false;
    char *names[LL_LISA_MAX_SET];
    int n = 0;
    bool ok = true;
    while (ok && !is_punct(lx, '}')) {
        if (n && !(ok = expect(lx, ',')))
            break;
        if (lx->kind != TK_WORD || is_reg_token(lx) || lx->tok.s[0] == '%')
            ok = fail(lx, "a label");
        else if (keyword_refused(lx, "a label", false))
            ok = false;
        else if (n == LL_LISA_MAX_SET) {
            ll_diag_set(lx->d, 0, lx->tok.col, "more than %d labels in a "
                        "fence's set", LL_LISA_MAX_SET);
            ok = false;
        } else {
            names[n++] = ll_span_dup(lx->tok);
            next(lx);
        }
    }
    ll_buf text = {0};
    if (ok) {
        next(lx);
        qsort(names, (size_t)n, sizeof *names, str_cmp);
        for (int i = 0; i < n; i++)
            if (!i || strcmp(names[i - 1], names[i]))
                ll_buf_printf(&text, "%s%s", text.len ? "," : "", names[i]);
        ll_operand o = ll_opnd_imm(0);
        o.sym = ll_xstrdup(ll_buf_str(&text));
        add_op(in, o);
    }
    for (int i = 0; i < n; i++)
        free(names[i]);
    ll_buf_free(&text);
    return ok;
}

static bool read_operands(lisa_lexer *lx, ll_instr *in)
{
    ll_operand o;
    switch (in->op) {
    case LL_LISA_R:
        return read_reg(lx, &o) && (add_op(in, o), true) && read_addr(lx, in);
    case LL_LISA_W:
        /* the value goes first in ops: read the address into place after */
        in->n_ops = 1;
        if (!read_addr(lx, in) || !read_value(lx, "rn", &o))
            return false;
        in->ops[0] = o;
        return true;
    case LL_LISA_RMW:
        return read_reg(lx, &o) && (add_op(in, o), true) &&
               read_operation(lx, in) && read_addr(lx, in);
    case LL_LISA_MOV:
        return read_reg(lx, &o) && (add_op(in, o), true) &&
               read_operation(lx, in);
    case LL_LISA_F:
        for (int i = 0; i < 2 && (i || is_punct(lx, '{')); i++)
            if (!read_label_set(lx, in))
                return false;
        return true;
    case LL_LISA_B:
        if (!is_reg_token(lx)) {
            in->op = LL_LISA_J;
            return read_label(lx, in);
        }
        return read_reg(lx, &o) && (add_op(in, o), true) &&
               read_label(lx, in);
    }
    return true;
}

static bool lisa_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    memset(out, 0, sizeof *out);
    lisa_lexer lx = {.all = ll_span_of(text), .d = d};
    next(&lx);
    int op = -1;
    if (lx.kind == TK_WORD)
        for (int i = 0; i < LL_LISA_NOPS; i++)
            if (ll_span_eq(lx.tok, mnems[i])) {
                op = i;
                break;
            }
    if (op < 0)
        return ll_asm_unknown_instr(d, lx.tok);
    out->op = op;
    next(&lx);
    bool ok = op == LL_LISA_MOV || read_annots(&lx, out);
    unsigned a = out->flags & LL_LISA_ANNOTS;
    if (ok && op == LL_LISA_CALL && (a == 0 || (a & (a - 1)))) {
        ll_diag_set(d, 0, lx.all.col, "call takes one name: call[NAME]");
        ok = false;
    }
    ok = ok && read_operands(&lx, out);
    if (ok && lx.kind != TK_END)
        ok = fail(&lx, "the end of the instruction");
    if (!ok)
        ll_instr_clear(out);
    return ok;
}

/* A label: a herd7 name, blanks, `:` (lexed apart, as herd7 does); not
 * a register or a keyword (herd7: "unexpected ':'" after `r`). */
static int lisa_label_at(const char *s, int n, int *name, ll_diag *d)
{
    if (n < 1 || !isalpha((unsigned char)s[0]))
        return 0;
    int j = 1;
    while (j < n && is_word_char(s[j]))
        j++;
    int k = j;
    while (k < n && isspace((unsigned char)s[k]))
        k++;
    if (k >= n || s[k] != ':')
        return 0;
    lisa_lexer lx = {.all = {s, j, 1}, .d = d};
    next(&lx);
    if (is_reg_token(&lx)) {
        ll_diag_set(d, 0, 1, "'%.*s' is a register, not a label", j, s);
        return -1;
    }
    if (keyword_refused(&lx, "a label", true))
        return -1;
    *name = j;
    return k + 1;
}

/* ---- printing, as herd7 does ---- */

static void print_value(const ll_operand *o, ll_buf *b)
{
    if (o->kind == LL_OPND_REG)
        ll_buf_puts(b, lisa_reg_name(o->reg));
    else if (o->kind == LL_OPND_IMM)
        ll_buf_printf(b, "%lld", (long long)o->imm);
    else
        ll_buf_puts(b, o->sym ? o->sym : "?");
}

static void print_addr(const ll_instr *in, int at, ll_buf *b)
{
    print_value(&in->ops[at], b);
    if (in->flags & LL_LISA_F_OFFSET) {
        ll_buf_putc(b, '+');
        print_value(&in->ops[at + 1], b);
    }
}

static void print_operation(const ll_instr *in, int at, ll_buf *b)
{
    int k = LL_LISA_OPK(in->flags);
    if (k == LL_LISA_OPK_VAL) {
        print_value(&in->ops[at], b);
        return;
    }
    ll_buf_printf(b, "(%s ", k <= LL_LISA_OPK_NEQ ? opk_names[k] : "?");
    print_value(&in->ops[at], b);
    ll_buf_putc(b, ' ');
    print_value(&in->ops[at + 1], b);
    ll_buf_putc(b, ')');
}

static void lisa_print_instr(const ll_instr *in, ll_buf *b)
{
    ll_buf_puts(b, lisa_op_name(in->op));
    if (in->op != LL_LISA_MOV) {
        ll_buf_putc(b, '[');
        const char *sep = "";
        for (int a = 0; a < LL_LISA_NANNOTS; a++)
            if (in->flags & (1u << a)) {
                ll_buf_printf(b, "%s%s", sep, annot_names[a]);
                sep = ",";
            }
        ll_buf_putc(b, ']');
    }
    switch (in->op) {
    case LL_LISA_R:
    case LL_LISA_RMW:
    case LL_LISA_MOV:
        ll_buf_printf(b, " %s ", lisa_reg_name(in->ops[0].reg));
        if (in->op == LL_LISA_R) {
            print_addr(in, 1, b);
            break;
        }
        print_operation(in, 1, b);
        if (in->op == LL_LISA_RMW) {
            ll_buf_putc(b, ' ');
            print_addr(in, ll_lisa_addr_at(in), b);
        }
        break;
    case LL_LISA_W:
        ll_buf_putc(b, ' ');
        print_addr(in, 1, b);
        ll_buf_putc(b, ' ');
        print_value(&in->ops[0], b);
        break;
    case LL_LISA_F:
        for (int i = 0; i < in->n_ops; i++)
            ll_buf_printf(b, " {%s}", in->ops[i].sym ? in->ops[i].sym : "");
        break;
    case LL_LISA_B:
    case LL_LISA_J:
        for (int i = 0; i < in->n_ops; i++) {
            ll_buf_putc(b, ' ');
            if (in->ops[i].kind == LL_OPND_LABEL)
                ll_buf_puts(b, in->ops[i].sym ? in->ops[i].sym : "?");
            else
                print_value(&in->ops[i], b);
        }
        break;
    }
}

const ll_arch_ops ll_arch_lisa = {
    .id = LL_ARCH_LISA,
    .name = "LISA",
    .parse_instr = lisa_parse_instr,
    .print_instr = lisa_print_instr,
    .reg_lookup = lisa_reg_lookup,
    .reg_name = lisa_reg_name,
    .op_name = lisa_op_name,
    .reg_canon = ll_reg_canon_identity,
    .herd_spelling = NULL,
    .canonical_reg_names = true,
    .whole_constants = true,
    .label_at = lisa_label_at,
    .labels_apart = true,
};

/* Its lines of the architecture list (include/litmuslab/arch/list.h):
 * test header name, aliases, id, reader plug-in. */
const ll_arch_entry ll_arch_lisa_names[] = {
    {"LISA", "", LL_ARCH_LISA, &ll_arch_lisa},
    {NULL, NULL, 0, NULL},
};
