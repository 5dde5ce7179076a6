/* table.c — the run's tables: tests by name (open addressing), each test's
 * outcomes by state key (a sorted array), and the machine labels. */
#include "compare/compare.h"

#include <stdlib.h>
#include <string.h>

void cmp_run_init(cmp_run *run, FILE *diag)
{
    memset(run, 0, sizeof *run);
    run->n_slots = 1024;
    run->slots = ll_xcalloc((size_t)run->n_slots, sizeof *run->slots);
    run->diag = diag;
}

static void test_free(cmp_test *t)
{
    free(t->name);
    free(t->cond_text);
    if (t->has_cond)
        ll_prop_free(t->cond.prop);
    free(t->hash);
    free(t->hash_where);
    for (int i = 0; i < t->n_out; i++)
        free(t->out[i].key);
    free(t->out);
    free(t->mc);
    free(t->source_path);
    free(t->m_total);
    free(t->m_positive);
    free(t);
}

void cmp_run_free(cmp_run *run)
{
    for (int i = 0; i < run->n_slots; i++)
        if (run->slots[i])
            test_free(run->slots[i]);
    free(run->slots);
    for (int i = 0; i < run->n_machines; i++) {
        free(run->machines[i]);
        free(run->machine_cpu[i]);
    }
    memset(run, 0, sizeof *run);
}

static uint64_t hash_name(const char *s)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static int slot_of(cmp_test **slots, int n_slots, const char *name)
{
    int i = (int)(hash_name(name) & (uint64_t)(n_slots - 1));
    while (slots[i] && strcmp(slots[i]->name, name))
        i = (i + 1) & (n_slots - 1);
    return i;
}

static void rehash(cmp_run *run)
{
    int n = run->n_slots * 2;
    cmp_test **slots = ll_xcalloc((size_t)n, sizeof *slots);
    for (int i = 0; i < run->n_slots; i++)
        if (run->slots[i])
            slots[slot_of(slots, n, run->slots[i]->name)] = run->slots[i];
    free(run->slots);
    run->slots = slots;
    run->n_slots = n;
}

cmp_test *cmp_find(cmp_run *run, const char *name, bool create)
{
    int i = slot_of(run->slots, run->n_slots, name);
    if (run->slots[i] || !create)
        return run->slots[i];
    cmp_test *t = ll_xcalloc(1, sizeof *t);
    t->name = ll_xstrdup(name);
    run->slots[i] = t;
    if (++run->n_tests * 2 > run->n_slots)
        rehash(run);
    return t;
}

cmp_outcome *cmp_outcome_find(cmp_test *t, const char *key, bool create)
{
    int lo = 0, hi = t->n_out;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(t->out[mid].key, key);
        if (c == 0)
            return &t->out[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!create)
        return NULL;
    ll_grow((void **)&t->out, &t->cap_out, t->n_out + 1, sizeof *t->out);
    memmove(&t->out[lo + 1], &t->out[lo],
            (size_t)(t->n_out - lo) * sizeof *t->out);
    t->n_out++;
    memset(&t->out[lo], 0, sizeof t->out[lo]);
    t->out[lo].key = ll_xstrdup(key);
    return &t->out[lo];
}

int cmp_machine(cmp_run *run, const char *label)
{
    for (int i = 0; i < run->n_machines; i++)
        if (!strcmp(run->machines[i], label))
            return i;
    if (run->n_machines == CMP_MAX_MACHINES)
        return -1;
    run->machines[run->n_machines] = ll_xstrdup(label);
    return run->n_machines++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(cmp_test *const *)a)->name,
                  (*(cmp_test *const *)b)->name);
}

cmp_test **cmp_sorted_tests(const cmp_run *run)
{
    cmp_test **all = ll_xmalloc((size_t)(run->n_tests + 1) * sizeof *all);
    int n = 0;
    for (int i = 0; i < run->n_slots; i++)
        if (run->slots[i])
            all[n++] = run->slots[i];
    qsort(all, (size_t)n, sizeof *all, by_name);
    return all;
}
