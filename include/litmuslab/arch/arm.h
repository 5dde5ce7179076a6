/* arch/arm.h — the 32-bit ARM instruction set as read by lib/arch/arm.c:
 * register ids, opcodes, flag bits and operand layout; also the barrier
 * options and condition codes that AArch64 shares. model/sem and
 * hwrun/gen are written against this header, so it only ever grows.
 *
 * Syntax is herd7's: `LDR R0,[R1]`  `STR R0,[R1,R2]`  `MOV R0,#1`
 * `EOR R2,R0,R0`  `CMP R0,#1`  `BNE L0`  `STREX R3,R0,[R1]`  `DMB ISH`
 * `LDM R0,{R1,R2}`.
 * Mnemonics in upper or lower case; immediates with or without `#`
 * (printed with it); `LDR R0,R1` is read as `LDR R0,[R1]`. */
#ifndef LITMUSLAB_ARCH_ARM_H
#define LITMUSLAB_ARCH_ARM_H

#include "litmuslab/arch.h"

extern const ll_arch_ops ll_arch_arm;

/* Register ids: R0..R15 are 0..15; SP, LR and PC are names for 13, 14,
 * 15, and IP for 12. FP is a register of its own, as in herd7 (which
 * prints it FP). Names are read in either case and printed R0..R12, SP,
 * LR, PC, FP. */
enum {
    LL_ARM_R0 = 0,
    LL_ARM_SP = 13,
    LL_ARM_LR = 14,
    LL_ARM_PC = 15,
    LL_ARM_FP = 16,
    LL_ARM_NREGS = 17,
    /* Symbolic registers (`%x0`, as diy7 writes them): ids from here on,
     * one per distinct name; the operand's sym holds the name without
     * `%` (a MEM's: its base's). */
    LL_ARM_SYMREG = 32,
};

/* A MEM written `[R1,%z1]` (a symbolic index) is kept with the symbolic
 * register as its base, R1 as its index, and this bit in its shift, so
 * that it prints as written. */
#define LL_ARM_MEM_SWAPPED (1 << 20)

/* Condition codes, in the architecture's encoding (shared by AArch64).
 * HS and LO are read as CS and CC. */
typedef enum ll_arm_cond {
    LL_ARM_COND_EQ, LL_ARM_COND_NE, LL_ARM_COND_CS, LL_ARM_COND_CC,
    LL_ARM_COND_MI, LL_ARM_COND_PL, LL_ARM_COND_VS, LL_ARM_COND_VC,
    LL_ARM_COND_HI, LL_ARM_COND_LS, LL_ARM_COND_GE, LL_ARM_COND_LT,
    LL_ARM_COND_GT, LL_ARM_COND_LE, LL_ARM_COND_AL,
} ll_arm_cond;

/* DMB/DSB options (shared by AArch64; the LD forms are ARMv8 only). */
typedef enum ll_arm_barrier {
    LL_ARM_BAR_SY, LL_ARM_BAR_ST, LL_ARM_BAR_LD,
    LL_ARM_BAR_ISH, LL_ARM_BAR_ISHST, LL_ARM_BAR_ISHLD,
    LL_ARM_BAR_NSH, LL_ARM_BAR_NSHST, LL_ARM_BAR_NSHLD,
    LL_ARM_BAR_OSH, LL_ARM_BAR_OSHST, LL_ARM_BAR_OSHLD,
} ll_arm_barrier;

/* Flag bits in ll_instr.flags (the same layout in AArch64):
 *   LL_ARM_F_COND: the instruction is conditional (`BNE`, `MOVEQ`,
 *     AArch64 `B.NE`); its condition is LL_ARM_COND_OF(flags).
 *   LL_ARM_F_S: sets the flags (`ADDS`, `EORS`; AArch64 `SUBS`).
 *   DMB/DSB: the option is LL_ARM_BAR_OF(flags) (`DMB` alone is SY).
 *   LL_ARM_F_ZERO_WRITTEN (ARM only): the address was written with its
 *     `#0` offset or `LSL #0` (`[R1,#0]`, `[R1,R2,LSL #0]`): the printer
 *     keeps it, as herd7's digest does, and the model tells the offset
 *     form from `[R1]` (herd7 7.58 reads no offset on STR). */
