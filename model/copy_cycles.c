/* copy_cycles.c — herd7's unsolved values, for the architectures whose
 * semantics ask for it (sem_ops.copies_unsolved).
 *
 * herd7 gives each read a symbol and solves the equations rf makes. A
 * value that flows around a cycle of reads-from and of writes made of
 * reads (P0 loads a register and stores it, P1 the other way; a
 * compare-and-swap that fails and writes back what it read) has no
 * equation with a constant to solve it. Where C and some architectures
 * keep such an execution once, with a symbol (model/symbolic.c), herd7
 * 7.58 drops it for the architectures whose reads and writes pass their
 * values through operations (measured: tests/e2e/model_copy_cycles.sh
 * and the CASP+wb-cycle test of litmus/; doc/fidelity.md names the
 * headers).
 * Our reads return the concrete values of the locations' domains, so the
 * cycle is an execution per value of the domain, a value no write makes
 * (thin air): this file finds them so the search drops them.
 *
 * A read is solved when it reads the initial value, or a write whose
 * value is made of solved reads of its thread only (sem_event.vdata; a
 * constant has none), or when an equation with solved values fixes it
 * (a CAS that succeeds: the read equals the expected register,
 * sem_run.pinned and opeqs). herd7 drops the execution when one is not,
 * unless its solver, replayed where the semantics number its variables
 * (search.c, symbolic.c mdl_herd_solves_all), meets an operation that is
 * a constant (x ^ x) first in the cycle. */
#include "model/engine.h"

#include <stdlib.h>

/* The candidate's events, and each thread's reads by number. */
typedef struct cc_ctx {
    const mdl_test *m;
    const mdl_ev *ev;
    const int *pick, *src;
    const int *by_no;           /* [t * SEM_MAX_READS + b]: event or -1 */
    const bool *ok;             /* the reads solved so far */
} cc_ctx;

/* Whether every read in set d of thread t is solved. */
static bool all_solved(const cc_ctx *c, int t, sem_taint d)
{
    for (int b = 0; b < SEM_MAX_READS && d >> b; b++) {
        int q = d >> b & 1 ? c->by_no[t * SEM_MAX_READS + b] : -1;
        if (q >= 0 && !c->ok[q])
            return false;
    }
    return true;
}

/* Whether g is the first read left unsolved in herd7's numbering of its
 * variables (by thread, then instruction). */
static bool first_unsolved(const cc_ctx *c, int n_ev, int g)
{
    const mdl_ev *ev = c->ev;
    for (int h = 0; h < n_ev; h++)
        if (h != g && !c->ok[h] && ev[h].e &&
            (ev[h].thread < ev[g].thread ||
             (ev[h].thread == ev[g].thread &&
              ev[h].e->read_no < ev[g].e->read_no)))
            return false;
    return true;
}

/* Whether read g is solved now. Also when another read of its write is:
 * herd7 makes the reads of one write one symbol, so an equation that
 * fixes one (a CAS's) fixes them all (CASP+expected-cycle under a model
 * with no coherence: P0's CASP reads its own later STP, which P1's CASP
 * succeeds on). Where that symbol then goes round a cycle of copies,
 * herd7's one pass meets the cycle's equations from the highest
 * variable down, so it solves the cycle only from its lowest variable:
 * g must be the first read left unsolved (measured: P0 and P1 each load
 * x and store it, P1's CAS succeeds reading P0's store; herd7 solves it
 * only when P0's load reads what the CAS reads, not P1's). */
