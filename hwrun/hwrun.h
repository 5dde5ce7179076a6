/* hwrun.h — the hwrun stage's driver: generate a test's C, build it (or
 * take it from the cache), run it, and turn its output into a litmus7 log
 * entry; or write a self-contained folder (`--emit`). */
#ifndef HWRUN_HWRUN_H
#define HWRUN_HWRUN_H

#include <stdbool.h>
#include <stdio.h>

#include "litmuslab/log.h"
#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef struct hw_opts {
    const char *cache_dir;   /* NULL: $XDG_CACHE_HOME/litmuslab/hwrun */
    bool keep;               /* keep the generated C file */
    int n_args;              /* options passed to the test binary */
    char **args;
} hw_opts;

/* The cache folder to use (created); false + message on failure. */
bool hw_cache_dir(const hw_opts *o, ll_buf *dir);

/* Build test t's binary from its C text; *bin receives its path. On a
 * compiler failure the C file is kept and named in the message. */
bool hw_build(const ll_test *t, const char *c_text, const hw_opts *o,
              ll_buf *bin);

/* Write DIR with the C file, the harness and a Makefile. */
bool hw_emit(const ll_test *t, const char *c_text, const char *dir);

/* How a run ended. */
typedef enum hw_end {
    HW_DONE,
    HW_INTERRUPTED,   /* by SIGINT/SIGTERM: what was counted */
    HW_STUCK,         /* a round did not finish: what was counted before */
    HW_FAILED,        /* no log */
} hw_end;

/* Run the binary; fill *e from what it printed, with the verdict and
 * witnesses computed from t's condition. True when *e was filled (also
 * when interrupted or stuck; *end says which). */
bool hw_execute(const ll_test *t, const char *bin, const hw_opts *o,
                ll_log_entry *e, hw_end *end);

/* Recompute marks, verdict, witnesses and observation from t's
 * condition (the states and counts stay). */
void hw_judge(const ll_test *t, ll_log_entry *e);

/* 64-bit FNV-1a, for cache keys. */
uint64_t hw_hash(uint64_t h, const char *s);

#endif
