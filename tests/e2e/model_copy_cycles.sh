#!/bin/sh
# model_copy_cycles.sh — herd7 7.58 solves the values of reads through
# rf; a value that goes round a cycle of reads-from and copies (LB whose
# stores write what was loaded, two CASPs that fail and write back what
# they read) has no equation that solves it. Under AArch64 and X86_64
# herd7 drops such an execution (C, LISA, ARM, PPC, RISC-V and X86 keep it
# once with a symbol): model/copy_cycles.c; LISA, RISC-V, PPC, ARM and
# X86 do so here too (model/symbolic.c). Checked under a model that allows
# every coherent candidate, so the cycles are not hidden by a model's
# ordering (the architectures' models forbid most of them). herd7 7.58's
# output is recorded here (Time left out), run with the same model,
# `include "cos.cat"` for its `include "cos-opt.cat"` (co is no built-in
# name; herd7 builds co only so): LB with plain
# copies (the cycle is 2 of its 12 candidates), SUB W4,W0,W0 (herd7
# keeps x - x an operation: still a cycle), EOR W4,W0,W0 (x ^ x is 0 to
# herd7: no cycle, P0 stores a constant), the same LB on X86_64, and
# issue 28's two CASPs (AArch64-5400001-75). Last, under a model that
# forbids reads tagged X: a CASP's reads are X only when it succeeds (not
# when it fails and writes back, as a CAS's are), as in herd7.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_copy_cycles: $*"; exit 1; }
printf '"every coherent candidate"\ninclude "cos-opt.cat"\nacyclic co as co\n' > "$tmp/all.cat"

check() {                       # check NAME: NAME.litmus, NAME.want
    "$LITMUSLAB" model -model "$tmp/all.cat" "$tmp/$1.litmus" \
        > "$tmp/out" 2> "$tmp/err" || fail "$1: $(head -n 1 "$tmp/err")"
    grep -v '^Time ' "$tmp/out" > "$tmp/got"
    cmp -s "$tmp/$1.want" "$tmp/got" ||
        fail "$1: $(diff "$tmp/$1.want" "$tmp/got" | head -n 5)"
}

cat > "$tmp/LB+copies.litmus" <<'END'
AArch64 LB+copies
{
0:X1=x; 0:X2=y;
1:X1=y; 1:X2=x;
2:X1=x;
}
 P0           | P1          | P2 ;
 LDR W0,[X1]  | LDR W0,[X1] | MOV W3,#1 ;
 STR W0,[X2]  | STR W0,[X2] | STR W3,[X1] ;
exists (0:X0=1 /\ 1:X0=1)
END
cat > "$tmp/LB+copies.want" <<'END'
Test LB+copies Allowed
States 3
0:X0=0; 1:X0=0;
0:X0=1; 1:X0=0;
0:X0=1; 1:X0=1;
Ok
Witnesses
Positive: 2 Negative: 8
Condition exists (0:X0=1 /\ 1:X0=1)
Observation LB+copies Sometimes 2 8
Hash=3bc4c6eedb2c2217409fabae0fae6706

END
check LB+copies

cat > "$tmp/LB+sub-self-copy.litmus" <<'END'
AArch64 LB+sub-self-copy
{
0:X1=x; 0:X2=y;
1:X1=y; 1:X2=x;
2:X1=x;
}
 P0              | P1          | P2 ;
 LDR W0,[X1]     | LDR W0,[X1] | MOV W3,#1 ;
 SUB W4,W0,W0    | STR W0,[X2] | STR W3,[X1] ;
 STR W4,[X2]     |             | ;
exists (0:X0=1 /\ 1:X0=1)
END
cat > "$tmp/LB+sub-self-copy.want" <<'END'
Test LB+sub-self-copy Allowed
States 2
0:X0=0; 1:X0=0;
0:X0=1; 1:X0=0;
No
Witnesses
Positive: 0 Negative: 10
Condition exists (0:X0=1 /\ 1:X0=1)
Observation LB+sub-self-copy Never 0 10
Hash=ea922b719dd5041bc1d730b5312d565a

END
check LB+sub-self-copy

cat > "$tmp/LB+eor-self-copy.litmus" <<'END'
AArch64 LB+eor-self-copy
{
0:X1=x; 0:X2=y;
1:X1=y; 1:X2=x;
2:X1=x;
}
 P0              | P1          | P2 ;
 LDR W0,[X1]     | LDR W0,[X1] | MOV W3,#1 ;
 EOR W4,W0,W0    | STR W0,[X2] | STR W3,[X1] ;
 STR W4,[X2]     |             | ;
exists (0:X0=1 /\ 1:X0=1)
END
cat > "$tmp/LB+eor-self-copy.want" <<'END'
Test LB+eor-self-copy Allowed
States 2
0:X0=0; 1:X0=0;
0:X0=1; 1:X0=0;
No
Witnesses
Positive: 0 Negative: 12
Condition exists (0:X0=1 /\ 1:X0=1)
Observation LB+eor-self-copy Never 0 12
Hash=ba2b7998fdef5553efd0c999e83c5415

END
check LB+eor-self-copy

cat > "$tmp/LB+copies-x86.litmus" <<'END'
X86_64 LB+copies-x86
{ }
 P0              | P1              | P2 ;
 movl (x),%eax   | movl (y),%eax   | movl $1,(x) ;
 movl %eax,(y)   | movl %eax,(x)   |  ;
exists (0:rax=1 /\ 1:rax=1)
END
cat > "$tmp/LB+copies-x86.want" <<'END'
Test LB+copies-x86 Allowed
States 3
0:rax=0; 1:rax=0;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;
Ok
Witnesses
Positive: 2 Negative: 8
Condition exists (0:rax=1 /\ 1:rax=1)
Observation LB+copies-x86 Sometimes 2 8
Hash=d963c8bd3c4c9438601e3f2a2e8bd508

END
check LB+copies-x86

cat > "$tmp/CASP+wb-cycle.litmus" <<'END'
AArch64 CASP+wb-cycle
{
int w[2]={0,0};
0:X11=w; 
1:X11=w; 
}
 P0                           | P1                           ;
 MOV W12,WZR                  | MOV W12,WZR                  ;
 MOV W13,WZR                  | MOV W13,WZR                  ;
 MOV W14,#1                   | MOV W14,#3                   ;
 MOV W15,#2                   | MOV W15,#4                   ;
 CASP W12,W13,W14,W15,[X11] | CASP W12,W13,W14,W15,[X11] ;
