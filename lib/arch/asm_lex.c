/* asm_lex.c — the instruction-text tokenising shared by the architecture
 * plug-ins: mnemonic/operand splitting, spans, numbers, names, bracket
 * matching, the common messages and operand constructors. */
#include "asm_lex.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

ll_span ll_span_trim(ll_span s)
{
    while (s.len > 0 && isspace((unsigned char)s.s[0])) {
        s.s++;
        s.len--;
        s.col++;
    }
    while (s.len > 0 && isspace((unsigned char)s.s[s.len - 1]))
        s.len--;
    return s;
}

ll_span ll_span_of(const char *text)
{
    ll_span s = {text, (int)strlen(text), 1};
    return ll_span_trim(s);
}

ll_span ll_span_sub(ll_span s, int from, int len)
{
    ll_span r = {s.s + from, len, s.col + from};
    return ll_span_trim(r);
}

static bool is_mnem_char(char c)
{
    return isalnum((unsigned char)c) || c == '.' || c == '_';
}

/* Depth change of one character: +1 for an opening bracket, -1 for a
 * closing one, 0 otherwise. */
static int bracket_step(char c)
{
    if (c == '(' || c == '[' || c == '{')
        return 1;
    if (c == ')' || c == ']' || c == '}')
        return -1;
    return 0;
}

int ll_span_find(ll_span s, char c)
{
    int depth = 0;
    for (int i = 0; i < s.len; i++) {
        if (depth == 0 && s.s[i] == c)
            return i;
        depth += bracket_step(s.s[i]);
    }
    return -1;
}

int ll_span_split_commas(ll_span s, ll_span *parts, int max)
{
    int n = 0, start = 0, depth = 0;
    for (int i = 0; i <= s.len; i++) {
        if (i < s.len && (depth != 0 || s.s[i] != ',')) {
            depth += bracket_step(s.s[i]);
            continue;
        }
        if (n == max)
            return -1;
        parts[n++] = ll_span_sub(s, start, i - start);
        start = i + 1;
    }
    return n;
}

bool ll_asm_split(ll_span from, ll_asm_line *out, ll_diag *d)
{
    from = ll_span_trim(from);
    memset(out, 0, sizeof *out);
    int i = 0;
    while (i < from.len && is_mnem_char(from.s[i]))
        i++;
    out->mnem = ll_span_sub(from, 0, i);
    if (i == 0) {
        ll_span bad = ll_span_sub(from, 0, from.len ? 1 : 0);
        char buf[64];
        ll_diag_set(d, 0, bad.col, "expected an instruction, found '%s'",
                    ll_span_str(from, buf, sizeof buf));
        return false;
    }
    if (i < from.len && !isspace((unsigned char)from.s[i])) {
        ll_span word = from;
        int j = i;
        while (j < word.len && !isspace((unsigned char)word.s[j]))
            j++;
        return ll_asm_unknown_instr(d, ll_span_sub(word, 0, j));
    }
    out->rest = ll_span_sub(from, i, from.len - i);
    if (out->rest.len == 0)
        return true;
    int depth = 0;
    for (int k = 0; k < out->rest.len; k++) {
        depth += bracket_step(out->rest.s[k]);
        if (depth < 0)
            break;
    }
    if (depth != 0) {
        char buf[64];
        ll_diag_set(d, 0, out->rest.col, "unbalanced brackets in '%s'",
                    ll_span_str(out->rest, buf, sizeof buf));
        return false;
    }
    int n = ll_span_split_commas(out->rest, out->args, LL_ASM_MAX_ARGS);
    if (n < 0) {
        ll_diag_set(d, 0, out->rest.col, "too many operands");
        return false;
    }
    for (int k = 0; k < n; k++) {
        if (out->args[k].len == 0) {
            ll_diag_set(d, 0, out->args[k].col, "missing operand");
            return false;
        }
    }
    out->n_args = n;
    return true;
}

