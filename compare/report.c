/* report.c — the CSV reports (written with libcsv, RFC 4180 quoting:
 * states contain `;` and `=`, conditions `/\`) and the summary table.
 * A cell that a spreadsheet would take for a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP
 * recommends. Each report is made in the stage of the output folder
 * (cmp_out), which takes the folder's place once every report is
 * written. */
#include "compare/compare.h"

#include <csv.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A field: plain words and numbers as they are, anything else (states,
 * conditions, names with commas or quotes) quoted by libcsv. */
static void field(FILE *f, const char *s, bool first)
{
    if (!first)
        fputc(',', f);
    if (*s && strchr("=+-@\t\r", *s)) {
        ll_buf b = {0};
        ll_buf_printf(&b, "'%s", s);
        csv_fwrite(f, b.data, b.len);
        ll_buf_free(&b);
    } else if (s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST"
                           "UVWXYZ0123456789_.+-/?")]) {
        csv_fwrite(f, s, strlen(s));
    } else {
        fputs(s, f);
    }
}

static void row(FILE *f, int n, const char *const *fields)
{
    for (int i = 0; i < n; i++)
        field(f, fields[i], i == 0);
    fputc('\n', f);
}

FILE *cmp_report_open(const cmp_out *out, const char *name)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "%s%s", out->sub, name);
    FILE *f = ll_outdir_create(out->stage, b.data);
    ll_buf_free(&b);
    return f;
}

bool cmp_report_close(const cmp_out *out, FILE *f, const char *name)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "%s%s", out->sub, name);
    bool ok = ll_outdir_close(out->stage, f, b.data);
    ll_buf_free(&b);
    return ok;
}

static void machines_of(const cmp_run *run, uint64_t mask, ll_buf *out)
{
    ll_buf_clear(out);
    for (int m = 0; m < run->n_machines; m++)
        if (mask & (1ull << m))
            ll_buf_printf(out, "%s%s", out->len ? " " : "", run->machines[m]);
}

/* A test's outcomes in herd7's order of states. */
typedef struct keyed {
    ll_state state;
    const cmp_outcome *o;
} keyed;

static int by_state(const void *a, const void *b)
{
    return ll_state_cmp(&((const keyed *)a)->state,
                        &((const keyed *)b)->state);
}

static void write_outcomes(const cmp_run *run, cmp_test **sorted, FILE *f)
{
    static const char *const head[] = {"test", "state", "model_allowed",
                                       "hw_count", "machines", "status"};
    row(f, 6, head);
    ll_buf machines = {0};
    keyed *ks = NULL;
    int cap = 0;
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = sorted[i];
        ll_grow((void **)&ks, &cap, t->n_out, sizeof *ks);
        for (int j = 0; j < t->n_out; j++) {
            memset(&ks[j].state, 0, sizeof ks[j].state);
            ll_state_parse(t->out[j].key, &ks[j].state, NULL);
            ks[j].o = &t->out[j];
        }
        qsort(ks, (size_t)t->n_out, sizeof *ks, by_state);
        for (int j = 0; j < t->n_out; j++) {
            const cmp_outcome *o = ks[j].o;
            char count[32] = "";
            if (t->hw_entries)
                snprintf(count, sizeof count, "%" PRIu64, o->count);
            machines_of(run, o->machines, &machines);
            const char *fields[] = {
                t->name, o->key,
                !t->in_model ? "" : o->in_model ? "yes" : "no",
                count, ll_buf_str(&machines),
                cmp_outcome_status_word(cmp_outcome_class(t, o))};
            row(f, 6, fields);
            ll_state_clear(&ks[j].state);
        }
    }
    free(ks);
    ll_buf_free(&machines);
}

static void write_tests(const cmp_run *run, cmp_test **sorted, FILE *f)
{
    static const char *const head[] = {"test", "condition", "model_verdict",
                                       "hw_verdict", "hw_positive",
                                       "hw_total", "status"};
    row(f, 7, head);
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = sorted[i];
        ll_verdict hv = cmp_hw_verdict(t);
        char pos[32] = "", total[32] = "";
        if (t->hw_entries) {
            snprintf(total, sizeof total, "%" PRIu64, t->hw_total);
            if (t->has_cond)
                snprintf(pos, sizeof pos, "%" PRIu64, t->hw_positive);
        }
        const char *fields[] = {
            t->name, t->cond_text ? t->cond_text : "",
            t->in_model ? ll_verdict_word(t->model_verdict) : "",
            ll_verdict_word(hv), pos, total,
            cmp_test_status_word(cmp_test_class(t))};
        row(f, 7, fields);
    }
}

