/* driver.c — one test file through the model: read it, pick the
 * architecture's semantics and cat model (loaded once per worker), search,
 * and format the herd7 entry or the diagnostic; and what the command
 * checks before: that the model file is there, the --show-all folder,
 * the default memory bound of each worker. */
#include "model/driver.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "litmuslab/arch.h"
#include "litmuslab/c_ast.h"
#include "litmuslab/near.h"
#include "litmuslab/os.h"

/* Where our cat files are: next to the program's tree (bin/, or
 * build/<kind>/bin/ for test builds), else the source tree it was built
 * from. */
static void builtin_dirs(mdl_options *o)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    o->n_builtin = 0;
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        /* the source tree's (bin/, build/asan/bin/), then an installed
           one's (PREFIX/bin next to PREFIX/share/litmuslab/cats) */
        static const char *const up[] = {"/../model/cats",
                                          "/../../../model/cats",
                                          "/../share/litmuslab/cats"};
        for (int i = 0; i < 3; i++) {
            ll_buf b = {0};
            ll_buf_printf(&b, "%s%s", exe, up[i]);
            if (access(b.data, R_OK) == 0)
                o->builtin[o->n_builtin++] = b.data;
            else
                ll_buf_free(&b);
        }
    }
#ifdef LL_MODEL_CATS_DIR
    o->builtin[o->n_builtin++] = ll_xstrdup(LL_MODEL_CATS_DIR);
#endif
    /* last, the copies built into the program: found when no tree is */
    o->builtin[o->n_builtin++] = ll_xstrdup(CAT_BUILTIN_DIR);
}

void mdl_options_init(mdl_options *o)
{
    memset(o, 0, sizeof *o);
    builtin_dirs(o);
}

void mdl_options_add_variants(mdl_options *o, const char *list)
{
    while (*list) {
        size_t n = strcspn(list, ",");
        if (n) {
            ll_grow((void **)&o->variants, &o->cap_variants,
                    o->n_variants + 1, sizeof *o->variants);
            o->variants[o->n_variants++] = ll_xstrndup(list, n);
        }
        list += n + (list[n] == ',');
    }
}

void mdl_options_free(mdl_options *o)
{
    for (int i = 0; i < o->n_variants; i++)
        free(o->variants[i]);
    free(o->variants);
    for (int i = 0; i < o->n_builtin; i++)
        free(o->builtin[i]);
    free(o->cat_dirs);
}

void mdl_worker_free(mdl_worker *w)
{
    for (int i = 0; i < w->n_models; i++) {
        free(w->names[i]);
        cat_free(w->models[i]);
    }
    ll_c_defs_free(w->defs);
    free(w->defs_path);
    memset(w, 0, sizeof *w);
}

static cat_model *get_model(mdl_worker *w, const mdl_options *o,
                            const char *name, bool bell_unused, ll_diag *d)
{
    for (int i = 0; i < w->n_models; i++)
        if (!strcmp(w->names[i], name) && w->bell_unused[i] == bell_unused)
            return w->models[i];
    const char *dirs[MDL_MAX_DIRS * 2];
    int n = 0;
    for (int i = 0; i < o->n_cat_dirs && n < MDL_MAX_DIRS; i++)
        dirs[n++] = o->cat_dirs[i];
    for (int i = 0; i < o->n_builtin; i++)
        dirs[n++] = o->builtin[i];
    cat_options co = {.variants = (const char *const *)o->variants,
                      .n_variants = o->n_variants, .bell = o->bell,
                      .bell_unused = bell_unused};
    cat_model *m = cat_load_opts(name, dirs, n, &co, d);
    if (!m || w->n_models == MDL_MAX_MODELS)
        return m;
    w->bell_unused[w->n_models] = bell_unused;
    w->names[w->n_models] = ll_xstrdup(name);
    w->models[w->n_models++] = m;
    return m;
}

/* -macros FILE: as given, else in the -I directories (as herd7 looks
 * in its library); read once per worker. NULL with *d set. */
static const ll_c_defs *get_defs(mdl_worker *w, const mdl_options *o,
                                 ll_diag *d)
{
    if (w->defs)
        return w->defs;
    const char *name = o->macros;
    ll_buf path = {0};
    ll_buf_puts(&path, name);
    for (int i = 0; access(path.data, R_OK) && !strchr(name, '/') &&
                    i < o->n_cat_dirs; i++) {
        ll_buf_clear(&path);
        ll_buf_printf(&path, "%s/%s", o->cat_dirs[i], name);
    }
    if (access(path.data, R_OK)) {
        ll_buf_clear(&path);
        ll_buf_puts(&path, name);
    }
    w->defs = ll_c_defs_read(path.data, d);
    free(w->defs_path);
    w->defs_path = path.data;    /* the diagnostic names it */
    d->file = w->defs_path;
    return w->defs;
}

