/* target.c — the targets: what hwrun needs to build a test for each
 * machine and to run it here, looked up. The rows are the
 * architectures' own (hw_gen_ops.targets, in hwrun/gen/<file>.c); a new
 * machine is a row there (and, if its architecture is new, a counter in
 * harness/hr_arch_<file>.h). */
#include "hwrun/target.h"
#include "hwrun/gen/gen.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

/* Each architecture's rows, in the list's order
 * (include/litmuslab/arch/list.h), gathered once into one array. */
static hw_target *targets;   /* kept for the process's life */
static int n_targets = -1;

/* Counts the rows, or copies them into targets when it is set. */
static int each_row(void)
{
    int n = 0;
    const char *why;
    for (int a = 0; a < LL_ARCH_COUNT; a++) {
        const hw_gen_ops *ops = hw_gen_find(a, &why);
        for (const hw_target *r = ops ? ops->targets : NULL; r && r->name;
             r++, n++)
            if (targets)
                targets[n] = *r;
    }
    return n;
}

const hw_target *hw_targets(int *n)
{
    if (n_targets < 0) {
        targets = ll_xcalloc((size_t)each_row() + 1, sizeof *targets);
        n_targets = each_row();
    }
    *n = n_targets;
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
    int n;
    hw_targets(&n);
    for (int i = 0; i < n; i++)
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
    int n;
    hw_targets(&n);
    if (!done && !uname(&u))
        for (int i = 0; i < n && !host; i++)
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
    int n;
    hw_targets(&n);
    for (int i = 0; i < n; i++)
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
