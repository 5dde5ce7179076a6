#!/bin/sh
# compare_robust.sh — compare on hostile logs: an empty state line, a
# state naming a register the test does not have, counts past 2^64-1, a
# negative count, an empty or garbage log, a flood of broken entries, a
# test name that is a spreadsheet formula, a report that cannot be written
# whole, and a test with many states. Each gets a message or a right
# answer, never a crash, a silent wrong answer or a flood. The big logs are
# generated here.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "compare_robust: $*"; [ -f "$tmp/err" ] && head -5 "$tmp/err"; exit 1; }
# the model's side: one test T, two states (shared with make bench-compare)
model=tests/e2e/data/compare-T.model.log
cmp_() { timeout -k 5 300 "$LITMUSLAB" compare "$@"; }

# hw LINES...: a litmus7 entry for T with these histogram lines.
hw() {
    echo "Test T Allow"
    echo "Histogram ($# states)"
    for l in "$@"; do echo "$l"; done
    printf 'Ok\n\n'
}

# An empty state (`5 :>`): no crash; it does not fit T, so the entry is
# skipped with FILE:LINE, not an alarm; as it was the log's only entry,
# the log gave nothing: exit 2.
hw '5       :>' '7       :> 0:r1=1; x=1;' > "$tmp/empty.log"
cmp_ --model "$model" --hw "$tmp/empty.log" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || fail "empty state: want exit 2, got $rc"
grep -q "empty.log:3: test T: state '' does not fit the test" "$tmp/err" ||
    fail "empty state: message"
grep -q "empty.log: no usable log entry: its only entry is broken" \
    "$tmp/err" || fail "empty state: no-entry message"
# exit 2: no report at all (so no alarm in one)
[ -e "$tmp/r/tests.csv" ] && fail "empty state: a report written"

# A register the test does not have (7:r9): malformed, FILE:LINE, no
# alarm (exit 2 only because it was the log's one entry).
hw '3       :> 0:r1=1; x=1;' '2       :> 0:r1=0; 7:r9=1; x=1;' > "$tmp/reg.log"
cmp_ --model "$model" --hw "$tmp/reg.log" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || fail "7:r9: want exit 2 (no alarm, no usable entry), got $rc"
grep -q "reg.log:4: test T: state '0:r1=0; 7:r9=1; \[x\]=1;' does not fit the test (its places: 0:r1 7:r9 x; the model's: 0:r1 x)" \
    "$tmp/err" || fail "7:r9: message"
grep -q 'malformed entries skipped *1$' "$tmp/out" || fail "7:r9: not counted"
[ -e "$tmp/r/summary.csv" ] && fail "7:r9: a report written"

# Counts past 2^64-1: kept at 2^64-1 and said, never wrapped to 1.
hw '18446744073709551615 :> 0:r1=1; x=1;' > "$tmp/big1.log"
hw '2       :> 0:r1=1; x=1;' > "$tmp/big2.log"
cmp_ --model "$model" --hw "$tmp/big1.log" --hw "$tmp/big2.log" \
    -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
grep -q "big2.log:1: test T: hardware counts pass 18446744073709551615" \
    "$tmp/err" || fail "overflow: message"
grep -q '^T,"0:r1=1; \[x\]=1;",yes,18446744073709551615,' \
    "$tmp/r/outcomes.csv" || fail "overflow: count: $(cat "$tmp/r/outcomes.csv")"
grep -q 'tests with counts kept at 2^64-1 *1$' "$tmp/out" ||
    fail "overflow: summary"

# A negative count is called so.
hw '-5      :> 0:r1=1; x=1;' > "$tmp/neg.log"
cmp_ --model "$model" --hw "$tmp/neg.log" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
grep -q "neg.log:3: negative count in '-5      :> 0:r1=1; x=1;'" "$tmp/err" ||
    fail "negative count: message"

# Empty, one-byte and garbage logs: an error, exit 2.
: > "$tmp/zero.log"
printf x > "$tmp/one.log"
yes 'no entry here' | head -n 100000 > "$tmp/junk.log"
for f in zero one junk; do
    cmp_ --model "$model" --hw "$tmp/$f.log" -o "$tmp/r" \
        > "$tmp/out" 2> "$tmp/err"
    [ $? = 2 ] || fail "$f.log: want exit 2"
    grep -q "$f.log: no log entry in this file" "$tmp/err" ||
        fail "$f.log: message"
done
cmp_ --model "$tmp/zero.log" --hw "$tmp/reg.log" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "empty model log: want exit 2"

# 100000 broken entries: 20 messages, a count, the log refused and nothing
# written; not 100000 lines.
yes 'Test X' | head -n 100000 > "$tmp/flood.log"
cmp_ --model "$model" --hw "$tmp/flood.log" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
[ "$(wc -l < "$tmp/err")" -le 23 ] || fail "flood: $(wc -l < "$tmp/err") lines"
grep -q "flood.log: and 99980 more problems like these" "$tmp/err" ||
    fail "flood: no count"

# A test named like a formula goes into the CSV with a leading quote.
sed 's/\bT\b/=HYPERLINK("http:\/\/x")/' "$model" > "$tmp/f.log"
hw '1       :> 0:r1=1; x=1;' | sed 's/^Test T/Test =HYPERLINK("http:\/\/x")/' \
    > "$tmp/fh.log"
