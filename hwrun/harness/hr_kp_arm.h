/* hr_kp_arm.h — the kernel's primitives as ARMv7 Linux compiles them
 * (arch/arm/include/asm/barrier.h, cmpxchg.h, atomic.h): dmb ish for
 * smp_mb and smp_rmb, dmb ishst for smp_wmb; acquire is a load then dmb
 * ish, release dmb ish then a store; each read-modify-write is an
 * ldrex/strex loop, fully ordered between two dmb ish, acquire with one
 * after, release with one before. 64-bit atomics (atomic64_t) are
 * ldrexd/strexd loops, which GCC's __atomic builtins write for ARMv7;
 * they are used here with the same barriers. Included by hr_kp.h only. */
#ifndef HR_KP_ARM_H
#define HR_KP_ARM_H

#define HR_KP_ARCH "ARMv7"
#define kp_mb() __asm__ __volatile__("dmb ish" ::: "memory")
#define kp_rmb() __asm__ __volatile__("dmb ish" ::: "memory")
#define kp_wmb() __asm__ __volatile__("dmb ishst" ::: "memory")
#define kp_before_atomic() kp_mb()
#define kp_after_atomic() kp_mb()
#define kp_after_spinlock() kp_barrier()   /* spin_lock ends with smp_mb */
#define kp_after_unlock_lock() kp_barrier()

KP_FENCED_LDST_ALL("dmb ish", "dmb ish")

#define KP_ARM_RMW(ord, pre, post)                                           \
    static inline uint32_t kp_xchg_##ord##_32(volatile uint32_t *p,         \
                                               uint32_t v)                   \
    {                                                                        \
        uint32_t old, tmp;                                                   \
        __asm__ __volatile__(pre "1: ldrex %0, [%3]\n\t"                    \
                             "strex %1, %4, [%3]\n\t"                       \
                             "teq %1, #0\n\tbne 1b" post                    \
                             : "=&r"(old), "=&r"(tmp), "+Qo"(*p)            \
                             : "r"(p), "r"(v) : "cc", "memory");            \
        return old;                                                          \
    }                                                                        \
    static inline uint32_t kp_cmpxchg_##ord##_32(volatile uint32_t *p,      \
                                                  uint32_t old,              \
                                                  uint32_t new_)             \
    {                                                                        \
        uint32_t seen, tmp;                                                  \
        __asm__ __volatile__(pre "1: ldrex %0, [%3]\n\t"                    \
                             "teq %0, %4\n\tbne 2f\n\t"                     \
                             "strex %1, %5, [%3]\n\t"                       \
                             "teq %1, #0\n\tbne 1b" post "\n2:"             \
                             : "=&r"(seen), "=&r"(tmp), "+Qo"(*p)           \
                             : "r"(p), "r"(old), "r"(new_)                  \
                             : "cc", "memory");                             \
        return seen;                                                         \
    }                                                                        \
    static inline uint32_t kp_fetch_add_##ord##_32(volatile uint32_t *p,    \
                                                    uint32_t v)              \
    {                                                                        \
        uint32_t old, sum, tmp;                                              \
        __asm__ __volatile__(pre "1: ldrex %0, [%4]\n\t"                    \
                             "add %1, %0, %5\n\t"                           \
                             "strex %2, %1, [%4]\n\t"                       \
                             "teq %2, #0\n\tbne 1b" post                    \
                             : "=&r"(old), "=&r"(sum), "=&r"(tmp),          \
                               "+Qo"(*p)                                    \
                             : "r"(p), "r"(v) : "cc", "memory");            \
        return old;                                                          \
    }                                                                        \
    static inline uint64_t kp_xchg_##ord##_64(volatile uint64_t *p,         \
                                               uint64_t v)                   \
    {                                                                        \
        __asm__ __volatile__(pre ::: "memory");                             \
        v = __atomic_exchange_n(p, v, __ATOMIC_RELAXED);                     \
        __asm__ __volatile__(post ::: "memory");                            \
        return v;                                                            \
    }                                                                        \
    static inline uint64_t kp_cmpxchg_##ord##_64(volatile uint64_t *p,      \
                                                  uint64_t old,              \
                                                  uint64_t new_)             \
    {                                                                        \
        __asm__ __volatile__(pre ::: "memory");                             \
        if (__atomic_compare_exchange_n(p, &old, new_, 0, __ATOMIC_RELAXED, \
                                        __ATOMIC_RELAXED))                   \
            __asm__ __volatile__(post ::: "memory");                        \
        return old;                                                          \
    }                                                                        \
    static inline uint64_t kp_fetch_add_##ord##_64(volatile uint64_t *p,    \
                                                    uint64_t v)              \
    {                                                                        \
        __asm__ __volatile__(pre ::: "memory");                             \
        v = __atomic_fetch_add(p, v, __ATOMIC_RELAXED);                      \
        __asm__ __volatile__(post ::: "memory");                            \
        return v;                                                            \
    }
KP_ARM_RMW(full, "dmb ish\n", "\n\tdmb ish")
KP_ARM_RMW(relaxed, "", "")
KP_ARM_RMW(acquire, "", "\n\tdmb ish")
KP_ARM_RMW(release, "dmb ish\n", "")

#endif
