#!/bin/sh
# hwrun_accept.sh — hwrun takes the test shapes litmus7 and klitmus7 run
# (tests/e2e/data/accept/): herd's symbolic registers (`%x0=x`, `[%x0]`)
# on ARM, Power, AArch64 (W-form accesses through them, a symbolic index,
# one as a value) and RISC-V; addresses as values (`x=y`, `0:r1=x`, a
# pointer read from memory and followed, `exists (1:r0=x)`) in ARM,
# Power, AArch64, RISC-V and C tests; `filter` (a run it rejects is not
# counted, as litmus7 does) and the rest of the condition language
# (`~exists`, `forall`, `=>`, `true`, `locations`); a Power thread of 17
# registers; arrays (`int x[2] = {0,0}`, `x[1]` in a condition, an AArch64
# LDP of two elements; in C, `x[1]` in the body, which herd7 7.58's C
# lexer refuses and litmus7 runs: data/accept/herd7-refuses/, checked
# against our model alone); a pointer stored and loaded back with 32-bit
# accesses and followed (RISC-V `sw`/`lw`; x86 `movl`, which herd7
# refuses and so does our model, its states checked alone: it runs only
# with the instances' memory below 2^31).
# Checked:
#  - `hwrun --check` says ok to each, on its target, and to every test of
#    litmus/ but the ones it must refuse, each with its FILE:LINE:COL
#    reason; and to every test of ../shared/corpus (Power and x86; that
#    part is skipped without ../shared);
#  - short runs (cross targets under qemu-user, x86-64 and C tests here)
#    give only states the model allows: `compare` against herd7's own log
#    of these tests (data/accept/herd7.log) and against our model's log
#    finds no outcome either forbids, joins every test by name with no
#    Hash conflict, and the logs print addresses by name (`1:R0=x;`);
#    a filter's registers are not in the states, and a filter no run
#    passes leaves no state, as herd7's log has none.
# A target whose cross compiler or qemu is missing is skipped (named);
# exit 77 when no run could be made. Env: LITMUSLAB, CORPUS (optional).
# cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_accept: $*"; exit 1; }
d=tests/e2e/data/accept
n=2000
ran=0; skipped=0

target_of() {
  case ${1##*/} in
    ARM-*) echo armhf ;; PPC-*) echo ppc64le ;; AArch64-*) echo aarch64 ;;
    RISCV-*) echo riscv64 ;; X86-*|C-*) echo x86_64 ;;
    *) fail "no target for $1" ;;
  esac
}

# missing LINE: the check line says the target's tools are missing
missing() { case $1 in *": target "*" needs "*) return 0 ;; esac; return 1; }