static bool solved(const cc_ctx *c, int n_ev, int g)
{
    const mdl_ev *ev = c->ev;
    int w = c->src[g], t = ev[g].thread;
    if (w < 0 || !ev[w].e || ev[w].e->kind != SEM_W ||
        all_solved(c, ev[w].thread, ev[w].e->vdata))
        return true;
    for (int h = 0; h < n_ev; h++)
        if (h != g && c->src[h] == w && c->ok[h] && ev[h].e &&
            ev[h].e->kind == SEM_R && first_unsolved(c, n_ev, g))
            return true;
    /* a solved read of a write that is g's value as read (a failed
       CAS's write-back, sem_event.vraw) solves g: herd7's `S' := S`,
       where its stores of a register are operations (mask64 of it) */
    int b0 = ev[g].e->read_no;
    for (int h = 0; h < n_ev && b0 >= 0; h++) {
        int v = c->src[h];
        if (h != g && c->ok[h] && v >= 0 && ev[v].e &&
            ev[v].e->kind == SEM_W && ev[v].e->vraw &&
            ev[v].thread == t && ev[v].e->vdata == (sem_taint)1 << b0)
            return true;
    }
    const mdl_run *run = &c->m->threads[t].runs[c->pick[t]];
    int b = ev[g].e->read_no;
    if (b < 0)
        return false;
    if (run->pinned >> b & 1)
        return true;
    for (int i = 0; i < run->n_opeqs; i++)
        if ((run->opeqs[i][0] >> b & 1) &&
            all_solved(c, t, run->opeqs[i][1]))
            return true;
    return false;
}

/* Read r of a CAS is one variable S with read q its expected value is
 * made of, through W registers (sem_run.opeq_ops: herd7's mask32 of a
 * 32-bit register, an operation): the CAS's equation S := f(S) closes a
 * cycle that herd7's one pass (herd_solver.c) solves only when it
 * enters it at the CAS's equation, the one whose left side is solved:
 * when another read of S has its register's equation numbered before
 * the cycle's first, that of the first instruction reading q's register
 * (herd7 numbers its variables in the order of the threads and of their
 * instructions). Such a read g: in an earlier thread, or in the CAS's
 * thread before any instruction read a register made of q
 * (sem_event.regs_read). S's reads: those of write w (w >= 0), or of r's
 * class in parent. Measured on the reductions of random tests
 * 5400003-23 and 12100061-16 (CAS+ldadd-*, CAS+str-reread* and others
 * in tests/herd7-cpu). */
static bool entered_first(const cc_ctx *c, int n_ev, int r, int q,
                          int *parent, int w)
{
    const mdl_ev *ev = c->ev;
    sem_taint qb = (sem_taint)1 << ev[q].e->read_no;
    for (int g = 0; g < n_ev; g++)
        if (g != r && g != q && ev[g].e && ev[g].e->kind == SEM_R &&
            (w >= 0 ? c->src[g] == w
                    : mdl_uf_find(parent, g) == mdl_uf_find(parent, r)) &&
            (ev[g].thread < ev[r].thread ||
             (ev[g].thread == ev[r].thread && !(ev[g].e->regs_read & qb))))
            return true;
    return false;
}

/* Where r and q both read one write whose value is an operation's
 * result (an atomic add's, and a 32-bit store's, SWP's or CAS's write:
 * mask32 of its register, even where that holds one read; mask16 and
 * mask08 for halfwords and bytes), herd7's
 * normalisation makes them one variable: entered_first. A write that
 * copies one read (a failed CAS's write-back) joins the classes of
 * equations_solvable instead; with 64-bit registers (plain copies) no
 * cycle. */
static bool result_read_solved(const cc_ctx *c, int n_ev, int r, int q)
{
    const mdl_ev *ev = c->ev;
    int w = c->src[r];
    if (w < 0 || w != c->src[q] || !ev[w].e || ev[w].e->kind != SEM_W ||
        !ev[w].e->vdata ||
        (!ev[w].e->vop && !(ev[w].e->vdata & (ev[w].e->vdata - 1))))
        return true;
    return entered_first(c, n_ev, r, q, NULL, w);
}

/* herd7 7.58 drops an execution where a CAS's equation (read = Rs, Rs
 * made of reads: sem_run.opeqs) has one symbol on both sides, even
 * where rf fixes that symbol: a read and the reads it copies, through
 * writes that copy one read (a failed CAS's write-back, a store of a
 * loaded register), are one symbol (CAS+CASA-wb-symbol: P1's CAS reads
 * P0's 1 and writes it back, its CASA expects that old value and reads
 * the write-back), unless, through W registers (mask32 operations: a
 * cycle of herd7's pass), another read of the symbol enters the cycle
 * first (entered_first; CAS+CASA-wb-symbol+read-after-cas). Two reads of
 * one write that is an operation's result: result_read_solved. */
