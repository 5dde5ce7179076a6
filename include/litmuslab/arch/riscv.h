/* arch/riscv.h — the RISC-V instruction set as read by lib/arch/riscv.c:
 * register ids, opcodes, flag bits and operand layout. model/sem and
 * hwrun/gen are written against this header, so it only ever grows.
 *
 * Syntax is herd7's (lower case): `lw x5,0(x6)`  `sw x5,0(x6)`
 * `lr.w.aq x5,0(x6)`  `sc.w.rl x7,x5,0(x6)`  `amoswap.w.aqrl x7,x5,(x6)`
 * `fence rw,rw`  `fence.tso`  `ori x5,x0,1`  `bne x5,x0,L0`  `li x5,1`
 * `mv x5,x6`. Addresses print as `0(x6)`, also for LR/SC/AMO (whose
 * offset must be 0). `.aq.rl` is read as `.aqrl` (herd prints the first,
 * the assembler takes the second). */
#ifndef LITMUSLAB_ARCH_RISCV_H
#define LITMUSLAB_ARCH_RISCV_H

#include "litmuslab/arch.h"

extern const ll_arch_ops ll_arch_riscv;

/* Register ids: x0..x31 are 0..31 (x0 reads as zero). The ABI names
 * (zero ra sp gp tp t0-t6 s0-s11 fp a0-a7) are read too; reg_name gives
 * xN. */
enum {
    LL_RV_X0 = 0,
    LL_RV_RA = 1,
    LL_RV_NREGS = 32,
    /* herd's symbolic registers (`%x0`, bound in the init block as
     * `%x0=x`): ids from here on, one per distinct name; the operand's
     * sym holds the name without `%` (a MEM's: its base's). */
    LL_RV_SYMREG = 64,
};

/* Opcodes. Operand layout (ops[i]); OFF(RS) is a MEM: reg = RS,
 * index = -1, imm = OFF (`(x6)` is offset 0).
 *   loads  LB LH LW LD LBU LHU LWU     RD, OFF(RS1)
 *   stores SB SH SW SD                 RS2, OFF(RS1)
 *   LR                                 RD, (RS1)
 *   SC                                 RD (status: 0 on success), RS2, (RS1)
 *   AMOSWAP AMOADD AMOAND AMOOR AMOXOR AMOMAX AMOMIN AMOMAXU AMOMINU
 *                                      RD (old value), RS2, (RS1)
 *   ADDI XORI ORI ANDI SLTI SLTIU SLLI SRLI SRAI   RD, RS1, IMM
 *   ADD SUB XOR OR AND SLL SRL SRA SLT SLTU MUL    RD, RS1, RS2
 *   LI  RD, IMM (= addi RD,x0,IMM)     MV  RD, RS (= addi RD,RS,0)
 *   BEQ BNE BLT BGE BLTU BGEU          RS1, RS2, LABEL
 *   J  LABEL
 *   FENCE (sets in flags)  FENCE_TSO  FENCEI (fence.i)   no operands
 * Added later (RV64I's 32-bit forms, the rest of RV64I, herd's pseudos):
 *   ADDIW SLLIW SRLIW SRAIW            RD, RS1, IMM
 *   ADDW SUBW SLLW SRLW SRAW           RD, RS1, RS2
 *   LUI AUIPC                          RD, IMM (the upper 20 bits)
 *   JAL                                RD, LABEL (`jal L` is RD = x1)
 *   JALR                               RD, OFF(RS1) (`jalr rs` is
 *                                      x1, 0(rs); `jalr rd,rs,off` too)
 *   NOP RET                            no operands (RET = jalr x0,0(x1))
 *   LA                                 RD, SYM (a location's address)
 *   SEXT_B SEXT_H SEXT_W ZEXT_B ZEXT_H ZEXT_W   RD, RS
 *                                      (`sext.w`, ...: herd's extensions) */
