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
        {"RISCV", LL_ARCH_RISCV}, {"LISA", LL_ARCH_LISA},
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

/* A deterministic pseudo-random sequence (no dependence on libc rand). */
static unsigned next_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 16;
}

/* Random edits of valid instructions: each either parses and round-trips
 * through print, or is rejected with a message whose column lies within
 * the text. Never a crash (the suite also runs under ASan/UBSan). */
static void mutated_instructions(void **state)
{
    (void)state;
    static const struct {
        const char *arch;
        const char *seed[4];
    } seeds[] = {
        {"PPC", {"stw r1,0(%x0)", "lwzx r1,r2,r3", "stwcx. r1,r0,r2",
                 "lwz r2,0,r5"}},
        {"X86", {"MOV [x],$1", "LOCK XCHG [x],EAX", "movl (y),%eax",
                 "lock cmpxchgq (x),%rcx"}},
        {"X86_64", {"movq $1,(x)", "lock xaddq %rax,(x)",
                    "movq -8(%rbp,%rsi,4),%r9", "jne L0"}},
        {"AArch64", {"LDR W0,[X1,W2,SXTW]", "STXR W3,W0,[X1]", "B.NE L0",
                     "DMB ISHLD"}},
        {"ARM", {"LDR R0,[R1,R2]", "STREX R2,R0,[R1]", "MOVEQ R0,#1",
                 "DMB"}},
        {"RISCV", {"amoswap.w.aqrl x7,x5,(x6)", "lr.w.aq x5,0(x6)",
                   "fence r,rw", "bne x5,x0,L0"}},
        {"LISA", {"rmw[acquire] r1 (add r1 1) x+r2", "w[release] y r0",
                  "f[rcu-lock]", "b[] r0 L0"}},
    };
    static const char alphabet[] =
        "abwxzAEXRW019%$#()[],.:- \t\xff";
    unsigned seed = 12345;
    int accepted = 0, rejected = 0;
    for (int it = 0; it < 30000; it++) {
        int a = it % (int)(sizeof seeds / sizeof *seeds);
        char text[96];
        snprintf(text, sizeof text, "%s",
                 seeds[a].seed[next_random(&seed) % 4]);
        for (int e = 1 + (int)(next_random(&seed) % 3); e > 0; e--) {
            size_t len = strlen(text);
            size_t at = len ? next_random(&seed) % len : 0;
            char c = alphabet[next_random(&seed) % (sizeof alphabet - 1)];
            unsigned kind = next_random(&seed) % 3;
            if (kind == 0 && len > 0)
                memmove(text + at, text + at + 1, len - at);
            else if (kind == 1 && len + 2 < sizeof text) {
                memmove(text + at + 1, text + at, len - at + 1);
                text[at] = c;
            } else if (len > 0)
                text[at] = c;
        }
        const ll_arch_ops *arch = ll_arch_find(seeds[a].arch);
        ll_instr in;
        ll_diag d = {0};
        if (arch->parse_instr(text, &in, &d)) {
            ll_instr_clear(&in);
            ll_buf b = {0};
            arch_reprint(arch, text, &b);
            ll_buf_free(&b);
            accepted++;
        } else {
            ll_instr_clear(&in);
            if (!d.msg[0] || d.col < 1 || d.col > (int)strlen(text) + 1)
                fail_msg("%s: '%s' rejected with col %d: '%s'", arch->name,
                         text, d.col, d.msg);
            rejected++;
        }
    }
    assert_true(accepted > 500);
    assert_true(rejected > 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(header_names),
        cmocka_unit_test(whole_registers),
        cmocka_unit_test(equality_and_clearing),
        cmocka_unit_test(mutated_instructions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
