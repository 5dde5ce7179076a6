/* hr_arch_ppc.h — the harness's counter and pause on 64-bit Power
 * machines, and the kernel primitives' header for C tests; it applies
 * only when the compiler builds for one. Included through hr_machines.h. */
#if defined(__powerpc64__)
/* deliberate likeness: one counter read per machine (inline asm). */
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("mftb %0" : "=r"(v));
    return v;
}
/* `or 27,27,27`: the Power ISA's `yield` hint (a no-op elsewhere) */
static inline void hr_pause(void) { __asm__ __volatile__("or 27,27,27"); }
#define HR_TICKS_NAME "mftb"
#define HR_TICKS_PROBE 0
#define HR_KP_FILE "hr_kp_ppc.h"
#endif
