/* test_hwrun_gen.c — the hwrun code generator and driver on hand-built
 * X86_64 syntax trees (SB, MP with a lock and a label) and on read tests
 * with every opcode of the x86 table: the C it writes, the errors it
 * gives instead of C, and real runs of the built binaries on this
 * machine (small counts). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwrun/gen/gen.h"
#include "hwrun/hwrun.h"
#include "litmuslab/arch.h"
#include "litmuslab/arch/x86.h"
#include "litmuslab/log.h"

static bool seen[LL_X86_NOPS];

/* A stand-in for the x86 reader plug-in: only what the generator asks. */
static int fake_reg_lookup(const char *name)
{
    static const char *const names[] = {"rax", "rcx", "rdx", "rbx"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, names[i]))
            return i;
    if (!strcmp(name, "eax"))
        return LL_X86_REG(LL_X86_RAX, LL_X86_P32);
    return -1;
}

static const char *fake_op_name(int op)
{
    return op == 99 ? "frobq" : "op";
}

/* The log's Hash= line prints instructions: the real plug-in does that. */
static void real_print_instr(const ll_instr *in, ll_buf *out)
{
    ll_arch_find("X86_64")->print_instr(in, out);
}

static const ll_arch_ops fake_x86 = {
    .id = LL_ARCH_X86, .name = "X86_64", .reg_lookup = fake_reg_lookup,
    .op_name = fake_op_name, .print_instr = real_print_instr,
};
/* An architecture no generator knows. */
static const ll_arch_ops fake_sparc = {.id = (ll_arch_id)99, .name = "SPARC"};

static ll_operand reg(int r)
{
    return (ll_operand){.kind = LL_OPND_REG, .reg = r, .index = -1};
}

static ll_operand imm(int64_t v)
{
    return (ll_operand){.kind = LL_OPND_IMM, .reg = -1, .index = -1,
                        .imm = v};
}

static ll_operand mem(const char *sym)
{
    return (ll_operand){.kind = LL_OPND_MEM, .reg = -1, .index = -1,
                        .sym = (char *)sym};
}

static ll_stmt instr(int op, unsigned flags, int n, ll_operand a,
                     ll_operand b)
{
    ll_stmt s = {.pos = {7, 2}, .has_instr = true};
    s.instr.op = op;
    s.instr.flags = flags;
    s.instr.n_ops = n;
    s.instr.ops[0] = a;
    s.instr.ops[1] = b;
    return s;
}

static ll_stmt store(const char *x, int64_t v)
{
    return instr(LL_X86_MOV, LL_X86_SZ_Q, 2, imm(v), mem(x));
}

static ll_stmt load(const char *x, int r)
{
    return instr(LL_X86_MOV, LL_X86_SZ_Q, 2, mem(x), reg(r));
}

static ll_prop atom(int proc, const char *name, int64_t v)
{
    ll_prop p = {.kind = LL_PROP_ATOM, .pos = {9, 1}};
    p.loc = (ll_loc){.proc = proc, .name = (char *)name,
                     .reg = proc >= 0 ? fake_reg_lookup(name) : -1,
                     .index = -1};
    p.value.num = v;
    return p;
}

/* Storage for one hand-built test. */
typedef struct fixture {
    ll_test t;
    ll_thread th[2];
    ll_stmt s0[4], s1[4];
    ll_prop a, b, both;
} fixture;

static void two_threads(fixture *f, const char *name)
{
    memset(f, 0, sizeof *f);
    f->t.file = "hand.litmus";
    f->t.arch_name = "X86_64";
    f->t.arch = &fake_x86;
    f->t.name = (char *)name;
    f->t.n_threads = 2;
    f->t.threads = f->th;
    f->th[0] = (ll_thread){.proc = 0, .stmts = f->s0};
    f->th[1] = (ll_thread){.proc = 1, .stmts = f->s1};
    f->both = (ll_prop){.kind = LL_PROP_AND, .lhs = &f->a, .rhs = &f->b};
    f->t.cond = (ll_cond){.quant = LL_EXISTS, .prop = &f->both};
}

