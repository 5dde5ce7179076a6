/* state.c — final states: building them in herd7's order, reading and
 * printing state lines in herd7's and litmus7's spellings, and evaluating
 * conditions on them. */
#include "litmuslab/state.h"
#include "litmuslab/arch.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Names compare as herd7 sorts registers: digit runs by numeric value, so
 * `r4` < `r10` (litmus7 prints them in plain string order, which is why
 * states are re-sorted on reading). */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            while (*a == '0' && isdigit((unsigned char)a[1]))
                a++;
            while (*b == '0' && isdigit((unsigned char)b[1]))
                b++;
            size_t la = 0, lb = 0;
            while (isdigit((unsigned char)a[la]))
                la++;
            while (isdigit((unsigned char)b[lb]))
                lb++;
            if (la != lb)
                return la < lb ? -1 : 1;
            int c = strncmp(a, b, la);
            if (c)
                return c;
            a += la;
            b += lb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return *a ? 1 : *b ? -1 : 0;
}

/* The order of two register names when one is of a family (herd7
 * lists some architectures' named registers by their type: each
 * family sorts as one block at its anchor, ll_arch_reg_family); 0 when
 * neither is (their names decide). */
static int family_cmp(const char *a, const char *b)
{
    int ra, rb;
    const char *ka = ll_arch_reg_family(a, &ra);
    const char *kb = ll_arch_reg_family(b, &rb);
    if (ra < 0 && rb < 0)
        return 0;
    int c = natural_cmp(ka ? ka : a, kb ? kb : b);
    return c ? c : ra - rb;
}

/* A register named `r` and a signed decimal (`r-10`): its number. */
static bool signed_reg(const char *s, long long *n)
{
    if (s[0] != 'r' || !(isdigit((unsigned char)s[1]) ||
                         (s[1] == '-' && isdigit((unsigned char)s[2]))))
        return false;
    char *end;
    *n = strtoll(s + 1, &end, 10);
    return !*end;
}

/* herd7 orders a zero register (XZR, WZR) before the numbered
 * ones of its thread (0:XZR=0; 0:X0=0;, its regression tests A164-A165),
 * and registers numbered by any integer by that integer (r-10, r-5, r1:
 * litmus/lisa/LISA+registers-past-r127). */
static int reg_cmp(const char *a, const char *b)
{
    bool za = !strcmp(a, "XZR") || !strcmp(a, "WZR");
    bool zb = !strcmp(b, "XZR") || !strcmp(b, "WZR");
    if (za != zb)
        return za ? -1 : 1;
    long long na, nb;
    if (signed_reg(a, &na) && signed_reg(b, &nb) && (na < 0 || nb < 0))
        return na < nb ? -1 : na > nb;
    int c = family_cmp(a, b);
    return c ? c : natural_cmp(a, b);
}

/* Registers first (by thread, then name), then memory (by name, index).
 * Register ids are ignored on purpose: a state read from a log has none,
 * and it must still equal the model's state. */
int ll_loc_cmp(const ll_loc *a, const ll_loc *b)
{
    bool ra = a->proc >= 0, rb = b->proc >= 0;
    if (ra != rb)
        return ra ? -1 : 1;
    if (ra && a->proc != b->proc)
        return a->proc < b->proc ? -1 : 1;
    /* herd7 shows locations before array elements: [x]=3; A[1]=3; */
    if (!ra && (a->index < 0) != (b->index < 0))
        return a->index < 0 ? -1 : 1;
    /* herd7 orders a C test's locals as strings (r10 before r8) */
    bool named = a->reg == LL_REG_NAMED || b->reg == LL_REG_NAMED;
    int c = ra && !named ? reg_cmp(a->name, b->name) : strcmp(a->name, b->name);
    if (c)
        return c < 0 ? -1 : 1;
    if (a->index != b->index)
        return a->index < b->index ? -1 : 1;
    return 0;
}

static int value_cmp(const ll_value *a, const ll_value *b)
{
    if (a->undet != b->undet)
        return a->undet ? -1 : 1;
    if (a->is_sym != b->is_sym)
        return a->is_sym ? 1 : -1;
    if (a->is_sym)
        return strcmp(a->sym, b->sym);
    return a->num < b->num ? -1 : a->num > b->num ? 1 : 0;
}

