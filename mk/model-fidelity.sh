#!/bin/sh
# model-fidelity.sh PROGRAM DIR — `make fidelity-check HERDTOOLS7=DIR`:
# models the reference tests found under DIR (a herdtools7 tree, or any
# folder of its files) and reports how far our answers agree with herd7's.
#   - each folder holding a kinds.txt (herd7's catalogue: "NAME KIND" lines,
#     KIND Allowed/Allow, Forbidden/Forbid or Required; '#' comments): the
#     kind our entry for the file NAME.litmus beside it gives (its condition's
#     kind, `Test NAME KIND`, when the verdict is Ok; the opposite when No);
#   - each folder holding NAME.litmus.expected files (herd7's regression
#     outputs, herd/tests/instructions/*): verdict and final states of our
#     entry against the expected one (mk/model-compare.awk).
# One summary line per folder, then one line per disagreement. Exit 1 when
# anything disagrees or is missing, 2 on a usage error.
prog=$1
dir=$2
if [ -z "$prog" ] || [ -z "$dir" ] || [ ! -d "$dir" ]; then
    echo "usage: model-fidelity.sh PROGRAM DIR (DIR: herd7 reference files)" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
mk_dir=$here
. "$mk_dir/model-compare.sh"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

# The kind herd7 names, in its log's spelling.
norm_kind() {
    case $1 in
        Allow|Allowed) echo Allowed ;;
        Forbid|Forbidden) echo Forbidden ;;
        *) echo "$1" ;;
    esac
}

find "$dir" -name kinds.txt | sort > "$tmp/kinds"
while read -r kinds; do
    d=${kinds%/*}
    label=${d#"$dir"}; label=${label#/}; [ -n "$label" ] || label=.
    n=0; agree=0; missing=0; : > "$tmp/bad"
    # kinds.txt lines: NAME KIND, blank lines and '#' comments skipped
    sed -e 's/#.*//' "$kinds" | while read -r name kind _; do
        [ -n "$name" ] && [ -n "$kind" ] || continue
        echo "$name $(norm_kind "$kind")"
    done > "$tmp/want"
    while read -r name want; do
        n=$((n + 1))
        f=$d/$name.litmus
        if [ ! -f "$f" ]; then
            missing=$((missing + 1))
            echo "  missing: $name (no $name.litmus)" >> "$tmp/bad"; continue
        fi
        if ! "$prog" model "$f" > "$tmp/out" 2> "$tmp/err"; then
            echo "  error: $name: $(head -n 1 "$tmp/err")" >> "$tmp/bad"
            continue
        fi
        got=$(awk '/^Test / { k = $3 } /^(Ok|No)$/ { v = $0 }
            END { if (v == "No") k = k == "Allowed" ? "Forbidden" : k == "Forbidden" ? "Allowed" : "Not" k
                  print k }' "$tmp/out")
        if [ "$got" = "$want" ]; then
            agree=$((agree + 1))
        else
            echo "  differ: $name herd7 $want, ours ${got:-nothing}" >> "$tmp/bad"
        fi
    done < "$tmp/want"
    echo "$label: $n tests in kinds.txt: $agree agree (verdict)," \
         "$((n - agree - missing)) differ, $missing without a test file"
    cat "$tmp/bad"
    [ "$agree" = "$n" ] || status=1
done < "$tmp/kinds"

find "$dir" -name '*.litmus.expected' | sed 's|/[^/]*$||' | sort -u > "$tmp/dirs"
while read -r d; do
    label=${d#"$dir"}; label=${label#/}; [ -n "$label" ] || label=.
    : > "$tmp/herd.log"; : > "$tmp/ours.log"; : > "$tmp/err"
    for e in "$d"/*.litmus.expected; do
        f=${e%.expected}
        [ -f "$f" ] || continue
        cat "$e" >> "$tmp/herd.log"
        "$prog" model "$f" >> "$tmp/ours.log" 2>> "$tmp/err"
    done
    compare_with_herd "$label" "$tmp/herd.log" "$tmp/ours.log" \
        "$tmp/err" "$tmp/cmp" || status=1
done < "$tmp/dirs"

if [ ! -s "$tmp/kinds" ] && [ ! -s "$tmp/dirs" ]; then
    echo "model-fidelity: no kinds.txt or *.litmus.expected under $dir" >&2
    exit 2
fi
exit $status
