#!/bin/sh
# model-bench.sh PROGRAM — `make bench-model`: times `litmuslab model` over
# each of our own libraries litmus/<arch>/ and over the whole Power and x86
# corpora (JOBS workers, default 2), the corpus files extracted beforehand
# so that only the model is timed.
prog=$1
jobs=${JOBS:-2}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# A new architecture's library is timed as soon as its folder exists.
for dir in litmus/*/; do
    lib=${dir%/}; lib=${lib#litmus/}
    ls "$dir"*.litmus > "$tmp/lib.list" 2>/dev/null || continue
    n=$(wc -l < "$tmp/lib.list")
    start=$(date +%s.%N)
    "$prog" model -j "$jobs" "@$tmp/lib.list" > /dev/null 2>&1
    end=$(date +%s.%N)
    awk -v a=$lib -v n=$n -v j=$jobs -v s=$start -v e=$end 'BEGIN {
        printf "bench-model: litmus/%s: %d tests in %.3f s (-j %d)\n", a, n, e - s, j }'
done
if [ ! -d "${CORPUS:-/nonexistent}" ]; then
    echo "bench-model: SKIP corpora: no corpus at '${CORPUS:-}'"
    exit 0
fi
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
