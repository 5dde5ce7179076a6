/* hr_kp_riscv.h — the kernel's primitives as RISC-V Linux compiles them
 * (arch/riscv/include/asm/barrier.h, fence.h, cmpxchg.h, atomic.h):
 * fence rw,rw for smp_mb, fence r,r and w,w for smp_rmb and smp_wmb; an
 * acquire load is a load then fence r,rw, a release store fence rw,w
 * then a store; xchg and fetch-add are AMOs (.aqrl when fully ordered,
 * a fence r,rw after for acquire, a fence rw,w before for release);
 * cmpxchg is an lr/sc loop, fully ordered with sc.rl and a fence rw,rw
 * after. Included by hr_kp.h only. */
#ifndef HR_KP_RISCV_H
#define HR_KP_RISCV_H

#define HR_KP_ARCH "RISC-V"
#define kp_mb() __asm__ __volatile__("fence rw,rw" ::: "memory")
#define kp_rmb() __asm__ __volatile__("fence r,r" ::: "memory")
#define kp_wmb() __asm__ __volatile__("fence w,w" ::: "memory")
#define kp_before_atomic() kp_mb()
#define kp_after_atomic() kp_mb()
#define kp_after_spinlock()                                                  \
    __asm__ __volatile__("fence iorw,iorw" ::: "memory")
#define kp_after_unlock_lock() kp_barrier()

KP_FENCED_LDST_ALL("fence r,rw", "fence rw,w")

/* w: ".w" or ".d"; S: the signed type lr sign-extends to (cmpxchg
 * compares whole registers); amo: the AMO's ordering suffix; pre/post:
 * fences; sc: the store-conditional's suffix; cpost: cmpxchg's fence. */
/* deliberate likeness: kernels alike but for the instruction (inline asm). */
#define KP_RV_RMW(ord, bits, T, S, w, amo, pre, post, sc, cpost)            \
    static inline T kp_xchg_##ord##_##bits(volatile T *p, T v)              \
    {                                                                        \
        T old;                                                               \
        __asm__ __volatile__(pre "amoswap" w amo " %0, %2, %1" post         \
                             : "=r"(old), "+A"(*p) : "r"(v) : "memory");    \
        return old;                                                          \
    }                                                                        \
    static inline T kp_fetch_add_##ord##_##bits(volatile T *p, T v)         \
    {                                                                        \
        T old;                                                               \
        __asm__ __volatile__(pre "amoadd" w amo " %0, %2, %1" post          \
                             : "=r"(old), "+A"(*p) : "r"(v) : "memory");    \
        return old;                                                          \
    }                                                                        \
    static inline T kp_cmpxchg_##ord##_##bits(volatile T *p, T old, T new_) \
    {                                                                        \
        long seen, rc;                                                       \
        __asm__ __volatile__(pre "0: lr" w " %0, %2\n\t"                    \
                             "bne %0, %3, 1f\n\t"                           \
                             "sc" w sc " %1, %4, %2\n\t"                    \
                             "bnez %1, 0b" cpost "\n1:"                     \
                             : "=&r"(seen), "=&r"(rc), "+A"(*p)             \
                             : "r"((long)(S)old), "r"(new_) : "memory");    \
        return (T)seen;                                                      \
    }
#define KP_RV_ORDER(ord, amo, pre, post, sc, cpost)                          \
    KP_RV_RMW(ord, 32, uint32_t, int32_t, ".w", amo, pre, post, sc, cpost)   \
    KP_RV_RMW(ord, 64, uint64_t, int64_t, ".d", amo, pre, post, sc, cpost)
KP_RV_ORDER(full, ".aqrl", "", "", ".rl", "\n\tfence rw,rw")
KP_RV_ORDER(relaxed, "", "", "", "", "")
KP_RV_ORDER(acquire, "", "", "\n\tfence r,rw", "", "\n\tfence r,rw")
KP_RV_ORDER(release, "", "fence rw,w\n\t", "", "", "")

#endif
