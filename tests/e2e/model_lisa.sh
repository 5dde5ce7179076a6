#!/bin/sh
# model_lisa.sh — LISA, herd7's generic instruction set, beyond the
# library's recorded outputs (litmus/lisa/NAME.herd7, checked by
# model_herd7_recorded.sh): the Linux-kernel bell's annotation checks
# (herd7 7.58's own refusals, on every instruction, reached or not), a
# branch on a value that is neither 0 nor 1 (no execution, as herd7),
# reads through a register holding 0 that herd7 refuses,
# --explain on a LISA test (and on a counted loop of RMWs), and hwrun's
# refusal. Exact messages.
# Env: LITMUSLAB. cwd: the repo root.
set -u
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "model_lisa: $*"; fail=1; }

# lisa NAME CELLS...: a one-thread test of x, one cell a line.
lisa() {
  name=$1; shift
  { printf 'LISA %s\n{\nx=0;\n}\n P0 ;\n' "$name"
    for c in "$@"; do printf ' %s ;\n' "$c"; done
    printf 'exists (x=0)\n'; } > "$tmp/$name.litmus"
}

# refused NAME WANT: model refuses the test with exactly the line WANT
# (after FILE:), exit 2, nothing on stdout.
refused() {
  "$LITMUSLAB" model "$tmp/$1.litmus" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  [ $rc = 2 ] || bad "$1: exit $rc, want 2"
  [ -s "$tmp/out" ] && bad "$1: printed a result"
  printf '%s\n' "$tmp/$1.litmus:$2" | cmp -s - "$tmp/err" ||
    { bad "$1: message"; cat "$tmp/err"; echo "want: $tmp/$1.litmus:$2"; }
}

# The bell declares R[{once,acquire,noreturn}]: a release read is
# refused, here where the jump skips it (herd7 checks every instruction).
lisa r-release 'b[] L' 'r[release] r0 x' 'L:'
refused r-release "7:2: annotation error: 'r[release] r0 x' does not \
match the Linux-kernel bell's declarations, R: [{acquire,noreturn,once}]"
lisa w-acquire 'w[acquire] x 1'
refused w-acquire "6:2: annotation error: 'w[acquire] x 1' does not \
match the Linux-kernel bell's declarations, W: [{once,release}]"
lisa rmw-none 'rmw[] r0 1 x'
refused rmw-none "6:2: annotation error: 'rmw[] r0 1 x' does not match \
the Linux-kernel bell's declarations, RMW: [{acquire,once,release}]"
lisa f-two 'f[mb,rmb]'
refused f-two "6:2: annotation error: 'f[rmb,mb]' does not match the \
Linux-kernel bell's declarations, F: [{after-atomic,after-spinlock,\
after-unlock-lock,barrier,before-atomic,mb,rcu-lock,rcu-unlock,rmb,\
sync-rcu,wmb}]"
lisa b-once 'r[once] r0 x' 'b[once] r0 L' 'L:'
refused b-once "7:2: annotation error: 'b[once] r0 L' does not match \
the Linux-kernel bell's declarations, B: []"
lisa call 'call[rcu-lock]'
refused call "6:2: annotation error: 'call[rcu-lock]' does not match the \
Linux-kernel bell's declarations, CALL: [] (herd7 7.58 refuses every \
call[...] under the Linux-kernel model; a fence is f[...])"
lisa r-once-once 'r[once,once] r0 x'
refused r-once-once "6:2: annotation error: 'r[once] r0 x' does not \
match the Linux-kernel bell's declarations, R: [{acquire,noreturn,once}] \
(an annotation written twice is a list of two for herd7 7.58)"
# x+1 is a location of its own with no initial value, as herd7 7.58
# runs it (litmus/lisa/MP+offset-location): a read there that no write
# may feed is refused (herd7: mixed-size test rejected (symbol [x+1]))
lisa offset-unwritten 'r[once] r0 x+1'
refused offset-unwritten "6:2: mixed-size access to x+1, inside x (4 \
bytes), read where nothing writes (herd7 refuses it without -variant mixed)"
# ... and so is it beside a thread whose every path stops on an illegal
# operation (herd7 checks the offsets first; we had dropped those paths
# and answered States 0)
cat > "$tmp/offset-beside-illegal.litmus" <<'END'
LISA offset-beside-illegal
{
x=0; y=0;
}
 P0                           | P1             ;
 rmw[acquire] r0 (and r0 y) x | r[once] r2 x+1 ;
exists (0:r0=1)
END
refused offset-beside-illegal "6:33: mixed-size access to x+1, inside x \
(4 bytes), read where nothing writes (herd7 refuses it without -variant \
mixed)"

