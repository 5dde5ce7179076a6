/* arch/toy.h — TOY, a made-up instruction set that shows what a new
 * architecture brings (doc/adding-an-architecture.md): three
 * instructions, `ld rD,x` (read x into rD), `st x,V` (write V, a
 * register or a number, to x) and `fence`, and eight registers r0..r7.
 * tests/e2e/arch_toy.sh adds it to a copy of the tree. */
#ifndef LITMUSLAB_ARCH_TOY_H
#define LITMUSLAB_ARCH_TOY_H

#include "litmuslab/arch.h"

enum { LL_TOY_LD, LL_TOY_ST, LL_TOY_FENCE, LL_TOY_NOPS };
#define LL_TOY_NREGS 8

extern const ll_arch_ops ll_arch_toy;   /* header "TOY" */

#endif
