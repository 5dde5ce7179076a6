/* arch/aarch64.h — the AArch64 instruction set as read by
 * lib/arch/aarch64.c: register ids, opcodes, flag bits and operand layout.
 * Condition codes, barrier options and the flag bits are those of
 * arch/arm.h. model/sem and hwrun/gen are written against this header, so
 * it only ever grows.
 *
 * Syntax is herd7's: `LDR W0,[X1]`  `LDR X2,[X1,X3]`  `STR W0,[X1,#8]`
 * `LDR W0,[X1,W2,SXTW]`  `LDR W0,[X1],#4`  `STR W0,[X1,#4]!`  `MOV W0,#1`
 * `ADD X0,X1,X2,LSL #3`  `STXR W3,W0,[X1]`  `LDADDAL W1,W2,[X0]`
 * `CSEL W0,W1,W2,NE`  `B.NE L0`  `CBZ W0,L0`  `DMB ISHLD`. Mnemonics and
 * registers in either case, printed in upper case; immediates need `#`. */
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
    /* herd7's NZCV as a test names it in an init block or a condition
     * (`locations [0:NZCV;]`): a register of its own, never an operand,
     * that no instruction writes (herd7 7.58 keeps the flags CMP sets and
     * MRS reads elsewhere), so it shows its initial value. */
    LL_A64_NZCV = 65,
    LL_A64_NREGS = 66,
    /* herd's symbolic registers (`%x0`, bound in the init block as
     * `%x0=x`): ids from here on, one per distinct name, 64 bits wide;
     * the operand's sym holds the name without `%` (a MEM's: its
     * base's; a symbolic index is kept as the base, as arch/arm.h's
     * LL_ARM_MEM_SWAPPED says). */
    LL_A64_SYMREG = 128,
};
#define LL_A64_REG(n, part) ((part) * 32 + (n))
#define LL_A64_REG_NUM(id) ((id) % 32)
#define LL_A64_REG_IS_W(id) ((id) >= 32 && (id) < 64)
#define LL_A64_IS_SYMREG(id) ((id) >= LL_A64_SYMREG)

/* Shifts and extensions, kept in an operand's shift field as
 * amount | kind << 8 (LL_A64_SHIFT). On a MEM index: `[X1,X2]` is LSL 0,
 * `[X1,W2,SXTW]` is SXTW 0, `[X1,X2,LSL #3]` is LSL 3 (LSL, UXTW, SXTW,
 * SXTX only). On the last REG operand of an ALU instruction:
 * `ADD X0,X1,X2,LSL #2`, `ADD X0,X1,W2,SXTW`; on an IMM: `MOVZ X0,#1,LSL
 * #16`, `ADD X0,X1,#1,LSL #12` (LSL only). */
enum {
    LL_A64_EXT_LSL = 0,
    LL_A64_EXT_UXTW = 1,
    LL_A64_EXT_SXTW = 2,
    LL_A64_EXT_SXTX = 3,
    LL_A64_EXT_LSR = 4,
    LL_A64_EXT_ASR = 5,
    LL_A64_EXT_ROR = 6,
    LL_A64_EXT_UXTB = 7,
    LL_A64_EXT_UXTH = 8,
    LL_A64_EXT_SXTB = 9,
    LL_A64_EXT_SXTH = 10,
    LL_A64_EXT_UXTX = 11,
};
#define LL_A64_SHIFT(kind, amount) ((amount) | (kind) << 8)
#define LL_A64_EXT_KIND(shift) (((shift) >> 8) & 0xFF)
#define LL_A64_EXT_AMOUNT(shift) ((shift) & 0xFF)

/* Pre- and post-indexed addresses, also in a MEM's shift field:
 * `[X1,#8]!` is PRE with imm 8 (access at X1+8, then X1 += 8),
 * `[X1],#8` is POST with imm 8 (access at X1, then X1 += 8). */
enum {
    LL_A64_IDX_OFFSET = 0,
    LL_A64_IDX_PRE = 1,
    LL_A64_IDX_POST = 2,
};
#define LL_A64_IDX_SHIFT 16
#define LL_A64_IDX_MODE(shift) (((shift) >> LL_A64_IDX_SHIFT) & 3)

/* Flag bits in ll_instr.flags beyond arch/arm.h's (LL_ARM_F_COND with a
 * condition, LL_ARM_F_S, the barrier option): the suffixes of the
 * acquire/release and byte/half-word forms. `LDADDALB` is LDADD with
 * ACQ|REL|BYTE, `STLRH` is STLR with HALF, `SWPA` is SWP with ACQ. The
 * conditional selects keep their condition operand (`CSEL W0,W1,W2,EQ`)
 * as LL_ARM_F_COND | cond. */
