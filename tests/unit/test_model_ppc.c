/* test_model_ppc.c — every Power opcode in the model, one hand-worked
 * one-thread test each (some cover two or three opcodes): the final
 * values of the registers and locations named are worked out from the
 * Power ISA by hand (and, where herd7 models the instruction, agree with
 * herd7's regression tests). Each test has no condition, so it also
 * checks herd7's reading of a missing condition as `forall (true)`: one
 * final state, and Ok. Conventions: 0:r3 and 0:r4 are declared int64_t so
 * that 64-bit results show whole; mfcr shows a CR field as the ISA lays
 * it out (cr0 in bits 28..31 of the low word: LT 0x80000000, GT
 * 0x40000000, EQ 0x20000000); `addze rD,rZERO` shows the carry bit. A
 * `sync` gives every test an event for the cat model (a thread that
 * returns early has its own before blr).
 *
 * Then the model's conventions, each checked against what herd7 does:
 * array elements at index * element size, mixed-size accesses refused,
 * loads widening as their instruction says, stores narrowing to the
 * location's type. */
#include "tests/unit/model_run.h"

#include "litmuslab/arch/ppc.h"

typedef struct icase {
    const char *init;    /* init block items */
    const char *code;    /* P0's instructions, one a line */
    const char *locs;    /* what `locations` shows */
    const char *want;    /* the one final state, as herd7 prints it */
} icase;

