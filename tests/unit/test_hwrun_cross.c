/* test_hwrun_cross.c — hwrun's generators for other machines (Power,
 * AArch64, ARM, RISC-V) on tests read by the real reader: the asm they
 * write (registers as operands, Power's r0-as-zero, the width modifiers,
 * A32 and armv8 switches, the zero registers), the sizes of untyped
 * locations, their refusals (one message with the place), and the target
 * table. That the written code assembles and computes what it should is
 * checked under qemu-user by tests/e2e/hwrun_cross.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwrun/gen/gen.h"
#include "hwrun/target.h"
#include "litmuslab/test.h"

/* The C text of a test, or the refusal in *msg (line:col: message). */
static char *gen(const char *text, char *msg, size_t n)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("reader: %d:%d: %s", d.line, d.col, d.msg);
    ll_buf c = {0};
    bool ok = hw_gen_c(t, &c, &d);
    if (!ok)
        snprintf(msg, n, "%d:%d: %s", d.line, d.col, d.msg);
    else
        assert_int_equal(strcmp(d.file, "t.litmus"), 0);
    ll_test_free(t);
    if (!ok)
        assert_int_equal(c.len, 0);
    return c.data;
}

static void has(const char *c, const char *want)
{
    if (!strstr(c, want))
        fail_msg("no `%s` in:\n%s", want, c);
}

static void refused(const char *text, const char *want)
{
    char msg[600] = "";
    char *c = gen(text, msg, sizeof msg);
    if (c)
        fail_msg("generated, expected refusal `%s`", want);
    assert_string_equal(msg, want);
}

