/* test_model_x86.c — the x86 semantics one instruction at a time: for
 * every opcode of the x86 table, one-thread tests whose final registers
 * and memory are worked out by hand in the comments (widths, zero and
 * sign extension, the CPU's flags and every condition code: the CPU's
 * semantics, sem_x86_cpu_ops), the instructions the model refuses and
 * why, herd7 7.58's results on the instructions it reads (the model's
 * default: herd7_forms), and herd7's register spelling in states. Each
 * test must end in exactly one state, the one given. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/arch/x86.h"
#include "litmuslab/log.h"
#include "model/engine.h"
#include "model_run.h"

/* x86 with the CPU's results on every instruction, where sem_find's
 * follows herd7 7.58 on the instructions herd7 reads (model/sem/x86.c). */
extern const sem_ops sem_x86_cpu_ops;

static bool seen_op[LL_X86_NOPS];

/* Whether an init text gives location loc a value (`x=-2;`). */
static bool declares(const char *init, const char *loc)
{
    size_t n = strlen(loc);
    for (const char *p = strstr(init, loc); p; p = strstr(p + 1, loc))
        if ((p == init || p[-1] == ' ' || p[-1] == ';') && p[n] == '=')
            return true;
    return false;
}

/* Build a one-thread X86_64 test: x=7 and y=0 unless init says more,
 * code is instructions separated by ';', want is `rax=5; [x]=3`. */
static char *one_thread(const char *init, const char *code, const char *want)
{
    ll_buf b = {0};
    /* The registers are 64-bit places, so that a state shows the whole
       value the CPU leaves (herd7's default type, int, would show its low
       32 bits as a signed number). */
    static const char *const gprs[] = {
        "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
        "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
    ll_buf_printf(&b, "X86_64 T\n{ %s%s%s", declares(init, "x") ? "" : "x=7; ",
                  declares(init, "y") ? "" : "y=0; ", init);
    for (size_t i = 0; i < sizeof gprs / sizeof *gprs; i++) {
        char decl[16];
        snprintf(decl, sizeof decl, "0:%s=", gprs[i]);
        if (!strstr(init, decl))
            ll_buf_printf(&b, " int64_t 0:%s;", gprs[i]);
    }
    ll_buf_puts(&b, " }\n P0 ;\n");
    const char *p = code;
    while (*p) {
        size_t n = strcspn(p, ";");
        ll_buf_printf(&b, " %.*s ;\n", (int)n, p);
        p += n;
        while (*p == ';' || *p == ' ')
            p++;
    }
    ll_buf_puts(&b, "exists (");
    for (p = want; *p;) {
        size_t n = strcspn(p, ";");
        ll_buf_printf(&b, "%s%s%.*s", p == want ? "" : " /\\ ",
                      p[0] == '[' ? "" : "0:", (int)n, p);
        p += n;
        while (*p == ';' || *p == ' ')
            p++;
    }
    ll_buf_puts(&b, ")\n");
    char *s = ll_xstrdup(ll_buf_str(&b));
    ll_buf_free(&b);
    return s;
}

static cat_model *x86tso(void)
{
    static cat_model *model;
    ll_diag d = {0};
    const char *dirs[] = {"model/cats"};
    if (!model)
        model = cat_load("x86tso.cat", dirs, 1, &d);
    if (!model)
        fail_msg("cat: %s", d.msg);
    return model;
}

/* The semantics model_one runs: the CPU's unless a test says. */
static const sem_ops *under_test;

/* Model text; the single final state printed into state (herd7's line),
 * or the model's message into err. Returns the number of states, -1 on
 * an error. */
static int model_one(const char *text, char *state, size_t n, char *err,
                     size_t en, bool *holds)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("parse: %d:%d: %s\n%s", d.line, d.col, d.msg, text);
    for (int i = 0; i < t->threads[0].n_stmts; i++)
        if (t->threads[0].stmts[i].has_instr)
            seen_op[t->threads[0].stmts[i].instr.op] = true;
    mdl_test m = {0};
    m.start = mdl_now();
    int states = -1;
    if (mdl_prepare(&m, t, under_test ? under_test : &sem_x86_cpu_ops) &&
        mdl_runs(&m) &&
        mdl_search(&m, x86tso()) == MDL_OK) {
        ll_log_entry e = {0};
        mdl_report(&m, 0, &e);
        states = e.n_states;
        state[0] = 0;
        if (e.n_states > 0) {
            ll_buf b = {0};
            ll_state_print_herd(&e.states[0].state, &b);
            snprintf(state, n, "%s", ll_buf_str(&b));
            ll_buf_free(&b);
        }
        *holds = e.verdict == LL_VERDICT_OK;
        ll_log_entry_clear(&e);
    } else {
        snprintf(err, en, "%s", m.diag.msg);
    }
    mdl_free(&m);
    ll_test_free(t);
    return states;
}

