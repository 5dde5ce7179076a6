/* escape.h — text from the inputs (test names, machine labels, states)
 * put into an output format: one helper per format, each appending s to
 * out so that the format reads it as plain text, never as markup. And the
 * check that refuses a label (a machine's name) holding a newline or a
 * control character, at input, before any output is written. */
#ifndef LITMUSLAB_ESCAPE_H
#define LITMUSLAB_ESCAPE_H

#include "litmuslab/util.h"

/* NULL when s may label a machine; else what is wrong with it ("holds a
 * newline", "holds a control character (0x1b)", "is empty"), in a static
 * buffer. */
const char *ll_label_problem(const char *s);

/* HTML and SVG text and attribute values (`&<>"'`). */
void ll_esc_html(const char *s, ll_buf *out);
/* A JSON string with its quotes; `<>&` too, so that no text closes the
 * <script> element holding it. */
void ll_esc_json(const char *s, ll_buf *out);
/* LaTeX text: its ten specials, and `<>|"` which some fonts misprint. */
void ll_esc_tex(const char *s, ll_buf *out);
/* A Markdown table cell: `|`, emphasis, links, code, and raw HTML. */
void ll_esc_md(const char *s, ll_buf *out);
/* Plain text for a terminal: control characters as \xNN, so that none
 * moves the cursor or ends a line. */
void ll_esc_text(const char *s, ll_buf *out);

#endif
