/* test_cat_exec.h — unit-test helper: builds cat_exec candidates by hand,
 * event by event, the way the engine would, for the cat tests. */
#ifndef LITMUSLAB_TESTS_CAT_EXEC_H
#define LITMUSLAB_TESTS_CAT_EXEC_H

#include <string.h>

#include "model/cat/cat.h"

enum { XB_MAX_TAGS = 16, XB_MAX_EVENTS = 160 };

typedef struct xb {
    cat_exec x;
    int thread[XB_MAX_EVENTS];   /* -1 for initial writes */
    int loc[XB_MAX_EVENTS];      /* -1 for fences */
    mdl_set tag_sets[XB_MAX_TAGS];
    const char *tag_names[XB_MAX_TAGS];
} xb;

static inline void xb_init(xb *b, int n)
{
    memset(b, 0, sizeof *b);
    cat_exec *x = &b->x;
    x->n = n;
    mdl_set *sets[] = {&x->R, &x->W, &x->F, &x->IW, &x->B};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        mdl_set_init(sets[i], n);
    mdl_rel *rels[] = {&x->po, &x->rf, &x->co, &x->loc, &x->thread, &x->addr,
                      &x->data, &x->ctrl, &x->ctrlisync, &x->rmw};
    for (size_t i = 0; i < sizeof rels / sizeof rels[0]; i++)
        mdl_rel_init(rels[i], n);
    x->tag_names = b->tag_names;
    x->tags = b->tag_sets;
}

static inline void xb_free(xb *b)
{
    cat_exec *x = &b->x;
    mdl_set *sets[] = {&x->R, &x->W, &x->F, &x->IW, &x->B};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        mdl_set_free(sets[i]);
    mdl_rel *rels[] = {&x->po, &x->rf, &x->co, &x->loc, &x->thread, &x->addr,
                      &x->data, &x->ctrl, &x->ctrlisync, &x->rmw};
    for (size_t i = 0; i < sizeof rels / sizeof rels[0]; i++)
        mdl_rel_free(rels[i]);
    for (int i = 0; i < x->n_tags; i++)
        mdl_set_free(&b->tag_sets[i]);
}

/* Event e: kind 'R', 'W', 'I' (initial write, thread -1), 'F' (fence),
 * 'B' (branch); loc is a location number (ignored for F and B). Events
 * of one thread must be given in program order. */
static inline void xb_event(xb *b, int e, char kind, int thread, int loc)
{
    cat_exec *x = &b->x;
    b->thread[e] = kind == 'I' ? -1 : thread;
    b->loc[e] = (kind == 'F' || kind == 'B') ? -1 : loc;
    switch (kind) {
    case 'R': mdl_set_add(&x->R, e); break;
    case 'W': mdl_set_add(&x->W, e); break;
    case 'I': mdl_set_add(&x->W, e); mdl_set_add(&x->IW, e); break;
    case 'F': mdl_set_add(&x->F, e); break;
    default: mdl_set_add(&x->B, e); break;
    }
}

/* The index of tag `name`, declared (empty) if it was not yet: as an
 * architecture declares every tag its events may carry. */
static inline int xb_declare(xb *b, const char *name)
{
    cat_exec *x = &b->x;
    int i = 0;
    while (i < x->n_tags && strcmp(b->tag_names[i], name) != 0)
        i++;
    if (i == x->n_tags) {
        b->tag_names[i] = name;
        mdl_set_init(&b->tag_sets[i], x->n);
        x->n_tags++;
    }
    return i;
}

static inline void xb_tag(xb *b, const char *name, int e)
{
    mdl_set_add(&b->tag_sets[xb_declare(b, name)], e);
}

/* po, thread and loc from the events; co closed transitively. */
static inline void xb_finish(xb *b)
{
    cat_exec *x = &b->x;
    for (int a = 0; a < x->n; a++)
        for (int c = 0; c < x->n; c++) {
            if (b->thread[a] >= 0 && b->thread[a] == b->thread[c]) {
                mdl_rel_add(&x->thread, a, c);
                if (a < c)
                    mdl_rel_add(&x->po, a, c);
            }
            if (b->loc[a] >= 0 && b->loc[a] == b->loc[c])
                mdl_rel_add(&x->loc, a, c);
        }
    mdl_rel_transitive(&x->co, &x->co);
}

#endif
