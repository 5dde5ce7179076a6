/* prepare.c — a test made ready for the search: location symbols with
 * their declared types and array lengths, locations with their initial
 * values, each thread's register slots (symbolic `%name` registers
 * included) with their types and initial values, and the places final
 * states show (the condition's and `locations`'). Every value a typed
 * location holds is a value of its type (herd7's default type: int); a
 * register's type only says how a final state shows it. */
#include "model/engine.h"
#include "model/word_values.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cache slot of a name's address: all its bits mixed (malloc's
 * alignment left the low ones to a few slots). */
static unsigned name_hash(const char *name)
{
    uint64_t h = (uint64_t)(uintptr_t)name * UINT64_C(0x9e3779b97f4a7c15);
    return (unsigned)(h >> 32) & (MDL_NAME_CACHE - 1);
}

int mdl_sym(mdl_test *m, const char *name)
{
    unsigned h = name_hash(name);
    if (m->sym_key[h] == name && !strcmp(m->syms[m->sym_val[h]], name))
        return m->sym_val[h];
    for (int i = 0; i < m->n_syms; i++)
        if (!strcmp(m->syms[i], name)) {
            m->sym_key[h] = name;
            m->sym_val[h] = i;
            return i;
        }
    ll_grow((void **)&m->syms, &m->cap_syms, m->n_syms + 1, sizeof *m->syms);
    m->decls = ll_xrealloc(m->decls, (size_t)m->cap_syms * sizeof *m->decls);
    m->syms[m->n_syms] = ll_xstrdup(name);
    ll_ctype_of(NULL, false, &m->decls[m->n_syms].type);
    m->decls[m->n_syms].n_elems = 0;
    return m->n_syms++;
}

bool mdl_dom_add(mdl_loc *l, sem_val v)
{
    mdl_ways none = {{0}, 1};
    return mdl_dom_add_prov(l, v, &none, MDL_ANY_WRITER);
}

/* The write sites of a way. */
static int sites(uint64_t w)
{
    int n = 0;
    for (; w; w &= w - 1)
        n++;
    return n;
}

/* Removes from a the ways that go through all the sites of w. */
static void drop_longer(mdl_ways *a, uint64_t w)
{
    int k = 0;
    for (int i = 0; i < a->n; i++)
        if ((a->w[i] & w) != w)
            a->w[k++] = a->w[i];
    a->n = k;
}

/* One more way (a set of write sites): nothing if a way it goes through
 * all of is known (that one is shorter), else it replaces the ways that
 * go through all of its sites. Past MDL_MAX_WAYS the two ways with the
 * most sites in common become one, those sites, until w fits: fewer
 * sites, fewer values left out, none an execution has. All of them
 * made one (the sites common to all, often none) let an RMW chain go
 * round its sites again, a value a round: g7_47 of gen_c seed 7 grew z
 * by 2 a round until the 20 s limit (issue 24). true if the ways
 * changed. */
bool mdl_ways_add(mdl_ways *a, uint64_t w)
{
    for (int i = 0; i < a->n; i++)
        if ((a->w[i] & w) == a->w[i])
            return false;
    drop_longer(a, w);
    while (a->n == MDL_MAX_WAYS) {
        int bi = 0, bj = -1, best = -1;     /* bj < 0: w itself */
        for (int i = 0; i < a->n; i++)
            for (int j = i + 1; j <= a->n; j++) {
                int c = sites(a->w[i] & (j < a->n ? a->w[j] : w));
                if (c > best) {
                    best = c;
                    bi = i;
                    bj = j < a->n ? j : -1;
                }
            }
        uint64_t m = a->w[bi] & (bj < 0 ? w : a->w[bj]);
        if (bj < 0) {
            w = m;
            a->w[bi] = a->w[--a->n];
        } else {
            a->w[bi] = m;
            a->w[bj] = a->w[--a->n];
            uint64_t keep = a->w[bi];
            a->w[bi] = a->w[--a->n];
            drop_longer(a, keep);
            if ((keep & w) == keep)
                w = keep;
            else
                a->w[a->n++] = keep;
        }
        drop_longer(a, w);
    }
    a->w[a->n++] = w;
    return true;
}

/* Adds ways to value i's ways by writers (mdl_loc.by); true if they
 * changed. */
static bool by_add(mdl_loc *l, int i, const mdl_ways *ways, uint64_t writers)
{
    int j = 0;
    while (j < l->by[i].n && l->by[i].e[j].writers != writers)
        j++;
    if (j == l->by[i].n) {
        l->by[i].e = ll_xrealloc(l->by[i].e,
                                 (size_t)(j + 1) * sizeof *l->by[i].e);
        l->by[i].e[j].writers = writers;
        l->by[i].e[j].ways.n = 0;
        l->by[i].n++;
    }
    bool changed = false;
    for (int k = 0; k < ways->n; k++)
        changed |= mdl_ways_add(&l->by[i].e[j].ways, ways->w[k]);
    return changed;
}

