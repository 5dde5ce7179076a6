/* read_cond.c — locations, values and conditions (herd's PROP grammar)
 * read from tokens; used by the test reader and by ll_cond_parse for the
 * `Condition` lines of logs. */
#include "litmuslab/limits.h"
#include "reader.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct prop_reader {
    ll_lexer *lx;
    const ll_arch_ops *arch;
    int depth;
    int nodes;
} prop_reader;

static bool peek_is(const ll_lexer *lx, const char *s)
{
    ll_lexer ahead = *lx;
    ll_diag scratch;
    ahead.d = &scratch;
    return ll_lex_next(&ahead) && ll_tok_is(&ahead.tok, s);
}

/* A register whose name goes on with `-` and letters or digits, which
 * herd7's state lexer keeps in one name (LISA's `r-1`, a register for its
 * reader): the token is widened over them when the architecture reads
 * the whole as a register (with none, `--explain`'s state, when `-` and
 * digits end it), and the lexer moved past it. */
static void widen_register(ll_lexer *lx, const ll_arch_ops *arch)
{
    size_t end = lx->tok.off + lx->tok.len;
    if (end + 1 >= lx->len || lx->src[end] != '-' ||
        !isalnum((unsigned char)lx->src[end + 1]))
        return;
    bool digits = true;
    for (end++; end < lx->len && (isalnum((unsigned char)lx->src[end]) ||
                                  lx->src[end] == '-' ||
                                  lx->src[end] == '_'); end++)
        digits &= isdigit((unsigned char)lx->src[end]) != 0;
    char *name = ll_xstrndup(lx->tok.text, end - lx->tok.off);
    if (arch ? arch->reg_lookup(name) >= 0 : digits) {
        lx->tok.len = end - lx->tok.off;
        ll_lex_seek(lx, end);
    }
    free(name);
}

static bool read_register(ll_lexer *lx, const ll_arch_ops *arch, int proc,
                          ll_loc *out)
{
    if (lx->tok.kind != LL_TOK_NAME)
        return ll_lex_expected(lx, "a register name");
    widen_register(lx, arch);
    int reg = -1;
    if (arch) {
        char *name = ll_tok_dup(&lx->tok);
        reg = arch->reg_lookup(name);
        free(name);
        if (reg < 0) {
            /* a system register (ELR_EL1, VNCR_EL2): herd7's NV2 and
               exception levels, not modelled */
            bool sys = lx->tok.len > 4 &&
                       memcmp(lx->tok.text + lx->tok.len - 4, "_EL", 3) == 0;
            ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                        sys ? "'%.*s' is a system register: system "
                              "registers are not supported"
                            : "unknown register '%.*s'",
                        (int)lx->tok.len, lx->tok.text);
            return false;
        }
    }
    out->proc = proc;
    out->name = ll_tok_dup(&lx->tok);
    /* herd7 prints a register its own way: `0:RAX` as `0:rax` (the
     * same name in another case), an alias `a0` as `x10`
     * (an alias, whose spelling herd7's digest keeps) */
    out->spelled = NULL;
    const char *own =
        reg >= 0 && arch->reg_name ? arch->reg_name(reg) : NULL;
    if (own && strcmp(own, out->name) && arch->canonical_reg_names) {
        out->spelled = out->name;
        out->name = ll_xstrdup(own);
    } else if (own && strcmp(own, out->name) && !strcasecmp(own, out->name)) {
        out->spelled = out->name;     /* herd7 digests `RAX` as written */
        out->name = ll_xstrdup(own);
    }
    out->reg = reg;
    out->index = -1;
    if (ll_lex_next(lx))
        return true;
    ll_loc_clear(out);
    return false;
}

static bool read_thread_number(ll_lexer *lx, int *proc)
{
    int64_t n;
    if (!ll_tok_proc(&lx->tok, proc)) {
        if (!ll_tok_int(&lx->tok, &n) || n < 0 || n >= LL_MAX_PROC) {
            ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                        "bad thread number '%.*s'", (int)lx->tok.len,
                        lx->tok.text);
            return false;
        }
        *proc = (int)n;
    }
    if (*proc >= LL_MAX_PROC) {
        ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                    "bad thread number '%.*s'", (int)lx->tok.len,
                    lx->tok.text);
        return false;
    }
    return ll_lex_next(lx) && ll_lex_next(lx); /* the number and ':' */
}

