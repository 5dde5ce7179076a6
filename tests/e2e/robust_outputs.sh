#!/bin/sh
# robust_outputs.sh — issue 32, row 6: an output folder is written as a
# whole. `compare ... --hw box2=typo.log -o DIR`, where DIR holds a good
# report, exits 2 and leaves DIR byte for byte as it was (nor is a
# missing DIR made); a report that cannot take its place (a folder in the
# way) changes nothing either. A link at a report's name is replaced,
# never written through; the user's other files in DIR are kept; no
# temporary folder is left. hwrun --emit follows the same rule, and
# campaign's own reports never write through a link.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "robust_outputs: $*"; exit 1; }
umask 022
model=$PWD/tests/e2e/data/compare-T.model.log
cmp_() { timeout -k 5 120 "$LITMUSLAB" compare "$@"; }
printf 'Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1; x=1;\nOk\n\n' \
    > "$tmp/box1.log"
# nothing but DIR and what the test made may be in $tmp
only() {
    left=$(cd "$tmp" && ls -A | grep -v -x -e box1.log -e before -e victim "$@")
    [ -z "$left" ] || fail "left in $tmp: $left"
}

# A good report, then the typo: exit 2, DIR as it was.
cmp_ --model "$model" --hw box1="$tmp/box1.log" -o "$tmp/r" > /dev/null \
    2> "$tmp/err" || fail "good report: $(cat "$tmp/err")"
rm "$tmp/err"
echo 'my notes' > "$tmp/r/notes.txt"
cp -a "$tmp/r" "$tmp/before"
cmp_ --model "$model" --hw box1="$tmp/box1.log" --hw box2="$tmp/typo.log" \
    -o "$tmp/r" > /dev/null 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || fail "typo: exit $rc, want 2"
want="$tmp/typo.log: cannot open: No such file or directory
litmuslab compare: nothing written to $tmp/r: an input could not be read"
[ "$(cat "$tmp/err")" = "$want" ] || fail "typo: message: $(cat "$tmp/err")"
rm "$tmp/err"
diff -r "$tmp/before" "$tmp/r" > /dev/null || fail "typo: DIR changed: $(diff -r "$tmp/before" "$tmp/r" | head -n 5)"
[ "$(ls -A "$tmp/r" | tr '\n' ' ')" = "notes.txt outcomes.csv report.html summary.csv tests.csv " ] ||
    fail "typo: in DIR: $(ls -A "$tmp/r")"
only -e r

# A missing DIR (nor its parent) is not made when an input is missing.
cmp_ --model "$model" --hw box2="$tmp/typo.log" -o "$tmp/p/new" > /dev/null 2>&1
[ $? = 2 ] || fail "typo, new DIR: want exit 2"
[ -e "$tmp/p" ] && fail "typo, new DIR: made"
only -e r

# A folder where a report goes: exit 2, nothing replaced.
rm "$tmp/r/summary.csv" && mkdir "$tmp/r/summary.csv"
cp "$tmp/box1.log" "$tmp/box3.log"
sed -i 's/^1 /7 /' "$tmp/box3.log"
cmp_ --model "$model" --hw box3="$tmp/box3.log" -o "$tmp/r" > /dev/null \
    2> "$tmp/err"
[ $? = 2 ] || fail "in the way: want exit 2"
want="$tmp/r/summary.csv: cannot replace: a folder is in the way
litmuslab compare: nothing written to $tmp/r: a report could not be written"
[ "$(cat "$tmp/err")" = "$want" ] || fail "in the way: message: $(cat "$tmp/err")"
for f in outcomes.csv tests.csv report.html notes.txt; do
    cmp -s "$tmp/before/$f" "$tmp/r/$f" || fail "in the way: $f changed"
done
rm "$tmp/err" "$tmp/box3.log"
rmdir "$tmp/r/summary.csv"
only -e r

# A link at a report's name: replaced by the report, its target intact;
# the stage a killed compare left (a process that is gone) is removed.
mkdir "$tmp/r/.litmuslab.tmp999999999" && : > "$tmp/r/.litmuslab.tmp999999999/tests.csv"
echo 'precious' > "$tmp/victim"
rm "$tmp/r/outcomes.csv" && ln -s "$tmp/victim" "$tmp/r/outcomes.csv" ||
    fail "link: cannot make it"
