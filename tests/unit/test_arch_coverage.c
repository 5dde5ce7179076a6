/* test_arch_coverage.c — the one architecture list
 * (include/litmuslab/arch/list.h, looked up by lib/arch/registry.c)
 * against every stage's table: each id has a name and a reader (C tests:
 * lib/c/), the model's semantics, and hwrun's generator or the reason
 * it refuses such tests, each entry being for its own id; an assembly
 * generator has a target to run on, each of its rows for its id; gen's architectures are names of the
 * list; names and aliases find their line. A new architecture that misses
 * a stage fails here, naming the id and the stage. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "gen/gen.h"
#include "hwrun/gen/gen.h"
#include "hwrun/target.h"
#include "litmuslab/arch.h"
#include "model/sem/sem.h"

/* Fails naming the architecture and the stage that misses it. */
static void covered(bool ok, int id, const char *stage)
{
    if (!ok)
        fail_msg("architecture id %d (%s): %s", id,
                 ll_arch_name((ll_arch_id)id) ? ll_arch_name((ll_arch_id)id)
                                              : "no name in the list",
                 stage);
}

static void every_id_in_every_stage(void **state)
{
    (void)state;
    for (int id = 0; id < LL_ARCH_COUNT; id++) {
        const char *name = ll_arch_name((ll_arch_id)id);
        covered(name != NULL, id, "no names: its line in include/litmuslab/arch/list.h "
                "or its ll_arch_<file>_names (lib/arch/<file>.c)");
        const ll_arch_entry *e = ll_arch_lookup(name);
        covered(e && e->id == (ll_arch_id)id, id, "its name finds another "
                "line of the list");
        covered(e->reader || id == LL_ARCH_C, id,
                "no reader plug-in (lib/arch/<arch>.c)");
        covered(!e->reader || e->reader->id == (ll_arch_id)id, id,
                "its reader plug-in is another id's");

        const sem_ops *sem = sem_find((ll_arch_id)id);
        covered(sem != NULL, id, "no sem_<file>_ops (model/sem/<file>.c)");
        covered(sem->arch == (ll_arch_id)id, id,
                "its sem_<file>_ops is another id's");

        const char *why_not;
        const hw_gen_ops *g = hw_gen_find(id, &why_not);
        covered(g || why_not, id, "its hw_gen_<file>_ops (hwrun/gen/<file>.c) "
                "neither generates nor says why hwrun refuses such tests");
        covered(!g || g->arch == (ll_arch_id)id, id,
                "its hw_gen_<file>_ops is another id's");
        /* C runs on every target; an assembly generator needs its own */
        ll_buf targets = {0};
        hw_target_names_for((ll_arch_id)id, &targets);
        covered(!g || g->locals || targets.len, id,
                "a generator but no .targets row (hwrun/gen/<file>.c)");
        ll_buf_free(&targets);
        for (const hw_target *r = g ? g->targets : NULL; r && r->name; r++)
            covered(r->arch == (ll_arch_id)id, id,
                    "a .targets row of its hw_gen_<file>_ops is another id's");
    }
}

/* The real ones, exactly: a new id is added on purpose. */
static void the_list(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        ll_arch_id id;
        const char *header;
    } names[] = {
        {"PPC", LL_ARCH_PPC, "PPC"},
        {"power", LL_ARCH_PPC, "PPC"},
        {"ppc64le", LL_ARCH_PPC, "PPC"},
        {"x86", LL_ARCH_X86, "X86"},
        {"X86_64", LL_ARCH_X86, "X86_64"},
        {"amd64", LL_ARCH_X86, "X86_64"},
        {"i386", LL_ARCH_X86, "X86"},
        {"aarch64", LL_ARCH_AARCH64, "AArch64"},
        {"ARM64", LL_ARCH_AARCH64, "AArch64"},
        {"arm", LL_ARCH_ARM, "ARM"},
        {"armv7l", LL_ARCH_ARM, "ARM"},
        {"RISC-V", LL_ARCH_RISCV, "RISCV"},
        {"riscv64", LL_ARCH_RISCV, "RISCV"},
        {"C", LL_ARCH_C, "C"},
        {"lkmm", LL_ARCH_C, "C"},
        {"LISA", LL_ARCH_LISA, "LISA"},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const ll_arch_entry *e = ll_arch_lookup(names[i].name);
        assert_non_null(e);
        assert_int_equal(e->id, names[i].id);
        assert_string_equal(e->header, names[i].header);
    }
    assert_null(ll_arch_lookup("MIPS"));
    assert_null(ll_arch_lookup(""));
    assert_null(ll_arch_lookup("x86 amd64"));
    /* an id's name is its first line: herd7's family name */
    assert_string_equal(ll_arch_name(LL_ARCH_X86), "X86");
    assert_null(ll_arch_name(LL_ARCH_COUNT));
    /* the header as a test writes it, not an alias nor another case */
    assert_int_equal(ll_arch_id_of("X86_64"), LL_ARCH_X86);
    assert_int_equal(ll_arch_id_of("C"), LL_ARCH_C);
    assert_int_equal(ll_arch_id_of("x86"), -1);
    assert_int_equal(ll_arch_id_of("amd64"), -1);
    assert_null(ll_arch_find("Power"));
}

/* campaign --arch: a header or an alias of the test's line, any case. */
static void selection(void **state)
{
    (void)state;
    assert_true(ll_arch_selects("x86", "X86"));
    assert_true(ll_arch_selects("x86", "X86_64"));
    assert_true(ll_arch_selects("amd64", "X86_64"));
    assert_false(ll_arch_selects("amd64", "X86"));
    assert_false(ll_arch_selects("X86_64", "X86"));
    assert_true(ll_arch_selects("arm64", "AArch64"));
    assert_false(ll_arch_selects("arm", "AArch64"));
    assert_true(ll_arch_selects("lkmm", "C"));
    assert_false(ll_arch_selects("ppc", "C"));
    assert_true(ll_arch_selects("MIPS", "mips"));   /* not listed: as
                                                      written, any case */
}

/* gen's architectures go by the list's names and aliases. */
static void gen_names(void **state)
{
    (void)state;
    ll_buf list = {0};
    gen_arch_list(&list);
    char *save = NULL;
    int n = 0;
    for (char *w = strtok_r(list.data, ", ", &save); w;
         w = strtok_r(NULL, ", ", &save), n++) {
        const gen_arch *a = gen_arch_find(w);
        assert_non_null(a);
        assert_string_equal(a->name, w);
        assert_non_null(ll_arch_lookup(w));
    }
    assert_int_equal(n, 7);
    assert_string_equal(gen_arch_find("amd64")->name, "X86_64");
    assert_string_equal(gen_arch_find("x86")->name, "X86");
    assert_string_equal(gen_arch_find("POWER")->name, "PPC");
    assert_string_equal(gen_arch_find("linux")->name, "C");
    assert_null(gen_arch_find("LISA"));
    ll_buf_free(&list);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_id_in_every_stage),
        cmocka_unit_test(the_list),
        cmocka_unit_test(selection),
        cmocka_unit_test(gen_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