static void power(void **unused)
{
    (void)unused;
    char msg[600];
    char *c = gen("PPC T\n{ int64_t y; 0:r2=x; 0:r3=y; 0:r10=0; }\n"
                  " P0 ;\n"
                  " lwarx r11,r10,r2 ;\n"
                  " stwcx. r11,r0,r2 ;\n"
                  " addi r21,r0,7 ;\n"
                  " subi r22,r0,7 ;\n"
                  " add. r4,r11,r21 ;\n"
                  " ld r5,8(r3) ;\n"
                  " bne L1 ;\n"
                  " lwsync ;\n"
                  " L1: ;\n"
                  "exists (0:r11=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\tlwarx %[r_r11],%[r_r10],%[r_r2]\\n\"");
    has(c, "\"\\tstwcx. %[r_r11],0,%[r_r2]\\n\"");   /* RA = r0 is 0 */
    has(c, "\"\\taddi %[r_r21],0,7\\n\"");
    has(c, "\"\\tsubi %[r_r22],0,7\\n\"");
    has(c, "\"\\tadd. %[r_r4],%[r_r11],%[r_r21]\\n\"");
    has(c, "\"\\tld %[r_r5],8(%[r_r3])\\n\"");
    has(c, "\"\\tbne .Lll_L1_%=\\n\"");
    has(c, "\".Lll_L1_%=:\\n\"");
    has(c, "[r_r2] \"+b\"(r_r2)");            /* never r0 */
    has(c, "uint64_t r_r2 = (uint64_t)(uintptr_t)loc[0];");
    has(c, ": \"cc\", \"cr0\", \"memory\");");
    /* locations in their types, herd7's int by default */
    has(c, "{\"x\", INT64_C(0), -1, 4, 1, 0, 0},");
    has(c, "{\"y\", INT64_C(0), -1, 8, 1, 0, 0},");
    free(c);
    /* D(r0) reads r0, as herd7 reads it; cr fields, lr, ctr, carry */
    c = gen("PPC T\n{ 0:r0=x; }\n P0 ;\n lwz r1,0(r0) ;\n"
            " cmpw cr1,r1,r0 ;\n beq cr1,L0 ;\n bl L0 ;\n L0: ;\n"
            " addic r2,r1,1 ;\n isel r3,r0,r2,6 ;\nexists (0:r1=0)\n",
            msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\tlwz %[r_r1],0(%[r_r0])\\n\"");
    has(c, "\"\\tcmpw cr1,%[r_r1],%[r_r0]\\n\"");
    has(c, "\"\\tbeq cr1,.Lll_L0_%=\\n\"");
    has(c, "\"\\tisel %[r_r3],0,%[r_r2],6\\n\"");
    has(c, ": \"cc\", \"cr0\", \"memory\", \"cr1\", \"lr\", \"xer\");");
    free(c);
    refused("PPC T\n{ 0:r2=x; }\n P0 ;\n lmw r30,0(r2) ;\nexists "
            "(0:r1=0)\n",
            "4:2: 'lmw' moves the real registers rD..r31; hwrun binds test "
            "registers through asm operands and cannot run it");
    /* herd's symbolic registers: variables holding what the init block
     * gives them (every thread's `%x0`, P1's own `1:%y1`), else 0; a
     * location holding an address is pointer wide; a condition on an
     * address tests the flag beside the value */
    c = gen("PPC T\n{ %x0=x; 1:%y1=y; x=y; }\n P0 | P1 ;\n"
            " lwz r1,0(%x0) | ld r2,0(%y1) ;\n stw r1,0(%x0) | "
            "lwzx r3,r2,%z1 ;\nexists (1:r2=x /\\ 1:r3=0)\n",
            msg, sizeof msg);
    assert_non_null(c);
    has(c, "uint64_t s_x0 = (uint64_t)(uintptr_t)loc[0];");
    has(c, "uint64_t s_y1 = (uint64_t)(uintptr_t)loc[1];");
    has(c, "uint64_t s_z1 = (uint64_t)INT64_C(0);");
    has(c, "\"\\tlwz %[r_r1],0(%[s_x0])\\n\"");
    has(c, "\"\\tstw %[r_r1],0(%[s_x0])\\n\"");
    has(c, "\"\\tlwzx %[r_r3],%[r_r2],%[s_z1]\\n\"");
    has(c, "[s_x0] \"+b\"(s_x0)");
    has(c, "{\"x\", INT64_C(0), 1, (int)sizeof(void *), 0, 0, 0},");
    has(c, "{\"y\", INT64_C(0), -1, 4, 1, 0, 0},");
    has(c, "return ((v[2] && v[0] == 0) && (!v[3] && v[1] == INT64_C(0)));");
    free(c);
}

