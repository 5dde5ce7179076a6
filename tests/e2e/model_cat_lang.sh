#!/bin/sh
# model_cat_lang.sh — herd's cat statements through `litmuslab model`, on
# the store-buffering test litmus/x86/SB.litmus (4 candidates: each load
# reads the initial value or the other thread's store; x86-TSO allows
# all four). Worked out by hand:
# - flags print as herd7 prints them, after the counts, by name: rfe and
#   fre each occur in three candidates; no rmw, so no has-rmw line;
# - --variant strong adds `acyclic po | com` (SC): 0:rax=0 /\ 1:rax=0
#   goes, 3 states, No;
# - -variant strong,undef (herd's comma-separated form) also makes every
#   execution with an rfe undefined: verdict Undef, `Flag *undef*` first;
# - with r from {rf, co}: both choices pass for every candidate, so each
#   counts twice (herd counts each choice that passes);
# - --bell: a bell file's bindings and flags, then the model, where
#   herd7 runs the bell (below);
# - co, coi, coe, fr, fri, fre are no built-in names (herd7's are not
#   either: its models include cos.cat): a model naming them unbound is
#   refused, as herd7 refuses it (`unbound var: co`); a model of its own
#   `let co` has herd7 enumerate no co, so no candidate is incoherent to
#   it (CoRR: herd7 7.58's 4 states, Sometimes 1 3).
# Time and Hash= are not compared (the digest is checked elsewhere).
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_cat_lang: $*"; exit 1; }
sb=litmus/x86/SB.litmus

cat > "$tmp/flags.cat" <<'END'
"flags and variants"
include "common.cat"
acyclic coherence as sc-per-location
if "strong" then
  acyclic po | com as sc
end
if "undef" undefined_unless empty rfe as no-rfe end
flag ~empty rfe as rfe-seen
flag ~empty fre as fre-seen
flag ~empty rmw as has-rmw
END
cat > "$tmp/choose.cat" <<'END'
"choices"
include "cos-opt.cat"
with r from {rf, co}
acyclic po | r as choice
END

states4='0:rax=0; 1:rax=0;
0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;'
states3='0:rax=0; 1:rax=1;
0:rax=1; 1:rax=0;
0:rax=1; 1:rax=1;'
flags='Flag fre-seen
Flag rfe-seen'
cond='Condition exists (0:rax=0 /\ 1:rax=0)'

check() {   # name, model args..., then the expected entry on stdin
    name=$1; shift
    cat > "$tmp/want"
    "$LITMUSLAB" model "$@" $sb > "$tmp/out" 2> "$tmp/err" ||
        { cat "$tmp/err"; fail "$name: exit $?"; }
    [ -s "$tmp/err" ] && { cat "$tmp/err"; fail "$name: stderr"; }
    grep -v '^Time \|^Hash=' "$tmp/out" > "$tmp/got"
    diff "$tmp/want" "$tmp/got" > "$tmp/diff" ||
        { cat "$tmp/diff"; fail "$name: entry differs"; }
}

check flags --model "$tmp/flags.cat" <<END
Test SB Allowed
States 4
$states4
Ok
Witnesses
Positive: 1 Negative: 3
$flags
$cond
Observation SB Sometimes 1 3

END
check strong --model "$tmp/flags.cat" --variant strong <<END
Test SB Allowed
States 3
$states3
No
Witnesses
Positive: 0 Negative: 3
$flags
$cond
Observation SB Never 0 3

END
check undef --model "$tmp/flags.cat" -variant strong,undef <<END
Test SB Allowed
States 3
$states3
Undef
Witnesses
Positive: 0 Negative: 3
Flag *undef*
$flags
$cond
Observation SB Never 0 3

END
check choose --model "$tmp/choose.cat" <<END
Test SB Allowed
States 4
$states4
Ok
Witnesses
Positive: 2 Negative: 6
$cond
Observation SB Sometimes 2 6

END

# --bell (herd's -bell): herd7 7.58 runs the bell file before the model,
# its bindings, flags and checks the model's, for the tests of some
# architectures only (MemCat's bell_model_info): on SB of litmus/aarch64
# SC through the bell's `both`, 3 states, No, the bell's flag shown. On
# SB of litmus/x86 it reads the bell (a syntax error, a missing include
# refused) but runs nothing of it: uses.cat's `both` is unbound (herd7:
# File "./uses.cat", line 2, characters 8-12: unbound var: both), the
# bell's flag and an unbound name in its check are not seen (empty.cat:
# x86-TSO's 4 states, no Flag line).
cat > "$tmp/k.bell" <<'END'
"a bell"
include "cos-opt.cat"
enum Kinds = 'plain || 'marked
instructions W[Kinds]
let both = po | rf | co | fr
flag ~empty fre as bell-fre
END
printf '"uses the bell"\nacyclic both as sc\n' > "$tmp/uses.cat"
printf '"none of it"\ninclude "cos-opt.cat"\n' > "$tmp/empty.cat"
sb=litmus/aarch64/SB.litmus
check bell --bell "$tmp/k.bell" --model "$tmp/uses.cat" <<END
Test SB Allowed
States 3
0:X2=0; 1:X2=1;
0:X2=1; 1:X2=0;
0:X2=1; 1:X2=1;
No
Witnesses
Positive: 0 Negative: 3
Flag bell-fre
Condition exists (0:X2=0 /\ 1:X2=0)
Observation SB Never 0 3

