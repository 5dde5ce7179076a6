#!/bin/sh
# campaign_faults.sh — fault injection: a second campaign into the same
# folder is refused while the first runs; with a file size limit (a full
# disk for files past 1536 bytes) every step not saved is listed with its
# reason, compare's failure is explained, and a re-run resumes; SIGKILL at
# random points, then a re-run, gives the reports of an uninterrupted run.
# The library's PPC tests are modelled only here, so reports do not depend
# on hardware counts.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "campaign_faults: $*"; exit 1; }
camp() { timeout -k 5 300 "$LITMUSLAB" campaign "$@"; }
same_reports() {
    for f in tests outcomes summary; do
        cmp -s "$1/$f.csv" "$2/$f.csv" || fail "$3: $f.csv differs"
    done
}

# The model step these runs share: PPC's MP, one allowed weak outcome.
"$LITMUSLAB" model litmus/ppc/MP.litmus > "$tmp/mp" 2> "$tmp/err" ||
    fail "model MP: exit $?: $(tail -n 3 "$tmp/err")"
grep -q '^Observation MP Sometimes 1 3$' "$tmp/mp" ||
    fail "model MP: $(grep '^Observation' "$tmp/mp")"

# The reference: one uninterrupted run.
camp litmus/ppc -o "$tmp/ref" -q > "$tmp/out" 2> "$tmp/err" ||
    fail "reference run: exit $?: $(tail -n 3 "$tmp/err")"
tests=$(grep -c '^Test ' "$tmp/ref/model.log")

# A lock on the folder: a second campaign into it says so and exits 2.
"$LITMUSLAB" campaign litmus/x86/SB.litmus -o "$tmp/busy" -n 100000000000 -q \
    > /dev/null 2>&1 &
pid=$!
n=0
until [ -s "$tmp/busy/.lock" ]; do
    n=$((n+1)); [ $n -gt 300 ] && fail "lock: first campaign did not start"
    sleep 0.1
done
camp litmus/ppc -o "$tmp/busy" -q > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "lock: second campaign: want exit 2"
grep -q "busy is in use by another campaign (process $pid)" "$tmp/err" ||
    fail "lock: message: $(cat "$tmp/err")"
[ -e "$tmp/busy/model.log" ] && fail "lock: the second campaign wrote"
kill -INT "$pid"; wait "$pid"; pid=

# A full disk for files past 1536 bytes (a file size limit): the small
# steps are saved, the two tests with big model logs are not, and each is
# listed with the reason; compare cannot write its reports and its
# failure, with the reason, is in the summary; exit 2. A re-run resumes and gives the
# reports of an uninterrupted run.
mkdir "$tmp/set"
for f in MP SB LB S; do cp litmus/ppc/$f.litmus "$tmp/set/"; done
# 4 threads at one location, a reader seeing three of the writes: a
# model log of some 2.4 kB (and 3.4 kB with a fifth read)
big() {
    printf 'PPC %s\n{\n0:r2=x; 1:r2=x; 2:r2=x; 3:r2=x;\n}\n' "$1"
    echo " P0           | P1           | P2           | P3           ;"
    echo " li r1,1      | li r1,2      | li r1,3      | lwz r5,0(r2) ;"
    echo " stw r1,0(r2) | stw r1,0(r2) | stw r1,0(r2) | lwz r6,0(r2) ;"
    echo "              |              |              | lwz r7,0(r2) ;"
    echo "              |              |              | lwz r8,0(r2) ;"
    [ "$2" ] && echo "              |              |              | lwz r9,0(r2) ;"
    echo "locations [x;]"
    echo "exists (3:r5=1 /\\ 3:r6=2 /\\ 3:r7=3)"
}
big BIG1 > "$tmp/set/BIG1.litmus"
big BIG2 more > "$tmp/set/BIG2.litmus"
camp "$tmp/set" -o "$tmp/setref" -q > "$tmp/out" 2> "$tmp/err" ||
    fail "set reference run: exit $?: $(tail -n 3 "$tmp/err")"
# (the campaign's own stdout through a pipe, which the limit does not cut)
(ulimit -f 3; camp "$tmp/set" -o "$tmp/full" -q 2> "$tmp/err"
 echo $? > "$tmp/rc") | cat > "$tmp/out"
[ "$(cat "$tmp/rc")" = 2 ] || fail "full: want exit 2: $(cat "$tmp/err")"
saved=$(ls "$tmp/full/work" | grep -c '\.model\.log$')
[ "$saved" = 4 ] || fail "full: $saved model steps saved, want 4"
grep -q '^Steps that failed (2):' "$tmp/out" &&
    grep -q '^Re-run to retry the 2 killed, crashed or not saved.$' "$tmp/out" ||
    fail "full: summary: $(cat "$tmp/out")"
for t in BIG1 BIG2; do
    grep -q "^  $t  *model exit 2: litmuslab model: cannot write the output: File too large" \
        "$tmp/out" || fail "full: $t not listed with its reason"
done
grep -q "^compare failed: $tmp/full/report.html: cannot write: File too large" "$tmp/out" ||
    fail "full: compare failure not explained: $(cat "$tmp/out")"
camp "$tmp/set" -o "$tmp/full" -q > "$tmp/out" 2> "$tmp/err" ||
    fail "full, re-run: exit $?"
grep -q "model: 2 to run, 4 done before" "$tmp/err" ||
    fail "full, re-run: did not resume: $(head -n 1 "$tmp/err")"
same_reports "$tmp/setref" "$tmp/full" "full, re-run"

# SIGKILL at random points of a campaign, then a re-run.
i=0
while [ $i -lt 5 ]; do
    "$LITMUSLAB" campaign litmus/ppc -o "$tmp/kill" -q -j 2 > /dev/null 2>&1 &
    pid=$!
    sleep "0.$(awk -v s=$$$i 'BEGIN { srand(s); printf "%03d", int(rand() * 600) }')"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    pid=
    i=$((i+1))
done
camp litmus/ppc -o "$tmp/kill" -q > "$tmp/out" 2> "$tmp/err" ||
    fail "killed, re-run: exit $?: $(tail -n 3 "$tmp/err")"
same_reports "$tmp/ref" "$tmp/kill" "killed, re-run"
[ "$(grep -c '^Test ' "$tmp/kill/model.log")" = "$tests" ] ||
    fail "killed, re-run: model.log entries"
exit 0
