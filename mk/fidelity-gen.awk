# fidelity-gen.awk — random small litmus tests for `make fidelity-diff`
# (the accesses of each architecture are in mk/fidelity-gen-<arch>.awk,
# each with a comment saying which forms it draws):
#   awk -v arch=PPC -v n=100 -v seed=1 -v dir=DIR -f mk/fidelity-gen.awk \
#       -f mk/fidelity-gen-ppc.awk ... (every mk/fidelity-gen*.awk)
# writes DIR/<arch>-<seed>-<i>.litmus, i = 1..n, for arch PPC, X86_64,
# ARM, AArch64 or RISCV. Each test has 2 or 3 threads of 1 to 3 accesses
# (loads, stores of a value of their own, RMWs that return a value and,
# on AArch64 and x86-64, RMWs that do not: kind N) to 2 or 3 locations,
# each of a size (1, 2, 4 or 8 bytes, but ARM's) that all its accesses
# have, as herd7 7.58 refuses mixed sizes without `-variant mixed`; one
# access in four to the location of the access before (rfi, a CAS read
# back); on AArch64, in a test in three, a fourth location w, an int or
# int64_t pair reached by the pair instructions. An exclusive pair has
# one of the shapes of xshape three times in five (a plain store or
# load, a second load-exclusive between its halves, its store to
# another location, no load-exclusive), and a store-exclusive's status
# register may carry the next dependency. Between two accesses of a
# thread: nothing, a fence of the architecture, or (after a load) an
# address, data or control dependency, as diy's relations; a data
# dependency sometimes goes through a random register operation, a
# control one through any conditional branch the architecture has, to
# the next instruction or over the access (which then happens on one
# path only). The condition names every register loaded, at a value
# some store gives (or 0), and sometimes a location's final value:
# herd7 lists the final states over those, so the whole outcome set is
# compared. The same seed gives the same tests.
BEGIN {
    srand(seed)
    if (n == "") n = 50
    split("x y z w", LOC, " ")
    for (i = 1; i <= n; i++)
        test(sprintf("%s-%s-%d", arch, seed, i))
}

function pick(k) { return int(rand() * k) }

