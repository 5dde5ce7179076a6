/* fake_arch.h — unit-test helper: a tiny stand-in architecture ("FAKE")
 * so the reader can be tested apart from the real plug-ins. Mnemonics
 * come from a short list; each operand is kept as text (an SYM operand)
 * and printed back after one space, operands separated by ','. A '#'
 * in an operand is a bad operand. Registers: r0..r31. */
#ifndef LITMUSLAB_TESTS_FAKE_ARCH_H
#define LITMUSLAB_TESTS_FAKE_ARCH_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch.h"
#include "litmuslab/util.h"

static const char *const fake_ops[] = {"li", "lwz", "stw", "sync", "b",
                                       "beq", "cmpw", "mr"};

static bool fake_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    memset(out, 0, sizeof *out);
    size_t n = 0;
    while (text[n] && !isspace((unsigned char)text[n]))
        n++;
    out->op = -1;
    for (size_t i = 0; i < sizeof fake_ops / sizeof fake_ops[0]; i++)
        if (strlen(fake_ops[i]) == n && !strncmp(text, fake_ops[i], n))
            out->op = (int)i;
    if (out->op < 0) {
        ll_diag_set(d, 1, 1, "unknown instruction '%.*s'", (int)n, text);
        return false;
    }
    const char *p = text + n;
    while (*p) {
        while (isspace((unsigned char)*p) || *p == ',')
            p++;
        if (!*p)
            break;
        const char *s = p;
        while (*p && *p != ',' && !isspace((unsigned char)*p))
            p++;
        const char *bad = memchr(s, '#', (size_t)(p - s));
        if (bad || out->n_ops == LL_MAX_OPERANDS) {
            ll_diag_set(d, 1, (int)((bad ? bad : s) - text) + 1,
                        "bad operand '%.*s'", (int)(p - s), s);
            return false;
        }
        ll_operand *o = &out->ops[out->n_ops++];
        o->kind = LL_OPND_SYM;
        o->reg = o->index = -1;
        o->sym = ll_xstrndup(s, (size_t)(p - s));
    }
    return true;
}

static void fake_print_instr(const ll_instr *in, ll_buf *out)
{
    ll_buf_puts(out, fake_ops[in->op]);
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_puts(out, i ? "," : " ");
        ll_buf_puts(out, in->ops[i].sym);
    }
}

static int fake_reg_lookup(const char *name)
{
    if (name[0] != 'r' || !isdigit((unsigned char)name[1]))
        return -1;
    char *end;
    long n = strtol(name + 1, &end, 10);
    return *end || n > 31 ? -1 : (int)n;
}

static const ll_arch_ops fake_arch = {
    .id = LL_ARCH_PPC,
    .name = "FAKE",
    .parse_instr = fake_parse_instr,
    .print_instr = fake_print_instr,
    .reg_lookup = fake_reg_lookup,
};

static inline const ll_arch_ops *fake_find(const char *name)
{
    return strcmp(name, "FAKE") ? NULL : &fake_arch;
}

#endif
