#!/bin/sh
# hwrun_a64_encoding.sh — AArch64 operands herd7 7.58 reads that the CPU
# has no encoding for (an immediate out of its field, a shift beyond the
# register, an offset neither scaled nor in LDUR's range, a writeback of
# LDNP, CSET of AL, register 31 where it is SP...) are refused by `hwrun
# --check`, each with its FILE:LINE:COL reason, rather than left to the
# cross assembler; the forms on either side of each limit are taken.
# The same for a register overlap the Arm ARM leaves unpredictable (a
# writeback to a data register, LDP of one register twice, STXR's status
# in its data or base), where herd7 gives one answer.
# Then, when the tools are here: the C of every form taken, compiled by
# the AArch64 cross compiler, assembles with no warning; and GNU as
# refuses, or warns about, each refused instruction (hwrun refuses no
# more than the CPU's limits).
# A missing cross compiler or assembler skips that part (named).
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_a64_encoding: $*"; exit 1; }
# INSTRUCTION|the refusal after "FILE:4:2: " (empty: taken)
cat >"$tmp/forms" <<'EOF'
ADD W0,W2,W3,LSL #31|
ADD W0,W2,W3,LSL #32|'ADD' shifted by 32 is herd7's form (no CPU encoding: a 32-bit register shifts by 0 to 31); hwrun cannot run it
ORR X0,X2,X3,ROR #63|
BIC W0,W2,W3,ASR #32|'BIC' shifted by 32 is herd7's form (no CPU encoding: a 32-bit register shifts by 0 to 31); hwrun cannot run it
NEG W0,W3,LSL #32|'NEG' shifted by 32 is herd7's form (no CPU encoding: a 32-bit register shifts by 0 to 31); hwrun cannot run it
ADD X0,X4,W3,UXTB #4|
ADD W0,W2,X3,UXTB|'ADD' of an X register extended is herd7's form (no CPU encoding: a 32-bit operation extends a W register); hwrun cannot run it
ADD X0,XZR,W3,UXTB|'ADD' of an immediate or an extended register reads register 31 as SP, not XZR as herd7 does; hwrun cannot run it
ADD X0,XZR,#1|'ADD' of an immediate or an extended register reads register 31 as SP, not XZR as herd7 does; hwrun cannot run it
ADD XZR,X2,#1|'ADD' of an immediate or an extended register reads register 31 as SP, not XZR as herd7 does; hwrun cannot run it
ADDS XZR,X2,#1|
ADD W0,W2,#4095|
ADD W0,W2,#-4095|
ADD W0,W2,#4096|
ADD W0,W2,#4097|'ADD' of 4097 is herd7's form (no CPU encoding: an ADD or SUB immediate is 12 bits, shifted left by 0 or 12); hwrun cannot run it
SUB X0,X2,#16773120|
SUB X0,X2,#16777216|'SUB' of 16777216 is herd7's form (no CPU encoding: an ADD or SUB immediate is 12 bits, shifted left by 0 or 12); hwrun cannot run it
ADDS W0,W2,#1,LSL #16|'ADDS' of 1,LSL #16 is herd7's form (no CPU encoding: an ADD or SUB immediate is 12 bits, shifted left by 0 or 12); hwrun cannot run it
CMP X3,#-4095|
CMP X3,#-4097|'CMP' of -4097 is herd7's form (no CPU encoding: an ADD or SUB immediate is 12 bits, shifted left by 0 or 12); hwrun cannot run it
AND W0,W2,#-2|
AND W0,W2,#-4294967294|
AND W0,W2,#8589934590|'AND' of 8589934590 is herd7's form (no CPU encoding: a logical immediate is a repeated, rotated run of ones); hwrun cannot run it
AND W0,W2,#5|'AND' of 5 is herd7's form (no CPU encoding: a logical immediate is a repeated, rotated run of ones); hwrun cannot run it
TST W2,#0|'TST' of 0 is herd7's form (no CPU encoding: a logical immediate is a repeated, rotated run of ones); hwrun cannot run it
MOV W0,#-65536|
MOV W0,#65535|
MOV W0,#-2147483649|
MOV X0,#6148914691236517205|
MOV W0,#1431655765|
MOV W0,#305419896|'MOV' of 305419896 is herd7's form (no CPU encoding: a MOV immediate is a halfword or its complement, unshifted, or a logical immediate; MOVZ and MOVK make any); hwrun cannot run it
MOV X0,#4294967297|
MOV X0,#4294967299|'MOV' of 4294967299 is herd7's form (no CPU encoding: a MOV immediate is a halfword or its complement, unshifted, or a logical immediate; MOVZ and MOVK make any); hwrun cannot run it
MOVK X0,#3,LSL #48|
LSL W0,W4,#31|
LSL W0,W4,#63|'LSL' by 63 of a 32-bit register is herd7's form (no CPU encoding); hwrun cannot run it
ROR X0,X4,#64|'ROR' by 64 of a 64-bit register is herd7's form (no CPU encoding); hwrun cannot run it
UBFM W0,W4,#31,#0|
SBFM W0,W4,#32,#0|'SBFM' of bit 32 of a 32-bit register is herd7's form (no CPU encoding); hwrun cannot run it
EXTR W0,W4,W3,#32|'EXTR' of bit 32 of a 32-bit register is herd7's form (no CPU encoding); hwrun cannot run it
TBZ W4,#40,L0|'TBZ' of bit 40 of a 32-bit register is herd7's form (no CPU encoding); hwrun cannot run it
CSEL W0,W2,W3,AL|
CSET W0,AL|'CSET' of AL is herd7's form (no CPU encoding: CSET, CSETM and CINC take a condition other than AL); hwrun cannot run it
CINC X0,X2,AL|'CINC' of AL is herd7's form (no CPU encoding: CSET, CSETM and CINC take a condition other than AL); hwrun cannot run it
LDR W0,[X1,#16380]|
LDR W0,[X1,#255]|
LDR W0,[X1,#-256]|
LDR W0,[X1,#257]|'LDR' at offset 257 is herd7's form (no CPU encoding: a 4-byte access's offset is -256 to 255, or a multiple of 4 from 0 to 16380); hwrun cannot run it
LDRB W0,[X1,#4096]|'LDRB' at offset 4096 is herd7's form (no CPU encoding: a 1-byte access's offset is -256 to 255, or a multiple of 1 from 0 to 4095); hwrun cannot run it
STR X3,[X1,#-264]|'STR' at offset -264 is herd7's form (no CPU encoding: a 8-byte access's offset is -256 to 255, or a multiple of 8 from 0 to 32760); hwrun cannot run it
STUR X3,[X1,#256]|'STUR' at offset 256 is herd7's form (no CPU encoding: LDUR and STUR take -256 to 255); hwrun cannot run it
LDR W0,[X1,#0]!|
STR W3,[X1],#-256|
LDRH W0,[X1,#256]!|'LDRH' writing back 256 is herd7's form (no CPU encoding: a writeback is -256 to 255); hwrun cannot run it
LDR X0,[X1,X6,LSL #3]|
LDR W0,[X1,X6,LSL #3]|'LDR' of an index shifted by 3 is herd7's form (no CPU encoding: a 4-byte access's index shifts by 0 or 2); hwrun cannot run it
LDRB W0,[X1,X6,LSL #1]|'LDRB' of an index shifted by 1 is herd7's form (no CPU encoding: a 1-byte access's index shifts by 0); hwrun cannot run it
LDR W0,[X1,W6,SXTW #2]|
LDR W0,[X1,W6]|'LDR' of a W index shifted or unextended is herd7's form (no CPU encoding: a W index is extended by UXTW or SXTW, an X index by LSL or SXTX); hwrun cannot run it
LDP X0,X10,[X1,#504]|
LDP W0,W10,[X1,#-256]!|
LDP X0,X10,[X1,#512]|'LDP' at offset 512 is herd7's form (no CPU encoding: a pair of 8-byte accesses is at a multiple of 8 from -512 to 504); hwrun cannot run it
STP W2,W3,[X1],#6|'STP' writing back 6 is herd7's form (no CPU encoding: a pair of 4-byte accesses is at a multiple of 4 from -256 to 252); hwrun cannot run it
LDNP X0,X10,[X1,#8]|
LDNP W0,W10,[X1],#8|'LDNP' with writeback is herd7's form (no CPU encoding: LDNP and STNP write no base register back); hwrun cannot run it
LDR X2,[X1],#8|
LDR X1,[X1],#8|'LDR' writes back to its data register X1: the CPU's result is unpredictable (herd7 gives one); hwrun cannot run it
STP X2,X1,[X1,#16]!|'STP' writes back to its data register X1: the CPU's result is unpredictable (herd7 gives one); hwrun cannot run it
LDP X0,X0,[X1]|'LDP' loads both halves of the pair into X0: the CPU's result is unpredictable (herd7 gives one); hwrun cannot run it
STXR W3,W2,[X1]|
STXR W2,W2,[X1]|'STXR' writes its status to its data register W2: the CPU's result is unpredictable (herd7 gives one); hwrun cannot run it
STXR W1,W2,[X1]|'STXR' writes its status to its base register W1: the CPU's result is unpredictable (herd7 gives one); hwrun cannot run it
HINT #0|
B.NONE L0|
B.TSTOP L0|
EOF
n=0
while IFS='|' read -r ins want; do
  n=$((n+1)); f=$tmp/t$n.litmus
  printf 'AArch64 t%s\n{ uint64_t x[4]; 0:X1=x; 0:X2=2; 0:X3=3; 0:X4=4; 0:X6=1; }\n P0 ;\n %s ;\nL0: ;\nexists (0:X0=0)\n' \
    "$n" "$ins" >"$f"
  line=$("$LITMUSLAB" hwrun --check --bundle "$tmp/b" --target aarch64 "$f" 2>&1)
  if [ -z "$want" ]; then
    [ "$line" = "ok $f" ] || fail "$ins: $line"
    echo "$f" >>"$tmp/taken"
  else
    [ "$line" = "no $f: $f:4:2: $want" ] || fail "$ins: $line"
    echo "$ins" >>"$tmp/refused"
  fi
done <"$tmp/forms"

if command -v aarch64-linux-gnu-gcc >/dev/null; then
  # shellcheck disable=SC2046
  "$LITMUSLAB" hwrun --bundle "$tmp/b" --target aarch64 $(cat "$tmp/taken") \
    >/dev/null 2>"$tmp/err" || fail "bundle: $(head -n 3 "$tmp/err")"
  for c in "$tmp"/b/tests/*.c; do
    aarch64-linux-gnu-gcc -std=gnu11 -O2 -Wa,--fatal-warnings \
      -I"$tmp/b/harness" -c "$c" -o "$tmp/o" 2>"$tmp/err" ||
      fail "${c##*/} does not assemble: $(grep -m 1 -e Error -e Warning "$tmp/err")"
  done
else
  echo "hwrun_a64_encoding: SKIP assembling the forms taken: no aarch64-linux-gnu-gcc"
fi
if command -v aarch64-linux-gnu-as >/dev/null; then
  while read -r ins; do
    printf '%s\nL0:\n' "$ins" |
      aarch64-linux-gnu-as --fatal-warnings -o "$tmp/o" - 2>/dev/null &&
      fail "refused, yet GNU as assembles it with no warning: $ins"
  done <"$tmp/refused"
else
  echo "hwrun_a64_encoding: SKIP GNU as on the forms refused: no aarch64-linux-gnu-as"
fi
echo "hwrun_a64_encoding: ok ($(wc -l < "$tmp/taken") forms taken, $(wc -l < "$tmp/refused") refused)"
exit 0
