#!/bin/sh
# arch_toy.sh — a new architecture is a list of new files plus a line in
# the architecture list and one in each stage's table
# (doc/adding-an-architecture.md). TOY (tests/e2e/data/toy/: its reader
# plug-in, its header and its model semantics) is added that way to a
# copy of the tree, which is built (the build's objects are copied along,
# so only what TOY touches is compiled again, at -O0: some 20 s); there, a
# TOY test is read back, modelled under sequential consistency (herd7's
# log), refused by hwrun with the reason its line gives, and
# test_arch_coverage passes.
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
# ---- the lines: after LISA's in each list ----
add() {   # FILE PATTERN LINE: LINE after the one line matching PATTERN
    n=$(grep -c -- "$2" "$tree/$1")
    [ "$n" = 1 ] || fail "$1: '$2' is on $n lines, not one"
    sed -i "/$2/a\\
$3" "$tree/$1"
}
add include/litmuslab/arch.h 'LL_ARCH_LISA,  ' '    LL_ARCH_TOY,'
add lib/arch/registry.c '#include "litmuslab\/arch\/x86.h"' \
    '#include "litmuslab/arch/toy.h"'
add lib/arch/registry.c '{"LISA", "", LL_ARCH_LISA' \
    '    {"TOY", "toy-isa", LL_ARCH_TOY, \&ll_arch_toy},'
add model/sem/sem.c 'extern const sem_ops sem_lisa_ops;' \
    'extern const sem_ops sem_toy_ops;'
add model/sem/sem.c '\[LL_ARCH_LISA\] = &sem_lisa_ops,' \
    '    [LL_ARCH_TOY] = \&sem_toy_ops,'
add hwrun/gen/gen.c '"it under the Linux-kernel memory model)"},' \
    '    [LL_ARCH_TOY] = {NULL, "is a TOY test: no machine runs TOY"},'
# that is all: 3 new files, 6 lines in 4 files
(cd "$here" && for f in include/litmuslab/arch.h lib/arch/registry.c \
                         model/sem/sem.c hwrun/gen/gen.c; do
    diff "$f" "$tree/$f"; done) | grep -c '^>' >"$tmp/added"
[ "$(cat "$tmp/added")" = 6 ] || fail "$(cat "$tmp/added") lines added, not 6"

(cd "$tree" && make -j2 OPT=-O0 bin/litmuslab build/release/tests/test_arch_coverage \
    >"$tmp/build.log" 2>&1) || { tail -20 "$tmp/build.log"; fail "the build failed"; }
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

# hwrun: the reason TOY's line in hwrun's table gives
"$lab" hwrun --check "$tmp/MP.litmus" >"$tmp/check.out" 2>&1
grep -qx "no $tmp/MP.litmus: 'MP' is a TOY test: no machine runs TOY" \
    "$tmp/check.out" || fail "hwrun --check: $(cat "$tmp/check.out")"

# every stage covers TOY
(cd "$tree" && build/release/tests/test_arch_coverage >"$tmp/unit.out" 2>&1) ||
    { cat "$tmp/unit.out"; fail "test_arch_coverage failed in the copy"; }
echo "arch_toy: ok"
