#!/bin/sh
# fleet_ssh.sh — `campaign --hosts` against an sshd this test starts on
# 127.0.0.1 (its own host key, port and user key, in a temporary folder;
# stopped at the end). The two hosts are two logins to it, h1 and h2 (ssh
# config aliases). h2 drops out in the middle of a shard: its ssh is
# killed 1 s into its first job and every later login is refused. The
# campaign completes, h2's shard is run again on h1, and the reports equal
# a local run's on the same tests (counts aside). A re-run resumes (no
# shard runs again); Ctrl-C stops the remote jobs and a re-run finishes;
# mistakes in the host file get one line each.
# Env: LITMUSLAB (the program); KEEP=1 keeps the temporary folder and
# the remote work folders (to look at). cwd: the repo root.
: "${LITMUSLAB:?}"
name=fleet_ssh
[ "$(uname -m)" = x86_64 ] || { echo "$name: SKIP: the tests are x86 ones"; exit 77; }
tmp=$(mktemp -d) || exit 1
sshd_pid= pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  sshd_cleanup "$HOME/.litmuslab-fleet"
}
trap cleanup EXIT
fail() { echo "$name: $*"; exit 1; }

. tests/e2e/lib/sshd.sh
sshd_start

# h2's ssh: cut once its first job (GNU parallel's remote wrapper is
# `perl ... GNU_Parallel_worker`) has unpacked its shard and builds it (the
# job's folder, named after the login, has bin/, made since h2.armed);
# refused from then on.
sshd_h2_drops "$HOME/.litmuslab-fleet" "*/*/bin"
printf '# two logins to one sshd\nssh -F %s h1\n%s h2\n' "$tmp/ssh_config" \
  "$tmp/ssh-h2" > "$tmp/hosts"

tests="litmus/x86/SB.litmus litmus/x86/MP.litmus litmus/x86/LB.litmus litmus/x86/2+2W.litmus"
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 20000 -q -o "$tmp/local" >"$tmp/local.out" 2>&1 ||
  { cat "$tmp/local.out"; fail "the local run failed"; }

fleet() { # OUT [ARGS]: the campaign on the two hosts, 1 shard per host
  o=$1; shift
  # shellcheck disable=SC2086
  "$LITMUSLAB" campaign $tests -n 20000 --hosts "$tmp/hosts" --shards 1 \
    -o "$o" "$@" >"$tmp/out" 2>"$tmp/err"
}
remember_id() { # the remote work folder's name, removed at the end
  sed -n 's|.*~/.litmuslab-fleet/\([0-9a-f]*\) on the hosts.*|\1|p' "$tmp/err" >> "$tmp/ids"
}
# The reports without the counts (they differ from run to run).
. tests/e2e/lib/report_strip.sh

# 1. h2 drops out mid-run; its shard is retried on h1.
touch "$tmp/h2.armed"
t0=$(date +%s)
fleet "$tmp/r"; rc=$?
t1=$(date +%s)
remember_id
[ $rc = 0 ] || { cat "$tmp/err" "$tmp/out"; fail "the fleet run exited $rc"; }
[ -e "$tmp/h2.down" ] || fail "h2 was never cut (no job of its ran)"
grep -q '^fleet: 2 of 2 hosts answered, 1 class, 2 shards' "$tmp/err" ||
  fail "start line: $(grep '^fleet' "$tmp/err" | head -n 1)"
grep -q '^    lost during the run: h2 (does not answer now; a shard it had is retried on another host of its class)$' "$tmp/out" ||
  { cat "$tmp/out"; fail "h2 not reported lost"; }
grep -q '^  fleet: 2 hosts of .* (2 answered), 1 class, 2 shards, 0 missing;' "$tmp/out" ||
  fail "shards missing: $(grep fleet: "$tmp/out")"
# h2's shard: its folder stays there (a host that dropped out cleans
# nothing), nothing runs in it any more, and h1 brought its log back
id=$(tail -n 1 "$tmp/ids")
left=$(cd "$HOME/.litmuslab-fleet/$id" 2>/dev/null && ls -d run-*/*/* 2>/dev/null)
[ "$(echo "$left" | grep -c .)" = 1 ] || fail "h2's unfinished shard: '$left'"
shard=${left#run-*/}
grep -q "	ssh -F $tmp/ssh_config h1	.*	0	0	sh job.sh $shard\$" "$tmp/r/fleet/joblog" ||
  { cat "$tmp/r/fleet/joblog"; fail "$shard was not finished by h1"; }
[ -s "$tmp/r/fleet/$shard.log" ] || fail "$shard's log did not come back"
for p in /proc/[0-9]*; do readlink "$p/cwd"; done 2>/dev/null |
  grep -q "/.litmuslab-fleet/$id/" && fail "a job of h2 still runs"
[ "$(grep -c '^Test ' "$tmp/r/fleet/"*.log | tail -n 1 | cut -d: -f2)" = 4 ] ||
  fail "the merged log lacks tests: $(ls "$tmp/r/fleet")"