/* SB: exists (0:rax=0 /\ 1:rax=0). */
static void make_sb(fixture *f)
{
    two_threads(f, "SB");
    f->s0[0] = store("x", 1);
    f->s0[1] = load("y", LL_X86_RAX);
    f->s1[0] = store("y", 1);
    f->s1[1] = load("x", LL_X86_RAX);
    f->th[0].n_stmts = f->th[1].n_stmts = 2;
    f->a = atom(0, "rax", 0);
    f->b = atom(1, "rax", 0);
}

/* MP with a locked exchange as the flag write and a labelled load; the
 * outcome 1:rax=1 /\ 1:rbx=0 is forbidden by x86-TSO. */
static void make_mp(fixture *f)
{
    two_threads(f, "MP+xchg");
    f->s0[0] = store("x", 1);
    f->s0[1] = instr(LL_X86_MOV, LL_X86_SZ_NONE, 2, imm(1),
                     reg(LL_X86_RCX));
    f->s0[2] = instr(LL_X86_XCHG, LL_X86_SZ_Q | LL_X86_F_LOCK, 2,
                     reg(LL_X86_RCX), mem("y"));
    f->s1[0] = load("y", LL_X86_RAX);
    f->s1[1] = load("x", LL_X86_RBX);
    f->s1[1].label = "L0";
    f->th[0].n_stmts = 3;
    f->th[1].n_stmts = 2;
    f->a = atom(1, "rax", 1);
    f->b = atom(1, "rbx", 0);
}

static char *gen_ok(ll_test *t, ll_buf *c)
{
    ll_diag d = {0};
    if (!hw_gen_c(t, c, &d))
        fail_msg("%s", d.msg);
    return c->data;
}

static void sb_c_text(void **unused)
{
    (void)unused;
    fixture f;
    make_sb(&f);
    ll_buf c = {0};
    const char *s = gen_ok(&f.t, &c);
    assert_non_null(strstr(s, "\"\\tmovq $1,(%[m_x])\\n\""));
    assert_non_null(strstr(s, "\"\\tmovq (%[m_y]),%q[r_rax]\\n\""));
    assert_non_null(strstr(s, "[r_rax] \"+r\"(r_rax)"));
    /* registers: int, not filtered out */
    assert_non_null(strstr(s, "{\"0:rax\", -1, 4, 1, 0, 0, 0},\n"
                            "    {\"1:rax\", -1, 4, 1, 0, 0, 0},"));
    /* undeclared: herd7's int */
    assert_non_null(strstr(s, "{\"x\", INT64_C(0), -1, 4, 1, 0, 0},"));
    /* v[2], v[3]: whether the values are addresses */
    assert_non_null(strstr(s, "return ((!v[2] && v[0] == INT64_C(0)) && "
                            "(!v[3] && v[1] == INT64_C(0)));"));
    assert_non_null(strstr(s, "\"exists (0:rax=0 /\\\\ 1:rax=0)\""));
    ll_buf_free(&c);
}

static void labels_lock_and_parts(void **unused)
{
    (void)unused;
    fixture f;
    make_mp(&f);
    ll_buf c = {0};
    const char *s = gen_ok(&f.t, &c);
    assert_non_null(strstr(s, "\"\\tlock xchgq %q[r_rcx],(%[m_y])\\n\""));
    assert_non_null(strstr(s, "\"\\tmovq $1,%q[r_rcx]\\n\""));
    assert_non_null(strstr(s, "\".Lll_L0_%=:\\n\""));
    ll_buf_free(&c);
    /* A 32-bit part of rax: `%k`, and its final value read as 32 bits
     * (then given herd7's int by the harness). */
    make_sb(&f);
    f.s0[1] = load("y", LL_X86_REG(LL_X86_RAX, LL_X86_P32));
    f.s0[1].instr.flags = LL_X86_SZ_NONE;
    f.a = atom(0, "eax", 0);
    s = gen_ok(&f.t, &c);
    assert_non_null(strstr(s, "\"\\tmovl (%[m_y]),%k[r_rax]\\n\""));
    assert_non_null(strstr(s, "out[0] = (int64_t)(uint32_t)(r_rax >> 0);"));
    assert_non_null(strstr(s, "{\"0:eax\", -1, 4, 1, 0, 0, 0},"));
    ll_buf_free(&c);
}

