/* x86.c — the x86 plug-in, for X86 and X86_64 headers: reads AT&T
 * spelling (and, under X86, herd's Intel spelling) into ll_instr with
 * operands in AT&T order (include/litmuslab/arch/x86.h), checks operand
 * kinds and widths against the one opcode table, prints it back in the
 * spelling it was read in, and in herd7's spelling for the test digest. */
#include <ctype.h>
#include <stdio.h>
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
    "rip", "eip", "es", "cs", "ss", "ds", "fs", "gs",
};

/* deliberate likeness: reg_lower in capitals (data: constant names). */
static const char *const reg_upper[LL_X86_NREGS] = {
    "RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI", "R8", "R9",
    "R10", "R11", "R12", "R13", "R14", "R15", "EAX", "ECX", "EDX", "EBX",
    "ESP", "EBP", "ESI", "EDI", "R8D", "R9D", "R10D", "R11D", "R12D", "R13D",
    "R14D", "R15D", "AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI", "R8W",
    "R9W", "R10W", "R11W", "R12W", "R13W", "R14W", "R15W", "AL", "CL", "DL",
    "BL", "SPL", "BPL", "SIL", "DIL", "R8B", "R9B", "R10B", "R11B", "R12B",
    "R13B", "R14B", "R15B", "AH", "CH", "DH", "BH", NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "RIP", "EIP", "ES", "CS", "SS", "DS", "FS", "GS",
};

enum { R = LL_X86_K_REG, M = LL_X86_K_MEM, RM = LL_X86_K_RM,
       ANY = LL_X86_K_ANY, RI = LL_X86_K_REG | LL_X86_K_IMM,
       LBL = LL_X86_K_LABEL };

/* The table (see x86.h): mnem, min..max operands, kinds, sized, lockable,
 * in herd7's X86_64 front end. */
const ll_x86_opinfo ll_x86_table[LL_X86_NOPS] = {
    [LL_X86_MOV] = {"mov", 2, 2, {ANY, RM}, true, false, true},
    [LL_X86_ADD] = {"add", 2, 2, {ANY, RM}, true, true, true},
    [LL_X86_SUB] = {"sub", 2, 2, {ANY, RM}, true, true, false},
    [LL_X86_ADC] = {"adc", 2, 2, {ANY, RM}, true, true, false},
    [LL_X86_SBB] = {"sbb", 2, 2, {ANY, RM}, true, true, false},
    [LL_X86_AND] = {"and", 2, 2, {ANY, RM}, true, true, true},
    [LL_X86_OR] = {"or", 2, 2, {ANY, RM}, true, true, true},
    [LL_X86_XOR] = {"xor", 2, 2, {ANY, RM}, true, true, true},
    [LL_X86_CMP] = {"cmp", 2, 2, {ANY, RM}, true, false, true},
    [LL_X86_TEST] = {"test", 2, 2, {ANY, RM}, true, false, false},
    [LL_X86_INC] = {"inc", 1, 1, {RM}, true, true, true},
    [LL_X86_DEC] = {"dec", 1, 1, {RM}, true, true, true},
    [LL_X86_NEG] = {"neg", 1, 1, {RM}, true, true, false},
    [LL_X86_NOT] = {"not", 1, 1, {RM}, true, true, false},
    [LL_X86_XCHG] = {"xchg", 2, 2, {RM, RM}, true, true, true},
    [LL_X86_UXCH] = {"uxch", 2, 2, {RM, RM}, true, false, true},
    [LL_X86_XADD] = {"xadd", 2, 2, {R, RM}, true, true, false},
    [LL_X86_CMPXCHG] = {"cmpxchg", 2, 2, {R, RM}, true, true, false},
    [LL_X86_SHL] = {"shl", 1, 2, {RI, RM}, true, false, true},
    [LL_X86_SHR] = {"shr", 1, 2, {RI, RM}, true, false, false},
    [LL_X86_SAR] = {"sar", 1, 2, {RI, RM}, true, false, false},
    [LL_X86_MOVZX] = {"movzx", 2, 2, {RM, R}, false, false, false},
    [LL_X86_MOVSX] = {"movsx", 2, 2, {RM, R}, false, false, false},
    [LL_X86_LEA] = {"lea", 2, 2, {M, R}, true, false, false},
    [LL_X86_SETCC] = {"set", 1, 1, {RM}, false, false, true},
    [LL_X86_CMOVCC] = {"cmov", 2, 2, {RM, R}, true, false, true},
    [LL_X86_MOVNTI] = {"movnti", 2, 2, {R, M}, true, false, true},
    [LL_X86_CLFLUSH] = {"clflush", 1, 1, {M}, false, false, true},
    [LL_X86_CLFLUSHOPT] = {"clflushopt", 1, 1, {M}, false, false, true},
    [LL_X86_MFENCE] = {"mfence", 0, 0, {0}, false, false, true},
    [LL_X86_LFENCE] = {"lfence", 0, 0, {0}, false, false, true},
    [LL_X86_SFENCE] = {"sfence", 0, 0, {0}, false, false, true},
    [LL_X86_NOP] = {"nop", 0, 1, {RM}, true, false, true},
    [LL_X86_ENDBR64] = {"endbr64", 0, 0, {0}, false, false, true},
    [LL_X86_RET] = {"ret", 0, 0, {0}, false, false, true},
    [LL_X86_JMP] = {"jmp", 1, 1, {LBL}, false, false, true},
    [LL_X86_JCC] = {"j", 1, 1, {LBL}, false, false, true},
};

static bool has_cc(int op)
{
    return op == LL_X86_JCC || op == LL_X86_SETCC || op == LL_X86_CMOVCC;
}