exists (0:X12=1)
END
cat > "$tmp/CASP+wb-cycle.want" <<'END'
Test CASP+wb-cycle Allowed
States 2
0:X12=0;
0:X12=3;
No
Witnesses
Positive: 0 Negative: 120
Condition exists (0:X12=1)
Observation CASP+wb-cycle Never 0 120
Hash=d407430a2f7b9b971e054476bfaf70db

END
check CASP+wb-cycle

# RISC-V keeps the cycle once with herd7's symbol (S8: its fresh
# variables, sem_ops.herd_vars; mv is a copy), and has no execution of it
# where a branch tests the value (sem_ops.symbolic_cycles)
cat > "$tmp/RV-LB+mv.litmus" <<'END'
RISCV RV-LB+mv
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 2:x6=x;
}
 P0          | P1          | P2          ;
 lw x5,0(x6) | lw x5,0(x6) | ori x8,x0,1 ;
 mv x8,x5    | sw x5,0(x7) | sw x8,0(x6) ;
 sw x8,0(x7) |             |             ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+mv.want" <<'END'
Test RV-LB+mv Allowed
States 4
0:x5=S8; 1:x5=S8;
0:x5=0; 1:x5=0;
0:x5=1; 1:x5=0;
0:x5=1; 1:x5=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+mv Sometimes 2 10
Hash=37d7fb5502256d121888c53ea126f1eb

END
check RV-LB+mv

cat > "$tmp/RV-LB+beq.litmus" <<'END'
RISCV RV-LB+beq
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 2:x6=x;
}
 P0              | P1          | P2          ;
 lw x5,0(x6)     | lw x5,0(x6) | ori x8,x0,1 ;
 sw x5,0(x7)     | sw x5,0(x7) | sw x8,0(x6) ;
 beq x5,x0,L0    |             |             ;
 L0:             |             |             ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+beq.want" <<'END'
Test RV-LB+beq Allowed
States 3
0:x5=0; 1:x5=0;
0:x5=1; 1:x5=0;
0:x5=1; 1:x5=1;
Ok
Witnesses
Positive: 2 Negative: 8
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+beq Sometimes 2 8
Hash=fd9c6a643efb1449e24bae6ca6e4db0d

END
check RV-LB+beq

# a copy after a store of the read: herd7 numbers the store's value
# register at the thread's end (S9, not S10)
cat > "$tmp/RV-LB+store-then-mv.litmus" <<'END'
RISCV RV-LB+store-then-mv
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 2:x6=x;
}
 P0 | P1 | P2 ;
 lw x5,0(x6) | lw x5,0(x6) | ori x8,x0,1 ;
 sw x5,0(x7) | sw x5,0(x7) | sw x8,0(x6) ;
 | li x10,3 | ;
 | mv x9,x5 | ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+store-then-mv.want" <<'END'
Test RV-LB+store-then-mv Allowed
States 4
0:x5=S9; 1:x5=S9;
0:x5=0; 1:x5=0;
0:x5=1; 1:x5=0;
0:x5=1; 1:x5=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+store-then-mv Sometimes 2 10
Hash=c749fa9d2d9587ef42a32017589c1bd7

END
check RV-LB+store-then-mv

# PPC, ARM and X86 (not X86_64) keep the cycle once with herd7's symbol
# too (mr, MOV between registers are copies), numbered as herd7 does
# (sem_ops.herd_vars: ARM's reads are its threads' last variables);
# an operation on the value, even of 0 (xori, SUB #0, ADD $0), leaves
# no execution of the cycle, and XOR of a register with itself is the
# constant 0
cat > "$tmp/PPC-LB+mr.litmus" <<'END'
PPC PPC-LB+mr
{
0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 2:r6=x;
}
 P0           | P1           | P2           ;
 lwz r5,0(r6) | lwz r5,0(r6) | li r8,1      ;
 mr r8,r5     | stw r5,0(r7) | stw r8,0(r6) ;
 stw r8,0(r7) |              |              ;
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+mr.want" <<'END'
Test PPC-LB+mr Allowed
States 4
0:r5=S8; 1:r5=S8;
0:r5=0; 1:r5=0;
0:r5=1; 1:r5=0;
0:r5=1; 1:r5=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+mr Sometimes 2 10
Hash=a9ac3784c721a8231fed089fbc2f9c05

END
check PPC-LB+mr

cat > "$tmp/PPC-LB+xori.litmus" <<'END'
PPC PPC-LB+xori
{
0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 2:r6=x;
}
 P0             | P1           | P2           ;
 lwz r5,0(r6)   | lwz r5,0(r6) | li r8,1      ;
 xori r8,r5,0   | stw r5,0(r7) | stw r8,0(r6) ;
 stw r8,0(r7)   |              |              ;
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+xori.want" <<'END'
Test PPC-LB+xori Allowed
States 3
0:r5=0; 1:r5=0;
0:r5=1; 1:r5=0;
0:r5=1; 1:r5=1;
Ok
Witnesses
Positive: 2 Negative: 8
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+xori Sometimes 2 8
Hash=c8a0312ae3d2527dce352cbe375a99ab

END
check PPC-LB+xori

cat > "$tmp/PPC-LB+store-then-mr.litmus" <<'END'
PPC PPC-LB+store-then-mr
{
0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 2:r6=x;
}
 P0           | P1           | P2           ;
 lwz r5,0(r6) | lwz r5,0(r6) | li r8,1      ;
 stw r5,0(r7) | stw r5,0(r7) | stw r8,0(r6) ;
              | mr r9,r5     |              ;
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+store-then-mr.want" <<'END'
Test PPC-LB+store-then-mr Allowed
States 4
0:r5=S9; 1:r5=S9;
0:r5=0; 1:r5=0;
0:r5=1; 1:r5=0;
0:r5=1; 1:r5=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+store-then-mr Sometimes 2 10
Hash=6f22c6e5256377dd598b7941b9c5f144

END
check PPC-LB+store-then-mr
# RISC-V and PPC: a store's value register is numbered at the thread's
# end only when it holds a copy of the class being named; a copy of
# another read (a constant's, or another cycle's) is numbered at once
# (S11; main S10).
cat > "$tmp/RV-LB+other-store.litmus" <<'END'
RISCV RV-LB+other-store
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 1:x9=z; 1:x10=w;
}
 P0 | P1 ;
 lw x5,0(x6) | lw x2,0(x9) ;
 sw x5,0(x7) | sw x2,0(x10) ;
 | lw x5,0(x6) ;
 | sw x5,0(x7) ;