/* The one final state of the code satisfies want. */
static void check(const char *init, const char *code, const char *want)
{
    char *text = one_thread(init, code, want);
    char state[512], err[512];
    bool holds = false;
    int n = model_one(text, state, sizeof state, err, sizeof err, &holds);
    if (n < 0)
        fail_msg("%s\nrefused: %s", text, err);
    if (n != 1 || !holds)
        fail_msg("%s\n%d states, first %s; want %s", text, n, state, want);
    free(text);
}

/* The model refuses the code with a message containing msg. */
static void refused(const char *code, const char *msg)
{
    char *text = one_thread("", code, "rax=0");
    char state[512], err[512] = "";
    bool holds;
    int n = model_one(text, state, sizeof state, err, sizeof err, &holds);
    if (n >= 0 || !strstr(err, msg))
        fail_msg("%s\nwant refusal '%s', got %d states, '%s'", text, msg, n,
                 err);
    free(text);
}

static void moves_and_widths(void **state)
{
    (void)state;
    /* a 32-bit write zero-extends; 16- and 8-bit writes merge */
    check("", "movq $-1,%rax; movl $5,%eax", "rax=5");
    check("", "movq $-1,%rax; movw $5,%ax", "rax=-65531");   /* ..ffff0005 */
    check("", "movq $-1,%rax; movb $5,%al", "rax=-251");     /* ..ffffff05 */
    check("", "movq $-1,%rax; movb $5,%ah", "rax=-64001");   /* ..ffff05ff */
    check("", "movq $-1,%r9; movb $0,%r9b; movw $1,%r10w",
          "r9=-256; r10=1");
    /* loads of each width from x = -2 (..fffe) */
    check("x=-2;", "movb (x),%al; movw (x),%bx; movl (x),%ecx; "
          "movq (x),%rdx", "rax=254; rbx=65534; rcx=4294967294; rdx=-2");
    /* stores write the low bytes, which a location shows as a value of
       its type (herd7's default type is int) */
    check("uint8_t z=0;", "movq $-1,%rax; movb %al,(x); movl $-1,(y); "
          "movb $-2,(z)", "[x]=255; [y]=-1; [z]=254");
    check("int64_t z=0;", "movl $4294967295,(x); movzbl (x),%eax; "
          "movl (x),%ebx; movl $-1,(z)",
          "[x]=-1; rax=255; rbx=4294967295; [z]=4294967295");
    /* cmpxchg with ah compares with al */
    check("", "movb $7,%al; movb $1,%ah; cmpxchgb %ah,(x)", "[x]=1");
    /* addressing: rip-relative, a register, base + index * scale */
    check("0:rsi=x;", "movq x(%rip),%rax; movq (%rsi),%rbx; "
          "movq $0,%rdi; movq (%rsi,%rdi,8),%rcx; movq (x),%rdx",
          "rax=7; rbx=7; rcx=7; rdx=7");
    /* a condition register named as a part shows the part's bits as a
       value of the register's type (int64_t here, int by default) */
    check("", "movq $-1,%rax", "eax=4294967295; ax=65535; al=255");
    /* movnti: an ordinary store */
    check("", "movq $9,%rax; movntiq %rax,(x); movntil %eax,(y)",
          "[x]=9; [y]=9");
}

