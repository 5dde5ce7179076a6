/* gen.c — the architecture-neutral part of code generation: where each
 * location (an array's elements side by side) and final value lives,
 * which C variable holds each register (herd's symbolic ones too), the
 * thread functions around the asm blocks, the condition and the filter as
 * C (a value may be an address), and the tables the harness reads (see
 * hwrun/harness/harness.h). */
#include "hwrun/gen/gen.h"
#include "hwrun/hwrun_limits.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/c_ast.h"
#include "litmuslab/hash.h"
#include "litmuslab/log.h"
#include "litmuslab/state.h"

/* hwrun's table, indexed by architecture id: each architecture's
 * hw_gen_<file>_ops (hwrun/gen/<file>.c), one per line of the list
 * (include/litmuslab/arch/list.h): its generator, or (refused) why
 * hwrun refuses its tests. */
#define LL_ARCH(id, file) extern const hw_gen_ops hw_gen_##file##_ops;
#include "litmuslab/arch/list.h"
#undef LL_ARCH

static const hw_gen_ops *const generators[LL_ARCH_COUNT] = {
#define LL_ARCH(id, file) [LL_ARCH_##id] = &hw_gen_##file##_ops,
#include "litmuslab/arch/list.h"
#undef LL_ARCH
};

typedef struct gen_thread {
    const ll_thread *th;
    uint64_t fam_used;              /* families with a C variable */
    uint64_t fam_out;               /* of those, output-only (=&) ones */
    const char *pin[HW_MAX_FAM];    /* fixed constraints, or NULL */
    bool *loc_used;                 /* locations the asm addresses */
    bool end_used;                  /* a jump to the block's end */
    int n_sym;                      /* symbolic registers (`%x0`) used */
    const char **sym;               /* their names without '%', not owned */
    size_t zero_at;                 /* where in the template registers
                                       are zeroed (fam_out) */
} gen_thread;

typedef struct gen_out {
    ll_loc loc;       /* not owned */
    int thread;       /* index into t->threads, or -1 for memory */
    int fam;          /* register family; HW_FAM_ZERO: reads as 0 */
    int width;        /* bytes of the register part named (eax: 4) */
    int shift;        /* its lowest bit in the family (ah: 8) */
    ll_ctype type;    /* the register's type: what the part's bits show as */
    int loc_index;    /* memory: index into locs */
    int elem;         /* memory: the array element (`x[1]`), else 0 */
    int parts;        /* a whole array `x` (litmus7's `x={7,8}`) is shown
                         by one out per element, elem each: its length;
                         0 for any other place (an element named alone
                         has an out of its own) */
    bool hidden;      /* named by the filter alone: not in the state */
} gen_out;

#define HW_FAM_ZERO (-2)

struct hw_gen {
    const ll_test *t;
    const hw_gen_ops *ops;
    ll_diag *d;
    bool failed;
    int n_locs;
    const char **locs;              /* sorted names, not owned */
    int n_outs;
    gen_out *outs;
    gen_thread *th;
    int cur;                        /* thread being written */
    hw_perp_plan *perp;             /* perpetual mode's plan, or NULL */
    ll_buf perp_why;                /* else why not */
    bool perp_pass;                 /* writing the looping functions */
    bool perp_too_wide;             /* a looping function needs more asm
                                       operands than GCC takes */
};

/* ---- helpers for the architecture ops ---- */

/* herd's symbolic register (`[%x0]`, `0(%x0)`): the reader keeps its
 * name in sym, with a register id it prints with '%'. */
static bool is_symreg_opnd(const hw_gen *g, const ll_operand *op)
{
    return (op->kind == LL_OPND_REG || op->kind == LL_OPND_MEM) && op->sym &&
           op->reg >= 0 && g->t->arch->reg_name(op->reg)[0] == '%';
}

const ll_test *hw_gen_test(const hw_gen *g)
{
    return g->t;
}

const hw_gen_ops *hw_gen_get_ops(const hw_gen *g)
{
    return g->ops;
}

const ll_thread *hw_gen_thread(const hw_gen *g)
{
    return &g->t->threads[g->cur];
}

