/* hr_topo_hwloc.c — the topology and thread pinning through hwloc, when
 * the harness is built with -DHR_HWLOC (hwrun's native builds; emitted
 * folders when the machine has hwloc). Otherwise hr_topo_sys.c. */
#ifdef HR_HWLOC
#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>

#include "hr_internal.h"

hr_topo *hr_topo_open(void)
{
    hr_topo *tp = calloc(1, sizeof *tp);
    hwloc_topology_t topo;
    if (!tp)
        return NULL;
    if (hwloc_topology_init(&topo) || hwloc_topology_load(topo)) {
        free(tp);
        return NULL;
    }
    tp->impl = topo;
    tp->binder = "hwloc";
    tp->n_pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    if (tp->n_pus < 1)
        tp->n_pus = 1;
    tp->spread = calloc((size_t)tp->n_pus, sizeof *tp->spread);
    int *rank = calloc((size_t)tp->n_pus, sizeof *rank);
    if (!tp->spread || !rank)
        abort();
    for (int i = 0; i < tp->n_pus; i++) {
        hwloc_obj_t pu = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU,
                                               (unsigned)i);
        rank[i] = pu ? (int)pu->sibling_rank : -1;
    }
    hr_topo_set_spread(tp, rank);
    free(rank);
    return tp;
}

void hr_topo_close(hr_topo *tp)
{
    if (!tp)
        return;
    hwloc_topology_destroy((hwloc_topology_t)tp->impl);
    free(tp->spread);
    free(tp);
}

int hr_topo_bind(const hr_topo *tp, int pu)
{
    hwloc_topology_t topo = (hwloc_topology_t)tp->impl;
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU,
                                            (unsigned)pu);
    if (!obj)
        return -1;
    return hwloc_set_cpubind(topo, obj->cpuset, HWLOC_CPUBIND_THREAD);
}

void hr_topo_describe(const hr_topo *tp, char *buf, size_t n)
{
    hwloc_topology_t topo = (hwloc_topology_t)tp->impl;
    int pk = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
    int cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    int numa = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
    snprintf(buf, n, "%d package%s, %d NUMA node%s, %d core%s, %d PU%s",
             pk, pk == 1 ? "" : "s", numa, numa == 1 ? "" : "s",
             cores, cores == 1 ? "" : "s", tp->n_pus,
             tp->n_pus == 1 ? "" : "s");
}

const char *hr_topo_cpu_model(const hr_topo *tp)
{
    hwloc_topology_t topo = (hwloc_topology_t)tp->impl;
    hwloc_obj_t pk = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
    const char *m = pk ? hwloc_obj_get_info_by_name(pk, "CPUModel") : NULL;
    return m && *m ? m : NULL;
}
#else
typedef int hr_topo_hwloc_unused;   /* built without hwloc: hr_topo_sys.c */
#endif
