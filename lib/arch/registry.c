/* registry.c — the one list of architectures: each test header name
 * with its id, its aliases and its reader plug-in; and the helpers on
 * ll_instr that do not depend on the architecture. A new architecture is
 * one line here (doc/adding-an-architecture.md). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "litmuslab/arch.h"
#include "litmuslab/arch/aarch64.h"
#include "litmuslab/arch/arm.h"
#include "litmuslab/arch/lisa.h"
#include "litmuslab/arch/ppc.h"
#include "litmuslab/arch/riscv.h"
#include "litmuslab/arch/x86.h"

/* An id's first line names it (ll_arch_name). The aliases hold the
 * names of uname's machines (ppc64le, armv7l, riscv64), which `hwrun
 * --targets` shows the dialect of; `x86` on X86_64 lets `campaign --arch
 * x86` take both x86 dialects. */
static const ll_arch_entry arches[] = {
    {"PPC", "Power PowerPC ppc64 ppc64le", LL_ARCH_PPC, &ll_arch_ppc},
    {"X86", "x86-32 i386", LL_ARCH_X86, &ll_arch_x86},
    {"X86_64", "x86 x86-64 amd64", LL_ARCH_X86, &ll_arch_x86_64},
    {"AArch64", "ARM64 ARMv8", LL_ARCH_AARCH64, &ll_arch_aarch64},
    {"ARM", "ARMv7 armv7l armhf", LL_ARCH_ARM, &ll_arch_arm},
    {"RISCV", "RISC-V riscv64", LL_ARCH_RISCV, &ll_arch_riscv},
    {"C", "LKMM linux", LL_ARCH_C, NULL},
    {"LISA", "", LL_ARCH_LISA, &ll_arch_lisa},
};

#define N_ARCHES (int)(sizeof arches / sizeof *arches)

const ll_arch_entry *ll_arch_entries(int *n)
{
    *n = N_ARCHES;
    return arches;
}

static const ll_arch_entry *by_header(const char *header)
{
    for (int i = 0; i < N_ARCHES; i++)
        if (strcmp(header, arches[i].header) == 0)
            return &arches[i];
    return NULL;
}

const ll_arch_ops *ll_arch_find(const char *header_name)
{
    const ll_arch_entry *e = by_header(header_name);
    return e ? e->reader : NULL;
}

int ll_arch_id_of(const char *header_name)
{
    const ll_arch_entry *e = by_header(header_name);
    return e ? (int)e->id : -1;
}

const char *ll_arch_name(ll_arch_id id)
{
    for (int i = 0; i < N_ARCHES; i++)
        if (arches[i].id == id)
            return arches[i].header;
    return NULL;
}

/* name is one of the space-separated words of list, in any case. */
static bool is_alias(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; n && *p;) {
        size_t l = strcspn(p, " ");
        if (l == n && !strncasecmp(p, name, n))
            return true;
        p += l + (p[l] == ' ');
    }
    return false;
}

const ll_arch_entry *ll_arch_lookup(const char *name)
{
    for (int i = 0; i < N_ARCHES; i++)
        if (!strcasecmp(name, arches[i].header))
            return &arches[i];
    for (int i = 0; i < N_ARCHES; i++)
        if (is_alias(arches[i].aliases, name))
            return &arches[i];
    return NULL;
}

bool ll_arch_selects(const char *name, const char *header)
{
    const ll_arch_entry *e = by_header(header);
    return !strcasecmp(name, header) || (e && is_alias(e->aliases, name));
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