exists (0:x5=1)
END
cat > "$tmp/RV-LB+other-store.want" <<'END'
Test RV-LB+other-store Allowed
States 2
0:x5=S11;
0:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1)
Observation RV-LB+other-store Never 0 4
Hash=59e081f0979e9397d0fbfc24edf9ed3c

END
check RV-LB+other-store
cat > "$tmp/RV-LB+other-cycle-store.litmus" <<'END'
RISCV RV-LB+other-cycle-store
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 1:x9=z; 1:x10=w; 2:x9=z; 2:x10=w;
}
 P0 | P1 | P2 ;
 lw x5,0(x6) | lw x2,0(x9) | lw x3,0(x10) ;
 sw x5,0(x7) | sw x2,0(x10) | sw x3,0(x9) ;
 | lw x5,0(x6) | ;
 | sw x5,0(x7) | ;
exists (0:x5=1)
END
cat > "$tmp/RV-LB+other-cycle-store.want" <<'END'
Test RV-LB+other-cycle-store Allowed
States 2
0:x5=S11;
0:x5=0;
No
Witnesses
Positive: 0 Negative: 16
Condition exists (0:x5=1)
Observation RV-LB+other-cycle-store Never 0 16
Hash=3da951c2a580af3b361273615fbbed39

END
check RV-LB+other-cycle-store
cat > "$tmp/PPC-LB+other-store.litmus" <<'END'
PPC PPC-LB+other-store
{
0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 1:r9=z; 1:r10=w;
}
 P0 | P1 ;
 lwz r5,0(r6) | lwz r2,0(r9) ;
 stw r5,0(r7) | stw r2,0(r10) ;
 | lwz r5,0(r6) ;
 | stw r5,0(r7) ;
exists (0:r5=1)
END
cat > "$tmp/PPC-LB+other-store.want" <<'END'
Test PPC-LB+other-store Allowed
States 2
0:r5=S11;
0:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1)
Observation PPC-LB+other-store Never 0 4
Hash=e815491e1110aa142f03c158d227a361

END
check PPC-LB+other-store
# Conditional branches: herd7 numbers the branch's registers (RISC-V:
# and the comparison; PPC: the condition register and its bit), then every
# path to the thread's end, depth first, the jump's way first, each
# path's own late
# variables at its end (model/herd_vars.c): the cycle's read after two
# branches that fall through, or after one that jumps over a read.
cat > "$tmp/RV-LB+bne-bne.litmus" <<'END'
RISCV RV-LB+bne-bne
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 1:x9=z;
}
 P0 | P1 ;
 lw x5,0(x6) | lw x2,0(x9) ;
 sw x5,0(x7) | bne x2,x0,L0 ;
 | L0: ;
 | lw x2,0(x9) ;
 | bne x2,x0,L1 ;
 | L1: ;
 | lw x5,0(x6) ;
 | sw x5,0(x7) ;
exists (0:x5=1)
END
cat > "$tmp/RV-LB+bne-bne.want" <<'END'
Test RV-LB+bne-bne Allowed
States 2
0:x5=S31;
0:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1)
Observation RV-LB+bne-bne Never 0 4
Hash=fe863943d2bfb88a7d917b3e8f2389a4

END
check RV-LB+bne-bne
cat > "$tmp/RV-LB+beq-over-read.litmus" <<'END'
RISCV RV-LB+beq-over-read
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 1:x9=z;
}
 P0 | P1 ;
 lw x5,0(x6) | lw x2,0(x9) ;
 sw x5,0(x7) | beq x2,x0,L0 ;
 | lw x3,0(x9) ;
 | L0: ;
 | lw x5,0(x6) ;
 | sw x5,0(x7) ;
exists (0:x5=1)
END
cat > "$tmp/RV-LB+beq-over-read.want" <<'END'
Test RV-LB+beq-over-read Allowed
States 2
0:x5=S11;
0:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1)
Observation RV-LB+beq-over-read Never 0 4
Hash=6e251304ee2ed5c96b60874a7eb8c859

END
check RV-LB+beq-over-read
cat > "$tmp/PPC-LB+bne-bne.litmus" <<'END'
PPC PPC-LB+bne-bne
{
0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 1:r9=z; 1:r10=w;
}
 P0 | P1 ;
 lwz r5,0(r6) | lwz r2,0(r9) ;
 stw r5,0(r7) | cmpwi r2,0 ;
 | bne L0 ;
 | L0: ;
 | lwz r2,0(r9) ;
 | cmpw r2,r3 ;
 | bne L1 ;
 | L1: ;
 | lwz r5,0(r6) ;
 | stw r5,0(r7) ;
exists (0:r5=1)
END
cat > "$tmp/PPC-LB+bne-bne.want" <<'END'
Test PPC-LB+bne-bne Allowed
States 2
0:r5=S51;
0:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1)
Observation PPC-LB+bne-bne Never 0 4
Hash=c4d69954d13ad7a2a66f19790b47ecdd

END
check PPC-LB+bne-bne
# a `j` makes no variable, nor the code it skips (S19)
cat > "$tmp/RV-LB+bne-over-j.litmus" <<'END'
RISCV RV-LB+bne-over-j
{
0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 1:x9=z; 1:x10=w;
}
 P0 | P1 ;
 lw x5,0(x6) | lw x2,0(x9) ;
 sw x5,0(x7) | bne x2,x0,L0 ;
 | lw x3,0(x9) ;
 | j L1 ;
 | L0: ;
 | lw x4,0(x9) ;
 | L1: ;
 | lw x5,0(x6) ;
 | sw x5,0(x7) ;
exists (0:x5=1)
END
cat > "$tmp/RV-LB+bne-over-j.want" <<'END'
Test RV-LB+bne-over-j Allowed
States 2
0:x5=S19;
0:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1)
Observation RV-LB+bne-over-j Never 0 4
Hash=4e8b8e337199211382be08c687b9e4ad

END
check RV-LB+bne-over-j
# PPC bne, bge, ble and X86 JNE: one more variable (the test negated)
cat > "$tmp/PPC-LB+bge-falls.litmus" <<'END'
PPC PPC-LB+bge-falls
{
0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 1:r9=z; 1:r10=w;
}
 P0 | P1 ;
 lwz r5,0(r6) | lwz r2,0(r9) ;
 stw r5,0(r7) | cmpwi r2,1 ;
 | bge L0 ;
 | lwz r3,0(r9) ;
 | L0: ;
 | lwz r5,0(r6) ;
 | stw r5,0(r7) ;
