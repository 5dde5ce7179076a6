#!/bin/sh
# fidelity-diff-asm.sh PROGRAM HERD7 HERDLIB — `make fidelity-diff-asm`:
# random small tests (mk/fidelity-gen*.awk) for PPC, X86_64, ARM, AArch64
# and RISCV, each modelled by herd7 (its default model for the
# architecture), by our built-in model, and by herd7's own model file
# read by our interpreter (-I HERDLIB -model FILE). Both of ours are compared with herd7
# (mk/model-compare.awk: verdict and states; the Positive/Negative and
# Hash= agreement is counted too). Tests herd7 refuses are left out.
# Then both again under a model of every candidate coherent per
# location (uniproc only: no ordering hides what the values are, so a
# cycle of copies shows herd7's symbols, doc/fidelity.md), compared the
# same way, with FIDELITY_EVERY=1 (half as long again, so off by
# default; its runs and what it found are in doc/fidelity.md).
# Env: FIDELITY_N (tests per architecture and round, default 200),
# FIDELITY_ROUNDS (default 1), FIDELITY_SEED (first round's seed, default
# 1; round k uses seed+k-1), FIDELITY_ARCHS (default all five),
# FIDELITY_KEEP (folder where disagreeing tests are copied with both
# outputs, default reports/fidelity-diff-asm), FIDELITY_JOBS (rounds
# run at once, default 1: 2 keeps both cores busy; the same seeds give
# the same tests whatever it is), FIDELITY_HERD_TIMEOUT
# (herd7's CPU seconds per test, default 30: a three-thread test with
# many writes to one location can take herd7 minutes; one it gives up
# is left out as one it refuses). Known differences
# (mk/herd-known-differences.txt, by test shape) are not repeated here:
# every difference is listed. Exit 1 when something differs.
prog=$1 herd7=$2 lib=$3
[ -x "$prog" ] && [ -x "$herd7" ] || {
    echo "usage: fidelity-diff-asm.sh PROGRAM HERD7 HERDLIB" >&2; exit 2; }
mk_dir=$(cd "$(dirname "$0")" && pwd)
. "$mk_dir/model-compare.sh"
n=${FIDELITY_N:-200} rounds=${FIDELITY_ROUNDS:-1} seed0=${FIDELITY_SEED:-1}
archs=${FIDELITY_ARCHS:-PPC X86_64 ARM AArch64 RISCV}
keep=${FIDELITY_KEEP:-reports/fidelity-diff-asm}
herd_timeout=${FIDELITY_HERD_TIMEOUT:-30} jobs=${FIDELITY_JOBS:-1}
every=${FIDELITY_EVERY:-0}
case $jobs in *[!0-9]*|''|0) echo "fidelity-diff-asm: FIDELITY_JOBS must be a number >= 1" >&2; exit 2 ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)
# the every-candidate model: herd7 needs cos.cat to build co, and co and
# fr are no built-in names of ours either (our cos-opt.cat binds them)
{ printf '"every candidate, uniproc"\ninclude "cos-opt.cat"\n'
  printf 'acyclic po-loc | rf | co | fr as uniproc\n'; } > "$tmp/every.cat"
{ printf '"every candidate, uniproc"\ninclude "cos.cat"\n'
  printf 'acyclic po-loc | rf | co | fr as uniproc\n'; } > "$tmp/every-herd.cat"
