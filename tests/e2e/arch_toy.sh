#!/bin/sh
# arch_toy.sh — a new architecture is a list of new files plus one line
# in the architecture list, include/litmuslab/arch/list.h
# (doc/adding-an-architecture.md). TOY (tests/e2e/data/toy/: its header,
# its reader plug-in with its names, its model semantics, hwrun's
# refusal and gen's empty list) is added that way to a copy of the tree, checked to differ
# from the tree by those files and that line only, which is built (the
# build's objects are copied along, so only what TOY touches is compiled
# again, at -O0: some 10 s); there, a
# TOY test is read back, modelled under sequential consistency (herd7's
# log), refused by hwrun with the reason its hwrun file gives, and
# test_arch_coverage passes; the help texts list TOY, hwrun's targets
# and gen's architectures stay the same and tests/e2e/arch_names.sh
# passes there.
# Env: LITMUSLAB (the copy builds its own). cwd: the repo root.
: "${LITMUSLAB:?}"
here=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "arch_toy: $*"; exit 1; }
for p in cc make sed cmp; do
    command -v $p >/dev/null 2>&1 ||
        { echo "arch_toy: no $p: skipped"; exit 77; }
done
pkg-config --exists cmocka 2>/dev/null ||
    { echo "arch_toy: no cmocka: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tree=$tmp/tree
mkdir "$tree"
# the sources, then the release build's objects (as they are, their times
# kept: make compiles only what TOY's lines change)
(cd "$here" && tar cf - --exclude=./.git --exclude=./build --exclude=./bin \
    --exclude=./reports .) | (cd "$tree" && tar xf -) || fail "cannot copy"
if [ -d "$here/build/release/obj" ]; then
    mkdir -p "$tree/build/release"
    cp -pR "$here/build/release/obj" "$here/build/release/.deps-ok" \
        "$tree/build/release/" 2>/dev/null
fi

# ---- the new files ----
(cd "$here/tests/e2e/data/toy" && tar cf - .) | (cd "$tree" && tar xf -)
# ---- the one line: after LISA's in the architecture list ----
list=include/litmuslab/arch/list.h
n=$(grep -c '^LL_ARCH(LISA, lisa)$' "$tree/$list")
[ "$n" = 1 ] || fail "$list: LISA's line is on $n lines, not one"
sed -i '/^LL_ARCH(LISA, lisa)$/a\
LL_ARCH(TOY, toy)' "$tree/$list"
# that is all: 5 new files and 1 line; no other file of the tree differs
(cd "$tree" && tar cf - --exclude=./build . ) | (mkdir "$tmp/cmp" && cd "$tmp/cmp" && tar xf -)
(cd "$here/tests/e2e/data/toy" && find . -type f) | sort >"$tmp/new.want"
diff -r "$here/include" "$tmp/cmp/include" >"$tmp/diff" 2>&1
for d in lib model hwrun gen compare campaign cli; do
    diff -r "$here/$d" "$tmp/cmp/$d" >>"$tmp/diff" 2>&1
done
grep '^Only in' "$tmp/diff" | sed "s|^Only in $tmp/cmp/\(.*\): |./\1/|" | sort >"$tmp/new.got"
cmp -s "$tmp/new.got" "$tmp/new.want" ||
    { diff "$tmp/new.want" "$tmp/new.got"; fail "new files other than the toy's"; }
grep -v '^Only in' "$tmp/diff" | grep '^[<>]' >"$tmp/lines"
[ "$(cat "$tmp/lines")" = "> LL_ARCH(TOY, toy)" ] ||
    { cat "$tmp/diff"; fail "changed lines other than the list's one"; }

# the copy's own release build, whatever make this runs under (the ASan
# pass of make test passes BUILD and SAN down through the environment)
(cd "$tree" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u SAN \
    make -j2 BUILD=build/release SAN= OPT=-O0 bin/litmuslab \
    build/release/tests/test_arch_coverage >"$tmp/build.log" 2>&1) || { tail -20 "$tmp/build.log"; fail "the build failed"; }
lab=$tree/bin/litmuslab

cat >"$tmp/MP.litmus" <<'T'
TOY MP
{ x=0; y=0; }
 P0        | P1       ;
 st x,1    | ld r0,y  ;
 fence     | fence    ;
 st y,1    | ld r1,x  ;
exists (1:r0=1 /\ 1:r1=0)
T
cat >"$tmp/SB.litmus" <<'T'
TOY SB
{ x=0; y=0; }
 P0       | P1       ;
 st x,1   | st y,1   ;
 ld r0,y  | ld r0,x  ;
exists (0:r0=0 /\ 1:r0=0)
T
cat >"$tmp/bad.litmus" <<'T'
TOY bad
{ x=0; }
 P0        ;
 st x,1    ;
 ld r9,x   ;
exists (0:r9=0)
T

# read back, normalised
"$lab" parse "$tmp/MP.litmus" >"$tmp/parse.out" 2>&1 || fail "parse: exit $?"
cat >"$tmp/parse.want" <<'T'
TOY MP
{
x=0; y=0;
}
 P0     | P1      ;
 st x,1 | ld r0,y ;
 fence  | fence   ;
 st y,1 | ld r1,x ;
exists (1:r0=1 /\ 1:r1=0)
T
cmp -s "$tmp/parse.out" "$tmp/parse.want" ||
    { diff "$tmp/parse.want" "$tmp/parse.out"; fail "parse printed otherwise"; }

# a bad register: one line, FILE:LINE:COL
"$lab" parse "$tmp/bad.litmus" >/dev/null 2>"$tmp/bad.err"; st=$?
[ $st = 2 ] || fail "parse of a bad test: exit $st, expected 2"
grep -qx "$tmp/bad.litmus:5:5: bad operand 'r9': the registers are r0 to r7" \
    "$tmp/bad.err" ||
    fail "bad operand: $(cat "$tmp/bad.err")"

# modelled: SC forbids both, as herd7 prints it
"$lab" model "$tmp/MP.litmus" "$tmp/SB.litmus" 2>"$tmp/model.err" |
    grep -v '^Time \|^Hash=' >"$tmp/model.out"
cat >"$tmp/model.want" <<'T'
Test MP Allowed
States 3
1:r0=0; 1:r1=0;
1:r0=0; 1:r1=1;
1:r0=1; 1:r1=1;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (1:r0=1 /\ 1:r1=0)
Observation MP Never 0 3

Test SB Allowed
States 3
0:r0=0; 1:r0=1;
0:r0=1; 1:r0=0;
0:r0=1; 1:r0=1;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (0:r0=0 /\ 1:r0=0)
Observation SB Never 0 3

T
cmp -s "$tmp/model.out" "$tmp/model.want" ||
    { diff "$tmp/model.want" "$tmp/model.out"; cat "$tmp/model.err"
      cat "$tmp/model.out"
      fail "model printed otherwise"; }

# hwrun: the reason TOY's hwrun file gives
"$lab" hwrun --check "$tmp/MP.litmus" >"$tmp/check.out" 2>&1
grep -qx "no $tmp/MP.litmus: 'MP' is a TOY test: no machine runs TOY" \
    "$tmp/check.out" || fail "hwrun --check: $(cat "$tmp/check.out")"

# what shared code says of architectures it asks of their files: the
# help lists TOY with no edit of its own, no machine is added, and no
# shared file names TOY
"$lab" campaign --help | tr '\n' ' ' | tr -s ' ' >"$tmp/help"
grep -q 'RISCV (RISC-V riscv64), C (LKMM linux), LISA, TOY (toy-isa) ' \
    "$tmp/help" || fail "campaign --help does not list TOY: $(cat "$tmp/help")"
"$lab" hwrun --targets >"$tmp/targets.got" 2>&1
"$LITMUSLAB" hwrun --targets >"$tmp/targets.want" 2>&1
cmp -s "$tmp/targets.got" "$tmp/targets.want" ||
    { diff "$tmp/targets.want" "$tmp/targets.got"; fail "hwrun --targets differs"; }
"$lab" gen -arch TOY PodWR Fre PodWR Fre >/dev/null 2>"$tmp/gen.err"
grep -qx "litmuslab gen: unknown architecture 'TOY' (known: PPC, X86_64, X86, AArch64, ARM, RISCV, C); see \`litmuslab gen --help\`" \
    "$tmp/gen.err" || fail "gen -arch TOY: $(cat "$tmp/gen.err")"
(cd "$tree" && sh tests/e2e/arch_names.sh >"$tmp/names.out" 2>&1) ||
    { cat "$tmp/names.out"; fail "arch_names fails in the copy"; }

# every stage covers TOY
(cd "$tree" && build/release/tests/test_arch_coverage >"$tmp/unit.out" 2>&1) ||
    { cat "$tmp/unit.out"; fail "test_arch_coverage failed in the copy"; }
echo "arch_toy: ok"
