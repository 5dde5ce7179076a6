#!/bin/sh
# model_explain_names.sh — explanations speak the model's own language
# (issue 29, item 2): on the article's tests, litmus/c and litmus/c11, every
# relation an explanation names (a cycle's steps, its `where` lines, the
# trace's reasons) is one the model's cat file (or a file it includes)
# defines, or one herd7 provides (po, rf, rfe, fre, po-loc...); never the
# bare int or ext half of an intersection. And MP with release/acquire is
# explained as a kernel engineer reads it: fre ; po-rel ; rfe ; acq-po.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_explain_names: $*"; exit 1; }

# herd7's own relations (int and ext left out on purpose: a half of an
# intersection says where a pair lies, not why it is there)
herd="po rf co fr rfe rfi coe coi fre fri po-loc loc addr data ctrl rmw amo id ctrlisync"

# The names a cat file and the files it includes bind with let/and.
names_of() {
  f=model/cats/$1
  [ -f "$f" ] || return
  sed -n 's/^[[:space:]]*\(let\|and\)[[:space:]]\{1,\}\(rec[[:space:]]\{1,\}\)\{0,1\}\([A-Za-z0-9_.-]\{1,\}\)[[:space:]]*=.*/\3/p' "$f"
  for inc in $(sed -n 's/^include "\(.*\)".*/\1/p' "$f"); do names_of "$inc"; done
}

# The model file of a title, as the explanation's first line gives it.
cat_of() {
  for f in model/cats/*.cat; do
    [ "$(head -n 1 "$f" | tr -d '"')" = "$1" ] && { basename "$f"; return; }
  done
}

n=0
for t in litmus/ppc/SB+lwsync-RMW-lwsync+isync-simple.litmus \
         litmus/ppc/SB+lwsync-RMW-lwsync+sync-simple.litmus \
         litmus/c/*.litmus litmus/c11/*.litmus; do
  # the lock counters: minutes (locks4), 3 s and 10 times that under the
  # sanitizers (locks): make bench-c times them
  case $t in */counter+locks4.litmus) continue ;; esac
  case $t,$LITMUSLAB in */counter+locks.litmus,*/asan/*) continue ;; esac
  "$LITMUSLAB" model --explain-condition "$t" >"$tmp/ex" 2>"$tmp/err" ||
    fail "$t: exit $?: $(cat "$tmp/err")"
  title=$(sed -n '1s/.*\(allowed\|forbidden\) by \(.*\)\. One execution.*/\2/p; 1s/.*\(allowed\|forbidden\) by \(.*\): [0-9]* candidate.*/\2/p' "$tmp/ex")
  [ -n "$title" ] || continue    # no candidate reaches it: nothing named
  model=$(cat_of "$title")
  [ -n "$model" ] || fail "$t: no cat file titled '$title'"
  { names_of "$model"; echo $herd | tr ' ' '\n'; } | sort -u >"$tmp/known"
  # steps of cycles and where lines (a -ppo-> b, d -rf^-1-> init x), and
  # the trace's reasons: `after a (ppo;rfe)`
  { grep -o ' -[^ ]*-> ' "$tmp/ex" | sed 's/^ -//; s/-> $//'
    grep -o 'after [a-z]* ([^)]*)' "$tmp/ex" | sed 's/.*(//; s/)$//' | tr ';' '\n'
  } | sed 's/\^-1$//' | sort -u >"$tmp/used"
  bad=$(comm -23 "$tmp/used" "$tmp/known" | tr '\n' ' ')
  [ -z "$bad" ] || fail "$t ($model): names no relation of the model: $bad
$(grep -e "-\(${bad%% *}\)\(^-1\)\{0,1\}->" -e "(.*${bad%% *}" "$tmp/ex" | head -n 3)"
  n=$((n + 1))
done
[ $n -gt 79 ] || fail "only $n tests explained"

# The issue's own example, exactly.
"$LITMUSLAB" model --explain '1:r0=1; 1:r1=0' litmus/c/MP+release+acquire.litmus >"$tmp/ex" ||
  fail "MP+release+acquire: exit $?"
cat >"$tmp/want" <<'EOF'
  rejected by happens-before (acyclic): c -ppo-> d -prop-> c
      where c -ppo-> d is c -acq-po-> d
      where d -prop-> c is d -fre-> a -po-rel-> b -rfe-> c
EOF
tail -n 3 "$tmp/ex" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "MP+release+acquire: $(diff "$tmp/want" "$tmp/got")"
echo "model_explain_names: ok ($n tests)"
