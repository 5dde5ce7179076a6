/* summary.c — what a campaign prints at the end (and keeps in
 * DIR/campaign.txt): what the figures were made with, the tests not read
 * or not run, then the classes of tests and outcomes read back from
 * compare's CSV reports (the files are the interface, not compare's
 * code) with the alarm first, the tests and outcomes worth a look, and
 * the steps that failed. */
#include "campaign/campaign.h"
#include "litmuslab/escape.h"
#include "litmuslab/log.h"
#include "litmuslab/outdir.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Classes as compare names them, most alarming first; anything else
 * compare may add later comes after these and before agreement. */
static const char *const ranked[] = {
    "forbidden-seen", "allowed-unseen", "undecided", "hw-only",
    "model-only",
};

int cp_status_rank(const char *status)
{
    int n = (int)(sizeof ranked / sizeof ranked[0]);
    for (int i = 0; i < n; i++)
        if (!strcmp(status, ranked[i]))
            return i;
    if (!strcmp(status, "allowed-seen") || !strcmp(status, "agree"))
        return n + 1;
    return n;
}

typedef struct class_count {
    const char *status;
    int count;
} class_count;

static int by_rank(const void *a, const void *b)
{
    const class_count *x = a, *y = b;
    int c = cp_status_rank(x->status) - cp_status_rank(y->status);
    return c ? c : strcmp(x->status, y->status);
}

/* Distinct statuses of rows with their counts, in summary order. */
static int count_classes(const cp_rows *rows, class_count **out)
{
    class_count *cs = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < rows->n; i++) {
        int k = 0;
        while (k < n && strcmp(cs[k].status, rows->items[i].status))
            k++;
        if (k == n) {
            ll_grow((void **)&cs, &cap, n + 1, sizeof *cs);
            cs[n++] = (class_count){rows->items[i].status, 0};
        }
        cs[k].count++;
    }
    if (n)
        qsort(cs, (size_t)n, sizeof *cs, by_rank);
    *out = cs;
    return n;
}

static void print_classes(FILE *f, const char *what, const cp_rows *rows)
{
    class_count *cs;
    int n = count_classes(rows, &cs);
    int w = 16;   /* wider for a long class (oversubscribed-unseen) */
    for (int i = 0; i < n; i++)
        if ((int)strlen(cs[i].status) > w)
            w = (int)strlen(cs[i].status);
    fprintf(f, "  %-*s %8s\n", w, what, "count");
    for (int i = 0; i < n; i++)
        fprintf(f, "  %-*s %8d\n", w, cs[i].status, cs[i].count);
    if (!n)
        fprintf(f, "  %-*s %8s\n", w, "(none)", "");
    free(cs);
}

/* The rows of one status, as "test" or "test: state", up to max lines. */
static void print_rows(FILE *f, const cp_rows *rows, const char *status,
                       const char *title, int max, const char *more)
{
    int total = 0;
    for (int i = 0; i < rows->n; i++)
        total += !strcmp(rows->items[i].status, status);
    if (!total)
        return;
    fprintf(f, "\n%s (%d):\n", title, total);
    int shown = 0;
    for (int i = 0; i < rows->n && shown < max; i++) {
        const cp_row *r = &rows->items[i];
        if (strcmp(r->status, status))
            continue;
        if (*r->state)
            fprintf(f, "  %-40s %s\n", r->test, r->state);
        else
            fprintf(f, "  %s\n", r->test);
        shown++;
    }
    if (shown < total)
        fprintf(f, "  ... and %d more in %s\n", total - shown, more);
}

/* The allowed states hardware never showed, each with its test's class:
 * a test in the No/No table (agree) lists them too, since they are not
 * its condition's state; said, so that it does not read as a clash. */
