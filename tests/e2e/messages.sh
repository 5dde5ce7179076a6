#!/bin/sh
# messages.sh — messages that used to mislead, now exact: a register used
# as an address that nothing sets (named, with the fix; an unset index
# beside a set base is 0, as herd7 reads it), a condition on a
# register never written or on a location the test lacks (warnings, the
# result still printed), a thread the test does not have (model as
# hwrun), a folder given as a test, and compare given the model and
# hardware logs the wrong way round (refused).
# Env: LITMUSLAB. cwd: the repo root. Needs no corpus.
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { echo "messages: $*"; fail=1; }
# run WANT_STATUS EXPECTED_STDERR CMD...: exit status and the exact stderr
run() {
  want=$1 msg=$2; shift 2
  "$LITMUSLAB" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = "$want" ] || say "$*: exit $rc, expected $want"
  { [ -z "$msg" ] && [ ! -s "$tmp/err" ]; } ||
    printf '%s\n' "$msg" | cmp -s - "$tmp/err" ||
    { say "$*: stderr differs:"; cat "$tmp/err"; echo "expected:"; printf '%s\n' "$msg"; }
}
cd "$tmp" || exit 1
cat > U.litmus <<'T'
PPC U
{
0:r2=x;
}
 P0           | P1           ;
 lwz r1,0(r2) | lwz r1,0(r4) ;
exists (0:r1=0)
T
run 2 "U.litmus:6:17: 1:r4 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as \`1:r4=x;\`" model U.litmus
# an index nothing sets beside a set base adds 0 (herd7 reads it so);
# with neither set, the first is named
cat > V.litmus <<'T'
AArch64 V
{
0:X2=x;
}
 P0              | P1              ;
 LDR W1,[X2,X5]  | LDR W1,[X5,X6]  ;
exists (0:X1=0)
T
run 2 "V.litmus:6:20: 1:X5 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as \`1:X5=x;\`" model V.litmus
cat > W.litmus <<'T'
X86_64 W
{
}
 P0            | P1            ;
 movq $1,(x)   | movq $1,(y)   ;
 movq (y),%rax | movq (x),%rax ;
exists (0:EBX=1 /\ z=1)
T
run 0 "W.litmus:7:9: warning: 0:ebx is never written: no instruction of thread 0 names it and the init block does not set it, so it stays 0
W.litmus:7:20: warning: z is not a location of the test: the init block does not declare it and no instruction accesses it, so it stays 0" model W.litmus
grep -q '^Observation W Never 0 4$' "$tmp/out" || say "W: $(grep Observation "$tmp/out")"
# a register the code writes, or the init block sets, is no warning
sed 's/0:EBX=1 \/\\ z=1/0:rax=1 \/\\ x=1/' W.litmus > W2.litmus
run 0 "" model W2.litmus
cat > T.litmus <<'T'
X86_64 T
{
}
 P0            | P1            ;
 movq $1,(x)   | movq $1,(y)   ;
 movq (y),%rax | movq (x),%rax ;
exists (2:EAX=1)
T
run 2 "T.litmus:7:9: 2:eax names thread 2; the test has 2 threads" model T.litmus
run 2 "T.litmus:7:9: 2:eax names thread 2; the test has 2 threads" hwrun T.litmus
mkdir D
run 2 "D: is a folder, not a test; give the tests in it (DIR/*.litmus), or \`litmuslab campaign DIR\`, which walks folders" model D
run 2 "D: is a folder, not a test; give the tests in it (DIR/*.litmus), or \`litmuslab campaign DIR\`, which walks folders" parse D
# compare with the logs swapped
"$LITMUSLAB" model W2.litmus > m.log 2>/dev/null
cat > h.log <<'T'
Test W Allowed
Histogram (1 states)
5     *>0:rax=1; 1:rax=1;
Ok

Witnesses
Positive: 5, Negative: 0
Condition exists (0:rax=1 /\ [x]=1) is validated
Observation W Sometimes 5 0
T
"$LITMUSLAB" compare --model h.log --hw m.log -o c >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || say "compare swapped: exit $rc"
cat > want <<'T'
h.log: a hardware log (litmus7's `Histogram` entries) given as --model; the model's log goes after --model, hardware logs after --hw
m.log: a model log (herd7's `States` entries, no counts) given as --hw; the model's log goes after --model, hardware logs after --hw
litmuslab compare: nothing written to c: an input could not be read
T
cmp -s want "$tmp/err" || { say "compare swapped:"; cat "$tmp/err"; }
[ $fail = 0 ] && echo "messages: ok"
exit $fail
