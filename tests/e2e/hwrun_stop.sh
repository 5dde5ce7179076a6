#!/bin/sh
# hwrun_stop.sh — hwrun always stops and leaves nothing behind: a test
# whose thread never returns (`L0: JMP L0`) ends at its watchdog, or a
# second after SIGINT or SIGTERM, printing what it counted, and a second
# SIGINT kills it at once; SIGKILL of hwrun or of a campaign leaves no
# test binary running; `-o FILE` keeps an earlier FILE until a test has
# run.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "hwrun_stop: $*"; exit 1; }
sb=litmus/x86/SB.litmus
cache=build/hwrun-cache
hw() { timeout -k 5 120 "$LITMUSLAB" hwrun --cache "$cache" "$@"; }
# Not running: no such process, or a zombie left for init to reap.
gone() {
    st=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" \
        2>/dev/null)
    [ -z "$st" ] || [ "$st" = Z ]
}
# The only child of $1 (waits up to 30 s for it).
child_of() {
    n=0
    while :; do
        c=$(pgrep -P "$1" | head -n 1)
        [ -n "$c" ] && { echo "$c"; return 0; }
        n=$((n+1)); [ $n -gt 300 ] && return 1
        sleep 0.1
    done
}

# Waits (up to 30 s) until process $1 catches SIGINT: a signal sent
# before the test binary reaches main() would kill it whatever it does.
catching() {
    n=0
    while :; do
        m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
        [ -n "$m" ] && [ $(( 0x$m & 2 )) != 0 ] && return 0
        n=$((n+1)); [ $n -gt 300 ] && return 1
        sleep 0.1
    done
}

# A thread that never returns (`L0: JMP L0`): hwrun says the model and a
# run count loops differently, the watchdog ends the run, the log of what
# was counted is printed, exit 2.
cp tests/e2e/data/hwrun/loop.litmus "$tmp/loop.litmus"   # P0: `L0: JMP L0`
hw -q -n 10 $sb > /dev/null || fail "SB -n 10"
start=$(date +%s)
hw -q -watchdog 1 "$tmp/loop.litmus" > "$tmp/log" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || fail "watchdog: want exit 2, got $rc"
[ $(( $(date +%s) - start )) -le 60 ] || fail "watchdog: too slow"
grep -q "loop.litmus:5:2: note: jump back to L0: hardware runs the loop" \
    "$tmp/err" || fail "loop: no note: $(cat "$tmp/err")"
grep -q 'LOOP: the test does not terminate' "$tmp/err" ||
    fail "watchdog: message: $(cat "$tmp/err")"
grep -q '^Rate 0 iterations/s, 0 iterations (a round did not finish)$' \
    "$tmp/log" || fail "watchdog: log: $(cat "$tmp/log")"
grep -q '^Observation LOOP Never 0 0$' "$tmp/log" || fail "watchdog: no log"

# No watchdog: SIGINT, or SIGTERM, ends it a second later, with the log.
for sig in INT TERM; do
    "$LITMUSLAB" hwrun --cache "$cache" -q -watchdog 0 "$tmp/loop.litmus" \
        > "$tmp/log" 2> "$tmp/err" &
    pid=$!
    bin=$(child_of "$pid") && catching "$bin" ||
        fail "SIG$sig: no test binary started"
    sleep 0.5
    kill -$sig "$pid"
    n=0
    while ! gone "$pid"; do
        n=$((n+1)); [ $n -gt 100 ] && fail "SIG$sig: still running after 10 s"
        sleep 0.1
    done
    wait "$pid"
    pid=
    grep -q '^Observation LOOP Never 0 0$' "$tmp/log" || fail "SIG$sig: no log"
done
# ^C at a terminal: SIGINT to the whole process group (hwrun leads its own
# here, as a shell's foreground job would). The test hears it once, through
# hwrun, and prints what it counted.
setsid "$LITMUSLAB" hwrun --cache "$cache" -q -watchdog 0 "$tmp/loop.litmus" \
    > "$tmp/log" 2> "$tmp/err" &
pid=$!
bin=$(child_of "$pid") && catching "$bin" ||
    fail "group SIGINT: no test binary started"
