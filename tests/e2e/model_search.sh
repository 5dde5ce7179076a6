#!/bin/sh
# model_search.sh — the search's shortcuts on C tests keep herd7's answer
# (doc/model-scale.md): tests/search/NAME.herd7 is herd7 7.58's output
# (`herd7 -conf linux-kernel.cfg`, Time line dropped) on NAME.litmus, and
# the model's must be the same byte for byte. rmws+many-runs has 50625
# runs in one thread (picking runs, model/run_sets.c: 3.8 s of CPU
# before, 0.3 s after); xchg-locks+held is one where the product's
# first locations are judged and cut (search.c, level_dead);
# C-xchg-held2 (18976 executions, herd7 45 s of CPU) one whose last
# location is judged a group of solutions at a time (search.c,
# last_groups): a group accepted wrongly would change its counts. They
# are kept out of litmus/c because explaining them takes long.
# lisa-rcu+rmw-loop (LISA; herd7 -bell as mk/fidelity-diff-c.sh makes it,
# -model linux-kernel.cat) took 1.37 GB and 17 s before LISA's value sets
# followed write sites (model/paths.c pend_writes); 0.07 s after.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for h in tests/search/*.herd7; do
    n=$((n + 1))
    t=${h%.herd7}.litmus
    "$LITMUSLAB" model --timeout 60 "$t" > "$tmp/out" 2> "$tmp/err" || {
        echo "model_search: $t: $(head -n 1 "$tmp/err")"; fail=1; continue; }
    grep -v '^Time ' "$tmp/out" > "$tmp/got"
    cmp -s "$h" "$tmp/got" || {
        echo "model_search: $t: the model's output differs from herd7's:"
        diff "$h" "$tmp/got" | head -n 20
        fail=1
    }
done
[ "$n" -ge 2 ] || { echo "model_search: only $n recorded outputs found"; exit 1; }
[ "$fail" = 0 ] && echo "model_search: $n tests agree with herd7's recorded output"
exit "$fail"
