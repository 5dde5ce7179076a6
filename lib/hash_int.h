/* hash_int.h — private to herd7's digest (lib/test_hash*.c). */
#ifndef LITMUSLAB_HASH_INT_H
#define LITMUSLAB_HASH_INT_H

#include "litmuslab/test.h"
#include "litmuslab/util.h"

/* The code part of a C test's digest, as herd7 lays it out. */
void ll_hash_c_code(const ll_test *t, ll_buf *b);

#endif
