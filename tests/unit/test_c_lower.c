/* test_c_lower.c — the lowering of C thread bodies (lib/c/): the
 * three-address code a body becomes, printed one statement a line, and
 * the positions of refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "litmuslab/c_ast.h"
#include "litmuslab/test.h"

/* The test made of one thread P0(int *x, int *y) with this body. */
static ll_test *one_thread(const char *body)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "C t\n{}\nP0(int *x, int *y, spinlock_t *l)\n{\n%s\n}\n"
                  "exists (x=1)\n", body);
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", ll_buf_str(&b), b.len, &d);
    ll_buf_free(&b);
    if (!t)
        fail_msg("%d:%d: %s", d.line, d.col, d.msg);
    return t;
}

/* The lowered statements, one a line; with marks, "^ " before those
 * that start one of herd7's instructions (LL_C_STEP), "  " before the
 * others. */
static char *lowered_marked(const char *body, bool marks)
{
    ll_test *t = one_thread(body);
    ll_diag d = {0};
    if (!ll_c_lower(t, &d))
        fail_msg("%d:%d: %s", d.line, d.col, d.msg);
    ll_buf out = {0};
    const ll_thread *th = &t->threads[0];
    for (int i = 0; i < th->n_stmts; i++) {
        if (th->stmts[i].label && !marks)
            ll_buf_printf(&out, "%s:\n", th->stmts[i].label);
        if (th->stmts[i].has_instr) {
            if (marks)
                ll_buf_puts(&out, th->stmts[i].instr.flags & LL_C_STEP
                                      ? "^ " : "  ");
            ll_c_print_instr(&th->stmts[i].instr, &out);
            ll_buf_putc(&out, '\n');
        }
    }
    ll_test_free(t);
    return out.data ? out.data : strdup("");
}

static char *lowered(const char *body)
{
    return lowered_marked(body, false);
}

static char *steps(const char *body)
{
    return lowered_marked(body, true);
}

static void refused(const char *body, int line, int col, const char *msg)
{
    ll_test *t = one_thread(body);
    ll_diag d = {0};
    assert_false(ll_c_lower(t, &d));
    assert_int_equal(d.line, line);
    assert_int_equal(d.col, col);
    assert_string_equal(d.msg, msg);
    ll_test_free(t);
}

static void test_accesses(void **state)
{
    (void)state;
    char *s = lowered("\tint r0 = READ_ONCE(*x);\n\tWRITE_ONCE(*y, r0 + 1);\n"
                      "\tsmp_store_release(x, 2);\n\tr0 = *y;");
    assert_string_equal(s, "ld{once} @t0, &x\n"
                           "mov r0, @t0\n"
                           "bin[+] @t1, r0, 1\n"
                           "st{once} &y, @t1\n"
                           "st{release} &x, 2\n"
                           "ld{plain} @t2, &y\n"
                           "mov r0, @t2\n");
    free(s);
}

static void test_control_and_arrays(void **state)
{
    (void)state;
    char *s = lowered("\tint r0 = 0;\n\tif (r0 && x[1]) r0 = 1; else r0 = 2;");
    /* each branch's control dependency ends where its arms join
     * (ctrl_restore), as herd7 scopes it to the if's arms */
    assert_string_equal(s, "mov r0, 0\n"
                           "mov @t0, 0\n"
                           "ctrl_save @t1\n"
                           "bz r0, @L0\n"
                           "ld{plain} @t2, &x+4\n"
                           "bin[!=] @t3, @t2, 0\n"
                           "mov @t0, @t3\n"
                           "@L0:\n"
                           "ctrl_restore @t1\n"
                           "ctrl_save @t4\n"
                           "bz @t0, @L1\n"
                           "mov r0, 1\n"
                           "jmp @L2\n"
                           "@L1:\n"
                           "mov r0, 2\n"
                           "@L2:\n"
                           "ctrl_restore @t4\n");
    free(s);
}

static void test_primitives(void **state)
{
    (void)state;
    char *s = lowered("\tint r0 = xchg_acquire(x, 1);\n\tspin_lock(l);\n"
                      "\tatomic_inc(y);\n\tsmp_mb();\n\tspin_unlock(l);\n"
                      "\tr0 = cmpxchg(y, 0, 1);");
    assert_string_equal(s, "rmw{acquire} @t0, &x, 1\n"
                           "mov r0, @t0\n"
                           "lock &l\n"
                           "rmw[+]{noreturn} @t1, &y, 1\n"
                           "fence{1}\n"
                           "unlock &l\n"
                           "cmpxchg{mb} @t2, &y, 0, 1\n"
                           "mov r0, @t2\n");
    free(s);
}

/* atomic_add_unless(x, a, u) is a CAS whose compared value is u and
 * whose new value is the addend; atomic_andnot complements its value. */
