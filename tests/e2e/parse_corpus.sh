#!/bin/sh
# parse_corpus.sh — every test of the corpus' power and x86 archives parses,
# and the normalised output parses again and prints the same (round trip).
# Many files go to each run of parse; -o keeps each printed test so that
# the second pass reads them back in the same order.
. tests/e2e/lib/corpus.sh
need power/tests.tgz x86/tests.tgz
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
for arch in power x86; do
  mkdir -p "$tmp/$arch"
  tar -xzf "$CORPUS/$arch/tests.tgz" -C "$tmp/$arch" || exit 1
done
find "$tmp/power" "$tmp/x86" -name '*.litmus' >"$tmp/all"
power=$(grep -c "^$tmp/power/" "$tmp/all")
x86=$(grep -c "^$tmp/x86/" "$tmp/all")
[ "$power" = 8141 ] || { echo "power: $power tests, expected 8141"; fail=1; }
[ "$x86" = 2595 ] || { echo "x86: $x86 tests, expected 2595"; fail=1; }

sed 's|/[^/]*$||' "$tmp/all" | sort -u >"$tmp/dirs"
i=0
printed=0
while read -r dir; do
  i=$((i + 1))
  out="$tmp/round$i"
  mkdir "$out"
  if ! "$LITMUSLAB" parse -o "$out" "$dir"/*.litmus >"$out.first" \
       2>"$out.err"; then
    echo "parse failed in $dir:"; head -5 "$out.err"; fail=1; continue
  fi
  if ! "$LITMUSLAB" parse "$out"/*.litmus >"$out.second" 2>"$out.err"; then
    echo "re-parse failed for $dir:"; head -5 "$out.err"; fail=1; continue
  fi
  if ! cmp -s "$out.first" "$out.second"; then
    echo "round trip differs for $dir:"
    diff "$out.first" "$out.second" | head -10; fail=1
  fi
  printed=$((printed + $(ls "$out" | wc -l)))
done <"$tmp/dirs"
# x86 names repeat across families, never within one folder.
[ "$printed" = $((power + x86)) ] ||
  { echo "round-tripped $printed tests, expected $((power + x86))"; fail=1; }
exit $fail
