#!/bin/sh
# model_unread_forms.sh — 32-bit ARM, AArch64, X86_64, X86, RISC-V, Power
# and C11 forms, and AArch64, RISC-V and Power numbers (hexadecimal, `+`,
# beyond 2^62), ARM and AArch64 keywords in mixed case (`Ldr`, `DMB Ish`),
# RISC-V mnemonics with a capital (`LW`), x86 ones in mixed case (`Movq`),
# that herd7 7.58 does not read (its parser refuses the test, or an
# assertion stops it) although the CPU runs them: the reader takes them
# (`parse` prints them, hwrun runs them: tests/hwcross/ALL-arm.litmus;
# `hwrun --check` takes the numbers), the model refuses the test with
# one FILE:LINE:COL line naming the form, exit 2, whether or not a run
# reaches the instruction (here after a jump over it).
# model/sem/arm_forms.c, aarch64_forms.c, x86_forms.c, riscv_forms.c,
# ppc_forms.c, c.c c_check,
# sem.c sem_check_numbers; and a 32-bit test's numbers herd7 does not
# read (model/word_values.c).
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
# expect FILE WANT NAME: the model refuses FILE with the one line WANT,
# exit 2, nothing on stdout
expect() {
  "$LITMUSLAB" model "$1" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  if [ $rc != 2 ] || [ "$(cat "$tmp/err")" != "$2" ] || [ -s "$tmp/out" ]; then
    echo "model_unread_forms: $3: exit $rc, message:"; cat "$tmp/err"
    echo "  want: $2"; fail=1
  fi
}
# refused ARCH INSTR WHY [PRINTED]: a test of INSTR after a jump over
# it; the message names it as the model prints it (PRINTED, else INSTR)
refused() {
  n=$((n+1))
  f=$tmp/t$n.litmus
  t=
  case $1 in
    ARM) j=B; init='0:R1=x; 0:R2=0;'; c=0:R1=0 ;;
    AArch64) j=B; init='0:X1=x;'; c=0:X1=0; t=aarch64 ;;
    RISCV) j=j; init='0:x6=x;'; c=0:x6=0; t=riscv64 ;;
    PPC) j=b; init='0:r2=x;'; c=0:r2=0; t=ppc64le ;;
    X86) j=JMP; init='0:EAX=0;'; c=0:EAX=0 ;;
    *) j=jmp; init='0:rax=0;'; c=0:rax=0 ;;
  esac
  printf '%s t%s\n{ %s }\n P0 ;\n %s L9 ;\n %s ;\n L9: ;\nexists (%s)\n' \
    "$1" "$n" "$init" "$j" "$2" "$c" > "$f"
  "$LITMUSLAB" parse "$f" > /dev/null 2>&1 ||
    { echo "model_unread_forms: parse refuses $2"; fail=1; }
  # hwrun takes the numbers (the reader no longer refuses them)
  case $1:$2 in ARM:*46116860184273879*) t=armhf ;; esac
  line=$([ -z "$t" ] || "$LITMUSLAB" hwrun --check --target $t "$f" 2>&1)
  case $line in
    ""|"ok $f"|*": target "*" needs "*) ;;
    *) echo "model_unread_forms: hwrun --check: $line"; fail=1 ;;
  esac
  expect "$f" "$f:5:2: herd7 7.58 does not read '${4:-$2}' ($3), so the model refuses the test; hwrun runs it" "$2"
}
# WHY @int: a number beyond herd7's; @hex: hexadecimal or `+`
while IFS='|' read -r arch instr why printed; do
  case $why in
    @int) why='it stops on an assertion on a number outside -2^62..2^62-1' ;;
    @hex) why="a number as written, in hexadecimal or with a +: its $arch lexer reads decimal ones only" ;;
  esac
  refused "$arch" "$instr" "$why" "$printed"