# 1. --check accepts every shape.
for f in "$d"/*.litmus "$d"/herd7-refuses/*.litmus; do
  line=$("$LITMUSLAB" hwrun --check --target "$(target_of "$f")" "$f" 2>&1)
  missing "$line" && continue
  [ "$line" = "ok $f" ] || fail "--check: $line"
done

# 2. The library: every test accepted but these, each for its reason
# (herd's .aq/.rl on plain accesses: no such instruction; herd7's rip
# and cs registers in an init block or a condition; AArch64's SVC, which
# traps, STILP, which the toolchain cannot assemble, a branch target
# relative to the instruction, which the harness's own code would move,
# BL, whose link register X30 is the compiler's, a code label as an
# initial value, herd7 7.58's address x+1 read from `x[1]` in a
# condition, and a C access to x+1, which herd7 takes as a location of
# its own and a CPU as the bytes past x; likewise C arithmetic on an
# address, where herd7 gives b - a as the variables' order).
cat >"$tmp/refused.want" <<'EOF'
litmus/aarch64/A64+bl-link.litmus:8:2: 'BL' uses the link register X30, which in hwrun's harness is the compiler's; hwrun cannot run it (ADR and BR it can)
litmus/aarch64/A64+label-cond.litmus:10:9: a code label as a value (label:"P0:L0") cannot be set by hwrun (ADR can)
litmus/aarch64/A64+array-address-value.litmus:11:9: an address with an offset (x+1) cannot be compared by hwrun
litmus/aarch64/A64+order-sym.litmus:6:42: a code label as a value (label:"P1:L0") cannot be set by hwrun (ADR can)
litmus/aarch64/A64+stilp-pre.litmus:13:2: 'STILP' needs FEAT_LRCPC3, which the AArch64 toolchain cannot assemble; hwrun cannot run it
litmus/aarch64/A64+stilp-str+dmb.litmus:11:2: 'STILP' needs FEAT_LRCPC3, which the AArch64 toolchain cannot assemble; hwrun cannot run it
litmus/aarch64/A64+stilp-str+ldxp.litmus:11:2: 'STILP' needs FEAT_LRCPC3, which the AArch64 toolchain cannot assemble; hwrun cannot run it
litmus/aarch64/BL+RET.litmus:8:2: 'BL' uses the link register X30, which in hwrun's harness is the compiler's; hwrun cannot run it (ADR and BR it can)
litmus/aarch64/LDXR+CASP-wb.litmus:11:31: 'STILP' needs FEAT_LRCPC3, which the AArch64 toolchain cannot assemble; hwrun cannot run it
litmus/aarch64/LB+branch-dot.litmus:10:2: a branch target relative to the instruction ('.+8') is not supported by hwrun; use a label
litmus/aarch64/A64+herd-digest-forms.litmus:15:2: 'ORN' of an immediate is herd7's form (no CPU encoding, and no alias GNU as assembles); hwrun cannot run it
litmus/aarch64/A64+tbz-whole-register.litmus:9:2: 'TBZ' of bit 32 of a 32-bit register is herd7's form (no CPU encoding); hwrun cannot run it
litmus/aarch64/MP+dmb.sy+br-label.litmus:6:1: a code label as a value (label:"P1:L0") cannot be set by hwrun (ADR can)
litmus/aarch64/MP+stilp+ldiapp.litmus:15:2: 'STILP' needs FEAT_LRCPC3, which the AArch64 toolchain cannot assemble; hwrun cannot run it
litmus/aarch64/SVC+UDF.litmus:9:2: 'SVC' traps to the kernel (herd7 stops the thread there); hwrun cannot run it
litmus/c/C+address-differences.litmus:23:10: hwrun does not support arithmetic on an address ('x9'): herd7 computes it otherwise than a machine
litmus/c/C+address-or-zero-less.litmus:19:10: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/C+cmpxchg-expect-after-zero-copy-thread.litmus:24:9: hwrun does not support arithmetic on an address ('y'): herd7 computes it otherwise than a machine
litmus/c/C+cycle-values-not-illegal.litmus:31:14: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-address-before-double-lock.litmus:17:8: hwrun does not support arithmetic on an address ('y'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-before-double-lock.litmus:15:9: hwrun does not support arithmetic on an address ('y'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-branch-both-ways-double-lock.litmus:17:9: hwrun does not support arithmetic on an address ('y'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-filtered-path.litmus:13:15: hwrun does not support arithmetic on an address ('y'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-on-thin-air-value.litmus:12:14: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-only-on-corr-path.litmus:25:14: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-only-on-overwritten-write.litmus:19:14: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-only-past-own-write-beside-cut-loop.litmus:22:14: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-only-past-own-write.litmus:19:14: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/C+illegal-op-thin-air-model-forbids.litmus:15:14: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/LB+address-difference-branch.litmus:20:10: hwrun does not support arithmetic on an address ('a'): herd7 computes it otherwise than a machine
litmus/c/LB+address-fold-read-cycle-xchg.litmus:21:9: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/LB+address-fold-read-cycle.litmus:24:9: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/LB+self-init-ctrl+deref-chain.litmus:24:2: hwrun cannot tell what a register points to: 'x2' (intptr_t) and 'y1' (int) both have their address taken
litmus/c/LB+zero-read-store-via-itself.litmus:21:8: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/LB+zero-read-store-or-locks.litmus:19:7: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/MP+is_locked-misspelt-held.litmus:20:2: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/C+add-return-self-equal.litmus:18:3: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/MP+is_locked-misspelt.litmus:27:7: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/MP+offset-const.litmus:19:2: hwrun does not support an address past a shared variable ('x+1')
litmus/c/MP+offset-moved-write.litmus:30:12: hwrun does not support arithmetic on an address ('x'): herd7 computes it otherwise than a machine
litmus/c/MP+offset-through-read-pointer.litmus:39:2: hwrun does not support an address past a shared variable ('x+1')
litmus/c/MP+unlock-misspelt-lock.litmus:20:2: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/MP+wmb-rmb+illegal-op-beside-cut-loop.litmus:23:15: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/MP+wmb-rmb+illegal-op-only-on-forbidden-path.litmus:33:14: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/MP+zero-read-if-self-equal.litmus:23:8: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/R+is_locked-lone-unlock-misspelt.litmus:18:2: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/SB+lock-misspelt.litmus:21:2: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/SB+registers-compared.litmus:32:9: hwrun does not check a condition that compares two places
litmus/c/SRCU+misspelt-struct.litmus:21:6: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/loops-cut-failure-unsolved-branch.litmus:22:18: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/loops-cut-forced-branch-solved.litmus:21:25: hwrun does not support arithmetic on an address ('z'): herd7 computes it otherwise than a machine
litmus/c/zero-read-selfcopy-other-thread-op.litmus:18:7: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/c/zero-xchg-selfread-op.litmus:20:7: hwrun cannot tell what a register points to: no shared variable has its address taken
litmus/riscv/2+2W+rls.litmus:11:2: 'sw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/riscv/LB+aqs.litmus:10:2: 'lw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/riscv/LB+rls.litmus:11:2: 'sw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/riscv/MP+po+aq.litmus:10:16: 'lw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/riscv/MP+rl+aq.litmus:11:2: 'sw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/riscv/MP+rl+po.litmus:11:2: 'sw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/riscv/SB+rl+aqs.litmus:10:2: 'sw' with .aq/.rl is herd's notation; RISC-V has no such instruction (use lr/sc, an AMO or fences)
litmus/x86/MP+nops+rip-cs.litmus:12:9: register 0:rip cannot be set or read by a test on the hardware
EOF
: >"$tmp/refused"; : >"$tmp/want"
for pair in aarch64:aarch64 arm:armhf ppc:ppc64le riscv:riscv64 x86:x86_64 \
            c:x86_64 c11:x86_64; do
  dir=${pair%%:*}; t=${pair#*:}
  "$LITMUSLAB" hwrun --check --target "$t" litmus/"$dir"/*.litmus \
    >"$tmp/check" 2>&1
  first=$(grep -m 1 '^no ' "$tmp/check")
  if missing "$first"; then
    echo "hwrun_accept: SKIP --check of litmus/$dir: ${first#*: }"
    continue
  fi
  grep -v '^ok ' "$tmp/check" | sed 's/^no [^:]*: //' >>"$tmp/refused"
  grep "^litmus/$dir/" "$tmp/refused.want" >>"$tmp/want"
done
sort -o "$tmp/want" "$tmp/want"; sort -o "$tmp/refused" "$tmp/refused"
diff "$tmp/want" "$tmp/refused" >"$tmp/diff" ||
  fail "litmus/: refusals differ (- wanted, + got):
$(cat "$tmp/diff")"

# 2b. herd7's plain registers that are not the CPU's (tests/herd7-cpu/):
# X86's EIP and X86_64's %eip as operands, herd7's setnb of a wide register,
# AArch64's NZCV and Power's LR named in `locations`, an access through
# a register nothing sets that herd7 answers as no run reaches it,
# HLT (herd7's NOP), an ARM MOVW beyond 65535: each refused with its
# reason.
while IFS='|' read -r t f want; do
  line=$("$LITMUSLAB" hwrun --check --target "$t" "$f" 2>&1)
  missing "$line" && continue
  [ "$line" = "no $f: $want" ] || fail "$f: $line"
done <<'EOF'
x86_64|tests/herd7-cpu/x86/X86+eip-operand.litmus|tests/herd7-cpu/x86/X86+eip-operand.litmus:6:2: rip, eip or a segment register as an operand is a plain register to herd7, not the CPU's: not run
x86_64|tests/herd7-cpu/x86/X86_64+eip-operand.litmus|register 0:rip cannot be set or read by a test on the hardware
x86_64|tests/herd7-cpu/x86/X86+setnb-register-cycle.litmus|tests/herd7-cpu/x86/X86+setnb-register-cycle.litmus:8:16: set of a register wider than a byte is herd7's form, not the CPU's: not run
x86_64|tests/herd7-cpu/x86/X86_64+setnb-wide.litmus|tests/herd7-cpu/x86/X86_64+setnb-wide.litmus:6:2: set of a register wider than a byte is herd7's form, not the CPU's: not run
aarch64|tests/herd7-cpu/aarch64/A64+nzcv-named.litmus|register 0:NZCV cannot be set or read by a test on the hardware
ppc64le|tests/herd7-cpu/ppc/PPC+lr-named.litmus|register 0:LR cannot be set or read by a test on the hardware
aarch64|tests/herd7-cpu/aarch64/A64+unset-address-jumped-over.litmus|tests/herd7-cpu/aarch64/A64+unset-address-jumped-over.litmus:9:2: 0:X5 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as `0:X5=x;`
armhf|tests/herd7-cpu/arm/ARM+movw-beyond-jumped-over.litmus|tests/herd7-cpu/arm/ARM+movw-beyond-jumped-over.litmus:9:2: 'MOVW' of #65536 has no encoding (an immediate #0..65535); hwrun cannot run it
armhf|tests/herd7-cpu/arm/ARM+unset-address-jumped-over.litmus|tests/herd7-cpu/arm/ARM+unset-address-jumped-over.litmus:9:2: 0:R5 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as `0:R5=x;`
ppc64le|tests/herd7-cpu/ppc/PPC+unset-address-jumped-over.litmus|tests/herd7-cpu/ppc/PPC+unset-address-jumped-over.litmus:9:2: 0:r5 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as `0:r5=x;`
aarch64|tests/herd7-cpu/aarch64/A64+unset-store-no-value-path.litmus|tests/herd7-cpu/aarch64/A64+unset-store-no-value-path.litmus:11:2: 0:X5 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as `0:X5=x;`
aarch64|tests/herd7-cpu/aarch64/A64+hint-hlt-nop.litmus|tests/herd7-cpu/aarch64/A64+hint-hlt-nop.litmus:10:2: 'HLT' halts for a debugger on the CPU (herd7 reads it as NOP); hwrun cannot run it
riscv64|tests/herd7-cpu/riscv/RV+unset-address-jumped-over.litmus|tests/herd7-cpu/riscv/RV+unset-address-jumped-over.litmus:9:2: 0:x5 is used as an address but nothing sets it (the access would be to 0); give it a location in the init block, as `0:x5=x;`
EOF

# 3. The corpus, whole: generation alone, so it is fast.
if [ -f "${CORPUS:-/nonexistent}/power/tests.tgz" ] &&
   [ -f "$CORPUS/x86/tests.tgz" ]; then
  mkdir "$tmp/corpus"
  tar xzf "$CORPUS/power/tests.tgz" -C "$tmp/corpus" &&
    tar xzf "$CORPUS/x86/tests.tgz" -C "$tmp/corpus" || fail "cannot extract the corpus"
  for pair in power-tests:ppc64le tests:x86_64; do
    dir=${pair%%:*}; t=${pair#*:}
    find "$tmp/corpus/$dir" -name '*.litmus' >"$tmp/files"
    xargs "$LITMUSLAB" hwrun --check --target "$t" <"$tmp/files" \
      >"$tmp/check" 2>&1
    if missing "$(grep -m 1 '^no ' "$tmp/check")"; then
      echo "hwrun_accept: SKIP --check of the corpus's $dir: tools for $t missing"
      continue
    fi
    total=$(wc -l <"$tmp/files")
    ok=$(grep -c '^ok ' "$tmp/check")
    [ "$ok" = "$total" ] && [ "$total" -gt 2000 ] ||
      fail "corpus $dir: $ok of $total accepted: $(grep -v '^ok ' "$tmp/check" | head -n 3)"
  done
else
  echo "hwrun_accept: SKIP the corpus: no ${CORPUS:-CORPUS}/power/tests.tgz or x86/tests.tgz"
fi

# 4. Short runs, each target's shapes together.
: >"$tmp/hw.log"
files=
for t in armhf ppc64le aarch64 riscv64 x86_64; do
  these=
  for f in "$d"/*.litmus; do
    [ "$(target_of "$f")" = $t ] && these="$these $f"
  done
  # shellcheck disable=SC2086
  line=$("$LITMUSLAB" hwrun --check --target $t $these 2>&1 | grep -m 1 '^no ')
  if [ -n "$line" ]; then
    missing "$line" || fail "--check: $line"
    echo "hwrun_accept: SKIP runs on $t: ${line#*: }"
    skipped=$((skipped+1)); continue
  fi
  if [ $t = x86_64 ] && [ "$(uname -m)" != x86_64 ]; then
    echo "hwrun_accept: SKIP runs on x86_64: not an x86-64 machine"
    skipped=$((skipped+1)); continue
  fi
  # shellcheck disable=SC2086
  "$LITMUSLAB" hwrun --cache build/hwrun-cache -q -n $n --target $t $these \
    >>"$tmp/hw.log" 2>"$tmp/err" ||
    fail "$t: hwrun failed: $(head -n 3 "$tmp/err")"
  files="$files $these"
  ran=$((ran+1))
done
[ $ran -gt 0 ] || { echo "hwrun_accept: no target could run"; exit 77; }

# states NAME: the state lines of test NAME in the hardware log
states() {
  awk -v t="$1" '/^Test / { on = $2 == t } on && /^[0-9]+ *[:*]>/' "$tmp/hw.log"
}
# every state of NAME matches the pattern (and there is one)
each_state() {
  states "$1" >"$tmp/st"
  [ -s "$tmp/st" ] || return 0      # not run here
  grep -v -- "$2" "$tmp/st" >"$tmp/odd" &&
    fail "$1: a state not like '$2': $(head -n 3 "$tmp/odd")"
  return 0
}
# addresses by name, as litmus7 prints them
each_state MP+ptr '>1:R0=[xz]; 1:R2=[01];$'
each_state IRIW+addr-ptr '>0:r1=[xyz]; 0:r5=[yz]; 1:r1=[xyz]; 1:r4=[xz];$'
each_state MP+dmb+ptr '>1:X0=[xy]; 1:X2=[01];$'
each_state MP+fence+ptr '>1:x8=[xy]; 1:x9=[01];$'
each_state MP+ptr+filter '>1:r0=[xz]; 1:r1=[01];$'
# a filter's own registers are not in the state; the one no run passes
each_state SB+filter-x86 '>1:rax=[01];$'
each_state SB+fences+filter '>0:x8=[01]; 1:x8=[01];$'
states SB+fences+filter | grep -q '0:x8=1; 1:x8=1;$' &&
  fail "SB+fences+filter: a state the filter rejects was counted"
if grep -q '^Test filter-none ' "$tmp/hw.log"; then
  grep -A1 '^Test filter-none ' "$tmp/hw.log" | grep -q '^Histogram (0 states)$' &&
    grep -q '^Observation filter-none Never 0 0$' "$tmp/hw.log" &&
    grep -A20 '^Test filter-none ' "$tmp/hw.log" |
      grep -q "^Rate [0-9]* iterations/s, $n iterations$" ||
    fail "filter-none: $(grep -A14 '^Test filter-none ' "$tmp/hw.log")"
fi
# symbolic registers: the states name the test's registers alone
each_state MP+dmb.sy+addr-sym '>1:X0=[01]; 1:X2=[01];$'
each_state LB+data+po-sym '>0:X0=[01]; 1:X0=[01];$'
each_state MP+fence.w.w+fence.r.r-sym '>1:x5=[01]; 1:x6=[01];$'
each_state LB+addr+data-sym '>0:x5=[01]; 1:x5=[01];$'
# arrays: an element by litmus7's name
each_state MP+fences+array '>1:x7=[01]; 1:x8=[01]; x\[1\]=1;$'
each_state MP+dmb.sy+ldp-array '>1:X0=[01]; 1:X1=[01];$'
each_state MP+fence+ptr32 '>1:x8=[xy]; 1:x9=[01];$'
# herd7's digest of tests with symbolic registers (AArch64's names them
# by their X view)
for th in MP+dmb+addr-sym:88b3d60a7f94f4d8f6ab6db473bbd909 \
          MP+dmb.sy+addr-sym:50f8df4c37d2b9492b0d612951a9ca19; do
  t=${th%%:*}
  grep -q "^Test $t " "$tmp/hw.log" || continue
  grep -A30 "^Test $t " "$tmp/hw.log" | grep -m 1 '^Hash=' |
    grep -q "^Hash=${th#*:}$" || fail "$t: not herd7's Hash"
done

# compare_with LOG WHAT: no forbidden outcome, every run test joined,
# no Hash conflict.
compare_with() {
  rm -rf "$tmp/cmp"
  "$LITMUSLAB" compare --model "$1" --hw "$tmp/hw.log" -o "$tmp/cmp" \
    >"$tmp/cmp.out" 2>&1 || fail "compare with $2: $(cat "$tmp/cmp.out")"
  cat "$tmp/cmp/tests.csv" >"$tmp/all.csv"
  [ -f "$tmp/cmp/emulated/tests.csv" ] &&
    tail -n +2 "$tmp/cmp/emulated/tests.csv" >>"$tmp/all.csv"
  for f in $files; do
    name=$(sed -n '1s/^[^ ]* \([^ ]*\).*/\1/p' "$f")
    grep -q "^$name,.*,\(agree\|allowed-unseen\|oversubscribed-unseen\)$" \
      "$tmp/all.csv" || fail "compare with $2: $name not joined: $(grep "^$name," "$tmp/all.csv")"
  done
  grep -q '^"hash conflicts (not merged)",0$' "$tmp/cmp/summary.csv" ||
    fail "compare with $2: Hash conflicts"
}
compare_with "$d/herd7.log" "herd7's log"
# shellcheck disable=SC2086
"$LITMUSLAB" model $files >"$tmp/model.log" 2>"$tmp/model.err" ||
  fail "model: $(head -n 3 "$tmp/model.err")"
