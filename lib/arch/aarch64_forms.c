/* aarch64_forms.c — the AArch64 operand forms the reader refuses after
 * the table took them (neither the CPU has an encoding nor herd7 7.58
 * reads them: one-instruction probes, doc/fidelity.md "AArch64 forms"),
 * and the spellings it notes for the model, which refuses the forms the
 * CPU has but herd7 does not read (model/sem/aarch64_forms.c). */
#include <string.h>

#include "aarch64_forms.h"
#include "litmuslab/arch/aarch64.h"

int ll_a64_base_only(int op)
{
    switch (op) {
    case LL_A64_LDAR: case LL_A64_LDAPR: case LL_A64_LDXR:
    case LL_A64_LDAXR: case LL_A64_STLR: case LL_A64_STXR:
    case LL_A64_STLXR: case LL_A64_LDXP: case LL_A64_LDAXP:
    case LL_A64_STXP: case LL_A64_STLXP:
        return LL_A64_BASE_ORDERED;
    case LL_A64_SWP: case LL_A64_CAS: case LL_A64_CASP:
        return LL_A64_BASE_ATOMIC;
    default:
        return op >= LL_A64_LDADD && op <= LL_A64_STUMIN
                   ? LL_A64_BASE_ATOMIC : 0;
    }
}

static bool logical(int op)
{
    return op == LL_A64_AND || op == LL_A64_ORR || op == LL_A64_EOR ||
           op == LL_A64_BIC || op == LL_A64_ORN || op == LL_A64_EON ||
           op == LL_A64_TST || op == LL_A64_MVN;
}

static bool arith(int op)
{
    return op == LL_A64_ADD || op == LL_A64_SUB || op == LL_A64_CMP ||
           op == LL_A64_NEG;
}

/* The argument a bracketed address was written in, or -1. */
static int mem_arg(const ll_asm_line *ln)
{
    for (int i = 0; i < ln->n_args; i++)
        if (ln->args[i].len > 0 && ln->args[i].s[0] == '[')
            return i;
    return -1;
}

static bool address(const ll_asm_line *ln, ll_instr *out, ll_diag *d)
{
    int at = mem_arg(ln), m = out->n_ops - 1;
    if (at < 0 || m < 0 || out->ops[m].kind != LL_OPND_MEM)
        return true;
    const ll_operand *o = &out->ops[m];
    ll_span a = ln->args[at], in, parts[3];
    int mode = LL_A64_IDX_MODE(o->shift);
    if (mode == LL_A64_IDX_POST && at + 1 < ln->n_args)   /* `[X1],#4` */
        a.len = (int)(ln->args[at + 1].s + ln->args[at + 1].len - a.s);
    if (mode == LL_A64_IDX_OFFSET && o->index < 0 && o->imm == 0 &&
        ll_span_wrapped(a, '[', ']', &in) &&
        ll_span_split_commas(in, parts, 3) == 2)
        out->flags |= LL_A64_F_ZERO_WRITTEN;
    bool plain = mode == LL_A64_IDX_OFFSET && o->index < 0 && o->imm == 0;
    if (ll_a64_base_only(out->op) && !plain)
        return ll_asm_bad_operand(d, a, "an address [Xn] (an acquire, "
                                  "release, exclusive or atomic access has "
                                  "no index, offset or writeback)");
    int pair = 2 * ll_a64_access_size(out);
    if (out->op == LL_A64_LDIAPP &&
        !(plain || (mode == LL_A64_IDX_POST && o->imm == pair)))
        return ll_asm_bad_operand(d, a, "an address [Xn] or [Xn],#k, k "
                                  "the pair's size (LDIAPP)");
    if (out->op == LL_A64_STILP &&
        !(plain || (mode == LL_A64_IDX_PRE && o->imm == -pair)))
        return ll_asm_bad_operand(d, a, "an address [Xn] or [Xn,#-k]!, k "
                                  "the pair's size (STILP)");
    if ((out->op == LL_A64_LDUR || out->op == LL_A64_STUR) &&
        (o->index >= 0 || mode != LL_A64_IDX_OFFSET))
        return ll_asm_bad_operand(d, a, "an address [Xn,#k] (LDUR and STUR "
                                  "take an immediate offset only)");
    if (o->index >= 0 &&
        (out->op == LL_A64_LDP || out->op == LL_A64_LDNP ||
         out->op == LL_A64_STP || out->op == LL_A64_STNP ||
         out->op == LL_A64_LDPSW))
        return ll_asm_bad_operand(d, a, "an address [Xn] or [Xn,#k] (a "
                                  "pair has no register index)");
    return true;
}

