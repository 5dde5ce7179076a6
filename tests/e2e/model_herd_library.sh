#!/bin/sh
# model_herd_library.sh — herd7's generic model files (share/herd: sc.cat,
# tso.cat, fulleieio.cat, lessrelaxed.cat, uniproccat.cat, prettycat.cat,
# aarch32.cat, enumerations.cat, minimal.cat, ctrl.cat, ctrl-bis.cat,
# deps.cat, deps-new.cat, deps-instances.cat, mini.cat, naked.cat), read
# unmodified, on tests of architectures other than their fence files':
# each gives herd7 7.58's states and verdict, recorded below. mini.cat,
# minimal.cat and naked.cat check no coherence: herd7 builds every
# candidate, a read of its thread's own later write or of an overwritten
# one too, but none of its own instruction's write after it (C's
# exchange, a weak CAS's failure write), and under naked.cat, which
# names no co, one co per final write shown (doc/fidelity.md,
# no-coherence models; CASP+expected-cycle: a read of its own later
# store that another thread's compare-and-swap solves, model/copy_cycles.c); and so under c11_cos.cat, whose co is its own mo
# (the built-in co it reads only through co0's final writes and an
# unused let). They need herd7's `try e
# with d` on a tag the test's architecture lacks (fences.cat's
# `try fencerel(DMB) with 0`), lets evaluated where used, `let rec ...
# when acyclic ...`, `r ^ -1`, tuple patterns (`let (ws,dw) = ... in`)
# and a let statement's optional `in`; models of ours run ctrl.cat's
# functions through `with` and in checks (doc/herd-model-files.md; the semantics
# alone: tests/unit/test_cat_try.c and test_cat_tuple.c, without
# ../shared).
# Skips (77) where ../shared is absent. Env: LITMUSLAB, CORPUS.
: "${LITMUSLAB:?}"
lib=${HERDLIB:-${CORPUS:-/nonexistent}/../tools/herdtools7/share/herd}
if [ ! -f "$lib/sc.cat" ]; then
    echo "model_herd_library: SKIP: needs herd7's model files, $lib/sc.cat not found (HERDLIB=DIR names herdtools7's share/herd)"
    exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# herd7's lines: "== CAT TEST" then its states, verdict and observation
