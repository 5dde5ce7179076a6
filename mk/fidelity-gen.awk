# fidelity-gen.awk — random small litmus tests for `make fidelity-diff`:
#   awk -v arch=PPC -v n=100 -v seed=1 -v dir=DIR -f mk/fidelity-gen.awk
# writes DIR/<arch>-<seed>-<i>.litmus, i = 1..n, for arch PPC, X86_64,
# ARM, AArch64 or RISCV. Each test has 2 or 3 threads of 1 to 3 accesses
# (loads, stores of a value of their own, and RMWs: on AArch64 SWP,
# LDADD, CAS and LDXR/STXR; on RISC-V AMOs and lr/sc; on PPC
# lwarx/stwcx.; on ARM LDREX/STREX; a store-exclusive's status register
# may carry the next dependency, and an exclusive pair has one of the
# shapes of xshape three times in five: a plain store or load, a second
# load-exclusive between its halves, its store to another location, no
# load-exclusive) to 2 or 3 locations, one access in four to the
# location of the access before (rfi, a CAS read back); on AArch64, in
# a test in three, a fourth location w, an int pair reached by the pair
# instructions (CASP and its orderings, LDXP/LDAXP with STXP/STLXP,
# LDIAPP/STILP, LDPSW, LDP/STP). A data dependency (into a store or an
# RMW's value) sometimes goes through a random register operation
# (AArch64: W and X ALU forms, shifts by register and by `#k`, `k` or
# `#k` spelt `LSL#k`, multiplies, SMULL/UMULL/SMNEGL, EON, CSET/CSEL,
# UBFM/SBFM, REV/REV16/REV32/REV64, RBIT; RISC-V: the W and immediate
# forms, mv, sext.w, lui; x86-64: the 8/16/32-bit forms herd7 reads,
# with cmp and a conditional jump), whose value is stored; an AArch64
# access is sometimes preceded by an ADR to a label; RISC-V RMWs are
# any AMO herd7 reads (swap, add, and, or, xor, max, min); an x86-64
# store sometimes writes a 64-bit value (the init block's r10, hex or
# negative, typed or not; or a 64-bit immediate in rbp or r9, then
# overwritten at 32, 16 or 8 bits), and an access is sometimes preceded
# by a nop of the family LLVM emits in herd7's spelling (nopl/nopw with
# memory operands, scale 0 or 1, %cs:, and endbr64; not xchgw %ax,%ax,
# which makes herd7 7.58 fail an assertion when the thread later writes
# rax), or goes through a register with a segment prefix or a scale of
# 0 (x86addr); between two accesses of a thread, nothing, a fence of
# the architecture, or (after a load) an address, data or control
# dependency, as diy's relations. The condition names every register
# loaded, at a value some store gives (or 0), and sometimes a location's
# final value: herd7 lists the final states over those, so the whole
# outcome set is compared. The same seed gives the same tests.
BEGIN {
    srand(seed)
    if (n == "") n = 50
    split("x y z w", LOC, " ")
    for (i = 1; i <= n; i++)
        test(sprintf("%s-%s-%d", arch, seed, i))
}

function pick(k) { return int(rand() * k) }

