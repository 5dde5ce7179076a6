/* hr_arch_arm.h — the harness's counter and pause on 32-bit Arm
 * machines, and the kernel primitives' header for C tests; it applies
 * only when the compiler builds for one. Included through hr_machines.h.
 * User space may be refused ARMv7's generic timer (the kernel decides):
 * HR_TICKS_PROBE 1. */
#if defined(__arm__)
/* deliberate likeness: one counter read per machine (inline asm). */
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
#define HR_KP_FILE "hr_kp_arm.h"
#endif
