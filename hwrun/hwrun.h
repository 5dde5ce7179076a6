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

typedef struct hw_target hw_target;   /* hwrun/target.h */

typedef struct hw_opts {
    const hw_target *target; /* NULL: this machine */
    const char *cache_dir;   /* NULL: $XDG_CACHE_HOME/litmuslab/hwrun */
    bool keep;               /* keep the generated C file */
    int n_args;              /* options passed to the test binary */
    char **args;
} hw_opts;

/* cache.c: the cache folder to use (made where missing), reached through
 * links of ours or root's only, ours and writable by nobody else: its
 * descriptor, or -1 + message; *dir receives its path, for messages. */
int hw_cache_open(const hw_opts *o, ll_buf *dir);
/* Whether the file open as fd, or name in folder dfd (not followed if a
 * link), is a folder (want_dir) or a regular file of ours that nobody
 * else can write; else a message naming shown. */
bool hw_trusted_fd(int fd, const char *shown, bool want_dir);
bool hw_trusted_at(int dfd, const char *name, const char *shown,
                   bool want_dir);
/* Remove what a killed run left in the cache cfd (names with ".tmp" or
 * ".out" and the id of a process that is gone); a harness folder. */
void hw_cache_sweep(int cfd);
void hw_cache_remove_tree(int cfd, const char *dir);

/* Build test t's binary from its C text: *bin_fd receives its descriptor,
 * opened and checked in the cache (the binary to run), *bin its path (for
 * messages). On a compiler failure the C file is kept and named in the
 * message. */
bool hw_build(const ll_test *t, const char *c_text, const hw_opts *o,
              ll_buf *bin, int *bin_fd);

/* Write DIR with the C file, the harness and a Makefile, as a whole
 * (include/litmuslab/outdir.h). emulator: the qemu-user binary the
 * Makefile names as its example of RUN= (the target's), or NULL. */
bool hw_emit(const ll_test *t, const char *c_text, const char *dir,
             const char *emulator);

/* A bundle for a real machine (bundle.c): DIR (or DIR.tar.gz) with each
 * added test's C and .litmus, the harness, a Makefile and a `run` script
 * that runs every test with o's options, killing one after timeout
 * seconds (0: never). DIR must be new or empty, DIR.tar.gz new; with
 * force, a folder with files or a file to replace (never a symbolic
 * link). hw_bundle_allowed says whether out may be written (else one
 * line on stderr). NULL/false + message on failure. */
typedef struct hw_bundle hw_bundle;
bool hw_bundle_allowed(const char *out, bool force);
hw_bundle *hw_bundle_open(const char *out, const hw_opts *o, bool force,
                          double timeout);
bool hw_bundle_add(hw_bundle *b, const ll_test *t, const char *c_text,
                   const char *litmus_path);
bool hw_bundle_close(hw_bundle *b);
void hw_bundle_free(hw_bundle *b);

/* A gzip-compressed tar archive written to fd (tar.c), entry by entry:
 * a folder, a file with its text and mode. false + errno on failure;
 * close ends the archive and closes fd. */
typedef struct hw_tar hw_tar;
hw_tar *hw_tar_open(int fd);
bool hw_tar_dir(hw_tar *t, const char *path);
bool hw_tar_file(hw_tar *t, const char *path, const char *text, int mode);
bool hw_tar_close(hw_tar *t);

/* Makefile lines shared by --emit folders and bundles: hwloc places the
 * threads when $(CC) builds with it, else sched_setaffinity does. */
#define HW_MAKE_HWLOC                                                      \
    "# hwloc places the threads when $(CC) builds with it (HWLOC=0:\n"    \
    "# never); otherwise sched_setaffinity does. The log names which.\n"  \
    "HWLOC ?= $(shell printf '\\#include <hwloc.h>\\nint main(void) { "   \
    "hwloc_topology_t t; return hwloc_topology_init(&t); }\\n' | $(CC) " \
    "-x c - -o /dev/null -lhwloc >/dev/null 2>&1 && echo 1 || echo 0)\n"  \
    "ifeq ($(HWLOC),1)\n"                                                  \
    "HR_CFLAGS := -DHR_HWLOC $(shell pkg-config --cflags hwloc "           \
    "2>/dev/null)\n"                                                       \
    "HR_LIBS := $(shell pkg-config --libs hwloc 2>/dev/null || "           \
    "echo -lhwloc)\n"                                                      \
    "endif\n"

/* A test name as a file name: characters outside [A-Za-z0-9+-_.] as _. */
void hw_file_name(const char *name, ll_buf *out);
/* Run argv (NULL-terminated) in folder cwd (NULL: here); its exit
 * status, or -1. */
int hw_spawn(char *const *argv, const char *cwd);
/* How a run ended. */
typedef enum hw_end {
    HW_DONE,
    HW_INTERRUPTED,   /* by SIGINT/SIGTERM: what was counted */
    HW_STUCK,         /* a round did not finish: what was counted before */
    HW_FAILED,        /* no log */
} hw_end;

/* Run the binary open as bin_fd (named bin in messages); fill *e from
 * what it printed, with the verdict and witnesses computed from t's
 * condition. True when *e was filled (also when interrupted or stuck;
 * *end says which). */
bool hw_execute(const ll_test *t, int bin_fd, const char *bin,
                const hw_opts *o, ll_log_entry *e, hw_end *end);

/* Recompute marks, verdict, witnesses and observation from t's
 * condition (the states and counts stay). */
void hw_judge(const ll_test *t, ll_log_entry *e);

/* 64-bit FNV-1a, for cache keys. */
uint64_t hw_hash(uint64_t h, const char *s);

#endif
