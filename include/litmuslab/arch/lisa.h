/* arch/lisa.h — LISA, herd7's generic instruction set, as read by
 * lib/arch/lisa.c: register ids, opcodes, annotations and operand
 * layout. model/sem/lisa.c gives it the Linux-kernel memory model's
 * events (its annotations are the LKMM bell's), so a LISA test runs
 * under the same model as a C test. hwrun has no generator for it.
 *
 * Syntax is herd7 7.58's (lib/LISAParser.mly there), one instruction a
 * cell, operands separated by blanks:
 *   r[once] r0 x          read x into r0 (address: a location, a
 *   r[acquire] r1 x+r2    register holding one, either plus a register
 *                         or a number)
 *   w[release] y 1        write 1 (or a register) to y
 *   rmw[once] r0 (add r0 1) x   read x into r0, then write the operation
 *                         (evaluated after r0 got the value read)
 *   f[mb]                 a fence
 *   call[X]               herd7's call (read, refused by the model)
 *   b[] r0 L              jump to L when r0 is 1 (herd7 7.58: no execution
 *                         when it is neither 0 nor 1);  b[] L  always
 *   mov r1 (xor r0 r0)    operations: a value, (add a b) (xor a b)
 *                         (and a b) (eq a b) (neq a b); a value is a
 *                         register, a number or a location's address
 *   L: ...                labels, as in every code table
 * herd7 7.58 has no beq/bne: compare with mov r (eq a b), then b[]. */
#ifndef LITMUSLAB_ARCH_LISA_H
#define LITMUSLAB_ARCH_LISA_H

#include "litmuslab/arch.h"

extern const ll_arch_ops ll_arch_lisa;

/* Registers r0..r127 have ids 0..127 (`r07` is r7, as herd7 reads it);
 * any other (`r128`, `r-1`, `r0x80`, symbolic `%a`) an id past them,
 * its operand's sym its name (lib/arch/lisa.c lisa_reg_lookup). */
enum { LL_LISA_NREGS = 128 };
/* The most labels in one of a fence's sets. */
enum { LL_LISA_MAX_SET = 64 };

/* Opcodes and their operands (ops[i]). An address is a base (REG, or
 * SYM: a location) and, with LL_LISA_F_OFFSET, an offset after it (REG
 * or IMM). A value is REG, IMM or SYM (a location's address). An
 * operation is one value (LL_LISA_OPK_VAL) or two (the others).
 *   R     REG dest, address
 *   W     value (REG or IMM), address
 *   RMW   REG dest, operation, address
 *   MOV   REG dest, operation
 *   F     none (the fence kind is the annotation), or two IMM 0 whose
 *         sym is a set of labels as herd7 prints it (`f[mb] {a,b} {}`:
 *         "a,b" and ""), which the model does not use
 *   CALL  none (the called name is the annotation)
 *   B     REG tested, LABEL       J  LABEL */
typedef enum ll_lisa_op {
    LL_LISA_R, LL_LISA_W, LL_LISA_RMW, LL_LISA_MOV, LL_LISA_F,
    LL_LISA_CALL, LL_LISA_B, LL_LISA_J,
    LL_LISA_NOPS
} ll_lisa_op;

/* Annotations the reader knows: those of the Linux-kernel bell
 * (linux-kernel.bell's Accesses, Barriers and SRCU). Bit 1 << A in
 * ll_instr.flags; an instruction's annotation list is a set of them. */
typedef enum ll_lisa_annot {
    LL_LISA_A_ONCE, LL_LISA_A_ACQUIRE, LL_LISA_A_RELEASE,
    LL_LISA_A_NORETURN,
    LL_LISA_A_WMB, LL_LISA_A_RMB, LL_LISA_A_MB, LL_LISA_A_BARRIER,
    LL_LISA_A_RCU_LOCK, LL_LISA_A_RCU_UNLOCK, LL_LISA_A_SYNC_RCU,
    LL_LISA_A_BEFORE_ATOMIC, LL_LISA_A_AFTER_ATOMIC,
    LL_LISA_A_AFTER_SPINLOCK, LL_LISA_A_AFTER_UNLOCK_LOCK,
    LL_LISA_A_SRCU_LOCK, LL_LISA_A_SRCU_UNLOCK, LL_LISA_A_SYNC_SRCU,
    LL_LISA_NANNOTS
} ll_lisa_annot;

/* The name of an annotation as written (`once`, `rcu-lock`). */
const char *ll_lisa_annot_name(int a);

/* Operation kinds, in flags at LL_LISA_OPK_SHIFT (RMW and MOV). */
typedef enum ll_lisa_opk {
    LL_LISA_OPK_VAL, LL_LISA_OPK_ADD, LL_LISA_OPK_XOR, LL_LISA_OPK_AND,
    LL_LISA_OPK_EQ, LL_LISA_OPK_NEQ,
} ll_lisa_opk;

enum {
    LL_LISA_ANNOTS = (1u << LL_LISA_NANNOTS) - 1,   /* annotation bits */
    LL_LISA_OPK_SHIFT = 24,
    LL_LISA_F_OFFSET = 1u << 28,   /* the address has a `+offset` */
    LL_LISA_F_TWICE = 1u << 29,    /* an annotation written twice */
};
#define LL_LISA_OPK(flags) ((int)(((flags) >> LL_LISA_OPK_SHIFT) & 0xF))

/* Index of the first address operand of a R, W or RMW instruction. */
int ll_lisa_addr_at(const ll_instr *in);

#endif
