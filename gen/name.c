/* name.c — what a generated test is called and the information lines
 * diy writes in its header (Cycle=, Com=, Prefetch=, Orig=).
 *
 * Names follow herdtools7's scheme (doc/gen.tex, "A note on test
 * names"): the family, from the direction of the first and last access
 * of each thread (WW+RR), as its least rotation in the order W < WW <
 * RR < RW < WR < R, replaced by its nickname when it has one (MP), then
 * one tag per thread that has program-order edges, in thread order
 * (lwsync, addr, po; several edges of one thread joined by '-'), written
 * once with an 's' when every thread has the same tag (MP+lwsyncs), and
 * left out when that tag is plain po (MP). C tests spell tags the
 * kernel's way (pooncerelease, fencembonceonce) and end with the
 * annotations of the lone writes (IRIW+poonceonces+OnceOnce). */
#include <stdio.h>
#include <string.h>

#include "gen/gen.h"

static const struct { const char *key, *nick; } nicknames[] = {
    {"WW+WW", "2+2W"}, {"RW+RW", "LB"}, {"WW+RR", "MP"}, {"WW+WR", "R"},
    {"WW+RW", "S"}, {"WR+WR", "SB"},
    {"RW+RW+RW", "3.LB"}, {"WR+WR+WR", "3.SB"}, {"WW+WW+WW", "3.2W"},
    {"W+RR+WR", "RWC"}, {"W+RR+WW", "WRR+2W"}, {"W+RW+RR", "WRC"},
    {"W+RW+RW", "WWC"}, {"W+RW+WR", "WRW+WR"}, {"W+RW+WW", "WRW+2W"},
    {"WW+RW+RR", "ISA2"}, {"WW+RW+RW", "Z6.2"}, {"WW+RW+WR", "Z6.0"},
    {"WW+WR+WR", "Z6.4"}, {"WW+WW+RR", "Z6.3"}, {"WW+WW+RW", "Z6.1"},
    {"WW+WW+WR", "Z6.5"}, {"WW+RR+WR", "W+RWC"},
    {"RW+RW+RW+RW", "4.LB"}, {"WR+WR+WR+WR", "4.SB"},
    {"WW+WW+WW+WW", "4.2W"}, {"W+RR+W+RR", "IRIW"},
    {"W+RR+W+RW", "IRRWIW"}, {"W+RW+W+RW", "IRWIW"},
    /* single location */
    {"W+RR", "CoRR"}, {"W+RW", "CoRW"}, {"W+WR", "CoWR"}, {"WW", "CoWW"},
    {"RW", "CoRW1"}, {"WR", "CoWR0"}, {"RR", "CoRR0"},
};

static bool is_ext(const gen_edge *e)
{
    return e->ext && (e->kind == GK_RF || e->kind == GK_FR ||
                      e->kind == GK_WS);
}

static int first_start(const gen_edge *e, int n)
{
    for (int i = 0; i < n; i++)
        if (is_ext(&e[(i + n - 1) % n]))
            return i;
    return 0;
}

static int desc_rank(const char *d)
{
    static const char *const order[] = {"W", "WW", "RR", "RW", "WR", "R"};
    for (int i = 0; i < 6; i++)
        if (!strcmp(d, order[i]))
            return i;
    return 6;
}

static void lower_into(char *out, size_t len, const char *s)
{
    size_t w = strlen(out);
    for (; *s && w + 1 < len; s++)
        out[w++] = (char)((*s >= 'A' && *s <= 'Z') ? *s - 'A' + 'a' : *s);
    out[w] = 0;
}

static void append(char *out, size_t len, const char *s)
{
    size_t w = strlen(out);
    snprintf(out + w, len > w ? len - w : 0, "%s", s);
}

