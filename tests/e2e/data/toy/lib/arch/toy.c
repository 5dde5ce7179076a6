/* toy.c — the TOY plug-in (include/litmuslab/arch/toy.h): reads `ld
 * rD,x`, `st x,V` and `fence` into ll_instr and prints them back. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch/toy.h"

static const char *const mnems[LL_TOY_NOPS] = {"ld", "st", "fence"};

static int toy_reg_lookup(const char *name)
{
    if (name[0] == 'r' && name[1] >= '0' && name[1] < '0' + LL_TOY_NREGS &&
        !name[2])
        return name[1] - '0';
    return -1;
}

static const char *toy_reg_name(int reg)
{
    static const char *const names[LL_TOY_NREGS] = {"r0", "r1", "r2", "r3",
                                                     "r4", "r5", "r6", "r7"};
    return reg >= 0 && reg < LL_TOY_NREGS ? names[reg] : "?";
}

static const char *toy_op_name(int op)
{
    return op >= 0 && op < LL_TOY_NOPS ? mnems[op] : "?";
}

static int toy_reg_canon(int reg)
{
    return reg;
}

/* One operand, the text from s to end: a register, a number or a
 * location name. */
static bool operand(const char *s, size_t n, ll_operand *o, int col,
                    ll_diag *d)
{
    char word[64];
    if (n == 0 || n >= sizeof word) {
        ll_diag_set(d, 1, col, "expected an operand");
        return false;
    }
    memcpy(word, s, n);
    word[n] = '\0';
    o->reg = o->index = -1;
    char *end;
    long long v = strtoll(word, &end, 10);
    if ((o->reg = toy_reg_lookup(word)) >= 0) {
        o->kind = LL_OPND_REG;
    } else if (!*end) {
        o->kind = LL_OPND_IMM;
        o->imm = v;
    } else if (word[0] == 'r' && isdigit((unsigned char)word[1])) {
        ll_diag_set(d, 1, col, "bad operand '%s': the registers are r0 to "
                    "r7", word);
        return false;
    } else if (isalpha((unsigned char)word[0])) {
        o->kind = LL_OPND_SYM;
        o->sym = ll_xstrdup(word);
    } else {
        ll_diag_set(d, 1, col, "bad operand '%s'", word);
        return false;
    }
    return true;
}

static bool toy_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    memset(out, 0, sizeof *out);
    size_t n = strcspn(text, " \t");
    out->op = -1;
    for (int i = 0; i < LL_TOY_NOPS; i++)
        if (strlen(mnems[i]) == n && !strncmp(text, mnems[i], n))
            out->op = i;
    if (out->op < 0) {
        ll_diag_set(d, 1, 1, "unknown instruction '%.*s'", (int)n, text);
        return false;
    }
    const char *p = text + n;
    while (*p) {
        while (*p == ' ' || *p == '\t' || (out->n_ops && *p == ','))
            p++;
        size_t len = strcspn(p, ", \t");
        if (out->n_ops == 2 || !operand(p, len, &out->ops[out->n_ops],
                                        (int)(p - text) + 1, d)) {
            if (out->n_ops == 2)
                ll_diag_set(d, 1, (int)(p - text) + 1, "too many operands");
            ll_instr_clear(out);
            return false;
        }
        out->n_ops++;
        p += len;
    }
    static const int wanted[LL_TOY_NOPS] = {2, 2, 0};
    const ll_operand *o = out->ops;
    bool ok = out->n_ops == wanted[out->op] &&
              (out->op != LL_TOY_LD ||
               (o[0].kind == LL_OPND_REG && o[1].kind == LL_OPND_SYM)) &&
              (out->op != LL_TOY_ST ||
               (o[0].kind == LL_OPND_SYM && o[1].kind != LL_OPND_SYM));
    if (!ok) {
        ll_diag_set(d, 1, 1, "%s takes %s", mnems[out->op],
                    out->op == LL_TOY_LD   ? "a register and a location"
                    : out->op == LL_TOY_ST ? "a location and a value"
                                           : "no operand");
        ll_instr_clear(out);
    }
    return ok;
}

static void toy_print_instr(const ll_instr *in, ll_buf *b)
{
    ll_buf_puts(b, toy_op_name(in->op));
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        ll_buf_puts(b, i ? "," : " ");
        if (o->kind == LL_OPND_REG)
            ll_buf_puts(b, toy_reg_name(o->reg));
        else if (o->kind == LL_OPND_IMM)
            ll_buf_printf(b, "%lld", (long long)o->imm);
        else
            ll_buf_puts(b, o->sym);
    }
}

const ll_arch_ops ll_arch_toy = {
    .id = LL_ARCH_TOY,
    .name = "TOY",
    .parse_instr = toy_parse_instr,
    .print_instr = toy_print_instr,
    .reg_lookup = toy_reg_lookup,
    .reg_name = toy_reg_name,
    .op_name = toy_op_name,
    .reg_canon = toy_reg_canon,
};

/* Its line of the architecture list: test header name, aliases, id,
 * reader plug-in. */
const ll_arch_entry ll_arch_toy_names[] = {
    {"TOY", "toy-isa", LL_ARCH_TOY, &ll_arch_toy},
    {NULL, NULL, 0, NULL},
};
