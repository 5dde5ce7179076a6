#!/bin/sh
# model_a64_refusals.sh — AArch64 tests herd7 7.58 refuses are refused by
# the model too, with one FILE:LINE:COL line naming the reason and exit 2:
# a mixed-size test (one location accessed with two sizes in an
# execution; only a path no execution takes may differ), an init value x[i]
# between elements (herd7 reads it as x+i bytes); and two forms herd7
# answers that the model refuses rather than answer otherwise (a BLR into
# another thread's code, a load of an instruction, herd7's mixed-size
# mode, an endless loop on constants); a number compared with a whole array is answered as herd7 does;
# operations herd7 refuses on an address, a constant or a value read (x &
# 0, a 32-bit copy, store or load, CMP of x and 1 ...).
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
refused() { # NAME WANT (the test is $tmp/NAME.litmus)
    "$LITMUSLAB" model "$tmp/$1.litmus" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc != 2 ] || [ "$(cat "$tmp/err")" != "$tmp/$1.litmus:$2" ]; then
        echo "model_a64_refusals: $1: exit $rc, message:"; cat "$tmp/err"
        echo "  want: $tmp/$1.litmus:$2"; fail=1
    fi
}
cat > "$tmp/mixed.litmus" <<'END'
AArch64 mixed
{ uint64_t x; 0:X2=x; 1:X2=x; }
 P0          | P1          ;
 LDR W0,[X2] | LDR X0,[X2] ;
exists (0:X0=0)
END
refused mixed "4:16: illegal mixed-size test: x accessed with 4 and 8 bytes (herd7 7.58 refuses a test whose accesses to a location differ in size)"
# the byte store and the word load on one thread
cat > "$tmp/mixed1.litmus" <<'END'
AArch64 mixed1
{ uint64_t x; 0:X2=x; 0:X1=1; }
 P0           ;
 STRB W1,[X2] ;
 LDR W0,[X2]  ;
exists (0:X0=1)
END
refused mixed1 "5:2: illegal mixed-size test: x accessed with 1 and 4 bytes (herd7 7.58 refuses a test whose accesses to a location differ in size)"
# a path no execution takes may use another size (herd7: Never)
cat > "$tmp/untaken.litmus" <<'END'
AArch64 untaken
{ uint64_t x; 0:X2=x; 1:X2=x; 1:X4=0; }
 P0          | P1          ;
 LDR W0,[X2] | CBZ X4,L0   ;
             | LDR X0,[X2] ;
             | L0:         ;
exists (1:X0=1)
END
"$LITMUSLAB" model "$tmp/untaken.litmus" 2>&1 | grep -q '^Observation untaken Never 0 1$' ||
    { echo "model_a64_refusals: untaken: not Never 0 1"; fail=1; }
cat > "$tmp/between.litmus" <<'END'
AArch64 between
{ int x[2]; 0:X0=x[1]; }
 P0          ;
 LDR W1,[X0] ;
exists (0:X1=0)
END
refused between "2:13: x[1] is the address x+1, between elements of 4 bytes (herd7 reads x[i] in the init block as x+i bytes): a mixed-size test, which herd7 7.58 refuses"
# what herd7 answers and the model does not: refused, not answered wrong
# herd7's mixed-size mode (its M001: a word stored into a byte array
# writes four bytes), asked for in the test or by -variant mixed
cat > "$tmp/bytes.litmus" <<'END'
AArch64 bytes
Variant=mixed
{ uint8_t t[4]; 0:X2=t; 0:X0=-1; }
 P0          ;
 STR W0,[X2] ;
locations [t;]
END
refused bytes "5:2: a 4-byte access to t (a 1-byte location) in herd7's mixed-size mode (variant mixed): mixed-size accesses are not supported"
sed '/^Variant/d' "$tmp/bytes.litmus" > "$tmp/bytes2.litmus"
"$LITMUSLAB" model -variant sc,mixed "$tmp/bytes2.litmus" > "$tmp/out" 2> "$tmp/err"
grep -q "^$tmp/bytes2.litmus:4:2: a 4-byte access to t (a 1-byte" "$tmp/err" ||
    { echo "model_a64_refusals: -variant mixed: not refused"; fail=1; }
