/* arch/x86.h — the x86 instruction set as read by lib/arch/x86.c, for
 * both `X86` (herd's 32-bit tests) and `X86_64` headers: register ids,
 * opcodes and the one table describing them (ll_x86_table), flag bits
 * and the operand layout. The reader, model/sem and hwrun/gen all work
 * from this table, so an opcode added here is read, modelled and
 * generated, or a unit test says which stage lacks it.
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

/* Register ids. General registers: id = LL_X86_REG(base, part), below
 * LL_X86_NGPR. base is the architectural register in encoding order:
 *   0 rax, 1 rcx, 2 rdx, 3 rbx, 4 rsp, 5 rbp, 6 rsi, 7 rdi, 8..15 r8..r15
 * part says which bits of it a name means:
 *   LL_X86_P64 rax  r8    (so 64-bit ids are plain 0..15)
 *   LL_X86_P32 eax  r8d
 *   LL_X86_P16 ax   r8w
 *   LL_X86_P8  al   r8b  (spl bpl sil dil for bases 4..7)
 *   LL_X86_P8H ah ch dh bh (bases 0..3 only)
 * So `eax` and `rax` are the same architectural register (same base):
 * match a condition's register to the code's by LL_X86_REG_BASE.
 * Then the instruction pointer (rip, eip: a base of `x(%rip)`) and the
 * segment registers (es cs ss ds fs gs: a prefix `%cs:` of a memory
 * operand), which herd's X86_64 also reads; they hold no test value.
 * Names are looked up case-insensitively, with or without `%`. reg_name
 * gives lower case for X86_64 and upper case (EAX) for X86, as herd7
 * prints them in states. */
enum {
    LL_X86_RAX, LL_X86_RCX, LL_X86_RDX, LL_X86_RBX,
    LL_X86_RSP, LL_X86_RBP, LL_X86_RSI, LL_X86_RDI,
    LL_X86_NBASE = 16,
    LL_X86_P64 = 0, LL_X86_P32 = 1, LL_X86_P16 = 2, LL_X86_P8 = 3,
    LL_X86_P8H = 4,
    LL_X86_NGPR = 5 * 16,
    LL_X86_RIP = LL_X86_NGPR, LL_X86_EIP,
    LL_X86_ES, LL_X86_CS, LL_X86_SS, LL_X86_DS, LL_X86_FS, LL_X86_GS,
    LL_X86_NREGS,
};
#define LL_X86_REG(base, part) ((part) * 16 + (base))
#define LL_X86_REG_BASE(id) ((id) % 16)
#define LL_X86_REG_PART(id) ((id) / 16)
/* A general register id (one of rax's parts, ...). */
#define LL_X86_IS_GPR(id) ((id) >= 0 && (id) < LL_X86_NGPR)
/* Width in bytes of a register id (8, 4, 2 or 1; rip 8, segments 2). */
int ll_x86_reg_width(int reg);

/* Opcodes. Operands are kept in AT&T order: source(s) first, destination
 * last, whatever the spelling. An operand is REG, IMM, LABEL or MEM:
 * reg = base register or -1, index = index register or -1, shift = scale
 * (1, 2, 4, 8; 0 when no index), imm = displacement, sym = location name
 * for `(x)`, `x`, `[x]`, `x(%rip)` (then reg = -1, or rip).
 *   MOV ADD SUB ADC SBB AND OR XOR   src, dst     dst op= src
 *   CMP TEST   src, dst     flags of dst - src, dst & src
 *   INC DEC NEG NOT  dst
 *   XCHG   a, b         atomic when one side is memory
 *   UXCH   a, b         herd7's exchange (atomic, as xchg, in 7.58)
 *   XADD   src(REG), dst   tmp=dst; dst+=src; src=tmp
 *   CMPXCHG src(REG), dst  compare rax-part with dst; herd's order
 *                       `cmpxchg (x),%rcx` is also read, stored this way
 *   SHL SHR SAR  [count,] dst   count $N or %cl; none: by 1 (`sal` = shl)
 *   MOVZX MOVSX  src, dst(REG)  widen; sizes in the flags (movzbl,
 *                       movswq, movslq) or from the registers (movzx)
 *   LEA    src(MEM), dst(REG)   the address, no access
 *   SETcc  dst          dst(8-bit) = condition cc holds
 *   CMOVcc src, dst(REG)  herd's `cmovc %rax,(x)` is read as (x),%rax
 *   MOVNTI src(REG), dst(MEM)  non-temporal store
 *   CLFLUSH CLFLUSHOPT  mem      cache line flush: no event
 *   MFENCE LFENCE SFENCE  fences
 *   NOP [operand], ENDBR64   nothing (`nopl 0x0(%rax)`, `nopw %cs:...`)
 *   RET    ends the thread's code
 *   JMP Jcc  LABEL
 * The condition code of Jcc, SETcc and CMOVcc is in the flags (CC). */
