/* aarch64_enc.h — whether an AArch64 instruction, as the reader took it,
 * has a CPU encoding (hwrun/gen/aarch64_enc.c). */
#ifndef HWRUN_GEN_AARCH64_ENC_H
#define HWRUN_GEN_AARCH64_ENC_H

#include "hwrun/gen/gen.h"

/* True when the CPU encodes st; else false + hw_gen_fail, naming the
 * operand and the encoding's limits. */
bool hw_a64_encodable(hw_gen *g, const ll_stmt *st);

#endif
