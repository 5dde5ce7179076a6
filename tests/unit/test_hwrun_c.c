/* test_hwrun_c.c — hwrun's C-test generator (hwrun/gen/c.c) on read
 * tests: the thread functions it writes around the bodies (parameters as
 * locations, zero-initialised locals, registers copied out), the header
 * it picks (kernel or C11), the shared variables' types, and its
 * refusals with their places. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwrun/gen/gen.h"
#include "litmuslab/test.h"

/* Generate text as a test read from a file (positions come from it):
 * true and the C in *c, or false and the message in *d. */
static bool gen(const char *text, ll_buf *c, ll_diag *d)
{
    char path[] = "/tmp/test_hwrun_c_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    ll_diag rd = {0};
    ll_test *t = ll_test_read(path, &rd);
    assert_non_null(t);
    bool ok = hw_gen_c(t, c, d);
    d->file = NULL;   /* owned by t */
    ll_test_free(t);
    unlink(path);
    return ok;
}

/* Remove the `#line` lines of s, in place. */
static void strip_line_directives(char *s)
{
    char *out = s;
    for (char *p = s; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (strncmp(p, "#line ", 6)) {
            memmove(out, p, n);
            out += n;
        }
        p += n;
    }
    *out = '\0';
}

/* The thread function, whole: printed from the lowered code (one line per
 * statement, our names, the location's own C type at each access). */
static void kernel_test_text(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C T\n{ long y = 2; }\n"
                    "P0(int *x, long *y, spinlock_t *s)\n{\n"
                    "\tint r0, r1 = 1;\n\tspin_lock(s);\n"
                    "\tr0 = READ_ONCE(*x) == 1;\n"
                    "\twhile (!READ_ONCE(*y))\n"
                    "\t\tr1 = xchg_acquire(y, 3);\n"
                    "\tspin_unlock(s);\n}\n"
                    "exists (0:r0=0 /\\ 0:r1=1 /\\ y=2 /\\ s=0)\n",
                    &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "#include \"hr_kp.h\"\n"));
    assert_null(strstr(s, "stdatomic"));
    const char *fn = strstr(s, "static void P0(");
    assert_non_null(fn);
    const char *end = strstr(fn, "\n}\n");
    assert_non_null(end);
    char *p0 = strndup(fn, (size_t)(end - fn) + 3);
    /* each statement after a #line naming its line in the test */
    const char *sp = strstr(p0, "spin_lock(");
    assert_non_null(sp);
    const char *dir = strstr(p0, "#line 6 \"/tmp/test_hwrun_c_");
    assert_non_null(dir);
    assert_ptr_equal(strchr(dir, '\n') + 1, sp - 4);
    strip_line_directives(p0);
    assert_string_equal(p0,
        "static void P0(uint64_t *const *loc, int64_t *out)\n"
        "{\n"
        "    uint32_t *const m_s = (uint32_t *)loc[0];\n"
        "    int *const m_x = (int *)loc[1];\n"
        "    long *const m_y = (long *)loc[2];\n"
        "    uint64_t r_r0 = 0;\n"
        "    uint64_t r_r1 = 0;\n"
        "    uint64_t t_0 = 0;\n"
        "    uint64_t t_1 = 0;\n"
        "    uint64_t t_3 = 0;\n"
        "    uint64_t t_4 = 0;\n"
        "    uint64_t t_5 = 0;\n"
        "    kp_enter(0);\n"
        "    r_r1 = 1;\n"
        "    spin_lock((spinlock_t *)m_s);\n"
        "    t_0 = (uint64_t)READ_ONCE(*m_x);\n"
        "    t_1 = t_0 == 1;\n"
        "    r_r0 = t_1;\n"
        "L_0:;\n"
        "    t_3 = (uint64_t)READ_ONCE(*m_y);\n"
        "    t_4 = !t_3;\n"
        "    if (!t_4)\n"
        "        goto L_1;\n"
        "    t_5 = (uint64_t)(long)atomic_long_xchg_acquire((atomic_long_t *)"
        "m_y, (long)3);\n"
        "    r_r1 = t_5;\n"
        "    goto L_0;\n"
        "L_1:;\n"
        "    spin_unlock((spinlock_t *)m_s);\n"
        "    out[0] = (int64_t)r_r0;\n"
        "    out[1] = (int64_t)r_r1;\n"
        "    (void)loc;\n"
        "    (void)out;\n"
        "}\n");
    free(p0);
    /* the types: spinlock_t 4 unsigned bytes, long 8 (its init 2) */
    assert_non_null(strstr(s, "{\"s\", INT64_C(0), -1, 4, 0, 0, 0},"));
    assert_non_null(strstr(s, "{\"y\", INT64_C(2), -1, 8, 1, 0, 0},"));
    ll_buf_free(&c);
}

