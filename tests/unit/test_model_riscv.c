/* test_model_riscv.c — the RISC-V semantics on hand-worked one-thread
 * tests: AMO widths (.w results sign-extended, .w operands cut to 32
 * bits, unsigned max/min), lr/sc success and failure, x0, load and store
 * widths, the 32-bit W operations, shifts and compares, jal/jalr, and the
 * refusals. Each expected state is worked out in the comments. Places
 * that hold more than an int declare int64_t (herd7's default type is
 * int, and a place shows values as its type does). */
#include "model_run.h"

static void one_state(const char *text, const char *want)
{
    outcome o;
    model_text(text, "riscv.cat", &o);
    const char *const states[] = {want};
    assert_states(&o, states, 1);
}

/* x = 0x7fffffff + 1 as a word is 0x80000000, sign-extended; rd gets the
 * old word. amomaxu.w: y = -1 is 0xffffffff, the largest word, so it
 * stays. amomax.w: max(-5, 3) = 3. amoadd.w takes the low word of rs2
 * (0x1_00000001 -> 1): w = 1 + 1. amominu.d on -1 (all ones) and 3
 * gives 3. amoswap.d writes the whole doubleword. */
static void amo_widths(void **state)
{
    (void)state;
    one_state(
        "RISCV amo\n"
        "{ x=2147483647; y=-1; z=-5; w=1; int64_t v=-1; int64_t u=0;\n"
        "0:x5=1; 0:x6=x; 0:x7=y; 0:x8=z; 0:x9=3; 0:x12=w; 0:x17=v;\n"
        "0:x18=u; int64_t 0:x20=4294967297; }\n"
        " P0                      ;\n"
        " amoadd.w x10,x5,(x6)    ;\n"
        " amomaxu.w x11,x9,(x7)   ;\n"
        " amomax.w x13,x9,(x8)    ;\n"
        " amoadd.w x14,x20,(x12)  ;\n"
        " amominu.d x15,x9,(x17)  ;\n"
        " amoswap.d x16,x20,(x18) ;\n"
        "locations [x; y; z; w; v; u;]\n"
        "exists (0:x10=2147483647 /\\ 0:x11=-1 /\\ 0:x13=-5 /\\ 0:x14=1 /\\ "
        "0:x15=-1 /\\ 0:x16=0)\n",
        "0:x10=2147483647; 0:x11=-1; 0:x13=-5; 0:x14=1; 0:x15=-1; 0:x16=0; "
        /* herd7 7.58 takes z's -5 as its bits, 0xfffffffb, which are
           more than 3 (the ISA compares -5 with 3) */
        "[u]=4294967297; [v]=3; [w]=2; [x]=-2147483648; [y]=-1; [z]=-5;");
}

/* amomin.w, amoxor.w, amoand.w, amoor.w on words; amominu.w compares
 * unsigned: min(0xfffffffe, 7) = 7. */
static void amo_operations(void **state)
{
    (void)state;
    one_state(
        "RISCV amo2\n"
        "{ a=5; b=12; c=12; d=12; e=-2;\n"
        "0:x5=-3; 0:x6=10; 0:x7=7; 0:x10=a; 0:x11=b; 0:x12=c; 0:x13=d;\n"
        "0:x14=e; }\n"
        " P0                     ;\n"
        " amomin.w x20,x5,(x10)  ;\n"
        " amoxor.w x21,x6,(x11)  ;\n"
        " amoand.w x22,x6,(x12)  ;\n"
        " amoor.w x23,x6,(x13)   ;\n"
        " amominu.w x24,x7,(x14) ;\n"
        "locations [a; b; c; d; e;]\n"
        "exists (0:x20=5 /\\ 0:x24=-2)\n",
        "0:x20=5; 0:x24=-2; [a]=-3; [b]=6; [c]=8; [d]=14; [e]=7;");
}

