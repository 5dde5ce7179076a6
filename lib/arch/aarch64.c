/* aarch64.c — the AArch64 plug-in: reads herd7's AArch64 syntax into
 * ll_instr (opcodes and layout in include/litmuslab/arch/aarch64.h) and
 * prints it back in upper case. The suffix and address syntax is in
 * arm_family.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aarch64_forms.h"
#include "arm_family.h"
#include "litmuslab/arch/aarch64.h"

#define SH ARMF_SHIFTED
#define ORD_BH (ARMF_ACQ | ARMF_REL | ARMF_BH)   /* SWPALB, LDADDAH */
#define REL_BH (ARMF_REL | ARMF_BH)              /* STADDLB */

/* deliberate likeness: arm.c's forms[] (data, a row per mnemonic). */
static const ll_armf_form forms[] = {
    {"ADD", LL_A64_ADD, "rro", ARMF_S | SH},
    {"SUB", LL_A64_SUB, "rro", ARMF_S | SH},
    {"AND", LL_A64_AND, "rro", ARMF_S | SH},
    {"ORR", LL_A64_ORR, "rro", SH},
    {"EOR", LL_A64_EOR, "rro", SH},
    {"BIC", LL_A64_BIC, "rrr", ARMF_S | SH},
    {"ORN", LL_A64_ORN, "rro", SH},   /* herd7 reads #k too */
    {"EON", LL_A64_EON, "rro", SH},
    {"LSL", LL_A64_LSL, "rro", 0},
    {"LSR", LL_A64_LSR, "rro", 0},
    {"ASR", LL_A64_ASR, "rro", 0},
    {"ROR", LL_A64_ROR, "rro", 0},
    {"MOV", LL_A64_MOV, "ro", 0},
    {"MOVZ", LL_A64_MOVZ, "ri", SH | ARMF_KEEPSHIFT},
    {"MOVN", LL_A64_MOVN, "ri", SH | ARMF_KEEPSHIFT},
    {"MOVK", LL_A64_MOVK, "ri", SH | ARMF_KEEPSHIFT},
    {"MVN", LL_A64_MVN, "rr", SH},
    {"NEG", LL_A64_NEG, "rr", ARMF_S | SH},
    {"SXTW", LL_A64_SXTW, "rr", 0},
    {"MUL", LL_A64_MUL, "rrr", 0},
    {"MADD", LL_A64_MADD, "rrrr", 0},
    {"MSUB", LL_A64_MSUB, "rrrr", 0},
    {"CMP", LL_A64_CMP, "ro", SH},
    {"TST", LL_A64_TST, "ro", SH},
    {"CSEL", LL_A64_CSEL, "rrr", ARMF_CONDARG},
    {"CSINC", LL_A64_CSINC, "rrr", ARMF_CONDARG},
    {"CSINV", LL_A64_CSINV, "rrr", ARMF_CONDARG},
    {"CSNEG", LL_A64_CSNEG, "rrr", ARMF_CONDARG},
    {"CSET", LL_A64_CSET, "r", ARMF_CONDARG},
    {"CSETM", LL_A64_CSETM, "r", ARMF_CONDARG},
    {"CINC", LL_A64_CINC, "rr", ARMF_CONDARG},
    {"NOP", LL_A64_NOP, "", 0},
    {"B", LL_A64_B, "l", ARMF_DOTCOND},
    {"CBZ", LL_A64_CBZ, "rl", 0},
    {"CBNZ", LL_A64_CBNZ, "rl", 0},
    {"TBZ", LL_A64_TBZ, "ril", 0},
    {"TBNZ", LL_A64_TBNZ, "ril", 0},
    {"LDR", LL_A64_LDR, "rm", 0},
    {"LDRB", LL_A64_LDRB, "rm", 0},
    {"LDRH", LL_A64_LDRH, "rm", 0},
    {"LDRSB", LL_A64_LDRSB, "rm", 0},
    {"LDRSH", LL_A64_LDRSH, "rm", 0},
    {"LDRSW", LL_A64_LDRSW, "rm", 0},
    {"LDUR", LL_A64_LDUR, "rm", 0},
    {"LDP", LL_A64_LDP, "rrm", 0},
    {"LDNP", LL_A64_LDNP, "rrm", 0},
    {"LDAR", LL_A64_LDAR, "rm", ARMF_BH},
    {"LDAPR", LL_A64_LDAPR, "rm", ARMF_BH},
    {"LDXR", LL_A64_LDXR, "rm", ARMF_BH},
    {"LDAXR", LL_A64_LDAXR, "rm", ARMF_BH},
    {"STR", LL_A64_STR, "rm", 0},
    {"STRB", LL_A64_STRB, "rm", 0},
    {"STRH", LL_A64_STRH, "rm", 0},
    {"STUR", LL_A64_STUR, "rm", 0},
    {"STP", LL_A64_STP, "rrm", 0},
    {"STNP", LL_A64_STNP, "rrm", 0},
    {"STLR", LL_A64_STLR, "rm", ARMF_BH},
    {"STXR", LL_A64_STXR, "rrm", ARMF_BH},
    {"STLXR", LL_A64_STLXR, "rrm", ARMF_BH},
    {"SWP", LL_A64_SWP, "rrm", ORD_BH},
    {"CAS", LL_A64_CAS, "rrm", ORD_BH},
    {"LDADD", LL_A64_LDADD, "rrm", ORD_BH},
    {"LDCLR", LL_A64_LDCLR, "rrm", ORD_BH},
    {"LDEOR", LL_A64_LDEOR, "rrm", ORD_BH},
    {"LDSET", LL_A64_LDSET, "rrm", ORD_BH},
    {"LDSMAX", LL_A64_LDSMAX, "rrm", ORD_BH},
    {"LDSMIN", LL_A64_LDSMIN, "rrm", ORD_BH},
    {"LDUMAX", LL_A64_LDUMAX, "rrm", ORD_BH},
    {"LDUMIN", LL_A64_LDUMIN, "rrm", ORD_BH},
    {"STADD", LL_A64_STADD, "rm", REL_BH},
    {"STCLR", LL_A64_STCLR, "rm", REL_BH},
    {"STEOR", LL_A64_STEOR, "rm", REL_BH},
    {"STSET", LL_A64_STSET, "rm", REL_BH},
    {"STSMAX", LL_A64_STSMAX, "rm", REL_BH},
    {"STSMIN", LL_A64_STSMIN, "rm", REL_BH},
    {"STUMAX", LL_A64_STUMAX, "rm", REL_BH},
    {"STUMIN", LL_A64_STUMIN, "rm", REL_BH},
    {"DMB", LL_A64_DMB, "", ARMF_BARRIER},
    {"DSB", LL_A64_DSB, "", ARMF_BARRIER},
    {"ISB", LL_A64_ISB, "", 0},
    {"UBFM", LL_A64_UBFM, "rrii", 0},
    {"SBFM", LL_A64_SBFM, "rrii", 0},
    {"REV", LL_A64_REV, "rr", 0},
    {"REV16", LL_A64_REV16, "rr", 0},
    {"REV32", LL_A64_REV32, "rr", 0},
    {"REV64", LL_A64_REV, "rr", 0},     /* herd7 prints REV */
    {"RBIT", LL_A64_RBIT, "rr", 0},
    {"SMULL", LL_A64_SMULL, "rrr", 0},
    {"MNEG", LL_A64_MNEG, "rrr", 0},
    {"ABS", LL_A64_ABS, "rr", 0},
    {"UMULL", LL_A64_UMULL, "rrr", 0},
    {"SMNEGL", LL_A64_SMNEGL, "rrr", 0},
    {"UMNEGL", LL_A64_UMNEGL, "rrr", 0},
    {"SMADDL", LL_A64_SMADDL, "rrrr", 0},
    {"SMSUBL", LL_A64_SMSUBL, "rrrr", 0},
    {"UMADDL", LL_A64_UMADDL, "rrrr", 0},
    {"UMSUBL", LL_A64_UMSUBL, "rrrr", 0},
    {"EXTR", LL_A64_EXTR, "rrri", 0},
    {"ASRV", LL_A64_ASR, "rrr", 0},     /* printed as ASR */
    {"LSLV", LL_A64_LSL, "rrr", 0},
    {"LSRV", LL_A64_LSR, "rrr", 0},
    {"RORV", LL_A64_ROR, "rrr", 0},
    {"LDPSW", LL_A64_LDPSW, "rrm", 0},
    {"LDXP", LL_A64_LDXP, "rrm", 0},
    {"LDAXP", LL_A64_LDAXP, "rrm", 0},
    {"STXP", LL_A64_STXP, "rrrm", 0},
    {"STLXP", LL_A64_STLXP, "rrrm", 0},
    {"LDIAPP", LL_A64_LDIAPP, "rrm", 0},
    {"STILP", LL_A64_STILP, "rrm", 0},
    {"CASP", LL_A64_CASP, "rrrrm", ARMF_ACQ | ARMF_REL},
    {"SVC", LL_A64_SVC, "i", 0},
    {"UDF", LL_A64_UDF, "i", 0},
    {"HINT", LL_A64_HINT, "i", 0},
    {"HLT", LL_A64_HLT, "i", 0},
    {"ADR", LL_A64_ADR, "rl", 0},
    {"BR", LL_A64_BR, "r", 0},
    {"BLR", LL_A64_BLR, "r", 0},
    {"BL", LL_A64_BL, "l", 0},
    {"RET", LL_A64_RET, "r", 0},   /* `RET` alone is read as RET X30 */
    {"MRS", LL_A64_MRS, "r", 0},   /* MRS Xt,NZCV: see system_register */
    {"MSR", LL_A64_MSR, "r", 0},   /* MSR NZCV,Xt */
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

/* Register names are built, not tabled: X0..X30, W0..W30, XZR, WZR, SP;
 * and herd's symbolic `%x0`. These are the operands'. */
static int a64_operand_reg_lookup(const char *name)
{
    if (name[0] == '%')
        return ll_asm_symreg(name, LL_A64_SYMREG);
    char part = (char)(name[0] & ~0x20);   /* upper case */
    if (strcasecmp(name, "SP") == 0)
        return LL_A64_SP;
    if (part != 'X' && part != 'W')
        return -1;
    int p = part == 'X' ? LL_A64_X : LL_A64_W;
    if (strcasecmp(name + 1, "ZR") == 0)
        return LL_A64_REG(LL_A64_ZR, p);
    if (name[1] < '0' || name[1] > '9' || (name[1] == '0' && name[2]))
        return -1;
    char *end;
    long n = strtol(name + 1, &end, 10);
    if (*end || n > 30)
        return -1;
    return LL_A64_REG((int)n, p);
}

static const char *a64_reg_name(int reg)
{
    static const char *const names[LL_A64_NREGS] = {
        "X0", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9", "X10",
        "X11", "X12", "X13", "X14", "X15", "X16", "X17", "X18", "X19",
        "X20", "X21", "X22", "X23", "X24", "X25", "X26", "X27", "X28",
        "X29", "X30", "XZR",
        "W0", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10",
        "W11", "W12", "W13", "W14", "W15", "W16", "W17", "W18", "W19",
        "W20", "W21", "W22", "W23", "W24", "W25", "W26", "W27", "W28",
        "W29", "W30", "WZR", "SP", "NZCV",
    };
    if (LL_A64_IS_SYMREG(reg))
        return ll_asm_symreg_name(reg - LL_A64_SYMREG);
    return reg >= 0 && reg < LL_A64_NREGS ? names[reg] : "?";
}

/* An init block's and a condition's: the operands' and NZCV
 * (LL_A64_NZCV). */
static int a64_reg_lookup(const char *name)
{
    if (strcasecmp(name, "NZCV") == 0)
        return LL_A64_NZCV;
    return a64_operand_reg_lookup(name);
}

/* herd7 7.58 lists NZCV after the X registers (`0:SP=0; 0:X5=1;
 * 0:NZCV=0;`): a family of one, anchored after every X name. */
static const char *const a64_named[] = {"NZCV", NULL};
static const ll_reg_family a64_family = {"Y", a64_named};

static int a64_reg_canon(int reg)
{
    return LL_A64_REG_IS_W(reg) ? LL_A64_REG(LL_A64_REG_NUM(reg), LL_A64_X)
                                : reg;
}

static const ll_armf_arch a64_arch = {
    forms, N_FORMS, a64_operand_reg_lookup, a64_reg_name, false, true,
    LL_A64_SYMREG, true,
};

static const char *a64_op_name(int op)
{
    return ll_armf_op_name(&a64_arch, op);
}

/* A symbolic register is an X register: herd7 refuses one among W
 * operands (`ADD W0,W1,%x0`); a store-exclusive's W status aside. */
static bool symregs_wide(const ll_asm_line *ln, const ll_instr *in,
                         ll_diag *d)
{
    int first = in->op == LL_A64_STXR || in->op == LL_A64_STLXR ||
                in->op == LL_A64_STXP || in->op == LL_A64_STLXP;
    if (in->n_ops <= first || in->ops[first].kind != LL_OPND_REG ||
        !LL_A64_REG_IS_W(in->ops[first].reg))
        return true;
    for (int i = first; i < in->n_ops && i < ln->n_args; i++)
        if (in->ops[i].kind == LL_OPND_REG &&
            LL_A64_IS_SYMREG(in->ops[i].reg))
            return ll_asm_bad_operand(d, ln->args[i], "a W register (a "
                                      "symbolic register is an X "
                                      "register)");
    return true;
}

/* MTE's tag instructions, SVE's vector and predicate registers and
 * Morello's capability registers as addresses are not modelled (README,
 * "Unsupported"): refused by name, not as unknown. */
static bool refuse_feature(const ll_asm_line *ln, ll_diag *d)
{
    static const char *const mte[] = {
        "STG", "STZG", "ST2G", "STZ2G", "STGP", "LDG", "IRG", "ADDG",
        "SUBG", "GMI", "SUBP", "SUBPS", "STGM", "LDGM", "STZGM",
    };
    char buf[64];
    for (int i = 0; i < (int)(sizeof mte / sizeof *mte); i++)
        if (ll_span_eq_nocase(ln->mnem, mte[i])) {
            if (d)
                ll_diag_set(d, 0, ln->mnem.col, "'%s' is an MTE (memory "
                            "tagging) instruction: MTE is not supported",
                            ll_span_str(ln->mnem, buf, sizeof buf));
            return false;
        }
    for (int i = 0; i < ln->n_args; i++) {
        ll_span a = ln->args[i];
        if (a.len > 2 && a.s[0] == '[' && (a.s[1] & ~0x20) == 'C' &&
            a.s[2] >= '0' && a.s[2] <= '9') {   /* [C1]: a capability */
            if (d)
                ll_diag_set(d, 0, a.col, "'%s' is addressed by a Morello "
                            "capability register: Morello is not supported",
                            ll_span_str(a, buf, sizeof buf));
            return false;
        }
        int k = a.len > 0 && a.s[0] == '{';
        char c = k < a.len ? (char)(a.s[k] & ~0x20) : 0;
        if ((c == 'Z' || c == 'P') && k + 1 < a.len && a.s[k + 1] >= '0' &&
            a.s[k + 1] <= '9') {
            if (d)
                ll_diag_set(d, 0, a.col, "'%s' is an SVE register: SVE is "
                            "not supported", ll_span_str(a, buf, sizeof buf));
            return false;
        }
    }
    return true;
}

/* MRS Xt,<sysreg> and MSR <sysreg>,Xt: herd7 7.58 models NZCV alone; the
 * system register is checked and dropped, leaving `MRS Xt` for the
 * table. Any other system register is refused by name. */
static bool system_register(const char *text, const ll_asm_line *ln,
                            ll_buf *rest, ll_diag *d)
{
    bool mrs = ll_span_eq_nocase(ln->mnem, "MRS");
    if (ln->n_args != 2)
        return ll_asm_arg_count(d, ln->mnem, 2, ln->n_args);
    ll_span sys = ln->args[mrs ? 1 : 0], reg = ln->args[mrs ? 0 : 1];
    if (!ll_span_eq_nocase(sys, "NZCV"))
        return ll_asm_bad_operand(d, sys, "NZCV (the only system register "
                                  "herd7 models; other system registers "
                                  "are not supported)");
    ll_buf_putn(rest, text, (size_t)(ln->mnem.s + ln->mnem.len - text));
    ll_buf_putc(rest, ' ');
    ll_buf_putn(rest, reg.s, (size_t)reg.len);
    return true;
}

/* CASP's four registers are all W or all X, as herd7 requires. */
static bool casp_one_width(const ll_asm_line *ln, const ll_instr *in,
                           ll_diag *d)
{
    if (in->op != LL_A64_CASP)
        return true;
    bool w = LL_A64_REG_IS_W(in->ops[0].reg);
    for (int i = 1; i < 4 && i < ln->n_args; i++)
        if (LL_A64_REG_IS_W(in->ops[i].reg) != w)
            return ll_asm_bad_operand(d, ln->args[i], w
                                      ? "a W register (CASP's registers "
                                        "are all W or all X)"
                                      : "an X register (CASP's registers "
                                        "are all W or all X)");
    return true;
}

static bool a64_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    ll_asm_line ln;
    memset(out, 0, sizeof *out);
    if (!ll_asm_split(ll_span_of(text), &ln, d) || !refuse_feature(&ln, d))
        return false;
    if (ll_span_eq_nocase(ln.mnem, "MRS") ||
        ll_span_eq_nocase(ln.mnem, "MSR")) {
        ll_buf b = {0};
        bool ok = system_register(text, &ln, &b, d) &&
                  ll_armf_parse(&a64_arch, ll_buf_str(&b), out, d);
        ll_buf_free(&b);
        return ok;
    }
    if (ll_span_eq_nocase(ln.mnem, "RET") && ln.n_args == 0) {
        ll_buf b = {0};
        ll_buf_putn(&b, text, (size_t)(ln.mnem.s + ln.mnem.len - text));
        ll_buf_puts(&b, " X30");
        bool ok = ll_armf_parse(&a64_arch, ll_buf_str(&b), out, d);
        ll_buf_free(&b);
        return ok;
    }
    if (!ll_armf_parse(&a64_arch, text, out, d))
        return false;
    if (!ll_asm_split(ll_span_of(text), &ln, d) ||   /* for the column */
        !ll_armf_name_symregs(&a64_arch, &ln, out, d) ||
        !symregs_wide(&ln, out, d) || !casp_one_width(&ln, out, d) ||
        !ll_a64_cpu_form(&ln, out, d)) {
        ll_instr_clear(out);
        return false;
    }
    if (ll_asm_hex_plus(&ln, false))
        out->flags |= LL_ARM_F_HEX_PLUS;
    return true;
}

