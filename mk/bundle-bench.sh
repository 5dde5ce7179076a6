#!/bin/sh
# bundle-bench.sh PROGRAM CORPUS [N] — `make bench-bundle`: `campaign
# --target ppc64le --bundle` over the Power campaign in
# CORPUS/power/tests.tgz (its first N tests; all 8141 by default), then
# the bundle unpacked and built with `make -j` (as many jobs as CPUs here)
# and CC=powerpc64le-linux-gnu-gcc, dynamically linked as on the board.
# Prints the time to make the bundle, its size, the build's wall-clock and
# CPU time, both per test, and the disk the built folder takes: the
# figures the bundle's README extrapolates to a small board from.
prog=$1 corpus=$2 n=${3:-0}
cc=powerpc64le-linux-gnu-gcc
if [ ! -f "$corpus/power/tests.tgz" ]; then
  echo "bench-bundle: SKIP: no $corpus/power/tests.tgz (CORPUS=DIR)"
  exit 0
fi
if ! command -v $cc >/dev/null 2>&1; then
  echo "bench-bundle: SKIP: no $cc (apt-get install gcc-powerpc64le-linux-gnu)"
  exit 0
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
tar xzf "$corpus/power/tests.tgz" -C "$tmp" || exit 2
if [ "$n" -gt 0 ]; then
  mkdir "$tmp/some" &&
    ls "$tmp"/power-tests/*.litmus | head -n "$n" | xargs cp -t "$tmp/some" || exit 2
  src=$tmp/some
else
  src=$tmp/power-tests
fi
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
echo "bench-bundle: $(ls "$src" | grep -c '\.litmus$') Power tests for ppc64le, make -j$jobs; load: $(uptime | sed 's/.*load/load/')"
start=$(now)
"$prog" campaign "$src" --target ppc64le --bundle "$tmp/power.tar.gz" \
  -o "$tmp/work" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
made=$(now)
tests=$(sed -n 's/^Bundle [^:]*: \([0-9]*\) of.*/\1/p' "$tmp/out")
tar xzf "$tmp/power.tar.gz" -C "$tmp" || exit 2
# the build, timed: wall clock here, CPU (user + system) from `times`
build_start=$(now)
( cd "$tmp/power" && make -s -j"$jobs" CC=$cc > "$tmp/make" 2>&1; echo $? > "$tmp/rc"; times > "$tmp/times" )
build_end=$(now)
[ "$(cat "$tmp/rc")" = 0 ] || { echo "bench-bundle: make failed:"; tail -n 5 "$tmp/make"; exit 1; }
built=$(ls "$tmp/power/bin" | wc -l)
[ "$built" = "$tests" ] || { echo "bench-bundle: $built binaries for $tests tests"; exit 1; }
cpu=$(sed -n 2p "$tmp/times" | awk '{
  t = 0
  for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] }
  print t }')
disk=$(du -sk "$tmp/power" | cut -f1)
bins=$(du -sk "$tmp/power/bin" | cut -f1)
tgz=$(du -k "$tmp/power.tar.gz" | cut -f1)
awk -v n="$tests" -v s="$start" -v m="$made" -v bs="$build_start" \
    -v be="$build_end" -v cpu="$cpu" -v disk="$disk" -v bins="$bins" \
    -v tgz="$tgz" -v j="$jobs" 'BEGIN {
  printf "bench-bundle: the bundle of %d tests made in %.1f s (%.2f ms a test), %d kB as .tar.gz\n", n, m - s, (m - s) * 1000 / n, tgz
  printf "bench-bundle: built in %.0f s with make -j%d (%.0f ms a test); CPU %.0f s (%.0f ms a test)\n", be - bs, j, (be - bs) * 1000 / n, cpu, cpu * 1000 / n
  printf "bench-bundle: built folder %.0f MB (binaries %.0f MB, %.1f kB a test)\n", disk / 1024, bins / 1024, bins / n
}'
