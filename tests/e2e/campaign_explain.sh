#!/bin/sh
# campaign_explain.sh — a campaign explains each alarm and each
# allowed-unseen state (model --explain) in DIR/explanations, and
# report.html links them. Hardware here is a hand-written log: MP's
# forbidden 1:rax=1; 1:rbx=0 seen 10 times (the alarm), SB's allowed
# 0:rax=0; 1:rax=0 never seen.
: "${LITMUSLAB:?}"
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
mkdir "$tmp/t"
cp "$here/litmus/x86/MP.litmus" "$here/litmus/x86/SB.litmus" "$tmp/t/"
cat > "$tmp/hw.log" <<'END'
Test MP Allowed
Histogram (4 states)
10    *>1:rax=1; 1:rbx=0;
500   :>1:rax=0; 1:rbx=0;
400   :>1:rax=1; 1:rbx=1;
90    :>1:rax=0; 1:rbx=1;
Ok

Witnesses
Positive: 10, Negative: 990
Condition exists (1:rax=1 /\ 1:rbx=0) is validated
Observation MP Sometimes 10 990
Time MP 0.01

Test SB Allowed
Histogram (3 states)
500   :>0:rax=0; 1:rax=1;
400   :>0:rax=1; 1:rax=0;
100   :>0:rax=1; 1:rax=1;
No

Witnesses
Positive: 0, Negative: 1000
Condition exists (0:rax=0 /\ 1:rax=0) is not validated
Observation SB Never 0 1000
Time SB 0.01

END
"$LITMUSLAB" campaign "$tmp/t" --from-logs "$tmp/hw.log" -o "$tmp/out" \
  > "$tmp/stdout" 2> "$tmp/stderr"
rc=$?
[ "$rc" = 1 ] || { echo "campaign: exit $rc, expected 1 (an alarm)"; fail=1; }
ex=$tmp/out/explanations
printf 'forbidden-seen\tMP\t1:rax=1; 1:rbx=0;\texplanations/MP/1_rax=1_1_rbx=0.txt\nallowed-unseen\tSB\t0:rax=0; 1:rax=0;\texplanations/SB/0_rax=0_1_rax=0.txt\n' \
  > "$tmp/want"
cmp -s "$tmp/want" "$ex/index.txt" ||
  { echo "index: FAILED"; diff "$tmp/want" "$ex/index.txt"; fail=1; }
head -n 1 "$ex/MP/1_rax=1_1_rbx=0.txt" > "$tmp/got"
echo 'Test MP, 1:rax=1 /\ 1:rbx=0: forbidden by x86-TSO: 1 candidate execution reaches it, each rejected.' \
  > "$tmp/want"
cmp -s "$tmp/want" "$tmp/got" || { echo "MP text: FAILED"; cat "$tmp/got"; fail=1; }
grep -qF '  rejected by tso (acyclic): a -ppo-> b -rfe-> c -ppo-> d -fr-> a' \
  "$ex/MP/1_rax=1_1_rbx=0.txt" || { echo "MP: no tso cycle"; fail=1; }
grep -qF 'allowed by x86-TSO' "$ex/SB/0_rax=0_1_rax=0.txt" ||
  { echo "SB text: FAILED"; fail=1; }
grep -qF 'label="fr"' "$ex/SB/0_rax=0_1_rax=0.dot" ||
  { echo "SB dot: FAILED"; fail=1; }
# report.html: both states carry their link (the svg flag when dot ran)
svg=0
command -v dot >/dev/null 2>&1 && svg=1
for e in "[\"1:rax=1; 1:rbx=0;\",0,1,10,\"explanations/MP/1_rax=1_1_rbx=0\",$svg]" \
         "[\"0:rax=0; 1:rax=0;\",1,1,0,\"explanations/SB/0_rax=0_1_rax=0\",$svg]" \
         '["0:rax=0; 1:rax=1;",1,0,500]' 'function explained(t)'; do
  grep -qF "$e" "$tmp/out/report.html" || { echo "report.html: no $e"; fail=1; }
done
grep -qF "$tmp/out/explanations/index.txt" "$tmp/stdout" ||
  { echo "summary: no explanations line"; fail=1; }
# compare alone (no explanations next to it): no links
"$LITMUSLAB" compare --model "$tmp/out/model.log" --hw "$tmp/hw.log" \
  -o "$tmp/cmp" > /dev/null 2>&1
grep -qF '["1:rax=1; 1:rbx=0;",0,1,10]' "$tmp/cmp/report.html" ||
  { echo "compare alone: unexpected link"; fail=1; }
exit $fail
