/* test_os.c — lib/os.c: folders made with their parents, a file replaced
 * whole (a link at its place replaced, never followed), a tied child in a
 * group of its own, and signal handlers set and put back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "litmuslab/os.h"
#include "litmuslab/outdir.h"

static char *path_in(const char *dir, const char *name)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "%s/%s", dir, name);
    return b.data;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void folders(void **unused)
{
    (void)unused;
    char tmpl[] = "/tmp/test_os.XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    char *deep = path_in(tmpl, "a/b//c/");
    char *file = path_in(tmpl, "p/q/file");
    char *blocked = path_in(tmpl, "f/x");
    assert_true(ll_mkdirs(deep, 0777));
    assert_true(is_dir(deep));
    assert_true(ll_mkdirs(deep, 0777));          /* there already */
    assert_true(ll_mkdir(tmpl, 0777));
    assert_true(ll_mkdir_parents(file, 0777));   /* p/q, not file */
    char *q = path_in(tmpl, "p/q");
    assert_true(is_dir(q));
    assert_false(is_dir(file));
    assert_int_equal(access(file, F_OK), -1);
    char *f = path_in(tmpl, "f");                /* a file in the way */
    assert_true(ll_replace_file(f, "x", 1));
    assert_false(ll_mkdirs(blocked, 0777));
    assert_int_equal(errno, ENOTDIR);
    ll_remove_tree(tmpl);
    free(deep), free(file), free(blocked), free(q), free(f);
}

static void replaced_whole(void **unused)
{
    (void)unused;
    char tmpl[] = "/tmp/test_os.XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    char *target = path_in(tmpl, "target"), *link = path_in(tmpl, "link");
    assert_true(ll_replace_file(target, "old", 3));
    assert_int_equal(symlink(target, link), 0);
    assert_true(ll_replace_file(link, "new\n", 4));
    size_t len;
    char *t = ll_read_file(target, &len);
    assert_string_equal(t, "old");       /* not written through the link */
    free(t);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    t = ll_read_file(link, &len);
    assert_string_equal(t, "new\n");
    free(t);
    ll_buf tmp = {0};
    ll_tmp_name(link, &tmp);
    assert_int_equal(access(tmp.data, F_OK), -1);   /* nothing left */
    ll_buf_free(&tmp);
    ll_remove_tree(tmpl);
    free(target), free(link);
}

static void tied_child(void **unused)
{
    (void)unused;
    pid_t pid = ll_fork_tied(true);
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(getpgrp() == getpid() ? 7 : 1);
    int st = 0;
    assert_true(ll_wait(pid, &st));
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 7);
    pid = ll_fork_tied(false);
    if (pid == 0)
        _exit(getpgrp() == getpid() ? 1 : 8);
    assert_true(ll_wait(pid, &st));
    assert_int_equal(WEXITSTATUS(st), 8);
}

static volatile sig_atomic_t caught;
static void on_usr(int sig)
{
    caught = sig;
}

static void signals(void **unused)
{
    (void)unused;
    static const int sigs[] = {SIGUSR1, SIGUSR2, 0};
    struct sigaction old[2], now;
    ll_signals_catch(sigs, SIG_IGN, NULL);
    ll_signals_catch(sigs, on_usr, old);
    raise(SIGUSR2);
    assert_int_equal(caught, SIGUSR2);
    ll_signals_restore(sigs, old);
    sigaction(SIGUSR1, NULL, &now);
    assert_true(now.sa_handler == SIG_IGN);
    sigaction(SIGUSR2, NULL, &now);
    assert_true(now.sa_handler == SIG_IGN);
    signal(SIGUSR1, SIG_DFL);
    signal(SIGUSR2, SIG_DFL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(folders),
        cmocka_unit_test(replaced_whole),
        cmocka_unit_test(tied_child),
        cmocka_unit_test(signals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
