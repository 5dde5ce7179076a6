/* builtins.c — the names every model can use without defining them:
 * the engine's sets and relations, the relations herd derives from them
 * (po-loc, ext, rfe, fr, ...), the primitives domain and range, and the
 * tag sets the test's architecture declares (SYNC, MFENCE, ...: their
 * names are bound when an execution is evaluated). Each is compiled on
 * first use only. Fence relations (sync, mfence, ...) are not built in:
 * as in herd7 they come from model/cats/<arch>fences.cat.
 *
 * Definitions follow herd7's interpreter: `int` relates events of the
 * same thread, and the initial writes to each other (herd puts them all
 * in one pseudo-thread), so every pair of an initial write with a thread
 * event is external; W includes the initial writes.
 *
 * co, coi, coe, fr, fri and fre are not built in, as in herd7: a model
 * binds them (`with co from`, cos-opt.cat), else naming them is an
 * unbound name. The engine's co is %co, which `with co from` (choose_co),
 * FW, co0 and pco read. */
#include <ctype.h>
#include <string.h>

#include "model/cat/catint.h"

static const struct {
    const char *name;
    int field;
} exec_sets[] = {
    {"R", EXEC_SET_R}, {"%W", EXEC_SET_W}, {"F", EXEC_SET_F},
    {"IW", EXEC_SET_IW}, {"B", EXEC_SET_B}, {"%obs", EXEC_SET_OBS},
};

static const struct {
    const char *name;
    int field;
} exec_rels[] = {
    {"po", EXEC_REL_PO}, {"rf", EXEC_REL_RF}, {"%co", EXEC_REL_CO},
    {"loc", EXEC_REL_LOC}, {"%thread", EXEC_REL_THREAD},
    {"addr", EXEC_REL_ADDR}, {"data", EXEC_REL_DATA},
    {"ctrl", EXEC_REL_CTRL}, {"ctrlisync", EXEC_REL_CTRLISYNC},
    {"ctrlisb", EXEC_REL_CTRLISYNC}, {"rmw", EXEC_REL_RMW},
    {"pick-addr-dep", EXEC_REL_PADDR}, {"pick-data-dep", EXEC_REL_PDATA},
    {"pick-ctrl-dep", EXEC_REL_PCTRL}, {"pick-ctrlisb", EXEC_REL_PCTRLISYNC},
    {"%same-value", EXEC_REL_SAMEVAL},
    /* herd7's register events (the engine makes them only for a model
     * that names these, cat_uses_regs): a register write to the reads
     * of that register it feeds, the data and control flow inside an
     * instruction, and the events of one executed instruction. */
    {"rf-reg", EXEC_REL_RFREG}, {"iico_data", EXEC_REL_IICO_DATA},
    {"iico_ctrl", EXEC_REL_IICO_CTRL}, {"same-instance", EXEC_REL_SAMEINST},
};

