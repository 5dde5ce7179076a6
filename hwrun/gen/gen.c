/* gen.c — the architecture-neutral part of code generation: where each
 * location and final value lives, which C variable holds each register,
 * the thread functions around the asm blocks, the condition as C, and
 * the tables the harness reads (see hwrun/harness/harness.h). */
#include "hwrun/gen/gen.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/log.h"
#include "litmuslab/state.h"

#define HW_MAX_FAM 64

static const hw_gen_ops *const generators[] = {
    &hw_gen_x86, &hw_gen_ppc, &hw_gen_aarch64, &hw_gen_arm, &hw_gen_riscv,
};

typedef struct gen_thread {
    const ll_thread *th;
    uint64_t fam_used;              /* families with a C variable */
    const char *pin[HW_MAX_FAM];    /* fixed constraints, or NULL */
    bool *loc_used;                 /* locations the asm addresses */
    bool end_used;                  /* a jump to the block's end */
} gen_thread;

typedef struct gen_out {
    ll_loc loc;       /* not owned */
    int thread;       /* index into t->threads, or -1 for memory */
    int fam;          /* register family */
    int width;        /* bytes of the register part named (eax: 4) */
    int shift;        /* its lowest bit in the family (ah: 8) */
    ll_ctype type;    /* the register's type: what the part's bits show as */
    int loc_index;    /* memory: index into locs */
} gen_out;

struct hw_gen {
    const ll_test *t;
    const hw_gen_ops *ops;
    ll_diag *d;
    bool failed;
    bool is_c;                      /* a C test: gen/c.c writes threads */
    int n_locs;
    const char **locs;              /* sorted names, not owned */
    int n_outs;
    gen_out *outs;
    gen_thread *th;
    int cur;                        /* thread being written */
};

/* ---- helpers for the architecture ops ---- */

const ll_test *hw_gen_test(const hw_gen *g)
{
    return g->t;
}

const ll_thread *hw_gen_thread(const hw_gen *g)
{
    return &g->t->threads[g->cur];
}

bool hw_gen_put_operand(hw_gen *g, const ll_stmt *st, int i,
                        const hw_gen_syntax *sx, ll_buf *out)
{
    const ll_operand *op = &st->instr.ops[i];
    switch (op->kind) {
    case LL_OPND_REG:
        return sx->reg(g, st, op->reg, out);
    case LL_OPND_IMM:
        ll_buf_printf(out, "%s%lld", sx->imm_prefix, (long long)op->imm);
        return true;
    case LL_OPND_MEM:
        if (op->sym)
            return hw_gen_fail(g, st, "a location as an address is not "
                               "supported; use a register");
        return sx->address(g, st, op, out);
    case LL_OPND_LABEL:
        hw_gen_put_label(g, out, op->sym);
        return true;
    case LL_OPND_SYM:
        break;
    }
    return hw_gen_fail(g, st, "unsupported operand");
}

bool hw_gen_write_plain(hw_gen *g, const ll_stmt *st, ll_buf *out,
                        bool (*put)(hw_gen *g, const ll_stmt *st, int i,
                                    ll_buf *out))
{
    ll_instr mnem = st->instr;
    mnem.n_ops = 0;
    g->t->arch->print_instr(&mnem, out);
    for (int i = 0; i < st->instr.n_ops; i++) {
        ll_buf_puts(out, i ? "," : " ");
        if (!put(g, st, i, out))
            return false;
    }
    return true;
}

static const char *fam_name(const hw_gen *g, int fam)
{
    return g->ops->family_name ? g->ops->family_name(fam)
                               : g->t->arch->reg_name(fam);
}

static const char *reg_ctype(const hw_gen *g)
{
    return g->ops->reg_ctype ? g->ops->reg_ctype : "uint64_t";
}

static const char *reg_constraint(const hw_gen *g)
{
    return g->ops->reg_constraint ? g->ops->reg_constraint : "r";
}

