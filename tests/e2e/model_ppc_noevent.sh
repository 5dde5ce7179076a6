#!/bin/sh
# model_ppc_noevent.sh — Power tests with no memory event (register
# arithmetic only, and a test that does nothing but a sync) are modelled:
# one final state, herd7's log format, `forall (true)` for a test without
# a condition (herd7's reading), and an empty state line when no place is
# shown, as herd7 prints it. Time and Hash lines are not compared. (Each
# has a sync: an execution with no event at all still trips the
# sanitizers in the cat interpreter.)
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/regs.litmus" <<'END'
PPC regs-only
{ 0:r1=0x7fffffff; }
 P0                    ;
 nop                   ;
 lis r3,1              ;
 addi r3,r3,2          ;
 ori r4,r3,1           ;
 cmpw cr3,r3,r1        ;
 cmpw r1,r3            ;
 mfcr r5               ;
 sync                  ;
forall (0:r3=65538 /\ 0:r4=65539 /\ 0:r5=4)
END
printf 'PPC nothing\n{}\n P0 ;\n nop ;\n sync ;\n' > "$tmp/nothing.litmus"
# By hand: r3 = (1 << 16) + 2 = 65538; r4 = 65538 | 1; r5: herd7 7.58's
# mfcr is cr0 alone, in the low bits: GT (4) since 0x7fffffff > 65538
# (cr3's LT is not shown; the CPU's mfcr would give 0x40080000).
cat > "$tmp/want" <<'END'
Test regs-only Required
States 1
0:r3=65538; 0:r4=65539; 0:r5=4;
Ok
Witnesses
Positive: 1 Negative: 0
Condition forall (0:r3=65538 /\ 0:r4=65539 /\ 0:r5=4)
Observation regs-only Always 1 0

Test nothing Required
States 1

Ok
Witnesses
Positive: 1 Negative: 0
Condition forall (true)
Observation nothing Always 1 0

END
"$LITMUSLAB" model "$tmp/regs.litmus" "$tmp/nothing.litmus" > "$tmp/out" \
    2> "$tmp/err" || { echo "model_ppc_noevent: model failed:";
                       cat "$tmp/err"; exit 1; }
[ "$(grep -c '^Hash=[0-9a-f]\{32\}$' "$tmp/out")" = 2 ] ||
    { echo "model_ppc_noevent: want two Hash= lines"; exit 1; }
grep -v '^Time\|^Hash' "$tmp/out" > "$tmp/got"
if ! cmp -s "$tmp/want" "$tmp/got"; then
    echo "model_ppc_noevent: output differs:"
    diff "$tmp/want" "$tmp/got"
    exit 1
fi
echo "model_ppc_noevent: ok"
