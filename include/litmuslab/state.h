/* state.h — final states (outcomes) and conditions evaluated on them.
 *
 * A state is a set of bindings `loc=value`, kept sorted in herd7's order:
 * registers first (by thread, then name), then memory locations (by name).
 * herd7 prints memory as `[x]=1;`, litmus7 as `x=1;`; both read back into
 * the same state, so states from either tool compare equal. */
#ifndef LITMUSLAB_STATE_H
#define LITMUSLAB_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef struct ll_binding {
    ll_loc loc;       /* reg is -1 unless set by the caller */
    ll_value value;
} ll_binding;

typedef struct ll_state {
    int n;
    int cap;
    ll_binding *b;
} ll_state;

/* Add a binding (copies loc name and value); keeps the order above.
 * A second binding for the same loc replaces the first. */
void ll_state_set(ll_state *s, const ll_loc *loc, const ll_value *v);
void ll_state_clear(ll_state *s);          /* free contents, keep usable */
/* The value bound to loc, or NULL. Memory locs match by name and index;
 * registers by thread and name (case-sensitive, as herd does). */
const ll_value *ll_state_get(const ll_state *s, const ll_loc *loc);
/* Order of two bindings' locations (herd7's order); <0, 0, >0. */
int ll_loc_cmp(const ll_loc *a, const ll_loc *b);
int ll_state_cmp(const ll_state *a, const ll_state *b);

/* Read a state line body such as `0:r3=0; 1:r3=0; [x]=1;` or
 * `1:r6=0; y=1;` (trailing `;` optional). false + *d on error. */
bool ll_state_parse(const char *text, ll_state *out, ll_diag *d);
/* herd7 style: `0:r3=0; [x]=1;` (each binding followed by "; "), with no
 * trailing space. */
void ll_state_print_herd(const ll_state *s, ll_buf *out);
/* litmus7 style: `0:r3=0; x=1;` */
void ll_state_print_litmus(const ll_state *s, ll_buf *out);

/* Evaluate a proposition on a state. A location absent from the state
 * makes its atom false and sets *missing (when non-NULL). Symbolic values
 * compare by name; an integer never equals a symbol. */
bool ll_prop_eval(const ll_prop *p, const ll_state *s, bool *missing);

/* The one state a conjunction of atoms names (`0:r3=0 /\ [x]=1`, the
 * usual shape of an `exists`): true with its bindings added to *out;
 * false for any other proposition (*out then holds a part of it). */
bool ll_prop_state(const ll_prop *p, ll_state *out);

/* The verdict of a quantified condition over a set of states (`Ok` when
 * true): exists: some state satisfies the prop; ~exists: none does;
 * forall: all do. */
bool ll_cond_holds(const ll_cond *c, const ll_state *states, int n_states);

#endif
