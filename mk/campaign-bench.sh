#!/bin/sh
# campaign-bench.sh — `make bench-campaign`: the README's `make campaign`
# timing as a new user meets it: a clean clone of this checkout's HEAD
# (no build, an empty hwrun cache), `make campaign` timed whole, then the
# same campaign again into another folder with hwrun's builds cached.
# Prints the three figures and the load average (the machine is shared).
set -u
src=$(pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
git clone -q "$src" "$tmp/litmuslab" || exit 1
cd "$tmp/litmuslab" || exit 1
export XDG_CACHE_HOME="$tmp/cache"
now() { date +%s.%N; }
t0=$(now)
make -s bin/litmuslab >"$tmp/build.log" 2>&1 || { tail "$tmp/build.log"; exit 1; }
t1=$(now)
make -s campaign >"$tmp/campaign.log" 2>&1 || { tail "$tmp/campaign.log"; exit 1; }
t2=$(now)
bin/litmuslab campaign litmus/x86 -q -o "$tmp/again" >/dev/null 2>&1 || exit 1
t3=$(now)
secs() { awk "BEGIN { printf \"%.0f\", $2 - $1 }"; }
echo "bench-campaign: clean clone: build $(secs "$t0" "$t1") s, make campaign" \
  "$(secs "$t1" "$t2") s ($(grep -o '[0-9]* tests, [0-9]* run on this machine' "$tmp/campaign.log"))"
echo "bench-campaign: again, hwrun builds cached: $(secs "$t2" "$t3") s"
echo "bench-campaign: load average: $(cut -d' ' -f1-3 /proc/loadavg)"
