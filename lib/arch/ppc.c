/* ppc.c — the Power plug-in: reads herd7's PPC instruction syntax into
 * ll_instr (opcodes and layout in include/litmuslab/arch/ppc.h) and
 * prints it back, from one table of every opcode that the model and
 * hwrun read too. Mnemonics are lower case, as herd7 requires. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_lex.h"
#include "litmuslab/arch/ppc.h"

/* The opcode table: every opcode's mnemonic, written operands (shapes as
 * in asm_lex.h; `m` is `D(RA)` or herd's `D,RA`), attributes and access
 * size. Indexed by opcode, so it is also ll_ppc_desc_of's answer. DOT
 * (a record form, `add.`) is left off the instructions herd7 7.58 reads
 * but whose record form its parser refuses (`mr.`, `extsw.`, `rlwinm.`,
 * `rlwimi.`, `clrldi.`: "unexpected 'r3'"), so they are refused here too;
 * instructions herd7 does not read at all keep the ISA's record form. */
enum {
    DOT = LL_PPC_A_DOT, CRF = LL_PPC_A_CRF, LD = LL_PPC_A_LOAD,
    ST = LL_PPC_A_STORE, SGN = LL_PPC_A_SIGNED, UPD = LL_PPC_A_UPDATE,
    IDX = LL_PPC_A_INDEXED, RES = LL_PPC_A_RESERVE, CND = LL_PPC_A_COND,
    MUL = LL_PPC_A_MULTIPLE, U5 = LL_PPC_A_U5, U6 = LL_PPC_A_U6,
    U8 = LL_PPC_A_U8,
};

