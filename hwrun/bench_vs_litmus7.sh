#!/bin/sh
# bench_vs_litmus7.sh LITMUSLAB CORPUS LITMUS7 — part of `make
# bench-hwrun`: hwrun side by side with litmus7 (its best options: -a 2
# -barrier userfence -affinity incr1; each binary run -s 1000 -r N/1000),
# alternating per test, on this machine:
#   1. SB's and R's outcomes of the condition per second, RUNS runs (3)
#      of RATE_N iterations (10M), medians and ratios; hwrun with -mode
#      auto (perpetual for SB; R, whose condition is on a location two
#      threads write, runs classic) and -mode classic;
#   2. coverage of the allowed two-thread x86 corpus conditions
#      (bench_tests.sh) at each of COV_N (100k 1M): how many show;
#   3. the 20 conditions rarest under litmus7 at the last COV_N: time to
#      the first observation, estimated as the run's time over its hits
#      (a bound, marked >, when none showed), and the median ratio.
# Skipped with a message when LITMUS7 is not there. Env: RATE_N, RUNS,
# COV_N, HWRUN_ARGS (default -mode auto). Exits 1 only when a step fails.
prog=$1 corpus=$2 l7=$3
rate_n=${RATE_N:-10M} runs=${RUNS:-3} cov_n=${COV_N:-100k 1M}
ours_args=${HWRUN_ARGS:--mode auto}
if [ -z "$l7" ] || [ ! -x "$l7" ]; then
  echo "hwrun vs litmus7: skipped: no litmus7 (LITMUS7=${l7:-unset})"
  exit 0
