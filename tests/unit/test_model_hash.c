/* test_model_hash.c — MD5 on RFC 1321's test vectors, and herd7's test
 * digest (`Hash=`) on tests whose digest herd7's logs give: a Power test
 * with labels, one with symbolic registers, an x86 test with typed init,
 * and ARM tests with herd's own spellings of its instructions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(md5_vectors),
        cmocka_unit_test(herd_digests),
        cmocka_unit_test(arm_digests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
