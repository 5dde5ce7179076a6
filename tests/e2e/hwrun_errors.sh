#!/bin/sh
# hwrun_errors.sh — what hwrun refuses, and how: a test for another
# architecture (named in one line, exit 2, nothing compiled), bad options,
# a compiler failure (reported with the generated C file kept), and a run
# stopped by SIGINT that still prints the full log of what it counted.
# Env: LITMUSLAB, CORPUS. cwd: the repo root.
: "${LITMUSLAB:?}" "${CORPUS:?}"
. tests/e2e/lib/corpus.sh
need power/tests.tgz x86/tests.tgz
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "hwrun_errors: $*"; exit 1; }
tar xzf "$CORPUS/power/tests.tgz" -C "$tmp" power-tests/SB.litmus ||
  fail "cannot extract"
sb=tests/non-mixed-size/BASIC_2_THREAD/SB.litmus
tar xzf "$CORPUS/x86/tests.tgz" -C "$tmp" "$sb" || fail "cannot extract"

"$LITMUSLAB" hwrun --cache "$tmp/c" "$tmp/power-tests/SB.litmus" \
  >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "PPC test: exit status"
grep -q "SB.litmus: 'SB' is a PPC test, not for this machine, x86_64; use --target ppc64le or ppc64" "$tmp/err" \
  || fail "PPC test: message: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "PPC test: output"
ls "$tmp/c"/SB-* >/dev/null 2>&1 && fail "PPC test: something was built"

"$LITMUSLAB" hwrun -sync sideways "$tmp/$sb" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "bad option value accepted"
"$LITMUSLAB" hwrun --frobnicate "$tmp/$sb" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "unknown option accepted"

# A compiler that builds the harness objects (-c) but fails on the test.
printf '#!/bin/sh\ncase " $* " in *" -c "*) exec cc "$@";; esac\n%s\n' \
  'echo "badcc: refusing" >&2; exit 1' >"$tmp/badcc"
chmod +x "$tmp/badcc"
CC="$tmp/badcc" "$LITMUSLAB" hwrun --cache "$tmp/c" "$tmp/$sb" >/dev/null \
  2>"$tmp/err"
[ $? = 2 ] || fail "compiler failure: exit status"
kept=$(sed -n 's/.*the generated file is kept: //p' "$tmp/err")
[ -n "$kept" ] && [ -f "$kept" ] || fail "compiler failure: $(cat "$tmp/err")"
grep -q 'movq (%\[m_y\]),%q\[r_rax\]' "$kept" || fail "kept file content"

# SIGINT: the run ends after its round and still prints the log. (Built
# first, so that the signal reaches the run, not the compiler.)
"$LITMUSLAB" hwrun --cache build/hwrun-cache -q -n 10 "$tmp/$sb" >/dev/null ||
  fail "SB -n 10"
"$LITMUSLAB" hwrun --cache build/hwrun-cache -q -n 100G "$tmp/$sb" \
  >"$tmp/log" 2>"$tmp/err" &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid" || fail "interrupted run: exit status $?: $(cat "$tmp/err")"
pid=
grep -q '^Histogram ([1-4] states)$' "$tmp/log" || fail "interrupted: no log"
grep -q '^Rate [0-9]* iterations/s, [0-9]* iterations (interrupted)$' \
  "$tmp/log" || fail "interrupted: $(cat "$tmp/log")"
grep -q '^Observation SB ' "$tmp/log" || fail "interrupted: no observation"
exit 0