# a loop on values no read made that never ends (herd7 7.58 follows
# such a branch past -unroll and overflows its stack)
cat > "$tmp/endless.litmus" <<'END'
AArch64 endless
{ }
 P0           ;
 MOV W0,#1    ;
L0:           ;
 CBNZ W0,L0   ;
exists (0:X0=1)
END
refused endless "6:2: a loop on values no read made runs more than 4096 instructions"
# without the mode, herd7 7.58 keeps the low byte: t={255,0,0,0}
"$LITMUSLAB" model "$tmp/bytes2.litmus" 2>&1 | sed -n 3p | grep -qx 't={255,0,0,0};' ||
    { echo "model_a64_refusals: bytes2: not herd7's t={255,0,0,0};"; fail=1; }
cat > "$tmp/blr.litmus" <<'END'
AArch64 blr
{ 0:X1=P1:L1; }
 P0     | P1        ;
 BLR X1 | B L2      ;
        |L1:        ;
        | MOV W0,#1 ;
        | RET       ;
        |L2:        ;
locations [0:X0;]
END
refused blr "4:2: BLR to another thread's code, which herd7 7.58 runs on this thread before returning, is not supported"
cat > "$tmp/code.litmus" <<'END'
AArch64 code
{ 0:X8=P1:L0; }
 P0          | P1    ;
 LDR W1,[X8] | B L1  ;
             | L0:   ;
             | NOP   ;
             | L1:   ;
locations [0:X1;]
END
refused code "4:2: an access to code (label:\"P1:L0\"): herd7's instruction values are not supported"
cat > "$tmp/whole.litmus" <<'END'
AArch64 whole
{ int64_t v[2]={22,44}; 0:X2=v; }
 P0          ;
 LDR X0,[X2] ;
forall (v=22)
END
# a number compared with a whole array: never equal, as herd7 7.58
# compares {22,44} with 22 (herd7's A128); the array shown whole
"$LITMUSLAB" model "$tmp/whole.litmus" 2>&1 | sed -n '3p;4p;7p' | tr '\n' '|' |
    grep -qx 'v={22,44};|No|Condition forall (\[v\]=22)|' ||
    { echo "model_a64_refusals: whole: not herd7's v={22,44}; No"; fail=1; }
