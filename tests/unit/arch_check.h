/* arch_check.h — unit-test helpers for the architecture plug-ins: parse
 * and print round trips, expected error messages, and a sweep over every
 * distinct instruction of a corpus archive's code tables. */
#ifndef LITMUSLAB_TESTS_ARCH_CHECK_H
#define LITMUSLAB_TESTS_ARCH_CHECK_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch.h"
#include "tgz.h"

/* Parse text, print it into *out and check that parsing the print gives
 * an equal instruction. */
static inline void arch_reprint(const ll_arch_ops *a, const char *text,
                                ll_buf *out)
{
    ll_instr in, again;
    ll_diag d = {0};
    if (!a->parse_instr(text, &in, &d))
        fail_msg("%s: '%s' rejected: %s (col %d)", a->name, text, d.msg,
                 d.col);
    ll_buf_clear(out);
    a->print_instr(&in, out);
    if (!a->parse_instr(ll_buf_str(out), &again, &d))
        fail_msg("%s: printed '%s' rejected: %s", a->name, ll_buf_str(out),
                 d.msg);
    if (!ll_instr_equal(&in, &again))
        fail_msg("%s: '%s' does not round-trip", a->name, ll_buf_str(out));
    ll_instr_clear(&in);
    ll_instr_clear(&again);
}

/* As arch_reprint, and the print is `printed` (NULL: the text itself). */
static inline void arch_round_trip(const ll_arch_ops *a, const char *text,
                                   const char *printed)
{
    ll_buf b = {0};
    arch_reprint(a, text, &b);
    assert_string_equal(ll_buf_str(&b), printed ? printed : text);
    ll_buf_free(&b);
}

/* Parse text; the caller checks fields and calls ll_instr_clear. */
static inline ll_instr arch_parse(const ll_arch_ops *a, const char *text)
{
    ll_instr in;
    ll_diag d = {0};
    if (!a->parse_instr(text, &in, &d))
        fail_msg("%s: '%s' rejected: %s", a->name, text, d.msg);
    return in;
}

/* Parse text: its flags are flags and its operand i's immediate imm (a
 * spelling the reader notes for the model, `#0x10`, is read as 16). */
static inline void arch_check_imm(const ll_arch_ops *a, const char *text,
                                  unsigned flags, int i, int64_t imm)
{
    ll_instr in = arch_parse(a, text);
    assert_int_equal(in.flags, flags);
    assert_true(i < in.n_ops);
    assert_int_equal(in.ops[i].imm, imm);
    ll_instr_clear(&in);
}

/* text, parsed and printed, is `herd` in herd7's digest spelling. */
static inline void arch_herd_spelling(const ll_arch_ops *a, const char *text,
                                      const char *herd)
{
    ll_instr in = arch_parse(a, text);
    ll_buf ours = {0}, got = {0};
    a->print_instr(&in, &ours);
    a->herd_spelling(ll_buf_str(&ours), &got);
    assert_string_equal(ll_buf_str(&got), herd);
    ll_buf_free(&ours);
    ll_buf_free(&got);
    ll_instr_clear(&in);
}

/* arch_herd_spelling on each pair {text, herd} of a table. */
static inline void arch_herd_spellings(const ll_arch_ops *a,
                                       const char *const (*pairs)[2],
                                       size_t n)
{
    for (size_t i = 0; i < n; i++)
        arch_herd_spelling(a, pairs[i][0], pairs[i][1]);
}

/* Every text round-trips printing as itself, and together they use every
 * opcode below nops, each of which has a name. */
static inline void arch_round_trip_all(const ll_arch_ops *a,
                                       const char *const *texts, size_t n,
                                       int nops)
{
    char *seen = calloc((size_t)nops, 1);
    for (size_t i = 0; i < n; i++) {
        arch_round_trip(a, texts[i], NULL);
        ll_instr in = arch_parse(a, texts[i]);
        assert_in_range(in.op, 0, nops - 1);
        seen[in.op] = 1;
        ll_instr_clear(&in);
    }
    for (int op = 0; op < nops; op++) {
        assert_string_not_equal(a->op_name(op), "?");
        if (!seen[op])
            fail_msg("%s: opcode %s has no round-trip case", a->name,
                     a->op_name(op));
    }
    free(seen);
}

