#!/bin/sh
# run_tests_summary.sh — scripts/run-tests.sh's last line says which pass
# it sums up (release or sanitizer) and counts skips apart from failures:
# a test skipped whole (exit 77, as on a lone clone without ../shared) and
# a check skipped inside a passing test (a `NAME: SKIP` line).
set -u
unset PASS   # this suite's own pass is told to it: not to the runs below
here=$PWD
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests/e2e"
printf 'echo "a: ok"\n' > "$tmp/tests/e2e/a.sh"
printf 'echo "b: SKIP: needs x, not found"\nexit 77\n' > "$tmp/tests/e2e/b.sh"
printf 'echo "c: SKIP one check: no tool"\necho "c: ok"\n' > "$tmp/tests/e2e/c.sh"
fail=0
(cd "$tmp" && PASS="sanitizer (ASan/UBSan)" sh "$here/scripts/run-tests.sh") > "$tmp/out" 2>&1 ||
  { echo "run_tests_summary: non-zero exit with no failure"; fail=1; }
want="sanitizer (ASan/UBSan) pass: 2 passed, 0 failed, 1 skipped (1 checks skipped inside passing tests)"
[ "$(tail -n 1 "$tmp/out")" = "$want" ] ||
  { echo "run_tests_summary: last line '$(tail -n 1 "$tmp/out")'"; fail=1; }
printf 'exit 1\n' > "$tmp/tests/e2e/d.sh"
(cd "$tmp" && sh "$here/scripts/run-tests.sh") > "$tmp/out" 2>&1 &&
  { echo "run_tests_summary: a failure exits 0"; fail=1; }
[ "$(tail -n 1 "$tmp/out")" = "release pass: 2 passed, 1 failed, 1 skipped (1 checks skipped inside passing tests)" ] ||
  { echo "run_tests_summary: last line '$(tail -n 1 "$tmp/out")'"; fail=1; }
[ $fail = 0 ] && echo "run_tests_summary: ok"
exit $fail
