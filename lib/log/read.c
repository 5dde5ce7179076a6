/* read.c — the streaming log reader: herd7 and litmus7 entries, one at a
 * time, from plain or gzip files (zlib reads both transparently). A broken
 * entry is reported with FILE:LINE and skipped up to the next `Test` line. */
#include "litmuslab/log.h"

#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "litmuslab/limits.h"

/* Input is read in blocks of this size and cut into lines here, not by
 * gzgets: a line is counted as it grows (so a 10 GB line out of a gzip
 * bomb stops at LL_MAX_LOG_LINE), and a NUL byte is seen (gzgets would
 * end the string there and glue two lines together). */
enum { BLOCK = 1 << 17 };

struct ll_log_reader {
    gzFile gz;
    char *path;
    int line;          /* number of the line in cur */
    ll_buf cur;        /* current line, without its newline and the
                          blanks that end it */
    size_t spaces;     /* ... of which trailing spaces (before any \r):
                          litmus7's `Relax NAME No ` keeps its space */
    bool pushed_back;  /* cur is to be returned again by next_line */
    char *block;       /* decompressed input, [pos, end) not yet used */
    size_t pos, end;
    bool at_end;       /* gzread said end of input (or failed) */
    bool failed;       /* a read error, a truncated gzip stream, a line
                          past the bound or a NUL byte: the input ends */
    bool reported;     /* ... already returned as -1 */
    int error_line;    /* where (0: after the last line read) */
    int error_col;
    char error[200];
    /* the first control character of an entry's lines (0: none) */
    int ctl_line, ctl_col;
    unsigned char ctl;
    char quoted[LL_MAX_QUOTE + 4];   /* quote()'s */
};

ll_log_reader *ll_log_open(const char *path, ll_diag *d)
{
    gzFile gz = strcmp(path, "-") ? gzopen(path, "rb")
                                  : gzdopen(dup(STDIN_FILENO), "rb");
    if (!gz) {
        if (d) {
            d->file = path;
            ll_diag_set(d, 0, 0, "cannot open: %s",
                        strerror(errno ? errno : ENOENT));
        }
        return NULL;
    }
    gzbuffer(gz, BLOCK);
    ll_log_reader *r = ll_xcalloc(1, sizeof *r);
    r->gz = gz;
    r->path = ll_xstrdup(path);
    r->block = ll_xmalloc(BLOCK);
    return r;
}

bool ll_log_failed(const ll_log_reader *r)
{
    return r->failed;
}

void ll_log_close(ll_log_reader *r)
{
    if (!r)
        return;
    gzclose(r->gz);
    free(r->path);
    free(r->block);
    ll_buf_free(&r->cur);
    free(r);
}

