/* c/def.c — herd7's -macros: reading a .def file (the kernel's
 * linux-kernel.def) and expanding its macros where a C test calls them.
 *
 * A definition is `NAME(PARAMS) EXPR` (the expression ends with its
 * line, unless a parenthesis is still open) or `NAME(PARAMS) { STMTS }`.
 * Bodies are written in herd7's internal primitives (`__load{once}(X)`,
 * `__fence{mb}`, `__atomic_op(X,+,V)`, ...), which c/prims.c lowers; the
 * annotation in braces is what the events get (c_def_annotation), so
 * an edited .def changes the tags, and a macro the built-in table lacks
 * becomes usable. A call expands as herd7's does: the arguments replace
 * the parameters (parenthesised), and the expansion is lowered where the
 * call is, its statements taking the call's position. With a .def, a
 * name it does not define is refused unless herd7 knows it without one
 * (C11's atomics, atomic_add_unless, the internal primitives). The body
 * is checked when the file is read, so a bad name or annotation is
 * reported at its place in the .def. */
#include "litmuslab/limits.h"
#include "lib/c/internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct c_def {
    char name[sizeof ((c_tok *)0)->text];
    int n_params;
    c_tok *params;
    bool block;              /* { STMTS }, else an expression */
    int n_body;
    c_tok *body;
} c_def;

struct ll_c_defs {
    char *path;
    int n, cap;
    c_def *defs;
};

/* herd7's internal primitives: the annotation class of those that take
 * one in braces. */
static const struct {
    const char *name;
    bool braces;
    c_ann_class cls;
} internal[] = {
    {"__load", true, C_ANN_ACCESS},
    {"__store", true, C_ANN_ACCESS},
    {"__fence", true, C_ANN_FENCE},
    {"__xchg", true, C_ANN_ACCESS},
    {"__cmpxchg", true, C_ANN_ACCESS},
    {"__atomic_add_unless", true, C_ANN_ACCESS},
    {"__atomic_op_return", true, C_ANN_ACCESS},
    {"__atomic_fetch_op", true, C_ANN_ACCESS},
    {"__srcu", true, C_ANN_SRCU},
    {"__atomic_op", false, C_ANN_ACCESS},
    {"__lock", false, C_ANN_ACCESS},
    {"__unlock", false, C_ANN_ACCESS},
    {"__trylock", false, C_ANN_ACCESS},
    {"__islocked", false, C_ANN_ACCESS},
};

/* What herd7 knows with no macro: C11's atomics, atomic_add_unless. */
static const char *const native[] = {
    "atomic_load_explicit", "atomic_store_explicit",
    "atomic_exchange_explicit", "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit", "atomic_fetch_or_explicit",
    "atomic_fetch_xor_explicit", "atomic_fetch_and_explicit",
    "atomic_compare_exchange_weak", "atomic_compare_exchange_strong",
    "atomic_compare_exchange_weak_explicit",
    "atomic_compare_exchange_strong_explicit", "atomic_thread_fence",
    "atomic_add_unless",
};

typedef struct ann_name {
    const char *name;
    int code;
} ann_name;

static const ann_name access_anns[] = {
    {"once", LL_C_ONCE}, {"acquire", LL_C_ACQUIRE},
    {"release", LL_C_RELEASE}, {"mb", LL_C_MB},
    {"noreturn", LL_C_NORETURN},
};

static const ann_name fence_anns[] = {
    {"mb", LL_C_F_MB}, {"rmb", LL_C_F_RMB}, {"wmb", LL_C_F_WMB},
    {"rcu-lock", LL_C_F_RCU_LOCK}, {"rcu-unlock", LL_C_F_RCU_UNLOCK},
    {"sync-rcu", LL_C_F_SYNC_RCU}, {"before-atomic", LL_C_F_BEFORE_ATOMIC},
    {"after-atomic", LL_C_F_AFTER_ATOMIC},
    {"after-spinlock", LL_C_F_AFTER_SPINLOCK},
    {"after-unlock-lock", LL_C_F_AFTER_UNLOCK_LOCK},
    {"barrier", LL_C_F_BARRIER},
    {"after-srcu-read-unlock", LL_C_F_AFTER_SRCU_UNLOCK},
};

static const ann_name srcu_anns[] = {
    {"srcu-lock", LL_C_SRCU_LOCK}, {"srcu-unlock", LL_C_SRCU_UNLOCK},
    {"sync-srcu", LL_C_SYNC_SRCU},
};