/* Derived names, in cat; they may use only built-in names. */
static const struct {
    const char *name;
    const char *def;
} derived[] = {
    {"W", "%W | IW"},
    {"M", "R | W"},
    /* herd7's final writes are those of the locations the final state
       shows only (a lock word no test shows has none: lock.cat's
       lock-final is then silent); a write followed in co by herd7's
       lock operations only (in co, not in W, where a model chooses co)
       is final still */
    {"FW", "(W \\ domain(%co ; [W])) & %obs"},
    {"emptyset", "domain(0)"},
    {"ext", "~int"},
    {"unv", "_ * _"},
    {"po-loc", "po & loc"},
    {"pos", "po & loc"},
    /* Mixed-size relations: without -variant mixed every access is one
     * event, so "same instance" and "same memory access" are the
     * identity on accesses, as herd7 7.58 has them then, but for
     * exclusive pairs (LDXP, STXP), which it makes one single-copy-atomic
     * access of two events (its sm and si both relate them): the
     * engine tags them SCA-LO and SCA-HI. */
    {"sm", "[M] | [SCA-LO]; same-instance; [SCA-HI] | "
           "([SCA-LO]; same-instance; [SCA-HI])^-1"},
    {"si", "sm"},
    /* herd7's two kinds of rmw: a pair of exclusives (load-reserve,
     * store-conditional: two instructions) and an atomic instruction's
     * read and write. iico_order: events of one instruction ordered
     * without a dependency, for herd7 7.58 the halves of one
     * architecture's acquire and release pairs and its swap's read and
     * write, which the engine tags IICO-LO and IICO-HI. */
    {"lxsx", "rmw \\ same-instance"},
    {"amo", "rmw & same-instance"},
    {"iico_order", "[IICO-LO]; same-instance; [IICO-HI]"},
    {"rfe", "rf & ext"},
    {"rfi", "rf & int"},
    /* Functions of herd's standard library, which herd includes in
     * every model. */
    {"fencerel", "fun S -> (po & (_ * S)) ; po"},
    {"ctrlcfence", "fun (c, S) -> (c & (_ * S)) ; po"},
    {"toid", "fun S -> [S]"},
    {"imply", "fun (A, B) -> ~A | B"},
    {"nodetour", "fun (R1, R2, R3) -> R1 \\ (R2 ; R3)"},
    {"singlestep", "fun R -> R \\ (R ; R)"},
    /* herd7's primitive: the pairs of r whose events' values differ
     * (an event without a value differs from every other). */
    {"different-values", "fun r -> r \\ %same-value"},
    /* co0: initial writes first, final writes last. herd computes pco,
     * the coherence its observations force, for cos.cat; here the
     * engine's co, which extends it, stands for it. */
    {"co0", "loc & ((IW * (W \\ IW)) | ((W \\ FW) * FW))"},
    {"pco", "%co"},
    /* More of herd7's standard library (its stdlib.cat; map is dyn.c's). */
    {"udr", "fun r -> domain(r) | range(r)"},
    /* herd7's primitives about virtual memory and memory tags: their
     * events (page-table entries, tag reads) are those of -variant vmsa
     * and memtag, which no test run here has, so they are empty. */
    {"oa-changes", "fun (S, r) -> domain(0)"},
    {"at-least-one-writable", "fun (S, r) -> domain(0)"},
    {"same-oa", "fun r -> 0"},
    {"same-low-order-bits", "0"},
    {"same-tag-loc", "0"},
    {"inv-domain", "0"},
    {"inv-scope", "0"},
};

static cat_val *remember(cat_model *m, const char *name, cat_val_kind kind,
                         int slot)
{
    cat_val *v = cat_alloc(&m->arena, sizeof *v);
    v->kind = kind;
    v->slot = slot;
    cat_env *e = cat_alloc(&m->arena, sizeof *e);
    e->name = cat_strndup(&m->arena, name, strlen(name));
    e->val = v;
    e->next = m->builtins;
    m->builtins = e;
    return v;
}

static int outside_slot(cat_model *m, bool is_rel, cat_src src, int index)
{
    int s = cat_new_slot(m, is_rel);
    m->slots[s].src = src;
    m->slots[s].index = index;
    return s;
}

static bool compile_derived(cat_model *m, const char *name, const char *def,
                            cat_val **out, ll_diag *d)
{
    ll_buf src = {0};
    ll_buf_printf(&src, "let %s = %s", name, def);
    cat_file_ast ast;
    bool ok = cat_parse(ll_buf_str(&src), "<built-in>", &m->arena, &ast, d);
    ll_buf_free(&src);
    if (!ok)
        return false;
    /* Built-ins see only built-ins, whatever the model has rebound;
     * the engine's tags they name (SCA-LO, SCA-HI, IICO-LO, IICO-HI:
     * one architecture's pairs and swaps) are empty where an
     * architecture has none, as herd7's sm is then [M]. */
    cat_req **req = m->req;
    m->req = NULL;
    bool compiled = cat_compile_expr(m, NULL, ast.stmts->binds[0].e, out, d);
    m->req = req;
    if (!compiled)
        return false;
    cat_val *v = remember(m, name, (*out)->kind, (*out)->slot);
    *v = **out;
    *out = v;
    return true;
}

static bool builtin_int(cat_model *m, cat_val **out, ll_diag *d)
{
    cat_val *thread, *iw;
    if (!cat_builtin(m, NULL, "%thread", &thread, d) ||
        !cat_builtin(m, NULL, "IW", &iw, d))
        return false;
    *out = remember(m, "int", VAL_REL,
                    cat_emit(m, PI_INT, thread->slot, iw->slot, true));
    return true;
}

static bool looks_like_tag(const char *name)
{
    return isupper((unsigned char)name[0]);
}

/* Sets herd7 7.58 binds for every architecture (empty but on the
 * tests of the one that has them): a model naming them runs on any
 * test. */
