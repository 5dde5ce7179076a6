/* arch_toy.c — gen writes no TOY tests (tests/e2e/arch_toy.sh's toy
 * architecture has no diy vocabulary): its line of the list has no gen
 * tables. */
#include "gen/gen.h"

const gen_arch *const gen_arch_toy_dialects[] = {NULL};
