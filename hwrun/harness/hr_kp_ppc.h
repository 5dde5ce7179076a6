/* hr_kp_ppc.h — the kernel's primitives as 64-bit POWER Linux compiles
 * them (arch/powerpc/include/asm/barrier.h, synch.h, cmpxchg.h,
 * atomic.h): smp_mb is sync, smp_rmb and smp_wmb lwsync; an acquire load
 * is a load then lwsync, a release store lwsync then a store; each
 * read-modify-write is a lwarx/stwcx. (ldarx/stdcx.) loop, fully ordered
 * between two syncs, acquire with isync after, release with lwsync
 * before. Included by hr_kp.h only. */
#ifndef HR_KP_PPC_H
#define HR_KP_PPC_H

#define HR_KP_ARCH "POWER"
#define kp_mb() __asm__ __volatile__("sync" ::: "memory")
#define kp_rmb() __asm__ __volatile__("lwsync" ::: "memory")
#define kp_wmb() __asm__ __volatile__("lwsync" ::: "memory")
#define kp_before_atomic() kp_mb()
#define kp_after_atomic() kp_mb()
#define kp_after_spinlock() kp_mb()
#define kp_after_unlock_lock() kp_mb()

KP_FENCED_LDST_ALL("lwsync", "lwsync")

/* l/s/c: lwarx, stwcx., cmpw (or the d forms); pre/post: the order's
 * barriers around the loop */
#define KP_PPC_RMW(ord, bits, T, l, s, c, pre, post)                         \
    static inline T kp_xchg_##ord##_##bits(volatile T *p, T v)              \
    {                                                                        \
        T old;                                                               \
        __asm__ __volatile__(pre "1: " l " %0,0,%2\n\t"                     \
                             s " %3,0,%2\n\tbne- 1b" post                   \
                             : "=&r"(old), "+m"(*p) : "r"(p), "r"(v)        \
                             : "cc", "memory");                             \
        return old;                                                          \
    }                                                                        \
    static inline T kp_cmpxchg_##ord##_##bits(volatile T *p, T old, T new_) \
    {                                                                        \
        T seen;                                                              \
        __asm__ __volatile__(pre "1: " l " %0,0,%2\n\t"                     \
                             c " 0,%0,%3\n\tbne- 2f\n\t"                    \
                             s " %4,0,%2\n\tbne- 1b" post "\n2:"            \
                             : "=&r"(seen), "+m"(*p)                        \
                             : "r"(p), "r"(old), "r"(new_)                  \
                             : "cc", "memory");                             \
        return seen;                                                         \
    }                                                                        \
    static inline T kp_fetch_add_##ord##_##bits(volatile T *p, T v)         \
    {                                                                        \
        T old, sum;                                                          \
        __asm__ __volatile__(pre "1: " l " %0,0,%3\n\t"                     \
                             "add %1,%4,%0\n\t"                             \
                             s " %1,0,%3\n\tbne- 1b" post                   \
                             : "=&r"(old), "=&r"(sum), "+m"(*p)             \
                             : "r"(p), "r"(v) : "cc", "memory");            \
        return old;                                                          \
    }
#define KP_PPC_ORDER(ord, pre, post)                                         \
    KP_PPC_RMW(ord, 32, uint32_t, "lwarx", "stwcx.", "cmpw", pre, post)      \
    KP_PPC_RMW(ord, 64, uint64_t, "ldarx", "stdcx.", "cmpd", pre, post)
KP_PPC_ORDER(full, "sync\n", "\n\tsync")
KP_PPC_ORDER(relaxed, "", "")
KP_PPC_ORDER(acquire, "", "\n\tisync")
KP_PPC_ORDER(release, "lwsync\n", "")

#endif
