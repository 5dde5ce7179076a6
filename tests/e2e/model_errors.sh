#!/bin/sh
# model_errors.sh — bad input to `litmuslab model` gives one
# FILE:LINE:COL line and exit 2, the other files still run; limits skip a
# test with a message and exit 1 (more in model_limits.sh).
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_errors: $*"; exit 1; }
# refused0 NAME LINE:COL: $tmp/NAME.litmus is refused (exit 2, no
# answer) with only the message that address 0 is no location there.
refused0() {
    "$LITMUSLAB" model "$tmp/$1.litmus" > "$tmp/out" 2> "$tmp/err"
    [ $? = 2 ] || fail "$1: want exit 2"
    [ "$(cat "$tmp/err")" = "$tmp/$1.litmus:$2: memory access to 0, which is not a location" ] || {
        cat "$tmp/err"; fail "$1: message"; }
    [ ! -s "$tmp/out" ] || fail "$1: an answer: $(cat "$tmp/out")"
}
good=litmus/ppc/SB+lwsync-RMW-lwsync+sync-simple.litmus

# A missing file, then a good one: exit 2, the good one still printed.
"$LITMUSLAB" model "$tmp/none.litmus" $good > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "missing file: want exit 2"
grep -q "^$tmp/none.litmus" "$tmp/err" || fail "missing file: no message"
grep -q '^Test SB+lwsync-RMW-lwsync+sync-simple Allowed' "$tmp/out" ||
    fail "missing file: the next file was not run"

# A read at address 0 on a path no value takes (x is only ever 0, and
# the branch jumps over it): herd7 7.58 builds every path whatever
# values lead there and refuses the test ("Non symbolic location with
# no initial write: '[0]'"), on each architecture; so do we (the path
# pass, model/paths.c zero_paths_refuse). We answered them.
zpath() {   # NAME ARCH INIT SETS-0 READ-x BRANCH... ; then READ-0
    n=$1 a=$2 i=$3; shift 3
    { echo "$a $n"; echo "{ $i }"; echo " P0 ;"
      for l in "$@"; do echo " $l ;"; done
      echo " L: ;"; echo "exists (x=0)"; } > "$tmp/$n.litmus"
}
zpath z_rv RISCV "0:x2=x;" "li x5,0" "lw x1,0(x2)" "beq x1,x0,L" "lw x7,0(x5)"
zpath z_a64 AArch64 "0:X2=x;" "MOV X5,#0" "LDR X1,[X2]" "CBZ X1,L" "LDR X7,[X5]"
zpath z_arm ARM "0:R2=x;" "MOV R5,#0" "LDR R1,[R2]" "CMP R1,#0" "BEQ L" "LDR R7,[R5]"
zpath z_ppc PPC "0:r2=x;" "li r5,0" "lwz r1,0(r2)" "cmpwi r1,0" "beq L" "lwz r7,0(r5)"
zpath z_x86 X86_64 "" "movq \$0,%rax" "movq (x),%rbx" "cmpq \$0,%rbx" "je L" "movq (%rax),%rcx"
refused0 z_rv 7:2
refused0 z_a64 7:2
refused0 z_arm 8:2
refused0 z_ppc 8:2
refused0 z_x86 8:2

# A halfword of 65535 on a path no value takes (x is only ever 0): herd7
# 7.58 stops on an assertion when it builds any path that reaches it;
# so do we (the path pass). We refused it reached or not before.
printf 'AArch64 h65535\n{ 0:X2=x; }\n P0 ;\n LDR X1,[X2] ;\n CBZ X1,L9 ;\n MOVK X0,#65535 ;\n L9: ;\nexists (0:X0=0)\n' > "$tmp/h65535.litmus"
"$LITMUSLAB" model "$tmp/h65535.litmus" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] && [ ! -s "$tmp/out" ] &&
    [ "$(cat "$tmp/err")" = "$tmp/h65535.litmus:6:2: a halfword of 65535 (herd7 7.58 stops on an assertion on any path that reaches it)" ] || {
    cat "$tmp/err"; fail "h65535: message"; }

