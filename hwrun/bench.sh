#!/bin/sh
# bench.sh LITMUSLAB CORPUS [N] — `make bench-hwrun`: runs the corpus SB
# and MP tests with hwrun's default settings and reports iterations per
# second and how many iterations per million showed the condition's
# outcome (SB: the weak one, MP: the forbidden one), with the load; then
# the other tests whose outcome x86-TSO forbids (SB+mfences, LB,
# 2+2W+mfences, R+mfences, S), N iterations each: each must say Never.
# Exits 1 when a step fails or a forbidden outcome shows.
prog=$1 corpus=$2 n=${3:-10M}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
dir=tests/non-mixed-size/BASIC_2_THREAD
forbidden="SB+mfences LB 2+2W+mfences R+mfences S"
files=
for t in SB MP $forbidden; do files="$files $dir/$t.litmus"; done
# shellcheck disable=SC2086
tar xzf "$corpus/x86/tests.tgz" -C "$tmp" $files || exit 1
echo "hwrun bench: -n $n, default settings; load: $(uptime | sed 's/.*load/load/')"
for t in SB MP; do
  "$prog" hwrun -q -n "$n" --cache build/hwrun-cache "$tmp/$dir/$t.litmus" \
    >"$tmp/$t.log" || exit 1
  awk -v t="$t" '
    /^[0-9]+ *[:*]>/ { c = $1 + 0; st = $0; sub(/^[0-9]+ *[:*]>/, "", st)
                       if (min == "" || c < min) { min = c; rare = st } }
    /^Positive:/ { gsub(",", ""); pos = $2; neg = $4 }
    /^Rate / { rate = $2 }
    /^Run / { sub("^Run ", ""); run = $0 }
    END { n = pos + neg
          printf "%-3s %6.2f M iterations/s; condition: %.1f per million;", t, rate / 1e6, n ? pos * 1e6 / n : 0
          printf " rarest state (%s): %.1f per million\n", rare, n ? min * 1e6 / n : 0
          printf "    (%s)\n", run }
  ' "$tmp/$t.log"
done
status=0
grep -q '^Observation MP Never ' "$tmp/MP.log" || status=1
echo "forbidden by x86-TSO, -n $n each (Observation lines; MP's above):"
for t in $forbidden; do
  "$prog" hwrun -q -n "$n" --cache build/hwrun-cache "$tmp/$dir/$t.litmus" \
    >"$tmp/$t.log" || exit 1
  obs=$(grep '^Observation ' "$tmp/$t.log")
  rate=$(awk '/^Rate / { printf "%.2f M iterations/s", $2 / 1e6 }' "$tmp/$t.log")
  case $obs in
    "Observation $t Never "*) echo "  $obs ($rate)" ;;
    *) echo "  FORBIDDEN OUTCOME SEEN: $obs"; grep '\*>' "$tmp/$t.log"; status=1 ;;
  esac
done
exit $status
