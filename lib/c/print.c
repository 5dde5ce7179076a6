/* c/print.c — a lowered C statement as text, for --explain's event
 * labels and for debugging the lowering. */
#include "litmuslab/c_ast.h"

#include <stddef.h>

static const char *const op_names[LL_C_NOPS] = {
    "mov", "bin", "un", "ld", "st", "rmw", "cmpxchg", "cas", "fence",
    "lock", "unlock", "trylock", "islocked", "srcu_lock", "srcu_unlock",
    "sync_srcu", "bz", "jmp", "ctrl_save", "ctrl_restore",
};

static const char *const binop_names[] = {
    "?", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "==", "!=",
    "<", "<=", ">", ">=",
};

static const char *const ann_names[] = {
    "plain", "once", "acquire", "release", "mb", "noreturn", "na", "rlx",
    "acq", "rel", "acq_rel", "sc",
};

static void operand(const ll_operand *o, ll_buf *out)
{
    switch (o->kind) {
    case LL_OPND_IMM:
        ll_buf_printf(out, "%lld", (long long)o->imm);
        break;
    case LL_OPND_SYM:
        if (o->imm)
            ll_buf_printf(out, "&%s%+lld", o->sym, (long long)o->imm);
        else
            ll_buf_printf(out, "&%s", o->sym);
        break;
    default:
        ll_buf_puts(out, o->sym ? o->sym : "?");
        break;
    }
}

void ll_c_print_instr(const ll_instr *in, ll_buf *out)
{
    const char *name = in->op >= 0 && in->op < LL_C_NOPS ? op_names[in->op]
                                                         : "?";
    if (in->op == LL_C_CAS && (in->flags & LL_C_CAS_UNLESS))
        name = "add_unless";
    ll_buf_puts(out, name);
    if (in->op == LL_C_BIN || in->op == LL_C_RMW) {
        unsigned b = in->flags & 0xff;
        if (b < sizeof binop_names / sizeof *binop_names && b)
            ll_buf_printf(out, "[%s]", binop_names[b]);
    }
    if (in->op == LL_C_LD || in->op == LL_C_ST || in->op == LL_C_RMW ||
        in->op == LL_C_CAS || in->op == LL_C_CAS11) {
        unsigned a = (unsigned)LL_C_ANN(in->flags);
        if (a < sizeof ann_names / sizeof *ann_names)
            ll_buf_printf(out, "{%s}", ann_names[a]);
    }
    if (in->op == LL_C_RMW && (in->flags & LL_C_RMW_FENCED))
        ll_buf_puts(out, "{fenced}");
    if (in->op == LL_C_FENCE)
        ll_buf_printf(out, "{%u}", in->flags & 0xff);
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_puts(out, i ? ", " : " ");
        operand(&in->ops[i], out);
    }
}
