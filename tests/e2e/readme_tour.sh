#!/bin/sh
# readme_tour.sh — every command README.md shows is run, and its output
# checked against the output shown (issue 30). The commands are the
# lines `$ ...` of README's ```console blocks; the lines after one, up to
# the next `$ ` or the block's end, are what it prints on stdout. They
# run in order, in one scratch folder holding a link to litmus/, with
# `litmuslab` the binary under test, and each must exit 0.
# Matching: line by line, exact, but for
#  - `...` alone on a line: any lines (up to the next line that matches);
#  - a `Time NAME S` line: any time;
#  - for the commands that run on the hardware (hwrun, compare,
#    campaign): every count, rate, date and duration is a `#`, runs of
#    blanks are one, and this machine's `Machine` description stands for
#    the one shown; a state's values (after `=`) and thread numbers
#    (before `:`) still count. Those commands are skipped, said so, on
#    a machine that is not x86_64 (the tour's tests are x86's).
# The set-up lines (`    make campaign`...) are checked to be targets.
# When an output changes on purpose, the failure prints the new one to
# paste into README (keeping its `...` lines).
# cwd: the repo root.
: "${LITMUSLAB:?}"
set -u
name=readme_tour
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$name: $*"; fail=1; }
readme=${TOUR_README:-README.md}
mkdir -p "$tmp/bin" "$tmp/work" "$tmp/blocks"
ln -s "$LITMUSLAB" "$tmp/bin/litmuslab"
ln -s "$PWD/litmus" "$tmp/work/litmus"
# cut the blocks into N.cmd (the command) and N.exp (its output)
awk -v dir="$tmp/blocks" '
  /^```console$/ { inb = 1; next }
  inb && /^```$/ { inb = 0; next }
  inb && /^\$ / { n++; f = sprintf("%s/%03d", dir, n); print substr($0, 3) > (f ".cmd");
                  close(f ".cmd"); printf "" > (f ".exp"); next }
  inb && n { print >> (f ".exp") }