static void arithmetic(void **state)
{
    (void)state;
    /* add: 0xffffffff + 1 = 0 in 32 bits, carry out, zero-extended */
    check("", "movq $-1,%rax; addl $1,%eax; setc %bl; sete %cl",
          "rax=0; rbx=1; rcx=1");
    /* 127 + 1 in 8 bits: signed overflow, negative */
    check("", "movb $127,%al; addb $1,%al; seto %bl; sets %cl",
          "rax=128; rbx=1; rcx=1");
    check("", "addq $5,(x); movq $1,%rax; addq (x),%rax; lock addq $1,(y)",
          "[x]=12; rax=13; [y]=1");
    /* sub: 3 - 5 = -2, borrow, signed less, not greater */
    check("", "movq $3,%rax; subq $5,%rax; setb %bl; setl %cl; setg %dl",
          "rax=-2; rbx=1; rcx=1; rdx=0");
    check("", "movl $0,%eax; subl $1,%eax", "rax=4294967295");
    /* adc: -1 + 1 carries; 5 + 10 + 1 = 16; then no carry: 0 + 0 + 0 */
    check("", "movq $-1,%rax; addq $1,%rax; movq $5,%rbx; adcq $10,%rbx; "
          "adcq $0,%rcx", "rax=0; rbx=16; rcx=0");
    /* 255 + 1 in al carries into ah */
    check("", "movb $-1,%al; addb $1,%al; adcb $0,%ah", "rax=256");
    /* sbb: 0 - 1 borrows; 10 - 3 - 1 = 6 */
    check("", "movq $0,%rax; subq $1,%rax; movq $10,%rbx; sbbq $3,%rbx",
          "rax=-1; rbx=6");
    check("", "movq $-1,%rax; andl $255,%eax; movq $12,%rbx; "
          "andq $10,%rbx; setz %cl", "rax=255; rbx=8; rcx=0");
    check("", "movq $1,%rax; orb $-128,%al; sets %bl", "rax=129; rbx=1");
    check("", "movq $-1,%rax; xorl %eax,%eax; setz %cl; xorw $-1,%bx",
          "rax=0; rcx=1; rbx=65535");
    /* cmp only sets flags: -1 < 1 signed, 0xff..ff > 1 unsigned */
    check("", "movq $-1,%rax; cmpq $1,%rax; setl %bl; setb %cl",
          "rax=-1; rbx=1; rcx=0");
    /* 0x80000000 - 1 overflows: less although the difference is positive */
    check("", "movl $-2147483648,%eax; cmpl $1,%eax; setl %bl",
          "rax=2147483648; rbx=1");
    /* test: 6 & 1 = 0, 6 & 4 = 4 */
    check("", "movq $6,%rax; testq $1,%rax; setz %bl; testb $4,%al; "
          "setnz %cl; testq %rax,(x); setnz %dl", "rbx=1; rcx=1; rdx=1");
    /* inc keeps CF: set by the add before it */
    check("", "movq $-1,%rax; addq $1,%rax; incq %rbx; setc %cl; "
          "movb $127,%dl; incb %dl; seto %sil",
          "rbx=1; rcx=1; rdx=128; rsi=1");
    check("", "incq (x); lock incl (y)", "[x]=8; [y]=1");
    check("", "movl $0,%eax; decl %eax; decw %bx; lock decq (x)",
          "rax=4294967295; rbx=65535; [x]=6");
    /* neg: CF unless 0; -(-128) overflows in 8 bits */
    check("", "movq $5,%rax; negq %rax; setc %bl; negq %rcx; setc %dl; "
          "movb $-128,%sil; negb %sil; seto %dil",
          "rax=-5; rbx=1; rcx=0; rdx=0; rsi=128; rdi=1");
    check("", "lock negq (x)", "[x]=-7");
    /* not changes no flag: ZF from the cmp survives */
    check("", "movq $0,%rax; notl %eax; notb %bl; cmpq $0,%rcx; "
          "notq %rdx; setz %sil; lock notq (x)",
          "rax=4294967295; rbx=255; rdx=-1; rsi=1; [x]=-8");
}