/* A value with the ways it was made and the threads that wrote it
 * (paths.c); a value made again adds its ways and writers, and a change
 * of them counts (true), as a new value does: a change of the ways of
 * one writer too, which a read of another thread's write takes alone
 * (mdl_loc.by). */
bool mdl_dom_add_prov(mdl_loc *l, sem_val v, const mdl_ways *ways,
                      uint64_t writers)
{
    for (int i = 0; i < l->n_dom; i++)
        if (sem_val_eq(l->dom[i], v)) {
            bool changed = (l->writers[i] | writers) != l->writers[i];
            l->writers[i] |= writers;
            for (int k = 0; k < ways->n; k++)
                changed |= mdl_ways_add(&l->prov[i], ways->w[k]);
            changed |= by_add(l, i, ways, writers);
            return changed;
        }
    ll_grow((void **)&l->dom, &l->cap_dom, l->n_dom + 1, sizeof *l->dom);
    ll_grow((void **)&l->prov, &l->cap_prov, l->n_dom + 1, sizeof *l->prov);
    ll_grow((void **)&l->writers, &l->cap_writers, l->n_dom + 1,
            sizeof *l->writers);
    ll_grow((void **)&l->by, &l->cap_by, l->n_dom + 1, sizeof *l->by);
    l->prov[l->n_dom] = *ways;
    l->writers[l->n_dom] = writers;
    if (l->n_dom == l->n_by) {
        l->by[l->n_by].e = NULL;
        l->n_by++;
    }
    l->by[l->n_dom].n = 0;
    by_add(l, l->n_dom, ways, writers);
    l->dom[l->n_dom++] = v;
    return true;
}

int mdl_loc_id(mdl_test *m, sem_val addr)
{
    if (addr.sym < 0)
        return -1;
    for (int i = 0; i < m->n_locs; i++)
        if (m->locs[i].sym == addr.sym && m->locs[i].off == addr.num)
            return i;
    ll_grow((void **)&m->locs, &m->cap_locs, m->n_locs + 1, sizeof *m->locs);
    mdl_loc *l = &m->locs[m->n_locs];
    memset(l, 0, sizeof *l);
    l->sym = addr.sym;
    l->off = addr.num;
    l->type = m->decls[addr.sym].type;
    l->init = sem_int(0);
    mdl_dom_add(l, l->init);
    return m->n_locs++;
}

int mdl_loc_at(mdl_test *m, sem_val addr, char *why, size_t size)
{
    *why = '\0';
    if (addr.sym < 0)
        return -1;
    const mdl_decl *d = &m->decls[addr.sym];
    const char *name = m->syms[addr.sym];
    int64_t esize = d->type.size, off = addr.num;
    int64_t n = d->n_elems > 0 ? d->n_elems : 1;
    if (off >= 0 && off < n * esize && off % esize == 0)
        return mdl_loc_id(m, addr);
    bool inside = off > 0 && off < n * esize;
    if (d->n_elems > 0)
        snprintf(why, size,
                 inside ? "mixed-size access to %s+%lld, between elements "
                          "of %s (%lld bytes each)"
                        : "access to %s%+lld, outside %s (%lld elements)",
                 name, (long long)off, name,
                 (long long)(inside ? esize : n));
    else
        snprintf(why, size,
                 inside ? "mixed-size access to %s+%lld, inside %s (%lld "
                          "bytes)"
                        : "access to %s%+lld, outside %s (%lld bytes)",
                 name, (long long)off, name, (long long)esize);
    return -1;
}

sem_val mdl_obs_value(const mdl_obs *o, sem_val v)
{
    if (v.sym != -1)
        return v;
    return sem_extend(v, o->type.size, o->type.is_signed);
}

/* herd7 holds a value as a signed integer of the architecture's word
 * (a location's initial value as its type's bits: convert_initial_values;
 * what a store writes whole: sem_store). A W register loaded with
 * 0xffffffff is 0xffffffff, shown -1 at type int, and follows 1 in
 * herd7's order. C's values are as shown. */
sem_val mdl_obs_raw(const mdl_test *m, int k, sem_val v)
{
    if (v.sym != -1)
        return v;
    if (!m->word)
        return mdl_obs_value(&m->obs[k], v);
    return sem_extend(v, m->word, true);
}

void mdl_state_to_ll(const mdl_test *m, const sem_val *vals, int n,
                     ll_state *out)
{
    for (int k = 0; k < n; k++) {
        ll_value v;
        mdl_value_to_ll(m, mdl_obs_value(&m->obs[k], vals[k]), &v);
        ll_state_set(out, &m->obs[k].loc, &v);
        free(v.sym);
    }
}

static int thread_index(const mdl_test *m, int proc);
static bool set_error(mdl_test *m, ll_pos pos, const char *msg,
                      const char *what);

/* herd7's code label value, as the reader keeps it: `label:"P0:L0"`. */
static bool is_code_label(const ll_value *v)
{
    return v->is_sym && strncmp(v->sym, "label:\"P", 8) == 0;
}

