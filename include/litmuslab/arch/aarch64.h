/* arch/aarch64.h — the AArch64 instruction set as read by
 * lib/arch/aarch64.c: register ids, opcodes, flag bits and operand layout.
 * Condition codes, barrier options and the flag bits are those of
 * arch/arm.h. model/sem and hwrun/gen are written against this header, so
 * it only ever grows.
 *
 * Syntax is herd7's: `LDR W0,[X1]`  `LDR X2,[X1,X3]`  `STR W0,[X1,#8]`
 * `LDR W0,[X1,W2,SXTW]`  `MOV W0,#1`  `STXR W3,W0,[X1]`  `B.NE L0`
 * `CBZ W0,L0`  `DMB ISHLD`. Mnemonics and registers in either case,
 * printed in upper case; immediates need `#`. */
#ifndef LITMUSLAB_ARCH_AARCH64_H
#define LITMUSLAB_ARCH_AARCH64_H

#include "litmuslab/arch.h"
#include "litmuslab/arch/arm.h"

extern const ll_arch_ops ll_arch_aarch64;

/* Register ids: id = LL_A64_REG(n, part), n in 0..30, or 31 for the zero
 * register; part LL_A64_X (X0, XZR: 64-bit) or LL_A64_W (W0, WZR: the low
 * 32 bits of the same register). So W5 and X5 share LL_A64_REG_NUM. SP is
 * LL_A64_SP. herd's conditions and init blocks name X registers for
 * values the code writes through W (`LDR W2,[X3]` ... `exists (1:X2=1)`):
 * match registers by LL_A64_REG_NUM, not by id. */
enum {
    LL_A64_X = 0,
    LL_A64_W = 1,
    LL_A64_ZR = 31,
    LL_A64_SP = 64,
    LL_A64_NREGS = 65,
};
#define LL_A64_REG(n, part) ((part) * 32 + (n))
#define LL_A64_REG_NUM(id) ((id) % 32)
#define LL_A64_REG_IS_W(id) ((id) >= 32 && (id) < 64)

/* The MEM index's extension, kept in the operand's shift field:
 * shift = amount | kind << 8, kind one of these. `[X1,X2]` is LSL 0,
 * `[X1,W2,SXTW]` is SXTW 0, `[X1,X2,LSL #3]` is LSL 3. */
enum {
    LL_A64_EXT_LSL = 0,
    LL_A64_EXT_UXTW = 1,
    LL_A64_EXT_SXTW = 2,
    LL_A64_EXT_SXTX = 3,
};
#define LL_A64_EXT_KIND(shift) ((shift) >> 8)
#define LL_A64_EXT_AMOUNT(shift) ((shift) & 0xFF)

/* Opcodes. Operand layout (ops[i]); OP2 is a REG or an IMM; [Xn,...] is
 * a MEM: reg = Xn (or SP), index = register or -1, imm = offset, shift as
 * above. Access width comes from the data register (W: 4, X: 8) except
 * for the B and H forms (1, 2).
 *   ADD SUB AND ORR EOR  Rd, Rn, OP2 (LL_ARM_F_S: ADDS, SUBS, ANDS)
 *   MOV  Rd, OP2         CMP  Rn, OP2
 *   B    LABEL (LL_ARM_F_COND: B.EQ, B.NE, ...)
 *   CBZ CBNZ  Rn, LABEL
 *   LDR LDRB LDRH LDAR LDAPR LDXR LDAXR  Rt, [Xn...]
 *   STR STRB STRH STLR  Rt, [Xn...]
 *   STXR STLXR  Ws (status: 0 on success), Rt, [Xn]
 *   DMB DSB  (option in flags, LL_ARM_BAR_OF)   ISB */
typedef enum ll_a64_op {
    LL_A64_ADD, LL_A64_SUB, LL_A64_AND, LL_A64_ORR, LL_A64_EOR,
    LL_A64_MOV, LL_A64_CMP,
    LL_A64_B, LL_A64_CBZ, LL_A64_CBNZ,
    LL_A64_LDR, LL_A64_LDRB, LL_A64_LDRH, LL_A64_LDAR, LL_A64_LDAPR,
    LL_A64_LDXR, LL_A64_LDAXR,
    LL_A64_STR, LL_A64_STRB, LL_A64_STRH, LL_A64_STLR,
    LL_A64_STXR, LL_A64_STLXR,
    LL_A64_DMB, LL_A64_DSB, LL_A64_ISB,
    LL_A64_NOPS
} ll_a64_op;

/* Bytes a memory instruction accesses: 1 for the B forms, 2 for the H
 * forms, else 4 or 8 from its data register (W or X); 0 for the rest. */
int ll_a64_access_size(const ll_instr *in);

#endif
