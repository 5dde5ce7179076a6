/* hash.h — herd7's digest of a test (lib/test_hash.c), printed as `Hash=`. */
#ifndef LITMUSLAB_HASH_H
#define LITMUSLAB_HASH_H

#include "litmuslab/test.h"

/* The 32 hex digits herd7 prints for the test (owned by the caller). */
char *ll_test_hash(const ll_test *t);

#endif