static void test_add_unless_andnot(void **state)
{
    (void)state;
    char *s = lowered("\tint r0 = atomic_add_unless(x, 2, 7);\n"
                      "\tatomic_andnot(r0, y);");
    assert_string_equal(s, "add_unless{mb} @t0, &x, 7, 2\n"
                           "mov r0, @t0\n"
                           "un @t1, r0\n"
                           "rmw[&]{noreturn} @t2, &y, @t1\n");
    free(s);
}

/* A fully ordered RMW whose operands read memory: its leading smp_mb
 * (fence kind 1) goes before their reads, as herd7 evaluates them after
 * it; the RMW then makes only its trailing one ({fenced}). Not for a
 * relaxed RMW, nor for operands that read no memory. */
static void test_rmw_fence_before_operands(void **state)
{
    (void)state;
    char *s = lowered("\tint r0;\n\tr0 = atomic_add_return(READ_ONCE(*y), x);\n"
                      "\tr0 = xchg(x, READ_ONCE(*y));\n"
                      "\tr0 = atomic_add_return_relaxed(READ_ONCE(*y), x);\n"
                      "\tr0 = atomic_add_return(r0 + 1, x);");
    assert_string_equal(s, "fence{1}\n"
                           "ld{once} @t0, &y\n"
                           "rmw[+]{mb}{fenced} @t1, &x, @t0\n"
                           "mov r0, @t1\n"
                           "fence{1}\n"
                           "ld{once} @t2, &y\n"
                           "rmw{mb}{fenced} @t3, &x, @t2\n"
                           "mov r0, @t3\n"
                           "ld{once} @t4, &y\n"
                           "rmw[+]{once} @t5, &x, @t4\n"
                           "mov r0, @t5\n"
                           "bin[+] @t6, r0, 1\n"
                           "rmw[+]{mb} @t7, &x, @t6\n"
                           "mov r0, @t7\n");
    free(s);
}

/* herd7's po orders two of its instructions, not the events of one: a
 * statement, an if's condition, its arm, a loop's condition each turn,
 * a declaration's initialiser each start a step; a fully ordered RMW's
 * leading fence starts its statement's. */
static void test_steps(void **state)
{
    (void)state;
    char *s = steps("\tint r0 = READ_ONCE(*x), r1;\n"
                    "\tr0 = READ_ONCE(*x) + READ_ONCE(*y);\n"
                    "\tif (READ_ONCE(*x) > r0) WRITE_ONCE(*y, 1);\n"
                    "\twhile (READ_ONCE(*y)) r1 = 1;\n"
                    "\tr0 = xchg(x, READ_ONCE(*y));");
    assert_string_equal(s, "^ ld{once} @t0, &x\n"
                           "  mov r0, @t0\n"
                           "^ ld{once} @t1, &x\n"
                           "  ld{once} @t2, &y\n"
                           "  bin[+] @t3, @t1, @t2\n"
                           "  mov r0, @t3\n"
                           "^ ld{once} @t4, &x\n"
                           "  bin[>] @t5, @t4, r0\n"
                           "  ctrl_save @t6\n"
                           "  bz @t5, @L0\n"
                           "^ st{once} &y, 1\n"
                           "  ctrl_restore @t6\n"
                           "  ctrl_save @t7\n"
                           "^ ld{once} @t8, &y\n"
                           "  bz @t8, @L3\n"
                           "^ mov r1, 1\n"
                           "  jmp @L2\n"
                           "  ctrl_restore @t7\n"
                           "^ fence{1}\n"
                           "  ld{once} @t9, &y\n"
                           "  rmw{mb}{fenced} @t10, &x, @t9\n"
                           "  mov r0, @t10\n");
    free(s);
}

static void test_refusals(void **state)
{
    (void)state;
    /* the body starts on line 5 of the test */
    refused("\tfor (;;) ;", 5, 2, "'for' is not supported in C litmus tests");
    refused("\tint r0 = foo(1);", 5, 11, "unsupported function 'foo'");
    refused("\tint r0;\n\tr0 = READ_ONCE(r0);", 6, 17,
            "a local variable is not a shared location");
    refused("\tint r0 = 1 % 0;", 5, 13, "division by zero");
}

/* What a C compiler would read otherwise than the lowering does is
 * refused where it starts: line splices (a backslash, blanks, a new line:
 * they can close a comment early or carry a // comment on), trigraphs,
 * digraphs, the preprocessor; calls of anything but a primitive named;
 * keywords and primitives as variable names. */
