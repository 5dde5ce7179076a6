/* arch_ppc.c — Power code for generated tests, as diy writes it: stores
 * `li; stw`, loads `lwz`; an address dependency is `xor rT,rS,rS` feeding
 * an indexed access (lwzx, stwx), a data dependency `xor; addi` feeding
 * the stored value, a control dependency `cmpw rS,rS; beq L; L:` (and
 * isync for DpCtrlIsync). Fences: Sync, LwSync, Eieio, ISync. */
#include "gen/gen.h"

static const gen_fence fences[] = {
    {"Sync", "sync", "sync"},
    {"LwSync", "lwsync", "lwsync"},
    {"Eieio", "eieio", "eieio"},
    {"ISync", "isync", "isync"},
};

static void emit(gen_code *c, const gen_asm_insn *in)
{
    int th = in->th;
    switch (in->op) {
    case GA_LI: gen_code_add(c, th, "li r%d,%d", in->dst, in->value); break;
    case GA_XOR:
        gen_code_add(c, th, "xor r%d,r%d,r%d", in->dst, in->src, in->src);
        break;
    case GA_ADDI:
        gen_code_add(c, th, "addi r%d,r%d,%d", in->dst, in->dst, in->value);
        break;
    case GA_LOAD:
        if (in->idx >= 0)
            gen_code_add(c, th, "lwzx r%d,r%d,r%d", in->dst, in->idx,
                         in->addr);
        else
            gen_code_add(c, th, "lwz r%d,0(r%d)", in->dst, in->addr);
        break;
    case GA_STORE:
        if (in->idx >= 0)
            gen_code_add(c, th, "stwx r%d,r%d,r%d", in->src, in->idx,
                         in->addr);
        else
            gen_code_add(c, th, "stw r%d,0(r%d)", in->src, in->addr);
        break;
    case GA_CTRL:
        gen_code_add(c, th, "cmpw r%d,r%d", in->src, in->src);
        gen_code_add(c, th, "beq  LC%02d", in->label);
        break;
    case GA_LR: case GA_SC:   /* no atomic pair annotation here */
        break;
    }
}

static const gen_asm_ops ops = {
    .first_reg = 1, .addr_reg = "r%d", .cond_reg = "r%d",
    .ctrl_fence = "isync", .emit = emit,
};

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    gen_asm_print(a, &ops, t, out);
}

const gen_arch gen_arch_ppc = {
    .name = "PPC",
    .fences = fences,
    .nfences = sizeof fences / sizeof fences[0],
    .strong = 0,
    .ctrlfence = "Isync",
    .default_ann = -1,
    .deps = true,
    .print = print,
};

/* gen's tables for the list's line (include/litmuslab/arch/list.h),
 * found by gen/arch.c through its stem. */
const gen_arch *const gen_arch_ppc_dialects[] = {&gen_arch_ppc, NULL};
