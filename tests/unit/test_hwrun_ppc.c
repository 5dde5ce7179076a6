/* test_hwrun_ppc.c — hwrun's Power generator against the hand-worked
 * final state of every opcode (tests/unit/ppc_cases.h, which the model is
 * checked against too): the cases become the threads of a few tests
 * (thread k has case k's registers, its locations renamed apart), whose
 * condition is every case's expected state (`forall`), built for ppc64le
 * and big-endian ppc64, run under qemu-user a few times; the Observation
 * must be Always (the loops, bdnz counts and lwarx/stwcx. retries, end
 * within the model's two turns). Cases hwrun refuses (lmw/stmw) are left
 * out and counted, and on big-endian Power the byte or halfword accesses
 * to an int location, where herd7's answer is the little-endian one.
 * Skipped, with the package named, where the cross compiler or qemu is
 * missing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"
#include "hwrun/target.h"
#include "litmuslab/log.h"
#include "litmuslab/state.h"
#include "litmuslab/test.h"

#include "tests/unit/ppc_cases.h"

#define PER_TEST 48

/* src with thread numbers `0:` made `k:` and one-letter names (the
 * cases' locations: x, y, z, b) made `NAMEk`. */
static void renamed(const char *src, int k, ll_buf *out)
{
    for (const char *p = src; *p;) {
        if (isdigit((unsigned char)*p)) {
            const char *e = p;
            while (isalnum((unsigned char)*e))
                e++;
            if (*e == ':' && e - p == 1 && *p == '0')
                ll_buf_printf(out, "%d", k);
            else
                ll_buf_putn(out, p, (size_t)(e - p));
            p = e;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *e = p;
            while (isalnum((unsigned char)*e) || *e == '_')
                e++;
            ll_buf_putn(out, p, (size_t)(e - p));
            if (e - p == 1)
                ll_buf_printf(out, "%d", k);
            p = e;
        } else {
            ll_buf_putc(out, *p++);
        }
    }
}

/* A byte or halfword access to an int location: herd7 reads or writes
 * the value's low-order part, a big-endian machine the bytes at the
 * address, which are the high-order part. */
static bool narrow_access_of_int(const icase *c)
{
    return (strstr(c->init, "int x") || strstr(c->init, "int y") ||
            strstr(c->init, "int t")) &&
           (strstr(c->code, "lbz") || strstr(c->code, "lh") ||
            strstr(c->code, "sth"));
}

/* Cases hwrun can run: no lmw/stmw; on big-endian Power, no narrow load
 * of a wider location. */
static bool runnable(const icase *c, bool big_endian)
{
    return !strstr(c->code, "lmw") &&
           !strstr(c->code, "stmw") &&
           !(big_endian && narrow_access_of_int(c));
}

/* The test of cases [from, to): one thread each. */
/* A case's line as thread k's: its labels Ln become LkTn, since herd7
 * wants each label once in a test. */
static void put_line(ll_buf *b, const char *s, size_t len, int k)
{
    for (size_t i = 0; i < len; i++) {
        bool label = s[i] == 'L' && i + 1 < len &&
                     isdigit((unsigned char)s[i + 1]) &&
                     (i == 0 || !isalnum((unsigned char)s[i - 1]));
        if (!label) {
            ll_buf_putn(b, s + i, 1);
            continue;
        }
        ll_buf_printf(b, "L%dT", k);
        while (i + 1 < len && isdigit((unsigned char)s[i + 1]))
            ll_buf_putn(b, s + ++i, 1);
    }
}

