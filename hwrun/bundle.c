/* bundle.c — a folder to take to a real machine (`hwrun --bundle DIR`,
 * which `campaign --bundle` calls): every test's generated C, the harness
 * once, the tests' .litmus files (for `campaign --from-logs` later), a
 * Makefile, a README and a `run` script (hwrun/bundle/, embedded) that
 * builds everything with `make -j`, runs every test with the options
 * given here under a watchdog, resumes after a Ctrl-C or a reboot and
 * writes one litmus7-format log. It needs a C compiler, make and
 * pthreads (hwloc, for placement, if there); no litmuslab.
 *
 * The bundle never touches a file it did not make: DIR must be new or
 * empty (ll_output_allowed; --force: a folder with files too), the
 * folders in it are made here or opened without following a link, and
 * every file is created with O_EXCL|O_NOFOLLOW through the folder's
 * descriptor (with --force, a file of the same name is unlinked first,
 * never written through). DIR.tar.gz is written entry by entry from the
 * files made here (tar.c), under a temporary name renamed at the end:
 * it holds exactly the bundle, whatever lies in a folder DIR. */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "litmuslab/outdir.h"

#include "hwrun/embed.h"
#include "hwrun/hwrun.h"
#include "hwrun/target.h"

#define WHO "litmuslab hwrun"

/* The folders of a bundle, by index: the top, then its sub-folders. */
enum { TOP, HARNESS, TESTS, LITMUS, N_DIRS };
static const char *const dir_names[N_DIRS] = {"", "harness", "tests",
                                              "litmus"};

struct hw_bundle {
    char *out;           /* the path asked for: DIR or DIR.tar.gz */
    char *top;           /* the folder's name inside a tarball */
    bool force;
    int fd[N_DIRS];      /* the folders, when writing one (else -1) */
    hw_tar *tar;         /* the tarball being written, or NULL */
    char *tar_tmp;       /* its temporary name, renamed at the end */
    ll_buf list;         /* "\n" then tests.list: one name a line */
    ll_buf args;         /* the run options, shell-quoted */
    const char *target;  /* its name, for the README */
    const char *make_lines;   /* the target's, for the Makefile, or "" */
    const char *cc, *qemu;    /* the target's cross compiler and qemu-user,
                                 the examples of CC= and RUN= */
    double timeout;      /* seconds before ./run kills a test; 0 none */
    ll_buf made;         /* "DkNAME\n" for each file (k: f) and folder
                            (d) made here, D its folder's index: undone
                            when the bundle fails */
    bool made_top;       /* DIR itself was made here */
    bool done;           /* closed: the bundle is complete */
};

static void note_made(hw_bundle *b, int dir, bool folder, const char *name)
{
    ll_buf_printf(&b->made, "%d%c%s\n", dir, folder ? 'd' : 'f', name);
}

/* A failed bundle takes back what it made, last first (files, then their
 * folders), so that the next try is not refused for it; what was there
 * before stays. */
static void undo(hw_bundle *b)
{
    char *list = b->made.data;
    for (size_t end = b->made.len; list && end > 0;) {
        size_t start = end - 1;
        while (start > 0 && list[start - 1] != '\n')
            start--;
        list[end - 1] = '\0';
        int dir = list[start] - '0';
        if (b->fd[dir] >= 0)
            unlinkat(b->fd[dir], list + start + 2,
                     list[start + 1] == 'd' ? AT_REMOVEDIR : 0);
        end = start;
    }
    if (b->made_top)
        rmdir(b->out);
}

/* The embedded template called name (hwrun/bundle/NAME). */
static const char *template(const char *name)
{
    for (const hw_file *f = hw_bundle_files; f->name; f++)
        if (!strcmp(f->name, name))
            return f->text;
    return "";
}