exists (0:r5=1)
END
cat > "$tmp/PPC-LB+bge-falls.want" <<'END'
Test PPC-LB+bge-falls Allowed
States 2
0:r5=S23;
0:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1)
Observation PPC-LB+bge-falls Never 0 4
Hash=79bdf8e52ab07b0a137cc27d166b1d3f

END
check PPC-LB+bge-falls
cat > "$tmp/X86-LB+jne-jne.litmus" <<'END'
X86 X86-LB+jne-jne
{
}
 P0 | P1 ;
 MOV EAX,[x] | MOV EBX,[z] ;
 MOV [y],EAX | CMP EBX,0 ;
 | JNE L0 ;
 | L0: ;
 | MOV EBX,[z] ;
 | CMP EBX,1 ;
 | JNE L1 ;
 | MOV ECX,[z] ;
 | L1: ;
 | MOV EAX,[y] ;
 | MOV [x],EAX ;
exists (0:EAX=1)
END
cat > "$tmp/X86-LB+jne-jne.want" <<'END'
Test X86-LB+jne-jne Allowed
States 2
0:EAX=S27;
0:EAX=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:EAX=1)
Observation X86-LB+jne-jne Never 0 4
Hash=ab1d9e5cb4d815be3be8f55f17ec789f

END
check X86-LB+jne-jne

cat > "$tmp/ARM-LB+mov-after.litmus" <<'END'
ARM ARM-LB+mov-after
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 2:R6=x;
}
 P0          | P1          | P2          ;
 LDR R5,[R6] | LDR R5,[R6] | MOV R8,#1   ;
 STR R5,[R7] | STR R5,[R7] | STR R8,[R6] ;
             | MOV R9,R5   |             ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+mov-after.want" <<'END'
Test ARM-LB+mov-after Allowed
States 4
0:R5=S9; 1:R5=S9;
0:R5=0; 1:R5=0;
0:R5=1; 1:R5=0;
0:R5=1; 1:R5=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+mov-after Sometimes 2 10
Hash=f9e6fb49a8dba4d2d22f6fcdaaf1c83c

END
check ARM-LB+mov-after

cat > "$tmp/ARM-LB+sub0.litmus" <<'END'
ARM ARM-LB+sub0
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 2:R6=x;
}
 P0             | P1          | P2          ;
 LDR R5,[R6]    | LDR R5,[R6] | MOV R8,#1   ;
 SUB R8,R5,#0   | STR R5,[R7] | STR R8,[R6] ;
 STR R8,[R7]    |             |             ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+sub0.want" <<'END'
Test ARM-LB+sub0 Allowed
States 3
0:R5=0; 1:R5=0;
0:R5=1; 1:R5=0;
0:R5=1; 1:R5=1;
Ok
Witnesses
Positive: 2 Negative: 8
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+sub0 Sometimes 2 8
Hash=7a5840cf15a58005e52d22aaf891ad45

END
check ARM-LB+sub0
# ARM (measured, doc/fidelity.md): reads numbered in order, a store's
# value register a copy (S8, main S10); BEQ the flag, BNE the flag and
# its negation, CBZ/CBNZ the register and the comparison, CMP its
# registers and the comparison, then every path, the jump's first; B
# none, nor what it skips; a conditionally run MOVEQ/MOVNE forks the
# same way (the way that runs it first), in the cycle's thread or in
# one before it.
cat > "$tmp/ARM-LB+ldr-in-order.litmus" <<'END'
ARM ARM-LB+ldr-in-order
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R9=z; 1:R10=w;
}
 P0          | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | STR R5,[R7] ;
             | MOV R3,#1 ;
             | STR R3,[R9] ;
exists (0:R5=1)
END
cat > "$tmp/ARM-LB+ldr-in-order.want" <<'END'
Test ARM-LB+ldr-in-order Allowed
States 2
0:R5=S8;
0:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1)
Observation ARM-LB+ldr-in-order Never 0 4
Hash=a3a9ac3ef06e6f0fd9aba8e3d4a1835a

END
check ARM-LB+ldr-in-order
cat > "$tmp/ARM-LB+bne-beq.litmus" <<'END'
ARM ARM-LB+bne-beq
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R9=z; 1:R10=w;
}
 P0          | P1 ;
 LDR R5,[R6] | LDR R2,[R9] ;
 STR R5,[R7] | CMP R2,#0 ;
             | BNE L0 ;
             | LDR R3,[R10] ;
             | L0: ;
             | CMP R2,#1 ;
             | BEQ L1 ;
             | L1: ;
             | LDR R5,[R6] ;
             | STR R5,[R7] ;
exists (0:R5=1)
END
cat > "$tmp/ARM-LB+bne-beq.want" <<'END'
Test ARM-LB+bne-beq Allowed
States 2
0:R5=S34;
0:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1)
Observation ARM-LB+bne-beq Never 0 4
Hash=b6ced747db27dc0bb4e2d8c30d1204b9

END
check ARM-LB+bne-beq
cat > "$tmp/ARM-LB+bne-over-b.litmus" <<'END'
ARM ARM-LB+bne-over-b
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R9=z; 1:R10=w;
}
 P0          | P1 ;
 LDR R5,[R6] | LDR R2,[R9] ;
 STR R5,[R7] | CMP R2,#0 ;
             | BNE L0 ;
             | LDR R3,[R10] ;
             | B L1 ;
             | L0: ;
             | LDR R4,[R10] ;
             | L1: ;
             | LDR R5,[R6] ;
             | STR R5,[R7] ;
exists (0:R5=1)
END
cat > "$tmp/ARM-LB+bne-over-b.want" <<'END'
Test ARM-LB+bne-over-b Allowed
States 2
0:R5=S22;
0:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1)
Observation ARM-LB+bne-over-b Never 0 4
Hash=3c1007f315dd052e5c2932fdeee74ca5

END
check ARM-LB+bne-over-b
cat > "$tmp/ARM-LB+cbz-cbnz.litmus" <<'END'
ARM ARM-LB+cbz-cbnz
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R9=z; 1:R10=w;
}
 P0          | P1 ;
 LDR R5,[R6] | LDR R2,[R9] ;
 STR R5,[R7] | CBZ R2,L0 ;
             | LDR R3,[R10] ;
             | L0: ;
             | CBNZ R2,L1 ;
             | LDR R4,[R10] ;
             | L1: ;
             | LDR R5,[R6] ;
             | STR R5,[R7] ;