/* The tag of one program-order edge. */
static void edge_tag(const gen_arch *a, const gen_edge *e, bool c_style,
                     char *out, size_t len)
{
    out[0] = 0;
    switch (e->kind) {
    case GK_PO: append(out, len, e->same ? "pos" : "po"); break;
    case GK_RF: append(out, len, "rfi"); break;
    case GK_FR: append(out, len, "fri"); break;
    case GK_WS: append(out, len, !strncmp(e->name, "Co", 2) ? "coi" : "wsi");
        break;
    case GK_FENCE:
        append(out, len, a->fences[e->fence].tag);
        if (e->same && !c_style)
            append(out, len, "s");
        break;
    case GK_DP: {
        static const char *const t[] = {"", "addr", "data", "ctrl", "ctrl"};
        append(out, len, t[e->dp]);
        if (e->dp == DP_CTRLFENCE)
            lower_into(out, len, a->ctrlfence);
        if (e->same && !c_style)   /* DpAddrsR: addrs, as fences */
            append(out, len, "s");
        break;
    }
    case GK_DETOUR: append(out, len, "detour"); break;
    case GK_ANN: break;
    }
    if (c_style) {
        /* the kernel's names spell both accesses: pooncerelease */
        if (e->sann >= 0)
            lower_into(out, len, a->annots[e->sann].name);
        if (e->dann >= 0)
            lower_into(out, len, a->annots[e->dann].name);
        return;
    }
    const char *st = e->sann >= 0 ? a->annots[e->sann].tag : "";
    const char *dt = e->dann >= 0 ? a->annots[e->dann].tag : "";
    if (a->po_ann_names) {
        /* both accesses, unless both are plain (PodRWPP: po) */
        bool plain = (e->sann < 0 || !strcmp(st, "p")) &&
                     (e->dann < 0 || !strcmp(dt, "p"));
        if (!plain) {
            append(out, len, e->sann >= 0 ? st : "p");
            append(out, len, e->dann >= 0 ? dt : "p");
        }
        return;
    }
    if (!*st && !*dt)
        return;
    /* an annotated po is named by its accesses: PodWWPL is rel */
    if (e->kind == GK_PO && !e->same)
        out[0] = 0;
    append(out, len, st);
    append(out, len, dt);
}

/* The name, and in *first_edge (when not NULL) the edge where the thread the
 * name lists first begins. */
static void build_name(const gen_arch *a, const gen_edge *e, int n,
                       char *out, size_t len, int *first_edge)
{
    bool c_style = a->kernel_names;
    int s = first_start(e, n);
    char desc[GEN_MAX_THREADS][3];
    char tags[GEN_MAX_THREADS][256];
    int start[GEN_MAX_THREADS];
    char lone[256] = "";
    int nth = 0, first_ev = s;
    start[0] = s % n;
    char tag[64];
    tags[0][0] = 0;
    for (int k = 0; k < n && nth < GEN_MAX_THREADS; k++) {
        const gen_edge *x = &e[(s + k) % n];
        if (!is_ext(x)) {
            gen_edge y = *x;
            if (a->po_ann_names) {
                /* an access is named by its annotation whichever
                   edge gives it: PodWWPRl then PodWR is poprl-porlp */
                int sa = gen_ann_merge(a, e[(s + k + n - 1) % n].dann,
                                       y.sann);
                int da = gen_ann_merge(a, y.dann, e[(s + k + 1) % n].sann);
                y.sann = sa == -2 ? y.sann : sa;
                y.dann = da == -2 ? y.dann : da;
            }
            edge_tag(a, &y, c_style, tag, sizeof tag);
            if (tags[nth][0])
                append(tags[nth], sizeof tags[nth], "-");
            append(tags[nth], sizeof tags[nth], tag);
            continue;
        }
        /* thread ends: its first event's direction and this one's */
        char d0 = e[first_ev % n].src, d1 = x->src;
        bool single = (first_ev % n) == (s + k) % n;
        desc[nth][0] = d0;
        desc[nth][1] = single ? 0 : d1;
        desc[nth][2] = 0;
        if (single && c_style) {
            int an = x->sann >= 0 ? x->sann : e[(s + k + n - 1) % n].dann;
            append(lone, sizeof lone, an >= 0 ? a->annots[an].name : "Once");
        } else if (single && a->po_ann_names) {
            /* a lone access's annotation shows in no tag: diy7 adds it
               (CoRR+posxp+X, its write an lr/sc pair) */
            int an = gen_ann_merge(a, e[(s + k + n - 1) % n].dann, x->sann);
            if (an >= 0 && strcmp(a->annots[an].name, "P"))
                append(lone, sizeof lone, a->annots[an].name);
        }
        nth++;
        first_ev = s + k + 1;
        if (nth < GEN_MAX_THREADS) {
            tags[nth][0] = 0;
            start[nth] = first_ev % n;
        }
    }
    /* the family: the least rotation of the thread descriptors */
    int best = 0;
    for (int r = 1; r < nth; r++)
        for (int i = 0; i < nth; i++) {
            int c = desc_rank(desc[(r + i) % nth]) -
                    desc_rank(desc[(best + i) % nth]);
            if (c < 0) {
                best = r;
                break;
            }
            if (c > 0)
                break;
        }
    if (first_edge)
        *first_edge = nth ? start[best] : 0;
    char family[256] = "";
    for (int i = 0; i < nth; i++) {
        if (i)
            append(family, sizeof family, "+");
        append(family, sizeof family, desc[(best + i) % nth]);
    }
    const char *fam = family;
    bool oneloc = true;
    for (int i = 0; i < n; i++)
        if (e[i].kind != GK_DETOUR && !e[i].same)
            oneloc = false;
    /* diy7's one-location families (-mode uni, the CO family of doc/fidelity.md)
       keep the common nicknames (MP+poss); its own two-thread ones, W+RR
       CoRR and W+RW CoRW2, leave their pos out (CoRR+fence.rw.rws) */
    bool uni_names = oneloc && a->diy_families;
    bool drop_pos = false;
    for (size_t i = 0; i < sizeof nicknames / sizeof nicknames[0]; i++)
        if (!strcmp(nicknames[i].key, family) &&
            ((strncmp(nicknames[i].nick, "Co", 2) != 0) == !oneloc ||
             (uni_names && strncmp(nicknames[i].nick, "Co", 2))))
            fam = nicknames[i].nick;
    if (uni_names && (!strcmp(family, "W+RR") || !strcmp(family, "W+RW"))) {
        fam = family[3] == 'R' ? "CoRR" : "CoRW2";
        drop_pos = true;
    }
    if (drop_pos)
        for (int i = 0; i < nth; i++)
            if (!strcmp(tags[i], "pos"))
                tags[i][0] = 0;
    out[0] = 0;
    append(out, len, fam);
    /* the tags, in the family's thread order */
    int ntagged = 0;
    bool all_same = true;
    const char *first = NULL;
    for (int i = 0; i < nth; i++) {
        const char *t = tags[(best + i) % nth];
        if (!*t)
            continue;
        ntagged++;
        if (!first)
            first = t;
        else if (strcmp(first, t))
            all_same = false;
    }
    if (first && all_same) {
        if (strcmp(first, "po")) {
            append(out, len, "+");
            append(out, len, first);
            if (ntagged > 1)
                append(out, len, "s");
        }
    } else {
        for (int i = 0; i < nth; i++) {
            const char *t = tags[(best + i) % nth];
            if (!*t)
                continue;
            append(out, len, "+");
            append(out, len, t);
        }
    }
    if (lone[0]) {
        append(out, len, "+");
        append(out, len, lone);
    }
}