/* herd7's virtual-memory (VMSA) forms: `PTE(x)`, `PA(x)` as locations or
 * values and `(oa:PA(x), valid:0)` page-table entries; not modelled.
 * True (with the message set) when the current token starts one. */
static bool ll_vmsa_form(ll_lexer *lx)
{
    static const char *const fns[] = {"PTE", "PA", "TTD", "TLB"};
    bool fn = false;
    for (int i = 0; i < (int)(sizeof fns / sizeof *fns); i++)
        fn = fn || (ll_tok_is(&lx->tok, fns[i]) && peek_is(lx, "("));
    if (!fn && !(ll_tok_is(&lx->tok, "(") && lx->tok.kind == LL_TOK_PUNCT &&
                 isalpha(ll_lex_peek(lx, 0))))
        return false;
    ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                "'%.*s' starts herd7's virtual-memory (VMSA) syntax: page "
                "tables are not supported", (int)lx->tok.len, lx->tok.text);
    return true;
}

/* `x[2]`: an array element. */
static bool read_index(ll_lexer *lx, ll_loc *out)
{
    if (!ll_tok_is(&lx->tok, "["))
        return true;
    if (!ll_lex_next(lx))
        return false;
    int64_t n;
    if (lx->tok.kind != LL_TOK_NUM || !ll_tok_int(&lx->tok, &n) || n < 0 ||
        n > 1000000)
        return ll_lex_expected(lx, "an array index");
    out->index = (int)n;
    if (!ll_lex_next(lx))
        return false;
    if (!ll_tok_is(&lx->tok, "]"))
        return ll_lex_expected(lx, "']'");
    return ll_lex_next(lx);
}

bool ll_read_loc(ll_lexer *lx, const ll_arch_ops *arch, ll_loc *out,
                 bool *bracketed)
{
    memset(out, 0, sizeof *out);
    out->proc = -1;
    out->reg = -1;
    out->index = -1;
    if (bracketed)
        *bracketed = false;
    int proc;
    if ((lx->tok.kind == LL_TOK_NUM || ll_tok_proc(&lx->tok, &proc)) &&
        peek_is(lx, ":")) {
        if (!read_thread_number(lx, &proc))
            return false;
        return read_register(lx, arch, proc, out);
    }
    if (lx->tok.kind == LL_TOK_NAME && lx->tok.text[0] == '%') {
        /* herd's symbolic register: its thread is the one that uses it. */
        out->name = ll_tok_dup(&lx->tok);
        if (ll_lex_next(lx))
            return true;
        ll_loc_clear(out);
        return false;
    }
    bool brk = ll_tok_is(&lx->tok, "[");
    if (brk && !ll_lex_next(lx))
        return false;
    if (ll_vmsa_form(lx))
        return false;
    if (lx->tok.kind != LL_TOK_NAME)
        return ll_lex_expected(lx, "a location");
    out->name = ll_tok_dup(&lx->tok);
    if (!ll_lex_next(lx) || !read_index(lx, out))
        goto fail;
    if (brk) {
        if (!ll_tok_is(&lx->tok, "]")) {
            ll_lex_expected(lx, "']'");
            goto fail;
        }
        if (!ll_lex_next(lx))
            goto fail;
        if (bracketed)
            *bracketed = true;
    }
    return true;
fail:
    ll_loc_clear(out);
    return false;
}

