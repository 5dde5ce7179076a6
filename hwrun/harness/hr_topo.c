/* hr_topo.c — the machine's topology (hwloc), where each test thread runs
 * (spread over cores, packed on SMT siblings, random, rotating between
 * rounds), and the one-line machine descriptions printed in the log. */
#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hr_internal.h"

struct hr_topo {
    hwloc_topology_t topo;
    int n_pus;
    int *spread;   /* PU logical indices: first PU of each core, then the
                      second PU of each core, ... */
};

hr_topo *hr_topo_open(void)
{
    hr_topo *tp = calloc(1, sizeof *tp);
    if (!tp)
        return NULL;
    if (hwloc_topology_init(&tp->topo) || hwloc_topology_load(tp->topo)) {
        free(tp);
        return NULL;
    }
    tp->n_pus = hwloc_get_nbobjs_by_type(tp->topo, HWLOC_OBJ_PU);
    if (tp->n_pus < 1)
        tp->n_pus = 1;
    tp->spread = calloc((size_t)tp->n_pus, sizeof *tp->spread);
    int k = 0;
    for (unsigned depth = 0; depth < 64 && k < tp->n_pus; depth++)
        for (int i = 0; i < tp->n_pus && k < tp->n_pus; i++) {
            hwloc_obj_t pu = hwloc_get_obj_by_type(tp->topo, HWLOC_OBJ_PU,
                                                   (unsigned)i);
            if (pu && pu->sibling_rank == depth)
                tp->spread[k++] = i;
        }
    if (k < tp->n_pus)   /* odd topology: logical order */
        for (int i = 0; i < tp->n_pus; i++)
            tp->spread[i] = i;
    return tp;
}

void hr_topo_close(hr_topo *tp)
{
    if (!tp)
        return;
    hwloc_topology_destroy(tp->topo);
    free(tp->spread);
    free(tp);
}

int hr_topo_n_pus(const hr_topo *tp)
{
    return tp->n_pus;
}

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

void hr_topo_place(const hr_topo *tp, int placement, int n, unsigned round,
                   uint64_t seed, int *pu)
{
    int m = tp->n_pus;
    switch (placement) {
    case HR_PACK:
        for (int t = 0; t < n; t++)
            pu[t] = t % m;
        break;
    case HR_RANDOM: {
        int *perm = malloc((size_t)m * sizeof *perm);
        uint64_t s = seed | 1;
        for (int i = 0; i < m; i++)
            perm[i] = i;
        for (int i = m - 1; i > 0; i--) {
            int j = (int)(next_rand(&s) % (uint64_t)(i + 1));
            int x = perm[i];
            perm[i] = perm[j];
            perm[j] = x;
        }
        for (int t = 0; t < n; t++)
            pu[t] = perm[t % m];
        free(perm);
        break;
    }
    case HR_ROTATE:
        for (int t = 0; t < n; t++)
            pu[t] = tp->spread[(t + round) % (unsigned)m];
        break;
    default:
        for (int t = 0; t < n; t++)
            pu[t] = tp->spread[t % m];
        break;
    }
}

int hr_topo_bind(const hr_topo *tp, int pu)
{
    hwloc_obj_t obj = hwloc_get_obj_by_type(tp->topo, HWLOC_OBJ_PU,
                                            (unsigned)pu);
    if (!obj)
        return -1;
    return hwloc_set_cpubind(tp->topo, obj->cpuset, HWLOC_CPUBIND_THREAD);
}

void hr_topo_describe(const hr_topo *tp, char *buf, size_t n)
{
    int pk = hwloc_get_nbobjs_by_type(tp->topo, HWLOC_OBJ_PACKAGE);
    int cores = hwloc_get_nbobjs_by_type(tp->topo, HWLOC_OBJ_CORE);
    int numa = hwloc_get_nbobjs_by_type(tp->topo, HWLOC_OBJ_NUMANODE);
    snprintf(buf, n, "%d package%s, %d NUMA node%s, %d core%s, %d PU%s",
             pk, pk == 1 ? "" : "s", numa, numa == 1 ? "" : "s",
             cores, cores == 1 ? "" : "s", tp->n_pus,
             tp->n_pus == 1 ? "" : "s");
}

/* The CPU model: hwloc's CPUModel info, else /proc/cpuinfo. */
void hr_cpu_model(const hr_topo *tp, char *buf, size_t n)
{
    hwloc_obj_t pk = hwloc_get_obj_by_type(tp->topo, HWLOC_OBJ_PACKAGE, 0);
    const char *m = pk ? hwloc_obj_get_info_by_name(pk, "CPUModel") : NULL;
    if (m && *m) {
        snprintf(buf, n, "%s", m);
        return;
    }
    snprintf(buf, n, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) && strncmp(line, "cpu\t", 4))
            continue;
        char *v = strchr(line, ':');
        if (!v)
            continue;
        v += 1 + (v[1] == ' ');
        v[strcspn(v, "\n")] = 0;
        snprintf(buf, n, "%s", v);
        break;
    }
    fclose(f);
}
