#!/bin/sh
# hwrun_litmus7_log.sh — hwrun's log mixes with litmus7 7.58's (issues
# 24, 28). data/litmus7/ holds one-thread tests of ours, whose outcome is
# fixed, and litmus7-7.58.log: litmus7 7.58's own log of them, made on
# this machine (`litmus7 -a 2 -s 100 -r 10`, then its run.sh; the C test
# with `-carch X86_64`, its run appended). Checked:
#   1. each hwrun entry is, line for line, litmus7's entry of the same
#      test but the Time line's seconds and hwrun's own lines (Machine,
#      Topology, ...): states spelt [x]=1; x={7,2}; x[1]=2; unsigned
#      64-bit values; forall's counter-example marked *>; Hash= and the
#      test's metadata (Relax NAME Ok ...) before Observation;
#   2. the same lines again, written out here by hand from what litmus7
#      printed, one for each difference hwrun had before;
#   3. the harness's own log (an --emit folder run by make) has them too;
#   4. compare reads litmus7's whole log (banners, the tests' text and
#      assembler, the trailer) beside the model's: 8 entries, no
#      malformed one, every state joined with the model's and hwrun's.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
d=tests/e2e/data/litmus7
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_litmus7_log: $*"; exit 1; }
command -v cc >/dev/null 2>&1 || { echo "hwrun_litmus7_log: skipped: no cc"; exit 77; }

# -a 2 ran two instances of a one-thread test at once: 2000 each
"$LITMUSLAB" hwrun -q -s 100 -r 20 --cache "$tmp/cache" "$d"/*.litmus \
  >"$tmp/hw.log" 2>"$tmp/err" || fail "hwrun failed: $(head -n 3 "$tmp/err")"

# entry NAME LOG: its lines, Test to Time, Time's seconds as S, our
# own lines out
entry() {
  awk -v n="$1" '
    $0 == "Test " n || index($0, "Test " n " ") == 1 { on = 1 }
    !on { next }
    /^(Machine|Topology|Timebase|Placement|Skew|Run|Rate|Oversubscribed|Mode|Emulated) / { next }
    /^Time / { sub(/ [0-9.]+$/, " S"); print; exit }
    { print }' "$2"
}
for f in "$d"/*.litmus; do
  n=$(basename "$f" .litmus)
  entry "$n" "$d/litmus7-7.58.log" >"$tmp/want"
  [ -s "$tmp/want" ] || fail "$n: not in litmus7's log"
  entry "$n" "$tmp/hw.log" >"$tmp/got"
  diff "$tmp/want" "$tmp/got" >"$tmp/diff" ||
    fail "$n: hwrun's entry is not litmus7's: $(cat "$tmp/diff")"
done

# 2. by hand, from litmus7 7.58's output: scalars in brackets (asm and
# C), a whole array, an element after the locations, uint64_t unsigned
has() { grep -qxF -- "$1" "$tmp/hw.log" || fail "no line '$1' in: $(cat "$tmp/hw.log")"; }
has '2000  *>0:rax=1; [x]=1;'
has '2000  *>0:r0=3; [x]=3;'
has '2000  *>x={7,2}; [y]=1; x[1]=2;'
has '2000  *>0:rax=-1; x={18446744073709551615,1}; [y]=2; x[0]=18446744073709551615;'
has 'Condition exists (x={7,2} /\ [y]=1) is validated'
# forall marks its counter-examples; ~exists the states it forbids
has 'Condition forall (0:rax=1 /\ [x]=2) is NOT validated'
grep -A2 '^Test L7+notexists ' "$tmp/hw.log" | grep -qxF '2000  *>0:rbx=-3;' ||
  fail "~exists: not marked"
# the metadata after Hash=, Prefetch left out
entry L7+meta "$tmp/hw.log" |
  grep -A9 '^Condition exists (0:rax=1 /\\ \[x\]=1) is validated$' |
  sed -n 2,8p >"$tmp/meta"
printf '%s\n' 'Hash=d4ae581a5e10e3957e8ae60e7ed71f1c' 'Generator=hand' \
  'Relax L7+meta Ok PodWR' 'Cycle=PodWR Fre' 'Safe=' 'Orig=PodWR Fre' \
  'Observation L7+meta Always 2000 0' | diff - "$tmp/meta" >"$tmp/diff" ||
  fail "metadata: $(cat "$tmp/diff")"

# a test's own Hash= line: printed as given, at its place among the
# metadata, and no digest of ours (litmus7 7.58 does so; herd7 too)
entry L7+given-hash "$tmp/hw.log" |
  grep -A4 '^Condition exists (0:rax=1 /\\ \[x\]=1) is validated$' |
  sed -n 2,4p >"$tmp/meta"
printf '%s\n' 'Cycle=PodWR Fre' 'Hash=00112233445566778899aabbccddeeff' \
  'Relax L7+given-hash Ok PodWR' | diff - "$tmp/meta" >"$tmp/diff" ||
  fail "a test's own Hash=: $(cat "$tmp/diff")"

# 3. the harness's own log (bundles and --emit folders print it)
"$LITMUSLAB" hwrun --emit "$tmp/emit" "$d/L7+meta.litmus" 2>"$tmp/err" ||
  fail "emit: $(cat "$tmp/err")"
(cd "$tmp/emit" && env -u CC make ARGS="-q -s 100 -r 20" >"$tmp/emit.log" \
  2>"$tmp/err") || fail "make: $(head -n 3 "$tmp/err")"
entry L7+meta "$d/litmus7-7.58.log" >"$tmp/want"
entry L7+meta "$tmp/emit.log" | diff "$tmp/want" - >"$tmp/diff" ||
  fail "the harness's log: $(cat "$tmp/diff")"

# 4. compare reads litmus7's whole log
"$LITMUSLAB" model "$d"/*.litmus >"$tmp/model.log" 2>"$tmp/err" ||
  fail "model: $(head -n 3 "$tmp/err")"
"$LITMUSLAB" compare --model "$tmp/model.log" \
  --hw "l7=$d/litmus7-7.58.log" --hw "hwrun=$tmp/hw.log" -o "$tmp/cmp" \
  >"$tmp/cmp.out" 2>"$tmp/err" || fail "compare: $(head -n 3 "$tmp/err")"
for want in 'hardware entries *16$' 'malformed entries skipped *0$' \
            'outcomes hw-only *0$' 'outcomes forbidden-seen *0$' \
            'machines *2$'; do
  grep -q "^  $want" "$tmp/cmp.out" || fail "compare: no '$want': $(cat "$tmp/cmp.out")"
done
# every test joined, its states seen on both (l7 and hwrun)
[ "$(grep -c ',agree$' "$tmp/cmp/tests.csv")" = 8 ] ||
  fail "compare: not 8 tests agree: $(cat "$tmp/cmp/tests.csv")"
for row in 'L7+array-whole,"[y]=1; x[0]=7; x[1]=2;",yes,4000,"l7 hwrun",allowed-seen' \
           'L7+array-unsigned,"0:rax=-1; [y]=2; x[0]=-1; x[1]=1;",yes,4000,"l7 hwrun",allowed-seen' \
           'L7+forall,"0:rax=1; [x]=1;",yes,4000,"l7 hwrun",allowed-seen'; do
  grep -qxF "$row" "$tmp/cmp/outcomes.csv" ||
    fail "compare: no row $row: $(cat "$tmp/cmp/outcomes.csv")"
done
exit 0
