/* conds.c — each test's condition: taken from the model log, or else from
 * its litmus file (--tests DIR), and evaluated on the test's outcomes. */
#include "compare/compare.h"
#include "litmuslab/arch.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>

/* The highest thread a state names, plus one: how many threads the test
 * has at least (a thread whose registers no state shows is not counted). */
static int threads_named(const ll_state *s)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        if (s->b[i].loc.proc + 1 > n)
            n = s->b[i].loc.proc + 1;
    return n;
}

static bool same_locations(const ll_state *a, const ll_state *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (ll_loc_cmp(&a->b[i].loc, &b->b[i].loc))
            return false;
    return true;
}

/* The state an `exists` (or `~exists`) names, when the model forbids it
 * and hardware never showed it: listed with count 0, so the reports hold
 * the "forbidden, never seen" cell too. Only when the condition is one
 * state over exactly the locations the states show. */
static void add_forbidden_target(cmp_test *t, const ll_state *shown)
{
    if (!t->in_model || t->cond.quant == LL_FORALL)
        return;
    ll_state target = {0};
    if (ll_prop_state(t->cond.prop, &target) &&
        same_locations(&target, shown)) {
        ll_buf key = {0};
        ll_state_print_herd(&target, &key);
        cmp_outcome_find(t, key.data, true);
        ll_buf_free(&key);
    }
    ll_state_clear(&target);
}

static uint64_t add_kept(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Each machine's iterations and condition hits for test t (kept at
 * 2^64-1, as the totals are). */
static void per_machine(const cmp_run *run, cmp_test *t)
{
    size_t n = run->n_machines ? (size_t)run->n_machines : 1;
    t->m_total = ll_xcalloc(n, sizeof *t->m_total);
    t->m_positive = ll_xcalloc(n, sizeof *t->m_positive);
    for (int i = 0; i < t->n_mc; i++) {
        const cmp_mcount *c = &t->mc[i];
        t->m_total[c->machine] = add_kept(t->m_total[c->machine], c->count);
        const cmp_outcome *o = cmp_outcome_find(t, c->key, false);
        if (t->has_cond && o && o->satisfies)
            t->m_positive[c->machine] =
                add_kept(t->m_positive[c->machine], c->count);
    }
}

void cmp_finish(cmp_run *run)
{
    ll_state s = {0};
    for (int i = 0; i < run->n_slots; i++) {
        cmp_test *t = run->slots[i];
        if (!t)
            continue;
        cmp_sort_outcomes(t);
        if (t->has_cond && t->n_out > 0) {
            ll_state_clear(&s);
            ll_state_parse(t->out[0].key, &s, NULL);
            add_forbidden_target(t, &s);
            cmp_sort_outcomes(t);
        }
        t->hw_positive = 0;
        for (int j = 0; j < t->n_out; j++) {
            cmp_outcome *o = &t->out[j];
            ll_state_clear(&s);
            ll_state_parse(o->key, &s, NULL);   /* printed by us: parses */
            int th = threads_named(&s);
            if (th > t->threads)
                t->threads = th;
            if (!t->has_cond)
                continue;
            o->satisfies = ll_prop_eval(t->cond.prop, &s, NULL);
            if (o->satisfies)
                t->hw_positive = add_kept(t->hw_positive, o->count);
        }
        per_machine(run, t);
        cmp_finish_oversub(run, t);
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
    if (t && !t->source_path)
        t->source_path = ll_xstrdup(path);   /* for report.html */
    const char *arch = test->arch ? test->arch->name : test->arch_name;
    if (t && !t->arch && arch)
        t->arch = ll_xstrdup(arch);   /* report.html's families */
    /* the test file's condition before a hardware log's (a test no
     * model log has took that one meanwhile) */
    if (t && (!t->has_cond || !t->in_model) && test->cond.prop) {
        if (t->has_cond)
            ll_prop_free(t->cond.prop);
        t->has_cond = true;
        t->cond = test->cond;
        test->cond.prop = NULL;   /* now owned by t */
        /* Any text so far came from a hardware log, for display only. */
        free(t->cond_text);
        ll_buf b = {0};
        ll_cond_print(&t->cond, &b);
        t->cond_text = b.data;
    }
    /* its constants cut to their places' types, as the model and hwrun
       compare them (`0:rax=4294967295` is -1 for an int rax); the text
       shown keeps the test's spelling */
    if (t && t->has_cond)
        ll_prop_cut(t->cond.prop, ll_place_type, test);
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
