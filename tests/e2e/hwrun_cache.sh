#!/bin/sh
# hwrun_cache.sh — the build cache holds programs that hwrun runs, so it
# is private: with no HOME nor XDG_CACHE_HOME it is a folder of this user's
# under TMPDIR (never a fixed name), made mode 0700; a cache folder, or a
# binary in it, that is writable by others or owned by someone else is
# refused with a message and nothing is run; concurrent builds into one
# cache all succeed and leave no temporary file.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hwrun_cache: $*"; exit 1; }
sb=litmus/x86/SB.litmus
uid=$(id -u)
mode() { stat -c %a "$1"; }
hw() { timeout -k 5 120 "$LITMUSLAB" hwrun -q -n 1000 "$@"; }

# No HOME, no XDG_CACHE_HOME (cron, CI): TMPDIR/litmuslab-UID, private.
env -u HOME -u XDG_CACHE_HOME TMPDIR="$tmp" timeout -k 5 120 "$LITMUSLAB" hwrun \
    -q -n 1000 $sb > "$tmp/out" 2> "$tmp/err" ||
    fail "no HOME: exit $?: $(cat "$tmp/err")"
grep -q '^Test SB Allowed$' "$tmp/out" || fail "no HOME: no log"
[ -d "$tmp/litmuslab-$uid/hwrun" ] || fail "no HOME: cache not in TMPDIR"
[ "$(mode "$tmp/litmuslab-$uid")" = 700 ] || fail "no HOME: top not 0700"
[ "$(mode "$tmp/litmuslab-$uid/hwrun")" = 700 ] || fail "no HOME: not 0700"

# That folder made by someone else first (or open to others): refused.
rm -rf "$tmp/litmuslab-$uid"
mkdir -m 777 "$tmp/litmuslab-$uid"
env -u HOME -u XDG_CACHE_HOME TMPDIR="$tmp" timeout -k 5 120 "$LITMUSLAB" hwrun \
    -q -n 1000 $sb > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "open TMPDIR cache: want exit 2"
grep -q "litmuslab-$uid is writable by others" "$tmp/err" ||
    fail "open TMPDIR cache: message: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "open TMPDIR cache: something ran"

# --cache DIR writable by others: refused.
mkdir -m 777 "$tmp/open"
hw --cache "$tmp/open" $sb > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "open --cache: want exit 2"
grep -q "open is writable by others" "$tmp/err" || fail "open --cache: message"

# A binary planted at the cached name is never run.
hw --cache "$tmp/c" $sb > /dev/null || fail "first build"
[ "$(mode "$tmp/c")" = 700 ] || fail "--cache not made 0700"
bin=$(ls "$tmp/c"/SB-* | head -n 1)
[ -x "$bin" ] || fail "no cached binary"
printf '#!/bin/sh\ntouch %s/ran\n' "$tmp" > "$bin"
if [ "$uid" = 0 ]; then
    chown nobody "$bin"
    why="owned by another user"
else
    chmod g+w "$bin"
    why="writable by others"
fi
hw --cache "$tmp/c" $sb > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "planted binary: want exit 2"
grep -q "SB-.* is $why" "$tmp/err" ||
    fail "planted binary: message: $(cat "$tmp/err")"
[ -e "$tmp/ran" ] && fail "planted binary: it was run"

# Four builds at once into an empty cache: all succeed, nothing left over.
for i in 1 2 3 4; do
    hw --cache "$tmp/race" $sb > "$tmp/race$i.out" 2> "$tmp/race$i.err" &
done
wait
for i in 1 2 3 4; do
    grep -q '^Test SB Allowed$' "$tmp/race$i.out" ||
        fail "race $i: $(cat "$tmp/race$i.err")"
done
left=$(find "$tmp/race" -name '*.tmp*' -o -name '*.out[0-9]*')
[ -z "$left" ] || fail "race: left over: $left"

# What a killed build left (a dead process's temporary names) is swept.
: > "$tmp/race/SB-0000.tmp999999999.c"
: > "$tmp/race/SB-0000.tmp999999999"
hw --cache "$tmp/race" litmus/x86/MP.litmus > /dev/null || fail "MP build"
[ -e "$tmp/race/SB-0000.tmp999999999.c" ] && fail "stale file not swept"
exit 0
