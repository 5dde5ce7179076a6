# model-compare.awk — compares two herd7-format logs test by test: the
# first file is herd7's (reference), the second ours. A test agrees when
# its verdict (Ok/No) and its set of final states are equal; Positive/
# Negative counts and Hash= are compared too and reported apart. A name
# that occurs several times in our log (the x86 corpus repeats names
# across families; herd7 kept one) agrees if any of ours equals herd7's.
# Prints a summary line per category, then one line per disagreement.
# With -v subset=1 (a sample run), herd7's tests absent from ours are
# skipped rather than reported missing.
function flush() {
    if (name == "") return
    key = verdict "|" states
    if (fileno == 1) {
        if (!(name in ref)) {
            ref[name] = key; refpn[name] = pn; refhash[name] = hash
            order[++n] = name
        }
    } else {
        ours[name] = ours[name] SUBSEP key
        ourpn[name] = ourpn[name] SUBSEP pn
        ourhash[name] = ourhash[name] SUBSEP hash
        seen[name] = 1
    }
    name = ""
}
FNR == 1 { flush(); fileno++ }
/^Test / {
    flush(); name = $2; states = ""; verdict = "?"; pn = ""; hash = ""
    left = 0; next
}
/^States / { left = $2; next }
left > 0 { states = states $0 ";"; left--; next }
/^(Ok|No)$/ { verdict = $0; next }
/^Positive: / { pn = $2 "/" $4; next }
/^Hash=/ { hash = substr($0, 6); next }
END {
    flush()
    agree = 0; pnagree = 0; missing = 0; differ = 0
    for (i = 1; i <= n; i++) {
        t = order[i]
        if (!(t in seen)) {
            if (subset) continue
            missing++; bad[++nb] = "missing: " t; continue
        }
        if (index(ours[t] SUBSEP, SUBSEP ref[t] SUBSEP)) {
            agree++
            if (index(ourhash[t] SUBSEP, SUBSEP refhash[t] SUBSEP)) hashagree++
            if (index(ourpn[t] SUBSEP, SUBSEP refpn[t] SUBSEP)) pnagree++
            else pn_bad[++npb] = "counts: " t " herd " refpn[t] " ours" ourpn[t]
        } else {
            differ++; bad[++nb] = "differ: " t
        }
    }
    extra = 0
    for (t in seen) if (!(t in ref)) extra++
    printf "%s: %d tests in herd7's log: %d agree (verdict and states), " \
           "%d differ, %d missing from ours; %d of ours not in herd7's log\n",
           label, subset ? agree + differ : n, agree, differ, missing, extra
    printf "%s: Positive/Negative counts equal on %d of the %d agreeing tests, " \
           "Hash= on %d\n", label, pnagree, agree, hashagree
    for (i = 1; i <= nb; i++) print "  " bad[i]
    for (i = 1; i <= npb && i <= maxpn; i++) print "  " pn_bad[i]
    if (npb > maxpn) printf "  ... %d more count differences\n", npb - maxpn
}