exists (0:R5=1)
END
cat > "$tmp/ARM-LB+cbz-cbnz.want" <<'END'
Test ARM-LB+cbz-cbnz Allowed
States 2
0:R5=S20;
0:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1)
Observation ARM-LB+cbz-cbnz Never 0 4
Hash=a8d9eb40d9af7d97ef6b560a0300aa97

END
check ARM-LB+cbz-cbnz
cat > "$tmp/ARM-LB+movne-moveq.litmus" <<'END'
ARM ARM-LB+movne-moveq
{
0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R9=z; 1:R10=w;
}
 P0          | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | LDR R2,[R9] ;
             | CMP R2,#0 ;
             | MOVNE R8,R5 ;
             | MOVEQ R8,R5 ;
             | STR R8,[R7] ;
exists (0:R5=1)
END
cat > "$tmp/ARM-LB+movne-moveq.want" <<'END'
Test ARM-LB+movne-moveq Allowed
States 2
0:R5=S23;
0:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1)
Observation ARM-LB+movne-moveq Never 0 4
Hash=ce75caed4d5582e570309eb3bc19d632

END
check ARM-LB+movne-moveq
cat > "$tmp/ARM-LB+p0-moveq-movne.litmus" <<'END'
ARM ARM-LB+p0-moveq-movne
{
0:R6=x; 0:R7=y; 0:R9=z; 1:R6=y; 1:R7=x;
}
 P0           | P1          ;
 LDR R2,[R9]  | LDR R5,[R6] ;
 CMP R2,#0    | STR R5,[R7] ;
 MOVEQ R3,R2  |             ;
 MOVNE R4,R2  |             ;
 LDR R5,[R6]  |             ;
 STR R5,[R7]  |             ;
exists (1:R5=1)
END
cat > "$tmp/ARM-LB+p0-moveq-movne.want" <<'END'
Test ARM-LB+p0-moveq-movne Allowed
States 2
1:R5=S32;
1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (1:R5=1)
Observation ARM-LB+p0-moveq-movne Never 0 4
Hash=f268826edf9e5d412bfd496e19c010c3

END
check ARM-LB+p0-moveq-movne

cat > "$tmp/X86-LB+mov.litmus" <<'END'
X86 X86-LB+mov
{ }
 P0          | P1          | P2         ;
 MOV EAX,[x] | MOV EAX,[y] | MOV [x],$1 ;
 MOV EBX,EAX | MOV [x],EAX |            ;
 MOV [y],EBX |             |            ;
exists (0:EAX=1 /\ 1:EAX=1)
END
cat > "$tmp/X86-LB+mov.want" <<'END'
Test X86-LB+mov Allowed
States 4
0:EAX=S5; 1:EAX=S5;
0:EAX=0; 1:EAX=0;
0:EAX=1; 1:EAX=0;
0:EAX=1; 1:EAX=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:EAX=1 /\ 1:EAX=1)
Observation X86-LB+mov Sometimes 2 10
Hash=f23615eff8c95f1b4f2b93f2ba454edb

END
check X86-LB+mov

cat > "$tmp/X86-LB+xor-self.litmus" <<'END'
X86 X86-LB+xor-self
{ }
 P0          | P1          | P2         ;
 MOV EAX,[x] | MOV EAX,[y] | MOV [x],$1 ;
 MOV EBX,EAX | MOV [x],EAX |            ;
 XOR EBX,EBX |             |            ;
 MOV [y],EAX |             |            ;
exists (0:EAX=1 /\ 1:EAX=1)
END
cat > "$tmp/X86-LB+xor-self.want" <<'END'
Test X86-LB+xor-self Allowed
States 4
0:EAX=S10; 1:EAX=S10;
0:EAX=0; 1:EAX=0;
0:EAX=1; 1:EAX=0;
0:EAX=1; 1:EAX=1;
Ok
Witnesses
Positive: 2 Negative: 10
Condition exists (0:EAX=1 /\ 1:EAX=1)
Observation X86-LB+xor-self Sometimes 2 10
Hash=1d4da181a02868cf1361775b864c5abf

END
check X86-LB+xor-self

cat > "$tmp/X86-LB+add0.litmus" <<'END'
X86 X86-LB+add0
{ }
 P0          | P1          | P2         ;
 MOV EAX,[x] | MOV EAX,[y] | MOV [x],$1 ;
 ADD EAX,$0  | MOV [x],EAX |            ;
 MOV [y],EAX |             |            ;
exists (0:EAX=1 /\ 1:EAX=1)
END
cat > "$tmp/X86-LB+add0.want" <<'END'
Test X86-LB+add0 Allowed
States 3
0:EAX=0; 1:EAX=0;
0:EAX=1; 1:EAX=0;
0:EAX=1; 1:EAX=1;
Ok
Witnesses
Positive: 2 Negative: 8
Condition exists (0:EAX=1 /\ 1:EAX=1)
Observation X86-LB+add0 Sometimes 2 8
Hash=4d283d4fba0c1b4058e141502be44542

END
check X86-LB+add0

# an lr/sc pair before the cycle: herd7's sc makes ten variables (S19),
# main showed S10 and S11 for one cycle. Under uniproc: without it herd7
# lets a read take a later write of its own thread, which we never do
printf '"uniproc"\ninclude "cos-opt.cat"\nacyclic po-loc | rf | co | fr as uniproc\n' > "$tmp/all.cat"
cat > "$tmp/RV-LB+sc-before.litmus" <<'END'
RISCV RV-LB+sc-before
{
0:x6=x; 0:x7=y; 0:x10=z; 1:x6=y; 1:x7=x; 2:x6=x;
}
 P0                | P1          | P2          ;
 li x8,3           | lw x5,0(x6) | ori x8,x0,1 ;
 lr.w x11,(x10)    | sw x5,0(x7) | sw x8,0(x6) ;
 sc.w x9,x8,(x10)  |             |             ;
 lw x5,0(x6)       |             |             ;
 sw x5,0(x7)       |             |             ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+sc-before.want" <<'END'
Test RV-LB+sc-before Allowed
States 4
0:x5=S19; 1:x5=S19;
0:x5=0; 1:x5=0;
0:x5=1; 1:x5=0;
0:x5=1; 1:x5=1;
Ok
Witnesses
Positive: 4 Negative: 20
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+sc-before Sometimes 4 20
Hash=587ff47c8ff3ff215bc92e4ee40ead50

