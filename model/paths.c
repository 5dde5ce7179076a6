/* paths.c — every path of every thread: the engine side of sem.h.
 *
 * A thread runs once per sequence of choices (the value each read returns,
 * whether a stwcx. succeeds); choices are replayed from a stack and the
 * last open one advanced, so no interpreter state needs copying. A read
 * returns any value its location may hold: the locations' value sets grow
 * with what the runs write, until nothing new appears. Values are then
 * concrete everywhere (addresses, branch outcomes), and the search only
 * has to match each read with a write of the same value. */
#include "model/engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/c_ast.h"
#include "model/value_cycles.h"

typedef struct pending {
    int loc;
    sem_val v;
    mdl_ways prov;      /* the ways the value was made */
    int th;             /* the thread that wrote it */
    bool expected;      /* an RMW's expected value (sem_expect) */
} pending;

/* A write site: a thread's n-th write made by one statement (the same
 * statement on whatever path led there). */
typedef struct site_key {
    int th, stmt, n;
} site_key;

typedef struct run_ctx {
    mdl_test *m;
    int th;
    int *choice, *n_alt;
    int n_choice, cap_choice;
    int depth;
    sem_event *ev;
    int n_ev, cap_ev;
    int n_reads;
    int stmt;
    int inst;           /* instructions executed so far */
    bool dead, error;
    bool cut;           /* the run stopped at a loop's unrolling limit */
    bool bad;           /* the run stopped on an error after reads */
    bool illegal;       /* ... or went on past an illegal operation */
    int n_illegal_t;    /* its operands' reads (mdl_run.illegal_t) */
    sem_taint illegal_t[MDL_MAX_ILLEGAL];
    ll_diag run_illegal;    /* its first illegal operation's message */
    bool free_br;       /* free_runs' pass: branches go both ways */
    bool free_others;   /* ... keeping the runs of no illegal operation */
    int n_forced_t;     /* those taken against the value (forced_t) */
    sem_taint forced_t[MDL_MAX_ILLEGAL];
    bool bad_end;       /* an error stopped it (not a value, a lock) */
    bool waited;        /* a spin_lock found its lock taken (sem_lock_wait) */
    bool keep_waits;    /* ... and such runs are kept (may_go_to_0, once
                           a plain bad run may find its values) */
    bool waits_later;   /* they may be yet: the runs' writes are noted */
    struct {            /* the writes of the round's runs (waits_later),
                           dead ones' too: where each location is written,
                           with what (bad_may_find) */
        int loc;
        sem_val v;
    } *wrote;
    int n_wrote, cap_wrote;
    bool at0;           /* the run went to address 0, or to a number a
                           read made: bad if it ends */
    bool looped;        /* some run jumped back on a value read */
    bool probing;       /* runs may take one value of a later own write */
    bool lock_read;     /* the read being made is a lock's whose source
                           herd7's model chooses (sem_ops.
                           herd_chosen_reads): probing, it takes any
                           value, as many as the run makes */
    bool probe;         /* this run did (mdl_run.probe) */
    /* The path pass (zero_paths_refuse): each read takes one value, a
       branch on a value read takes both ways, an access to no location
       goes on (it is counted), an error ends the run unseen. */
    bool explore;
    /* ... and a path of it reached an instruction herd7 stops on
       whatever the values (sem_refuse_on_path): the first, in path_diag */
    bool path_refused;
    ll_diag path_diag;
    sem_taint forced;   /* the reads a branch of the path pass went both
                           ways on (sem_free) */
    sem_taint *ev_forced;   /* per event of the pass: forced when it was
                               made (forced_path) */
    int cap_ev_forced;
    struct {            /* the RMWs' expected values (sem_expect) */
        int loc;
        sem_val v;
        sem_taint t;
        sem_taint forced;   /* run_ctx.forced then */
    } expect[MDL_MAX_EXPECTS];
    int n_expect;
    bool *wide;         /* per statement of the thread: its reads take
                           every value in the path pass (seed_forced_values) */
    int *pass_dom;      /* per location: how many of its values those
                           reads take, the set's size when the thread's
                           pass began (n_pass_dom locations then) */
    int n_pass_dom;
    int *dom_read;      /* per location: how many of its values the last
                           round's runs read (the others came of them) */
    int n_dom_read;
    bool dep_store;     /* the run stored through an address from a read */
    bool any_dep_store; /* ... lock words and fixed addresses too */
    int n_dep_stores;   /* the run's stores of any_dep_store (count_writes) */
    int *fw;            /* per thread and location (n_fw a thread): the
                           most writes a path of it makes there, -1 no
                           bound (foreign_most); NULL: none known */
    int n_fw;
    bool *fw_dep;       /* per thread: a path of it stores at an address a
                           read made (free_runs takes no bound there) */
    bool fw_own;        /* some path is cut at a loop: the run's own
                           writes count too (foreign_most) */
    int n_zload;        /* reads at a constant address that is no location */
    int n_zstore;       /* writes there */
    int zstore_inst;    /* the first such write's instruction */
    bool zstore_own;    /* ... an RMW's, whose read was at that address */
    bool zstore_more;   /* writes there from two instructions or more */
    int zload_inst;     /* the last such read's instruction */
    ll_diag zload_diag, zown_diag; /* the first such read; the RMW's */
    ll_diag at0_diag;   /* the run's first access at 0 (at0) */
    pending *pend;
    int n_pend, cap_pend;
    mdl_ways rprov[SEM_MAX_READS]; /* per read: its value's ways */
    unsigned steps_run;     /* runs tried, for the timeout check */
    site_key site[64];  /* the write site each provenance bit stands for */
    int n_site;
    int *back;          /* backward jumps this run took to each statement */
    int cap_back;
    sem_run *run;       /* the run being made (its operations, vnodes) */
    struct {            /* the values an RMW's read equals on its way
                           (sem_expect), at its location: pins */
        int loc;
        sem_val v;
        mdl_ways ways;  /* the ways of the value it equals (add_pin) */
    } *pin;
    int n_pin, cap_pin;
    bool new_pin;       /* a pin of a constant found in this round */
    bool pinning;       /* a run of pin_paths: an error ends it unseen */
    struct {            /* pin_note: operations or reads to give pins'
                           values, by thread and statement */
        int th, stmt;
        bool read;
        bool done;      /* pin_paths ran them */
        sem_val v;
    } *todo;
    int n_todo, cap_todo;
    int pin_stmt;       /* pin_paths: the statement whose operation or
                           read (pin_read) gives pin_val (-1: none) */
    bool pin_read;
    sem_val pin_val;
    bool *unsolved;     /* per location (n_unsolved): a value reads-from
                           may leave unsolved there (find_unsolved); NULL:
                           any location */
    int n_unsolved;
    bool finding;       /* find_unsolved's pass: no pins, no expected
                           values noted */
    int n_named;        /* the locations before the passes (named) */
    bool pass_looped;   /* find_unsolved's pass jumped back on a value
                           read: the constants go everywhere a loop may
                           depend on (mdl_runs) */
    int loop_end;       /* find_unsolved's pass: the thread's last back
                           jump (last_back_jump) */
    bool *loop_locs;    /* ... the locations its paths access up to
                           there, per location (n_loop_locs) */
    int n_loop_locs;
    bool *every;        /* per location (n_every): it gets every constant
                           of the code (seed_constants); NULL: each */
    int n_every;
    struct {            /* the values seed_loop_values found a thread's
                           writes make, which a probing read of it may
                           take (may_read_how) */
        int loc, th;
        sem_val v;
    } *lseed;
    int n_lseed, cap_lseed;
    /* per location and thread (loc * n_threads + th), what the round's
       reads did there (value_live): READ_AT some read, READ_OWN one in
       a step that may read its own write (self_fed) */
    uint8_t *rd;
    int cap_rd;
    struct back_key {   /* ... and each value a read's run wrote at its
                           location before it (a set, open addressing),
                           which the read may take once in the set */
        int loc, th;    /* th -1: a free entry */
        sem_val v;
    } *bk;
    int n_bk, cap_bk;   /* cap_bk: 0 or a power of two */
    bool pin_ran;       /* pin_paths ran a todo in this round */
    sem_val_test only;  /* the next read's values its run goes on with
                           (sem_load_only), NULL: all */
    const void *only_arg;
} run_ctx;

enum { READ_AT = 1, READ_OWN = 2 };

static run_ctx *ctx(sem_run *r)
{
    return r->engine;
}

bool sem_stopped(const sem_run *r)
{
    const run_ctx *c = r->engine;
    return c->dead || c->error;
}

void sem_error(sem_run *r, const char *fmt, ...)
{
    run_ctx *c = ctx(r);
    if (c->error)
        return;
    const ll_stmt *s = &c->m->threads[c->th].code->stmts[c->stmt];
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->explore || c->probe || c->pinning || c->free_br) {
        c->dead = true;         /* that path is not seen */
        return;
    }
    if (c->n_reads > 0 || c->illegal) {
        /* the values read may have led here: herd7 only fails when a
           path that solves gets here (mdl_run.bad) */
        if (!c->m->bad_diag.msg[0])
            ll_diag_set(&c->m->bad_diag, s->pos.line, s->pos.col, "%s", msg);
        c->bad = c->dead = c->bad_end = true;
        return;
    }
    ll_diag_set(&c->m->diag, s->pos.line, s->pos.col, "%s", msg);
    c->m->failed = true;
    c->error = true;
}

void sem_refuse_on_path(sem_run *r, const char *fmt, ...)
{
    run_ctx *c = ctx(r);
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->explore && !c->path_refused) {
        const ll_stmt *s = &c->m->threads[c->th].code->stmts[c->stmt];
        ll_diag_set(&c->path_diag, s->pos.line, s->pos.col, "%s", msg);
        c->path_refused = true;
    }
    sem_error(r, "%s", msg);
}

bool sem_free(const sem_run *r, sem_taint t)
{
    run_ctx *c = r->engine;
    if (c->explore)
        c->forced |= t;
    return c->explore && t != 0;
}

bool sem_path_way(sem_run *r, sem_taint t, bool way)
{
    return sem_free(r, t) ? sem_choose(r, 2) == 0 : way;
}

bool sem_free_branch(sem_run *r, sem_taint t, bool way)
{
    run_ctx *c = r->engine;
    if (!c->free_br || !t || sem_choose(r, 2) == 0)
        return way;
    if (c->n_forced_t >= 0 && c->n_forced_t < MDL_MAX_ILLEGAL)
        c->forced_t[c->n_forced_t++] = t;
    else
        c->n_forced_t = -1;
    return !way;
}

int sem_choose(sem_run *r, int n)
{
    run_ctx *c = ctx(r);
    if (c->depth == c->n_choice) {
        if (c->n_choice == c->cap_choice) {
            c->cap_choice = c->cap_choice ? 2 * c->cap_choice : 16;
            c->choice = ll_xrealloc(c->choice,
                                    (size_t)c->cap_choice * sizeof(int));
            c->n_alt = ll_xrealloc(c->n_alt,
                                   (size_t)c->cap_choice * sizeof(int));
        }
        c->choice[c->n_choice] = 0;
        c->n_alt[c->n_choice++] = n;
    }
    return c->choice[c->depth++];
}

int sem_slot(sem_run *r, int reg, const char *sym)
{
    run_ctx *c = ctx(r);
    const mdl_code_slots *cs = c->m->threads[c->th].code_slots;
    int s;
    if (sym && cs && mdl_code_slot_of(cs, reg, sym, &s))
        return s;
    s = mdl_thread_slot(c->m, c->th, reg, sym);
    if (s < 0 && reg >= 0)
        sem_error(r, "register not usable here");
    return s;
}

sem_reg sem_get(sem_run *r, int slot)
{
    if (slot < 0 || slot >= r->n_slots) {
        sem_reg z = {sem_int(0), 0};
        return z;
    }
    return r->regs[slot];
}

void sem_set(sem_run *r, int slot, sem_val v, sem_taint t)
{
    if (slot < 0 || slot >= r->n_slots)
        return;
    r->regs[slot].v = v;
    r->regs[slot].t = t;
    r->picks[slot] = 0;
    r->made[slot] = t;
}

sem_taint sem_get_made(sem_run *r, int slot)
{
    return slot < 0 || slot >= r->n_slots ? 0 : r->made[slot];
}

void sem_set_made(sem_run *r, int slot, sem_taint made)
{
    if (slot >= 0 && slot < r->n_slots)
        r->made[slot] = made;
}

void sem_equality_use(sem_run *r, sem_taint a, bool aop, sem_taint b,
                      bool bop)
{
    bool copies = a && b && !(a & (a - 1)) && !(b & (b - 1)) && !aop && !bop;
    if (!copies || r->n_sames >= SEM_MAX_EQS) {
        r->used |= a | b;
        return;
    }
    if (a == b)
        return;                 /* one read: S = S whatever it is */
    r->sames[r->n_sames][0] = (uint8_t)__builtin_ctzll(a);
    r->sames[r->n_sames++][1] = (uint8_t)__builtin_ctzll(b);
}

bool sem_copies_paired(sem_run *r, sem_taint a, sem_taint b,
                       sem_vnode *pair)
{
    if (!a || !b || a == b || (a & (a - 1)) || (b & (b - 1)) ||
        r->n_sames >= SEM_MAX_EQS)
        return false;
    sem_equality_use(r, a, false, b, false);
    *pair = (sem_vnode){.same = true, .direct = a | b};
    return true;
}

sem_taint sem_get_vsrc(sem_run *r, int slot)
{
    return r->vsrc && slot >= 0 && slot < r->n_slots ? r->vsrc[slot] : 0;
}

bool sem_get_vop(sem_run *r, int slot)
{
    return r->vop && slot >= 0 && slot < r->n_slots && r->vop[slot];
}

void sem_set_vsrc(sem_run *r, int slot, sem_taint vs, bool op)
{
    if (r->vsrc && slot >= 0 && slot < r->n_slots) {
        r->vsrc[slot] = vs;
        r->vop[slot] = op;
        memset(&r->vnode[slot], 0, sizeof r->vnode[slot]);
    }
}

sem_vnode sem_get_vnode(sem_run *r, int slot)
{
    sem_vnode none = {0};
    return r->vsrc && slot >= 0 && slot < r->n_slots ? r->vnode[slot] : none;
}

void sem_set_vnode(sem_run *r, int slot, sem_vnode n)
{
    if (r->vsrc && slot >= 0 && slot < r->n_slots)
        r->vnode[slot] = n;
}

void sem_set_valued(sem_run *r, int slot, sem_val v, sem_taint t,
                    sem_taint vs, bool op)
{
    sem_set(r, slot, v, t);
    sem_set_vsrc(r, slot, vs, op);
}

void sem_set_pick(sem_run *r, int slot, sem_val v, sem_taint t, sem_taint p)
{
    sem_set(r, slot, v, t);
    if (slot >= 0 && slot < r->n_slots)
        r->picks[slot] = p;
}

sem_taint sem_get_pick(sem_run *r, int slot)
{
    return slot < 0 || slot >= r->n_slots ? 0 : r->picks[slot];
}

sem_val sem_addr_of(sem_run *r, const char *name)
{
    sem_val a = {0, mdl_sym(ctx(r)->m, name)};
    return a;
}

bool sem_is_start(sem_run *r, sem_val addr, sem_val v)
{
    mdl_test *m = ctx(r)->m;
    int loc = mdl_loc_id(m, addr);
    return loc >= 0 && !m->locs[loc].no_iw && !m->locs[loc].no_init &&
           sem_val_eq(v, m->locs[loc].init);
}

sem_val sem_lock_word0(sem_run *r)
{
    mdl_test *m = ctx(r)->m;
    sem_val a = sem_addr_of(r, "lock:0");
    int n = m->n_locs, loc = mdl_loc_id(m, a);
    if (loc == n) {
        m->locs[loc].init = sem_int(SEM_NO_INIT);
        m->locs[loc].no_iw = true;
        mdl_dom_add(&m->locs[loc], m->locs[loc].init);
    }
    return a;
}

