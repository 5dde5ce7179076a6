/* conds.c — each test's condition: taken from the model log, or else from
 * its litmus file (--tests DIR), and evaluated on the test's outcomes. */
#include "compare/compare.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>

void cmp_finish(cmp_run *run)
{
    ll_state s = {0};
    for (int i = 0; i < run->n_slots; i++) {
        cmp_test *t = run->slots[i];
        if (!t || !t->has_cond)
            continue;
        t->hw_positive = 0;
        for (int j = 0; j < t->n_out; j++) {
            cmp_outcome *o = &t->out[j];
            ll_state_clear(&s);
            ll_state_parse(o->key, &s, NULL);   /* printed by us: parses */
            o->satisfies = ll_prop_eval(t->cond.prop, &s, NULL);
            if (o->satisfies)
                t->hw_positive += o->count;
        }
    }
    ll_state_clear(&s);
}

/* nftw passes no user pointer: the run being filled. */
static cmp_run *tests_run;

static int take_condition(const char *path, const struct stat *st, int type,
                          struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t n = strlen(path);
    if (type != FTW_F || n < 7 || strcmp(path + n - 7, ".litmus"))
        return 0;
    cmp_run *run = tests_run;
    run->test_files++;
    ll_diag d = {0};
    ll_test *test = ll_test_read(path, &d);
    if (!test) {
        ll_diag_print(&d, run->diag);
        run->bad_test_files++;
        return 0;
    }
    cmp_test *t = cmp_find(run, test->name, false);
    if (t && !t->has_cond && test->cond.prop) {
        t->has_cond = true;
        t->cond = test->cond;
        test->cond.prop = NULL;   /* now owned by t */
        /* Any text so far came from a hardware log, for display only. */
        free(t->cond_text);
        ll_buf b = {0};
        ll_cond_print(&t->cond, &b);
        t->cond_text = b.data;
    }
    ll_test_free(test);
    return 0;
}

bool cmp_read_tests(cmp_run *run, const char *dir)
{
    tests_run = run;
    bool ok = nftw(dir, take_condition, 16, FTW_PHYS) == 0;
    if (!ok)
        fprintf(run->diag, "%s: cannot read the test folder\n", dir);
    tests_run = NULL;
    return ok;
}
