#!/bin/sh
# readme_figures.sh — the counts README.md and doc/*.md quote are the
# tree's (issue 29, item 10; issue 30 moved most of them to doc/): `make
# readme-figures` (scripts/readme-figures.sh --check) computes the test
# and library counts and finds each sentence that quotes one, on any
# page; a stale count fails here, naming the page and the sentence. Also
# the script itself: a page with a wrong count is caught, and so is a
# second copy of a count gone stale while the first is right.
# cwd: the repo root.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "readme_figures: $*"; exit 1; }
[ -f scripts/readme-figures.sh ] || fail "no scripts/readme-figures.sh"
sh scripts/readme-figures.sh --check >"$tmp/out" 2>&1 || fail "$(grep stale "$tmp/out")"
tail -n 1 "$tmp/out" | grep -q '^README.md and doc/: every figure above is the one it quotes$' ||
  fail "$(cat "$tmp/out")"
n=$(ls litmus/c11/*.litmus | wc -l)
grep -qF "\`litmus/c11/\` ($n tests)" doc/c-tests.md ||
  fail "doc/c-tests.md quotes no count of litmus/c11"
# a copy of the tree with one count changed on a page of doc/ is refused, named
mkdir -p "$tmp/t/scripts" && cp -r tests litmus doc README.md "$tmp/t/" &&
  cp scripts/readme-figures.sh "$tmp/t/scripts/" || fail "cannot copy"
sed 's/`litmus\/c11\/` (\([0-9]*\) tests)/`litmus\/c11\/` (999 tests)/' doc/c-tests.md >"$tmp/t/doc/c-tests.md"
(cd "$tmp/t" && sh scripts/readme-figures.sh --check) >"$tmp/out" 2>&1 &&
  fail "a wrong count passed"
grep -q "^doc/c-tests.md: stale: '\`litmus/c11/\` (999 tests)', the tree says '\`litmus/c11/\` ($n tests)'\$" "$tmp/out" ||
  fail "wrong count: $(cat "$tmp/out")"
# the count right in doc/, a second copy of it in README stale: refused too
cp doc/c-tests.md "$tmp/t/doc/c-tests.md"
printf '\nThe C11 tests, `litmus/c11/` (998 tests).\n' >> "$tmp/t/README.md"
(cd "$tmp/t" && sh scripts/readme-figures.sh --check) >"$tmp/out" 2>&1 &&
  fail "a stale second copy passed"
grep -q "^README.md: stale: '\`litmus/c11/\` (998 tests)', the tree says '\`litmus/c11/\` ($n tests)'\$" "$tmp/out" ||
  fail "stale copy: $(cat "$tmp/out")"
echo "readme_figures: ok"