static bool every_arch(const char *name)
{
    static const char *const names[] = {
        "T", "FAULT", "TLBI", "EXC-ENTRY", "EXC-RET", "SPURIOUS",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return true;
    return false;
}

static cat_tag_ref *new_tag_ref(cat_model *m)
{
    ll_grow((void **)&m->tag_refs, &m->cap_tag_refs, m->n_tag_refs + 1,
            sizeof *m->tag_refs);
    cat_tag_ref *t = &m->tag_refs[m->n_tag_refs];
    memset(t, 0, sizeof *t);
    return t;
}

static int tag_slot(cat_model *m, const cat_expr *at, const char *name)
{
    cat_tag_ref *t = new_tag_ref(m);
    t->name = cat_strndup(&m->arena, name, strlen(name));
    t->file = at ? at->file : "<built-in>";
    t->line = at ? at->line : 0;
    t->col = at ? at->col : 0;
    t->known = cat_known_enum_tag(m, name) || every_arch(name);
    return outside_slot(m, false, SRC_TAG, m->n_tag_refs++);
}

int cat_maybe_tag_slot(cat_model *m, const cat_expr *at, const char *name)
{
    int s = tag_slot(m, at, name);
    m->tag_refs[m->slots[s].index].known = true;
    return s;
}

int cat_try_slot(cat_model *m, const cat_try *try)
{
    cat_tag_ref *t = new_tag_ref(m);
    t->name = "(try)";      /* no event set is named so */
    t->file = "<built-in>";
    t->cond = try;
    return outside_slot(m, false, SRC_TAG, m->n_tag_refs++);
}

void cat_need(cat_model *m, int ref, const cat_try *t, const cat_expr *at)
{
    if (!m->req || (ref >= 0 && m->tag_refs[ref].known))
        return;
    cat_req **end = m->req;     /* in order: the first absent is named */
    for (; *end; end = &(*end)->next)
        if ((*end)->ref == ref && (*end)->t == t)
            return;
    cat_req *r = cat_alloc(&m->arena, sizeof *r);
    r->ref = ref;
    r->t = t;
    r->at = at;
    *end = r;
}

/* A tag's set names it: a try around it may catch its absence. */
static void need_tag(cat_model *m, const cat_val *v, const cat_expr *at)
{
    if (v->kind == VAL_SET && m->slots[v->slot].src == SRC_TAG &&
        !m->tag_refs[m->slots[v->slot].index].cond)
        cat_need(m, m->slots[v->slot].index, NULL, at);
}

bool cat_builtin(cat_model *m, const cat_expr *at, const char *name,
                 cat_val **out, ll_diag *d)
{
    for (cat_env *b = m->builtins; b; b = b->next)
        if (strcmp(b->name, name) == 0) {
            *out = b->val;
            need_tag(m, *out, at);
            return true;
        }
    for (size_t i = 0; i < sizeof exec_sets / sizeof exec_sets[0]; i++)
        if (strcmp(exec_sets[i].name, name) == 0) {
            *out = remember(m, name, VAL_SET,
                            outside_slot(m, false, SRC_EXEC_SET,
                                         exec_sets[i].field));
            return true;
        }
    for (size_t i = 0; i < sizeof exec_rels / sizeof exec_rels[0]; i++)
        if (strcmp(exec_rels[i].name, name) == 0) {
            if (exec_rels[i].field == EXEC_REL_SAMEVAL)
                m->uses_values = true;
            if (exec_rels[i].field >= EXEC_REL_RFREG &&
                exec_rels[i].field <= EXEC_REL_IICO_CTRL)
                m->uses_regs = true;
            *out = remember(m, name, VAL_REL,
                            outside_slot(m, true, SRC_EXEC_REL,
                                         exec_rels[i].field));
            return true;
        }
    for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++)
        if (strcmp(derived[i].name, name) == 0)
            return compile_derived(m, name, derived[i].def, out, d);
    if (strcmp(name, "int") == 0)
        return builtin_int(m, out, d);
    if (strcmp(name, "id") == 0) {
        cat_val *v = remember(m, name, VAL_REL, cat_new_slot(m, true));
        m->slots[v->slot].konst = CONST_ID;
        *out = v;
        return true;
    }
    if (strcmp(name, "domain") == 0 || strcmp(name, "range") == 0) {
        cat_val *v = remember(m, name, VAL_FUN, -1);
        v->prim = name[0] == 'd' ? PRIM_DOMAIN : PRIM_RANGE;
        *out = v;
        return true;
    }
    if (looks_like_tag(name)) {
        *out = remember(m, name, VAL_SET, tag_slot(m, at, name));
        need_tag(m, *out, at);
        return true;
    }
    *out = NULL;
    return true;
}
