/* edge.c — diy7's relaxation names read into gen_edge records, as the
 * diy documentation (herdtools7 doc/gen.tex) describes them:
 *
 *   Rfe Rfi Fre Fri Wse Wsi Coe Coi     communication (Co = Ws)
 *   Po(s|d)(R|W)(R|W)                   program order
 *   FENCE(s|d)(R|W)(R|W)                a fence of the architecture
 *                                       (LwSyncdWW, MFencedWR, DMB.STdWW)
 *   Dp[Addr|Data|Ctrl|Ctrl<F>](s|d)(R|W) a dependency from a read
 *                                       (DpdW = DpAddrdW, CtrldR =
 *                                       DpCtrl<F>dR where F is the
 *                                       architecture's Isync or ISB)
 *   DetourR DetourW DetourRW DetourWW   detours through another thread
 *   [e1,e2,...]                         a composite, expanded in place
 *   ACf BCf ABCf                        [Rfe,f] [f,Rfe] [Rfe,f,Rfe]
 *
 * Each may end with two access annotations of the architecture, for the
 * source and the target access (PodWRLA, RfeLA; C: PodWWOnceRelease);
 * for C a lone annotation word annotates the target of the edge before
 * it, as the kernel's tools/memory-model README writes cycles ("Rfi Once
 * PodRR Once Fre Once"). `*` in a direction (PodR*) is for the -safe and
 * -relax lists only. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gen/gen.h"

static bool fail(char *err, size_t len, const char *fmt, const char *s)
{
    snprintf(err, len, fmt, s);
    return false;
}

static bool is_dir(char c)
{
    return c == 'R' || c == 'W' || c == '*';
}

/* The annotation at s (longest name first), its index, or -1. */
static int annot_at(const gen_arch *a, const char *s, size_t *len)
{
    int best = -1;
    size_t best_len = 0;
    for (int i = 0; i < a->nannots; i++) {
        size_t l = strlen(a->annots[i].name);
        if (l > best_len && !strncmp(s, a->annots[i].name, l)) {
            best = i;
            best_len = l;
        }
    }
    *len = best_len;
    return best;
}

/* The two annotations after the edge name (both or none). */
static bool read_annots(const gen_arch *a, const char *rest, gen_edge *e,
                        const char *whole, char *err, size_t errlen)
{
    e->sann = e->dann = -1;
    if (!*rest)
        return true;
    /* the source's name may be a prefix of a longer one (arch_riscv.c's Aq
       and AqRl: PodRWAqRl is Aq then Rl), so each source that leaves
       exactly one target is tried */
    int s = -1, d = -1;
    for (int i = 0; i < a->nannots && d < 0; i++) {
        size_t l1 = strlen(a->annots[i].name), l2;
        if (strncmp(rest, a->annots[i].name, l1))
            continue;
        int t = annot_at(a, rest + l1, &l2);
        if (t >= 0 && !rest[l1 + l2]) {
            s = i;
            d = t;
        }
    }
    if (s < 0 || d < 0)
        return fail(err, errlen, "'%s' is not a relaxation of this "
                    "architecture (after the edge name, two access "
                    "annotations may follow: source, then target)", whole);
    const gen_annot *as = &a->annots[s], *ad = &a->annots[d];
    if ((e->src == 'R' && !as->on_read) || (e->src == 'W' && !as->on_write)
        || (e->dst == 'R' && !ad->on_read) ||
        (e->dst == 'W' && !ad->on_write))
        return fail(err, errlen, "'%s': an annotation does not fit the "
                    "direction of its access", whole);
    e->sann = s;
    e->dann = d;
    return true;
}

/* s(R|W)(R|W) or d.. after a po/fence prefix: sets same/src/dst and
 * returns the rest, or NULL. */
static const char *read_sd_dirs(const char *p, gen_edge *e, bool two)
{
    if (*p != 's' && *p != 'd')
        return NULL;
    e->same = *p == 's';
    p++;
    if (two) {
        if (!is_dir(p[0]) || !is_dir(p[1]))
            return NULL;
        e->src = p[0];
        e->dst = p[1];
        return p + 2;
    }
    if (!is_dir(p[0]))
        return NULL;
    e->src = 'R';
    e->dst = p[0];
    return p + 1;
}

