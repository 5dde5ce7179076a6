/* write.c — an entry printed in herd7's or litmus7's layout, byte for byte
 * as those tools print it (see log.h for the two layouts). */
#include "litmuslab/log.h"

#include <inttypes.h>

const char *ll_log_verdict_word(ll_verdict v)
{
    switch (v) {
    case LL_VERDICT_OK:
        return "Ok";
    case LL_VERDICT_NO:
        return "No";
    case LL_VERDICT_UNKNOWN:
        return "??";
    case LL_VERDICT_UNDEF:
        return "Undef";
    case LL_VERDICT_NONE:
        break;
    }
    return "";
}

static void put_test_line(const ll_log_entry *e, ll_buf *out)
{
    ll_buf_printf(out, "Test %s", e->name ? e->name : "");
    if (e->kind && *e->kind)
        ll_buf_printf(out, " %s", e->kind);
    ll_buf_putc(out, '\n');
}

static void put_verdict(const ll_log_entry *e, ll_buf *out)
{
    const char *w = ll_log_verdict_word(e->verdict);
    if (*w)
        ll_buf_printf(out, "%s%s\n", e->loop ? "Loop " : "", w);
}

static void put_observation(const ll_log_entry *e, ll_buf *out)
{
    if (e->obs_word)
        ll_buf_printf(out, "Observation %s %s %" PRIu64 " %" PRIu64 "\n",
                      e->name, e->obs_word, e->obs_pos, e->obs_neg);
}

static void put_extras_and_time(const ll_log_entry *e, ll_buf *out)
{
    for (int i = 0; i < e->n_extra; i++)
        ll_buf_printf(out, "%s\n", e->extra[i]);
    if (e->time)
        ll_buf_printf(out, "Time %s %s\n", e->name, e->time);
}

void ll_log_format_herd(const ll_log_entry *e, ll_buf *out)
{
    put_test_line(e, out);
    ll_buf_printf(out, "States %d\n", e->n_states);
    for (int i = 0; i < e->n_states; i++) {
        ll_state_print_herd(&e->states[i].state, out);
        ll_buf_putc(out, '\n');
    }
    put_verdict(e, out);
    if (e->has_witnesses)
        ll_buf_printf(out, "Witnesses\nPositive: %" PRIu64
                      " Negative: %" PRIu64 "\n", e->positive, e->negative);
    for (int i = 0; i < e->n_flags; i++)
        ll_buf_printf(out, "Flag %s\n", e->flags[i]);
    if (e->cond_text)
        ll_buf_printf(out, "Condition %s\n", e->cond_text);
    put_observation(e, out);
    put_extras_and_time(e, out);
    if (e->hash)
        ll_buf_printf(out, "Hash=%s\n", e->hash);
    ll_buf_putc(out, '\n');
}

void ll_log_format_litmus(const ll_log_entry *e, ll_buf *out)
{
    bool modern = e->style == LL_LITMUS_MODERN;
    put_test_line(e, out);
    ll_buf_printf(out, "Histogram (%d states)\n", e->n_states);
    for (int i = 0; i < e->n_states; i++) {
        const ll_log_state *s = &e->states[i];
        ll_buf_printf(out, modern ? "%-6" PRIu64 "%c>" : "%-8" PRIu64 "%c> ",
                      s->count, s->marked ? '*' : ':');
        ll_state_print_litmus(&s->state, out);
        ll_buf_putc(out, '\n');
    }
    put_verdict(e, out);
    if (e->has_witnesses)
        ll_buf_printf(out, modern ? "\nWitnesses\nPositive: %" PRIu64
                      ", Negative: %" PRIu64 "\n"
                      : "Witnesses\nPositive: %" PRIu64
                      " Negative: %" PRIu64 "\n",
                      e->positive, e->negative);
    if (e->cond_text) {
        ll_buf_printf(out, "Condition %s", e->cond_text);
        if (e->validated == LL_VALIDATED_YES)
            ll_buf_puts(out, " is validated");
        else if (e->validated == LL_VALIDATED_NO)
            ll_buf_puts(out, modern ? " is NOT validated"
                                    : " is not validated");
        ll_buf_putc(out, '\n');
    }
    if (e->hash)
        ll_buf_printf(out, "Hash=%s\n", e->hash);
    put_observation(e, out);
    put_extras_and_time(e, out);
    ll_buf_putc(out, '\n');
}

static void write_with(FILE *f, const ll_log_entry *e,
                       void (*format)(const ll_log_entry *, ll_buf *))
{
    ll_buf b = {0};
    format(e, &b);
    fwrite(b.data, 1, b.len, f);
    ll_buf_free(&b);
}

void ll_log_write_herd(FILE *f, const ll_log_entry *e)
{
    write_with(f, e, ll_log_format_herd);
}

void ll_log_write_litmus(FILE *f, const ll_log_entry *e)
{
    write_with(f, e, ll_log_format_litmus);
}
