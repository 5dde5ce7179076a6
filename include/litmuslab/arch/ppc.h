/* arch/ppc.h — the Power (PPC) instruction set as read by lib/arch/ppc.c:
 * register ids, opcodes, flag bits and the operand layout of each opcode.
 * model/sem/ppc.c and hwrun/gen/ppc.c are written against this header, so
 * it only ever grows.
 *
 * Syntax accepted is herd7's (lower-case mnemonics, as the real assembler):
 *   li r1,2   stw r1,0(r2)   lwz r1,0,r2 (herd's other spelling of 0(r2))
 *   lwzx r1,r2,r3   stwcx. r1,r2,r3   cmpwi r1,0   beq L0   sync
 * and printed in the first spelling (`stw r1,0(r2)`). */
#ifndef LITMUSLAB_ARCH_PPC_H
#define LITMUSLAB_ARCH_PPC_H

#include "litmuslab/arch.h"

extern const ll_arch_ops ll_arch_ppc;

/* Register ids: general-purpose registers r0..r31 are 0..31. */
enum {
    LL_PPC_R0 = 0,
    LL_PPC_NGPR = 32,
    /* Condition-register field 0, written by cmpw/cmpwi and the `.`
     * (record) forms, read by beq/bne/...; never an operand, but the
     * semantics may use this id for the dependency. reg_name: "cr0". */
    LL_PPC_CR0 = 32,
    /* A herd symbolic register `%x0`: the operand's sym holds the name
     * without `%` ("x0"). herd maps each one to a free register of the
     * thread that uses it; the init block binds it (`%x0=x;`). reg_lookup
     * of "%x0" returns this id (the ll_loc keeps the name). */
    LL_PPC_SYMREG = 64,
};

/* Opcodes. Operand layout (ops[i]):
 *   RD/RS/RA/RB  a REG operand (or LL_PPC_SYMREG with sym)
 *   SIMM         an IMM operand
 *   D(RA)        a MEM operand: reg=RA (or LL_PPC_SYMREG, sym = its
 *                name), index=-1, imm=D
 *   RA,RB        (indexed forms) two REG operands; the address is RA+RB,
 *                and as in the ISA, RA=r0 means 0, not r0's value
 *   LABEL        a LABEL operand (sym = label name)
 * Loads zero-extend; access sizes come from ll_ppc_access_size(). */
typedef enum ll_ppc_op {
    /* arithmetic: ops = RD, RA, SIMM */
    LL_PPC_ADDI, LL_PPC_SUBI, LL_PPC_ORI, LL_PPC_XORI, LL_PPC_ANDI_DOT,
    LL_PPC_MULLI,
    /* arithmetic: ops = RD, RA, RB. `sub rD,rA,rB` is rA-rB; `subf` is
     * rB-rA. Flag LL_PPC_F_DOT marks the record form (`add.`). */
    LL_PPC_ADD, LL_PPC_SUB, LL_PPC_SUBF, LL_PPC_XOR, LL_PPC_OR, LL_PPC_AND,
    LL_PPC_MULLW, LL_PPC_DIVW,
    /* ops = RD, SIMM */
    LL_PPC_LI,
    /* ops = RD, RS */
    LL_PPC_MR,
    /* compare into cr0 (signed word): CMPW ops = RA, RB; CMPWI ops = RA,
     * SIMM */
    LL_PPC_CMPW, LL_PPC_CMPWI,
    /* branches: ops = LABEL. B is unconditional; the others test cr0. */
    LL_PPC_B, LL_PPC_BEQ, LL_PPC_BNE, LL_PPC_BLT, LL_PPC_BGE, LL_PPC_BGT,
    LL_PPC_BLE,
    /* loads, D-form: ops = RD, D(RA) */
    LL_PPC_LBZ, LL_PPC_LHZ, LL_PPC_LWZ, LL_PPC_LD,
    /* loads, indexed: ops = RD, RA, RB */
    LL_PPC_LBZX, LL_PPC_LHZX, LL_PPC_LWZX, LL_PPC_LDX,
    /* stores, D-form: ops = RS, D(RA) */
    LL_PPC_STB, LL_PPC_STH, LL_PPC_STW, LL_PPC_STD,
    /* stores, indexed: ops = RS, RA, RB */
    LL_PPC_STBX, LL_PPC_STHX, LL_PPC_STWX, LL_PPC_STDX,
    /* load-reserve ops = RD, RA, RB; store-conditional (`stwcx.`, sets
     * cr0 EQ on success) ops = RS, RA, RB */
    LL_PPC_LWARX, LL_PPC_STWCX, LL_PPC_LDARX, LL_PPC_STDCX,
    /* barriers: no operands */
    LL_PPC_SYNC, LL_PPC_LWSYNC, LL_PPC_EIEIO, LL_PPC_ISYNC,
    LL_PPC_NOPS            /* number of opcodes */
} ll_ppc_op;

/* Flag bits in ll_instr.flags. */
enum {
    LL_PPC_F_DOT = 1u << 0,   /* record form: also sets cr0 */
};

/* Bytes read or written by a memory opcode (1, 2, 4 or 8); 0 otherwise. */
int ll_ppc_access_size(int op);

#endif