static const char *prefix(const char *s, const char *pre)
{
    size_t n = strlen(pre);
    return strncmp(s, pre, n) ? NULL : s + n;
}

/* The fence whose name starts s (longest first), or -1. */
static int fence_at(const gen_arch *a, const char *s, size_t *len)
{
    int best = -1;
    size_t best_len = 0;
    for (int i = 0; i < a->nfences; i++) {
        size_t l = strlen(a->fences[i].name);
        if (l > best_len && !strncmp(s, a->fences[i].name, l) &&
            (s[l] == 's' || s[l] == 'd')) {
            best = i;
            best_len = l;
        }
    }
    *len = best_len;
    return best;
}

static void set_name(gen_edge *e, const char *s, size_t n)
{
    if (n >= sizeof e->name)
        n = sizeof e->name - 1;
    memcpy(e->name, s, n);
    e->name[n] = 0;
}

/* The canonical spelling: diy prints the macros expanded (DpdW is
 * DpAddrdW) and annotations after the edge. */
static void canonical(const gen_arch *a, gen_edge *e)
{
    if (e->leave || e->back)
        return;                 /* kept as written until paired */
    char base[GEN_NAME];
    const char *ie = e->ext ? "e" : "i";
    const char *sd = e->same ? "s" : "d";
    static const char *const dps[] = {"", "Addr", "Data", "Ctrl", ""};
    switch (e->kind) {
    case GK_RF: snprintf(base, sizeof base, "Rf%s", ie); break;
    case GK_FR: snprintf(base, sizeof base, "Fr%s", ie); break;
    case GK_WS:
        /* keep the user's Co/Ws spelling (e->name holds it) */
        snprintf(base, sizeof base, "%s%s",
                 !strncmp(e->name, "Co", 2) ? "Co" : "Ws", ie);
        break;
    case GK_PO:
        snprintf(base, sizeof base, "Po%s%c%c", sd, e->src, e->dst);
        break;
    case GK_FENCE:
        snprintf(base, sizeof base, "%s%s%c%c", a->fences[e->fence].name,
                 sd, e->src, e->dst);
        break;
    case GK_DP:
        if (e->dp == DP_CTRLFENCE)
            snprintf(base, sizeof base, "DpCtrl%s%s%c", a->ctrlfence, sd,
                     e->dst);
        else
            snprintf(base, sizeof base, "Dp%s%s%c", dps[e->dp], sd, e->dst);
        break;
    case GK_DETOUR:
        snprintf(base, sizeof base, "Detour%s",
                 e->src == 'R' && e->dst == 'R' ? "R" :
                 e->src == 'W' && e->dst == 'R' ? "W" :
                 e->src == 'R' ? "RW" : "WW");
        break;
    case GK_ANN:
        snprintf(base, sizeof base, "%s", a->annots[e->dann].name);
        break;
    }
    if (e->kind != GK_ANN && e->sann >= 0 && e->dann >= 0)
        snprintf(e->name, sizeof e->name, "%s%s%s", base,
                 a->annots[e->sann].name, a->annots[e->dann].name);
    else
        snprintf(e->name, sizeof e->name, "%s", base);
}

/* C's accesses are Once unless said otherwise: the names say so too
 * (PodWWOnceOnce, MP+poonceonces). */
static void set_default_annots(const gen_arch *a, gen_edge *e)
{
    if (a->default_ann < 0 || e->kind == GK_ANN || e->leave || e->back)
        return;
    if (e->sann < 0)
        e->sann = a->default_ann;
    if (e->dann < 0)
        e->dann = a->default_ann;
}

