/* ingest.c — streams model and hardware logs into the run: one entry at a
 * time, repeated entries merged, Hash conflicts and malformed entries
 * reported (FILE:LINE) and left out. */
#include "compare/compare.h"

#include <stdlib.h>
#include <string.h>

static char *where(const ll_log_entry *e)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "%s:%d", e->file, e->line);
    return b.data;
}

/* The first Hash= seen for a test (model logs are read first) is the
 * reference; an entry with another one is reported and not merged. */
static bool hash_agrees(cmp_run *run, cmp_test *t, const ll_log_entry *e)
{
    if (!e->hash)
        return true;
    if (!t->hash) {
        t->hash = ll_xstrdup(e->hash);
        t->hash_where = where(e);
        return true;
    }
    if (!strcmp(t->hash, e->hash))
        return true;
    fprintf(run->diag,
            "%s:%d: test %s: Hash=%s differs from Hash=%s (%s); "
            "entry not merged\n",
            e->file, e->line, e->name, e->hash, t->hash, t->hash_where);
    run->hash_conflicts++;
    return false;
}

static bool undecided(ll_verdict v)
{
    return v == LL_VERDICT_UNKNOWN || v == LL_VERDICT_UNDEF;
}

/* Calls fn on each well-formed entry of path; reports the others. False
 * when the file could not be opened or read to its end. */
static bool each_entry(cmp_run *run, const char *path,
                       void (*fn)(cmp_run *, ll_log_entry *, const void *),
                       const void *arg)
{
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    if (!r) {
        ll_diag_print(&d, run->diag);
        return false;
    }
    ll_log_entry e = {0};
    int rc;
    while ((rc = ll_log_next(r, &e, &d)) != 0) {
        if (rc < 0) {
            ll_diag_print(&d, run->diag);
            if (!ll_log_failed(r))
                run->malformed++;
            continue;
        }
        fn(run, &e, arg);
    }
    bool ok = !ll_log_failed(r);
    ll_log_entry_clear(&e);
    ll_log_close(r);
    return ok;
}

static void state_key(const ll_state *s, ll_buf *key)
{
    ll_buf_clear(key);
    ll_state_print_herd(s, key);
}

static void add_model_entry(cmp_run *run, ll_log_entry *e, const void *arg)
{
    (void)arg;
    run->model_entries++;
    if (undecided(e->verdict))
        run->model_undecided++;
    cmp_test *t = cmp_find(run, e->name, true);
    if (!hash_agrees(run, t, e))
        return;
    if (!t->in_model) {
        t->in_model = true;
        t->model_verdict = e->verdict;
        t->cond_text = e->cond_text;
        e->cond_text = NULL;
        if (e->has_cond) {
            t->has_cond = true;
            t->cond = e->cond;
            e->has_cond = false;
        }
    } else if (t->model_verdict != e->verdict) {
        fprintf(run->diag,
                "%s:%d: test %s: verdict %s differs from an earlier model "
                "entry's %s; entry not merged\n",
                e->file, e->line, e->name, ll_log_verdict_word(e->verdict),
                ll_log_verdict_word(t->model_verdict));
        run->verdict_conflicts++;
        return;
    }
    ll_buf key = {0};
    for (int i = 0; i < e->n_states; i++) {
        state_key(&e->states[i].state, &key);
        cmp_outcome_find(t, key.data, true)->in_model = true;
    }
    ll_buf_free(&key);
}

/* What a log says of its machine, for the reports: its CPU (`Machine`),
 * how many PUs it has (`Topology ... N PUs`), and whether it was an
 * emulator (an `Emulated` line, or qemu named in `Machine`). */
static void machine_facts(cmp_run *run, int m, ll_log_entry *e)
{
    const char *cpu = ll_log_entry_extra(e, "Machine");
    if (cpu && !run->machine_cpu[m])
        run->machine_cpu[m] = ll_xstrdup(cpu);
    if (ll_log_entry_extra(e, "Emulated") || (cpu && strstr(cpu, "qemu")))
        run->machine_emulated[m] = true;
    const char *topo = ll_log_entry_extra(e, "Topology");
    const char *pus = topo ? strstr(topo, " PUs") : NULL;
    if (pus) {
        const char *p = pus;
        while (p > topo && p[-1] >= '0' && p[-1] <= '9')
            p--;
        int n = atoi(p);
        if (n > run->machine_pus[m])
            run->machine_pus[m] = n;
    }
}

static void add_hw_entry(cmp_run *run, ll_log_entry *e, const void *arg)
{
    const char *label = arg;
    if ((ll_log_entry_extra(e, "Emulated") != NULL) != run->emulated) {
        run->other_kind++;
        return;
    }
    run->hw_entries++;
    if (undecided(e->verdict))
        run->hw_undecided++;
    cmp_test *t = cmp_find(run, e->name, true);
    if (!hash_agrees(run, t, e))
        return;
    if (!label)
        label = ll_log_entry_extra(e, "Machine");
    if (!label) {
        const char *slash = strrchr(e->file, '/');
        label = slash ? slash + 1 : e->file;
    }
    int m = cmp_machine(run, label);
    if (m < 0 && !run->too_many_machines++)
        fprintf(run->diag, "%s:%d: more than %d machines; '%s' and later "
                "ones are not named in the reports\n",
                e->file, e->line, CMP_MAX_MACHINES, label);
    t->hw_entries++;
    if (undecided(e->verdict))
        t->hw_unknown++;
    if (!t->cond_text && e->cond_text)
        t->cond_text = ll_xstrdup(e->cond_text);
    if (m >= 0)
        machine_facts(run, m, e);
    ll_buf key = {0};
    for (int i = 0; i < e->n_states; i++) {
        const ll_log_state *ls = &e->states[i];
        state_key(&ls->state, &key);
        cmp_outcome *o = cmp_outcome_find(t, key.data, true);
        o->in_hw = true;
        o->count += ls->count;
        if (m >= 0 && ls->count > 0)
            o->machines |= 1ull << m;
        t->hw_total += ls->count;
        if (m >= 0) {
            ll_grow((void **)&t->mc, &t->cap_mc, t->n_mc + 1, sizeof *t->mc);
            t->mc[t->n_mc++] = (cmp_mcount){o->key, m, ls->count};
        }
    }
    ll_buf_free(&key);
}

bool cmp_read_model(cmp_run *run, const char *path)
{
    return each_entry(run, path, add_model_entry, NULL);
}

bool cmp_read_hw(cmp_run *run, const char *path, const char *label)
{
    return each_entry(run, path, add_hw_entry, label);
}