static sem_event *new_event(sem_run *r, sem_ev_kind kind)
{
    run_ctx *c = ctx(r);
    ll_grow((void **)&c->ev, &c->cap_ev, c->n_ev + 1, sizeof *c->ev);
    sem_event *e = &c->ev[c->n_ev++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->loc = -1;
    e->val = sem_int(0);
    e->stmt = c->stmt;
    e->inst = c->inst;
    e->step = r->step;
    e->regs_read = r->regs_read;
    e->read_no = -1;
    e->rmw_read = -1;
    e->call_first = e->call_last = -1;
    e->wait_first = e->wait_last = -1;
    e->also = -1;
    e->ctrl = r->ctrl;
    e->ctrlisync = r->ctrlisync;
    e->pctrl = r->pctrl;
    e->pctrlisync = r->pctrlisync;
    if (c->explore) {
        ll_grow((void **)&c->ev_forced, &c->cap_ev_forced, c->n_ev,
                sizeof *c->ev_forced);
        c->ev_forced[c->n_ev - 1] = c->forced;
    }
    return e;
}

/* The constants of the code that an access writes or compares there in
 * the domain of location loc, first reached by a run (seed_constants). */
static void seed_loc(mdl_test *m, int loc)
{
    mdl_loc *l = &m->locs[loc];
    for (int i = 0; i < m->n_seeds; i++)
        if (m->seeds[i].sym < 0 ||
            (m->seeds[i].sym == l->sym && m->seeds[i].off == l->off))
            mdl_dom_add(l, sem_extend(sem_int(m->seeds[i].val),
                                      l->type.size, l->type.is_signed));
}

/* Whether the test's reads at 0 go through the path pass
 * (zero_paths_refuse). */
static bool path_pass(const mdl_test *m)
{
    return m->ops->errors_on_every_path || m->ops->zero_path_pass;
}

/* A location for an address, or -1 with the run stopped: an error when
 * the address is fixed by the code, a dead path when it came from a value
 * read (another choice of value gives a real address). */
static int address(sem_run *r, sem_val addr, sem_taint dep, bool read)
{
    run_ctx *c = ctx(r);
    char why[200];
    if (sem_is_unsolved(addr))
        return -1;      /* herd7's unsolved address: sem_load_pick */
    if (!c->m->ops->symbolic_values)   /* an address is an operation */
        r->used |= dep & ~r->addr_unused;   /* on the value it is */
    if (addr.sym >= 0 && strncmp(c->m->syms[addr.sym], "label:\"", 7) == 0) {
        /* herd7 7.58 reads the instruction there (instr:"..."): its
           self-modifying code, which the model does not have */
        sem_error(r, "an access to code (%s): herd7's instruction values "
                  "are not supported", c->m->syms[addr.sym]);
        return -1;
    }
    int n = c->m->n_locs;
    int loc = mdl_loc_at(c->m, addr, why, sizeof why);
    if (loc == n)
        seed_loc(c->m, loc);    /* first reached now: as those named */
    if (loc >= 0)
        return loc;
    bool apart = dep ? c->m->ops->offsets_apart
                     : c->m->ops->const_offsets_apart;
    /* herd7's mixed mode reads such an address byte by byte: refused */
    if (c->m->mixed_mode && c->m->ops->const_offsets_apart)
        apart = false;
    if (addr.sym >= 0 && apart) {
        loc = mdl_loc_id(c->m, addr);
        mdl_loc *l = &c->m->locs[loc];
        if (loc == n)
            l->no_init = true;
        if (!dep)
            l->apart = true;
        return loc;
    }
    bool zero = (!dep || r->addr_fixed) && path_pass(c->m);
    if (c->explore && (zero || dep)) {
        /* counted: the path goes on (zero_paths_refuse) */
        if (zero && read) {
            const ll_stmt *s = &c->m->threads[c->th].code->stmts[c->stmt];
            if (c->n_zload++ == 0) {
                if (why[0])
                    ll_diag_set(&c->zload_diag, s->pos.line, s->pos.col,
                                "%s", why);
                else
                    ll_diag_set(&c->zload_diag, s->pos.line, s->pos.col,
                                "memory access to %lld, which is not a "
                                "location", (long long)addr.num);
            }
            c->zload_inst = c->inst;
        } else if (zero) {
            if (c->n_zstore++ == 0) {
                c->zstore_inst = c->inst;
                c->zstore_own = c->n_zload > 0 && c->zload_inst == c->inst;
                c->zown_diag = c->zload_diag;
                if (c->zstore_own) {
                    const ll_stmt *s =
                        &c->m->threads[c->th].code->stmts[c->stmt];
                    c->zown_diag.line = s->pos.line;
                    c->zown_diag.col = s->pos.col;
                }
            } else if (c->inst != c->zstore_inst) {
                c->zstore_more = true;
            }
        }
        return -1;
    }
    if (addr.sym < 0 &&
        (dep || ((zero || c->m->ops->zero_location) && addr.num == 0))) {
        /* herd7 gives address 0 no initial write (C, LISA): a read there
           has a source only in a write there, and an execution with
           either is refused (`Non-symbolic memory access found on
           '[0]'`). So is one whose address a value read makes, at any
           number: a read there finds a write through an address read
           too, its own thread's after it as well (herd7 pairs before
           its model), and that write refuses the test. A location of
           ours that no state names; a run that goes there is refused if
           its reads find their values (mdl_run.bad, at0_run). A read
           with no write at all to pair with is the path pass's (C),
           apart_unwritten's (LISA), or no execution */
        char name[40];
        snprintf(name, sizeof name, "addr:%lld", (long long)addr.num);
        loc = mdl_loc_id(c->m, sem_addr_of(r, name));
        if (loc == n)
            c->m->locs[loc].no_init = true;
        if (!c->at0) {
            const ll_stmt *s = &c->m->threads[c->th].code->stmts[c->stmt];
            ll_diag_set(&c->at0_diag, s->pos.line, s->pos.col,
                        "memory access to %lld, which is not a location",
                        (long long)addr.num);
        }
        c->at0 = true;
        return loc;
    }
    if (zero && read) {
        /* herd7 builds this path whatever values lead here */
        c->dead = true;
        return -1;
    }
    /* an address read that is a symbol's but no location: another
       value read takes this path. But herd7 (C) refuses an execution
       that stores there (`Non-symbolic memory access found`), as for a
       constant one: that run is refused if its reads find their values;
       so is a store off a location (y+1) where herd7 refuses it before
       its model (sem_ops.offsets_refused) */
    if (dep && !read && addr.sym >= 0 && why[0] &&
        c->m->ops->offsets_refused)
        sem_error(r, "%s", why);
    else if (dep && (read || !c->m->ops->errors_on_every_path))
        c->dead = true;
    else if (why[0])
        sem_error(r, "%s", why);
    else
        sem_error(r, "memory access to %lld, which is not a location",
                  (long long)addr.num);
    return -1;
}

/* Whether one more dependency source (a read, a sem_source write) fits
 * in sem_taint; else the run stops with the message. */
static bool source_room(sem_run *r)
{
    if (ctx(r)->n_reads < SEM_MAX_READS)
        return true;
    sem_error(r, "more than %d reads in one thread", SEM_MAX_READS);
    return false;
}

sem_taint sem_step_reads(sem_run *r, int first, int last)
{
    run_ctx *c = ctx(r);
    sem_taint t = 0;
    for (int i = 0; i < c->n_ev; i++)
        if (c->ev[i].kind == SEM_R && c->ev[i].step == r->step &&
            c->ev[i].read_no >= 0 && c->ev[i].read_no < 64 &&
            c->ev[i].stmt >= first && c->ev[i].stmt <= last)
            t |= (sem_taint)1 << c->ev[i].read_no;
    return t;
}

sem_taint sem_source(sem_run *r, int ev)
{
    run_ctx *c = ctx(r);
    if (ev < 0 || ev >= c->n_ev || !source_room(r))
        return 0;
    c->ev[ev].read_no = c->n_reads++;
    c->rprov[c->ev[ev].read_no].w[0] = 0;
    c->rprov[c->ev[ev].read_no].n = 1;
    return (sem_taint)1 << c->ev[ev].read_no;
}

int sem_prior_write(sem_run *r, int ev, sem_tags among)
{
    run_ctx *c = ctx(r);
    if (ev < 0 || ev >= c->n_ev)
        return -1;
    for (int i = ev - 1; i >= 0; i--)
        if (c->ev[i].kind == SEM_W && c->ev[i].loc == c->ev[ev].loc &&
            (c->ev[i].tags & among))
            return i;
    return -1;
}

sem_tags sem_prior_write_tags(sem_run *r, int ev, sem_tags among)
{
    int i = sem_prior_write(r, ev, among);
    return i < 0 ? 0 : ctx(r)->ev[i].tags;
}

/* A thread's bit in mdl_loc.writers. */
static uint64_t thread_bit(int th)
{
    return (uint64_t)1 << (th < 63 ? th : 63);
}

bool mdl_value_outside(const mdl_loc *l, int k, int th)
{
    uint64_t own = th < 63 ? thread_bit(th) : 0;
    return k >= l->cap_writers || (l->writers[k] & ~own) || l->no_init;
}

/* Whether a read of location loc by instruction inst of the current run
 * may return value k of its value set. A read reads the initial value,
 * a write of another thread, or a write of its own thread before it
 * (not its own RMW's): one after it in its thread is incoherent, and the
 * search never pairs it. A value only the thread's own writes make
 * elsewhere (the later turns of a counted loop of RMWs, on paths this
 * run did not take) only multiplied the runs, and grew by a value a
 * round: `too many paths` on two loops of RMWs (issue 24). A value no
 * write made (a constant of the code) stays for every read: it starts
 * the cycles a thin-air value goes round. Every value is taken at a
 * location with no initial write (address 0, where herd7 lets a read
 * read a later write of its thread before refusing the test: at0_run).
 * Where values are symbolic (C) the rule holds too: the write sites a
 * value went through (pend_writes) bound a chain of RMWs but not the
 * sums of such values, and a read of x that only its own later writes
 * feed (`if (READ_ONCE(*x)) r0 = atomic_sub_return(.., x); ...
 * WRITE_ONCE(*x, r1 + r0); *z = r0 * 2;`) took each round's new sums:
 * `too many paths (over 250000)` in the fourth round where herd7 answers
 * in 0.1 s (C-too-many-paths, issue 24). The writes
 * looked at are those of the run so far: at the read, those before it;
 * at the end of the run, all (reads_found). */
static int may_read_how(run_ctx *c, int loc, int k, int inst);

/* Whether seed_loop_values let thread th's probing reads of loc take v
 * (run_ctx.lseed). */
static bool lseed_has(const run_ctx *c, int loc, int th, sem_val v)
{
    for (int i = 0; i < c->n_lseed; i++)
        if (c->lseed[i].th == th && c->lseed[i].loc == loc &&
            sem_val_eq(c->lseed[i].v, v))
            return true;
    return false;
}

static bool may_read(run_ctx *c, int loc, int k, int inst)
{
    return may_read_how(c, loc, k, inst) == 1;
}

/* may_read's answer as 1; 2 for a value only a write of its own thread
 * after it makes (or, run_ctx.lseed, only a path of its thread that no
 * run took), which the probing pass (probe_loops) lets one read of a
 * run take: herd7's `Loop` test takes such a source (l5700100_27), and
 * the run is kept for it alone (mdl_run.probe); 0 otherwise. */
static int may_read_how(run_ctx *c, int loc, int k, int inst)
{
    const mdl_loc *l = &c->m->locs[loc];
    uint64_t own = c->th < 63 ? thread_bit(c->th) : 0;
    if (mdl_value_outside(l, k, c->th))
        return 1;
    for (int i = 0; i < c->n_ev; i++)
        if (c->ev[i].kind == SEM_W && c->ev[i].loc == loc &&
            c->ev[i].inst != inst && sem_val_eq(c->ev[i].val, l->dom[k]))
            return 1;
    /* a failed trylock or spin_is_locked in a loop: herd7's Loop test
       finds its valueless read no source (search.c lock_chosen), each
       turn's (`while (r1 == r0) r0 = spin_trylock(s);`) */
    if (c->probing && c->lock_read)
        return 2;
    if (!c->probing || c->probe)
        return 0;
    return (l->writers[k] & own) || lseed_has(c, loc, c->th, l->dom[k])
               ? 2 : 0;
}

/* --explain shows incoherent candidates too, where a read reads a write
 * after it in its thread, and a model that forbids none keeps them
 * (mdl_test.incoherent): there each read takes every value, and the
 * run is kept when, at its end, each read may_read its value. */
static bool incoherent_too(const run_ctx *c)
{
    return mdl_explain_incoherent(c->m->explain) || c->m->incoherent;
}

static bool reads_found(run_ctx *c)
{
    for (int i = 0; i < c->n_ev; i++) {
        const sem_event *e = &c->ev[i];
        if (e->kind != SEM_R || e->loc < 0)
            continue;
        const mdl_loc *l = &c->m->locs[e->loc];
        int k = 0;
        while (k < l->n_dom && !sem_val_eq(l->dom[k], e->val))
            k++;
        if (k < l->n_dom && !may_read(c, e->loc, k, e->inst))
            return false;
    }
    return true;
}

/* The most writes other threads than the run's make at loc in one
 * execution (their paths' most, count_writes), -1 if not known. Where a
 * run may be cut at a loop, its own too: herd7's `Loop` test takes any
 * write of the candidate as a read's source, one after the read in its
 * thread too (search.c, reads_find_values; litmus/c/loops-cut-reads-
 * own-later-write). */
static int foreign_most(const run_ctx *c, int loc)
{
    if (!c->fw || loc >= c->n_fw || c->explore || incoherent_too(c))
        return -1;
    int n = 0;
    for (int u = 0; u < c->m->n_threads; u++) {
        int w = c->fw[u * c->n_fw + loc];
        if (c->free_br && c->fw_dep[u])
            w = -1;
        if (w < 0 && (u != c->th || c->fw_own))
            return -1;
        n += u != c->th || c->fw_own ? w : 0;
    }
    return n;
}

/* Whether a read of v at loc, before the run's event end, reads another
 * thread's write: v is not loc's initial value nor a value the run wrote
 * there before. */
static bool foreign_value(const run_ctx *c, int loc, sem_val v, int end)
{
    if (sem_val_eq(v, c->m->locs[loc].init))
        return false;
    for (int i = 0; i < end; i++)
        if (c->ev[i].kind == SEM_W && c->ev[i].loc == loc &&
            sem_val_eq(c->ev[i].val, v))
            return false;
    return true;
}

/* Whether a read of statement stmt has a store or an RMW after it in
 * its step (herd7's instruction), unordered with it: it may read that
 * write, which may store the read's own value (`WRITE_ONCE(*z, xchg(z,
 * 1))`), a value of any thread then, no write of another thread. */
static bool self_fed(const run_ctx *c, int stmt)
{
    const bool *fed = c->m->threads[c->th].fed;
    return fed && stmt >= 0 && fed[stmt];
}

/* The distinct values the run's reads of loc so far took of other
 * threads' writes (foreign_value; not those self_fed), at most
 * SEM_MAX_READS; their count. */
static int foreign_taken(const run_ctx *c, int loc, sem_val *out)
{
    int n = 0;
    for (int i = 0; i < c->n_ev && n < SEM_MAX_READS; i++) {
        const sem_event *e = &c->ev[i];
        if (e->kind != SEM_R || e->loc != loc ||
            !foreign_value(c, loc, e->val, i) || self_fed(c, e->stmt) ||
            (c->probing && (e->tags & c->m->ops->herd_chosen_reads)))
            continue;
        int j = 0;
        while (j < n && !sem_val_eq(out[j], e->val))
            j++;
        if (j == n)
            out[n++] = e->val;
    }
    return n;
}

/* may_read_how, 0 for a value of other threads' writes when the run's
 * reads of loc took most such values already, v none of them (taken,
 * n_taken): each needs a write of its own, one of at most most (issue
 * 24: g7_85's P0 read x five times, each any of 20 values that P1's one
 * write to x may make, 250000 paths where herd7 builds one). */
static int read_how(run_ctx *c, int loc, int k, int most,
                    const sem_val *taken, int n_taken)
{
    int how = may_read_how(c, loc, k, c->inst);
    const mdl_loc *l = &c->m->locs[loc];
    uint64_t own = c->th < 63 ? thread_bit(c->th) : 0;
    /* a value of the thread's own writes, one of which may come later
       in the read's step, unordered with it */
    if (k < l->cap_writers && (l->writers[k] & own) && self_fed(c, c->stmt))
        return 1;
    const sem_val v = c->m->locs[loc].dom[k];
    if (how != 1 || most < 0 || n_taken < most ||
        !foreign_value(c, loc, v, c->n_ev))
        return how;
    for (int j = 0; j < n_taken; j++)
        if (sem_val_eq(taken[j], v))
            return how;
    return 0;
}

/* Whether a read of the run may take values of its own thread's writes
 * other than those before it in its run (read_how): a later one of its
 * step (self_fed), or any write where any may be its source
 * (incoherent_too, probing, no_init). */
static bool reads_own_later(const run_ctx *c, const mdl_loc *l)
{
    return c->th >= 63 || l->no_init || c->probing || incoherent_too(c) ||
           self_fed(c, c->stmt);
}

/* The ways of value k of loc that the run's read just made (the last
 * event) takes. A value of another thread's write (foreign_value: not
 * the initial value nor one of an earlier write of its run) comes
 * through a write of that thread, so it takes the ways other threads'
 * writes made (mdl_loc.by), not those only the reading thread's own
 * writes made elsewhere (a value both make held both's in one set):
 * with them, P1's `r1 = READ_ONCE(*y)` of a value P0 copied from x
 * took the ways of P1's own atomic_add_unless on y, fewer sites, and
 * P1's sums of such reads went round x and y again each round: `too
 * many paths` where herd7 answers in 3 s (ns21393051_152; litmus/c/
 * RMW+add-unless-read-foreign-ways). Each thread's ways are merged
 * apart (mdl_ways_add), so those left hold a subset of the sites of
 * each way of that thread's writes, as the whole set did. Any other
 * read takes the whole set: one of an earlier write of its run too
 * (that write's ways as the run has them at the read are not those it
 * ends with where a pin cuts them, solved_reads: v21399003_134 lost
 * two executions), one that may read its own thread's later writes
 * (reads_own_later). */
static void read_ways(const run_ctx *c, int loc, int k, mdl_ways *out)
{
    const mdl_loc *l = &c->m->locs[loc];
    *out = l->prov[k];
    if (k >= l->cap_by || reads_own_later(c, l) ||
        !foreign_value(c, loc, l->dom[k], c->n_ev - 1))
        return;
    mdl_ways f = {{0}, 0};
    for (int j = 0; j < l->by[k].n; j++)
        if (l->by[k].e[j].writers != thread_bit(c->th))
            for (int a = 0; a < l->by[k].e[j].ways.n; a++)
                mdl_ways_add(&f, l->by[k].e[j].ways.w[a]);
    if (f.n > 0)
        *out = f;
}

static unsigned back_hash(int loc, int th, sem_val v)
{
    uint64_t h = ((uint64_t)(unsigned)loc << 40) ^ ((uint64_t)(unsigned)th << 20) ^
                 (uint64_t)v.num ^ ((uint64_t)(unsigned)v.sym << 48);
    return (unsigned)((h * UINT64_C(0x9e3779b97f4a7c15)) >> 32);
}

/* Whether run_ctx.bk holds (loc, th, v). */
static bool back_has(const run_ctx *c, int loc, int th, sem_val v)
{
    if (!c->cap_bk)
        return false;
    unsigned mask = (unsigned)c->cap_bk - 1;
    for (unsigned h = back_hash(loc, th, v) & mask; c->bk[h].th >= 0;
         h = (h + 1) & mask)
        if (c->bk[h].loc == loc && c->bk[h].th == th &&
            sem_val_eq(c->bk[h].v, v))
            return true;
    return false;
}

static void back_put(run_ctx *c, int loc, int th, sem_val v)
{
    unsigned mask = (unsigned)c->cap_bk - 1;
    unsigned h = back_hash(loc, th, v) & mask;
    while (c->bk[h].th >= 0)
        h = (h + 1) & mask;
    c->bk[h].loc = loc;
    c->bk[h].th = th;
    c->bk[h].v = v;
    c->n_bk++;
}

/* Empties run_ctx.bk, keeping its room. */
static void back_clear(run_ctx *c)
{
    for (int i = 0; i < c->cap_bk; i++)
        c->bk[i].th = -1;
    c->n_bk = 0;
}

/* Adds (loc, the run's thread, v) to run_ctx.bk, growing it at half
 * full. */
static void back_add(run_ctx *c, int loc, sem_val v)
{
    if (back_has(c, loc, c->th, v))
        return;
    if (2 * (c->n_bk + 1) > c->cap_bk) {
        struct back_key *old = c->bk;
        int n = c->cap_bk;
        c->cap_bk = n ? 2 * n : 64;
        c->bk = ll_xmalloc((size_t)c->cap_bk * sizeof *c->bk);
        back_clear(c);
        for (int i = 0; i < n; i++)
            if (old[i].th >= 0)
                back_put(c, old[i].loc, old[i].th, old[i].v);
        free(old);
    }
    back_put(c, loc, c->th, v);
}

/* Notes a read of the run at loc, from the values of loc's set (run_ctx.
 * rd, bk): where a value only its thread writes may be read, the values
 * the run wrote there before it, or any if its step may read its own
 * write. */
static void note_read(run_ctx *c, int loc)
{
    int nt = c->m->n_threads;
    int had = c->cap_rd;
    if ((loc + 1) * nt > had) {
        ll_grow((void **)&c->rd, &c->cap_rd, (loc + 1) * nt, sizeof *c->rd);
        memset(c->rd + had, 0, (size_t)(c->cap_rd - had) * sizeof *c->rd);
    }
    uint8_t *f = &c->rd[loc * nt + c->th];
    *f |= READ_AT;
    if (self_fed(c, c->stmt))
        *f |= READ_OWN;
    for (int i = 0; i < c->n_ev && !(*f & READ_OWN); i++)
        if (c->ev[i].kind == SEM_W && c->ev[i].loc == loc)
            back_add(c, loc, c->ev[i].val);
}

/* choose_value's values (how, n_dom, most: those it allows) narrowed to
 * those sem_load_only lets the run go on with; if none, the first alone,
 * whose run is dropped as before. The runs of the others were made only
 * to be dropped right after the read: their writes, all before it, are
 * those of the run that goes on (pend_writes, note_writes), and a
 * dropped run's count of writes is noted as thread_runs does
 * (mdl_thread.dead_writes, max_writes). g21395105_356's probing pass
 * made 52563 runs of P0, 26283 of them dropped at a cmpxchg's read of
 * another value than its way needs or at a lock's. Not in pin_paths
 * and free_runs, whose bounds count the runs dropped too. Their
 * number. */
static int only_values(run_ctx *c, sem_run *r, int loc, uint8_t *how,
                       int n_dom, int most)
{
    const mdl_loc *l = &c->m->locs[loc];
    int n = 0, first = -1;
    uint8_t how_first = 0;
    /* a run dropped, not probing (those dead_writes leaves out): the
       first value's, the others' */
    bool drop_first = false, dropped = false;
    for (int k = 0; k < n_dom; k++) {
        if (!(how[k] > 0 && how[k] <= most))
            continue;
        if (first < 0) {
            first = k;
            how_first = how[k];
        }
        if (c->only(r, l->dom[k], c->only_arg)) {
            n++;
            continue;
        }
        bool plain = !c->probe && how[k] != 2;
        if (k == first)
            drop_first = plain;
        else
            dropped |= plain;
        how[k] = 0;
    }
    if (n == 0 && first >= 0) {
        how[first] = how_first;     /* its run is made, and dropped */
        n = 1;
    } else {
        dropped |= drop_first;
    }
    if (dropped) {
        mdl_thread *t = &c->m->threads[c->th];
        int w = 0;
        for (int i = 0; i < c->n_ev; i++)
            w += c->ev[i].kind == SEM_W;
        t->dead_writes = w > t->dead_writes ? w : t->dead_writes;
    }
    return n;
}

void sem_load_only(sem_run *r, sem_val_test test, const void *arg)
{
    ctx(r)->only = test;
    ctx(r)->only_arg = arg;
}

/* The value index of a read's choice (sem_choose of how many may_read
 * allows: the k-th of those). */
static int choose_value(sem_run *r, int loc)
{
    run_ctx *c = ctx(r);
    const mdl_loc *l = &c->m->locs[loc];
    /* the path pass takes one value but where told otherwise (wide) */
    if (c->explore && !(c->wide && c->wide[c->stmt]))
        return sem_choose(r, 1);
    if (incoherent_too(c))
        return sem_choose(r, l->n_dom);
    int n = 0, most = c->explore ? 1 : 2;   /* no probing in the pass */
    int fmost = l->no_init || (c->probing && c->lock_read)
                    ? -1 : foreign_most(c, loc);
    sem_val taken[SEM_MAX_READS];
    int n_taken = fmost >= 0 ? foreign_taken(c, loc, taken) : 0;
    int n_dom = l->n_dom;
    if (c->explore && loc < c->n_pass_dom && c->pass_dom[loc] < n_dom)
        n_dom = c->pass_dom[loc];
    /* each value's answer once (a run's read meets every value of its
       location: read_how's walk of the run twice was a third of a
       test's time, c21330001_227) */
    uint8_t buf[256];
    uint8_t *how = n_dom <= 256 ? buf : ll_xmalloc((size_t)n_dom);
    for (int k = 0; k < n_dom; k++) {
        how[k] = (uint8_t)read_how(c, loc, k, fmost, taken, n_taken);
        n += how[k] > 0 && how[k] <= most;
    }
    if (c->only && !c->explore && !c->pinning && !c->free_br && n > 0)
        n = only_values(c, r, loc, how, n_dom, most);
    int pick = sem_choose(r, n > 0 ? n : 1), k = 0;
    while (k < n_dom && !(how[k] > 0 && how[k] <= most && pick-- == 0))
        k++;
    if (k < n_dom)
        c->probe |= how[k] == 2;
    if (how != buf)
        free(how);
    return k < n_dom ? k : 0;
}

sem_reg sem_load(sem_run *r, sem_val addr, sem_taint addr_dep,
                 sem_tags tags, int *ev)
{
    return sem_load_pick(r, addr, addr_dep, 0, tags, ev);
}

sem_reg sem_load_pick(sem_run *r, sem_val addr, sem_taint addr_dep,
                      sem_taint addr_pick, sem_tags tags, int *ev)
{
    run_ctx *c = ctx(r);
    sem_reg out = {sem_int(0), 0};
    *ev = -1;
    sem_val_test only = c->only;
    c->only = NULL;     /* this read's alone */
    if (sem_is_unsolved(addr)) {
        /* an address an illegal operation made (sem_illegal_op): herd7
           accesses a location it leaves unsolved and goes on (refused
           if the model accepts a candidate, `q = y * 2; r2 = *q;`, none
           with a lock taken twice after it); the run goes on with no
           event for it, its value unsolved too */
        out.v = sem_unsolved();
        return out;
    }
    int loc = address(r, addr, addr_dep | addr_pick, true);
    r->addr_fixed = false;
    r->addr_unused = 0;
    if (loc < 0 && !sem_stopped(r) && source_room(r)) {
        /* the path pass, at no location: a value read all the same */
        int n = c->n_reads++;
        c->rprov[n].w[0] = 0;
        c->rprov[n].n = 1;
        out.t = (sem_taint)1 << n;
    }
    if (loc < 0)
        return out;
    if (!source_room(r))
        return out;
    /* the path pass takes one value: the branches go both ways */
    c->lock_read = (tags & c->m->ops->herd_chosen_reads) != 0;
    c->only = only;
    int k = choose_value(r, loc);
    c->only = NULL;
    c->lock_read = false;
    if (!c->explore)
        note_read(c, loc);
    sem_event *e = new_event(r, SEM_R);
    e->loc = loc;
    e->val = c->m->locs[loc].dom[k];
    e->tags = tags;
    e->addr = addr_dep;
    e->paddr = addr_pick;
    e->read_no = c->n_reads++;
    if (k < c->m->locs[loc].cap_prov) {
        read_ways(c, loc, k, &c->rprov[e->read_no]);
    } else {
        c->rprov[e->read_no].w[0] = 0;
        c->rprov[e->read_no].n = 1;
    }
    if (c->pin_read && c->pin_stmt == c->stmt) {
        e->val = c->pin_val;    /* pin_paths: a constant */
        c->rprov[e->read_no].w[0] = 0;
        c->rprov[e->read_no].n = 1;
    }
    *ev = c->n_ev - 1;
    out.v = e->val;
    out.t = (sem_taint)1 << e->read_no;
    return out;
}

int sem_store(sem_run *r, sem_val addr, sem_taint addr_dep, sem_val v,
              sem_taint data_dep, sem_tags tags, int rmw_read)
{
    return sem_store_pick(r, addr, addr_dep, 0, v, data_dep, 0, tags,
                          rmw_read);
}

int sem_store_pick(sem_run *r, sem_val addr, sem_taint addr_dep,
                   sem_taint addr_pick, sem_val v, sem_taint data_dep,
                   sem_taint data_pick, sem_tags tags, int rmw_read)
{
    run_ctx *c = ctx(r);
    /* herd7 pairs reads with memory writes only: not a lock's */
    if ((addr_dep | addr_pick) && !r->addr_fixed &&
        !(tags & c->m->ops->herd_nonmem))
        c->dep_store = true;
    c->any_dep_store |= (addr_dep | addr_pick) != 0;
    c->n_dep_stores += (addr_dep | addr_pick) != 0;
    int loc = address(r, addr, addr_dep | addr_pick, false);
    r->addr_fixed = false;
    r->addr_unused = 0;
    if (loc < 0)
        return -1;
    const mdl_loc *l = &c->m->locs[loc];
    /* herd7 keeps an assembly store's value whole (`sw` of -1 into an
       int is -1, of 0xffffffff 0xffffffff: two states that show -1),
       the instruction cutting what it writes (STR W) */
    if (!c->m->word)
        v = sem_extend(v, l->type.size, l->type.is_signed);
    sem_event *e = new_event(r, SEM_W);
    e->loc = loc;
    e->val = v;
    e->tags = tags;
    e->addr = addr_dep;
    e->data = data_dep;
    e->vdata = data_dep;
    e->paddr = addr_pick;
    e->pdata = data_pick;
    e->rmw_read = rmw_read;
    return c->n_ev - 1;
}

/* The ways a value made of the run's reads t was made: each way of one
 * read with each of the others' (rprov). */
static mdl_ways reads_ways(const run_ctx *c, sem_taint t)
{
    mdl_ways from = {{0}, 1};
    for (int j = 0; t && j < c->n_reads && j < SEM_MAX_READS; j++) {
        if (!(t >> j & 1))
            continue;
        mdl_ways both = {{0}, 0};
        for (int a = 0; a < from.n; a++)
            for (int b = 0; b < c->rprov[j].n; b++)
                mdl_ways_add(&both, from.w[a] | c->rprov[j].w[b]);
        from = both;
    }
    return from;
}

/* An RMW's read of loc equals v on its way (write_ways, pin_note), v
 * made of the run's reads t; constant: v is the code's, not made of
 * reads. The ways of v are the pin's: an operation herd7 solves from
 * the equation is made of what v is made of (solved_reads). */
static void add_pin(run_ctx *c, int loc, sem_val v, sem_taint t,
                    bool constant)
{
    mdl_ways ways = reads_ways(c, constant ? 0 : t);
    for (int i = 0; i < c->n_pin; i++)
        if (c->pin[i].loc == loc && sem_val_eq(c->pin[i].v, v)) {
            for (int k = 0; k < ways.n; k++)
                mdl_ways_add(&c->pin[i].ways, ways.w[k]);
            return;
        }
    ll_grow((void **)&c->pin, &c->cap_pin, c->n_pin + 1, sizeof *c->pin);
    c->pin[c->n_pin].loc = loc;
    c->pin[c->n_pin].ways = ways;
    c->pin[c->n_pin++].v = v;
    c->new_pin |= constant;
}

void sem_pin_value(sem_run *r, sem_val *v)
{
    run_ctx *c = ctx(r);
    if (c->pin_stmt >= 0 && !c->pin_read && c->pin_stmt == r->pc)
        *v = c->pin_val;
}

/* Whether location loc or a read of t may hold a value reads-from leaves
 * unsolved (find_unsolved). */
static bool may_be_unsolved(const run_ctx *c, int loc, sem_taint t)
{
    if (!c->unsolved || loc < 0 || loc >= c->n_unsolved || c->unsolved[loc])
        return true;
    for (int i = 0; i < c->n_ev && t; i++)
        if (c->ev[i].kind == SEM_R && c->ev[i].read_no >= 0 &&
            c->ev[i].read_no < SEM_MAX_READS &&
            (t >> c->ev[i].read_no & 1)) {
            t &= ~((sem_taint)1 << c->ev[i].read_no);
            int l = c->ev[i].loc;
            if (l < 0 || l >= c->n_unsolved || c->unsolved[l])
                return true;
        }
    return t != 0;
}

void sem_expect(sem_run *r, int ev, sem_val v, sem_taint t)
{
    run_ctx *c = ctx(r);
    if (ev < 0 || ev >= c->n_ev || c->ev[ev].loc < 0 || c->finding)
        return;
    /* herd7 only checks the equation where every value the RMW's read
       may read and every value of t is solved by reads-from: no pin,
       no value to seed (find_unsolved) */
    if (c->m->ops->symbolic_values && !may_be_unsolved(c, c->ev[ev].loc, t))
        return;
    /* no pins where --explain keeps incoherent candidates too: their
       reads already take every value written, which the pins' cut ways
       let grow round after round (RMW+add-unless-failure-read-lhs: over
       250000 paths); the pinned executions are found without them */
    if (c->m->ops->symbolic_values && c->ev[ev].kind == SEM_R &&
        !incoherent_too(c)) {
        const mdl_loc *pl = &c->m->locs[c->ev[ev].loc];
        add_pin(c, c->ev[ev].loc,
                sem_extend(v, pl->type.size, pl->type.is_signed), t, !t);
    }
    if (c->m->ops->symbolic_values) {
        /* kept for the path pass (seed_forced_values), which knows
         * whether the path's branches tested t */
        if (!c->explore || c->n_expect == MDL_MAX_EXPECTS)
            return;
        c->expect[c->n_expect].loc = c->ev[ev].loc;
        c->expect[c->n_expect].v = v;
        c->expect[c->n_expect].forced = c->forced;
        c->expect[c->n_expect++].t = t;
        return;
    }
    if (c->ev[ev].kind != SEM_R)
        return;
    const mdl_loc *l = &c->m->locs[c->ev[ev].loc];
    if (!c->m->word)
        v = sem_extend(v, l->type.size, l->type.is_signed);
    ll_grow((void **)&c->pend, &c->cap_pend, c->n_pend + 1, sizeof *c->pend);
    mdl_ways any = {{0}, 1};
    c->pend[c->n_pend].loc = c->ev[ev].loc;
    c->pend[c->n_pend].v = v;
    /* no thread's write (thread_bit's last bit): the thread itself may
       read it, from another thread's write that makes it of the RMW's
       own (a `lock decq` of the 2 a cmpxchg expecting 1 writes) */
    c->pend[c->n_pend].th = 63;
    c->pend[c->n_pend].expected = true;
    c->pend[c->n_pend++].prov = any;
}

void sem_expect_reads(sem_run *r, sem_taint reads, sem_val v)
{
    run_ctx *c = ctx(r);
    for (int i = 0; i < c->n_ev; i++)
        if (c->ev[i].kind == SEM_R && c->ev[i].read_no >= 0 &&
            c->ev[i].read_no < 64 && (reads >> c->ev[i].read_no & 1))
            sem_expect(r, i, v, 0);
}

void sem_set_vdata(sem_run *r, int ev, sem_taint v, bool op)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev) {
        c->ev[ev].vdata = v;
        c->ev[ev].vop = op;
    }
}