/* The input ends here with this problem (reported once by ll_log_next). */
static void stop(ll_log_reader *r, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void stop(ll_log_reader *r, int line, int col, const char *fmt, ...)
{
    r->at_end = true;
    if (r->failed)
        return;
    r->failed = true;
    r->error_line = line;
    r->error_col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
}

/* More input into r->block; false at its end (r->failed on an error). */
static bool fill(ll_log_reader *r)
{
    if (r->at_end)
        return false;
    int n = gzread(r->gz, r->block, BLOCK);
    if (n > 0) {
        r->pos = 0;
        r->end = (size_t)n;
        return true;
    }
    int code;
    const char *msg = gzerror(r->gz, &code);
    r->at_end = true;
    if (code != Z_OK) {
        size_t len = strlen(r->path);
        if (!strncmp(msg, r->path, len) && !strncmp(msg + len, ": ", 2))
            msg += len + 2;   /* zlib prefixes its message with the path */
        stop(r, r->line, 0, r->line ? "read error after this line: %s"
                                    : "read error: %s",
             code == Z_ERRNO ? strerror(errno) : msg);
    }
    return false;
}

/* A control character (a tab aside) would reach the reports, and a
 * terminal, as it is: the first one in an entry's lines is noted, and
 * the entry refused. */
static void scan_controls(ll_log_reader *r)
{
    for (size_t i = 0; !r->ctl_line && i < r->cur.len; i++) {
        unsigned char c = (unsigned char)r->cur.data[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            r->ctl_line = r->line;
            r->ctl_col = (int)i + 1;
            r->ctl = c;
        }
    }
}

/* The next line into r->cur (newline and trailing blanks removed). */
static bool next_line(ll_log_reader *r)
{
    if (r->pushed_back) {
        r->pushed_back = false;
        return true;
    }
    if (r->failed)
        return false;
    ll_buf_clear(&r->cur);
    bool got = false;
    while (r->pos < r->end || fill(r)) {
        got = true;
        const char *p = r->block + r->pos;
        size_t avail = r->end - r->pos;
        const char *nl = memchr(p, '\n', avail);
        size_t n = nl ? (size_t)(nl - p) : avail;
        const char *nul = memchr(p, '\0', n);
        if (nul) {
            stop(r, r->line + 1, (int)(r->cur.len + (size_t)(nul - p)) + 1,
                 "NUL byte in the log: not a text file, or a damaged one");
            return false;
        }
        if (r->cur.len + n > LL_MAX_LOG_LINE) {
            stop(r, r->line + 1, 0, "line longer than %zu bytes",
                 LL_MAX_LOG_LINE);
            return false;
        }
        ll_buf_putn(&r->cur, p, n);
        r->pos += n + (nl != NULL);
        if (nl)
            break;
    }
    if (!got || r->failed)
        return false;
    size_t end = r->cur.len;
    while (end && (r->cur.data[end - 1] == '\r' ||
                   r->cur.data[end - 1] == '\n'))
        end--;
    r->spaces = 0;
    while (r->spaces < end && r->cur.data[end - 1 - r->spaces] == ' ')
        r->spaces++;
    while (r->cur.len && isspace((unsigned char)r->cur.data[r->cur.len - 1]))
        r->cur.data[--r->cur.len] = '\0';
    r->line++;
    scan_controls(r);
    return true;
}

const char *ll_log_next_line(ll_log_reader *r)
{
    return next_line(r) ? ll_buf_str(&r->cur) : NULL;
}

static bool starts_with(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

static bool is_test_line(const char *s)
{
    return starts_with(s, "Test ");
}

/* Skip the rest of a broken entry: up to (not including) the next `Test`. */
static void skip_entry(ll_log_reader *r)
{
    while (next_line(r)) {
        if (is_test_line(ll_buf_str(&r->cur))) {
            r->pushed_back = true;
            return;
        }
    }
}

/* A broken entry: *d says where and what. When the input ended early
 * (r->failed), that is the cause, and is said instead, once. */
static int fail(ll_log_reader *r, ll_diag *d, int line, int col,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int fail(ll_log_reader *r, ll_diag *d, int line, int col,
                const char *fmt, ...)
{
    if (r->failed && !r->reported) {
        r->reported = true;   /* with or without d: the next call ends */
        if (d) {
            d->file = r->path;
            ll_diag_set(d, r->error_line, r->error_col, "%s", r->error);
        }
        return -1;
    }
    if (!d)
        return -1;
    d->file = r->path;
    char msg[sizeof d->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ll_diag_set(d, line, col, "%s", msg);
    return -1;
}

/* s as a message quotes it: at most LL_MAX_QUOTE bytes (a state of
 * 100000 locations is one line of megabytes). */
static const char *quote(ll_log_reader *r, const char *s)
{
    ll_excerpt(s, LL_MAX_QUOTE, r->quoted, sizeof r->quoted);
    return r->quoted;
}

/* An unsigned decimal count; *end after it. */
static bool parse_count(const char *s, uint64_t *out, const char **end)
{
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    char *e;
    unsigned long long v = strtoull(s, &e, 10);
    if (errno == ERANGE)
        return false;
    *out = v;
    *end = e;
    return true;
}

/* `Test NAME [KIND]`; lines are right-trimmed, so NAME is not empty. */
static void parse_test_line(const char *s, ll_log_entry *e)
{
    s += 5;
    while (*s == ' ')
        s++;
    const char *name = s;
    while (*s && *s != ' ')
        s++;
    e->name = ll_xstrndup(name, (size_t)(s - name));
    while (*s == ' ')
        s++;
    e->kind = ll_xstrdup(s);
}

/* `States N` or `Histogram (N states)`; returns N or -1. */
static int parse_header(const char *s, ll_log_entry *e)
{
    uint64_t n;
    const char *end;
    if (starts_with(s, "States ")) {
        e->format = LL_LOG_HERD;
        if (parse_count(s + 7, &n, &end) && !*end && n < 10000000)
            return (int)n;
    } else if (starts_with(s, "Histogram (")) {
        e->format = LL_LOG_LITMUS;
        if (parse_count(s + 11, &n, &end) && !strcmp(end, " states)") &&
            n < 10000000)
            return (int)n;
    }
    return -1;
}

/* One histogram or herd state line. Returns 0 or -1 (diag filled). */
static int read_state_line(ll_log_reader *r, ll_log_entry *e, int index,
                           ll_diag *d)
{
    const char *s = ll_buf_str(&r->cur);
    const char *body = s;
    uint64_t count = 0;
    bool marked = false;
    if (e->format == LL_LOG_LITMUS) {
        const char *p;
        if (!parse_count(s, &count, &p)) {
            return fail(r, d, r->line, 0, "bad count in '%s'",
                        quote(r, s));
        }
        while (*p == ' ')
            p++;
        if ((*p != ':' && *p != '*') || p[1] != '>')
            return fail(r, d, r->line, 0, "bad count in '%s'",
                        quote(r, s));
        marked = *p == '*';
        p += 2;
        if (index == 0)
            e->style = *p == ' ' ? LL_LITMUS_CLASSIC : LL_LITMUS_MODERN;
        body = p;
    }
    ll_state st = {0};
    ll_diag sd = {0};
    if (!ll_state_parse(body, &st, &sd)) {
        ll_state_clear(&st);
        return fail(r, d, r->line, 0, "%s in '%s'", sd.msg, quote(r, s));
    }
    ll_log_entry_add_state(e, &st, count, marked);
    ll_state_clear(&st);
    /* kept as spelt, so that a log is written back byte for byte */
    while (*body == ' ')    /* the classic `:> ` is the writer's */
        body++;
    e->states[e->n_states - 1].text = ll_xstrdup(body);
    return 0;
}

static bool parse_verdict(const char *s, ll_verdict *v)
{
    for (ll_verdict w = LL_VERDICT_OK; w <= LL_VERDICT_UNDEF; w++)
        if (!strcmp(s, ll_verdict_word(w))) {
            *v = w;
            return true;
        }
    return false;
}

static bool parse_witness_counts(const char *s, ll_log_entry *e)
{
    const char *p;
    if (!parse_count(s + 10, &e->positive, &p))
        return false;
    if (*p == ',') {
        p++;
        e->style = LL_LITMUS_MODERN;
    }
    if (!starts_with(p, " Negative: "))
        return false;
    return parse_count(p + 11, &e->negative, &p) && !*p;
}

static void set_condition(const char *s, ll_log_entry *e)
{
    static const struct {
        const char *suffix;
        ll_validated v;
    } suffixes[] = {{" is validated", LL_VALIDATED_YES},
                    {" is not validated", LL_VALIDATED_NO},
                    {" is NOT validated", LL_VALIDATED_NO}};
    size_t len = strlen(s);
    e->validated = LL_VALIDATED_NONE;
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t n = strlen(suffixes[i].suffix);
        if (len >= n && !strcmp(s + len - n, suffixes[i].suffix)) {
            len -= n;
            e->validated = suffixes[i].v;
            break;
        }
    }
    e->cond_text = ll_xstrndup(s, len);
}

/* `Observation NAME WORD P N` */
static bool parse_observation(const char *s, ll_log_entry *e)
{
    s += 12;
    size_t n = strlen(e->name);
    if (strncmp(s, e->name, n) || s[n] != ' ')
        return false;
    s += n + 1;
    const char *word = s;
    while (*s && *s != ' ')
        s++;
    if (s == word || *s != ' ')
        return false;
    const char *p;
    if (!parse_count(s + 1, &e->obs_pos, &p) || *p != ' ' ||
        !parse_count(p + 1, &e->obs_neg, &p) || *p)
        return false;
    e->obs_word = ll_xstrndup(word, (size_t)(s - word));
    return true;
}

/* `Time NAME T` for this entry's NAME; anything else stays an extra. */
static bool parse_time(const char *s, ll_log_entry *e)
{
    s += 5;
    size_t n = strlen(e->name);
    if (strncmp(s, e->name, n) || s[n] != ' ' || !s[n + 1])
        return false;
    e->time = ll_xstrdup(s + n + 1);
    return true;
}

/* The lines after the states, up to the blank line that ends the entry
 * (a blank line before `Witnesses`, as modern litmus7 prints, does not). */
static int read_tail(ll_log_reader *r, ll_log_entry *e, ll_diag *d)
{
    bool tail_seen = false, witnesses = false;
    while (next_line(r)) {
        const char *s = ll_buf_str(&r->cur);
        if (is_test_line(s)) {
            r->pushed_back = true;
            break;
        }
        if (!*s) {
            if (tail_seen)
                break;
            continue;
        }
        ll_verdict v;
        bool loop = e->format == LL_LOG_HERD && starts_with(s, "Loop ");
        if (parse_verdict(s + (loop ? 5 : 0), &v)) {
            if (e->verdict != LL_VERDICT_NONE)
                return fail(r, d, r->line, 0, "second verdict '%s'",
                            quote(r, s));
            e->verdict = v;
            e->loop = loop;
        } else if (!strcmp(s, "Witnesses")) {
            witnesses = true;
        } else if (starts_with(s, "Positive: ")) {
            if (!parse_witness_counts(s, e))
                return fail(r, d, r->line, 0, "bad count in '%s'",
                            quote(r, s));
            e->has_witnesses = true;
        } else if (starts_with(s, "Flag ") && e->format == LL_LOG_HERD &&
                   !e->cond_text) {
            ll_log_entry_add_flag(e, s + 5);
        } else if (starts_with(s, "Condition ") && !e->cond_text) {
            set_condition(s + 10, e);
            tail_seen = true;
        } else if (starts_with(s, "Observation ") && !e->obs_word) {
            if (!parse_observation(s, e))
                return fail(r, d, r->line, 0, "bad Observation line '%s'",
                            quote(r, s));
            tail_seen = true;
        } else if (starts_with(s, "Hash=") && !e->hash) {
            e->hash = ll_xstrdup(s + 5);
            e->hash_at = e->obs_word ? 0 : e->n_extra;
            tail_seen = true;
        } else if (starts_with(s, "Time ") && !e->time && parse_time(s, e)) {
            tail_seen = true;
            /* litmus7's last line: what follows before the next entry
               (a run's banner, the next test's text, its trailer) is
               none of this entry's */
            if (e->format == LL_LOG_LITMUS)
                break;
        } else {
            /* as written, its trailing spaces too */
            char *line = ll_xmalloc(strlen(s) + r->spaces + 1);
            sprintf(line, "%s%*s", s, (int)r->spaces, "");
            ll_log_entry_add_extra(e, line);
            free(line);
            if (!e->obs_word)
                e->n_extra_pre = e->n_extra;
        }
    }
    if (witnesses && !e->has_witnesses)
        ll_log_entry_add_extra(e, "Witnesses");
    if (e->cond_text) {
        ll_diag cd = {0};
        e->has_cond = ll_cond_parse(e->cond_text, NULL, &e->cond, &cd);
    }
    return 0;
}

int ll_log_next(ll_log_reader *r, ll_log_entry *e, ll_diag *d)
{
    ll_log_entry_clear(e);
    do {
        if (!next_line(r))
            return r->failed && !r->reported ? fail(r, d, 0, 0, "ended") : 0;
    } while (!is_test_line(ll_buf_str(&r->cur)));
    e->file = r->path;
    e->line = r->line;
    r->ctl_line = 0;
    scan_controls(r);
    parse_test_line(ll_buf_str(&r->cur), e);
    if (!next_line(r) || is_test_line(ll_buf_str(&r->cur))) {
        r->pushed_back = is_test_line(ll_buf_str(&r->cur));
        fail(r, d, e->line, 0,
             "truncated entry '%s': ends after its Test line",
             quote(r, e->name));
        goto skip;
    }
    int n = parse_header(ll_buf_str(&r->cur), e);
    if (n < 0) {
        fail(r, d, r->line, 0,
             "expected 'States N' or 'Histogram (N states)', got '%s'",
             quote(r, ll_buf_str(&r->cur)));
        goto skip;
    }
    for (int i = 0; i < n; i++) {
        bool more = next_line(r);
        const char *line = ll_buf_str(&r->cur);
        if (more && e->format == LL_LOG_LITMUS && line[0] == '-' &&
            isdigit((unsigned char)line[1])) {
            fail(r, d, r->line, 0, "negative count in '%s'",
                 quote(r, line));
            goto skip;
        }
        if (!more || is_test_line(line) ||
            (e->format == LL_LOG_LITMUS ? !isdigit((unsigned char)line[0])
                                        : !strchr(line, '='))) {
            /* The entry stops early: say where it began, or where the
             * line that cannot be a state is. */
            r->pushed_back = more && is_test_line(line);
            fail(r, d, more && !r->pushed_back ? r->line : e->line, 0,
                 "truncated entry '%s': only %d of %d states",
                 quote(r, e->name), i, n);
            goto skip;
        }
        if (read_state_line(r, e, i, d) < 0)
            goto skip;
    }
    if (read_tail(r, e, d) < 0)
        goto skip;
    if (e->verdict == LL_VERDICT_NONE) {
        fail(r, d, e->line, 0, "entry '%s' has no Ok/No verdict line",
             quote(r, e->name));
        ll_log_entry_clear(e);
        return -1;
    }
    if (r->ctl_line && !(r->pushed_back && r->ctl_line == r->line)) {
        fail(r, d, r->ctl_line, r->ctl_col,
             "control character 0x%02x in entry '%s'", r->ctl,
             quote(r, e->name));
        ll_log_entry_clear(e);
        return -1;
    }
    return 1;
skip:
    skip_entry(r);
    ll_log_entry_clear(e);
    return -1;
}
