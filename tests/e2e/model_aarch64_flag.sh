#!/bin/sh
# model_aarch64_flag.sh — the AArch64 model says, as herd7 does, when a
# test uses a barrier whose shareability option it treats as SY (ISH,
# OSH): a `Flag Assuming-common-inner-shareable-domain` line after the
# witness counts; a test with SY barriers only gets none.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_aarch64_flag: $*"; exit 1; }
flag='Flag Assuming-common-inner-shareable-domain'

"$LITMUSLAB" model litmus/aarch64/MP+dmb.ishs.litmus > "$tmp/ish" ||
    fail "MP+dmb.ishs: exit $?"
sed -n '/^Positive:/{n;p;}' "$tmp/ish" | grep -qx "$flag" ||
    { cat "$tmp/ish"; fail "MP+dmb.ishs: no flag after the counts"; }
grep -q '^Observation MP+dmb.ishs Never 0 3$' "$tmp/ish" ||
    fail "MP+dmb.ishs: the flag changed the verdict"

"$LITMUSLAB" model litmus/aarch64/MP+dmb.sys.litmus > "$tmp/sy" ||
    fail "MP+dmb.sys: exit $?"
grep -q '^Flag' "$tmp/sy" && fail "MP+dmb.sys: a flag for DMB SY"
echo "model_aarch64_flag: ok"
