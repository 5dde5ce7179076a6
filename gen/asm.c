/* asm.c — the code of a generated test for the assembly architectures
 * (those whose gen_arch prints through here), laid out as diy does:
 * each thread numbers its registers from the architecture's first one,
 * in the order the instructions need them (a store's value, then the
 * location's address register the first time the thread uses that
 * location; an address dependency's index, then the load's
 * destination...), the address registers given in the init block
 * (`0:r2=x;`). What each instruction looks like is the architecture's
 * (gen_asm_ops.emit). */
#include <stdio.h>
#include <string.h>

#include "gen/gen.h"

typedef struct asm_thread {
    int next;                   /* next free register */
    int locreg[GEN_MAX_LOCS];   /* register holding a location's address,
                                   -1 none */
    /* ConstsInInit: the registers holding a stored constant, and their
       values, in the order taken */
    int creg[GEN_MAX_EVENTS], cval[GEN_MAX_EVENTS];
    int nconst;
} asm_thread;

static int loc_reg(asm_thread *p, int loc)
{
    if (p->locreg[loc] < 0)
        p->locreg[loc] = p->next++;
    return p->locreg[loc];
}

static void reg_name(const gen_event *v, const void *ctx, ll_buf *out)
{
    const gen_asm_ops *ops = ctx;
    ll_buf_printf(out, ops->cond_reg, v->reg);
}

void gen_asm_print(const gen_arch *a, const gen_asm_ops *ops, gen_test *t,
                   ll_buf *out)
{
    gen_code c = {0};
    asm_thread st[GEN_MAX_THREADS];
    int label = 0;
    for (int th = 0; th < t->nth; th++) {
        asm_thread *p = &st[th];
        p->next = ops->first_reg;
        p->nconst = 0;
        for (int l = 0; l < GEN_MAX_LOCS; l++)
            p->locreg[l] = -1;
        int prev = -1;
        for (int i = 0; i < t->th[th].n; i++) {
            gen_event *v = &t->ev[t->th[th].ev[i]];
            gen_asm_insn in = {.th = th, .ann = v->ann, .idx = -1,
                               .tmp = -1,
                               .as_amo = t->variant & GEN_V_AS_AMO};
            if (v->fence >= 0)   /* the fence's own text, on every arch */
                gen_code_add(&c, th, "%s", a->fences[v->fence].text);
            gen_dp dep = prev >= 0 ? v->dep : DP_NONE;
            int src = prev >= 0 ? t->ev[prev].reg : 0;
            if (dep == DP_ADDR) {
                in.op = GA_XOR;
                in.dst = in.idx = p->next++;
                in.src = src;
                ops->emit(&c, &in);
            } else if (dep == DP_CTRL || dep == DP_CTRLFENCE) {
                in.op = GA_CTRL;
                in.src = src;
                in.label = label++;
                ops->emit(&c, &in);   /* the compare and branch to LC<n> */
                gen_code_add(&c, th, "LC%02d:", in.label);
                if (dep == DP_CTRLFENCE)
                    gen_code_add(&c, th, "%s", ops->ctrl_fence);
            }
            if (v->dir == 'R' && v->rmw) {
                /* an atomic pair (as diy7 writes lr/sc: the address register
                   first): lr.w x6,0(x5); sc.w x7,x6,0(x5) */
                in.addr = loc_reg(p, v->loc);
                in.op = GA_LR;
                in.dst = v->reg = p->next++;
                v->reg_sc = p->next++;
                if (in.idx >= 0 && ops->idx_temp)
                    in.tmp = p->next++;
                ops->emit(&c, &in);
                in.op = GA_SC;
                in.src = v->reg;
                in.dst = v->reg_sc;
                ops->emit(&c, &in);
            } else if (v->dir == 'R') {
                in.op = GA_LOAD;
                in.dst = v->reg = p->next++;
                in.addr = loc_reg(p, v->loc);
                if (in.idx >= 0 && ops->idx_temp)
                    in.tmp = p->next++;
                ops->emit(&c, &in);
            } else {
                if (v->rmw)   /* an atomic pair: the address first */
                    loc_reg(p, v->loc);
                /* the value into a register (data dependency: 0 from
                   the read, then the value added), then stored */
                in.dst = p->next++;
                in.value = v->value;
                if (dep == DP_DATA) {
                    in.op = GA_XOR;
                    in.src = src;
                    ops->emit(&c, &in);
                    in.op = GA_ADDI;
                    ops->emit(&c, &in);
                } else if (t->variant & GEN_V_CONSTS_IN_INIT) {
                    /* diy's ConstsInInit: the init block sets it, one
                       register a value in a thread */
                    int k = 0;
                    while (k < p->nconst && p->cval[k] != v->value)
                        k++;
                    if (k < p->nconst) {
                        p->next--;
                        in.dst = p->creg[k];
                    } else {
                        p->creg[p->nconst] = in.dst;
                        p->cval[p->nconst++] = v->value;
                    }
                } else {
                    in.op = GA_LI;
                    ops->emit(&c, &in);
                }
                in.src = in.dst;
                in.addr = loc_reg(p, v->loc);
                if (v->rmw) {   /* lr.w x9,0(x7); sc.w x10,x8,0(x7) */
                    v->reg_lr = p->next++;
                    v->reg_sc = p->next++;
                }
                if (in.idx >= 0 && ops->idx_temp)
                    in.tmp = p->next++;
                if (v->rmw) {
                    in.op = GA_LR;
                    in.dst = v->reg_lr;
                    ops->emit(&c, &in);
                    in.op = GA_SC;
                    in.dst = v->reg_sc;
                } else {
                    in.op = GA_STORE;
                }
                ops->emit(&c, &in);
            }
            prev = t->th[th].ev[i];
        }
    }
    /* init: the address registers (and ConstsInInit's constants), by
       register number */
    ll_buf_puts(out, "{\n");
    for (int th = 0; th < t->nth; th++) {
        bool any = false;
        for (int r = ops->first_reg; r < st[th].next; r++) {
            for (int l = 0; l < t->nloc; l++)
                if (st[th].locreg[l] == r) {
                    ll_buf_printf(out, "%s%d:", any ? " " : "", th);
                    ll_buf_printf(out, ops->addr_reg, r);
                    ll_buf_printf(out, "=%s;", gen_loc_name(l));
                    any = true;
                }
            for (int k = 0; k < st[th].nconst; k++)
                if (st[th].creg[k] == r) {
                    ll_buf_printf(out, "%s%d:", any ? " " : "", th);
                    ll_buf_printf(out, ops->addr_reg, r);
                    ll_buf_printf(out, "=%d;", st[th].cval[k]);
                    any = true;
                }
        }
        if (any)
            ll_buf_putc(out, '\n');
    }
    ll_buf_puts(out, "}\n");
    gen_code_print(&c, out);
    gen_code_free(&c);
    gen_cond_print(t, false, reg_name, ops, out);
}
