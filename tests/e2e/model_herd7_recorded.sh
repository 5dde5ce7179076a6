#!/bin/sh
# model_herd7_recorded.sh — our tests that carry herd7's own answer: each
# litmus/<arch>/NAME.herd7 beside NAME.litmus is herd7 7.58's output on
# it (`herd7 -conf linux-kernel.cfg` for C tests, `-model rc11.cat` for
# litmus/c11; for LISA tests, which
# that configuration cannot run, `-bell` a bell declaring the lock sets
# empty and including linux-kernel.bell, `-model linux-kernel.cat`: see
# README "LISA tests"; the `Time` line dropped). The model's output must be the same, byte for byte:
# states in herd7's order and spelling, verdict, witness counts, Flag
# lines, condition, Observation and Hash. One model run per folder.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
for d in litmus/*/ tests/herd7-cpu/*/; do
  d=${d%/}
  set -- "$d"/*.herd7
  [ -f "$1" ] || continue
  list=
  for h in "$@"; do list="$list ${h%.herd7}.litmus"; done
  # shellcheck disable=SC2086
  "$LITMUSLAB" model $list > "$tmp/out" 2> "$tmp/err"
  for h in "$@"; do
    n=$((n+1))
    name=$(sed -n '1s/^Test \([^ ]*\) .*/\1/p' "$h")
    # the entry of this test: from its Test line to the blank line after
    awk -v t="Test $name " 'index($0, t) == 1 { on = 1 }
      on && !/^Time / { print } on && /^$/ { exit }' "$tmp/out" > "$tmp/got"
    if ! cmp -s "$h" "$tmp/got"; then
      echo "$h: the model's output differs from herd7's:"
      diff "$h" "$tmp/got" | head -n 20
      grep -m 1 "${h%.herd7}.litmus" "$tmp/err"
      fail=1
    fi
  done
done
[ $n -ge 6 ] || { echo "model_herd7_recorded: only $n recorded outputs found"; fail=1; }
[ $fail = 0 ] && echo "model_herd7_recorded: $n tests agree with herd7's recorded output"
exit $fail
