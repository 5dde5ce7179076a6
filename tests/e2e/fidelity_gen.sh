#!/bin/sh
# fidelity_gen.sh — the random generators of `make fidelity-diff*`
# (tests/fidelity/gen_c.c, gen_lisa.c, mk/fidelity-gen.awk), without
# herd7: the same seed writes the same tests byte for byte, LARGE
# changes them, bad arguments get their exact message, every test
# written is read and answered by `litmuslab model` (the refusals
# allowed: herd7's too, an access through a pointer local the test
# never set, address 0; and the known gaps below), and gen_c draws every primitive of herd7
# 7.58's linux-kernel.def (with ../shared: the def is herd7's).
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
# gen_c's seed: 9 since its expression forms (Dec 7), which remade seed
# 7's tests; there LARGE 1's g7_69 (four nested lock sections, RMWs
# with reads in their arguments) takes herd7 110 s of CPU, and the
# lock-word g7_56 is `too many paths` for us (doc/fidelity.md, "Forms
# over several registers")
cseed=9
cc=${CC:-cc}
for g in c lisa; do
  $cc -std=c17 -Wall -Wextra -Werror -O2 -o "$tmp/gen_$g" \
    tests/fidelity/gen_$g.c 2> "$tmp/cc.err" ||
    { echo "fidelity_gen: gen_$g does not build:"; cat "$tmp/cc.err"; exit 1; }
done

# same seed, same tests; LARGE (gen_c) changes the three-thread ones
for g in c lisa; do
  mkdir "$tmp/$g.a" "$tmp/$g.b"
  sd=7; [ $g = c ] && sd=$cseed
  "$tmp/gen_$g" "$tmp/$g.a" $sd 100 && "$tmp/gen_$g" "$tmp/$g.b" $sd 100 ||
    { echo "gen_$g: exit $?"; fail=1; }
  diff -r "$tmp/$g.a" "$tmp/$g.b" > /dev/null ||
    { echo "gen_$g: seed $sd wrote other tests the second time"; fail=1; }
  [ "$(ls "$tmp/$g.a" | wc -l)" = 100 ] ||
    { echo "gen_$g: not 100 tests"; fail=1; }
done
mkdir "$tmp/c.l"
"$tmp/gen_c" "$tmp/c.l" $cseed 100 1
diff -r "$tmp/c.a" "$tmp/c.l" > /dev/null &&
  { echo "gen_c: LARGE 1 wrote the same tests as the default 8"; fail=1; }

# bad arguments: exact messages, exit 2
msg_is() { # EXPECTED COMMAND...
  want=$1; shift
  "$@" > "$tmp/out" 2>&1; rc=$?
  [ $rc = 2 ] && [ "$(cat "$tmp/out")" = "$want" ] ||
    { echo "$*: exit $rc, said '$(cat "$tmp/out")', want '$want'"; fail=1; }
}
msg_is "usage: gen_c DIR SEED COUNT [LARGE]" "$tmp/gen_c" "$tmp" 1
msg_is "gen_c: LARGE must be a number >= 1" "$tmp/gen_c" "$tmp" 1 1 0
msg_is "usage: gen_lisa DIR SEED COUNT [LARGE]" "$tmp/gen_lisa"

