/* x86.c — the x86 plug-in, for X86 and X86_64 headers: reads AT&T
 * spelling (and, under X86, herd's Intel spelling) into ll_instr with
 * operands in AT&T order (include/litmuslab/arch/x86.h), and prints it
 * back in the spelling it was read in. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm_lex.h"
#include "litmuslab/arch/x86.h"

static const char *const reg_lower[LL_X86_NREGS] = {
    "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9",
    "r10", "r11", "r12", "r13", "r14", "r15", "eax", "ecx", "edx", "ebx",
    "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d", "r12d", "r13d",
    "r14d", "r15d", "ax", "cx", "dx", "bx", "sp", "bp", "si", "di", "r8w",
    "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w", "al", "cl", "dl",
    "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b", "r10b", "r11b", "r12b",
    "r13b", "r14b", "r15b", "ah", "ch", "dh", "bh", NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

static const char *const reg_upper[LL_X86_NREGS] = {
    "RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI", "R8", "R9",
    "R10", "R11", "R12", "R13", "R14", "R15", "EAX", "ECX", "EDX", "EBX",
    "ESP", "EBP", "ESI", "EDI", "R8D", "R9D", "R10D", "R11D", "R12D", "R13D",
    "R14D", "R15D", "AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI", "R8W",
    "R9W", "R10W", "R11W", "R12W", "R13W", "R14W", "R15W", "AL", "CL", "DL",
    "BL", "SPL", "BPL", "SIL", "DIL", "R8B", "R9B", "R10B", "R11B", "R12B",
    "R13B", "R14B", "R15B", "AH", "CH", "DH", "BH", NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

typedef struct x86_form {
    const char *mnem;    /* lower case, without size suffix */
    ll_x86_op op;
    int nargs;
    bool sized;          /* takes a b/w/l/q suffix */
} x86_form;

