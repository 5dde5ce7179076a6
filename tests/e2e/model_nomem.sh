#!/bin/sh
# model_nomem.sh — tests with no memory event at all (only register
# arithmetic and a condition on registers; issue 9: these crashed the cat
# evaluator). The expected entries are worked out by hand in herd7's
# format: one execution with no event, which every model allows, so one
# state, Ok, Positive 1. Time is not compared; the x86 Hash= only for
# presence (its operand spelling is herd7's digest's business, checked
# on the corpus), the PPC one in full (our digest, which agrees with
# herd7 on every corpus test).
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_nomem: $*"; exit 1; }

cat > "$tmp/nomem-ppc.litmus" <<'END'
PPC nomem-ppc
{
0:r1=1;
}
 P0           ;
 addi r2,r1,2 ;
exists (0:r2=3)
END
cat > "$tmp/nomem-x86.litmus" <<'END'
X86_64 nomem-x86
{
}
 P0           ;
 movq $1,%rax ;
 addq $2,%rax ;
exists (0:rax=3)
END

cat > "$tmp/want-ppc" <<'END'
Test nomem-ppc Allowed
States 1
0:r2=3;
Ok
Witnesses
Positive: 1 Negative: 0
Condition exists (0:r2=3)
Observation nomem-ppc Always 1 0
Hash=91179821e556937d70f7980ea36c7c29

END
cat > "$tmp/want-x86" <<'END'
Test nomem-x86 Allowed
States 1
0:rax=3;
Ok
Witnesses
Positive: 1 Negative: 0
Condition exists (0:rax=3)
Observation nomem-x86 Always 1 0
Hash=

END

for arch in ppc x86; do
    for model in "" sc.cat; do
        "$LITMUSLAB" model ${model:+--model $model} "$tmp/nomem-$arch.litmus" \
            > "$tmp/out" 2> "$tmp/err"
        rc=$?
        [ $rc = 0 ] || { cat "$tmp/err"; fail "$arch $model: exit $rc"; }
        [ -s "$tmp/err" ] && { cat "$tmp/err"; fail "$arch $model: stderr"; }
        grep -q '^Time nomem-[a-z0-9]* [0-9]*\.[0-9][0-9]$' "$tmp/out" ||
            fail "$arch $model: no Time line"
        grep -v '^Time ' "$tmp/out" > "$tmp/got"
        [ "$arch" = x86 ] && sed -i 's/^Hash=[0-9a-f]\{32\}$/Hash=/' "$tmp/got"
        diff "$tmp/want-$arch" "$tmp/got" > "$tmp/diff" ||
            { cat "$tmp/diff"; fail "$arch $model: entry differs"; }
    done
done
echo "model_nomem: ok"
