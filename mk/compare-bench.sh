#!/bin/sh
# compare-bench.sh PROGRAM — `make bench-compare`: times `litmuslab
# compare` on one test whose hardware log has N (default 2 million)
# distinct states, generated here, and prints the wall time and the peak
# resident size.
prog=$1
n=${STATES:-2000000}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# the model's side: one test T, two states, shared with compare_robust.sh
model=tests/e2e/data/compare-T.model.log
# states in a scrambled order (a multiplier prime to n), as real logs
# are not sorted the way compare keeps them
awk -v n=$n 'BEGIN { print "Test T Allow"; printf "Histogram (%d states)\n", n;
    for (i = 0; i < n; i++) printf "%-8d:> 0:r1=%d; x=1;\n", 1, (i * 7919) % n;
    print "Ok"; print "" }' > "$tmp/hw.log"
start=$(date +%s.%N)
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$tmp/rss" "$prog" compare --model "$model" \
        --hw "$tmp/hw.log" -o "$tmp" > /dev/null 2>&1
else
    echo '?' > "$tmp/rss"
    "$prog" compare --model "$model" --hw "$tmp/hw.log" -o "$tmp" \
        > /dev/null 2>&1
fi
rc=$?
end=$(date +%s.%N)
rows=$(($(wc -l < "$tmp/outcomes.csv") - 1))
awk -v n=$n -v s=$start -v e=$end -v r="$(tail -n 1 "$tmp/rss")" -v rows=$rows \
    -v rc=$rc 'BEGIN {
    printf "bench-compare: one test, %d hardware states: %.2f s, peak %s MB, %d rows in outcomes.csv (exit %d)\n",
           n, e - s, r == "?" ? "?" : int(r / 1024), rows, rc }'
