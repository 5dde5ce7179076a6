/* aarch64.c — the AArch64 plug-in: reads herd7's AArch64 syntax into
 * ll_instr (opcodes and layout in include/litmuslab/arch/aarch64.h) and
 * prints it back in upper case. The suffix and address syntax is in
 * arm_family.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm_family.h"
#include "litmuslab/arch/aarch64.h"

static const ll_armf_form forms[] = {
    {"ADD", LL_A64_ADD, "rro", ARMF_S},
    {"SUB", LL_A64_SUB, "rro", ARMF_S},
    {"AND", LL_A64_AND, "rro", ARMF_S},
    {"ORR", LL_A64_ORR, "rro", 0},
    {"EOR", LL_A64_EOR, "rro", 0},
    {"MOV", LL_A64_MOV, "ro", 0},
    {"CMP", LL_A64_CMP, "ro", 0},
    {"B", LL_A64_B, "l", ARMF_DOTCOND},
    {"CBZ", LL_A64_CBZ, "rl", 0},
    {"CBNZ", LL_A64_CBNZ, "rl", 0},
    {"LDR", LL_A64_LDR, "rm", 0},
    {"LDRB", LL_A64_LDRB, "rm", 0},
    {"LDRH", LL_A64_LDRH, "rm", 0},
    {"LDAR", LL_A64_LDAR, "rm", 0},
    {"LDAPR", LL_A64_LDAPR, "rm", 0},
    {"LDXR", LL_A64_LDXR, "rm", 0},
    {"LDAXR", LL_A64_LDAXR, "rm", 0},
    {"STR", LL_A64_STR, "rm", 0},
    {"STRB", LL_A64_STRB, "rm", 0},
    {"STRH", LL_A64_STRH, "rm", 0},
    {"STLR", LL_A64_STLR, "rm", 0},
    {"STXR", LL_A64_STXR, "rrm", 0},
    {"STLXR", LL_A64_STLXR, "rrm", 0},
    {"DMB", LL_A64_DMB, "", ARMF_BARRIER},
    {"DSB", LL_A64_DSB, "", ARMF_BARRIER},
    {"ISB", LL_A64_ISB, "", 0},
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

/* Register names are built, not tabled: X0..X30, W0..W30, XZR, WZR, SP. */
static int a64_reg_lookup(const char *name)
{
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
        "W29", "W30", "WZR", "SP",
    };
    return reg >= 0 && reg < LL_A64_NREGS ? names[reg] : "?";
}

static int a64_reg_canon(int reg)
{
    return LL_A64_REG_IS_W(reg) ? LL_A64_REG(LL_A64_REG_NUM(reg), LL_A64_X)
                                : reg;
}

static const ll_armf_arch a64_arch = {
    forms, N_FORMS, a64_reg_lookup, a64_reg_name, false, true,
};

static const char *a64_op_name(int op)
{
    return ll_armf_op_name(&a64_arch, op);
}

static bool a64_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    return ll_armf_parse(&a64_arch, text, out, d);
}

static void a64_print_instr(const ll_instr *in, ll_buf *b)
{
    ll_armf_print(&a64_arch, in, b);
}

int ll_a64_access_size(const ll_instr *in)
{
    switch (in->op) {
    case LL_A64_LDRB: case LL_A64_STRB:
        return 1;
    case LL_A64_LDRH: case LL_A64_STRH:
        return 2;
    case LL_A64_LDR: case LL_A64_LDAR: case LL_A64_LDAPR: case LL_A64_LDXR:
    case LL_A64_LDAXR: case LL_A64_STR: case LL_A64_STLR:
        return LL_A64_REG_IS_W(in->ops[0].reg) ? 4 : 8;
    case LL_A64_STXR: case LL_A64_STLXR:
        return LL_A64_REG_IS_W(in->ops[1].reg) ? 4 : 8;
    default:
        return 0;
    }
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
};
