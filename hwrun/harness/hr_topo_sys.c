/* hr_topo_sys.c — the topology and thread pinning without hwloc: the CPUs
 * this process may use (sched_getaffinity), their cores and packages from
 * the kernel's /sys/devices/system/cpu, and sched_setaffinity to pin.
 * Used where hwloc is not installed (Debian ships no libhwloc-dev for
 * riscv64 or big-endian ppc64) and under qemu-user. */
#ifndef HR_HWLOC
#define _GNU_SOURCE   /* sched_setaffinity, CPU_SET */
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hr_internal.h"

typedef struct sys_topo {
    int *cpu;        /* PU i is OS CPU cpu[i] */
    int packages, cores, numa;
} sys_topo;

static int read_int(const char *fmt, int cpu, int fallback)
{
    char path[128];
    snprintf(path, sizeof path, fmt, cpu);
    FILE *f = fopen(path, "r");
    int v;
    if (!f)
        return fallback;
    if (fscanf(f, "%d", &v) != 1)
        v = fallback;
    fclose(f);
    return v;
}

/* The position of cpu in its core's sibling list ("0-1", "0,64"); 0 when
 * the kernel does not say. */
static int sibling_rank(int cpu)
{
    char path[128], line[256];
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list",
             cpu);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int rank = 0, found = 0;
    if (fgets(line, sizeof line, f))
        for (char *p = line; *p && !found;) {
            char *end;
            long lo = strtol(p, &end, 10), hi = lo;
            if (end == p)
                break;
            if (*end == '-')
                hi = strtol(end + 1, &end, 10);
            for (long c = lo; c <= hi && !found; c++, rank++)
                found = c == cpu;
            p = end + (*end == ',');
        }
    fclose(f);
    return found ? rank - 1 : 0;
}

static int count_distinct(const long long *v, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = v[j] == v[i];
        k += !seen;
    }
    return k;
}

static int count_numa_nodes(void)
{
    DIR *d = opendir("/sys/devices/system/node");
    struct dirent *e;
    int n = 0;
    if (!d)
        return 1;
    while ((e = readdir(d)))
        n += !strncmp(e->d_name, "node", 4) && e->d_name[4] >= '0' &&
             e->d_name[4] <= '9';
    closedir(d);
    return n ? n : 1;
}

hr_topo *hr_topo_open(void)
{
    cpu_set_t set;
    hr_topo *tp = calloc(1, sizeof *tp);
    sys_topo *st = calloc(1, sizeof *st);
    if (!tp || !st)
        abort();
    tp->impl = st;
    tp->binder = "sched_setaffinity";
    CPU_ZERO(&set);
    int n = 0;
    if (!sched_getaffinity(0, sizeof set, &set))
        n = CPU_COUNT(&set);
    st->cpu = calloc((size_t)(n ? n : 1), sizeof *st->cpu);
    tp->spread = calloc((size_t)(n ? n : 1), sizeof *tp->spread);
    int *rank = calloc((size_t)(n ? n : 1), sizeof *rank);
    long long *pkg = calloc((size_t)(n ? n : 1), sizeof *pkg);
    long long *core = calloc((size_t)(n ? n : 1), sizeof *core);
    if (!st->cpu || !tp->spread || !rank || !pkg || !core)
        abort();
    for (int c = 0, i = 0; c < CPU_SETSIZE && i < n; c++)
        if (CPU_ISSET(c, &set)) {
            st->cpu[i] = c;
            rank[i] = sibling_rank(c);
            pkg[i] = read_int("/sys/devices/system/cpu/cpu%d/topology/"
                              "physical_package_id", c, 0);
            core[i] = pkg[i] << 32 |
                      (long long)read_int("/sys/devices/system/cpu/cpu%d/"
                                     "topology/core_id", c, c);
            i++;
        }
    if (!n) {   /* no affinity: one PU, never pinned */
        n = 1;
        st->cpu[0] = -1;
    }
    tp->n_pus = n;
    st->packages = count_distinct(pkg, n);
    st->cores = count_distinct(core, n);
    st->numa = count_numa_nodes();
    hr_topo_set_spread(tp, rank);
    free(rank);
    free(pkg);
    free(core);
    return tp;
}

void hr_topo_close(hr_topo *tp)
{
    if (!tp)
        return;
    free(((sys_topo *)tp->impl)->cpu);
    free(tp->impl);
    free(tp->spread);
    free(tp);
}

int hr_topo_bind(const hr_topo *tp, int pu)
{
    const sys_topo *st = tp->impl;
    if (pu < 0 || pu >= tp->n_pus || st->cpu[pu] < 0)
        return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(st->cpu[pu], &set);
    return sched_setaffinity(0, sizeof set, &set);   /* this thread */
}

void hr_topo_describe(const hr_topo *tp, char *buf, size_t n)
{
    const sys_topo *st = tp->impl;
    snprintf(buf, n, "%d package%s, %d NUMA node%s, %d core%s, %d PU%s",
             st->packages, st->packages == 1 ? "" : "s", st->numa,
             st->numa == 1 ? "" : "s", st->cores, st->cores == 1 ? "" : "s",
             tp->n_pus, tp->n_pus == 1 ? "" : "s");
}

const char *hr_topo_cpu_model(const hr_topo *tp)
{
    (void)tp;
    return NULL;
}
#else
typedef int hr_topo_sys_unused;   /* built with hwloc: hr_topo_hwloc.c */
#endif
