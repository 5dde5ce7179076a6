#!/bin/sh
# hwrun_corpus.sh — corpus x86 tests on this machine's cores, small counts:
# SB shows its weak outcome (both loads 0); MP, SB+mfences, LB,
# 2+2W+mfences, R+mfences and S never show what x86-TSO forbids. The log
# is litmus7's (herd7's Hash= included), with our Machine/Placement/Rate
# lines.
# Env: LITMUSLAB, CORPUS. cwd: the repo root.
: "${LITMUSLAB:?}" "${CORPUS:?}"
. tests/e2e/lib/corpus.sh
need x86/tests.tgz
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_corpus: $*"; exit 1; }
dir=tests/non-mixed-size/BASIC_2_THREAD
names="SB MP SB+mfences LB 2+2W+mfences R+mfences S"
files=
for t in $names; do files="$files $dir/$t.litmus"; done
# shellcheck disable=SC2086
tar xzf "$CORPUS/x86/tests.tgz" -C "$tmp" $files || fail "cannot extract"
args="--cache build/hwrun-cache -q -n 200k"
for t in $names; do
  # shellcheck disable=SC2086
  "$LITMUSLAB" hwrun $args "$tmp/$dir/$t.litmus" >"$tmp/$t.log" \
    || fail "$t: hwrun failed"
  grep -q "^Test $t Allowed$" "$tmp/$t.log" || fail "$t: no Test line"
  grep -q '^Rate [0-9]* iterations/s, 200000 iterations$' "$tmp/$t.log" \
    || fail "$t: no Rate line or wrong count"
  grep -q '^Machine x86_64 ' "$tmp/$t.log" || fail "$t: no Machine line"
  total=$(sed -n 's/^\([0-9][0-9]*\) *[:*]>.*/\1/p' "$tmp/$t.log" |
          awk '{s += $1} END {print s}')
  [ "$total" = 200000 ] || fail "$t: histogram sums to $total"
done
grep -q '^[0-9][0-9]* *\*>0:rax=0; 1:rax=0;$' "$tmp/SB.log" \
  || fail "SB: weak outcome not seen in 200k iterations"
# herd7's digest of SB (its x86 log says the same), so logs can be joined.
grep -q '^Hash=ac0b1f983ea53dfb4bc1a5cf3e493028$' "$tmp/SB.log" \
  || fail "SB: Hash line is not herd7's"
grep -q '^Observation SB \(Sometimes\|Always\) ' "$tmp/SB.log" \
  || fail "SB: observation"
for t in MP SB+mfences LB 2+2W+mfences R+mfences S; do
  grep -q "^Observation $t Never 0 200000$" "$tmp/$t.log" \
    || fail "$t: forbidden outcome seen: $(grep '\*>' "$tmp/$t.log")"
  grep -q '^Positive: 0, Negative: 200000$' "$tmp/$t.log" \
    || fail "$t: witnesses"
done
exit 0