cmp_ --model "$model" --hw box1="$tmp/box1.log" -o "$tmp/r" > /dev/null \
    2> "$tmp/err" || fail "link: $(cat "$tmp/err")"
rm "$tmp/err"
[ "$(cat "$tmp/victim")" = precious ] || fail "link: written through"
[ -L "$tmp/r/outcomes.csv" ] && fail "link: still a link"
cmp -s "$tmp/before/outcomes.csv" "$tmp/r/outcomes.csv" ||
    fail "link: outcomes.csv: $(cat "$tmp/r/outcomes.csv")"
[ "$(cat "$tmp/r/notes.txt")" = 'my notes' ] || fail "notes.txt lost"
[ -e "$tmp/r/.litmuslab.tmp999999999" ] && fail "link: a dead stage is left"
only -e r

# A new DIR (and its parent): made as a whole, mode 755 under umask 022.
cmp_ --model "$model" --hw box1="$tmp/box1.log" -o "$tmp/p/new" > /dev/null \
    2> "$tmp/err" || fail "new DIR: $(cat "$tmp/err")"
rm "$tmp/err"
[ "$(stat -c %a "$tmp/p/new")" = 755 ] || fail "new DIR: mode $(stat -c %a "$tmp/p/new")"
[ "$(ls -A "$tmp/p" | tr '\n' ' ')" = "new " ] || fail "beside new DIR: $(ls -A "$tmp/p")"
cmp -s "$tmp/before/tests.csv" "$tmp/p/new/tests.csv" || fail "new DIR: tests.csv"
rm -r "$tmp/p"
# The current folder (no -o).
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && cmp_ --model "$model" --hw box1="$tmp/box1.log") \
    > /dev/null 2> "$tmp/err" || fail "no -o: $(cat "$tmp/err")"
rm "$tmp/err"
[ "$(ls -A "$tmp/cwd" | tr '\n' ' ')" = "outcomes.csv report.html summary.csv tests.csv " ] ||
    fail "no -o: $(ls -A "$tmp/cwd")"
rm -r "$tmp/cwd"

# hwrun --emit --force into a folder whose Makefile is a link: replaced.
mkdir "$tmp/e"
ln -s "$tmp/victim" "$tmp/e/Makefile"
"$LITMUSLAB" hwrun --force --emit "$tmp/e" litmus/x86/SB.litmus 2> "$tmp/err" ||
    fail "emit: $(cat "$tmp/err")"
rm "$tmp/err"
[ "$(cat "$tmp/victim")" = precious ] || fail "emit: written through the link"
[ -L "$tmp/e/Makefile" ] && fail "emit: Makefile still a link"
grep -q '^SRCS := SB.c ' "$tmp/e/Makefile" || fail "emit: Makefile"
[ -f "$tmp/e/SB.c" ] || fail "emit: no SB.c"
rm -r "$tmp/e"
# a new folder: whole, nothing beside it
"$LITMUSLAB" hwrun --emit "$tmp/e" litmus/x86/SB.litmus || fail "emit: new"
[ -f "$tmp/e/SB.c" ] && [ -f "$tmp/e/Makefile" ] || fail "emit: new: $(ls "$tmp/e")"
rm -r "$tmp/e"
only -e r

# campaign: its reports (model.log, campaign.txt) never through a link.
mkdir -p "$tmp/c/t" && cp litmus/x86/SB.litmus "$tmp/c/t/"
mkdir "$tmp/c/out"
ln -s "$tmp/victim" "$tmp/c/out/campaign.txt"
ln -s "$tmp/victim" "$tmp/c/out/model.log"
timeout -k 5 300 "$LITMUSLAB" campaign "$tmp/c/t" -n 1000 -q -o "$tmp/c/out" \
    > /dev/null 2> "$tmp/err" || fail "campaign: exit $?: $(cat "$tmp/err")"
rm "$tmp/err"
[ "$(cat "$tmp/victim")" = precious ] || fail "campaign: written through a link"
[ -L "$tmp/c/out/campaign.txt" ] || [ -L "$tmp/c/out/model.log" ] &&
    fail "campaign: a report is still a link"
grep -q '^Test SB Allowed$' "$tmp/c/out/model.log" || fail "campaign: model.log"
exit 0