END
check RV-LB+sc-before

printf '"no X reads"\nlet xr = [X & R]\nempty xr as noxr\n' > "$tmp/all.cat"
cat > "$tmp/CASP+wb-reads-plain.litmus" <<'END'
AArch64 CASP+wb-reads-plain
{
int w[2]={0,0};
0:X11=w; 0:X12=5; 0:X13=5; 0:X14=1; 0:X15=1;
1:X11=w;
}
 P0                         | P1                ;
 CASP W12,W13,W14,W15,[X11] | MOV W6,#2         ;
                            | STR W6,[X11]      ;
exists (0:X12=0 /\ w[0]=0)
END
cat > "$tmp/CASP+wb-reads-plain.want" <<'END'
Test CASP+wb-reads-plain Allowed
States 3
0:X12=0; w[0]=0;
0:X12=0; w[0]=2;
0:X12=2; w[0]=2;
Ok
Witnesses
Positive: 1 Negative: 7
Condition exists (0:X12=0 /\ w[0]=0)
Observation CASP+wb-reads-plain Sometimes 1 7
Hash=bf2cb7a5899672457a940dcc24aac9d6

END
check CASP+wb-reads-plain

# herd7 numbers a RISC-V thread's variables in order and shows a load's
# read as its parent in the union-find of the register equations
# (doc/fidelity.md): S9, S10, S8 (main S7, S7, S8; the second S10 by
# the last read alone)
cat > "$tmp/RV-LB+two-stores.litmus" <<'END'
RISCV RV-LB+two-stores
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 0:x9=z; 0:x10=w; 1:x9=z; 1:x10=w; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | sw x5,0(x9) ;
  | sw x5,0(x7) ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+two-stores.want" <<'END'
Test RV-LB+two-stores Allowed
States 2
0:x5=S9; 1:x5=S9;
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+two-stores Never 0 4
Hash=d280a8f69922b6685d1660649cbcccf1

END
check RV-LB+two-stores
cat > "$tmp/RV-LB+load-between.litmus" <<'END'
RISCV RV-LB+load-between
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 0:x9=z; 0:x10=w; 1:x9=z; 1:x10=w; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | lw x4,0(x9) ;
  | mv x3,x2 ;
  | sw x5,0(x7) ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+load-between.want" <<'END'
Test RV-LB+load-between Allowed
States 2
0:x5=S10; 1:x5=S10;
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+load-between Never 0 4
Hash=70b4e2a007c3898f4abbdee1172dd215

END
check RV-LB+load-between
cat > "$tmp/RV-LB+copy-and-own-store.litmus" <<'END'
RISCV RV-LB+copy-and-own-store
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 0:x9=z; 0:x10=w; 1:x9=z; 1:x10=w; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | mv x8,x5 ;
  | sw x5,0(x7) ;
  | sw x8,0(x9) ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+copy-and-own-store.want" <<'END'
Test RV-LB+copy-and-own-store Allowed
States 2
0:x5=S8; 1:x5=S8;
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+copy-and-own-store Never 0 4
Hash=a61fe7703f55e45f7b0d4f990614e891

END
check RV-LB+copy-and-own-store

# PPC numbers as RISC-V (herd7 -debug solver): in order from S1, a store's
# value register then its base, a load's read shown as its parent in the
# register union-find (main, a store's value register late: S7, S7, S11)
cat > "$tmp/PPC-LB+two-stores.litmus" <<'END'
PPC PPC-LB+two-stores
{ 0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 1:r9=z; 1:r10=w; }
 P0 | P1 ;
 lwz r5,0(r6) | lwz r5,0(r6) ;
 stw r5,0(r7) | stw r5,0(r9) ;
 | stw r5,0(r7) ;
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+two-stores.want" <<'END'
Test PPC-LB+two-stores Allowed
States 2
0:r5=S9; 1:r5=S9;
0:r5=0; 1:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+two-stores Never 0 4
Hash=d1a630d239010146fa8d30b48b809349

END
check PPC-LB+two-stores
cat > "$tmp/PPC-LB+load-between.litmus" <<'END'
PPC PPC-LB+load-between
{ 0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 1:r9=z; 1:r10=w; }
 P0 | P1 ;
 lwz r5,0(r6) | lwz r5,0(r6) ;
 stw r5,0(r7) | lwz r4,0(r9) ;
 | mr r3,r2 ;
 | stw r5,0(r7) ;
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+load-between.want" <<'END'
Test PPC-LB+load-between Allowed
States 2
0:r5=S10; 1:r5=S10;
0:r5=0; 1:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+load-between Never 0 4
Hash=1f4a34c5719bf9ce3588e017f7a17f34

END
check PPC-LB+load-between
cat > "$tmp/PPC-LB+indexed-store.litmus" <<'END'
PPC PPC-LB+indexed-store
{ 0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 1:r9=z; 1:r10=w; }
 P0 | P1 ;
 lwz r5,0(r6) | lwz r5,0(r6) ;
 stw r5,0(r7) | li r12,0 ;
 | stwx r5,r9,r12 ;
 | addi r4,r5,0 ;
 | stw r4,0(r7) ;
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+indexed-store.want" <<'END'
Test PPC-LB+indexed-store Allowed
States 2
0:r5=S12; 1:r5=S12;
0:r5=0; 1:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+indexed-store Never 0 4
Hash=a314d1c06fbfc36862f260e9ce2cff0e

END
check PPC-LB+indexed-store

# X86 and ARM as PPC and RISC-V (herd7 -debug solver): a load's read shown as
# its parent in the register union-find (main S4: a store of a read's
# copy was late; ARM main S12: the largest of the copies' variables)
cat > "$tmp/X86-LB+two-stores.litmus" <<'END'
X86 X86-LB+two-stores
{ }
 P0 | P1 ;
 MOV EAX,[x] | MOV EAX,[y] ;
 MOV [y],EAX | MOV [z],EAX ;
 | MOV [x],EAX ;
exists (0:EAX=1 /\ 1:EAX=1)
END
cat > "$tmp/X86-LB+two-stores.want" <<'END'
Test X86-LB+two-stores Allowed
States 2
0:EAX=S5; 1:EAX=S5;
0:EAX=0; 1:EAX=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:EAX=1 /\ 1:EAX=1)
Observation X86-LB+two-stores Never 0 4
Hash=724c8ab1ad5ea631c376ecdfd04916b6

