/* ppc_forms.h — private to model/sem/ppc*.c: the Power forms herd7 7.58
 * does not read (sem_ops.check) or does not run (when a run reaches
 * them), ppc_forms.c. */
#ifndef LITMUSLAB_MODEL_SEM_PPC_FORMS_H
#define LITMUSLAB_MODEL_SEM_PPC_FORMS_H

#include "model/sem/sem.h"

/* false, with the form and what herd7 reads instead in why, for an
 * instruction herd7 7.58 does not read (hwrun runs it). */
bool sem_ppc_check(const ll_instr *in, ll_buf *why);

/* false after sem_error for an instruction herd7 7.58 reads but refuses
 * when a run reaches it (neg, nor, slw, sraw, srawi, bl, blr, ...). */
bool sem_ppc_reached(sem_run *r, const ll_instr *in);

#endif
