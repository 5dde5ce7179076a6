/* gen_limits.h — the test generator's limits, in one place as Lua's
 * llimits.h (lib's are include/litmuslab/limits.h). */
#ifndef LITMUSLAB_GEN_LIMITS_H
#define LITMUSLAB_GEN_LIMITS_H

/* A cycle's edges, events, threads and locations; a test name's length.
 * GEN_MAX_SIZE bounds a family's cycles: the number of cycles grows as
 * the number of edges to that power. */
#define GEN_MAX_EDGES 64
#define GEN_MAX_EVENTS 160
#define GEN_MAX_THREADS 32
#define GEN_MAX_LOCS 26
#define GEN_NAME 48
#define GEN_MAX_SIZE 10
/* A family: the edges in its pool, and the instructions per relaxation. */
#define GEN_MAX_POOL 128
#define GEN_MAX_INS 3

#endif
