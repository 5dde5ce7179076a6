/* family.c — diy7's families: every cycle of up to -size edges and
 * -nprocs threads built from the safe edges, or, with -relax, from one
 * relaxed edge (each in turn; all together with -mix) and the safe ones,
 * containing it; one test each, duplicates up to rotation removed.
 *
 * The cycles are diy's default ("sc") ones: directions agree from edge
 * to edge; communication edges come alone or as Ws;Rf and Fr;Rf (longer
 * runs add nothing, doc/gen.tex); at least two threads and two
 * locations; at most three program-order edges in a thread (diy -ins 4).
 * Each test records Relax= (the relaxed edges it has) and Safe= (the
 * safe ones), which the campaign report groups by. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

typedef struct fam {
    const gen_arch *a;
    gen_edge pool[GEN_MAX_POOL];
    bool relaxed[GEN_MAX_POOL];
    int npool;
    int size, nprocs;
    int max_ins;         /* most program-order edges a thread */
    bool uni;            /* one location (diy's -mode uni) */
    int need;            /* group that must appear (with_one_relaxed
                            marks it -2), -1: any relaxed */
    int group[GEN_MAX_POOL]; /* relaxed edges tested together: an
                            annotation relaxed (diy's -relax Aq) is every
                            communication edge it fits */
    int ann_relax[GEN_MAX_POOL]; /* annotations given as edges */
    bool ann_safe[GEN_MAX_POOL]; /* ... in -safe (else -relax) */
    int nann_relax;
    const char *sufname; /* diy's -sufname: after each test's name */
    const char *o_name;  /* -name BASE: numbered names wanted */
    bool need_any;       /* some relaxed edge must appear */
    gen_edge cur[GEN_MAX_EDGES];
    int idx[GEN_MAX_EDGES];
    char **seen;         /* canonical cycles already written */
    int nseen, capseen;
    gen_set *set;
    gen_test *t;
    int failed;          /* cycles no test could be built for */
    bool write_error;
} fam;

static bool is_com(const gen_edge *e)
{
    return e->kind == GK_RF || e->kind == GK_FR || e->kind == GK_WS;
}

static bool is_ext(const gen_edge *e)
{
    return e->ext && is_com(e);
}

static bool diff_loc(const gen_edge *e)
{
    return !is_com(e) && e->kind != GK_DETOUR && !e->same;
}

/* x followed by y: the communication runs diy keeps */
static bool com_ok(const fam *f, const gen_edge *x, const gen_edge *y,
                   bool y_relaxed)
{
    /* a write coherence-after another is not followed by a write to the
       same location in its thread (RELAX/PodWR has SB+pos-po..., never
       R+fence.w.w+pos-po; SAFE has Z6.0+pos+..., never ...+pos last) */
    if (f->a->diy_families && !f->uni && x->kind == GK_WS && x->ext &&
        y->kind == GK_PO && y->same && !y_relaxed)
        return false;
    if (!is_com(x) || !is_com(y))
        return true;
    /* an internal read-from ends its thread on the read: RELAX/Rfi's
       SB+rfi-addr-rfis has Rfi then Fre */
    if (f->a->diy_families && x->kind == GK_RF && !x->ext && y->ext)
        return true;
    return y->kind == GK_RF && (x->kind == GK_WS || x->kind == GK_FR);
}

static bool pair_ok(const fam *f, const gen_edge *x, const gen_edge *y,
                    bool y_relaxed)
{
    return x->dst == y->src && com_ok(f, x, y, y_relaxed) &&
           gen_ann_merge(f->a, x->dann, y->sann) != -2;
}

static void canonical(const gen_edge *e, int n, char *out, size_t len)
{
    int r = gen_min_rotation(e, n);
    out[0] = 0;
    size_t w = 0;
    for (int i = 0; i < n && w < len; i++)
        w += (size_t)snprintf(out + w, len - w, "%s%s", i ? " " : "",
                              e[(r + i) % n].name);
}

static bool seen_add(fam *f, const char *key)
{
    for (int i = 0; i < f->nseen; i++)
        if (!strcmp(f->seen[i], key))
            return false;
    ll_grow((void **)&f->seen, &f->capseen, f->nseen + 1, sizeof(char *));
    f->seen[f->nseen++] = ll_xstrdup(key);
    return true;
}

/* Two program-order edges in a row, pool indexes p then q: diy7 composes
 * a thread's edges only around a relaxed one, and never a safe fence
 * with another edge (the campaign of doc/fidelity.md: RELAX/PodWR has
 * pos-po-addr, poprl-porlp, but no pos-addr, fence.w.w-po or
 * po-fence.r.rw; its SAFE threads hold one edge each). */
