/* test_x86_differential.c — the x86 model against this CPU: random
 * straight-line one-thread X86_64 programs (every width, the high-byte
 * registers, loads and stores of each location's own width, flags read
 * by setcc, cmovcc, adc, sbb and forward jumps) run through the model and
 * through hwrun on this machine; the final registers and memory must be
 * equal. A fixed seed makes the programs the same on every run, so the
 * second (sanitizer) pass finds them in hwrun's build cache. More:
 * LITMUSLAB_DIFF_N=programs, LITMUSLAB_DIFF_SEED=seed. Skipped on a host
 * that is not x86-64. The model runs with the CPU's results
 * (sem_x86_cpu_ops): by default it follows herd7 7.58 where herd7 is not
 * the CPU (movl $-1,%eax leaves 64 ones there). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"
#include "litmuslab/log.h"
#include "model/engine.h"

enum { N_PROGRAMS = 12, LENGTH = 40, MAX_READS = 2, MAX_WRITES = 3 };

/* x86 with the CPU's results on every instruction, where sem_find's
 * follows herd7 7.58 on the instructions herd7 reads (model/sem/x86.c). */
extern const sem_ops sem_x86_cpu_ops;

typedef struct gen {
    uint64_t s;
    ll_buf code;            /* one instruction per line */
    int wloc[2];            /* width of x and y */
    int reads[2], writes[2];
    bool flags_known;       /* all of CF PF ZF SF OF */
    int labels;
} gen;

static uint64_t next(gen *g)
{
    g->s ^= g->s << 13;
    g->s ^= g->s >> 7;
    g->s ^= g->s << 17;
    return g->s;
}

static int pick(gen *g, int n)
{
    return (int)(next(g) % (uint64_t)n);
}

/* The data registers: rax rbx rcx rdx rsi rdi r8 r9 (r10 holds x's
 * address and r11 zero, both left alone). */
