#include "gen/gen.h"
static void print(const gen_arch *a, gen_test *t, ll_buf *out) { (void)a; (void)t; (void)out; }
const gen_arch gen_arch_aarch64 = {.name = "AArch64", .strong = -1, .print = print};
const gen_arch gen_arch_arm = {.name = "ARM", .strong = -1, .print = print};
const gen_arch gen_arch_riscv = {.name = "RISCV", .strong = -1, .print = print};
const gen_arch gen_arch_c = {.name = "C", .strong = -1, .print = print};
