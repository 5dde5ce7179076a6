#!/bin/sh
# model_hosts.sh — `model --hosts` against the private sshd of
# tests/e2e/lib/sshd.sh (logins to it: h1 and h2; h3, which says it is
# another machine and runs the litmuslab of its PATH; and a fourth host
# that does not answer: said and left out). 20 tests (16 of litmus/ and,
# through an @list, 4 times a test that takes about half a second, so
# that each shard runs a while) give the same log, byte for byte (Time
# lines aside), and the same stderr and exit status, as a local
# `litmuslab model` of the same arguments. Then h2 drops out in the
# middle of its first shard (its ssh killed once the shard is unpacked
# there, every later login refused): the shard is run again on h1 and
# the log is still the same. When the only host drops out, the shard is
# said missing, and the same command resumes once it is back. h3 without
# a litmuslab in its PATH is left out, said so. Mistakes in the host
# file get one line each.
# Env: LITMUSLAB (the program); KEEP=1 keeps the temporary folder.
# cwd: the repo root.
: "${LITMUSLAB:?}"
name=model_hosts
tmp=$(mktemp -d) || exit 1
sshd_pid=
cleanup() { sshd_cleanup "$HOME/.litmuslab-model"; }
trap cleanup EXIT
fail() { echo "$name: $*"; exit 1; }
export XDG_CACHE_HOME="$tmp/cache"   # the local work folders

. tests/e2e/lib/sshd.sh
sshd_start

# h2's ssh: once armed, cut as soon as its job has unpacked a shard (the
# job's folder, named after the login, has args, made since h2.armed),
# and refused from then on.
sshd_h2_drops "$HOME/.litmuslab-model" "*/args"
printf '# two logins to one sshd\nssh -F %s h1\n4/%s h2\n' "$tmp/ssh_config" \
  "$tmp/ssh-h2" > "$tmp/hosts"
{ cat "$tmp/hosts"; echo "ssh -o HostName=127.0.0.1 -p 1 down"; } > "$tmp/hosts3"

# The slow test, in a list beside it (read relative to the list).
mkdir "$tmp/slow"
cat > "$tmp/slow/SLOW.litmus" <<'EOF'
X86 SLOW
"About half a second to model: model_hosts.sh cuts a host in it"
{ x=0; y=0; }
 P0          | P1          | P2          | P3          ;
 MOV [x],$1  | MOV [x],$2  | MOV EAX,[x] | MOV EAX,[y] ;
 MOV [y],$1  | MOV [y],$2  | MOV EBX,[y] | MOV EBX,[x] ;
 MOV [x],$3  | MOV [y],$3  | MOV ECX,[x] | MOV ECX,[y] ;
             | MOV [x],$4  | MOV EDX,[y] | MOV EDX,[x] ;
