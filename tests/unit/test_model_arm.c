/* test_model_arm.c — the ARM semantics (model/sem/arm.c) on small tests
 * whose final states are worked out by hand in the comments: STREX's
 * status and reservation, every condition code after CMP, flag-setting
 * arithmetic on 32-bit words, conditional execution and the dependencies
 * it makes, LDRD/LDM, symbolic registers, and the instructions the model
 * refuses. */
#include "tests/unit/model_run.h"
#include "litmuslab/arch/arm.h"
#include "tmptext.h"

#include <unistd.h>

/* A one-thread ARM test: init, code lines (one per row), condition. */
static char *one_thread(const char *init, const char *const *code, int n,
                        const char *cond)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "ARM T\n{\n%s\n}\n P0 ;\n", init);
    for (int i = 0; i < n; i++)
        ll_buf_printf(&b, " %s ;\n", code[i]);
    ll_buf_printf(&b, "%s\n", cond);
    return b.data;
}

static void run_arm(const char *init, const char *const *code, int n,
                    const char *cond, const char *cat, outcome *o)
{
    char *text = one_thread(init, code, n, cond);
    model_text(text, cat, o);
    free(text);
}

#define RUN(init, code, cond, cat, o) \
    run_arm(init, code, (int)(sizeof code / sizeof *code), cond, cat, o)

/* LDREX/ADD/STREX alone on x=0: the STREX fails (status 1, x stays 0) or
 * succeeds (status 0, x=1): two states, one of them the condition's. */
static void strex_status(void **state)
{
    (void)state;
    static const char *const code[] = {
        "LDREX R0,[R8]", "ADD R0,R0,#1", "STREX R3,R0,[R8]"};
    outcome o;
    RUN("0:R8=x;", code, "exists (0:R3=0 /\\ x=1)", "arm.cat", &o);
    static const char *const want[] = {"0:R3=0; [x]=1;", "0:R3=1; [x]=0;"};
    assert_states(&o, want, 2);
    assert_true(o.ok);
    assert_int_equal(o.pos, 1);
    assert_int_equal(o.neg, 1);
}

/* A STREX without a reservation on its address always fails: with none
 * at all, to another address than the LDREX's, or a second time after
 * the first STREX ended the reservation. */
static void strex_needs_reservation(void **state)
{
    (void)state;
    static const char *const none[] = {"MOV R1,#1", "STREX R3,R1,[R8]"};
    static const char *const other[] = {
        "LDREX R0,[R8]", "MOV R1,#1", "STREX R3,R1,[R9]"};
    static const char *const twice[] = {
        "LDREX R0,[R8]", "MOV R1,#1", "STREX R3,R1,[R8]",
        "STREX R4,R1,[R8]"};
    outcome o;
    RUN("0:R8=x;", none, "exists (0:R3=1 /\\ x=0)", "arm.cat", &o);
    static const char *const want1[] = {"0:R3=1; [x]=0;"};
    assert_states(&o, want1, 1);
    RUN("0:R8=x; 0:R9=y;", other, "exists (0:R3=1 /\\ y=0)", "arm.cat", &o);
    static const char *const want2[] = {"0:R3=1; [y]=0;"};
    assert_states(&o, want2, 1);
    RUN("0:R8=x;", twice, "exists (0:R3=0 /\\ 0:R4=1 /\\ x=1)", "arm.cat",
        &o);
    static const char *const want3[] = {"0:R3=0; 0:R4=1; [x]=1;",
                                        "0:R3=1; 0:R4=1; [x]=0;"};
    assert_states(&o, want3, 2);
}

/* Each condition code herd7 7.58 reads after CMP a,b, on 32-bit words
 * (EQ and NE: its ARM parser refuses MOVGT and the others): the MOVcc
 * runs (R2=1) or not (R2=0). Worked out from a-b: Z a==b. */