static bool compose_ok(const fam *f, int p, int q)
{
    const gen_edge *x = &f->pool[p], *y = &f->pool[q];
    if (!f->a->diy_families || is_ext(x) || is_ext(y))
        return true;
    if (!f->relaxed[p] && !f->relaxed[q])
        return false;
    if ((x->kind == GK_FENCE && !f->relaxed[p]) ||
        (y->kind == GK_FENCE && !f->relaxed[q]))
        return false;
    /* a relaxed edge is extended before a write source and after a read
       target only (PodWR: pos-po-addr; PodRW: none; Rfi: addr-rfi-addr),
       by an edge that keeps its directions or, for a communication one,
       a dependency too (PodWR never by DpAddrdW: no
       2+2W+fence.rw.rw+po-addr; Rfi by DpDatadW: rfi-data) */
    if (!f->relaxed[p])
        return y->src == 'W' &&
               ((x->src == 'W' && x->dst == 'W') ||
                (is_com(y) && x->kind == GK_DP));
    if (!f->relaxed[q])
        return x->dst == 'R' &&
               ((y->src == 'R' && y->dst == 'R') ||
                (is_com(x) && y->kind == GK_DP));
    return true;
}

/* Whether a thread of t comes back to a location it left (x, y, x
 * through two Pod): diy7 makes no such test in a family (the campaign
 * of doc/fidelity.md has no W+RR+po-po at size 4). */
static bool revisits(const gen_test *t)
{
    for (int th = 0; th < t->nth; th++)
        for (int i = 2; i < t->th[th].n; i++) {
            int loc = t->ev[t->th[th].ev[i]].loc;
            if (t->ev[t->th[th].ev[i - 1]].loc == loc)
                continue;
            for (int j = 0; j < i - 1; j++)
                if (t->ev[t->th[th].ev[j]].loc == loc)
                    return true;
        }
    return false;
}

/* The cycle cur[0..n) is closed: check it whole and write its test. */
static void emit(fam *f, int n)
{
    if (!pair_ok(f, &f->cur[n - 1], &f->cur[0], f->relaxed[f->idx[0]]) ||
        !compose_ok(f, f->idx[n - 1], f->idx[0]))
        return;
    int ext = 0, diff = 0, ins = 0, max_ins = 0;
    bool has_need = false;
    for (int i = 0; i < n; i++) {
        ext += is_ext(&f->cur[i]);
        diff += diff_loc(&f->cur[i]);
        if (f->relaxed[f->idx[i]] &&
            (f->need < 0 || f->group[f->idx[i]] == f->need))
            has_need = true;
    }
    if (ext < 2 || ext > f->nprocs || (f->uni ? diff != 0 : diff < 2))
        return;
    if (f->need_any && !has_need)
        return;
    /* program-order edges per thread, around the cycle */
    int s = 0;
    while (!is_ext(&f->cur[s]))
        s++;
    for (int k = 1; k <= n; k++) {
        const gen_edge *e = &f->cur[(s + k) % n];
        if (is_ext(e)) {
            ins = 0;
            continue;
        }
        if (++ins > max_ins)
            max_ins = ins;
    }
    if (max_ins > f->max_ins)
        return;
    char key[GEN_MAX_EDGES * GEN_NAME];
    canonical(f->cur, n, key, sizeof key);
    if (!seen_add(f, key))
        return;
    char err[512];
    /* laid out from the thread its name lists first, as diy7 does */
    gen_edge lay[GEN_MAX_EDGES];
    int first = f->a->diy_families ? gen_name_first(f->a, f->cur, n) : 0;
    for (int i = 0; i < n; i++)
        lay[i] = f->cur[(first + i) % n];
    if (!gen_build(f->a, lay, n, f->t, err, sizeof err)) {
        f->failed++;
        return;
    }
    if (f->a->diy_families && revisits(f->t))
        return;
    gen_test *t = f->t;
    t->family = true;
    if (f->sufname) {
        size_t w = strlen(t->name);
        snprintf(t->name + w, sizeof t->name - w, "%s", f->sufname);
    }
    /* diy7 -num false keeps the first test of a name (the lr/sc
       one-location family names some cycles alike), no NAME001 */
    if (f->a->diy_families && !f->o_name && gen_set_has(f->set, t->name))
        return;
    t->relax[0] = t->safe[0] = 0;
    for (int p = 0; p < f->npool; p++) {
        bool in = false;
        for (int i = 0; i < n && !in; i++)
            in = f->idx[i] == p;
        if (!in)
            continue;
        char *dst = f->relaxed[p] ? t->relax : t->safe;
        size_t len = f->relaxed[p] ? sizeof t->relax : sizeof t->safe;
        size_t w = strlen(dst);
        snprintf(dst + w, len - w, "%s%s", w ? " " : "", f->pool[p].name);
    }
    if (!gen_set_add(f->set, f->a, t))
        f->write_error = true;
}

