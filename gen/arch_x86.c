/* arch_x86.c — x86 code for generated tests, in both of diy's syntaxes:
 * X86_64 (AT&T, `movq $1,(x)`, `movq (x),%rax`, locations and
 * condition registers declared uint64_t in the init block, as diy7 7.5x
 * writes it) and X86 (Intel, `MOV [x],$1`, `MOV EAX,[x]`). x86 has no
 * dependencies in diy's vocabulary; its one fence is MFence. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

static const gen_fence fences64[] = {{"MFence", "mfence", "mfence"}};
static const gen_fence fences32[] = {{"MFence", "mfence", "MFENCE"}};

static const char *const regs64[] = {
    "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11",
    "r12", "r13", "r14", "r15",
};
static const char *const regs32[] = {"EAX", "EBX", "ECX", "EDX", "ESI",
                                     "EDI"};

static bool is64(const gen_arch *a)
{
    return !strcmp(a->name, "X86_64");
}

static void reg_name(const gen_event *v, const void *ctx, ll_buf *out)
{
    ll_buf_puts(out, ((const char *const *)ctx)[v->reg]);
}

static int desc_cmp(const void *x, const void *y)
{
    return -strcmp(*(char *const *)x, *(char *const *)y);
}

static void print(const gen_arch *a, gen_test *t, ll_buf *out)
{
    bool w64 = is64(a);
    int nregs = w64 ? (int)(sizeof regs64 / sizeof regs64[0])
                    : (int)(sizeof regs32 / sizeof regs32[0]);
    gen_code c = {0};
    for (int th = 0; th < t->nth; th++) {
        int next = 0;
        for (int i = 0; i < t->th[th].n; i++) {
            gen_event *v = &t->ev[t->th[th].ev[i]];
            const char *loc = gen_loc_name(v->loc);
            if (v->fence >= 0)
                gen_code_add(&c, th, "%s", a->fences[v->fence].text);
            if (v->dir == 'W') {
                if (w64)
                    gen_code_add(&c, th, "movq $%d,(%s)", v->value, loc);
                else
                    gen_code_add(&c, th, "MOV [%s],$%d", loc, v->value);
                continue;
            }
            v->reg = next < nregs ? next++ : nregs - 1;
            if (w64)
                gen_code_add(&c, th, "movq (%s),%%%s", loc, regs64[v->reg]);
            else
                gen_code_add(&c, th, "MOV %s,[%s]", regs32[v->reg], loc);
        }
    }
    if (w64) {
        /* diy7 declares every location and condition register, in
           decreasing order */
        char *names[GEN_MAX_LOCS + GEN_MAX_EVENTS];
        int n = 0;
        for (int l = 0; l < t->nloc; l++)
            names[n++] = ll_xstrdup(gen_loc_name(l));
        for (int i = 0; i < t->nev; i++) {
            const gen_event *v = &t->ev[i];
            if (v->dir != 'R' || !v->in_cond)
                continue;
            char b[32];
            snprintf(b, sizeof b, "%d:%s", v->thread, regs64[v->reg]);
            names[n++] = ll_xstrdup(b);
        }
        qsort(names, (size_t)n, sizeof names[0], desc_cmp);
        ll_buf_puts(out, "{\n");
        for (int i = 0; i < n; i++) {
            ll_buf_printf(out, "%suint64_t %s;", i ? " " : "", names[i]);
            free(names[i]);
        }
        ll_buf_puts(out, "\n\n}\n");
    } else {
        ll_buf_puts(out, "{\n}\n");
    }
    gen_code_print(&c, out);
    gen_code_free(&c);
    gen_cond_print(t, true, reg_name, w64 ? regs64 : regs32, out);
}

/* deliberate likeness: gen_arch_x86 below, the same tables for the 32-bit
 * dialect (its own fences' and registers' names). */
const gen_arch gen_arch_x86_64 = {
    .name = "X86_64",
    .fences = fences64,
    .nfences = 1,
    .strong = 0,
    .ctrlfence = NULL,
    .default_ann = -1,
    .deps = false,
    .print = print,
};

const gen_arch gen_arch_x86 = {
    .name = "X86",
    .fences = fences32,
    .nfences = 1,
    .strong = 0,
    .ctrlfence = NULL,
    .default_ann = -1,
    .deps = false,
    .print = print,
};

/* gen's tables for the list's line (include/litmuslab/arch/list.h),
 * found by gen/arch.c through its stem. */
const gen_arch *const gen_arch_x86_dialects[] = {&gen_arch_x86_64, &gen_arch_x86, NULL};
