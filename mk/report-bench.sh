#!/bin/sh
# report-bench.sh PROGRAM — `make bench-report`: compare on the Power
# corpus (herd7's log and 26355 hardware entries), then report.html opened
# in headless Chromium three times; prints the build time and, each time,
# the milliseconds until the page's script had drawn the table (the page
# records performance.now() in body[data-ready-ms]).
# report-bench.sh --shot FILE.html: a 1200x900 screenshot of FILE.html to
# $CHROMIUM_SHOT instead.
chromium=$(command -v chromium || command -v chromium-browser || true)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
chrome() {
    rm -rf "$tmp/profile"
    timeout 300 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile" "$@" 2>/dev/null
}
if [ "$1" = --shot ]; then
    [ -n "$chromium" ] || { echo "report-screenshot: needs chromium"; exit 2; }
    page=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
    chrome --screenshot="$(pwd)/$CHROMIUM_SHOT" --window-size=1200,900 \
        "file://$page" >/dev/null
    echo "report-screenshot: $CHROMIUM_SHOT"
    exit 0
fi
prog=$1
if [ ! -f "${CORPUS:-/nonexistent}/power/hardware.log.gz" ]; then
    echo "bench-report: SKIP: no corpus at '${CORPUS:-}'"; exit 0
fi
start=$(date +%s.%N)
"$prog" compare --model "$CORPUS/power/model-herd7.log.gz" \
    --hw "$CORPUS/power/hardware.log.gz" -o "$tmp" >/dev/null 2>&1
end=$(date +%s.%N)
size=$(wc -c < "$tmp/report.html")
awk -v s=$start -v e=$end -v b=$size 'BEGIN {
    printf "bench-report: Power corpus compare + report.html (%.1f MB) in %.2f s\n", b / 1e6, e - s }'
if [ -z "$chromium" ]; then
    echo "bench-report: SKIP browser load: chromium is not installed"; exit 0
fi
for i in 1 2 3; do
    ms=$(chrome --dump-dom "file://$tmp/report.html" |
         sed -n 's/.*data-ready-ms="\([0-9]*\)".*/\1/p' | head -n 1)
    echo "bench-report: headless Chromium drew the Power report in ${ms:-?} ms (load average $(cut -d' ' -f1 /proc/loadavg))"
done
