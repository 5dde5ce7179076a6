/* eval_wide.c — the plan's instructions for executions of 65 to 128
 * events, where a set is two words and a relation two words per row.
 * These are the tests of 6 to 19 threads (the kernel's RCU chains), one
 * cat evaluation per candidate and hundreds of thousands of candidates:
 * the generic loops over a row's words (rel.c) spent most of their time
 * on loop control and clearing, so each operation here is written for
 * exactly two words, with no calls. Row i is d[2i] (events 0..63) and
 * d[2i + 1] (events 64..n-1). */
#include <string.h>

#include "model/cat/catint.h"

/* The valid bits of the second word. */
static uint64_t tail_of(int n)
{
    return n == 128 ? ~(uint64_t)0 : (((uint64_t)1 << (n - 64)) - 1);
}

static bool has(const uint64_t *set, int i)
{
    return (set[i >> 6] >> (i & 63)) & 1;
}

/* Warshall: after step k, paths through 0..k are closed. Only an event
 * with an edge in and an edge out joins paths; the events with an edge
 * in are the range of a, which closing does not change (a path ends with
 * an edge of a), so the others are skipped without a pass over the rows:
 * the relations of a kernel test are sparse, and this was a sixth of the
 * time of an RCU chain. */
static void closure(uint64_t *d, const uint64_t *a, int n, bool reflexive)
{
    memcpy(d, a, sizeof *d * 2 * (size_t)n);
    uint64_t in[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        in[0] |= a[2 * i];
        in[1] |= a[2 * i + 1];
    }
    for (int k = 0; k < n; k++) {
        uint64_t r0 = d[2 * k], r1 = d[2 * k + 1];
        if (!(r0 | r1) || !has(in, k))
            continue;
        int kw = k >> 6;
        uint64_t bit = (uint64_t)1 << (k & 63);
        for (int i = 0; i < n; i++)
            if (d[2 * i + kw] & bit) {
                d[2 * i] |= r0;
                d[2 * i + 1] |= r1;
            }
    }
    if (reflexive)
        for (int i = 0; i < n; i++)
            d[2 * i + (i >> 6)] |= (uint64_t)1 << (i & 63);
}

static void inverse(uint64_t *d, const uint64_t *a, int n)
{
    memset(d, 0, sizeof *d * 2 * (size_t)n);
    for (int i = 0; i < n; i++) {
        int iw = i >> 6;
        uint64_t bit = (uint64_t)1 << (i & 63);
        for (int k = 0; k < 2; k++) {
            uint64_t bits = a[2 * i + k];
            while (bits) {
                int j = k * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                d[2 * j + iw] |= bit;
            }
        }
    }
}

/* a;b: each row of d is the union of b's rows that a's row names. */
static void seq(uint64_t *d, const uint64_t *a, const uint64_t *b, int n)
{
    for (int i = 0; i < n; i++) {
        uint64_t lo = a[2 * i], hi = a[2 * i + 1], acc0 = 0, acc1 = 0;
        while (lo) {
            int j = __builtin_ctzll(lo);
            lo &= lo - 1;
            acc0 |= b[2 * j];
            acc1 |= b[2 * j + 1];
        }
        while (hi) {
            int j = 64 + __builtin_ctzll(hi);
            hi &= hi - 1;
            acc0 |= b[2 * j];
            acc1 |= b[2 * j + 1];
        }
        d[2 * i] = acc0;
        d[2 * i + 1] = acc1;
    }
}

