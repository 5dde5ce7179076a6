#!/bin/sh
# scale-gen.sh DIR — writes the large set of `make bench-model` into DIR:
# our own generated families of tests with many threads, locks, RCU and
# many writes to one location (issue 25), one .litmus file each, and
# DIR/list in the order they are timed. The families:
#   lockcnt-N    N threads each increment a counter under one spin lock
#                (Never: the counter ends at N), N = 2..6
#   locksb-N     store buffering in a ring of N threads, each pair's
#                store and load inside one common spin lock (Never),
#                N = 2..8; locksb2-N: two locks, alternate threads (the
#                ring crosses critical sections of different locks:
#                Sometimes)
#   rcu-GgRr     a cycle of G grace-period threads and R read-side
#                critical sections (Never when G >= R), up to 8 threads
#   cowr-TxW     one location, T threads each writing W values then
#                reading it (C and PPC; 3x2 and 6x2 also in AArch64,
#                ARM, RISC-V and x86): coherence orders only
#   mp-chain-N   message passing along N threads with release/acquire
#                (Never)
#   rcuring-N    a ring of N threads, grace periods and read-side
#                critical sections (the kernel's RCU chains), N = 10..16;
#                rcuwide-8 the same with more events than 64 and few
#                candidates
#   xchgheld-N   one thread takes an xchg lock, reads h and writes f
#                twice; N-1 take and release it, read f and write h
#                twice (the kernel's ManfredSpraul tests, whose lock
#                does not spin: Sometimes), N = 3, 4
dir=$1
[ -n "$dir" ] || { echo "usage: scale-gen.sh DIR" >&2; exit 2; }
mkdir -p "$dir" || exit 2
: > "$dir/list"

emit() {                        # emit NAME: stdin to DIR/NAME.litmus
    cat > "$dir/$1.litmus"
    echo "$dir/$1.litmus" >> "$dir/list"
}

# lockcnt-N
for n in 2 3 4 5 6; do
    {
        echo "C lockcnt-$n"; echo; echo "{}"; echo
        i=0
        while [ $i -lt $n ]; do
            printf 'P%d(int *cnt, spinlock_t *l)\n{\n\tint r0;\n\n' $i
            printf '\tspin_lock(l);\n\tr0 = READ_ONCE(*cnt);\n'
            printf '\tWRITE_ONCE(*cnt, r0 + 1);\n\tspin_unlock(l);\n}\n\n'
            i=$((i + 1))
        done
        echo "exists (~cnt=$n)"
    } | emit lockcnt-$n
done

# locksb-N and locksb2-N: thread i stores x_i, loads x_{i+1 mod N}
locksb() {                      # locksb NAME N LOCKS
    name=$1 n=$2 nl=$3
    {
        echo "C $name"; echo; echo "{}"; echo
        i=0 cond=
        while [ $i -lt $n ]; do
            j=$(( (i + 1) % n )) k=$((i % nl))
            printf 'P%d(int *x%d, int *x%d, spinlock_t *l%d)\n{\n\tint r0;\n\n' \
                $i $i $j $k
            printf '\tspin_lock(l%d);\n\tWRITE_ONCE(*x%d, 1);\n' $k $i
            printf '\tr0 = READ_ONCE(*x%d);\n\tspin_unlock(l%d);\n}\n\n' $j $k
            cond="$cond${cond:+ /\\ }$i:r0=0"
            i=$((i + 1))
        done
        echo "exists ($cond)"
    } | emit $name
}
for n in 2 3 4 5 6 7 8; do
    locksb locksb-$n $n 1
done
for n in 4 6 8; do
    locksb locksb2-$n $n 2
done