# Instructions herd7 reads and stops on when it builds a path that
# reaches them, on a path no value takes (x is only ever 0): refused
# (the path pass, sem_refuse_on_path); we answered.
vpath() {   # NAME LINE:COL MESSAGE, the test in $tmp/NAME.litmus
    "$LITMUSLAB" model "$tmp/$1.litmus" > "$tmp/out" 2> "$tmp/err"
    [ $? = 2 ] && [ ! -s "$tmp/out" ] &&
        [ "$(cat "$tmp/err")" = "$tmp/$1.litmus:$2: $3" ] || {
        cat "$tmp/err"; fail "$1: message"; }
}
printf 'RISCV v_rv\n{ 0:x2=x; }\n P0 ;\n lw x1,0(x2) ;\n beq x1,x0,L9 ;\n srai x5,x5,1 ;\n L9: ;\nexists (0:x1=0)\n' > "$tmp/v_rv.litmus"
vpath v_rv 6:2 'srai (herd7 7.58: "RISCV operation srai is not implemented (yet)", when a run reaches it)'
printf 'PPC v_ppc\n{ 0:r2=x; }\n P0 ;\n lwz r1,0(r2) ;\n cmpwi r1,0 ;\n beq L9 ;\n neg r5,r5 ;\n L9: ;\nexists (0:r1=0)\n' > "$tmp/v_ppc.litmus"
vpath v_ppc 7:2 'neg (herd7 7.58: "Instruction neg r5,r5 not implemented", when a run reaches it)'
printf 'X86_64 v_x86\n{ }\n P0 ;\n movq (x),%%rax ;\n cmpq $0,%%rax ;\n je L9 ;\n ret ;\n L9: ;\nexists (0:rax=0)\n' > "$tmp/v_x86.litmus"
vpath v_x86 7:2 'ret (herd7 7.58: "Instruction ret not implemented", when a run reaches it; Variant=telechat in the test makes it the thread'"'"'s end)'

# A branch to a label its thread lacks, jumped over (another thread's
# label too): herd7 7.58 refuses the test before any run ("Label L0
# not found on P0", "P0 cannot refer to L0 defined by P1"); we answered.
nolabel() {   # NAME ARCH JUMP BRANCH
    printf '%s %s\n{ }\n P0 | P1 ;\n %s L9 | L0: ;\n %s | %s ;\n L9: | ;\nexists (x=0)\n' \
        "$2" "$1" "$3" "$4" "$5" > "$tmp/$1.litmus"
    "$LITMUSLAB" model "$tmp/$1.litmus" > "$tmp/out" 2> "$tmp/err"
    [ $? = 2 ] || fail "$1: want exit 2"
    grep -qxF "$tmp/$1.litmus:5:2: no label L0 in thread 0 (herd7 7.58 refuses the test, reached or not)" "$tmp/err" || {
        cat "$tmp/err"; fail "$1: message"; }
    [ ! -s "$tmp/out" ] || fail "$1: an answer"
}
nolabel l_a64 AArch64 B "CBZ X1,L0" NOP
nolabel l_arm ARM B "BEQ L0" "MOV R1,#1"
nolabel l_rv RISCV j "beq x5,x0,L0" "li x5,1"
nolabel l_ppc PPC b "beq L0" "li r5,1"
nolabel l_x86 X86_64 jmp "je L0" "movq \$1,%rax"

# A load at a fixed offset inside a 4-byte int, which no store writes:
# herd7 7.58 refuses it ("mixed-size test rejected (symbol [x+2])"), and
# so do we: FILE:LINE:COL. With a store there both answer
# (tests/herd7-cpu/ppc/PPC+offset-apart).
cat > "$tmp/mixed.litmus" <<'END'
PPC mixed
{
0:r2=x;
}
 P0           ;
 li r1,1      ;
 lwz r1,2(r2) ;
exists (0:r1=1)
END
"$LITMUSLAB" model "$tmp/mixed.litmus" > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "mixed-size: want exit 2"
grep -q "^$tmp/mixed.litmus:7:2: mixed-size access to x+2" "$tmp/err" || {
    cat "$tmp/err"; fail "mixed-size: want FILE:7:2"; }

# RISC-V: a load at a fixed offset inside a 64-bit location, which no
# store writes: herd7 7.58 refuses it ("mixed-size test rejected (symbol
# [x+4])"), and so do we; with a store there both answer
# (tests/herd7-cpu/riscv/RV+offset-apart).
cat > "$tmp/apart.litmus" <<'END'
RISCV apart
{
uint64_t x;
0:x5=x;
}
 P0          ;
 lw x6,4(x5) ;