/* text with each @KEY@ of keys (KEY, value pairs, NULL-ended) replaced. */
static void fill(ll_buf *out, const char *text, const char *const *keys)
{
    while (*text) {
        const char *at = strchr(text, '@');
        if (!at) {
            ll_buf_puts(out, text);
            return;
        }
        ll_buf_putn(out, text, (size_t)(at - text));
        text = at;
        const char *const *k = keys;
        for (; *k; k += 2) {
            size_t n = strlen(*k);
            if (!strncmp(at + 1, *k, n) && at[n + 1] == '@')
                break;
        }
        if (*k) {
            ll_buf_puts(out, k[1]);
            text += strlen(*k) + 2;
        } else {
            ll_buf_putc(out, '@');
            text++;
        }
    }
}

static void cannot(const hw_bundle *b, int dir, const char *name, int err)
{
    fprintf(stderr, WHO ": cannot write %s%s%s%s%s: %s\n", b->out,
            *dir_names[dir] ? "/" : "", dir_names[dir], *name ? "/" : "",
            name, strerror(err));
}

/* A file of the bundle: name in folder dir. */
static bool put_file(hw_bundle *b, int dir, const char *name,
                     const char *text, int mode)
{
    if (b->tar) {
        ll_buf p = {0};
        ll_buf_printf(&p, "%s%s%s/%s", b->top, *dir_names[dir] ? "/" : "",
                      dir_names[dir], name);
        bool ok = hw_tar_file(b->tar, p.data, text, mode);
        if (!ok)
            fprintf(stderr, WHO ": cannot write %s: %s\n", b->tar_tmp,
                    strerror(errno));
        ll_buf_free(&p);
        return ok;
    }
    /* new, never through a link; --force replaces a file of that name
     * (a link there is removed, its target untouched) */
    size_t len = strlen(text);
    bool replaced = false;
    bool ok = ll_write_new_at(b->fd[dir], name, text, len, (mode_t)mode);
    if (!ok && errno == EEXIST && b->force &&
        unlinkat(b->fd[dir], name, 0) == 0) {
        replaced = true;
        ok = ll_write_new_at(b->fd[dir], name, text, len, (mode_t)mode);
    }
    if (!ok) {
        cannot(b, dir, name, errno);
        return false;
    }
    if (!replaced)
        note_made(b, dir, false, name);
    return true;
}

/* Open folder DIR, made here, or an empty one (or, with --force, one with
 * files), never through a symbolic link; then its sub-folders likewise. */
static bool open_folder(hw_bundle *b)
{
    ll_mkdir_parents(b->out, 0777);   /* as mkdir -p */
    bool made = mkdir(b->out, 0777) == 0;
    b->made_top = made;
    if (!made && errno != EEXIST) {
        fprintf(stderr, WHO ": cannot create %s: %s\n", b->out,
                strerror(errno));
        return false;
    }
    b->fd[TOP] = open(b->out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
                      O_CLOEXEC);
    if (b->fd[TOP] < 0) {
        /* replaced by a link (or a file) since it was checked */
        fprintf(stderr, WHO ": cannot open %s: %s\n", b->out,
                strerror(errno == ELOOP ? ENOTDIR : errno));
        return false;
    }
    if (!made && !b->force) {   /* empty when checked: still so? */
        int dup_fd = dup(b->fd[TOP]);
        DIR *d = dup_fd < 0 ? NULL : fdopendir(dup_fd);
        struct dirent *e;
        bool empty = d != NULL;
        while (empty && (e = readdir(d)))
            empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
        if (d)
            closedir(d);
        if (!empty) {
            fprintf(stderr, WHO ": %s is not empty; --bundle writes a new "
                    "folder (--force writes into this one)\n", b->out);
            return false;
        }
    }
    for (int i = HARNESS; i < N_DIRS; i++) {
        if (mkdirat(b->fd[TOP], dir_names[i], 0777) == 0)
            note_made(b, TOP, true, dir_names[i]);
        else if (errno != EEXIST) {
            cannot(b, TOP, dir_names[i], errno);
            return false;
        }
        b->fd[i] = openat(b->fd[TOP], dir_names[i],
                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (b->fd[i] < 0) {
            cannot(b, TOP, dir_names[i], errno == ELOOP ? ENOTDIR : errno);
            return false;
        }
    }
    return true;
}

/* Start DIR.tar.gz: a new file beside it, renamed at the end. */
static bool open_tarball(hw_bundle *b)
{
    size_t n = strlen(b->out) - 7;   /* without .tar.gz */
    const char *base = b->out;
    for (size_t i = 0; i < n; i++)
        if (b->out[i] == '/')
            base = b->out + i + 1;
    b->top = ll_xstrndup(base, n - (size_t)(base - b->out));
    if (!*b->top || !strcmp(b->top, ".") || !strcmp(b->top, "..")) {
        fprintf(stderr, WHO ": %s: a tarball's name is its folder's name "
                "and .tar.gz\n", b->out);
        return false;
    }
    ll_mkdir_parents(b->out, 0777);
    ll_buf tmp = {0};
    ll_tmp_name(b->out, &tmp);
    b->tar_tmp = tmp.data;
    int fd = open(b->tar_tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
                  O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, WHO ": cannot write %s: %s\n", b->tar_tmp,
                strerror(errno));
        free(b->tar_tmp);
        b->tar_tmp = NULL;
        return false;
    }
    b->tar = hw_tar_open(fd);
    if (!b->tar) {
        close(fd);
        return false;
    }
    bool ok = true;
    for (int i = TOP; i < N_DIRS && ok; i++) {
        ll_buf p = {0};
        ll_buf_printf(&p, "%s%s%s", b->top, i ? "/" : "", dir_names[i]);
        ok = hw_tar_dir(b->tar, p.data);
        ll_buf_free(&p);
    }
    return ok;
}