/* C11: <stdatomic.h>, its explicit operations; a register as an
 * address, cast at the dereference to what addresses are taken of. */
static void c11_test_text(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C T\n{ int *p = x; }\nP0(atomic_int *x, int **p)\n{\n"
                    "\tint r0 = atomic_load_explicit(x, memory_order_acquire);"
                    "\n\tint e = 1;\n\tint *q = *p;\n\tint r1 = *q;\n"
                    "\tr0 = atomic_compare_exchange_strong_explicit(x, &e, 2,"
                    " memory_order_relaxed, memory_order_relaxed);\n}\n"
                    "exists (0:r0=0 /\\ 0:r1=0)\n", &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "#include <stdatomic.h>\n"));
    assert_null(strstr(s, "hr_kp.h"));
    assert_null(strstr(s, "kp_enter"));
    assert_non_null(strstr(s, "    int *const m_x = (int *)loc[1];\n"));
    assert_non_null(strstr(s, "    t_0 = (uint64_t)atomic_load_explicit("
                            "(_Atomic int *)m_x, memory_order_acquire);\n"));
    assert_non_null(strstr(s, "    t_1 = (uint64_t)*m_p;\n"));
    assert_non_null(strstr(s, "    t_2 = (uint64_t)*((int *)ll_ptr(r_q));\n"));
    assert_non_null(strstr(s, "    {\n        int cas_e = (int)r_e;\n"
                            "        t_3 = atomic_compare_exchange_strong_"
                            "explicit((_Atomic int *)m_x, &cas_e, (int)2, "
                            "memory_order_relaxed, memory_order_relaxed);\n"
                            "        r_e = (uint64_t)cas_e;\n    }\n"));
    ll_buf_free(&c);
}

/* Qualifiers do not change a variable's type for hwrun. */
static void qualified_types(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C T\n{}\nP0(volatile int *x, const long *y)\n{\n"
                    "\tint r0 = READ_ONCE(*x) + *y;\n}\n"
                    "exists (0:r0=0)\n", &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "    int *const m_x = (int *)loc[0];\n"
                            "    long *const m_y = (long *)loc[1];\n"));
    assert_non_null(strstr(s, "{\"y\", INT64_C(0), -1, 8, 1, 0, 0},"));
    ll_buf_free(&c);
}

/* A local the condition names and the code never sets, declared (r3) or
 * not (r7), is 0, as herd7 and litmus7 show it; one the init block sets
 * (r5) starts at its value. */
static void unused_locals_in_condition(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C T\n{\n0:r5=3;\n}\nP0(int *x)\n{\n\tint r3;\n"
                    "\tWRITE_ONCE(*x, 1);\n}\n"
                    "exists (x=1 /\\ 0:r3=0 /\\ 0:r5=3 /\\ 0:r7=0)\n",
                    &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "    uint64_t r_r3 = 0;\n"
                            "    uint64_t r_r5 = 0;\n"
                            "    uint64_t r_r7 = 0;\n"));
    assert_non_null(strstr(s, "    r_r5 = 3;\n"));
    assert_non_null(strstr(s, "    out[0] = (int64_t)r_r3;\n"
                            "    out[1] = (int64_t)r_r5;\n"
                            "    out[2] = (int64_t)r_r7;\n"));
    ll_buf_free(&c);
}

