/* hr_kp_x86.h — the kernel's primitives as x86-64 Linux compiles them
 * (arch/x86/include/asm/barrier.h, cmpxchg.h, atomic.h): TSO needs a
 * fence only for smp_mb, a locked add to the stack (cheaper than mfence);
 * every read-modify-write is a locked instruction, fully ordered, so its
 * _relaxed/_acquire/_release forms are the same instruction. Included by
 * hr_kp.h only. */
#ifndef HR_KP_X86_H
#define HR_KP_X86_H

#define HR_KP_ARCH "x86-64"
#define kp_mb() __asm__ __volatile__("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#define kp_rmb() kp_barrier()
#define kp_wmb() kp_barrier()
/* locked instructions are full barriers already */
#define kp_before_atomic() kp_barrier()
#define kp_after_atomic() kp_barrier()
#define kp_after_spinlock() kp_barrier()
#define kp_after_unlock_lock() kp_barrier()

#define KP_X86_RMW(ord, bits, T, sfx)                                        \
    static inline T kp_xchg_##ord##_##bits(volatile T *p, T v)              \
    {                                                                        \
        __asm__ __volatile__("xchg" sfx " %0, %1"                           \
                             : "+r"(v), "+m"(*p) : : "memory");             \
        return v;                                                            \
    }                                                                        \
    static inline T kp_cmpxchg_##ord##_##bits(volatile T *p, T old, T new_) \
    {                                                                        \
        __asm__ __volatile__("lock; cmpxchg" sfx " %2, %1"                  \
                             : "+a"(old), "+m"(*p) : "r"(new_)              \
                             : "memory", "cc");                             \
        return old;                                                          \
    }                                                                        \
    static inline T kp_fetch_add_##ord##_##bits(volatile T *p, T v)         \
    {                                                                        \
        __asm__ __volatile__("lock; xadd" sfx " %0, %1"                     \
                             : "+r"(v), "+m"(*p) : : "memory", "cc");       \
        return v;                                                            \
    }

KP_FENCED_LDST_ALL("", "")   /* compiler barriers: TSO */
#define KP_X86_ORDER(ord)                                                    \
    KP_X86_RMW(ord, 32, uint32_t, "l")                                       \
    KP_X86_RMW(ord, 64, uint64_t, "q")
KP_X86_ORDER(full)
KP_X86_ORDER(relaxed)
KP_X86_ORDER(acquire)
KP_X86_ORDER(release)

#endif
