# bench_tests.sh — sourced by hwrun's benches (bench_coverage.sh,
# bench_vs_litmus7.sh): coverage_tests PROG CORPUS TMP unpacks the
# two-thread x86 corpus tests (families BASIC_2_THREAD, RELAX_2_THREAD,
# CO) into TMP and writes TMP/files: one file per name (names repeat
# across families) of those whose `exists` condition our model allows,
# relative to TMP. Returns 1 with a message when a step fails.
coverage_families="BASIC_2_THREAD RELAX_2_THREAD CO"
coverage_tests() {
  ct_prog=$1 ct_corpus=$2 ct_tmp=$3 ct_dirs=
  for f in $coverage_families; do ct_dirs="$ct_dirs tests/non-mixed-size/$f"; done
  # shellcheck disable=SC2086
  tar xzf "$ct_corpus/x86/tests.tgz" -C "$ct_tmp" $ct_dirs || return 1
  # shellcheck disable=SC2086
  (cd "$ct_tmp" && find $ct_dirs -name '*.litmus' | sort) >"$ct_tmp/all"
  (cd "$ct_tmp" && "$ct_prog" model @all) >"$ct_tmp/model.log" 2>"$ct_tmp/model.err" ||
    { echo "coverage: model failed: $(head -n 3 "$ct_tmp/model.err")"; return 1; }
  # Names whose exists-condition the model validates, then one file each.
  awk '/^Test / { name = $2 } /^Ok$/ { ok = 1 } /^No$/ { ok = 0 }
       /^Condition exists/ { if (ok) print name }' "$ct_tmp/model.log" |
    sort -u >"$ct_tmp/allowed"
  awk 'NR == FNR { want[$1] = 1; next }
       { n = $0; sub(".*/", "", n); sub("[.]litmus$", "", n)
         if ((n in want) && !(n in seen)) { seen[n] = 1; print } }' \
    "$ct_tmp/allowed" "$ct_tmp/all" >"$ct_tmp/files"
}
