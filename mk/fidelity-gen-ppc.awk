# fidelity-gen-ppc.awk — Power's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-ppc.awk ...).

function ppc(t, k, d, p, a, v, rd,    x) {
    x = d == "addr"
    if (x) emit(t, "xor r9," p "," p)
    if (k == "R") { emit(t, x ? "lwzx " dreg(rd) ",r9," a : "lwz " dreg(rd) ",0(" a ")"); return }
    if (k == "W") {
        if (d == "data") { emit(t, "xor r8," p "," p); emit(t, "addi r8,r8," v); emit(t, "stw r8,0(" a ")"); return }
        emit(t, "li r7," v)
        emit(t, x ? "stwx r7,r9," a : "stw r7,0(" a ")")
        return
    }
    # an RMW: lwarx then stwcx. (which may fail)
    if (x) { emit(t, "add r10,r9," a); a = "r10" }
    if (d == "data") { emit(t, "xor r7," p "," p); emit(t, "addi r7,r7," v) }
    else emit(t, "li r7," v)
    xload(t, rd, a, "lwarx")
    xmid(t, a)
    emit(t, "stwcx. r7,r0," xaddr(a))
}

