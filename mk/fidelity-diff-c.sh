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
# default 1; batch b uses seed FIDELITY_SEED+b), FIDELITY_BATCH (tests
# per herd7 process, default 200), FIDELITY_TIMEOUT (seconds per test
# for both, default 20), FIDELITY_JOBS (batches run at once, default 1:
# 2 keeps both cores busy), FIDELITY_LARGE (the generator's LARGE: one
# test in LARGE may be large, default 8; 1 for all), FIDELITY_MACROS
# (a .def file for both tools, and srcu_down_read/srcu_up_read in the
# C tests: herd7 7.58's def has neither), FIDELITY_KEEP
# (folder where disagreeing tests are copied with both outputs, default
# reports/fidelity-diff-c or reports/fidelity-diff-lisa; when it is set,
# tests we time out on and herd7 answers go to its slow/ with herd7's
# output and Time line). The same
# seeds give the same tests whatever FIDELITY_JOBS is; each finished
# batch prints the totals so far, the end the tests per hour.
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
jobs=${FIDELITY_JOBS:-1} large=${FIDELITY_LARGE:-8}
case $jobs$large$n$batch in *[!0-9]*|'') echo "$me: FIDELITY_JOBS, _LARGE, _N, _BATCH must be numbers" >&2; exit 2 ;; esac
[ "$jobs" -ge 1 ] && [ "$batch" -ge 1 ] || { echo "$me: FIDELITY_JOBS and FIDELITY_BATCH must be >= 1" >&2; exit 2; }
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
# FIDELITY_MACROS=FILE.def: herd7 -macros and our --macros read it, and
# gen_c makes srcu_down_read/srcu_up_read (doc/fidelity.md)
ours_macros=
if [ -n "${FIDELITY_MACROS:-}" ]; then
    [ -f "$FIDELITY_MACROS" ] || { echo "$me: no file $FIDELITY_MACROS (FIDELITY_MACROS)" >&2; exit 2; }
    set -- "$@" -macros "$FIDELITY_MACROS"
    ours_macros=$FIDELITY_MACROS
    GEN_C_SRCU_DOWN=1; export GEN_C_SRCU_DOWN
fi
# entries.awk: one line per test, NAME TAB its entry with lines joined
# by '|' and the Time line dropped
cat > "$tmp/entries.awk" <<'END'
/^Test / { name = $2; buf = ""; on = 1 }
on && /^Time / { next }
on && /^$/ { print name "\t" buf; on = 0; next }
on { buf = buf $0 "|" }
END
# keep_slow FILE NAME DIR: a test herd7 answered and we timed out on,
# kept in $keep/slow with herd7's entry (its Time line too: how fast
# herd7 was) and our error lines, so that slow tests can be studied
keep_slow() {
    mkdir -p "$keep/slow"
    cp "$1" "$keep/slow/"
    awk -v n="$2" '$1 == "Test" && $2 == n { on = 1 }
        on && /^$/ { exit } on' "$3/herd.log" > "$keep/slow/$2.herd7"
    grep "$2" "$3/ours.err" > "$keep/slow/$2.ours"
    echo "$me: $2: we timed out, herd7 did not (kept in $keep/slow)"
}
# batch B (seed seed+B, its own folder): writes $tmp/B.counts, "tests
# agree differ herd7-no ours-no herd7-seconds ours-seconds"
run_batch() {
    b=$1 d=$tmp/b$1
    shift
    k=$batch; [ $((n - b * batch)) -lt $k ] && k=$((n - b * batch))
    rm -rf "$d"; mkdir -p "$d/t"
    "$gen" "$d/t" $((seed + b)) "$k" "$large" || return 2
    t0=$(date +%s.%N)
    "$herd7" "$@" -timeout "$to" "$d"/t/*.litmus > "$d/herd.log" 2> "$d/herd.err"
    t1=$(date +%s.%N)
    "$prog" model ${ours_macros:+--macros "$ours_macros"} --timeout "$to" \
        "$d"/t/*.litmus > "$d/ours.log" 2> "$d/ours.err"
    t2=$(date +%s.%N)
    awk -f "$tmp/entries.awk" "$d/herd.log" | sort > "$d/h.tsv"
    awk -f "$tmp/entries.awk" "$d/ours.log" | sort > "$d/o.tsv"
    agree=0 differ=0 herd_no=0 ours_no=0
    for f in "$d"/t/*.litmus; do
        name=$(basename "$f" .litmus)
        h=$(grep "^$name	" "$d/h.tsv")
        o=$(grep "^$name	" "$d/o.tsv")
        if [ -z "$h" ]; then
            herd_no=$((herd_no + 1))
        elif [ -z "$o" ] && grep -q -e "test $name: timeout" \
                -e "/$name.litmus: timeout after" "$d/ours.err"; then
            # the model's own timeout, or the batch's worker stopped over it
            ours_no=$((ours_no + 1))
            [ -n "${FIDELITY_KEEP:-}" ] && keep_slow "$f" "$name" "$d"
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
                grep "$name" "$d/ours.err" > "$keep/$name.ours"
            fi
            echo "$me: $name differs (kept in $keep)"
        fi
    done
    awk -v k="$k" -v a=$agree -v d=$differ -v h=$herd_no -v o=$ours_no \
        -v t0="$t0" -v t1="$t1" -v t2="$t2" \
        'BEGIN { printf "%d %d %d %d %d %.2f %.2f\n", k, a, d, h, o, t1 - t0, t2 - t1 }' \
        > "$d.tmp" && mv "$d.tmp" "$tmp/$b.counts"
    rm -rf "$d"
}
# the totals over the batches done so far (all jobs)
totals() {
    cat "$tmp"/*.counts 2> /dev/null | awk '
        { for (i = 1; i <= 7; i++) s[i] += $i }
        END { printf "%d %d %d %d %d %.2f %.2f\n", s[1], s[2], s[3], s[4], s[5], s[6], s[7] }'
}
report() {
    totals | { read -r t a d h o hs os
        echo "$me: $t tests: $a agree, $d differ, $h herd7 refused or timed out, $o we timed out (herd7 $hs s, litmuslab $os s)"; }
}
# job J runs batches J, J + jobs, J + 2 jobs, ...
nb=$(( (n + batch - 1) / batch ))
start=$(date +%s.%N)
j=0
while [ $j -lt "$jobs" ]; do
    (   b=$j
        while [ $b -lt $nb ]; do
            run_batch $b "$@" || exit 2
            report
            b=$((b + jobs))
        done ) &
    j=$((j + 1))
done
wait
end=$(date +%s.%N)
totals | { read -r t a d h o hs os
    awk -v s="$start" -v e="$end" -v t="$t" -v me="$me" -v j="$jobs" \
        -v seeds="$seed..$((seed + nb - 1))" 'BEGIN {
        printf "%s: %d s in all, seeds %s, %d job(s): %d tests per hour\n",
            me, e - s, seeds, j, (e > s ? t * 3600 / (e - s) : 0) }'
    [ "$d" = 0 ] && [ $((a + d + h + o)) = "$n" ]; }