/* Condition-code names as read (aliases included; `lt` `gt` are herd's). */
static const struct {
    const char *name;
    int cc;
} cc_names[] = {
    {"o", LL_X86_CC_O}, {"no", LL_X86_CC_NO}, {"b", LL_X86_CC_B},
    {"c", LL_X86_CC_B}, {"nae", LL_X86_CC_B}, {"ae", LL_X86_CC_AE},
    {"nb", LL_X86_CC_AE}, {"nc", LL_X86_CC_AE}, {"e", LL_X86_CC_E},
    {"z", LL_X86_CC_E}, {"ne", LL_X86_CC_NE}, {"nz", LL_X86_CC_NE},
    {"be", LL_X86_CC_BE}, {"na", LL_X86_CC_BE}, {"a", LL_X86_CC_A},
    {"nbe", LL_X86_CC_A}, {"s", LL_X86_CC_S}, {"ns", LL_X86_CC_NS},
    {"p", LL_X86_CC_P}, {"pe", LL_X86_CC_P}, {"np", LL_X86_CC_NP},
    {"po", LL_X86_CC_NP}, {"l", LL_X86_CC_L}, {"nge", LL_X86_CC_L},
    {"lt", LL_X86_CC_L}, {"ge", LL_X86_CC_GE}, {"nl", LL_X86_CC_GE},
    {"le", LL_X86_CC_LE}, {"ng", LL_X86_CC_LE}, {"g", LL_X86_CC_G},
    {"nle", LL_X86_CC_G}, {"gt", LL_X86_CC_G},
};

/* The printed name of each condition; herd7 spells two as setnb and
 * cmovc, its only forms of those instructions. */
static const char *const cc_print[LL_X86_NCC] = {
    "o", "no", "b", "ae", "e", "ne", "be", "a",
    "s", "ns", "p", "np", "l", "ge", "le", "g",
};

static int cc_lookup(const char *s)
{
    for (size_t i = 0; i < sizeof cc_names / sizeof *cc_names; i++)
        if (!strcmp(cc_names[i].name, s))
            return cc_names[i].cc;
    return -1;
}

/* Other spellings of table entries. */
static const struct {
    const char *name;
    int op;
} aliases[] = {
    {"sal", LL_X86_SHL}, {"movsxd", LL_X86_MOVSX}, {"retq", LL_X86_RET},
};

/* herd7 instructions that are read by its front ends but not by us. */
static const struct {
    const char *name;
    const char *why;
} refused[] = {
    {"movt", "herd7's X86 10-byte move has no 10-byte locations here"},
    {"movsd", "herd7's X86 string move is not modelled"},
    {"read", "herd7's X86 READ pseudo-instruction is not modelled"},
    {"movd", "xmm registers are not modelled"},
    {"movntdqa", "xmm registers and 16-byte accesses are not modelled"},
};

static const char size_letters[] = " bwlq";   /* index = LL_X86_SZ_* */

static int size_of_letter(char c)
{
    const char *p = c ? strchr(size_letters + 1, c) : NULL;
    return p ? (int)(p - size_letters) : LL_X86_SZ_NONE;
}

static int plain_lookup(const char *m)
{
    for (int op = 0; op < LL_X86_NOPS; op++)
        if (!has_cc(op) && !strcmp(ll_x86_table[op].mnem, m))
            return op;
    return -1;
}

static int alias_lookup(const char *m, unsigned *flags)
{
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (!strcmp(aliases[i].name, m)) {
            if (aliases[i].op != LL_X86_RET)    /* herd7 reads retq */
                *flags |= LL_X86_F_ALIAS;
            return aliases[i].op;
        }
    return -1;
}

/* The conditions herd7 7.58 reads, as it spells them: family prefix and
 * the names after it. */
static bool herd_cc_spelling(int op, const char *cc)
{
    static const char *const jumps[] = {"e", "ne", "s", "ns", "lt", "ge",
                                        "le", "gt"};
    if (op == LL_X86_SETCC)
        return !strcmp(cc, "nb");
    if (op == LL_X86_CMOVCC)
        return !strcmp(cc, "c");
    for (size_t i = 0; i < sizeof jumps / sizeof *jumps; i++)
        if (!strcmp(cc, jumps[i]))
            return true;
    return false;
}

/* A condition family: "j"+cc, "set"+cc, "cmov"+cc with an optional size. */
static int family_lookup(const char *m, unsigned *flags)
{
    static const struct {
        const char *prefix;
        int op;
    } fam[] = {{"j", LL_X86_JCC}, {"set", LL_X86_SETCC},
               {"cmov", LL_X86_CMOVCC}};
    for (int f = 0; f < 3; f++) {
        size_t n = strlen(fam[f].prefix);
        if (strncmp(m, fam[f].prefix, n) || !m[n])
            continue;
        char rest[8];
        snprintf(rest, sizeof rest, "%s", m + n);
        int cc = cc_lookup(rest);
        size_t len = strlen(rest);
        if (cc < 0 && ll_x86_table[fam[f].op].sized && len > 1 &&
            size_of_letter(rest[len - 1])) {
            *flags |= (unsigned)size_of_letter(rest[len - 1]);
            rest[len - 1] = 0;
            cc = cc_lookup(rest);
        }
        if (cc >= 0) {
            *flags |= (unsigned)cc << LL_X86_CC_SHIFT;
            if (herd_cc_spelling(fam[f].op, rest))
                *flags |= LL_X86_F_HERD_CC;
            return fam[f].op;
        }
        *flags &= ~LL_X86_SZ_MASK;
    }
    return -1;
}

/* movzbl movswq movslq ...: MOVZX/MOVSX with source and destination sizes. */
static int widen_lookup(const char *m, unsigned *flags)
{
    if (strlen(m) != 6 || (strncmp(m, "movz", 4) && strncmp(m, "movs", 4)))
        return -1;
    int src = size_of_letter(m[4]), dst = size_of_letter(m[5]);
    if (!src || !dst)
        return -1;
    *flags |= (unsigned)dst | (unsigned)src << LL_X86_SRC_SHIFT;
    return m[3] == 'z' ? LL_X86_MOVZX : LL_X86_MOVSX;
}