static void test_hostile_text(void **state)
{
    (void)state;
    refused("\tint r0 = 1; /* *\\\n/ r0 = 2; */", 5, 18,
            "line splicing (a backslash at the end of a line) is not "
            "supported");
    refused("\tint r0 = 1; // a \\ \t\n\tr0 = 2;", 5, 19,
            "line splicing (a backslash at the end of a line) is not "
            "supported");
    refused("\tint r0 = 1; /* ?\?/ */", 5, 17,
            "trigraph '?\?/' is not supported (C reads it as '\\')");
    refused("\tint r0 = 1 ?\?- 2;", 5, 13,
            "trigraph '?\?-' is not supported (C reads it as '~')");
    refused("\tint r0 = 1 \\ 2;", 5, 13,
            "a backslash is not supported outside comments");
    refused("\tint r0 = x<:0:>;", 5, 12,
            "digraph '<:' is not supported (C reads it as '[')");
    refused("\tint r0 = 0 ? 1 :> 2;", 5, 17,
            "digraph ':>' is not supported (C reads it as ']')");
    refused("\t<% smp_mb(); %>", 5, 2,
            "digraph '<%' is not supported (C reads it as '{')");
    refused("\tsmp_mb();\n%>", 6, 1,
            "digraph '%>' is not supported (C reads it as '}')");
    refused("%:include <stdlib.h>", 5, 1,
            "digraph '%:' is not supported (C reads it as '#')");
    refused("#include <stdlib.h>", 5, 1,
            "preprocessor directives are not supported");
    refused("\t(system)(\"id\");", 5, 2, "a call through parentheses is not "
            "supported: only the primitives can be called, by their names");
    refused("\t(smp_mb)();", 5, 2, "a call through parentheses is not "
            "supported: only the primitives can be called, by their names");
    refused("\t(*x)(1);", 5, 6, "a call through a pointer or an expression "
            "is not supported: only the primitives can be called, by their "
            "names");
    refused("\tint r0 = 1;\n\tr0(2);", 6, 2, "unsupported function 'r0'");
    refused("\tint if = 1;", 5, 6, "'if' is a C keyword, not a variable name");
    refused("\tstatic = 1;", 5, 2,
            "'static' is a C keyword, not a variable name");
    refused("\tint smp_mb = 1;", 5, 6,
            "'smp_mb' names a primitive, not a variable");
    /* an address's offset wraps as the arithmetic does (no overflow in
       the lowering: the sanitizers' pass of make test checks) */
    char *w = lowered("\tsmp_store_release(x - 9223372036854775808, 2);");
    assert_string_equal(w, "st{release} &x-9223372036854775808, 2\n");
    free(w);
    /* a cast is no call */
    char *s = lowered("\tint r0 = (int)(*x);");
    assert_string_equal(s, "ld{plain} @t0, &x\nmov r0, @t0\n");
    free(s);
}

/* The statement tree kept beside the flat code (herd7 numbers its
 * symbols by it): each node's kind, range and links, one a line. */
static void test_tree(void **state)
{
    (void)state;
    ll_test *t = one_thread("\tint r0 = READ_ONCE(*x);\n"
                            "\tif (r0 == 1) { WRITE_ONCE(*y, 1); }\n"
                            "\telse if (r0) WRITE_ONCE(*y, 2);\n"
                            "\t{ smp_mb(); }");
    ll_diag d = {0};
    assert_true(ll_c_lower(t, &d));
    const ll_thread *th = &t->threads[0];
    ll_buf out = {0};
    static const char *const kind[] = {"stmt", "block", "if", "loop"};
    for (int i = 0; i < th->n_c_tree; i++) {
        const ll_c_node *n = &th->c_tree[i];
        ll_buf_printf(&out, "%d %s [%d,%d) kid %d other %d next %d\n", i,
                      kind[n->kind], n->first, n->last, n->kid, n->other,
                      n->next);
    }
    /* 0 the body; 1 the declaration (ld, mov); 2 the if: its condition
       (bin, save, bz), the then-block 3 and its statement 4, the jump
       and label, the else: the inner if 5 (save, bz on r0) and its
       statement 6, then labels and restores; 7 the block around the
       fence and its statement 8 */
    assert_string_equal(out.data,
                        "0 block [0,17) kid 1 other -1 next -1\n"
                        "1 stmt [0,2) kid -1 other -1 next 2\n"
                        "2 if [2,16) kid 3 other 5 next 7\n"
                        "3 block [5,6) kid 4 other -1 next -1\n"
                        "4 stmt [5,6) kid -1 other -1 next -1\n"
                        "5 if [8,14) kid 6 other -1 next -1\n"
                        "6 stmt [10,11) kid -1 other -1 next -1\n"
                        "7 block [16,17) kid 8 other -1 next -1\n"
                        "8 stmt [16,17) kid -1 other -1 next -1\n");
    ll_buf_free(&out);
    ll_test_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accesses),
        cmocka_unit_test(test_control_and_arrays),
        cmocka_unit_test(test_primitives),
        cmocka_unit_test(test_add_unless_andnot),
        cmocka_unit_test(test_rmw_fence_before_operands),
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_hostile_text),
        cmocka_unit_test(test_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
