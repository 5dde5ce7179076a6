#!/bin/sh
# arch_names.sh — shared files name no architecture (issue 30): a grep
# for the architectures' names, and for the compilers' machine macros
# (__x86_64__, __aarch64__...) and machines' qemu-user, in the C sources of lib/, model/,
# hwrun/, compare/, campaign/, cli/, gen/ and include/ (and in the
# templates of a bundle's Makefile and run script) finds only each
# architecture's own files (their stems are the list's,
# include/litmuslab/arch/list.h) and the registry. What shared code says
# of an architecture (the --help texts' lists, hwrun's machines, the
# emitted Makefiles' compiler and emulator, the harness's sign of
# emulation) it asks of the architecture's files (doc/architecture.md). Then the check
# itself: a shared file that starts naming one is caught.
# Env: none (reads the tree). cwd: the repo root.
set -u
fail() { echo "arch_names: $*"; exit 1; }
[ -f include/litmuslab/arch/list.h ] || fail "run from the repo root"
stems=$(sed -n 's/^LL_ARCH([A-Z0-9_]*, *\([a-z0-9_]*\))$/\1/p' \
            include/litmuslab/arch/list.h)
[ -n "$stems" ] || fail "no lines in include/litmuslab/arch/list.h"
own='lib/arch/registry\.c|include/litmuslab/arch/list\.h'
for s in $stems; do
    own="$own|(^|/)(arch_|hr_arch_|hr_kp_)?${s}(_[a-z0-9_]+)?\.[ch]"
done
words='x86|X86|X86_64|PPC|ppc|Power|AArch64|aarch64|ARM|arm|RISCV|riscv|RISC-V'
# the shared files under folder $1 that name an architecture
names_in() {
    (cd "$1" &&
     { grep -rlwE "$words" --include='*.c' --include='*.h' \
           lib model hwrun compare campaign cli gen include 2>/dev/null
       # the templates a bundle's Makefile and run script are made from,
       # and the fleet's job script
       grep -lwE "$words" hwrun/bundle/Makefile hwrun/bundle/run \
           campaign/*.sh 2>/dev/null
       # machine macros, a machine's qemu-user
       grep -rlE '__(x86_64|i386|aarch64|arm|ARM_ARCH|powerpc|PPC|riscv)|qemu-(x86|i386|aarch64|arm|ppc|riscv)' \
           --include='*.c' --include='*.h' \
           lib model hwrun compare campaign cli gen include 2>/dev/null
       grep -lE 'qemu-(x86|i386|aarch64|arm|ppc|riscv)' hwrun/bundle/Makefile \
           hwrun/bundle/run campaign/*.sh 2>/dev/null
     } | grep -vE "$own" | LC_ALL=C sort -u)
}
got=$(names_in .)
[ -z "$got" ] || {
    echo "$got" | sed 's/^/  names an architecture: /'
    fail "shared files name architectures: ask the architecture's own files (doc/architecture.md)"
}
# the check itself: a name, then a machine macro, in a shared file
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/hwrun/bundle" "$tmp/cli"
printf '/* runs on AArch64 */\n' >"$tmp/hwrun/target.c"
printf '# RUN=qemu-riscv64\n' >"$tmp/hwrun/bundle/run"
printf '#if defined(__riscv)\n#endif\n' >"$tmp/cli/cmd_gen.c"
printf '/* the x86_64 target */\n' >"$tmp/hwrun/x86.c"
[ "$(names_in "$tmp" | tr '\n' ' ')" = "cli/cmd_gen.c hwrun/bundle/run hwrun/target.c " ] ||
    fail "the check missed a name in a shared file: $(names_in "$tmp")"
echo "arch_names: ok ($(echo "$stems" | wc -l) architectures, no shared file names one)"
