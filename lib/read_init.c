/* read_init.c — the init block `{ ... }`: register and memory initial
 * values, typed declarations, pointers and arrays (forms listed in
 * test.h), as herd's state grammar accepts them. */
#include "reader.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The current token starts a location rather than a type word:
 * `x=`, `x;`, `x}`, `t[`, `0:`, `P0:`, `[`. */
static bool starts_location(const ll_lexer *lx)
{
    const ll_token *t = &lx->tok;
    if (ll_tok_is(t, "[") || t->kind == LL_TOK_NUM)
        return true;
    if (t->kind != LL_TOK_NAME)
        return false;
    ll_lexer ahead = *lx;
    ll_diag scratch;
    ahead.d = &scratch;
    if (!ll_lex_next(&ahead))
        return true;
    const ll_token *n = &ahead.tok;
    return ll_tok_is(n, "=") || ll_tok_is(n, ";") || ll_tok_is(n, "}") ||
           ll_tok_is(n, "[") || ll_tok_is(n, ":") || n->kind == LL_TOK_EOF;
}

void ll_init_clear(ll_init *in)
{
    ll_loc_clear(&in->loc);
    free(in->type);
    ll_value_clear(&in->value);
    for (int i = 0; i < in->n_array_vals; i++)
        ll_value_clear(&in->array_vals[i]);
    free(in->array_vals);
    memset(in, 0, sizeof *in);
}

/* `{1, 2, 3}` after `int t[3] =`. */
static bool read_array_values(ll_lexer *lx, ll_init *in)
{
    ll_pos open = lx->tok.pos;
    int cap = 0;
    if (!ll_lex_next(lx))
        return false;
    while (!ll_tok_is(&lx->tok, "}")) {
        if (in->n_array_vals) {
            if (!ll_tok_is(&lx->tok, ","))
                return ll_lex_expected(lx, "',' or '}'");
            if (!ll_lex_next(lx))
                return false;
        }
        ll_grow((void **)&in->array_vals, &cap, in->n_array_vals + 1,
                sizeof *in->array_vals);
        if (!ll_read_value(lx, &in->array_vals[in->n_array_vals]))
            return false;
        in->n_array_vals++;
    }
    if (in->n_array_vals != in->array_len) {
        ll_diag_set(lx->d, open.line, open.col,
                    "array '%s' has %d elements, %d values given",
                    in->loc.name, in->array_len, in->n_array_vals);
        return false;
    }
    return ll_lex_next(lx);
}

/* `0:X0=x[1]`: the address of an element of array x, as herd7 reads it;
 * kept as the symbol `x[1]` (the model splits it, printing and the digest
 * show it as written). *lx is at '['. */
static bool read_element_address(ll_lexer *lx, ll_value *v)
{
    int64_t k;
    if (!ll_lex_next(lx))
        return false;
    if (lx->tok.kind != LL_TOK_NUM || !ll_tok_int(&lx->tok, &k) || k < 0)
        return ll_lex_expected(lx, "an element index");
    if (!ll_lex_next(lx))
        return false;
    if (!ll_tok_is(&lx->tok, "]"))
        return ll_lex_expected(lx, "']'");
    ll_buf b = {0};
    ll_buf_printf(&b, "%s[%" PRId64 "]", v->sym, k);
    free(v->sym);
    v->sym = b.data;
    return ll_lex_next(lx);
}

/* `atomic_t v = ATOMIC_INIT(1);`: the kernel's initialiser of an
 * atomic_t, as herd7 reads it: the value in the parentheses. */
static bool read_atomic_init(ll_lexer *lx, ll_value *v)
{
    if (!ll_lex_next(lx))
        return false;
    if (!ll_tok_is(&lx->tok, "("))
        return ll_lex_expected(lx, "'(' after ATOMIC_INIT");
    if (!ll_lex_next(lx) || !ll_read_value(lx, v))
        return false;
    if (!ll_tok_is(&lx->tok, ")"))
        return ll_lex_expected(lx, "')'");
    return ll_lex_next(lx);
}