void sem_set_vloop(sem_run *r, int ev, sem_taint v)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vloop = v;
}

void sem_set_wnode(sem_run *r, int ev, sem_vnode n)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vnode = n;
}

void sem_set_anode(sem_run *r, int ev, int id, sem_taint copy)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev) {
        c->ev[ev].anode = id;
        c->ev[ev].acopy = copy;
    }
}

int sem_n_reads(sem_run *r)
{
    return ctx(r)->n_reads;
}

sem_vnode *sem_new_vnode(sem_run *r)
{
    ll_grow((void **)&r->vnodes, &r->cap_vnodes, r->n_vnodes + 1,
            sizeof *r->vnodes);
    sem_vnode *n = &r->vnodes[r->n_vnodes];
    memset(n, 0, sizeof *n);
    n->id = ++r->n_vnodes;
    n->n_reads = sem_n_reads(r);
    n->stmt = r->pc;
    return n;
}

void sem_set_vherd(sem_run *r, int ev, int b)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vherd = (int8_t)(b + 1);
}

void sem_set_vherd_of(sem_run *r, int ev, int own, int b)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev) {
        c->ev[ev].vherd = (int8_t)(b + 1);
        c->ev[ev].vherd_of = (int8_t)(own + 1);
    }
}

void sem_set_vdata_of(sem_run *r, int ev, int slot)
{
    if (ev >= 0 && r->vsrc)
        sem_set_vdata(r, ev, sem_get_vsrc(r, slot), sem_get_vop(r, slot));
}

void sem_set_iico(sem_run *r, int ev, sem_taint t)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].iico = t;
}

void sem_set_nodep(sem_run *r, int ev)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].nodep = true;
}

void sem_set_wait(sem_run *r, int ev, int first, int last)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev) {
        c->ev[ev].wait_first = first;
        c->ev[ev].wait_last = last;
    }
}

void sem_set_vinner(sem_run *r, int ev, sem_taint v)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vinner = v;
}

void sem_set_inode(sem_run *r, int ev, int id)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].inode = id;
}