/* One option for the script's `args='...'`, split by the shell: the
 * options tests take are words and numbers; anything else becomes _. */
static void shell_word(ll_buf *b, const char *w)
{
    for (; *w; w++)
        ll_buf_putc(b, strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST"
                              "UVWXYZ0123456789-_.+=/:,", *w) ? *w : '_');
}

/* out without trailing slashes: "DIR/" names DIR itself, not what a
 * link DIR points at. */
static char *clean_path(const char *out)
{
    size_t n = strlen(out);
    while (n > 1 && out[n - 1] == '/')
        n--;
    return ll_xstrndup(out, n);
}

static bool is_tarball(const char *out)
{
    size_t n = strlen(out);
    return n > 7 && !strcmp(out + n - 7, ".tar.gz");
}

bool hw_bundle_allowed(const char *out, bool force)
{
    return ll_output_allowed(WHO, "--bundle", out, is_tarball(out), force,
                             stderr);
}

hw_bundle *hw_bundle_open(const char *out, const hw_opts *o, bool force,
                          double timeout)
{
    if (!hw_bundle_allowed(out, force))
        return NULL;
    hw_bundle *b = ll_xcalloc(1, sizeof *b);
    for (int i = 0; i < N_DIRS; i++)
        b->fd[i] = -1;
    b->out = clean_path(out);
    b->force = force;
    b->timeout = timeout;
    const hw_target *tg = o->target ? o->target : hw_target_host();
    b->target = o->target ? o->target->name : "this machine";
    b->make_lines = tg && tg->make_lines ? tg->make_lines : "";
    b->cc = tg ? tg->cc : "MACHINE-linux-gnu-gcc";
    b->qemu = tg ? tg->qemu : "qemu-MACHINE";
    for (int i = 0; i < o->n_args; i++) {
        if (i)
            ll_buf_putc(&b->args, ' ');
        shell_word(&b->args, o->args[i]);
    }
    bool ok = is_tarball(b->out) ? open_tarball(b) : open_folder(b);
    for (const hw_file *f = hw_harness_files; ok && f->name; f++)
        ok = put_file(b, HARNESS, f->name, f->text, 0644);
    if (!ok) {
        hw_bundle_free(b);
        return NULL;
    }
    return b;
}

