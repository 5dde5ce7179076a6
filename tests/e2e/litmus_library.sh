#!/bin/sh
# litmus_library.sh — our own tests in litmus/<arch>/: each states the
# Observation its architecture's default model gives (x86-TSO for x86, the
# Herding Cats Power model for ppc, ...; every folder litmus/<arch>/ is
# read) in a comment `(* expected: WORD *)`,
# or in a sidecar NAME.expected for the article's tests, which are kept as
# published. Checks every file parses (and its printed form parses back to
# the same text) and that `model` gives the stated Observation. A folder
# whose architecture the model does not know yet (hwrun's cross targets
# use them) has its model checks skipped, one line per folder.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
unmodelled=

n=0
for f in litmus/*/*.litmus; do
  n=$((n+1))
  base=${f##*/}; base=${base%.litmus}
  name=$(sed -n '1s/^[A-Za-z0-9_]*[ 	]*\([^ 	]*\).*/\1/p' "$f")
  if [ "$name" != "$base" ]; then
    echo "$f: test name '$name' differs from the file name"; fail=1
  fi
  side=${f%.litmus}.expected
  want=$(cat "$f" $( [ -f "$side" ] && echo "$side") |
         sed -n 's/.*(\* expected: \([A-Za-z]*\) \*).*/\1/p' | head -n 1)
  case $want in
    Never|Sometimes|Always) ;;
    *) echo "$f: no (* expected: Never|Sometimes|Always *) comment"; fail=1; continue ;;
  esac
  if ! "$LITMUSLAB" parse "$f" >"$tmp/p1" 2>"$tmp/err"; then
    echo "$f: parse failed: $(head -n 1 "$tmp/err")"; fail=1
  elif ! "$LITMUSLAB" parse "$tmp/p1" >"$tmp/p2" 2>"$tmp/err" ||
       ! cmp -s "$tmp/p1" "$tmp/p2"; then
    echo "$f: the printed test does not parse back to the same text"; fail=1
  fi
  # One model run per folder (many processes per file made this the
  # slowest test of make test); each test's Observation is read by name.
  d=${f%/*}
  if [ ! -f "$tmp/m.${d##*/}" ]; then
    "$LITMUSLAB" model "$d"/*.litmus >"$tmp/m.${d##*/}" 2>"$tmp/e.${d##*/}"
  fi
  if grep -q 'architecture [A-Za-z0-9_]* is not supported by the model' "$tmp/e.${d##*/}"; then
    case " $unmodelled " in *" $d "*) ;; *) unmodelled="$unmodelled $d" ;; esac
    continue
  fi
  got=$(sed -n "s/^Observation $name \([A-Za-z]*\) .*/\1/p" "$tmp/m.${d##*/}")
  if [ -z "$got" ]; then
    echo "$f: model failed: $(grep -m 1 "^$f:" "$tmp/e.${d##*/}")"; fail=1; continue
  fi
  if [ "$got" != "$want" ]; then
    echo "$f: model says '${got:-no Observation line}', expected $want"; fail=1
  fi
done
for d in $unmodelled; do
  echo "litmus_library: SKIP model checks of $d: $(sed -n '1s/ .*//p' "$(ls "$d"/*.litmus | head -n 1)") is not modelled yet"
done
[ $n -ge 60 ] || { echo "litmus_library: only $n tests found"; fail=1; }
[ $fail = 0 ] && echo "litmus_library: $n tests checked"
exit $fail
