#!/bin/sh
# arch_names.sh — shared files name no architecture (issue 30): a grep
# for the architectures' names in the C sources of lib/, model/, hwrun/,
# compare/, campaign/, cli/, gen/ and include/ finds only each
# architecture's own files (their stems are the list's,
# include/litmuslab/arch/list.h), the registry, and the exceptions below,
# exactly: a file that starts naming one fails here, and so does an
# exception that no longer does (take it off the list).
# Env: none (reads the tree). cwd: the repo root.
set -u
fail() { echo "arch_names: $*"; exit 1; }
[ -f include/litmuslab/arch/list.h ] || fail "run from the repo root"
# what still names architectures, and why (doc/architecture.md):
# target.c is the table of machines; the --help texts give examples and
# gen's vocabulary per architecture; build.c's emitted README gives an
# example emulator; hr_cpu.c's message names the host it saw.
known="cli/cmd_campaign.c
cli/cmd_compare.c
cli/cmd_gen.c
cli/cmd_hwrun.c
hwrun/build.c
hwrun/harness/hr_cpu.c
hwrun/target.c"
stems=$(sed -n 's/^LL_ARCH([A-Z0-9_]*, *\([a-z0-9_]*\))$/\1/p' \
            include/litmuslab/arch/list.h)
[ -n "$stems" ] || fail "no lines in include/litmuslab/arch/list.h"
own='lib/arch/registry\.c|include/litmuslab/arch/list\.h'
for s in $stems; do
    own="$own|(^|/)(arch_|hr_arch_|hr_kp_)?${s}(_[a-z0-9_]+)?\.[ch]"
done
got=$(grep -rlwE 'x86|X86|X86_64|PPC|ppc|Power|AArch64|aarch64|ARM|arm|RISCV|riscv|RISC-V' \
          --include='*.c' --include='*.h' \
          lib model hwrun compare campaign cli gen include |
      grep -vE "$own" | LC_ALL=C sort)
[ "$got" = "$known" ] || {
    echo "$known" >"${TMPDIR:-/tmp}/arch_names.$$.want"
    echo "$got" | diff "${TMPDIR:-/tmp}/arch_names.$$.want" - |
        sed -n 's/^> /  names an architecture: /p; s/^< /  no longer names one (take it off the list): /p'
    rm -f "${TMPDIR:-/tmp}/arch_names.$$.want"
    fail "shared files other than the known ones name architectures"
}
echo "arch_names: ok ($(echo "$stems" | wc -l) architectures, $(echo "$known" | wc -l) known exceptions)"