/* One simple (not composite) edge. */
static bool parse_one(const gen_arch *a, const char *s, gen_edge *e,
                      char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->fence = -1;
    e->sann = e->dann = -1;
    set_name(e, s, strlen(s));
    const char *p;
    size_t fl;
    int f;
    /* communication */
    static const struct { const char *n; gen_kind k; char s, d; } com[] = {
        {"Rf", GK_RF, 'W', 'R'}, {"Fr", GK_FR, 'R', 'W'},
        {"Ws", GK_WS, 'W', 'W'}, {"Co", GK_WS, 'W', 'W'},
    };
    static const struct { const char *n; gen_kind k; char s, d; bool l; }
        split[] = {
        {"FrLeave", GK_FR, 'R', 'W', true}, {"WsLeave", GK_WS, 'W', 'W', true},
        {"RfBack", GK_RF, 'W', 'R', false}, {"WsBack", GK_WS, 'W', 'W', false},
    };
    for (size_t i = 0; i < sizeof split / sizeof split[0]; i++)
        if (!strcmp(s, split[i].n)) {
            e->kind = split[i].k;
            e->ext = true;
            e->same = true;
            e->src = split[i].s;
            e->dst = split[i].d;
            e->leave = split[i].l;
            e->back = !split[i].l;
            return true;
        }
    for (size_t i = 0; i < sizeof com / sizeof com[0]; i++)
        if ((p = prefix(s, com[i].n)) && (*p == 'e' || *p == 'i')) {
            e->kind = com[i].k;
            e->ext = *p == 'e';
            e->same = true;
            e->src = com[i].s;
            e->dst = com[i].d;
            if (!read_annots(a, p + 1, e, s, err, errlen))
                return false;
            canonical(a, e);
            return true;
        }
    static const struct { const char *n; char s, d; } det[] = {
        {"DetourRW", 'R', 'W'}, {"DetourWW", 'W', 'W'},
        {"DetourRR", 'R', 'R'}, {"DetourWR", 'W', 'R'},
        {"DetourR", 'R', 'R'}, {"DetourW", 'W', 'R'},
    };
    for (size_t i = 0; i < sizeof det / sizeof det[0]; i++)
        if ((p = prefix(s, det[i].n))) {
            e->kind = GK_DETOUR;
            e->same = true;
            e->src = det[i].s;
            e->dst = det[i].d;
            if (!read_annots(a, p, e, s, err, errlen))
                return false;
            canonical(a, e);
            return true;
        }
    if ((p = prefix(s, "Po")) && (p = read_sd_dirs(p, e, true))) {
        e->kind = GK_PO;
        if (!read_annots(a, p, e, s, err, errlen))
            return false;
        canonical(a, e);
        return true;
    }
    /* dependencies, with diy's short forms */
    static const struct { const char *n; gen_dp dp; } deps[] = {
        {"DpAddr", DP_ADDR}, {"DpData", DP_DATA}, {"DpCtrl", DP_CTRL},
        {"Dp", DP_ADDR}, {"Ctrl", DP_CTRL},
    };
    for (size_t i = 0; i < sizeof deps / sizeof deps[0]; i++) {
        if (!(p = prefix(s, deps[i].n)))
            continue;
        gen_dp dp = deps[i].dp;
        const char *q;
        if (dp == DP_CTRL && a->ctrlfence &&
            (q = prefix(p, a->ctrlfence))) {
            dp = DP_CTRLFENCE;
            p = q;
        }
        if (!(p = read_sd_dirs(p, e, false)))
            continue;
        if (!a->deps)
            return fail(err, errlen, "'%s': this architecture has no "
                        "dependencies in diy's vocabulary", s);
        /* CtrldR alone means the ordering one: with the fence */
        if (i == 4 && e->dst == 'R' && a->ctrlfence)
            dp = DP_CTRLFENCE;
        if (dp == DP_DATA && e->dst == 'R')
            return fail(err, errlen, "'%s': a data dependency goes to a "
                        "write (DpDatadW)", s);
        e->kind = GK_DP;
        e->dp = dp;
        if (!read_annots(a, p, e, s, err, errlen))
            return false;
        canonical(a, e);
        return true;
    }
    /* fences: the architecture's names, and Fence for its strongest */
    if ((f = fence_at(a, s, &fl)) >= 0 &&
        (p = read_sd_dirs(s + fl, e, true))) {
        e->kind = GK_FENCE;
        e->fence = f;
        if (!read_annots(a, p, e, s, err, errlen))
            return false;
        canonical(a, e);
        return true;
    }
    if ((p = prefix(s, "Fence")) && a->strong >= 0 &&
        (p = read_sd_dirs(p, e, true))) {
        e->kind = GK_FENCE;
        e->fence = a->strong;
        if (!read_annots(a, p, e, s, err, errlen))
            return false;
        canonical(a, e);
        return true;
    }
    size_t al;
    int an = annot_at(a, s, &al);
    if (an >= 0 && !s[al]) {
        e->kind = GK_ANN;
        e->dann = an;
        canonical(a, e);
        return true;
    }
    return fail(err, errlen, "'%s' is not a relaxation of this "
                "architecture (see `litmuslab gen --help` for the "
                "vocabulary)", s);
}

