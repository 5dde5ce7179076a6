/* hr_hist.c — the histogram of final states: an open-addressing hash
 * table keyed by the values of a state, with 64-bit counters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hr_internal.h"

/* Zeroed memory, or the run ends (exit 2) with a message. */
void *hr_alloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fputs("hwrun: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static uint64_t hash_key(const int64_t *k, int width)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < width; i++) {
        h ^= (uint64_t)k[i];
        h *= 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    return h;
}

static void alloc_slots(hr_hist *h, size_t cap)
{
    h->cap = cap;
    h->used = 0;
    h->keys = hr_alloc(cap * (size_t)(h->width ? h->width : 1) *
                       sizeof *h->keys);
    h->counts = hr_alloc(cap * sizeof *h->counts);
}

void hr_hist_init(hr_hist *h, int width)
{
    h->width = width;
    alloc_slots(h, 16);
}

void hr_hist_free(hr_hist *h)
{
    free(h->keys);
    free(h->counts);
    memset(h, 0, sizeof *h);
}

static void grow(hr_hist *h)
{
    hr_hist old = *h;
    alloc_slots(h, old.cap * 2);
    for (size_t i = 0; i < old.cap; i++)
        if (old.counts[i])
            hr_hist_add(h, old.keys + i * (size_t)old.width, old.counts[i]);
    free(old.keys);
    free(old.counts);
}

static int same_key(const int64_t *a, const int64_t *b, size_t w)
{
    for (size_t k = 0; k < w; k++)
        if (a[k] != b[k])
            return 0;
    return 1;
}

void hr_hist_add(hr_hist *h, const int64_t *key, uint64_t count)
{
    size_t w = (size_t)h->width;
    size_t mask = h->cap - 1;
    size_t i = (size_t)hash_key(key, h->width) & mask;
    while (h->counts[i]) {
        if (same_key(h->keys + i * w, key, w)) {
            h->counts[i] += count;
            return;
        }
        i = (i + 1) & mask;
    }
    if (w)
        memcpy(h->keys + i * w, key, w * sizeof *key);
    h->counts[i] = count;
    if (++h->used * 2 > h->cap)
        grow(h);
}

void hr_hist_merge(hr_hist *dst, const hr_hist *src)
{
    for (size_t i = 0; i < src->cap; i++)
        if (src->counts[i])
            hr_hist_add(dst, src->keys + i * (size_t)src->width,
                        src->counts[i]);
}

static const hr_hist *sort_hist;

static int by_key(const void *pa, const void *pb)
{
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    const int64_t *ka = sort_hist->keys + a * (size_t)sort_hist->width;
    const int64_t *kb = sort_hist->keys + b * (size_t)sort_hist->width;
    for (int i = 0; i < sort_hist->width; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

size_t *hr_hist_sorted(const hr_hist *h, size_t *n)
{
    size_t *idx = hr_alloc(h->used * sizeof *idx);
    size_t k = 0;
    for (size_t i = 0; i < h->cap; i++)
        if (h->counts[i])
            idx[k++] = i;
    sort_hist = h;
    qsort(idx, k, sizeof *idx, by_key);
    *n = k;
    return idx;
}