static void errors_name_the_problem(void **unused)
{
    (void)unused;
    fixture f;
    ll_buf c = {0};
    ll_diag d = {0};
    make_sb(&f);
    f.s1[1] = instr(99, 0, 0, imm(0), imm(0));
    f.s1[1].pos = (ll_pos){8, 17};
    assert_false(hw_gen_c(&f.t, &c, &d));
    assert_string_equal(d.msg, "instruction 'frobq' is not supported by "
                        "the x86 code generator");
    assert_int_equal(d.line, 8);
    assert_int_equal(d.col, 17);
    assert_string_equal(d.file, "hand.litmus");
    assert_int_equal(c.len, 0);

    make_sb(&f);
    f.t.arch = &fake_sparc;
    f.t.arch_name = "SPARC";
    assert_false(hw_gen_c(&f.t, &c, &d));
    assert_string_equal(d.msg, "hwrun has no code generator for SPARC "
                        "tests");

    make_sb(&f);
    f.t.arch = NULL;
    f.t.arch_name = "C";
    /* a C test's registers are its bodies' locals (gen/c_body.c): here
       two empty bodies, lowered by hw_gen_c; a local the condition names
       and no body sets is 0, as herd7 and litmus7 show it */
    for (int k = 0; k < 2; k++) {
        f.th[k].stmts = NULL;
        f.th[k].n_stmts = 0;
    }
    assert_true(hw_gen_c(&f.t, &c, &d));
    assert_non_null(strstr(ll_buf_str(&c), "    uint64_t r_rax = 0;\n"));
    assert_non_null(strstr(ll_buf_str(&c), "    out[0] = (int64_t)r_rax;\n"));
    ll_buf_free(&c);
    for (int k = 0; k < 2; k++) {   /* what the lowering made */
        free(f.th[k].stmts);
        free(f.th[k].c_tree);
    }

    make_sb(&f);
    f.t.arch = NULL;
    f.t.arch_name = "Java";
    assert_false(hw_gen_c(&f.t, &c, &d));
    assert_string_equal(d.msg, "hwrun runs assembly tests; 'SB' is a Java "
                        "test");
}

/* A one-thread X86_64 test through the real reader; NULL on an error,
 * with the message in msg. The C text is returned (free it). */
