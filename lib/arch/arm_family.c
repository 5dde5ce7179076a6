/* arm_family.c — the syntax ARM and AArch64 share: mnemonic suffixes,
 * condition and barrier names, immediates and bracketed addresses. */
#include <ctype.h>
#include <string.h>

#include "arm_family.h"
#include "litmuslab/arch/aarch64.h"

static const char *const cond_names[] = {
    "EQ", "NE", "CS", "CC", "MI", "PL", "VS", "VC",
    "HI", "LS", "GE", "LT", "GT", "LE", "AL",
};

static const char *const barrier_names[] = {
    "SY", "ST", "LD", "ISH", "ISHST", "ISHLD",
    "NSH", "NSHST", "NSHLD", "OSH", "OSHST", "OSHLD",
};

static const char *const ext_names[] = {"LSL", "UXTW", "SXTW", "SXTX"};

#define COUNT(a) ((int)(sizeof a / sizeof *a))

static int name_index(ll_span s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (ll_span_eq_nocase(s, names[i]))
            return i;
    return -1;
}

static int cond_of(ll_span s)
{
    if (ll_span_eq_nocase(s, "HS"))
        return LL_ARM_COND_CS;
    if (ll_span_eq_nocase(s, "LO"))
        return LL_ARM_COND_CC;
    return name_index(s, cond_names, COUNT(cond_names));
}

static const ll_armf_form *find_exact(ll_span m, const ll_armf_form *forms,
                                      int n)
{
    int i = ll_asm_lookup(m, forms, n, sizeof *forms, true);
    return i >= 0 ? &forms[i] : NULL;
}

/* base + `S`? + condition? (ARM), or base + `.cond` (AArch64). */
static const ll_armf_form *find_form(ll_span m, const ll_armf_form *forms,
                                     int n, unsigned *flags)
{
    *flags = 0;
    const ll_armf_form *f = find_exact(m, forms, n);
    if (f)
        return f;
    int dot = m.len - 1;
    while (dot > 0 && m.s[dot] != '.')
        dot--;
    if (dot > 0) {
        ll_span base = {m.s, dot, m.col};
        ll_span cond = {m.s + dot + 1, m.len - dot - 1, m.col + dot + 1};
        f = find_exact(base, forms, n);
        int c = cond_of(cond);
        if (f && (f->allow & ARMF_DOTCOND) && c >= 0) {
            *flags = LL_ARM_F_COND | (unsigned)c;
            return f;
        }
        return NULL;
    }
    /* try a two-letter condition, then an S, on what is left */
    for (int with_cond = 1; with_cond >= 0; with_cond--) {
        int len = m.len;
        unsigned fl = 0;
        if (with_cond) {
            if (len < 3)
                continue;
            int c = cond_of((ll_span){m.s + len - 2, 2, m.col});
            if (c < 0)
                continue;
            fl = LL_ARM_F_COND | (unsigned)c;
            len -= 2;
            f = find_exact((ll_span){m.s, len, m.col}, forms, n);
            if (f && (f->allow & ARMF_COND)) {
                *flags = fl;
                return f;
            }
        }
        if (len < 2 || toupper((unsigned char)m.s[len - 1]) != 'S')
            continue;
        f = find_exact((ll_span){m.s, len - 1, m.col}, forms, n);
        if (f && (f->allow & ARMF_S) &&
            (!with_cond || (f->allow & ARMF_COND))) {
            *flags = fl | LL_ARM_F_S;
            return f;
        }
    }
    return NULL;
}

static const ll_armf_form *form_of_op(int op, const ll_armf_form *forms,
                                      int n)
{
    for (int i = 0; i < n; i++)
        if (forms[i].op == op)
            return &forms[i];
    return NULL;
}

static void print_mnem(const ll_armf_form *f, unsigned flags, ll_buf *b)
{
    if (!f) {
        ll_buf_puts(b, "?");
        return;
    }
    ll_buf_puts(b, f->mnem);
    if (flags & LL_ARM_F_S)
        ll_buf_putc(b, 'S');
    if (flags & LL_ARM_F_COND) {
        int c = LL_ARM_COND_OF(flags);
        if (f->allow & ARMF_DOTCOND)
            ll_buf_putc(b, '.');
        ll_buf_puts(b, c < COUNT(cond_names) ? cond_names[c] : "?");
    }
    if (f->allow & ARMF_BARRIER) {
        int o = LL_ARM_BAR_OF(flags);
        ll_buf_printf(b, " %s", o < COUNT(barrier_names) ? barrier_names[o]
                                                          : "?");
    }
}

/* DMB/DSB: the option operand (removed from ln) into *flags; with no
 * operand the option is SY when optional, else an error. */
static bool barrier_arg(ll_asm_line *ln, bool optional, unsigned *flags,
                        ll_diag *d)
{
    if (ln->n_args == 0) {
        if (!optional)
            return ll_asm_arg_count(d, ln->mnem, 1, 0);
        *flags |= (unsigned)LL_ARM_BAR_SY << LL_ARM_BAR_SHIFT;
        return true;
    }
    if (ln->n_args > 1)
        return ll_asm_arg_count(d, ln->mnem, 1, ln->n_args);
    int o = name_index(ln->args[0], barrier_names, COUNT(barrier_names));
    if (o < 0)
        return ll_asm_bad_operand(d, ln->args[0],
                                  "a barrier option (SY, ISH, ISHLD, ...)");
    *flags |= (unsigned)o << LL_ARM_BAR_SHIFT;
    ln->n_args = 0;
    return true;
}

