/* test_model_hash.c — MD5 on RFC 1321's test vectors, and herd7's test
 * digest (`Hash=`) on tests whose digest herd7's logs give: a Power test
 * with labels, one with symbolic registers, an x86 test with typed init
 * (also with its registers in upper case, which herd7 reads as the same),
 * init values spelt in hex, herd7's own spellings of some Power
 * instructions, x86 instructions herd7 spells its own way, and ARM tests
 * with herd's own spellings of its instructions, AArch64 and RISC-V
 * tests with symbolic registers, and C tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmuslab/hash.h"
#include "litmuslab/md5.h"

static void md5_vectors(void **state)
{
    (void)state;
    static const char *const in[] = {
        "", "a", "abc", "message digest",
        "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
    };
    static const char *const want[] = {
        "d41d8cd98f00b204e9800998ecf8427e", "0cc175b9c0f1b6a831c399e269772661",
        "900150983cd24fb0d6963f7d28e17f72", "f96b697d7cb7938d525a2f31aaf161d0",
        "57edf4a22be3c955ac49da2e2107b67a",
    };
    for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
        unsigned char d[16];
        char hex[33];
        ll_md5(in[i], strlen(in[i]), d);
        ll_md5_hex(d, hex);
        assert_string_equal(hex, want[i]);
    }
}

static void assert_hash(const char *text, const char *want)
{
    ll_diag d = {0};
    ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
    if (!t)
        fail_msg("parse: %d:%d: %s", d.line, d.col, d.msg);
    char *h = ll_test_hash(t);
    assert_string_equal(h, want);
    free(h);
    ll_test_free(t);
}

static void herd_digests(void **state)
{
    (void)state;
    /* litmus/ppc: the article's test (herd7 7.58's Hash line) */
    assert_hash(
        "PPC SB+lwsync-RMW-lwsync+isync-simple\n\"\"\n{\n"
        "0:r2=x; 0:r3=2; 0:r4=y;   0:r10=0 ; 0:r11=0; 0:r12=z ;\n"
        "1:r2=y; 1:r4=x;\n}\n"
        " P0                 | P1           ;\n"
        " li r1,1            | li r1,1      ;\n"
        " stw r1,0(r2)       | stw r1,0(r2) ;\n"
        " lwsync             | sync         ;\n"
        "                    | lwz r3,0(r4) ;\n"
        " lwarx  r11,r10,r12 | ;\n"
        " stwcx. r11,r10,r12 | ;\n"
        " bne Fail1          | ;\n"
        " isync              | ;\n"
        " lwz r3,0(r4)       | ;\n"
        " Fail1:             | ;\n\n"
        "exists\n(0:r3=0 /\\ 1:r3=0)\n",
        "e2240ce2072a2610c034ccd4fc964e77");
    /* corpus CoWR2: symbolic registers, memory holding an address */
    assert_hash(
        "PPC CoWR2\n{\nx=z;\n%t0=t; %x0=x;\n%x1=x; %t1=t;\n}\n"
        " P0             | P1             ;\n"
        " std %t0,0(%x0) | ld r1,0(%x1)   ;\n"
        "                | ld r2,0(%x1)   ;\n"
        "                | li r3,1        ;\n"
        "                | stw r3,0(r2)   ;\n"
        "                | lwz r4,0(%t1)  ;\n"
        "exists (t=1 /\\ 1:r4=0)\n",
        "6ef2c0e153e653a7a59f1a55627423ca");
    /* x86 corpus LB+mfence+po: typed declarations without values */
    assert_hash(
        "X86_64 LB+mfence+po\n{\n"
        "uint64_t y; uint64_t x; uint64_t 1:rax; uint64_t 0:rax;\n\n}\n"
        " P0            | P1            ;\n"
        " movq (x),%rax | movq (y),%rax ;\n"
        " mfence        | movq $1,(x)   ;\n"
        " movq $1,(y)   |               ;\n"
        "exists (0:rax=1 /\\ 1:rax=1)\n",
        "6d75d9f6162b12d7df31712b2fe4a458");
}

/* herd7 digests an init value as the file spells it: these digests are
 * herd7's own, from its PPC instruction regression tests (a hex 32-bit
 * pattern, a hex zero, a 64-bit pattern above INT64_MAX), then one
 * derived by the same rule for instructions every version reads. */
