/* registry.c — maps a test header's architecture name to its plug-in, and
 * the helpers on ll_instr that do not depend on the architecture. */
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch.h"
#include "litmuslab/arch/aarch64.h"
#include "litmuslab/arch/arm.h"
#include "litmuslab/arch/lisa.h"
#include "litmuslab/arch/ppc.h"
#include "litmuslab/arch/riscv.h"
#include "litmuslab/arch/x86.h"

static const struct {
    const char *header;
    const ll_arch_ops *ops;
} arch_by_header[] = {
    {"PPC", &ll_arch_ppc},
    {"X86", &ll_arch_x86},
    {"X86_64", &ll_arch_x86_64},
    {"AArch64", &ll_arch_aarch64},
    {"ARM", &ll_arch_arm},
    {"RISCV", &ll_arch_riscv},
    {"LISA", &ll_arch_lisa},
};

const ll_arch_ops *ll_arch_find(const char *header_name)
{
    for (size_t i = 0; i < sizeof arch_by_header / sizeof *arch_by_header;
         i++)
        if (strcmp(header_name, arch_by_header[i].header) == 0)
            return arch_by_header[i].ops;
    return NULL;
}

void ll_instr_clear(ll_instr *in)
{
    for (int i = 0; i < in->n_ops && i < LL_MAX_OPERANDS; i++) {
        free(in->ops[i].sym);
        in->ops[i].sym = NULL;
    }
    in->n_ops = 0;
}

static bool same_string(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

bool ll_instr_equal(const ll_instr *a, const ll_instr *b)
{
    if (a->op != b->op || a->flags != b->flags || a->n_ops != b->n_ops)
        return false;
    for (int i = 0; i < a->n_ops; i++) {
        const ll_operand *x = &a->ops[i], *y = &b->ops[i];
        if (x->kind != y->kind || x->reg != y->reg || x->index != y->index ||
            x->shift != y->shift || x->imm != y->imm ||
            !same_string(x->sym, y->sym))
            return false;
    }
    return true;
}
