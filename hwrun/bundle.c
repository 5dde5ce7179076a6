/* bundle.c — a folder to take to a real machine (`hwrun --bundle DIR`,
 * which `campaign --bundle` calls): every test's generated C, the harness
 * once, the tests' .litmus files (for `campaign --from-logs` later), a
 * Makefile and a `run` script that builds everything, runs every test with
 * the options given here, resumes when interrupted and writes one
 * litmus7-format log. It needs a C compiler, make, pthreads and, for
 * placement, hwloc; no litmuslab. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hwrun/embed.h"
#include "hwrun/hwrun.h"
#include "hwrun/target.h"

struct hw_bundle {
    char *dir;           /* the folder written */
    char *tarball;       /* DIR.tar.gz asked for, or NULL */
    ll_buf list;         /* tests.list: one name a line */
    ll_buf args;         /* the run options, shell-quoted */
    const char *target;  /* its name, for the README */
};

static const char makefile[] =
    "# Makefile — builds every test of this bundle (made by litmuslab):\n"
    "# `make`, or `./run`, which also runs them. Cross-compile with\n"
    "# `make CC=aarch64-linux-gnu-gcc LDFLAGS=-static`.\n"
    "CFLAGS ?= -O2\n"
    "LDFLAGS ?=\n"
    HW_MAKE_HWLOC
    "TESTS := $(shell cat tests.list)\n"
    "HARNESS := $(patsubst harness/%.c,obj/%.o,$(wildcard harness/*.c))\n"
    "\n"
    ".PHONY: all clean\n"
    "all: $(addprefix bin/,$(TESTS))\n"
    "\n"
    "obj/%.o: harness/%.c $(wildcard harness/*.h)\n"
    "\t@mkdir -p obj\n"
    "\t$(CC) -std=gnu11 $(CFLAGS) -pthread $(HR_CFLAGS) -c -o $@ $<\n"
    "\n"
    "bin/%: tests/%.c $(HARNESS)\n"
    "\t@mkdir -p bin\n"
    "\t$(CC) -std=gnu11 $(CFLAGS) -pthread $(HR_CFLAGS) -Iharness -o $@ $< "
    "$(HARNESS) $(LDFLAGS) $(HR_LIBS)\n"
    "\n"
    "clean:\n"
    "\trm -rf obj bin\n";