static const icase cases[] = {
    {"0:r1=10",
     "addi r3,r1,-3",
     "0:r3", "0:r3=7;"},
    {"0:r0=100",
     "addi r3,r0,5",
     "0:r3", "0:r3=5;"},
    {"0:r1=10",
     "subi r3,r1,3",
     "0:r3", "0:r3=7;"},
    {"0:r1=10",
     "ori r3,r1,5\nxori r4,r1,15",
     "0:r3; 0:r4", "0:r3=15; 0:r4=5;"},
    {"0:r1=10",
     "andi. r3,r1,6\nmfcr r4",
     "0:r3; 0:r4", "0:r3=2; 0:r4=1073741824;"},
    {"0:r1=10",
     "mulli r3,r1,-2",
     "0:r3", "0:r3=-20;"},
    {"0:r1=10; 0:r2=3",
     "add r3,r1,r2",
     "0:r3", "0:r3=13;"},
    {"0:r1=-5; 0:r2=2",
     "add. r3,r1,r2\nmfcr r4",
     "0:r3; 0:r4", "0:r3=-3; 0:r4=2147483648;"},
    {"0:r1=10; 0:r2=3",
     "sub r3,r1,r2\nsubf r4,r1,r2",
     "0:r3; 0:r4", "0:r3=7; 0:r4=-7;"},
    {"0:r1=10; 0:r2=3",
     "xor r3,r1,r2\nor r4,r1,r2",
     "0:r3; 0:r4", "0:r3=9; 0:r4=11;"},
    {"0:r1=10; 0:r2=3",
     "and r3,r1,r2",
     "0:r3", "0:r3=2;"},
    {"int64_t 0:r1=0x100000003; 0:r2=2; 0:r5=-1",
     "mullw r3,r1,r2\nmullw r4,r5,r2",
     "0:r3; 0:r4", "0:r3=6; 0:r4=-2;"},
    {"0:r1=-7; 0:r2=2",
     "divw r3,r1,r2",
     "0:r3", "0:r3=-3;"},
    {"",
     "li r3,-7",
     "0:r3", "0:r3=-7;"},
    {"",
     "lis r3,-1\nlis r4,0x8000",
     "0:r3; 0:r4", "0:r3=-65536; 0:r4=-2147483648;"},
    {"0:r1=10",
     "mr r3,r1",
     "0:r3", "0:r3=10;"},
    {"0:r1=0",
     "mr. r3,r1\nmfcr r4",
     "0:r3; 0:r4", "0:r3=0; 0:r4=536870912;"},
    {"int64_t 0:r1=0x100000000; 0:r2=0",
     "cmpw r1,r2\nmfcr r4",
     "0:r4", "0:r4=536870912;"},
    {"int64_t 0:r1=0xffffffff",
     "cmpwi cr7,r1,-1\nmfcr r4",
     "0:r4", "0:r4=2;"},
    {"0:r1=-1; 0:r2=1",
     "cmplw cr1,r1,r2\nmfcr r4",
     "0:r4", "0:r4=67108864;"},
    {"0:r1=2",
     "cmplwi r1,2\nmfcr r4",
     "0:r4", "0:r4=536870912;"},
    {"int64_t 0:r1=0x100000000; 0:r2=0",
     "cmpd r1,r2\nmfcr r4",
     "0:r4", "0:r4=1073741824;"},
    {"0:r1=-3",
     "cmpdi cr2,r1,-2\nmfcr r4",
     "0:r4", "0:r4=8388608;"},
    {"0:r1=-1; 0:r2=1",
     "cmpld r1,r2\nmfcr r4",
     "0:r4", "0:r4=1073741824;"},
    {"0:r1=1",
     "cmpldi r1,2\nmfcr r4",
     "0:r4", "0:r4=2147483648;"},
    {"0:r1=5",
     "cmpwi cr1,r1,5\nbeq cr1,L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"0:r1=6",
     "cmpwi cr1,r1,5\nbne cr1,L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"0:r1=4",
     "cmpwi cr1,r1,5\nblt cr1,L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"0:r1=5",
     "cmpwi cr1,r1,5\nbge cr1,L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"0:r1=6",
     "cmpwi cr1,r1,5\nbgt cr1,L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"0:r1=5",
     "cmpwi cr1,r1,5\nble cr1,L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"0:r1=4",
     "cmpwi r1,5\nbnl L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=1; 0:r4=2;"},
    {"0:r1=6",
     "cmpwi r1,5\nbng L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=1; 0:r4=2;"},
    {"0:r1=4",
     "cmpwi r1,5\nbeq L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=1; 0:r4=2;"},
    {"",
     "b L0\nli r3,1\nL0: li r4,2",
     "0:r3; 0:r4", "0:r3=0; 0:r4=2;"},
    {"",
     "bl L1\nli r4,2\nb L2\nL1: li r3,1\nblr\nL2: nop",
     "0:r3; 0:r4", "0:r3=1; 0:r4=2;"},
    {"",
     "li r3,1\nsync\nblr\nli r3,2",
     "0:r3", "0:r3=1;"},
    {"",
     "li r1,3\nmtctr r1\nL0: addi r3,r3,1\nbdnz L0\nmfctr r4",
     "0:r3; 0:r4", "0:r3=3; 0:r4=0;"},
    {"",
     "li r1,1\nmtctr r1\nbdz L0\nli r3,5\nL0: nop",
     "0:r3", "0:r3=0;"},
    {"",
     "li r1,7\nmtlr r1\nmflr r3",
     "0:r3", "0:r3=7;"},
    {"int64_t 0:r1=0x20000000",
     "mtcrf 128,r1\nbeq L0\nli r3,1\nL0: nop",
     "0:r3", "0:r3=0;"},
    {"int64_t 0:r1=0x20000000",
     "mtcrf 64,r1\nbeq L0\nli r3,1\nL0: nop",
     "0:r3", "0:r3=1;"},
    {"int64_t 0:r1=0x12345678",
     "mtcr r1\nmfcr r3",
     "0:r3", "0:r3=305419896;"},
    {"0:r1=10; 0:r2=3",
     "cmpw r1,r1\nisel r3,r1,r2,2\nisel r4,r1,r2,0",
     "0:r3; 0:r4", "0:r3=10; 0:r4=3;"},
    {"0:r1=5; 0:r0=9",
     "addis r3,r1,1\naddis r4,r0,2",
     "0:r3; 0:r4", "0:r3=65541; 0:r4=131072;"},
    {"0:r1=5",
     "subis r3,r1,1",
     "0:r3", "0:r3=-65531;"},
    {"0:r1=5",
     "oris r3,r1,1\nxoris r4,r3,1",
     "0:r3; 0:r4", "0:r3=65541; 0:r4=5;"},
    {"int64_t 0:r1=0x30000",
     "andis. r3,r1,1\nmfcr r4",
     "0:r3; 0:r4", "0:r3=65536; 0:r4=1073741824;"},
    {"0:r1=-1; 0:r5=0",
     "addic r3,r1,1\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=0; 0:r4=1;"},
    {"0:r1=-1",
     "addic. r3,r1,1\nmfcr r4",
     "0:r3; 0:r4", "0:r3=0; 0:r4=536870912;"},
    {"0:r1=3; 0:r5=0",
     "subfic r3,r1,5\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=2; 0:r4=1;"},
    {"0:r1=7; 0:r5=0",
     "subfic r3,r1,5\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=-2; 0:r4=0;"},
    {"0:r1=-1; 0:r2=2; 0:r5=0; 0:r6=0",
     "addc r3,r1,r2\nadde r4,r5,r6",
     "0:r3; 0:r4", "0:r3=1; 0:r4=1;"},
    {"0:r1=5; 0:r2=3; 0:r5=0",
     "subfc r3,r1,r2\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=-2; 0:r4=0;"},
    {"0:r1=-1; 0:r5=5; 0:r2=3; 0:r7=0",
     "addic r8,r1,1\nsubfe r3,r5,r2\naddze r4,r7",
     "0:r3; 0:r4", "0:r3=-2; 0:r4=0;"},
    {"0:r1=5",
     "addme r3,r1",
     "0:r3", "0:r3=4;"},
    {"0:r1=5",
     "subfme r3,r1",
     "0:r3", "0:r3=-7;"},
    {"0:r1=5",
     "subfze r3,r1",
     "0:r3", "0:r3=-6;"},
    {"int64_t 0:r1=0x100000000; int64_t 0:r2=0x100000003",
     "mulld r3,r1,r2",
     "0:r3", "0:r3=12884901888;"},
    {"0:r1=-2; int64_t 0:r2=0x40000000",
     "mulhw r3,r1,r2",
     "0:r3", "0:r3=-1;"},
    {"int64_t 0:r1=0xfffffffe; 0:r2=2",
     "mulhwu r3,r1,r2",
     "0:r3", "0:r3=1;"},
    {"0:r1=-1; 0:r2=5",
     "mulhd r3,r1,r2\nmulhdu r4,r1,r2",
     "0:r3; 0:r4", "0:r3=-1; 0:r4=4;"},
    {"0:r1=-2; 0:r2=2",
     "divwu r3,r1,r2",
     "0:r3", "0:r3=2147483647;"},
    {"0:r1=-7; 0:r2=2",
     "divd r3,r1,r2",
     "0:r3", "0:r3=-3;"},
    {"0:r1=-1; 0:r2=2",
     "divdu r3,r1,r2",
     "0:r3", "0:r3=9223372036854775807;"},
    {"0:r1=12; 0:r2=10",
     "nand r3,r1,r2\nnor r4,r1,r2",
     "0:r3; 0:r4", "0:r3=-9; 0:r4=-15;"},
    {"0:r1=12; 0:r2=10",
     "andc r3,r1,r2\norc r4,r1,r2",
     "0:r3; 0:r4", "0:r3=4; 0:r4=-3;"},
    {"0:r1=12; 0:r2=10",
     "eqv r3,r1,r2",
     "0:r3", "0:r3=-7;"},
    {"int64_t 0:r1=0x80000001; 0:r2=1; 0:r5=32",
     "slw r3,r1,r2\nslw r4,r1,r5",
     "0:r3; 0:r4", "0:r3=2; 0:r4=0;"},
    {"0:r1=-1; 0:r2=4",
     "srw r3,r1,r2",
     "0:r3", "0:r3=268435455;"},
    {"0:r1=-15; 0:r2=2; 0:r5=0",
     "sraw r3,r1,r2\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=-4; 0:r4=1;"},
    {"0:r1=-16; 0:r2=2; 0:r5=0",
     "sraw. r3,r1,r2\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=-4; 0:r4=0;"},
    {"0:r1=1; 0:r2=63; 0:r5=64",
     "sld r3,r1,r2\nsld r4,r1,r5",
     "0:r3; 0:r4", "0:r3=-9223372036854775808; 0:r4=0;"},
    {"0:r1=-1; 0:r2=60",
     "srd r3,r1,r2",
     "0:r3", "0:r3=15;"},
    {"0:r1=-1024; 0:r2=4",
     "srad r3,r1,r2",
     "0:r3", "0:r3=-64;"},
    {"0:r1=5",
     "neg r3,r1\nnot r4,r1",
     "0:r3; 0:r4", "0:r3=-5; 0:r4=-6;"},
    {"0:r1=5",
     "neg. r3,r1\nmfcr r4",
     "0:r3; 0:r4", "0:r3=-5; 0:r4=2147483648;"},
    {"int64_t 0:r1=0x1ff; int64_t 0:r2=0x18000",
     "extsb r3,r1\nextsh r4,r2",
     "0:r3; 0:r4", "0:r3=-1; 0:r4=-32768;"},
    {"int64_t 0:r1=0xffffffff",
     "extsw r3,r1",
     "0:r3", "0:r3=-1;"},
    {"0:r1=1; 0:r2=0",
     "cntlzw r3,r2\ncntlzd r4,r1",
     "0:r3; 0:r4", "0:r3=32; 0:r4=63;"},
    {"0:r1=-33; 0:r5=0",
     "srawi r3,r1,4\naddze r4,r5",
     "0:r3; 0:r4", "0:r3=-3; 0:r4=1;"},
    {"int64_t 0:r1=0x100000000",
     "sradi r3,r1,32",
     "0:r3", "0:r3=1;"},
    {"int64_t 0:r1=0x12345678",
     "rlwinm r3,r1,8,24,31",
     "0:r3", "0:r3=18;"},
    {"0:r1=0",
     "rlwinm. r3,r1,8,24,31\nmfcr r4",
     "0:r3; 0:r4", "0:r3=0; 0:r4=536870912;"},
    {"int64_t 0:r1=0x12345678; 0:r2=4",
     "rlwnm r3,r1,r2,0,31",
     "0:r3", "0:r3=591751041;"},
    {"int64_t 0:r1=0x12345678; 0:r3=0xa0",
     "rlwimi r3,r1,4,28,31",
     "0:r3", "0:r3=161;"},
    {"int64_t 0:r1=0x1122334455667788",
     "rldicl r3,r1,8,56\nrldicr r4,r1,8,7",
     "0:r3; 0:r4", "0:r3=17; 0:r4=2449958197289549824;"},
    {"int64_t 0:r1=0x1122334455667788; 0:r4=-1",
     "rldic r3,r1,8,48\nrldimi r4,r1,8,48",
     "0:r3; 0:r4", "0:r3=34816; 0:r4=-30465;"},
    {"int64_t 0:r1=0x12345678",
     "slwi r3,r1,4\nsrwi r4,r1,4",
     "0:r3; 0:r4", "0:r3=591751040; 0:r4=19088743;"},
    {"int64_t 0:r1=0x12345678",
     "clrlwi r3,r1,16\nclrrwi r4,r1,8",
     "0:r3; 0:r4", "0:r3=22136; 0:r4=305419776;"},
    {"int64_t 0:r1=0x12345678; 0:r2=8",
     "rotlwi r3,r1,4\nrotlw r4,r1,r2",
     "0:r3; 0:r4", "0:r3=591751041; 0:r4=878082066;"},
    {"int64_t 0:r1=0x1122334455667788",
     "sldi r3,r1,4\nsrdi r4,r1,4",
     "0:r3; 0:r4", "0:r3=1306945789274585216; 0:r4=77162851027281784;"},
    {"int64_t 0:r1=0x1122334455667788",
     "clrldi r3,r1,32\nclrrdi r4,r1,8",
     "0:r3; 0:r4", "0:r3=1432778632; 0:r4=1234605616436508416;"},
    {"int64_t 0:r1=0x1122334455667788",
     "rotldi r3,r1,8",
     "0:r3", "0:r3=2464388554683811857;"},
    {"int x = 511; 0:r2=x",
     "lbz r3,0(r2)\nlhz r4,0(r2)",
     "0:r3; 0:r4", "0:r3=255; 0:r4=511;"},
    {"int x = 0x18000; 0:r2=x",
     "lha r3,0(r2)\nlhz r4,0(r2)",
     "0:r3; 0:r4", "0:r3=-32768; 0:r4=32768;"},
    {"int x = -1; 0:r2=x",
     "lwz r3,0(r2)\nlwa r4,0(r2)",
     "0:r3; 0:r4", "0:r3=4294967295; 0:r4=-1;"},
    {"int64_t x = -1; 0:r2=x",
     "ld r3,0(r2)",
     "0:r3", "0:r3=-1;"},
    {"int x = -2; 0:r2=x; 0:r0=5",
     "lbzx r3,r0,r2\nlhzx r4,r0,r2",
     "0:r3; 0:r4", "0:r3=254; 0:r4=65534;"},
    {"int x = -2; int64_t y = -2; 0:r1=x; 0:r5=y; 0:r2=0",
     "lwzx r3,r1,r2\nldx r4,r5,r2",
     "0:r3; 0:r4", "0:r3=4294967294; 0:r4=-2;"},
    {"int x = -2; 0:r2=x",
     "lhax r3,r0,r2\nlwax r4,r0,r2",
     "0:r3; 0:r4", "0:r3=-2; 0:r4=-2;"},
    {"int x; int y; int64_t z; int8_t b; 0:r2=x; 0:r4=y; 0:r6=z; 0:r8=b; int64_t 0:r1=0x1ffff8081",
     "stw r1,0(r2)\nsth r1,0(r4)\nstd r1,0(r6)\nstb r1,0(r8)",
     "b; x; y; z", "[b]=-127; [x]=-32639; [y]=32897; [z]=8589901953;"},
    {"int t[3]; int64_t u[2]; 0:r2=t; 0:r6=u; 0:r3=4; 0:r5=8; 0:r1=9",
     "stbx r1,r0,r2\nsthx r1,r2,r3\nstwx r1,r2,r5\nstdx r1,r6,r5",
     "t[0]; t[1]; t[2]; u[1]", "[t[0]]=9; [t[1]]=9; [t[2]]=9; [u[1]]=9;"},
    {"int t[3] = {5,6,7}; 0:r2=t",
     "lwzu r3,4(r2)\nlwz r4,4(r2)",
     "0:r3; 0:r4", "0:r3=6; 0:r4=7;"},
    {"int8_t b[2] = {1,-2}; int16_t h[3] = {0,-3,4}; 0:r2=b; 0:r5=h",
     "lbzu r3,1(r2)\nlhau r4,2(r5)\nlhzu r6,2(r5)",
     "0:r3; 0:r4; 0:r6", "0:r3=254; 0:r4=-3; 0:r6=4;"},
    {"int64_t u[2] = {1,2}; 0:r2=u",
     "ldu r3,8(r2)\nld r4,0(r2)",
     "0:r3; 0:r4", "0:r3=2; 0:r4=2;"},
    {"int t[3] = {5,7,-6}; 0:r2=t; 0:r1=4",
     "lwzux r3,r2,r1\nlwaux r4,r2,r1",
     "0:r3; 0:r4", "0:r3=7; 0:r4=-6;"},
    {"int8_t b[3] = {1,-2,3}; int16_t h[3] = {1,-2,3}; 0:r2=b; 0:r5=h; 0:r1=1; 0:r6=2",
     "lbzux r3,r2,r1\nlhaux r4,r5,r6\nlhzux r7,r5,r6",
     "0:r3; 0:r4; 0:r7", "0:r3=254; 0:r4=-2; 0:r7=3;"},
    {"int64_t u[2] = {1,-2}; 0:r2=u; 0:r1=8",
     "ldux r3,r2,r1",
     "0:r3", "0:r3=-2;"},
    {"int t[3]; 0:r2=t; 0:r1=9; 0:r4=8",
     "stwu r1,4(r2)\nstw r4,4(r2)",
     "t[1]; t[2]", "[t[1]]=9; [t[2]]=8;"},
    {"int8_t b[2]; int16_t h[2]; int64_t u[2]; 0:r2=b; 0:r5=h; 0:r6=u; 0:r1=-1",
     "stbu r1,1(r2)\nsthu r1,2(r5)\nstdu r1,8(r6)",
     "b[1]; h[1]; u[1]", "[b[1]]=-1; [h[1]]=-1; [u[1]]=-1;"},
    {"int8_t b[2]; int16_t h[2]; int t[2]; int64_t u[2]; 0:r2=b; 0:r3=h; 0:r5=t; 0:r6=u; 0:r1=1; 0:r7=2; 0:r8=4; 0:r9=8",
     "stbux r1,r2,r1\nsthux r1,r3,r7\nstwux r1,r5,r8\nstdux r1,r6,r9",
     "b[1]; h[1]; t[1]; u[1]", "[b[1]]=1; [h[1]]=1; [t[1]]=1; [u[1]]=1;"},
    {"int t[3] = {1,2,3}; 0:r2=t",
     "lmw r29,0(r2)",
     "0:r29; 0:r30; 0:r31", "0:r29=1; 0:r30=2; 0:r31=3;"},
    {"int t[2]; 0:r2=t; 0:r30=7; 0:r31=8",
     "stmw r30,0(r2)",
     "t[0]; t[1]", "[t[0]]=7; [t[1]]=8;"},
    {"0:r2=x",
     "L0: lwarx r3,r0,r2\naddi r3,r3,1\nstwcx. r3,r0,r2\nbne L0",
     "0:r3; x", "0:r3=1; [x]=1;"},
    {"int64_t x = -1; 0:r2=x",
     "L0: ldarx r3,r0,r2\naddi r3,r3,1\nstdcx. r3,r0,r2\nbne L0",
     "0:r3; x", "0:r3=0; [x]=0;"},
    {"0:r2=x",
     "li r3,1\nsync\nlwsync\neieio\nisync\nhwsync\nnop\ndcbf r0,r2\ndcbst r0,r2\ndcbt r0,r2\ndcbtst r0,r2\nicbi r0,r2\nli r4,2",
     "0:r3; 0:r4", "0:r3=1; 0:r4=2;"},
};

