/* hr_arch.h — the harness's only per-machine code: the counter read by the
 * timed start (`-sync timebase`) and the spin-wait hint.
 *
 * HR_TICKS_NAME names the counter in the log. HR_TICKS_PROBE is 1 where
 * user space may be refused the counter (a generic timer, rdtime: it
 * depends on the kernel): the harness then tries one read
 * under a SIGILL handler before trusting it, and falls back to the spin
 * barrier, saying so in the log. */
#ifndef HR_ARCH_H
#define HR_ARCH_H

#include <stdint.h>

/* deliberate likeness: one counter read per machine (inline asm). */
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline uint64_t hr_ticks(void) { return __rdtsc(); }
static inline void hr_pause(void) { _mm_pause(); }
#define HR_TICKS_NAME "rdtsc"
#define HR_TICKS_PROBE 0

#elif defined(__aarch64__)
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
}
static inline void hr_pause(void) { __asm__ __volatile__("yield"); }
#define HR_TICKS_NAME "cntvct_el0"
#define HR_TICKS_PROBE 0

#elif defined(__powerpc64__)
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("mftb %0" : "=r"(v));
    return v;
}
/* `or 27,27,27`: the ISA's `yield` hint (a no-op elsewhere) */
static inline void hr_pause(void) { __asm__ __volatile__("or 27,27,27"); }
#define HR_TICKS_NAME "mftb"
#define HR_TICKS_PROBE 0

#elif defined(__arm__)
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrrc p15, 1, %Q0, %R0, c14" : "=r"(v)
                         : : "memory");
    return v;
}
static inline void hr_pause(void) { __asm__ __volatile__("yield"); }
#define HR_TICKS_NAME "CNTVCT"
#define HR_TICKS_PROBE 1

#elif defined(__riscv) && __riscv_xlen == 64
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("rdtime %0" : "=r"(v));
    return v;
}
static inline void hr_pause(void) {}
#define HR_TICKS_NAME "rdtime"
#define HR_TICKS_PROBE 1

#else
static inline uint64_t hr_ticks(void) { return 0; }
static inline void hr_pause(void) {}
#define HR_TICKS_NAME ""   /* none: always the spin barrier */
#define HR_TICKS_PROBE 0
#endif

#endif
