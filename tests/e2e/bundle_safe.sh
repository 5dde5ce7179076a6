#!/bin/sh
# bundle_safe.sh — `hwrun --bundle` and `campaign --bundle` never touch a
# file of the user's (issue 32, row 5): a folder with files in it is
# refused with one message and left as it was; a symbolic link is
# refused, with --force too; --force writes into a folder with files but
# replaces a symlinked `run` instead of following it (its target keeps
# its text and mode); `--bundle X.tar.gz` holds exactly the bundle's
# files (a private.key lying in X/ is not shipped, X/ is not touched),
# an existing tarball is replaced only with --force, never through a link.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "bundle_safe: $*"; exit 1; }
sb=litmus/c/SB+once.litmus mp=litmus/c/MP+once.litmus
# expect STATUS MESSAGE: the last command's exit status and its stderr
expect() {
  [ "$rc" = "$1" ] || fail "exit $rc, want $1: $(cat "$tmp/err")"
  [ "$(cat "$tmp/err")" = "$2" ] || fail "message: $(cat "$tmp/err"); want: $2"
}

# a folder with the user's run, Makefile, README: refused, untouched
d=$tmp/mine
mkdir "$d" && echo 'my run' > "$d/run" && echo 'all:' > "$d/Makefile" &&
  echo 'my notes' > "$d/README" && chmod 600 "$d/run" || fail setup
