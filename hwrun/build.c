/* build.c — compiling generated tests into the build cache (one binary
 * per test text, the harness objects compiled once per harness version;
 * the folder itself is cache.c's), the compiler invocation, and `--emit`
 * folders.
 *
 * Everything in the cache is done through its descriptor: files are
 * created there new and never through a link, the compiler runs with the
 * cache as its working folder and is given names relative to it, its
 * output is renamed there, and the binary is handed on as a descriptor
 * opened and checked there, which is what is run. Entries are made under
 * names with our process id and renamed into place; leftovers of a killed
 * run are swept by the next one that builds. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hwrun/embed.h"
#include "hwrun/hwrun.h"
#include "hwrun/target.h"
#include "litmuslab/outdir.h"

/* Warnings are errors: the generated code and the harness are ours, so a
 * warning is a bug to see, not to run. But for a C test's body, which
 * is the test's: a control dependency through a comparison of a
 * register with itself (`if (r0 == r0)`, a kernel litmus idiom) is
 * meant. */
static const char *const cc_flags[] = {"-O2", "-std=gnu11", "-Wall",
                                       "-Wextra", "-Werror",
                                       "-Wno-tautological-compare",
                                       "-pthread"};
#define N_CC_FLAGS (sizeof cc_flags / sizeof cc_flags[0])

uint64_t hw_hash(uint64_t h, const char *s)
{
    if (!h)
        h = 0xcbf29ce484222325u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3u;
    }
    return h;
}

/* $CC (or cc) for this machine; the target's cross compiler otherwise. */
static const char *compiler(const hw_opts *o)
{
    const char *cc = getenv("CC");
    if (o->target && !hw_target_is_native(o->target))
        return o->target->cc;
    return cc && *cc ? cc : "cc";
}

/* A command line under construction. */
typedef struct hw_argv {
    int n;
    char *v[64];
    ll_buf words;   /* the target's flags, split (see add_flags) */
} hw_argv;

static void add(hw_argv *a, const char *s)
{
    if (a->n < 62)
        a->v[a->n++] = (char *)s;
    a->v[a->n] = NULL;
}

/* The compiler and its flags: ours, then the target's, then how the
 * harness places threads (hwloc here; sched_setaffinity in cross builds,
 * which are static so that qemu-user runs them without the target's
 * shared libraries). */
static void add_compiler(hw_argv *a, const hw_opts *o)
{
    add(a, compiler(o));
    for (size_t i = 0; i < N_CC_FLAGS; i++)
        add(a, cc_flags[i]);
    bool cross = o->target && !hw_target_is_native(o->target);
    if (o->target && *o->target->cflags) {
        /* split in place: words holds "a\0b\0" */
        ll_buf_clear(&a->words);
        ll_buf_puts(&a->words, o->target->cflags);
        ll_buf_putc(&a->words, ' ');
        char *w = a->words.data;
        for (char *p = w; *p; p++)
            if (*p == ' ') {
                *p = 0;
                if (*w)
                    add(a, w);
                w = p + 1;
            }
    }
    add(a, cross ? "-static" : "-DHR_HWLOC");
}

/* Run argv (NULL-terminated) in folder cwd, or in the folder open as
 * cwd_fd (-1: neither, here); its exit status, or -1. */
static int spawn(char *const *argv, const char *cwd, int cwd_fd)
{
    pid_t pid = ll_fork_tied(false);   /* no compiler outlives us */
    if (pid < 0)
        return -1;
    if (!pid) {
        if ((cwd && chdir(cwd)) || (cwd_fd >= 0 && fchdir(cwd_fd)))
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "litmuslab hwrun: cannot run %s: %s\n", argv[0],
                strerror(errno));
        _exit(127);
    }
    int st;
    if (!ll_wait(pid, &st))
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int hw_spawn(char *const *argv, const char *cwd)
{
    return spawn(argv, cwd, -1);
}

static bool is_c_file(const char *name)
{
    size_t n = strlen(name);
    return n > 2 && !strcmp(name + n - 2, ".c");
}

