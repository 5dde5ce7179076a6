/* test_arch_lisa.c — the LISA plug-in: every opcode round-trips in
 * herd7's spelling (which is also what its Hash= digests), operands land
 * where include/litmuslab/arch/lisa.h says, annotations become flag bits,
 * and bad input gets its message and column. */
#include "arch_check.h"
#include "litmuslab/arch/lisa.h"

static const ll_arch_ops *lisa(void)
{
    return ll_arch_find("LISA");
}

static void every_opcode_round_trips(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "r[once] r0 x", "r[acquire] r1 x+r2", "r[noreturn] r3 r4",
        "r[once] r1 r2+4", "w[once] x 1", "w[release] y r0",
        "w[once] x+r1 -3", "rmw[once] r0 (add r0 1) x",
        "rmw[acquire] r1 2 y", "rmw[release] r2 (xor r1 3) y+r0",
        "rmw[once] r0 r5 x", "mov r1 (xor r0 r0)", "mov r2 x",
        "mov r3 (eq r0 1)", "mov r3 (neq r0 x)", "mov r4 (and 3 5)",
        "mov r5 -16", "f[mb]", "f[rmb]", "f[wmb]", "f[barrier]",
        "f[rcu-lock]", "f[rcu-unlock]", "f[sync-rcu]", "f[before-atomic]",
        "f[after-atomic]", "f[after-spinlock]", "f[after-unlock-lock]",
        "call[mb]", "b[] r0 L0", "b[] L1", "r[] r0 x",
    };
    arch_round_trip_all(lisa(), texts, sizeof texts / sizeof *texts,
                        LL_LISA_NOPS);
}

static void other_spellings_normalise(void **state)
{
    (void)state;
    const ll_arch_ops *a = lisa();
    /* herd7 prints numbers in decimal, registers without leading zeros,
     * an absent annotation list as [], blanks as single spaces */
    arch_round_trip(a, "w[once] x 0x10", "w[once] x 16");
    /* int_of_string wraps a hex number past 2^62 - 1, and -min_int is
       min_int (herd7's Hash= prints these) */
    arch_round_trip(a, "mov r0 0x4000000000000000",
                    "mov r0 -4611686018427387904");
    arch_round_trip(a, "mov r0 -0x4000000000000000",
                    "mov r0 -4611686018427387904");
    arch_round_trip(a, "mov r0 -4611686018427387904",
                    "mov r0 -4611686018427387904");
    arch_round_trip(a, "r[once] r07 x", "r[once] r7 x");
    arch_round_trip(a, "r r0 x", "r[] r0 x");
    arch_round_trip(a, "rmw[once]  r0  ( add r0 1 )  x + r1",
                    "rmw[once] r0 (add r0 1) x+r1");
    arch_round_trip(a, "f[ mb ]", "f[mb]");
    arch_round_trip(a, "f[rmb,mb]", "f[rmb,mb]");
    /* registers past r127, symbolic ones; a fence's label sets sorted,
       each name once, as herd7's digest prints them */
    arch_round_trip(a, "r[once] r0x80 x+r-1", "r[once] r128 x+r-1");
    arch_round_trip(a, "mov %a (add %b 1)", "mov %a (add %b 1)");
    arch_round_trip(a, "f[mb]{b,a,b}{ }", "f[mb] {a,b} {}");
    arch_round_trip(a, "f[mb] {r,w} {f}", "f[mb] {r,w} {f}");
    arch_round_trip(a, "r[once] r0 L-1/2", "r[once] r0 L-1/2");
}

