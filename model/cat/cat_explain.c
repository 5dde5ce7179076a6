/* cat_explain.c — why the model accepts or rejects one execution, for
 * `litmuslab model --explain`: the checks with the relation each tests,
 * and a pair of a relation broken down into the steps that make it,
 * each step labelled with a relation the model (or herd) names.
 *
 * Nothing here runs during the search: cat_explain_eval evaluates the
 * whole plan once for the execution being explained, then the plan's
 * instructions are walked backwards from a check's slot. A step stops at
 * a relation with a name of its own (ppo, rfe, fr, prop...), unless that
 * name is only a union of other names (hb = ppo | fences | rfe), whose
 * members say more. */
#include <stdlib.h>
#include <string.h>

#include "model/cat/catint.h"

struct cat_explainer {
    cat_model *m;
    int *def;               /* per slot: instruction computing it, -1 */
    bool *fix_var;          /* per slot: a let rec variable */
    const char **name;      /* per slot: the name bound to it, or NULL */
    int *checks;            /* the free checks (USE_CHECK), file order */
    int n_checks;
};

static const char *const exec_rel_names[EXEC_N_RELS] = {
    "po", "rf", "co", "loc", "int", "addr", "data", "ctrl", "ctrlisync",
    "rmw", "pick-addr-dep", "pick-data-dep", "pick-ctrl-dep", "pick-ctrlisb",
    "%same-value", "rf-reg", "iico_data", "iico_ctrl", "same-instance",
};

static void name_slots(cat_explainer *e, const cat_env *env)
{
    for (; env; env = env->next) {
        const cat_val *v = env->val;
        if (!v || (v->kind != VAL_REL && v->kind != VAL_SET) ||
            v->slot < 0 || env->name[0] == '%' || e->name[v->slot])
            continue;
        e->name[v->slot] = env->name;
    }
}

cat_explainer *cat_explainer_new(cat_model *m)
{
    cat_explainer *e = ll_xcalloc(1, sizeof *e);
    size_t n = (size_t)m->n_slots + 1;
    e->m = m;
    e->def = ll_xmalloc(n * sizeof *e->def);
    e->fix_var = ll_xcalloc(n, sizeof *e->fix_var);
    e->name = ll_xcalloc(n, sizeof *e->name);
    for (int s = 0; s < m->n_slots; s++)
        e->def[s] = -1;
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op == PI_FIX)
            for (int v = 0; v < in->n_vars; v++)
                e->fix_var[in->vars[v]] = true;
        else
            e->def[in->dst] = i;
    }
    name_slots(e, m->env);
    name_slots(e, m->builtins);
    for (int s = 0; s < m->n_slots; s++)
        if (!e->name[s] && m->slots[s].src == SRC_EXEC_REL)
            e->name[s] = exec_rel_names[m->slots[s].index];
    e->checks = ll_xcalloc((size_t)m->n_free + 1, sizeof *e->checks);
    for (int k = 0; k < m->n_free; k++) {
        int c = m->top.items[k].index;
        if (m->checks[c].use == USE_CHECK)
            e->checks[e->n_checks++] = c;
    }
    return e;
}

void cat_explainer_free(cat_explainer *e)
{
    if (!e)
        return;
    free(e->def);
    free(e->fix_var);
    free(e->name);
    free(e->checks);
    free(e);
}

bool cat_explain_eval(cat_explainer *e, const cat_exec *x, ll_diag *d)
{
    return cat_eval_all(e->m, x, d);
}

int cat_explain_n_checks(const cat_explainer *e)
{
    return e->n_checks;
}

static const char *const kind_names[] = {"acyclic", "irreflexive", "empty"};

bool cat_explain_check(const cat_explainer *e, int i, cat_check_info *info)
{
    const cat_model *m = e->m;
    const cat_test *c = &m->checks[e->checks[i]];
    info->name = c->name;
    info->kind = kind_names[c->kind];
    info->negated = c->negated;
    info->holds = cat_test_holds(m, c);
    info->is_rel = c->slot >= 0 && m->slots[c->slot].is_rel;
    info->words = c->slot >= 0 ? m->ptr[c->slot] : NULL;
    return info->holds;
}

/* ---- breaking a pair down ---- */

typedef struct walk {
    const cat_explainer *e;
    cat_step *out;
    int n, max;
    int depth;
    char side;      /* 'e' or 'i' under `& ext` or `& int`, else 0 */
} walk;