/* Mnemonic in any case: the opcode and the flags it says (size, cc). */
static int mnem_lookup(ll_span s, unsigned *flags)
{
    char m[24];
    if (s.len >= (int)sizeof m)
        return -1;
    for (int i = 0; i < s.len; i++)
        m[i] = (char)tolower((unsigned char)s.s[i]);
    m[s.len] = 0;
    int op = plain_lookup(m);
    if (op < 0)
        op = alias_lookup(m, flags);
    if (op >= 0)
        return op;
    size_t len = strlen(m);
    int sz = len > 1 ? size_of_letter(m[len - 1]) : 0;
    if (sz) {
        m[len - 1] = 0;
        op = plain_lookup(m);
        if (op < 0)
            op = alias_lookup(m, flags);
        m[len - 1] = size_letters[sz];
        if (op >= 0 && ll_x86_table[op].sized) {
            *flags |= (unsigned)sz;
            return op;
        }
        *flags &= ~LL_X86_F_ALIAS;
    }
    op = family_lookup(m, flags);
    return op >= 0 ? op : widen_lookup(m, flags);
}

static bool refused_instr(ll_span s, ll_diag *d)
{
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        if (ll_span_eq_nocase(s, refused[i].name)) {
            char buf[24];
            ll_diag_set(d, 0, s.col, "unsupported instruction '%s': %s",
                        ll_span_str(s, buf, sizeof buf), refused[i].why);
            return false;
        }
    return ll_asm_unknown_instr(d, s);
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
    return LL_X86_IS_GPR(reg) && reg_lower[reg] ? LL_X86_REG_BASE(reg) : reg;
}

int ll_x86_reg_width(int reg)
{
    static const int widths[] = {8, 4, 2, 1, 1};
    if (LL_X86_IS_GPR(reg))
        return widths[LL_X86_REG_PART(reg)];
    if (reg == LL_X86_RIP)
        return 8;
    if (reg == LL_X86_EIP)
        return 4;
    return reg > LL_X86_EIP && reg < LL_X86_NREGS ? 2 : 0;
}

static int bytes_of_size(unsigned sz)
{
    static const int by_size[] = {0, 1, 2, 4, 8};
    return sz <= LL_X86_SZ_Q ? by_size[sz] : 0;
}

/* Whether operand i is a value the instruction works on at its width
 * (not a shift count, not the narrower source of a widening move). */
static bool data_operand(const ll_instr *in, int i)
{
    switch (in->op) {
    case LL_X86_SHL: case LL_X86_SHR: case LL_X86_SAR:
        return i == in->n_ops - 1;
    case LL_X86_MOVZX: case LL_X86_MOVSX:
        return i == 1;
    case LL_X86_NOP:
        return false;
    }
    return true;
}

int ll_x86_width(const ll_instr *in, int default_bytes)
{
    int sz = bytes_of_size(in->flags & LL_X86_SZ_MASK);
    if (sz)
        return sz;
    if (in->op == LL_X86_SETCC)
        return 1;
    for (int i = 0; i < in->n_ops; i++)
        if (in->ops[i].kind == LL_OPND_REG && data_operand(in, i))
            return ll_x86_reg_width(in->ops[i].reg);
    return default_bytes;
}

int ll_x86_op_width(const ll_instr *in)
{
    return ll_x86_width(in, in->flags & LL_X86_F_32 ? 4 : 8);
}

int ll_x86_src_width(const ll_instr *in)
{
    int sz = bytes_of_size((in->flags & LL_X86_SRC_MASK) >> LL_X86_SRC_SHIFT);
    if (sz)
        return sz;
    if (in->n_ops > 0 && in->ops[0].kind == LL_OPND_REG)
        return ll_x86_reg_width(in->ops[0].reg);
    return 0;
}

const char *ll_x86_mnemonic(const ll_instr *in, char buf[16])
{
    if (in->op < 0 || in->op >= LL_X86_NOPS)
        return "?";
    const char *m = ll_x86_table[in->op].mnem;
    int cc = LL_X86_CC(in->flags);
    unsigned src = (in->flags & LL_X86_SRC_MASK) >> LL_X86_SRC_SHIFT;
    unsigned dst = in->flags & LL_X86_SZ_MASK;
    if (has_cc(in->op)) {
        const char *c = cc_print[cc];
        if (in->op == LL_X86_SETCC && cc == LL_X86_CC_AE)
            c = "nb";
        if (in->op == LL_X86_CMOVCC && cc == LL_X86_CC_B)
            c = "c";
        snprintf(buf, 16, "%s%s", m, c);
        return buf;
    }
    if ((in->op == LL_X86_MOVZX || in->op == LL_X86_MOVSX) && src && dst) {
        snprintf(buf, 16, "mov%c%c%c", m[3], size_letters[src],
                 size_letters[dst]);
        return buf;
    }
    return m;
}

static const char *x86_op_name(int op)
{
    return op >= 0 && op < LL_X86_NOPS ? ll_x86_table[op].mnem : "?";
}

/* ---- reading operands ---- */

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

/* A register that can address memory: a general one of 32 or 64 bits
 * (rip only as the base, checked by the caller). */
static bool read_addr_reg(ll_span s, int *reg, ll_diag *d)
{
    if (!read_reg(s, reg, d))
        return false;
    if (*reg == LL_X86_RIP || *reg == LL_X86_EIP ||
        (LL_X86_IS_GPR(*reg) && ll_x86_reg_width(*reg) >= 4))
        return true;
    return ll_asm_bad_operand(d, s, "a 32- or 64-bit address register");
}

/* Inside Intel brackets or AT&T parentheses with one part: a location
 * name, a register or an absolute address. */
static bool read_simple_address(ll_span in, ll_span whole, ll_operand *o,
                                ll_diag *d)
{
    if (span_reg(in) >= 0 || (in.len > 0 && in.s[0] == '%'))
        return read_addr_reg(in, &o->reg, d);
    if (ll_span_is_name(in)) {
        o->sym = ll_span_dup(in);
        return true;
    }
    if (ll_span_int(in, &o->imm))
        return true;
    return ll_asm_bad_operand(d, whole, "a memory operand");
}

