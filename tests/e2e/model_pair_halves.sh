#!/bin/sh
# model_pair_halves.sh — herd7 7.58 makes the two accesses of a pair
# instruction (LDP, STP, LDXP, STLXP, LDIAPP, STILP) and the read and
# write of a swap events of one instruction, which its po, relating
# instructions, leaves unordered: a model of po alone sees either half
# first. STILP's and LDIAPP's halves (STILP's pre-index form from the
# top down) and SWP's read and write are ordered in its iico_order,
# which aarch64.cat's bob reads; an exclusive pair's halves are one
# single-copy-atomic access (sm and si relate them). Each test of
# tests/e2e/data/pair-halves/ carries herd7's output under po.cat
# (NAME.herd7) and under iico.cat (NAME.herd7-iico: po | iico_order,
# with flags on sm and si), recorded with herd7's own cos-opt.cat (cos.cat
# gives the same), the Time line left out; the model's must be the same,
# byte for byte (doc/fidelity.md, "The halves of a pair instruction").
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
d=tests/e2e/data/pair-halves
. tests/e2e/lib/recorded_models.sh
recorded_models "$d" po:herd7 iico:herd7-iico
[ $n -ge 10 ] || { echo "model_pair_halves: only $n outputs checked"; fail=1; }
[ $fail = 0 ] && echo "model_pair_halves: $n outputs agree with herd7's"
exit $fail
