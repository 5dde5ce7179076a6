/* paper.c — the allowed-vs-observed table in the layout of the "Herding
 * Cats" and "Understanding POWER Multiprocessors" papers: one row per
 * test, the model's verdict, then for each machine `seen/total` (how many
 * iterations satisfied the condition, out of how many), with k/M/G
 * suffixes. As text (the campaign's ending, with rates per million and
 * flags), Markdown or LaTeX. Rows come alarms first, then the tests whose
 * allowed outcome was never seen, then the rest, Ok/Ok apart from No/No. */
#include "compare/compare.h"
#include "litmuslab/escape.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* 1234 -> 1.2k, 16000000000 -> 16G: three significant figures at most. */
void cmp_count_short(uint64_t n, char *out, size_t size)
{
    static const char suffix[] = "kMGTPE";
    if (n < 1000) {
        snprintf(out, size, "%" PRIu64, n);
        return;
    }
    double v = (double)n;
    int k = -1;
    while (v >= 999.5 && k < 5) {
        v /= 1000;
        k++;
    }
    double tenths = (double)(long long)(v * 10 + 0.5) / 10;
    if (v < 9.95 && tenths != (double)(long long)tenths)
        snprintf(out, size, "%.1f%c", tenths, suffix[k]);
    else
        snprintf(out, size, "%.0f%c", v, suffix[k]);
}

int cmp_row_rank(const cmp_test *t)
{
    switch (cmp_test_class(t)) {
    case CMP_FORBIDDEN_SEEN: return 0;
    case CMP_ALLOWED_UNSEEN: return 1;
    case CMP_OVERSUB_UNSEEN: return 2;
    case CMP_UNDECIDED: return 3;
    case CMP_HW_ONLY: return 4;
    case CMP_MODEL_ONLY: return 5;
    case CMP_AGREE: return t->model_verdict == LL_VERDICT_OK ? 6 : 7;
    default: return 8;
    }
}

const char *cmp_row_group(int rank)
{
    static const char *const names[] = {
        "forbidden by the model, seen on hardware (alarm)",
        "allowed by the model, never seen",
        "allowed by the model, never seen, but only run oversubscribed "
        "(no evidence)",
        "undecided (no verdict on one side)",
        "hardware only (no model entry)",
        "model only (no hardware run)",
        "Ok/Ok: allowed and seen",
        "No/No: forbidden and never seen",
        "other"};
    return names[rank];
}

static int by_rank(const void *a, const void *b)
{
    const cmp_test *x = *(cmp_test *const *)a, *y = *(cmp_test *const *)b;
    int c = cmp_row_rank(x) - cmp_row_rank(y);
    return c ? c : strcmp(x->name, y->name);
}

cmp_test **cmp_ranked_tests(const cmp_run *run, cmp_test **sorted)
{
    cmp_test **r = ll_xmalloc((size_t)(run->n_tests ? run->n_tests : 1) *
                              sizeof *r);
    memcpy(r, sorted, (size_t)run->n_tests * sizeof *r);
    qsort(r, (size_t)run->n_tests, sizeof *r, by_rank);
    return r;
}

/* Why a machine's figures for a test may mislead: oversubscribed (more
 * threads than PUs: they could not all run at once), or an emulator. */
void cmp_cell_flags(const cmp_run *run, const cmp_test *t, int m, ll_buf *out)
{
    ll_buf_clear(out);
    if ((t->over_machines >> m & 1) && run->machine_pus[m] > 0)
        ll_buf_printf(out, "oversubscribed: %d threads on %d PUs",
                      t->threads, run->machine_pus[m]);
    else if (t->over_machines >> m & 1)
        ll_buf_puts(out, "oversubscribed");
    if (run->machine_emulated[m])
        ll_buf_printf(out, "%semulated", out->len ? ", " : "");
}

static const char *verdict_word(const cmp_test *t)
{
    if (!t->in_model)
        return "-";
    return ll_verdict_word(t->model_verdict);
}