int ll_state_cmp(const ll_state *a, const ll_state *b)
{
    for (int i = 0; i < a->n && i < b->n; i++) {
        int c = ll_loc_cmp(&a->b[i].loc, &b->b[i].loc);
        if (!c)
            c = value_cmp(&a->b[i].value, &b->b[i].value);
        if (c)
            return c < 0 ? -1 : 1;
    }
    return a->n < b->n ? -1 : a->n > b->n ? 1 : 0;
}

static void value_copy(ll_value *dst, const ll_value *src)
{
    dst->is_sym = src->is_sym;
    dst->undet = src->undet;
    dst->num = src->num;
    dst->sym = src->is_sym && src->sym ? ll_xstrdup(src->sym) : NULL;
    dst->text = NULL;    /* states compare and print numbers in decimal */
}

void ll_state_set(ll_state *s, const ll_loc *loc, const ll_value *v)
{
    int lo = 0, hi = s->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = ll_loc_cmp(&s->b[mid].loc, loc);
        if (c == 0) {
            free(s->b[mid].value.sym);
            value_copy(&s->b[mid].value, v);
            return;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    ll_grow((void **)&s->b, &s->cap, s->n + 1, sizeof *s->b);
    memmove(&s->b[lo + 1], &s->b[lo], (size_t)(s->n - lo) * sizeof *s->b);
    ll_binding *nb = &s->b[lo];
    nb->loc = *loc;
    nb->loc.name = ll_xstrdup(loc->name);
    nb->loc.spelled = NULL;
    value_copy(&nb->value, v);
    s->n++;
}

void ll_state_clear(ll_state *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->b[i].loc.name);
        free(s->b[i].value.sym);
    }
    free(s->b);
    s->b = NULL;
    s->n = s->cap = 0;
}

const ll_value *ll_state_get(const ll_state *s, const ll_loc *loc)
{
    int lo = 0, hi = s->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = ll_loc_cmp(&s->b[mid].loc, loc);
        if (c == 0)
            return &s->b[mid].value;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* ---- reading ---- */

static bool name_start(char c)
{
    return isalpha((unsigned char)c) || c == '_' || c == '%' || c == '$';
}

static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

static const char *skip_spaces(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

/* `[idx]` after a name; *p is at '['. */
static bool parse_index(const char **p, int *index)
{
    const char *q = *p + 1;
    if (!isdigit((unsigned char)*q))
        return false;
    long v = 0;
    while (isdigit((unsigned char)*q) && v < 1000000)
        v = v * 10 + (*q++ - '0');
    if (*q != ']')
        return false;
    *index = (int)v;
    *p = q + 1;
    return true;
}

/* One location: `0:r3`, `x`, `[x]`, `x[2]`, `[x[2]]`. */
static bool parse_loc(const char **pp, ll_loc *loc, const char **err)
{
    const char *p = *pp;
    loc->proc = -1;
    loc->reg = -1;
    loc->index = -1;
    loc->name = NULL;
    bool bracket = *p == '[';
    if (bracket)
        p++;
    if (!bracket && isdigit((unsigned char)*p)) {
        long proc = 0;
        while (isdigit((unsigned char)*p) && proc < 100000)
            proc = proc * 10 + (*p++ - '0');
        if (*p != ':') {
            *err = "expected ':' after a thread number";
            return false;
        }
        p++;
        loc->proc = (int)proc;
    }
    if (!name_start(*p)) {
        *err = "expected a location name";
        return false;
    }
    const char *start = p;
    /* a register's name may hold `-` and a digit (`0:r-1`, reg_cmp) */
    while (name_char(*p) ||
           (loc->proc >= 0 && *p == '-' && isdigit((unsigned char)p[1])))
        p++;
    size_t len = (size_t)(p - start);
    if (*p == '[' && !parse_index(&p, &loc->index)) {
        *err = "bad array index";
        return false;
    }
    if (bracket) {
        if (*p != ']') {
            *err = "expected ']'";
            return false;
        }
        p++;
    }
    loc->name = ll_xstrndup(start, len);
    *pp = p;
    return true;
}

static bool parse_value(const char **pp, ll_value *v, const char **err)
{
    const char *p = *pp;
    v->is_sym = false;
    v->num = 0;
    v->sym = NULL;
    if (name_start(*p)) {
        /* herd7's addresses and code labels: `x`, `b+24`, `label:"P1:L0"` */
        const char *start = p;
        while (name_char(*p))
            p++;
        if (p[0] == ':' && p[1] == '"' && strchr(p + 2, '"'))
            p = strchr(p + 2, '"') + 1;
        if (*p == '+' && isdigit((unsigned char)p[1]))
            for (p++; isdigit((unsigned char)*p); p++)
                ;
        v->is_sym = true;
        v->sym = ll_xstrndup(start, (size_t)(p - start));
        *pp = p;
        return true;
    }
    if (*p == '{') {    /* herd7's whole array, x={1,2}: kept as written */
        const char *close = strchr(p, '}');
        if (!close) {
            *err = "expected '}'";
            return false;
        }
        v->is_sym = true;
        v->sym = ll_xstrndup(p, (size_t)(close + 1 - p));
        *pp = close + 1;
        return true;
    }
    const char *start = p;
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p)) {
        *err = "expected a value";
        return false;
    }
    errno = 0;
    char *end;
    long long n = strtoll(start, &end, 0);
    if (errno == ERANGE && *start != '-') {
        /* an unsigned 64-bit value as herd7 and litmus7 print it
           (18446744073709551615): its bits, as the model holds it */
        errno = 0;
        n = (long long)strtoull(start, &end, 0);
    }
    if (errno == ERANGE) {
        *err = "value out of range";
        return false;
    }
    v->num = n;
    *pp = end;
    return true;
}