/* P0, P12: a thread's name in a code label. */
static bool is_thread_name(const char *s)
{
    if (s[0] != 'P' || !s[1])
        return false;
    for (s++; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

bool ll_refuse_instr_value(ll_lexer *lx, const ll_value *v)
{
    if (!v->is_sym || strcmp(v->sym, "instr") != 0)
        return false;
    ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                "an instruction value instr:\"...\" (herd7's "
                "self-modifying code) is not supported");
    return true;
}

/* After `label`, `P0` or `0` and at the `:`: the rest of a code label
 * as herd7 reads it (`label:"P0:L0"`, `label:"0:L0"`, `P0:L0`, `0:L0`),
 * kept in v as the symbol `label:"P0:L0"`, herd7's spelling (no location
 * is so named). Also a condition's value (ll_read_value). */
bool ll_read_code_label(ll_lexer *lx, ll_value *v)
{
    ll_buf b = {0};
    if (!ll_lex_next(lx))
        return false;
    if (v->is_sym && strcmp(v->sym, "label") == 0) {
        const char *t = lx->tok.text, *colon;
        int p0 = lx->tok.len > 0 && t[0] == 'P';   /* herd7: "P0:" or "0:" */
        if (lx->tok.kind != LL_TOK_STRING ||
            !(colon = memchr(t, ':', lx->tok.len)) ||
            colon == t + p0 || colon + 1 == t + lx->tok.len)
            return ll_lex_expected(lx, "a code label \"P0:L0\"");
        for (const char *p = t + p0; p < colon; p++)
            if (*p < '0' || *p > '9')
                return ll_lex_expected(lx, "a code label \"P0:L0\"");
        ll_buf_puts(&b, "label:\"P");
        ll_buf_putn(&b, t + p0, lx->tok.len - (size_t)p0);
    } else {
        if (lx->tok.kind != LL_TOK_NAME ||
            (!v->is_sym && (v->num < 0 || v->text)))
            return ll_lex_expected(lx, "a label (P0:L0)");
        if (v->is_sym)
            ll_buf_printf(&b, "label:\"%s:", v->sym);
        else
            ll_buf_printf(&b, "label:\"P%" PRId64 ":", v->num);
        ll_buf_putn(&b, lx->tok.text, lx->tok.len);
    }
    ll_buf_putc(&b, '"');
    free(v->sym);
    v->is_sym = true;
    v->sym = b.data;
    return ll_lex_next(lx);
}

static bool read_init_value(ll_lexer *lx, ll_init *in)
{
    in->has_value = true;
    if (in->array_len) {
        if (!ll_tok_is(&lx->tok, "{"))
            return ll_lex_expected(lx, "'{' and the array's values");
        return read_array_values(lx, in);
    }
    if (ll_tok_is(&lx->tok, "ATOMIC_INIT"))
        return read_atomic_init(lx, &in->value);
    if (ll_tok_is(&lx->tok, "&")) {
        if (!in->pointer)
            return ll_lex_expected(lx, "a value");
        if (!ll_lex_next(lx))
            return false;
        if (lx->tok.kind != LL_TOK_NAME)
            return ll_lex_expected(lx, "a location name");
    }
    if (!ll_read_value(lx, &in->value))
        return false;
    return !in->value.is_sym || !ll_tok_is(&lx->tok, "[") ||
           read_element_address(lx, &in->value);
}

/* Type words: every name before the location (`unsigned long x`). */
static bool read_type(ll_lexer *lx, ll_init *in)
{
    ll_buf type = {0};
    while (lx->tok.kind == LL_TOK_NAME && !starts_location(lx)) {
        if (type.len)
            ll_buf_putc(&type, ' ');
        ll_buf_putn(&type, lx->tok.text, lx->tok.len);
        if (!ll_lex_next(lx)) {
            ll_buf_free(&type);
            return false;
        }
    }
    if (type.len)
        in->type = type.data;
    if (ll_tok_is(&lx->tok, "*")) {
        in->pointer = true;
        return ll_lex_next(lx);
    }
    return true;
}

static bool read_item(ll_lexer *lx, const ll_arch_ops *arch, ll_init *in)
{
    in->pos = lx->tok.pos;
    if (!read_type(lx, in))
        return false;
    ll_pos loc_pos = lx->tok.pos;
    if (!ll_read_loc(lx, arch, &in->loc, &in->bracketed))
        return false;
    if (in->loc.index >= 0) {
        /* In a declaration `t[3]` is the array's size, not an element. */
        if (!in->type || in->loc.proc >= 0 || in->bracketed) {
            ll_diag_set(lx->d, loc_pos.line, loc_pos.col,
                        "array '%s' needs a type", in->loc.name);
            return false;
        }
        if (in->loc.index == 0) {
            ll_diag_set(lx->d, loc_pos.line, loc_pos.col,
                        "array '%s' has no elements", in->loc.name);
            return false;
        }
        in->array_len = in->loc.index;
        in->loc.index = -1;
    }
    if (ll_tok_is(&lx->tok, "=")) {
        if (!ll_lex_next(lx) || !read_init_value(lx, in))
            return false;
    }
    /* herd7's values with a `:`: a code label (`label:"P0:L0"`,
     * `P0:L0`, `0:L0`) and an MTE tagged location (`x:red`, not
     * modelled) */
    if (in->has_value && ll_tok_is(&lx->tok, ":")) {
        ll_value *v = &in->value;
        if (ll_refuse_instr_value(lx, v))
            return false;
        if (v->is_sym && !is_thread_name(v->sym) &&
            strcmp(v->sym, "label") != 0) {
            ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                        "'%s:...' is an MTE tagged location: MTE is not "
                        "supported", v->sym);
            return false;
        }
        if (!ll_read_code_label(lx, v))
            return false;
    }
    /* At end of file the block's reader says the block is not closed. */
    if (!ll_tok_is(&lx->tok, ";") && !ll_tok_is(&lx->tok, "}") &&
        lx->tok.kind != LL_TOK_EOF)
        return ll_lex_expected(lx, in->has_value ? "';' or '}'"
                                                 : "'=', ';' or '}'");
    return true;
}

