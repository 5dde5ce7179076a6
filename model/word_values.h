/* word_values.h — the check of a test's numbers against herd7 7.58's
 * 32-bit reading of them (word_values.c), for mdl_prepare. */
#ifndef LITMUSLAB_MODEL_WORD_VALUES_H
#define LITMUSLAB_MODEL_WORD_VALUES_H

#include "model/engine.h"

/* false, with m->diag at the number, when m->word is 4 and a number of
 * the init block, the condition or the filter is one herd7 does not
 * read as a 32-bit value. */
bool mdl_check_word_values(mdl_test *m);

#endif