/* The statement of thread th that code label v names, or -1. */
static int code_label_stmt(const mdl_test *m, int th, const ll_value *v)
{
    const char *name = strchr(v->sym + 8, ':') + 1;
    size_t n = strlen(name) - 1;    /* the closing quote */
    const ll_thread *t = m->threads[th].code;
    for (int i = 0; i < t->n_stmts; i++)
        if (t->stmts[i].label && strlen(t->stmts[i].label) == n &&
            !strncmp(t->stmts[i].label, name, n))
            return i;
    return -1;
}

/* A code label given to a register of its own thread, which the
 * architecture gives an address: checked here, resolved by from_ll. */
static bool check_code_label(mdl_test *m, const ll_init *in)
{
    if (!in->has_value || !is_code_label(&in->value))
        return true;
    const char *sym = in->value.sym;
    if (!m->ops->code_labels)
        return set_error(m, in->pos, "a code label as a value is not "
                         "supported on this architecture: ", sym);
    if (in->loc.proc < 0)
        return set_error(m, in->pos, "a code label in a memory location "
                         "is not supported: ", sym);
    /* another thread's label is a value too; a jump there ends the
       thread, as in herd7 (sem_code_stmt) */
    int th = thread_index(m, atoi(sym + 8));
    if (th < 0 || code_label_stmt(m, th, &in->value) < 0)
        return set_error(m, in->pos, "no such label in the thread: ", sym);
    return true;
}

/* herd7 7.58 (and litmus7) read `x[2]` as a value of the init block as
 * the address x+2, two bytes into x: of a uint16_t array its element 1,
 * of an int array no element, which herd7 refuses as a mixed-size test
 * ("mixed-size test rejected (symbol [x+2])"), and so does the model. In
 * a condition `x[2]` is the element. */
static bool check_element_value(mdl_test *m, const ll_init *in)
{
    if (!in->has_value || !in->value.is_sym || is_code_label(&in->value))
        return true;
    const char *open = strchr(in->value.sym, '[');
    if (!open)
        return true;
    char *name = ll_xstrndup(in->value.sym, (size_t)(open - in->value.sym));
    int sym = mdl_sym(m, name);
    free(name);
    int64_t k = strtoll(open + 1, NULL, 10), size = m->decls[sym].type.size;
    if (size <= 0 || k % size == 0)
        return true;
    ll_diag_set(&m->diag, in->pos.line, in->pos.col,
                "%s is the address %.*s+%lld, between elements of %d "
                "bytes (herd7 reads x[i] in the init block as x+i bytes): "
                "a mixed-size test, which herd7 7.58 refuses",
                in->value.sym, (int)(open - in->value.sym), in->value.sym,
                (long long)k, (int)size);
    m->failed = true;
    return false;
}

/* A value of the init block: a number, a location's address, or (`x[2]`)
 * the address x+2 (check_element_value); a code label
 * (checked by check_code_label) is the symbol of its name, as ADR's
 * value (sem_code_label). */
static sem_val from_ll(mdl_test *m, const ll_value *v)
{
    if (!v->is_sym)
        return sem_int(v->num);
    const char *open = strchr(v->sym, '[');
    if (!open) {
        sem_val a = {0, mdl_sym(m, v->sym)};
        return a;
    }
    char *name = ll_xstrndup(v->sym, (size_t)(open - v->sym));
    sem_val a = {0, mdl_sym(m, name)};
    free(name);
    a.num = strtoll(open + 1, NULL, 10);
    return a;
}

void mdl_value_to_ll(const mdl_test *m, sem_val v, ll_value *out)
{
    memset(out, 0, sizeof *out);
    if (v.sym == MDL_SYM_UNDETERMINED) {
        ll_buf b = {0};
        ll_buf_printf(&b, "S%lld", (long long)v.num);
        out->is_sym = out->undet = true;
        out->sym = b.data;
        return;
    }
    if (v.sym < 0) {
        out->num = v.num;
        return;
    }
    out->is_sym = true;
    if (v.num == 0) {
        out->sym = ll_xstrdup(m->syms[v.sym]);
    } else {
        ll_buf b = {0};
        ll_buf_printf(&b, "%s+%lld", m->syms[v.sym], (long long)v.num);
        out->sym = b.data;
    }
}

static int thread_index(const mdl_test *m, int proc)
{
    for (int i = 0; i < m->n_threads; i++)
        if (m->threads[i].code->proc == proc)
            return i;
    return -1;
}

/* Symbolic registers are operands whose register id has no slot. */
static bool is_symreg(const sem_ops *ops, int reg, const char *sym)
{
    return sym && reg >= 0 && ops->reg_slot(reg) < 0;
}

static void code_slots_free(mdl_thread *t)
{
    if (t->code_slots)
        free(t->code_slots->e);
    free(t->code_slots);
    t->code_slots = NULL;
}

static int slot_by_name(const mdl_test *m, mdl_thread *t, int reg,
                        const char *name);

