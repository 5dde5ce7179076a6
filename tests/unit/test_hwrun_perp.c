/* test_hwrun_perp.c — perpetual mode's analysis (hwrun/harness/hr_perp.c,
 * compiled here from its source as each test binary compiles it): a
 * hand-worked SB trace whose counts are known, the two-thread analysis
 * equal to every combination's on random traces, and the linear
 * heuristic never above the exact count of any state (two and three
 * threads). And the plan the code generator makes for the load/store
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
#include <stdlib.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "hwrun/harness/hr_hist.c"
#include "hwrun/harness/hr_perp.c"

#include "hwrun/gen/gen.h"
#include "litmuslab/test.h"

/* SB: code 1 is P0's x=1, code 2 P1's y=1; S = 3; out 0 is 0:rax (y),
 * out 1 is 1:rax (x). */
static const int sb_code_thread[] = {-1, 0, 1};
static const int64_t sb_code_value[] = {0, 1, 1};
static const int sb_n_rec[] = {1, 1};
static const int sb_out_thread[] = {0, 1};
static const int sb_out_slot[] = {0, 0};
static const int64_t sb_out_fixed[] = {0, 0};
static const hr_perp_shape sb = {2, 2, 3, sb_code_thread, sb_code_value,
                                 sb_n_rec, sb_out_thread, sb_out_slot,
                                 sb_out_fixed};

static uint64_t count_of(const hr_hist *h, int64_t a, int64_t b)
{
    int64_t key[4] = {a, b, 0, 0};
    for (size_t i = 0; i < h->cap; i++)
        if (h->counts[i] && !memcmp(h->keys + i * 4, key, sizeof key))
            return h->counts[i];
    return 0;
}

/* P0 reads y: init, P1's iteration 0, P1's iteration 1 (raw 0, 2, 5);
 * P1 reads x: init, P0's iteration 0, P0's iteration 2 (0, 1, 7). Of the
 * 9 pairs (k0, k1), (0,2), (1,2), (2,0) read a later write than their
 * pair's: no instance. The others, worked by hand: (0,0) and (1,1) give
 * 0/0, (0,1) and (2,2) 0/1, (1,0) and (2,1) 1/0. */
static void sb_by_hand(void **unused)
{
    (void)unused;
    int64_t r0[] = {0, 2, 5}, r1[] = {0, 1, 7};
    int64_t *rec[] = {r0, r1};
    for (int m = HR_PERP_BRUTE; m <= HR_PERP_PAIR; m++) {
        hr_hist h;
        hr_hist_init(&h, 4);
        assert_int_equal(hr_perp_count(&sb, rec, 3, m, &h), m);
        assert_int_equal(h.used, 3);
        assert_int_equal(count_of(&h, 0, 0), 2);
        assert_int_equal(count_of(&h, 0, 1), 2);
        assert_int_equal(count_of(&h, 1, 0), 2);
        assert_int_equal(count_of(&h, 1, 1), 0);
        hr_hist_free(&h);
    }
}

