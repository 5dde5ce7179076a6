/* driver.h — hwrun's per-test pipeline, the one call that
 * cli/cmd_hwrun.c makes once its options are read: for each test file,
 * read, generate, check that the target runs it, then build (cached) and
 * run it, or add it to a bundle, or write its --emit folder, or only say
 * whether it would run (--check). */
#ifndef HWRUN_DRIVER_H
#define HWRUN_DRIVER_H

#include <stdbool.h>
#include <stdio.h>

#include "hwrun/hwrun.h"

/* What to do with the tests, besides running them here. */
typedef struct hw_job {
    const char *emit;      /* --emit DIR: write DIR for the one test */
    const char *bundle;    /* --bundle DIR: every test into DIR */
    bool force;            /* write into a folder that is not empty */
    double timeout;        /* --bundle: `run` kills a test after it (s) */
    bool check;            /* --check: `ok FILE` / `no FILE: why` only */
    const char *out_path;  /* -o FILE, or NULL for stdout */
} hw_job;

/* Every file through the pipeline, the litmus7 log on stdout or in
 * j->out_path (written under a temporary name and renamed after each
 * test, so that it always holds whole entries). Stops at an interrupt.
 * The exit status: 0, or 2 when a test could not be read, built or run
 * (--check: only when the answers could not be given). */
int hw_drive(const hw_opts *o, const hw_job *j, char **files, int n_files);

#endif
