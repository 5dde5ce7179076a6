/* arch_lisa.c — gen writes no LISA tests (herd7's generic instruction
 * set has no diy vocabulary here): LISA's line of the architecture list
 * has no gen tables. */
#include "gen/gen.h"

const gen_arch *const gen_arch_lisa_dialects[] = {NULL};
