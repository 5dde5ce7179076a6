/* tar.h — reading a gzip-compressed tar archive entry by entry
 * (lib/tar_read.c): a bundle's tests, taken from the archive itself. */
#ifndef LITMUSLAB_TAR_H
#define LITMUSLAB_TAR_H

#include <stdbool.h>
#include <stddef.h>

#include "litmuslab/util.h"

/* For each regular file of the archive at path whose name want() takes,
 * each(name, data, size, arg) with its bytes (NUL-terminated; at most
 * max_size of them, else an error). Returns true at the archive's end;
 * false with a message in *d (d->file = path) when it cannot be read, is
 * no tar or is cut short, or false as soon as each() returns false (each
 * says why). */
bool ll_tar_each(const char *path, size_t max_size,
                 bool (*want)(const char *name, void *arg),
                 bool (*each)(const char *name, const char *data,
                              size_t size, void *arg),
                 void *arg, ll_diag *d);

#endif