void sem_set_vcopy(sem_run *r, int ev)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vcopy = true;
}

void sem_set_vraw(sem_run *r, int ev)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vraw = true;
}

void sem_set_vdeep(sem_run *r, int ev)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vdeep = true;
}

void sem_set_vzero(sem_run *r, int ev, int id)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].vzero = id;
}

const char *sem_sym_name(sem_run *r, int sym)
{
    run_ctx *c = ctx(r);
    return sym >= 0 && sym < c->m->n_syms ? c->m->syms[sym] : "?";
}

bool sem_lock_waits_kept(const sem_run *r)
{
    const run_ctx *c = r->engine;
    return c->keep_waits || c->explore || c->free_br;
}

bool sem_lock_wait(sem_run *r)
{
    ctx(r)->waited = true;
    return sem_lock_waits_kept(r);
}

bool sem_lock_unvalued_may(const sem_run *r)
{
    const run_ctx *c = r->engine;
    return c->probing && !c->explore;
}

bool sem_lock_unvalued(sem_run *r)
{
    if (!sem_lock_unvalued_may(r))
        return false;
    ctx(r)->probe = true;
    return true;
}

/* sem_illegal_op and sem_illegal_value: n operands v, shown as herd7's
 * constants (an address with its offset). */
static bool illegal_op(sem_run *r, const char *op, const sem_val *v, int n,
                       sem_taint t)
{
    run_ctx *c = ctx(r);
    char x[2][64];
    for (int i = 0; i < n; i++)
        if (v[i].sym < 0)
            snprintf(x[i], sizeof x[i], "%lld", (long long)v[i].num);
        else if (v[i].num == 0)
            snprintf(x[i], sizeof x[i], "%s", sem_sym_name(r, v[i].sym));
        else
            snprintf(x[i], sizeof x[i], "%s+%lld", sem_sym_name(r, v[i].sym),
                     (long long)v[i].num);
    if (c->explore)
        return true;    /* herd7 builds the path on (zero_paths_refuse) */
    if (c->probe || c->pinning) { /* that path is not seen */
        c->dead = true;
        return false;
    }
    if (!c->run_illegal.msg[0]) {
        const ll_stmt *s = &c->m->threads[c->th].code->stmts[c->stmt];
        ll_diag_set(&c->run_illegal, s->pos.line, s->pos.col,
                    "illegal operation %s on %s%s%s (herd7 refuses the "
                    "test)", op, x[0], n > 1 ? " and " : "",
                    n > 1 ? x[1] : "");
    }
    if (!c->m->illegal_diag.msg[0])
        c->m->illegal_diag = c->run_illegal;
    c->bad = c->illegal = true;
    if (c->n_illegal_t < MDL_MAX_ILLEGAL)
        c->illegal_t[c->n_illegal_t++] = t;
    else
        c->illegal_t[MDL_MAX_ILLEGAL - 1] &= t;
    return true;
}

bool sem_illegal_op(sem_run *r, const char *op, sem_val a, sem_val b,
                    sem_taint t)
{
    return illegal_op(r, op, (sem_val[]){a, b}, 2, t);
}

bool sem_illegal_value(sem_run *r, const char *op, sem_val a,
                       const sem_val *b, sem_taint t, sem_val *out)
{
    *out = sem_unsolved();
    return b ? illegal_op(r, op, (sem_val[]){a, *b}, 2, t)
             : illegal_op(r, op, &a, 1, t);
}

void sem_set_bytes(sem_run *r, int ev, int bytes)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].bytes = (uint8_t)bytes;
}

void sem_set_aside(sem_run *r, int ev)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev)
        c->ev[ev].aside = true;
}

void sem_read_also(sem_run *r, int ev, int w)
{
    run_ctx *c = ctx(r);
    if (ev >= 0 && ev < c->n_ev && w < ev && w >= 0 &&
        c->ev[w].kind == SEM_W)
        c->ev[ev].also = w;
}

void sem_fence(sem_run *r, sem_tags tags)
{
    new_event(r, SEM_F)->tags = tags;
}

void sem_fence_call(sem_run *r, sem_tags tags, int first, int last)
{
    sem_event *e = new_event(r, SEM_F);
    e->tags = tags;
    e->call_first = first;
    e->call_last = last;
}

void sem_fence_at(sem_run *r, sem_val addr, sem_taint addr_dep,
                  sem_tags tags, const sem_val *val)
{
    int loc = address(r, addr, addr_dep, false);
    if (loc < 0)
        return;
    sem_event *e = new_event(r, SEM_F);
    e->tags = tags;
    e->loc = loc;
    e->addr = addr_dep;
    if (val) {
        e->val = *val;
        e->valued = true;
    }
}

void sem_branch(sem_run *r, sem_taint cond)
{
    sem_branch_pick(r, cond, 0);
}

void sem_branch_pick(sem_run *r, sem_taint cond, sem_taint cond_pick)
{
    /* the reads the condition depends on, for herd7's register
       events (herdev.c): a branch has no data of its own */
    sem_event *e = new_event(r, SEM_B);
    e->data = cond;
    e->pdata = cond_pick;
    r->ctrl |= cond;
    r->pctrl |= cond_pick;
}

int sem_label_stmt(sem_run *r, const char *label)
{
    run_ctx *c = ctx(r);
    return ll_label_stmt(c->m->threads[c->th].code, label, r->pc);
}

const char *sem_stmt_label(sem_run *r, int stmt)
{
    run_ctx *c = ctx(r);
    const ll_thread *t = c->m->threads[c->th].code;
    return stmt >= 0 && stmt < t->n_stmts ? t->stmts[stmt].label : NULL;
}

sem_val sem_code_label(sem_run *r, const char *label)
{
    run_ctx *c = ctx(r);
    ll_buf b = {0};
    ll_buf_printf(&b, "label:\"P%d:%s\"", c->m->threads[c->th].code->proc,
                  label);
    sem_val a = sem_addr_of(r, ll_buf_str(&b));
    ll_buf_free(&b);
    return a;
}

int sem_code_stmt(sem_run *r, sem_val v)
{
    run_ctx *c = ctx(r);
    if (v.sym < 0 || v.num != 0)
        return -1;
    const ll_thread *t = c->m->threads[c->th].code;
    char head[32];
    snprintf(head, sizeof head, "label:\"P%d:", t->proc);
    const char *s = c->m->syms[v.sym];
    size_t n = strlen(head), len = strlen(s);
    if (strncmp(s, "label:\"P", 8) == 0 && strncmp(s, head, n) != 0)
        return -2;
    if (strncmp(s, head, n) != 0 || len < n + 2)
        return -1;
    char *name = ll_xstrndup(s + n, len - n - 1);
    int stmt = ll_label_stmt(t, name, r->pc);
    free(name);
    return stmt;
}

static void run_steps(run_ctx *c, sem_run *r);

/* Is statement pc a C loop's test (a BZ leaving the loop whose back jump
 * is at from)? herd7 unrolls `while (c) body` twice and cuts the run
 * when c holds a third time, before a third body: the cut run's
 * registers and writes are those of two turns (`filter (1:r1=2)` with r1
 * counting the turns says Loop on herd7, issue 24's C-loop-filter). */
static bool loop_test(const ll_thread *t, int pc, int from)
{
    const ll_stmt *s = &t->stmts[pc];
    if (!s->has_instr || s->instr.op != LL_C_BZ || s->instr.n_ops < 2 ||
        !s->instr.ops[1].sym)
        return false;
    return ll_label_stmt(t, s->instr.ops[1].sym, pc) > from;
}

bool sem_fold_guess(sem_run *r, bool dflt)
{
    if (r->n_folds >= SEM_MAX_EQS)
        return dflt;
    bool yes = sem_choose(r, 2) == 0;
    r->fold_pc[r->n_folds] = r->pc;
    r->fold_dflt[r->n_folds] = dflt;
    r->fold_yes[r->n_folds++] = yes;
    return yes;
}

/* Whether each of the run's sem_fold_guess choices is herd7's (one not
   known: its default, the rule before these were guessed). */
static bool folds_hold(run_ctx *c, const sem_run *r)
{
    if (c->m->threads[c->th].code->c_tree)
        return true;        /* C's: sem/c_regs.c cr_run_end */
    for (int i = 0; i < r->n_folds; i++) {
        int f = mdl_herd_reg_fold(c->m, c->th, r->turns, r->n_turns,
                                  r->fold_pc[i]);
        if ((f < 0 ? r->fold_dflt[i] : f == 1) != r->fold_yes[i])
            return false;
    }
    return true;
}

/* Whether free_runs keeps the run just made (others: of the runs that
 * meet no illegal operation), its end not yet judged (sem_ops.run_end,
 * which only drops it): run_once skips that where it keeps none (a
 * fifth of g21395006_119's time, 31251 runs of P0 kept none). */
static bool free_kept(const run_ctx *c, bool others)
{
    return c->illegal != others && c->n_forced_t != 0 && !c->bad_end &&
           !c->dead && !c->probe && !c->at0 && !c->error && !c->cut &&
           !c->waited;
}

/* Run the thread once along the current choices. A run cut at a loop
 * is checked at its end too: herd7 solves the registers of the cut
 * structure as of any other, and a cut run's guess that its phase
 * loses a cmpxchg's equation (sem/c_regs.c) made `Loop` where no
 * success reads the value (litmus/c/loops-cut-cmpxchg-register-
 * equation-checked). */
static void run_once(run_ctx *c, sem_run *r)
{
    r->run_no++;
    run_steps(c, r);
    if (c->free_br && !free_kept(c, c->free_others))
        return;     /* kept or not, whatever the end says */
    if (!c->dead && !c->error &&
        ((c->m->ops->run_end && !c->m->ops->run_end(r)) ||
         !folds_hold(c, r)))
        c->dead = true;
}

/* An assembly conditional branch's way, 1 the jump, or a conditionally
 * run instruction's, 1 it ran (sem_run.turns, as C's ifs): herd7
 * numbers its fresh variables path by path. */
static void asm_turn(const mdl_thread *t, sem_run *r, int pc, sem_next n)
{
    if (t->cond && t->cond[pc]) {
        bool one = t->cond[pc] == MDL_TURN_GUARD ? !r->skipped
                                                 : n == SEM_JUMP;
        if (r->n_turns < 64 && one)
            r->turns |= (uint64_t)1 << r->n_turns;
        r->n_turns++;
    }
}

static void run_steps(run_ctx *c, sem_run *r)
{
    mdl_thread *t = &c->m->threads[c->th];
    if (t->n_slots)     /* a thread with no register has no init array */
        memcpy(r->regs, t->init, (size_t)t->n_slots * sizeof *r->regs);
    r->n_slots = t->n_slots;
    memset(r->picks, 0, (size_t)t->n_slots * sizeof *r->picks);
    memset(r->made, 0, (size_t)t->n_slots * sizeof *r->made);
    if (r->vsrc) {
        memset(r->vsrc, 0, (size_t)t->n_slots * sizeof *r->vsrc);
        memset(r->vop, 0, (size_t)t->n_slots * sizeof *r->vop);
        memset(r->vctrl, 0, (size_t)t->n_slots * sizeof *r->vctrl);
        memset(r->vnode, 0, (size_t)t->n_slots * sizeof *r->vnode);
    }
    r->n_vnodes = 0;
    r->ctrl = r->ctrlisync = r->rctrl = r->step_regs = 0;
    r->pctrl = r->pctrlisync = 0;
    r->used = 0;
    r->regs_read = 0;
    r->n_sames = 0;
    r->n_folds = 0;
    r->flag_same[0] = r->flag_same[1] = 0;
    r->eq_left = 0;
    r->eq_split = 0;
    r->pinned = 0;
    r->n_eqs = 0;
    memset(r->eq_node, 0, sizeof r->eq_node);
    r->n_opeqs = 0;
    r->opeq_one = 0;
    r->opeq_ops = 0;
    r->turns = 0;
    r->n_turns = 0;
    r->cas_chosen = r->cas_ok = 0;
    r->step = 0;
    r->reserved = false;
    r->addr_fixed = false;
    r->addr_unused = 0;
    r->chose_status = false;
    r->res_event = r->res_event2 = -1;
    r->x_read = -1;
    c->depth = 0;
    c->n_ev = 0;
    c->n_reads = 0;
    c->dead = c->error = c->cut = c->bad = c->at0 = c->probe = false;
    c->illegal = c->bad_end = c->waited = false;
    c->n_illegal_t = c->n_forced_t = 0;
    c->run_illegal.msg[0] = '\0';
    c->dep_store = c->any_dep_store = false;
    c->n_dep_stores = 0;
    c->only = NULL;
    c->forced = 0;
    c->n_expect = 0;
    c->n_zload = c->n_zstore = 0;
    c->zstore_own = c->zstore_more = false;
    int pc = 0, steps = 0;
    bool concrete_turns = false;   /* went round a loop of concrete_jump */
    int last_to = -1, last_from = -1;  /* C: a loop's last turn (loop_test) */
    /* herd7 counts a loop's turns per label it jumps back to, over the
       whole run (not per loop entry, not across loops) */
    ll_grow((void **)&c->back, &c->cap_back, t->code->n_stmts + 1,
            sizeof *c->back);
    memset(c->back, 0, (size_t)(t->code->n_stmts + 1) * sizeof *c->back);
    while (pc < t->code->n_stmts) {
        const ll_stmt *s = &t->code->stmts[pc];
        c->stmt = pc;
        if (!s->has_instr) {
            pc++;
            continue;
        }
        c->inst = ++steps;
        if (steps > MDL_MAX_STEPS && concrete_turns) {
            /* herd7 7.58 overflows its stack there */
            sem_error(r, "a loop on values no read made runs more than %d "
                      "instructions", MDL_MAX_STEPS);
            return;
        }
        if (steps > MDL_MAX_STEPS) {
            c->cut = true;
            return;
        }
        const char *label = NULL;
        r->pc = pc;
        r->concrete_jump = false;
        r->skipped = false;
        sem_next n = c->m->ops->exec(r, &s->instr, &label);
        if (c->error)
            return;
        if (c->dead || n == SEM_DEAD) {
            c->dead = true;
            return;
        }
        if (n == SEM_ERROR) {
            sem_error(r, "instruction not supported by the model");
            return;
        }
        if (n == SEM_END)
            return;
        if (!t->code->c_tree)
            asm_turn(t, r, pc, n);
        if (n == SEM_NEXT && pc >= last_to && pc < last_from &&
            loop_test(t->code, pc, last_from)) {
            c->cut = true;
            return;
        }
        if (n == SEM_JUMP || n == SEM_GOTO) {
            int to = n == SEM_GOTO ? r->goto_pc
                                   : ll_label_stmt(t->code, label, pc);
            if (to < 0 || to > t->code->n_stmts) {
                int64_t bytes;
                if (n == SEM_GOTO)
                    sem_error(r, "return to no instruction of this thread");
                else if (ll_label_relative(label, &bytes))
                    sem_error(r, "branch target %s is no instruction of "
                              "this thread (4 bytes an instruction)", label);
                else
                    sem_error(r, "no label %s in this thread", label);
                return;
            }
            /* a loop: runs that go round it more often are cut (and the
               test says so), or every value read would fork again */
            if (to <= pc && r->concrete_jump) {
                concrete_turns = true;
            } else if (to <= pc) {
                c->looped = true;
                if (++c->back[to] > MDL_UNROLL) {
                    c->cut = true;
                    return;
                }
                if (c->back[to] == MDL_UNROLL && t->code->c_tree) {
                    last_to = to;
                    last_from = pc;
                }
            }
            pc = to;
        } else {
            pc++;
        }
    }
}

/* The provenance bit of a write site, given on first sight (0 once the
 * 64 bits are taken: that site is not followed). */
static uint64_t site_bit(run_ctx *c, int stmt, int n)
{
    for (int i = 0; i < c->n_site; i++)
        if (c->site[i].th == c->th && c->site[i].stmt == stmt &&
            c->site[i].n == n)
            return (uint64_t)1 << i;
    if (c->n_site == 64)
        return 0;
    c->site[c->n_site].th = c->th;
    c->site[c->n_site].stmt = stmt;
    c->site[c->n_site].n = n;
    return (uint64_t)1 << c->n_site++;
}

/* Whether operation id is the value of a write of the run that a pin
 * fixes (its location and value). */
static bool node_pinned(const run_ctx *c, int id, mdl_ways *ways)
{
    bool pinned = false;
    ways->n = 0;
    for (int i = 0; i < c->n_ev; i++)
        for (int k = 0; c->ev[i].kind == SEM_W && c->ev[i].vnode.id == id &&
                        k < c->n_pin; k++)
            if (c->pin[k].loc == c->ev[i].loc &&
                sem_val_eq(c->pin[k].v, c->ev[i].val)) {
                pinned = true;
                for (int a = 0; a < c->pin[k].ways.n; a++)
                    mdl_ways_add(ways, c->pin[k].ways.w[a]);
            }
    return pinned;
}

/* The reads operation id is made of, those under a pinned operation
 * left out; *cut set when one was, its pin's ways then joined to *pw
 * (each way of one with each of the others'); -1 when an operand is not
 * followed. */
static sem_taint node_reads(const run_ctx *c, int id, bool *cut,
                            mdl_ways *pw, int depth)
{
    const sem_run *r = c->run;
    if (id <= 0 || !r || id > r->n_vnodes || depth > 64)
        return (sem_taint)-1;
    const sem_vnode *n = &r->vnodes[id - 1];
    mdl_ways ways;
    if (!n->copy && node_pinned(c, id, &ways)) {   /* a copy is its read's */
        *cut = true;
        mdl_ways both = {{0}, 0};
        for (int a = 0; a < pw->n; a++)
            for (int b = 0; b < ways.n; b++)
                mdl_ways_add(&both, pw->w[a] | ways.w[b]);
        *pw = both;
        return 0;
    }
    sem_taint t = n->direct;
    for (int k = 0; k < 2; k++)
        if (n->arg[k])
            t |= node_reads(c, n->arg[k], cut, pw, depth + 1);
    return t;
}

