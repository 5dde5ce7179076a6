#!/bin/sh
# fleet_slurm.sh — `campaign --slurm`. First `--dry-run`: the scripts it
# writes pass `bash -n`, their #SBATCH lines are checked (the array, one
# task per shard; the collect step waiting for it), and, run by hand as
# Slurm would (array.sh once per task, then collect.sh), they give the
# report of a local run on the same tests (counts aside). Then a
# single-node Slurm (slurmctld, slurmd and munged, configured here in a
# temporary folder, on their own ports; stopped at the end) runs the
# same campaign submitted for real: the same report. Where Slurm cannot
# start (not root, no slurm-wlm or munge), that part is skipped, saying
# why. Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
name=fleet_slurm
[ "$(uname -m)" = x86_64 ] || { echo "$name: SKIP: the tests are x86 ones"; exit 77; }
command -v bash >/dev/null || { echo "$name: SKIP: no bash"; exit 77; }
tmp=$(mktemp -d) || exit 1
pids=
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null; done
  for p in $pids; do wait "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "$name: $*"; exit 1; }
tests="litmus/x86/SB.litmus litmus/x86/MP.litmus litmus/x86/LB.litmus"
# The reports without the counts (they differ from run to run).
. tests/e2e/lib/report_strip.sh
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 20000 -q -o "$tmp/local" >"$tmp/out" 2>&1 ||
  { cat "$tmp/out"; fail "the local run failed"; }
report_strip "$tmp/local" > "$tmp/local.txt"

# 1. --dry-run: the scripts, checked and run by hand.
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 20000 --slurm --partition debug --shards 2 \
  --dry-run -o "$tmp/d" >"$tmp/out" 2>"$tmp/err" ||
  { cat "$tmp/err"; fail "--dry-run exited $?"; }
s=$tmp/d/slurm
grep -q "^Slurm: 3 tests for x86_64 in 2 shards (one array task each), then the collect step; scripts in $s\$" "$tmp/out" ||
  fail "--dry-run said: $(cat "$tmp/out")"
grep -q "^Not submitted (--dry-run): sh $s/submit.sh submits them" "$tmp/out" || fail "no word of --dry-run"
[ -e "$s/submit.out" ] && fail "--dry-run submitted"
for f in array.sh collect.sh submit.sh job.sh; do
  bash -n "$s/$f" || fail "$f does not pass bash -n"
done
id=$(sed -n 's/^#SBATCH --job-name=litmuslab-\([0-9a-f]\{12\}\)$/\1/p' "$s/array.sh")
[ -n "$id" ] || fail "array.sh has no job name: $(grep '^#SBATCH' "$s/array.sh")"
expect_sbatch() { # SCRIPT EXPECTED-LINES
  grep '^#SBATCH' "$s/$1" > "$tmp/got"
  printf '%s\n' "$2" | diff - "$tmp/got" > "$tmp/diff" ||
    { cat "$tmp/diff"; fail "$1's #SBATCH lines"; }
}
expect_sbatch array.sh "#SBATCH --job-name=litmuslab-$id
#SBATCH --output=$s/out/%A_%a.out
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --partition=debug
#SBATCH --array=0-1
#SBATCH --exclusive"
expect_sbatch collect.sh "#SBATCH --job-name=litmuslab-$id
#SBATCH --output=$s/collect.out
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --partition=debug
#SBATCH --dependency=singleton"
grep -q '^shards=(x86_64/s01 x86_64/s02)$' "$s/array.sh" || fail "array.sh's shards: $(grep shards= "$s/array.sh")"
[ "$(tar tzf "$s/x86_64/s01.tar.gz" | grep -c '^s01/tests/.*\.c$')" = 2 ] || fail "s01 should hold 2 tests"
for task in 0 1; do
  SLURM_ARRAY_TASK_ID=$task bash "$s/array.sh" >"$tmp/task$task" 2>&1 ||
    { cat "$tmp/task$task"; fail "array task $task failed"; }
