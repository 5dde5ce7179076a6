/* hr_cpu.c — what the log says about the machine: the CPU model (from the
 * topology backend, else /proc/cpuinfo in each architecture's words) and
 * whether the run is emulated, so that no one takes it for hardware. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hr_arch.h"
#include "hr_internal.h"

/* The value of a `key : value` line of /proc/cpuinfo whose key is one of
 * keys (in order of preference), into buf; 0 when none. */
static int cpuinfo(const char *const *keys, int n_keys, char *buf, size_t n)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    int best = n_keys;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        char *end = colon;
        while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        for (int k = 0; k < best; k++)
            if ((size_t)(end - line) == strlen(keys[k]) &&
                !strncmp(line, keys[k], (size_t)(end - line))) {
                char *v = colon + 1 + (colon[1] == ' ');
                v[strcspn(v, "\n")] = 0;
                snprintf(buf, n, "%s", v);
                best = k;
                break;
            }
    }
    fclose(f);
    return best < n_keys;
}

void hr_cpu_model(const hr_topo *tp, char *buf, size_t n)
{
    /* the field's name differs between machines */
    static const char *const names[] = {"model name", "cpu", "uarch"};
    static const char *const impl[] = {"CPU implementer"};
    static const char *const part[] = {"CPU part"};
    const char *m = hr_topo_cpu_model(tp);
    char a[64], b[64];
    if (m)
        snprintf(buf, n, "%s", m);
    else if (cpuinfo(names, 3, buf, n))
        return;
    else if (cpuinfo(impl, 1, a, sizeof a) && cpuinfo(part, 1, b, sizeof b))
        snprintf(buf, n, "implementer %s part %s", a, b);   /* by ids */
    else
        snprintf(buf, n, "unknown");
    /* some virtual machines pad the model name with blanks ("Oxide
       Virtual Turin-like Processor      "): logs and tables show it
       without them */
    size_t len = strlen(buf);
    while (len > 0 && (buf[len - 1] == ' ' || buf[len - 1] == '\t'))
        buf[--len] = 0;
}

int hr_emulated(char *buf, size_t n)
{
    const char *e = getenv("LITMUSLAB_EMULATOR");
    if (e && *e) {
        snprintf(buf, n, "%s", e);
        return 1;
    }
#ifndef HR_CPUINFO_VENDOR_ID
    /* qemu-user shows the host's /proc/cpuinfo: vendor_id lines on a
       machine whose own has none (hr_arch.h) are another machine's */
    static const char *const vendor[] = {"vendor_id"};
    char v[64];
    if (cpuinfo(vendor, 1, v, sizeof v)) {
        snprintf(buf, n, "yes (this program sees the /proc/cpuinfo of "
                 "another machine: vendor_id %s)", v);
        return 1;
    }
#endif
    return 0;
}