static void values_digested_as_written(void **state)
{
    (void)state;
    assert_hash(
        "PPC lwax-hex\n{ 0:r0 = 0; 0:r1 = x; uint32_t x = 0xffffffff;\n"
        "  int64_t 0:r2;\n  int64_t 0:r3; }\nP0;\n"
        "  lwax r2, r0, r1;\n  lwzx r3, r0, r1;\n\n"
        "forall 0:r2 = -1 /\\ 0:r3 = 0xffffffff\n",
        "110e6b64a73ded4540e9d15080165799");
    assert_hash(
        "PPC clrldi-hex\n{ int 0:r11 = 0x0; int 0:r31 = 1; 0:r9 = 1 }\n"
        "P0;\n  clrldi r11, r31, 32;\n  clrldi r9, r9, 32;\n\n"
        "forall 0:r11 = 1 /\\ 0:r9 = 1\n",
        "9ef5fe48464d5cf42d6e263e7ef93ef6");
    assert_hash(
        "PPC rlwimi-hex\n{\n0:r3=0xaaaaaaaaaaaaaaaa;\n"
        "0:r5=0xaaaaaaaaaaaaaaaa;\n0:r6=0xaaaaaaaaaaaaaaaa;\n}\n\nP0;\n"
        "li r4,-1                 ;\nrlwimi r3, r4, 4, 30, 31 ;\n"
        "rlwimi r5, r4, 0, 30, 31 ;\nrlwimi r6, r4, 16, 0, 15 ;\n"
        "locations [0:r3; 0:r5; 0:r6;]\n",
        "f5fd1f3a6656a0390699cb32c0ad1af0");
    /* init `0:r1=0xff; 0:r2=x; x=0x10`, code ` stw r1,0(r2) ;`, shown x:
       MD5 of the three MD5s, worked out with md5sum */
    assert_hash("PPC hex\n{\n0:r1=0xff; x=0x10; 0:r2=x;\n}\n P0 ;\n"
                " stw r1,0(r2) ;\nexists (x=255)\n",
                "2b37076fc2226763e0523eb64e0a035b");
}

/* herd7's printers of some Power instructions, as its digests show:
 * `hwsync` is its sync, `extsw r0, r1` and `rlwinm r3,r4,4, 30,31` have
 * spaces, `blr` and labels as usual (digests from herd7's regression
 * tests); `subi` is read as addi of the negated immediate (derived). */
static void power_spellings(void **state)
{
    (void)state;
    assert_hash(
        "PPC blr\nVariant=telechat\n{\n"
        "  [P0_r0]=0;[P1_r0]=0;[x]=0;[y]=0;\n"
        "  0:r0 = x; 0:r1 = y; 0:r2 = P0_r0;\n"
        "  1:r0 = y; 1:r1 = x; 1:r2 = P1_r0;\n}\n"
        "  P0                    |  P1                     ;\n"
        "   hwsync               |   hwsync                ;\n"
        "   lwz r9,0(r0)         |   lwz r9,0(r0)          ;\n"
        "   cmpw r9,r9           |   cmpw r9,r9            ;\n"
        "   b   L0x18            |   b   L0x6c             ;\n"
        "  L0x18: isync          |  L0x6c: isync           ;\n"
        "   clrldi r9,r9,32      |   extsw r10, r9         ;\n"
        "   lwsync               |   cmpwi r9,1            ;\n"
        "   hwsync               |   beq  L0x8c            ;\n"
        "   li r8,1              |  L0x7c:                 ;\n"
        "   stw r8,0(r1)         |   stw r10,0(r2)         ;\n"
        "   stw r9,0(r2)         |   blr                ;\n"
        "                        |  L0x8c:                 ;\n"
        "                        |   li r8,1               ;\n"
        "                        |   stw r8,0(r1)          ;\n"
        "                        |   b   L0x7c             ;\n\n"
        "exists not (P0_r0=1 /\\ P1_r0=1)\n",
        "4bbfcab3f0e8578a8c6e2411b8ff4d44");
    assert_hash(
        "PPC rlwinm\n{\nuint64_t 0:r6;\n}\n\nP0;\n"
        "li r4,-1                 ;\nrlwinm r3, r4, 4, 30, 31 ;\n"
        "rlwinm r5, r4, 0, 30, 31 ;\nrlwinm r6, r4, 16, 0, 15 ;\n"
        "forall 0:r3 = 3 /\\ 0:r5=3 /\\ 0:r6=0xffff0000\n",
        "a6da7ef7ad3e3bdd4024b9716a455478");
    assert_hash("PPC subi\n{ 0:r1=5 }\n P0 ;\n subi r3,r1,2 ;\n"
                "exists (0:r3=3)\n",
                "7cc917ceb6cec963810fe3322574f486");
    assert_hash("PPC subi-\n{ 0:r1=5 }\n P0 ;\n subi r3,r1,-2 ;\n"
                "exists (0:r3=7)\n",
                "575d9172668ea72e99f8865460ae6a72");
}

