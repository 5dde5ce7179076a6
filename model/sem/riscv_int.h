/* riscv_int.h — private to model/sem/riscv*.c: what the two halves of
 * the RISC-V interpreter share: register access (x0 reads 0 and drops
 * writes) and the register instructions (riscv_alu.c); memory, fences
 * and control are in riscv.c; the forms herd7 7.58 does not read or run
 * in riscv_forms.c. */
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

/* An operation herd7 7.58 refuses (`Illegal operation ^ on constants x
 * and 1`), op its name, on a and b made of the reads t: the run goes on
 * with herd7's unsolved value in *out (SEM_NEXT) and the test is refused
 * if the model accepts a candidate of it (sem_illegal_op), as herd7
 * does whether the operands are constants or values read; SEM_DEAD in
 * an exploring run. */
sem_next rv_illegal(sem_run *r, const char *op, sem_val a, sem_val b,
                    sem_taint t, sem_val *out);

/* Register instructions (arithmetic, W forms, li, lui, la, mv, nop,
 * sext/zext); any other opcode is refused (sem_error, SEM_ERROR). */
sem_next rv_exec_alu(sem_run *r, const ll_instr *in);

/* sem_ops.check (riscv_forms.c): false, with the form and what herd7
 * reads instead in why, for an instruction herd7 7.58 does not read
 * (hwrun runs it). */
bool sem_riscv_check(const ll_instr *in, ll_buf *why);
/* herd7 7.58 refuses la of a name that is no code label of the thread
 * (a location: "Label x not found"), reached or not. */
bool sem_riscv_check_in(const ll_thread *th, const ll_instr *in,
                        ll_buf *why);

/* false after sem_error for an instruction herd7 7.58 reads but refuses
 * when a run reaches it (srai, sltu, bltu, amomaxu, auipc, ret, ...). */
bool sem_riscv_reached(sem_run *r, const ll_instr *in);

#endif