report_strip "$tmp/local" > "$tmp/local.txt"
report_strip "$tmp/r" > "$tmp/fleet.txt"
diff "$tmp/local.txt" "$tmp/fleet.txt" > "$tmp/diff" ||
  { cat "$tmp/diff"; fail "the fleet's report differs from the local run's"; }
echo "$name: h2 cut in $shard; the campaign took $((t1 - t0)) s"

# 2. The same command again: every shard is back, none runs again.
lines=$(wc -l < "$tmp/r/fleet/joblog")
rm -f "$tmp/h2.down" "$tmp/h2.armed"
fleet "$tmp/r"; rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "the re-run exited $rc"; }
[ "$(wc -l < "$tmp/r/fleet/joblog")" = "$lines" ] || fail "the re-run ran shards again"
grep -q 'shards 2/2 done, 0 left' "$tmp/err" || fail "re-run progress: $(grep '^fleet:' "$tmp/err")"
report_strip "$tmp/r" | diff "$tmp/local.txt" - >/dev/null || fail "the re-run's report differs"

# 3. Ctrl-C stops the remote jobs (exit 130); the same command then
# finishes the campaign.
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 200k --hosts "$tmp/hosts" --shards 1 \
  -o "$tmp/c" >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
until grep -q 'on the hosts' "$tmp/err" 2>/dev/null && id=$(sed -n 's|.*~/.litmuslab-fleet/\([0-9a-f]*\) on the hosts.*|\1|p' "$tmp/err") &&
      ls -d "$HOME/.litmuslab-fleet/$id"/run-*/*/*/bin/* >/dev/null 2>&1; do
  [ $i -lt 600 ] && kill -0 "$pid" 2>/dev/null || break
  sleep 0.1; i=$((i+1))
done
echo "$id" >> "$tmp/ids"
kill -INT "$pid"
wait "$pid"; rc=$?; pid=
[ $rc = 130 ] || { cat "$tmp/err"; fail "Ctrl-C: exit $rc, not 130"; }
grep -q '^fleet: stopped; shards back so far are kept in' "$tmp/err" || fail "no stop message: $(tail -n 2 "$tmp/err")"
sleep 1
for p in /proc/[0-9]*; do readlink "$p/cwd"; done 2>/dev/null |
  grep -q "/.litmuslab-fleet/$id/" && fail "a remote job still runs after Ctrl-C"
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 200k --hosts "$tmp/hosts" --shards 1 \
  -o "$tmp/c" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "the run after Ctrl-C failed"; }
grep -q ', 2 shards, 0 missing;' "$tmp/out" || fail "after Ctrl-C: $(grep fleet: "$tmp/out")"

# 4. A class whose every host drops out: its shard is reported missing
# (with its tests and its last try), and the campaign exits 2.
rm -f "$tmp/h2.down"; sleep 1; touch "$tmp/h2.armed"
grep ' h2$' "$tmp/hosts" > "$tmp/hosts2"   # not h1's line, whose mktemp folder may spell h2
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 20000 --hosts "$tmp/hosts2" -o "$tmp/m" >"$tmp/out" 2>"$tmp/err"
rc=$?
sed -n 's|.*~/.litmuslab-fleet/\([0-9a-f]*\) on the hosts.*|\1|p' "$tmp/err" >> "$tmp/ids"
[ $rc = 2 ] || { cat "$tmp/err"; fail "all hosts lost: exit $rc, not 2"; }
grep -q '^  fleet: 1 hosts of .* (1 answered), 1 class, 4 shards, 4 missing;' "$tmp/out" ||
  fail "all hosts lost: $(grep 'fleet:' "$tmp/out")"
grep -q '^    missing: x86_64-[^ ]*/s01 (1 test: 2+2W), exit 255 on h2 at its last try$' "$tmp/out" ||
  fail "missing shard: $(grep missing: "$tmp/out")"

# 5. The host file's mistakes, one line each, before any ssh.
bad() { # EXPECTED LINE... : the host file, then the message
  expected=$1; shift
  printf '%s\n' "$@" > "$tmp/bad"
  "$LITMUSLAB" campaign litmus/x86/SB.litmus --hosts "$tmp/bad" -o "$tmp/b" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] && [ "$(cat "$tmp/err")" = "$expected" ] ||
    fail "host file '$*': exit $rc, said '$(cat "$tmp/err")', not '$expected'"
}
bad "$tmp/bad:3: host 'a@b' given twice (line 1)" a@b '# c' a@b
bad "$tmp/bad:1: \`:\` (this machine) runs no shard: give it as an ssh login (localhost), or run the campaign without --hosts" ':'
bad "$tmp/bad:2: a host group is @NAME/ before the login (NAME: letters, digits, . _ = -)" x '@a+b/y'
bad "$tmp/bad:1: no ssh login" '4/'
bad "$tmp/bad: no hosts (one ssh login a line, as GNU parallel's --sshloginfile)" '# none'
"$LITMUSLAB" campaign litmus/x86/SB.litmus --hosts "$tmp/hosts" --target ppc64 -o "$tmp/b" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "litmuslab campaign: --hosts asks each host its machine: no --target" ] ||
  fail "--hosts --target: $(cat "$tmp/err")"
echo "$name: ok"
