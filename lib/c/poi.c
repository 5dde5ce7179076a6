/* c/poi.c — herd7's number for the index srcu_read_lock returns.
 *
 * herd7 7.58 gives each srcu_read_lock the value 307 * (n + 1) + 599 * k,
 * n its thread, k its statement's place in the statements the thread
 * ran to get there, counting from 1 (measured: P0's first statement
 * gives 906, P1's 1213, P2's 1520; the one after `WRITE_ONCE` 2104).
 * A statement counts 1, a block 1 and its statements, an `if` 1 and
 * the branch it takes 1 and its statements (no branch when it takes a missing
 * else), a declaration 1 for each variable it initialises; a call of a
 * linux-kernel.def macro written as a block (`WRITE_ONCE(X,V) {
 * __store{once}(X,V); }`) is that block. Only threads that call
 * srcu_read_lock count (a temporary of the lowering holds the
 * index the next srcu_read_lock would get), so no other test has the
 * extra instructions. Every tick, counted or not, starts one of herd7's
 * instructions: the next statement emitted gets LL_C_STEP (herd7's po
 * orders the events of two, not those of one). */
#include "lib/c/internal.h"

#include <string.h>

enum { POI_THREAD = 307, POI_STEP = 599 };

void c_poi_start(c_lower *c)
{
    c->count_poi = strstr(c->src, "srcu_read_lock") != NULL;
    if (!c->count_poi)
        return;
    c->poi = c_temp(c);
    c_val ops[2] = {c->poi, c_imm((int64_t)POI_THREAD * (c->th->proc + 1))};
    c_emit(c, LL_C_MOV, LL_C_POI, 2, ops);
}

void c_poi_tick(c_lower *c, int n)
{
    c->step_next = true;
    if (!c->count_poi || n == 0)
        return;
    c_val ops[3] = {c->poi, c->poi, c_imm((int64_t)POI_STEP * n)};
    c_emit(c, LL_C_BIN, LL_C_ADD | LL_C_POI, 3, ops);
}

c_val c_poi(c_lower *c)
{
    return c->poi;
}

/* The macros of herd7 7.58's linux-kernel.def written as blocks, and
 * how many statements each is: its block, and the statements in it
 * (atomic_set's `{ WRITE_ONCE(*X,V); }` is 1 + 2). */
static const struct {
    const char *name;
    int n;
} blocks[] = {
    {"WRITE_ONCE", 2}, {"smp_store_release", 2}, {"rcu_assign_pointer", 2},
    {"smp_store_mb", 3}, {"smp_mb", 2}, {"smp_rmb", 2}, {"smp_wmb", 2},
    {"smp_mb__before_atomic", 2}, {"smp_mb__after_atomic", 2},
    {"smp_mb__after_spinlock", 2}, {"smp_mb__after_unlock_lock", 2},
    {"barrier", 2}, {"spin_lock", 2}, {"spin_unlock", 2},
    {"rcu_read_lock", 2}, {"rcu_read_unlock", 2}, {"synchronize_rcu", 2},
    {"synchronize_rcu_expedited", 2}, {"srcu_read_unlock", 2},
    {"synchronize_srcu", 2}, {"synchronize_srcu_expedited", 2},
    {"atomic_set", 3}, {"atomic_set_release", 3}, {"atomic_add", 2},
    {"atomic_sub", 2}, {"atomic_inc", 2}, {"atomic_dec", 2},
};

int c_poi_statement(c_lower *c)
{
    if (!c->count_poi)
        return 0;
    if (c->tok.kind != C_NAME || !c_is(c_peek(c), "("))
        return 1;
    if (c->defs)   /* the macro's own block counts, as it is lowered */
        return c_def_is_block(c, c->tok.text) ? 0 : 1;
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        if (!strcmp(blocks[i].name, c->tok.text))
            return blocks[i].n;
    return 1;
}
