# fidelity-gen-x86.awk — x86-64's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-x86.awk ...).

function x86(t, k, d, p, a, v, rd,    nops, n) {
    if (rand() < 0.15) {
        n = split("nop|nopl 0(%rax,%eax,0)|nopw 0(%rax,%eax,0)|NOPL %cs:0(%rax,%eax,0)|nopl (%rax)|nopl 8(%rsp)|endbr64|nopw 0(%rax,%rax,1)|nopl 0(%rax,%rax,1)|nopw %cs:0(%rax,%rax,1)|nopl 0(%rax)", nops, "|")
        emit(t, nops[1 + pick(n)])
    }
    if (k == "R" && rand() < 0.2) { emit(t, "movq " x86addr(a) ",%" x86reg(rd)); return }
    if (k == "R") { emit(t, "movq (" a "),%" x86reg(rd)); return }
    if (k == "W" && rand() < 0.15) { emit(t, "movq $" v "," x86addr(a)); return }
    if (k == "W" && rand() < 0.15) { x86_wide(t, a); return }
    if (k == "W" && p != "" && rand() < 0.4) { x86_alu(t, p, v); emit(t, "movq %r8,(" a ")"); return }
    if (k == "W") { emit(t, "movq $" v ",(" a ")"); return }
    emit(t, "movq $" v ",%" x86reg(rd))
    emit(t, "xchgq %" x86reg(rd) ",(" a ")")
}

# a 64-bit value stored whole: r10 as the init block sets it (64 bits,
# typed or not), or a register of either class (rbp, r9) given a 64-bit
# immediate, then sometimes a narrower one (movl clears the upper half,
# movw and movb keep it)
function x86_wide(t, a,    r, w, big, small) {
    if (rand() < 0.3) { emit(t, "movq %r10,(" a ")"); return }
    r = rand() < 0.5 ? "bp" : "9"
    split("144680345676153346 -4294967296 4294967297 -1", big, " ")
    split("-2 5 65537 -129", small, " ")
    emit(t, "movq $" big[1 + pick(4)] ",%r" r)
    w = pick(4)
    if (w == 1) emit(t, "movl $" small[1 + pick(4)] "," (r == "9" ? "%r9d" : "%ebp"))
    else if (w == 2) emit(t, "movw $" small[1 + pick(4)] "," (r == "9" ? "%r9w" : "%bp"))
    else if (w == 3) emit(t, "movb $" small[1 + pick(4)] "," (r == "9" ? "%r9b" : "%bpl"))
    emit(t, "movq %r" r ",(" a ")")
}

# location a through its register r12..r14 (r15 = 8) in a form herd7
# reads: a segment prefix (ignored), a scale of 0 (the index times 0).
function x86addr(a,    r, b) {
    b = "%r" (a == "x" ? 12 : a == "y" ? 13 : 14)
    r = pick(4)
    if (r == 0) return "%ds:0(" b ",%r15,0)"
    if (r == 1) return "%cs:-8(" b ",%r15,1)"
    if (r == 2) return "0(" b ",%r15,0)"
    return "-16(" b ",%r15,2)"
}

# r8 := a random operation of the forms herd7 reads on the loaded p at
# a random width, through a compare and a conditional jump.
function x86_alu(t, p, v,    n, ops, o, w, r8, src, lab, cc, sfx) {
    w = pick(4)
    r8 = substr("r8br8wr8dr8", 1 + 3 * w, w == 3 ? 2 : 3)
    src = w == 3 ? p : w == 2 ? "%e" substr(p, 3) : w == 1 ? "%" substr(p, 3) : "%" substr(p, 3, 1) "l"
    if (p ~ /r(si|di)$/ && w == 0) src = "%" substr(p, 3) "l"
    emit(t, "movq $" (rand() < 0.3 ? -1 : v) ",%r8")
    n = split("mov add or xor inc dec cmp", ops, " ")
    o = ops[1 + pick(n)]
    sfx = substr("bwlq", w + 1, 1)
    if (o == "inc" || o == "dec") emit(t, o sfx " %" r8)
    else if (rand() < 0.5) emit(t, o sfx " $" (pick(5) - 2) ",%" r8)
    else emit(t, o sfx " " src ",%" r8)
    split("je jne jle jge js jns", cc, " ")
    lab = label(t)
    emit(t, cc[1 + pick(6)] " " lab)
    emit(t, "incq %r8")
    emit(t, lab ":")
}

