#!/bin/sh
# bench_coverage.sh LITMUSLAB CORPUS [N] [RUNS] [HWRUN-OPTION...] — part of
# `make bench-hwrun`: does hwrun find the outcomes a classic harness finds?
# The two-thread x86 corpus tests (families BASIC_2_THREAD,
# RELAX_2_THREAD, CO) whose `exists` condition our model allows (one file
# per name: some names repeat across families) run N iterations each
# (default 100k), RUNS times in a row (default 3), with hwrun's defaults
# plus any options given. Prints, per run, how many show their condition
# and which do not; then each test's hits per million in every run,
# rarest first, and a last line: whether every run showed every test
# (issue 18's target). Exits 1 only when a step fails.
prog=$1 corpus=$2 n=${3:-100k} runs=${4:-3}
shift 4 2>/dev/null || shift $#
cache=$(pwd)/build/hwrun-cache
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=hwrun/bench_tests.sh
. "$(dirname "$0")/bench_tests.sh"
coverage_tests "$prog" "$corpus" "$tmp" || exit 1
families=$coverage_families
total=$(wc -l <"$tmp/files")
echo "hwrun coverage: $total two-thread x86 tests ($families) whose condition the model allows; -n $n each, $runs runs, options: ${*:-defaults}"
status=0 r=1
while [ "$r" -le "$runs" ]; do
  start=$(date +%s)
  # shellcheck disable=SC2046
  (cd "$tmp" && "$prog" hwrun -q -n "$n" --cache "$cache" \
     "$@" $(cat files)) >"$tmp/run$r.log" 2>"$tmp/run$r.err" ||
    { echo "coverage: hwrun failed: $(head -n 3 "$tmp/run$r.err")"; exit 1; }
  awk '/^Observation / { print $2, $4 }' "$tmp/run$r.log" | sort >"$tmp/hits$r"
  shown=$(awk '$2 > 0' "$tmp/hits$r" | wc -l)
  missed=$(awk '$2 == 0 { printf " %s", $1 }' "$tmp/hits$r")
  echo "run $r: $shown of $total show their condition ($(($(date +%s) - start)) s; load $(cut -d' ' -f1-3 /proc/loadavg))${missed:+; not shown:$missed}"
  [ "$shown" = "$total" ] || status=1
  r=$((r + 1))
done
echo "hits per million, each run (rarest first):"
cp "$tmp/hits1" "$tmp/joined"
r=2
while [ "$r" -le "$runs" ]; do
  join "$tmp/joined" "$tmp/hits$r" >"$tmp/j" && mv "$tmp/j" "$tmp/joined"
  r=$((r + 1))
done
nn=$(echo "$n" | sed 's/[kK]$/000/; s/[mM]$/000000/')
awk -v n="$nn" '{ min = $2; line = sprintf("  %-36s", $1)
                  for (i = 2; i <= NF; i++) { if ($i < min) min = $i
                    line = line sprintf(" %9.0f", $i * 1e6 / n) }
                  print min, line }' "$tmp/joined" | sort -n | cut -d' ' -f2- >"$tmp/table"
cat "$tmp/table"
if [ "$status" = 0 ]; then
  echo "coverage: every test showed its condition in each of the $runs runs"
else
  echo "coverage: MISSED: a run did not show every test (above)"
fi
exit 0
