# corpus.sh — sourced by the e2e scripts that read ../shared: need FILE...
# (paths under $CORPUS) skips the whole script, with one line saying so and
# exit status 77, when one is missing (a lone clone has no ../shared).
need() {
  for f in "$@"; do
    if [ ! -f "${CORPUS:-/nonexistent}/$f" ]; then
      echo "${0##*/}: SKIP: needs $f, not found under '${CORPUS:-}' (CORPUS=DIR names a copy of ../shared/corpus)"
      exit 77
    fi
  done
}
