#!/bin/sh
# robust_cache_swap.sh — issue 32, row 4: what hwrun runs is the binary
# it built and checked, whatever the cache's path points to afterwards.
# The race is made deterministic: $CC is a wrapper that, once it has
# compiled the test, re-points the link the cache was given through at
# another folder of ours holding a script under the names hwrun would
# use next (the temporary binary and the binary). hwrun builds, renames
# and runs through the cache folder's descriptor, so it runs the real
# test and the script never runs; a hwrun that goes by the path runs it.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "robust_cache_swap: $*"; exit 1; }
real=$(command -v "${CC:-cc}") || { echo "robust_cache_swap: SKIP: no cc"; exit 77; }
cat > "$tmp/cc" <<EOS
#!/bin/sh
"$real" "\$@" || exit
out=; prev=
for a; do [ "\$prev" = -o ] && out=\$a; prev=\$a; done
[ -n "\$out" ] || exit 0
mkdir -p -m 700 "$tmp/evil"
for n in "\${out##*/}" "\$(echo "\${out##*/}" | sed 's/\.tmp[0-9]*\$//')"; do
    printf '#!/bin/sh\necho swapped > $tmp/ran\n' > "$tmp/evil/\$n"
    chmod 700 "$tmp/evil/\$n"
done
ln -sfn "$tmp/evil" "$tmp/L"
EOS
chmod 755 "$tmp/cc"
mkdir -m 700 "$tmp/cache"
ln -s "$tmp/cache" "$tmp/L"
CC="$tmp/cc" timeout -k 5 120 "$LITMUSLAB" hwrun -q -n 1000 --cache "$tmp/L" \
    litmus/x86/SB.litmus > "$tmp/out" 2> "$tmp/err"
rc=$?
[ -e "$tmp/ran" ] && fail "the swapped binary was run (exit $rc): $(cat "$tmp/err")"
[ "$(readlink "$tmp/L")" = "$tmp/evil" ] || fail "the wrapper did not swap"
[ $rc = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
grep -q '^Test SB Allowed$' "$tmp/out" || fail "no log: $(cat "$tmp/out")"
grep -q '^Histogram ([1-4] states)$' "$tmp/out" || fail "no histogram"
[ -s "$tmp/err" ] && fail "stderr: $(cat "$tmp/err")"
# the binary is where it was built, the script where the link points
n=$(cd "$tmp/cache" && ls -d SB-* | grep -cv '\.')
[ "$n" = 1 ] || fail "not one binary in the cache: $(ls "$tmp/cache")"
exit 0
