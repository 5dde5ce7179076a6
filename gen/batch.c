/* batch.c — tests written out: diyone7's first mode (one test from the
 * cycle given), its second (one cycle a line on stdin, `NAME: EDGE
 * EDGE...` as mcycles7 prints them) and the writing of a set of tests as
 * a folder with an @all index, shared with families. A folder is written
 * whole or not at all (lib/outdir). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "litmuslab/outdir.h"

struct gen_set {
    ll_outdir *od;      /* NULL: tests go to stdout */
    ll_buf index;       /* @all */
    int count;
    char **names;       /* names used, for numbering duplicates */
    int nnames, cap;
    bool failed;
};

gen_set *gen_set_open(const char *dir, const char *header)
{
    gen_set *s = ll_xcalloc(1, sizeof *s);
    if (dir) {
        s->od = ll_outdir_open(dir);
        if (!s->od) {
            free(s);
            return NULL;
        }
    }
    ll_buf_printf(&s->index, "# %s\n", header);
    return s;
}

int gen_one(const gen_arch *a, char **edges, int nedges, bool forall,
            bool optco, unsigned variant, const char *name,
            const char *out_path)
{
    gen_edge e[GEN_MAX_EDGES];
    int n;
    char err[512];
    gen_test *t = ll_xcalloc(1, sizeof *t);
    int rc = 0;
    t->forall = forall;
    t->optcoherence = optco;
    t->variant = variant;
    if (!gen_cycle_parse(a, edges, nedges, e, &n, err, sizeof err) ||
        !gen_build(a, e, n, t, err, sizeof err)) {
        fprintf(stderr, "litmuslab gen: %s\n", err);
        rc = 2;
        goto done;
    }
    if (name)
        snprintf(t->name, sizeof t->name, "%s", name);
    ll_buf out = {0};
    gen_print(a, t, &out);
    if (!out_path) {
        fputs(ll_buf_str(&out), stdout);
    } else {
        char *tmp;
        FILE *f = ll_replace_open(out_path, &tmp);
        if (!f) {
            rc = 2;
        } else {
            fputs(ll_buf_str(&out), f);
            if (!ll_replace_close(f, tmp, out_path))
                rc = 2;
        }
    }
    ll_buf_free(&out);
done:
    gen_test_free(t);
    free(t);
    return rc;
}

/* A name not used yet: NAME, or NAME001, NAME002... as diy -addnum. */
static void unique_name(gen_set *s, char *name, size_t len)
{
    char base[240];
    snprintf(base, sizeof base, "%.239s", name);
    for (int k = 0;; k++) {
        if (k) {
            char num[16];
            snprintf(num, sizeof num, "%03d", k % 1000000);
            snprintf(name, len, "%.239s%.8s", base, num);
        }
        if (!gen_set_has(s, name))
            break;
    }
    ll_grow((void **)&s->names, &s->cap, s->nnames + 1, sizeof(char *));
    s->names[s->nnames++] = ll_xstrdup(name);
}

bool gen_set_has(const gen_set *s, const char *name)
{
    for (int i = 0; i < s->nnames; i++)
        if (!strcmp(s->names[i], name))
            return true;
    return false;
}

bool gen_set_add(gen_set *s, const gen_arch *a, gen_test *t)
{
    unique_name(s, t->name, sizeof t->name);
    ll_buf text = {0};
    gen_print(a, t, &text);
    bool ok = true;
    if (s->od) {
        char file[300];
        snprintf(file, sizeof file, "%s.litmus", t->name);
        ok = ll_outdir_write(s->od, file, text.data, text.len);
        ll_buf_printf(&s->index, "%s\n", file);
    } else {
        if (s->count)
            putchar('\n');
        fputs(ll_buf_str(&text), stdout);
    }
    ll_buf_free(&text);
    s->count++;
    s->failed |= !ok;
    return ok;
}

int gen_set_count(const gen_set *s)
{
    return s->count;
}

bool gen_set_close(gen_set *s, bool keep)
{
    bool ok = !s->failed && keep;
    if (s->od) {
        if (ok)
            ok = ll_outdir_write(s->od, "@all", s->index.data, s->index.len);
        if (ok)
            ok = ll_outdir_commit(s->od);
        else
            ll_outdir_abort(s->od);
    }
    for (int i = 0; i < s->nnames; i++)
        free(s->names[i]);
    free(s->names);
    ll_buf_free(&s->index);
    free(s);
    return ok;
}

/* Split line into words in place. */
static int split_words(char *line, char **w, int max)
{
    int n = 0;
    for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save);
         t && n < max; t = strtok_r(NULL, " \t\r\n", &save))
        w[n++] = t;
    return n;
}

bool gen_batch(const gen_arch *a, FILE *in, const char *what,
               const char *dir, bool forall, bool optco, unsigned variant,
               int *count)
{
    gen_set *s = gen_set_open(dir, "litmuslab gen (cycles read from "
                              "stdin)");
    if (!s)
        return false;
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    bool ok = true;
    gen_test *t = ll_xcalloc(1, sizeof *t);
    while (getline(&line, &cap, in) > 0) {
        lineno++;
        char *body = line, *name = NULL;
        char *colon = strchr(line, ':');
        if (colon) {
            *colon = 0;
            name = line + strspn(line, " \t");
            for (char *e = colon; e > name && (e[-1] == ' ' ||
                                                e[-1] == '\t');)
                *--e = 0;
            body = colon + 1;
        }
        char *words[GEN_MAX_EDGES];
        int nw = split_words(body, words, GEN_MAX_EDGES);
        if (nw == 0 || words[0][0] == '#')
            continue;
        gen_edge e[GEN_MAX_EDGES];
        int n;
        char err[512];
        t->forall = forall;
        t->optcoherence = optco;
        t->variant = variant;
        if (!gen_cycle_parse(a, words, nw, e, &n, err, sizeof err) ||
            !gen_build(a, e, n, t, err, sizeof err)) {
            fprintf(stderr, "%s:%d: %s\n", what, lineno, err);
            ok = false;
            continue;
        }
        if (name && *name)
            snprintf(t->name, sizeof t->name, "%s", name);
        if (!gen_set_add(s, a, t))
            ok = false;
    }
    free(line);
    gen_test_free(t);
    free(t);
    *count = gen_set_count(s);
    if (*count == 0 && ok) {
        fprintf(stderr, "%s: no cycle read (one a line: `NAME: EDGE "
                "EDGE...` or the edges)\n", what);
        ok = false;
    }
    /* the good tests are kept; each bad line was reported */
    return gen_set_close(s, true) && ok;
}

bool gen_variant_parse(const char *s, unsigned *bits, char *err,
                       size_t errlen)
{
    static const struct { const char *name; unsigned bit; } known[] = {
        {"ConstsInInit", GEN_V_CONSTS_IN_INIT}, {"AsAmo", GEN_V_AS_AMO},
    };
    while (*s) {
        size_t l = strcspn(s, ", \t");
        if (l) {
            size_t k = 0, nk = sizeof known / sizeof known[0];
            while (k < nk && !(strlen(known[k].name) == l &&
                               !strncmp(s, known[k].name, l)))
                k++;
            if (k == nk) {
                snprintf(err, errlen, "unknown -variant '%.*s' (gen takes "
                         "ConstsInInit, AsAmo)", (int)l, s);
                return false;
            }
            *bits |= known[k].bit;
        }
        s += l;
        s += strspn(s, ", \t");
    }
    return true;
}
