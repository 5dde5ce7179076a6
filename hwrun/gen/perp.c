/* perp.c — what perpetual mode (hwrun/harness/hr_perp.h) needs from the
 * code generator: whether a test can run that way, and if so each
 * store's code (its value becomes k*S + code in iteration k), the loads
 * each thread records, and the table the harness's analysis reads. The
 * engine (gen.c) writes the looping thread functions with the store
 * constants replaced by operands (hw_gen_perp_imm). An architecture
 * takes part through its generator's perp_access, which says what each
 * instruction is. On a load/store architecture a store takes its value
 * from a register and an access its address from one: the plan follows
 * each stored register back to the move of a constant or the init entry
 * (`0:x5=1`) giving it its constant,
 * and each address register to the init entry giving it a location
 * (`0:X1=x`, the thread never writing it); the looping function then
 * stores k*S + code from an operand of its own in place of the register.
 * A test that cannot run perpetually
 * gets the reason, printed by the harness when it falls back to the
 * classic mode. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "hwrun/gen/gen.h"

/* GCC takes 30 asm operands (gen.c): the stores' values come on top of
 * a thread's registers and locations. */
#define HW_PERP_MAX_STORES 8
#define HW_PERP_MAX_STORES_TEXT "8"

struct hw_perp_plan {
    int n_threads;
    int n_codes;             /* codes 1..n_codes; S = n_codes + 1 */
    int *code_thread;        /* [S] */
    int64_t *code_value;     /* [S] */
    int **stmt_code;         /* [thread][stmt]: the store's code, or 0 */
    int *n_rec;              /* [thread] */
    int *out_thread, *out_slot;
    int64_t *out_fixed;
    int n_outs;
};

static int loc_size(const ll_test *t, const char *name, int64_t *init,
                    bool *plain)
{
    ll_ctype ty;
    *init = 0;
    *plain = true;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->loc.proc >= 0 || strcmp(in->loc.name, name))
            continue;
        if (in->array_len || in->pointer || (in->has_value &&
                                             in->value.is_sym))
            *plain = false;
        if (in->has_value && !in->value.is_sym)
            *init = in->value.num;
        if (!ll_ctype_of(in->type, in->pointer, &ty))
            return 0;
        return ty.size;
    }
    ll_ctype_of(NULL, false, &ty);
    return ty.size;
}

static bool refuse(ll_buf *why, const char *fmt, const char *a,
                   const char *b)
{
    ll_buf_printf(why, fmt, a, b);
    return false;
}

hw_perp_kind hw_perp_classify(const hw_gen_ops *ops, const ll_instr *in,
                              hw_perp_access *a)
{
    *a = (hw_perp_access){.base = -1, .reg = -1, .src = -1, .mod = ""};
    return ops->perp_access ? ops->perp_access(in, a) : HW_PERP_NONE;
}

static const char *thread_name(const ll_thread *th, char *buf, size_t n)
{
    snprintf(buf, n, "P%d", th->proc);
    return buf;
}

/* The location an access names: its own, or the one the init block puts
 * in its address register (the thread never writing that register:
 * written[family]); NULL + why when there is none. */
static const char *access_loc(hw_gen *g, const ll_thread *th,
                              const hw_perp_access *acc, const bool *written,
                              ll_buf *why)
{
    const hw_gen_ops *ops = hw_gen_get_ops(g);
    const ll_arch_ops *arch = hw_gen_test(g)->arch;
    char buf[16];
    if (acc->loc)
        return acc->loc;
    int fam = acc->base >= 0 ? ops->reg_family(acc->base) : -1;
    const ll_init *in = fam >= 0 ? hw_gen_reg_init(g, th->proc, fam) : NULL;
    if (fam >= 0 && fam < 64 && written[fam])
        refuse(why, "%s writes %s, an address register", thread_name(th, buf,
               sizeof buf), arch->reg_name(acc->base));
    else if (!in || !in->value.is_sym || strchr(in->value.sym, '['))
        refuse(why, "%s:%s holds no location of the init block (an "
               "address must be a location's, unchanged)",
               (snprintf(buf, sizeof buf, "%d", th->proc), buf),
               acc->base >= 0 ? arch->reg_name(acc->base) : "?");
    else
        return in->value.sym;
    return NULL;
}

/* The constant a store from register acc->reg writes: the last move to
 * it before statement s, else the init block's value (0 when none).
 * false + why when it is a loaded value or an address. */
