/* riscv_forms.c — the RISC-V forms herd7 7.58 does not read although the
 * reader (lib/arch/riscv.c) does, because the CPU runs them and hwrun
 * writes them, and the ones it reads but refuses when a run reaches them.
 * Measured by one-instruction probes of every mnemonic, ordering suffix,
 * width, fence set and operand form the reader knows (doc/fidelity.md,
 * "RISC-V forms").
 *   Not read (its parser or lexer refuses the test): jal, jalr, mul,
 *   sext.b, sext.h, zext.*; fence sets other than r, w, rw, ir, ow,
 *   iorw spelt so; numbers in hexadecimal, with a `+`, or outside
 *   -2^62..2^62-1. (The reader refuses what neither herd7 nor the CPU
 *   has: a load with .rl alone, a store with .aq alone, a target relative
 *   to `.`, `j .`.)
 *   Read, refused when a run reaches them ("RISCV operation OP is not
 *   implemented (yet)", "instruction '...' not handled"): srl, sra, srai,
 *   srlw, sraw, srliw, sraiw, sltu, sltiu, bltu, bgeu, amomaxu, amominu,
 *   auipc, ret.
 *   Refused, reached or not: la of a name that is no code label of the
 *   thread ("Label x not found"). */
#include "model/sem/riscv_int.h"

#include <string.h>

/* A fence set herd7's parser reads: r, w, rw, and ir, ow, iorw. */
static bool fence_set_read(int set)
{
    int io = set & (LL_RV_FENCE_I | LL_RV_FENCE_O);
    int rw = set & (LL_RV_FENCE_R | LL_RV_FENCE_W);
    if (io == 0)
        return rw != 0;
    return (io == LL_RV_FENCE_I && rw == LL_RV_FENCE_R) ||
           (io == LL_RV_FENCE_O && rw == LL_RV_FENCE_W) ||
           (io == (LL_RV_FENCE_I | LL_RV_FENCE_O) &&
            rw == (LL_RV_FENCE_R | LL_RV_FENCE_W));
}

/* Why herd7's RISCV does not read in, or NULL when it does. */
static const char *unread(const ll_instr *in)
{
    if (in->flags & LL_RV_F_CAPITALS)
        return "a mnemonic with a capital: its RISCV lexer reads small "
               "letters (MV, NOP and RET in capitals too)";
    switch ((ll_rv_op)in->op) {
    case LL_RV_JAL: case LL_RV_JALR:
        return "its RISCV has no jal nor jalr";
    case LL_RV_MUL:
        return "its RISCV has no mul";
    case LL_RV_SEXT_B: case LL_RV_SEXT_H: case LL_RV_ZEXT_B:
    case LL_RV_ZEXT_H: case LL_RV_ZEXT_W:
        return "its only sign or zero extension is sext.w";
    case LL_RV_FENCE:
        return !(in->flags & LL_RV_F_SET_ORDER) &&
                       fence_set_read(LL_RV_FENCE_PRED(in->flags)) &&
                       fence_set_read(LL_RV_FENCE_SUCC(in->flags))
                   ? NULL
                   : "its fence sets are r, w, rw, ir, ow and iorw, spelt so";
    default:
        return NULL;
    }
}

bool sem_riscv_check(const ll_instr *in, ll_buf *why)
{
    const char *what = unread(in);
    if (what)
        return sem_unread_form(&ll_arch_riscv, in, what, why);
    return sem_check_numbers(&ll_arch_riscv, in, LL_RV_F_HEX_PLUS,
                             "a number as written, in hexadecimal or with a "
                             "+: its RISCV lexer reads decimal ones only",
                             why);
}

bool sem_riscv_check_in(const ll_thread *th, const ll_instr *in,
                        ll_buf *why)
{
    if (in->op != LL_RV_LA)
        return true;
    const char *name = in->ops[1].sym ? in->ops[1].sym : "";
    for (int k = 0; k < th->n_stmts; k++)
        if (th->stmts[k].label && strcmp(th->stmts[k].label, name) == 0)
            return true;
    ll_buf_printf(why, "la of a location (herd7 7.58: \"Label %s not found\"; "
                       "it reads la of a code label of the thread only)",
                  name);
    return false;
}

/* herd7's name of an operation it reads but does not run, or NULL. */
static const char *unimplemented(const ll_instr *in)
{
    switch ((ll_rv_op)in->op) {
    case LL_RV_SRL: return "srl";
    case LL_RV_SRA: return "sra";
    case LL_RV_SRAI: return "srai";
    case LL_RV_SRLW: return "srlw";
    case LL_RV_SRAW: return "sraw";
    case LL_RV_SRLIW: return "srliw";
    case LL_RV_SRAIW: return "sraiw";
    case LL_RV_SLTU: return "sltu";
    case LL_RV_SLTIU: return "sltiu";
    case LL_RV_BLTU: return "bltu";
    case LL_RV_BGEU: return "bgeu";
    case LL_RV_AMOMAXU: return "amomaxu";
    case LL_RV_AMOMINU: return "amominu";
    default: return NULL;
    }
}

bool sem_riscv_reached(sem_run *r, const ll_instr *in)
{
    const char *op = unimplemented(in);
    if (op) {
        sem_refuse_on_path(r, "%s (herd7 7.58: \"RISCV operation %s is "
                           "not implemented (yet)\", when a run reaches "
                           "it)", op, op);
        return false;
    }
    if (in->op == LL_RV_AUIPC || in->op == LL_RV_RET) {
        ll_buf b = {0};
        ll_arch_riscv.print_instr(in, &b);
        sem_refuse_on_path(r, "%s (herd7 7.58: \"RISCV, instruction '%s' "
                           "not handled\", when a run reaches it)",
                           in->op == LL_RV_AUIPC ? "auipc" : "ret",
                           ll_buf_str(&b));
        ll_buf_free(&b);
        return false;
    }
    return true;
}