bool ll_state_parse(const char *text, ll_state *out, ll_diag *d)
{
    const char *p = skip_spaces(text);
    while (*p && *p != '\n') {
        const char *err = NULL;
        const char *at = p, *loc_at = p;
        ll_loc loc;
        ll_value v = {0};
        if (!parse_loc(&p, &loc, &err))
            goto fail;
        at = p = skip_spaces(p);
        if (*p != '=') {
            err = "expected '='";
            free(loc.name);
            goto fail;
        }
        at = p = skip_spaces(p + 1);
        if (!parse_value(&p, &v, &err)) {
            free(loc.name);
            goto fail;
        }
        at = p = skip_spaces(p);
        if (*p != ';' && *p && *p != '\n') {
            err = "expected ';'";
            free(loc.name);
            free(v.sym);
            goto fail;
        }
        if (v.is_sym && v.sym[0] == '{' && loc.proc < 0 && loc.index < 0) {
            /* herd7's whole array x={0,1}: its elements, as hwrun and
               litmus7 show them (herd7 may show x[0]=0 beside it) */
            const char *q = v.sym + 1;
            for (int i = 0; *q != '}'; i++) {
                ll_value e = {0};
                if (!parse_value(&q, &e, &err) || (*q != ',' && *q != '}')) {
                    free(e.sym);
                    err = err ? err : "expected ',' or '}'";
                    free(loc.name);
                    free(v.sym);
                    goto fail;
                }
                loc.index = i;
                ll_state_set(out, &loc, &e);
                free(e.sym);
                q += *q == ',';
            }
        } else if (ll_state_get(out, &loc) &&
                   value_cmp(ll_state_get(out, &loc), &v) != 0) {
            err = "location bound twice";
            at = loc_at;
            free(loc.name);
            free(v.sym);
            goto fail;
        } else {
            ll_state_set(out, &loc, &v);
        }
        free(loc.name);
        free(v.sym);
        if (*p == ';')
            p++;
        p = skip_spaces(p);
        continue;
    fail:
        ll_diag_set(d, 0, (int)(at - text) + 1, "bad state: %s", err);
        return false;
    }
    return true;
}

/* ---- printing ---- */

/* herd7 brackets a memory location, `[x]=1;`, but not an array element,
 * `x[1]=1;`. */
static void print_binding(const ll_binding *b, bool herd, ll_buf *out)
{
    bool mem = b->loc.proc < 0;
    bool bracket = mem && herd && b->loc.index < 0 &&
                   !(b->value.is_sym && b->value.sym[0] == '{'); /* x={1,2} */
    if (bracket)
        ll_buf_putc(out, '[');
    if (!mem) {
        ll_buf_put_i64(out, b->loc.proc);
        ll_buf_putc(out, ':');
    }
    ll_buf_puts(out, b->loc.name);
    if (b->loc.index >= 0) {
        ll_buf_putc(out, '[');
        ll_buf_put_i64(out, b->loc.index);
        ll_buf_putc(out, ']');
    }
    if (bracket)
        ll_buf_putc(out, ']');
    ll_buf_putc(out, '=');
    if (b->value.is_sym)
        ll_buf_puts(out, b->value.sym);
    else
        ll_buf_put_i64(out, b->value.num);
    ll_buf_putc(out, ';');
}