static bool stored_value(hw_gen *g, const ll_thread *th, int s,
                         const hw_perp_access *acc, int64_t *v, ll_buf *why)
{
    const hw_gen_ops *ops = hw_gen_get_ops(g);
    const ll_arch_ops *arch = hw_gen_test(g)->arch;
    char buf[16];
    int fam = ops->reg_family(acc->reg);
    *v = 0;
    if (fam < 0)   /* the zero register */
        return (ops->is_zero_reg && ops->is_zero_reg(acc->reg)) ||
               refuse(why, "%s stores %s, which is no register of the "
                      "test", thread_name(th, buf, sizeof buf),
                      arch->reg_name(acc->reg));
    while (--s >= 0) {
        hw_perp_access w;
        hw_perp_kind k = th->stmts[s].has_instr
                             ? hw_perp_classify(ops, &th->stmts[s].instr, &w)
                             : HW_PERP_FENCE;
        if ((k != HW_PERP_LOAD && k != HW_PERP_MOVE) || w.reg < 0 ||
            ops->reg_family(w.reg) != fam)
            continue;
        if (k == HW_PERP_LOAD)
            return refuse(why, "%s stores the value it loaded into %s (a "
                          "dependency: it would not name an iteration)",
                          thread_name(th, buf, sizeof buf),
                          arch->reg_name(acc->reg));
        *v = w.imm;
        return true;
    }
    const ll_init *in = hw_gen_reg_init(g, th->proc, fam);
    if (in && in->value.is_sym)
        return refuse(why, "%s stores an address (%s)", thread_name(th, buf,
                      sizeof buf), arch->reg_name(acc->reg));
    if (in)
        *v = in->value.num;
    return true;
}

