/* test_arch_registry.c — header names find their plug-ins, every plug-in
 * fills the whole table, and instruction equality/clearing behave. */
#include "arch_check.h"

static void header_names(void **state)
{
    (void)state;
    static const struct {
        const char *header;
        ll_arch_id id;
    } known[] = {
        {"PPC", LL_ARCH_PPC}, {"X86", LL_ARCH_X86}, {"X86_64", LL_ARCH_X86},
        {"AArch64", LL_ARCH_AARCH64}, {"ARM", LL_ARCH_ARM},
        {"RISCV", LL_ARCH_RISCV},
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        const ll_arch_ops *a = ll_arch_find(known[i].header);
        assert_non_null(a);
        assert_int_equal(a->id, known[i].id);
        assert_string_equal(a->name, known[i].header);
        assert_non_null(a->parse_instr);
        assert_non_null(a->print_instr);
        assert_non_null(a->reg_lookup);
        assert_non_null(a->reg_name);
        assert_non_null(a->op_name);
        assert_non_null(a->reg_canon);
        /* a register's name reads back as the same register */
        int r = a->reg_lookup(a->reg_name(1));
        assert_int_equal(r, 1);
        assert_int_equal(a->reg_canon(r), r);
    }
    assert_null(ll_arch_find("C"));
    assert_null(ll_arch_find("ppc"));
    assert_null(ll_arch_find("MIPS"));
    assert_null(ll_arch_find(""));
}

static void whole_registers(void **state)
{
    (void)state;
    const ll_arch_ops *a64 = ll_arch_find("AArch64");
    assert_int_equal(a64->reg_canon(a64->reg_lookup("W5")),
                     a64->reg_lookup("X5"));
    assert_int_equal(a64->reg_canon(a64->reg_lookup("WZR")),
                     a64->reg_lookup("XZR"));
    const ll_arch_ops *x86 = ll_arch_find("X86_64");
    assert_int_equal(x86->reg_canon(x86->reg_lookup("eax")),
                     x86->reg_lookup("rax"));
    assert_int_equal(x86->reg_canon(x86->reg_lookup("bh")),
                     x86->reg_lookup("rbx"));
    assert_int_equal(x86->reg_canon(x86->reg_lookup("r9w")),
                     x86->reg_lookup("r9"));
    const ll_arch_ops *ppc = ll_arch_find("PPC");
    assert_int_equal(ppc->reg_canon(7), 7);
}

static void equality_and_clearing(void **state)
{
    (void)state;
    const ll_arch_ops *ppc = ll_arch_find("PPC");
    ll_instr a = arch_parse(ppc, "beq L0");
    ll_instr b = arch_parse(ppc, "beq L0");
    ll_instr c = arch_parse(ppc, "beq L1");
    ll_instr e = arch_parse(ppc, "bne L0");
    assert_true(ll_instr_equal(&a, &b));
    assert_false(ll_instr_equal(&a, &c));
    assert_false(ll_instr_equal(&a, &e));
    ll_instr_clear(&a);
    assert_int_equal(a.n_ops, 0);
    ll_instr_clear(&a);   /* twice is harmless */
    ll_instr_clear(&b);
    ll_instr_clear(&c);
    ll_instr_clear(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(header_names),
        cmocka_unit_test(whole_registers),
        cmocka_unit_test(equality_and_clearing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