/* herd7 reads X86_64 registers in any case and prints them its way,
 * but digests each as the test spelt it (`0:Rax`, `1:rAx`): herd7 7.58
 * gives these four digests, which differ only in that spelling. */
static void herd_register_spelling(void **state)
{
    (void)state;
    static const char *const conds[][2] = {
        {"0:RAX=1 /\\ 1:rax=1", "e4bbd1fbbcf44a4f0e8615f5f63e3600"},
        {"0:rax=1 /\\ 1:rax=1", "6d75d9f6162b12d7df31712b2fe4a458"},
        {"0:RAX=1 /\\ 1:RAX=1", "6d5099c19887e5e7df209dc47f9fc4de"},
    };
    for (size_t i = 0; i < sizeof conds / sizeof *conds; i++) {
        char text[400];
        snprintf(text, sizeof text,
                 "X86_64 LB+mfence+po\n{\n"
                 "uint64_t y; uint64_t x; uint64_t 1:rax; uint64_t 0:rax;"
                 "\n\n}\n"
                 " P0            | P1            ;\n"
                 " movq (x),%%RAX | movq (y),%%rax ;\n"
                 " mfence        | movq $1,(x)   ;\n"
                 " movq $1,(y)   |               ;\n"
                 "exists (%s)\n", conds[i][0]);
        assert_hash(text, conds[i][1]);
    }
    assert_hash(
        "X86_64 LB+mfence+po\n{\n"
        "uint64_t y; uint64_t x; uint64_t 1:RAX; uint64_t 0:Rax;\n\n}\n"
        " P0            | P1            ;\n"
        " movq (x),%RAX | movq (y),%rax ;\n"
        " mfence        | movq $1,(x)   ;\n"
        " movq $1,(y)   |               ;\n"
        "exists (0:RAX=1 /\\ 1:rAx=1)\n",
        "75595a5f501d9d5ae77103bab0579198");
}

/* herd7 digests every nop form as NOP, and prints `lock; ` and a scaled
 * operand as `(%rax, %rbx,8)` (its X86_64 printer): tests that differ
 * only there have one digest, and the spelling reaches it. */
static void herd_instruction_spelling(void **state)
{
    (void)state;
    static const char *const nops[] = {"nop", "nopl 0x0(%rax)",
                                       "nopw %cs:0x0(%rax,%rax,1)",
                                       "endbr64"};
    char *first = NULL;
    for (size_t i = 0; i < sizeof nops / sizeof *nops; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 "X86_64 N\n{ }\n P0 ;\n %s ;\n movq $1,(x) ;\n"
                 "exists ([x]=1)\n", nops[i]);
        ll_diag d = {0};
        ll_test *t = ll_test_parse("n.litmus", text, strlen(text), &d);
        assert_non_null(t);
        char *h = ll_test_hash(t);
        if (first)
            assert_string_equal(h, first);
        else
            first = h;
        if (h != first)
            free(h);
        ll_test_free(t);
    }
    free(first);
    /* md5 of the code as herd7 prints it, checked through the digest:
       the same test written with herd's spellings digests the same */
    const char *ours =
        "X86_64 L\n{ 0:rax=x; }\n P0 ;\n lock xaddq %rcx,(x) ;\n"
        " movq (%rax,%rbx,8),%rcx ;\n lock cmpxchgq %rcx,(x) ;\n"
        "exists ([x]=1)\n";
    const char *herds =
        "X86_64 L\n{ 0:rax=x; }\n P0 ;\n lock xaddq %rcx,(x) ;\n"
        " movq (%rax, %rbx,8),%rcx ;\n lock cmpxchgq (x),%rcx ;\n"
        "exists ([x]=1)\n";
    ll_diag d = {0};
    ll_test *a = ll_test_parse("a.litmus", ours, strlen(ours), &d);
    ll_test *b = ll_test_parse("b.litmus", herds, strlen(herds), &d);
    assert_non_null(a);
    assert_non_null(b);
    char *ha = ll_test_hash(a), *hb = ll_test_hash(b);
    assert_string_equal(ha, hb);
    free(ha);
    free(hb);
    ll_test_free(a);
    ll_test_free(b);
}