/* One lr/sc pair: the sc fails (x9 = 1, x unchanged) or succeeds (x9 =
 * 0, x = 1); two executions. */
static void sc_success_and_failure(void **state)
{
    (void)state;
    outcome o;
    model_text("RISCV sc\n"
               "{ 0:x5=1; 0:x6=x; }\n"
               " P0               ;\n"
               " lr.w x7,0(x6)    ;\n"
               " sc.w x9,x5,0(x6) ;\n"
               "exists (0:x9=0 /\\ x=1)\n",
               "riscv.cat", &o);
    static const char *const want[] = {"0:x9=0; [x]=1;", "0:x9=1; [x]=0;"};
    assert_states(&o, want, 2);
    assert_int_equal(o.pos, 1);
    assert_int_equal(o.neg, 1);
}

/* An sc to another address than the reservation's fails, as in herd7
 * 7.58 (herd7 7.58 gives this one state); the reservation then ends, so
 * the sc.d after it, to the reserved x, fails too. */
static void sc_without_reservation_fails(void **state)
{
    (void)state;
    outcome o;
    model_text("RISCV sc2\n"
               "{ 0:x5=1; 0:x6=x; 0:x8=y; }\n"
               " P0                 ;\n"
               " lr.w x7,0(x6)      ;\n"
               " sc.w x9,x5,0(x8)   ;\n"
               " sc.d x10,x5,0(x6)  ;\n"
               "exists (0:x9=0 /\\ 0:x10=1 /\\ x=0 /\\ y=1)\n",
               "riscv.cat", &o);
    const char *const states[] = {"0:x9=1; 0:x10=1; [x]=0; [y]=0;"};
    assert_states(&o, states, 1);
    assert_int_equal(o.pos, 0);
    assert_int_equal(o.neg, 1);
}

/* x0 reads as zero whatever the init says, and writes to it vanish. */
static void x0_is_zero(void **state)
{
    (void)state;
    one_state("RISCV x0\n"
              "{ 0:x0=5; 0:x6=x; }\n"
              " P0           ;\n"
              " ori x0,x0,9  ;\n"
              " addi x5,x0,7 ;\n"
              " sw x0,0(x6)  ;\n"
              " lw x0,0(x6)  ;\n"
              "exists (0:x0=0 /\\ 0:x5=7 /\\ x=0)\n",
              "0:x0=0; 0:x5=7; [x]=0;");
}

/* x = -3675 is 0x...fffff1a5: bytes a5 f1 ff ff ...; herd7 7.58 (no
 * -variant mixed) reads the value whole at every width (the ISA's lb
 * reads -91, lbu 165, lh -3675, lhu 61861, lwu 4294963621). */
static void load_widths(void **state)
{
    (void)state;
    one_state("RISCV loads\n"
              "{ int64_t x=-3675; 0:x6=x; int64_t 0:x15; }\n"
              " P0            ;\n"
              " lb x10,0(x6)  ;\n"
              " lbu x11,0(x6) ;\n"
              " lh x12,0(x6)  ;\n"
              " lhu x13,0(x6) ;\n"
              " lw x14,0(x6)  ;\n"
              " lwu x15,0(x6) ;\n"
              " ld x16,0(x6)  ;\n"
              "exists (0:x10=-3675 /\\ 0:x11=-3675 /\\ 0:x12=-3675 /\\ "
              "0:x13=-3675 /\\ 0:x14=-3675 /\\ 0:x15=-3675 /\\ "
              "0:x16=-3675)\n",
              "0:x10=-3675; 0:x11=-3675; 0:x12=-3675; 0:x13=-3675; "
              "0:x14=-3675; 0:x15=-3675; 0:x16=-3675;");
}

/* herd7 7.58 (no -variant mixed) writes a register whole at every
 * width: sb of 0x1ff is 511, sh and sw of -1 are -1, in a uint64_t too
 * (18446744073709551615), and lb reads the 511 back; the ISA's stores
 * keep their low bytes (255, 65535, 4294967295) and lb reads -1. */