/* The instruction is rejected with exactly msg at column col. */
static inline void arch_rejects(const ll_arch_ops *a, const char *text,
                                const char *msg, int col)
{
    ll_instr in;
    ll_diag d = {0};
    if (a->parse_instr(text, &in, &d)) {
        ll_instr_clear(&in);
        fail_msg("%s: '%s' accepted", a->name, text);
    }
    ll_instr_clear(&in);
    assert_string_equal(d.msg, msg);
    assert_int_equal(d.col, col);
}

/* Distinct instruction strings of the code tables in a corpus archive. */
typedef struct arch_cells {
    char **items;
    int n, cap;
} arch_cells;

static inline int arch_cells_cmp(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

static inline void arch_cells_add(arch_cells *c, const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char)*s))
        s++, n--;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    /* a leading label `L0:` is the reader's business, not the arch's */
    size_t i = 0;
    while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
        i++;
    if (i > 0 && i < n && s[i] == ':') {
        s += i + 1;
        n -= i + 1;
        while (n > 0 && isspace((unsigned char)*s))
            s++, n--;
    }
    if (n == 0)
        return;
    ll_grow((void **)&c->items, &c->cap, c->n + 1, sizeof *c->items);
    c->items[c->n++] = ll_xstrndup(s, n);
}

static inline bool arch_is_row_end(const char *line)
{
    static const char *const words[] = {"exists", "~exists", "forall",
                                        "final", "locations", "filter",
                                        "~", "("};
    while (isspace((unsigned char)*line))
        line++;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strncmp(line, words[i], strlen(words[i])) == 0)
            return true;
    return *line == '\0' || *line == '\n';
}

static inline void arch_cells_of_file(const char *name, const char *data,
                                      size_t len, void *ctx)
{
    (void)len;
    if (!strstr(name, ".litmus"))
        return;
    const char *p = data;
    bool in_table = false;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char *line = ll_xstrndup(p, n);
        char *q = line;
        while (isspace((unsigned char)*q))
            q++;
        if (!in_table) {
            in_table = q[0] == 'P' && q[1] == '0' &&
                       strspn(q + 2, " \t|;") > 0;
        } else if (arch_is_row_end(line) || !strchr(line, ';')) {
            free(line);
            break;
        } else {
            *strrchr(line, ';') = '\0';
            char *cell = line;
            for (char *bar; (bar = strchr(cell, '|')); cell = bar + 1)
                arch_cells_add(ctx, cell, (size_t)(bar - cell));
            arch_cells_add(ctx, cell, strlen(cell));
        }
        free(line);
        p = eol ? eol + 1 : p + n;
    }
}

/* Every distinct instruction in archive (relative to the corpus folder)
 * parses and round-trips under a; returns how many were checked: -1 when
 * the corpus is not there (the caller skips), 0 when it is there but
 * yields nothing (the caller fails). */
static inline int arch_check_corpus(const ll_arch_ops *a, const char *archive)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", tgz_corpus(), archive);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;      /* no corpus (a lone clone): the caller skips */
    fclose(f);
    arch_cells c = {0};
    int files = tgz_each(path, arch_cells_of_file, &c);
    if (files < 0)
        return 0;       /* present but unreadable: zero, a failure */
    qsort(c.items, (size_t)c.n, sizeof *c.items, arch_cells_cmp);
    int distinct = 0;
    ll_buf b = {0};
    for (int i = 0; i < c.n; i++) {
        if (i == 0 || strcmp(c.items[i], c.items[i - 1]) != 0) {
            arch_reprint(a, c.items[i], &b);
            distinct++;
        }
    }
    ll_buf_free(&b);
    for (int i = 0; i < c.n; i++)
        free(c.items[i]);
    free(c.items);
    return distinct;
}

#endif