# rcu-GgRr: G threads `r = READ_ONCE(x_i); synchronize_rcu();
# WRITE_ONCE(x_i+1, 1)`, R threads the same inside rcu_read_lock/unlock,
# interleaved; the cycle: every read sees the previous thread's write.
# ring NAME PAD KIND...: thread i (of the KINDs, g or r) reads x_i and
# writes x_i+1, after PAD writes to a location y_i of its own
ring() {
    name=$1 pad=$2
    shift 2
    n=$#
    {
        echo "C $name"; echo; echo "{}"; echo
        i=0 cond=
        for kind in "$@"; do
            j=$(( (i + 1) % n ))
            if [ "$pad" -gt 0 ]; then
                printf 'P%d(int *x%d, int *x%d, int *y%d)\n{\n\tint r0;\n\n' \
                    $i $i $j $i
            else
                printf 'P%d(int *x%d, int *x%d)\n{\n\tint r0;\n\n' $i $i $j
            fi
            k=1
            while [ $k -le "$pad" ]; do
                printf '\tWRITE_ONCE(*y%d, %d);\n' $i $k; k=$((k + 1))
            done
            if [ "$kind" = g ]; then
                printf '\tr0 = READ_ONCE(*x%d);\n\tsynchronize_rcu();\n' $i
                printf '\tWRITE_ONCE(*x%d, 1);\n}\n\n' $j
            else
                printf '\trcu_read_lock();\n\tr0 = READ_ONCE(*x%d);\n' $i
                printf '\tWRITE_ONCE(*x%d, 1);\n\trcu_read_unlock();\n}\n\n' $j
            fi
            cond="$cond${cond:+ /\\ }$i:r0=1"
            i=$((i + 1))
        done
        echo "exists ($cond)"
    } | emit "$name"
}
rcu() {                         # rcu G R
    g=$1 r=$2 n=$(($1 + $2))
    i=0 gi=0 ri=0 kinds=
    while [ $i -lt $n ]; do
        # alternate while both kinds remain
        if [ $gi -lt $g ] && { [ $ri -ge $r ] || [ $((i % 2)) -eq 0 ]; }; then
            kinds="$kinds g" gi=$((gi + 1))
        else
            kinds="$kinds r" ri=$((ri + 1))
        fi
        i=$((i + 1))
    done
    ring rcu-$1g$2r 0 $kinds
}
for gr in "1 1" "1 2" "2 2" "2 3" "3 3" "3 4" "4 4"; do
    rcu $gr
done

# cowr-TxW in C: thread t writes t*W+1 .. t*W+W to x, then reads x
cowr_c() {                      # cowr_c T W
    t=$1 w=$2 name=cowr-c-$1x$2
    {
        echo "C $name"; echo; echo "{}"; echo
        i=0
        while [ $i -lt $t ]; do
            printf 'P%d(int *x)\n{\n\tint r0;\n\n' $i
            k=1
            while [ $k -le $w ]; do
                printf '\tWRITE_ONCE(*x, %d);\n' $((i * w + k))
                k=$((k + 1))
            done
            printf '\tr0 = READ_ONCE(*x);\n}\n\n'
            i=$((i + 1))
        done
        echo "exists (x=1 /\\ 0:r0=$(( (t - 1) * w + w )))"
    } | emit $name
}
cowr_ppc() {                    # cowr_ppc T W
    t=$1 w=$2 name=cowr-ppc-$1x$2
    # row FMT: one line of the T columns, FMT's %d thread i's value of
    # the expression given as $2 (in i and k)
    row() {
        i=0 line=
        while [ $i -lt $t ]; do
            line="$line${line:+ |} $(printf "$1" $(($2)))"; i=$((i + 1))
        done
        echo "$line ;"
    }
    {
        echo "PPC $name"
        printf '{ x=0;'
        i=0
        while [ $i -lt $t ]; do printf ' %d:r2=x;' $i; i=$((i + 1)); done
        echo ' }'
        row 'P%d' i
        k=1
        while [ $k -le $w ]; do
            row 'li r1,%d' 'i * w + k'
            row 'stw r1,0(r2)%.0s' 0
            k=$((k + 1))
        done
        row 'lwz r3,0(r2)%.0s' 0
        echo "exists (x=1 /\\ 0:r3=$(( (t - 1) * w + w )))"
    } | emit $name
}
for tw in "2 3" "3 3" "4 2" "4 3" "5 3" "6 2" "8 2"; do
    cowr_c $tw
    cowr_ppc $tw
done
# cowr-ARCH-TxW in the other assembly languages (register events on
# AArch64, po-loc ppo on x86: counted all the same)
cowr_asm() {                    # cowr_asm ARCH NAME T W
    arch=$1 t=$3 w=$4 name=cowr-$2-$3x$4
    case $arch in
    AArch64) reg=X2 li='MOV W1,#%d' st='STR W1,[X2]' ld='LDR W3,[X2]' r=X3 ;;
    ARM)     reg=R2 li='MOV R1,#%d' st='STR R1,[R2]' ld='LDR R3,[R2]' r=R3 ;;
    RISCV)   reg=x2 li='ori x1,x0,%d' st='sw x1,0(x2)' ld='lw x3,0(x2)' r=x3 ;;
    X86)     reg= li='MOV [x],$%d' st= ld='MOV EAX,[x]' r=EAX ;;
    esac
    {
        echo "$arch $name"
        printf '{ x=0;'
        i=0
        while [ $i -lt $t ] && [ -n "$reg" ]; do
            printf ' %d:%s=x;' $i $reg; i=$((i + 1))
        done
        echo ' }'
        line= i=0
        while [ $i -lt $t ]; do line="$line${line:+ |} P$i"; i=$((i + 1)); done
        echo "$line ;"
        k=1
        while [ $k -le $w ]; do
            line= i=0
            while [ $i -lt $t ]; do
                line="$line${line:+ |} $(printf "$li" $((i * w + k)))"
                i=$((i + 1))
            done
            echo "$line ;"
            if [ -n "$st" ]; then
                line= i=0
                while [ $i -lt $t ]; do line="$line${line:+ |} $st"; i=$((i + 1)); done
                echo "$line ;"
            fi
            k=$((k + 1))
        done
        line= i=0
        while [ $i -lt $t ]; do line="$line${line:+ |} $ld"; i=$((i + 1)); done
        echo "$line ;"
        echo "exists (x=1 /\\ 0:$r=$(( (t - 1) * w + w )))"
    } | emit $name
}
for tw in "3 2" "6 2"; do
    cowr_asm AArch64 a64 $tw
    cowr_asm ARM arm $tw
    cowr_asm RISCV rv $tw
    cowr_asm X86 x86 $tw
