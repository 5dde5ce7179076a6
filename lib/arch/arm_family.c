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

/* AArch64 shifts and extensions, in LL_A64_EXT_* order; an address
 * index takes the first four. */
static const char *const ext_names[] = {
    "LSL", "UXTW", "SXTW", "SXTX", "LSR", "ASR", "ROR",
    "UXTB", "UXTH", "SXTB", "SXTH", "UXTX",
};
enum { N_MEM_EXT = 4 };

#define COUNT(a) ((int)(sizeof a / sizeof *a))

static int name_index(ll_span s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (ll_span_eq_nocase(s, names[i]))
            return i;
    return -1;
}

/* The names SVE gives the conditions after a `.`, in cond_names' order
 * (NONE is EQ, ANY NE ...): herd7 7.58 reads them on a branch. */
static const char *const dot_cond_names[] = {
    "NONE", "ANY", "NLAST", "LAST", "FIRST", "NFIRST", "", "",
    "", "PLAST", "TCONT", "TSTOP",
};

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

/* AArch64: base + ordering (`A`, `L`, `AL`) + width (`B`, `H`), each
 * where the base allows it: LDADDALB, STLRH, CASA. */
static const ll_armf_form *find_ordered(ll_span m, const ll_armf_form *forms,
                                        int n, unsigned *flags)
{
    static const struct {
        const char *suffix;
        unsigned need, flags;
    } orders[] = {
        {"", 0, 0},
        {"AL", ARMF_ACQ | ARMF_REL, LL_A64_F_ACQ | LL_A64_F_REL},
        {"A", ARMF_ACQ, LL_A64_F_ACQ},
        {"L", ARMF_REL, LL_A64_F_REL},
    };
    for (int w = 0; w < 3; w++) {
        int len = m.len;
        unsigned fl = 0;
        if (w > 0) {
            char c = (char)toupper((unsigned char)m.s[len - 1]);
            if (len < 2 || c != (w == 1 ? 'B' : 'H'))
                continue;
            len--;
            fl = w == 1 ? LL_A64_F_BYTE : LL_A64_F_HALF;
        }
        for (int o = 0; o < COUNT(orders); o++) {
            int k = (int)strlen(orders[o].suffix);
            if (len <= k || (w == 0 && o == 0))
                continue;
            ll_span suf = {m.s + len - k, k, m.col};
            if (!ll_span_eq_nocase(suf, orders[o].suffix))
                continue;
            const ll_armf_form *f =
                find_exact((ll_span){m.s, len - k, m.col}, forms, n);
            unsigned need = orders[o].need | (w > 0 ? ARMF_BH : 0);
            if (f && (f->allow & need) == need) {
                *flags = fl | orders[o].flags;
                return f;
            }
        }
    }
    return NULL;
}

/* An ARM mnemonic's condition suffix as herd7 7.58 reads them: EQ and
 * NE on B, MOV, LDR and STR, EQ alone on MOVW, MOVT and AND; it refuses
 * the others (`BGT L0`: "unexpected 'L0'"), and so does this parser. */
static bool cond_allowed(const ll_armf_form *f, int c)
{
    if (c == LL_ARM_COND_EQ)
        return f->allow & (ARMF_COND | ARMF_EQ);
    return c == LL_ARM_COND_NE && (f->allow & ARMF_COND);
}

/* base + `S`? + condition? (ARM), base + `.cond` (AArch64), or base +
 * ordering and width suffixes (AArch64). */
static const ll_armf_form *find_form(ll_span m, const ll_armf_form *forms,
                                     int n, unsigned *flags)
{
    *flags = 0;
    const ll_armf_form *f = find_exact(m, forms, n);
    if (f)
        return f;
    f = find_ordered(m, forms, n, flags);
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
        if (c < 0 && cond.len > 0)
            c = name_index(cond, dot_cond_names, COUNT(dot_cond_names));
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
            if (f && cond_allowed(f, c)) {
                *flags = fl;
                return f;
            }
            continue;       /* no S with a condition (ADDSEQ) */
        }
        if (len < 2 || toupper((unsigned char)m.s[len - 1]) != 'S')
            continue;
        f = find_exact((ll_span){m.s, len - 1, m.col}, forms, n);
        if (f && (f->allow & ARMF_S)) {
            *flags = fl | LL_ARM_F_S;
            return f;
        }
    }
    return NULL;
}

