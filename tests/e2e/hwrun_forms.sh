#!/bin/sh
# hwrun_forms.sh — instruction forms beyond the corpus, through the real
# reader: an X86 test in Intel syntax with 32-bit registers (its weak
# outcome shows), and two locked cmpxchg on one location with branches to
# labels (never both succeed: cmpxchg's implicit rax must be the test's).
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_forms: $*"; exit 1; }
cat >"$tmp/SB32.litmus" <<'T'
X86 SB32
{ x=0; y=0; }
 P0          | P1          ;
 MOV [x],$1  | MOV [y],$1  ;
 MOV EAX,[y] | MOV EAX,[x] ;
exists (0:EAX=0 /\ 1:EAX=0)
T
cat >"$tmp/CAS.litmus" <<'T'
X86_64 CAS
{ x=0; 0:rax=0; 1:rax=0; 0:rcx=1; 1:rcx=2; }
 P0                      | P1                      ;
 lock cmpxchgq %rcx,(x)  | lock cmpxchgq %rcx,(x)  ;
 jne L0                  | jne L1                  ;
 movq $1,%rbx            | movq $1,%rbx            ;
L0:                      |L1:                      ;
exists (0:rbx=1 /\ 1:rbx=1)
T
args="--cache build/hwrun-cache -q -n 200k"
# shellcheck disable=SC2086
"$LITMUSLAB" hwrun $args "$tmp/SB32.litmus" >"$tmp/sb.log" || fail "SB32"
grep -q '^[0-9][0-9]* *\*>0:EAX=0; 1:EAX=0;$' "$tmp/sb.log" ||
  fail "SB32: weak outcome not seen: $(cat "$tmp/sb.log")"
# shellcheck disable=SC2086
"$LITMUSLAB" hwrun $args "$tmp/CAS.litmus" >"$tmp/cas.log" || fail "CAS"
grep -q '^Observation CAS Never 0 200000$' "$tmp/cas.log" ||
  fail "CAS: both succeeded: $(cat "$tmp/cas.log")"
grep -q ':>0:rbx=0; 1:rbx=1;$' "$tmp/cas.log" &&
  grep -q ':>0:rbx=1; 1:rbx=0;$' "$tmp/cas.log" ||
  fail "CAS: each thread should win sometimes: $(cat "$tmp/cas.log")"
exit 0
