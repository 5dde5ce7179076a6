/* build.c — compiling generated tests: the cache folder (one binary per
 * test text, the harness objects compiled once per harness version), the
 * compiler invocation, and `--emit` folders.
 *
 * The cache holds programs we run, so it must be ours alone: created mode
 * 0700, and refused when it, its parent, a binary or a harness object is
 * owned by someone else or writable by others. Entries are made under
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

static bool mkdirs(const char *path, mode_t mode)
{
    char *p = ll_xstrdup(path);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(p, mode);
            *s = '/';
        }
    bool ok = !mkdir(p, mode) || errno == EEXIST;
    free(p);
    return ok;
}

/* Ours and writable by nobody else: a folder or a file we may run. */
static bool trusted(const char *path, bool want_dir, bool follow)
{
    struct stat st;
    if ((follow ? stat(path, &st) : lstat(path, &st)) != 0) {
        fprintf(stderr, "litmuslab hwrun: %s: %s\n", path, strerror(errno));
        return false;
    }
    const char *why = NULL;
    if (want_dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
        why = want_dir ? "not a folder" : "not a regular file";
    else if (st.st_uid != geteuid())
        why = "owned by another user";
    else if (st.st_mode & (S_IWGRP | S_IWOTH))
        why = "writable by others";
    if (why)
        fprintf(stderr, "litmuslab hwrun: refusing the build cache: %s is %s"
                "%s\n", path, why, want_dir ? " (the cache holds programs "
                "that are run; use a folder of your own, mode 0700)" : "");
    return !why;
}

/* The folder holding the cache: nobody else may rename or replace the
 * cache in it, unless it is sticky (as /tmp). */
static bool safe_parent(const char *dir)
{
    char *p = ll_xstrdup(dir);
    char *slash = strrchr(p, '/');
    while (slash && slash > p && !slash[1]) {   /* trailing slashes */
        *slash = '\0';
        slash = strrchr(p, '/');
    }
    if (!slash) {
        free(p);
        p = ll_xstrdup(".");
    } else {
        slash[slash == p] = '\0';
    }
    struct stat st;
    bool ok = stat(p, &st) == 0 &&
              (st.st_uid == geteuid() || st.st_uid == 0) &&
              (!(st.st_mode & (S_IWGRP | S_IWOTH)) || (st.st_mode & S_ISVTX));
    if (!ok)
        fprintf(stderr, "litmuslab hwrun: refusing the build cache %s: its "
                "folder %s can be changed by others\n", dir, p);
    free(p);
    return ok;
}

bool hw_cache_dir(const hw_opts *o, ll_buf *dir)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    ll_buf_clear(dir);
    if (o->cache_dir) {
        ll_buf_puts(dir, o->cache_dir);
    } else if (xdg && *xdg) {
        ll_buf_printf(dir, "%s/litmuslab/hwrun", xdg);
    } else if (home && *home) {
        ll_buf_printf(dir, "%s/.cache/litmuslab/hwrun", home);
    } else {
        /* cron, CI: a folder of this user's in the temporary folder, never
           a fixed name another user could make first */
        const char *t = getenv("TMPDIR");
        ll_buf top = {0};
        ll_buf_printf(&top, "%s/litmuslab-%ld", t && *t ? t : "/tmp",
                      (long)geteuid());
        bool ok = !mkdir(top.data, 0700) || errno == EEXIST;
        if (!ok)
            fprintf(stderr, "litmuslab hwrun: cannot create the cache folder "
                    "%s: %s\n", top.data, strerror(errno));
        ok = ok && trusted(top.data, true, false);
        ll_buf_printf(dir, "%s/hwrun", top.data);
        ll_buf_free(&top);
        if (!ok)
            return false;
    }
    if (!mkdirs(ll_buf_str(dir), 0700)) {
        fprintf(stderr, "litmuslab hwrun: cannot create the cache folder "
                "%s: %s\n", ll_buf_str(dir), strerror(errno));
        return false;
    }
    return trusted(ll_buf_str(dir), true, true) &&
           safe_parent(ll_buf_str(dir));
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "litmuslab hwrun: cannot write %s: %s\n", path,
                strerror(errno));
        return false;
    }
    size_t n = strlen(text);
    bool ok = fwrite(text, 1, n, f) == n;
    ok = !fclose(f) && ok;
    if (!ok)
        fprintf(stderr, "litmuslab hwrun: cannot write %s\n", path);
    return ok;
}

