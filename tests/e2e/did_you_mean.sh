#!/bin/sh
# did_you_mean.sh — a name one edit away from a known one is suggested
# (issue 29, item 8): a misspelled instruction (the one the reader takes
# with the same operands), C primitive, option or model name. One helper,
# lib/near.c. Exact messages.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "did_you_mean: $*"; exit 1; }

# instructions: ARCH|INIT|INSTRUCTION|the message
while IFS='|' read -r arch init ins want; do
  printf '%s T\n{ %s }\n P0 ;\n %s ;\nexists (x=1)\n' "$arch" "$init" "$ins" >"$tmp/t.litmus"
  "$LITMUSLAB" parse "$tmp/t.litmus" >/dev/null 2>"$tmp/err"
  [ $? = 2 ] || fail "$ins: exit status"
  [ "$(cat "$tmp/err")" = "$tmp/t.litmus:4:2: $want" ] || fail "$ins: $(cat "$tmp/err")"
done <<'EOF2'
PPC|0:r2=x;|lwzz r1,0(r2)|unknown instruction 'lwzz'; did you mean 'lwz'?
X86_64|x=0;|mfnce|unknown instruction 'mfnce'; did you mean 'mfence'?
X86_64|x=0;|movqq $1,(x)|unknown instruction 'movqq'; did you mean 'movq'?
AArch64|0:X1=x;|LDRR W0,[X1]|unknown instruction 'LDRR'; did you mean 'LDR'?
RISCV|0:x6=x;|lw.aqq x5,0(x6)|unknown instruction 'lw.aqq'; did you mean 'lw.aq'?
ARM|x=0;|dmbb|unknown instruction 'dmbb'; did you mean 'dmb'?
X86_64|x=0;|FOO [x],$1|unknown instruction 'FOO'
EOF2

# a C primitive
printf 'C T\n{}\nP0(int *x) { WRITE_ONCEE(*x, 1); }\nexists (x=1)\n' >"$tmp/c.litmus"
"$LITMUSLAB" model "$tmp/c.litmus" >/dev/null 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "$tmp/c.litmus:3:14: unsupported function 'WRITE_ONCEE'; did you mean 'WRITE_ONCE'?" ] ||
  fail "primitive: $(cat "$tmp/err")"

# options, with the dashes written
check_opt() { # CMD OPTION WANT
  "$LITMUSLAB" "$1" "$2" x >/dev/null 2>"$tmp/err"
  [ $? = 2 ] || fail "$1 $2: exit status"
  [ "$(cat "$tmp/err")" = "litmuslab $1: unknown option '$2'$3; see \`litmuslab $1 --help\`" ] ||
    fail "$1 $2: $(cat "$tmp/err")"
}
check_opt model --modle " (did you mean '--model'?)"
check_opt model -varaint " (did you mean '-variant'?)"
check_opt hwrun -strde " (did you mean '-stride'?)"
check_opt campaign --frce " (did you mean '--force'?)"
check_opt compare --tabel " (did you mean '--table'?)"
check_opt model --bogus ""

# a model name, with or without .cat
"$LITMUSLAB" model --model x86tos litmus/x86/SB.litmus >/dev/null 2>"$tmp/err"
grep -q "^litmuslab model: cannot find the model 'x86tos'; did you mean 'x86tso.cat'? models shipped: " "$tmp/err" ||
  fail "model name: $(cat "$tmp/err")"
"$LITMUSLAB" model --model lkmn.cat litmus/x86/SB.litmus >/dev/null 2>"$tmp/err"
grep -q "^litmuslab model: cannot find the model 'lkmn.cat'; did you mean 'lkmm.cat'? models shipped: " "$tmp/err" ||
  fail "model name: $(cat "$tmp/err")"
echo "did_you_mean: ok"
