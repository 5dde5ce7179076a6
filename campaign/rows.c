/* rows.c — compare's CSV reports (tests.csv, outcomes.csv) read back by
 * their header's column names: the files are the interface between
 * compare and the campaign's summary (summary.c) and relaxation table
 * (relax.c), not compare's code. */
#include "campaign/campaign.h"

#include <csv.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { COL_TEST, COL_STATE, COL_STATUS, N_COLS };

typedef struct csv_reader {
    cp_rows *rows;
    bool with_state;
    int line;              /* rows seen, header included */
    int col;               /* field index within the row */
    int index[N_COLS];     /* column of each wanted field, from the header */
    char *fields[N_COLS];  /* the current row's wanted fields */
} csv_reader;

static const char *const col_names[N_COLS] = {"test", "state", "status"};

static void on_field(void *data, size_t len, void *arg)
{
    csv_reader *r = arg;
    const char *s = data ? data : "";
    /* compare's guard against spreadsheet formulas, taken off again */
    if (len >= 2 && s[0] == '\'' && strchr("=+-@\t\r", s[1]))
        s++, len--;
    for (int c = 0; c < N_COLS; c++) {
        if (r->line == 0 && len == strlen(col_names[c]) &&
            !memcmp(s, col_names[c], len))
            r->index[c] = r->col;
        else if (r->line > 0 && r->index[c] == r->col) {
            free(r->fields[c]);
            r->fields[c] = ll_xstrndup(s, len);
        }
    }
    r->col++;
}

static void on_row(int term, void *arg)
{
    (void)term;
    csv_reader *r = arg;
    if (r->line > 0 && r->fields[COL_TEST] && r->fields[COL_STATUS]) {
        cp_rows *rows = r->rows;
        ll_grow((void **)&rows->items, &rows->cap, rows->n + 1,
                sizeof *rows->items);
        rows->items[rows->n++] = (cp_row){
            r->fields[COL_TEST],
            r->fields[COL_STATE] ? r->fields[COL_STATE] : ll_xstrdup(""),
            r->fields[COL_STATUS]};
        memset(r->fields, 0, sizeof r->fields);
    }
    for (int c = 0; c < N_COLS; c++) {
        free(r->fields[c]);
        r->fields[c] = NULL;
    }
    r->line++;
    r->col = 0;
}

bool cp_rows_read(const char *path, bool with_state, cp_rows *rows,
                  FILE *diag)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(diag, "%s: cannot read: %s\n", path, strerror(errno));
        return false;
    }
    struct csv_parser p;
    csv_init(&p, CSV_APPEND_NULL);
    csv_reader r = {.rows = rows, .with_state = with_state,
                    .index = {-1, -1, -1}};
    char block[1 << 14];
    size_t n;
    bool ok = true;
    while (ok && (n = fread(block, 1, sizeof block, f)) > 0)
        ok = csv_parse(&p, block, n, on_field, on_row, &r) == n;
    ok = ok && !ferror(f) && csv_fini(&p, on_field, on_row, &r) == 0;
    if (!ok)
        fprintf(diag, "%s: malformed CSV: %s\n", path,
                csv_strerror(csv_error(&p)));
    else if (r.index[COL_TEST] < 0 || r.index[COL_STATUS] < 0 ||
             (with_state && r.index[COL_STATE] < 0)) {
        fprintf(diag, "%s:1: missing a test, %sstatus column\n", path,
                with_state ? "state or " : "");
        ok = false;
    }
    for (int c = 0; c < N_COLS; c++)
        free(r.fields[c]);
    csv_free(&p);
    fclose(f);
    return ok;
}

void cp_rows_free(cp_rows *rows)
{
    for (int i = 0; i < rows->n; i++) {
        free(rows->items[i].test);
        free(rows->items[i].state);
        free(rows->items[i].status);
    }
    free(rows->items);
    memset(rows, 0, sizeof *rows);
}
