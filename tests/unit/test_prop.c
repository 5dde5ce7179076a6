/* test_prop.c — conditions: reading with herd's precedence, printing as
 * herd7's `Condition` line, errors with positions. (test_reader_corpus.c
 * checks the printing against herd7's logs for the whole corpus.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch.h"
#include "litmuslab/test.h"

/* Registers r0..r31, as a stand-in for an architecture plug-in. */
static int fake_reg_lookup(const char *name)
{
    if (name[0] != 'r' || !name[1])
        return -1;
    char *end;
    long n = strtol(name + 1, &end, 10);
    return *end || n < 0 || n > 31 ? -1 : (int)n;
}

static const ll_arch_ops fake_arch = {.reg_lookup = fake_reg_lookup};

/* Parse text and return its herd-style printing (static buffer). */
static const char *reprint(const char *text)
{
    static char result[4096];
    ll_cond c;
    ll_diag d = {0};
    if (!ll_cond_parse(text, NULL, &c, &d)) {
        snprintf(result, sizeof result, "error %d:%d: %s", d.line, d.col,
                 d.msg);
        return result;
    }
    ll_buf b = {0};
    ll_cond_print(&c, &b);
    snprintf(result, sizeof result, "%s", ll_buf_str(&b));
    ll_buf_free(&b);
    ll_prop_free(c.prop);
    return result;
}

static void test_print_like_herd(void **state)
{
    (void)state;
    assert_string_equal(reprint("exists (0:r3=0 /\\ 1:r3=0)"),
                        "exists (0:r3=0 /\\ 1:r3=0)");
    /* herd brackets memory locations. */
    assert_string_equal(reprint("exists\n(x=2 /\\ y=2)"),
                        "exists ([x]=2 /\\ [y]=2)");
    assert_string_equal(reprint("~exists ([x]=1)"), "~exists ([x]=1)");
    assert_string_equal(reprint("forall (true)"), "forall (true)");
    assert_string_equal(reprint("exists false"), "exists (false)");
    assert_string_equal(reprint("exists (P1:r5 = 1 /\\ P2:r7 == 0);"),
                        "exists (1:r5=1 /\\ 2:r7=0)");
    assert_string_equal(reprint("final (x=1)"), "exists ([x]=1)");
    assert_string_equal(reprint("exists (0:r2=x /\\ y=0x10 /\\ z=-3)"),
                        "exists (0:r2=x /\\ [y]=16 /\\ [z]=-3)");
    assert_string_equal(reprint("exists (t[2]=1)"), "exists (t[2]=1)");
    assert_string_equal(reprint("exists (x (* a (* nested *) note *) = 1)"),
                        "exists ([x]=1)");
}

static void test_precedence(void **state)
{
    (void)state;
    /* `/\` binds tighter than `\/`: no parentheses needed. */
    assert_string_equal(reprint("exists (x=1 /\\ y=1 \\/ z=1)"),
                        "exists ([x]=1 /\\ [y]=1 \\/ [z]=1)");
    assert_string_equal(reprint("exists ((x=1 \\/ y=1) /\\ z=1)"),
                        "exists (([x]=1 \\/ [y]=1) /\\ [z]=1)");
    assert_string_equal(reprint("exists (x=1 \\/ (y=1 \\/ z=1))"),
                        "exists ([x]=1 \\/ [y]=1 \\/ [z]=1)");
    /* `~` binds tightest and prints as `not (...)`. */
    assert_string_equal(reprint("exists (~x=1 /\\ y=2)"),
                        "exists (not ([x]=1) /\\ [y]=2)");
    assert_string_equal(reprint("exists not (0:r1=0 \\/ 1:r1=0)"),
                        "exists (not (0:r1=0 \\/ 1:r1=0))");
    assert_string_equal(reprint("exists (x != 1)"), "exists (not ([x]=1))");
    /* herd: `=>` binds tighter than `/\` and associates to the right. */
    assert_string_equal(reprint("exists (x=1 /\\ y=1 => z=1)"),
                        "exists ([x]=1 /\\ ([y]=1 => [z]=1))");
    assert_string_equal(reprint("exists (x=1 => y=1 => z=1)"),
                        "exists ([x]=1 => [y]=1 => [z]=1)");
    assert_string_equal(reprint("exists ((x=1 \\/ y=1) => z=1)"),
                        "exists (([x]=1 \\/ [y]=1) => [z]=1)");

    ll_cond c;
    ll_diag d = {0};
    assert_true(ll_cond_parse("exists (x=1 \\/ y=1 /\\ ~z=1)", NULL, &c, &d));
    assert_int_equal(c.quant, LL_EXISTS);
    assert_int_equal(c.prop->kind, LL_PROP_OR);
    assert_int_equal(c.prop->lhs->kind, LL_PROP_ATOM);
    assert_string_equal(c.prop->lhs->loc.name, "x");
    assert_int_equal(c.prop->lhs->loc.proc, -1);
    assert_int_equal(c.prop->lhs->value.num, 1);
    assert_int_equal(c.prop->rhs->kind, LL_PROP_AND);
    assert_int_equal(c.prop->rhs->rhs->kind, LL_PROP_NOT);
    assert_string_equal(c.prop->rhs->rhs->lhs->loc.name, "z");
    assert_int_equal(c.prop->rhs->rhs->pos.col, 23);
    ll_prop_free(c.prop);
    ll_prop_free(NULL);
}