bool hw_gen_fail(hw_gen *g, const ll_stmt *st, const char *fmt, ...)
{
    if (g->failed)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->d->msg, sizeof g->d->msg, fmt, ap);
    va_end(ap);
    g->d->line = st ? st->pos.line : 0;
    g->d->col = st ? st->pos.col : 0;
    g->failed = true;
    return false;
}

static int loc_index(const hw_gen *g, const char *name)
{
    for (int i = 0; i < g->n_locs; i++)
        if (!strcmp(g->locs[i], name))
            return i;
    return -1;
}

void hw_gen_put_reg(hw_gen *g, ll_buf *out, const char *mod, int fam)
{
    g->th[g->cur].fam_used |= 1ull << fam;
    ll_buf_printf(out, "%%%s[r_%s]", mod, fam_name(g, fam));
}

void hw_gen_put_loc(hw_gen *g, ll_buf *out, const char *sym)
{
    int i = loc_index(g, sym);
    if (i >= 0)
        g->th[g->cur].loc_used[i] = true;
    ll_buf_printf(out, "%%[m_%s]", sym);
}

void hw_gen_put_label(hw_gen *g, ll_buf *out, const char *label)
{
    (void)g;
    ll_buf_printf(out, ".Lll_%s_%%=", label);
}

void hw_gen_put_end(hw_gen *g, ll_buf *out)
{
    /* no test label can be spelt with a '.' */
    g->th[g->cur].end_used = true;
    ll_buf_puts(out, ".Lll.end%=");
}

void hw_gen_pin(hw_gen *g, int fam, const char *constraint)
{
    if (fam >= 0 && fam < HW_MAX_FAM) {
        const char *old = g->th[g->cur].pin[fam];
        /* one register ("a") is narrower than the class ("Q") of a-d */
        bool keep = old && strchr("abcd", old[0]) && !strcmp(constraint, "Q");
        if (!keep)
            g->th[g->cur].pin[fam] = constraint;
        g->th[g->cur].fam_used |= 1ull << fam;
    }
}

const hw_gen_ops *hw_gen_find(const ll_test *t)
{
    if (!t->arch)
        return NULL;
    for (size_t i = 0; i < sizeof generators / sizeof generators[0]; i++)
        if (generators[i]->arch == t->arch->id)
            return generators[i];
    return NULL;
}

/* ---- what the test names: locations, final values ---- */

static bool is_ident(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

int hw_gen_loc_index(const hw_gen *g, const char *name)
{
    return loc_index(g, name);
}

static bool add_loc(hw_gen *g, const char *name, ll_pos pos)
{
    if (loc_index(g, name) >= 0)
        return true;
    if (!is_ident(name)) {
        ll_stmt st = {.pos = pos};
        return hw_gen_fail(g, &st, "location name '%s' cannot be used by "
                           "hwrun", name);
    }
    g->locs = ll_xrealloc(g->locs, (size_t)(g->n_locs + 1) * sizeof *g->locs);
    g->locs[g->n_locs++] = name;
    return true;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void prop_locs(hw_gen *g, const ll_prop *p)
{
    if (!p)
        return;
    if (p->kind == LL_PROP_ATOM && p->loc.proc < 0)
        add_loc(g, p->loc.name, p->pos);
    prop_locs(g, p->lhs);
    prop_locs(g, p->rhs);
}

static bool collect_locs(hw_gen *g)
{
    const ll_test *t = g->t;
    ll_pos none = {0, 0};
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->array_len > 0 || in->loc.index >= 0) {
            ll_stmt st = {.pos = in->pos};
            return hw_gen_fail(g, &st, "arrays are not supported by hwrun");
        }
        if (in->loc.proc < 0)
            add_loc(g, in->loc.name, in->pos);
        if (in->has_value && in->value.is_sym)
            add_loc(g, in->value.sym, in->pos);
    }
    for (int k = 0; k < t->n_threads; k++)   /* a C test's shared ones */
        for (int i = 0; i < t->threads[k].n_params; i++)
            add_loc(g, t->threads[k].params[i].name, none);
    for (int k = 0; k < t->n_threads; k++)
        for (int s = 0; s < t->threads[k].n_stmts; s++) {
            const ll_stmt *st = &t->threads[k].stmts[s];
            for (int o = 0; st->has_instr && o < st->instr.n_ops; o++) {
                const ll_operand *op = &st->instr.ops[o];
                if ((op->kind == LL_OPND_MEM || op->kind == LL_OPND_SYM) &&
                    op->sym)
                    add_loc(g, op->sym, st->pos);
            }
        }
    prop_locs(g, t->cond.prop);
    for (int i = 0; i < t->n_locations; i++)
        if (t->locations[i].proc < 0)
            add_loc(g, t->locations[i].name, none);
    if (g->n_locs > 1)
        qsort(g->locs, (size_t)g->n_locs, sizeof *g->locs, by_name);
    return !g->failed;
}

