/* test_fuzz_cbody.c — `make fuzz-cbody`'s checks (tests/fuzz/fuzz_cbody.c)
 * on its seeds, in `make test`: each seed body that hwrun takes prints
 * thread functions of our names and the primitives only, which compile
 * as hwrun compiles them and call nothing but the harness; the hostile
 * seeds (hostile-*) are refused. Needs cc (skipped without). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>

#include "tests/fuzz/fuzz_cbody.c"

static void seeds(void **unused)
{
    (void)unused;
    if (system("cc --version >/dev/null 2>&1"))
        skip();
    const char *dir = "tests/fuzz/cbody-seeds";
    DIR *d = opendir(dir);
    assert_non_null(d);
    int taken = 0, refused = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n = 0;
        char *body = ll_read_file(path, &n);
        if (!body)
            fail_msg("cannot read %s", path);
        char why[4500];
        bool accepted = false;
        if (!cbody_check(body, n, 1, &accepted, why, sizeof why))
            fail_msg("%s: %s", path, why);
        bool hostile = !strncmp(e->d_name, "hostile-", 8);
        if (accepted == hostile)
            fail_msg("%s: %s", path, hostile ? "taken" : "refused");
        taken += accepted;
        refused += !accepted;
        free(body);
    }
    closedir(d);
    assert_int_equal(taken, 9);
    assert_int_equal(refused, 4);
}

/* The name check itself: it finds a call the generator never prints. */
static void names_check_finds(void **unused)
{
    (void)unused;
    char why[200];
    assert_true(cbody_names_ok("static void P0(uint64_t *const *loc)\n{\n"
                               "    r_r0 = READ_ONCE(*m_x);\n}\n"
                               "static int cond(", why, sizeof why));
    assert_false(cbody_names_ok("static void P0(void)\n{\n    system(0);\n}\n"
                                "static int cond(", why, sizeof why));
    assert_string_equal(why, "name 'system' in a thread function");
    assert_false(cbody_names_ok("static void P0(void)\n{\n    f(\"\");\n}\n"
                                "static int cond(", why, sizeof why));
    assert_string_equal(why, "name 'f' in a thread function");
    assert_false(cbody_names_ok("static void P0(void)\n{\n    r_x = 1; #\n}\n"
                                "static int cond(", why, sizeof why));
    assert_string_equal(why, "byte 0x23 in a thread function");
    /* the generator's #line lines, and nothing after one on its line */
    assert_true(cbody_names_ok("static void P0(void)\n{\n#line 7 \"a\\\"b.litmus\"\n"
                               "    r_x = 1;\n}\nstatic int cond(", why,
                               sizeof why));
    assert_false(cbody_names_ok("static void P0(void)\n{\n#line 7 \"a\" x\n"
                                "}\nstatic int cond(", why, sizeof why));
    assert_false(cbody_names_ok("static void P0(void)\n{\n#include \"a\"\n"
                                "}\nstatic int cond(", why, sizeof why));
    assert_string_equal(why, "byte 0x23 in a thread function");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seeds),
        cmocka_unit_test(names_check_finds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