typedef enum ll_x86_op {
    LL_X86_MOV, LL_X86_ADD, LL_X86_SUB, LL_X86_ADC, LL_X86_SBB,
    LL_X86_AND, LL_X86_OR, LL_X86_XOR, LL_X86_CMP, LL_X86_TEST,
    LL_X86_INC, LL_X86_DEC, LL_X86_NEG, LL_X86_NOT,
    LL_X86_XCHG, LL_X86_UXCH, LL_X86_XADD, LL_X86_CMPXCHG,
    LL_X86_SHL, LL_X86_SHR, LL_X86_SAR,
    LL_X86_MOVZX, LL_X86_MOVSX, LL_X86_LEA,
    LL_X86_SETCC, LL_X86_CMOVCC, LL_X86_MOVNTI,
    LL_X86_CLFLUSH, LL_X86_CLFLUSHOPT,
    LL_X86_MFENCE, LL_X86_LFENCE, LL_X86_SFENCE,
    LL_X86_NOP, LL_X86_ENDBR64, LL_X86_RET,
    LL_X86_JMP, LL_X86_JCC,
    LL_X86_NOPS
} ll_x86_op;

/* Operand kinds an instruction slot accepts. */
enum {
    LL_X86_K_REG = 1, LL_X86_K_MEM = 2, LL_X86_K_IMM = 4, LL_X86_K_LABEL = 8,
    LL_X86_K_RM = LL_X86_K_REG | LL_X86_K_MEM,
    LL_X86_K_ANY = LL_X86_K_RM | LL_X86_K_IMM,
};

/* The table: one row per opcode, indexed by ll_x86_op. mnem is the AT&T
 * mnemonic without size suffix (for Jcc SETcc CMOVcc the prefix "j",
 * "set", "cmov"). An instruction has min_args..max_args operands; with
 * fewer than max_args the first ones are the ones left out (`shl %rax`
 * has only the destination). kinds[i] is what operand i of the full form
 * may be. sized: takes a b/w/l/q suffix; lockable: may take `lock`
 * (the CPU also wants a memory destination); herd: in herd7's X86_64
 * front end, in some form (model/sem/x86_forms.c refuses the others;
 * the model computes the ones it reads as herd7 does: model/sem/x86.c). */
typedef struct ll_x86_opinfo {
    const char *mnem;
    unsigned char min_args, max_args;
    unsigned char kinds[2];
    bool sized, lockable, herd;
} ll_x86_opinfo;
extern const ll_x86_opinfo ll_x86_table[LL_X86_NOPS];

/* Condition codes, in the CPU's encoding order (the low bit negates). */
enum {
    LL_X86_CC_O, LL_X86_CC_NO, LL_X86_CC_B, LL_X86_CC_AE, LL_X86_CC_E,
    LL_X86_CC_NE, LL_X86_CC_BE, LL_X86_CC_A, LL_X86_CC_S, LL_X86_CC_NS,
    LL_X86_CC_P, LL_X86_CC_NP, LL_X86_CC_L, LL_X86_CC_GE, LL_X86_CC_LE,
    LL_X86_CC_G, LL_X86_NCC
};

/* Flag bits in ll_instr.flags. The size suffix is what was written
 * (`movq` → Q, `mov` → NONE: then the width comes from a register
 * operand, or is the default 64-bit for X86_64 and 32-bit for X86).
 * SRC is the source size of MOVZX/MOVSX as written (`movzbl`: SRC B,
 * SZ L). SEG is the segment prefix of the memory operand (`%fs:8`),
 * 1 + (id - LL_X86_ES), 0 when none. */
