/* arm_family.h — private to lib/arch: what the ARM and AArch64 plug-ins
 * share: mnemonics with `S` and condition suffixes, condition and barrier
 * names, `#` immediates and `[Rn,...]` addresses. */
#ifndef LITMUSLAB_ARM_FAMILY_H
#define LITMUSLAB_ARM_FAMILY_H

#include "asm_lex.h"
#include "litmuslab/arch/arm.h"

/* A row of an ARM-family opcode table. */
typedef struct ll_armf_form {
    const char *mnem;    /* upper case */
    int op;
    const char *shape;   /* asm_lex.h shapes */
    unsigned allow;      /* ARMF_* suffixes this mnemonic takes */
} ll_armf_form;

enum {
    ARMF_S = 1u << 0,        /* `ADDS` */
    ARMF_COND = 1u << 1,     /* ARM `BNE`, `MOVEQ`: EQ and NE alone, the
                                conditions herd7 7.58 reads */
    ARMF_DOTCOND = 1u << 2,  /* AArch64 `B.NE` */
    ARMF_BARRIER = 1u << 3,  /* DMB/DSB: option operand */
    /* AArch64 only */
    ARMF_ACQ = 1u << 4,      /* `A` ordering suffix: LDADDA, CASA */
    ARMF_REL = 1u << 5,      /* `L` (and `AL` with ARMF_ACQ): STADDL */
    ARMF_BH = 1u << 6,       /* `B`/`H` width suffix: LDARB, SWPH */
    ARMF_CONDARG = 1u << 7,  /* last operand a condition: CSEL ...,EQ */
    ARMF_SHIFTED = 1u << 8,  /* last operand may be followed by a shift
                                or extension: ADD X0,X1,X2,LSL #2 */
    ARMF_KEEPSHIFT = 1u << 9, /* a written shift is kept, even LSL #0
                                 (LL_A64_F_LSL_WRITTEN): MOVZ */
    ARMF_EQ = 1u << 10,      /* ARM: the EQ condition alone: MOVWEQ */
};

/* One ARM-family architecture: its opcode table and registers. */
typedef struct ll_armf_arch {
    const ll_armf_form *forms;
    int n_forms;
    int (*lookup)(const char *name);   /* register id, or -1 */
    const char *(*name)(int reg);
    /* herd's ARM leniencies: bare immediates (`MOV R0,1`), `LDR R0,R1`
     * for `LDR R0,[R1]`, and `DMB` alone for `DMB SY` */
    bool lenient;
    bool extend_ok;                /* AArch64 `[X1,W2,SXTW]`, `LSL #3` */
    /* The first id of herd's symbolic registers (`%x0`): lookup gives
     * symreg_base + ll_asm_symreg(name) */
    int symreg_base;
    /* herd7's AArch64 reads an immediate without its `#` (`MOV X1,7`,
     * `LSR X0,X0,28`, `[X1,4]`), as ARM's lenient form does */
    bool bare_imm;
} ll_armf_arch;

/* The plug-in functions, given the architecture. Addresses are `[Rn]`,
 * `[Rn,Rm]`, `[Rn,#imm]` and, with extend_ok (AArch64), `[Xn,Rm,EXT]`,
 * `[Xn,Rm,EXT #k]`, `[Xn,#imm]!` and `[Xn],#imm`. */
bool ll_armf_parse(const ll_armf_arch *a, const char *text, ll_instr *out,
                   ll_diag *d);
void ll_armf_print(const ll_armf_arch *a, const ll_instr *in, ll_buf *b);
const char *ll_armf_op_name(const ll_armf_arch *a, int op);
/* After a parse: name the symbolic registers of out's operands in their
 * sym, without `%` (what the model and hwrun read); a symbolic index,
 * `[R1,%x1]`, becomes the base, with R1 as the index and
 * LL_ARM_MEM_SWAPPED in the shift (ll_armf_print writes it back as it
 * was). Refused, at ln's last operand, with two symbolic registers or a
 * shifted symbolic index. */
bool ll_armf_name_symregs(const ll_armf_arch *a, const ll_asm_line *ln,
                          ll_instr *out, ll_diag *d);

#endif