static char *combined(int from, int to, bool big_endian, int *n_threads)
{
    ll_buf b = {0}, cond = {0};
    int idx[PER_TEST], n = 0;
    for (int i = from; i < to; i++)
        if (runnable(&cases[i], big_endian))
            idx[n++] = i;
    ll_buf_puts(&b, "PPC OPS\n{\n");
    for (int k = 0; k < n; k++) {
        /* the high words of divw/divwu/mulhw/mulhwu results are undefined
         * (the ISA): those cases are compared as herd7's default int */
        const char *type = strstr(cases[idx[k]].code, "divw") ||
                                   strstr(cases[idx[k]].code, "mulhw")
                               ? "int" : "int64_t";
        ll_buf_printf(&b, "%s %d:r3; %s %d:r4; ", type, k, type, k);
        renamed(cases[idx[k]].init, k, &b);
        ll_buf_puts(&b, ";\n");
    }
    ll_buf_puts(&b, "}\n");
    for (int k = 0; k < n; k++)
        ll_buf_printf(&b, "%sP%d", k ? " | " : " ", k);
    ll_buf_puts(&b, " ;\n");
    /* rows: each thread's lines, then its sync */
    const char *at[PER_TEST];
    bool synced[PER_TEST] = {false};
    for (int k = 0; k < n; k++)
        at[k] = cases[idx[k]].code;
    for (bool more = true; more;) {
        more = false;
        for (int k = 0; k < n; k++) {
            ll_buf_puts(&b, k ? " | " : " ");
            if (*at[k]) {
                size_t len = strcspn(at[k], "\n");
                put_line(&b, at[k], len, k);
                at[k] += len + (at[k][len] == '\n');
                more = true;
            } else if (!synced[k]) {
                ll_buf_puts(&b, "sync");
                synced[k] = true;
                more = true;
            }
        }
        ll_buf_puts(&b, " ;\n");
    }
    /* the condition: every case's one state */
    for (int k = 0; k < n; k++) {
        ll_buf want = {0};
        renamed(cases[idx[k]].want, k, &want);
        for (char *p = want.data; *p;) {
            size_t len = strcspn(p, ";");
            char *atom = ll_xstrndup(p, len);
            char *a = atom + strspn(atom, " ");
            if (*a == '[') {   /* `[x]=1`, not an element `t[0]=1` */
                a++;
                char *close = strchr(a, ']');
                if (close)
                    memmove(close, close + 1, strlen(close));
            }
            if (*a)
                ll_buf_printf(&cond, "%s%s", cond.len ? " /\\ " : "", a);
            free(atom);
            p += len + (p[len] == ';');
        }
        ll_buf_free(&want);
    }
    ll_buf_printf(&b, "forall (%s)\n", cond.data);
    ll_buf_free(&cond);
    *n_threads = n;
    return b.data;
}

/* Print each atom of p (a conjunction) that state s does not satisfy. */
static int print_misses(const ll_prop *p, const ll_state *s)
{
    if (p->kind == LL_PROP_AND)
        return print_misses(p->lhs, s) + print_misses(p->rhs, s);
    if (ll_prop_eval(p, s, NULL))
        return 0;
    ll_buf b = {0};
    ll_prop_print(p, &b);
    printf("  not as worked by hand: %s\n", b.data);
    ll_buf_free(&b);
    return 1;
}

static void run_target(const char *name, bool big_endian)
{
    const hw_target *tg = hw_target_find(name);
    ll_buf why = {0};
    if (!hw_target_ready(tg, &why)) {
        printf("test_hwrun_ppc: SKIP %s: %s\n", name, why.data);
        ll_buf_free(&why);
        skip();
    }
    int ran = 0;
    for (int from = 0; from < N_CASES; from += PER_TEST) {
        int to = from + PER_TEST < N_CASES ? from + PER_TEST : N_CASES, n;
        char *text = combined(from, to, big_endian, &n);
        ll_diag d = {0};
        ll_test *t = ll_test_parse("ops.litmus", text, strlen(text), &d);
        if (!t)
            fail_msg("%d:%d: %s\n%s", d.line, d.col, d.msg, text);
        ll_buf c = {0}, bin = {0};
        int bin_fd = -1;
        if (!hw_gen_c(t, &c, &d))
            fail_msg("%d:%d: %s", d.line, d.col, d.msg);
        char *args[] = {"-n", "6", "-s", "3", "-q"};
        hw_opts o = {.target = tg, .cache_dir = "build/hwrun-cache",
                     .n_args = 5, .args = args};
        hw_end end = HW_FAILED;
        ll_log_entry e = {0};
        assert_true(hw_build(t, c.data, &o, &bin, &bin_fd));
        assert_true(hw_execute(t, bin_fd, bin.data, &o, &e, &end));
        if (strcmp(e.obs_word, "Always")) {
            printf("%s: cases %d..%d (renumbered from 0):\n", name, from,
                   to - 1);
            for (int i = 0; i < e.n_states; i++)
                print_misses(t->cond.prop, &e.states[i].state);
            fail_msg("%s: the generated code does not compute what the "
                     "cases say", name);
        }
        assert_non_null(ll_log_entry_extra(&e, "Emulated"));
        ran += n;
        ll_log_entry_clear(&e);
        ll_buf_free(&c);
        if (bin_fd >= 0)
            close(bin_fd);
        ll_buf_free(&bin);
        ll_test_free(t);
        free(text);
    }
    int refused = 0;
    for (int i = 0; i < N_CASES; i++)
        refused += !runnable(&cases[i], big_endian);
    assert_int_equal(ran + refused, N_CASES);
    assert_true(ran > 90);
    ll_buf_free(&why);
}

static void little_endian(void **unused)
{
    (void)unused;
    run_target("ppc64le", false);
}

static void big_endian(void **unused)
{
    (void)unused;
    run_target("ppc64", true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(little_endian),
        cmocka_unit_test(big_endian),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
