#!/bin/sh
# hwrun_c_cross.sh — C tests for the cross targets (aarch64, ppc64le,
# armhf, riscv64): built with the cross compiler and run under qemu-user,
# 2000 iterations. Checked: every primitive returns what it must
# (kp-ops, C11-ops: Always); SB+mbs, MP with release/acquire, the lock
# counter, RCU's and SRCU's grace periods and RCU publication never show
# their forbidden outcome; and
# the compiler's assembly for the tests holds the kernel's sequences
# (smp_mb: dmb ish / sync / fence rw,rw; release and acquire: stlr/ldar,
# lwsync, dmb ish, fence rw,w / r,rw; the lock's read-modify-write). On
# arm64 the LSE form (-march=armv8.1-a) is built and run from an
# --emit folder too. A target without its cross compiler or qemu is
# skipped with a message. Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_c_cross: $*"; exit 1; }
d=tests/e2e/data/c
n=2000
ran=0

obs() {
  awk -v n="$1" -v w="$2" '$1 == "Observation" && $2 == n &&
    (substr($0, length(n) + 14) " ") ~ ("^" w " ") { f = 1 }
    END { exit !f }' "$3" ||
    fail "$4: $1: expected $2: $(grep -A6 "^Test $1 " "$3")"
}

# asm T CC FILE PATTERN...: CC's assembly of FILE (emitted with the
# harness headers) has a line matching each PATTERN.
asm() {
  t=$1 cc=$2 f=$3; shift 3
  rm -rf "$tmp/e" && "$LITMUSLAB" hwrun --emit "$tmp/e" "$d/$f.litmus" >/dev/null 2>&1 ||
    fail "$t: --emit $f failed"
  $cc -O2 -std=gnu11 -S -I"$tmp/e" -o "$tmp/$t-$f.s" "$tmp/e/$f.c" ||
    fail "$t: $cc -S $f failed"
  for p; do
    grep -Eq "^[[:space:]]*([0-9]+:[[:space:]]*)?$p" "$tmp/$t-$f.s" || fail "$t: $f: no '$p' in the assembly"
  done
}

for t in aarch64 ppc64le armhf riscv64; do
  "$LITMUSLAB" hwrun --check --target $t $d/SB+mbs.litmus >"$tmp/check"
  if grep -q '^no ' "$tmp/check"; then
    echo "hwrun_c_cross: SKIP $t: $(sed 's/^no [^:]*: //' "$tmp/check")"
    continue
  fi
  "$LITMUSLAB" hwrun --cache build/hwrun-cache -q -n $n -watchdog 120 --target $t \
    $d/kp-ops.litmus $d/C11-ops.litmus $d/SB+mbs.litmus \
    $d/MP+rel+acq.litmus $d/lock-counter.litmus $d/RCU-SB.litmus \
    $d/SRCU-SB.litmus $d/RCU-MP.litmus \
    >"$tmp/$t.log" 2>"$tmp/$t.err" ||
    fail "$t: hwrun failed: $(head -n 3 "$tmp/$t.err")"
  obs kp-ops "Always $n 0" "$tmp/$t.log" $t
  obs C11-ops "Always $n 0" "$tmp/$t.log" $t
  for s in SB+mbs MP+rel+acq lock-counter RCU-SB SRCU-SB RCU-MP; do
    obs $s Never "$tmp/$t.log" $t
  done
  grep -q "^Emulated " "$tmp/$t.log" || fail "$t: no Emulated line"
  case $t in
    aarch64) cc=aarch64-linux-gnu-gcc
      asm $t $cc SB+mbs 'dmb[[:space:]]+ish$'
      asm $t $cc MP+rel+acq 'stlr[[:space:]]' 'ldar[[:space:]]'
      asm $t $cc lock-counter 'ldaxr[[:space:]]' 'stxr[[:space:]]' 'stlr[[:space:]]'
      # LSE atomics: built from an --emit folder and run
      rm -rf "$tmp/lse" && "$LITMUSLAB" hwrun --emit "$tmp/lse" $d/kp-ops.litmus >/dev/null 2>&1 ||
        fail "$t: --emit kp-ops failed"
      (cd "$tmp/lse" && make -s CC=$cc CFLAGS="-O2 -march=armv8.1-a" LDFLAGS=-static \
        RUN=qemu-aarch64 ARGS="-q -n 200" >run.log 2>&1) ||
        fail "$t: LSE build: $(tail -n 3 "$tmp/lse/run.log")"
      obs kp-ops "Always 200 0" "$tmp/lse/run.log" "$t LSE"
      $cc -O2 -march=armv8.1-a -S -I"$tmp/lse" -o "$tmp/lse.s" "$tmp/lse/kp-ops.c"
      for p in swpal casa ldaddal; do
        grep -Eq "^[[:space:]]*$p[[:space:]]" "$tmp/lse.s" || fail "$t: LSE: no $p"
      done ;;
    ppc64le) cc=powerpc64le-linux-gnu-gcc
      asm $t $cc SB+mbs 'sync$'
      asm $t $cc MP+rel+acq 'lwsync$'
      asm $t $cc lock-counter 'lwarx[[:space:]]' 'stwcx\.[[:space:]]' 'isync$' 'lwsync$' ;;
    armhf) cc=arm-linux-gnueabihf-gcc
      asm $t $cc SB+mbs 'dmb[[:space:]]+ish$'
      asm $t $cc lock-counter 'ldrex[[:space:]]' 'strex[[:space:]]' 'dmb[[:space:]]+ish$' ;;
    riscv64) cc=riscv64-linux-gnu-gcc
      asm $t $cc SB+mbs 'fence[[:space:]]+rw,rw$'
      asm $t $cc MP+rel+acq 'fence[[:space:]]+rw,w$' 'fence[[:space:]]+r,rw$'
      asm $t $cc lock-counter 'lr\.w[[:space:]]' 'sc\.w[[:space:]]' ;;
  esac
  ran=$((ran+1))
done
[ $ran -gt 0 ] || { echo "hwrun_c_cross: skipped: no cross target is installed"; exit 77; }
echo "hwrun_c_cross: ok ($ran targets)"
