/* test_hash.c — herd7's test digest, the `Hash=` line: the MD5 of three MD5s,
 * of the init block (sorted, one `loc=value` per location), of the code
 * (herd7's instruction spelling, labels renamed L00, L01, ... in name
 * order, laid out as herd7 prints a program; a C test's code is its
 * functions' text, lib/test_hash_c.c) and of the shown locations.
 * Checked against herd7's logs: equal on every corpus test. */
#include "litmuslab/hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash_int.h"
#include "litmuslab/arch.h"
#include "litmuslab/md5.h"

/* A location as herd7 orders them: registers (thread, then name as
 * strings), then symbolic registers, then memory (by name). */
typedef struct place {
    int kind;               /* 0 register, 1 symbolic register, 2 memory */
    int proc;
    const char *name;
    int index;
} place;

/* herd7 digests a register under the name the test gave it, even where
 * its logs show another (an alias `a0` shown as `x10`). */
static place place_of(const ll_loc *l)
{
    place p = {2, l->proc, l->spelled ? l->spelled : l->name, l->index};
    if (l->proc >= 0)
        p.kind = 0;
    else if (l->name[0] == '%')
        p.kind = 1;
    return p;
}

static int place_cmp(const place *a, const place *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->kind == 0 && a->proc != b->proc)
        return a->proc < b->proc ? -1 : 1;
    /* herd7 puts a location before an array element (ll_loc_cmp) */
    if (a->kind == 2 && (a->index < 0) != (b->index < 0))
        return a->index < 0 ? -1 : 1;
    int c = strcmp(a->name, b->name);
    if (c)
        return c;
    return a->index < b->index ? -1 : a->index > b->index;
}

static void put_place(const place *p, ll_buf *b)
{
    if (p->kind == 0)
        ll_buf_printf(b, "%d:%s", p->proc, p->name);
    else    /* a symbolic register goes without its % */
        ll_buf_puts(b, p->name + (p->kind == 1));
    if (p->index >= 0)
        ll_buf_printf(b, "[%d]", p->index);
}

typedef struct init_item {
    place p;
    const ll_init *in;
} init_item;

static int init_cmp(const void *a, const void *b)
{
    const init_item *x = a, *y = b;
    int c = place_cmp(&x->p, &y->p);
    /* keep the file's order among equals (herd7's sort is stable) */
    return c ? c : (x->in < y->in ? -1 : x->in > y->in);
}

/* herd7 digests a number as the file spelt it (0xffffffff, 0x0), and a
 * code label, kept as `label:"P0:L0"`, as `0:L0`. */
static void put_value(const ll_value *v, ll_buf *b)
{
    if (v->is_sym && strncmp(v->sym, "label:\"P", 8) == 0) {
        ll_buf_putn(b, v->sym + 8, strlen(v->sym + 8) - 1);
        return;
    }
    const char *open = v->is_sym ? strchr(v->sym, '[') : NULL;
    if (open && open != v->sym) {   /* herd7 holds `x[2]` as x+2 */
        long long k = strtoll(open + 1, NULL, 10);
        ll_buf_putn(b, v->sym, (size_t)(open - v->sym));
        if (k)
            ll_buf_printf(b, "+%lld", k);
        return;
    }
    ll_value_print_written(v, b);
}

static void init_text(const ll_test *t, ll_buf *b)
{
    init_item *items = ll_xcalloc((size_t)t->n_init + 1, sizeof *items);
    for (int i = 0; i < t->n_init; i++) {
        items[i].p = place_of(&t->init[i].loc);
        items[i].in = &t->init[i];
    }
    if (t->n_init > 1)
        qsort(items, (size_t)t->n_init, sizeof *items, init_cmp);
    for (int i = 0; i < t->n_init; i++) {
        if (i > 0 && !place_cmp(&items[i - 1].p, &items[i].p))
            continue;
        const ll_init *in = items[i].in;
        if (b->len)
            ll_buf_puts(b, "; ");
        if (in->type)
            ll_buf_printf(b, "%s %s", in->type, in->pointer ? "*" : "");
        put_place(&items[i].p, b);
        if (in->array_len > 0) {
            ll_buf_printf(b, "[%d]", in->array_len);
            continue;
        }
        ll_buf_putc(b, '=');
        if (in->has_value)
            put_value(&in->value, b);
        else
            ll_buf_putc(b, '0');
    }
    free(items);
}

/* ---- code ---- */

typedef struct labels {
    int n;
    const char **names;      /* sorted, unique */
} labels;

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether herd7's digest leaves in's labels as written (a call's). */
static bool label_as_written(const ll_test *t, const ll_instr *in)
{
    return t->arch && t->arch->label_as_written &&
           t->arch->label_as_written(in);
}

static void collect_labels(const ll_test *t, labels *l)
{
    int cap = 0;
    for (int p = 0; p < t->n_threads; p++)
        for (int i = 0; i < t->threads[p].n_stmts; i++) {
            const ll_stmt *s = &t->threads[p].stmts[i];
            const char *found[1 + LL_MAX_OPERANDS];
            int k = 0;
            if (s->label)
                found[k++] = s->label;
            int64_t rel;
            bool kept = s->has_instr && label_as_written(t, &s->instr);
            for (int o = 0; s->has_instr && !kept && o < s->instr.n_ops; o++)
                if (s->instr.ops[o].kind == LL_OPND_LABEL &&
                    !ll_label_relative(s->instr.ops[o].sym, &rel))
                    found[k++] = s->instr.ops[o].sym;
            for (int j = 0; j < k; j++) {
                ll_grow((void **)&l->names, &cap, l->n + 1, sizeof *l->names);
                l->names[l->n++] = found[j];
            }
        }
    if (l->n > 1)
        qsort(l->names, (size_t)l->n, sizeof *l->names, str_cmp);
    int n = 0;
    for (int i = 0; i < l->n; i++)
        if (!n || strcmp(l->names[n - 1], l->names[i]))
            l->names[n++] = l->names[i];
    l->n = n;
}

static void new_label(const labels *l, const char *name, char out[16])
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->names[i], name)) {
            snprintf(out, 16, "L%02d", i);
            return;
        }
    snprintf(out, 16, "%s", name);
}

