/* test_cat_text.h — unit-test helper for the cat language tests: models
 * given as text (written to a temporary directory, then loaded), and the
 * small hand-made execution the operator tests use. Include after
 * cmocka.h. */
#ifndef LITMUSLAB_TESTS_CAT_TEXT_H
#define LITMUSLAB_TESTS_CAT_TEXT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_cat_exec.h"

/* The test program's directory for model files, made by ct_setup and
 * removed (empty) by ct_teardown: the group setup and teardown. */
static char ct_dir[64];

static inline int ct_setup(void **state)
{
    (void)state;
    snprintf(ct_dir, sizeof ct_dir, "/tmp/test_cat.XXXXXX");
    return mkdtemp(ct_dir) ? 0 : -1;
}

static inline int ct_teardown(void **state)
{
    (void)state;
    return rmdir(ct_dir);
}

static inline char *ct_write(const char *name, const char *text)
{
    char *path = malloc(strlen(ct_dir) + strlen(name) + 2);
    sprintf(path, "%s/%s", ct_dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Load a model from text with these variants on; NULL with *d filled
 * on error. */
static inline cat_model *ct_load_variants(const char *text,
                                          const char *const *variants,
                                          int n_variants, ll_diag *d)
{
    char *path = ct_write("model.cat", text);
    /* our cat files too, as the program has them: a model binds co by
       including cos-opt.cat */
    const char *dirs[] = {ct_dir, CAT_BUILTIN_DIR};
    cat_options o = {.variants = variants, .n_variants = n_variants};
    cat_model *m = cat_load_opts(path, dirs, 2, &o, d);
    unlink(path);
    free(path);
    return m;
}

static inline cat_model *ct_load(const char *text, ll_diag *d)
{
    return ct_load_variants(text, NULL, 0, d);
}

/* Load a model that must load (its message printed if it does not). */
static inline cat_model *ct_must_load(const char *text)
{
    ll_diag d = {0};
    cat_model *m = ct_load(text, &d);
    if (!m)
        ll_diag_print(&d, stderr);
    assert_non_null(m);
    return m;
}

/* 0 init write, 1 W (thread 0), 2 R (thread 0), 3 R (thread 1),
 * 4 W (thread 1). A = {0-1, 1-2, 2-3} (given as addr), B = {1-1, 1-2,
 * 2-0, 3-4} (given as ctrl), S = {1, 3}, T = {0, 4}, E = {} (tags);
 * po = {1-2, 3-4}. */
static inline void ct_inputs(xb *b)
{
    xb_init(b, 5);
    xb_event(b, 0, 'I', -1, 0);
    xb_event(b, 1, 'W', 0, 0);
    xb_event(b, 2, 'R', 0, 0);
    xb_event(b, 3, 'R', 1, 0);
    xb_event(b, 4, 'W', 1, 0);
    int a[][2] = {{0, 1}, {1, 2}, {2, 3}};
    int bb[][2] = {{1, 1}, {1, 2}, {2, 0}, {3, 4}};
    for (int i = 0; i < 3; i++)
        mdl_rel_add(&b->x.addr, a[i][0], a[i][1]);
    for (int i = 0; i < 4; i++)
        mdl_rel_add(&b->x.ctrl, bb[i][0], bb[i][1]);
    xb_tag(b, "S", 1);
    xb_tag(b, "S", 3);
    xb_tag(b, "T", 0);
    xb_tag(b, "T", 4);
    xb_tag(b, "E", 0);   /* make E exist; cleared below */
    mdl_set_clear(&b->tag_sets[b->x.n_tags - 1]);
    xb_finish(b);
}

/* cat_check, printing its message if evaluation fails. */
static inline bool ct_run(cat_model *m, xb *b, cat_result *r)
{
    ll_diag d = {0};
    bool ok = cat_check(m, &b->x, r, &d);
    if (!ok)
        ll_diag_print(&d, stderr);
    return ok;
}

#endif
