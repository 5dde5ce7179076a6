#!/bin/sh
# model_rmw_atomicity.sh — herd7 7.58 builds the candidates where a write
# comes between an RMW's read and its write in co (or, for AArch64's
# SWP, LDADD, CAS, where the RMW's write comes before the write its
# read takes: herd7's po does not order two events of one instruction),
# and only a model's own check rejects them (issue 28). Each test of
# tests/e2e/data/rmw-atomicity/ carries herd7's output under our
# no-atomicity.cat (NAME.herd7: coherence per location only) and under
# atomicity.cat (NAME.herd7-atomic: the same plus `empty rmw & (fre;
# coe)`), recorded with `include "cos.cat"` where the files include
# cos-opt.cat (herd7 builds co only so; its cos-opt.cat gives the same
# outputs, checked Dec 6), `-conf linux-kernel.cfg` for C, the Time
# line left out. The model's output must be the same, byte for
# byte: the engine leaves those candidates out only when the model
# forbids them (model/cat/atomicity.c). Two of them (A64-SWP+eor-self-
# cycle, A64-SWP+movk-cycle) have values going round two atomics that
# are no cycle of copies to herd7 (EOR Wd,Wn,Wn is 0; SWP's write is
# a copy of its register, MOVK keeps what the register was made of).
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
d=tests/e2e/data/rmw-atomicity
. tests/e2e/lib/recorded_models.sh
recorded_models "$d" no-atomicity:herd7 atomicity:herd7-atomic
[ $n -ge 32 ] || { echo "model_rmw_atomicity: only $n outputs checked"; fail=1; }
[ $fail = 0 ] && echo "model_rmw_atomicity: $n outputs agree with herd7's"
exit $fail
