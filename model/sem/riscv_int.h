/* riscv_int.h — private to model/sem/riscv*.c: what the two halves of
 * the RISC-V interpreter share: register access (x0 reads 0 and drops
 * writes), value widths, and the register instructions (riscv_alu.c);
 * memory, fences and control are in riscv.c. */
#ifndef LITMUSLAB_MODEL_SEM_RISCV_INT_H
#define LITMUSLAB_MODEL_SEM_RISCV_INT_H

#include "model/sem/sem.h"

#include "litmuslab/arch/riscv.h"

/* Read or write the register of a REG operand (or a MEM operand's base). */
/* The slot of a register operand: x1..x31 are slots 1..31; herd's
 * symbolic `%x0` has the engine's; x0 has none (reads 0, drops writes). */
int rv_slot(sem_run *r, const ll_operand *o);
sem_reg rv_get(sem_run *r, const ll_operand *o);
void rv_set(sem_run *r, const ll_operand *o, sem_val v, sem_taint t);

/* herd7's view of a register's value (sem_ops.symbolic_cycles): the reads
 * it is made of (sem_run.vsrc, 0 for a constant) and whether it is an
 * operation's result on them, not a copy of one (sem_run.vop); rv_set
 * takes the value as a copy of the reads t names. */
void rv_set_made(sem_run *r, const ll_operand *o, sem_val v, sem_taint t,
                 sem_taint vs, bool op);
sem_taint rv_vsrc(sem_run *r, const ll_operand *o);
bool rv_vop(sem_run *r, const ll_operand *o);

/* A value that cannot be computed: a dead path when it came from a read
 * (another value read makes it defined), an error otherwise. */
sem_next rv_undefined(sem_run *r, sem_taint dep);

/* The low `bytes` bytes of n (or v; addresses pass), sign- or
 * zero-extended. */
int64_t rv_extend(int64_t n, int bytes, bool sign);
sem_val rv_extend_val(sem_val v, int bytes, bool sign);

/* Register instructions (arithmetic, W forms, li, lui, la, mv, nop,
 * sext/zext); any other opcode is refused (sem_error, SEM_ERROR). */
sem_next rv_exec_alu(sem_run *r, const ll_instr *in);

#endif