/* The run script; "@ARGS@" becomes the options given to hwrun. */
static const char run_script[] =
    "#!/bin/sh\n"
    "# run — builds and runs every test of this bundle (made by litmuslab)\n"
    "# and writes one litmus7-format log, MACHINE-HOST.log. Interrupted\n"
    "# (Ctrl-C), it keeps what is finished: run it again to go on.\n"
    "#   ./run               the options chosen when the bundle was made\n"
    "#   ./run -n 100M ...   other options for the tests (see bin/X -h)\n"
    "# Environment: CC, CFLAGS, LDFLAGS (for make); RUN, a command to run\n"
    "# each test under (RUN=qemu-ppc64le), which the log then calls\n"
    "# emulated; LOG, the log's name.\n"
    "cd \"$(dirname \"$0\")\" || exit 2\n"
    "args='@ARGS@'\n"
    "[ $# -gt 0 ] && args=\"$*\"\n"
    "jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)\n"
    "make -s -j\"$jobs\" || { echo \"run: the build failed\" >&2; exit 2; }\n"
    "# Results of other options are kept apart.\n"
    "sum=$(printf '%s\\n' \"$args\" | cksum | cut -d' ' -f1)\n"
    "logs=logs/$sum\n"
    "mkdir -p \"$logs\" || exit 2\n"
    "printf '%s\\n' \"$args\" > \"$logs/ARGS\"\n"
    "log=${LOG:-$(uname -m)-$(uname -n).log}\n"
    "stop=0\n"
    "trap 'stop=1' INT TERM\n"
    "total=$(wc -l < tests.list | tr -d ' ')\n"
    "i=0 done_here=0 failed=0 start=$(date +%s)\n"
    "while read -r t; do\n"
    "  i=$((i + 1))\n"
    "  [ -s \"$logs/$t.log\" ] && continue\n"
    "  now=$(date +%s) el=$((now - start)) eta='?'\n"
    "  [ $done_here -gt 0 ] && eta=$(((total - i + 1) * el / done_here))s\n"
    "  printf '[%d/%d] %s (%ds, about %s left)\\n' \"$i\" \"$total\" \"$t\" "
    "\"$el\" \"$eta\" >&2\n"
    "  # shellcheck disable=SC2086\n"
    "  if [ -n \"$RUN\" ]; then\n"
    "    LITMUSLAB_EMULATOR=\"${RUN%% *}\" $RUN \"bin/$t\" -q $args "
    "> \"$logs/$t.tmp\"\n"
    "  else\n"
    "    \"bin/$t\" -q $args > \"$logs/$t.tmp\"\n"
    "  fi\n"
    "  rc=$?\n"
    "  if [ $stop = 1 ] || grep -q '(interrupted)$' \"$logs/$t.tmp\"; then\n"
    "    rm -f \"$logs/$t.tmp\"\n"
    "    echo \"run: interrupted; finished tests are kept in $logs: run \"\\\n"
    "      \"./run again to go on\" >&2\n"
    "    exit 130\n"
    "  fi\n"
    "  if [ $rc = 0 ] && [ -s \"$logs/$t.tmp\" ]; then\n"
    "    mv \"$logs/$t.tmp\" \"$logs/$t.log\"; done_here=$((done_here + 1))\n"
    "  else\n"
    "    rm -f \"$logs/$t.tmp\"; failed=$((failed + 1))\n"
    "    echo \"run: $t failed (exit $rc)\" >&2\n"
    "  fi\n"
    "done < tests.list\n"
    "while read -r t; do\n"
    "  [ -s \"$logs/$t.log\" ] && cat \"$logs/$t.log\"\n"
    "done < tests.list > \"$log.tmp\" && mv \"$log.tmp\" \"$log\"\n"
    "echo \"run: $total tests, $failed failed; log: $log\" >&2\n"
    "[ $failed = 0 ]\n";

