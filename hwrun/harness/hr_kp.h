/* hr_kp.h — the Linux kernel's primitives in user space, for C litmus
 * tests compiled into the harness (litmuslab hwrun on a C test, our
 * answer to klitmus7 without a kernel module). Each target's header
 * (hr_kp_<file>.h, named by its hr_arch_<file>.h as HR_KP_FILE) gives
 * the few machine sequences the kernel uses there: smp_mb/rmb/wmb,
 * acquire loads, release stores, and xchg, cmpxchg and fetch-add in
 * the four orders (full, relaxed, acquire, release) for 32
 * and 64 bits. Everything else is built here from those, as the kernel's
 * generic code builds it: READ_ONCE/WRITE_ONCE, atomic_t, the spinlock
 * (the kernel's queued-spinlock fast path: cmpxchg_acquire 0->1, spin
 * while held, release store of 0) and RCU, whose grace periods are real
 * (a two-phase counter RCU, the algorithm of liburcu's "mb" flavour,
 * written here so that it works on every target, static and under
 * qemu-user, and in bundles copied to other machines).
 *
 * Only the generated test file includes this header. */
#ifndef HR_KP_H
#define HR_KP_H

#include <stdint.h>

#include "hr_arch.h"

#define kp_barrier() __asm__ __volatile__("" ::: "memory")

/* Acquire as a load then fence acq, release as fence rel then a store:
 * how a machine without acquire and release accesses writes them. */
#define KP_FENCED_LDST(bits, T, acq, rel)                                    \
    static inline T kp_load_acquire_##bits(volatile T *p)                   \
    {                                                                        \
        T v = *p;                                                            \
        __asm__ __volatile__(acq ::: "memory");                             \
        return v;                                                            \
    }                                                                        \
    static inline void kp_store_release_##bits(volatile T *p, T v)          \
    {                                                                        \
        __asm__ __volatile__(rel ::: "memory");                             \
        *p = v;                                                              \
    }
#define KP_FENCED_LDST_ALL(acq, rel)                                         \
    KP_FENCED_LDST(32, uint32_t, acq, rel)                                   \
    KP_FENCED_LDST(64, uint64_t, acq, rel)

/* The machine's sequences, in the header its hr_arch_<file>.h names. */
#ifdef HR_KP_FILE
#include HR_KP_FILE
#else
#error "litmuslab hwrun: no kernel primitives for this machine"
#endif

/* ---- plain marked accesses and fences ---- */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)                                                     \
    do {                                                                     \
        *(volatile __typeof__(x) *)&(x) = (v);                               \
    } while (0)
#define barrier() kp_barrier()
#define cpu_relax() hr_pause()
#define smp_mb() kp_mb()
#define smp_rmb() kp_rmb()
#define smp_wmb() kp_wmb()
#define smp_mb__before_atomic() kp_before_atomic()
#define smp_mb__after_atomic() kp_after_atomic()
#define smp_mb__after_spinlock() kp_after_spinlock()
#define smp_mb__after_unlock_lock() kp_after_unlock_lock()
/* a full barrier: hr_kp's srcu_read_unlock need not contain one */
#define smp_mb__after_srcu_read_unlock() smp_mb()
#define smp_store_mb(x, v)                                                   \
    do {                                                                     \
        WRITE_ONCE(x, v);                                                    \
        smp_mb();                                                            \
    } while (0)

/* An operation on *p sized by *p (int: 32 bits; long, pointer: the
 * machine's). Values pass through uintptr_t so pointers fit too. */
#define KP_W(x) ((uint64_t)(uintptr_t)(x))
#define smp_load_acquire(p)                                                  \
    ((__typeof__(*(p)))(uintptr_t)(                                          \
        sizeof(*(p)) == 8                                                    \
            ? kp_load_acquire_64((volatile uint64_t *)(p))                   \
            : (uint64_t)kp_load_acquire_32((volatile uint32_t *)(p))))
#define smp_store_release(p, v)                                              \
    do {                                                                     \
        if (sizeof(*(p)) == 8)                                               \
            kp_store_release_64((volatile uint64_t *)(p), KP_W(v));          \
        else                                                                 \
            kp_store_release_32((volatile uint32_t *)(p),                    \
                                (uint32_t)KP_W(v));                          \
    } while (0)

#define KP_XCHG(ord, p, v)                                                   \
    ((__typeof__(*(p)))(uintptr_t)(                                          \
        sizeof(*(p)) == 8                                                    \
            ? kp_xchg_##ord##_64((volatile uint64_t *)(p), KP_W(v))          \
            : (uint64_t)kp_xchg_##ord##_32((volatile uint32_t *)(p),         \
                                           (uint32_t)KP_W(v))))
