/* toy.c — hwrun's line for TOY tests: refused, as no machine runs TOY. */
#include "hwrun/gen/gen.h"

const hw_gen_ops hw_gen_toy_ops = {
    .arch = LL_ARCH_TOY,
    .name = "TOY",
    .refused = "is a TOY test: no machine runs TOY",
};
