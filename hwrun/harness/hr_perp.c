/* hr_perp.c — perpetual mode's analysis: from each thread's recorded
 * loads, the number of combinations of iterations (one per thread) that
 * form each final state. A load's value names its store and the store's
 * iteration j; in a combination where the writer is at iteration kw it
 * read that instance's write (j == kw: the store's constant), an older
 * one (j < kw: for the instance, the initial value, as every write of a
 * location comes from one thread, in iteration order), or a later one
 * (j > kw: the combination is no instance of the test). Three counts:
 * every combination (BRUTE), two threads in O(n log n) (PAIR), and a
 * linear lower bound (LINEAR). Pure C: compiled with each test and by
 * tests/unit/test_hwrun_perp.c. */
#include <stdlib.h>
#include <string.h>

#include "hr_internal.h"
#include "hr_perp.h"

#define HR_PERP_INF (UINT64_MAX / 2)
#define HR_PERP_CAND 8

const char *hr_perp_method_name(int method)
{
    return method == HR_PERP_BRUTE  ? "exact, every combination"
         : method == HR_PERP_PAIR   ? "exact, two threads"
                                    : "linear heuristic, a lower bound";
}

int hr_perp_choose(const hr_perp_shape *s, uint64_t n)
{
    if (s->n_threads == 2)
        return HR_PERP_PAIR;
    double all = 1;
    for (int t = 0; t < s->n_threads; t++)
        all *= (double)n;
    return all <= HR_PERP_BRUTE_MAX ? HR_PERP_BRUTE : HR_PERP_LINEAR;
}

static void *perp_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        abort();
    return p;
}

/* The value out k (recorded by thread t) takes when the threads are at
 * iterations it[]: 1, or 0 when the read is not of this combination. */
static int decode(const hr_perp_shape *s, int k, int64_t raw,
                  const uint64_t *it, int64_t *val)
{
    uint64_t v = (uint64_t)raw, S = (uint64_t)s->stride;
    if (v == 0) {
        *val = s->out_fixed[k];
        return 1;
    }
    uint64_t c = v % S, j = v / S;
    if (c == 0)
        return 0;   /* no value a store of the test writes */
    uint64_t kw = it[s->code_thread[c]];
    if (j > kw)
        return 0;
    *val = j == kw ? s->code_value[c] : s->out_fixed[k];
    return 1;
}

/* Thread t's values at iteration it[t] into key (the state); 0 when one
 * is not of the combination it. */
static int thread_part(const hr_perp_shape *s, int t, int64_t *const *rec,
                       const uint64_t *it, int64_t *key)
{
    const int64_t *r = rec[t] + it[t] * (uint64_t)s->n_rec[t];
    for (int k = 0; k < s->n_outs; k++)
        if (s->out_thread[k] == t &&
            !decode(s, k, r[s->out_slot[k]], it, &key[k]))
            return 0;
    return 1;
}

static void fixed_part(const hr_perp_shape *s, int64_t *key)
{
    memset(key, 0, 2 * (size_t)s->n_outs * sizeof *key);
    for (int k = 0; k < s->n_outs; k++)
        if (s->out_thread[k] < 0)
            key[k] = s->out_fixed[k];
}

static int whole_state(const hr_perp_shape *s, int64_t *const *rec,
                       const uint64_t *it, int64_t *key)
{
    for (int t = 0; t < s->n_threads; t++)
        if (!thread_part(s, t, rec, it, key))
            return 0;
    return 1;
}

/* The greatest iteration of thread w that thread t's loads at iteration
 * k name (-1: none); *bad when one names no store. */
static int64_t max_from(const hr_perp_shape *s, int64_t *const *rec, int t,
                        uint64_t k, int w, int *bad)
{
    const int64_t *r = rec[t] + k * (uint64_t)s->n_rec[t];
    uint64_t S = (uint64_t)s->stride;
    int64_t m = -1;
    for (int i = 0; i < s->n_rec[t]; i++) {
        uint64_t v = (uint64_t)r[i];
        if (v && v % S == 0)
            *bad = 1;
        if (v && v % S && s->code_thread[v % S] == w && (int64_t)(v / S) > m)
            m = (int64_t)(v / S);
    }
    return m;
}

static void count_brute(const hr_perp_shape *s, int64_t *const *rec,
                        uint64_t n, hr_hist *h)
{
    int T = s->n_threads;
    uint64_t it[HR_MAX_THREADS] = {0};
    int64_t *key = perp_calloc(2 * (size_t)s->n_outs, sizeof *key);
    fixed_part(s, key);
    if (!n)
        goto done;
    for (;;) {
        if (whole_state(s, rec, it, key))
            hr_hist_add(h, key, 1);
        int t = T - 1;
        while (t >= 0 && ++it[t] == n)
            it[t--] = 0;
        if (t < 0)
            break;
    }
done:
    free(key);
}

