/* arch.c — the architectures gen writes tests for, in the order of the
 * architecture list (include/litmuslab/arch/list.h): each line's
 * gen_arch_<file>_dialects (gen/arch_<file>.c), its tables, one per test
 * header name it writes (two dialects may share an id), maybe none. A new
 * architecture is its file; nothing here names one. */
#include <string.h>

#include "gen/gen.h"

#define LL_ARCH(id, file) \
    extern const gen_arch *const gen_arch_##file##_dialects[];
#include "litmuslab/arch/list.h"
#undef LL_ARCH

static const gen_arch *const *const lines[] = {
#define LL_ARCH(id, file) gen_arch_##file##_dialects,
#include "litmuslab/arch/list.h"
#undef LL_ARCH
};

const gen_arch *gen_arch_at(int i)
{
    for (size_t k = 0; k < sizeof lines / sizeof lines[0] && i >= 0; k++)
        for (const gen_arch *const *a = lines[k]; *a; a++)
            if (i-- == 0)
                return *a;
    return NULL;
}

/* By a test header name or one of its aliases (the architecture list,
 * include/litmuslab/arch/list.h, holds them, in any case). */
const gen_arch *gen_arch_find(const char *name)
{
    const ll_arch_entry *e = ll_arch_lookup(name);
    const gen_arch *a;
    for (int i = 0; e && (a = gen_arch_at(i)); i++)
        if (!strcmp(a->name, e->header))
            return a;
    return NULL;
}

const gen_arch *gen_arch_default(void)
{
    return gen_arch_at(0);
}

void gen_arch_list(ll_buf *out)
{
    const gen_arch *a;
    for (int i = 0; (a = gen_arch_at(i)); i++)
        ll_buf_printf(out, "%s%s", i ? ", " : "", a->name);
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