bool hw_bundle_add(hw_bundle *b, const ll_test *t, const char *c_text,
                   const char *litmus_path)
{
    ll_buf base = {0}, name = {0}, line = {0};
    hw_file_name(t->name, &base);
    ll_buf_printf(&line, "\n%s\n", base.data);
    if (!b->list.len)
        ll_buf_putc(&b->list, '\n');
    bool ok = !strstr(b->list.data, line.data);
    if (!ok)
        fprintf(stderr, "%s: test %s is already in the bundle\n",
                litmus_path, t->name);
    size_t len;
    char *src = ok ? ll_read_file(litmus_path, &len) : NULL;
    if (ok && !src) {
        fprintf(stderr, "%s: cannot read: %s\n", litmus_path,
                strerror(errno));
        ok = false;
    }
    ll_buf_clear(&name);
    ll_buf_printf(&name, "%s.c", base.data);
    ok = ok && put_file(b, TESTS, name.data, c_text, 0644);
    ll_buf_clear(&name);
    ll_buf_printf(&name, "%s.litmus", base.data);
    ok = ok && put_file(b, LITMUS, name.data, src, 0644);
    if (ok)
        ll_buf_puts(&b->list, line.data + 1);   /* its \n ends the last */
    free(src);
    ll_buf_free(&base);
    ll_buf_free(&name);
    ll_buf_free(&line);
    return ok;
}

bool hw_bundle_close(hw_bundle *b)
{
    ll_buf script = {0}, readme = {0}, make = {0};
    char timeout[32];
    snprintf(timeout, sizeof timeout, "%lld",   /* whole seconds, up */
             (long long)b->timeout + (b->timeout > (long long)b->timeout));
    int n_tests = 0;
    const char *list = b->list.len ? b->list.data + 1 : "";
    for (const char *s = list; *s; s++)
        n_tests += *s == '\n';
    char count[32];
    snprintf(count, sizeof count, "%d", n_tests);
    const char *keys[] = {"ARGS", ll_buf_str(&b->args),
                          "TIMEOUT", timeout,
                          "TARGET", b->target,
                          "TESTS", count,
                          "HWLOC", HW_MAKE_HWLOC,
                          "ARCH_CFLAGS", b->make_lines,
                          "CC", b->cc,
                          "QEMU", b->qemu,
                          NULL};
    fill(&script, template("run"), keys);
    fill(&readme, template("README"), keys);
    fill(&make, template("Makefile"), keys);
    bool ok = put_file(b, TOP, "tests.list", list, 0644) &&
              put_file(b, TOP, "Makefile", make.data, 0644) &&
              put_file(b, TOP, "run", script.data, 0755) &&
              put_file(b, TOP, "README", readme.data, 0644);
    if (b->tar) {
        bool closed = hw_tar_close(b->tar);
        b->tar = NULL;
        if (ok && !closed)
            fprintf(stderr, WHO ": cannot write %s: %s\n", b->tar_tmp,
                    strerror(errno));
        ok = ok && closed;
        if (ok && rename(b->tar_tmp, b->out)) {
            fprintf(stderr, WHO ": cannot write %s: %s\n", b->out,
                    strerror(errno));
            ok = false;
        }
        if (ok) {
            free(b->tar_tmp);
            b->tar_tmp = NULL;
        }
    }
    b->done = ok;
    ll_buf_free(&script);
    ll_buf_free(&readme);
    ll_buf_free(&make);
    return ok;
}

void hw_bundle_free(hw_bundle *b)
{
    if (!b)
        return;
    if (b->tar)   /* not closed: a failed bundle leaves no tarball */
        hw_tar_close(b->tar);
    if (b->tar_tmp)
        unlink(b->tar_tmp);
    if (!b->done)
        undo(b);
    for (int i = 0; i < N_DIRS; i++)
        if (b->fd[i] >= 0)
            close(b->fd[i]);
    free(b->out);
    free(b->top);
    free(b->tar_tmp);
    ll_buf_free(&b->list);
    ll_buf_free(&b->args);
    ll_buf_free(&b->made);
    free(b);
}
