#!/bin/sh
# robust_labels.sh — a machine's label is one line of text: a newline or a
# control character in `--hw NAME=FILE`, in a log's file name standing for
# its machine, or in a log's `Machine` line is refused at input (a newline
# used to end table.tex's `%` comment, leaving `\input{...}\immediate
# \write18{...}` live, and to break table.md's rows); everything else is
# escaped by each output format: LaTeX, Markdown, HTML/SVG, text.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "robust_labels: $*"; [ -f "$tmp/err" ] && head -5 "$tmp/err"; exit 1; }
model=tests/e2e/data/compare-T.model.log
cmp_() { timeout -k 5 120 "$LITMUSLAB" compare --model "$model" "$@"; }
printf 'Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1; x=1;\nOk\n\n' \
    > "$tmp/ok.log"

# A newline in NAME: refused before anything is read or written.
nl='box
\input{x}\immediate\write18{id}'
cmp_ --hw "$nl=$tmp/ok.log" --table latex -o "$tmp/r" > "$tmp/out" \
    2> "$tmp/err"
[ $? = 2 ] || fail "newline in NAME: want exit 2"
[ "$(cat "$tmp/err")" = "litmuslab compare: --hw NAME=FILE: the name holds a newline; a machine's name is one line of text; see \`litmuslab compare --help\`" ] ||
    fail "newline in NAME: message"
[ -e "$tmp/r" ] && fail "newline in NAME: reports written"
esc=$(printf 'box\033[2J')
cmp_ --hw "$esc=$tmp/ok.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "ESC in NAME: want exit 2"
grep -q "the name holds a control character (0x1b)" "$tmp/err" ||
    fail "ESC in NAME: message"

# A file name with a newline stands for the machine: refused, with how
# to name it.
cp "$tmp/ok.log" "$tmp/a
b.log"
cmp_ --hw "$tmp/a
b.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "newline in the file name: want exit 2"
[ "$(cat "$tmp/err")" = "$tmp/a\x0ab.log: the file's name, which would name its machine, holds a newline; rename it, or give --hw NAME=FILE
litmuslab compare: nothing written to $tmp/r: an input could not be read" ] ||
    fail "newline in the file name: message"
cmp_ --hw "box=$tmp/a
b.log" -o "$tmp/r" > /dev/null 2> "$tmp/err" ||
    fail "a file name with a newline and a NAME: exit $?"

# A `Machine` line with a control character: its entry is refused
# (FILE:LINE:COL), and as it was the only one, exit 2.
{ printf 'Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1; x=1;\n'
  printf 'Ok\nMachine box\033[2J\n\n'; } > "$tmp/m.log"
cmp_ --hw "$tmp/m.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "ESC in Machine: want exit 2"
grep -q "^$tmp/m.log:5:12: control character 0x1b in entry 'T'$" "$tmp/err" ||
    fail "ESC in Machine: message"

# Every other character is escaped by each format.
label='a_b&c<d>|"e#$%^~\f[g]*'"'"
for fmt in latex markdown text; do
    cmp_ --hw "$label=$tmp/ok.log" --table $fmt -o "$tmp/r" > "$tmp/out" \
        2> "$tmp/err" || fail "$fmt: exit $?"
done
want='test & model & a\_b\&c\textless{}d\textgreater{}\textbar{}\textquotedbl{}e\#\$\%\^{}\~{}\textbackslash{}f[g]*'"'"' \\'
[ "$(sed -n 3p "$tmp/r/table.tex")" = "$want" ] ||
    fail "LaTeX head: $(sed -n 3p "$tmp/r/table.tex")"
want='% total a\_b\&c\textless{}d\textgreater{}\textbar{}\textquotedbl{}e\#\$\%\^{}\~{}\textbackslash{}f[g]*'"'"': 1/1 over 1 tests'
[ "$(sed -n 8p "$tmp/r/table.tex")" = "$want" ] ||
    fail "LaTeX total: $(sed -n 8p "$tmp/r/table.tex")"
[ "$(wc -l < "$tmp/r/table.tex")" = 8 ] || fail "LaTeX: lines"
want='| test | model | a\_b\&c\<d\>\|"e\#$%^\~\\f\[g\]\*'"'"' |'
[ "$(sed -n 1p "$tmp/r/table.md")" = "$want" ] ||
    fail "Markdown head: $(sed -n 1p "$tmp/r/table.md")"
[ "$(sed -n 3p "$tmp/r/table.md")" = '| T | Ok | 1/1 |' ] ||
    fail "Markdown row: $(sed -n 3p "$tmp/r/table.md")"
grep -qF "<th>a_b&amp;c&lt;d&gt;|&quot;e#\$%^~\\f[g]*&#39; <small>" \
    "$tmp/r/report.html" || fail "HTML: the machine's column"
grep -qF "<title>T on a_b&amp;c&lt;d&gt;|&quot;e#\$%^~\\f[g]*&#39;: 1 of 1 tests seen</title>" \
    "$tmp/r/report.html" || fail "SVG: the heat map's title"
grep -qF "total $label: 1/1 over 1 tests" "$tmp/r/table.txt" ||
    fail "text: total"
echo "robust_labels: ok"
