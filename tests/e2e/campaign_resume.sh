#!/bin/sh
# campaign_resume.sh — a campaign on three library tests with a tiny
# iteration count: it leaves the logs and the CSV reports; a re-run after
# an interruption (simulated by removing finished steps, then a real
# SIGINT) redoes only what was not finished; --force redoes everything.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "campaign_resume: $*"; exit 1; }
tests="litmus/x86/SB.litmus litmus/x86/MP.litmus litmus/x86/LB.litmus"
out=$tmp/r
run() { # run OUT [ARGS...]: the campaign on $tests; stderr to $tmp/err
  o=$1; shift
  # shellcheck disable=SC2086
  "$LITMUSLAB" campaign $tests -n 2000 -j 2 -o "$o" "$@" >"$tmp/out" 2>"$tmp/err"
}
stamp() { # inode and mtime of a file, to see whether it was rewritten
  stat -c '%i %y' "$1"
}

# 1. A whole campaign.
run "$out"; rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "first run exited $rc"; }
for f in model.log hardware.log tests.csv outcomes.csv summary.csv; do
  [ -s "$out/$f" ] || fail "$out/$f missing"
done
[ "$(grep -c '^Test ' "$out/model.log")" = 3 ] || fail "model.log lacks entries"
[ "$(grep -c '^Test ' "$out/hardware.log")" = 3 ] || fail "hardware.log lacks entries"
[ "$(wc -l <"$out/tests.csv")" = 4 ] || fail "tests.csv should have 3 rows"
grep -q '^\[6/6\] hwrun' "$tmp/err" || fail "no progress lines: $(cat "$tmp/err")"
grep -q 'Tests by class' "$tmp/out" || fail "no summary table"
cmp -s "$tmp/out" "$out/campaign.txt" || fail "campaign.txt differs from the summary printed"
[ "$(ls "$out"/work/*.log | wc -l)" = 6 ] || fail "expected 6 per-test results"

# 2. Simulated interruption: MP's hardware step and LB's model step never
# finished (a stale temporary file is what a kill leaves).
sb_model=$(ls "$out"/work/SB-*.model.log)
sb_hw=$(ls "$out"/work/SB-*.hw-n2000.log)
before_model=$(stamp "$sb_model"); before_hw=$(stamp "$sb_hw")
rm "$out"/work/MP-*.hw-n2000.log "$out"/work/LB-*.model.log
echo "Test LB Allowed" >"$(echo "$out"/work/LB-*.hw-n2000.log | sed 's/hw-n2000/model/').tmp"
sleep 1
run "$out"; rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "resumed run exited $rc"; }
grep -q 'model: 1 to run, 2 done before; hwrun (-n 2000): 1 to run, 2 done before' "$tmp/err" ||
  fail "resume did not see the finished steps: $(head -n 1 "$tmp/err")"
[ "$(stamp "$sb_model")" = "$before_model" ] || fail "SB's model step was redone"
[ "$(stamp "$sb_hw")" = "$before_hw" ] || fail "SB's hardware step was redone"
[ "$(ls "$out"/work/*.log | wc -l)" = 6 ] || fail "the missing steps were not redone"
[ "$(grep -c '^Test ' "$out/hardware.log")" = 3 ] || fail "hardware.log not rebuilt"
ls "$out"/work/*.tmp >/dev/null 2>&1 && fail "a temporary file was left: $(ls "$out"/work/*.tmp)"

# 3. Another -n redoes the hardware steps only.
"$LITMUSLAB" campaign $tests -n 3000 -j 2 -o "$out" >"$tmp/out" 2>"$tmp/err" ||
  fail "run with -n 3000 failed"
grep -q 'model: 0 to run, 3 done before; hwrun (-n 3000): 3 to run, 0 done before' "$tmp/err" ||
  fail "-n 3000 did not redo hardware only: $(head -n 1 "$tmp/err")"

# 4. --force redoes everything.
run "$out" --force || fail "--force run failed"
grep -q 'model: 3 to run, 0 done before; hwrun (-n 2000): 3 to run, 0 done before' "$tmp/err" ||
  fail "--force did not redo: $(head -n 1 "$tmp/err")"
[ "$(stamp "$sb_model")" != "$before_model" ] || fail "--force kept SB's model step"

# 5. A real SIGINT: the campaign stops (130), keeps what finished, and the
# next run resumes from there. It may also have finished first (0).
out2=$tmp/r2
# shellcheck disable=SC2086
"$LITMUSLAB" campaign $tests -n 200000 -j 1 -o "$out2" >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
while [ $i -lt 600 ] && ! ls "$out2"/work/*.hw-n200000.log >/dev/null 2>&1; do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1; i=$((i+1))
done
kill -INT "$pid" 2>/dev/null
wait "$pid"; rc=$?; pid=
case $rc in
  130) grep -q 'interrupted after' "$tmp/err" || fail "no interruption message" ;;
  0) ;;
  *) cat "$tmp/err"; fail "interrupted run exited $rc" ;;
esac
ls "$out2"/work/*.tmp >/dev/null 2>&1 && fail "interrupt left a temporary file"
done_hw=$(ls "$out2"/work/*.hw-n200000.log 2>/dev/null | wc -l)
"$LITMUSLAB" campaign $tests -n 200000 -j 1 -o "$out2" >"$tmp/out" 2>"$tmp/err" ||
  { cat "$tmp/err"; fail "run after SIGINT failed"; }
grep -q "hwrun (-n 200000): $((3-done_hw)) to run, $done_hw done before" "$tmp/err" ||
  fail "after SIGINT: $(head -n 1 "$tmp/err") (had $done_hw hardware results)"
echo "campaign_resume: ok (SIGINT run exited $rc with $done_hw of 3 hardware steps kept)"