exists (0:x6=0)
END
"$LITMUSLAB" model "$tmp/apart.litmus" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "unwritten offset: want exit 2"
[ "$(cat "$tmp/err")" = "$tmp/apart.litmus:7:2: mixed-size access to x+4, inside x (8 bytes), read where nothing writes (herd7 refuses it without -variant mixed)" ] || {
    cat "$tmp/err"; fail "unwritten offset: message"; }
[ ! -s "$tmp/out" ] || fail "unwritten offset: an answer"
# ... and so where the store there is on a path another choice of paths
# skips (P0 reads x as 0), or is the reading AMO's own.
cat > "$tmp/apart2.litmus" <<'END'
RISCV apart2
{
uint64_t x;
0:x6=x; 0:x7=1; 1:x6=x; 1:x7=1;
}
 P0          | P1          ;
 lw x5,0(x6) | sw x7,0(x6) ;
 beq x5,x0,L | lw x5,4(x6) ;
 sw x7,4(x6) |             ;
 L:          |             ;
exists (1:x5=1)
END
"$LITMUSLAB" model "$tmp/apart2.litmus" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "offset written on one path: want exit 2"
grep -q "^$tmp/apart2.litmus:8:16: mixed-size access to x+4, inside x (8 bytes), read where nothing writes" "$tmp/err" || {
    cat "$tmp/err"; fail "offset written on one path: message"; }
printf 'RISCV apart3\n{\nuint64_t x;\n0:x6=x; 0:x7=1; 0:x8=4;\n}\n P0 ;\n add x9,x6,x8 ;\n amoadd.w x5,x7,(x9) ;\nexists (0:x5=0)\n' > "$tmp/apart3.litmus"
"$LITMUSLAB" model "$tmp/apart3.litmus" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "AMO at an offset: want exit 2"
grep -q "^$tmp/apart3.litmus:8:2: mixed-size access to x+4" "$tmp/err" || {
    cat "$tmp/err"; fail "AMO at an offset: message"; }

# C: a read at a constant offset off x that nothing writes: herd7 7.58
# refuses the test ("mixed-size test rejected (symbol [x+1])"); written
# there, both answer (litmus/c/MP+offset-const).
printf 'C capart\n{}\nP0(int *x)\n{\n\tint r0;\n\tint *r1;\n\tr1 = (x+1);\n\tr0 = READ_ONCE(*r1);\n}\nexists (0:r0=0)\n' > "$tmp/capart.litmus"
"$LITMUSLAB" model "$tmp/capart.litmus" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "C unwritten offset: want exit 2"
grep -q "^$tmp/capart.litmus:8:7: mixed-size access to x+1, inside x (4 bytes), read where nothing writes" "$tmp/err" || {
    cat "$tmp/err"; fail "C unwritten offset: message"; }

# A store through a register that holds no address.
sed 's/^0:r2=x;$/0:r2=0;/' "$tmp/mixed.litmus" > "$tmp/null.litmus"
"$LITMUSLAB" model "$tmp/null.litmus" > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "null store: want exit 2"
grep -q "^$tmp/null.litmus:7:2: .*not a location" "$tmp/err" || {
    cat "$tmp/err"; fail "null store: message"; }

# C: a pointer local never set, read through on a path a value chooses,
# even one no write lets happen (no write makes y non-zero): herd7 7.58
# builds every path and refuses (`Non symbolic location with no initial
# write: '[0]'`), and so does the model.
cat > "$tmp/uninit.litmus" <<'END'
C uninit

{
p = x; y = 0;
}

P0(int *x, int **p, int *y)
{
	int r0;
	int *q0;
	int r1;

	r0 = READ_ONCE(*y);
	if (r0 != 0) {
		r1 = 5;
	} else {
		q0 = rcu_dereference(*p);
	}
	r1 = smp_load_acquire(q0);
}

P1(int *x, int **p, int *y)
{
	int r0;

	r0 = READ_ONCE(*x);
	WRITE_ONCE(*x, 2);
}

exists (0:r1=0)
END
refused0 uninit 19:7

