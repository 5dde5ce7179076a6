/* ppc_forms.c — the Power forms herd7 7.58 does not read although the
 * reader (lib/arch/ppc.c) does, because the CPU runs them and hwrun
 * writes them, and the ones it reads but refuses when a run reaches
 * them. Measured by one-instruction probes of every mnemonic, record
 * form and operand form the reader knows (doc/fidelity.md, "Power
 * forms").
 *   Read: add addi addis and andi. b beq bne blt bge bgt ble bnl bng
 *   clrldi cmpw cmpwi cmplwi dcbf divw eieio extsw hwsync isync lbz lbzx
 *   ld ldx lhz lhzx li lis lwa lwarx lwax lwsync lwz lwzu lwzx mfcr mr
 *   mulli mullw nop or ori rlwimi rlwinm stb stbx std stdx sth sthx stw
 *   stwcx. stwu stwx sub subf subi sync xor xori; the record forms add.
 *   sub. subf. xor. or. and. mullw. divw.; a conditional branch without
 *   a CR field (`beq cr1,L` is not read, `cmpw cr1,r1,r2` is).
 *   Read, refused when a run reaches them ("Instruction neg r1,r2 not
 *   implemented"): bl blr lmw stmw mflr mtlr neg neg. nor nor. slw sraw
 *   srawi.
 *   Numbers: in decimal without `+`, within -2^62..2^62-1. */
#include "model/sem/ppc_forms.h"

#include "litmuslab/arch/ppc.h"

enum { READ = 1, READ_DOT = 2, REACHED = 4, REACHED_DOT = 8 };

static int herd_reads(int op)
{
    switch ((ll_ppc_op)op) {
    case LL_PPC_ADD: case LL_PPC_SUB: case LL_PPC_SUBF: case LL_PPC_XOR:
    case LL_PPC_OR: case LL_PPC_AND: case LL_PPC_MULLW: case LL_PPC_DIVW:
        return READ | READ_DOT;
    case LL_PPC_ADDI: case LL_PPC_ADDIS: case LL_PPC_ANDI_DOT: case LL_PPC_B:
    case LL_PPC_BEQ: case LL_PPC_BNE: case LL_PPC_BLT: case LL_PPC_BGE:
    case LL_PPC_BGT: case LL_PPC_BLE: case LL_PPC_CLRLDI: case LL_PPC_CMPW:
    case LL_PPC_CMPWI: case LL_PPC_CMPLWI: case LL_PPC_DCBF:
    case LL_PPC_EIEIO: case LL_PPC_EXTSW: case LL_PPC_ISYNC: case LL_PPC_LBZ:
    case LL_PPC_LBZX: case LL_PPC_LD: case LL_PPC_LDX: case LL_PPC_LHZ:
    case LL_PPC_LHZX: case LL_PPC_LI: case LL_PPC_LIS: case LL_PPC_LWA:
    case LL_PPC_LWARX: case LL_PPC_LWAX: case LL_PPC_LWSYNC: case LL_PPC_LWZ:
    case LL_PPC_LWZU: case LL_PPC_LWZX: case LL_PPC_MFCR: case LL_PPC_MR:
    case LL_PPC_MULLI: case LL_PPC_NOP: case LL_PPC_ORI: case LL_PPC_RLWIMI:
    case LL_PPC_RLWINM: case LL_PPC_STB: case LL_PPC_STBX: case LL_PPC_STD:
    case LL_PPC_STDX: case LL_PPC_STH: case LL_PPC_STHX: case LL_PPC_STW:
    case LL_PPC_STWCX: case LL_PPC_STWU: case LL_PPC_STWX: case LL_PPC_SUBI:
    case LL_PPC_SYNC: case LL_PPC_XORI:
        return READ;
    case LL_PPC_NEG: case LL_PPC_NOR:
        return REACHED | REACHED_DOT;
    case LL_PPC_BL: case LL_PPC_BLR: case LL_PPC_LMW: case LL_PPC_STMW:
    case LL_PPC_MFLR: case LL_PPC_MTLR: case LL_PPC_SLW: case LL_PPC_SRAW:
    case LL_PPC_SRAWI:
        return REACHED;
    default:
        return 0;
    }
}

static bool branch_on_field(const ll_instr *in)
{
    return in->op >= LL_PPC_BEQ && in->op <= LL_PPC_BLE &&
           (in->flags & LL_PPC_F_CRF_NAMED);
}

bool sem_ppc_check(const ll_instr *in, ll_buf *why)
{
    int how = herd_reads(in->op);
    bool dot = in->flags & LL_PPC_F_DOT;
    const char *what = NULL;
    if (!(how & (dot ? READ_DOT | REACHED_DOT : READ | REACHED)))
        what = dot ? "its PPC has no such record form"
                   : "its PPC has no such instruction";
    else if (branch_on_field(in))
        what = "it reads a conditional branch on cr0 only, with no field "
               "named";
    if (what)
        return sem_unread_form(&ll_arch_ppc, in, what, why);
    return sem_check_numbers(&ll_arch_ppc, in, LL_PPC_F_HEX_PLUS,
                             "a number as written, in hexadecimal or with a "
                             "+: its PPC lexer reads decimal ones only", why);
}

bool sem_ppc_reached(sem_run *r, const ll_instr *in)
{
    int how = herd_reads(in->op);
    if (!(how & ((in->flags & LL_PPC_F_DOT) ? REACHED_DOT : REACHED)))
        return true;
    ll_buf b = {0};
    ll_arch_ppc.print_instr(in, &b);
    sem_refuse_on_path(r, "%s (herd7 7.58: \"Instruction %s not "
                       "implemented\", when a run reaches it)",
                       ll_arch_ppc.op_name(in->op), ll_buf_str(&b));
    ll_buf_free(&b);
    return false;
}
