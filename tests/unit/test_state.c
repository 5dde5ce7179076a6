/* test_state.c — states: herd7 order, reading both tools' state lines,
 * printing them back, and conditions evaluated on states. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "litmuslab/state.h"

static void parse_ok(const char *text, ll_state *s)
{
    ll_diag d = {0};
    bool ok = ll_state_parse(text, s, &d);
    if (!ok)
        fail_msg("%s: %s", text, d.msg);
}

static char *herd(const ll_state *s, ll_buf *b)
{
    ll_buf_clear(b);
    ll_state_print_herd(s, b);
    return b->data;
}

static char *litmus(const ll_state *s, ll_buf *b)
{
    ll_buf_clear(b);
    ll_state_print_litmus(s, b);
    return b->data;
}

/* herd7 lists registers by thread then number (r4 before r10), memory
 * last; litmus7 sorts names as strings (r10 before r4). Both lines are
 * from the corpus logs of the same test. */
static void orders_like_herd_and_litmus(void **unused)
{
    (void)unused;
    ll_state h = {0}, l = {0};
    ll_buf b = {0};
    parse_ok("0:r8=0; 0:r9=0; 1:r8=1; 1:r9=0; 3:r8=0;", &h);
    assert_string_equal(herd(&h, &b), "0:r8=0; 0:r9=0; 1:r8=1; 1:r9=0; 3:r8=0;");
    ll_state_clear(&h);

    parse_ok("1:r1=0; 1:r4=0; 2:r8=0; 2:r10=0; [x]=1;", &h);
    parse_ok("1:r1=0; 1:r4=0; 2:r10=0; 2:r8=0; x=1;", &l);
    assert_int_equal(ll_state_cmp(&h, &l), 0);
    assert_string_equal(herd(&l, &b), "1:r1=0; 1:r4=0; 2:r8=0; 2:r10=0; [x]=1;");
    assert_string_equal(litmus(&h, &b), "1:r1=0; 1:r4=0; 2:r10=0; 2:r8=0; x=1;");
    ll_state_clear(&h);
    ll_state_clear(&l);

    /* a register numbered by a negative integer sorts by it */
    parse_ok("0:r1=0; 0:r-1=0; 0:r-10=0; 0:r-5=0;", &l);
    assert_string_equal(herd(&l, &b), "0:r-10=0; 0:r-5=0; 0:r-1=0; 0:r1=0;");
    ll_state_clear(&l);

    /* litmus7 puts its `ok` location among memory, by name. */
    parse_ok("ok=1; x=2; y=1;", &l);
    assert_string_equal(herd(&l, &b), "[ok]=1; [x]=2; [y]=1;");
    ll_state_clear(&l);
    ll_buf_free(&b);
}

/* herd7 7.58 lists x86 and ARM named registers in the order of its own
 * register type (each line below is herd7's, on a test whose locations
 * named them in reverse); names of other architectures keep their
 * order (PPC's r8 before r10, AArch64's XZR and SP before X0). */
