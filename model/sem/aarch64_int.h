/* aarch64_int.h — private to model/sem/aarch64*.c: the AArch64 register
 * file as the semantics sees it (W views of X registers, the zero
 * register, NZCV), value widths, and the two halves of the interpreter:
 * register instructions (aarch64_alu.c) and the rest (aarch64.c). */
#ifndef LITMUSLAB_MODEL_SEM_AARCH64_INT_H
#define LITMUSLAB_MODEL_SEM_AARCH64_INT_H

#include "model/sem/sem.h"

#include "litmuslab/arch/aarch64.h"

/* Slots: X0..X30, SP, then NZCV (N=8 Z=4 C=2 V=1, or herd7's unsolved
 * value after an operation it refuses), then one for XZR/WZR that
 * nothing writes, so a condition may name it (herd7 shows 0:XZR=0). */
/* A64_SLOT_NZCV holds the flags (CMP, MRS, MSR); A64_SLOT_NZCV_NAMED is
 * the register a test names `NZCV` (LL_A64_NZCV), which herd7 7.58 keeps
 * apart and no instruction writes. */
enum { A64_SLOT_SP = 31, A64_SLOT_NZCV, A64_SLOT_ZR, A64_SLOT_NZCV_NAMED,
       A64_N_SLOTS };
enum { A64_N = 8, A64_Z = 4, A64_C = 2, A64_V = 1 };

/* herd7's mask32 (mask16, mask08) of a register's value v as a `bits`-
 * wide register or access takes it: illegal on an address (sem_illegal_value:
 * v->v becomes unsolved); false, the run stops. */
bool a64_mask(sem_run *r, sem_reg *v, int bits);
/* Whether a or b is herd7's unsolved value (sem_unsolved): what is
 * computed from it is too, a branch on it goes both ways. */
bool a64_unsolved(sem_val a, sem_val b);

/* Bits of a register operand: 32 for Wn, 64 for Xn. */
int a64_bits(int reg);
/* v truncated to the low `bits` bits (zero-extended); addresses and
 * unsolved values pass. */
sem_val a64_trunc(sem_val v, int bits);
/* The low `bits` bits of an integer, sign-extended. */
int64_t a64_sext(int64_t v, int bits);

/* XZR or WZR. */
bool a64_is_zr(int reg);

/* Read a register (ZR reads 0, Wn the low half); write one (ZR drops the
 * value, Wn zero-extends into Xn). a64_pick is what the register depends
 * on through a pick (a comparison choosing the value: CSEL, the old value
 * a successful CAS returns); a64_set clears it, a64_set_pick sets it. */
sem_reg a64_get(sem_run *r, int reg);
sem_taint a64_pick(sem_run *r, int reg);
void a64_set(sem_run *r, int reg, sem_val v, sem_taint t);
void a64_set_pick(sem_run *r, int reg, sem_val v, sem_taint t, sem_taint p);
/* a64_set_pick keeping all 64 bits of v under a W name, as herd7 7.58
 * writes a W multiply's product, MOVN's ~k and SBFM's sign. */
void a64_set_wide(sem_run *r, int reg, sem_val v, sem_taint t, sem_taint p);
/* The reads a register's value is made of (sem_run.made: no more than
 * it depends on; ZR none), and narrowing it after a64_set. */
sem_taint a64_made(sem_run *r, int reg);
void a64_set_made(sem_run *r, int reg, sem_taint made);

/* v shifted or extended as `shift` says (LL_A64_SHIFT) at width bits
 * (unsolved stays so); false when v is an address the shift would
 * change, *name then herd7's name of the operation (`<<[1]`). */
bool a64_shift(sem_val v, int shift, int bits, sem_val *out,
               char name[16]);

/* Whether condition `cond` (LL_ARM_COND_*) holds on the flags; on
 * unsolved flags (a64_unsolved) either way, as the engine chooses. */
bool a64_cond_holds(sem_run *r, sem_reg nzcv, int cond);

/* Register instructions: ALU, moves, compares, conditional selects; any
 * other instruction is refused (sem_error). */
sem_next a64_exec_alu(sem_run *r, const ll_instr *in);

#endif
