/* c.c — C litmus tests in hwrun, the klitmus7 way in user space: the
 * header the thread functions are compiled with (the kernel's primitives
 * of hwrun/harness/hr_kp.h, the sequences the kernel uses on the target
 * the compiler builds for, or C11's <stdatomic.h>) and the types of the
 * shared variables: their size in the layout the engine (gen.c) writes,
 * and the C type the thread functions (gen/c_body.c) access them with.
 * Every C type name written comes from the table here, never from the
 * test's text. */
#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"

#include <stdlib.h>
#include <string.h>

#include "litmuslab/c_ast.h"

/* ---- the test's flavour: kernel or C11 ---- */

int hw_gen_ctest_flavour(const ll_instr *in)
{
    switch (in->op) {
    case LL_C_LD:
    case LL_C_ST:
    case LL_C_RMW:
    case LL_C_CAS: {
        int a = LL_C_ANN(in->flags);
        if (a == LL_C_PLAIN || a == LL_C_NA)
            return 0;
        return a > LL_C_NA ? 1 : 2;
    }
    case LL_C_CAS11:
        return 1;
    case LL_C_FENCE:
        return (in->flags & 0xff) == LL_C_F_C11 ? 1 : 2;
    case LL_C_LOCK:
    case LL_C_UNLOCK:
    case LL_C_TRYLOCK:
    case LL_C_ISLOCKED:
    case LL_C_SRCU_LOCK:
    case LL_C_SRCU_UNLOCK:
    case LL_C_SYNC_SRCU:
        return 2;
    }
    return 0;
}

bool hw_gen_ctest_is_c11(const ll_test *t)
{
    for (int k = 0; k < t->n_threads; k++)
        for (int s = 0; s < t->threads[k].n_stmts; s++) {
            const ll_stmt *st = &t->threads[k].stmts[s];
            if (st->has_instr && hw_gen_ctest_flavour(&st->instr) == 1)
                return true;
        }
    return false;
}

/* The includes, pragmas and helpers heading the C file. */
static void prelude(const ll_test *t, ll_buf *c)
{
    /* a temporary the code sets and never reads is the lowering's
       business, not an error */
    ll_buf_puts(c, "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
                "#pragma GCC diagnostic ignored "
                "\"-Wunused-but-set-variable\"\n");
    if (hw_gen_ctest_is_c11(t))
        ll_buf_puts(c, "#include <stdatomic.h>\n\n");
    else
        ll_buf_puts(c, "#include \"hr_kp.h\"\n\n");
    /* the lowering's division: 64-bit, and 0 where C leaves it undefined
       (the model has no such execution) rather than a trap */
    ll_buf_puts(c, "static inline uint64_t ll_div(uint64_t a, uint64_t b)\n"
                "{\n    return b == 0 || (a == (uint64_t)INT64_MIN && "
                "b == (uint64_t)-1) ? 0\n           : (uint64_t)((int64_t)a "
                "/ (int64_t)b);\n}\n"
                "static inline uint64_t ll_mod(uint64_t a, uint64_t b)\n"
                "{\n    return b == 0 || (a == (uint64_t)INT64_MIN && "
                "b == (uint64_t)-1) ? 0\n           : (uint64_t)((int64_t)a "
                "% (int64_t)b);\n}\n"
                /* a register used as an address: its value hidden from
                   constant folding (GCC would refuse `*(int *)1` at
                   compile time; the hardware dereferences what the
                   register holds), its dependency kept */
                "static inline uintptr_t ll_ptr(uint64_t r)\n{\n"
                "    uintptr_t p = (uintptr_t)r;\n"
                "    __asm__(\"\" : \"+r\"(p));\n    return p;\n}\n\n");
}

/* The types a C test may give a shared variable: herd7's integer names,
 * the kernel's, and C11's atomic ones (as `atomic_int` or `_Atomic int`,
 * found here under `int`). size and sign: the layout's (what the final
 * value reads back); c: the C type hwrun accesses it as; fam: the
 * kernel's atomic family for read-modify-writes on it (hr_kp.h), NULL
 * for none (1 and 2 bytes). */