/* Whole tests from herd7's own ARM regression tests, with the Hash= its
 * expected output gives: each exercises one of herd's spellings. */
static void arm_digests(void **state)
{
    (void)state;
    /* symbolic registers, a symbolic index, DMB alone (A025) */
    assert_hash(
        "ARM A025\n{\n%x0=x; %y0=y;\n%y1=y; %z1=z; %x1=x;\n}\n"
        " P0           | P1              ;\n"
        " LDR R0,[%x0] | LDR R0,[%y1]    ;\n"
        " DMB          | EOR R1,R0,R0    ;\n"
        " MOV R1,#1    | MOV R2,#1       ;\n"
        " STR R1,[%y0] | STR R2,[R1,%z1] ;\n"
        "              | MOV R3,#1       ;\n"
        "              | STR R3,[%x1]    ;\n"
        "~exists (0:R0=1 /\\ 1:R0=1)\n",
        "742d027b414d9d9f41c1f20b127b7ca7");
    /* ANDEQ R0,R0,R0 is herd's NOP (A022) */
    assert_hash("ARM A022\n{ 0:R1 = 1 }\nP0;\nCMP R1, #1;\n"
                "ANDEQ R0, R0, R0;\nANDEQ R2, R1, R1;\nforall 0:R2=1\n",
                "443e6e22e08983d431e8e9b0068c1a9c");
    /* MOVWEQ and MOVTEQ (A021) */
    assert_hash("ARM A021\n{ int R1=0; int R2 = 0; 0:R3=1}\nP0;\n"
                "CMP R3, #1;\nMOVWEQ R1, #2;\nMOVTEQ R2, #2;\n"
                "forall (0:R1=2 /\\ 0:R2=0x20000)\n",
                "1763ed3b82a8cec323ea12c101f0a09f");
    /* a scaled index (A020) */
    assert_hash("ARM A020\n{ int v[2] = {1,2}; 0:R1 = v; 0:R3 = 1; "
                "int y[2] = {0,0}; 0:R4 = y }\nP0;\n"
                "LDR R2, [R1, R3, lsl #2];\nSTR R2, [R4, R3, lsl #2];\n"
                "forall (0:R2 = 2 /\\ v[1] = 2)\n",
                "53b68e1cf3bc79ce492882ea4fe72ade");
    /* FP, herd's register of its own (A023) */
    assert_hash("ARM A023\n{}\nP0;\nMOV R0, FP;\nforall 0:R0=0\n",
                "a5d34ed41a70bbc7d0424aec76dd2ea5");
    /* LDMIB and the short LDRD (A009, A005) */
    assert_hash("ARM A009\n{ int x[3] = {1,2,3}; 0:R0 = x}\nP0;\n"
                "  LDMIB R0, { R1, R2 };\nforall (0:R1 = 2/\\ 0:R2 = 3)\n",
                "fe765959009fb1eacd7bee92c02fe8fb");
    assert_hash("ARM A005\n{ int x[2] = {1,1}; 0:R1 = x }\nP0;\n"
                "LDRD R2,R3,[R1];\nLDRD R4,[R1];\n"
                "forall (0:R2=1 /\\ 0:R3=1 /\\ 0:R4=1 /\\ 0:R5=1)\n",
                "7634bf6ce48a5ec0f06cfdcbe83bd2a2");
}

/* herd's symbolic registers on AArch64 (herd7 digests `%x0` as its X
 * view, `X%x0`, also as an index and as a value) and RISC-V; the Hash=
 * herd7 7.58 prints for each. */
