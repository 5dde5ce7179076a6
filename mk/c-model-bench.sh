#!/bin/sh
# c-model-bench.sh PROGRAM — `make bench-c`: times `litmuslab model` on
# each lock- and RCU-heavy test of litmus/c/ (spin_lock, spin_trylock,
# spin_is_locked, synchronize_rcu, SRCU), one line per test, then on a
# five-thread lock-protected counter made here (--timeout 120). herd7
# takes seconds on 3-5 threads with spin_lock and minutes on RCU tests
# with several grace periods; the aim is 100x faster.
prog=$1
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
