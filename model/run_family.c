/* run_family.c — classes of a thread's runs that differ only in the
 * values their reads return (mdl_families_find), for counting a whole
 * class of run combinations at once (search.c, `families`).
 *
 * Two runs are in one class when their events are the same but for the
 * values read (kinds, locations, written values, tags, dependencies) and
 * the thread's shown registers end with the same values. The model then
 * sees the same events in every combination of a class but for which
 * write each read may read, so the combinations' candidates are those of
 * one combination whose reads may read any write of a value the class
 * gives them: counted together, they need each class to hold every
 * choice of its reads' values exactly once (a product), which is
 * checked here. A run cut at a loop's limit or stopped by an error is
 * never in a family (the search treats those combinations apart). */
#include "model/engine.h"

#include <stdlib.h>

/* The value thread t's shown place i takes after run r (reg_values). */
static sem_val shown(const mdl_test *m, int i, const mdl_run *r)
{
    const mdl_obs *o = &m->obs[i];
    return mdl_obs_raw(m, i, o->reg >= 0 && o->slot < m->ops->n_regs
                                 ? m->ops->reg_value(r->final, o->reg)
                                 : r->final[o->slot]);
}

static bool same_class(const mdl_test *m, int t, const mdl_run *a,
                       const mdl_run *b)
{
    if (a->n_ev != b->n_ev)
        return false;
    for (int i = 0; i < a->n_ev; i++)
        if (!mdl_event_alike(&a->ev[i], &b->ev[i], false))
            return false;
    for (int i = 0; i < m->n_obs; i++)
        if (m->obs[i].proc == t &&
            !sem_val_eq(shown(m, i, a), shown(m, i, b)))
            return false;
    return true;
}

/* Class c of thread t holds each choice of its reads' values once: no
 * two members read the same values, and the members are as many as the
 * product of each read's distinct values. */
static bool product(const mdl_thread *th, const int *cls, int c)
{
    int first = 0;
    while (cls[first] != c)
        first++;
    const mdl_run *r0 = &th->runs[first];
    int64_t want = 1, have = 0;
    for (int i = 0; i < r0->n_ev; i++) {
        if (r0->ev[i].kind != SEM_R)
            continue;
        int64_t distinct = 0;
        for (int k = first; k < th->n_runs; k++) {
            if (cls[k] != c)
                continue;
            bool seen = false;
            for (int j = first; j < k && !seen; j++)
                seen = cls[j] == c &&
                       sem_val_eq(th->runs[j].ev[i].val, th->runs[k].ev[i].val);
            distinct += !seen;
        }
        if (__builtin_mul_overflow(want, distinct, &want))
            return false;
    }
    for (int k = first; k < th->n_runs; k++) {
        if (cls[k] != c)
            continue;
        have++;
        for (int j = first; j < k; j++) {
            if (cls[j] != c)
                continue;
            bool same = true;
            for (int i = 0; i < r0->n_ev && same; i++)
                same = r0->ev[i].kind != SEM_R ||
                       sem_val_eq(th->runs[j].ev[i].val, th->runs[k].ev[i].val);
            if (same)
                return false;
        }
    }
    return have == want;
}

bool mdl_families_find(const mdl_test *m, mdl_families *f)
{
    int T = m->n_threads;
    f->n_cls = ll_xcalloc((size_t)T + 1, sizeof *f->n_cls);
    f->cls = ll_xcalloc((size_t)T + 1, sizeof *f->cls);
    f->outer = f->runs = 1;
    bool ok = true;
    for (int t = 0; t < T && ok; t++) {
        const mdl_thread *th = &m->threads[t];
        f->cls[t] = ll_xcalloc((size_t)th->n_runs + 1, sizeof **f->cls);
        /* a class's members are compared pairwise: few runs only */
        ok = th->n_runs <= MDL_FAMILY_RUNS;
        for (int k = 0; k < th->n_runs && ok; k++) {
            const mdl_run *r = &th->runs[k];
            ok = !r->cut && !r->bad && !r->probe && !r->waits;
            int c = 0;
            while (c < f->n_cls[t]) {
                int j = 0;
                while (f->cls[t][j] != c)
                    j++;
                if (same_class(m, t, &th->runs[j], r))
                    break;
                c++;
            }
            f->cls[t][k] = c;
            f->n_cls[t] += c == f->n_cls[t];
        }
        for (int c = 0; c < f->n_cls[t] && ok; c++)
            ok = product(th, f->cls[t], c);
        ok = ok && !__builtin_mul_overflow(f->outer, f->n_cls[t], &f->outer) &&
             !__builtin_mul_overflow(f->runs, th->n_runs, &f->runs);
    }
    if (!ok)
        f->outer = 0;
    return ok;
}

void mdl_families_free(const mdl_test *m, mdl_families *f)
{
    for (int t = 0; t < m->n_threads && f->cls; t++)
        free(f->cls[t]);
    free(f->cls);
    free(f->n_cls);
}
