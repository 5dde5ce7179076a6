/* driver.h — running the model on test files (model/driver.c), for
 * cli/cmd_model.c and the tests: options, per-worker loaded models. */
#ifndef LITMUSLAB_MODEL_DRIVER_H
#define LITMUSLAB_MODEL_DRIVER_H

#include "litmuslab/c_ast.h"
#include "model/engine.h"
#include "model/model_limits.h"

typedef struct mdl_options {
    const char *model;           /* --model, or NULL: the arch's default */
    const char *bell;            /* --bell, or NULL */
    const char *macros;          /* -macros FILE.def, or NULL */
    const char **cat_dirs;       /* --cat-path, searched first */
    int n_cat_dirs;
    char *builtin[6];            /* our model/cats, found at run time */
    int n_builtin;
    char **variants;             /* -variant names (owned) */
    int n_variants, cap_variants;
    mdl_limits limits;
    /* --explain STATE / --explain-condition, -o DOT, --show-all DIR and
     * the herd7 picture options */
    mdl_explain_opts ex;
} mdl_options;

/* Models loaded by one worker thread (a cat_model is not shared). */
typedef struct mdl_worker {
    int n_models;
    char *names[MDL_MAX_MODELS];
    bool bell_unused[MDL_MAX_MODELS];    /* loaded without --bell's run */
    cat_model *models[MDL_MAX_MODELS];
    ll_c_defs *defs;             /* -macros, read at the first C test */
    char *defs_path;             /* where it was found */
} mdl_worker;

void mdl_options_init(mdl_options *o);
/* Add the names of a -variant argument (comma-separated, as herd7's). */
void mdl_options_add_variants(mdl_options *o, const char *list);
void mdl_options_free(mdl_options *o);
void mdl_worker_free(mdl_worker *w);

/* Model one file: the herd7 entry goes to out; diagnostics and skipped
 * tests (timeout, too many executions, memory) to err. Returns 0; 1 when
 * the test was stopped by a limit; 2 on bad input (the test, or the
 * model). */
int mdl_run_file(mdl_worker *w, const mdl_options *o, const char *path,
                 ll_buf *out, ll_buf *err);

/* Is the --model file there, where the model looks (a path as it is; a
 * name in the -I directories, ours, then here)? When not (and not
 * quiet), say which models we ship and where we looked. */
bool mdl_model_found(const mdl_options *o, bool quiet);
/* --show-all's directory (per_test: herd7's -o DIR), made if missing,
 * its index emptied: the workers append to it. false + message. */
bool mdl_show_all_dir(const char *dir, bool per_test);
/* The default --max-memory of each of n_workers: half of physical
 * memory shared among them, at least 256M (0: unknown). */
uint64_t mdl_default_memory(int n_workers);

/* batch.c: model n files in n_workers worker processes and print their
 * entries (stdout) and messages (stderr) in input order. A file whose
 * worker crashed, or was stopped by a limit from outside, is reported as
 * that file's error. Returns the largest mdl_run_file status. */
int mdl_batch(const mdl_options *o, char **paths, int n, int n_workers);

/* hosts.c: `model --hosts FILE`: the n tests modelled on the hosts of
 * the file, through GNU parallel over ssh, with args (the model's options
 * as given, without --hosts) there; the log printed as mdl_batch prints
 * it. Returns its status, 2 when a shard did not come back, 130 when
 * stopped. */
typedef struct mdl_hosts_opts {
    const char *hosts;
    char **args;
    int n_args;
    char **paths;
    int n;
} mdl_hosts_opts;

int mdl_hosts(const mdl_hosts_opts *o);

#endif
