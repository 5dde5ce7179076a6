#!/bin/sh
# compare_oversub.sh — hardware runs with more threads than PUs, on
# hand-made logs (tests/e2e/oversub/): machine m1 (2 PUs) runs SB
# normally and IRIW, IRIW+syncs and WRC oversubscribed (hwrun's
# `Oversubscribed N threads on 2 PUs` line); m2 (4 PUs) runs WRC normally.
# IRIW's allowed state, missed only by an oversubscribed run, is
# `oversubscribed-unseen`, not `allowed-unseen`, and not in the Ok/No
# count; WRC's is `allowed-unseen` (m2's run is evidence), with m1's cell
# flagged; IRIW+syncs's forbidden state seen in an oversubscribed run is
# still the alarm (exit 1). Exact bytes of tests.csv, outcomes.csv and the
# text and Markdown tables; then the same logs without the line (judged
# from the Topology) and on 4 PUs (a normal run: evidence again).
set -u
: "${LITMUSLAB:?}"
d=tests/e2e/oversub
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
say() { echo "compare_oversub: $*"; fail=1; }

run() { # $1: m1's log, $2: output dir, $3: table format
  "$LITMUSLAB" compare --model $d/model.log --hw m1="$1" --hw m2=$d/m2.log \
    -o "$2" --table "$3" >"$2.stdout" 2>"$2.stderr"
}
same() { # $1: expected, $2: actual
  cmp -s "$1" "$2" || { say "$2 differs from $1"; diff "$1" "$2"; }
}

run $d/m1.log "$out/t" text
status=$?
[ $status = 1 ] || say "exit status $status, expected 1 (IRIW+syncs's alarm)"
[ -s "$out/t.stderr" ] && say "stderr: $(cat "$out/t.stderr")"
same $d/expected-tests.csv "$out/t/tests.csv"
same $d/expected-outcomes.csv "$out/t/outcomes.csv"
same $d/expected-table.txt "$out/t/table.txt"
run $d/m1.log "$out/m" markdown
same $d/expected-table.md "$out/m/table.md"
for line in '"tests Ok/No",2' '"tests oversubscribed-unseen",1' \
  '"outcomes oversubscribed-unseen",1' '"tests forbidden-seen",1' \
  '"oversubscribed entries (threads>PUs)",3'; do
  grep -qx "$line" "$out/t/summary.csv" || say "summary.csv lacks $line"
done
grep -q '"name":"IRIW","fam":"IRIW","st":"oversubscribed-unseen",.*"m":\[\[0,1000,"0/1k",0,"oversubscribed: 4 threads on 2 PUs"\]' \
  "$out/t/report.html" || say "report.html: IRIW not marked oversubscribed"
grep -q '<b>1</b> Ok/No run only oversubscribed' "$out/t/report.html" ||
  say "report.html: no count of Ok/No tests run only oversubscribed"

# An older log with no Oversubscribed line: the Topology's 2 PUs against
# the 4 threads IRIW's states name decide the same.
grep -v '^Oversubscribed ' $d/m1.log >"$out/old.log"
run "$out/old.log" "$out/o" text
grep -qx 'IRIW,.*,oversubscribed-unseen' "$out/o/tests.csv" ||
  say "no Oversubscribed line: IRIW is not oversubscribed-unseen"
grep -q '"oversubscribed entries' "$out/o/summary.csv" &&
  say "no Oversubscribed line, yet entries counted as marked"

# On 4 PUs the run is evidence: IRIW is allowed-unseen and an Ok/No.
sed 's/ 2 cores, 2 PUs$/ 4 cores, 4 PUs/' "$out/old.log" >"$out/big.log"
run "$out/big.log" "$out/b" text
grep -qx 'IRIW,.*,allowed-unseen' "$out/b/tests.csv" ||
  say "4 PUs: IRIW is not allowed-unseen"
grep -qx '"tests Ok/No",3' "$out/b/summary.csv" || say "4 PUs: Ok/No is not 3"
grep -q 'oversubscribed' "$out/b/table.txt" && say "4 PUs: a cell flagged"

[ $fail = 0 ] && echo "compare_oversub: ok"
exit $fail
