/* x86.c — x86 / x86-64 semantics for the model, after herd7's: mov loads
 * and stores, register arithmetic, flags for cmp and conditional jumps,
 * the fences, and the atomic read-modify-writes (xchg with memory, and
 * lock-prefixed add/sub/and/or/xor/inc/dec/neg/xadd/cmpxchg), whose read
 * and write are tagged X and paired in rmw. */
#include "model/sem/sem.h"

#include "litmuslab/arch/x86.h"

/* One slot per architectural register (the parts share it), then flags:
 * the last flag-setting result, as jumps compare it with 0. */
enum { SLOT_FLAGS = LL_X86_NBASE, N_SLOTS };

/* The sets x86 events carry: the three fences, and X for the accesses of
 * a locked instruction (and xchg), which drain the store buffer. */
enum { TAG_MFENCE, TAG_LFENCE, TAG_SFENCE, TAG_X };
static const char *const x86_tags[] = {"MFENCE", "LFENCE", "SFENCE", "X"};

static int x86_reg_slot(int reg)
{
    return reg >= 0 && reg < LL_X86_NREGS ? LL_X86_REG_BASE(reg) : -1;
}

static sem_val part_of(sem_val full, int reg)
{
    if (full.sym >= 0)
        return full;
    uint64_t u = (uint64_t)full.num;
    switch (LL_X86_REG_PART(reg)) {
    case LL_X86_P32: u &= 0xffffffffu; break;
    case LL_X86_P16: u &= 0xffffu; break;
    case LL_X86_P8: u &= 0xffu; break;
    case LL_X86_P8H: u = (u >> 8) & 0xffu; break;
    }
    return sem_int((int64_t)u);
}

static sem_val x86_reg_value(const sem_val *slots, int reg)
{
    return part_of(slots[LL_X86_REG_BASE(reg)], reg);
}

/* Writing a part: 32-bit writes zero-extend, narrower ones merge. */
static void write_reg(sem_run *r, int reg, sem_val v, sem_taint t)
{
    int slot = x86_reg_slot(reg);
    sem_reg old = sem_get(r, slot);
    int part = LL_X86_REG_PART(reg);
    if (part != LL_X86_P64 && v.sym < 0 && old.v.sym < 0) {
        uint64_t o = (uint64_t)old.v.num, n = (uint64_t)v.num;
        switch (part) {
        case LL_X86_P32: o = n & 0xffffffffu; break;
        case LL_X86_P16: o = (o & ~0xffffull) | (n & 0xffffu); break;
        case LL_X86_P8: o = (o & ~0xffull) | (n & 0xffu); break;
        case LL_X86_P8H: o = (o & ~0xff00ull) | ((n & 0xffu) << 8); break;
        }
        v = sem_int((int64_t)o);
        if (part != LL_X86_P32)
            t |= old.t;
    }
    sem_set(r, slot, v, t);
}

static sem_reg read_reg(sem_run *r, int reg)
{
    sem_reg s = sem_get(r, x86_reg_slot(reg));
    s.v = part_of(s.v, reg);
    return s;
}

static sem_next undefined(sem_run *r, sem_taint dep)
{
    if (dep)
        return SEM_DEAD;
    sem_error(r, "operation undefined on these values");
    return SEM_ERROR;
}

/* The address of a MEM operand: symbol + base + index*scale + disp. */
static bool address(sem_run *r, const ll_operand *m, sem_reg *out)
{
    sem_reg a = {sem_int(m->imm), 0};
    sem_val s;
    if (m->sym) {
        if (!sem_arith('+', a.v, sem_addr_of(r, m->sym), &s))
            return false;
        a.v = s;
    }
    if (m->reg >= 0) {
        sem_reg b = read_reg(r, m->reg);
        a.t |= b.t;
        if (!sem_arith('+', a.v, b.v, &s))
            return false;
        a.v = s;
    }
    if (m->index >= 0) {
        sem_reg x = read_reg(r, m->index);
        sem_val scaled;
        a.t |= x.t;
        if (!sem_arith('*', x.v, sem_int(m->shift ? m->shift : 1), &scaled) ||
            !sem_arith('+', a.v, scaled, &s))
            return false;
        a.v = s;
    }
    *out = a;
    return true;
}

/* A memory operand's address, reads of it and writes to it, with the
 * atomic pairing of a locked instruction. */
typedef struct mem_access {
    sem_reg addr;
    bool atomic;
    int read_ev;
} mem_access;

