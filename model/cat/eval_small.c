/* eval_small.c — the plan's instructions for executions of at most 64
 * events, where a set is one word and a relation one word per row. This
 * is nearly every litmus test, and the engine's hot path, so each
 * operation is a short loop over words with no calls. */
#include <string.h>

#include "model/cat/catint.h"

static uint64_t all_of(int n)
{
    return n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

/* Warshall's, over the rows that have pairs and the columns that have
 * them only: both stay as they are while the closure grows (a row gets
 * only bits of another row), and the LKMM's relations are sparse. */
static void closure(uint64_t *d, const uint64_t *a, int n, bool reflexive)
{
    uint64_t rows = 0, cols = 0;
    for (int i = 0; i < n; i++) {
        d[i] = a[i];
        cols |= a[i];
        rows |= (uint64_t)(a[i] != 0) << i;
    }
    for (uint64_t ks = cols & rows; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        uint64_t rk = d[k];
        for (uint64_t is = rows; is; is &= is - 1) {
            int i = __builtin_ctzll(is);
            if (d[i] >> k & 1)
                d[i] |= rk;
        }
    }
    if (reflexive)
        for (int i = 0; i < n; i++)
            d[i] |= (uint64_t)1 << i;
}

static void inverse(uint64_t *d, const uint64_t *a, int n)
{
    memset(d, 0, sizeof *d * (size_t)n);
    for (int i = 0; i < n; i++) {
        uint64_t bits = a[i], bit = (uint64_t)1 << i;
        while (bits) {
            d[__builtin_ctzll(bits)] |= bit;
            bits &= bits - 1;
        }
    }
}

void cat_run_small(cat_model *m, const cat_instr *in)
{
    int n = m->n;
    uint64_t *d = m->ptr[in->dst];
    const uint64_t *a = m->ptr[in->a];
    const uint64_t *b = in->b >= 0 ? m->ptr[in->b] : NULL;
    switch (in->op) {
    case PI_SET_UNION: d[0] = a[0] | b[0]; return;
    case PI_SET_INTER: d[0] = a[0] & b[0]; return;
    case PI_SET_DIFF: d[0] = a[0] & ~b[0]; return;
    case PI_SET_COMPL: d[0] = ~a[0] & all_of(n); return;
    case PI_DOMAIN: {
        uint64_t s = 0;
        for (int i = 0; i < n; i++)
            if (a[i])
                s |= (uint64_t)1 << i;
        d[0] = s;
        return;
    }
    case PI_RANGE: {
        uint64_t s = 0;
        for (int i = 0; i < n; i++)
            s |= a[i];
        d[0] = s;
        return;
    }
    /* Two rows at a time, both read before either is written (d may
     * be a or b): the compiler makes one vector operation of each pair,
     * which it does not for a loop whose rows might overlap. */
    case PI_REL_UNION: {
        int i = 0;
        for (; i + 1 < n; i += 2) {
            uint64_t x = a[i] | b[i], y = a[i + 1] | b[i + 1];
            d[i] = x;
            d[i + 1] = y;
        }
        if (i < n)
            d[i] = a[i] | b[i];
        return;
    }
    case PI_REL_INTER: {
        int i = 0;
        for (; i + 1 < n; i += 2) {
            uint64_t x = a[i] & b[i], y = a[i + 1] & b[i + 1];
            d[i] = x;
            d[i + 1] = y;
        }
        if (i < n)
            d[i] = a[i] & b[i];
        return;
    }
    case PI_REL_DIFF: {
        int i = 0;
        for (; i + 1 < n; i += 2) {
            uint64_t x = a[i] & ~b[i], y = a[i + 1] & ~b[i + 1];
            d[i] = x;
            d[i + 1] = y;
        }
        if (i < n)
            d[i] = a[i] & ~b[i];
        return;
    }
    case PI_REL_COMPL: {
        uint64_t all = all_of(n);
        for (int i = 0; i < n; i++)
            d[i] = ~a[i] & all;
        return;
    }
    case PI_SEQ:
        for (int i = 0; i < n; i++) {
            uint64_t bits = a[i], acc = 0;
            while (bits) {
                acc |= b[__builtin_ctzll(bits)];
                bits &= bits - 1;
            }
            d[i] = acc;
        }
        return;
    case PI_INV: inverse(d, a, n); return;
    case PI_PLUS: closure(d, a, n, false); return;
    case PI_STAR: closure(d, a, n, true); return;
    case PI_OPT:
        for (int i = 0; i < n; i++)
            d[i] = a[i] | ((uint64_t)1 << i);
        return;
    case PI_TOID:
        for (int i = 0; i < n; i++)
            d[i] = a[0] & ((uint64_t)1 << i);
        return;
    case PI_CART:
        for (int i = 0; i < n; i++)
            d[i] = (a[0] >> i) & 1 ? b[0] : 0;
        return;
    case PI_RESTRICT_DOM:
        for (int i = 0; i < n; i++)
            d[i] = (a[0] >> i) & 1 ? b[i] : 0;
        return;
    case PI_RESTRICT_RNG:
        for (int i = 0; i < n; i++)
            d[i] = a[i] & b[0];
        return;
    case PI_INT:
        for (int i = 0; i < n; i++)
            d[i] = a[i] | ((b[0] >> i) & 1 ? b[0] : 0) | ((uint64_t)1 << i);
        return;
    case PI_FIX:
        return;
    }
}
