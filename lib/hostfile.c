/* hostfile.c — reading a host file (GNU parallel's --sshloginfile
 * format), the lines `parallel --tag` writes per host and parallel's
 * joblog: shared by the fleet (campaign --hosts) and the model's batches
 * (model --hosts). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/hostfile.h"
#include "litmuslab/util.h"

static bool group_ok(const char *g)
{
    if (!*g)
        return false;
    for (; *g; g++)
        if (!isalnum((unsigned char)*g) && !strchr("._=-", *g))
            return false;
    return true;
}

typedef struct host_list {
    ll_host *items;
    int n, cap;
} host_list;

static bool add_host(host_list *l, const char *file, const char *cmd,
                     char *s, int line, FILE *diag)
{
    char *group = NULL;
    if (*s == '@') {
        char *slash = strchr(s, '/');
        if (slash)
            *slash = '\0';
        if (!slash || !group_ok(s + 1)) {
            fprintf(diag, "%s:%d: a host group is @NAME/ before the login "
                    "(NAME: letters, digits, . _ = -)\n", file, line);
            return false;
        }
        group = s + 1;
        s = slash + 1;
    }
    char *q = s;
    while (isdigit((unsigned char)*q))
        q++;
    if (q > s && *q == '/')
        s = q + 1;
    s = ll_trim(s);
    if (!*s) {
        fprintf(diag, "%s:%d: no ssh login\n", file, line);
        return false;
    }
    if (!strcmp(s, ":")) {
        fprintf(diag, "%s:%d: `:` (this machine) runs no shard: give it as "
                "an ssh login (localhost), or run the %s without "
                "--hosts\n", file, line, cmd);
        return false;
    }
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->items[i].login, s)) {
            fprintf(diag, "%s:%d: host '%s' given twice (line %d)\n", file,
                    line, s, l->items[i].line);
            return false;
        }
    ll_grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items);
    ll_host *h = &l->items[l->n++];
    h->login = ll_xstrdup(s);
    h->group = group ? ll_xstrdup(group) : NULL;
    const char *sp = strrchr(h->login, ' ');
    h->name = sp ? sp + 1 : h->login;
    h->line = line;
    return true;
}

bool ll_hosts_read(const char *path, const char *cmd, ll_host **hosts,
                   int *n, FILE *diag)
{
    host_list l = {0};
    size_t len;
    char *text = ll_read_file(path, &len);
    if (!text) {
        fprintf(diag, "%s: cannot read: %s\n", path, strerror(errno));
        return false;
    }
    bool ok = true;
    int line = 0;
    for (char *p = text; ok && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        line++;
        char *s = ll_trim(p);
        p = nl ? nl + 1 : p + strlen(p);
        if (*s && *s != '#')
            ok = add_host(&l, path, cmd, s, line, diag);
    }
    free(text);
    if (ok && !l.n) {
        fprintf(diag, "%s: no hosts (one ssh login a line, as GNU "
                "parallel's --sshloginfile)\n", path);
        ok = false;
    }
    if (!ok) {
        ll_hosts_free(l.items, l.n);
        l.items = NULL;
        l.n = 0;
    }
    *hosts = l.items;
    *n = l.n;
    return ok;
}

void ll_hosts_free(ll_host *hosts, int n)
{
    for (int i = 0; i < n; i++) {
        free(hosts[i].login);
        free(hosts[i].group);
    }
    free(hosts);
}

char *ll_hosts_tagged(const char *text, const char *login,
                      const char *prefix)
{
    size_t n = strlen(login), pn = prefix ? strlen(prefix) : 0;
    for (const char *p = text; p && *p;) {
        size_t len = strcspn(p, "\r\n");
        if (len > n + 1 && !strncmp(p, login, n) && p[n] == '\t' &&
            (!prefix || (len >= n + 1 + pn && !strncmp(p + n + 1, prefix, pn))))
            return ll_xstrndup(p + n + 1 + pn, len - n - 1 - pn);
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    return NULL;
}

bool ll_joblog_unfinished(const char *text, int n,
                          bool (*finished)(int shard, void *ctx), void *ctx,
                          ll_buf *out)
{
    bool changed = false;
    for (const char *p = text; p && *p;) {
        size_t len = strcspn(p, "\n");
        int seq = atoi(p);
        const char *field = p;
        for (int k = 0; k < 6 && field; k++) {   /* to Exitval */
            field = memchr(field, '\t', (size_t)(p + len - field));
            field = field ? field + 1 : NULL;
        }
        size_t at = out->len;
        ll_buf_putn(out, p, len);
        ll_buf_putc(out, '\n');
        if (seq >= 1 && seq <= n && field && !strncmp(field, "0\t", 2) &&
            !finished(seq - 1, ctx)) {
            out->data[at + (size_t)(field - p)] = '1';
            changed = true;
        }
        p += len + (p[len] == '\n');
    }
    return changed;
}
