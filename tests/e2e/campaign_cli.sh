#!/bin/sh
# campaign_cli.sh — the campaign's command line: usage errors exit 2 with
# one clear line, --help exits 0, and tests this host cannot run (PPC on
# x86) are modelled only and reported as model-only.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "campaign_cli: $*"; exit 1; }
expect() { # expect STATUS PATTERN ARGS...: exit status and a stderr line
  want=$1; pat=$2; shift 2
  "$LITMUSLAB" campaign "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc = "$want" ] || fail "campaign $*: exit $rc, expected $want: $(head -n 2 "$tmp/err")"
  grep -q -- "$pat" "$tmp/err" || fail "campaign $*: no '$pat' in: $(head -n 2 "$tmp/err")"
}
"$LITMUSLAB" campaign --help >"$tmp/out" 2>&1 || fail "--help failed"
grep -q '^usage: litmuslab campaign' "$tmp/out" || fail "--help prints no usage"
expect 2 "^litmuslab campaign: unknown option '--bogus'; see \`litmuslab campaign --help\`\$" --bogus
expect 2 "^litmuslab campaign: -n takes a count of at least 1, not '0'; see" litmus/x86 -n 0 -o "$tmp/r"
expect 2 "^litmuslab campaign: -j takes a count (1000, 2.5k, 2M, 1G), not 'x'; see" litmus/x86 -j x -o "$tmp/r"
expect 2 "^litmuslab campaign: option '-o' needs a value; see" litmus/x86 -o
expect 2 "$tmp/none: No such file or directory" "$tmp/none" -o "$tmp/r"
mkdir "$tmp/empty"
expect 2 "no tests found" "$tmp/empty" -o "$tmp/r"
expect 2 "no tests found for architecture ARM" litmus/x86 --arch ARM -o "$tmp/r"

# Tests for another architecture: modelled, not run.
"$LITMUSLAB" campaign litmus/ppc/MP.litmus litmus/ppc/MP+lwsyncs.litmus \
  -o "$tmp/ppc" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "PPC campaign failed"; }
grep -q 'campaign: 2 tests, 0 runnable here; model: 2 to run' "$tmp/err" ||
  fail "PPC tests counted as runnable: $(head -n 1 "$tmp/err")"
[ "$(grep -c ',model-only$' "$tmp/ppc/tests.csv")" = 2 ] || fail "tests.csv: $(cat "$tmp/ppc/tests.csv")"
[ -f "$tmp/ppc/hardware.log" ] && [ ! -s "$tmp/ppc/hardware.log" ] || fail "hardware.log should be empty"
grep -q 'model-only *2' "$tmp/out" || fail "summary lacks the model-only class"

# Same name, two architectures: both kept (not `already read from`), named
# NAME@ARCH in the logs and reports; the x86 one runs here.
"$LITMUSLAB" campaign litmus/ppc/SB.litmus litmus/x86/SB.litmus -n 1k \
  -o "$tmp/two" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "SB x2 campaign failed"; }
grep -q 'already read' "$tmp/err" && fail "a test skipped as read: $(grep 'already read' "$tmp/err")"
grep -q '^campaign: 2 tests, 1 runnable here; model: 2 to run' "$tmp/err" ||
  fail "SB x2: $(head -n 1 "$tmp/err")"
grep -q '^"SB@PPC",.*,model-only$' "$tmp/two/tests.csv" || fail "SB@PPC: $(cat "$tmp/two/tests.csv")"
grep -q '^"SB@X86_64",.*,1000,' "$tmp/two/tests.csv" || fail "SB@X86_64: $(cat "$tmp/two/tests.csv")"
[ "$(grep -c '^Test SB@' "$tmp/two/model.log")" = 2 ] || fail "model.log names: $(grep '^Test' "$tmp/two/model.log")"

# The model file does not read: every model step fails on bad input, no
# hwrun runs, and no re-run is suggested (it would fail the same way).
printf 'X86 bad\nlet x = (po\n' >"$tmp/bad.cat"
"$LITMUSLAB" campaign litmus/x86/SB.litmus --model "$tmp/bad.cat" -n 1k \
  -o "$tmp/badcat" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || fail "bad model: exit $rc"
grep -q 'hwrun SB' "$tmp/err" && fail "bad model: hwrun ran: $(cat "$tmp/err")"
ls "$tmp/badcat/work" | grep -q '\.hw-' && fail "bad model: hwrun's files: $(ls "$tmp/badcat/work")"
grep -q "^       1  its model step failed: $tmp/bad.cat:3:1: expected ')', found end of file\$" "$tmp/out" ||
  fail "bad model: not said why hwrun did not run: $(cat "$tmp/out")"
grep -q '^A re-run fails the same way: the test or the model needs fixing.$' "$tmp/out" ||
  fail "bad model: $(grep -i 're-run' "$tmp/out")"
grep -q 're-run to retry' "$tmp/out" && fail "bad model: a re-run suggested"
echo "campaign_cli: ok"
