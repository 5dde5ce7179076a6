#!/bin/sh
# bench_c.sh LITMUSLAB [N [N_RCU]] — `make bench-hwrun-c`: hwrun on the C
# tests of tests/e2e/data/c with the kernel's primitives
# (hwrun/harness/hr_kp*.h), N iterations each (10M; RCU-SB N_RCU, 1M, as
# each of its iterations waits for a grace period): iterations per second and how often the condition's
# outcome showed. The lock-protected counter must never lose an
# increment (exit 1 if it does), nor SB with smp_mb() on both sides show
# its weak outcome.
prog=$1 n=${2:-10M} n_rcu=${3:-1M}
d=tests/e2e/data/c
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "hwrun C bench: -n $n; load: $(uptime | sed 's/.*load/load/')"
bad=0
for t in lock-counter nolock-counter SB+once SB+mbs MP+rel+acq RCU-SB; do
  m=$n
  [ $t = RCU-SB ] && m=$n_rcu
  "$prog" hwrun -q -n "$m" --cache build/hwrun-cache "$d/$t.litmus" \
    >"$tmp/$t.log" || exit 1
  awk -v t="$t" '
    /^Positive:/ { gsub(",", ""); pos = $2; neg = $4 }
    /^Rate / { rate = $2 }
    END { printf "%-15s %6.2f M iterations/s; condition seen %d of %d\n", t,
                 rate / 1e6, pos, pos + neg }' "$tmp/$t.log"
  case $t in
    lock-counter|SB+mbs|MP+rel+acq|RCU-SB)
      grep -q "^Observation $t Never " "$tmp/$t.log" ||
        { echo "  FORBIDDEN OUTCOME SEEN: $t"; bad=1; } ;;
  esac
done
exit $bad
