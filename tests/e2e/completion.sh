#!/bin/sh
# completion.sh — the bash completion (issue 29, item 10): after --target
# it offers hwrun's targets, not file names; after gen's -arch, gen's
# architectures (from its --help); after model's and campaign's
# --model the models shipped (and .cat files), compare's --model logs;
# the options of each subcommand.
# Env: LITMUSLAB (the program). cwd: the repo root.
: "${LITMUSLAB:?}"
command -v bash >/dev/null 2>&1 || { echo "completion: SKIP: no bash"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "completion: $*"; exit 1; }
comp=$PWD/scripts/litmuslab.bash-completion
complete_words() { # WORD...: what completing the last one offers
  LL_WORDS="$*" LL_COMP=$comp bash -c '
    . "$LL_COMP"
    read -r -a COMP_WORDS <<< "$LL_WORDS"
    case $LL_WORDS in *" ") COMP_WORDS+=("") ;; esac
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _litmuslab
    printf "%s\n" "${COMPREPLY[@]}" | sort' 
}
cd "$tmp" && mkdir sub && : >my.cat && : >run.log && cd - >/dev/null
want=$("$LITMUSLAB" hwrun --targets | awk 'NR > 1 {print $1}' | sort)
[ -n "$want" ] || fail "no targets listed"
got=$(complete_words "$LITMUSLAB hwrun --target ")
[ "$got" = "$want" ] || fail "hwrun --target: '$got', want '$want'"
got=$(complete_words "$LITMUSLAB campaign --target aa")
[ "$got" = "aarch64" ] || fail "campaign --target aa: '$got'"
got=$(complete_words "$LITMUSLAB gen -arch ")
[ "$(echo $got)" = "AArch64 ARM C PPC RISCV X86 X86_64" ] || fail "gen -arch: '$got'"
got=$(complete_words "$LITMUSLAB gen -arch AA")
[ "$got" = "AArch64" ] || fail "gen -arch AA: '$got'"
got=$(complete_words "$LITMUSLAB model --model lk")
[ "$got" = "lkmm.cat" ] || fail "model --model lk: '$got'"
got=$(cd "$tmp" && complete_words "$LITMUSLAB campaign --model ")
echo "$got" | grep -qx 'x86tso.cat' && echo "$got" | grep -qx 'my.cat' &&
  ! echo "$got" | grep -qx 'run.log' || fail "campaign --model: '$got'"
got=$(cd "$tmp" && complete_words "$LITMUSLAB compare --model ")
[ "$got" = "run.log" ] || fail "compare --model: '$got'"
got=$(complete_words "$LITMUSLAB model --herd")
[ "$got" = "--herd7-options" ] || fail "model --herd: '$got'"
echo "completion: ok"