void gen_name(const gen_arch *a, const gen_edge *e, int n, char *out,
              size_t len)
{
    build_name(a, e, n, out, len, NULL);
}

int gen_name_first(const gen_arch *a, const gen_edge *e, int n)
{
    char name[256];
    int first;
    build_name(a, e, n, name, sizeof name, &first);
    return first;
}

int gen_min_rotation(const gen_edge *e, int n)
{
    int best = 0;
    for (int r = 1; r < n; r++)
        for (int i = 0; i < n; i++) {
            int c = gen_edge_cmp(&e[(r + i) % n], &e[(best + i) % n]);
            if (c < 0) {
                best = r;
                break;
            }
            if (c > 0)
                break;
        }
    return best;
}

void gen_describe(const gen_arch *a, const gen_edge *e, int n, gen_test *t)
{
    t->orig[0] = t->cycle[0] = t->com[0] = t->prefetch[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            append(t->orig, sizeof t->orig, " ");
        append(t->orig, sizeof t->orig, e[i].name);
    }
    int r = gen_min_rotation(e, n);
    for (int i = 0; i < n; i++) {
        if (i)
            append(t->cycle, sizeof t->cycle, " ");
        append(t->cycle, sizeof t->cycle, e[(r + i) % n].name);
    }
    int s = first_start(e, n);
    for (int k = 0; k < n; k++) {
        const gen_edge *x = &e[(s + k) % n];
        if (!is_ext(x))
            continue;
        if (t->com[0])
            append(t->com, sizeof t->com, " ");
        append(t->com, sizeof t->com,
               x->kind == GK_RF ? "Rf" : x->kind == GK_FR ? "Fr" :
               !strncmp(x->name, "Co", 2) ? "Co" : "Ws");
    }
    /* Prefetch: first access of each thread F, last W (its write is
       read or overwritten) or T (it reads) */
    int th = 0, first = 0;
    for (int k = 0; k < n; k++) {
        const gen_edge *x = &e[(s + k) % n];
        if (!is_ext(x))
            continue;
        if (k > first) {
            char item[64];
            snprintf(item, sizeof item, "%s%d:%s=F,%d:%s=%s",
                     t->prefetch[0] ? "," : "", th,
                     gen_loc_name(t->ev[first].loc), th,
                     gen_loc_name(t->ev[k].loc),
                     x->kind == GK_FR ? "T" : "W");
            append(t->prefetch, sizeof t->prefetch, item);
        }
        th++;
        first = k + 1;
    }
    gen_name(a, e, n, t->name, sizeof t->name);
}