/* Run argv (NULL-terminated) in folder cwd; its exit status, or -1. */
static int spawn(char *const *argv, const char *cwd)
{
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (!pid) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* no compiler outlives us */
        if (getppid() != parent)
            _exit(127);
        if (cwd && chdir(cwd))
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "litmuslab hwrun: cannot run %s: %s\n", argv[0],
                strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int hw_spawn(char *const *argv, const char *cwd)
{
    return spawn(argv, cwd);
}

bool hw_mkdirs(const char *path)
{
    return mkdirs(path, 0777);
}

bool hw_write_file(const char *path, const char *text)
{
    return write_text(path, text);
}

static bool is_c_file(const char *name)
{
    size_t n = strlen(name);
    return n > 2 && !strcmp(name + n - 2, ".c");
}

static void remove_tree(const char *dir)
{
    ll_buf p = {0};
    for (const hw_file *f = hw_harness_files; f->name; f++) {
        ll_buf_clear(&p);
        ll_buf_printf(&p, "%s/%s", dir, f->name);
        unlink(ll_buf_str(&p));
        if (is_c_file(f->name)) {
            p.data[p.len - 1] = 'o';
            unlink(ll_buf_str(&p));
        }
    }
    ll_buf_clear(&p);
    ll_buf_printf(&p, "%s/ok", dir);
    unlink(ll_buf_str(&p));
    ll_buf_free(&p);
    rmdir(dir);
}

/* Remove what a killed run left: names with ".tmp" or ".out" and the
 * process id of a process that is gone. */
static void sweep(const char *cache)
{
    DIR *d = opendir(cache);
    if (!d)
        return;
    ll_buf p = {0};
    struct dirent *e;
    while ((e = readdir(d))) {
        /* NAME.tmpPID, NAME.tmpPID.c, NAME.outPID (older versions) */
        const char *m = NULL;
        for (const char *s = e->d_name; (s = strchr(s, '.')); s++)
            if (!strncmp(s, ".tmp", 4) || !strncmp(s, ".out", 4))
                m = s;
        if (!m || m[4] < '1' || m[4] > '9')
            continue;
        char *end;
        long pid = strtol(m + 4, &end, 10);
        if ((*end && strcmp(end, ".c")) || pid == (long)getpid() ||
            kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        ll_buf_clear(&p);
        ll_buf_printf(&p, "%s/%s", cache, e->d_name);
        struct stat st;
        if (lstat(ll_buf_str(&p), &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(ll_buf_str(&p));
        else
            unlink(ll_buf_str(&p));
    }
    closedir(d);
    ll_buf_free(&p);
}

/* Replace path with text, through a temporary name. */
static bool write_atomic(const char *path, const char *text)
{
    ll_buf tmp = {0};
    ll_buf_printf(&tmp, "%s.tmp%ld", path, (long)getpid());
    bool ok = write_text(tmp.data, text) && !rename(tmp.data, path);
    if (!ok)
        unlink(tmp.data);
    ll_buf_free(&tmp);
    return ok;
}

static bool write_harness(const char *dir)
{
    ll_buf p = {0};
    bool ok = true;
    for (const hw_file *f = hw_harness_files; ok && f->name; f++) {
        ll_buf_clear(&p);
        ll_buf_printf(&p, "%s/%s", dir, f->name);
        ok = write_text(ll_buf_str(&p), f->text);
    }
    ll_buf_free(&p);
    return ok;
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

/* The compiled harness is linked into every test: its folder and objects
 * must be ours, as the binaries are. */
static bool harness_trusted(const char *hdir)
{
    if (!trusted(hdir, true, false))
        return false;
    ll_buf p = {0};
    bool ok = true;
    for (const hw_file *f = hw_harness_files; ok && f->name; f++)
        if (is_c_file(f->name)) {
            ll_buf_clear(&p);
            ll_buf_printf(&p, "%s/%s", hdir, f->name);
            p.data[p.len - 1] = 'o';
            ok = trusted(ll_buf_str(&p), false, false);
        }
    ll_buf_free(&p);
    return ok;
}

/* The harness compiled once into cache/harness-HASH/ (built in a private
 * folder and renamed, so concurrent runs never see half of it). */
static bool build_harness(const char *cache, const hw_opts *o, ll_buf *hdir)
{
    ll_buf_clear(hdir);
    ll_buf_printf(hdir, "%s/harness-%016" PRIx64, cache, harness_hash(o));
    ll_buf stamp = {0};
    ll_buf_printf(&stamp, "%s/ok", ll_buf_str(hdir));
    bool ok = !access(ll_buf_str(&stamp), F_OK);
    if (ok) {
        ll_buf_free(&stamp);
        return harness_trusted(ll_buf_str(hdir));
    }
    ll_buf tmp = {0};
    ll_buf_printf(&tmp, "%s.tmp%ld", ll_buf_str(hdir), (long)getpid());
    remove_tree(ll_buf_str(&tmp));
    ok = !mkdir(ll_buf_str(&tmp), 0700) && write_harness(ll_buf_str(&tmp));
    if (ok) {
        hw_argv a = {0};
        add_compiler(&a, o);
        add(&a, "-c");
        for (const hw_file *f = hw_harness_files; f->name; f++)
            if (is_c_file(f->name))
                add(&a, f->name);
        ok = spawn(a.v, ll_buf_str(&tmp)) == 0;
        if (!ok)
            fprintf(stderr, "litmuslab hwrun: the C compiler (%s) failed on "
                    "the harness in %s\n", compiler(o), ll_buf_str(&tmp));
        ll_buf_free(&a.words);
    }
    if (ok) {
        ll_buf ts = {0};
        ll_buf_printf(&ts, "%s/ok", ll_buf_str(&tmp));
        ok = write_text(ll_buf_str(&ts), "");
        ll_buf_free(&ts);
        /* another run may have been faster: then its folder is used */
        if (ok && rename(ll_buf_str(&tmp), ll_buf_str(hdir)))
            ok = !access(ll_buf_str(&stamp), F_OK);
    }
    remove_tree(ll_buf_str(&tmp));   /* unless it was renamed */
    ll_buf_free(&tmp);
    ll_buf_free(&stamp);
    return ok && harness_trusted(ll_buf_str(hdir));
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

bool hw_build(const ll_test *t, const char *c_text, const hw_opts *o,
              ll_buf *bin)
{
    ll_buf cache = {0}, hdir = {0}, cfile = {0}, tmp = {0}, ctmp = {0};
    bool ok = hw_cache_dir(o, &cache);
    struct stat st;
    if (ok) {
        ll_buf_clear(bin);
        ll_buf_printf(bin, "%s/", ll_buf_str(&cache));
        file_name(t->name, bin);
        ll_buf_printf(&hdir, "%s/harness-%016" PRIx64, ll_buf_str(&cache),
                      harness_hash(o));
        ll_buf_printf(bin, "-%016" PRIx64,
                      hw_hash(hw_hash(0, ll_buf_str(&hdir)), c_text));
        ll_buf_printf(&cfile, "%s.c", ll_buf_str(bin));
    }
    bool cached = ok && lstat(ll_buf_str(bin), &st) == 0;
    if (cached) {
        ok = trusted(ll_buf_str(bin), false, false);
        if (ok && o->keep)
            ok = write_atomic(ll_buf_str(&cfile), c_text);
    } else if (ok) {
        sweep(ll_buf_str(&cache));
        ok = build_harness(ll_buf_str(&cache), o, &hdir);
        ll_buf_printf(&tmp, "%s.tmp%ld", ll_buf_str(bin), (long)getpid());
        ll_buf_printf(&ctmp, "%s.c", ll_buf_str(&tmp));
        ok = ok && write_text(ll_buf_str(&ctmp), c_text);
    }
    if (ok && !cached) {
        ll_buf inc = {0};
        ll_buf_printf(&inc, "-I%s", ll_buf_str(&hdir));
        hw_argv a = {0};
        add_compiler(&a, o);
        add(&a, inc.data);
        add(&a, "-o");
        add(&a, tmp.data);
        add(&a, ctmp.data);
        ll_buf objs[16];
        int n_objs = 0;
        for (const hw_file *f = hw_harness_files; f->name && n_objs < 16; f++)
            if (is_c_file(f->name)) {
                ll_buf *b = &objs[n_objs++];
                memset(b, 0, sizeof *b);
                ll_buf_printf(b, "%s/%s", ll_buf_str(&hdir), f->name);
                b->data[b->len - 1] = 'o';
                add(&a, b->data);
            }
        if (!o->target || hw_target_is_native(o->target))
            add(&a, "-lhwloc");
        ok = spawn(a.v, NULL) == 0 && !rename(tmp.data, ll_buf_str(bin));
        ll_buf_free(&a.words);
        if (!ok) {
            unlink(tmp.data);
            rename(ctmp.data, cfile.data);
            fprintf(stderr, "litmuslab hwrun: %s: the C compiler (%s) "
                    "failed; the generated file is kept: %s\n",
                    t->name, compiler(o), cfile.data);
        } else if (o->keep) {
            rename(ctmp.data, cfile.data);
        } else {
            unlink(ctmp.data);
        }
        for (int i = 0; i < n_objs; i++)
            ll_buf_free(&objs[i]);
        ll_buf_free(&inc);
    }
    if (ok && o->keep)
        fprintf(stderr, "litmuslab hwrun: %s: C file kept: %s\n", t->name,
                cfile.data);
    ll_buf_free(&cache);
    ll_buf_free(&hdir);
    ll_buf_free(&cfile);
    ll_buf_free(&tmp);
    ll_buf_free(&ctmp);
    return ok;
}

static const char makefile[] =
    "# Builds and runs one litmus test made by `litmuslab hwrun --emit`.\n"
    "# Needs a C compiler, pthreads and, for placement, hwloc. `make`\n"
    "# builds and runs it (the log goes to stdout); pass options with\n"
    "# ARGS=\"-n 10M\". Cross-compile with CC=... LDFLAGS=-static; RUN=\n"
    "# runs the test under an emulator (RUN=qemu-aarch64), and the log\n"
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

bool hw_emit(const ll_test *t, const char *c_text, const char *dir)
{
    if (!mkdirs(dir, 0777)) {
        fprintf(stderr, "litmuslab hwrun: cannot create %s: %s\n", dir,
                strerror(errno));
        return false;
    }
    ll_buf p = {0};
    ll_buf_printf(&p, "%s/", dir);
    file_name(t->name, &p);
    ll_buf_puts(&p, ".c");
    bool ok = write_text(ll_buf_str(&p), c_text) && write_harness(dir);
    /* the sources by name: other .c files in the folder are not built */
    ll_buf srcs = {0}, mk = {0};
    file_name(t->name, &srcs);
    ll_buf_puts(&srcs, ".c");
    for (const hw_file *f = hw_harness_files; f->name; f++)
        if (is_c_file(f->name))
            ll_buf_printf(&srcs, " %s", f->name);
    ll_buf_printf(&mk, makefile, ll_buf_str(&srcs));
    ll_buf_clear(&p);
    ll_buf_printf(&p, "%s/Makefile", dir);
    ok = ok && write_text(ll_buf_str(&p), ll_buf_str(&mk));
    ll_buf_free(&p);
    ll_buf_free(&srcs);
    ll_buf_free(&mk);
    return ok;
}
