/* fuzz_cbody.c — libFuzzer target for C thread bodies (`make
 * fuzz-cbody`): each input is the body of P0 in a C test. The reader and
 * the lowering read it; when hwrun's generator (hwrun/gen/c_body.c)
 * accepts it, the thread functions it printed must hold nothing but our
 * own names and the primitives (cbody_names_ok), and, for each new set
 * of primitives used (and at most every FUZZ_CBODY_MS milliseconds
 * otherwise), the whole file must compile as hwrun compiles it, with no
 * undefined symbol but the harness's entry and the compiler's own
 * helpers and no constructor (cbody_compile_ok). A finding aborts with
 * the body and the reason on stderr. tests/unit/test_fuzz_cbody.c runs
 * the same checks on the seeds in `make test`. Run from the repo root
 * (the harness headers are hwrun/harness/). */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hwrun/gen/gen.h"
#include "litmuslab/test.h"

/* The test around a body: shared variables of every kind hwrun knows. */
static void wrap(const char *body, size_t n, ll_buf *out)
{
    ll_buf_puts(out, "C F\n{ int *p = x; }\n"
                "P0(int *x, long *y, int **p, spinlock_t *s, atomic_t *a, "
                "struct srcu_struct *ss, char *c, unsigned long long *u)\n{\n");
    ll_buf_putn(out, body, n);
    ll_buf_printf(out, "\n}\nexists (x=0%s)\n",
                  memmem(body, n, "r0", 2) ? " \\/ 0:r0=0" : "");
}

/* ---- the names the printed thread functions may hold ---- */

static const char *const words[] = {
    "static", "void", "const", "if", "goto", "struct", "uint64_t",
    "int64_t", "uintptr_t", "intptr_t", "int", "unsigned", "long", "char",
    "short", "signed", "size_t", "int8_t", "uint8_t", "int16_t", "uint16_t",
    "int32_t", "uint32_t", "_Atomic", "loc", "out", "cas_e", "INT64_MIN",
    "ll_div", "ll_mod", "ll_ptr", "kp_enter", "READ_ONCE", "WRITE_ONCE",
    "smp_load_acquire", "smp_store_release", "smp_mb", "smp_rmb",
    "smp_wmb", "barrier", "smp_mb__before_atomic", "smp_mb__after_atomic",
    "smp_mb__after_spinlock", "smp_mb__after_unlock_lock",
    "smp_mb__after_srcu_read_unlock", "rcu_read_lock", "rcu_read_unlock",
    "synchronize_rcu", "spinlock_t", "spin_lock", "spin_unlock",
    "spin_trylock", "spin_is_locked", "srcu_struct", "srcu_read_lock",
    "srcu_read_unlock", "synchronize_srcu", "atomic_t", "atomic_long_t",
    "atomic64_t", "atomic_load_explicit", "atomic_store_explicit",
    "atomic_exchange_explicit", "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit", "atomic_fetch_and_explicit",
    "atomic_fetch_or_explicit", "atomic_fetch_xor_explicit",
    "atomic_compare_exchange_strong_explicit", "atomic_thread_fence",
    "memory_order_relaxed", "memory_order_acquire", "memory_order_release",
    "memory_order_acq_rel", "memory_order_seq_cst", NULL,
};

/* hr_kp.h's atomic families: FAMILY_OP[_ORDER]. */
static bool family_op(const char *w, size_t n)
{
    static const char *const fams[] = {"atomic_long_", "atomic64_",
                                       "atomic_"};
    static const char *const ops[] = {
        "xchg", "cmpxchg", "fetch_add", "fetch_sub", "fetch_and", "fetch_or",
        "fetch_xor", "add_return", "sub_return", "add", "sub", "and", "or",
        "xor", "add_unless",
    };
    static const char *const orders[] = {"", "_relaxed", "_acquire",
                                         "_release"};
    for (size_t f = 0; f < 3; f++) {
        size_t k = strlen(fams[f]);
        if (n <= k || strncmp(w, fams[f], k))
            continue;
        for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
            for (size_t r = 0; r < 4; r++) {
                char full[64];
                snprintf(full, sizeof full, "%s%s", ops[o], orders[r]);
                if (strlen(full) == n - k && !strncmp(w + k, full, n - k))
                    return true;
            }
        return false;   /* atomic_long_ is not atomic_ + long_... */
    }
    return false;
}