#define KP_CMPXCHG(ord, p, o, n)                                             \
    ((__typeof__(*(p)))(uintptr_t)(                                          \
        sizeof(*(p)) == 8                                                    \
            ? kp_cmpxchg_##ord##_64((volatile uint64_t *)(p), KP_W(o),       \
                                    KP_W(n))                                 \
            : (uint64_t)kp_cmpxchg_##ord##_32((volatile uint32_t *)(p),      \
                                              (uint32_t)KP_W(o),             \
                                              (uint32_t)KP_W(n))))
#define xchg(p, v) KP_XCHG(full, p, v)
#define xchg_relaxed(p, v) KP_XCHG(relaxed, p, v)
#define xchg_acquire(p, v) KP_XCHG(acquire, p, v)
#define xchg_release(p, v) KP_XCHG(release, p, v)
#define cmpxchg(p, o, n) KP_CMPXCHG(full, p, o, n)
#define cmpxchg_relaxed(p, o, n) KP_CMPXCHG(relaxed, p, o, n)
#define cmpxchg_acquire(p, o, n) KP_CMPXCHG(acquire, p, o, n)
#define cmpxchg_release(p, o, n) KP_CMPXCHG(release, p, o, n)

/* ---- atomic_t, atomic_long_t and atomic64_t ---- */
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
typedef struct { long long counter; } atomic64_t;
#if defined(__LP64__)
#define KP_LONG_BITS 64
#else
#define KP_LONG_BITS 32
#endif
#define KP_CAT3(a, b, c) a##b##c
#define KP_OP(op, ord, bits) KP_CAT3(kp_##op##_##ord, _, bits)
#define KP_UT(bits) KP_CAT3(uint, bits, _t)

/* One order of one family: the value-returning operations. and/or/xor
 * and andnot are cmpxchg loops, as in the kernel's generic fallbacks. */
#define KP_ATOMIC_ORDER(pre, A, T, bits, sfx, ord)                           \
    static inline T pre##_fetch_add##sfx(T i, A *v)                          \
    {                                                                        \
        return (T)KP_OP(fetch_add, ord, bits)(                               \
            (volatile KP_UT(bits) *)&v->counter, (KP_UT(bits))i);            \
    }                                                                        \
    static inline T pre##_xchg##sfx(A *v, T i)                               \
    {                                                                        \
        return (T)KP_OP(xchg, ord, bits)(                                    \
            (volatile KP_UT(bits) *)&v->counter, (KP_UT(bits))i);            \
    }                                                                        \
    static inline T pre##_cmpxchg##sfx(A *v, T o, T n)                       \
    {                                                                        \
        return (T)KP_OP(cmpxchg, ord, bits)(                                 \
            (volatile KP_UT(bits) *)&v->counter, (KP_UT(bits))o,             \
            (KP_UT(bits))n);                                                 \
    }                                                                        \
    static inline T pre##_fetch_sub##sfx(T i, A *v)                          \
    {                                                                        \
        return pre##_fetch_add##sfx(-i, v);                                  \
    }                                                                        \
    static inline T pre##_add_return##sfx(T i, A *v)                         \
    {                                                                        \
        return pre##_fetch_add##sfx(i, v) + i;                               \
    }                                                                        \
    static inline T pre##_sub_return##sfx(T i, A *v)                         \
    {                                                                        \
        return pre##_fetch_add##sfx(-i, v) - i;                              \
    }                                                                        \
    static inline T pre##_fetch_inc##sfx(A *v)                               \
    {                                                                        \
        return pre##_fetch_add##sfx(1, v);                                   \
    }                                                                        \
    static inline T pre##_fetch_dec##sfx(A *v)                               \
    {                                                                        \
        return pre##_fetch_add##sfx(-1, v);                                  \
    }                                                                        \
    static inline T pre##_inc_return##sfx(A *v)                              \
    {                                                                        \
        return pre##_fetch_add##sfx(1, v) + 1;                               \
    }                                                                        \
    static inline T pre##_dec_return##sfx(A *v)                              \
    {                                                                        \
        return pre##_fetch_add##sfx(-1, v) - 1;                              \
    }                                                                        \
    KP_ATOMIC_LOOP(pre, A, T, sfx, and, o & i)                               \
    KP_ATOMIC_LOOP(pre, A, T, sfx, or, o | i)                                \
    KP_ATOMIC_LOOP(pre, A, T, sfx, xor, o ^ i)                               \
    KP_ATOMIC_LOOP(pre, A, T, sfx, andnot, o & ~i)