static const ll_ppc_desc descs[LL_PPC_NOPS] = {
    [LL_PPC_ADDI] = {"addi", "rri", 0, 0},
    [LL_PPC_SUBI] = {"subi", "rri", 0, 0},
    [LL_PPC_ORI] = {"ori", "rri", 0, 0},
    [LL_PPC_XORI] = {"xori", "rri", 0, 0},
    [LL_PPC_ANDI_DOT] = {"andi.", "rri", 0, 0},
    [LL_PPC_MULLI] = {"mulli", "rri", 0, 0},
    [LL_PPC_ADD] = {"add", "rrr", DOT, 0},
    [LL_PPC_SUB] = {"sub", "rrr", DOT, 0},
    [LL_PPC_SUBF] = {"subf", "rrr", DOT, 0},
    [LL_PPC_XOR] = {"xor", "rrr", DOT, 0},
    [LL_PPC_OR] = {"or", "rrr", DOT, 0},
    [LL_PPC_AND] = {"and", "rrr", DOT, 0},
    [LL_PPC_MULLW] = {"mullw", "rrr", DOT, 0},
    [LL_PPC_DIVW] = {"divw", "rrr", DOT, 0},
    [LL_PPC_LI] = {"li", "ri", 0, 0},
    [LL_PPC_MR] = {"mr", "rr", 0, 0},
    [LL_PPC_CMPW] = {"cmpw", "rr", CRF, 0},
    [LL_PPC_CMPWI] = {"cmpwi", "ri", CRF, 0},
    [LL_PPC_B] = {"b", "l", 0, 0},
    [LL_PPC_BEQ] = {"beq", "l", CRF, 0},
    [LL_PPC_BNE] = {"bne", "l", CRF, 0},
    [LL_PPC_BLT] = {"blt", "l", CRF, 0},
    [LL_PPC_BGE] = {"bge", "l", CRF, 0},
    [LL_PPC_BGT] = {"bgt", "l", CRF, 0},
    [LL_PPC_BLE] = {"ble", "l", CRF, 0},
    [LL_PPC_LBZ] = {"lbz", "rm", LD, 1},
    [LL_PPC_LHZ] = {"lhz", "rm", LD, 2},
    [LL_PPC_LWZ] = {"lwz", "rm", LD, 4},
    [LL_PPC_LD] = {"ld", "rm", LD, 8},
    [LL_PPC_LBZX] = {"lbzx", "rrr", LD | IDX, 1},
    [LL_PPC_LHZX] = {"lhzx", "rrr", LD | IDX, 2},
    [LL_PPC_LWZX] = {"lwzx", "rrr", LD | IDX, 4},
    [LL_PPC_LDX] = {"ldx", "rrr", LD | IDX, 8},
    [LL_PPC_STB] = {"stb", "rm", ST, 1},
    [LL_PPC_STH] = {"sth", "rm", ST, 2},
    [LL_PPC_STW] = {"stw", "rm", ST, 4},
    [LL_PPC_STD] = {"std", "rm", ST, 8},
    [LL_PPC_STBX] = {"stbx", "rrr", ST | IDX, 1},
    [LL_PPC_STHX] = {"sthx", "rrr", ST | IDX, 2},
    [LL_PPC_STWX] = {"stwx", "rrr", ST | IDX, 4},
    [LL_PPC_STDX] = {"stdx", "rrr", ST | IDX, 8},
    [LL_PPC_LWARX] = {"lwarx", "rrr", LD | IDX | RES, 4},
    [LL_PPC_STWCX] = {"stwcx.", "rrr", ST | IDX | CND, 4},
    [LL_PPC_LDARX] = {"ldarx", "rrr", LD | IDX | RES, 8},
    [LL_PPC_STDCX] = {"stdcx.", "rrr", ST | IDX | CND, 8},
    [LL_PPC_SYNC] = {"sync", "", 0, 0},
    [LL_PPC_LWSYNC] = {"lwsync", "", 0, 0},
    [LL_PPC_EIEIO] = {"eieio", "", 0, 0},
    [LL_PPC_ISYNC] = {"isync", "", 0, 0},
    [LL_PPC_NOP] = {"nop", "", 0, 0},
    [LL_PPC_LIS] = {"lis", "ri", 0, 0},
    [LL_PPC_ADDIS] = {"addis", "rri", 0, 0},
    [LL_PPC_SUBIS] = {"subis", "rri", 0, 0},
    [LL_PPC_ORIS] = {"oris", "rri", 0, 0},
    [LL_PPC_XORIS] = {"xoris", "rri", 0, 0},
    [LL_PPC_ANDIS_DOT] = {"andis.", "rri", 0, 0},
    [LL_PPC_ADDIC] = {"addic", "rri", 0, 0},
    [LL_PPC_ADDIC_DOT] = {"addic.", "rri", 0, 0},
    [LL_PPC_SUBFIC] = {"subfic", "rri", 0, 0},
    [LL_PPC_ADDC] = {"addc", "rrr", DOT, 0},
    [LL_PPC_SUBFC] = {"subfc", "rrr", DOT, 0},
    [LL_PPC_ADDE] = {"adde", "rrr", DOT, 0},
    [LL_PPC_SUBFE] = {"subfe", "rrr", DOT, 0},
    [LL_PPC_ADDZE] = {"addze", "rr", DOT, 0},
    [LL_PPC_SUBFZE] = {"subfze", "rr", DOT, 0},
    [LL_PPC_ADDME] = {"addme", "rr", DOT, 0},
    [LL_PPC_SUBFME] = {"subfme", "rr", DOT, 0},
    [LL_PPC_MULLD] = {"mulld", "rrr", DOT, 0},
    [LL_PPC_MULHW] = {"mulhw", "rrr", DOT, 0},
    [LL_PPC_MULHWU] = {"mulhwu", "rrr", DOT, 0},
    [LL_PPC_MULHD] = {"mulhd", "rrr", DOT, 0},
    [LL_PPC_MULHDU] = {"mulhdu", "rrr", DOT, 0},
    [LL_PPC_DIVWU] = {"divwu", "rrr", DOT, 0},
    [LL_PPC_DIVD] = {"divd", "rrr", DOT, 0},
    [LL_PPC_DIVDU] = {"divdu", "rrr", DOT, 0},
    [LL_PPC_NAND] = {"nand", "rrr", DOT, 0},
    [LL_PPC_NOR] = {"nor", "rrr", DOT, 0},
    [LL_PPC_ANDC] = {"andc", "rrr", DOT, 0},
    [LL_PPC_ORC] = {"orc", "rrr", DOT, 0},
    [LL_PPC_EQV] = {"eqv", "rrr", DOT, 0},
    [LL_PPC_SLW] = {"slw", "rrr", DOT, 0},
    [LL_PPC_SRW] = {"srw", "rrr", DOT, 0},
    [LL_PPC_SRAW] = {"sraw", "rrr", DOT, 0},
    [LL_PPC_SLD] = {"sld", "rrr", DOT, 0},
    [LL_PPC_SRD] = {"srd", "rrr", DOT, 0},
    [LL_PPC_SRAD] = {"srad", "rrr", DOT, 0},
    [LL_PPC_NEG] = {"neg", "rr", DOT, 0},
    [LL_PPC_NOT] = {"not", "rr", DOT, 0},
    [LL_PPC_EXTSB] = {"extsb", "rr", DOT, 0},
    [LL_PPC_EXTSH] = {"extsh", "rr", DOT, 0},
    [LL_PPC_EXTSW] = {"extsw", "rr", 0, 0},
    [LL_PPC_CNTLZW] = {"cntlzw", "rr", DOT, 0},
    [LL_PPC_CNTLZD] = {"cntlzd", "rr", DOT, 0},
    [LL_PPC_SRAWI] = {"srawi", "rri", DOT | U5, 0},
    [LL_PPC_SRADI] = {"sradi", "rri", DOT | U6, 0},
    [LL_PPC_RLWINM] = {"rlwinm", "rriii", U5, 0},
    [LL_PPC_RLWNM] = {"rlwnm", "rrrii", DOT | U5, 0},
    [LL_PPC_RLWIMI] = {"rlwimi", "rriii", U5, 0},
    [LL_PPC_RLDICL] = {"rldicl", "rrii", DOT | U6, 0},
    [LL_PPC_RLDICR] = {"rldicr", "rrii", DOT | U6, 0},
    [LL_PPC_RLDIC] = {"rldic", "rrii", DOT | U6, 0},
    [LL_PPC_RLDIMI] = {"rldimi", "rrii", DOT | U6, 0},
    [LL_PPC_SLWI] = {"slwi", "rri", DOT | U5, 0},
    [LL_PPC_SRWI] = {"srwi", "rri", DOT | U5, 0},
    [LL_PPC_CLRLWI] = {"clrlwi", "rri", DOT | U5, 0},
    [LL_PPC_CLRRWI] = {"clrrwi", "rri", DOT | U5, 0},
    [LL_PPC_ROTLWI] = {"rotlwi", "rri", DOT | U5, 0},
    [LL_PPC_ROTLW] = {"rotlw", "rrr", DOT, 0},
    [LL_PPC_SLDI] = {"sldi", "rri", DOT | U6, 0},
    [LL_PPC_SRDI] = {"srdi", "rri", DOT | U6, 0},
    [LL_PPC_CLRLDI] = {"clrldi", "rri", U6, 0},
    [LL_PPC_CLRRDI] = {"clrrdi", "rri", DOT | U6, 0},
    [LL_PPC_ROTLDI] = {"rotldi", "rri", DOT | U6, 0},
    [LL_PPC_CMPLW] = {"cmplw", "rr", CRF, 0},
    [LL_PPC_CMPLWI] = {"cmplwi", "ri", CRF, 0},
    [LL_PPC_CMPD] = {"cmpd", "rr", CRF, 0},
    [LL_PPC_CMPDI] = {"cmpdi", "ri", CRF, 0},
    [LL_PPC_CMPLD] = {"cmpld", "rr", CRF, 0},
    [LL_PPC_CMPLDI] = {"cmpldi", "ri", CRF, 0},
    [LL_PPC_ISEL] = {"isel", "rrri", U5, 0},
    [LL_PPC_BL] = {"bl", "l", 0, 0},
    [LL_PPC_BLR] = {"blr", "", 0, 0},
    [LL_PPC_BDNZ] = {"bdnz", "l", 0, 0},
    [LL_PPC_BDZ] = {"bdz", "l", 0, 0},
    [LL_PPC_MFLR] = {"mflr", "r", 0, 0},
    [LL_PPC_MTLR] = {"mtlr", "r", 0, 0},
    [LL_PPC_MFCTR] = {"mfctr", "r", 0, 0},
    [LL_PPC_MTCTR] = {"mtctr", "r", 0, 0},
    [LL_PPC_MFCR] = {"mfcr", "r", 0, 0},
    [LL_PPC_MTCRF] = {"mtcrf", "ir", U8, 0},
    [LL_PPC_MTCR] = {"mtcr", "r", 0, 0},
    [LL_PPC_LHA] = {"lha", "rm", LD | SGN, 2},
    [LL_PPC_LHAX] = {"lhax", "rrr", LD | SGN | IDX, 2},
    [LL_PPC_LWA] = {"lwa", "rm", LD | SGN, 4},
    [LL_PPC_LWAX] = {"lwax", "rrr", LD | SGN | IDX, 4},
    [LL_PPC_LBZU] = {"lbzu", "rm", LD | UPD, 1},
    [LL_PPC_LHZU] = {"lhzu", "rm", LD | UPD, 2},
    [LL_PPC_LHAU] = {"lhau", "rm", LD | SGN | UPD, 2},
    [LL_PPC_LWZU] = {"lwzu", "rm", LD | UPD, 4},
    [LL_PPC_LDU] = {"ldu", "rm", LD | UPD, 8},
    [LL_PPC_LBZUX] = {"lbzux", "rrr", LD | UPD | IDX, 1},
    [LL_PPC_LHZUX] = {"lhzux", "rrr", LD | UPD | IDX, 2},
    [LL_PPC_LHAUX] = {"lhaux", "rrr", LD | SGN | UPD | IDX, 2},
    [LL_PPC_LWZUX] = {"lwzux", "rrr", LD | UPD | IDX, 4},
    [LL_PPC_LWAUX] = {"lwaux", "rrr", LD | SGN | UPD | IDX, 4},
    [LL_PPC_LDUX] = {"ldux", "rrr", LD | UPD | IDX, 8},
    [LL_PPC_STBU] = {"stbu", "rm", ST | UPD, 1},
    [LL_PPC_STHU] = {"sthu", "rm", ST | UPD, 2},
    [LL_PPC_STWU] = {"stwu", "rm", ST | UPD, 4},
    [LL_PPC_STDU] = {"stdu", "rm", ST | UPD, 8},
    [LL_PPC_STBUX] = {"stbux", "rrr", ST | UPD | IDX, 1},
    [LL_PPC_STHUX] = {"sthux", "rrr", ST | UPD | IDX, 2},
    [LL_PPC_STWUX] = {"stwux", "rrr", ST | UPD | IDX, 4},
    [LL_PPC_STDUX] = {"stdux", "rrr", ST | UPD | IDX, 8},
    [LL_PPC_LMW] = {"lmw", "rm", LD | MUL, 4},
    [LL_PPC_STMW] = {"stmw", "rm", ST | MUL, 4},
    [LL_PPC_DCBF] = {"dcbf", "rr", 0, 0},
    [LL_PPC_DCBST] = {"dcbst", "rr", 0, 0},
    [LL_PPC_DCBT] = {"dcbt", "rr", 0, 0},
    [LL_PPC_DCBTST] = {"dcbtst", "rr", 0, 0},
    [LL_PPC_ICBI] = {"icbi", "rr", 0, 0},
};

