/* arch/ppc.h — the Power (PPC) instruction set as read by lib/arch/ppc.c:
 * register ids, opcodes, flag bits, and one table (ll_ppc_desc) giving
 * each opcode's mnemonic, written operands and what it does to memory.
 * The reader, model/sem/ppc.c and hwrun/gen/ppc.c all work from this
 * table, so an opcode added here is known to every stage; the enum only
 * ever grows.
 *
 * Syntax accepted is herd7's (lower-case mnemonics, as the real assembler):
 *   li r1,2   stw r1,0(r2)   lwz r1,0,r2 (herd's other spelling of 0(r2))
 *   lwzx r1,r2,r3   stwcx. r1,r2,r3   cmpwi r1,0   beq L0   sync
 * plus a condition-register field before the operands of compares and
 * conditional branches (`cmpw cr1,r3,r4`, `beq cr1,L0`), printed only
 * when it is not cr0, as herd prints it. */
#ifndef LITMUSLAB_ARCH_PPC_H
#define LITMUSLAB_ARCH_PPC_H

#include "litmuslab/arch.h"

extern const ll_arch_ops ll_arch_ppc;

/* Register ids: general-purpose registers r0..r31 are 0..31. */
enum {
    LL_PPC_R0 = 0,
    LL_PPC_NGPR = 32,
    /* Condition-register fields cr0..cr7 are 32..39: never operands (the
     * field of a compare or branch is in ll_instr.flags), but the
     * semantics may use these ids. reg_name: "cr0".."cr7". */
    LL_PPC_CR0 = 32,
    LL_PPC_NCRF = 8,
    /* The link register as a test names it in an init block or a
     * condition (`locations [0:LR;]`): never an operand (mflr and mtlr
     * name it by their opcode). reg_name: "LR". */
    LL_PPC_LR = 40,
    /* A herd symbolic register `%x0`: the operand's sym holds the name
     * without `%` ("x0"). herd maps each one to a free register of the
     * thread that uses it; the init block binds it (`%x0=x;`). reg_lookup
     * of "%x0" returns this id (the ll_loc keeps the name). */
    LL_PPC_SYMREG = 64,
};

/* Opcodes; their operands (ops[i], in the order written) are given by
 * the shape in their ll_ppc_desc:
 *   r  REG (or LL_PPC_SYMREG with sym)        i  IMM
 *   m  MEM D(RA): reg=RA (or LL_PPC_SYMREG, sym = its name), index=-1,
 *      imm=D                                  l  LABEL (sym = the name)
 * Indexed accesses (LL_PPC_A_INDEXED) are written RD/RS,RA,RB and address
 * RA+RB where, as in the ISA, RA=r0 means 0. A D-form address D(RA)
 * reads RA even when it is r0, as herd7 does. `sub rD,rA,rB` is rA-rB;
 * `subf` is rB-rA. */