/* The code's operands with a name, each with its slot as mdl_thread_slot
 * finds it (-1 none), in a table open-addressed by the name's address
 * and the register (mdl_code_slot_of): an operand's name is looked up at
 * every instruction run (15 million lookups for g21392000_168, whose
 * name checks by strcmp took a fifth of its time). */
static void code_slots_build(const mdl_test *m, mdl_thread *t)
{
    const ll_thread *code = t->code;
    unsigned n = 0, size = 16;
    for (int i = 0; i < code->n_stmts; i++)
        for (int k = 0; code->stmts[i].has_instr &&
                        k < code->stmts[i].instr.n_ops; k++)
            n += code->stmts[i].instr.ops[k].sym != NULL;
    while (size < 2 * n)
        size *= 2;
    mdl_code_slots *cs = ll_xmalloc(sizeof *cs);
    cs->mask = size - 1;
    cs->e = ll_xcalloc(size, sizeof *cs->e);
    for (int i = 0; i < code->n_stmts; i++)
        for (int k = 0; code->stmts[i].has_instr &&
                        k < code->stmts[i].instr.n_ops; k++) {
            const ll_operand *o = &code->stmts[i].instr.ops[k];
            if (!o->sym)
                continue;
            unsigned h = mdl_code_slot_hash(o->sym, o->reg) & cs->mask;
            while (cs->e[h].key &&
                   !(cs->e[h].key == o->sym && cs->e[h].reg == o->reg))
                h = (h + 1) & cs->mask;
            if (cs->e[h].key)
                continue;
            cs->e[h] = (mdl_code_slot){o->sym, &o->sym, o->reg,
                                       slot_by_name(m, t, o->reg, o->sym)};
        }
    t->code_slots = cs;
}

static int symreg_slot(mdl_thread *t, const sem_ops *ops, const char *name,
                       bool add)
{
    const char *key = name;
    if (*name == '%')
        name++;
    unsigned h = name_hash(key);
    if (t->slot_key[h] == key &&
        !strcmp(t->symregs[t->slot_val[h] - ops->n_regs], name))
        return t->slot_val[h];
    for (int i = 0; i < t->n_symregs; i++)
        if (!strcmp(t->symregs[i], name)) {
            t->slot_key[h] = key;
            t->slot_val[h] = ops->n_regs + i;
            return ops->n_regs + i;
        }
    if (!add)
        return -1;
    code_slots_free(t);     /* a name that had none has one now */
    t->symregs = ll_xrealloc(t->symregs,
                             (size_t)(t->n_symregs + 1) * sizeof *t->symregs);
    t->symregs[t->n_symregs] = ll_xstrdup(name);
    return ops->n_regs + t->n_symregs++;
}

int mdl_thread_slot(const mdl_test *m, int th, int reg, const char *name)
{
    mdl_thread *t = &m->threads[th];
    int s;
    if (name && !t->code_slots)
        code_slots_build(m, t);
    if (name && mdl_code_slot_of(t->code_slots, reg, name, &s))
        return s;
    return slot_by_name(m, t, reg, name);
}

static int slot_by_name(const mdl_test *m, mdl_thread *t, int reg,
                        const char *name)
{
    if (name && *name == '%')
        return symreg_slot(t, m->ops, name, false);
    int s = reg >= 0 ? m->ops->reg_slot(reg) : -1;
    if (s < 0 && name)
        s = symreg_slot(t, m->ops, name, false);
    return s;
}

static void scan_symregs(mdl_test *m, mdl_thread *t)
{
    for (int i = 0; i < t->code->n_stmts; i++) {
        const ll_stmt *s = &t->code->stmts[i];
        if (!s->has_instr)
            continue;
        for (int k = 0; k < s->instr.n_ops; k++) {
            const ll_operand *o = &s->instr.ops[k];
            if ((o->kind == LL_OPND_REG || o->kind == LL_OPND_MEM) &&
                is_symreg(m->ops, o->reg, o->sym))
                symreg_slot(t, m->ops, o->sym, true);
        }
    }
}

static bool set_error(mdl_test *m, ll_pos pos, const char *msg,
                      const char *what)
{
    ll_diag_set(&m->diag, pos.line, pos.col, "%s%s", msg, what ? what : "");
    m->failed = true;
    return false;
}

/* herd7 7.58 ignores a type it does not know on a register (its A73,
 * `unit64_t 0:X1=1`): the register keeps the default type; on a
 * location it is refused. */
static bool check_type(mdl_test *m, const ll_init *in, ll_ctype *out)
{
    if (ll_ctype_of(in->type, in->pointer, out))
        return true;
    if (in->loc.proc >= 0 && !in->pointer)
        return ll_ctype_of(NULL, false, out);
    return set_error(m, in->pos, "unsupported type: ", in->type);
}

/* A slot past the thread's known ones: a symbolic register only the init
 * block names. */