# ---- the abstract test: T threads of ops ----
# op t,j: kind[t,j] R, W or X (an RMW: read then write), loc[t,j] 1..3,
# val[t,j] the value written, dep[t,j] how it follows op j-1 (po, addr,
# data, ctrl, ctrlf, or F:fence), reg[t,j] the register loaded.
function test(name,    t, j, nl, nw, k, f) {
    T = 2 + (rand() < 0.35)
    nl = 2 + (rand() < 0.3)
    # AArch64: a fourth location w, an int pair (int w[2]), reached
    # only by the pair instructions (CASP, LDXP/STXP, LDIAPP/STILP,
    # LDPSW, LDP/STP)
    pairs = arch == "AArch64" && rand() < 0.3
    for (k = 1; k <= 4; k++) wrote[k] = 0
    for (t = 0; t < T; t++) {
        nld = 0
        nops[t] = 1 + pick(3)
        if (t == 0 && nops[t] == 1) nops[t] = 2
        for (j = 1; j <= nops[t]; j++) {
            loc[t, j] = 1 + pick(nl)
            # the location of the op before, one time in four: po-loc
            # shapes (rfi, a CAS read back then a control dependency)
            if (j > 1 && rand() < 0.25) loc[t, j] = loc[t, j - 1]
            if (pairs && rand() < 0.3) loc[t, j] = 4
            r = rand()
            kind[t, j] = r < 0.45 ? "R" : (r < 0.9 || !has_rmw()) ? "W" : "X"
            if (kind[t, j] != "R")
                val[t, j] = ++wrote[loc[t, j]]
            if (kind[t, j] != "W") nld++
            xshape(t, j, nl)
            dep[t, j] = "po"
            if (j > 1) {
                r = rand()
                if (r < 0.4) dep[t, j] = "F:" fence()
                else if (r < 0.75 && kind[t, j - 1] != "W" && arch != "X86_64") {
                    r = rand()
                    dep[t, j] = r < 0.35 ? "addr" : r < 0.7 && kind[t, j] != "R" ? "data" : r < 0.8 || arch == "RISCV" ? "ctrl" : "ctrlf"
                }
            }
        }
    }
    file = dir "/" name ".litmus"
    render(name)
    close(file)
}

function has_rmw() { return 1 }

# The shape of an exclusive pair (kind X, where the architecture's RMW
# is one: ARM, PPC, AArch64 and RISC-V's lr/sc), three in five: between
# the load- and the store-exclusive a plain store (st) or load (ld) of
# its location, a store to another (sto), a second load-exclusive of it
# (lx2) or of another (lxo); the store-exclusive to another location
# (sxo); or a plain load instead of the load-exclusive (nolx). The pairs
# herd7 forms, their success and atomicity (aarch64.cat exempts a pair
# with a store of its own thread between) differ on each. xloc, xval:
# the other location, the value the extra store writes. At most four
# registers loaded per thread (the others are scratch).
function xshape(t, j, nl,    n, s, XS, r) {
    xs[t, j] = ""
    if (kind[t, j] != "X") return
    # which RMW (rendering reads it: a64, riscv)
    r = rmw_r[t, j] = rand()
    if (loc[t, j] == 4 || arch == "X86_64" || (arch == "AArch64" && r < 0.75) ||
        (arch == "RISCV" && r < 0.6) || rand() >= 0.6) return
    n = split("st ld sto lx2 lxo sxo nolx", XS, " ")
    s = XS[1 + pick(n)]
    if ((s == "ld" || s ~ /^lx/) && nld >= 4) return
    if (s == "ld" || s ~ /^lx/) nld++
    xs[t, j] = s
    xloc[t, j] = 1 + (loc[t, j] + pick(nl - 1)) % nl
    if (s == "st") xval[t, j] = ++wrote[loc[t, j]]
    if (s == "sto") xval[t, j] = ++wrote[xloc[t, j]]
    if (s == "sxo") { wrote[loc[t, j]]--; val[t, j] = ++wrote[xloc[t, j]] }
}

function fence(   r) {
    r = rand()
    if (arch == "PPC") return r < 0.35 ? "sync" : r < 0.7 ? "lwsync" : r < 0.85 ? "eieio" : "isync"
    if (arch == "X86_64") return "mfence"
    if (arch == "ARM") return r < 0.5 ? "DMB" : r < 0.7 ? "DMB ST" : r < 0.85 ? "DSB" : "ISB"
    if (arch == "AArch64") return r < 0.4 ? "DMB SY" : r < 0.6 ? "DMB LD" : r < 0.8 ? "DMB ST" : "ISB"
    return r < 0.3 ? "fence rw,rw" : r < 0.45 ? "fence r,rw" : r < 0.6 ? "fence rw,w" : r < 0.7 ? "fence r,r" : r < 0.8 ? "fence w,w" : r < 0.9 ? "fence.tso" : "fence w,r"
}

# ---- rendering ----
function emit(t, s) { code[t, ++ncode[t]] = s }