# herd7's LISA lexer makes keywords of rmw, mov, add, and, xor, eq, ne,
# neq, call, scopes, regions, levels and Pn: no location or label is
# spelt so; nor a label r, w, f or b (locations may be), nor a register
# (herd7: "unexpected 'mov'", "unexpected ':'")
lisa kw-label 'w[once] x 1' 'mov:'
refused kw-label "7:2: 'mov' is a keyword of herd7's LISA, not a label"
lisa kw-label-r 'w[once] x 1' 'r :'
refused kw-label-r "7:2: 'r' is a keyword of herd7's LISA, not a label"
lisa reg-label 'w[once] x 1' 'r0x1:'
refused reg-label "7:2: 'r0x1' is a register, not a label"
lisa kw-target 'b[] b' 'w[once] x 1'
refused kw-target "6:6: 'b' is a keyword of herd7's LISA, not a label"
lisa kw-location 'r[once] r0 P1'
refused kw-location "6:13: 'P1' is a keyword of herd7's LISA, not a \
location"
lisa annot-comma 'r[once,] r0 x'
refused annot-comma "6:9: bad operand ']', expected an annotation"
lisa set-register 'f[mb] {r1} {}'
refused set-register "6:9: bad operand 'r1', expected a label"
# a symbolic register is the code's own: no condition names it (herd7:
# "a is not a register")
printf 'LISA sym-cond\n{\nx=0;\n}\n P0 ;\n r[once] %%a x ;\nexists (0:%%a=0)\n' \
  > "$tmp/sym-cond.litmus"
refused sym-cond "7:11: unknown register '%a'"

# herd7 7.58's b[] r L jumps when r is 1, falls through when it is 0,
# and has no execution when it is anything else: P0 reads y as 0 or 2,
# and only 0 remains (herd7's answer).
cat > "$tmp/branch2.litmus" <<'END'
LISA branch2
{
x=0; y=0;
}
 P0           | P1          ;
 r[once] r0 y | w[once] y 2 ;
 b[] r0 L     |             ;
 w[once] x 1  |             ;
 L:           |             ;
exists (0:r0=2)
END
cat > "$tmp/branch2.want" <<'END'
Test branch2 Allowed
States 1
0:r0=0;
No
Witnesses
Positive: 0 Negative: 1
Condition exists (0:r0=2)
Observation branch2 Never 0 1
Hash=ce32498f5dc654573d926c74fdc559ce

END
"$LITMUSLAB" model "$tmp/branch2.litmus" 2>&1 | grep -v '^Time ' > "$tmp/out"
cmp -s "$tmp/out" "$tmp/branch2.want" ||
  { bad "branch on 2: not herd7's output"; diff "$tmp/branch2.want" "$tmp/out"; }

# A read through a register holding 0 (P0 jumps over the mov that would
# set r11): herd7 7.58 refuses the test when the other threads each have
# a path with no write through an address read from memory, which may be
# at 0 (then that set of paths has no execution, litmus/lisa/
# zero-read+store-through-read-address). P1's address y+r22 with
# r22 = r10 ^ r10 is herd7's constant y, no such write; nor is a read
# of y ^ y as an address P0's only write (zero-xor: a constant 0).
cat > "$tmp/zero-xor-store.litmus" <<'END'
LISA zero-xor-store
{
x=0; y=0; p=x;
}
 P0               | P1                    ;
 b[] L0           | r[once] r10 p         ;
 mov r11 x        | mov r22 (xor r10 r10) ;
 L0:              | w[once] y+r22 1       ;
 r[once] r0 r11   |                       ;
exists (0:r0=0)
END
refused zero-xor-store "9:2: memory access to 0, which is not a location"
cat > "$tmp/zero-branch-bare.litmus" <<'END'
LISA zero-branch-bare
{
x=0; y=0; p=x;
}
 P0               | P1                  ;
 r[once] r1 y     | r[once] r10 p       ;
 mov r2 (eq r1 1) | mov r3 (eq r10 x)   ;
 b[] r2 L0        | b[] r3 L1           ;
 mov r11 x        | w[once] r10 2       ;
 L0:              | L1:                 ;
 r[once] r0 r11   | w[once] y 1         ;
exists (0:r0=0)
END
refused zero-branch-bare "11:2: memory access to 0, which is not a location"
cat > "$tmp/zero-xor.litmus" <<'END'
LISA zero-xor
{
x=0; y=0; p=x;
}
 P0                  | P1            ;
 r[once] r1 y        | r[once] r10 p ;
 mov r20 (xor r1 r1) | w[once] y 1   ;
 r[once] r0 r20      |               ;