static void test_registers(void **state)
{
    (void)state;
    ll_cond c;
    ll_diag d = {0};
    assert_true(ll_cond_parse("forall (0:r3=0 /\\ [x]=1)", &fake_arch, &c, &d));
    assert_int_equal(c.quant, LL_FORALL);
    assert_int_equal(c.prop->lhs->loc.proc, 0);
    assert_int_equal(c.prop->lhs->loc.reg, 3);
    assert_string_equal(c.prop->lhs->loc.name, "r3");
    assert_int_equal(c.prop->rhs->loc.reg, -1);
    assert_true(c.prop->rhs->bracketed);
    ll_prop_free(c.prop);

    assert_true(ll_cond_parse("exists (1:r7=1)", NULL, &c, &d));
    assert_int_equal(c.prop->loc.reg, -1);
    ll_prop_free(c.prop);

    assert_false(ll_cond_parse("exists (0:r3=0 /\\ 1:rax=1)", &fake_arch, &c,
                               &d));
    assert_int_equal(d.line, 1);
    assert_int_equal(d.col, 21);
    assert_string_equal(d.msg, "unknown register 'rax'");
    assert_null(c.prop);
}

static void check_error(const char *text, const char *expected)
{
    assert_string_equal(reprint(text), expected);
}

static void test_errors(void **state)
{
    (void)state;
    check_error("exists (x=1 /\\ )",
                "error 1:16: expected a condition, found ')'");
    check_error("exists (x=)", "error 1:11: expected a value, found ')'");
    check_error("exists (x 1)", "error 1:11: expected '=', found '1'");
    check_error("maybe (x=1)",
                "error 1:1: expected 'exists', '~exists' or 'forall', found "
                "'maybe'");
    check_error("exists (x=1", "error 1:12: expected ')', found end of file");
    check_error("exists (x=1) junk",
                "error 1:14: expected end of condition, found 'junk'");
    check_error("exists (x=1 (* open", "error 1:13: unterminated comment");
    check_error("exists (x=1 # 2)", "error 1:13: unexpected character '#'");
    check_error("exists\n  (x=99999999999999999999)",
                "error 2:6: number out of range '99999999999999999999'");
    check_error("exists (99999:r1=0)",
                "error 1:9: bad thread number '99999'");
    check_error("~exists (x=1 \x01)", "error 1:14: unexpected byte 0x01");
    check_error("", "error 1:1: expected 'exists', '~exists' or 'forall', "
                    "found end of file");
}

/* Deep nesting is refused, not a stack overflow. */
static void test_limits(void **state)
{
    (void)state;
    ll_buf b = {0};
    ll_buf_puts(&b, "exists ");
    for (int i = 0; i < 100000; i++)
        ll_buf_puts(&b, "(~");
    assert_string_equal(reprint(ll_buf_str(&b)),
                        "error 1:208: condition nested too deeply");
    ll_buf_clear(&b);
    ll_buf_puts(&b, "exists (x=0");
    for (int i = 1; i < 30000; i++)
        ll_buf_printf(&b, " /\\ x=%d", i);
    ll_buf_puts(&b, ")");
    assert_string_equal(reprint(ll_buf_str(&b)),
                        "error 1:98896: condition too long");
    ll_buf_free(&b);
}

/* ll_prop_cut: each constant compared with a place becomes a value of the
 * place's type (here: x an int, y a uint8_t, registers left whole); an
 * address (z, y) is left alone. */
static bool cut_type(const void *ctx, const ll_loc *loc, ll_ctype *out)
{
    (void)ctx;
    if (loc->proc >= 0)
        return false;
    return ll_ctype_of(!strcmp(loc->name, "y") ? "uint8_t" : NULL, false,
                       out);
}

static void test_cut(void **state)
{
    (void)state;
    ll_cond c;
    ll_diag d = {0};
    assert_true(ll_cond_parse("exists (x=4294967295 /\\ ~(y=-1) \\/ "
                              "0:r1=4294967295 \\/ y=511 \\/ x=z \\/ "
                              "x=y)", NULL, &c, &d));
    ll_prop_cut(c.prop, cut_type, NULL);
    ll_buf b = {0};
    ll_cond_print(&c, &b);
    assert_string_equal(ll_buf_str(&b),
                        "exists ([x]=-1 /\\ not ([y]=255) \\/ 0:r1=4294967295 "
                        "\\/ [y]=255 \\/ [x]=z \\/ [x]=y)");
    ll_buf_free(&b);
    ll_prop_free(c.prop);
    ll_ctype i16 = {2, true, false}, u16 = {2, false, false},
             i64 = {8, true, false};
    assert_int_equal(ll_ctype_cut(i16, 0x18000), -32768);
    assert_int_equal(ll_ctype_cut(u16, -1), 65535);
    assert_int_equal(ll_ctype_cut(i64, INT64_MIN), INT64_MIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_print_like_herd),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