static int thread_of(const ll_test *t, int proc)
{
    for (int k = 0; k < t->n_threads; k++)
        if (t->threads[k].proc == proc)
            return k;
    return -1;
}

static int reg_id(const hw_gen *g, const ll_loc *l)
{
    if (l->reg >= 0)
        return l->reg;
    return g->t->arch->reg_lookup ? g->t->arch->reg_lookup(l->name) : -1;
}

/* The type of thread proc's register family fam as the model reads it:
 * its last typed init entry (any part's name), else herd7's int. false
 * for a type name herd7 does not know. */
static bool reg_type(const hw_gen *g, int proc, int fam, ll_ctype *out,
                     const ll_init **bad)
{
    ll_ctype_of(NULL, false, out);
    for (int i = 0; i < g->t->n_init; i++) {
        const ll_init *in = &g->t->init[i];
        int reg = in->loc.proc == proc ? reg_id(g, &in->loc) : -1;
        if (reg < 0 || g->ops->reg_family(reg) != fam ||
            (!in->type && !in->pointer))
            continue;
        if (!ll_ctype_of(in->type, in->pointer, out)) {
            *bad = in;
            return false;
        }
    }
    return true;
}

static bool unsupported_type(hw_gen *g, const ll_init *in)
{
    ll_stmt st = {.pos = in->pos};
    return hw_gen_fail(g, &st, "unsupported type: %s", in->type);
}

static const ll_init *find_init(const ll_test *t, int proc, const char *name)
{
    for (int i = 0; i < t->n_init; i++)
        if (t->init[i].loc.proc == proc && !strcmp(t->init[i].loc.name, name))
            return &t->init[i];
    return NULL;
}

static bool add_out(hw_gen *g, const ll_loc *l, ll_pos pos)
{
    ll_stmt st = {.pos = pos};
    for (int i = 0; i < g->n_outs; i++)
        if (!ll_loc_cmp(&g->outs[i].loc, l))
            return true;
    if (l->index >= 0)
        return hw_gen_fail(g, &st, "arrays are not supported by hwrun");
    gen_out o = {.loc = *l, .thread = -1, .fam = -1, .loc_index = -1};
    if (l->proc >= 0 && thread_of(g->t, l->proc) < 0)
        return hw_gen_fail(g, &st, "register %d:%s of a thread the test "
                           "does not have", l->proc, l->name);
    if (l->proc >= 0)   /* a C test's: a local of the body (gen/c.c) */
        o.thread = thread_of(g->t, l->proc);
    if (l->proc >= 0 && g->is_c) {
        ll_ctype_of(NULL, false, &o.type);
    } else if (l->proc >= 0) {
        int reg = reg_id(g, l);
        o.fam = reg >= 0 ? g->ops->reg_family(reg) : -1;
        if (o.fam < 0 || o.fam >= HW_MAX_FAM)
            return hw_gen_fail(g, &st, "unknown register %d:%s", l->proc,
                               l->name);
        o.width = g->ops->reg_width(reg);
        o.shift = g->ops->reg_shift ? g->ops->reg_shift(reg) : 0;
        const ll_init *bad = NULL;
        if (!reg_type(g, l->proc, o.fam, &o.type, &bad))
            return unsupported_type(g, bad);
        g->th[o.thread].fam_used |= 1ull << o.fam;
    } else {
        o.loc_index = loc_index(g, l->name);
    }
    g->outs = ll_xrealloc(g->outs, (size_t)(g->n_outs + 1) * sizeof *g->outs);
    g->outs[g->n_outs++] = o;
    return true;
}