typedef enum ll_ppc_op {
    /* arithmetic: RD, RA, SIMM */
    LL_PPC_ADDI, LL_PPC_SUBI, LL_PPC_ORI, LL_PPC_XORI, LL_PPC_ANDI_DOT,
    LL_PPC_MULLI,
    /* arithmetic: RD, RA, RB (record form `add.` allowed) */
    LL_PPC_ADD, LL_PPC_SUB, LL_PPC_SUBF, LL_PPC_XOR, LL_PPC_OR, LL_PPC_AND,
    LL_PPC_MULLW, LL_PPC_DIVW,
    /* RD, SIMM */
    LL_PPC_LI,
    /* RD, RS */
    LL_PPC_MR,
    /* signed word compares into a CR field: RA, RB / RA, SIMM */
    LL_PPC_CMPW, LL_PPC_CMPWI,
    /* branches: LABEL. B is unconditional; the others test a CR field. */
    LL_PPC_B, LL_PPC_BEQ, LL_PPC_BNE, LL_PPC_BLT, LL_PPC_BGE, LL_PPC_BGT,
    LL_PPC_BLE,
    /* loads, D-form: RD, D(RA) */
    LL_PPC_LBZ, LL_PPC_LHZ, LL_PPC_LWZ, LL_PPC_LD,
    /* loads, indexed: RD, RA, RB */
    LL_PPC_LBZX, LL_PPC_LHZX, LL_PPC_LWZX, LL_PPC_LDX,
    /* stores, D-form: RS, D(RA) */
    LL_PPC_STB, LL_PPC_STH, LL_PPC_STW, LL_PPC_STD,
    /* stores, indexed: RS, RA, RB */
    LL_PPC_STBX, LL_PPC_STHX, LL_PPC_STWX, LL_PPC_STDX,
    /* load-reserve RD, RA, RB; store-conditional (sets cr0 EQ on
     * success) RS, RA, RB */
    LL_PPC_LWARX, LL_PPC_STWCX, LL_PPC_LDARX, LL_PPC_STDCX,
    /* barriers: no operands (`hwsync` is read as sync, as herd7 does) */
    LL_PPC_SYNC, LL_PPC_LWSYNC, LL_PPC_EIEIO, LL_PPC_ISYNC,

    /* --- added with the full user-level integer set --- */
    LL_PPC_NOP,
    /* RD, SIMM: lis is li of SIMM << 16 */
    LL_PPC_LIS,
    /* RD, RA, SIMM (addis adds SIMM << 16; addi/addis/subi/subis read
     * RA=r0 as 0) */
    LL_PPC_ADDIS, LL_PPC_SUBIS, LL_PPC_ORIS, LL_PPC_XORIS, LL_PPC_ANDIS_DOT,
    /* RD, RA, SIMM with carry: addic (addic. sets cr0 too), subfic is
     * SIMM - RA */
    LL_PPC_ADDIC, LL_PPC_ADDIC_DOT, LL_PPC_SUBFIC,
    /* RD, RA, RB; carry in/out as the ISA */
    LL_PPC_ADDC, LL_PPC_SUBFC, LL_PPC_ADDE, LL_PPC_SUBFE,
    /* RD, RA (carry in) */
    LL_PPC_ADDZE, LL_PPC_SUBFZE, LL_PPC_ADDME, LL_PPC_SUBFME,
    /* RD, RA, RB */
    LL_PPC_MULLD, LL_PPC_MULHW, LL_PPC_MULHWU, LL_PPC_MULHD, LL_PPC_MULHDU,
    LL_PPC_DIVWU, LL_PPC_DIVD, LL_PPC_DIVDU,
    LL_PPC_NAND, LL_PPC_NOR, LL_PPC_ANDC, LL_PPC_ORC, LL_PPC_EQV,
    LL_PPC_SLW, LL_PPC_SRW, LL_PPC_SRAW, LL_PPC_SLD, LL_PPC_SRD, LL_PPC_SRAD,
    /* RD, RA */
    LL_PPC_NEG, LL_PPC_NOT, LL_PPC_EXTSB, LL_PPC_EXTSH, LL_PPC_EXTSW,
    LL_PPC_CNTLZW, LL_PPC_CNTLZD,
    /* RA, RS, SH */
    LL_PPC_SRAWI, LL_PPC_SRADI,
    /* rotates: RA, RS, SH, MB, ME / RA, RS, RB, MB, ME / RA, RS, SH, MB
     * (rldicl, rldic, rldimi) / RA, RS, SH, ME (rldicr) */
    LL_PPC_RLWINM, LL_PPC_RLWNM, LL_PPC_RLWIMI,
    LL_PPC_RLDICL, LL_PPC_RLDICR, LL_PPC_RLDIC, LL_PPC_RLDIMI,
    /* extended rotate mnemonics: RA, RS, N (rotlw: RA, RS, RB) */
    LL_PPC_SLWI, LL_PPC_SRWI, LL_PPC_CLRLWI, LL_PPC_CLRRWI, LL_PPC_ROTLWI,
    LL_PPC_ROTLW, LL_PPC_SLDI, LL_PPC_SRDI, LL_PPC_CLRLDI, LL_PPC_CLRRDI,
    LL_PPC_ROTLDI,
    /* compares into a CR field: RA, RB / RA, IMM (unsigned: UIMM) */
    LL_PPC_CMPLW, LL_PPC_CMPLWI, LL_PPC_CMPD, LL_PPC_CMPDI, LL_PPC_CMPLD,
    LL_PPC_CMPLDI,
    /* RT, RA, RB, BC: RT = CR bit BC ? RA (or 0 for r0) : RB */
    LL_PPC_ISEL,
    /* branches: bl LABEL, blr, bdnz/bdz LABEL (decrement ctr) */
    LL_PPC_BL, LL_PPC_BLR, LL_PPC_BDNZ, LL_PPC_BDZ,
    /* special registers: RD / RS; mtcrf FXM, RS */
    LL_PPC_MFLR, LL_PPC_MTLR, LL_PPC_MFCTR, LL_PPC_MTCTR, LL_PPC_MFCR,
    LL_PPC_MTCRF, LL_PPC_MTCR,
    /* more loads: algebraic (sign-extending), with update (RA gets the
     * address), indexed with update */
    LL_PPC_LHA, LL_PPC_LHAX, LL_PPC_LWA, LL_PPC_LWAX,
    LL_PPC_LBZU, LL_PPC_LHZU, LL_PPC_LHAU, LL_PPC_LWZU, LL_PPC_LDU,
    LL_PPC_LBZUX, LL_PPC_LHZUX, LL_PPC_LHAUX, LL_PPC_LWZUX, LL_PPC_LWAUX,
    LL_PPC_LDUX,
    /* more stores, with update */
    LL_PPC_STBU, LL_PPC_STHU, LL_PPC_STWU, LL_PPC_STDU,
    LL_PPC_STBUX, LL_PPC_STHUX, LL_PPC_STWUX, LL_PPC_STDUX,
    /* load/store multiple words: RD (to r31), D(RA) */
    LL_PPC_LMW, LL_PPC_STMW,
    /* cache operations RA, RB: no memory event (herd's dcbf) */
    LL_PPC_DCBF, LL_PPC_DCBST, LL_PPC_DCBT, LL_PPC_DCBTST, LL_PPC_ICBI,
    LL_PPC_NOPS            /* number of opcodes */
} ll_ppc_op;