static bool read_imm_value(ll_span s, bool hash_optional, int64_t *v)
{
    if (s.len > 0 && s.s[0] == '#')
        return ll_span_int(ll_span_sub(s, 1, s.len - 1), v);
    return hash_optional && ll_span_int(s, v);
}

static bool read_reg(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    const ll_armf_arch *a = ctx;
    return ll_asm_reg_operand(s, ll_span_reg(s, a->lookup), o, d);
}

static bool read_imm(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    const ll_armf_arch *a = ctx;
    if (read_imm_value(s, a->lenient, &o->imm))
        return true;
    return ll_asm_bad_operand(d, s, "an immediate #N");
}

/* The third part of an AArch64 address: `SXTW`, `LSL #3`, `UXTW #2`. */
static bool read_extend(ll_span s, ll_operand *o, ll_diag *d)
{
    int sp = 0;
    while (sp < s.len && !isspace((unsigned char)s.s[sp]))
        sp++;
    int kind = name_index(ll_span_sub(s, 0, sp), ext_names, COUNT(ext_names));
    int64_t amount = 0;
    ll_span rest = ll_span_sub(s, sp, s.len - sp);
    if (kind < 0 || (rest.len > 0 && (!read_imm_value(rest, false, &amount) ||
                                      amount < 0 || amount > 4)))
        return ll_asm_bad_operand(d, s, "an extension (LSL #n, SXTW, ...)");
    o->shift = (int)amount | kind << 8;
    return true;
}

static bool read_mem(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    const ll_armf_arch *r = ctx;
    ll_span in, parts[3];
    *o = ll_opnd_mem(-1, -1, 0);
    if (!ll_span_wrapped(s, '[', ']', &in)) {
        /* herd's ARM also reads `LDR R0,R1` */
        if (!r->lenient || ll_span_reg(s, r->lookup) < 0)
            return ll_asm_bad_operand(d, s, "an address [Rn...]");
        in = s;
    }
    int n = ll_span_split_commas(in, parts, 3);
    if (n < 1 || (n == 3 && !r->extend_ok))
        return ll_asm_bad_operand(d, s, "an address [Rn...]");
    ll_operand t;
    if (!read_reg(r, parts[0], &t, d))
        return false;
    o->reg = t.reg;
    if (n >= 2) {
        if (read_imm_value(parts[1], r->lenient, &o->imm)) {
            if (n == 3)
                return ll_asm_bad_operand(d, parts[2], "nothing here");
            return true;
        }
        if (!read_reg(r, parts[1], &t, d))
            return false;
        o->index = t.reg;
    }
    return n < 3 || read_extend(parts[2], o, d);
}

static void print_imm(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    ll_asm_print_int(b, "#", o->imm);
}

static void print_reg(const void *ctx, const ll_operand *o, ll_buf *b)
{
    const ll_armf_arch *a = ctx;
    ll_buf_puts(b, a->name(o->reg));
}

static void print_mem(const void *ctx, const ll_operand *o, ll_buf *b)
{
    const ll_armf_arch *r = ctx;
    ll_buf_printf(b, "[%s", r->name(o->reg));
    if (o->index >= 0) {
        ll_buf_printf(b, ",%s", r->name(o->index));
        int kind = LL_A64_EXT_KIND(o->shift);
        int amount = LL_A64_EXT_AMOUNT(o->shift);
        if (kind != LL_A64_EXT_LSL || amount != 0)
            ll_buf_printf(b, ",%s", kind < COUNT(ext_names)
                                        ? ext_names[kind] : "?");
        if (amount != 0)
            ll_buf_printf(b, " #%d", amount);
    } else if (o->imm != 0) {
        ll_buf_printf(b, ",#%lld", (long long)o->imm);
    }
    ll_buf_putc(b, ']');
}

bool ll_armf_parse(const ll_armf_arch *a, const char *text, ll_instr *out,
                   ll_diag *d)
{
    ll_asm_syntax sx = {read_reg, read_imm, read_mem, print_reg, print_imm,
                        print_mem, a};
    memset(out, 0, sizeof *out);
    ll_asm_line ln;
    if (!ll_asm_split(ll_span_of(text), &ln, d))
        return false;
    const ll_armf_form *f = find_form(ln.mnem, a->forms, a->n_forms,
                                      &out->flags);
    if (!f)
        return ll_asm_unknown_instr(d, ln.mnem);
    out->op = f->op;
    if (f->allow & ARMF_BARRIER &&
        !barrier_arg(&ln, a->lenient, &out->flags, d))
        return false;
    if (ll_asm_read_shape(&sx, f->shape, &ln, 0, out, d))
        return true;
    ll_instr_clear(out);
    return false;
}

void ll_armf_print(const ll_armf_arch *a, const ll_instr *in, ll_buf *b)
{
    ll_asm_syntax sx = {read_reg, read_imm, read_mem, print_reg, print_imm,
                        print_mem, a};
    print_mnem(form_of_op(in->op, a->forms, a->n_forms), in->flags, b);
    ll_asm_print_ops(&sx, in, 0, b);
}

const char *ll_armf_op_name(const ll_armf_arch *a, int op)
{
    const ll_armf_form *f = form_of_op(op, a->forms, a->n_forms);
    return f ? f->mnem : "?";
}
