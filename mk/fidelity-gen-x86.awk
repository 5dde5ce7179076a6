# fidelity-gen-x86.awk — x86-64's accesses, for mk/fidelity-gen.awk, which
# draws the test and renders it (every fidelity-gen*.awk is loaded:
# awk -f mk/fidelity-gen.awk -f mk/fidelity-gen-x86.awk ...).

# Each of x, y, z has a size, 1, 2, 4 or 8 bytes (xsz[k]; its type
# uint8_t ... int64_t, 8 bytes two times in three), and its accesses
# that width (suffix b w l q, registers %dil %di %edi %rdi ...): loads
# (mov, add or xor into a zero register), stores (mov, movnti), RMWs
# returning a value (xchg, lock xchg, uxch, lock cmpxchg) and not
# (lock add/xor/inc/dec, and add/inc without lock: not atomic).
function x86_sizes(   k, r) {
    for (k = 1; k <= 3; k++) {
        r = rand()
        xsz[k] = r < 0.67 ? 8 : r < 0.8 ? 4 : r < 0.9 ? 2 : 1
        xty[k] = (rand() < 0.7 ? "uint" : "int") (8 * xsz[k]) "_t"
        if (xty[k] == "int32_t") xty[k] = "int"
    }
}

# the k-th loaded register at s bytes
function x86rw(k, s,    b) {
    b = x86reg(k)
    if (s == 8) return "%" b
    if (s == 4) return "%e" substr(b, 2)
    if (s == 2) return "%" substr(b, 2)
    return "%" (b ~ /^r[sd]i$/ ? substr(b, 2) : substr(b, 2, 1)) "l"
}

# r8 (or r11) at s bytes
function x86r8(s, n) { return "%r" n (s == 8 ? "" : s == 4 ? "d" : s == 2 ? "w" : "b") }

function x86(t, k, d, p, a, v, rd,    nops, n, s, sx, r, lk, ra) {
    if (rand() < 0.15) {
        n = split("nop|nopl 0(%rax,%eax,0)|nopw 0(%rax,%eax,0)|NOPL %cs:0(%rax,%eax,0)|nopl (%rax)|nopl 8(%rsp)|endbr64|nopw 0(%rax,%rax,1)|nopl 0(%rax,%rax,1)|nopw %cs:0(%rax,%rax,1)|nopl 0(%rax)|clflush (" a ")", nops, "|")
        emit(t, nops[1 + pick(n)])
    }
    s = xsz[loc[t, j_now]]
    sx = substr("bw l   q", s, 1)
    r = rand()
    if (k == "R") {
        ra = r < 0.2 ? x86addr(a) : "(" a ")"
        emit(t, (r < 0.7 ? "mov" : r < 0.85 ? "add" : "xor") sx " " ra "," x86rw(rd, s))
        return
    }
    if (k == "W" && r < 0.15) { emit(t, "mov" sx " $" v "," x86addr(a)); return }
    if (k == "W" && r < 0.3 && s == 8) { x86_wide(t, a); return }
    if (k == "W" && r < 0.4 && s >= 4) { emit(t, "movq $" v ",%r8"); emit(t, "movnti" (rand() < 0.5 ? "" : sx) " " x86r8(s, 8) ",(" a ")"); return }
    if (k == "W" && p != "" && r < 0.7) { x86_alu(t, p, v); emit(t, "mov" sx " " x86r8(s, 8) ",(" a ")"); return }
    if (k == "W") { emit(t, "mov" sx " $" v ",(" a ")"); return }
    lk = rand() < 0.5 ? "lock " : ""
    if (k == "N") {
        if (r < 0.3) emit(t, lk "add" sx " $" v ",(" a ")")
        else if (r < 0.5) emit(t, "lock xor" sx " $" v ",(" a ")")
        else if (r < 0.7) emit(t, lk (rand() < 0.5 ? "inc" : "dec") sx " (" a ")")
        else { emit(t, "movq $" v ",%r8"); emit(t, "lock add" sx " " x86r8(s, 8) ",(" a ")") }
        return
    }
    if (r < 0.25) {
        # cmpxchg (herd7's operand order): rax holds the expected value
        # (0 or 1), r11 the new one; rax (the value read on failure) is
        # then copied to the register loaded
        emit(t, "movq $" v ",%r11"); emit(t, "movq $" pick(2) ",%rax")
        emit(t, "lock cmpxchg" sx " (" a ")," x86r8(s, 11))
        emit(t, "movq %rax," x86rw(rd, 8))
        return
    }
    emit(t, "movq $" v "," x86rw(rd, 8))
    emit(t, (r < 0.75 ? lk "xchg" : "uxch") sx " " x86rw(rd, s) ",(" a ")")
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
function x86_alu(t, p, v,    n, ops, o, w, r8, src, lab, cc, sfx, r) {
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
    split("je jne jle jge js jns jlt jgt", cc, " ")
    lab = label(t)
    emit(t, cc[1 + pick(8)] " " lab)
    emit(t, "incq %r8")
    emit(t, lab ":")
    # then, one time in three, the carry flag read back (cmovc, setnb;
    # not after inc, dec, mov, which leave CF as it was: undefined to us)
    # or an unconditional jump over an increment
    r = o ~ /^(inc|dec|mov)$/ ? 2 + pick(7) : pick(9)   # CF set by o
    if (r == 0) emit(t, "cmovc" (rand() < 0.5 ? "q" : "") " " p ",%r8")
    else if (r == 1) emit(t, "setnb %r8b")
    else if (r == 2) { lab = label(t); emit(t, "jmp " lab); emit(t, "incq %r8"); emit(t, lab ":") }
}