static void print_unseen_states(FILE *f, const cp_rows *tests,
                                const cp_rows *outcomes, int max)
{
    int total = 0, agree = 0;
    for (int i = 0; i < outcomes->n; i++)
        total += !strcmp(outcomes->items[i].status, "allowed-unseen");
    if (!total)
        return;
    const char **cls = ll_xcalloc((size_t)outcomes->n, sizeof *cls);
    for (int i = 0, at = 0; i < outcomes->n; i++) {
        const cp_row *o = &outcomes->items[i];
        if (strcmp(o->status, "allowed-unseen"))
            continue;
        /* both files list the tests in one order: a search from the
           last test found is short */
        for (int step = 0; step < tests->n && !cls[i]; step++) {
            int k = (at + step) % tests->n;
            if (!strcmp(tests->items[k].test, o->test)) {
                cls[i] = tests->items[k].status;
                at = k;
            }
        }
        agree += cls[i] && !strcmp(cls[i], "agree");
    }
    fprintf(f, "\nFinal states the model allows but hardware never showed "
               "(%d), with their test's class", total);
    if (agree)
        fputs(" (a test that agrees has the verdict on its condition "
              "right: these are its other states, not the condition's)", f);
    fputs(":\n", f);
    int shown = 0;
    for (int i = 0; i < outcomes->n && shown < max; i++) {
        const cp_row *r = &outcomes->items[i];
        if (strcmp(r->status, "allowed-unseen"))
            continue;
        fprintf(f, "  %-40s %-24s test %s\n", r->test, r->state,
                cls[i] ? cls[i] : "?");
        shown++;
    }
    if (shown < total)
        fprintf(f, "  ... and %d more in outcomes.csv\n", total - shown);
    free(cls);
}

void cp_print_summary(FILE *f, const cp_rows *tests, const cp_rows *outcomes,
                      const cp_failure *fails, int n_fails, int max_list)
{
    fputs("\nTests by class (the alarm first):\n", f);
    print_classes(f, "class", tests);
    fputs("\nFinal states by class:\n", f);
    print_classes(f, "class", outcomes);
    print_rows(f, tests, "forbidden-seen",
               "FORBIDDEN by the model but SEEN on this hardware", max_list,
               "tests.csv");
    print_rows(f, outcomes, "forbidden-seen",
               "Forbidden final states seen", max_list, "outcomes.csv");
    print_rows(f, tests, "allowed-unseen",
               "Tests whose condition the model allows but hardware never "
               "showed",
               max_list, "tests.csv");
    print_unseen_states(f, tests, outcomes, max_list);
    if (n_fails) {
        int retry = 0;
        for (int i = 0; i < n_fails; i++)
            retry += fails[i].retry;
        fprintf(f, "\nSteps that failed (%d):\n", n_fails);
        /* every one: these results are missing from the reports */
        for (int i = 0; i < n_fails; i++)
            fprintf(f, "  %-40s %-5s %s (%s)\n", fails[i].test,
                    fails[i].step == CP_MODEL ? "model" : "hwrun",
                    fails[i].why, fails[i].err);
        /* bad input fails the same way every time: no re-run for it */
        if (retry)
            fprintf(f, "Re-run to retry the %d killed, crashed or not "
                    "saved%s.\n", retry, retry < n_fails
                    ? "; the others need the test or the model fixed" : "");
        else
            fputs("A re-run fails the same way: the test or the model "
                  "needs fixing.\n", f);
    }
}

char *cp_log_line(const char *path, const char *prefix)
{
    /* the log reader's bounds (a --from-logs log may be anything) */
    ll_log_reader *r = ll_log_open(path, NULL);
    if (!r)
        return NULL;
    const char *line;
    char *found = NULL;
    size_t n = strlen(prefix);
    while (!found && (line = ll_log_next_line(r)))
        if (!strncmp(line, prefix, n)) {
            ll_buf b = {0};
            ll_esc_text(line + n, &b);   /* printed on a terminal */
            found = b.data ? b.data : ll_xstrdup("");
        }
    ll_log_close(r);
    return found;
}

int cp_log_iterations(const char *const *logs, int n, uint64_t *lo,
                      uint64_t *hi)
{
    int entries = 0, rc;
    ll_log_entry e = {0};
    for (int i = 0; i < n; i++) {
        ll_log_reader *r = ll_log_open(logs[i], NULL);
        while (r && (rc = ll_log_next(r, &e, NULL)) != 0) {
            if (rc < 0 || !e.has_witnesses)
                continue;
            uint64_t runs = e.positive + e.negative;
            if (!entries++ || runs < *lo)
                *lo = runs;
            if (entries == 1 || runs > *hi)
                *hi = runs;
        }
        if (r)
            ll_log_close(r);
    }
    ll_log_entry_clear(&e);
    return entries;
}