"$LITMUSLAB" hwrun --bundle "$d" $sb 2>"$tmp/err"; rc=$?
expect 2 "litmuslab hwrun: $d is not empty; --bundle writes a new folder (--force writes into this one)"
"$LITMUSLAB" campaign litmus/c --bundle "$d/" -o "$tmp/w" 2>"$tmp/err" >/dev/null; rc=$?
expect 2 "litmuslab campaign: $d/ is not empty; --bundle writes a new folder (--force writes into this one)"
[ "$(cat "$d/run" "$d/Makefile" "$d/README")" = "my run
all:
my notes" ] || fail "the user's files changed: $(cat "$d/run" "$d/Makefile" "$d/README")"
[ "$(ls "$d")" = "Makefile
README
run" ] || fail "files added: $(ls "$d")"
[ -e "$tmp/w" ] && fail "campaign made $tmp/w for a refused bundle"

# a link to a folder (empty or not): refused, with --force too
mkdir "$tmp/empty" && ln -s "$tmp/empty" "$tmp/link" || fail setup
for f in "" --force; do
  "$LITMUSLAB" hwrun --bundle "$tmp/link" $f $sb 2>"$tmp/err"; rc=$?
  expect 2 "litmuslab hwrun: $tmp/link is a symbolic link; --bundle writes a new folder, never through a link"
done
[ -z "$(ls "$tmp/empty")" ] || fail "written through the link: $(ls "$tmp/empty")"
# a file where the folder would be
: > "$tmp/file"
"$LITMUSLAB" hwrun --bundle "$tmp/file" --force $sb 2>"$tmp/err"; rc=$?
expect 2 "litmuslab hwrun: $tmp/file exists and is not a folder; --bundle writes a new folder"

# --force: run is a link to a file of the user's: the link is replaced,
# the file keeps its text and mode
echo 'secret' > "$tmp/victim" && chmod 600 "$tmp/victim" &&
  rm "$d/run" && ln -s "$tmp/victim" "$d/run" || fail setup
"$LITMUSLAB" hwrun --bundle "$d" --force $sb $mp 2>"$tmp/err"; rc=$?
expect 0 ""
[ "$(cat "$tmp/victim")" = secret ] || fail "the link's target was written"
[ "$(stat -c %a "$tmp/victim")" = 600 ] || fail "the link's target was chmod'ed: $(stat -c %a "$tmp/victim")"
[ -f "$d/run" ] && [ ! -L "$d/run" ] && [ -x "$d/run" ] || fail "run is not a new script"
grep -q '^# run — builds and runs every test' "$d/run" || fail "run: $(head -n 2 "$d/run")"
[ "$(cat "$d/tests.list")" = "SB+once
MP+once" ] || fail "tests.list: $(cat "$d/tests.list")"
# a symlinked sub-folder is not followed either
rm -r "$d/tests" && mkdir "$tmp/elsewhere" && ln -s "$tmp/elsewhere" "$d/tests" || fail setup
"$LITMUSLAB" hwrun --bundle "$d" --force $sb 2>"$tmp/err"; rc=$?
expect 2 "litmuslab hwrun: cannot write $d/tests: Not a directory"
[ -z "$(ls "$tmp/elsewhere")" ] || fail "written through tests/: $(ls "$tmp/elsewhere")"

# a tarball: exactly the bundle, whatever lies in a folder of its name
mkdir "$tmp/ship" && echo 'KEY' > "$tmp/ship/private.key" || fail setup
"$LITMUSLAB" campaign $sb $mp --bundle "$tmp/ship.tar.gz" -o "$tmp/w" \
  >"$tmp/out" 2>"$tmp/err"; rc=$?
expect 0 ""
grep -q "^Bundle $tmp/ship.tar.gz: 2 of 2 tests for this machine$" "$tmp/out" ||
  fail "campaign: $(cat "$tmp/out")"
{
  printf 'ship/\nship/harness/\nship/tests/\nship/litmus/\n'
  # the harness's own files, then lib's two it shares and the generated
  # list of machine headers (mk/hwrun.mk)
  for f in $(ls hwrun/harness) verdict.h log_lines.h hr_machines.h; do
    echo "ship/harness/$f"
  done
  printf 'ship/tests/MP+once.c\nship/litmus/MP+once.litmus\n'   # campaign's order
  printf 'ship/tests/SB+once.c\nship/litmus/SB+once.litmus\n'
  printf 'ship/tests.list\nship/Makefile\nship/run\nship/README\n'
} > "$tmp/want"
tar tzf "$tmp/ship.tar.gz" > "$tmp/got" || fail "tar cannot read the tarball"
cmp -s "$tmp/want" "$tmp/got" || fail "tarball: $(diff "$tmp/want" "$tmp/got")"
tar tvzf "$tmp/ship.tar.gz" ship/run | grep -q '^-rwxr-xr-x ' ||
  fail "run is not executable in the tarball: $(tar tvzf "$tmp/ship.tar.gz" ship/run)"
[ "$(ls "$tmp/ship")" = private.key ] || fail "ship/ touched: $(ls "$tmp/ship")"
ls "$tmp" | grep -q 'ship.tar.gz.tmp' && fail "a temporary file is left"
# what is in it is the bundle: unpacked, the litmus file is the test
mkdir "$tmp/x" && tar xzf "$tmp/ship.tar.gz" -C "$tmp/x" || fail unpack
cmp -s "$tmp/x/ship/litmus/SB+once.litmus" $sb || fail "SB+once.litmus differs"
# an existing tarball: refused; --force replaces it; a link: refused
"$LITMUSLAB" hwrun --bundle "$tmp/ship.tar.gz" $sb 2>"$tmp/err"; rc=$?
expect 2 "litmuslab hwrun: $tmp/ship.tar.gz exists; --bundle writes a new file (--force replaces it)"
"$LITMUSLAB" hwrun --bundle "$tmp/ship.tar.gz" --force $sb 2>"$tmp/err"; rc=$?
expect 0 ""
[ "$(tar tzf "$tmp/ship.tar.gz" | grep -c '^ship/tests/')" = 2 ] ||
  fail "--force: $(tar tzf "$tmp/ship.tar.gz" | grep '^ship/tests/')"
ln -s "$tmp/victim" "$tmp/v.tar.gz" || fail setup
"$LITMUSLAB" hwrun --bundle "$tmp/v.tar.gz" --force $sb 2>"$tmp/err"; rc=$?
expect 2 "litmuslab hwrun: $tmp/v.tar.gz is a symbolic link; --bundle writes a new file, never through a link"
[ "$(cat "$tmp/victim")" = secret ] || fail "written through v.tar.gz"
# a bundle that fails (the same test twice) takes back what it made
"$LITMUSLAB" hwrun --bundle "$tmp/dup" $mp $mp 2>"$tmp/err"; rc=$?
expect 2 "$mp: test MP+once is already in the bundle"
[ -e "$tmp/dup" ] && fail "a failed bundle left $(ls -R "$tmp/dup")"
"$LITMUSLAB" hwrun --bundle "$tmp/dup.tar.gz" $mp $mp 2>"$tmp/err"; rc=$?
expect 2 "$mp: test MP+once is already in the bundle"
ls "$tmp" | grep -q '^dup' && fail "a failed tarball left $(ls "$tmp" | grep dup)"
"$LITMUSLAB" hwrun --timeout 5 $mp 2>"$tmp/err"; rc=$?
expect 2 "litmuslab hwrun: --timeout goes with --bundle (a run here ends a stuck round with -watchdog)"

# a name too long for a ustar header (GNU long-name entry): read back whole
long=MP+once+$(printf '%0120d' 0)
sed "s/^C MP+once\$/C $long/" $mp > "$tmp/long.litmus"
"$LITMUSLAB" hwrun --bundle "$tmp/long.tar.gz" "$tmp/long.litmus" 2>"$tmp/err"; rc=$?
expect 0 ""
tar tzf "$tmp/long.tar.gz" | grep -qx "long/litmus/$long.litmus" ||
  fail "long name: $(tar tzf "$tmp/long.tar.gz" | grep litmus/)"
mkdir "$tmp/y" && tar xzf "$tmp/long.tar.gz" -C "$tmp/y" &&
  cmp -s "$tmp/y/long/litmus/$long.litmus" "$tmp/long.litmus" ||
  fail "long name: not read back"
echo "bundle_safe: ok"
exit 0