static void exchanges(void **state)
{
    (void)state;
    check("", "movq $1,%rax; xchgq %rax,(x)", "rax=7; [x]=1");
    check("", "movq $1,%rbx; movq $2,%rcx; xchgw %bx,%cx", "rbx=2; rcx=1");
    check("", "movq $-1,%rax; movq $-1,%rbx; xchgl %eax,%ebx",
          "rax=4294967295; rbx=4294967295");
    /* herd7's unlocked exchange: the same values */
    check("", "movq $1,%rax; uxchq %rax,(x)", "rax=7; [x]=1");
    check("", "movq $3,%rax; lock xaddq %rax,(x)", "rax=7; [x]=10");
    /* 255 + 1 in 8 bits: bl = 0 with a carry, cl = the old 255 */
    check("", "movb $-1,%bl; movb $1,%cl; xaddb %cl,%bl; setc %dl",
          "rbx=0; rcx=255; rdx=1");
    /* cmpxchg: equal, so x gets rcx; then not equal, so rax gets x */
    check("", "movq $7,%rax; movq $1,%rcx; lock cmpxchgq %rcx,(x); "
          "setz %bl", "[x]=1; rax=7; rbx=1");
    check("", "movq $3,%rax; movq $1,%rcx; lock cmpxchgq (x),%rcx; "
          "setz %bl", "[x]=7; rax=7; rbx=0");
    /* a failed 32-bit one writes eax (zero-extending); a successful one
       leaves rax's high half alone */
    check("", "movq $-1,%rax; cmpxchgl %ecx,(x)", "rax=7");
    check("", "movq $4294967303,%rax; movl $1,%ecx; cmpxchgl %ecx,(x)",
          "rax=4294967303; [x]=1");
    check("", "movq $5,%rax; movq $6,%rbx; cmpxchgq %rbx,%rax", "rax=6");
}

/* herd7's po relates instructions, not an xchg's read and write, and
 * x86's models order those by nothing else: two xchgs may each read the
 * other's write, and one may read a write co-after its own (herd7 7.58's
 * answers, states and counts), but no read reads its own instruction's
 * write. */
static void xchg_unordered_within(void **state)
{
    (void)state;
    outcome o;
    model_text("X86_64 X1\n{ uint64_t y; uint64_t 0:rax; uint64_t 1:rax; }\n"
               " P0             | P1             ;\n"
               " movq $1,%rax   | movq $2,%rax   ;\n"
               " xchgq %rax,(y) | xchgq %rax,(y) ;\n"
               "exists (0:rax=2 /\\ 1:rax=1)\n", "x86tso.cat", &o);
    assert_int_equal(o.n_states, 3);
    assert_string_equal(o.states[0], "0:rax=0; 1:rax=1;");
    assert_string_equal(o.states[1], "0:rax=2; 1:rax=0;");
    assert_string_equal(o.states[2], "0:rax=2; 1:rax=1;");
    assert_true(o.pos == 2 && o.neg == 2);
    model_text("X86_64 X5\n{ uint64_t y; uint64_t 0:rax; uint64_t 1:rax; }\n"
               " P0             | P1            ;\n"
               " movq $1,%rax   | movq $2,(y)   ;\n"
               " xchgq %rax,(y) | movq (y),%rax ;\n"
               "exists (0:rax=2 /\\ 1:rax=2 /\\ y=2)\n", "x86tso.cat", &o);
    assert_int_equal(o.n_states, 4);
    assert_string_equal(o.states[3], "0:rax=2; 1:rax=2; [y]=2;");
    assert_true(o.pos == 1 && o.neg == 3);
}

static void shifts(void **state)
{
    (void)state;
    check("", "movq $3,%rax; shlq $4,%rax", "rax=48");
    /* ebx = 0xffffffff; shl bl by 1: bl = 0xfe, CF = the bit out */
    check("", "movl $-1,%ebx; shlb $1,%bl; setc %cl",
          "rbx=4294967294; rcx=1");
    check("", "movq $2,%rcx; movq $1,%rdx; shlq %cl,%rdx", "rdx=4");
    /* counts are masked to 6 bits (64-bit) or 5 (narrower) */
    check("", "movq $65,%rcx; movq $1,%rsi; shlq %cl,%rsi", "rsi=2");
    check("", "movl $33,%ecx; movl $1,%edi; shll %cl,%edi", "rdi=2");
    check("", "movq $3,%r8; shlq %r8", "r8=6");
    /* by one: OF is the top bit xor CF */
    check("", "movb $64,%al; salb %al; seto %bl", "rax=128; rbx=1");
    check("", "movq $-1,%rax; shrq $60,%rax", "rax=15");
    check("", "movl $-1,%ebx; shrw $4,%bx", "rbx=4294905855"); /* ffff0fff */
    check("", "movq $5,%rcx; shrq %rcx; setc %dl; seto %sil",
          "rcx=2; rdx=1; rsi=0");
    check("", "movq $-16,%rax; sarq $2,%rax", "rax=-4");
    check("", "movb $-128,%bl; sarb $7,%bl", "rbx=255");
    check("", "movq $7,%rax; shlq $0,%rax; cmpq $7,%rax; shlq $0,%rax; "
          "setz %bl", "rax=7; rbx=1");        /* count 0: flags kept */
    check("", "shlq $2,(x); sarq (y)", "[x]=28; [y]=0");
}

