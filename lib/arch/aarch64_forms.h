/* aarch64_forms.h — private to lib/arch/aarch64*.c: the operand forms
 * the AArch64 reader refuses after its table took them, and the
 * spellings it notes (aarch64_forms.c). */
#ifndef LITMUSLAB_LIB_ARCH_AARCH64_FORMS_H
#define LITMUSLAB_LIB_ARCH_AARCH64_FORMS_H

#include "asm_lex.h"

/* false, with ln's operand and what it should be in d, for a form
 * neither the CPU nor herd7 7.58 has; else sets out's spelling flags
 * (LL_A64_F_ZERO_WRITTEN, LL_A64_F_COND_ALIAS). ln is out's line. */
bool ll_a64_cpu_form(const ll_asm_line *ln, ll_instr *out, ll_diag *d);

#endif