bool gen_edge_parse(const gen_arch *a, const char *s, gen_edge *out,
                    int max, int *n, char *err, size_t errlen)
{
    *n = 0;
    size_t len = strlen(s);
    if (len == 0)
        return fail(err, errlen, "%san empty relaxation name", "");
    if (len >= GEN_NAME + 200)
        return fail(err, errlen, "'%.40s...' is too long", s);
    /* composite [a,b,...] */
    if (s[0] == '[') {
        if (s[len - 1] != ']')
            return fail(err, errlen, "'%s': a composite relaxation ends "
                        "with ']'", s);
        char buf[GEN_NAME + 200];
        memcpy(buf, s + 1, len - 2);
        buf[len - 2] = 0;
        char *save = NULL;
        for (char *w = strtok_r(buf, ", ", &save); w;
             w = strtok_r(NULL, ", ", &save)) {
            int k;
            if (*n >= max)
                return fail(err, errlen, "'%s': too many edges", s);
            if (!gen_edge_parse(a, w, out + *n, max - *n, &k, err, errlen))
                return false;
            *n += k;
        }
        if (*n == 0)
            return fail(err, errlen, "'%s': an empty composite", s);
        return true;
    }
    /* cumulativity shorthands: ACf = [Rfe,f], BCf = [f,Rfe] */
    const char *p;
    int pre = 0, post = 0;
    if ((p = prefix(s, "ABC")))
        pre = post = 1;
    else if ((p = prefix(s, "AC")))
        pre = 1;
    else if ((p = prefix(s, "BC")))
        post = 1;
    if (p && (pre || post)) {
        gen_edge f;
        char e2[256];
        if (parse_one(a, p, &f, e2, sizeof e2) && f.kind == GK_FENCE) {
            if (max < 3)
                return fail(err, errlen, "'%s': too many edges", s);
            if (pre)
                parse_one(a, "Rfe", &out[(*n)++], err, errlen);
            out[(*n)++] = f;
            if (post)
                parse_one(a, "Rfe", &out[(*n)++], err, errlen);
            return true;
        }
    }
    if (max < 1)
        return fail(err, errlen, "'%s': too many edges", s);
    if (!parse_one(a, s, out, err, errlen))
        return false;
    for (const char *c = out->name; *c; c++)
        if (*c == '*')
            return fail(err, errlen, "'%s': `*` stands for R and W in "
                        "-safe/-relax lists, not in a cycle", s);
    *n = 1;
    return true;
}

bool gen_cycle_parse(const gen_arch *a, char **words, int nwords,
                     gen_edge *out, int *n, char *err, size_t errlen)
{
    *n = 0;
    for (int i = 0; i < nwords; i++) {
        int k;
        if (!gen_edge_parse(a, words[i], out + *n, GEN_MAX_EDGES - *n, &k,
                            err, errlen))
            return false;
        if (out[*n].kind == GK_ANN) {
            /* a lone annotation: the target of the edge before it */
            int an = out[*n].dann;
            if (*n == 0)
                return fail(err, errlen, "'%s': an annotation word "
                            "follows the edge whose target it annotates",
                            words[i]);
            gen_edge *prev = &out[*n - 1];
            const gen_annot *g = &a->annots[an];
            if ((prev->dst == 'R' && !g->on_read) ||
                (prev->dst == 'W' && !g->on_write))
                return fail(err, errlen, "'%s' does not fit the direction "
                            "of the access it annotates", words[i]);
            prev->dann = an;
            continue;
        }
        *n += k;
    }
    if (*n == 0)
        return fail(err, errlen, "%sno relaxation given", "");
    /* lone annotations give targets only: the source of each edge is
       the target of the one before it */
    for (int i = 0; i < *n; i++) {
        gen_edge *e = &out[i], *prev = &out[(i + *n - 1) % *n];
        if (e->sann < 0 && prev->dann >= 0)
            e->sann = prev->dann;
        if (e->sann >= 0 && prev->dann < 0)
            prev->dann = e->sann;
    }
    for (int i = 0; i < *n; i++) {
        set_default_annots(a, &out[i]);
        canonical(a, &out[i]);
    }
    /* diy's split detours: FrLeave RfBack is DetourR, WsLeave WsBack
       DetourWW... (the middle write on a thread of its own) */
    for (int i = 0; i + 1 < *n; i++) {
        gen_edge *l = &out[i], *b = &out[i + 1];
        if (!l->leave || !b->back)
            continue;
        char name[GEN_NAME];
        snprintf(name, sizeof name, "%.23s %.23s", l->name, b->name);
        l->kind = GK_DETOUR;
        l->ext = false;
        l->dst = b->dst;
        l->leave = false;
        snprintf(l->name, sizeof l->name, "%s", name);
        memmove(b, b + 1, (size_t)(*n - i - 2) * sizeof *b);
        (*n)--;
    }
    for (int i = 0; i < *n; i++)
        if (out[i].leave || out[i].back)
            return fail(err, errlen, "'%s' comes in a pair: FrLeave or "
                        "WsLeave, then RfBack or WsBack", out[i].name);
    return true;
}

