# recorded_models.sh — sourced by the e2e scripts that run each test of a
# data folder under models of that folder and compare herd7's recorded
# outputs (model_rmw_atomicity.sh, model_pair_halves.sh):
# recorded_models DIR CAT:SUFFIX... runs `model -model DIR/CAT.cat` on
# each DIR/*.litmus and diffs its output, the Time line left out, with
# DIR/NAME.SUFFIX; prints a line per difference, sets $fail to 1 on
# one and $n to the outputs checked. Needs $LITMUSLAB and $tmp.
recorded_models() {
  dir=$1; shift
  fail=0
  n=0
  for pair in "$@"; do
    cat=${pair%%:*}
    suffix=${pair#*:}
    for t in "$dir"/*.litmus; do
      h=${t%.litmus}.$suffix
      n=$((n+1))
      "$LITMUSLAB" model -model "$dir/$cat.cat" "$t" > "$tmp/out" 2> "$tmp/err" ||
        { echo "$t ($cat.cat): $(head -n 1 "$tmp/err")"; fail=1; continue; }
      grep -v '^Time ' "$tmp/out" | diff "$h" - > "$tmp/diff" ||
        { echo "$t ($cat.cat): herd7's output (<) and the model's (>):"
          head -n 20 "$tmp/diff"; fail=1; }
    done
  done
}
