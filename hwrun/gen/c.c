/* c.c — C litmus tests in hwrun, the klitmus7 way in user space: each
 * thread body is compiled as it is written, inside the thread function the
 * harness calls, with the kernel's primitives from hwrun/harness/hr_kp.h
 * (the sequences the kernel uses on the target the compiler builds for)
 * or, for C11 tests, the compiler's <stdatomic.h>. The engine (gen.c)
 * lays out the shared variables and the condition; this file checks the
 * bodies (unknown primitives, `return`, the preprocessor: a body calls
 * nothing but the primitives), zero-initialises their local
 * declarations (herd7's registers start at 0), and copies the registers
 * the condition names out of the body's scope at its end. */
#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/state.h"

/* ---- which names a body may call ---- */

static const char *const kernel_calls[] = {
    "READ_ONCE", "WRITE_ONCE", "barrier", "cpu_relax", "smp_mb", "smp_rmb",
    "smp_wmb", "smp_mb__before_atomic", "smp_mb__after_atomic",
    "smp_mb__after_spinlock", "smp_mb__after_unlock_lock",
    "smp_mb__after_srcu_read_unlock", "smp_store_mb",
    "smp_load_acquire", "smp_store_release", "xchg", "xchg_relaxed",
    "xchg_acquire", "xchg_release", "cmpxchg", "cmpxchg_relaxed",
    "cmpxchg_acquire", "cmpxchg_release", "spin_lock", "spin_unlock",
    "spin_trylock", "spin_is_locked", "rcu_read_lock", "rcu_read_unlock",
    "synchronize_rcu", "synchronize_rcu_expedited", "rcu_dereference",
    "rcu_assign_pointer", "rcu_access_pointer", "srcu_read_lock",
    "srcu_read_unlock", "synchronize_srcu", NULL,
};

/* atomic_NAME, atomic_long_NAME and atomic64_NAME; the first group also
 * with an order suffix (_relaxed, _acquire, _release). */
static const char *const atomic_ordered[] = {
    "fetch_add", "fetch_sub", "add_return", "sub_return", "fetch_inc",
    "fetch_dec", "inc_return", "dec_return", "fetch_and", "fetch_or",
    "fetch_xor", "fetch_andnot", "xchg", "cmpxchg", NULL,
};
static const char *const atomic_plain[] = {
    "read", "set", "read_acquire", "set_release", "add", "sub", "inc", "dec",
    "and", "or", "xor", "andnot", "inc_and_test", "dec_and_test",
    "sub_and_test", "add_negative", "add_unless", NULL,
};

static const char *const c11_calls[] = {
    "atomic_load", "atomic_store", "atomic_exchange",
    "atomic_compare_exchange_strong", "atomic_compare_exchange_weak",
    "atomic_fetch_add", "atomic_fetch_sub", "atomic_fetch_or",
    "atomic_fetch_xor", "atomic_fetch_and", "atomic_load_explicit",
    "atomic_store_explicit", "atomic_exchange_explicit",
    "atomic_compare_exchange_strong_explicit",
    "atomic_compare_exchange_weak_explicit", "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit", "atomic_fetch_or_explicit",
    "atomic_fetch_xor_explicit", "atomic_fetch_and_explicit",
    "atomic_thread_fence", "atomic_signal_fence", NULL,
};

/* C's own words that a `(` may follow. */
static const char *const c_words[] = {
    "if", "while", "for", "switch", "sizeof", "typeof", "__typeof__",
    "_Alignof", NULL,
};

/* Words that start a local declaration. */
static const char *const decl_words[] = {
    "int", "long", "short", "char", "unsigned", "signed", "const",
    "volatile", "intptr_t", "uintptr_t", "int8_t", "int16_t", "int32_t",
    "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t",
    "bool", "_Bool", NULL,
};

static bool in_list(const char *const *list, const char *s, size_t n)
{
    for (; *list; list++)
        if (strlen(*list) == n && !memcmp(*list, s, n))
            return true;
    return false;
}

static bool has_suffix(const char *s, size_t n, const char *suf, size_t *base)
{
    size_t k = strlen(suf);
    if (n <= k || memcmp(s + n - k, suf, k))
        return false;
    *base = n - k;
    return true;
}

static bool kernel_atomic(const char *s, size_t n)
{
    size_t skip = 0;
    if (n > 12 && !memcmp(s, "atomic_long_", 12))
        skip = 12;
    else if (n > 9 && !memcmp(s, "atomic64_", 9))
        skip = 9;
    else if (n > 7 && !memcmp(s, "atomic_", 7))
        skip = 7;
    else
        return false;
    s += skip;
    n -= skip;
    if (in_list(atomic_plain, s, n) || in_list(atomic_ordered, s, n))
        return true;
    static const char *const orders[] = {"_relaxed", "_acquire", "_release"};
    for (int i = 0; i < 3; i++) {
        size_t base;
        if (has_suffix(s, n, orders[i], &base) &&
            in_list(atomic_ordered, s, base))
            return true;
    }
    return false;
}