bool cp_copy_file(const char *path, FILE *to)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char buf[8192];
    size_t n;
    fputc('\n', to);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, to);
    fclose(f);
    return true;
}

void cp_print_unread(FILE *f, const cp_tests *ts)
{
    if (!ts->unreadable)
        return;
    fprintf(f, "\nFiles that are no test (%d): the reader refused them, so "
               "they went through no step; fix them and run again:\n",
            ts->unreadable);
    for (int i = 0; i < ts->unreadable; i++) {
        ll_buf b = {0};   /* printed on a terminal */
        ll_esc_text(ts->unread[i].why, &b);
        fprintf(f, "  %s\n", ll_buf_str(&b));
        ll_buf_free(&b);
    }
}

/* hwrun's reasons for the tests it does not run, grouped; a test's own
 * name is taken out ("'SB' is a FOO test, ..." → "FOO test, ...") so
 * that one reason shared by many tests is one line. */
void cp_print_not_run(FILE *f, const cp_tests *ts, int max_list)
{
    int n = 0, n_groups = 0;
    char **why = ll_xcalloc((size_t)ts->n + 1, sizeof *why);
    int *count = ll_xcalloc((size_t)ts->n + 1, sizeof *count);
    for (int i = 0; i < ts->n; i++) {
        const cp_test *t = &ts->items[i];
        if (t->runnable)
            continue;
        n++;
        const char *w = t->why_not ? t->why_not : "?";
        const char *name = t->log_name ? t->log_name : t->name;
        size_t k = strlen(name);
        if (w[0] == '\'' && !strncmp(w + 1, name, k) &&
            !strncmp(w + 1 + k, "' is a ", 7))
            w += 8 + k;
        int g = 0;
        while (g < n_groups && strcmp(why[g], w))
            g++;
        if (g == n_groups)
            why[n_groups++] = (char *)w;
        count[g]++;
    }
    if (n) {
        fprintf(f, "\nTests hwrun did not run (%d):\n", n);
        for (int g = 0; g < n_groups && g < max_list; g++)
            fprintf(f, "  %6d  %s\n", count[g], why[g]);
        if (n_groups > max_list)
            fprintf(f, "  ... and %d more reasons\n", n_groups - max_list);
    }
    free(why);
    free(count);
}

/* One log's entries with an Oversubscribed line: "NAME: 4 threads on 2
 * PUs" appended to *names (the entry's Test line comes first). */
static void oversubscribed_in(const char *path, ll_buf *names, int *n,
                              int max_list)
{
    ll_log_reader *r = ll_log_open(path, NULL);
    if (!r)
        return;
    const char *line;
    char *test = NULL;
    while ((line = ll_log_next_line(r))) {
        if (!strncmp(line, "Test ", 5)) {
            ll_buf b = {0};   /* printed on a terminal */
            char *name = ll_xstrndup(line + 5, strcspn(line + 5, " "));
            ll_esc_text(name, &b);
            free(name);
            free(test);
            test = b.data ? b.data : ll_xstrdup("");
        } else if (!strncmp(line, "Oversubscribed ", 15)) {
            if (*n < max_list)
                ll_buf_printf(names, "  %-40s %.*s\n", test ? test : "?",
                              (int)strcspn(line + 15, ":"), line + 15);
            (*n)++;
        }
    }
    free(test);
    ll_log_close(r);
}

int cp_print_failed_runs(FILE *f, const char *const *logs, int n_logs,
                         int max_list)
{
    int n = 0;
    ll_buf names = {0};
    for (int i = 0; i < n_logs; i++) {
        FILE *in = fopen(logs[i], "r");
        char *line = NULL;
        size_t cap = 0;
        while (in && getline(&line, &cap, in) > 0) {
            if (strncmp(line, "Failed ", 7))
                continue;
            line[strcspn(line, "\r\n")] = '\0';
            if (n++ < max_list)
                ll_buf_printf(&names, "  %s\n", line + 7);
        }
        free(line);
        if (in)
            fclose(in);
    }
    if (n) {
        fprintf(f, "\nTests that failed on the machine (%d), as its log "
                "says (a bundle's `run`):\n%s", n, ll_buf_str(&names));
        if (n > max_list)
            fprintf(f, "  ... and %d more in the log\n", n - max_list);
    }
    ll_buf_free(&names);
    return n;
}

