/* relation.c — event sets and relations as bit vectors and bit matrices.
 *
 * Every operation works a 64-bit word at a time along rows. Bits beyond n
 * in the last word of a set or row are always zero, so emptiness and
 * equality can compare whole words. */
#include "model/relation.h"

#include <stdlib.h>
#include <string.h>

#include "litmuslab/util.h"

static int words_for(int n)
{
    return (n + 63) / 64;
}

/* Mask of the valid bits of the last word of a row of n bits. */
static uint64_t tail_mask(int n)
{
    int r = n % 64;
    return r ? (((uint64_t)1 << r) - 1) : ~(uint64_t)0;
}

static uint64_t *row(const mdl_rel *r, int i)
{
    return r->w + (size_t)i * (size_t)r->words;
}

/* ---- sets ---- */

void mdl_set_init(mdl_set *s, int n)
{
    s->n = n;
    s->words = words_for(n);
    s->w = ll_xcalloc((size_t)(s->words ? s->words : 1), sizeof(uint64_t));
}

void mdl_set_free(mdl_set *s)
{
    free(s->w);
    s->w = NULL;
    s->n = s->words = 0;
}

void mdl_set_clear(mdl_set *s)
{
    if (s->w)   /* never sized: an execution with no event at all */
        memset(s->w, 0, (size_t)s->words * sizeof(uint64_t));
}

void mdl_set_add(mdl_set *s, int e)
{
    s->w[e / 64] |= (uint64_t)1 << (e % 64);
}

bool mdl_set_has(const mdl_set *s, int e)
{
    return (s->w[e / 64] >> (e % 64)) & 1;
}

void mdl_set_copy(mdl_set *dst, const mdl_set *src)
{
    if (dst != src)
        memcpy(dst->w, src->w, (size_t)src->words * sizeof(uint64_t));
}

void mdl_set_union(mdl_set *dst, const mdl_set *a, const mdl_set *b)
{
    for (int k = 0; k < a->words; k++)
        dst->w[k] = a->w[k] | b->w[k];
}

void mdl_set_inter(mdl_set *dst, const mdl_set *a, const mdl_set *b)
{
    for (int k = 0; k < a->words; k++)
        dst->w[k] = a->w[k] & b->w[k];
}

void mdl_set_diff(mdl_set *dst, const mdl_set *a, const mdl_set *b)
{
    for (int k = 0; k < a->words; k++)
        dst->w[k] = a->w[k] & ~b->w[k];
}

void mdl_set_complement(mdl_set *dst, const mdl_set *a)
{
    for (int k = 0; k < a->words; k++)
        dst->w[k] = ~a->w[k];
    if (a->words)
        dst->w[a->words - 1] &= tail_mask(a->n);
}

bool mdl_set_empty(const mdl_set *s)
{
    for (int k = 0; k < s->words; k++)
        if (s->w[k])
            return false;
    return true;
}

/* ---- relations ---- */

static size_t rel_size(const mdl_rel *r)
{
    return (size_t)r->n * (size_t)r->words;
}

/* deliberate likeness: mdl_set_init/free/clear, the same three steps on
 * n rows of words; two types keep sets and relations apart for the
 * compiler. */
void mdl_rel_init(mdl_rel *r, int n)
{
    r->n = n;
    r->words = words_for(n);
    size_t cells = (size_t)n * (size_t)r->words;
    r->w = ll_xcalloc(cells ? cells : 1, sizeof(uint64_t));
}

void mdl_rel_free(mdl_rel *r)
{
    free(r->w);
    r->w = NULL;
    r->n = r->words = 0;
}

void mdl_rel_clear(mdl_rel *r)
{
    if (r->w)   /* never sized: an execution with no event at all */
        memset(r->w, 0, rel_size(r) * sizeof(uint64_t));
}

void mdl_rel_add(mdl_rel *r, int a, int b)
{
    row(r, a)[b / 64] |= (uint64_t)1 << (b % 64);
}

