/* test_arch_ppc.c — the Power plug-in: every opcode round-trips through
 * print and parse, operands land where include/litmuslab/arch/ppc.h says,
 * bad input gets its message and column, and every distinct instruction of
 * the corpus' Power tests parses. */
#include "arch_check.h"
#include "litmuslab/arch/ppc.h"

static const ll_arch_ops *ppc(void)
{
    return ll_arch_find("PPC");
}

static void every_opcode_round_trips(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "addi r1,r1,1", "subi r1,r2,-3", "ori r3,r4,255", "xori r3,r4,1",
        "andi. r12,r12,0", "mulli r1,r2,3", "add r1,r2,r3", "add. r1,r2,r3",
        "sub r1,r2,r3", "subf r1,r2,r3", "subf. r1,r2,r3", "xor r3,r1,r1",
        "xor. r3,r1,r1", "or r1,r2,r3", "and r1,r2,r3", "mullw r8,r8,r9",
        "divw r8,r8,r9", "divw. r8,r8,r9", "li r1,2", "li r31,-7",
        "mr r2,r1", "cmpw r1,r1", "cmpwi r12,0", "b L0", "beq LC00",
        "bne L1", "blt L2", "bge L2", "bgt L2", "ble L2", "lbz r1,0(r2)",
        "lhz r1,2(r2)", "lwz r1,0(r2)", "ld r1,8(r4)", "lbzx r1,r2,r3",
        "lhzx r1,r2,r3", "lwzx r1,r2,r3", "ldx r1,r2,r3", "stb r1,0(r2)",
        "sth r1,0(r2)", "stw r1,0(r2)", "std r1,0(r2)", "stbx r1,r2,r3",
        "sthx r1,r2,r3", "stwx r1,r2,r3", "stdx r7,r1,r5", "lwarx r1,r0,r2",
        "stwcx. r1,r0,r2", "ldarx r1,r0,r2", "stdcx. r1,r0,r2", "sync",
        "lwsync", "eieio", "isync", "stw r1,0(%x0)", "ld r1,0(%x1)",
        "std %t0,0(%x0)", "lwzx r1,%x1,%y1",
    };
    arch_round_trip_all(ppc(), texts, sizeof texts / sizeof *texts,
                        LL_PPC_NOPS);
}

static void herd_spellings_normalise(void **state)
{
    (void)state;
    arch_round_trip(ppc(), "lwz r2,0,r5", "lwz r2,0(r5)");
    arch_round_trip(ppc(), "stw r9, 0(r5)", "stw r9,0(r5)");
    arch_round_trip(ppc(), "lwz r12,0, r2", "lwz r12,0(r2)");
    arch_round_trip(ppc(), "addi r3, r3, 1", "addi r3,r3,1");
    arch_round_trip(ppc(), "mr  r2, r1", "mr r2,r1");
    arch_round_trip(ppc(), "li r1,0x10", "li r1,16");
}

static void operands_follow_the_header(void **state)
{
    (void)state;
    ll_instr in = arch_parse(ppc(), "stw r1,8(r2)");
    assert_int_equal(in.op, LL_PPC_STW);
    assert_int_equal(in.n_ops, 2);
    assert_int_equal(in.ops[0].kind, LL_OPND_REG);
    assert_int_equal(in.ops[0].reg, 1);
    assert_int_equal(in.ops[1].kind, LL_OPND_MEM);
    assert_int_equal(in.ops[1].reg, 2);
    assert_int_equal(in.ops[1].index, -1);
    assert_int_equal(in.ops[1].imm, 8);
    ll_instr_clear(&in);

    in = arch_parse(ppc(), "lwzx r5,r3,%y0");
    assert_int_equal(in.op, LL_PPC_LWZX);
    assert_int_equal(in.n_ops, 3);
    assert_int_equal(in.ops[1].kind, LL_OPND_REG);
    assert_int_equal(in.ops[1].reg, 3);
    assert_int_equal(in.ops[2].kind, LL_OPND_REG);
    assert_int_equal(in.ops[2].reg, LL_PPC_SYMREG);
    assert_string_equal(in.ops[2].sym, "y0");
    ll_instr_clear(&in);

    in = arch_parse(ppc(), "stwcx. r1,r0,r2");
    assert_int_equal(in.op, LL_PPC_STWCX);
    assert_int_equal(in.flags, 0);
    assert_int_equal(in.ops[1].reg, 0);
    assert_int_equal(in.ops[2].reg, 2);
    ll_instr_clear(&in);

    in = arch_parse(ppc(), "xor. r3,r1,r2");
    assert_int_equal(in.op, LL_PPC_XOR);
    assert_int_equal(in.flags, LL_PPC_F_DOT);
    assert_int_equal(in.n_ops, 3);
    ll_instr_clear(&in);

    in = arch_parse(ppc(), "beq LC00");
    assert_int_equal(in.ops[0].kind, LL_OPND_LABEL);
    assert_string_equal(in.ops[0].sym, "LC00");
    ll_instr_clear(&in);

    in = arch_parse(ppc(), "ld r1,0(%x1)");
    assert_int_equal(in.ops[1].reg, LL_PPC_SYMREG);
    assert_string_equal(in.ops[1].sym, "x1");
    ll_instr_clear(&in);

    in = arch_parse(ppc(), "cmpwi r3,-1");
    assert_int_equal(in.ops[1].kind, LL_OPND_IMM);
    assert_int_equal(in.ops[1].imm, -1);
    ll_instr_clear(&in);

    assert_int_equal(ll_ppc_access_size(LL_PPC_LWZ), 4);
    assert_int_equal(ll_ppc_access_size(LL_PPC_STDX), 8);
    assert_int_equal(ll_ppc_access_size(LL_PPC_LBZ), 1);
    assert_int_equal(ll_ppc_access_size(LL_PPC_SYNC), 0);
}

