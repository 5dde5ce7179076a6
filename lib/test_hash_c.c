/* test_hash_c.c — the code part of herd7's digest for a C test. herd7
 * hashes the text litmus7 would compile: each thread as
 * `P0(int* x, volatile int* y) {\n<body>\n}\n`, the body verbatim, each
 * parameter's type re-spelt by herd7's type printer from the pointed-to
 * type (so `const int *x` is `int const* x`), the threads laid out as one
 * row of herd7's code table. Checked against herd7's logs of its own C
 * tests (tests/unit/test_model_hash.c). */
#include "hash_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* herd7's C types, as far as a parameter can spell them. */
typedef enum ctk { CT_BASE, CT_VOLATILE, CT_CONST, CT_ATOMIC, CT_POINTER } ctk;

typedef struct ctype {
    ctk kind;
    char *base;              /* CT_BASE: the name, owned */
    struct ctype *of;        /* the others: what they qualify, owned */
} ctype;

static ctype *mk(ctk kind, ctype *of, const char *base, size_t n)
{
    ctype *t = ll_xcalloc(1, sizeof *t);
    t->kind = kind;
    t->of = of;
    if (base)
        t->base = ll_xstrndup(base, n);
    return t;
}

static void ctype_free(ctype *t)
{
    while (t) {
        ctype *of = t->of;
        free(t->base);
        free(t);
        t = of;
    }
}

/* One word or `*` of the type text; false at its end. */
static bool next_word(const char **s, const char **w, size_t *n)
{
    while (**s && isspace((unsigned char)**s))
        (*s)++;
    if (!**s)
        return false;
    *w = *s;
    if (**s == '*')
        (*s)++;
    else
        while (**s && !isspace((unsigned char)**s) && **s != '*')
            (*s)++;
    *n = (size_t)(*s - *w);
    return true;
}

static bool word_is(const char *w, size_t n, const char *k)
{
    return strlen(k) == n && !memcmp(w, k, n);
}

/* As herd7's grammar reads `const int *`, `volatile atomic_int *`,
 * `_Atomic int * volatile *`: a qualifier, the base type (`atomic_int` is
 * `_Atomic int`; several names are one base, as `struct s`), then any
 * `*`, `volatile` and `const` applying to all that comes before. */
static ctype *parse_type(const char *s)
{
    const char *w;
    size_t n;
    ctk prefix = CT_BASE;
    ctype *t = NULL;
    ll_buf base = {0};
    while (next_word(&s, &w, &n)) {
        if (!t && !base.len && prefix == CT_BASE) {
            if (word_is(w, n, "const")) {
                prefix = CT_CONST;
                continue;
            }
            if (word_is(w, n, "volatile")) {
                prefix = CT_VOLATILE;
                continue;
            }
            if (word_is(w, n, "_Atomic")) {
                prefix = CT_ATOMIC;
                continue;
            }
        }
        bool postfix = word_is(w, n, "*") || word_is(w, n, "volatile") ||
                       word_is(w, n, "const");
        if (!t && (!postfix || !base.len)) {
            if (base.len)
                ll_buf_putc(&base, ' ');
            ll_buf_putn(&base, w, n);
            continue;
        }
        if (!postfix)       /* a name after the type: not herd7's syntax */
            continue;
        if (!t) {
            const char *b = ll_buf_str(&base);
            t = !strcmp(b, "atomic_int")
                    ? mk(CT_ATOMIC, mk(CT_BASE, NULL, "int", 3), NULL, 0)
                    : mk(CT_BASE, NULL, b, base.len);
            if (prefix != CT_BASE)
                t = mk(prefix, t, NULL, 0);
        }
        t = mk(w[0] == '*' ? CT_POINTER
               : w[0] == 'v' ? CT_VOLATILE : CT_CONST, t, NULL, 0);
    }
    if (!t && base.len) {   /* no `*`: not a parameter herd7 reads */
        t = mk(CT_BASE, NULL, ll_buf_str(&base), base.len);
        if (prefix != CT_BASE)
            t = mk(prefix, t, NULL, 0);
    }
    ll_buf_free(&base);
    return t;
}

/* herd7's CType.dump. */
static void dump(const ctype *t, ll_buf *b)
{
    switch (t->kind) {
    case CT_BASE:
        ll_buf_puts(b, t->base);
        return;
    case CT_VOLATILE:
    case CT_ATOMIC:
        if (t->of->kind == CT_BASE) {
            ll_buf_printf(b, "%s %s",
                          t->kind == CT_VOLATILE ? "volatile" : "_Atomic",
                          t->of->base);
            return;
        }
        if (t->kind == CT_ATOMIC) {
            ll_buf_puts(b, "_Atomic (");
            dump(t->of, b);
            ll_buf_putc(b, ')');
            return;
        }
        dump(t->of, b);
        ll_buf_puts(b, " volatile");
        return;
    case CT_CONST:
        dump(t->of, b);
        ll_buf_puts(b, " const");
        return;
    case CT_POINTER:
        dump(t->of, b);
        ll_buf_putc(b, '*');
        return;
    }
}

/* A parameter as herd7 hashes it: the pointed-to type, then `*`. */
static void put_param(const ll_param *p, ll_buf *b)
{
    ctype *t = parse_type(p->type);
    if (t) {
        dump(t->kind == CT_POINTER ? t->of : t, b);
        ll_buf_putc(b, '*');
    }
    ll_buf_putc(b, ' ');
    ll_buf_puts(b, p->name);
    ctype_free(t);
}

void ll_hash_c_code(const ll_test *t, ll_buf *b)
{
    for (int p = 0; p < t->n_threads; p++) {
        const ll_thread *th = &t->threads[p];
        ll_buf_printf(b, "%s P%d(", p ? "|" : "", th->proc);
        for (int i = 0; i < th->n_params; i++) {
            if (i)
                ll_buf_puts(b, ", ");
            put_param(&th->params[i], b);
        }
        ll_buf_puts(b, ") {\n");   /* (a body is long: no printf) */
        ll_buf_puts(b, th->c_body ? th->c_body : "");
        ll_buf_puts(b, "\n}\n ");
    }
    if (t->n_threads)
        ll_buf_puts(b, ";\n");
}
