/* test_print.c — a test printed back in normalised litmus syntax: one
 * spelling for each form, the code table in aligned columns. Reading the
 * output again gives the same tree, hence the same output. */
#include "reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_init_item(const ll_init *in, ll_buf *out)
{
    if (in->type) {
        ll_buf_puts(out, in->type);
        ll_buf_putc(out, ' ');
    }
    if (in->pointer)
        ll_buf_putc(out, '*');
    ll_loc_print(&in->loc, in->bracketed, out);
    if (in->array_len)
        ll_buf_printf(out, "[%d]", in->array_len);
    if (in->has_value) {
        ll_buf_puts(out, in->type || in->pointer ? " = " : "=");
        if (in->array_len) {
            ll_buf_putc(out, '{');
            for (int i = 0; i < in->n_array_vals; i++) {
                if (i)
                    ll_buf_puts(out, ", ");
                ll_value_print_written(&in->array_vals[i], out);
            }
            ll_buf_putc(out, '}');
        } else {
            if (in->pointer && in->value.is_sym)
                ll_buf_putc(out, '&');
            ll_value_print_written(&in->value, out);
        }
    }
    ll_buf_putc(out, ';');
}

/* Items of one thread share a line; memory items share another. */
static void print_init(const ll_test *t, ll_buf *out)
{
    ll_buf_puts(out, "{\n");
    for (int i = 0; i < t->n_init; i++) {
        if (i && t->init[i].loc.proc == t->init[i - 1].loc.proc)
            ll_buf_putc(out, ' ');
        else if (i)
            ll_buf_putc(out, '\n');
        print_init_item(&t->init[i], out);
    }
    ll_buf_puts(out, t->n_init ? "\n}\n" : "}\n");
}

static char *cell_text(const ll_test *t, const ll_stmt *st)
{
    ll_buf b = {0};
    if (st->label) {
        ll_buf_puts(&b, st->label);
        ll_buf_putc(&b, ':');
        if (st->has_instr)
            ll_buf_putc(&b, ' ');
    }
    if (st->has_instr)
        t->arch->print_instr(&st->instr, &b);
    if (!b.data)
        ll_buf_puts(&b, "");
    return b.data;
}

static void print_row(char **cells, const size_t *widths, int n, ll_buf *out)
{
    for (int c = 0; c < n; c++) {
        ll_buf_printf(out, " %-*s %c", (int)widths[c], cells[c],
                      c + 1 < n ? '|' : ';');
    }
    ll_buf_putc(out, '\n');
}

static void print_table(const ll_test *t, ll_buf *out)
{
    int n = t->n_threads, rows = n ? t->threads[0].n_stmts : 0;
    char **cells = ll_xcalloc((size_t)(rows + 1) * (size_t)n, sizeof *cells);
    size_t *widths = ll_xcalloc((size_t)n, sizeof *widths);
    for (int c = 0; c < n; c++) {
        cells[c] = ll_xmalloc(16);
        snprintf(cells[c], 16, "P%d", c);
        for (int r = 0; r < rows; r++)
            cells[(r + 1) * n + c] = cell_text(t, &t->threads[c].stmts[r]);
        for (int r = 0; r <= rows; r++) {
            size_t w = strlen(cells[r * n + c]);
            if (w > widths[c])
                widths[c] = w;
        }
    }
    for (int r = 0; r <= rows; r++)
        print_row(cells + r * n, widths, n, out);
    for (int i = 0; i < (rows + 1) * n; i++)
        free(cells[i]);
    free(cells);
    free(widths);
}

static void print_c_threads(const ll_test *t, ll_buf *out)
{
    for (int i = 0; i < t->n_threads; i++) {
        const ll_thread *th = &t->threads[i];
        ll_buf_printf(out, "\nP%d(", th->proc);
        for (int p = 0; p < th->n_params; p++) {
            const char *type = th->params[p].type;
            size_t n = strlen(type);
            ll_buf_printf(out, "%s%s%s%s", p ? ", " : "", type,
                          n && type[n - 1] == '*' ? "" : " ",
                          th->params[p].name);
        }
        ll_buf_printf(out, ") {%s}\n", th->c_body ? th->c_body : "");
    }
    ll_buf_putc(out, '\n');
}

void ll_test_print(const ll_test *t, ll_buf *out)
{
    ll_buf_printf(out, "%s %s\n", t->arch_name, t->name);
    if (t->doc)
        ll_buf_printf(out, "\"%s\"\n", t->doc);
    for (int i = 0; i < t->n_meta; i++)
        ll_buf_printf(out, "%s=%s\n", t->meta[i].key, t->meta[i].value);
    print_init(t, out);
    if (t->arch)
        print_table(t, out);
    else
        print_c_threads(t, out);
    if (t->has_locations) {
        ll_buf_puts(out, "locations [");
        for (int i = 0; i < t->n_locations; i++) {
            ll_loc_print(&t->locations[i], false, out);
            ll_buf_puts(out, i + 1 < t->n_locations ? "; " : ";");
        }
        ll_buf_puts(out, "]\n");
    }
    if (t->filter) {
        ll_buf_puts(out, "filter ");
        ll_prop_print_style(t->filter, false, out);
        ll_buf_putc(out, '\n');
    }
    ll_cond_print_style(&t->cond, false, out);
    ll_buf_putc(out, '\n');
}