bool hw_gen_put_operand(hw_gen *g, const ll_stmt *st, int i,
                        const hw_gen_syntax *sx, ll_buf *out)
{
    const ll_operand *op = &st->instr.ops[i];
    hw_perp_access acc;
    switch (op->kind) {
    case LL_OPND_REG:
        /* perpetual mode: the stored register's value is k*S + code */
        if (g->perp_pass &&
            hw_perp_classify(g->ops, &st->instr, &acc) == HW_PERP_STORE &&
            acc.src == i && hw_gen_perp_imm(g, st, acc.mod, out))
            return true;
        return sx->reg(g, st, op->reg, out);
    case LL_OPND_IMM:
        ll_buf_printf(out, "%s%lld", sx->imm_prefix, (long long)op->imm);
        return true;
    case LL_OPND_MEM:
        if (op->sym && !is_symreg_opnd(g, op))
            return hw_gen_fail(g, st, "a location as an address is not "
                               "supported; use a register");
        return sx->address(g, st, op, out);
    case LL_OPND_LABEL: {
        int64_t rel;
        if (ll_label_relative(op->sym, &rel))   /* the harness adds code */
            return hw_gen_fail(g, st, "a branch target relative to the "
                               "instruction ('%s') is not supported by "
                               "hwrun; use a label", op->sym);
        hw_gen_put_label(g, out, op->sym);
        return true;
    }
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

void hw_gen_put_symreg(hw_gen *g, ll_buf *out, const char *mod,
                       const char *name)
{
    gen_thread *gt = &g->th[g->cur];
    if (*name == '%')
        name++;
    int i = 0;
    while (i < gt->n_sym && strcmp(gt->sym[i], name))
        i++;
    if (i == gt->n_sym) {
        gt->sym = ll_xrealloc(gt->sym, (size_t)(i + 1) * sizeof *gt->sym);
        gt->sym[gt->n_sym++] = name;
    }
    ll_buf_printf(out, "%%%s[s_%s]", mod, name);
}

void hw_gen_put_loc(hw_gen *g, ll_buf *out, const char *sym)
{
    int i = loc_index(g, sym);
    if (i >= 0)
        g->th[g->cur].loc_used[i] = true;
    ll_buf_printf(out, "%%[m_%s]", sym);
}

bool hw_gen_perp_imm(hw_gen *g, const ll_stmt *st, const char *mod,
                     ll_buf *out)
{
    const ll_thread *th = &g->t->threads[g->cur];
    int code = g->perp_pass && st >= th->stmts && st < th->stmts + th->n_stmts
                   ? hw_perp_code(g->perp, g->cur, (int)(st - th->stmts))
                   : 0;
    if (code)
        ll_buf_printf(out, "%%%s[pv_%d]", mod, code);
    return code != 0;
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

const hw_gen_ops *hw_gen_find(int arch, const char **why_not)
{
    const hw_gen_ops *ops =
        arch >= 0 && arch < LL_ARCH_COUNT ? generators[arch] : NULL;
    *why_not = ops ? ops->refused : NULL;
    return ops && !ops->refused ? ops : NULL;
}

/* ---- what the test names: locations, final values ---- */

bool hw_gen_is_ident(const char *s)
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

int hw_gen_n_locs(const hw_gen *g)
{
    return g->n_locs;
}

const char *hw_gen_loc_name(const hw_gen *g, int i)
{
    return g->locs[i];
}

static bool add_loc(hw_gen *g, const char *name, ll_pos pos)
{
    if (loc_index(g, name) >= 0)
        return true;
    if (!hw_gen_is_ident(name)) {
        ll_stmt st = {.pos = pos};
        if (strncmp(name, "label:", 6) == 0)    /* herd7's code label */
            return hw_gen_fail(g, &st, "a code label as a value (%s) "
                               "cannot be set by hwrun (ADR can)", name);
        if (strchr(name, '+'))    /* herd7 7.58 reads `x[1]` so */
            return hw_gen_fail(g, &st, "an address with an offset (%s) "
                               "cannot be compared by hwrun", name);
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
    if (p->kind == LL_PROP_ATOM && p->value.is_sym)   /* `1:r0=x` */
        add_loc(g, p->value.sym, p->pos);
    prop_locs(g, p->lhs);
    prop_locs(g, p->rhs);
}

static bool collect_locs(hw_gen *g)
{
    const ll_test *t = g->t;
    ll_pos none = {0, 0};
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        ll_stmt st = {.pos = in->pos};
        if (in->loc.index >= 0)
            return hw_gen_fail(g, &st, "an array element in the init "
                               "block is not supported by hwrun; give "
                               "the array's values, `int x[2] = {1,2}`");
        bool addrs = in->array_len > 0 && in->pointer;
        for (int k = 0; k < in->n_array_vals; k++)
            addrs = addrs || in->array_vals[k].is_sym;
        if (addrs)
            return hw_gen_fail(g, &st, "an array of addresses is not "
                               "supported by hwrun");
        /* `%x0=x`: a symbolic register's, not a location */
        if (in->loc.proc < 0 && in->loc.name[0] != '%')
            add_loc(g, in->loc.name, in->pos);
        /* `0:x6=x[1]`: an element's address, of an array declared here */
        if (in->has_value && in->value.is_sym &&
            (in->loc.proc < 0 || !strchr(in->value.sym, '[')))
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
                    op->sym && !is_symreg_opnd(g, op))
                    add_loc(g, op->sym, st->pos);
            }
        }
    prop_locs(g, t->cond.prop);
    prop_locs(g, t->filter);
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

/* The init entry declaring array `name` (`int x[2]`), or NULL. */
static const ll_init *array_of(const ll_test *t, const char *name)
{
    const ll_init *in = find_init(t, -1, name);
    return in && in->array_len > 0 ? in : NULL;
}

int hw_gen_array_len(const ll_test *t, const char *name)
{
    const ll_init *in = array_of(t, name);
    return in ? in->array_len : 0;
}

/* `x[2]` in the init block, the address x+2 as herd7 7.58 and litmus7
 * read it (two bytes in: element 1 of a uint16_t array): *loc its
 * array's location index, *off the byte offset; false when it is no
 * element of an array of the test. */
static bool element_address(const hw_gen *g, const char *sym, int *loc,
                            int64_t *off)
{
    const char *open = strchr(sym, '[');
    if (!open)
        return false;
    char *name = ll_xstrndup(sym, (size_t)(open - sym));
    const ll_init *in = array_of(g->t, name);
    *loc = loc_index(g, name);
    free(name);
    long k = strtol(open + 1, NULL, 10);
    ll_ctype ty;
    if (!in || *loc < 0 || k < 0 || !ll_ctype_of(in->type, false, &ty) ||
        k % ty.size != 0 || k / ty.size >= in->array_len)
        return false;
    *off = (int64_t)k;
    return true;
}

/* Registers the init block gives an element's address (`0:X0=x[1]`): of
 * an array the test declares. */
static bool check_element_inits(hw_gen *g)
{
    for (int i = 0; i < g->t->n_init; i++) {
        const ll_init *in = &g->t->init[i];
        int loc;
        int64_t off;
        ll_stmt st = {.pos = in->pos};
        if (in->loc.proc >= 0 && in->has_value && in->value.is_sym &&
            strchr(in->value.sym, '[') &&
            !element_address(g, in->value.sym, &loc, &off))
            return hw_gen_fail(g, &st, "'%s' is no element of an array "
                               "the init block declares", in->value.sym);
    }
    return true;
}

/* A final value the state records; hidden when only the filter reads it
 * (the condition and `locations` come first). */
/* The index of the out of place l (whole: the first part of the whole
 * array l names), or -1. */
static int out_index(const hw_gen *g, const ll_loc *l, bool whole)
{
    for (int i = 0; i < g->n_outs; i++)
        if ((g->outs[i].parts > 0) == whole &&
            (whole ? g->outs[i].loc.proc < 0 &&
                         !strcmp(g->outs[i].loc.name, l->name)
                   : !ll_loc_cmp(&g->outs[i].loc, l)))
            return i;
    return -1;
}

/* The type of location name's values (an array's: its elements'). */
static void loc_ctype(const hw_gen *g, const char *name, ll_ctype *ty)
{
    const ll_init *in = find_init(g->t, -1, name);
    if (!g->ops->loc_type || !g->ops->loc_type(g->t, name, ty))
        ll_ctype_of(in ? in->type : NULL, in && in->pointer, ty);
}

/* whole: l names an array whole (locations [x;], x={7,8}, z=1 of an
 * array z), shown as herd7 and litmus7 show it, `x={7,8};`. */
static bool add_out(hw_gen *g, const ll_loc *l, ll_pos pos, bool hidden,
                    bool whole)
{
    ll_stmt st = {.pos = pos};
    const ll_init *arr = l->proc < 0 ? array_of(g->t, l->name) : NULL;
    whole = arr && (whole || l->index < 0);
    if (out_index(g, l, whole) >= 0)
        return true;
    if (l->index >= 0 && !arr)
        return hw_gen_fail(g, &st, "%s is not an array", l->name);
    if (whole) {        /* one out per element, shown together */
        gen_out o = {.loc = *l, .thread = -1, .fam = -1,
                     .loc_index = loc_index(g, l->name),
                     .parts = arr->array_len, .hidden = hidden};
        loc_ctype(g, l->name, &o.type);
        g->outs = ll_xrealloc(g->outs, (size_t)(g->n_outs + o.parts) *
                                           sizeof *g->outs);
        for (o.elem = 0; o.elem < o.parts; o.elem++) {
            o.loc.index = o.elem;
            g->outs[g->n_outs++] = o;
        }
        return true;
    }
    if (arr && l->index >= arr->array_len)
        return hw_gen_fail(g, &st, "%s[%d] is past the end of %s (%d "
                           "elements)", l->name, l->index, l->name,
                           arr->array_len);
    gen_out o = {.loc = *l, .thread = -1, .fam = -1, .loc_index = -1,
                 .elem = arr ? l->index : 0, .hidden = hidden};
    if (l->proc >= 0 && thread_of(g->t, l->proc) < 0)
        return hw_gen_fail(g, &st, "register %d:%s of a thread the test "
                           "does not have", l->proc, l->name);
    if (l->proc >= 0)   /* a C test's: a local of the body (gen/c.c) */
        o.thread = thread_of(g->t, l->proc);
    if (l->proc >= 0 && g->ops->locals) {
        /* litmus7 lists a C test's locals as plain strings (r1, r10,
         * r4, rax), not as numbered or named registers */
        o.loc.reg = LL_REG_NAMED;
        ll_ctype_of(NULL, false, &o.type);
    } else if (l->proc >= 0) {
        int reg = reg_id(g, l);
        o.fam = reg >= 0 ? g->ops->reg_family(reg) : -1;
        if (o.fam < 0 && reg >= 0 && g->ops->is_zero_reg &&
            g->ops->is_zero_reg(reg)) {   /* x0, say: always 0 */
            o.fam = HW_FAM_ZERO;
            ll_ctype_of(NULL, false, &o.type);
        } else {
            if ((o.fam < 0 || o.fam >= HW_MAX_FAM) && reg >= 0)
                return hw_gen_fail(g, &st, "register %d:%s cannot be set "
                                   "or read by a test on the hardware",
                                   l->proc, l->name);
            if (o.fam < 0 || o.fam >= HW_MAX_FAM)
                return hw_gen_fail(g, &st, "unknown register %d:%s", l->proc,
                                   l->name);
            o.width = g->ops->reg_width(reg);
            o.shift = g->ops->reg_shift ? g->ops->reg_shift(reg) : 0;
            const ll_init *bad = NULL;
            if (!reg_type(g, l->proc, o.fam, &o.type, &bad))
                return unsupported_type(g, bad);
            g->th[o.thread].fam_used |= 1ull << o.fam;
        }
    } else {
        o.loc_index = loc_index(g, l->name);
        loc_ctype(g, l->name, &o.type);   /* how its value prints */
    }
    g->outs = ll_xrealloc(g->outs, (size_t)(g->n_outs + 1) * sizeof *g->outs);
    g->outs[g->n_outs++] = o;
    return true;
}

/* `z=1` where z is an array: herd7 7.58 compares the whole array with
 * the number, which never holds (the model's false_on_arrays). */
static bool number_on_array(const hw_gen *g, const ll_prop *p)
{
    const ll_init *arr = p->loc.proc < 0 && p->loc.index < 0
                             ? array_of(g->t, p->loc.name) : NULL;
    return arr && arr->array_len > 1 && !p->place;
}

static bool prop_outs(hw_gen *g, const ll_prop *p, bool hidden)
{
    if (!p)
        return true;
    if (p->kind == LL_PROP_ATOM && p->place) {
        ll_stmt st = {.pos = p->pos};
        return hw_gen_fail(g, &st, "hwrun does not check a condition that "
                           "compares two places");
    }
    if (p->kind == LL_PROP_ATOM)
        return add_out(g, &p->loc, p->pos, hidden, p->whole);
    return prop_outs(g, p->lhs, hidden) && prop_outs(g, p->rhs, hidden);
}

/* herd7's and litmus7's order: registers, then scalars and whole arrays
 * by name, then elements named alone (x[1]) by name and index. */
static int out_order(const void *a, const void *b)
{
    const gen_out *x = a, *y = b;
    ll_loc lx = x->loc, ly = y->loc;
    if (x->parts)
        lx.index = -1;
    if (y->parts)
        ly.index = -1;
    int c = ll_loc_cmp(&lx, &ly);
    return c ? c : x->elem < y->elem ? -1 : x->elem > y->elem;
}

static bool collect_outs(hw_gen *g)
{
    ll_pos none = {0, 0};
    ll_ctype ty;
    for (int i = 0; i < g->t->n_init; i++)
        if (g->ops->loc_type
                ? g->t->init[i].loc.proc < 0 &&
                      !g->ops->loc_type(g->t, g->t->init[i].loc.name, &ty)
                : !ll_ctype_of(g->t->init[i].type, g->t->init[i].pointer,
                               &ty))
            return unsupported_type(g, &g->t->init[i]);
    if (!prop_outs(g, g->t->cond.prop, false))
        return false;
    for (int i = 0; i < g->t->n_locations; i++)
        if (!add_out(g, &g->t->locations[i], none, false, false))
            return false;
    if (!prop_outs(g, g->t->filter, true))
        return false;
    if (g->n_outs > 1)
        qsort(g->outs, (size_t)g->n_outs, sizeof *g->outs, out_order);
    return true;
}

/* ---- writing C ---- */

/* A C string literal of s. No text of the test (a name, the condition)
 * can end the literal or spell a trigraph ("??/" would be a backslash to
 * a compiler in C17 mode): quotes, backslashes and question marks are
 * escaped, and every byte that is not printable ASCII is an octal escape
 * (three digits, so that no digit after it can join it). */
static void put_c_string(ll_buf *out, const char *s)
{
    ll_buf_putc(out, '"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\' || ch == '?')
            ll_buf_printf(out, "\\%c", ch);
        else if (ch == '\n')
            ll_buf_puts(out, "\\n");
        else if (ch == '\t')
            ll_buf_puts(out, "\\t");
        else if (ch < 0x20 || ch > 0x7e)
            ll_buf_printf(out, "\\%03o", ch);
        else
            ll_buf_putc(out, (char)ch);
    }
    ll_buf_putc(out, '"');
}

/* The test's name in a comment: letters, digits and - + . _ only. */
static void put_comment_name(ll_buf *out, const char *s)
{
    for (; s && *s; s++)
        ll_buf_putc(out, isalnum((unsigned char)*s) || strchr("-+._", *s)
                             ? *s : '_');
}

/* As litmus7 7.58 prints it: `0:r1`, a scalar `[x]`, an element `x[1]`,
 * a whole array `x` (its value `{7,8}`). */
static void out_name(const gen_out *o, ll_buf *b)
{
    bool scalar = o->loc.proc < 0 && o->loc.index < 0;
    if (o->loc.proc >= 0)
        ll_buf_printf(b, "%d:", o->loc.proc);
    ll_buf_puts(b, scalar ? "[" : "");
    ll_buf_puts(b, o->loc.name);
    ll_buf_puts(b, scalar ? "]" : "");
    if (o->loc.index >= 0 && !o->parts)
        ll_buf_printf(b, "[%d]", o->loc.index);
}

/* The asm template of thread k, one instruction or label per line. */
static bool write_template(hw_gen *g, int k, ll_buf *tmpl)
{
    const ll_thread *th = &g->t->threads[k];
    ll_buf_printf(tmpl, "\n#START _litmus_P%d\n", th->proc);
    if (g->ops->asm_prologue)
        ll_buf_printf(tmpl, "%s\n", g->ops->asm_prologue);
    g->th[k].zero_at = tmpl->len;
    if (g->ops->thread_prologue && !g->ops->thread_prologue(g, tmpl))
        return false;
    for (int s = 0; s < th->n_stmts; s++) {
        const ll_stmt *st = &th->stmts[s];
        if (st->label) {
            if (!hw_gen_is_ident(st->label))
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
    ll_ctype t = {bytes, false, false};
    return bytes < 8 ? type_cast(t) : "";
}

/* A 64-bit constant in C: INT64_C(v), except INT64_MIN, whose digits
 * alone do not fit a signed literal. */
void hw_gen_put_int64(ll_buf *c, int64_t v)
{
    if (v == INT64_MIN)
        ll_buf_puts(c, "INT64_MIN");
    else
        ll_buf_printf(c, "INT64_C(%" PRId64 ")", v);
}

/* `(TYPE)(uintptr_t)loc[i];`: the address of a location, or of an
 * element (`x[1]`: its byte offset added). */
static void put_address(const hw_gen *g, const char *sym, const char *type,
                        ll_buf *c)
{
    int loc;
    int64_t off;
    if (element_address(g, sym, &loc, &off))
        ll_buf_printf(c, "(%s)(uintptr_t)((char *)loc[%d] + %" PRId64 ");\n",
                      type, loc, off);
    else
        ll_buf_printf(c, "(%s)(uintptr_t)loc[%d];\n", type,
                      loc_index(g, sym));
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
        /* an initial value is kept whole, as the model keeps it
           (herd7 7.58: a register's type, int by default, only says
           how a final state shows it; a 64-bit value was cut) */
        if (in->value.is_sym) {
            put_address(g, in->value.sym, type, c);
        } else {
            ll_buf_printf(c, "(%s)(int64_t)", type);
            hw_gen_put_int64(c, in->value.num);
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

/* The init entry of thread proc's symbolic register %name: its own
 * (`1:%x0=x`) else the one every thread shares (`%x0=x`), or NULL. */
static const ll_init *symreg_init(const ll_test *t, int proc,
                                  const char *name)
{
    const ll_init *any = NULL;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->loc.name[0] != '%' || strcmp(in->loc.name + 1, name) ||
            !in->has_value)
            continue;
        if (in->loc.proc == proc)
            return in;
        if (in->loc.proc < 0)
            any = in;
    }
    return any;
}

static void write_symreg_init(hw_gen *g, int k, const char *name, ll_buf *c)
{
    const char *type = reg_ctype(g);
    const ll_init *in = symreg_init(g->t, g->t->threads[k].proc, name);
    ll_buf_printf(c, "    %s s_%s = ", type, name);
    if (in && in->value.is_sym) {
        put_address(g, in->value.sym, type, c);
    } else {
        ll_buf_printf(c, "(%s)", type);
        hw_gen_put_int64(c, in ? in->value.num : 0);
        ll_buf_puts(c, ";\n");
    }
}

const ll_init *hw_gen_reg_init(const hw_gen *g, int proc, int fam)
{
    for (int i = 0; i < g->t->n_init; i++) {
        const ll_init *in = &g->t->init[i];
        int reg = in->loc.proc == proc && in->has_value
                      ? reg_id(g, &in->loc) : -1;
        if (reg >= 0 && g->ops->reg_family(reg) == fam)
            return in;
    }
    return NULL;
}

/* Whether the init block gives thread proc's register family fam a
 * value. */
static bool fam_has_init(const hw_gen *g, int proc, int fam)
{
    return hw_gen_reg_init(g, proc, fam) != NULL;
}


static bool fit_operands(hw_gen *g, int k, ll_buf *tmpl)
{
    gen_thread *gt = &g->th[k];
    int locs = 0;
    for (int i = 0; i < g->n_locs; i++)
        locs += gt->loc_used[i];
    int regs = __builtin_popcountll(gt->fam_used) + gt->n_sym;
    int operands = 2 * regs + locs;
    /* the looping function's stored values are operands too */
    for (int s = 0; g->perp_pass && s < gt->th->n_stmts; s++)
        operands += hw_perp_code(g->perp, k, s) != 0;
    if (operands <= HW_MAX_ASM_OPERANDS)
        return true;
    ll_buf zero = {0};
    for (int f = 0; g->ops->write_zero && f < HW_MAX_FAM; f++)
        if ((gt->fam_used >> f & 1) && !gt->pin[f] &&
            !fam_has_init(g, gt->th->proc, f)) {
            gt->fam_out |= 1ull << f;
            ll_buf_putc(&zero, '\t');
            g->ops->write_zero(g, f, &zero);
            ll_buf_putc(&zero, '\n');
            operands--;
        }
    if (operands > HW_MAX_ASM_OPERANDS && g->perp_pass) {
        ll_buf_free(&zero);   /* hw_gen_c writes the test classic only */
        g->perp_too_wide = true;
        return false;
    }
    if (operands > HW_MAX_ASM_OPERANDS) {
        ll_buf_free(&zero);
        return hw_gen_fail(g, NULL, "thread P%d needs %d asm operands (two "
                           "per register the init block sets, one per other "
                           "register and per location); GCC allows %d",
                           gt->th->proc, operands, HW_MAX_ASM_OPERANDS);
    }
    ll_buf rest = {0};
    ll_buf_puts(&rest, ll_buf_str(tmpl) + gt->zero_at);
    tmpl->len = gt->zero_at;
    ll_buf_puts(tmpl, ll_buf_str(&zero));
    ll_buf_puts(tmpl, ll_buf_str(&rest));
    ll_buf_free(&rest);
    ll_buf_free(&zero);
    return true;
}

/* One C string per template line, for a readable file. */
static void put_template(const ll_buf *tmpl, ll_buf *c)
{
    for (const char *p = ll_buf_str(tmpl); *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        char *line = ll_xstrndup(p, n);
        ll_buf_puts(c, "        ");
        put_c_string(c, line);
        ll_buf_putc(c, '\n');
        free(line);
        p += n;
    }
}

/* The asm block's outputs: each register, in-out ("+r") unless only
 * written (fam_out: "=&r"), then each symbolic register. */
static void put_outputs(const hw_gen *g, const gen_thread *gt, ll_buf *c)
{
    const char *sep = " ";
    for (int f = 0; f < HW_MAX_FAM; f++)
        if (gt->fam_used >> f & 1) {
            const char *name = fam_name(g, f);
            ll_buf_printf(c, "%s[r_%s] \"%s%s\"(r_%s)", sep, name,
                          gt->fam_out >> f & 1 ? "=&" : "+",
                          gt->pin[f] ? gt->pin[f] : reg_constraint(g), name);
            sep = ", ";
        }
    for (int i = 0; i < gt->n_sym; i++) {
        ll_buf_printf(c, "%s[s_%s] \"+%s\"(s_%s)", sep, gt->sym[i],
                      reg_constraint(g), gt->sym[i]);
        sep = ", ";
    }
}

static void write_function(hw_gen *g, int k, const ll_buf *tmpl,
                           ll_buf *c);

static bool write_thread(hw_gen *g, int k, ll_buf *c)
{
    if (g->ops->write_thread)
        return g->ops->write_thread(g, k, c);
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
    if (!write_template(g, k, &tmpl) || !fit_operands(g, k, &tmpl)) {
        ll_buf_free(&tmpl);
        return false;
    }
    write_function(g, k, &tmpl, c);
    ll_buf_free(&tmpl);
    if (!g->perp)
        return true;
    /* perpetual mode's looping function: the same code, a stored
       constant c written as k*S + c's code */
    g->perp_pass = true;
    bool ok = write_template(g, k, &tmpl) && fit_operands(g, k, &tmpl);
    if (ok)
        write_function(g, k, &tmpl, c);
    g->perp_pass = false;
    ll_buf_free(&tmpl);
    return ok;
}

/* Thread k's function around its template: P<proc>, or in the perpetual
 * pass PP<k>, which runs it n times, recording its loads in rec. */
static void write_function(hw_gen *g, int k, const ll_buf *tmpl, ll_buf *c)
{
    gen_thread *gt = &g->th[k];
    const ll_thread *th = gt->th;
    const char *in = g->perp_pass ? "    " : "";
    if (g->ops->thread_attr)
        ll_buf_printf(c, "%s\n", g->ops->thread_attr);
    if (g->perp_pass)
        ll_buf_printf(c, "static void PP%d(uint64_t *const *loc, int64_t "
                      "*rec, uint64_t n, uint64_t pad,\n                "
                      "struct hr_perp_gate *gate)\n{\n", k);
    else
        ll_buf_printf(c, "static void P%d(uint64_t *const *loc, int64_t "
                      "*out)\n{\n", th->proc);
    for (int i = 0; i < g->n_locs; i++)
        if (gt->loc_used[i])
            ll_buf_printf(c, "    uint64_t *m_%s = loc[%d];\n", g->locs[i], i);
    if (g->perp_pass)
        ll_buf_printf(c, "    for (uint64_t k = 0; k < n; k++, rec += %d) "
                      "{\n", hw_perp_n_rec(g->perp, k));
    for (int f = 0; f < HW_MAX_FAM; f++)
        if (gt->fam_used >> f & 1) {
            ll_buf_puts(c, in);
            if (gt->fam_out >> f & 1)
                ll_buf_printf(c, "    %s r_%s;\n", reg_ctype(g),
                              fam_name(g, f));
            else
                write_reg_init(g, k, f, c);
        }
    for (int i = 0; i < gt->n_sym; i++) {
        ll_buf_puts(c, in);
        write_symreg_init(g, k, gt->sym[i], c);
    }
    for (int s = 0; g->perp_pass && s < th->n_stmts; s++) {
        int code = hw_perp_code(g->perp, k, s);
        if (code)
            ll_buf_printf(c, "        %s pv_%d = k * %d + %d;\n",
                          reg_ctype(g), code, hw_perp_stride(g->perp), code);
    }
    ll_buf_printf(c, "%s    __asm__ __volatile__(\n", in);
    put_template(tmpl, c);
    ll_buf_puts(c, "        :");
    put_outputs(g, gt, c);
    ll_buf_puts(c, "\n        :");
    const char *sep = " ";
    for (int i = 0; i < g->n_locs; i++)
        if (gt->loc_used[i]) {
            ll_buf_printf(c, "%s[m_%s] \"%s\"(m_%s)", sep, g->locs[i],
                          reg_constraint(g), g->locs[i]);
            sep = ", ";
        }
    for (int s = 0; g->perp_pass && s < th->n_stmts; s++) {
        int code = hw_perp_code(g->perp, k, s);
        if (code) {
            ll_buf_printf(c, "%s[pv_%d] \"r\"(pv_%d)", sep, code, code);
            sep = ", ";
        }
    }
    ll_buf_printf(c, "\n        : %s", g->ops->clobbers);
    write_clobbers(g, th, c);
    ll_buf_puts(c, ");\n");
    /* The register part's bits; the harness gives them their type. */
    for (int o = 0; o < g->n_outs; o++) {
        const gen_out *go = &g->outs[o];
        if (go->thread != k || (g->perp_pass && hw_perp_slot(g->perp, o) < 0))
            continue;
        if (g->perp_pass)
            ll_buf_printf(c, "        rec[%d]", hw_perp_slot(g->perp, o));
        else
            ll_buf_printf(c, "    out[%d]", o);
        if (go->fam == HW_FAM_ZERO)
            ll_buf_puts(c, " = 0;\n");
        else
            ll_buf_printf(c, " = (int64_t)%s(r_%s >> %d);\n",
                          bits_cast(go->width), fam_name(g, go->fam),
                          go->shift);
    }
    /* pad: the harness slows the faster threads to the slowest's pace,
       so that their loops overlap (hr_perp_run.c) */
    if (g->perp_pass)
        ll_buf_puts(c, "        for (uint64_t d = pad; d; d--)\n"
                    "            __asm__ __volatile__(\"\" ::: \"memory\");\n"
                    "        if (k % HR_PERP_EVERY == HR_PERP_EVERY - 1)\n"
                    "            hr_perp_window(gate, k);\n"
                    "    }\n    (void)rec;\n}\n\n");
    else
        ll_buf_puts(c, "    (void)loc;\n    (void)out;\n}\n\n");
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

static void write_prop(const hw_gen *g, const ll_prop *p, ll_buf *c)
{
    switch (p->kind) {
    case LL_PROP_TRUE:
        ll_buf_puts(c, "1");
        break;
    case LL_PROP_FALSE:
        ll_buf_puts(c, "0");
        break;
    case LL_PROP_ATOM: {
        /* v[n + i]: out i holds an address, v[i] its location's index */
        int i = p->whole ? out_index(g, &p->loc, true) + p->loc.index
                         : out_index(g, &p->loc, false);
        if (number_on_array(g, p)) {
            ll_buf_puts(c, "0");
        } else if (p->value.is_sym) {
            ll_buf_printf(c, "v[%d] && v[%d] == %d", g->n_outs + i, i,
                          loc_index(g, p->value.sym));
        } else {
            ll_buf_printf(c, "!v[%d] && v[%d] == ", g->n_outs + i, i);
            hw_gen_put_int64(c, p->value.num);
        }
        break;
    }
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

/* `static int NAME(const int64_t *v)`: p on a final state (1 for none),
 * its constants cut to their places' types (ll_place_type: the types
 * the harness records them at, those the model cuts to). */
static void write_prop_fn(const hw_gen *g, const char *name, const ll_prop *p,
                          ll_buf *c)
{
    ll_buf_printf(c, "static int %s(const int64_t *v)\n{\n    (void)v;\n"
                  "    return ", name);
    ll_prop *cut = ll_prop_copy(p);
    ll_prop_cut(cut, ll_place_type, g->t);
    if (cut)
        write_prop(g, cut, c);
    else
        ll_buf_puts(c, "1");
    ll_prop_free(cut);
    ll_buf_puts(c, ";\n}\n\n");
}

static void write_tables(hw_gen *g, ll_buf *c)
{
    const ll_test *t = g->t;
    write_prop_fn(g, "cond", t->cond.prop, c);
    if (t->filter)
        write_prop_fn(g, "filter", t->filter, c);
    /* an array's initial values, element by element */
    for (int i = 0; i < g->n_locs; i++) {
        const ll_init *in = array_of(t, g->locs[i]);
        if (!in || !in->n_array_vals)
            continue;
        ll_buf_printf(c, "static const int64_t init_%s[] = {", g->locs[i]);
        for (int k = 0; k < in->n_array_vals; k++) {
            ll_buf_puts(c, k ? ", " : "");
            hw_gen_put_int64(c, in->array_vals[k].num);
        }
        ll_buf_puts(c, "};\n\n");
    }
    ll_buf_puts(c, "static const hr_loc locs[] = {\n");
    for (int i = 0; i < g->n_locs; i++) {
        const ll_init *in = find_init(t, -1, g->locs[i]);
        ll_ctype ty;
        loc_ctype(g, g->locs[i], &ty);
        int size = ty.size;
        bool sign = ty.is_signed;
        int64_t v = in && in->has_value && !in->value.is_sym
                        ? in->value.num : 0;
        int ptr = in && in->has_value && in->value.is_sym
                      ? loc_index(g, in->value.sym) : -1;
        ll_buf_printf(c, "    {\"%s\", ", g->locs[i]);
        hw_gen_put_int64(c, v);
        /* an address is the target's pointer wide, whatever the type */
        if (ptr >= 0 || (in && in->pointer))
            ll_buf_printf(c, ", %d, (int)sizeof(void *), 0", ptr);
        else
            ll_buf_printf(c, ", %d, %d, %d", ptr, size, sign);
        if (in && in->array_len > 0 && in->n_array_vals)
            ll_buf_printf(c, ", %d, init_%s},\n", in->array_len, g->locs[i]);
        else
            ll_buf_printf(c, ", %d, 0},\n", in ? in->array_len : 0);
    }
    if (!g->n_locs)
        ll_buf_puts(c, "    {\"\", 0, -1, 8, 1, 0, 0},\n");
    ll_buf_puts(c, "};\n\nstatic const hr_out outs[] = {\n");
    for (int i = 0; i < g->n_outs; i++) {
        ll_buf name = {0};
        out_name(&g->outs[i], &name);
        const gen_out *o = &g->outs[i];
        /* a C test's value has its variable's type already */
        ll_buf_puts(c, "    {");
        put_c_string(c, ll_buf_str(&name));
        ll_buf_printf(c, ", %d, %d, %d, %d, %d, %d},\n", o->loc_index,
                      g->ops->locals ? 8 : o->type.size,
                      g->ops->locals || o->type.is_signed, o->hidden,
                      o->elem, o->parts);
        ll_buf_free(&name);
    }
    if (!g->n_outs)
        ll_buf_puts(c, "    {\"\", -1, 8, 1, 0, 0, 0},\n");
    ll_buf_puts(c, "};\n\nstatic const hr_code code[] = {");
    for (int k = 0; k < t->n_threads; k++)
        ll_buf_printf(c, "%sP%d", k ? ", " : "", t->threads[k].proc);
    ll_buf_puts(c, "};\n\n");
    if (g->perp)
        hw_perp_write_table(g->perp, c);
    /* the metadata litmus7 prints after Hash=, in the test's order (not
       Prefetch, which litmus7 keeps for itself) */
    int n_info = 0;
    ll_buf_puts(c, "static const hr_info info[] = {\n");
    for (int i = 0; i < t->n_meta; i++) {
        if (!strcmp(t->meta[i].key, "Prefetch"))
            continue;
        ll_buf_puts(c, "    {");
        put_c_string(c, t->meta[i].key);
        ll_buf_puts(c, ", ");
        put_c_string(c, t->meta[i].value);
        ll_buf_puts(c, "},\n");
        n_info++;
    }
    if (!n_info)
        ll_buf_puts(c, "    {\"\", \"\"},\n");
    ll_buf_puts(c, "};\n\n");
    ll_buf_puts(c, "static const hr_test test = {\n    ");
    put_c_string(c, t->name ? t->name : "");
    ll_buf_printf(c, ", \"%s\",\n    ",
                  ll_log_kind_word(t->cond.quant, LL_LOG_LITMUS,
                                   LL_LITMUS_MODERN));
    ll_buf cond = {0};
    ll_cond_print(&t->cond, &cond);
    put_c_string(c, ll_buf_str(&cond));
    ll_buf_free(&cond);
    /* the quantifier by its number in verdict.h's ll_quant */
    ll_buf_printf(c, ",\n    %d, %d, %d, %d, locs, outs, code, cond, %s,\n    ",
                  (int)t->cond.quant, t->n_threads, g->n_locs, g->n_outs,
                  t->filter ? "filter" : "0");
    /* perpetual mode's table, or why the test runs classic only */
    if (g->perp)
        ll_buf_puts(c, "&perp, 0,\n    ");
    else {
        ll_buf_puts(c, "0, ");
        put_c_string(c, ll_buf_str(&g->perp_why));
        ll_buf_puts(c, ",\n    ");
    }
    /* litmus7 7.58 prints its digest before the metadata, but a test's
     * own `Hash=` line as given, at its place among them (info), and no
     * digest of its own then */
    if (ll_test_meta(t, "Hash"))
        ll_buf_puts(c, "0");
    else {
        char *hash = ll_test_hash(t);
        put_c_string(c, hash);
        free(hash);
    }
    ll_buf_printf(c, ", %d, info};\n\n", n_info);
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
    int id = t->arch_name ? ll_arch_id_of(t->arch_name) : -1;
    if (!t->arch && id < 0)   /* a language the list does not have */
        return hw_gen_fail(g, NULL, "hwrun runs assembly tests; '%s' is a "
                           "%s test", t->name ? t->name : "?",
                           t->arch_name ? t->arch_name : "C");
    const char *why_not;
    g->ops = hw_gen_find(id, &why_not);
    if (why_not)
        return hw_gen_fail(g, NULL, "'%s' %s", t->name ? t->name : "?",
                           why_not);
    if (!g->ops)
        return hw_gen_fail(g, NULL, "hwrun has no code generator for %s "
                           "tests", t->arch_name ? t->arch_name : "?");
    if (t->n_threads < 1 || t->n_threads > 64)
        return hw_gen_fail(g, NULL, "hwrun runs tests of 1 to 64 threads, "
                           "not %d", t->n_threads);
    return true;
}

bool hw_gen_c(ll_test *t, ll_buf *out, ll_diag *d)
{
    hw_gen g = {.t = t, .d = d};
    d->file = t->file;
    bool ok = check_test(&g);
    /* a C test's code is what the model reads: its bodies lowered */
    if (ok && g.ops->prepare && !g.ops->prepare(t, d))
        ok = false;
    if (ok) {
        g.th = ll_xcalloc((size_t)t->n_threads, sizeof *g.th);
        for (int k = 0; k < t->n_threads; k++)
            g.th[k].th = &t->threads[k];
        ok = collect_locs(&g) && check_element_inits(&g);
    }
    if (ok) {
        for (int k = 0; k < t->n_threads; k++)
            g.th[k].loc_used = ll_xcalloc((size_t)g.n_locs + 1, sizeof(bool));
        ok = collect_outs(&g);
    }
    if (ok && g.ops == &hw_gen_c_ops)
        ll_buf_puts(&g.perp_why, "C tests run in the classic mode");
    else if (ok)
        g.perp = hw_perp_plan_new(&g, &g.perp_why);
    ll_buf c = {0};
    if (ok) {
        ll_buf_puts(&c, "/* ");
        put_comment_name(&c, t->name);
        ll_buf_puts(&c, ": generated by litmuslab hwrun; runs with the "
                    "harness in harness.c. */\n#include <stdint.h>\n\n"
                    "#include \"harness.h\"\n\n");
        if (g.ops->prelude)
            g.ops->prelude(t, &c);
        size_t head = c.len;
        for (int k = 0; ok && k < t->n_threads; k++)
            ok = write_thread(&g, k, &c);
        if (!ok && g.perp_too_wide) {   /* again, classic only */
            ll_buf_printf(&g.perp_why, "a thread needs more than %d asm "
                          "operands with its stores' values",
                          HW_MAX_ASM_OPERANDS);
            hw_perp_plan_free(g.perp);
            g.perp = NULL;
            c.len = head;
            ok = true;
            for (int k = 0; ok && k < t->n_threads; k++)
                ok = write_thread(&g, k, &c);
        }
    }
    if (ok) {
        write_tables(&g, &c);
        ll_buf_puts(out, ll_buf_str(&c));
    }
    ll_buf_free(&c);
    for (int k = 0; g.th && k < t->n_threads; k++)
    {
        free(g.th[k].loc_used);
        free(g.th[k].sym);
    }
    free(g.th);
    free(g.locs);
    free(g.outs);
    hw_perp_plan_free(g.perp);
    ll_buf_free(&g.perp_why);
    return ok;
}