static void symreg_digests(void **state)
{
    (void)state;
    assert_hash("AArch64 h2\n{\n%x0=x;\n}\n P0 ;\n LDR W0,[%x0] ;\n"
                "exists (0:X0=1)\n",
                "640d0089212bdf76935a42500b503946");
    assert_hash("AArch64 h3\n{\n%x0=x;\n}\n P0 ;\n MOV X0,%x0 ;\n"
                "exists (0:X0=1)\n",
                "917e199a1457a5b353a1a289bc8dc47e");
    assert_hash("AArch64 h5\n{\n%x0=x;\n}\n P0 ;\n LDR W0,[%x0] ;\n"
                " STR W0,[X1,%x0] ;\nexists (0:X0=1)\n",
                "c88b4d35d9798d0cc9a88229796aae10");
    assert_hash("AArch64 h6\n{\n%x0=x;\n}\n P0 ;\n"
                " LDR W0,[%x0,W1,SXTW] ;\nexists (0:X0=1)\n",
                "d0fcde696005311e8b9b10fee7b1c848");
    /* a post-index address: herd7 7.58 digests `LDR W0,[X1]#8` and, for
     * a pair, `STP W0,W2, [X1]#-8` (its L058, L087, L101, L102) */
    assert_hash("AArch64 pi\n{ int x[4]; 0:X1=x; }\n P0 ;\n"
                " LDR W0,[X1],#8 ;\n STP W0,W2,[X1],#-8 ;\n"
                "locations [0:X0;0:X1;]\n",
                "8419e5b3bcab45261bf20fe0af440ce5");
    /* a shift by 0 is no shift to herd7's digest (its A73) */
    assert_hash("AArch64 t\n{ 0:X1=3; 0:X2=1; }\n P0 ;\n"
                " ADD X0,X1,X2,LSR #0 ;\nlocations [0:X0;]\n",
                "9592451a91b4a712561c74e664261a87");
    /* ORN from the zero register as MVN, LDUR as `LDUR X4, [X5]` (its
     * A237, A18, A19) */
    assert_hash("AArch64 orn\n{ int64_t 0:X1=0; int x; 0:X5=x; }\n P0 ;\n"
                " ORN X0,XZR,X1 ;\n ORN W3,WZR,W1,LSL #2 ;\n"
                " LDUR W4,[X5] ;\nlocations [0:X0;0:X3;0:X4;]\n",
                "770488a873b42fecd6aa087652feb5da");
    /* SUBS to the zero register as CMP (its A166, A167) */
    assert_hash("AArch64 s\n{ int64_t 0:X1=1; }\n P0 ;\n"
                " SUBS WZR,W1,#3 ;\n NEGS XZR,X1,ASR #1 ;\n"
                "locations [0:X1;]\n",
                "c4c3922705d829f8a77e4ceb778bde43");
    assert_hash("RISCV MP-sym\n{\n%x0=x; %y0=y;\n%y1=y; %x1=x;\n}\n"
                " P0           | P1            ;\n"
                " ori x5,x0,1  | lw x5,0(%y1)  ;\n"
                " sw x5,0(%x0) | fence r,r     ;\n"
                " fence w,w    | lw x6,0(%x1)  ;\n"
                " sw x5,0(%y0) | add x7,%x1,x0 ;\n"
                "exists (1:x5=1 /\\ 1:x6=0)\n",
                "972fdc340f41ff3c0e97d1cec1a80f82");
}

/* The threads herd7's C08 and C11 share. */
#define INT128_THREADS                                                   \
    "P0 (volatile __int128* y,volatile __int128* x) {\n"                 \
    "  __int128 r0 = *x;\n"                                               \
    "  atomic_thread_fence(memory_order_relaxed);\n"                      \
    "  *y = 1;\n}\n\n"                                                     \
    "P1 (volatile __int128* y,volatile __int128* x) {\n"                 \
    "  __int128 r0 = *y;\n"                                               \
    "  atomic_thread_fence(memory_order_relaxed);\n"

/* Whole C tests from herd7's own regression tests (herd/tests/
 * instructions/C), with the Hash= its expected output gives: the body
 * hashed verbatim, types re-spelt by herd7 (`const int *` is `int const*`,
 * `atomic_int` is `_Atomic int`), typed init, `locations`, two threads. */
