/* value_cycles.h — which locations may hold a value herd7 leaves
 * unsolved by reads-from alone (value_cycles.c), for paths.c: a value
 * made, through reads-from, of itself (a cycle of writes whose values
 * are made of reads) that coherence does not forbid, or made of such a
 * value. Only there can an RMW's equation (a cmpxchg's expected value)
 * give a read a value no write computes. */
#ifndef LITMUSLAB_MODEL_VALUE_CYCLES_H
#define LITMUSLAB_MODEL_VALUE_CYCLES_H

#include <stdbool.h>
#include <stdint.h>

#include "model/sem/sem.h"

/* An access of a path of the path pass: a read, or a write with the
 * reads (indexes of the path's events) its value is made of. */
typedef struct vc_ev {
    bool write;
    bool unknown;       /* a write made of a value no read event gives
                           (a read at no location, an unsolved value) */
    int loc;
    int n_dep, dep[SEM_MAX_READS];
} vc_ev;

typedef struct vc_path {
    vc_ev *ev;
    int n_ev;
    uint64_t hash;
} vc_path;

/* The distinct paths of one thread (vc_add_path). */
typedef struct vc_thread {
    vc_path *path;
    int n_path, cap_path;
} vc_thread;

/* Adds path p (its events taken over) to thread t unless t has one with
 * the same accesses; false when it had (p's events are freed). */
bool vc_add_path(vc_thread *t, vc_path *p);

void vc_free(vc_thread *t, int n_threads);

/* Per location (n_locs of them): whether some write there may hold such
 * a value; coherent: the model forbids incoherent candidates (cycles
 * only those forbid are left out). NULL when the graph is too large to
 * tell (every location may then). */
bool *vc_unsolved_locs(const vc_thread *t, int n_threads, int n_locs,
                       bool coherent);

#endif