bool ll_read_init(ll_lexer *lx, ll_test *t)
{
    if (!ll_tok_is(&lx->tok, "{"))
        return ll_lex_expected(lx, "'{'");
    ll_pos open = lx->tok.pos;
    int cap = 0;
    if (!ll_lex_next(lx))
        return false;
    while (!ll_tok_is(&lx->tok, "}")) {
        if (lx->tok.kind == LL_TOK_EOF) {
            ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                        "unexpected end of file in the init block opened at "
                        "%d:%d",
                        open.line, open.col);
            return false;
        }
        if (ll_tok_is(&lx->tok, ";")) {
            if (!ll_lex_next(lx))
                return false;
            continue;
        }
        ll_grow((void **)&t->init, &cap, t->n_init + 1, sizeof *t->init);
        ll_init *in = &t->init[t->n_init];
        memset(in, 0, sizeof *in);
        if (!read_item(lx, t->arch, in)) {
            ll_init_clear(in);
            return false;
        }
        /* as herd7: one value (and one type) per location or register,
         * never a silent pick of the last; `int64_t 0:r3; 0:r3=5;` is a
         * declaration, then the value */
        for (int i = 0; i < t->n_init; i++) {
            const ll_init *o = &t->init[i];
            if (o->loc.proc == in->loc.proc && o->loc.index == in->loc.index &&
                !strcmp(o->loc.name, in->loc.name) &&
                ((o->has_value && in->has_value) || (o->type && in->type))) {
                ll_buf b = {0};
                ll_loc_print(&in->loc, false, &b);
                ll_diag_set(lx->d, in->pos.line, in->pos.col,
                            "%s is initialised twice (first at %d:%d)",
                            ll_buf_str(&b), o->pos.line, o->pos.col);
                ll_buf_free(&b);
                ll_init_clear(in);
                return false;
            }
        }
        t->n_init++;
    }
    return true;
}
