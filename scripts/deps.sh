#!/bin/sh
# deps.sh — check the build's libraries; install them with apt-get when run
# as root, otherwise print the one line that installs them.
PKGS="libhwloc-dev libcsv-dev libcmocka-dev zlib1g-dev pkg-config"
missing=""
have_header() { printf '#include <%s>\n' "$1" | ${CC:-cc} -E -x c - >/dev/null 2>&1; }
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
for pc in hwloc:libhwloc-dev cmocka:libcmocka-dev zlib:zlib1g-dev; do
  pkg-config --exists "${pc%%:*}" 2>/dev/null || missing="$missing ${pc#*:}"
done
have_header csv.h || missing="$missing libcsv-dev"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps: installing$missing" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PKGS >&2 && exit 0
  echo "deps: apt-get failed" >&2
  exit 1
fi
echo "deps: missing$missing; run: sudo apt-get install -y $PKGS" >&2
exit 1
