/* test_herd_solver.c — herd7's solver replay (model/herd_solver.c) on
 * the register-phase systems herd7 7.58 printed with -debug solver
 * (-variant OldSolver shows them before normalisation), which
 * model/sem/c_regs.c replays: parents, solved variables, copies left. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/herd_solver.h"

static void copy(hs_sys *s, int lhs, int var)
{
    hs_add_eq(s, lhs, var, sem_int(0));
}

static void cst(hs_sys *s, int lhs, int v)
{
    hs_add_eq(s, lhs, -1, sem_int(v));
}

static void op1(hs_sys *s, int lhs, int arg)
{
    hs_add_op(s, lhs);
    hs_add_arg(s, arg);
}

/* `int r0 = r0 + 1; r0 = cmpxchg(z, r0, r0); smp_store_release(y, r0);`
 * success way, herd7's raw order: S14:=S6, S5:=S2, S4:=S2, S1:=0,
 * S4:=S6, S2:=S1+1. herd7: `S5:=S14` left (met before S5 was solved),
 * S6<-S14 (S14 unsolved), S14<-1, S5<-1. */
static void lost_equation(void **state)
{
    (void)state;
    hs_sys s = {.n_vars = 16};
    copy(&s, 14, 6);
    copy(&s, 5, 2);
    copy(&s, 4, 2);
    cst(&s, 1, 0);
    copy(&s, 4, 6);
    op1(&s, 2, 1);
    int parent[16];
    bool solved[16];
    hs_left left[16];
    int n = hs_solve_vars(&s, parent, solved, left);
    assert_int_equal(parent[6], 14);
    assert_int_equal(parent[14], 5);
    assert_int_equal(parent[2], 5);
    assert_int_equal(parent[4], 5);
    assert_true(solved[5]);
    assert_false(solved[14]);
    assert_true(solved[1]);
    assert_int_equal(n, 1);         /* the two S5:=S14 are one node */
    assert_int_equal(left[0].lhs, 5);
    assert_int_equal(left[0].var, 14);
    assert_false(left[0].lhs_solved);
    assert_false(hs_solvable(&s, NULL, NULL));
    hs_free(&s);
}

/* The same with `r2 = r0;` before and `cmpxchg(z, r2, r0)`: herd7
 * solves S5 := S6 first and keeps `1 := S15` (raw: S15:=S7, S6:=S2,
 * S5:=S3, S3:=S2, S1:=0, S5:=S7, S2:=S1+1). */
static void equation_kept(void **state)
{
    (void)state;
    hs_sys s = {.n_vars = 16};
    copy(&s, 15, 7);
    copy(&s, 6, 2);
    copy(&s, 5, 3);
    copy(&s, 3, 2);
    cst(&s, 1, 0);
    copy(&s, 5, 7);
    op1(&s, 2, 1);
    int parent[16];
    bool solved[16];
    hs_left left[16];
    int n = hs_solve_vars(&s, parent, solved, left);
    assert_int_equal(parent[7], 15);
    assert_int_equal(parent[15], 5);
    assert_true(solved[5]);
    assert_true(solved[6]);
    assert_false(solved[15]);
    assert_int_equal(n, 1);
    assert_int_equal(left[0].lhs, 5);
    assert_int_equal(left[0].var, 15);
    assert_true(left[0].lhs_solved);
    hs_free(&s);
}

/* `lw x5,0(x6); mv x8,x5; sw x5,0(x7); sw x8,0(x9)` (RISC-V, after a
 * four-variable thread): the read S6, x5's reads S7 and S8, x8's S10;
 * herd7 printed S6<-S8, S7<-S10, S8<-S10 (a parent, not the root). */
static void reg_parents(void **state)
{
    (void)state;
    int eqs[3][2] = {{7, 6}, {8, 6}, {10, 7}};
    int par[11];
    hs_reg_parents(eqs, 3, 11, par);
    assert_int_equal(par[6], 8);
    assert_int_equal(par[7], 10);
    assert_int_equal(par[8], 10);
    assert_int_equal(par[10], 10);
}

/* herd7's fold (hs_eq.fold): LISA vq21030500_52's memory phase, raw
 * (-variant OldSolver) S8:=S5, S7:=S2, S2:=S10, S5:=S7, S5:=S7,
 * S10:=S5^S8, normalised `S8:=S7` and `S7:=S8^S8` (the xor's two reads
 * renamed to S8), one component met copy first: the copy is left, no
 * execution; a fold on one unsolved variable alone is solved
 * (`S7:=S7^S7`), on two it is not. */
