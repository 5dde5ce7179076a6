/* arch/x86.h — the x86 instruction set as read by lib/arch/x86.c, for
 * both `X86` (herd's 32-bit tests) and `X86_64` headers: register ids,
 * opcodes, flag bits and the operand layout. model/sem and hwrun/gen are
 * written against this header, so it only ever grows.
 *
 * Two spellings are read:
 *   AT&T (X86 and X86_64):  movq $1,(x)   movq (y),%rax   lock xaddq %rax,(x)
 *   Intel, as herd's X86 tests (X86 header only):  MOV [x],$1   MOV EAX,[y]
 *     LOCK XCHG [x],EAX   (mnemonics and registers in any case)
 * An instruction read in Intel spelling carries LL_X86_F_INTEL and prints
 * back in Intel spelling; otherwise it prints in AT&T (lower case). */
#ifndef LITMUSLAB_ARCH_X86_H
#define LITMUSLAB_ARCH_X86_H

#include "litmuslab/arch.h"

extern const ll_arch_ops ll_arch_x86;     /* header "X86" */
extern const ll_arch_ops ll_arch_x86_64;  /* header "X86_64" */

/* Register ids: id = LL_X86_REG(base, part).
 * base is the architectural register in encoding order:
 *   0 rax, 1 rcx, 2 rdx, 3 rbx, 4 rsp, 5 rbp, 6 rsi, 7 rdi, 8..15 r8..r15
 * part says which bits of it a name means:
 *   LL_X86_P64 rax  r8    (so 64-bit ids are plain 0..15)
 *   LL_X86_P32 eax  r8d
 *   LL_X86_P16 ax   r8w
 *   LL_X86_P8  al   r8b  (spl bpl sil dil for bases 4..7)
 *   LL_X86_P8H ah ch dh bh (bases 0..3 only)
 * So `eax` and `rax` are the same architectural register (same base):
 * match a condition's register to the code's by LL_X86_REG_BASE.
 * Names are looked up case-insensitively, with or without `%`. reg_name
 * gives lower case for X86_64 and upper case (EAX) for X86, as herd7
 * prints them in states. */
enum {
    LL_X86_RAX, LL_X86_RCX, LL_X86_RDX, LL_X86_RBX,
    LL_X86_RSP, LL_X86_RBP, LL_X86_RSI, LL_X86_RDI,
    LL_X86_NBASE = 16,
    LL_X86_P64 = 0, LL_X86_P32 = 1, LL_X86_P16 = 2, LL_X86_P8 = 3,
    LL_X86_P8H = 4,
    LL_X86_NREGS = 5 * 16,
};
#define LL_X86_REG(base, part) ((part) * 16 + (base))
#define LL_X86_REG_BASE(id) ((id) % 16)
#define LL_X86_REG_PART(id) ((id) / 16)
/* Width in bytes of a register id (8, 4, 2 or 1). */
int ll_x86_reg_width(int reg);

/* Opcodes. Operands are kept in AT&T order: source(s) first, destination
 * last, whatever the spelling. An operand is REG, IMM, or MEM: reg = base
 * register or -1, index = index register or -1, shift = scale (1, 2, 4, 8;
 * 0 when no index), imm = displacement, sym = location name for `(x)`,
 * `x`, `[x]` (then reg = index = -1).
 *   MOV    src, dst     (IMM|REG|MEM, REG|MEM)
 *   ADD SUB AND OR XOR  src, dst      dst op= src
 *   CMP    src, dst     flags from dst - src
 *   INC DEC NEG  dst
 *   XCHG   a, b         always atomic when one side is memory
 *   XADD   src(REG), dst   tmp=dst; dst+=src; src=tmp
 *   CMPXCHG src(REG), dst  compare rax-part with dst; herd's order
 *                       `cmpxchg (x),%rcx` is also read, stored this way
 *   MFENCE LFENCE SFENCE  no operands
 *   JMP JE JNE JL JLE JG JGE JS JNS  LABEL */
typedef enum ll_x86_op {
    LL_X86_MOV, LL_X86_ADD, LL_X86_SUB, LL_X86_AND, LL_X86_OR, LL_X86_XOR,
    LL_X86_CMP, LL_X86_INC, LL_X86_DEC, LL_X86_NEG,
    LL_X86_XCHG, LL_X86_XADD, LL_X86_CMPXCHG,
    LL_X86_MFENCE, LL_X86_LFENCE, LL_X86_SFENCE,
    LL_X86_JMP, LL_X86_JE, LL_X86_JNE, LL_X86_JL, LL_X86_JLE, LL_X86_JG,
    LL_X86_JGE, LL_X86_JS, LL_X86_JNS,
    LL_X86_NOPS
} ll_x86_op;

/* Flag bits in ll_instr.flags. The size suffix is what was written
 * (`movq` → Q, `mov` → NONE: then the width comes from a register
 * operand, or is the default 64-bit for X86_64 and 32-bit for X86). */
enum {
    LL_X86_SZ_MASK = 7u,
    LL_X86_SZ_NONE = 0, LL_X86_SZ_B = 1, LL_X86_SZ_W = 2, LL_X86_SZ_L = 3,
    LL_X86_SZ_Q = 4,
    LL_X86_F_LOCK = 1u << 3,   /* `lock` prefix */
    LL_X86_F_INTEL = 1u << 4,  /* read in Intel spelling (printing only) */
};

/* Operand width in bytes of an instruction: from its size suffix, else
 * from a register operand, else default_bytes. */
int ll_x86_width(const ll_instr *in, int default_bytes);

#endif