cat > "$tmp/want" <<'END'
== sc.cat litmus/x86/SB.litmus
States 3
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
No
Positive: 0 Negative: 3
Observation SB Never 0 3
== tso.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Observation SB Sometimes 1 3
== sc.cat litmus/ppc/2+2W+eieios.litmus
States 3
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
No
Positive: 0 Negative: 3
Observation 2+2W+eieios Never 0 3
== fulleieio.cat litmus/ppc/2+2W+eieios.litmus
States 3
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
No
Positive: 0 Negative: 3
Observation 2+2W+eieios Never 0 3
== lessrelaxed.cat litmus/arm/2+2W+dmbs.litmus
States 3
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
No
Positive: 0 Negative: 3
Observation 2+2W+dmbs Never 0 3
== uniproccat.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Observation SB Sometimes 1 3
== prettycat.cat litmus/riscv/2+2W.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 1 Negative: 3
Observation 2+2W Sometimes 1 3
== aarch32.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Observation SB Sometimes 1 3
== enumerations.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Observation SB Sometimes 1 3
== minimal.cat litmus/aarch64/2+2W+dmb.st+po.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 1 Negative: 3
Observation 2+2W+dmb.st+po Sometimes 1 3
== minimal.cat litmus/aarch64/CASP+expected-cycle.litmus
States 3
0:X12=0;
0:X12=1;
0:X12=5;
Ok
Positive: 1296 Negative: 1040
Observation CASP+expected-cycle Sometimes 1296 1040
== ctrl.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Observation SB Sometimes 1 3
== ctrl-bis.cat litmus/ppc/2+2W+eieios.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 1 Negative: 3
Observation 2+2W+eieios Sometimes 1 3
== deps.cat litmus/aarch64/2+2W+dmb.st+po.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 1 Negative: 3
Observation 2+2W+dmb.st+po Sometimes 1 3
== deps-new.cat litmus/riscv/2+2W.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 1 Negative: 3
Observation 2+2W Sometimes 1 3
== deps-instances.cat litmus/arm/2+2W+dmbs.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 1 Negative: 3
Observation 2+2W+dmbs Sometimes 1 3
== use.cat litmus/x86/MP.litmus
States 4
1:rax=0; 1:rbx=0;
1:rax=0; 1:rbx=1;
1:rax=1; 1:rbx=0;
1:rax=1; 1:rbx=1;
Ok
Positive: 1 Negative: 3
Flag added
Flag combined
Observation MP Sometimes 1 3
== use.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Flag combined
Observation SB Sometimes 1 3
== use.cat litmus/riscv/2+2W.litmus
States 0
No
Positive: 0 Negative: 0
Observation 2+2W Never 0 0
== checks.cat litmus/x86/MP.litmus
States 4
1:rax=0; 1:rbx=0;
1:rax=0; 1:rbx=1;
1:rax=1; 1:rbx=0;
1:rax=1; 1:rbx=1;
Ok
Positive: 1 Negative: 3
Flag added
Flag combined
Flag combined-r
Observation MP Sometimes 1 3
== checks.cat litmus/x86/SB.litmus
States 4
0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Positive: 1 Negative: 3
Flag combined
Flag combined-r
Observation SB Sometimes 1 3
== checks.cat litmus/riscv/2+2W.litmus
States 0
No
Positive: 0 Negative: 0
Observation 2+2W Never 0 0
== mini.cat litmus/aarch64/A64-read-own-later-write.litmus
States 18
0:X0=0; 0:X4=0; [x]=1;
0:X0=0; 0:X4=0; [x]=2;
0:X0=0; 0:X4=1; [x]=1;
0:X0=0; 0:X4=1; [x]=2;
0:X0=0; 0:X4=2; [x]=1;
0:X0=0; 0:X4=2; [x]=2;
0:X0=1; 0:X4=0; [x]=1;
0:X0=1; 0:X4=0; [x]=2;
0:X0=1; 0:X4=1; [x]=1;
0:X0=1; 0:X4=1; [x]=2;
0:X0=1; 0:X4=2; [x]=1;
0:X0=1; 0:X4=2; [x]=2;
0:X0=2; 0:X4=0; [x]=1;
0:X0=2; 0:X4=0; [x]=2;
0:X0=2; 0:X4=1; [x]=1;
0:X0=2; 0:X4=1; [x]=2;
0:X0=2; 0:X4=2; [x]=1;
0:X0=2; 0:X4=2; [x]=2;
Ok
Positive: 6 Negative: 12
Observation A64-read-own-later-write Sometimes 6 12
== naked.cat litmus/riscv/RISCV-naked-final-writes.litmus
States 3
[x]=1;
[x]=2;
[x]=3;
Ok
Positive: 4 Negative: 8
Observation RISCV-naked-final-writes Sometimes 4 8
== minimal.cat litmus/ppc/PPC-read-overwritten-own-write.litmus
States 6
0:r5=0; [x]=1;
0:r5=0; [x]=2;
0:r5=1; [x]=1;
0:r5=1; [x]=2;
0:r5=2; [x]=1;
0:r5=2; [x]=2;
Ok
Positive: 2 Negative: 4
Observation PPC-read-overwritten-own-write Sometimes 2 4
== mini.cat litmus/c11/2+2W+xchgs.litmus
States 4
[x]=1; [y]=1;
[x]=1; [y]=2;
[x]=2; [y]=1;
[x]=2; [y]=2;
Ok
Positive: 4 Negative: 12
Observation 2+2W+xchgs Sometimes 4 12
== mini.cat litmus/c11/CAS-weak+fails-on-expected.litmus
States 2
0:r0=0;
0:r0=1;
Ok
Positive: 1 Negative: 5
Observation CAS-weak+fails-on-expected Sometimes 1 5
== c11_cos.cat litmus/c11/CAS-weak+fails-on-expected.litmus
States 2
0:r0=0;
0:r0=1;
Ok
Positive: 1 Negative: 5
Observation CAS-weak+fails-on-expected Sometimes 1 5
== c11_cos.cat litmus/c11/CAS+desired-read-on-success.litmus
States 2
0:r0=0;
0:r0=1;
Ok
Positive: 1 Negative: 4
Observation CAS+desired-read-on-success Sometimes 1 4
END
# Models of our own that run ctrl.cat's functions (tuples, addD's
# continuations, combine) through `with` and in checks, as herd7 does.
cat > "$tmp/use.cat" <<'END'
"ctrl.cat's functions"
include "ctrl.cat"
let first = roots(po) & W
let rec pick xs = match xs with || {} -> 0 || d ++ _ -> addD d (W \ IW \ first) 0 end
let same xs = [combine (loc, xs, R)]
with p from { pick first }
with q from { same first }
flag ~empty p as added
flag ~empty q as combined
empty p \ po as within-po
empty q \ [R | first] as reads-or-first
END
cat > "$tmp/checks.cat" <<'END'
"ctrl.cat's functions in checks"
include "ctrl.cat"
let first = roots(po) & W
let rec pick xs = match xs with || {} -> 0 || d ++ _ -> addD d (W \ IW \ first) 0 end
let same xs = combine (loc, xs, R)
flag ~empty pick first as added
flag ~empty same first as combined
flag ~empty (same first) & R as combined-r
empty pick first \ po as within-po
acyclic pick first | po as cyc
irreflexive (pick first);(pick first) as irr
empty same first \ (R | first) as reads-or-first
END
grep '^== ' "$tmp/want" | while read -r _ cat test; do
    echo "== $cat $test"
    model=$lib/$cat
    case $cat in use.cat|checks.cat) model=$tmp/$cat ;; esac
    "$LITMUSLAB" model -I "$lib" -model "$model" "$test" 2>&1 |
        grep -E '^(States|[0-9]+:|\[|Ok$|No$|Positive|Observation|Flag)'
done > "$tmp/got"
if ! cmp -s "$tmp/want" "$tmp/got"; then
    diff "$tmp/want" "$tmp/got"
    echo "model_herd_library: herd7's files do not give herd7's output"
    exit 1
fi
echo "model_herd_library: ok ($(grep -c '^== ' "$tmp/want") files and tests)"
