/* test_arch_x86.c — the x86 plug-in under both headers: AT&T and Intel
 * spellings, every opcode round-trips through print and parse, operands in
 * AT&T order as include/litmuslab/arch/x86.h says, register ids and
 * widths, messages, and every distinct instruction of the corpus' x86
 * tests. */
#include "arch_check.h"
#include "litmuslab/arch/x86.h"

static const ll_arch_ops *x64(void)
{
    return ll_arch_find("X86_64");
}

static const ll_arch_ops *x32(void)
{
    return ll_arch_find("X86");
}

static void every_opcode_round_trips(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "movq $1,(x)", "movq (y),%rax", "movl $-2,(x)", "movb %al,(x)",
        "movw $3,(x)", "mov %rax,%rbx", "addq $1,(x)", "lock addq $1,(x)",
        "subl %eax,(x)", "andq $1,%rax", "orq $1,%rax", "xorl %eax,%eax",
        "cmpq $0,%rax", "incq (x)", "lock incl (x)", "decq %rcx",
        "negq %rdx", "xchgq %rax,(x)", "xchg %eax,(y)", "lock xaddq %rax,(x)",
        "lock cmpxchgq %rcx,(x)", "lock cmpxchgl %ecx,(x)", "mfence",
        "lfence", "sfence", "jmp L0", "je L1", "jne L2", "jl L2", "jle L2",
        "jg L2", "jge L2", "js L2", "jns L2", "movq 8(%rax),%rbx",
        "movq (%rax,%rbx,8),%rcx", "movq 16(%rax,%rbx,1),%rcx",
        "movq x(%rax),%rbx",
    };
    arch_round_trip_all(x64(), texts, sizeof texts / sizeof *texts,
                        LL_X86_NOPS);
    arch_round_trip_all(x32(), texts, sizeof texts / sizeof *texts,
                        LL_X86_NOPS);
}

static void intel_spelling_under_x86(void **state)
{
    (void)state;
    arch_round_trip(x32(), "MOV [x],$1", NULL);
    arch_round_trip(x32(), "MOV EAX,[y]", NULL);
    arch_round_trip(x32(), "mov eax,[y]", "MOV EAX,[y]");
    arch_round_trip(x32(), "MFENCE", NULL);
    arch_round_trip(x32(), "XCHG [x],EAX", NULL);
    arch_round_trip(x32(), "LOCK XCHG [x],EAX", NULL);
    arch_round_trip(x32(), "LOCK ADD [x],$2", NULL);
    arch_round_trip(x32(), "LOCK CMPXCHG [x],EBX", NULL);
    arch_round_trip(x32(), "MOV EAX,$1", NULL);
    arch_round_trip(x32(), "MOV EAX,1", "MOV EAX,$1");
    arch_round_trip(x32(), "movq $0x10,(x)", "movq $16,(x)");
    arch_round_trip(x32(), "INC [x]", NULL);
    arch_round_trip(x32(), "CMP EAX,$0", NULL);
    arch_round_trip(x32(), "JNE L0", NULL);
    arch_round_trip(x32(), "MOV [EBX],EAX", NULL);

    /* same instruction as AT&T, apart from the spelling flag */
    ll_instr intel = arch_parse(x32(), "MOV EAX,[y]");
    ll_instr att = arch_parse(x32(), "movl (y),%eax");
    assert_int_equal(intel.flags, LL_X86_F_INTEL);
    assert_int_equal(att.flags, LL_X86_SZ_L);
    att.flags = LL_X86_F_INTEL;
    assert_int_equal(intel.ops[0].kind, LL_OPND_MEM);
    assert_string_equal(intel.ops[0].sym, "y");
    assert_int_equal(intel.ops[1].reg, LL_X86_REG(LL_X86_RAX, LL_X86_P32));
    assert_int_equal(ll_x86_width(&intel, 4), 4);
    assert_true(ll_instr_equal(&intel, &att));
    ll_instr_clear(&intel);
    ll_instr_clear(&att);

    /* X86_64 has no Intel spelling: a bare register is still read, in
     * AT&T order */
    ll_instr in = arch_parse(x64(), "MOV EAX,[y]");
    assert_int_equal(in.flags, 0);
    assert_int_equal(in.ops[0].kind, LL_OPND_REG);
    ll_instr_clear(&in);
}

