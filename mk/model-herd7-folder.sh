#!/bin/sh
# model-herd7-folder.sh PROGRAM HERD7 DIR [OUT] — runs herd7 (7.58, the
# specification) and `PROGRAM model` on every DIR/*.litmus, one process
# per test (herd7 under a CPU timeout and a memory limit), and classifies
# each test: agree (verdict, states and Positive/Negative counts; Hash=
# counted apart), differ,
# we refuse, herd7 refuses, both refuse. Prints one line per test that
# does not agree (with our first message, or herd7's), then the counts;
# OUT (default: a temporary folder) keeps the logs NAME.herd7, NAME.ours,
# NAME.err. Env: HERD_TIMEOUT (CPU seconds, default 30), HERD_OPTS (more
# options for both, e.g. "-model aarch64.cat"). Exit 1 when a test differs
# or we answer a test herd7 refuses (a refusal of ours is not an error:
# doc/not-supported.md names those).
prog=$1 herd7=$2 dir=$3 out=${4:-}
if [ ! -x "$prog" ] || [ ! -x "$herd7" ] || [ ! -d "$dir" ]; then
    echo "usage: model-herd7-folder.sh PROGRAM HERD7 DIR [OUT]" >&2
    exit 2
fi
if [ -z "$out" ]; then
    out=$(mktemp -d) || exit 2
    trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out" || exit 2
timeout=${HERD_TIMEOUT:-30}
# The entry of a log without its Time line, and its key parts.
key() { # LOG: verdict, sorted states, counts
    awk '/^States /{n = $2; next} n > 0 {print "S " $0; n--; next}
         /^(Ok|No)$/ {print "V " $0} /^Positive: / {print "P " $2 " " $4}' "$1" |
        sort
}
agree=0 hash=0 differ=0 ours_ref=0 herd_ref=0 both=0 status=0
for f in "$dir"/*.litmus; do
    n=$(basename "$f" .litmus)
    (ulimit -v 4000000; ulimit -t $((timeout + 5))
     exec "$herd7" -timeout "$timeout" $HERD_OPTS "$f") \
        > "$out/$n.herd7" 2> "$out/$n.herd7.err"
    (ulimit -v 4000000; ulimit -t 120
     exec "$prog" model $HERD_OPTS "$f") > "$out/$n.ours" 2> "$out/$n.err"
    h=0; o=0
    grep -q '^Test ' "$out/$n.herd7" && h=1
    grep -q '^Test ' "$out/$n.ours" && o=1
    if [ $h = 0 ] && [ $o = 0 ]; then
        both=$((both + 1))
        echo "both refuse: $n: $(head -1 "$out/$n.err")"
    elif [ $h = 0 ]; then
        herd_ref=$((herd_ref + 1)); status=1
        echo "herd7 refuses: $n: $(tail -1 "$out/$n.herd7.err")"
    elif [ $o = 0 ]; then
        ours_ref=$((ours_ref + 1))
        echo "we refuse: $n: $(head -1 "$out/$n.err")"
    elif [ "$(key "$out/$n.herd7")" = "$(key "$out/$n.ours")" ]; then
        agree=$((agree + 1))
        if [ "$(grep '^Hash=' "$out/$n.herd7")" = \
             "$(grep '^Hash=' "$out/$n.ours")" ]; then
            hash=$((hash + 1))
        else
            echo "hash differs: $n"
        fi
    else
        differ=$((differ + 1)); status=1
        echo "differ: $n"
    fi
done
total=$((agree + differ + ours_ref + herd_ref + both))
echo "$(basename "$dir"): $total tests: $agree agree, $differ differ," \
    "$ours_ref we refuse, $herd_ref herd7 refuses (we answer)," \
    "$both both refuse; Hash= equal on $hash of the $agree"
exit $status