static const x86_form forms[] = {
    {"mov", LL_X86_MOV, 2, true},
    {"add", LL_X86_ADD, 2, true},
    {"sub", LL_X86_SUB, 2, true},
    {"and", LL_X86_AND, 2, true},
    {"or", LL_X86_OR, 2, true},
    {"xor", LL_X86_XOR, 2, true},
    {"cmp", LL_X86_CMP, 2, true},
    {"inc", LL_X86_INC, 1, true},
    {"dec", LL_X86_DEC, 1, true},
    {"neg", LL_X86_NEG, 1, true},
    {"xchg", LL_X86_XCHG, 2, true},
    {"xadd", LL_X86_XADD, 2, true},
    {"cmpxchg", LL_X86_CMPXCHG, 2, true},
    {"mfence", LL_X86_MFENCE, 0, false},
    {"lfence", LL_X86_LFENCE, 0, false},
    {"sfence", LL_X86_SFENCE, 0, false},
    {"jmp", LL_X86_JMP, 1, false},
    {"je", LL_X86_JE, 1, false},
    {"jne", LL_X86_JNE, 1, false},
    {"jl", LL_X86_JL, 1, false},
    {"jle", LL_X86_JLE, 1, false},
    {"jg", LL_X86_JG, 1, false},
    {"jge", LL_X86_JGE, 1, false},
    {"js", LL_X86_JS, 1, false},
    {"jns", LL_X86_JNS, 1, false},
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

static const char size_letters[] = " bwlq";   /* index = LL_X86_SZ_* */

static const x86_form *form_of_op(int op)
{
    for (int i = 0; i < N_FORMS; i++)
        if ((int)forms[i].op == op)
            return &forms[i];
    return NULL;
}

static bool is_jump(int op)
{
    return op >= LL_X86_JMP && op <= LL_X86_JNS;
}

/* Mnemonic in any case; a sized form may end in b, w, l or q. */
static const x86_form *form_of_mnem(ll_span m, unsigned *size)
{
    int i = ll_asm_lookup(m, forms, N_FORMS, sizeof *forms, true);
    *size = LL_X86_SZ_NONE;
    int last = m.len > 1 ? tolower((unsigned char)m.s[m.len - 1]) : ' ';
    const char *suffix = strchr(size_letters + 1, last);
    if (i < 0 && suffix && *suffix) {
        ll_span base = {m.s, m.len - 1, m.col};
        i = ll_asm_lookup(base, forms, N_FORMS, sizeof *forms, true);
        if (i >= 0 && !forms[i].sized)
            i = -1;
        *size = i >= 0 ? (unsigned)(suffix - size_letters) : LL_X86_SZ_NONE;
    }
    return i >= 0 ? &forms[i] : NULL;
}

static int x86_reg_lookup(const char *name)
{
    if (name[0] == '%')
        name++;
    for (int i = 0; i < LL_X86_NREGS; i++)
        if (reg_lower[i] && strcasecmp(name, reg_lower[i]) == 0)
            return i;
    return -1;
}

static const char *x86_64_reg_name(int reg)
{
    if (reg < 0 || reg >= LL_X86_NREGS || !reg_lower[reg])
        return "?";
    return reg_lower[reg];
}

static const char *x86_reg_name(int reg)
{
    if (reg < 0 || reg >= LL_X86_NREGS || !reg_upper[reg])
        return "?";
    return reg_upper[reg];
}

static int x86_reg_canon(int reg)
{
    return reg >= 0 && reg < LL_X86_NREGS && reg_lower[reg]
               ? LL_X86_REG_BASE(reg) : reg;
}

int ll_x86_reg_width(int reg)
{
    static const int widths[] = {8, 4, 2, 1, 1};
    return reg >= 0 && reg < LL_X86_NREGS ? widths[LL_X86_REG_PART(reg)] : 0;
}

int ll_x86_width(const ll_instr *in, int default_bytes)
{
    static const int by_size[] = {0, 1, 2, 4, 8};
    unsigned sz = in->flags & LL_X86_SZ_MASK;
    if (sz != LL_X86_SZ_NONE && sz <= LL_X86_SZ_Q)
        return by_size[sz];
    for (int i = 0; i < in->n_ops; i++)
        if (in->ops[i].kind == LL_OPND_REG)
            return ll_x86_reg_width(in->ops[i].reg);
    return default_bytes;
}

static const char *x86_op_name(int op)
{
    const x86_form *f = form_of_op(op);
    return f ? f->mnem : "?";
}

/* A register name in s (with or without %); -1 if it is not one. */
static int span_reg(ll_span s)
{
    return ll_span_reg(s, x86_reg_lookup);
}

static bool read_reg(ll_span s, int *reg, ll_diag *d)
{
    *reg = span_reg(s);
    if (*reg >= 0)
        return true;
    if (s.len > 1 && s.s[0] == '%')
        return ll_asm_unknown_reg(d, s);
    return ll_asm_bad_operand(d, s, "a register");
}

/* Inside Intel brackets or AT&T parentheses with one part: a location
 * name, a register or an absolute address. */
static bool read_simple_address(ll_span in, ll_span whole, ll_operand *o,
                                ll_diag *d)
{
    if (span_reg(in) >= 0 || (in.len > 0 && in.s[0] == '%'))
        return read_reg(in, &o->reg, d);
    if (ll_span_is_name(in)) {
        o->sym = ll_span_dup(in);
        return true;
    }
    if (ll_span_int(in, &o->imm))
        return true;
    return ll_asm_bad_operand(d, whole, "a memory operand");
}

/* AT&T memory: `disp(base,index,scale)`, `(x)`, `x(%reg)`, or a bare
 * location name `x`. */
static bool read_att_mem(ll_span s, ll_operand *o, ll_diag *d)
{
    *o = ll_opnd_mem(-1, -1, 0);
    int open = ll_span_find(s, '(');
    if (open < 0) {
        if (!ll_span_is_name(s))
            return ll_asm_bad_operand(d, s, "an operand");
        o->sym = ll_span_dup(s);
        return true;
    }
    ll_span inner, disp = ll_span_sub(s, 0, open);
    if (!ll_span_wrapped(ll_span_sub(s, open, s.len - open), '(', ')',
                         &inner))
        return ll_asm_bad_operand(d, s, "a memory operand");
    ll_span parts[3];
    int n = ll_span_split_commas(inner, parts, 3);
    if (n < 0)
        return ll_asm_bad_operand(d, s, "a memory operand");
    if (n == 1 && disp.len == 0)
        return read_simple_address(inner, s, o, d);
    if (disp.len > 0) {
        if (ll_span_is_name(disp))
            o->sym = ll_span_dup(disp);
        else if (!ll_span_int(disp, &o->imm))
            return ll_asm_bad_operand(d, s, "a memory operand");
    }
    if (parts[0].len > 0 && !read_reg(parts[0], &o->reg, d))
        return false;
    if (n >= 2 && !read_reg(parts[1], &o->index, d))
        return false;
    if (n >= 2)
        o->shift = 1;
    if (n == 3) {
        int64_t scale;
        if (!ll_span_int(parts[2], &scale) ||
            (scale != 1 && scale != 2 && scale != 4 && scale != 8))
            return ll_asm_bad_operand(d, parts[2], "a scale of 1, 2, 4 or 8");
        o->shift = (int)scale;
    }
    return true;
}

/* One operand in either spelling: $imm or a bare integer, a register,
 * `[...]`, or (AT&T) a memory operand. Labels are handled by the caller. */
static bool read_operand(ll_span s, bool intel, ll_operand *o, ll_diag *d)
{
    *o = ll_opnd_imm(0);
    if (s.s[0] == '$') {
        ll_span num = ll_span_sub(s, 1, s.len - 1);
        if (!ll_span_int(num, &o->imm))
            return ll_asm_bad_operand(d, s, "an immediate $N");
        return true;
    }
    if (ll_span_int(s, &o->imm))
        return true;
    if (s.s[0] == '%' || span_reg(s) >= 0) {
        *o = ll_opnd_reg(-1);
        return read_reg(s, &o->reg, d);
    }
    ll_span inner;
    if (ll_span_wrapped(s, '[', ']', &inner)) {
        *o = ll_opnd_mem(-1, -1, 0);
        return read_simple_address(inner, s, o, d);
    }
    if (intel && ll_span_is_name(s))
        return ll_asm_unknown_reg(d, s);   /* Intel memory is bracketed */
    return read_att_mem(s, o, d);
}

/* Which spelling the operands use: 1 Intel, 0 AT&T, -1 undecided. */
static int operands_spelling(const ll_asm_line *ln)
{
    int intel = -1;
    for (int i = 0; i < ln->n_args; i++) {
        ll_span a = ln->args[i];
        if (memchr(a.s, '%', (size_t)a.len) || memchr(a.s, '(', (size_t)a.len))
            return 0;
        if (a.s[0] == '[' || span_reg(a) >= 0)
            intel = 1;
    }
    return intel;
}

static bool all_upper(ll_span s)
{
    for (int i = 0; i < s.len; i++)
        if (islower((unsigned char)s.s[i]))
            return false;
    return true;
}

static bool check_operands(const x86_form *f, const ll_asm_line *ln,
                           ll_instr *out, ll_diag *d)
{
    if (is_jump((int)f->op)) {
        if (!ll_span_is_name(ln->args[0]))
            return ll_asm_bad_operand(d, ln->args[0], "a label");
        return true;
    }
    /* the destination (last, in AT&T order) cannot be an immediate */
    if (f->nargs > 0 && out->ops[f->nargs - 1].kind == LL_OPND_IMM)
        return ll_asm_bad_operand(d, ln->args[out->flags & LL_X86_F_INTEL
                                              ? 0 : f->nargs - 1],
                                  "a register or memory destination");
    if (f->nargs == 2 && out->ops[0].kind == LL_OPND_MEM &&
        out->ops[1].kind == LL_OPND_MEM) {
        ll_diag_set(d, 0, ln->args[0].col, "at most one memory operand");
        return false;
    }
    if ((f->op == LL_X86_XCHG || f->op == LL_X86_XADD ||
         f->op == LL_X86_CMPXCHG) && out->ops[0].kind == LL_OPND_IMM)
        return ll_asm_bad_operand(d, ln->args[0], "a register or memory");
    return true;
}

static bool parse_x86(const char *text, ll_instr *out, ll_diag *d,
                      bool intel_ok)
{
    memset(out, 0, sizeof *out);
    ll_asm_line ln;
    if (!ll_asm_split(ll_span_of(text), &ln, d))
        return false;
    if (ll_span_eq_nocase(ln.mnem, "lock")) {
        ll_span lock = ln.mnem;
        if (ln.rest.len == 0) {
            ll_diag_set(d, 0, lock.col, "'lock' needs an instruction");
            return false;
        }
        if (!ll_asm_split(ln.rest, &ln, d))
            return false;
        out->flags |= LL_X86_F_LOCK;
    }
    unsigned size;
    const x86_form *f = form_of_mnem(ln.mnem, &size);
    if (!f)
        return ll_asm_unknown_instr(d, ln.mnem);
    if (ln.n_args != f->nargs)
        return ll_asm_arg_count(d, ln.mnem, f->nargs, ln.n_args);
    out->op = (int)f->op;
    out->flags |= size;
    int spelling = operands_spelling(&ln);
    bool intel = intel_ok && (spelling == 1 ||
                              (spelling == -1 && all_upper(ln.mnem)));
    if (intel)
        out->flags |= LL_X86_F_INTEL;
    for (int i = 0; i < f->nargs; i++) {
        /* Intel writes the destination first: store in AT&T order */
        ll_span a = ln.args[intel ? f->nargs - 1 - i : i];
        ll_operand *o = &out->ops[out->n_ops++];
        bool ok = is_jump(out->op) ? (*o = ll_opnd_label(a), true)
                                   : read_operand(a, intel, o, d);
        if (!ok) {
            ll_instr_clear(out);
            return false;
        }
    }
    /* herd reads `cmpxchg (x),%rcx`: the register is the source */
    if (out->op == LL_X86_CMPXCHG && !intel &&
        out->ops[0].kind == LL_OPND_MEM && out->ops[1].kind == LL_OPND_REG) {
        ll_operand t = out->ops[0];
        out->ops[0] = out->ops[1];
        out->ops[1] = t;
    }
    if (!check_operands(f, &ln, out, d)) {
        ll_instr_clear(out);
        return false;
    }
    return true;
}

static bool x86_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    return parse_x86(text, out, d, true);
}

