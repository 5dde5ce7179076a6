#!/bin/sh
# model_rotation.sh — a rotation of the threads (model/symmetry.c
# mdl_rotation_find, search.c rot_least and emit; doc/model-scale.md):
# when thread t's runs are thread t+1's with locations and addresses
# renamed, one combination of each orbit is judged and the states of its
# rotations are given. The outputs are herd7 7.58's (recorded here, Time
# left out; -conf linux-kernel.cfg for C): a PPC ring whose registers
# hold the renamed addresses and whose locations are all shown (81
# states, one combination of each orbit of 4, 2 or 1), an AArch64 ring
# (register events), the locked SB rings of mk/scale-gen.sh (one lock,
# and two locks the rotation swaps), an x86 ring that is no rotation (a
# fence in one thread only) and an RCU ring of grace periods and
# readers in turn (a rotation by two threads). Each would have states or
# counts missing or doubled if an orbit's rotations were given wrong.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_rotation: $*"; exit 1; }

# check FILE MD5: stdin is the output wanted but for the state lines,
# MD5 the checksum of those
check() {
    cat > "$tmp/want"
    "$LITMUSLAB" model --timeout 30 "$1" > "$tmp/out" 2> "$tmp/err" ||
        fail "$1: $(head -n 1 "$tmp/err")"
    grep -v '^Time ' "$tmp/out" | grep -v '^[0-9[]' > "$tmp/got"
    cmp -s "$tmp/want" "$tmp/got" ||
        fail "$1: $(diff "$tmp/want" "$tmp/got" | head -n 5)"
    sum=$(grep '^[0-9[]' "$tmp/out" | md5sum | cut -d' ' -f1)
    [ "$sum" = "$2" ] || fail "$1: states' checksum $sum, not $2"
}

cat > "$tmp/sb4.litmus" <<'END'
PPC SB4-ring
{ x0=0; x1=0; x2=0; x3=0; 0:r2=x0; 0:r4=x1; 1:r2=x1; 1:r4=x2; 2:r2=x2; 2:r4=x3; 3:r2=x3; 3:r4=x0; }
 P0           | P1           | P2           | P3           ;
 li r1,1      | li r1,1      | li r1,1      | li r1,1      ;
 stw r1,0(r2) | stw r1,0(r2) | stw r1,0(r2) | stw r1,0(r2) ;
 lwz r3,0(r4) | lwz r3,0(r4) | lwz r3,0(r4) | lwz r3,0(r4) ;
 li r5,2      | li r5,2      | li r5,2      | li r5,2      ;
 stw r5,0(r4) | stw r5,0(r4) | stw r5,0(r4) | stw r5,0(r4) ;
locations [0:r4; 1:r4; 2:r4; 3:r4;]
exists (x0=1 /\ x1=1 /\ x2=2 /\ x3=2 /\ 0:r3=0 /\ 1:r3=0 /\ 2:r3=2 /\ 3:r3=0)
END
check "$tmp/sb4.litmus" e7730e99e4676ed8c98f36c647519d34 <<'END'
Test SB4-ring Allowed
States 81
No
Witnesses
Positive: 0 Negative: 81
Condition exists ([x0]=1 /\ [x1]=1 /\ [x2]=2 /\ [x3]=2 /\ 0:r3=0 /\ 1:r3=0 /\ 2:r3=2 /\ 3:r3=0)
Observation SB4-ring Never 0 81
Hash=a4c0afc4c40f1c455c68e312f8894137

END
grep -qx '0:r3=0; 0:r4=x1; 1:r3=0; 1:r4=x2; 2:r3=0; 2:r4=x3; 3:r3=0; 3:r4=x0; \[x0\]=1; \[x1\]=1; \[x2\]=1; \[x3\]=2;' \
    "$tmp/out" || fail "SB4-ring: a rotated state's addresses"

cat > "$tmp/a64.litmus" <<'END'
AArch64 A64-ring3
{ x=0; y=0; z=0; 0:X1=x; 0:X2=y; 1:X1=y; 1:X2=z; 2:X1=z; 2:X2=x; }
 P0            | P1            | P2            ;
 MOV W0,#1     | MOV W0,#1     | MOV W0,#1     ;
 STR W0,[X1]   | STR W0,[X1]   | STR W0,[X1]   ;
 LDR W3,[X2]   | LDR W3,[X2]   | LDR W3,[X2]   ;
 STR W3,[X1]   | STR W3,[X1]   | STR W3,[X1]   ;
exists (0:X3=0 /\ 1:X3=0 /\ 2:X3=0)
END
check "$tmp/a64.litmus" b5749b2b02177a323da36eca2719e80b <<'END'
Test A64-ring3 Allowed
States 8
Ok
Witnesses
Positive: 7 Negative: 19
Condition exists (0:X3=0 /\ 1:X3=0 /\ 2:X3=0)
Observation A64-ring3 Sometimes 7 19
Hash=6de61a1c3679db09abacc3d24096c247

END

cat > "$tmp/x86.litmus" <<'END'
X86 X86-ring3
{ x=0; y=0; z=0; }
 P0          | P1          | P2          ;
 MOV [x],$1  | MOV [y],$1  | MOV [z],$1  ;
 MFENCE      | MOV [z],$2  | MOV [x],$2  ;
 MOV EAX,[y] | MOV EAX,[z] | MOV EAX,[x] ;
exists (0:EAX=0 /\ 1:EAX=2 /\ x=1)
END
check "$tmp/x86.litmus" beb59c56bfed991fabb8a25c36f450f5 <<'END'
Test X86-ring3 Allowed
States 7
Ok
Witnesses
Positive: 2 Negative: 12
Condition exists (0:EAX=0 /\ 1:EAX=2 /\ [x]=1)
Observation X86-ring3 Sometimes 2 12
Hash=d54eff3fb0b3e08eaf0e348dc2c73bf1

END

sh mk/scale-gen.sh "$tmp/set" > /dev/null || fail "scale-gen.sh failed"
check "$tmp/set/locksb-5.litmus" 55e6ae1d3766f2f1be49c8f68b0098c0 <<'END'
Test locksb-5 Allowed
States 30
No
Witnesses
Positive: 0 Negative: 120
Condition exists (0:r0=0 /\ 1:r0=0 /\ 2:r0=0 /\ 3:r0=0 /\ 4:r0=0)
Observation locksb-5 Never 0 120
Hash=50d3df38b4bad4c5f3eea93af52ab42d

END
check "$tmp/set/locksb2-6.litmus" 3c1f9285f3934353f5733d48a2247559 <<'END'
Test locksb2-6 Allowed
States 64
Ok
Witnesses
Positive: 36 Negative: 1026
Condition exists (0:r0=0 /\ 1:r0=0 /\ 2:r0=0 /\ 3:r0=0 /\ 4:r0=0 /\ 5:r0=0)
Observation locksb2-6 Sometimes 36 1026
Hash=70dc26bc0e2aaca2c3f7d30ce49687a8

END
# a rotation by two threads: grace periods and read-side critical
# sections in turn
check "$tmp/set/rcu-4g4r.litmus" 78846c87402164b6566391e300cf09f6 <<'END'
Test rcu-4g4r Allowed
States 255
No
Witnesses
Positive: 0 Negative: 255
Condition exists (0:r0=1 /\ 1:r0=1 /\ 2:r0=1 /\ 3:r0=1 /\ 4:r0=1 /\ 5:r0=1 /\ 6:r0=1 /\ 7:r0=1)
Observation rcu-4g4r Never 0 255
Hash=c2210fbedc14e199f3cc939bfa0305be

END
echo "model_rotation: ok"
