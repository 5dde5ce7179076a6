/* arm_forms.h — private to model/sem/arm*.c: the check of the ARM forms
 * herd7 7.58 does not read (arm_forms.c), sem_arm_ops.check. */
#ifndef LITMUSLAB_MODEL_SEM_ARM_FORMS_H
#define LITMUSLAB_MODEL_SEM_ARM_FORMS_H

#include "model/sem/sem.h"

/* false, with the form and what herd7 reads instead in why, for an
 * instruction herd7 7.58 refuses (hwrun runs it). */
bool sem_arm_check(const ll_instr *in, ll_buf *why);

#endif
