#!/bin/sh
# bundle_campaign.sh — a whole-campaign bundle survives what a board does
# to it, rehearsed on this machine with four C tests (issue 22): `campaign
# --bundle` writes it, `make -j2` builds it (one binary per test), and
# `./run`:
#  - killed with its whole process group (SIGKILL, as a power cut) while
#    the second test runs, then run again: the finished first test is not
#    run again, the second is;
#  - a test that crashes (SIGSEGV, through the RUN hook) and one that never
#    ends (Spin: waits for a value no thread writes; -watchdog 1 ends its
#    round) get a `Failed NAME: why` line and the run goes on;
#  - with -watchdog 0 the run's own TIMEOUT kills Spin;
#  - a test during which the run was killed twice is not started again;
#  - one log, which `campaign --from-logs` (compare) reads.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
pg=
trap '[ -n "$pg" ] && kill -KILL "-$pg" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "bundle_campaign: $*"; exit 1; }
command -v setsid >/dev/null || { echo "bundle_campaign: SKIP: no setsid"; exit 77; }
"$LITMUSLAB" hwrun --check litmus/c/SB+once.litmus > "$tmp/check"
grep -q '^ok ' "$tmp/check" ||
  { echo "bundle_campaign: SKIP: $(cat "$tmp/check")"; exit 77; }

mkdir "$tmp/tests" &&
  cp litmus/c/SB+once.litmus litmus/c/MP+once.litmus litmus/c/LB+once.litmus \
     "$tmp/tests/" || fail setup
cat > "$tmp/tests/Spin.litmus" <<'EOF'
C Spin

(* P0 waits for a value no thread writes: on hardware it never ends. *)

{}

P0(int *x, int *y)
{
	int r0;

	r0 = 0;
	while (READ_ONCE(*x) == 0) {
		r0 = r0 + 1;
	}
	WRITE_ONCE(*y, 1);
}

P1(int *y)
{
	int r1;

	r1 = READ_ONCE(*y);
}

exists (1:r1=1)
EOF
"$LITMUSLAB" campaign "$tmp/tests" --bundle "$tmp/b" -n 2000 --timeout 30 \
  --hw-arg -watchdog --hw-arg 1 -o "$tmp/w" >"$tmp/out" 2>"$tmp/err" ||
  fail "campaign --bundle: $(cat "$tmp/err")"
grep -q "^Bundle $tmp/b: 4 of 4 tests for this machine$" "$tmp/out" ||
  fail "campaign: $(cat "$tmp/out")"
b=$tmp/b
[ "$(cat "$b/tests.list" | tr '\n' ' ')" = "LB+once MP+once SB+once Spin " ] ||
  fail "tests.list: $(cat "$b/tests.list")"
(cd "$b" && make -s -j2 >"$tmp/make" 2>&1) || fail "make: $(tail -n 5 "$tmp/make")"
[ "$(ls "$b/bin" | tr '\n' ' ')" = "LB+once MP+once SB+once Spin " ] ||
  fail "binaries: $(ls "$b/bin")"

# The hook (RUN): MP+once waits (until $tmp/go exists) and tells us so;
# SB+once crashes. The tests themselves run natively (not "Emulated").
cat > "$tmp/hook" <<EOF
#!/bin/sh
unset LITMUSLAB_EMULATOR
case \$1 in
  */MP+once) [ -e "$tmp/go" ] || { : > "$tmp/waiting"; sleep 60; } ;;
  */SB+once) kill -SEGV \$\$ ;;
