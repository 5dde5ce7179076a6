#!/bin/sh
# readme_figures.sh — README.md's counts are the tree's (issue 29, item
# 10): `make readme-figures` (scripts/readme-figures.sh --check) computes
# the test and library counts and finds each sentence that quotes one; a
# stale count fails here, naming the sentence. Also the script itself: a
# README with a wrong count is caught.
# cwd: the repo root.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "readme_figures: $*"; exit 1; }
[ -f scripts/readme-figures.sh ] || fail "no scripts/readme-figures.sh"
sh scripts/readme-figures.sh --check >"$tmp/out" 2>&1 || fail "$(grep stale "$tmp/out")"
tail -n 1 "$tmp/out" | grep -q '^README.md: every figure above is the one it quotes$' ||
  fail "$(cat "$tmp/out")"
# a copy of the tree's README with one count changed is refused, named
mkdir -p "$tmp/t/scripts" && cp -r tests litmus "$tmp/t/" &&
  cp scripts/readme-figures.sh "$tmp/t/scripts/" || fail "cannot copy"
sed 's/`litmus\/c11\/` (\([0-9]*\) tests)/`litmus\/c11\/` (999 tests)/' README.md >"$tmp/t/README.md"
(cd "$tmp/t" && sh scripts/readme-figures.sh --check) >"$tmp/out" 2>&1 &&
  fail "a wrong count passed"
n=$(ls litmus/c11/*.litmus | wc -l)
grep -q "^README.md: stale, or missing: '\`litmus/c11/\` ($n tests)'\$" "$tmp/out" ||
  fail "wrong count: $(cat "$tmp/out")"
echo "readme_figures: ok"