# A log entry's verdict and states, the states sorted: equal for two
# entries whose states differ in order only.
states_sorted() {
    { sed -n '/^Ok$\|^No$/p' "$1"
      sed -n '/^States/,/^Ok$\|^No$/p' "$1" | sed '1d;$d' | sort; }
}
herd_file() {
    case $1 in
        PPC) echo ppc.cat ;; X86_64) echo x86tso-mixed.cat ;;
        ARM) echo arm.cat ;; AArch64) echo aarch64.cat ;;
        RISCV) echo riscv.cat ;; *) echo "" ;;
    esac
}
# one round: ARCH SEED; writes $tmp/counts/ARCH-SEED, "tests agree
# counts-equal tests-file agree-file", and prints each difference
run_round() {
    arch=$1 seed=$2
    d=$tmp/$arch-$seed
    mkdir -p "$d"
    # shellcheck disable=SC2046
    awk -v arch="$arch" -v n="$n" -v seed="$seed" -v dir="$d" \
        $(for f in "$mk_dir"/fidelity-gen*.awk; do echo "-f $f"; done)
    "$herd7" -timeout "$herd_timeout" "$d"/*.litmus > "$d.herd" 2> /dev/null
    "$prog" model "$d"/*.litmus > "$d.ours" 2> "$d.ours.err"
    f=$(herd_file "$arch")
    sides=ours
    if [ -n "$f" ] && [ -f "$lib/$f" ]; then
        "$prog" model -I "$lib" -model "$f" "$d"/*.litmus > "$d.file" \
            2> "$d.file.err"
        sides="ours file"
    fi
    if [ "$every" != 0 ]; then
        "$herd7" -timeout "$herd_timeout" -I "$lib" -model "$tmp/every-herd.cat" \
            "$d"/*.litmus > "$d.herd-every" 2> /dev/null
        "$prog" model -model "$tmp/every.cat" "$d"/*.litmus > "$d.every" \
            2> "$d.every.err"
        sides="$sides every"
    fi
    tot=0 agree=0 counts=0 tot_f=0 agree_f=0 tot_e=0 agree_e=0 counts_e=0
    for side in $sides; do
        herd=$d.herd
        [ $side = every ] && herd=$d.herd-every
        compare_with_herd "$arch" "$herd" "$d.$side" /dev/null \
            "$d.$side.cmp" > /dev/null
        t=$(sed -n 's/^[^:]*: \([0-9]*\) tests in.*/\1/p' "$d.$side.cmp")
        a=$(sed -n 's/.*: \([0-9]*\) agree (verdict.*/\1/p' "$d.$side.cmp")
        c=$(sed -n 's/.*counts equal on \([0-9]*\) of.*/\1/p' "$d.$side.cmp")
        case $side in
            ours) tot=$t agree=$a counts=${c:-0} ;;
            every) tot_e=$t agree_e=$a counts_e=${c:-0} ;;
            *) tot_f=$t agree_f=$a ;;
        esac
        for name in $(sed -n 's/^  \(differ\|missing\): //p' "$d.$side.cmp"); do
            mkdir -p "$keep"
            cp "$d/$name.litmus" "$keep/"
            h=$keep/$name.herd7
            [ $side = every ] && h=$keep/$name.herd7-every
            awk -v t="$name" '/^Test /{on = $2 == t} on' "$herd" > "$h"
            awk -v t="$name" '/^Test /{on = $2 == t} on' "$d.$side" > "$keep/$name.$side"
            how=differs
            if [ "$(states_sorted "$h")" = \
                 "$(states_sorted "$keep/$name.$side")" ]; then
                how="differs in the order of its states only"
            fi
            case $side in
                ours) what="built-in model" ;;
                every) what="every-candidate model" ;;
                *) what="herd7's $f" ;;
            esac
            echo "  $arch: $name $how ($what), kept in $keep"
        done
    done
    echo "$tot $agree $counts $tot_f $agree_f $tot_e $agree_e $counts_e" > "$d.counts"
    mv "$d.counts" "$tmp/counts/$arch-$seed"
    rm -rf "$d" "$d".*
}
# the rounds, ARCH:SEED, in order; job J runs the J-th, J+jobs-th, ...
mkdir "$tmp/counts"
units=
for arch in $archs; do
    r=0
    while [ $r -lt "$rounds" ]; do
        units="$units $arch:$((seed0 + r))"; r=$((r + 1))
    done
done
j=0
while [ $j -lt "$jobs" ]; do
    (   i=0
        for u in $units; do
            [ $((i % jobs)) = $j ] && run_round "${u%%:*}" "${u#*:}"
            i=$((i + 1))
        done ) &
    j=$((j + 1))
done
wait
status=0 all=0
for arch in $archs; do
    set -- $(cat "$tmp/counts/$arch"-* 2> /dev/null | awk '
        { for (i = 1; i <= 8; i++) s[i] += $i }
        END { printf "%d %d %d %d %d %d %d %d\n", s[1], s[2], s[3], s[4], s[5],
                     s[6], s[7], s[8] }')
    tot=$1 agree=$2 counts=$3 tot_f=$4 agree_f=$5 tot_e=$6 agree_e=$7 counts_e=$8
    all=$((all + tot))
    [ "$tot" = "$agree" ] && { [ "$tot_f" = 0 ] || [ "$tot_f" = "$agree_f" ]; } &&
        [ "$tot_e" = "$agree_e" ] || status=1
    line="$arch: $tot of $((n * rounds)) tests herd7 answers (the others it refuses or gives up): built-in model agrees on $agree (counts on $counts)"
    [ "$tot_f" -gt 0 ] && line="$line, herd7's $(herd_file "$arch") through ours on $agree_f"
    [ "$every" != 0 ] && line="$line; every-candidate model: $tot_e answered, $agree_e agree (counts on $counts_e)"
    echo "$line"
done
awk -v s="$start" -v e="$(date +%s.%N)" -v t="$all" -v n="$n" -v r="$rounds" \
    -v s0="$seed0" -v j="$jobs" 'BEGIN {
    printf "fidelity-diff-asm: %d s, %d tests x %d round(s) per architecture from seed %d, %d job(s): %d tests per hour\n",
        e - s, n, r, s0, j, (e > s ? t * 3600 / (e - s) : 0) }'
exit $status