static bool name_ok(const char *w, size_t n)
{
    /* ours: r_NAME, t_N, L_N, m_NAME; the thread functions P<n> */
    if (n > 2 && (!strncmp(w, "r_", 2) || !strncmp(w, "t_", 2) ||
                  !strncmp(w, "L_", 2) || !strncmp(w, "m_", 2)))
        return true;
    if (n > 1 && w[0] == 'P' && strspn(w + 1, "0123456789") == n - 1)
        return true;
    for (const char *const *p = words; *p; p++)
        if (strlen(*p) == n && !strncmp(*p, w, n))
            return true;
    return family_op(w, n);
}

/* The thread functions of a generated file: from the first to `cond`. */
static bool threads_of(const char *c, const char **from, const char **to)
{
    *from = strstr(c, "static void P");
    *to = *from ? strstr(*from, "static int cond(") : NULL;
    return *to != NULL;
}

/* At p (a line's start): a whole `#line N "FILE"` line as the generator
 * prints it (FILE's quotes and backslashes escaped), or NULL. */
static const char *line_directive_end(const char *p, const char *end)
{
    if (end - p < 8 || strncmp(p, "#line ", 6) || !isdigit((unsigned char)p[6]))
        return NULL;
    p += 6;
    while (p < end && isdigit((unsigned char)*p))
        p++;
    if (end - p < 2 || p[0] != ' ' || p[1] != '"')
        return NULL;
    for (p += 2; p < end && *p != '"' && *p != '\n'; p++)
        if (*p == '\\' && p + 1 < end)
            p++;
    return end - p >= 2 && p[0] == '"' && p[1] == '\n' ? p + 2 : NULL;
}

/* Every byte of the thread functions is of C's plain punctuation, every
 * word ours or a primitive's, but for the generator's `#line` lines.
 * false with why. */
static bool cbody_names_ok(const char *c, char *why, size_t cap)
{
    const char *p, *end;
    if (!threads_of(c, &p, &end)) {
        snprintf(why, cap, "no thread functions in the file");
        return false;
    }
    while (p < end) {
        unsigned char ch = (unsigned char)*p;
        const char *dir = ch == '#' && p[-1] == '\n'
                              ? line_directive_end(p, end) : NULL;
        if (dir) {
            p = dir;
        } else if (isalpha(ch) || ch == '_') {
            const char *w = p;
            while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
                p++;
            if (!name_ok(w, (size_t)(p - w))) {
                snprintf(why, cap, "name '%.*s' in a thread function",
                         (int)(p - w), w);
                return false;
            }
        } else if (isdigit(ch) || strchr(" \n(){}[];,*=+-&|^!~<>:", ch)) {
            p++;
        } else {
            snprintf(why, cap, "byte 0x%02x in a thread function", ch);
            return false;
        }
    }
    return true;
}

/* ---- compiling it as hwrun does ---- */

static bool allowed_undefined(const char *s)
{
    /* the harness; the compiler's and the linker's own (the stack
       protector, libatomic, thread-local variables) */
    return !strcmp(s, "hr_main") || !strcmp(s, "__stack_chk_fail") ||
           !strncmp(s, "__atomic_", 9) ||
           !strcmp(s, "_GLOBAL_OFFSET_TABLE_") || !strcmp(s, "__tls_get_addr");
}

/* Run cmd; its output (at most cap bytes) in out; its exit status. */
static int run(const char *cmd, char *out, size_t cap)
{
    FILE *f = popen(cmd, "r");
    if (!f)
        return -1;
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = '\0';
    return pclose(f);
}