static bool has(const cat_model *m, int slot, int a, int b)
{
    const uint64_t *w = m->ptr[slot];
    int W = (m->n + 63) / 64;
    if (!m->slots[slot].is_rel)
        return a == b && (w[a / 64] >> (a % 64) & 1);
    return w[(size_t)a * (size_t)W + (size_t)(b / 64)] >> (b % 64) & 1;
}

/* rf, co or fr under `& ext` (`& int`) is herd7's rfe, coe, fre (rfi,
 * coi, fri): the name the model's authors write, where the bare half
 * would say nothing of why the pair is there. */
static const char *sided(const walk *w, const char *label)
{
    static const char *const names[][3] = {
        {"rf", "rfe", "rfi"}, {"co", "coe", "coi"}, {"fr", "fre", "fri"},
    };
    for (size_t i = 0; w->side && label && i < 3; i++)
        if (!strcmp(label, names[i][0]))
            return names[i][w->side == 'e' ? 1 : 2];
    return label;
}

static void emit(walk *w, int a, int b, const char *label, bool inv)
{
    label = sided(w, label);
    if (w->n < w->max)
        w->out[w->n] = (cat_step){a, b, label ? label : "?", inv};
    w->n++;
}

/* A union whose members all have names (looking through unnamed
 * unions): its members explain better than its own name. */
static bool union_of_names(const cat_explainer *e, int slot, bool top)
{
    if (!top && e->name[slot])
        return true;
    int i = e->def[slot];
    if (i < 0 || e->fix_var[slot])
        return false;
    const cat_instr *in = &e->m->code[i];
    if (in->op == PI_REL_UNION)
        return union_of_names(e, in->a, false) &&
               union_of_names(e, in->b, false);
    if (in->op == PI_PLUS || in->op == PI_STAR || in->op == PI_OPT)
        return union_of_names(e, in->a, false);
    return false;
}

static void pair(walk *w, int slot, int a, int b, const char *label,
                 bool inv, bool top);

/* A product of sets, an identity or a complement: a filter on pairs. */
static bool is_filter(const cat_explainer *e, int slot)
{
    int i = e->def[slot];
    if (i < 0 || e->fix_var[slot] || e->name[slot])
        return false;
    int op = e->m->code[i].op;
    return op == PI_CART || op == PI_TOID || op == PI_REL_COMPL;
}

/* int, ext, loc or a filter: the half of an intersection that says where
 * a pair lies (same thread, other threads, same location), not why it is
 * there: never the step shown for it. */
static bool is_half(const cat_explainer *e, int slot)
{
    const char *n = e->name[slot];
    if (n)
        return !strcmp(n, "int") || !strcmp(n, "ext") || !strcmp(n, "loc");
    return is_filter(e, slot);
}

/* A path of `slot` from a to b (a may equal b only with an edge). */
static void path(walk *w, int slot, int a, int b, const char *label,
                 bool inv)
{
    const cat_model *m = w->e->m;
    mdl_rel r = {m->n, (m->n + 63) / 64, m->ptr[slot]};
    int *p = ll_xmalloc(((size_t)m->n + 2) * sizeof *p);
    int len = mdl_rel_path(&r, a, b, p);
    if (len == 0)
        emit(w, a, b, label, inv);      /* cannot happen: stay honest */
    for (int k = 0; k + 1 < len; k++) {
        int j = inv ? len - 2 - k : k;      /* walked backwards */
        pair(w, slot, p[j], p[j + 1], label, inv, false);
    }
    free(p);
}

