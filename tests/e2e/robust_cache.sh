#!/bin/sh
# robust_cache.sh — issue 32, row 4, with two users: another user owns a
# symlink in a sticky folder (as /tmp) pointing at a cache of ours; they
# could re-point it between hwrun's check and its use. hwrun refuses any
# cache path that passes through a link owned by someone else (nothing is
# built or run), whichever component it is, also when reached through a
# link of ours; a link of ours (or root's) is followed. Needs root and
# useradd (a second user is made and removed); exit 77 otherwise.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
skip() { echo "robust_cache: SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root (to add a second user)"
for c in useradd userdel setpriv; do
    command -v $c > /dev/null 2>&1 || skip "no $c"
done
user=llrc$$
useradd -M -N -s /bin/sh "$user" 2> /dev/null || skip "useradd is not allowed"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"; userdel "$user" 2> /dev/null' EXIT
chmod 755 "$tmp"
fail() { echo "robust_cache: $*"; exit 1; }
other() { setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups "$@"; }
ouid=$(id -u "$user")
sb=litmus/x86/SB.litmus
hw() { timeout -k 5 120 "$LITMUSLAB" hwrun -q -n 1000 "$@"; }

# Our cache, built once; a sticky folder everybody can write to.
hw --cache "$tmp/mine" $sb > /dev/null || fail "first build"
mkdir -m 1777 "$tmp/sticky"
other ln -s "$tmp/mine" "$tmp/sticky/L" || fail "the other user's link"
[ "$(stat -c %u "$tmp/sticky/L")" = "$ouid" ] || fail "link not theirs"
other mkdir -m 700 "$tmp/sticky/theirs" || fail "the other user's folder"

# The link itself, a folder below it, and a link of ours to their link.
ln -s "$tmp/sticky/L" "$tmp/ours"
for cache in "$tmp/sticky/L" "$tmp/sticky/L/sub" "$tmp/ours"; do
    hw --cache "$cache" $sb > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "$cache: exit $rc, want 2: $(cat "$tmp/err")"
    want="litmuslab hwrun: refusing the build cache $cache: $tmp/sticky/L is a symlink owned by another user (uid $ouid), who can re-point it"
    [ "$(cat "$tmp/err")" = "$want" ] ||
        fail "$cache: message: $(cat "$tmp/err")"
    [ -s "$tmp/out" ] && fail "$cache: something ran: $(cat "$tmp/out")"
done
[ -e "$tmp/mine/sub" ] && fail "a folder was made through their link"

# Their link re-pointed at their folder, a binary of theirs at our
# binary's name: refused the same way, theirs is not run.
bin=$(cd "$tmp/mine" && ls -d SB-*)
other sh -c "printf '#!/bin/sh\ntouch $tmp/ran\n' > '$tmp/sticky/theirs/$bin' &&
    chmod 755 '$tmp/sticky/theirs/$bin' &&
    ln -sfn '$tmp/sticky/theirs' '$tmp/sticky/L'" || fail "re-point"
hw --cache "$tmp/sticky/L" $sb > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "re-pointed: want exit 2"
grep -q "^litmuslab hwrun: refusing the build cache $tmp/sticky/L: $tmp/sticky/L is a symlink owned by another user" "$tmp/err" ||
    fail "re-pointed: message: $(cat "$tmp/err")"
[ -e "$tmp/ran" ] && fail "their binary was run"

# The same sticky folder, a link of ours (root's is trusted too): used.
ln -s "$tmp/mine" "$tmp/sticky/M"
hw --cache "$tmp/sticky/M" $sb > "$tmp/out" 2> "$tmp/err" ||
    fail "our link: $(cat "$tmp/err")"
grep -q '^Test SB Allowed$' "$tmp/out" || fail "our link: no log"
exit 0
