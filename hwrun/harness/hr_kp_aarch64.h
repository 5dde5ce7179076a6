/* hr_kp_aarch64.h — the kernel's primitives as arm64 Linux compiles them
 * (arch/arm64/include/asm/barrier.h, cmpxchg.h, atomic_ll_sc.h,
 * atomic_lse.h): dmb ish / ishld / ishst for the fences, ldar and stlr
 * for acquire and release, and read-modify-writes as LSE atomics (swp,
 * cas, ldadd with their a/l/al forms) when the compiler targets ARMv8.1
 * (-march=armv8.1-a), else LL/SC loops, whose fully ordered form is a
 * release store-exclusive then dmb ish, as the kernel writes it. Included
 * by hr_kp.h only. */
#ifndef HR_KP_AARCH64_H
#define HR_KP_AARCH64_H

#define kp_mb() __asm__ __volatile__("dmb ish" ::: "memory")
#define kp_rmb() __asm__ __volatile__("dmb ishld" ::: "memory")
#define kp_wmb() __asm__ __volatile__("dmb ishst" ::: "memory")
#define kp_before_atomic() kp_mb()
#define kp_after_atomic() kp_mb()
#define kp_after_spinlock() kp_mb()
#define kp_after_unlock_lock() kp_barrier()

/* w: the register prefix of the size ("w" for 32 bits, "" for 64) */
#define KP_A64_LDST(bits, T, w)                                              \
    static inline T kp_load_acquire_##bits(volatile T *p)                   \
    {                                                                        \
        T v;                                                                 \
        __asm__ __volatile__("ldar %" w "0, %1" : "=r"(v) : "Q"(*p)         \
                             : "memory");                                   \
        return v;                                                            \
    }                                                                        \
    static inline void kp_store_release_##bits(volatile T *p, T v)          \
    {                                                                        \
        __asm__ __volatile__("stlr %" w "1, %0" : "=Q"(*p) : "r"(v)         \
                             : "memory");                                   \
    }
KP_A64_LDST(32, uint32_t, "w")
KP_A64_LDST(64, uint64_t, "x")

#if defined(__ARM_FEATURE_ATOMICS)
#define HR_KP_ARCH "arm64 (LSE atomics)"
/* sfx: "" relaxed, "a" acquire, "l" release, "al" fully ordered */
/* deliberate likeness: kernels alike but for the instruction (inline asm). */
#define KP_A64_RMW(ord, bits, T, w, sfx)                                     \
    static inline T kp_xchg_##ord##_##bits(volatile T *p, T v)              \
    {                                                                        \
        T old;                                                               \
        __asm__ __volatile__("swp" sfx " %" w "2, %" w "0, %1"              \
                             : "=r"(old), "+Q"(*p) : "r"(v) : "memory");    \
        return old;                                                          \
    }                                                                        \
    static inline T kp_cmpxchg_##ord##_##bits(volatile T *p, T old, T new_) \
    {                                                                        \
        __asm__ __volatile__("cas" sfx " %" w "0, %" w "2, %1"              \
                             : "+r"(old), "+Q"(*p) : "r"(new_)              \
                             : "memory");                                   \
        return old;                                                          \
    }                                                                        \
    static inline T kp_fetch_add_##ord##_##bits(volatile T *p, T v)         \
    {                                                                        \
        T old;                                                               \
        __asm__ __volatile__("ldadd" sfx " %" w "2, %" w "0, %1"            \
                             : "=r"(old), "+Q"(*p) : "r"(v) : "memory");    \
        return old;                                                          \
    }
#define KP_A64_ORDER(ord, ld, st, sfx, mb)                                   \
    KP_A64_RMW(ord, 32, uint32_t, "w", sfx)                                  \
    KP_A64_RMW(ord, 64, uint64_t, "x", sfx)
#else
#define HR_KP_ARCH "arm64 (LL/SC atomics)"
/* ld/st: the exclusive pair of the order; mb: "dmb ish" after a fully
 * ordered one (skipped when a cmpxchg fails, as in the kernel) */
#define KP_A64_RMW(ord, bits, T, w, ld, st, mb)                              \
    static inline T kp_xchg_##ord##_##bits(volatile T *p, T v)              \
    {                                                                        \
        T old;                                                               \
        uint32_t tmp;                                                        \
        __asm__ __volatile__("1: " ld " %" w "0, %2\n\t"                    \
                             st " %w1, %" w "3, %2\n\t"                     \
                             "cbnz %w1, 1b\n\t" mb                          \
                             : "=&r"(old), "=&r"(tmp), "+Q"(*p) : "r"(v)    \
                             : "memory");                                   \
        return old;                                                          \
    }                                                                        \
    static inline T kp_cmpxchg_##ord##_##bits(volatile T *p, T old, T new_) \
    {                                                                        \
        T seen, tmp;                                                         \
        __asm__ __volatile__("1: " ld " %" w "0, %2\n\t"                    \
                             "eor %" w "1, %" w "0, %" w "3\n\t"            \
                             "cbnz %" w "1, 2f\n\t"                         \
                             st " %w1, %" w "4, %2\n\t"                     \
                             "cbnz %w1, 1b\n\t" mb "\n2:"                   \
                             : "=&r"(seen), "=&r"(tmp), "+Q"(*p)            \
                             : "r"(old), "r"(new_) : "memory");             \
        return seen;                                                         \
    }                                                                        \
    static inline T kp_fetch_add_##ord##_##bits(volatile T *p, T v)         \
    {                                                                        \
        T old, sum;                                                          \
        uint32_t tmp;                                                        \
        __asm__ __volatile__("1: " ld " %" w "0, %3\n\t"                    \
                             "add %" w "1, %" w "0, %" w "4\n\t"            \
                             st " %w2, %" w "1, %3\n\t"                     \
                             "cbnz %w2, 1b\n\t" mb                          \
                             : "=&r"(old), "=&r"(sum), "=&r"(tmp), "+Q"(*p) \
                             : "r"(v) : "memory");                          \
        return old;                                                          \
    }
#define KP_A64_ORDER(ord, ld, st, sfx, mb)                                   \
    KP_A64_RMW(ord, 32, uint32_t, "w", ld, st, mb)                           \
    KP_A64_RMW(ord, 64, uint64_t, "x", ld, st, mb)
#endif

KP_A64_ORDER(full, "ldxr", "stlxr", "al", "dmb ish")
KP_A64_ORDER(relaxed, "ldxr", "stxr", "", "")
KP_A64_ORDER(acquire, "ldaxr", "stxr", "a", "")
KP_A64_ORDER(release, "ldxr", "stlxr", "l", "")

#endif
