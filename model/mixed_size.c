/* mixed_size.c — herd7 7.58's refusal of a mixed-size test. Without
 * `-variant mixed` herd7 refuses a test one of whose executions accesses
 * a location with two sizes ("Illegal mixed-size test": LDR W of x on one
 * thread, LDR X of x on another); the initial writes do not count, and
 * neither does a path no execution takes. The sizes are the
 * architecture's (sem_event.bytes, 0 where it gives none). With the
 * mode on (herd7's byte-by-byte memory), a test with an access whose
 * size is not its location's is refused, naming the mode. */
#include <stdlib.h>

#include "model/engine.h"

static bool sized(const sem_event *e)
{
    return (e->kind == SEM_R || e->kind == SEM_W) && e->loc >= 0 &&
           e->bytes > 0;
}

bool mdl_sizes_vary(const mdl_test *m)
{
    uint8_t *seen = ll_xcalloc((size_t)m->n_locs + 1, 1);
    bool vary = false;
    for (int t = 0; t < m->n_threads && !vary; t++)
        for (int k = 0; k < m->threads[t].n_runs && !vary; k++) {
            const mdl_run *run = &m->threads[t].runs[k];
            for (int i = 0; i < run->n_ev && !vary; i++) {
                const sem_event *e = &run->ev[i];
                if (!sized(e))
                    continue;
                if (!seen[e->loc])
                    seen[e->loc] = e->bytes;
                vary = seen[e->loc] != e->bytes;
            }
        }
    free(seen);
    return vary;
}

bool mdl_sizes_clash(mdl_test *m, const int *pick)
{
    uint8_t *seen = ll_xcalloc((size_t)m->n_locs + 1, 1);
    bool clash = false;
    for (int t = 0; t < m->n_threads && !clash; t++) {
        const mdl_run *run = &m->threads[t].runs[pick[t]];
        for (int i = 0; i < run->n_ev && !clash; i++) {
            const sem_event *e = &run->ev[i];
            if (!sized(e))
                continue;
            if (!seen[e->loc])
                seen[e->loc] = e->bytes;
            if (seen[e->loc] == e->bytes)
                continue;
            clash = true;
            const mdl_loc *l = &m->locs[e->loc];
            ll_pos pos = m->threads[t].code->stmts[e->stmt].pos;
            ll_diag_set(&m->diag, pos.line, pos.col,
                        "illegal mixed-size test: %s%s%.0lld accessed "
                        "with %d and %d bytes (herd7 7.58 refuses a test "
                        "whose accesses to a location differ in size)",
                        m->syms[l->sym], l->off ? "+" : "",
                        (long long)l->off, seen[e->loc], e->bytes);
        }
    }
    free(seen);
    return clash;
}

bool mdl_mixed_mode_refused(mdl_test *m, bool mode)
{
    for (int t = 0; t < m->n_threads && mode; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++) {
            const mdl_run *run = &m->threads[t].runs[k];
            for (int i = 0; i < run->n_ev; i++) {
                const sem_event *e = &run->ev[i];
                if (!sized(e) || e->bytes == m->locs[e->loc].type.size)
                    continue;
                const mdl_loc *l = &m->locs[e->loc];
                ll_pos pos = m->threads[t].code->stmts[e->stmt].pos;
                ll_diag_set(&m->diag, pos.line, pos.col,
                            "a %d-byte access to %s%s%.0lld (a %d-byte "
                            "location) in herd7's mixed-size mode "
                            "(variant mixed): mixed-size accesses are not "
                            "supported", e->bytes, m->syms[l->sym],
                            l->off ? "+" : "", (long long)l->off,
                            l->type.size);
                return true;
            }
        }
    return false;
}