static void operands(void **state)
{
    (void)state;
    const ll_arch_ops *a = lisa();
    ll_instr in = arch_parse(a, "w[release] y+r2 r1");
    assert_int_equal(in.op, LL_LISA_W);
    assert_int_equal(in.flags, (1u << LL_LISA_A_RELEASE) | LL_LISA_F_OFFSET);
    assert_int_equal(in.n_ops, 3);
    assert_int_equal(in.ops[0].kind, LL_OPND_REG);   /* the value */
    assert_int_equal(in.ops[0].reg, 1);
    assert_int_equal(in.ops[1].kind, LL_OPND_SYM);   /* the base */
    assert_string_equal(in.ops[1].sym, "y");
    assert_int_equal(in.ops[2].reg, 2);              /* the offset */
    assert_int_equal(ll_lisa_addr_at(&in), 1);
    ll_instr_clear(&in);

    in = arch_parse(a, "rmw[acquire] r3 (add r3 1) x");
    assert_int_equal(in.op, LL_LISA_RMW);
    assert_int_equal(LL_LISA_OPK(in.flags), LL_LISA_OPK_ADD);
    assert_int_equal(in.flags & LL_LISA_ANNOTS, 1u << LL_LISA_A_ACQUIRE);
    assert_int_equal(in.n_ops, 4);
    assert_int_equal(in.ops[1].reg, 3);
    assert_int_equal(in.ops[2].kind, LL_OPND_IMM);
    assert_int_equal(in.ops[2].imm, 1);
    assert_int_equal(ll_lisa_addr_at(&in), 3);
    assert_string_equal(in.ops[3].sym, "x");
    ll_instr_clear(&in);

    in = arch_parse(a, "rmw[once] r0 2 x");
    assert_int_equal(LL_LISA_OPK(in.flags), LL_LISA_OPK_VAL);
    assert_int_equal(ll_lisa_addr_at(&in), 2);
    ll_instr_clear(&in);

    in = arch_parse(a, "b[] r4 Lx");
    assert_int_equal(in.op, LL_LISA_B);
    assert_int_equal(in.ops[1].kind, LL_OPND_LABEL);
    assert_string_equal(in.ops[1].sym, "Lx");
    ll_instr_clear(&in);
    in = arch_parse(a, "b[] Lx");
    assert_int_equal(in.op, LL_LISA_J);
    assert_int_equal(in.n_ops, 1);
    ll_instr_clear(&in);

    in = arch_parse(a, "f[after-unlock-lock]");
    assert_int_equal(in.flags, 1u << LL_LISA_A_AFTER_UNLOCK_LOCK);
    assert_string_equal(ll_lisa_annot_name(LL_LISA_A_AFTER_UNLOCK_LOCK),
                        "after-unlock-lock");
    ll_instr_clear(&in);
}

static void registers(void **state)
{
    (void)state;
    const ll_arch_ops *a = lisa();
    assert_int_equal(a->reg_lookup("r0"), 0);
    assert_int_equal(a->reg_lookup("r127"), 127);
    /* herd7: `r` and what OCaml's int_of_string reads, any number */
    assert_int_equal(a->reg_lookup("r0x7f"), 127);
    assert_int_equal(a->reg_lookup("r1_0"), 10);
    assert_int_equal(a->reg_lookup("r-0"), 0);
    int wide = a->reg_lookup("r128");
    assert_true(wide >= LL_LISA_NREGS);
    assert_int_equal(a->reg_lookup("r0x80"), wide);
    assert_string_equal(a->reg_name(wide), "r128");
    assert_string_equal(a->reg_name(a->reg_lookup("r-1")), "r-1");
    assert_string_equal(a->reg_name(a->reg_lookup("r0x7fffffffffffffff")),
                        "r-1");
    assert_int_equal(a->reg_lookup("%a"), -1);     /* code only */
    assert_int_equal(a->reg_lookup("r4611686018427387904"), -1);
    assert_int_equal(a->reg_lookup("r0x"), -1);
    assert_int_equal(a->reg_lookup("r_1"), -1);
    assert_int_equal(a->reg_lookup("r1x"), -1);
    assert_int_equal(a->reg_lookup("r"), -1);
    assert_int_equal(a->reg_lookup("x"), -1);
    assert_int_equal(a->reg_lookup("R1"), -1);
    assert_int_equal(a->reg_lookup("%1"), -1);
    assert_string_equal(a->reg_name(12), "r12");
    assert_string_equal(a->reg_name(-1), "?");
    assert_true(a->canonical_reg_names);
}