static bool prop_outs(hw_gen *g, const ll_prop *p)
{
    if (!p)
        return true;
    if (p->kind == LL_PROP_ATOM) {
        if (p->value.is_sym) {
            ll_stmt st = {.pos = p->pos};
            return hw_gen_fail(g, &st, "hwrun cannot compare a final value "
                               "with the address '%s'", p->value.sym);
        }
        return add_out(g, &p->loc, p->pos);
    }
    return prop_outs(g, p->lhs) && prop_outs(g, p->rhs);
}

static int out_order(const void *a, const void *b)
{
    return ll_loc_cmp(&((const gen_out *)a)->loc, &((const gen_out *)b)->loc);
}

static bool collect_outs(hw_gen *g)
{
    ll_pos none = {0, 0};
    ll_ctype ty;
    for (int i = 0; i < g->t->n_init; i++)
        if (g->is_c ? g->t->init[i].loc.proc < 0 &&
                          !hw_gen_ctest_loc_type(g->t, g->t->init[i].loc.name,
                                                 &ty)
                    : !ll_ctype_of(g->t->init[i].type, g->t->init[i].pointer,
                                   &ty))
            return unsupported_type(g, &g->t->init[i]);
    if (!prop_outs(g, g->t->cond.prop))
        return false;
    for (int i = 0; i < g->t->n_locations; i++)
        if (!add_out(g, &g->t->locations[i], none))
            return false;
    if (g->n_outs > 1)
        qsort(g->outs, (size_t)g->n_outs, sizeof *g->outs, out_order);
    return true;
}

/* ---- writing C ---- */

static void put_c_string(ll_buf *out, const char *s)
{
    ll_buf_putc(out, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            ll_buf_putc(out, '\\');
        if (*s == '\n')
            ll_buf_puts(out, "\\n");
        else if (*s == '\t')
            ll_buf_puts(out, "\\t");
        else
            ll_buf_putc(out, *s);
    }
    ll_buf_putc(out, '"');
}

static void out_name(const gen_out *o, ll_buf *b)
{
    if (o->loc.proc >= 0)
        ll_buf_printf(b, "%d:", o->loc.proc);
    ll_buf_puts(b, o->loc.name);
}

/* The asm template of thread k, one instruction or label per line. */
static bool write_template(hw_gen *g, int k, ll_buf *tmpl)
{
    const ll_thread *th = &g->t->threads[k];
    ll_buf_printf(tmpl, "\n#START _litmus_P%d\n", th->proc);
    if (g->ops->asm_prologue)
        ll_buf_printf(tmpl, "%s\n", g->ops->asm_prologue);
    if (g->ops->thread_prologue && !g->ops->thread_prologue(g, tmpl))
        return false;
    for (int s = 0; s < th->n_stmts; s++) {
        const ll_stmt *st = &th->stmts[s];
        if (st->label) {
            if (!is_ident(st->label))
                return hw_gen_fail(g, st, "label '%s' cannot be used by "
                                   "hwrun", st->label);
            hw_gen_put_label(g, tmpl, st->label);
            ll_buf_puts(tmpl, ":\n");
        }
        if (!st->has_instr)
            continue;
        ll_buf_putc(tmpl, '\t');
        const ll_arch_ops *a = g->t->arch;
        if (st->instr.op < 0 || st->instr.op >= g->ops->n_opcodes)
            return hw_gen_fail(g, st, "instruction '%s' is not supported by "
                               "the %s code generator",
                               a->op_name ? a->op_name(st->instr.op) : "?",
                               g->ops->name);
        if (!g->ops->write_instr(g, st, tmpl))
            return hw_gen_fail(g, st, "the %s code generator cannot write "
                               "this instruction", g->t->arch->name);
        ll_buf_putc(tmpl, '\n');
    }
    if (g->th[k].end_used)
        ll_buf_puts(tmpl, ".Lll.end%=:\n");
    if (g->ops->asm_epilogue)
        ll_buf_printf(tmpl, "%s\n", g->ops->asm_epilogue);
    ll_buf_printf(tmpl, "#END _litmus_P%d\n", th->proc);
    return true;
}

