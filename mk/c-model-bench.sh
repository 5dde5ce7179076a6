#!/bin/sh
# c-model-bench.sh PROGRAM [GEN [HERD7]] — `make bench-c`: times `litmuslab model` on
# each lock- and RCU-heavy test of litmus/c/ (spin_lock, spin_trylock,
# spin_is_locked, synchronize_rcu, SRCU), one line per test, then on a
# five-thread lock-protected counter made here (--timeout 120). herd7
# takes seconds on 3-5 threads with spin_lock and minutes on RCU tests
# with several grace periods; the aim is 100x faster.
# With GEN (tests/fidelity/gen_c.c) and HERD7, last: the side-by-side
# batch run (one herd7 process, one litmuslab -j 1 process) on litmus/c
# plus BENCH_C_N random tests (seed BENCH_C_SEED), -timeout 60 s a test
# for both, and the ratio of the two times; then the same on a diy7
# family of C tests (585 tests of two and three threads, as the kernel
# collection's generated ones).
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
# side_by_side DIR WHAT: one herd7 process, one litmuslab -j 1 process
side_by_side() {
    total=$(ls "$1" | wc -l)
    hstart=$(now)
    (cd "$herdlib" 2>/dev/null || true
     "$herd7" -conf linux-kernel.cfg -timeout 60 "$1"/*.litmus) \
        > "$tmp/herd.log" 2> "$tmp/herd.err"
    hend=$(now)
    ostart=$(now)
    "$prog" model -j 1 --timeout 60 "$1"/*.litmus > "$tmp/ours.log" 2> "$tmp/ours.err"
    oend=$(now)
    hn=$(grep -c '^Observation ' "$tmp/herd.log")
    on=$(grep -c '^Observation ' "$tmp/ours.log")
    awk -v t="$total" -v hn="$hn" -v on="$on" -v hs="$hstart" -v he="$hend" \
        -v os="$ostart" -v oe="$oend" -v what="$2" 'BEGIN {
        h = he - hs; o = oe - os
        printf "bench-c: %d C tests (%s), one process each: herd7 %.2f s (%d answered), litmuslab %.2f s (%d answered): %.0fx\n",
            t, what, h, hn, o, on, (o > 0 ? h / o : 0) }'
}
side_by_side "$tmp/set" "litmus/c and gen_c"
# The kernel collection's small tests are diy7 families of two and three
# threads (its auto/): such a family, made here.
"$prog" gen -arch C -safe "Rfe Fre Wse PodRR PodRW PodWR PodWW" \
    -relax "FenceMbdWW FenceMbdRR FenceMbdWR FenceMbdRW" -size 6 -nprocs 3 \
    -o "$tmp/fam" > /dev/null 2>&1 && rm -f "$tmp/fam/@all" &&
    side_by_side "$tmp/fam" "a diy7 family as the collection's auto/"