bool mdl_rel_has(const mdl_rel *r, int a, int b)
{
    return (row(r, a)[b / 64] >> (b % 64)) & 1;
}

void mdl_rel_copy(mdl_rel *dst, const mdl_rel *src)
{
    if (dst != src)
        memcpy(dst->w, src->w, rel_size(src) * sizeof(uint64_t));
}

void mdl_rel_union(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b)
{
    size_t m = rel_size(a);
    for (size_t k = 0; k < m; k++)
        dst->w[k] = a->w[k] | b->w[k];
}

void mdl_rel_inter(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b)
{
    size_t m = rel_size(a);
    for (size_t k = 0; k < m; k++)
        dst->w[k] = a->w[k] & b->w[k];
}

void mdl_rel_diff(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b)
{
    size_t m = rel_size(a);
    for (size_t k = 0; k < m; k++)
        dst->w[k] = a->w[k] & ~b->w[k];
}

void mdl_rel_inverse(mdl_rel *dst, const mdl_rel *a)
{
    if (dst == a) {
        /* In place: swap across the diagonal. */
        for (int i = 0; i < a->n; i++)
            for (int j = i + 1; j < a->n; j++) {
                bool ij = mdl_rel_has(a, i, j), ji = mdl_rel_has(a, j, i);
                if (ij != ji) {
                    row(dst, i)[j / 64] ^= (uint64_t)1 << (j % 64);
                    row(dst, j)[i / 64] ^= (uint64_t)1 << (i % 64);
                }
            }
        return;
    }
    mdl_rel_clear(dst);
    for (int i = 0; i < a->n; i++) {
        const uint64_t *ri = row(a, i);
        for (int k = 0; k < a->words; k++) {
            uint64_t bits = ri[k];
            while (bits) {
                int j = k * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                row(dst, j)[i / 64] |= (uint64_t)1 << (i % 64);
            }
        }
    }
}

/* One word per row: most litmus tests have fewer than 64 events. */
static void seq_one_word(uint64_t *out, const uint64_t *a, const uint64_t *b,
                         int n)
{
    for (int i = 0; i < n; i++) {
        uint64_t bits = a[i], acc = 0;
        while (bits) {
            acc |= b[__builtin_ctzll(bits)];
            bits &= bits - 1;
        }
        out[i] = acc;
    }
}

void mdl_rel_seq(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b)
{
    int W = a->words;
    if (W == 1) {
        seq_one_word(dst->w, a->w, b->w, a->n);
        return;
    }
    for (int i = 0; i < a->n; i++) {
        uint64_t *out = row(dst, i);
        const uint64_t *ri = row(a, i);
        memset(out, 0, (size_t)W * sizeof(uint64_t));
        for (int k = 0; k < W; k++) {
            uint64_t bits = ri[k];
            while (bits) {
                int j = k * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                const uint64_t *rj = row(b, j);
                for (int m = 0; m < W; m++)
                    out[m] |= rj[m];
            }
        }
    }
}

void mdl_rel_transitive(mdl_rel *dst, const mdl_rel *a)
{
    mdl_rel_copy(dst, a);
    int n = dst->n, W = dst->words;
    if (W == 1) {
        uint64_t *r = dst->w;
        for (int k = 0; k < n; k++) {
            uint64_t bit = (uint64_t)1 << k, rk = r[k];
            if (!rk)
                continue;
            for (int i = 0; i < n; i++)
                if (r[i] & bit)
                    r[i] |= rk;
        }
        return;
    }
    /* Warshall: after step k, paths through 0..k are closed. */
    for (int k = 0; k < n; k++) {
        const uint64_t *rk = row(dst, k);
        uint64_t bit = (uint64_t)1 << (k % 64);
        int kw = k / 64;
        for (int i = 0; i < n; i++) {
            uint64_t *ri = row(dst, i);
            if (ri[kw] & bit)
                for (int m = 0; m < W; m++)
                    ri[m] |= rk[m];
        }
    }
}

