/* discover.c — which tests a campaign runs: files and directories walked
 * for *.litmus, each known by what the reader (lib/) makes of it and a
 * work-file key. Whether hwrun can run it is hwrun's answer (check.c). */
#include "campaign/campaign.h"

#include "litmuslab/arch.h"
#include "litmuslab/limits.h"
#include "litmuslab/outdir.h"
#include "litmuslab/tar.h"
#include "litmuslab/test.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* FNV-1a: stable across runs and machines, which is all a key needs. */
static uint32_t fnv1a(const char *bytes, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)bytes[i];
        h *= 16777619u;
    }
    return h;
}

char *cp_test_key(const char *name, const char *bytes, size_t len)
{
    ll_buf b = {0};
    for (const char *s = name; *s; s++) {
        bool safe = isalnum((unsigned char)*s) || strchr("+._-", *s);
        ll_buf_putc(&b, safe ? *s : '_');
    }
    ll_buf_printf(&b, "-%08x", fnv1a(bytes, len));
    return b.data;
}

bool cp_arch_matches(const char *filter, const char *arch)
{
    if (!filter)
        return true;
    return ll_arch_selects(filter, arch);   /* a header name or alias */
}

/* A file that is no test: reported at once, one line, and kept with its
 * reason for the summary (the line above scrolls away). */
static void unread(cp_tests *ts, const char *path, const ll_diag *d,
                   FILE *diag)
{
    int err = errno;
    char *line = NULL;
    size_t size = 0;
    FILE *m = open_memstream(&line, &size);
    if (d->msg[0])
        ll_diag_print(d, m);
    else
        fprintf(m, "%s: cannot read: %s\n", path, strerror(err));
    fclose(m);
    fputs(line, diag);
    line[strcspn(line, "\n")] = '\0';
    ll_grow((void **)&ts->unread, &ts->cap_unread, ts->unreadable + 1,
            sizeof *ts->unread);
    ts->unread[ts->unreadable++] = (cp_unread){ll_xstrdup(path), line};
}

/* The reader says what the test is: its architecture (the plug-in's
 * name, or the header's word for C tests) and name. A file it cannot
 * read is reported, one line, and skipped. */
static void add_file(cp_tests *ts, const char *path, const char *arch_filter,
                     FILE *diag)
{
    size_t len;
    ll_diag d = {0};
    char *text = ll_read_text(path, LL_MAX_TEST_LINE, LL_MAX_TEST_FILE, &len,
                              &d);
    if (!text) {
        if (errno != EFBIG)
            d.msg[0] = '\0';   /* cannot read: strerror says why */
        unread(ts, path, &d, diag);
        return;
    }
    ll_test *lt = ll_test_parse(path, text, len, &d);
    if (!lt) {
        unread(ts, path, &d, diag);
        free(text);
        return;
    }
    const char *arch = lt->arch ? lt->arch->name : lt->arch_name;
    if (!cp_arch_matches(arch_filter, arch ? arch : "")) {
        ll_test_free(lt);
        free(text);
        return;
    }
    cp_test t = {0};
    t.arch = ll_xstrdup(arch ? arch : "");
    t.name = ll_xstrdup(lt->name ? lt->name : "");
    t.path = ll_xstrdup(path);
    t.key = cp_test_key(t.name, text, len);
    ll_test_free(lt);
    free(text);
    ll_grow((void **)&ts->items, &ts->cap, ts->n + 1, sizeof *ts->items);
    ts->items[ts->n++] = t;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

static void walk(cp_tests *ts, const char *dir, const char *arch_filter,
                 FILE *diag)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(diag, "%s: cannot read directory: %s\n", dir,
                strerror(errno));
        return;
    }
    struct dirent *e;
    ll_buf path = {0};
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        ll_buf_clear(&path);
        ll_buf_printf(&path, "%s/%s", dir, e->d_name);
        /* Directories are entered only when real: a symbolic link to a
         * parent would make the walk endless. Linked files are taken. */
        struct stat st;
        if (lstat(path.data, &st) != 0)
            continue;
        if (S_ISLNK(st.st_mode) &&
            (stat(path.data, &st) != 0 || S_ISDIR(st.st_mode)))
            continue;
        if (S_ISDIR(st.st_mode))
            walk(ts, path.data, arch_filter, diag);
        else if (S_ISREG(st.st_mode) && has_suffix(e->d_name, ".litmus"))
            add_file(ts, path.data, arch_filter, diag);
    }
    ll_buf_free(&path);
    closedir(d);
}

bool cp_tests_add(cp_tests *ts, const char *arg, const char *arch,
                  FILE *diag)
{
    struct stat st;
    if (stat(arg, &st) != 0) {
        fprintf(diag, "%s: %s\n", arg, strerror(errno));
        return false;
    }
    /* Trailing slashes would double up in the paths we build. */
    char *clean = ll_xstrdup(arg);
    for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--)
        clean[n - 1] = '\0';
    if (S_ISDIR(st.st_mode))
        walk(ts, clean, arch, diag);
    else
        add_file(ts, clean, arch, diag);
    free(clean);
    return true;
}