/* The reads write event e's value is made of, as herd7 solves it: an
 * operation whose result a write of the run stores with a pin's value
 * (pin_note) is that value, made of what the pin's value is made of
 * (*pw, its ways; none for a constant): P0 `r1 = *x & 1; WRITE_ONCE(*y,
 * r1); cmpxchg_relaxed(y, 1, r1 | 2)` writes 3 whatever x held, which P1
 * may copy to x (litmus/c/SYM+cmpxchg-pins-op-value): without the cut
 * that way went through P1's write site twice and was dropped. A pin of
 * a value read (`cmpxchg(z, r1, r1 + 1)`, r1 read from x) passes on that
 * read's ways: cut to none, every value of x made a pin whose operations
 * started their chains again, x grew by values a round for all 16 rounds
 * and the test ran out of time where herd7 answers in 0.1 s
 * (litmus/c/SYM+cmpxchg-pin-of-read-keeps-ways). */
static sem_taint solved_reads(const run_ctx *c, const sem_event *e,
                              mdl_ways *pw)
{
    pw->n = 1;
    pw->w[0] = 0;
    if (!c->n_pin || !e->vnode.id)
        return e->vdata;
    bool cut = false;
    sem_taint t = node_reads(c, e->vnode.id, &cut, pw, 0);
    if (!cut) {
        pw->n = 1;
        pw->w[0] = 0;
    }
    return cut ? e->vdata & t : e->vdata;
}

/* The ways write event i's value was made (pend_writes): false when
 * each goes through its own site. */
static bool write_ways(run_ctx *c, int i, mdl_ways *out)
{
    const sem_event *e = &c->ev[i];
    bool track = c->m->ops->symbolic_values || c->m->ops->follow_sites;
    int n = 0;
    for (int j = 0; j < i; j++)
        n += c->ev[j].kind == SEM_W && c->ev[j].stmt == e->stmt;
    uint64_t site = track ? site_bit(c, e->stmt, n) : 0;
    /* the ways of the inputs, each way of one with each of the
       others; those through this site are dropped */
    mdl_ways pw;
    sem_taint made = solved_reads(c, e, &pw);
    if (!track)
        pw = (mdl_ways){{0}, 1};
    mdl_ways in = reads_ways(c, track ? made : 0), from = {{0}, 0};
    for (int a = 0; a < pw.n; a++)
        for (int b = 0; b < in.n; b++)
            mdl_ways_add(&from, pw.w[a] | in.w[b]);
    out->n = 0;
    for (int a = 0; a < from.n; a++)
        if (!(from.w[a] & site))
            mdl_ways_add(out, from.w[a] | site);
    return out->n > 0;
}

/* The values the run wrote, for the locations' value sets, each with the
 * write sites it was made through: this write's site (the n-th write its
 * statement makes in the thread's run, one event in any execution, on
 * whatever path the run took) and the sites of the values of the reads
 * its value is made of (sem_event.vdata, kept where values are symbolic:
 * sem_ops.symbolic_values, and sem_ops.follow_sites: LISA, whose vdata
 * are herd7's value sources too). A value made through its own site again
 * (atomic_inc reading what it wrote) is none an execution has: without
 * this an RMW chain grew its location by one value a round, and runs
 * multiplied until `too many paths` (herd7's values are symbols); in
 * LISA two `rmw r0 (add r0 2) x` grew x by 2 a round up to the rounds'
 * bound, 220000 runs of a looping thread and 1.4 GB (doc/model-scale.md). A
 * site is the statement, not the thread's k-th write: an RMW that is the
 * first write on one path and the second on another (after a cmpxchg
 * that succeeded) is one site, and its chain stops. */
static void pend_writes(run_ctx *c)
{
    for (int i = 0; i < c->n_ev; i++) {
        mdl_ways out;
        if (c->ev[i].kind != SEM_W || !write_ways(c, i, &out))
            continue;
        ll_grow((void **)&c->pend, &c->cap_pend, c->n_pend + 1,
                sizeof *c->pend);
        c->pend[c->n_pend].loc = c->ev[i].loc;
        c->pend[c->n_pend].v = c->ev[i].val;
        c->pend[c->n_pend].th = c->th;
        c->pend[c->n_pend].expected = false;
        c->pend[c->n_pend++].prov = out;
    }
}

/* The index of message d in m->illegal_msgs, added once; -1 for none. */
static int illegal_msg_of(mdl_test *m, const ll_diag *d)
{
    if (!d->msg[0])
        return -1;
    for (int i = 0; i < m->n_illegal_msgs; i++)
        if (m->illegal_msgs[i].line == d->line &&
            m->illegal_msgs[i].col == d->col &&
            strcmp(m->illegal_msgs[i].msg, d->msg) == 0)
            return i;
    ll_grow((void **)&m->illegal_msgs, &m->cap_illegal_msgs,
            m->n_illegal_msgs + 1, sizeof *m->illegal_msgs);
    m->illegal_msgs[m->n_illegal_msgs] = *d;
    return m->n_illegal_msgs++;
}

static void keep_run(run_ctx *c, sem_run *r)
{
    mdl_thread *t = &c->m->threads[c->th];
    ll_grow((void **)&t->runs, &t->cap_runs, t->n_runs + 1, sizeof *t->runs);
    mdl_run *u = &t->runs[t->n_runs++];
    u->n_ev = c->n_ev;
    u->ev = ll_xmalloc((size_t)(c->n_ev ? c->n_ev : 1) * sizeof *u->ev);
    if (c->n_ev)
        memcpy(u->ev, c->ev, (size_t)c->n_ev * sizeof *u->ev);
    u->cut = c->cut;
    u->herd_zero = 0;
    u->herd_memo = NULL;
    u->probe = c->probe;
    u->bad = c->bad;
    u->illegal = c->illegal && !c->at0;
    u->n_illegal_t = u->illegal ? c->n_illegal_t : 0;
    u->n_forced_t = c->n_forced_t;
    memset(u->forced_t, 0, sizeof u->forced_t);
    if (c->n_forced_t > 0)
        memcpy(u->forced_t, c->forced_t,
               (size_t)c->n_forced_t * sizeof *u->forced_t);
    memset(u->illegal_t, 0, sizeof u->illegal_t);
    memcpy(u->illegal_t, c->illegal_t,
           (size_t)u->n_illegal_t * sizeof *u->illegal_t);
    u->illegal_msg = u->illegal ? illegal_msg_of(c->m, &c->run_illegal)
                                : -1;
    u->waits = c->waited && !c->at0;
    u->final = ll_xmalloc((size_t)t->n_slots * sizeof *u->final);
    u->final_t = ll_xmalloc((size_t)(t->n_slots ? t->n_slots : 1) *
                            sizeof *u->final_t);
    u->final_op = ll_xcalloc((size_t)(t->n_slots ? t->n_slots : 1),
                             sizeof *u->final_op);
    for (int i = 0; i < t->n_slots; i++) {
        u->final_op[i] = sem_get_vop(r, i);
        u->final[i] = r->regs[i].v;
        u->final_t[i] = r->vsrc && (c->m->ops->symbolic_values ||
                                    c->m->ops->symbolic_cycles)
                            ? r->vsrc[i] : r->regs[i].t;
    }
    u->used = r->used;
    u->n_sames = r->n_sames;
    memcpy(u->sames, r->sames, sizeof u->sames);
    u->eq_left = r->eq_left;
    u->eq_split = r->eq_split;
    u->pinned = r->pinned;
    u->n_eqs = r->n_eqs;
    memcpy(u->eqs, r->eqs, sizeof u->eqs);
    u->n_opeqs = r->n_opeqs;
    memcpy(u->opeqs, r->opeqs, sizeof u->opeqs);
    memcpy(u->opeq_node, r->opeq_node, sizeof u->opeq_node);
    memcpy(u->eq_node, r->eq_node, sizeof u->eq_node);
    u->opeq_one = r->opeq_one;
    u->opeq_ops = r->opeq_ops;
    u->turns = r->turns;
    u->n_turns = r->n_turns;
    u->n_vnodes = r->n_vnodes;
    u->vnodes = NULL;
    if (r->n_vnodes) {
        u->vnodes = ll_xmalloc((size_t)r->n_vnodes * sizeof *u->vnodes);
        memcpy(u->vnodes, r->vnodes, (size_t)r->n_vnodes * sizeof *u->vnodes);
    }
}

/* Advance the choice stack to the next unexplored sequence. */
static bool next_choices(run_ctx *c)
{
    c->n_choice = c->depth;     /* choices past the run's end are stale */
    while (c->n_choice > 0) {
        int i = c->n_choice - 1;
        if (c->choice[i] + 1 < c->n_alt[i]) {
            c->choice[i]++;
            return true;
        }
        c->n_choice--;
    }
    return false;
}

/* A whole path that went to address 0 (C): refused if its reads find
 * their values. herd7 lets a read at 0 read a write there after it in
 * its thread (not its own RMW's), which our search never lets a read
 * do: such a read is taken as found. */
static void at0_run(run_ctx *c)
{
    c->bad = true;
    /* herd7 refuses there before its model (an illegal operation of
       the run's keeps its own message: illegal_diag) */
    if (!c->m->bad_diag.msg[0])
        c->m->bad_diag = c->at0_diag;
    for (int i = 0; i < c->n_ev; i++) {
        sem_event *e = &c->ev[i];
        if (e->kind != SEM_R || !c->m->locs[e->loc].no_init)
            continue;
        for (int j = i + 1; j < c->n_ev; j++) {
            const sem_event *w = &c->ev[j];
            if (w->kind == SEM_W && w->loc == e->loc &&
                w->inst != e->inst && sem_val_eq(w->val, e->val)) {
                e->kind = SEM_F;
                break;
            }
        }
    }
}

/* A run of thread th from its first choices (free with run_free). */
static void run_start(run_ctx *c, sem_run *r, int th)
{
    mdl_thread *t = &c->m->threads[th];
    memset(r, 0, sizeof *r);
    r->regs = ll_xmalloc((size_t)t->n_slots * sizeof *r->regs);
    r->picks = ll_xmalloc((size_t)(t->n_slots ? t->n_slots : 1) *
                          sizeof *r->picks);
    r->made = ll_xmalloc((size_t)(t->n_slots ? t->n_slots : 1) *
                         sizeof *r->made);
    /* where the header drops cycles of copies (copies_unsolved), the
       writes' vdata are their values' sources too: herd7 solves values,
       and a value that depends on a read but is made of none (a flag
       the semantics set as a constant) solves a cycle its data
       dependency goes round (the setnb-after-xor-cycle test) */
    if (c->m->ops->symbolic_values || c->m->ops->value_sources) {
        r->vsrc = ll_xcalloc((size_t)(t->n_slots ? t->n_slots : 1),
                             sizeof *r->vsrc);
        r->vop = ll_xcalloc((size_t)(t->n_slots ? t->n_slots : 1),
                            sizeof *r->vop);
        r->vctrl = ll_xcalloc((size_t)(t->n_slots ? t->n_slots : 1),
                              sizeof *r->vctrl);
        r->vnode = ll_xcalloc((size_t)(t->n_slots ? t->n_slots : 1),
                              sizeof *r->vnode);
    }
    r->engine = c;
    r->telechat = c->m->telechat;
    r->slot_stmts = t->code->stmts;
    r->slot_n_stmts = t->code->n_stmts;
    r->slot_rows = ll_xmalloc((size_t)(t->code->n_stmts + 1) *
                              sizeof *r->slot_rows);
    for (int i = 0; i < t->code->n_stmts; i++)
        for (int k = 0; k < LL_MAX_OPERANDS; k++)
            r->slot_rows[i][k] = -2;
    c->run = r;
    c->th = th;
    c->n_choice = 0;
}

static void run_free(sem_run *r)
{
    ctx(r)->run = NULL;
    free(r->regs);
    free(r->picks);
    free(r->made);
    free(r->vsrc);
    free(r->vop);
    free(r->vctrl);
    free(r->vnode);
    free(r->vnodes);
    free(r->arch_state);
    free(r->slot_rows);
}

static bool in_dom(const mdl_loc *l, sem_val v)
{
    for (int j = 0; j < l->n_dom; j++)
        if (sem_val_eq(l->dom[j], v))
            return true;
    return false;
}

/* herd7 solves an operation on values read that a write stores where an
 * RMW's read equal to a value may read it (a cmpxchg's success, `1 :=
 * S`, rf making S the operation's variable: a pin) from that equation,
 * whatever the values read: P0 `r1 = *x - 2; WRITE_ONCE(*y, r1);
 * cmpxchg_relaxed(y, 1, 5); WRITE_ONCE(*z, r1 + 2)` writes 3 to z, P1
 * copies z to x, and P0's read of 3 checks `1 := 3 - 2`
 * (litmus/c/SYM+cmpxchg-pins-op-other-store); so a read one such write
 * copies. Our runs compute the operation from the values read, which
 * come of it: x holds 3 only once P0 wrote it. So where a run's write
 * stores such an operation, or a copy of a read, with another value, the
 * statement that makes it and the pin's value are noted, and once the
 * thread's runs are done its paths run again, once, with that statement
 * giving that value (pin_paths): their writes join the value sets, their
 * ways through the operation cut (write_ways), and they are no runs of
 * the thread. The rounds after read those values, and the search keeps
 * the runs whose reads make the operation that value, as herd7's check
 * does. A read pinned to a value its location holds needs no pass: the
 * thread's runs read that value. */
static void pin_note(run_ctx *c, const sem_run *r)
{
    for (int i = 0; i < c->n_ev; i++) {
        const sem_event *e = &c->ev[i];
        if (e->kind != SEM_W)
            continue;
        /* the operation it stores, or the one read it copies */
        int stmt = -1, j_read = -1;
        bool read = false;
        if (e->vnode.id > 0 && e->vnode.id <= r->n_vnodes &&
            !e->vnode.copy) {
            stmt = r->vnodes[e->vnode.id - 1].stmt;
        } else if (!e->vop && e->vdata && !(e->vdata & (e->vdata - 1))) {
            for (int j = 0; j < i && stmt < 0; j++)
                if (c->ev[j].kind == SEM_R && c->ev[j].read_no >= 0 &&
                    c->ev[j].read_no < SEM_MAX_READS &&
                    e->vdata == (sem_taint)1 << c->ev[j].read_no) {
                    stmt = c->ev[j].stmt;
                    j_read = j;
                }
            read = true;
        }
        for (int k = 0; k < c->n_pin && stmt >= 0; k++) {
            if (c->pin[k].loc != e->loc || sem_val_eq(c->pin[k].v, e->val) ||
                (read && in_dom(&c->m->locs[c->ev[j_read].loc], c->pin[k].v)))
                continue;
            bool dup = false;
            int mine = 0;
            for (int j = 0; j < c->n_todo && !dup; j++) {
                mine += c->todo[j].th == c->th;
                dup = c->todo[j].th == c->th && c->todo[j].stmt == stmt &&
                      c->todo[j].read == read &&
                      sem_val_eq(c->todo[j].v, c->pin[k].v);
            }
            if (dup || mine >= MDL_MAX_PIN_RUNS)
                continue;
            ll_grow((void **)&c->todo, &c->cap_todo, c->n_todo + 1,
                    sizeof *c->todo);
            c->todo[c->n_todo].th = c->th;
            c->todo[c->n_todo].stmt = stmt;
            c->todo[c->n_todo].read = read;
            c->todo[c->n_todo].done = false;
            c->todo[c->n_todo++].v = c->pin[k].v;
        }
    }
}

static void pin_paths(run_ctx *c, sem_run *r)
{
    c->pinning = true;
    for (int j = 0; j < c->n_todo; j++) {
        if (c->todo[j].th != c->th || c->todo[j].done)
            continue;
        c->todo[j].done = true;
        c->pin_ran = true;
        c->pin_stmt = c->todo[j].stmt;
        c->pin_read = c->todo[j].read;
        c->pin_val = c->todo[j].v;
        c->n_choice = 0;
        long runs = 0;
        do {
            run_once(c, r);
            if (!c->dead && !c->probe &&
                !(incoherent_too(c) && !reads_found(c)))
                pend_writes(c);
        } while (++runs < MDL_MAX_RUNS / 16 && next_choices(c));
    }
    c->pinning = false;
    c->pin_stmt = -1;
    c->pin_read = false;
}

/* Notes the writes of the run just made in run_ctx.wrote. */
static void note_writes(run_ctx *c)
{
    for (int i = 0; i < c->n_ev; i++) {
        const sem_event *e = &c->ev[i];
        if (e->kind != SEM_W || e->loc < 0)
            continue;
        int k = 0;
        while (k < c->n_wrote && !(c->wrote[k].loc == e->loc &&
                                   sem_val_eq(c->wrote[k].v, e->val)))
            k++;
        if (k < c->n_wrote)
            continue;
        ll_grow((void **)&c->wrote, &c->cap_wrote, c->n_wrote + 1,
                sizeof *c->wrote);
        c->wrote[c->n_wrote].loc = e->loc;
        c->wrote[c->n_wrote++].v = e->val;
    }
}

static bool thread_runs(run_ctx *c, int th, int *total)
{
    sem_run r;
    run_start(c, &r, th);
    bool ok = true;
    do {
        run_once(c, &r);
        if (c->waits_later)
            note_writes(c);
        if (c->probe && c->at0)
            c->dead = true;     /* an error on a probing run: not seen */
        if (c->waited && !c->at0 && !c->keep_waits)
            c->dead = true;     /* no execution, no store at 0 to serve */
        if (c->at0 && !c->dead && !c->error)
            at0_run(c);
        /* a run with a read no write gives its value is no candidate's,
           nor are its writes */
        bool unfound = incoherent_too(c) && !c->dead && !c->error &&
                       !reads_found(c);
        if (!unfound)
            pend_writes(c);
        if (c->error) {
            ok = false;
            break;
        }
        if (c->m->limits.timeout > 0 && (++c->steps_run & 255) == 0 &&
            mdl_now() - c->m->start > c->m->limits.timeout) {
            c->m->timed_out = true;
            ok = false;
            break;
        }
        if (unfound)
            continue;
        if (c->dead && !c->probe) {
            /* a dropped run's writes still grow the values reads may
             * return (a label stored, read back and branched to) */
            int w = 0;
            for (int i = 0; i < c->n_ev; i++)
                w += c->ev[i].kind == SEM_W;
            mdl_thread *t = &c->m->threads[c->th];
            t->dead_writes = w > t->dead_writes ? w : t->dead_writes;
        }
        /* a run stopped on an error after reads (c->bad) is kept,
         * marked: the test is refused only if its reads find values;
         * one that went on past an illegal operation, only if it ends
         * (or an error stops it), as other runs */
        if (!c->dead ||
            (c->bad && !c->probe && (!c->illegal || c->bad_end))) {
            keep_run(c, &r);
            if (++*total > MDL_MAX_RUNS) {
                ll_diag_set(&c->m->diag, 0, 0,
                            "too many paths (over %d)", MDL_MAX_RUNS);
                c->m->failed = true;
                ok = false;
                break;
            }
        }
        if (!c->dead && !c->probe && !c->bad && c->n_pin)
            pin_note(c, &r);
    } while (next_choices(c));
    if (ok && c->n_todo)
        pin_paths(c, &r);
    run_free(&r);
    return ok;
}