/* AT&T memory: `disp(base,index,scale)`, `(,index,scale)`, `(x)`,
 * `x(%reg)`, `x(%rip)`, or a bare location name `x`; after a segment
 * prefix also a bare address (`%fs:0x28`). */
static bool read_att_mem(ll_span s, bool seg, ll_operand *o, ll_diag *d)
{
    *o = ll_opnd_mem(-1, -1, 0);
    int open = ll_span_find(s, '(');
    if (open < 0) {
        if (seg && ll_span_int(s, &o->imm))
            return true;
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
    if (parts[0].len > 0 && !read_addr_reg(parts[0], &o->reg, d))
        return false;
    if (n >= 2 && !read_addr_reg(parts[1], &o->index, d))
        return false;
    if (n >= 2 && (o->index == LL_X86_RIP || o->index == LL_X86_EIP ||
                   o->reg == LL_X86_RIP || o->reg == LL_X86_EIP))
        return ll_asm_bad_operand(d, s, "rip as the only register");
    if (n >= 2)
        o->shift = 1;
    if (n == 3) {
        int64_t scale;
        /* 0: LLVM's nops (`nopl 0(%rax,%eax,0)`); herd7 reads it in
           any instruction, the index times 0; hwrun refuses it outside a
           nop (no encoding) */
        if (!ll_span_int(parts[2], &scale) ||
            (scale != 0 && scale != 1 && scale != 2 && scale != 4 &&
             scale != 8))
            return ll_asm_bad_operand(d, parts[2], "a scale of 1, 2, 4 or 8");
        o->shift = (int)scale;
    }
    if (o->reg < 0 && o->index < 0)
        return ll_asm_bad_operand(d, s, "a memory operand");
    return true;
}

/* `%cs:...`: the segment prefix of a memory operand, stored in *seg. */
static bool read_segment(ll_span *s, unsigned *seg, ll_diag *d)
{
    int colon = ll_span_find(*s, ':');
    if (colon < 0)
        return true;
    ll_span name = ll_span_sub(*s, 0, colon);
    int reg = span_reg(name);
    if (reg < LL_X86_ES)
        return ll_asm_bad_operand(d, name, "a segment register");
    *seg = (unsigned)(reg - LL_X86_ES + 1);
    *s = ll_span_sub(*s, colon + 1, s->len - colon - 1);
    if (s->len == 0)
        return ll_asm_bad_operand(d, name, "a memory operand after it");
    return true;
}

static bool all_upper(ll_span s);

/* One operand in either spelling: $imm or a bare integer, a register,
 * `[...]`, or (AT&T) a memory operand, maybe with a segment prefix.
 * Labels are handled by the caller. */
static bool read_operand(ll_span s, bool intel, bool x64, ll_operand *o,
                         unsigned *seg, ll_diag *d)
{
    *o = ll_opnd_imm(0);
    if (s.s[0] == '$') {
        ll_span num = ll_span_sub(s, 1, s.len - 1);
        if (!ll_span_int(num, &o->imm))
            return ll_asm_bad_operand(d, s, "an immediate $N");
        return true;
    }
    /* beyond herd7's -2^62..2^62-1 the model refuses (x86_forms.c),
       hwrun runs it: the CPU reads any 64-bit immediate */
    if (ll_span_int(s, &o->imm))
        return true;
    unsigned sg = 0;
    ll_span m = s;
    if (!intel && !read_segment(&m, &sg, d))
        return false;
    if (!sg && (s.s[0] == '%' || span_reg(s) >= 0)) {
        *o = ll_opnd_reg(-1);
        if (!read_reg(s, &o->reg, d))
            return false;
        /* herd7 7.58 reads rip and the segment registers as operands
         * like any register (`movq %rip,%rax` copies rip's initial
         * value, `movq %cs,%rax` 0), X86's EIP in Intel spelling
         * (`MOV EAX,EIP`) and X86_64's %eip, a register apart from rip
         * (0 while rip is 4); X86 in AT&T spelling has no %eip. */
        if (!LL_X86_IS_GPR(o->reg) && o->reg != LL_X86_RIP &&
            !((intel || x64) && o->reg == LL_X86_EIP) &&
            !(o->reg >= LL_X86_ES && o->reg < LL_X86_NREGS))
            return ll_asm_bad_operand(d, s, "a general register");
        return true;
    }
    ll_span inner;
    if (ll_span_wrapped(s, '[', ']', &inner)) {
        *o = ll_opnd_mem(-1, -1, 0);
        /* herd7's X86 reads `[eax]` as the location eax: its registers
           are in capitals */
        if (intel && span_reg(inner) >= 0 && !all_upper(inner)) {
            o->sym = ll_span_dup(inner);
            return true;
        }
        return read_simple_address(inner, s, o, d);
    }
    if (intel && ll_span_is_name(s))
        return ll_asm_unknown_reg(d, s);   /* Intel memory is bracketed */
    *seg = sg;
    return read_att_mem(m, sg != 0, o, d);
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

static bool all_lower(ll_span s)
{
    for (int i = 0; i < s.len; i++)
        if (isupper((unsigned char)s.s[i]))
            return false;
    return true;
}

/* ---- checking operands ---- */

static const char *kind_words(unsigned k)
{
    switch (k) {
    case LL_X86_K_REG: return "a register";
    case LL_X86_K_MEM: return "a memory operand";
    case LL_X86_K_LABEL: return "a label";
    case LL_X86_K_REG | LL_X86_K_IMM: return "an immediate or %cl";
    }
    return "a register or memory destination";
}

static unsigned kind_of(const ll_operand *o)
{
    switch (o->kind) {
    case LL_OPND_REG: return LL_X86_K_REG;
    case LL_OPND_MEM: return LL_X86_K_MEM;
    case LL_OPND_IMM: return LL_X86_K_IMM;
    case LL_OPND_LABEL: return LL_X86_K_LABEL;
    default: return 0;
    }
}

static const char *width_words(int bytes)
{
    switch (bytes) {
    case 1: return "an 8-bit register";
    case 2: return "a 16-bit register";
    case 4: return "a 32-bit register";
    }
    return "a 64-bit register";
}

/* The registers an instruction works on have its width: the suffix's, or
 * the first register's. rip and the segment registers, plain registers to
 * herd7, go with any width (`movl %rip,%eax` writes its low half). */
static bool check_widths(const ll_instr *in, const ll_span *arg,
                         ll_diag *d)
{
    int want = bytes_of_size(in->flags & LL_X86_SZ_MASK);
    /* the CPU's set writes a byte register; herd7's setnb, so spelt,
       writes a register of any width whole (`setnb %eax`, `SETNB EAX`),
       which hwrun refuses */
    if (in->op == LL_X86_SETCC)
        want = in->flags & LL_X86_F_HERD_CC ? 0 : 1;
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        if (o->kind != LL_OPND_REG || !data_operand(in, i) ||
            !LL_X86_IS_GPR(o->reg))
            continue;
        int w = ll_x86_reg_width(o->reg);
        if (!want)
            want = w;
        else if (w != want)
            return ll_asm_bad_operand(d, arg[i], width_words(want));
    }
    return true;
}

/* MOVZX/MOVSX: a narrower source, and a size for a memory source. */
static bool check_widening(const ll_instr *in, const ll_span *arg,
                           ll_diag *d)
{
    int src = ll_x86_src_width(in);
    int written = bytes_of_size((in->flags & LL_X86_SRC_MASK) >>
                                LL_X86_SRC_SHIFT);
    if (!src)
        return ll_asm_bad_operand(d, arg[0], "a register, or a source size "
                                  "in the mnemonic (movzbl)");
    if (written && in->ops[0].kind == LL_OPND_REG &&
        ll_x86_reg_width(in->ops[0].reg) != written)
        return ll_asm_bad_operand(d, arg[0], width_words(written));
    int dst = ll_x86_op_width(in);
    if (src >= dst)
        return ll_asm_bad_operand(d, arg[1], "a register wider than the "
                                  "source");
    if (in->op == LL_X86_MOVZX && src == 4)
        return ll_asm_bad_operand(d, arg[0], "an 8- or 16-bit source (movl "
                                  "zero-extends 32 bits)");
    return true;
}

/* Whether a register id can only be encoded with a REX prefix. */
static bool needs_rex(int reg)
{
    return LL_X86_IS_GPR(reg) &&
           (LL_X86_REG_BASE(reg) >= 8 ||
            (LL_X86_REG_PART(reg) == LL_X86_P8 && LL_X86_REG_BASE(reg) >= 4));
}

/* ah..dh cannot be encoded in an instruction with a REX prefix: beside
 * r8-r15, spl bpl sil dil, or a 64-bit operand (the assembler's rule). */
static bool check_high_byte(const ll_instr *in, const ll_span *arg,
                            ll_diag *d)
{
    int high = -1;
    bool rex = ll_x86_op_width(in) == 8 && in->op != LL_X86_LEA;
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        if (o->kind == LL_OPND_REG && LL_X86_IS_GPR(o->reg) &&
            LL_X86_REG_PART(o->reg) == LL_X86_P8H)
            high = i;
        else if (o->kind == LL_OPND_REG)
            rex |= needs_rex(o->reg);
        else if (o->kind == LL_OPND_MEM)
            rex |= needs_rex(o->reg) || needs_rex(o->index);
    }
    if (high < 0 || !rex || in->op == LL_X86_NOP)
        return true;
    if (d) {
        char buf[8];
        ll_diag_set(d, 0, arg[high].col, "'%s' cannot be encoded beside "
                    "r8-r15, spl, bpl, sil, dil or a 64-bit operand (they "
                    "need a REX prefix)",
                    ll_span_str(arg[high], buf, sizeof buf));
    }
    return false;
}

