/* test_cat_models.c — our sc.cat, x86tso.cat and ppc.cat on hand-built
 * candidate executions of the classic litmus shapes (SB, MP, LB, IRIW,
 * CoRR, atomicity), with the verdicts the published models give; and the
 * copies of model/cats built into the program. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_cat_exec.h"

static const char *const dirs[] = {"model/cats"};

static cat_model *load(const char *name)
{
    ll_diag d = {0};
    cat_model *m = cat_load(name, dirs, 1, &d);
    if (!m)
        ll_diag_print(&d, stderr);
    assert_non_null(m);
    return m;
}

/* The tags model/sem declares for the architectures of our models. */
static void declare_arch_tags(xb *b)
{
    static const char *const names[] = {
        "SYNC", "LWSYNC", "ISYNC", "EIEIO", "MFENCE", "LFENCE", "SFENCE", "X",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        xb_declare(b, names[i]);
}

/* Is the execution allowed? (Fails the test on an evaluation error.) */
static bool allowed(const char *model, xb *b, const char **failed)
{
    cat_model *m = load(model);
    declare_arch_tags(b);
    cat_result r;
    ll_diag d = {0};
    bool ok = cat_check(m, &b->x, &r, &d);
    if (!ok)
        ll_diag_print(&d, stderr);
    assert_true(ok);
    /* A second run on the same scratch space must agree. */
    cat_result again;
    assert_true(cat_check(m, &b->x, &again, &d));
    assert_int_equal(again.allowed, r.allowed);
    /* The name lives in the model: keep a copy past cat_free. */
    static char failed_copy[64];
    snprintf(failed_copy, sizeof failed_copy, "%s", r.failed ? r.failed : "");
    if (failed)
        *failed = failed_copy;
    cat_free(m);
    return r.allowed;
}

/* Extra branch events on a thread of their own, so relations span more
 * than one 64-bit word; they must change no verdict. */
enum { PAD = 70 };

static int padded(int n, bool pad)
{
    return pad ? n + PAD : n;
}

static void pad_events(xb *b, int from, bool pad)
{
    for (int e = from; pad && e < from + PAD; e++)
        xb_event(b, e, 'B', 9, -1);
}

/* SB: x=1; r1=y || y=1; r2=x with r1=r2=0. `fence` names the tag of
 * the fence between each write and read, or NULL for none. */
static void build_sb(xb *b, const char *fence, bool pad)
{
    xb_init(b, padded(8, pad));
    xb_event(b, 0, 'I', -1, 0);
    xb_event(b, 1, 'I', -1, 1);
    xb_event(b, 2, 'W', 0, 0);
    xb_event(b, 3, 'F', 0, -1);
    xb_event(b, 4, 'R', 0, 1);
    xb_event(b, 5, 'W', 1, 1);
    xb_event(b, 6, 'F', 1, -1);
    xb_event(b, 7, 'R', 1, 0);
    pad_events(b, 8, pad);
    if (fence) {
        xb_tag(b, fence, 3);
        xb_tag(b, fence, 6);
    }
    mdl_rel_add(&b->x.rf, 1, 4);
    mdl_rel_add(&b->x.rf, 0, 7);
    mdl_rel_add(&b->x.co, 0, 2);
    mdl_rel_add(&b->x.co, 1, 5);
    xb_finish(b);
}

static void sb(void **state)
{
    (void)state;
    for (int pad = 0; pad <= 1; pad++) {
        xb b;
        const char *failed;
        build_sb(&b, NULL, pad);
        assert_false(allowed("sc.cat", &b, &failed));
        assert_string_equal(failed, "sc");
        assert_true(allowed("x86tso.cat", &b, NULL));
        assert_true(allowed("ppc.cat", &b, NULL));
        xb_free(&b);

        build_sb(&b, "MFENCE", pad);
        assert_false(allowed("x86tso.cat", &b, &failed));
        assert_string_equal(failed, "tso");
        xb_free(&b);

        build_sb(&b, "SYNC", pad);
        assert_false(allowed("ppc.cat", &b, NULL));
        xb_free(&b);

        build_sb(&b, "LWSYNC", pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        xb_free(&b);
    }
}

/* The engine may or may not count initial writes in W: same verdicts. */
static void sb_init_writes_outside_w(void **state)
{
    (void)state;
    xb b;
    build_sb(&b, "MFENCE", false);
    mdl_set_clear(&b.x.W);
    mdl_set_add(&b.x.W, 2);
    mdl_set_add(&b.x.W, 5);
    assert_false(allowed("x86tso.cat", &b, NULL));
    assert_false(allowed("sc.cat", &b, NULL));
    xb_free(&b);
}

/* An xchg in place of the first write acts as a fence on x86. */
static void sb_xchg(void **state)
{
    (void)state;
    xb b;
    build_sb(&b, NULL, false);
    xb_tag(&b, "X", 2);
    xb_tag(&b, "X", 5);
    assert_false(allowed("x86tso.cat", &b, NULL));
    xb_free(&b);
}

enum { DEP_NONE, DEP_ADDR, DEP_CTRL, DEP_CTRLISYNC };

/* MP: x=1; y=1 || r1=y; r2=x with r1=1, r2=0. */
static void build_mp(xb *b, const char *fence0, const char *fence1, int dep,
                     bool pad)
{
    xb_init(b, padded(8, pad));
    xb_event(b, 0, 'I', -1, 0);
    xb_event(b, 1, 'I', -1, 1);
    xb_event(b, 2, 'W', 0, 0);
    xb_event(b, 3, 'F', 0, -1);
    xb_event(b, 4, 'W', 0, 1);
    xb_event(b, 5, 'R', 1, 1);
    xb_event(b, 6, 'F', 1, -1);
    xb_event(b, 7, 'R', 1, 0);
    pad_events(b, 8, pad);
    if (fence0)
        xb_tag(b, fence0, 3);
    if (fence1)
        xb_tag(b, fence1, 6);
    if (dep == DEP_ADDR)
        mdl_rel_add(&b->x.addr, 5, 7);
    if (dep == DEP_CTRL || dep == DEP_CTRLISYNC) {
        mdl_rel_add(&b->x.ctrl, 5, 6);
        mdl_rel_add(&b->x.ctrl, 5, 7);
    }
    if (dep == DEP_CTRLISYNC) {
        mdl_rel_add(&b->x.ctrlisync, 5, 7);
    }
    mdl_rel_add(&b->x.rf, 4, 5);
    mdl_rel_add(&b->x.rf, 0, 7);
    mdl_rel_add(&b->x.co, 0, 2);
    mdl_rel_add(&b->x.co, 1, 4);
    xb_finish(b);
}

static void mp(void **state)
{
    (void)state;
    for (int pad = 0; pad <= 1; pad++) {
        xb b;
        build_mp(&b, NULL, NULL, DEP_NONE, pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        assert_false(allowed("x86tso.cat", &b, NULL));
        assert_false(allowed("sc.cat", &b, NULL));
        xb_free(&b);

        build_mp(&b, "LWSYNC", NULL, DEP_ADDR, pad);
        assert_false(allowed("ppc.cat", &b, NULL));
        xb_free(&b);

        /* Either half alone is not enough. */
        build_mp(&b, "LWSYNC", NULL, DEP_NONE, pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        xb_free(&b);
        build_mp(&b, NULL, NULL, DEP_ADDR, pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        xb_free(&b);

        /* A control dependency orders nothing before a read... */
        build_mp(&b, "SYNC", NULL, DEP_CTRL, pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        xb_free(&b);
        /* ...unless an isync follows the branch. */
        build_mp(&b, "SYNC", "ISYNC", DEP_CTRLISYNC, pad);
        assert_false(allowed("ppc.cat", &b, NULL));
        xb_free(&b);

        /* eieio orders the two writes, like lwsync. */
        build_mp(&b, "EIEIO", NULL, DEP_ADDR, pad);
        assert_false(allowed("ppc.cat", &b, NULL));
        xb_free(&b);
        /* Two lwsyncs forbid MP. */
        build_mp(&b, "LWSYNC", "LWSYNC", DEP_NONE, pad);
        assert_false(allowed("ppc.cat", &b, NULL));
        xb_free(&b);
    }
}

/* LB: r1=x; y=1 || r2=y; x=1 with r1=r2=1. */
static void build_lb(xb *b, bool deps)
{
    xb_init(b, 6);
    xb_event(b, 0, 'I', -1, 0);
    xb_event(b, 1, 'I', -1, 1);
    xb_event(b, 2, 'R', 0, 0);
    xb_event(b, 3, 'W', 0, 1);
    xb_event(b, 4, 'R', 1, 1);
    xb_event(b, 5, 'W', 1, 0);
    if (deps) {
        mdl_rel_add(&b->x.data, 2, 3);
        mdl_rel_add(&b->x.data, 4, 5);
    }
    mdl_rel_add(&b->x.rf, 5, 2);
    mdl_rel_add(&b->x.rf, 3, 4);
    mdl_rel_add(&b->x.co, 0, 5);
    mdl_rel_add(&b->x.co, 1, 3);
    xb_finish(b);
}

static void lb(void **state)
{
    (void)state;
    xb b;
    const char *failed;
    build_lb(&b, false);
    assert_true(allowed("ppc.cat", &b, NULL));
    assert_false(allowed("x86tso.cat", &b, NULL));
    xb_free(&b);
    build_lb(&b, true);
    assert_false(allowed("ppc.cat", &b, &failed));
    assert_string_equal(failed, "no-thin-air");
    xb_free(&b);
}

/* IRIW: x=1 || y=1 || r1=x; r2=y || r3=y; r4=x, readers disagreeing. */
static void build_iriw(xb *b, const char *fence, bool pad)
{
    xb_init(b, padded(10, pad));
    xb_event(b, 0, 'I', -1, 0);
    xb_event(b, 1, 'I', -1, 1);
    xb_event(b, 2, 'W', 0, 0);
    xb_event(b, 3, 'W', 1, 1);
    xb_event(b, 4, 'R', 2, 0);
    xb_event(b, 5, 'F', 2, -1);
    xb_event(b, 6, 'R', 2, 1);
    xb_event(b, 7, 'R', 3, 1);
    xb_event(b, 8, 'F', 3, -1);
    xb_event(b, 9, 'R', 3, 0);
    pad_events(b, 10, pad);
    if (fence) {
        xb_tag(b, fence, 5);
        xb_tag(b, fence, 8);
    }
    mdl_rel_add(&b->x.rf, 2, 4);
    mdl_rel_add(&b->x.rf, 1, 6);
    mdl_rel_add(&b->x.rf, 3, 7);
    mdl_rel_add(&b->x.rf, 0, 9);
    mdl_rel_add(&b->x.co, 0, 2);
    mdl_rel_add(&b->x.co, 1, 3);
    xb_finish(b);
}

static void iriw(void **state)
{
    (void)state;
    for (int pad = 0; pad <= 1; pad++) {
        xb b;
        const char *failed;
        build_iriw(&b, "SYNC", pad);
        assert_false(allowed("ppc.cat", &b, &failed));
        assert_string_equal(failed, "propagation");
        xb_free(&b);
        build_iriw(&b, "LWSYNC", pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        xb_free(&b);
        build_iriw(&b, NULL, pad);
        assert_true(allowed("ppc.cat", &b, NULL));
        assert_false(allowed("x86tso.cat", &b, NULL));
        xb_free(&b);
    }
}

/* CoRR: x=1 || r1=x; r2=x with r1=1, r2=0: incoherent everywhere. */
static void corr(void **state)
{
    (void)state;
    const char *const models[] = {"sc.cat", "x86tso.cat", "ppc.cat"};
    for (int i = 0; i < 3; i++) {
        xb b;
        const char *failed;
        xb_init(&b, 4);
        xb_event(&b, 0, 'I', -1, 0);
        xb_event(&b, 1, 'W', 0, 0);
        xb_event(&b, 2, 'R', 1, 0);
        xb_event(&b, 3, 'R', 1, 0);
        mdl_rel_add(&b.x.rf, 1, 2);
        mdl_rel_add(&b.x.rf, 0, 3);
        mdl_rel_add(&b.x.co, 0, 1);
        xb_finish(&b);
        assert_false(allowed(models[i], &b, &failed));
        /* Under SC the global check fails as well; either may be first. */
        if (i > 0)
            assert_string_equal(failed, "sc-per-location");
        xb_free(&b);
    }
}

/* A read-modify-write of x on thread 0 and a write of x on thread 1:
 * the other write may not fall between the RMW's read and write. */
static void atomicity(void **state)
{
    (void)state;
    const char *const models[] = {"sc.cat", "x86tso.cat", "ppc.cat"};
    for (int i = 0; i < 3; i++) {
        for (int between = 0; between <= 1; between++) {
            xb b;
            const char *failed;
            xb_init(&b, 4);
            xb_event(&b, 0, 'I', -1, 0);
            xb_event(&b, 1, 'R', 0, 0);
            xb_event(&b, 2, 'W', 0, 0);
            xb_event(&b, 3, 'W', 1, 0);
            xb_tag(&b, "X", 1);
            xb_tag(&b, "X", 2);
            mdl_rel_add(&b.x.rmw, 1, 2);
            mdl_rel_add(&b.x.rf, 0, 1);
            mdl_rel_add(&b.x.co, 0, between ? 3 : 2);
            mdl_rel_add(&b.x.co, between ? 3 : 2, between ? 2 : 3);
            xb_finish(&b);
            assert_int_equal(allowed(models[i], &b, &failed), !between);
            if (between)
                assert_string_equal(failed, "atomicity");
            xb_free(&b);
        }
    }
}

/* One loaded model checks many candidates in a row, as in the engine;
 * results it keeps between calls (those that do not depend on rf and co)
 * must follow the changes to the thread-local part. */
static void model_reused(void **state)
{
    (void)state;
    cat_model *m = load("ppc.cat");
    xb with_fences, without, sb;
    build_mp(&with_fences, "LWSYNC", NULL, DEP_ADDR, false);
    build_mp(&without, NULL, NULL, DEP_NONE, false);
    build_sb(&sb, "SYNC", true);
    declare_arch_tags(&with_fences);
    declare_arch_tags(&without);
    declare_arch_tags(&sb);
    struct {
        xb *b;
        bool allowed;
    } seq[] = {{&with_fences, false}, {&without, true}, {&with_fences, false},
               {&sb, false}, {&without, true}, {&sb, false},
               {&with_fences, false}};
    ll_diag d = {0};
    cat_result r;
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        assert_true(cat_check(m, &seq[i].b->x, &r, &d));
        assert_int_equal(r.allowed, seq[i].allowed);
    }
    /* Only rf changes: MP+lwsync+addr reading the new x is allowed. */
    mdl_rel_clear(&with_fences.x.rf);
    mdl_rel_add(&with_fences.x.rf, 4, 5);
    mdl_rel_add(&with_fences.x.rf, 2, 7);
    assert_true(cat_check(m, &with_fences.x, &r, &d));
    assert_true(r.allowed);
    /* Only the dependency changes (rf back to the forbidden one). */
    mdl_rel_clear(&with_fences.x.rf);
    mdl_rel_add(&with_fences.x.rf, 4, 5);
    mdl_rel_add(&with_fences.x.rf, 0, 7);
    mdl_rel_clear(&with_fences.x.addr);
    assert_true(cat_check(m, &with_fences.x, &r, &d));
    assert_true(r.allowed);
    mdl_rel_add(&with_fences.x.addr, 5, 7);
    assert_true(cat_check(m, &with_fences.x, &r, &d));
    assert_false(r.allowed);
    xb_free(&with_fences);
    xb_free(&without);
    xb_free(&sb);
    cat_free(m);
}

/* Every file of model/cats is built into the program byte for byte (a
 * stale or missing copy would model differently once installed), and a
 * model loaded from the built-in copies alone, includes and all, gives
 * the verdicts the files on disk give. */
static void builtin_copies(void **state)
{
    (void)state;
    DIR *dir = opendir("model/cats");
    assert_non_null(dir);
    int on_disk = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || (strcmp(e->d_name + n - 4, ".cat") &&
                      strcmp(e->d_name + n - 5, ".bell")))
            continue;
        on_disk++;
        char path[512];
        snprintf(path, sizeof path, "model/cats/%s", e->d_name);
        size_t len;
        char *text = ll_read_file(path, &len);
        assert_non_null(text);
        const cat_text_file *f = cat_builtin_files;
        while (f->name && strcmp(f->name, e->d_name))
            f++;
        assert_non_null(f->name);
        assert_string_equal(f->text, text);
        free(text);
    }
    closedir(dir);
    int built_in = 0;
    for (const cat_text_file *f = cat_builtin_files; f->name; f++)
        built_in++;
    assert_int_equal(built_in, on_disk);

    static const char *const only_builtin[] = {CAT_BUILTIN_DIR};
    ll_diag d = {0};
    cat_model *m = cat_load("ppc.cat", only_builtin, 1, &d);
    assert_non_null(m);
    xb forbidden, allowed;
    build_mp(&forbidden, "LWSYNC", NULL, DEP_ADDR, false);
    build_mp(&allowed, NULL, NULL, DEP_NONE, false);
    declare_arch_tags(&forbidden);
    declare_arch_tags(&allowed);
    cat_result r;
    assert_true(cat_check(m, &forbidden.x, &r, &d));
    assert_false(r.allowed);
    assert_true(cat_check(m, &allowed.x, &r, &d));
    assert_true(r.allowed);
    xb_free(&forbidden);
    xb_free(&allowed);
    cat_free(m);
    assert_null(cat_load("absent.cat", only_builtin, 1, &d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sb),
        cmocka_unit_test(sb_init_writes_outside_w),
        cmocka_unit_test(sb_xchg),
        cmocka_unit_test(mp),
        cmocka_unit_test(lb),
        cmocka_unit_test(iriw),
        cmocka_unit_test(corr),
        cmocka_unit_test(atomicity),
        cmocka_unit_test(model_reused),
        cmocka_unit_test(builtin_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
