/* asm_shape.c — the operand loop shared by the table-driven plug-ins:
 * read a line's operands by a shape string ("rrm", "ro", "l") with the
 * arch's readers, and print them back with its printers; and the check
 * that a target is a name (ll_asm_named_target). */
#include <ctype.h>
#include <string.h>

#include "asm_lex.h"

static bool read_one(const ll_asm_syntax *sx, char kind, ll_span a,
                     ll_operand *o, ll_diag *d)
{
    *o = ll_opnd_imm(0);
    switch (kind) {
    case 'r':
        return sx->read_reg(sx->ctx, a, o, d);
    /* an immediate beyond herd7's -2^62..2^62-1 is the model's to refuse
       (sem_herd_ints), hwrun runs it */
    case 'i':
        return sx->read_imm(sx->ctx, a, o, d);
    case 'o':
        /* a register if it reads as one, else an immediate */
        if (sx->read_imm(sx->ctx, a, o, NULL))
            return true;
        *o = ll_opnd_imm(0);
        return sx->read_reg(sx->ctx, a, o, d);
    case 'm':
        return sx->read_mem(sx->ctx, a, o, d);
    default: { /* 'l' */
        char buf[32];
        int64_t bytes;
        /* herd7 also takes a section-like name, `.text` (its L061) */
        ll_span name = a;
        if (a.len > 1 && a.s[0] == '.')
            name = ll_span_sub(a, 1, a.len - 1);
        if (!ll_span_is_name(name) &&
            !ll_label_relative(ll_span_str(a, buf, sizeof buf), &bytes))
            return ll_asm_bad_operand(d, a, "a label");
        *o = ll_opnd_label(a);
        return true;
    }
    }
}

bool ll_asm_read_shape(const ll_asm_syntax *sx, const char *shape,
                       const ll_asm_line *ln, int first, ll_instr *out,
                       ll_diag *d)
{
    int want = (int)strlen(shape);
    if (ln->n_args - first != want)
        return ll_asm_arg_count(d, ln->mnem, want + first, ln->n_args);
    for (int i = 0; i < want; i++) {
        ll_operand *o = &out->ops[out->n_ops++];
        if (!read_one(sx, shape[i], ln->args[first + i], o, d))
            return false;
    }
    return true;
}

void ll_asm_print_ops(const ll_asm_syntax *sx, const ll_instr *in, int first,
                      ll_buf *b)
{
    for (int i = first; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        ll_buf_putc(b, i ? ',' : ' ');
        switch (o->kind) {
        case LL_OPND_REG:
            sx->print_reg(sx->ctx, o, b);
            break;
        case LL_OPND_IMM:
            sx->print_imm(sx->ctx, o, b);
            break;
        case LL_OPND_MEM:
            sx->print_mem(sx->ctx, o, b);
            break;
        default:
            ll_buf_puts(b, o->sym ? o->sym : "?");
            break;
        }
    }
}

void ll_asm_join_args(ll_asm_line *ln, int i)
{
    ll_span a = ln->args[i], b = ln->args[i + 1];
    ln->args[i].len = (int)(b.s + b.len - a.s);
    for (int k = i + 1; k + 1 < ln->n_args; k++)
        ln->args[k] = ln->args[k + 1];
    ln->n_args--;
}

bool ll_asm_named_target(const ll_instr *in, const ll_asm_line *ln,
                         ll_diag *d)
{
    const ll_operand *t = &in->ops[in->n_ops > 0 ? in->n_ops - 1 : 0];
    if (in->n_ops == 0 || ln->n_args == 0 || t->kind != LL_OPND_LABEL ||
        !t->sym || t->sym[0] != '.')
        return true;
    return ll_asm_bad_operand(d, ln->args[ln->n_args - 1],
                              "a label (herd7 and hwrun read no target "
                              "relative to `.`)");
}

void ll_asm_mixed_word(ll_buf *b, size_t at)
{
    for (size_t i = at; i < b->len && !isspace((unsigned char)b->data[i]);
         i++)
        b->data[i] = (char)(i == at ? toupper((unsigned char)b->data[i])
                                    : tolower((unsigned char)b->data[i]));
}

bool ll_span_mixed_case(ll_span s)
{
    bool upper = false, lower = false;
    for (int i = 0; i < s.len; i++) {
        upper |= isupper((unsigned char)s.s[i]) != 0;
        lower |= islower((unsigned char)s.s[i]) != 0;
    }
    return upper && lower;
}
