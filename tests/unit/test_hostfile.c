/* test_hostfile.c — the host file (GNU parallel's --sshloginfile format)
 * as campaign --hosts and model --hosts read it, the lines
 * `parallel --tag` writes per host, and the joblog's jobs whose results
 * did not come back. */
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

/* shards 0 and 2 came back; 1 and 3 did not */
static bool came_back(int shard, void *ctx)
{
    (void)ctx;
    return shard % 2 == 0;
}

static void marks_jobs_that_did_not_come_back(void **state)
{
    (void)state;
    const char *log =
        "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n"
        "1\th1\t1.0\t2.0\t0\t0\t0\t0\tjob 1\n"
        "2\th2\t1.0\t2.0\t0\t0\t0\t0\tjob 2\n"
        "3\th1\t1.0\t2.0\t0\t0\t255\t0\tjob 3\n"
        "4\th2\t1.0\t2.0\t0\t0\t0\t0\tjob 4\n"
        "5\th2\t1.0\t2.0\t0\t0\t0\t0\tjob 5";
    ll_buf out = {0};
    /* job 2 (shard 1) is made 1; job 3 failed already; job 4 is shard 3,
       past n = 3 as job 5 is: left */
    assert_true(ll_joblog_unfinished(log, 3, came_back, NULL, &out));
    assert_string_equal(out.data,
        "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n"
        "1\th1\t1.0\t2.0\t0\t0\t0\t0\tjob 1\n"
        "2\th2\t1.0\t2.0\t0\t0\t1\t0\tjob 2\n"
        "3\th1\t1.0\t2.0\t0\t0\t255\t0\tjob 3\n"
        "4\th2\t1.0\t2.0\t0\t0\t0\t0\tjob 4\n"
        "5\th2\t1.0\t2.0\t0\t0\t0\t0\tjob 5\n");
    ll_buf_clear(&out);
    assert_false(ll_joblog_unfinished(log, 1, came_back, NULL, &out));
    assert_false(ll_joblog_unfinished(NULL, 3, came_back, NULL, &out));
    ll_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_logins_groups_and_counts),
        cmocka_unit_test(says_each_mistake),
        cmocka_unit_test(finds_a_hosts_tagged_line),
        cmocka_unit_test(marks_jobs_that_did_not_come_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
