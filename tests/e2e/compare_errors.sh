#!/bin/sh
# compare_errors.sh — `litmuslab compare` on bad input: usage errors and
# unreadable or truncated logs exit 2 with FILE[:LINE]: message; a malformed
# entry is reported, skipped and counted, and the run goes on.
set -eu
: "${LITMUSLAB:?}" "${CORPUS:?}"
. tests/e2e/lib/corpus.sh
need power/model-herd7.log.gz power/hardware.log.gz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "compare_errors: $*"; exit 1; }

# expect STATUS PATTERN -- ARGS: runs compare, checks exit status and stderr.
expect() {
  want=$1 pattern=$2; shift 3
  st=0
  "$LITMUSLAB" compare "$@" >"$tmp/out" 2>"$tmp/err" || st=$?
  [ "$st" = "$want" ] || fail "exit $st, expected $want for: $*"
  grep -q -- "$pattern" "$tmp/err" || {
    cat "$tmp/err"; fail "no '$pattern' on stderr for: $*"; }
}

model=$CORPUS/power/model-herd7.log.gz
expect 2 'give at least one --model' -- --hw "$model"
expect 2 '^litmuslab compare: .x.log. is not an option: give logs as --model FILE or --hw FILE; see .litmuslab compare --help.$' -- x.log
expect 2 '^litmuslab compare: unknown option .--frob.; see .litmuslab compare --help.$' -- --frob
expect 2 '^/nonexistent.log: cannot open: No such file or directory$' -- \
  --model "$model" --hw /nonexistent.log -o "$tmp"

# A gzip log cut short: the entries before the cut are read, then the
# truncation is an error (exit 2), not a silent end of input.
head -c 200000 "$CORPUS/power/hardware.log.gz" >"$tmp/cut.log.gz"
expect 2 "^$tmp/cut.log.gz:[0-9]*: read error after this line: unexpected end of file$" -- \
  --model "$model" --hw "$tmp/cut.log.gz" -o "$tmp"

# One broken entry between two good ones.
cat >"$tmp/hw.log" <<'LOG'
Test 2+2W Allow
Histogram (1 states)
12      :> x=1; y=1;
Ok

Test 2+2W+eieio+isync Allow
Histogram (2 states)
882865221:> x=1; y=1;
2777787554:> x=1; y=
Ok

Test 2+2W+eieio+po Allow
Histogram (1 states)
9651000 :> x=2; y=2;
Ok
LOG
expect 0 "^$tmp/hw.log:9: bad state: expected a value in '2777787554:> x=1; y='$" -- \
  --model "$model" --hw "m=$tmp/hw.log" -o "$tmp"
grep -q 'malformed entries skipped  *1$' "$tmp/out" || fail "skip not counted"
grep -q '^2+2W+eieio+po,.*,Ok,Ok,9651000,9651000,agree$' "$tmp/tests.csv" ||
  fail "entry after the broken one not merged"
exit 0
