/* arch_arm.c — ARM (32-bit) code for generated tests, as diy writes it:
 * `MOV R0,#1; STR R0,[R1]`, `LDR R0,[R1]`; an address dependency `EOR
 * R2,R0,R0` feeding `[R2,R1]`, a data dependency `EOR; ADD`, a control
 * dependency `CMP R0,R0; BNE L; L:` (and ISB for DpCtrlIsb). Fences DMB,
 * DSB, DMB.ST, DSB.ST, ISB. */
#include "gen/gen.h"

static const gen_fence fences[] = {
    {"DMB", "dmb", "DMB"}, {"DSB", "dsb", "DSB"},
    {"DMB.ST", "dmb.st", "DMB ST"}, {"DSB.ST", "dsb.st", "DSB ST"},
    {"ISB", "isb", "ISB"},
};

static void emit(gen_code *c, const gen_asm_insn *in)
{
    int th = in->th;
    switch (in->op) {
    case GA_LI: gen_code_add(c, th, "MOV R%d,#%d", in->dst, in->value); break;
    case GA_XOR:
        gen_code_add(c, th, "EOR R%d,R%d,R%d", in->dst, in->src, in->src);
        break;
    case GA_ADDI:
        gen_code_add(c, th, "ADD R%d,R%d,#%d", in->dst, in->dst, in->value);
        break;
    case GA_LOAD:
        if (in->idx >= 0)
            gen_code_add(c, th, "LDR R%d,[R%d,R%d]", in->dst, in->idx,
                         in->addr);
        else
            gen_code_add(c, th, "LDR R%d,[R%d]", in->dst, in->addr);
        break;
    case GA_STORE:
        if (in->idx >= 0)
            gen_code_add(c, th, "STR R%d,[R%d,R%d]", in->src, in->idx,
                         in->addr);
        else
            gen_code_add(c, th, "STR R%d,[R%d]", in->src, in->addr);
        break;
    case GA_CTRL:
        gen_code_add(c, th, "CMP R%d,R%d", in->src, in->src);
        gen_code_add(c, th, "BNE LC%02d", in->label);
        break;
    case GA_LR: case GA_SC:   /* no atomic pair annotation here */
        break;
    }
}

static const gen_asm_ops ops = {
    .first_reg = 0, .addr_reg = "R%d", .cond_reg = "R%d",
    .ctrl_fence = "ISB", .emit = emit,
};

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    gen_asm_print(a, &ops, t, out);
}

const gen_arch gen_arch_arm = {
    .name = "ARM",
    .fences = fences,
    .nfences = sizeof fences / sizeof fences[0],
    .strong = 0,
    .ctrlfence = "Isb",
    .default_ann = -1,
    .deps = true,
    .print = print,
};

/* gen's tables for the list's line (include/litmuslab/arch/list.h),
 * found by gen/arch.c through its stem. */
const gen_arch *const gen_arch_arm_dialects[] = {&gen_arch_arm, NULL};
