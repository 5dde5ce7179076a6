/* arch_ppc.c — Power code for generated tests, as diy writes it: a
 * register per value and per location (given in the init block,
 * `0:r2=x`), stores as `li; stw`, loads `lwz`; an address dependency is
 * `xor rT,rS,rS` feeding an indexed access, a data dependency `xor; addi`
 * feeding the stored value, a control dependency `cmpw rS,rS; beq L; L:`
 * (and `isync` for DpCtrlIsync). Fences: Sync, LwSync, Eieio, ISync. */
#include <stdio.h>
#include <string.h>

#include "gen/gen.h"

static const gen_fence fences[] = {
    {"Sync", "sync", "sync"},
    {"LwSync", "lwsync", "lwsync"},
    {"Eieio", "eieio", "eieio"},
    {"ISync", "isync", "isync"},
};

typedef struct ppc_thread {
    int next;                   /* next free register */
    int locreg[GEN_MAX_LOCS];   /* register holding a location's address */
} ppc_thread;

static int loc_reg(ppc_thread *p, int loc)
{
    if (!p->locreg[loc])
        p->locreg[loc] = p->next++;
    return p->locreg[loc];
}

static void reg_name(const gen_test *t, const gen_event *v, ll_buf *out)
{
    (void)t;
    ll_buf_printf(out, "r%d", v->reg);
}

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    gen_code c = {0};
    ppc_thread st[GEN_MAX_THREADS];
    int label = 0;
    memset(st, 0, sizeof st);
    for (int th = 0; th < t->nth; th++) {
        ppc_thread *p = &st[th];
        p->next = 1;
        int prev = -1;
        for (int i = 0; i < t->th[th].n; i++) {
            gen_event *v = &t->ev[t->th[th].ev[i]];
            if (v->fence >= 0)
                gen_code_add(&c, th, "%s", a->fences[v->fence].text);
            int src = prev >= 0 ? t->ev[prev].reg : 0;
            int idx = 0;
            switch (prev >= 0 ? v->dep : DP_NONE) {
            case DP_ADDR:
                idx = p->next++;
                gen_code_add(&c, th, "xor r%d,r%d,r%d", idx, src, src);
                break;
            case DP_CTRL:
            case DP_CTRLFENCE:
                gen_code_add(&c, th, "cmpw r%d,r%d", src, src);
                gen_code_add(&c, th, "beq  LC%02d", label);
                gen_code_add(&c, th, "LC%02d:", label);
                label++;
                if (v->dep == DP_CTRLFENCE)
                    gen_code_add(&c, th, "isync");
                break;
            default:
                break;
            }
            if (v->dir == 'R') {
                v->reg = p->next++;
                int ar = loc_reg(p, v->loc);
                if (idx)
                    gen_code_add(&c, th, "lwzx r%d,r%d,r%d", v->reg, idx, ar);
                else
                    gen_code_add(&c, th, "lwz r%d,0(r%d)", v->reg, ar);
            } else if (prev >= 0 && v->dep == DP_DATA) {
                int d = p->next++;
                gen_code_add(&c, th, "xor r%d,r%d,r%d", d, src, src);
                gen_code_add(&c, th, "addi r%d,r%d,%d", d, d, v->value);
                gen_code_add(&c, th, "stw r%d,0(r%d)", d, loc_reg(p, v->loc));
            } else {
                int val = p->next++;
                gen_code_add(&c, th, "li r%d,%d", val, v->value);
                int ar = loc_reg(p, v->loc);
                if (idx)
                    gen_code_add(&c, th, "stwx r%d,r%d,r%d", val, idx, ar);
                else
                    gen_code_add(&c, th, "stw r%d,0(r%d)", val, ar);
            }
            prev = t->th[th].ev[i];
        }
    }
    /* init: the address registers, by register number */
    ll_buf_puts(out, "{\n");
    for (int th = 0; th < t->nth; th++) {
        bool any = false;
        for (int r = 1; r < st[th].next; r++)
            for (int l = 0; l < t->nloc; l++)
                if (st[th].locreg[l] == r) {
                    ll_buf_printf(out, "%s%d:r%d=%s;", any ? " " : "", th, r,
                                  gen_loc_name(l));
                    any = true;
                }
        if (any)
            ll_buf_putc(out, '\n');
    }
    ll_buf_puts(out, "}\n");
    gen_code_print(&c, out);
    gen_code_free(&c);
    gen_cond_print(t, false, reg_name, out);
}

const gen_arch gen_arch_ppc = {
    .name = "PPC",
    .aliases = "Power|POWER|PowerPC",
    .fences = fences,
    .nfences = sizeof fences / sizeof fences[0],
    .strong = 0,
    .ctrlfence = "Isync",
    .annots = NULL,
    .nannots = 0,
    .deps = true,
    .print = print,
};