static void free_run(mdl_run *u)
{
    free(u->ev);
    free(u->final);
    free(u->final_t);
    free(u->final_op);
    free(u->vnodes);
    mdl_herd_memo_free(u);
}

static void drop_runs(mdl_test *m)
{
    for (int i = 0; i < m->n_threads; i++) {
        mdl_thread *t = &m->threads[i];
        for (int k = 0; k < t->n_runs; k++)
            free_run(&t->runs[k]);
        t->n_runs = 0;
        t->dead_writes = 0;
    }
}

/* Whether every write of events ev[0..n) is of a value of its
 * location's set. */
static bool writes_known(const mdl_test *m, const sem_event *ev, int n)
{
    bool known = true;
    for (int i = 0; i < n && known; i++) {
        const sem_event *e = &ev[i];
        if (e->kind != SEM_W)
            continue;
        known = false;
        const mdl_loc *l = &m->locs[e->loc];
        for (int j = 0; j < l->n_dom && !known; j++)
            known = sem_val_eq(l->dom[j], e->val);
    }
    return known;
}

/* Drop the runs that write a value the locations' value sets left out
 * (pend_writes): a value made through its own write site needs a cycle
 * of reads-from through an operation, which herd7's symbolic values
 * cannot solve, so no execution has such a run. */
static void drop_self_made(mdl_test *m)
{
    for (int t = 0; t < m->n_threads; t++) {
        mdl_thread *th = &m->threads[t];
        int kept = 0;
        for (int k = 0; k < th->n_runs; k++) {
            mdl_run *u = &th->runs[k];
            if (writes_known(m, u->ev, u->n_ev))
                th->runs[kept++] = *u;
            else
                free_run(u);
        }
        th->n_runs = kept;
    }
}

/* Drop the runs that wait at a lock (mdl_run.waits) when no run went
 * to address 0 or stopped on an error after reads (a plain bad run),
 * the only combinations they serve. */
static void drop_waits(mdl_test *m)
{
    for (int t = 0; t < m->n_threads; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++)
            if (m->threads[t].runs[k].bad && !m->threads[t].runs[k].illegal)
                return;
    for (int t = 0; t < m->n_threads; t++) {
        mdl_thread *th = &m->threads[t];
        int kept = 0;
        for (int k = 0; k < th->n_runs; k++) {
            mdl_run *u = &th->runs[k];
            if (!u->waits)
                th->runs[kept++] = *u;
            else
                free_run(u);
        }
        th->n_runs = kept;
    }
}

/* The most writes one execution can have: each thread's largest run. */
static int max_writes(const mdl_test *m)
{
    int total = 0;
    for (int t = 0; t < m->n_threads; t++) {
        int most = m->threads[t].dead_writes;
        for (int k = 0; k < m->threads[t].n_runs; k++) {
            int w = 0;
            for (int i = 0; i < m->threads[t].runs[k].n_ev; i++)
                w += m->threads[t].runs[k].ev[i].kind == SEM_W;
            most = w > most ? w : most;
        }
        total += most;
    }
    return total;
}

static void add_seed(mdl_test *m, int sym, int64_t off, int64_t val)
{
    for (int i = 0; i < m->n_seeds; i++)
        if (m->seeds[i].sym == sym && m->seeds[i].off == off &&
            m->seeds[i].val == val)
            return;
    m->seeds = ll_xrealloc(m->seeds,
                           (size_t)(m->n_seeds + 1) * sizeof *m->seeds);
    m->seeds[m->n_seeds++] = (mdl_seed){sym, off, val};
}

/* Every integer constant of the code, in the domain of every location the
 * test names (sem_ops.seed_constants). A location a run reaches first
 * later gets those an access writes or compares there (a store's value,
 * a cmpxchg's expected and new values, sem_ops.value_operand: a
 * thin-air cycle anchored by `cmpxchg(z, 1, 1)` holds 1 though nothing
 * else writes it; a constant at an address the code does not fix at
 * every location): not those of branches and arithmetic, whose values
 * at every location cost paths (five reads of x with the constants of
 * seven stores to z and an increment: litmus/c/RMW+inc-two-sites).
 * Those seeds are noted first (every false: m->seeds); then (every) the
 * constants go to each location the test names (c->n_named) where a
 * value may be left unsolved by reads-from (c->unsolved, find_unsolved:
 * an anchor is only needed on a cycle); the others get the seeds, as a
 * location first reached (mdl_runs). A pointer cell p holding 0, 1, 2,
 * 3 and -3 besides x, y, z had `too many paths` where herd7 answers in
 * 1.7 s (litmus/c/C+pointer-cell-code-constants). */
static void seed_constants(mdl_test *m, bool every, const run_ctx *c)
{
    for (int t = 0; t < m->n_threads; t++) {
        const ll_thread *th = m->threads[t].code;
        for (int s = 0; s < th->n_stmts; s++) {
            const ll_instr *in = &th->stmts[s].instr;
            if (!th->stmts[s].has_instr ||
                (m->ops->counts_only && m->ops->counts_only(in)))
                continue;
            int k = m->ops->addr_operand ? m->ops->addr_operand(in) : -1;
            int sym = -1;
            int64_t off = 0;
            if (k >= 0 && k < in->n_ops && in->ops[k].kind == LL_OPND_SYM) {
                sym = mdl_sym(m, in->ops[k].sym);
                off = in->ops[k].imm;
            } else if (k >= 0 && k < in->n_ops &&
                       in->ops[k].kind == LL_OPND_REG) {
                int slot = mdl_thread_slot(m, t, in->ops[k].reg,
                                           in->ops[k].sym);
                if (slot >= 0 && m->threads[t].init[slot].v.sym >= 0) {
                    sym = (int)m->threads[t].init[slot].v.sym;
                    off = m->threads[t].init[slot].v.num;
                }
            }
            for (int j = 0; j < in->n_ops; j++) {
                if (in->ops[j].kind != LL_OPND_IMM || j == k)
                    continue;
                for (int i = 0; every && i < c->n_named; i++) {
                    mdl_loc *l = &m->locs[i];
                    if (c->every && (i >= c->n_every || !c->every[i]))
                        continue;
                    mdl_dom_add(l, sem_extend(sem_int(in->ops[j].imm),
                                              l->type.size,
                                              l->type.is_signed));
                }
                if (!every && m->ops->value_operand &&
                    m->ops->value_operand(in, j))
                    add_seed(m, sym, off, in->ops[j].imm);
            }
        }
    }
}

/* The path pass over thread th: each read takes one value, a branch on
 * a value read takes both ways (sem_free), an access to no location goes
 * on (it is counted), an error ends the path unseen (c->dead). Each path
 * is given to seen(c, arg), true to stop; at most MDL_MAX_RUNS paths,
 * within the time limit. True when every path was seen. */
static bool explore_paths(run_ctx *c, int th,
                          bool (*seen)(run_ctx *c, void *arg), void *arg)
{
    sem_run r;
    run_start(c, &r, th);
    c->explore = true;
    long runs = 0;
    bool all = false;
    do
        run_once(c, &r);
    while (!seen(c, arg) && ++runs <= MDL_MAX_RUNS &&
           !(c->m->limits.timeout > 0 &&
             mdl_now() - c->m->start > c->m->limits.timeout) &&
           (all = !next_choices(c)) == false);
    c->explore = false;
    run_free(&r);
    return all;
}

/* Whether thread th stores an operand of that kind (sem_ops.value_operand):
 * a register, which may hold a value the code makes, not a constant of
 * it; an address (LL_OPND_SYM), which seed_constants does not seed. */
static bool stores_kind(const mdl_test *m, int th, ll_operand_kind kind)
{
    const ll_thread *code = m->threads[th].code;
    for (int s = 0; s < code->n_stmts; s++) {
        const ll_instr *in = &code->stmts[s].instr;
        for (int k = 0; code->stmts[s].has_instr && k < in->n_ops; k++)
            if (in->ops[k].kind == kind &&
                m->ops->value_operand && m->ops->value_operand(in, k))
                return true;
    }
    return false;
}

static bool stores_register(const mdl_test *m, int th)
{
    return stores_kind(m, th, LL_OPND_REG);
}

/* Whether thread th stores a register's value or has an RMW that adds
 * to what it reads (sem_ops.adds_to_read): a write whose value a read
 * makes, the RMW's own read included. */
static bool makes_values(const mdl_test *m, int th)
{
    const ll_thread *code = m->threads[th].code;
    for (int s = 0; s < code->n_stmts && m->ops->adds_to_read; s++)
        if (code->stmts[s].has_instr &&
            m->ops->adds_to_read(&code->stmts[s].instr))
            return true;
    return stores_register(m, th);
}

/* A path of seed_made_constants: its stores of values made of no read
 * put them in their locations' value sets. */
static bool seed_path(run_ctx *c, void *arg)
{
    (void)arg;
    for (int i = 0; i < c->n_ev && !c->dead; i++)
        if (c->ev[i].kind == SEM_W && c->ev[i].vdata == 0 &&
            c->ev[i].loc >= 0)
            mdl_dom_add(&c->m->locs[c->ev[i].loc], c->ev[i].val);
    return false;
}

/* herd7 holds a value made of no read as a constant (`r0 == r0` is 1,
 * `r0 ^ r0` 0, a local set to 2 in a branch): a store of it writes that
 * whatever values the reads that led there return. When the only way to
 * such a store is a branch on a value it makes (P1 `r0 = *y; if (r0 ==
 * 1) smp_store_release(x, r0 == r0);`, P0 copying x to y), no run gets
 * there and the value sets never hold it: o3 had one state for herd7's
 * two. So the path pass runs each thread that stores a register first,
 * and what its stores of such values write goes in their locations'
 * value sets, as the constants a store names do (seed_constants). An
 * address is such a constant that seed_constants leaves out: P0 `while
 * (r0 == 0) r0 = READ_ONCE(*x); WRITE_ONCE(*p, x);`, P1 `q = xchg(p, z);
 * atomic_add(2, q);` (g12001106_189): every run of P0 was cut at its loop
 * and p never held x, so a thread that stores one is run too. */
static void seed_made_constants(run_ctx *c)
{
    for (int th = 0; th < c->m->n_threads; th++)
        if (stores_register(c->m, th) || stores_kind(c->m, th, LL_OPND_SYM))
            explore_paths(c, th, seed_path, NULL);
}

/* A path of seed_loop_values: the values its writes make that its
 * location's set lacks, in the set with no writer (no read takes them
 * but a probing read of this thread: run_ctx.lseed). */
static bool loop_seed_path(run_ctx *c, void *arg)
{
    (void)arg;
    mdl_ways none = {{0}, 1};
    for (int i = 0; i < c->n_ev && !c->dead; i++) {
        const sem_event *e = &c->ev[i];
        if (e->kind != SEM_W || e->loc < 0)
            continue;
        mdl_loc *l = &c->m->locs[e->loc];
        int k = 0;
        while (k < l->n_dom && !sem_val_eq(l->dom[k], e->val))
            k++;
        if (k < l->n_dom && l->writers[k])
            continue;       /* a run or the initial write makes it */
        if (k == l->n_dom)
            mdl_dom_add_prov(l, e->val, &none, 0);
        if (lseed_has(c, e->loc, c->th, e->val))
            continue;
        ll_grow((void **)&c->lseed, &c->cap_lseed, c->n_lseed + 1,
                sizeof *c->lseed);
        c->lseed[c->n_lseed].loc = e->loc;
        c->lseed[c->n_lseed].th = c->th;
        c->lseed[c->n_lseed++].v = e->val;
    }
    return false;
}

/* herd7's `Loop` test takes a loop's path whatever values lead there,
 * each read any write of the candidate, one after it in its thread too
 * (probe_loops in search.c). A write that only such a path makes
 * (`while (r2 != r1) { WRITE_ONCE(*y, r2 + 1); r2 = READ_ONCE(*y); }`
 * where y only ever holds 1, r1 too) is then the source of a read
 * before it: r1 = 2 from the loop's own write of 1 + 1 sends it round
 * (g16000044_77: herd7 `Loop No`, our rounds never entered the loop).
 * So the probing pass first runs the path pass over each thread, every
 * branch both ways, and the values its writes make that no run has
 * written yet may be taken by a probing read of that thread
 * (may_read_how); the search still asks each read for a write of its
 * value. Other threads read them only once a run writes them. */
static void seed_loop_values(run_ctx *c)
{
    for (int th = 0; th < c->m->n_threads; th++)
        explore_paths(c, th, loop_seed_path, NULL);
}

/* What find_unsolved's pass over a thread finds (unsolved_path). */
typedef struct unsolved_find {
    vc_thread *t;
    bool wild;          /* an access at an address a read made */
    int paths;
} unsolved_find;

/* A path of find_unsolved: its reads and writes, each write with the
 * reads its value is made of (sem_event.vdata, and data: more is only
 * more cycles). */
static bool unsolved_path(run_ctx *c, void *arg)
{
    unsolved_find *f = arg;
    if (++f->paths > MDL_COUNT_WRITES_PATHS)
        return f->wild = true;
    vc_path p = {ll_xmalloc((size_t)(c->n_ev + 1) * sizeof *p.ev), 0, 0};
    int *at = ll_xmalloc((size_t)(c->n_ev + 1) * sizeof *at);
    for (int i = 0; i < c->n_ev; i++) {
        const sem_event *e = &c->ev[i];
        at[i] = -1;
        if ((e->kind != SEM_R && e->kind != SEM_W) || e->loc < 0)
            continue;
        f->wild |= (e->addr | e->paddr) != 0;
        if (e->stmt <= c->loop_end) {
            int had = c->n_loop_locs;
            ll_grow((void **)&c->loop_locs, &c->n_loop_locs, e->loc + 1,
                    sizeof *c->loop_locs);
            memset(c->loop_locs + had, 0,
                   (size_t)(c->n_loop_locs - had) * sizeof *c->loop_locs);
            c->loop_locs[e->loc] = true;
        }
        vc_ev *v = &p.ev[p.n_ev];
        at[i] = p.n_ev++;
        v->write = e->kind == SEM_W;
        v->loc = e->loc;
        v->n_dep = 0;
        v->unknown = v->write && sem_is_unsolved(e->val);
        sem_taint d = v->write ? e->data | e->vdata | e->pdata : 0;
        for (int j = 0; j < i && d; j++) {
            const sem_event *r = &c->ev[j];
            if (r->kind != SEM_R || r->read_no < 0 ||
                r->read_no >= SEM_MAX_READS || !(d >> r->read_no & 1))
                continue;
            d &= ~((sem_taint)1 << r->read_no);
            if (at[j] >= 0)
                v->dep[v->n_dep++] = at[j];
            else
                v->unknown = true;
        }
        v->unknown |= d != 0;   /* a read with no event: no location */
    }
    free(at);
    vc_add_path(f->t, &p);
    return f->wild;
}

/* The last statement of thread code th that jumps back (a loop's end),
 * -1 if none. */
static int last_back_jump(const ll_thread *th)
{
    int last = -1;
    for (int pc = 0; pc < th->n_stmts; pc++) {
        const ll_stmt *st = &th->stmts[pc];
        for (int k = 0; st->has_instr && k < st->instr.n_ops; k++) {
            const ll_operand *o = &st->instr.ops[k];
            if (o->kind != LL_OPND_LABEL || !o->sym)
                continue;
            int to = ll_label_stmt(th, o->sym, pc);
            if (to >= 0 && to <= pc)
                last = pc;
        }
    }
    return last;
}

/* The locations where herd7 may meet a value reads-from leaves unsolved
 * (model/value_cycles.c), run_ctx.unsolved; an RMW's equation at any
 * other, made of reads of no other, only checks values: it pins none
 * and seeds none (sem_expect). g21060021_159, a cmpxchg of x expecting
 * `(*z + 1) * 2` beside an RMW chain of x and a copy of x to z and back,
 * seeded x with (z + 1) * 2 of each value of z, and pinned P1's
 * decrement to them, each round making z a new value: `too many paths`
 * in the fourth round after 13 s where herd7 answers in 1.2 s
 * (litmus/c/RMW+cmpxchg-expected-solved-copy-cycle). No bound when an
 * access's address is a value read (its location is not the pass's) or
 * a thread has more than MDL_COUNT_WRITES_PATHS paths; nor (mdl_runs)
 * when the pass jumps back on a value read (pass_looped). */
static void find_unsolved(run_ctx *c)
{
    mdl_test *m = c->m;
    vc_thread *t = ll_xcalloc((size_t)m->n_threads + 1, sizeof *t);
    bool wild = false;
    bool looped = c->looped;    /* the pass's back jumps are no run's */
    c->finding = true;
    for (int th = 0; th < m->n_threads && !wild; th++) {
        unsolved_find f = {&t[th], false, 0};
        c->loop_end = last_back_jump(m->threads[th].code);
        wild = !explore_paths(c, th, unsolved_path, &f) || f.wild;
    }
    c->finding = false;
    c->pass_looped = c->looped;
    c->looped = looped;
    if (!wild) {
        /* --explain's incoherent candidates aside (a cycle of them would
           only show rejected), as the model's */
        c->unsolved = vc_unsolved_locs(t, m->n_threads, m->n_locs,
                                       !m->incoherent);
        c->n_unsolved = m->n_locs;
    }
    vc_free(t, m->n_threads);
    free(t);
}

