#!/bin/sh
# campaign_status.sh — a campaign's exit status says whether every test went
# through every step, and its summary names each one that did not, with the
# reason (issue 29, item 1): a file the reader refuses is no longer dropped
# with one stderr line scrolled away; a test the log says failed on the
# machine (--from-logs) counts too. A campaign with none exits 0 as before.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "campaign_status: $*"; exit 1; }

mkdir "$tmp/t"
cp litmus/x86/SB.litmus litmus/x86/MP.litmus "$tmp/t/"

# None malformed: exit 0, no such section.
"$LITMUSLAB" campaign "$tmp/t" -o "$tmp/good" -n 1k -q >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] || fail "a good campaign: exit $rc: $(cat "$tmp/err")"
grep -q 'no test' "$tmp/out" && fail "a good campaign lists files: $(cat "$tmp/out")"
grep -q '^  2 tests, 2 run on this machine, 0 steps failed, ' "$tmp/out" ||
  fail "a good campaign: $(sed -n 5p "$tmp/out")"

# One malformed: still run the others, exit 2, named with the reader's line
# in the summary (stdout and campaign.txt), not only on stderr.
printf 'X86_64 Bad\n{ x=0; }\n P0 ;\n FOO [x],$1 ;\nexists (x=1)\n' >"$tmp/t/Bad.litmus"
"$LITMUSLAB" campaign "$tmp/t" -o "$tmp/bad" -n 1k -q >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || fail "one malformed test: exit $rc, want 2"
grep -q "^campaign: 2 tests (and 1 file not read, above), 2 runnable here;" "$tmp/err" ||
  fail "start line: $(grep '^campaign:' "$tmp/err")"
grep -q '^  2 tests, 1 file not read, 2 run on this machine, 0 steps failed, ' "$tmp/out" ||
  fail "header: $(sed -n 5p "$tmp/out")"
sed -n '/^Files that are no test/,/^$/p' "$tmp/out" >"$tmp/got"
cat >"$tmp/want" <<EOF
Files that are no test (1): the reader refused them, so they went through no step; fix them and run again:
  $tmp/t/Bad.litmus:4:2: unknown instruction 'FOO'

EOF
cmp -s "$tmp/want" "$tmp/got" || fail "summary: $(diff "$tmp/want" "$tmp/got")"
cmp -s "$tmp/out" "$tmp/bad/campaign.txt" || fail "campaign.txt differs from the summary"
[ "$(grep -c '^Test ' "$tmp/bad/model.log")" = 2 ] || fail "the good tests were not run"

# --from-logs: a test the machine's log says failed did not go through.
{ cat "$tmp/good/hardware.log"; printf 'Failed MP: crashed: killed by signal SEGV\n\n'; } >"$tmp/run.log"
"$LITMUSLAB" campaign "$tmp/t/SB.litmus" "$tmp/t/MP.litmus" --from-logs "$tmp/run.log" \
  -o "$tmp/logs" -q >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || fail "--from-logs with a Failed line: exit $rc, want 2"
grep -q '^  MP: crashed: killed by signal SEGV$' "$tmp/out" || fail "--from-logs: $(cat "$tmp/out")"
"$LITMUSLAB" campaign "$tmp/t/SB.litmus" "$tmp/t/MP.litmus" --from-logs "$tmp/good/hardware.log" \
  -o "$tmp/logs2" -q >"$tmp/out" 2>"$tmp/err" || fail "--from-logs, all through: $(cat "$tmp/err")"

# --bundle: the file that is no test is not in it, said, exit 2.
"$LITMUSLAB" hwrun --targets 2>/dev/null | grep -q '^aarch64 .*ready$' || {
  echo "campaign_status: SKIP --bundle part: no aarch64 target here"; exit 0; }
cp litmus/aarch64/MP.litmus "$tmp/a.litmus"
printf 'AArch64 Bad\n{ 0:X1=x; }\n P0 ;\n FOO W0,[X1] ;\nexists (0:X0=1)\n' >"$tmp/b.litmus"
"$LITMUSLAB" campaign "$tmp/a.litmus" "$tmp/b.litmus" --target aarch64 \
  --bundle "$tmp/bundle" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || fail "--bundle with a file that is no test: exit $rc, want 2"
grep -q "^  $tmp/b.litmus:4:2: unknown instruction 'FOO'\$" "$tmp/out" ||
  fail "--bundle: $(cat "$tmp/out")"
[ -f "$tmp/bundle/tests.list" ] || fail "--bundle: no bundle written"
echo "campaign_status: ok"