static void pair(walk *w, int slot, int a, int b, const char *label,
                 bool inv, bool top)
{
    const cat_explainer *e = w->e;
    const cat_model *m = e->m;
    if (e->name[slot])
        label = e->name[slot];
    int i = e->def[slot];
    bool leaf = i < 0 || e->fix_var[slot] || w->depth > 64 ||
                (e->name[slot] && !union_of_names(e, slot, true) &&
                 !top && a != b);   /* a named self-loop says nothing */
    if (leaf) {
        emit(w, inv ? b : a, inv ? a : b, label, inv);
        return;
    }
    const cat_instr *in = &m->code[i];
    w->depth++;
    switch (in->op) {
    case PI_REL_UNION: {
        /* both sides may hold the pair: a named relation before an
         * unnamed one, anything before an int/ext half */
        bool in_a = has(m, in->a, a, b), in_b = has(m, in->b, a, b);
        int rank_a = is_half(e, in->a) ? 0 : e->name[in->a] ? 2 : 1;
        int rank_b = is_half(e, in->b) ? 0 : e->name[in->b] ? 2 : 1;
        pair(w, in_a && !(in_b && rank_b > rank_a) ? in->a : in->b, a, b,
             label, inv, false);
        break;
    }
    case PI_SEQ: {
        int c = 0;
        while (c < m->n && !(has(m, in->a, a, c) && has(m, in->b, c, b)))
            c++;
        if (c == m->n) {
            emit(w, inv ? b : a, inv ? a : b, label, inv);
            break;
        }
        /* under an inverse, the second half comes first */
        if (inv) {
            pair(w, in->b, c, b, label, inv, false);
            pair(w, in->a, a, c, label, inv, false);
        } else {
            pair(w, in->a, a, c, label, inv, false);
            pair(w, in->b, c, b, label, inv, false);
        }
        break;
    }
    case PI_PLUS:
        path(w, in->a, a, b, label, inv);
        break;
    case PI_STAR:
    case PI_OPT:
        if (a == b)
            break;              /* the identity part: no step */
        if (in->op == PI_STAR)
            path(w, in->a, a, b, label, inv);
        else
            pair(w, in->a, a, b, label, inv, false);
        break;
    case PI_INV:
        pair(w, in->a, b, a, label, !inv, false);
        break;
    case PI_RESTRICT_DOM:
        pair(w, in->b, a, b, label, inv, false);
        break;
    case PI_REL_INTER: {
        /* `r & (W * W)`, `(prop \ id) & int`: the relation, not the
         * filter or the int/ext half, says why; under `& ext`, rf is rfe */
        bool swap = is_half(e, in->a) && !is_half(e, in->b);
        int keep = swap ? in->b : in->a, half = swap ? in->a : in->b;
        char side = w->side;
        if (e->name[half] && !strcmp(e->name[half], "ext"))
            w->side = 'e';
        else if (e->name[half] && !strcmp(e->name[half], "int"))
            w->side = 'i';
        pair(w, keep, a, b, label, inv, false);
        w->side = side;
        break;
    }
    case PI_RESTRICT_RNG:
    case PI_REL_DIFF:
        pair(w, in->a, a, b, label, inv, false);
        break;
    case PI_TOID:
        break;
    default:
        emit(w, inv ? b : a, inv ? a : b, label, inv);
        break;
    }
    w->depth--;
}

int cat_explain_steps(const cat_explainer *e, int i, int a, int b,
                      cat_step *out, int max)
{
    const cat_test *c = &e->m->checks[e->checks[i]];
    if (c->slot < 0 || !has(e->m, c->slot, a, b))
        return 0;
    walk w = {e, out, 0, max, 0, 0};
    pair(&w, c->slot, a, b, c->name, false, true);
    return w.n;
}

static int named_slot(const cat_explainer *e, const char *name)
{
    const cat_model *m = e->m;
    const cat_env *lists[] = {m->env, m->builtins};
    for (int k = 0; k < 2; k++)
        for (const cat_env *env = lists[k]; env; env = env->next) {
            const cat_val *v = env->val;
            if (!strcmp(env->name, name) && v &&
                (v->kind == VAL_REL || v->kind == VAL_SET) && v->slot >= 0)
                return v->slot;
        }
    for (int s = 0; s < m->n_slots; s++)     /* po, rf... by their slot */
        if (e->name[s] && !strcmp(e->name[s], name))
            return s;
    return -1;
}

const uint64_t *cat_explain_named(const cat_explainer *e, const char *name,
                                  bool *is_rel)
{
    int s = named_slot(e, name);
    if (s < 0)
        return NULL;
    *is_rel = e->m->slots[s].is_rel;
    return e->m->ptr[s];
}

bool cat_explain_binds(const cat_explainer *e, const char *name)
{
    int s = named_slot(e, name);
    return s >= 0 && e->m->slots[s].is_rel;
}

int cat_explain_expand(const cat_explainer *e, const char *name, int a,
                       int b, cat_step *out, int max)
{
    int slot = named_slot(e, name);
    if (slot < 0 || !e->m->ptr[slot] || !e->m->slots[slot].is_rel ||
        !has(e->m, slot, a, b))
        return 0;
    walk w = {e, out, 0, max, 0, 0};
    pair(&w, slot, a, b, name, false, true);
    if (w.n == 1 && max >= 1) {
        /* a let rec variable (ppo's ii...) says no more than name */
        int sub = named_slot(e, out[0].label);
        if (sub >= 0 && e->fix_var[sub])
            return 0;
    }
    return w.n;
}