done
[ -d "$s/run" ] && [ -n "$(ls "$s/run")" ] && fail "a task left its run folder: $(ls "$s/run")"
bash "$s/collect.sh" >"$tmp/collect" 2>&1 || { cat "$tmp/collect"; fail "collect.sh failed"; }
report_strip "$tmp/d" | diff "$tmp/local.txt" - > "$tmp/diff" ||
  { cat "$tmp/diff"; fail "the scripts' report differs from the local run's"; }
grep -q '^  3 tests, logs from 2 files, 0 steps failed' "$tmp/d/campaign.txt" ||
  fail "campaign.txt: $(sed -n 5p "$tmp/d/campaign.txt")"
# misuse
"$LITMUSLAB" campaign litmus/x86/SB.litmus --dry-run -o "$tmp/x" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "litmuslab campaign: --dry-run goes with --slurm" ] || fail "--dry-run alone: $(cat "$tmp/err")"
"$LITMUSLAB" campaign litmus/x86/SB.litmus --slurm --hosts "$tmp/h" -o "$tmp/x" 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "litmuslab campaign: one of --bundle, --from-logs, --hosts and --slurm" ] ||
  fail "--slurm --hosts: $(cat "$tmp/err")"

# 2. A real single-node Slurm, when it can start here.
skip() { echo "$name: SKIP: a real Slurm: $*"; echo "$name: ok (the scripts)"; exit 0; }
[ "$(id -u)" = 0 ] || skip "slurmd must run as root"
for p in slurmctld slurmd munged munge sbatch squeue; do
  command -v $p >/dev/null || skip "no $p (Debian: slurm-wlm munge)"
done
S=$tmp/slurm
mkdir -p "$S/state" "$S/spool" "$S/munge" && chmod 700 "$S/munge"
dd if=/dev/urandom of="$S/munge/key" bs=1024 count=1 2>/dev/null && chmod 600 "$S/munge/key"
munged -F --force --key-file="$S/munge/key" --socket="$S/munge/sock" \
  --pid-file="$S/munge/pid" --log-file="$S/munge/log" --seed-file="$S/munge/seed" >/dev/null 2>&1 &
pids="$pids $!"
i=0
until munge -S "$S/munge/sock" -n >/dev/null 2>&1; do
  [ $i -lt 50 ] || skip "munged does not start: $(tail -n 1 "$S/munge/log")"
  sleep 0.1; i=$((i+1))
done
port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000 ))
node=$(hostname -s)
cat > "$S/slurm.conf" <<EOF
ClusterName=litmuslab
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge/sock
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=litmus Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$S/slurm.conf"
slurmctld -D -i >"$S/slurmctld.out" 2>&1 &
pids="$! $pids"
slurmd -D >"$S/slurmd.out" 2>&1 &
pids="$! $pids"
i=0
until sinfo -h -o %t 2>/dev/null | grep -q idle; do
  [ $i -lt 100 ] || skip "Slurm does not start here: $(tail -n 1 "$S/slurmd.log" "$S/slurmctld.log" 2>/dev/null | tr '\n' ' ')"
  sleep 0.2; i=$((i+1))
done
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 20000 --slurm --partition litmus --shards 2 \
  -o "$tmp/r" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "--slurm exited $?"; }
[ "$(grep -c '^Submitted batch job [0-9]*$' "$tmp/out")" = 2 ] || fail "submitted: $(cat "$tmp/out")"
i=0
until [ -s "$tmp/r/campaign.txt" ] && [ -z "$(squeue -h 2>/dev/null)" ]; do
  [ $i -lt 600 ] || { squeue; cat "$tmp/r/slurm/collect.out"; fail "the jobs did not end in 120 s"; }
  sleep 0.2; i=$((i+1))
done
report_strip "$tmp/r" | diff "$tmp/local.txt" - > "$tmp/diff" ||
  { cat "$tmp/diff" "$tmp/r/slurm/collect.out"; fail "Slurm's report differs from the local run's"; }
grep -q '^  3 tests, logs from 2 files, 0 steps failed' "$tmp/r/campaign.txt" ||
  fail "campaign.txt: $(sed -n 5p "$tmp/r/campaign.txt")"
echo "$name: ok (the scripts, and a real single-node Slurm in $((i / 5)) s)"