/* The architecture whose events carry the set `tag` (a fence's, say)
 * other than `not`, by its header name; NULL when none does. */
static const char *tag_owner(const char *tag, ll_arch_id not)
{
    for (int id = 0; id < LL_ARCH_COUNT; id++) {
        const sem_ops *ops = sem_find((ll_arch_id)id);
        bool has = false;
        for (int k = 0; ops && ops->arch != not && k < ops->n_tags; k++)
            has |= !strcmp(ops->tags[k], tag);
        if (has)
            return ll_arch_name(ops->arch);
    }
    return NULL;
}

/* A model that does not load because it names a set of another
 * architecture's events (x86tso.cat's MFENCE on a C test) is for that
 * architecture: said as the mismatch it is, as herd7's title check says
 * it, not as an error in the model's text. */
static bool model_mismatch(const ll_diag *md, const char *name,
                           const char *path, const ll_test *t,
                           ll_arch_id arch,
                           const sem_ops *ops, ll_buf *err)
{
    char tag[64];
    if (sscanf(md->msg, "unbound name '%63[^']'", tag) != 1)
        return false;
    const char *owner = tag_owner(tag, arch);
    if (!owner)
        return false;
    const char *fits = ops->model_for ? ops->model_for(t) : ops->default_model;
    ll_buf_printf(err, "%s: architecture mismatch between test and model "
                  "(%s vs. %s): %s names %s, a set of %s events; this "
                  "test's model is %s\n", path,
                  t->arch_name ? t->arch_name : "?", owner, name, tag, owner,
                  fits);
    return true;
}

static void put_diag(const ll_diag *d, ll_buf *err)
{
    if (d->line && d->col)
        ll_buf_printf(err, "%s:%d:%d: %s\n", d->file, d->line, d->col, d->msg);
    else if (d->line)
        ll_buf_printf(err, "%s:%d: %s\n", d->file, d->line, d->msg);
    else
        ll_buf_printf(err, "%s: %s\n", d->file, d->msg);
}

/* The end of a limit's line: what the search proved before it stopped
 * (the states found and what they decide of the verdict), never a count
 * or a verdict it did not finish. */
static void so_far(const mdl_test *m, ll_buf *err)
{
    int n = 0;
    for (int i = 0; i < m->n_states; i++)
        n += m->states[i].kept;
    ll_quant q = m->test->cond.quant;
    const char *verdict = NULL;     /* decided by the states found */
    if (m->positive && q != LL_FORALL)
        verdict = q == LL_EXISTS ? "Ok" : "No";
    else if (m->negative && q == LL_FORALL)
        verdict = "No";
    ll_buf_printf(err, "; so far %d state%s, ", n, n == 1 ? "" : "s");
    if (m->positive && m->negative)
        ll_buf_printf(err, "condition reached: Sometimes");
    else if (m->positive)
        ll_buf_printf(err, "condition reached");
    else if (m->negative)
        ll_buf_printf(err, "condition not reached");
    else
        ll_buf_printf(err, "no execution");
    if (verdict)
        ll_buf_printf(err, " (%s)", verdict);
    ll_buf_printf(err, ", search incomplete\n");
}

/* Variant name among a comma-separated list of variant names. */
static bool names_variant(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; p && *p; p++) {
        p += strspn(p, " ,");
        size_t n = strcspn(p, " ,");
        if (n == len && strncasecmp(p, name, len) == 0)
            return true;
        p += n;
        if (!*p)
            break;
    }
    return false;
}

/* herd7's variant name asked for: by -variant, or the test's own
 * `Variant=` line (herd7 reads either spelling of the key): mixed (its
 * mixed-size mode), telechat (a branch to a register as a return). */
static bool variant_on(const mdl_options *o, const ll_test *t,
                       const char *name)
{
    for (int i = 0; i < o->n_variants; i++)
        if (names_variant(o->variants[i], name))
            return true;
    return names_variant(ll_test_meta(t, "Variant"), name) ||
           names_variant(ll_test_meta(t, "variant"), name);
}