function render(name,    t, j, w, i, rows, line, cond, k, v, nvals, sep) {
    delete code; delete ncode; delete loaded
    nlab = 0
    for (t = 0; t < T; t++) {
        ncode[t] = 0
        nreg[t] = 0
        for (j = 1; j <= nops[t]; j++)
            op(t, j)
    }
    print arch " " name > file
    print "{" > file
    init()
    print "}" > file
    rows = 0
    for (t = 0; t < T; t++) {
        if (ncode[t] > rows) rows = ncode[t]
        w[t] = length("P" t)
        for (i = 1; i <= ncode[t]; i++)
            if (length(code[t, i]) > w[t]) w[t] = length(code[t, i])
    }
    line = ""
    for (t = 0; t < T; t++)
        line = line sprintf(" %-" w[t] "s %s", "P" t, t < T - 1 ? "|" : ";")
    print line > file
    for (i = 1; i <= rows; i++) {
        line = ""
        for (t = 0; t < T; t++)
            line = line sprintf(" %-" w[t] "s %s", i <= ncode[t] ? code[t, i] : "", t < T - 1 ? "|" : ";")
        print line > file
    }
    cond = ""
    for (k = 1; k <= nloaded; k++) {
        v = pick(wrote[lloc[k]] + 1)
        cond = cond (cond == "" ? "" : " /\\ ") lname[k] "=" v
    }
    for (k = 1; k <= 4; k++)
        if (wrote[k] >= 2 && rand() < 0.5)
            cond = cond (cond == "" ? "" : " /\\ ") cloc(k) "=" (1 + pick(wrote[k]))
    if (cond == "")
        cond = cloc(1) "=" wrote[1]
    if (arch == "X86_64" && rand() < 0.3)
        print "locations [0:r10;]" > file
    print "exists (" cond ")" > file
    nloaded = 0
}

# a location in the condition (X86_64 writes them as herd7 reads them)
function cloc(k) { return k == 4 ? "w[" pick(2) "]" : LOC[k] }

function init(    t, k, s) {
    if (arch == "X86_64") {
        s = "uint64_t x; uint64_t y; uint64_t z;"
        for (t = 0; t < T; t++) {
            for (k = 1; k <= nreg[t]; k++)
                s = s " uint64_t " t ":" x86reg(k) ";"
            s = s " " t ":r12=x; " t ":r13=y; " t ":r14=z; " t ":r15=8;"
            s = s " " (rand() < 0.5 ? "uint64_t " : "") t ":r10=" (rand() < 0.5 ? "0x202020202020202" : "-4294967294") ";"
            if (rand() < 0.1) s = s " " t ":rip=0;"       # herd7 reads rip there only
        }
        print s > file
        return
    }
    if (pairs) print "int w[2]={0,0};" > file
    for (t = 0; t < T; t++) {
        s = ""
        for (k = 1; k <= 3 + pairs; k++)
            s = s sprintf("%d:%s=%s; ", t, locreg(k), LOC[k])
        print s > file
    }
}

# loads go to rdi, rsi, rcx, ... so that a state's registers are in
# herd7's order of its register type, not their names' (rsi before rdi,
# r10 after both)
function x86reg(k) { return substr("rdirsircxrbxrdxrax", 3 * k - 2, 3) }

# the register holding location k's address
function locreg(k) {
    if (arch == "X86_64") return LOC[k]
    if (arch == "PPC") return "r" (19 + k)
    if (arch == "ARM") return "R" (7 + k)
    if (arch == "AArch64") return "X" (7 + k)
    return "x" (19 + k)
}

# the k-th register a thread loads into, as code writes it
function dreg(k) {
    if (arch == "PPC") return "r" k
    if (arch == "X86_64") return "%" x86reg(k)
    if (arch == "ARM") return "R" (k - 1)
    if (arch == "AArch64") return "W" (k - 1)
    return "x" (4 + k)
}

# ... and as the condition names it
function creg(k) {
    if (arch == "X86_64") return x86reg(k)
    if (arch == "AArch64") return "X" (k - 1)
    return dreg(k)
}

function label(t) { return sprintf("LC%d%d", t, ++nlab) }

