#!/bin/sh
# compare_hw_only.sh — a test with hardware runs but no model entry keeps
# its hits (issue 29, item 4): its condition is the one its hardware log
# states, so tests.csv, the table and the machine's total count its
# `Positive: 714k`, not 0/1M.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "compare_hw_only: $*"; exit 1; }

cat >"$tmp/model.log" <<'EOF'
Test MP Allowed
States 3
1:rax=0; 1:rbx=0;
1:rax=0; 1:rbx=1;
1:rax=1; 1:rbx=1;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (1:rax=1 /\ 1:rbx=0)
Observation MP Never 0 3
Time MP 0.00

EOF
cat >"$tmp/box.log" <<'EOF'
Test MP Allowed
Histogram (1 states)
1000000:>1:rax=1; 1:rbx=1;
No

Witnesses
Positive: 0, Negative: 1000000
Condition exists (1:rax=1 /\ 1:rbx=0) is NOT validated
Observation MP Never 0 1000000
Machine x86_64 box

Test SB Allowed
Histogram (3 states)
714000*>0:rax=0; 1:rax=0;
200000:>0:rax=0; 1:rax=1;
86000 :>0:rax=1; 1:rax=0;
Ok

Witnesses
Positive: 714000, Negative: 286000
Condition exists (0:rax=0 /\ 1:rax=0) is validated
Observation SB Sometimes 714000 286000
Machine x86_64 box

EOF
"$LITMUSLAB" compare --model "$tmp/model.log" --hw "$tmp/box.log" -o "$tmp/r" \
  --table text >"$tmp/out" 2>"$tmp/err" || fail "compare: exit $?: $(cat "$tmp/err")"
grep -q '^SB,"exists (0:rax=0 /\\ 1:rax=0)",,Ok,714000,1000000,hw-only$' "$tmp/r/tests.csv" ||
  fail "tests.csv: $(grep '^SB' "$tmp/r/tests.csv")"
grep -q '^  SB   -      714k/1M (714000/M) *$' "$tmp/out" || fail "table: $(grep '^  SB' "$tmp/out")"
grep -q '^total x86_64 box: 714000/2000000 over 2 tests$' "$tmp/out" ||
  fail "total: $(grep '^total' "$tmp/out")"
echo "compare_hw_only: ok"
