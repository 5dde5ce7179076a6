#!/bin/sh
# man_page.sh — doc/litmuslab.1 is clean for mandoc -T lint (and man
# --warnings), and names every option that a subcommand's --help shows.
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
page=doc/litmuslab.1
if command -v mandoc >/dev/null 2>&1; then
  mandoc -T lint -W warning "$page" >"$tmp/lint" 2>&1 || {
    echo "man_page: mandoc -T lint:"; cat "$tmp/lint"; fail=1; }
else
  echo "man_page: SKIP mandoc -T lint: no mandoc"
fi
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
  MANWIDTH=80 man --warnings -l "$page" 2>"$tmp/warn" >/dev/null
  [ -s "$tmp/warn" ] && { echo "man_page: man --warnings:"; cat "$tmp/warn"; fail=1; }
else
  echo "man_page: SKIP man --warnings: no man or groff"
fi
# the page's text with escapes taken off: \- is -, \fB... gone
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$page" > "$tmp/text"
for c in parse model hwrun compare campaign gen; do
  grep -q "^\.SH $(echo $c | tr a-z A-Z)\$" "$page" || { echo "man_page: no section for $c"; fail=1; }
  "$LITMUSLAB" $c --help > "$tmp/help" || { echo "man_page: $c --help failed"; fail=1; }
  # every option the help names (after a space, `[`, `(` or a quote;
  # not the `-x or --x` of the sentence on how options are written)
  for o in $(grep -o -- "[[ (\`']--*[a-z][a-z0-9_-]*" "$tmp/help" | cut -c2- |
             grep -v -- '^--*x$' | grep -v -- '^-[a-z][0-9]' | sort -u); do
    grep -q -- "$o\b" "$tmp/text" || { echo "man_page: $c's $o is not in the page"; fail=1; }
  done
done
# What the page says of Hash= holds (issue 29, item 10): herd7's digest,
# C tests included; checked against herd7's own output kept beside the
# C tests (litmus/c/*.herd7).
tr '\n' ' ' < "$tmp/text" | tr -s ' ' > "$tmp/flat"
grep -q "not herd7's for C tests" "$tmp/flat" &&
  { echo "man_page: says Hash= is not herd7's for C tests"; fail=1; }
grep -q "herd7's Hash= (the same digest as herd7's, C tests included)" "$tmp/flat" ||
  { echo "man_page: says nothing of Hash= for C tests"; fail=1; }
for f in litmus/c/*.herd7; do
  want=$(grep '^Hash=' "$f")
  got=$("$LITMUSLAB" model "${f%.herd7}.litmus" 2>/dev/null | grep '^Hash=')
  [ -n "$want" ] && [ "$want" = "$got" ] ||
    { echo "man_page: $f: herd7's $want, ours $got"; fail=1; }
done
[ $fail = 0 ] && echo "man_page: ok"
exit $fail