static void registers(void **state)
{
    (void)state;
    assert_int_equal(ppc()->reg_lookup("r0"), 0);
    assert_int_equal(ppc()->reg_lookup("r31"), 31);
    assert_int_equal(ppc()->reg_lookup("r32"), -1);
    assert_int_equal(ppc()->reg_lookup("r01"), -1);
    assert_int_equal(ppc()->reg_lookup("x"), -1);
    assert_int_equal(ppc()->reg_lookup("R3"), -1);
    assert_int_equal(ppc()->reg_lookup("%x0"), LL_PPC_SYMREG);
    assert_string_equal(ppc()->reg_name(12), "r12");
    assert_string_equal(ppc()->reg_name(LL_PPC_CR0), "cr0");
}

static void bad_input(void **state)
{
    (void)state;
    arch_rejects(ppc(), "frob r1,r2", "unknown instruction 'frob'", 1);
    arch_rejects(ppc(), "LI r1,1", "unknown instruction 'LI'", 1);
    arch_rejects(ppc(), "li r99,1", "unknown register 'r99'", 4);
    arch_rejects(ppc(), "stw r1,0(r40)", "unknown register 'r40'", 10);
    arch_rejects(ppc(), "li r1,x", "bad operand 'x', expected an integer", 7);
    arch_rejects(ppc(), "li 3,1", "bad operand '3', expected a register", 4);
    arch_rejects(ppc(), "stw r1,r2",
                 "bad operand 'r2', expected D(rA)", 8);
    arch_rejects(ppc(), "stw r1,0(r2", "unbalanced brackets in 'r1,0(r2'",
                 5);
    arch_rejects(ppc(), "li r1", "'li' takes 2 operands, found 1", 1);
    arch_rejects(ppc(), "sync r1", "'sync' takes 0 operands, found 1", 1);
    arch_rejects(ppc(), "lwzx r1,r2", "'lwzx' takes 3 operands, found 2", 1);
    arch_rejects(ppc(), "add r1,,r2", "missing operand", 8);
    arch_rejects(ppc(), "beq 12", "bad operand '12', expected a label", 5);
    arch_rejects(ppc(), "stwcx r1,r2,r3", "unknown instruction 'stwcx'", 1);
    arch_rejects(ppc(), "li. r1,1", "unknown instruction 'li.'", 1);
    arch_rejects(ppc(), "li r1,99999999999999999999",
                 "bad operand '99999999999999999999', expected an integer",
                 7);
    arch_rejects(ppc(), "lwzx r1,r2,%", "bad operand '%', expected a register",
                 12);
    arch_rejects(ppc(), "li r1,2 junk",
                 "bad operand '2 junk', expected an integer", 7);
    arch_rejects(ppc(), "$$", "expected an instruction, found '$$'", 1);
}

static void corpus_instructions_parse(void **state)
{
    (void)state;
    int n = arch_check_corpus(ppc(), "power/tests.tgz");
    if (n == 0) {
        skip();
        return;
    }
    /* the corpus README lists ~20 mnemonics in some 500 spellings */
    assert_true(n > 400);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_opcode_round_trips),
        cmocka_unit_test(herd_spellings_normalise),
        cmocka_unit_test(operands_follow_the_header),
        cmocka_unit_test(registers),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(corpus_instructions_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