static void add_slot(mdl_thread *t, int slot)
{
    if (slot < t->n_slots)
        return;
    t->init = ll_xrealloc(t->init, (size_t)(slot + 1) * sizeof *t->init);
    t->types = ll_xrealloc(t->types, (size_t)(slot + 1) * sizeof *t->types);
    for (int s = t->n_slots; s <= slot; s++) {
        memset(&t->init[s], 0, sizeof *t->init);
        t->init[s].v = sem_int(0);
        ll_ctype_of(NULL, false, &t->types[s]);
    }
    t->n_slots = slot + 1;
}

static void init_slot(mdl_test *m, mdl_thread *t, int slot, const ll_init *in,
                      const ll_ctype *type)
{
    add_slot(t, slot);
    if (in->type || in->pointer)
        t->types[slot] = *type;
    if (in->has_value)
        t->init[slot].v = from_ll(m, &in->value);
}

/* A register named as herd7 does not read it (sem_ops.reg_name_why):
 * the test is refused there. */
static bool reg_name_read(mdl_test *m, const ll_loc *loc, ll_pos pos)
{
    const char *name = loc->spelled ? loc->spelled : loc->name;
    const char *why = m->ops->reg_name_why && name
                          ? m->ops->reg_name_why(m->test, name)
                          : NULL;
    if (!why)
        return true;
    ll_diag_set(&m->diag, pos.line, pos.col,
                "herd7 7.58 does not read '%s' as a register (%s), so the "
                "model refuses the test", name, why);
    return false;
}

static bool init_register(mdl_test *m, const ll_init *in,
                          const ll_ctype *type)
{
    if (!reg_name_read(m, &in->loc, in->pos))
        return false;
    int th = thread_index(m, in->loc.proc);
    if (th < 0)
        return set_error(m, in->pos, "init of a register of no thread: ",
                         in->loc.name);
    mdl_thread *t = &m->threads[th];
    int slot;
    if (in->loc.name[0] == '%')
        slot = symreg_slot(t, m->ops, in->loc.name, true);
    else
        slot = in->loc.reg >= 0 ? m->ops->reg_slot(in->loc.reg) : -1;
    if (slot < 0 && m->ops->named_registers)
        slot = symreg_slot(t, m->ops, in->loc.name, true);
    if (slot < 0 && in->loc.reg >= 0)   /* a slot by name (LISA's r128) */
        slot = symreg_slot(t, m->ops, in->loc.name, true);
    if (slot < 0)
        return set_error(m, in->pos, "unknown register: ", in->loc.name);
    init_slot(m, t, slot, in, type);
    return true;
}

/* `%x0=x;` with no thread: every thread that names %x0 starts with it. */
static void init_symreg(mdl_test *m, const ll_init *in, const ll_ctype *type)
{
    for (int th = 0; th < m->n_threads; th++) {
        mdl_thread *t = &m->threads[th];
        int slot = symreg_slot(t, m->ops, in->loc.name, false);
        if (slot >= 0)
            init_slot(m, t, slot, in, type);
    }
}

/* The declared type and length of a memory symbol; a later declaration
 * of the same symbol wins, as a later initial value does. */
static void declare_memory(mdl_test *m, const ll_init *in,
                           const ll_ctype *type)
{
    int sym = mdl_sym(m, in->loc.name);
    mdl_decl *d = &m->decls[sym];
    if (in->type || in->pointer)
        d->type = *type;
    if (in->array_len > 0)
        d->n_elems = in->array_len;
}

static void init_memory(mdl_test *m, const ll_init *in)
{
    sem_val base = {0, mdl_sym(m, in->loc.name)};
    int64_t esize = m->decls[base.sym].type.size;
    if (in->array_len > 0) {
        for (int i = 0; i < in->array_len; i++) {
            base.num = i * esize;
            int id = mdl_loc_id(m, base);
            if (i < in->n_array_vals) {
                m->locs[id].init = from_ll(m, &in->array_vals[i]);
                m->locs[id].n_dom = 0;
            }
        }
        return;
    }
    base.num = in->loc.index > 0 ? in->loc.index * esize : 0;
    int id = mdl_loc_id(m, base);
    if (in->has_value) {
        m->locs[id].init = from_ll(m, &in->value);
        m->locs[id].n_dom = 0;
    }
}

/* Initial values of locations as values of their types. A register
 * keeps its initial value whole, as herd7 7.58 does: its type (int by
 * default) only says how a final state shows it, so `0:X0=0x100000001`
 * stores 4294967297 to an int64_t location. */
static void convert_initial_values(mdl_test *m)
{
    for (int i = 0; i < m->n_locs; i++) {
        mdl_loc *l = &m->locs[i];
        /* herd7 holds an assembly location's initial value as its
           type's bits (an int of -1 is 0xffffffff) */
        if (m->word)
            l->init = sem_extend(sem_extend(l->init, l->type.size, false),
                                 m->word, true);
        else
            l->init = sem_extend(l->init, l->type.size, l->type.is_signed);
        l->n_dom = 0;
        mdl_dom_add(l, l->init);
    }
}