compare_with "$tmp/model.log" "the model's log"

# 5. What herd7 refuses and litmus7 runs: against the model's log alone.
if [ "$(uname -m)" = x86_64 ]; then
  files=$(echo "$d"/herd7-refuses/*.litmus)
  # shellcheck disable=SC2086
  "$LITMUSLAB" hwrun --cache build/hwrun-cache -q -n 20000 $files \
    >"$tmp/hw.log" 2>"$tmp/err" || fail "hwrun failed: $(head -n 3 "$tmp/err")"
  # the model refuses the movl of an address as herd7 does
  ptr32=$d/herd7-refuses/X86-MP+ptr32.litmus
  "$LITMUSLAB" model "$ptr32" >/dev/null 2>"$tmp/model.err"
  grep -q "^$ptr32:[0-9]*:[0-9]*: illegal operation unset 32 bits to the left from 32th bit on [xy] (herd7 refuses the test)$" "$tmp/model.err" ||
    fail "model on $ptr32: $(cat "$tmp/model.err")"
  files=$d/herd7-refuses/C-MP+array.litmus
  # shellcheck disable=SC2086
  "$LITMUSLAB" model $files >"$tmp/model.log" 2>"$tmp/model.err" ||
    fail "model: $(head -n 3 "$tmp/model.err")"
  compare_with "$tmp/model.log" "the model's log"
  # the array's initial values, its elements by name
  each_state MP+wmb+rmb-array '>1:r0=[15]; 1:r1=[17]; x\[1\]=1;$'
  each_state MP+ptr32 '>1:rax=[xy]; 1:rcx=[01];$'
fi
echo "hwrun_accept: $ran targets run, $skipped skipped"
exit 0
