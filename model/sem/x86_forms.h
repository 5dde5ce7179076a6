/* x86_forms.h — private to model/sem/x86*.c: the check of the X86_64 and
 * X86 forms herd7 7.58 does not read (x86_forms.c), sem_x86_ops.check;
 * herd7's variables of an instruction (x86_vars.c), sem_x86_ops.herd_vars. */
#ifndef LITMUSLAB_MODEL_SEM_X86_FORMS_H
#define LITMUSLAB_MODEL_SEM_X86_FORMS_H

#include "model/sem/sem.h"

/* false, with the form and what herd7 reads instead in why, for an
 * instruction herd7 7.58 refuses (hwrun runs it). */
bool sem_x86_check(const ll_instr *in, ll_buf *why);

/* sem_ops.herd_vars of either header (ll_instr.flags LL_X86_F_32 says
 * which). */
bool sem_x86_herd_vars(const ll_instr *in, sem_vars *out);
/* add or or of $0, which herd7 takes for no operation: the value is the
 * destination's read (x86_vars.c). */
bool sem_x86_plus_zero(const ll_instr *in);

#endif
