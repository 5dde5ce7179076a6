/* arm.c — the 32-bit ARM plug-in: reads herd7's ARM syntax into ll_instr
 * (opcodes and layout in include/litmuslab/arch/arm.h) and prints it back
 * in upper case. The suffix and address syntax is in arm_family.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm_family.h"

#define S_COND (ARMF_S | ARMF_COND)

static const ll_armf_form forms[] = {
    {"ADD", LL_ARM_ADD, "rro", S_COND},
    {"SUB", LL_ARM_SUB, "rro", S_COND},
    {"AND", LL_ARM_AND, "rro", S_COND},
    {"ORR", LL_ARM_ORR, "rro", S_COND},
    {"EOR", LL_ARM_EOR, "rro", S_COND},
    {"MOV", LL_ARM_MOV, "ro", S_COND},
    {"CMP", LL_ARM_CMP, "ro", ARMF_COND},
    {"B", LL_ARM_B, "l", ARMF_COND},
    {"CBZ", LL_ARM_CBZ, "rl", 0},
    {"CBNZ", LL_ARM_CBNZ, "rl", 0},
    {"LDR", LL_ARM_LDR, "rm", ARMF_COND},
    {"STR", LL_ARM_STR, "rm", ARMF_COND},
    {"LDREX", LL_ARM_LDREX, "rm", ARMF_COND},
    {"STREX", LL_ARM_STREX, "rrm", ARMF_COND},
    {"LDA", LL_ARM_LDA, "rm", ARMF_COND},
    {"STL", LL_ARM_STL, "rm", ARMF_COND},
    {"LDAEX", LL_ARM_LDAEX, "rm", ARMF_COND},
    {"STLEX", LL_ARM_STLEX, "rrm", ARMF_COND},
    {"DMB", LL_ARM_DMB, "", ARMF_BARRIER},
    {"DSB", LL_ARM_DSB, "", ARMF_BARRIER},
    {"ISB", LL_ARM_ISB, "", 0},
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

static const char *const reg_names[LL_ARM_NREGS] = {
    "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10",
    "R11", "R12", "SP", "LR", "PC",
};

static int arm_reg_lookup(const char *name)
{
    for (int i = 0; i < LL_ARM_NREGS; i++)
        if (strcasecmp(name, reg_names[i]) == 0)
            return i;
    if ((name[0] == 'R' || name[0] == 'r') && name[1] >= '0' &&
        name[1] <= '9' && (name[1] != '0' || !name[2])) {
        char *end;
        long n = strtol(name + 1, &end, 10);
        if (!*end && n < LL_ARM_NREGS)
            return (int)n;   /* R13..R15 */
    }
    return -1;
}

static const char *arm_reg_name(int reg)
{
    return reg >= 0 && reg < LL_ARM_NREGS ? reg_names[reg] : "?";
}

static const ll_armf_arch arm_arch = {
    forms, N_FORMS, arm_reg_lookup, arm_reg_name, true, false,
};

static const char *arm_op_name(int op)
{
    return ll_armf_op_name(&arm_arch, op);
}

static bool arm_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    return ll_armf_parse(&arm_arch, text, out, d);
}

static void arm_print_instr(const ll_instr *in, ll_buf *b)
{
    ll_armf_print(&arm_arch, in, b);
}

const ll_arch_ops ll_arch_arm = {
    .id = LL_ARCH_ARM,
    .name = "ARM",
    .parse_instr = arm_parse_instr,
    .print_instr = arm_print_instr,
    .reg_lookup = arm_reg_lookup,
    .reg_name = arm_reg_name,
    .op_name = arm_op_name,
    .reg_canon = ll_reg_canon_identity,
};
