/* test_model_riscv.c — the RISC-V semantics on hand-worked one-thread
 * tests: AMOs on values taken whole as herd7 7.58 takes them, lr/sc
 * success and failure, x0, load and store widths, the W operations,
 * shifts and compares, la, and the refusals (forms herd7 7.58 does not
 * read or run). Each expected state is worked out in the comments (and
 * is herd7's). Places that hold more than an int declare int64_t
 * (herd7's default type is int, and a place shows values as its type
 * does). */
#include "model_run.h"

static void one_state(const char *text, const char *want)
{
    outcome o;
    model_text(text, "riscv.cat", &o);
    const char *const states[] = {want};
    assert_states(&o, states, 1);
}

/* herd7 7.58 takes an AMO's values whole: x = 0x7fffffff + 1 is 2^31,
 * which an int x shows as -2147483648; rd gets the old value. amomax.w:
 * z's -5 is held as its bits, 0xfffffffb, more than 3, so it stays (the
 * ISA compares -5 with 3). amoadd.w of 0x1_00000001 to 1 gives 2 in an
 * int w. amoswap.d writes the whole doubleword. */
static void amo_widths(void **state)
{
    (void)state;
    one_state(
        "RISCV amo\n"
        "{ x=2147483647; z=-5; w=1; int64_t u=0;\n"
        "0:x5=1; 0:x6=x; 0:x8=z; 0:x9=3; 0:x12=w;\n"
        "0:x18=u; int64_t 0:x20=4294967297; }\n"
        " P0                      ;\n"
        " amoadd.w x10,x5,(x6)    ;\n"
        " amomax.w x13,x9,(x8)    ;\n"
        " amoadd.w x14,x20,(x12)  ;\n"
        " amoswap.d x16,x20,(x18) ;\n"
        "locations [x; z; w; u;]\n"
        "exists (0:x10=2147483647 /\\ 0:x13=-5 /\\ 0:x14=1 /\\ "
        "0:x16=0)\n",
        "0:x10=2147483647; 0:x13=-5; 0:x14=1; 0:x16=0; "
        "[u]=4294967297; [w]=2; [x]=-2147483648; [z]=-5;");
}

/* amomin.w, amoxor.w, amoand.w, amoor.w on words: min(5, -3) = -3,
 * 12 ^ 10 = 6, 12 & 10 = 8, 12 | 10 = 14. */