' "$readme"
n=$(ls "$tmp/blocks" | grep -c '\.cmd$')
[ "$n" -ge 7 ] || bad "only $n commands found in $readme's console blocks"
# the README's machine, from the first Machine line it shows
shown_machine=$(grep -h '^Machine ' "$tmp"/blocks/*.exp | head -n 1 | cut -c9- | sed 's/ *$//')
arch=$(uname -m)
# match EXPECTED ACTUAL LOOSE: exit 0 when they match; the first
# difference on stdout
match() {
  awk -v loose="$3" -v shown="$shown_machine" -v here="$4" '
    function norm(s, fromexp,   out, i, c, p, rest, m) {
      if (s ~ /^Time [^ ]+ [0-9.]+$/) sub(/[0-9.]+$/, "T", s)
      if (!loose) return s
      if (!fromexp && here != "" && shown != "" && here != shown) {
        out = ""
        while ((i = index(s, here)) > 0) {
          out = out substr(s, 1, i - 1) shown; s = substr(s, i + length(here)) }
        s = out s
      }
      gsub(/[0-9]+:[0-9][0-9]/, "#", s)      # durations, times of day
      out = ""
      while (match(s, /[0-9][0-9.]*[kMG%]?/)) {
        p = RSTART > 1 ? substr(s, RSTART - 1, 1) : ""
        rest = substr(s, RSTART + RLENGTH, 1)
        m = substr(s, RSTART, RLENGTH)
        # a value (after =, or in a name) or a thread (0:rax) is kept
        if (p ~ /[=A-Za-z_]/ || (rest == ":" && substr(s, RSTART + RLENGTH + 1, 1) != ">")) out = out substr(s, 1, RSTART - 1) m
        else out = out substr(s, 1, RSTART - 1) "#"
        s = substr(s, RSTART + RLENGTH)
      }
      s = out s
      gsub(/ +/, " ", s); sub(/ $/, "", s)
      gsub(/ [*]>/, "*>", s); gsub(/ :>/, ":>", s)   # histogram columns
      return s
    }
    FNR == 1 { file++ }
    file == 1 { e[++ne] = $0; next }
    { a[++na] = $0 }
    END {
      while (na > 0 && a[na] == "") na--   # the blank line after the last entry
      j = 1
      for (i = 1; i <= ne; i++) {
        if (e[i] == "...") {
          if (i == ne) { j = na + 1; break }
          while (j <= na && norm(a[j], 0) != norm(e[i + 1], 1)) j++
          continue
        }
        if (j > na) { printf "line %d: shown \"%s\", printed nothing more\n", i, e[i]; exit 1 }
        if (norm(a[j], 0) != norm(e[i], 1)) {
          printf "line %d: shown \"%s\", printed \"%s\"\n", i, e[i], a[j]; exit 1 }
        j++
      }
      if (j <= na) { printf "printed more than shown: \"%s\"\n", a[j]; exit 1 }
    }' "$1" "$2"
}
for c in "$tmp"/blocks/*.cmd; do
  b=${c%.cmd}
  cmd=$(cat "$c")
  loose=0
  case $cmd in *hwrun*|*campaign*|*compare*) loose=1;; esac
  if [ $loose = 1 ] && [ "$arch" != x86_64 ]; then
    echo "$name: SKIP '$cmd': the tour runs x86 tests, this is $arch"; continue
  fi
  (cd "$tmp/work" && PATH="$tmp/bin:$PATH" sh -c "$cmd") >"$b.out" 2>"$b.err" ||
    { bad "'$cmd' exits $?: $(head -n 3 "$b.err")"; continue; }
  # this machine's description, from the output or a log the command
  # wrote (campaign: under reports/), its padding dropped
  here=$(grep -h '^Machine ' "$b.out" | head -n 1 | cut -c9- | sed 's/ *$//')
  [ -n "$here" ] || here=$(grep -rh --include='*.log' '^Machine ' "$tmp/work" 2>/dev/null |
                           head -n 1 | cut -c9- | sed 's/ *$//')
  diff=$(match "$b.exp" "$b.out" $loose "$here") || {
    bad "'$cmd': $diff"
    # what it printed, to paste into README when the change is meant
    echo "$name: it printed:"; sed 's/^/    /' "$b.out"
  }
done
# The set-up commands (`    make TARGET` lines) take minutes, run by
# their own checks (install.sh, `make bench-campaign`, the suite itself):
# here each is a target of the Makefile, and `make campaign` runs the
# campaign README says it runs.
for t in $(sed -n 's/^    make \([a-z-]*\)$/\1/p' "$readme"); do
  [ "$t" = test ] && continue   # the suite running this script
  make -n "$t" > "$tmp/make.out" 2>&1 || bad "README shows 'make $t', which is no target: $(tail -n 1 "$tmp/make.out")"
  [ "$t" = campaign ] && ! grep -q 'bin/litmuslab campaign litmus/x86 -o reports/x86$' "$tmp/make.out" &&
    bad "'make campaign' does not run 'litmuslab campaign litmus/x86 -o reports/x86' (README says reports/x86)"
done
grep -q '^    make campaign$' "$readme" || bad "README shows no 'make campaign'"
# README is a front page (issue 30: at most 300 lines), whose links lead
# to files that exist
[ "$(wc -l < "$readme")" -le 300 ] || bad "$readme has $(wc -l < "$readme") lines, more than 300"
for l in $(grep -o '](\([^)#: ]*\)' "$readme" | cut -c3- | sort -u); do
  [ -e "$l" ] || bad "$readme links to $l, which does not exist"
done
# the check itself: a README whose shown output is wrong is caught
if [ -z "${TOUR_README:-}" ]; then
  # model's block alone (quick), one count spoilt
  awk '/^```console$/ { blk = ""; inb = 1 } inb { blk = blk $0 "\n" }
       inb && /^```$/ { inb = 0; if (blk ~ /Observation SB Sometimes 1 3/) printf "%s", blk }' "$readme" |
    sed 's/^Observation SB Sometimes 1 3$/Observation SB Sometimes 2 2/' > "$tmp/README.bad"
  grep -q '^Observation SB Sometimes 2 2$' "$tmp/README.bad" ||
    bad "README shows no 'Observation SB Sometimes 1 3' to spoil"
  TOUR_README="$tmp/README.bad" sh "$0" > "$tmp/bad.out" 2>&1 &&
    bad "a README with a wrong output passed"
  grep -q 'shown "Observation SB Sometimes 2 2", printed "Observation SB Sometimes 1 3"' "$tmp/bad.out" ||
    bad "a wrong output not named: $(cat "$tmp/bad.out")"
fi
[ $fail = 0 ] && echo "$name: ok"
exit $fail