static void widening_and_lea(void **state)
{
    (void)state;
    check("", "movq $-1,%rax; movzbl %al,%ebx; movzwq %ax,%rcx; "
          "movzbw %al,%dx; movzx %ah,%esi",
          "rbx=255; rcx=65535; rdx=255; rsi=255");
    check("x=-2;", "movzbq (x),%rdi; movzwl (x),%r8d", "rdi=254; r8=65534");
    check("x=-2;", "movq $128,%rax; movsbq %al,%rbx; movsbl %al,%ecx; "
          "movswl (x),%edx; movslq (x),%rsi; movsbw %al,%di",
          "rbx=-128; rcx=4294967168; rdx=4294967294; rsi=-2; rdi=65408");
    check("", "movq $-1,%rax; movsx %eax,%rbx", "rbx=-1");
    check("", "movq $10,%rax; movq $3,%rbx; leaq 5(%rax,%rbx,4),%rcx; "
          "leal -20(%rax),%edx; leaw 1(%rax),%si; leaq x(%rip),%rdi; "
          "movq (%rdi),%r8; leal (,%rbx,8),%r9d",
          "rcx=27; rdx=4294967286; rsi=11; r8=7; r9=24");
}

/* Four comparisons, by hand, and what each condition code says after
 * them (o no b ae e ne be a s ns p np l ge le g):
 *   5 - 7 = -2:  CF SF, no ZF OF, PF 0 (0xfe has 7 bits)
 *   7 - 7 = 0:   ZF PF
 *   0x80000000 - 1 (32-bit) = 0x7fffffff:  OF PF (0xff has 8 bits)
 *   -1 - 1 = -2: SF, no CF (0xff..ff is above 1) */
static const struct {
    const char *setup;
    const char *holds;
} comparisons[] = {
    {"movq $5,%rax; cmpq $7,%rax", "0110011010011010"},
    {"movq $7,%rax; cmpq $7,%rax", "0101101001100110"},
    {"movl $-2147483648,%eax; cmpl $1,%eax", "1001010101101010"},
    {"movq $-1,%rax; cmpq $1,%rax", "0101010110011010"},
};

static const char *const cc_names[LL_X86_NCC] = {
    "o", "no", "b", "ae", "e", "ne", "be", "a",
    "s", "ns", "p", "np", "l", "ge", "le", "g",
};

static void every_condition(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof comparisons / sizeof *comparisons; k++)
        for (int cc = 0; cc < LL_X86_NCC; cc++) {
            char code[256], want[64];
            bool holds = comparisons[k].holds[cc] == '1';
            snprintf(code, sizeof code, "%s; set%s %%bl", comparisons[k].setup,
                     cc_names[cc]);
            snprintf(want, sizeof want, "rbx=%d", holds);
            check("", code, want);
            snprintf(code, sizeof code, "%s; movq $0,%%rbx; j%s L0; "
                     "movq $1,%%rbx; L0:", comparisons[k].setup,
                     cc_names[cc]);
            snprintf(want, sizeof want, "rbx=%d", !holds);
            check("", code, want);
            snprintf(code, sizeof code, "%s; movq $1,%%rbx; movq $2,%%rcx; "
                     "cmov%sq %%rcx,%%rbx", comparisons[k].setup,
                     cc_names[cc]);
            snprintf(want, sizeof want, "rbx=%d", holds ? 2 : 1);
            check("", code, want);
        }
    /* a cmov not taken still zero-extends its 32-bit destination, and
       reads memory; herd7's order `cmovc %reg,(x)` */
    check("", "movq $5,%rax; cmpq $7,%rax; movq $-1,%rsi; cmovgl %ecx,%esi; "
          "cmovlq (x),%rdi; cmovc %r8,(x); sete (y)",
          "rsi=4294967295; rdi=7; r8=7; [y]=0");
    check("", "movq $7,%rax; cmpq $7,%rax; jmp L1; movq $1,%rbx; L1: "
          "jne L2; movq $2,%rcx; L2:", "rbx=0; rcx=2");
}