/* Checks every statement; fills the codes and records. */
static bool scan(hw_gen *g, hw_perp_plan *p, ll_buf *why)
{
    const ll_test *t = hw_gen_test(g);
    int n_locs = hw_gen_n_locs(g);
    int *writers = ll_xcalloc((size_t)n_locs + 1, sizeof *writers);  /* bits */
    int64_t *last = ll_xcalloc((size_t)n_locs + 1, sizeof *last);
    int *width = ll_xcalloc((size_t)n_locs + 1, sizeof *width);
    bool ok = true;
    char buf[64];
    const hw_gen_ops *ops = hw_gen_get_ops(g);
    if (!ops->perp_access)
        ok = refuse(why, "the %s code generator has no perpetual mode "
                    "yet%s", ops->name, "");
    if (ok && t->filter)
        ok = refuse(why, "the test has a filter%s%s", "", "");
    if (ok && t->n_threads > 30)
        ok = refuse(why, "more than 30 threads%s%s", "", "");
    for (int k = 0; ok && k < t->n_threads; k++) {
        const ll_thread *th = &t->threads[k];
        int stores = 0;
        bool written[64] = {0};   /* register families a load or move sets */
        for (int s = 0; s < th->n_stmts; s++) {
            hw_perp_access acc;
            hw_perp_kind a = th->stmts[s].has_instr
                ? hw_perp_classify(ops, &th->stmts[s].instr, &acc)
                : HW_PERP_FENCE;
            int fam = (a == HW_PERP_LOAD || a == HW_PERP_MOVE) && acc.reg >= 0
                          ? ops->reg_family(acc.reg) : -1;
            if (fam >= 0 && fam < 64)
                written[fam] = true;
        }
        for (int s = 0; ok && s < th->n_stmts; s++) {
            const ll_stmt *st = &th->stmts[s];
            if (st->label) {
                ok = refuse(why, "P%s has a label: branches may take a "
                            "different path in each iteration%s",
                            (snprintf(buf, sizeof buf, "%d", th->proc), buf),
                            "");
                break;
            }
            if (!st->has_instr)
                continue;
            hw_perp_access acc;
            hw_perp_kind a = hw_perp_classify(ops, &st->instr, &acc);
            if (a == HW_PERP_NONE) {
                ll_buf name = {0};
                t->arch->print_instr(&st->instr, &name);
                ll_buf_printf(why, "'%s' (P%d) is not a plain load, store "
                              "of a constant or fence", ll_buf_str(&name),
                              th->proc);
                ll_buf_free(&name);
                ok = false;
                break;
            }
            if (a == HW_PERP_FENCE || a == HW_PERP_MOVE)
                continue;
            const char *loc = access_loc(g, th, &acc, written, why);
            if (!loc || (a == HW_PERP_STORE && acc.src >= 0 &&
                         !stored_value(g, th, s, &acc, &acc.imm, why))) {
                ok = false;
                break;
            }
            int l = hw_gen_loc_index(g, loc);
            int w = acc.width;
            if (l < 0) {
                ok = refuse(why, "unknown location %s%s", loc, "");
                break;
            }
            if (w < 4 || (width[l] && width[l] != w)) {
                ok = refuse(why, "%s is accessed %s (perpetual values need "
                            "32 or 64 bits, one width a location)", loc,
                            w < 4 ? "with fewer than 32 bits"
                                  : "with two widths");
                break;
            }
            width[l] = w;
            if (a == HW_PERP_STORE && ++stores > HW_PERP_MAX_STORES) {
                ok = refuse(why, "P%s stores more than %s times (each "
                            "store's value takes an asm operand)",
                            (snprintf(buf, sizeof buf, "%d", th->proc), buf),
                            HW_PERP_MAX_STORES_TEXT);
                break;
            }
            if (a == HW_PERP_STORE) {
                writers[l] |= 1 << k;
                last[l] = acc.imm;
                p->n_codes++;
                p->code_thread = ll_xrealloc(p->code_thread, (size_t)(p->n_codes + 1)
                                         * sizeof *p->code_thread);
                p->code_value = ll_xrealloc(p->code_value, (size_t)(p->n_codes + 1)
                                        * sizeof *p->code_value);
                p->code_thread[p->n_codes] = k;
                p->code_value[p->n_codes] = acc.imm;
                p->stmt_code[k][s] = p->n_codes;
            }
        }
    }
    for (int l = 0; ok && l < n_locs; l++) {
        int64_t init;
        bool plain;
        int size = loc_size(t, hw_gen_loc_name(g, l), &init, &plain);
        if (width[l] && (!plain || init != 0 || size < 4))
            ok = refuse(why, "%s is no plain location starting at 0 with "
                        "32 or 64 bits%s",
                        hw_gen_loc_name(g, l), "");
        else if (writers[l] & (writers[l] - 1))
            ok = refuse(why, "several threads write %s: which of their "
                        "writes came first cannot be told from the "
                        "values%s", hw_gen_loc_name(g, l), "");
    }
    /* the final values: each register set by one load, memory written by
       one thread at most (its last store is the final value) */
    p->n_outs = hw_gen_n_outs(g);
    p->out_thread = ll_xcalloc((size_t)p->n_outs + 1, sizeof *p->out_thread);
    p->out_slot = ll_xcalloc((size_t)p->n_outs + 1, sizeof *p->out_slot);
    p->out_fixed = ll_xcalloc((size_t)p->n_outs + 1, sizeof *p->out_fixed);
    for (int o = 0; ok && o < p->n_outs; o++) {
        int k;
        const ll_loc *l = hw_gen_out(g, o, &k);
        p->out_thread[o] = -1;
        if (k < 0) {
            int li = hw_gen_loc_index(g, l->name);
            int64_t init;
            bool plain;
            loc_size(t, l->name, &init, &plain);
            p->out_fixed[o] = writers[li] ? last[li] : init;
            continue;
        }
        const ll_thread *th = &t->threads[k];
        int loads = 0, other = 0;
        bool last_load = false;   /* the register's last writer: a load */
        const char *from = NULL;
        for (int s = 0; s < th->n_stmts; s++) {
            hw_perp_access acc;
            hw_perp_kind a = th->stmts[s].has_instr
                ? hw_perp_classify(ops, &th->stmts[s].instr, &acc)
                : HW_PERP_FENCE;
            if ((a != HW_PERP_LOAD && a != HW_PERP_MOVE) || l->reg < 0 ||
                acc.reg < 0 || ops->reg_family(l->reg) < 0 ||
                ops->reg_family(acc.reg) != ops->reg_family(l->reg))
                continue;
            last_load = a == HW_PERP_LOAD;
            if (!last_load)
                continue;
            loads++;
            /* scan() checked the address register of a load without loc */
            from = acc.loc ? acc.loc
                           : hw_gen_reg_init(g, th->proc,
                                             ops->reg_family(acc.base))
                                 ->value.sym;
            other += ops->reg_width(acc.reg) < 4;
        }
        if (loads != 1 || other || !last_load || l->reg < 0 ||
            ops->reg_width(l->reg) < 4) {
            ok = refuse(why, "register %s is not set by exactly one load "
                        "of 32 or 64 bits%s", l->name, "");
            break;
        }
        p->out_thread[o] = k;
        p->out_slot[o] = p->n_rec[k]++;
        int64_t init;
        bool plain;
        loc_size(t, from, &init, &plain);
        p->out_fixed[o] = init;
    }
    free(writers);
    free(last);
    free(width);
    return ok;
}