int mdl_run_file(mdl_worker *w, const mdl_options *o, const char *path,
                 ll_buf *out, ll_buf *err)
{
    ll_diag d = {0};
    d.file = path;
    ll_test *t = ll_test_read(path, &d);
    if (!t) {
        d.file = path;
        put_diag(&d, err);
        return 2;
    }
    ll_test_warnings(t, err);
    int rc = 0;
    ll_arch_id arch;
    const ll_c_defs *defs = NULL;
    if (o->macros && !t->arch &&   /* C: no reader plug-in, bodies as text */
        !(defs = get_defs(w, o, &d))) {
        put_diag(&d, err);
        ll_test_free(t);
        return 2;
    }
    const sem_ops *ops = ll_test_code_defs(t, defs, &arch, &d)
                             ? sem_find(arch) : NULL;
    if (!ops) {
        if (!d.msg[0])
            ll_diag_set(&d, 1, 1,
                        "architecture %s is not supported by the model",
                        t->arch_name ? t->arch_name : "?");
        d.file = path;
        put_diag(&d, err);
        ll_test_free(t);
        return 2;
    }
    const char *name = o->model ? o->model
                       : ops->model_for ? ops->model_for(t)
                                        : ops->default_model;
    ll_diag md = {0};
    cat_model *model = get_model(w, o, name, o->bell && ops->ignores_bell,
                                 &md);
    if (!model) {
        if (!md.file)
            md.file = name;
        if (!model_mismatch(&md, name, path, t, arch, ops, err))
            put_diag(&md, err);
        ll_test_free(t);
        return 2;
    }
    const char *march = ll_arch_herd_name(cat_title(model));
    const char *tarch =
        t->arch_name ? ll_arch_herd_name(t->arch_name) : NULL;
    if (march && tarch && strcmp(march, tarch)) {
        ll_buf_printf(err, "%s: architecture mismatch between test and "
                      "model (%s vs. %s)\n", path, tarch, march);
        ll_test_free(t);
        return 2;
    }
    mdl_explain *ex = NULL;
    if (o->ex.explain || o->ex.show_all) {
        ll_diag ed = {0};
        ex = mdl_explain_new(model, &o->ex, &ed);
        if (!ex) {
            ll_buf_printf(err, "litmuslab model: %s\n", ed.msg);
            ll_test_free(t);
            return 2;
        }
    }
    mdl_test m;
    double start = mdl_now();
    mdl_status st;
    /* --explain's first look, then, where it found no allowed execution
     * reaching the condition, the test prepared again for the whole
     * space, incoherent candidates too (mdl_explain_again) */
    for (;;) {
        m = (mdl_test){0};
        m.explain = ex;
        /* a stopgap: a model with checks the proof does not follow
           (coherence through a let rec, as in one of herd7's own
           files) keeps the cut, as before: every candidate took a
           random test of the generator from 0.6 s to over 100 s there
           (doc/fidelity.md, no-coherence models); but a model that
           binds no co (none, or a let of its own) has herd7 enumerate
           no co, so no candidate is incoherent to it */
        m.incoherent = !cat_coherent(model) &&
                       (!cat_has_checks(model) || !cat_binds_co(model));
        m.limits = o->limits;
        m.start = start;
        st = MDL_BAD_INPUT;
        bool prepared = mdl_prepare(&m, t, ops);
        if (prepared && ex && !mdl_explain_check(ex, &m, &m.diag)) {
            ll_buf_printf(err, "%s: %s\n", path, m.diag.msg);
            mdl_explain_free(ex);
            mdl_free(&m);
            ll_test_free(t);
            return 2;
        }
        m.mixed_mode = variant_on(o, t, "mixed");
        m.telechat = variant_on(o, t, "telechat");
        if (prepared && mdl_runs(&m) &&
            !mdl_mixed_mode_refused(&m, m.mixed_mode))
            st = mdl_search(&m, model);
        else if (m.timed_out)
            st = MDL_TIMEOUT;
        if (st != MDL_OK || !mdl_explain_again(ex))
            break;
        mdl_free(&m);
    }
    double secs = mdl_now() - m.start;
    switch (st) {
    case MDL_OK: {
        if (m.loop_cut)
            ll_buf_printf(err, "%s: test %s: loops unrolled %d times; "
                          "executions going round more are not counted\n",
                          path, t->name, MDL_UNROLL);
        if (m.explain)
            mdl_explain_finish(m.explain, &m, out, err);
        if (o->ex.explain)
            break;
        ll_log_entry e = {0};
        mdl_report_printed(&m, secs, &e);
        mdl_free_states(&m);    /* (half a million, while e is written) */
        ll_log_format_herd_moving(&e, out);
        ll_log_entry_clear(&e);
        break;
    }
    case MDL_BAD_INPUT:
        /* an access through a register nothing sets is at 0: herd7
           refuses the test only when a run reaches it (one jumped over
           is answered), so the runs decide (ll_test_check_addresses is
           hwrun's); the refusal then names the register and the fix */
        if (!m.diag.file && !strncmp(m.diag.msg, "memory access to 0,", 19))
            ll_test_unset_address(t, m.diag.line, m.diag.col, &m.diag);
        if (!m.diag.file)   /* a cat error names its own file */
            m.diag.file = path;
        if (!model_mismatch(&m.diag, name, path, t, arch, ops, err))
            put_diag(&m.diag, err);
        rc = 2;
        break;
    case MDL_TIMEOUT:
        ll_buf_printf(err, "%s: test %s: timeout after %.2f s, skipped",
                      path, t->name, secs);
        so_far(&m, err);
        rc = 1;
        break;
    case MDL_TOO_MANY:
        ll_buf_printf(err, "%s: test %s: more than %llu executions, "
                      "skipped", path, t->name,
                      (unsigned long long)o->limits.max_executions);
        so_far(&m, err);
        rc = 1;
        break;
    case MDL_NOMEM:
        ll_buf_printf(err, "%s: test %s: over the memory limit (%llu MB), "
                      "skipped", path, t->name,
                      (unsigned long long)(o->limits.max_memory >> 20));
        so_far(&m, err);
        rc = 1;
        break;
    }
    mdl_explain_free(m.explain);
    mdl_free(&m);
    ll_test_free(t);
    return rc;
}