static void operands_in_att_order(void **state)
{
    (void)state;
    ll_instr in = arch_parse(x64(), "movq $1,(x)");
    assert_int_equal(in.op, LL_X86_MOV);
    assert_int_equal(in.flags, LL_X86_SZ_Q);
    assert_int_equal(in.n_ops, 2);
    assert_int_equal(in.ops[0].kind, LL_OPND_IMM);
    assert_int_equal(in.ops[0].imm, 1);
    assert_int_equal(in.ops[1].kind, LL_OPND_MEM);
    assert_int_equal(in.ops[1].reg, -1);
    assert_int_equal(in.ops[1].index, -1);
    assert_string_equal(in.ops[1].sym, "x");
    assert_int_equal(ll_x86_width(&in, 4), 8);
    ll_instr_clear(&in);

    in = arch_parse(x64(), "lock xaddl %eax,(x)");
    assert_int_equal(in.op, LL_X86_XADD);
    assert_int_equal(in.flags, LL_X86_F_LOCK | LL_X86_SZ_L);
    assert_int_equal(in.ops[0].reg, LL_X86_REG(LL_X86_RAX, LL_X86_P32));
    ll_instr_clear(&in);

    /* herd's operand order for cmpxchg is read into the real one */
    in = arch_parse(x64(), "lock cmpxchgq (x),%rcx");
    assert_int_equal(in.ops[0].kind, LL_OPND_REG);
    assert_int_equal(in.ops[0].reg, LL_X86_RCX);
    assert_int_equal(in.ops[1].kind, LL_OPND_MEM);
    ll_instr_clear(&in);

    in = arch_parse(x64(), "movq -8(%rbp,%rsi,4),%r9");
    assert_int_equal(in.ops[0].reg, LL_X86_RBP);
    assert_int_equal(in.ops[0].index, LL_X86_RSI);
    assert_int_equal(in.ops[0].shift, 4);
    assert_int_equal(in.ops[0].imm, -8);
    assert_int_equal(in.ops[1].reg, 9);
    ll_instr_clear(&in);

    in = arch_parse(x64(), "mov $1,(x)");
    assert_int_equal(in.flags, LL_X86_SZ_NONE);
    assert_int_equal(ll_x86_width(&in, 8), 8);
    ll_instr_clear(&in);

    in = arch_parse(x64(), "jne L0");
    assert_int_equal(in.ops[0].kind, LL_OPND_LABEL);
    assert_string_equal(in.ops[0].sym, "L0");
    ll_instr_clear(&in);
}

static void registers(void **state)
{
    (void)state;
    assert_int_equal(x64()->reg_lookup("rax"), 0);
    assert_int_equal(x64()->reg_lookup("%rbx"), 3);
    assert_int_equal(x64()->reg_lookup("RAX"), 0);
    assert_int_equal(x64()->reg_lookup("r15"), 15);
    assert_int_equal(x64()->reg_lookup("eax"), 16);
    assert_int_equal(x64()->reg_lookup("r8d"), 24);
    assert_int_equal(x64()->reg_lookup("ax"), 32);
    assert_int_equal(x64()->reg_lookup("al"), 48);
    assert_int_equal(x64()->reg_lookup("sil"), 54);
    assert_int_equal(x64()->reg_lookup("ah"), 64);
    assert_int_equal(x64()->reg_lookup("bh"), 67);
    assert_int_equal(x64()->reg_lookup("x"), -1);
    assert_int_equal(x64()->reg_lookup("r16"), -1);
    assert_int_equal(LL_X86_REG_BASE(x64()->reg_lookup("edx")), LL_X86_RDX);
    assert_string_equal(x64()->reg_name(16), "eax");
    assert_string_equal(x32()->reg_name(16), "EAX");
    assert_string_equal(x64()->reg_name(13), "r13");
    assert_string_equal(x64()->reg_name(99), "?");
    assert_int_equal(ll_x86_reg_width(0), 8);
    assert_int_equal(ll_x86_reg_width(16), 4);
    assert_int_equal(ll_x86_reg_width(32), 2);
    assert_int_equal(ll_x86_reg_width(48), 1);
    assert_int_equal(ll_x86_reg_width(64), 1);
    assert_string_equal(x64()->name, "X86_64");
    assert_string_equal(x32()->name, "X86");
    assert_int_equal(x32()->id, LL_ARCH_X86);
}

static void bad_input(void **state)
{
    (void)state;
    arch_rejects(x64(), "frob %rax", "unknown instruction 'frob'", 1);
    arch_rejects(x64(), "movz $1,(x)", "unknown instruction 'movz'", 1);
    arch_rejects(x64(), "movq $1,%rzz", "unknown register '%rzz'", 9);
    arch_rejects(x64(), "movq $x,(x)",
                 "bad operand '$x', expected an immediate $N", 6);
    arch_rejects(x64(), "movq (x),$1",
                 "bad operand '$1', expected a register or memory "
                 "destination", 10);
    arch_rejects(x32(), "MOV $1,[x]",
                 "bad operand '$1', expected a register or memory "
                 "destination", 5);
    arch_rejects(x64(), "movq $1", "'movq' takes 2 operands, found 1", 1);
    arch_rejects(x64(), "mfence %rax", "'mfence' takes 0 operands, found 1",
                 1);
    arch_rejects(x64(), "lock", "'lock' needs an instruction", 1);
    arch_rejects(x64(), "lock frob", "unknown instruction 'frob'", 6);
    arch_rejects(x64(), "movq (%rax,%rbx,3),%rcx",
                 "bad operand '3', expected a scale of 1, 2, 4 or 8", 17);
    arch_rejects(x64(), "movq (x,,%rax",
                 "unbalanced brackets in '(x,,%rax'", 6);
    arch_rejects(x64(), "jmp $1", "bad operand '$1', expected a label", 5);
    arch_rejects(x64(), "movq 1+2,%rax",
                 "bad operand '1+2', expected an operand", 6);
    arch_rejects(x32(), "MOV [x],[y]", "at most one memory operand", 5);
    arch_rejects(x64(), "movq (x),(y)", "at most one memory operand", 6);
    arch_rejects(x32(), "MOV EAX,EQX", "unknown register 'EQX'", 9);
    arch_rejects(x32(), "MOV EAX,[1+]",
                 "bad operand '[1+]', expected a memory operand", 9);
}

static void corpus_instructions_parse(void **state)
{
    (void)state;
    int n = arch_check_corpus(x64(), "x86/tests.tgz");
    if (n == 0) {
        skip();
        return;
    }
    assert_true(n >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_opcode_round_trips),
        cmocka_unit_test(intel_spelling_under_x86),
        cmocka_unit_test(operands_in_att_order),
        cmocka_unit_test(registers),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(corpus_instructions_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
