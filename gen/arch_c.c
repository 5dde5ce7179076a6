/* arch_c.c — C tests for the Linux-kernel memory model (herd7 -conf
 * linux-kernel.cfg), with the kernel's primitives as the kernel's
 * tools/memory-model names them: accesses Once (READ_ONCE, WRITE_ONCE,
 * the default), Acquire (smp_load_acquire), Release (smp_store_release);
 * fences Mb, Rmb, Wmb (smp_mb, smp_rmb, smp_wmb) and SyncRcu
 * (synchronize_rcu), also written FenceMb...; dependencies as address
 * arithmetic `*(x + (r0 & 0))`, a data value `(r0 & 0) + 1`, and a
 * control `if (r0 == r0)` around the access. Registers r0, r1... per
 * thread; each thread takes the locations it uses as `int *x`. */
#include <stdio.h>
#include <string.h>

#include "gen/gen.h"

static const gen_fence fences[] = {
    {"Mb", "fencemb", "smp_mb();"},
    {"Rmb", "fencermb", "smp_rmb();"},
    {"Wmb", "fencewmb", "smp_wmb();"},
    {"SyncRcu", "fencesyncrcu", "synchronize_rcu();"},
    {"FenceMb", "fencemb", "smp_mb();"},
    {"FenceRmb", "fencermb", "smp_rmb();"},
    {"FenceWmb", "fencewmb", "smp_wmb();"},
    {"FenceSyncRcu", "fencesyncrcu", "synchronize_rcu();"},
};

static const gen_annot annots[] = {
    {"Once", "once", true, true},
    {"Acquire", "acquire", true, false},
    {"Release", "release", false, true},
};
enum { ONCE, ACQUIRE, RELEASE };

static void reg_name(const gen_event *v, const void *ctx, ll_buf *out)
{
    (void)ctx;
    ll_buf_printf(out, "r%d", v->reg);
}

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    ll_buf_puts(out, "{\n}\n");
    for (int th = 0; th < t->nth; th++) {
        bool uses[GEN_MAX_LOCS] = {false};
        for (int i = 0; i < t->th[th].n; i++)
            uses[t->ev[t->th[th].ev[i]].loc] = true;
        ll_buf_printf(out, "\nP%d(", th);
        bool first = true;
        for (int l = 0; l < t->nloc; l++)
            if (uses[l]) {
                ll_buf_printf(out, "%sint *%s", first ? "" : ", ",
                              gen_loc_name(l));
                first = false;
            }
        ll_buf_puts(out, ")\n{\n");
        int next = 0, prev = -1;
        for (int i = 0; i < t->th[th].n; i++) {
            gen_event *v = &t->ev[t->th[th].ev[i]];
            const char *loc = gen_loc_name(v->loc);
            if (v->fence >= 0)
                ll_buf_printf(out, "\t%s\n", a->fences[v->fence].text);
            gen_dp dep = prev >= 0 ? v->dep : DP_NONE;
            int src = prev >= 0 ? t->ev[prev].reg : 0;
            const char *ind = "\t";
            if (dep == DP_CTRL || dep == DP_CTRLFENCE) {
                ll_buf_printf(out, "\tif (r%d == r%d) {\n", src, src);
                ind = "\t\t";
            }
            /* the address: x, or x plus nothing computed from the read */
            char addr[64];
            if (dep == DP_ADDR)
                snprintf(addr, sizeof addr, "%s + (r%d & 0)", loc, src);
            else
                snprintf(addr, sizeof addr, "%s", loc);
            if (v->dir == 'R') {
                v->reg = next++;
                if (v->ann == ACQUIRE)
                    ll_buf_printf(out, "%sint r%d = smp_load_acquire(%s);\n",
                                  ind, v->reg, addr);
                else
                    ll_buf_printf(out, "%sint r%d = READ_ONCE(*%s%s%s);\n",
                                  ind, v->reg, dep == DP_ADDR ? "(" : "",
                                  addr, dep == DP_ADDR ? ")" : "");
            } else {
                char val[64];
                if (dep == DP_DATA)
                    snprintf(val, sizeof val, "(r%d & 0) + %d", src,
                             v->value);
                else
                    snprintf(val, sizeof val, "%d", v->value);
                if (v->ann == RELEASE)
                    ll_buf_printf(out, "%ssmp_store_release(%s, %s);\n", ind,
                                  addr, val);
                else
                    ll_buf_printf(out, "%sWRITE_ONCE(*%s%s%s, %s);\n", ind,
                                  dep == DP_ADDR ? "(" : "", addr,
                                  dep == DP_ADDR ? ")" : "", val);
            }
            if (dep == DP_CTRL || dep == DP_CTRLFENCE)
                ll_buf_puts(out, "\t}\n");
            prev = t->th[th].ev[i];
        }
        ll_buf_puts(out, "}\n");
    }
    ll_buf_putc(out, '\n');
    gen_cond_print(t, true, reg_name, NULL, out);
}

const gen_arch gen_arch_c = {
    .name = "C",
    .fences = fences,
    .nfences = sizeof fences / sizeof fences[0],
    .strong = 0,
    .ctrlfence = NULL,
    .annots = annots,
    .nannots = sizeof annots / sizeof annots[0],
    .default_ann = ONCE,
    .deps = true,
    .kernel_names = true,
    .print = print,
};

/* gen's tables for the list's line (include/litmuslab/arch/list.h),
 * found by gen/arch.c through its stem. */
const gen_arch *const gen_arch_c_dialects[] = {&gen_arch_c, NULL};
