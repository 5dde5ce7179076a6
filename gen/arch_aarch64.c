/* arch_aarch64.c — AArch64 code for generated tests, as diy writes it:
 * `MOV W0,#1; STR W0,[X1]`, `LDR W0,[X1]`; an address dependency `EOR
 * W2,W0,W0` feeding `[X1,W2,SXTW]`, a data dependency `EOR; ADD` feeding
 * the stored value, a control dependency `CBNZ W0,L; L:` (and ISB for
 * DpCtrlIsb). Fences DMB.SY DMB.LD DMB.ST DSB.SY DSB.LD DSB.ST ISB;
 * annotations A (LDAR), Q (LDAPR), L (STLR), P (plain). */
#include "gen/gen.h"

static const gen_fence fences[] = {
    {"DMB.SY", "dmb.sy", "DMB SY"}, {"DMB.LD", "dmb.ld", "DMB LD"},
    {"DMB.ST", "dmb.st", "DMB ST"}, {"DSB.SY", "dsb.sy", "DSB SY"},
    {"DSB.LD", "dsb.ld", "DSB LD"}, {"DSB.ST", "dsb.st", "DSB ST"},
    {"ISB", "isb", "ISB"},
};

/* the tags diy uses in names: MP+rel+acq */
static const gen_annot annots[] = {
    {"P", "", true, true}, {"A", "acq", true, false},
    {"Q", "acqpc", true, false}, {"L", "rel", false, true},
};

static const char *const loads[] = {"LDR", "LDAR", "LDAPR", "LDR"};
static const char *const stores[] = {"STR", "STR", "STR", "STLR"};

static void emit(gen_code *c, const gen_asm_insn *in)
{
    int th = in->th, k = in->ann < 0 ? 0 : in->ann;
    switch (in->op) {
    case GA_LI: gen_code_add(c, th, "MOV W%d,#%d", in->dst, in->value); break;
    case GA_XOR:
        gen_code_add(c, th, "EOR W%d,W%d,W%d", in->dst, in->src, in->src);
        break;
    case GA_ADDI:
        gen_code_add(c, th, "ADD W%d,W%d,#%d", in->dst, in->dst, in->value);
        break;
    case GA_LOAD:
        /* LDAR and LDAPR take no offset: the address is summed first */
        if (in->idx >= 0 && k)
            gen_code_add(c, th, "ADD X%d,X%d,W%d,SXTW", in->idx, in->addr,
                         in->idx);
        if (in->idx >= 0 && !k)
            gen_code_add(c, th, "LDR W%d,[X%d,W%d,SXTW]", in->dst, in->addr,
                         in->idx);
        else
            gen_code_add(c, th, "%s W%d,[X%d]", loads[k], in->dst,
                         in->idx >= 0 ? in->idx : in->addr);
        break;
    case GA_STORE:
        if (in->idx >= 0 && k)
            gen_code_add(c, th, "ADD X%d,X%d,W%d,SXTW", in->idx, in->addr,
                         in->idx);
        if (in->idx >= 0 && !k)
            gen_code_add(c, th, "STR W%d,[X%d,W%d,SXTW]", in->src, in->addr,
                         in->idx);
        else
            gen_code_add(c, th, "%s W%d,[X%d]", stores[k], in->src,
                         in->idx >= 0 ? in->idx : in->addr);
        break;
    case GA_CTRL:
        gen_code_add(c, th, "CBNZ W%d,LC%02d", in->src, in->label);
        break;
    case GA_LR: case GA_SC:   /* no atomic pair annotation here */
        break;
    }
}

static const gen_asm_ops ops = {
    .first_reg = 0, .addr_reg = "X%d", .cond_reg = "X%d",
    .ctrl_fence = "ISB", .emit = emit,
};

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    gen_asm_print(a, &ops, t, out);
}

const gen_arch gen_arch_aarch64 = {
    .name = "AArch64",
    .fences = fences,
    .nfences = sizeof fences / sizeof fences[0],
    .strong = 0,
    .ctrlfence = "Isb",
    .annots = annots,
    .nannots = sizeof annots / sizeof annots[0],
    .default_ann = -1,
    .deps = true,
    .print = print,
};

/* gen's tables for the list's line (include/litmuslab/arch/list.h),
 * found by gen/arch.c through its stem. */
const gen_arch *const gen_arch_aarch64_dialects[] = {&gen_arch_aarch64, NULL};
