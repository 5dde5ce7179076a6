#!/bin/sh
# model_herd_files.sh — herd7's own model files, read unmodified from
# ../shared/tools/herdtools7/share/herd, give the output of our built-in
# models on every litmus/ folder (mk/model-herdfiles.sh: ppc.cat,
# x86tso-mixed.cat, arm.cat, aarch64.cat with its register events,
# riscv.cat with its one-event AMOs, rc11.cat, -conf linux-kernel.cfg
# found through -I, linux-kernel.cat for LISA; the differences of
# mk/herd-known-differences.txt aside). Also: a model titled for another
# architecture is refused as herd7 refuses it, and an error found while
# evaluating a cat file names the cat file and line, not the test.
# Skips (77) where ../shared is absent. Env: LITMUSLAB, CORPUS.
: "${LITMUSLAB:?}"
lib=${HERDLIB:-${CORPUS:-/nonexistent}/../tools/herdtools7/share/herd}
if [ ! -f "$lib/ppc.cat" ]; then
    echo "model_herd_files: SKIP: needs herd7's model files, $lib/ppc.cat not found (HERDLIB=DIR names herdtools7's share/herd)"
    exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_herd_files: $*"; exit 1; }

sh mk/model-herdfiles.sh "$LITMUSLAB" "$lib" > "$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "herd7's files and the built-in models differ"; }
# each folder: every test compared, all alike but those listed as known
# (a "  known:" line each, from mk/herd-known-differences.txt)
for pair in ppc:ppc.cat x86:x86tso-mixed.cat arm:arm.cat \
            aarch64:aarch64.cat riscv:riscv.cat c11:rc11.cat \
            c:linux-kernel.cfg lisa:linux-kernel.cat; do
    dir=${pair%%:*} cat=${pair#*:}
    n=$(ls litmus/$dir/*.litmus | wc -l)
    k=$(awk -v d="litmus/$dir:" '$1 == d { on = 1; next }
                                  /^litmus\// { on = 0 }
                                  on && /^  known: / { k++ }
                                  END { print k + 0 }' "$tmp/out")
    want="litmus/$dir: herd7's $cat gives the built-in model's output on $((n - k)) of $n tests"
    grep -qxF "$want" "$tmp/out" || { cat "$tmp/out"; fail "no line: $want"; }
done

# herd7's x86tso.cat is titled X86: an X86_64 test is refused, exit 2.
"$LITMUSLAB" model -I "$lib" -model x86tso.cat litmus/x86/SB.litmus \
    > "$tmp/o" 2> "$tmp/e"
st=$?
[ $st = 2 ] || fail "x86tso.cat on an X86_64 test: exit $st, expected 2"
[ ! -s "$tmp/o" ] || fail "x86tso.cat on an X86_64 test printed an entry"
echo "litmus/x86/SB.litmus: architecture mismatch between test and model (X86_64 vs. X86)" |
    cmp -s - "$tmp/e" || { cat "$tmp/e"; fail "mismatch message"; }

# A tag no event set names, found when the model runs: the cat's place.
printf '"bad"\nlet a = po\nacyclic a | [Nosuchset] as x\n' > "$tmp/bad.cat"
"$LITMUSLAB" model -model "$tmp/bad.cat" litmus/x86/SB.litmus > /dev/null 2> "$tmp/e"
echo "$tmp/bad.cat:3:14: unbound name 'Nosuchset'" | cmp -s - "$tmp/e" ||
    { cat "$tmp/e"; fail "a cat error names the test, not the cat file"; }
echo "model_herd_files: ok"
