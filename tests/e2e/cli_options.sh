#!/bin/sh
# cli_options.sh — one option parser for every subcommand (cli/opts.c):
# -x and --x alike, --x=value, -jN, k/M/G counts, and one wording for a
# mistake pointing to --help; herd7's and litmus7's options mapped or
# refused with why; an unknown --model lists the models we ship.
# Env: LITMUSLAB. cwd: the repo root. Needs no corpus.
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { echo "cli_options: $*"; fail=1; }
sb=litmus/x86/SB.litmus
# err STATUS LINE CMD...: exit status and the exact (first) stderr line
err() {
  want=$1 line=$2; shift 2
  "$LITMUSLAB" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = "$want" ] || say "$*: exit $rc, expected $want"
  [ "$(head -n 1 "$tmp/err")" = "$line" ] ||
    say "$*: said '$(head -n 1 "$tmp/err")', expected '$line'"
}
# one wording in every subcommand
for c in parse model hwrun compare campaign; do
  err 2 "litmuslab $c: unknown option '--bogus'; see \`litmuslab $c --help\`" $c --bogus $sb
  "$LITMUSLAB" $c --help >"$tmp/out" 2>&1 && grep -q "^usage: litmuslab $c" "$tmp/out" ||
    say "$c --help: no usage"
  "$LITMUSLAB" $c -help >"$tmp/out" 2>&1 && grep -q "^usage: litmuslab $c" "$tmp/out" ||
    say "$c -help: no usage"
done
err 2 "litmuslab model: option '-j' needs a value; see \`litmuslab model --help\`" model $sb -j
err 2 "litmuslab model: -j takes a count from 1 to 1000, not '0'; see \`litmuslab model --help\`" model -j0 $sb
err 2 "litmuslab hwrun: -n takes a count (1000, 2.5k, 2M, 1G), not 'lots'; see \`litmuslab hwrun --help\`" hwrun -n lots $sb
err 2 "litmuslab campaign: -j takes a count from 1 to 999, not '0'; see \`litmuslab campaign --help\`" campaign -j 0 $sb
err 2 "litmuslab model: option '--help' takes no value; see \`litmuslab model --help\`" model --help=yes
# campaign takes -n 2M and -j2 as hwrun and model do (the mistake named
# is the next one)
err 2 "litmuslab campaign: unknown option '--bogus'; see \`litmuslab campaign --help\`" campaign -n 2M -j2 --bogus $sb
# -x, --x and --x=value mean the same
"$LITMUSLAB" model $sb | grep '^Observation' >"$tmp/want"
for args in "--model x86tso.cat" "-model x86tso.cat" "--model=x86tso.cat" \
            "-cat x86tso.cat" "-j2 --timeout=30" "--j 2 -timeout 30"; do
  "$LITMUSLAB" model $args $sb 2>"$tmp/err" | grep '^Observation' >"$tmp/got"
  cmp -s "$tmp/want" "$tmp/got" || say "model $args: $(cat "$tmp/got" "$tmp/err")"
done
[ "$(cat "$tmp/want")" = "Observation SB Sometimes 1 3" ] || say "SB: $(cat "$tmp/want")"
# herd7's `-model sc`: NAME.cat when NAME is not there
"$LITMUSLAB" model -model sc $sb | grep '^Observation' >"$tmp/got"
[ "$(cat "$tmp/got")" = "Observation SB Never 0 3" ] || say "-model sc: $(cat "$tmp/got")"
# herd7's -I/-set-libdir, -conf
mkdir "$tmp/cats"
cp model/cats/sc.cat "$tmp/cats/mysc.cat"
for o in -I -set-libdir --cat-path; do
  "$LITMUSLAB" model $o "$tmp/cats" -model mysc.cat $sb | grep '^Observation' >"$tmp/got"
  [ "$(cat "$tmp/got")" = "Observation SB Never 0 3" ] || say "model $o: $(cat "$tmp/got")"
done
printf '# SC, herd7 style\nmodel sc.cat\n-timeout 20\n' >"$tmp/sc.cfg"
"$LITMUSLAB" model -conf "$tmp/sc.cfg" $sb | grep '^Observation' >"$tmp/got"
[ "$(cat "$tmp/got")" = "Observation SB Never 0 3" ] || say "-conf: $(cat "$tmp/got")"
err 2 "litmuslab model: herd7's -through is not supported: no execution a check rejects is let through; --explain STATE shows them with the check that rejects each; see \`litmuslab model --help\`" model -through all $sb
# an unknown model: what we ship and where we looked
"$LITMUSLAB" model --model tso.cat $sb >/dev/null 2>"$tmp/err"
grep -q "^litmuslab model: cannot find the model 'tso.cat'; models shipped: .*sc.cat x86fences.cat x86tso-64.cat x86tso.cat; searched: .*model/cats the built-in copies and the current directory (-I DIR adds one)$" "$tmp/err" ||
  say "--model tso.cat: $(cat "$tmp/err")"
# parse: -o anywhere, --bogus is an option
err 2 "litmuslab parse: option '-o' needs a value; see \`litmuslab parse --help\`" parse $sb -o
"$LITMUSLAB" parse $sb --o="$tmp" >/dev/null && [ -f "$tmp/SB.litmus" ] || say "parse --o=DIR"
# litmus7's options in hwrun: refused with why (mapped ones in hwrun_forms;
# every one of them, -a and -mach taken with a note, in foreign_options)
err 2 "litmuslab hwrun: litmus7's -hexa is not supported: values are printed in decimal, as herd7's logs; see \`litmuslab hwrun --help\`" hwrun -hexa $sb
err 2 "litmuslab hwrun: -affinity none is not supported (-affinity takes incr, random or scan); see \`litmuslab hwrun --help\`" hwrun -affinity none $sb
err 2 "litmuslab hwrun: -barrier none is not supported (-barrier takes user, userfence, pthread or timebase); see \`litmuslab hwrun --help\`" hwrun -barrier none $sb
# mapped ones: what the run says it did (--emit writes the run script's
# options into nothing, so run for real, briefly, when this is x86-64)
if [ "$(uname -m)" = x86_64 ]; then
  "$LITMUSLAB" hwrun --n=2k -q -s 500 -r 4 -barrier user -affinity incr -st 2 \
    -mem indirect $sb >"$tmp/log" 2>"$tmp/err" || say "hwrun litmus7 options: $(cat "$tmp/err")"
  grep -q '^Run -n 2000 -s 500 -sync barrier -mem shuffle -stride 2$' "$tmp/log" ||
    say "hwrun litmus7 options: $(grep '^Run' "$tmp/log")"
  grep -q '^Placement pack' "$tmp/log" || say "-affinity incr: $(grep '^Placement' "$tmp/log")"
  # --sync as -sync (it was refused), -n2k attached
  "$LITMUSLAB" hwrun -n2k -q --sync=barrier --p random $sb >"$tmp/log" 2>"$tmp/err" ||
    say "hwrun --sync=barrier: $(cat "$tmp/err")"
  grep -q '^Run -n 2000 -s 1000 -sync barrier -mem direct -stride 1$' "$tmp/log" ||
    say "hwrun --sync=barrier: $(grep '^Run' "$tmp/log")"
else
  echo "cli_options: SKIP hwrun's mapped litmus7 options: not an x86-64 machine"
fi
[ $fail = 0 ] && echo "cli_options: ok"
exit $fail