enum {
    LL_ARM_COND_MASK = 0xFu,
    LL_ARM_F_COND = 1u << 4,
    LL_ARM_F_S = 1u << 5,
    LL_ARM_BAR_SHIFT = 8,
    LL_ARM_BAR_MASK = 0xFu << 8,
    LL_ARM_F_ZERO_WRITTEN = 1u << 17,
    /* an immediate was written in hexadecimal or, on ARM, with a `+`
       or a space after its `#` (`#0x10`, `#+1`, `# 1`), which herd7
       7.58's lexer does not read (its AArch64 one reads `#+1`) and the
       model refuses (the printer writes it in decimal) */
    LL_ARM_F_HEX_PLUS = 1u << 18,
    /* a register written R13, R14 or R15, which herd7 7.58's ARM lexer
       does not read (it names them SP, LR, PC only) and the model
       refuses (the printer writes SP, LR, PC) */
    LL_ARM_F_REG_NUMBERED = 1u << 19,
    /* the mnemonic, or a condition, barrier option or shift among the
       operands, was written in mixed case (`Ldr`, `B.none`, `DMB Ish`):
       herd7 7.58's lexers read these in capitals or in small letters
       only, and the model refuses it (the printer writes capitals) */
    LL_ARM_F_MIXED_CASE = 1u << 21,
};
#define LL_ARM_COND_OF(flags) ((int)((flags) & LL_ARM_COND_MASK))
#define LL_ARM_BAR_OF(flags) ((int)(((flags) & LL_ARM_BAR_MASK) >> 8))

/* Opcodes. Operand layout (ops[i]); OP2 is a REG or an IMM;
 * [Rn,...] is a MEM: reg = Rn, index = Rm or -1, imm = offset.
 *   ADD SUB AND ORR EOR  Rd, Rn, OP2
 *   MOV  Rd, OP2          CMP  Rn, OP2
 *   B    LABEL (with LL_ARM_F_COND for BEQ, BNE, ...)
 *   CBZ CBNZ  Rn, LABEL
 *   LDR  Rt, [Rn...]      STR  Rt, [Rn...]
 *   LDREX LDA LDAEX  Rt, [Rn]      STL  Rt, [Rn]
 *   STREX STLEX  Rs (status: 0 on success), Rt, [Rn]
 *   DMB DSB  (option in flags)   ISB
 *   MOVW MOVT  Rd, IMM (0..65535)      BX  Rm      NOP (no operand)
 *   LDRD  Rt, Rt2, [Rn] or [Rn,#imm] (`LDRD Rt,[Rn]` reads as Rt2 = Rt+1)
 *   LDM LDMIB  Rn, then the listed registers: `LDM R0,{R1,R2}`
 *   PUSH POP  the listed registers: `PUSH {R4,LR}` (1 to 5 of them)
 * [Rn,Rm,LSL #k] (LDR and STR forms) is a MEM with index Rm, shift k
 * (only LSL, k 0..31).
 * XOR is read as EOR (herd's spelling of it). Every load and store
 * accesses a 32-bit word. */
typedef enum ll_arm_op {
    LL_ARM_ADD, LL_ARM_SUB, LL_ARM_AND, LL_ARM_ORR, LL_ARM_EOR,
    LL_ARM_MOV, LL_ARM_CMP,
    LL_ARM_B, LL_ARM_CBZ, LL_ARM_CBNZ,
    LL_ARM_LDR, LL_ARM_STR, LL_ARM_LDREX, LL_ARM_STREX,
    LL_ARM_LDA, LL_ARM_STL, LL_ARM_LDAEX, LL_ARM_STLEX,
    LL_ARM_DMB, LL_ARM_DSB, LL_ARM_ISB,
    LL_ARM_MOVW, LL_ARM_MOVT, LL_ARM_BX, LL_ARM_NOP, LL_ARM_LDRD,
    LL_ARM_LDM, LL_ARM_LDMIB, LL_ARM_PUSH, LL_ARM_POP,
    LL_ARM_NOPS
} ll_arm_op;

#endif
