/* workdir.c — the campaign's files: per-test results in DIR/work/, whose
 * existence is the resume bookkeeping, and the logs gathered from them. */
#include "campaign/campaign.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *cp_work_path(const char *dir, const cp_test *t, cp_step step,
                   uint64_t iterations, const char *target,
                   const char *suffix)
{
    ll_buf b = {0};
    if (step == CP_MODEL)
        ll_buf_printf(&b, "%s/work/%s.model%s", dir, t->key, suffix);
    else
        ll_buf_printf(&b, "%s/work/%s.hw-%s%sn%" PRIu64 "%s", dir, t->key,
                      target ? target : "", target ? "-" : "", iterations,
                      suffix);
    return b.data;
}

bool cp_step_done(const char *dir, const cp_test *t, cp_step step,
                  uint64_t iterations, const char *target)
{
    char *path = cp_work_path(dir, t, step, iterations, target, ".log");
    struct stat st;
    bool done = stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
    free(path);
    return done;
}

static bool make_dir(const char *dir, FILE *diag)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        return true;
    fprintf(diag, "%s: cannot create: %s\n", dir, strerror(errno));
    return false;
}

bool cp_make_dirs(const char *dir, FILE *diag)
{
    /* Parents too, as `mkdir -p`: `-o reports/x86` in a fresh checkout. */
    char *p = ll_xstrdup(dir);
    bool ok = true;
    for (char *s = p + 1; *s && ok; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        ok = make_dir(p, diag);
        *s = '/';
    }
    free(p);
    if (!ok || !make_dir(dir, diag))
        return false;
    ll_buf work = {0};
    ll_buf_printf(&work, "%s/work", dir);
    ok = make_dir(work.data, diag);
    ll_buf_free(&work);
    return ok;
}

static bool append_file(FILE *out, const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return false;
    char block[1 << 14];
    size_t n;
    int last = '\n';
    while ((n = fread(block, 1, sizeof block, in)) > 0) {
        fwrite(block, 1, n, out);
        last = block[n - 1];
    }
    bool ok = !ferror(in);
    fclose(in);
    /* Entries are separated by a blank line even if a child forgot it. */
    if (last != '\n')
        fputc('\n', out);
    return ok;
}

int cp_concat(const char *dir, const cp_tests *ts, cp_step step,
              uint64_t iterations, const char *target, const char *out,
              FILE *diag)
{
    ll_buf tmp = {0};
    ll_buf_printf(&tmp, "%s.tmp", out);
    FILE *f = fopen(tmp.data, "w");
    if (!f) {
        fprintf(diag, "%s: cannot write: %s\n", tmp.data, strerror(errno));
        ll_buf_free(&tmp);
        return -1;
    }
    int entries = 0;
    bool ok = true;
    for (int i = 0; i < ts->n && ok; i++) {
        const cp_test *t = &ts->items[i];
        if (!cp_step_done(dir, t, step, iterations, target))
            continue;
        char *path = cp_work_path(dir, t, step, iterations, target, ".log");
        ok = append_file(f, path);
        if (!ok)
            fprintf(diag, "%s: cannot read: %s\n", path, strerror(errno));
        free(path);
        entries++;
    }
    if (fclose(f) != 0 || !ok) {
        if (ok)
            fprintf(diag, "%s: write error\n", tmp.data);
        unlink(tmp.data);
        ll_buf_free(&tmp);
        return -1;
    }
    if (rename(tmp.data, out) != 0) {
        fprintf(diag, "%s: cannot rename to %s: %s\n", tmp.data, out,
                strerror(errno));
        unlink(tmp.data);
        entries = -1;
    }
    ll_buf_free(&tmp);
    return entries;
}
