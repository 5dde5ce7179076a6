/* relation.h — event sets and relations as bit vectors and bit matrices, sized
 * for any number of events (no cap at 64). Owned by model/relation.c.
 *
 * A set over n events is ceil(n/64) words; a relation is n rows, each a
 * set. Callers size them once per test and reuse them across candidate
 * executions, so the hot path allocates nothing. */
#ifndef LITMUSLAB_MODEL_RELATION_H
#define LITMUSLAB_MODEL_RELATION_H

#include <stdbool.h>
#include <stdint.h>

typedef struct mdl_set {
    int n;            /* universe size (events) */
    int words;        /* (n + 63) / 64 */
    uint64_t *w;
} mdl_set;

typedef struct mdl_rel {
    int n;
    int words;        /* words per row */
    uint64_t *w;      /* n rows of `words` words; row i = successors of i */
} mdl_rel;

void mdl_set_init(mdl_set *s, int n);      /* allocates, empty */
void mdl_set_free(mdl_set *s);
void mdl_set_clear(mdl_set *s);
void mdl_set_add(mdl_set *s, int e);
bool mdl_set_has(const mdl_set *s, int e);
void mdl_set_copy(mdl_set *dst, const mdl_set *src);
void mdl_set_union(mdl_set *dst, const mdl_set *a, const mdl_set *b);
void mdl_set_inter(mdl_set *dst, const mdl_set *a, const mdl_set *b);
void mdl_set_diff(mdl_set *dst, const mdl_set *a, const mdl_set *b);
void mdl_set_complement(mdl_set *dst, const mdl_set *a);
bool mdl_set_empty(const mdl_set *s);

void mdl_rel_init(mdl_rel *r, int n);      /* allocates, empty */
void mdl_rel_free(mdl_rel *r);
void mdl_rel_clear(mdl_rel *r);
void mdl_rel_add(mdl_rel *r, int a, int b);
bool mdl_rel_has(const mdl_rel *r, int a, int b);
void mdl_rel_copy(mdl_rel *dst, const mdl_rel *src);
void mdl_rel_union(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b);
void mdl_rel_inter(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b);
void mdl_rel_diff(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b);
void mdl_rel_inverse(mdl_rel *dst, const mdl_rel *a);
/* dst = a;b. dst must not alias a or b. */
void mdl_rel_seq(mdl_rel *dst, const mdl_rel *a, const mdl_rel *b);
void mdl_rel_transitive(mdl_rel *dst, const mdl_rel *a);   /* a+ */
void mdl_rel_reflexive_transitive(mdl_rel *dst, const mdl_rel *a); /* a* */
void mdl_rel_identity_on(mdl_rel *dst, const mdl_set *s);  /* [S] */
void mdl_rel_cartesian(mdl_rel *dst, const mdl_set *a, const mdl_set *b);
void mdl_rel_domain(mdl_set *dst, const mdl_rel *r);
void mdl_rel_range(mdl_set *dst, const mdl_rel *r);
bool mdl_rel_empty(const mdl_rel *r);
bool mdl_rel_irreflexive(const mdl_rel *r);
bool mdl_rel_acyclic(const mdl_rel *r);
bool mdl_rel_equal(const mdl_rel *a, const mdl_rel *b);

/* For explanations, not the hot path. mdl_rel_path: a shortest path of at
 * least one edge from `from` to `to` (a cycle through it when they are
 * equal) as its events, from first to last, in path[0..len-1] (room for
 * n + 1); returns len, 0 when there is none. mdl_rel_cycle: a shortest
 * cycle (cycle[0] == cycle[len-1], room for n + 1), 0 when acyclic. */
int mdl_rel_path(const mdl_rel *r, int from, int to, int *path);
int mdl_rel_cycle(const mdl_rel *r, int *cycle);

#endif
