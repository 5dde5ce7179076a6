# fidelity-gen-aarch64.awk — AArch64's accesses, for mk/fidelity-gen.awk,
# which draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-aarch64.awk ...).
#
# Each of x, y, z has a size, 1, 2, 4 or 8 bytes, and a type of that
# size (int8_t ... uint64_t, or int), sometimes an initial value; every
# access to it has that size, as herd7 7.58 without `-variant mixed`
# refuses a test whose accesses to a location differ in size. The int
# pair w[2] is int or int64_t (W or X pair instructions). Scratch
# registers: X3 (ADR, BR), X4 (ALU operand), W5 (store-exclusive status),
# X6 (value stored), X7 (address dependency), X8-X11 (locations), W12-W15
# (CASP), X16 (a pair's second half), X17 (address), X19 (xshape's
# store), X20, X21 (base and index of an addressing mode).

# location k's size lsize[k], its type ltype[k] ("" for herd7's int),
# its initial value linit[k] ("" for 0); the pair's size psize
function a64_sizes(   k, r) {
    for (k = 1; k <= 3; k++) {
        r = rand()
        if (r < 0.5) { lsize[k] = 4; ltype[k] = r < 0.4 ? "" : r < 0.45 ? "uint32_t" : "int32_t" }
        else if (r < 0.72) { lsize[k] = 8; ltype[k] = r < 0.65 ? "int64_t" : "uint64_t" }
        else if (r < 0.86) { lsize[k] = 2; ltype[k] = r < 0.8 ? "int16_t" : "uint16_t" }
        else { lsize[k] = 1; ltype[k] = r < 0.93 ? "int8_t" : "uint8_t" }
        linit[k] = rand() < 0.12 ? (rand() < 0.3 ? -1 : 7) : ""
        asz[locreg(k)] = lsize[k]
    }
    psize = rand() < 0.35 ? 8 : 4
    asz[locreg(4)] = psize
    delete rtype
}

# the init block's declarations: the pair, each location's type and
# initial value, the registers given a 64-bit type (rtype[t, k])
function a64_decls(   k, s, t) {
    if (pairs) s = (psize == 8 ? "int64_t" : "int") " w[2]={0,0}; "
    for (k = 1; k <= 3; k++)
        if (ltype[k] != "" || linit[k] != "")
            s = s (ltype[k] == "" ? "int" : ltype[k]) " " LOC[k] (linit[k] != "" ? "=" linit[k] : "") "; "
    for (t = 0; t < T; t++)
        for (k = 1; k <= nreg[t]; k++)
            if ((t, k) in rtype) s = s rtype[t, k] " " t ":X" (k - 1) "; "
    if (s != "") print s > file
}

# a barrier: DMB SY, LD, ST (most), the other DMB and DSB domains
# (ISH and OSH order as SY; NSH orders nothing), ISB
function a64_fence(r,    d) {
    if (r < 0.3) return "DMB SY"
    if (r < 0.45) return "DMB LD"
    if (r < 0.6) return "DMB ST"
    if (r < 0.7) return "ISB"
    split("ISH ISHLD ISHST OSH OSHLD OSHST NSH NSHLD NSHST SY LD ST", d, " ")
    return (r < 0.87 ? "DMB " : "DSB ") d[1 + pick(12)]
}

