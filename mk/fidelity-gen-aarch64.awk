# fidelity-gen-aarch64.awk — AArch64's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-aarch64.awk ...).

function a64(t, k, d, p, a, v, rd,    x, r, lab) {
    x = d == "addr"
    if (rand() < 0.08) { lab = label(t); emit(t, "ADR X3," lab); emit(t, lab ":") }
    if (x) { emit(t, "EOR W7," p "," p); emit(t, "ADD X17," a ",W7,SXTW"); a = "X17" }
    r = k == "X" ? rmw_r[t, j_now] : rand()
    if (loc[t, j_now] == 4) { a64_pair(t, k, d, p, a, v, rd, r); return }
    if (k == "R") { emit(t, (r < 0.25 ? "LDAR " : r < 0.35 ? "LDAPR " : "LDR ") dreg(rd) ",[" a "]"); return }
    if (k == "W") {
        a64_val(t, "W6", d, p, v, 1)
        emit(t, (r < 0.25 ? "STLR " : "STR ") "W6,[" a "]")
        return
    }
    # an RMW: SWP, LDADD, CAS (expecting 0 or a value read) or LDXR/STXR
    # (which may fail); the value written may depend on the value read
    # before (data)
    a64_val(t, "W6", d, p, v, 0)
    if (r < 0.35) { emit(t, (r < 0.1 ? "SWPAL " : r < 0.2 ? "SWPA " : r < 0.25 ? "SWPL " : "SWP ") "W6," dreg(rd) ",[" a "]"); return }
    if (r < 0.5) { emit(t, (r < 0.4 ? "LDADDAL " : r < 0.45 ? "LDADDL " : "LDADD ") "W6," dreg(rd) ",[" a "]"); return }
    # Rs 0, or (herd7's CAS keeps its dependency) the value read before
    if (r < 0.75) { emit(t, "MOV " dreg(rd) "," (p != "" && rand() < 0.4 ? p : "#0")); emit(t, (r < 0.55 ? "CASAL " : r < 0.6 ? "CASA " : r < 0.65 ? "CASL " : "CAS ") dreg(rd) ",W6,[" a "]"); return }
    xload(t, rd, a, r < 0.85 ? "LDAXR" : "LDXR")
    xmid(t, a)
    emit(t, (r < 0.8 ? "STLXR " : "STXR ") "W5,W6,[" xaddr(a) "]")
    if (rand() < 0.3) sc_reg = "W5"     # the next dependency on the status
}

# w := the value v to write, through a data dependency on the loaded p
# when d is data (with alu, half the time through a64_alu, into W6)
function a64_val(t, w, d, p, v, alu) {
    if (d == "data" && alu && rand() < 0.5) a64_alu(t, p, v)
    else if (d == "data") { emit(t, "EOR " w "," p "," p); emit(t, "ADD " w "," w ",#" v) }
    else if (v >= 0 && v < 65536 && v % 3 == 1)
        emit(t, "MOVZ " w ",#" v ",LSL #0")   # herd7 digests a written shift
    else if (v >= 0 && v < 65536 && v % 3 == 2) {
        emit(t, "MOVZ " w ",#" v); emit(t, "MOVK " w ",#0,LSL #16") }
    else emit(t, "MOV " w ",#" v)
}