/* C casts: to an integer type, and to the unsigned type of n bytes. */
static const char *type_cast(ll_ctype t)
{
    switch (t.size) {
    case 1: return t.is_signed ? "(int8_t)" : "(uint8_t)";
    case 2: return t.is_signed ? "(int16_t)" : "(uint16_t)";
    case 4: return t.is_signed ? "(int32_t)" : "(uint32_t)";
    default: return t.is_signed ? "(int64_t)" : "(uint64_t)";
    }
}

static const char *bits_cast(int bytes)
{
    ll_ctype t = {bytes, false};
    return bytes < 8 ? type_cast(t) : "";
}

/* A 64-bit constant in C: INT64_C(v), except INT64_MIN, whose digits
 * alone do not fit a signed literal. */
static void put_int64(ll_buf *c, int64_t v)
{
    if (v == INT64_MIN)
        ll_buf_puts(c, "INT64_MIN");
    else
        ll_buf_printf(c, "INT64_C(%" PRId64 ")", v);
}

static void write_reg_init(hw_gen *g, int k, int fam, ll_buf *c)
{
    const ll_thread *th = &g->t->threads[k];
    const char *name = fam_name(g, fam);
    const char *type = reg_ctype(g);
    ll_buf_printf(c, "    %s r_%s = ", type, name);
    for (int i = 0; i < g->t->n_init; i++) {
        const ll_init *in = &g->t->init[i];
        if (in->loc.proc != th->proc || !in->has_value)
            continue;
        int reg = reg_id(g, &in->loc);
        if (reg < 0 || g->ops->reg_family(reg) != fam)
            continue;
        /* an initial value is a value of the register's type */
        ll_ctype ty;
        const ll_init *bad;
        reg_type(g, th->proc, fam, &ty, &bad);
        if (in->value.is_sym) {
            ll_buf_printf(c, "(%s)(uintptr_t)loc[%d];\n", type,
                          loc_index(g, in->value.sym));
        } else {
            ll_buf_printf(c, "(%s)(int64_t)%s", type, type_cast(ty));
            put_int64(c, in->value.num);
            ll_buf_puts(c, ";\n");
        }
        return;
    }
    ll_buf_puts(c, "0;\n");
}

/* The clobbers the thread's instructions add, each once. */
static void write_clobbers(const hw_gen *g, const ll_thread *th, ll_buf *c)
{
    ll_buf seen = {0};
    ll_buf_puts(&seen, g->ops->clobbers);
    for (int s = 0; g->ops->instr_clobbers && s < th->n_stmts; s++) {
        const char *list = th->stmts[s].has_instr
                               ? g->ops->instr_clobbers(&th->stmts[s].instr)
                               : NULL;
        while (list && *list) {
            size_t n = strcspn(list, ",");
            char *one = ll_xstrndup(list, n);
            if (!strstr(ll_buf_str(&seen), one)) {
                ll_buf_printf(c, ", %s", one);
                ll_buf_printf(&seen, ", %s", one);
            }
            free(one);
            list += n;
            list += strspn(list, ", ");
        }
    }
    ll_buf_free(&seen);
}

