/* index.c — the run's tables: tests by name and each test's outcomes by
 * state key (both open addressing, so a test with millions of states is
 * read in linear time), and the machine labels. */
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
    free(t->arch);
    free(t->m_total);
    free(t->m_positive);
    free(t->index);
    free(t->places);
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

static int index_slot(const cmp_test *t, const char *key)
{
    int mask = t->n_index - 1;
    int i = (int)(hash_name(key) & (uint64_t)mask);
    while (t->index[i] >= 0 && strcmp(t->out[t->index[i]].key, key))
        i = (i + 1) & mask;
    return i;
}

static void reindex(cmp_test *t)
{
    int n = t->n_index ? t->n_index * 2 : 16;
    while (n < 2 * (t->n_out + 1))
        n *= 2;
    free(t->index);
    t->index = ll_xmalloc((size_t)n * sizeof *t->index);
    for (int i = 0; i < n; i++)
        t->index[i] = -1;
    t->n_index = n;
    for (int k = 0; k < t->n_out; k++)
        t->index[index_slot(t, t->out[k].key)] = k;
}

cmp_outcome *cmp_outcome_find(cmp_test *t, const char *key, bool create)
{
    if (!t->n_index && !create && !t->n_out)
        return NULL;
    if (2 * (t->n_out + 1) > t->n_index)
        reindex(t);
    int i = index_slot(t, key);
    if (t->index[i] >= 0)
        return &t->out[t->index[i]];
    if (!create)
        return NULL;
    ll_grow((void **)&t->out, &t->cap_out, t->n_out + 1, sizeof *t->out);
    cmp_outcome *o = &t->out[t->n_out];
    memset(o, 0, sizeof *o);
    o->key = ll_xstrdup(key);
    t->index[i] = t->n_out++;
    return o;
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const cmp_outcome *)a)->key, ((const cmp_outcome *)b)->key);
}

void cmp_sort_outcomes(cmp_test *t)
{
    if (t->n_out > 1)
        qsort(t->out, (size_t)t->n_out, sizeof *t->out, by_key);
    free(t->index);       /* made again by the next lookup */
    t->index = NULL;
    t->n_index = 0;
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
