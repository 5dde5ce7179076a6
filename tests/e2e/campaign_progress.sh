#!/bin/sh
# campaign_progress.sh — the campaign's progress line on a terminal (a
# tmux pane, read with capture-pane): it names the step running now, its
# elapsed time ticks every second while a long hwrun step runs, hwrun's
# own rate and ETA are passed through, and an ETA is given once a few
# steps are done (never the old `ETA >0:00`).
# Env: LITMUSLAB. cwd: the repo root. Needs tmux and an x86-64 host.
: "${LITMUSLAB:?}"
set -u
command -v tmux >/dev/null 2>&1 || { echo "campaign_progress: no tmux"; exit 77; }
[ "$(uname -m)" = x86_64 ] || { echo "campaign_progress: not an x86-64 host"; exit 77; }
tmp=$(mktemp -d) || exit 1
sock=ll-progress-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
say() { echo "campaign_progress: $*"; fail=1; }
# four tests of about 3 s each on hardware: -n from the fastest rate of a
# short run of all four now (the machine may be busy, and a lone short
# run of one test can read several times slower than the steps will
# go); this also caches their builds
"$LITMUSLAB" hwrun -q -n 2M litmus/x86/SB.litmus litmus/x86/MP.litmus \
  litmus/x86/LB.litmus litmus/x86/R.litmus >"$tmp/sb.log" 2>&1 ||
  { echo "campaign_progress: hwrun failed: $(tail -n 1 "$tmp/sb.log")"; exit 1; }
rate=$(sed -n 's/^Rate \([0-9]*\) iterations.*/\1/p' "$tmp/sb.log" | sort -n | tail -n 1)
n=$(( ${rate:-1000000} * 3 ))
[ $n -gt 2000000 ] || n=2000000
# one campaign of the four tests at n iterations each, its progress
# lines into $tmp/lines
run_campaign() {
  rm -rf "$tmp/c" "$tmp/rc" "$tmp/lines"
  tmux -L "$sock" kill-server 2>/dev/null
  tmux -L "$sock" new-session -d -x 220 -y 10 \
    "cd '$PWD' && '$LITMUSLAB' campaign litmus/x86/SB.litmus litmus/x86/MP.litmus \
       litmus/x86/LB.litmus litmus/x86/R.litmus -n $n -o '$tmp/c' >'$tmp/out'; \
     echo \$? >'$tmp/rc'; sleep 60"
  i=0
  while [ ! -f "$tmp/rc" ] && [ $i -lt 400 ]; do
    sleep 0.3
    tmux -L "$sock" capture-pane -p | grep '^\[' | tail -n 1 >>"$tmp/lines"
    i=$((i + 1))
  done
}
# the same step seen at two elapsed times: the line ticks while it runs
ticks() {
  awk '/running hwrun/ { step = $4; el = $7; if (seen[step] && seen[step] != el) ok = 1; seen[step] = el }
       END { exit !ok }' "$tmp/lines"
}
# The calibration may have run on a busier machine than the campaign
# does (CI saw each step end within a second): steps too short to tick
# are run again, three times longer, twice at most.
tries=0
while :; do
  run_campaign
  tries=$((tries + 1))
  ticks || [ $tries -ge 3 ] || [ "$(cat "$tmp/rc" 2>/dev/null)" != 0 ] || { n=$((n * 3)); continue; }
  break
done
[ "$(cat "$tmp/rc" 2>/dev/null)" = 0 ] || say "campaign failed: $(cat "$tmp/rc" 2>/dev/null)"
grep -q '^\[[0-9]/8\] running hwrun [A-Z0-9a-z+]* (0:0[0-9])  elapsed [0-9]:[0-9][0-9]  ETA ' "$tmp/lines" ||
  say "no line names the hwrun step running now"
ticks || say "elapsed time does not tick during a step"
grep -q "\\[[A-Z0-9a-z+]*: [0-9]*/$n iterations, [0-9.]*M/s, condition seen [0-9]*, ETA [0-9]*s\\]\$" "$tmp/lines" ||
  say "hwrun's own rate and ETA are not passed through"
grep -q 'ETA [0-9]:[0-9][0-9]' "$tmp/lines" || say "no ETA once steps are done"
grep -q 'ETA >0:00' "$tmp/lines" && say "an ETA of >0:00"
grep -q '^\[8/8\] done  elapsed ' "$tmp/lines" || say "the last line does not say done"
[ $fail = 0 ] || { echo "lines seen:"; sort -u "$tmp/lines"; }
[ $fail = 0 ] && echo "campaign_progress: ok"
exit $fail