static bool x86_64_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    return parse_x86(text, out, d, false);
}

static void print_att_mem(const ll_operand *o, ll_buf *b)
{
    const char *(*name)(int) = x86_64_reg_name;
    if (o->reg < 0 && o->index < 0) {
        ll_buf_putc(b, '(');
        if (o->sym)
            ll_buf_puts(b, o->sym);
        else
            ll_asm_print_int(b, "", o->imm);
        ll_buf_putc(b, ')');
        return;
    }
    if (o->sym)
        ll_buf_puts(b, o->sym);
    else if (o->imm != 0)
        ll_asm_print_int(b, "", o->imm);
    ll_buf_putc(b, '(');
    if (o->reg >= 0)
        ll_buf_printf(b, "%%%s", name(o->reg));
    if (o->index >= 0)
        ll_buf_printf(b, ",%%%s,%d", name(o->index), o->shift);
    ll_buf_putc(b, ')');
}

static void print_intel_mem(const ll_operand *o, ll_buf *b)
{
    ll_buf_putc(b, '[');
    if (o->sym)
        ll_buf_puts(b, o->sym);
    else if (o->reg >= 0)
        ll_buf_puts(b, x86_reg_name(o->reg));
    else
        ll_asm_print_int(b, "", o->imm);
    ll_buf_putc(b, ']');
}