static bool put_file(const char *dir, const char *name, const char *text,
                     int mode)
{
    ll_buf p = {0};
    ll_buf_printf(&p, "%s/%s", dir, name);
    bool ok = hw_write_file(p.data, text);
    if (ok && mode && chmod(p.data, (mode_t)mode)) {
        fprintf(stderr, "litmuslab hwrun: cannot chmod %s: %s\n", p.data,
                strerror(errno));
        ok = false;
    }
    ll_buf_free(&p);
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

hw_bundle *hw_bundle_open(const char *dir, const hw_opts *o)
{
    hw_bundle *b = ll_xcalloc(1, sizeof *b);
    size_t n = strlen(dir);
    if (n > 7 && !strcmp(dir + n - 7, ".tar.gz")) {
        b->tarball = ll_xstrdup(dir);
        b->dir = ll_xstrndup(dir, n - 7);
    } else {
        b->dir = ll_xstrdup(dir);
    }
    b->target = o->target ? o->target->name : "this machine";
    for (int i = 0; i < o->n_args; i++) {
        if (i)
            ll_buf_putc(&b->args, ' ');
        shell_word(&b->args, o->args[i]);
    }
    ll_buf sub = {0};
    bool ok = true;
    static const char *const subdirs[] = {"", "/harness", "/tests",
                                          "/litmus"};
    for (int i = 0; i < 4 && ok; i++) {
        ll_buf_clear(&sub);
        ll_buf_printf(&sub, "%s%s", b->dir, subdirs[i]);
        ok = hw_mkdirs(sub.data);
    }
    if (!ok)
        fprintf(stderr, "litmuslab hwrun: cannot create %s: %s\n", sub.data,
                strerror(errno));
    ll_buf_clear(&sub);
    ll_buf_printf(&sub, "%s/harness", b->dir);
    for (const hw_file *f = hw_harness_files; ok && f->name; f++)
        ok = put_file(sub.data, f->name, f->text, 0);
    ll_buf_free(&sub);
    if (!ok) {
        hw_bundle_free(b);
        return NULL;
    }
    return b;
}

bool hw_bundle_add(hw_bundle *b, const ll_test *t, const char *c_text,
                   const char *litmus_path)
{
    ll_buf base = {0}, name = {0}, dir = {0}, line = {0};
    hw_file_name(t->name, &base);
    ll_buf_printf(&line, "\n%s\n", base.data);
    ll_buf_printf(&name, "\n%s", ll_buf_str(&b->list));
    bool ok = !strstr(name.data, line.data);
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
    ll_buf_printf(&dir, "%s/tests", b->dir);
    ok = ok && put_file(dir.data, name.data, c_text, 0);
    ll_buf_clear(&name);
    ll_buf_printf(&name, "%s.litmus", base.data);
    ll_buf_clear(&dir);
    ll_buf_printf(&dir, "%s/litmus", b->dir);
    ok = ok && put_file(dir.data, name.data, src, 0);
    if (ok)
        ll_buf_puts(&b->list, line.data + 1);
    free(src);
    ll_buf_free(&base);
    ll_buf_free(&name);
    ll_buf_free(&dir);
    ll_buf_free(&line);
    return ok;
}

static bool make_tarball(const hw_bundle *b)
{
    char *parent = ll_xstrdup(b->dir), *base = strrchr(parent, '/');
    const char *dir = ".";
    if (base) {
        *base++ = 0;
        dir = *parent ? parent : "/";
    } else {
        base = parent;
    }
    char *argv[] = {"tar", "-czf", b->tarball, "-C", (char *)dir, base, NULL};
    bool ok = hw_spawn(argv, NULL) == 0;
    if (!ok)
        fprintf(stderr, "litmuslab hwrun: tar failed writing %s\n",
                b->tarball);
    free(parent);
    return ok;
}

bool hw_bundle_close(hw_bundle *b)
{
    ll_buf script = {0}, readme = {0};
    const char *at = strstr(run_script, "@ARGS@");
    ll_buf_putn(&script, run_script, (size_t)(at - run_script));
    ll_buf_puts(&script, ll_buf_str(&b->args));
    ll_buf_puts(&script, at + 6);
    ll_buf_printf(&readme,
                  "Litmus tests for %s, made by litmuslab (hwrun --bundle).\n"
                  "\n"
                  "On the machine: ./run  (needs a C compiler, make,\n"
                  "pthreads and, for thread placement, hwloc's headers and\n"
                  "library; without them sched_setaffinity places the\n"
                  "threads). It builds everything, runs each test with:\n"
                  "  %s\n"
                  "and writes MACHINE-HOST.log (litmus7 format). Ctrl-C\n"
                  "stops it; ./run again goes on where it stopped.\n"
                  "\n"
                  "Bring the log back and compare it with the model:\n"
                  "  litmuslab campaign litmus --from-logs MACHINE-HOST.log "
                  "-o reports/NAME\n",
                  b->target, ll_buf_str(&b->args));
    bool ok = put_file(b->dir, "tests.list", ll_buf_str(&b->list), 0) &&
              put_file(b->dir, "Makefile", makefile, 0) &&
              put_file(b->dir, "run", script.data, 0755) &&
              put_file(b->dir, "README", readme.data, 0);
    if (ok && b->tarball)
        ok = make_tarball(b);
    ll_buf_free(&script);
    ll_buf_free(&readme);
    return ok;
}

void hw_bundle_free(hw_bundle *b)
{
    if (!b)
        return;
    free(b->dir);
    free(b->tarball);
    ll_buf_free(&b->list);
    ll_buf_free(&b->args);
    free(b);
}