bool ll_read_value(ll_lexer *lx, ll_value *out)
{
    memset(out, 0, sizeof *out);
    if (lx->tok.kind == LL_TOK_NUM) {
        if (!ll_tok_int(&lx->tok, &out->num)) {
            ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                        "number out of range '%.*s'", (int)lx->tok.len,
                        lx->tok.text);
            return false;
        }
        char dec[32];
        int n = snprintf(dec, sizeof dec, "%" PRId64, out->num);
        if ((size_t)n != lx->tok.len || memcmp(dec, lx->tok.text, (size_t)n))
            out->text = ll_tok_dup(&lx->tok);
        if (ll_lex_next(lx))
            return true;
        ll_value_clear(out);
        return false;
    }
    if (ll_vmsa_form(lx))
        return false;
    if (lx->tok.kind == LL_TOK_NAME) {
        out->is_sym = true;
        out->sym = ll_tok_dup(&lx->tok);
        if (!ll_lex_next(lx)) {
            ll_value_clear(out);
            return false;
        }
        /* herd7's code label value, label:"P0:L0"; its instruction
           value instr:"B .+4" is refused */
        if (ll_tok_is(&lx->tok, ":") && ll_refuse_instr_value(lx, out)) {
            ll_value_clear(out);
            return false;
        }
        if (strcmp(out->sym, "label") == 0 && ll_tok_is(&lx->tok, ":") &&
            !ll_read_code_label(lx, out)) {
            ll_value_clear(out);
            return false;
        }
        return true;
    }
    return ll_lex_expected(lx, "a value");
}

static ll_prop *new_prop(prop_reader *r, ll_prop_kind kind, ll_pos pos)
{
    if (++r->nodes > LL_MAX_COND_NODES) {
        ll_diag_set(r->lx->d, pos.line, pos.col, "condition too long");
        return NULL;
    }
    ll_prop *p = ll_xcalloc(1, sizeof *p);
    p->kind = kind;
    p->pos = pos;
    p->loc.proc = -1;
    p->loc.reg = -1;
    p->loc.index = -1;
    return p;
}

static ll_prop *read_or(prop_reader *r);

/* herd7's whole-array value, `x={7,8}`: read as x[0]=7 /\ x[1]=8 (the
 * same verdict; states then show the elements, where herd7 shows
 * `x={7,8};`). first is the atom read up to the `{`. */
static ll_prop *read_array_value(prop_reader *r, ll_prop *first)
{
    ll_lexer *lx = r->lx;
    ll_prop *all = NULL;
    if (first->loc.index >= 0) {
        ll_diag_set(lx->d, first->pos.line, first->pos.col,
                    "an array value {...} is for a whole array, not the "
                    "element %s[%d]", first->loc.name, first->loc.index);
        goto fail;
    }
    for (int i = 0;; i++) {
        if (!ll_lex_next(lx))
            goto fail;
        ll_prop *a = new_prop(r, LL_PROP_ATOM, first->pos);
        if (!a)
            goto fail;
        a->loc = first->loc;
        a->loc.name = ll_xstrdup(first->loc.name);
        a->loc.index = i;
        a->bracketed = first->bracketed;
        a->whole = true;
        if (!ll_read_value(lx, &a->value)) {
            ll_prop_free(a);
            goto fail;
        }
        if (all) {
            ll_prop *and = new_prop(r, LL_PROP_AND, first->pos);
            if (!and) {
                ll_prop_free(a);
                goto fail;
            }
            and->lhs = all;
            and->rhs = a;
            a = and;
        }
        all = a;
        if (ll_tok_is(&lx->tok, "}"))
            break;
        if (!ll_tok_is(&lx->tok, ",")) {
            ll_lex_expected(lx, "',' or '}'");
            goto fail;
        }
    }
    if (!ll_lex_next(lx))
        goto fail;
    ll_prop_free(first);
    return all;
fail:
    ll_prop_free(all);
    ll_prop_free(first);
    return NULL;
}

/* Is the token at lx a place (`1:r0`) rather than a value? */
static bool is_place(ll_lexer *lx)
{
    int proc;
    return (lx->tok.kind == LL_TOK_NUM || ll_tok_proc(&lx->tok, &proc)) &&
           peek_is(lx, ":");
}

/* herd7 7.58 reads an address value `x[2]` as x+2, bytes (so its
 * logs print it): the value is then the symbol `x+2`, `x` for x[0],
 * as states spell addresses; text keeps `x[2]` for `parse`. */
static bool address_index(ll_lexer *lx, ll_value *v)
{
    ll_loc at = {.index = -1};
    if (!ll_tok_is(&lx->tok, "["))
        return true;
    if (!read_index(lx, &at))
        return false;
    char *sym = ll_xmalloc(strlen(v->sym) + 16);
    sprintf(sym, "%s[%d]", v->sym, at.index);
    v->text = sym;
    if (at.index > 0) {
        sym = ll_xmalloc(strlen(v->sym) + 16);
        sprintf(sym, "%s+%d", v->sym, at.index);
        free(v->sym);
        v->sym = sym;
    }
    return true;
}

