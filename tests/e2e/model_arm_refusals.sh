#!/bin/sh
# model_arm_refusals.sh — 32-bit ARM forms that herd7 7.58 does not read
# (its parser refuses the test, or an assertion stops it) although the
# CPU runs them: the reader takes them (`parse` prints them, hwrun runs
# them: tests/hwcross/ALL-arm.litmus), the model refuses the test with
# one FILE:LINE:COL line naming the form, exit 2, whether or not a run
# reaches the instruction (here after `B L9`). model/sem/arm_forms.c.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
while IFS='|' read -r instr why; do
  n=$((n+1))
  f=$tmp/t$n.litmus
  printf 'ARM t%s\n{ 0:R1=x; 0:R2=0; }\n P0 ;\n B L9 ;\n %s ;\n L9: ;\nexists (0:R1=0)\n' \
    "$n" "$instr" > "$f"
  "$LITMUSLAB" parse "$f" > /dev/null 2>&1 ||
    { echo "model_arm_refusals: parse refuses $instr"; fail=1; }
  "$LITMUSLAB" model "$f" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  want="$f:5:2: herd7 7.58 does not read '$instr' ($why), so the model refuses the test; hwrun runs it"
  if [ $rc != 2 ] || [ "$(cat "$tmp/err")" != "$want" ] || [ -s "$tmp/out" ]; then
    echo "model_arm_refusals: $instr: exit $rc, message:"; cat "$tmp/err"
    echo "  want: $want"; fail=1
  fi
done <<'END'
ORR R3,R1,R2|it reads ORR Rd,Rn,#k only
EOR R3,R1,#1|it reads EOR, EORS and XOR Rd,Rn,Rm only
EORS R3,R1,#1|it reads EOR, EORS and XOR Rd,Rn,Rm only
AND R3,R1,R2|it reads AND and ANDS Rd,Rn,#k only
ANDS R3,R1,R2|it reads AND and ANDS Rd,Rn,#k only
ANDEQ R3,R1,#1|it reads ANDEQ Rd,Rn,Rm only
LDREQ R3,[R1,#4]|it reads a conditional load or store of [Rn] or [Rn,Rm] only
LDRNE R3,[R1,#0]|it reads a conditional load or store of [Rn] or [Rn,Rm] only
STREQ R3,[R1,R2,LSL #2]|it reads a conditional load or store of [Rn] or [Rn,Rm] only
STR R3,[R1,#0]|it reads STR of [Rn], [Rn,Rm] and [Rn,Rm,LSL #k] only
LDRD R4,R5,[R1,R2]|it reads LDRD of [Rn] and [Rn,#k] only
LDM R1,{R4}|it reads 2 or 3 registers
LDMIB R1,{R4,R5,R6}|it reads 2 registers
POP {R4,R5,R6}|it reads 1 or 2 registers
DMB ISHLD|its ARM has no load barrier option, ARMv8's
DSB LD|its ARM has no load barrier option, ARMv8's
NOP|its ARM has none; ANDEQ R0,R0,R0 is its no-op
MOVT R3,#65535|it stops on an assertion above #65534
END
# the forms herd7 reads beside them are answered
printf 'ARM ok\n{ int x[3]; 0:R1=1; 0:R2=0; 0:R7=x; }\n P0 ;\n ORR R3,R1,#1 ;\n EOR R3,R1,R2 ;\n ANDS R3,R1,#1 ;\n ANDEQ R3,R1,R2 ;\n LDREQ R3,[R7,R2] ;\n LDR R3,[R7,#0] ;\n STR R3,[R7,R2,LSL #2] ;\n LDM R7,{R4,R5,R6} ;\n PUSH {R4,R5} ;\n DMB ISHST ;\n MOVW R3,#65534 ;\nexists (0:R3=65534)\n' > "$tmp/ok.litmus"
"$LITMUSLAB" model "$tmp/ok.litmus" 2>&1 | grep -q '^Observation ok Always 1 0$' ||
  { echo "model_arm_refusals: the forms herd7 reads:"; "$LITMUSLAB" model "$tmp/ok.litmus"; fail=1; }
[ $fail = 0 ] && echo "model_arm_refusals: $n forms refused, the others answered"
exit $fail