END
check X86-LB+two-stores
cat > "$tmp/ARM-LB+copy-stored-and-copied-again.litmus" <<'END'
ARM ARM-LB+copy-stored-and-copied-again
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R9=z; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | STR R5,[R7] ;
 | ADD R4,R5,#0 ;
 | STR R4,[R9] ;
 | ADD R4,R5,#0 ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+copy-stored-and-copied-again.want" <<'END'
Test ARM-LB+copy-stored-and-copied-again Allowed
States 2
0:R5=S11; 1:R5=S11;
0:R5=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+copy-stored-and-copied-again Never 0 4
Hash=51b10f09b439e3bb52b10d22ad3eab5b

END
check ARM-LB+copy-stored-and-copied-again
# An equality test of two copies of one cycle's reads (RISC-V beq/bne,
# ARM CMP then BEQ, BNE or MOVEQ): herd7 evaluates S = S once solved and
# keeps the cycle's execution (sem_run.sames); a test against a constant,
# an order (blt) or copies of two cycles' reads still drops it.
cat > "$tmp/ARM-LB+cmp-copies-beq.litmus" <<'END'
ARM ARM-LB+cmp-copies-beq
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | STR R5,[R7] ;
 MOV R8,R5 | ;
 CMP R5,R8 | ;
 BEQ L01 | ;
 L01: | ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+cmp-copies-beq.want" <<'END'
Test ARM-LB+cmp-copies-beq Allowed
States 2
0:R5=S13; 1:R5=S13;
0:R5=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+cmp-copies-beq Never 0 4
Hash=eec756c700ca504679c658e9138419c1

END
check ARM-LB+cmp-copies-beq
cat > "$tmp/ARM-LB+cmp-copies-moveq.litmus" <<'END'
ARM ARM-LB+cmp-copies-moveq
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | STR R5,[R7] ;
 MOV R8,R5 | ;
 CMP R5,R8 | ;
 MOVEQ R3,#1 | ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+cmp-copies-moveq.want" <<'END'
Test ARM-LB+cmp-copies-moveq Allowed
States 2
0:R5=S13; 1:R5=S13;
0:R5=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+cmp-copies-moveq Never 0 4
Hash=73ae9f6c665ec6be54879f362dfcc0fa

END
check ARM-LB+cmp-copies-moveq
cat > "$tmp/ARM-LB+cmp-self-bne.litmus" <<'END'
ARM ARM-LB+cmp-self-bne
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | STR R5,[R7] ;
 | CMP R5,R5 ;
 | BNE L01 ;
 | L01: ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+cmp-self-bne.want" <<'END'
Test ARM-LB+cmp-self-bne Allowed
States 2
0:R5=S10; 1:R5=S10;
0:R5=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+cmp-self-bne Never 0 4
Hash=c8bf251a3b8dbb3a523be05656f91cda

END
check ARM-LB+cmp-self-bne
cat > "$tmp/ARM-LB+cmp-zero-beq.litmus" <<'END'
ARM ARM-LB+cmp-zero-beq
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | STR R5,[R7] ;
 MOV R8,R5 | ;
 CMP R5,#0 | ;
 BEQ L01 | ;
 L01: | ;
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+cmp-zero-beq.want" <<'END'
Test ARM-LB+cmp-zero-beq Allowed
States 1
0:R5=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+cmp-zero-beq Never 0 3
Hash=423b3eef7541bcd70e88ce2efdeda494

END
check ARM-LB+cmp-zero-beq
cat > "$tmp/RV-LB+beq-copies.litmus" <<'END'
RISCV RV-LB+beq-copies
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | sw x5,0(x7) ;
 mv x8,x5 | ;
 beq x5,x8,L01 | ;
 L01: | ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+beq-copies.want" <<'END'
Test RV-LB+beq-copies Allowed
States 2
0:x5=S11; 1:x5=S11;
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+beq-copies Never 0 4
Hash=29815d8df889f306fdef947113426f7c

END
check RV-LB+beq-copies
cat > "$tmp/RV-LB+bne-copies.litmus" <<'END'
RISCV RV-LB+bne-copies
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | sw x5,0(x7) ;
 mv x8,x5 | ;
 bne x5,x8,L01 | ;
 L01: | ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+bne-copies.want" <<'END'
Test RV-LB+bne-copies Allowed
States 2
0:x5=S11; 1:x5=S11;
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+bne-copies Never 0 4
Hash=3d240d3be1cc4773f1fffa770a66a94d

END
check RV-LB+bne-copies
cat > "$tmp/RV-LB+blt-copies.litmus" <<'END'
RISCV RV-LB+blt-copies
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | sw x5,0(x7) ;
 mv x8,x5 | ;
 blt x5,x8,L01 | ;
 L01: | ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+blt-copies.want" <<'END'
Test RV-LB+blt-copies Allowed
States 1
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+blt-copies Never 0 3
Hash=be7f6fbf9989dae1c9bbf5a7b047ee0c

END
check RV-LB+blt-copies
cat > "$tmp/RV-LB+beq-two-cycles.litmus" <<'END'
RISCV RV-LB+beq-two-cycles
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 0:x9=z; 0:x10=w; 1:x9=w; 1:x10=z; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | sw x5,0(x7) ;
 lw x8,0(x9) | lw x8,0(x9) ;
 sw x8,0(x10) | sw x8,0(x10) ;
 beq x5,x8,L01 | ;
 L01: | ;
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+beq-two-cycles.want" <<'END'
Test RV-LB+beq-two-cycles Allowed
States 1
0:x5=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 9
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+beq-two-cycles Never 0 9
Hash=e505f2b936e5fe24bb7df66ceb802608

END
check RV-LB+beq-two-cycles

# A load's copies read back (issue 28, a7_25): herd7's register phase
# renames a load's read and the reads of its copies to their parents in
# its union-find, a tree deeper than one where a copy is read again
# (P1 `LDR R5; MOV R8,R5; STR R5; STR R8`: S6 to S9, S7 and S9 to S11),
# and leaves the copy `S11 := S9`. Its memory phase has each store
# write its value register's read's parent (S11) and takes that copy
# after rf's equations: its union-find roots the class at S9, what
# herd7 shows (main: S13, the class named by the read of w). Under
# uniproc: without it herd7 lets R3 read w's initial value too.
printf '"uniproc"\ninclude "cos-opt.cat"\nacyclic po-loc | rf | co | fr as uniproc\n' > "$tmp/all.cat"
cat > "$tmp/ARM-LB+mov-then-stores-read-back.litmus" <<'END'
ARM ARM-LB+mov-then-stores-read-back
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 0:R9=z; 0:R10=w; 1:R9=z; 1:R10=w; 0:R12=4; 1:R12=4; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | MOV R8,R5 ;
  | STR R5,[R7] ;
  | STR R8,[R10] ;
  | LDR R3,[R10] ;