static char *gen_text(const char *code, char *msg, size_t n, ll_test **tp)
{
    char text[4096];
    int k = snprintf(text, sizeof text, "X86_64 G\n{ x=1; y=2; 0:rdi=x; }\n"
                     " P0 ;\n");
    for (const char *p = code; *p;) {
        size_t len = strcspn(p, ";");
        k += snprintf(text + k, sizeof text - (size_t)k, " %.*s ;\n",
                      (int)len, p);
        p += len;
        while (*p == ';' || *p == ' ')
            p++;
    }
    snprintf(text + k, sizeof text - (size_t)k, "exists (0:rax=0)\n");
    ll_diag d = {0};
    ll_test *t = ll_test_parse("g.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("parse: %s", d.msg);
    ll_buf c = {0};
    char *out = NULL;
    if (hw_gen_c(t, &c, &d))
        out = ll_xstrdup(ll_buf_str(&c));
    else
        snprintf(msg, n, "%s", d.msg);
    ll_buf_free(&c);
    if (tp)
        *tp = t;
    else
        ll_test_free(t);
    return out;
}

/* Every opcode of the x86 table is written, with an explicit size, in the
 * assembler's spelling; the built binary runs. */
static void every_opcode_generated(void **unused)
{
    (void)unused;
    static const char *const code =
        "movq $1,(x); movq (y),%rax; addq $1,%rax; subl %eax,(x); "
        "adcq $1,%rax; lock sbbl %eax,(x); andq $1,%rax; orw $1,%ax; "
        "xorb $1,%al; cmpq $0,%rax; testb $1,%al; incq (x); decq %rcx; "
        "negl %edx; lock notq (x); xchgq %rax,(x); lock xaddq %rax,(x); "
        "lock cmpxchgq %rcx,(x); shlq %cl,%rdx; shrl $3,%esi; sarw %r9w; "
        "movzx %al,%ebx; movsbq (x),%r8; movslq (y),%r9; "
        "leaq 8(%rdi,%rbx,4),%rcx; leaq x(%rip),%rsi; setae %al; "
        "cmovc %rax,(x); movntiq %rax,(y); clflush (x); clflushopt (%rdi); "
        "mfence; lfence; sfence; nopw %cs:0x0(%rax,%rax,1); nop; endbr64; "
        "je L0; jmp L0; L0: ; movb %ah,%bh; ret; movq $2,%rax";
    static const char *const want[] = {
        "\\tmovq $1,(%[m_x])\\n", "\\tadcq $1,%q[r_rax]\\n",
        "\\tlock sbbl %k[r_rax],(%[m_x])\\n", "\\tlock notq (%[m_x])\\n",
        "\\tshlq %b[r_rcx],%q[r_rdx]\\n", "\\tsarw %w[r_r9]\\n",
        "\\tmovzbl %b[r_rax],%k[r_rbx]\\n", "\\tmovsbq (%[m_x]),%q[r_r8]\\n",
        "\\tmovslq (%[m_y]),%q[r_r9]\\n",
        "\\tleaq 8(%q[r_rdi],%q[r_rbx],4),%q[r_rcx]\\n",
        "\\tleaq (%[m_x]),%q[r_rsi]\\n", "\\tsetnb %b[r_rax]\\n",
        "\\tcmovcq (%[m_x]),%q[r_rax]\\n", "\\tmovntiq %q[r_rax],(%[m_y])\\n",
        "\\tclflushopt (%q[r_rdi])\\n", "\\tnopw %%cs:0(%%rax,%%rax,1)\\n",
        "\\tendbr64\\n", "\\tje .Lll_L0_%=\\n",
        "\\tmovb %h[r_rax],%h[r_rbx]\\n",
        "\\tjmp .Lll.end%=\\n", ".Lll.end%=:\\n", "[r_rcx] \"+c\"(r_rcx)",
        "[r_rax] \"+a\"(r_rax)", "[r_rbx] \"+Q\"(r_rbx)",
    };
    char msg[512] = "";
    ll_test *t;
    char *c = gen_text(code, msg, sizeof msg, &t);
    if (!c)
        fail_msg("refused: %s", msg);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (!strstr(c, want[i]))
            fail_msg("no %s in:\n%s", want[i], c);
    for (int i = 0; i < t->threads[0].n_stmts; i++)
        if (t->threads[0].stmts[i].has_instr)
            seen[t->threads[0].stmts[i].instr.op] = true;
    /* it assembles and runs: ret skips the last move */
    ll_buf bin = {0};
    int bin_fd = -1;
    char *args[] = {"-n", "1000", "-q"};
    hw_opts o = {.cache_dir = "build/hwrun-cache", .n_args = 3,
                 .args = args};
    hw_end end = HW_FAILED;
    ll_log_entry e = {0};
    assert_true(hw_build(t, c, &o, &bin, &bin_fd));
    assert_true(hw_execute(t, bin_fd, bin.data, &o, &e, &end));
    assert_int_equal(end, HW_DONE);
    assert_int_equal(e.n_states, 1);
    assert_int_not_equal(e.states[0].state.b[0].value.num, 2);
    ll_log_entry_clear(&e);
    if (bin_fd >= 0)
        close(bin_fd);
    ll_buf_free(&bin);
    ll_test_free(t);
    free(c);
    for (int op = 0; op < LL_X86_NOPS; op++)
        if (!seen[op] && op != LL_X86_UXCH)
            fail_msg("opcode %s is not generated here", ll_x86_table[op].mnem);
}

/* The test text, read, and the C hwrun makes of it in *c. */
static ll_test *gen_from(const char *text, ll_buf *c)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    assert_non_null(t);
    assert_true(hw_gen_c(t, c, &d));
    return t;
}

/* Final values are values of their places' types, as in the model:
 * herd7's int unless declared; a part (ah) is its own bits read as the
 * register's type. A register's initial value is kept whole, as the
 * model and herd7 7.58 keep it (rbx holds all of 5000000000). */