/* herd7's other spellings, read as it reads them (and so printed, and
 * digested, in the first spelling). */
static const struct {
    const char *mnem;
    ll_ppc_op op;
} aliases[] = {
    {"bnl", LL_PPC_BGE},
    {"bng", LL_PPC_BLE},
    {"hwsync", LL_PPC_SYNC},
};

const ll_ppc_desc *ll_ppc_desc_of(int op)
{
    return op >= 0 && op < LL_PPC_NOPS ? &descs[op] : NULL;
}

/* The opcode of a written mnemonic, or -1; *dot is set for `add.`-style
 * spellings of an opcode that has a record form. */
static int op_of_mnem(ll_span m, bool *dot)
{
    *dot = false;
    int op = ll_asm_lookup(m, descs, LL_PPC_NOPS, sizeof *descs, false);
    if (op < 0 && m.len > 1 && m.s[m.len - 1] == '.') {
        ll_span base = {m.s, m.len - 1, m.col};
        op = ll_asm_lookup(base, descs, LL_PPC_NOPS, sizeof *descs, false);
        if (op >= 0 && !(descs[op].attrs & LL_PPC_A_DOT))
            op = -1;
        *dot = op >= 0;
    }
    if (op < 0) {
        int i = ll_asm_lookup(m, aliases, (int)(sizeof aliases /
                                                sizeof *aliases),
                              sizeof *aliases, false);
        if (i >= 0)
            op = (int)aliases[i].op;
    }
    return op;
}

