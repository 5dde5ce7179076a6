#!/bin/sh
# run-tests.sh — runs the unit test binaries given as arguments, then every
# tests/e2e/*.sh script, and prints one "N passed, N failed" line.
# Environment: LITMUSLAB (the program), CORPUS (../shared/corpus).
passed=0; failed=0; failures=""
for t in "$@"; do
  if "$t"; then passed=$((passed+1)); else failed=$((failed+1)); failures="$failures $t"; fi
done
for t in tests/e2e/*.sh; do
  [ -f "$t" ] || continue
  if sh "$t"; then echo "e2e ok: $t"; passed=$((passed+1))
  else echo "e2e FAILED: $t"; failed=$((failed+1)); failures="$failures $t"; fi
done
[ -n "$failures" ] && echo "failed:$failures"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