exists (2:EAX=1 /\ 3:EAX=2)
EOF
echo 'SLOW.litmus   # one test' > "$tmp/slow/list"
set --
for t in litmus/x86/SB.litmus litmus/x86/MP.litmus litmus/aarch64/MP.litmus \
         litmus/aarch64/LB+addrs.litmus litmus/ppc/SB.litmus litmus/ppc/MP.litmus \
         litmus/riscv/SB.litmus litmus/riscv/MP.litmus litmus/x86/LB.litmus \
         litmus/x86/2+2W.litmus litmus/aarch64/IRIW.litmus litmus/aarch64/CoRR.litmus \
         litmus/c/IRIW+once.litmus litmus/x86/IRIW.litmus litmus/ppc/LB.litmus litmus/riscv/LB.litmus; do
  [ -f "$t" ] || fail "$t: missing (the test's list is out of date)"
  set -- "$@" "$t"
  [ $(( $# % 5 )) = 4 ] && set -- "$@" "@$tmp/slow/list"
done
[ $# = 20 ] || fail "$# arguments, not 20"

"$LITMUSLAB" model "$@" >"$tmp/local.out" 2>"$tmp/local.err"; lrc=$?
[ "$(grep -c '^Test ' "$tmp/local.out")" = 20 ] || fail "the local run: $(grep -c '^Test ' "$tmp/local.out") tests"
grep -v '^Time ' "$tmp/local.out" > "$tmp/local.log"

remember_id() { # the remote work folder's name, removed at the end
  sed -n 's|.*~/.litmuslab-model/\([0-9a-f]*\) on the hosts.*|\1|p' "$tmp/err" >> "$tmp/ids"
}
same() { # OUT: its log, stderr and status are the local run's
  [ "$2" = "$lrc" ] || { cat "$tmp/$1.err"; fail "$1: exit $2, not $lrc"; }
  grep -v '^Time ' "$tmp/$1.out" | cmp -s - "$tmp/local.log" ||
    { grep -v '^Time ' "$tmp/$1.out" | diff "$tmp/local.log" - | head -20; fail "$1: the log differs from the local run's"; }
  grep -v -e '^model --hosts: ' -e '^litmuslab model: host down ' "$tmp/$1.err" | cmp -s - "$tmp/local.err" ||
    { cat "$tmp/$1.err"; fail "$1: stderr differs from the local run's"; }
}

# h3 says it is another machine (a fake uname first in its PATH) and has
# a litmuslab of its own there (this one): it runs that one.
mkdir "$tmp/fake"
printf '#!/bin/sh\n[ "$1" = -m ] && { echo sparc64; exit 0; }\nexec %s "$@"\n' "$(command -v uname)" > "$tmp/fake/uname"
printf '#!/bin/sh\nexec %s "$@"\n' "$LITMUSLAB" > "$tmp/fake/litmuslab"
chmod +x "$tmp/fake/uname" "$tmp/fake/litmuslab"
h3=
if [ "$(ssh -F "$tmp/ssh_config" h3 'uname -m; command -v litmuslab')" = "sparc64
$tmp/fake/litmuslab" ]; then
  h3=1
  printf 'ssh -F %s h3\n' "$tmp/ssh_config" >> "$tmp/hosts3"
  expected="3 of 4 hosts: h1 (this program), h2 (this program), h3 ($tmp/fake/litmuslab)" shards=3
else
  echo "$name: SKIP h3's part: its PATH does not start with $tmp/fake (sshd's SetEnv)"
  expected="2 of 3 hosts: h1 (this program), h2 (this program)" shards=2
fi

# 1. h1, h2 and h3 up, a fourth host down.
t0=$(date +%s)
"$LITMUSLAB" model --hosts "$tmp/hosts3" "$@" >"$tmp/r1.out" 2>"$tmp/err"; rc=$?
t1=$(date +%s)
cp "$tmp/err" "$tmp/r1.err"; remember_id
same r1 $rc
[ "$(head -n 1 "$tmp/err")" = "litmuslab model: host down did not answer (ssh: connect to host 127.0.0.1 port 1: Connection refused): left out" ] ||
  fail "the host down: $(head -n 1 "$tmp/err")"
grep -qx "model --hosts: $expected" "$tmp/err" ||
  fail "hosts line: $(sed -n 2p "$tmp/err")"
grep -q "^model --hosts: 20 tests in $shards shards (GNU parallel; work in $tmp/cache/litmuslab/model-hosts/[0-9a-f]*, and in ~/.litmuslab-model/[0-9a-f]* on the hosts)\$" "$tmp/err" ||
  fail "shards line: $(sed -n 3p "$tmp/err")"
[ -z "$(ls "$tmp/cache/litmuslab/model-hosts")" ] || fail "the local work folder is left"
id=$(tail -n 1 "$tmp/ids")
[ -z "$(ls -A "$HOME/.litmuslab-model/$id" 2>/dev/null)" ] ||
  fail "left on the hosts: $(ls -A "$HOME/.litmuslab-model/$id")"
echo "$name: $shards hosts: $((t1 - t0)) s, same log as the local run"

# 2. h2 drops out in the middle of its first shard. On a quiet machine
# GNU parallel may hand every shard to h1 before h2's login is up: here
# h1's worker logins wait 3 s, so that h2 surely takes one; up to three
# runs all the same.
cat > "$tmp/ssh-h1slow" <<EOF
#!/bin/sh
case "\$*" in *GNU_Parallel_worker*) sleep 3 ;; esac
exec ssh -F $tmp/ssh_config "\$@"
EOF
chmod +x "$tmp/ssh-h1slow"
printf '%s h1\n4/%s h2\n' "$tmp/ssh-h1slow" "$tmp/ssh-h2" > "$tmp/hosts2"
for try in 1 2 3; do
  touch "$tmp/h2.armed"
  "$LITMUSLAB" model --hosts "$tmp/hosts2" -j 1 "$@" >"$tmp/r2.out" 2>"$tmp/err"; rc=$?
  t2=$(date +%s)
  cp "$tmp/err" "$tmp/r2.err"; remember_id
  [ -e "$tmp/h2.down" ] && break
  same r2 $rc   # a run without the cut still gives the local log
done
[ -e "$tmp/h2.down" ] || fail "h2 was never cut in 3 runs (no job of its ran)"
same r2 $rc
id=$(tail -n 1 "$tmp/ids")
left=$(cd "$HOME/.litmuslab-model/$id" 2>/dev/null && ls -d run-*/s* 2>/dev/null | grep -v '\.')
[ "$(echo "$left" | grep -c .)" = 1 ] || fail "h2's unfinished shard: '$left'"
shard=${left#run-*/}
echo "$name: h2 cut in $shard, run again on h1: $((t2 - t1)) s, same log"

# 3. The only host drops out: the shard is said missing (exit 2, the
# work kept); once the host is back, the same command goes on from there.
rm -f "$tmp/h2.down"; sleep 1; touch "$tmp/h2.armed"
grep h2 "$tmp/hosts" > "$tmp/hosts2"
two="litmus/x86/SB.litmus $tmp/slow/SLOW.litmus"   # slow: cut in it
# shellcheck disable=SC2086
"$LITMUSLAB" model $two | grep -v '^Time ' > "$tmp/two.log"
# shellcheck disable=SC2086
"$LITMUSLAB" model --hosts "$tmp/hosts2" $two >"$tmp/out" 2>"$tmp/err"; rc=$?
remember_id
work=$(ls -d "$tmp/cache/litmuslab/model-hosts/"*)
[ $rc = 2 ] && [ ! -s "$tmp/out" ] || { cat "$tmp/err"; fail "h2 lost: exit $rc, not 2"; }
[ "$(grep -v '^model --hosts: ' "$tmp/err")" = "litmuslab model: shard s0001 (2 tests: litmus/x86/SB.litmus .. $tmp/slow/SLOW.litmus) did not come back from the hosts (GNU parallel's joblog and stderr: $work/joblog, parallel.err)
litmuslab model: 1 of 1 shards missing; those back are kept in $work: run the same command again to go on" ] ||
  fail "h2 lost: $(cat "$tmp/err")"
rm -f "$tmp/h2.down" "$tmp/h2.armed"
# shellcheck disable=SC2086
"$LITMUSLAB" model --hosts "$tmp/hosts2" $two >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "resumed: exit $rc"; }
grep -v '^Time ' "$tmp/out" | cmp -s - "$tmp/two.log" || fail "resumed: the log differs"
[ ! -e "$work" ] || fail "the resumed run left its work folder"

# 4. h3 without a litmuslab in its PATH is left out, said so.
if [ -n "$h3" ]; then
  mv "$tmp/fake/litmuslab" "$tmp/fake/off"
  printf 'ssh -F %s h3\n' "$tmp/ssh_config" > "$tmp/hosts4"
  "$LITMUSLAB" model --hosts "$tmp/hosts4" litmus/x86/SB.litmus >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc = 2 ] && [ "$(cat "$tmp/err")" = "litmuslab model: host h3 is sparc64, not $(uname -m) as this machine, and has no litmuslab in its PATH: left out (install litmuslab there)
litmuslab model: no host of $tmp/hosts4 can model" ] || fail "h3 without litmuslab: exit $rc, $(cat "$tmp/err")"
fi

# 5. Mistakes, one line each, before any ssh.
bad() { # EXPECTED LINE... : the host file, then the message
  expected=$1; shift
  printf '%s\n' "$@" > "$tmp/bad"
  "$LITMUSLAB" model litmus/x86/SB.litmus --hosts "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] && [ "$(cat "$tmp/err")" = "$expected" ] ||
    fail "host file '$*': exit $rc, said '$(cat "$tmp/err")', not '$expected'"
}
bad "$tmp/bad:3: host 'a@b' given twice (line 1)" a@b '# c' a@b
bad "$tmp/bad:1: \`:\` (this machine) runs no shard: give it as an ssh login (localhost), or run the model without --hosts" ':'
bad "$tmp/bad: no hosts (one ssh login a line, as GNU parallel's --sshloginfile)" '# none'
echo 'hosts x' > "$tmp/c.conf"
"$LITMUSLAB" model -conf "$tmp/c.conf" litmus/x86/SB.litmus 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "^litmuslab model (in $tmp/c.conf): --hosts goes on the command line, not in a -conf file;" "$tmp/err" ||
  fail "--hosts in -conf: exit $rc, $(cat "$tmp/err")"
"$LITMUSLAB" model --hosts "$tmp/hosts" --show-all "$tmp/d" litmus/x86/SB.litmus 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "litmuslab model: --show-all and -o write files here: not with --hosts" ] ||
  fail "--show-all: exit $rc, $(cat "$tmp/err")"
echo "$name: ok"
