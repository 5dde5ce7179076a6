/* aarch64_forms.h — private to model/sem/aarch64*.c: the check of the
 * AArch64 forms herd7 7.58 does not read (aarch64_forms.c),
 * sem_aarch64_ops.check. */
#ifndef LITMUSLAB_MODEL_SEM_AARCH64_FORMS_H
#define LITMUSLAB_MODEL_SEM_AARCH64_FORMS_H

#include "model/sem/sem.h"

/* false, with the form and what herd7 reads instead in why, for an
 * instruction herd7 7.58 refuses (hwrun runs it). */
bool sem_a64_check(const ll_instr *in, ll_buf *why);

#endif