/* The shift or extension of the last operand, when written. */
static bool second_operand(const ll_asm_line *ln, const ll_instr *in,
                           ll_diag *d)
{
    const ll_operand *o = &in->ops[in->n_ops - 1];
    int kind = LL_A64_EXT_KIND(o->shift);
    ll_span s = ln->args[ln->n_args - 1];
    bool ext = kind == LL_A64_EXT_UXTW || kind == LL_A64_EXT_SXTW ||
               kind == LL_A64_EXT_SXTX || kind >= LL_A64_EXT_UXTB;
    if (logical(in->op) && o->kind == LL_OPND_REG && ext)
        return ll_asm_bad_operand(d, s, "a shift (LSL, LSR, ASR, ROR #n): "
                                  "a logical operation extends no register");
    if (logical(in->op) && o->kind == LL_OPND_IMM && o->shift != 0 &&
        in->op != LL_A64_ORN)   /* herd7 reads `ORN W0,W2,#1,LSL #12` */
        return ll_asm_bad_operand(d, s, "nothing: a logical operation's "
                                  "immediate takes no shift");
    if (arith(in->op) && o->kind == LL_OPND_REG &&
        kind == LL_A64_EXT_ROR)
        return ll_asm_bad_operand(d, s, "a shift LSL, LSR or ASR, or an "
                                  "extension (ADD and SUB take no ROR)");
    if ((in->op == LL_A64_MOVZ || in->op == LL_A64_MOVN ||
         in->op == LL_A64_MOVK) && LL_A64_REG_IS_W(in->ops[0].reg) &&
        LL_A64_EXT_AMOUNT(o->shift) > 16)
        return ll_asm_bad_operand(d, s, "LSL #0 or #16 (a W register has "
                                  "two halfwords)");
    return true;
}

/* Register widths the CPU has no encoding for: the long multiplies
 * take W sources into an X register, REV32 and SXTW an X destination,
 * the one-source operations one width, and SP is an X register. */
static bool widths(const ll_asm_line *ln, const ll_instr *in, ll_diag *d)
{
    bool w0 = in->n_ops > 0 && in->ops[0].kind == LL_OPND_REG &&
              LL_A64_REG_IS_W(in->ops[0].reg);
    for (int i = 0; i < in->n_ops && i < ln->n_args; i++)
        if (in->ops[i].kind == LL_OPND_REG && in->ops[i].reg == LL_A64_SP &&
            w0)
            return ll_asm_bad_operand(d, ln->args[i], "a W register (SP "
                                      "is 64 bits wide; WSP is not "
                                      "supported)");
    bool w1 = in->n_ops > 1 && in->ops[1].kind == LL_OPND_REG &&
              LL_A64_REG_IS_W(in->ops[1].reg);
    switch (in->op) {
    case LL_A64_STXR: case LL_A64_STLXR: case LL_A64_STXP: case LL_A64_STLXP:
        return w0 || ll_asm_bad_operand(d, ln->args[0], "a W register (the "
                                        "status)");
    case LL_A64_SMULL: case LL_A64_UMULL: case LL_A64_SMNEGL:
    case LL_A64_UMNEGL:
        if (w0)
            return ll_asm_bad_operand(d, ln->args[0], "an X register (the "
                                      "64-bit product)");
        for (int i = 1; i < 3 && i < ln->n_args; i++)
            if (!LL_A64_REG_IS_W(in->ops[i].reg) &&
                LL_A64_REG_NUM(in->ops[i].reg) != LL_A64_ZR)
                return ll_asm_bad_operand(d, ln->args[i], "a W register "
                                          "(the 32-bit factors)");
        return true;
    case LL_A64_SXTW:
        if (w0)
            return ll_asm_bad_operand(d, ln->args[0], "an X register");
        return w1 || ll_asm_bad_operand(d, ln->args[1], "a W register");
    case LL_A64_REV32:
        if (w0)
            return ll_asm_bad_operand(d, ln->args[0], "an X register "
                                      "(REV32 of a W register is REV)");
        break;
    case LL_A64_REV:
        if (w0 && ll_span_eq_nocase(ln->mnem, "REV64"))
            return ll_asm_bad_operand(d, ln->args[0], "an X register "
                                      "(REV64 of a W register is REV)");
        break;
    case LL_A64_REV16: case LL_A64_RBIT: case LL_A64_ABS:
        break;
    default:
        return true;
    }
    return w0 == w1 || ll_asm_bad_operand(d, ln->args[1], w0
                                          ? "a W register, as the first"
                                          : "an X register, as the first");
}

/* `CSEL W0,W1,W2,HS`, `B.LO`: the CPU's other names of CS and CC. */
static bool cond_alias(const ll_asm_line *ln, const ll_instr *in)
{
    if (!(in->flags & LL_ARM_F_COND))
        return false;
    ll_span c = ln->n_args > 0 ? ln->args[ln->n_args - 1] : ln->mnem;
    if (in->op == LL_A64_B)
        c = ln->mnem;
    if (c.len < 2)
        return false;
    ll_span t = {c.s + c.len - 2, 2, c.col};
    return (c.len == 2 || in->op == LL_A64_B) &&
           (ll_span_eq_nocase(t, "HS") || ll_span_eq_nocase(t, "LO"));
}

bool ll_a64_cpu_form(const ll_asm_line *ln, ll_instr *out, ll_diag *d)
{
    if (cond_alias(ln, out))
        out->flags |= LL_A64_F_COND_ALIAS;
    if (out->n_ops == 0)
        return true;
    return address(ln, out, d) && second_operand(ln, out, d) &&
           widths(ln, out, d);
}