/* ---- the test's flavour ---- */

static bool word_in(const char *text, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = text; (p = strstr(p, w)); p += n) {
        bool before = p > text && (isalnum((unsigned char)p[-1]) ||
                                   p[-1] == '_');
        bool after = isalnum((unsigned char)p[n]) || p[n] == '_';
        if (!before && !after)
            return true;
    }
    return false;
}

/* A C11 test: it names memory_order_* or a C11 atomic type other than the
 * kernel's atomic_t / atomic_long_t. */
static bool is_c11(const ll_test *t)
{
    for (int k = 0; k < t->n_threads; k++) {
        const ll_thread *th = &t->threads[k];
        for (int i = 0; i < th->n_params; i++) {
            const char *ty = th->params[i].type;
            if (!strncmp(ty, "atomic_", 7) && strncmp(ty, "atomic_t", 8) &&
                strncmp(ty, "atomic_long_t", 13))
                return true;
            if (!strncmp(ty, "_Atomic", 7))
                return true;
        }
        if (th->c_body && (strstr(th->c_body, "memory_order_") ||
                           word_in(th->c_body, "atomic_thread_fence")))
            return true;
    }
    return false;
}

void hw_gen_ctest_prelude(const ll_test *t, ll_buf *c)
{
    /* The bodies are the test's: locals it declares and never reads, or
     * a result it drops, are its business, not errors. */
    ll_buf_puts(c, "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
                "#pragma GCC diagnostic ignored "
                "\"-Wunused-but-set-variable\"\n"
                "#pragma GCC diagnostic ignored \"-Wunused-value\"\n"
                "#pragma GCC diagnostic ignored \"-Wsign-compare\"\n"
                /* a pointer register's value, on a 32-bit machine */
                "#pragma GCC diagnostic ignored \"-Wpointer-to-int-cast\"\n");
    if (is_c11(t))
        ll_buf_puts(c, "#include <stdatomic.h>\n#define kp_enter(k) "
                    "((void)(k))\n\n");
    else
        ll_buf_puts(c, "#include \"hr_kp.h\"\n\n");
}

/* The C type of a shared variable: its init entry's, else what a thread's
 * parameter points to. herd7's names plus the kernel's types. */
bool hw_gen_ctest_loc_type(const ll_test *t, const char *name, ll_ctype *out)
{
    static const struct { const char *name; int size; bool sign; } kt[] = {
        {"spinlock_t", 4, false}, {"atomic_t", 4, true},
        {"atomic_long_t", 8, true}, {"atomic64_t", 8, true},
        {"struct srcu_struct", 8, false},
        {"atomic_bool", 1, false}, {"_Atomic int", 4, true},
    };
    const char *type = NULL;
    bool pointer = false;
    for (int i = 0; i < t->n_init && !type; i++)
        if (t->init[i].loc.proc < 0 && !strcmp(t->init[i].loc.name, name) &&
            (t->init[i].type || t->init[i].pointer)) {
            type = t->init[i].type;
            pointer = t->init[i].pointer;
        }
    char *owned = NULL;
    for (int k = 0; k < t->n_threads && !type && !pointer; k++)
        for (int i = 0; i < t->threads[k].n_params; i++) {
            const ll_param *p = &t->threads[k].params[i];
            size_t n = strlen(p->type);
            if (strcmp(p->name, name) || !n || p->type[n - 1] != '*')
                continue;
            /* `int *` points to int, `int **` to a pointer */
            while (n && (p->type[n - 1] == '*' || p->type[n - 1] == ' '))
                n--;
            pointer = strchr(p->type, '*') != strrchr(p->type, '*');
            type = owned = ll_xstrndup(p->type, n);
            break;
        }
    bool ok = false;
    for (size_t i = 0; type && !pointer && i < sizeof kt / sizeof *kt; i++)
        if (!strcmp(type, kt[i].name)) {
            out->size = kt[i].size;
            out->is_signed = kt[i].sign;
            ok = true;
        }
    if (!ok)
        ok = ll_ctype_of(type, pointer, out);
    free(owned);
    return ok;
}

/* ---- the thread bodies ---- */

typedef struct ctok {
    const char *s;
    size_t n;
    int line, col;
} ctok;

typedef struct cscan {
    const char *p, *end;
    int line, col;
} cscan;