END
sb=litmus/x86/SB.litmus
"$LITMUSLAB" model --bell "$tmp/k.bell" --model "$tmp/uses.cat" $sb \
    > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "bell not run: want exit 2"
grep -q "uses.cat:2:9: unbound name 'both'" "$tmp/err" ||
    { cat "$tmp/err"; fail "bell not run: message"; }
printf '"a bell"\nflag ~empty po as bell-po\nacyclic nosuch as x\n' \
    > "$tmp/k2.bell"
check bell-read --bell "$tmp/k2.bell" --model "$tmp/empty.cat" <<END
Test SB Allowed
States 4
$states4
Ok
Witnesses
Positive: 1 Negative: 3
$cond
Observation SB Sometimes 1 3

END
for b in 'let = po' 'include "nosuch.cat"'; do
    printf '"a bell"\n%s\n' "$b" > "$tmp/k3.bell"
    "$LITMUSLAB" model --bell "$tmp/k3.bell" --model "$tmp/empty.cat" $sb \
        > /dev/null 2> "$tmp/err"
    [ $? = 2 ] || fail "bell read ($b): want exit 2"
    grep -q "k3.bell:2:" "$tmp/err" || { cat "$tmp/err"; fail "bell read ($b): message"; }
done
"$LITMUSLAB" model --model "$tmp/uses.cat" $sb > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "no bell: want exit 2"
grep -q "uses.cat:2:9: unbound name 'both'" "$tmp/err" ||
    { cat "$tmp/err"; fail "no bell: message"; }

# co and what is made of it are the model's to bind (herd7: File
# "./m.cat", line 2, characters 18-20: unbound var: co; ... 18-21:
# unbound var: fre).
for n in co coi coe fr fri fre; do
    printf '"m"\nacyclic po | rf | %s as sc\n' $n > "$tmp/m.cat"
    "$LITMUSLAB" model --model "$tmp/m.cat" $sb > /dev/null 2> "$tmp/err"
    [ $? = 2 ] || fail "unbound $n: want exit 2"
    grep -qx "$tmp/m.cat:2:19: unbound name '$n'" "$tmp/err" ||
        { cat "$tmp/err"; fail "unbound $n: message"; }
done
# with co from S: S names what is bound (herd7: characters 13-25:
# unbound var: generate_cos, cross.cat not included)
printf '"m"\nwith co from generate_cos(co0)\nacyclic co as c\n' > "$tmp/m.cat"
"$LITMUSLAB" model --model "$tmp/m.cat" $sb > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "unbound generate_cos: want exit 2"
grep -qx "$tmp/m.cat:2:14: unbound name 'generate_cos'" "$tmp/err" ||
    { cat "$tmp/err"; fail "unbound generate_cos: message"; }
# a let co of the model's own: herd7 enumerates no co (CoRR's 4 states)
cat > "$tmp/own.cat" <<'END'
"own co"
let co = (W * W) & loc & po
let fr = (rf^-1 ; co) \ id
acyclic po | rf | co | fr as sc
END
sb=litmus/x86/CoRR.litmus
check own-co --model "$tmp/own.cat" <<END
Test CoRR Allowed
States 4
1:rax=0; 1:rbx=0;
1:rax=0; 1:rbx=1;
1:rax=1; 1:rbx=0;
1:rax=1; 1:rbx=1;
Ok
Witnesses
Positive: 1 Negative: 3
Condition exists (1:rax=1 /\ 1:rbx=0)
Observation CoRR Sometimes 1 3

END
sb=litmus/x86/SB.litmus

# A model error in a variant branch is reported only when it is taken.
printf '"t"\nif "v" then acyclic nosuch end\n' > "$tmp/bad.cat"
"$LITMUSLAB" model --model "$tmp/bad.cat" $sb > /dev/null 2>&1 ||
    fail "untaken branch: exit $?"
"$LITMUSLAB" model --model "$tmp/bad.cat" --variant V $sb > /dev/null \
    2> "$tmp/err"
[ $? = 2 ] || fail "taken branch: want exit 2"
grep -q "bad.cat:2:21: unbound name 'nosuch'" "$tmp/err" ||
    { cat "$tmp/err"; fail "taken branch: message"; }
echo "model_cat_lang: ok"