static void a64_print_instr(const ll_instr *in, ll_buf *b)
{
    if (in->op == LL_A64_MSR)
        ll_buf_puts(b, "MSR NZCV,");
    if (in->op == LL_A64_MRS || in->op == LL_A64_MSR) {
        if (in->op == LL_A64_MRS)
            ll_buf_puts(b, "MRS ");
        ll_buf_puts(b, in->n_ops ? a64_reg_name(in->ops[0].reg) : "?");
        if (in->op == LL_A64_MRS)
            ll_buf_puts(b, ",NZCV");
        return;
    }
    if (in->op == LL_A64_RET && in->n_ops == 1 &&
        in->ops[0].reg == LL_A64_REG(30, LL_A64_X)) {
        ll_buf_puts(b, "RET");
        return;
    }
    size_t start = b->len;
    ll_armf_print(&a64_arch, in, b);
    if (in->flags & LL_A64_F_COND_ALIAS) {   /* HS and LO as written */
        char *c = b->data + b->len - 2;
        if (in->op == LL_A64_B)
            c = strchr(b->data + start, '.') + 1;
        if (strncmp(c, "CS", 2) == 0 || strncmp(c, "CC", 2) == 0)
            memcpy(c, c[1] == 'S' ? "HS" : "LO", 2);
    }
    char *close = strrchr(b->data + start, ']');
    if ((in->flags & LL_A64_F_ZERO_WRITTEN) && close) {
        size_t at = (size_t)(close - b->data);    /* `#0` put back */
        ll_buf_puts(b, "   ");
        memmove(b->data + at + 3, b->data + at, b->len - 3 - at);
        memcpy(b->data + at, ",#0", 3);
    }
}