void hw_perp_plan_free(hw_perp_plan *p)
{
    if (!p)
        return;
    for (int k = 0; k < p->n_threads; k++)
        free(p->stmt_code[k]);
    free(p->stmt_code);
    free(p->code_thread);
    free(p->code_value);
    free(p->n_rec);
    free(p->out_thread);
    free(p->out_slot);
    free(p->out_fixed);
    free(p);
}

hw_perp_plan *hw_perp_plan_new(hw_gen *g, ll_buf *why)
{
    const ll_test *t = hw_gen_test(g);
    hw_perp_plan *p = ll_xcalloc(1, sizeof *p);
    p->n_threads = t->n_threads;
    p->stmt_code = ll_xcalloc((size_t)t->n_threads, sizeof *p->stmt_code);
    p->n_rec = ll_xcalloc((size_t)t->n_threads, sizeof *p->n_rec);
    for (int k = 0; k < t->n_threads; k++)
        p->stmt_code[k] = ll_xcalloc((size_t)t->threads[k].n_stmts + 1,
                                 sizeof **p->stmt_code);
    p->code_thread = ll_xcalloc(1, sizeof *p->code_thread);
    p->code_value = ll_xcalloc(1, sizeof *p->code_value);
    if (!t->arch || !scan(g, p, why)) {
        if (!why->len)
            ll_buf_puts(why, "not an assembly test");
        hw_perp_plan_free(p);
        return NULL;
    }
    return p;
}

int hw_perp_code(const hw_perp_plan *p, int thread, int stmt)
{
    return p->stmt_code[thread][stmt];
}

int hw_perp_n_rec(const hw_perp_plan *p, int thread)
{
    return p->n_rec[thread];
}

int hw_perp_stride(const hw_perp_plan *p)
{
    return p->n_codes + 1;
}

int hw_perp_slot(const hw_perp_plan *p, int out)
{
    return p->out_thread[out] >= 0 ? p->out_slot[out] : -1;
}

static void put_ints(ll_buf *c, const char *type, const char *name,
                     const int *v, int n)
{
    ll_buf_printf(c, "static const %s %s[] = {", type, name);
    for (int i = 0; i < n; i++)
        ll_buf_printf(c, "%s%d", i ? ", " : "", v[i]);
    ll_buf_puts(c, n ? "};\n" : "0};\n");
}

static void put_int64s(ll_buf *c, const char *name, const int64_t *v, int n)
{
    ll_buf_printf(c, "static const int64_t %s[] = {", name);
    for (int i = 0; i < n; i++) {
        ll_buf_puts(c, i ? ", " : "");
        hw_gen_put_int64(c, v[i]);
    }
    ll_buf_puts(c, n ? "};\n" : "0};\n");
}

void hw_perp_write_table(const hw_perp_plan *p, ll_buf *c)
{
    int S = p->n_codes + 1;
    p->code_thread[0] = -1;
    p->code_value[0] = 0;
    put_ints(c, "int", "perp_code_thread", p->code_thread, S);
    put_int64s(c, "perp_code_value", p->code_value, S);
    put_ints(c, "int", "perp_n_rec", p->n_rec, p->n_threads);
    put_ints(c, "int", "perp_out_thread", p->out_thread, p->n_outs);
    put_ints(c, "int", "perp_out_slot", p->out_slot, p->n_outs);
    put_int64s(c, "perp_out_fixed", p->out_fixed, p->n_outs);
    ll_buf_puts(c, "static const hr_perp_code perp_code[] = {");
    for (int k = 0; k < p->n_threads; k++)
        ll_buf_printf(c, "%sPP%d", k ? ", " : "", k);
    ll_buf_printf(c, "};\n\nstatic const hr_perp perp = {\n    {%d, %d, %d, "
                  "perp_code_thread, perp_code_value, perp_n_rec,\n"
                  "     perp_out_thread, perp_out_slot, perp_out_fixed},\n"
                  "    perp_code};\n\n", p->n_threads, p->n_outs, S);
}
