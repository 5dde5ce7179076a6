/* test_free.c — releasing a test's tree, and lookups in it: metadata,
 * branch targets. */
#include "reader.h"

#include <stdlib.h>
#include <string.h>

static void free_thread(ll_thread *th)
{
    for (int i = 0; i < th->n_stmts; i++) {
        free(th->stmts[i].label);
        if (th->stmts[i].has_instr)
            ll_instr_clear(&th->stmts[i].instr);
    }
    free(th->stmts);
    for (int i = 0; i < th->n_params; i++) {
        free(th->params[i].type);
        free(th->params[i].name);
    }
    free(th->params);
    free(th->c_body);
    free(th->c_tree);
}

void ll_test_free(ll_test *t)
{
    if (!t)
        return;
    free(t->file);
    free(t->arch_name);
    free(t->name);
    free(t->doc);
    for (int i = 0; i < t->n_meta; i++) {
        free(t->meta[i].key);
        free(t->meta[i].value);
    }
    free(t->meta);
    for (int i = 0; i < t->n_init; i++)
        ll_init_clear(&t->init[i]);
    free(t->init);
    for (int i = 0; i < t->n_threads; i++)
        free_thread(&t->threads[i]);
    free(t->threads);
    for (int i = 0; i < t->n_locations; i++)
        ll_loc_clear(&t->locations[i]);
    free(t->locations);
    ll_prop_free(t->filter);
    ll_prop_free(t->cond.prop);
    free(t);
}

const char *ll_test_meta(const ll_test *t, const char *key)
{
    for (int i = 0; i < t->n_meta; i++)
        if (!strcmp(t->meta[i].key, key))
            return t->meta[i].value;
    return NULL;
}

bool ll_label_relative(const char *label, int64_t *bytes)
{
    if (!label || label[0] != '.')
        return false;
    *bytes = 0;
    if (!label[1])
        return true;
    if ((label[1] != '+' && label[1] != '-') || !label[2])
        return false;
    int64_t n = 0;
    for (const char *p = label + 2; *p; p++) {
        if (*p < '0' || *p > '9' || n > 1000000)
            return false;
        n = n * 10 + (*p - '0');
    }
    *bytes = label[1] == '-' ? -n : n;
    return true;
}

int ll_label_stmt(const ll_thread *t, const char *label, int pc)
{
    int64_t bytes;
    if (ll_label_relative(label, &bytes)) {
        if (bytes % 4)
            return -1;
        int64_t k = bytes / 4;
        int i = pc;
        while (k != 0 && i >= 0 && i < t->n_stmts) {
            i += k > 0 ? 1 : -1;
            if (i >= 0 && i < t->n_stmts && t->stmts[i].has_instr)
                k += k > 0 ? -1 : 1;
        }
        return i >= 0 && i <= t->n_stmts ? i : -1;
    }
    for (int i = 0; i < t->n_stmts; i++)
        if (t->stmts[i].label && !strcmp(t->stmts[i].label, label))
            return i;
    return -1;
}
