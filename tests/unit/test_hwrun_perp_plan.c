/* test_hwrun_perp_plan.c — perpetual mode's plan on the load/store
 * architectures (hwrun/gen/perp.c with each generator's perp_access):
 * the C written for small AArch64, ARM, Power and RISC-V tests (the
 * stored register replaced by the operand holding k*S + code in the
 * looping function only, the constants the plan followed back to a move
 * or the init block, one code a store), and the exact reason each test
 * the plan cannot follow runs classic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "hwrun/gen/gen.h"
#include "litmuslab/test.h"

/* The C file of test text (the generator must accept it). */
static void gen(const char *text, ll_buf *c)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("%d:%d: %s", d.line, d.col, d.msg);
    if (!hw_gen_c(t, c, &d))
        fail_msg("%d:%d: %s", d.line, d.col, d.msg);
    ll_test_free(t);
}

static void has(const ll_buf *c, const char *s)
{
    if (!strstr(ll_buf_str(c), s))
        fail_msg("not in the C file: %s\n%s", s, ll_buf_str(c));
}

/* The test runs classic, for reason why (the test table's string). */
static void classic_because(const char *text, const char *why)
{
    ll_buf c = {0}, want = {0};
    gen(text, &c);
    ll_buf_printf(&want, "locs, outs, code, cond, 0,\n    0, \"%s\"};", why);
    has(&c, ll_buf_str(&want));
    ll_buf_free(&c);
    ll_buf_free(&want);
}

static void aarch64_mp(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    gen("AArch64 MP\n{ uint64_t y; 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n"
        " P0          | P1          ;\n"
        " MOV W0,#1   | LDR X0,[X1] ;\n"
        " STR W0,[X1] | LDR W2,[X3] ;\n"
        " MOV W2,#1   |             ;\n"
        " STR X2,[X3] |             ;\n"
        "exists (1:X0=1 /\\ 1:X2=0)\n", &c);
    /* classic: the registers; looping: the operands, W and X parts */
    has(&c, "\"\\tSTR %w[r_X0],[%x[r_X1]]\\n\"");
    has(&c, "\"\\tSTR %w[pv_1],[%x[r_X1]]\\n\"");
    has(&c, "\"\\tSTR %x[pv_2],[%x[r_X3]]\\n\"");
    has(&c, "        uint64_t pv_2 = k * 3 + 2;\n");
    has(&c, "[pv_1] \"r\"(pv_1), [pv_2] \"r\"(pv_2)");
    has(&c, "perp_code_thread[] = {-1, 0, 0};");
    has(&c, "perp_code_value[] = {INT64_C(0), INT64_C(1), INT64_C(1)};");
    has(&c, "perp_n_rec[] = {0, 2};");
    has(&c, "&perp, 0};");
    ll_buf_free(&c);
}

/* The value register set in the init block, feeding two stores: a code
 * each. */
static void riscv_init_value(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    gen("RISCV MP\n{ 0:x5=1; 0:x6=x; 0:x8=y; 1:x6=y; 1:x8=x; }\n"
        " P0          | P1          ;\n"
        " sw x5,0(x6) | lw x5,0(x6) ;\n"
        " fence w,w   | lw x7,0(x8) ;\n"
        " sw x5,0(x8) |             ;\n"
        "exists (1:x5=1 /\\ 1:x7=0)\n", &c);
    has(&c, "\"\\tsw %[pv_1],0(%[r_x6])\\n\"");
    has(&c, "\"\\tsw %[pv_2],0(%[r_x8])\\n\"");
    has(&c, "perp_code_value[] = {INT64_C(0), INT64_C(1), INT64_C(1)};");
    ll_buf_free(&c);
}

/* One register moved twice: each store's own constant; 32-bit values. */
static void arm_register_reused(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    gen("ARM CoWW+\n{ 0:R8=x; 0:R9=y; }\n"
        " P0          ;\n"
        " MOV R1,#1   ;\n"
        " STR R1,[R8] ;\n"
        " DMB         ;\n"
        " MOV R1,#2   ;\n"
        " STR R1,[R9] ;\n"
        "exists (x=1 /\\ y=2)\n", &c);
    has(&c, "\"\\tSTR %[pv_2],[%[r_R9]]\\n\"");
    has(&c, "        uint32_t pv_1 = k * 3 + 1;\n");
    has(&c, "perp_code_value[] = {INT64_C(0), INT64_C(1), INT64_C(2)};");
    /* the final values: each location's last store */
    has(&c, "perp_out_fixed[] = {INT64_C(1), INT64_C(2)};");
    ll_buf_free(&c);
}

