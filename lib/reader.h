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
/* A proposition with herd's precedence (NULL on error). */
ll_prop *ll_read_prop(ll_lexer *lx, const ll_arch_ops *arch);
/* A quantifier (`exists`, `~exists`, `forall`, or `final`, which herd
 * reads as exists) and its proposition. */
bool ll_read_cond(ll_lexer *lx, const ll_arch_ops *arch, ll_cond *out);

void ll_loc_clear(ll_loc *l);
void ll_value_clear(ll_value *v);
/* Print a proposition; herd_style prints every memory atom as `[x]=v`,
 * otherwise atoms keep the brackets they were written with. */
void ll_prop_print_style(const ll_prop *p, bool herd_style, ll_buf *out);
void ll_cond_print_style(const ll_cond *c, bool herd_style, ll_buf *out);

#endif