static void advance(cscan *sc, size_t n)
{
    for (; n && sc->p < sc->end; n--, sc->p++) {
        if (*sc->p == '\n') {
            sc->line++;
            sc->col = 1;
        } else {
            sc->col++;
        }
    }
}

/* The next token (comments and blanks skipped); false at the end. */
static bool next_tok(cscan *sc, ctok *t)
{
    for (;;) {
        while (sc->p < sc->end && isspace((unsigned char)*sc->p))
            advance(sc, 1);
        if (sc->end - sc->p >= 2 && sc->p[0] == '/' && sc->p[1] == '/') {
            while (sc->p < sc->end && *sc->p != '\n')
                advance(sc, 1);
        } else if (sc->end - sc->p >= 2 && sc->p[0] == '/' &&
                   sc->p[1] == '*') {
            advance(sc, 2);
            while (sc->end - sc->p >= 2 && !(sc->p[0] == '*' && sc->p[1] == '/'))
                advance(sc, 1);
            advance(sc, 2);
        } else {
            break;
        }
    }
    if (sc->p >= sc->end)
        return false;
    t->s = sc->p;
    t->line = sc->line;
    t->col = sc->col;
    const char *q = sc->p;
    if (isalnum((unsigned char)*q) || *q == '_') {
        while (q < sc->end && (isalnum((unsigned char)*q) || *q == '_'))
            q++;
    } else if (*q == '"' || *q == '\'') {
        char quote = *q++;
        while (q < sc->end && *q != quote && *q != '\n')
            q += (*q == '\\' && q + 1 < sc->end) ? 2 : 1;
        q += q < sc->end && *q == quote;
    } else if (q + 1 < sc->end && q[1] == '=' && strchr("=!<>+-*/%&|^", *q)) {
        q += 2;   /* `==`, `<=`, `+=`: never an initialiser's `=` */
    } else {
        q++;
    }
    t->n = (size_t)(q - sc->p);
    advance(sc, t->n);
    return true;
}

static bool is_word(const ctok *t)
{
    return isalpha((unsigned char)t->s[0]) || t->s[0] == '_';
}