static bool write_thread(hw_gen *g, int k, ll_buf *c)
{
    if (g->is_c)
        return hw_gen_ctest_thread(g, k, c);
    gen_thread *gt = &g->th[k];
    const ll_thread *th = gt->th;
    ll_buf tmpl = {0};
    g->cur = k;
    for (int s = 0; g->ops->scan_instr && s < th->n_stmts; s++)
        if (th->stmts[s].has_instr)
            g->ops->scan_instr(g, &th->stmts[s].instr);
    /* Registers in the init block get a variable even if unused. */
    for (int i = 0; i < g->t->n_init; i++) {
        const ll_init *in = &g->t->init[i];
        int reg = in->loc.proc == th->proc ? reg_id(g, &in->loc) : -1;
        int fam = reg >= 0 ? g->ops->reg_family(reg) : -1;
        if (fam >= 0 && fam < HW_MAX_FAM)
            gt->fam_used |= 1ull << fam;
    }
    if (!write_template(g, k, &tmpl)) {
        ll_buf_free(&tmpl);
        return false;
    }
    /* GCC takes at most 30 asm operands; an in-out register counts
     * twice. Said here rather than as a compiler error. */
    int operands = 2 * __builtin_popcountll(gt->fam_used);
    for (int i = 0; i < g->n_locs; i++)
        operands += gt->loc_used[i];
    if (operands > 30) {
        ll_buf_free(&tmpl);
        return hw_gen_fail(g, NULL, "thread P%d needs %d asm operands (two "
                           "per register, one per location); GCC allows "
                           "30", th->proc, operands);
    }
    if (g->ops->thread_attr)
        ll_buf_printf(c, "%s\n", g->ops->thread_attr);
    ll_buf_printf(c, "static void P%d(uint64_t *const *loc, int64_t *out)\n"
                  "{\n", th->proc);
    for (int i = 0; i < g->n_locs; i++)
        if (gt->loc_used[i])
            ll_buf_printf(c, "    uint64_t *m_%s = loc[%d];\n", g->locs[i], i);
    for (int f = 0; f < HW_MAX_FAM; f++)
        if (gt->fam_used >> f & 1)
            write_reg_init(g, k, f, c);
    ll_buf_puts(c, "    __asm__ __volatile__(\n");
    /* One C string per template line, for a readable file. */
    for (const char *p = ll_buf_str(&tmpl); *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        char *line = ll_xstrndup(p, n);
        ll_buf_puts(c, "        ");
        put_c_string(c, line);
        ll_buf_putc(c, '\n');
        free(line);
        p += n;
    }
    ll_buf_free(&tmpl);
    ll_buf_puts(c, "        :");
    const char *sep = " ";
    for (int f = 0; f < HW_MAX_FAM; f++)
        if (gt->fam_used >> f & 1) {
            const char *name = fam_name(g, f);
            ll_buf_printf(c, "%s[r_%s] \"+%s\"(r_%s)", sep, name,
                          gt->pin[f] ? gt->pin[f] : reg_constraint(g), name);
            sep = ", ";
        }
    ll_buf_puts(c, "\n        :");
    sep = " ";
    for (int i = 0; i < g->n_locs; i++)
        if (gt->loc_used[i]) {
            ll_buf_printf(c, "%s[m_%s] \"%s\"(m_%s)", sep, g->locs[i],
                          reg_constraint(g), g->locs[i]);
            sep = ", ";
        }
    ll_buf_printf(c, "\n        : %s", g->ops->clobbers);
    write_clobbers(g, th, c);
    ll_buf_puts(c, ");\n");
    for (int o = 0; o < g->n_outs; o++)
        if (g->outs[o].thread == k)
            ll_buf_printf(c, "    out[%d] = (int64_t)%s%s(r_%s >> %d);\n", o,
                          type_cast(g->outs[o].type),
                          bits_cast(g->outs[o].width),
                          fam_name(g, g->outs[o].fam),
                          g->outs[o].shift);
    ll_buf_puts(c, "    (void)loc;\n    (void)out;\n}\n\n");
    return true;
}