static int ppc_reg_lookup(const char *name)
{
    if (name[0] == '%' && name[1])
        return LL_PPC_SYMREG;
    if (name[0] == 'c' && name[1] == 'r' && name[2] >= '0' && name[2] <= '7' &&
        !name[3])
        return LL_PPC_CR0 + (name[2] - '0');
    if (strcmp(name, "LR") == 0)
        return LL_PPC_LR;
    if (name[0] != 'r' || name[1] < '0' || name[1] > '9')
        return -1;
    if (name[1] == '0' && name[2])
        return -1;   /* no leading zeros: r01 is not a register */
    char *end;
    long n = strtol(name + 1, &end, 10);
    if (*end || n >= LL_PPC_NGPR)
        return -1;
    return (int)n;
}

static const char *ppc_reg_name(int reg)
{
    static const char *const names[LL_PPC_NGPR + LL_PPC_NCRF] = {
        "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
        "r11", "r12", "r13", "r14", "r15", "r16", "r17", "r18", "r19", "r20",
        "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30",
        "r31", "cr0", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7"};
    if (reg >= 0 && reg < LL_PPC_NGPR + LL_PPC_NCRF)
        return names[reg];
    if (reg == LL_PPC_LR)
        return "LR";
    if (reg == LL_PPC_SYMREG)
        return "%sym";
    return "?";
}

static const char *ppc_op_name(int op)
{
    const ll_ppc_desc *f = ll_ppc_desc_of(op);
    return f ? f->mnem : "?";
}

/* A register operand: rN or a symbolic `%name` (kept in *sym). */
static bool read_reg(ll_span s, int *reg, char **sym, ll_diag *d)
{
    if (s.len > 1 && s.s[0] == '%') {
        ll_span name = {s.s + 1, s.len - 1, s.col + 1};
        if (!ll_span_is_name(name))
            return ll_asm_bad_operand(d, s, "a register");
        *reg = LL_PPC_SYMREG;
        *sym = ll_span_dup(name);
        return true;
    }
    int r = ll_span_reg(s, ppc_reg_lookup);
    ll_operand t;
    if (!ll_asm_reg_operand(s, r < LL_PPC_NGPR ? r : -1, &t, d))
        return false;   /* a CR field is never a general operand */
    *reg = t.reg;
    return true;
}

static bool read_reg_opnd(const void *ctx, ll_span s, ll_operand *o,
                          ll_diag *d)
{
    (void)ctx;
    *o = ll_opnd_reg(-1);
    return read_reg(s, &o->reg, &o->sym, d);
}

static bool read_imm(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    (void)ctx;
    if (!ll_span_int(s, &o->imm))
        return ll_asm_bad_operand(d, s, "an integer");
    return true;
}

/* `D(RA)`, or herd's `D,RA` (two written operands joined). */
static bool read_mem(const void *ctx, ll_span s, ll_operand *o, ll_diag *d)
{
    (void)ctx;
    *o = ll_opnd_mem(-1, -1, 0);
    int comma = ll_span_find(s, ',');
    if (comma > 0)
        return read_imm(ctx, ll_span_sub(s, 0, comma), o, d) &&
               read_reg(ll_span_sub(s, comma + 1, s.len - comma - 1),
                        &o->reg, &o->sym, d);
    int open = ll_span_find(s, '(');
    ll_span inner;
    if (open <= 0 || !ll_span_wrapped(ll_span_sub(s, open, s.len - open),
                                      '(', ')', &inner))
        return ll_asm_bad_operand(d, s, "D(rA)");
    return read_imm(ctx, ll_span_sub(s, 0, open), o, d) &&
           read_reg(inner, &o->reg, &o->sym, d);
}

static void print_reg(int reg, const char *sym, ll_buf *b)
{
    if (reg == LL_PPC_SYMREG)
        ll_buf_printf(b, "%%%s", sym ? sym : "?");
    else
        ll_buf_puts(b, ppc_reg_name(reg));
}

static void print_reg_opnd(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    print_reg(o->reg, o->sym, b);
}

static void print_imm(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    ll_asm_print_int(b, "", o->imm);
}

static void print_mem(const void *ctx, const ll_operand *o, ll_buf *b)
{
    (void)ctx;
    ll_asm_print_int(b, "", o->imm);
    ll_buf_putc(b, '(');
    print_reg(o->reg, o->sym, b);
    ll_buf_putc(b, ')');
}

static const ll_asm_syntax ppc_syntax = {
    read_reg_opnd, read_imm, read_mem, print_reg_opnd, print_imm, print_mem,
    NULL,
};

/* A leading `crN` of a compare or conditional branch: its field in
 * *flags, and the operands that follow start at *first. */
static bool read_crf(const ll_asm_line *ln, unsigned *flags, int *first,
                     ll_diag *d)
{
    *first = 0;
    if (ln->n_args == 0)
        return true;
    ll_span a = ln->args[0];
    if (a.len < 3 || a.s[0] != 'c' || a.s[1] != 'r')
        return true;
    for (int i = 2; i < a.len; i++)
        if (a.s[i] < '0' || a.s[i] > '9')
            return true;    /* a label such as `cross` */
    int r = ll_span_reg(a, ppc_reg_lookup);
    if (r < LL_PPC_CR0 || r >= LL_PPC_CR0 + LL_PPC_NCRF)
        return ll_asm_unknown_reg(d, a);
    *flags |= (unsigned)(r - LL_PPC_CR0) << LL_PPC_F_CRF_SHIFT;
    *first = 1;
    return true;
}

/* A conditional branch (beq .. ble and their aliases). */
static bool cond_branch(int op)
{
    return op >= LL_PPC_BEQ && op <= LL_PPC_BLE;
}

/* Shift, mask, field and CR-bit operands are small unsigned numbers. */
static bool check_ranges(const ll_ppc_desc *f, const ll_asm_line *ln,
                         int first, const ll_instr *in, ll_diag *d)
{
    int64_t max = f->attrs & LL_PPC_A_U5   ? 31
                  : f->attrs & LL_PPC_A_U6 ? 63
                  : f->attrs & LL_PPC_A_U8 ? 255
                                           : -1;
    if (max < 0)
        return true;
    for (int i = 0; i < in->n_ops; i++) {
        const ll_operand *o = &in->ops[i];
        if (o->kind == LL_OPND_IMM && (o->imm < 0 || o->imm > max)) {
            char want[48];
            snprintf(want, sizeof want, "an integer from 0 to %d", (int)max);
            return ll_asm_bad_operand(d, ln->args[first + i], want);
        }
    }
    return true;
}

static bool ppc_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    memset(out, 0, sizeof *out);
    ll_asm_line ln;
    if (!ll_asm_split(ll_span_of(text), &ln, d))
        return false;
    bool dot;
    int op = op_of_mnem(ln.mnem, &dot);
    if (op < 0)
        return ll_asm_unknown_instr(d, ln.mnem);
    const ll_ppc_desc *f = &descs[op];
    out->op = op;
    out->flags = dot ? LL_PPC_F_DOT : 0;
    int first = 0;
    if ((f->attrs & LL_PPC_A_CRF) && !read_crf(&ln, &out->flags, &first, d))
        return false;
    if (first && cond_branch(op))
        out->flags |= LL_PPC_F_CRF_NAMED;
    int n = (int)strlen(f->shape);
    if (n > 0 && f->shape[n - 1] == 'm' && ln.n_args == first + n + 1)
        ll_asm_join_args(&ln, first + n - 1);
    if (ll_asm_hex_plus(&ln, true))
        out->flags |= LL_PPC_F_HEX_PLUS;
    /* `b .-4`: herd7's PPC lexer reads target names only, and hwrun
       writes labels */
    if (ll_asm_read_shape(&ppc_syntax, f->shape, &ln, first, out, d) &&
        check_ranges(f, &ln, first, out, d) &&
        ll_asm_named_target(out, &ln, d))
        return true;
    ll_instr_clear(out);
    return false;
}

