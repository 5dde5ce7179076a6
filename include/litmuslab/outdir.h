/* outdir.h — output that never overwrites half of what was there: a
 * folder of reports written as a whole, and files created new, never
 * through a link.
 *
 * A folder (compare -o DIR, hwrun --emit DIR) is written into a stage, a
 * new folder made by us (beside DIR when DIR is missing, inside it when
 * it exists), where every file is created new (O_EXCL) and never through
 * a link (O_NOFOLLOW). Only once every file is written does the stage take
 * DIR's place: renamed to DIR when DIR was missing, else its files are
 * renamed into DIR one by one, each replacing the file of that name (a
 * link there is replaced, never followed); files of DIR the stage does
 * not hold are left alone. On any failure the stage is removed and DIR is
 * as it was. */
#ifndef LITMUSLAB_OUTDIR_H
#define LITMUSLAB_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <dirent.h>
#include <stdio.h>
#include <sys/types.h>

#include "litmuslab/os.h"

typedef struct ll_outdir ll_outdir;

/* The stage of dir (DIR's missing parents are made); NULL + message
 * `DIR: cannot create: why` on stderr. */
ll_outdir *ll_outdir_open(const char *dir);
/* DIR as given. */
const char *ll_outdir_path(const ll_outdir *od);
/* A new file in the stage, name relative to DIR ("emulated/tests.csv":
 * the folders are made in the stage); NULL + message `DIR/NAME: cannot
 * write: why`. */
FILE *ll_outdir_create(ll_outdir *od, const char *name);
/* The same, holding text; false + message. */
bool ll_outdir_write(ll_outdir *od, const char *name, const char *text,
                     size_t len);
/* Close f, made by ll_outdir_create(od, name): false + message when
 * something could not be written. */
bool ll_outdir_close(ll_outdir *od, FILE *f, const char *name);
/* Put the stage in DIR's place and free od; false + message (`DIR/NAME:
 * cannot replace: why`) when that is impossible, DIR then unchanged
 * unless a rename failed half way. */
bool ll_outdir_commit(ll_outdir *od);
/* Remove the stage and free od: DIR is as it was. NULL is ignored. */
void ll_outdir_abort(ll_outdir *od);

/* In folder dfd, a new file (ll_create_at, os.h) holding the len bytes
 * of text; false with errno set (the file is then removed). */
bool ll_write_new_at(int dfd, const char *name, const char *text,
                     size_t len, mode_t mode);

/* A listing of the folder open as dfd, from its start (dfd stays open;
 * closedir the result); NULL with errno set. */
DIR *ll_opendir_at(int dfd);

/* Remove the folder at path and all it holds (links removed, never
 * followed). */
void ll_remove_tree(const char *path);

#endif