void mdl_rel_reflexive_transitive(mdl_rel *dst, const mdl_rel *a)
{
    mdl_rel_transitive(dst, a);
    for (int i = 0; i < dst->n; i++)
        mdl_rel_add(dst, i, i);
}

void mdl_rel_identity_on(mdl_rel *dst, const mdl_set *s)
{
    mdl_rel_clear(dst);
    for (int k = 0; k < s->words; k++) {
        uint64_t bits = s->w[k];
        while (bits) {
            int i = k * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            mdl_rel_add(dst, i, i);
        }
    }
}

void mdl_rel_cartesian(mdl_rel *dst, const mdl_set *a, const mdl_set *b)
{
    int W = dst->words;
    for (int i = 0; i < dst->n; i++) {
        uint64_t *out = row(dst, i);
        if (mdl_set_has(a, i))
            memcpy(out, b->w, (size_t)W * sizeof(uint64_t));
        else
            memset(out, 0, (size_t)W * sizeof(uint64_t));
    }
}

void mdl_rel_domain(mdl_set *dst, const mdl_rel *r)
{
    mdl_set_clear(dst);
    for (int i = 0; i < r->n; i++) {
        const uint64_t *ri = row(r, i);
        for (int k = 0; k < r->words; k++)
            if (ri[k]) {
                mdl_set_add(dst, i);
                break;
            }
    }
}

void mdl_rel_range(mdl_set *dst, const mdl_rel *r)
{
    mdl_set_clear(dst);
    for (int i = 0; i < r->n; i++) {
        const uint64_t *ri = row(r, i);
        for (int k = 0; k < r->words; k++)
            dst->w[k] |= ri[k];
    }
}

bool mdl_rel_empty(const mdl_rel *r)
{
    size_t m = rel_size(r);
    for (size_t k = 0; k < m; k++)
        if (r->w[k])
            return false;
    return true;
}

bool mdl_rel_irreflexive(const mdl_rel *r)
{
    for (int i = 0; i < r->n; i++)
        if (mdl_rel_has(r, i, i))
            return false;
    return true;
}

bool mdl_rel_equal(const mdl_rel *a, const mdl_rel *b)
{
    return a->n == b->n &&
           memcmp(a->w, b->w, rel_size(a) * sizeof(uint64_t)) == 0;
}

/* Acyclicity by depth-first search. The grey set (nodes on the stack) is
 * a bit vector, so a back edge shows up as one AND of a row with it; each
 * frame remembers which successors it has not tried yet, word by word. */
typedef struct dfs_frame {
    int node;
    int word;         /* next word of the row to load */
    uint64_t pending; /* untried successors in word-1 */
} dfs_frame;

enum { DFS_SMALL = 256 };

/* One word per row: peel off sinks (no successor left) until none
 * remain; what is left, if anything, lies on or leads to a cycle. */
static bool acyclic_one_word(const uint64_t *row, int n)
{
    uint64_t alive = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (int i = 0; i < n; i++)
        if (!row[i])
            alive &= ~((uint64_t)1 << i);
    for (;;) {
        uint64_t sinks = 0, bits = alive;
        while (bits) {
            int i = __builtin_ctzll(bits);
            bits &= bits - 1;
            if (!(row[i] & alive))
                sinks |= (uint64_t)1 << i;
        }
        if (!sinks)
            return alive == 0;
        alive &= ~sinks;
    }
}