/* A bundle's tests: TOP/litmus/NAME.litmus, NAME a plain file name. */
static bool bundle_test(const char *name, void *arg)
{
    (void)arg;
    const char *slash = strchr(name, '/');
    if (!slash || strncmp(slash, "/litmus/", 8))
        return false;
    const char *base = slash + 8;
    return *base && *base != '.' && !strchr(base, '/') &&
           has_suffix(base, ".litmus");
}

static bool write_test(const char *name, const char *data, size_t size,
                       void *arg)
{
    const char *into = arg;
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/%s", into, strrchr(name, '/') + 1);
    bool ok = ll_replace_file(path.data, data, size);
    ll_buf_free(&path);
    return ok;
}

bool cp_is_bundle(const char *arg)
{
    struct stat st;
    return has_suffix(arg, ".tar.gz") && stat(arg, &st) == 0 &&
           S_ISREG(st.st_mode);
}

bool cp_tests_add_bundle(cp_tests *ts, const char *tarball, const char *into,
                         const char *arch, FILE *diag)
{
    ll_remove_tree(into);      /* another bundle's tests are not these */
    if (mkdir(into, 0755) != 0) {
        fprintf(diag, "%s: cannot create: %s\n", into, strerror(errno));
        return false;
    }
    ll_diag d = {0};
    if (!ll_tar_each(tarball, LL_MAX_TEST_FILE, bundle_test, write_test,
                     (void *)into, &d)) {
        if (d.msg[0])
            ll_diag_print(&d, diag);
        return false;
    }
    walk(ts, into, arch, diag);
    return true;
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const cp_test *)a)->path, ((const cp_test *)b)->path);
}

static int by_name_then_index(const void *a, const void *b)
{
    const cp_test *x = *(const cp_test *const *)a;
    const cp_test *y = *(const cp_test *const *)b;
    int c = strcmp(x->name, y->name);
    if (!c)
        c = strcmp(x->arch, y->arch);
    return c ? c : (x < y ? -1 : x > y);
}

static void test_free(cp_test *t)
{
    free(t->path);
    free(t->arch);
    free(t->name);
    free(t->log_name);
    free(t->key);
    free(t->why_not);
}

void cp_tests_finish(cp_tests *ts, FILE *diag)
{
    if (ts->n == 0)
        return;
    qsort(ts->items, (size_t)ts->n, sizeof *ts->items, by_path);
    /* Find repeated names through a sorted view; drop all but the first
     * in path order. The same file named twice is dropped silently. */
    cp_test **view = ll_xcalloc((size_t)ts->n, sizeof *view);
    for (int i = 0; i < ts->n; i++)
        view[i] = &ts->items[i];
    qsort(view, (size_t)ts->n, sizeof *view, by_name_then_index);
    bool *drop = ll_xcalloc((size_t)ts->n, sizeof *drop);
    int first = 0;
    for (int i = 1; i < ts->n; i++) {
        if (strcmp(view[i]->name, view[first]->name) ||
            strcmp(view[i]->arch, view[first]->arch)) {
            first = i;
            continue;
        }
        drop[view[i] - ts->items] = true;
        if (strcmp(view[i]->path, view[first]->path)) {
            fprintf(diag, "%s: test %s already read from %s; skipped\n",
                    view[i]->path, view[i]->name, view[first]->path);
            ts->duplicates++;
        }
    }
    /* one name, several architectures: NAME@ARCH for each */
    for (int i = 0, j; i < ts->n; i = j) {
        bool archs = false;
        for (j = i + 1; j < ts->n && !strcmp(view[j]->name, view[i]->name);
             j++)
            archs |= strcmp(view[j]->arch, view[i]->arch) != 0;
        for (int k = i; archs && k < j; k++) {
            cp_test *t = view[k];
            if (drop[t - ts->items])
                continue;
            ll_buf b = {0};
            ll_buf_printf(&b, "%s@%s", t->name, t->arch);
            t->log_name = t->name;
            t->name = b.data;
        }
    }
    int n = 0;
    for (int i = 0; i < ts->n; i++) {
        if (drop[i])
            test_free(&ts->items[i]);
        else
            ts->items[n++] = ts->items[i];
    }
    ts->n = n;
    free(drop);
    free(view);
}

void cp_tests_free(cp_tests *ts)
{
    for (int i = 0; i < ts->n; i++)
        test_free(&ts->items[i]);
    free(ts->items);
    for (int i = 0; i < ts->unreadable; i++) {
        free(ts->unread[i].path);
        free(ts->unread[i].why);
    }
    free(ts->unread);
    memset(ts, 0, sizeof *ts);
}