/* What seed_forced_values' passes over a thread find (forced_path). */
typedef struct forced_find {
    bool grew;          /* a value set grew */
    bool widen;         /* some read fed a value seeded (wide set) */
} forced_find;

/* Puts v in location l's value set with the ways given (NULL: none);
 * true when that is new to the last round's runs: a value the set did not
 * hold, other ways, or one the last round added, which no run read (the
 * rounds stop once an execution's writes are all in; a forced branch
 * makes an execution the rounds could not reach). */
static bool forced_add(run_ctx *c, int l, sem_val v, const mdl_ways *ways,
                       uint64_t writers)
{
    mdl_loc *loc = &c->m->locs[l];
    mdl_ways none = {{0}, 1};
    bool grew = mdl_dom_add_prov(loc, v, ways ? ways : &none, writers);
    int k = 0;
    while (k < loc->n_dom && !sem_val_eq(loc->dom[k], v))
        k++;
    return grew || l >= c->n_dom_read || k >= c->dom_read[l];
}

/* Marks wide the statements of the reads in t (forced_find.widen). */
static void widen_reads(run_ctx *c, sem_taint t, forced_find *f)
{
    for (int i = 0; i < c->n_ev && t; i++)
        if (c->ev[i].kind == SEM_R && c->ev[i].read_no >= 0 &&
            c->ev[i].read_no < 64 && (t >> c->ev[i].read_no & 1) &&
            !c->wide[c->ev[i].stmt])
            f->widen = c->wide[c->ev[i].stmt] = true;
}

/* A path of seed_forced_values: its writes (stores and RMWs), past a
 * branch it took both ways, of a value made of reads that branch did not
 * test, and its RMWs' expected values made so, put those values in their
 * locations' value sets, each with the ways of the reads it is made of
 * (an expected value with none started chains again: c21330001_227's
 * cmpxchg expecting r1, read from x, made z grow from 34 values to 123
 * in the rounds after, 0.1 s where 0.01 s now); the statements of those
 * reads are marked wide. The branches are those before the write (run_ctx.ev_forced): one
 * after it does not make its value (P1 `r0 = *y; WRITE_ONCE(*x, r0);
 * r2 = READ_ONCE(*z); if (r0 != 0) WRITE_ONCE(*x, r2 + 1); if (r0 ==
 * r2) ...`, P0 copying x to y: x = 0 + 1 anchors the cycle, herd7's
 * `0:r0=1`; the later test of r2 left that 1 out:
 * litmus/c/LB+anchored-write-then-branch-on-its-read). */
static bool forced_path(run_ctx *c, void *arg)
{
    forced_find *f = arg;
    for (int i = 0; i < c->n_expect && !c->dead; i++) {
        mdl_loc *l = &c->m->locs[c->expect[i].loc];
        if (!(c->expect[i].t & c->expect[i].forced)) {
            mdl_ways ways = reads_ways(c, c->expect[i].t);
            f->grew |= forced_add(c, c->expect[i].loc,
                                  sem_extend(c->expect[i].v, l->type.size,
                                             l->type.is_signed),
                                  &ways, MDL_ANY_WRITER);
            widen_reads(c, c->expect[i].t, f);
        }
    }
    for (int i = 0; i < c->n_ev && !c->dead && c->forced; i++) {
        const sem_event *e = &c->ev[i];
        sem_taint before = c->ev_forced[i];
        mdl_ways ways;
        if (e->kind == SEM_W && e->loc >= 0 && e->vdata && before &&
            !(e->vdata & before) && write_ways(c, i, &ways)) {
            f->grew |= forced_add(c, e->loc, e->val, &ways,
                                  thread_bit(c->th));
            widen_reads(c, e->vdata, f);
        }
    }
    return false;
}

/* herd7 solves a thin-air cycle a value made of a determined read
 * anchors (P1 `r0 = *x; r1 = READ_ONCE(*y); if (r1 == 1) *w = r0 + 1;`,
 * P2 `r0 = *w; if (r0 == 1) *y = r0;`: w is x's 0 plus 1, so y is 1 and
 * P1 takes its branch; or P2 `if (r0 == 1) atomic_inc(y)`, the RMW
 * writing what it reads plus 1). Our rounds never take that branch, y
 * holding 0 only, so w never holds 1. Once the rounds are done, the path
 * pass runs each thread again with the values found, each branch both
 * ways, and the values its writes make of reads no branch on the way
 * tested go in their locations' value sets. The pass takes one value a
 * read; where such a write's value is made of a read whose other values
 * make the anchor (an increment of another thread's 3, not of the
 * initial 0), a second pass over the thread has those reads take every
 * value. An RMW chain grows by one value at most: the pass runs once,
 * its reads take the values the sets held when the thread's pass began
 * (run_ctx.pass_dom), and the rounds after follow the write sites.
 * Without that bound a wide read took the values the pass had just
 * added too, at each turn of a choice before it: a cmpxchg expecting
 * `(*x + 1) * 2` made 2, 6, 14, 30 ... of x, 1889 values when the pass
 * stopped at MDL_MAX_RUNS paths, and the rounds had `too many paths`
 * or took 10 s where herd7 answers in 0.1 s (litmus/c/RMW+cmpxchg-
 * expected-pass-paths). True when a value set grew, and the rounds run
 * again. */
static bool seed_forced_values(run_ctx *c)
{
    forced_find f = {false, false};
    for (int th = 0; th < c->m->n_threads; th++) {
        if (!makes_values(c->m, th))
            continue;
        c->wide = ll_xcalloc((size_t)c->m->threads[th].code->n_stmts + 1,
                             sizeof *c->wide);
        c->n_pass_dom = c->m->n_locs;
        c->pass_dom = ll_xrealloc(c->pass_dom, (size_t)(c->n_pass_dom + 1) *
                                                   sizeof *c->pass_dom);
        for (int i = 0; i < c->n_pass_dom; i++)
            c->pass_dom[i] = c->m->locs[i].n_dom;
        f.widen = false;
        explore_paths(c, th, forced_path, &f);
        if (f.widen)
            explore_paths(c, th, forced_path, &f);
        free(c->wide);
        c->wide = NULL;
    }
    c->n_pass_dom = 0;
    return f.grew;
}

/* What count_writes' pass over a thread finds (writes_path). */
typedef struct writes_find {
    int *most;          /* per location: the most writes of a path */
    int n, cap;
    bool wild;          /* not every path seen: no bound */
    bool dep;           /* a store at an address a read made */
    bool cut;           /* a path cut at a loop's unrolling limit */
    int paths;
} writes_find;

static bool writes_path(run_ctx *c, void *arg)
{
    writes_find *f = arg;
    f->cut |= c->cut;
    f->dep |= c->any_dep_store;
    if (++f->paths > MDL_COUNT_WRITES_PATHS)
        return true;    /* not all seen: no bound */
    if (f->n < c->m->n_locs) {
        ll_grow((void **)&f->most, &f->cap, c->m->n_locs, sizeof *f->most);
        memset(f->most + f->n, 0,
               (size_t)(c->m->n_locs - f->n) * sizeof *f->most);
        f->n = c->m->n_locs;
    }
    /* a store at an address a read made may be at any location: the
       pass's one value put it at one, another value at another */
    for (int l = 0; l < f->n; l++) {     /* a dead path's too */
        int n = c->n_dep_stores;
        for (int i = 0; i < c->n_ev; i++)
            n += c->ev[i].kind == SEM_W && c->ev[i].loc == l &&
                 !(c->ev[i].addr | c->ev[i].paddr);
        if (n > f->most[l])
            f->most[l] = n;
    }
    return false;
}

/* The most writes each thread's paths make at each location (run_ctx.
 * fw): the path pass takes every way of every branch, whatever values
 * lead there. A write at an address a read made counts at every
 * location: the pass's one value a read put it at one (a spin on x had
 * no foreign value to read where herd7 has x written through p,
 * g12001106_189). Such a thread had no bound before, and g14000175_103,
 * whose P1 stores through the pointer its xchg reads, had P0's reads of
 * z take two values of z's 19 each, `too many paths` where herd7
 * answers in 0.5 s. A thread whose paths the pass did not all see (more
 * than MDL_COUNT_WRITES_PATHS) has no bound; nor has a location no path
 * reached before the rounds. The probing pass counts the run's own
 * writes too (fw_own): herd7's `Loop` test takes any write of the
 * candidate as a read's source (search.c reads_find_values), and a lock
 * read it chooses needs none (there the bound is not used). Without the
 * bound there, g14000174_421's probing pass went to `too many paths`
 * after 4 s (its reads of y, z and p each took every constant), herd7
 * 0.03 s; it keeps 1112 runs of P0 now. */
static void count_writes(run_ctx *c)
{
    mdl_test *m = c->m;
    writes_find *f = ll_xcalloc((size_t)m->n_threads, sizeof *f);
    c->fw_own = c->probing;
    bool looped = c->looped;    /* the pass's back jumps are no run's */
    for (int t = 0; t < m->n_threads; t++) {
        f[t].wild |= !explore_paths(c, t, writes_path, &f[t]);
        c->fw_own |= f[t].cut;
    }
    c->looped = looped;
    c->n_fw = m->n_locs;
    c->fw = ll_xmalloc((size_t)(m->n_threads * c->n_fw + 1) *
                       sizeof *c->fw);
    c->fw_dep = ll_xcalloc((size_t)m->n_threads + 1, sizeof *c->fw_dep);
    for (int t = 0; t < m->n_threads; t++) {
        for (int l = 0; l < c->n_fw; l++)
            c->fw[t * c->n_fw + l] = f[t].wild ? -1
                                     : l < f[t].n ? f[t].most[l] : 0;
        c->fw_dep[t] = f[t].dep;
        free(f[t].most);
    }
    free(f);
}

/* Whether some run writes a location more often than count_writes
 * found its thread's paths do: then the rounds run again without the
 * bound (a path the pass did not see). */
static bool writes_beyond(const run_ctx *c)
{
    const mdl_test *m = c->m;
    for (int t = 0; t < m->n_threads; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++) {
            const mdl_run *u = &m->threads[t].runs[k];
            for (int i = 0; i < u->n_ev; i++) {
                int l = u->ev[i].loc, n = 0;
                if (u->ev[i].kind != SEM_W || l < 0 || l >= c->n_fw ||
                    c->fw[t * c->n_fw + l] < 0)
                    continue;
                for (int j = 0; j <= i; j++)
                    n += u->ev[j].kind == SEM_W && u->ev[j].loc == l;
                if (n > c->fw[t * c->n_fw + l])
                    return true;
            }
        }
    return false;
}

/* What zero_paths_refuse's pass finds in a thread (zero_path). */
typedef struct zero_find {
    bool lonely, bare;
    ll_diag d;
} zero_find;

/* A path of zero_paths_refuse: whether it reads a constant address that
 * is no location with no write there or through an address read from
 * memory but its own RMW's (lonely, the read in d), and whether it has
 * no such write at all (bare); true once both are found. */
static bool zero_path(run_ctx *c, void *arg)
{
    zero_find *f = arg;
    if (c->path_refused)
        return true;
    if (c->dead)    /* a path cut short: what follows is not seen */
        return f->lonely && f->bare;
    f->bare |= !c->dep_store && c->n_zstore == 0;
    if (!f->lonely && !c->dep_store && c->n_zload > 0 &&
        (c->n_zstore == 0 || (c->zstore_own && !c->zstore_more))) {
        f->lonely = true;
        f->d = c->n_zstore ? c->zown_diag : c->zload_diag;
    }
    return f->lonely && f->bare;
}

/* Whether an access of some thread may be at a constant address (one
 * whose address is a constant, or a register that starts as one: a
 * pointer local): else no path has a read at 0 without a write from a
 * read, and the path pass is not worth its time. */
static bool may_go_to_0(const mdl_test *m)
{
    if (!m->ops->addr_operand)
        return true;
    for (int t = 0; t < m->n_threads; t++) {
        const ll_thread *code = m->threads[t].code;
        for (int i = 0; i < code->n_stmts; i++) {
            if (!code->stmts[i].has_instr)
                continue;
            const ll_instr *in = &code->stmts[i].instr;
            int k = m->ops->addr_operand(in);
            if (k < 0 || k >= in->n_ops)
                continue;
            const ll_operand *o = &in->ops[k];
            if (o->kind == LL_OPND_IMM)
                return true;
            if (o->kind != LL_OPND_REG)
                continue;
            int s = mdl_thread_slot(m, t, o->reg, o->sym);
            if (s < 0 || m->threads[t].init[s].v.sym < 0)
                return true;
        }
    }
    return false;
}

/* herd7 builds every path of every thread, whatever values lead there,
 * and pairs each read of a set of paths (one a thread) with the writes
 * that may be at its location: at the same one, or through an address
 * read from memory (not known yet), in any thread, before or after it,
 * but its own RMW's write. A read at a constant address that is no
 * location (C: a pointer local never set) with no such write refuses
 * the test (`Non symbolic location with no initial write: '[0]'`); with
 * one, that set of paths has no execution (the write would have to be
 * at 0). So the test is refused when a thread has a path with such a
 * read and every other thread a path with no such write. Paths found
 * here are herd7's; one it builds and the pass misses (a value that
 * cannot be chosen) only makes us answer where herd7 refuses. A path
 * that reaches an instruction herd7's semantics stop on refuses the
 * test too (sem_refuse_on_path). */
static bool zero_paths_refuse(run_ctx *c)
{
    mdl_test *m = c->m;
    if (!may_go_to_0(m))
        return false;
    zero_find *f = ll_xcalloc((size_t)m->n_threads, sizeof *f);
    c->path_refused = false;
    for (int t = 0; t < m->n_threads && !c->path_refused; t++)
        explore_paths(c, t, zero_path, &f[t]);
    if (c->path_refused) {
        m->diag = c->path_diag;
        m->failed = true;
        free(f);
        return true;
    }
    bool refuse = false;
    for (int t = 0; t < m->n_threads && !refuse; t++) {
        refuse = f[t].lonely;
        for (int u = 0; u < m->n_threads; u++)
            refuse &= u == t || f[u].bare;
        if (refuse) {
            ll_diag_set(&m->diag, f[t].d.line, f[t].d.col, "%s",
                        f[t].d.msg);
            m->failed = true;
        }
    }
    free(f);
    return refuse;
}

/* Whether run writes location l other than by instruction inst (an
 * RMW's read does not read its own write). */
static bool run_writes(const mdl_run *run, int l, int inst)
{
    for (int i = 0; i < run->n_ev; i++)
        if (run->ev[i].kind == SEM_W && run->ev[i].loc == l &&
            run->ev[i].inst != inst)
            return true;
    return false;
}

/* herd7 7.58 refuses a test where a read of a location off its symbol
 * at a fixed offset (sem_ops.const_offsets_apart), which has no initial
 * write, finds no write to read from in some choice of paths, one per
 * thread, whatever their values (`mixed-size test rejected (symbol
 * [x+4])`): a run with such a read and no other write there, and every
 * other thread a run with no write there. So does it a read at address
 * 0 (sem_ops.zero_location: `Non symbolic location with no initial
 * write: '[0]'`). */
static bool apart_unwritten(mdl_test *m)
{
    bool *bare = ll_xcalloc((size_t)m->n_threads + 1, sizeof *bare);
    bool refuse = false;
    for (int l = 0; l < m->n_locs && !refuse; l++) {
        /* (with errors_on_every_path, zero_paths_refuse's rule) */
        bool at0 = m->ops->zero_location && m->locs[l].no_init &&
                   !m->ops->errors_on_every_path &&
                   strcmp(m->syms[m->locs[l].sym], "addr:0") == 0;
        if (!m->locs[l].apart && !at0)
            continue;
        for (int t = 0; t < m->n_threads; t++) {
            bare[t] = false;
            /* a run stopped by an error (bad: C's store through an
               address read as 0) is no path of herd7's own: it refuses
               the test, or its reads find no values; one that went on
               past an illegal operation (mdl_run.illegal) is, as herd7
               checks the offsets before it fails on the operation
               (model_lisa.sh offset-beside-illegal) */
            for (int k = 0; k < m->threads[t].n_runs && !bare[t]; k++) {
                const mdl_run *run = &m->threads[t].runs[k];
                bare[t] = !run->probe && (!run->bad || run->illegal) &&
                          !run_writes(run, l, -1);
            }
        }
        for (int t = 0; t < m->n_threads && !refuse; t++) {
            bool others = true;
            for (int u = 0; u < m->n_threads; u++)
                others &= u == t || bare[u];
            for (int k = 0; k < m->threads[t].n_runs && others && !refuse;
                 k++) {
                const mdl_run *run = &m->threads[t].runs[k];
                for (int i = 0; i < run->n_ev && !refuse && !run->probe;
                     i++) {
                    const sem_event *e = &run->ev[i];
                    if (e->kind != SEM_R || e->loc != l ||
                        run_writes(run, l, e->inst))
                        continue;
                    char why[200];
                    mdl_loc_at(m, (sem_val){m->locs[l].off, m->locs[l].sym},
                               why, sizeof why);
                    ll_pos pos = m->threads[t].code->stmts[e->stmt].pos;
                    if (at0)
                        ll_diag_set(&m->diag, pos.line, pos.col,
                                    "memory access to 0, which is not a "
                                    "location");
                    else
                        ll_diag_set(&m->diag, pos.line, pos.col,
                                    "%s, read where nothing writes (herd7 "
                                    "refuses it without -variant mixed)",
                                    why);
                    m->failed = true;
                    refuse = true;
                }
            }
        }
    }
    free(bare);
    return refuse;
}

/* Whether a way of w goes through at most most write sites: a value an
 * execution of at most most writes may write (all_rounds). */
static bool short_way(const mdl_ways *w, int most)
{
    for (int i = 0; i < w->n; i++) {
        int n = 0;
        for (uint64_t b = w->w[i]; b; b &= b - 1)
            n++;
        if (n <= most)
            return true;
    }
    return false;
}

