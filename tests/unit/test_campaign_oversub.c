/* test_campaign_oversub.c — the campaign summary's list of tests hwrun
 * ran with more threads than PUs (its `Oversubscribed` line), read from
 * the hardware logs: named with their threads and PUs, none for a log
 * without them or one that cannot be read, cut at max_list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "tmptext.h"

#define ENTRY(name, extra)                                                  \
    "Test " name " Allowed\nHistogram (1 states)\n1000  :>0:rax=1;\nNo\n"  \
    "Topology 1 package, 1 NUMA node, 2 cores, 2 PUs\n" extra               \
    "Run -n 1000 -s 1000 -sync timebase\nTime " name " 0.01\n\n"
#define OVER(n) "Oversubscribed " n " threads on 2 PUs: threads take "    \
                "turns on a PU, so most outcomes cannot show; not hardware " \
                "evidence\n"

static char *printed(const char *const *logs, int n, int max)
{
    FILE *f = tmpfile();
    cp_print_oversubscribed(f, logs, n, max);
    static char buf[2048];
    rewind(f);
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    buf[k] = 0;
    fclose(f);
    return buf;
}

static void lists_the_oversubscribed_tests(void **state)
{
    (void)state;
    char a[] = "/tmp/oversubXXXXXX", b[] = "/tmp/oversubXXXXXX";
    tmptext_write(a, ENTRY("SB", "") ENTRY("IRIW", OVER("4"))
                     ENTRY("MP", ""), 0);
    tmptext_write(b, ENTRY("WRC", OVER("3")), 0);
    const char *both[] = {a, b, "/nonexistent/hardware.log"};
    assert_string_equal(printed(both, 3, 10),
        "\nTests run with more threads than PUs (2): their threads took "
        "turns, so most outcomes could not show; what they did not show is "
        "no hardware evidence:\n"
        "  IRIW                                     4 threads on 2 PUs\n"
        "  WRC                                      3 threads on 2 PUs\n");
    assert_string_equal(printed(both, 3, 1),
        "\nTests run with more threads than PUs (2): their threads took "
        "turns, so most outcomes could not show; what they did not show is "
        "no hardware evidence:\n"
        "  IRIW                                     4 threads on 2 PUs\n"
        "  ... and 1 more in the hardware log\n");
    char c[] = "/tmp/oversubXXXXXX";
    tmptext_write(c, ENTRY("SB", "") ENTRY("MP", ""), 0);
    const char *none[] = {c, "/nonexistent/hardware.log"};
    assert_string_equal(printed(none, 2, 10), "");
    unlink(a);
    unlink(b);
    unlink(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists_the_oversubscribed_tests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