bool ll_span_eq(ll_span s, const char *word)
{
    return (int)strlen(word) == s.len && memcmp(s.s, word, (size_t)s.len) == 0;
}

bool ll_span_eq_nocase(ll_span s, const char *word)
{
    return (int)strlen(word) == s.len &&
           strncasecmp(s.s, word, (size_t)s.len) == 0;
}

const char *ll_span_str(ll_span s, char *buf, int size)
{
    int n = s.len < size - 1 ? s.len : size - 1;
    memcpy(buf, s.s, (size_t)n);
    buf[n] = '\0';
    return buf;
}

char *ll_span_dup(ll_span s)
{
    return ll_xstrndup(s.s, (size_t)s.len);
}

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

bool ll_asm_hex_plus(const ll_asm_line *ln, bool plus)
{
    for (int i = 0; i < ln->n_args; i++) {
        ll_span a = ln->args[i];
        for (int k = 0; k < a.len; k++) {
            bool starts = k == 0 || !(isalnum((unsigned char)a.s[k - 1]) ||
                                      a.s[k - 1] == '_');
            if ((plus && a.s[k] == '+') ||
                (starts && a.s[k] == '0' && k + 1 < a.len &&
                 (a.s[k + 1] == 'x' || a.s[k + 1] == 'X')))
                return true;
        }
    }
    return false;
}