#define N_CASES ((int)(sizeof cases / sizeof *cases))

static char *case_text(const icase *c)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "PPC I\n{\nint64_t 0:r3; int64_t 0:r4; %s\n}\n P0 ;\n",
                  c->init);
    for (const char *p = c->code; *p;) {
        size_t n = strcspn(p, "\n");
        ll_buf_printf(&b, " %.*s ;\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
    ll_buf_printf(&b, " sync ;\nlocations [%s]\n", c->locs);
    return b.data;
}

static void every_opcode_by_hand(void **state)
{
    (void)state;
    bool seen[LL_PPC_NOPS] = {false};
    const ll_arch_ops *ppc = ll_arch_find("PPC");
    for (int i = 0; i < N_CASES; i++) {
        char *text = case_text(&cases[i]);
        outcome o;
        model_text(text, "ppc.cat", &o);
        if (o.n_states != 1 || strcmp(o.states[0], cases[i].want))
            fail_msg("case %d (%s): got %d states, first '%s', want '%s'",
                     i, cases[i].code, o.n_states, o.states[0],
                     cases[i].want);
        assert_true(o.ok);
        assert_string_equal(o.cond, "forall (true)");
        ll_diag d = {0};
        ll_test *t = ll_test_parse("t.litmus", text, strlen(text), &d);
        for (int k = 0; k < t->threads[0].n_stmts; k++)
            if (t->threads[0].stmts[k].has_instr)
                seen[t->threads[0].stmts[k].instr.op] = true;
        ll_test_free(t);
        free(text);
    }
    for (int op = 0; op < LL_PPC_NOPS; op++)
        if (!seen[op])
            fail_msg("opcode %s has no hand-worked test", ppc->op_name(op));
}

/* Addresses are bytes: element i of an array is at i * its element's
 * size (8 for int64_t, 4 for int), as herd7 lays arrays out. */
static void arrays_scale_by_element_size(void **state)
{
    (void)state;
    static const char text[] =
        "PPC arrays\n{\nint64_t t[2] = {1,2}; int u[3];\n"
        "0:r2=t; 0:r5=u;\n}\n"
        " P0           ;\n"
        " li r1,7      ;\n"
        " std r1,8(r2) ;\n"
        " ld r3,0(r2)  ;\n"
        " stw r1,8(r5) ;\n"
        "exists (t[1]=7 /\\ 0:r3=1 /\\ u[2]=7 /\\ t[0]=1)\n";
    outcome o;
    model_text(text, "ppc.cat", &o);
    static const char *const want[] = {
        "0:r3=1; [t[0]]=1; [t[1]]=7; [u[2]]=7;"};
    assert_states(&o, want, 1);
    assert_true(o.ok);
}

static char *one_access(const char *decl, const char *instr,
                        const char *cond)
{
    ll_buf b = {0};
    ll_buf_printf(&b, "PPC m\n{\n%s; 0:r2=t;\n}\n P0 ;\n li r1,7 ;\n"
                      " %s ;\nexists (%s)\n",
                  decl, instr, cond);
    return b.data;
}

/* An access between elements, or into a scalar, is mixed-size: herd7
 * refuses it, and so do we, with a message; so are accesses past the
 * end, and array cells that do not exist in conditions. */
static void mixed_size_refused(void **state)
{
    (void)state;
    static const struct {
        const char *decl, *instr, *cond, *msg;
    } bad[] = {
        {"int64_t t[2]", "stw r1,4(r2)", "t[0]=0",
         "mixed-size access to t+4, between elements of t (8 bytes each)"},
        {"int t[2]", "lwz r3,8(r2)", "t[0]=0",
         "access to t+8, outside t (2 elements)"},
        {"int t[2]", "lwz r3,-4(r2)", "t[0]=0",
         "access to t-4, outside t (2 elements)"},
        {"int t", "lhz r3,2(r2)", "t=0",
         "mixed-size access to t+2, inside t (4 bytes)"},
        {"int64_t t", "ld r3,8(r2)", "t=0",
         "access to t+8, outside t (8 bytes)"},
        {"int t[2]", "lwz r3,4(r2)", "t[2]=0",
         "element past the end of array t"},
        {"int t", "lwz r3,0(r2)", "t[1]=0", "not an array: t"},
        {"frob t", "lwz r3,0(r2)", "t=0", "unsupported type: frob"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *text = one_access(bad[i].decl, bad[i].instr, bad[i].cond);
        model_refuses(text, bad[i].msg);
        free(text);
    }
}

/* lwz zero-extends into a 64-bit register (4294967295, not -1), lwa and
 * lha sign-extend, lbz/lhz zero-extend; a store narrows to its size and
 * the location keeps a value of its type; a register shows as its type
 * (herd7's default: int). */
static void loads_widen_stores_narrow(void **state)
{
    (void)state;
    static const char text[] =
        "PPC widths\n{\n"
        "int x = -1; int8_t b; uint16_t h; 0:r2=x; 0:r5=b; 0:r6=h;\n"
        "int64_t 0:r1; int64_t 0:r3; uint64_t 0:r8;\n}\n"
        " P0              ;\n"
        " lwz r1,0(r2)    ;\n"
        " lwa r3,0(r2)    ;\n"
        " li r4,511       ;\n"
        " stb r4,0(r5)    ;\n"
        " sth r3,0(r6)    ;\n"
        " clrldi r7,r3,32 ;\n"
        " clrldi r8,r3,32 ;\n"
        "exists (0:r1=4294967295 /\\ 0:r3=-1 /\\ b=-1 /\\ h=65535 /\\ "
        "0:r7=-1 /\\ 0:r8=4294967295)\n";
    outcome o;
    model_text(text, "ppc.cat", &o);
    static const char *const want[] = {
        "0:r1=4294967295; 0:r3=-1; 0:r7=-1; 0:r8=4294967295; [b]=-1; "
        "[h]=65535;"};
    assert_states(&o, want, 1);
    assert_true(o.ok);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_opcode_by_hand),
        cmocka_unit_test(arrays_scale_by_element_size),
        cmocka_unit_test(mixed_size_refused),
        cmocka_unit_test(loads_widen_stores_narrow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