/* ---- two threads ---- */

/* A Fenwick tree over iterations 0..n-1 of thread 1, one per pattern. */
typedef struct fenwick {
    uint64_t *c;
} fenwick;

static void fw_add(fenwick *f, uint64_t n, uint64_t i)
{
    for (i++; i <= n; i += i & (~i + 1))
        f->c[i - 1]++;
}

static uint64_t fw_prefix(const fenwick *f, uint64_t i)   /* [0, i) */
{
    uint64_t s = 0;
    for (; i > 0; i -= i & (~i + 1))
        s += f->c[i - 1];
    return s;
}

/* Exact for two threads. For thread 0 at k0, L the greatest iteration of
 * thread 1 its loads name: k1 < L is no instance, k1 == L one, and for
 * every k1 > L all its loads from thread 1 are old. Those k1 count by
 * thread 1's side: M(k1), the greatest iteration of thread 0 its loads
 * name, below k0 (all old: a Fenwick tree per pattern of values, filled
 * in order of M) or equal to k0 (each looked at). 0 when thread 1 shows
 * more than HR_PERP_CLASSES patterns. */
static int count_pair(const hr_perp_shape *s, int64_t *const *rec,
                      uint64_t n, hr_hist *h)
{
    int W = 2 * s->n_outs;
    int64_t *key = perp_calloc((size_t)W, sizeof *key);
    int64_t *pat = perp_calloc((size_t)HR_PERP_CLASSES * (size_t)W,
                               sizeof *pat);
    fenwick fw[HR_PERP_CLASSES];
    int n_pat = 0, ok = 1;
    int64_t *m1 = perp_calloc(n, sizeof *m1);
    int *cls = perp_calloc(n, sizeof *cls);
    uint64_t *order = perp_calloc(n, sizeof *order);
    uint64_t *start = perp_calloc(n + 2, sizeof *start);
    fixed_part(s, key);
    /* thread 1: M(k1), its pattern when thread 0 is far ahead; bad ones
       (-2) are in no combination */
    for (uint64_t k1 = 0; k1 < n; k1++) {
        int bad = 0;
        m1[k1] = max_from(s, rec, 1, k1, 0, &bad);
        uint64_t it[2] = {HR_PERP_INF, k1};
        if (bad || !thread_part(s, 1, rec, it, key)) {
            m1[k1] = -2;
            continue;
        }
        int p = 0;
        while (p < n_pat && memcmp(pat + (size_t)p * (size_t)W, key,
                                   (size_t)W * sizeof *key))
            p++;
        if (p == n_pat) {
            if (n_pat == HR_PERP_CLASSES) {
                ok = 0;
                goto done;
            }
            memcpy(pat + (size_t)p * (size_t)W, key, (size_t)W * sizeof *key);
            fw[p].c = perp_calloc(n, sizeof *fw[p].c);
            n_pat++;
        }
        cls[k1] = p;
    }
    /* iterations of thread 1 by M (counting sort; M+1 in 0..n) */
    for (uint64_t k1 = 0; k1 < n; k1++)
        if (m1[k1] >= -1)
            start[m1[k1] + 2]++;
    for (uint64_t m = 1; m <= n + 1; m++)
        start[m] += start[m - 1];
    {
        uint64_t *fill = perp_calloc(n + 1, sizeof *fill);
        memcpy(fill, start, (n + 1) * sizeof *fill);
        for (uint64_t k1 = 0; k1 < n; k1++)
            if (m1[k1] >= -1)
                order[fill[m1[k1] + 1]++] = k1;
        free(fill);
    }
    uint64_t in = 0, total = start[n + 1];
    for (uint64_t k0 = 0; k0 < n; k0++) {
        /* thread 1's iterations with M < k0 are counted by pattern */
        while (in < total && m1[order[in]] < (int64_t)k0) {
            fw_add(&fw[cls[order[in]]], n, order[in]);
            in++;
        }
        int bad = 0;
        int64_t L = max_from(s, rec, 0, k0, 1, &bad);
        if (bad || L >= (int64_t)n)
            continue;
        uint64_t it[2] = {k0, 0};
        if (L >= 0) {   /* k1 == L */
            it[1] = (uint64_t)L;
            fixed_part(s, key);
            if (m1[L] != -2 && whole_state(s, rec, it, key))
                hr_hist_add(h, key, 1);
        }
        it[1] = HR_PERP_INF;
        fixed_part(s, key);
        if (!thread_part(s, 0, rec, it, key))
            continue;   /* its own loads are not of this iteration */
        uint64_t from = (uint64_t)(L + 1);
        for (int p = 0; p < n_pat; p++) {
            uint64_t c = fw_prefix(&fw[p], n) - fw_prefix(&fw[p], from);
            if (!c)
                continue;
            const int64_t *pp = pat + (size_t)p * (size_t)W;
            for (int k = 0; k < s->n_outs; k++)
                if (s->out_thread[k] == 1)
                    key[k] = pp[k];
            hr_hist_add(h, key, c);
        }
        /* M(k1) == k0, k1 > L: thread 1 read this very iteration */
        for (uint64_t i = start[k0 + 1]; i < start[k0 + 2]; i++) {
            uint64_t k1 = order[i];
            it[1] = k1;
            if ((int64_t)k1 > L && thread_part(s, 1, rec, it, key))
                hr_hist_add(h, key, 1);
        }
    }
done:
    for (int p = 0; p < n_pat; p++)
        free(fw[p].c);
    free(m1);
    free(cls);
    free(order);
    free(start);
    free(pat);
    free(key);
    return ok;
}

