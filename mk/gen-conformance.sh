#!/bin/sh
# gen-conformance.sh PROGRAM [EVERY] — the generator against the corpora:
# for every corpus test that records its cycle (Orig=), `gen` on that
# cycle must give a test whose model answer has the corpus test's verdict
# and number of final states (both modelled by PROGRAM). EVERY=N keeps one
# test in N (the sample `make test` runs); prints one line per
# disagreement and the figure; exit 1 on a disagreement, 77 without the
# corpus.
prog=$1
every=${2:-1}
: "${CORPUS:?CORPUS must name the corpus directory}"
for arch in power x86; do
    if [ ! -f "$CORPUS/$arch/tests.tgz" ]; then
        echo "skip: no $CORPUS/$arch/tests.tgz (give CORPUS=DIR)"
        exit 77
    fi
done
tmp=$(mktemp -d) || exit 2
[ -n "${KEEP:-}" ] && echo "keeping $tmp" || trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/ref"
for arch in power x86; do
    tar xzf "$CORPUS/$arch/tests.tgz" -C "$tmp/src" || exit 2
done
find "$tmp/src" -name '*.litmus' | sort > "$tmp/all.list"
# One line per test with a cycle: ARCH GROUP KEY EDGES. The corpus test is
# copied as ref/KEY.litmus under the unique name KEY (some x86 names
# repeat across families). GROUP: "forall" for diyone7's tests, whose
# single-location condition is `forall`; "opt" for the DETOUR and
# MOREDETOUR series of the Power campaign, made with diy's -optcoherence
# (their conditions count the reads that order writes by uniproc).
awk -v every="$every" -v ref="$tmp/ref" '
function flush(   key, i, f) {
    if (orig == "") return
    if (++seen % every != 0) return
    key = name
    if (key in used) key = key "_" (++dup)
    used[key] = 1
    f = ref "/" key ".litmus"
    print arch " " key > f
    for (i = 2; i <= nlines; i++) print lines[i] > f
    close(f)
    print arch, gen "," opt, key, orig
}
{
    file = $0; nlines = 0; orig = ""; gen = "exists"
    while ((getline line < file) > 0) {
        lines[++nlines] = line
        if (nlines == 1) { split(line, w, " "); arch = w[1]; name = w[2] }
        if (line ~ /^Orig=/) orig = substr(line, 6)
        if (line ~ /^Generator=diyone7/) gen = "forall"
    }
    close(file)
    opt = name ~ /^(MORE)?DETOUR[0-9]+$/ ? "opt" : "noopt"
    flush()
}' "$tmp/all.list" > "$tmp/cycles" || exit 2
total=$(wc -l < "$tmp/cycles")
status=0
for group in $(awk '{print $1 "," $2}' "$tmp/cycles" | sort -u); do
    arch=${group%%,*}
    rest=${group#*,}
    cond=${rest%,*}
    opt=${rest#*,}
    flag=-nooptcoherence
    [ "$opt" = opt ] && flag=-optcoherence
    out="$tmp/gen-$arch-$cond-$opt"
    awk -v a="$arch" -v g="$rest" '$1 == a && $2 == g {
        key = $3; $1 = $2 = $3 = ""; sub(/^ +/, ""); print key ": " $0 }' \
        "$tmp/cycles" |
        "$prog" gen -arch "$arch" -oneloc-cond "$cond" "$flag" -o "$out" \
            > /dev/null 2> "$tmp/gen.err" || status=1
    sed 's/^/gen: /' "$tmp/gen.err"
    find "$out" -name '*.litmus' >> "$tmp/gen.list"
done
find "$tmp/ref" -name '*.litmus' > "$tmp/ref.list"
# the model's answer: NAME VERDICT STATES
answers() {
    "$prog" model -j "${JOBS:-2}" "@$1" 2> "$1.err" | awk '
        /^Test / { name = $2 }
        /^States / { n = $2 }
        /^(Ok|No)$/ { print name, $1, n }'
    sed 's/^/model: /' "$1.err"
}
answers "$tmp/ref.list" > "$tmp/ref.ans"
answers "$tmp/gen.list" > "$tmp/gen.ans"
known="$(dirname "$0")/gen-known-differences.txt"
awk -v total="$total" -v known="$known" '
BEGIN {
    while ((getline line < known) > 0)
        if (line !~ /^#/ && split(line, w, " ") > 0) hand[w[1]] = 1
}
FNR == NR { if ($1 == "model:") { print; next } ref[$1] = $2 " " $3; next }
$1 == "model:" { print; next }
{ got[$1] = $2 " " $3 }
END {
    for (k in ref) {
        if (!(k in got)) { print "missing: " k " (no generated test)"; bad++ }
        else if (got[k] != ref[k] && (k in hand)) {
            print "known: " k ": corpus " ref[k] ", generated " got[k] \
                  " (edited by hand: mk/gen-known-differences.txt)"
        } else if (got[k] != ref[k]) {
            print "differs: " k ": corpus " ref[k] ", generated " got[k]
            bad++
        } else good++
    }
    printf "gen conformance: %d/%d corpus cycles give the same verdict " \
           "and number of final states\n", good, total
    exit bad > 0
}' "$tmp/ref.ans" "$tmp/gen.ans" || status=1
exit $status
