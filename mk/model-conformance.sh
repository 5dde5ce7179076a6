#!/bin/sh
# model-conformance.sh PROGRAM — `make conformance`: runs the model over
# the Power and x86 corpora and compares every verdict and set of final
# states with herd7's logs (mk/model-compare.awk), and with HERDLIB set the
# same under herd7's own ppc.cat and x86tso-mixed.cat. Exit 1 on a
# difference.
prog=$1
: "${CORPUS:?CORPUS must name the corpus directory}"
jobs=${JOBS:-2}
mk_dir=$(cd "$(dirname "$0")" && pwd)
. "$mk_dir/model-compare.sh"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0
for arch in power x86; do
    mkdir -p "$tmp/$arch"
    tar xzf "$CORPUS/$arch/tests.tgz" -C "$tmp/$arch" || exit 2
    find "$tmp/$arch" -name '*.litmus' | sort > "$tmp/$arch.list"
    "$prog" model -j "$jobs" "@$tmp/$arch.list" > "$tmp/$arch.log" \
        2> "$tmp/$arch.err"
    gzip -dc "$CORPUS/$arch/model-herd7.log.gz" > "$tmp/$arch.herd"
    compare_with_herd "$arch" "$tmp/$arch.herd" "$tmp/$arch.log" \
        "$tmp/$arch.err" "$tmp/$arch.cmp" || status=1
    # HERDLIB (herdtools7's share/herd): herd7's own file for the corpus,
    # the one herd7 made the log with, read unmodified
    [ -n "${HERDLIB:-}" ] || continue
    case $arch in power) f=ppc.cat ;; x86) f=x86tso-mixed.cat ;; esac
    "$prog" model -j "$jobs" -I "$HERDLIB" -model "$f" "@$tmp/$arch.list" \
        > "$tmp/$arch.h.log" 2> "$tmp/$arch.h.err"
    compare_with_herd "$arch under herd7's $f" "$tmp/$arch.herd" \
        "$tmp/$arch.h.log" "$tmp/$arch.h.err" "$tmp/$arch.h.cmp" || status=1
done
exit $status