static void extend(fam *f, int n)
{
    if (f->write_error)
        return;
    if (n >= 2)
        emit(f, n);
    if (n == f->size)
        return;
    for (int p = 0; p < f->npool; p++) {
        const gen_edge *e = &f->pool[p];
        if (n > 0 && (!pair_ok(f, &f->cur[n - 1], e, f->relaxed[p]) ||
                      !compose_ok(f, f->idx[n - 1], p)))
            continue;
        /* the first edge is the least of the cycle: fewer rotations */
        if (n > 0 && gen_edge_cmp(e, &f->cur[0]) < 0)
            continue;
        /* cut early what emit would drop: more threads than -nprocs,
           a thread with more than max_ins program-order edges */
        int ext = is_ext(e), run = is_ext(e) ? 0 : 1;
        for (int i = n - 1; i >= 0; i--)
            ext += is_ext(&f->cur[i]);
        for (int i = n - 1; run && i >= 0 && !is_ext(&f->cur[i]); i--)
            run++;
        if (ext > f->nprocs || run > f->max_ins)
            continue;
        f->cur[n] = *e;
        f->idx[n] = p;
        extend(f, n + 1);
    }
}

/* Add the edges of a list (space or comma separated) to the pool. */
static bool add_list(fam *f, const char *list, bool relaxed, char *err,
                     size_t errlen)
{
    char *copy = ll_xstrdup(list);
    bool ok = true;
    char *save = NULL;
    for (char *w = strtok_r(copy, ", \t\n", &save); w && ok;
         w = strtok_r(NULL, ", \t\n", &save)) {
        int k;
        int an = -1;
        for (int i = 0; i < f->a->nannots && an < 0; i++)
            if (!strcmp(w, f->a->annots[i].name))
                an = i;
        if (an >= 0 && f->a->diy_families) {
            /* diy's -relax Aq: the safe communication edges with Aq at
               an end it fits; -safe X: the safe program-order edges
               with X (FENCE.TSO's fence.tsopx); added once the safe
               list is read */
            f->ann_relax[f->nann_relax] = an;
            f->ann_safe[f->nann_relax++] = !relaxed;
            continue;
        }
        if (!gen_edge_expand(f->a, w, f->pool + f->npool,
                             GEN_MAX_POOL - f->npool, &k, err, errlen)) {
            ok = false;
            break;
        }
        for (int i = 0; i < k; i++) {
            bool dup = false;
            for (int j = 0; j < f->npool && !dup; j++)
                dup = gen_edge_eq(&f->pool[j], &f->pool[f->npool]);
            if (dup) {
                /* a relaxed edge also listed safe stays relaxed */
                memmove(&f->pool[f->npool], &f->pool[f->npool + 1],
                        (size_t)(k - i - 1) * sizeof f->pool[0]);
                continue;
            }
            f->group[f->npool] = f->npool;
            f->relaxed[f->npool++] = relaxed;
        }
    }
    free(copy);
    return ok;
}

/* The edges of an annotation given as an edge: in -relax, each safe
 * communication edge with the annotation at its source, its target or
 * both (the other end plain), where it fits, relaxed, one group; in
 * -safe, each safe program-order edge so, safe. */
static bool add_ann_relax(fam *f, int an, bool safe, char *err,
                          size_t errlen)
{
    const char *name = f->a->annots[an].name;
    int nsafe = f->npool, group = -1;
    for (int p = 0; p < nsafe; p++) {
        const gen_edge *e = &f->pool[p];
        if (f->relaxed[p] || is_com(e) == safe || e->sann >= 0 ||
            e->dann >= 0)
            continue;
        for (int ends = 1; ends <= 3; ends++) {
            char w[GEN_NAME * 2];
            snprintf(w, sizeof w, "%s%s%s", e->name,
                     ends & 1 ? name : "P", ends & 2 ? name : "P");
            char why[256];
            int k;
            if (f->npool >= GEN_MAX_POOL) {
                snprintf(err, errlen, "'%s': too many relaxations", name);
                return false;
            }
            if (!gen_edge_expand(f->a, w, f->pool + f->npool,
                                 GEN_MAX_POOL - f->npool, &k, why,
                                 sizeof why) || k != 1)
                continue;   /* the annotation does not fit that end */
            if (group < 0 || safe)
                group = f->npool;
            f->group[f->npool] = group;
            f->relaxed[f->npool++] = !safe;
        }
    }
    if (group < 0) {
        snprintf(err, errlen, "%s %s: no safe %s edge takes it",
                 safe ? "-safe" : "-relax", name,
                 safe ? "program-order" : "communication");
        return false;
    }
    return true;
}

