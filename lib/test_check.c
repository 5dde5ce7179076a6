/* test_check.c — what a test says that cannot be what its author meant,
 * seen from the tree alone (no stage's semantics, no architecture's):
 * - a memory operand none of whose registers (base, index) is set: no
 *   instruction of its thread names one as a register and the init block
 *   gives none a value, so the access is to address 0 (an error, said
 *   with the register and the fix; an unset index beside a set base is
 *   0, as in herd7): of any instruction (hwrun), or of the one a run of
 *   the model refused at (herd7 answers a test that jumps over it);
 * - a condition on a register of that kind, or on a location that the
 *   init block does not declare and no instruction accesses: it stays 0,
 *   and the result is a plausible but empty `Never` (a warning). */
#include <string.h>
#include <strings.h>

#include "litmuslab/arch.h"
#include "litmuslab/test.h"

/* The whole register reg is part of (X5 for W5, rax for eax). */
static int canon(const ll_arch_ops *arch, int reg)
{
    return reg >= 0 && arch->reg_canon ? arch->reg_canon(reg) : reg;
}

static bool same_reg(const ll_arch_ops *arch, const ll_loc *a, int reg,
                     const char *name)
{
    if (a->reg >= 0 && reg >= 0)
        return canon(arch, a->reg) == canon(arch, reg);
    return a->name && name && !strcasecmp(a->name, name);
}

static const ll_thread *thread_of(const ll_test *t, int proc)
{
    for (int k = 0; k < t->n_threads; k++)
        if (t->threads[k].proc == proc)
            return &t->threads[k];
    return NULL;
}

/* The init block gives proc's register a value. */
static bool init_sets(const ll_test *t, int proc, int reg, const char *name)
{
    for (int i = 0; i < t->n_init; i++)
        if (t->init[i].loc.proc == proc && t->init[i].has_value &&
            same_reg(t->arch, &t->init[i].loc, reg, name))
            return true;
    return false;
}

/* Some instruction of th names the register as a register operand (so
 * may write it). */
static bool code_names(const ll_test *t, const ll_thread *th, int reg)
{
    int want = canon(t->arch, reg);
    for (int s = 0; th && s < th->n_stmts; s++) {
        const ll_instr *in = &th->stmts[s].instr;
        for (int i = 0; th->stmts[s].has_instr && i < in->n_ops; i++)
            if (in->ops[i].kind == LL_OPND_REG &&
                canon(t->arch, in->ops[i].reg) == want)
                return true;
    }
    return false;
}

/* st of th accesses memory through registers none of which is set:
 * false + *d at st. */
static bool check_stmt(const ll_test *t, const ll_thread *th,
                       const ll_stmt *st, ll_diag *d)
{
    if (!st->has_instr ||
        (t->arch->no_access && t->arch->no_access(&st->instr)))
        return true;
    for (int i = 0; i < st->instr.n_ops; i++) {
        const ll_operand *op = &st->instr.ops[i];
        if (op->kind != LL_OPND_MEM || op->sym)
            continue;
        /* the access is to 0 only when no register of the operand is
         * set: an unset index (or XZR) adds 0 to a base that holds a
         * location, as herd7 reads `[X1,X18]` or `[X1,XZR]` */
        int regs[2] = {op->reg, op->index};
        const char *unset = NULL;
        bool some_set = false;
        for (int r = 0; r < 2; r++) {
            const char *name = regs[r] >= 0
                ? t->arch->reg_name(regs[r]) : NULL;
            if (!name)
                continue;
            if (code_names(t, th, regs[r]) ||
                init_sets(t, th->proc, regs[r], name))
                some_set = true;
            else if (!unset)
                unset = name;
        }
        if (unset && !some_set) {
            ll_diag_set(d, st->pos.line, st->pos.col,
                        "%d:%s is used as an address but nothing sets it "
                        "(the access would be to 0); give it a location "
                        "in the init block, as `%d:%s=x;`", th->proc,
                        unset, th->proc, unset);
            return false;
        }
    }
    return true;
}

bool ll_test_check_addresses(const ll_test *t, ll_diag *d)
{
    for (int k = 0; t->arch && k < t->n_threads; k++)
        for (int s = 0; s < t->threads[k].n_stmts; s++)
            if (!check_stmt(t, &t->threads[k], &t->threads[k].stmts[s], d))
                return false;
    return true;
}

bool ll_test_unset_address(const ll_test *t, int line, int col, ll_diag *d)
{
    for (int k = 0; t->arch && k < t->n_threads; k++)
        for (int s = 0; s < t->threads[k].n_stmts; s++) {
            const ll_stmt *st = &t->threads[k].stmts[s];
            if (st->pos.line == line && st->pos.col == col)
                return !check_stmt(t, &t->threads[k], st, d);
        }
    return false;
}

/* The test declares or accesses location name. */
static bool location_known(const ll_test *t, const char *name)
{
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if ((in->loc.proc < 0 && in->loc.name &&
             !strcmp(in->loc.name, name)) ||
            (in->has_value && in->value.is_sym && in->value.sym &&
             !strcmp(in->value.sym, name)))
            return true;
    }
    for (int k = 0; k < t->n_threads; k++) {
        const ll_thread *th = &t->threads[k];
        for (int s = 0; s < th->n_stmts; s++)
            for (int i = 0; th->stmts[s].has_instr &&
                            i < th->stmts[s].instr.n_ops; i++) {
                const char *sym = th->stmts[s].instr.ops[i].sym;
                if (sym && !strcmp(sym, name))
                    return true;
            }
    }
    return false;
}

static void warn_prop(const ll_test *t, const ll_prop *p, ll_buf *out)
{
    if (!p)
        return;
    if (p->kind != LL_PROP_ATOM) {
        warn_prop(t, p->lhs, out);
        warn_prop(t, p->rhs, out);
        return;
    }
    const ll_loc *l = &p->loc;
    if (!l->name)
        return;
    if (l->proc >= 0) {
        const ll_thread *th = thread_of(t, l->proc);
        if (!th || l->reg < 0 || code_names(t, th, l->reg) ||
            init_sets(t, l->proc, l->reg, l->name))
            return;
        ll_buf_printf(out, "%s:%d:%d: warning: %d:%s is never written: no "
                      "instruction of thread %d names it and the init "
                      "block does not set it, so it stays 0\n", t->file,
                      p->pos.line, p->pos.col, l->proc, l->name, l->proc);
    } else if (!location_known(t, l->name)) {
        ll_buf_printf(out, "%s:%d:%d: warning: %s is not a location of the "
                      "test: the init block does not declare it and no "
                      "instruction accesses it, so it stays 0\n", t->file,
                      p->pos.line, p->pos.col, l->name);
    }
}

void ll_test_warnings(const ll_test *t, ll_buf *out)
{
    if (t->arch)
        warn_prop(t, t->cond.prop, out);
}
