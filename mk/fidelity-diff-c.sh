#!/bin/sh
# fidelity-diff-c.sh PROGRAM GEN HERD7 [lisa] — `make fidelity-diff-c`:
# random kernel-style C tests (GEN: tests/fidelity/gen_c.c) modelled by
# litmuslab and by herd7 -conf linux-kernel.cfg, batch after batch; with
# `lisa` (`make fidelity-diff-lisa`), random LISA tests (GEN:
# tests/fidelity/gen_lisa.c) and herd7 with a bell made here, in the
# temporary folder, that declares the lock sets empty and includes
# linux-kernel.bell, and -model linux-kernel.cat (herd7's LISA front end
# makes no lock events, so linux-kernel.cfg fails on LKR). Each test's
# two outputs (Time lines dropped) must be the same byte for byte:
# states, verdict, witness counts, Flag lines, condition, Observation,
# Hash. A test herd7 refuses or times out on is counted apart, as is one
# we time out on; a test we refuse that herd7 answers is a disagreement.
# Env: FIDELITY_N (tests, default 2000), FIDELITY_SEED (first seed,
# default 1), FIDELITY_BATCH (tests per herd7 process, default 200),
# FIDELITY_TIMEOUT (seconds per test for both, default 20),
# FIDELITY_KEEP (folder where disagreeing tests are copied with both
# outputs, default reports/fidelity-diff-c or reports/fidelity-diff-lisa).
# Exit 0 when nothing disagrees, 1 otherwise, 2 on a usage error.
prog=$1 gen=$2 herd7=$3 lang=${4:-c}
[ -x "$prog" ] && [ -x "$gen" ] && [ -n "$herd7" ] &&
    { [ "$lang" = c ] || [ "$lang" = lisa ]; } || {
    echo "usage: fidelity-diff-c.sh PROGRAM GEN HERD7 [lisa]" >&2; exit 2; }
me=fidelity-diff-$lang
command -v "$herd7" > /dev/null 2>&1 || [ -x "$herd7" ] || {
    echo "$me: herd7 '$herd7' not found (make $me HERD7=PATH)" >&2; exit 2; }
n=${FIDELITY_N:-2000} seed=${FIDELITY_SEED:-1} batch=${FIDELITY_BATCH:-200}
to=${FIDELITY_TIMEOUT:-20} keep=${FIDELITY_KEEP:-reports/$me}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ "$lang" = lisa ]; then
    printf '%s\n' 'let LKR = R \ R' 'let LKW = W \ W' 'let UL = W \ W' \
        'let LF = R \ R' 'let RL = R \ R' 'let RU = R \ R' \
        'include "linux-kernel.bell"' > "$tmp/lisa.bell"
    set -- -bell "$tmp/lisa.bell" -model linux-kernel.cat
else
    set -- -conf linux-kernel.cfg
fi
# entries.awk: one line per test, NAME TAB its entry with lines joined
# by '|' and the Time line dropped
cat > "$tmp/entries.awk" <<'END'
/^Test / { name = $2; buf = ""; on = 1 }
on && /^Time / { next }
on && /^$/ { print name "\t" buf; on = 0; next }
on { buf = buf $0 "|" }
END
done_n=0 agree=0 differ=0 herd_no=0 ours_no=0 ours_time=0 herd_time=0
start=$(date +%s)
while [ $done_n -lt "$n" ]; do
    k=$batch; [ $((n - done_n)) -lt $k ] && k=$((n - done_n))
    rm -rf "$tmp/t"; mkdir "$tmp/t"
    "$gen" "$tmp/t" "$seed" "$k" || exit 2
    t0=$(date +%s.%N)
    "$herd7" "$@" -timeout "$to" "$tmp"/t/*.litmus \
        > "$tmp/herd.log" 2> "$tmp/herd.err"
    t1=$(date +%s.%N)
    "$prog" model --timeout "$to" "$tmp"/t/*.litmus > "$tmp/ours.log" 2> "$tmp/ours.err"
    t2=$(date +%s.%N)
    herd_time=$(awk -v a="$herd_time" -v s="$t0" -v e="$t1" 'BEGIN { printf "%.2f", a + e - s }')
    ours_time=$(awk -v a="$ours_time" -v s="$t1" -v e="$t2" 'BEGIN { printf "%.2f", a + e - s }')
    awk -f "$tmp/entries.awk" "$tmp/herd.log" | sort > "$tmp/h.tsv"
    awk -f "$tmp/entries.awk" "$tmp/ours.log" | sort > "$tmp/o.tsv"
    for f in "$tmp"/t/*.litmus; do
        name=$(basename "$f" .litmus)
        h=$(grep "^$name	" "$tmp/h.tsv")
        o=$(grep "^$name	" "$tmp/o.tsv")
        if [ -z "$h" ]; then
            herd_no=$((herd_no + 1))
        elif [ -z "$o" ] && grep -q "test $name: timeout" "$tmp/ours.err"; then
            ours_no=$((ours_no + 1))
        elif [ "$h" = "$o" ]; then
            agree=$((agree + 1))
        else
            differ=$((differ + 1))
            mkdir -p "$keep"
            cp "$f" "$keep/"
            printf '%s\n' "$h" | cut -f 2 | tr '|' '\n' > "$keep/$name.herd7"
            if [ -n "$o" ]; then
                printf '%s\n' "$o" | cut -f 2 | tr '|' '\n' > "$keep/$name.ours"
            else
                grep "$name" "$tmp/ours.err" > "$keep/$name.ours"
            fi
            echo "$me: $name differs (kept in $keep)"
        fi
    done
    done_n=$((done_n + k)); seed=$((seed + 1))
    echo "$me: $done_n tests: $agree agree, $differ differ, $herd_no herd7 refused or timed out, $ours_no we timed out (herd7 $herd_time s, litmuslab $ours_time s)"
done
echo "$me: $(( $(date +%s) - start )) s in all, seeds ${FIDELITY_SEED:-1}..$((seed - 1))"
[ $differ = 0 ]
