/* ingest.c — streams model and hardware logs into the run: one entry at a
 * time, repeated entries merged, Hash conflicts and malformed entries
 * reported (FILE:LINE) and left out. A hardware state whose places are not
 * the model's for that test is a malformed entry, not an alarm; counts
 * that pass 2^64-1 are kept at that value and reported. Past
 * CMP_MAX_SHOWN problems in one file, the rest are only counted. */
#include "compare/compare.h"
#include "litmuslab/escape.h"
#include "litmuslab/limits.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Report one problem of the file being read, unless too many were. */
static void problem(cmp_run *run, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void problem(cmp_run *run, const char *fmt, ...)
{
    if (run->file_problems++ >= CMP_MAX_SHOWN)
        return;
    /* one line of at most this, whatever the names it quotes */
    char msg[4 * LL_MAX_QUOTE + 256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof msg)
        memcpy(msg + sizeof msg - 5, "...\n", 5);
    fputs(msg, run->diag);
}

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
    problem(run,
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

/* A log given on the wrong side (the model's as --hw, or the reverse)
 * would compare as agreement with no hardware counts: its first entry's
 * layout says which it is, and such a file is refused. */
static bool wrong_side(cmp_run *run, const char *path, const ll_log_entry *e,
                       ll_log_format wrong)
{
    if (e->format != wrong)
        return false;
    fprintf(run->diag, "%s: %s given as %s; the model's log goes after "
            "--model, hardware logs after --hw\n", path,
            wrong == LL_LOG_LITMUS
                ? "a hardware log (litmus7's `Histogram` entries)"
                : "a model log (herd7's `States` entries, no counts)",
            wrong == LL_LOG_LITMUS ? "--model" : "--hw");
    return true;
}

/* Calls fn on each well-formed entry of path; reports the others (fn
 * returns false for an entry it finds broken). False when the file could
 * not be opened or read to its end, or has no entry, or no entry that is
 * not broken: such a file gave nothing, and the run must not pass. */
static bool each_entry(cmp_run *run, const char *path,
                       bool (*fn)(cmp_run *, ll_log_entry *, const void *),
                       const void *arg, ll_log_format wrong)
{
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    if (!r) {
        ll_diag_print(&d, run->diag);
        return false;
    }
    run->file_problems = 0;
    ll_log_entry e = {0};
    int rc, entries = 0, good = 0;
    while ((rc = ll_log_next(r, &e, &d)) != 0) {
        if (rc < 0) {
            if (ll_log_failed(r)) {
                ll_diag_print(&d, run->diag);   /* always: it ends the file */
                continue;
            }
            if (run->file_problems++ < CMP_MAX_SHOWN)
                ll_diag_print(&d, run->diag);
            run->malformed++;
            entries++;
            continue;
        }
        if (!entries++ && wrong_side(run, path, &e, wrong)) {
            ll_log_entry_clear(&e);
            ll_log_close(r);
            return false;
        }
        good += fn(run, &e, arg);
    }
    if (run->file_problems > CMP_MAX_SHOWN)
        fprintf(run->diag, "%s: and %d more problems like these (not "
                "shown)\n", path, run->file_problems - CMP_MAX_SHOWN);
    bool ok = !ll_log_failed(r);
    if (ok && !entries) {
        fprintf(run->diag, "%s: no log entry in this file (a log entry "
                "starts with a `Test NAME` line)\n", path);
        ok = false;
    } else if (ok && !good) {
        if (entries == 1)
            fprintf(run->diag, "%s: no usable log entry: its only entry is "
                    "broken (see above)\n", path);
        else
            fprintf(run->diag, "%s: no usable log entry: all %d entries are "
                    "broken (see above)\n", path, entries);
        ok = false;
    }
    ll_log_entry_clear(&e);
    ll_log_close(r);
    return ok;
}

static void state_key(const ll_state *s, ll_buf *key)
{
    ll_buf_clear(key);
    ll_state_print_herd(s, key);
}

/* The places a state binds, in its (herd7's) order: "0:r1 1:r1 x". */
static void places_of(const ll_state *s, ll_buf *out)
{
    ll_buf_clear(out);
    for (int i = 0; i < s->n; i++) {
        if (i)
            ll_buf_putc(out, ' ');
        ll_loc_print(&s->b[i].loc, false, out);
    }
}

/* a + b, kept at UINT64_MAX rather than wrapping; *over set if it was. */
static uint64_t add_count(uint64_t a, uint64_t b, bool *over)
{
    if (a > UINT64_MAX - b) {
        *over = true;
        return UINT64_MAX;
    }
    return a + b;
}

static bool add_model_entry(cmp_run *run, ll_log_entry *e, const void *arg)
{
    (void)arg;
    run->model_entries++;
    if (undecided(e->verdict))
        run->model_undecided++;
    cmp_test *t = cmp_find(run, e->name, true);
    if (!hash_agrees(run, t, e))
        return true;
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
        problem(run,
                "%s:%d: test %s: verdict %s differs from an earlier model "
                "entry's %s; entry not merged\n",
                e->file, e->line, e->name, ll_verdict_word(e->verdict),
                ll_verdict_word(t->model_verdict));
        run->verdict_conflicts++;
        return true;
    }
    ll_buf key = {0};
    for (int i = 0; i < e->n_states; i++) {
        state_key(&e->states[i].state, &key);
        cmp_outcome_find(t, ll_buf_str(&key), true)->in_model = true;
        if (!t->places && e->states[i].state.n) {
            places_of(&e->states[i].state, &key);
            t->places = ll_xstrdup(ll_buf_str(&key));
        }
    }
    ll_buf_free(&key);
    return true;
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

/* Every state of a hardware entry binds the places the model's states
 * bind (when the model gave any): a state naming a register the test does
 * not have is a broken entry, never an outcome the model forbids. */
static bool states_fit(cmp_run *run, const cmp_test *t, const ll_log_entry *e)
{
    if (!t->places)
        return true;
    ll_buf places = {0}, text = {0};
    bool ok = true;
    for (int i = 0; ok && i < e->n_states; i++) {
        places_of(&e->states[i].state, &places);
        if (strcmp(ll_buf_str(&places), t->places)) {
            /* quoted in part: a state may have 100000 locations */
            char state[LL_MAX_QUOTE + 4], its[LL_MAX_QUOTE + 4],
                model[LL_MAX_QUOTE + 4];
            state_key(&e->states[i].state, &text);
            ll_excerpt(ll_buf_str(&text), LL_MAX_QUOTE, state, sizeof state);
            ll_excerpt(places.len ? ll_buf_str(&places) : "none",
                       LL_MAX_QUOTE, its, sizeof its);
            ll_excerpt(t->places, LL_MAX_QUOTE, model, sizeof model);
            problem(run, "%s:%d: test %s: state '%s' does not fit the test "
                    "(its places: %s; the model's: %s); entry skipped\n",
                    e->file, e->line + 2 + i, e->name, state, its, model);
            ok = false;
        }
    }
    ll_buf_free(&places);
    ll_buf_free(&text);
    return ok;
}

static bool add_hw_entry(cmp_run *run, ll_log_entry *e, const void *arg)
{
    const char *label = arg;
    if ((ll_log_entry_extra(e, "Emulated") != NULL) != run->emulated) {
        run->other_kind++;
        return true;
    }
    cmp_test *t = cmp_find(run, e->name, true);
    if (!states_fit(run, t, e)) {
        run->malformed++;
        return false;
    }
    run->hw_entries++;
    if (undecided(e->verdict))
        run->hw_undecided++;
    if (!hash_agrees(run, t, e))
        return true;
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
    /* a test no model log has: its condition is the one the hardware log
     * states, so that its hits count (`Positive: 714k`), not 0 */
    if (!t->in_model && !t->has_cond && e->has_cond) {
        t->has_cond = true;
        t->cond = e->cond;
        e->has_cond = false;
    }
    if (m >= 0)
        machine_facts(run, m, e);
    cmp_note_oversub(run, t, m, e);
    ll_buf key = {0};
    bool over = false;
    for (int i = 0; i < e->n_states; i++) {
        const ll_log_state *ls = &e->states[i];
        state_key(&ls->state, &key);
        cmp_outcome *o = cmp_outcome_find(t, ll_buf_str(&key), true);
        o->in_hw = true;
        o->count = add_count(o->count, ls->count, &over);
        if (m >= 0 && ls->count > 0)
            o->machines |= 1ull << m;
        t->hw_total = add_count(t->hw_total, ls->count, &over);
        if (m >= 0) {
            ll_grow((void **)&t->mc, &t->cap_mc, t->n_mc + 1, sizeof *t->mc);
            t->mc[t->n_mc++] = (cmp_mcount){o->key, m, ls->count};
        }
    }
    ll_buf_free(&key);
    if (over && !t->overflow) {
        t->overflow = true;
        run->overflows++;
        problem(run, "%s:%d: test %s: hardware counts pass %llu (2^64-1) "
                "and are kept at that value\n", e->file, e->line, e->name,
                (unsigned long long)UINT64_MAX);
    }
    return true;
}

bool cmp_read_model(cmp_run *run, const char *path)
{
    return each_entry(run, path, add_model_entry, NULL, LL_LOG_LITMUS);
}

bool cmp_read_hw(cmp_run *run, const char *path, const char *label)
{
    /* The file's base name may stand for the machine's name (the label
     * and the log's `Machine` line are checked at input): one line too. */
    const char *slash = strrchr(path, '/');
    const char *why = label ? NULL : ll_label_problem(slash ? slash + 1 : path);
    if (why) {
        ll_buf shown = {0};   /* the path itself on one line */
        ll_esc_text(path, &shown);
        fprintf(run->diag, "%s: the file's name, which would name its "
                "machine, %s; rename it, or give --hw NAME=FILE\n",
                ll_buf_str(&shown), why);
        ll_buf_free(&shown);
        return false;
    }
    return each_entry(run, path, add_hw_entry, label, LL_LOG_HERD);
}