static int reg_bytes(const ll_operand *o)
{
    return LL_A64_REG_IS_W(o->reg) ? 4 : 8;
}

int ll_a64_access_size(const ll_instr *in)
{
    int data = 0;    /* the operand whose register gives the width */
    switch (in->op) {
    case LL_A64_LDRB: case LL_A64_STRB: case LL_A64_LDRSB:
        return 1;
    case LL_A64_LDRH: case LL_A64_STRH: case LL_A64_LDRSH:
        return 2;
    case LL_A64_LDRSW: case LL_A64_LDPSW:
        return 4;
    case LL_A64_LDR: case LL_A64_LDUR: case LL_A64_STR: case LL_A64_STUR:
    case LL_A64_LDP: case LL_A64_LDNP: case LL_A64_STP: case LL_A64_STNP:
    case LL_A64_LDAR: case LL_A64_LDAPR: case LL_A64_LDXR:
    case LL_A64_LDAXR: case LL_A64_STLR: case LL_A64_SWP: case LL_A64_CAS:
    case LL_A64_LDADD: case LL_A64_LDCLR: case LL_A64_LDEOR:
    case LL_A64_LDSET: case LL_A64_LDSMAX: case LL_A64_LDSMIN:
    case LL_A64_LDUMAX: case LL_A64_LDUMIN: case LL_A64_STADD:
    case LL_A64_STCLR: case LL_A64_STEOR: case LL_A64_STSET:
    case LL_A64_STSMAX: case LL_A64_STSMIN: case LL_A64_STUMAX:
    case LL_A64_STUMIN: case LL_A64_LDXP: case LL_A64_LDAXP:
    case LL_A64_LDIAPP: case LL_A64_STILP:
        break;
    case LL_A64_CASP:
        data = 2;
        break;
    case LL_A64_STXR: case LL_A64_STLXR: case LL_A64_STXP:
    case LL_A64_STLXP:
        data = 1;
        break;
    default:
        return 0;
    }
    if (in->flags & LL_A64_F_BYTE)
        return 1;
    if (in->flags & LL_A64_F_HALF)
        return 2;
    return reg_bytes(&in->ops[data]);
}

