#!/bin/sh
# parse_bad.sh — each malformed test in tests/bad gives exactly the one line
# in its .expected file and exit status 2; given together with good tests,
# parse reports every bad file and still prints the good ones.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
for f in tests/bad/*.litmus; do
  n=$((n + 1))
  "$LITMUSLAB" parse "$f" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" != 2 ]; then
    echo "$f: exit status $rc, expected 2"; fail=1
  fi
  if ! cmp -s "$tmp/err" "${f%.litmus}.expected"; then
    echo "$f: wrong message:"; cat "$tmp/err"; echo "expected:"
    cat "${f%.litmus}.expected"; fail=1
  fi
  if [ -s "$tmp/out" ]; then
    echo "$f: printed something on stdout"; fail=1
  fi
done
[ "$n" -ge 20 ] || { echo "only $n bad inputs"; fail=1; }

# Bad and good files mixed: all messages, both good tests printed.
good=litmus-good-$$.litmus
printf 'PPC G\n{\n0:r2=x;\n}\n P0 ;\n lwz r1,0(r2) ;\nexists (0:r1=0)\n' \
  >"$tmp/$good"
"$LITMUSLAB" parse "$tmp/$good" tests/bad/*.litmus "$tmp/$good" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] || { echo "mixed run: exit status $rc, expected 2"; fail=1; }
cat tests/bad/*.expected | cmp -s - "$tmp/err" ||
  { echo "mixed run: messages differ"; fail=1; }
[ "$(grep -c '^PPC G$' "$tmp/out")" = 2 ] ||
  { echo "mixed run: good tests not printed twice"; fail=1; }
"$LITMUSLAB" parse "$tmp/$good" >/dev/null 2>&1 ||
  { echo "good test: non-zero exit"; fail=1; }
"$LITMUSLAB" parse >/dev/null 2>&1
[ $? = 2 ] || { echo "no arguments: expected exit status 2"; fail=1; }

# -o into the folder of an input would write over it (and drop its
# comments): refused, the input untouched; into another folder it works.
printf '(* keep me *)\n' >>"$tmp/$good"
cp "$tmp/$good" "$tmp/orig"
(cd "$tmp" && "$LITMUSLAB" parse -o . "$good" >/dev/null 2>"$tmp/err")
[ $? = 2 ] || { echo "parse -o .: expected exit status 2"; fail=1; }
grep -q "would write over the input $good" "$tmp/err" ||
  { echo "parse -o .: message: $(cat "$tmp/err")"; fail=1; }
cmp -s "$tmp/$good" "$tmp/orig" || { echo "parse -o .: input changed"; fail=1; }
mkdir "$tmp/copies"
"$LITMUSLAB" parse -o "$tmp/copies" "$tmp/$good" >/dev/null ||
  { echo "parse -o DIR: failed"; fail=1; }
grep -q '^PPC G$' "$tmp/copies/$good" || { echo "parse -o DIR: no copy"; fail=1; }
exit $fail
