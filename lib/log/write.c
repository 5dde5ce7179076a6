/* write.c — an entry printed in herd7's or litmus7's layout, byte for byte
 * as those tools print it (see log.h for the two layouts), line by line
 * through log_lines.h, the writer the hwrun harness shares. */
#include "litmuslab/log.h"

#include <stdlib.h>

/* The state as its log spelt it, else printed from its bindings. */
static void put_state(FILE *f, const ll_log_state *s,
                      void (*print)(const ll_state *, ll_buf *))
{
    if (s->text) {
        fprintf(f, "%s\n", s->text);
        return;
    }
    ll_buf b = {0};
    print(&s->state, &b);
    fwrite(b.data ? b.data : "", 1, b.len, f);
    fputc('\n', f);
    ll_buf_free(&b);
}

static void put_extras_and_time(FILE *f, const ll_log_entry *e, int from)
{
    for (int i = from; i < e->n_extra; i++)
        fprintf(f, "%s\n", e->extra[i]);
    if (e->time)
        ll_put_time(f, e->name, e->time);
}

static void print_herd_head(FILE *f, const ll_log_entry *e)
{
    ll_put_test(f, e->name, e->kind);
    fprintf(f, "States %d\n", e->n_states);
}

static void print_herd_tail(FILE *f, const ll_log_entry *e)
{
    ll_put_verdict(f, e->loop, e->verdict);
    if (e->has_witnesses)
        ll_put_witnesses(f, false, e->positive, e->negative);
    for (int i = 0; i < e->n_flags; i++)
        fprintf(f, "Flag %s\n", e->flags[i]);
    if (e->cond_text)
        ll_put_condition(f, false, e->cond_text, LL_VALIDATED_NONE);
    if (e->obs_word)
        ll_put_observation(f, e->name, e->obs_word, e->obs_pos, e->obs_neg);
    put_extras_and_time(f, e, 0);
    if (e->hash)
        ll_put_hash(f, e->hash);
    fputc('\n', f);
}

static void print_herd(FILE *f, const ll_log_entry *e)
{
    print_herd_head(f, e);
    for (int i = 0; i < e->n_states; i++)
        put_state(f, &e->states[i], ll_state_print_herd);
    print_herd_tail(f, e);
}

static void print_litmus(FILE *f, const ll_log_entry *e)
{
    bool modern = e->style == LL_LITMUS_MODERN;
    ll_put_test(f, e->name, e->kind);
    ll_put_histogram(f, (uint64_t)e->n_states);
    for (int i = 0; i < e->n_states; i++) {
        const ll_log_state *s = &e->states[i];
        ll_put_count(f, modern, s->count, s->marked);
        put_state(f, s, ll_state_print_litmus);
    }
    ll_litmus_tail t = {
        .modern = modern, .name = e->name, .verdict = e->verdict,
        .loop = e->loop, .has_witnesses = e->has_witnesses,
        .positive = e->positive, .negative = e->negative,
        .cond_text = e->cond_text, .validated = e->validated,
        .hash = e->hash, .n_info = e->n_extra_pre, .hash_at = e->hash_at,
        .info = (const char *const *)e->extra, .obs_word = e->obs_word,
        .obs_pos = e->obs_pos, .obs_neg = e->obs_neg,
    };
    ll_put_litmus_tail(f, &t);
    put_extras_and_time(f, e, e->n_extra_pre);
    fputc('\n', f);
}

/* Through a memory stream, so that an entry reaches its file in one
 * write (worker processes may share the file). */
static void format_with(const ll_log_entry *e, ll_buf *out,
                        void (*print)(FILE *, const ll_log_entry *))
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        ll_out_of_memory();
    print(f, e);
    if (fclose(f))
        ll_out_of_memory();
    ll_buf_putn(out, text, len);
    free(text);
}

/* States kept as text (half a million lines of an RCU chain) are put
 * in out as they are, not through the stream: it would grow by
 * copies. */
void ll_log_format_herd(const ll_log_entry *e, ll_buf *out)
{
    if (!e->states_text) {
        format_with(e, out, print_herd);
        return;
    }
    format_with(e, out, print_herd_head);
    ll_buf_putn(out, e->states_text, e->states_len);
    format_with(e, out, print_herd_tail);
}

void ll_log_format_herd_moving(ll_log_entry *e, ll_buf *out)
{
    if (!e->states_text || out->len) {
        ll_log_format_herd(e, out);
        return;
    }
    ll_buf head = {0}, tail = {0};
    format_with(e, &head, print_herd_head);
    format_with(e, &tail, print_herd_tail);
    size_t n = e->states_len, len = head.len + n + tail.len;
    char *d = ll_xrealloc(e->states_text, len + 1);
    memmove(d + head.len, d, n);
    memcpy(d, head.data, head.len);
    memcpy(d + head.len + n, tail.data, tail.len);
    d[len] = '\0';
    e->states_text = NULL;
    e->states_len = 0;
    free(out->data);
    *out = (ll_buf){d, len, len + 1};
    ll_buf_free(&head);
    ll_buf_free(&tail);
}

void ll_log_format_litmus(const ll_log_entry *e, ll_buf *out)
{
    format_with(e, out, print_litmus);
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
