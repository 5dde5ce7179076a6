/* arch_riscv.c — RISC-V code for generated tests: `ori x5,x0,1; sw
 * x5,0(x6)` (diy's -variant ConstsInInit: `0:x5=1` in the init block),
 * `lw x5,0(x6)`; an address dependency `xor x7,x5,x5; add x10,x9,x7`
 * then the access through x10 (a register of its own, taken after the
 * access's, as diy7 does), a data dependency `xor; ori`, a control
 * dependency `bne x5,x0,L; L:` (and fence.i for DpCtrlFenceI). Fences as
 * diy names them, Fence.rw.rw ... Fence.tso (FenceRWRW... also read);
 * annotations Aq, Rl, AqRl (also spelled AR, as the litmus-tests-riscv
 * campaign does) and P (plain): `lw.aq`, `sw.rl`, `lw.aq.rl` as diy7
 * writes them, or, with -variant AsAmo, an AMO with those bits
 * (`amoor.w.aq x5,x0,(x6)`, `amoswap.w.rl x0,x7,(x6)`). */
#include "gen/gen.h"

static const gen_fence fences[] = {
    {"Fence.rw.rw", "fence.rw.rw", "fence rw,rw"},
    {"Fence.rw.r", "fence.rw.r", "fence rw,r"},
    {"Fence.rw.w", "fence.rw.w", "fence rw,w"},
    {"Fence.r.rw", "fence.r.rw", "fence r,rw"},
    {"Fence.r.r", "fence.r.r", "fence r,r"},
    {"Fence.r.w", "fence.r.w", "fence r,w"},
    {"Fence.w.rw", "fence.w.rw", "fence w,rw"},
    {"Fence.w.r", "fence.w.r", "fence w,r"},
    {"Fence.w.w", "fence.w.w", "fence w,w"},
    {"Fence.tso", "fence.tso", "fence.tso"},
    /* the instruction-fetch fence, a relaxation of the campaign
       (RELAX/Fence.idRR): no order between data accesses */
    {"Fence.i", "fence.i", "fence.i"},
    /* the same, in the spelling without dots */
    {"FenceRWRW", "fence.rw.rw", "fence rw,rw"},
    {"FenceRWR", "fence.rw.r", "fence rw,r"},
    {"FenceRWW", "fence.rw.w", "fence rw,w"},
    {"FenceRRW", "fence.r.rw", "fence r,rw"},
    {"FenceRR", "fence.r.r", "fence r,r"},
    {"FenceRW", "fence.r.w", "fence r,w"},
    {"FenceWRW", "fence.w.rw", "fence w,rw"},
    {"FenceWR", "fence.w.r", "fence w,r"},
    {"FenceWW", "fence.w.w", "fence w,w"},
    {"FenceTso", "fence.tso", "fence.tso"},
};

/* Tags as the campaign's names spell them: PodRWAqP is poaqp, PodRRARAR
 * poarar. */
static const gen_annot annots[] = {
    {"P", "p", true, true}, {"AqRl", "ar", true, true},
    {"Aq", "aq", true, false}, {"Rl", "rl", false, true},
    {"AR", "ar", true, true},
    /* an lr/sc pair: a read stores back what it loads, a write loads
       first */
    {"X", "x", true, true},
};

/* The bits after an AMO's name, and after lw/sw's (diy7 writes .aq.rl) */
static const char *const amo_sfx[] = {"", ".aq.rl", ".aq", ".rl", ".aq.rl",
                                     ""};
static const char *const ls_sfx[] = {"", ".aq.rl", ".aq", ".rl", ".aq.rl",
                                    ""};

static void emit(gen_code *c, const gen_asm_insn *in)
{
    int th = in->th, k = in->ann < 0 ? 0 : in->ann;
    int base = in->idx < 0 ? in->addr : in->tmp >= 0 ? in->tmp : in->idx;
    if ((in->op == GA_LOAD || in->op == GA_STORE) && in->idx >= 0)
        gen_code_add(c, th, "add x%d,x%d,x%d", base, in->addr, in->idx);
    switch (in->op) {
    case GA_LI: gen_code_add(c, th, "ori x%d,x0,%d", in->dst, in->value); break;
    case GA_XOR:
        gen_code_add(c, th, "xor x%d,x%d,x%d", in->dst, in->src, in->src);
        break;
    case GA_ADDI:
        gen_code_add(c, th, "ori x%d,x%d,%d", in->dst, in->dst, in->value);
        break;
    /* deliberate likeness: GA_STORE below; each access has two
     * spellings, plain or as an AMO carrying the annotation. */
    case GA_LOAD:
        if (k && !in->as_amo)
            gen_code_add(c, th, "lw%s x%d,0(x%d)", ls_sfx[k], in->dst, base);
        else if (k)  /* an AMO that adds nothing: a load with the bits */
            gen_code_add(c, th, "amoor.w%s x%d,x0,(x%d)", amo_sfx[k],
                         in->dst, base);
        else
            gen_code_add(c, th, "lw x%d,0(x%d)", in->dst, base);
        break;
    case GA_STORE:
        if (k && !in->as_amo)
            gen_code_add(c, th, "sw%s x%d,0(x%d)", ls_sfx[k], in->src, base);
        else if (k)  /* an AMO that keeps nothing: a store with the bits */
            gen_code_add(c, th, "amoswap.w%s x0,x%d,(x%d)", amo_sfx[k],
                         in->src, base);
        else
            gen_code_add(c, th, "sw x%d,0(x%d)", in->src, base);
        break;
    case GA_CTRL:
        gen_code_add(c, th, "bne x%d,x0,LC%02d", in->src, in->label);
        break;
    case GA_LR:
        gen_code_add(c, th, "lr.w x%d,0(x%d)", in->dst, base);
        break;
    case GA_SC:
        gen_code_add(c, th, "sc.w x%d,x%d,0(x%d)", in->dst, in->src, base);
        break;
    }
}

static const gen_asm_ops ops = {
    .first_reg = 5, .addr_reg = "x%d", .cond_reg = "x%d",
    .ctrl_fence = "fence.i", .idx_temp = true, .emit = emit,
};

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    gen_asm_print(a, &ops, t, out);
}

const gen_arch gen_arch_riscv = {
    .name = "RISCV",
    .fences = fences,
    .nfences = sizeof fences / sizeof fences[0],
    .strong = 0,
    .ctrlfence = "FenceI",
    .annots = annots,
    .nannots = sizeof annots / sizeof annots[0],
    .default_ann = -1,
    .deps = true,
    .po_ann_names = true,
    .diy_families = true,
    .rmw_annot = "X",
    .print = print,
};

/* gen's tables for the list's line (include/litmuslab/arch/list.h),
 * found by gen/arch.c through its stem. */
const gen_arch *const gen_arch_riscv_dialects[] = {&gen_arch_riscv, NULL};