static uint64_t harness_hash(const hw_opts *o)
{
    hw_argv a = {0};
    add_compiler(&a, o);
    uint64_t h = 0;
    for (int i = 0; i < a.n; i++)
        h = hw_hash(h, a.v[i]);
    ll_buf_free(&a.words);
    for (const hw_file *f = hw_harness_files; f->name; f++)
        h = hw_hash(hw_hash(h, f->name), f->text);
    return h;
}

static void file_name(const char *name, ll_buf *out)
{
    for (const char *s = name && *name ? name : "test"; *s; s++) {
        char c = *s;
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '+' || c == '-' ||
                    c == '_' || c == '.';
        ll_buf_putc(out, keep ? c : '_');
    }
}

void hw_file_name(const char *name, ll_buf *out)
{
    file_name(name, out);
}

/* A new file name in the cache holding text (never through a link, never
 * over a file); false + message naming shown. */
static bool write_at(int dfd, const char *name, const char *shown,
                     const char *text)
{
    bool ok = ll_write_new_at(dfd, name, text, strlen(text), 0600);
    if (!ok)
        fprintf(stderr, "litmuslab hwrun: cannot write %s: %s\n", shown,
                strerror(errno));
    return ok;
}

/* The compiled harness is linked into every test: its folder and objects
 * must be ours, as the binaries are. hfd is the folder, shown its path. */
static bool harness_trusted(int hfd, const char *shown)
{
    if (hfd < 0 || !hw_trusted_fd(hfd, shown, true))
        return false;
    ll_buf o = {0}, p = {0};
    bool ok = true;
    for (const hw_file *f = hw_harness_files; ok && f->name; f++)
        if (is_c_file(f->name)) {
            ll_buf_clear(&o);
            ll_buf_puts(&o, f->name);
            o.data[o.len - 1] = 'o';
            ll_buf_clear(&p);
            ll_buf_printf(&p, "%s/%s", shown, ll_buf_str(&o));
            ok = hw_trusted_at(hfd, ll_buf_str(&o), ll_buf_str(&p), false);
        }
    ll_buf_free(&o);
    ll_buf_free(&p);
    return ok;
}

