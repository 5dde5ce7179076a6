# fidelity-gen-riscv.awk — RISC-V's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-riscv.awk ...).

# x28 := a random operation on the loaded p and v, of those herd7 7.58
# reads (it refuses srl, sra, mul, sltu, srlw, sraw and their immediate
# forms).
function rv_alu(t, p, v,    n, ops, o) {
    if (rand() < 0.15) emit(t, "lui x9," pick(1048576))
    else emit(t, "li x9," (rand() < 0.3 ? -v : v + pick(70)))
    n = split("add sub and or xor sll addw subw sllw addi xori andi ori slli srli addiw slliw slt slti mv sext.w", ops, " ")
    o = ops[1 + pick(n)]
    if (o == "mv" || o == "sext.w") { emit(t, o " x28," p); emit(t, "add x28,x28,x9") }
    else if (o ~ /i$|iw$/) emit(t, o " x28," p "," (o ~ /^s/ ? pick(o ~ /w$/ ? 32 : 64) : pick(200) - 100))
    else emit(t, o " x28," p ",x9")
}

# Each of x, y, z has a size, 1, 2, 4 or 8 bytes (asz[its register];
# its type int8_t ... int64_t or int), and its accesses that width, as
# herd7 refuses mixed sizes: lb/lbu lh/lhu lw/lwu/lw.aq ld/ld.aq, sb sh
# sw/sw.rl sd/sd.rl, AMOs and lr/sc in .w and .d (a 1- or 2-byte
# location's RMW is a load then a store: no AMO of that size).
function rv_sizes(   k, r) {
    for (k = 1; k <= 3; k++) {
        r = rand()
        rsz[k] = r < 0.45 ? 4 : r < 0.75 ? 8 : r < 0.88 ? 2 : 1
        rty[k] = rsz[k] == 4 ? (rand() < 0.7 ? "" : "int32_t") : (rand() < 0.7 ? "int" : "uint") (8 * rsz[k]) "_t"
        asz[locreg(k)] = rsz[k]
    }
}

function rv_decls(   k, s) {
    for (k = 1; k <= 3; k++)
        if (rty[k] != "") s = s rty[k] " " LOC[k] "; "
    if (s != "") print s > file
}

# an access's width letter at address a
function wl(a) { return substr("bh w   d", asz[a], 1) }

# a control dependency on p: a branch (bne, beq, blt, bge against x0 or
# p itself) to the next instruction, or one time in four over the
# access (skip_lab), or a j over nothing
function rv_ctrl(t, p, lab,    c, r) {
    split("bne beq blt bge", c, " ")
    r = rand() < 0.5 ? "x0" : p
    if (rand() < 0.25) { emit(t, c[1 + pick(4)] " " p "," r "," lab); skip_lab = lab; return }
    emit(t, c[1 + pick(4)] " " p "," r "," lab)
    emit(t, lab ":")
}

function riscv(t, k, d, p, a, v, rd,    x, r, amo, s, w, o) {
    x = d == "addr"
    if (x) { emit(t, "xor x29," p "," p); emit(t, "add x29,x29," a); asz["x29"] = asz[a]; a = "x29" }
    r = k == "X" ? rmw_r[t, j_now] : rand()
    s = asz[a]; w = wl(a)
    if (k == "R" || (k == "X" && s < 4)) {
        o = s == 8 ? (rand() < 0.2 ? "ld.aq" : "ld") : s == 4 ? (r < 0.2 ? "lw.aq" : r < 0.4 ? "lwu" : "lw") : "l" w (rand() < 0.5 ? "u" : "")
        emit(t, o " " dreg(rd) ",0(" a ")")
        if (k == "R") return
    }
    if (k != "X" || s < 4) {
        if (d == "data" && rand() < 0.4) rv_alu(t, p, v)
        else if (d == "data") { emit(t, "xor x28," p "," p); emit(t, "addi x28,x28," v) }
        else emit(t, "li x28," v)
        emit(t, "s" w (s >= 4 && rand() < 0.2 ? ".rl" : "") " x28,0(" a ")")
        return
    }
    if (d == "data") { emit(t, "xor x28," p "," p); emit(t, "addi x28,x28," v) }
    else emit(t, "li x28," v)
    if (r < 0.6) {
        split("swap swap swap add and or xor max min", amo, " ")
        emit(t, "amo" amo[1 + pick(9)] "." w (r < 0.15 ? ".aqrl " : r < 0.27 ? ".aq " : r < 0.4 ? ".rl " : " ") dreg(rd) ",x28,(" a ")")
        return
    }
    # lr/sc (the sc may fail); its success register x27 may carry the
    # next dependency instead of the loaded value
    xload(t, rd, a, r < 0.67 ? "lr.w.aq" : r < 0.7 ? "lr.w.aqrl" : "lr.w")
    xmid(t, a)
    o = r < 0.78 ? "sc.w.rl" : r < 0.8 ? "sc.w.aqrl" : "sc.w"
    sub(/\.w/, "." wl(xaddr(a)), o)
    emit(t, o " x27,x28,0(" xaddr(a) ")")
    if (rand() < 0.5) sc_reg = "x27"
}
