#!/bin/sh
# model_article.sh — the article's two tests give herd7's output exactly:
# the RMW with isync is no full barrier (6 states, Sometimes), with sync
# it is (5 states, Never), with herd7's Hash= lines. Time is not checked.
# herd7's output is kept in tests/e2e/data/article-herd7.log (a copy of
# ../shared/seeds/expected-herd7.log, checked against it when there), so
# a lone clone runs this too.
: "${LITMUSLAB:?}"
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
want=tests/e2e/data/article-herd7.log
seeds=${CORPUS:-/nonexistent}/../seeds/expected-herd7.log
if [ -f "$seeds" ]; then
  cmp -s "$seeds" "$want" || {
    echo "model_article: $want differs from $seeds"; exit 1; }
fi
grep -v '^Time' "$want" > "$tmp/want" || {
    echo "model_article: cannot read herd7's expected output"; exit 1; }
"$LITMUSLAB" model litmus/ppc/SB+lwsync-RMW-lwsync+isync-simple.litmus \
    litmus/ppc/SB+lwsync-RMW-lwsync+sync-simple.litmus > "$tmp/out" || {
    echo "model_article: litmuslab model failed"; exit 1; }
grep -v '^Time' "$tmp/out" > "$tmp/got"
if ! cmp -s "$tmp/want" "$tmp/got"; then
    echo "model_article: output differs from herd7's:"
    diff "$tmp/want" "$tmp/got"
    exit 1
fi
# Each entry has its Time line, as herd7's do.
[ "$(grep -c '^Time SB+lwsync-RMW-lwsync+' "$tmp/out")" = 2 ] || exit 1
