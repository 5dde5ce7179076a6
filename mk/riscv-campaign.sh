#!/bin/sh
# riscv-campaign.sh PROGRAM OUT [HERD7] — litmus-tests-riscv's generated
# families (diy7 7.51, tests/non-mixed-size/*/X.conf of that repository)
# regenerated with `PROGRAM gen -conf`: one conf a family in OUT/conf,
# its tests in OUT/gen/FAMILY; with HERD7, every family then goes through
# mk/model-herd7-folder.sh (logs in OUT/res/FAMILY, a summary line each
# in OUT/res/FAMILY.txt; HERD_TIMEOUT as there). The options are the
# campaign's but for the detours of the safe lists (FrBack, FrLeave,
# RfBack, RfLeave, WsBack, WsLeave: gen makes no detour in a family);
# left out as gen cannot make them: RELAX/Fri-Rfi and Coi-Rfi (composite
# relaxations), FENCE.TSO/RMW (Rmw, Hat), HAND (written by hand);
# ATOMICS/CO's conditions are the cycle's outcome, not diy7's list of
# the sequentially consistent ones (its code is the campaign's).
# doc/fidelity.md, "The RISC-V campaign regenerated", has the figures.
# Exit 1 when a family differs.
prog=$1 out=$2 herd7=${3:-}
if [ ! -x "$prog" ] || [ -z "$out" ]; then
    echo "usage: riscv-campaign.sh PROGRAM OUT [HERD7]" >&2
    exit 2
fi
mk_dir=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/conf" "$out/gen" || exit 2
# the safe lists of the campaign, detours left out
safe='Rfe,Fre,Wse,PosRW,PosWW,Fence.r.rwdR*,Fence.r.rwsRR,Fence.rw.rwd**,Fence.rw.rwsRR,Fence.rw.rwsWR,Fence.rw.wd*W,Fence.w.wdWW,DpAddrdR,DpAddrdW,DpAddrsR,DpDatadW,DpCtrlFenceIdW,DpCtrldW,DpCtrlFenceIdR,DpCtrlFenceIsR,PodR*AqP,PosRRAqP,Pod*WPRl'
safe_atomics='Rfe,Fre,Wse,PosRW,PosWW,Fence.rw.rwd**,DpAddrdR,DpAddrdW,DpDatadW,DpCtrldW,DpCtrlFenceIdR,PodR*AqP,Pod*WPRl'
conf() { # NAME LINE... : OUT/conf/NAME.conf
    name=$1; shift
    printf -- '-arch RISCV\n-num false\n' >"$out/conf/$name.conf"
    for l in "$@"; do printf -- '%s\n' "$l" >>"$out/conf/$name.conf"; done
}
conf BASIC_2_THREAD '-safe Pod**,DpAddrdR,DpCtrldR,DpCtrldW,DpDatadW,Fenced**,Rfe,Fre,Wse' \
    '-size 4' '-variant ConstsInInit'
conf RelAcq_2_THREAD '-safe Pod**,Rfe,Wse,Fre,Rfi,Pod**AqAq,Pod**AqRl,Pod**AqAR,Pod**AqP,Pod**RlAq,Pod**RlRl,Pod**RlAR,Pod**RlP,Pod**ARAq,Pod**ARRl,Pod**ARAR,Pod**ARP,Pod**PAq,Pod**PRl,Pod**PAR' \
    '-size 4' '-nprocs 2' '-variant ConstsInInit'
conf AMO_X0_2_THREAD '-safe Pod**,Rfe,Wse,Fre,Rfi' '-relax Aq,Rl,AR' \
    '-size 4' '-nprocs 2' '-sufname +NEW' '-variant ConstsInInit' \
    '-variant AsAmo'
conf CO '-safe Fence.rw.rws**,Pos**,Rfe,Fre,Wse' '-size 5' '-nprocs 3' \
    '-ins 2' '-mode uni' '-variant ConstsInInit'
conf SAFE "-safe $safe" '-size 6' '-variant ConstsInInit'
for r in DpCtrldR Fence.idRR Fence.idRW Fence.idWR Fence.idWW \
         Fence.r.rwdWR Fence.r.rwdWW Fence.rw.wdRR Fence.rw.wdWR \
         Fence.w.wdRR Fence.w.wdRW Fence.w.wdWR Rfi PodRR PodRW PodWR \
         PodWW PosWR PodRRPAq PodWRPAq PosWRPAq PodWRRlP PodWWRlP \
         PosWRRlP PodWRRlAq PosWRRlAq; do
    conf "RELAX_$r" "-safe $safe" "-relax $r" '-size 8' '-nprocs 2' \
        '-variant ConstsInInit'
done
conf ATOMICS_BASIC_2_THREAD '-safe Pod**,RfeXX,FreXX,WseXX' '-size 4' \
    '-ua 0' '-variant ConstsInInit'
for r in PodRWPX PodRWXP PodRWXX; do
    conf "ATOMICS_RELAX_$r" "-safe $safe_atomics" "-relax $r" '-size 8' \
        '-nprocs 2' '-ua 0' '-variant ConstsInInit'
done
conf ATOMICS_CO '-safe Fence.rw.rws**,Pos**,Rfe,Fre,Wse' \
    '-relax Fence.rw.rws**XX,Fence.rw.rws**XP,Fence.rw.rws**PX,Pos**XX,Pos**XP,Pos**PX,RfeXX,RfeXP,RfePX,FreXX,FreXP,FrePX,WseXX,WseXP,WsePX' \
    '-ua 0' '-size 5' '-nprocs 3' '-ins 2' '-mode uni' \
    '-variant ConstsInInit'
conf ATOMICS_SAFE_PosWRXAq "-safe $safe" '-relax PosWRXAq' '-ua 0' \
    '-size 6' '-variant ConstsInInit'
conf FENCE.TSO_2 '-safe Fence.tsod**,Fre,Rfe,Wse,X' '-size 4' '-nprocs 2' \
    '-ins 2' '-unrollatomic 0' '-variant ConstsInInit'
status=0
total=0
for c in "$out"/conf/*.conf; do
    name=$(basename "$c" .conf)
    rm -rf "$out/gen/$name"
    "$prog" gen -conf "$c" -o "$out/gen/$name" </dev/null >"$out/gen/$name.log" 2>&1 ||
        { echo "$name: gen failed: $(cat "$out/gen/$name.log")"; status=1; continue; }
    n=$(grep -c '\.litmus$' "$out/gen/$name/@all")
    total=$((total + n))
    echo "$name: $n tests"
done
echo "riscv-campaign: $total tests in $out/gen"
[ -n "$herd7" ] || exit $status
mkdir -p "$out/res" || exit 2
for c in "$out"/conf/*.conf; do
    name=$(basename "$c" .conf)
    sh "$mk_dir/model-herd7-folder.sh" "$prog" "$herd7" "$out/gen/$name" \
        "$out/res/$name" >"$out/res/$name.txt" 2>&1 || status=1
    tail -n 1 "$out/res/$name.txt"
done
exit $status
