#!/bin/sh
# robust_messages.sh — the messages of the second hostile sweep, each
# exact: a 100,000-location state is quoted in part, not as a 1.9 MB line;
# a NUL byte in a log is an error at its position (it used to glue two
# lines); a hardware log whose every entry is broken exits 2 (it exited
# 0); INT64_MIN / -1 is an overflow, not a division by zero, and PPC's
# divw of -2^31 by -1 gives herd7's state; `let rec f(x) = f(x)` is a
# recursion without end; a test binary killed by a signal is named with
# it; cc's error in a C test's body names the test's line, not the
# generated C in the cache.
# Env: LITMUSLAB. cwd: the repo root.
: "${LITMUSLAB:?}"
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "robust_messages: $*"; [ -f "$tmp/err" ] && head -c 800 "$tmp/err"; exit 1; }
model=tests/e2e/data/compare-T.model.log
cmp_() { timeout -k 5 120 "$LITMUSLAB" compare --model "$model" "$@"; }
L=$LITMUSLAB

# A state of 100,000 locations that does not fit the test: 200 bytes of
# it, of its places and of the model's are quoted, each cut with "...".
awk 'BEGIN { printf "Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1;"
    for (i = 0; i < 100000; i++) printf " l%d=0;", i; printf "\nOk\n\n" }' \
    > "$tmp/wide.log"
cmp_ --hw "$tmp/wide.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "wide state: want exit 2 (no usable entry)"
want="$tmp/wide.log:3: test T: state '0:r1=1; [l0]=0; [l1]=0; [l10]=0; [l100]=0; [l1000]=0; [l10000]=0; [l10001]=0; [l10002]=0; [l10003]=0; [l10004]=0; [l10005]=0; [l10006]=0; [l10007]=0; [l10008]=0; [l10009]=0; [l1001]=0; [l10010]=0; [l1...' does not fit the test (its places: 0:r1 l0 l1 l10 l100 l1000 l10000 l10001 l10002 l10003 l10004 l10005 l10006 l10007 l10008 l10009 l1001 l10010 l10011 l10012 l10013 l10014 l10015 l10016 l10017 l10018 l10019 l1002 l10020 l10021 l10022 l...; the model's: 0:r1 x); entry skipped
$tmp/wide.log: no usable log entry: its only entry is broken (see above)
litmuslab compare: nothing written to $tmp/r: an input could not be read"
[ "$(cat "$tmp/err")" = "$want" ] || fail "wide state: message"

# A NUL byte: an error where it is, the file stops there, exit 2.
printf 'Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1; x=1;\nOk\0\nTest U Allow\nHistogram (1 states)\n1       :> 0:r1=0; x=1;\nOk\n\n' \
    > "$tmp/nul.log"
cmp_ --hw "$tmp/nul.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "NUL: want exit 2"
[ "$(cat "$tmp/err")" = "$tmp/nul.log:4:3: NUL byte in the log: not a text file, or a damaged one
litmuslab compare: nothing written to $tmp/r: an input could not be read" ] ||
    fail "NUL: message"

# Every entry broken: said, exit 2 (one good entry among them: exit 0).
printf 'Test T Allow\nHistogram (2 states)\n1 :> 0:r1=1; x=1;\n\nTest T Allow\nHistogram (x states)\n\n' \
    > "$tmp/broken.log"
cmp_ --hw "$tmp/broken.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "all broken: want exit 2"
grep -q "^$tmp/broken.log: no usable log entry: all 2 entries are broken (see above)$" \
    "$tmp/err" || fail "all broken: message"
printf 'Test T Allow\nHistogram (1 states)\n1       :> 0:r1=1; x=1;\nOk\n\n' \
    >> "$tmp/broken.log"
cmp_ --hw "$tmp/broken.log" -o "$tmp/r" > "$tmp/out" 2> "$tmp/err" ||
    fail "one good entry: exit $?"

# INT64_MIN / -1 in C: folded or run, an overflow at FILE:LINE:COL.
for op in / %; do
    cat > "$tmp/div.litmus" <<END
C div

{ int64_t x = 0; }

P0(int64_t *x) {
  int64_t r0 = -9223372036854775807;
  int64_t r2 = r0 - 1;
  int64_t r1 = r2 $op -1;
  *x = r1;
}

exists (x = 0)
END
    "$L" model "$tmp/div.litmus" > "$tmp/out" 2> "$tmp/err"
    [ $? = 2 ] || fail "INT64_MIN $op -1: want exit 2"
    case $op in
    /) want="overflow: -9223372036854775808 / -1 is 2^63, past the 64-bit range" ;;
    %) want="overflow: -9223372036854775808 % -1 (its quotient, 2^63, is past the 64-bit range)" ;;
    esac
    [ "$(cat "$tmp/err")" = "$tmp/div.litmus:8:19: $want" ] ||
        fail "INT64_MIN $op -1: message"
