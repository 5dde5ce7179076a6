#!/bin/sh
# foreign_options.sh — each of herd7's and litmus7's options (issue 29,
# item 6) is taken, taken with a note, or refused saying why, as the
# table `model --herd7-options` / `hwrun --litmus7-options` prints says;
# the tables name every option of herd7 7.58 and litmus7 7.58 (their
# -help, kept in tests/e2e/data/*-options.txt, and checked against the
# tools themselves when ../shared/tools is there); the man page's table is
# the same. Then the issue's cases: litmus7's -a N and -mach taken with a
# one-line note; herd7's -o DIR writes DIR/TEST.dot per test, as herd7.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "foreign_options: $*"; exit 1; }
sb=litmus/x86/SB.litmus
mkdir "$tmp/d"; : >"$tmp/file"; : >"$tmp/file.bell"

# CMD TOOL TABLE-OPTION: run every row of the table
check_tool() {
  cmd=$1 tool=$2
  "$LITMUSLAB" $cmd --$tool-options >"$tmp/$tool.table" || fail "$cmd --$tool-options"
  # every option of the tool, and no other
  cut -f1 "$tmp/$tool.table" | sort >"$tmp/ours"
  sort tests/e2e/data/$tool-options.txt >"$tmp/theirs"
  cmp -s "$tmp/ours" "$tmp/theirs" || fail "$tool: table vs its -help: $(diff "$tmp/theirs" "$tmp/ours")"
  n=0
  while IFS="$(printf '\t')" read -r opt kind sample what; do
    n=$((n + 1))
    case $sample in
      -) set -- "$opt" ;;
      DIR) set -- "$opt" "$tmp/d" ;;
      FILE) if [ "$opt" = -bell ]; then set -- "$opt" "$tmp/file.bell"
            else set -- "$opt" "$tmp/file"; fi ;;
      *) set -- "$opt" "$sample" ;;
    esac
    if [ "$opt" = -help ]; then args=; else args=$sb; fi
    [ $cmd = hwrun ] && [ "$opt" != -help ] && args="--check $sb"
    "$LITMUSLAB" $cmd "$@" $args >"$tmp/out" 2>"$tmp/err"; rc=$?
    case $kind in
      taken)
        [ $rc = 0 ] || fail "$cmd $*: taken, but exit $rc: $(cat "$tmp/err")"
        grep -q "note: $tool's\|not supported\|unknown option" "$tmp/err" &&
          fail "$cmd $*: taken, but: $(cat "$tmp/err")" ;;
      note)
        [ $rc = 0 ] || fail "$cmd $*: a note, but exit $rc: $(cat "$tmp/err")"
        [ "$(cat "$tmp/err")" = "litmuslab $cmd: note: $tool's $opt: $what" ] ||
          fail "$cmd $*: note: $(cat "$tmp/err")" ;;
      refused)
        [ $rc = 2 ] || fail "$cmd $*: refused, but exit $rc"
        [ "$(cat "$tmp/err")" = "litmuslab $cmd: $tool's $opt is not supported: $what; see \`litmuslab $cmd --help\`" ] ||
          fail "$cmd $*: refusal: $(cat "$tmp/err")" ;;
      *) fail "$tool: $opt: kind '$kind'" ;;
    esac
  done <"$tmp/$tool.table"
  echo "$n"
}
nh=$(check_tool model herd7) || { echo "$nh"; exit 1; }
nl=$(check_tool hwrun litmus7) || { echo "$nl"; exit 1; }

# the tools' own -help, when they are here
tools=${CORPUS:-/nonexistent}/../tools/herdtools7
if [ -x "$tools/herd7" ] && [ -x "$tools/litmus7" ]; then
  for t in herd7 litmus7; do
    "$tools/$t" -help 2>&1 | sed -n 's/^  \(-[A-Za-z0-9_-]*\).*/\1/p' |
      grep -v '^--help$' | sort -u >"$tmp/help"
    sort -u tests/e2e/data/$t-options.txt | cmp -s - "$tmp/help" ||
      fail "tests/e2e/data/$t-options.txt is not $t -help's: $(sort tests/e2e/data/$t-options.txt | diff - "$tmp/help")"
  done
else
  echo "foreign_options: SKIP the tools' own -help: no ../shared/tools/herdtools7"
fi

# the man page's table: the same rows (option, kind, what)
sed -n '/^\.TS/,/^\.TE/p' doc/litmuslab.1 | grep -v '^\.T[SE]$\|^tab\|^l l\|^_$\|^tool|' |
  tr -d '\n' | sed 's/T{//g; s/T}/\n/g' | sed 's/\\-/-/g; s/\\(aq/'"'"'/g; s/\\e/\\/g' >"$tmp/man"
{ sed 's/^/herd7|/' "$tmp/herd7.table"; sed 's/^/litmus7|/' "$tmp/litmus7.table"; } |
  awk -F'\t' '{print $1 "|" $2 "|" $4}' >"$tmp/want"
cmp -s "$tmp/want" "$tmp/man" || fail "man page's table: $(diff "$tmp/want" "$tmp/man" | head -n 10)"

# the issue's cases
"$LITMUSLAB" hwrun -a 4 -mach x86 --check $sb >"$tmp/out" 2>"$tmp/err" ||
  fail "-a 4 -mach: exit $?"
[ "$(wc -l <"$tmp/err")" = 2 ] || fail "-a -mach: $(cat "$tmp/err")"
rm -rf "$tmp/o"
"$LITMUSLAB" model -o "$tmp/o" $sb litmus/x86/MP.litmus >/dev/null 2>"$tmp/err" ||
  fail "-o DIR: exit $?: $(cat "$tmp/err")"
[ "$(ls "$tmp/o" | tr '\n' ' ')" = "MP.dot SB.dot " ] || fail "-o DIR: $(ls "$tmp/o")"
[ ! -s "$tmp/o/SB.dot" ] || fail "-o DIR without -show: not empty, unlike herd7's"
"$LITMUSLAB" model -o "$tmp/o" -show prop -suffix +p $sb >/dev/null 2>"$tmp/err" ||
  fail "-o DIR -show prop: exit $?"
[ -s "$tmp/err" ] && fail "-o DIR -show prop: $(cat "$tmp/err")"
[ "$(grep -c '^digraph "SB"' "$tmp/o/SB+p.dot")" = 1 ] || fail "-show prop: $(head -n 3 "$tmp/o/SB+p.dot")"
"$LITMUSLAB" model -o "$tmp/o" -show all $sb >/dev/null 2>&1
[ "$(grep -c '^digraph "SB"' "$tmp/o/SB.dot")" = 4 ] || fail "-show all: $(grep -c digraph "$tmp/o/SB.dot")"
echo "foreign_options: ok ($nh herd7 options, $nl litmus7 options)"