static void fold_order(void **state)
{
    (void)state;
    hs_sys s = {.n_vars = 11};
    copy(&s, 8, 5);
    copy(&s, 7, 2);
    copy(&s, 2, 10);
    copy(&s, 5, 7);
    copy(&s, 5, 7);
    hs_add_op(&s, 10);
    hs_add_arg(&s, 5);
    hs_add_arg(&s, 8);
    hs_fold_last(&s);
    bool solved[11];
    assert_false(hs_solvable(&s, NULL, solved));
    assert_true(solved[7]);
    assert_false(solved[8]);
    hs_free(&s);
    hs_sys t = {.n_vars = 10};
    hs_add_op(&t, 7);
    hs_add_arg(&t, 7);
    hs_add_arg(&t, 7);
    hs_fold_last(&t);
    assert_true(hs_solvable(&t, NULL, NULL));
    hs_free(&t);
    hs_sys u = {.n_vars = 10};
    hs_add_op(&u, 7);
    hs_add_arg(&u, 7);
    hs_add_arg(&u, 8);
    hs_fold_last(&u);
    assert_false(hs_solvable(&u, NULL, NULL));
    hs_free(&u);
}

/* Zero copies (hs_eq.copy_arg): P1 `r0 = READ_ONCE(*y); r1 = r0; r3 =
 * (r2 ^ r2) + r0; r4 = r3 | r9; r6 = r4 & r0; if (r1) *z = r6;`,
 * herd7's register phase on the way into the branch, its copies in the
 * order it unites them (highest left side first): the add and the or
 * on a value it solves to 0 are left as copies, `S13 := S17`, `S16 :=
 * S13`, with the plain `S19 := S17` (herd7 lists them in reverse:
 * `S19:=S17, S16:=S13, S13:=S17`; litmus/c/LB+zero-copy-beside-copy-
 * left). */
static void zero_copies_left(void **state)
{
    (void)state;
    hs_sys s = {.n_vars = 23};
    copy(&s, 22, 18);
    copy(&s, 19, 7);
    copy(&s, 17, 6);
    copy(&s, 16, 15);
    copy(&s, 13, 12);
    copy(&s, 11, 6);
    copy(&s, 7, 6);
    cst(&s, 8, 0);
    cst(&s, 9, 0);
    cst(&s, 14, 0);
    cst(&s, 20, 1);
    hs_add_op(&s, 10);          /* r2 ^ r2 */
    hs_add_arg(&s, 8);
    hs_add_arg(&s, 9);
    hs_fold_last(&s);
    hs_add_op(&s, 12);          /* (r2 ^ r2) + r0 */
    hs_add_arg(&s, 10);
    hs_add_arg(&s, 11);
    hs_copy_arg_last(&s, 1);
    hs_add_op(&s, 15);          /* r3 | r9 */
    hs_add_arg(&s, 13);
    hs_add_arg(&s, 14);
    hs_copy_arg_last(&s, 0);
    hs_add_op(&s, 18);          /* r4 & r0 */
    hs_add_arg(&s, 16);
    hs_add_arg(&s, 17);
    op1(&s, 20, 19);            /* r1 != 0 */
    int parent[23];
    bool solved[23];
    hs_left left[23];
    int n = hs_solve_vars(&s, parent, solved, left);
    assert_int_equal(parent[6], 17);
    assert_int_equal(parent[17], 19);
    assert_int_equal(parent[12], 13);
    assert_true(solved[10]);
    assert_false(solved[13]);
    assert_int_equal(n, 3);
    int want[3][2] = {{13, 17}, {16, 13}, {19, 17}};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(left[i].lhs, want[i][0]);
        assert_int_equal(left[i].var, want[i][1]);
    }
    hs_free(&s);
}

/* hs_pass_order: herd7's list of what its register phase left, path 4
 * of C+split-copy-after-zero-copy-of-sum (`Unsolved equations: S37:=S25
 * S27:=S26&1 S25:=S26&1 S26:=S24`): its pass meets S25's operation
 * first, and through it the copy defining S26, so the copy is listed
 * last, the zero copy S37 first. A repeated equation goes with its
 * twin. */
static void pass_order(void **state)
{
    (void)state;
    hs_sys s = {.n_vars = 40};
    cst(&s, 4, 0);                  /* rf's: not reordered */
    op1(&s, 27, 26);
    copy(&s, 26, 24);
    copy(&s, 37, 25);
    op1(&s, 25, 26);
    copy(&s, 26, 24);
    int64_t num[40];
    for (int v = 0; v < 40; v++)
        num[v] = 2 * v;
    int order[5];
    hs_pass_order(&s, 1, num, order);
    int want[5] = {3, 1, 4, 2, 5};
    for (int i = 0; i < 5; i++)
        assert_int_equal(order[i], want[i]);
    hs_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lost_equation),
        cmocka_unit_test(equation_kept),
        cmocka_unit_test(reg_parents),
        cmocka_unit_test(fold_order),
        cmocka_unit_test(zero_copies_left),
        cmocka_unit_test(pass_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
