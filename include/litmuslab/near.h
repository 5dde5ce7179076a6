/* near.h — "did you mean": a known name one edit away from a word the
 * user wrote (lib/near.c), for misspelled instructions, primitives,
 * options and model names. */
#ifndef LITMUSLAB_NEAR_H
#define LITMUSLAB_NEAR_H

#include <stdbool.h>
#include <stddef.h>

/* a and b differ by one edit: a character inserted, deleted or changed,
 * or two neighbours swapped. Equal words are not one edit apart. */
bool ll_one_edit(const char *a, const char *b);

/* The first name of a table one edit away from word, or NULL: the names
 * are `const char *` fields `stride` bytes apart starting at `first`
 * (an array of names: stride sizeof(char *); a table of structs whose
 * name field is `first`: stride sizeof the struct). A name of the table
 * and a word shorter than three characters (every short name is near
 * it) get no suggestion. */
const char *ll_near_name(const char *word, const void *first, size_t n,
                         size_t stride);

/* The first word one edit away from word, made of word's own characters
 * and those of alphabet, that ok(candidate, arg) takes, written to out
 * (size bytes); false when none: for a set of names that is no table (an
 * instruction set, known by whether its reader takes a name). */
bool ll_near_by(const char *word, const char *alphabet,
                bool (*ok)(const char *candidate, void *arg), void *arg,
                char *out, size_t size);

#endif
