#!/bin/sh
# campaign_words.sh — what the campaign's reports say (issue 29, item 9):
# report.html's families carry the architecture (Power's MP+lwsyncs and
# x86's MP are MP@PPC and MP@X86_64, not one row of the heat map); the
# summary says why a test in the No/No table lists states the model
# allows but hardware never showed (they are not its condition's); and
# explanations/index.txt is announced only when it lists something.
# Hardware from a written log (--from-logs): the same every run.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "campaign_words: $*"; exit 1; }

hw() { # STATES...: an MP entry that saw these states, 1000 runs each
  printf 'Test MP Allowed\nHistogram (%d states)\n' $#
  for s in "$@"; do printf '1000  :>%s\n' "$s"; done
  printf 'No\n\nWitnesses\nPositive: 0, Negative: %d\n' $(($# * 1000))
  printf 'Condition exists (1:rax=1 /\\ 1:rbx=0) is NOT validated\n'
  printf 'Observation MP Never 0 %d\nMachine x86_64 box\n\n' $(($# * 1000))
}
hw '1:rax=1; 1:rbx=1;' >"$tmp/some.log"
"$LITMUSLAB" campaign litmus/x86/MP.litmus litmus/ppc/MP+lwsyncs.litmus \
  --from-logs "$tmp/some.log" -o "$tmp/r" -q >"$tmp/out" 2>"$tmp/err" ||
  fail "campaign: exit $?: $(cat "$tmp/err")"
[ "$(grep -o '"fam":"[^"]*"' "$tmp/r/report.html" | tr '\n' ' ')" = \
  '"fam":"MP@PPC" "fam":"MP@X86_64" ' ] ||
  fail "families: $(grep -o '"fam":"[^"]*"' "$tmp/r/report.html")"
grep -q '>MP@PPC</text>' "$tmp/r/report.html" && grep -q '>MP@X86_64</text>' "$tmp/r/report.html" ||
  fail "heat map rows: $(grep -o '<text x="0"[^<]*</text>' "$tmp/r/report.html")"
sed -n '/^Final states the model allows/,/^$/p' "$tmp/out" >"$tmp/got"
cat >"$tmp/want" <<'EOF2'
Final states the model allows but hardware never showed (2), with their test's class (a test that agrees has the verdict on its condition right: these are its other states, not the condition's):
  MP                                       1:rax=0; 1:rbx=0;        test agree
  MP                                       1:rax=0; 1:rbx=1;        test agree

EOF2
cmp -s "$tmp/want" "$tmp/got" || fail "unseen states: $(diff "$tmp/want" "$tmp/got")"
grep -q "^Reports: .*/report.html, $tmp/r/explanations/index.txt (2 states explained); logs: " "$tmp/out" ||
  fail "reports line: $(grep '^Reports' "$tmp/out")"

# every allowed state seen: nothing explained, no index announced
hw '1:rax=0; 1:rbx=0;' '1:rax=0; 1:rbx=1;' '1:rax=1; 1:rbx=1;' >"$tmp/all.log"
"$LITMUSLAB" campaign litmus/x86/MP.litmus --from-logs "$tmp/all.log" -o "$tmp/r2" -q \
  >"$tmp/out" 2>"$tmp/err" || fail "campaign 2: exit $?: $(cat "$tmp/err")"
grep -q 'explanations' "$tmp/out" && fail "an empty index announced: $(grep '^Reports' "$tmp/out")"
grep -q "^Reports: $tmp/r2/{tests,outcomes,summary}.csv, $tmp/r2/report.html; logs: $tmp/r2/model.log, and the logs given\$" "$tmp/out" ||
  fail "reports line 2: $(grep '^Reports' "$tmp/out")"
echo "campaign_words: ok"
