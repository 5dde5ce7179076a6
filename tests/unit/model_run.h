/* model_run.h — unit-test helpers for the model engine: run a test's
 * text through prepare, runs, search and report under a cat model and
 * keep what herd7's log would show (state lines, counts, verdict). */
#ifndef LITMUSLAB_TESTS_MODEL_RUN_H
#define LITMUSLAB_TESTS_MODEL_RUN_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/log.h"
#include "model/engine.h"

typedef struct outcome {
    int n_states;
    char states[64][160];      /* herd7 state lines, in herd7's order */
    uint64_t pos, neg, candidates;
    uint64_t wit_pos, wit_neg;   /* the Witnesses line */
    bool ok;                   /* the verdict line */
    char cond[128];            /* the Condition line's text */
} outcome;

static inline void model_text(const char *text, const char *cat, outcome *o)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("parse: %d:%d: %s", d.line, d.col, d.msg);
    const char *dirs[] = {"model/cats"};
    cat_model *model = cat_load(cat, dirs, 1, &d);
    if (!model)
        fail_msg("cat: %s", d.msg);
    mdl_test m = {0};
    m.start = mdl_now();
    if (!mdl_prepare(&m, t, sem_find(t->arch->id)))
        fail_msg("prepare: %d:%d: %s", m.diag.line, m.diag.col, m.diag.msg);
    assert_true(mdl_runs(&m));
    assert_int_equal(mdl_search(&m, model), MDL_OK);
    ll_log_entry e = {0};
    mdl_report(&m, 0, &e);
    memset(o, 0, sizeof *o);
    o->n_states = e.n_states;
    for (int i = 0; i < e.n_states && i < 64; i++) {
        ll_buf b = {0};
        ll_state_print_herd(&e.states[i].state, &b);
        snprintf(o->states[i], sizeof o->states[i], "%s", ll_buf_str(&b));
        ll_buf_free(&b);
    }
    o->pos = m.positive;
    o->neg = m.negative;
    o->candidates = m.candidates;
    o->ok = e.verdict == LL_VERDICT_OK;
    o->wit_pos = e.positive;
    o->wit_neg = e.negative;
    snprintf(o->cond, sizeof o->cond, "%s", e.cond_text);
    ll_log_entry_clear(&e);
    mdl_free(&m);
    cat_free(model);
    ll_test_free(t);
}

static inline void assert_states(const outcome *o, const char *const *want,
                                 int n)
{
    assert_int_equal(o->n_states, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(o->states[i], want[i]);
}

/* Whether the model refuses the test (read, prepared and run, not
 * searched), its message then in msg. */
static inline bool model_refusal(const char *text, char *msg, size_t size)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("parse: %d:%d: %s", d.line, d.col, d.msg);
    mdl_test m = {0};
    m.start = mdl_now();
    bool refused = !mdl_prepare(&m, t, sem_find(t->arch->id)) ||
                   !mdl_runs(&m);
    if (refused) {
        assert_true(m.failed);
        snprintf(msg, size, "%s", m.diag.msg);
    }
    mdl_free(&m);
    ll_test_free(t);
    return refused;
}

/* The test is read but the model refuses it with message `want`. */
static inline void model_refuses(const char *text, const char *want)
{
    char msg[512];
    if (!model_refusal(text, msg, sizeof msg))
        fail_msg("the model accepted a test it should refuse (%s)", want);
    assert_string_equal(msg, want);
}

#endif