void cp_print_oversubscribed(FILE *f, const char *const *logs, int n_logs,
                             int max_list)
{
    ll_buf names = {0};
    int n = 0;
    for (int i = 0; i < n_logs; i++)
        oversubscribed_in(logs[i], &names, &n, max_list);
    if (n) {
        fprintf(f, "\nTests run with more threads than PUs (%d): their "
                "threads took turns, so most outcomes could not show; what "
                "they did not show is no hardware evidence:\n%s", n,
                ll_buf_str(&names));
        if (n > max_list)
            fprintf(f, "  ... and %d more in the hardware log\n",
                    n - max_list);
    }
    ll_buf_free(&names);
}


/* What the figures below were made with: the model, the machine (from
 * the hardware log, the interface between the steps), -n, the date. */
static void print_header(cp_campaign *c, FILE *f)
{
    char date[64] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    fprintf(f, "Campaign %s, %s\n", c->o->out, date);
    fprintf(f, "  model: %s\n",
            c->o->model ? c->o->model
                       : "each architecture's default (litmuslab model)");
    ll_buf log = {0};
    if (c->o->n_logs)   /* --from-logs: the first log given */
        ll_buf_puts(&log, c->o->logs[0]);
    else
        ll_buf_printf(&log, "%s/hardware.log", c->o->out);
    char *machine = cp_log_line(log.data, "Machine ");
    char *topo = cp_log_line(log.data, "Topology ");
    fprintf(f, "  machine: %s%s%s\n", machine ? machine : "none (no hardware run)",
            topo ? "; " : "", topo ? topo : "");
    uint64_t lo = 0, hi = 0;
    if (!c->o->n_logs)
        fprintf(f, "  iterations: -n %llu per test\n",
                (unsigned long long)c->o->iterations);
    else if (!cp_log_iterations(c->o->logs, c->o->n_logs, &lo, &hi))
        fputs("  iterations: none (no entry in the logs)\n", f);
    else if (lo == hi)   /* -n is not what ran: the logs say */
        fprintf(f, "  iterations: %llu per test, as the logs say\n",
                (unsigned long long)lo);
    else
        fprintf(f, "  iterations: %llu to %llu per test, as the logs say\n",
                (unsigned long long)lo, (unsigned long long)hi);
    free(machine);
    free(topo);
    ll_buf_free(&log);
}

/* The summary on stdout, and the same text in DIR/campaign.txt so that
 * the failures and lists stay with the reports. */
/* compare's classes from the CSV files in dir, as the summary prints
 * them; false when they cannot be read. With only_hw, nothing is printed
 * when no test has hardware data (every run was emulated) but a line
 * saying so. */
static bool summarise(FILE *f, const char *dir, const cp_failure *fails,
                      int n_fails, bool only_hw, bool *printed)
{
    ll_buf path = {0};
    cp_rows tests = {0}, outcomes = {0};
    ll_buf_printf(&path, "%s/tests.csv", dir);
    bool ok = cp_rows_read(path.data, false, &tests, stderr);
    ll_buf_clear(&path);
    ll_buf_printf(&path, "%s/outcomes.csv", dir);
    ok = cp_rows_read(path.data, true, &outcomes, stderr) && ok;
    int with_hw = 0;
    for (int i = 0; i < tests.n; i++)
        with_hw += strcmp(tests.items[i].status, "model-only") != 0;
    *printed = ok && !(only_hw && !with_hw);
    if (ok && !*printed)
        fputs("\nNo hardware runs: every run was emulated (below).\n", f);
    else if (ok)
        cp_print_summary(f, &tests, &outcomes, fails, n_fails, CP_MAX_LIST);
    cp_rows_free(&tests);
    cp_rows_free(&outcomes);
    ll_buf_free(&path);
    return ok;
}

/* The summary on stdout, and the same text in DIR/campaign.txt so that
 * the failures and lists stay with the reports. Runs under emulation
 * (compare puts them in DIR/emulated) are summarised apart. When compare
 * failed (compare_failed: why) its classes are left out, the failures
 * are not. */
