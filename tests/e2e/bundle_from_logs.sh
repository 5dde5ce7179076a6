#!/bin/sh
# bundle_from_logs.sh — the way back from a bundle (issue 29, items 3 and 5):
# the command `campaign --bundle OUT.tar.gz` prints for the logs works as
# printed, where the tarball is (the tests are read from the archive, not
# from a path inside it); the bundle's `run` names its log after the
# machine its entries' Machine lines name (under qemu-user, the emulated
# one, not the host's uname); and the summary's header gives the
# iterations the logs ran, not campaign's -n.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "bundle_from_logs: $*"; exit 1; }
"$LITMUSLAB" hwrun --check --target aarch64 litmus/aarch64/SB.litmus >"$tmp/check"
if grep -q '^no ' "$tmp/check"; then
  echo "bundle_from_logs: SKIP: $(sed 's/^no [^:]*: //' "$tmp/check")"
  exit 77
fi
"$LITMUSLAB" campaign litmus/aarch64/MP.litmus litmus/aarch64/SB.litmus \
  --target aarch64 --bundle "$tmp/arm1.tar.gz" -n 2k >"$tmp/out" 2>"$tmp/err" ||
  fail "--bundle: $(cat "$tmp/err")"
cat >"$tmp/want" <<EOF
Bundle $tmp/arm1.tar.gz: 2 of 2 tests for aarch64
On the machine: unpack it, cd into its folder, ./run (see its README); then bring back its log and, here,
  litmuslab campaign $tmp/arm1.tar.gz --from-logs LOG -o reports/NAME
EOF
cmp -s "$tmp/want" "$tmp/out" || fail "hint: $(diff "$tmp/want" "$tmp/out")"

# On "the machine": qemu-user here, no LOG: the log is aarch64-HOST.log.
mkdir "$tmp/m" && tar xzf "$tmp/arm1.tar.gz" -C "$tmp/m" || fail "cannot unpack"
(cd "$tmp/m/arm1" && make -s -j2 CC=aarch64-linux-gnu-gcc >"$tmp/make" 2>&1) ||
  fail "make: $(tail -n 3 "$tmp/make")"
(cd "$tmp/m/arm1" && RUN="qemu-aarch64 -L /usr/aarch64-linux-gnu" ./run >"$tmp/run" 2>&1) ||
  fail "run: $(tail -n 3 "$tmp/run")"
log=$tmp/m/arm1/aarch64-$(uname -n).log
[ -f "$log" ] || fail "the log is named $(cd "$tmp/m/arm1" && ls ./*.log)"
grep -q '^Machine aarch64 ' "$log" || fail "Machine: $(grep '^Machine' "$log")"

# Back here: the printed command, LOG and NAME filled in, as printed.
cmd=$(sed -n '3s/^  //p' "$tmp/out" | sed "s|LOG|$log|; s|reports/NAME|$tmp/r|")
eval "\"$LITMUSLAB\" ${cmd#litmuslab }" -q >"$tmp/sum" 2>"$tmp/err" ||
  fail "$cmd: exit $?: $(cat "$tmp/err")"
grep -q '^campaign: 2 tests; model: 2 to run, 0 done before; hardware: the 1 log given$' "$tmp/err" ||
  fail "start line: $(cat "$tmp/err")"
grep -q '^  iterations: 2000 per test, as the logs say$' "$tmp/sum" ||
  fail "header: $(sed -n 2,5p "$tmp/sum")"
grep -q '^"hardware entries",2$' "$tmp/r/emulated/summary.csv" ||
  fail "compare: $(cat "$tmp/r/emulated/summary.csv")"
echo "bundle_from_logs: ok"
