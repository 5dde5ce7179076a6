#!/bin/sh
# hwrun_emit.sh — `hwrun --emit DIR` writes a folder that, copied to a
# clean directory, builds and runs with `make` alone and prints a litmus7
# log; the folder holds no reference to the source tree. A folder with
# something in it is refused (the user's Makefile is not overwritten)
# unless --force, and then an old test's .c file there does not break make.
# Env: LITMUSLAB, CORPUS. cwd: the repo root.
: "${LITMUSLAB:?}" "${CORPUS:?}"
. tests/e2e/lib/corpus.sh
need x86/tests.tgz
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_emit: $*"; exit 1; }
sb=tests/non-mixed-size/BASIC_2_THREAD/SB.litmus
tar xzf "$CORPUS/x86/tests.tgz" -C "$tmp" "$sb" || fail "cannot extract"
"$LITMUSLAB" hwrun --emit "$tmp/out" "$tmp/$sb" || fail "emit failed"
[ -f "$tmp/out/SB.c" ] && [ -f "$tmp/out/harness.h" ] &&
  [ -f "$tmp/out/Makefile" ] || fail "missing files: $(ls "$tmp/out")"
grep -rq "$(pwd)" "$tmp/out" && fail "the folder names the source tree"
mkdir "$tmp/clean" && cp "$tmp/out"/* "$tmp/clean/" || fail "copy"
(cd "$tmp/clean" && env -u CC make ARGS="-n 100k -q" >"$tmp/log" \
  2>"$tmp/err") || fail "make failed: $(cat "$tmp/err")"
grep -q '^Test SB Allowed$' "$tmp/log" || fail "no Test line: $(cat "$tmp/log")"
grep -q '^Histogram ([1-4] states)$' "$tmp/log" || fail "no histogram"
grep -q '^Rate [0-9]* iterations/s, 100000 iterations$' "$tmp/log" \
  || fail "no Rate line"

echo 'mine:' > "$tmp/clean/Makefile"
"$LITMUSLAB" hwrun --emit "$tmp/clean" litmus/x86/MP.litmus 2>"$tmp/err"
[ $? = 2 ] || fail "non-empty folder: want exit 2"
grep -q 'is not empty' "$tmp/err" || fail "non-empty folder: message"
[ "$(cat "$tmp/clean/Makefile")" = mine: ] || fail "Makefile overwritten"
"$LITMUSLAB" hwrun --force --emit "$tmp/clean" litmus/x86/MP.litmus ||
  fail "--force refused"
(cd "$tmp/clean" && env -u CC make ARGS="-n 1000 -q" >"$tmp/log" \
  2>"$tmp/err") || fail "make after --force: $(cat "$tmp/err")"
grep -q '^Test MP Allowed$' "$tmp/log" || fail "--force: not MP: $(cat "$tmp/log")"
exit 0
