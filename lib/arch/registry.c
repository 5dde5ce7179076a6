/* registry.c — the one list of architectures, looked up: each test
 * header name with its id, its aliases and its reader plug-in, gathered
 * from the architectures' own files through the list
 * (include/litmuslab/arch/list.h); and the helpers on ll_instr that do
 * not depend on the architecture. A new architecture is its files plus
 * one line of the list (doc/adding-an-architecture.md). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "litmuslab/arch.h"

/* Each architecture's lines, in its own file (lib/arch/<file>.c), in the
 * list's order; each ends with a NULL header. An id's first line names it
 * (ll_arch_name). */
#define LL_ARCH(id, file) extern const ll_arch_entry ll_arch_##file##_names[];
#include "litmuslab/arch/list.h"
#undef LL_ARCH

static const ll_arch_entry *const lines[] = {
#define LL_ARCH(id, file) ll_arch_##file##_names,
#include "litmuslab/arch/list.h"
#undef LL_ARCH
};

#define N_LINES (int)(sizeof lines / sizeof *lines)

const ll_arch_entry *ll_arch_entry_at(int i)
{
    for (int k = 0; k < N_LINES && i >= 0; k++)
        for (const ll_arch_entry *e = lines[k]; e->header; e++)
            if (i-- == 0)
                return e;
    return NULL;
}

static const ll_arch_entry *by_header(const char *header)
{
    const ll_arch_entry *e;
    for (int i = 0; (e = ll_arch_entry_at(i)); i++)
        if (strcmp(header, e->header) == 0)
            return e;
    return NULL;
}

const ll_arch_ops *ll_arch_find(const char *header_name)
{
    const ll_arch_entry *e = by_header(header_name);
    return e ? e->reader : NULL;
}

const char *ll_arch_reg_family(const char *name, int *rank)
{
    const ll_arch_entry *e;
    for (int i = 0; (e = ll_arch_entry_at(i)); i++) {
        const ll_reg_family *f = e->reader ? e->reader->reg_family : NULL;
        for (int k = 0; f && f->names[k]; k++)
            if (strcmp(name, f->names[k]) == 0) {
                *rank = k;
                return f->anchor;
            }
    }
    *rank = -1;
    return NULL;
}

int ll_arch_id_of(const char *header_name)
{
    const ll_arch_entry *e = by_header(header_name);
    return e ? (int)e->id : -1;
}

const char *ll_arch_name(ll_arch_id id)
{
    const ll_arch_entry *e;
    for (int i = 0; (e = ll_arch_entry_at(i)); i++)
        if (e->id == id)
            return e->header;
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
    const ll_arch_entry *e;
    for (int i = 0; (e = ll_arch_entry_at(i)); i++)
        if (!strcasecmp(name, e->header))
            return e;
    for (int i = 0; (e = ll_arch_entry_at(i)); i++)
        if (is_alias(e->aliases, name))
            return e;
    return NULL;
}

bool ll_arch_selects(const char *name, const char *header)
{
    const ll_arch_entry *e = by_header(header);
    return !strcasecmp(name, header) || (e && is_alias(e->aliases, name));
}

/* herd7's names of architectures: its own list, wider than ours (herd7
 * knows MIPS, BPF...), with its spellings (RISC-V is RISCV, CPP C++). */
const char *ll_arch_herd_name(const char *word)
{
    static const char *const names[][2] = {
        {"X86", "X86"}, {"X86_64", "X86_64"}, {"PPC", "PPC"},
        {"ARM", "ARM"}, {"AArch64", "AArch64"}, {"MIPS", "MIPS"},
        {"RISCV", "RISCV"}, {"RISC-V", "RISCV"}, {"C", "C"},
        {"CPP", "C++"}, {"LISA", "LISA"}, {"BPF", "BPF"},
        {"JAVA", "Java"}, {"ASL", "ASL"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(word, names[i][0]))
            return names[i][1];
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