# A read at address 0 is refused even when another thread stores through
# an address read from memory, if that store is not on all its paths
# (herd7 7.58 builds P1's path where z is 0, with no such store) or is a
# load: herd7 refuses both ('Non symbolic location with no initial
# write'). A store on every path of P1 makes herd7 answer
# (litmus/c/MP+zero-read-store-via-read).
cat > "$tmp/zbranch.litmus" <<'END'
C zbranch
{ int *p = x; z = 1; }
P0(int *x)
{
	int r1;
	int *q0;
	r1 = READ_ONCE(*q0);
}
P1(int *x, int **p, int *z)
{
	int *q1;
	int r0;
	r0 = READ_ONCE(*z);
	if (r0) {
		q1 = READ_ONCE(*p);
		WRITE_ONCE(*q1, 1);
	}
}
exists (0:r1=1)
END
sed 's/^C zbranch/C zload/; s/if (r0) {/{/; s/WRITE_ONCE(\*q1, 1)/r0 = READ_ONCE(*q1)/' \
    "$tmp/zbranch.litmus" > "$tmp/zload.litmus"
refused0 zbranch 7:7
refused0 zload 7:7

# More sets of paths herd7 7.58 refuses (model/paths.c
# zero_paths_refuse): a lone atomic_inc at 0 (its own write is no
# source for its read; two of them would be: litmus/c/LB+zero-rmw-pair);
# a read at 0 on a path no value takes (nothing writes 5 to y); one under
# r0 <= r0, which herd7 does not know (r0 == r0 it does:
# litmus/c/MP+zero-read-if-self-equal). The first three give herd7's
# `Non symbolic location with no initial write: '[0]'`.
cat > "$tmp/zrmw.litmus" <<'END'
C zrmw
{}
P0(int *x, int *y)
{
	int r0;
	int *q0;
	r0 = READ_ONCE(*y);
	if (r0 == 5)
		atomic_inc(q0);
	WRITE_ONCE(*x, 1);
}
P1(int *x, int *y)
{
	int r1;
	r1 = READ_ONCE(*x);
	WRITE_ONCE(*y, 1);
}
exists (1:r1=1)
END
sed 's/^C zrmw/C zvalue/; s/atomic_inc(q0)/r0 = READ_ONCE(*q0)/' \
    "$tmp/zrmw.litmus" > "$tmp/zvalue.litmus"
sed 's/^C zrmw/C zselfle/; s/r0 == 5/r0 <= r0/' \
    "$tmp/zrmw.litmus" > "$tmp/zselfle.litmus"
refused0 zrmw 9:3
refused0 zvalue 9:8
refused0 zselfle 9:3
# A read at 0 that reads a write at 0 after it in its thread (herd7
# lets it, before any model check): an execution with an access at 0,
# which herd7 refuses (`Non-symbolic memory access found on '[0]'`). An
# xchg at 0 and another one after it read each other's constant the same
# way; two atomic_inc would not (each adds to what the other read:
# litmus/c/LB+zero-rmw-pair).
cat > "$tmp/zlater.litmus" <<'END'
C zlater
{}
P0(int *x)
{
	int *q0;
	int r1;
	r1 = READ_ONCE(*q0);
	WRITE_ONCE(*q0, 1);
	WRITE_ONCE(*x, 1);
}
P1(int *x)
{
	int r0;
	r0 = READ_ONCE(*x);
}
exists (1:r0=1)
END
sed 's/^C zlater/C zxchg/; s/r1 = READ_ONCE(\*q0);/r1 = xchg(q0, 1);/; s/WRITE_ONCE(\*q0, 1);/r1 = xchg(q0, 2);/' \
    "$tmp/zlater.litmus" > "$tmp/zxchg.litmus"
refused0 zlater 7:7
refused0 zxchg 7:7

# A lock's write through an address read from memory is no source for a
# read at 0: herd7 pairs reads with memory writes only (`Non symbolic
# location with no initial write`); a WRITE_ONCE there would be one.
cat > "$tmp/zlock.litmus" <<'END'
C zlock
{ int *p = x; }
P0(int *x)
{
	int r1;
	int *q0;
	r1 = READ_ONCE(*q0);
}
P1(int *x, int **p)
{
	int *q1;
	q1 = READ_ONCE(*p);
	spin_unlock(q1);
}
exists (0:r1=1)
END
refused0 zlock 7:7

