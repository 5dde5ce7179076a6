/* sem.c — what every architecture's semantics shares: the table of ops
 * tables, indexed by architecture id, arithmetic on values that may
 * be addresses, and the reservation of a load-reserve. */
#include "model/sem/sem.h"

#include <string.h>

#include <stddef.h>

/* The model's table, indexed by architecture id: each architecture's
 * sem_<file>_ops (model/sem/<file>.c), one per line of the list
 * (include/litmuslab/arch/list.h). */
#define LL_ARCH(id, file) extern const sem_ops sem_##file##_ops;
#include "litmuslab/arch/list.h"
#undef LL_ARCH

static const sem_ops *const sem_registry[LL_ARCH_COUNT] = {
#define LL_ARCH(id, file) [LL_ARCH_##id] = &sem_##file##_ops,
#include "litmuslab/arch/list.h"
#undef LL_ARCH
};

const sem_ops *sem_find(ll_arch_id arch)
{
    return (unsigned)arch < LL_ARCH_COUNT ? sem_registry[arch] : NULL;
}

sem_reg sem_operand(sem_run *r, const ll_operand *o)
{
    sem_reg v = {sem_int(o->imm), 0};
    if (o->kind == LL_OPND_SYM) {
        v.v = sem_addr_of(r, o->sym);
        v.v.num = o->imm;
    } else if (o->kind == LL_OPND_REG) {
        v = sem_get(r, sem_op_slot(r, o));
    }
    return v;
}

void sem_reserve(sem_run *r, sem_reg a, int ev)
{
    r->reserved = true;
    r->res_addr = a.v;
    r->res_dep = a.t;
    r->res_event = ev;
}

bool sem_reservation_held(const sem_run *r, sem_val a)
{
    return r->reserved ? sem_val_eq(r->res_addr, a)
                       : a.sym < 0 && a.num == 0;
}

bool sem_val_eq(sem_val a, sem_val b)
{
    return a.sym == b.sym && a.num == b.num;
}

sem_val sem_extend(sem_val v, int bytes, bool sign)
{
    if (v.sym >= 0 || bytes <= 0 || bytes >= 8)
        return v;
    int bits = 8 * bytes;
    uint64_t u = (uint64_t)v.num & ((UINT64_C(1) << bits) - 1);
    if (sign && (u >> (bits - 1)))
        u |= ~UINT64_C(0) << bits;
    v.num = (int64_t)u;
    return v;
}

/* Integer arithmetic wraps as the machine's does (two's complement). */
static int64_t wrap(uint64_t v)
{
    return (int64_t)v;
}

static bool int_arith(char op, int64_t a, int64_t b, int64_t *out)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case '+': *out = wrap(ua + ub); return true;
    case '-': *out = wrap(ua - ub); return true;
    case '*': *out = wrap(ua * ub); return true;
    case '^': *out = a ^ b; return true;
    case '|': *out = a | b; return true;
    case '&': *out = a & b; return true;
    case '/':
        if (b == 0 || (a == INT64_MIN && b == -1))
            return false;
        *out = a / b;
        return true;
    }
    return false;
}

bool sem_arith(char op, sem_val a, sem_val b, sem_val *out)
{
    if (a.sym < 0 && b.sym < 0) {
        out->sym = -1;
        return int_arith(op, a.num, b.num, &out->num);
    }
    /* An address: offsets move it; the same address cancels out. */
    if (op == '+' && (a.sym < 0 || b.sym < 0)) {
        out->sym = a.sym < 0 ? b.sym : a.sym;
        out->num = wrap((uint64_t)a.num + (uint64_t)b.num);
        return true;
    }
    if (op == '-' && b.sym < 0) {
        out->sym = a.sym;
        out->num = wrap((uint64_t)a.num - (uint64_t)b.num);
        return true;
    }
    if (op == '-' && a.sym == b.sym) {
        *out = sem_int(wrap((uint64_t)a.num - (uint64_t)b.num));
        return true;
    }
    if (sem_val_eq(a, b) && (op == '^' || op == '|' || op == '&')) {
        *out = op == '^' ? sem_int(0) : a;
        return true;
    }
    return false;
}

sem_val sem_address_order(sem_run *r, sem_val a, sem_val b)
{
    int c = a.sym == b.sym ? 0
                           : strcmp(sem_sym_name(r, a.sym),
                                    sem_sym_name(r, b.sym));
    if (c == 0)
        c = a.num < b.num ? -1 : a.num > b.num;
    return sem_int(c < 0 ? -1 : c > 0);
}

bool sem_herd_arith(sem_run *r, char op, sem_val a, sem_val b, sem_val *out)
{
    if (sem_is_unsolved(a) || sem_is_unsolved(b)) {
        *out = sem_unsolved();      /* another equation herd7 leaves */
        return true;
    }
    bool zero_a = a.sym < 0 && a.num == 0, zero_b = b.sym < 0 && b.num == 0;
    if (a.sym < 0 && b.sym < 0) {
        if (op != '<')
            return sem_arith(op, a, b, out);
        *out = sem_int(a.num < b.num);
        return true;
    }
    switch (op) {
    case '+': case '^':
        return sem_arith(op, a, b, out);
    case '-':
        if (a.sym >= 0 && b.sym >= 0) {
            *out = sem_address_order(r, a, b);
            return true;
        }
        return sem_arith('-', a, b, out);
    case '|':
        if (!zero_a && !zero_b)
            return false;
        *out = zero_a ? b : a;
        return true;
    case '<':
        if (!zero_a && !zero_b)
            return false;
        *out = sem_int(zero_a);
        return true;
    }
    return false;
}

int sem_vars_read(sem_vars *out, int reg, int at)
{
    if (out->n_rd < SEM_MAX_RD_REGS) {
        out->rd_reg[out->n_rd] = reg;
        out->rd_at[out->n_rd++] = at + 1;
    }
    return 1;
}

bool sem_unread_form(const ll_arch_ops *arch, const ll_instr *in,
                     const char *what, ll_buf *why)
{
    ll_buf_puts(why, "herd7 7.58 does not read '");
    arch->print_instr(in, why);
    ll_buf_printf(why, "' (%s), so the model refuses the test; hwrun runs "
                       "it", what);
    return false;
}

bool sem_herd_ints(const ll_instr *in)
{
    const int64_t lim = INT64_C(1) << 62;
    for (int i = 0; i < in->n_ops; i++)
        if ((in->ops[i].kind == LL_OPND_IMM ||
             in->ops[i].kind == LL_OPND_MEM) &&
            (in->ops[i].imm >= lim || in->ops[i].imm < -lim))
            return false;
    return true;
}

bool sem_check_numbers(const ll_arch_ops *arch, const ll_instr *in,
                       unsigned flag, const char *spelling, ll_buf *why)
{
    const char *what = (in->flags & flag) ? spelling
                       : !sem_herd_ints(in) ? SEM_HERD_INT_WHY
                                            : NULL;
    return !what || sem_unread_form(arch, in, what, why);
}