static const char *const names[4][8] = {
    {"al", "bl", "cl", "dl", "sil", "dil", "r8b", "r9b"},
    {"ax", "bx", "cx", "dx", "si", "di", "r8w", "r9w"},
    {"eax", "ebx", "ecx", "edx", "esi", "edi", "r8d", "r9d"},
    {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9"},
};
static const char *const highs[] = {"ah", "bh", "ch", "dh"};

static int log2w(int w)
{
    return w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3;
}

static const char *reg(gen *g, int w)
{
    return names[log2w(w)][pick(g, 8)];
}

static char sfx(int w)
{
    return "bwlq"[log2w(w)];
}

static int width(gen *g)
{
    return 1 << pick(g, 4);
}

/* An immediate the assembler takes for a w-byte operand. */
static int64_t imm(gen *g, int w)
{
    static const int64_t edges[] = {0, 1, -1, 127, 128, -128, 255, 32767,
                                    -32768, 65535, 2147483647};
    int64_t v = pick(g, 3) ? edges[pick(g, 11)] : (int64_t)next(g);
    if (w == 8)
        return (int32_t)v;
    int64_t m = (INT64_C(1) << (8 * w)) - 1;
    v &= m;
    if (pick(g, 2) && v > m / 2)
        v -= m + 1;                       /* as negative */
    return v;
}

/* A memory operand for a location of width w, if one has budget. */
static const char *mem(gen *g, int w, bool write, char *buf)
{
    int k = pick(g, 2);
    if (g->wloc[k] != w)
        k = !k;
    if (g->wloc[k] != w || g->reads[k] >= MAX_READS ||
        (write && g->writes[k] >= MAX_WRITES))
        return NULL;
    g->reads[k]++;     /* a write-only operand costs a read of budget too */
    if (write)
        g->writes[k]++;
    const char *loc = k ? "y" : "x";
    switch (k ? pick(g, 2) : pick(g, 4)) {
    case 0: sprintf(buf, "(%s)", loc); break;
    case 1: sprintf(buf, "%s(%%rip)", loc); break;
    case 2: sprintf(buf, "(%%r10)"); break;
    default: sprintf(buf, "(%%r10,%%r11,%d)", 1 << pick(g, 4)); break;
    }
    return buf;
}

static void emit(gen *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void emit(gen *g, const char *fmt, ...)
{
    char line[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    ll_buf_printf(&g->code, "%s\n", line);
}

static const char *const ccs[] = {"o", "no", "b", "ae", "e", "ne", "be",
                                  "a", "s", "ns", "p", "np", "l", "ge",
                                  "le", "g", "z", "nz", "c", "nc", "nb"};

static const char *cc(gen *g)
{
    return ccs[pick(g, 21)];
}

static void gen_mov(gen *g, int w)
{
    char m[32];
    const char *mm;
    switch (pick(g, 4)) {
    case 0:
        emit(g, "mov%c $%" PRId64 ",%%%s", sfx(w),
             w == 8 && pick(g, 2) ? (int64_t)next(g) : imm(g, w), reg(g, w));
        break;
    case 1:
        emit(g, "mov%c %%%s,%%%s", sfx(w), reg(g, w), reg(g, w));
        break;
    case 2:
        if ((mm = mem(g, w, false, m)))
            emit(g, "mov%c %s,%%%s", sfx(w), mm, reg(g, w));
        break;
    default:
        if (!(mm = mem(g, w, true, m)))
            break;
        if (pick(g, 2))
            emit(g, "mov%c $%" PRId64 ",%s", sfx(w), imm(g, w), mm);
        else if (w >= 4 && pick(g, 2))
            emit(g, "movnti%c %%%s,%s", sfx(w), reg(g, w), mm);
        else
            emit(g, "mov%c %%%s,%s", sfx(w), reg(g, w), mm);
        break;
    }
}

static void gen_alu(gen *g, int w)
{
    static const char *const ops[] = {"add", "sub", "and", "or", "xor",
                                      "cmp", "test", "adc", "sbb"};
    int op = pick(g, g->flags_known ? 9 : 7);
    bool writes = op != 5 && op != 6;
    char m[32], src[40];
    const char *mm;
    switch (pick(g, 3)) {
    case 0: sprintf(src, "$%" PRId64, imm(g, w)); break;
    case 1: sprintf(src, "%%%s", reg(g, w)); break;
    default:
        if (!(mm = mem(g, w, false, m)))
            return;
        emit(g, "%s%c %s,%%%s", ops[op], sfx(w), mm, reg(g, w));
        g->flags_known = true;
        return;
    }
    if (pick(g, 3) == 0 && (mm = mem(g, w, writes, m)))
        emit(g, "%s%s%c %s,%s", writes && pick(g, 2) ? "lock " : "", ops[op],
             sfx(w), src, mm);
    else
        emit(g, "%s%c %s,%%%s", ops[op], sfx(w), src, reg(g, w));
    g->flags_known = true;
}

static void gen_unary(gen *g, int w)
{
    static const char *const ops[] = {"inc", "dec", "neg", "not"};
    int op = pick(g, 4);
    char m[32];
    const char *mm = pick(g, 3) == 0 ? mem(g, w, true, m) : NULL;
    if (mm)
        emit(g, "%s%s%c %s", pick(g, 2) ? "lock " : "", ops[op], sfx(w), mm);
    else
        emit(g, "%s%c %%%s", ops[op], sfx(w), reg(g, w));
    if (op == 2)
        g->flags_known = true;     /* inc and dec keep CF as it was */
}

static void gen_shift(gen *g, int w)
{
    static const char *const ops[] = {"shl", "shr", "sar", "sal"};
    const char *op = ops[pick(g, 4)];
    char m[32], dst[40];
    const char *mm = pick(g, 4) == 0 ? mem(g, w, true, m) : NULL;
    if (mm)
        snprintf(dst, sizeof dst, "%s", mm);
    else
        snprintf(dst, sizeof dst, "%%%s", reg(g, w));
    switch (pick(g, 3)) {
    case 0: {
        int n = pick(g, 8 * w < 32 ? 32 : 8 * w);
        emit(g, "%s%c $%d,%s", op, sfx(w), n, dst);
        if (n != 0)
            g->flags_known = n == 1;
        break;
    }
    case 1:
        emit(g, "%s%c %%cl,%s", op, sfx(w), dst);
        g->flags_known = false;
        break;
    default:
        emit(g, "%s%c %s", op, sfx(w), dst);     /* by one */
        g->flags_known = true;
        break;
    }
}

static void gen_widen(gen *g)
{
    int src = 1 << pick(g, 3), dst;
    do
        dst = 2 << pick(g, 3);
    while (dst <= src);
    bool zero = src < 4 && pick(g, 2);
    char m[32];
    const char *mm = pick(g, 3) == 0 ? mem(g, src, false, m) : NULL;
    char s[40];
    if (mm)
        snprintf(s, sizeof s, "%s", mm);
    else
        snprintf(s, sizeof s, "%%%s", reg(g, src));
    emit(g, "mov%c%c%c %s,%%%s", zero ? 'z' : 's', sfx(src), sfx(dst), s,
         reg(g, dst));
}

static void gen_lea(gen *g)
{
    int w = 2 << pick(g, 3);
    emit(g, "lea%c %d(%%%s,%%%s,%d),%%%s", sfx(w), (int)(int32_t)imm(g, 4) / 4,
         reg(g, 8), reg(g, 8), 1 << pick(g, 4), reg(g, w));
}

static void gen_conditional(gen *g)
{
    char m[32];
    const char *mm;
    int w = 2 << pick(g, 3);
    switch (pick(g, 3)) {
    case 0:
        if (pick(g, 4) == 0 && (mm = mem(g, 1, true, m)))
            emit(g, "set%s %s", cc(g), mm);
        else
            emit(g, "set%s %%%s", cc(g), reg(g, 1));
        break;
    case 1:
        if (pick(g, 3) == 0 && (mm = mem(g, w, false, m)))
            emit(g, "cmov%s%c %s,%%%s", cc(g), sfx(w), mm, reg(g, w));
        else
            emit(g, "cmov%s%c %%%s,%%%s", cc(g), sfx(w), reg(g, w),
                 reg(g, w));
        break;
    default:
        emit(g, "j%s L%d", cc(g), g->labels);
        gen_mov(g, width(g));
        emit(g, "L%d:", g->labels++);
        break;
    }
}

static void gen_exchange(gen *g, int w)
{
    char m[32];
    const char *mm = pick(g, 2) ? mem(g, w, true, m) : NULL;
    char dst[40];
    if (mm)
        snprintf(dst, sizeof dst, "%s", mm);
    else
        snprintf(dst, sizeof dst, "%%%s", reg(g, w));
    const char *lock = mm && pick(g, 2) ? "lock " : "";
    switch (pick(g, 3)) {
    case 0:
        emit(g, "xchg%c %%%s,%s", sfx(w), reg(g, w), dst);
        break;
    case 1:
        emit(g, "%sxadd%c %%%s,%s", lock, sfx(w), reg(g, w), dst);
        g->flags_known = true;
        break;
    default:
        emit(g, "%scmpxchg%c %%%s,%s", lock, sfx(w), reg(g, w), dst);
        g->flags_known = true;
        break;
    }
}

/* ah..dh, beside other a-d registers only (no REX prefix). */
static void gen_high(gen *g)
{
    const char *h = highs[pick(g, 4)];
    const char *other = pick(g, 2) ? highs[pick(g, 4)] : names[0][pick(g, 4)];
    switch (pick(g, 5)) {
    case 0: emit(g, "movb %%%s,%%%s", h, other); break;
    case 1: emit(g, "movb %%%s,%%%s", other, h); break;
    case 2:
        emit(g, "addb $%d,%%%s", (int)imm(g, 1), h);
        g->flags_known = true;
        break;
    case 3: emit(g, "xchgb %%%s,%%%s", h, other); break;
    default: {
        int w = pick(g, 2) + 1;        /* 16 or 32 bits */
        emit(g, "mov%cb%c %%%s,%%%s", pick(g, 2) ? 'z' : 's', "wl"[w - 1], h,
             names[w][pick(g, 4)]);
        break;
    }
    }
}

static void gen_other(gen *g)
{
    static const char *const fixed[] = {
        "nop", "nopl 0x0(%rax)", "nopw %cs:0x0(%rax,%rax,1)", "endbr64",
        "mfence", "lfence", "sfence", "clflush (x)", "clflushopt (%r10)",
    };
    emit(g, "%s", fixed[pick(g, 9)]);
}

static void gen_instr(gen *g)
{
    int w = width(g);
    switch (pick(g, 12)) {
    case 0: case 1: gen_mov(g, w); break;
    case 2: case 3: gen_alu(g, w); break;
    case 4: gen_unary(g, w); break;
    case 5: gen_shift(g, w); break;
    case 6: gen_widen(g); break;
    case 7: gen_lea(g); break;
    case 8:
        if (g->flags_known)
            gen_conditional(g);
        break;
    case 9: gen_exchange(g, w); break;
    case 10: gen_high(g); break;
    default: gen_other(g); break;
    }
}

/* Signed, as the model shows a location (herd7's default type int). */
static const char *const loc_types[] = {"int8_t", "int16_t", "int32_t",
                                        "int64_t"};

/* A whole test: typed locations, random registers, the code, and a
 * condition naming every register and location so that states show
 * them. */
static char *program(uint64_t seed, int k)
{
    gen g = {.s = seed * 0x9e3779b97f4a7c15ull + (uint64_t)k + 1};
    ll_buf t = {0};
    g.wloc[0] = width(&g);
    g.wloc[1] = width(&g);
    ll_buf_printf(&t, "X86_64 D%d\n{\n", k);
    for (int i = 0; i < 2; i++) {
        uint64_t m = g.wloc[i] == 8 ? ~0ull : (1ull << (8 * g.wloc[i])) - 1;
        uint64_t v = next(&g) & m & (pick(&g, 2) ? 0xff : m);
        uint64_t sign = 1ull << (8 * g.wloc[i] - 1);
        ll_buf_printf(&t, "%s %s=%" PRId64 ";\n", loc_types[log2w(g.wloc[i])],
                      i ? "y" : "x", (int64_t)((v ^ sign) - sign));
    }
    /* registers are mostly 64-bit places; some have another type (or
       herd7's default, int), which both sides apply to the final value;
       an initial value is one of the type's, as herd7 keeps it whole
       where the CPU's harness, a C variable of that type, cuts it */
    static const struct {
        const char *name;
        int bytes;
        bool is_signed;
    } reg_types[] = {{"int64_t ", 8, true}, {"int64_t ", 8, true},
                     {"int64_t ", 8, true}, {"", 4, true},
                     {"uint32_t ", 4, false}, {"int16_t ", 2, true},
                     {"uint8_t ", 1, false}, {"uint64_t ", 8, false}};
    for (int r = 0; r < 8; r++) {
        int ty = pick(&g, 8);
        int64_t v = pick(&g, 4) ? (int64_t)next(&g) : pick(&g, 3) - 1;
        int bits = 8 * reg_types[ty].bytes;
        if (bits < 64) {
            uint64_t u = (uint64_t)v & ((1ull << bits) - 1);
            uint64_t sign = reg_types[ty].is_signed ? 1ull << (bits - 1) : 0;
            v = (int64_t)((u ^ sign) - sign);
        }
        ll_buf_printf(&t, "%s0:%s=%" PRId64 ";\n", reg_types[ty].name,
                      names[3][r], v);
    }
    ll_buf_puts(&t, "0:r10=x; 0:r11=0;\n}\n P0 ;\n");
    for (int i = 0; i < LENGTH; i++)
        gen_instr(&g);
    if (pick(&g, 4) == 0)
        emit(&g, "ret");
    for (const char *p = ll_buf_str(&g.code); *p;) {
        size_t n = strcspn(p, "\n");
        ll_buf_printf(&t, " %.*s ;\n", (int)n, p);
        p += n + 1;
    }
    ll_buf_puts(&t, "exists (");
    for (int r = 0; r < 8; r++)
        ll_buf_printf(&t, "0:%s=0 /\\ ", names[3][r]);
    ll_buf_puts(&t, "[x]=0 /\\ [y]=0)\n");
    ll_buf_free(&g.code);
    char *s = ll_xstrdup(ll_buf_str(&t));
    ll_buf_free(&t);
    return s;
}

/* cmocka's messages are short: the program goes to stderr in full. */
static void failed(const char *text, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void failed(const char *text, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s\n", text);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    fail();
}

static void model_state(const ll_test *t, const char *text, ll_buf *out)
{
    ll_diag d = {0};
    const char *dirs[] = {"model/cats"};
    cat_model *cat = cat_load("x86tso.cat", dirs, 1, &d);
    assert_non_null(cat);
    mdl_test m = {0};
    m.start = mdl_now();
    if (!mdl_prepare(&m, t, &sem_x86_cpu_ops) || !mdl_runs(&m) ||
        mdl_search(&m, cat) != MDL_OK)
        failed(text, "model refused: %s", m.diag.msg);
    ll_log_entry e = {0};
    mdl_report(&m, 0, &e);
    if (e.n_states != 1)
        failed(text, "model: %d states", e.n_states);
    ll_state_print_herd(&e.states[0].state, out);
    ll_log_entry_clear(&e);
    mdl_free(&m);
    cat_free(cat);
}

static void cpu_state(ll_test *t, const char *text, ll_buf *out)
{
    ll_buf c = {0}, bin = {0};
    int bin_fd = -1;
    ll_diag d = {0};
    char *args[] = {"-n", "1000", "-q"};
    hw_opts o = {.cache_dir = "build/hwrun-cache", .n_args = 3,
                 .args = args};
    if (!hw_gen_c(t, &c, &d))
        failed(text, "hwrun refused: %d:%d: %s", d.line, d.col, d.msg);
    hw_end end = HW_FAILED;
    ll_log_entry e = {0};
    if (!hw_build(t, c.data, &o, &bin, &bin_fd) ||
        !hw_execute(t, bin_fd, bin.data, &o, &e, &end) || end != HW_DONE)
        failed(text, "hwrun failed");
    if (e.n_states != 1)
        failed(text, "CPU: %d states", e.n_states);
    ll_state_print_herd(&e.states[0].state, out);
    ll_log_entry_clear(&e);
    ll_buf_free(&c);
    if (bin_fd >= 0)
        close(bin_fd);
    ll_buf_free(&bin);
}

/* The model shows a uint64_t value of 2^63 or more unsigned, as herd7
 * does, and hwrun's log as its bits read signed: the same number. */
static void signed_values(ll_buf *b)
{
    ll_buf out = {0};
    for (const char *p = ll_buf_str(b); *p;) {
        if (*p == '=' && p[1] >= '0' && p[1] <= '9') {
            char *end;
            uint64_t u = strtoull(p + 1, &end, 10);
            ll_buf_printf(&out, "=%" PRId64, (int64_t)u);
            p = end;
            continue;
        }
        ll_buf_putc(&out, *p++);
    }
    ll_buf_free(b);
    *b = out;
}

static void model_equals_cpu(void **state)
{
    (void)state;
#if !defined(__x86_64__)
    skip();
#endif
    const char *n_env = getenv("LITMUSLAB_DIFF_N");
    const char *seed_env = getenv("LITMUSLAB_DIFF_SEED");
    int n = n_env ? atoi(n_env) : N_PROGRAMS;
    uint64_t seed = seed_env ? strtoull(seed_env, NULL, 0) : 2026;
    for (int k = 0; k < n; k++) {
        char *text = program(seed, k);
        ll_diag d = {0};
        ll_test *t = ll_test_parse("diff.litmus", text, strlen(text), &d);
        if (!t)
            failed(text, "parse: %d:%d: %s", d.line, d.col, d.msg);
        ll_buf model = {0}, cpu = {0};
        model_state(t, text, &model);
        signed_values(&model);
        cpu_state(t, text, &cpu);
        if (strcmp(ll_buf_str(&model), ll_buf_str(&cpu)))
            failed(text, "model: %s\nCPU:   %s", ll_buf_str(&model),
                     ll_buf_str(&cpu));
        ll_buf_free(&model);
        ll_buf_free(&cpu);
        ll_test_free(t);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(model_equals_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
