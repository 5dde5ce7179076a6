#!/bin/sh
# model-herdfiles.sh PROGRAM HERDLIB [HERD7] — our built-in models against
# herd7's own model files (HERDLIB: herdtools7's share/herd, read
# unmodified) over our litmus/ folders, every architecture and C: for
# each folder, the output of `model` with the built-in model and with
# herd7's files (-I HERDLIB and the options herd7 is run with: -model
# FILE, -conf linux-kernel.cfg for the kernel's C, linux-kernel.cat with
# a bell for LISA) must be identical, Time lines aside. With HERD7 (the
# herd7 program), both are also compared with herd7 itself
# (mk/model-compare.sh: verdicts, states, counts, Hash=; tests herd7
# refuses are left out). Differences named in
# mk/herd-known-differences.txt (FOLDER TEST REASON) are listed as known,
# not counted as failures. Env: FOLDERS (default every folder below) to
# run some only. Run from the repository root. Exit 1 when something
# else differs.
prog=$1
lib=$2
herd=${3:-}
mk_dir=$(cd "$(dirname "$0")" && pwd)
. "$mk_dir/model-compare.sh"
known=$mk_dir/herd-known-differences.txt
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

# herd7 runs LISA tests under the kernel's model with a bell that names
# the lock sets its LISA front end never makes (mk/fidelity-diff-c.sh).
printf '%s\n' 'let LKR = R \ R' 'let LKW = W \ W' 'let UL = W \ W' \
    'let LF = R \ R' 'let RL = R \ R' 'let RU = R \ R' \
    'include "linux-kernel.bell"' > "$tmp/lisa.bell"

# FOLDER|the options naming herd7's files (also given to herd7; none:
# herd7's default model, which the -model named is: its x86tso-mixed.cat
# for X86_64 tests). The file named last is the one reported.
cases() {
    cat <<CASES
ppc|-model ppc.cat|
x86|-model x86tso-mixed.cat|
arm|-model arm.cat|
aarch64|-model aarch64.cat|
riscv|-model riscv.cat|
c11|-model rc11.cat|-model rc11.cat
c|-conf linux-kernel.cfg|-conf linux-kernel.cfg
lisa|-bell $tmp/lisa.bell -model linux-kernel.cat|-bell $tmp/lisa.bell -model linux-kernel.cat
CASES
}

is_known() { # FOLDER TEST
    grep -q "^$1 $2 " "$known" 2>/dev/null
}

# The entries of a log, one line each (Time dropped), for diff by name.
entries() {
    awk '/^Time /{next} /^Test /{if (e != "") print e; e = $0; next}
         {e = e "|" $0} END {if (e != "") print e}' "$1" | sort
}

# Messages, but those about a known difference's test file.
messages() { # FOLDER FILE
    awk -v d="$1" 'NR == FNR { if ($1 == d) k["litmus/" d "/" $2 ".litmus"] = 1; next }
                   { f = $0; sub(/:.*/, "", f); if (!(f in k)) print }' \
        "$known" "$2"
}

cases > "$tmp/cases"
while IFS='|' read -r d opts hopts; do
    case " ${FOLDERS:-$d} " in *" $d "*) ;; *) continue ;; esac
    [ -d "litmus/$d" ] || continue
    f=${opts##* }
    # shellcheck disable=SC2086 # opts are words
    "$prog" model litmus/"$d"/*.litmus > "$tmp/$d.ours" 2> "$tmp/$d.ours.err"
    # shellcheck disable=SC2086
    "$prog" model -I "$lib" $opts litmus/"$d"/*.litmus \
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
    messages "$d" "$tmp/$d.ours.err" | sed "s|$lib/||" > "$tmp/$d.m1"
    messages "$d" "$tmp/$d.herdfile.err" | sed "s|$lib/||" > "$tmp/$d.m2"
    if ! cmp -s "$tmp/$d.m1" "$tmp/$d.m2"; then
        echo "  messages differ:"
        diff "$tmp/$d.m1" "$tmp/$d.m2" | sed 's/^/    /' | head -10
        status=1
    fi
    [ -n "$herd" ] || continue
    : > "$tmp/$d.herd"
    for t in litmus/"$d"/*.litmus; do
        # shellcheck disable=SC2086
        "$herd" $hopts "$t" >> "$tmp/$d.herd" 2>/dev/null
    done
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
done < "$tmp/cases"
exit $status
