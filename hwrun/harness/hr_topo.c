/* hr_topo.c — where each test thread runs, whatever reads the topology:
 * spread over cores (first PUs of every core, then their SMT siblings),
 * packed on SMT siblings, random, or rotating between rounds. */
#include <stdlib.h>

#include "hr_internal.h"

void hr_topo_set_spread(hr_topo *tp, const int *sibling_rank)
{
    int k = 0;
    for (int depth = 0; depth < 64 && k < tp->n_pus; depth++)
        for (int i = 0; i < tp->n_pus && k < tp->n_pus; i++)
            if (sibling_rank[i] == depth)
                tp->spread[k++] = i;
    if (k < tp->n_pus)   /* odd topology: logical order */
        for (int i = 0; i < tp->n_pus; i++)
            tp->spread[i] = i;
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
        if (!perm)
            abort();
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