static void orders_x86_and_arm_registers_like_herd(void **unused)
{
    (void)unused;
    static const char *const herd_lines[] = {
        "0:rip=0; 0:cs=7; 0:rax=1; 0:rbx=0; 0:rcx=0; 0:rdx=0; 0:rsi=0; 0:rdi=0; "
        "0:rbp=0; 0:rsp=0; 0:r8=0; 0:r9=0; 0:r10=0; 0:r15=0; 1:rdx=0; "
        "1:r8=2;",
        "0:EAX=5; 0:EBX=0; 0:ECX=0; 0:EDX=0; 0:ESI=0; 0:EDI=0; 0:EBP=0; "
        "0:ESP=0; 0:EIP=0;",
        "0:R0=1; 0:R1=0; 0:R12=0; 0:SP=0; 0:LR=0; 0:PC=0;",
        "0:LR=0; 0:r1=1; 0:r2=0; 0:r8=0; 0:r10=0;",
        "0:XZR=0; 0:SP=0; 0:X0=1; 0:X1=0; 0:X30=0;",
        "0:SP=0; 0:X5=1; 0:NZCV=3; 1:X0=0; 1:NZCV=0;",
    };
    ll_buf b = {0};
    for (size_t i = 0; i < sizeof herd_lines / sizeof *herd_lines; i++) {
        ll_state s = {0};
        parse_ok(herd_lines[i], &s);
        assert_string_equal(herd(&s, &b), herd_lines[i]);
        ll_state_clear(&s);
    }
    /* read in another order, printed in herd7's */
    ll_state s = {0};
    parse_ok("1:r8=0; 1:r10=2; 1:rbx=0; 1:rdi=0; 1:rsi=0;", &s);
    assert_string_equal(herd(&s, &b),
                        "1:rbx=0; 1:rsi=0; 1:rdi=0; 1:r8=0; 1:r10=2;");
    ll_state_clear(&s);
    /* AArch64's NZCV after the X registers */
    parse_ok("0:NZCV=0; 0:X30=1; 0:SP=0; 0:XZR=0;", &s);
    assert_string_equal(herd(&s, &b),
                        "0:XZR=0; 0:SP=0; 0:X30=1; 0:NZCV=0;");
    ll_state_clear(&s);
    /* names herd7 refuses in a condition (eax, ds, r9d, sil) mixed with
     * the families': one order whatever the order read */
    static const char *const mixed[] = {
        "0:eax=1; 0:r9d=2; 0:rip=3; 0:cs=4; 0:ds=5; 0:rax=6; 0:r8=7; "
        "0:sil=8; 0:r10=9; 0:SP=10; 0:ES=11; 0:EAX=12;",
        "0:EAX=12; 0:ES=11; 0:SP=10; 0:r10=9; 0:sil=8; 0:r8=7; 0:rax=6; "
        "0:ds=5; 0:cs=4; 0:rip=3; 0:r9d=2; 0:eax=1;",
        "0:rax=6; 0:r8=7; 0:sil=8; 0:r10=9; 0:SP=10; 0:ES=11; 0:EAX=12; "
        "0:eax=1; 0:r9d=2; 0:rip=3; 0:cs=4; 0:ds=5;",
    };
    char first[256] = "";
    for (size_t i = 0; i < sizeof mixed / sizeof *mixed; i++) {
        parse_ok(mixed[i], &s);
        if (i == 0)
            snprintf(first, sizeof first, "%s", herd(&s, &b));
        else
            assert_string_equal(herd(&s, &b), first);
        ll_state_clear(&s);
    }
    assert_string_equal(first, "0:EAX=12; 0:ES=11; 0:SP=10; 0:ds=5; "
                        "0:eax=1; 0:rip=3; 0:cs=4; 0:rax=6; 0:r8=7; "
                        "0:r9d=2; 0:r10=9; 0:sil=8;");
    /* litmus7's harness too: `1:EDX; 1:ESI; 1:EDI;` (X86+reg-order) */
    parse_ok("1:EDI=1; 1:EDX=1; 1:ESI=1;", &s);
    assert_string_equal(litmus(&s, &b), "1:EDX=1; 1:ESI=1; 1:EDI=1;");
    ll_state_clear(&s);
    ll_buf_free(&b);
}

static void symbolic_negative_and_array_values(void **unused)
{
    (void)unused;
    ll_state s = {0};
    ll_buf b = {0};
    parse_ok("1:r3=0; 1:r4=y; x[1]=-2;", &s);
    assert_int_equal(s.n, 3);
    ll_loc r4 = {.proc = 1, .name = "r4", .reg = -1, .index = -1};
    const ll_value *v = ll_state_get(&s, &r4);
    assert_non_null(v);
    assert_true(v->is_sym);
    assert_string_equal(v->sym, "y");
    ll_loc x1 = {.proc = -1, .name = "x", .reg = -1, .index = 1};
    v = ll_state_get(&s, &x1);
    assert_non_null(v);
    assert_int_equal(v->num, -2);
    assert_string_equal(herd(&s, &b), "1:r3=0; 1:r4=y; x[1]=-2;");
    ll_state_clear(&s);
    /* herd7's whole array, x={0,-1}: read as its elements (as hwrun
       shows them), beside an element herd7 shows as well (x[1]) */
    parse_ok("t[1]=1; x={0,-1}; [y]=2; x[1]=-1;", &s);
    assert_int_equal(s.n, 4);
    ll_loc x = {.proc = -1, .name = "x", .reg = -1, .index = 1};
    v = ll_state_get(&s, &x);
    assert_non_null(v);
    assert_int_equal(v->num, -1);
    assert_string_equal(herd(&s, &b), "[y]=2; t[1]=1; x[0]=0; x[1]=-1;");
    ll_state_clear(&s);
    ll_buf_free(&b);
}

static void set_replaces_and_states_compare(void **unused)
{
    (void)unused;
    ll_state a = {0}, b = {0};
    parse_ok("[x]=1; [y]=2;", &a);
    parse_ok("x=1; y=1;", &b);
    assert_true(ll_state_cmp(&a, &b) > 0);
    ll_loc y = {.proc = -1, .name = "y", .reg = -1, .index = -1};
    ll_value two = {.num = 2};
    ll_state_set(&b, &y, &two);
    assert_int_equal(b.n, 2);
    assert_int_equal(ll_state_cmp(&a, &b), 0);
    ll_state_clear(&a);
    ll_state_clear(&b);
}