done <<'END'
ARM|ORR R3,R1,R2|it reads ORR Rd,Rn,#k only
ARM|EOR R3,R1,#1|it reads EOR, EORS and XOR Rd,Rn,Rm only
ARM|EORS R3,R1,#1|it reads EOR, EORS and XOR Rd,Rn,Rm only
ARM|AND R3,R1,R2|it reads AND and ANDS Rd,Rn,#k only
ARM|ANDS R3,R1,R2|it reads AND and ANDS Rd,Rn,#k only
ARM|ANDEQ R3,R1,#1|it reads ANDEQ Rd,Rn,Rm only
ARM|LDREQ R3,[R1,#4]|it reads a conditional load or store of [Rn] or [Rn,Rm] only
ARM|LDRNE R3,[R1,#0]|it reads a conditional load or store of [Rn] or [Rn,Rm] only
ARM|STREQ R3,[R1,R2,LSL #2]|it reads a conditional load or store of [Rn] or [Rn,Rm] only
ARM|STR R3,[R1,#0]|it reads STR of [Rn], [Rn,Rm] and [Rn,Rm,LSL #k] only
ARM|LDRD R4,R5,[R1,R2]|it reads LDRD of [Rn] and [Rn,#k] only
ARM|LDM R1,{R4}|it reads 2 or 3 registers
ARM|LDMIB R1,{R4,R5,R6}|it reads 2 registers
ARM|POP {R4,R5,R6}|it reads 1 or 2 registers
ARM|DMB ISHLD|its ARM has no load barrier option, ARMv8's
ARM|DSB LD|its ARM has no load barrier option, ARMv8's
ARM|NOP|its ARM has none; ANDEQ R0,R0,R0 is its no-op
ARM|MOVW R3,#0x10|an immediate as written, in hexadecimal, with a + or a space after #: its ARM lexer reads #k in decimal only|MOVW R3,#16
ARM|CMP R1,# 1|an immediate as written, in hexadecimal, with a + or a space after #: its ARM lexer reads #k in decimal only|CMP R1,#1
ARM|MOV R13,#3|a register written R13, R14 or R15: its ARM lexer reads them as SP, LR and PC only|MOV SP,#3
ARM|PUSH {r14}|a register written R13, R14 or R15: its ARM lexer reads them as SP, LR and PC only|PUSH {LR}
ARM|ADD R3,R1,#+1|an immediate as written, in hexadecimal, with a + or a space after #: its ARM lexer reads #k in decimal only|ADD R3,R1,#1
ARM|MOV R3,#4611686018427387904|@int
ARM|LDR R3,[R1,#-4611686018427387905]|@int
AArch64|Ldr X0,[X1]|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|Ldr X0,[X1]
AArch64|B.none L9|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|B.eq L9
AArch64|DMB Ish|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|Dmb ISH
AArch64|CSEL X0,X1,X1,Eq|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|Csel X0,X1,X1,EQ
AArch64|ADD X0,X1,X1,Lsl #1|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|Add X0,X1,X1,LSL #1
RISCV|LW x5,0(x6)|a mnemonic with a capital: its RISCV lexer reads small letters (MV, NOP and RET in capitals too)|Lw x5,0(x6)
RISCV|amoswap.W x5,x6,(x6)|a mnemonic with a capital: its RISCV lexer reads small letters (MV, NOP and RET in capitals too)|Amoswap.w x5,x6,0(x6)
X86_64|Movq (x),%rax|a mnemonic in mixed case: its lexer reads capitals or small letters (endbr64 small letters only)|Movq (x),%rax
X86_64|Lock incq (x)|a mnemonic in mixed case: its lexer reads capitals or small letters (endbr64 small letters only)|Lock incq (x)
X86_64|ENDBR64|a mnemonic in mixed case: its lexer reads capitals or small letters (endbr64 small letters only)|Endbr64
X86|Mov EAX,[x]|a mnemonic in mixed case: its lexer reads capitals or small letters (endbr64 small letters only)|Mov EAX,[x]
ARM|Ldr R3,[R1]|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|Ldr R3,[R1]
ARM|dmb Ish|a mnemonic, condition, barrier option or shift in mixed case: its lexer reads them in capitals or small letters|Dmb ISH
AArch64|MOV X0,#0x10|an immediate as written, in hexadecimal: its AArch64 lexer reads decimal ones only|MOV X0,#16
AArch64|LDR X0,[X1,#0X8]|an immediate as written, in hexadecimal: its AArch64 lexer reads decimal ones only|LDR X0,[X1,#8]
AArch64|ADD X0,X1,X1,LSL #0x1|an immediate as written, in hexadecimal: its AArch64 lexer reads decimal ones only|ADD X0,X1,X1,LSL #1
AArch64|MOV X0,#-0x10|an immediate as written, in hexadecimal: its AArch64 lexer reads decimal ones only|MOV X0,#-16
AArch64|MOV X2,#4611686018427387904|@int
AArch64|MOV X0,#-4611686018427387905|@int
AArch64|LDAR W0,[X1,#0]|it reads an acquire, release or exclusive access of [Xn] without #0
AArch64|STLXR W3,X0,[X1,#0]|it reads an acquire, release or exclusive access of [Xn] without #0
AArch64|STUR W0,[X1]|it has no STUR of a general register (STR Rt,[Xn,#k] is that access)
AArch64|CSEL W0,W1,W2,HS|it reads the conditions CS and CC by these names only
AArch64|B.LO L9|it reads the conditions CS and CC by these names only
AArch64|ADD X0,X1,#4096|it reads an ADD, SUB or CMP immediate of -4095..4095 only (with LSL #12 too)
AArch64|CMP W1,#-4096|it reads an ADD, SUB or CMP immediate of -4095..4095 only (with LSL #12 too)
AArch64|MOV W0,#4294967295|it reads MOV Rd,#k for k a MOVZ or MOVN (one 16-bit halfword of k, or of its complement, not zero)
AArch64|MVN W0,W1,LSL #2|it reads MVN Rd,Rm without a shift
RISCV|li x5,0x10|@hex|li x5,16
RISCV|addi x5,x5,+1|@hex|addi x5,x5,1
RISCV|ld x5,0x8(x6)|@hex|ld x5,8(x6)
RISCV|ld x5,+8(x6)|@hex|ld x5,8(x6)
RISCV|li x2,8070450532247928832|@int
RISCV|ld x5,-4611686018427387905(x6)|@int
RISCV|jal x1,L9|its RISCV has no jal nor jalr
RISCV|mul x5,x6,x7|its RISCV has no mul
RISCV|sext.b x5,x6|its only sign or zero extension is sext.w
RISCV|zext.w x5,x6|its only sign or zero extension is sext.w
RISCV|fence rw,io|its fence sets are r, w, rw, ir, ow and iorw, spelt so
RISCV|fence wr,rw|its fence sets are r, w, rw, ir, ow and iorw, spelt so|fence rw,rw
PPC|li r1,4611686018427387904|@int
PPC|li r1,0x10|@hex|li r1,16
PPC|lwz r1,-4611686018427387905(r2)|@int
PPC|ori r1,r1,+1|@hex|ori r1,r1,1
PPC|lwz r1,0x4(r2)|@hex|lwz r1,4(r2)
PPC|lwz r1,+4(r2)|@hex|lwz r1,4(r2)
PPC|addc r1,r2,r3|its PPC has no such instruction
PPC|lha r1,0(r2)|its PPC has no such instruction
PPC|mtcrf 128,r1|its PPC has no such instruction
PPC|nand. r1,r2,r3|its PPC has no such record form
PPC|beq cr1,L9|it reads a conditional branch on cr0 only, with no field named
PPC|bne cr0,L9|it reads a conditional branch on cr0 only, with no field named
X86_64|lock xaddl %eax,(x)|its X86_64 has no xadd
X86_64|xaddq %rbx,%rax|its X86_64 has no xadd
X86_64|xaddb %al,(x)|its X86_64 has no xadd
X86_64|lock cmpxchgq %rcx,(x)|it reads cmpxchg in its own operand order, the memory first: cmpxchg (x),%rcx
X86_64|cmpxchgl %ecx,(x)|it reads cmpxchg in its own operand order, the memory first: cmpxchg (x),%rcx
X86_64|subq $1,%rax|its X86_64 has none
X86_64|testl %eax,%eax|its X86_64 has none
X86_64|negq (x)|its X86_64 has none
X86_64|movzbl %al,%eax|its X86_64 has none
X86_64|leaq (x),%rax|its X86_64 has none
X86_64|andq $1,%rax|it reads and without a size suffix only
X86_64|shlq $1,%rax|it reads shl $k or %cl, without a size suffix, only
X86_64|shl %rax|it reads shl $k or %cl, without a size suffix, only
X86_64|sal $1,%rax|it reads this instruction by none of its other names
X86_64|lock orq $1,(x)|it reads lock before add, xor, inc, dec, xchg and cmpxchg only
X86_64|jl L9|its conditional jumps are je, jne, js, jns, jlt, jge, jle and jgt, spelt so
X86_64|jz L9|its conditional jumps are je, jne, js, jns, jlt, jge, jle and jgt, spelt so
X86_64|setae %al|its only set is setnb
X86_64|cmovb %rbx,%rax|its only cmov is cmovc
X86_64|cmovc (x),%rax|it reads a memory source in its own order: cmovc %rax,(x)
X86_64|movq $0x10,%rax|a number as written, in hexadecimal or with a +: its X86_64 lexer reads decimal ones only
X86_64|movq $4611686018427387904,%rax|@int
X86_64|movq %rax,x|a memory operand as written: it reads (x), disp(%reg) and disp(%reg,%reg,scale), a segment only before the last with its number written
X86_64|movq %rax,%ds:(x)|a memory operand as written: it reads (x), disp(%reg) and disp(%reg,%reg,scale), a segment only before the last with its number written
X86_64|nopw %cs:(%rax,%rax,1)|a memory operand as written: it reads (x), disp(%reg) and disp(%reg,%reg,scale), a segment only before the last with its number written
X86_64|nopl %fs:x(%rax,%rax,1)|a memory operand as written: it reads (x), disp(%reg) and disp(%reg,%reg,scale), a segment only before the last with its number written
X86_64|nopw %cs:0(%rax)|a memory operand as written: it reads (x), disp(%reg) and disp(%reg,%reg,scale), a segment only before the last with its number written|nopw %cs:0(%rax)
X86_64|movq 0(,%rcx,2),%rax|a memory operand as written: it reads (x), disp(%reg) and disp(%reg,%reg,scale), a segment only before the last with its number written|movq (,%rcx,2),%rax
X86_64|data16 nopw 0x0(%rax,%rax,1)|a number as written, in hexadecimal or with a +: its X86_64 lexer reads decimal ones only
X86_64|data16 nopw (%rax,%rax,1)|it reads no prefix word before nop
X86_64|nop (x)|it reads an operand after nopl and nopw only
X86_64|nopq %rax|it reads an operand after nopl and nopw only
X86_64|movntiw %ax,(x)|it reads movnti, movntil and movntiq only
X86|SUB EAX,$1|its X86 has none (it reads MOV ADD OR XOR CMP INC DEC XCHG JMP JE JNE SETNB CMOVC and the fences)
X86|movl $1,(x)|its X86 reads herd's Intel spelling only: MOV [x],$1
X86|MOV AL,$1|its X86 reads the 32-bit registers only
X86|MOV eax,[y]|its X86 reads registers in capitals only, as EAX
X86|XOR EAX,Ebx|its X86 reads registers in capitals only, as EAX|XOR eax,ebx
X86|LOCK OR [x],$1|it reads LOCK before ADD, XOR, INC, DEC and XCHG only
X86|JL L9|its conditions are JE, JNE, SETNB and CMOVC, spelt so
X86|SETNB AL|its X86 reads the 32-bit registers only
END
# forms herd7 reads but refuses when a run reaches them: refused when
# reached, answered after a jump over them
reached() {
  n=$((n+1))
  f=$tmp/t$n.litmus
  printf '%s t%s\n{ 0:%s=0; }\n P0 ;\n %s ;\n L9: ;\nexists (0:%s=0)\n' \
    "$1" "$n" "$2" "$3" "$2" > "$f"
  expect "$f" "$f:4:2: $4" "$3 reached"
  printf '%s t%s\n{ 0:%s=0; }\n P0 ;\n %s L9 ;\n %s ;\n L9: ;\nexists (0:%s=0)\n' \
    "$1" "$n" "$2" "$5" "$3" "$2" > "$f"
  "$LITMUSLAB" model "$f" 2>&1 | grep -q '^Observation t[0-9]* Always 1 0$' ||
    { echo "model_unread_forms: $3 not reached is refused"; fail=1; }
}
reached X86_64 rax "ret" 'ret (herd7 7.58: "Instruction ret not implemented", when a run reaches it; Variant=telechat in the test makes it the thread'"'"'s end)' jmp
reached X86_64 rax "xchg %al,%ah" 'an exchange within one register (herd7 7.58: "Ambiguous po for register", when a run reaches it)' jmp
reached X86 EAX "XCHG EAX,EAX" 'an exchange within one register (herd7 7.58: "Ambiguous po for register", when a run reaches it)' JMP
reached X86 EAX "CMPXCHG [x],EBX" 'CMPXCHG under the X86 header (herd7 7.58: "I_CMPXCHG not implemented", when a run reaches it)' JMP
for op in "srai x5,x5,1" "srliw x5,x5,1" "sltu x5,x5,x5" "bltu x5,x5,L9"; do
  m=${op%% *}; m=${m%.w}
  reached RISCV x5 "$op" "$m (herd7 7.58: \"RISCV operation $m is not implemented (yet)\", when a run reaches it)" j
done
for op in "neg r1,r1" "nor. r1,r1,r1" "slw r1,r1,r1" "srawi r1,r1,1" "mflr r1"; do
  m=${op%% *}; m=${m%.}
  reached PPC r1 "$op" "$m (herd7 7.58: \"Instruction $op not implemented\", when a run reaches it)" b
done
# herd7 stops on an assertion at a halfword of 65535, on any path that
# reaches it (the path pass: model_errors.sh has the one no value takes)
reached AArch64 X1 "MOVZ X0,#65535,LSL #16" "a halfword of 65535 (herd7 7.58 stops on an assertion on any path that reaches it)" B
reached AArch64 X1 "MOVK X0,#65535" "a halfword of 65535 (herd7 7.58 stops on an assertion on any path that reaches it)" B
reached ARM R1 "MOVT R3,#65535" "#65535 (herd7 7.58 stops on an assertion on any path that reaches it)" B
reached ARM R1 "MOVW R3,#65535" "#65535 (herd7 7.58 stops on an assertion on any path that reaches it)" B
# ... and beyond 65535 or below 0, which no CPU encodes: read as herd7
# reads it (hwrun refuses it)
reached ARM R1 "MOVW R3,#65536" "#65536 (herd7 7.58 stops on an assertion on any path that reaches it)" B
reached ARM R1 "MOVT R3,#-1" "#-1 (herd7 7.58 stops on an assertion on any path that reaches it)" B
reached RISCV x5 "auipc x5,1" "auipc (herd7 7.58: \"RISCV, instruction 'auipc x5,1' not handled\", when a run reaches it)" j
reached RISCV x5 "ret" "ret (herd7 7.58: \"RISCV, instruction 'ret' not handled\", when a run reaches it)" j
# la of a name that is no label of the thread: refused, reached or not
# (herd7 7.58 looks the name up before any run), la of its own label read
for la in "la x5,x" "la x5,L8" "la x5,y"; do
  n=$((n+1))
  f=$tmp/t$n.litmus
  printf 'RISCV t%s\n{ int x; }\n P0 | P1 ;\n j L9 | L8: ;\n %s | li x6,1 ;\n L9: | ;\nexists (0:x5=0)\n' "$n" "$la" > "$f"
  expect "$f" "$f:5:2: la of a location (herd7 7.58: \"Label ${la#la x5,} not found\"; it reads la of a code label of the thread only)" "$la jumped over"
done
printf 'RISCV lak\n{ }\n P0 ;\n j L9 ;\n la x5,L9 ;\n L9: ;\nexists (0:x5=0)\n' > "$tmp/lak.litmus"
"$LITMUSLAB" model "$tmp/lak.litmus" 2>&1 | grep -q '^Observation lak Always 1 0$' ||
  { echo "model_unread_forms: la of a label of the thread is refused"; fail=1; }
# a RISC-V, Power or ARM operation herd7 cannot make on an address
# refuses the test, on a value read as on a constant (the run was dead,
# the test answered); Power's extsw of an address, which herd7 does not
# cut. one NAME TEST LINE:COL WHY: TEST refused at LINE:COL with WHY
one() {
  n=$((n+1))
  printf "$2" > "$tmp/$1.litmus"
  expect "$tmp/$1.litmus" "$tmp/$1.litmus:$3: $4" "$1: $4"
}
one xr 'RISCV xr\n{ 0:x8=y; 1:x6=x; 1:x8=y; }\n P0 | P1 ;\n ld x9,0(x8) | sd x6,0(x8) ;\n xori x10,x9,1 | ;\nexists (0:x10=0)\n' 5:2 "illegal operation ^ on x and 1 (herd7 refuses the test)"
one xa 'RISCV xa\n{ 0:x6=x; 0:x8=y; }\n P0 ;\n amoxor.d x10,x6,(x8) ;\nexists (0:x10=0)\n' 4:2 "illegal operation ^ on 0 and x (herd7 refuses the test)"
one pr 'PPC pr\n{ 0:r8=y; 1:r6=x; 1:r8=y; }\n P0 | P1 ;\n ld r9,0(r8) | std r6,0(r8) ;\n xori r10,r9,1 | ;\nexists (0:r10=0)\n' 5:2 "illegal operation ^ on x and 1 (herd7 refuses the test)"
one ar 'ARM ar\n{ 0:R9=y; 0:R2=4; 1:R6=x; 1:R9=y; }\n P0 | P1 ;\n LDR R7,[R9] | STR R6,[R9] ;\n EOR R0,R7,R2 | ;\nexists (0:R0=0)\n' 5:2 "illegal operation ^ on x and 4 (herd7 refuses the test)"
one aa 'ARM aa\n{ 0:R6=x; }\n P0 ;\n AND R0,R6,#1 ;\nexists (0:R0=0)\n' 4:2 "illegal operation & on x and 1 (herd7 refuses the test)"
one ad 'ARM ad\n{ 0:R6=x; 0:R9=y; 1:R6=x; 1:R9=y; }\n P0 | P1 ;\n LDR R0,[R9] | STR R6,[R9] ;\n LDR R4,[R6,R0] | ;\nexists (0:R0=0)\n' 5:2 "illegal operation + on x and x (herd7 refuses the test)"
one as 'ARM as\n{ 0:R6=x; 0:R9=y; 1:R6=x; 1:R9=y; }\n P0 | P1 ;\n LDR R0,[R9] | STR R6,[R9] ;\n LDR R4,[R6,R0,LSL #2] | ;\nexists (0:R0=0)\n' 5:2 "illegal operation << on x and 2 (herd7 refuses the test)"
# herd7 builds a MOVW/MOVT both ways of its condition: the assertion
# stops it whatever the flags
one mq 'ARM mq\n{ 0:R1=0; }\n P0 ;\n CMP R1,#1 ;\n MOVWEQ R3,#70000 ;\nexists (0:R1=0)\n' 5:2 "#70000 (herd7 7.58 stops on an assertion on any path that reaches it)"
# X86_64's cut of an address to a narrower register or access (herd7's
# mask, "unset N bits ...", or the shift of ah..bh), on a value read as on
# an initial one; where only a candidate MP forbids meets it the test is
# answered (litmus/x86/X86_64+mp-cut-address-forbidden)
one qm 'X86_64 qm\n{ 0:rax=x; }\n P0 ;\n movl %%eax,%%ebx ;\nexists (0:rbx=0)\n' 4:2 "illegal operation unset 32 bits to the left from 32th bit on x (herd7 refuses the test)"
one qa 'X86_64 qa\n{ 0:rax=x; }\n P0 ;\n addl $0,%%eax ;\nexists (0:rax=0)\n' 4:2 "illegal operation unset 32 bits to the left from 32th bit on x (herd7 refuses the test)"
one qr 'X86_64 qr\n{ 1:rax=x; }\n P0 | P1 ;\n movq (y),%%rbx | movq %%rax,(y) ;\n movw %%bx,%%cx | ;\nexists (0:rcx=0)\n' 5:2 "illegal operation unset 48 bits to the left from 16th bit on x (herd7 refuses the test)"
one ql 'X86_64 ql\n{ uint64_t p=x; }\n P0 ;\n movl (p),%%ebx ;\nexists (0:rbx=0)\n' 4:2 "illegal operation unset 32 bits to the left from 32th bit on x (herd7 refuses the test)"
one qw 'X86_64 qw\n{ 0:rax=x; }\n P0 ;\n movb $1,%%al ;\nexists (0:rax=0)\n' 4:2 "illegal operation unset 8 bits to the left from 0th bit on x (herd7 refuses the test)"
one qh 'X86_64 qh\n{ 0:rax=x; }\n P0 ;\n movb %%ah,%%bl ;\nexists (0:rbx=0)\n' 4:2 "illegal operation >>>[8] on x (herd7 refuses the test)"
# ... naming the value of the first candidate herd7's model accepts in
# its order (each read's sources: the initial value, then the writes
# from the last back; the first read's slowest): P0's read of z from
# P1's y, not its own x; P1's read of t from P2's b before P0's of z
# from P2's a; the initial w before P1's y (we named x, a and y)
one qy 'X86_64 qy\n{ 0:rax=x; 1:rax=y; }\n P0 | P1 ;\n movq %%rax,(z) | movq %%rax,(z) ;\n movq (z),%%rbx | ;\n movl %%ebx,%%ecx | ;\nexists (0:rbx=0)\n' 6:2 "illegal operation unset 32 bits to the left from 32th bit on y (herd7 refuses the test)"
one qb 'X86_64 qb\n{ 2:rax=a; 2:rcx=b; }\n P0 | P1 | P2 ;\n movq (z),%%rbx | movq (t),%%rbx | movq %%rax,(z) ;\n movl %%ebx,%%ecx | movl %%ebx,%%ecx | movq %%rcx,(t) ;\nexists (0:rbx=0)\n' 5:19 "illegal operation unset 32 bits to the left from 32th bit on b (herd7 refuses the test)"
one qv 'X86_64 qv\n{ uint64_t z=w; 1:rax=y; }\n P0 | P1 ;\n movq (z),%%rbx | movq %%rax,(z) ;\n movl %%ebx,%%ecx | ;\nexists (0:rbx=0)\n' 5:2 "illegal operation unset 32 bits to the left from 32th bit on w (herd7 refuses the test)"
# ... and X86_64's operations herd7 refuses on an address (its x | 1
# stops it on an assertion): x & 1, x ^ 1, 0 ^ x, x + x, shl, cmp of x
# with x or 1, on a value read
one qn 'X86_64 qn\n{ 1:rcx=x; }\n P0 | P1 ;\n movq (y),%%rax | movq %%rcx,(y) ;\n and $1,%%rax | ;\nexists (0:rax=0)\n' 5:2 "illegal operation & on x and 1 (herd7 refuses the test)"
one qx 'X86_64 qx\n{ 0:rbx=x; }\n P0 | P1 ;\n movq (y),%%rax | movq $1,(y) ;\n xorq %%rbx,%%rax | ;\nexists (0:rax=0)\n' 5:2 "illegal operation ^ on 0 and x (herd7 refuses the test)"
one qc 'X86_64 qc\n{ 1:rcx=x; }\n P0 | P1 ;\n movq (y),%%rax | movq %%rcx,(y) ;\n cmpq $1,%%rax | ;\nexists (0:rax=0)\n' 5:2 "illegal operation < on 1 and x (herd7 refuses the test)"
one qs 'X86_64 qs\n{ 0:rax=x; }\n P0 ;\n shl $1,%%rax ;\nexists (0:rax=0)\n' 4:2 "illegal operation <<< on x and 1 (herd7 refuses the test)"
# ... and X86's alike (its 32-bit words are no cut)
one qi 'X86 qi\n{ 1:ECX=x; }\n P0 | P1 ;\n MOV EAX,[y] | MOV [y],ECX ;\n XOR EAX,$1 | ;\nexists (0:EAX=0)\n' 5:2 "illegal operation ^ on x and 1 (herd7 refuses the test)"
one qj 'X86 qj\n{ 0:EBX=x; }\n P0 ;\n CMP EBX,EBX ;\nexists (0:EBX=0)\n' 4:2 "illegal operation < on x and x (herd7 refuses the test)"
sed -e 's/cmpq $0,%rcx/cmpq $1,%rcx/' \
    litmus/x86/X86_64+mp-cut-address-forbidden.litmus > "$tmp/xp.litmus"
n=$((n+1))
expect "$tmp/xp.litmus" "$tmp/xp.litmus:11:18: illegal operation unset 32 bits to the left from 32th bit on x (herd7 refuses the test)" "xp"
# a store through an address read as 0 (herd7: "Non-symbolic memory access")
one az 'ARM az\n{ 0:R1=4; 0:R9=y; 1:R1=4; 1:R9=y; }\n P0 | P1 ;\n LDR R0,[R9] | STR R1,[R9] ;\n STR R1,[R0] | ;\nexists (0:R0=0)\n' 5:2 "memory access to 0, which is not a location"
# ... and so does a read through it that the store after it feeds: herd7
# pairs that read with that store before its model (LDREX, lwarx, lr or
# plain loads alike), at any address a value read makes
one al 'ARM al\n{ 0:R1=4; 0:R9=y; 1:R1=4; 1:R9=y; }\n P0 | P1 ;\n LDR R0,[R9] | STR R1,[R9] ;\n LDREX R4,[R0] | ;\n STREX R5,R1,[R0] | ;\nexists (0:R4=0)\n' 5:2 "memory access to 0, which is not a location"
one pl 'PPC pl\n{ 0:r1=1; 0:r3=0; 0:r9=y; 1:r1=1; 1:r9=y; }\n P0 | P1 ;\n lwz r2,0(r9) | stw r1,0(r9) ;\n lwarx r4,r3,r2 | ;\n stwcx. r1,r3,r2 | ;\nexists (0:r4=0)\n' 5:2 "memory access to 0, which is not a location"
one rl 'RISCV rl\n{ 0:x1=1; 0:x9=y; 1:x1=1; 1:x9=y; }\n P0 | P1 ;\n lw x2,0(x9) | sw x1,0(x9) ;\n lw x4,0(x2) | ;\n sw x1,0(x2) | ;\nexists (0:x4=0)\n' 5:2 "memory access to 0, which is not a location"
one a4 'ARM a4\n{ int y=4; 0:R1=1; 0:R9=y; }\n P0 ;\n LDR R0,[R9] ;\n LDR R4,[R0] ;\n STR R1,[R0] ;\nexists (0:R4=0)\n' 5:2 "memory access to 4, which is not a location"
# a STREX or sc with no reservation succeeds at address 0 in herd7 (its
# reservation register starts as 0): a store there
one sx 'ARM sx\n{ 0:R0=0; 0:R1=1; }\n P0 ;\n STREX R5,R1,[R0] ;\nexists (0:R5=0)\n' 4:2 "memory access to 0, which is not a location"
one sr 'RISCV sr\n{ 0:x1=1; 0:x9=y; 1:x1=1; 1:x9=y; }\n P0 | P1 ;\n lw x2,0(x9) | sw x1,0(x9) ;\n sc.w x6,x1,0(x2) | ;\nexists (0:x6=0)\n' 5:2 "memory access to 0, which is not a location"
# a Power compare of an address with anything but 0 (and an unsigned
# one of an address): herd7's `<` and low word refuse it
one pc 'PPC pc\n{ 0:r6=x; 0:r8=y; }\n P0 ;\n cmpw r6,r8 ;\n mfcr r3 ;\nexists (0:r3=0)\n' 4:2 "illegal operation < on x and y (herd7 refuses the test)"
one px 'PPC px\n{ 0:r6=x; }\n P0 ;\n addi r9,r6,4 ;\n cmpw r9,r6 ;\nexists (0:r9=0)\n' 5:2 "illegal operation < on x+4 and x (herd7 refuses the test)"
one pu 'PPC pu\n{ 0:r6=x; }\n P0 ;\n cmplwi r6,0 ;\nexists (0:r6=0)\n' 4:2 "illegal operation mask32 on x and 0 (herd7 refuses the test)"
one es 'PPC es\n{ 0:r6=x; }\n P0 ;\n extsw r10,r6 ;\nexists (0:r10=0)\n' 4:2 'extsw of an address (herd7 7.58: "Illegal operation sxt32")'
# X86's registers in the init block and the condition: in capitals only
# (herd7 7.58: "eax is not a register"); X86_64 reads any case
for t in '{ 0:eax=1; }|exists (0:EAX=1)|2:3|eax' '{ }|exists (0:Eax=1)|5:9|Eax'; do
  n=$((n+1))
  IFS='|' read -r init cond at name <<EOF2
$t
EOF2
  printf 'X86 t%s\n%s\n P0 ;\n MOV EAX,$1 ;\n%s\n' "$n" "$init" "$cond" > "$tmp/t$n.litmus"
  expect "$tmp/t$n.litmus" "$tmp/t$n.litmus:$at: herd7 7.58 does not read '$name' as a register (its X86 reads registers in capitals only, as EAX), so the model refuses the test" "X86 register $name"
done
printf 'X86_64 rc\n{ 0:RAX=1; }\n P0 ;\n movq $1,(x) ;\nexists (0:RAX=1)\n' > "$tmp/rc.litmus"
"$LITMUSLAB" model "$tmp/rc.litmus" 2>&1 | grep -q '^Observation rc Always 1 0$' ||
  { echo "model_unread_forms: X86_64 reads RAX"; fail=1; }
# a 32-bit test's numbers beyond herd7's Int32.of_string: refused at the
# number, in the init block and the condition; 0xffffffff is read
words() {
  n=$((n+1))
  f=$tmp/t$n.litmus
  printf '%s t%s\n{ %s }\n P0 ;\n %s ;\nexists (%s)\n' "$1" "$n" "$2" "$3" "$4" > "$f"
  expect "$f" "$f:$5: herd7 7.58 reads the values of this test as 32-bit words and stops on $6 (\"Failure Int32.of_string\": a decimal number outside -2147483648..2147483647, a hexadecimal one beyond 0xffffffff), so the model refuses the test" "$6"
}
words X86 '0:EAX=4294967295;' 'MOV EBX,$1' '0:EBX=1' 2:3 4294967295
words X86 'uint32_t x=0x100000000;' 'MOV EBX,$1' '0:EBX=1' 2:3 0x100000000
words ARM '0:R0=0;' 'MOV R1,#1' '0:R1=2147483648' 5:9 2147483648
printf 'X86 w\n{ 0:EAX=0xffffffff; 0:EBX=-2147483648; }\n P0 ;\n MOV ECX,$1 ;\nexists (0:EAX=-1)\n' > "$tmp/w.litmus"
"$LITMUSLAB" model "$tmp/w.litmus" 2>&1 | grep -q '^Observation w Always 1 0$' ||
  { echo "model_unread_forms: 32-bit numbers herd7 reads:"; "$LITMUSLAB" model "$tmp/w.litmus"; fail=1; }
# C11's compare-exchange with `&r`, r a local, as its expected value
printf 'C amp\n{}\nP0(atomic_int *x)\n{\n\tint e = 0;\n\tint r0 = atomic_compare_exchange_strong_explicit(x, &e, 1, memory_order_relaxed, memory_order_relaxed);\n}\nexists (0:r0=1)\n' > "$tmp/amp.litmus"
n=$((n+1))
expect "$tmp/amp.litmus" "$tmp/amp.litmus:6:11: herd7 7.58 does not read '&r', a local's address, as a compare-exchange's expected value (its C parser: \"unexpected '&'\"; it reads a location, a parameter int *e), so the model refuses the test; hwrun runs it" "C &r"
# the forms herd7 reads beside them are answered
printf 'ARM ok\n{ int x[3]; 0:R1=1; 0:R2=0; 0:R7=x; }\n P0 ;\n ORR R3,R1,#1 ;\n EOR R3,R1,R2 ;\n ANDS R3,R1,#1 ;\n ANDEQ R3,R1,R2 ;\n LDREQ R3,[R7,R2] ;\n LDR R3,[R7,#0] ;\n STR R3,[R7,R2,LSL #2] ;\n LDM R7,{R4,R5,R6} ;\n PUSH {R4,R5} ;\n DMB ISHST ;\n MOVW R3,#65534 ;\nexists (0:R3=65534)\n' > "$tmp/ok.litmus"
"$LITMUSLAB" model "$tmp/ok.litmus" 2>&1 | grep -q '^Observation ok Always 1 0$' ||
  { echo "model_unread_forms: the forms herd7 reads:"; "$LITMUSLAB" model "$tmp/ok.litmus"; fail=1; }
# numbers herd7 reads: AArch64's `#+1`, the bounds -2^62 and 2^62-1
printf 'AArch64 okn\n{ }\n P0 ;\n MOV X0,#+1 ;\n ADD X0,X0,X0,LSL #+1 ;\n MOV X1,#-4611686018427387904 ;\n MOV X2,#4611686018427387903 ;\nexists (0:X0=3)\n' > "$tmp/okn.litmus"
printf 'RISCV okr\n{ }\n P0 ;\n li x5,-4611686018427387904 ;\n li x6,4611686018427387903 ;\nexists (0:x6=4611686018427387903)\n' > "$tmp/okr.litmus"
printf 'PPC okp\n{ }\n P0 ;\n li r1,-4611686018427387904 ;\n li r2,4611686018427387903 ;\nexists (0:r1=-4611686018427387904)\n' > "$tmp/okp.litmus"
for t in okn okr okp; do
  "$LITMUSLAB" model "$tmp/$t.litmus" 2>&1 | grep -q "^Observation $t Always 1 0$" ||
    { echo "model_unread_forms: numbers herd7 reads:"; "$LITMUSLAB" model "$tmp/$t.litmus"; fail=1; }
done
[ $fail = 0 ] && echo "model_unread_forms: $n forms refused, the others answered"
exit $fail
