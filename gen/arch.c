/* arch.c — the registry of architectures gen writes tests for: one
 * gen_arch ops table per file (arch_ppc.c, arch_x86.c...), named by its
 * test header name; adding an architecture adds its file and one line
 * here. */
#include <string.h>

#include "gen/gen.h"

extern const gen_arch gen_arch_ppc, gen_arch_x86_64, gen_arch_x86,
    gen_arch_aarch64, gen_arch_arm, gen_arch_riscv, gen_arch_c;

static const gen_arch *const archs[] = {
    &gen_arch_ppc, &gen_arch_x86_64, &gen_arch_x86, &gen_arch_arm,
    &gen_arch_aarch64, &gen_arch_riscv, &gen_arch_c,
};

/* By a test header name or one of its aliases (the architecture list,
 * include/litmuslab/arch/list.h, holds them, in any case). */
const gen_arch *gen_arch_find(const char *name)
{
    const ll_arch_entry *e = ll_arch_lookup(name);
    for (size_t i = 0; e && i < sizeof archs / sizeof archs[0]; i++)
        if (!strcmp(archs[i]->name, e->header))
            return archs[i];
    return NULL;
}

const gen_arch *gen_arch_default(void)
{
    return archs[0];
}

void gen_arch_list(ll_buf *out)
{
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        ll_buf_printf(out, "%s%s", i ? ", " : "", archs[i]->name);
}

const gen_arch *gen_arch_at(int i)
{
    return i >= 0 && i < (int)(sizeof archs / sizeof archs[0]) ? archs[i]
                                                               : NULL;
}

void gen_arch_vocabulary(const gen_arch *a, ll_buf *out)
{
    /* a fence whose tag an earlier one has is another spelling of it:
       the first such is named as an example */
    const char *also = NULL;
    ll_buf_puts(out, a->nfences ? "fences" : "no fences");
    for (int i = 0; i < a->nfences; i++) {
        int k = 0;
        while (k < i && strcmp(a->fences[k].tag, a->fences[i].tag))
            k++;
        if (k == i)
            ll_buf_printf(out, " %s", a->fences[i].name);
        else if (!also)
            also = a->fences[i].name;
    }
    if (also)
        ll_buf_printf(out, " (also written %s...)", also);
    if (a->ctrlfence)
        ll_buf_printf(out, "; DpCtrl%sdR", a->ctrlfence);
    if (!a->deps)
        ll_buf_puts(out, "; no dependencies");
    for (int i = 0; i < a->nannots; i++)
        ll_buf_printf(out, "%s%s", i ? " " : "; annotations ",
                      a->annots[i].name);
}