/* ---- the linear heuristic ---- */

static void add_cand(uint64_t *set, int *n, int64_t v, uint64_t limit)
{
    if (v < 0 || (uint64_t)v >= limit || *n >= HR_PERP_CAND)
        return;
    for (int i = 0; i < *n; i++)
        if (set[i] == (uint64_t)v)
            return;
    set[(*n)++] = (uint64_t)v;
}

/* Candidates for thread w named by thread t's loads at iteration k: the
 * iteration each names and the next one. */
static void cands_from(const hr_perp_shape *s, int64_t *const *rec, int t,
                       uint64_t k, int w, uint64_t n, uint64_t *set, int *m)
{
    const int64_t *r = rec[t] + k * (uint64_t)s->n_rec[t];
    uint64_t S = (uint64_t)s->stride;
    for (int i = 0; i < s->n_rec[t]; i++) {
        uint64_t v = (uint64_t)r[i];
        if (v && v % S && s->code_thread[v % S] == w) {
            add_cand(set, m, (int64_t)(v / S), n);
            add_cand(set, m, (int64_t)(v / S) + 1, n);
        }
    }
}

/* For each iteration k0 of thread 0, each other thread w takes a few
 * candidates: k0, the iterations thread 0's loads name (and the next),
 * then those the other threads' candidates name. Each combination is
 * counted once (distinct k0, distinct candidates): a subset of all of
 * them, so every state's count is at most the exact one. */
static void count_linear(const hr_perp_shape *s, int64_t *const *rec,
                         uint64_t n, hr_hist *h)
{
    int T = s->n_threads;
    int64_t *key = perp_calloc(2 * (size_t)s->n_outs, sizeof *key);
    uint64_t set[HR_MAX_THREADS][HR_PERP_CAND];
    int m[HR_MAX_THREADS], pick[HR_MAX_THREADS];
    uint64_t it[HR_MAX_THREADS];
    for (uint64_t k0 = 0; k0 < n; k0++) {
        m[0] = 1;
        set[0][0] = k0;
        for (int w = 1; w < T; w++) {
            m[w] = 0;
            add_cand(set[w], &m[w], (int64_t)k0, n);
            cands_from(s, rec, 0, k0, w, n, set[w], &m[w]);
        }
        for (int u = 1; u < T; u++) {
            int first = m[u];
            for (int i = 0; i < first; i++)
                for (int w = 1; w < T; w++)
                    if (w != u)
                        cands_from(s, rec, u, set[u][i], w, n, set[w],
                                   &m[w]);
        }
        memset(pick, 0, sizeof pick);
        for (;;) {
            for (int t = 0; t < T; t++)
                it[t] = set[t][pick[t]];
            fixed_part(s, key);
            if (whole_state(s, rec, it, key))
                hr_hist_add(h, key, 1);
            int t = T - 1;
            while (t >= 0 && ++pick[t] == m[t])
                pick[t--] = 0;
            if (t < 0)
                break;
        }
    }
    free(key);
}

int hr_perp_count(const hr_perp_shape *s, int64_t *const *rec, uint64_t n,
                  int method, hr_hist *h)
{
    if (method == HR_PERP_PAIR && s->n_threads == 2 &&
        count_pair(s, rec, n, h))
        return HR_PERP_PAIR;
    if (method == HR_PERP_BRUTE) {
        count_brute(s, rec, n, h);
        return HR_PERP_BRUTE;
    }
    if (s->n_threads == 1) {
        count_brute(s, rec, n, h);
        return HR_PERP_BRUTE;
    }
    count_linear(s, rec, n, h);
    return HR_PERP_LINEAR;
}