static int open_dir_at(int dfd, const char *name)
{
    return openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* The harness compiled once into cache/harness-HASH/ (built in a private
 * folder and renamed, so concurrent runs never see half of it). cfd is
 * the cache, hname the folder's name in it. */
static bool build_harness(int cfd, const char *cache, const hw_opts *o,
                          const char *hname)
{
    ll_buf shown = {0}, tmp = {0};
    ll_buf_printf(&shown, "%s/%s", cache, hname);
    int hfd = open_dir_at(cfd, hname);
    struct stat st;
    if (hfd >= 0 && !fstatat(hfd, "ok", &st, AT_SYMLINK_NOFOLLOW)) {
        bool ok = harness_trusted(hfd, ll_buf_str(&shown));
        close(hfd);
        ll_buf_free(&shown);
        return ok;
    }
    if (hfd >= 0)
        close(hfd);
    ll_tmp_name(hname, &tmp);
    hw_cache_remove_tree(cfd, ll_buf_str(&tmp));
    int tfd = mkdirat(cfd, ll_buf_str(&tmp), 0700) ? -1
                                                   : open_dir_at(cfd, tmp.data);
    bool ok = tfd >= 0;
    for (const hw_file *f = hw_harness_files; ok && f->name; f++)
        ok = write_at(tfd, f->name, f->name, f->text);
    if (ok) {
        hw_argv a = {0};
        add_compiler(&a, o);
        add(&a, "-c");
        for (const hw_file *f = hw_harness_files; f->name; f++)
            if (is_c_file(f->name))
                add(&a, f->name);
        ok = spawn(a.v, NULL, tfd) == 0;
        if (!ok)
            fprintf(stderr, "litmuslab hwrun: the C compiler (%s) failed on "
                    "the harness in %s/%s\n", compiler(o), cache, tmp.data);
        ll_buf_free(&a.words);
    }
    ok = ok && write_at(tfd, "ok", "ok", "");
    /* another run may have been faster: then its folder is used */
    if (ok && renameat(cfd, tmp.data, cfd, hname)) {
        ll_buf stamp = {0};
        ll_buf_printf(&stamp, "%s/ok", hname);
        ok = !fstatat(cfd, stamp.data, &st, AT_SYMLINK_NOFOLLOW);
        ll_buf_free(&stamp);
    }
    if (tfd >= 0)
        close(tfd);
    hw_cache_remove_tree(cfd, ll_buf_str(&tmp));   /* unless it was renamed */
    hfd = ok ? open_dir_at(cfd, hname) : -1;
    ok = ok && harness_trusted(hfd, ll_buf_str(&shown));
    if (hfd >= 0)
        close(hfd);
    ll_buf_free(&tmp);
    ll_buf_free(&shown);
    return ok;
}

/* Compile name.c (name: the binary's name in the cache cfd) with the
 * harness in hname, in the cache itself (the compiler's working folder
 * is the cache's descriptor; every path it is given is relative to it). */
static bool compile(int cfd, const char *name, const char *hname,
                    const hw_opts *o)
{
    ll_buf inc = {0}, src = {0};
    ll_buf_printf(&inc, "-I%s", hname);
    ll_buf_printf(&src, "%s.c", name);
    hw_argv a = {0};
    add_compiler(&a, o);
    add(&a, inc.data);
    add(&a, "-o");
    add(&a, name);
    add(&a, src.data);
    ll_buf objs[16];
    int n_objs = 0;
    for (const hw_file *f = hw_harness_files; f->name && n_objs < 16; f++)
        if (is_c_file(f->name)) {
            ll_buf *b = &objs[n_objs++];
            memset(b, 0, sizeof *b);
            ll_buf_printf(b, "%s/%s", hname, f->name);
            b->data[b->len - 1] = 'o';
            add(&a, b->data);
        }
    if (!o->target || hw_target_is_native(o->target))
        add(&a, "-lhwloc");
    bool ok = spawn(a.v, NULL, cfd) == 0;
    ll_buf_free(&a.words);
    for (int i = 0; i < n_objs; i++)
        ll_buf_free(&objs[i]);
    ll_buf_free(&inc);
    ll_buf_free(&src);
    return ok;
}

bool hw_build(const ll_test *t, const char *c_text, const hw_opts *o,
              ll_buf *bin, int *bin_fd)
{
    ll_buf cache = {0}, hname = {0}, name = {0}, cfile = {0}, tmp = {0},
           ctmp = {0}, shown = {0};
    *bin_fd = -1;
    int cfd = hw_cache_open(o, &cache);
    bool ok = cfd >= 0;
    if (ok) {
        ll_buf_printf(&hname, "harness-%016" PRIx64, harness_hash(o));
        ll_buf_printf(&shown, "%s/%s", ll_buf_str(&cache), hname.data);
        file_name(t->name, &name);
        ll_buf_printf(&name, "-%016" PRIx64,
                      hw_hash(hw_hash(0, ll_buf_str(&shown)), c_text));
        ll_buf_clear(bin);
        ll_buf_printf(bin, "%s/%s", ll_buf_str(&cache), name.data);
        ll_buf_printf(&cfile, "%s.c", name.data);
        ll_tmp_name(name.data, &tmp);
        ll_buf_printf(&ctmp, "%s.c", tmp.data);
    }
    struct stat st;
    bool cached = ok && !fstatat(cfd, name.data, &st, AT_SYMLINK_NOFOLLOW);
    if (cached && o->keep) {
        ok = write_at(cfd, ctmp.data, bin->data, c_text) &&
             !renameat(cfd, ctmp.data, cfd, cfile.data);
    } else if (ok && !cached) {
        hw_cache_sweep(cfd);
        ok = build_harness(cfd, ll_buf_str(&cache), o, hname.data) &&
             write_at(cfd, ctmp.data, bin->data, c_text);
        if (ok) {
            ok = compile(cfd, tmp.data, hname.data, o) &&
                 !renameat(cfd, tmp.data, cfd, name.data);
            if (!ok) {
                unlinkat(cfd, tmp.data, 0);
                renameat(cfd, ctmp.data, cfd, cfile.data);
                fprintf(stderr, "litmuslab hwrun: %s: the C compiler (%s) "
                        "failed; the generated file is kept: %s.c\n",
                        t->name, compiler(o), bin->data);
            } else if (o->keep) {
                renameat(cfd, ctmp.data, cfd, cfile.data);
            } else {
                unlinkat(cfd, ctmp.data, 0);
            }
        }
    }
    /* what is run is what was checked: the binary's descriptor */
    if (ok) {
        *bin_fd = openat(cfd, name.data, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (*bin_fd < 0)
            fprintf(stderr, "litmuslab hwrun: %s: %s\n", bin->data,
                    strerror(errno));
        ok = *bin_fd >= 0 && hw_trusted_fd(*bin_fd, bin->data, false);
        if (!ok && *bin_fd >= 0) {
            close(*bin_fd);
            *bin_fd = -1;
        }
    }
    if (ok && o->keep)
        fprintf(stderr, "litmuslab hwrun: %s: C file kept: %s.c\n", t->name,
                bin->data);
    if (cfd >= 0)
        close(cfd);
    ll_buf_free(&cache);
    ll_buf_free(&hname);
    ll_buf_free(&name);
    ll_buf_free(&cfile);
    ll_buf_free(&tmp);
    ll_buf_free(&ctmp);
    ll_buf_free(&shown);
    return ok;
}

static const char makefile[] =
    "# Builds and runs one litmus test made by `litmuslab hwrun --emit`.\n"
    "# Needs a C compiler, pthreads and, for placement, hwloc. `make`\n"
    "# builds and runs it (the log goes to stdout); pass options with\n"
    "# ARGS=\"-n 10M\". Cross-compile with CC=... LDFLAGS=-static; RUN=\n"
    "# runs the test under an emulator (RUN=%s), and the log\n"
    "# then says it was emulated.\n"
    "CFLAGS ?= -O2\n"
    "LDFLAGS ?=\n"
    HW_MAKE_HWLOC
    "SRCS := %s\n"
    "ARGS ?=\n"
    "RUN ?=\n\n"
    ".PHONY: run clean\n"
    "run: litmus-test\n"
    "\t$(if $(RUN),LITMUSLAB_EMULATOR='$(firstword $(RUN))' )$(RUN) "
    "./litmus-test $(ARGS)\n\n"
    "litmus-test: $(SRCS) $(wildcard *.h)\n"
    "\t$(CC) -std=gnu11 $(CFLAGS) -pthread $(HR_CFLAGS) -o $@ $(SRCS) "
    "$(LDFLAGS) $(HR_LIBS)\n\n"
    "clean:\n"
    "\trm -f litmus-test\n";

bool hw_emit(const ll_test *t, const char *c_text, const char *dir,
             const char *emulator)
{
    /* written as a whole: nothing of it is in DIR until all of it is */
    ll_outdir *od = ll_outdir_open(dir);
    if (!od)
        return false;
    ll_buf p = {0};
    file_name(t->name, &p);
    ll_buf_puts(&p, ".c");
    bool ok = ll_outdir_write(od, p.data, c_text, strlen(c_text));
    for (const hw_file *f = hw_harness_files; ok && f->name; f++)
        ok = ll_outdir_write(od, f->name, f->text, strlen(f->text));
    /* the sources by name: other .c files in the folder are not built */
    ll_buf srcs = {0}, mk = {0};
    file_name(t->name, &srcs);
    ll_buf_puts(&srcs, ".c");
    for (const hw_file *f = hw_harness_files; f->name; f++)
        if (is_c_file(f->name))
            ll_buf_printf(&srcs, " %s", f->name);
    ll_buf_printf(&mk, makefile, emulator ? emulator : "qemu-MACHINE",
                  ll_buf_str(&srcs));
    ok = ok && ll_outdir_write(od, "Makefile", mk.data, mk.len);
    if (ok)
        ok = ll_outdir_commit(od);
    else
        ll_outdir_abort(od);
    ll_buf_free(&p);
    ll_buf_free(&srcs);
    ll_buf_free(&mk);
    return ok;
}
