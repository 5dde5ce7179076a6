/* test_reader_corpus.c — the reader on the whole corpus (power and x86
 * tests.tgz, read in memory): every test reads, prints, reads back and
 * prints the same, and its condition prints exactly as herd7's own
 * `Condition` line for that test in herd7's logs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "litmuslab/log.h"
#include "litmuslab/test.h"
#include "tests/unit/tgz.h"

/* herd7's Condition line for each test name of a log. */
typedef struct herd_conds {
    int n;
    char **names;
    char **conds;
    bool *seen;      /* a test of this name was compared */
    bool *matched;   /* and one of them printed herd's line */
} herd_conds;

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_herd(const char *log, herd_conds *h)
{
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(log, &d);
    assert_non_null(r);
    ll_log_entry e = {0};
    int cap = 0;
    char **pairs = NULL;
    int rc;
    while ((rc = ll_log_next(r, &e, &d)) != 0) {
        assert_int_equal(rc, 1);
        if (!e.cond_text)
            continue;
        ll_grow((void **)&pairs, &cap, 2 * (h->n + 1), sizeof *pairs);
        pairs[2 * h->n] = ll_xstrdup(e.name);
        pairs[2 * h->n + 1] = ll_xstrdup(e.cond_text);
        h->n++;
    }
    ll_log_entry_clear(&e);
    ll_log_close(r);
    /* Sort pairs by name (pairs are adjacent: sort an index instead). */
    h->names = ll_xcalloc((size_t)h->n + 1, sizeof *h->names);
    for (int i = 0; i < h->n; i++)
        h->names[i] = pairs[2 * i];
    qsort(h->names, (size_t)h->n, sizeof *h->names, by_name);
    h->conds = ll_xcalloc((size_t)h->n + 1, sizeof *h->conds);
    for (int i = 0; i < h->n; i++) {
        char **hit = bsearch(&pairs[2 * i], h->names, (size_t)h->n,
                             sizeof *h->names, by_name);
        h->conds[hit - h->names] = pairs[2 * i + 1];
    }
    free(pairs);
    h->seen = ll_xcalloc((size_t)h->n + 1, sizeof *h->seen);
    h->matched = ll_xcalloc((size_t)h->n + 1, sizeof *h->matched);
}

static int herd_index(const herd_conds *h, const char *name)
{
    char **hit = bsearch(&name, h->names, (size_t)h->n, sizeof *h->names,
                         by_name);
    return hit ? (int)(hit - h->names) : -1;
}

static void free_herd(herd_conds *h)
{
    for (int i = 0; i < h->n; i++) {
        free(h->names[i]);
        free(h->conds[i]);
    }
    free(h->names);
    free(h->conds);
    free(h->seen);
    free(h->matched);
}

typedef struct corpus_check {
    herd_conds herd;
    int parsed;
    int compared;
} corpus_check;

/* Print, read the printing back, print again: the same text. */
static void check_round_trip(const char *name, const ll_test *t)
{
    ll_buf once = {0}, twice = {0};
    ll_test_print(t, &once);
    ll_diag d = {0};
    ll_test *again = ll_test_parse("printed", once.data, once.len, &d);
    if (!again)
        fail_msg("%s: printed text does not read back: %d:%d: %s", name,
                 d.line, d.col, d.msg);
    ll_test_print(again, &twice);
    if (strcmp(ll_buf_str(&once), ll_buf_str(&twice)))
        fail_msg("%s: round trip differs:\n%s\n----\n%s", name,
                 ll_buf_str(&once), ll_buf_str(&twice));
    ll_test_free(again);
    ll_buf_free(&once);
    ll_buf_free(&twice);
}

static void check_one(const char *name, const char *data, size_t len,
                      void *ctx)
{
    corpus_check *cc = ctx;
    size_t n = strlen(name);
    if (n < 8 || strcmp(name + n - 7, ".litmus"))
        return;
    ll_diag d = {0};
    ll_test *t = ll_test_parse(name, data, len, &d);
    if (!t)
        fail_msg("%s:%d:%d: %s", name, d.line, d.col, d.msg);
    cc->parsed++;
    check_round_trip(name, t);
    int at = herd_index(&cc->herd, t->name);
    if (at >= 0) {
        ll_buf b = {0};
        ll_cond_print(&t->cond, &b);
        cc->compared++;
        cc->herd.seen[at] = true;
        if (!strcmp(ll_buf_str(&b), cc->herd.conds[at]))
            cc->herd.matched[at] = true;
        ll_buf_free(&b);
    }
    ll_test_free(t);
}

static void check_corpus(const char *arch, int tests, int min_compared,
                         int min_names)
{
    char tgz[4096], log[4096];
    snprintf(tgz, sizeof tgz, "%s/%s/tests.tgz", tgz_corpus(), arch);
    snprintf(log, sizeof log, "%s/%s/model-herd7.log.gz", tgz_corpus(), arch);
    corpus_check cc = {0};
    load_herd(log, &cc.herd);
    assert_true(tgz_each(tgz, check_one, &cc) > 0);
    /* herd7 ran only one of several tests with the same name, so a name
     * passes when one of its tests prints herd's line. */
    int names = 0, differ = 0;
    for (int i = 0; i < cc.herd.n; i++) {
        if (!cc.herd.seen[i])
            continue;
        names++;
        if (!cc.herd.matched[i] && differ++ < 5)
            print_message("%s: not '%s'\n", cc.herd.names[i],
                          cc.herd.conds[i]);
    }
    free_herd(&cc.herd);
    print_message("%s: %d tests read and round-tripped, %d conditions "
                  "compared with herd7's (%d names)\n",
                  arch, cc.parsed, cc.compared, names);
    assert_int_equal(differ, 0);
    assert_int_equal(cc.parsed, tests);
    assert_true(cc.compared >= min_compared);
    assert_true(names >= min_names);
}

static void test_corpus_power(void **state)
{
    (void)state;
    check_corpus("power", 8141, 8140, 8140);
}

static void test_corpus_x86(void **state)
{
    (void)state;
    check_corpus("x86", 2595, 2595, 2554);
}

int main(void)
{
    if (!tgz_corpus_present()) {
        printf("test_reader_corpus: SKIP: no corpus at '%s'\n", tgz_corpus());
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_power),
        cmocka_unit_test(test_corpus_x86),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
