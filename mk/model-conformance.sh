#!/bin/sh
# model-conformance.sh PROGRAM — `make conformance`: runs the model over
# the Power and x86 corpora and compares every verdict and set of final
# states with herd7's logs (mk/model-compare.awk). Exit 1 on a difference.
prog=$1
: "${CORPUS:?CORPUS must name the corpus directory}"
jobs=${JOBS:-2}
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
    awk -v label="$arch" -v maxpn="${MAXPN:-20}" -f mk/model-compare.awk \
        "$tmp/$arch.herd" "$tmp/$arch.log" > "$tmp/$arch.cmp"
    cat "$tmp/$arch.cmp"
    if [ -s "$tmp/$arch.err" ]; then
        echo "  $arch: messages from the model:"
        sed 's/^/    /' "$tmp/$arch.err" | head -20
    fi
    grep -q '^  \(differ\|missing\):' "$tmp/$arch.cmp" && status=1
done
exit $status
