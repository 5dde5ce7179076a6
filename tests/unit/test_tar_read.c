/* test_tar_read.c — lib/tar_read.c reads back what hwrun's tar writer
 * writes (a bundle): ustar names with a prefix, GNU long names, folders
 * skipped, the want() filter; and refuses what is no tar archive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwrun/hwrun.h"
#include "litmuslab/tar.h"

static bool take_litmus(const char *name, void *arg)
{
    (void)arg;
    size_t n = strlen(name);
    return n > 7 && !strcmp(name + n - 7, ".litmus");
}

static bool collect(const char *name, const char *data, size_t size,
                    void *arg)
{
    ll_buf *b = arg;
    ll_buf_printf(b, "%s=%zu:%s|", name, size, data);
    return true;
}

static void reads_what_the_bundle_writer_writes(void **unused)
{
    (void)unused;
    char path[] = "/tmp/test_tar_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char longname[300];
    snprintf(longname, sizeof longname, "b/litmus/%0200d.litmus", 7);
    hw_tar *t = hw_tar_open(fd);
    assert_true(hw_tar_dir(t, "b"));
    assert_true(hw_tar_dir(t, "b/litmus"));
    assert_true(hw_tar_file(t, "b/litmus/MP.litmus", "X86 MP\n", 0644));
    assert_true(hw_tar_file(t, "b/run", "#!/bin/sh\n", 0755));
    assert_true(hw_tar_file(t, longname, "long", 0644));
    assert_true(hw_tar_close(t));
    ll_buf got = {0};
    ll_diag d = {0};
    assert_true(ll_tar_each(path, 1 << 20, take_litmus, collect, &got, &d));
    ll_buf want = {0};
    ll_buf_printf(&want, "b/litmus/MP.litmus=7:X86 MP\n|%s=4:long|", longname);
    assert_string_equal(got.data, want.data);
    /* a member over the limit is refused, named */
    assert_false(ll_tar_each(path, 5, take_litmus, collect, &got, &d));
    assert_string_equal(d.msg, "b/litmus/MP.litmus: 7 bytes, more than 5");
    unlink(path);
    /* not an archive */
    FILE *f = fopen(path, "w");
    fputs("X86 MP\n{}\n", f);
    fclose(f);
    memset(&d, 0, sizeof d);
    assert_false(ll_tar_each(path, 1 << 20, take_litmus, collect, &got, &d));
    assert_string_equal(d.msg, "not a tar archive, or cut short");
    assert_string_equal(d.file, path);
    unlink(path);
    ll_buf_free(&got);
    ll_buf_free(&want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_what_the_bundle_writer_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
