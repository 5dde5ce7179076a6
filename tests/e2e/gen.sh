#!/bin/sh
# gen.sh — `litmuslab gen`: the tests of known cycles, byte for byte (one
# per architecture, kept in tests/e2e/data/gen: MP+lwsync+addr is the
# test of herdtools7's documentation, 3.SB the corpus's), their model
# answers, the exact messages for bad cycles, -o FILE, the stdin mode,
# a diy7 family (the documentation's SB example: 2 tests) and, with the
# corpus, a sample of the corpus cycles (mk/gen-conformance.sh, one in
# 25) against the corpus tests' answers.
set -u
data=tests/e2e/data/gen
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
same() { # FILE EXPECTED: byte for byte
  cmp -s "$1" "$2" || { echo "$2: differs:"; diff "$2" "$1" | head -20; fail=1; }
}

gen_is() { # EXPECTED-FILE ARCH EDGE...
  f=$1; shift
  a=$1; shift
  "$LITMUSLAB" gen -arch "$a" "$@" >"$tmp/out" 2>"$tmp/err" ||
    { echo "gen -arch $a $*: exit $?"; cat "$tmp/err"; fail=1; }
  same "$tmp/out" "$data/$f"
}
gen_is MP+lwsync+addr.litmus PPC LwSyncdWW Rfe DpAddrdR Fre
gen_is 3.SB.litmus X86_64 MFencedWR Fre MFencedWR Fre PodWW PodWR PodRR Fre
gen_is detourww.litmus PPC LwSyncdWW Wse DetourWW PodWR PosRR Fre
gen_is c-mp.litmus C PodWWOnceRelease RfeReleaseAcquire PodRRAcquireOnce Fre
gen_is aarch64.litmus AArch64 PodWWPL RfeLA DpAddrdRAP Fre
gen_is riscv.litmus RISCV Fence.rw.rwdWW Rfe DpCtrlFenceIdR Fre
gen_is arm.litmus ARM DMB.STdWW Rfe DpDatadW Wse
gen_is oneloc.litmus X86_64 Rfe PosRW Coe
# diy7's RISC-V forms of litmus-tests-riscv: stored constants in the init
# block, lw.aq/sw.rl (or AMOs with -variant AsAmo), the address sum in a
# register of its own, po tags naming both accesses (poprl-porlaq-poaqp)
gen_is riscv-consts.litmus RISCV -variant ConstsInInit PodWWPRl PodWRRlAq \
  PodRRAqP Fre PodWWPRl PodWRRlAq PodRRAqP Fre
gen_is riscv-asamo.litmus RISCV -variant ConstsInInit,AsAmo PodWWARP Rfe \
  PodRRPAR FreARAR
# X: lr/sc pairs, the status and the loads in the condition
gen_is riscv-lrsc.litmus RISCV -variant ConstsInInit PodWWXX RfeXX PodRRXX \
  FreXX
# the short forms diy documents: DpdR is DpAddrdR, CtrldR DpCtrlIsyncdR
"$LITMUSLAB" gen LwSyncdWW Rfe DpdR Fre | head -2 >"$tmp/out"
printf 'PPC MP+lwsync+addr\n"LwSyncdWW Rfe DpAddrdR Fre"\n' | cmp -s - "$tmp/out" ||
  { echo "DpdR: not read as DpAddrdR"; cat "$tmp/out"; fail=1; }
"$LITMUSLAB" gen CtrldR Fre SyncdWW Rfe | head -1 >"$tmp/out"
echo 'PPC MP+sync+ctrlisync' | cmp -s - "$tmp/out" ||
  { echo "CtrldR: not read as DpCtrlIsyncdR"; cat "$tmp/out"; fail=1; }
# the kernel's spelling: a lone annotation word ends the edge before it
"$LITMUSLAB" gen -arch C Rfi Once PodRR Once Fre Once Rfi Once PodRR Once \
  Fre Once | head -1 >"$tmp/out"
echo 'C SB+rfionceonce-poonceonces' | cmp -s - "$tmp/out" ||
  { echo "C annotation words: wrong name"; cat "$tmp/out"; fail=1; }