static ll_prop *read_atom(prop_reader *r)
{
    ll_lexer *lx = r->lx;
    ll_prop *p = new_prop(r, LL_PROP_ATOM, lx->tok.pos);
    if (!p)
        return NULL;
    if ((ll_tok_is(&lx->tok, "Fault") || ll_tok_is(&lx->tok, "fault")) &&
        peek_is(lx, "(")) {
        ll_diag_set(lx->d, lx->tok.pos.line, lx->tok.pos.col,
                    "herd7's Fault(...) condition (exceptions taken) is "
                    "not supported");
        goto fail;
    }
    if (!ll_read_loc(lx, r->arch, &p->loc, &p->bracketed))
        goto fail;
    bool negated = ll_tok_is(&lx->tok, "!=") || ll_tok_is(&lx->tok, "<>");
    if (!negated && !ll_tok_is(&lx->tok, "=") && !ll_tok_is(&lx->tok, "==")) {
        ll_lex_expected(lx, "'='");
        goto fail;
    }
    if (!ll_lex_next(lx))
        goto fail;
    if (ll_tok_is(&lx->tok, "{") && !negated)
        return read_array_value(r, p);
    if (is_place(lx)) {
        /* herd7 compares two places' values: `0:r10=1:r10` */
        p->place = ll_xcalloc(1, sizeof *p->place);
        if (!ll_read_loc(lx, r->arch, p->place, NULL))
            goto fail;
    } else if (!ll_read_value(lx, &p->value) ||
               (p->value.is_sym && !address_index(lx, &p->value))) {
        goto fail;
    }
    if (negated) {
        ll_prop *n = new_prop(r, LL_PROP_NOT, p->pos);
        if (!n)
            goto fail;
        n->lhs = p;
        return n;
    }
    return p;
fail:
    ll_prop_free(p);
    return NULL;
}

static ll_prop *read_primary(prop_reader *r)
{
    ll_lexer *lx = r->lx;
    ll_pos pos = lx->tok.pos;
    if (ll_tok_is(&lx->tok, "true") || ll_tok_is(&lx->tok, "false")) {
        ll_prop *p = new_prop(
            r, ll_tok_is(&lx->tok, "true") ? LL_PROP_TRUE : LL_PROP_FALSE, pos);
        if (p && !ll_lex_next(lx)) {
            ll_prop_free(p);
            return NULL;
        }
        return p;
    }
    if (ll_tok_is(&lx->tok, "(")) {
        if (++r->depth > LL_MAX_COND_NESTING) {
            ll_diag_set(lx->d, pos.line, pos.col, "condition nested too deeply");
            return NULL;
        }
        if (!ll_lex_next(lx))
            return NULL;
        ll_prop *p = read_or(r);
        if (!p)
            return NULL;
        if (!ll_tok_is(&lx->tok, ")")) {
            ll_lex_expected(lx, "')'");
            ll_prop_free(p);
            return NULL;
        }
        r->depth--;
        if (!ll_lex_next(lx)) {
            ll_prop_free(p);
            return NULL;
        }
        return p;
    }
    if (lx->tok.kind == LL_TOK_NAME || lx->tok.kind == LL_TOK_NUM ||
        ll_tok_is(&lx->tok, "["))
        return read_atom(r);
    ll_lex_expected(lx, "a condition");
    return NULL;
}

/* `~` and `not` bind tightest (herd: %nonassoc NOT above the others). */
static ll_prop *read_not(prop_reader *r)
{
    ll_lexer *lx = r->lx;
    if (!ll_tok_is(&lx->tok, "~") && !ll_tok_is(&lx->tok, "not"))
        return read_primary(r);
    ll_pos pos = lx->tok.pos;
    if (++r->depth > LL_MAX_COND_NESTING) {
        ll_diag_set(lx->d, pos.line, pos.col, "condition nested too deeply");
        return NULL;
    }
    if (!ll_lex_next(lx))
        return NULL;
    ll_prop *operand = read_not(r);
    if (!operand)
        return NULL;
    r->depth--;
    ll_prop *p = new_prop(r, LL_PROP_NOT, pos);
    if (!p) {
        ll_prop_free(operand);
        return NULL;
    }
    p->lhs = operand;
    return p;
}