/* The cycles with relaxed edge r (a pool index) and the safe edges: the
 * other relaxed edges (but r's group) are left out of the pool
 * meanwhile. */
static void with_one_relaxed(fam *f, int r)
{
    gen_edge keep[GEN_MAX_POOL];
    bool keep_relaxed[GEN_MAX_POOL];
    int keep_group[GEN_MAX_POOL], keep_group2[GEN_MAX_POOL];
    int keep_n = f->npool, n = 0;
    memcpy(keep, f->pool, sizeof keep);
    memcpy(keep_relaxed, f->relaxed, sizeof keep_relaxed);
    for (int p = 0; p < keep_n; p++)
        if (!keep_relaxed[p] || f->group[p] == f->group[r]) {
            keep_group[n] = f->group[p];
            f->pool[n] = keep[p];
            f->relaxed[n++] = keep_relaxed[p];
        }
    memcpy(keep_group2, f->group, sizeof keep_group2);
    for (int p = 0; p < n; p++)   /* renumbered: the group by its first */
        f->group[p] = keep_group[p] == keep_group2[r] ? -2 : p;
    f->need = -2;
    f->npool = n;
    extend(f, 0);
    memcpy(f->pool, keep, sizeof keep);
    memcpy(f->relaxed, keep_relaxed, sizeof keep_relaxed);
    memcpy(f->group, keep_group2, sizeof keep_group2);
    f->npool = keep_n;
}

bool gen_family(const gen_arch *a, const gen_family_opts *o,
                const char *dir, FILE *msg, char *err, size_t errlen)
{
    fam *f = ll_xcalloc(1, sizeof *f);
    f->a = a;
    f->size = o->size;
    f->nprocs = o->nprocs;
    f->max_ins = o->ins > 0 ? o->ins - 1 : GEN_MAX_INS;
    f->uni = o->uni;
    f->sufname = o->sufname;
    f->o_name = o->name;
    bool ok = add_list(f, o->relax, true, err, errlen) &&
              add_list(f, o->safe, false, err, errlen);
    for (int i = 0; ok && i < f->nann_relax; i++)
        ok = add_ann_relax(f, f->ann_relax[i], f->ann_safe[i], err, errlen);
    int nrelax = 0;
    for (int p = 0; p < f->npool; p++)
        nrelax += f->relaxed[p];
    if (ok && f->npool == 0) {
        snprintf(err, errlen, "no edge in -safe or -relax");
        ok = false;
    }
    char header[1024];
    snprintf(header, sizeof header, "litmuslab gen -arch %s -safe '%s' "
             "-relax '%s' -size %d -nprocs %d%s", a->name, o->safe,
             o->relax, o->size, o->nprocs, o->mix ? " -mix" : "");
    if (ok && !(f->set = gen_set_open(dir, header))) {
        snprintf(err, errlen, "the tests could not be written in %s", dir);
        ok = false;
    }
    if (ok) {
        f->t = ll_xcalloc(1, sizeof *f->t);
        f->t->variant = o->variant;
        f->need_any = nrelax > 0;
        f->need = -1;
        if (nrelax == 0 || o->mix)
            extend(f, 0);
        else
            for (int r = 0; r < f->npool; r++)
                if (f->relaxed[r] && f->group[r] == r)
                    with_one_relaxed(f, r);
        gen_test_free(f->t);
        free(f->t);
        int count = gen_set_count(f->set);
        if (!gen_set_close(f->set, !f->write_error)) {
            snprintf(err, errlen, "the tests could not be written in %s",
                     dir);
            ok = false;
        } else {
            fprintf(msg, "Generator produced %d tests\n", count);
            ll_buf rl = {0};
            for (int p = 0; p < f->npool; p++)
                if (f->relaxed[p])
                    ll_buf_printf(&rl, "%s%s", rl.len ? ", " : "",
                                  f->pool[p].name);
            fprintf(msg, "Relaxations tested: {%s}\n", ll_buf_str(&rl));
            ll_buf_free(&rl);
        }
    }
    for (int i = 0; i < f->nseen; i++)
        free(f->seen[i]);
    free(f->seen);
    free(f);
    return ok;
}