static const ann_name *ann_table(c_ann_class cls, size_t *n)
{
    switch (cls) {
    case C_ANN_FENCE:
        *n = sizeof fence_anns / sizeof *fence_anns;
        return fence_anns;
    case C_ANN_SRCU:
        *n = sizeof srcu_anns / sizeof *srcu_anns;
        return srcu_anns;
    case C_ANN_ACCESS:
        break;
    }
    *n = sizeof access_anns / sizeof *access_anns;
    return access_anns;
}

/* The code of annotation `name` in class cls, or -1; on -1, *known lists
 * the names the class has. */
static int ann_code(c_ann_class cls, const char *name, ll_buf *known)
{
    size_t n;
    const ann_name *t = ann_table(cls, &n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].name, name))
            return t[i].code;
    for (size_t i = 0; i < n; i++)
        ll_buf_printf(known, "%s%s", i ? ", " : "", t[i].name);
    return -1;
}

/* An annotation's text from its tokens (`after - spinlock`), appended to
 * b; false when a token is not a name or '-'. */
static bool ann_part(const c_tok *t, ll_buf *b)
{
    if (t->kind != C_NAME && !c_is(t, "-"))
        return false;
    ll_buf_puts(b, t->text);
    return true;
}

static _Noreturn void bad_ann(c_lower *c, ll_pos at, c_ann_class cls,
                              const char *name)
{
    ll_buf known = {0};
    ann_code(cls, name, &known);
    char list[200];
    snprintf(list, sizeof list, "%s", ll_buf_str(&known));
    ll_buf_free(&known);
    c_fail(c, at, "unknown annotation '{%s}' (known here: %s)", name, list);
}

int c_def_annotation(c_lower *c, c_ann_class cls)
{
    ll_pos at = c->tok.pos;
    c_expect(c, "{");
    ll_buf b = {0};
    while (!c_is(&c->tok, "}")) {
        if (!ann_part(&c->tok, &b)) {
            ll_buf_free(&b);
            c_fail(c, c->tok.pos, "expected an annotation such as {once}");
        }
        c_next(c);
    }
    c_next(c);
    char name[64];
    snprintf(name, sizeof name, "%s", ll_buf_str(&b));
    ll_buf_free(&b);
    ll_buf none = {0};
    int code = ann_code(cls, name, &none);
    ll_buf_free(&none);
    if (code < 0)
        bad_ann(c, at, cls, name);
    return code;
}

int c_def_binop(c_lower *c)
{
    static const struct {
        const char *op;
        int code;
    } ops[] = {{"+", LL_C_ADD}, {"-", LL_C_SUB}, {"&", LL_C_AND},
               {"|", LL_C_OR}, {"^", LL_C_XOR}};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (c_is(&c->tok, ops[i].op)) {
            c_next(c);
            return ops[i].code;
        }
    c_fail(c, c->tok.pos, "expected an operator (+, -, &, |, ^)");
}

/* ---- reading the file ---- */

static void add_tok(c_tok **list, int *n, int *cap, const c_tok *t)
{
    ll_grow((void **)list, cap, *n + 1, sizeof **list);
    (*list)[(*n)++] = *t;
}

/* The body's internal primitives and their annotations, checked. */
static void check_body(c_lower *c, const c_def *m)
{
    for (int i = 0; i < m->n_body; i++) {
        const c_tok *t = &m->body[i];
        if (t->kind != C_NAME || strncmp(t->text, "__", 2))
            continue;
        size_t k = 0, n = sizeof internal / sizeof *internal;
        while (k < n && strcmp(internal[k].name, t->text))
            k++;
        if (k == n)
            c_fail(c, t->pos, "unknown primitive '%s' in macro '%s'",
                   t->text, m->name);
        bool open = i + 1 < m->n_body && c_is(&m->body[i + 1], "{");
        if (!internal[k].braces) {
            if (open)
                c_fail(c, m->body[i + 1].pos, "%s takes no annotation",
                       t->text);
            continue;
        }
        if (!open)
            c_fail(c, t->pos, "%s needs an annotation, as %s{once}",
                   t->text, t->text);
        ll_buf b = {0};
        int j = i + 2;
        for (; j < m->n_body && !c_is(&m->body[j], "}"); j++)
            if (!ann_part(&m->body[j], &b)) {
                ll_buf_free(&b);
                c_fail(c, m->body[j].pos,
                       "expected an annotation such as {once}");
            }
        char name[64];
        snprintf(name, sizeof name, "%s", ll_buf_str(&b));
        ll_buf_free(&b);
        if (ann_code(internal[k].cls, name, &b) < 0) {
            ll_buf_free(&b);
            bad_ann(c, m->body[i + 2 < m->n_body ? i + 2 : i + 1].pos,
                    internal[k].cls, name);
        }
        i = j;
    }
}

