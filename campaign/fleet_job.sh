#!/bin/sh
# job.sh SHARD [RUNDIR] — one shard of a litmuslab fleet campaign, on the
# machine that runs it (sent there by GNU parallel with `--basefile`, or
# started by a Slurm array task; written by `litmuslab campaign --hosts`
# or `--slurm`). SHARD.tar.gz is a bundle (hwrun --bundle) of the shard's
# tests: it is unpacked once into RUNDIR/SHARD (default: a folder of this
# login's own, so that two logins to one machine never share one), and its
# ./run builds and runs the tests, going on from where a try stopped
# before on this machine (Ctrl-C, a lost connection). Only a complete run
# leaves SHARD.log, the file brought back (GNU parallel's --return): exit
# 0 then (./run's own 1, some tests failed, is a result: the log says
# which), and the run folder is removed. Otherwise ./run's status (2: the
# build failed; 130: stopped), and the shard is tried again elsewhere.
s=$1
case $s in
  ''|/*|*..*) echo "job.sh: bad shard name '$s'" >&2; exit 2 ;;
esac
key=$(printf '%s\n' "${PARALLEL_SSHLOGIN:-}" | cksum | cut -d' ' -f1)
d=${2:-run-$key}/$s
if [ ! -x "$d/run" ]; then
  rm -rf "$d" && mkdir -p "$d" &&
    tar xzf "$s.tar.gz" -C "$d" --strip-components=1 ||
    { echo "job.sh: $s.tar.gz: cannot unpack into $d" >&2; exit 2; }
fi
# the one log of the run, in its folder (LOG is relative to it)
LOG=fleet.log "$d/run"
rc=$?
[ "$rc" -gt 1 ] && exit "$rc"
mv "$d/fleet.log" "$s.log.tmp" && mv "$s.log.tmp" "$s.log" || exit 2
rm -rf "$d"
rmdir -p "${d%/*}" 2>/dev/null   # this login's folder, once empty
exit 0