/* The row to print an instruction with: ll_armf_parse only ever sets
 * one row's opcode. */
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
    if (flags & LL_A64_F_ACQ)
        ll_buf_putc(b, 'A');
    if (flags & LL_A64_F_REL)
        ll_buf_putc(b, 'L');
    if (flags & (LL_A64_F_BYTE | LL_A64_F_HALF))
        ll_buf_putc(b, flags & LL_A64_F_BYTE ? 'B' : 'H');
    if ((flags & LL_ARM_F_COND) && !(f->allow & ARMF_CONDARG)) {
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

/* CSEL and friends: the last operand, a condition, into *flags. */
static bool cond_arg(ll_asm_line *ln, unsigned *flags, ll_diag *d)
{
    if (ln->n_args == 0)
        return true;    /* the operand count is checked with the rest */
    ll_span a = ln->args[ln->n_args - 1];
    int c = cond_of(a);
    if (c < 0)
        return ll_asm_bad_operand(d, a, "a condition (EQ, NE, ...)");
    *flags |= LL_ARM_F_COND | (unsigned)c;
    ln->n_args--;
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
    if (read_imm_value(s, a->lenient || a->bare_imm, &o->imm))
        return true;
    return ll_asm_bad_operand(d, s, "an immediate #N");
}

/* An AArch64 shift or extension into *shift: `SXTW`, `LSL #3`, `UXTW
 * #2`. An address index takes LSL, UXTW, SXTW, SXTX with amounts up to
 * 4; an ALU operand any kind (an immediate LSL only), shifts up to 63. */
static bool read_extend(ll_span s, bool mem, bool imm, int *shift,
                        ll_diag *d)
{
    int sp = 0;
    while (sp < s.len && !isspace((unsigned char)s.s[sp]) && s.s[sp] != '#')
        sp++;
    int kind = name_index(ll_span_sub(s, 0, sp), ext_names,
                          mem ? N_MEM_EXT : COUNT(ext_names));
    bool is_shift = kind == LL_A64_EXT_LSL || kind == LL_A64_EXT_LSR ||
                    kind == LL_A64_EXT_ASR || kind == LL_A64_EXT_ROR;
    int64_t amount = 0;
    int from = sp;    /* herd7 also reads `LSL#2` and `LSL 0` */
    while (from < s.len && isspace((unsigned char)s.s[from]))
        from++;
    ll_span rest = ll_span_sub(s, from, s.len - from);
    if (kind < 0 || (imm && kind != LL_A64_EXT_LSL) ||
        (rest.len > 0 && (!read_imm_value(rest, true, &amount) ||
                          amount < 0 ||
                          amount > (mem || !is_shift ? 4 : 63))))
        return ll_asm_bad_operand(d, s, mem ? "an extension (LSL #n, SXTW, ...)"
                                            : "a shift (LSL #n, ASR #n, ...)");
    *shift = LL_A64_SHIFT(kind, (int)amount);
    return true;
}

/* `[Xn,#k]!` and `[Xn],#k`: the writeback forms of an AArch64 address;
 * *s is left with the bracketed part. */
static bool read_writeback(ll_span *s, ll_operand *o, ll_diag *d)
{
    if (s->len > 0 && s->s[s->len - 1] == '!') {
        *s = ll_span_sub(*s, 0, s->len - 1);
        o->shift = LL_A64_IDX_PRE << LL_A64_IDX_SHIFT;
        return true;
    }
    int comma = ll_span_find(*s, ',');
    if (comma < 0)
        return true;
    ll_span k = ll_span_sub(*s, comma + 1, s->len - comma - 1);
    if (!read_imm_value(k, false, &o->imm))
        return ll_asm_bad_operand(d, k, "an immediate #N");
    *s = ll_span_sub(*s, 0, comma);
    o->shift = LL_A64_IDX_POST << LL_A64_IDX_SHIFT;
    return true;
}

static bool read_mem(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    const ll_armf_arch *r = ctx;
    ll_span in, parts[3], whole = s;
    *o = ll_opnd_mem(-1, -1, 0);
    if (r->extend_ok && !read_writeback(&s, o, d))
        return false;
    int mode = LL_A64_IDX_MODE(o->shift);
    int64_t post = o->imm;
    if (!ll_span_wrapped(s, '[', ']', &in)) {
        /* herd's ARM also reads `LDR R0,R1` */
        if (!r->lenient || ll_span_reg(s, r->lookup) < 0)
            return ll_asm_bad_operand(d, s, "an address [Rn...]");
        in = s;
    }
    int n = ll_span_split_commas(in, parts, 3);
    if (n < 1 || (n == 3 && !r->extend_ok) ||
        (mode == LL_A64_IDX_POST && n > 1) ||
        (mode == LL_A64_IDX_PRE && n != 2))
        return ll_asm_bad_operand(d, whole, "an address [Rn...]");
    ll_operand t;
    if (!read_reg(r, parts[0], &t, d))
        return false;
    o->reg = t.reg;
    if (n >= 2) {
        if (read_imm_value(parts[1], r->lenient || r->bare_imm,
                           &o->imm)) {
            if (n == 3)
                return ll_asm_bad_operand(d, parts[2], "nothing here");
            return true;
        }
        if (mode != LL_A64_IDX_OFFSET)
            return ll_asm_bad_operand(d, parts[1], "an immediate #N");
        if (!read_reg(r, parts[1], &t, d))
            return false;
        o->index = t.reg;
    }
    if (mode == LL_A64_IDX_POST)
        o->imm = post;
    return n < 3 || read_extend(parts[2], true, false, &o->shift, d);
}

/* `,LSL #2`, `,SXTW`: an AArch64 operand's shift, when it has one. */
static void print_extend(int shift, bool mem, ll_buf *b)
{
    int kind = LL_A64_EXT_KIND(shift), amount = LL_A64_EXT_AMOUNT(shift);
    if (kind == LL_A64_EXT_LSL && amount == 0)
        return;
    ll_buf_printf(b, ",%s", kind < COUNT(ext_names) ? ext_names[kind] : "?");
    if (amount != 0 || (!mem && kind <= LL_A64_EXT_ROR &&
                        kind != LL_A64_EXT_UXTW && kind != LL_A64_EXT_SXTW &&
                        kind != LL_A64_EXT_SXTX))
        ll_buf_printf(b, " #%d", amount);
}

static void print_imm(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    ll_asm_print_int(b, "#", o->imm);
    print_extend(o->shift, false, b);
}

static void print_reg(const void *ctx, const ll_operand *o, ll_buf *b)
{
    const ll_armf_arch *a = ctx;
    ll_buf_puts(b, a->name(o->reg));
    print_extend(o->shift, false, b);
}

static void print_mem(const void *ctx, const ll_operand *o, ll_buf *b)
{
    const ll_armf_arch *r = ctx;
    int mode = LL_A64_IDX_MODE(o->shift);
    ll_buf_printf(b, "[%s", r->name(o->reg));
    if (o->index >= 0) {
        ll_buf_printf(b, ",%s", r->name(o->index));
        print_extend(o->shift, true, b);
    } else if ((o->imm != 0 && mode != LL_A64_IDX_POST) ||
               mode == LL_A64_IDX_PRE) {    /* `[X1,#0]!` */
        ll_buf_printf(b, ",#%lld", (long long)o->imm);
    }
    ll_buf_putc(b, ']');
    if (mode == LL_A64_IDX_PRE)
        ll_buf_putc(b, '!');
    else if (mode == LL_A64_IDX_POST)
        ll_buf_printf(b, ",#%lld", (long long)o->imm);
}

/* AArch64 `[X1],#8`: the post-index immediate is a separate operand to
 * the splitter; join it to its address. */
static void join_post_index(ll_asm_line *ln)
{
    for (int i = 0; i + 1 < ln->n_args; i++) {
        ll_span a = ln->args[i], k = ln->args[i + 1];
        if (a.len > 0 && a.s[0] == '[' && a.s[a.len - 1] == ']' &&
            k.len > 0 && k.s[0] == '#') {
            ll_asm_join_args(ln, i);
            return;
        }
    }
}

/* AArch64 `ADD X0,X1,X2,LSL #2`: with one operand more than the shape,
 * the last is the shift of the one before; read into *shift. */
static bool shifted_arg(ll_asm_line *ln, const char *shape, int *shift,
                        bool *written, ll_diag *d)
{
    int want = (int)strlen(shape);
    if (ln->n_args != want + 1)
        return true;
    *written = true;
    ll_span prev = ln->args[want - 1];
    bool imm = prev.len > 0 && prev.s[0] == '#';
    if (!read_extend(ln->args[want], false, imm, shift, d))
        return false;
    ln->n_args--;
    return true;
}

/* The mnemonic, or a word of an operand that names a condition, a
 * barrier option or a shift, is in mixed case (LL_ARM_F_MIXED_CASE);
 * registers and labels (f's `l` operands: `B Lo`) may be. */
static bool mixed_case_keyword(const ll_asm_line *ln, const ll_armf_form *f)
{
    if (ll_span_mixed_case(ln->mnem))
        return true;
    int n_shape = (int)strlen(f->shape);
    for (int i = 0; i < ln->n_args; i++) {
        if (i < n_shape && f->shape[i] == 'l')
            continue;
        ll_span a = ln->args[i];
        for (int k = 0; k < a.len;) {
            int e = k;
            while (e < a.len && isalpha((unsigned char)a.s[e]))
                e++;
            ll_span w = {a.s + k, e - k, a.col + k};
            if (e > k && ll_span_mixed_case(w) &&
                (cond_of(w) >= 0 ||
                 name_index(w, barrier_names, COUNT(barrier_names)) >= 0 ||
                 name_index(w, ext_names, COUNT(ext_names)) >= 0))
                return true;
            k = e > k ? e : k + 1;
        }
    }
    return false;
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
    if (mixed_case_keyword(&ln, f))
        out->flags |= LL_ARM_F_MIXED_CASE;
    if (f->allow & ARMF_BARRIER &&
        !barrier_arg(&ln, a->lenient, &out->flags, d))
        return false;
    if (f->allow & ARMF_CONDARG && !cond_arg(&ln, &out->flags, d))
        return false;
    int shift = 0;
    bool written = false;
    if (a->extend_ok)
        join_post_index(&ln);
    if (f->allow & ARMF_SHIFTED &&
        !shifted_arg(&ln, f->shape, &shift, &written, d))
        return false;
    if (ll_asm_read_shape(&sx, f->shape, &ln, 0, out, d)) {
        if (shift)
            out->ops[out->n_ops - 1].shift = shift;
        if (written && (f->allow & ARMF_KEEPSHIFT))
            out->flags |= LL_A64_F_LSL_WRITTEN;
        return true;
    }
    ll_instr_clear(out);
    return false;
}

bool ll_armf_name_symregs(const ll_armf_arch *a, const ll_asm_line *ln,
                          ll_instr *out, ll_diag *d)
{
    int first = a->symreg_base;
    for (int i = 0; i < out->n_ops; i++) {
        ll_operand *o = &out->ops[i];
        if (o->kind != LL_OPND_REG && o->kind != LL_OPND_MEM)
            continue;
        if (o->kind == LL_OPND_MEM && o->index >= first) {
            if (o->reg >= first || o->shift)
                return ll_asm_bad_operand(d, ln->args[ln->n_args - 1],
                                          "at most one symbolic register, "
                                          "unshifted, in an address");
            int base = o->reg;
            o->reg = o->index;
            o->index = base;
            o->shift = LL_ARM_MEM_SWAPPED;
        }
        if (o->reg >= first)
            o->sym = ll_xstrdup(a->name(o->reg) + 1);
    }
    return true;
}

void ll_armf_print(const ll_armf_arch *a, const ll_instr *in, ll_buf *b)
{
    ll_asm_syntax sx = {read_reg, read_imm, read_mem, print_reg, print_imm,
                        print_mem, a};
    const ll_armf_form *f = form_of_op(in->op, a->forms, a->n_forms);
    ll_instr copy = *in;    /* shallow: a swapped address as written */
    for (int i = 0; i < copy.n_ops; i++) {
        ll_operand *o = &copy.ops[i];
        if (o->kind == LL_OPND_MEM && (o->shift & LL_ARM_MEM_SWAPPED)) {
            o->reg = in->ops[i].index;
            o->index = in->ops[i].reg;
            o->shift = 0;
        }
    }
    size_t at = b->len;
    print_mnem(f, in->flags, b);
    if (in->flags & LL_ARM_F_MIXED_CASE)
        ll_asm_mixed_word(b, at);
    ll_asm_print_ops(&sx, &copy, 0, b);
    if ((in->flags & LL_A64_F_LSL_WRITTEN) && copy.n_ops > 0 &&
        copy.ops[copy.n_ops - 1].shift == 0)    /* print_imm leaves it */
        ll_buf_puts(b, ",LSL #0");
    if (f && (f->allow & ARMF_CONDARG)) {
        int c = LL_ARM_COND_OF(in->flags);
        ll_buf_printf(b, ",%s", c < COUNT(cond_names) ? cond_names[c] : "?");
    }
}

const char *ll_armf_op_name(const ll_armf_arch *a, int op)
{
    const ll_armf_form *f = form_of_op(op, a->forms, a->n_forms);
    return f ? f->mnem : "?";
}