void cp_campaign_summary(cp_campaign *c, double seconds,
                         const char *compare_failed)
{
    char took[32];
    cp_format_duration(seconds, took, sizeof took);
    int runnable = 0;
    for (int i = 0; i < c->tests.n; i++)
        runnable += c->tests.items[i].runnable;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    print_header(c, f);
    ll_buf where = {0};
    if (c->o->n_logs)
        ll_buf_printf(&where, "logs from %d file%s", c->o->n_logs,
                      c->o->n_logs == 1 ? "" : "s");
    else
        ll_buf_printf(&where, "%d run on %s%s", runnable,
                      c->o->target ? "target " : "this machine",
                      c->o->target ? c->o->target : "");
    fprintf(f, "  %d tests, ", c->tests.n);
    if (c->tests.unreadable)
        fprintf(f, "%d file%s not read, ", c->tests.unreadable,
                c->tests.unreadable == 1 ? "" : "s");
    fprintf(f, "%s, %d steps failed, %s\n", where.data, c->fails.n, took);
    fputs(cp_fleet_report(c->fleet), f);
    ll_buf_free(&where);
    cp_print_unread(f, &c->tests);
    if (!c->o->n_logs)
        cp_print_not_run(f, &c->tests, 10);
    else
        c->failed_there = cp_print_failed_runs(f, c->o->logs, c->o->n_logs,
                                               CP_MAX_LIST);
    ll_buf own = {0};   /* tests run on too few PUs (hwrun says so) */
    ll_buf_printf(&own, "%s/hardware.log", c->o->out);
    const char *own_log = own.data;
    cp_print_oversubscribed(f, c->o->n_logs ? c->o->logs : &own_log,
                            c->o->n_logs ? c->o->n_logs : 1, CP_MAX_LIST);
    ll_buf_free(&own);
    ll_buf emu = {0};
    ll_buf_printf(&emu, "%s/emulated", c->o->out);
    struct stat st;
    bool emulated = !stat(emu.data, &st) && S_ISDIR(st.st_mode);
    bool printed = false;
    if (compare_failed) {
        cp_rows none = {0};
        fprintf(f, "\ncompare failed: %s; the reports are not up to date\n",
                compare_failed);
        cp_print_summary(f, &none, &none, c->fails.items, c->fails.n,
                         CP_MAX_LIST);
        emulated = false;
    } else {
        summarise(f, c->o->out, c->fails.items, c->fails.n, emulated, &printed);
        if (c->o->gen)
            cp_print_relaxations(f, &c->tests, c->o->out);
    }
    if (emulated) {
        fprintf(f, "\nEmulated runs (under qemu-user, say: they check the "
                "harness, they are no evidence about hardware; reports in "
                "%s):\n", emu.data);
        summarise(f, emu.data, printed ? NULL : c->fails.items,
                  printed ? 0 : c->fails.n, false, &printed);
    }
    ll_buf table = {0};
    ll_buf_printf(&table, "%s/table.txt", printed || !emulated ? c->o->out
                                                                : emu.data);
    if (!compare_failed && access(table.data, R_OK) == 0) {
        fputs("\nPer test: condition hits/iterations on each machine (per "
              "million); `!` flags figures that may mislead.\n", f);
        cp_copy_file(table.data, f);
    }
    ll_buf_free(&table);
    ll_buf_free(&emu);
    /* explanations/index.txt only when it lists something */
    fprintf(f, "\nReports: %s/{tests,outcomes,summary}.csv, %s/report.html",
            c->o->out, c->o->out);
    if (c->explained > 0)
        fprintf(f, ", %s/explanations/index.txt (%d state%s explained)",
                c->o->out, c->explained, c->explained == 1 ? "" : "s");
    fprintf(f, "; logs: %s/model.log, %s%s\n", c->o->out,
            c->o->n_logs ? "and the logs given" : c->o->out,
            c->o->n_logs ? "" : "/hardware.log");
    fclose(f);
    fwrite(text, 1, len, stdout);
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/campaign.txt", c->o->out);
    char *tmp;
    FILE *keep = ll_replace_open(path.data, &tmp);
    if (keep) {
        fwrite(text, 1, len, keep);
        ll_replace_close(keep, tmp, path.data);
    }
    free(text);
    ll_buf_free(&path);
}