static bool equations_solvable(const cc_ctx *c, int n_ev)
{
    const mdl_ev *ev = c->ev;
    int *parent = ll_xmalloc((size_t)n_ev * sizeof *parent);
    for (int g = 0; g < n_ev; g++)
        parent[g] = g;
    for (int g = 0; g < n_ev; g++) {
        int w = c->src[g];
        if (!ev[g].e || ev[g].e->kind != SEM_R || w < 0 || !ev[w].e ||
            ev[w].e->kind != SEM_W || !ev[w].e->vdata)
            continue;
        sem_taint d = ev[w].e->vdata;
        int q = -1;
        /* a copy of one read by an atomic pair's write (a failed CAS's
         * write-back); a plain store of a loaded register joins nothing:
         * herd7 keeps `LDR W0,[x]; STR W0,[x]; CAS W0,W6,[x]` reading the
         * store (tests/e2e/model_copy_cycles.sh) */
        if (!(d & (d - 1)) && !ev[w].e->vop && ev[w].e->rmw_read >= 0)
            for (int b = 0; b < SEM_MAX_READS; b++)
                if (d >> b & 1)
                    q = c->by_no[ev[w].thread * SEM_MAX_READS + b];
        if (q >= 0 && mdl_uf_find(parent, g) != mdl_uf_find(parent, q))
            parent[mdl_uf_find(parent, g)] = mdl_uf_find(parent, q);
    }
    bool ok = true;
    for (int t = 0; t < c->m->n_threads && ok; t++) {
        const mdl_run *run = &c->m->threads[t].runs[c->pick[t]];
        for (int i = 0; i < run->n_opeqs && ok; i++)
            for (int a = 0; a < SEM_MAX_READS && ok; a++) {
                int r = run->opeqs[i][0] >> a & 1
                            ? c->by_no[t * SEM_MAX_READS + a] : -1;
                for (int b = 0; r >= 0 && b < SEM_MAX_READS && ok; b++) {
                    int q = run->opeqs[i][1] >> b & 1
                                ? c->by_no[t * SEM_MAX_READS + b] : -1;
                    bool ops = run->opeq_ops >> i & 1;
                    if (q < 0)
                        ok = true;
                    else if (mdl_uf_find(parent, q) == mdl_uf_find(parent, r))
                        ok = ops && entered_first(c, n_ev, r, q, parent, -1);
                    else
                        ok = !ops || result_read_solved(c, n_ev, r, q);
                }
            }
    }
    free(parent);
    return ok;
}

bool mdl_copies_solved(const mdl_test *m, const mdl_ev *ev, int n_ev,
                       const int *pick, const int *src)
{
    /* most candidates read only constants: nothing to solve */
    int g0 = 0;
    while (g0 < n_ev && !(ev[g0].e && ev[g0].e->kind == SEM_R &&
                          src[g0] >= 0 && ev[src[g0]].e &&
                          ev[src[g0]].e->kind == SEM_W &&
                          ev[src[g0]].e->vdata))
        g0++;
    if (g0 == n_ev)
        return true;
    size_t n_no = (size_t)m->n_threads * SEM_MAX_READS;
    int *by_no = ll_xmalloc((n_no ? n_no : 1) * sizeof *by_no);
    bool *ok = ll_xcalloc((size_t)(n_ev ? n_ev : 1), sizeof *ok);
    for (size_t i = 0; i < n_no; i++)
        by_no[i] = -1;
    int left = 0;
    for (int g = 0; g < n_ev; g++) {
        ok[g] = !ev[g].e || ev[g].e->kind != SEM_R;
        left += !ok[g];
        int b = ev[g].e ? ev[g].e->read_no : -1;
        if (b >= 0 && b < SEM_MAX_READS)
            by_no[ev[g].thread * SEM_MAX_READS + b] = g;
    }
    cc_ctx c = {m, ev, pick, src, by_no, ok};
    bool changed = true;
    while (left && changed) {
        changed = false;
        for (int g = 0; g < n_ev; g++)
            if (!ok[g] && solved(&c, n_ev, g)) {
                ok[g] = true;
                left--;
                changed = true;
            }
    }
    bool keep = left == 0 && equations_solvable(&c, n_ev);
    free(ok);
    free(by_no);
    return keep;
}
