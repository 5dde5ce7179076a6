/* reader.h — private to the litmus reader (lib/read_*.c): the pieces that
 * read locations, values and conditions from tokens, shared by the test
 * reader and ll_cond_parse. */
#ifndef LITMUSLAB_READER_H
#define LITMUSLAB_READER_H

#include "lexer.h"
#include "litmuslab/arch.h"
#include "litmuslab/test.h"

/* Read a location at the current token: `0:r3`, `P1:rax`, `x`, `[x]`,
 * `x[2]`. Registers are resolved with arch when it is non-NULL (unknown
 * names are an error). *bracketed (may be NULL) tells `[x]`. On success
 * the lexer is on the token after the location. */
bool ll_read_loc(ll_lexer *lx, const ll_arch_ops *arch, ll_loc *out,
                 bool *bracketed);
/* A value: an integer or a location name. */
bool ll_read_value(ll_lexer *lx, ll_value *out);
bool ll_read_code_label(ll_lexer *lx, ll_value *v);
/* At the `:` after v: herd7's instruction value `instr:"ADD W0,W0,#1"`
 * (init block or condition) is refused with one line naming it (true),
 * the lexer's diagnostic set. */
bool ll_refuse_instr_value(ll_lexer *lx, const ll_value *v);
/* A proposition with herd's precedence (NULL on error). */
ll_prop *ll_read_prop(ll_lexer *lx, const ll_arch_ops *arch);
/* A quantifier (`exists`, `~exists`, `forall`, or `final`, which herd
 * reads as exists) and its proposition. */
bool ll_read_cond(ll_lexer *lx, const ll_arch_ops *arch, ll_cond *out);

/* The whole-test reader, with the architecture lookup as a parameter so
 * that unit tests can plug in a stand-in architecture. */
typedef const ll_arch_ops *ll_arch_finder(const char *header_name);
ll_test *ll_test_parse_with(const char *file, const char *text, size_t len,
                            ll_arch_finder *find, ll_diag *d);

/* The parts of a test, each reading from the lexer's position and leaving
 * the lexer after what it read; false with *lx->d filled on error. */
bool ll_read_header(ll_lexer *lx, ll_test *t, ll_arch_finder *find);
bool ll_read_init(ll_lexer *lx, ll_test *t);          /* at `{` */
bool ll_read_table(ll_lexer *lx, ll_test *t);         /* the code table */
bool ll_read_c_threads(ll_lexer *lx, ll_test *t);     /* C functions */
bool ll_read_constraints(ll_lexer *lx, ll_test *t);   /* to end of file */
/* Where the constraints start (`exists`, `locations`, ...) at or after
 * byte offset from, skipping comments; len when there are none. */
size_t ll_find_constraints(const char *src, size_t len, size_t from);
/* A constraint keyword starts at byte offset i. */
bool ll_at_constraints(const char *src, size_t len, size_t i);
/* The message for herd7's `scopes:` or `regions:` section (GPU models)
 * starting s (n bytes), or NULL when s starts neither. */
const char *ll_gpu_section(const char *s, size_t n);

void ll_loc_clear(ll_loc *l);
void ll_init_clear(ll_init *in);
void ll_value_clear(ll_value *v);
/* Print a proposition; herd_style prints every memory atom as `[x]=v`,
 * otherwise atoms keep the brackets they were written with. */
void ll_prop_print_style(const ll_prop *p, bool herd_style, ll_buf *out);
void ll_cond_print_style(const ll_cond *c, bool herd_style, ll_buf *out);

#endif
