/* c.c — C tests' line of the architecture list. They have no reader
 * plug-in: their bodies are kept as text and lowered by lib/c/. */
#include "litmuslab/arch.h"

const ll_arch_entry ll_arch_c_names[] = {
    {"C", "LKMM linux", LL_ARCH_C, NULL},
    {NULL, NULL, 0, NULL},
};