/* Whether a plain bad run of the round (mdl_run.bad, not illegal: the
 * only runs a run waiting at a lock serves, drop_waits) may find its
 * values: each read's value is its location's initial value or one a run
 * of the round wrote there (run_ctx.wrote), as the search needs
 * (search.c, reads_find_values; reads of herd_chosen_reads and found
 * ones aside). */
static bool bad_may_find(const run_ctx *c)
{
    const mdl_test *m = c->m;
    for (int t = 0; t < m->n_threads; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++) {
            const mdl_run *u = &m->threads[t].runs[k];
            bool found = u->bad && !u->illegal;
            for (int i = 0; i < u->n_ev && found; i++) {
                const sem_event *e = &u->ev[i];
                if (e->kind != SEM_R || e->loc < 0 ||
                    (e->tags & m->ops->herd_chosen_reads))
                    continue;
                const mdl_loc *l = &m->locs[e->loc];
                found = !l->no_init && sem_val_eq(l->init, e->val);
                for (int j = 0; j < c->n_wrote && !found; j++)
                    found = c->wrote[j].loc == e->loc &&
                            sem_val_eq(c->wrote[j].v, e->val);
            }
            if (found)
                return true;
        }
    return false;
}

/* Whether value v of location loc (just added or changed) may be taken
 * by a read of the round's runs (run_ctx.rd): a thread that reads loc,
 * where another thread writes v (mdl_value_outside) or where it may
 * read its own write. Probing and --explain's incoherent reads take
 * other values too: there every value may be. */
static bool value_live(const run_ctx *c, int loc, sem_val v)
{
    const mdl_test *m = c->m;
    const mdl_loc *l = &m->locs[loc];
    if (c->probing || incoherent_too(c))
        return true;
    int k = 0;
    while (k < l->n_dom && !sem_val_eq(l->dom[k], v))
        k++;
    int nt = m->n_threads;
    for (int u = 0; u < nt; u++) {
        int f = (loc + 1) * nt <= c->cap_rd ? c->rd[loc * nt + u] : 0;
        if ((f & READ_OWN) || (f && mdl_value_outside(l, k, u)) ||
            back_has(c, loc, u, v))
            return true;
    }
    return false;
}

/* The runs of every thread, round after round until the values the
 * reads may return stop growing. Runs that wait at a lock are kept only
 * from the round where a plain bad run may find its values, which is
 * then run again with them: they serve no other combination
 * (drop_waits), and a test with a pointer read from memory (may_go_to_0)
 * kept them on every path, 3^5 times the runs of a thread with five
 * spin_lock pairs, `too many paths` where herd7 answers in 3 s, whose
 * bad runs went to address 0 on a constant of the code read as a
 * pointer, which no write makes (litmus/c/C+lock-waits-address-0-unread). */
static bool all_rounds(run_ctx *c)
{
    mdl_test *m = c->m;
    bool ok = true;
    bool track = m->ops->symbolic_values || m->ops->follow_sites;
    for (int round = 0; ok; round++) {
        drop_runs(m);
        c->n_pend = 0;
        c->n_wrote = 0;
        c->new_pin = false;
        c->pin_ran = false;
        if (c->rd)
            memset(c->rd, 0, (size_t)c->cap_rd * sizeof *c->rd);
        back_clear(c);
        int total = 0;
        for (int th = 0; th < m->n_threads && ok; th++)
            ok = thread_runs(c, th, &total);
        if (!ok)
            break;
        if (c->waits_later && bad_may_find(c)) {
            c->waits_later = false;
            c->keep_waits = true;
            round--;            /* this round again, with them */
            continue;
        }
        bool grew = false;
        c->dom_read = ll_xrealloc(c->dom_read,
                                  (size_t)(m->n_locs + 1) * sizeof(int));
        c->n_dom_read = m->n_locs;
        for (int i = 0; i < m->n_locs; i++)
            c->dom_read[i] = m->locs[i].n_dom;
        int most = max_writes(m);
        bool grew_short = false, live = false;
        for (int i = 0; i < c->n_pend; i++) {
            bool g = mdl_dom_add_prov(&m->locs[c->pend[i].loc], c->pend[i].v,
                                      &c->pend[i].prov,
                                      thread_bit(c->pend[i].th));
            grew |= g;
            grew_short |= g && ((track && short_way(&c->pend[i].prov, most)) ||
                                c->pend[i].expected);
            live |= g && !live && value_live(c, c->pend[i].loc, c->pend[i].v);
        }
        /* a pin first met cuts ways the runs before it did not (one
           of a constant: those made of reads would go on as values do) */
        grew |= c->new_pin;
        grew_short |= c->new_pin;
        /* A value an execution writes comes through at most as many
           reads-from steps as it has writes, so that many rounds give
           them all; more would only add values no execution has. But a
           way found late, once a branch that needs it is taken, goes on
           as long as it is no longer than that (short_way), and so does
           an RMW's expected value new to the set: the RMW writes only
           once it reads it (two cmpxchgs, each expecting what the other
           writes, write nothing in the first round) */
        if (!grew || round + 1 >= MDL_MAX_ROUNDS ||
            (round + 1 > most && !grew_short))
            break;
        /* no read can take what changed (value_live): the next round
           would make the same runs, pins and writes, grow nothing and
           end the rounds, its last values read those the sets hold now.
           g14000175_103's third round took 169416 runs of P0 again for
           x's 21 and 23, which only P0's last RMW of x writes */
        if (!live && !c->new_pin && !c->pin_ran) {
            for (int i = 0; i < m->n_locs; i++)
                c->dom_read[i] = m->locs[i].n_dom;
            break;
        }
    }
    return ok;
}

/* all_rounds, again without count_writes' bound if a run went past it. */
static bool bounded_rounds(run_ctx *c)
{
    bool ok = all_rounds(c);
    if (ok && c->fw && writes_beyond(c)) {
        free(c->fw);
        free(c->fw_dep);
        c->fw_dep = NULL;
        c->fw = NULL;
        ok = all_rounds(c);
    }
    return ok;
}

/* Whether a value may be an address, as an illegal operation needs one:
 * a location's value that is (an initial `int *p = x`, a store of one),
 * or a location name the code uses other than as an access's address
 * (`q0 = y`, an operand, a lock's: taken as may be). Else free_runs
 * would find no illegal path, and is skipped (litmus/c/ took a fifth
 * longer with it on every test). */
static bool may_hold_address(const mdl_test *m)
{
    for (int l = 0; l < m->n_locs; l++)
        for (int k = 0; k < m->locs[l].n_dom; k++)
            if (m->locs[l].dom[k].sym >= 0)
                return true;
    for (int t = 0; t < m->n_threads; t++) {
        const ll_thread *code = m->threads[t].code;
        for (int i = 0; i < code->n_stmts; i++) {
            const ll_stmt *s = &code->stmts[i];
            if (!s->has_instr)
                continue;
            int addr = m->ops->addr_operand ? m->ops->addr_operand(&s->instr)
                                            : -1;
            for (int k = 0; k < s->instr.n_ops; k++)
                if (k != addr && s->instr.ops[k].kind == LL_OPND_SYM)
                    return true;
        }
    }
    return false;
}

/* Whether some run went on past an illegal operation. */
static bool some_illegal(const mdl_test *m)
{
    for (int t = 0; t < m->n_threads; t++)
        for (int k = 0; k < m->threads[t].n_runs; k++)
            if (m->threads[t].runs[k].illegal)
                return true;
    return false;
}

/* The symbol of name if the test has it already, else -1: a run that
 * names another adds it (mdl_sym). */
static int known_sym(const mdl_test *m, const char *name)
{
    for (int s = 0; name && s < m->n_syms; s++)
        if (!strcmp(m->syms[s], name))
            return s;
    return -1;
}

/* The location a constant address operand names, already one of the
 * test's, else -1: a run reaching another would add it (mdl_loc_id);
 * one off its symbol's elements too, which a run may mark (apart). */
static int known_loc(const mdl_test *m, const ll_operand *o)
{
    int s = o->kind == LL_OPND_SYM ? known_sym(m, o->sym) : -1;
    if (s < 0)
        return -1;
    int64_t esize = m->decls[s].type.size, off = o->imm;
    int64_t n = m->decls[s].n_elems > 0 ? m->decls[s].n_elems : 1;
    if (esize <= 0 || off < 0 || off >= n * esize || off % esize != 0)
        return -1;
    for (int l = 0; l < m->n_locs; l++)
        if (m->locs[l].sym == s && m->locs[l].off == o->imm)
            return l;
    return -1;
}

/* Whether location l's value set holds an address. */
static bool holds_address(const mdl_loc *l)
{
    for (int k = 0; k < l->n_dom; k++)
        if (l->dom[k].sym >= 0)
            return true;
    return false;
}

/* Whether operand o of a statement of thread th may have an address as
 * its value (addr: the slots that may hold one); else an immediate or
 * a label. */
static bool operand_may_be_address(const mdl_test *m, int th,
                                   const bool *addr, const ll_operand *o)
{
    if (o->kind == LL_OPND_REG) {
        int slot = mdl_thread_slot(m, th, o->reg, o->sym);
        return slot < 0 || addr[slot];
    }
    return o->kind != LL_OPND_IMM && o->kind != LL_OPND_LABEL;
}

/* One pass of no_illegal_path over thread th's statements: addr grows
 * with the slots that may hold an address (*grew); false where a
 * statement may make an illegal operation, or may reach a location not
 * yet the test's (an address not a constant one; a name not a location
 * of the test), or the flow does not know it. */
static bool address_pass(const mdl_test *m, int th, bool *addr, bool *grew)
{
    const ll_thread *code = m->threads[th].code;
    for (int i = 0; i < code->n_stmts; i++) {
        const ll_stmt *st = &code->stmts[i];
        if (!st->has_instr)
            continue;
        const ll_instr *in = &st->instr;
        int at = m->ops->addr_operand(in);
        bool may[LL_MAX_OPERANDS] = {0}, out[LL_MAX_OPERANDS] = {0};
        for (int k = 0; k < in->n_ops; k++) {
            const ll_operand *o = &in->ops[k];
            if (k == at) {
                int l = known_loc(m, o);
                if (l < 0)
                    return false;
                may[k] = holds_address(&m->locs[l]);
            } else if (o->kind == LL_OPND_SYM) {
                if (known_loc(m, o) < 0)    /* (a lock's word too) */
                    return false;
                may[k] = true;
            } else {
                may[k] = operand_may_be_address(m, th, addr, o);
            }
        }
        if (!m->ops->address_flow(in, may, out))
            return false;
        for (int k = 0; k < in->n_ops; k++) {
            int slot = out[k] ? mdl_thread_slot(m, th, in->ops[k].reg,
                                                in->ops[k].sym)
                              : -1;
            if (slot >= 0 && !addr[slot])
                *grew = addr[slot] = true;
        }
    }
    return true;
}

/* Whether no path of thread th can make an illegal operation whatever
 * values its reads take (free_runs then keeps none of its runs): the
 * registers that may hold an address, from the initial values, the
 * code's location names and the value sets of the locations read, until
 * they grow no more, meet no operation that would refuse one. The
 * thread must also reach no location a run would add (the pass runs no
 * path that would change the test): g21392000_168's thread of three
 * pointers read and left unused took two thirds of its time over the
 * 31250 paths of its pass, keeping none. */
static bool no_illegal_path(const mdl_test *m, int th)
{
    const mdl_thread *t = &m->threads[th];
    if (!m->ops->address_flow || !m->ops->addr_operand)
        return false;
    bool *addr = ll_xcalloc((size_t)t->n_slots + 1, sizeof *addr);
    for (int s = 0; s < t->n_slots; s++)
        addr[s] = t->init[s].v.sym >= 0;
    bool ok = true, grew = true;
    while (ok && grew) {
        grew = false;
        ok = address_pass(m, th, addr, &grew);
    }
    free(addr);
    return ok;
}

/* The runs of thread th on an illegal path that take a branch against
 * the value read (sem_free_branch), added to its runs: herd7 keeps a
 * candidate that carries a failure whatever equations it leaves, a
 * branch on a cycle's value among them (`if (r0 == 1) q0 = y; q0 * 2`
 * where the cycle writes r0 & 2: no run reads 1), so such a run serves
 * the illegal probe alone (symbolic.c takes it only where its branches'
 * values are unsolved). The values the reads return are the domains'.
 * Such a path may be the only illegal one (`if (r0 == 1)` where no run
 * reads 1): a C test has this pass where a value may be an address
 * (may_hold_address), at most MDL_MAX_RUNS / 8 paths a thread, past
 * which it adds no more (no refusal found there). others:
 * the runs of that kind that meet no illegal operation instead, marked
 * as if they did (mdl_run.illegal, no operation in illegal_t), which
 * serve a combination with another thread's illegal run alone. */
static void free_runs(run_ctx *c, int th, bool others)
{
    sem_run r;
    run_start(c, &r, th);
    c->free_br = true;
    c->free_others = others;
    long runs = 0;
    int kept = 0;
    do {
        run_once(c, &r);
        /* the search takes written values from the sets (drop_self_made;
           open: a value such a run alone writes) */
        if (free_kept(c, others) && writes_known(c->m, c->ev, c->n_ev)) {
            keep_run(c, &r);
            mdl_run *u = &c->m->threads[th].runs[c->m->threads[th].n_runs - 1];
            u->bad = u->illegal = true;
            kept++;
        }
    } while (kept < MDL_MAX_RUNS / 8 && ++runs <= MDL_MAX_RUNS / 8 &&
             next_choices(c) &&
             !(c->m->limits.timeout > 0 &&
               mdl_now() - c->m->start > c->m->limits.timeout));
    c->free_br = false;
    run_free(&r);
}

/* run_ctx.every: where a value may be left unsolved (find_unsolved),
 * and where its pass jumped back on a value read, where its paths
 * access a location up to a loop's end too; NULL if unsolved is. */
static void every_location(run_ctx *c)
{
    if (!c->unsolved)
        return;
    c->n_every = c->n_unsolved;
    c->every = ll_xmalloc((size_t)(c->n_every + 1) * sizeof *c->every);
    for (int i = 0; i < c->n_every; i++)
        c->every[i] = c->unsolved[i] ||
                      (c->pass_looped && i < c->n_loop_locs &&
                       c->loop_locs[i]);
}

/* Does some thread's code branch back (a loop), whether or not a run
 * goes round it? A loop no run enters can still be entered by herd7's
 * `Loop` test, which lets a read take a write after it in its thread
 * (probe_loops in search.c: `LDR W0,[X9]; STR W6,[X9]; CMP W0,#1;
 * B.MI out; spin on z`, W0 = 1 only from the later STR). */
static bool branches_back(const mdl_test *m)
{
    for (int t = 0; t < m->n_threads; t++)
        if (last_back_jump(m->threads[t].code) >= 0)
            return true;
    return false;
}

bool mdl_runs(mdl_test *m)
{
    run_ctx c = {0};
    c.m = m;
    c.pin_stmt = -1;
    bool ok = true;
    /* the seeds first, the locations a pass reaches first get them */
    c.n_named = m->n_locs;
    if (m->ops->seed_constants)
        seed_constants(m, false, &c);
    if (m->ops->symbolic_values)
        find_unsolved(&c);
    /* herd7's `Loop` test takes a loop's path whatever values lead
       there, its reads any write of the candidate (probe_loops): a
       constant that makes a run go round (g21150013_37: `while (r1 !=
       r0)`, x and y never written but in the loop) keeps the cut path
       ours. Those are the locations accessed up to a loop's end: the
       constants at the others, after every loop (their paths all
       constant addresses, find_unsolved), went round none and only
       multiplied the runs (g21395001_313: x read in a loop at the
       start, z in cmpxchgs after it, `too many paths` after 27 s where
       herd7 answers in 0.1 s). probe_loops' pass, for the Loop test
       alone, takes them so too (g21395106_345: 45237 runs of a thread
       with no loop, whose location no loop's path reads, where herd7
       answers in 0.05 s) */
    c.pass_looped |= m->loop_probe;
    every_location(&c);
    if (c.pass_looped) {
        free(c.unsolved);
        c.unsolved = NULL;
    }
    if (m->ops->seed_constants) {
        seed_constants(m, true, &c);
        for (int i = 0; c.every && i < c.n_named; i++)
            if (i >= c.n_every || !c.every[i])
                seed_loc(m, i);
    }
    if (m->ops->symbolic_values)
        seed_made_constants(&c);
    if (m->loop_probe)
        seed_loop_values(&c);
    c.probing = m->loop_probe;
    c.waits_later = may_go_to_0(m);
    if (m->ops->symbolic_values && !incoherent_too(&c))
        count_writes(&c);
    ok = bounded_rounds(&c);
    if (ok && m->ops->symbolic_values && seed_forced_values(&c))
        ok = bounded_rounds(&c);
    m->looped = c.looped || branches_back(m);
    if (ok && path_pass(m) && zero_paths_refuse(&c))
        ok = false;
    if (ok && ((m->ops->const_offsets_apart && !m->mixed_mode) ||
               m->ops->zero_location) && apart_unwritten(m))
        ok = false;
    if (ok && (m->ops->symbolic_values || m->ops->follow_sites))
        drop_self_made(m);
    if (ok)
        drop_waits(m);
    if (ok && m->ops->symbolic_values && !c.probing && may_hold_address(m)) {
        for (int t = 0; t < m->n_threads; t++)
            if (!no_illegal_path(m, t))
                free_runs(&c, t, false);
        if (some_illegal(m))
            for (int t = 0; t < m->n_threads; t++)
                free_runs(&c, t, true);
    }
    free(c.choice);
    free(c.n_alt);
    free(c.ev);
    free(c.pend);
    free(c.wrote);
    free(c.ev_forced);
    free(c.back);
    free(c.dom_read);
    free(c.pass_dom);
    free(c.fw);
    free(c.fw_dep);
    free(c.pin);
    free(c.todo);
    free(c.unsolved);
    free(c.every);
    free(c.loop_locs);
    free(c.lseed);
    free(c.rd);
    free(c.bk);
    return ok;
}
