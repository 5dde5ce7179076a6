#!/bin/sh
# bench_cross.sh LITMUSLAB [N] — part of `make bench-hwrun`: each cross
# target's SB (litmus/<arch>/SB.litmus) under qemu-user, emulated
# iterations per second. Only a check that the harness runs there: speed
# under emulation says nothing about the hardware. Targets whose cross
# compiler or qemu is missing are skipped, named.
prog=$1 n=${2:-200k}
echo "hwrun bench under qemu-user (emulated; no hardware figure): -n $n; load: $(uptime | sed 's/.*load/load/')"
for spec in ppc64le:ppc ppc64:ppc aarch64:aarch64 armhf:arm riscv64:riscv; do
  t=${spec%%:*} d=${spec#*:}
  out=$("$prog" hwrun --target "$t" -q -n "$n" --cache build/hwrun-cache \
        "litmus/$d/SB.litmus" 2>&1)
  if [ $? != 0 ]; then
    echo "$t: skipped: $(echo "$out" | tail -n 1)"; continue
  fi
  echo "$out" | awk -v t="$t" '
    /^Rate / { rate = $2 }
    /^Run / { sync = $7 }
    END { printf "%-8s %6.2f M iterations/s emulated (SB, -sync %s)\n", t, rate / 1e6, sync }'
done
