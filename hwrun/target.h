/* target.h — the machines hwrun builds tests for: this host (native), or a
 * cross target, cross-compiled with Debian's cross compilers and run here
 * under qemu-user. One row of data per target, in its architecture's
 * own file (hw_gen_ops.targets, hwrun/gen/<file>.c), gathered by
 * target.c; the harness's per-machine bits (counter, pause) are in
 * hwrun/harness/hr_arch_<file>.h. */
#ifndef HWRUN_TARGET_H
#define HWRUN_TARGET_H

#include <stdbool.h>
#include <stdio.h>

#include "litmuslab/arch.h"
#include "litmuslab/util.h"

typedef struct hw_target {
    const char *name;        /* `--target NAME`: "ppc64le" */
    const char *aliases;     /* other spellings, space-separated: Debian's
                                architecture, uname's machine */
    ll_arch_id arch;         /* the tests it runs */
    const char *machine;     /* `uname -m` on such a machine */
    const char *cc;          /* the cross compiler */
    const char *cc_package;  /* the Debian package holding it */
    const char *qemu;        /* the qemu-user binary that runs it here */
    const char *cflags;      /* extra compiler flags, space-separated */
    const char *timebase;    /* the counter the timed start reads */
    const char *make_lines;  /* for a bundle's Makefile, before its rules
                                (flags its compiler may need); NULL none */
} hw_target;

/* The table, in a stable order; *n receives its length. */
const hw_target *hw_targets(int *n);
/* The target named name (or one of its aliases); NULL if none. */
const hw_target *hw_target_find(const char *name);
/* This host's own target (its `uname -m`); NULL when it is none of ours. */
const hw_target *hw_target_host(void);
/* Built and run on this host without a cross compiler or emulator. */
bool hw_target_is_native(const hw_target *tg);
/* The targets that run tests of arch, as "ppc64le or ppc64". */
void hw_target_names_for(ll_arch_id arch, ll_buf *out);
/* Whether the tools tg needs here are installed (the cross compiler, and
 * qemu when not native); false + *why naming the missing Debian package. */
bool hw_target_ready(const hw_target *tg, ll_buf *why);
/* --targets: a line per target, its tools and whether they are here. */
void hw_targets_print(FILE *f);
/* Whether the program `name` is found in $PATH (or is a path that runs). */
bool hw_have_program(const char *name);

#endif
