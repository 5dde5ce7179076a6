/* escape.c — one escaping helper per output format (HTML/SVG, JSON,
 * LaTeX, Markdown, plain text) and the label check. A control character
 * should never get this far (labels are refused at input, and the log
 * reader refuses entries holding one), but if one does, every format
 * shows it as the four visible characters \xNN rather than passing it
 * on: a newline must never end a LaTeX comment or a Markdown row. */
#include "litmuslab/escape.h"

#include <stdio.h>
#include <string.h>

static bool is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

const char *ll_label_problem(const char *s)
{
    static _Thread_local char why[64];
    if (!*s)
        return "is empty";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n')
            return "holds a newline";
        if (is_control(c)) {
            snprintf(why, sizeof why, "holds a control character (0x%02x)", c);
            return why;
        }
    }
    return NULL;
}

/* A control character as `\xNN`, the backslash written as `bs`. */
static void control(unsigned char c, const char *bs, ll_buf *out)
{
    ll_buf_printf(out, "%sx%02x", bs, c);
}

void ll_esc_html(const char *s, ll_buf *out)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '<': ll_buf_puts(out, "&lt;"); break;
        case '>': ll_buf_puts(out, "&gt;"); break;
        case '&': ll_buf_puts(out, "&amp;"); break;
        case '"': ll_buf_puts(out, "&quot;"); break;
        case '\'': ll_buf_puts(out, "&#39;"); break;
        default:
            if (is_control(c))
                control(c, "\\", out);
            else
                ll_buf_putc(out, (char)c);
        }
    }
}

void ll_esc_json(const char *s, ll_buf *out)
{
    ll_buf_putc(out, '"');
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            ll_buf_printf(out, "\\%c", c);
        else if (c == '\n')
            ll_buf_puts(out, "\\n");
        else if (is_control(c) || c == '<' || c == '>' || c == '&')
            ll_buf_printf(out, "\\u%04x", c);
        else
            ll_buf_putc(out, (char)c);
    }
    ll_buf_putc(out, '"');
}

void ll_esc_tex(const char *s, ll_buf *out)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (strchr("_&%#${}", c))
            ll_buf_printf(out, "\\%c", c);
        else if (c == '\\')
            ll_buf_puts(out, "\\textbackslash{}");
        else if (c == '~' || c == '^')
            ll_buf_printf(out, "\\%c{}", c);
        else if (c == '<')
            ll_buf_puts(out, "\\textless{}");
        else if (c == '>')
            ll_buf_puts(out, "\\textgreater{}");
        else if (c == '|')
            ll_buf_puts(out, "\\textbar{}");
        else if (c == '"')
            ll_buf_puts(out, "\\textquotedbl{}");
        else if (is_control(c))
            control(c, "\\textbackslash{}", out);
        else
            ll_buf_putc(out, (char)c);
    }
}

void ll_esc_md(const char *s, ll_buf *out)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        /* CommonMark lets any ASCII punctuation be backslash-escaped */
        if (c && strchr("|*_\\`[]<>&~!#", c))
            ll_buf_printf(out, "\\%c", c);
        else if (is_control(c))
            control(c, "\\\\", out);
        else
            ll_buf_putc(out, (char)c);
    }
}

void ll_esc_text(const char *s, ll_buf *out)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (is_control(c))
            control(c, "\\", out);
        else
            ll_buf_putc(out, (char)c);
    }
}