/* herd7's digest names a symbolic register by its X view: `[X%x0]`;
 * herd7 7.58 prints UBFM's W registers as X registers (`UBFM
 * W0,W1,#28,#3` is digested as `UBFM X0,X1,#28,#3`), NEG as SUB
 * from the zero register, LDXP's first X register as a W one, ADR
 * as ADDR, EON as EOR, a post-index address without its comma
 * (`LDR W0,[X1]#4`), a written shift of MOVZ after two commas, and
 * the conditional aliases as
 * a64_herd_cond_alias says. */
/* herd7 7.58's inverse of a condition: the CPU's, but GE's is GT. */
static const char *herd_inverse(const char *c)
{
    static const char *const pairs[][2] = {
        {"EQ", "NE"}, {"NE", "EQ"}, {"CS", "CC"}, {"CC", "CS"},
        {"MI", "PL"}, {"PL", "MI"}, {"VS", "VC"}, {"VC", "VS"},
        {"HI", "LS"}, {"LS", "HI"}, {"GE", "GT"}, {"LT", "GE"},
        {"GT", "LE"}, {"LE", "GT"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (strcmp(c, pairs[i][0]) == 0)
            return pairs[i][1];
    return c;
}

/* herd7 keeps CSET, CSETM and CINC as CSINC and CSINV on the inverse
 * condition and prints those back as the aliases: `CSET Rd,c` is
 * digested as `CSET Rd,inv(inv(c))` (GE as LE, LT as GT), `CSINC
 * Rd,ZR,ZR,c` as `CSET Rd,inv(c)`, `CSINC Rd,Rn,Rn,c` as `CINC
 * Rd,Rn,inv(c)`, `CSINV Rd,ZR,ZR,c` as `CSETM Rd,inv(c)`. True when
 * text is one of these. */
static bool a64_herd_cond_alias(const char *text, ll_buf *out)
{
    char op[8], rd[8], rn[8], rm[8], c[4];
    int end = 0;
    if (sscanf(text, "%7[A-Z] %7[A-Z0-9],%7[A-Z0-9],%3[A-Z]%n", op, rd, rn,
               c, &end) == 4 && text[end] == 0 &&
        (strcmp(op, "CINC") == 0)) {
        ll_buf_printf(out, "CINC %s,%s,%s", rd, rn,
                      herd_inverse(herd_inverse(c)));
        return true;
    }
    if (sscanf(text, "%7[A-Z] %7[A-Z0-9],%3[A-Z]%n", op, rd, c, &end) == 3 &&
        text[end] == 0 &&
        (strcmp(op, "CSET") == 0 || strcmp(op, "CSETM") == 0)) {
        ll_buf_printf(out, "%s %s,%s", op, rd, herd_inverse(herd_inverse(c)));
        return true;
    }
    if (sscanf(text, "%7[A-Z] %7[A-Z0-9],%7[A-Z0-9],%7[A-Z0-9],%3[A-Z]%n",
               op, rd, rn, rm, c, &end) != 5 || text[end] != 0 ||
        strcmp(rn, rm) != 0)
        return false;
    bool zr = strcmp(rn, "WZR") == 0 || strcmp(rn, "XZR") == 0;
    if (strcmp(op, "CSINC") == 0 && zr)
        ll_buf_printf(out, "CSET %s,%s", rd, herd_inverse(c));
    else if (strcmp(op, "CSINC") == 0)
        ll_buf_printf(out, "CINC %s,%s,%s", rd, rn, herd_inverse(c));
    else if (strcmp(op, "CSINV") == 0 && zr)
        ll_buf_printf(out, "CSETM %s,%s", rd, herd_inverse(c));
    else
        return false;
    return true;
}

/* herd7 digests SUBS ZR,Rn,OP2 as CMP Rn,OP2 (NEGS ZR,OP2 too, through
 * SUBS ZR,ZR,OP2; its A166, A167) and ANDS ZR,Rn,OP2 as TST Rn,OP2:
 * rewritten in place in what out got from start on. */
static void cmp_alias(ll_buf *out, size_t start)
{
    char *d = out->data + start;
    const char *alias = strncmp(d, "SUBS ", 5) == 0   ? "CMP "
                        : strncmp(d, "ANDS ", 5) == 0 ? "TST "
                                                      : NULL;
    if (!alias || out->len - start <= 9 ||
        (strncmp(d + 5, "XZR,", 4) != 0 && strncmp(d + 5, "WZR,", 4) != 0))
        return;
    memmove(d + 4, d + 9, out->len - start - 9 + 1);
    memcpy(d, alias, 4);
    out->len -= 5;
}

/* An operand extended (`W3,SXTW`): herd7 digests CMP of one as SUBS
 * ZR,Rn,OP2 (`CMP W2,W3,SXTW` as `SUBS WZR,W2,W3,SXTW`) and keeps SUBS
 * ZR so. */
static bool extended(const char *text)
{
    static const char *const ext[] = {",UXTB", ",UXTH", ",UXTW", ",UXTX",
                                      ",SXTB", ",SXTH", ",SXTW", ",SXTX"};
    for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
        if (strstr(text, ext[i]))
            return true;
    return false;
}

static void a64_herd_spelling(const char *text, ll_buf *out)
{
    /* herd7 digests `[X1,#0]` as `[X1]` (LL_A64_F_ZERO_WRITTEN) */
    const char *off0 = strstr(text, ",#0]");
    if (off0 && off0[4] != '!') {     /* `[X1,#0]!` is kept */
        ll_buf t = {0};
        ll_buf_putn(&t, text, (size_t)(off0 - text));
        ll_buf_puts(&t, off0 + 3);
        a64_herd_spelling(ll_buf_str(&t), out);
        ll_buf_free(&t);
        return;
    }
    size_t start = out->len;
    if (a64_herd_cond_alias(text, out))
        return;
    if (strncmp(text, "CMP ", 4) == 0 && extended(text)) {
        ll_buf_printf(out, "SUBS %s,%s", text[4] == 'W' ? "WZR" : "XZR",
                      text + 4);
        return;
    }
    /* herd7 7.58 reads HINT and HLT as NOP, and digests them so */
    if (strncmp(text, "HINT ", 5) == 0 || strncmp(text, "HLT ", 4) == 0) {
        ll_buf_puts(out, "NOP");
        return;
    }
    if (strncmp(text, "EON ", 4) == 0) {
        ll_buf_puts(out, "EOR");
        text += 3;
    }
    /* herd7 digests ORN Rd,ZR,OP2 as MVN Rd,OP2 (its A237) */
    char rd_buf[8];
    int at = 0;
    if (sscanf(text, "ORN %7[A-Z0-9],%n", rd_buf, &at) == 1 && at > 0 &&
        (strncmp(text + at, "XZR,", 4) == 0 ||
         strncmp(text + at, "WZR,", 4) == 0)) {
        ll_buf_printf(out, "MVN %s,", rd_buf);
        text += at + 4;
    }
    /* herd7 digests a written shift of MOVZ/MOVN/MOVK after two commas:
     * `MOVZ W0,#42,,LSL #16` (LL_A64_F_LSL_WRITTEN; its A53-A58) */
    const char *lsl = strstr(text, ",LSL #");
    if (lsl && (strncmp(text, "MOVZ ", 5) == 0 ||
                strncmp(text, "MOVN ", 5) == 0 ||
                strncmp(text, "MOVK ", 5) == 0)) {
        ll_buf_putn(out, text, (size_t)(lsl - text) + 1);
        ll_buf_puts(out, lsl);
        return;
    }
    /* herd7 digests NEG Rd,OP2 as SUB Rd,ZR,OP2 (NEGS as SUBS) */
    bool negs = strncmp(text, "NEGS ", 5) == 0;
    const char *comma = strchr(text, ',');
    if ((negs || strncmp(text, "NEG ", 4) == 0) && comma) {
        const char *rd = text + (negs ? 5 : 4);
        ll_buf_puts(out, negs ? "SUBS " : "SUB ");
        ll_buf_putn(out, rd, (size_t)(comma - rd));
        ll_buf_puts(out, rd[0] == 'W' ? ",WZR" : ",XZR");
        text = comma;
    }
    if (strncmp(text, "ADR ", 4) == 0) {    /* herd7 digests ADR as ADDR */
        ll_buf_puts(out, "ADDR");
        text += 3;
    }
    /* (and LDUR's data register: `LDUR W4,[X5]` as `LDUR X4, [X5]`) */
    bool ubfm = strncmp(text, "UBFM ", 5) == 0 ||
                strncmp(text, "SBFM ", 5) == 0 ||
                strncmp(text, "LDUR ", 5) == 0;
    /* herd7 digests a pair of exclusive reads with its first register as
     * a W register (`LDXP X4,X5,[X2]` as `LDXP W4,X5,[X2]`, XZR as WZR) */
    const char *ldxp = strncmp(text, "LDXP X", 6) == 0    ? text + 5
                       : strncmp(text, "LDAXP X", 7) == 0 ? text + 6
                                                          : NULL;
    /* a pair's post-index address, and LDUR's and STUR's: herd7 puts a
     * space before it (`LDUR X0, [X1]`, its A18) */
    bool pair_post = (strstr(text, "],#") && strncmp(text, "LDR", 3) &&
                      strncmp(text, "STR", 3)) ||
                     strncmp(text, "LDUR ", 5) == 0 ||
                     strncmp(text, "STUR ", 5) == 0;
    /* a shift by 0 is no shift to herd7: `ADD X0,X1,X2,LSR #0` is
     * digested as `ADD X0,X1,X2` (LSL #0 is never printed; its A73) */
    const char *end = text + strlen(text);
    static const char *const zero[] = {",LSR #0", ",ASR #0", ",ROR #0"};
    for (int i = 0; i < 3; i++)
        if ((size_t)(end - text) > 7 && strcmp(end - 7, zero[i]) == 0)
            end -= 7;
    for (const char *p = text; p < end; p++) {
        if (*p == '%')
            ll_buf_putc(out, 'X');
        if (ubfm && *p == 'W' && (p[-1] == ' ' || p[-1] == ','))
            ll_buf_putc(out, 'X');
        else if (p == ldxp)
            ll_buf_putc(out, 'W');
        else if (*p == ',' && p[1] == '[' && pair_post)
            ll_buf_puts(out, ", ");   /* herd7: `STP W0,W2, [X1]#8` */
        else if (!(*p == ',' && p[-1] == ']' && p[1] == '#'))
            ll_buf_putc(out, *p);   /* herd7: a post-index `[X1]#4` */
    }
    if (!extended(out->data + start))
        cmp_alias(out, start);
}

const ll_arch_ops ll_arch_aarch64 = {
    .id = LL_ARCH_AARCH64,
    .name = "AArch64",
    .parse_instr = a64_parse_instr,
    .print_instr = a64_print_instr,
    .reg_lookup = a64_reg_lookup,
    .reg_name = a64_reg_name,
    .op_name = a64_op_name,
    .reg_canon = a64_reg_canon,
    .herd_spelling = a64_herd_spelling,
    .reg_family = &a64_family,
};

/* Its lines of the architecture list (include/litmuslab/arch/list.h):
 * test header name, aliases, id, reader plug-in. */
const ll_arch_entry ll_arch_aarch64_names[] = {
    {"AArch64", "ARM64 ARMv8", LL_ARCH_AARCH64, &ll_arch_aarch64},
    {NULL, NULL, 0, NULL},
};
