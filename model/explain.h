/* explain.h — private to model/explain*.c (`model --explain`,
 * `--show-all`): one candidate execution as the explanations show it,
 * and the pieces the text, the graph and the per-execution files share.
 *
 *   explain.c       the target state, the search's calls, the report
 *   explain_view.c  events' names and the execution's relations as text
 *   explain_trace.c an accepted execution's trace; a rejected one's checks
 *   explain_dot.c   the Graphviz graph (and SVG through dot)
 *   explain_all.c   --show-all DIR: every accepted execution, an index */
#ifndef LITMUSLAB_MODEL_EXPLAIN_H
#define LITMUSLAB_MODEL_EXPLAIN_H

#include "model/engine.h"
#include "model/model_limits.h"

/* herd7's -show: which executions --show-all pictures, by the value of
 * the condition's proposition p. */
typedef enum ex_show {
    EX_SHOW_ALL, EX_SHOW_PROP, EX_SHOW_NEG, EX_SHOW_COND, EX_SHOW_WIT,
    EX_SHOW_NONE,
} ex_show;

/* A comma-separated list of relation names (-doshow, -unshow). */
typedef struct ex_names {
    int n;
    char **name;
} ex_names;

struct mdl_explain {
    cat_model *model;
    cat_explainer *cx;
    bool explain;              /* --explain / --explain-condition */
    ll_prop *prop;             /* the state asked for, or NULL: the
                                  condition's */
    ll_cond cond;              /* owns prop */
    char *dot_path;
    ex_names doshow, unshow;
    /* --show-all */
    char *all_dir;
    ex_show show;
    int nshow;                 /* 0: no limit */
    int n_all;                 /* files written */
    ll_buf index;              /* the index's lines for this test */
    ll_buf all_err;            /* the first failure writing them */
    bool per_test;             /* herd7's -o DIR: all in DIR/TEST.dot */
    char *suffix;              /* -suffix, or NULL */
    ll_buf per_dot;            /* per_test: the test's graphs so far */
    /* --explain */
    bool quick;                /* the first look: allowed ones only */
    bool found;                /* an accepted execution was drawn */
    int n_rejected;            /* candidates reaching it, rejected */
    int n_filtered;            /* candidates reaching it the test's
                                  filter drops (neither counted nor
                                  drawn: herd7 draws none) */
    int n_incoherent;          /* ... of which the search's coherence
                                  check rejects */
    ll_buf text, dot;          /* the accepted one's */
    ll_buf rejected, rej_dot;  /* the rejected ones (dot: the first) */
};

typedef struct view {
    const mdl_test *m;
    const cat_exec *x;
    const mdl_ev *ev;
    int n;
} view;

/* explain_view.c */
bool ex_shown(const view *v, int i);
void ex_name(const view *v, int i, ll_buf *b);          /* `a`, `init x` */
void ex_what(const view *v, int i, ll_buf *b);          /* `W x=1` */
void ex_full(const view *v, int i, ll_buf *b);          /* `P0: a: W x=1` */
void ex_describe(const view *v, ll_buf *b);

/* The relations every graph and description shows, with their DOT
 * style: po and co as neighbours only, fr derived. own[] is freed by
 * ex_free_shown. */
typedef struct shown_rel {
    const char *name;
    const mdl_rel *rel;
    const char *style;
} shown_rel;
enum { EX_N_SHOWN = 8 };
void ex_shown_rels(const view *v, mdl_rel own[3], shown_rel *out);
void ex_free_shown(mdl_rel own[3]);
/* The execution's own relations and herd's names for their parts (rfe,
 * po-loc...): what every graph draws already. */
bool ex_base_name(const char *label);
/* po | rf | co | fr per location: the coherence the search checks. */
void ex_coherence(const view *v, mdl_rel *out);

/* explain_trace.c */
/* The model's order (a union of its acyclic checks' relations, see the
 * file); keep[i]: check i's relation is in it. */
void ex_model_order(mdl_explain *ex, const view *v, mdl_rel *order,
                    bool *keep);
void ex_trace(mdl_explain *ex, const view *v, ll_buf *b);
/* The checks a rejected execution fails, each with its cycle or pair;
 * the first one's steps drawn in d when d is not NULL. */
void ex_failures(mdl_explain *ex, const view *v, bool incoherent,
                 ll_buf *b, ll_buf *d);
void ex_put_steps(const view *v, const cat_step *s, int n, ll_buf *b);

/* explain_dot.c */
void ex_dot_begin(mdl_explain *ex, const view *v, const char *title,
                  ll_buf *d);
/* A check's steps: its cycle (witness, bold), or one of them one level
 * down (dashed). */
void ex_dot_steps(mdl_explain *ex, ll_buf *d, const cat_step *s, int n,
                  bool witness);
/* An accepted execution's extras: the model's order as named steps, and
 * the -doshow relations. */
void ex_dot_order(mdl_explain *ex, const view *v, ll_buf *d);
void ex_dot_doshow(mdl_explain *ex, const view *v, ll_buf *d);
/* Write the graph to path, and path's .svg when Graphviz's dot runs;
 * false with a line in err when the file cannot be written. */
bool ex_write_graph(const char *path, const ll_buf *dot, ll_buf *err);

/* explain_all.c */
void ex_all_candidate(mdl_explain *ex, const view *v, const sem_val *vals,
                      bool holds);
void ex_all_finish(mdl_explain *ex, const mdl_test *m, ll_buf *err);

#endif