fi
cache=$(pwd)/build/hwrun-cache
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
count() { echo "$1" | sed 's/[kK]$/000/; s/[mM]$/000000/'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# The shared tools' copy keeps litmus7's library with its symbolic links
# flattened into files naming their target (`../_x86/mbar.c`): a copy
# with each such file replaced by its target, passed with -set-libdir.
l7bin=$l7 l7lib=
d=$(dirname "$l7")
if [ -x "$d/bin/litmus7" ] && [ -d "$d/share/litmus" ]; then
  l7bin=$d/bin/litmus7 l7lib=$tmp/l7lib
  cp -r "$d/share/litmus" "$l7lib" && chmod -R u+w "$l7lib" || exit 1
  find "$l7lib" -type f -size -64c | while read -r f; do
    c=$(cat "$f")
    case $c in ../*) [ -f "$(dirname "$f")/$c" ] && cp "$(dirname "$f")/$c" "$f" ;; esac
  done
fi
# litmus7 FILES...: build the tests into $tmp/l7 (NAME.exe)
litmus7_build() {
  mkdir -p "$tmp/l7"
  (cd "$tmp" && "$l7bin" ${l7lib:+-set-libdir "$l7lib"} -a 2 \
     -barrier userfence -affinity incr1 -o "$tmp/l7" "$@") \
    >"$tmp/l7.out" 2>&1 ||
    { echo "litmus7 failed: $(tail -n 3 "$tmp/l7.out")"; exit 1; }
  make -C "$tmp/l7" -j2 >"$tmp/l7make.out" 2>&1 ||
    { echo "litmus7's make failed: $(grep -m 3 error "$tmp/l7make.out")"; exit 1; }
}
# one_run WHO FILE N: "HITS SECONDS" of one run (WHO: ours, classic, l7)
one_run() {
  name=$(basename "$2" .litmus)
  case $1 in
    l7) "$tmp/l7/$name.exe" -q -s 1000 -r $(( $(count "$3") / 1000 )) ;;
    classic) "$prog" hwrun -q -n "$3" -mode classic --cache "$cache" "$tmp/$2" ;;
    *) # shellcheck disable=SC2086
       "$prog" hwrun -q -n "$3" $ours_args --cache "$cache" "$tmp/$2" ;;
  esac 2>/dev/null | awk '/^Observation / { h = $4 } /^Time / { t = $3 }
                          END { print (h == "" ? 0 : h), (t == "" ? 0 : t) }'
}

# shellcheck source=hwrun/bench_tests.sh
. "$(dirname "$0")/bench_tests.sh"
coverage_tests "$prog" "$corpus" "$tmp" || exit 1
total=$(wc -l <"$tmp/files")
base=tests/non-mixed-size/BASIC_2_THREAD
grep -q "^$base/SB.litmus\$" "$tmp/files" && grep -q "^$base/R.litmus\$" "$tmp/files" ||
  { echo "hwrun vs litmus7: $base/SB.litmus or R.litmus is not among the tests"; exit 1; }
# shellcheck disable=SC2046
litmus7_build $(cat "$tmp/files")
echo "hwrun vs litmus7 ($l7, -a 2 -barrier userfence -affinity incr1; hwrun $ours_args); $(grep -m 1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) PUs; load $(load)"

# 1. rates
for t in SB R; do
  : >"$tmp/rate.ours"; : >"$tmp/rate.classic"; : >"$tmp/rate.l7"
  r=1
  while [ "$r" -le "$runs" ]; do
    for who in ours classic l7; do
      one_run $who "$base/$t.litmus" "$rate_n" |
        awk '{ printf "%.0f\n", ($2 > 0 ? $1 / $2 : 0) }' >>"$tmp/rate.$who"
    done
    r=$((r + 1))
  done
  med() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
  o=$(med "$tmp/rate.ours") c=$(med "$tmp/rate.classic") l=$(med "$tmp/rate.l7")
  awk -v t="$t" -v o="$o" -v c="$c" -v l="$l" -v n="$rate_n" -v runs="$runs" 'BEGIN {
    printf "%-2s condition per second, -n %s, median of %d: hwrun %.3g (%s), classic %.3g (%s), litmus7 %.3g\n",
      t, n, runs, o, (l > 0 ? sprintf("%.1fx", o / l) : "litmus7 none"),
      c, (l > 0 ? sprintf("%.1fx", c / l) : "-"), l }'
done
echo "  (load $(load)); perpetual counts combinations of iterations: see doc/hwrun-perpetual.md"

# 2. and 3. coverage, alternating per test
for n in $cov_n; do
  : >"$tmp/cov"
  while read -r f; do
    ours=$(one_run ours "$f" "$n")
    theirs=$(one_run l7 "$f" "$n")
    echo "$(basename "$f" .litmus) $ours $theirs" >>"$tmp/cov"
  done <"$tmp/files"
  awk -v n="$n" -v total="$total" -v load="$(load)" '
    $2 > 0 { o++ } $4 > 0 { l++ } $2 == 0 { mo = mo " " $1 } $4 == 0 { ml = ml " " $1 }
    END { printf "coverage -n %s: hwrun %d/%d, litmus7 %d/%d (load %s)\n", n, o, total, l, total, load
          if (mo != "") print "  hwrun missed:" mo
          if (ml != "") print "  litmus7 missed:" ml }' "$tmp/cov"
done
echo "the 20 conditions rarest under litmus7 (-n $n): time to the first observation, s (run time / hits)"
awk -v n="$(count "$n")" '{ print ($4 * 1e6 / n), $0 }' "$tmp/cov" | sort -g | head -n 20 |
  awk '{ name = $2; oh = $3; ot = $4; lh = $5; lt = $6
         o = oh > 0 ? ot / oh : ot; l = lh > 0 ? lt / lh : lt
         r = o > 0 ? l / o : 0; ratio[NR] = r
         printf "  %-36s hwrun %s%.2e  litmus7 %s%.2e  %.1fx\n", name,
                (oh > 0 ? "" : ">"), o, (lh > 0 ? "" : ">"), l, r }
       END { for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++)
               if (ratio[j] < ratio[i]) { x = ratio[i]; ratio[i] = ratio[j]; ratio[j] = x }
             printf "  median ratio (litmus7 / hwrun): %.1fx\n", NR % 2 ? ratio[(NR + 1) / 2] : (ratio[NR / 2] + ratio[NR / 2 + 1]) / 2 }'
exit 0
