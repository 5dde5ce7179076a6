/* driver.c — hwrun's per-test pipeline (driver.h): for each test file,
 * read, generate, check that the target runs it, build (cached), run,
 * and append the litmus7 log entry; or add the test to a bundle, write
 * its --emit folder, or only say whether it would run (--check). With -o
 * the log so far is written under a temporary name and renamed after each
 * test, so FILE always holds whole entries, and an earlier FILE stays as
 * it was until a test has run. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwrun/driver.h"
#include "hwrun/gen/gen.h"
#include "hwrun/target.h"
#include "litmuslab/os.h"
#include "litmuslab/outdir.h"

/* Print a refusal: on stderr, or as `no FILE: why` for --check. */
static void refuse(FILE *check, const char *path, const ll_diag *d,
                   const char *why)
{
    FILE *f = check ? check : stderr;
    if (check)
        fprintf(f, "no %s: ", path);
    if (why)
        fprintf(f, "%s%s%s\n", check ? "" : path, check ? "" : ": ", why);
    else if (!d->line)
        fprintf(f, "%s%s%s\n", check ? "" : path, check ? "" : ": ", d->msg);
    else
        ll_diag_print(d, f);
}

/* What to do with each test. */
typedef struct hw_mode {
    const char *emit;     /* --emit DIR */
    const char *bundle;   /* --bundle DIR */
    hw_bundle *b;         /* open when bundling */
    FILE *check;          /* --check: where the answers go */
    ll_buf *log;          /* the logs so far */
    bool interrupted;
} hw_mode;

/* A folder with something in it (a missing one is empty). */
static bool has_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    bool any = false;
    while (!any && (e = readdir(d)))
        any = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return any;
}

/* Replace path with the text (a new temporary file renamed over it). */
static bool publish(const char *path, const ll_buf *text)
{
    return ll_replace_file(path, ll_buf_str(text), text->len);
}

/* A jump back to a label at or before it makes a loop: the model counts
 * only executions that go round it at most MDL_UNROLL (2) times, a run
 * cannot be held to that, so the difference is said (a loop that never
 * ends is stopped by the harness's watchdog). */
static void note_loops(const ll_test *t)
{
    for (int k = 0; k < t->n_threads; k++) {
        const ll_thread *th = &t->threads[k];
        for (int s = 0; s < th->n_stmts; s++) {
            const ll_stmt *st = &th->stmts[s];
            for (int i = 0; st->has_instr && i < st->instr.n_ops; i++) {
                const ll_operand *op = &st->instr.ops[i];
                if (op->kind != LL_OPND_LABEL || !op->sym)
                    continue;
                int to = ll_label_stmt(th, op->sym, s);
                if (to < 0 || to > s)
                    continue;
                /* a C test's labels are the lowering's own */
                bool c = op->sym[0] == '@';
                fprintf(stderr, "%s:%d:%d: note: %s%s: hardware runs the "
                        "loop as often as it goes round; the model counts "
                        "only executions that go round at most twice\n",
                        t->file, st->pos.line, st->pos.col,
                        c ? "a loop" : "jump back to ", c ? "" : op->sym);
                return;
            }
        }
    }
}

/* Is t a test for target tg? false + *why when not. */
static bool target_fits(const ll_test *t, const hw_target *tg, bool chosen,
                        ll_buf *why)
{
    if (!tg) {
        ll_buf_puts(why, "this machine is none of hwrun's targets; choose "
                    "one with --target");
        return false;
    }
    if (t->arch && t->arch->id != tg->arch) {
        ll_buf_printf(why, "'%s' is a %s test, not for %s%s", t->name,
                      t->arch_name, chosen ? "target " : "this machine, ",
                      tg->name);
        ll_buf others = {0};
        hw_target_names_for(t->arch->id, &others);
        if (others.len)
            ll_buf_printf(why, "; use --target %s (cross-compiled, run here "
                          "under qemu-user)", ll_buf_str(&others));
        ll_buf_free(&others);
        return false;
    }
    return true;
}

