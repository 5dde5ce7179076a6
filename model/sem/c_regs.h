/* c_regs.h — herd7's register phase for the C semantics (c_regs.c). */
#ifndef MODEL_SEM_C_REGS_H
#define MODEL_SEM_C_REGS_H

#include <stdbool.h>

#include "model/sem/sem.h"

/* Before an instruction: forget the operands' variables. pure: it only
 * computes a register (mov, an operation): where it sets the lowering's
 * temporary, its variables are numbered where the temporary is read. */
void cr_begin(sem_run *r, bool pure);
/* Operand k of the running instruction was evaluated to *v: a local's
 * read is a variable of its own (herd7's register read); where it may
 * copy a value herd7's solver loses (cr_success), its value is chosen
 * (the constant or the value read), *v updated. */
void cr_operand(sem_run *r, const ll_operand *o, int k, sem_reg *v);
/* The next register set gets: operand k's variable (a copy), a new
 * variable of an operation on operands a and b (-1: none), or the read
 * of cr_read. */
void cr_copy(sem_run *r, int k);
/* ... a constant herd7's register phase folds an operation to (`r0 !=
 * r0`: its variable solved to 0), which cr_add_zero takes for a local's
 * read, not a literal (`r0 + (r0 != r0)` is herd7's copy of r0). */
void cr_fold(sem_run *r);
void cr_op(sem_run *r, int a, int b);
/* x + 0 (operand k plus operand zero, which is 0): herd7 keeps x where
 * the 0 is a constant, not a local's read (`r0 + 1` with r0 = 0 is an
 * operation on r0's variable). true: it is such an operation. */
bool cr_add_zero(sem_run *r, int k, int zero);
/* The operation cr_add_zero just made is vnode id, a zero copy
 * (sem_vnode.zero): cr_run_end judges its depth (sem_vnode.zdeep). */
void cr_zero(sem_run *r, int id);
/* The operation cr_op just made is vnode id: cr_run_end names its
 * operands renamed to a zdeep copy's variable (sem_vnode.zarg). */
void cr_node(sem_run *r, int id);
/* The RMW or load just read: t its read's taint. */
void cr_read(sem_run *r, sem_taint t);
/* Write event w stored operand k (a local's value, or not). */
void cr_store(sem_run *r, int w, int k);
/* Register slot was set: it holds what cr_copy / cr_op / cr_read said,
 * else a constant. temp: it is the lowering's temporary. */
void cr_set(sem_run *r, int slot, bool temp);
/* An RMW's read (the last cr_read), of value v, took the way where it
 * equals operand k, of value c, made of no read where solvable (a
 * cmpxchg's success, atomic_add_unless's failure): the equation is
 * recorded for run_end; 1 when herd7 may lose it (v differs from c,
 * operand k a variable its register phase solves: `int r0 = r0 + 1;`,
 * `r0 = r1;`; or a second equation in a class already lost, whose read
 * joins it), which run_end then checks against herd7's solver; -1 when
 * the way is dead (more values read in one class than followed); else
 * 0, the equation holds as the semantics say. read_lhs: herd7 writes
 * the equation read := operand (atomic_add_unless's failure), not
 * operand := read (a cmpxchg's success); the union-find's ties follow
 * it. */
int cr_success(sem_run *r, int k, sem_val c, sem_val v, bool solvable,
               bool read_lhs);
/* Before the RMW's read: whether cr_success(r, k, c, v, solvable, ..)
 * may return other than 0 for a v that differs from c (true where not
 * known): else such a read's way is dead. */
bool cr_may_lose(sem_run *r, int k, bool solvable);
/* Equation i of sem_run.eqs was just set: the last read equals operand
 * k, a copy of another read; run_end sets sem_run.eq_left from it. */
void cr_equation(sem_run *r, int k, int i);
/* An operation into the lowering's temporary o uses the reads vs
 * (sem_run.used) only where the temporary is read: herd7 computes an
 * RMW's operand on the ways that use it (a failing cmpxchg's new
 * value is not computed). false: o is no temporary, use them now. */
bool cr_use(sem_run *r, const ll_operand *o, sem_taint vs);
/* Operand k of the running instruction is one operation on variables
 * no operation made (`r0 * 2`); false where unknown. */
bool cr_one_op(sem_run *r, int k);
/* The running x ^ x, x == x or x != x on one operation's result, its
 * operands 1 and 2: folded to a constant, a choice of the run
 * (sem_fold_guess) that cr_run_end checks against the phase's
 * union-find (it folds where both reads of the local have one parent). */
bool cr_fold_guess(sem_run *r);
/* sem_ops.run_end: the guesses agree with herd7's register phase. */
bool cr_run_end(sem_run *r);

#endif