static void c_digests(void **state)
{
    (void)state;
    assert_hash("C C01\n\n{ x = 1 }\n\nP0 (const int* x) {\n"
                "  int r0 = *x;\n}\n\n\nforall (0:r0=1)\n",
                "f26e77b9ef2528a6e6c9757a77f150a1");
    assert_hash("C C02\n\n{}\n\nP0 (const int* y,volatile int* x) {\n"
                "  int r0 = *x;\n  *y = 1;\n}\n\nforall (0:r0=1 /\\ y=1)\n",
                "d92b65c8b850301b8f1b811599b2f905");
    assert_hash("C C03\n\n{}\n\nP0 (int* y) {\n"
                "  atomic_fetch_add_explicit(y,1,memory_order_seq_cst);\n"
                "}\n\nforall y=1\n",
                "71a98e010b15b2b87bfe01c34e457390");
    assert_hash("C C04\n(* Tests 128-bit types *)\n{ }\n\n"
                "P0 (__int128_t *y, __uint128_t *a) {\n"
                "  __int128_t r1 = *y;\n  __uint128_t r3 = *a;\n}\n\n"
                "forall (0:r1 = 0  /\\ 0:r3  = 0)\n",
                "8b9618e5572a22c7e8d1ced9c7b99fe8");
    /* Variant= is no part of the digest */
    assert_hash("C C05\nVariant=Quad\n\n{\n__int128_t x=1;\n}\n\n"
                "P0 (__int128_t *x) {\n *x = 0;\n}\n\nforall ([x]=0)\n",
                "db772c002d727bd43e0889f42282f9f6");
    assert_hash("C C08\n\n(* Test to ensure diy generated tests are "
                "accepted by herd - int128*)\n\n{__int128 y; __int128 x;}\n\n"
                INT128_THREADS
                "  *x = 1;\n}\n\nexists (0:r0=1 /\\ 1:r0=1)\n",
                "df8f2c22043bedfe26ba47135c84a3b0");
    assert_hash("C C13\n(* Forbidden by rc11, allowed by most C11 models "
                "that tolerate oota *)\n{\nx = 0;\ny = 0;\n}\n\n"
                "P0(atomic_int *x, atomic_int *y) {\n"
                "  int r1 = atomic_load_explicit(y, memory_order_relaxed);\n"
                "  atomic_store_explicit(x, r1, memory_order_relaxed);\n"
                "  int r2 = (r1^r1)+r1;\n}\n\n"
                "P1(atomic_int *x, atomic_int *y) {\n"
                "  int r4 = atomic_load_explicit(x, memory_order_relaxed);\n"
                "  atomic_store_explicit(y, r4, memory_order_relaxed);\n"
                "}\n\nlocations [0:r2; 1:r4;]\nexists 0:r1 != 0\n\n\n",
                "45b06aedc4caf5ef4fdf494a986f8199");
    /* an _Atomic type in the init */
    assert_hash("C C11\n\n(* Test to ensure _Atomic __int128 x = 0; is "
                "parsed**)\n\n"
                "{__int128 y; __int128 x; _Atomic __int128 z = 0;}\n\n"
                INT128_THREADS
                "  *x = 1;\n}\n\nexists (0:r0=1 /\\ 1:r0=1)\n",
                "fdb5bbc868eabfecbe24a5eeab655a7d");
    assert_hash("C C14\n{}\n\nP0 (atomic_int* y) {\n"
                "  atomic_fetch_add_explicit(y,1,memory_order_relaxed);\n}\n\n"
                "P1 (atomic_int* y) {\n"
                "  atomic_fetch_add_explicit(y,1,memory_order_relaxed);\n}\n\n"
                "forall y=2\n",
                "4ba3dd96c70ac3dd5dac4c7337261858");
    assert_hash("C C15\n{}\n\nP0 (atomic_int* y) {\n"
                "  atomic_store_explicit(y,1,memory_order_relaxed);\n}\n\n"
                "P1 (atomic_int* y) {\n"
                "  int r1 = atomic_exchange_explicit(y,2,memory_order_relaxed);"
                "\n}\n\n~exists 1:r1=0 /\\ y=2\n",
                "39a09669dfbf2aaf26417bf1bd2480c6");
    /* parameters of two types in one thread */
    assert_hash("C C16\n{}\n\nP0 (atomic_int* y) {\n"
                "  atomic_store_explicit(y,1,memory_order_relaxed);\n}\n\n"
                "P1 (atomic_int* y,int *z) {\n"
                "  atomic_compare_exchange_strong(y,z,2);\n}\n\n"
                "~exists z=0 /\\ y=2\n",
                "ab2f8e6026f219ae47eec68e6e2ba7a5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(md5_vectors),
        cmocka_unit_test(herd_digests),
        cmocka_unit_test(values_digested_as_written),
        cmocka_unit_test(power_spellings),
        cmocka_unit_test(herd_register_spelling),
        cmocka_unit_test(herd_instruction_spelling),
        cmocka_unit_test(arm_digests),
        cmocka_unit_test(symreg_digests),
        cmocka_unit_test(c_digests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