/* A value no store writes (code 0) puts its iteration in no instance. */
static void garbage_is_no_instance(void **unused)
{
    (void)unused;
    int64_t r0[] = {3, 0}, r1[] = {0, 0};
    int64_t *rec[] = {r0, r1};
    hr_hist h;
    hr_hist_init(&h, 4);
    hr_perp_count(&sb, rec, 2, HR_PERP_PAIR, &h);
    assert_int_equal(count_of(&h, 0, 0), 2);   /* (1,0), (1,1) */
    assert_int_equal(h.used, 1);
    hr_hist_free(&h);
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random trace of a machine where thread t's reads see the writer's
 * iteration k + drift, drift in -d..1, clipped to 0..n-1, or init while
 * that is negative; in order (a read never goes back), as coherence
 * makes it. */
static void random_trace(const hr_perp_shape *s, const int *code,
                         int64_t **rec, uint64_t n, int d)
{
    for (int t = 0; t < s->n_threads; t++)
        for (int k = 0; k < s->n_outs; k++) {
            if (s->out_thread[k] != t)
                continue;
            int64_t last = -1;
            for (uint64_t i = 0; i < n; i++) {
                int64_t j = (int64_t)i + 1 - (int64_t)(next() % (uint64_t)(d + 2));
                if (j < last)
                    j = last;
                if (j >= (int64_t)n)
                    j = (int64_t)n - 1;
                last = j;
                rec[t][i * (uint64_t)s->n_rec[t] + (uint64_t)s->out_slot[k]] =
                    j < 0 ? 0 : j * s->stride + code[k];
            }
        }
}

static int64_t *find(const hr_hist *h, const int64_t *key, int w)
{
    for (size_t i = 0; i < h->cap; i++)
        if (h->counts[i] && !memcmp(h->keys + i * (size_t)w, key,
                                    (size_t)w * sizeof *key))
            return (int64_t *)&h->counts[i];
    return NULL;
}

/* exact (BRUTE) and the other method m on random traces of shape s:
 * equal (same) or never above (!same) in every state */
static void against_brute(const hr_perp_shape *s, const int *code, int m,
                          int same)
{
    uint64_t n = s->n_threads == 2 ? 60 : 25;
    for (int round = 0; round < 30; round++) {
        int64_t *rec[3];
        for (int t = 0; t < s->n_threads; t++)
            rec[t] = calloc(n * (uint64_t)(s->n_rec[t] + 1), sizeof **rec);
        random_trace(s, code, rec, n, 1 + round % 6);
        hr_hist a, b;
        int w = 2 * s->n_outs;
        hr_hist_init(&a, w);
        hr_hist_init(&b, w);
        hr_perp_count(s, rec, n, HR_PERP_BRUTE, &a);
        assert_int_equal(hr_perp_count(s, rec, n, m, &b), m);
        uint64_t sum_a = 0, sum_b = 0;
        for (size_t i = 0; i < b.cap; i++) {
            if (!b.counts[i])
                continue;
            int64_t *c = find(&a, b.keys + i * (size_t)w, w);
            assert_non_null(c);
            assert_true(b.counts[i] <= (uint64_t)*c);
            if (same)
                assert_true(b.counts[i] == (uint64_t)*c);
            sum_b += b.counts[i];
        }
        for (size_t i = 0; i < a.cap; i++)
            sum_a += a.counts[i];
        assert_true(sum_b <= sum_a);
        if (same)
            assert_true(sum_a == sum_b && a.used == b.used);
        else
            assert_true(sum_b > 0);
        hr_hist_free(&a);
        hr_hist_free(&b);
        for (int t = 0; t < s->n_threads; t++)
            free(rec[t]);
    }
}

static void pair_is_exact(void **unused)
{
    (void)unused;
    static const int code[] = {2, 1};   /* 0:rax reads y, 1:rax x */
    against_brute(&sb, code, HR_PERP_PAIR, 1);
}

static void linear_is_a_lower_bound(void **unused)
{
    (void)unused;
    static const int code[] = {2, 1}, ring_code[] = {1, 2, 3};
    against_brute(&sb, code, HR_PERP_LINEAR, 0);
    /* three threads in a ring (WRC-like reads): out k, recorded by
       thread k, reads code k + 1, written by thread (k + 1) % 3 */
    static const int ct[] = {-1, 1, 2, 0};
    static const int64_t cv[] = {0, 1, 1, 1};
    static const int nr[] = {1, 1, 1};
    static const int ot[] = {0, 1, 2};
    static const int os[] = {0, 0, 0};
    static const int64_t of[] = {0, 0, 0};
    static const hr_perp_shape ring = {3, 3, 4, ct, cv, nr, ot, os, of};
    against_brute(&ring, ring_code, HR_PERP_LINEAR, 0);
}

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
    ll_buf_printf(&want, "locs, outs, code, cond, 0,\n    0, \"%s\",\n", why);
    has(&c, ll_buf_str(&want));
    ll_buf_free(&c);
    ll_buf_free(&want);
}

/* A test the plan follows, and what its C file must hold. */
typedef struct plan_case {
    const char *text;
    const char *want[10];  /* NULL-terminated */
} plan_case;