static bool check_operands(const ll_instr *in, const ll_span *arg,
                           ll_diag *d)
{
    const ll_x86_opinfo *f = &ll_x86_table[in->op];
    int skip = f->max_args - in->n_ops;    /* leading operands left out */
    int mems = 0;
    for (int i = 0; i < in->n_ops; i++) {
        unsigned want = f->kinds[i + skip];
        if (!(kind_of(&in->ops[i]) & want))
            return ll_asm_bad_operand(d, arg[i], kind_words(want));
        mems += in->ops[i].kind == LL_OPND_MEM;
    }
    if (mems > 1) {
        int col = arg[0].col < arg[1].col ? arg[0].col : arg[1].col;
        ll_diag_set(d, 0, col, "at most one memory operand");
        return false;
    }
    if ((in->op == LL_X86_SHL || in->op == LL_X86_SHR ||
         in->op == LL_X86_SAR) && in->n_ops == 2 &&
        in->ops[0].kind == LL_OPND_REG &&
        in->ops[0].reg != LL_X86_REG(LL_X86_RCX, LL_X86_P8))
        return ll_asm_bad_operand(d, arg[0], "an immediate or %cl");
    if ((in->flags & LL_X86_F_LOCK) && !f->lockable) {
        ll_diag_set(d, 0, arg[0].col, "'lock' does not apply to '%s'",
                    f->mnem);
        return false;
    }
    if (!check_high_byte(in, arg, d))
        return false;
    if (in->op == LL_X86_MOVZX || in->op == LL_X86_MOVSX)
        return check_widening(in, arg, d) && check_widths(in, arg, d);
    if (in->op == LL_X86_LEA && ll_x86_op_width(in) == 1)
        return ll_asm_bad_operand(d, arg[1], "a 16-, 32- or 64-bit register");
    return check_widths(in, arg, d);
}

static bool arg_count(const ll_x86_opinfo *f, ll_span mnem, int got,
                      ll_diag *d)
{
    if (got >= f->min_args && got <= f->max_args)
        return true;
    if (f->min_args == f->max_args)
        return ll_asm_arg_count(d, mnem, f->max_args, got);
    char buf[24];
    ll_diag_set(d, 0, mnem.col, "'%s' takes %d or %d operands, found %d",
                ll_span_str(mnem, buf, sizeof buf), f->min_args, f->max_args,
                got);
    return false;
}