/* Nothing of the test's text reaches the C file but identifiers and
 * escaped strings: its name in the heading comment with only letters,
 * digits and -+._ kept, and escaped in the strings the harness prints. */
static void names_escaped(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C a/b\n{}\nP0(int *x)\n{\n\tint r0 = 1;\n"
                    "\tWRITE_ONCE(*x, 1);\n}\n"
                    "exists (x=1 /\\ 0:r0=1)\n", &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "/* a_b: generated by"));
    assert_non_null(strstr(s, "    \"a/b\", \"Allowed\",\n"
                            "    \"exists ([x]=1 /\\\\ 0:r0=1)\",\n"));
    ll_buf_free(&c);
}

static void refusals(void **unused)
{
    (void)unused;
    static const struct {
        const char *text, *msg;
        int line, col;
    } cases[] = {
        {"C T\n{}\nP0(int *x)\n{\n\tsmp_mb();\n\tmy_fence();\n}\n"
         "exists (x=0)\n",
         "unsupported function 'my_fence'", 6, 2},
        {"C T\n{}\nP0(int *x)\n{\n\tint r0 = 0;\n\treturn;\n}\n"
         "exists (0:r0=0)\n",
         "'return' is not supported in C litmus tests", 6, 2},
        /* one test, one header */
        {"C T\n{}\nP0(atomic_int *x)\n{\n\tint r0 = READ_ONCE(*x);\n"
         "\tatomic_store_explicit(x, 1, memory_order_relaxed);\n}\n"
         "exists (0:r0=0)\n",
         "hwrun does not support the kernel's primitives and C11's atomics "
         "in one test", 5, 11},
        {"C T\n{}\nP0(int *x)\n{\n#include <stdlib.h>\n}\nexists (x=0)\n",
         "preprocessor directives are not supported", 5, 1},
        /* an atomic_ name with no such order */
        {"C T\n{}\nP0(atomic_t *a)\n{\n\tatomic_read_relaxed(a);\n}\n"
         "exists (a=0)\n",
         "unsupported function 'atomic_read_relaxed'", 5, 2},
        /* each variable has a slot of its own */
        {"C T\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(x[1], 1);\n}\n"
         "exists (x=0)\n",
         "hwrun does not support an address past a shared variable ('x+4')",
         5, 2},
        {"C T\n{}\nP0(char *x)\n{\n\tint r0 = xchg(x, 1);\n}\n"
         "exists (x=0)\n",
         "hwrun does not support atomic operations on a variable of type "
         "char", 5, 11},
        /* arithmetic on an address: herd7's b - a is the names' order */
        {"C T\n{ int *p = a; }\nP0(int **p, int *a, int *b)\n{\n"
         "\tint *r0 = READ_ONCE(*p);\n\tint r1 = r0 - a;\n}\n"
         "exists (0:r1=0)\n",
         "hwrun does not support arithmetic on an address ('a'): herd7 "
         "computes it otherwise than a machine", 6, 14},
        /* what a register points to must be one type */
        {"C T\n{ int *p = x; }\nP0(int *x, long *y, int **p)\n{\n"
         "\tint *r0 = READ_ONCE(*p);\n\tint r1 = READ_ONCE(*r0);\n"
         "\tWRITE_ONCE(*p, y);\n}\nexists (0:r1=0)\n",
         "hwrun cannot tell what a register points to: 'x' (int) and 'y' "
         "(long) both have their address taken", 6, 11},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ll_buf c = {0};
        ll_diag d = {0};
        assert_false(gen(cases[i].text, &c, &d));
        assert_string_equal(d.msg, cases[i].msg);
        assert_int_equal(d.line, cases[i].line);
        assert_int_equal(d.col, cases[i].col);
        assert_int_equal(c.len, 0);
        ll_buf_free(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernel_test_text),
        cmocka_unit_test(c11_test_text),
        cmocka_unit_test(names_escaped),
        cmocka_unit_test(qualified_types),
        cmocka_unit_test(unused_locals_in_condition),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
