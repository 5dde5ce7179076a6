#!/bin/sh
# model_corpus.sh — a sample of both corpora (every 8th Power test, every
# 4th x86 test; sparser under the sanitizers) run through the model and
# compared with herd7's logs: every verdict and set of final states must
# be equal (`make conformance` does all of them).
set -u
: "${CORPUS:?}"
. tests/e2e/lib/corpus.sh
need power/tests.tgz x86/tests.tgz power/model-herd7.log.gz x86/model-herd7.log.gz
step_ppc=8; step_x86=4
case $LITMUSLAB in */build/asan/*) step_ppc=80; step_x86=20;; esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
for arch in power x86; do
    step=$step_ppc; [ $arch = x86 ] && step=$step_x86
    mkdir -p "$tmp/$arch"
    # names herd7 saw twice (x86 families repeat some) are left out: it
    # kept one of them, and which one is not said
    tar tzf "$CORPUS/$arch/tests.tgz" | grep '\.litmus$' | sort \
        > "$tmp/$arch.all" || exit 1
    sed 's|.*/||' "$tmp/$arch.all" | sort | uniq -d > "$tmp/$arch.dups"
    awk -v s=$step 'FILENAME == ARGV[1] { dup[$0] = 1; next }
        { n = $0; sub(/.*\//, "", n) } !(n in dup) && ++k % s == 1' \
        "$tmp/$arch.dups" "$tmp/$arch.all" > "$tmp/$arch.members"
    tar xzf "$CORPUS/$arch/tests.tgz" -C "$tmp/$arch" -T "$tmp/$arch.members" ||
        exit 1
    sed "s|^|$tmp/$arch/|" "$tmp/$arch.members" > "$tmp/$arch.list"
    "$LITMUSLAB" model -j 2 "@$tmp/$arch.list" > "$tmp/$arch.log" 2> "$tmp/$arch.err"
    rc=$?
    if [ $rc != 0 ] || [ -s "$tmp/$arch.err" ]; then
        echo "model_corpus: $arch: exit $rc"; head "$tmp/$arch.err"; fail=1
    fi
    gzip -dc "$CORPUS/$arch/model-herd7.log.gz" > "$tmp/$arch.herd"
    awk -v label=$arch -v subset=1 -v maxpn=0 -f mk/model-compare.awk \
        "$tmp/$arch.herd" "$tmp/$arch.log" > "$tmp/$arch.cmp"
    n=$(wc -l < "$tmp/$arch.list")
    agree=$(sed -n '1s/.*: \([0-9]*\) agree.*/\1/p' "$tmp/$arch.cmp")
    names=$(grep -c '^Test ' "$tmp/$arch.log")
    if grep -q '^  differ' "$tmp/$arch.cmp" || [ "$names" != "$n" ] ||
       [ -z "$agree" ] || [ "$agree" -lt $((n * 9 / 10)) ]; then
        echo "model_corpus: $arch: $n tests run, $names entries"
        cat "$tmp/$arch.cmp"; fail=1
    fi
done
exit $fail
