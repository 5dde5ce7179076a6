/* copy_cycle.c — herd7 solves the values of an execution through rf: a
 * read takes the value of the write it reads, and a write that copies a
 * read (a failed CASP's write-back) the value of that read. Around a
 * cycle of such copies (two CASPs each reading the other's write-back)
 * no value is determined, and herd7, which compares it, has no such
 * execution. Our reads are concrete values, so such a cycle is
 * consistent with any value of the domain: the search drops it
 * (sem_ops.copy_cycles_dropped). */
#include "model/engine.h"

#include <stdlib.h>

/* The read whose value write w copies: the read of w's thread whose
 * bit is w's only vdata bit, else -1. */
static int copied_read(const mdl_ev *ev, int n_ev, int w)
{
    if (!ev[w].e)       /* an initial write */
        return -1;
    sem_taint d = ev[w].e->vdata;
    if (ev[w].e->kind != SEM_W || !d || (d & (d - 1)) || ev[w].e->vop)
        return -1;
    for (int g = 0; g < n_ev; g++)
        if (ev[g].e && ev[g].thread == ev[w].thread &&
            ev[g].e->kind == SEM_R && ev[g].e->read_no >= 0 &&
            ((sem_taint)1 << ev[g].e->read_no) == d)
            return g;
    return -1;
}

bool mdl_copy_cycle(const mdl_ev *ev, int n_ev, const int *src,
                    sem_tags unordered)
{
    /* the cat model orders a read before a write that copies it in
       program order (data): only a copy in no order with its read (the
       write-back's, sem_ops.unordered_in_instr) can close a cycle */
    bool any = false;
    for (int w = 0; w < n_ev && !any; w++)
        any = ev[w].e && ev[w].e->kind == SEM_W && ev[w].e->vdata &&
              (ev[w].e->tags & unordered);
    if (!any)
        return false;
    /* follow read -> its write -> the read that write copies, from each
       read; a chain of more than n_ev steps has come round */
    for (int g = 0; g < n_ev; g++) {
        if (!ev[g].e || ev[g].e->kind != SEM_R)
            continue;
        int r = g;
        for (int steps = 0; r >= 0 && src[r] >= 0; steps++) {
            if (steps > n_ev)
                return true;
            r = copied_read(ev, n_ev, src[r]);
            if (r == g)
                return true;
        }
    }
    return false;
}
