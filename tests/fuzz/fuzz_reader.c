/* fuzz_reader.c — libFuzzer target for the litmus reader (`make fuzz`).
 * Any input must be read without a crash, hang or leak; an input that is
 * accepted must print, read back, and print the same again; conditions
 * alone go through ll_cond_parse the same way. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch.h"
#include "litmuslab/test.h"

static void check_round_trip(const ll_test *t)
{
    ll_buf once = {0}, twice = {0};
    ll_test_print(t, &once);
    ll_diag d = {0};
    ll_test *again = ll_test_parse("printed", once.data, once.len, &d);
    if (!again)
        abort(); /* the printer wrote something the reader refuses */
    ll_test_print(again, &twice);
    if (strcmp(ll_buf_str(&once), ll_buf_str(&twice)))
        abort(); /* the round trip changed the text */
    ll_test_free(again);
    ll_buf_free(&once);
    ll_buf_free(&twice);
}

static void check_condition(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return;
    memcpy(text, data, size);
    text[size] = '\0';
    ll_cond c;
    ll_diag d = {0};
    if (ll_cond_parse(text, ll_arch_find("PPC"), &c, &d)) {
        ll_buf once = {0}, twice = {0};
        ll_cond_print(&c, &once);
        ll_cond again;
        if (!ll_cond_parse(ll_buf_str(&once), NULL, &again, &d))
            abort();
        ll_cond_print(&again, &twice);
        if (strcmp(ll_buf_str(&once), ll_buf_str(&twice)))
            abort();
        ll_prop_free(again.prop);
        ll_prop_free(c.prop);
        ll_buf_free(&once);
        ll_buf_free(&twice);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("fuzz", (const char *)data, size, &d);
    if (t) {
        check_round_trip(t);
        ll_test_free(t);
    } else if (!d.msg[0] || d.line <= 0) {
        abort(); /* every refusal says what and where */
    }
    if (size < 4096)
        check_condition(data, size);
    return 0;
}
