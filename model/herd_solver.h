/* herd_solver.h — herd7 7.58's solver of value equations, replayed on
 * the equations of one candidate (herd_solver.c; symbolic.c builds them). */
#ifndef MODEL_HERD_SOLVER_H
#define MODEL_HERD_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#include "model/sem/sem.h"

/* One equation `lhs := rhs`: lhs a variable; rhs a variable (var >= 0),
 * a constant (var -1, n_args 0) or an operation on variables (var -1,
 * args[first .. first + n_args) of hs_sys). */
typedef struct hs_eq {
    int lhs;
    int var;
    sem_val cst;
    int first, n_args;
    bool fold;      /* an operation herd7 makes a constant when met if its
                       arguments are renamed to one variable (S^S, S==S,
                       S!=S: lib/symbValue.ml), whatever that is */
    int copy_arg;   /* a zero copy (an add or or of a value herd7 solves
                       to 0): the argument it copies, which it is once
                       its other argument is solved (`S26 := S12+S19`,
                       S12 := 0, is left `S26 := S19`); -1 none */
} hs_eq;

/* The equations in herd7's order, and herd7's numbers of the variables
 * (its `S<n>`), which order the equations of a cycle: number(ctx, out)
 * fills out[0 .. n_vars) or returns false (the numbering is not known:
 * variable order stands in). It is only called when a cycle needs it. */
typedef struct hs_sys {
    int n_vars;
    int n_eqs, cap_eqs;
    hs_eq *eqs;
    int n_args, cap_args;
    int *args;
    bool (*number)(void *ctx, int64_t *out);
    void *ctx;
} hs_sys;

void hs_add_eq(hs_sys *s, int lhs, int var, sem_val cst);
/* An operation's equation: then hs_add_arg for each of its variables. */
void hs_add_op(hs_sys *s, int lhs);
void hs_add_arg(hs_sys *s, int var);
/* The last equation added is a fold (hs_eq.fold). */
void hs_fold_last(hs_sys *s);
/* The last equation added, an operation, is a zero copy of its argument
 * k (hs_eq.copy_arg). */
void hs_copy_arg_last(hs_sys *s, int k);
void hs_free(hs_sys *s);

/* Does herd7 7.58 solve the system, leaving no equation unsolved: no
 * copy (`S := S'`, `1 := S`), no operation whose right side it had not
 * solved when it met it (`1 := S & 1`, `S5 := S9 & 1`)? rename (n_vars,
 * or NULL) gets the
 * variable herd7 renames each to: the one it shows for an undetermined
 * value (`S10`); solved (n_vars, or NULL) whether the pass solves each
 * renamed variable. */
bool hs_solvable(const hs_sys *s, int *rename, bool *solved);

/* A copy equation the pass left, renamed (a zero copy's too): `lhs :=
 * var`, lhs_solved when
 * the pass had solved lhs before it met it (herd7 then keeps `1 := S15`,
 * which the memory phase must meet; else `S5 := S14`, whose S5 events
 * no longer hold once it is solved later). */
typedef struct hs_left {
    int lhs, var;
    bool lhs_solved;
} hs_left;

/* herd7's register phase (model/sem/c_regs.c): parent (n_vars) gets the
 * variable each is renamed to, solved (n_vars) whether the one pass
 * solves each renamed variable; a variable is then a constant when its
 * parent is solved, else a variable of its own (herd7's add_vars_solns:
 * `S6<-S14` with S14 unsolved). left (n_eqs) gets the copy equations
 * left; returns their number. */
int hs_solve_vars(const hs_sys *s, int *parent, bool *solved, hs_left *left);
/* hs_solve_vars' parent alone: the union-find of the copies, without the
 * pass (a run's register phase checked at its end, sem/c_regs.c, ran
 * the pass too: a sixth of g14000170_388's time). */
void hs_parents(const hs_sys *s, int *parent);

/* herd7's list of what its register phase leaves unsolved: the reverse
 * of the order its one pass meets equations [from, n_eqs) of s, under
 * the numbers num (n_vars: herd7's, doubled as hs_sys.number gives
 * them), as indices into s->eqs into order (n_eqs - from). */
void hs_pass_order(const hs_sys *s, int from, const int64_t *num, int *order);

/* herd7's union-find (Partition): find compresses the path; union by
 * rank, a's root kept on equal ranks. */
int hs_uf_find(int *parent, int x);
void hs_uf_union(int *parent, int *rank, int a, int b);

/* herd7's solution of one thread's register equations `eqs[i][0] :=
 * eqs[i][1]` between variables below n (before memory's): unions, the
 * highest left side first (measured: `lw x5; mv x8,x5; sw x5; sw x8`
 * roots x5's class at sw x8's read, the read's parent sw x5's); out[v]
 * v's parent then, one step, not the root (Partition.as_solution):
 * the variable herd7 writes for v. Sorts eqs. */
void hs_reg_parents(int (*eqs)[2], int n_eqs, int n, int *out);

#endif