/* li, and a store of r0 (a real register as a store's source). */
static void ppc_li(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    gen("PPC SB\n{ 0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x; }\n"
        " P0           | P1           ;\n"
        " li r0,7      | li r1,1      ;\n"
        " stw r0,0(r2) | stw r1,0(r2) ;\n"
        " sync         | sync         ;\n"
        " lwz r3,0(r4) | lwz r3,0(r4) ;\n"
        "exists (0:r3=0 /\\ 1:r3=0)\n", &c);
    has(&c, "\"\\tstw %[pv_1],0(%[r_r2])\\n\"");
    has(&c, "perp_code_value[] = {INT64_C(0), INT64_C(7), INT64_C(1)};");
    ll_buf_free(&c);
}

static void refusals(void **unused)
{
    (void)unused;
    classic_because(
        "AArch64 LB+data\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n"
        " P0          | P1          ;\n"
        " LDR W0,[X1] | LDR W0,[X1] ;\n"
        " STR W0,[X3] | MOV W2,#1   ;\n"
        "             | STR W2,[X3] ;\n"
        "exists (0:X0=1 /\\ 1:X0=1)\n",
        "P0 stores the value it loaded into W0 (a dependency: it would not "
        "name an iteration)");
    classic_because(
        "RISCV S\n{ 0:x5=x; 0:x6=y; 1:x6=x; }\n"
        " P0          | P1          ;\n"
        " sw x5,0(x6) | lw x7,0(x6) ;\n"
        "exists (1:x7=0)\n",
        "P0 stores an address (x5)");
    classic_because(
        "AArch64 A\n{ 0:X1=x; }\n"
        " P0          ;\n"
        " LDR W0,[X1] ;\n"
        " MOV X1,#0   ;\n"
        "exists (0:X0=0)\n",
        "P0 writes X1, an address register");
    classic_because(
        "PPC B\n{ 0:r2=x; }\n"
        " P0           ;\n"
        " lwz r1,0(r5) ;\n"
        "exists (0:r1=0 /\\ x=0)\n",
        "0:r5 holds no location of the init block (an address must be a "
        "location's, unchanged)");
    /* the condition's register: last set by the move, not the load */
    classic_because(
        "AArch64 C\n{ 0:X1=x; 0:X3=y; }\n"
        " P0          ;\n"
        " LDR W0,[X1] ;\n"
        " MOV W0,#1   ;\n"
        " STR W0,[X3] ;\n"
        "exists (0:X0=0)\n",
        "register X0 is not set by exactly one load of 32 or 64 bits");
    classic_because(
        "AArch64 D\n{ 0:X1=x; }\n"
        " P0            ;\n"
        " LDR W0,[X1,#4] ;\n"
        "exists (0:X0=0)\n",
        "'LDR W0,[X1,#4]' (P0) is not a plain load, store of a constant or "
        "fence");
    classic_because(
        "ARM E\n{ 0:R1=x; }\n"
        " P0            ;\n"
        " LDREX R0,[R1] ;\n"
        "exists (0:R0=0)\n",
        "'LDREX R0,[R1]' (P0) is not a plain load, store of a constant or "
        "fence");
    /* 8 stores' values on top of 22 operands: over GCC's 30, so the
       test is written classic only (it used not to build at all) */
    classic_because(
        "AArch64 W\n{ 0:X0=a; 0:X1=b; 0:X2=c; 0:X3=d; 0:X4=e; 0:X5=f; "
        "0:X6=g; 0:X7=h; 0:X20=x; 0:X21=y; }\n"
        " P0 ;\n MOV W9,#1 ;\n STR W9,[X0] ;\n STR W9,[X1] ;\n"
        " STR W9,[X2] ;\n STR W9,[X3] ;\n STR W9,[X4] ;\n STR W9,[X5] ;\n"
        " STR W9,[X6] ;\n STR W9,[X7] ;\n LDR W10,[X20] ;\n"
        " LDR W11,[X21] ;\n LDR W12,[X20] ;\n"
        "exists (0:X10=0 /\\ 0:X11=0 /\\ 0:X12=0)\n",
        "a thread needs more than 30 asm operands with its stores' values");
    classic_because(
        "AArch64 F\n{ 0:X1=x; 1:X1=x; }\n"
        " P0          | P1          ;\n"
        " MOV W0,#1   | LDR X0,[X1] ;\n"
        " STR W0,[X1] |             ;\n"
        "exists (1:X0=0)\n",
        "x is accessed with two widths (perpetual values need 32 or 64 "
        "bits, one width a location)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aarch64_mp),
        cmocka_unit_test(riscv_init_value),
        cmocka_unit_test(arm_register_reused),
        cmocka_unit_test(ppc_li),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