enum {
    LL_X86_SZ_MASK = 7u,
    LL_X86_SZ_NONE = 0, LL_X86_SZ_B = 1, LL_X86_SZ_W = 2, LL_X86_SZ_L = 3,
    LL_X86_SZ_Q = 4,
    LL_X86_F_LOCK = 1u << 3,   /* `lock` prefix */
    LL_X86_F_INTEL = 1u << 4,  /* read in Intel spelling (printing only) */
    LL_X86_CC_SHIFT = 5, LL_X86_CC_MASK = 15u << 5,
    LL_X86_SRC_SHIFT = 9, LL_X86_SRC_MASK = 7u << 9,
    LL_X86_SEG_SHIFT = 12, LL_X86_SEG_MASK = 7u << 12,
    LL_X86_F_32 = 1u << 15,    /* read under the X86 header */
    /* X86_64 cmpxchg written in the CPU's operand order with a memory
       destination (`cmpxchg %rcx,(x)`), which herd7 7.58 does not read
       (it reads `cmpxchg (x),%rcx`); printed as written either way. On
       cmov (either header): a memory source written first (`cmovc
       (x),%rax`; herd7 reads `cmovc %rax,(x)`) */
    LL_X86_F_CPU_ORDER = 1u << 16,
    /* Spellings herd7 7.58 does not read, noted for the model, which
       refuses them (model/sem/x86.c; hwrun runs them): a number written
       `0x...` or with a `+`; */
    LL_X86_F_HEX_PLUS = 1u << 17,
    /* a memory operand `x` or `x(%rip)`, an index without its scale,
       a segment before an operand with no index (`%ds:(x)`); */
    LL_X86_F_ADDR_FORM = 1u << 18,
    /* a disassembler's prefix words before a nop (`data16 cs nopw`), or
       a mnemonic read as another's alias (`sal`, `movsxd`; herd7
       reads `retq`); */
    LL_X86_F_ALIAS = 1u << 19,
    /* and the condition of Jcc, SETcc, CMOVcc spelt as herd7 spells the
       ones it reads (je jne js jns jlt jge jle jgt, setnb, cmovc),
       which no other spelling of the same condition is */
    LL_X86_F_HERD_CC = 1u << 20,
    /* and a mnemonic (or `lock`) in mixed case (`Movq`, `Mfence`), or
       `ENDBR64` in capitals: herd7 reads capitals or small letters
       (endbr64 small letters only) */
    LL_X86_F_MIXED_CASE = 1u << 21,
    /* X86's Intel spelling: a register operand not in capitals (`MOV
       eax,[y]`), which herd7 7.58's X86 lexer does not read (its
       registers are EAX..., a word in small letters a location's name:
       `[eax]` is read so) */
    LL_X86_F_REG_CASE = 1u << 22,
};
#define LL_X86_CC(flags) ((int)(((flags) & LL_X86_CC_MASK) >> LL_X86_CC_SHIFT))
#define LL_X86_SEG(flags) \
    ((int)(((flags) & LL_X86_SEG_MASK) >> LL_X86_SEG_SHIFT))

/* Operand width in bytes of an instruction: from its size suffix, else
 * from the register it works on (not a shift count, not the source of
 * MOVZX/MOVSX; SETcc is 1), else default_bytes. */
int ll_x86_width(const ll_instr *in, int default_bytes);
/* The same with the header's default: 32-bit for X86 (LL_X86_F_32),
 * 64-bit for X86_64. */
int ll_x86_op_width(const ll_instr *in);
/* Source width of MOVZX/MOVSX: its SRC size, else its source register's;
 * 0 when neither says (the reader refuses that). */
int ll_x86_src_width(const ll_instr *in);
/* The AT&T mnemonic without size suffix: "add", "cmovne", "setnb",
 * "movzbl" (MOVZX/MOVSX with both sizes written), "?" if unknown. */
const char *ll_x86_mnemonic(const ll_instr *in, char buf[16]);

#endif
