/* test_util.c — the text buffer and diagnostics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(buf_grows_and_formats),
        cmocka_unit_test(diag_prints_file_line_col),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
