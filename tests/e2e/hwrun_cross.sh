#!/bin/sh
# hwrun_cross.sh — hwrun for machines we do not have: for each cross target
# (ppc64le, ppc64, aarch64, armhf, riscv64) the library's SB, MP, LB and
# IRIW, with and without their strongest fences, atomic updates (and the
# article's two tests on Power), and tests/hwcross/ALL-<arch>* (every
# instruction the generator writes, in threads whose final state is
# known) are cross-compiled and run under qemu-user with small counts.
# Checked: every histogram sums to the count; each log says it was
# emulated; each ALL test gives its one known state every time; no
# outcome the model forbids shows: through `compare` against our model's
# log, which must put every run in emulated/, and every test whose file
# says `(* expected: Never *)` shows Never. The
# article's tests also go through `compare` against herd7's own log
# (../shared/seeds). A target whose cross compiler or qemu is missing is
# skipped with a message naming the Debian package (counted).
# Env: LITMUSLAB, CORPUS. cwd: the repo root. Binaries are cached in
# build/hwrun-cache, so the sanitizer pass only runs them again.
: "${LITMUSLAB:?}" "${CORPUS:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_cross: $*"; exit 1; }
n=2000
# an emulated round of a 4-thread test on a loaded 2-core host can take
# longer than the 10 s watchdog (IRIW+dmbs under qemu-arm at load 13)
hw() { "$LITMUSLAB" hwrun --cache build/hwrun-cache -q -n $n -watchdog 120 "$@"; }
skipped=0; ran=0

# entries T LOG: each entry of LOG has a histogram summing to $n, the
# Rate line for $n and an Emulated line.
entries() {
  awk -v n=$n -v t="$1" '
    /^Test / { name = $2; sum = 0; emu = 0; entries++ }
    /^[0-9]+ *[:*]>/ { sum += $1 }
    /^Emulated / { emu = 1 }
    /^Rate / { if ($0 !~ " " n " iterations$") { print t ": " name ": " $0; bad = 1 } }
    /^Time / { if (sum != n) { print t ": " name ": histogram sums to " sum; bad = 1 }
               if (!emu) { print t ": " name ": no Emulated line"; bad = 1 } }
    END { if (!entries) { print t ": no entries"; bad = 1 } exit bad }' "$2"
}

for t in ppc64le ppc64 aarch64 armhf riscv64; do
  case $t in
    ppc64*) d=ppc; f=syncs; rmw="INC+lwarx-stwcx SB+lwsync-RMW-lwsync+isync-simple SB+lwsync-RMW-lwsync+sync-simple" ;;
    aarch64) d=aarch64; f=dmb.sys; rmw="INC+ldxr-stxrs MP+rel+acq INC+ldadds CAS+cas" ;;
    armhf) d=arm; f=dmbs; rmw=INC+ldrex-strexs ;;
    riscv64) d=riscv; f=fence.rw.rws; rmw="INC+lr-scs INC+amoadds SB+amoswaps" ;;
  esac
  "$LITMUSLAB" hwrun --check --target $t litmus/$d/SB.litmus >"$tmp/check"
  if grep -q '^no ' "$tmp/check"; then
    echo "hwrun_cross: SKIP $t: $(sed 's/^no [^:]*: //' "$tmp/check")"
    skipped=$((skipped+1)); continue
  fi
  files=
  for s in SB MP LB IRIW; do files="$files litmus/$d/$s.litmus litmus/$d/$s+$f.litmus"; done
  for s in $rmw; do files="$files litmus/$d/$s.litmus"; done
  # shellcheck disable=SC2086
  all=$(ls tests/hwcross/ALL-$d*.litmus)
  # shellcheck disable=SC2086
  hw --target $t $files $all >"$tmp/$t.log" \
    2>"$tmp/$t.err" || fail "$t: hwrun failed: $(head -n 3 "$tmp/$t.err")"
  entries $t "$tmp/$t.log" || exit 1
  for a in $all; do
    a=$(basename "$a" .litmus)
    grep -q "^Observation $a Always $n 0$" "$tmp/$t.log" ||
      fail "$t: $a: $(grep -A3 "^Test $a " "$tmp/$t.log")"
  done
  for file in $files; do
    grep -q '(\* expected: Never \*)' "$file" || continue
    name=$(basename "$file" .litmus)
    grep -q "^Observation $name Never 0 $n$" "$tmp/$t.log" ||
      fail "$t: $name: the model forbids what showed: $(grep "^Observation $name " "$tmp/$t.log")"
  done
  # shellcheck disable=SC2086
  if "$LITMUSLAB" model $files >"$tmp/model.log" 2>"$tmp/model.err"; then
    want=$(($(echo $files | wc -w) + $(echo $all | wc -w)))
    "$LITMUSLAB" compare --model "$tmp/model.log" --hw "$tmp/$t.log" \
      -o "$tmp/cmp-$t" >"$tmp/cmp.out" 2>&1 ||
      fail "$t: compare: $(cat "$tmp/cmp.out")"
    grep -q '^"hardware entries",0$' "$tmp/cmp-$t/summary.csv" ||
      fail "$t: emulated runs counted as hardware"
    grep -q "^\"hardware entries\",$want$" "$tmp/cmp-$t/emulated/summary.csv" ||
      fail "$t: emulated runs not compared: $(cat "$tmp/cmp-$t/emulated/summary.csv")"
    grep -q 'forbidden-seen$' "$tmp/cmp-$t/emulated/tests.csv" &&
      fail "$t: $(grep 'forbidden-seen$' "$tmp/cmp-$t/emulated/tests.csv")"
  elif ! grep -q 'is not supported by the model' "$tmp/model.err"; then
    fail "$t: model failed: $(head -n 1 "$tmp/model.err")"
  fi
  ran=$((ran+1))
done

# The article's tests on big-endian Power against herd7's own log.
seeds=$CORPUS/../seeds
if [ ! -f "$seeds/expected-herd7.log" ]; then
  echo "hwrun_cross: SKIP the article's tests: no $seeds"; skipped=$((skipped+1))
elif [ -f "$tmp/ppc64.log" ]; then
  hw --target ppc64 "$seeds"/SB+lwsync-RMW-lwsync+*.litmus >"$tmp/article.log" ||
    fail "article: hwrun failed"
  "$LITMUSLAB" compare --model "$seeds/expected-herd7.log" \
    --hw "$tmp/article.log" -o "$tmp/cmp-article" >/dev/null 2>&1 ||
    fail "article: compare against herd7's log failed or saw a forbidden outcome"
  grep -q '^SB+lwsync-RMW-lwsync+sync-simple,.*,No,No,0,2000,agree$' \
    "$tmp/cmp-article/emulated/tests.csv" ||
    fail "article: $(cat "$tmp/cmp-article/emulated/tests.csv")"
fi
echo "hwrun_cross: $ran targets run under qemu-user, $skipped skipped"
[ $ran -gt 0 ] || exit 77   # every target skipped (named above)
exit 0
