#!/bin/sh
# c-model-bench.sh PROGRAM [GEN [HERD7]] — `make bench-c`: times `litmuslab model` on
# each lock- and RCU-heavy test of litmus/c/ (spin_lock, spin_trylock,
# spin_is_locked, synchronize_rcu, SRCU), one line per test, then on a
# five-thread lock-protected counter made here (--timeout 120). herd7
# takes seconds on 3-5 threads with spin_lock and minutes on RCU tests
# with several grace periods; the issue's aim is 100x faster.
# With GEN (tests/fidelity/gen_c.c) and HERD7, last: side-by-side batch
# runs (one herd7 process, one litmuslab -j 1 process, -timeout 60 s a
# test for both, the same files), each timed in CPU seconds (user + sys
# of the process and its children: the machine may be shared) and wall
# seconds (litmuslab's: the mean of five runs), with the ratio of the
# CPU times: on litmus/c plus BENCH_C_N random tests (seed
# BENCH_C_SEED); on a diy7 family of C tests (585 tests of two and three
# threads, as the kernel collection's generated ones); and with
# BENCH_C_DIR (a clone of the kernel community's collection, say), on
# its C tests of at most BENCH_C_THREADS threads (3) whose path matches
# no BENCH_C_SKIP pattern (grep -E).
prog=$1 gen=$2 herd7=$3
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
time_one() { # $1: test file
    start=$(now)
    "$prog" model --timeout 120 "$1" > "$tmp/out" 2>&1
    end=$(now)
    obs=$(sed -n 's/^Observation [^ ]* \([A-Za-z]*\) .*/\1/p' "$tmp/out")
    awk -v f="$1" -v s=$start -v e=$end -v o="${obs:-no result}" 'BEGIN {
        printf "bench-c: %-45s %8.3f s  %s\n", f, e - s, o }'
}
heavy=$(grep -l 'spin_\|synchronize_s\?rcu\|srcu_' litmus/c/*.litmus)
for f in $heavy; do
    time_one "$f"
done
# All of them in one run (-j 1): the model's time without process starts.
total_start=$(now)
"$prog" model -j 1 $heavy > /dev/null 2>&1
total_end=$(now)
awk -v n="$(echo $heavy | wc -w)" -v s=$total_start -v e=$total_end 'BEGIN {
    printf "bench-c: the %d lock and RCU tests of litmus/c in one run: %.3f s\n", n, e - s }'
# Five threads each incrementing under one spinlock: 5! lock orders.
{
    printf 'C counter+locks5\n\n{}\n\n'
    for i in 0 1 2 3 4; do
        printf 'P%d(int *cnt, spinlock_t *l)\n{\n\tint r0;\n\n' $i
        printf '\tspin_lock(l);\n\tr0 = READ_ONCE(*cnt);\n'
        printf '\tWRITE_ONCE(*cnt, r0 + 1);\n\tspin_unlock(l);\n}\n\n'
    done
    printf 'exists (~cnt=5)\n'
} > "$tmp/counter+locks5.litmus"
time_one "$tmp/counter+locks5.litmus"

# Side by side with herd7 in batch mode.
if [ -z "$gen" ] || [ -z "$herd7" ] || [ ! -x "$herd7" ]; then
    echo "bench-c: side by side with herd7 skipped (make bench-c HERD7=PATH)"
    exit 0
fi
n=${BENCH_C_N:-1000} seed=${BENCH_C_SEED:-1}
mkdir "$tmp/set"
"$gen" "$tmp/set" "$seed" "$n" 1 || exit 2   # 1: sizes unbounded, as herd7 is timed
cp litmus/c/*.litmus "$tmp/set/"
total=$(ls "$tmp/set" | wc -l)
herdlib=$(dirname "$herd7")/share/herd
# cpu T0 T1: user + sys seconds of this shell's waited children between
# two outputs of the `times` builtin (run in this shell, not in $(...),
# whose children are not ours; its second line: "XmY.YYYs XmY.YYYs")
cpu() {
    cat "$1" "$2" | awk 'NR == 2 || NR == 4 { t = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] }
        c[NR] = t } END { printf "%.3f", c[4] - c[2] }'
}
# side_by_side LIST WHAT [again]: one herd7 process, one litmuslab -j 1
# process on the files of LIST (one path a line, no spaces); with
# `again`, then the same on the files both answered (answered_by_both)
side_by_side() {
    total=$(wc -l < "$1")
    hstart=$(now)
    times > "$tmp/h0"
    (cd "$herdlib" 2>/dev/null || true
     exec "$herd7" -conf linux-kernel.cfg -timeout 60 $(cat "$1")) \
        > "$tmp/herd.log" 2> "$tmp/herd.err"
    times > "$tmp/h1"
    hend=$(now)
    ostart=$(now)
    times > "$tmp/o0"
    for k in 1 2 3 4 5; do  # five runs, each a fifth: the tick is 10 ms
        "$prog" model -j 1 --timeout 60 "@$1" > "$tmp/ours.log" 2> "$tmp/ours.err"
    done
    times > "$tmp/o1"
    oend=$(now)
    hn=$(grep -c '^Observation ' "$tmp/herd.log")
    on=$(grep -c '^Observation ' "$tmp/ours.log")
    awk -v t="$total" -v hn="$hn" -v on="$on" -v hs="$hstart" -v he="$hend" \
        -v os="$ostart" -v oe="$oend" -v h="$(cpu "$tmp/h0" "$tmp/h1")" \
        -v o5="$(cpu "$tmp/o0" "$tmp/o1")" -v what="$2" 'BEGIN {
        o = o5 / 5; ow = (oe - os) / 5
        printf "bench-c: %d C tests (%s), one process each: herd7 %.2f s CPU (%.2f s wall, %d answered), litmuslab %.3f s CPU (%.2f s wall, %d answered): %s\n",
            t, what, h, he - hs, hn, o, ow, on,
            (o > 0 ? sprintf("%.0fx", h / o) : "ours under the clock tick") }'
    [ "$3" = again ] && answered_by_both "$1" > "$tmp/both.list" &&
        side_by_side "$tmp/both.list" "$2: the $(wc -l < "$tmp/both.list") both answer"
}
# answered_by_both LIST: the files of LIST whose test both logs of the
# last side_by_side answer (an Observation line). Where one gives up at
# -timeout, its 60 s weigh on the ratio as much as hundreds of small
# tests: the run again on these gives the ratio on the same answers.
answered_by_both() {
    while read -r f; do
        echo "$(sed -n '1s/^[^[:space:]]*[[:space:]]*\([^[:space:]]*\).*/\1/p' "$f") $f"
    done < "$1" > "$tmp/names"
    awk -v names="$tmp/names" 'FILENAME != names { if (/^Observation /) n[$2]++
                                                   next }
        n[$1] == 2 { print $2 }' "$tmp/herd.log" "$tmp/ours.log" "$tmp/names"
}
ls "$tmp/set"/*.litmus > "$tmp/set.list"
side_by_side "$tmp/set.list" "litmus/c and gen_c" again
# The kernel collection's small tests are diy7 families of two and three
# threads (its auto/): such a family, made here.
"$prog" gen -arch C -safe "Rfe Fre Wse PodRR PodRW PodWR PodWW" \
    -relax "FenceMbdWW FenceMbdRR FenceMbdWR FenceMbdRW" -size 6 -nprocs 3 \
    -o "$tmp/fam" > /dev/null 2>&1 && rm -f "$tmp/fam/@all" &&
    ls "$tmp/fam"/*.litmus > "$tmp/fam.list" &&
    side_by_side "$tmp/fam.list" "a diy7 family as the collection's auto/"
# A folder of C tests given (the collection itself): those of at most
# BENCH_C_THREADS threads, as the issue counts them.
if [ -n "$BENCH_C_DIR" ]; then
    max=${BENCH_C_THREADS:-3}
    dir=$(cd "$BENCH_C_DIR" && pwd) || exit 2   # herd7 runs in its folder
    find "$dir" -name '*.litmus' | sort | while read -r f; do
        head -n 1 "$f" | grep -q '^C[[:space:]]' || continue
        n=$(grep -c '^[[:space:]]*P[0-9][0-9]*[[:space:]]*(' "$f")
        [ "$n" -ge 1 ] && [ "$n" -le "$max" ] && echo "$f"
    done > "$tmp/dir.list"
    if [ -n "$BENCH_C_SKIP" ]; then
        grep -Ev "$BENCH_C_SKIP" "$tmp/dir.list" > "$tmp/dir.keep"
        mv "$tmp/dir.keep" "$tmp/dir.list"
    fi
    if [ -s "$tmp/dir.list" ]; then
        side_by_side "$tmp/dir.list" "$BENCH_C_DIR, at most $max threads" again
    else
        echo "bench-c: no C test of at most $max threads in $BENCH_C_DIR"
    fi
fi