static void aarch64(void **unused)
{
    (void)unused;
    char msg[600];
    char *c = gen("AArch64 T\n{ 0:X1=x; 0:X4=0; }\n"
                  " P0 ;\n"
                  " LDAPR W2,[X1] ;\n"
                  " LDR X3,[X1,X4,LSL #3] ;\n"
                  " LDR W5,[X1,W4,SXTW] ;\n"
                  " STXR W6,W2,[X1] ;\n"
                  " EOR W7,W2,W2 ;\n"
                  " STR WZR,[X1,#4] ;\n"
                  " B.NE L0 ;\n"
                  " DMB ISHLD ;\n"
                  " L0: ;\n"
                  "exists (0:X2=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\t.arch_extension rcpc\\n\"");
    has(c, "\"\\tLDAPR %w[r_X2],[%x[r_X1]]\\n\"");
    has(c, "\"\\tLDR %x[r_X3],[%x[r_X1],%x[r_X4],lsl #3]\\n\"");
    has(c, "\"\\tLDR %w[r_X5],[%x[r_X1],%w[r_X4],sxtw]\\n\"");
    has(c, "\"\\tSTXR %w[r_X6],%w[r_X2],[%x[r_X1]]\\n\"");
    has(c, "\"\\tEOR %w[r_X7],%w[r_X2],%w[r_X2]\\n\"");
    has(c, "\"\\tSTR wzr,[%x[r_X1],#4]\\n\"");
    has(c, "\"\\tB.NE .Lll_L0_%=\\n\"");
    has(c, "\"\\tDMB ISHLD\\n\"");
    free(c);
    refused("AArch64 T\n{ }\n P0 ;\n LDR W0,[SP] ;\nexists (0:X0=0)\n",
            "4:2: register SP cannot be used by hwrun");
    refused("AArch64 T\n{ 0:X2=x; }\n P0 ;\n LDP W0,W1,[X2] ;\nexists "
            "(0:X0=0)\n",
            "4:2: 'LDP' accesses two locations side by side; hwrun lays each "
            "location out alone (an array's elements side by side: `int "
            "x[2]`) and cannot run it");
    /* a logical immediate the CPU cannot encode (herd7 reads it) */
    refused("AArch64 T\n{ 0:X2=1; }\n P0 ;\n AND W0,W2,#5 ;\nexists "
            "(0:X0=0)\n",
            "4:2: 'AND' of 5 is herd7's form (no CPU encoding: a logical "
            "immediate is a repeated, rotated run of ones); hwrun cannot "
            "run it");
    c = gen("AArch64 T\n{ 0:X2=1; }\n P0 ;\n EOR W0,W2,#0x55555555 ;\n"
            "exists (0:X0=0)\n", msg, sizeof msg);
    assert_non_null(c);
    free(c);
    /* other fields out of the CPU's range: a shift beyond the register,
     * an offset neither scaled nor LDUR's; a pre-index of 0 keeps its #0
     * (GNU as refuses `[x1]!`) */
    refused("AArch64 T\n{ 0:X2=1; }\n P0 ;\n ADD W0,W2,W3,LSL #32 ;\n"
            "exists (0:X0=0)\n",
            "4:2: 'ADD' shifted by 32 is herd7's form (no CPU encoding: a "
            "32-bit register shifts by 0 to 31); hwrun cannot run it");
    refused("AArch64 T\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1,#257] ;\nexists "
            "(0:X0=0)\n",
            "4:2: 'LDR' at offset 257 is herd7's form (no CPU encoding: a "
            "4-byte access's offset is -256 to 255, or a multiple of 4 from "
            "0 to 16380); hwrun cannot run it");
    c = gen("AArch64 T\n{ 0:X1=x; }\n P0 ;\n LDR W0,[X1,#0]! ;\n"
            "exists (0:X0=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\tLDR %w[r_X0],[%x[r_X1],#0]!\\n\"");
    free(c);
    /* on an array, side by side */
    c = gen("AArch64 T\n{ int x[2] = {1,2}; 0:X2=x; }\n P0 ;\n"
            " LDP W0,W1,[X2] ;\nexists (0:X0=1)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\tLDP %w[r_X0],%w[r_X1],[%x[r_X2]]\\n\"");
    free(c);
    /* a conditional select's condition after its operands; shifts,
     * pre/post-index, the LSE extension for an atomic */
    c = gen("AArch64 T\n{ 0:X1=x; }\n P0 ;\n CSEL W0,W2,W3,NE ;\n"
            " ADD X4,X5,X6,LSL #2 ;\n LDR W7,[X1],#4 ;\n LDR W8,[X1,#-4]! ;\n"
            " LDADDAL W0,W9,[X1] ;\nexists (0:X0=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\tCSEL %w[r_X0],%w[r_X2],%w[r_X3],NE\\n\"");
    has(c, "\"\\tADD %x[r_X4],%x[r_X5],%x[r_X6],lsl #2\\n\"");
    has(c, "\"\\tLDR %w[r_X7],[%x[r_X1]],#4\\n\"");
    has(c, "\"\\tLDR %w[r_X8],[%x[r_X1],#-4]!\\n\"");
    has(c, "\"\\t.arch_extension lse\\n\"");
    has(c, "\"\\tLDADDAL %w[r_X0],%w[r_X9],[%x[r_X1]]\\n\"");
    free(c);
    /* herd's symbolic registers: X registers of their own variables; a
     * symbolic index is written as the base */
    c = gen("AArch64 T\n{ %x0=x; %y0=y; 0:X5=0; }\n P0 ;\n"
            " LDR W0,[%x0] ;\n STR W0,[X5,%y0] ;\n"
            " LDR W1,[%x0,W5,SXTW] ;\n MOV X2,%y0 ;\nexists (0:X0=0)\n",
            msg, sizeof msg);
    assert_non_null(c);
    has(c, "uint64_t s_x0 = (uint64_t)(uintptr_t)loc[0];");
    has(c, "uint64_t s_y0 = (uint64_t)(uintptr_t)loc[1];");
    has(c, "\"\\tLDR %w[r_X0],[%x[s_x0]]\\n\"");
    has(c, "\"\\tSTR %w[r_X0],[%x[s_y0],%x[r_X5]]\\n\"");
    has(c, "\"\\tLDR %w[r_X1],[%x[s_x0],%w[r_X5],sxtw]\\n\"");
    has(c, "\"\\tMOV %x[r_X2],%x[s_y0]\\n\"");
    free(c);
}

