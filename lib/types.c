/* types.c — the integer types an init block may declare, sized as herd7
 * sizes them for the architectures we read (all 64-bit capable): `int`,
 * herd7's default, is 4 bytes; `long` and pointers are 8. */
#include "litmuslab/arch.h"
#include "litmuslab/test.h"

#include <string.h>

typedef struct ctype_name {
    const char *name;
    int size;
    bool is_signed;
} ctype_name;

static const ctype_name names[] = {
    {"char", 1, true},           {"signed char", 1, true},
    {"unsigned char", 1, false}, {"int8_t", 1, true},
    {"uint8_t", 1, false},       {"short", 2, true},
    {"unsigned short", 2, false}, {"int16_t", 2, true},
    {"uint16_t", 2, false},      {"int", 4, true},
    {"signed", 4, true},         {"signed int", 4, true},
    {"unsigned", 4, false},      {"unsigned int", 4, false},
    {"int32_t", 4, true},        {"uint32_t", 4, false},
    {"long", 8, true},           {"unsigned long", 8, false},
    {"long long", 8, true},      {"unsigned long long", 8, false},
    {"int64_t", 8, true},        {"uint64_t", 8, false},
    {"intptr_t", 8, true},       {"uintptr_t", 8, false},
    {"size_t", 8, false},
    /* the kernel's: a lock word and atomic_t hold an int */
    {"spinlock_t", 4, true},     {"atomic_t", 4, true},
    {"atomic_long_t", 8, true},  {"atomic64_t", 8, true},
};

bool ll_ctype_of(const char *type, bool pointer, ll_ctype *out)
{
    out->size = 4;
    out->is_signed = true;
    out->shows_unsigned = false;
    if (pointer) {
        out->size = 8;
        return true;
    }
    if (!type)
        return true;
    /* herd7 sizes `atomic_int` as `int` (C tests' spelling) */
    if (!strncmp(type, "atomic_", 7) && strcmp(type, "atomic_t") &&
        strcmp(type, "atomic_long_t"))
        type += 7;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(names[i].name, type)) {
            out->size = names[i].size;
            out->is_signed = names[i].is_signed;
            /* herd7 7.58 compares it as an int (z=-1 holds) and prints
               it unsigned ([z]=4294967295) */
            out->shows_unsigned = !strcmp(type, "atomic_t");
            return true;
        }
    return false;
}

/* herd7 reads a condition's constant as a value of its place's type on
 * the assembly architectures: 4294967295 compared with an int register
 * is -1, -1 compared with a uint32_t location is 4294967295. */
int64_t ll_ctype_cut(ll_ctype t, int64_t v)
{
    if (t.size <= 0 || t.size >= 8)
        return v;
    int bits = 8 * t.size;
    uint64_t u = (uint64_t)v & ((UINT64_C(1) << bits) - 1);
    if (t.is_signed && (u >> (bits - 1)))
        u |= ~UINT64_C(0) << bits;
    return (int64_t)u;
}

/* The whole register a place or an init entry names, or -1. */
static int whole_reg(const ll_arch_ops *a, const ll_loc *l)
{
    int r = l->reg >= 0 ? l->reg : a->reg_lookup ? a->reg_lookup(l->name)
                                                 : -1;
    return r >= 0 && a->reg_canon ? a->reg_canon(r) : r;
}

bool ll_place_type(const void *test, const ll_loc *loc, ll_ctype *out)
{
    const ll_test *t = test;
    const ll_arch_ops *a = t->arch;
    if (!a || a->whole_constants)
        return false;
    ll_ctype_of(NULL, false, out);
    int reg = loc->proc >= 0 ? whole_reg(a, loc) : -1;
    bool ok = true;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->loc.proc != loc->proc || (!in->type && !in->pointer))
            continue;
        if (loc->proc < 0 ? strcmp(in->loc.name, loc->name) != 0
                          : reg < 0 || whole_reg(a, &in->loc) != reg)
            continue;
        ok = ll_ctype_of(in->type, in->pointer, out);
    }
    return ok;
}