/* The AT&T memory operand forms herd7 7.58 does not read (its X86_64
 * parser wants `(x)`, `disp(%reg)` or `disp(%reg,%reg,scale)`, a segment
 * only before an indexed one with a number written: `%cs:0(%rax,%rax,1)`,
 * as LLVM's long nops): `x`, `x(%rip)`, `(%rax,%rcx)`, `(,%rcx,2)`,
 * `%ds:(x)`, `%cs:(%rax,%rax,1)`, `%cs:x(%rax,%rax,1)`. */
static bool unread_addr_form(const ll_operand *o, ll_span a, bool seg)
{
    if (o->kind != LL_OPND_MEM)
        return false;
    if (o->index >= 0 && o->reg < 0)
        return true;
    if (seg && (o->index < 0 || o->sym))
        return true;
    if (seg) {
        int k = ll_span_find(a, ':') + 1;
        while (k < a.len && a.s[k] == ' ')
            k++;
        return k < a.len && a.s[k] == '(';
    }
    if (!seg && o->sym && a.s[0] != '(')
        return true;
    int commas = 0;
    for (int k = 0; k < a.len; k++)
        commas += a.s[k] == ',';
    return o->index >= 0 && commas < 2;
}

/* herd writes `cmpxchg (x),%rcx` and `cmovc %rax,(x)`: a memory operand
 * on the wrong side of the register; store them in the real order. Under
 * X86_64 herd7 and litmus7 read `cmpxchg %rbx,%rcx` so too, the
 * destination first (litmus7 writes `cmpxchg %rcx,%rbx` for it); the
 * CPU's `cmpxchg %rcx,(x)` is kept, marked LL_X86_F_CPU_ORDER. */
static void herd_order(ll_instr *in, ll_span *arg, bool x86_64)
{
    bool regs = in->ops[0].kind == LL_OPND_REG &&
                in->ops[1].kind == LL_OPND_REG;
    if ((in->op == LL_X86_CMPXCHG && in->ops[0].kind == LL_OPND_REG &&
         in->ops[1].kind == LL_OPND_MEM && x86_64) ||
        (in->op == LL_X86_CMOVCC && in->ops[0].kind == LL_OPND_MEM))
        in->flags |= LL_X86_F_CPU_ORDER;
    bool swap = (in->op == LL_X86_CMPXCHG &&
                 ((in->ops[0].kind == LL_OPND_MEM &&
                   in->ops[1].kind == LL_OPND_REG) || (regs && x86_64))) ||
                (in->op == LL_X86_CMOVCC &&
                 in->ops[0].kind == LL_OPND_REG &&
                 in->ops[1].kind == LL_OPND_MEM);
    if (!swap)
        return;
    ll_operand t = in->ops[0];
    in->ops[0] = in->ops[1];
    in->ops[1] = t;
    ll_span s = arg[0];
    arg[0] = arg[1];
    arg[1] = s;
}

