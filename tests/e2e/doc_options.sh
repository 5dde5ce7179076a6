#!/bin/sh
# doc_options.sh — the three places that list a subcommand's options say
# the same (issue 30): the Options table of doc/<subcommand>.md, the
# subcommand's --help and its section of the man page (doc/litmuslab.1).
# Every option of the table is named by --help and by the man section,
# and every option --help or the man section names is in the table.
# A name that is there but is no option of this subcommand (`uname -m`,
# GNU parallel's --sshloginfile, gen's options in campaign's --gen) is
# listed below with why; anything else missing fails, naming the place.
# cwd: the repo root.
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "doc_options: $*"; fail=1; }
# option names in text: a dash or two and a letter, after the start of
# a line, a blank, a bracket, a quote, a comma, `/` or `|`; not the
# `-x or --x` of the sentence on how options are written, nor a
# one-letter option glued to its value (-j4, -n2M)
names() {
  grep -o -- "\(^\|[[ (\`'\",/|]\)--*[A-Za-z][A-Za-z0-9_-]*" | sed 's/^[^-]*//' |
    grep -v -- '^--*x$' | grep -v -- '^-[a-z][0-9]' | sort -u
}
# what the help or the man page names that is not an option of COMMAND
not_options() {
  case $1 in
    model) echo "-m";;                 # `uname -m`
    hwrun) echo "-hexa";;              # litmus7's, refused: --litmus7-options
    campaign) echo "-m --targets -arch -safe -relax -nprocs -conf";;
      # uname -m, hwrun's --targets, gen's options (--gen CONF)
  esac
  echo "--sshloginfile"                # GNU parallel's option, named
}
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' doc/litmuslab.1 > "$tmp/man"
for c in parse model hwrun compare campaign gen; do
  page=doc/$c.md
  [ -f "$page" ] || { bad "no $page"; continue; }
  # the table: rows of the `## Options` section, first cell
  awk '/^## /{on=($0=="## Options")} on && /^\| `/' "$page" |
    sed 's/\\|/ /g' | cut -d'|' -f2 | names > "$tmp/doc"
  [ -s "$tmp/doc" ] || { bad "$page has no Options table"; continue; }
  "$LITMUSLAB" $c --help > "$tmp/helptext" || bad "$c --help failed"
  names < "$tmp/helptext" > "$tmp/help.all"
  C=$(echo $c | tr a-z A-Z)
  awk -v s="$C" '/^\.SH /{on=($2==s)} on' "$tmp/man" > "$tmp/mantext"
  [ -s "$tmp/mantext" ] || bad "the man page has no section $C"
  names < "$tmp/mantext" > "$tmp/man.all"
  not_options $c | tr ' ' '\n' | sort -u > "$tmp/skip"
  comm -23 "$tmp/help.all" "$tmp/skip" > "$tmp/help"
  comm -23 "$tmp/man.all" "$tmp/skip" > "$tmp/manopts"
  for o in $(comm -23 "$tmp/doc" "$tmp/help"); do bad "$page's $o is not in '$c --help'"; done
  for o in $(comm -23 "$tmp/doc" "$tmp/manopts"); do bad "$page's $o is not in the man page's $C"; done
  for o in $(comm -13 "$tmp/doc" "$tmp/help"); do bad "'$c --help' names $o, $page's Options do not"; done
  for o in $(comm -13 "$tmp/doc" "$tmp/manopts"); do bad "the man page's $C names $o, $page's Options do not"; done
done
# the check itself: an option dropped from a table is caught
not_options hwrun | tr ' ' '\n' | sort -u > "$tmp/skip"
sed '/^| `-q` |/d' doc/hwrun.md > "$tmp/hwrun.md"
awk '/^## /{on=($0=="## Options")} on && /^\| `/' "$tmp/hwrun.md" | cut -d'|' -f2 | names > "$tmp/doc"
"$LITMUSLAB" hwrun --help | names | comm -23 - "$tmp/skip" > "$tmp/help"
comm -13 "$tmp/doc" "$tmp/help" | grep -qx -- -q || bad "a table without -q was not caught"
[ $fail = 0 ] && echo "doc_options: ok"
exit $fail
