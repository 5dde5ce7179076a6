#!/bin/sh
# compare_power.sh — `litmuslab compare` on the real Power logs of "Herding
# Cats" (herd7's model log + 26355 litmus7 hardware entries) reproduces the
# paper's model-vs-hardware table test by test: 4008 No/No, 3131 Ok/Ok,
# 1002 Ok/No, 0 No/Ok, the same test names in each class.
set -eu
: "${LITMUSLAB:?}" "${CORPUS:?}"
. tests/e2e/lib/corpus.sh
need power/model-herd7.log.gz power/hardware.log.gz power/model-vs-hardware.txt.gz
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

status=0
"$LITMUSLAB" compare --model "$CORPUS/power/model-herd7.log.gz" \
  --hw "$CORPUS/power/hardware.log.gz" -o "$out" \
  >"$out/stdout" 2>"$out/stderr" || status=$?
if [ "$status" != 0 ]; then
  echo "compare_power: exit status $status, expected 0"; cat "$out/stderr"
  exit 1
fi

# The paper's table: `NAME | MODEL HW`.
gzip -dc "$CORPUS/power/model-vs-hardware.txt.gz" |
  awk -F'|' 'NF == 2 { n = $1; gsub(/ /, "", n); split($2, v, " ")
                       if (v[1] == "Ok" || v[1] == "No") print n, v[1], v[2] }' |
  sort >"$out/expected"
# Ours: tests.csv rows of tests the model knows. Names have no commas (a
# few are quoted for their brackets); the verdict columns are counted from
# the end, past the quoted condition.
awk -F, 'NR > 1 && $NF != "hw-only" { n = $1; gsub(/"/, "", n)
                                      print n, $(NF-4), $(NF-3) }' \
  "$out/tests.csv" | sort >"$out/actual"

if ! cmp -s "$out/expected" "$out/actual"; then
  echo "compare_power: tests.csv differs from model-vs-hardware.txt:"
  diff "$out/expected" "$out/actual" | head -20
  exit 1
fi
counts=$(awk '{ c[$2 "/" $3]++ } END { printf "%d %d %d %d", c["No/No"],
              c["Ok/Ok"], c["Ok/No"], c["No/Ok"] }' "$out/actual")
if [ "$counts" != "4008 3131 1002 0" ]; then
  echo "compare_power: classes No/No Ok/Ok Ok/No No/Ok = $counts"
  exit 1
fi
# Nothing dropped silently: no malformed entry, no conflict in this corpus.
grep -q 'malformed entries skipped  *0$' "$out/stdout" || {
  echo "compare_power: malformed entries reported"; cat "$out/stderr"; exit 1; }
grep -q 'hardware entries  *26355$' "$out/stdout" || {
  echo "compare_power: not all 26355 hardware entries read"; exit 1; }
exit 0