# an access of address a's size: its B or H suffix, its register's
# letter (W or X)
function bh(a) { return asz[a] == 1 ? "B" : asz[a] == 2 ? "H" : "" }
function a64_w(a) { return asz[a] == 8 ? "X" : "W" }
# the k-th loaded register as a load from a writes it
function a64_rt(k, a) { return a64_w(a) (k - 1) }
# an address LDUR takes: a base and an immediate offset
function imm_form(o) { return o ~ /^\[[^,]*(,#-?[0-9]+)?\]$/ }
function lg(s) { return s == 8 ? 3 : s == 4 ? 2 : s == 2 ? 1 : 0 }

# A control dependency on p before an access: a branch to the next
# instruction (CBNZ, CBZ, TBZ, TBNZ, B.cond after CMP or after MSR NZCV
# of the value read, sometimes to
# `.+4`) or, one time in four, over the access (skip_lab, which op()
# puts after it: the access happens on one path only); f adds an ISB.
function a64_ctrl(t, p, f, lab,    r, c, br) {
    split("EQ NE GE LT GT LE HI LS CS CC MI PL", c, " ")
    r = pick(6)
    if (r == 5) { emit(t, "MSR NZCV,X" substr(p, 2)); br = "B." c[1 + pick(12)] " " }
    else if (r == 0) br = "CBNZ " p ","
    else if (r == 1) br = "CBZ " p ","
    else if (r == 2) br = (rand() < 0.5 ? "TBZ " : "TBNZ ") p ",#" pick(3) ","
    else { emit(t, "CMP " p ",#" pick(3)); br = "B." c[1 + pick(12)] " " }
    if (rand() < 0.25) { emit(t, br lab); skip_lab = lab }
    else if (rand() < 0.15) emit(t, br ".+4")
    else { emit(t, br lab); emit(t, lab ":") }
    if (f) emit(t, "ISB")
}

# The address of an access of size s to a, as a plain load or store
# takes it (some of the forms emit their base or index first): [a],
# [a,#0], pre-index, post-index (on a copy of a), a negative offset
# from a + s, a register index (XZR, 0, or -1 from a + s; LSL, SXTW,
# UXTW, scaled), and, for an address dependency on p, the index p ^ p
# (X7) instead of adding it to the base first.
function a64_addr(t, a, s, x, p,    r, sh) {
    sh = s == 1 ? "" : " #" lg(s)
    if (x && rand() < 0.5) {
        if (rand() < 0.5) { emit(t, "EOR W7," p "," p); return "[" a ",W7,SXTW" sh "]" }
        emit(t, "EOR X7,X" substr(p, 2) ",X" substr(p, 2))
        return "[" a ",X7" (rand() < 0.5 ? ",LSL #" lg(s) : "") "]"
    }
    if (x) { emit(t, "EOR W7," p "," p); emit(t, "ADD X17," a ",W7,SXTW"); a = "X17" }
    r = pick(10)
    if (r <= 2) return "[" a "]"
    if (r == 3) return "[" a ",#0]"
    if (r == 4) { emit(t, "ADD X20," a ",#" 2 * s); return "[X20,#-" 2 * s "]!" }
    if (r == 5) { emit(t, "MOV X20," a); return "[X20],#" s }
    if (r == 6) { emit(t, "ADD X20," a ",#" s); return "[X20,#-" s "]" }
    if (r == 7) return "[" a ",XZR]"
    if (r == 8) { emit(t, "ADD X20," a ",#" s); emit(t, "MOV X21,#-1"); return "[X20," (rand() < 0.5 ? "X21,LSL #" lg(s) : "W21,SXTW" sh) "]" }
    emit(t, "MOV W21,#0")
    return "[" a "," (rand() < 0.5 ? "W21,UXTW" sh : "X21") "]"
}

# An access: a load (plain at its size, sign-extending into W or X,
# LDUR, LDAR, LDAPR; sometimes a spin loop herd7 unrolls), a store
# (STR, STLR), an RMW (SWP, LD<op>, CAS in their A/L/AL forms, or
# an exclusive pair), or one returning nothing (ST<op>, or LD<op> into
# the zero register); B and H forms on 1- and 2-byte locations.
function a64(t, k, d, p, a, v, rd,    x, r, lab, s, rt, o, ops, ord, w) {
    x = d == "addr"
    if (rand() < 0.08) {
        lab = label(t); emit(t, "ADR X3," lab)
        r = rand()
        if (r < 0.3) emit(t, "BR X3")   # a jump through a register
        else if (r < 0.45) emit(t, "BL " lab)   # X30 := the next address
        emit(t, lab ":")
    }
    if (rand() < 0.03) emit(t, "NOP")
    r = k == "X" ? rmw_r[t, j_now] : rand()
    if (loc[t, j_now] == 4) {
        if (x) { emit(t, "EOR W7," p "," p); emit(t, "ADD X17," a ",W7,SXTW"); a = "X17"; asz[a] = psize }
        a64_pair(t, k, d, p, a, v, rd, r); return
    }
    s = asz[a]
    w = a64_w(a)
    rt = a64_rt(rd, a)
    if (k == "R") { a64_load(t, r, a, s, x, p, rd); return }
    if (k == "W" && r >= 0.25) {
        a64_val(t, w "6", d, p, v, 1)
        o = a64_addr(t, a, s, x, p)
        emit(t, "STR" bh(a) " " w "6," o)   # herd7 7.58 does not read STUR
        return
    }
    if (x) { emit(t, "EOR W7," p "," p); emit(t, "ADD X17," a ",W7,SXTW"); a = "X17"; asz[a] = s }
    if (k == "W") {
        a64_val(t, w "6", d, p, v, 1)
        emit(t, "STLR" bh(a) " " w "6,[" a "]")
        return
    }
    a64_val(t, w "6", d, p, v, 0)
    split("ADD CLR EOR SET SMAX SMIN UMAX UMIN", ops, " ")
    o = ops[1 + pick(8)]
    ord = substr("  A L AL", 1 + 2 * pick(4), 2); gsub(/ /, "", ord)
    if (k == "N") {
        # ST<op> (plain or L), or LD<op> into WZR/XZR, which herd7 also
        # reads as returning nothing
        if (rand() < 0.7) emit(t, "ST" o (rand() < 0.5 ? "L" : "") bh(a) " " w "6,[" a "]")
        else emit(t, "LD" o ord bh(a) " " w "6," w "ZR,[" a "]")
        return
    }
    if (r < 0.3) { emit(t, "SWP" ord bh(a) " " w "6," rt ",[" a "]"); return }
    if (r < 0.5) { emit(t, "LD" o ord bh(a) " " w "6," rt ",[" a "]"); return }
    # Rs 0, or (herd7's CAS keeps its dependency) the value read before
    if (r < 0.75) {
        emit(t, "MOV " rt "," (p != "" && rand() < 0.4 ? w substr(p, 2) : "#0"))
        emit(t, "CAS" ord bh(a) " " rt "," w "6,[" a "]"); return }
    xload(t, rd, a, r < 0.85 ? "LDAXR" : "LDXR")
    xmid(t, a)
    emit(t, (r < 0.8 ? "STLXR" : "STXR") bh(xaddr(a)) " W5," a64_w(xaddr(a)) "6,[" xaddr(a) "]")
    if (rand() < 0.3) sc_reg = "W5"     # the next dependency on the status
}

# a load of size s from a into the rd-th register: LDAR, LDAPR, or a
# plain one in one of its forms; an X register of a 64-bit type one
# time in two (rtype)
function a64_load(t, r, a, s, x, p, rd,    rt, o, lab) {
    rt = a64_rt(rd, a)
    if (r < 0.3) {
        if (x) { emit(t, "EOR W7," p "," p); emit(t, "ADD X17," a ",W7,SXTW"); a = "X17"; asz[a] = s }
        emit(t, (r < 0.2 ? "LDAR" : "LDAPR") bh(a) " " rt ",[" a "]")
        return
    }
    if (r < 0.36 && !x) {
        # a spin loop on the value read: herd7 unrolls it twice
        lab = label(t); emit(t, lab ":")
        emit(t, "LDR" bh(a) " " rt ",[" a "]")
        emit(t, (rand() < 0.5 ? "CBZ " : "CBNZ ") rt "," lab)
        return
    }
    o = a64_addr(t, a, s, x, p)
    if (s == 1 || s == 2) {
        r = pick(3)
        if (r == 1) { o = "LDRS" bh(a) " W" (rd - 1) "," o }
        else if (r == 2) { o = "LDRS" bh(a) " X" (rd - 1) "," o; a64_rtype(t, rd) }
        else o = "LDR" bh(a) " " rt "," o
    } else if (s == 4 && rand() < 0.25) { o = "LDRSW X" (rd - 1) "," o; a64_rtype(t, rd) }
    else o = (imm_form(o) && rand() < 0.3 ? "LDUR " : "LDR ") rt "," o
    if (s == 8) a64_rtype(t, rd)
    emit(t, o)
}

# the rd-th register is given a 64-bit type, one time in two
function a64_rtype(t, rd) {
    if (rand() < 0.5) rtype[t, rd] = rand() < 0.7 ? "int64_t" : "uint64_t"
}

# w := the value v to write, through a data dependency on the loaded p
# when d is data (with alu, half the time through a64_alu, into W6 or
# X6); then, one time in four, bits above the location's size or a
# negative value (the store keeps the low bytes)
function a64_val(t, w, d, p, v, alu,    q) {
    q = substr(w, 1, 1) substr(p, 2)
    if (d == "data" && alu && rand() < 0.5) a64_alu(t, p, v)
    else if (d == "data") { emit(t, "EOR " w "," q "," q); emit(t, "ADD " w "," w ",#" v) }
    else if (v >= 0 && v < 65536 && v % 3 == 1)
        emit(t, "MOVZ " w ",#" v ",LSL #0")   # herd7 digests a written shift
    else if (v >= 0 && v < 65536 && v % 3 == 2) {
        emit(t, "MOVZ " w ",#" v); emit(t, "MOVK " w ",#0,LSL #16") }
    else emit(t, "MOV " w ",#" v)
    if (w !~ /6$/ || rand() >= 0.25) return
    if (rand() < 0.3) emit(t, "NEG " w "," w)
    else if (w ~ /^X/) emit(t, "MOVK X6,#" (1 + pick(3)) ",LSL #" (rand() < 0.5 ? 32 : 48))
    else emit(t, "MOVK W6,#" (1 + pick(3)) ",LSL #16")
}

# an access to the pair w[0], w[1] (int w[2] or int64_t w[2]) at a:
# both halves, the value read is w[0]'s (w[1]'s goes to W16 or X16)
function a64_pair(t, k, d, p, a, v, rd, r,    o, P) {
    P = psize == 8 ? "X" : "W"
    if (k == "R") {
        o = r < 0.25 ? "LDXP " : r < 0.45 ? "LDAXP " : r < 0.65 ? "LDIAPP " : r < 0.85 || P == "X" ? "LDP " : ""
        if (P == "X") a64_rtype(t, rd)
        if (o != "") emit(t, o P (rd - 1) "," P "16,[" a "]")
        else emit(t, "LDPSW " creg(rd) ",X16,[" a "]")
        return
    }
    if (k == "W") {
        a64_val(t, P "6", d, p, v, 1)
        emit(t, (r < 0.4 ? "STILP " : "STP ") P "6," P "6,[" a "]")
        return
    }
    # an RMW: CASP (expecting 0,0 or the value read before twice) or
    # LDXP/STXP (which may fail); the new value may depend on the value
    # read before (data)
    if (r < 0.6) {
        emit(t, "MOV " P "12," (p != "" && rand() < 0.4 ? P substr(p, 2) : P "ZR"))
        emit(t, "MOV " P "13," P "12")
        a64_val(t, P "14", d, p, v, 0)
        emit(t, "MOV " P "15," P "14")
        emit(t, (r < 0.15 ? "CASPAL " : r < 0.3 ? "CASPA " : r < 0.45 ? "CASPL " : "CASP ") P "12," P "13," P "14," P "15,[" a "]")
        emit(t, "MOV " P (rd - 1) "," P "12")
        return
    }
    a64_val(t, P "6", d, p, v, 0)
    emit(t, (r < 0.8 ? "LDAXP " : "LDXP ") P (rd - 1) "," P "16,[" a "]")
    emit(t, (r < 0.7 ? "STLXP " : "STXP ") "W5," P "6," P "6,[" a "]")
}

# W6 or X6 := a random register operation on the loaded p (a W
# register) and the constant in X4, at a random width (the store keeps
# its size's low bytes): ALU forms, shifted and extended operands,
# flag-setting forms read back by a conditional select, MRS or MSR NZCV.
function a64_alu(t, p, v,    r, w, q, ops, o, n, c, cc) {
    w = rand() < 0.5 ? "W" : "X"
    q = w == "X" ? "X" substr(p, 2) : p
    emit(t, "MOV X4,#" (rand() < 0.3 ? -v : v + pick(70)))
    n = split("ADD SUB AND ORR EOR EON ORN BIC LSL LSR ASR ROR MUL MNEG MADD MSUB CSET CSETM CINC CSEL CSINC CSINV CSNEG NEG MVN MOVN UBFM SBFM REV REV16 REV32 RBIT SMULL UMULL SMNEGL UMNEGL SMADDL SMSUBL UMADDL UMSUBL ABS SXTW EXTR ASRV LSLV LSRV RORV FLAGS MRS MSR", ops, " ")
    o = ops[1 + pick(n)]
    split("EQ NE GE LT GT LE HI LS CS CC MI PL VS VC", c, " ")
    cc = c[1 + pick(14)]
    if (o ~ /^CS|^CINC$/) {
        emit(t, rand() < 0.7 ? "CMP " q "," w "4" : "TST " q "," w "4")
        if (o == "CINC") emit(t, "CINC " w "6," q "," cc)
        else if (o ~ /^CSE[LT]|CSETM/ && o != "CSEL") emit(t, o " " w "6," cc)
        else emit(t, o " " w "6," q "," w "4," cc)
    } else if (o == "FLAGS") {
        # a flag-setting form, then a select on its flags
        split("ADDS SUBS ANDS BICS", ops, " ")
        emit(t, ops[1 + pick(4)] " " w "6," q "," w "4")
        emit(t, "CSINC " w "6," w "6," q "," cc)
    } else if (o == "MSR") {
        # the flags from the value read (bits 31..28), then a select
        emit(t, "MSR NZCV,X" substr(p, 2)); emit(t, "CSEL " w "6," q "," w "4," cc)
    } else if (o == "MRS") {
        emit(t, "CMP " q "," w "4"); emit(t, "MRS X6,NZCV")
        emit(t, "ADD " w "6," w "6," q)
    } else if (o == "MADD" || o == "MSUB") emit(t, o " " w "6," q "," w "4," q)
    else if (o ~ /^[SU]M(ADD|SUB)L$/) emit(t, o " X6," p ",W4,X4")
    else if (o == "NEG" || o == "MVN" || o == "REV" || o == "REV16" || o == "RBIT" || o == "ABS") emit(t, o (o == "NEG" && rand() < 0.3 ? "S" : "") " " w "6," q)
    else if (o == "SXTW") emit(t, "SXTW X6," p)
    else if (o == "EXTR") emit(t, "EXTR " w "6," q "," w "4,#" pick(w == "W" ? 32 : 64))
    else if (o == "REV32") emit(t, (rand() < 0.3 ? "REV64" : "REV32") " X6,X" substr(p, 2))
    else if (o ~ /^(SMULL|UMULL|SMNEGL|UMNEGL)$/) emit(t, o " X6," p ",W4")
    else if (o == "MOVN") emit(t, "MOVN " w "6,#" v)
    else if (o == "UBFM" || o == "SBFM") emit(t, o " " w "6," q ",#" pick(w == "W" ? 32 : 64) ",#" pick(w == "W" ? 32 : 64))
    else if (o ~ /^(LSL|LSR|ASR|ROR)$/ && rand() < 0.5) emit(t, o " " w "6," q ",#" pick(w == "W" ? 32 : 64))
    else if (o ~ /^(ADD|SUB|AND|ORR|EOR)$/ && rand() < 0.4) emit(t, o " " w "6," q "," w "4," (rand() < 0.5 ? "ASR" : "LSL") shift_sep() pick(8))
    else if (o ~ /^(ADD|SUB)$/ && rand() < 0.3) emit(t, o " X6,X" substr(p, 2) ",W4," (rand() < 0.5 ? "SXTW" : "UXTB"))
    else emit(t, o " " w "6," q "," w "4")
}

# a shift amount's spelling: "LSL #3", and the two herd7 also reads,
# "LSL#3" and "LSL 3"
function shift_sep(   r) { r = pick(3); return r == 0 ? " #" : r == 1 ? "#" : " " }
