/* embed.h — the harness sources (hwrun/harness/) and the bundle's
 * templates (hwrun/bundle/: run, Makefile, README), built into
 * bin/litmuslab as text by scripts/embed.sh (see mk/hwrun.mk). */
#ifndef HWRUN_EMBED_H
#define HWRUN_EMBED_H

typedef struct hw_file {
    const char *name;   /* "harness.h"; NULL ends the table */
    const char *text;
} hw_file;

extern const hw_file hw_harness_files[];
extern const hw_file hw_bundle_files[];

#endif
