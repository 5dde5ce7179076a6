#!/bin/sh
# compare_report.sh — the reports people read, on hand-made logs of three
# tests on two machines (tests/e2e/report/: POWER7 runs SB, MP and LB;
# an emulated one-PU ARMv7 shows MP's forbidden state 3 times in 2M):
# the papers' table as text, Markdown and LaTeX (exact bytes, worked out
# by hand: alarms first, `seen/total` with k/M/G, flags for 2 threads on
# 1 PU and for the emulator, exact totals), outcomes.csv with the
# forbidden-never-seen state of MP and LB, and report.html: one file that
# names nothing outside itself, and which headless Chromium renders with
# the rows and counts a person would see (skipped without chromium).
# Then the Power corpus: the LaTeX and Markdown tables have one row per
# test and totals equal to tests.csv's (skipped without the corpus).
set -u
: "${LITMUSLAB:?}"
here=tests/e2e/report
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
say() { echo "compare_report: $*"; fail=1; }

run() { # $1: table format
  "$LITMUSLAB" compare --model $here/model.log --hw power7=$here/power7.log \
    --hw armv7=$here/armv7.log -o "$out/$1" --table "$1" \
    >"$out/$1.stdout" 2>"$out/$1.stderr"
}
for fmt in text markdown latex; do
  run $fmt
  status=$?
  [ $status = 1 ] || say "$fmt: exit status $status, expected 1 (an alarm)"
done
cmp -s "$out/text/table.txt" $here/expected-table.txt ||
  { say "table.txt differs"; diff $here/expected-table.txt "$out/text/table.txt"; }
cmp -s "$out/markdown/table.md" $here/expected-table.md ||
  { say "table.md differs"; diff $here/expected-table.md "$out/markdown/table.md"; }
cmp -s "$out/latex/table.tex" $here/expected-table.tex ||
  { say "table.tex differs"; diff $here/expected-table.tex "$out/latex/table.tex"; }
# The table is printed after the summary too.
tail -n "$(wc -l < $here/expected-table.md)" "$out/markdown.stdout" |
  cmp -s - $here/expected-table.md || say "stdout does not end with the table"
cmp -s "$out/text/outcomes.csv" $here/expected-outcomes.csv ||
  { say "outcomes.csv differs"; diff $here/expected-outcomes.csv "$out/text/outcomes.csv"; }
grep -q '^LB,"0:r1=1; 1:r1=1;",no,0,,forbidden-unseen$' "$out/text/outcomes.csv" ||
  say "outcomes.csv lacks LB's forbidden, never seen state"
"$LITMUSLAB" compare --model $here/model.log --hw $here/power7.log -o "$out/x" \
  --table html >/dev/null 2>"$out/bad" && say "--table html accepted"
grep -q "text, markdown or latex" "$out/bad" || say "no message for --table html"

# report.html: self-contained.
html=$out/text/report.html
[ -s "$html" ] || say "no report.html"
if grep -Eiq '<link|<img|src=|https?://[^"]*"[^>]*(href|src)|@import|url\(' "$html"; then
  say "report.html refers to something outside itself"
fi
grep -q '"name":"MP"' "$html" || say "report.html has no data for MP"

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "compare_report: SKIP browser check: chromium is not installed"
else
  prof=$out/profile
  chrome() {
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
      --disable-quic --no-first-run --disable-background-networking \
      --disable-component-update --disable-sync --user-data-dir="$prof" "$@" \
      2>/dev/null
  }
  chrome --dump-dom "file://$(cd "$out/text" && pwd)/report.html" >"$out/dom"
  # What a person sees: the rows in order, the papers' cells, the flag.
  sed -n 's/.*<tbody>\(.*\)<\/tbody>.*/\1/p' "$out/dom" |
    sed 's/<\/tr>/\n/g; s/<[^>]*>/ /g' | tr -s ' ' | grep -v '^ *$' >"$out/rows"
  printf '%s\n' " MP MP forbidden-seen No/Ok 0/12G 3/2M ! " \
    " SB SB agree Ok/Ok 1.2k/1M - " " LB LB agree No/No 0/1k - " |
    cmp -s - "$out/rows" || { say "rendered rows differ:"; cat "$out/rows"; }
  grep -q '3 of 3 matching tests shown' "$out/dom" || say "no row count in the page"
  grep -q 'title="oversubscribed: 2 threads on 1 PUs, emulated"' "$out/dom" ||
    say "the ARMv7 cell has no flag"
  chrome --screenshot="$out/shot.png" --window-size=1000,700 \
    "file://$(cd "$out/text" && pwd)/report.html" >/dev/null
  chrome --screenshot="$out/blank.png" --window-size=1000,700 \
    "data:text/html,<body></body>" >/dev/null
  shot=$(wc -c < "$out/shot.png" 2>/dev/null || echo 0)
  blank=$(wc -c < "$out/blank.png" 2>/dev/null || echo 0)
  # A blank page compresses to almost nothing; the report does not.
  [ "$shot" -gt $((blank * 4)) ] && [ "$shot" -gt 8000 ] ||
    say "the screenshot looks blank ($shot bytes, a blank page $blank)"
fi

if [ ! -f "${CORPUS:-/nonexistent}/power/hardware.log.gz" ]; then
  echo "compare_report: SKIP Power corpus tables: no corpus at '${CORPUS:-}'"
else
  for fmt in latex markdown; do
    "$LITMUSLAB" compare --model "$CORPUS/power/model-herd7.log.gz" \
      --hw power="$CORPUS/power/hardware.log.gz" -o "$out/p$fmt" \
      --table $fmt >/dev/null 2>"$out/p.err"
  done
  tests=$(($(wc -l < "$out/platex/tests.csv") - 1))
  rows=$(grep -c ' \\\\$' "$out/platex/table.tex")
  [ "$rows" = $((tests + 1)) ] || say "table.tex: $rows rows for $tests tests (+ header)"
  mdrows=$(grep -c '^| ' "$out/pmarkdown/table.md")
  [ "$mdrows" = $((tests + 1)) ] || say "table.md: $mdrows rows for $tests tests (+ header)"
  # Totals under the tables against tests.csv's hw_positive and hw_total.
  want=$(awk -F, 'NR > 1 { p += $(NF-2); t += $(NF-1) } END { printf "%.0f/%.0f", p, t }' \
         "$out/platex/tests.csv")
  grep -q "^% total power: $want over $tests tests$" "$out/platex/table.tex" ||
    say "table.tex total is not tests.csv's $want"
  grep -q "^total power: $want over $tests tests$" "$out/pmarkdown/table.md" ||
    say "table.md total is not tests.csv's $want"
  [ -s "$out/platex/report.html" ] || say "no report.html for the Power corpus"
fi
[ $fail = 0 ] && echo "compare_report: ok"
exit $fail