/* The Markdown and LaTeX cells of a machine whose runs of the test were
 * all oversubscribed carry a dagger, explained under the table. */
static const char oversub_note[] =
    "oversubscribed: more threads than PUs, so what it did not show is no "
    "hardware evidence";

/* mark: appended to a cell of an oversubscribed machine (NULL: none). */
static void cell_text(const cmp_test *t, int m, bool rate, const char *mark,
                      ll_buf *out)
{
    ll_buf_clear(out);
    if (!t->m_total || t->m_total[m] == 0) {
        ll_buf_puts(out, "-");
        return;
    }
    char seen[16], total[16];
    cmp_count_short(t->m_positive[m], seen, sizeof seen);
    cmp_count_short(t->m_total[m], total, sizeof total);
    ll_buf_printf(out, "%s/%s%s", seen, total,
                  mark && (t->over_machines >> m & 1) ? mark : "");
    double per_m = 1e6 * (double)t->m_positive[m] / (double)t->m_total[m];
    if (rate && t->has_cond)
        ll_buf_printf(out, per_m >= 10 || per_m == 0 ? " (%.0f/M)" : " (%.2f/M)",
                      per_m);
}

/* s as the text table shows it (in b, cleared first). */
static const char *text_of(const char *s, ll_buf *b)
{
    ll_buf_clear(b);
    ll_esc_text(s, b);
    return ll_buf_str(b);
}

static void text_table(const cmp_run *run, cmp_test **rows, FILE *f)
{
    ll_buf cell = {0}, flags = {0}, b = {0};
    size_t w = 4;
    for (int i = 0; i < run->n_tests; i++)
        if (strlen(text_of(rows[i]->name, &b)) > w)
            w = b.len;
    int group = -1;
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = rows[i];
        int rank = cmp_row_rank(t);
        if (rank != group) {
            fprintf(f, "%s%s:\n", group < 0 ? "" : "\n", cmp_row_group(rank));
            fprintf(f, "  %-*s %-5s", (int)w, "test", "model");
            for (int m = 0; m < run->n_machines; m++)
                fprintf(f, "  %-28s", text_of(run->machines[m], &b));
            fputc('\n', f);
            group = rank;
        }
        fprintf(f, "  %-*s %-5s", (int)w, text_of(t->name, &b),
                verdict_word(t));
        ll_buf notes = {0};
        for (int m = 0; m < run->n_machines; m++) {
            cell_text(t, m, true, NULL, &cell);
            fprintf(f, "  %-28s", ll_buf_str(&cell));
            cmp_cell_flags(run, t, m, &flags);
            if (flags.len && t->m_total && t->m_total[m] &&
                run->n_machines > 1)
                ll_buf_printf(&notes, "%s%s: %s", notes.len ? "; " : "",
                              text_of(run->machines[m], &b),
                              ll_buf_str(&flags));
            else if (flags.len && t->m_total && t->m_total[m])
                ll_buf_puts(&notes, ll_buf_str(&flags));
        }
        if (notes.len)
            fprintf(f, "  ! %s", ll_buf_str(&notes));
        fputc('\n', f);
        ll_buf_free(&notes);
    }
    ll_buf_free(&cell);
    ll_buf_free(&flags);
    ll_buf_free(&b);
}

static void markdown_table(const cmp_run *run, cmp_test **rows, FILE *f)
{
    ll_buf b = {0}, cell = {0};
    fputs("| test | model |", f);
    for (int m = 0; m < run->n_machines; m++) {
        ll_buf_clear(&b);
        ll_esc_md(run->machines[m], &b);
        fprintf(f, " %s |", ll_buf_str(&b));
    }
    fputs("\n|---|---|", f);
    for (int m = 0; m < run->n_machines; m++)
        fputs("---:|", f);
    fputc('\n', f);
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = rows[i];
        ll_buf_clear(&b);
        ll_esc_md(t->name, &b);
        fprintf(f, "| %s | %s |", ll_buf_str(&b), verdict_word(t));
        for (int m = 0; m < run->n_machines; m++) {
            cell_text(t, m, false, "\xe2\x80\xa0", &cell);
            fprintf(f, " %s |", ll_buf_str(&cell));
        }
        fputc('\n', f);
    }
    ll_buf_free(&b);
    ll_buf_free(&cell);
}