# every test is answered (model), but an access to address 0, an
# operation herd7 7.58 refuses (arithmetic on an address), and the
# instructions herd7 reads and we do not yet (issue 28: SMNEGL, UMULL;
# found by these generators, Dec 5). Any other refusal fails: tests of
# many RMWs on x whose values grow were `too many paths` until issue
# 24's fix (g7_47, g7_85 of LARGE 1 before the generator's Dec 7 forms).
# a time limit that only a hang meets: each test of seed 9 takes under
# 1 s here (load 10)
to=20
case $LITMUSLAB in */asan/*) to=180 ;; esac
refused='memory access to 0, which is not a location$|unknown instruction .(SMNEGL|UMULL).|\(herd7 refuses the test\)$'
answered() { # DIR COUNT
  "$LITMUSLAB" model --timeout "$to" "$1"/*.litmus > "$tmp/m.out" 2> "$tmp/m.err"
  n=$(grep -c '^Observation ' "$tmp/m.out")
  z=$(grep -Ec "$refused" "$tmp/m.err")
  other=$(grep -Ev "$refused|loops unrolled [0-9]+ times" "$tmp/m.err")
  [ -z "$other" ] && [ $((n + z)) = "$2" ] ||
    { echo "$1: $n answered, $z at address 0 of $2:"; echo "$other" | head -5; fail=1; }
}
answered "$tmp/c.a" 100
answered "$tmp/c.l" 100
answered "$tmp/lisa.a" 100
# gen_c's lock-word shapes: GEN_C_LOCKWORD gives them to every test
# but the thin-air ones and those of more than 12 events (LARGE 1000
# keeps them small), the default to one in ten, drawn apart (a seed's
# other tests stay as they were)
mkdir "$tmp/c.w" "$tmp/c.w0"
GEN_C_LOCKWORD=1 "$tmp/gen_c" "$tmp/c.w" $cseed 100 1000
"$tmp/gen_c" "$tmp/c.w0" $cseed 100 1000
answered "$tmp/c.w" 100
cat "$tmp/c.w"/*.litmus > "$tmp/c.wall"
for form in '^	\*[st] = [0-2];' 'WRITE_ONCE(\*[st], ' '= READ_ONCE(\*[st]);' \
    '= xchg[a-z_]*(s, ' '= cmpxchg([st], 0, ' '= spin_is_locked(s);' '^	[st] = [12];' \
    ' [st]=[0-2]'; do
  grep -q -- "$form" "$tmp/c.wall" ||
    { echo "gen_c: 100 lock-word tests and no '$form'"; fail=1; }
done
n=$(diff -r "$tmp/c.w0" "$tmp/c.w" | grep -c '^diff ')
# (about half the tests are eligible: 46 to 59 changed over seeds 1-6;
# a GEN_C_LOCKWORD acting as the default's one in ten would change about
# 5, one doing nothing none: 30 keeps them apart)
[ "$n" -ge 30 ] || { echo "gen_c: GEN_C_LOCKWORD changed $n tests of 100"; fail=1; }
# gen_lisa: herd7's other spellings (ne, hex and negative numbers)
cat "$tmp/lisa.a"/*.litmus > "$tmp/lisa.all"
for form in '(ne r' ' 0x[0-9]' ' -1' '^forall (' '^~exists ('; do
  grep -q -- "$form" "$tmp/lisa.all" ||
    { echo "gen_lisa: 100 tests and no '$form'"; fail=1; }
done

# the assembly generator: deterministic, every test answered
for arch in PPC X86_64 ARM AArch64 RISCV; do
  for r in 1 2; do
    mkdir "$tmp/$arch.$r"
    awk -v arch=$arch -v n=40 -v seed=5 -v dir="$tmp/$arch.$r" \
      $(for f in mk/fidelity-gen*.awk; do echo "-f $f"; done)
  done
  diff -r "$tmp/$arch.1" "$tmp/$arch.2" > /dev/null ||
    { echo "fidelity-gen.awk $arch: seed 5 wrote other tests the second time"; fail=1; }
  answered "$tmp/$arch.1" 40
done

# gen_c: every primitive of the def in 2000 tests, and the other forms
def=../shared/tools/herdtools7/share/herd/linux-kernel.def
if [ -f "$def" ]; then
  mkdir "$tmp/many"
  "$tmp/gen_c" "$tmp/many" 1 2000
  cat "$tmp/many"/*.litmus > "$tmp/all"
  for p in $(sed -n 's/^\([a-z_0-9]*\)(.*/\1/p' "$def" | sort -u); do
    grep -q "[^a-z_0-9]$p(" "$tmp/all" ||
      { echo "gen_c: 2000 tests and no $p"; fail=1; }
  done
  # and the C forms beyond the def (doc/fidelity.md "What they cover")
  for form in 'atomic_add_unless(' 'while (' '} else if (' 'intptr_t r' \
      'int \*q0 = ' 'WRITE_ONCE(\*p, ' 'smp_store_release(p, ' '= xchg(p, ' \
      '= cmpxchg_acquire(p, ' 'spin_lock(t);' 'if (spin_trylock(' \
      'if (READ_ONCE(\*' '^~exists (' '^forall (' '^filter (' '^locations \[' \
      ':q[0-9]=[xyz]' ' p=[xyz]' '[0-9]:r8 = [xyz];' '^	[xyz] = [12];' \
      ' r9 = (r[0-9] ^ r9) == 0;' '(r[0-9] ^ r[0-9]) == 0' ' / 2' ' | 1' \
      'READ_ONCE(\*[xyz]));' 'atomic_t \*x' '[0-9]:r[0-9]=[0-9]:r[0-9]' '\\/' ' ~[0-9xyz]' \
      '^	int [xyz]\[2\];' '^	int [xyz]\[2\] = {' '^	q[0-9] = [xyz];' '(int)(' \
      'while (r[0-9] [+!]' '^		else$' ') [<>=!]=* ([^)]*)) {' \
      '^	[a-z_]* r10;' '^	[a-z_]* r10 = 0;' '[-+*^|&=<>] r10[ );]' \
      '^P3(' '^P[0-9](int \*[yz], ' '^P[0-9]()$' 'ATOMIC_INIT(' \
      '^	int [xyz] = [0-2];' '^	int \*p = [xyz]; [a-z0-9:]* = [0-9xyz];' \
      '^	q[0-9] = [xyz] + (r[0-9] - r[0-9]);' '^	q[0-9] = [xyz] + (r[0-9] & 0);' \
      'srcu_read_lock(ss2);' 'synchronize_srcu(ss2);'; do
    grep -q -- "$form" "$tmp/all" ||
      { echo "gen_c: 2000 tests and no '$form'"; fail=1; }
  done
  # C's scopes: a local is declared at its thread's top level only
  # (herd7 reads one declared in a block after it, as we do; gen_c made
  # 80 such in these 2000 tests, some named after the block)
  ! grep -qE '^		+(int|intptr_t) \*?[rq][0-9]+ = ' "$tmp/all" ||
    { echo "gen_c: a local declared in a block"; fail=1; }
else
  echo "fidelity_gen.sh: SKIP: the def check needs $def"
fi
exit $fail
