#!/bin/sh
# model_herd_events.sh — the events and names herd7 predefines, which
# its own model files read (model/herdev.c), seen through small cat
# files of our own (no ../shared needed):
# - register events: `catdep` (after the title, as herd7 takes it) and a
#   dependency built from iico_data and rf-reg forbid LB+datas, and
#   --explain names the register events a step goes through;
# - AArch64: amo (LDADD's read and write, one instruction) and lxsx
#   (LDXR with its STXR) are herd7's two kinds of rmw;
# - RISC-V: an AMO is one event, in R and W, in no rmw edge, the same
#   event as read and write (its fr to itself dropped); so is a C11
#   read-modify-write (herd7's simple-c11.cat reads rf; [RMW]), not a
#   kernel one (xchg: a read and a write in rmw);
# - -conf NAME not in the current folder is found in the -I folders.
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "model_herd_events: $*"; exit 1; }
obs() { grep '^Observation \|^Flag ' "$1" | tr '\n' '|'; }
flags() { grep '^Flag ' "$1" | tr '\n' '|'; }

cat > "$tmp/dep.cat" <<'END'
"register dependencies"
catdep
let d = [R]; (iico_data | rf-reg)+; [W]
acyclic d | rf as cyc
END
"$LITMUSLAB" model -model "$tmp/dep.cat" litmus/aarch64/LB+datas.litmus \
    > "$tmp/o" 2> "$tmp/e" || { cat "$tmp/e"; fail "dep.cat refused"; }
[ "$(obs "$tmp/o")" = "Observation LB+datas Never 0 3|" ] ||
    { cat "$tmp/o"; fail "LB+datas under a dependency of register events"; }
"$LITMUSLAB" model -model "$tmp/dep.cat" --explain-condition \
    litmus/aarch64/LB+datas.litmus > "$tmp/o" 2>&1
cat > "$tmp/want" <<'END'
  rejected by cyc (acyclic): a -d-> b -rf-> c -d-> d -rf-> a
      where a -d-> b is a -iico_data-> reg0 -rf-reg-> reg1 -iico_data-> b
      where c -d-> d is c -iico_data-> reg2 -rf-reg-> reg3 -iico_data-> d
END
tail -3 "$tmp/o" | cmp -s - "$tmp/want" ||
    { cat "$tmp/o"; fail "the explanation through register events"; }

cat > "$tmp/rmw.cat" <<'END'
"rmw kinds"
flag ~empty amo as amo
flag ~empty lxsx as lxsx
flag ~empty (R & W) as one-event
flag ~empty (same-instance \ id) as two-in-one
END
"$LITMUSLAB" model -model "$tmp/rmw.cat" litmus/aarch64/INC+ldadds.litmus \
    > "$tmp/o" 2>&1
[ "$(flags "$tmp/o")" = "Flag amo|Flag two-in-one|" ] ||
    { cat "$tmp/o"; fail "LDADD: amo"; }
"$LITMUSLAB" model -model "$tmp/rmw.cat" \
    litmus/aarch64/INC+ldxr-stxrs.litmus > "$tmp/o" 2>&1
[ "$(flags "$tmp/o")" = "Flag lxsx|" ] ||
    { cat "$tmp/o"; fail "LDXR/STXR: lxsx"; }
"$LITMUSLAB" model -model "$tmp/rmw.cat" litmus/riscv/INC+amoadds.litmus \
    > "$tmp/o" 2>&1
[ "$(flags "$tmp/o")" = "Flag one-event|" ] ||
    { cat "$tmp/o"; fail "RISC-V AMO: one event in R and W, no rmw"; }

"$LITMUSLAB" model -model "$tmp/rmw.cat" litmus/c11/FetchAdd+2.litmus \
    > "$tmp/o" 2>&1
[ "$(flags "$tmp/o")" = "Flag one-event|" ] ||
    { cat "$tmp/o"; fail "C11 fetch_add: one event"; }
"$LITMUSLAB" model -model "$tmp/rmw.cat" litmus/c/SB+xchgs.litmus \
    > "$tmp/o" 2>&1
[ "$(flags "$tmp/o")" = "Flag amo|Flag two-in-one|" ] ||
    { cat "$tmp/o"; fail "kernel xchg: a read and a write in rmw"; }

# -conf: the current folder first, then the -I folders
mkdir "$tmp/lib" "$tmp/cwd"
printf '"sc"\ninclude "cos-opt.cat"\nacyclic po | rf | co | fr as sc\n' > "$tmp/lib/mine.cat"
printf 'model mine.cat\n' > "$tmp/lib/mine.cfg"
root=$(pwd)
(cd "$tmp/cwd" && "$LITMUSLAB" model -I "$tmp/lib" -conf mine.cfg \
    "$root/litmus/x86/SB.litmus") > "$tmp/o" 2>&1
grep -q '^Observation SB Never 0 3$' "$tmp/o" ||
    { cat "$tmp/o"; fail "-conf found through -I"; }
(cd "$tmp/cwd" && "$LITMUSLAB" model -conf mine.cfg \
    "$root/litmus/x86/SB.litmus") > /dev/null 2> "$tmp/e" &&
    fail "-conf without -I found its file"
grep -q "^litmuslab model: -conf mine.cfg: cannot read it (No such file or directory)" "$tmp/e" ||
    { cat "$tmp/e"; fail "-conf message"; }
echo "model_herd_events: ok"
