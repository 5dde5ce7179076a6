#!/bin/sh
# model-herdfiles.sh PROGRAM HERDLIB [HERD7] — our built-in models against
# herd7's own model files (HERDLIB: herdtools7's share/herd, read
# unmodified) over our litmus/ folders: for each folder, the output of
# `model` with the built-in model and with herd7's file (-I HERDLIB -model
# FILE) must be identical, Time lines aside. With HERD7 (the herd7
# program), both are also compared with herd7 itself (mk/model-compare.sh:
# verdicts, states, counts, Hash=; tests herd7 refuses are left out).
# Differences named in mk/herd-known-differences.txt (FOLDER TEST REASON)
# are listed as known, not counted as failures. Run from the repository
# root. Exit 1 when something else differs.
prog=$1
lib=$2
herd=${3:-}
mk_dir=$(cd "$(dirname "$0")" && pwd)
. "$mk_dir/model-compare.sh"
known=$mk_dir/herd-known-differences.txt
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

# FOLDER herd7's file: the files herd7 uses by default for each (its
# x86tso-mixed.cat for X86_64 tests), rc11.cat for C11.
pairs=${PAIRS:-"ppc:ppc.cat x86:x86tso-mixed.cat arm:arm.cat aarch64:aarch64.cat riscv:riscv.cat c11:rc11.cat"}

is_known() { # FOLDER TEST
    grep -q "^$1 $2 " "$known" 2>/dev/null
}

# The entries of a log, one line each (Time dropped), for diff by name.
entries() {
    awk '/^Time /{next} /^Test /{if (e != "") print e; e = $0; next}
         {e = e "|" $0} END {if (e != "") print e}' "$1" | sort
}

for pair in $pairs; do
    d=${pair%%:*}
    f=${pair#*:}
    [ -d "litmus/$d" ] || continue
    "$prog" model litmus/"$d"/*.litmus > "$tmp/$d.ours" 2> "$tmp/$d.ours.err"
    "$prog" model -I "$lib" -model "$f" litmus/"$d"/*.litmus \
        > "$tmp/$d.herdfile" 2> "$tmp/$d.herdfile.err"
    entries "$tmp/$d.ours" > "$tmp/$d.a"
    entries "$tmp/$d.herdfile" > "$tmp/$d.b"
    n=$(wc -l < "$tmp/$d.a")
    same=$(comm -12 "$tmp/$d.a" "$tmp/$d.b" | wc -l)
    echo "litmus/$d: herd7's $f gives the built-in model's output on $same of $n tests"
    comm -3 "$tmp/$d.a" "$tmp/$d.b" | sed 's/^[ 	]*//; s/|.*//; s/^Test //; s/ .*//' |
        sort -u > "$tmp/$d.diff"
    while read -r t; do
        if is_known "$d" "$t"; then
            echo "  known: $t ($(grep "^$d $t " "$known" | cut -d' ' -f3-))"
        else
            echo "  differ: $t"
            status=1
        fi
    done < "$tmp/$d.diff"
    if ! cmp -s "$tmp/$d.ours.err" "$tmp/$d.herdfile.err"; then
        echo "  messages differ:"
        diff "$tmp/$d.ours.err" "$tmp/$d.herdfile.err" | sed 's/^/    /' | head -10
        status=1
    fi
    [ -n "$herd" ] || continue
    : > "$tmp/$d.herd"
    for t in litmus/"$d"/*.litmus; do
        case $d in
            c11) "$herd" -model rc11.cat "$t" ;;
            *) "$herd" "$t" ;;
        esac >> "$tmp/$d.herd" 2>/dev/null
    done
    # herd7 7.58 brackets C locations in states ([x]=1); we print x=1
    case $d in
        c|c11) sed -i '/^Test \|^Observation \|^Time \|^Hash/!s/\[\([A-Za-z0-9_.]*\)\]/\1/g' \
                   "$tmp/$d.herd" ;;
    esac
    for side in ours herdfile; do
        compare_with_herd "litmus/$d ($side vs herd7)" "$tmp/$d.herd" \
            "$tmp/$d.$side" /dev/null "$tmp/$d.$side.cmp" > "$tmp/out"
        grep -v '^  \(differ\|missing\|counts\):' "$tmp/out"
        for t in $(sed -n 's/^  differ: //p' "$tmp/out"); do
            if is_known "$d" "$t"; then
                echo "  known: $t"
            else
                echo "  differ: $t"
                status=1
            fi
        done
    done
done
exit $status
