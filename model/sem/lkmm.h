/* lkmm.h — the Linux-kernel memory model's event tags, shared by the
 * two front ends whose events it judges: C (model/sem/c.c, which also
 * tags C11's orders for RC11) and LISA (model/sem/lisa.c). Tag i is the
 * set named sem_lkmm_tags[i] in model/cats/lkmm.bell and lkmm.cat. */
#ifndef LITMUSLAB_MODEL_SEM_LKMM_H
#define LITMUSLAB_MODEL_SEM_LKMM_H

#include "model/sem/sem.h"

enum {
    T_ONCE, T_ACQUIRE, T_RELEASE, T_MB, T_RMB, T_WMB, T_RCU_LOCK,
    T_RCU_UNLOCK, T_SYNC_RCU, T_BEFORE_ATOMIC, T_AFTER_ATOMIC,
    T_AFTER_SPINLOCK, T_AFTER_UNLOCK_LOCK, T_BARRIER, T_NORETURN, T_LKR,
    T_LKW, T_UL, T_LF, T_RL, T_RU, T_SRCU_LOCK, T_SRCU_UNLOCK, T_SYNC_SRCU,
    T_RLX, T_ACQ, T_REL, T_ACQ_REL, T_SC, T_RMW, T_AFTER_SRCU_UNLOCK,
    T_A, T_ANNOT, T_LK,     /* herd7's C sets (model/sem/c.c) */
    T_LKMM_NTAGS
};

extern const char *const sem_lkmm_tags[T_LKMM_NTAGS];

#define BIT(t) ((sem_tags)1 << (t))

#endif