esac
exec "\$@"
EOF
chmod +x "$tmp/hook"
# run ./run in a process group of its own; kill the group when the hook
# waits (a power cut: nothing of it survives)
cut_power() {
  rm -f "$tmp/waiting"
  (cd "$b" && RUN=$tmp/hook LOG=run.log exec setsid ./run \
    >"$tmp/$1" 2>&1) &
  pg=$!   # setsid, then ./run, in this process: the group's leader
  i=0
  while [ ! -e "$tmp/waiting" ]; do
    i=$((i + 1)); [ $i -gt 300 ] && fail "$1: the hook was not reached: $(cat "$tmp/$1")"
    sleep 0.1
  done
  kill -KILL "-$pg" || fail "$1: cannot kill the group"
  wait; pg=
}
logs=$(echo "$b"/logs)   # not made yet
cut_power run1
logs=$(echo "$b"/logs/*)
[ -f "$logs/LB+once.log" ] || fail "run1: LB+once not kept: $(ls "$logs")"
[ -e "$logs/MP+once.log" ] && fail "run1: MP+once finished?"
[ "$(cat "$logs/MP+once.tries")" = 1 ] || fail "run1: tries: $(cat "$logs/MP+once.tries")"
# the one log is current while the run goes on: the finished test is in it
[ "$(grep '^Test ' "$b/run.log")" = "Test LB+once Allowed" ] ||
  fail "run1: run.log: $(grep '^Test ' "$b/run.log")"

: > "$tmp/go"
(cd "$b" && RUN=$tmp/hook LOG=run.log ./run >"$tmp/run2" 2>&1); rc=$?
[ $rc = 1 ] || fail "run2: exit $rc, want 1 (two tests failed): $(cat "$tmp/run2")"
# LB+once is not run again; MP+once (killed) is
[ "$(grep '^\[' "$tmp/run2" | sed 's/ (.*//' | tr '\n' ' ')" = \
  "[2/4] MP+once [3/4] SB+once [4/4] Spin " ] || fail "run2: $(cat "$tmp/run2")"
grep -q '^run: SB+once: crashed: killed by signal SEGV$' "$tmp/run2" ||
  fail "run2: crash: $(cat "$tmp/run2")"
grep -q '^run: 4 tests, 2 failed; log: run.log$' "$tmp/run2" ||
  fail "run2: $(tail -n 1 "$tmp/run2")"
# one log, in the order of tests.list, with the failures said in it
grep -E '^(Test|Failed) ' "$b/run.log" > "$tmp/heads"
cat > "$tmp/want" <<'EOF'
Test LB+once Allowed
Test MP+once Allowed
Failed SB+once: crashed: killed by signal SEGV
Test Spin Allowed
Failed Spin: a round did not finish (-watchdog): the test does not terminate; its entry counts the rounds before
EOF
cmp -s "$tmp/want" "$tmp/heads" || fail "run.log: $(diff "$tmp/want" "$tmp/heads")"
grep -q '^Rate 0 iterations/s, 0 iterations (a round did not finish)$' "$b/run.log" ||
  fail "Spin's entry: $(grep '^Rate' "$b/run.log")"
grep -q '^Emulated' "$b/run.log" && fail "native runs said emulated"
[ "$(ls "$logs" | tr '\n' ' ')" = "ARGS LB+once.log MP+once.log SB+once.log Spin.log " ] ||
  fail "left in logs: $(ls "$logs")"

# run again: nothing to do, the same log
cp "$b/run.log" "$tmp/run.log.2"
(cd "$b" && LOG=run.log ./run >"$tmp/run3" 2>&1)
grep -q '^\[' "$tmp/run3" && fail "run3 ran tests: $(cat "$tmp/run3")"
cmp -s "$b/run.log" "$tmp/run.log.2" || fail "run3 changed the log"

# compare reads the log: three entries of the machine, next to the model
# (exit 2: two tests did not go through the hardware step)
"$LITMUSLAB" campaign "$b/litmus" --from-logs "$b/run.log" -o "$tmp/r" -q \
  >"$tmp/sum" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || fail "campaign --from-logs: exit $rc, want 2: $(cat "$tmp/err")"
grep -q '^"hardware entries",3$' "$tmp/r/summary.csv" ||
  fail "summary: $(cat "$tmp/r/summary.csv")"
grep -q '^"tests forbidden-seen",0$' "$tmp/r/summary.csv" ||
  fail "forbidden outcome: $(cat "$tmp/r/tests.csv")"
# ... and its summary names the tests that failed there
sed -n '/^Tests that failed on the machine/,/^$/p' "$tmp/sum" > "$tmp/failed"
cat > "$tmp/want" <<'EOF'
Tests that failed on the machine (2), as its log says (a bundle's `run`):
  SB+once: crashed: killed by signal SEGV
  Spin: a round did not finish (-watchdog): the test does not terminate; its entry counts the rounds before

EOF
cmp -s "$tmp/want" "$tmp/failed" || fail "summary: $(diff "$tmp/want" "$tmp/failed")"

# other options, kept apart: -watchdog 0, and TIMEOUT kills Spin
(cd "$b" && TIMEOUT=1 LOG=t.log ./run -n 2000 -watchdog 0 >"$tmp/run4" 2>&1)
[ "$(grep -E '^(Test|Failed) ' "$b/t.log" | tr '\n' '|')" = \
  "Test LB+once Allowed|Test MP+once Allowed|Test SB+once Allowed|Failed Spin: timed out: killed after 1 s (TIMEOUT=S sets the limit)|" ] ||
  fail "TIMEOUT: $(cat "$tmp/run4")"
[ "$(ls -d "$b"/logs/* | wc -l)" = 2 ] || fail "logs: $(ls "$b/logs")"
pgrep -f "^bin/Spin -q" >/dev/null && fail "Spin still runs after TIMEOUT"

# killed twice during the same test: not started a third time
rm -f "$tmp/go" "$logs/MP+once.log"
cut_power run5
cut_power run6
[ "$(cat "$logs/MP+once.tries")" = 2 ] || fail "tries: $(cat "$logs/MP+once.tries")"
(cd "$b" && RUN=$tmp/hook LOG=run.log ./run >"$tmp/run7" 2>&1)
grep -q '^\[' "$tmp/run7" && fail "run7 ran tests: $(cat "$tmp/run7")"
grep -q '^Failed MP+once: the run stopped twice while this test ran (a reboot, or a kill); not started again$' \
  "$b/run.log" || fail "run7: $(cat "$tmp/run7")"
echo "bundle_campaign: ok"
exit 0
