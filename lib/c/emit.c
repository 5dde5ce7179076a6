/* c/emit.c — building a lowered C thread: statements appended to
 * ll_thread.stmts, fresh temporaries and labels, and the names in scope
 * (locals declared so far, the thread's parameters). */
#include "lib/c/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *c_name(c_lower *c, const char *s)
{
    ll_grow((void **)&c->pool, &c->cap_pool, c->n_pool + 1, sizeof *c->pool);
    c->pool[c->n_pool] = ll_xstrdup(s);
    return c->pool[c->n_pool++];
}

c_val c_imm(int64_t n)
{
    c_val v = {LL_OPND_IMM, n, NULL};
    return v;
}

c_val c_temp(c_lower *c)
{
    char buf[32];
    snprintf(buf, sizeof buf, "@t%d", c->n_temps++);
    c_val v = {LL_OPND_REG, 0, c_name(c, buf)};
    return v;
}

c_val c_discard(c_lower *c)
{
    char buf[32];
    snprintf(buf, sizeof buf, "@v%d", c->n_temps++);
    c_val v = {LL_OPND_REG, 0, c_name(c, buf)};
    return v;
}

const char *c_label(c_lower *c)
{
    char buf[32];
    snprintf(buf, sizeof buf, "@L%d", c->n_labels++);
    return c_name(c, buf);
}

static ll_stmt *new_stmt(c_lower *c)
{
    ll_thread *th = c->th;
    ll_grow((void **)&th->stmts, &c->cap_stmts, th->n_stmts + 1,
            sizeof *th->stmts);
    ll_stmt *s = &th->stmts[th->n_stmts++];
    memset(s, 0, sizeof *s);
    s->pos = c->at;
    return s;
}

static void set_operand(ll_operand *o, const c_val *v)
{
    memset(o, 0, sizeof *o);
    o->kind = v->kind;
    o->index = -1;
    o->reg = v->kind == LL_OPND_REG ? 0 : -1;
    o->imm = v->imm;
    o->sym = v->name ? ll_xstrdup(v->name) : NULL;
}

void c_emit(c_lower *c, int op, unsigned flags, int n, const c_val *ops)
{
    ll_stmt *s = new_stmt(c);
    s->has_instr = true;
    s->instr.op = op;
    s->instr.flags = flags | (c->step_next ? LL_C_STEP : 0);
    c->step_next = false;
    s->instr.n_ops = n;
    for (int i = 0; i < n; i++)
        set_operand(&s->instr.ops[i], &ops[i]);
}

/* A fence of kind k inserted before statement `at` of the thread (one
 * of the statement being lowered: no tree node starts after it yet). */
void c_insert_fence(c_lower *c, int at, unsigned k)
{
    ll_thread *th = c->th;
    new_stmt(c);
    memmove(&th->stmts[at + 1], &th->stmts[at],
            (size_t)(th->n_stmts - 1 - at) * sizeof *th->stmts);
    ll_stmt *s = &th->stmts[at];
    memset(s, 0, sizeof *s);
    s->pos = c->at;
    s->has_instr = true;
    s->instr.op = LL_C_FENCE;
    /* the fence starts the statement when its operands did (herd7: the
       leading smp_mb is before them, in their instruction) */
    s->instr.flags = k | (th->stmts[at + 1].instr.flags & LL_C_STEP);
    th->stmts[at + 1].instr.flags &= ~LL_C_STEP;
}

/* The RMW just emitted has its leading fence at statement `fence`
 * (c_insert_fence): each gets their distance (ll_instr.call). Later
 * insertions are before both, or after. */
void c_fenced_call(c_lower *c, int fence)
{
    int rmw = c->th->n_stmts - 1;
    c->th->stmts[fence].instr.call = rmw - fence;
    c->th->stmts[rmw].instr.call = rmw - fence;
}

void c_emit_label(c_lower *c, const char *label)
{
    new_stmt(c)->label = ll_xstrdup(label);
}

void c_emit_jump(c_lower *c, int op, const c_val *cond, const char *label)
{
    c_val ops[2];
    int n = 0;
    if (cond)
        ops[n++] = *cond;
    ops[n].kind = LL_OPND_LABEL;
    ops[n].imm = 0;
    ops[n++].name = label;
    c_emit(c, op, 0, n, ops);
}

c_val c_ctrl_save(c_lower *c)
{
    c_val t = c_temp(c);
    c_emit(c, LL_C_CTRL_SAVE, 0, 1, &t);
    return t;
}

void c_ctrl_restore(c_lower *c, c_val saved)
{
    c_emit(c, LL_C_CTRL_RESTORE, 0, 1, &saved);
}

bool c_is_local(const c_lower *c, const char *name)
{
    for (int i = 0; i < c->n_locals; i++)
        if (!strcmp(c->locals[i], name))
            return true;
    return false;
}

bool c_is_param(const c_lower *c, const char *name)
{
    for (int i = 0; i < c->n_params; i++)
        if (!strcmp(c->params[i], name))
            return true;
    return false;
}
