#!/bin/sh
# model-scale-bench.sh PROGRAM — the large set of `make bench-model`
# (mk/scale-gen.sh: locks, RCU chains, many writes to one location, up to
# 16 threads): each test timed alone on one core under --timeout
# ${TIMEOUT:-60}, wall and CPU seconds (the machine may be shared), with
# its peak resident size; with HERD7=PATH also herd7's times (its
# timeout ${HERD7_TIMEOUT:-60} s; C tests under -conf linux-kernel.cfg
# from HERDLIB, default PATH's share/herd), the ratio herd7/ours in CPU
# seconds, and whether states, verdict and counts agree. Exit 1 when a
# test is over the time limit or differs from herd7.
prog=$1
timeout=${TIMEOUT:-60}
htimeout=${HERD7_TIMEOUT:-60}
herd=${HERD7:-}
if [ -n "$herd" ]; then
    herd=$(cd "$(dirname "$herd")" && pwd)/$(basename "$herd")
    herdlib=${HERDLIB:-$(dirname "$herd")/share/herd}
fi
mk_dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
sh "$mk_dir/scale-gen.sh" "$tmp/set" || exit 2
now() { date +%s.%N; }
# one core each: ours on the first, herd7 on the last, when taskset is here
pin0= pin1=
if command -v taskset > /dev/null 2>&1; then
    last=$(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) - 1))
    pin0="taskset -c 0" pin1="taskset -c $last"
fi
# The part of a log entry both must agree on: sorted states, then the
# Observation line (verdict and counts), without the test's time.
answer() {
    awk '/^States /{s=1; next} s && /^(Ok|No)$/{s=0} s{print "S " $0}
         /^Observation /{print}' "$1" | sort
}
# /usr/bin/time's last line: CPU seconds (user + system), peak KB
rss() {                         # peak resident MB
    awk 'END { if ($2 ~ /^[0-9]+$/) printf "%d", $2 / 1024; else printf "?" }' "$1"
}
cpu() {                         # CPU seconds, or the wall time given
    awk -v w="$2" 'END { if ($1 ~ /^[0-9.]+$/) printf "%.2f", $1; else printf "%s", w }' "$1"
}
timed() {                       # timed OUT ERR RES CMD...: wall seconds
    o=$1 e=$2 r=$3; shift 3
    t0=$(now)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%U %S %M' -o "$r" "$@" > "$o" 2> "$e"
        awk 'END { print $1 + $2, $3 }' "$r" > "$r.1" && mv "$r.1" "$r"
    else
        "$@" > "$o" 2> "$e"; echo '? ?' > "$r"
    fi
    t1=$(now)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}
status=0 total=0 ctotal=0 htotal=0 n=0 slow=0 diff=0 hdone=0 ours_on_hdone=0
# times: wall seconds / CPU seconds (the machine may be shared)
printf '%-14s %3s %15s %5s  %-20s' test thr 'ours wall/cpu' MB answer
[ -n "$herd" ] && printf ' %15s %7s %s' 'herd7 wall/cpu' ratio same
echo
while read -r f; do
    name=$(basename "$f" .litmus)
    thr=$(grep -c '^ *P[0-9][0-9]*(' "$f")
    [ "$thr" -gt 0 ] || thr=$(sed -n 3p "$f" | tr '|' '\n' | wc -l)
    t=$(timed "$tmp/o" "$tmp/e" "$tmp/r" $pin0 "$prog" model \
        --timeout "$timeout" "$f")
    obs=$(awk '/^Observation /{print $3, $4, $5}' "$tmp/o")
    [ -n "$obs" ] || { obs="($(head -n 1 "$tmp/e" | sed 's/.*: test [^:]*: //'))"; slow=$((slow + 1)); status=1; }
    c=$(cpu "$tmp/r" "$t")
    total=$(awk -v a="$total" -v b="$t" 'BEGIN { print a + b }')
    ctotal=$(awk -v a="$ctotal" -v b="$c" 'BEGIN { print a + b }')
    n=$((n + 1))
    printf '%-14s %3d %15s %5s  %-20s' "$name" "$thr" "$t/$c" "$(rss "$tmp/r")" "$obs"
    if [ -n "$herd" ]; then
        case $(head -n 1 "$f") in
        C\ *) conf="-conf linux-kernel.cfg" ;;
        *) conf= ;;
        esac
        ht=$(cd "$herdlib" && timed "$tmp/h" "$tmp/he" "$tmp/hr" \
             timeout "$htimeout" $pin1 "$herd" -I "$herdlib" $conf "$f")
        hc=$(cpu "$tmp/hr" "$ht")
        if grep -q '^Observation ' "$tmp/h"; then
            hdone=$((hdone + 1))
            htotal=$(awk -v a="$htotal" -v b="$hc" 'BEGIN { print a + b }')
            ours_on_hdone=$(awk -v a="$ours_on_hdone" -v b="$c" 'BEGIN { print a + b }')
            ratio=$(awk -v h="$hc" -v o="$c" 'BEGIN { printf "%.0fx", h / (o < 0.01 ? 0.01 : o) }')
            answer "$tmp/o" > "$tmp/oa"; answer "$tmp/h" > "$tmp/ha"
            if cmp -s "$tmp/oa" "$tmp/ha"; then same=yes
            else same=DIFFERENT; diff=$((diff + 1)); status=1; fi
            printf ' %15s %7s %s' "$ht/$hc" "$ratio" "$same"
        else
            printf ' %15s %7s %s' ">${htimeout}/$hc" "-" "-"
        fi
    fi
    echo
done < "$tmp/set/list"
printf 'bench-model large set: %d tests in %.1f s wall, %.1f s CPU (one core), %d over %d s\n' \
    "$n" "$total" "$ctotal" "$slow" "$timeout"
if [ -n "$herd" ]; then
    awk -v h="$htotal" -v o="$ours_on_hdone" -v k="$hdone" -v n="$n" \
        -v d="$diff" -v ht="$htimeout" 'BEGIN {
        printf "bench-model large set: herd7 answered %d of %d within %d s: %.1f s CPU against our %.2f s on them (%.0fx); %d differ\n",
               k, n, ht, h, o, h / (o < 0.01 ? 0.01 : o), d }'
fi
exit $status
