#!/bin/sh
# readme-figures.sh — the counts README.md and doc/*.md quote, computed
# from the tree (`make readme-figures`): each figure on a line, then, with
# --check, each sentence that quotes one, wherever it is, compared with
# the tree; exit 1 naming every sentence that went stale. So a count cannot go stale silently:
# `make test` runs the check (tests/e2e/readme_figures.sh).
# cwd: the repo root.
count() { ls $1 2>/dev/null | wc -l | tr -d ' '; }
unit=$(count 'tests/unit/test_*.c')
e2e=$(count 'tests/e2e/*.sh')
# the scripts that skip as a whole without ../shared: they `need` a
# corpus file (tests/e2e/lib/corpus.sh)
corpus=$(grep -l 'lib/corpus\.sh' tests/e2e/*.sh | wc -l | tr -d ' ')
x86=$(count 'litmus/x86/*.litmus')
ppc=$(count 'litmus/ppc/*.litmus')
aarch64=$(count 'litmus/aarch64/*.litmus')
arm=$(count 'litmus/arm/*.litmus')
riscv=$(count 'litmus/riscv/*.litmus')
c=$(count 'litmus/c/*.litmus')
c11=$(count 'litmus/c11/*.litmus')
cat <<END
unit test programs (tests/unit/test_*.c)     $unit
end-to-end scripts (tests/e2e/*.sh)           $e2e
scripts that need ../shared/corpus            $corpus
tests in litmus/x86                           $x86
tests in litmus/ppc                           $ppc
tests in litmus/aarch64                       $aarch64
tests in litmus/arm                           $arm
tests in litmus/riscv                         $riscv
tests in litmus/c                             $c
tests in litmus/c11                           $c11
END
[ "$1" = --check ] || exit 0

# Each quote is PREFIX FIGURE SUFFIX. Every place README.md or a page of
# doc/ writes PREFIX, a number, SUFFIX must have the tree's figure (a
# copy on another page goes stale no more than the first), and the
# quote must be somewhere.
stale=0
files="README.md $(ls doc/*.md 2>/dev/null)"
quote() { # PREFIX FIGURE SUFFIX
  found=0
  for f in $files; do
    # the file as one line (sentences run over line breaks), spaces squeezed
    r=$(tr '\n' ' ' < "$f" | tr -s ' ' | awk -v pre="$1" -v fig="$2" -v suf="$3" '
      { t = $0; n = 0
        while ((i = index(t, pre)) > 0) {
          t = substr(t, i + length(pre))
          if (match(t, /^[0-9]+/) && substr(t, RLENGTH + 1, length(suf)) == suf) {
            if (substr(t, 1, RLENGTH) == fig) n++
            else printf "stale %s%s%s\n", pre, substr(t, 1, RLENGTH), suf
          }
        }
        printf "found %d\n", n }')
    case $r in *"found 0"*) ;; *) found=1 ;; esac
    if echo "$r" | grep -q '^stale '; then
      echo "$r" | sed -n "s|^stale \\(.*\\)|$f: stale: '\\1', the tree says '$1$2$3'|p"
      stale=1
    fi
  done
  [ $found = 1 ] || { echo "README.md and doc/: stale, or missing: '$1$2$3'"; stale=1; }
}
quote "The suite is " "$unit" " unit test programs and"
quote "unit test programs and " "$e2e" " end-to-end scripts"
quote "the " "$corpus" " scripts that need the corpus skip as a whole"
quote "the campaign 15-22 s (" "$x86" " tests, each compiled once"
quote "\`litmus/c/\` (" "$c" " tests:"
quote "\`litmus/c11/\` (" "$c11" " tests)"
quote "AArch64 (" "$aarch64" " tests):"
quote "ARM (" "$arm" " tests):"
quote "\`litmus/x86\` (" "$x86" " tests)"
quote "\`litmus/ppc\` (" "$ppc" " tests)"
quote "\`litmus/riscv\` (" "$riscv" " tests)"
[ $stale = 0 ] && echo "README.md and doc/: every figure above is the one it quotes"
exit $stale