static bool same_place(const ll_loc *a, const ll_loc *b)
{
    return ll_loc_cmp(a, b) == 0;
}

static bool add_obs(mdl_test *m, const ll_loc *loc, ll_pos pos)
{
    for (int i = 0; i < m->n_obs; i++)
        if (same_place(&m->obs[i].loc, loc)) {
            m->obs[i].alone = true;
            return true;
        }
    mdl_obs o = {.alone = true};
    o.loc.proc = loc->proc;
    o.loc.name = ll_xstrdup(loc->name);
    o.loc.reg = loc->reg;
    o.loc.index = loc->index;
    o.proc = -1;
    o.slot = -1;
    o.mem = -1;
    o.reg = loc->reg;
    ll_ctype_of(NULL, false, &o.type);
    if (loc->proc >= 0 && !reg_name_read(m, loc, pos)) {
        free(o.loc.name);
        return false;
    }
    if (loc->proc >= 0) {
        o.proc = thread_index(m, loc->proc);
        if (o.proc >= 0)
            o.slot = mdl_thread_slot(m, o.proc, loc->reg, loc->name);
        /* herd7's C shows a local the code never reads or sets, declared
           or not (`int r3;`, `exists (0:r3=0)`), as 0 */
        if (o.slot < 0 && o.proc >= 0 && loc->name &&
            loc->name[0] != '%' && (m->ops->named_registers ||
                                    loc->reg >= 0)) {   /* LISA's r128 */
            mdl_thread *t = &m->threads[o.proc];
            o.slot = symreg_slot(t, m->ops, loc->name, true);
            add_slot(t, o.slot);
        }
        if (o.slot < 0) {
            free(o.loc.name);
            return set_error(m, pos, "unknown register in condition: ",
                             loc->name);
        }
        if (o.slot >= m->ops->n_regs)
            o.reg = -1;     /* symbolic: read its slot directly */
        if (m->ops->named_registers)
            o.loc.reg = LL_REG_NAMED;
        o.type = m->threads[o.proc].types[o.slot];
    } else {
        int sym = mdl_sym(m, loc->name);
        const mdl_decl *d = &m->decls[sym];
        int index = loc->index > 0 ? loc->index : 0;
        if (loc->index < 0 && d->n_elems > 1) {
            /* herd7 7.58 compares the array whole (x={1,2} equals no
               number); the model shows it whole (x={7,8}, locations
               [x]: mdl_state_wholes) but compares elements only */
            free(o.loc.name);
            return set_error(m, pos, "a whole array compared with a "
                             "number (herd7 compares {...}) is not "
                             "supported; name its elements: ", loc->name);
        }
        if (index > 0 && d->n_elems == 0) {
            free(o.loc.name);
            return set_error(m, pos, "not an array: ", loc->name);
        }
        if (d->n_elems > 0 && index >= d->n_elems) {
            free(o.loc.name);
            return set_error(m, pos, "element past the end of array ",
                             loc->name);
        }
        sem_val a = {(int64_t)index * d->type.size, sym};
        o.mem = mdl_loc_id(m, a);
        if (o.mem >= 0)
            o.type = m->locs[o.mem].type;
    }
    m->obs = ll_xrealloc(m->obs, (size_t)(m->n_obs + 1) * sizeof *m->obs);
    m->obs[m->n_obs++] = o;
    return true;
}

/* The type of a place the condition reads (ll_prop_cut). */
static bool obs_type(const void *ctx, const ll_loc *loc, ll_ctype *out)
{
    const mdl_test *m = ctx;
    for (int i = 0; i < m->n_obs; i++)
        if (same_place(&m->obs[i].loc, loc)) {
            *out = m->obs[i].type;
            return true;
        }
    return false;
}

/* herd7 compares a place with a constant cut to the place's type
 * (`exists (0:X0=4294967295)` holds for an int X0 showing -1); C's
 * values are as shown already. */
static ll_prop *cast_prop(mdl_test *m, ll_prop *p)
{
    if (m->word)
        ll_prop_cut(p, obs_type, m);
    return p;
}

/* Every element of array `name`, shown whole (mdl_state_wholes). */
static bool add_whole(mdl_test *m, const char *name, ll_pos pos)
{
    int sym = mdl_sym(m, name);                 /* may move m->decls */
    const mdl_decl *d = &m->decls[sym];
    for (int i = 0; i < d->n_elems; i++) {
        ll_loc l = {.proc = -1, .name = (char *)name, .reg = -1, .index = i};
        int k = 0;
        while (k < m->n_obs && !same_place(&m->obs[k].loc, &l))
            k++;
        if (k == m->n_obs) {
            if (!add_obs(m, &l, pos))
                return false;
            m->obs[k].alone = false;
        }
        m->obs[k].whole = true;
    }
    return true;
}

/* `z=1` where z is an array: herd7 7.58 compares the whole array,
 * {1,2}, with the number, which never holds, and shows z whole. */
