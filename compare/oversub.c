/* oversub.c — which hardware runs were oversubscribed: more threads than
 * the machine has PUs, so the threads took turns on a PU and most
 * outcomes could not show. Such runs still count where they saw something
 * (a forbidden state seen is seen), but what they did not see is no
 * evidence: an allowed state that only such runs missed is reported as
 * `oversubscribed-unseen`, never `allowed-unseen`. hwrun says so in an
 * `Oversubscribed N threads on M PUs: ...` line; an older log of ours is
 * judged from its `Topology` line and the threads the states name (which
 * can only undercount, so it never claims too much). */
#include "compare/compare.h"

#include <stdio.h>

void cmp_note_oversub(cmp_run *run, cmp_test *t, int m,
                      const ll_log_entry *e)
{
    const char *line = ll_log_entry_extra(e, "Oversubscribed");
    int threads = 0, pus = 0;
    run->oversubscribed += line != NULL;
    if (line && sscanf(line, "%d threads on %d PUs", &threads, &pus) == 2) {
        if (threads > t->threads)
            t->threads = threads;   /* the harness knows; states may not */
        if (m >= 0 && pus > run->machine_pus[m])
            run->machine_pus[m] = pus;
    }
    if (m < 0) {
        t->fit_unnamed |= !line;
        return;
    }
    t->hw_machines |= 1ull << m;
    if (!line)
        t->fit_machines |= 1ull << m;
}

void cmp_finish_oversub(const cmp_run *run, cmp_test *t)
{
    t->over_machines = t->hw_machines & ~t->fit_machines;
    for (int m = 0; m < run->n_machines; m++)
        if ((t->hw_machines >> m & 1) && run->machine_pus[m] > 0 &&
            t->threads > run->machine_pus[m])
            t->over_machines |= 1ull << m;
    t->over_only = t->hw_entries > 0 && !t->fit_unnamed &&
                   !(t->hw_machines & ~t->over_machines);
}