/* data16 or a segment override written as a word (objdump's `cs nopw`). */
static bool is_nop_prefix(ll_span w)
{
    static const char *const words[] = {"data16", "cs", "ds", "es", "ss",
                                        "fs", "gs"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (ll_span_eq_nocase(w, words[i]))
            return true;
    return false;
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
        if (ll_span_mixed_case(lock))
            out->flags |= LL_X86_F_MIXED_CASE;
        if (ln.rest.len == 0) {
            ll_diag_set(d, 0, lock.col, "'lock' needs an instruction");
            return false;
        }
        if (!ll_asm_split(ln.rest, &ln, d))
            return false;
        out->flags |= LL_X86_F_LOCK;
    }
    /* the prefixes a disassembler writes before a long nop (`data16 cs
       nopw 0x0(%rax,%rax,1)`): padding, which a nop ignores */
    ll_span prefix = {0};
    while (ln.rest.len > 0 && is_nop_prefix(ln.mnem)) {
        if (prefix.len == 0)
            prefix = ln.mnem;
        if (!ll_asm_split(ln.rest, &ln, d))
            return false;
    }
    unsigned flags = 0;
    int op = mnem_lookup(ln.mnem, &flags);
    if (op < 0)
        return refused_instr(ln.mnem, d);
    if (prefix.len > 0 && op != LL_X86_NOP) {
        ll_diag_set(d, 0, prefix.col, "the prefix '%.*s' is read before a "
                    "nop only", (int)prefix.len, prefix.s);
        return false;
    }
    if (prefix.len > 0)
        flags |= LL_X86_F_ALIAS;
    if (ll_asm_hex_plus(&ln, true))
        flags |= LL_X86_F_HEX_PLUS;
    if (ll_span_mixed_case(ln.mnem) ||     /* herd7 reads endbr64 so only */
        (op == LL_X86_ENDBR64 && !all_lower(ln.mnem)))
        flags |= LL_X86_F_MIXED_CASE;
    const ll_x86_opinfo *f = &ll_x86_table[op];
    if (!arg_count(f, ln.mnem, ln.n_args, d))
        return false;
    out->op = op;
    out->flags |= flags;
    int spelling = operands_spelling(&ln);
    bool intel = intel_ok && (spelling == 1 ||
                              (spelling == -1 && all_upper(ln.mnem)));
    if (intel)
        out->flags |= LL_X86_F_INTEL;
    if (intel_ok)
        out->flags |= LL_X86_F_32;
    ll_span arg[2];
    for (int i = 0; i < ln.n_args; i++) {
        /* Intel writes the destination first: store in AT&T order */
        ll_span a = ln.args[intel ? ln.n_args - 1 - i : i];
        ll_operand *o = &out->ops[out->n_ops++];
        unsigned seg = 0;
        arg[i] = a;
        bool ok = f->kinds[0] == LBL
                      ? (ll_span_is_name(a) ? (*o = ll_opnd_label(a), true)
                                            : ll_asm_bad_operand(d, a,
                                                                 "a label"))
                      : read_operand(a, intel, !intel_ok, o, &seg, d);
        if (!ok) {
            ll_instr_clear(out);
            return false;
        }
        out->flags |= seg << LL_X86_SEG_SHIFT;
        if (intel && o->kind == LL_OPND_REG && !all_upper(a))
            out->flags |= LL_X86_F_REG_CASE;
        if (!intel && unread_addr_form(o, a, seg != 0))
            out->flags |= LL_X86_F_ADDR_FORM;
    }
    if (!intel)
        herd_order(out, arg, !intel_ok);
    if (!check_operands(out, arg, d)) {
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

/* ---- printing ---- */

/* herd7's digest spells a scaled operand `(%rax, %rbx,8)` (a scale of 0
 * `(%rax, %rbx,)`) and drops a segment prefix; ours is the assembler's
 * `%cs:(%rax,%rbx,8)`. */
/* A number as written: in hexadecimal when the instruction had one so
 * (LL_X86_F_HEX_PLUS, which herd7 does not read), else in decimal. */
static void print_num(ll_buf *b, const char *prefix, int64_t v, bool hex)
{
    if (!hex) {
        ll_asm_print_int(b, prefix, v);
        return;
    }
    uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    ll_buf_printf(b, "%s%s0x%llx", prefix, v < 0 ? "-" : "",
                  (unsigned long long)m);
}

static void print_att_mem(const ll_operand *o, unsigned flags, bool herd,
                          ll_buf *b)
{
    int seg = LL_X86_SEG(flags);
    bool hex = !herd && (flags & LL_X86_F_HEX_PLUS);
    /* the forms herd7 does not read, as written: `x`, `(%rax,%rcx)` */
    bool form = !herd && (flags & LL_X86_F_ADDR_FORM);
    if (seg && !herd)
        ll_buf_printf(b, "%%%s:", reg_lower[LL_X86_ES + seg - 1]);
    if (o->reg < 0 && o->index < 0) {
        if (seg && !o->sym) {
            print_num(b, "", o->imm, hex);
            return;
        }
        if (form && !seg && o->sym) {
            ll_buf_puts(b, o->sym);
            return;
        }
        ll_buf_putc(b, '(');
        if (o->sym)
            ll_buf_puts(b, o->sym);
        else
            print_num(b, "", o->imm, hex);
        ll_buf_putc(b, ')');
        return;
    }
    if (o->sym)
        ll_buf_puts(b, o->sym);
    else if (o->imm != 0 || hex ||
             (seg && !herd && (!form || o->index < 0)))
        print_num(b, "", o->imm, hex);      /* `%cs:0(...)`, as read */
    ll_buf_putc(b, '(');
    if (o->reg >= 0)
        ll_buf_printf(b, "%%%s", x86_64_reg_name(o->reg));
    if (o->index >= 0 && herd && o->shift == 0)   /* herd7's, checked */
        ll_buf_printf(b, ", %%%s,", x86_64_reg_name(o->index));
    else if (o->index >= 0 && form && o->shift == 1 && !seg && o->reg >= 0)
        ll_buf_printf(b, ",%%%s", x86_64_reg_name(o->index));
    else if (o->index >= 0)
        ll_buf_printf(b, herd ? ", %%%s,%d" : ",%%%s,%d",
                      x86_64_reg_name(o->index), o->shift);
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

static void print_operand(const ll_operand *o, unsigned flags, bool herd,
                          ll_buf *b)
{
    bool intel = flags & LL_X86_F_INTEL;
    switch (o->kind) {
    case LL_OPND_IMM:
        print_num(b, "$", o->imm, !herd && (flags & LL_X86_F_HEX_PLUS));
        break;
    case LL_OPND_REG:
        if (intel && !herd && (flags & LL_X86_F_REG_CASE))
            ll_buf_puts(b, x86_64_reg_name(o->reg));    /* as read */
        else if (intel)
            ll_buf_puts(b, x86_reg_name(o->reg));
        else
            ll_buf_printf(b, "%%%s", x86_64_reg_name(o->reg));
        break;
    case LL_OPND_MEM:
        if (intel)
            print_intel_mem(o, b);
        else
            print_att_mem(o, flags, herd, b);
        break;
    default:
        ll_buf_puts(b, o->sym ? o->sym : "?");
        break;
    }
}

/* The mnemonic with its size suffix, upper case in Intel spelling. */
/* The condition's name as written, to print the instruction back as
 * herd7 would read it or not (LL_X86_F_HERD_CC): herd7's spelling (jlt,
 * setnb, cmovc), else another one of the same condition (jl, jz, setae,
 * cmovb). */
static const char *written_cc(const ll_instr *in)
{
    static const char *const other[LL_X86_NCC] = {
        [LL_X86_CC_E] = "z", [LL_X86_CC_NE] = "nz", [LL_X86_CC_GE] = "nl",
        [LL_X86_CC_LE] = "ng"};
    int cc = LL_X86_CC(in->flags);
    bool herd = in->flags & LL_X86_F_HERD_CC;
    if (in->op == LL_X86_SETCC)
        return herd ? "nb" : cc_print[cc];
    if (in->op == LL_X86_CMOVCC)
        return herd ? "c" : cc_print[cc];
    if (herd)
        return cc == LL_X86_CC_L ? "lt" : cc == LL_X86_CC_G ? "gt"
                                                             : cc_print[cc];
    return other[cc] ? other[cc] : cc_print[cc];
}

static void print_mnemonic(const ll_instr *in, bool herd, ll_buf *b)
{
    char buf[16], m[24];
    const char *name = ll_x86_mnemonic(in, buf);
    if (!herd && has_cc(in->op)) {
        snprintf(buf, sizeof buf, "%s%s", ll_x86_table[in->op].mnem,
                 written_cc(in));
        name = buf;
    }
    if (!herd && (in->flags & LL_X86_F_ALIAS))
        name = in->op == LL_X86_SHL ? "sal"
               : in->op == LL_X86_MOVSX ? "movsxd" : "data16 nop";
    unsigned size = in->flags & LL_X86_SZ_MASK;
    bool widen_sized = (in->op == LL_X86_MOVZX || in->op == LL_X86_MOVSX);
    bool x86 = herd && (in->flags & LL_X86_F_32);
    if (size && !widen_sized && ll_x86_table[in->op].sized && !x86)
        snprintf(m, sizeof m, "%s%c", name, size_letters[size]);
    else
        snprintf(m, sizeof m, "%s", name);
    for (char *p = m; ((in->flags & LL_X86_F_INTEL) || x86) && *p; p++)
        *p = (char)toupper((unsigned char)*p);
    ll_buf_puts(b, m);
}

/* herd: the digest's spelling (herd7's instruction printer). */
static void print_instr(const ll_instr *in, bool herd, ll_buf *b)
{
    bool intel = in->flags & LL_X86_F_INTEL;
    if (in->op < 0 || in->op >= LL_X86_NOPS) {
        ll_buf_puts(b, "?");
        return;
    }
    if (herd && (in->op == LL_X86_NOP || in->op == LL_X86_ENDBR64)) {
        ll_buf_puts(b, "NOP");
        return;
    }
    size_t at = b->len;
    if (in->flags & LL_X86_F_LOCK)
        ll_buf_puts(b, intel ? (herd ? "LOCK; " : "LOCK ")
                             : (herd ? "lock; " : "lock "));
    print_mnemonic(in, herd, b);
    if (!herd && (in->flags & LL_X86_F_MIXED_CASE))
        ll_asm_mixed_word(b, at);
    /* herd's X86 printer pads these three with a second space */
    if (herd && intel && (in->op == LL_X86_INC || in->op == LL_X86_DEC ||
                          in->op == LL_X86_CMP))
        ll_buf_putc(b, ' ');
    /* herd's own operand order for cmpxchg and cmovc; X86_64's cmpxchg
       is printed as it was written, herd's order unless
       LL_X86_F_CPU_ORDER (herd_order) */
    bool reverse = intel || (herd && (in->op == LL_X86_CMPXCHG ||
                                      (in->op == LL_X86_CMOVCC &&
                                       LL_X86_CC(in->flags) ==
                                           LL_X86_CC_B &&
                                       in->ops[0].kind == LL_OPND_MEM))) ||
                   (in->op == LL_X86_CMPXCHG &&
                    !(in->flags & (LL_X86_F_32 | LL_X86_F_CPU_ORDER))) ||
                   (!herd && in->op == LL_X86_CMOVCC &&
                    in->ops[0].kind == LL_OPND_MEM &&
                    !(in->flags & LL_X86_F_CPU_ORDER));
    for (int i = 0; i < in->n_ops; i++) {
        ll_buf_putc(b, i ? ',' : ' ');
        print_operand(&in->ops[reverse ? in->n_ops - 1 - i : i], in->flags,
                      herd, b);
    }
}

static void x86_print_instr(const ll_instr *in, ll_buf *b)
{
    print_instr(in, false, b);
}

static void herd_spelling(const char *text, bool intel_ok, ll_buf *out)
{
    ll_instr in;
    if (!parse_x86(text, &in, NULL, intel_ok)) {
        ll_buf_puts(out, text);
        return;
    }
    print_instr(&in, true, out);
    ll_instr_clear(&in);
}

static void x86_herd_spelling(const char *text, ll_buf *out)
{
    herd_spelling(text, true, out);
}

static void x86_64_herd_spelling(const char *text, ll_buf *out)
{
    herd_spelling(text, false, out);
}

static bool x86_no_access(const ll_instr *in)
{
    return in->op == LL_X86_NOP;
}

/* herd7 7.58 lists X86_64's named registers in its type's order (rip,
 * cs, the one segment register it shows, then rax ... rsp), as one
 * block where `r` would sort, before r8-r15; X86's EAX ... ESP, EIP
 * where `E` would. */
static const char *const x86_64_named[] = {
    "rip", "cs", "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
    NULL};
static const ll_reg_family x86_64_family = {"r", x86_64_named};
static const char *const x86_named[] = {
    "EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP", "EIP", NULL};
static const ll_reg_family x86_family = {"E", x86_named};

const ll_arch_ops ll_arch_x86 = {
    .id = LL_ARCH_X86,
    .name = "X86",
    .parse_instr = x86_parse_instr,
    .print_instr = x86_print_instr,
    .reg_lookup = x86_reg_lookup,
    .reg_name = x86_reg_name,
    .op_name = x86_op_name,
    .reg_canon = x86_reg_canon,
    .herd_spelling = x86_herd_spelling,
    .no_access = x86_no_access,
    .reg_family = &x86_family,
};

/* deliberate likeness: ll_arch_x86, the same plug-in for X86_64. */
const ll_arch_ops ll_arch_x86_64 = {
    .id = LL_ARCH_X86,
    .name = "X86_64",
    .parse_instr = x86_64_parse_instr,
    .print_instr = x86_print_instr,
    .reg_lookup = x86_reg_lookup,
    .reg_name = x86_64_reg_name,
    .op_name = x86_op_name,
    .reg_canon = x86_reg_canon,
    .herd_spelling = x86_64_herd_spelling,
    .no_access = x86_no_access,
    .reg_family = &x86_64_family,
};

/* Its lines of the architecture list (include/litmuslab/arch/list.h):
 * test header name, aliases, id, reader plug-in. Two header names, one
 * id: X86 and X86_64 are two dialects of one architecture (X86's line
 * names the id). `x86` on X86_64 lets `campaign --arch x86` take both
 * dialects. */
const ll_arch_entry ll_arch_x86_names[] = {
    {"X86", "x86-32 i386", LL_ARCH_X86, &ll_arch_x86},
    {"X86_64", "x86 x86-64 amd64", LL_ARCH_X86, &ll_arch_x86_64},
    {NULL, NULL, 0, NULL},
};