static void amo_operations(void **state)
{
    (void)state;
    one_state(
        "RISCV amo2\n"
        "{ a=5; b=12; c=12; d=12;\n"
        "0:x5=-3; 0:x6=10; 0:x10=a; 0:x11=b; 0:x12=c; 0:x13=d; }\n"
        " P0                     ;\n"
        " amomin.w x20,x5,(x10)  ;\n"
        " amoxor.w x21,x6,(x11)  ;\n"
        " amoand.w x22,x6,(x12)  ;\n"
        " amoor.w x23,x6,(x13)   ;\n"
        "locations [a; b; c; d;]\n"
        "exists (0:x20=5)\n",
        "0:x20=5; [a]=-3; [b]=6; [c]=8; [d]=14;");
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

/* The W forms herd7 7.58 runs are its 64-bit operations:
 * 0x7fffffff + 1 is 2^31 (int64_t shows it), 1 << 31 too, 0 - 1 is -1,
 * 1 << 4 16. */
static void word_operations(void **state)
{
    (void)state;
    one_state("RISCV words\n"
              "{ 0:x5=2147483647; 0:x6=1; 0:x9=4;\n"
              "int64_t 0:x10; int64_t 0:x15; int64_t 0:x16; }\n"
              " P0                 ;\n"
              " addw x10,x5,x6     ;\n"
              " subw x11,x0,x6     ;\n"
              " sllw x12,x6,x9     ;\n"
              " addiw x15,x5,1     ;\n"
              " slliw x16,x6,31    ;\n"
              "locations [0:x11; 0:x12; 0:x15; 0:x16;]\n"
              "exists (0:x10=2147483648)\n",
              "0:x10=2147483648; 0:x11=-1; 0:x12=16; 0:x15=2147483648; "
              "0:x16=2147483648;");
}

/* 64-bit shifts and compares: 1 << 63, -1 >> 60 logical is 15, -1 < 1,
 * not 1 < -1. */
static void doubleword_operations(void **state)
{
    (void)state;
    one_state("RISCV dwords\n"
              "{ 0:x5=1; 0:x6=-1; 0:x8=63; int64_t 0:x10; }\n"
              " P0                ;\n"
              " sll x10,x5,x8     ;\n"
              " srli x11,x6,60    ;\n"
              " slt x13,x6,x5     ;\n"
              " slti x14,x5,-1    ;\n"
              "locations [0:x11; 0:x13; 0:x14;]\n"
              "exists (0:x10=-9223372036854775808)\n",
              "0:x10=-9223372036854775808; 0:x11=15; 0:x13=1; 0:x14=0;");
}

/* lui does not sign-extend, as in herd7 7.58 (2^31; the CPU -2^31);
 * sext.w of 0x1_80000000 is -2^31. */
static void upper_and_extensions(void **state)
{
    (void)state;
    one_state("RISCV ext\n"
              "{ int64_t 0:x9=6442450944; int64_t 0:x16; }\n"
              " P0                ;\n"
              " lui x16,524288    ;\n"
              " sext.w x17,x9     ;\n"
              "locations [0:x17;]\n"
              "exists (0:x16=2147483648)\n",
              "0:x16=2147483648; 0:x17=-2147483648;");
}

/* la takes a code label of the thread, herd7's label:"P0:L0"; mv
 * carries an address, and a store through it reaches the location. */
static void addresses(void **state)
{
    (void)state;
    one_state("RISCV la\n"
              "{ 0:x5=2; 0:x6=y; }\n"
              " P0           ;\n"
              " la x8,L0     ;\n"
              " L0:          ;\n"
              " mv x7,x6     ;\n"
              " sw x5,0(x7)  ;\n"
              "exists (0:x7=y /\\ 0:x8=label:\"P0:L0\" /\\ y=2)\n",
              "0:x7=y; 0:x8=label:\"P0:L0\"; [y]=2;");
}

/* herd7 7.58 reads no jal (the model refuses the test, reached or
 * not); it reads bltu and auipc but refuses a test a run of which
 * reaches them, and la of a location (an operation on an address it
 * cannot make: tests/e2e/model_unread_forms.sh). */
static void refusals(void **state)
{
    (void)state;
    model_refuses("RISCV jal\n"
                  "{ }\n"
                  " P0            ;\n"
                  " j L0          ;\n"
                  " jal x1,L0     ;\n"
                  " L0:           ;\n"
                  "exists (0:x1=0)\n",
                  "herd7 7.58 does not read 'jal x1,L0' (its RISCV has no "
                  "jal nor jalr), so the model refuses the test; hwrun runs "
                  "it");
    model_refuses("RISCV bltu\n"
                  "{ 0:x5=-1; 0:x6=1; }\n"
                  " P0               ;\n"
                  " bltu x5,x6,L0    ;\n"
                  " L0:              ;\n"
                  "exists (0:x5=0)\n",
                  "bltu (herd7 7.58: \"RISCV operation bltu is not "
                  "implemented (yet)\", when a run reaches it)");
    model_refuses("RISCV auipc\n"
                  "{ }\n"
                  " P0            ;\n"
                  " auipc x5,2    ;\n"
                  "exists (0:x5=0)\n",
                  "auipc (herd7 7.58: \"RISCV, instruction 'auipc x5,2' not "
                  "handled\", when a run reaches it)");
    model_refuses("RISCV la\n"
                  "{ }\n"
                  " P0            ;\n"
                  " la x5,y       ;\n"
                  "exists (0:x5=0)\n",
                  "la of a location (herd7 7.58: \"Label y not found\"; it "
                  "reads la of a code label of the thread only)");
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
        cmocka_unit_test(addresses),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