static void no_effect_and_end(void **state)
{
    (void)state;
    check("", "nop; nopl 0x0(%rax); nopw %cs:0x0(%rax,%rax,1); endbr64; "
          "clflush (x); clflushopt (x); mfence; lfence; sfence; "
          "movq (x),%rax", "rax=7");
    check("", "movq $1,%rax; ret; movq $2,%rax", "rax=1");
}

static void refusals(void **state)
{
    (void)state;
    /* flags no instruction has set, or that a shift leaves undefined */
    refused("je L0; L0:", "reads flags that are undefined");
    refused("movq $1,%rax; shlq $2,%rax; seto %bl",
            "reads flags that are undefined");
    refused("adcq $1,%rax", "reads flags that are undefined");
    refused("movq %fs:40,%rax", "a segment-prefixed absolute address");
    /* herd7 7.58's X86_64 does not read xadd, nor cmpxchg in the CPU's
       operand order: the default semantics (herd7's) refuses them before
       any run, reached or not (the CPU's, above, computes them) */
    under_test = sem_find(LL_ARCH_X86);
    refused("jmp L0; lock xaddl %eax,(x); L0:",
            "herd7 7.58 does not read 'lock xaddl %eax,(x)' (its X86_64 "
            "has no xadd), so the model refuses the test; hwrun runs it");
    refused("xaddq %rax,%rbx", "'xaddq %rax,%rbx' (its X86_64 has no xadd)");
    refused("lock cmpxchgq %rcx,(x)",
            "'lock cmpxchgq %rcx,(x)' (it reads cmpxchg in its own operand "
            "order, the memory first: cmpxchg (x),%rcx)");
    under_test = NULL;
}

/* As herd7 7.58 reads them (X86+seg-scale0): a segment prefix before a
 * base or index is ignored, a scale of 0 multiplies the index by 0. */
static void segments_and_scale0(void **state)
{
    (void)state;
    check("0:rdx=x; 0:rcx=8;",
          "movq $5,%ds:0(%rdx,%rcx,0); movq %cs:-8(%rdx,%rcx,1),%rbx; "
          "movq 0(%rdx,%rcx,0),%rsi",
          "rbx=5; rsi=5; [x]=5");
}

/* The model's default x86 semantics follows herd7 7.58 on the
 * instructions herd7 reads (each result checked with herd7): an
 * immediate is written whole, movl $-1,%eax leaves 64 ones (-1), movw
 * $-1,%bx too, movb $-1,%dh ors ..ff00 into rdx; addl $1 to 0xffffffff
 * leaves 2^32, addb $1 to bl = 0xff writes 0x100 into the cleared low
 * byte; ZF is 64-bit (cmpl $-1 of eax = 0xffffffff is not equal, so
 * rsi stays 7); SF is "greater" (js after 1+1 taken: rdi 0); jle is
 * !SF (cmpq $1 of 1: taken, r8 0); flags start at 0 (setnb: CF 0, 1);
 * cmovc, CF being 0, neither reads nor writes (rax stays -1). */
static void herd7_forms(void **state)
{
    (void)state;
    under_test = sem_find(LL_ARCH_X86);
    check("", "movl $-1,%eax; movq $1234605616436508552,%rdx; "
          "movb $-1,%dh; movw $-1,%bx",
          "rax=-1; rdx=-120; rbx=-1");
    check("", "movl $-1,%eax; addl $1,%eax; movl $255,%ebx; addb $1,%bl",
          "rax=4294967296; rbx=256");
    check("", "movl $-1,(x); movl $7,%esi; movl $-1,%eax; "
          "cmpl $-1,%eax; je L0; movl $8,%esi; L0:",
          "[x]=-1; rsi=8");
    check("", "movl $7,%edi; movl $1,%eax; addl $1,%eax; js L0; "
          "movl $8,%edi; L0: movq $1,%r9; cmpq $1,%r9; movl $0,%r8d; "
          "jle L1; movl $9,%r8d; L1: setnb %cl",
          "rdi=7; r8=0; rcx=1");
    /* setnb writes its 0 or 1 to the whole register, al or ah alike
       (herd7 7.58: rax=1 both times; the CPU merges the byte) */
    check("", "movq $-1,%rax; setnb %al; movq $-1,%rbx; setnb %bh",
          "rax=1; rbx=1");
    /* CF is 0 after cmp: cmovc is not taken and writes nothing */
    check("", "movq $-1,%rax; movl $3,%ebx; cmpl $1,%ebx; cmovc %ebx,%eax",
          "rax=-1");
    under_test = NULL;
}