static bool scalar_on_array(const mdl_test *m, const ll_prop *p)
{
    if (p->kind != LL_PROP_ATOM || p->whole || p->place ||
        p->loc.proc >= 0 || p->loc.index >= 0 || p->loc.name[0] == '%')
        return false;
    for (int i = 0; i < m->n_syms; i++)
        if (!strcmp(m->syms[i], p->loc.name))
            return m->decls[i].n_elems > 1;
    return false;
}

/* The condition or filter as the model evaluates it: scalar_on_array's
 * atoms false. */
static ll_prop *false_on_arrays(const mdl_test *m, ll_prop *p)
{
    if (!p)
        return NULL;
    if (scalar_on_array(m, p)) {
        p->kind = LL_PROP_FALSE;      /* ll_prop_free frees loc, value */
        return p;
    }
    false_on_arrays(m, p->lhs);
    false_on_arrays(m, p->rhs);
    return p;
}

static bool obs_from_prop(mdl_test *m, const ll_prop *p)
{
    if (!p)
        return true;
    if (p->kind == LL_PROP_ATOM && p->whole)    /* x={7,8}: x[0] adds all */
        return p->loc.index > 0 || add_whole(m, p->loc.name, p->pos);
    if (scalar_on_array(m, p))
        return add_whole(m, p->loc.name, p->pos);
    if (p->kind == LL_PROP_ATOM)
        return add_obs(m, &p->loc, p->pos) &&
               (!p->place || add_obs(m, p->place, p->pos));
    return obs_from_prop(m, p->lhs) && obs_from_prop(m, p->rhs);
}

/* The types the init block declares: memory symbols' first, so that
 * every location has its type when it is made. */
static bool read_declarations(mdl_test *m, ll_ctype *types)
{
    const ll_test *t = m->test;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (!check_type(m, in, &types[i]))
            return false;
        if (in->loc.proc < 0 && in->loc.name[0] != '%')
            declare_memory(m, in, &types[i]);
    }
    return true;
}

static bool read_inits(mdl_test *m, const ll_ctype *types)
{
    const ll_test *t = m->test;
    for (int i = 0; i < t->n_init; i++) {
        const ll_init *in = &t->init[i];
        if (!check_code_label(m, in) || !check_element_value(m, in))
            return false;
        if (in->loc.proc < 0 && in->loc.name[0] == '%')
            init_symreg(m, in, &types[i]);
        else if (in->loc.proc >= 0 && !init_register(m, in, &types[i]))
            return false;
        else if (in->loc.proc < 0)
            init_memory(m, in);
    }
    convert_initial_values(m);
    return true;
}

/* An assembly instruction naming a code label its thread lacks
 * (`B L0`), reached or not: herd7 7.58 refuses the test before any run
 * ("Label L0 not found on P0", or "P0 cannot refer to L0 defined by
 * P1"); false with the message in *why. A target relative to the
 * instruction (`.+8`) is the runs'. */
static bool labels_defined(const ll_thread *th, const ll_instr *in,
                           ll_buf *why)
{
    for (int i = 0; i < in->n_ops; i++) {
        const char *l = in->ops[i].sym;
        int64_t bytes;
        if (in->ops[i].kind != LL_OPND_LABEL || !l ||
            ll_label_relative(l, &bytes))
            continue;
        bool found = false;
        for (int k = 0; k < th->n_stmts && !found; k++)
            found = th->stmts[k].label && !strcmp(th->stmts[k].label, l);
        if (!found) {
            ll_buf_printf(why, "no label %s in thread %d (herd7 7.58 "
                          "refuses the test, reached or not)", l, th->proc);
            return false;
        }
    }
    return true;
}

/* The architecture's checks of every instruction, reached or not. */
static bool check_code(mdl_test *m)
{
    bool labels = m->ops->arch != LL_ARCH_C && m->ops->arch != LL_ARCH_LISA;
    if (!m->ops->check && !m->ops->check_in && !labels)
        return true;
    for (int i = 0; i < m->n_threads; i++) {
        const ll_thread *th = m->threads[i].code;
        for (int k = 0; k < th->n_stmts; k++) {
            if (!th->stmts[k].has_instr)
                continue;
            ll_buf why = {0};
            const ll_instr *in = &th->stmts[k].instr;
            bool ok = (!m->ops->check || m->ops->check(in, &why)) &&
                      (!m->ops->check_in || m->ops->check_in(th, in, &why)) &&
                      (!labels || labels_defined(th, in, &why));
            if (!ok)
                set_error(m, th->stmts[k].pos, ll_buf_str(&why), NULL);
            ll_buf_free(&why);
            if (!ok)
                return false;
        }
    }
    return true;
}

/* Which statements of an assembly thread are conditional branches or
 * conditionally run (sem_vars.cond, guard): paths.c records the way a
 * run takes at each, asked per statement here once rather than at every
 * instruction run. */