static void store_widths(void **state)
{
    (void)state;
    one_state("RISCV stores\n"
              "{ 0:x5=511; 0:x6=-1; int64_t 0:x7=4294967297; int64_t d;\n"
              "uint64_t e; 0:x10=a; 0:x11=b; 0:x12=c; 0:x13=d; 0:x15=e; }\n"
              " P0            ;\n"
              " sb x5,0(x10)  ;\n"
              " sh x6,0(x11)  ;\n"
              " sw x6,0(x12)  ;\n"
              " sd x7,0(x13)  ;\n"
              " lb x14,0(x10) ;\n"
              " sw x6,0(x15)  ;\n"
              "exists (a=511 /\\ b=-1 /\\ c=-1 /\\ d=4294967297 /\\ "
              "e=-1 /\\ 0:x14=511)\n",
              "0:x14=511; [a]=511; [b]=-1; [c]=-1; [d]=4294967297; "
              "[e]=18446744073709551615;");
}

/* The W forms herd7 7.58 refuses (srlw, sraw, srliw, sraiw) work on the
 * low word and sign-extend the result; those it reads are its 64-bit
 * operations, as herd7 computes them: 0x7fffffff + 1 is 2^31 (int64_t
 * shows it), 1 << 31 too. */
static void word_operations(void **state)
{
    (void)state;
    one_state("RISCV words\n"
              "{ 0:x5=2147483647; 0:x6=1; 0:x7=-1; 0:x8=-16; 0:x9=4;\n"
              "int64_t 0:x10; int64_t 0:x15; int64_t 0:x16; }\n"
              " P0                 ;\n"
              " addw x10,x5,x6     ;\n"
              " subw x11,x0,x6     ;\n"
              " sllw x12,x6,x9     ;\n"
              " srlw x13,x7,x9     ;\n"
              " sraw x14,x8,x9     ;\n"
              " addiw x15,x5,1     ;\n"
              " slliw x16,x6,31    ;\n"
              " srliw x17,x7,28    ;\n"
              " sraiw x18,x8,2     ;\n"
              "locations [0:x11; 0:x12; 0:x13; 0:x14; 0:x15; 0:x16; 0:x17;"
              " 0:x18;]\n"
              "exists (0:x10=2147483648)\n",
              "0:x10=2147483648; 0:x11=-1; 0:x12=16; 0:x13=268435455; "
              "0:x14=-1; 0:x15=2147483648; 0:x16=2147483648; 0:x17=15; "
              "0:x18=-4;");
}

/* 64-bit shifts and compares. */
static void doubleword_operations(void **state)
{
    (void)state;
    one_state("RISCV dwords\n"
              "{ 0:x5=1; 0:x6=-1; 0:x7=-16; 0:x8=63; int64_t 0:x10; }\n"
              " P0                ;\n"
              " sll x10,x5,x8     ;\n"
              " srli x11,x6,60    ;\n"
              " srai x12,x7,2     ;\n"
              " slt x13,x6,x5     ;\n"
              " sltu x14,x6,x5    ;\n"
              " sltiu x15,x5,-1   ;\n"
              " sra x16,x7,x8     ;\n"
              "locations [0:x11; 0:x12; 0:x13; 0:x14; 0:x15; 0:x16;]\n"
              "exists (0:x10=-9223372036854775808)\n",
              "0:x10=-9223372036854775808; 0:x11=15; 0:x12=-4; 0:x13=1; "
              "0:x14=0; 0:x15=1; 0:x16=-1;");
}

/* lui does not sign-extend, as in herd7 7.58 (2^31; the CPU -2^31);
 * the extensions of herd7. */