static void ppc_print_instr(const ll_instr *in, ll_buf *b)
{
    const ll_ppc_desc *f = ll_ppc_desc_of(in->op);
    ll_buf_puts(b, f ? f->mnem : "?");
    if (in->flags & LL_PPC_F_DOT)
        ll_buf_putc(b, '.');
    int crf = ll_ppc_crf(in->flags);
    if (!crf && !(in->flags & LL_PPC_F_CRF_NAMED)) {
        ll_asm_print_ops(&ppc_syntax, in, 0, b);
        return;
    }
    /* herd's spelling: the field first, and only when it is not cr0 (or
       a branch names it) */
    ll_buf_printf(b, " cr%d", crf);
    ll_buf ops = {0};
    ll_asm_print_ops(&ppc_syntax, in, 0, &ops);
    if (ops.len) {
        ll_buf_putc(b, ',');
        ll_buf_puts(b, ll_buf_str(&ops) + 1);
    }
    ll_buf_free(&ops);
}

int ll_ppc_access_size(int op)
{
    const ll_ppc_desc *f = ll_ppc_desc_of(op);
    return f ? f->size : 0;
}

static bool starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* The operand text after a mnemonic, split at its commas: n parts. */
static int split_operands(const char *text, const char *parts[8], int len[8])
{
    const char *p = strchr(text, ' ');
    int n = 0;
    while (p && n < 8) {
        p++;
        const char *c = strchr(p, ',');
        parts[n] = p;
        len[n++] = c ? (int)(c - p) : (int)strlen(p);
        p = c;
    }
    return n;
}

