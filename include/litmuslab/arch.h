/* arch.h — the architecture ids, the lines of the architecture list, and
 * the reader's plug-in table.
 *
 * include/litmuslab/arch/list.h is the list: one line per architecture,
 * its id and the stem of its files. Its lines here (its test header
 * names, with aliases and reader plug-in) are in its own file,
 * lib/arch/<file>.c, and lib/arch/registry.c looks them up. Each
 * architecture (lib/arch/<file>.c) turns the text of one code-table cell
 * into a typed ll_instr and prints it back; the reader knows nothing of
 * any instruction set. Each stage keeps its own table indexed by the id,
 * built from the list (model/sem/sem.c, hwrun/gen/gen.c), and
 * tests/unit/test_arch_coverage.c checks that every id has its entry in
 * every stage. The opcode enums are declared in
 * include/litmuslab/arch/<file>.h. doc/adding-an-architecture.md says
 * how a new one goes in. */
#ifndef LITMUSLAB_ARCH_H
#define LITMUSLAB_ARCH_H

#include <stdbool.h>

#include "litmuslab/test.h"
#include "litmuslab/util.h"

typedef enum ll_arch_id {
#define LL_ARCH(id, file) LL_ARCH_##id,
#include "litmuslab/arch/list.h"
#undef LL_ARCH
    LL_ARCH_COUNT     /* the number of ids: the stages' tables' length */
} ll_arch_id;

/* Registers that herd7 7.58 lists in the order of its own register
 * type, not by name: names in that order, and the name the whole block
 * sorts as among the others (lib/state.c). */
typedef struct ll_reg_family {
    const char *anchor;
    const char *const *names;       /* NULL-terminated */
} ll_reg_family;

struct ll_arch_ops {
    ll_arch_id id;
    const char *name;              /* canonical header name */
    /* Parse one instruction (a cell's text without its label, trimmed,
     * NUL-terminated). On error return false and fill *d with a message;
     * d->col is the 1-based column within `text` (the reader shifts it to
     * the file's column). Must not keep pointers into text. */
    bool (*parse_instr)(const char *text, ll_instr *out, ll_diag *d);
    /* Print an instruction in the arch's normal syntax (parseable again). */
    void (*print_instr)(const ll_instr *in, ll_buf *out);
    /* Register names: id for a name as it may appear in init blocks and
     * conditions, -1 if unknown; and the canonical name of an id. */
    int (*reg_lookup)(const char *name);
    const char *(*reg_name)(int reg);
    /* Opcode mnemonic, for messages and debugging. */
    const char *(*op_name)(int op);
    /* The id of the whole architectural register that reg is part of:
     * X5 for W5, rax for eax/ax/al, reg itself where no register is
     * part of another.
     * herd names the whole register in conditions (`1:X2=1` after
     * `LDR W2,...`), so compare registers by this id. */
    int (*reg_canon)(int reg);
    /* herd7's spelling of an instruction printed by print_instr, as its
     * test digest (Hash=) reads it, where it differs from ours; NULL when
     * it never does. Appends to out. */
    void (*herd_spelling)(const char *text, ll_buf *out);
    /* Whether herd7's digest leaves the labels instruction in names as
     * written: it renames the labels defined and those its branches
     * name, but some instruction's label is none of its branches' (a
     * call). NULL: every instruction's label is renamed. */
    bool (*label_as_written)(const ll_instr *in);
    /* herd7 and litmus7 name a register by reg_name in states,
     * conditions and digests whatever alias the test used (an alias `a0`
     * is shown as `x10`): the reader keeps that name. False: the test's
     * spelling is kept. */
    bool canonical_reg_names;
    /* An instruction whose memory operand is never accessed (a
     * `nopl 0(%rax,%rax,1)`), so its registers need no address; NULL
     * when every memory operand is an access. */
    bool (*no_access)(const ll_instr *in);
    /* herd7 compares a condition's constants whole, not cut to their
     * places' types as on the other assembly architectures (and as on
     * C, which has no plug-in): ll_place_type. */
    bool whole_constants;
    /* Named registers herd7 orders by their type (ll_reg_family); NULL
     * where every register sorts by name. */
    const ll_reg_family *reg_family;
    /* A code label at the start of s (n bytes, not NUL-terminated) read
     * the architecture's own way: herd7's parser takes the label of
     * this instruction set as a token, then `:` (blanks between them),
     * several in a row, and no keyword. The bytes through the `:`, the
     * name's length in *name; 0 when s starts with no label; -1 with
     * *d set (d->col from 1 in s) when it refuses the label. NULL: the
     * reader's names, one label, `:` next to it. */
    int (*label_at)(const char *s, int n, int *name, ll_diag *d);
    /* A location operand is never a code label, even one of the same
     * name (`w[once] x 1` beside `x:`): the digest renames labels, not
     * it. false: an operand naming a label takes its address (`la
     * x10,L0`). */
    bool labels_apart;
};

/* One line of the architecture list (lib/arch/registry.c). */
typedef struct ll_arch_entry {
    const char *header;         /* a test's header name, as herd7 spells
                                   it */
    const char *aliases;        /* other names for options (`gen -arch`,
                                   `campaign --arch`), space-separated,
                                   matched in any case */
    ll_arch_id id;
    const ll_arch_ops *reader;  /* NULL: no instruction reader (C tests
                                   are read by lib/c/) */
} ll_arch_entry;

/* The plug-in for a test header's architecture name, as the header
 * spells it; NULL if unknown or without one (C). */
const ll_arch_ops *ll_arch_find(const char *header_name);
/* The anchor of the register family (ll_reg_family) of any
 * architecture that holds name, and name's rank in it; NULL and -1 when
 * none does. States carry names only, so this asks every architecture. */
const char *ll_arch_reg_family(const char *name, int *rank);
/* The line of a name given on a command line: a header name or an alias,
 * in any case (a header name first, then an alias); NULL if
 * unknown. */
const ll_arch_entry *ll_arch_lookup(const char *name);
/* The id of a test header's name as the header spells it ("C" too); -1
 * if unknown. */
int ll_arch_id_of(const char *header_name);
/* An id's name: its first header name (of its dialects); NULL
 * for an id out of range. */
const char *ll_arch_name(ll_arch_id id);
/* Whether a test of header name `header` is one of those that name
 * (`campaign --arch`) selects: its header or one of its aliases, in any
 * case (an alias on one dialect's line may also be another dialect's
 * header name, in another case: it selects both). */
bool ll_arch_selects(const char *name, const char *header);
/* herd7's check that a model is for the test's architecture: a model
 * whose title (its first word or string) names an architecture is
 * refused for a test of another one (herd7 skips such a test with a
 * warning). The architecture a title word or test header name names, as
 * herd7 spells it in that warning; NULL for any other word (such a
 * title fits any test). */
const char *ll_arch_herd_name(const char *word);
/* The list's line i, from 0, for tests and listings; NULL past the end. */
const ll_arch_entry *ll_arch_entry_at(int i);

/* Free the owned strings inside an instruction's operands. */
void ll_instr_clear(ll_instr *in);

/* Same opcode, flags and operands (strings compared by content): what a
 * round trip through print_instr and parse_instr must preserve. */
bool ll_instr_equal(const ll_instr *a, const ll_instr *b);

#endif