static int run_one(const char *path, const hw_opts *o, hw_mode *m)
{
    ll_diag d = {0};
    ll_test *t = ll_test_read(path, &d);
    if (!t || !ll_test_check_addresses(t, &d)) {
        refuse(m->check, path, &d, NULL);
        ll_test_free(t);
        return 2;
    }
    ll_buf c = {0}, bin = {0}, why = {0};
    if (!m->check) {   /* a condition that cannot mean what it says */
        ll_test_warnings(t, &why);
        fputs(ll_buf_str(&why), stderr);
        ll_buf_clear(&why);
    }
    const hw_target *tg = o->target ? o->target : hw_target_host();
    int bin_fd = -1;
    /* a folder for another machine needs no tools here */
    bool here = !m->emit && !m->bundle;
    int rc = 0;
    if (!hw_gen_c(t, &c, &d)) {
        refuse(m->check, path, &d, NULL);
        rc = 2;
    } else if ((here || o->target) &&
               !target_fits(t, tg, o->target != NULL, &why)) {
        refuse(m->check, path, &d, ll_buf_str(&why));
        rc = 2;
    } else if (here && !hw_target_ready(tg, &why)) {
        refuse(m->check, path, &d, ll_buf_str(&why));
        rc = 2;
    } else if (m->check) {
        fprintf(m->check, "ok %s\n", path);
    } else if (m->b) {
        rc = hw_bundle_add(m->b, t, ll_buf_str(&c), path) ? 0 : 2;
    } else if (m->emit) {
        rc = hw_emit(t, ll_buf_str(&c), m->emit,
                     tg ? tg->qemu : NULL) ? 0 : 2;
    } else if (!hw_build(t, ll_buf_str(&c), o, &bin, &bin_fd)) {
        rc = 2;
    } else {
        note_loops(t);
        ll_log_entry e = {0};
        hw_end end;
        if (hw_execute(t, bin_fd, ll_buf_str(&bin), o, &e, &end))
            ll_log_format_litmus(&e, m->log);
        if (end == HW_STUCK || end == HW_FAILED)
            rc = 2;
        m->interrupted = end == HW_INTERRUPTED;
        ll_log_entry_clear(&e);
    }
    if (bin_fd >= 0)
        close(bin_fd);
    ll_buf_free(&c);
    ll_buf_free(&bin);
    ll_buf_free(&why);
    ll_test_free(t);
    return rc;
}

int hw_drive(const hw_opts *o, const hw_job *j, char **files, int n_files)
{
    if (j->emit && !j->force && has_files(j->emit)) {
        fprintf(stderr, "litmuslab hwrun: %s is not empty; --emit writes a "
                "new folder (--force writes into this one)\n", j->emit);
        return 2;
    }
    hw_mode m = {j->emit, j->bundle, NULL, j->check ? stdout : NULL, NULL,
                 false};
    bool opened = !m.bundle || j->check ||
                  (m.b = hw_bundle_open(m.bundle, o, j->force, j->timeout));
    ll_buf log = {0};
    m.log = &log;
    size_t shown = 0;
    int rc = 0;
    for (int i = 0; i < n_files && !m.interrupted && opened; i++) {
        if (run_one(files[i], o, &m) && !j->check)
            rc = 2;
        if (log.len == shown)
            continue;
        if (!j->out_path) {
            fputs(ll_buf_str(&log) + shown, stdout);
            ll_flush(stdout);   /* an error is reported at exit */
        } else if (!publish(j->out_path, &log)) {
            rc = 2;
            break;
        }
        shown = log.len;
    }
    if (!opened)
        rc = 2;
    if (m.b && (rc || !hw_bundle_close(m.b)))
        rc = 2;
    hw_bundle_free(m.b);
    ll_buf_free(&log);
    return rc;
}
