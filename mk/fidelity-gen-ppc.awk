# fidelity-gen-ppc.awk — Power's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-ppc.awk ...).

# Each of x, y, z has a size, 1, 2, 4 or 8 bytes (asz[its register];
# its type int8_t ... int64_t or int), and its accesses that width:
# lbz lhz lwz/lwa ld and stb sth stw std, in their D, indexed (x) and
# update (u, on a copy of the address) forms; lwarx/stwcx. on a 4-byte
# location (herd7 7.58 reads no ldarx), a load then a store elsewhere.
function ppc_sizes(   k, r) {
    for (k = 1; k <= 3; k++) {
        r = rand()
        psz[k] = r < 0.5 ? 4 : r < 0.75 ? 8 : r < 0.88 ? 2 : 1
        pty[k] = psz[k] == 4 ? "" : psz[k] == 8 ? "int64_t" : (rand() < 0.5 ? "u" : "") "int" (8 * psz[k]) "_t"
        asz[locreg(k)] = psz[k]
    }
}

function ppc_decls(   k, s) {
    for (k = 1; k <= 3; k++)
        if (pty[k] != "") s = s pty[k] " " LOC[k] "; "
    if (s != "") print s > file
}

# the width letter of an access at a (lbz, lhz, lwz, ld)
function pw(a) { return substr("bh w   d", asz[a], 1) }

# a control dependency on p: a compare (cmpw p,p or cmpwi p,0) and a
# conditional branch to the next instruction, or one time in four over
# the access (skip_lab); f adds an isync
function ppc_ctrl(t, p, f, lab,    c) {
    split("beq bne blt bgt bge ble", c, " ")
    emit(t, rand() < 0.5 ? "cmpw " p "," p : "cmpwi " p ",0")
    emit(t, c[1 + pick(6)] " " lab)
    if (rand() < 0.25) skip_lab = lab
    else emit(t, lab ":")
    if (f) emit(t, "isync")
}

# r8 := v, through a data dependency on p (xor, andi., or through mr
# or extsw first), or p itself (the value read stored back)
function ppc_data(t, p, v,    r) {
    r = pick(5)
    if (r == 0) { emit(t, "andi. r8," p ",0"); emit(t, "addi r8,r8," v) }
    else if (r == 1) { emit(t, "mr r8," p); emit(t, "xor r8,r8," p); emit(t, "ori r8,r8," v) }
    else if (r == 2) { emit(t, "extsw r8," p); emit(t, "xor r8,r8," p); emit(t, "addi r8,r8," v) }
    else if (r == 3 && rand() < 0.5) emit(t, "mr r8," p)
    else { emit(t, "xor r8," p "," p); emit(t, "addi r8,r8," v) }
}

# a load or store of r at a in the D, indexed (r9 + a, x) or update
# (u, on r11, a copy of a) form; x: the index r9 carries an address
# dependency
function ppc_mem(t, o, r, a, x,    u) {
    if (x) return o (o == "lwa" ? "" : "") "x " r ",r9," a
    u = rand()
    if (u < 0.15 && o ~ /^(lwz|stw)$/) {   # herd7 7.58 reads no other update form
        emit(t, "mr r11," a); return o "u " r ",0(r11)" }
    if (u < 0.3) { emit(t, "li r9,0"); return o "x " r ",r9," a }
    return o " " r ",0(" a ")"
}

function ppc(t, k, d, p, a, v, rd,    x, s, o) {
    x = d == "addr"
    if (x) emit(t, "xor r9," p "," p)
    s = asz[a]
    if (k == "R" || (k == "X" && s != 4)) {
        o = s == 4 && rand() < 0.2 && !x ? "lwa" : "l" pw(a) (s == 8 ? "" : "z")
        emit(t, ppc_mem(t, o, dreg(rd), a, x))
        if (k == "R") return
    }
    if (k != "X" || s != 4) {
        if (d == "data") ppc_data(t, p, v)
        else emit(t, "li r8," v)
        emit(t, ppc_mem(t, "st" pw(a), "r8", a, x))
        return
    }
    # an RMW: lwarx then stwcx. (which may fail)
    if (x) { emit(t, "add r10,r9," a); a = "r10"; asz[a] = s }
    if (d == "data") { emit(t, "xor r7," p "," p); emit(t, "addi r7,r7," v) }
    else emit(t, "li r7," v)
    xload(t, rd, a, "lwarx")
    xmid(t, a)
    emit(t, "stwcx. r7,r0," xaddr(a))
}
