# fidelity-gen-arm.awk — ARM's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-arm.awk ...).

function arm(t, k, d, p, a, v, rd,    x) {
    x = d == "addr"
    if (x) emit(t, "EOR R7," p "," p)
    if (k == "R") { emit(t, "LDR " dreg(rd) ",[" a (x ? ",R7" : "") "]"); return }
    if (d == "data") { emit(t, "EOR R6," p "," p); emit(t, "ADD R6,R6,#" v) }
    else emit(t, "MOV R6,#" v)
    if (k == "W") { emit(t, "STR R6,[" a (x ? ",R7" : "") "]"); return }
    # an RMW: LDREX then STREX (which may fail)
    if (x) { emit(t, "ADD R12," a ",R7"); a = "R12" }
    xload(t, rd, a, "LDREX")
    xmid(t, a)
    emit(t, "STREX R5,R6,[" xaddr(a) "]")
    if (rand() < 0.3) sc_reg = "R5"     # the next dependency on the status
}

