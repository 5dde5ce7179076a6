# fidelity-gen-arm.awk — ARM's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-arm.awk ...).

# ARM: loads LDR (sometimes LDA) at [a], [a,#0] (loads only), [a,R7] and
# [a,R7,LSL #2] (R7 an address dependency), [a,R11] (R11 = 0), stores STR or STL,
# LDREX/STREX or LDAEX/STLEX pairs; a control dependency is CMP then a
# branch, CBZ/CBNZ, or the access itself made conditional (LDREQ,
# STRNE: arm_cond).
function arm_ctrl(t, p, f, lab,    c, r) {
    split("BEQ BNE", c, " ")
    r = pick(4)
    if (r == 0) { emit(t, (rand() < 0.5 ? "CBZ " : "CBNZ ") p "," lab); emit(t, lab ":") }
    else if (r == 1) { emit(t, "CMP " p ",#0"); arm_cond = rand() < 0.5 ? "EQ" : "NE" }
    else {
        emit(t, rand() < 0.5 ? "CMP " p "," p : "CMP " p ",#0")
        emit(t, c[1 + pick(2)] " " lab)
        if (rand() < 0.25) skip_lab = lab
        else emit(t, lab ":")
    }
    if (f) emit(t, "ISB")
}

# R6 := v, through a data dependency on p
function arm_data(t, p, v,    r) {
    r = pick(4)
    if (r == 0) { emit(t, "AND R6," p ",#0"); emit(t, "ADD R6,R6,#" v) }
    else if (r == 1) { emit(t, "SUBS R6," p "," p); emit(t, "ADD R6,R6,#" v) }
    else if (r == 2) { emit(t, "XOR R6," p "," p); emit(t, "ADD R6,R6,#" v) }
    else { emit(t, "EOR R6," p "," p); emit(t, "ADD R6,R6,#" v) }
}

function arm(t, k, d, p, a, v, rd,    x, c, m, r) {
    x = d == "addr"
    c = arm_cond; arm_cond = ""
    if (x) emit(t, "EOR R7," p "," p)
    r = rand()
    m = x ? (rand() < 0.5 ? "[" a ",R7]" : "[" a ",R7,LSL #2]") : r < 0.7 ? "[" a "]" : r < 0.85 ? "[" a ",#0]" : "[" a ",R11]"
    if (m ~ /R11/) emit(t, "MOV R11,#0")
    if (k == "R") { emit(t, (c == "" && r < 0.15 && !x ? "LDA " dreg(rd) ",[" a "]" : "LDR" c " " dreg(rd) "," m)); return }
    if (d == "data") arm_data(t, p, v)
    else emit(t, (rand() < 0.2 ? "MOVW" : "MOV") " R6,#" v)
    if (m ~ /#0/) m = "[" a "]"     # herd7 7.58 reads LDR's [a,#0], not STR's
    if (k == "W") { emit(t, c == "" && r < 0.15 && !x ? "STL R6,[" a "]" : "STR" c " R6," m); return }
    # an RMW: LDREX then STREX (which may fail), or LDAEX/STLEX
    if (x) { emit(t, "ADD R12," a ",R7"); a = "R12" }
    xload(t, rd, a, r < 0.3 ? "LDAEX" : "LDREX")
    xmid(t, a)
    emit(t, (r < 0.2 || r > 0.9 ? "STLEX" : "STREX") " R5,R6,[" xaddr(a) "]")
    if (rand() < 0.3) sc_reg = "R5"     # the next dependency on the status
}
