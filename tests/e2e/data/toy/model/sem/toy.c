/* toy.c — semantics of TOY (include/litmuslab/arch/toy.h) for the model:
 * a read, a write, a fence; sequential consistency (sc.cat) by default. */
#include "model/sem/sem.h"

#include "litmuslab/arch/toy.h"

static int toy_reg_slot(int reg)
{
    return reg >= 0 && reg < LL_TOY_NREGS ? reg : -1;
}

static sem_val toy_reg_value(const sem_val *slots, int reg)
{
    return slots[reg];
}

static sem_next toy_exec(sem_run *r, const ll_instr *in, const char **label)
{
    (void)label;
    int ev;
    sem_reg a, v;
    switch (in->op) {
    case LL_TOY_LD:
        a = sem_operand(r, &in->ops[1]);
        v = sem_load(r, a.v, a.t, 0, &ev);
        if (sem_stopped(r))
            return SEM_ERROR;
        sem_set(r, sem_slot(r, in->ops[0].reg, NULL), v.v, v.t);
        return SEM_NEXT;
    case LL_TOY_ST:
        a = sem_operand(r, &in->ops[0]);
        v = sem_operand(r, &in->ops[1]);
        sem_store(r, a.v, a.t, v.v, v.t, 0, -1);
        return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
    case LL_TOY_FENCE:
        sem_fence(r, 0);
        return SEM_NEXT;
    }
    sem_error(r, "%s is not modelled", ll_arch_toy.op_name(in->op));
    return SEM_ERROR;
}

const sem_ops sem_toy_ops = {
    .arch = LL_ARCH_TOY,
    .default_model = "sc.cat",
    .n_regs = LL_TOY_NREGS,
    .reg_slot = toy_reg_slot,
    .reg_value = toy_reg_value,
    .exec = toy_exec,
    .show_unsigned = true,
};