/* One definition; c->tok is its name. It joins defs at once, so what
 * an error leaves is freed with them. */
static void definition(c_lower *c, ll_c_defs *defs)
{
    if (c->tok.kind != C_NAME)
        c_fail(c, c->tok.pos, "expected a macro name");
    ll_grow((void **)&defs->defs, &defs->cap, defs->n + 1,
            sizeof *defs->defs);
    c_def *m = &defs->defs[defs->n++];
    memset(m, 0, sizeof *m);
    memcpy(m->name, c->tok.text, sizeof m->name);
    ll_pos at = c->tok.pos;
    int cap = 0;
    c_next(c);
    c_expect(c, "(");
    while (!c_is(&c->tok, ")")) {
        if (c->tok.kind != C_NAME)
            c_fail(c, c->tok.pos, "expected a parameter name");
        add_tok(&m->params, &m->n_params, &cap, &c->tok);
        c_next(c);
        if (!c_is(&c->tok, ")"))
            c_expect(c, ",");
    }
    int line = c->tok.pos.line;
    c_next(c);
    cap = 0;
    int depth = 0;
    m->block = c_is(&c->tok, "{");
    /* a block runs to its closing brace, an expression to the end of
       its line (or of its parentheses) */
    while (c->tok.kind != C_EOF &&
           (m->block || depth > 0 || c->tok.pos.line == line)) {
        if (c_is(&c->tok, "(") || c_is(&c->tok, "{"))
            depth++;
        else if (c_is(&c->tok, ")") || c_is(&c->tok, "}"))
            depth--;
        add_tok(&m->body, &m->n_body, &cap, &c->tok);
        line = c->tok.pos.line;
        c_next(c);
        if (m->block && depth == 0)
            break;
    }
    if (!m->n_body)
        c_fail(c, at, "macro '%s' has no body", m->name);
    if (depth)
        c_fail(c, m->body[0].pos, "unbalanced %s in macro '%s'",
               m->block ? "braces" : "parentheses", m->name);
    check_body(c, m);
}

ll_c_defs *ll_c_defs_read(const char *path, ll_diag *d)
{
    size_t len;
    char *text = ll_read_file(path, &len);
    if (!text) {
        ll_diag_set(d, 0, 0, "cannot read the macros: %s", strerror(errno));
        return NULL;
    }
    ll_c_defs *defs = ll_xcalloc(1, sizeof *defs);
    defs->path = ll_xstrdup(path);
    c_lower *cp = ll_xcalloc(1, sizeof *cp);
    cp->src = text;
    cp->len = len;
    cp->line = cp->col = 1;
    cp->d = d;
    bool ok = strlen(text) == len;
    if (!ok)
        ll_diag_set(d, 0, 0, "the macro file contains a NUL byte");
    else if (setjmp(cp->fail) == 0) {
        c_next(cp);
        while (cp->tok.kind != C_EOF)
            definition(cp, defs);
    } else {
        ok = false;
    }
    free(cp);
    free(text);
    if (!ok) {
        ll_c_defs_free(defs);
        return NULL;
    }
    return defs;
}

void ll_c_defs_free(ll_c_defs *defs)
{
    if (!defs)
        return;
    for (int i = 0; i < defs->n; i++) {
        free(defs->defs[i].params);
        free(defs->defs[i].body);
    }
    free(defs->defs);
    free(defs->path);
    free(defs);
}

const char *ll_c_defs_path(const ll_c_defs *defs)
{
    return defs->path;
}

/* ---- expansion ---- */

static const c_def *find_def(const ll_c_defs *defs, const char *name)
{
    /* the last definition of a name wins */
    for (int i = defs->n - 1; i >= 0; i--)
        if (!strcmp(defs->defs[i].name, name))
            return &defs->defs[i];
    return NULL;
}

static bool is_native(const char *name)
{
    if (!strncmp(name, "__", 2))
        return true;
    for (size_t i = 0; i < sizeof native / sizeof *native; i++)
        if (!strcmp(native[i], name))
            return true;
    return false;
}

/* The call's arguments as text (c->tok is its '('), up to its ')';
 * *made: the buffers to free. */
