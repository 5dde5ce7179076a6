# model-compare.sh — sourced by model-conformance.sh and model-fidelity.sh:
# compare_with_herd LABEL HERD_LOG OUR_LOG ERR_FILE CMP_FILE prints the
# comparison of our model log with herd7's (model-compare.awk, beside this
# file; MAXPN caps the Positive/Negative lines), then the model's first
# messages; returns 1 when a test differs or is missing.
compare_with_herd() {
    awk -v label="$1" -v maxpn="${MAXPN:-20}" -f "$mk_dir/model-compare.awk" \
        "$2" "$3" > "$5"
    cat "$5"
    if [ -s "$4" ]; then
        echo "  $1: messages from the model:"
        sed 's/^/    /' "$4" | head -20
    fi
    ! grep -q '^  \(differ\|missing\):' "$5"
}