static bool cbody_compile_ok(const char *c, char *why, size_t cap)
{
    char dir[] = "/tmp/fuzz_cbody_XXXXXX";
    if (!mkdtemp(dir)) {
        snprintf(why, cap, "cannot make a temporary folder");
        return false;
    }
    char src[64], cmd[512], out[4096];
    snprintf(src, sizeof src, "%s/t.c", dir);
    FILE *f = fopen(src, "w");
    bool ok = f && fputs(c, f) >= 0;
    if (f)
        ok = !fclose(f) && ok;
    const char *cc = getenv("FUZZ_CBODY_CC") ? getenv("FUZZ_CBODY_CC")
                                               : "cc";
    /* hr_machines.h, which the build generates (mk/hwrun.mk): an
       #include of each machine's header */
    snprintf(cmd, sizeof cmd, "for f in hwrun/harness/hr_arch_*.h; do "
             "echo \"#include \\\"${f##*/}\\\"\"; done >%s/hr_machines.h",
             dir);
    if (ok && run(cmd, out, sizeof out)) {
        snprintf(why, cap, "cannot write hr_machines.h:\n%s", out);
        ok = false;
    }
    snprintf(cmd, sizeof cmd, "%s -O2 -std=gnu11 -Wall -Wextra -Werror "
             "-pthread -Ihwrun/harness -I%s -c -o %s/t.o %s 2>&1", cc, dir,
             dir, src);
    if (ok && run(cmd, out, sizeof out)) {
        snprintf(why, cap, "the printed C does not compile:\n%s", out);
        ok = false;
    } else if (ok) {
        snprintf(cmd, sizeof cmd, "nm -u --format=posix %s/t.o 2>&1 && "
                 "objdump -h %s/t.o | grep -o '\\.init_array\\|\\.ctors"
                 "\\|\\.fini_array\\|\\.dtors'", dir, dir);
        run(cmd, out, sizeof out);
        for (char *line = strtok(out, "\n"); ok && line;
             line = strtok(NULL, "\n")) {
            char *sp = strchr(line, ' ');
            if (sp)
                *sp = '\0';
            if (line[0] == '.' || !allowed_undefined(line)) {
                snprintf(why, cap, "the object %s '%s'",
                         line[0] == '.' ? "has a section" : "calls", line);
                ok = false;
            }
        }
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run(cmd, out, sizeof out);
    return ok;
}

/* ---- when to compile ---- */

/* The primitives and types a file uses, as one hash: a new one is
 * compiled at once. */
static uint64_t signature(const char *c)
{
    const char *p, *end;
    uint64_t h = 0;
    if (!threads_of(c, &p, &end))
        return 0;
    while (p < end) {
        if (!isalpha((unsigned char)*p) && *p != '_') {
            p++;
            continue;
        }
        const char *w = p;
        while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
            p++;
        if (!strncmp(w, "r_", 2) || !strncmp(w, "t_", 2) ||
            !strncmp(w, "L_", 2))
            continue;
        uint64_t x = 1469598103934665603ull;
        for (const char *q = w; q < p; q++)
            x = (x ^ (unsigned char)*q) * 1099511628211ull;
        h |= 1ull << (x % 64);   /* a set: order and repeats do not count */
    }
    return h;
}

static bool seen_signature(uint64_t s)
{
    static uint64_t *seen;
    static size_t n, cap;
    for (size_t i = 0; i < n; i++)
        if (seen[i] == s)
            return true;
    if (n == cap) {
        cap = cap ? 2 * cap : 256;
        seen = realloc(seen, cap * sizeof *seen);
        if (!seen)
            abort();
    }
    seen[n++] = s;
    return false;
}

static bool time_to_compile(void)
{
    static double last;
    const char *e = getenv("FUZZ_CBODY_MS");
    double every = (e ? atof(e) : 1000) / 1000;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double now = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    if (now - last < every)
        return false;
    last = now;
    return true;
}

/* The checks on one body: true, or false with why. compile: -1 as the
 * fuzzer decides (a new signature, or time), 0 never, 1 always.
 * *accepted (may be NULL): hwrun's generator took the body. */
static bool cbody_check(const char *body, size_t n, int compile,
                        bool *accepted, char *why, size_t cap)
{
    ll_buf text = {0}, c = {0};
    wrap(body, n, &text);
    ll_diag d = {0};
    ll_test *t = ll_test_parse("fuzz.litmus", text.data, text.len, &d);
    bool ok = true, took = t && hw_gen_c(t, &c, &d);
    if (accepted)
        *accepted = took;
    if (took) {
        ok = cbody_names_ok(ll_buf_str(&c), why, cap);
        bool now = compile > 0 ||
                   (compile < 0 && (!seen_signature(signature(c.data)) ||
                                    time_to_compile()));
        if (ok && now)
            ok = cbody_compile_ok(ll_buf_str(&c), why, cap);
        /* progress, for the report of a long run */
        static long taken, compiled;
        taken++;
        compiled += now;
        if (now && compile < 0 && compiled % 100 == 0)
            fprintf(stderr, "fuzz_cbody: %ld bodies taken by hwrun, %ld "
                    "compiled\n", taken, compiled);
    }
    ll_test_free(t);
    ll_buf_free(&text);
    ll_buf_free(&c);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[4500];
    if (size > 4096 || memchr(data, 0, size))
        return 0;
    if (!cbody_check((const char *)data, size, -1, NULL, why, sizeof why)) {
        fprintf(stderr, "fuzz_cbody: finding: %s\nbody:\n%.*s\n", why,
                (int)size, (const char *)data);
        abort();
    }
    return 0;
}
