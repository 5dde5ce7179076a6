/* target.c — the target table: what hwrun needs to build a test for each
 * machine and to run it here. Adding a target is one row (and, if its
 * architecture is new, a generator in gen/ and a counter in
 * harness/hr_arch.h). */
#include "hwrun/target.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

/* Cross builds are static: the binary then runs under qemu-user (or on
 * the target) without the target's shared libraries. */
/* deliberate likeness: rows alike in targets[] (data, one per target). */
static const hw_target targets[] = {
    {"x86_64", "amd64 x86-64", LL_ARCH_X86, "x86_64",
     "x86_64-linux-gnu-gcc", "gcc-x86-64-linux-gnu", "qemu-x86_64", "",
     "rdtsc", NULL},
    {"aarch64", "arm64", LL_ARCH_AARCH64, "aarch64",
     "aarch64-linux-gnu-gcc", "gcc-aarch64-linux-gnu", "qemu-aarch64", "",
     "cntvct_el0", NULL},
    {"ppc64le", "ppc64el powerpc64le", LL_ARCH_PPC, "ppc64le",
     "powerpc64le-linux-gnu-gcc", "gcc-powerpc64le-linux-gnu",
     "qemu-ppc64le", "", "mftb", NULL},
    {"ppc64", "powerpc64", LL_ARCH_PPC, "ppc64",
     "powerpc64-linux-gnu-gcc", "gcc-powerpc64-linux-gnu", "qemu-ppc64", "",
     "mftb", NULL},
    {"armhf", "armv7l armv7 arm", LL_ARCH_ARM, "armv7l",
     "arm-linux-gnueabihf-gcc", "gcc-arm-linux-gnueabihf", "qemu-arm", "",
     "CNTVCT (generic timer, when user space may read it)",
     /* 32-bit Arm boards' systems (Raspberry Pi OS) compile for ARMv6
      * unless told, which has no dmb or isb; ARMv7 (with its FPU, as the
      * hard-float ABI wants) when the compiler's default cannot
      * assemble them. */
     "# ARMv7 at least (dmb, isb): 32-bit Raspberry Pi OS's compiler\n"
     "# makes ARMv6 code unless told.\n"
     "ifndef ARCH_CFLAGS\n"
     "ARCH_CFLAGS := $(shell echo 'int main(void) { __asm__ "
     "volatile(\"isb\"); return 0; }' | $(CC) $(CFLAGS) -x c - -c "
     "-o /dev/null >/dev/null 2>&1 || echo -march=armv7-a+fp)\n"
     "endif\n"},
    {"riscv64", "riscv", LL_ARCH_RISCV, "riscv64",
     "riscv64-linux-gnu-gcc", "gcc-riscv64-linux-gnu", "qemu-riscv64", "",
     "rdtime (when user space may read it)", NULL},
};

#define N_TARGETS ((int)(sizeof targets / sizeof targets[0]))

const hw_target *hw_targets(int *n)
{
    *n = N_TARGETS;
    return targets;
}

static bool has_word(const char *list, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == n && !strncmp(p, w, n))
            return true;
        p += k;
        p += *p == ' ';
    }
    return false;
}

const hw_target *hw_target_find(const char *name)
{
    for (int i = 0; i < N_TARGETS; i++)
        if (!strcmp(targets[i].name, name) ||
            has_word(targets[i].aliases, name))
            return &targets[i];
    return NULL;
}

const hw_target *hw_target_host(void)
{
    static bool done;
    static const hw_target *host;
    struct utsname u;
    if (!done && !uname(&u))
        for (int i = 0; i < N_TARGETS && !host; i++)
            if (!strcmp(targets[i].machine, u.machine))
                host = &targets[i];
    done = true;
    return host;
}

bool hw_target_is_native(const hw_target *tg)
{
    return tg && tg == hw_target_host();
}

void hw_target_names_for(ll_arch_id arch, ll_buf *out)
{
    const char *sep = "";
    for (int i = 0; i < N_TARGETS; i++)
        if (targets[i].arch == arch) {
            ll_buf_printf(out, "%s%s", sep, targets[i].name);
            sep = " or ";
        }
}

bool hw_have_program(const char *name)
{
    if (strchr(name, '/'))
        return !access(name, X_OK);
    const char *path = getenv("PATH");
    ll_buf p = {0};
    bool found = false;
    for (const char *s = path ? path : "/usr/bin:/bin"; *s && !found;) {
        size_t k = strcspn(s, ":");
        ll_buf_clear(&p);
        ll_buf_printf(&p, "%.*s/%s", (int)k, s, name);
        found = k > 0 && !access(ll_buf_str(&p), X_OK);
        s += k;
        s += *s == ':';
    }
    ll_buf_free(&p);
    return found;
}

bool hw_target_ready(const hw_target *tg, ll_buf *why)
{
    if (hw_target_is_native(tg))
        return true;
    if (!hw_have_program(tg->cc)) {
        ll_buf_printf(why, "target %s needs the cross compiler %s (Debian "
                      "package %s)", tg->name, tg->cc, tg->cc_package);
        return false;
    }
    if (!hw_have_program(tg->qemu)) {
        ll_buf_printf(why, "target %s needs %s to run here (Debian package "
                      "qemu-user)", tg->name, tg->qemu);
        return false;
    }
    return true;
}

void hw_targets_print(FILE *f)
{
    int n;
    const hw_target *tg = hw_targets(&n);
    fprintf(f, "%-8s %-8s %-26s %-13s %s\n", "target", "tests", "compiler",
            "emulator", "status");
    for (int i = 0; i < n; i++) {
        ll_buf why = {0};
        /* the dialect the machine runs (the list's line with the
           machine's name as an alias), else the architecture's name */
        const ll_arch_entry *e = ll_arch_lookup(tg[i].machine);
        const char *a = e && e->id == tg[i].arch ? e->header
                                                 : ll_arch_name(tg[i].arch);
        bool native = hw_target_is_native(&tg[i]);
        bool ready = hw_target_ready(&tg[i], &why);
        fprintf(f, "%-8s %-8s %-26s %-13s %s\n", tg[i].name,
                a ? a : "?", native ? "cc" : tg[i].cc,
                native ? "-" : tg[i].qemu,
                native ? "this machine" : ready ? "ready" : ll_buf_str(&why));
        ll_buf_free(&why);
    }
}
