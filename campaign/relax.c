/* relax.c — the summary of a generated family by relaxation: the tests
 * of `campaign --gen` record the relaxation they test (Relax=, diy7's
 * info line; none for a test of safe edges only), and the table counts
 * each group's tests by compare's status (forbidden-seen, the alarm, in
 * the first column). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"

/* The Relax= value of a test file ("" when it has none). */
static char *relax_of(const char *path)
{
    size_t len;
    char *text = ll_read_file(path, &len);
    char *out = NULL;
    for (char *line = text; line && *line && !out;) {
        char *nl = strchr(line, '\n');
        if (!strncmp(line, "Relax=", 6))
            out = ll_xstrndup(line + 6, nl ? (size_t)(nl - line - 6)
                                           : strlen(line + 6));
        if (*line == '{' || !nl)
            break;
        line = nl + 1;
    }
    free(text);
    return out ? out : ll_xstrdup("");
}

void cp_print_relaxations(FILE *f, const cp_tests *ts, const char *dir)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/tests.csv", dir);
    cp_rows rows = {0};
    FILE *quiet = fopen("/dev/null", "w");
    bool ok = cp_rows_read(path.data, false, &rows, quiet ? quiet : stderr);
    if (quiet)
        fclose(quiet);
    ll_buf_free(&path);
    if (!ok) {
        cp_rows_free(&rows);
        return;
    }
    char *group[CP_MAX_GROUPS];
    const char *status[CP_MAX_STATUS];
    int count[CP_MAX_GROUPS][CP_MAX_STATUS], total[CP_MAX_GROUPS];
    int ng = 0, ns = 0;
    memset(count, 0, sizeof count);
    memset(total, 0, sizeof total);
    /* the alarm first, as the other tables */
    status[ns++] = "forbidden-seen";
    for (int i = 0; i < ts->n; i++) {
        const cp_test *t = &ts->items[i];
        const char *st = NULL;
        for (int r = 0; r < rows.n && !st; r++)
            if (!strcmp(rows.items[r].test, t->name))
                st = rows.items[r].status;
        if (!st)
            continue;
        char *rel = relax_of(t->path);
        int g = 0;
        while (g < ng && strcmp(group[g], rel))
            g++;
        if (g == ng && ng < CP_MAX_GROUPS)
            group[ng++] = rel;
        else
            free(rel);
        if (g >= ng)
            continue;
        int s = 0;
        while (s < ns && strcmp(status[s], st))
            s++;
        if (s == ns && ns < CP_MAX_STATUS)
            status[ns++] = st;
        if (s < ns)
            count[g][s]++;
        total[g]++;
    }
    if (ng > 0) {
        fputs("\nTests by relaxation tested (Relax= of the generated "
              "tests; safe: none relaxed):\n", f);
        fprintf(f, "  %-24s %6s", "relaxation", "tests");
        for (int s = 0; s < ns; s++)
            fprintf(f, " %*s", (int)strlen(status[s]) > 6
                                   ? (int)strlen(status[s]) : 6, status[s]);
        fputc('\n', f);
        for (int g = 0; g < ng; g++) {
            fprintf(f, "  %-24s %6d", group[g][0] ? group[g] : "(safe)",
                    total[g]);
            for (int s = 0; s < ns; s++)
                fprintf(f, " %*d", (int)strlen(status[s]) > 6
                                       ? (int)strlen(status[s]) : 6,
                        count[g][s]);
            fputc('\n', f);
        }
    }
    for (int g = 0; g < ng; g++)
        free(group[g]);
    cp_rows_free(&rows);
}