bool mdl_rel_acyclic(const mdl_rel *r)
{
    int n = r->n, W = r->words;
    if (n == 0)
        return true;
    if (W == 1)
        return acyclic_one_word(r->w, n);
    uint64_t small_sets[2 * (DFS_SMALL / 64)];
    dfs_frame small_stack[DFS_SMALL];
    uint64_t *grey = small_sets, *done;
    dfs_frame *stack = small_stack;
    if (n > DFS_SMALL) {
        grey = ll_xcalloc((size_t)W * 2, sizeof(uint64_t));
        stack = ll_xmalloc((size_t)n * sizeof(dfs_frame));
    } else {
        memset(grey, 0, (size_t)W * 2 * sizeof(uint64_t));
    }
    done = grey + W;
    bool ok = true;
    for (int root = 0; root < n && ok; root++) {
        if ((done[root / 64] >> (root % 64)) & 1)
            continue;
        int sp = 0;
        stack[sp++] = (dfs_frame){root, 0, 0};
        grey[root / 64] |= (uint64_t)1 << (root % 64);
        while (sp > 0) {
            dfs_frame *f = &stack[sp - 1];
            const uint64_t *rf = row(r, f->node);
            if (f->word == 0) {
                for (int k = 0; k < W; k++)
                    if (rf[k] & grey[k]) {
                        ok = false;
                        break;
                    }
                if (!ok)
                    break;
            }
            while (!f->pending && f->word < W) {
                f->pending = rf[f->word] & ~done[f->word];
                f->word++;
            }
            if (!f->pending) {
                int v = f->node;
                grey[v / 64] &= ~((uint64_t)1 << (v % 64));
                done[v / 64] |= (uint64_t)1 << (v % 64);
                sp--;
                continue;
            }
            int next = (f->word - 1) * 64 + __builtin_ctzll(f->pending);
            f->pending &= f->pending - 1;
            if ((done[next / 64] >> (next % 64)) & 1)
                continue;
            grey[next / 64] |= (uint64_t)1 << (next % 64);
            stack[sp++] = (dfs_frame){next, 0, 0};
        }
    }
    if (n > DFS_SMALL) {
        free(grey);
        free(stack);
    }
    return ok;
}

/* Breadth-first from `from`: the shortest path of at least one edge to
 * `to` (a cycle when from == to). Explanations only; allocates. */
int mdl_rel_path(const mdl_rel *r, int from, int to, int *path)
{
    int n = r->n;
    if (from < 0 || from >= n || to < 0 || to >= n)
        return 0;
    int *prev = ll_xmalloc(((size_t)n + 1) * sizeof *prev);
    int *queue = ll_xmalloc(((size_t)n + 1) * sizeof *queue);
    for (int i = 0; i < n; i++)
        prev[i] = -1;
    int head = 0, tail = 0, found = -1;
    queue[tail++] = from;
    while (head < tail && found < 0) {
        int a = queue[head++];
        for (int b = 0; b < n; b++) {
            if (!mdl_rel_has(r, a, b))
                continue;
            if (b == to) {
                found = a;
                break;
            }
            if (prev[b] < 0 && b != from) {
                prev[b] = a;
                queue[tail++] = b;
            }
        }
    }
    int len = 0;
    if (found >= 0) {
        /* walk back from the last step, then reverse */
        path[len++] = to;
        for (int a = found; a != from; a = prev[a])
            path[len++] = a;
        path[len++] = from;
        for (int i = 0; i < len / 2; i++) {
            int t = path[i];
            path[i] = path[len - 1 - i];
            path[len - 1 - i] = t;
        }
    }
    free(prev);
    free(queue);
    return len;
}

int mdl_rel_cycle(const mdl_rel *r, int *cycle)
{
    int best = 0;
    int *tmp = ll_xmalloc(((size_t)r->n + 2) * sizeof *tmp);
    for (int e = 0; e < r->n; e++) {
        int len = mdl_rel_path(r, e, e, tmp);
        if (len && (!best || len < best)) {
            best = len;
            memcpy(cycle, tmp, (size_t)len * sizeof *tmp);
            if (len == 2)
                break;      /* a self-loop: none is shorter */
        }
    }
    free(tmp);
    return best;
}
