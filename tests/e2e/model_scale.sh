#!/bin/sh
# model_scale.sh — the search's shortcuts keep herd7's answers: tests of
# the large set (mk/scale-gen.sh) and tests of identical threads whose
# registers the condition names (each arrangement of the threads' runs is
# another execution), each Observation as herd7 7.58 prints it (recorded
# here: herd7 -conf linux-kernel.cfg for C); the generator writes the
# families its list names.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_scale: $*"; exit 1; }

sh mk/scale-gen.sh "$tmp/set" || fail "scale-gen.sh failed"
[ "$(wc -l < "$tmp/set/list")" -ge 30 ] || fail "the list is short"
while read -r f; do [ -s "$f" ] || fail "$f: missing"; done < "$tmp/set/list"

# identical threads: three and four increments (ld; addi; st) of one
# location on Power, two lock counters naming registers, two C readers
want_obs() {                    # want_obs FILE 'Observation ...' [SECONDS]
    "$LITMUSLAB" model --timeout "${3:-60}" "$1" > "$tmp/out" 2> "$tmp/err" ||
        fail "$1: $(head -n 1 "$tmp/err")"
    got=$(grep '^Observation ' "$tmp/out")
    [ "$got" = "$2" ] || fail "$1: got '$got', want '$2'"
}
inc() {                         # inc N COND: N threads incrementing x
    n=$1 i=0 init= row= ld= add= st=
    while [ $i -lt "$n" ]; do
        init="$init $i:r2=x;" row="$row${row:+ |} P$i"
        ld="$ld${ld:+ |} lwz r3,0(r2)" add="$add${add:+ |} addi r3,r3,1"
        st="$st${st:+ |} stw r3,0(r2)"
        i=$((i + 1))
    done
    printf 'PPC INC%d\n{ x=0;%s }\n%s ;\n%s ;\n%s ;\n%s ;\nexists (%s)\n' \
        "$n" "$init" "$row" "$ld" "$add" "$st" "$2"
}
inc 3 'x=2 /\ 0:r3=1' > "$tmp/inc3.litmus"
inc 4 'x=1 /\ 2:r3=1' > "$tmp/inc4.litmus"
want_obs "$tmp/inc3.litmus" "Observation INC3 Sometimes 10 26"
want_obs "$tmp/inc4.litmus" "Observation INC4 Sometimes 102 474"
sed 's/exists (~cnt=4)/exists (0:r0=0 \/\\ 1:r0=1)/' "$tmp/set/lockcnt-4.litmus" \
    > "$tmp/lc4.litmus"
want_obs "$tmp/lc4.litmus" "Observation lockcnt-4 Sometimes 2 22"
{
    printf 'C READERS\n\n{}\n\n'
    for p in 0 1; do
        printf 'P%d(int *x, int *y)\n{\n\tint r0;\n\tint r1;\n\n' $p
        printf '\tWRITE_ONCE(*x, 1);\n\tr0 = READ_ONCE(*y);\n'
        printf '\tr1 = READ_ONCE(*x);\n}\n\n'
    done
    printf 'P2(int *x, int *y)\n{\n\tWRITE_ONCE(*y, 1);\n}\n\n'
    printf 'exists (0:r0=1 /\\ 1:r0=0)\n'
} > "$tmp/readers.litmus"
want_obs "$tmp/readers.litmus" "Observation READERS Sometimes 4 12"

# the large set, as herd7 answers it
for t in "lockcnt-4:Never 0 24" "locksb-5:Never 0 120" \
         "locksb2-6:Sometimes 36 1026" "rcu-3g4r:Sometimes 1 127" \
         "rcu-4g4r:Never 0 255" "cowr-c-3x3:Never 0 16530" \
         "cowr-ppc-2x3:Never 0 50" "mp-chain-8:Never 0 255"; do
    want_obs "$tmp/set/${t%%:*}.litmus" "Observation ${t%%:*} ${t#*:}"
done
# more than 64 events (model/cat/eval_wide.c, two words a row) and the
# search's event relations built a row at a time (search.c,
# build_events): the 8-thread RCU ring with writes of its own, 77
# events, its 256 states as herd7 7.58 prints them (the md5 of the
# state lines of its log) and the 10-thread ring (46 events)
want_obs "$tmp/set/rcuwide-8.litmus" "Observation rcuwide-8 Sometimes 1 255"
states=$(awk '/^States /{on=1; next} /^(Ok|No)$/{on=0} on' "$tmp/out" |
         md5sum | cut -c1-32)
[ "$states" = c1f0c5945517880be50ebc8cd66ae81e ] ||
    fail "rcuwide-8: states differ from herd7's (md5 $states)"
want_obs "$tmp/set/rcuring-10.litmus" "Observation rcuring-10 Sometimes 1 1023"
# a lock's order judged as it is built (search.c, last_location): the
# 6-thread lock counter took 38 s of CPU before, 1.2 s after; each lock
# order is one execution, 6! of them, as herd7's N! for N <= 4
want_obs "$tmp/set/lockcnt-6.litmus" "Observation lockcnt-6 Never 0 720" 20
echo "model_scale: ok"
