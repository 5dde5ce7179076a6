#!/bin/sh
# robust_code.sh — a C test never runs code the reader did not read
# (issue 32, rows 1-3). Three hostile tests, each of which an older hwrun
# compiled and ran (`id > FILE` ran): a comment closed by a line splice
# (`*\` newline `/`) that hides a call of system(); `(system)(...)`, a call
# through parentheses; digraphs (`%:define`, `%:include`, `%>` closing the
# thread early so that a file-scope constructor runs). Each is refused
# with its exact FILE:LINE:COL message by `model`, by `hwrun --check`
# and by `hwrun`; `hwrun --emit` writes nothing; a campaign over them
# runs no hardware step; and FILE never appears. The thread functions
# hwrun compiles are printed from the lowered code (hwrun/gen/c_body.c),
# so what the reader refuses could not reach the compiler anyway: these
# check both. Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "robust_code: $*"; exit 1; }
mkdir "$tmp/t"
pwned=$tmp/pwned

# write NAME: the test from stdin, PWNED replaced by the file to create
write() { sed "s|PWNED|$pwned|" >"$tmp/t/$1.litmus"; }

write splice <<'EOF'
C robust-splice
{ int x = 0; }

P0(int *x)
{
	WRITE_ONCE(*x, 1); /* a comment *\
/ int system(const char *);
	if (system("id > PWNED")) {}
/* */
}

exists (x=1)
EOF

write paren <<'EOF'
C robust-paren
{ int x = 0; }

P0(int *x)
{
	WRITE_ONCE(*x, 1);
	if ((system)("id > PWNED")) {}
}

exists (x=1)
EOF

write digraph <<'EOF'
C robust-digraph
{ int x = 0; }

P0(int *x)
{
%:define unused_args 0, (void)loc, (void)out
	WRITE_ONCE(*x, 1);
	unused_args;
%>%>
%:include <stdlib.h>
%:undef barrier
%:undef cpu_relax
%:undef smp_rmb
%:define barrier __attribute__
static void barrier((constructor)) cpu_relax(void)
<%
	if ((system)("id > PWNED")) <%%>
%>
static void barrier((unused)) smp_rmb(uint64_t *const *loc, int64_t *out)
<%<%
}

exists (x=1)
EOF

while IFS='|' read -r f at msg; do
  t=$tmp/t/$f.litmus
  want="$t:$at: $msg"
  "$LITMUSLAB" model "$t" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc = 2 ] || fail "$f: model exit $rc, expected 2"
  [ "$(cat "$tmp/err")" = "$want" ] || fail "$f: model said: $(cat "$tmp/err")"
  [ -s "$tmp/out" ] && fail "$f: model printed a result: $(head -n 3 "$tmp/out")"
  "$LITMUSLAB" hwrun --check "$t" >"$tmp/out" 2>"$tmp/err"
  [ "$(cat "$tmp/out")" = "no $t: $want" ] || fail "$f: hwrun --check said: $(cat "$tmp/out" "$tmp/err")"
  "$LITMUSLAB" hwrun --cache "$tmp/cache" -n 10 "$t" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc = 2 ] || fail "$f: hwrun exit $rc, expected 2"
  [ "$(cat "$tmp/err")" = "$want" ] || fail "$f: hwrun said: $(cat "$tmp/err")"
  "$LITMUSLAB" hwrun --emit "$tmp/emit-$f" "$t" >"$tmp/out" 2>"$tmp/err"
  [ -e "$tmp/emit-$f" ] && fail "$f: --emit wrote $(ls "$tmp/emit-$f")"
  [ -e "$pwned" ] && fail "$f: the hidden code ran (hwrun)"
done <<'END'
splice|6:35|line splicing (a backslash at the end of a line) is not supported
paren|7:6|a call through parentheses is not supported: only the primitives can be called, by their names
digraph|6:1|digraph '%:' is not supported (C reads it as '#')
END

# a campaign runs the model and hwrun as children: neither runs them
"$LITMUSLAB" campaign "$tmp/t" -n 10 -o "$tmp/camp" >"$tmp/out" 2>"$tmp/err"
grep -q '^campaign: 3 tests, 0 runnable here;' "$tmp/err" ||
  fail "campaign: $(head -n 2 "$tmp/err")"
[ -e "$pwned" ] && fail "the hidden code ran (campaign)"
[ -s "$tmp/camp/hardware.log" ] && fail "campaign: hardware.log: $(head -n 3 "$tmp/camp/hardware.log")"
echo "robust_code: ok"