# RISC-V and Power: a store through an address read as 0 (herd7 7.58:
# "Non-symbolic memory access found on '[0]'"; we answered States 0)
for spec in "RISCV zrv x ld sd" "PPC zppc r ld std"; do
    set -- $spec
    printf '%s %s\n{ 0:%s9=p; 0:%s1=1; uint64_t p; }\n P0 ;\n %s %s5,0(%s9) ;\n %s %s1,0(%s5) ;\nexists (0:%s5=0)\n' \
        "$1" "$2" "$3" "$3" "$4" "$3" "$3" "$5" "$3" "$3" "$3" > "$tmp/$2.litmus"
    refused0 "$2" 5:2
done
sed 's/^C zlock/C zwrite/; s/spin_unlock(q1)/WRITE_ONCE(*q1, 1)/' \
    "$tmp/zlock.litmus" > "$tmp/zwrite.litmus"
"$LITMUSLAB" model "$tmp/zwrite.litmus" > "$tmp/out" 2> "$tmp/err" ||
    fail "zwrite: refused: $(cat "$tmp/err")"
grep -qx 'Observation zwrite Never 0 0' "$tmp/out" || fail "zwrite: $(cat "$tmp/out")"

# A store through a pointer read as 0 (P1 may run first): herd7 refuses
# an execution that has it (`Non-symbolic memory access found on
# '[0]'`), as a store at a constant 0.
cat > "$tmp/zstore.litmus" <<'END'
C zstore
{}
P0(int *x, int **p)
{
	int *q1;
	q1 = READ_ONCE(*p);
	WRITE_ONCE(*q1, 2);
	WRITE_ONCE(*x, 1);
}
P1(int *x, int **p)
{
	int r2;
	r2 = READ_ONCE(*x);
	WRITE_ONCE(*p, x);
}
exists (1:r2=1)
END
refused0 zstore 7:2

# A read at 0 of its own value stored back there: a value no write
# fixes. herd7 has no execution where an operation meets it
# (litmus/c/zero-xchg-selfread-op, States 0) but refuses the test where
# it is only stored (zself), or where another thread's store of a
# constant at 0 may feed the read too (zother: that one solves).
cat > "$tmp/zself.litmus" <<'END'
C zself
{}
P0(int *x)
{
	int *q;
	int r0;
	r0 = xchg_release(q, 2);
	WRITE_ONCE(*q, r0);
	WRITE_ONCE(*x, r0);
}
exists (x=1)
END
refused0 zself 7:7
cat > "$tmp/zother.litmus" <<'END'
C zother
{}
P0(int *x)
{
	int *q;
	int r0;
	int r1;
	r0 = xchg_release(q, 2);
	WRITE_ONCE(*q, r0);
	r1 = r0 + 1;
	WRITE_ONCE(*x, r1);
}
P1(int *y)
{
	int *p;
	WRITE_ONCE(*p, 5);
}
exists (x=1)
END
refused0 zother 8:7
# LISA, as herd7 7.58 with the kernel's bell: the same with (eq r0 r0),
# a constant for herd7 (litmus/lisa/zero-rmw-selfread-op has (eq r0 2):
# States 0), and a read at 0 that nothing writes (`Non symbolic
# location with no initial write`).
printf 'LISA zlisa\n{\nx=0;\n}\n P0 ;\n rmw[release] r0 2 r10 ;\n w[release] r10 r0 ;\n mov r20 (eq r0 r0) ;\nexists (x=1)\n' \
    > "$tmp/zlisa.litmus"
refused0 zlisa 6:2
printf 'LISA zlisar\n{\nx=0;\n}\n P0 ;\n r[once] r0 r10 ;\n mov r1 (add r0 1) ;\n w[once] x r1 ;\nexists (x=1)\n' \
    > "$tmp/zlisar.litmus"
refused0 zlisar 6:2

# A cat file with a syntax error: its FILE:LINE:COL.
printf '"bad"\nlet x = (po |\n' > "$tmp/bad.cat"
"$LITMUSLAB" model --model "$tmp/bad.cat" $good > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "bad cat: want exit 2"
grep -q "bad.cat:[0-9]*:[0-9]*: " "$tmp/err" || {
    cat "$tmp/err"; fail "bad cat: message"; }

