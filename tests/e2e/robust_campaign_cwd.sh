#!/bin/sh
# robust_campaign_cwd.sh — issue 32, row 10: `campaign --bundle OUT`
# makes OUT and nothing else: no reports/campaign/{.lock,work} in the
# current folder, nothing left in TMPDIR (its work files go to a
# temporary folder there, removed at the end); the same with -o DIR,
# which a bundle-only campaign does not use.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "robust_campaign_cwd: $*"; exit 1; }
repo=$PWD
mkdir "$tmp/here" "$tmp/tmpdir"
cd "$tmp/here" || exit 1
TMPDIR="$tmp/tmpdir" timeout -k 5 300 "$LITMUSLAB" campaign \
    "$repo/litmus/x86/SB.litmus" "$repo/litmus/x86/MP.litmus" -n 1000 \
    --bundle b > "$tmp/out" 2> "$tmp/err" ||
    fail "exit $?: $(cat "$tmp/err")"
[ "$(sed -n 1p "$tmp/out")" = "Bundle b: 2 of 2 tests for this machine" ] ||
    fail "output: $(cat "$tmp/out")"
[ -s "$tmp/err" ] && fail "stderr: $(cat "$tmp/err")"
[ "$(ls -A | tr '\n' ' ')" = "b " ] || fail "left here: $(ls -A)"
[ -x b/run ] && [ -f b/Makefile ] || fail "no bundle: $(ls b)"
[ -z "$(ls -A "$tmp/tmpdir")" ] || fail "left in TMPDIR: $(ls -A "$tmp/tmpdir")"
# -o DIR with --bundle: DIR is not made either
TMPDIR="$tmp/tmpdir" timeout -k 5 300 "$LITMUSLAB" campaign \
    "$repo/litmus/x86/SB.litmus" -n 1000 --bundle b2 -o r > /dev/null \
    2> "$tmp/err" || fail "-o: exit $?: $(cat "$tmp/err")"
[ "$(ls -A | tr '\n' ' ')" = "b b2 " ] || fail "-o: left here: $(ls -A)"
[ -z "$(ls -A "$tmp/tmpdir")" ] || fail "-o: left in TMPDIR: $(ls -A "$tmp/tmpdir")"
exit 0