static const plan_case plan_cases[] = {
    /* classic: the registers; looping: the operands, W and X parts */
    {"AArch64 MP\n{ uint64_t y; 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n"
     " P0          | P1          ;\n"
     " MOV W0,#1   | LDR X0,[X1] ;\n"
     " STR W0,[X1] | LDR W2,[X3] ;\n"
     " MOV W2,#1   |             ;\n"
     " STR X2,[X3] |             ;\n"
     "exists (1:X0=1 /\\ 1:X2=0)\n",
     {"\"\\tSTR %w[r_X0],[%x[r_X1]]\\n\"",
      "\"\\tSTR %w[pv_1],[%x[r_X1]]\\n\"",
      "\"\\tSTR %x[pv_2],[%x[r_X3]]\\n\"",
      "        uint64_t pv_2 = k * 3 + 2;\n",
      "[pv_1] \"r\"(pv_1), [pv_2] \"r\"(pv_2)",
      "perp_code_thread[] = {-1, 0, 0};",
      "perp_code_value[] = {INT64_C(0), INT64_C(1), INT64_C(1)};",
      "perp_n_rec[] = {0, 2};"}},
    /* the value register set in the init block, feeding two stores: a
       code each */
    {"RISCV MP\n{ 0:x5=1; 0:x6=x; 0:x8=y; 1:x6=y; 1:x8=x; }\n"
     " P0          | P1          ;\n"
     " sw x5,0(x6) | lw x5,0(x6) ;\n"
     " fence w,w   | lw x7,0(x8) ;\n"
     " sw x5,0(x8) |             ;\n"
     "exists (1:x5=1 /\\ 1:x7=0)\n",
     {"\"\\tsw %[pv_1],0(%[r_x6])\\n\"",
      "\"\\tsw %[pv_2],0(%[r_x8])\\n\"",
      "perp_code_value[] = {INT64_C(0), INT64_C(1), INT64_C(1)};",
      "&perp, 0,\n"}},
    /* one register moved twice: each store's own constant; 32-bit
       values; the final values are each location's last store */
    {"ARM CoWW+\n{ 0:R8=x; 0:R9=y; }\n"
     " P0          ;\n"
     " MOV R1,#1   ;\n"
     " STR R1,[R8] ;\n"
     " DMB         ;\n"
     " MOV R1,#2   ;\n"
     " STR R1,[R9] ;\n"
     "exists (x=1 /\\ y=2)\n",
     {"\"\\tSTR %[pv_2],[%[r_R9]]\\n\"",
      "        uint32_t pv_1 = k * 3 + 1;\n",
      "perp_code_value[] = {INT64_C(0), INT64_C(1), INT64_C(2)};",
      "perp_out_fixed[] = {INT64_C(1), INT64_C(2)};"}},
    /* li, and a store of r0 (a real register as a store's source) */
    {"PPC SB\n{ 0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x; }\n"
     " P0           | P1           ;\n"
     " li r0,7      | li r1,1      ;\n"
     " stw r0,0(r2) | stw r1,0(r2) ;\n"
     " sync         | sync         ;\n"
     " lwz r3,0(r4) | lwz r3,0(r4) ;\n"
     "exists (0:r3=0 /\\ 1:r3=0)\n",
     {"\"\\tstw %[pv_1],0(%[r_r2])\\n\"",
      "perp_code_value[] = {INT64_C(0), INT64_C(7), INT64_C(1)};"}},
};

static void plans(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof plan_cases / sizeof *plan_cases; i++) {
        ll_buf c = {0};
        gen(plan_cases[i].text, &c);
        for (int k = 0; plan_cases[i].want[k]; k++)
            has(&c, plan_cases[i].want[k]);
        ll_buf_free(&c);
    }
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
        cmocka_unit_test(sb_by_hand),
        cmocka_unit_test(garbage_is_no_instance),
        cmocka_unit_test(pair_is_exact),
        cmocka_unit_test(linear_is_a_lower_bound),
        cmocka_unit_test(plans),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
