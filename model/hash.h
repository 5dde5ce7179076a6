/* hash.h — herd7's digest of a test (model/hash.c), printed as `Hash=`. */
#ifndef LITMUSLAB_MODEL_HASH_H
#define LITMUSLAB_MODEL_HASH_H

#include "litmuslab/test.h"

/* The 32 hex digits herd7 prints for the test (owned by the caller). */
char *mdl_test_hash(const ll_test *t);

#endif
