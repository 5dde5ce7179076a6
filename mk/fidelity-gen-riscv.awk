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

function riscv(t, k, d, p, a, v, rd,    x, r, amo) {
    x = d == "addr"
    if (x) { emit(t, "xor x29," p "," p); emit(t, "add x29,x29," a); a = "x29" }
    r = k == "X" ? rmw_r[t, j_now] : rand()
    if (k == "R") { emit(t, "lw " dreg(rd) ",0(" a ")"); return }
    if (k == "W") {
        if (d == "data" && rand() < 0.4) rv_alu(t, p, v)
        else if (d == "data") { emit(t, "xor x28," p "," p); emit(t, "addi x28,x28," v) }
        else emit(t, "li x28," v)
        emit(t, "sw x28,0(" a ")")
        return
    }
    if (d == "data") { emit(t, "xor x28," p "," p); emit(t, "addi x28,x28," v) }
    else emit(t, "li x28," v)
    if (r < 0.6) {
        split("swap swap swap add and or xor max min", amo, " ")
        emit(t, "amo" amo[1 + pick(9)] ".w" (r < 0.15 ? ".aqrl " : r < 0.27 ? ".aq " : r < 0.4 ? ".rl " : " ") dreg(rd) ",x28,(" a ")")
        return
    }
    # lr/sc (the sc may fail); its success register x27 may carry the
    # next dependency instead of the loaded value
    xload(t, rd, a, r < 0.7 ? "lr.w.aq" : "lr.w")
    xmid(t, a)
    emit(t, (r < 0.8 ? "sc.w.rl " : "sc.w ") "x27,x28,0(" xaddr(a) ")")
    if (rand() < 0.5) sc_reg = "x27"
}