done

# mp-chain-N: P0 writes data and releases flag f1; Pi acquires f_i and
# releases f_i+1; the last reads data after acquiring f_N-1
for n in 3 5 8; do
    {
        echo "C mp-chain-$n"; echo; echo "{}"; echo
        printf 'P0(int *d, int *f1)\n{\n\tWRITE_ONCE(*d, 1);\n'
        printf '\tsmp_store_release(f1, 1);\n}\n\n'
        i=1 cond=
        while [ $i -lt $((n - 1)) ]; do
            printf 'P%d(int *f%d, int *f%d)\n{\n\tint r0;\n\n' $i $i $((i + 1))
            printf '\tr0 = smp_load_acquire(f%d);\n' $i
            printf '\tsmp_store_release(f%d, 1);\n}\n\n' $((i + 1))
            cond="$cond$i:r0=1 /\\ "
            i=$((i + 1))
        done
        printf 'P%d(int *f%d, int *d)\n{\n\tint r0;\n\tint r1;\n\n' $i $i
        printf '\tr0 = smp_load_acquire(f%d);\n\tr1 = READ_ONCE(*d);\n}\n\n' $i
        echo "exists (${cond}$i:r0=1 /\\ $i:r1=0)"
    } | emit mp-chain-$n
done

# rcuring-N: the kernel collection's RCU grace-period chains of up to 19
# threads (auto/C-RW-G+RW-R+...): a ring where thread i reads x_i and
# writes x_i+1, a grace period between them when i % 3 == 0 and a
# read-side critical section around them otherwise (fewer grace periods
# than readers: Sometimes). Each read sees 0 or 1, so 2^N states, one
# execution each: the cost is the cat model's per candidate, over 64
# events from 14 threads on (eval_wide.c). rcuwide-8: the 8-thread ring
# with four more writes per thread to a location of its own, 77 events
# for 256 candidates (herd7 answers it in seconds).
rcuring() {                     # rcuring NAME N PAD
    i=0 kinds=
    while [ $i -lt "$2" ]; do
        if [ $((i % 3)) -eq 0 ]; then kinds="$kinds g"; else kinds="$kinds r"; fi
        i=$((i + 1))
    done
    ring "$1" "$3" $kinds
}
for n in 10 12 14 16; do
    rcuring rcuring-$n $n 0
done
rcuring rcuwide-8 8 4

# xchgheld-N: P0 takes lock word a (xchg_acquire, no spinning), reads h,
# writes f 1 then 0 and releases a; P1..PN-1 take and release a, then
# read f and write h 1 then 0. h, written twice by each of them, has no
# rmw and the most solutions: the search's last location, judged a
# group of its solutions at a time (search.c, last_groups).
for n in 3 4; do
    {
        echo "C xchgheld-$n"; echo; echo "{}"; echo
        printf 'P0(int *a, int *f, int *h)
{
	int r0;
	int r1;

'
        printf '	r0 = xchg_acquire(a, 1);
	r1 = READ_ONCE(*h);
'
        printf '	WRITE_ONCE(*f, 1);
	WRITE_ONCE(*f, 0);
'
        printf '	smp_store_release(a, 0);
}

'
        seen="0:r1=1" held="0:r0=0"
        i=1
        while [ $i -lt $n ]; do
            printf 'P%d(int *a, int *f, int *h)
{
	int r1;
	int r2;

' $i
            printf '	r1 = xchg_acquire(a, 1);
	smp_store_release(a, 0);
'
            printf '	r2 = READ_ONCE(*f);
	WRITE_ONCE(*h, 1);
'
            printf '	WRITE_ONCE(*h, 0);
}

'
            seen="$seen \\/ $i:r2=1" held="$held /\\ $i:r1=0"
            i=$((i + 1))
        done
        echo "exists (($seen) /\\ $held)"
    } | emit xchgheld-$n
done