enum {
    LL_A64_F_ACQ = 1u << 12,
    LL_A64_F_REL = 1u << 13,
    LL_A64_F_BYTE = 1u << 14,
    LL_A64_F_HALF = 1u << 15,
    /* MOVZ/MOVN/MOVK with its shift written, even `LSL #0`: herd7 7.58
     * keeps it and digests `MOVZ W0,#42,LSL #0` as `MOVZ W0,#42,,LSL #0`
     * (`MOVZ W0,#42` as written) */
    LL_A64_F_LSL_WRITTEN = 1u << 16,
    /* the address was written with its `#0` offset (`[X1,#0]`): the
     * printer keeps it, herd7's digest does not; herd7 7.58 reads no
     * `#0` on the acquire, release and exclusive accesses, which the
     * model then refuses (hwrun runs them) */
    LL_A64_F_ZERO_WRITTEN = 1u << 19,
    /* the condition was written HS or LO, the CPU's other names of CS
     * and CC, which herd7 7.58 does not read (the model refuses them) */
    LL_A64_F_COND_ALIAS = 1u << 20,
};

/* Opcodes. Operand layout (ops[i]); OP2 is a REG or an IMM, possibly
 * shifted (above); [Xn,...] is a MEM: reg = Xn (or SP), index = register
 * or -1, imm = offset, shift as above. Access width: see
 * ll_a64_access_size.
 *   ADD SUB AND ORR EOR BIC ORN EON LSL LSR ASR ROR  Rd, Rn, OP2
 *        (LL_ARM_F_S: ADDS, SUBS, ANDS, BICS)
 *   MOV  Rd, OP2      CMP TST  Rn, OP2     MVN NEG  Rd, Rm (NEGS: F_S)
 *   MOVZ MOVN MOVK  Rd, #imm{,LSL #k}     SXTW  Xd, Wn
 *   MUL  Rd, Rn, Rm   MADD MSUB  Rd, Rn, Rm, Ra  (Rn*Rm +/- Ra)
 *   CSEL CSINC CSINV CSNEG  Rd, Rn, Rm (cond in flags)
 *   CSET CSETM  Rd (cond)    CINC  Rd, Rn (cond)
 *   B    LABEL (LL_ARM_F_COND: B.EQ, B.NE, ...; B.NONE, B.ANY and the
 *        other condition names SVE gives, read as herd7 7.58 does: as
 *        B.EQ, B.NE ...)     NOP
 *   CBZ CBNZ  Rn, LABEL      TBZ TBNZ  Rn, #bit, LABEL
 *   LDR LDRB LDRH LDRSB LDRSH LDRSW LDUR  Rt, [Xn...]
 *   STR STRB STRH STUR  Rt, [Xn...]
 *   LDP LDNP  Rt1, Rt2, [Xn...]     STP STNP  Rt1, Rt2, [Xn...]
 *   LDAR LDAPR LDXR LDAXR  Rt, [Xn]      STLR  Rt, [Xn]   (B, H forms)
 *   STXR STLXR  Ws (status: 0 on success), Rt, [Xn]       (B, H forms)
 *   SWP  Rs, Rt, [Xn]   (Rt := old, mem := Rs)   (A, L, AL; B, H forms)
 *   CAS  Rs, Rt, [Xn]   (if mem == Rs then mem := Rt; Rs := old)  (idem)
 *   LDADD LDCLR LDEOR LDSET LDSMAX LDSMIN LDUMAX LDUMIN  Rs, Rt, [Xn]
 *        (Rt := old, mem := old op Rs)  (A, L, AL; B, H forms)
 *   STADD STCLR STEOR STSET STSMAX STSMIN STUMAX STUMIN  Rs, [Xn]
 *        (LD<op> with Rt = ZR)   (L; B, H forms)
 *   DMB DSB  (option in flags, LL_ARM_BAR_OF)   ISB
 *   UBFM SBFM  Rd, Rn, #immr, #imms   (herd7 has no UBFX/SBFX... alias)
 *   REV REV16 REV32 RBIT  Rd, Rn     (REV64 is read as REV, as herd7)
 *   SMULL  Xd, Wn, Wm (signed 32x32->64)   MNEG  Rd, Rn, Rm (-(Rn*Rm))
 *   LDPSW  Xt1, Xt2, [Xn...]  (two 4-byte reads, sign-extended)
 *   LDXP LDAXP  Rt1, Rt2, [Xn]   (a pair of exclusive reads)
 *   STXP STLXP  Ws, Rt1, Rt2, [Xn]  (a pair of exclusive writes; Ws as
 *        STXR's)
 *   ADR  Xd, LABEL (the label's code address)   BL  LABEL (X30 := the
 *        next instruction's address)   BR BLR  Xn (jump to the code
 *        address in Xn; BLR sets X30 as BL)   RET  Xn (`RET` is RET X30)
 *   LDIAPP  Rt1, Rt2, [Xn]  (acquire-PC pair)   STILP  Rt1, Rt2, [Xn]
 *        (release pair)
 *   CASP  Rs, Rs+1, Rt, Rt+1, [Xn]  (even registers; A, L, AL forms)
 *   SVC UDF  #imm   (the thread stops there, as in herd7 7.58)
 *   HINT HLT  #imm   (herd7 7.58 reads both as NOP, and digests them so)
 *   MRS  Rt (reads NZCV)   MSR  Rt (writes NZCV): the only system
 *        register herd7 7.58 models; `MRS X0,NZCV` / `MSR NZCV,X0`
 *   ABS  Rd, Rn   (|Rn| at the register's width)
 *   UMULL SMNEGL UMNEGL  Xd, Wn, Wm   SMADDL SMSUBL UMADDL UMSUBL  Xd, Wn,
 *        Wm, Xa   (the 64-bit product of two signed or unsigned words,
 *        negated, added to Xa or taken from it)
 *   EXTR  Rd, Rn, Rm, #lsb   (Rn:Rm shifted right by lsb, the low half)
 *   ASRV LSLV LSRV RORV are read as ASR LSL LSR ROR with a register */
