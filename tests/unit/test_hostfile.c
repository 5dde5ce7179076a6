/* test_hostfile.c — the host file (GNU parallel's --sshloginfile format)
 * as campaign --hosts and model --hosts read it, and the lines
 * `parallel --tag` writes per host. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "litmuslab/hostfile.h"

/* Reads text as a host file; the diagnostics in diag (size n). */
static bool read_text(const char *text, ll_host **hosts, int *n, char *diag,
                      size_t size)
{
    char path[] = "/tmp/test_hostfile.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    FILE *d = fmemopen(diag, size, "w");
    bool ok = ll_hosts_read(path, "model", hosts, n, d);
    fclose(d);
    /* the file's name out of the message */
    size_t len = strlen(path);
    if (!strncmp(diag, path, len))
        memmove(diag, diag + len, strlen(diag + len) + 1);
    unlink(path);
    return ok;
}

static void reads_logins_groups_and_counts(void **state)
{
    (void)state;
    ll_host *h;
    int n;
    char diag[256] = "";
    assert_true(read_text("# lab\n  power9.lab  \n@m1/4/alice@mini\n"
                          "ssh -p 2222 graviton3\n\n", &h, &n, diag,
                          sizeof diag));
    assert_string_equal(diag, "");
    assert_int_equal(n, 3);
    assert_string_equal(h[0].login, "power9.lab");
    assert_null(h[0].group);
    assert_int_equal(h[0].line, 2);
    assert_string_equal(h[1].login, "alice@mini");
    assert_string_equal(h[1].group, "m1");
    assert_string_equal(h[2].login, "ssh -p 2222 graviton3");
    assert_string_equal(h[2].name, "graviton3");
    assert_int_equal(h[2].line, 4);
    ll_hosts_free(h, n);
}

static void says_each_mistake(void **state)
{
    (void)state;
    ll_host *h;
    int n;
    char diag[256];
    assert_false(read_text("a\n:\n", &h, &n, diag, sizeof diag));
    assert_string_equal(diag, ":2: `:` (this machine) runs no shard: give "
                        "it as an ssh login (localhost), or run the model "
                        "without --hosts\n");
    assert_null(h);
    assert_int_equal(n, 0);
    assert_false(read_text("@a b/x\n", &h, &n, diag, sizeof diag));
    assert_string_equal(diag, ":1: a host group is @NAME/ before the login "
                        "(NAME: letters, digits, . _ = -)\n");
    assert_false(read_text("x\ny\nx\n", &h, &n, diag, sizeof diag));
    assert_string_equal(diag, ":3: host 'x' given twice (line 1)\n");
    assert_false(read_text("8/\n", &h, &n, diag, sizeof diag));
    assert_string_equal(diag, ":1: no ssh login\n");
    assert_false(read_text("# none\n", &h, &n, diag, sizeof diag));
    assert_string_equal(diag, ": no hosts (one ssh login a line, as GNU "
                        "parallel's --sshloginfile)\n");
}

static void finds_a_hosts_tagged_line(void **state)
{
    (void)state;
    const char *out = "ssh -F c h1\tlitmuslab-model x86_64 -\n"
                      "h2\tssh: connect to host h2: refused\r\n";
    char *s = ll_hosts_tagged(out, "ssh -F c h1", "litmuslab-model ");
    assert_string_equal(s, "x86_64 -");
    free(s);
    s = ll_hosts_tagged(out, "h2", NULL);
    assert_string_equal(s, "ssh: connect to host h2: refused");
    free(s);
    assert_null(ll_hosts_tagged(out, "h2", "litmuslab-model "));
    assert_null(ll_hosts_tagged(out, "h1", NULL));   /* a whole login */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_logins_groups_and_counts),
        cmocka_unit_test(says_each_mistake),
        cmocka_unit_test(finds_a_hosts_tagged_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
