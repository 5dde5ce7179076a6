/* riscv_alu.c — the RISC-V register instructions for the model, the ones
 * herd7 7.58 runs: 64-bit arithmetic, logic, shifts and compares, the W
 * forms addw, addiw, subw, sllw and slliw as herd7 computes them (on 64
 * bits, herd_op), li, lui (not sign-extended, as in herd7), la (of a
 * code label), mv, nop and sext.w; and the register access and address
 * arithmetic riscv.c uses too. Addresses (location symbols) pass through
 * moves, + and -, and the few other operations herd7 makes on them
 * (sem_herd_arith); the rest are undefined. */
#include "model/sem/riscv_int.h"

#include <string.h>

int rv_slot(sem_run *r, const ll_operand *o)
{
    if (o->reg >= LL_RV_SYMREG)
        return sem_slot(r, o->reg, o->sym);
    return o->reg > LL_RV_X0 && o->reg < LL_RV_NREGS ? o->reg : -1;
}

sem_reg rv_get(sem_run *r, const ll_operand *o)
{
    return sem_get(r, rv_slot(r, o));
}

void rv_set_made(sem_run *r, const ll_operand *o, sem_val v, sem_taint t,
                 sem_taint vs, bool op)
{
    sem_set_valued(r, rv_slot(r, o), v, t, vs, op);
}

void rv_set(sem_run *r, const ll_operand *o, sem_val v, sem_taint t)
{
    rv_set_made(r, o, v, t, t, false);
}

sem_taint rv_vsrc(sem_run *r, const ll_operand *o)
{
    return sem_get_vsrc(r, rv_slot(r, o));
}

bool rv_vop(sem_run *r, const ll_operand *o)
{
    return sem_get_vop(r, rv_slot(r, o));
}

sem_next rv_illegal(sem_run *r, const char *op, sem_val a, sem_val b,
                    sem_taint t, sem_val *out)
{
    /* false: a path an exploring run does not see */
    return sem_illegal_value(r, op, a, &b, t, out) ? SEM_NEXT : SEM_DEAD;
}

/* The low `bytes` bytes of n, sign- or zero-extended. */
static int64_t rv_extend(int64_t n, int bytes, bool sign)
{
    if (bytes >= 8)
        return n;
    int shift = 64 - 8 * bytes;
    uint64_t low = (uint64_t)n << shift;
    if (!sign)
        return (int64_t)(low >> shift);
    /* arithmetic shift of the sign, without implementation-defined >> */
    uint64_t v = low >> shift, sign_bit = 1ull << (8 * bytes - 1);
    return (int64_t)((v ^ sign_bit) - sign_bit);
}

static sem_val rv_extend_val(sem_val v, int bytes, bool sign)
{
    return v.sym != -1 ? v : sem_int(rv_extend(v.num, bytes, sign));
}

/* The 64-bit operations herd7 7.58 runs beyond sem_arith's (srl, sra,
 * srai, sltu, sltiu and the W shifts right it refuses when a run reaches
 * them: riscv_forms.c). */
static bool int_op(int op, int64_t a, int64_t b, int64_t *out)
{
    uint64_t ua = (uint64_t)a;
    switch (op) {
    case LL_RV_SLL: case LL_RV_SLLI: *out = (int64_t)(ua << (b & 63)); break;
    case LL_RV_SRLI: *out = (int64_t)(ua >> (b & 63)); break;
    default:
        return false;
    }
    return true;
}

static char simple_op(int op)
{
    switch (op) {
    case LL_RV_ADD: case LL_RV_ADDI: return '+';
    case LL_RV_SUB: return '-';
    case LL_RV_XOR: case LL_RV_XORI: return '^';
    case LL_RV_OR: case LL_RV_ORI: return '|';
    case LL_RV_AND: case LL_RV_ANDI: return '&';
    }
    return 0;
}

/* herd7 7.58 computes the W forms it reads as their 64-bit operations,
 * with no cut to 32 bits nor sign extension (addw of 0x7fffffff and 5
 * is 2147483652, sllw of 5 by 33 is 5<<33; the CPU: -2147483644, 10);
 * it refuses the others (srlw, sraw, srliw, sraiw) when a run reaches
 * them. doc/fidelity.md */
static int herd_op(int op)
{
    switch (op) {
    case LL_RV_ADDW: return LL_RV_ADD;
    case LL_RV_ADDIW: return LL_RV_ADDI;
    case LL_RV_SUBW: return LL_RV_SUB;
    case LL_RV_SLLW: return LL_RV_SLL;
    case LL_RV_SLLIW: return LL_RV_SLLI;
    }
    return op;
}

/* a op b; false when undefined (sem_herd_arith on addresses). */
static bool compute(sem_run *r, int op, sem_val a, sem_val b, sem_val *out)
{
    op = herd_op(op);
    char c = simple_op(op);
    if (op == LL_RV_SLT || op == LL_RV_SLTI)
        c = '<';
    if (c)
        return sem_herd_arith(r, c, a, b, out);
    if (sem_is_unsolved(a) || sem_is_unsolved(b)) {
        *out = sem_unsolved();
        return true;
    }
    if (a.sym >= 0 || b.sym >= 0)
        return false;
    out->sym = -1;
    return int_op(op, a.num, b.num, &out->num);
}

/* herd7's name of operation op, for the message of one it refuses. */
static const char *op_name(int op)
{
    switch (herd_op(op)) {
    case LL_RV_SLL: case LL_RV_SLLI: return "<<<";
    case LL_RV_SRLI: return ">>>";
    case LL_RV_SLT: case LL_RV_SLTI: return "<";
    }
    static const char *const names[] = {"+", "-", "^", "|", "&"};
    const char *c = strchr("+-^|&", simple_op(herd_op(op)));
    return c && *c ? names[c - "+-^|&"] : "?";
}

