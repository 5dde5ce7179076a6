#!/bin/sh
# model_fidelity.sh — mk/model-fidelity.sh (make fidelity-check) on a
# small reference tree made here: a catalogue folder whose kinds.txt names
# two of our AArch64 tests with herd7's verdicts (one entry wrong on
# purpose, one without a file) and a folder with an ARM test and its
# expected herd7 entry. Checks the summary lines, the disagreement lines
# and the exit status (1: something disagrees; 0 once it all agrees).
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_fidelity: $*"; exit 1; }
ref=$tmp/ref
mkdir -p "$ref/cat/tests" "$ref/instr"
cp litmus/aarch64/MP+rel+csel-addr.litmus litmus/aarch64/LB+rel+csel-addr.litmus \
   "$ref/cat/tests/"
printf '%s\n' '# verdicts' 'MP+rel+csel-addr   Allow' \
    'LB+rel+csel-addr   Allowed' 'Absent Forbid' > "$ref/cat/tests/kinds.txt"
cat > "$ref/instr/T1.litmus" <<'T'
ARM T1
{ 0:R2=5; }
P0;
ADD R1, R2, #3;
forall (0:R1=8)
T
cat > "$ref/instr/T1.litmus.expected" <<'T'
Test T1 Required
States 1
0:R1=8;
Ok
Witnesses
Positive: 1 Negative: 0
Condition forall (0:R1=8)
Observation T1 Always 1 0

T
sh mk/model-fidelity.sh "$LITMUSLAB" "$ref" > "$tmp/out" 2>&1
st=$?
[ $st = 1 ] || { cat "$tmp/out"; fail "exit $st with a wrong verdict, expected 1"; }
grep -qx 'cat/tests: 3 tests in kinds.txt: 1 agree (verdict), 1 differ, 1 without a test file' "$tmp/out" ||
    { cat "$tmp/out"; fail "kinds summary"; }
grep -qx '  differ: LB+rel+csel-addr herd7 Allowed, ours Forbidden' "$tmp/out" ||
    { cat "$tmp/out"; fail "no differ line for LB+rel+csel-addr"; }
grep -qx '  missing: Absent (no Absent.litmus)' "$tmp/out" ||
    { cat "$tmp/out"; fail "no missing line"; }
grep -q '^instr: 1 tests in herd7.s log: 1 agree (verdict and states), 0 differ' "$tmp/out" ||
    { cat "$tmp/out"; fail "expected-output summary"; }

printf '%s\n' 'MP+rel+csel-addr Allowed' 'LB+rel+csel-addr Forbidden' \
    > "$ref/cat/tests/kinds.txt"
sh mk/model-fidelity.sh "$LITMUSLAB" "$ref" > "$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "exit $? when everything agrees"; }
grep -qx 'cat/tests: 2 tests in kinds.txt: 2 agree (verdict), 0 differ, 0 without a test file' "$tmp/out" ||
    { cat "$tmp/out"; fail "summary when everything agrees"; }

sh mk/model-fidelity.sh "$LITMUSLAB" "$tmp/none" > "$tmp/out" 2>&1
[ $? = 2 ] || fail "a missing folder is not a usage error"
echo "model_fidelity: ok"
