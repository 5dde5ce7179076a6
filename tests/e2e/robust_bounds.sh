#!/bin/sh
# robust_bounds.sh — every reader bounds its lines (include/litmuslab/
# limits.h): a log line, a test line, a cat line, a -conf or @list line
# one byte past its bound is refused with `FILE:LINE: line longer than N
# bytes` and exit 2, a line at the bound is read; a gzip log that expands
# to one 10 GB line (a 10 MB file, made here of concatenated gzip members)
# ends with that message in a second, under a 600 MB address-space limit
# (it used to abort with "out of memory", exit 134); /dev/zero as a test
# or an included cat file, likewise.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "robust_bounds: $*"; [ -f "$tmp/err" ] && head -c 600 "$tmp/err"; exit 1; }
model=tests/e2e/data/compare-T.model.log
cmp_() { timeout -k 5 120 "$LITMUSLAB" compare --model "$model" "$@"; }
# xs N: N bytes of 'x', no newline
xs() { head -c "$1" /dev/zero | tr '\0' x; }
log_line=1048576      # LL_MAX_LOG_LINE
test_line=1048576     # LL_MAX_TEST_LINE
cat_line=1048576      # LL_MAX_CAT_LINE
conf_line=65536       # LL_MAX_CONF_LINE

# A good entry after a junk line of exactly the bound: read, exit 0.
{ xs $log_line; echo
  printf 'Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1; x=1;\nOk\n\n'
} > "$tmp/at.log"
cmp_ --hw "$tmp/at.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err" ||
    fail "a line of $log_line bytes: exit $?"
grep -q '^T,"0:r1=1; \[x\]=1;",yes,1,' "$tmp/r/outcomes.csv" ||
    fail "a line of $log_line bytes: entry not read"

# One byte more: refused where it is, exit 2.
{ printf 'Test T Allow\nHistogram (1 states)\n'; xs $((log_line + 1)); echo
  printf 'Ok\n\n'; } > "$tmp/over.log"
cmp_ --hw "$tmp/over.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || fail "a line of $((log_line + 1)) bytes: want exit 2, got $rc"
[ "$(cat "$tmp/err")" = "$tmp/over.log:3: line longer than $log_line bytes
litmuslab compare: nothing written to $tmp/r: an input could not be read" ] ||
    fail "long log line: message"

# The gzip bomb: 10 MB of gzip, one 10 GB line of 'x'. Concatenated gzip
# members are one stream to zlib: 10 MB compressed once, then doubled.
xs 10485760 | gzip -9 > "$tmp/bomb.gz"
for i in 1 2 3 4 5 6 7 8 9 10; do
    cat "$tmp/bomb.gz" "$tmp/bomb.gz" > "$tmp/b2.gz" &&
        mv "$tmp/b2.gz" "$tmp/bomb.gz"
done
[ "$(wc -c < "$tmp/bomb.gz")" -lt 20000000 ] || fail "bomb: too big"
limit="ulimit -v 600000;"
case $LITMUSLAB in */asan/*) limit= ;; esac   # ASan reserves terabytes
start=$(date +%s)
sh -c "$limit"' exec "$@"' sh timeout -k 5 120 "$LITMUSLAB" compare \
    --model "$model" --hw "$tmp/bomb.gz" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] || fail "gzip bomb: want exit 2, got $rc"
[ "$(cat "$tmp/err")" = "$tmp/bomb.gz:1: line longer than $log_line bytes
litmuslab compare: nothing written to $tmp/r: an input could not be read" ] ||
    fail "gzip bomb: message"
[ $(( $(date +%s) - start )) -le 30 ] || fail "gzip bomb: too slow"
[ -n "$limit" ] || echo "robust_bounds: SKIP: the address-space limit (ASan)"
# The same bomb as the model's log.
timeout -k 5 120 "$LITMUSLAB" compare --model "$tmp/bomb.gz" -o "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "gzip bomb as --model: want exit 2"
grep -q "bomb.gz:1: line longer than $log_line bytes" "$tmp/err" ||
    fail "gzip bomb as --model: message"

# A litmus test: a line at the bound is read on (and refused for what it
# says), one byte more is refused for its length.
{ echo 'X86 LONG'; echo '{ x=0; }'; echo ' P0          ;'
  printf ' MOV [x],$1  ; (*'; xs $((test_line - 19)); echo '*)'
  echo 'exists (x=1)'; } > "$tmp/at.litmus"
[ "$(sed -n 4p "$tmp/at.litmus" | wc -c)" = $((test_line + 1)) ] ||
    fail "at.litmus: line 4 is not $test_line bytes"
timeout 60 "$LITMUSLAB" parse "$tmp/at.litmus" > /dev/null 2> "$tmp/err" ||
    fail "a test line of $test_line bytes: exit $?"
{ echo 'X86 LONG'; xs $((test_line + 1)); echo; } > "$tmp/long.litmus"
timeout 60 "$LITMUSLAB" parse "$tmp/long.litmus" > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "long test line: want exit 2"
[ "$(cat "$tmp/err")" = "$tmp/long.litmus:2: line longer than $test_line bytes" ] ||
    fail "long test line: message"
timeout 60 "$LITMUSLAB" parse /dev/zero > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "/dev/zero as a test: want exit 2"
[ "$(cat "$tmp/err")" = "/dev/zero:1: line longer than $test_line bytes" ] ||
    fail "/dev/zero as a test: message"

# A cat file: a long line, and /dev/zero included.
sb=litmus/x86/SB.litmus
{ echo '"long"'; printf '(*'; xs $((cat_line + 1)); echo '*)'; } \
    > "$tmp/long.cat"
timeout 60 "$LITMUSLAB" model -model "$tmp/long.cat" $sb > /dev/null \
    2> "$tmp/err"
[ $? = 2 ] || fail "long cat line: want exit 2"
[ "$(cat "$tmp/err")" = "$tmp/long.cat:2: line longer than $cat_line bytes" ] ||
    fail "long cat line: message"
printf '"zero"\ninclude "/dev/zero"\n' > "$tmp/zero.cat"
timeout 60 "$LITMUSLAB" model -model "$tmp/zero.cat" $sb > /dev/null \
    2> "$tmp/err"
[ $? = 2 ] || fail "include /dev/zero: want exit 2"
grep -q "^/dev/zero:1: line longer than $cat_line bytes" "$tmp/err" ||
    fail "include /dev/zero: message"

# herd7's -conf file and a @list of tests.
{ printf 'model '; xs $conf_line; echo; } > "$tmp/long.cfg"
timeout 60 "$LITMUSLAB" model -conf "$tmp/long.cfg" $sb > /dev/null \
    2> "$tmp/err"
[ $? = 2 ] || fail "long -conf line: want exit 2"
grep -q "^$tmp/long.cfg:1: line longer than $conf_line bytes$" "$tmp/err" ||
    fail "long -conf line: message"
{ echo "$PWD/$sb"; xs $((conf_line + 1)); echo; } > "$tmp/list"
timeout 60 "$LITMUSLAB" model "@$tmp/list" > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "long @list line: want exit 2"
grep -q "^$tmp/list:2: line longer than $conf_line bytes$" "$tmp/err" ||
    fail "long @list line: message"
echo "robust_bounds: ok"