# Bad options.
"$LITMUSLAB" model -j 0 $good > /dev/null 2>&1; [ $? = 2 ] || fail "-j 0"
"$LITMUSLAB" model --timeout > /dev/null 2>&1; [ $? = 2 ] || fail "--timeout"
"$LITMUSLAB" model --max-memory 12X $good > /dev/null 2>&1; [ $? = 2 ] ||
    fail "--max-memory 12X"
"$LITMUSLAB" model > /dev/null 2>&1; [ $? = 2 ] || fail "no files"

# Limits: the test is skipped with a message, exit 1, the run goes on.
"$LITMUSLAB" model --max-executions 2 $good $good > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] || fail "max-executions: want exit 1"
[ "$(grep -c 'more than 2 executions' "$tmp/err")" = 2 ] ||
    fail "max-executions: message"
[ -s "$tmp/out" ] && fail "max-executions: output for a skipped test"

# A loop is unrolled (as herd7 does), and the cut is said.
cat > "$tmp/spin.litmus" <<'END'
PPC spin
{
0:r2=x; 1:r2=x;
}
 P0           | P1           ;
 li r1,1      | L0:          ;
 stw r1,0(r2) | lwz r1,0(r2) ;
              | cmpwi r1,0   ;
              | beq L0       ;
exists (1:r1=1)
END
"$LITMUSLAB" model "$tmp/spin.litmus" > "$tmp/out" 2> "$tmp/err" ||
    fail "loop: exit $?"
grep -q '^Positive: 3 Negative: 0$' "$tmp/out" || fail "loop: 3 executions"
grep -q 'loops unrolled 2 times' "$tmp/err" || fail "loop: no message"
grep -q '^Loop Ok$' "$tmp/out" || fail "loop: want herd7's 'Loop Ok' verdict line"

# @LIST reads test names from a file, relative to it; lists nest.
cp $good "$tmp/t.litmus"
printf '# a comment\nt.litmus\n' > "$tmp/@inner"
printf '@inner\nt.litmus\n' > "$tmp/@outer"
"$LITMUSLAB" model "@$tmp/@outer" > "$tmp/out" 2> "$tmp/err" ||
    fail "lists: exit $?"
[ "$(grep -c '^Test SB+lwsync-RMW-lwsync+sync-simple ' "$tmp/out")" = 2 ] ||
    fail "lists: want the test twice"

# A model that does not fit the test (issue 29, item 7): the mismatch
# between model and architecture, naming the set that gives it away and
# the test's own model; not an error in the test or in the cat file.
: > "$tmp/got"
for pair in x86tso.cat:c/MP+release+acquire x86tso.cat:c11/MP+rel+acq \
            lkmm.cat:ppc/MP ppc.cat:x86/MP; do
  "$LITMUSLAB" model -model "${pair%%:*}" "litmus/${pair#*:}.litmus" \
      > /dev/null 2>> "$tmp/got"
  [ $? = 2 ] || fail "model mismatch $pair: want exit 2"
done
cat > "$tmp/want" <<'END'
litmus/c/MP+release+acquire.litmus: architecture mismatch between test and model (C vs. X86): x86tso.cat names MFENCE, a set of X86 events; this test's model is lkmm.cat
litmus/c11/MP+rel+acq.litmus: architecture mismatch between test and model (C vs. X86): x86tso.cat names MFENCE, a set of X86 events; this test's model is rc11.cat
litmus/ppc/MP.litmus: architecture mismatch between test and model (PPC vs. C): lkmm.cat names Rcu-lock, a set of C events; this test's model is ppc.cat
litmus/x86/MP.litmus: architecture mismatch between test and model (X86_64 vs. PPC): ppc.cat names SYNC, a set of PPC events; this test's model is x86tso-64.cat
END
cmp -s "$tmp/want" "$tmp/got" || fail "model mismatch: $(diff "$tmp/want" "$tmp/got")"

# -j gives the same bytes as one worker, in the same order.
"$LITMUSLAB" model litmus/ppc/*.litmus $good | grep -v '^Time' > "$tmp/one"
"$LITMUSLAB" model -j 3 litmus/ppc/*.litmus $good | grep -v '^Time' > "$tmp/three"
cmp -s "$tmp/one" "$tmp/three" || fail "-j 3 differs from -j 1"
exit 0
