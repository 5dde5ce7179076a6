/* arm.c — the 32-bit ARM plug-in: reads herd7's ARM syntax into ll_instr
 * (opcodes and layout in include/litmuslab/arch/arm.h) and prints it back
 * in upper case. The suffix and address syntax is in arm_family.c; the
 * register lists of LDM/PUSH/POP, the short LDRD and the `LSL #k` of an
 * address are read here. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm_family.h"

/* deliberate likeness: aarch64.c's forms[] (data, a row per mnemonic).
 * The suffixes are those herd7 7.58 reads (ADDS, MOVEQ, MOVWEQ; not
 * MOVS, ORRS, ADDEQ, MOVWNE, BGT), which is what this parser is for. */
static const ll_armf_form forms[] = {
    {"ADD", LL_ARM_ADD, "rro", ARMF_S},
    {"SUB", LL_ARM_SUB, "rro", ARMF_S},
    {"AND", LL_ARM_AND, "rro", ARMF_S | ARMF_EQ},
    {"ORR", LL_ARM_ORR, "rro", 0},
    {"EOR", LL_ARM_EOR, "rro", ARMF_S},
    {"XOR", LL_ARM_EOR, "rro", 0},    /* herd's name; printed EOR */
    {"MOV", LL_ARM_MOV, "ro", ARMF_COND},
    {"MOVW", LL_ARM_MOVW, "ri", ARMF_EQ},
    {"MOVT", LL_ARM_MOVT, "ri", ARMF_EQ},
    {"CMP", LL_ARM_CMP, "ro", 0},
    {"B", LL_ARM_B, "l", ARMF_COND},
    {"BX", LL_ARM_BX, "r", 0},
    {"CBZ", LL_ARM_CBZ, "rl", 0},
    {"CBNZ", LL_ARM_CBNZ, "rl", 0},
    {"NOP", LL_ARM_NOP, "", 0},
    {"LDR", LL_ARM_LDR, "rm", ARMF_COND},
    {"STR", LL_ARM_STR, "rm", ARMF_COND},
    {"LDRD", LL_ARM_LDRD, "rrm", 0},
    {"LDREX", LL_ARM_LDREX, "rm", 0},
    {"STREX", LL_ARM_STREX, "rrm", 0},
    {"LDA", LL_ARM_LDA, "rm", 0},
    {"STL", LL_ARM_STL, "rm", 0},
    {"LDAEX", LL_ARM_LDAEX, "rm", 0},
    {"STLEX", LL_ARM_STLEX, "rrm", 0},
    {"DMB", LL_ARM_DMB, "", ARMF_BARRIER},
    {"DSB", LL_ARM_DSB, "", ARMF_BARRIER},
    {"ISB", LL_ARM_ISB, "", 0},
    /* register lists: read and printed by this file */
    {"LDM", LL_ARM_LDM, "", 0},
    {"LDMIB", LL_ARM_LDMIB, "", 0},
    {"PUSH", LL_ARM_PUSH, "", 0},
    {"POP", LL_ARM_POP, "", 0},
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

/* herd's `LDRD Rt,[Rn]`, whose second register is implied */
static const ll_armf_form ldrd_short[] = {
    {"LDRD", LL_ARM_LDRD, "rm", 0},
};

static const char *const reg_names[LL_ARM_NREGS] = {
    "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10",
    "R11", "R12", "SP", "LR", "PC", "FP",
};

static int arm_reg_lookup(const char *name)
{
    if (name[0] == '%')
        return ll_asm_symreg(name, LL_ARM_SYMREG);
    for (int i = 0; i < LL_ARM_NREGS; i++)
        if (strcasecmp(name, reg_names[i]) == 0)
            return i;
    if (strcasecmp(name, "IP") == 0)
        return 12;
    if ((name[0] == 'R' || name[0] == 'r') && name[1] >= '0' &&
        name[1] <= '9' && (name[1] != '0' || !name[2])) {
        char *end;
        long n = strtol(name + 1, &end, 10);
        if (!*end && n < 16)
            return (int)n;   /* R13..R15 */
    }
    return -1;
}

static const char *arm_reg_name(int reg)
{
    if (reg >= LL_ARM_SYMREG)
        return ll_asm_symreg_name(reg - LL_ARM_SYMREG);
    return reg >= 0 && reg < LL_ARM_NREGS ? reg_names[reg] : "?";
}

static const ll_armf_arch arm_arch = {
    forms, N_FORMS, arm_reg_lookup, arm_reg_name, true, false, LL_ARM_SYMREG,
    false,
};

static const ll_armf_arch ldrd_short_arch = {
    ldrd_short, 1, arm_reg_lookup, arm_reg_name, true, false, LL_ARM_SYMREG,
    false,
};

static const char *arm_op_name(int op)
{
    return ll_armf_op_name(&arm_arch, op);
}

static bool is_list_op(int op)
{
    return op == LL_ARM_LDM || op == LL_ARM_LDMIB || op == LL_ARM_PUSH ||
           op == LL_ARM_POP;
}

static int list_op_of(ll_span mnem)
{
    for (int i = 0; i < N_FORMS; i++)
        if (is_list_op(forms[i].op) && ll_span_eq_nocase(mnem, forms[i].mnem))
            return forms[i].op;
    return -1;
}

static bool read_reg(ll_span s, ll_operand *o, ll_diag *d)
{
    return ll_asm_reg_operand(s, ll_span_reg(s, arm_reg_lookup), o, d);
}

/* `LDM Rn,{R1,R2}`, `PUSH {R4,LR}`: the registers become REG operands
 * (after Rn for LDM). */
static bool parse_list(int op, const ll_asm_line *ln, ll_instr *out,
                       ll_diag *d)
{
    int base = op == LL_ARM_LDM || op == LL_ARM_LDMIB;
    if (ln->n_args != base + 1)
        return ll_asm_arg_count(d, ln->mnem, base + 1, ln->n_args);
    out->op = op;
    if (base && !read_reg(ln->args[0], &out->ops[out->n_ops++], d))
        return false;
    ll_span list = ln->args[base], in, parts[LL_MAX_OPERANDS];
    int n = -1;
    if (ll_span_wrapped(list, '{', '}', &in))
        n = ll_span_split_commas(in, parts, LL_MAX_OPERANDS - base);
    if (n < 1)
        return ll_asm_bad_operand(d, list, base ? "a register list {R1,R2}"
                                                : "a register list {R1,...}");
    for (int i = 0; i < n; i++)
        if (!read_reg(parts[i], &out->ops[out->n_ops++], d))
            return false;
    return true;
}

/* `[Rn,Rm,LSL #k]` as the last operand of LDR* and STR*: k into *shift,
 * and the text without `,LSL #k` into buf for the family reader, whose
 * extensions are AArch64's. False with a message on another third part. */
static bool cut_lsl(const char *text, const ll_asm_line *ln, char *buf,
                    size_t size, int *shift, ll_diag *d)
{
    *shift = -1;
    bool ldr_str = ln->mnem.len >= 3 &&
                   (ll_span_eq_nocase(ll_span_sub(ln->mnem, 0, 3), "LDR") ||
                    ll_span_eq_nocase(ll_span_sub(ln->mnem, 0, 3), "STR"));
    if (ln->n_args == 0 || !ldr_str)
        return true;
    ll_span last = ln->args[ln->n_args - 1], in, parts[3];
    if (!ll_span_wrapped(last, '[', ']', &in) ||
        ll_span_split_commas(in, parts, 3) != 3)
        return true;
    ll_span ext = parts[2];
    int64_t k;
    int sp = 3;
    while (sp < ext.len && ext.s[sp] == ' ')
        sp++;
    ll_span amount = ll_span_sub(ext, sp, ext.len - sp);
    if (amount.len > 0 && amount.s[0] == '#')
        amount = ll_span_sub(amount, 1, amount.len - 1);
    if (ext.len < 4 || !ll_span_eq_nocase(ll_span_sub(ext, 0, 3), "LSL") ||
        sp == 3 || !ll_span_int(amount, &k) || k < 0 || k > 31)
        return ll_asm_bad_operand(d, last, "an address [Rn,Rm,LSL #k]");
    size_t keep = (size_t)(parts[1].s + parts[1].len - text);
    snprintf(buf, size, "%.*s]%s", (int)keep, text, last.s + last.len);
    *shift = (int)k;
    return true;
}

/* The `LSL #k` cut_lsl took out, on an address with an index. */
static bool set_lsl(const ll_asm_line *ln, int shift, ll_instr *out,
                    ll_diag *d)
{
    if (shift < 0)
        return true;
    ll_operand *m = &out->ops[out->n_ops - 1];
    if (m->kind != LL_OPND_MEM || m->index < 0)
        return ll_asm_bad_operand(d, ln->args[ln->n_args - 1],
                                  "an address [Rn,Rm,LSL #k]");
    m->shift = shift;
    return true;
}

/* What the family reader lets through but ARM does not have: the short
 * LDRD's implied register. A MOVW/MOVT immediate beyond 0..65535 is
 * read, as herd7 7.58 reads it (it stops on an assertion only where a
 * path reaches it: model/sem/arm.c mov_half; hwrun refuses it). */
static bool finish(const ll_asm_line *ln, ll_instr *out, ll_diag *d)
{
    if (out->op == LL_ARM_LDRD && out->n_ops == 2) {
        if (out->ops[0].reg >= 12)
            return ll_asm_bad_operand(d, ln->args[0],
                                      "R0..R11 (the pair is Rt, Rt+1)");
        out->ops[2] = out->ops[1];
        out->ops[1] = ll_opnd_reg(out->ops[0].reg + 1);
        out->n_ops = 3;
    }
    return true;
}

/* A `#0` offset or an `LSL #0` written in the address (cut_lsl's shift
 * 0): kept in the flags, as the MEM operand has no room for it. */
static void note_zero(const ll_asm_line *ln, int shift, ll_instr *out)
{
    if (out->n_ops == 0 || out->ops[out->n_ops - 1].kind != LL_OPND_MEM)
        return;
    const ll_operand *m = &out->ops[out->n_ops - 1];
    ll_span in, parts[3];
    if (shift == 0 ||
        (m->index < 0 && m->imm == 0 &&
         ll_span_wrapped(ln->args[ln->n_args - 1], '[', ']', &in) &&
         ll_span_split_commas(in, parts, 3) == 2))
        out->flags |= LL_ARM_F_ZERO_WRITTEN;
}

/* Address forms neither herd7 nor ARM has, refused here for hwrun as
 * well: herd's bare `LDR Rt,Rn` on other than LDR, STR and LDREX (herd7
 * reads it on those alone), and an offset or an index on the exclusive,
 * acquire and release forms, which address [Rn] alone. */
static bool address_form(const ll_asm_line *ln, const ll_instr *out,
                         ll_diag *d)
{
    if (out->n_ops == 0 || out->ops[out->n_ops - 1].kind != LL_OPND_MEM)
        return true;
    const ll_operand *m = &out->ops[out->n_ops - 1];
    ll_span a = ln->args[ln->n_args - 1];
    bool bare = a.len > 0 && a.s[0] != '[';
    switch (out->op) {
    case LL_ARM_LDREX: case LL_ARM_LDA: case LL_ARM_LDAEX: case LL_ARM_STL:
    case LL_ARM_STREX: case LL_ARM_STLEX:
        if (m->index < 0 && m->imm == 0 &&
            !(out->flags & LL_ARM_F_ZERO_WRITTEN) &&
            (!bare || out->op == LL_ARM_LDREX))
            return true;
        return ll_asm_bad_operand(d, a, "an address [Rn]");
    case LL_ARM_LDR: case LL_ARM_STR:
        return true;
    }
    return !bare || ll_asm_bad_operand(d, a, "an address [Rn...]");
}

/* Whether text has a space after a `#` (`MOV R0,# 1`), which herd7
 * 7.58's ARM lexer does not read ("Lex error") and the assembler does:
 * noted with the hexadecimal immediates (LL_ARM_F_HEX_PLUS). */
static bool hash_space(const char *text)
{
    const char *h = strchr(text, '#');
    for (; h; h = strchr(h + 1, '#'))
        if (h[1] == ' ' || h[1] == '\t')
            return true;
    return false;
}

/* Whether text names R13, R14 or R15 (in either case) as a word: herd7
 * 7.58 reads SP, LR, PC only; noted for the model
 * (LL_ARM_F_REG_NUMBERED). */
static bool high_numbered(const char *text)
{
    for (const char *p = text; *p; p++) {
        bool start = p == text || (!isalnum((unsigned char)p[-1]) &&
                                   p[-1] != '_' && p[-1] != '%');
        if (start && (*p == 'R' || *p == 'r') && p[1] == '1' &&
            p[2] >= '3' && p[2] <= '5' && !isalnum((unsigned char)p[3]) &&
            p[3] != '_')
            return true;
    }
    return false;
}

static bool arm_parse_instr(const char *text, ll_instr *out, ll_diag *d)
{
    memset(out, 0, sizeof *out);
    ll_asm_line ln;
    if (!ll_asm_split(ll_span_of(text), &ln, d))
        return false;
    int list_op = list_op_of(ln.mnem);
    bool ok;
    if (list_op >= 0) {
        ok = parse_list(list_op, &ln, out, d) &&
             ll_armf_name_symregs(&arm_arch, &ln, out, d);
    } else {
        const ll_armf_arch *a = &arm_arch;
        if (ll_span_eq_nocase(ln.mnem, "LDRD") && ln.n_args == 2)
            a = &ldrd_short_arch;
        char buf[256];
        int shift;
        ok = cut_lsl(text, &ln, buf, sizeof buf, &shift, d) &&
             ll_armf_parse(a, shift >= 0 ? buf : text, out, d) &&
             set_lsl(&ln, shift, out, d) && finish(&ln, out, d) &&
             ll_armf_name_symregs(a, &ln, out, d);
        if (ok) {
            note_zero(&ln, shift, out);
            if (ll_asm_hex_plus(&ln, true) || hash_space(text))
                out->flags |= LL_ARM_F_HEX_PLUS;
        }
        /* `B .`, `BEQ .+8`: herd7's ARM lexer reads no `.`, hwrun
           writes no target relative to it */
        ok = ok && address_form(&ln, out, d) &&
             ll_asm_named_target(out, &ln, d);
    }
    if (ok && high_numbered(text))
        out->flags |= LL_ARM_F_REG_NUMBERED;
    if (!ok)
        ll_instr_clear(out);
    return ok;
}

static void arm_print_instr(const ll_instr *in, ll_buf *b)
{
    if (!is_list_op(in->op) && (in->flags & LL_ARM_F_ZERO_WRITTEN)) {
        ll_buf t = {0};    /* the written `#0` or `LSL #0` put back */
        ll_armf_print(&arm_arch, in, &t);
        const char *s = ll_buf_str(&t), *close = strrchr(s, ']');
        if (close && in->n_ops > 0)
            ll_buf_printf(b, "%.*s%s%s", (int)(close - s), s,
                          in->ops[in->n_ops - 1].index >= 0 ? ",LSL #0"
                                                            : ",#0",
                          close);
        else
            ll_buf_puts(b, s);
        ll_buf_free(&t);
        return;
    }
    if (!is_list_op(in->op)) {
        ll_armf_print(&arm_arch, in, b);
        return;
    }
    int base = in->op == LL_ARM_LDM || in->op == LL_ARM_LDMIB;
    ll_buf_printf(b, "%s ", arm_op_name(in->op));
    if (base && in->n_ops > 0)
        ll_buf_printf(b, "%s,", arm_reg_name(in->ops[0].reg));
    ll_buf_putc(b, '{');
    for (int i = base; i < in->n_ops; i++)
        ll_buf_printf(b, "%s%s", i > base ? "," : "",
                      arm_reg_name(in->ops[i].reg));
    ll_buf_putc(b, '}');
}

static bool starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* `A,B,C` -> `A, B, C` (herd's spelling of ANDEQ, LDRD and LDM). */
static void spaced_commas(const char *s, ll_buf *out)
{
    int depth = 0;
    for (; *s; s++) {
        depth += *s == '{' ? 1 : *s == '}' ? -1 : 0;
        ll_buf_putc(out, *s);
        if (*s == ',' && depth == 0)
            ll_buf_putc(out, ' ');
    }
}

/* herd7's digest spelling (its ARM printer): `DMB` for DMB SY, NOP for
 * PUSH, POP and ANDEQ Rx,Rx,Rx, spaces after some commas, a lower-case
 * `lsl`, MOVW/MOVT glued to their operands, EORS read as EOR. */
static void arm_herd_spelling(const char *text, ll_buf *out)
{
    const char *sp = strchr(text, ' ');
    const char *args = sp ? sp + 1 : "";
    size_t mlen = sp ? (size_t)(sp - text) : strlen(text);
    char mnem[16];
    snprintf(mnem, sizeof mnem, "%.*s", (int)(mlen < 15 ? mlen : 15), text);
    if (!strcmp(text, "DMB SY") || !strcmp(text, "DSB SY")) {
        ll_buf_printf(out, "%.3s", text);
    } else if (!strcmp(mnem, "PUSH") || !strcmp(mnem, "POP") ||
               !strcmp(mnem, "NOP")) {
        ll_buf_puts(out, "NOP");
    } else if (!strcmp(mnem, "ANDEQ")) {
        char a[8], b[8], c[8];
        if (sscanf(args, "%7[^,],%7[^,],%7s", a, b, c) == 3 &&
            !strcmp(a, b) && !strcmp(b, c)) {
            ll_buf_puts(out, "NOP");
        } else {
            ll_buf_puts(out, "ANDEQ ");
            spaced_commas(args, out);
        }
    } else if (starts(mnem, "LDM") || !strcmp(mnem, "LDRD")) {
        ll_buf_printf(out, "%s ", mnem);
        spaced_commas(args, out);
    } else if (starts(mnem, "MOVW")) {
        ll_buf_puts(out, mnem);
        spaced_commas(args, out);
    } else if (starts(mnem, "MOVT")) {
        ll_buf_printf(out, "MOVT %s", mnem + 4);
        spaced_commas(args, out);
    } else if (!strcmp(mnem, "EORS")) {
        ll_buf_printf(out, "EOR %s", args);
    } else {
        const char *lsl = strstr(text, ",LSL #");
        if (lsl)
            ll_buf_printf(out, "%.*s,lsl %s", (int)(lsl - text), text,
                          lsl + 5);
        else
            ll_buf_puts(out, text);
    }
}

/* herd7 7.58 lists SP, LR, PC after R0-R12, as one block where `S`
 * would sort. */
static const char *const arm_named[] = {"SP", "LR", "PC", NULL};
static const ll_reg_family arm_family = {"S", arm_named};

const ll_arch_ops ll_arch_arm = {
    .id = LL_ARCH_ARM,
    .name = "ARM",
    .parse_instr = arm_parse_instr,
    .print_instr = arm_print_instr,
    .reg_lookup = arm_reg_lookup,
    .reg_name = arm_reg_name,
    .op_name = arm_op_name,
    .reg_canon = ll_reg_canon_identity,
    .herd_spelling = arm_herd_spelling,
    .reg_family = &arm_family,
};

/* Its lines of the architecture list (include/litmuslab/arch/list.h):
 * test header name, aliases, id, reader plug-in. The aliases hold
 * uname's machine (armv7l). */
const ll_arch_entry ll_arch_arm_names[] = {
    {"ARM", "ARMv7 armv7l armhf", LL_ARCH_ARM, &ll_arch_arm},
    {NULL, NULL, 0, NULL},
};
