/* x86_forms.c — the x86 forms herd7 7.58 does not read although the
 * reader (lib/arch/x86.c) does, because the CPU runs them and hwrun
 * writes them. herd7 refuses the whole test before running it (its
 * parser: "unexpected ..."), so the model refuses such a test at the
 * instruction, reached or not (sem_ops.check), naming the form.
 * Measured by one-instruction probes of every mnemonic, size suffix,
 * condition spelling, operand kind and width the reader knows, under
 * both headers (doc/fidelity.md, "x86-64").
 *   X86_64: mov add or xor cmp inc dec xchg uxch movnti clflush(opt)
 *     the fences nop endbr64 jmp at any width; cmpxchg in its own
 *     order; `and` and `shl` without a size suffix (`shl` with a count);
 *     `lock` on add xor inc dec xchg cmpxchg; je jne js jns jlt jge jle
 *     jgt, setnb, cmovc, spelt so; decimal numbers without `+`.
 *   X86: herd's Intel spelling only: MOV ADD OR XOR CMP INC DEC XCHG on
 *     32-bit registers, the fences, JMP JE JNE, SETNB (of memory or a register), CMOVC;
 *     LOCK on ADD XOR INC DEC XCHG. */
#include "model/sem/x86_forms.h"

#include "litmuslab/arch/x86.h"

static bool lock_read(int op)
{
    return op == LL_X86_ADD || op == LL_X86_XOR || op == LL_X86_INC ||
           op == LL_X86_DEC || op == LL_X86_XCHG || op == LL_X86_CMPXCHG;
}

/* Why herd7's X86_64 does not read in, or NULL when it does. */
static const char *unread_64(const ll_instr *in)
{
    unsigned sz = in->flags & LL_X86_SZ_MASK;
    if (in->flags & LL_X86_F_HEX_PLUS)
        return "a number as written, in hexadecimal or with a +: its X86_64 "
               "lexer reads decimal ones only";
    if (in->flags & LL_X86_F_ADDR_FORM)
        return "a memory operand as written: it reads (x), disp(%reg) and "
               "disp(%reg,%reg,scale), a segment only before the last with "
               "its number written";
    if (!sem_herd_ints(in))
        return SEM_HERD_INT_WHY;
    if (in->flags & LL_X86_F_ALIAS)
        return in->op == LL_X86_NOP ? "it reads no prefix word before nop"
                                    : "it reads this instruction by none of "
                                      "its other names";
    if (in->op == LL_X86_XADD)
        return "its X86_64 has no xadd";
    if ((in->flags & LL_X86_F_LOCK) && !lock_read(in->op))
        return "it reads lock before add, xor, inc, dec, xchg and cmpxchg "
               "only";
    switch ((ll_x86_op)in->op) {
    case LL_X86_AND:
        return sz ? "it reads and without a size suffix only" : NULL;
    case LL_X86_SHL:
        return sz || in->n_ops != 2
                   ? "it reads shl $k or %cl, without a size suffix, only"
                   : NULL;
    case LL_X86_JCC:
        return in->flags & LL_X86_F_HERD_CC
                   ? NULL
                   : "its conditional jumps are je, jne, js, jns, jlt, "
                     "jge, jle and jgt, spelt so";
    case LL_X86_SETCC:
        return in->flags & LL_X86_F_HERD_CC ? NULL
                                            : "its only set is setnb";
    case LL_X86_CMOVCC:
        if (!(in->flags & LL_X86_F_HERD_CC))
            return "its only cmov is cmovc";
        return in->flags & LL_X86_F_CPU_ORDER
                   ? "it reads a memory source in its own order: cmovc "
                     "%rax,(x)"
                   : NULL;
    case LL_X86_MOVNTI:
        return sz == LL_X86_SZ_B || sz == LL_X86_SZ_W
                   ? "it reads movnti, movntil and movntiq only" : NULL;
    case LL_X86_NOP:
        return in->n_ops == 1 && sz != LL_X86_SZ_L && sz != LL_X86_SZ_W
                   ? "it reads an operand after nopl and nopw only" : NULL;
    case LL_X86_CMPXCHG:
        return in->flags & LL_X86_F_CPU_ORDER
                   ? "it reads cmpxchg in its own operand order, the memory "
                     "first: cmpxchg (x),%rcx"
                   : NULL;
    default:
        return ll_x86_table[in->op].herd ? NULL : "its X86_64 has none";
    }
}

/* Why herd7's X86 does not read in, or NULL when it does. */
static const char *unread_32(const ll_instr *in)
{
    switch ((ll_x86_op)in->op) {
    case LL_X86_MFENCE: case LL_X86_LFENCE: case LL_X86_SFENCE:
        return NULL;
    case LL_X86_CMPXCHG:    /* refused when a run reaches it (x86.c) */
        return in->flags & LL_X86_F_LOCK
                   ? "it reads LOCK before ADD, XOR, INC, DEC and XCHG only"
                   : NULL;
    case LL_X86_MOV: case LL_X86_ADD: case LL_X86_OR: case LL_X86_XOR:
    case LL_X86_CMP: case LL_X86_INC: case LL_X86_DEC: case LL_X86_XCHG:
    case LL_X86_JMP: case LL_X86_JCC: case LL_X86_SETCC: case LL_X86_CMOVCC:
        break;
    default:
        return "its X86 has none (it reads MOV ADD OR XOR CMP INC DEC XCHG "
               "JMP JE JNE SETNB CMOVC and the fences)";
    }
    if (!(in->flags & LL_X86_F_INTEL))
        return "its X86 reads herd's Intel spelling only: MOV [x],$1";
    if (in->flags & LL_X86_F_REG_CASE)
        return "its X86 reads registers in capitals only, as EAX";
    if (in->flags & LL_X86_F_HEX_PLUS)
        return "a number as written, in hexadecimal or with a +: its X86 "
               "lexer reads decimal ones only";
    if ((in->flags & LL_X86_F_LOCK) && !lock_read(in->op))
        return "it reads LOCK before ADD, XOR, INC, DEC and XCHG only";
    if (!sem_herd_ints(in))
        return SEM_HERD_INT_WHY;
    int cc = LL_X86_CC(in->flags);
    if ((in->op == LL_X86_JCC &&
         !((cc == LL_X86_CC_E || cc == LL_X86_CC_NE) &&
           (in->flags & LL_X86_F_HERD_CC))) ||
        ((in->op == LL_X86_SETCC || in->op == LL_X86_CMOVCC) &&
         !(in->flags & LL_X86_F_HERD_CC)))
        return "its conditions are JE, JNE, SETNB and CMOVC, spelt so";
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        if (o->kind == LL_OPND_REG && o->reg != LL_X86_EIP &&
            !(LL_X86_IS_GPR(o->reg) &&
              LL_X86_REG_PART(o->reg) == LL_X86_P32))
            return "its X86 reads the 32-bit registers only";
    }
    return NULL;
}

bool sem_x86_check(const ll_instr *in, ll_buf *why)
{
    bool x86 = in->flags & LL_X86_F_32;
    const char *what = in->flags & LL_X86_F_MIXED_CASE
                           ? "a mnemonic in mixed case: its lexer reads "
                             "capitals or small letters (endbr64 small "
                             "letters only)"
                       : x86 ? unread_32(in) : unread_64(in);
    return what ? sem_unread_form(x86 ? &ll_arch_x86 : &ll_arch_x86_64, in,
                                  what, why)
                : true;
}