static bool tok_is(const ctok *t, const char *s)
{
    return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

static bool fail_at(hw_gen *g, int line, int col, const char *msg,
                    const ctok *t)
{
    ll_stmt st = {.pos = {line, col}};
    return hw_gen_fail(g, &st, msg, (int)t->n, t->s);
}

/* The body, checked, with `= 0` added to each local declared without a
 * value (herd7 starts registers at 0; C leaves them undefined). */
static bool rewrite_body(hw_gen *g, const ll_thread *th, bool c11, int line,
                         int col, ll_buf *out)
{
    const char *body = th->c_body ? th->c_body : "";
    cscan sc = {body, body + strlen(body), line ? line : 1, col ? col : 1};
    ctok t, prev = {"{", 1, 0, 0};
    const char *copied = body;
    bool in_decl = false, has_init = false, array = false;
    int depth = 0;
    while (next_tok(&sc, &t)) {
        bool start = prev.n == 1 && strchr("{};", prev.s[0]);
        if (start && !in_decl && is_word(&t) && in_list(decl_words, t.s, t.n)) {
            in_decl = true;
            has_init = array = false;
            depth = 0;
        }
        if (tok_is(&t, "#"))   /* the test's text is C to compile and run,
                                  not a place for includes or macros */
            return fail_at(g, t.line, t.col, "hwrun does not support "
                           "preprocessor directives ('%.*s') in a thread "
                           "body", &t);
        if (tok_is(&t, "return"))
            return fail_at(g, t.line, t.col, "hwrun does not support "
                           "'%.*s' in a thread body (the registers are read "
                           "at its end)", &t);
        if (in_decl) {
            if (strchr("([{", t.s[0]) && t.n == 1) {
                array |= depth == 0 && t.s[0] == '[';
                depth++;
            } else if (strchr(")]}", t.s[0]) && t.n == 1) {
                depth--;
            } else if (depth == 0 && tok_is(&t, "=")) {
                has_init = true;
            } else if (depth == 0 && (tok_is(&t, ",") || tok_is(&t, ";"))) {
                if (!has_init) {
                    ll_buf_putn(out, copied, (size_t)(t.s - copied));
                    ll_buf_puts(out, array ? " = {0}" : " = 0");
                    copied = t.s;
                }
                has_init = array = false;
                in_decl = !tok_is(&t, ";");
            }
        }
        if (is_word(&t) && sc.p < sc.end) {
            cscan look = sc;
            ctok nx;
            bool call = next_tok(&look, &nx) && tok_is(&nx, "(");
            bool known = in_list(c_words, t.s, t.n) ||
                         (c11 ? in_list(c11_calls, t.s, t.n)
                              : in_list(kernel_calls, t.s, t.n) ||
                                    kernel_atomic(t.s, t.n));
            if (call && !known)
                return fail_at(g, t.line, t.col, "hwrun does not support "
                               "'%.*s' in C tests", &t);
        }
        prev = t;
    }
    ll_buf_puts(out, copied);
    return true;
}

/* Where the condition names register l (its first atom), else *at. */
static ll_pos atom_pos(const ll_prop *p, const ll_loc *l, ll_pos at)
{
    if (!p)
        return at;
    if (p->kind == LL_PROP_ATOM)
        return ll_loc_cmp(&p->loc, l) ? at : p->pos;
    ll_pos r = atom_pos(p->rhs, l, at);
    return atom_pos(p->lhs, l, r);
}

/* Whether name is a word of the body. */
static bool body_has(const ll_thread *th, const char *name)
{
    return th->c_body && word_in(th->c_body, name);
}

/* `#line N "FILE"`: what cc says of the lines after it names FILE:N on,
 * so that an error in a body points into the test, not into the
 * generated C in the cache; FILE as a C string. */
static void line_directive(ll_buf *c, int line, const char *file)
{
    ll_buf_printf(c, "#line %d \"", line);
    for (const unsigned char *s = (const unsigned char *)file; *s; s++)
        if (*s == '"' || *s == '\\')
            ll_buf_printf(c, "\\%c", *s);
        else if (*s < 0x20 || *s == 0x7f)
            ll_buf_printf(c, "\\%03o", *s);
        else
            ll_buf_putc(c, (char)*s);
    ll_buf_puts(c, "\"\n");
}

/* The body as the test has it: its lines named by the test's (above),
 * then the generated file's own again (NAME.c, as --emit names it). */
static void put_body(ll_buf *c, const ll_test *t, const ll_thread *th,
                     const char *body)
{
    if (th->body_pos.line > 0 && t->file)
        line_directive(c, th->body_pos.line, t->file);
    ll_buf_puts(c, body);
    ll_buf_puts(c, "\n");
    if (th->body_pos.line <= 0 || !t->file)
        return;
    int lines = 0;
    for (size_t i = 0; i < c->len; i++)
        lines += c->data[i] == '\n';
    ll_buf name = {0};
    hw_file_name(t->name, &name);
    ll_buf_puts(&name, ".c");
    line_directive(c, lines + 2, ll_buf_str(&name));
    ll_buf_free(&name);
}

bool hw_gen_ctest_thread(hw_gen *g, int k, ll_buf *c)
{
    const ll_test *t = hw_gen_test(g);
    const ll_thread *th = &t->threads[k];
    int line = th->body_pos.line, col = th->body_pos.col;
    ll_stmt at = {.pos = {line, col}};
    ll_buf body = {0};
    if (!rewrite_body(g, th, is_c11(t), line, col, &body)) {
        ll_buf_free(&body);
        return false;
    }
    ll_buf_printf(c, "static void P%d(uint64_t *const *loc, int64_t *out)\n"
                  "{\n", th->proc);
    for (int i = 0; i < th->n_params; i++) {
        const ll_param *p = &th->params[i];
        if (!strchr(p->type, '*')) {
            ll_buf_free(&body);
            return hw_gen_fail(g, &at, "parameter '%s' of P%d is not a "
                               "pointer to a shared variable", p->name,
                               th->proc);
        }
        ll_buf_printf(c, "    %s%s%s = (%s)loc[%d];\n    (void)%s;\n",
                      p->type, p->type[strlen(p->type) - 1] == '*' ? "" : " ",
                      p->name, p->type, hw_gen_loc_index(g, p->name),
                      p->name);
    }
    ll_buf_printf(c, "    kp_enter(%d);\n    {\n", k);
    put_body(c, t, th, ll_buf_str(&body));
    ll_buf_free(&body);
    for (int o = 0; o < hw_gen_n_outs(g); o++) {
        int thread;
        const ll_loc *l = hw_gen_out(g, o, &thread);
        if (thread != k)
            continue;
        ll_stmt where = {.pos = atom_pos(t->cond.prop, l, at.pos)};
        if (!body_has(th, l->name))
            return hw_gen_fail(g, &where, "register %d:%s is not a variable "
                               "of P%d", l->proc, l->name, th->proc);
        ll_buf_printf(c, "    out[%d] = (int64_t)(%s);\n", o,
                      l->name);
    }
    ll_buf_puts(c, "    }\n    (void)loc;\n    (void)out;\n}\n\n");
    return true;
}