static sem_next mem_read(sem_run *r, const ll_operand *o, mem_access *m,
                         sem_reg *out)
{
    if (!address(r, o, &m->addr))
        return undefined(r, m->addr.t);
    *out = sem_load(r, m->addr.v, m->addr.t,
                    m->atomic ? 1u << TAG_X : 0, &m->read_ev);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

static sem_next mem_write(sem_run *r, const ll_operand *o, mem_access *m,
                          sem_reg v, bool addr_known)
{
    if (!addr_known && !address(r, o, &m->addr))
        return undefined(r, m->addr.t);
    sem_store(r, m->addr.v, m->addr.t, v.v, v.t,
              m->atomic ? 1u << TAG_X : 0, m->atomic ? m->read_ev : -1);
    return sem_stopped(r) ? SEM_ERROR : SEM_NEXT;
}

static sem_next read_operand(sem_run *r, const ll_operand *o, mem_access *m,
                             sem_reg *out)
{
    switch (o->kind) {
    case LL_OPND_IMM:
        out->v = sem_int(o->imm);
        out->t = 0;
        return SEM_NEXT;
    case LL_OPND_REG:
        *out = read_reg(r, o->reg);
        return SEM_NEXT;
    case LL_OPND_MEM:
        return mem_read(r, o, m, out);
    case LL_OPND_SYM:
        out->v = sem_addr_of(r, o->sym);
        out->t = 0;
        return SEM_NEXT;
    default:
        sem_error(r, "bad operand");
        return SEM_ERROR;
    }
}

static sem_next write_operand(sem_run *r, const ll_operand *o,
                              mem_access *m, sem_reg v, bool addr_known)
{
    if (o->kind == LL_OPND_REG) {
        write_reg(r, o->reg, v.v, v.t);
        return SEM_NEXT;
    }
    if (o->kind == LL_OPND_MEM)
        return mem_write(r, o, m, v, addr_known);
    sem_error(r, "bad destination operand");
    return SEM_ERROR;
}

static char arith_op(int op)
{
    switch (op) {
    case LL_X86_ADD: case LL_X86_INC: case LL_X86_XADD: return '+';
    case LL_X86_SUB: case LL_X86_DEC: case LL_X86_NEG: return '-';
    case LL_X86_AND: return '&';
    case LL_X86_OR: return '|';
    case LL_X86_XOR: return '^';
    }
    return 0;
}

static sem_next mov(sem_run *r, const ll_instr *in)
{
    mem_access m = {0};
    m.read_ev = -1;
    sem_reg v;
    sem_next n = read_operand(r, &in->ops[0], &m, &v);
    if (n != SEM_NEXT)
        return n;
    mem_access w = {0};
    w.read_ev = -1;
    return write_operand(r, &in->ops[1], &w, v, false);
}

/* dst op= src (or the one-operand forms); the flags get the result. */
static sem_next arith(sem_run *r, const ll_instr *in)
{
    bool unary = in->op == LL_X86_INC || in->op == LL_X86_DEC ||
                 in->op == LL_X86_NEG;
    const ll_operand *dst = &in->ops[unary ? 0 : 1];
    mem_access m = {0};
    m.read_ev = -1;
    m.atomic = (in->flags & LL_X86_F_LOCK) != 0;
    sem_reg src = {sem_int(1), 0}, d;
    sem_next n;
    if (!unary && (n = read_operand(r, &in->ops[0], &m, &src)) != SEM_NEXT)
        return n;
    if ((n = read_operand(r, dst, &m, &d)) != SEM_NEXT)
        return n;
    sem_val v;
    sem_val a = d.v, b = src.v;
    if (in->op == LL_X86_NEG) {
        a = sem_int(0);
        b = d.v;
    }
    if (!sem_arith(arith_op(in->op), a, b, &v))
        return undefined(r, d.t | src.t);
    sem_reg res = {v, d.t | src.t};
    sem_set(r, SLOT_FLAGS, v, res.t);
    return write_operand(r, dst, &m, res, true);
}

static sem_next compare(sem_run *r, const ll_instr *in)
{
    mem_access m = {0};
    m.read_ev = -1;
    sem_reg src, dst;
    sem_next n;
    if ((n = read_operand(r, &in->ops[0], &m, &src)) != SEM_NEXT ||
        (n = read_operand(r, &in->ops[1], &m, &dst)) != SEM_NEXT)
        return n;
    sem_val diff;
    if (!sem_arith('-', dst.v, src.v, &diff) || diff.sym >= 0)
        return undefined(r, dst.t | src.t);
    sem_set(r, SLOT_FLAGS, diff, dst.t | src.t);
    return SEM_NEXT;
}

/* xchg (atomic when a side is memory) and xadd. */
static sem_next exchange(sem_run *r, const ll_instr *in)
{
    const ll_operand *reg = &in->ops[0], *other = &in->ops[1];
    if (reg->kind != LL_OPND_REG) {
        const ll_operand *t = reg;
        reg = other;
        other = t;
    }
    mem_access m = {0};
    m.read_ev = -1;
    m.atomic = in->op == LL_X86_XCHG || (in->flags & LL_X86_F_LOCK);
    sem_reg rv = read_reg(r, reg->reg), ov;
    sem_next n = read_operand(r, other, &m, &ov);
    if (n != SEM_NEXT)
        return n;
    sem_reg nv = rv;
    if (in->op == LL_X86_XADD) {
        if (!sem_arith('+', ov.v, rv.v, &nv.v))
            return undefined(r, ov.t | rv.t);
        nv.t = ov.t | rv.t;
        sem_set(r, SLOT_FLAGS, nv.v, nv.t);
    }
    if ((n = write_operand(r, other, &m, nv, true)) != SEM_NEXT)
        return n;
    write_reg(r, reg->reg, ov.v, ov.t);
    return SEM_NEXT;
}

/* cmpxchg src, dst: if rax-part == dst then dst = src, else rax-part = dst;
 * only a successful one writes memory. */
static sem_next compare_exchange(sem_run *r, const ll_instr *in)
{
    const ll_operand *src = &in->ops[0], *dst = &in->ops[1];
    mem_access m = {0};
    m.read_ev = -1;
    m.atomic = (in->flags & LL_X86_F_LOCK) != 0;
    sem_reg d, s = read_reg(r, src->reg);
    int acc = LL_X86_REG(LL_X86_RAX, LL_X86_REG_PART(src->reg));
    sem_reg a = read_reg(r, acc);
    sem_next n = read_operand(r, dst, &m, &d);
    if (n != SEM_NEXT)
        return n;
    sem_val diff;
    if (!sem_arith('-', a.v, d.v, &diff) || diff.sym >= 0)
        return undefined(r, a.t | d.t);
    sem_set(r, SLOT_FLAGS, diff, a.t | d.t);
    if (diff.num == 0)
        return write_operand(r, dst, &m, s, true);
    write_reg(r, acc, d.v, d.t);
    return SEM_NEXT;
}

static sem_next jump(sem_run *r, const ll_instr *in, const char **label)
{
    *label = in->ops[0].sym;
    if (in->op == LL_X86_JMP)
        return SEM_JUMP;
    sem_reg f = sem_get(r, SLOT_FLAGS);
    int64_t v = f.v.num;
    bool taken = false;
    switch (in->op) {
    case LL_X86_JE: taken = v == 0; break;
    case LL_X86_JNE: taken = v != 0; break;
    case LL_X86_JL: case LL_X86_JS: taken = v < 0; break;
    case LL_X86_JGE: case LL_X86_JNS: taken = v >= 0; break;
    case LL_X86_JLE: taken = v <= 0; break;
    case LL_X86_JG: taken = v > 0; break;
    }
    sem_branch(r, f.t);
    return taken ? SEM_JUMP : SEM_NEXT;
}

static sem_next x86_exec(sem_run *r, const ll_instr *in, const char **label)
{
    switch (in->op) {
    case LL_X86_MOV:
        return mov(r, in);
    case LL_X86_ADD: case LL_X86_SUB: case LL_X86_AND: case LL_X86_OR:
    case LL_X86_XOR: case LL_X86_INC: case LL_X86_DEC: case LL_X86_NEG:
        return arith(r, in);
    case LL_X86_CMP:
        return compare(r, in);
    case LL_X86_XCHG: case LL_X86_XADD:
        return exchange(r, in);
    case LL_X86_CMPXCHG:
        return compare_exchange(r, in);
    case LL_X86_MFENCE:
        sem_fence(r, 1u << TAG_MFENCE);
        return SEM_NEXT;
    case LL_X86_LFENCE:
        sem_fence(r, 1u << TAG_LFENCE);
        return SEM_NEXT;
    case LL_X86_SFENCE:
        sem_fence(r, 1u << TAG_SFENCE);
        return SEM_NEXT;
    case LL_X86_JMP: case LL_X86_JE: case LL_X86_JNE: case LL_X86_JL:
    case LL_X86_JLE: case LL_X86_JG: case LL_X86_JGE: case LL_X86_JS:
    case LL_X86_JNS:
        return jump(r, in, label);
    }
    sem_error(r, "instruction not supported by the model");
    return SEM_ERROR;
}

const sem_ops sem_x86_ops = {
    .arch = LL_ARCH_X86,
    .default_model = "x86tso.cat",
    .tags = x86_tags,
    .n_tags = sizeof x86_tags / sizeof x86_tags[0],
    .n_regs = N_SLOTS,
    .reg_slot = x86_reg_slot,
    .reg_value = x86_reg_value,
    .exec = x86_exec,
};