# ---- the abstract test: T threads of ops ----
# op t,j: kind[t,j] R, W, X (an RMW: read then write) or N (AArch64: an
# RMW that returns nothing, ST<op>), loc[t,j] 1..3,
# val[t,j] the value written, dep[t,j] how it follows op j-1 (po, addr,
# data, ctrl, ctrlf, or F:fence), reg[t,j] the register loaded.
function test(name,    t, j, nl, nw, k, f) {
    T = 2 + (rand() < 0.35)
    nl = 2 + (rand() < 0.3)
    # AArch64: a fourth location w, an int pair (int w[2]), reached
    # only by the pair instructions (CASP, LDXP/STXP, LDIAPP/STILP,
    # LDPSW, LDP/STP)
    pairs = arch == "AArch64" && rand() < 0.3
    if (arch == "AArch64") a64_sizes()
    if (arch == "X86_64") x86_sizes()
    if (arch == "RISCV") rv_sizes()
    if (arch == "PPC") ppc_sizes()
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
            if (kind[t, j] == "X" && arch ~ /^(AArch64|X86_64)$/ && loc[t, j] != 4 && rand() < 0.25)
                kind[t, j] = "N"
            if (kind[t, j] != "R")
                val[t, j] = ++wrote[loc[t, j]]
            if (reads(t, j)) nld++
            xshape(t, j, nl)
            dep[t, j] = "po"
            if (j > 1) {
                r = rand()
                if (r < 0.4) dep[t, j] = "F:" fence()
                else if (r < 0.75 && reads(t, j - 1) && arch != "X86_64") {
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

# op t,j loads a register (a load, or an RMW that returns its value)
function reads(t, j) { return kind[t, j] == "R" || kind[t, j] == "X" }

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
    xloc[t, j] = 1 + (loc[t, j] + pick(nl - 1)) % nl
    # RISC-V has no lr/sc (nor AMO) of a byte or half-word
    if (arch == "RISCV" && (rsz[loc[t, j]] < 4 || rsz[xloc[t, j]] < 4)) return
    # nor Power a lwarx of another size (herd7 7.58 reads no ldarx)
    if (arch == "PPC" && (psz[loc[t, j]] != 4 || psz[xloc[t, j]] != 4)) return
    xs[t, j] = s
    if (s == "st") xval[t, j] = ++wrote[loc[t, j]]
    if (s == "sto") xval[t, j] = ++wrote[xloc[t, j]]
    if (s == "sxo") { wrote[loc[t, j]]--; val[t, j] = ++wrote[xloc[t, j]] }
}

function fence(   r, F) {
    r = rand()
    if (arch == "PPC") return r < 0.3 ? "sync" : r < 0.35 ? "hwsync" : r < 0.7 ? "lwsync" : r < 0.85 ? "eieio" : "isync"
    if (arch == "X86_64") return r < 0.6 ? "mfence" : r < 0.8 ? "lfence" : "sfence"
    if (arch == "ARM") {
        if (r < 0.8) return r < 0.4 ? "DMB" : r < 0.55 ? "DMB ST" : r < 0.7 ? "DSB" : "ISB"
        # only the domains where armfences.cat agrees with herd7 7.58
        # (it counts ISHST, OSH, OSHST and DSB ISH/OSH as their full
        # forms, where herd7 gives them no effect: fidelity.md, ARM)
        split("ISH NSH NSHST SY ST", F, " ")
        return r < 0.93 ? "DMB " F[1 + pick(5)] : "DSB " F[2 + pick(4)]
    }
    if (arch == "AArch64") return a64_fence(r)
    if (r < 0.9) return r < 0.3 ? "fence rw,rw" : r < 0.45 ? "fence r,rw" : r < 0.6 ? "fence rw,w" : r < 0.7 ? "fence r,r" : r < 0.8 ? "fence w,w" : "fence.tso"
    # (herd7 7.58 refuses `fence i,o`)
    split("w,r r,w w,rw rw,r fence fence.i iorw,iorw", F, " ")
    r = F[1 + pick(7)]
    return r ~ /^fence/ ? r : "fence " r
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
        s = xty[1] " x; " xty[2] " y; " xty[3] " z;"
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
    if (arch == "AArch64") a64_decls()
    if (arch == "RISCV") rv_decls()
    if (arch == "PPC") ppc_decls()
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
    skip_lab = ""
    if (d == "ctrl" || d == "ctrlf") ctrl(t, p, d == "ctrlf")
    if (reads(t, j)) {
        rd = ++nreg[t]
        lloc[++nloaded] = l
        lname[nloaded] = t ":" creg(rd)
    }
    sc_reg = ""
    access(t, kind[t, j], d, p, a, v, rd)
    if (skip_lab != "") emit(t, skip_lab ":")    # a branch over the access
    if (reads(t, j)) prev_reg = sc_reg != "" ? sc_reg : dreg(rd)
}

function ctrl(t, p, f,    lab) {
    lab = label(t)
    if (arch == "PPC") ppc_ctrl(t, p, f, lab)
    else if (arch == "ARM") arm_ctrl(t, p, f, lab)
    else if (arch == "AArch64") a64_ctrl(t, p, f, lab)
    else rv_ctrl(t, p, lab)
}

function access(t, k, d, p, a, v, rd) {
    if (arch == "PPC") ppc(t, k, d, p, a, v, rd)
    else if (arch == "X86_64") x86(t, k, d, p, a, v, rd)
    else if (arch == "ARM") arm(t, k, d, p, a, v, rd)
    else if (arch == "AArch64") a64(t, k, d, p, a, v, rd)
    else riscv(t, k, d, p, a, v, rd)
}

# ---- an exclusive pair's shapes (xshape) ----
# its load: the load-exclusive lx, or (nolx) a plain load
function xload(t, rd, a, lx) {
    if (xs[t, j_now] == "nolx") emit(t, xld(ldreg(rd, a), a))
    else emit(t, xlx(lx, ldreg(rd, a), a))
}

# what comes between the load- and the store-exclusive at a
function xmid(t, a,    s, o) {
    s = xs[t, j_now]
    o = locreg(xloc[t, j_now])
    if (s == "st") xst(t, xval[t, j_now], a)
    else if (s == "sto") xst(t, xval[t, j_now], o)
    else if (s == "ld") emit(t, xld(ldreg(xreg(t, loc[t, j_now]), a), a))
    else if (s == "lx2") emit(t, xlx(xlx_op(), ldreg(xreg(t, loc[t, j_now]), a), a))
    else if (s == "lxo") emit(t, xlx(xlx_op(), ldreg(xreg(t, xloc[t, j_now]), o), o))
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
    if (arch == "RISCV") { sub(/\.w/, "." wl(a), lx); return lx " " r ",0(" a ")" }
    if (arch == "AArch64") return lx bh(a) " " r ",[" a "]"
    return lx " " r ",[" a "]"
}

# the register a load of a into the k-th register writes (AArch64: an
# X register for an 8-byte location)
function ldreg(k, a) { return arch == "AArch64" ? a64_rt(k, a) : dreg(k) }

function xld(r, a) {
    if (arch == "PPC") return "l" pw(a) (asz[a] == 8 ? "" : "z") " " r ",0(" a ")"
    if (arch == "RISCV") return "l" wl(a) " " r ",0(" a ")"
    if (arch == "AArch64") return "LDR" bh(a) " " r ",[" a "]"
    return "LDR " r ",[" a "]"
}

# a plain store of v at a, through a scratch register
function xst(t, v, a) {
    if (arch == "PPC") { emit(t, "li r11," v); emit(t, "st" pw(a) " r11,0(" a ")") }
    else if (arch == "RISCV") { emit(t, "li x26," v); emit(t, "s" wl(a) " x26,0(" a ")") }
    else if (arch == "ARM") { emit(t, "MOV R4,#" v); emit(t, "STR R4,[" a "]") }
    else { emit(t, "MOV X19,#" v); emit(t, "STR" bh(a) " " a64_w(a) "19,[" a "]") }
}