# what the model says of them (herd7 says the same)
"$LITMUSLAB" model $data/*.litmus 2>&1 | grep '^Observation' >"$tmp/obs"
cat >"$tmp/want" <<'EOF'
Observation 3.SB+mfence+mfence+po-po-po Sometimes 1 7
Observation MP+rel+addracq Never 0 3
Observation S+dmb.st+data Never 0 3
Observation MP+pooncerelease+poacquireonce Never 0 3
Observation R+lwsync+detour-po-pos Sometimes 1 239
Observation MP+lwsync+addr Never 0 3
Observation CoRW+pos Never 0 3
Observation MP+fence.rw.rw+ctrlfencei Sometimes 1 3
Observation SB+poprl-porlaq-poaqps Sometimes 1 3
Observation MP+poarp+popar Never 0 3
Observation MP+poxxs Sometimes 1 48
EOF
sort "$tmp/obs" >"$tmp/a"; sort "$tmp/want" >"$tmp/b"
same "$tmp/a" "$tmp/b"

# bad cycles: one line each, exit status 2, nothing on stdout
bad() { # MESSAGE ARG...
  msg=$1; shift
  "$LITMUSLAB" gen "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" = 2 ] || { echo "gen $*: exit $rc, expected 2"; fail=1; }
  echo "$msg" | cmp -s - "$tmp/err" ||
    { echo "gen $*: wrong message:"; cat "$tmp/err"; echo "expected: $msg"; fail=1; }
  [ -s "$tmp/out" ] && { echo "gen $*: printed on stdout"; fail=1; }
}
bad "litmuslab gen: 'Bogus' is not a relaxation of this architecture (see \`litmuslab gen --help\` for the vocabulary)" PodWR Bogus
bad "litmuslab gen: impossible direction: PodRR ends on a read and Rfe starts from a write" Rfe PodRR Rfe
bad "litmuslab gen: unknown architecture 'Foo' (known: PPC, X86_64, X86, AArch64, ARM, RISCV, C); see \`litmuslab gen --help\`" -arch Foo PodWR Fre
bad "litmuslab gen: 'DpAddrdR': this architecture has no dependencies in diy's vocabulary" -arch X86_64 DpAddrdR Fre PodWW Rfe
bad "litmuslab gen: the cycle changes location only once: it would come back to a location it says it left (a Pod, Dp or fence edge needs a second one, or none at all)" PodWR Fre PosWR Fre
bad "litmuslab gen: the cycle has no external edge (Rfe, Fre, Wse...): it would be one thread" PodWR PodRW
bad "litmuslab gen: 'PodR*': \`*\` stands for R and W in -safe/-relax lists, not in a cycle" 'PodR*' Fre
bad "litmuslab gen: 'FrLeave' comes in a pair: FrLeave or WsLeave, then RfBack or WsBack" LwSyncdWW Rfe FrLeave DpAddrdR Fre

# -o FILE: the same text
"$LITMUSLAB" gen -o "$tmp/mp.litmus" LwSyncdWW Rfe DpAddrdR Fre ||
  { echo "gen -o: exit $?"; fail=1; }
same "$tmp/mp.litmus" "$data/MP+lwsync+addr.litmus"

# stdin, one cycle a line (diyone7's second mode), into a folder
printf 'A: PodWR Fre PodWR Fre\n# a comment\n\nPodWW Rfe PodRR Fre\n' |
  "$LITMUSLAB" gen -arch X86_64 -o "$tmp/batch" >"$tmp/out" ||
  { echo "gen < cycles: exit $?"; fail=1; }
echo 'Generator produced 2 tests' | cmp -s - "$tmp/out" ||
  { echo "gen < cycles: wrong count"; cat "$tmp/out"; fail=1; }
printf '# litmuslab gen (cycles read from stdin)\nA.litmus\nMP.litmus\n' |
  cmp -s - "$tmp/batch/@all" || { echo "gen < cycles: wrong @all"; fail=1; }
printf 'PodWR Fre PodWR Fre\nPodWR Bogus\n' |
  "$LITMUSLAB" gen -arch X86_64 >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || { echo "gen < bad cycles: exit status not 2"; fail=1; }
echo "<stdin>:2: 'Bogus' is not a relaxation of this architecture (see \`litmuslab gen --help\` for the vocabulary)" |
  cmp -s - "$tmp/err" || { echo "gen < bad cycles: message"; cat "$tmp/err"; fail=1; }
grep -q '^X86_64 SB$' "$tmp/out" || { echo "gen < bad cycles: good one lost"; fail=1; }

# a family, as diy7's documentation shows it: SB and its 3-thread kin
"$LITMUSLAB" gen -arch X86 -safe Fre -relax PodWR -o "$tmp/fam" >"$tmp/out" ||
  { echo "gen family: exit $?"; fail=1; }
printf 'Generator produced 2 tests\nRelaxations tested: {PodWR}\n' |
  cmp -s - "$tmp/out" || { echo "gen family: wrong summary"; cat "$tmp/out"; fail=1; }
printf "# litmuslab gen -arch X86 -safe 'Fre' -relax 'PodWR' -size 6 -nprocs 4\nSB.litmus\n3.SB.litmus\n" |
  cmp -s - "$tmp/fam/@all" || { echo "gen family: wrong @all"; cat "$tmp/fam/@all"; fail=1; }
grep -q '^Relax=PodWR$' "$tmp/fam/3.SB.litmus" &&
  grep -q '^Safe=Fre$' "$tmp/fam/3.SB.litmus" ||
  { echo "gen family: no Relax=/Safe= lines"; fail=1; }
# a RISC-V family as diy7 makes it: litmus-tests-riscv's RELAX/PodRW, its
# 14 names (the relaxed edge extended by none: LB+po+poaqp, no
# LB+addr-po+po)
"$LITMUSLAB" gen -conf litmus/gen/riscv-podrw.conf -o "$tmp/rv" >"$tmp/out" ||
  { echo "gen riscv family: exit $?"; fail=1; }
grep -v '^#' "$tmp/rv/@all" | sort | tr '\n' ' ' >"$tmp/names"
printf '%s' 'LB+po+addr.litmus LB+po+ctrl.litmus LB+po+ctrlfencei.litmus LB+po+data.litmus LB+po+fence.r.rw.litmus LB+po+fence.rw.rw.litmus LB+po+fence.rw.w.litmus LB+po+poaqp.litmus LB+po+poprl.litmus LB.litmus S+fence.rw.rw+po.litmus S+fence.rw.w+po.litmus S+fence.w.w+po.litmus S+poprl+po.litmus ' |
  cmp -s - "$tmp/names" || { echo "gen riscv family: names"; cat "$tmp/names"; fail=1; }
"$LITMUSLAB" gen -arch RISCV -variant Foo PodWR Fre PodWR Fre >/dev/null 2>"$tmp/err"
[ $? = 2 ] || { echo "gen -variant Foo: exit status not 2"; fail=1; }
echo "litmuslab gen: unknown -variant 'Foo' (gen takes ConstsInInit, AsAmo); see \`litmuslab gen --help\`" |
  cmp -s - "$tmp/err" || { echo "gen -variant Foo: message"; cat "$tmp/err"; fail=1; }
# the x86 family of litmus/gen: every test x86-TSO forbids has its fence
"$LITMUSLAB" gen -conf litmus/gen/x86-tso.conf -o "$tmp/x86" >"$tmp/out" ||
  { echo "gen -conf: exit $?"; fail=1; }
grep -q '^Generator produced 61 tests$' "$tmp/out" ||
  { echo "gen -conf: wrong count"; cat "$tmp/out"; fail=1; }

# the corpus cycles, a sample (all of them: make conformance)
if [ -f "${CORPUS:-/nonexistent}/power/tests.tgz" ] &&
   [ -f "$CORPUS/x86/tests.tgz" ]; then
  sh mk/gen-conformance.sh "$LITMUSLAB" 25 >"$tmp/conf" 2>&1 ||
    { echo "sample of the corpus cycles:"; cat "$tmp/conf"; fail=1; }
  grep -q '^gen conformance: 349/349 ' "$tmp/conf" ||
    { echo "sample of the corpus cycles:"; cat "$tmp/conf"; fail=1; }
else
  echo "gen.sh: SKIP: the corpus cycles need CORPUS=DIR (../shared/corpus)"
fi
exit $fail