static ll_prop *binary(prop_reader *r, ll_prop_kind kind, ll_pos pos,
                       ll_prop *lhs, ll_prop *rhs)
{
    ll_prop *p = rhs ? new_prop(r, kind, pos) : NULL;
    if (!p) {
        ll_prop_free(lhs);
        ll_prop_free(rhs);
        return NULL;
    }
    p->lhs = lhs;
    p->rhs = rhs;
    return p;
}

/* herd's grammar: %left OR, %left AND, %right IMPLIES, %nonassoc NOT —
 * so `=>` binds tighter than `/\` and `\/`, and associates right. */
static ll_prop *read_implies(prop_reader *r)
{
    ll_prop *lhs = read_not(r);
    if (!lhs || !ll_tok_is(&r->lx->tok, "=>"))
        return lhs;
    ll_pos pos = r->lx->tok.pos;
    if (++r->depth > LL_MAX_COND_NESTING) {
        ll_diag_set(r->lx->d, pos.line, pos.col, "condition nested too deeply");
        ll_prop_free(lhs);
        return NULL;
    }
    if (!ll_lex_next(r->lx)) {
        ll_prop_free(lhs);
        return NULL;
    }
    ll_prop *rhs = read_implies(r);
    r->depth--;
    return binary(r, LL_PROP_IMPLIES, pos, lhs, rhs);
}

/* sub (op sub)*, grouped to the left as kind: one loop for /\ and \/. */
static ll_prop *read_join(prop_reader *r, const char *op, ll_prop_kind kind,
                          ll_prop *(*sub)(prop_reader *))
{
    ll_prop *p = sub(r);
    while (p && ll_tok_is(&r->lx->tok, op)) {
        ll_pos pos = r->lx->tok.pos;
        if (!ll_lex_next(r->lx)) {
            ll_prop_free(p);
            return NULL;
        }
        p = binary(r, kind, pos, p, sub(r));
    }
    return p;
}

static ll_prop *read_and(prop_reader *r)
{
    return read_join(r, "/\\", LL_PROP_AND, read_implies);
}

static ll_prop *read_or(prop_reader *r)
{
    return read_join(r, "\\/", LL_PROP_OR, read_and);
}

ll_prop *ll_read_prop(ll_lexer *lx, const ll_arch_ops *arch)
{
    prop_reader r = {lx, arch, 0, 0};
    return read_or(&r);
}

bool ll_read_cond(ll_lexer *lx, const ll_arch_ops *arch, ll_cond *out)
{
    out->prop = NULL;
    if (ll_tok_is(&lx->tok, "exists") || ll_tok_is(&lx->tok, "final")) {
        out->quant = LL_EXISTS;
    } else if (ll_tok_is(&lx->tok, "forall")) {
        out->quant = LL_FORALL;
    } else if (ll_tok_is(&lx->tok, "~") || ll_tok_is(&lx->tok, "not")) {
        if (!ll_lex_next(lx))
            return false;
        if (!ll_tok_is(&lx->tok, "exists"))
            return ll_lex_expected(lx, "'exists'");
        out->quant = LL_NOT_EXISTS;
    } else {
        return ll_lex_expected(lx, "'exists', '~exists' or 'forall'");
    }
    if (!ll_lex_next(lx))
        return false;
    out->prop = ll_read_prop(lx, arch);
    return out->prop != NULL;
}

bool ll_cond_parse(const char *text, const ll_arch_ops *arch, ll_cond *out,
                   ll_diag *d)
{
    ll_lexer lx;
    ll_lex_init(&lx, text, strlen(text), d);
    out->prop = NULL;
    if (!ll_lex_next(&lx) || !ll_read_cond(&lx, arch, out))
        goto fail;
    if (ll_tok_is(&lx.tok, ";") && !ll_lex_next(&lx))
        goto fail;
    if (lx.tok.kind != LL_TOK_EOF) {
        ll_lex_expected(&lx, "end of condition");
        goto fail;
    }
    return true;
fail:
    ll_prop_free(out->prop);
    out->prop = NULL;
    return false;
}