static void mark_conds(const sem_ops *ops, mdl_thread *th)
{
    const ll_thread *code = th->code;
    if (code->c_tree || !ops->herd_vars)
        return;
    for (int k = 0; k < code->n_stmts; k++) {
        sem_vars v;
        if (!code->stmts[k].has_instr ||
            !ops->herd_vars(&code->stmts[k].instr, &v) ||
            (!v.cond && !v.guard))
            continue;
        if (!th->cond)
            th->cond = ll_xcalloc((size_t)code->n_stmts, sizeof *th->cond);
        th->cond[k] = v.guard ? MDL_TURN_GUARD : MDL_TURN_BRANCH;
    }
}

/* Which statements' reads a later write of their step may feed
 * (sem_ops.writes_later_in_step): paths.c asks at every read and every
 * value it weighs, so asked per statement here once. */
static void mark_fed(const sem_ops *ops, mdl_thread *th)
{
    const ll_thread *code = th->code;
    if (!ops->writes_later_in_step)
        return;
    for (int k = 0; k < code->n_stmts; k++) {
        if (!ops->writes_later_in_step(code, k))
            continue;
        if (!th->fed)
            th->fed = ll_xcalloc((size_t)code->n_stmts, sizeof *th->fed);
        th->fed[k] = true;
    }
}

bool mdl_prepare(mdl_test *m, const ll_test *t, const sem_ops *ops)
{
    m->test = t;
    m->ops = ops;
    m->word = ops->word_of ? ops->word_of(t) : ops->word;
    m->copies_unsolved = ops->copies_unsolved && ops->copies_unsolved(t);
    m->n_threads = t->n_threads;
    m->threads = ll_xcalloc((size_t)t->n_threads + 1, sizeof *m->threads);
    for (int i = 0; i < t->n_threads; i++) {
        mdl_thread *th = &m->threads[i];
        th->code = &t->threads[i];
        scan_symregs(m, th);
        add_slot(th, ops->n_regs + th->n_symregs - 1);
    }
    if (!check_code(m) || !mdl_check_word_values(m))
        return false;
    for (int i = 0; i < t->n_threads; i++) {
        mark_conds(ops, &m->threads[i]);
        mark_fed(ops, &m->threads[i]);
    }
    ll_ctype *types = ll_xcalloc((size_t)t->n_init + 1, sizeof *types);
    bool ok = read_declarations(m, types) && read_inits(m, types);
    free(types);
    if (!ok)
        return false;
    for (int i = 0; i < t->n_locations; i++) {
        const ll_loc *l = &t->locations[i];
        bool whole = false;
        if (l->proc < 0 && l->index < 0 && l->name[0] != '%') {
            int sym = mdl_sym(m, l->name);      /* may move m->decls */
            whole = m->decls[sym].n_elems > 1;
        }
        if (!(whole ? add_whole(m, l->name, (ll_pos){0, 0})
                    : add_obs(m, l, (ll_pos){0, 0})))
            return false;
    }
    if (!obs_from_prop(m, t->cond.prop))
        return false;
    m->n_shown = m->n_obs;
    if (!obs_from_prop(m, t->filter))
        return false;
    m->cond = cast_prop(m, false_on_arrays(m, ll_prop_copy(t->cond.prop)));
    m->filter = cast_prop(m, false_on_arrays(m, ll_prop_copy(t->filter)));
    return true;
}

void mdl_free(mdl_test *m)
{
    ll_prop_free(m->cond);
    ll_prop_free(m->filter);
    free(m->illegal_msgs);
    for (int i = 0; i < m->n_syms; i++)
        free(m->syms[i]);
    free(m->syms);
    free(m->decls);
    for (int i = 0; i < m->n_locs; i++) {
        free(m->locs[i].dom);
        free(m->locs[i].prov);
        for (int k = 0; k < m->locs[i].n_by; k++)
            free(m->locs[i].by[k].e);
        free(m->locs[i].by);
        free(m->locs[i].writers);
    }
    free(m->locs);
    free(m->seeds);
    for (int i = 0; i < m->n_threads; i++) {
        mdl_thread *t = &m->threads[i];
        for (int k = 0; k < t->n_symregs; k++)
            free(t->symregs[k]);
        free(t->symregs);
        code_slots_free(t);
        free(t->init);
        free(t->types);
        free(t->cond);
        free(t->fed);
        for (int r = 0; r < t->n_runs; r++) {
            free(t->runs[r].ev);
            free(t->runs[r].final);
            free(t->runs[r].final_t);
            free(t->runs[r].final_op);
            free(t->runs[r].vnodes);
            mdl_herd_memo_free(&t->runs[r]);
        }
        free(t->runs);
    }
    free(m->threads);
    for (int i = 0; i < m->n_obs; i++)
        free(m->obs[i].loc.name);
    free(m->obs);
    mdl_free_states(m);
    memset(m, 0, sizeof *m);
}

void mdl_free_states(mdl_test *m)
{
    mdl_tab_free(m);
    free(m->states);
    free(m->state_hash);
    m->states = NULL;
    m->state_hash = NULL;
    m->n_states = m->cap_states = m->hash_size = 0;
}