/* herd7's spelling of a Power instruction, where it differs from ours:
 * 64-bit accesses are digested as the 32-bit ones, `subi` as the addi it
 * reads it as, branches pad their label, and a few printers of herd7's
 * put spaces after some commas (`extsw r0, r1`, `rlwinm r3,r4,5, 0,31`). */
static bool ppc_respell(const char *text, ll_buf *out)
{
    static const char *const from[] = {"ld ", "std ", "ldx ", "stdx "};
    static const char *const to[] = {"lwz ", "stw ", "lwzx ", "stwx "};
    for (int i = 0; i < 4; i++)
        if (starts(text, from[i])) {
            ll_buf_printf(out, "%s%s", to[i], text + strlen(from[i]));
            return true;
        }
    const char *op[8];
    int len[8];
    int n = split_operands(text, op, len);
    if (starts(text, "subi ") && n == 3) {
        long long k = strtoll(op[2], NULL, 10);
        ll_buf_printf(out, "addi %.*s,%.*s,%lld", len[0], op[0], len[1],
                      op[1], (long long)(0ull - (unsigned long long)k));
        return true;
    }
    if (starts(text, "extsw ") && n == 2) {
        ll_buf_printf(out, "extsw %.*s, %s", len[0], op[0], op[1]);
        return true;
    }
    if ((starts(text, "rlwinm ") || starts(text, "rlwimi ")) && n == 5) {
        ll_buf_printf(out, "%.6s %.*s,%.*s,%.*s, %.*s,%s", text, len[0],
                      op[0], len[1], op[1], len[2], op[2], len[3], op[3],
                      op[4]);
        return true;
    }
    /* herd7 pads a branch's label: `b   L0`, `bl   L0`, `beq  L0` */
    if (text[0] == 'b' && n == 1) {
        int m = (int)(op[0] - 1 - text);
        bool wide = m == 1 || (m == 2 && text[1] == 'l');
        ll_buf_printf(out, "%.*s%s%s", m, text, wide ? "   " : "  ", op[0]);
        return true;
    }
    return false;
}