static void bad_input(void **state)
{
    (void)state;
    const ll_arch_ops *a = lisa();
    arch_rejects(a, "ld r0 x", "unknown instruction 'ld'", 1);
    arch_rejects(a, "add r1 r0 1", "unknown instruction 'add'", 1);
    arch_rejects(a, "r[once] x r0",
                 "bad operand 'x', expected a register (r0, r1, ...)", 9);
    arch_rejects(a, "r[once] r0",
                 "expected a register or a location at the end of the "
                 "instruction", 11);
    arch_rejects(a, "r[once] r0 x y",
                 "bad operand 'y', expected the end of the instruction", 14);
    arch_rejects(a, "w[once] x y",
                 "bad operand 'y', expected a register or a number", 11);
    arch_rejects(a, "mov r1 (sub r0 1)",
                 "bad operand 'sub', expected an operation (add, xor, and, "
                 "eq, neq)", 9);
    arch_rejects(a, "mov r1 (add r0 1",
                 "expected ')' at the end of the instruction", 17);
    arch_rejects(a, "mov r1 (add (add r0 1) 2)",
                 "bad operand '(', expected a register, a number or a "
                 "location", 13);
    /* herd7's keywords are no names */
    arch_rejects(a, "w[once] mov 1",
                 "'mov' is a keyword of herd7's LISA, not a location", 9);
    arch_rejects(a, "r[once] r0 P1",
                 "'P1' is a keyword of herd7's LISA, not a location", 12);
    arch_rejects(a, "b[] r",
                 "'r' is a keyword of herd7's LISA, not a label", 5);
    arch_rejects(a, "r[once,] r0 x",
                 "bad operand ']', expected an annotation", 8);
    arch_rejects(a, "f[mb] {L0}", "expected '{' at the end of the "
                 "instruction", 11);
    arch_rejects(a, "f[mb] {L0,} {}",
                 "bad operand '}', expected a label", 11);
    arch_rejects(a, "f[mb] {r1} {}",
                 "bad operand 'r1', expected a label", 8);
    arch_rejects(a, "call[]", "call takes one name: call[NAME]", 1);
    /* herd7's numbers: decimal digits after `0x`, 63-bit (OCaml's) */
    arch_rejects(a, "mov r0 0x1f",
                 "bad operand 'f', expected the end of the instruction", 11);
    arch_rejects(a, "w[once] x 4611686018427387904", "number "
                 "'4611686018427387904' out of range: herd7 reads LISA "
                 "numbers as 63-bit integers, -4611686018427387904 to "
                 "4611686018427387903", 11);
    arch_rejects(a, "mov r0 0x8000000000000000", "number "
                 "'0x8000000000000000' out of range: herd7 reads LISA "
                 "numbers as 63-bit integers, -4611686018427387904 to "
                 "4611686018427387903", 8);
    arch_rejects(a, "r[once r0 x", "bad operand 'r0', expected ',' or ']'",
                 8);
    arch_rejects(a, "b[] r0", "expected a label at the end of the "
                 "instruction", 7);
    arch_rejects(a, "r[lock] r0 x", "unknown annotation 'lock': LISA tests "
                 "run under the Linux-kernel model, whose bell declares "
                 "once, acquire, release, noreturn and the fences mb, rmb, "
                 "wmb, barrier, rcu-lock, rcu-unlock, sync-rcu, "
                 "before-atomic, after-atomic, after-spinlock, "
                 "after-unlock-lock", 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_opcode_round_trips),
        cmocka_unit_test(other_spellings_normalise),
        cmocka_unit_test(operands),
        cmocka_unit_test(registers),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