int hw_gen_n_outs(const hw_gen *g)
{
    return g->n_outs;
}

const ll_loc *hw_gen_out(const hw_gen *g, int i, int *thread)
{
    *thread = g->outs[i].thread;
    return &g->outs[i].loc;
}

static int out_index(const hw_gen *g, const ll_loc *l)
{
    for (int i = 0; i < g->n_outs; i++)
        if (!ll_loc_cmp(&g->outs[i].loc, l))
            return i;
    return -1;
}

static void write_prop(const hw_gen *g, const ll_prop *p, ll_buf *c)
{
    switch (p->kind) {
    case LL_PROP_TRUE:
        ll_buf_puts(c, "1");
        break;
    case LL_PROP_FALSE:
        ll_buf_puts(c, "0");
        break;
    case LL_PROP_ATOM:
        ll_buf_printf(c, "v[%d] == ", out_index(g, &p->loc));
        put_int64(c, p->value.num);
        break;
    case LL_PROP_NOT:
        ll_buf_puts(c, "!(");
        write_prop(g, p->lhs, c);
        ll_buf_puts(c, ")");
        break;
    case LL_PROP_AND:
    case LL_PROP_OR:
    case LL_PROP_IMPLIES:
        ll_buf_puts(c, p->kind == LL_PROP_IMPLIES ? "(!(" : "((");
        write_prop(g, p->lhs, c);
        ll_buf_puts(c, p->kind == LL_PROP_AND ? ") && (" : ") || (");
        write_prop(g, p->rhs, c);
        ll_buf_puts(c, "))");
        break;
    }
}

static void write_tables(hw_gen *g, ll_buf *c)
{
    const ll_test *t = g->t;
    ll_buf_puts(c, "static int cond(const int64_t *v)\n{\n    (void)v;\n"
                "    return ");
    if (t->cond.prop)
        write_prop(g, t->cond.prop, c);
    else
        ll_buf_puts(c, "1");
    ll_buf_puts(c, ";\n}\n\nstatic const hr_loc locs[] = {\n");
    for (int i = 0; i < g->n_locs; i++) {
        const ll_init *in = find_init(t, -1, g->locs[i]);
        ll_ctype ty;
        if (!g->is_c || !hw_gen_ctest_loc_type(t, g->locs[i], &ty))
            ll_ctype_of(in ? in->type : NULL, in && in->pointer, &ty);
        int size = ty.size;
        bool sign = ty.is_signed;
        int64_t v = in && in->has_value && !in->value.is_sym
                        ? in->value.num : 0;
        int ptr = in && in->has_value && in->value.is_sym
                      ? loc_index(g, in->value.sym) : -1;
        ll_buf_printf(c, "    {\"%s\", ", g->locs[i]);
        put_int64(c, v);
        ll_buf_printf(c, ", %d, %d, %d},\n", ptr, size, sign);
    }
    if (!g->n_locs)
        ll_buf_puts(c, "    {\"\", 0, -1, 8, 1},\n");
    ll_buf_puts(c, "};\n\nstatic const hr_out outs[] = {\n");
    for (int i = 0; i < g->n_outs; i++) {
        ll_buf name = {0};
        out_name(&g->outs[i], &name);
        ll_buf_puts(c, "    {");
        put_c_string(c, ll_buf_str(&name));
        ll_buf_printf(c, ", %d},\n", g->outs[i].loc_index);
        ll_buf_free(&name);
    }
    if (!g->n_outs)
        ll_buf_puts(c, "    {\"\", -1},\n");
    ll_buf_puts(c, "};\n\nstatic const hr_code code[] = {");
    for (int k = 0; k < t->n_threads; k++)
        ll_buf_printf(c, "%sP%d", k ? ", " : "", t->threads[k].proc);
    ll_buf_puts(c, "};\n\nstatic const hr_test test = {\n    ");
    put_c_string(c, t->name ? t->name : "");
    ll_buf_printf(c, ", \"%s\",\n    ",
                  ll_log_kind_word(t->cond.quant, LL_LOG_LITMUS,
                                   LL_LITMUS_MODERN));
    ll_buf cond = {0};
    ll_cond_print(&t->cond, &cond);
    put_c_string(c, ll_buf_str(&cond));
    ll_buf_free(&cond);
    ll_buf_printf(c, ",\n    %s, %d, %d, %d, locs, outs, code, cond};\n\n",
                  t->cond.quant == LL_EXISTS       ? "HR_EXISTS"
                  : t->cond.quant == LL_NOT_EXISTS ? "HR_NOT_EXISTS"
                                                   : "HR_FORALL",
                  t->n_threads, g->n_locs, g->n_outs);
    /* The start of every instance (the timebase, its skew: -skew, see
     * hwrun/harness/hr_skew.h) is the harness's, for every architecture's
     * generated threads alike: no generator writes start code of its own.
     * tests/e2e/hwrun_skew.sh checks it on a cross target under qemu. */
    ll_buf_puts(c, "int main(int argc, char **argv)\n{\n"
                "    return hr_main(&test, argc, argv);\n}\n");
}