# op t,j: its prelude (fence, dependency), then the access
function op(t, j,    d, p, a, v, lab, l, rd, tmp) {
    d = dep[t, j]
    j_now = j
    p = j > 1 ? prev_reg : ""
    l = loc[t, j]
    a = locreg(l)
    v = val[t, j]
    if (d ~ /^F:/) emit(t, substr(d, 3))
    if (d == "ctrl" || d == "ctrlf") ctrl(t, p, d == "ctrlf")
    if (kind[t, j] != "W") {
        rd = ++nreg[t]
        lloc[++nloaded] = l
        lname[nloaded] = t ":" creg(rd)
    }
    sc_reg = ""
    access(t, kind[t, j], d, p, a, v, rd)
    if (kind[t, j] != "W") prev_reg = sc_reg != "" ? sc_reg : dreg(rd)
}

function ctrl(t, p, f,    lab) {
    lab = label(t)
    if (arch == "PPC") { emit(t, "cmpw " p "," p); emit(t, "beq " lab); emit(t, lab ":"); if (f) emit(t, "isync") }
    else if (arch == "ARM") { emit(t, "CMP " p "," p); emit(t, "BNE " lab); emit(t, lab ":"); if (f) emit(t, "ISB") }
    else if (arch == "AArch64") { emit(t, "CBNZ " p "," lab); emit(t, lab ":"); if (f) emit(t, "ISB") }
    else { emit(t, "bne " p "," p "," lab); emit(t, lab ":") }
}

function access(t, k, d, p, a, v, rd) {
    if (arch == "PPC") ppc(t, k, d, p, a, v, rd)
    else if (arch == "X86_64") x86(t, k, d, p, a, v, rd)
    else if (arch == "ARM") arm(t, k, d, p, a, v, rd)
    else if (arch == "AArch64") a64(t, k, d, p, a, v, rd)
    else riscv(t, k, d, p, a, v, rd)
}

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

# ---- an exclusive pair's shapes (xshape) ----
# its load: the load-exclusive lx, or (nolx) a plain load
function xload(t, rd, a, lx) {
    if (xs[t, j_now] == "nolx") emit(t, xld(dreg(rd), a))
    else emit(t, xlx(lx, dreg(rd), a))
}

# what comes between the load- and the store-exclusive at a
function xmid(t, a,    s, o) {
    s = xs[t, j_now]
    o = locreg(xloc[t, j_now])
    if (s == "st") xst(t, xval[t, j_now], a)
    else if (s == "sto") xst(t, xval[t, j_now], o)
    else if (s == "ld") emit(t, xld(dreg(xreg(t, loc[t, j_now])), a))
    else if (s == "lx2") emit(t, xlx(xlx_op(), dreg(xreg(t, loc[t, j_now])), a))
    else if (s == "lxo") emit(t, xlx(xlx_op(), dreg(xreg(t, xloc[t, j_now])), o))
}

# the store-exclusive's address: a, or (sxo) the other location's
function xaddr(a) { return xs[t, j_now] == "sxo" ? locreg(xloc[t, j_now]) : a }

# one more register loaded, from location l, named in the condition
function xreg(t, l,    rd) {
    rd = ++nreg[t]
    lloc[++nloaded] = l
    lname[nloaded] = t ":" creg(rd)
    return rd
}

function xlx_op() {
    if (arch == "AArch64") return "LDXR"
    if (arch == "PPC") return "lwarx"
    if (arch == "ARM") return "LDREX"
    return "lr.w"
}

function xlx(lx, r, a) {
    if (arch == "PPC") return lx " " r ",r0," a
    if (arch == "RISCV") return lx " " r ",0(" a ")"
    return lx " " r ",[" a "]"
}

function xld(r, a) {
    if (arch == "PPC") return "lwz " r ",0(" a ")"
    if (arch == "RISCV") return "lw " r ",0(" a ")"
    return "LDR " r ",[" a "]"
}

# a plain store of v at a, through a scratch register
function xst(t, v, a) {
    if (arch == "PPC") { emit(t, "li r11," v); emit(t, "stw r11,0(" a ")") }
    else if (arch == "RISCV") { emit(t, "li x26," v); emit(t, "sw x26,0(" a ")") }
    else if (arch == "ARM") { emit(t, "MOV R4,#" v); emit(t, "STR R4,[" a "]") }
    else { emit(t, "MOV W19,#" v); emit(t, "STR W19,[" a "]") }
}

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