cmp_ --model "$tmp/f.log" --hw "$tmp/fh.log" -o "$tmp/r" > "$tmp/out" \
    2> "$tmp/err" || fail "formula: exit $?"
grep -q "^\"'=HYPERLINK(\"\"http://x\"\")\"," "$tmp/r/tests.csv" ||
    fail "formula: $(cat "$tmp/r/tests.csv")"
grep -q '^=' "$tmp/r/tests.csv" "$tmp/r/outcomes.csv" && fail "formula: live"

# A report that cannot be written whole (a 20 kB file size limit): exit 2,
# and the reports already there stay whole.
hw '1       :> 0:r1=1; x=1;' > "$tmp/ok.log"
cmp_ --model "$model" --hw "$tmp/ok.log" -o "$tmp/keep" \
    > /dev/null 2>&1 || fail "first reports"
cp -r "$tmp/keep" "$tmp/before"
awk 'BEGIN { print "Test T Allow"; print "Histogram (3000 states)";
    for (i = 0; i < 3000; i++) printf "1       :> 0:r1=%d; x=1;\n", i + 2;
    print "Ok"; print "" }' > "$tmp/wide.log"
(ulimit -f 40; cmp_ --model "$model" --hw "$tmp/wide.log" \
    -o "$tmp/keep" > /dev/null 2> "$tmp/err")
[ $? = 2 ] || fail "size limit: want exit 2"
grep -q 'File too large' "$tmp/err" || fail "size limit: no reason"
for f in tests outcomes summary; do
    cmp -s "$tmp/before/$f.csv" "$tmp/keep/$f.csv" ||
        fail "size limit: $f.csv changed"
done
ls "$tmp/keep" | grep -q tmp && fail "size limit: temporary file left"

# A state twice in one entry: litmus7 never prints one twice, but a
# merged histogram may, and herd7 lists two states that show alike (their
# held values differ: doc/fidelity.md). Each is one outcome; a hardware
# entry's duplicates add up, per machine too: 5 lines, 4 outcomes, 0:r1=1
# seen 2+6 times on each of two machines.
cat > "$tmp/dup.model.log" <<'EOF2'
Test T Allowed
States 5
0:r1=0; [x]=1;
0:r1=1; [x]=1;
0:r1=1; [x]=1;
0:r1=2; [x]=1;
0:r1=3; [x]=1;
Ok
Witnesses
Positive: 2 Negative: 3
Condition exists (0:r1=1)
Observation T Sometimes 2 3

EOF2
hw '3       :> 0:r1=0; x=1;' '2       *> 0:r1=1; x=1;' \
   '4       :> 0:r1=2; x=1;' '1       :> 0:r1=3; x=1;' \
   '6       *> 0:r1=1; x=1;' > "$tmp/dup.log"
cmp_ --model "$tmp/dup.model.log" --hw A="$tmp/dup.log" --hw B="$tmp/dup.log" \
    --table text -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] || fail "duplicate states: want exit 0"
[ -s "$tmp/err" ] && fail "duplicate states: messages"
[ "$(grep -c '^T,' "$tmp/r/outcomes.csv")" = 4 ] ||
    fail "duplicate states: $(grep -c '^T,' "$tmp/r/outcomes.csv") outcomes, want 4"
grep -q '^T,"0:r1=1; \[x\]=1;",yes,16,"A B",allowed-seen$' \
    "$tmp/r/outcomes.csv" || fail "duplicate states: 0:r1=1 not 2+6 twice"
grep -q '^T,"0:r1=0; \[x\]=1;",yes,6,"A B",allowed-seen$' \
    "$tmp/r/outcomes.csv" || fail "duplicate states: 0:r1=0 count"
grep -q '^T,"exists (0:r1=1)",Ok,Ok,16,32,agree$' "$tmp/r/tests.csv" ||
    fail "duplicate states: tests.csv counts"
grep -q 'outcomes allowed-seen *4$' "$tmp/out" ||
    fail "duplicate states: summary"
grep -q '^  T    Ok     8/16 .*8/16 ' "$tmp/out" ||
    fail "duplicate states: per machine"

# 200000 states of one test: all there, counted (a hang guard; the time
# for 2 million is in make bench).
awk 'BEGIN { print "Test T Allow"; print "Histogram (200000 states)";
    for (i = 0; i < 200000; i++) printf "%-8d:> 0:r1=%d; x=1;\n", 3, (i * 7919) % 200000;
    print "Ok"; print "" }' > "$tmp/many.log"
cmp_ --model "$model" --hw "$tmp/many.log" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] || fail "many states: want exit 1 (states the model forbids)"
[ "$(wc -l < "$tmp/r/outcomes.csv")" = 200001 ] ||
    fail "many states: $(wc -l < "$tmp/r/outcomes.csv") rows"
grep -q '^T,"0:r1=1; \[x\]=1;",yes,3,' "$tmp/r/outcomes.csv" ||
    fail "many states: 0:r1=1 count"
grep -q '^T,"0:r1=199999; \[x\]=1;",no,3,' "$tmp/r/outcomes.csv" ||
    fail "many states: the last state"
exit 0
