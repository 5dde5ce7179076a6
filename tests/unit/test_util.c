/* test_util.c — the text buffer and diagnostics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "litmuslab/escape.h"
#include "litmuslab/util.h"

static void buf_grows_and_formats(void **state)
{
    (void)state;
    ll_buf b = {0};
    assert_string_equal(ll_buf_str(&b), "");
    for (int i = 0; i < 1000; i++)
        ll_buf_printf(&b, "%d;", i % 10);
    assert_int_equal(b.len, 2000);
    assert_memory_equal(b.data, "0;1;2;", 6);
    ll_buf_clear(&b);
    ll_buf_puts(&b, "x=");
    ll_buf_putc(&b, '1');
    assert_string_equal(ll_buf_str(&b), "x=1");
    ll_buf_free(&b);
}

/* ll_buf_put_i64 writes what printf's %lld does (states' values are
 * printed with it): the ends of the range and around zero. */
static void buf_put_i64_as_printf(void **state)
{
    (void)state;
    static const int64_t cases[] = {0, 1, -1, 9, 10, -10, 4294967295LL,
                                    INT64_MAX, INT64_MIN, INT64_MIN + 1};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ll_buf b = {0};
        char want[32];
        ll_buf_puts(&b, "r=");
        ll_buf_put_i64(&b, cases[i]);
        snprintf(want, sizeof want, "r=%lld", (long long)cases[i]);
        assert_string_equal(ll_buf_str(&b), want);
        ll_buf_free(&b);
    }
}

static void diag_prints_file_line_col(void **state)
{
    (void)state;
    ll_diag d = {.file = "t.litmus"};
    ll_diag_set(&d, 3, 7, "unknown instruction '%s'", "frob");
    char out[256] = {0};
    FILE *f = fmemopen(out, sizeof out, "w");
    ll_diag_print(&d, f);
    fclose(f);
    assert_string_equal(out, "t.litmus:3:7: unknown instruction 'frob'\n");
}

/* Doubling past INT_MAX / 2 used to overflow (UBSan) and then loop for
 * ever; it must stop at INT_MAX. An alarm turns a hang into a failure. */
static void grow_stops_at_int_max(void **state)
{
    (void)state;
    alarm(10);
    char *items = NULL;
    int cap = INT_MAX / 2 + 1;
    ll_grow((void **)&items, &cap, INT_MAX / 2 + 2, 0);
    assert_int_equal(cap, INT_MAX);
    ll_grow((void **)&items, &cap, INT_MAX, 0);
    assert_int_equal(cap, INT_MAX);
    alarm(0);
    free(items);
}

static void nomem_exit(void)
{
    _exit(42);
}

/* A byte size past SIZE_MAX is out of memory (the hook runs), never a
 * small wrapped allocation. Checked in a child, as it does not return. */
static void grow_refuses_size_overflow(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        ll_on_out_of_memory(nomem_exit);
        char *items = NULL;
        int cap = 0;
        ll_grow((void **)&items, &cap, 1 << 20, SIZE_MAX / 1024);
        _exit(0);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 42);
}

/* The names campaign gives explanation files and report.html looks
 * for: worked by hand from ll_file_slug's rule. */
static void file_slug_names(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"0:r3=0; 1:r3=0;", "0_r3=0_1_r3=0"},
        {"SB+lwsync-RMW-lwsync+isync-simple", "SB+lwsync-RMW-lwsync+isync-simple"},
        {"[x]=1; 0:X0=-1;", "x_=1_0_X0=-1"},
        {"a/../b", "a_.._b"},
        {".hidden", "_hidden"},
        {";;", "_"},
        {"", "_"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ll_buf b = {0};
        ll_buf_puts(&b, "dir/");
        ll_file_slug(cases[i][0], &b);
        ll_buf want = {0};
        ll_buf_printf(&want, "dir/%s", cases[i][1]);
        assert_string_equal(b.data, want.data);
        ll_buf_free(&b);
        ll_buf_free(&want);
    }
}

/* A quote is cut at max bytes, at a character's start, with "...". */
static void excerpt_cuts(void **state)
{
    (void)state;
    char out[16];
    ll_excerpt("0:r1=1;", 10, out, sizeof out);
    assert_string_equal(out, "0:r1=1;");
    ll_excerpt("0123456789abc", 10, out, sizeof out);
    assert_string_equal(out, "0123456789...");
    ll_excerpt("012345678\xc3\xa9", 10, out, sizeof out);   /* é at 9-10 */
    assert_string_equal(out, "012345678...");
    ll_diag d = {0};
    char big[600];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    ll_diag_set(&d, 1, 0, "%s", big);
    assert_string_equal(d.msg + sizeof d.msg - 4, "...");
}

/* One helper per format; a label with a control character is refused. */
static void escapes_per_format(void **state)
{
    (void)state;
    static const struct {
        void (*esc)(const char *, ll_buf *);
        const char *want;
    } cases[] = {
        {ll_esc_html, "a&lt;b&gt;&amp;&quot;&#39;_%\\x0a"},
        {ll_esc_json, "\"a\\u003cb\\u003e\\u0026\\\"'_%\\n\""},
        {ll_esc_tex, "a\\textless{}b\\textgreater{}\\&\\textquotedbl{}'\\_\\%"
                     "\\textbackslash{}x0a"},
        {ll_esc_md, "a\\<b\\>\\&\"'\\_%\\\\x0a"},
        {ll_esc_text, "a<b>&\"'_%\\x0a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ll_buf b = {0};
        cases[i].esc("a<b>&\"'_%\n", &b);
        assert_string_equal(ll_buf_str(&b), cases[i].want);
        ll_buf_free(&b);
    }
    assert_null(ll_label_problem("box-1 (Power9)"));
    assert_string_equal(ll_label_problem("a\nb"), "holds a newline");
    assert_string_equal(ll_label_problem("a\rb"),
                        "holds a control character (0x0d)");
    assert_string_equal(ll_label_problem(""), "is empty");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(buf_grows_and_formats),
        cmocka_unit_test(buf_put_i64_as_printf),
        cmocka_unit_test(diag_prints_file_line_col),
        cmocka_unit_test(grow_stops_at_int_max),
        cmocka_unit_test(grow_refuses_size_overflow),
        cmocka_unit_test(file_slug_names),
        cmocka_unit_test(excerpt_cuts),
        cmocka_unit_test(escapes_per_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
