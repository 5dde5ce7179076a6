#!/bin/sh
# model-bench.sh PROGRAM — `make bench-model`: times `litmuslab model` over
# the whole Power corpus and the whole x86 corpus (JOBS workers, default
# 2), the files extracted beforehand so that only the model is timed.
prog=$1
: "${CORPUS:?CORPUS must name the corpus directory}"
jobs=${JOBS:-2}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
for arch in power x86; do
    mkdir -p "$tmp/$arch"
    tar xzf "$CORPUS/$arch/tests.tgz" -C "$tmp/$arch" || exit 2
    find "$tmp/$arch" -name '*.litmus' | sort > "$tmp/$arch.list"
    n=$(wc -l < "$tmp/$arch.list")
    start=$(date +%s.%N)
    "$prog" model -j "$jobs" "@$tmp/$arch.list" > /dev/null 2>&1
    end=$(date +%s.%N)
    awk -v a=$arch -v n=$n -v j=$jobs -v s=$start -v e=$end 'BEGIN {
        printf "bench-model: %s: %d tests in %.2f s (-j %d)\n", a, n, e - s, j }'
done