static bool check_test(hw_gen *g)
{
    const ll_test *t = g->t;
    g->is_c = !t->arch && t->arch_name && !strcmp(t->arch_name, "C");
    if (!t->arch && !g->is_c)
        return hw_gen_fail(g, NULL, "hwrun runs assembly tests; '%s' is a "
                           "%s test", t->name ? t->name : "?",
                           t->arch_name ? t->arch_name : "C");
    if (t->arch && t->arch->id == LL_ARCH_LISA)
        return hw_gen_fail(g, NULL, "'%s' is a LISA test: LISA is herd7's "
                           "generic instruction set, which no machine runs "
                           "(model runs it under the Linux-kernel memory "
                           "model)", t->name ? t->name : "?");
    g->ops = hw_gen_find(t);
    if (!g->ops && !g->is_c)
        return hw_gen_fail(g, NULL, "hwrun has no code generator for %s "
                           "tests", t->arch_name);
    if (t->n_threads < 1 || t->n_threads > 64)
        return hw_gen_fail(g, NULL, "hwrun runs tests of 1 to 64 threads, "
                           "not %d", t->n_threads);
    if (t->filter)
        return hw_gen_fail(g, NULL, "hwrun does not support `filter`");
    return true;
}

bool hw_gen_c(const ll_test *t, ll_buf *out, ll_diag *d)
{
    hw_gen g = {.t = t, .d = d};
    d->file = t->file;
    bool ok = check_test(&g);
    if (ok) {
        g.th = ll_xcalloc((size_t)t->n_threads, sizeof *g.th);
        for (int k = 0; k < t->n_threads; k++)
            g.th[k].th = &t->threads[k];
        ok = collect_locs(&g);
    }
    if (ok) {
        for (int k = 0; k < t->n_threads; k++)
            g.th[k].loc_used = ll_xcalloc((size_t)g.n_locs + 1, sizeof(bool));
        ok = collect_outs(&g);
    }
    ll_buf c = {0};
    if (ok) {
        ll_buf_puts(&c, "/* ");
        ll_buf_puts(&c, t->name ? t->name : "");
        ll_buf_puts(&c, ": generated by litmuslab hwrun; runs with the "
                    "harness in harness.c. */\n#include <stdint.h>\n\n"
                    "#include \"harness.h\"\n\n");
        if (g.is_c)
            hw_gen_ctest_prelude(t, &c);
        for (int k = 0; ok && k < t->n_threads; k++)
            ok = write_thread(&g, k, &c);
    }
    if (ok) {
        write_tables(&g, &c);
        ll_buf_puts(out, ll_buf_str(&c));
    }
    ll_buf_free(&c);
    for (int k = 0; g.th && k < t->n_threads; k++)
        free(g.th[k].loc_used);
    free(g.th);
    free(g.locs);
    free(g.outs);
    return ok;
}
