/* workdir.c — the campaign's files: per-test results in DIR/work/, whose
 * existence is the resume bookkeeping, and the logs gathered from them. */
#include "campaign/campaign.h"
#include "litmuslab/log_lines.h"
#include "litmuslab/outdir.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
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

bool cp_make_dirs(const char *dir, FILE *diag)
{
    /* Parents too, as `mkdir -p`: `-o reports/NAME` in a fresh checkout. */
    ll_buf work = {0};
    ll_buf_printf(&work, "%s/work", dir);
    bool ok = ll_mkdirs(work.data, 0777);
    if (!ok)
        fprintf(diag, "%s: cannot create: %s\n", work.data,
                strerror(errno));
    ll_buf_free(&work);
    return ok;
}

int cp_lock_dir(const char *dir, FILE *diag)
{
    ll_buf path = {0};
    ll_buf_printf(&path, "%s/.lock", dir);
    int fd = open(path.data, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(diag, "%s: cannot create: %s\n", path.data, strerror(errno));
    } else if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char pid[32] = "";
        ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        fprintf(diag, "litmuslab campaign: %s is in use by another campaign"
                "%s%s%s; wait for it or give another -o\n", dir,
                *pid ? " (process " : "", pid, *pid ? ")" : "");
        close(fd);
        fd = -1;
    } else {
        char pid[32];
        int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
        if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)n, 0) != n)
            fprintf(diag, "%s: cannot write: %s (going on)\n", path.data,
                    strerror(errno));
    }
    ll_buf_free(&path);
    return fd;
}

const char *cp_disk_full(const char *dir)
{
    static char why[300];
    struct statvfs st;
    if (statvfs(dir, &st) != 0 || st.f_bavail > 0)
        return NULL;
    snprintf(why, sizeof why, "the disk holding %s is full", dir);
    return why;
}

/* Append path's bytes to out; false + message naming the file and the
 * reason. */
static bool append_file(FILE *out, const char *path, const char *out_path,
                        FILE *diag)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(diag, "%s: cannot read: %s\n", path, strerror(errno));
        return false;
    }
    char block[1 << 14];
    size_t n;
    int last = '\n';
    bool wrote = true;
    while (wrote && (n = fread(block, 1, sizeof block, in)) > 0) {
        wrote = fwrite(block, 1, n, out) == n;
        last = block[n - 1];
    }
    bool ok = !ferror(in);
    if (!ok)
        fprintf(diag, "%s: cannot read: %s\n", path, strerror(errno));
    fclose(in);
    /* Entries are separated by a blank line even if a child forgot it. */
    if (wrote && last != '\n')
        wrote = fputc('\n', out) != EOF;
    if (!wrote)
        fprintf(diag, "%s: cannot write: %s\n", out_path, strerror(errno));
    return ok && wrote;
}

/* Append a test's entry renamed: its Test, Observation and Time lines
 * name it `to` instead of `from`. */
static bool append_renamed(FILE *out, const char *path, const char *from,
                           const char *to, const char *out_path, FILE *diag)
{
    size_t len;
    char *text = ll_read_file(path, &len);
    if (!text) {
        fprintf(diag, "%s: cannot read: %s\n", path, strerror(errno));
        return false;
    }
    ll_buf b = {0};
    size_t n = strlen(from);
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t l = end ? (size_t)(end - line) + 1 : strlen(line);
        size_t k = ll_named_line(line);
        if (k && l > k + n && !strncmp(line + k, from, n) &&
            (line[k + n] == ' ' || line[k + n] == '\n')) {
            ll_buf_putn(&b, line, k);
            ll_buf_puts(&b, to);
            ll_buf_putn(&b, line + k + n, l - k - n);
        } else {
            ll_buf_putn(&b, line, l);
        }
        line += l;
    }
    if (b.len && b.data[b.len - 1] != '\n')
        ll_buf_putc(&b, '\n');
    bool ok = fwrite(ll_buf_str(&b), 1, b.len, out) == b.len;
    if (!ok)
        fprintf(diag, "%s: cannot write: %s\n", out_path, strerror(errno));
    ll_buf_free(&b);
    free(text);
    return ok;
}

int cp_concat(const char *dir, const cp_tests *ts, cp_step step,
              uint64_t iterations, const char *target, const char *out,
              FILE *diag)
{
    char *tmp;
    FILE *f = ll_replace_open(out, &tmp);
    if (!f)
        return -1;
    int entries = 0;
    bool ok = true;
    for (int i = 0; i < ts->n && ok; i++) {
        const cp_test *t = &ts->items[i];
        if (!cp_step_done(dir, t, step, iterations, target))
            continue;
        char *path = cp_work_path(dir, t, step, iterations, target, ".log");
        ok = t->log_name ? append_renamed(f, path, t->log_name, t->name,
                                          out, diag)
                         : append_file(f, path, out, diag);
        free(path);
        entries++;
    }
    if (!ok) {
        ll_replace_abort(f, tmp);
        return -1;
    }
    return ll_replace_close(f, tmp, out) ? entries : -1;
}