exists (0:r1=0)
END
refused zero-xor "8:2: memory access to 0, which is not a location"

# An operation on an address read (p holds x once P1 writes it) that
# herd7 7.58 cannot make refuses the test, as in C (`Illegal operation &
# on constants x and x`): an and, an addition of two addresses, a xor
# other than with itself; an address plus a number is an address.
for op in 'and r0 r0:& on x and x' 'add r0 r0:+ on x and x' \
          'xor r0 1:^ on x and 1' 'and r0 0:& on x and 0'; do
  name=op-$(echo "${op%%:*}" | tr -c 'a-z0-9\n' '-')
  cat > "$tmp/$name.litmus" <<END
LISA $name
{
x=0; y=0; p=0; 1:r3=x;
}
 P0                  | P1             ;
 r[once] r0 p        | w[once] p r3   ;
 mov r1 (${op%%:*})  |                ;
exists (0:r1=0)
END
  refused "$name" "7:2: illegal operation ${op#*:} (herd7 refuses the test)"
done

# --explain: the events with their annotations' sets and the LISA
# instruction that made each, and why the model rejects the state.
f=litmus/lisa/MP+release+acquire.litmus
"$LITMUSLAB" model --explain-condition "$f" > "$tmp/out" 2>&1 ||
  bad "--explain-condition: exit $?"
cat > "$tmp/want" <<'END'
Test MP+release+acquire, 1:r0=1 /\ 1:r1=0: forbidden by litmuslab: Linux-kernel memory model: 1 candidate execution reaches it, each rejected.
Candidate 1:
  P0  a: W x=1 Once     w[once] x 1
      b: W y=1 Release  w[release] y 1
  P1  c: R y=1 Acquire  r[acquire] r0 y
      d: R x=0 Once     r[once] r1 x
END
head -n 6 "$tmp/out" | cmp -s - "$tmp/want" ||
  { bad "--explain: events"; diff "$tmp/want" "$tmp/out"; }
grep -q '^  rejected by happens-before (acyclic): ' "$tmp/out" ||
  bad "--explain: no rejection"

# --explain takes incoherent candidates too (a read of a later write of
# its thread), so its reads take every value; a run whose reads no write
# gives their values is dropped at its end: a counted loop of RMWs beside
# a spin loop is explained, not `too many paths (over 250000)`.
f=litmus/lisa/loops-counted-rmws+spin.litmus
"$LITMUSLAB" model --explain '1:r1=5' "$f" > "$tmp/out" 2> "$tmp/err" ||
  bad "--explain on a counted loop: exit $?"
head -n 1 "$tmp/out" | grep -qx "Test loops-counted-rmws+spin, 1:r1=5: \
allowed by litmuslab: Linux-kernel memory model. One execution reaching it:" ||
  { bad "--explain on a counted loop: first line"; head -n 1 "$tmp/out"; }
grep -qx '      r: W x=7 Once     rmw\[once\] r1 (add r1 2) x' "$tmp/out" ||
  bad "--explain on a counted loop: no third turn's write of 7"
# --explain reads a state naming r-10 (its lexer had split it at `-`)
f=litmus/lisa/LISA+registers-past-r127.litmus
"$LITMUSLAB" model --explain '1:r-10=1 /\ 1:r10=1' "$f" 2>&1 |
  head -n 1 | grep -qx "Test LISA+registers-past-r127, 1:r-10=1 /\\\\ \
1:r10=1: allowed by litmuslab: Linux-kernel memory model. One execution \
reaching it:" || bad "--explain on r-10"
f=litmus/lisa/MP+release+acquire.litmus

# hwrun: no machine runs LISA; FILE: reason, exit 2, nothing built.
"$LITMUSLAB" hwrun "$f" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || bad "hwrun: exit $rc, want 2"
echo "$f: 'MP+release+acquire' is a LISA test: LISA is herd7's generic \
instruction set, which no machine runs (model runs it under the \
Linux-kernel memory model)" | cmp -s - "$tmp/err" ||
  { bad "hwrun: message"; cat "$tmp/err"; }
"$LITMUSLAB" hwrun --emit "$tmp/emit" "$f" > /dev/null 2>&1
[ $? = 2 ] || bad "hwrun --emit: want exit 2"
[ -e "$tmp/emit" ] && bad "hwrun --emit: wrote $tmp/emit"

[ $fail = 0 ] && echo "model_lisa: ok"
exit $fail