static bool is_zero(sem_reg a)
{
    return !a.t && a.v.sym < 0 && a.v.num == 0;
}

/* The reads the result of `a op b` is made of for herd7 (sem_run.vsrc),
 * into *vs, and whether it is an operation's result on them, not a copy
 * of one (sem_run.vop), measured on herd7 7.58 with a cycle of copies
 * through the instruction: x ^ x is the constant 0, x + 0, x | 0, x ^ 0
 * and x - 0 are copies of x (add with x0 too), x - x and any other
 * operation on a read are operations, which use it (sem_run.used). */
static bool made_of(sem_run *r, const ll_instr *in, bool imm, sem_reg a,
                    sem_reg b, sem_taint *vs)
{
    int op = herd_op(in->op);
    const ll_operand *oa = &in->ops[1], *ob = &in->ops[2];
    sem_taint va = rv_vsrc(r, oa), vb = imm ? 0 : rv_vsrc(r, ob);
    bool neutral = op == LL_RV_ADD || op == LL_RV_ADDI || op == LL_RV_OR ||
                   op == LL_RV_ORI || op == LL_RV_XOR || op == LL_RV_XORI;
    if (op == LL_RV_XOR && !imm && rv_slot(r, oa) >= 0 &&
        rv_slot(r, oa) == rv_slot(r, ob)) {
        *vs = 0;
        return false;
    }
    if ((neutral || op == LL_RV_SUB) && is_zero(b)) {
        *vs = va;
        return rv_vop(r, oa);
    }
    if (neutral && !imm && is_zero(a)) {
        *vs = vb;
        return rv_vop(r, ob);
    }
    *vs = va | vb;
    r->used |= *vs;
    return *vs != 0;
}

static sem_next arith(sem_run *r, const ll_instr *in, bool imm)
{
    sem_reg a = rv_get(r, &in->ops[1]), b = {sem_int(in->ops[2].imm), 0};
    if (!imm)
        b = rv_get(r, &in->ops[2]);
    sem_val v;
    /* one herd7 refuses: the run goes on with its unsolved value, and
       the test is refused if the model accepts a candidate of it */
    if (!compute(r, in->op, a.v, b.v, &v) &&
        rv_illegal(r, op_name(in->op), a.v, b.v, a.t | b.t, &v) != SEM_NEXT)
        return SEM_DEAD;
    sem_taint vs;
    bool op = made_of(r, in, imm, a, b, &vs);
    rv_set_made(r, &in->ops[0], v, a.t | b.t, vs, op);
    return SEM_NEXT;
}

/* sext.w (herd7 7.58 reads no other extension: riscv_forms.c),
 * undefined on an address ("Illegal operation sxt32 on x"). */
static sem_next sign_extend_word(sem_run *r, const ll_instr *in)
{
    sem_reg a = rv_get(r, &in->ops[1]);
    sem_val v = a.v;
    if (a.v.sym >= 0 &&
        rv_illegal(r, "sxt32", a.v, sem_int(32), a.t, &v) != SEM_NEXT)
        return SEM_DEAD;
    sem_taint vs = rv_vsrc(r, &in->ops[1]);
    r->used |= vs;  /* not measured: taken as an operation */
    rv_set_made(r, &in->ops[0], rv_extend_val(v, 4, true), a.t, vs,
                vs != 0);
    return SEM_NEXT;
}

sem_next rv_exec_alu(sem_run *r, const ll_instr *in)
{
    switch (in->op) {
    case LL_RV_ADDI: case LL_RV_XORI: case LL_RV_ORI: case LL_RV_ANDI:
    case LL_RV_SLTI: case LL_RV_SLLI: case LL_RV_SRLI: case LL_RV_ADDIW:
    case LL_RV_SLLIW:
        return arith(r, in, true);
    case LL_RV_ADD: case LL_RV_SUB: case LL_RV_XOR: case LL_RV_OR:
    case LL_RV_AND: case LL_RV_SLL: case LL_RV_SLT: case LL_RV_ADDW:
    case LL_RV_SUBW: case LL_RV_SLLW:
        return arith(r, in, false);
    case LL_RV_SEXT_W:
        return sign_extend_word(r, in);
    case LL_RV_LI:
        rv_set(r, &in->ops[0], sem_int(in->ops[1].imm), 0);
        return SEM_NEXT;
    case LL_RV_LUI:
        /* herd7 7.58 does not sign-extend: lui of 0x80000 is 2^31 */
        rv_set(r, &in->ops[0],
               sem_int((int64_t)((uint64_t)in->ops[1].imm << 12)), 0);
        return SEM_NEXT;
    case LL_RV_LA:
        /* herd7 7.58 reads la of a code label of the thread, which it
           holds as label:"P0:L0" (la of another name is refused before
           any run: sem_riscv_check_in) */
        rv_set(r, &in->ops[0], sem_code_label(r, in->ops[1].sym), 0);
        return SEM_NEXT;
    case LL_RV_MV: {
        sem_reg v = rv_get(r, &in->ops[1]);
        rv_set_made(r, &in->ops[0], v.v, v.t, rv_vsrc(r, &in->ops[1]),
                    rv_vop(r, &in->ops[1]));
        return SEM_NEXT;
    }
    case LL_RV_NOP:
        return SEM_NEXT;
    }
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}
