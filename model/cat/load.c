/* load.c — finding and reading model files (the model itself and what it
 * includes), and the public cat_load / cat_free / cat_title.
 *
 * File names in diagnostics must outlive a model that failed to load,
 * so they are interned for the life of the process. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "litmuslab/limits.h"
#include "model/cat/catint.h"

typedef struct interned {
    struct interned *next;
    char text[];
} interned;

static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;
static interned *intern_list;

static const char *intern(const char *s)
{
    pthread_mutex_lock(&intern_lock);
    const char *found = NULL;
    for (interned *i = intern_list; i && !found; i = i->next)
        if (strcmp(i->text, s) == 0)
            found = i->text;
    if (!found) {
        size_t len = strlen(s);
        interned *i = ll_xmalloc(sizeof *i + len + 1);
        memcpy(i->text, s, len + 1);
        i->next = intern_list;
        intern_list = i;
        found = i->text;
    }
    pthread_mutex_unlock(&intern_lock);
    return found;
}

static bool readable(const char *path)
{
    return access(path, R_OK) == 0;
}

/* The built-in file NAME's text, or NULL. */
static const char *builtin_text(const char *name)
{
    for (const cat_text_file *f = cat_builtin_files; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f->text;
    return NULL;
}

static bool is_builtin_dir(const char *dir, size_t dir_len)
{
    return dir_len == strlen(CAT_BUILTIN_DIR) &&
           memcmp(dir, CAT_BUILTIN_DIR, dir_len) == 0;
}

/* dir/name, or NULL when not readable there. Caller frees. */
static char *try_dir(const char *dir, size_t dir_len, const char *name)
{
    ll_buf b = {0};
    if (is_builtin_dir(dir, dir_len)) {
        if (!builtin_text(name))
            return NULL;
        ll_buf_printf(&b, "%s/%s", CAT_BUILTIN_DIR, name);
        return b.data;
    }
    if (dir_len)
        ll_buf_printf(&b, "%.*s/%s", (int)dir_len, dir, name);
    else
        ll_buf_puts(&b, name);
    if (readable(ll_buf_str(&b)))
        return b.data;
    ll_buf_free(&b);
    return NULL;
}

/* Look a file up in the model's directories, then beside `from`. */
static char *find_file(const cat_model *m, const char *name, const char *from)
{
    if (strchr(name, '/'))
        return readable(name) ? ll_xstrdup(name) : NULL;
    for (int i = 0; i < m->n_dirs; i++) {
        char *p = try_dir(m->dirs[i], strlen(m->dirs[i]), name);
        if (p)
            return p;
    }
    if (from) {
        const char *slash = strrchr(from, '/');
        return try_dir(from, slash ? (size_t)(slash - from) : 0, name);
    }
    return readable(name) ? ll_xstrdup(name) : NULL;
}

static bool load_file(cat_model *m, const char *path, cat_file_ast *ast,
                      ll_diag *d)
{
    const char *file = intern(path);
    size_t len;
    const size_t pre = strlen(CAT_BUILTIN_DIR "/");
    const char *text = strncmp(path, CAT_BUILTIN_DIR "/", pre) == 0
                           ? builtin_text(path + pre) : NULL;
    ll_diag bound = {0};
    char *src = text ? ll_xstrdup(text)
                     : ll_read_text(path, LL_MAX_CAT_LINE, LL_MAX_CAT_FILE,
                                    &len, &bound);
    if (text)
        len = strlen(text);
    if (!src && errno == EFBIG) {
        ll_diag_set(cat_diag_file(d, file), bound.line, 0, "%s", bound.msg);
        return false;
    }
    if (!src) {
        ll_diag_set(cat_diag_file(d, file), 0, 0, "cannot read model: %s", strerror(errno));
        return false;
    }
    if (strlen(src) != len) {
        free(src);
        ll_diag_set(cat_diag_file(d, file), 0, 0, "model file contains a NUL byte");
        return false;
    }
    bool ok = cat_parse(src, file, &m->arena, ast, d);
    free(src);
    return ok;
}

/* One of our own cat files (model/cats: its title begins "litmuslab"),
 * whose `with co from` (its own or an included file's) keeps the
 * engine's co as our models use it (choose_co). */
static bool own_title(const char *title)
{
    return title && strncmp(title, "litmuslab", 9) == 0;
}

bool cat_include(cat_model *m, const char *path, const cat_stmt *at,
                 cat_env **env, ll_diag *d)
{
    if (m->include_depth >= CAT_MAX_INCLUDE_DEPTH) {
        ll_diag_set(cat_diag_file(d, at->file), at->line, at->col,
                    "includes nest too deeply (does '%s' include itself?)",
                    path);
        return false;
    }
    char *found = find_file(m, path, at->file);
    if (!found) {
        ll_diag_set(cat_diag_file(d, at->file), at->line, at->col,
                    "cannot find included file '%s'", path);
        return false;
    }
    cat_file_ast ast;
    bool ok = load_file(m, found, &ast, d);
    free(found);
    if (!ok)
        return false;
    m->include_depth++;
    bool own = m->own_file;
    /* what one of our files includes is ours to it too: with -I naming
       herd7's library, lkmm.cat's cos-opt.cat is herd7's file */
    m->own_file = own || own_title(ast.title);
    ok = cat_compile_stmts(m, env, ast.stmts, d);
    m->own_file = own;
    m->include_depth--;
    return ok;
}

static const char **copy_strings(cat_model *m, const char *const *list,
                                 int n)
{
    const char **own = cat_alloc(&m->arena, sizeof *own * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        own[i] = cat_strndup(&m->arena, list[i], strlen(list[i]));
    return own;
}

cat_model *cat_load(const char *name, const char *const *dirs, int n_dirs,
                    ll_diag *d)
{
    return cat_load_opts(name, dirs, n_dirs, NULL, d);
}

/* Find, parse and compile a file into the model's bindings. */
static bool load_into(cat_model *m, const char *name, const char *what,
                      const char **title, ll_diag *d)
{
    char *path = find_file(m, name, NULL);
    if (!path) {
        ll_diag_set(cat_diag_file(d, intern(name)), 0, 0,
                    "cannot find %s file", what);
        return false;
    }
    cat_file_ast ast;
    bool ok = load_file(m, path, &ast, d);
    free(path);
    if (ok && title)
        *title = ast.title;
    m->own_file = ok && own_title(ast.title);
    return ok && cat_compile_stmts(m, &m->env, ast.stmts, d);
}

/* A bell file herd7 reads but does not run (cat_options.bell_unused):
 * it and the files its statements include (one level of statements
 * after another, as an if's branches) must be found and parse. */
static bool read_stmts(cat_model *m, const cat_stmt *s, int depth,
                       ll_diag *d);

static bool read_only(cat_model *m, const char *name, const cat_stmt *at,
                      int depth, ll_diag *d)
{
    if (depth >= CAT_MAX_INCLUDE_DEPTH) {
        ll_diag_set(cat_diag_file(d, at->file), at->line, at->col,
                    "includes nest too deeply (does '%s' include itself?)",
                    name);
        return false;
    }
    char *path = find_file(m, name, at ? at->file : NULL);
    if (!path) {
        if (at)
            ll_diag_set(cat_diag_file(d, at->file), at->line, at->col,
                        "cannot find included file '%s'", name);
        else
            ll_diag_set(cat_diag_file(d, intern(name)), 0, 0,
                        "cannot find bell file");
        return false;
    }
    cat_file_ast ast;
    bool ok = load_file(m, path, &ast, d);
    free(path);
    return ok && read_stmts(m, ast.stmts, depth + 1, d);
}

static bool read_stmts(cat_model *m, const cat_stmt *s, int depth,
                       ll_diag *d)
{
    for (; s; s = s->next)
        if ((s->kind == ST_INCLUDE && !read_only(m, s->path, s, depth, d)) ||
            !read_stmts(m, s->body, depth, d) ||
            !read_stmts(m, s->orelse, depth, d))
            return false;
    return true;
}

cat_model *cat_load_opts(const char *name, const char *const *dirs,
                         int n_dirs, const cat_options *o, ll_diag *d)
{
    static const cat_options none;
    if (!o)
        o = &none;
    cat_model *m = ll_xcalloc(1, sizeof *m);
    m->dirs = copy_strings(m, dirs, n_dirs);
    m->n_dirs = n_dirs;
    m->variants = copy_strings(m, o->variants, o->n_variants);
    m->n_variants = o->n_variants;
    m->seq = &m->top;
    m->req = &m->top_req;
    const char *title = NULL;
    bool ok = (!o->bell ||
               (o->bell_unused ? read_only(m, o->bell, NULL, 0, d)
                               : load_into(m, o->bell, "bell", NULL, d))) &&
              load_into(m, name, "model", &title, d);
    m->req = NULL;  /* dyn.c's run-time lookups need nothing more */
    if (ok)
        m->title = ll_xstrdup(title ? title : name);
    if (!ok) {
        cat_free(m);
        return NULL;
    }
    cat_plan_finish(m);
    cat_find_atomicity(m);
    /* asked at each test's search: looked up once (the names are all
       known by now) */
    m->names_regs = cat_names(m, "Rreg") || cat_names(m, "Wreg") ||
                    cat_names(m, "DATA");
    return m;
}

void cat_free(cat_model *m)
{
    if (!m)
        return;
    cat_run_free(m);
    cat_arena_free(&m->dyn);
    free(m->title);
    free(m->slots);
    free(m->code);
    free(m->tag_refs);
    free(m->checks);
    free(m->top.items);
    for (int i = 0; i < m->n_binders; i++)
        free(m->binders[i].body.items);
    free(m->binders);
    free(m->enum_tags);
    free(m->producer);
    cat_arena_free(&m->arena);
    free(m);
}

bool cat_uses_values(const cat_model *m)
{
    return m->uses_values;
}

bool cat_partial_uses_values(const cat_model *m)
{
    return m->partial_values;
}

bool cat_names(const cat_model *m, const char *name)
{
    for (const cat_env *b = m->builtins; b; b = b->next)
        if (!strcmp(b->name, name))
            return true;
    for (int r = 0; r < m->n_tag_refs; r++)
        if (!strcmp(m->tag_refs[r].name, name))
            return true;
    return false;
}

bool cat_uses_regs(const cat_model *m)
{
    return m->uses_regs || m->names_regs;
}

bool cat_chooses_co(const cat_model *m)
{
    return m->chooses_co;
}

bool cat_binds_co(const cat_model *m)
{
    return m->binds_co;
}

const char *cat_title(const cat_model *m)
{
    return m->title;
}