/* litmus7 sorts a thread's registers as plain strings (`r10` < `r4`),
 * but the families of named ones as herd7 does (`1:rbx; 1:rsi; 1:rdi;`
 * in the harness litmus7 writes for the reg-order tests). */
static int litmus_order(const void *pa, const void *pb)
{
    const ll_binding *a = *(const ll_binding *const *)pa;
    const ll_binding *b = *(const ll_binding *const *)pb;
    bool named = a->loc.reg == LL_REG_NAMED || b->loc.reg == LL_REG_NAMED;
    if (a->loc.proc >= 0 && b->loc.proc >= 0 && a->loc.proc == b->loc.proc &&
        !named) {
        int c = family_cmp(a->loc.name, b->loc.name);
        return c ? c : strcmp(a->loc.name, b->loc.name);
    }
    return ll_loc_cmp(&a->loc, &b->loc);
}

static void print_state(const ll_state *s, bool herd, ll_buf *out)
{
    const ll_binding *small[16];
    const ll_binding **order =
        s->n <= 16 ? small : ll_xmalloc((size_t)s->n * sizeof *order);
    for (int i = 0; i < s->n; i++)
        order[i] = &s->b[i];
    if (!herd)
        qsort(order, (size_t)s->n, sizeof *order, litmus_order);
    for (int i = 0; i < s->n; i++) {
        if (i)
            ll_buf_putc(out, ' ');
        print_binding(order[i], herd, out);
    }
    if (order != small)
        free(order);
}

void ll_state_print_herd(const ll_state *s, ll_buf *out)
{
    print_state(s, true, out);
}

void ll_state_print_litmus(const ll_state *s, ll_buf *out)
{
    print_state(s, false, out);
}

/* ---- conditions ---- */

static bool value_eq(const ll_value *a, const ll_value *b)
{
    return value_cmp(a, b) == 0;
}

bool ll_prop_eval(const ll_prop *p, const ll_state *s, bool *missing)
{
    if (!p)
        return true;
    switch (p->kind) {
    case LL_PROP_TRUE:
        return true;
    case LL_PROP_FALSE:
        return false;
    case LL_PROP_ATOM: {
        const ll_value *v = ll_state_get(s, &p->loc);
        const ll_value *w = p->place ? ll_state_get(s, p->place) : &p->value;
        if (!v || !w) {
            if (missing)
                *missing = true;
            return false;
        }
        return value_eq(v, w);
    }
    case LL_PROP_NOT:
        return !ll_prop_eval(p->lhs, s, missing);
    case LL_PROP_AND:
        return ll_prop_eval(p->lhs, s, missing) &&
               ll_prop_eval(p->rhs, s, missing);
    case LL_PROP_OR:
        return ll_prop_eval(p->lhs, s, missing) ||
               ll_prop_eval(p->rhs, s, missing);
    case LL_PROP_IMPLIES:
        return !ll_prop_eval(p->lhs, s, missing) ||
               ll_prop_eval(p->rhs, s, missing);
    }
    return false;
}

bool ll_prop_state(const ll_prop *p, ll_state *out)
{
    if (!p)
        return false;
    if (p->kind == LL_PROP_AND)
        return ll_prop_state(p->lhs, out) && ll_prop_state(p->rhs, out);
    if (p->kind != LL_PROP_ATOM || p->place)
        return false;
    const ll_value *had = ll_state_get(out, &p->loc);
    if (had && !value_eq(had, &p->value))
        return false;     /* x=1 /\ x=2: no state */
    ll_state_set(out, &p->loc, &p->value);
    return true;
}

bool ll_cond_holds(const ll_cond *c, const ll_state *states, int n_states)
{
    uint64_t yes = 0, no = 0;
    for (int i = 0; i < n_states; i++) {
        if (ll_prop_eval(c->prop, &states[i], NULL))
            yes++;
        else
            no++;
    }
    return ll_quant_holds(c->quant, yes, no);
}