bool ll_span_int(ll_span s, int64_t *out)
{
    int i = 0;
    bool neg = false;
    if (i < s.len && (s.s[i] == '-' || s.s[i] == '+'))
        neg = s.s[i++] == '-';
    int base = 10;
    if (i + 1 < s.len && s.s[i] == '0' && (s.s[i + 1] == 'x' ||
                                            s.s[i + 1] == 'X')) {
        base = 16;
        i += 2;
    }
    if (i >= s.len)
        return false;
    uint64_t v = 0;
    for (; i < s.len; i++) {
        int dv = digit_value(s.s[i]);
        if (dv >= base)
            return false;
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base)
            return false;
        v = v * (uint64_t)base + (uint64_t)dv;
    }
    /* Hex may spell any 64-bit pattern; decimal must fit int64. */
    if (base == 10 && v > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

bool ll_span_is_name(ll_span s)
{
    if (s.len == 0 || !(isalpha((unsigned char)s.s[0]) || s.s[0] == '_'))
        return false;
    for (int i = 1; i < s.len; i++)
        if (!is_mnem_char(s.s[i]))
            return false;
    return true;
}

bool ll_span_wrapped(ll_span s, char open, char close, ll_span *inner)
{
    if (s.len < 2 || s.s[0] != open || s.s[s.len - 1] != close)
        return false;
    ll_span in = ll_span_sub(s, 1, s.len - 2);
    int depth = 0;
    for (int i = 0; i < in.len; i++) {
        depth += bracket_step(in.s[i]);
        if (depth < 0)
            return false;   /* `(a)+(b)`: the brackets do not pair up */
    }
    *inner = in;
    return true;
}

int ll_span_reg(ll_span s, int (*lookup)(const char *name))
{
    char buf[64];     /* room for a symbolic register's name */
    if (s.len >= (int)sizeof buf)
        return -1;
    return lookup(ll_span_str(s, buf, sizeof buf));
}

bool ll_asm_reg_operand(ll_span s, int reg, ll_operand *o, ll_diag *d)
{
    *o = ll_opnd_reg(reg);
    if (reg >= 0)
        return true;
    if (ll_span_is_name(s))
        return ll_asm_unknown_reg(d, s);
    return ll_asm_bad_operand(d, s, "a register");
}

static char *symregs[LL_ASM_MAX_SYMREGS];
static int n_symregs;
static pthread_mutex_t symreg_lock = PTHREAD_MUTEX_INITIALIZER;

static bool is_symreg_name(const char *name)
{
    if (name[0] != '%' || !(isalpha((unsigned char)name[1]) || name[1] == '_'))
        return false;
    for (const char *p = name + 2; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            return false;
    return true;
}

int ll_asm_symreg(const char *name, int first)
{
    return is_symreg_name(name) ? ll_asm_intern_reg(name, first) : -1;
}

int ll_asm_intern_reg(const char *name, int first)
{
    int id = -1;
    pthread_mutex_lock(&symreg_lock);
    for (int i = 0; i < n_symregs && id < 0; i++)
        if (!strcmp(symregs[i], name))
            id = i;
    if (id < 0 && n_symregs < LL_ASM_MAX_SYMREGS) {
        symregs[n_symregs] = ll_xstrdup(name);
        id = n_symregs++;
    }
    pthread_mutex_unlock(&symreg_lock);
    return id < 0 ? -1 : first + id;
}

const char *ll_asm_symreg_name(int i)
{
    pthread_mutex_lock(&symreg_lock);
    const char *name = i >= 0 && i < n_symregs ? symregs[i] : "?";
    pthread_mutex_unlock(&symreg_lock);
    return name;
}

int ll_reg_canon_identity(int reg)
{
    return reg;
}

int ll_asm_lookup(ll_span m, const void *table, int n, size_t stride,
                  bool nocase)
{
    for (int i = 0; i < n; i++) {
        const char *name;
        memcpy(&name, (const char *)table + (size_t)i * stride, sizeof name);
        if (nocase ? ll_span_eq_nocase(m, name) : ll_span_eq(m, name))
            return i;
    }
    return -1;
}

/* "WHAT 'SPAN', expected EXPECTED" (or without ", expected" when
 * expected is NULL) at the span, cut to cap - 1 characters; false. */
static bool span_error(ll_diag *d, ll_span s, size_t cap, const char *what,
                       const char *expected)
{
    if (!d)
        return false;   /* a trial read: no message wanted */
    char buf[96];
    ll_diag_set(d, 0, s.col, "%s '%s'%s%s", what,
                ll_span_str(s, buf, cap < sizeof buf ? cap : sizeof buf),
                expected ? ", expected " : "", expected ? expected : "");
    return false;
}

bool ll_asm_unknown_instr(ll_diag *d, ll_span mnem)
{
    return span_error(d, mnem, 64, "unknown instruction", NULL);
}

bool ll_asm_bad_operand(ll_diag *d, ll_span opnd, const char *expected)
{
    return span_error(d, opnd, 96, "bad operand", expected);
}

bool ll_asm_unknown_reg(ll_diag *d, ll_span name)
{
    return span_error(d, name, 64, "unknown register", NULL);
}

bool ll_asm_arg_count(ll_diag *d, ll_span mnem, int want, int got)
{
    if (!d)
        return false;   /* a trial read: no message wanted */
    char buf[32];
    ll_diag_set(d, 0, mnem.col, "'%s' takes %d operand%s, found %d",
                ll_span_str(mnem, buf, sizeof buf), want, want == 1 ? "" : "s",
                got);
    return false;
}

void ll_asm_print_int(ll_buf *out, const char *prefix, int64_t v)
{
    ll_buf_printf(out, "%s%lld", prefix, (long long)v);
}

ll_operand ll_opnd_reg(int reg)
{
    ll_operand o = {LL_OPND_REG, reg, -1, 0, 0, NULL};
    return o;
}

ll_operand ll_opnd_imm(int64_t v)
{
    ll_operand o = {LL_OPND_IMM, -1, -1, 0, v, NULL};
    return o;
}

ll_operand ll_opnd_mem(int base, int index, int64_t disp)
{
    ll_operand o = {LL_OPND_MEM, base, index, 0, disp, NULL};
    return o;
}

ll_operand ll_opnd_label(ll_span name)
{
    ll_operand o = {LL_OPND_LABEL, -1, -1, 0, 0, ll_span_dup(name)};
    return o;
}