/* Half of physical memory, shared among the workers. */
uint64_t mdl_default_memory(int n_workers)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return 0;
    uint64_t each = (uint64_t)pages * (uint64_t)size / 2 /
                    (uint64_t)(n_workers > 0 ? n_workers : 1);
    return each < (256u << 20) ? 256u << 20 : each;
}

/* --show-all's directory, made if missing, its index emptied: the
 * workers append to it. herd7's -o DIR has no index. */
bool mdl_show_all_dir(const char *dir, bool per_test)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/%s", dir, per_test ? "." : "index.txt");
    FILE *f = NULL;
    bool ok = ll_mkdir(dir, 0777);
    if (ok && per_test)
        ok = access(dir, W_OK) == 0;
    else if (ok && (f = fopen(path.data, "w")))
        fclose(f);
    else
        ok = false;
    if (!ok)
        fprintf(stderr, "litmuslab model: %s %s: cannot write there (%s)\n",
                per_test ? "-o" : "--show-all", dir, strerror(errno));
    ll_buf_free(&path);
    return ok;
}

/* Is the --model file there, where the model looks (a path as it is;
 * a name in the -I directories, ours, then here)? When not, say which
 * models we ship and where we looked. */
bool mdl_model_found(const mdl_options *o, bool quiet)
{
    const char *name = o->model;
    if (strchr(name, '/')) {
        if (access(name, R_OK) == 0)
            return true;
        if (!quiet)
            fprintf(stderr, "litmuslab model: cannot read the model file "
                    "%s\n", name);
        return false;
    }
    const char *dirs[MDL_MAX_DIRS + 8];
    int n = 0;
    for (int i = 0; i < o->n_cat_dirs; i++)
        dirs[n++] = o->cat_dirs[i];
    for (int i = 0; i < o->n_builtin; i++)
        dirs[n++] = o->builtin[i];
    ll_buf b = {0};
    for (int i = 0; i < n; i++) {
        if (!strcmp(dirs[i], CAT_BUILTIN_DIR)) {
            for (const cat_text_file *f = cat_builtin_files; f->name; f++)
                if (!strcmp(f->name, name)) {
                    ll_buf_free(&b);
                    return true;
                }
            continue;
        }
        ll_buf_clear(&b);
        ll_buf_printf(&b, "%s/%s", dirs[i], name);
        if (access(b.data, R_OK) == 0) {
            ll_buf_free(&b);
            return true;
        }
    }
    ll_buf_free(&b);
    if (access(name, R_OK) == 0)
        return true;
    if (quiet)
        return false;
    /* what we ship is what is built in (sorted by the build) */
    size_t n_files = 0;
    while (cat_builtin_files[n_files].name)
        n_files++;
    ll_buf with_cat = {0};     /* `-model x86tos` is x86tos.cat */
    ll_buf_printf(&with_cat, "%s.cat", name);
    const char *near = ll_near_name(name, &cat_builtin_files[0].name,
                                    n_files, sizeof *cat_builtin_files);
    if (!near)
        near = ll_near_name(with_cat.data, &cat_builtin_files[0].name,
                            n_files, sizeof *cat_builtin_files);
    fprintf(stderr, "litmuslab model: cannot find the model '%s'; ", name);
    if (near)
        fprintf(stderr, "did you mean '%s'? ", near);
    ll_buf_free(&with_cat);
    fputs("models shipped:", stderr);
    for (const cat_text_file *f = cat_builtin_files; f->name; f++) {
        size_t l = strlen(f->name);
        if (l > 4 && !strcmp(f->name + l - 4, ".cat"))
            fprintf(stderr, " %s", f->name);
    }
    fputs("; searched:", stderr);
    for (int i = 0; i < n; i++)   /* the folders that are there */
        if (!strcmp(dirs[i], CAT_BUILTIN_DIR))
            fputs(" the built-in copies", stderr);
        else if (access(dirs[i], X_OK) == 0)
            fprintf(stderr, " %s", dirs[i]);
    fputs(" and the current directory (-I DIR adds one)\n", stderr);
    return false;
}
