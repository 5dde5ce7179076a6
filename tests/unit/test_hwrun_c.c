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

static void kernel_test_text(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C T\n{ long y = 2; }\n"
                    "P0(int *x, long *y, spinlock_t *s)\n{\n"
                    "\tint r0, r1 = 1, *r2;\n\tint a[2];\n"
                    "\tfor (int i = 0; i < 2; i++)\n\t\ta[i] = i;\n"
                    "\tspin_lock(s);\n\tr0 = READ_ONCE(*x) == 1;\n"
                    "\tspin_unlock(s);\n}\n"
                    "exists (0:r0=0 /\\ 0:r1=1 /\\ y=2 /\\ s=0)\n",
                    &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "#include \"hr_kp.h\"\n"));
    assert_null(strstr(s, "stdatomic"));
    /* locations sorted: s, x, y */
    assert_non_null(strstr(s, "    spinlock_t *s = (spinlock_t *)loc[0];\n"
                            "    (void)s;\n"));
    assert_non_null(strstr(s, "    int *x = (int *)loc[1];\n"));
    assert_non_null(strstr(s, "    long *y = (long *)loc[2];\n"));
    assert_non_null(strstr(s, "    kp_enter(0);\n"));
    /* a value for each local without one; none added elsewhere */
    assert_non_null(strstr(s, "\tint r0 = 0, r1 = 1, *r2 = 0;\n"));
    assert_non_null(strstr(s, "\tint a[2] = {0};\n"));
    assert_non_null(strstr(s, "for (int i = 0; i < 2; i++)"));
    assert_non_null(strstr(s, "r0 = READ_ONCE(*x) == 1;"));
    /* outs sorted: 0:r0, 0:r1, s, y */
    assert_non_null(strstr(s, "    out[0] = (int64_t)(r0);\n"
                            "    out[1] = (int64_t)(r1);\n"
                            "    }\n"));
    /* the types: spinlock_t 4 unsigned bytes, long 8 (its init 2) */
    assert_non_null(strstr(s, "{\"s\", INT64_C(0), -1, 4, 0, 0, 0},"));
    assert_non_null(strstr(s, "{\"y\", INT64_C(2), -1, 8, 1, 0, 0},"));
    ll_buf_free(&c);
}

static void c11_test_text(void **unused)
{
    (void)unused;
    ll_buf c = {0};
    ll_diag d = {0};
    assert_true(gen("C T\n{}\nP0(atomic_int *x)\n{\n\tint r0 = "
                    "atomic_load_explicit(x, memory_order_acquire);\n}\n"
                    "exists (0:r0=0)\n", &c, &d));
    const char *s = ll_buf_str(&c);
    assert_non_null(strstr(s, "#include <stdatomic.h>\n"));
    assert_null(strstr(s, "hr_kp.h"));
    assert_non_null(strstr(s, "    atomic_int *x = (atomic_int *)loc[0];\n"));
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
         "hwrun does not support 'my_fence' in C tests", 6, 2},
        {"C T\n{}\nP0(int *x)\n{\n\tint r0 = 0;\n\treturn;\n}\n"
         "exists (0:r0=0)\n",
         "hwrun does not support 'return' in a thread body (the registers "
         "are read at its end)", 6, 2},
        {"C T\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\n"
         "exists (x=1 /\\ 0:r5=0)\n",
         "register 0:r5 is not a variable of P0", 7, 16},
        /* C11 tests get C11's names, not the kernel's */
        {"C T\n{}\nP0(atomic_int *x)\n{\n\tint r0 = READ_ONCE(*x);\n}\n"
         "exists (0:r0=0)\n",
         "hwrun does not support 'READ_ONCE' in C tests", 5, 11},
        {"C T\n{}\nP0(int *x)\n{\n#include <stdlib.h>\n}\nexists (x=0)\n",
         "hwrun does not support preprocessor directives ('#') in a "
         "thread body", 5, 1},
        /* an atomic_ name with no such order */
        {"C T\n{}\nP0(atomic_t *a)\n{\n\tatomic_read_relaxed(a);\n}\n"
         "exists (a=0)\n",
         "hwrun does not support 'atomic_read_relaxed' in C tests", 5, 2},
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
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
