/* hr_arch_aarch64.h — the harness's counter and pause on 64-bit Arm
 * machines, and the kernel primitives' header for C tests; it applies
 * only when the compiler builds for one. Included through hr_machines.h. */
#if defined(__aarch64__)
/* deliberate likeness: one counter read per machine (inline asm). */
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
}
static inline void hr_pause(void) { __asm__ __volatile__("yield"); }
#define HR_TICKS_NAME "cntvct_el0"
#define HR_TICKS_PROBE 0
#define HR_KP_FILE "hr_kp_aarch64.h"
#endif
