#!/bin/sh
# gen-herd.sh PROGRAM HERD7 CONF — a generated family against herd7:
# `PROGRAM gen -conf CONF`, then every test modelled by PROGRAM and by
# herd7 (with -conf linux-kernel.cfg for C tests, herd7's share/herd
# beside its binary as the library), compared state by state
# (model-compare.awk). Exit 1 on a difference, 77 without herd7.
prog=$1
herd=$2
conf=$3
if [ ! -x "$herd" ]; then
    echo "skip: no herd7 at '$herd' (give HERD7=PATH)"
    exit 77
fi
mk_dir=$(cd "$(dirname "$0")" && pwd)
. "$mk_dir/model-compare.sh"
lib=$(cd "$(dirname "$herd")" && pwd)/share/herd
[ -d "$lib" ] || lib=$(cd "$(dirname "$herd")/.." && pwd)/share/herd
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$prog" gen -conf "$conf" -o "$tmp/tests" || exit 2
find "$tmp/tests" -name '*.litmus' | sort > "$tmp/list"
arch=$(awk 'FNR == 1 { print $1; exit }' $(head -1 "$tmp/list"))
set --
[ "$arch" = C ] && set -- -conf linux-kernel.cfg
(cd "$tmp/tests" && xargs "$herd" -I "$lib" "$@") < "$tmp/list" \
    > "$tmp/herd.log" 2> "$tmp/herd.err"
"$prog" model -j "${JOBS:-2}" "@$tmp/list" > "$tmp/our.log" 2> "$tmp/our.err"
compare_with_herd "gen $(basename "$conf") vs herd7" "$tmp/herd.log" \
    "$tmp/our.log" "$tmp/our.err" "$tmp/cmp"