locations [1:R3;]
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+mov-then-stores-read-back.want" <<'END'
Test ARM-LB+mov-then-stores-read-back Allowed
States 2
0:R5=S9; 1:R3=S9; 1:R5=S9;
0:R5=0; 1:R3=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+mov-then-stores-read-back Never 0 4
Hash=ee0af09a5d19d9e75d0af842b30ca451

END
check ARM-LB+mov-then-stores-read-back
cat > "$tmp/ARM-LB+mov-chain-read-back.litmus" <<'END'
ARM ARM-LB+mov-chain-read-back
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 0:R9=z; 0:R10=w; 1:R9=z; 1:R10=w; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | MOV R8,R5 ;
  | MOV R9,R8 ;
  | STR R9,[R7] ;
  | STR R5,[R10] ;
  | LDR R3,[R10] ;
locations [1:R3;]
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+mov-chain-read-back.want" <<'END'
Test ARM-LB+mov-chain-read-back Allowed
States 2
0:R5=S12; 1:R3=S12; 1:R5=S12;
0:R5=0; 1:R3=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+mov-chain-read-back Never 0 4
Hash=817d5c1f1ba00d286c9dbd3053641c08

END
check ARM-LB+mov-chain-read-back
cat > "$tmp/RV-LB+mv-stores-read-back.litmus" <<'END'
RISCV RV-LB+mv-stores-read-back
{ 0:x6=x; 0:x7=y; 1:x6=y; 1:x7=x; 0:x9=z; 0:x10=w; 1:x9=z; 1:x10=w; }
 P0 | P1 ;
 lw x5,0(x6) | lw x5,0(x6) ;
 sw x5,0(x7) | mv x8,x5 ;
  | sw x5,0(x7) ;
  | sw x8,0(x10) ;
  | lw x3,0(x10) ;
locations [1:x3;]
exists (0:x5=1 /\ 1:x5=1)
END
cat > "$tmp/RV-LB+mv-stores-read-back.want" <<'END'
Test RV-LB+mv-stores-read-back Allowed
States 2
0:x5=S8; 1:x3=S8; 1:x5=S8;
0:x5=0; 1:x3=0; 1:x5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:x5=1 /\ 1:x5=1)
Observation RV-LB+mv-stores-read-back Never 0 4
Hash=78e0c0a7207f172af81276b4f7144abd

END
check RV-LB+mv-stores-read-back
cat > "$tmp/PPC-LB+mr-stores-read-back.litmus" <<'END'
PPC PPC-LB+mr-stores-read-back
{ 0:r6=x; 0:r7=y; 1:r6=y; 1:r7=x; 0:r9=z; 0:r10=w; 1:r9=z; 1:r10=w; }
 P0 | P1 ;
 lwz r5,0(r6) | lwz r5,0(r6) ;
 stw r5,0(r7) | mr r8,r5 ;
  | stw r5,0(r7) ;
  | stw r8,0(r10) ;
  | lwz r3,0(r10) ;
locations [1:r3;]
exists (0:r5=1 /\ 1:r5=1)
END
cat > "$tmp/PPC-LB+mr-stores-read-back.want" <<'END'
Test PPC-LB+mr-stores-read-back Allowed
States 2
0:r5=S8; 1:r3=S8; 1:r5=S8;
0:r5=0; 1:r3=0; 1:r5=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:r5=1 /\ 1:r5=1)
Observation PPC-LB+mr-stores-read-back Never 0 4
Hash=c8ff874172204ea6079367789868b60e

END
check PPC-LB+mr-stores-read-back
cat > "$tmp/X86-LB+mov-stores-read-back.litmus" <<'END'
X86 X86-LB+mov-stores-read-back
{  }
 P0 | P1 ;
 MOV EAX,[x] | MOV EAX,[y] ;
 MOV [y],EAX | MOV EBX,EAX ;
  | MOV [x],EAX ;
  | MOV [w],EBX ;
  | MOV ECX,[w] ;
locations [1:ECX;]
exists (0:EAX=1 /\ 1:EAX=1)
END
cat > "$tmp/X86-LB+mov-stores-read-back.want" <<'END'
Test X86-LB+mov-stores-read-back Allowed
States 2
0:EAX=S5; 1:EAX=S5; 1:ECX=S5;
0:EAX=0; 1:EAX=0; 1:ECX=0;
No
Witnesses
Positive: 0 Negative: 4
Condition exists (0:EAX=1 /\ 1:EAX=1)
Observation X86-LB+mov-stores-read-back Never 0 4
Hash=b1e93f417fbd2768172fb270fe47a568

END
check X86-LB+mov-stores-read-back
# the same copies left, unsolved once rf's equations meet them (R3 and
# R2 read back copies the memory phase renames apart): herd7 drops the
# cycle's execution ("Unsolvable system"), main kept it as S18
cat > "$tmp/ARM-LB+copies-read-back-unsolvable.litmus" <<'END'
ARM ARM-LB+copies-read-back-unsolvable
{ 0:R6=x; 0:R7=y; 1:R6=y; 1:R7=x; 1:R10=w; 1:R9=z; }
 P0 | P1 ;
 LDR R5,[R6] | LDR R5,[R6] ;
 STR R5,[R7] | ADD R8,R5,#0 ;
  | ORR R4,R8,#0 ;
  | STR R4,[R10] ;
  | STR R8,[R9] ;
  | STR R5,[R7] ;
  | LDR R3,[R10] ;
  | LDR R2,[R9] ;
locations [1:R3;1:R2;]
exists (0:R5=1 /\ 1:R5=1)
END
cat > "$tmp/ARM-LB+copies-read-back-unsolvable.want" <<'END'
Test ARM-LB+copies-read-back-unsolvable Allowed
States 1
0:R5=0; 1:R2=0; 1:R3=0; 1:R5=0;
No
Witnesses
Positive: 0 Negative: 3
Condition exists (0:R5=1 /\ 1:R5=1)
Observation ARM-LB+copies-read-back-unsolvable Never 0 3
Hash=7bba698720e3dc399037f40d23ccb152

END
check ARM-LB+copies-read-back-unsolvable
echo "model_copy_cycles: ok"