done
# PPC: divw of -2^31 by -1 is -2^31 (herd7 7.58's state); divd, which herd7
# does not read, is refused (its overflow too); a division by zero says so.
cat > "$tmp/pdiv.litmus" <<'END'
PPC pdiv
{
0:r2=-1; 0:r7=-2147483648;
}
 P0             ;
 divw r6,r7,r2  ;
exists (0:r6=-2147483648)
END
"$L" model "$tmp/pdiv.litmus" > "$tmp/out" 2> "$tmp/err" || fail "divw: exit $?"
[ "$(sed -n 2,4p "$tmp/out")" = "States 1
0:r6=-2147483648;
Ok" ] || fail "divw: $(cat "$tmp/out")"
herd=../shared/tools/herdtools7/herd7
if [ -x "$herd" ]; then
    "$herd" "$tmp/pdiv.litmus" 2>&1 | sed -n 2,4p > "$tmp/herd"
    sed -n 2,4p "$tmp/out" | cmp -s - "$tmp/herd" ||
        fail "divw: herd7 says $(cat "$tmp/herd")"
else
    echo "robust_messages: SKIP: herd7 (../shared/tools) to compare divw with"
fi
sed 's/divw r6,r7,r2  ;/sldi r4,r2,63 ;\n divd r6,r4,r2 ;/' "$tmp/pdiv.litmus" \
    > "$tmp/pdivd.litmus"
"$L" model "$tmp/pdivd.litmus" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] || fail "divd: want exit 2"
# herd7 7.58 reads no sldi nor divd: the test is refused there
[ "$(cat "$tmp/err")" = "$tmp/pdivd.litmus:6:2: herd7 7.58 does not read 'sldi r4,r2,63' (its PPC has no such instruction), so the model refuses the test; hwrun runs it" ] ||
    fail "divd: message"
sed 's/0:r2=-1;/0:r2=0;/' "$tmp/pdiv.litmus" > "$tmp/pdiv0.litmus"
"$L" model "$tmp/pdiv0.litmus" > "$tmp/out" 2> "$tmp/err"
[ "$(cat "$tmp/err")" = "$tmp/pdiv0.litmus:6:2: division by zero" ] ||
    fail "divw by zero: message"

# let rec f(x) = f(x): where the call is, before any other complaint.
printf '"rec"\nlet rec f(x) = f(x)\nlet r = f(po)\nacyclic r as t\n' \
    > "$tmp/rec.cat"
"$L" model -model "$tmp/rec.cat" litmus/x86/SB.litmus > "$tmp/out" \
    2> "$tmp/err"
[ $? = 2 ] || fail "let rec: want exit 2"
[ "$(cat "$tmp/err")" = "$tmp/rec.cat:2:16: recursion without end: every path through 'f' calls 'f' again (no match or if branch returns without a call)" ] ||
    fail "let rec: message"