static void arm(void **unused)
{
    (void)unused;
    char msg[600];
    char *c = gen("ARM T\n{ 0:R1=x; }\n"
                  " P0           | P1          ;\n"
                  " LDR R0,[R1]  | CBZ R2,L1   ;\n"
                  " CMP R0,#1    | MOV R2,#5   ;\n"
                  " MOVEQ R2,#7  | L1:         ;\n"
                  " ADDS R2,R2,#1 |            ;\n"
                  " LDA R3,[R1]  |             ;\n"
                  "exists (0:R2=7)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "__attribute__((target(\"arm\"), noinline))\nstatic void P0(");
    has(c, "\".syntax unified\\n\"");
    has(c, "uint32_t r_R0 = 0;");
    has(c, "uint32_t r_R1 = (uint32_t)(uintptr_t)loc[0];");
    has(c, "\"\\tMOVEQ %[r_R2],#7\\n\"");
    has(c, "\"\\tADDS %[r_R2],%[r_R2],#1\\n\"");
    has(c, "\"\\t.arch armv8-a\\n\"");
    has(c, "\"\\tLDA %[r_R3],[%[r_R1]]\\n\"");
    has(c, "\"\\tcmp %[r_R2],#0\\n\"");       /* CBZ in A32 */
    has(c, "\"\\tbeq .Lll_L1_%=\\n\"");
    has(c, "out[0] = (int64_t)(uint32_t)(r_R2 >> 0);");
    has(c, "{\"0:R2\", -1, 4, 1, 0, 0, 0},");
    free(c);
    /* symbolic registers, as diy7 writes ARM tests */
    c = gen("ARM T\n{ %x0=x; %y1=y; %x1=x; }\n"
            " P0           | P1              ;\n"
            " MOV R0,#1    | LDR R0,[%y1]    ;\n"
            " STR R0,[%x0] | LDR R2,[R0,%x1] ;\n"
            "exists (1:R2=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "uint32_t s_x0 = (uint32_t)(uintptr_t)loc[0];");
    has(c, "\"\\tSTR %[r_R0],[%[s_x0]]\\n\"");
    has(c, "\"\\tLDR %[r_R0],[%[s_y1]]\\n\"");
    has(c, "\"\\tLDR %[r_R2],[%[s_x1],%[r_R0]]\\n\"");
    has(c, "[s_x1] \"+r\"(s_x1)");
    free(c);
    refused("ARM T\n{ }\n P0 ;\n CMP R0,#0 ;\n CBZ R1,L0 ;\n MOVEQ R2,#1 ;\n"
            " L0: ;\nexists (0:R2=0)\n",
            "5:2: CBZ/CBNZ are written as CMP and a branch in A32, which "
            "would change the flags a conditional instruction of this "
            "thread reads; hwrun cannot run this thread");
    refused("ARM T\n{ }\n P0 ;\n MOV R0,SP ;\nexists (0:R0=0)\n",
            "4:2: register SP cannot be used by hwrun");
    refused("ARM T\n{ 0:R2=x; }\n P0 ;\n LDM R2,{R0,R1} ;\nexists "
            "(0:R0=0)\n",
            "4:2: 'LDM' needs real registers; hwrun binds test registers "
            "through asm operands and cannot run it");
}

static void riscv(void **unused)
{
    (void)unused;
    char msg[600];
    char *c = gen("RISCV T\n{ 0:x6=x; 0:x5=1; }\n"
                  " P0 ;\n"
                  " amoadd.w.aqrl x7,x5,(x6) ;\n"
                  " lr.d x8,0(x6) ;\n"
                  " sc.d.rl x9,x8,0(x6) ;\n"
                  " fence r,rw ;\n"
                  " fence.tso ;\n"
                  " bne x7,x0,L0 ;\n"
                  " sw x0,4(x6) ;\n"
                  " L0: ;\n"
                  "exists (0:x7=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "\"\\tamoadd.w.aqrl %[r_x7],%[r_x5],(%[r_x6])\\n\"");
    has(c, "\"\\tlr.d %[r_x8],(%[r_x6])\\n\"");
    has(c, "\"\\tsc.d.rl %[r_x9],%[r_x8],(%[r_x6])\\n\"");
    has(c, "\"\\tfence r,rw\\n\"");
    has(c, "\"\\tfence.tso\\n\"");
    has(c, "\"\\tbne %[r_x7],zero,.Lll_L0_%=\\n\"");
    has(c, "\"\\tsw zero,4(%[r_x6])\\n\"");
    free(c);
    /* herd's symbolic registers */
    c = gen("RISCV T\n{ %x0=x; 1:%y1=y; }\n P0 | P1 ;\n"
            " lw x5,0(%x0) | sw x0,4(%y1) ;\n"
            " add x6,x5,%x0 | ;\nexists (0:x5=0)\n", msg, sizeof msg);
    assert_non_null(c);
    has(c, "uint64_t s_x0 = (uint64_t)(uintptr_t)loc[0];");
    has(c, "uint64_t s_y1 = (uint64_t)(uintptr_t)loc[1];");
    has(c, "\"\\tlw %[r_x5],0(%[s_x0])\\n\"");
    has(c, "\"\\tadd %[r_x6],%[r_x5],%[s_x0]\\n\"");
    has(c, "\"\\tsw zero,4(%[s_y1])\\n\"");
    free(c);
    /* arrays: each element's initial value, an element's address in a
     * register (`x[8]`: x+8, as herd7 7.58 reads it), an element in
     * the condition (litmus7's `x[1]`) */
    c = gen("RISCV T\n{ int x[3] = {1,2,-3}; int64_t y[2]; 0:x6=x[8]; }\n"
            " P0 ;\n lw x5,0(x6) ;\nexists (0:x5=0 /\\ x[1]=2 /\\ y[1]=0)\n",
            msg, sizeof msg);
    assert_non_null(c);
    has(c, "static const int64_t init_x[] = {INT64_C(1), INT64_C(2), "
        "INT64_C(-3)};");
    has(c, "{\"x\", INT64_C(0), -1, 4, 1, 3, init_x},");
    has(c, "{\"y\", INT64_C(0), -1, 8, 1, 2, 0},");
    has(c, "uint64_t r_x6 = (uint64_t)(uintptr_t)((char *)loc[0] + 8);");
    has(c, "{\"x[1]\", 0, 4, 1, 0, 1, 0},");
    has(c, "{\"y[1]\", 1, 8, 1, 0, 1, 0},");
    free(c);
    refused("RISCV T\n{ int x[2]; }\n P0 ;\n nop ;\nexists (x[2]=0)\n",
            "5:9: x[2] is past the end of x (2 elements)");
    /* a whole array in the condition is shown element by element now
       (test_hwrun_gen.c, whole_array_by_elements) */
    refused("RISCV T\n{ x=1; }\n P0 ;\n nop ;\nexists (x[1]=0)\n",
            "5:9: x is not an array");
    refused("RISCV T\n{ int x[2]; 0:x5=x[2]; }\n P0 ;\n nop ;\nexists "
            "(0:x5=0)\n",
            "2:13: 'x[2]' is no element of an array the init block declares");
    refused("RISCV T\n{ int *p[2]; }\n P0 ;\n nop ;\nexists (0:x5=0)\n",
            "2:3: an array of addresses is not supported by hwrun");
    refused("RISCV T\n{ 0:x6=x; }\n P0 ;\n lw.aq x5,0(x6) ;\nexists "
            "(0:x5=0)\n",
            "4:2: 'lw' with .aq/.rl is herd's notation; RISC-V has no such "
            "instruction (use lr/sc, an AMO or fences)");
}

/* GCC takes 30 asm operands: past that, registers the init block does
 * not set become outputs alone, zeroed first; 16 set ones are refused
 * with a message, not left to the compiler. */
static void operand_limit(void **unused)
{
    (void)unused;
    char text[2048] = "RISCV T\n{ }\n P0 ;\n";
    for (int r = 5; r < 21; r++)
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 " li x%d,1 ;\n", r);
    strcat(text, "exists (0:x5=1 /\\ 0:x0=0)\n");
    char msg[600];
    char *c = gen(text, msg, sizeof msg);
    assert_non_null(c);
    has(c, "uint64_t r_x5;\n");
    has(c, "[r_x5] \"=&r\"(r_x5)");
    has(c, "\"\\tli %[r_x5],0\\n\"\n        \"\\tli %[r_x6],0\\n\"");
    has(c, "out[0] = 0;");     /* x0 */
    free(c);
    strcpy(text, "RISCV T\n{ ");
    for (int r = 5; r < 21; r++)
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 "0:x%d=%d; ", r, r);
    strcat(text, "}\n P0 ;\n nop ;\nexists (0:x5=1)\n");
    refused(text, "0:0: thread P0 needs 32 asm operands (two per register "
            "the init block sets, one per other register and per location); "
            "GCC allows 30");
}

static void target_table(void **unused)
{
    (void)unused;
    assert_string_equal(hw_target_find("arm64")->name, "aarch64");
    assert_string_equal(hw_target_find("ppc64el")->name, "ppc64le");
    assert_string_equal(hw_target_find("armv7l")->name, "armhf");
    assert_string_equal(hw_target_find("ppc64")->name, "ppc64");
    assert_null(hw_target_find("ppc"));
    assert_null(hw_target_find("sparc"));
    ll_buf b = {0};
    hw_target_names_for(LL_ARCH_PPC, &b);
    assert_string_equal(b.data, "ppc64le or ppc64");
    ll_buf_free(&b);
    int n;
    const hw_target *t = hw_targets(&n);
    assert_int_equal(n, 6);
    for (int i = 0; i < n; i++)
        assert_ptr_equal(hw_target_find(t[i].name), &t[i]);
    /* a cross target whose compiler is missing says which package */
    const hw_target *rv = hw_target_find("riscv64");
    char *path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    setenv("PATH", "/nonexistent", 1);
    if (!hw_target_is_native(rv)) {
        assert_false(hw_target_ready(rv, &b));
        assert_string_equal(b.data, "target riscv64 needs the cross compiler "
                            "riscv64-linux-gnu-gcc (Debian package "
                            "gcc-riscv64-linux-gnu)");
    }
    if (path)
        setenv("PATH", path, 1);
    free(path);
    ll_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(power),       cmocka_unit_test(aarch64),
        cmocka_unit_test(arm),         cmocka_unit_test(riscv),
        cmocka_unit_test(operand_limit), cmocka_unit_test(target_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