/* Flag bits in ll_instr.flags. */
enum {
    LL_PPC_F_DOT = 1u << 0,   /* record form: also sets cr0 */
    LL_PPC_F_CRF_SHIFT = 8,   /* bits 8..10: the CR field of a compare or
                                 conditional branch (0 for cr0) */
    /* a number was written in hexadecimal or with a `+` (`0x10`, `+1`),
       which herd7 7.58's lexer does not read and the model refuses (the
       printer writes it in decimal) */
    LL_PPC_F_HEX_PLUS = 1u << 16,
    /* a conditional branch was written with its CR field (`beq cr0,L`),
       which herd7 7.58 does not read and the model refuses (the printer
       writes the field then, cr0 too) */
    LL_PPC_F_CRF_NAMED = 1u << 17,
};

/* The CR field an instruction's flags name. */
static inline int ll_ppc_crf(unsigned flags)
{
    return (int)((flags >> LL_PPC_F_CRF_SHIFT) & 7u);
}

/* Attributes of an opcode (ll_ppc_desc.attrs). */
enum {
    LL_PPC_A_DOT = 1u << 0,      /* has a record form `mnem.` */
    LL_PPC_A_CRF = 1u << 1,      /* takes an optional leading crN */
    LL_PPC_A_LOAD = 1u << 2,     /* reads memory into ops[0] */
    LL_PPC_A_STORE = 1u << 3,    /* writes ops[0] to memory */
    LL_PPC_A_SIGNED = 1u << 4,   /* load sign-extends (lha, lwa) */
    LL_PPC_A_UPDATE = 1u << 5,   /* RA gets the effective address */
    LL_PPC_A_INDEXED = 1u << 6,  /* address RA|0 + RB, else D(RA) */
    LL_PPC_A_RESERVE = 1u << 7,  /* lwarx/ldarx */
    LL_PPC_A_COND = 1u << 8,     /* stwcx./stdcx. */
    LL_PPC_A_MULTIPLE = 1u << 9, /* lmw/stmw: registers RD..r31 */
    LL_PPC_A_U5 = 1u << 10,      /* immediates are 0..31 */
    LL_PPC_A_U6 = 1u << 11,      /* immediates are 0..63 */
    LL_PPC_A_U8 = 1u << 12,      /* immediate is 0..255 (mtcrf) */
};

typedef struct ll_ppc_desc {
    const char *mnem;     /* without the record form's `.` */
    const char *shape;    /* written operands, after any crN */
    unsigned attrs;       /* LL_PPC_A_* */
    int size;             /* bytes a memory access moves; 0 for none */
} ll_ppc_desc;

/* The description of an opcode, or NULL when op is not one. */
const ll_ppc_desc *ll_ppc_desc_of(int op);

/* Bytes read or written by a memory opcode (1, 2, 4 or 8); 0 otherwise. */
int ll_ppc_access_size(int op);

#endif
