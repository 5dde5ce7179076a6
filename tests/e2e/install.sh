#!/bin/sh
# install.sh — `make install` into a staging folder gives a binary that
# works with no source tree: it prints its version, finds the installed
# cat models (the binary is run from a copy of the install tree in another
# place), models SB under x86-TSO, and the man page and completion are
# installed; `make uninstall` removes them all.
set -u
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { echo "install: $*"; fail=1; }
make --no-print-directory -s install DESTDIR="$tmp/stage" PREFIX=/usr \
  INSTALL_BIN="$LITMUSLAB" >"$tmp/out" 2>&1 || { say "make install failed"; cat "$tmp/out"; exit 1; }
for f in usr/bin/litmuslab usr/share/litmuslab/cats/x86tso.cat \
         usr/share/litmuslab/cats/aarch64.cat usr/share/man/man1/litmuslab.1 \
         usr/share/bash-completion/completions/litmuslab; do
  [ -f "$tmp/stage/$f" ] || say "not installed: $f"
done
# Moved elsewhere, away from any source tree.
mv "$tmp/stage/usr" "$tmp/elsewhere"
bin=$tmp/elsewhere/bin/litmuslab
"$bin" --version | grep -Eq '^litmuslab [0-9]+\.[0-9]+\.[0-9]+' || say "no version"
cat > "$tmp/SB.litmus" <<'T'
X86_64 SB
{ }
 P0          | P1          ;
 movq $1,(x) | movq $1,(y) ;
 movq (y),%rax | movq (x),%rax ;
exists (0:rax=0 /\ 1:rax=0)
T
(cd "$tmp" && "$bin" model SB.litmus) >"$tmp/model" 2>"$tmp/err" ||
  { say "the installed model failed: $(head -n 1 "$tmp/err")"; }
grep -q '^Observation SB Sometimes 1 3$' "$tmp/model" || say "wrong SB result"
make --no-print-directory -s uninstall DESTDIR="$tmp/stage2" PREFIX=/usr >/dev/null 2>&1
make --no-print-directory -s install DESTDIR="$tmp/stage2" PREFIX=/usr \
  INSTALL_BIN="$LITMUSLAB" >/dev/null 2>&1
make --no-print-directory -s uninstall DESTDIR="$tmp/stage2" PREFIX=/usr >/dev/null 2>&1
[ -z "$(find "$tmp/stage2" -type f)" ] || say "uninstall left files"
[ $fail = 0 ] && echo "install: ok"
exit $fail