static void print_operand(const ll_operand *o, bool intel, ll_buf *b)
{
    switch (o->kind) {
    case LL_OPND_IMM:
        ll_asm_print_int(b, "$", o->imm);
        break;
    case LL_OPND_REG:
        if (intel)
            ll_buf_puts(b, x86_reg_name(o->reg));
        else
            ll_buf_printf(b, "%%%s", x86_64_reg_name(o->reg));
        break;
    case LL_OPND_MEM:
        if (intel)
            print_intel_mem(o, b);
        else
            print_att_mem(o, b);
        break;
    default:
        ll_buf_puts(b, o->sym ? o->sym : "?");
        break;
    }
}

static void x86_print_instr(const ll_instr *in, ll_buf *b)
{
    const x86_form *f = form_of_op(in->op);
    bool intel = in->flags & LL_X86_F_INTEL;
    if (!f) {
        ll_buf_puts(b, "?");
        return;
    }
    ll_buf mnem = {0};
    if (in->flags & LL_X86_F_LOCK)
        ll_buf_puts(&mnem, "lock ");
    ll_buf_puts(&mnem, f->mnem);
    unsigned size = in->flags & LL_X86_SZ_MASK;
    if (size != LL_X86_SZ_NONE && size <= LL_X86_SZ_Q)
        ll_buf_putc(&mnem, size_letters[size]);
    for (size_t i = 0; intel && i < mnem.len; i++)
        mnem.data[i] = (char)toupper((unsigned char)mnem.data[i]);
    ll_buf_puts(b, ll_buf_str(&mnem));
    ll_buf_free(&mnem);
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_putc(b, i ? ',' : ' ');
        print_operand(&in->ops[intel ? in->n_ops - 1 - i : i], intel, b);
    }
}

const ll_arch_ops ll_arch_x86 = {
    .id = LL_ARCH_X86,
    .name = "X86",
    .parse_instr = x86_parse_instr,
    .print_instr = x86_print_instr,
    .reg_lookup = x86_reg_lookup,
    .reg_name = x86_reg_name,
    .op_name = x86_op_name,
    .reg_canon = x86_reg_canon,
};

const ll_arch_ops ll_arch_x86_64 = {
    .id = LL_ARCH_X86,
    .name = "X86_64",
    .parse_instr = x86_64_parse_instr,
    .print_instr = x86_print_instr,
    .reg_lookup = x86_reg_lookup,
    .reg_name = x86_64_reg_name,
    .op_name = x86_op_name,
    .reg_canon = x86_reg_canon,
};
