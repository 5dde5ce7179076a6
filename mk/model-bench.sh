#!/bin/sh
# model-bench.sh PROGRAM — `make bench-model`: times `litmuslab model` over
# each of our own libraries litmus/<arch>/ and over the whole Power and x86
# corpora (JOBS workers, default 2), the corpus files extracted beforehand
# so that only the model is timed; then how a test with 10^17 coherence
# orders stops under --timeout 10 (wall time, peak resident size), with no
# memory limit and with 1 GB.
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
# Limits: 4 threads x 8 stores to one location (10^17 coherence orders)
# under --timeout 10 must stop within 11 s, under its memory bound.
{
    echo "X86_64 W4x8"; echo "{ x=0; }"; echo "P0 | P1 | P2 | P3 ;"
    i=1
    while [ $i -le 8 ]; do
        echo "movq \$$i,(x) | movq \$$((i+8)),(x) | movq \$$((i+16)),(x) | movq \$$((i+24)),(x) ;"
        i=$((i+1))
    done
    echo "exists (x=1)"
} > "$tmp/w4x8.litmus"
for mem in 0 1G; do
    start=$(date +%s.%N)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$tmp/rss" "$prog" model --timeout 10 \
            --max-memory $mem "$tmp/w4x8.litmus" > /dev/null 2> "$tmp/err"
    else
        echo '?' > "$tmp/rss"
        "$prog" model --timeout 10 --max-memory $mem "$tmp/w4x8.litmus" \
            > /dev/null 2> "$tmp/err"
    fi
    end=$(date +%s.%N)
    awk -v s=$start -v e=$end -v m=$mem -v r="$(tail -n 1 "$tmp/rss")" \
        -v why="$(head -n 1 "$tmp/err" | sed 's/.*: test [^:]*: //')" 'BEGIN {
        printf "bench-model: 4x8 stores, --timeout 10 --max-memory %s: stopped after %.2f s, peak %s MB (%s)\n",
               m, e - s, r == "?" ? "?" : int(r / 1024), why }'
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