sleep 0.5
kill -INT -"$pid"
n=0
while ! gone "$pid"; do
    n=$((n+1)); [ $n -gt 100 ] && fail "group SIGINT: still running after 10 s"
    sleep 0.1
done
wait "$pid"
pid=
grep -q '^Observation LOOP Never 0 0$' "$tmp/log" ||
    fail "group SIGINT: no log: $(cat "$tmp/err")"

# A second SIGINT kills at once, test binary included.
"$LITMUSLAB" hwrun --cache "$cache" -q -watchdog 0 "$tmp/loop.litmus" \
    > "$tmp/log" 2> "$tmp/err" &
pid=$!
bin=$(child_of "$pid") && catching "$bin" ||
    fail "second SIGINT: no test binary started"
sleep 0.5
kill -INT "$pid"; sleep 0.2; kill -INT "$pid"
sleep 0.5
gone "$pid" || fail "second SIGINT: hwrun still running"
gone "$bin" || fail "second SIGINT: test binary still running"
wait "$pid"
pid=

# SIGKILL of hwrun: its test binary dies with it.
"$LITMUSLAB" hwrun --cache "$cache" -q -n 100G $sb > /dev/null 2>&1 &
pid=$!
bin=$(child_of "$pid") || fail "hwrun: no test binary started"
kill -KILL "$pid"; wait "$pid" 2>/dev/null; pid=
sleep 1
gone "$bin" || { kill -KILL "$bin"; fail "SIGKILL hwrun: test binary left running"; }

# SIGKILL of a campaign: its hwrun and test binary die with it.
"$LITMUSLAB" campaign $sb -o "$tmp/camp" -n 100000000000 -q --hw-arg --cache \
    --hw-arg "$cache" > /dev/null 2>&1 &
pid=$!
n=0; bin=
while [ -z "$bin" ]; do
    for h in $(pgrep -P "$pid"); do
        grep -q hwrun "/proc/$h/cmdline" 2>/dev/null &&
            bin=$(pgrep -P "$h" | head -n 1)
    done
    n=$((n+1)); [ $n -gt 600 ] && fail "campaign: no test binary started"
    [ -z "$bin" ] && sleep 0.1
done
kill -KILL "$pid"; wait "$pid" 2>/dev/null; pid=
sleep 1
gone "$bin" || { kill -KILL "$bin"; fail "SIGKILL campaign: test binary left running"; }

# -o FILE: an earlier log survives a failed build and a killed run; after
# a good test and a refused one, FILE holds the good one's entry.
echo OLD > "$tmp/log"
printf '#!/bin/sh\necho "badcc: refusing" >&2\nexit 1\n' > "$tmp/badcc"
chmod +x "$tmp/badcc"
CC="$tmp/badcc" "$LITMUSLAB" hwrun --cache "$tmp/c" -o "$tmp/log" $sb \
    > /dev/null 2>&1
[ $? = 2 ] || fail "-o, bad compiler: want exit 2"
[ "$(cat "$tmp/log")" = OLD ] || fail "-o: a failed build changed FILE"
"$LITMUSLAB" hwrun --cache "$cache" -q -n 100G -o "$tmp/log" $sb \
    > /dev/null 2>&1 &
pid=$!
child_of "$pid" > /dev/null || fail "-o: no test binary started"
kill -KILL "$pid"; wait "$pid" 2>/dev/null; pid=
sleep 0.5
[ "$(cat "$tmp/log")" = OLD ] || fail "-o: SIGKILL emptied FILE"
printf 'X86 BAD\n{ x=0; }\n P0 ;\n FROB [x] ;\nexists (x=1)\n' > "$tmp/bad.litmus"
hw -q -n 1000 -o "$tmp/log" $sb "$tmp/bad.litmus" > /dev/null 2>&1
[ $? = 2 ] || fail "-o, good then refused: want exit 2"
grep -q '^Test SB Allowed$' "$tmp/log" || fail "-o: SB entry missing"
grep -q OLD "$tmp/log" && fail "-o: old content kept"
ls "$tmp"/log.tmp* > /dev/null 2>&1 && fail "-o: temporary file left"
exit 0