static void code_text(const ll_test *t, ll_buf *b)
{
    labels l = {0};
    collect_labels(t, &l);
    int n = t->n_threads;
    ll_buf *col = ll_xcalloc((size_t)n + 1, sizeof *col);  /* lines, \n */
    int *rows = ll_xcalloc((size_t)n + 1, sizeof *rows);
    size_t *width = ll_xcalloc((size_t)n + 1, sizeof *width);
    int max_rows = 0;
    for (int p = 0; p < n; p++) {
        const ll_thread *th = &t->threads[p];
        for (int i = 0; i < th->n_stmts; i++) {
            const ll_stmt *s = &th->stmts[i];
            ll_buf cell = {0};
            char name[16];
            if (s->label) {
                new_label(&l, s->label, name);
                ll_buf_printf(&col[p], "%s:\n", name);
                width[p] = strlen(name) + 1 > width[p] ? strlen(name) + 1
                                                       : width[p];
                rows[p]++;
            }
            if (!s->has_instr || !t->arch)
                continue;
            ll_instr in = s->instr;        /* shallow: labels renamed */
            char renamed[LL_MAX_OPERANDS][16];
            bool kept = label_as_written(t, &in);
            /* a location operand naming a code label (an address
               taken of it, `la x10,L0`) is that label, renamed too */
            for (int o = 0; o < in.n_ops && !kept; o++)
                if (in.ops[o].kind == LL_OPND_LABEL ||
                    (in.ops[o].kind == LL_OPND_SYM && in.ops[o].sym && l.n &&
                     !t->arch->labels_apart &&
                     bsearch(&in.ops[o].sym, l.names, (size_t)l.n,
                             sizeof *l.names, str_cmp))) {
                    new_label(&l, in.ops[o].sym, renamed[o]);
                    in.ops[o].sym = renamed[o];
                }
            ll_buf text = {0};
            t->arch->print_instr(&in, &text);
            if (t->arch->herd_spelling)
                t->arch->herd_spelling(ll_buf_str(&text), &cell);
            else
                ll_buf_puts(&cell, ll_buf_str(&text));
            ll_buf_free(&text);
            ll_buf_printf(&col[p], "%s\n", ll_buf_str(&cell));
            if (cell.len > width[p])
                width[p] = cell.len;
            rows[p]++;
            ll_buf_free(&cell);
        }
        if (rows[p] > max_rows)
            max_rows = rows[p];
    }
    const char **at = ll_xcalloc((size_t)n + 1, sizeof *at);
    for (int p = 0; p < n; p++)
        at[p] = ll_buf_str(&col[p]);
    for (int r = 0; r < max_rows; r++) {
        for (int p = 0; p < n; p++) {
            const char *line = "";
            int len = 0;
            if (r < rows[p]) {
                line = at[p];
                len = (int)strcspn(line, "\n");
                at[p] += len + 1;
            }
            ll_buf_printf(b, "%s %-*.*s ", p ? "|" : "", (int)width[p], len,
                          line);
        }
        ll_buf_puts(b, ";\n");
    }
    for (int p = 0; p < n; p++)
        ll_buf_free(&col[p]);
    free(col);
    free(rows);
    free(width);
    free(at);
    free(l.names);
}

/* ---- shown locations ---- */

static void add_places(const ll_prop *p, place **v, int *n, int *cap)
{
    if (!p)
        return;
    if (p->kind == LL_PROP_ATOM) {
        ll_grow((void **)v, cap, *n + 1, sizeof **v);
        (*v)[(*n)++] = place_of(&p->loc);
        if (p->whole)   /* x={7,8}: herd7 shows x, whole */
            (*v)[*n - 1].index = -1;
        if (p->place) {
            ll_grow((void **)v, cap, *n + 1, sizeof **v);
            (*v)[(*n)++] = place_of(p->place);
        }
        return;
    }
    add_places(p->lhs, v, n, cap);
    add_places(p->rhs, v, n, cap);
}

static int place_qcmp(const void *a, const void *b)
{
    return place_cmp(a, b);
}

static void shown_text(const ll_test *t, ll_buf *b)
{
    place *v = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < t->n_locations; i++) {
        ll_grow((void **)&v, &cap, n + 1, sizeof *v);
        v[n++] = place_of(&t->locations[i]);
    }
    add_places(t->cond.prop, &v, &n, &cap);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, place_qcmp);
    for (int i = 0; i < n; i++) {
        if (i > 0 && !place_cmp(&v[i - 1], &v[i]))
            continue;
        if (b->len)
            ll_buf_puts(b, "; ");
        put_place(&v[i], b);
    }
    free(v);
}

char *ll_test_hash(const ll_test *t)
{
    ll_buf parts[3] = {{0}, {0}, {0}};
    init_text(t, &parts[0]);
    if (t->arch)
        code_text(t, &parts[1]);
    else
        ll_hash_c_code(t, &parts[1]);
    shown_text(t, &parts[2]);
    unsigned char all[48], d[16];
    for (int i = 0; i < 3; i++) {
        ll_md5(ll_buf_str(&parts[i]), parts[i].len, all + 16 * i);
        ll_buf_free(&parts[i]);
    }
    ll_md5(all, sizeof all, d);
    char *hex = ll_xmalloc(33);
    ll_md5_hex(d, hex);
    return hex;
}