# ... a recursion that ends is fine.
printf '"rec"\nlet rec f(s) = match s with {} -> 0 || e ++ r -> f(r) end\nlet r = f(po)\n' \
    > "$tmp/ends.cat"
"$L" model -model "$tmp/ends.cat" litmus/x86/SB.litmus > "$tmp/out" \
    2> "$tmp/err" || fail "a recursion that ends: exit $?"

# hwrun, on x86-64 with a C compiler and hwloc.
if [ "$(uname -m)" != x86_64 ] || ! command -v cc > /dev/null ||
    ! pkg-config --exists hwloc 2>/dev/null; then
    echo "robust_messages: SKIP: hwrun checks (x86-64, cc and hwloc)"
    echo "robust_messages: ok"
    exit 0
fi
cache=build/hwrun-cache
# A test binary killed by SIGSEGV: named with its signal.
cp tests/e2e/data/hwrun/loop.litmus "$tmp/loop.litmus"   # P0: `L0: JMP L0`
"$L" hwrun --cache "$cache" -q -watchdog 1 "$tmp/loop.litmus" > /dev/null 2>&1
# (built: hwrun's child is now the test binary, not cc; the watchdog
# ends it in 20 s if the signal below misses)
"$L" hwrun --cache "$cache" -q -watchdog 20 "$tmp/loop.litmus" \
    > "$tmp/out" 2> "$tmp/err" &
pid=$!
n=0
# the test binary, once it has its handlers (it catches SIGINT)
while bin=$(pgrep -P "$pid" | head -n 1)
      m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$bin/status" 2>/dev/null)
      [ -z "$m" ] || [ $(( 0x$m & 2 )) = 0 ]; do
    n=$((n+1)); [ $n -gt 300 ] && fail "SEGV: no test binary started"
    sleep 0.1
done
grep -q LOOP "/proc/$bin/cmdline" || fail "SEGV: $bin is not the test binary"
kill -SEGV "$bin"
wait "$pid"
rc=$?
pid=
[ $rc = 2 ] || fail "SEGV: want exit 2, got $rc"
grep -q "^litmuslab hwrun: LOOP: the test binary .* was killed by signal 11 (SIGSEGV)$" \
    "$tmp/err" || fail "SEGV: message"

# cc fails on a C test's code: its errors name the test's lines. The
# code hwrun prints from the parsed test compiles (make fuzz-cbody); a
# compiler whose WRITE_ONCE is broken (a bad cross toolchain, simulated
# by a wrapper) shows where an error lands: the statement's line in the
# test (10), each statement preceded by its #line.
cat > "$tmp/ccfail.litmus" <<'END'
C ccfail

{}

P0(int *x, int *y)
{
	int r0;

	r0 = READ_ONCE(*y);
	WRITE_ONCE(*x, 1);
}

exists (0:r0=0)
END
cat > "$tmp/badcc" <<END
#!/bin/sh
for a; do case \$a in *.c) sed -i 's/WRITE_ONCE(\*m_x/no_such_function(*m_x/' "\$a" ;; esac; done
exec ${CC:-cc} "\$@" -Werror=implicit-function-declaration
END
chmod +x "$tmp/badcc"
CC="$tmp/badcc" "$L" hwrun --cache "$tmp/cache" -n 10 "$tmp/ccfail.litmus" > "$tmp/out" \
    2> "$tmp/err"
[ $? = 2 ] || fail "cc error: want exit 2"
grep -q "^$tmp/ccfail.litmus:10:[0-9]*: error: " "$tmp/err" ||
    fail "cc error: not at the test's line 10"
grep -q "^$tmp/cache/.*: error" "$tmp/err" && fail "cc error: in the cache"
grep -q "^litmuslab hwrun: ccfail: the C compiler (.*) failed; the generated file is kept: $tmp/cache/ccfail-[0-9a-f]*\.c$" \
    "$tmp/err" || fail "cc error: kept file"
echo "robust_messages: ok"
