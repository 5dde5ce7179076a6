#!/bin/sh
# campaign_gen.sh — `campaign --gen CONF`: the family is generated into
# DIR/gen, modelled, run on this machine and compared in one command, and
# the summary counts the tests by the relaxation each tests. A bad CONF
# stops it before anything runs, with gen's message.
set -u
case $(uname -m) in
  x86_64) ;;
  *) echo "campaign_gen.sh: SKIP: needs an x86-64 machine to run the tests"; exit 77 ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
printf -- '-arch X86_64\n-relax PodWR\n-safe Fre MFencedWR\n-nprocs 2\n' \
  >"$tmp/sb.conf"
"$LITMUSLAB" campaign --gen "$tmp/sb.conf" -o "$tmp/out" -n 2k -j 1 -q \
  >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" = 0 ] || { echo "campaign --gen: exit $rc"; cat "$tmp/stderr"; fail=1; }
printf '%s\n' "# litmuslab gen -arch X86_64 -safe 'Fre MFencedWR' -relax 'PodWR' -size 6 -nprocs 2" \
  SB.litmus SB+po+mfence.litmus | cmp -s - "$tmp/out/gen/@all" ||
  { echo "campaign --gen: wrong family:"; cat "$tmp/out/gen/@all"; fail=1; }
grep -q "^campaign: --gen $tmp/sb.conf: Generator produced 2 tests\$" \
  "$tmp/stderr" || { echo "campaign --gen: no count line"; cat "$tmp/stderr"; fail=1; }
grep -q '^campaign: 2 tests, 2 runnable here' "$tmp/stderr" ||
  { echo "campaign --gen: tests not run"; cat "$tmp/stderr"; fail=1; }
grep -q '^Tests by relaxation tested' "$tmp/stdout" &&
  grep -Eq '^  PodWR +2 +0 ' "$tmp/stdout" ||
  { echo "campaign --gen: no table by relaxation:"; cat "$tmp/stdout"; fail=1; }
grep -q '^Relax=PodWR$' "$tmp/out/gen/SB.litmus" ||
  { echo "campaign --gen: no Relax= line"; fail=1; }
# a bad configuration: gen's message, nothing run
printf -- '-arch X86_64\n-safe Fre Bogus\n' >"$tmp/bad.conf"
"$LITMUSLAB" campaign --gen "$tmp/bad.conf" -o "$tmp/bad" -q \
  >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" = 2 ] || { echo "campaign --gen bad: exit $rc"; fail=1; }
printf '%s\n' "litmuslab campaign: --gen $tmp/bad.conf: the family could not be generated:" \
  "litmuslab gen: 'Bogus' is not a relaxation of this architecture (see \`litmuslab gen --help\` for the vocabulary)" |
  cmp -s - "$tmp/stderr" || { echo "campaign --gen bad: message:"; cat "$tmp/stderr"; fail=1; }
exit $fail
