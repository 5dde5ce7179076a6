#!/bin/sh
# run-tests.sh — runs the unit test binaries given as arguments, then every
# tests/e2e/*.sh script, and prints one "N passed, N failed, N skipped"
# line. A test that exits 77 was skipped as a whole (it needs something
# this machine lacks: ../shared/corpus, chromium, a cross compiler); a
# check skipped inside a test that passed (a cmocka skip(), an e2e line
# `NAME: SKIP ...`) is counted apart, so a lone clone says what it missed.
# The line starts with the pass it sums up (`make test` runs the suite
# twice): PASS, "release" unless told.
# Environment: LITMUSLAB (the program), CORPUS (../shared/corpus), PASS.
passed=0; failed=0; skipped=0; partial=0; failures=""
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
count() { # $1: test name, $2: exit status; output in $out
  cat "$out"
  if [ "$2" = 77 ]; then
    skipped=$((skipped+1))
  elif [ "$2" = 0 ]; then
    passed=$((passed+1))
    n=$(grep -c '\[  SKIPPED \] [^0-9]\|: SKIP' "$out")
    partial=$((partial+n))
  else
    failed=$((failed+1)); failures="$failures $1"
  fi
}
# Seconds each test took, slowest first at the end: `make test` must stay
# under 15 minutes, and this says where the time goes.
times=$(mktemp) || exit 2
trap 'rm -f "$out" "$times"' EXIT
now() { date +%s; }
for t in "$@"; do
  t0=$(now)
  "$t" >"$out" 2>&1
  count "$t" $?
  echo "$(( $(now) - t0 )) $t" >> "$times"
done
for t in tests/e2e/*.sh; do
  [ -f "$t" ] || continue
  t0=$(now)
  sh "$t" >"$out" 2>&1
  s=$?
  count "$t" $s
  echo "$(( $(now) - t0 )) $t" >> "$times"
  case $s in
    0) echo "e2e ok: $t" ;;
    77) echo "e2e SKIPPED: $t" ;;
    *) echo "e2e FAILED: $t" ;;
  esac
done
echo "slowest (seconds):" $(sort -rn "$times" | head -n 8 | tr '\n' ' ')
[ -n "$failures" ] && echo "failed:$failures"
echo "${PASS:-release} pass: $passed passed, $failed failed, $skipped skipped ($partial checks skipped inside passing tests)"
[ "$failed" = 0 ]