/* herd7 7.58 reads rip and the segment registers as operands like any
 * register, whole and at any width (each result checked with herd7):
 * rip starts at 4, rax takes it (4), incq makes it 5, movl copies its low
 * half into ecx (5), cs is 0, fs takes 9 and gives it back. */
static void plain_rip_and_segments(void **state)
{
    (void)state;
    under_test = sem_find(LL_ARCH_X86);
    check("0:rip=4;", "movq %rip,%rax; incq %rip; movl %rip,%ecx; "
          "movq %cs,%rdx; movq $9,%fs; movq %fs,%rsi",
          "rax=4; rip=5; rcx=5; rdx=0; rsi=9");
    under_test = NULL;
}

/* X86_64's %eip, a register apart from rip as herd7 7.58 has it (0
 * while rip is 4; writing one leaves the other as it was) */
static void eip_apart_from_rip(void **state)
{
    (void)state;
    under_test = sem_find(LL_ARCH_X86);
    check("0:rip=4;", "movl %eip,%eax; movl $6,%eip; movq %rip,%rbx; "
          "movq $2,%rip; movl %eip,%ecx; addl $1,%eip; movl %eip,%edx; "
          "incq %rip; movl %eip,(x)",
          "rax=0; rbx=4; rcx=6; rdx=7; rip=3; [x]=7");
    under_test = NULL;
}

static void every_opcode_modelled(void **state)
{
    (void)state;
    for (int op = 0; op < LL_X86_NOPS; op++)
        if (!seen_op[op])
            fail_msg("opcode %s has no hand-worked model test",
                     ll_x86_table[op].mnem);
}

/* herd7 prints a register its own way: `0:RAX` is `0:rax` in X86_64
 * states and conditions, `0:eax` is `0:EAX` in X86. */
static void register_spelling(void **state)
{
    (void)state;
    /* (a store too: a test with no memory event is the cat helper's) */
    const char *text = "X86_64 S\n{ uint64_t 0:RAX; }\n P0 ;\n"
                       " movq $1,%rax ;\n movq $1,(x) ;\nexists (0:RAX=1)\n";
    char st[128], err[128];
    bool holds;
    assert_int_equal(model_one(text, st, sizeof st, err, sizeof err, &holds),
                     1);
    assert_string_equal(st, "0:rax=1;");
    ll_diag d = {0};
    ll_test *t = ll_test_parse("s.litmus", text, strlen(text), &d);
    ll_buf b = {0};
    ll_cond_print(&t->cond, &b);
    assert_string_equal(ll_buf_str(&b), "exists (0:rax=1)");
    assert_string_equal(t->init[0].loc.name, "rax");
    ll_buf_free(&b);
    ll_test_free(t);

    text = "X86 S\n{ }\n P0 ;\n MOV EAX,$-1 ;\n MOV [x],$1 ;\n"
           "exists (0:eax=-1)\n";
    assert_int_equal(model_one(text, st, sizeof st, err, sizeof err, &holds),
                     1);
    assert_string_equal(st, "0:EAX=-1;");
    assert_true(holds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(moves_and_widths),
        cmocka_unit_test(arithmetic),
        cmocka_unit_test(exchanges),
        cmocka_unit_test(xchg_unordered_within),
        cmocka_unit_test(shifts),
        cmocka_unit_test(widening_and_lea),
        cmocka_unit_test(every_condition),
        cmocka_unit_test(no_effect_and_end),
        cmocka_unit_test(refusals),
        cmocka_unit_test(segments_and_scale0),
        cmocka_unit_test(herd7_forms),
        cmocka_unit_test(plain_rip_and_segments),
        cmocka_unit_test(eip_apart_from_rip),
        cmocka_unit_test(every_opcode_modelled),
        cmocka_unit_test(register_spelling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