static void upper_and_extensions(void **state)
{
    (void)state;
    one_state("RISCV ext\n"
              "{ 0:x6=-1; 0:x8=383; int64_t 0:x9=6442450944;\n"
              "int64_t 0:x16; int64_t 0:x18; }\n"
              " P0                ;\n"
              " lui x16,524288    ;\n"
              " sext.w x17,x9     ;\n"
              " zext.w x18,x6     ;\n"
              " sext.b x19,x8     ;\n"
              " zext.h x20,x6     ;\n"
              "locations [0:x17; 0:x18; 0:x19; 0:x20;]\n"
              "exists (0:x16=2147483648)\n",
              "0:x16=2147483648; 0:x17=-2147483648; 0:x18=4294967295; "
              "0:x19=127; 0:x20=65535;");
}

/* bltu sees -1 as the largest value; blt as negative. */
static void unsigned_branches(void **state)
{
    (void)state;
    one_state("RISCV branches\n"
              "{ 0:x5=-1; 0:x6=1; }\n"
              " P0               ;\n"
              " bltu x5,x6,L0    ;\n"
              " ori x10,x0,1     ;\n"
              " L0:              ;\n"
              " blt x5,x6,L1     ;\n"
              " ori x11,x0,1     ;\n"
              " L1:              ;\n"
              " bgeu x5,x6,L2    ;\n"
              " ori x12,x0,1     ;\n"
              " L2:              ;\n"
              "exists (0:x10=1 /\\ 0:x11=0 /\\ 0:x12=0)\n",
              "0:x10=1; 0:x11=0; 0:x12=0;");
}

/* jal links and jumps, jalr and ret come back after it; jalr with an
 * offset skips an instruction of the return path. */
static void calls_and_returns(void **state)
{
    (void)state;
    one_state("RISCV calls\n"
              "{ }\n"
              " P0              ;\n"
              " jal ra,F        ;\n"
              " ori x5,x0,1     ;\n"
              " jal x7,G        ;\n"
              " ori x6,x0,1     ;\n"
              " ori x8,x0,1     ;\n"
              " j END           ;\n"
              " F:              ;\n"
              " ret             ;\n"
              " G:              ;\n"
              " jalr x0,4(x7)   ;\n"
              " END:            ;\n"
              "exists (0:x5=1 /\\ 0:x6=0 /\\ 0:x8=1)\n",
              "0:x5=1; 0:x6=0; 0:x8=1;");
}

/* la and mv carry addresses; a store through them reaches the location. */
static void addresses(void **state)
{
    (void)state;
    one_state("RISCV la\n"
              "{ 0:x5=2; }\n"
              " P0           ;\n"
              " la x6,y      ;\n"
              " mv x7,x6     ;\n"
              " sw x5,0(x7)  ;\n"
              "exists (0:x7=y /\\ y=2)\n",
              "0:x7=y; [y]=2;");
}

/* herd7 refuses auipc; a jump to something no instruction is at is bad
 * input. */
static void refusals(void **state)
{
    (void)state;
    model_refuses("RISCV auipc\n"
                  "{ }\n"
                  " P0            ;\n"
                  " auipc x5,2    ;\n"
                  "exists (0:x5=0)\n",
                  "instruction not supported by the model");
    model_refuses("RISCV jalr\n"
                  "{ 0:x5=3; }\n"
                  " P0              ;\n"
                  " jalr x0,0(x5)   ;\n"
                  "exists (0:x5=0)\n",
                  "jump to a value that is no instruction's address");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(amo_widths),
        cmocka_unit_test(amo_operations),
        cmocka_unit_test(sc_success_and_failure),
        cmocka_unit_test(sc_without_reservation_fails),
        cmocka_unit_test(x0_is_zero),
        cmocka_unit_test(load_widths),
        cmocka_unit_test(store_widths),
        cmocka_unit_test(word_operations),
        cmocka_unit_test(doubleword_operations),
        cmocka_unit_test(upper_and_extensions),
        cmocka_unit_test(unsigned_branches),
        cmocka_unit_test(calls_and_returns),
        cmocka_unit_test(addresses),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