/* herd7's digest renames the labels its branches name, and bl is none
 * of them (its label maps and folds leave a call's out): `bl LC01`
 * stays so while the LC01: it names becomes L00. */
static bool ppc_label_as_written(const ll_instr *in)
{
    return in->op == LL_PPC_BL;
}

/* The arch-ops hook: herd7's spelling, or ours where they agree. */
static void ppc_herd_spelling(const char *text, ll_buf *out)
{
    if (!ppc_respell(text, out))
        ll_buf_puts(out, text);
}

const ll_arch_ops ll_arch_ppc = {
    .id = LL_ARCH_PPC,
    .name = "PPC",
    .parse_instr = ppc_parse_instr,
    .print_instr = ppc_print_instr,
    .reg_lookup = ppc_reg_lookup,
    .reg_name = ppc_reg_name,
    .op_name = ppc_op_name,
    .reg_canon = ll_reg_canon_identity,
    .herd_spelling = ppc_herd_spelling,
    .label_as_written = ppc_label_as_written,
};

/* Its lines of the architecture list (include/litmuslab/arch/list.h):
 * test header name, aliases, id, reader plug-in. The aliases hold
 * uname's machines (ppc64le), which `hwrun --targets` shows the dialect
 * of. */
const ll_arch_entry ll_arch_ppc_names[] = {
    {"PPC", "Power PowerPC ppc64 ppc64le", LL_ARCH_PPC, &ll_arch_ppc},
    {NULL, NULL, 0, NULL},
};
