#!/bin/sh
# hwrun_skew.sh — the timed start's skew (-skew auto|0|N|sweep, auto by
# default) on this machine and on one cross target under qemu-user
# (aarch64: the harness, hr_skew.h included, is the same source for every
# target): the log's Skew line names the policy and its Run line the
# option; a bad value is refused; SB's weak outcome shows with the
# default; the Oversubscribed line shows exactly when threads outnumber
# the PUs of the Topology line.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_skew: $*"; exit 1; }
hw() { "$LITMUSLAB" hwrun --cache build/hwrun-cache -q "$@"; }

# policy LOG NAME WORDS: the Skew line starts with NAME and WORDS, and the
# Run line ends with -skew NAME; the histogram sums to $n.
policy() {
  grep -q "^Skew $2: $3" "$1" || fail "$1: no 'Skew $2: $3' line: $(grep '^Skew' "$1")"
  grep -q "^Run .* -skew $2\$" "$1" || fail "$1: Run line: $(grep '^Run' "$1")"
  total=$(sed -n 's/^\([0-9][0-9]*\) *[:*]>.*/\1/p' "$1" | awk '{s += $1} END {print s}')
  [ "$total" = "$n" ] || fail "$1: histogram sums to $total, not $n"
}

n=100000
hw -n $n litmus/x86/SB.litmus >"$tmp/auto" || fail "SB: hwrun failed"
policy "$tmp/auto" auto "half of the blocks of 64 instances start together"
grep -q '^[0-9][0-9]* *\*>0:EAX=0; 1:EAX=0;$' "$tmp/auto" ||
  grep -q '^[0-9][0-9]* *\*>0:rax=0; 1:rax=0;$' "$tmp/auto" ||
  fail "SB: weak outcome not seen with -skew auto: $(grep '>' "$tmp/auto")"
hw -n $n -skew 0 litmus/x86/SB.litmus >"$tmp/off" || fail "-skew 0 failed"
policy "$tmp/off" 0 "every thread of an instance starts at the same tick"
hw -n $n -skew sweep -seed 7 litmus/x86/SB.litmus >"$tmp/sweep" || fail "-skew sweep failed"
policy "$tmp/sweep" sweep "every instance skewed"
hw -n $n -skew 40 litmus/x86/SB.litmus >"$tmp/n" || fail "-skew 40 failed"
policy "$tmp/n" 40 "half of the blocks .* N 40 ticks\$"
# -sync barrier has no skew: no Skew line, no -skew in the Run line.
hw -n 1000 -sync barrier litmus/x86/SB.litmus >"$tmp/bar" || fail "barrier failed"
if grep -q '^Skew\|-skew' "$tmp/bar"; then fail "barrier run names a skew"; fi
if hw -n 1000 -skew sideways litmus/x86/SB.litmus >"$tmp/bad" 2>&1; then
  fail "-skew sideways accepted"
fi
grep -q "bad value for -skew: 'sideways'" "$tmp/bad" || fail "bad -skew: $(head -n 2 "$tmp/bad")"

# Oversubscribed: IRIW has 4 threads.
hw -n 1000 litmus/x86/IRIW.litmus >"$tmp/iriw" || fail "IRIW: hwrun failed"
pus=$(sed -n 's/^Topology .* \([0-9][0-9]*\) PUs\{0,1\}$/\1/p' "$tmp/iriw")
[ -n "$pus" ] || fail "IRIW: no PU count in $(grep '^Topology' "$tmp/iriw")"
if [ "$pus" -lt 4 ]; then
  grep -q "^Oversubscribed 4 threads on $pus PUs: " "$tmp/iriw" ||
    fail "IRIW on $pus PUs: no Oversubscribed line"
elif grep -q '^Oversubscribed' "$tmp/iriw"; then
  fail "IRIW on $pus PUs: Oversubscribed line"
fi
if grep -q '^Oversubscribed' "$tmp/auto"; then fail "SB: Oversubscribed line"; fi

# The same harness cross-built for aarch64 and run under qemu-user.
"$LITMUSLAB" hwrun --check --target aarch64 litmus/aarch64/SB.litmus >"$tmp/check"
if grep -q '^no ' "$tmp/check"; then
  echo "hwrun_skew: SKIP aarch64: $(sed 's/^no [^:]*: //' "$tmp/check")"
  exit 0
fi
n=20000
for p in auto sweep 0; do
  hw --target aarch64 -n $n -skew $p litmus/aarch64/SB.litmus >"$tmp/a-$p" ||
    fail "aarch64 -skew $p: hwrun failed"
  grep -q '^Emulated ' "$tmp/a-$p" || fail "aarch64: no Emulated line"
done
policy "$tmp/a-auto" auto "half of the blocks of 64 instances start together"
policy "$tmp/a-sweep" sweep "every instance skewed"
policy "$tmp/a-0" 0 "every thread of an instance starts at the same tick"
# Under qemu-user on a loaded machine the two threads may not overlap at
# all in one short run (every iteration one sequential outcome): up to
# two more runs before calling the weak outcome never seen.
weak() { grep -q '^[0-9][0-9]* *\*>0:X2=0; 1:X2=0;$' "$1"; }
for i in 1 2; do
  weak "$tmp/a-auto" && break
  hw --target aarch64 -n $n litmus/aarch64/SB.litmus >"$tmp/a-auto" ||
    fail "aarch64 -skew auto: hwrun failed"
done
weak "$tmp/a-auto" ||
  fail "aarch64 SB: weak outcome not seen with -skew auto in 3 runs: $(grep '>' "$tmp/a-auto")"
exit 0
