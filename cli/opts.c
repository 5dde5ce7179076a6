/* opts.c — the one option parser (see opts.h): `-x` and `--x` alike,
 * `--x=value`, `-jN`, counts with k/M/G, one wording for mistakes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "litmuslab/near.h"

void cli_init(cli_args *p, const char *cmd, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->cmd = cmd;
    p->argc = argc;
    p->argv = argv;
    p->i = 0;
}

void cli_error(cli_args *p, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "litmuslab %s: ", p->cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "; see `litmuslab %s --help`\n", p->cmd);
    p->failed = true;
    p->matched = true;
}

bool cli_next(cli_args *p)
{
    if (p->failed)
        return false;
    if (p->opt && !p->matched)
        cli_unknown(p);
    if (p->failed || ++p->i >= p->argc)
        return false;
    const char *a = p->argv[p->i];
    p->arg = a;
    p->matched = false;
    p->inline_val = NULL;
    p->near[0] = '\0';
    p->opt = !p->done_opts && a[0] == '-' && a[1];
    if (p->opt && !strcmp(a, "--")) {
        p->done_opts = true;
        p->opt = false;
        return cli_next(p);
    }
    if (!p->opt)
        return true;
    a += a[1] == '-' ? 2 : 1;
    p->name = a;
    const char *eq = strchr(a, '=');
    p->name_len = eq ? (int)(eq - a) : (int)strlen(a);
    p->inline_val = eq ? eq + 1 : NULL;
    return true;
}

void cli_known(cli_args *p, const char *names)
{
    if (!p->opt || p->matched || p->near[0])
        return;
    char given[sizeof p->near], known[sizeof p->near];
    snprintf(given, sizeof given, "%.*s", p->name_len, p->name);
    for (const char *n = names; *n;) {
        size_t len = strcspn(n, "|");
        snprintf(known, sizeof known, "%.*s", (int)len, n);
        const char *k = known;
        if (ll_near_name(given, &k, 1, sizeof k)) {
            memcpy(p->near, known, sizeof known);
            return;
        }
        n += len + (n[len] == '|');
    }
}

/* Does the current option's name match one of names? *attached receives
 * a one-letter option's attached value (`-j4`), else NULL. */
static bool matches(cli_args *p, const char *names,
                    const char **attached)
{
    *attached = NULL;
    if (!p->opt || p->matched)
        return false;
    cli_known(p, names);
    for (const char *n = names; *n;) {
        size_t len = strcspn(n, "|");
        if ((int)len == p->name_len && !strncmp(n, p->name, len))
            return true;
        if (len == 1 && p->name[0] == n[0] && !p->inline_val &&
            p->name[1] >= '0' && p->name[1] <= '9') {
            *attached = p->name + 1;
            p->name_len = 1;   /* messages say `-j` */
            return true;
        }
        n += len + (n[len] == '|');
    }
    return false;
}

/* The name as the user wrote it, for messages: `--model` of
 * `--model=x`. */
static void shown_name(const cli_args *p, char *out, size_t size)
{
    int dashes = (int)(p->name - p->arg);
    int len = dashes + p->name_len;
    snprintf(out, size, "%.*s", len, p->arg);
}

bool cli_flag(cli_args *p, const char *names)
{
    const char *attached;
    if (!matches(p, names, &attached) || attached)
        return false;
    p->matched = true;
    if (p->inline_val) {
        char n[64];
        shown_name(p, n, sizeof n);
        cli_error(p, "option '%s' takes no value", n);
        return false;
    }
    return true;
}

const char *cli_value(cli_args *p, const char *names)
{
    const char *attached;
    if (!matches(p, names, &attached))
        return NULL;
    p->matched = true;
    if (attached)
        return attached;
    if (p->inline_val)
        return p->inline_val;
    if (p->i + 1 >= p->argc) {
        char n[64];
        shown_name(p, n, sizeof n);
        cli_error(p, "option '%s' needs a value", n);
        return NULL;
    }
    return p->argv[++p->i];
}

bool cli_parse_count(const char *s, uint64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return false;
    double v = strtod(s, &end);
    switch (*end) {
    case 'k': case 'K': v *= 1e3; end++; break;
    case 'm': case 'M': v *= 1e6; end++; break;
    case 'g': case 'G': v *= 1e9; end++; break;
    default: break;
    }
    if (*end || !(v >= 0) || v > 1.8e19 || v != (double)(uint64_t)v)
        return false;
    *out = (uint64_t)v;
    return true;
}

bool cli_count(cli_args *p, const char *names, uint64_t *out, uint64_t min,
               uint64_t max)
{
    const char *v = cli_value(p, names);
    if (!v)
        return false;
    uint64_t n;
    char name[64];
    shown_name(p, name, sizeof name);
    if (!cli_parse_count(v, &n)) {
        cli_error(p, "%s takes a count (1000, 2.5k, 2M, 1G), not '%s'",
                  name, v);
        return false;
    }
    if (n < min || (max && n > max)) {
        if (max)
            cli_error(p, "%s takes a count from %llu to %llu, not '%s'",
                      name, (unsigned long long)min,
                      (unsigned long long)max, v);
        else
            cli_error(p, "%s takes a count of at least %llu, not '%s'",
                      name, (unsigned long long)min, v);
        return false;
    }
    *out = n;
    return true;
}

bool cli_seconds(cli_args *p, const char *names, double *out)
{
    const char *v = cli_value(p, names);
    if (!v)
        return false;
    char *end;
    double s = strtod(v, &end);
    if (end == v || *end || !(s >= 0) || s > 1e9) {
        char name[64];
        shown_name(p, name, sizeof name);
        cli_error(p, "%s takes seconds (a number, 0 for none), not '%s'",
                  name, v);
        return false;
    }
    *out = s;
    return true;
}

void cli_unknown(cli_args *p)
{
    if (p->matched)   /* taken, or its mistake already said */
        return;
    char n[64];
    shown_name(p, n, sizeof n);
    if (p->near[0])   /* with the dashes the user wrote */
        cli_error(p, "unknown option '%s' (did you mean '%.*s%s'?)", n,
                  (int)(p->name - p->arg), p->arg, p->near);
    else
        cli_error(p, "unknown option '%s'", n);
}

void cli_help_item(FILE *f, const char *head, int indent, const char *text)
{
    int col = (int)strlen(head);
    bool first = true;   /* of its line */
    fputs(head, f);
    for (const char *w = text + strspn(text, " "); *w; first = false) {
        int len = (int)strcspn(w, " ");
        if (!first && col + 1 + len > 72) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
            first = true;
        }
        if (!first) {
            fputc(' ', f);
            col++;
        }
        fprintf(f, "%.*s", len, w);
        col += len;
        w += len;
        w += strspn(w, " ");
    }
    fputc('\n', f);
}