static void bad_state_lines(void **unused)
{
    (void)unused;
    static const struct {
        const char *text;
        int col;
        const char *msg;
    } cases[] = {
        {"0:r3=0; 1:r3", 13, "bad state: expected '='"},
        {"0:r3=; x=1;", 6, "bad state: expected a value"},
        {"0r3=1;", 1, "bad state: expected ':' after a thread number"},
        {"x=1 y=2;", 5, "bad state: expected ';'"},
        {"x=1; x=2;", 6, "bad state: location bound twice"},
        {"[x=1;", 1, "bad state: expected ']'"},
        {"x=99999999999999999999;", 3, "bad state: value out of range"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ll_state s = {0};
        ll_diag d = {0};
        assert_false(ll_state_parse(cases[i].text, &s, &d));
        assert_string_equal(d.msg, cases[i].msg);
        assert_int_equal(d.col, cases[i].col);
        ll_state_clear(&s);
    }
}

static ll_prop *atom(int proc, const char *name, int64_t value)
{
    ll_prop *p = test_calloc(1, sizeof *p);
    p->kind = LL_PROP_ATOM;
    p->loc = (ll_loc){.proc = proc, .name = (char *)name, .reg = -1,
                      .index = -1};
    p->value.num = value;
    return p;
}

static ll_prop *binary(ll_prop_kind k, ll_prop *l, ll_prop *r)
{
    ll_prop *p = test_calloc(1, sizeof *p);
    p->kind = k;
    p->lhs = l;
    p->rhs = r;
    return p;
}

static void free_prop(ll_prop *p)
{
    if (!p)
        return;
    free_prop(p->lhs);
    free_prop(p->rhs);
    test_free(p);
}

/* The SB seed test: exists (0:r3=0 /\ 1:r3=0) over herd7's six states is
 * Ok; over the five states of the sync variant it is No. */
static void quantifiers_over_states(void **unused)
{
    (void)unused;
    const char *six[] = {"0:r3=0; 1:r3=0;", "0:r3=0; 1:r3=1;",
                         "0:r3=1; 1:r3=0;", "0:r3=1; 1:r3=1;",
                         "0:r3=2; 1:r3=0;", "0:r3=2; 1:r3=1;"};
    ll_state states[6] = {{0}};
    for (int i = 0; i < 6; i++)
        parse_ok(six[i], &states[i]);
    ll_cond c = {LL_EXISTS, binary(LL_PROP_AND, atom(0, "r3", 0),
                                   atom(1, "r3", 0))};
    assert_true(ll_cond_holds(&c, states, 6));
    assert_false(ll_cond_holds(&c, states + 1, 5));
    c.quant = LL_NOT_EXISTS;
    assert_false(ll_cond_holds(&c, states, 6));
    assert_true(ll_cond_holds(&c, states + 1, 5));
    c.quant = LL_FORALL;
    assert_false(ll_cond_holds(&c, states, 6));
    assert_true(ll_cond_holds(&c, states, 1));

    /* 0:r3=2 => 1:r3=1 is false only in state 4. */
    ll_prop *imp = binary(LL_PROP_IMPLIES, atom(0, "r3", 2), atom(1, "r3", 1));
    bool results[6];
    for (int i = 0; i < 6; i++)
        results[i] = ll_prop_eval(imp, &states[i], NULL);
    assert_true(results[0] && results[1] && results[2] && results[3] &&
                !results[4] && results[5]);
    ll_prop not_ = {.kind = LL_PROP_NOT, .lhs = imp};
    assert_true(ll_prop_eval(&not_, &states[4], NULL));

    /* A location absent from the state: atom false, *missing set. */
    ll_prop *x = atom(-1, "x", 1);
    bool missing = false;
    assert_false(ll_prop_eval(x, &states[0], &missing));
    assert_true(missing);

    free_prop(x);
    free_prop(imp);
    free_prop(c.prop);
    for (int i = 0; i < 6; i++)
        ll_state_clear(&states[i]);
}

/* Values as herd7 7.58 prints them (its output on tests of ours):
 * addresses with an offset, code labels, unsigned 64-bit numbers; read
 * and printed back byte for byte (numbers as the model holds them). */
static void herd7_values(void **unused)
{
    (void)unused;
    static const char *const lines[] = {
        "0:X3=x+8; x[0]=x+8; x[1]=6;",
        "1:X0=0; 1:X1=label:\"P1:L0\"; 1:X6=0; 1:X7=0;",
        "1:X0=b+24; [a]=b+136;",
    };
    ll_buf b = {0};
    for (int i = 0; i < 3; i++) {
        ll_state s = {0};
        parse_ok(lines[i], &s);
        assert_string_equal(herd(&s, &b), lines[i]);
        ll_state_clear(&s);
    }
    ll_state s = {0};
    parse_ok("[y]=18446744073709551615; x={18446744073709551615,1};", &s);
    assert_string_equal(herd(&s, &b), "[y]=-1; x[0]=-1; x[1]=1;");
    ll_state_clear(&s);
    ll_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orders_like_herd_and_litmus),
        cmocka_unit_test(orders_x86_and_arm_registers_like_herd),
        cmocka_unit_test(symbolic_negative_and_array_values),
        cmocka_unit_test(set_replaces_and_states_compare),
        cmocka_unit_test(bad_state_lines),
        cmocka_unit_test(quantifiers_over_states),
        cmocka_unit_test(herd7_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
