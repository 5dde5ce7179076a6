/* rel.h — event sets and relations as bit vectors and bit matrices, sized
 * for any number of events (no cap at 64). Owned by model/rel.c.
 *
 * A set over n events is ceil(n/64) words; a relation is n rows, each a
 * set. Callers size them once per test and reuse them across candidate
 * executions, so the hot path allocates nothing. */
#ifndef LITMUSLAB_MODEL_REL_H
#define LITMUSLAB_MODEL_REL_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ll_set {
    int n;            /* universe size (events) */
    int words;        /* (n + 63) / 64 */
    uint64_t *w;
} ll_set;

typedef struct ll_rel {
    int n;
    int words;        /* words per row */
    uint64_t *w;      /* n rows of `words` words; row i = successors of i */
} ll_rel;

void ll_set_init(ll_set *s, int n);      /* allocates, empty */
void ll_set_free(ll_set *s);
void ll_set_clear(ll_set *s);
void ll_set_add(ll_set *s, int e);
bool ll_set_has(const ll_set *s, int e);
void ll_set_copy(ll_set *dst, const ll_set *src);
void ll_set_union(ll_set *dst, const ll_set *a, const ll_set *b);
void ll_set_inter(ll_set *dst, const ll_set *a, const ll_set *b);
void ll_set_diff(ll_set *dst, const ll_set *a, const ll_set *b);
void ll_set_complement(ll_set *dst, const ll_set *a);
bool ll_set_empty(const ll_set *s);

void ll_rel_init(ll_rel *r, int n);      /* allocates, empty */
void ll_rel_free(ll_rel *r);
void ll_rel_clear(ll_rel *r);
void ll_rel_add(ll_rel *r, int a, int b);
bool ll_rel_has(const ll_rel *r, int a, int b);
void ll_rel_copy(ll_rel *dst, const ll_rel *src);
void ll_rel_union(ll_rel *dst, const ll_rel *a, const ll_rel *b);
void ll_rel_inter(ll_rel *dst, const ll_rel *a, const ll_rel *b);
void ll_rel_diff(ll_rel *dst, const ll_rel *a, const ll_rel *b);
void ll_rel_inverse(ll_rel *dst, const ll_rel *a);
/* dst = a;b. dst must not alias a or b. */
void ll_rel_seq(ll_rel *dst, const ll_rel *a, const ll_rel *b);
void ll_rel_transitive(ll_rel *dst, const ll_rel *a);   /* a+ */
void ll_rel_reflexive_transitive(ll_rel *dst, const ll_rel *a); /* a* */
void ll_rel_identity_on(ll_rel *dst, const ll_set *s);  /* [S] */
void ll_rel_cartesian(ll_rel *dst, const ll_set *a, const ll_set *b);
void ll_rel_domain(ll_set *dst, const ll_rel *r);
void ll_rel_range(ll_set *dst, const ll_rel *r);
bool ll_rel_empty(const ll_rel *r);
bool ll_rel_irreflexive(const ll_rel *r);
bool ll_rel_acyclic(const ll_rel *r);
bool ll_rel_equal(const ll_rel *a, const ll_rel *b);

/* For explanations, not the hot path. ll_rel_path: a shortest path of at
 * least one edge from `from` to `to` (a cycle through it when they are
 * equal) as its events, from first to last, in path[0..len-1] (room for
 * n + 1); returns len, 0 when there is none. ll_rel_cycle: a shortest
 * cycle (cycle[0] == cycle[len-1], room for n + 1), 0 when acyclic. */
int ll_rel_path(const ll_rel *r, int from, int to, int *path);
int ll_rel_cycle(const ll_rel *r, int *cycle);

#endif