# an access to the pair w[0], w[1] (int w[2]) at a: both halves, the
# value read is w[0]'s (w[1]'s goes to W16 or X16)
function a64_pair(t, k, d, p, a, v, rd, r,    o) {
    if (k == "R") {
        o = r < 0.25 ? "LDXP " : r < 0.45 ? "LDAXP " : r < 0.65 ? "LDIAPP " : r < 0.85 ? "LDP " : ""
        if (o != "") emit(t, o dreg(rd) ",W16,[" a "]")
        else emit(t, "LDPSW " creg(rd) ",X16,[" a "]")
        return
    }
    if (k == "W") {
        a64_val(t, "W6", d, p, v, 1)
        emit(t, (r < 0.4 ? "STILP " : "STP ") "W6,W6,[" a "]")
        return
    }
    # an RMW: CASP (expecting 0,0 or the value read before twice) or
    # LDXP/STXP (which may fail); the new value may depend on the value
    # read before (data)
    if (r < 0.6) {
        emit(t, "MOV W12," (p != "" && rand() < 0.4 ? p : "WZR"))
        emit(t, "MOV W13,W12")
        a64_val(t, "W14", d, p, v, 0)
        emit(t, "MOV W15,W14")
        emit(t, (r < 0.15 ? "CASPAL " : r < 0.3 ? "CASPA " : r < 0.45 ? "CASPL " : "CASP ") "W12,W13,W14,W15,[" a "]")
        emit(t, "MOV " dreg(rd) ",W12")
        return
    }
    a64_val(t, "W6", d, p, v, 0)
    emit(t, (r < 0.8 ? "LDAXP " : "LDXP ") dreg(rd) ",W16,[" a "]")
    emit(t, (r < 0.7 ? "STLXP " : "STXP ") "W5,W6,W6,[" a "]")
}

# W6 := a random register operation on the loaded p (a W register) and
# the constant v, at a random width; X6's low word is stored.
function a64_alu(t, p, v,    r, w, q, ops, o, n, c) {
    w = rand() < 0.5 ? "W" : "X"
    q = w == "X" ? "X" substr(p, 2) : p
    emit(t, "MOV X4,#" (rand() < 0.3 ? -v : v + pick(70)))
    n = split("ADD SUB AND ORR EOR EON ORN BIC LSL LSR ASR ROR MUL MNEG MADD MSUB CSET CSETM CINC CSEL NEG MVN MOVN UBFM SBFM REV REV16 REV32 RBIT SMULL UMULL SMNEGL", ops, " ")
    o = ops[1 + pick(n)]
    split("EQ NE GE LT GT LE HI LS CS CC MI PL", c, " ")
    if (o == "CSET" || o == "CSETM" || o == "CINC" || o == "CSEL") {
        emit(t, "CMP " q "," w "4")
        if (o == "CINC") emit(t, "CINC " w "6," q "," c[1 + pick(12)])
        else if (o == "CSEL") emit(t, "CSEL " w "6," q "," w "4," c[1 + pick(12)])
        else emit(t, o " " w "6," c[1 + pick(12)])
    } else if (o == "MADD" || o == "MSUB") emit(t, o " " w "6," q "," w "4," q)
    else if (o == "NEG" || o == "MVN" || o == "REV" || o == "REV16" || o == "RBIT") emit(t, o " " w "6," q)
    else if (o == "REV32") emit(t, (rand() < 0.3 ? "REV64" : "REV32") " X6,X" substr(p, 2))
    else if (o == "SMULL" || o == "UMULL" || o == "SMNEGL") emit(t, o " X6," p ",W4")
    else if (o == "MOVN") emit(t, "MOVN " w "6,#" v)
    else if (o == "UBFM" || o == "SBFM") emit(t, o " " w "6," q ",#" pick(w == "W" ? 32 : 64) ",#" pick(w == "W" ? 32 : 64))
    else if (o ~ /^(LSL|LSR|ASR|ROR)$/ && rand() < 0.5) emit(t, o " " w "6," q ",#" pick(w == "W" ? 32 : 64))
    else if (o ~ /^(ADD|SUB|AND|ORR|EOR)$/ && rand() < 0.4) emit(t, o " " w "6," q "," w "4," (rand() < 0.5 ? "ASR" : "LSL") shift_sep() pick(8))
    else emit(t, o " " w "6," q "," w "4")
}

# a shift amount's spelling: "LSL #3", and the two herd7 also reads,
# "LSL#3" and "LSL 3"
function shift_sep(   r) { r = pick(3); return r == 0 ? " #" : r == 1 ? "#" : " " }