static void typed_places(void **unused)
{
    (void)unused;
    const char *text =
        "X86_64 T\n{ uint8_t x; int64_t 0:rax; 0:rbx=5000000000; }\n"
        " P0 ;\n movb $-1,%ah ;\n movb %ah,%bl ;\n movq (x),%rcx ;\n"
        "exists (0:ah=0 /\\ 0:rax=0 /\\ 0:rbx=0 /\\ x=0)\n";
    ll_diag d = {0};
    ll_buf c = {0};
    ll_test *t = gen_from(text, &c);
    static const char *const want[] = {
        "{\"x\", INT64_C(0), -1, 1, 0, 0, 0},",
        "out[0] = (int64_t)(uint8_t)(r_rax >> 8);",
        "out[1] = (int64_t)(r_rax >> 0);",
        "out[2] = (int64_t)(r_rbx >> 0);",
        "{\"0:ah\", -1, 8, 1, 0, 0, 0},\n    {\"0:rax\", -1, 8, 1, 0, 0, 0},\n"
        "    {\"0:rbx\", -1, 4, 1, 0, 0, 0},\n    {\"[x]\", 0, 1, 0, 0, 0, 0},",
        "r_rbx = (uint64_t)(int64_t)INT64_C(5000000000);",
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (!strstr(ll_buf_str(&c), want[i]))
            fail_msg("no %s in:\n%s", want[i], ll_buf_str(&c));
    ll_buf_free(&c);
    ll_test_free(t);
    text = "X86_64 T\n{ frob_t x; }\n P0 ;\n movq (x),%rax ;\n"
           "exists (0:rax=0)\n";
    t = ll_test_parse("t.litmus", text, strlen(text), &d);
    assert_non_null(t);
    assert_false(hw_gen_c(t, &c, &d));
    assert_string_equal(d.msg, "unsupported type: frob_t");
    ll_test_free(t);
}

/* An array named whole (`locations [x]`, `x=7`) is shown whole, as
 * litmus7 7.58 and herd7 show it (`x={7,2};`): one out per element, the
 * harness joins them; an element named alone has its own out, after the
 * scalars; a number compared with the whole array never holds (herd7
 * compares {7,2} with 7). */
static void whole_array_shown_whole(void **unused)
{
    (void)unused;
    const char *text =
        "X86_64 T\n{ uint64_t x[2] = {1,2}; int64_t y; 0:rbx=x; }\n"
        " P0 ;\n movq $7,(%rbx) ;\nlocations [x[1]; y; x;]\n"
        "exists (x=7)\n";
    ll_buf c = {0};
    ll_test *t = gen_from(text, &c);
    if (!strstr(ll_buf_str(&c), "    return 0;\n") ||
        !strstr(ll_buf_str(&c), "{\"x\", 0, 8, 0, 0, 0, 2},\n"
                                "    {\"x\", 0, 8, 0, 0, 1, 2},\n"
                                "    {\"[y]\", 1, 8, 1, 0, 0, 0},\n"
                                "    {\"x[1]\", 0, 8, 0, 0, 1, 0},\n};"))
        fail_msg("not x whole, [y], x[1] and a false condition:\n%s",
                 ll_buf_str(&c));
    ll_buf_free(&c);
    ll_test_free(t);
    /* x={7,2} in the condition: each part's own out */
    text = "X86_64 T\n{ uint64_t x[2] = {1,2}; 0:rbx=x; }\n"
           " P0 ;\n movq $7,(%rbx) ;\nlocations [x[1];]\n"
           "exists (x={7,2})\n";
    t = gen_from(text, &c);
    if (!strstr(ll_buf_str(&c), "return ((!v[3] && v[0] == INT64_C(7)) && "
                                "(!v[4] && v[1] == INT64_C(2)));"))
        fail_msg("not x[0]=7 /\\ x[1]=2 on the parts:\n%s", ll_buf_str(&c));
    ll_buf_free(&c);
    ll_test_free(t);
}

/* What the CPU cannot run as written is refused with a reason. */
static void refusals_say_why(void **unused)
{
    (void)unused;
    static const char *const cases[][2] = {
        {"uxchq %rax,(x)", "'uxch' is herd7's own exchange (as xchg in its model)"},
        {"cmovcb %al,%bl", "x86 has no 8-bit cmov"},
        {"lock addq $1,%rax", "'lock' without a memory destination"},
        {"addq $4294967296,%rax", "the immediate $4294967296 does not fit "
                                  "a 64-bit operand"},
        {"addb $256,%al", "does not fit a 8-bit operand"},
        {"movq %fs:40,%rax", "segment-prefixed addresses"},
        {"movq 0(%rax,%rbx,0),%rcx", "a scale of 0 has no encoding"},
        {"movq 8(%rip),%rax", "a rip-relative address must name"},
        {"movb %ah,(x)", "beside ah, bh, ch or dh"},
        {"movnti %ax,(x)", "x86 has no 8- or 16-bit movnti"},
        {"nopl %rax", "a register of its suffix's width"},
        {"nopb (x)", "nop takes a 16-, 32- or 64-bit operand"},
        {"setnb %eax", "set of a register wider than a byte"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char msg[512] = "";
        char *c = gen_text(cases[i][0], msg, sizeof msg, NULL);
        if (c)
            fail_msg("'%s' generated", cases[i][0]);
        if (!strstr(msg, cases[i][1]))
            fail_msg("'%s': %s", cases[i][0], msg);
    }
    seen[LL_X86_UXCH] = true;
    char msg[512];
    char *c = gen_text("movq $4294967296,%rax", msg, sizeof msg, NULL);
    assert_non_null(c);     /* movabs */
    free(c);
}

static uint64_t count_of(const ll_log_entry *e, int64_t a, int64_t b)
{
    for (int i = 0; i < e->n_states; i++) {
        const ll_state *s = &e->states[i].state;
        if (s->n == 2 && s->b[0].value.num == a && s->b[1].value.num == b)
            return e->states[i].count;
    }
    return 0;
}

static void run(ll_test *t, const char *n, ll_log_entry *e)
{
    ll_buf c = {0}, bin = {0};
    int bin_fd = -1;
    char *args[] = {"-n", (char *)n, "-q"};
    hw_opts o = {.cache_dir = "build/hwrun-cache", .n_args = 3,
                 .args = args};
    hw_end end = HW_FAILED;
    gen_ok(t, &c);
    assert_true(hw_build(t, c.data, &o, &bin, &bin_fd));
    assert_true(hw_execute(t, bin_fd, bin.data, &o, e, &end));
    assert_int_equal(end, HW_DONE);
    ll_buf_free(&c);
    if (bin_fd >= 0)
        close(bin_fd);
    ll_buf_free(&bin);
}

/* Real runs: SB's weak outcome shows within 200k iterations; MP's
 * forbidden outcome never does, and the log says so in litmus7's words. */
static void runs_on_this_machine(void **unused)
{
    (void)unused;
    fixture f;
    ll_log_entry e = {0};
    make_sb(&f);
    run(&f.t, "200k", &e);
    assert_int_equal(ll_log_entry_total(&e), 200000);
    assert_true(count_of(&e, 0, 0) > 0);
    assert_int_equal(e.positive, count_of(&e, 0, 0));
    assert_int_equal(e.verdict, LL_VERDICT_OK);
    assert_string_equal(e.kind, "Allowed");
    assert_non_null(ll_log_entry_extra(&e, "Machine"));
    assert_non_null(ll_log_entry_extra(&e, "Placement"));
    ll_log_entry_clear(&e);

    make_mp(&f);
    run(&f.t, "200k", &e);
    assert_int_equal(ll_log_entry_total(&e), 200000);
    assert_int_equal(count_of(&e, 1, 0), 0);
    assert_int_equal(e.positive, 0);
    assert_int_equal(e.verdict, LL_VERDICT_NO);
    assert_string_equal(e.obs_word, "Never");
    ll_buf out = {0};
    ll_log_format_litmus(&e, &out);
    assert_non_null(strstr(out.data, "\nNo\n\nWitnesses\nPositive: 0, "
                           "Negative: 200000\nCondition exists (1:rax=1 "
                           "/\\ 1:rbx=0) is NOT validated\n"));
    ll_buf_free(&out);
    ll_log_entry_clear(&e);
}

static ll_test *parse_ok(const char *text)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("%s", d.msg);
    return t;
}

/* A condition's constants are cut to their places' types, as the model
 * cuts them (litmus/x86/X86+cond-cut, herd7 7.58: Always): 4294967295
 * is -1 for the int rax and x, -1 is 4294967295 for the uint32_t y; both
 * the generated C and hw_judge compare so, and the Condition line keeps
 * the test's spelling. A C test's constants stay whole. */
static void condition_constants_cut(void **unused)
{
    (void)unused;
    const char *text =
        "X86_64 T\n{ uint32_t y; }\n P0 ;\n movl $-1,%eax ;\n"
        " movl $-1,(x) ;\n movl $-1,(y) ;\n"
        "exists (0:rax=4294967295 /\\ x=4294967295 /\\ y=-1)\n";
    ll_test *t = parse_ok(text);
    ll_buf c = {0};
    gen_ok(t, &c);
    const char *want = "(!v[3] && v[0] == INT64_C(-1)) && "
                       "(!v[4] && v[1] == INT64_C(-1))))"
                       " && (!v[5] && v[2] == INT64_C(4294967295))";
    if (!strstr(c.data, want))
        fail_msg("no %s in:\n%s", want, c.data);
    ll_buf_free(&c);
    ll_prop *p = ll_prop_copy(t->cond.prop);
    ll_prop_cut(p, ll_place_type, t);
    assert_int_equal(p->lhs->lhs->value.num, -1);
    assert_int_equal(p->lhs->rhs->value.num, -1);
    assert_int_equal(p->rhs->value.num, 4294967295);
    assert_int_equal(t->cond.prop->lhs->lhs->value.num, 4294967295);
    ll_prop_free(p);
    ll_log_entry e = {0};
    run(t, "1000", &e);
    assert_int_equal(e.positive, 1000);
    assert_int_equal(e.verdict, LL_VERDICT_OK);
    ll_buf out = {0};
    ll_log_format_litmus(&e, &out);
    assert_non_null(strstr(out.data, "1000  *>0:rax=-1; [x]=-1; "
                           "[y]=4294967295;\n"));
    assert_non_null(strstr(out.data, "Condition exists (0:rax=4294967295 "
                           "/\\ [x]=4294967295 /\\ [y]=-1) is validated"));
    ll_buf_free(&out);
    ll_log_entry_clear(&e);
    ll_test_free(t);

    /* a part takes its whole register's type; a location its own */
    t = parse_ok("X86_64 T\n{ int64_t 0:rax; uint8_t z; }\n P0 ;\n"
                 " movq $1,%rax ;\nexists (0:rax=1)\n");
    ll_ctype ty;
    ll_loc eax = {.proc = 0, .name = "eax", .reg = -1, .index = -1},
           rcx = {.proc = 0, .name = "rcx", .reg = -1, .index = -1},
           z = {.proc = -1, .name = "z", .reg = -1, .index = -1};
    assert_true(ll_place_type(t, &eax, &ty));
    assert_true(ty.size == 8 && ty.is_signed);
    assert_true(ll_place_type(t, &rcx, &ty));
    assert_true(ty.size == 4 && ty.is_signed);
    assert_true(ll_place_type(t, &z, &ty));
    assert_true(ty.size == 1 && !ty.is_signed);
    ll_test_free(t);

    text = "C T\n{ int x; }\nP0(int *x) { WRITE_ONCE(*x, -1); }\n"
           "exists (x=4294967295)\n";
    t = parse_ok(text);
    assert_false(ll_place_type(t, &t->cond.prop->loc, &ty));
    ll_test_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sb_c_text),
        cmocka_unit_test(labels_lock_and_parts),
        cmocka_unit_test(errors_name_the_problem),
        cmocka_unit_test(every_opcode_generated),
        cmocka_unit_test(refusals_say_why),
        cmocka_unit_test(typed_places),
        cmocka_unit_test(whole_array_shown_whole),
        cmocka_unit_test(runs_on_this_machine),
        cmocka_unit_test(condition_constants_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