void cat_run_wide(cat_model *m, const cat_instr *in)
{
    int n = m->n, rows = 2 * n;
    uint64_t *d = m->ptr[in->dst], tail = tail_of(n);
    const uint64_t *a = m->ptr[in->a];
    const uint64_t *b = in->b >= 0 ? m->ptr[in->b] : NULL;
    switch (in->op) {
    case PI_SET_UNION: d[0] = a[0] | b[0]; d[1] = a[1] | b[1]; return;
    case PI_SET_INTER: d[0] = a[0] & b[0]; d[1] = a[1] & b[1]; return;
    case PI_SET_DIFF: d[0] = a[0] & ~b[0]; d[1] = a[1] & ~b[1]; return;
    case PI_SET_COMPL: d[0] = ~a[0]; d[1] = ~a[1] & tail; return;
    case PI_DOMAIN: {
        uint64_t s[2] = {0, 0};
        for (int i = 0; i < n; i++)
            if (a[2 * i] | a[2 * i + 1])
                s[i >> 6] |= (uint64_t)1 << (i & 63);
        d[0] = s[0];
        d[1] = s[1];
        return;
    }
    case PI_RANGE: {
        uint64_t s0 = 0, s1 = 0;
        for (int i = 0; i < n; i++) {
            s0 |= a[2 * i];
            s1 |= a[2 * i + 1];
        }
        d[0] = s0;
        d[1] = s1;
        return;
    }
    /* A row's two words are read before either is written (d may be a
     * or b): the compiler makes one vector operation of each row, which
     * it does not for a loop over words that might overlap. */
    case PI_REL_UNION:
        for (int i = 0; i < rows; i += 2) {
            uint64_t lo = a[i] | b[i], hi = a[i + 1] | b[i + 1];
            d[i] = lo;
            d[i + 1] = hi;
        }
        return;
    case PI_REL_INTER:
        for (int i = 0; i < rows; i += 2) {
            uint64_t lo = a[i] & b[i], hi = a[i + 1] & b[i + 1];
            d[i] = lo;
            d[i + 1] = hi;
        }
        return;
    case PI_REL_DIFF:
        for (int i = 0; i < rows; i += 2) {
            uint64_t lo = a[i] & ~b[i], hi = a[i + 1] & ~b[i + 1];
            d[i] = lo;
            d[i + 1] = hi;
        }
        return;
    case PI_REL_COMPL:
        for (int i = 0; i < n; i++) {
            d[2 * i] = ~a[2 * i];
            d[2 * i + 1] = ~a[2 * i + 1] & tail;
        }
        return;
    case PI_SEQ: seq(d, a, b, n); return;
    case PI_INV: inverse(d, a, n); return;
    case PI_PLUS: closure(d, a, n, false); return;
    case PI_STAR: closure(d, a, n, true); return;
    case PI_OPT:
        memcpy(d, a, sizeof *d * (size_t)rows);
        for (int i = 0; i < n; i++)
            d[2 * i + (i >> 6)] |= (uint64_t)1 << (i & 63);
        return;
    case PI_TOID:
        memset(d, 0, sizeof *d * (size_t)rows);
        for (int i = 0; i < n; i++)
            if (has(a, i))
                d[2 * i + (i >> 6)] |= (uint64_t)1 << (i & 63);
        return;
    case PI_CART:
        for (int i = 0; i < n; i++) {
            bool in_a = has(a, i);
            d[2 * i] = in_a ? b[0] : 0;
            d[2 * i + 1] = in_a ? b[1] : 0;
        }
        return;
    case PI_RESTRICT_DOM:
        for (int i = 0; i < n; i++) {
            bool in_a = has(a, i);
            d[2 * i] = in_a ? b[2 * i] : 0;
            d[2 * i + 1] = in_a ? b[2 * i + 1] : 0;
        }
        return;
    case PI_RESTRICT_RNG:
        for (int i = 0; i < n; i++) {
            d[2 * i] = a[2 * i] & b[0];
            d[2 * i + 1] = a[2 * i + 1] & b[1];
        }
        return;
    case PI_INT:
        /* same thread, or both initial writes (b), or equal */
        for (int i = 0; i < n; i++) {
            bool init = has(b, i);
            d[2 * i] = a[2 * i] | (init ? b[0] : 0);
            d[2 * i + 1] = a[2 * i + 1] | (init ? b[1] : 0);
            d[2 * i + (i >> 6)] |= (uint64_t)1 << (i & 63);
        }
        return;
    case PI_FIX:
        return;
    }
}
