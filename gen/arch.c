/* arch.c — the registry of architectures gen writes tests for: one
 * gen_arch ops table per file (arch_ppc.c, arch_x86.c...); adding an
 * architecture adds its file and one line here. */
#include <strings.h>
#include <string.h>

#include "gen/gen.h"

extern const gen_arch gen_arch_ppc, gen_arch_x86_64, gen_arch_x86,
    gen_arch_aarch64, gen_arch_arm, gen_arch_riscv, gen_arch_c;

static const gen_arch *const archs[] = {
    &gen_arch_ppc, &gen_arch_x86_64, &gen_arch_x86, &gen_arch_arm,
    &gen_arch_aarch64, &gen_arch_riscv, &gen_arch_c,
};

static bool alias_match(const char *aliases, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = aliases; p && *p;) {
        const char *bar = strchr(p, '|');
        size_t l = bar ? (size_t)(bar - p) : strlen(p);
        if (l == n && !strncasecmp(p, name, n))
            return true;
        p = bar ? bar + 1 : NULL;
    }
    return false;
}

const gen_arch *gen_arch_find(const char *name)
{
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        if (!strcasecmp(archs[i]->name, name) ||
            alias_match(archs[i]->aliases, name))
            return archs[i];
    return NULL;
}

void gen_arch_list(ll_buf *out)
{
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        ll_buf_printf(out, "%s%s", i ? ", " : "", archs[i]->name);
}