static const hw_gen_ctype ctypes[] = {
    {"char", 1, true, "int8_t", NULL},
    {"signed char", 1, true, "int8_t", NULL},
    {"unsigned char", 1, false, "uint8_t", NULL},
    {"int8_t", 1, true, "int8_t", NULL},
    {"uint8_t", 1, false, "uint8_t", NULL},
    {"atomic_bool", 1, false, "uint8_t", NULL},
    {"short", 2, true, "int16_t", NULL},
    {"unsigned short", 2, false, "uint16_t", NULL},
    {"int16_t", 2, true, "int16_t", NULL},
    {"uint16_t", 2, false, "uint16_t", NULL},
    {"int", 4, true, "int", "atomic"},
    {"signed", 4, true, "int", "atomic"},
    {"signed int", 4, true, "int", "atomic"},
    {"unsigned", 4, false, "unsigned", "atomic"},
    {"unsigned int", 4, false, "unsigned", "atomic"},
    {"int32_t", 4, true, "int32_t", "atomic"},
    {"uint32_t", 4, false, "uint32_t", "atomic"},
    {"long", 8, true, "long", "atomic_long"},
    {"unsigned long", 8, false, "unsigned long", "atomic_long"},
    {"long long", 8, true, "long long", "atomic64"},
    {"unsigned long long", 8, false, "unsigned long long", "atomic64"},
    {"int64_t", 8, true, "int64_t", "atomic64"},
    {"uint64_t", 8, false, "uint64_t", "atomic64"},
    {"intptr_t", 8, true, "intptr_t", "atomic_long"},
    {"uintptr_t", 8, false, "uintptr_t", "atomic_long"},
    {"size_t", 8, false, "size_t", "atomic_long"},
    /* the kernel's: a lock word, atomic_t's counter, an SRCU domain */
    {"spinlock_t", 4, false, "uint32_t", "atomic"},
    {"atomic_t", 4, true, "int", "atomic"},
    {"atomic_long_t", 8, true, "long", "atomic_long"},
    {"atomic64_t", 8, true, "long long", "atomic64"},
    {"struct srcu_struct", 8, false, "uint64_t", "atomic64"},
};

/* A pointer: the machine's word (8 bytes in the layout, as herd7's). */
static const hw_gen_ctype pointer_type = {"*", 8, true, "uintptr_t",
                                          "atomic_long"};

/* type: words with single spaces (the reader's spelling). */
static const hw_gen_ctype *lookup(const char *type)
{
    /* qualifiers say nothing of the size; C11's atomic types are their
       value types here (the accesses say what is atomic) */
    ll_buf bare = {0};
    for (const char *w = type; *w;) {
        size_t n = strcspn(w, " ");
        bool qualifier = (n == 5 && !strncmp(w, "const", 5)) ||
                         (n == 8 && !strncmp(w, "volatile", 8)) ||
                         (n == 7 && !strncmp(w, "_Atomic", 7));
        if (!qualifier) {
            if (bare.len)
                ll_buf_putc(&bare, ' ');
            ll_buf_putn(&bare, w, n);
        }
        w += n;
        w += strspn(w, " ");
    }
    const char *t = ll_buf_str(&bare);
    if (!strncmp(t, "atomic_", 7) && strcmp(t, "atomic_t") &&
        strcmp(t, "atomic_long_t") && strcmp(t, "atomic_bool"))
        t += 7;
    const hw_gen_ctype *found = NULL;
    for (size_t i = 0; i < sizeof ctypes / sizeof *ctypes && !found; i++)
        if (!strcmp(t, ctypes[i].name))
            found = &ctypes[i];
    ll_buf_free(&bare);
    return found;
}

const hw_gen_ctype *hw_gen_ctest_type(const ll_test *t, const char *name)
{
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (in->loc.proc >= 0 || strcmp(in->loc.name, name) ||
            (!in->type && !in->pointer))
            continue;
        return in->pointer ? &pointer_type : lookup(in->type);
    }
    for (int k = 0; k < t->n_threads; k++)
        for (int i = 0; i < t->threads[k].n_params; i++) {
            const ll_param *p = &t->threads[k].params[i];
            size_t n = strlen(p->type);
            if (strcmp(p->name, name) || !n || p->type[n - 1] != '*')
                continue;
            /* `int *` points to int, `int **` to a pointer */
            if (strchr(p->type, '*') != strrchr(p->type, '*'))
                return &pointer_type;
            while (n && (p->type[n - 1] == '*' || p->type[n - 1] == ' '))
                n--;
            char *base = ll_xstrndup(p->type, n);
            const hw_gen_ctype *ty = lookup(base);
            free(base);
            return ty;
        }
    return lookup("int");   /* herd7's default */
}

static bool loc_type(const ll_test *t, const char *name, ll_ctype *out)
{
    const hw_gen_ctype *ty = hw_gen_ctest_type(t, name);
    if (!ty)
        return false;
    out->size = ty->size;
    out->is_signed = ty->is_signed;
    return true;
}

/* C tests as one more generator: whole thread functions in C, over the
 * lowered code (the model's), instead of asm blocks. */
const hw_gen_ops hw_gen_c_ops = {
    .arch = LL_ARCH_C,
    .name = "the C code generator",
    .prepare = ll_c_lower,
    .prelude = prelude,
    .write_thread = hw_gen_ctest_thread,
    .loc_type = loc_type,
    .locals = true,
};