/* The order diy gives edges: communication first (Rf, Fr, Ws; internal
 * before external), then po, fences, dependencies, detours. */
static int kind_rank(gen_kind k)
{
    switch (k) {
    case GK_RF: return 0;
    case GK_FR: return 1;
    case GK_WS: return 2;
    case GK_PO: return 3;
    case GK_FENCE: return 4;
    case GK_DP: return 5;
    case GK_DETOUR: return 6;
    case GK_ANN: return 7;
    }
    return 8;
}

int gen_ann_merge(const gen_arch *a, int x, int y)
{
    if (x < 0 || x == y)
        return y;
    if (y < 0)
        return x;
    if (!strcmp(a->annots[x].name, "P"))
        return y;
    if (!strcmp(a->annots[y].name, "P"))
        return x;
    return -2;
}

int gen_edge_cmp(const gen_edge *x, const gen_edge *y)
{
    int c = kind_rank(x->kind) - kind_rank(y->kind);
    if (c)
        return c;
    if (x->ext != y->ext)
        return x->ext ? 1 : -1;
    if (x->kind == GK_FENCE && x->fence != y->fence)
        return x->fence - y->fence;
    if (x->kind == GK_DP && x->dp != y->dp)
        return (int)x->dp - (int)y->dp;
    if (x->same != y->same)
        return x->same ? -1 : 1;
    if (x->src != y->src)
        return x->src == 'W' ? -1 : 1;
    if (x->dst != y->dst)
        return x->dst == 'W' ? -1 : 1;
    if (x->sann != y->sann)
        return x->sann - y->sann;
    return x->dann - y->dann;
}

bool gen_edge_eq(const gen_edge *x, const gen_edge *y)
{
    return !strcmp(x->name, y->name);
}

bool gen_edge_expand(const gen_arch *a, const char *s, gen_edge *out,
                     int max, int *n, char *err, size_t errlen)
{
    *n = 0;
    const char *star = strchr(s, '*');
    if (!star) {
        gen_edge tmp[GEN_MAX_EDGES];
        int k;
        if (!gen_edge_parse(a, s, tmp, GEN_MAX_EDGES, &k, err, errlen))
            return false;
        if (k != 1)
            return fail(err, errlen, "'%s': a composite relaxation is "
                        "not taken in -safe/-relax lists yet", s);
        if (max < 1)
            return fail(err, errlen, "'%s': too many relaxations", s);
        set_default_annots(a, &tmp[0]);
        canonical(a, &tmp[0]);
        out[(*n)++] = tmp[0];
        return true;
    }
    /* replace the first `*` by R and by W, recursively */
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return fail(err, errlen, "'%.40s...' is too long", s);
    size_t at = (size_t)(star - s);
    bool fitted = false;
    for (int d = 0; d < 2; d++) {
        snprintf(buf, sizeof buf, "%s", s);
        buf[at] = d ? 'W' : 'R';
        int k;
        /* as diy7: Pod**AqAq stands for the directions Aq fits, so one
           direction may fail (too many edges may not) */
        if (!gen_edge_expand(a, buf, out + *n, max - *n, &k, err, errlen)) {
            if (strstr(err, "too many") ||
                (d == 1 && !fitted && !strstr(err, "annotation")))
                return false;
            continue;
        }
        fitted = true;
        *n += k;
    }
    return true;
}