# an array in locations is shown whole, as herd7 7.58 shows it (and an
# element the condition names, as itself)
cat > "$tmp/wl.litmus" <<'END'
AArch64 wl
{ int x[2]={1,2}; int y[2]={3,4}; 0:X2=x; }
 P0             ;
 LDR W0,[X2]    ;
 STR W0,[X2,#4] ;
locations [x;y;]
forall (y[0]=3)
END
"$LITMUSLAB" model "$tmp/wl.litmus" 2>&1 | sed -n 3p | grep -qx 'x={1,1}; y={3,4}; y\[0\]=3;' ||
    { echo "model_a64_refusals: wl: not herd7's x={1,1}; y={3,4}; y[0]=3;"; fail=1; }
# operations on an address herd7 7.58 refuses ("Illegal operation & on
# constants x and 0", "mask32 on x", "mask08 on x"): x & 0, a 32-bit copy,
# sign extension and store of an address (A64+address-ops has those it
# answers)
n=0
for c in "AND X5,X2,#0|& on x and 0" "MOV W5,W2|mask32 on x" \
         "SXTW X5,W2|mask32 on x" "STRB W2,[X3]|mask08 on x"; do
    n=$((n + 1))
    printf 'AArch64 addr%d\n{ uint64_t y; 0:X2=x; 0:X3=y; }\n P0 ;\n %s ;\nexists (0:X2=x)\n' \
        "$n" "${c%%|*}" > "$tmp/addr$n.litmus"
    refused "addr$n" "4:2: illegal operation ${c#*|} (herd7 refuses the test)"
done
# ... on an address read from memory (p holds x) as on a constant: the
# test is refused (the run was dead and the test answered); where P0
# reads its own 5 instead (CoWR forbids the initial x) herd7 computes on
# it and answers: litmus/aarch64/A64+illegal-ops-int-read. One class of
# herd7's failures each: its name and the operands as herd7 shows them.
m=0
while IFS='|' read -r ins why; do
    m=$((m + 1))
    printf 'AArch64 read%d\n{ uint64_t p=x; uint64_t y; 0:X1=p; 0:X4=1; 0:X6=y; }\n P0 ;\n LDR X2,[X1] ;\n %s ;\nexists (0:X2=x)\n' \
        "$m" "$ins" > "$tmp/read$m.litmus"
    refused "read$m" "5:2: illegal operation $why (herd7 refuses the test)"
done <<'END'
AND W3,W2,#1|mask32 on x
EOR X3,X2,#1|^ on x and 1
SUB X3,X4,X2|- on 1 and x
ADD X3,X2,X2|+ on x and x
MVN X3,X2|~ on x
LSL X3,X2,#1|<<< on x and 1
ADD X3,X4,X2,LSL #1|<<[1] on x
ADD X3,X4,X2,ASR #2|sxt64 on x
ADD X3,X4,W2,UXTW|mask32 on x
MUL X3,X2,X4|* on x and 1
CMP X2,#1|readbit63 on x+-1
ADDS X3,X2,#1|readbit63 on x+1
TBZ X2,#0,.+4|readbit0 on x
MOVK X2,#1|andnot2 on x and 65535
UBFM X3,X2,#0,#7|&[0xff] on x
REV X3,X2|rev-64-64 on x
ABS X3,X2|sxt64 on x
EXTR X3,X2,X4,#8|<<[56] on x
MSR NZCV,X2|>>>[28] on x
STRH W2,[X6]|mask16 on x
LDR X3,[X2,X2]|+ on x and x
LDEOR X2,X3,[X6]|^ on 0 and x
LDEOR X4,X3,[X1]|^ on x and 1
LDSMAX X2,X3,[X6]|sxt64 on x
SWP W2,W3,[X6]|mask32 on x
CAS W2,W4,[X6]|mask32 on x
END
# a 32-bit load of a location holding an address (herd7's mask32 of it)
cat > "$tmp/mask32.litmus" <<'END'
AArch64 mask32
{ int *p = &x; int x=1; 0:X2=p; }
 P0          ;
 LDR W0,[X2] ;
locations [0:X0;]
END
refused mask32 "4:2: illegal operation mask32 on x (herd7 refuses the test)"
# herd7 refuses where the model accepts an execution that meets it (no
# DMB LD: P0 may read y=1, then p's initial x), not where MP forbids it
# (litmus/aarch64/A64+mp-illegal-op-forbidden: answered)
sed -e 's/ DMB LD       | DMB ST      ;/ NOP          | DMB ST      ;/' \
    litmus/aarch64/A64+mp-illegal-op-forbidden.litmus > "$tmp/mp.litmus"
refused mp "10:2: illegal operation mask32 on x (herd7 refuses the test)"
# an access at an address a read moved inside a location (y+1): herd7
# refuses the test before its model ("mixed-size test rejected (symbol
# [y+1])"), here where only the initial 5, which CoWR forbids after the
# write of 4, gives it (the run was dead and the test answered); with 5
# read, that message and not the illegal one of the address read
cat > "$tmp/off.litmus" <<'END'
AArch64 off
{ uint64_t p=5; uint64_t y; 0:X1=p; 0:X5=4; 0:X6=y; }
 P0           ;
 STR X5,[X1]  ;
 LDR X2,[X1]  ;
 AND X4,X2,#1 ;
 ADD X4,X4,X6 ;
 STR X5,[X4]  ;
locations [y;]
END
refused off "8:2: mixed-size access to y+1, inside y (8 bytes)"
sed -e 's/p=5/p=x/; s/X5=4/X5=5/' "$tmp/off.litmus" > "$tmp/off2.litmus"
refused off2 "8:2: mixed-size access to y+1, inside y (8 bytes)"
[ $fail = 0 ] && echo "model_a64_refusals: $((n + m + 12)) refusals and 4 answers as herd7 7.58"
exit $fail
