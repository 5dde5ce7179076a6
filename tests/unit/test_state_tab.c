/* test_state_tab.c — the table of final states (model/state_tab.c):
 * every state found again at its index, its values read back, as the
 * numbers of a place's values grow past one byte and past two (the
 * rows rewritten wider) and the table of states is rehashed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "model/engine.h"

enum { N_OBS = 3, N_STATES = 70000 };

/* State i's values: a place of N_STATES values (an address, every
 * other one), one of 7, one of 1. */
static void vals_of(int i, sem_val *v)
{
    v[0] = (sem_val){(int64_t)i * 3 - 1000, i % 2 ? 4 : -1};
    v[1] = (sem_val){i % 7, -1};
    v[2] = (sem_val){5, -1};
}

/* The k-th state looked up: state i = k * 7919 mod N_STATES (7919 is
 * prime: a scattered order). */
static int scattered(int k)
{
    return (int)(((int64_t)k * 7919) % N_STATES);
}

static void grow_and_find(void **state)
{
    (void)state;
    mdl_test m = {0};
    m.n_obs = N_OBS;
    sem_val v[N_OBS];
    int width_at_300 = 0;
    for (int k = 0; k < N_STATES; k++) {
        vals_of(scattered(k), v);
        bool added = false;
        assert_int_equal(mdl_tab_find(&m, v, &added), k);
        assert_true(added);
        if (k == 300)
            width_at_300 = m.tab.width;
    }
    assert_int_equal(width_at_300, 2);
    assert_int_equal(m.tab.width, 4);
    assert_int_equal(m.n_states, N_STATES);
    for (int k = 0; k < N_STATES; k++) {
        vals_of(scattered(k), v);
        bool added = true;
        assert_int_equal(mdl_tab_find(&m, v, &added), k);
        assert_false(added);
        for (int p = 0; p < N_OBS; p++) {
            sem_val got = mdl_tab_val(&m, k, p);
            assert_true(got.num == v[p].num && got.sym == v[p].sym);
        }
    }
    /* a value told apart by its symbol alone is another state */
    vals_of(1, v);
    v[0].sym = -1;
    bool added = false;
    assert_int_equal(mdl_tab_find(&m, v, &added), N_STATES);
    assert_true(added);
    mdl_free_states(&m);
    assert_int_equal(m.n_states, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grow_and_find),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
