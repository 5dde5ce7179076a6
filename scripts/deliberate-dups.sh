#!/bin/sh
# deliberate-dups.sh — issue 30's rule on repeated code: `duplicates` (the
# tool library's command, not a Debian package) may list no pair in lib/,
# model/, hwrun/, compare/ and campaign/ other than boilerplate, unless the
# pair is named as deliberate; pairs between two of those folders count
# too. The tool reads no comments, so the naming is
# ours: a comment `deliberate likeness: OTHER SIDE, why` in one of the two
# files, inside the run or at most 40 lines above its first line (above a
# table, say). Prints each pair without one; exit 1 if any, 77 without the
# command. Run from the top of the tree: sh scripts/deliberate-dups.sh
command -v duplicates >/dev/null 2>&1 || { echo "deliberate-dups: no duplicates command here" >&2; exit 77; }
bad=0
stages='lib model hwrun compare campaign'
# each folder alone, then the whole tree for the pairs between two of them
# (a stage that repeats another's code, or lib/'s); `.` last
for dir in $stages .; do
  rows=$(cd "$dir" && duplicates --most 200 --seconds 120) || exit 2
  case $rows in *incomplete:*) echo "deliberate-dups: $dir: $rows" >&2; exit 2;; esac
  # rows are listed boilerplate last: a list cut short must end in one
  case $rows in *"more pairs)"*)
    printf '%s\n' "$rows" | grep '^D[0-9]' | tail -n 1 | grep -q ' boilerplate$' ||
      { echo "deliberate-dups: $dir: more pairs than listed" >&2; exit 2; };;
  esac
  # D1 a.c:10-24 ~ b.c:40-54 [shape] [boilerplate] ...
  printf '%s\n' "$rows" | grep '^D[0-9]' | grep -v ' boilerplate' |
  while read -r _ a _ b _; do
    if [ "$dir" = . ]; then   # only pairs between two of the folders
      da=${a%%/*} db=${b%%/*}
      [ "$da" != "$db" ] || continue
      case " $stages " in *" $da "*) ;; *) continue;; esac
      case " $stages " in *" $db "*) ;; *) continue;; esac
    fi
    named=no
    for side in "$a" "$b"; do
      f=$dir/${side%%:*}; r=${side#*:}; lo=${r%-*}; hi=${r#*-}
      from=$((lo > 40 ? lo - 40 : 1))
      sed -n "${from},${hi}p" "$f" | grep -q 'deliberate likeness' && named=yes
    done
    [ $named = yes ] || echo "$dir: $a ~ $b: not named as deliberate"
  done
done > "${TMPDIR:-/tmp}/deliberate-dups.$$"
if [ -s "${TMPDIR:-/tmp}/deliberate-dups.$$" ]; then
  cat "${TMPDIR:-/tmp}/deliberate-dups.$$"; bad=1
fi
rm -f "${TMPDIR:-/tmp}/deliberate-dups.$$"
exit $bad
