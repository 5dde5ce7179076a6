/* lisa.c — hwrun's line for LISA tests: refused, as no machine runs
 * herd7's generic instruction set. */
#include "hwrun/gen/gen.h"

const hw_gen_ops hw_gen_lisa_ops = {
    .arch = LL_ARCH_LISA,
    .name = "LISA",
    .refused = "is a LISA test: LISA is herd7's generic instruction set, "
               "which no machine runs (model runs it under the "
               "Linux-kernel memory model)",
};