typedef enum ll_rv_op {
    LL_RV_LB, LL_RV_LH, LL_RV_LW, LL_RV_LD, LL_RV_LBU, LL_RV_LHU,
    LL_RV_LWU,
    LL_RV_SB, LL_RV_SH, LL_RV_SW, LL_RV_SD,
    LL_RV_LR, LL_RV_SC,
    LL_RV_AMOSWAP, LL_RV_AMOADD, LL_RV_AMOAND, LL_RV_AMOOR, LL_RV_AMOXOR,
    LL_RV_AMOMAX, LL_RV_AMOMIN, LL_RV_AMOMAXU, LL_RV_AMOMINU,
    LL_RV_ADDI, LL_RV_XORI, LL_RV_ORI, LL_RV_ANDI, LL_RV_SLTI,
    LL_RV_SLTIU, LL_RV_SLLI, LL_RV_SRLI, LL_RV_SRAI,
    LL_RV_ADD, LL_RV_SUB, LL_RV_XOR, LL_RV_OR, LL_RV_AND, LL_RV_SLL,
    LL_RV_SRL, LL_RV_SRA, LL_RV_SLT, LL_RV_SLTU, LL_RV_MUL,
    LL_RV_LI, LL_RV_MV,
    LL_RV_BEQ, LL_RV_BNE, LL_RV_BLT, LL_RV_BGE, LL_RV_BLTU, LL_RV_BGEU,
    LL_RV_J,
    LL_RV_FENCE, LL_RV_FENCE_TSO, LL_RV_FENCEI,
    LL_RV_ADDIW, LL_RV_SLLIW, LL_RV_SRLIW, LL_RV_SRAIW,
    LL_RV_ADDW, LL_RV_SUBW, LL_RV_SLLW, LL_RV_SRLW, LL_RV_SRAW,
    LL_RV_LUI, LL_RV_AUIPC, LL_RV_JAL, LL_RV_JALR, LL_RV_NOP, LL_RV_RET,
    LL_RV_LA,
    LL_RV_SEXT_B, LL_RV_SEXT_H, LL_RV_SEXT_W, LL_RV_ZEXT_B, LL_RV_ZEXT_H,
    LL_RV_ZEXT_W,
    LL_RV_NOPS
} ll_rv_op;

/* Flag bits in ll_instr.flags.
 *   LL_RV_F_AQ, LL_RV_F_RL: the `.aq`, `.rl` (both: `.aqrl`) orderings,
 *     on LR, SC, AMOs (and herd's loads and stores).
 *   LL_RV_F_D: LR/SC/AMO on a doubleword (`.d`); otherwise a word (`.w`).
 *   FENCE: predecessor set LL_RV_FENCE_PRED(flags) and successor set
 *     LL_RV_FENCE_SUCC(flags), each of LL_RV_FENCE_I|O|R|W bits (the
 *     ISA's encoding). A bare `fence` is read as herd reads it, `fence
 *     rw,rw` (the assembler would take iorw,iorw). */
enum {
    LL_RV_F_AQ = 1u << 0,
    LL_RV_F_RL = 1u << 1,
    LL_RV_F_D = 1u << 2,
    /* a number was written in hexadecimal or with a `+` (`0x10`, `+1`),
       which herd7 7.58's lexer does not read and the model refuses (the
       printer writes it in decimal) */
    LL_RV_F_HEX_PLUS = 1u << 16,
    /* a fence set was written with its letters in another order than
       i, o, r, w (`wr`), which herd7 7.58 does not read and the model
       refuses (the printer writes them in that order) */
    LL_RV_F_SET_ORDER = 1u << 17,
    /* the mnemonic has a capital (`LW`, `Li`, `amoswap.W`; but `MV`,
       `NOP`, `RET`), which herd7 7.58's lexer does not read and the
       model refuses (the printer writes small letters) */
    LL_RV_F_CAPITALS = 1u << 18,
    LL_RV_FENCE_W = 1, LL_RV_FENCE_R = 2, LL_RV_FENCE_O = 4,
    LL_RV_FENCE_I = 8,
    LL_RV_FENCE_PRED_SHIFT = 8,
    LL_RV_FENCE_SUCC_SHIFT = 12,
};
#define LL_RV_FENCE_PRED(flags) ((int)(((flags) >> 8) & 0xF))
#define LL_RV_FENCE_SUCC(flags) ((int)(((flags) >> 12) & 0xF))

/* Bytes accessed by a memory instruction (1, 2, 4, 8); 0 otherwise. */
int ll_riscv_access_size(const ll_instr *in);

#endif