#define KP_ATOMIC_LOOP(pre, A, T, sfx, name, expr)                           \
    static inline T pre##_fetch_##name##sfx(T i, A *v)                       \
    {                                                                        \
        T o = READ_ONCE(v->counter), seen;                                   \
        while ((seen = pre##_cmpxchg##sfx(v, o, expr)) != o)                 \
            o = seen;                                                        \
        return o;                                                            \
    }

/* The void operations are relaxed (unordered) in the kernel. */
#define KP_ATOMIC_FAMILY(pre, A, T, bits)                                    \
    KP_ATOMIC_ORDER(pre, A, T, bits, , full)                                 \
    KP_ATOMIC_ORDER(pre, A, T, bits, _relaxed, relaxed)                      \
    KP_ATOMIC_ORDER(pre, A, T, bits, _acquire, acquire)                      \
    KP_ATOMIC_ORDER(pre, A, T, bits, _release, release)                      \
    static inline T pre##_read(const A *v) { return READ_ONCE(v->counter); } \
    static inline void pre##_set(A *v, T i) { WRITE_ONCE(v->counter, i); }   \
    static inline T pre##_read_acquire(const A *v)                           \
    {                                                                        \
        return smp_load_acquire(&v->counter);                                \
    }                                                                        \
    static inline void pre##_set_release(A *v, T i)                          \
    {                                                                        \
        smp_store_release(&v->counter, i);                                   \
    }                                                                        \
    static inline void pre##_add(T i, A *v) { pre##_fetch_add_relaxed(i, v); } \
    static inline void pre##_sub(T i, A *v) { pre##_fetch_sub_relaxed(i, v); } \
    static inline void pre##_inc(A *v) { pre##_fetch_add_relaxed(1, v); }    \
    static inline void pre##_dec(A *v) { pre##_fetch_add_relaxed(-1, v); }   \
    static inline void pre##_and(T i, A *v) { pre##_fetch_and_relaxed(i, v); } \
    static inline void pre##_or(T i, A *v) { pre##_fetch_or_relaxed(i, v); } \
    static inline void pre##_xor(T i, A *v) { pre##_fetch_xor_relaxed(i, v); } \
    static inline void pre##_andnot(T i, A *v)                               \
    {                                                                        \
        pre##_fetch_andnot_relaxed(i, v);                                    \
    }                                                                        \
    static inline int pre##_inc_and_test(A *v)                               \
    {                                                                        \
        return pre##_inc_return(v) == 0;                                     \
    }                                                                        \
    static inline int pre##_dec_and_test(A *v)                               \
    {                                                                        \
        return pre##_dec_return(v) == 0;                                     \
    }                                                                        \
    static inline int pre##_sub_and_test(T i, A *v)                          \
    {                                                                        \
        return pre##_sub_return(i, v) == 0;                                  \
    }                                                                        \
    static inline int pre##_add_negative(T i, A *v)                          \
    {                                                                        \
        return pre##_add_return(i, v) < 0;                                   \
    }                                                                        \
    /* adds a unless it reads u; ordered only when it adds */                \
    static inline int pre##_add_unless(A *v, T a, T u)                       \
    {                                                                        \
        T o = READ_ONCE(v->counter), seen;                                   \
        while (o != u && (seen = pre##_cmpxchg(v, o, o + a)) != o)           \
            o = seen;                                                        \
        return o != u;                                                       \
    }

KP_ATOMIC_FAMILY(atomic, atomic_t, int, 32)
KP_ATOMIC_FAMILY(atomic_long, atomic_long_t, long, KP_LONG_BITS)
KP_ATOMIC_FAMILY(atomic64, atomic64_t, long long, 64)

/* ---- the spinlock ---- */
typedef struct { uint32_t locked; } spinlock_t;

static inline int spin_trylock(spinlock_t *l)
{
    return !READ_ONCE(l->locked) &&
           kp_cmpxchg_acquire_32(&l->locked, 0, 1) == 0;
}
static inline void spin_lock(spinlock_t *l)
{
    while (kp_cmpxchg_acquire_32(&l->locked, 0, 1) != 0)
        while (READ_ONCE(l->locked))
            hr_pause();
}
static inline void spin_unlock(spinlock_t *l)
{
    kp_store_release_32(&l->locked, 0);
}
static inline int spin_is_locked(spinlock_t *l)
{
    return READ_ONCE(l->locked) != 0;
}

/* ---- RCU ----
 * Each harness thread has a reader word: 0 outside a read-side critical
 * section, else the grace-period phase it entered in plus its nesting
 * depth. synchronize_rcu flips the phase twice, each time waiting until
 * no thread is still inside a section begun in the old phase: a reader
 * that began before the call has then ended. Fences as liburcu's mb
 * flavour puts them (smp_mb at the outermost lock and unlock). */
#define KP_RCU_NEST 0xffffUL
#define KP_RCU_PHASE 0x10000UL
#define KP_MAX_THREADS 64
typedef struct {
    _Alignas(64) volatile unsigned long ctr;
} kp_reader;
static kp_reader kp_readers[KP_MAX_THREADS];
static volatile unsigned long kp_gp = 1;
static spinlock_t kp_gp_lock;
static __thread int kp_self;

static inline void kp_enter(int tid)
{
    kp_self = tid;
}
static inline void rcu_read_lock(void)
{
    volatile unsigned long *c = &kp_readers[kp_self].ctr;
    if (!(*c & KP_RCU_NEST)) {
        *c = kp_gp;   /* phase + a depth of 1 */
        kp_mb();
    } else {
        *c = *c + 1;
    }
}
static inline void rcu_read_unlock(void)
{
    volatile unsigned long *c = &kp_readers[kp_self].ctr;
    if ((*c & KP_RCU_NEST) == 1)
        kp_mb();
    *c = *c - 1;
}
static inline void kp_rcu_wait_phase(void)
{
    kp_gp ^= KP_RCU_PHASE;
    kp_mb();
    for (int k = 0; k < KP_MAX_THREADS; k++) {
        if (k == kp_self)
            continue;
        for (;;) {
            unsigned long c = kp_readers[k].ctr;
            if (!(c & KP_RCU_NEST) || !((c ^ kp_gp) & KP_RCU_PHASE))
                break;
            hr_pause();
        }
    }
    kp_mb();
}
static inline void synchronize_rcu(void)
{
    kp_mb();
    spin_lock(&kp_gp_lock);
    kp_rcu_wait_phase();
    kp_rcu_wait_phase();
    spin_unlock(&kp_gp_lock);
    kp_mb();
}
#define rcu_dereference(p) READ_ONCE(p)
#define rcu_assign_pointer(p, v) smp_store_release(&(p), (v))
#define rcu_access_pointer(p) READ_ONCE(p)
#define synchronize_rcu_expedited() synchronize_rcu()

/* SRCU: each srcu_struct is its own domain, one 64-bit word in the
 * instance: readers count in bits 0-15 (phase 0) or 16-31 (phase 1),
 * bit 32 the phase. A reader joins the current phase's count in one
 * cmpxchg, so once synchronize_srcu has flipped the phase no reader
 * joins the old count, and it waits for that count to drain. (The count
 * of the phase before was drained by the previous synchronize_srcu.) */
struct srcu_struct { uint64_t word; };
static spinlock_t kp_srcu_lock;   /* apart from RCU's: a reader may wait */
#define KP_SRCU_SHIFT(ph) (16 * (int)(ph))
static inline int srcu_read_lock(struct srcu_struct *s)
{
    volatile uint64_t *w = &s->word;
    uint64_t o = *w, seen;
    for (;;) {
        uint64_t n = o + (1ULL << KP_SRCU_SHIFT(o >> 32 & 1));
        if ((seen = kp_cmpxchg_full_64(w, o, n)) == o)
            break;
        o = seen;
    }
    kp_mb();
    return (int)(o >> 32 & 1);
}
static inline void srcu_read_unlock(struct srcu_struct *s, int idx)
{
    kp_mb();
    kp_fetch_add_relaxed_64(&s->word, -(1ULL << KP_SRCU_SHIFT(idx & 1)));
}
static inline void synchronize_srcu(struct srcu_struct *s)
{
    volatile uint64_t *w = &s->word;
    kp_mb();
    spin_lock(&kp_srcu_lock);
    uint64_t o = *w, seen;
    while ((seen = kp_cmpxchg_full_64(w, o, o ^ (1ULL << 32))) != o)
        o = seen;
    while ((*w >> KP_SRCU_SHIFT(o >> 32 & 1)) & 0xffff)
        hr_pause();
    spin_unlock(&kp_srcu_lock);
    kp_mb();
}

#endif