typedef enum ll_a64_op {
    LL_A64_ADD, LL_A64_SUB, LL_A64_AND, LL_A64_ORR, LL_A64_EOR,
    LL_A64_MOV, LL_A64_CMP,
    LL_A64_B, LL_A64_CBZ, LL_A64_CBNZ,
    LL_A64_LDR, LL_A64_LDRB, LL_A64_LDRH, LL_A64_LDAR, LL_A64_LDAPR,
    LL_A64_LDXR, LL_A64_LDAXR,
    LL_A64_STR, LL_A64_STRB, LL_A64_STRH, LL_A64_STLR,
    LL_A64_STXR, LL_A64_STLXR,
    LL_A64_DMB, LL_A64_DSB, LL_A64_ISB,
    LL_A64_NOP,
    LL_A64_BIC, LL_A64_ORN, LL_A64_EON,
    LL_A64_LSL, LL_A64_LSR, LL_A64_ASR, LL_A64_ROR,
    LL_A64_TST, LL_A64_MVN, LL_A64_NEG,
    LL_A64_MOVZ, LL_A64_MOVN, LL_A64_MOVK, LL_A64_SXTW,
    LL_A64_MUL, LL_A64_MADD, LL_A64_MSUB,
    LL_A64_CSEL, LL_A64_CSINC, LL_A64_CSINV, LL_A64_CSNEG,
    LL_A64_CSET, LL_A64_CSETM, LL_A64_CINC,
    LL_A64_TBZ, LL_A64_TBNZ,
    LL_A64_LDRSB, LL_A64_LDRSH, LL_A64_LDRSW, LL_A64_LDUR, LL_A64_STUR,
    LL_A64_LDP, LL_A64_LDNP, LL_A64_STP, LL_A64_STNP,
    LL_A64_SWP, LL_A64_CAS,
    LL_A64_LDADD, LL_A64_LDCLR, LL_A64_LDEOR, LL_A64_LDSET,
    LL_A64_LDSMAX, LL_A64_LDSMIN, LL_A64_LDUMAX, LL_A64_LDUMIN,
    LL_A64_STADD, LL_A64_STCLR, LL_A64_STEOR, LL_A64_STSET,
    LL_A64_STSMAX, LL_A64_STSMIN, LL_A64_STUMAX, LL_A64_STUMIN,
    LL_A64_UBFM, LL_A64_REV, LL_A64_REV16, LL_A64_REV32,
    LL_A64_RBIT, LL_A64_SMULL, LL_A64_MNEG,
    LL_A64_LDPSW, LL_A64_LDXP, LL_A64_LDAXP, LL_A64_LDIAPP, LL_A64_STILP,
    LL_A64_CASP,
    LL_A64_SVC, LL_A64_UDF, LL_A64_MRS, LL_A64_MSR,
    LL_A64_STXP, LL_A64_STLXP,
    LL_A64_ADR, LL_A64_BR, LL_A64_BLR, LL_A64_BL, LL_A64_RET,
    LL_A64_SBFM,
    LL_A64_ABS, LL_A64_UMULL, LL_A64_SMNEGL, LL_A64_UMNEGL,
    LL_A64_SMADDL, LL_A64_SMSUBL, LL_A64_UMADDL, LL_A64_UMSUBL,
    LL_A64_EXTR,
    LL_A64_HINT, LL_A64_HLT,
    LL_A64_NOPS
} ll_a64_op;

/* Bytes one memory access of the instruction reads or writes: 1 for the
 * B forms, 2 for the H forms, 4 for LDRSW, else 4 or 8 from its data
 * register (W or X; for LDP/STP each of the two accesses); 0 for the
 * rest. */
int ll_a64_access_size(const ll_instr *in);

/* The accesses that address [Xn] alone, with no index, offset or
 * writeback: an acquire, release or exclusive one (LDAR LDAPR LDXR
 * LDAXR STLR STXR STLXR LDXP LDAXP STXP STLXP: LL_A64_BASE_ORDERED) or
 * an atomic one (SWP CAS CASP LD<op> ST<op>: LL_A64_BASE_ATOMIC); 0 for
 * the others. */
enum { LL_A64_BASE_ORDERED = 1, LL_A64_BASE_ATOMIC = 2 };
int ll_a64_base_only(int op);

#endif