static void latex_table(const cmp_run *run, cmp_test **rows, FILE *f)
{
    ll_buf b = {0}, cell = {0};
    fputs("\\begin{tabular}{ll", f);
    for (int m = 0; m < run->n_machines; m++)
        fputc('r', f);
    fputs("}\n\\hline\ntest & model", f);
    for (int m = 0; m < run->n_machines; m++) {
        ll_buf_clear(&b);
        ll_esc_tex(run->machines[m], &b);
        fprintf(f, " & %s", ll_buf_str(&b));
    }
    fputs(" \\\\\n\\hline\n", f);
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = rows[i];
        ll_buf_clear(&b);
        ll_esc_tex(t->name, &b);
        fprintf(f, "%s & %s", ll_buf_str(&b), verdict_word(t));
        for (int m = 0; m < run->n_machines; m++) {
            cell_text(t, m, false, "$^\\dagger$", &cell);
            fprintf(f, " & %s", ll_buf_str(&cell));
        }
        fputs(" \\\\\n", f);
    }
    fputs("\\hline\n\\end{tabular}\n", f);
    ll_buf_free(&b);
    ll_buf_free(&cell);
}

/* The exact sums under every table: each machine's condition hits and
 * iterations over all tests, to be checked against tests.csv; the label
 * escaped for the table's format (esc). */
static void totals(const cmp_run *run, cmp_test **rows, const char *pre,
                   void (*esc)(const char *, ll_buf *), FILE *f)
{
    ll_buf label = {0};
    for (int m = 0; m < run->n_machines; m++) {
        ll_buf_clear(&label);
        esc(run->machines[m], &label);
        uint64_t seen = 0, total = 0;
        for (int i = 0; i < run->n_tests; i++)
            if (rows[i]->m_total) {
                seen += rows[i]->m_positive[m];
                total += rows[i]->m_total[m];
            }
        fprintf(f, "%stotal %s: %" PRIu64 "/%" PRIu64 " over %d tests\n", pre,
                ll_buf_str(&label), seen, total, run->n_tests);
    }
    ll_buf_free(&label);
}

/* The dagger's meaning, when some cell has one. */
static void dagger_note(const cmp_run *run, cmp_test **rows, const char *pre,
                        FILE *f)
{
    for (int i = 0; i < run->n_tests; i++)
        for (int m = 0; m < run->n_machines; m++)
            if ((rows[i]->over_machines >> m & 1) && rows[i]->m_total &&
                rows[i]->m_total[m]) {
                fprintf(f, "%s %s\n", pre, oversub_note);
                return;
            }
}

bool cmp_table_format(const char *name, cmp_table_fmt *out)
{
    static const char *const names[] = {"text", "markdown", "latex"};
    for (int i = 0; i < 3; i++)
        if (!strcmp(name, names[i])) {
            *out = (cmp_table_fmt)i;
            return true;
        }
    return false;
}

void cmp_write_table(const cmp_run *run, cmp_test **sorted,
                     cmp_table_fmt fmt, FILE *f)
{
    cmp_test **rows = cmp_ranked_tests(run, sorted);
    if (fmt == CMP_TABLE_TEXT) {
        text_table(run, rows, f);
        fputc('\n', f);
        totals(run, rows, "", ll_esc_text, f);
    } else if (fmt == CMP_TABLE_MARKDOWN) {
        markdown_table(run, rows, f);
        fputc('\n', f);
        totals(run, rows, "", ll_esc_md, f);
        dagger_note(run, rows, "\xe2\x80\xa0", f);
    } else {
        latex_table(run, rows, f);
        totals(run, rows, "% ", ll_esc_tex, f);
        dagger_note(run, rows, "% $^\\dagger$", f);
    }
    free(rows);
}