static void condition_codes(void **state)
{
    (void)state;
    static const char *const conds[] = {"EQ", "NE"};
    static const struct {
        const char *a, *b;
        const char *taken;   /* per condition above */
    } cases[] = {
        {"1", "2", "01011001010101"},            /* N, borrow */
        {"2", "2", "10100101011001"},            /* Z, C */
        {"-1", "1", "01101001100101"},           /* N, C: -1 is 0xFFFFFFFF */
        {"2147483647", "-1", "01011010011010"},  /* N, V: max - (-1) */
        {"-2147483648", "1", "01100110100101"},  /* C, V: min - 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int c = 0; c < 2; c++) {
            char mov0[32], mov1[32], movcc[32];
            snprintf(mov0, sizeof mov0, "MOV R0,#%s", cases[i].a);
            snprintf(mov1, sizeof mov1, "MOV R1,#%s", cases[i].b);
            snprintf(movcc, sizeof movcc, "MOV%s R2,#1", conds[c]);
            const char *code[] = {mov0, mov1, "MOV R2,#0", "CMP R0,R1",
                                  movcc};
            outcome o;
            run_arm("", code, 5, "forall (0:R2=1)", "arm.cat", &o);
            assert_int_equal(o.n_states, 1);
            if (o.ok != (cases[i].taken[c] == '1'))
                fail_msg("CMP %s,%s: %s should%s hold", cases[i].a,
                         cases[i].b, conds[c],
                         cases[i].taken[c] == '1' ? "" : " not");
        }
}

/* Arithmetic on 32-bit words, printed signed as herd7 does; S forms set
 * the flags from the result (Z: EQ and NE are all herd7 reads). */
static void arithmetic_and_flags(void **state)
{
    (void)state;
    static const char *const code[] = {
        "MOV R0,#-1",
        "ADDS R1,R0,#1",          /* 0xFFFFFFFF+1 = 0: Z and C set */
        "MOVEQ R5,#1",
        "MOV R6,#1",
        "MOV R2,#2147483647",
        "ADDS R3,R2,#1",          /* overflow: -2147483648, N and V */
        "MOV R7,#1",
        "MOV R8,#1",
        "MOVW R4,#4660",
        "MOVT R4,#48879",         /* 0xBEEF0000: herd7 clears the low half */
        "EOR R9,R4,R4",
        "ORR R9,R9,#6",
        "AND R10,R9,#3",          /* 6 & 3 = 2 */
        "SUBS R11,R10,R10",       /* 0: Z set again */
        "MOVNE R12,#1",           /* not run: R12 stays 0 */
    };
    outcome o;
    RUN("", code,
        "forall (0:R1=0 /\\ 0:R3=-2147483648 /\\ 0:R4=-1091633152 /\\ "
        "0:R5=1 /\\ 0:R6=1 /\\ 0:R7=1 /\\ 0:R8=1 /\\ 0:R10=2 /\\ "
        "0:R11=0 /\\ 0:R12=0)",
        "arm.cat", &o);
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
}

/* A model whose only axiom is that relation r is empty: the executions
 * where the semantics made an r edge disappear. */
static const char *empty_cat(char *tmpl, const char *rel)
{
    char text[128];
    snprintf(text, sizeof text, "\"t\"\nempty %s as none\n", rel);
    return tmptext_write(tmpl, text, 0);
}

/* Conditional execution and dependencies, with x=1 so that CMP R0,#1
 * sets Z: STREQ runs but, as in herd7 7.58, is not control dependent on
 * the read (its state survives `empty ctrl`), STRNE does not run (no
 * event, one state, y stays 0); a later plain STR is not control
 * dependent, a store after a BNE is. A register written by MOVEQ does
 * not depend on the flags (herd7 7.58; the architecture says it does):
 * `empty data` keeps the state, as with ANDEQ R1,R1,R1 (herd's NOP). */
static void conditional_dependencies(void **state)
{
    (void)state;
    char ctrl[] = "/tmp/armctrlXXXXXX", data[] = "/tmp/armdataXXXXXX";
    empty_cat(ctrl, "ctrl");
    empty_cat(data, "data");
    const char *init = "0:R8=x; 0:R9=y; int x=1; 0:R1=1;";
    const char *cond = "exists (y=1)";
    static const char *const streq[] = {
        "LDR R0,[R8]", "CMP R0,#1", "STREQ R1,[R9]"};
    static const char *const strne[] = {
        "LDR R0,[R8]", "CMP R0,#1", "STRNE R1,[R9]"};
    static const char *const later[] = {
        "LDR R0,[R8]", "CMP R0,#1", "MOVEQ R3,#5", "STR R1,[R9]"};
    static const char *const branch[] = {
        "LDR R0,[R8]", "CMP R0,#1", "BNE L0", "L0:", "STR R1,[R9]"};
    static const char *const moveq[] = {
        "LDR R0,[R8]", "CMP R0,#2", "MOVEQ R1,#5", "STR R1,[R9]"};
    static const char *const andeq[] = {
        "LDR R0,[R8]", "CMP R0,#1", "ANDEQ R1,R1,R1", "STR R1,[R9]"};
    outcome o;
    RUN(init, streq, cond, ctrl, &o);
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
    RUN(init, strne, cond, ctrl, &o);
    assert_int_equal(o.n_states, 1);
    assert_false(o.ok);
    RUN(init, later, cond, ctrl, &o);
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
    RUN(init, branch, cond, ctrl, &o);
    assert_int_equal(o.n_states, 0);
    RUN(init, moveq, cond, data, &o);     /* MOVEQ not run: R1 stays 1 */
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
    RUN(init, moveq, cond, "arm.cat", &o);
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
    RUN(init, andeq, cond, data, &o);
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
    unlink(ctrl);
    unlink(data);
}

/* LDRD and LDM read consecutive words; LDMIB starts one word on. Here
 * x is an array of three ints, {1,0,0}; x[1] is written 5 first. */
static void multiple_loads(void **state)
{
    (void)state;
    static const char *const code[] = {
        "MOV R1,#5", "STR R1,[R8,R9]", "LDRD R2,R3,[R8]",
        "LDM R8,{R4,R5}", "LDMIB R8,{R6,R7}", "PUSH {R4,LR}",
        "POP {R4,LR}"};
    outcome o;
    RUN("0:R8=x; 0:R9=4; int x[3] = {1,0,0};", code,
        "forall (0:R2=1 /\\ 0:R3=5 /\\ 0:R4=1 /\\ 0:R5=5 /\\ 0:R6=5 /\\ "
        "0:R7=0)",
        "arm.cat", &o);
    assert_int_equal(o.n_states, 1);
    assert_true(o.ok);
}

/* diy7's symbolic registers, also as the index of an address: P1 reads
 * y then x through [R1,%x1] with R1 = R0^R0; under the model MP+dmb+addr
 * keeps its stale outcome away (3 states of 4). */
static void symbolic_registers(void **state)
{
    (void)state;
    static const char text[] =
        "ARM MP+dmb+addr\n{\n%x0=x; %y0=y; %y1=y; %x1=x;\n}\n"
        " P0           | P1              ;\n"
        " MOV R0,#1    | LDR R0,[%y1]    ;\n"
        " STR R0,[%x0] | EOR R1,R0,R0    ;\n"
        " DMB          | LDR R2,[R1,%x1] ;\n"
        " STR R0,[%y0] |                 ;\n"
        "exists (1:R0=1 /\\ 1:R2=0)\n";
    outcome o;
    model_text(text, "arm.cat", &o);
    static const char *const want[] = {
        "1:R0=0; 1:R2=0;", "1:R0=0; 1:R2=1;", "1:R0=1; 1:R2=1;"};
    assert_states(&o, want, 3);
    assert_false(o.ok);
}

/* What the model refuses, with its message at the instruction: when a
 * run reaches it (at_run), or before any run, the forms herd7 7.58 does
 * not read (model/sem/arm_forms.c), reached or not (after `B L9`). */
static void refusals(void **state)
{
    (void)state;
    static const struct {
        const char *instr, *msg;
        bool at_run;
    } cases[] = {
        /* under Variant=telechat, R0 holds 4, no return (herd7's LR as
           the thread started is 0); without it, BX is refused */
        {"BX R0", "BX to a code address is not supported by the model",
         true},
        {"BX LR", "BX outside -variant telechat (herd7 7.58: \"Could find "
                  "no potential target for indirect branch\"; "
                  "Variant=telechat in the test makes it a return)", true},
        {"DMB ISHLD", "its ARM has no load barrier option, ARMv8's", false},
        {"ORR R1,R0,R0", "it reads ORR Rd,Rn,#k only", false},
        {"EOR R1,R0,#1", "it reads EOR, EORS and XOR Rd,Rn,Rm only", false},
        {"ANDS R1,R0,R0", "it reads AND and ANDS Rd,Rn,#k only", false},
        {"ANDEQ R1,R0,#1", "it reads ANDEQ Rd,Rn,Rm only", false},
        {"LDREQ R1,[R0,#0]", "it reads a conditional load or store of [Rn] "
                             "or [Rn,Rm] only", false},
        {"STRNE R1,[R0,R2,LSL #2]", "it reads a conditional load or store "
                                    "of [Rn] or [Rn,Rm] only", false},
        {"STR R1,[R0,#4]", "it reads STR of [Rn], [Rn,Rm] and [Rn,Rm,LSL "
                           "#k] only", false},
        {"LDRD R2,R3,[R0,R1]", "it reads LDRD of [Rn] and [Rn,#k] only",
         false},
        {"LDM R0,{R1,R2,R3,R4}", "it reads 2 or 3 registers", false},
        {"LDMIB R0,{R1}", "it reads 2 registers", false},
        {"PUSH {R1,R2,R3}", "it reads 1 or 2 registers", false},
        {"NOP", "its ARM has none; ANDEQ R0,R0,R0 is its no-op", false},
        {"MOVW R1,#65535", "#65535 (herd7 7.58 stops on an assertion on "
                           "any path that reaches it)", true},
        {"LDR R1,[R0,#0x4]", "an immediate as written, in hexadecimal, "
                             "with a + or a space after #: its ARM lexer "
                             "reads #k in decimal only", false},
        {"MOV R1,R13", "a register written R13, R14 or R15: its ARM lexer "
                       "reads them as SP, LR and PC only", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[256], want[256];
        bool telechat = !strcmp(cases[i].instr, "BX R0");
        snprintf(text, sizeof text,
                 "ARM T\n%s{\n}\n P0 ;\n MOV R0,#4 ;\n %s%s ;\n%s"
                 "exists (0:R0=4)\n", telechat ? "Variant=telechat\n" : "",
                 cases[i].at_run ? "" : "B L9 ;\n ",
                 cases[i].instr, cases[i].at_run ? "" : " L9: ;\n");
        ll_diag d = {0};
        ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
        assert_non_null(t);
        mdl_test m = {0};
        m.start = mdl_now();
        m.telechat = telechat;    /* as the driver reads Variant= */
        if (cases[i].at_run) {
            assert_true(mdl_prepare(&m, t, sem_find(LL_ARCH_ARM)));
            assert_false(mdl_runs(&m));
            snprintf(want, sizeof want, "%s", cases[i].msg);
        } else {
            assert_false(mdl_prepare(&m, t, sem_find(LL_ARCH_ARM)));
            ll_buf b = {0};
            ll_arch_arm.print_instr(&t->threads[0].stmts[2].instr, &b);
            snprintf(want, sizeof want, "herd7 7.58 does not read '%s' "
                     "(%s), so the model refuses the test; hwrun runs it",
                     ll_buf_str(&b), cases[i].msg);
            ll_buf_free(&b);
        }
        assert_string_equal(m.diag.msg, want);
        assert_int_equal(m.diag.line, 6 + !cases[i].at_run + telechat);
        mdl_free(&m);
        ll_test_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strex_status),
        cmocka_unit_test(strex_needs_reservation),
        cmocka_unit_test(condition_codes),
        cmocka_unit_test(arithmetic_and_flags),
        cmocka_unit_test(conditional_dependencies),
        cmocka_unit_test(multiple_loads),
        cmocka_unit_test(symbolic_registers),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