static int call_args(c_lower *c, const c_def *m, ll_buf **args, int *made)
{
    ll_pos open = c->tok.pos;
    c_next(c);
    int n = 0, cap = 0, depth = 0;
    *made = 0;
    bool empty = true;
    if (c_is(&c->tok, ")")) {
        c_next(c);
        return 0;
    }
    for (;;) {
        if (c->tok.kind == C_EOF)
            c_fail(c, open, "unterminated call of macro '%s'", m->name);
        bool end = depth == 0 && (c_is(&c->tok, ",") || c_is(&c->tok, ")"));
        if (end) {
            if (empty)
                c_fail(c, c->tok.pos, "empty argument to macro '%s'",
                       m->name);
            n++;
            empty = true;
            bool last = c_is(&c->tok, ")");
            c_next(c);
            if (last)
                return n;
            continue;
        }
        if (c_is(&c->tok, "(") || c_is(&c->tok, "[") || c_is(&c->tok, "{"))
            depth++;
        else if (c_is(&c->tok, ")") || c_is(&c->tok, "]") ||
                 c_is(&c->tok, "}"))
            depth--;
        for (; *made <= n; ++*made) {
            ll_grow((void **)args, &cap, *made + 1, sizeof **args);
            memset(&(*args)[*made], 0, sizeof **args);
        }
        ll_buf_printf(&(*args)[n], "%s ", c->tok.text);
        empty = false;
        c_next(c);
    }
}

bool c_def_is_block(const c_lower *c, const char *name)
{
    const c_def *m = find_def(c->defs, name);
    return m && m->block;
}

bool c_def_call(c_lower *c, const c_tok *name, c_val *out)
{
    const c_def *m = find_def(c->defs, name->text);
    if (!m) {
        if (is_native(name->text))
            return false;
        c_fail(c, name->pos, "unknown macro '%s' (%s does not define it)",
               name->text, c->defs->path);
    }
    if (c->expanding >= LL_MAX_MACRO_DEPTH)
        c_fail(c, name->pos, "macro '%s' expands too deeply (does it use "
               "itself?)", m->name);
    if (!c_is(&c->tok, "("))
        c_fail(c, c->tok.pos, "expected '(' after macro '%s'", m->name);
    ll_buf *args = NULL;
    int made;
    int n = call_args(c, m, &args, &made);
    ll_buf text = {0};
    bool bad = n != m->n_params;
    for (int i = 0; !bad && i < m->n_body; i++) {
        const c_tok *t = &m->body[i];
        int p = 0;
        while (t->kind == C_NAME && p < m->n_params &&
               strcmp(m->params[p].text, t->text))
            p++;
        if (t->kind == C_NAME && p < m->n_params)
            ll_buf_printf(&text, "(%s) ", ll_buf_str(&args[p]));
        else
            ll_buf_printf(&text, "%s ", t->text);
    }
    for (int i = 0; i < made; i++)
        ll_buf_free(&args[i]);
    free(args);
    if (bad) {
        ll_buf_free(&text);
        c_fail(c, name->pos, "macro '%s' takes %d argument%s, given %d",
               m->name, m->n_params, m->n_params == 1 ? "" : "s", n);
    }
    /* the text lives as long as the lowering (an error unwinds) */
    ll_grow((void **)&c->pool, &c->cap_pool, c->n_pool + 1, sizeof *c->pool);
    c->pool[c->n_pool++] = text.data;
    const char *src = c->src;
    size_t len = c->len, off = c->off;
    int line = c->line, col = c->col;
    c_tok tok = c->tok, peek = c->peek;
    bool has_peek = c->has_peek, pinned = c->pinned;
    ll_pos pin = c->pin;
    c->src = text.data;
    c->len = text.len;
    c->off = 0;
    c->has_peek = false;
    c->pinned = true;
    c->pin = name->pos;
    c->expanding++;
    c_next(c);
    *out = c_imm(0);
    if (m->block)
        c_statement(c);
    else
        *out = c_expr(c);
    if (c->tok.kind != C_EOF)
        c_fail(c, name->pos, "unexpected '%s' in the expansion of macro "
               "'%s'", c->tok.text, m->name);
    c->expanding--;
    c->src = src;
    c->len = len;
    c->off = off;
    c->line = line;
    c->col = col;
    c->tok = tok;
    c->peek = peek;
    c->has_peek = has_peek;
    c->pinned = pinned;
    c->pin = pin;
    return true;
}