/* The rows of summary.csv and of the stdout table. */
typedef struct summary_line {
    const char *what;
    long count;
} summary_line;

static int summary_lines(const cmp_run *run, const cmp_totals *tot,
                         summary_line *out)
{
    static const char *const pairs[4] = {"tests No/No", "tests Ok/Ok",
                                         "tests Ok/No", "tests No/Ok"};
    int n = 0;
    for (int i = 0; i < 4; i++)
        out[n++] = (summary_line){pairs[i], tot->pairs[i]};
    static char test_names[CMP_N_TEST_STATUS][48];
    for (int i = 0; i < CMP_N_TEST_STATUS; i++) {
        snprintf(test_names[i], sizeof test_names[i], "tests %s",
                 cmp_test_status_word(i));
        out[n++] = (summary_line){test_names[i], tot->tests[i]};
    }
    static char out_names[CMP_N_OUTCOME_STATUS][48];
    for (int i = 0; i < CMP_N_OUTCOME_STATUS; i++) {
        snprintf(out_names[i], sizeof out_names[i], "outcomes %s",
                 cmp_outcome_status_word(i));
        out[n++] = (summary_line){out_names[i], tot->outcomes[i]};
    }
    out[n++] = (summary_line){"model entries", run->model_entries};
    out[n++] = (summary_line){"hardware entries", run->hw_entries};
    out[n++] = (summary_line){"model entries ?\?/Undef", run->model_undecided};
    out[n++] = (summary_line){"hardware entries ?\?/Undef", run->hw_undecided};
    out[n++] = (summary_line){"malformed entries skipped", run->malformed};
    out[n++] = (summary_line){"hash conflicts (not merged)",
                              run->hash_conflicts};
    out[n++] = (summary_line){"model verdict conflicts (not merged)",
                              run->verdict_conflicts};
    out[n++] = (summary_line){"machines", run->n_machines};
    if (run->other_kind)
        out[n++] = (summary_line){run->emulated
                                      ? "hardware entries (not here)"
                                      : "emulated entries (in emulated/)",
                                  run->other_kind};
    if (run->oversubscribed)
        out[n++] = (summary_line){"oversubscribed entries (threads>PUs)",
                                  run->oversubscribed};
    if (run->overflows)
        out[n++] = (summary_line){"tests with counts kept at 2^64-1",
                                  run->overflows};
    if (run->test_files) {
        out[n++] = (summary_line){"test files read (--tests)",
                                  run->test_files};
        out[n++] = (summary_line){"test files not parsed (--tests)",
                                  run->bad_test_files};
    }
    return n;
}

/* 8 lines always, at most 5 more (other kind, oversubscribed, overflows,
 * and the two of --tests) */
enum { MAX_SUMMARY = 4 + CMP_N_TEST_STATUS + CMP_N_OUTCOME_STATUS + 13 };

static void write_summary(const cmp_run *run, const cmp_totals *tot, FILE *f)
{
    static const char *const head[] = {"what", "count"};
    row(f, 2, head);
    summary_line lines[MAX_SUMMARY];
    int n = summary_lines(run, tot, lines);
    for (int i = 0; i < n; i++) {
        char count[32];
        snprintf(count, sizeof count, "%ld", lines[i].count);
        const char *fields[] = {lines[i].what, count};
        row(f, 2, fields);
    }
}

bool cmp_write_reports(const cmp_run *run, cmp_test **sorted,
                       const cmp_totals *tot, const cmp_out *out)
{
    static const char *const names[] = {"outcomes.csv", "tests.csv",
                                        "summary.csv"};
    bool ok = true;
    for (int i = 0; ok && i < 3; i++) {
        FILE *f = cmp_report_open(out, names[i]);
        if (!f)
            return false;
        if (i == 0)
            write_outcomes(run, sorted, f);
        else if (i == 1)
            write_tests(run, sorted, f);
        else
            write_summary(run, tot, f);
        ok = cmp_report_close(out, f, names[i]);
    }
    return ok;
}

void cmp_print_summary(const cmp_run *run, const cmp_totals *tot, FILE *f)
{
    summary_line lines[MAX_SUMMARY];
    int n = summary_lines(run, tot, lines);
    fprintf(f, "%-40s %10s\n", run->emulated ? "model vs emulated runs "
            "(not hardware)" : "model vs hardware", "count");
    for (int i = 0; i < n; i++)
        fprintf(f, "  %-38s %10ld\n", lines[i].what, lines[i].count);
    if (run->n_machines) {
        fputs("machines:", f);
        for (int i = 0; i < run->n_machines; i++)
            fprintf(f, " %s", run->machines[i]);
        fputc('\n', f);
    }
}
